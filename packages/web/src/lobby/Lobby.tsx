/** The lobby: create a match (seats, bots, clock, options), invite links, my matches, open and finished matches. */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../net/api.js';
import type { CreatedMatch, MatchInfo } from '../net/api.js';
import { nameOf, useGames } from '../net/games.js';
import { OptionsForm } from './OptionsForm.js';
import { useLocale, useT } from '../i18n/index.js';
import { mySeats, playerName, rememberSeat, setPlayerName } from '../storage.js';

type Kind = 'human' | 'open' | 'bot';

export function Lobby() {
  const t = useT();
  const { locale } = useLocale();
  const botNames = useIntl().messages;
  const { games, error: gamesError } = useGames();
  const [chosen, setGame] = useState<string | null>(null);
  const game = chosen ?? games[0]?.id ?? '';
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [players, setPlayers] = useState(4);
  const [kinds, setKinds] = useState<Kind[]>(['human', 'bot', 'bot', 'bot']);
  const [bots, setBots] = useState<string[]>([]);
  const [clock, setClock] = useState<'none' | 'realtime' | 'turn'>('none');
  const [hotseat, setHotseat] = useState(false);
  const [name, setName] = useState(playerName());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedMatch | null>(null);
  const [lists, setLists] = useState<{
    mine: MatchInfo[];
    open: MatchInfo[];
    active: MatchInfo[];
    finished: MatchInfo[];
  }>({ mine: [], open: [], active: [], finished: [] });

  useEffect(() => {
    if (gamesError) setError(gamesError);
  }, [gamesError]);
  const refresh = () => {
    const ids = [...new Set(mySeats().map((s) => s.match))];
    Promise.all([
      ids.length ? api.list({ ids }) : Promise.resolve([]),
      api.list({ status: 'open' }),
      api.list({ status: 'active' }),
      api.list({ status: 'finished' }),
    ]).then(
      ([mine, open, active, finished]) => setLists({ mine, open, active, finished }),
      (e: Error) => setError(e.message),
    );
  };
  useEffect(refresh, []);
  const info = games.find((g) => g.id === game);
  useEffect(() => {
    setKinds((k) => Array.from({ length: players }, (_, i) => k[i] ?? 'bot'));
    // The strongest bot the game has (the last of its levels) by default.
    setBots((b) => Array.from({ length: players }, (_, i) => b[i] ?? info?.bots.at(-1) ?? 'random'));
  }, [players, info]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setPlayerName(name);
      const seats = kinds.map((k, i) =>
        k === 'bot'
          ? { kind: k, bot: bots[i] }
          : { kind: k, name: i === 0 || hotseat ? name || undefined : undefined },
      );
      const c = await api.create({
        game,
        players,
        seats,
        options,
        clock:
          clock === 'none'
            ? { mode: 'none' }
            : clock === 'realtime'
              ? { mode: 'realtime', seconds: 60 }
              : { mode: 'turn', hours: 24 },
      });
      const humans = c.seats.filter((s) => s.token);
      humans.forEach((s, i) => {
        if (i === 0 || hotseat)
          rememberSeat({
            match: c.id,
            game,
            seat: s.seat,
            token: s.token!,
            name,
            at: new Date().toISOString(),
            host: c.hostToken,
            hotseat,
          });
      });
      if (hotseat && humans.length > 1) location.hash = `#/hotseat/${c.id}`;
      else setCreated(c);
      refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const inviteUrl = (id: string, token: string) =>
    `${location.origin}/#/m/${id}?token=${encodeURIComponent(token)}`;
  const mine = mySeats();

  return (
    <main className="lobby">
      <h1>{t('lobby.title')}</h1>
      {error && (
        <p className="error" role="alert">
          {t('lobby.error', { message: error })}
        </p>
      )}
      <label>
        {t('lobby.yourName')}{' '}
        <input
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          autoComplete="nickname"
        />
      </label>
      <form className="new-match" onSubmit={create} aria-labelledby="new-match">
        <h2 id="new-match">{t('lobby.newMatch')}</h2>
        <label>
          {t('lobby.game')}{' '}
          <select
            value={game}
            onChange={(e) => {
              setGame(e.target.value);
              setOptions({});
            }}
          >
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name[locale]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('lobby.players')}{' '}
          <select value={players} onChange={(e) => setPlayers(Number(e.target.value))}>
            {Array.from(
              { length: (info?.maxSeats ?? 6) - (info?.minSeats ?? 2) + 1 },
              (_, i) => (info?.minSeats ?? 2) + i,
            ).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>{t('lobby.players')}</legend>
          {kinds.map((k, i) => (
            <div key={i} className="seat-row">
              <label>
                {t('lobby.seat', { n: i + 1 })}{' '}
                <select
                  value={k}
                  onChange={(e) => setKinds(kinds.map((x, j) => (j === i ? (e.target.value as Kind) : x)))}
                >
                  <option value="human">{t('lobby.kind.human')}</option>
                  <option value="open">{t('lobby.kind.open')}</option>
                  <option value="bot">{t('lobby.kind.bot')}</option>
                </select>
              </label>
              {k === 'bot' && (
                <select
                  aria-label={`${t('lobby.seat', { n: i + 1 })}: ${t('lobby.kind.bot')}`}
                  value={bots[i]}
                  onChange={(e) => setBots(bots.map((x, j) => (j === i ? e.target.value : x)))}
                >
                  {(info?.bots ?? ['random']).map((b) => (
                    <option key={b} value={b}>
                      {botNames[`lobby.bot.${b}`] ? t(`lobby.bot.${b}`) : b}
                    </option>
                  ))}
                </select>
              )}
            </div>
          ))}
        </fieldset>
        <label>
          <input type="checkbox" checked={hotseat} onChange={(e) => setHotseat(e.target.checked)} />{' '}
          {t('lobby.hotseat')}
        </label>
        <label>
          {t('lobby.clock')}{' '}
          <select value={clock} onChange={(e) => setClock(e.target.value as typeof clock)}>
            <option value="none">{t('lobby.clock.none')}</option>
            <option value="realtime">{t('lobby.clock.realtime', { n: 60 })}</option>
            <option value="turn">{t('lobby.clock.turn', { n: 24 })}</option>
          </select>
        </label>
        {info && (
          <OptionsForm
            game={info}
            players={players}
            values={options}
            onChange={(v, fixedPlayers) => {
              setOptions(v);
              if (fixedPlayers !== undefined) setPlayers(fixedPlayers);
            }}
          />
        )}
        <button type="submit" disabled={busy}>
          {busy ? t('lobby.creating') : t('lobby.create')}
        </button>
      </form>
      {created && (
        <section aria-labelledby="invites">
          <h2 id="invites">{t('lobby.invites')}</h2>
          <ul>
            {created.seats
              .filter((s) => s.token)
              .map((s) => (
                <li key={s.seat}>
                  {t('lobby.seat', { n: s.seat + 1 })}:{' '}
                  <input
                    readOnly
                    value={inviteUrl(created.id, s.token!)}
                    aria-label={t('lobby.seat', { n: s.seat + 1 })}
                  />{' '}
                  <button
                    type="button"
                    onClick={() => void navigator.clipboard?.writeText(inviteUrl(created.id, s.token!))}
                  >
                    {t('lobby.copy')}
                  </button>
                </li>
              ))}
          </ul>
          <a className="button" href={`#/m/${created.id}`}>
            {t('lobby.open')}
          </a>
        </section>
      )}
      <MatchList
        title={t('lobby.myMatches')}
        matches={lists.mine}
        action={(m) =>
          mine.some((s) => s.match === m.id && s.hotseat) ? `#/hotseat/${m.id}` : `#/m/${m.id}`
        }
        label={t('lobby.resume')}
      />
      <MatchList
        title={t('lobby.openMatches')}
        matches={lists.open}
        action={(m) => `#/join/${m.id}`}
        label={t('lobby.join')}
      />
      <MatchList
        title={t('lobby.liveMatches')}
        matches={lists.active}
        action={(m) => `#/m/${m.id}?watch=1`}
        label={t('lobby.watch')}
      />
      <MatchList
        title={t('lobby.finished')}
        matches={lists.finished}
        action={(m) => `#/m/${m.id}?watch=1`}
        label={t('lobby.replay')}
      />
    </main>
  );
}

function MatchList({
  title,
  matches,
  action,
  label,
}: {
  title: string;
  matches: MatchInfo[];
  action: (m: MatchInfo) => string;
  label: string;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { games } = useGames();
  return (
    <section className="match-list" aria-label={title}>
      <h2>{title}</h2>
      {matches.length === 0 ? (
        <p>{t('lobby.none')}</p>
      ) : (
        <ul>
          {matches.map((m) => (
            <li key={m.id}>
              <b>{m.name ?? nameOf(games, m.game, locale)}</b> — {t(`lobby.status.${m.status}`)} —{' '}
              {t('lobby.seats', { taken: m.seats.filter((s) => s.taken).length, total: m.players })}{' '}
              <a className="button" href={action(m)}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
