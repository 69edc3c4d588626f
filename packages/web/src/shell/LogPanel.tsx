/**
 * The log in words, in the reader's language, players by name, grouped under the round and turn each
 * line belongs to (when the game says which events open them). The newest line stays in view unless
 * the reader has scrolled up to read: then nothing moves under their eyes and a button leads back to
 * the newest lines. A line that applied rules carries one small marker that opens them in players'
 * words (a line whose rules have no text for players has none).
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AnyGame, GameEvent } from '@tabula/engine';
import { useLocale, useT } from '../i18n/index.js';
import { ruleTexts } from './rules.js';
import { logItems } from './logGroups.js';
import type { Group } from './logGroups.js';

/** Lines kept on screen while following the newest (older ones are in the replay). */
const SHOWN = 200;

export type LogLine = GameEvent & { v?: number };

/** The server's log event of a step taken back (`{seat, from}`): the shell words it, not the game. */
export const UNDO_EVENT = 'tabula.undo';

/** The versions of the log that were taken back: from each marker's `from` up to the marker's own version. */
export function undoneVersions(log: readonly LogLine[]): Set<number> {
  const out = new Set<number>();
  for (const e of log)
    if (e.key === UNDO_EVENT && e.v !== undefined) {
      const from = Number(e.params?.from);
      for (let v = from; v < e.v; v++) out.add(v);
    }
  return out;
}

export function LogPanel({
  game,
  log,
  seatName,
  showPrivate = false,
}: {
  game: AnyGame;
  log: readonly LogLine[];
  seatName: (s: number) => string;
  /** Label each line seen by some seats only with whom it was for (a finished game's full view). */
  showPrivate?: boolean;
}) {
  const { locale } = useLocale();
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  // Whether the reader is at the newest line (then new lines scroll into view).
  const following = useRef(true);
  const [behind, setBehind] = useState(false);
  // While the reader looks at older lines, the first line shown stays the same.
  const startRef = useRef(0);
  if (following.current || startRef.current > log.length) startRef.current = Math.max(0, log.length - SHOWN);
  const start = startRef.current;
  const items = useMemo(() => logItems(game, log, start), [game, log, start]);
  // Steps taken back stay in the log, marked: the versions from a marker's `from` up to the marker.
  const undone = useMemo(() => undoneVersions(log), [log]);
  // The one line whose rule texts are open ("<log index>"), by a click, a tap or Enter.
  const [open, setOpen] = useState<number | null>(null);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (following.current) el.scrollTop = el.scrollHeight;
    else setBehind(true);
  }, [log.length, log]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
    following.current = atEnd;
    if (atEnd) setBehind(false);
  };
  const toNewest = () => {
    following.current = true;
    setBehind(false);
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  };
  const heading = (g: Group) =>
    g.kind === 'round'
      ? g.round !== undefined
        ? t('log.round', { n: g.round })
        : t('log.roundNew')
      : g.seat !== undefined
        ? t('log.turn', { name: seatName(g.seat) })
        : t('log.turnNew');

  return (
    <section className="log" aria-label={t('table.log')} data-testid="log">
      <h2>{t('table.log')}</h2>
      <div
        className="log-scroll"
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-live="off"
        tabIndex={0}
        aria-label={t('table.log')}
        data-testid="log-scroll"
      >
        <ol>
          {items.map((it, k) => {
            if (it.kind === 'head')
              return (
                <li key={`h${it.at}-${k}`} className={`log-head log-${it.group.kind}`}>
                  <strong>{heading(it.group)}</strong>
                </li>
              );
            const e = it.event;
            if (e.key === UNDO_EVENT)
              return (
                <li key={`${e.v ?? ''}-${it.at}`} className="log-undo" data-testid="log-undo">
                  <span>{t('log.undo', { name: seatName(Number(e.params?.seat)) })}</span>
                </li>
              );
            const taken = e.v !== undefined && undone.has(e.v);
            const rules = ruleTexts(game, e.rules ?? [], locale);
            const i = it.at;
            const popId = `rule-${i}`;
            const only = showPrivate && e.to?.length ? e.to.map(seatName).join(', ') : null;
            return (
              <li
                key={`${e.v ?? ''}-${i}`}
                className={taken ? 'undone' : undefined}
                data-testid={taken ? 'log-undone' : undefined}
              >
                <span>{game.formatEvent(e, locale, seatName)}</span>
                {taken && <small className="undone-tag"> ({t('table.undone')})</small>}
                {only && <small className="private"> ({t('log.private', { name: only })})</small>}
                {rules.length > 0 && (
                  <button
                    type="button"
                    className="rule"
                    aria-label={t('table.rulesOf')}
                    title={rules.join('\n')}
                    aria-expanded={open === i}
                    aria-controls={open === i ? popId : undefined}
                    onClick={() => setOpen(open === i ? null : i)}
                    onKeyDown={(ev) => {
                      if (ev.key === 'Escape' && open === i) setOpen(null);
                    }}
                  >
                    §
                  </button>
                )}
                {open === i && (
                  <div className="rule-text" id={popId} role="note">
                    {rules.map((r) => (
                      <p key={r}>{r}</p>
                    ))}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </div>
      {behind && (
        <button type="button" className="log-newest" onClick={toNewest} data-testid="log-newest">
          ↓ {t('table.newest')}
        </button>
      )}
    </section>
  );
}
