import { describe, expect, it } from 'vitest';
import { migrate, openPglite, Store } from '@tabula/store';
import { newMatch } from './behaviours.js';

describe('appendActions (several matches in one statement)', () => {
  it('keeps each compare-and-set and reports every outcome like appendAction', async () => {
    const db = await openPglite('memory');
    await migrate(db);
    const store = new Store(db);
    try {
      const a = await store.createMatch(newMatch({ status: 'active' }));
      const b = await store.createMatch(newMatch({ status: 'active' }));
      const c = await store.createMatch(newMatch({ status: 'active' }));
      const done = await store.createMatch(newMatch({ status: 'active' }));
      await store.appendAction(b.id, 0, { seat: 0, action: 'first' });
      await store.finishMatch(done.id, null);

      const r = await store.appendActions([
        { matchId: a.id, expectedSeq: 0, seat: 1, action: { type: 'go', n: 1 } },
        { matchId: b.id, expectedSeq: 0, seat: 0, action: 'stale' },
        { matchId: c.id, expectedSeq: 0, seat: 2, action: [1, 2] },
        { matchId: done.id, expectedSeq: 0, seat: 0, action: 'late' },
        { matchId: 'no-such-match', expectedSeq: 0, seat: 0, action: 'x' },
      ]);
      expect(r).toEqual([
        { ok: true, seq: 1 },
        { ok: false, reason: 'conflict', currentSeq: 1 },
        { ok: true, seq: 1 },
        { ok: false, reason: 'closed', currentSeq: 0 },
        { ok: false, reason: 'not-found' },
      ]);
      expect(await store.actions(a.id)).toMatchObject([{ seq: 1, seat: 1, action: { type: 'go', n: 1 } }]);
      expect((await store.actions(b.id)).map((x) => x.action)).toEqual(['first']);
      expect((await store.actions(c.id)).map((x) => x.action)).toEqual([[1, 2]]);
      expect((await store.getMatch(c.id))?.seq).toBe(1);

      // The same match twice: taken in order, one by one (the second is then stale).
      expect(
        await store.appendActions([
          { matchId: a.id, expectedSeq: 1, seat: 0, action: 'x' },
          { matchId: a.id, expectedSeq: 1, seat: 1, action: 'y' },
        ]),
      ).toEqual([
        { ok: true, seq: 2 },
        { ok: false, reason: 'conflict', currentSeq: 2 },
      ]);
      await expect(
        store.appendActions([
          { matchId: a.id, expectedSeq: -1, seat: 0, action: 'x' },
          { matchId: c.id, expectedSeq: 1, seat: 0, action: 'y' },
        ]),
      ).rejects.toThrow(RangeError);
      expect((await store.getMatch(c.id))?.seq).toBe(1);
    } finally {
      await store.close();
    }
  });
});
