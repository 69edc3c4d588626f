/**
 * The table of any game: status bar, board (per game, or the generic text view), actions, players, log,
 * chat. Before the match starts, its waiting room: the game's name, every seat with who sits there and
 * whether they are here, the creator's invite links, and starting at once with bots in the open seats.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { TableConnection } from '../net/connection.js';
import type { TableState } from '../net/connection.js';
import { api } from '../net/api.js';
import type { MatchInfo } from '../net/api.js';
import { useLocale, useT } from '../i18n/index.js';
import { useGameClient } from '../games/registry.js';
import { nameOf, useGames } from '../net/games.js';
import { seatsOf } from '../storage.js';
import { InviteLink } from '../lobby/Lobby.js';
import { ActionBar } from './ActionBar.js';
import { LogPanel } from './LogPanel.js';
import { ChatPanel } from './ChatPanel.js';
import { PlayersPanel, SEAT_SHAPES, online } from './PlayersPanel.js';
import { Announcer } from './Announcer.js';
import { setBaseTitle } from '../account/title.js';
import { TURNS_EVENT } from '../account/context.js';

export function useConnection(matchId: string, token: string | null, name?: string): TableConnection {
  // The connection closes itself when nothing is subscribed to it any more (see TableConnection).
  return useMemo(() => new TableConnection(matchId, token, name), [matchId, token, name]);
}

export function TablePage({
  matchId,
  token,
  name,
}: {
  matchId: string;
  token: string | null;
  name?: string;
}) {
  const conn = useConnection(matchId, token, name);
  const state = useSyncExternalStore(conn.subscribe, conn.getSnapshot);
  const { locale } = useLocale();
  const t = useT();
  const client = useGameClient(state.match?.game);
  const game = client?.game;
  const { games } = useGames();
  const seatName = (s: number) => {
    const info = state.match?.seats[s];
    return info?.name || t('table.player', { n: s + 1 });
  };
  const myTurn = state.prompts.some((p) => !p.optional);
  // A move at this table may change which of my matches wait for me (the header's count).
  useEffect(() => {
    window.dispatchEvent(new Event(TURNS_EVENT));
  }, [state.v]);
  useEffect(() => {
    setBaseTitle(myTurn ? `● ${t('table.yourTurn')} — Tabula` : 'Tabula');
  }, [myTurn, t]);
  if (state.status === 'connecting' && !state.match) return <p role="status">{t('table.connecting')}</p>;
  if (state.match && state.match.status === 'open' && state.view === null)
    return <WaitingRoom state={state} />;
  if (client === null) return <p role="alert">{t('table.unknownGame', { game: state.match?.game ?? '' })}</p>;
  if (!state.match || !game) return <p role="status">{t('table.connecting')}</p>;
  const Board = client?.Board;
  const act = (a: unknown) => conn.act(a);
  const over = state.match.status === 'finished' || !!(state.view as { over?: unknown } | null)?.over;
  return (
    <div
      className={`table ${myTurn ? 'my-turn' : ''}`}
      data-testid="table"
      data-seat={state.seat}
      data-version={state.v}
    >
      <Announcer state={state} game={game} seatName={seatName} />
      {state.status !== 'open' && (
        <p className="banner" role="status">
          {t('table.reconnecting')}
        </p>
      )}
      <ActionBar game={game} conn={conn} state={state} seatName={seatName} act={act} hasBoard={!!Board} />
      <div className="table-body">
        <main className="board" aria-label={nameOf(games, game.id, locale)}>
          {Board ? (
            <Board game={game} conn={conn} state={state} seatName={seatName} act={act} />
          ) : (
            <pre className="text-view" tabIndex={0}>
              {state.view ? game.renderText(state.view, locale, seatName) : ''}
            </pre>
          )}
        </main>
        <aside className="side">
          <PlayersPanel
            state={state}
            seatName={seatName}
            onResign={state.seat >= 0 && !over ? () => conn.resign() : undefined}
          />
          <LogPanel game={game} log={state.log} seatName={seatName} />
          <ChatPanel conn={conn} state={state} seatName={seatName} />
        </aside>
      </div>
    </div>
  );
}

/**
 * Before the start: the match's and game's names, every seat (name, bot, open, here or not), the
 * creator's invite links with a copy button, the link for open seats, and (for the creator) starting
 * now. The server tells a waiting table nothing when a seat is taken, so the seats are asked for again
 * every few seconds.
 */
function WaitingRoom({ state }: { state: TableState }) {
  const t = useT();
  const { locale } = useLocale();
  const { games } = useGames();
  const [match, setMatch] = useState<MatchInfo>(state.match!);
  const [error, setError] = useState<string | null>(null);
  const id = match.id;
  useEffect(() => {
    let live = true;
    const poll = () =>
      api.match(id).then(
        (m) => live && setMatch(m),
        () => undefined,
      );
    const timer = setInterval(poll, 3000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [id]);
  const stored = seatsOf(id);
  const host = stored.find((s) => s.host);
  const invites = stored.find((s) => s.invites)?.invites ?? [];
  const gameName = nameOf(games, match.game, locale);
  const here = (seat: number) => seat === state.seat || online({ connected: state.connected, match }, seat);
  const url = (hash: string) => `${location.origin}/${hash}`;
  const open = match.seats.some((s) => s.kind === 'open' && !s.taken);
  return (
    <main className="table waiting lobby" data-testid="waiting">
      <h1>{match.name ? `${match.name} — ${gameName}` : t('table.waitingTitle', { game: gameName })}</h1>
      <p role="status">{t('table.waitingStart')}</p>
      {error && (
        <p className="error" role="alert">
          {t('lobby.error', { message: error })}
        </p>
      )}
      <ul className="waiting-seats" aria-label={t('table.players')}>
        {match.seats.map((s) => {
          const invite = invites.find((i) => i.seat === s.seat && i.seat !== state.seat);
          return (
            <li key={s.seat} className={`seat-${s.seat}`} data-seat={s.seat}>
              <span aria-hidden="true" className="shape">
                {SEAT_SHAPES[s.seat % SEAT_SHAPES.length]}
              </span>{' '}
              <b>
                {s.kind === 'open' && !s.taken ? (
                  <i>{t('table.openSeat')}</i>
                ) : (
                  s.name || <i>{t('table.invited')}</i>
                )}
              </b>
              {s.seat === state.seat ? ` (${t('table.you')})` : ''}
              {s.kind === 'bot'
                ? ` · ${t('table.bot')}`
                : s.taken
                  ? ` · ${here(s.seat) ? t('table.online') : t('table.offline')}`
                  : ''}
              {invite && !here(s.seat) && (
                <div className="seat-invite">
                  <InviteLink
                    label={t('table.inviteOf', { n: s.seat + 1 })}
                    url={url(`#/m/${id}?token=${encodeURIComponent(invite.token)}`)}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {open && <InviteLink label={t('table.joinLink')} url={url(`#/join/${id}`)} />}
      {host?.host && open && (
        <p>
          <button
            type="button"
            onClick={() =>
              api.start(id, host.host!).then(
                () => undefined,
                (e: Error) => setError(e.message),
              )
            }
          >
            {t('table.startNow')}
          </button>
        </p>
      )}
      <p>
        <a href="#/">{t('replay.back')}</a>
      </p>
    </main>
  );
}
