/**
 * Coming to a match from a link: an open seat (`#/join/<id>`: anyone may take it) or an invite
 * (`#/m/<id>?token=…`: one seat kept for the guest). The guest is asked their name first, shown the game
 * and who is at the table, then sits down — except an invite to a seat the host has already named, which
 * goes straight to the table under that name. An invite whose token is not one of the match's seats says so.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../net/api.js';
import type { MatchInfo } from '../net/api.js';
import { nameOf, useGames } from '../net/games.js';
import { useLocale, useT } from '../i18n/index.js';
import { playerName, rememberSeat, setPlayerName } from '../storage.js';

function useMatch(id: string): MatchInfo | null {
  const [m, setM] = useState<MatchInfo | null>(null);
  useEffect(() => {
    let live = true;
    api.match(id).then(
      (x) => live && setM(x),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);
  return m;
}

function Seated({ match }: { match: MatchInfo | null }) {
  const t = useT();
  const names = (match?.seats ?? []).filter((s) => s.taken && s.name).map((s) => s.name!);
  if (!names.length) return null;
  return (
    <p>
      {t('join.seats')}: {names.join(', ')}
    </p>
  );
}

export function JoinPage({ matchId }: { matchId: string }) {
  const t = useT();
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const match = useMatch(matchId);
  const join = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setPlayerName(name);
      const r = await api.join(matchId, name.trim() || undefined);
      rememberSeat({
        match: matchId,
        game: r.match.game,
        seat: r.seat,
        token: r.token,
        name: name.trim(),
        at: new Date().toISOString(),
      });
      location.hash = `#/m/${matchId}`;
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <main className="lobby join">
      <Title match={match} />
      {error && (
        <p className="error" role="alert">
          {t('lobby.error', { message: error })}
        </p>
      )}
      <Seated match={match} />
      <form onSubmit={join} className="join-form">
        <label>
          {t('join.askName')}{' '}
          <input value={name} maxLength={40} autoFocus onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit">{t('lobby.join')}</button>
      </form>
    </main>
  );
}

function Title({ match }: { match: MatchInfo | null }) {
  const t = useT();
  const { locale } = useLocale();
  const { games } = useGames();
  return (
    <h1>{match ? t('join.invited', { game: nameOf(games, match.game, locale) }) : t('join.invitedMatch')}</h1>
  );
}

/** An invite link: the guest says their name, then the seat is remembered and the table opens. */
export function InvitePage({ matchId, token }: { matchId: string; token: string }) {
  const t = useT();
  const [name, setName] = useState(playerName());
  const match = useMatch(matchId);
  // The host may have named the seat already: then the guest goes straight to the table under that name.
  const [asking, setAsking] = useState<'checking' | 'ask' | 'bad'>('checking');
  const take = (seat: number, as: string, game = match?.game ?? '') => {
    rememberSeat({
      match: matchId,
      game,
      seat,
      token,
      name: as,
      at: new Date().toISOString(),
    });
    // The token leaves the address bar once remembered.
    location.replace(`#/m/${matchId}`);
  };
  useEffect(() => {
    let live = true;
    Promise.all([api.seatOf(matchId, token), api.match(matchId)]).then(
      ([s, m]) => {
        if (!live) return;
        if (s.name) take(s.seat, s.name, m.game);
        else setAsking('ask');
      },
      (e: unknown) => live && setAsking(e instanceof ApiError && e.status === 403 ? 'bad' : 'ask'),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matchId, token]);
  const sit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) setPlayerName(name.trim());
    take(-1, name.trim());
  };
  if (asking === 'checking') return <main className="lobby join" aria-busy="true" />;
  if (asking === 'bad')
    return (
      <main className="lobby join" data-testid="invite-bad">
        <Title match={match} />
        <p role="alert">{t('join.badInvite')}</p>
        <p>
          <a href="#/">{t('join.toLobby')}</a>
        </p>
      </main>
    );
  return (
    <main className="lobby join" data-testid="invite">
      <Title match={match} />
      <Seated match={match} />
      <form onSubmit={sit} className="join-form">
        <label>
          {t('join.askName')}{' '}
          <input
            value={name}
            maxLength={40}
            autoFocus
            autoComplete="nickname"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit">{t('join.sit')}</button>
      </form>
    </main>
  );
}
