/**
 * Resources and VP (NAT-RES, NAT-SHORT): voluntary payments, gains, VP, forced payments with shortages
 * and the substitution of books.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { MK, RES_BIT, hasMod, removalsIgnoreWealth } from '../derive.js';
import type { OptOf, NatState, Player } from '../state.js';
import type { Bag, Res } from '../types.js';
import { bagOf } from './cards.js';
import { RES4 } from './core.js';
import { ask } from './choices.js';
import { fireTriggers } from './triggers.js';

export function affordable(p: Player, bag: Bag): boolean {
  for (const r of RES4) if ((bag[r] ?? 0) > p.res[r]) return false;
  return true;
}

/** A voluntary payment (NAT-RES-2), already known to be affordable; Mansa Musa (NAT-NOTE-6). */
export function voluntaryPay(st: NatState, s: number, bag: Bag, log: EventSink): void {
  const p = st.players[s]!;
  const before = p.res.gold;
  addBag(p.res, bag, -1);
  if (before > 0 && p.res.gold === 0 && (bag.gold ?? 0) > 0) fireTriggers(st, 'goldReachedZero', s, {});
  void log;
}

export function gain(st: NatState, s: number, bag: Bag): void {
  addBag(st.players[s]!.res, bag, 1);
}

/** res[r] by name: a keyed read whose key varies is served through V8's megamorphic cache. */
export function resOf(res: Record<Res, number>, r: Res): number {
  switch (r) {
    case 'gold':
      return res.gold;
    case 'stone':
      return res.stone;
    case 'food':
      return res.food;
    default:
      return res.books;
  }
}

/** res[r] += n by name (see `resOf`). */
export function addRes(res: Record<Res, number>, r: Res, n: number): void {
  switch (r) {
    case 'gold':
      res.gold += n;
      return;
    case 'stone':
      res.stone += n;
      return;
    case 'food':
      res.food += n;
      return;
    default:
      res.books += n;
  }
}

/**
 * res += sign × bag, field by field: named reads and writes (a loop over the resource names makes every
 * access a keyed one, which V8 serves through its megamorphic cache).
 */
export function addBag(res: Record<Res, number>, bag: Bag, sign: 1 | -1): void {
  const g = bag.gold;
  const st = bag.stone;
  const f = bag.food;
  const b = bag.books;
  if (g) res.gold += sign * g;
  if (st) res.stone += sign * st;
  if (f) res.food += sign * f;
  if (b) res.books += sign * b;
}

export function changeVp(st: NatState, s: number, n: number): void {
  const p = st.players[s]!;
  p.vp += n;
  if (p.vp < 0 && !st.solo) p.vp = 0; // NAT-RES-4, NAT-SOLO-17
}

/**
 * A forced payment (NAT-SHORT) that would be the run loop's very next step (a task pushed on top of the stack),
 * made at once instead: item by item, and when an item opens a decision (a substitution, NAT-SHORT-5) the task is
 * pushed as it would stand then (`i` items made), so the state and the events are the same as through the stack.
 * Only when no removal condition reads resources or VP (`Deck.wealthSafe`): otherwise removal conditions are
 * checked between the items, and the task is pushed as before.
 */
export function payNow(st: NatState, s: number, items: Array<[Res, number]>, log: EventSink): void {
  if (!removalsIgnoreWealth(st)) {
    st.stack.push({ t: 'pay', s, items, i: 0 });
    return;
  }
  for (let i = 0; i < items.length;) {
    const it = items[i++]!;
    forcedPayOne(st, s, it[0], it[1], log);
    if (st.pending !== null) {
      st.stack.push({ t: 'pay', s, items, i });
      return;
    }
  }
}

/** One forced payment of one resource (NAT-SHORT). Returns false when it waits for a substitution choice. */
export function forcedPayOne(st: NatState, s: number, r: Res, n: number, log: EventSink): void {
  const p = st.players[s]!;
  if (n <= 0) return;
  const h = resOf(p.res, r);
  if (h >= n) {
    addRes(p.res, r, -n);
    return;
  }
  addRes(p.res, r, -h);
  const m = n - h;
  shortageVp(st, s, r, log);
  if (log) emit(log, 'nat.ev.shortage', { seat: s, res: r, missing: m }, ['NAT-SHORT-1', 'NAT-SHORT-2']);
  if (r !== 'books') {
    // NAT-SHORT-4: m books replace the missing units.
    forcedPayOne(st, s, 'books', m, log);
    return;
  }
  // NAT-SHORT-5: lose m held gold/stone/food of the player's choice.
  const held = p.res.gold + p.res.stone + p.res.food;
  if (held <= m) {
    p.res.gold = 0;
    p.res.stone = 0;
    p.res.food = 0;
    return;
  }
  // Only one kind held: it is lost without a choice.
  const res = p.res;
  const hasGold = res.gold > 0;
  const hasStone = res.stone > 0;
  const hasFood = res.food > 0;
  if (hasGold && !hasStone && !hasFood) {
    res.gold -= m;
    return;
  }
  if (hasStone && !hasGold && !hasFood) {
    res.stone -= m;
    return;
  }
  if (hasFood && !hasGold && !hasStone) {
    res.food -= m;
    return;
  }
  const opts: OptOf<'subst'>[] = [];
  for (let g = Math.min(m, p.res.gold); g >= 0; g--)
    for (let so = Math.min(m - g, p.res.stone); so >= 0; so--) {
      const f = m - g - so;
      if (f <= p.res.food) opts.push({ type: 'choose', lose: bagOf(g, so, f, 0) });
    }
  ask(st, log, s, 'subst', opts, { m });
}

export function shortageVp(st: NatState, s: number, r: Res, log: EventSink): void {
  const p = st.players[s]!;
  if (p.short & RES_BIT[r]) return;
  p.short |= RES_BIT[r];
  if (hasMod(st, s, MK.noShortageVp)) {
    if (log) emit(log, 'nat.ev.noShortageVp', { seat: s }, ['NAT-NOTE-32']);
    return;
  }
  changeVp(st, s, -1);
}
