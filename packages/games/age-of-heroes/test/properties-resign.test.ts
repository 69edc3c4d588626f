import { describe, expect, it } from 'vitest';
import { runResignGames } from './properties.js';

// Random complete games in which the seat asked resigns now and then (AOH-ELIM-8): 40 games for
// each player count, every 13th step checked like the other property games (sealed views and
// prompt lists, response windows, sampled worlds, invariants, replay hash).
describe('random complete games with resignations', () => {
  for (const players of [2, 3, 4, 5, 6])
    it(`AOH-ELIM-8: ${players} players — every invariant holds after a resignation at any point; the games end and replay`, () => {
      const t = runResignGames(players, 40, 'resign', 13, 400);
      expect(t.games).toBe(40);
      expect(t.capped).toBe(0);
      // Resignations happened: most games ended with the last player standing.
      expect(t.reasons['last-standing'] ?? 0).toBeGreaterThan(20); // without resignations: about 1 game in 100
    });
});
