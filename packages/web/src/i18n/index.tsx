/**
 * Locale handling: English or Russian, switchable at any time, remembered in the browser. Shell and
 * per-game UI texts are ICU messages (react-intl); game log lines and action names come from the
 * game module's own catalog, rendered in the same locale.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { shell } from './shell.js';
import { lobby } from './lobby.js';
import { account } from './account.js';
import { onCatalogs, uiCatalogs } from '../games/registry.js';

export type Locale = 'en' | 'ru';

const LocaleContext = createContext<{ locale: Locale; setLocale: (l: Locale) => void }>({
  locale: 'en',
  setLocale: () => {},
});

function initialLocale(): Locale {
  const saved = localStorage.getItem('tabula.locale');
  if (saved === 'en' || saved === 'ru') return saved;
  return navigator.language.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export function messagesFor(locale: Locale): Record<string, string> {
  const out: Record<string, string> = { ...shell[locale], ...lobby[locale], ...account[locale] };
  for (const c of uiCatalogs) Object.assign(out, c[locale]);
  return out;
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  useEffect(() => {
    localStorage.setItem('tabula.locale', locale);
    document.documentElement.lang = locale;
  }, [locale]);
  // A game's UI texts arrive with its chunk: the messages are built again then.
  const [catalogs, setCatalogs] = useState(uiCatalogs.length);
  useEffect(() => onCatalogs(() => setCatalogs(uiCatalogs.length)), []);
  const messages = useMemo(() => messagesFor(locale), [locale, catalogs]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <LocaleContext.Provider value={{ locale, setLocale }}>
      <IntlProvider locale={locale} messages={messages} defaultLocale="en">
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export const useLocale = () => useContext(LocaleContext);

/** `t('key', {params})` for shell and game-UI texts. */
export function useT(): (id: string, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}

export function LanguageSwitch() {
  const { locale, setLocale } = useLocale();
  const t = useT();
  return (
    <label className="lang">
      <span className="sr-only">{t('app.language')}</span>
      <select
        value={locale}
        onChange={(e) => setLocale(e.target.value as Locale)}
        aria-label={t('app.language')}
      >
        <option value="en">English</option>
        <option value="ru">Русский</option>
      </select>
    </label>
  );
}
