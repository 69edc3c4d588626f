/**
 * The Nations table: the round bar (age and round, phase, player order, the event and the war with what
 * they do, the architects), the progress board (cards by age and row, the price of each row), the decision
 * beside it, the nation of this player drawn large with every slot, track and resource, and the other
 * nations compact and expandable; the solo opponent and the final scores when they apply. On a phone the
 * decision comes first, then tabs (my nation, the progress board, the other nations) a swipe apart.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { NatAction, NatView, NatState } from '@tabula/nations';
import { cardName, nationName } from '@tabula/nations';
import { deepEqual, Rng } from '@tabula/engine';
import { useLocale, useT } from '../../i18n/index.js';
import type { TableProps } from '../../shell/types.js';
import { NatContext, keyOf } from './ctx.js';
import type { Effect, Nat } from './ctx.js';
import { RoundBar, RoundCards } from './RoundBar.js';
import { ProgressBoard } from './Progress.js';
import { Decision } from './Decision.js';
import { NationBoard, Others } from './Nation.js';
import { SoloPanel } from './Solo.js';
import { FinalScores } from './End.js';
import { TipLayer } from './Tip.js';
import './nat.css';

/** Decisions whose options are payments: listed in the dialog, never sent by one click on a resource. */
const LISTED = new Set(['subst', 'warSpread', 'golden']);

export function Board(props: TableProps) {
  const { game, state, seatName, act } = props;
  const { locale } = useLocale();
  const t = useT();
  const view = state.view as NatView | null;
  const legal = state.legal as NatAction[];
  const [sel, setSel] = useState<string | null>(null);
  const [look, setLook] = useState<string | null>(null);
  const [tab, setTab] = useState('mine');
  // A new version of the table clears a half-made choice.
  useEffect(() => {
    setSel(null);
    setLook(null);
  }, [state.v]);
  const cols = view?.cols ?? 1;
  const targets = useMemo(() => {
    const m = new Map<string, NatAction[]>();
    if (!game.targetsOf) return m;
    for (const a of legal)
      for (const tg of game.targetsOf(a)) {
        const k = keyOf(tg, cols);
        const list = m.get(k) ?? [];
        list.push(a);
        m.set(k, list);
      }
    return m;
  }, [legal, game, cols]);
  const me = view && state.seat >= 0 && state.seat < view.n ? state.seat : -1;
  // A world consistent with the view (the undrawn decks dealt at random): the rules tell from it what an
  // action costs and why a card cannot be bought. Only what the view shows is read back.
  const world = useMemo(() => {
    if (!view || me < 0 || !legal.length || !game.sampleWorld) return null;
    try {
      return game.sampleWorld(view, me, new Rng(`table:${state.v}`)) as NatState;
    } catch {
      return null;
    }
  }, [view, me, legal.length, game, state.v]);
  // What each action changes, found once per sampled world.
  const effects = useMemo(() => {
    void world;
    return new Map<string, Effect | null>();
  }, [world]);
  const root = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ x: number; y: number; scroller: boolean } | null>(null);
  if (!view || view.game !== 'nations') return null;

  const turnSeat = view.turn?.s ?? -1;
  const pendingSeat = view.pending?.s ?? -1;
  const focus =
    me >= 0 ? me : pendingSeat >= 0 ? pendingSeat : turnSeat >= 0 ? turnSeat : (view.order[0] ?? 0);
  const send = (a: NatAction) => {
    const l = legal.includes(a) ? a : legal.find((x) => deepEqual(x, a));
    if (l && !state.pending) act(l);
  };
  const effectOf = (a: NatAction): Effect | null => {
    if (!world) return null;
    const k = JSON.stringify(a);
    if (effects.has(k)) return effects.get(k)!;
    let out: Effect | null = null;
    try {
      const w = game.clone(world) as NatState;
      const before = { ...w.players[me]!.res };
      const vp = w.players[me]!.vp;
      if (game.apply(w, me, a).ok) {
        const p = w.players[me]!;
        const res: Record<string, number> = {};
        for (const r of ['gold', 'stone', 'food', 'books'] as const)
          if (p.res[r] !== before[r]) res[r] = p.res[r] - before[r];
        out = { res, vp: p.vp - vp };
      }
    } catch {
      out = null;
    }
    effects.set(k, out);
    return out;
  };
  const canBuy = legal.some((a) => a.type === 'buy');
  const myTurn = me >= 0 && view.turn?.s === me && view.pending === null;
  const whyNot = (row: number, col: number): string | null => {
    if (!world || !myTurn || !legal.some((a) => a.type === 'pass')) return null;
    if (targets.has(`space:${row}:${col}`)) return null;
    const turn = view.turn;
    if (!canBuy && turn && turn.left <= 0) return null;
    try {
      const w = game.clone(world) as NatState;
      const r = game.apply(w, me, { type: 'buy', row, col });
      if (r.ok) return null;
      const code = r.error.code;
      const i = (row - 1) * view.cols + col;
      const price = view.prices[i] ?? 0;
      const p = view.players[me]!;
      if (code === 'nat.err.gold') return t('nat.ui.why.gold', { price, gold: p.res.gold });
      if (code === 'nat.err.colonyStrength') {
        const m = /(\d+)/.exec(r.error.message);
        return t('nat.ui.why.colony', { need: m ? m[1]! : '?', have: view.strength[me] ?? 0 });
      }
      if (code === 'nat.err.war') return t('nat.ui.why.war');
      if (code === 'nat.err.battle') return t('nat.ui.why.battle');
      if (code === 'nat.err.forbidden') return t('nat.ui.why.forbidden');
      if (code === 'nat.err.noAction') return t('nat.ui.why.noAction');
      return game.formatEvent({ key: code, params: r.error.params ?? {} }, locale, seatName);
    } catch {
      return null;
    }
  };
  const nat: Nat = {
    props,
    view,
    me,
    focus,
    legal,
    pending: state.pending,
    locale,
    t,
    g: (key, params) => game.formatEvent({ key, params: params ?? {} }, locale, seatName),
    describe: (a) => game.describeAction(null, me, a, locale, seatName, view),
    name: (s) => (s < 0 ? game.formatEvent({ key: 'nat.vo', params: {} }, locale, seatName) : seatName(s)),
    card: (id) => cardName(id, locale),
    nation: (id) => nationName(id, locale),
    targets,
    sel,
    select: (k) => {
      setSel(k);
      setLook(null);
    },
    look,
    setLook: (id) => {
      setLook(id);
      setSel(null);
    },
    pick: (key) => {
      const keys = key.split(' ');
      const acts = [...new Set(keys.flatMap((k) => targets.get(k) ?? []))];
      if (!acts.length) return;
      const kind = view.pending?.kind;
      if (acts.length === 1 && acts[0]!.type === 'choose' && !(kind && LISTED.has(kind))) {
        send(acts[0]!);
        return;
      }
      setSel(key);
      setLook(null);
    },
    send,
    effectOf,
    whyNot,
    tab,
    setTab,
  };
  const others = view.players.map((_, s) => s).filter((s) => s !== focus);
  const orderedOthers = [
    ...view.order.filter((s) => others.includes(s)),
    ...others.filter((s) => !view.order.includes(s)),
  ];
  const tabs: { id: string; label: string; n: number }[] = [
    { id: 'mine', label: me >= 0 ? t('nat.ui.tab.mine') : t('nat.ui.tab.focus'), n: 0 },
    { id: 'board', label: t('nat.ui.tab.board'), n: 0 },
    { id: 'others', label: view.solo ? t('nat.ui.tab.opponent') : t('nat.ui.tab.others'), n: 0 },
  ];
  for (const k of targets.keys()) {
    if (k.startsWith('space:')) tabs[1]!.n++;
    else if (k.startsWith('seat:')) tabs[2]!.n++;
    else tabs[0]!.n++;
  }
  const pane = (id: string) => `nat-pane ${tab === id ? 'on' : ''}`;
  return (
    <NatContext.Provider value={nat}>
      <div
        className="nat"
        data-testid="nat-board"
        ref={root}
        onTouchStart={(e) => {
          const tch = e.touches[0];
          if (!tch) return;
          const scroller = !!(e.target as HTMLElement).closest('.nat-prog-scroll');
          swipe.current = { x: tch.clientX, y: tch.clientY, scroller };
        }}
        onTouchEnd={(e) => {
          const s = swipe.current;
          swipe.current = null;
          const tch = e.changedTouches[0];
          if (!s || !tch || s.scroller) return;
          const dx = tch.clientX - s.x;
          const dy = tch.clientY - s.y;
          if (Math.abs(dx) < 70 || Math.abs(dy) > 45) return;
          const i = tabs.findIndex((x) => x.id === tab);
          const j = Math.max(0, Math.min(tabs.length - 1, i + (dx < 0 ? 1 : -1)));
          setTab(tabs[j]!.id);
        }}
      >
        <RoundBar />
        {view.over && <FinalScores />}
        <div className="nat-tabs" role="tablist" aria-label={t('nat.ui.tabs')}>
          {tabs.map((x) => (
            <button
              key={x.id}
              type="button"
              role="tab"
              id={`nat-tab-${x.id}`}
              aria-selected={tab === x.id}
              aria-controls={`nat-pane-${x.id}`}
              className={x.n ? 'has-targets' : ''}
              onClick={() => setTab(x.id)}
            >
              {x.label}
              {x.n > 0 && <span className="nat-tab-n">{t('nat.ui.tab.choices', { n: x.n })}</span>}
            </button>
          ))}
        </div>
        <div className="nat-grid">
          <div className="nat-side">
            <Decision />
            <div className={`nat-cardsbox ${pane('board')}`}>
              <RoundCards />
            </div>
            {view.solo && view.solo1 && (
              <div className={`nat-solobox ${pane('others')}`} id="nat-pane-others-solo">
                <SoloPanel />
              </div>
            )}
          </div>
          <section
            className={`nat-progress-area ${pane('board')}`}
            id="nat-pane-board"
            aria-labelledby="nat-prog-h"
          >
            <ProgressBoard />
          </section>
          <section className={`nat-mine ${pane('mine')}`} id="nat-pane-mine" aria-labelledby="nat-mine-h">
            <NationBoard seat={focus} large headingId="nat-mine-h" />
          </section>
          <section
            className={`nat-others ${pane('others')}`}
            id="nat-pane-others"
            aria-labelledby="nat-others-h"
          >
            <Others seats={orderedOthers} />
          </section>
        </div>
        <TipLayer />
      </div>
    </NatContext.Provider>
  );
}
