import { describe, expect, it } from 'vitest';
import { runGames } from './properties.js';

// Random complete 7-year games of 2, 3 and 4 players (RW-GEN-03, RW-IMPL-41/42): every action checked for
// the invariants and conservation; every 23rd action also for the JSON round trip, clone, sealed views,
// sampled worlds and legal actions free of hidden information; every game replayed to the same hash.
describe('random complete games', () => {
  for (const players of [2, 3, 4])
    it(`RW-IMPL-41, RW-IMPL-42, RW-RAND-01: ${players} players keep every invariant, end after year 7 and replay to the same hash`, () => {
      const t = runGames(players, 0, 12, 'prop', 23);
      expect(t.games).toBe(12);
      expect(t.capped).toBe(0);
      expect(t.reasons.runes).toBe(12);
    });
});
