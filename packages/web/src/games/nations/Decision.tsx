/**
 * The decision beside the board: what the game asks (in words), the card or event that asks it with its
 * full text, what is selected on the table (its text and the actions it offers, each with what it costs
 * and gives), a card looked at (its text, and why it cannot be bought now), and the choices that point at
 * nothing on the table (pass, end the turn, accept or decline, a branch, a payment) as buttons. Passing
 * asks for a confirmation: it ends the nation's round.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { EventDef, NatAction } from '@tabula/nations';
import { EVENT_CARDS, PROMO_EVENT_CARDS, eventCard, nationBoard } from '@tabula/nations';
import { promptText } from '../../shell/ActionBar.js';
import { keyOf, useNat } from './ctx.js';
import type { Nat } from './ctx.js';
import { fullText } from './Card.js';
import { Icon } from './icons.js';
import { amount, cardData, eventLines, nationLines } from './text.js';
import type { L } from './text.js';

function Btn({
  a,
  children,
  cls,
  target,
}: {
  a: NatAction;
  children?: ReactNode;
  cls?: string;
  target?: string;
}) {
  const n = useNat();
  return (
    <button
      type="button"
      className={`nat-act ${cls ?? ''}`}
      disabled={n.pending}
      data-targets={target}
      onClick={() => n.send(a)}
    >
      {children ?? <ActionWords a={a} />}
    </button>
  );
}

/** What an action changes for me, in words ("you pay 2 gold, gain 1 book"). */
export function effectWords(n: Nat, a: NatAction): string {
  const e = n.effectOf(a);
  if (!e) return '';
  const l = n.locale as L;
  const pay: string[] = [];
  const gain: string[] = [];
  for (const r of ['gold', 'stone', 'food', 'books'] as const) {
    const d = e.res[r] ?? 0;
    if (d < 0) pay.push(amount(-d, r, l));
    if (d > 0) gain.push(amount(d, r, l));
  }
  const parts: string[] = [];
  if (pay.length) parts.push(n.t('nat.ui.youPay', { what: pay.join(', ') }));
  if (gain.length) parts.push(n.t('nat.ui.youGain', { what: gain.join(', ') }));
  if (e.vp) parts.push(n.t('nat.ui.youVp', { n: e.vp > 0 ? `+${e.vp}` : `−${-e.vp}` }));
  return parts.length
    ? parts.join('; ')
    : a.type === 'choose' || a.type === 'pass' || a.type === 'end'
      ? ''
      : n.t('nat.ui.free');
}

/** An action in the words of the table (the game's own words for the rest). */
export function actionLabel(n: Nat, a: NatAction): string {
  const { view, t } = n;
  const mine = n.me >= 0 ? view.players[n.me] : undefined;
  const slotName = (i: number) => {
    const x = mine?.row[i];
    return x ? n.card(x.id) : t('nat.ui.slotN', { n: i + 1 });
  };
  if (a.type === 'buy')
    return t('nat.ui.buyFor', { price: view.prices[(a.row - 1) * view.cols + a.col] ?? a.row });
  if (a.type === 'deploy')
    return a.from === -1
      ? t('nat.ui.deployIdle', { card: slotName(a.to) })
      : t('nat.ui.deployMove', { from: slotName(a.from), card: slotName(a.to) });
  if (a.type === 'undeploy') return t('nat.ui.undeploy', { card: slotName(a.slot) });
  return n.describe(a);
}

function ActionWords({ a }: { a: NatAction }) {
  const n = useNat();
  const cost = effectWords(n, a);
  return (
    <>
      <span className="nat-act-w">{actionLabel(n, a)}</span>
      {cost && <span className="nat-act-cost">{cost}</span>}
    </>
  );
}

/** The card or event a pending decision comes from. */
function sourceOf(n: Nat): { card?: string; event?: EventDef; eventId?: string } | null {
  const pd = n.view.pending;
  if (!pd) return null;
  const d = 'd' in pd ? (pd.d as Record<string, unknown>) : null;
  let src: string | undefined;
  if (typeof d?.id === 'string') src = d.id;
  else if (d?.ctx && typeof (d.ctx as { src?: unknown }).src === 'string')
    src = (d.ctx as { src: string }).src;
  else if (typeof d?.src === 'string') src = d.src;
  if (pd.kind === 'warSpread') {
    const w = n.view.war?.id;
    if (w) return { card: w };
  }
  if (!src) return null;
  if (cardData(src)) return { card: src };
  for (const e of [...EVENT_CARDS, ...PROMO_EVENT_CARDS])
    for (const h of e.events) {
      const defs = Array.isArray(h) ? h : [h];
      if (defs.some((x) => x.name === src)) return { event: defs[0], eventId: e.id };
    }
  return null;
}

function TextBox({
  title,
  sub,
  lines,
  icon,
}: {
  title: string;
  sub?: string;
  lines: string[];
  icon?: string;
}) {
  return (
    <div className="nat-textbox">
      <b>
        {icon && <Icon name={icon} />} {title}
      </b>
      {sub && <span className="nat-textbox-sub">{sub}</span>}
      <ul>
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
    </div>
  );
}

function Source() {
  const n = useNat();
  const s = sourceOf(n);
  if (!s) return null;
  if (s.card) {
    const c = cardData(s.card)!;
    const ft = fullText(n, s.card);
    return <TextBox title={ft.title} sub={ft.sub} lines={ft.lines} icon={c.type} />;
  }
  if (s.event) {
    const e = eventLines(s.event, n.locale, (x) => n.card(x));
    return <TextBox title={e.name} sub={n.t('nat.ui.eventCard')} lines={[e.text]} icon="event" />;
  }
  return null;
}

/** The name and text of what a selected target key refers to. */
function describeKey(n: Nat, key: string): { title: string; sub?: string; lines: string[]; icon?: string } {
  const { view, t } = n;
  const [kind, ...rest] = key.split(':');
  const id = rest.join(':');
  const mine = n.me >= 0 ? view.players[n.me] : undefined;
  if (kind === 'space') {
    const [row, col] = id.split(':').map(Number) as [number, number];
    const b = view.board[(row - 1) * view.cols + col];
    if (b) {
      const ft = fullText(n, b.id);
      return {
        ...ft,
        sub: `${ft.sub} · ${t('nat.ui.where', { row, col: col + 1 })}`,
        icon: cardData(b.id)?.type,
      };
    }
  }
  if (kind === 'slot' && mine) {
    const x = mine.row[Number(id)];
    if (x) return { ...fullText(n, x.id), icon: cardData(x.id)?.type };
    return { title: t('nat.ui.emptySlot', { n: Number(id) + 1 }), lines: [] };
  }
  if (kind === 'card') {
    if (id === '-1' && mine)
      return { title: n.nation(mine.nation), sub: t('nat.ui.boardAbility'), lines: [] };
    if (mine) {
      const x = [...mine.advisors, ...mine.colonies, ...mine.wonders, ...mine.row].find(
        (c) => c && String(c.u) === id,
      );
      if (x) return { ...fullText(n, x.id), icon: cardData(x.id)?.type };
    }
    if (eventCard(id)) return { title: n.card(id), lines: [], icon: 'event' };
  }
  if (kind === 'item') {
    if (['gold', 'stone', 'food', 'books'].includes(id))
      return { title: n.g(`nat.res.${id}`), lines: [], icon: id };
    if (id === 'idle') return { title: t('nat.ui.idleWorkers'), lines: [], icon: 'worker' };
    if (id === 'worker') return { title: t('nat.ui.track'), lines: [], icon: 'worker' };
    if (id === 'architect')
      return { title: t('nat.ui.hirePool', { n: view.pool }), lines: [], icon: 'architect' };
    if (id === 'privateArchitect')
      return { title: t('nat.ui.hirePriv', { n: mine?.priv ?? 0 }), lines: [], icon: 'architect' };
    return { title: n.nation(id), lines: [] };
  }
  if (kind === 'seat') return { title: n.name(Number(id)), lines: [] };
  return { title: key, lines: [] };
}

/** Brings a panel into view when it appears (a phone's board tab lies below the decision). */
function useShown<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: 'nearest' });
  }, [key]);
  return ref;
}

function Selected() {
  const n = useNat();
  const { t } = n;
  const ref = useShown<HTMLDivElement>(n.sel!);
  const keys = n.sel!.split(' ');
  const acts = [...new Set(keys.flatMap((k) => n.targets.get(k) ?? []))];
  if (!acts.length) return null;
  const d = describeKey(n, keys.find((k) => !k.startsWith('item:') || keys.length === 1) ?? keys[0]!);
  return (
    <div className="nat-selected" data-testid="nat-selected" ref={ref}>
      <TextBox title={t('nat.ui.selected', { name: d.title })} sub={d.sub} lines={d.lines} icon={d.icon} />
      <div className="nat-acts" role="group" aria-label={t('nat.ui.selectedActs')}>
        {acts.map((a, i) => (
          <Btn key={i} a={a} cls="nat-confirm" />
        ))}
        <button type="button" className="nat-cancel" onClick={() => n.select(null)}>
          {t('nat.ui.cancel')}
        </button>
      </div>
    </div>
  );
}

function Look() {
  const n = useNat();
  const { view, t } = n;
  const id = n.look!;
  const ref = useShown<HTMLDivElement>(id);
  const ft = fullText(n, id);
  const i = view.board.findIndex((b) => b?.id === id);
  const why = i >= 0 ? n.whyNot(Math.floor(i / view.cols) + 1, i % view.cols) : null;
  return (
    <div className="nat-selected nat-look" data-testid="nat-look" ref={ref}>
      <TextBox title={ft.title} sub={ft.sub} lines={ft.lines} icon={cardData(id)?.type} />
      {why && <p className="nat-why">{t('nat.ui.cannotBuy', { why })}</p>}
      <button type="button" className="nat-cancel" onClick={() => n.setLook(null)}>
        {t('nat.ui.close')}
      </button>
    </div>
  );
}

export function Decision() {
  const n = useNat();
  const { view, t, legal } = n;
  const state = n.props.state;
  const [confirmPass, setConfirmPass] = useState<number | null>(null);
  const prompt = state.prompts.find((p) => !p.optional) ?? state.prompts[0];
  const mineNow = !!prompt && !prompt.optional && legal.length > 0;
  const kind = view.pending?.s === n.me ? view.pending.kind : undefined;
  let heading: string;
  if (view.over) heading = t('nat.ui.gameOver');
  else if (n.me < 0) heading = t('nat.ui.watching');
  else if (mineNow) heading = t('nat.ui.yourDecision');
  else heading = t('nat.ui.notYourTurn');
  const words = prompt
    ? promptText(n.props.game, prompt, view, n.locale, n.name)
    : !view.over && state.waitingFor.length
      ? t('nat.ui.waitingFor', { names: state.waitingFor.map(n.name).join(', ') })
      : '';
  const body: ReactNode[] = [];
  // Actions reached on the table (their targets are drawn); the rest are buttons here.
  const onTable = new Set<NatAction>();
  for (const a of legal)
    for (const tg of n.props.game.targetsOf?.(a) ?? []) {
      const k = keyOf(tg, view.cols);
      // Event cards and nations drawn in a choice are shown here, not on the table.
      if (k.startsWith('card:') && Number.isNaN(Number(k.slice(5)))) continue;
      if (
        k.startsWith('item:') &&
        !['gold', 'stone', 'food', 'books', 'idle', 'worker', 'architect', 'privateArchitect'].includes(
          k.slice(5),
        )
      )
        continue;
      onTable.add(a);
    }
  // A decision's options all show here too (the places they point at are ringed on the table as well).
  const listed = !!kind;
  const here = legal.filter((a) => listed || !onTable.has(a));
  const pass = here.find((a) => a.type === 'pass');
  const end = here.find((a) => a.type === 'end');
  const machiavelli = kind === 'machiavelli';
  const draft = kind === 'nation';
  const others = here.filter((a) => a !== pass && a !== end && !(machiavelli || draft));
  if (machiavelli)
    body.push(
      <div key="mach" className="nat-choice-cards">
        {view.shown.map((id) => (
          <EventChoice key={id} id={id} />
        ))}
      </div>,
    );
  if (draft)
    body.push(
      <div key="draft" className="nat-draft" role="group" aria-label={t('nat.ui.draft')}>
        {legal.map((a, i) => {
          const nb = a.type === 'choose' ? nationBoard(String(a.nation), a.side as 'A' | 'B') : undefined;
          return (
            <div key={i} className="nat-draft-side">
              <Btn a={a} target={a.type === 'choose' ? `item:${String(a.nation)}` : undefined} />
              {nb && (
                <ul className="nat-hint">
                  {nationLines(nb, n.locale).map((l, j) => (
                    <li key={j}>{l}</li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>,
    );
  if (others.length)
    body.push(
      <div
        key="other"
        className="nat-acts"
        role="group"
        aria-label={t('nat.ui.choices')}
        data-testid="nat-choices"
      >
        {others.map((a, i) => (
          <Btn key={i} a={a} />
        ))}
      </div>,
    );
  if (pass || end)
    body.push(
      <div key="end" className="nat-acts nat-turn-end">
        {end && (
          <Btn a={end} cls="nat-end">
            {t('nat.ui.endTurn')}
          </Btn>
        )}
        {pass &&
          (confirmPass === state.v ? (
            <span className="nat-confirm-pass" role="group" aria-label={t('nat.ui.passAsk')}>
              <span>{t('nat.ui.passAsk')}</span>
              <Btn a={pass} cls="nat-pass-yes">
                {t('nat.ui.passYes')}
              </Btn>
              <button type="button" onClick={() => setConfirmPass(null)}>
                {t('nat.ui.cancel')}
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="nat-act nat-pass"
              disabled={n.pending}
              onClick={() => setConfirmPass(state.v)}
            >
              {t('nat.ui.pass')}
            </button>
          ))}
      </div>,
    );
  if (mineNow && legal.some((a) => a.type === 'pass' || a.type === 'end'))
    body.push(
      <p key="hint" className="nat-hint">
        {t('nat.ui.turnHint')}
      </p>,
    );
  else if (mineNow && onTable.size)
    body.push(
      <p key="hint" className="nat-hint">
        {t('nat.ui.pickHint')}
      </p>,
    );
  return (
    <section
      className={`nat-decision ${mineNow ? 'mine' : ''}`}
      aria-labelledby="nat-dec-h"
      data-testid="nat-decision"
    >
      <h2 id="nat-dec-h">{heading}</h2>
      {words && <p className="nat-prompt">{words}</p>}
      {mineNow && <Source />}
      {n.sel && <Selected />}
      {n.look && <Look />}
      {body}
      {n.me >= 0 && !view.over && view.turn?.s !== n.me && !mineNow && view.step === 'action' && (
        <p className="nat-hint">{t('nat.ui.lookHint')}</p>
      )}
    </section>
  );
}

function EventChoice({ id }: { id: string }) {
  const n = useNat();
  const acts = n.targets.get(`card:${id}`) ?? [];
  const e = eventCard(id);
  if (!e) return null;
  const halves = e.events.map((h) => eventLines(h, n.locale, (x) => n.card(x)));
  return (
    <button
      type="button"
      className={`nat-evchoice ${acts.length ? 'is-target' : ''}`}
      disabled={!acts.length || n.pending}
      data-targets={acts.length ? `card:${id}` : undefined}
      data-keys={`card:${id}`}
      onClick={() => acts[0] && n.send(acts[0])}
    >
      <b>
        <Icon name="event" /> {n.card(id)}
      </b>
      {halves.map((h, i) => (
        <span key={i}>
          <b>{h.name}</b>: {h.text}
        </span>
      ))}
      <span>{n.t('nat.ui.evNumbers', { arch: e.architects, famine: e.famine })}</span>
    </button>
  );
}
