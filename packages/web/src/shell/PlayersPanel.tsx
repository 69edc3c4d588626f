/** Who sits where: name, seat shape (never colour alone), bot or human, connection. */
import { useT } from '../i18n/index.js';
import type { TableState } from '../net/connection.js';

export const SEAT_SHAPES = ['●', '■', '▲', '◆', '⬟', '✚'];

export function PlayersPanel({ state, seatName }: { state: TableState; seatName: (s: number) => string }) {
  const t = useT();
  if (!state.match) return null;
  return (
    <section className="players" aria-label={t('table.players')}>
      <h2>{t('table.players')}</h2>
      <ul>
        {state.match.seats.map((s) => (
          <li key={s.seat} className={`seat-${s.seat}`}>
            <span aria-hidden="true" className="shape">
              {SEAT_SHAPES[s.seat % SEAT_SHAPES.length]}
            </span>{' '}
            {seatName(s.seat)}
            {s.seat === state.seat ? ` (${t('table.you')})` : ''}
            {s.kind === 'bot'
              ? ` · ${t('table.bot')}`
              : ` · ${state.connected[s.seat] ? t('table.online') : t('table.offline')}`}
            {state.waitingFor.includes(s.seat) ? ` · ${t('table.deciding')}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
