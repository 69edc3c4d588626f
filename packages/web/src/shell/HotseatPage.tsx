/**
 * Hotseat: several seats of one match at one screen. Each seat has its own connection; when the
 * decision passes to another seat, a "pass the device" screen hides the previous player's hand.
 */
import { useEffect, useMemo, useState } from 'react';
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
  // A watcher connection per seat of this screen tells whose decision it is: the seats the game waits
  // for are public, but a response window names nobody (`Prompt.window`), so only each seat's own prompts
  // tell which of them is asked.
  const watchers = useMemo(() => seats.map((s) => new TableConnection(matchId, s.token)), [matchId, seats]);
  const [, setTick] = useState(0);
  useEffect(() => {
    const offs = watchers.map((w) => w.subscribe(() => setTick((n) => n + 1)));
    return () => offs.forEach((off) => off());
  }, [watchers]);
  const st = watchers[0]?.getSnapshot() ?? null;
  const [current, setCurrent] = useState<number | null>(null);
  const [revealed, setRevealed] = useState<number | null>(null);
  const mySeatNumbers = seats.map((s) => s.seat);
  const asked = watchers.find((w) => {
    const x = w.getSnapshot();
    return x.v === st?.v && x.prompts.some((p) => !p.optional);
  });
  const next =
    st?.waitingFor.find((s) => mySeatNumbers.includes(s)) ??
    (asked ? seats[watchers.indexOf(asked)]!.seat : null);
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
  const mine = seats.find((s) => s.seat === seat)!;
  // Each seat of this screen has its own name (asked when the match was created).
  const name = st.match?.seats[seat]?.name || mine.name || t('table.player', { n: seat + 1 });
  if (revealed !== seat)
    return (
      <main className="pass-device" data-testid="pass-device" data-seat={seat}>
        <h1>{t('hotseat.pass', { name })}</h1>
        <p>{t('hotseat.hidden')}</p>
        <button type="button" autoFocus onClick={() => setRevealed(seat)}>
          {t('hotseat.ready', { name })}
        </button>
      </main>
    );
  return <TablePage key={`${matchId}:${seat}`} matchId={matchId} token={mine.token} />;
}
