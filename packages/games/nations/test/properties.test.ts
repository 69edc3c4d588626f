import { describe, expect, it } from 'vitest';
import { runGames } from './properties.js';

// 1,000 random complete games (200 per player count 1–5) across option variants (B sides, levels, difficulty,
// easy game, short game, promo, solo options): every action checked for conservation of workers (13 per
// colour), progress cards (each in exactly one place), event cards and tiles, and no negative amounts; every
// 37th action also for the JSON round trip, sealed views (NAT-HIDDEN-2), sampled worlds (NAT-HIDDEN-5) and legal
// actions independent of hidden information; every game ends after its last round (NAT-END-1) and replays to
// the same hash (NAT-RNG-5).
describe('Nations random complete games', () => {
  for (const players of [1, 2, 3, 4, 5])
    for (let batch = 0; batch < 2; batch++)
      it(`${players} player(s), batch ${batch + 1} of 2: invariants hold, every game ends, replays match (NAT-RNG-5, NAT-END-1, NAT-HIDDEN-2)`, () => {
        const t = runGames(players, batch * 100, Number(process.env.NAT_GAMES ?? 100), 'nat', 37);
        expect(t.games).toBe(Number(process.env.NAT_GAMES ?? 100));
        expect(t.capped).toBe(0);
        expect(Object.values(t.reasons).reduce((a, b) => a + b, 0)).toBe(t.games);
      });
});
