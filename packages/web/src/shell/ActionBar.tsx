/**
 * The action bar: what the game asks of me, and one button per legal action (the generic chooser
 * every game falls back to — only legal actions can be sent). A search box filters long lists.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '../i18n/index.js';
import { ruleTexts } from './rules.js';
import { useSecondTicker } from './ticker.js';
import type { Prompt } from '../net/connection.js';
import type { TableProps } from './types.js';

/**
 * What a prompt asks, in words: the game's own `describePrompt` when it has one; else the prompt kind's
 * entry in the game's catalog (`<prefix>.prompt.<kind>`), else the kind itself.
 */
export function promptText(
  game: TableProps['game'],
  prompt: Prompt,
  view: unknown,
  locale: 'en' | 'ru',
  seatName: (s: number) => string,
): string {
  if (game.describePrompt && view != null) {
    try {
      const text = game.describePrompt(prompt, view, locale, seatName);
      if (text) return text;
    } catch {
      // A game's words must never take the table down: fall back to its catalog.
    }
  }
  const key = `${prompt.kind.split('.')[0]}.prompt.${prompt.kind}`;
  if (!game.messages[locale]?.[key] && !game.messages.en?.[key]) return prompt.kind;
  return game.formatEvent({ key, params: prompt.args ?? {} }, locale, seatName);
}

/** Buttons shown before "Show all N actions" on a long list. */
const FOLD = 8;

export function ActionBar({
  game,
  conn,
  state,
  seatName,
  act,
  hasBoard,
}: TableProps & { hasBoard?: boolean }) {
  const [listOpen, setListOpen] = useState(() => localStorage.getItem('tabula.allActions') === 'open');
  const { locale } = useLocale();
  const t = useT();
  const [filter, setFilter] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const prompt = state.prompts[0];
  const over = state.match?.status === 'finished' || !!(state.view as { over?: unknown } | null)?.over;
  // A new prompt moves focus to the heading (unless the player is typing). Other moves (a bot's, a
  // trade offer) leave a keyboard user where they are, unless the update took their focus away.
  const promptKey = prompt && !prompt.optional ? `${prompt.kind}:${JSON.stringify(prompt.args ?? {})}` : '';
  const lastPrompt = useRef('');
  useEffect(() => {
    const active = document.activeElement;
    const typing =
      active instanceof HTMLInputElement ||
      active instanceof HTMLTextAreaElement ||
      active instanceof HTMLSelectElement;
    const lost = !active || active === document.body;
    const fresh = promptKey !== lastPrompt.current;
    lastPrompt.current = promptKey;
    if (promptKey && !typing && (fresh || lost)) heading.current?.focus();
  }, [promptKey, state.v]);
  const labels = state.legal.map((a) =>
    game.describeAction(null, state.seat, a, locale, seatName, state.view),
  );
  const [unfolded, setUnfolded] = useState(false);
  const matching = labels
    .map((l, i) => ({ l, i }))
    .filter((x) => !filter || x.l.toLowerCase().includes(filter.toLowerCase()));
  // A long list shows its first buttons and one more to unfold it (the search box finds the rest).
  const folds = !unfolded && !filter && matching.length > FOLD + 2;
  const shown = folds ? matching.slice(0, FOLD) : matching;
  // A decision with one possible action is not a decision: the server takes it for the player once the
  // window's minimum time is over, so it is shown as information, with no button.
  const forced = !!prompt && !prompt.optional && !over && state.legal.length === 1;
  let status: string;
  if (over) status = t('table.over');
  else if (state.seat < 0) status = t('table.spectating');
  else if (prompt) status = promptText(game, prompt, state.view, locale, seatName);
  else
    status = state.waitingFor.length
      ? t('table.waitingFor', { names: state.waitingFor.map(seatName).join(', ') })
      : state.responses
        ? t('table.waitingResponses')
        : '';
  const list = (
    <>
      {state.legal.length > 8 && (
        <input
          type="search"
          className="action-search"
          placeholder={t('table.searchActions')}
          aria-label={t('table.searchActions')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      <div className="actions" role="group" aria-label={t('table.actions')}>
        {shown.map(({ l, i }) => (
          <button key={i} type="button" disabled={state.pending} onClick={() => act(state.legal[i])}>
            {l}
          </button>
        ))}
      </div>
      {(folds || (unfolded && matching.length > FOLD + 2)) && (
        <button
          type="button"
          className="fold"
          aria-expanded={!folds}
          onClick={() => setUnfolded(folds)}
          data-testid="unfold-actions"
        >
          {folds ? t('table.moreActions', { n: matching.length }) : t('table.fewerActions')}
        </button>
      )}
    </>
  );
  return (
    <section
      className={`action-bar ${prompt && !prompt.optional ? 'mine' : ''}`}
      aria-label={t('table.actions')}
      data-testid="action-bar"
    >
      <div className="bar-head">
        <h2 ref={heading} tabIndex={-1}>
          {prompt && !prompt.optional ? <span className="turn-badge">{t('table.yourTurn')}: </span> : null}
          {status}
        </h2>
        {state.deadline !== null && <Countdown deadline={state.deadline} />}
        {state.undo && conn.undo && !over && (
          <button
            type="button"
            className="undo"
            title={t('table.undoHint')}
            disabled={state.pending}
            onClick={() => conn.undo!()}
            data-testid="undo"
          >
            ↶ {t('table.undo')}
          </button>
        )}
      </div>
      {state.error && (
        <p className="error" role="alert">
          {t('table.error', { message: state.error.message })}{' '}
          {state.error.rule &&
            ruleTexts(game, [state.error.rule], locale).map((r) => (
              <small key={r} className="error-rule">
                {r}{' '}
              </small>
            ))}
          <button type="button" onClick={() => conn.clearError()}>
            {t('table.dismiss')}
          </button>
        </p>
      )}
      {state.pending && <p role="status">{t('table.pending')}</p>}
      {over && state.match && (
        <p className="replay-link">
          <a href={`#/replay/${state.match.id}`}>{t('table.replay')}</a>
        </p>
      )}
      {forced ? (
        <p className="forced" role="status" data-testid="forced">
          {t('table.forced', { action: labels[0]! })}
        </p>
      ) : hasBoard && state.legal.length > 0 ? (
        // With a board, the board is the way to play; the full list stays one keypress away.
        <details
          className="all-actions"
          open={listOpen}
          onToggle={(e) => {
            const o = (e.currentTarget as HTMLDetailsElement).open;
            setListOpen(o);
            localStorage.setItem('tabula.allActions', o ? 'open' : 'closed');
          }}
        >
          <summary>{t('table.allActions', { n: state.legal.length })}</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </section>
  );
}

function Countdown({ deadline }: { deadline: number }) {
  const t = useT();
  const text = () => {
    const s = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    const time =
      s >= 3600
        ? `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`
        : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    return t('table.deadline', { time });
  };
  const ref = useSecondTicker<HTMLParagraphElement>(text);
  return (
    <p className="clock" ref={ref}>
      {text()}
    </p>
  );
}
