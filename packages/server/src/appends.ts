/**
 * Batched appends to the action log for the embedded database. There a statement costs far more
 * than a row, and everything runs on one thread, so the moves that arrive in one turn of the event
 * loop (from many tables) are stored by one statement instead of one each. Every append keeps its
 * own compare-and-set and its promise still resolves only once its action is stored, so a move is
 * acknowledged only after it is durable, exactly as with single appends.
 */
import type { Seat } from '@tabula/engine';
import type { AppendResult, Store } from '@tabula/store';

interface Pending {
  matchId: string;
  expectedSeq: number;
  seat: Seat;
  action: unknown;
  resolve: (r: AppendResult) => void;
  reject: (e: unknown) => void;
}

/** At most this many appends in one statement. */
const MAX_BATCH = 128;

export class AppendBatcher {
  private queue: Pending[] = [];
  private busy = false;

  constructor(private readonly store: Store) {}

  append(
    matchId: string,
    expectedSeq: number,
    entry: { seat: Seat; action: unknown },
  ): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ matchId, expectedSeq, seat: entry.seat, action: entry.action, resolve, reject });
      // Wait for the rest of this event-loop turn: the moves read from other sockets meanwhile join.
      if (!this.busy && this.queue.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    if (this.busy || this.queue.length === 0) return;
    this.busy = true;
    const batch = this.queue.splice(0, MAX_BATCH);
    let results: AppendResult[] | null = null;
    let error: unknown = null;
    try {
      results = await this.store.appendActions(batch);
    } catch (e) {
      error = e;
    }
    this.busy = false;
    // The appends that queued up meanwhile go out at once, before this batch's callers resume (they
    // send their updates, which takes a while): the database works on the next batch meanwhile.
    if (this.queue.length > 0) void this.flush();
    if (results) batch.forEach((p, i) => p.resolve(results[i]!));
    else for (const p of batch) p.reject(error);
  }
}

const batchers = new WeakMap<Store, AppendBatcher>();

/**
 * `store.appendAction`, batched when the store is the embedded database (one process alone on
 * it); on PostgreSQL, shared by several processes, each append stays its own statement.
 */
export function appendAction(
  store: Store,
  matchId: string,
  expectedSeq: number,
  entry: { seat: Seat; action: unknown },
): Promise<AppendResult> {
  if (store.db.kind !== 'pglite') return store.appendAction(matchId, expectedSeq, entry);
  let b = batchers.get(store);
  if (!b) batchers.set(store, (b = new AppendBatcher(store)));
  return b.append(matchId, expectedSeq, entry);
}
