/** Taking an open seat of a match, then going to its table. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { api } from '../net/api.js';
import { useT } from '../i18n/index.js';
import { playerName, rememberSeat, setPlayerName } from '../storage.js';

export function JoinPage({ matchId }: { matchId: string }) {
  const t = useT();
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const join = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setPlayerName(name);
      const r = await api.join(matchId, name || undefined);
      rememberSeat({
        match: matchId,
        game: r.match.game,
        seat: r.seat,
        token: r.token,
        name,
        at: new Date().toISOString(),
      });
      location.hash = `#/m/${matchId}`;
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <main className="lobby">
      <h1>{t('lobby.join')}</h1>
      {error && (
        <p className="error" role="alert">
          {t('lobby.error', { message: error })}
        </p>
      )}
      <form onSubmit={join}>
        <label>
          {t('lobby.yourName')}{' '}
          <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit">{t('lobby.join')}</button>
      </form>
    </main>
  );
}
