/**
 * The engine's generic checks over random games: every refusal of an unlisted action cites a rule of the
 * spec, says why in English and Russian and changes nothing (RW-DP-88); no action, prompt, event or text
 * view shows a placeholder or a raw key, in either language.
 */
import { describe, expect, it } from 'vitest';
import { missingKeys, runRefusalGames, runTextGames } from '@tabula/engine';
import { messages, runewars } from '@tabula/runewars';

describe('RuneWars: refusals and texts', () => {
  it('RW-DP-88: every refusal of an unlisted action cites a rule, says why (en/ru) and changes nothing', () => {
    const t = runRefusalGames(
      runewars,
      Array.from({ length: 6 }, (_, i) => ({
        seats: 2 + (i % 3),
        seed: `refusals-${i}`,
        every: 7,
        perSeat: 10,
      })),
    );
    expect(t.refused).toBeGreaterThan(2000);
    expect(Object.keys(t.codes).length).toBeGreaterThan(15);
  });

  it('every text in English and Russian is complete (no placeholder, no raw key)', () => {
    expect(missingKeys(messages)).toEqual([]);
    const t = runTextGames(
      runewars,
      Array.from({ length: 6 }, (_, i) => ({
        seats: 2 + (i % 3),
        seed: `texts-${i}`,
        every: 5,
        promptPrefix: { en: 'Your turn', ru: 'Ваш ход' },
      })),
    );
    expect(t.games).toBe(6);
    expect(t.texts).toBeGreaterThan(10000);
  });
});
