/**
 * The journal in front of the embedded database (journal.ts): a move is stored by its journal line,
 * written to the database behind it, and nothing the store returns is ever behind what it
 * acknowledged; a restart writes what the journal holds and the database lacks.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@tabula/store';
import { JournaledStore, openPglite, Store } from '@tabula/store';
import { newMatch, storeBehaviours } from './behaviours.js';
import { accountBehaviours } from './account-behaviours.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'tabula-journal-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// Every behaviour of the store holds with the journal in front, in memory and on disk.
storeBehaviours(
  'PGlite behind a journal in memory',
  async () => ({ db: await openPglite('memory') }),
  (db) => JournaledStore.openJournaled(new TestDb(db), { dir: null }),
);
storeBehaviours(
  'PGlite behind a journal on disk',
  async () => ({ db: await openPglite('memory') }),
  (db) => JournaledStore.openJournaled(new TestDb(db), { dir: tempDir(), segmentBytes: 300 }),
);

accountBehaviours(
  'PGlite behind a journal in memory',
  async () => ({ db: await openPglite('memory') }),
  (db) => JournaledStore.openJournaled(new TestDb(db), { dir: null }),
);

/** Moves never reach the database on their own: only a read (or close) writes them. */
const NEVER = 2 ** 31 - 1;

function journalFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
}

/**
 * The file's database as one store sees it: its batched appends fail while `failing` is set, and
 * closing the store leaves the database open for the next test.
 */
class TestDb implements Db {
  failing = false;
  readonly kind = 'pglite' as const;
  constructor(private readonly inner: Db) {}
  query<T>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }> {
    if (this.failing && sql.includes('tabula_append')) return Promise.reject(new Error('disk on fire'));
    return this.inner.query<T>(sql, params);
  }
  exec(sql: string): Promise<void> {
    return this.inner.exec(sql);
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.inner.transaction(fn);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe('JournaledStore', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite('memory');
  });
  afterAll(async () => {
    await db.close();
  });

  /** The log as the database itself holds it (not through any store). */
  async function dbLog(matchId: string): Promise<unknown[]> {
    const { rows } = await db.query<{ action: unknown }>(
      'SELECT action FROM actions WHERE match_id = $1 ORDER BY seq',
      [matchId],
    );
    return rows.map((r) => r.action);
  }

  it('acknowledges a move once journaled, and the database has it before any read returns', async () => {
    const dir = tempDir();
    const store = await JournaledStore.openJournaled(new TestDb(db), { dir, delayMs: NEVER });
    const m = await store.createMatch(newMatch());
    // The first append of a match goes to the database (it knows the sequence); the rest are journaled.
    expect(await store.appendAction(m.id, 0, { seat: 0, action: 'a' })).toEqual({ ok: true, seq: 1 });
    expect(await store.appendAction(m.id, 1, { seat: 1, action: { b: [2] } })).toEqual({ ok: true, seq: 2 });
    expect(await store.appendAction(m.id, 2, { seat: 2, action: 'c' })).toEqual({ ok: true, seq: 3 });
    expect(store.behind).toBe(2);
    expect(await dbLog(m.id)).toEqual(['a']);
    const lines = readFileSync(join(dir, journalFiles(dir)[0]!), 'utf8')
      .trim()
      .split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      { m: m.id, e: 1, s: 1, a: { b: [2] } },
      { m: m.id, e: 2, s: 2, a: 'c' },
    ]);
    // Compare-and-set in memory: stale and ahead are refused at once, nothing journaled.
    expect(await store.appendAction(m.id, 2, { seat: 0, action: 'stale' })).toEqual({
      ok: false,
      reason: 'conflict',
      currentSeq: 3,
    });
    expect(await store.appendAction(m.id, 7, { seat: 0, action: 'ahead' })).toEqual({
      ok: false,
      reason: 'conflict',
      currentSeq: 3,
    });
    await expect(store.appendAction(m.id, 3, { seat: 0, action: undefined })).rejects.toThrow(/JSON/);
    expect(store.behind).toBe(2);
    // A read waits for the journaled moves: the store is never behind what it acknowledged.
    expect((await store.getMatch(m.id))!.seq).toBe(3);
    expect(store.behind).toBe(0);
    expect(await dbLog(m.id)).toEqual(['a', { b: [2] }, 'c']);
    await store.finishMatch(m.id, { winners: [0], reason: 'test' });
    expect(await store.appendAction(m.id, 3, { seat: 0, action: 'late' })).toEqual({
      ok: false,
      reason: 'closed',
      currentSeq: 3,
    });
    await store.close();
    // A clean close leaves no journal behind.
    expect(journalFiles(dir)).toEqual([]);
  });

  it('refuses an append that comes after the match was finished, even before the database has the news', async () => {
    const store = await JournaledStore.openJournaled(new TestDb(db), { dir: null, delayMs: NEVER });
    const m = await store.createMatch(newMatch());
    await store.appendAction(m.id, 0, { seat: 0, action: 0 });
    await store.appendAction(m.id, 1, { seat: 0, action: 1 });
    const finishing = store.finishMatch(m.id, { winners: [0], reason: 'test' });
    const late = store.appendAction(m.id, 2, { seat: 1, action: 'late' });
    expect(await late).toEqual({ ok: false, reason: 'closed', currentSeq: 2 });
    expect((await finishing)!.status).toBe('finished');
    expect(await dbLog(m.id)).toEqual([0, 1]);
    await store.close();
  });

  it('does not take over a match whose first append raced with its finish', async () => {
    const store = await JournaledStore.openJournaled(new TestDb(db), { dir: null, delayMs: NEVER });
    const m = await store.createMatch(newMatch());
    // The first append goes to the database; the finish is issued while it is under way.
    const first = store.appendAction(m.id, 0, { seat: 0, action: 0 });
    const finishing = store.finishMatch(m.id, { winners: [0], reason: 'test' });
    expect(await first).toEqual({ ok: true, seq: 1 });
    await finishing;
    // The match is finished: the next append is refused, not journaled as if it were still played.
    expect(await store.appendAction(m.id, 1, { seat: 0, action: 1 })).toEqual({
      ok: false,
      reason: 'closed',
      currentSeq: 1,
    });
    expect(await dbLog(m.id)).toEqual([0]);
    await store.close();
  });

  it('writes on its own after the delay, many moves per statement', async () => {
    const store = await JournaledStore.openJournaled(new TestDb(db), { dir: null, delayMs: 5 });
    const ms = await Promise.all([1, 2, 3].map(() => store.createMatch(newMatch())));
    for (const m of ms) await store.appendAction(m.id, 0, { seat: 0, action: 0 });
    for (let i = 1; i <= 10; i++)
      for (const m of ms)
        expect(await store.appendAction(m.id, i, { seat: 0, action: i })).toMatchObject({ ok: true });
    expect(store.behind).toBe(30);
    await expect.poll(() => store.behind, { timeout: 5000 }).toBe(0);
    for (const m of ms) expect(await dbLog(m.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('after a crash, writes the journaled moves the database lacks when it opens again', async () => {
    const dir = tempDir();
    const errors: string[] = [];
    const crashed = await JournaledStore.openJournaled(new TestDb(db), {
      dir,
      delayMs: NEVER,
      segmentBytes: 200,
      onError: (e) => errors.push(e.message),
    });
    const m = await crashed.createMatch(newMatch());
    const other = await crashed.createMatch(newMatch());
    await crashed.appendAction(m.id, 0, { seat: 0, action: { n: 0 } });
    await crashed.appendAction(other.id, 0, { seat: 1, action: 'x0' });
    for (let i = 1; i < 12; i++) {
      await crashed.appendAction(m.id, i, { seat: i % 3, action: { n: i } });
      if (i % 4 === 0) await crashed.appendAction(other.id, i / 4, { seat: 1, action: `x${i / 4}` });
    }
    // The process "dies" here: 15 moves acknowledged, only the first of each match in the database,
    // the rest in several journal files.
    expect(crashed.behind).toBe(13);
    expect(await dbLog(m.id)).toEqual([{ n: 0 }]);
    const files = journalFiles(dir);
    expect(files.length).toBeGreaterThan(2);
    // The last line was cut short by the crash: its write never returned, so it was never acknowledged.
    appendFileSync(join(dir, files.at(-1)!), `{"m":"${m.id}","e":12,"s":0,"a":{"n":`);

    const restarted = await JournaledStore.openJournaled(new TestDb(db), { dir });
    expect(restarted.recovered).toBe(13);
    expect((await restarted.actions(m.id)).map((a) => a.action)).toEqual(
      Array.from({ length: 12 }, (_, n) => ({ n })),
    );
    expect((await restarted.actions(other.id)).map((a) => [a.seq, a.seat, a.action])).toEqual([
      [1, 1, 'x0'],
      [2, 1, 'x1'],
      [3, 1, 'x2'],
    ]);
    expect(journalFiles(dir)).toHaveLength(1); // the old files are gone; a fresh one is open
    expect(await restarted.appendAction(m.id, 12, { seat: 0, action: { n: 12 } })).toEqual({
      ok: true,
      seq: 13,
    });
    await restarted.close();

    // A second start finds nothing to write: recovery is idempotent.
    const again = await JournaledStore.openJournaled(new TestDb(db), { dir });
    expect(again.recovered).toBe(0);
    await again.close();

    // The dead store's moves, written now, are refused (they are already stored) and reported.
    await crashed.close();
    expect(errors).toHaveLength(13);
    expect(errors[0]).toMatch(/refused journaled move 2 of match .* \(conflict, the match is at 13\)/);
  });

  it('removes each journal file once the database holds its moves', async () => {
    const dir = tempDir();
    const store = await JournaledStore.openJournaled(new TestDb(db), {
      dir,
      delayMs: NEVER,
      segmentBytes: 100,
    });
    const m = await store.createMatch(newMatch());
    await store.appendAction(m.id, 0, { seat: 0, action: 'first' });
    for (let i = 1; i <= 20; i++) await store.appendAction(m.id, i, { seat: 0, action: `move ${i}` });
    expect(journalFiles(dir).length).toBeGreaterThan(5);
    await store.actions(m.id);
    expect(journalFiles(dir)).toHaveLength(1);
    await store.close();
    expect(journalFiles(dir)).toEqual([]);
  });

  it('refuses to open over a journal damaged before its last line, naming the file and line', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'journal-00000001.jsonl'),
      '{"m":"x","e":1,"s":0,"a":1}\nnot json\n{"m":"x","e":2,"s":0,"a":2}\n',
    );
    await expect(JournaledStore.openJournaled(new TestDb(db), { dir })).rejects.toThrow(
      /journal-00000001\.jsonl is damaged at line 2/,
    );
    // Nothing was removed: the journal is still there for a person to look at.
    expect(journalFiles(dir)).toEqual(['journal-00000001.jsonl']);
  });

  it('retries a failed statement, then refuses further moves and keeps the journal', async () => {
    const dir = tempDir();
    const flaky = new TestDb(db);
    const errors: string[] = [];
    const store = await JournaledStore.openJournaled(flaky, {
      dir,
      delayMs: 1,
      onError: (e) => errors.push(e.message),
    });
    const m = await store.createMatch(newMatch());
    await store.appendAction(m.id, 0, { seat: 0, action: 0 });
    // A passing failure: the statement is tried again and the moves arrive.
    flaky.failing = true;
    await store.appendAction(m.id, 1, { seat: 0, action: 1 });
    await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThan(0);
    flaky.failing = false;
    expect((await store.actions(m.id)).map((a) => a.action)).toEqual([0, 1]);
    expect(errors[0]).toBe('disk on fire');

    // A lasting failure: after the retries, reads and moves are refused with a clear error.
    flaky.failing = true;
    await store.appendAction(m.id, 2, { seat: 0, action: 2 });
    await expect(store.getMatch(m.id)).rejects.toThrow(
      /could not store moves \(disk on fire\)\. They are kept in the journal/,
    );
    await expect(store.appendAction(m.id, 3, { seat: 0, action: 3 })).rejects.toThrow(/kept in the journal/);
    await expect(store.close()).rejects.toThrow(/kept in the journal/);
    expect(journalFiles(dir)).toHaveLength(1);

    // The next start writes the move that was kept.
    flaky.failing = false;
    const next = await JournaledStore.openJournaled(new TestDb(db), { dir });
    expect(next.recovered).toBe(1);
    expect((await next.actions(m.id)).map((a) => a.action)).toEqual([0, 1, 2]);
    await next.close();
  });

  it('overrides every method of the store, so none reads the database behind the journal', () => {
    const dbLevel = new Set(['constructor', 'dbAppend', 'dbAppendMany', 'appendEach']);
    const methods = Object.getOwnPropertyNames(Store.prototype).filter((k) => !dbLevel.has(k));
    const own = new Set(Object.getOwnPropertyNames(JournaledStore.prototype));
    expect(methods.filter((k) => !own.has(k))).toEqual([]);
    expect(methods.length).toBeGreaterThan(15);
  });
});
