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
}

const cache = new WeakMap<AohConfig, Classes>();

export function classes(cfg: AohConfig): Classes {
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
    };
    cache.set(cfg, c);
  }
  return c;
}

export function count(cards: readonly CardId[], id: CardId): number {
  let n = 0;
  for (const c of cards) if (c === id) n++;
  return n;
}

export function counts(cards: readonly CardId[]): CardCounts {
  const out: CardCounts = {};
  for (const c of cards) out[c] = (out[c] ?? 0) + 1;
  return out;
}

/** True if `hand` holds every card of `need` (a multiset). */
export function holds(hand: readonly CardId[], need: readonly CardId[]): boolean {
  const want = counts(need);
  for (const id in want) if (count(hand, id) < want[id]!) return false;
  return true;
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
  const total = Object.values(cost).reduce((a, b) => a + b, 0);
  if (!Array.isArray(pay) || pay.length !== total) return `a ${item} costs exactly ${total} cards`;
  const cl = classes(cfg);
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
  const total = Object.values(cost).reduce((a, b) => a + b, 0);
  const types = Object.keys(cost).filter((t) => t !== 'gold');
  const have = counts(hand);
  const gold = have.gold ?? 0;
  const out: CardId[][] = [];
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
