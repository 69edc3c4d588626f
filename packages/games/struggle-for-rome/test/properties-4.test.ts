import { describe, expect, it } from 'vitest';
import { runGames } from './properties.js';

// 500 random complete games with 4 players in five batches, every action checked for conservation
// (cards, figures, wagons, tokens, gold) and no negative counts; every 61st action also for the JSON
// round trip, sealed views (perturbHidden), sampled worlds and hidden-information-free legal actions;
// each game replayed to the same hash. Every game ends: by 10 VP, or at the round limit (option
// roundLimit: 60 rounds here, a platform cap for random play, off by default; documented in docs/games/struggle-for-rome.md).
describe('random complete games, 4 players', () => {
  for (let batch = 0; batch < 5; batch++)
    it(`batch ${batch + 1} of 5 keeps every invariant, ends, and replays to the same hash`, () => {
      const t = runGames(4, batch * 100, 100, 'prop', 61);
      expect(t.games).toBe(100);
      expect(t.capped).toBe(0);
      expect(Object.values(t.reasons).reduce((a, b) => a + b, 0)).toBe(100);
    });
});
