/**
 * Production (NAT-PROD): every nation's production computed at the start of the step, the choices of
 * resource types, then gains and payments in player order; unrest.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { E } from '../config.js';
import type { Snapshot } from '../derive.js';
import { MK, allDerived, board, cond, counter, deckOf, gather, kindBit, snapshot } from '../derive.js';
import type { NatState, Task } from '../state.js';
import type { CardType, ProgressCard, Res } from '../types.js';
import { PAY_ORDER, RES4 } from './core.js';
import { pushEffects, UNREST_VP } from './effects.js';
import { ask } from './choices.js';
import { payNow, resOf } from './payments.js';

export function productionTask(st: NatState): Task {
  const nets: Array<Record<Res, number> | null> = [];
  const unrest: number[] = [];
  const choices: Array<Array<[Res[], number]>> = [];
  // NAT-PROD-2: everything is computed on the state at the start of the step (nothing changes meanwhile: the
  // conditions of production entries read the same strength and stability, computed once).
  const snap = snapshot(st);
  const derived = allDerived(st, false, snap);
  const dk = deckOf(st);
  for (let s = 0; s < st.n; s++) {
    const p = st.players[s]!;
    const ch: Array<[Res[], number]> = [];
    let ignoreMil = false;
    let ignoreBld = false;
    for (const m of gather(st, s, kindBit(MK.ignoreUpkeep))) {
      const t = (m.b as { ignoreUpkeep: { cardType: CardType } }).ignoreUpkeep.cardType;
      if (t === 'military') ignoreMil = true;
      else if (t === 'building') ignoreBld = true;
    }
    // Per-worker production and upkeep as [gold, stone, food, books] vectors.
    const v = [0, 0, 0, 0];
    productionEntries(st, s, board(p).production, v, ch, snap);
    for (const r of p.row)
      if (r && r.w > 0) {
        const e = dk.instEntry(r);
        const pr = e.pwProduce;
        if (pr) for (let i = 0; i < 4; i++) v[i]! += pr[i]! * r.w;
        const co = e.pwConsume;
        if (co && !(e.military ? ignoreMil : ignoreBld)) for (let i = 0; i < 4; i++) v[i]! -= co[i]! * r.w;
        productionEntries(st, s, e.c.production, v, ch, snap);
      }
    for (const a of p.advisors) productionEntries(st, s, dk.instEntry(a).c.production, v, ch, snap);
    for (const c of p.colonies) productionEntries(st, s, dk.instEntry(c).c.production, v, ch, snap);
    for (const w of p.wonders) productionEntries(st, s, dk.instEntry(w).c.production, v, ch, snap);
    const net: Record<Res, number> = { gold: v[0]!, stone: v[1]!, food: v[2]!, books: v[3]! };
    net.food -= (p.foodCap - p.foodFilled) * E.emptyFoodSpace; // NAT-POP-3
    const stab = derived.stab[s]!;
    nets.push(net);
    unrest.push(stab < 0 ? -stab : 0);
    choices.push(ch);
  }
  return { t: 'prod', i: 0, nets, unrest, choices };
}

/** Adds a card's production entries (§19.2) for seat s to the [gold, stone, food, books] vector and choices. */
export function productionEntries(
  st: NatState,
  s: number,
  list: ProgressCard['production'],
  v: number[],
  ch: Array<[Res[], number]>,
  snap?: Snapshot,
): void {
  if (!list) return;
  for (const e of list) {
    if (e.if && !cond(st, s, e.if, false, snap)) continue;
    const k = e.per ? counter(st, s, e.per) : 1;
    if (k === 0) continue;
    if (e.gain) for (let i = 0; i < 4; i++) v[i]! += (e.gain[RES4[i]!] ?? 0) * k;
    if (e.pay) for (let i = 0; i < 4; i++) v[i]! -= (e.pay[RES4[i]!] ?? 0) * k;
    if (e.gainChoice) ch.push([e.gainChoice.of, e.gainChoice.n * k]);
  }
}

export function runProduction(st: NatState, t: Extract<Task, { t: 'prod' }>, log: EventSink): void {
  if (t.i >= st.n) {
    st.stack.pop();
    return;
  }
  const s = st.order[t.i]!;
  const ch = t.choices[s]!;
  if (ch.length > 0) {
    const [of, n] = ch.shift()!;
    ask(
      st,
      log,
      s,
      'prodChoice',
      of.map((r) => ({ type: 'choose', res: r })),
      { n },
    );
    return;
  }
  t.i++;
  const net = t.nets[s]!;
  // The gains at once, the payments (in PAY_ORDER) as a forced payment step.
  const res = st.players[s]!.res;
  const { gold, stone, food, books } = net;
  if (gold > 0) res.gold += gold;
  if (stone > 0) res.stone += stone;
  if (food > 0) res.food += food;
  if (books > 0) res.books += books;
  const items: Array<[Res, number]> = [];
  for (const r of PAY_ORDER) {
    const x = resOf(net, r);
    if (x < 0) items.push([r, -x]);
  }
  if (log)
    emit(log, 'nat.ev.production', { seat: s, net: { ...net } }, ['NAT-PROD-3', 'NAT-PROD-4', 'NAT-PROD-5']);
  const u = t.unrest[s]!;
  if (u > 0) {
    // NAT-PROD-6: after production's payments.
    pushEffects(st, s, UNREST_VP, { src: 'unrest' });
    st.stack.push({ t: 'pay', s, items: [['books', u]], i: 0 });
    if (log) emit(log, 'nat.ev.unrest', { seat: s, books: u }, ['NAT-PROD-6', 'NAT-DERIV-6']);
    if (items.length) st.stack.push({ t: 'pay', s, items, i: 0 });
    return;
  }
  // Nothing beneath: the payment is the next step, made at once.
  if (items.length) payNow(st, s, items, log);
}
