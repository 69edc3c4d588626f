/**
 * The lobby's matches: one row per match (name, game, who sits where and which are bots, how far it has
 * come, whose turn or who won, the last move, the clock) with filters by game, status and "only mine";
 * the matches of bots among themselves are listed apart. Refreshed every 15 s while the lobby is open.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../net/api.js';
import type { MatchInfo } from '../net/api.js';
import { nameOf, useGames } from '../net/games.js';
import { useLocale, useT } from '../i18n/index.js';
import { mySeats } from '../storage.js';
import { SEAT_SHAPES } from '../shell/PlayersPanel.js';
import { ago, botLabel, clockText } from './words.js';

type Status = 'any' | 'open' | 'active' | 'finished';

const botsOnly = (m: MatchInfo) => m.seats.length > 0 && m.seats.every((s) => s.kind === 'bot');

export function MatchBrowser({ refresh }: { refresh: number }) {
  const t = useT();
  const { games } = useGames();
  const { locale } = useLocale();
  const [matches, setMatches] = useState<MatchInfo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const stored = mySeats();
  const [game, setGame] = useState('');
  const [status, setStatus] = useState<Status>('any');
  const [onlyMine, setOnlyMine] = useState(stored.length > 0);
  const [now, setNow] = useState(Date.now());

  useEffect(() => {
    let live = true;
    const load = () => {
      const ids = [...new Set(mySeats().map((s) => s.match))].slice(0, 100);
      Promise.all([
        ids.length ? api.list({ ids }) : Promise.resolve([]),
        api.list({ status: 'open' }),
        api.list({ status: 'active' }),
        api.list({ status: 'finished' }),
      ]).then(
        (lists) => {
          if (!live) return;
          const byId = new Map<string, MatchInfo>();
          for (const m of lists.flat()) byId.set(m.id, m);
          setMatches([...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)));
          setNow(Date.now());
          setError(null);
        },
        (e: Error) => live && setError(e.message),
      );
    };
    load();
    const id = setInterval(load, 15_000);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [refresh]);

  const mine = new Set(stored.map((s) => s.match));
  const fits = (m: MatchInfo) =>
    (!game || m.game === game) &&
    (status === 'any' || m.status === status || (status === 'finished' && m.status === 'abandoned'));
  const people = matches.filter((m) => !botsOnly(m) && fits(m) && (!onlyMine || mine.has(m.id)));
  const bots = matches.filter((m) => botsOnly(m) && fits(m));

  return (
    <>
      <section className="match-list" aria-labelledby="matches-h">
        <h2 id="matches-h">{t('lobby.matches')}</h2>
        <div className="filters" role="group" aria-label={t('lobby.filters')}>
          <label>
            {t('lobby.filter.game')}{' '}
            <select value={game} onChange={(e) => setGame(e.target.value)} data-testid="filter-game">
              <option value="">{t('lobby.filter.allGames')}</option>
              {games.map((g) => (
                <option key={g.id} value={g.id}>
                  {nameOf(games, g.id, locale)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('lobby.filter.status')}{' '}
            <select
              value={status}
              onChange={(e) => setStatus(e.target.value as Status)}
              data-testid="filter-status"
            >
              {(['any', 'open', 'active', 'finished'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`lobby.filter.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={onlyMine}
              onChange={(e) => setOnlyMine(e.target.checked)}
              data-testid="filter-mine"
            />{' '}
            {t('lobby.filter.mine')}
          </label>
        </div>
        {error && (
          <p className="error" role="alert">
            {t('lobby.error', { message: error })}
          </p>
        )}
        <Rows matches={people} mine={mine} now={now} />
      </section>
      <section className="match-list bot-matches" aria-labelledby="bot-matches-h">
        <h2 id="bot-matches-h">{t('lobby.botMatches')}</h2>
        <Rows matches={bots} mine={mine} now={now} />
      </section>
    </>
  );
}

function Rows({ matches, mine, now }: { matches: MatchInfo[]; mine: Set<string>; now: number }) {
  const t = useT();
  if (!matches.length) return <p className="none">{t('lobby.noneMatch')}</p>;
  return (
    <ul>
      {matches.map((m) => (
        <MatchRow key={m.id} m={m} mine={mine.has(m.id)} now={now} />
      ))}
    </ul>
  );
}

function MatchRow({ m, mine, now }: { m: MatchInfo; mine: boolean; now: number }) {
  const t = useT();
  const { messages } = useIntl();
  const { locale } = useLocale();
  const { games } = useGames();
  const gameName = nameOf(games, m.game, locale);
  const seatName = (s: number) => m.seats[s]?.name || t('table.player', { n: s + 1 });
  const hotseat = mySeats().some((s) => s.match === m.id && s.hotseat);
  const [href, label] =
    mine && (m.status === 'active' || m.status === 'open')
      ? [hotseat ? `#/hotseat/${m.id}` : `#/m/${m.id}`, t('lobby.resume')]
      : m.status === 'open'
        ? [`#/join/${m.id}`, t('lobby.join')]
        : m.status === 'finished'
          ? [`#/replay/${m.id}`, t('lobby.replay')]
          : [`#/m/${m.id}?watch=1`, t('lobby.watch')];
  const outcome = m.outcome as { winners?: number[] } | null;
  const facts: string[] = [];
  if (m.progress)
    facts.push(
      m.progress.of
        ? t('lobby.roundOf', { n: m.progress.round, of: m.progress.of })
        : t('lobby.round', { n: m.progress.round }),
    );
  if (m.status === 'active' && m.waitingFor.length)
    facts.push(t('lobby.turnOf', { names: m.waitingFor.map(seatName).join(', ') }));
  if (m.status === 'finished' && outcome?.winners?.length)
    facts.push(t('lobby.winners', { names: outcome.winners.map(seatName).join(', ') }));
  if (m.status === 'open')
    facts.push(t('lobby.seats', { taken: m.seats.filter((s) => s.taken).length, total: m.players }));
  facts.push(t('lobby.lastMove', { when: ago(m.updatedAt, locale, now) }));
  facts.push(clockText(t, m.clock));
  return (
    <li className="match-row" data-match={m.id} data-status={m.status} data-game={m.game}>
      <div className="match-title">
        <b>{m.name ?? gameName}</b>
        {m.name && <span> · {gameName}</span>}
        <span className={`chip status-${m.status}`}>{t(`lobby.status.${m.status}`)}</span>
        {mine && <span className="chip mine">{t('lobby.mine')}</span>}
      </div>
      <ul className="match-seats" aria-label={t('lobby.players')}>
        {m.seats.map((s) => (
          <li key={s.seat} className={`seat-${s.seat} ${m.waitingFor.includes(s.seat) ? 'to-play' : ''}`}>
            <span aria-hidden="true" className="shape">
              {SEAT_SHAPES[s.seat % SEAT_SHAPES.length]}
            </span>{' '}
            {s.kind === 'open' && !s.taken ? (
              <i>{t('lobby.openSeat')}</i>
            ) : (
              <>
                {seatName(s.seat)}
                {s.kind === 'bot' && (
                  <small>
                    {' '}
                    ({t('lobby.botTag')}
                    {s.bot ? `: ${botLabel(t, messages, s.bot).split(' — ')[0]}` : ''})
                  </small>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="match-facts">{facts.join(' · ')}</p>
      <a className="button" href={href}>
        {label}
      </a>
    </li>
  );
}
