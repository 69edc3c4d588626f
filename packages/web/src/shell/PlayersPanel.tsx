/** Who sits where: name, seat shape (never colour alone), bot or human, connection; resigning. */
import { useT } from '../i18n/index.js';
import type { TableState } from '../net/connection.js';
import { RatingChanges } from '../account/pages.js';

export const SEAT_SHAPES = ['●', '■', '▲', '◆', '⬟', '✚'];

/** Whether a seat's player is connected: the live presence, else what the match info said. */
export function online(state: Pick<TableState, 'connected' | 'match'>, seat: number): boolean {
  return state.connected[seat] ?? state.match?.seats[seat]?.connected ?? false;
}

export function PlayersPanel({
  state,
  seatName,
  onResign,
  presence = true,
}: {
  state: TableState;
  seatName: (s: number) => string;
  /** Whether players are here or not (not in a replay). */
  presence?: boolean;
  /** Offered to a seated player while the game goes on. */
  onResign?: () => void;
}) {
  const t = useT();
  if (!state.match) return null;
  return (
    <section className="players" aria-label={t('table.players')} data-testid="players">
      <h2>{t('table.players')}</h2>
      {state.match.rated && <p className="rated-note">{t('table.rated')}</p>}
      <ul>
        {state.match.seats.map((s) => (
          <li key={s.seat} className={`seat-${s.seat}`}>
            <span aria-hidden="true" className="shape">
              {SEAT_SHAPES[s.seat % SEAT_SHAPES.length]}
            </span>{' '}
            {s.kind === 'open' && !s.taken ? (
              <i>{t('table.openSeat')}</i>
            ) : s.account ? (
              <a href={`#/p/${encodeURIComponent(s.account)}`} data-testid="player-link">
                {seatName(s.seat)}
              </a>
            ) : (
              seatName(s.seat)
            )}
            {s.seat === state.seat && presence ? ` (${t('table.you')})` : ''}
            {s.kind === 'bot'
              ? ` · ${t('table.bot')}`
              : (s.kind === 'open' && !s.taken) || !presence
                ? ''
                : ` · ${online(state, s.seat) ? t('table.online') : t('table.offline')}`}
            {state.waitingFor.includes(s.seat) ? ` · ${t('table.deciding')}` : ''}
          </li>
        ))}
      </ul>
      {state.match.rated &&
        (state.match.status === 'finished' || !!(state.view as { over?: unknown } | null)?.over) && (
          <RatingChanges matchId={state.match.id} />
        )}
      {onResign && (
        <button
          type="button"
          className="resign"
          onClick={() => {
            if (window.confirm(t('table.resignConfirm'))) onResign();
          }}
        >
          {t('table.resign')}
        </button>
      )}
    </section>
  );
}
