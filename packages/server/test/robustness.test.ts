import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '@tabula/store';
import { Client, GAME, createMatch, http, humans, startApps } from './helpers.js';
import type { TestApp } from './helpers.js';

// A match whose stored log can no longer be replayed (data damaged, or rules changed under it) must
// give its clients a clear error and leave the server serving every other table.
describe('a match that cannot be loaded', () => {
  let env: { apps: TestApp[]; store: Store; close: () => Promise<void> };
  beforeAll(async () => {
    env = await startApps([{}]);
  });
  afterAll(async () => {
    await env.close();
  });

  it('answers its clients with an error and keeps the server running', async () => {
    const base = env.apps[0]!.url;
    const broken = await createMatch(base, { game: GAME, players: 2, seats: humans(2) });
    // A second process (or a bad migration) wrote an action the rules reject at version 1.
    // Drop the cached runtime first so the next access loads the damaged log from the store.
    env.apps[0]!.app.hub.drop(broken.id);
    const stored = await env.store.appendAction(broken.id, 0, {
      seat: 0,
      action: { type: 'no-such-action' },
    });
    expect(stored.ok).toBe(true);
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const c = new Client(base);
      await c.opened;
      c.send({ t: 'hello', match: broken.id, token: broken.seats[0]!.token });
      const err = await c.wait((m) => m.t === 'error');
      expect(err.code).toBe('internal');
      c.close();
      // The server still serves: health, the lobby and another match.
      expect((await http(base, 'GET', '/healthz')).status).toBe(200);
      const ok = await createMatch(base, { game: GAME, players: 2, seats: humans(2) });
      const d = await Client.connect(base, { t: 'hello', match: ok.id, token: ok.seats[0]!.token });
      expect(d.last?.t).toBe('welcome');
      d.close();
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
