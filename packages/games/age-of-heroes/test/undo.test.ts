import { describe, expect, it } from 'vitest';
import { runGames } from './properties.js';

// Taking steps back (GameModule.reveals): in random games checked every 3 actions, every step the game
// says revealed nothing changes every seat's view the same way in a world where only what the stepping
// seat cannot see differs (other hands, the decks, wars' hidden cards, drafts, the generator).
describe('steps that may be taken back', () => {
  it('every step said to reveal nothing reveals nothing (2 and 4 players)', () => {
    const t = [runGames(2, 2, 'undo', 3), runGames(4, 1, 'undo', 3)];
    expect(t.reduce((n, x) => n + x.capped, 0)).toBe(0);
    expect(t.reduce((n, x) => n + x.undoChecks, 0)).toBeGreaterThan(50);
    expect(t.reduce((n, x) => n + x.revealing, 0)).toBeGreaterThan(50);
  });
});
