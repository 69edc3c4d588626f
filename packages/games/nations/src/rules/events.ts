/**
 * Events (NAT-EVENT): the event card's halves, their targets and choosers, effects applied in player
 * order, order moves as one block, the promo event hooks.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import type { Snapshot } from '../derive.js';
import { cmpSet, deckOf, orderPos, rankByOrder, snapshot, stability, strength } from '../derive.js';
import type { Ctx, NatState, Task } from '../state.js';
import type { Effect, EventDef, Metric, Target } from '../types.js';
import { pushEffects } from './effects.js';
import { startMulti, targets } from './multi.js';
import { changeVp } from './payments.js';

export function startEvents(st: NatState, log: EventSink): void {
  if (st.solo) {
    // NAT-SOLO-14: the stability contest.
    const vo = st.solo1!.stability;
    const mine = stability(st, 0);
    const win = vo === null || mine > vo;
    changeVp(st, 0, win ? 1 : -1);
    if (log) emit(log, 'nat.ev.soloStability', { win, vo, mine }, ['NAT-SOLO-14']);
    return;
  }
  const id = st.eventCard!;
  // Upper then lower; pushed in reverse (NAT-EVENT-1). The end-of-card modifiers end after both.
  st.stack.push({ t: 'eventHalf', half: 2, part: 0, card: id });
  st.stack.push({ t: 'eventHalf', half: 1, part: 0, card: id });
  st.stack.push({ t: 'eventHalf', half: 0, part: 0, card: id });
}

export function runEventHalf(st: NatState, t: Extract<Task, { t: 'eventHalf' }>, log: EventSink): void {
  const ec = deckOf(st).eventCard(t.card);
  if (t.half === 2) {
    st.stack.pop();
    if (st.mods.length > 0) st.mods = st.mods.filter((m) => m.until !== 'endOfEventCard'); // NAT-NOTE-18
    return;
  }
  const half = ec.events[t.half];
  if (!half) {
    st.stack.pop();
    return;
  }
  const many = Array.isArray(half);
  if (t.part === 0) {
    // Order moves of this event apply as one block at its end (NAT-EVENT-6): put beneath the parts, and the
    // first part runs at once (it would be the next step: nothing can be asked in between).
    st.stack[st.stack.length - 1] = { t: 'moves', first: [], last: [], rank: [] };
    t.part = 1;
    st.stack.push(t);
    if (log) emit(log, 'nat.ev.eventHalf', { card: t.card, half: t.half }, ['NAT-EVENT-1', 'NAT-EVENT-2']);
  }
  const k = t.part - 1;
  if (k >= (many ? half.length : 1)) {
    st.stack.pop();
    return;
  }
  t.part++;
  const def = many ? half[k]! : half;
  const first = many ? half[0]! : half;
  const ctx: Ctx = { src: def.name, ev: true };
  // Every comparison of this part reads the same state: strength and stability are computed once (twice
  // around a hook, which may change the state).
  const tg = def.target;
  let found: [number[], number[] | undefined] | null;
  if (def.hook) {
    if (!chooseEventPart(st, def, first, k, ctx, log, snapshot(st))) return;
    eventHook(st, def, ctx, log);
    if (def.effects.length === 0) return;
    found = eventPartTargets(st, tg, ctx, snapshot(st));
  } else {
    const snap = snapshot(st);
    found = chooseEventPart(st, def, first, k, ctx, log, snap) ? eventPartTargets(st, tg, ctx, snap) : null;
  }
  if (!found) return;
  const [seats, rank] = found;
  if (log)
    emit(log, 'nat.ev.eventTargets', { name: def.name, nameRu: def.nameRu ?? null, seats }, [
      'NAT-EVENT-3',
      'NAT-EVENT-4',
    ]);
  startMulti(st, seats, def.effects, ctx, def.choiceOrder ?? 'reversePlayer', rank);
}

/** The benefit set and the chooser of an event part (`firstPart`: its half's first part); false when a chooser is needed and there is none. */
export function chooseEventPart(
  st: NatState,
  def: EventDef,
  firstPart: EventDef,
  k: number,
  ctx: Ctx,
  log: EventSink,
  snap: Snapshot,
): boolean {
  // The benefit set of the part (for "every other nation", NAT-EVENT-12).
  const tg = def.target;
  if (typeof tg === 'object' && 'best' in tg && !('tieBreak' in tg))
    ctx.benefit = cmpSet(st, tg.best, 'best', false, snap);
  else if (k > 0) {
    const first = firstPart.target;
    if (typeof first === 'object' && 'best' in first)
      ctx.benefit = cmpSet(st, first.best, 'best', false, snap);
  }
  if (def.chooser) {
    // NAT-NOTE-14/24: the chooser is the best nation by the metric (5 players: the better-ranked of the
    // benefit set); a choice between branches always has a chooser, ties going by player order (NAT-NOTE-24),
    // an offer needs a strict benefit set (NAT-NOTE-14).
    const m = def.chooser.best;
    const ranked = rankByOrder(st, m, snap);
    const set = cmpSet(st, m, 'best', false, snap);
    const always = def.effects.some((e) => 'choice' in e);
    const ch = ranked.find((x) => set.includes(x)) ?? (always ? ranked[0] : undefined);
    if (ch === undefined) {
      if (log) emit(log, 'nat.ev.noChooser', { name: def.name, nameRu: def.nameRu ?? null }, ['NAT-NOTE-14']);
      return false;
    }
    ctx.chooser = ch;
    ctx.benefit = set.includes(ch) ? set : [ch];
  }
  return true;
}

/** The seats an event part reaches, and the ranking its order moves and choices follow. */
export function eventPartTargets(
  st: NatState,
  tg: Target,
  ctx: Ctx,
  snap: Snapshot,
): [number[], number[] | undefined] {
  const seats = targets(st, tg, ctx, snap);
  const mv = nearestMoves(st);
  if (mv && typeof tg === 'object' && ('best' in tg || 'worst' in tg)) {
    const m = (tg as { best?: Metric; worst?: Metric }).best ?? (tg as { worst: Metric }).worst;
    mv.rank = rankByOrder(st, m, snap);
  }
  return [seats, mv?.rank.length ? mv.rank : undefined];
}

/**
 * The promo event hooks (NAT-MODEL-13/14). solarEclipse: next round's player order is this round's pass order
 * (applied at cleanup, NAT-ROUND-3). springAndAutumn: each nation compares its strength with its neighbours in
 * player order (wrapping; 2 players: the one other nation, counted once): stronger than exactly one → +2 stone,
 * than both → +1 VP. imperiumRex: the game ends after this round, whose book scoring counts as an age's end.
 */
export function eventHook(st: NatState, def: EventDef, ctx: Ctx, log: EventSink): void {
  const rules = ['NAT-MODEL-13', 'NAT-MODEL-14'];
  if (def.hook === 'solarEclipse') {
    st.eclipse = true;
    if (log) emit(log, 'nat.ev.eclipse', {}, rules);
    return;
  }
  if (def.hook === 'springAndAutumn') {
    const o = st.order;
    const n = o.length;
    if (n < 2) return;
    const str = o.map((x) => strength(st, x));
    const gains: Array<[number, Effect]> = [];
    for (let i = 0; i < n; i++) {
      const nb = n === 2 ? [1 - i] : [(i + n - 1) % n, (i + 1) % n];
      const beat = nb.filter((j) => str[i]! > str[j]!).length;
      if (beat === 2) gains.push([o[i]!, { vp: 1 }]);
      else if (beat === 1) gains.push([o[i]!, { gain: { stone: 2 } }]);
    }
    if (log) emit(log, 'nat.ev.springAutumn', { seats: gains.map(([x]) => x) }, rules);
    // Pushed in reverse: applied in player order.
    for (let k = gains.length - 1; k >= 0; k--) pushEffects(st, gains[k]![0], [gains[k]![1]], ctx);
    return;
  }
  if (def.hook === 'imperiumRex') {
    st.lastRound = true;
    if (log) emit(log, 'nat.ev.imperiumRex', { round: st.round }, [...rules, 'NAT-END-1']);
  }
}

export function nearestMoves(st: NatState): Extract<Task, { t: 'moves' }> | null {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const t = st.stack[i]!;
    if (t.t === 'moves') return t;
  }
  return null;
}

/** NAT-EVENT-6: moved nations go to the front or back as one block. */
export function applyMoves(st: NatState, t: Extract<Task, { t: 'moves' }>, log: EventSink): void {
  if (t.first.length === 0 && t.last.length === 0) return;
  if (st.orderLocked) return; // NAT-EVENT-16
  const pos = orderPos(st);
  const rk = t.rank.length ? t.rank : st.order;
  const key = (s: number) => rk.indexOf(s) * 100 + pos[s]!;
  const first = [...new Set(t.first)].sort((a, b) => key(a) - key(b));
  const last = [...new Set(t.last)].sort((a, b) => key(a) - key(b));
  const rest = st.order.filter((s) => !first.includes(s) && !last.includes(s));
  st.order = [...first, ...rest, ...last];
  if (log) emit(log, 'nat.ev.order', { order: [...st.order] }, ['NAT-EVENT-6', 'NAT-ORDER-3']);
}
