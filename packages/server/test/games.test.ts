/**
 * The server is generic over the engine contract: every game of the catalog plays to its end through the
 * server's real code path (HTTP + WebSocket), a human seat driven over WebSocket and the other seats played by
 * the game's heuristic bot in worker threads, and the finished record replays to the stored final state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '@tabula/catalog';
import { Rng, parseRecord, verifyRecord } from '@tabula/engine';
import type { TestApp } from './helpers.js';
import { Client, SHORT, autoPlay, createMatch, http, startApps } from './helpers.js';

let A: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  const s = await startApps([{ allowSeed: true, hub: { windowMs: 0, botDelayMs: 0 } }]);
  [A] = s.apps as [TestApp];
  close = s.close;
});

afterAll(async () => {
  await close?.();
});

/** Options that keep a test game short where a game offers them. */
const SHORTER: Record<string, unknown> = { 'age-of-heroes': SHORT, nations: { ages: 2 } };

describe('every game of the catalog through the server', () => {
  const cases = GAMES.flatMap((g) => {
    const players = Math.max(g.minSeats, Math.min(3, g.maxSeats));
    const list = [{ g, players }];
    if (g.minSeats === 1 && players !== 1) list.push({ g, players: 1 });
    return list;
  });
  for (const { g, players } of cases)
    it(`${g.id}, ${players} player(s): a human over WebSocket and bots play to the end; the record replays`, async () => {
      const bot = Object.keys(g.bots ?? {})[0] ?? 'random';
      const seats = [{ kind: 'human' }, ...Array.from({ length: players - 1 }, () => ({ kind: 'bot', bot }))];
      const m = await createMatch(A.url, {
        game: g.id,
        players,
        seats,
        seed: `games-${g.id}-${players}`,
        options: SHORTER[g.id] ?? {},
      });
      const c = await Client.connect(A.url, { match: m.id, token: m.seats[0]!.token }, `${g.id}-human`);
      const end = await autoPlay(c, new Rng(`games-${g.id}`), { timeoutMs: 120_000 });
      expect(end.view.over).toBeTruthy();
      const r = await http(A.url, 'GET', `/api/matches/${m.id}/record`);
      expect(r.status).toBe(200);
      const rec = parseRecord(r.body);
      expect(rec.ok).toBe(true);
      if (rec.ok) {
        expect(rec.value.game).toBe(g.id);
        expect(verifyRecord(g, rec.value).ok).toBe(true);
      }
      c.close();
    }, 150_000);
});
