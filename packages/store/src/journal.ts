/**
 * A journal in front of the embedded database, for one process alone on it (PGlite).
 *
 * A move is acknowledged once it is stored, and on the embedded database storing it in a SQL
 * statement costs a round trip to the database thread, which is most of a move's latency. Here a
 * move is stored by appending one line to a journal file (one `write`, a few microseconds: it
 * survives a killed process exactly as the database's own files do), then written to the database
 * behind the move, many moves per statement. Every other call of the store first waits until the
 * moves journaled before it are in the database, so what the store returns is never behind what it
 * acknowledged. When the store opens, the moves of the journal that the database does not hold
 * yet (the server was killed before writing them) are written first.
 *
 * The compare-and-set on (match, sequence) is kept in memory: this process is the database's only
 * writer, so the last sequence it stored for a match is the match's sequence. A match's first append
 * after a start or a change of its status goes to the database itself, which knows both.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { GameRecord, Outcome, Seat } from '@tabula/engine';
import type { Db } from './db.js';
import { migrate } from './migrations.js';
import type {
  AppendEntry,
  AppendResult,
  ChatInput,
  ChatMessage,
  ListQuery,
  MatchInfo,
  MatchPatch,
  NewMatch,
  SeatInfo,
  SeatInput,
  Snapshot,
  StoredAction,
} from './store.js';
import { json, Store } from './store.js';

export interface JournalOptions {
  /** Directory of the journal files (created if missing); null keeps nothing on disk (a throwaway database). */
  dir: string | null;
  /** Longest a journaled move waits before the statement that writes it to the database (ms, default 20). */
  delayMs?: number;
  /** At most this many moves in one statement (default 256). */
  maxBatch?: number;
  /** A journal file is closed, and a new one begun, past this size (bytes, default 1 MiB). */
  segmentBytes?: number;
  /** Told of every move the database refused and every failed statement (default: console.error). */
  onError?: (e: Error) => void;
}

const SEGMENT = /^journal-(\d{8})\.jsonl$/;
/** A failed statement is tried again this many times (after 50, 100, 200… ms) before the store gives up. */
const MAX_RETRIES = 6;

function segmentName(n: number): string {
  return `journal-${String(n).padStart(8, '0')}.jsonl`;
}

/** One journal line: `{"m": match, "e": expected sequence, "s": seat, "a": action}`. */
function parseLine(line: string): AppendEntry & { json: string } {
  const o = JSON.parse(line) as { m?: unknown; e?: unknown; s?: unknown; a?: unknown };
  if (typeof o.m !== 'string' || !Number.isInteger(o.e) || !Number.isInteger(o.s) || !('a' in o))
    throw new Error('not a journal entry');
  return {
    matchId: o.m,
    expectedSeq: o.e as number,
    seat: o.s as number,
    action: o.a,
    json: JSON.stringify(o.a),
  };
}

interface Known {
  /** The last sequence of a match still played: the last one journaled, or the database's. */
  seq: number;
}

interface Waiter {
  /** Resolved once this many journaled moves are in the database. */
  target: number;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** The journal's entries carry their action as JSON text, serialised once when the move is journaled. */
type Entry = AppendEntry & { json: string };

export class JournaledStore extends Store {
  private readonly o: Required<Omit<JournalOptions, 'dir'>> & { dir: string | null };
  private readonly known = new Map<string, Known>();
  private queue: Entry[] = [];
  /** Moves journaled since the store opened, and of them those the database has answered for. */
  private enqueued = 0;
  private stored = 0;
  private flushing = false;
  private timer: NodeJS.Timeout | null = null;
  private waiters: Waiter[] = [];
  private retries = 0;
  private failed: Error | null = null;
  private fd: number | null = null;
  private segment = 0;
  private segmentFile = '';
  private segmentSize = 0;
  /** Closed journal files and the move count at their end: removed once the database holds their moves. */
  private closedSegments: { file: string; end: number }[] = [];
  /** Changes of a match's status so far (a first append in flight meanwhile is not remembered). */
  private statusChanges = 0;
  /** Moves found in the journal when the store opened and written to the database then. */
  recovered = 0;

  private constructor(db: Db, o: JournalOptions) {
    super(db);
    this.o = {
      dir: o.dir,
      delayMs: o.delayMs ?? 20,
      maxBatch: o.maxBatch ?? 256,
      segmentBytes: o.segmentBytes ?? 1 << 20,
      onError: o.onError ?? ((e) => console.error(e)),
    };
  }

  /** Migrates `db`, writes to it what an earlier run journaled and did not store, and opens a journal. */
  static async openJournaled(db: Db, options: JournalOptions): Promise<JournaledStore> {
    await migrate(db);
    const s = new JournaledStore(db, options);
    await s.recover();
    s.openSegment();
    return s;
  }

  // ---- the journal ------------------------------------------------------------------------

  private async recover(): Promise<void> {
    const dir = this.o.dir;
    if (dir === null) return;
    mkdirSync(dir, { recursive: true });
    const files = readdirSync(dir)
      .filter((f) => SEGMENT.test(f))
      .sort();
    const entries: Entry[] = [];
    files.forEach((f, fi) => {
      this.segment = Math.max(this.segment, Number(SEGMENT.exec(f)![1]));
      const lines = readFileSync(join(dir, f), 'utf8').split('\n');
      lines.forEach((line, li) => {
        if (line === '') return;
        try {
          entries.push(parseLine(line));
        } catch (e) {
          // A line cut short by a crash (the last one, with no newline): its write never returned,
          // so its move was never acknowledged.
          if (fi === files.length - 1 && li === lines.length - 1) return;
          throw new Error(
            `The journal ${join(dir, f)} is damaged at line ${li + 1}: ${(e as Error).message}.`,
          );
        }
      });
    });
    if (entries.length > 0) {
      const ids = [...new Set(entries.map((e) => e.matchId))];
      const { rows } = await this.db.query<{ id: string; seq: number }>(
        'SELECT id, seq FROM matches WHERE id = ANY($1::text[])',
        [ids],
      );
      const seqs = new Map(rows.map((r) => [r.id, Number(r.seq)]));
      // Entries are in journal order, so each match's moves are in sequence order.
      const missing = entries.filter((e) => e.expectedSeq >= (seqs.get(e.matchId) ?? 0));
      for (let i = 0; i < missing.length; i += this.o.maxBatch) {
        const batch = missing.slice(i, i + this.o.maxBatch);
        this.report(batch, await this.dbAppendMany(batch));
      }
      this.recovered = missing.length;
    }
    for (const f of files) unlinkSync(join(dir, f));
  }

  private openSegment(): void {
    if (this.o.dir === null) return;
    this.segmentFile = join(this.o.dir, segmentName(++this.segment));
    this.fd = openSync(this.segmentFile, 'a');
    this.segmentSize = 0;
  }

  /** Appends one line to the journal (nothing when there is no journal directory). */
  private write(line: string): void {
    if (this.fd === null) return;
    if (this.segmentSize >= this.o.segmentBytes) {
      closeSync(this.fd);
      this.fd = null;
      this.closedSegments.push({ file: this.segmentFile, end: this.enqueued });
      this.openSegment();
    }
    const buf = Buffer.from(line, 'utf8');
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd!, buf, off, buf.length - off);
    this.segmentSize += buf.length;
  }

  /** Removes a journal file whose moves are all in the database (a failure only costs disk space). */
  private remove(file: string): void {
    try {
      unlinkSync(file);
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'ENOENT') this.o.onError(e as Error);
    }
  }

  private report(batch: readonly Entry[], results: readonly AppendResult[]): void {
    results.forEach((r, i) => {
      if (r.ok) return;
      const e = batch[i]!;
      this.o.onError(
        new Error(
          `The database refused journaled move ${e.expectedSeq + 1} of match ${e.matchId} (${r.reason}${
            'currentSeq' in r ? `, the match is at ${r.currentSeq}` : ''
          }).`,
        ),
      );
    });
  }

  private schedule(): void {
    // The running statement looks again when it ends; a failed one is retried on its own schedule.
    if (this.flushing || this.failed || (this.retries > 0 && this.timer !== null)) return;
    if (this.queue.length >= this.o.maxBatch || this.waiters.length > 0) {
      void this.flush();
    } else if (this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.o.delayMs);
    }
  }

  /** Writes the oldest journaled moves to the database in one statement. */
  private async flush(): Promise<void> {
    if (this.flushing || this.failed || this.queue.length === 0) return;
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.flushing = true;
    const batch = this.queue.slice(0, this.o.maxBatch);
    let results: AppendResult[] | null = null;
    let error: unknown = null;
    try {
      results = await this.dbAppendMany(batch);
    } catch (e) {
      error = e;
    }
    this.flushing = false;
    if (results === null) {
      const e = error instanceof Error ? error : new Error(String(error));
      if (++this.retries > MAX_RETRIES) return this.fail(e);
      this.o.onError(e);
      this.timer = setTimeout(
        () => {
          this.timer = null;
          void this.flush();
        },
        50 * 2 ** (this.retries - 1),
      );
      return;
    }
    this.retries = 0;
    this.queue.splice(0, batch.length);
    this.report(batch, results);
    this.stored += batch.length;
    while (this.closedSegments.length > 0 && this.closedSegments[0]!.end <= this.stored)
      this.remove(this.closedSegments.shift()!.file);
    if (this.waiters.length > 0) {
      const left: Waiter[] = [];
      for (const w of this.waiters)
        if (w.target <= this.stored) w.resolve();
        else left.push(w);
      this.waiters = left;
    }
    if (this.queue.length > 0) this.schedule();
  }

  private fail(e: Error): void {
    this.failed = new Error(
      `The embedded database could not store moves (${e.message}). ${
        this.o.dir === null
          ? 'The database is in memory: they are lost with it.'
          : `They are kept in the journal (${this.o.dir}) and are stored when the server starts again.`
      }`,
    );
    this.o.onError(this.failed);
    for (const w of this.waiters) w.reject(this.failed);
    this.waiters = [];
  }

  /** Resolves once every move journaled so far is in the database. */
  private drain(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.stored >= this.enqueued) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ target: this.enqueued, resolve, reject });
      this.schedule();
    });
  }

  private after<T>(fn: () => Promise<T>): Promise<T> {
    return this.drain().then(fn);
  }

  /** Once the moves journaled so far are in the database (accounts, profiles and ratings read after them). */
  override settled(): Promise<void> {
    return this.drain();
  }

  /** Records the sequence the database gave for a match still played; sequences only move forward. */
  private note(matchId: string, seq: number): void {
    const k = this.known.get(matchId);
    if (!k) this.known.set(matchId, { seq });
    else if (seq > k.seq) k.seq = seq;
  }

  /** How many journaled moves the database does not hold yet (diagnostics and tests). */
  get behind(): number {
    return this.enqueued - this.stored;
  }

  // ---- the action log ---------------------------------------------------------------------

  override appendAction(
    matchId: string,
    expectedSeq: number,
    entry: { seat: Seat; action: unknown },
  ): Promise<AppendResult> {
    if (this.failed) return Promise.reject(this.failed);
    const k = this.known.get(matchId);
    if (!k) return this.firstAppend(matchId, expectedSeq, entry);
    if (!Number.isInteger(expectedSeq) || expectedSeq < 0)
      return Promise.reject(new RangeError(`Invalid expected sequence ${expectedSeq}.`));
    if (expectedSeq !== k.seq) return Promise.resolve({ ok: false, reason: 'conflict', currentSeq: k.seq });
    let text: string;
    try {
      text = json(entry.action, 'action');
      this.write(
        `{"m":${JSON.stringify(matchId)},"e":${expectedSeq},"s":${JSON.stringify(entry.seat)},"a":${text}}\n`,
      );
    } catch (e) {
      return Promise.reject(e);
    }
    k.seq = expectedSeq + 1;
    this.queue.push({ matchId, expectedSeq, seat: entry.seat, action: entry.action, json: text });
    this.enqueued++;
    this.schedule();
    return Promise.resolve({ ok: true, seq: k.seq });
  }

  /** A match's first append since the store opened: on the database, which knows its sequence. */
  private async firstAppend(
    matchId: string,
    expectedSeq: number,
    entry: { seat: Seat; action: unknown },
  ): Promise<AppendResult> {
    const epoch = this.statusChanges;
    await this.drain();
    const r = await this.dbAppend(matchId, expectedSeq, entry);
    // Remembered only if no status changed meanwhile (this match's may have: it stays with the database).
    if (epoch === this.statusChanges) {
      if (r.ok) this.note(matchId, r.seq);
      else if (r.reason === 'conflict') this.note(matchId, r.currentSeq);
    }
    return r;
  }

  override async appendActions(entries: readonly AppendEntry[]): Promise<AppendResult[]> {
    const out: AppendResult[] = [];
    for (const e of entries) out.push(await this.appendAction(e.matchId, e.expectedSeq, e));
    return out;
  }

  override actions(matchId: string, afterSeq = 0, limit?: number): Promise<StoredAction[]> {
    return this.after(() => super.actions(matchId, afterSeq, limit));
  }

  override record(matchId: string): Promise<GameRecord | null> {
    return this.after(() => super.record(matchId));
  }

  // ---- everything else: after the journaled moves ------------------------------------------

  override createMatch(m: NewMatch): Promise<MatchInfo> {
    return this.after(() => super.createMatch(m));
  }

  override getMatch(id: string): Promise<MatchInfo | null> {
    return this.after(() => super.getMatch(id));
  }

  override listMatches(q: ListQuery = {}): Promise<MatchInfo[]> {
    return this.after(() => super.listMatches(q));
  }

  override async updateMatch(id: string, patch: MatchPatch): Promise<MatchInfo | null> {
    // A change of status takes the match out of the journal's hands before anything else: an append
    // that comes after it goes to the database, which then has the new status (a finished match's
    // append is refused, not journaled), and a finished match is not remembered here at all.
    if (patch.status !== undefined) {
      this.known.delete(id);
      this.statusChanges++;
    }
    await this.drain();
    return super.updateMatch(id, patch);
  }

  override finishMatch(id: string, outcome: Outcome | null): Promise<MatchInfo | null> {
    return this.updateMatch(id, { status: 'finished', outcome });
  }

  override setSeat(matchId: string, s: SeatInput): Promise<SeatInfo> {
    return this.after(() => super.setSeat(matchId, s));
  }

  override claimSeat(
    matchId: string,
    seat: Seat | undefined,
    player: { token: string; name?: string },
  ): Promise<SeatInfo | null> {
    return this.after(() => super.claimSeat(matchId, seat, player));
  }

  override openSeats(matchId: string): Promise<Seat[]> {
    return this.after(() => super.openSeats(matchId));
  }

  override async startMatch(matchId: string, botFor: (seat: Seat) => string): Promise<boolean> {
    // A change of status: out of the journal's hands first, as in updateMatch.
    this.known.delete(matchId);
    this.statusChanges++;
    await this.drain();
    return super.startMatch(matchId, botFor);
  }

  override setConnected(matchId: string, seat: Seat, connected: boolean): Promise<boolean> {
    return this.after(() => super.setConnected(matchId, seat, connected));
  }

  override getSeats(matchId: string): Promise<SeatInfo[]> {
    return this.after(() => super.getSeats(matchId));
  }

  override findSeatByToken(matchId: string, token: string): Promise<SeatInfo | null> {
    return this.after(() => super.findSeatByToken(matchId, token));
  }

  override saveSnapshot(matchId: string, seq: number, state: unknown): Promise<void> {
    return this.after(() => super.saveSnapshot(matchId, seq, state));
  }

  override latestSnapshot(matchId: string, maxSeq?: number): Promise<Snapshot | null> {
    return this.after(() => super.latestSnapshot(matchId, maxSeq));
  }

  override addChat(matchId: string, msg: ChatInput): Promise<ChatMessage> {
    return this.after(() => super.addChat(matchId, msg));
  }

  override chat(
    matchId: string,
    forSeat: Seat | null,
    opts: { afterId?: number; limit?: number } = {},
  ): Promise<ChatMessage[]> {
    return this.after(() => super.chat(matchId, forSeat, opts));
  }

  /**
   * Writes every journaled move to the database, removes the journal files (nothing in them is
   * needed any more), then closes the database. If the moves cannot be stored the files stay, for
   * the next start.
   */
  override async close(): Promise<void> {
    let clean = false;
    try {
      await this.drain();
      clean = true;
    } finally {
      if (this.timer !== null) clearTimeout(this.timer);
      this.timer = null;
      if (this.fd !== null) closeSync(this.fd);
      this.fd = null;
      if (clean) {
        for (const s of this.closedSegments) this.remove(s.file);
        this.closedSegments = [];
        if (this.segmentFile) this.remove(this.segmentFile);
        this.segmentFile = '';
      }
      this.failed ??= new Error('The store is closed.');
      await super.close();
    }
  }
}
