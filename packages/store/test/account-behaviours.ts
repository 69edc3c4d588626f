/**
 * Accounts, sessions, seats bound to accounts, ratings and notices: the same on PGlite (default run),
 * behind the journal, and on PostgreSQL (integration run).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@tabula/store';
import { Accounts, nameKey, Store } from '@tabula/store';
import type { Harness } from './behaviours.js';
import { newMatch } from './behaviours.js';

export function accountBehaviours(
  name: string,
  open: () => Promise<Harness>,
  makeStore: (db: Db) => Promise<Store> = (db) => Store.open(db),
): void {
  describe(`Accounts on ${name}`, () => {
    let h: Harness;
    let store: Store;
    let acc: Accounts;
    const uid = () => randomUUID().slice(0, 8);

    beforeAll(async () => {
      h = await open();
      store = await makeStore(h.db);
      acc = new Accounts(store);
    });

    afterAll(async () => {
      await store?.close();
      await h?.cleanup?.();
    });

    it('creates accounts with names unique whatever their case or width', async () => {
      const n = `Anna${uid()}`;
      const a = await acc.create({ id: `a-${uid()}`, name: n, passwordHash: 'scrypt$x' });
      expect(a).toMatchObject({ name: n, passwordHash: 'scrypt$x', settings: {} });
      expect(await acc.create({ id: `a-${uid()}`, name: n.toUpperCase(), passwordHash: 'y' })).toBeNull();
      expect(nameKey('ＡＮＮＡ')).toBe('anna');
      expect((await acc.byName(n.toLowerCase()))?.id).toBe(a!.id);
      expect(await acc.byName(`nobody-${uid()}`)).toBeNull();
      expect(await acc.setPassword(a!.id, 'scrypt$z')).toBe(true);
      expect((await acc.byId(a!.id))?.passwordHash).toBe('scrypt$z');
      expect(await acc.setSettings(a!.id, { notify: { push: true } })).toBe(true);
      expect((await acc.byId(a!.id))?.settings).toEqual({ notify: { push: true } });
    });

    it('keeps sessions by the hash of their token, until they expire or end', async () => {
      const a = (await acc.create({ id: `a-${uid()}`, name: `S${uid()}`, passwordHash: 'h' }))!;
      const later = new Date(Date.now() + 3600_000);
      await acc.createSession('tok-1', a.id, later);
      await acc.createSession('tok-2', a.id, later);
      await acc.createSession('tok-old', a.id, new Date(Date.now() - 1000));
      expect((await acc.session('tok-1'))?.id).toBe(a.id);
      expect(await acc.session('tok-old')).toBeNull();
      expect(await acc.session('')).toBeNull();
      const { rows } = await store.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM sessions WHERE account_id = $1',
        [a.id],
      );
      expect(rows.some((r) => r.token_hash.includes('tok'))).toBe(false);
      expect(await acc.endOtherSessions(a.id, 'tok-1')).toBe(2);
      expect(await acc.session('tok-2')).toBeNull();
      expect((await acc.session('tok-1'))?.id).toBe(a.id);
      await acc.endSession('tok-1');
      expect(await acc.session('tok-1')).toBeNull();
    });

    it('binds one seat of a match per account; lists matches and counts wins per game', async () => {
      const a = (await acc.create({ id: `a-${uid()}`, name: `B${uid()}`, passwordHash: 'h' }))!;
      const b = (await acc.create({ id: `a-${uid()}`, name: `C${uid()}`, passwordHash: 'h' }))!;
      const game = `g-${uid()}`;
      const m = await store.createMatch(
        newMatch({
          game,
          seats: 2,
          status: 'active',
          players: [
            { seat: 0, kind: 'human', token: 't0' },
            { seat: 1, kind: 'human', token: 't1' },
          ],
        }),
      );
      expect(await acc.bindSeat(m.id, 0, a.id)).toBe(true);
      expect(await acc.bindSeat(m.id, 1, a.id)).toBe(false); // one seat per account
      expect(await acc.bindSeat(m.id, 0, b.id)).toBe(false); // already bound
      expect(await acc.bindSeat(m.id, 1, b.id)).toBe(true);
      expect(await acc.seatOf(m.id, a.id)).toBe(0);
      expect(await acc.seatByToken(m.id, 't1')).toEqual({ seat: 1, accountId: b.id });
      const seats = await store.getSeats(m.id);
      expect(seats.map((s) => [s.accountId, s.accountName])).toEqual([
        [a.id, a.name],
        [b.id, b.name],
      ]);
      const m2 = await store.createMatch(
        newMatch({ game, seats: 2, status: 'active', players: [{ seat: 0, kind: 'human', token: 'u0' }] }),
      );
      await acc.bindSeat(m2.id, 0, a.id);
      await store.finishMatch(m.id, { winners: [0], reason: 'points' });
      expect(await acc.stats(a.id)).toEqual([{ game, games: 1, wins: 1, running: 1 }]);
      expect(await acc.stats(b.id)).toEqual([{ game, games: 1, wins: 0, running: 0 }]);
      const mine = await acc.matches(a.id);
      expect(mine.map((x) => [x.match.id, x.seat])).toEqual([
        [m.id, 0],
        [m2.id, 0],
      ]);
      expect((await acc.matches(a.id, { status: ['active'] })).map((x) => x.match.id)).toEqual([m2.id]);
    });

    it('rates a match once, whoever asks, and keeps each change', async () => {
      const a = (await acc.create({ id: `a-${uid()}`, name: `R${uid()}`, passwordHash: 'h' }))!;
      const b = (await acc.create({ id: `a-${uid()}`, name: `Q${uid()}`, passwordHash: 'h' }))!;
      const game = `g-${uid()}`;
      const m = await store.createMatch(newMatch({ game, seats: 2, status: 'finished' }));
      const players = [
        { accountId: a.id, seat: 0 },
        { accountId: b.id, seat: 1 },
      ];
      let calls = 0;
      const compute = (cur: { mu: number; sigma: number }[]) => {
        calls++;
        return cur.map((r, i) => ({ mu: r.mu + (i === 0 ? 2 : -2), sigma: r.sigma - 0.5 }));
      };
      const results = await Promise.all([
        acc.rateMatch(m.id, game, players, { mu: 25, sigma: 8 }, compute),
        acc.rateMatch(m.id, game, players, { mu: 25, sigma: 8 }, compute),
      ]);
      expect(results.sort()).toEqual([false, true]);
      expect(calls).toBe(1);
      expect(await acc.ratings(a.id)).toEqual([{ game, mu: 27, sigma: 7.5, matches: 1 }]);
      expect((await acc.ratingChanges(m.id)).map((c) => [c.seat, c.before.mu, c.after.mu])).toEqual([
        [0, 25, 27],
        [1, 25, 23],
      ]);
      const board = await acc.leaderboard(game);
      expect(board.map((r) => r.name)).toEqual([a.name, b.name]);
    });

    it('notes a notice once per decision; keeps push subscriptions and server keys', async () => {
      const a = (await acc.create({ id: `a-${uid()}`, name: `N${uid()}`, passwordHash: 'h' }))!;
      const m = await store.createMatch(newMatch({ status: 'active' }));
      expect(await acc.noteNotice(m.id, 1, 7)).toBe(true);
      expect(await acc.noteNotice(m.id, 1, 7)).toBe(false);
      expect(await acc.noteNotice(m.id, 1, 8)).toBe(true);
      const endpoint = `https://push.example/${uid()}`;
      await acc.addPush(a.id, { endpoint, p256dh: 'k', auth: 'x' });
      await acc.addPush(a.id, { endpoint, p256dh: 'k2', auth: 'x2' });
      expect(await acc.pushSubscriptions(a.id)).toEqual([{ endpoint, p256dh: 'k2', auth: 'x2' }]);
      expect(await acc.removePush(endpoint, 'someone-else')).toBe(false);
      expect(await acc.removePush(endpoint, a.id)).toBe(true);
      const key = `k-${uid()}`;
      let made = 0;
      const first = await acc.serverKey(key, () => ({ n: ++made }));
      const again = await acc.serverKey(key, () => ({ n: ++made }));
      expect(first).toEqual({ n: 1 });
      expect(again).toEqual({ n: 1 });
    });
  });
}
