/**
 * Hotseat: several seats of one match at one screen. Each seat has its own connection; when the
 * decision passes to another seat, a "pass the device" screen hides the previous player's hand.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { TableConnection } from '../net/connection.js';
import { seatsOf } from '../storage.js';
import { useT } from '../i18n/index.js';
import { TablePage } from './TablePage.js';

export function HotseatPage({ matchId }: { matchId: string }) {
  const t = useT();
  const seats = useMemo(
    () =>
      seatsOf(matchId)
        .filter((s) => s.hotseat)
        .sort((a, b) => a.seat - b.seat),
    [matchId],
  );
  // One watcher connection (the first seat) tells whose decision it is.
  const watcher = useMemo(
    () => (seats[0] ? new TableConnection(matchId, seats[0].token) : null),
    [matchId, seats],
  );
  const st = useSyncExternalStore(
    watcher?.subscribe ?? (() => () => {}),
    watcher?.getSnapshot ?? (() => null),
  );
  const [current, setCurrent] = useState<number | null>(null);
  const [revealed, setRevealed] = useState<number | null>(null);
  const mySeatNumbers = seats.map((s) => s.seat);
  const next = st?.waitingFor.find((s) => mySeatNumbers.includes(s)) ?? null;
  useEffect(() => {
    if (next !== null && next !== current) setCurrent(next);
  }, [next, current]);
  if (!seats.length) return <p role="alert">{t('hotseat.none')}</p>;
  // Until the watcher knows whose decision it is, name nobody: guessing the first seat would show
  // "pass the device to player 1" for a moment and then switch to the seat that really decides.
  if (!st || (st.v < 0 && st.status !== 'failed')) return <p role="status">{t('table.connecting')}</p>;
  // The seat that decides now, in this very render (the effect above only remembers it for when
  // a seat of another screen or a bot decides next).
  const seat = next ?? current ?? seats[0]!.seat;
  const token = seats.find((s) => s.seat === seat)!.token;
  if (revealed !== seat)
    return (
      <main className="pass-device" data-testid="pass-device">
        <h1>{t('hotseat.pass', { n: seat + 1 })}</h1>
        <p>{t('hotseat.hidden')}</p>
        <button type="button" autoFocus onClick={() => setRevealed(seat)}>
          {t('hotseat.ready', { n: seat + 1 })}
        </button>
      </main>
    );
  return <TablePage key={`${matchId}:${seat}`} matchId={matchId} token={token} />;
}
