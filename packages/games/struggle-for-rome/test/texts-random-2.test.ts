import { describe, expect, it } from 'vitest';
import { textGames } from './texts-random.js';

// 1,000 random games in all (texts-random-1 and -2), 100 per test; TEXT_GAMES scales the total.
const TOTAL = Number(process.env.TEXT_GAMES ?? 1000);
const PER = TOTAL / 10;

describe('Struggle for Rome words over random games, part 2 of 2', () => {
  for (let b = 5; b < 10; b++)
    it(`games ${b * PER}–${(b + 1) * PER - 1}: every action (with the state and from the view), prompt, event and text view reads without placeholder, raw key, double full stop or data id, in English and Russian`, () => {
      const t = textGames(b * PER, PER);
      expect(t.games).toBe(PER);
      expect(t.texts).toBeGreaterThan(PER * 1000);
    });
});
