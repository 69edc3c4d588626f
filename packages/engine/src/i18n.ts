import type { Catalog, Locale } from './contract.js';

/** Plural categories in a fixed order; a locale's forms are given in this order, e.g. en one|other, ru one|few|many. */
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const pluralRules = new Map<Locale, { rules: Intl.PluralRules; order: string[] }>();

/** The index of the form to use for `n` among `count` forms in `locale` (the last form for any category beyond). */
function pluralIndex(locale: Locale, n: number, count: number): number {
  let r = pluralRules.get(locale);
  if (!r) {
    const rules = new Intl.PluralRules(locale);
    const have = new Set<string>(rules.resolvedOptions().pluralCategories);
    r = { rules, order: CATEGORIES.filter((c) => have.has(c)) };
    pluralRules.set(locale, r);
  }
  return Math.min(r.order.indexOf(r.rules.select(n)), count - 1);
}

/**
 * Fills {name} slots of a template, and {name:form|form…} plural slots with the form for the number `name`
 * in the locale's plural categories (English one|other: "{n} {n:card|cards}"; Russian one|few|many:
 * "{n} {n:карта|карты|карт}"). Missing parameters are left visible, never silently dropped.
 */
export function formatMessage(
  template: string,
  params?: Record<string, unknown>,
  locale: Locale = 'en',
): string {
  if (!params) return template;
  return template
    .replace(/\{(\w+):([^{}]*\|[^{}]*)\}/g, (m, name: string, forms: string) => {
      const n = Number(params[name]);
      if (!(name in params) || !Number.isFinite(n)) return m;
      const list = forms.split('|');
      return list[Math.max(0, pluralIndex(locale, Math.abs(n), list.length))]!;
    })
    .replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Looks a key up in the catalogs (first hit wins), falling back to English, then to the key. */
export function translate(
  catalogs: readonly Catalog[],
  locale: Locale,
  key: string,
  params?: Record<string, unknown>,
): string {
  for (const c of catalogs) {
    const t = c[locale]?.[key];
    if (t !== undefined) return formatMessage(t, params, locale);
  }
  for (const c of catalogs) {
    const t = c.en?.[key];
    if (t !== undefined) return formatMessage(t, params);
  }
  return key;
}

/** Keys present in one locale and missing in another: used by tests to keep catalogs complete. */
export function missingKeys(catalog: Catalog): { locale: Locale; key: string }[] {
  const out: { locale: Locale; key: string }[] = [];
  const all = new Set([...Object.keys(catalog.en), ...Object.keys(catalog.ru)]);
  for (const key of all) {
    if (!(key in catalog.en)) out.push({ locale: 'en', key });
    if (!(key in catalog.ru)) out.push({ locale: 'ru', key });
  }
  return out;
}

/** Picks a locale from an explicit choice or the environment's LANG. */
export function pickLocale(explicit?: string, envLang?: string): Locale {
  const v = (explicit ?? envLang ?? 'en').toLowerCase();
  return v.startsWith('ru') ? 'ru' : 'en';
}
