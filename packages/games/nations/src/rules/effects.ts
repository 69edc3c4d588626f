/**
 * The card-effect vocabulary (spec §19.1): the interpreter of effect lists, one effect at a time on the
 * task stack, with the decisions effects open (offers, choices, free deployments…).
 */
import type { EventSink } from '@tabula/engine';
import { emit, randInt } from '@tabula/engine';
import { noteTags } from '../compiled.js';
import {
  card,
  cond,
  counter,
  deckOf,
  effectTag,
  ET,
  seatMods,
  stability,
  wonderCap,
  workers,
} from '../derive.js';
import type { Answer, OptOf, Ctx, NatState, Side, Task } from '../state.js';
import type { Bag, CardType, Effect, Res } from '../types.js';
import { buyMemo, buyProblem } from './buy.js';
import { RES4 } from './core.js';
import { deploy, deployError, placeFreeArchitects } from './deploy.js';
import { nearestMoves } from './events.js';
import { ask } from './choices.js';
import { startMulti, storePre, targets } from './multi.js';
import { affordable, changeVp, gain, payNow, voluntaryPay } from './payments.js';
import { removeInst } from './removal.js';
import { canTakeWorker, takeSides, takeWorker } from './round.js';
import { markInstance } from './triggers.js';
import { endTurn } from './turn.js';

/**
 * Effect lists the rules make themselves, as shared frozen constants noted with the card data's tags: one worker
 * gained or lost (the internal form of `gainWorker` / `loseWorker`), the VP lost to unrest (NAT-PROD-6).
 */
export const ONE_WORKER_GAINED: Effect[] = Object.freeze([Object.freeze({ gainWorker: -1 })]) as Effect[];
export const ONE_WORKER_LOST: Effect[] = Object.freeze([Object.freeze({ loseWorker: -1 })]) as Effect[];
export const UNREST_VP: Effect[] = Object.freeze([Object.freeze({ vp: -1 })]) as Effect[];
noteTags([ONE_WORKER_GAINED, ONE_WORKER_LOST, UNREST_VP]);

export function pushEffects(
  st: NatState,
  s: number,
  list: Effect[],
  ctx: Ctx,
  pre?: Record<number, Answer>,
): void {
  if (list.length === 0) return;
  const t: Task = { t: 'effs', s, list, i: 0, ctx };
  if (pre) t.pre = pre;
  st.stack.push(t);
}

/** A decision-making effect that is asked before anyone's effects in multi-target resolution (NAT-EVENT-5). */
export function isPreDecision(e: Effect): boolean {
  switch (effectTag(e)) {
    case ET.offer:
    case ET.choice:
    case ET.optionalUndeploy:
      return true;
    case ET.hireArchitectFree: {
      const x = e as { optional?: boolean; upTo?: boolean };
      return !!(x.optional || x.upTo);
    }
    case ET.deployFree:
      return !!(e as { optional?: boolean }).optional;
    default:
      return false;
  }
}

/**
 * Applies one effect of the card vocabulary (§19.1) to seat s; a decision it needs is asked (NAT-DP). Tells
 * whether it changed only resources or VP (then no removal condition can read the change, `Deck.wealthSafe`).
 */
export function execEffect(
  st: NatState,
  s: number,
  e: Effect,
  ctx: Ctx,
  pre: Answer | undefined,
  log: EventSink,
): boolean {
  // The effect's group by its tag (`ET`, remembered by object), then its own code.
  const k = effectTag(e);
  if (k < 0) return false;
  if (k < ET.gainWorker) return wealthEffect(st, s, k, e, ctx, log) === WEALTH;
  if (k < ET.takeCardFree) workerEffect(st, s, e, ctx, pre, log);
  else if (k < ET.choice) tableEffect(st, s, e, ctx, log);
  else flowEffect(st, s, e, ctx, pre, log);
  return false;
}
/** What `wealthEffect` did: nothing (0), changed only resources or VP, or something else. */
const WEALTH = 1;
const OTHER = 2;

/** Resources and VP: gain, a resource of one's choice, pay, pay down to, VP (NAT-RES-3, NAT-RES-4, NAT-MODEL-10). */
function wealthEffect(st: NatState, s: number, k: number, e: Effect, ctx: Ctx, log: EventSink): number {
  switch (k) {
    case ET.gain: {
      const bag = (e as { gain: Bag }).gain;
      gain(st, s, bag);
      if (log) emit(log, 'nat.ev.gain', { seat: s, bag, src: ctx.src }, []);
      return WEALTH;
    }
    case ET.gainChoice: {
      const x = e as { gainChoice: Res[]; n: number };
      ask(
        st,
        log,
        s,
        'gainChoice',
        x.gainChoice.map((r) => ({ type: 'choose', res: r })),
        { n: x.n, src: ctx.src },
      );
      return OTHER;
    }
    case ET.pay: {
      const bag = (e as { pay: Bag }).pay;
      // The payment is the next step (on top of this effect list): made at once, after its event.
      if (log) emit(log, 'nat.ev.pay', { seat: s, bag, src: ctx.src }, ['NAT-RES-3']);
      payNow(st, s, payItems(bag), log);
      return WEALTH;
    }
    case ET.payDownTo: {
      const bag = (e as { payDownTo: Bag }).payDownTo;
      const res = st.players[s]!.res;
      for (const r of RES4) {
        const lim = bag[r];
        if (lim !== undefined && res[r] > lim) res[r] = lim;
      }
      if (log) emit(log, 'nat.ev.payDownTo', { seat: s, bag, src: ctx.src }, ['NAT-MODEL-10']);
      return WEALTH;
    }
    case ET.vp: {
      const n = (e as { vp: number }).vp;
      changeVp(st, s, n);
      if (log) emit(log, 'nat.ev.vp', { seat: s, n, src: ctx.src }, ['NAT-RES-4']);
      return WEALTH;
    }
    default:
      return 0;
  }
}

/** The items of a forced payment of `bag`, in payment order (NAT-PROD-5: gold, food, stone, books), read by name. */
export function payItems(bag: Bag): Array<[Res, number]> {
  const items: Array<[Res, number]> = [];
  const { gold, food, stone, books } = bag;
  if (gold) items.push(['gold', gold]);
  if (food) items.push(['food', food]);
  if (stone) items.push(['stone', stone]);
  if (books) items.push(['books', books]);
  return items;
}

/** Workers and architects: gained, lost, free architects, private architects, extra actions, free deployments and undeployments (NAT-POP-5/6, NAT-ARCH-6, NAT-EVENT-14). */
function workerEffect(
  st: NatState,
  s: number,
  e: Effect,
  ctx: Ctx,
  pre: Answer | undefined,
  log: EventSink,
): boolean {
  const p = st.players[s]!;
  if ('gainWorker' in e) {
    for (let k = e.gainWorker - 1; k >= 0; k--)
      st.stack.push({ t: 'effs', s, list: ONE_WORKER_GAINED, i: 0, ctx });
    if (e.gainWorker === -1) {
      // one worker (internal form)
      if (!canTakeWorker(p)) return true; // NAT-POP-8
      const sides = takeSides(p);
      if (sides.length <= 1) {
        takeWorker(p, sides[0]);
        if (log) emit(log, 'nat.ev.gainWorker', { seat: s, src: ctx.src }, ['NAT-POP-5']);
      } else
        ask(
          st,
          log,
          s,
          'gainSide',
          sides.map((side) => ({ type: 'choose', side })),
        );
    }
    return true;
  }
  if ('loseWorker' in e) {
    for (let k = 0; k < e.loseWorker; k++) {
      if (workers(p) === 0) return true; // NAT-POP-8
      st.stack.push({ t: 'effs', s, list: ONE_WORKER_LOST, i: 0, ctx });
    }
    if (e.loseWorker === -1) askLoseWorker(st, s, log);
    return true;
  }
  if ('hireArchitectFree' in e) {
    const n = pre?.n ?? (e.optional || e.upTo ? undefined : e.hireArchitectFree);
    if (n === undefined) {
      askFreeArch(st, s, e.hireArchitectFree, !!e.upTo, ctx, log);
      return true;
    }
    placeFreeArchitects(st, s, n, log);
    return true;
  }
  if ('removeArchitectFromWonder' in e) {
    if (p.wip && p.wip.built > 0) p.wip.built = Math.max(0, p.wip.built - e.removeArchitectFromWonder);
    if (log) emit(log, 'nat.ev.architectRemoved', { seat: s }, ['NAT-NOTE-19']);
    return true;
  }
  if ('privateArchitects' in e) {
    p.priv += e.privateArchitects;
    return true;
  }
  if ('extraActions' in e) {
    if (st.turn && st.turn.s === s) st.turn.left += e.extraActions;
    return true;
  }
  if ('deployFree' in e) {
    const onto = e.onto === 'boughtCard' ? 'bought' : e.onto;
    if (pre?.picks) {
      for (const [from, to] of pre.picks)
        if (!deployError(st, s, from!, to!, true, ontoTypes(onto))) deploy(st, s, from!, to!, true, log);
      return true;
    }
    askDeployFree(st, s, e.deployFree, onto, !!e.optional, ctx, null, log);
    return true;
  }
  if ('optionalUndeploy' in e) {
    if (pre?.picks) {
      let n = 0;
      for (const [slot] of pre.picks) {
        const r = p.row[slot!];
        if (r && r.w > 0 && card(r.id).type === e.optionalUndeploy.from) {
          r.w--;
          p.idle++;
          n++;
        }
      }
      const bag: Bag = {};
      for (const r of RES4) if (e.rewardPerWorker[r]) bag[r] = e.rewardPerWorker[r]! * n;
      gain(st, s, bag);
      if (log) emit(log, 'nat.ev.undeployReward', { seat: s, n, bag, src: ctx.src }, ['NAT-EVENT-14']);
      return true;
    }
    // Outside multi-target resolution: decide now.
    askUndeployFor(st, s, e, [], ctx, null, log);
    return true;
  }
  return false;
}

/** The board, the turn and the cards in play: free takes, swaps, skipped turns, player order, removed cards, war losses restored, lasting modifiers (NAT-NOTE-29/30/36, NAT-EVENT-6/10/16). */
function tableEffect(st: NatState, s: number, e: Effect, ctx: Ctx, log: EventSink): boolean {
  const p = st.players[s]!;
  if ('takeCardFree' in e) {
    const opts = takeFreeOptions(st, s, e.takeCardFree.types);
    if (opts.length) ask(st, log, s, 'takeFree', opts, { src: ctx.src });
    return true;
  }
  if ('swapBoardCards' in e) {
    const pos: number[] = [];
    st.board.forEach((b, i) => b && pos.push(i));
    const opts: OptOf<'swap'>[] = [];
    for (let a = 0; a < pos.length; a++)
      for (let b = a + 1; b < pos.length; b++) opts.push({ type: 'choose', swap: [pos[a]!, pos[b]!] });
    if (opts.length) ask(st, log, s, 'swap', opts);
    return true;
  }
  if ('skipTurn' in e) {
    // NAT-NOTE-29: a skipped turn is not a pass.
    if (log) emit(log, 'nat.ev.skip', { seat: s }, ['NAT-NOTE-29']);
    if (st.turn && st.turn.s === s) endTurn(st);
    return true;
  }
  if ('moveInOrder' in e) {
    const mv = nearestMoves(st);
    if (mv) (e.moveInOrder === 'first' ? mv.first : mv.last).push(s);
    return true;
  }
  if ('lockPlayerOrder' in e) {
    if (!st.orderLocked) {
      st.orderLocked = true;
      st.order = [...st.actionOrder];
      if (log) emit(log, 'nat.ev.orderLocked', {}, ['NAT-EVENT-16']);
    }
    return true;
  }
  if ('removeCard' in e) {
    const list =
      e.removeCard.type === 'advisor' ? p.advisors : e.removeCard.type === 'colony' ? p.colonies : [];
    if (list.length === 0) {
      if (e.elseEffects) pushEffects(st, s, e.elseEffects, ctx);
      return true;
    }
    if (e.removeCard.which === 'all') {
      for (const x of [...list]) removeInst(st, s, x.u, 'effect', log);
      if (log) emit(log, 'nat.ev.removeAll', { seat: s, type: e.removeCard.type }, ['NAT-NOTE-10']);
      return true;
    }
    ask(
      st,
      log,
      s,
      'removeCard',
      list.map((x) => ({ type: 'choose', remove: x.u })),
    );
    return true;
  }
  if ('restoreWarLosses' in e) {
    const w = p.warLost;
    if (!w) return true;
    if (e.restoreWarLosses === 'all') gain(st, s, w.res);
    changeVp(st, s, w.vp);
    if (log)
      emit(log, 'nat.ev.restore', { seat: s, what: e.restoreWarLosses }, ['NAT-NOTE-33', 'NAT-WARRES-8']);
    return true;
  }
  if ('modifier' in e) {
    st.mods.push({ seat: s, body: e.modifier, until: e.until });
    // NAT-REM-6: a card whose effect lasts the round (Versailles completed, Tesla rolled) carries a used marker.
    if (e.until === 'endOfRound' && ctx.u !== undefined) markInstance(st, s, ctx.u);
    if (log)
      emit(log, 'nat.ev.modifier', { seat: s, mod: e.modifier, until: e.until, src: ctx.src }, [
        'NAT-EVENT-10',
      ]);
    return true;
  }
  return false;
}

/** Effects that lead to others: choices, offers, conditions, repeats, other targets, hooks (NAT-RES-6/7, NAT-EVENT-5, NAT-MODEL-13). */
function flowEffect(
  st: NatState,
  s: number,
  e: Effect,
  ctx: Ctx,
  pre: Answer | undefined,
  log: EventSink,
): boolean {
  if ('choice' in e) {
    if (pre?.branch !== undefined) {
      pushEffects(st, s, e.choice[pre.branch]!, ctx);
      return true;
    }
    const br = usefulBranches(st, s, e.choice);
    ask(
      st,
      log,
      s,
      'choice',
      br.map((b) => ({ type: 'choose', branch: b })),
      { branches: e.choice, ctx },
    );
    return true;
  }
  if ('offer' in e) {
    if (pre?.accept !== undefined) {
      const ok = pre.accept && offerAffordable(st, s, e.offer);
      offerOutcome(st, s, e.offer, ok, ctx, log);
      return true;
    }
    if (!offerAffordable(st, s, e.offer)) {
      offerOutcome(st, s, e.offer, false, ctx, log);
      return true;
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
      { offer: e.offer, ctx },
    );
    return true;
  }
  if ('if' in e) {
    if (cond(st, s, e.if)) pushEffects(st, s, e.then, ctx);
    else if (e.else) pushEffects(st, s, e.else, ctx);
    return true;
  }
  if ('repeat' in e) {
    const k = 'die' in e.repeat ? 1 + randInt(st.rng, 6) : counter(st, s, e.repeat);
    for (let i = 0; i < k; i++) pushEffects(st, s, e.effects, ctx);
    return true;
  }
  if ('forEach' in e) {
    const seats = targets(st, e.forEach, ctx);
    startMulti(st, seats, e.effects, ctx, 'reversePlayer');
    return true;
  }
  if ('hook' in e) {
    if (log) emit(log, 'nat.ev.hook', { seat: s, hook: e.hook }, ['NAT-MODEL-13']);
    if (e.hook === 'mechanicalTurk') {
      // NAT-MODEL-14: the owner chooses the less stable nation that receives the card.
      const opts: OptOf<'turk'>[] = turkReceivers(st, s).map((o) => ({ type: 'choose', give: o }));
      if (opts.length) ask(st, log, s, 'turk', opts, { u: ctx.u });
    }
    return true;
  }
  return false;
}

/**
 * Mechanical Turk (NAT-MODEL-14): the nations that may receive it from seat s: strictly less stable, with room
 * in their completed-wonders area (a given wonder covers nothing), in player order.
 */
export function turkReceivers(st: NatState, s: number): number[] {
  const mine = stability(st, s);
  return st.order.filter(
    (o) => o !== s && stability(st, o) < mine && st.players[o]!.wonders.length < wonderCap(st, o),
  );
}

export function ontoTypes(onto: unknown): CardType[] | null {
  if (!onto || onto === 'bought') return null;
  const f = onto as { type?: CardType | CardType[] };
  if (!f.type) return null;
  return Array.isArray(f.type) ? f.type : [f.type];
}

/** NAT-RES-7: branches that would change nothing are unavailable while another would. */
export function usefulBranches(st: NatState, s: number, branches: Effect[][]): number[] {
  const p = st.players[s]!;
  const useful = branches.map((b) =>
    b.some((e) => {
      if ('removeArchitectFromWonder' in e) return !!p.wip && p.wip.built > 0;
      if ('removeCard' in e) return (e.removeCard.type === 'advisor' ? p.advisors : p.colonies).length > 0;
      return true;
    }),
  );
  const out: number[] = [];
  useful.forEach((u, i) => u && out.push(i));
  return out.length ? out : branches.map((_, i) => i);
}

export function offerAffordable(
  st: NatState,
  s: number,
  o: { cost?: Bag; then: Effect[]; allOrNothing?: boolean },
): boolean {
  const p = st.players[s]!;
  if (o.cost && !affordable(p, o.cost)) return false;
  if (o.allOrNothing) {
    // NAT-NOTE-17: every worker of the offer must be available.
    let need = 0;
    for (const e of o.then) if ('gainWorker' in e) need += e.gainWorker;
    if (need > p.overflow + p.foodFilled + p.stabFilled) return false;
  }
  return true;
}

export function offerOutcome(
  st: NatState,
  s: number,
  o: { cost?: Bag; then: Effect[]; otherwise?: Effect[] },
  accepted: boolean,
  ctx: Ctx,
  log: EventSink,
): void {
  if (log) emit(log, 'nat.ev.offer', { seat: s, accepted, src: ctx.src }, ['NAT-RES-6']);
  if (accepted) {
    if (o.cost) voluntaryPay(st, s, o.cost, log);
    pushEffects(st, s, o.then, ctx);
  } else if (o.otherwise) pushEffects(st, s, o.otherwise, ctx);
}

export function askLoseWorker(st: NatState, s: number, log: EventSink): void {
  const p = st.players[s]!;
  const sides: Array<Side | 'overflow'> = [];
  if (p.foodFilled < p.foodCap) sides.push('food');
  if (p.stabFilled < p.stabCap) sides.push('stability');
  if (sides.length === 0) sides.push('overflow');
  const froms: number[] = [];
  if (p.idle > 0) froms.push(-1);
  p.row.forEach((r, i) => r && r.w > 0 && froms.push(i));
  const opts: OptOf<'loseWorker'>[] = [];
  for (const from of froms) for (const side of sides) opts.push({ type: 'choose', from, side });
  if (opts.length) ask(st, log, s, 'loseWorker', opts);
}

export function askFreeArch(
  st: NatState,
  s: number,
  max: number,
  upTo: boolean,
  ctx: Ctx,
  log: EventSink,
  pre?: { task: Task; j: number },
): void {
  const p = st.players[s]!;
  const left = p.wip ? card(p.wip.id).stages!.length - p.wip.built : 0;
  const opts: OptOf<'freeArch'>[] = [{ type: 'choose', n: 0 }];
  if (left > 0) {
    if (upTo) for (let k = 1; k <= max; k++) opts.push({ type: 'choose', n: k });
    else opts.push({ type: 'choose', n: max });
  }
  ask(st, log, s, 'freeArch', opts, { ctx, ...(pre ? { pre: pre.j } : {}) });
}

export function deployFreeOptions(
  st: NatState,
  s: number,
  onto: unknown,
  boughtU?: number,
  picks: number[][] = [],
  first = false,
): OptOf<'deployFree'>[] {
  const p = st.players[s]!;
  const opts: OptOf<'deployFree'>[] = [];
  const types = ontoTypes(onto);
  const froms: number[] = [];
  // Moves already decided but applied later (NAT-EVENT-14) use up their workers.
  const net = (i: number) => picks.reduce((n, [f, t]) => n - (f === i ? 1 : 0) + (t === i ? 1 : 0), 0);
  if (p.idle + net(-1) > 0) froms.push(-1);
  p.row.forEach((r, i) => r && r.w + net(i) > 0 && froms.push(i));
  const bought = onto === 'bought';
  for (let to = 0; to < p.row.length; to++) {
    const r = p.row[to];
    if (!r) continue;
    if (bought && r.u !== boughtU) continue;
    if (types && !types.includes(card(r.id).type)) continue;
    for (const from of froms)
      if (from !== to) {
        opts.push({ type: 'choose', from, to });
        if (first) return opts;
      }
  }
  return opts;
}

export function askDeployFree(
  st: NatState,
  s: number,
  left: number,
  onto: unknown,
  optional: boolean,
  ctx: Ctx,
  preTask: number | null,
  log: EventSink,
  picks: number[][] = [],
): void {
  const opts = deployFreeOptions(st, s, onto, ctx.bought, picks);
  if (opts.length === 0 || left <= 0) {
    if (preTask !== null) storePre(st, preTask, s, { picks });
    return;
  }
  if (optional || preTask !== null) opts.push({ type: 'choose', stop: true });
  ask(st, log, s, 'deployFree', opts, { left, onto: onto ?? null, optional, ctx, pre: preTask, picks });
}

export function askUndeployFor(
  st: NatState,
  s: number,
  e: Extract<Effect, { optionalUndeploy: unknown }>,
  picks: number[][],
  ctx: Ctx,
  preTask: number | null,
  log: EventSink,
): void {
  const p = st.players[s]!;
  const count = new Map<number, number>();
  for (const [slot] of picks) count.set(slot!, (count.get(slot!) ?? 0) + 1);
  const opts: OptOf<'undeployFor'>[] = [];
  p.row.forEach((r, i) => {
    if (r && card(r.id).type === e.optionalUndeploy.from && r.w - (count.get(i) ?? 0) > 0)
      opts.push({ type: 'choose', slot: i });
  });
  if (opts.length === 0) {
    finishUndeployFor(st, s, e, picks, ctx, preTask);
    return;
  }
  opts.push({ type: 'choose', stop: true });
  ask(st, log, s, 'undeployFor', opts, { e, picks, ctx, pre: preTask });
}

export function finishUndeployFor(
  st: NatState,
  s: number,
  e: Effect,
  picks: number[][],
  ctx: Ctx,
  preTask: number | null,
): void {
  if (preTask !== null) storePre(st, preTask, s, { picks });
  else pushEffects(st, s, [e], ctx, { 0: { picks } });
}

/** The cards a free take of those types can take (the checks of `buyError`); `first`: stop at the first. */
export function takeFreeOptions(
  st: NatState,
  s: number,
  types: CardType[],
  first = false,
): OptOf<'takeFree'>[] {
  const opts: OptOf<'takeFree'>[] = [];
  const sm = seatMods(st, s);
  const memo = buyMemo();
  const dk = deckOf(st);
  for (let i = 0; i < st.board.length; i++) {
    const b = st.board[i];
    if (!b) continue;
    const row = Math.floor(i / st.cols) + 1;
    const col = i % st.cols;
    const e = dk.boardEntry(i, b);
    if (types.includes(e.type) && !buyProblem(st, s, row, e, true, sm, memo)) {
      opts.push({ type: 'choose', row, col });
      if (first) return opts;
    }
  }
  return opts;
}
