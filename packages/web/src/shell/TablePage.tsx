/** The table of any game: status bar, board (per game, or the generic text view), actions, players, log, chat. */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { TableConnection } from '../net/connection.js';
import { useLocale, useT } from '../i18n/index.js';
import { useGameClient } from '../games/registry.js';
import { nameOf, useGames } from '../net/games.js';
import { ActionBar } from './ActionBar.js';
import { LogPanel } from './LogPanel.js';
import { ChatPanel } from './ChatPanel.js';
import { PlayersPanel } from './PlayersPanel.js';
import { Announcer } from './Announcer.js';

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
  useEffect(() => {
    document.title = myTurn ? `● ${t('table.yourTurn')} — Tabula` : 'Tabula';
  }, [myTurn, t]);
  const [hideBoard] = useState(false);
  if (state.status === 'connecting' && !state.match) return <p role="status">{t('table.connecting')}</p>;
  if (client === null) return <p role="alert">{t('table.unknownGame', { game: state.match?.game ?? '' })}</p>;
  if (!state.match || !game) return <p role="status">{t('table.connecting')}</p>;
  if (state.match.status === 'open' && state.view === null)
    return (
      <main className="table">
        <h1>{state.match.name ?? state.match.game}</h1>
        <p role="status">{t('table.waitingStart')}</p>
        <PlayersPanel state={state} seatName={seatName} />
      </main>
    );
  const Board = client?.Board;
  const act = (a: unknown) => conn.act(a);
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
          {Board && !hideBoard ? (
            <Board game={game} conn={conn} state={state} seatName={seatName} act={act} />
          ) : (
            <pre className="text-view">{state.view ? game.renderText(state.view, locale, seatName) : ''}</pre>
          )}
        </main>
        <aside className="side">
          <PlayersPanel state={state} seatName={seatName} />
          <LogPanel game={game} state={state} seatName={seatName} />
          <ChatPanel conn={conn} state={state} seatName={seatName} />
        </aside>
      </div>
    </div>
  );
}
