import type { Catalog, Locale } from './contract.js';

/** Fills {name} slots of a template. Missing parameters are left visible, never silently dropped. */
export function formatMessage(template: string, params?: Record<string, unknown>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
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
    if (t !== undefined) return formatMessage(t, params);
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
