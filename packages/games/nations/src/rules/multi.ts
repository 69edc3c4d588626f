/**
 * Targets and multi-target resolution (NAT-EVENT-3..5, NAT-EVENT-12/13): who an effect or event reaches,
 * and the decisions every target makes before any effect applies.
 */
import type { EventSink } from '@tabula/engine';
import type { Snapshot } from '../derive.js';
import { cmpSet, cond, passedAs, rankByOrder } from '../derive.js';
import type { Answer, Ctx, NatState, Task } from '../state.js';
import type { Effect, Target } from '../types.js';
import {
  askDeployFree,
  askFreeArch,
  askUndeployFor,
  isPreDecision,
  offerAffordable,
  pushEffects,
  usefulBranches,
} from './effects.js';
import { ask } from './choices.js';

/** NAT-EVENT-3, NAT-EVENT-12/13, §19.1 Target (`snap`: the derived values of a state not changing meanwhile). */
export function targets(st: NatState, t: Target, ctx: Ctx, snap?: Snapshot): number[] {
  const all = st.order;
  if (t === 'all') return [...all];
  if (t === 'self') return ctx.chooser !== undefined ? [ctx.chooser] : [];
  if ('tieBreak' in t && 'best' in t) {
    const r = rankByOrder(st, t.best, snap);
    return r.slice(0, st.n === 5 ? 2 : 1);
  }
  if ('best' in t) return inOrder(st, cmpSet(st, t.best, 'best', false, snap));
  if ('worst' in t) return inOrder(st, cmpSet(st, t.worst, 'worst', false, snap));
  if ('passed' in t) return all.filter((s) => passedAs(st, s, t.passed));
  if ('allExcept' in t) {
    const ex = new Set<number>();
    for (const x of t.allExcept)
      for (const s of 'best' in x
        ? cmpSet(st, x.best, 'best', false, snap)
        : cmpSet(st, x.worst, 'worst', false, snap))
        ex.add(s);
    return all.filter((s) => !ex.has(s));
  }
  if ('othersOf' in t) {
    // NAT-NOTE-24: "others of the chooser" spares the chooser's whole benefit set (5 players: the top two).
    const set =
      t.othersOf === 'chooser'
        ? ctx.chooser !== undefined
          ? (ctx.benefit ?? [ctx.chooser])
          : []
        : (ctx.benefit ?? []);
    return all.filter((s) => !set.includes(s));
  }
  if ('peersOf' in t) return (ctx.benefit ?? []).filter((s) => s !== ctx.chooser);
  if ('where' in t) return all.filter((s) => cond(st, s, t.where, false, snap));
  return [];
}

export function inOrder(st: NatState, seats: number[]): number[] {
  return st.order.filter((s) => seats.includes(s));
}

export function startMulti(
  st: NatState,
  seats: number[],
  list: Effect[],
  ctx: Ctx,
  choiceOrder: 'reversePlayer' | 'rank' | 'reverseRank',
  rank?: number[],
): void {
  if (seats.length === 0) return;
  const needs = list.some(isPreDecision);
  let order: number[];
  if (choiceOrder === 'rank' && rank) order = rank.filter((s) => seats.includes(s));
  else if (choiceOrder === 'reverseRank' && rank) order = rank.filter((s) => seats.includes(s)).reverse();
  else order = [...seats].reverse();
  st.stack.push({
    t: 'multi',
    seats,
    list,
    ctx,
    phase: needs ? 'decide' : 'apply',
    k: 0,
    order,
    answers: {},
  });
}

export function runMulti(st: NatState, t: Extract<Task, { t: 'multi' }>, log: EventSink): void {
  void log;
  if (t.phase === 'decide') {
    // Position k walks order × effects: decisions in choice order before any effect (NAT-EVENT-5).
    const per = t.list.length;
    while (t.k < t.order.length * per) {
      const s = t.order[Math.floor(t.k / per)]!;
      const j = t.k % per;
      t.k++;
      const e = t.list[j]!;
      if (!isPreDecision(e)) continue;
      if (st.players[s]!.resigned) continue;
      askPre(st, s, e, j, t, log);
      if (st.pending) return;
    }
    t.phase = 'apply';
    t.k = 0;
    return;
  }
  if (t.k >= t.seats.length) {
    st.stack.pop();
    return;
  }
  const s = t.seats[t.k++]!;
  pushEffects(st, s, t.list, copyCtx(t.ctx), t.answers[s]);
}

/** A copy of an effect context with the same fields (an object spread of a varying shape is V8's slow path). */
export function copyCtx(c: Ctx): Ctx {
  const o: Ctx = {};
  if (c.src !== undefined) o.src = c.src;
  if (c.u !== undefined) o.u = c.u;
  if (c.chooser !== undefined) o.chooser = c.chooser;
  if (c.benefit !== undefined) o.benefit = c.benefit;
  if (c.bought !== undefined) o.bought = c.bought;
  if (c.ev !== undefined) o.ev = c.ev;
  return o;
}

/** Compile-time check that `copyCtx` copies every field of `Ctx`: add a new field there too. */
export type CopiedCtxField = 'src' | 'u' | 'chooser' | 'benefit' | 'bought' | 'ev';

export const ctxFieldsCovered: Exclude<keyof Ctx, CopiedCtxField> extends never ? true : never = true;

void ctxFieldsCovered;

export function multiIndex(st: NatState): number {
  for (let i = st.stack.length - 1; i >= 0; i--) if (st.stack[i]!.t === 'multi') return i;
  return -1;
}

export function storePre(st: NatState, ti: number, s: number, a: Answer): void {
  const t = st.stack[ti] as Extract<Task, { t: 'multi' }>;
  const per = t.list.length;
  const j = (t.k - 1) % per;
  (t.answers[s] ??= {})[j] = a;
}

export function askPre(
  st: NatState,
  s: number,
  e: Effect,
  j: number,
  t: Extract<Task, { t: 'multi' }>,
  log: EventSink,
): void {
  const ti = multiIndex(st);
  void j;
  void t;
  if ('offer' in e) {
    if (!offerAffordable(st, s, e.offer)) {
      storePre(st, ti, s, { accept: false });
      return;
    }
    ask(
      st,
      log,
      s,
      'offer',
      [
        { type: 'choose', accept: true },
        { type: 'choose', accept: false },
      ],
      { offer: e.offer, pre: ti, ctx: t.ctx },
    );
    return;
  }
  if ('choice' in e) {
    const br = usefulBranches(st, s, e.choice);
    ask(
      st,
      log,
      s,
      'choice',
      br.map((b) => ({ type: 'choose', branch: b })),
      { pre: ti, ctx: t.ctx },
    );
    return;
  }
  if ('hireArchitectFree' in e) {
    askFreeArch(st, s, e.hireArchitectFree, !!e.upTo, t.ctx, log, { task: t, j: ti });
    return;
  }
  if ('deployFree' in e) {
    askDeployFree(st, s, e.deployFree, e.onto === 'boughtCard' ? 'bought' : e.onto, true, t.ctx, ti, log);
    return;
  }
  if ('optionalUndeploy' in e) askUndeployFor(st, s, e, [], t.ctx, ti, log);
}
