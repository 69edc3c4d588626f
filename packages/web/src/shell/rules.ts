/**
 * Rule texts for players, for the log's rule links and refusals: each game module carries its rules
 * in players' words (`ruleTexts`, per locale, loaded with the game's client chunk). A rule without a
 * text in the reader's language has no link: the reader never sees a rule ID or another language.
 */
import type { AnyGame, Locale } from '@tabula/engine';

/** The players' text of a rule in `locale`, or undefined when the game has none. */
export function ruleText(game: AnyGame | undefined, id: string, locale: Locale): string | undefined {
  return game?.ruleTexts?.[locale]?.[id]?.trim() || undefined;
}

/** The texts of the rules a log line or a refusal cites, in `locale`: those that have one, each once. */
export function ruleTexts(game: AnyGame | undefined, ids: readonly string[], locale: Locale): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const text = ruleText(game, id, locale);
    if (text && !out.includes(text)) out.push(text);
  }
  return out;
}
