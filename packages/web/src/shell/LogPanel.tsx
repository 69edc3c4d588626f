/** The log in words, in the reader's language; each line names the rules it applied, with their text. */
import { useState } from 'react';
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
  const first = state.log.length - lines.length;
  // The one rule whose text is shown under its line ("<log index>:<rule id>"), opened by a click,
  // a tap or Enter: hovering shows the same text as a tooltip.
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="log" aria-label={t('table.log')} role="log" aria-live="off">
      <h2>{t('table.log')}</h2>
      <ol>
        {lines.map((e, i) => {
          const rules = (e.rules ?? []).slice(0, 3);
          const shown = rules.find((r) => open === `${first + i}:${r}`);
          const popId = `rule-${first + i}`;
          return (
            <li key={`${e.v}-${i}`}>
              <span>{game.formatEvent(e, locale, seatName)}</span>
              {rules.map((r) => {
                const k = `${first + i}:${r}`;
                return (
                  <button
                    key={r}
                    type="button"
                    className="rule"
                    title={ruleText(game, r, locale) ?? t('table.rule', { id: r })}
                    aria-expanded={open === k}
                    aria-controls={open === k ? popId : undefined}
                    onClick={() => setOpen(open === k ? null : k)}
                    onKeyDown={(ev) => {
                      if (ev.key === 'Escape' && open === k) setOpen(null);
                    }}
                  >
                    {r}
                  </button>
                );
              })}
              {shown && (
                <p className="rule-text" id={popId} role="note">
                  {ruleText(game, shown, locale) ?? t('table.rule', { id: shown })}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
