/**
 * Rule texts by ID, for the log's rule links. Each game module may carry them (`ruleTexts`, for Age
 * of Heroes extracted from its specification by scripts/extract-rules.mjs and translated).
 */
import type { AnyGame, Locale } from '@tabula/engine';

/**
 * "ID: text" for a rule cited by an event, in `locale` (falling back to English); undefined when
 * the game has no text for it.
 */
export function ruleText(game: AnyGame | undefined, id: string, locale: Locale): string | undefined {
  const texts = game?.ruleTexts;
  const text = texts?.[locale]?.[id] || texts?.en?.[id];
  return text ? `${id}: ${text}` : undefined;
}
