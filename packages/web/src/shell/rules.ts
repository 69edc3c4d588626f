/**
 * Rule texts by ID, for the log's rule links. Each game module may carry them (`ruleTexts`, for Age
 * of Heroes extracted from its specification by scripts/extract-rules.mjs and translated).
 */
import type { AnyGame, Locale } from '@tabula/engine';
import { findGame } from '@tabula/catalog';

/**
 * "ID: text" for a rule cited by an event, in `locale` (falling back to English); undefined when
 * the game has no text for it. `game` is the module or its id.
 */
export function ruleText(game: AnyGame | string | undefined, id: string, locale: Locale): string | undefined {
  const g = typeof game === 'string' ? findGame(game) : game;
  const texts = g?.ruleTexts;
  const text = texts?.[locale]?.[id] || texts?.en?.[id];
  return text ? `${id}: ${text}` : undefined;
}
