/** Rule texts by ID, for the log's rule links (extracted from the specs; see scripts/extract-rules.mjs). */
export type RuleTexts = Record<string, { en: string; ru?: string }>;

export const ruleTexts: Record<string, RuleTexts> = {};

export function ruleText(game: string, id: string, locale: 'en' | 'ru'): string | undefined {
  const r = ruleTexts[game]?.[id];
  if (!r) return undefined;
  return `${id}: ${(locale === 'ru' && r.ru) || r.en}`;
}
