/** Card classes and payments (AOH-COMP-4, AOH-BUILD-4..6), derived once per configuration. */
import type { AohConfig, CardCounts, CardId, ItemKind, TribeId } from './types.js';

export interface Classes {
  ordinary: Set<CardId>;
  special: Set<CardId>;
  immediate: Set<CardId>;
  held: Set<CardId>;
  disaster: Set<CardId>;
  /** AOH-TRADE-1: hand cards of the resource deck (ordinary, special, held). */
  tradable: CardId[];
  specialOf: Map<TribeId, CardId>;
  /** Every card id of the deck, in data order. */
  all: CardId[];
  battleTotal: number;
  /** Per item: total cards of its cost, and its non-gold card types in cost order (AOH-BUILD-5). */
  costTotal: Record<ItemKind, number>;
  costTypes: Record<ItemKind, CardId[]>;
}

const cache = new WeakMap<AohConfig, Classes>();
/** The last configuration asked for: nearly every call asks for the same one. */
let lastCfg: AohConfig | null = null;
let lastClasses: Classes | null = null;

export function classes(cfg: AohConfig): Classes {
  if (cfg === lastCfg) return lastClasses!;
  let c = cache.get(cfg);
  if (!c) {
    const cc = cfg.cardClasses;
    c = {
      ordinary: new Set(cc.ordinary),
      special: new Set(cc.special),
      immediate: new Set(cc.immediate),
      held: new Set(cc.held),
      disaster: new Set(cc.disaster),
      tradable: [...cc.ordinary, ...cc.special, ...cc.held],
      specialOf: new Map(cfg.tribes.map((t) => [t.id, t.special])),
      all: Object.keys(cfg.resourceDeck),
      battleTotal: Object.values(cfg.battleDeck).reduce((a, b) => a + b, 0),
      costTotal: {} as Record<ItemKind, number>,
      costTypes: {} as Record<ItemKind, CardId[]>,
    };
    for (const item of Object.keys(cfg.costs) as ItemKind[]) {
      const cost = cfg.costs[item];
      c.costTotal[item] = Object.values(cost).reduce((a, b) => a + b, 0);
      c.costTypes[item] = Object.keys(cost).filter((t) => t !== 'gold');
    }
    cache.set(cfg, c);
  }
  lastCfg = cfg;
  lastClasses = c;
  return c;
}

export function count(cards: readonly CardId[], id: CardId): number {
  let n = 0;
  for (let i = 0; i < cards.length; i++) if (cards[i] === id) n++;
  return n;
}

export function counts(cards: readonly CardId[]): CardCounts {
  const out: CardCounts = {};
  for (const c of cards) out[c] = (out[c] ?? 0) + 1;
  return out;
}

/** True if `hand` holds every card of `need` (a multiset). Allocation-free: it runs in the hot path. */
export function holds(hand: readonly CardId[], need: readonly CardId[]): boolean {
  const n = need.length;
  if (n === 0) return true;
  if (n > hand.length) return false;
  for (let i = 0; i < n; i++) {
    const id = need[i]!;
    // Each card type once, at its first occurrence in `need`.
    if (need.indexOf(id) !== i) continue;
    if (count(hand, id) < count(need, id)) return false;
  }
  return true;
}

/** The distinct elements of `xs` in order of first occurrence (as `[...new Set(xs)]`), without a Set. */
export function distinct<T>(xs: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    if (!out.includes(x)) out.push(x);
  }
  return out;
}

/** Removes one card of type `id` (its most recent copy). Returns false if none. */
export function takeCard(hand: CardId[], id: CardId): boolean {
  const i = hand.lastIndexOf(id);
  if (i < 0) return false;
  hand.splice(i, 1);
  return true;
}

export function takeCards(hand: CardId[], cards: readonly CardId[]): void {
  for (const c of cards) if (!takeCard(hand, c)) throw new Error(`card ${c} not in hand`);
}

/**
 * AOH-BUILD-5: a payment P is valid for cost K iff |P| = |K|, every card is ordinary, and for every
 * non-gold type t, P[t] ≤ K[t]; Gold fills the remaining requirements (the Gold of a General too).
 */
export function paymentError(cfg: AohConfig, item: ItemKind, pay: readonly CardId[]): string | null {
  const cost = cfg.costs[item];
  const cl = classes(cfg);
  const total = cl.costTotal[item];
  if (!Array.isArray(pay) || pay.length !== total) return `a ${item} costs exactly ${total} cards`;
  const have = counts(pay);
  for (const id in have) {
    if (!cl.ordinary.has(id)) return `${id} cannot be used as payment (only ordinary resources can)`;
    if (id !== 'gold' && have[id]! > (cost[id] ?? 0)) return `too many ${id} for a ${item}`;
  }
  return null;
}

/** Every distinct valid payment for `item` that `hand` can afford, in a fixed order. */
export function payments(cfg: AohConfig, item: ItemKind, hand: readonly CardId[]): CardId[][] {
  const cost = cfg.costs[item];
  const cl = classes(cfg);
  const total = cl.costTotal[item];
  const types = cl.costTypes[item];
  const gold = count(hand, 'gold');
  const out: CardId[][] = [];
  // Quick exit: even with every card of the cost's types and all the gold, the hand falls short.
  let reach = gold;
  for (let j = 0; j < types.length; j++) reach += Math.min(cost[types[j]!]!, count(hand, types[j]!));
  if (reach < total) return out;
  const have: CardCounts = {};
  for (let j = 0; j < types.length; j++) have[types[j]!] = count(hand, types[j]!);
  const pick = new Array<number>(types.length).fill(0);
  const rec = (i: number, used: number) => {
    if (i === types.length) {
      const g = total - used;
      if (g > gold) return;
      const pay: CardId[] = [];
      for (let j = 0; j < types.length; j++) for (let k = 0; k < pick[j]!; k++) pay.push(types[j]!);
      for (let k = 0; k < g; k++) pay.push('gold');
      out.push(pay);
      return;
    }
    const t = types[i]!;
    const max = Math.min(cost[t]!, have[t] ?? 0);
    for (let n = max; n >= 0; n--) {
      pick[i] = n;
      rec(i + 1, used + n);
    }
  };
  rec(0, 0);
  return out;
}
