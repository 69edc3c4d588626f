/**
 * Shared driver of the random-game text tests (issue 16): no action description, prompt, event or text view
 * shows a placeholder, a raw key or a double full stop, in English and Russian, described with the state and
 * as the browser does (no state, the seat's view). Every chosen action and every event is checked at every
 * step; every legal action and prompt at every 50th step (describing every legal action at every step would
 * cost minutes for 1,000 games).
 */
import type { TextTally } from '@tabula/engine';
import { runTextGames } from '@tabula/engine';
import { ageOfHeroes } from '@tabula/age-of-heroes';

/** The web shell's badge before a prompt (web/src/i18n/shell.ts, table.yourTurn): no prompt repeats it. */
export const SHELL_PREFIX = { en: 'Your turn', ru: 'Ваш ход' };

/** `count` random games from game number `from` (2–6 seats, random and drafted tribes). */
export function textGames(from: number, count: number): TextTally {
  return runTextGames(
    ageOfHeroes,
    Array.from({ length: count }, (_, i) => {
      const g = from + i;
      return {
        seats: 2 + (g % 5),
        seed: `texts-${g}`,
        options: { tribes: g % 2 ? 'draft' : 'random' },
        every: 50,
        promptPrefix: SHELL_PREFIX,
        // The seat's text view and its prompts in words (describePrompt), as the CLI and the browser show them.
        seatTexts: g % 3 === 0,
      };
    }),
  );
}
