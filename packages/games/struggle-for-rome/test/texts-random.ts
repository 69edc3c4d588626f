/**
 * Shared driver of the random-game text tests (issue 16): no action description, prompt, event or text view
 * shows a placeholder, a raw key or a double full stop, in English and Russian, described with the state and
 * as the browser does (no state, the seat's view). Every chosen action and every event is checked at every
 * step; every legal action and prompt at every 50th step (describing every legal action at every step would
 * cost minutes for 1,000 games).
 */
import type { TextTally } from '@tabula/engine';
import { runTextGames } from '@tabula/engine';
import { struggleForRome } from '@tabula/struggle-for-rome';

/** The web shell's badge before a prompt (web/src/i18n/shell.ts, table.yourTurn): no prompt repeats it. */
export const SHELL_PREFIX = { en: 'Your turn', ru: 'Ваш ход' };

/**
 * Data ids a player must never read (issue 19): crossroads `n015`, hexes `h0901`, road sections `e327`,
 * sea routes `S1`, province codes `GER`, city slugs `colonia-agrippina`.
 */
export const ID_LIKE =
  /\b(?:[nhe]\d{3,4}|S\d|GER|GAL|HIS|NIT|SIT)\b|\b[a-z]+-(?:agrippina|treverorum|vindelicorum|regina|martius|augusta|nova|taurinorum)\b/;

/** `count` random games from game number `from` (3 and 4 seats, both tie breaks, at most 60 rounds). */
export function textGames(from: number, count: number): TextTally {
  return runTextGames(
    struggleForRome,
    Array.from({ length: count }, (_, i) => {
      const g = from + i;
      return {
        seats: 3 + (g % 2),
        seed: `texts-${g}`,
        options: g % 3 === 2 ? { tieBreak: 'vpThenGold', roundLimit: 60 } : { roundLimit: 60 },
        every: 50,
        promptPrefix: SHELL_PREFIX,
        forbid: ID_LIKE,
        // The seat's text view and prompt words in every fourth game (they cost a sampled world each).
        seatTexts: g % 4 === 0,
      };
    }),
  );
}
