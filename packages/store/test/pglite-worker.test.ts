/**
 * PGlite in a worker thread (what the server uses): the same behaviours as in-process, plus what the
 * thread boundary adds — errors cross it with their message and PostgreSQL code, transactions hold
 * the database and roll back, closing ends the thread, and writes reach the data directory without
 * a clean close.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@tabula/store';
import { migrate, openPglite, PgliteWorkerDb, Store } from '@tabula/store';
import { newMatch, storeBehaviours } from './behaviours.js';

storeBehaviours('PGlite (worker thread, memory)', async () => ({
  db: await openPglite('memory', { worker: true }),
}));

describe('PGlite in a worker thread', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite('memory', { worker: true });
    await db.exec('CREATE TABLE probe (n int PRIMARY KEY)');
  });
  afterAll(() => db?.close());

  it('runs in its own thread', () => {
    expect(db).toBeInstanceOf(PgliteWorkerDb);
    expect(db.kind).toBe('pglite');
    expect((db as PgliteWorkerDb).worker.threadId).toBeGreaterThan(0);
  });

  it('sends parameters as node-postgres does and reads results as PGlite does', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const params = [
      ['a"b', 'c\\d', null, 'e,f', '', '{x}', 'NULL'],
      at,
      { x: [1, 'y'], z: null },
      42,
      true,
      null,
      [1, null, 3],
      [
        ['p', 'q'],
        ['r', null],
      ],
    ];
    const sql = `SELECT $1::text[] AS a, $2::timestamptz AS d, $3::jsonb AS j, $4::int AS n, $5::boolean AS b,
      $6::text AS t, $7::int[] AS ia, $8::text[][] AS nested, 'x''y' AS lit, 1.5::float8 AS f`;
    const expected = [
      {
        a: ['a"b', 'c\\d', null, 'e,f', '', '{x}', 'NULL'],
        d: at,
        j: { x: [1, 'y'], z: null },
        n: 42,
        b: true,
        t: null,
        ia: [1, null, 3],
        nested: [
          ['p', 'q'],
          ['r', null],
        ],
        lit: "x'y",
        f: 1.5,
      },
    ];
    expect((await db.query(sql, params)).rows).toEqual(expected);
    // The same in a transaction, and in-process PGlite reads the same.
    expect(await db.transaction(async (tx) => (await tx.query(sql, params)).rows)).toEqual(expected);
    const local = await openPglite('memory');
    try {
      expect((await local.query(sql, params)).rows).toEqual(expected);
    } finally {
      await local.close();
    }
  });

  it('turns a failed query into a rejection with the message and the PostgreSQL code', async () => {
    const e = await db.query('SELECT * FROM no_such_table').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message).toMatch(/relation "no_such_table" does not exist/);
    expect((e as { code?: string }).code).toBe('42P01');
    await db.query('INSERT INTO probe VALUES (1)');
    await expect(db.query('INSERT INTO probe VALUES (1)')).rejects.toMatchObject({
      code: '23505',
      message: expect.stringMatching(/duplicate key/),
    });
    await expect(db.exec('SELEC 1')).rejects.toThrow(/syntax error/);
    // The database is still usable after errors.
    expect((await db.query<{ x: number }>('SELECT $1::int AS x', [7])).rows).toEqual([{ x: 7 }]);
  });

  it('parses a repeated statement once, and parses it again after a schema change alters its result', async () => {
    await db.exec('CREATE TABLE shapes (a int)');
    await db.query('INSERT INTO shapes VALUES ($1)', [1]);
    await db.query('INSERT INTO shapes VALUES ($1)', [2]); // the same statement, named and reused
    expect((await db.query('SELECT * FROM shapes ORDER BY a')).rows).toEqual([{ a: 1 }, { a: 2 }]);
    await db.exec('ALTER TABLE shapes ADD COLUMN b int DEFAULT 9');
    // The kept plan of `SELECT *` no longer fits: PostgreSQL refuses it, the worker parses it anew.
    expect((await db.query('SELECT * FROM shapes ORDER BY a')).rows).toEqual([
      { a: 1, b: 9 },
      { a: 2, b: 9 },
    ]);
    // A statement that failed is not kept under a name that was never created.
    await expect(db.query('SELECT * FROM shapes_missing WHERE a = $1', [1])).rejects.toMatchObject({
      code: '42P01',
    });
    await db.exec('CREATE TABLE shapes_missing (a int)');
    expect((await db.query('SELECT * FROM shapes_missing WHERE a = $1', [1])).rows).toEqual([]);
  });

  it('rolls a transaction back when its function throws or a statement in it fails', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO probe VALUES ($1)', [10]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO probe VALUES ($1)', [11]);
        await tx.query('INSERT INTO probe VALUES ($1)', [11]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ n: number }>('SELECT n FROM probe WHERE n >= 10');
    expect(rows).toEqual([]);
    // A committed one stays, and returns its function's value.
    expect(
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO probe VALUES ($1)', [12]);
        return 'done';
      }),
    ).toBe('done');
    expect((await db.query('SELECT n FROM probe WHERE n = 12')).rows).toHaveLength(1);
  });

  it('holds the database for a transaction: other queries wait for its end', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | null = null;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO probe VALUES (20)');
      outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM probe WHERE n = 20').then((r) => {
        order.push('outside');
        return r.rows[0]!.n;
      });
      await new Promise((r) => setTimeout(r, 50));
      await tx.query('INSERT INTO probe VALUES (21)');
      order.push('inside');
    });
    // The query from outside ran after the commit and saw it.
    expect(await outside).toBe(1);
    expect(order).toEqual(['inside', 'outside']);

    // Statements of one transaction sent together run in order; a rolled-back one lets the queue on.
    const rows = await db.transaction(async (tx) =>
      Promise.all([
        tx.query('INSERT INTO probe VALUES (30)'),
        tx.query<{ n: number }>('SELECT count(*)::int AS n FROM probe WHERE n = 30'),
      ]),
    );
    expect(rows[1].rows).toEqual([{ n: 1 }]);
    const after = db.query<{ n: number }>('SELECT count(*)::int AS n FROM probe WHERE n = 31');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO probe VALUES (31)');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect((await after).rows).toEqual([{ n: 0 }]);
  });

  it('ends a transaction whose COMMIT fails (a deferred constraint), and the database goes on', async () => {
    await db.exec(`CREATE TABLE deferred_probe (n int UNIQUE DEFERRABLE INITIALLY DEFERRED)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO deferred_probe VALUES (1)');
        await tx.query('INSERT INTO deferred_probe VALUES (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT n FROM deferred_probe')).rows).toEqual([]);
    await db.transaction((tx) => tx.query('INSERT INTO deferred_probe VALUES (2)'));
    expect((await db.query('SELECT n FROM deferred_probe')).rows).toEqual([{ n: 2 }]);
  });

  it('stops the thread on close, after which every call is refused', async () => {
    const other = (await openPglite('memory', { worker: true })) as PgliteWorkerDb;
    const exited = new Promise<number>((r) => other.worker.once('exit', r));
    await other.query('SELECT 1');
    await other.close();
    await exited;
    await expect(other.query('SELECT 1')).rejects.toThrow(/closed/);
    await other.close(); // twice is fine
  });

  it('refuses to open a directory it cannot use, and leaves no thread behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-worker-'));
    try {
      const file = join(dir, 'not-a-directory');
      await writeFile(file, 'x');
      await expect(openPglite(file, { worker: true })).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has every write in its data directory without a clean close (the thread is simply ended)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-worker-'));
    try {
      const db1 = (await openPglite(dir, { worker: true })) as PgliteWorkerDb;
      const first = await Store.open(db1);
      const m = await first.createMatch(newMatch({ status: 'active' }));
      const results = await first.appendActions([
        { matchId: m.id, expectedSeq: 0, seat: 0, action: { type: 'a' } },
        { matchId: m.id, expectedSeq: 1, seat: 1, action: { type: 'b' } },
      ]);
      expect(results).toEqual([
        { ok: true, seq: 1 },
        { ok: true, seq: 2 },
      ]);
      // No close: the thread is stopped as a killed process would stop it.
      await db1.worker.terminate();

      const second = await Store.open(await openPglite(dir, { worker: true }));
      try {
        expect((await second.getMatch(m.id))?.seq).toBe(2);
        expect((await second.actions(m.id)).map((a) => a.action)).toEqual([{ type: 'a' }, { type: 'b' }]);
        expect((await migrate(second.db)).applied).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
