/** The log in words, in the reader's language; each line names the rules it applied, with their text. */
import { useLocale, useT } from '../i18n/index.js';
import type { TableState } from '../net/connection.js';
import type { TableProps } from './types.js';
import { ruleText } from './rules.js';

export function LogPanel({
  game,
  state,
  seatName,
}: {
  game: TableProps['game'];
  state: TableState;
  seatName: (s: number) => string;
}) {
  const { locale } = useLocale();
  const t = useT();
  const lines = state.log.slice(-200);
  return (
    <section className="log" aria-label={t('table.log')}>
      <h2>{t('table.log')}</h2>
      <ol role="log" aria-live="off">
        {lines.map((e, i) => (
          <li key={`${e.v}-${i}`}>
            <span>{game.formatEvent(e, locale, seatName)}</span>
            {(e.rules ?? []).slice(0, 3).map((r) => (
              <abbr
                key={r}
                className="rule"
                title={ruleText(game.id, r, locale) ?? t('table.rule', { id: r })}
                tabIndex={0}
              >
                {r}
              </abbr>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
