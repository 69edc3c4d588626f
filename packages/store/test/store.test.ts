import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDb, openPglite, Store } from '@tabula/store';
import { newMatch, storeBehaviours } from './behaviours.js';
import { accountBehaviours } from './account-behaviours.js';

// The default path: embedded PostgreSQL (PGlite), in memory.
storeBehaviours('PGlite (memory)', async () => ({ db: await openPglite('memory') }));
accountBehaviours('PGlite (memory)', async () => ({ db: await openPglite('memory') }));

describe('PGlite on disk', () => {
  it('keeps data across close and reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-store-'));
    const dataDir = join(dir, 'nested', 'db');
    try {
      const first = await Store.open(await openDb(dataDir));
      expect(first.db.kind).toBe('pglite');
      const m = await first.createMatch(
        newMatch({ players: [{ seat: 0, kind: 'human', name: 'Ann', token: 'tok' }] }),
      );
      expect(await first.appendAction(m.id, 0, { seat: 0, action: { type: 'go' } })).toEqual({
        ok: true,
        seq: 1,
      });
      await first.saveSnapshot(m.id, 1, { turn: 1 });
      await first.addChat(m.id, { seat: 0, text: 'still here?' });
      await first.close();

      const second = await Store.open(await openPglite(dataDir));
      try {
        expect((await second.getMatch(m.id))?.seq).toBe(1);
        expect((await second.actions(m.id)).map((a) => a.action)).toEqual([{ type: 'go' }]);
        expect(await second.latestSnapshot(m.id)).toEqual({ seq: 1, state: { turn: 1 } });
        expect((await second.findSeatByToken(m.id, 'tok'))?.name).toBe('Ann');
        expect((await second.chat(m.id, null)).map((c) => c.text)).toEqual(['still here?']);
        expect((await migrate(second.db)).applied).toEqual([]);
        expect(await second.appendAction(m.id, 0, { seat: 0, action: 'stale' })).toEqual({
          ok: false,
          reason: 'conflict',
          currentSeq: 1,
        });
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
