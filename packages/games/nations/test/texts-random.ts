/**
 * Shared driver of the random-game text tests (issue 16): no action description, prompt, event or text view
 * shows a placeholder, a raw key or a double full stop, in English and Russian, described with the state and
 * as the browser does (no state, the seat's view). Every chosen action and every event is checked at every
 * step; every legal action and prompt at every 50th step (describing every legal action at every step would
 * cost minutes for 1,000 games).
 */
import type { Rng, TextTally } from '@tabula/engine';
import { runTextGames } from '@tabula/engine';
import { nations } from '@tabula/nations';

/** The web shell's badge before a prompt (web/src/i18n/shell.ts, table.yourTurn): no prompt repeats it. */
export const SHELL_PREFIX = { en: 'Your turn', ru: 'Ваш ход' };

const VARIANTS: unknown[] = [
  {},
  { boardSides: 'choose', includePromo: true },
  { ages: 2, cardLevels: ['basic'] },
  { easy: ['food', false, 'stability'], difficulty: ['chieftain', 'king', 'emperor'] },
];

/** Acting is preferred over passing (7 in 8), so that games reach many cards, decisions and events. */
function choose(legal: unknown[], rng: Rng): unknown {
  const acts = legal.filter((a) => (a as { type: string }).type !== 'pass');
  return acts.length && rng.int(8) ? rng.pick(acts) : rng.pick(legal);
}

/** `count` random games from game number `from` (1–5 seats, B sides, promo cards, short games, easy games). */
export function textGames(from: number, count: number): TextTally {
  return runTextGames(
    nations,
    Array.from({ length: count }, (_, i) => {
      const g = from + i;
      const seats = 1 + (g % 5);
      let options = VARIANTS[g % VARIANTS.length];
      if (seats === 1 || (seats === 5 && g % VARIANTS.length === 2)) options = {};
      return { seats, seed: `texts-${g}`, options, every: 50, choose, promptPrefix: SHELL_PREFIX };
    }),
  );
}
