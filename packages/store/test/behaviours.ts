/**
 * Store behaviours shared by the PGlite tests (default run) and the PostgreSQL integration tests:
 * the same SQL must behave the same on both.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, NewMatch } from '@tabula/store';
import { hashToken, migrate, MIGRATIONS, Store } from '@tabula/store';

export interface Harness {
  db: Db;
  /** Called after the suite (drop a schema, remove a directory…), after the store is closed. */
  cleanup?: () => Promise<void>;
}

let counter = 0;
export function newMatch(over: Partial<NewMatch> = {}): NewMatch {
  return {
    id: `m-${++counter}-${randomUUID().slice(0, 8)}`,
    game: 'test-game',
    rulesVersion: '1.0.0',
    options: { variant: 'short', cards: [1, 2, 3] },
    seats: 3,
    seed: 'seed-1',
    ...over,
  };
}

/**
 * @param makeStore the store under test over the harness's database (default: the plain `Store`; the
 * journaled store must behave the same)
 */
export function storeBehaviours(
  name: string,
  open: () => Promise<Harness>,
  makeStore: (db: Db) => Promise<Store> = (db) => Store.open(db),
): void {
  describe(`Store on ${name}`, () => {
    let h: Harness;
    let store: Store;

    beforeAll(async () => {
      h = await open();
      store = await makeStore(h.db);
    });

    afterAll(async () => {
      await store?.close();
      await h?.cleanup?.();
    });

    it('migrates idempotently', async () => {
      const again = await migrate(h.db);
      expect(again).toEqual({ applied: [], version: MIGRATIONS.at(-1)!.version });
      const third = await migrate(h.db);
      expect(third.applied).toEqual([]);
      const { rows } = await h.db.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    });

    it('runs nested transactions as savepoints and rolls back on error', async () => {
      const table = `tx_probe_${randomUUID().replace(/-/g, '')}`;
      await h.db.exec(`CREATE TABLE ${table} (n int)`);
      try {
        await h.db.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${table} VALUES ($1)`, [1]);
          await expect(
            tx.transaction(async (inner) => {
              await inner.query(`INSERT INTO ${table} VALUES ($1)`, [2]);
              throw new Error('inner fails');
            }),
          ).rejects.toThrow('inner fails');
        });
        await expect(
          h.db.transaction(async (tx) => {
            await tx.query(`INSERT INTO ${table} VALUES ($1)`, [3]);
            throw new Error('outer fails');
          }),
        ).rejects.toThrow('outer fails');
        const { rows } = await h.db.query<{ n: number }>(`SELECT n FROM ${table} ORDER BY n`);
        expect(rows).toEqual([{ n: 1 }]);
      } finally {
        await h.db.exec(`DROP TABLE ${table}`);
      }
    });

    it('creates, gets, lists and updates matches', async () => {
      const game = `list-${randomUUID()}`;
      const a = await store.createMatch(newMatch({ game, settings: { clock: { base: 300 } } }));
      const b = await store.createMatch(newMatch({ game, status: 'active' }));
      const c = await store.createMatch(newMatch({ game, status: 'active' }));

      expect(a).toMatchObject({
        game,
        rulesVersion: '1.0.0',
        options: { variant: 'short', cards: [1, 2, 3] },
        seats: 3,
        seed: 'seed-1',
        status: 'open',
        settings: { clock: { base: 300 } },
        seq: 0,
        outcome: null,
        finishedAt: null,
      });
      expect(a.createdAt).toBeInstanceOf(Date);
      expect(await store.getMatch(a.id)).toEqual(a);
      expect(await store.getMatch('no-such-match')).toBeNull();
      await expect(store.createMatch({ ...newMatch(), id: a.id })).rejects.toThrow(/already exists/);

      const all = await store.listMatches({ game });
      expect(all.map((m) => m.id).sort()).toEqual([a.id, b.id, c.id].sort());
      const active = await store.listMatches({ game, status: 'active' });
      expect(active.map((m) => m.id).sort()).toEqual([b.id, c.id].sort());
      const either = await store.listMatches({ game, status: ['open', 'finished'] });
      expect(either.map((m) => m.id)).toEqual([a.id]);
      const byIds = await store.listMatches({ ids: [a.id, c.id, 'missing'] });
      expect(byIds.map((m) => m.id).sort()).toEqual([a.id, c.id].sort());
      expect(await store.listMatches({ ids: [] })).toEqual([]);

      // Most recently updated first; pages do not overlap.
      const touched = await store.updateMatch(a.id, { status: 'active', settings: { clock: { base: 60 } } });
      expect(touched).toMatchObject({
        status: 'active',
        settings: { clock: { base: 60 } },
        finishedAt: null,
      });
      expect(touched!.updatedAt.getTime()).toBeGreaterThanOrEqual(a.updatedAt.getTime());
      const page1 = await store.listMatches({ game, limit: 1 });
      const page2 = await store.listMatches({ game, limit: 2, offset: 1 });
      expect(page1.map((m) => m.id)).toEqual([a.id]);
      expect(page2).toHaveLength(2);
      expect(page2.map((m) => m.id)).not.toContain(a.id);
      expect(await store.updateMatch('no-such-match', { status: 'active' })).toBeNull();

      const outcome = { winners: [1], reason: 'cities', scores: [3, 10, 4] };
      const done = await store.finishMatch(b.id, outcome);
      expect(done).toMatchObject({ status: 'finished', outcome });
      expect(done!.finishedAt).toBeInstanceOf(Date);
      expect((await store.listMatches({ game, status: 'finished' })).map((m) => m.id)).toEqual([b.id]);

      const abandoned = await store.updateMatch(c.id, { status: 'abandoned' });
      expect(abandoned!.finishedAt).toBeInstanceOf(Date);
      expect(abandoned!.outcome).toBeNull();
    });

    it('stores only a hash of seat tokens and finds seats by token', async () => {
      const m = await store.createMatch(
        newMatch({
          players: [
            { seat: 0, kind: 'human', name: 'Ann', token: 'secret-token-ann' },
            { seat: 1, kind: 'bot', name: 'Bot', bot: 'mcts:3' },
          ],
        }),
      );
      await store.setSeat(m.id, { seat: 2, kind: 'human', name: 'Bob', token: 'secret-token-bob' });

      const raw = await h.db.query<Record<string, unknown>>('SELECT * FROM seats WHERE match_id = $1', [
        m.id,
      ]);
      const dump = JSON.stringify(raw.rows);
      expect(dump).not.toContain('secret-token');
      expect(raw.rows.find((r) => r.seat === 0)!.token_hash).toBe(hashToken('secret-token-ann'));
      expect(hashToken('secret-token-ann')).toMatch(/^[0-9a-f]{64}$/);

      const seats = await store.getSeats(m.id);
      // Guests' and bots' seats are bound to no account.
      const guest = { accountId: null, accountName: null };
      expect(seats).toEqual([
        {
          matchId: m.id,
          seat: 0,
          name: 'Ann',
          kind: 'human',
          bot: null,
          hasToken: true,
          connected: false,
          ...guest,
        },
        {
          matchId: m.id,
          seat: 1,
          name: 'Bot',
          kind: 'bot',
          bot: 'mcts:3',
          hasToken: false,
          connected: false,
          ...guest,
        },
        {
          matchId: m.id,
          seat: 2,
          name: 'Bob',
          kind: 'human',
          bot: null,
          hasToken: true,
          connected: false,
          ...guest,
        },
      ]);
      expect(JSON.stringify(seats)).not.toContain('secret-token');

      expect((await store.findSeatByToken(m.id, 'secret-token-bob'))?.seat).toBe(2);
      expect((await store.findSeatByToken(m.id, 'secret-token-ann'))?.name).toBe('Ann');
      expect(await store.findSeatByToken(m.id, 'wrong')).toBeNull();
      expect(await store.findSeatByToken(m.id, '')).toBeNull();
      const other = await store.createMatch(newMatch());
      expect(await store.findSeatByToken(other.id, 'secret-token-bob')).toBeNull();

      // Omitted fields are kept; null token clears it; a new token replaces the old one.
      await store.setConnected(m.id, 0, true);
      const kept = await store.setSeat(m.id, { seat: 0, kind: 'human' });
      expect(kept).toMatchObject({ name: 'Ann', hasToken: true, connected: true });
      await store.setSeat(m.id, { seat: 0, kind: 'human', token: 'rotated' });
      expect(await store.findSeatByToken(m.id, 'secret-token-ann')).toBeNull();
      expect((await store.findSeatByToken(m.id, 'rotated'))?.seat).toBe(0);
      const cleared = await store.setSeat(m.id, { seat: 0, kind: 'bot', bot: 'random', token: null });
      expect(cleared).toMatchObject({ kind: 'bot', bot: 'random', hasToken: false });
      expect(await store.findSeatByToken(m.id, 'rotated')).toBeNull();

      await expect(store.setSeat(m.id, { seat: 3, kind: 'human' })).rejects.toThrow(/no seat 3/);
      await expect(store.setSeat('no-such-match', { seat: 0, kind: 'human' })).rejects.toThrow();
    });

    it('claims open seats atomically: one winner per seat, k seats filled once each, none after the start', async () => {
      const open = (n: number) =>
        store.createMatch(
          newMatch({
            seats: n + 1,
            status: 'open',
            players: [
              { seat: 0, kind: 'human', token: 'host-token' },
              ...Array.from({ length: n }, (_, i) => ({ seat: i + 1, kind: 'human' as const, token: null })),
            ],
          }),
        );
      const one = await open(1);
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.claimSeat(one.id, 1, { token: `t${i}`, name: `P${i}` })),
      );
      const won = claims.filter((c) => c !== null);
      expect(won).toHaveLength(1);
      const winner = claims.findIndex((c) => c !== null);
      expect((await store.findSeatByToken(one.id, `t${winner}`))?.seat).toBe(1);
      expect(won[0]).toMatchObject({ seat: 1, name: `P${winner}`, hasToken: true });
      expect(await store.openSeats(one.id)).toEqual([]);
      // The host's seat is never open.
      expect(await store.claimSeat(one.id, 0, { token: 'x' })).toBeNull();

      const three = await open(3);
      const any = await Promise.all(
        Array.from({ length: 12 }, (_, i) => store.claimSeat(three.id, undefined, { token: `a${i}` })),
      );
      expect(
        any
          .filter((c) => c !== null)
          .map((c) => c!.seat)
          .sort(),
      ).toEqual([1, 2, 3]);

      // Starting: once, and untaken seats go to bots in the same step; no claim after it.
      const late = await open(2);
      await store.claimSeat(late.id, 2, { token: 'early' });
      const starts = await Promise.all([
        store.startMatch(late.id, (s) => `bot${s}`),
        store.startMatch(late.id, (s) => `bot${s}`),
      ]);
      expect(starts.filter(Boolean)).toHaveLength(1);
      expect((await store.getMatch(late.id))!.status).toBe('active');
      expect((await store.getSeats(late.id)).map((s) => [s.kind, s.bot, s.hasToken])).toEqual([
        ['human', null, true],
        ['bot', 'bot1', false],
        ['human', null, true],
      ]);
      expect(await store.claimSeat(late.id, undefined, { token: 'too-late' })).toBeNull();
    });

    it('appends with compare-and-set and rejects stale sequences without changing anything', async () => {
      const m = await store.createMatch(newMatch());
      expect(await store.appendAction(m.id, 0, { seat: 0, action: { type: 'build', at: [1, 2] } })).toEqual({
        ok: true,
        seq: 1,
      });
      expect(await store.appendAction(m.id, 1, { seat: 1, action: 'pass' })).toEqual({ ok: true, seq: 2 });

      const before = await store.getMatch(m.id);
      const stale = await store.appendAction(m.id, 1, { seat: 2, action: { type: 'stale' } });
      expect(stale).toEqual({ ok: false, reason: 'conflict', currentSeq: 2 });
      const ahead = await store.appendAction(m.id, 5, { seat: 2, action: { type: 'ahead' } });
      expect(ahead).toEqual({ ok: false, reason: 'conflict', currentSeq: 2 });
      const after = await store.getMatch(m.id);
      expect(after!.seq).toBe(2);
      expect(after!.updatedAt).toEqual(before!.updatedAt);
      expect((await store.actions(m.id)).map((a) => a.action)).toEqual([
        { type: 'build', at: [1, 2] },
        'pass',
      ]);

      expect(await store.appendAction('no-such-match', 0, { seat: 0, action: 1 })).toEqual({
        ok: false,
        reason: 'not-found',
      });
      await expect(store.appendAction(m.id, 2, { seat: 0, action: undefined })).rejects.toThrow(/JSON/);
      await expect(store.appendAction(m.id, -1, { seat: 0, action: 1 })).rejects.toThrow(RangeError);

      await store.finishMatch(m.id, { winners: [0], reason: 'test' });
      expect(await store.appendAction(m.id, 2, { seat: 0, action: 'late' })).toEqual({
        ok: false,
        reason: 'closed',
        currentSeq: 2,
      });
    });

    it('refuses an append when the log already holds that sequence, and rolls back the bump', async () => {
      const m = await store.createMatch(newMatch());
      // A stray row at seq 1 (the log and matches.seq disagree): the primary key refuses the insert,
      // and the statement's UPDATE of matches.seq is undone with it.
      await h.db.query(
        `INSERT INTO actions (match_id, seq, seat, action) VALUES ($1, 1, 0, '"stray"'::jsonb)`,
        [m.id],
      );
      expect(await store.appendAction(m.id, 0, { seat: 0, action: 'real' })).toEqual({
        ok: false,
        reason: 'conflict',
        currentSeq: 0,
      });
      expect((await store.getMatch(m.id))!.seq).toBe(0);
      expect((await store.actions(m.id)).map((a) => a.action)).toEqual(['stray']);
    });

    it('lets exactly one of two concurrent appends at the same sequence win', async () => {
      const m = await store.createMatch(newMatch());
      for (let round = 0; round < 10; round++) {
        const results = await Promise.all([
          store.appendAction(m.id, round, { seat: 0, action: { round, by: 'a' } }),
          store.appendAction(m.id, round, { seat: 1, action: { round, by: 'b' } }),
        ]);
        const winners = results.filter((r) => r.ok);
        expect(winners).toEqual([{ ok: true, seq: round + 1 }]);
        expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'conflict', currentSeq: round + 1 });
      }
      const log = await store.actions(m.id);
      expect(log.map((a) => a.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect((await store.getMatch(m.id))!.seq).toBe(10);
    });

    it('returns actions in order after a given sequence, and keeps the log append-only', async () => {
      const m = await store.createMatch(newMatch());
      for (let i = 0; i < 6; i++) await store.appendAction(m.id, i, { seat: i % 3, action: { n: i } });
      const all = await store.actions(m.id);
      expect(all.map((a) => [a.seq, a.seat, a.action])).toEqual([
        [1, 0, { n: 0 }],
        [2, 1, { n: 1 }],
        [3, 2, { n: 2 }],
        [4, 0, { n: 3 }],
        [5, 1, { n: 4 }],
        [6, 2, { n: 5 }],
      ]);
      expect(all[0]!.at).toBeInstanceOf(Date);
      expect((await store.actions(m.id, 4)).map((a) => a.seq)).toEqual([5, 6]);
      expect((await store.actions(m.id, 1, 2)).map((a) => a.seq)).toEqual([2, 3]);
      expect(await store.actions(m.id, 6)).toEqual([]);

      await expect(
        h.db.query(`UPDATE actions SET action = '"x"'::jsonb WHERE match_id = $1`, [m.id]),
      ).rejects.toThrow(/append-only/);
      await expect(h.db.query('DELETE FROM actions WHERE match_id = $1', [m.id])).rejects.toThrow(
        /append-only/,
      );

      const rec = await store.record(m.id);
      expect(rec).toMatchObject({ format: 'tabula-game', game: 'test-game', seats: 3, seed: 'seed-1' });
      expect(rec!.actions).toEqual(all.map((a) => ({ seat: a.seat, action: a.action })));
      expect(await store.record('no-such-match')).toBeNull();

      // Deleting a whole match takes its log with it.
      await h.db.query('DELETE FROM matches WHERE id = $1', [m.id]);
      expect(await store.actions(m.id)).toEqual([]);
    });

    it('keeps snapshots and returns the latest', async () => {
      const m = await store.createMatch(newMatch());
      expect(await store.latestSnapshot(m.id)).toBeNull();
      await store.saveSnapshot(m.id, 0, { board: [], turn: 0 });
      for (let i = 0; i < 4; i++) await store.appendAction(m.id, i, { seat: 0, action: i });
      await store.saveSnapshot(m.id, 3, { board: [1, 2, 3], turn: 3 });
      await store.saveSnapshot(m.id, 1, { board: [1], turn: 1 });
      expect(await store.latestSnapshot(m.id)).toEqual({ seq: 3, state: { board: [1, 2, 3], turn: 3 } });
      expect(await store.latestSnapshot(m.id, 2)).toEqual({ seq: 1, state: { board: [1], turn: 1 } });
      await store.saveSnapshot(m.id, 3, { board: [1, 2, 3], turn: 3, fixed: true });
      expect((await store.latestSnapshot(m.id))!.state).toMatchObject({ fixed: true });
      await expect(store.saveSnapshot(m.id, 5, {})).rejects.toThrow(RangeError);
      await expect(store.saveSnapshot('no-such-match', 0, {})).rejects.toThrow(RangeError);
      expect(await store.latestSnapshot('no-such-match')).toBeNull();
    });

    it('shows private chat only to its sender and recipient', async () => {
      const m = await store.createMatch(newMatch());
      const hello = await store.addChat(m.id, { seat: 0, text: 'hello all' });
      await store.addChat(m.id, { seat: 0, toSeat: 1, text: 'psst 0→1' });
      await store.addChat(m.id, { seat: 2, toSeat: 0, text: 'psst 2→0' });
      await store.addChat(m.id, { seat: null, text: 'spectator says hi' });
      await store.addChat(m.id, { seat: null, text: 'system: game starts' });
      expect(hello).toMatchObject({ seat: 0, toSeat: null, text: 'hello all' });
      expect(typeof hello.id).toBe('number');

      const texts = async (seat: number | null, opts?: { afterId?: number; limit?: number }) =>
        (await store.chat(m.id, seat, opts)).map((c) => c.text);
      const pub = ['hello all', 'spectator says hi', 'system: game starts'];
      expect(await texts(0)).toEqual(['hello all', 'psst 0→1', 'psst 2→0', ...pub.slice(1)]);
      expect(await texts(1)).toEqual(['hello all', 'psst 0→1', ...pub.slice(1)]);
      expect(await texts(2)).toEqual(['hello all', 'psst 2→0', ...pub.slice(1)]);
      expect(await texts(null)).toEqual(pub);
      expect(await texts(-1)).toEqual(pub);
      expect(await texts(null, { afterId: hello.id })).toEqual(pub.slice(1));
      expect(await texts(0, { limit: 2 })).toEqual(pub.slice(1));
      const other = await store.createMatch(newMatch());
      expect(await store.chat(other.id, 0)).toEqual([]);
    });
  });
}
