import { describe, expect, it } from 'vitest';
import { runGames } from './properties.js';

// 200 random complete games with 2 players (1,000 over the five player counts), every step checked:
// every card in exactly one place, no negative counts, sealed views, JSON round trip, replay hash.
describe('random complete games, 2 players', () => {
  it('keep every invariant, end, and replay to the same hash', () => {
    const t = runGames(2, 200, 'prop', 97);
    expect(t.games).toBe(200);
    expect(t.capped).toBe(0);
    expect(Object.values(t.reasons).reduce((a, b) => a + b, 0)).toBe(200);
    // Response windows were checked (AOH-HID-14), many of them against a world where other seats
    // hold Luck, Olympic Games or a Hero.
    expect(t.windowHolderChanges).toBeGreaterThan(20);
    // Thousands of window answers, each closing its seat's window in one action (AOH-WAR-11).
    expect(t.windowAnswers).toBeGreaterThan(2000);
  });
});
