/**
 * The store against a real PostgreSQL server (DATABASE_URL, default the local test database), in a
 * fresh schema per run: `npm run test:integration`.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@tabula/store';
import { migrate, MIGRATIONS, openDb, openPostgres, Store } from '@tabula/store';
import { newMatch, storeBehaviours } from './behaviours.js';
import { accountBehaviours } from './account-behaviours.js';

const URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new empty schema; `drop` removes it and everything in it. */
async function freshSchema(): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `tabula_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(URL, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  return {
    schema,
    drop: async () => {
      const db = await openPostgres(URL, { max: 1 });
      try {
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await db.close();
      }
    },
  };
}

storeBehaviours('PostgreSQL', async () => {
  const { schema, drop } = await freshSchema();
  const db = await openPostgres(URL, { schema });
  expect(db.kind).toBe('postgres');
  return { db, cleanup: drop };
});

accountBehaviours('PostgreSQL', async () => {
  const { schema, drop } = await freshSchema();
  return { db: await openPostgres(URL, { schema }), cleanup: drop };
});

describe('PostgreSQL with several processes', () => {
  let schema: string;
  let drop: () => Promise<void>;
  let a: Db;
  let b: Db;

  beforeAll(async () => {
    ({ schema, drop } = await freshSchema());
    // Two pools stand for two server processes sharing the database.
    a = await openPostgres(URL, { schema, max: 4 });
    b = await openPostgres(URL, { schema, max: 4 });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('applies each migration once when both migrate at the same time', async () => {
    const results = await Promise.all([migrate(a), migrate(b), migrate(a), migrate(b)]);
    const applied = results.flatMap((r) => r.applied).sort((x, y) => x - y);
    expect(applied).toEqual(MIGRATIONS.map((m) => m.version));
    for (const r of results) expect(r.version).toBe(MIGRATIONS.at(-1)!.version);
    const { rows } = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBe(MIGRATIONS.length);
  });

  it('lets exactly one of two pools win each race to append at the same sequence (50 rounds)', async () => {
    const sa = new Store(a);
    const sb = new Store(b);
    const m = await sa.createMatch(newMatch({ status: 'active' }));
    const wins = { a: 0, b: 0 };
    for (let round = 0; round < 50; round++) {
      const [ra, rb] = await Promise.all([
        sa.appendAction(m.id, round, { seat: 0, action: { round, by: 'a' } }),
        sb.appendAction(m.id, round, { seat: 1, action: { round, by: 'b' } }),
      ]);
      expect([ra.ok, rb.ok].filter(Boolean)).toHaveLength(1);
      const [won, lost] = ra.ok ? [ra, rb] : [rb, ra];
      expect(won).toEqual({ ok: true, seq: round + 1 });
      expect(lost).toEqual({ ok: false, reason: 'conflict', currentSeq: round + 1 });
      wins[ra.ok ? 'a' : 'b']++;
    }
    expect(wins.a + wins.b).toBe(50);
    const log = await sb.actions(m.id);
    expect(log.map((x) => x.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const winners = log.map((x) => (x.action as { by: string }).by);
    expect(winners.filter((w) => w === 'a')).toHaveLength(wins.a);
    expect((await sa.getMatch(m.id))!.seq).toBe(50);
  });

  it('keeps one winner when many connections race at once', async () => {
    const sa = new Store(a);
    const sb = new Store(b);
    const m = await sa.createMatch(newMatch({ status: 'active' }));
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? sa : sb).appendAction(m.id, round, { seat: i % 3, action: { round, i } }),
        ),
      );
      expect(results.filter((r) => r.ok)).toEqual([{ ok: true, seq: round + 1 }]);
    }
    expect((await sa.actions(m.id)).length).toBe(10);
  });

  it('opens a server from a URL with openDb', async () => {
    const db = await openDb(URL);
    try {
      expect(db.kind).toBe('postgres');
      const { rows } = await db.query<{ one: number }>('SELECT $1::int AS one', [1]);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('refuses an invalid schema name', async () => {
    await expect(openPostgres(URL, { schema: 'x; DROP TABLE y' })).rejects.toThrow(/Invalid schema/);
  });
});
