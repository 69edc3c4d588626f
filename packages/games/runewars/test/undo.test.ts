import { describe, expect, it } from 'vitest';
import { runGames } from './properties.js';

// Taking steps back (GameModule.reveals): in random games checked every 3 actions, every step the game
// says revealed nothing changes every seat's view the same way in a world where only what the stepping
// seat cannot see differs (the property kit's check); battles, diplomacy and heroes included.
describe('steps that may be taken back', () => {
  it('every step said to reveal nothing reveals nothing (2 and 3 players, battles and heroes)', () => {
    const a = runGames(2, 0, 2, 'undo', 3, true);
    const b = runGames(3, 0, 1, 'undo-heroes', 3, true, { heroes: 'on' });
    expect(a.capped + b.capped).toBe(0);
    expect(a.undoChecks + b.undoChecks).toBeGreaterThan(100);
    expect(a.revealing + b.revealing).toBeGreaterThan(100);
  });
});
