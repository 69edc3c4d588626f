/**
 * Live regions: new log lines (polite) and "your turn" / errors (assertive), for screen readers.
 * The texts are written straight into the two regions after each render — no React state, so an
 * announcement never schedules another render while the table is busy updating.
 */
import { useEffect, useRef } from 'react';
import { useLocale, useT } from '../i18n/index.js';
import type { TableState } from '../net/connection.js';
import { joinSentences } from './sentences.js';
import type { TableProps } from './types.js';
import { UNDO_EVENT } from './LogPanel.js';

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
  const polite = useRef<HTMLDivElement>(null);
  const assertive = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const fresh = state.log.slice(seen.current);
    seen.current = state.log.length;
    if (!fresh.length || !polite.current) return;
    const lines = fresh
      .slice(-5)
      .map((e) =>
        e.key === UNDO_EVENT
          ? t('log.undo', { name: seatName(Number(e.params?.seat)) })
          : game.formatEvent(e, locale, seatName),
      );
    polite.current.textContent = joinSentences(lines) + (fresh.length > 5 ? ` … +${fresh.length - 5}` : '');
  }, [state.log.length]); // eslint-disable-line react-hooks/exhaustive-deps
  const myTurn = state.prompts.some((p) => !p.optional);
  useEffect(() => {
    if (myTurn && assertive.current) assertive.current.textContent = t('table.yourTurn');
  }, [myTurn, state.v]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (state.error && assertive.current)
      assertive.current.textContent = t('table.error', { message: state.error.message });
  }, [state.error]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="sr-only">
      <div aria-live="polite" ref={polite} />
      <div aria-live="assertive" ref={assertive} />
    </div>
  );
}
