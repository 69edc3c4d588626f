/** Live regions: new log lines (polite) and "your turn" / errors (assertive), for screen readers. */
import { useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '../i18n/index.js';
import type { TableState } from '../net/connection.js';
import type { TableProps } from './types.js';

export function Announcer({
  state,
  game,
  seatName,
}: {
  state: TableState;
  game: TableProps['game'];
  seatName: (s: number) => string;
}) {
  const { locale } = useLocale();
  const t = useT();
  const seen = useRef(state.log.length);
  const [polite, setPolite] = useState('');
  const [assertive, setAssertive] = useState('');
  useEffect(() => {
    const fresh = state.log.slice(seen.current);
    seen.current = state.log.length;
    if (!fresh.length) return;
    const lines = fresh.slice(-5).map((e) => game.formatEvent(e, locale, seatName));
    setPolite(lines.join('. ') + (fresh.length > 5 ? ` … +${fresh.length - 5}` : ''));
  }, [state.log.length]); // eslint-disable-line react-hooks/exhaustive-deps
  const myTurn = state.prompts.some((p) => !p.optional);
  useEffect(() => {
    if (myTurn) setAssertive(t('table.yourTurn'));
  }, [myTurn, state.v]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (state.error) setAssertive(t('table.error', { message: state.error.message }));
  }, [state.error]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="sr-only">
      <div aria-live="polite">{polite}</div>
      <div aria-live="assertive">{assertive}</div>
    </div>
  );
}
