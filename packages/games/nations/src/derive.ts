/**
 * Derived values and pure queries (NAT-DERIV, NAT-CMP, §19.1 conditions and counters): strength, stability,
 * modifiers in force, metrics, tie groups, benefit and penalty sets. Nothing here changes the state.
 */
import { E } from './config.js';
import type { CardEntry, CardMods, CMod } from './compiled.js';
import {
  BOARD_KINDS,
  BOARD_OTHERS_KINDS,
  board,
  card,
  compileMod,
  condTag,
  counterTag,
  CT,
  kindBit,
  KT,
  MK,
} from './compiled.js';
import type { Deck } from './deck.js';
import { AREA_ADVISORS, AREA_COLONIES, AREA_ROW, AREA_WONDERS, deckOf, inPlay } from './deck.js';
import type { Inst, NatState, Player } from './state.js';
import type { CardFilter, CardType, Cond, Counter, Metric, ProgressCard, Res } from './types.js';

export {
  MK,
  CMod,
  compileMod,
  kindBit,
  ROUND_PASS,
  ROUND_BUY,
  roundFacts,
  CardEntry,
  entry,
  card,
  fireBit,
  registerTestCard,
  refreshCard,
  BOARD_ABILITIES,
  BOARD_TRIGGERS,
  board,
  F_REM,
  F_MOD,
  F_TRIG,
  F_ABIL,
  ET,
  effectTag,
} from './compiled.js';
export type { ModKey, RoundCond, CardMods } from './compiled.js';
export { deckFor, deckOf, wealthFree } from './deck.js';
export type { Deck } from './deck.js';

/** The compiled entry of a card instance (through the game's deck, `deck.ts`). */
export const instEntry = (st: NatState, x: Inst): CardEntry => deckOf(st).instEntry(x);
/** The card of an instance. */
export const instCard = (st: NatState, x: Inst): ProgressCard => deckOf(st).instEntry(x).c;
/** The card on progress-board space i. */
export const boardCard = (st: NatState, i: number, b: { id: string }): ProgressCard =>
  deckOf(st).boardCard(i, b);

export const age = (st: NatState): number => Math.ceil(st.round / E.roundsPerAge);
export const RES_BIT: Record<Res, number> = { gold: 1, stone: 2, food: 4, books: 8 };

/** Calls fn for each in-play card of a player (slot order: advisors, row, colonies, wonders), manned-only for the row when `activeOnly`. */
export function eachCard(
  p: Player,
  activeOnly: boolean,
  fn: (inst: Inst, c: ProgressCard, where: 'advisor' | 'row' | 'colony' | 'wonder') => void,
): void {
  for (const a of p.advisors) fn(a, card(a.id), 'advisor');
  for (const r of p.row) if (r && (!activeOnly || r.w > 0)) fn(r, card(r.id), 'row');
  for (const c of p.colonies) fn(c, card(c.id), 'colony');
  for (const w of p.wonders) fn(w, card(w.id), 'wonder');
}

const NONE: readonly CMod[] = [];
function pick(out: CMod[], list: CMod[], listMask: number, mask: number): CMod[] {
  if ((listMask & mask) === 0) return out;
  for (let i = 0; i < list.length; i++) {
    const m = list[i]!;
    if (kindBit(m.k) & mask) {
      if (out === NONE) out = [];
      out.push(m);
    }
  }
  return out;
}
/** `pick` over every card of an area (advisors, colonies, wonders). */
function pickAll(out: CMod[], dk: Deck, list: readonly Inst[], own: boolean, mask: number): CMod[] {
  for (let k = 0; k < list.length; k++) {
    const m = dk.instEntry(list[k]!).mods;
    out = own ? pick(out, m.own, m.ownMask, mask) : pick(out, m.others, m.othersMask, mask);
  }
  return out;
}
/**
 * The modifiers in force for seat s (own sources, others' `appliesTo` sources, round modifiers) whose kind bit
 * is in `mask`, in slot order. Cards without a modifier of those kinds are skipped on their masks, and the
 * common answer "none" allocates nothing.
 */
export function gather(st: NatState, s: number, mask: number): readonly CMod[] {
  // Only when a card with such modifiers was put in play (`InPlay`, beside the state), a nation board has some,
  // or a round modifier is in force: the common answer "none" at once.
  const ip = inPlay(st);
  if (((ip.kinds | BOARD_KINDS) & mask) === 0 && st.mods.length === 0) return NONE;
  let out = NONE as CMod[];
  const ps = st.players;
  // Only the areas (advisors, row, colonies, wonders) where a card with modifiers of those kinds can lie are
  // walked (the deck's areas by card type): for the seat's own cards, and for the modifiers reaching it from
  // other nations' cards.
  const dk = deckOf(st);
  const ownAreas = (ip.kinds & mask) !== 0 ? dk.areas(mask, true) : 0;
  const othersAreas = (ip.others & mask) !== 0 ? dk.areas(mask, false) : 0;
  // Nation boards: own modifiers of those kinds reach the seat from its own board, those reaching others from
  // the other boards (none in the published game).
  const boardOwn = (BOARD_KINDS & mask) !== 0;
  const boardOthers = (BOARD_OTHERS_KINDS & mask) !== 0;
  // The other nations are walked only when something of theirs can reach the seat; the order of what is
  // gathered (seats in order, slot order) is the same either way.
  const everyone = othersAreas !== 0 || boardOthers;
  if (everyone || ownAreas !== 0 || boardOwn)
    for (let o = everyone ? 0 : s; o < (everyone ? ps.length : s + 1); o++) {
      const p = ps[o]!;
      const own = o === s;
      if (own ? boardOwn : boardOthers) {
        const m = dk.boardMods(p, o);
        out = own ? pick(out, m.own, m.ownMask, mask) : pick(out, m.others, m.othersMask, mask);
      }
      const areas = own ? ownAreas : othersAreas;
      if (areas === 0) continue;
      if (areas & AREA_ADVISORS) out = pickAll(out, dk, p.advisors, own, mask);
      if (areas & AREA_ROW) {
        const row = p.row;
        for (let k = 0; k < row.length; k++) {
          const r = row[k];
          if (!r || r.w <= 0) continue;
          const m = dk.instEntry(r).mods;
          out = own ? pick(out, m.own, m.ownMask, mask) : pick(out, m.others, m.othersMask, mask);
        }
      }
      if (areas & AREA_COLONIES) out = pickAll(out, dk, p.colonies, own, mask);
      if (areas & AREA_WONDERS) out = pickAll(out, dk, p.wonders, own, mask);
    }
  const mods = st.mods;
  for (let i = 0; i < mods.length; i++)
    if (mods[i]!.seat === s) {
      const cm = compileMod(mods[i]!.body);
      if (kindBit(cm.k) & mask) {
        if (out === NONE) out = [];
        out.push(cm);
      }
    }
  return out;
}

const VALUE_KINDS =
  kindBit(MK.strength) | kindBit(MK.stability) | kindBit(MK.strengthFloor) | kindBit(MK.when);
function rawValues(st: NatState, s: number, withCond: boolean): { str: number; stab: number } {
  const p = st.players[s]!;
  const dk = deckOf(st);
  let str = 0;
  let stab = 0;
  const row = p.row;
  for (let i = 0; i < row.length; i++) {
    const r = row[i];
    if (r && r.w > 0) {
      const e = dk.instEntry(r);
      str += e.pwStr * r.w;
      stab += e.pwStab * r.w;
    }
  }
  stab += (p.stabCap - p.stabFilled) * E.emptyStabilitySpace;
  let floor = 0;
  const list = gather(st, s, VALUE_KINDS);
  for (let i = 0; i < list.length; i++) {
    const m = list[i]!;
    const k = m.k;
    if (k === MK.strength) str += m.n;
    else if (k === MK.stability) stab += m.n;
    else if (k === MK.strengthFloor) floor = Math.max(floor, m.n);
    else if (k === MK.when && withCond) {
      if (cond(st, s, m.when!, true)) {
        const b = m.inner!;
        if (b.k === MK.strength) str += b.n;
        else if (b.k === MK.stability) stab += b.n;
      }
    }
  }
  return { str: Math.max(str, floor), stab };
}

/** NAT-DERIV-1: clamp(0, 40, raw). `uncond` leaves conditional modifiers out (NAT-DERIV-7). */
export function strength(st: NatState, s: number, uncond = false): number {
  const v = rawValues(st, s, !uncond).str;
  return v < 0 ? 0 : v > E.strengthMax ? E.strengthMax : v;
}
/** NAT-DERIV-2: min(15, raw), no lower limit. */
export function stability(st: NatState, s: number, uncond = false): number {
  const v = rawValues(st, s, !uncond).stab;
  return v > E.stabilityMax ? E.stabilityMax : v;
}

export function workers(p: Player): number {
  let w = p.idle;
  for (const r of p.row) if (r) w += r.w;
  return w;
}

/** Sum of a numeric modifier kind (`MK.advisorSlots`, `MK.raidBonus`…) for seat s. */
export function modSum(st: NatState, s: number, k: number): number {
  const list = gather(st, s, kindBit(k));
  let v = 0;
  for (let i = 0; i < list.length; i++) v += list[i]!.n;
  return v;
}
/** Whether a modifier of this kind (`MK.noShortageVp`…) is in force for seat s. */
export function hasMod(st: NatState, s: number, k: number): boolean {
  return gather(st, s, kindBit(k)).length > 0;
}
export const countsAsLeastStable = (st: NatState, s: number) => hasMod(st, s, MK.countsAsLeastStable);

export const advisorCap = (st: NatState, s: number) =>
  board(st.players[s]!).slots.advisor + modSum(st, s, MK.advisorSlots);
export const colonyCap = (st: NatState, s: number) =>
  board(st.players[s]!).slots.colonies + modSum(st, s, MK.colonySlots);
export const wonderCap = (st: NatState, s: number) =>
  board(st.players[s]!).slots.wonders + modSum(st, s, MK.wonderSlots);

// ---------------------------------------------------------------- cards and counters

function ageOk(st: NatState, c: ProgressCard, sel: CardFilter['age']): boolean {
  if (sel === undefined) return true;
  const list = Array.isArray(sel) ? sel : [sel];
  const cur = age(st);
  return list.some((a) => (a === 'current' ? c.age === cur : c.age === a));
}
export function matches(st: NatState, c: ProgressCard, f: CardFilter): boolean {
  if (f.type !== undefined) {
    const ts = Array.isArray(f.type) ? f.type : [f.type];
    if (!ts.includes(c.type)) return false;
  }
  return ageOk(st, c, f.age);
}

export function counter(st: NatState, s: number, k: Counter): number {
  const p = st.players[s]!;
  switch (counterTag(k)) {
    case KT.constant:
      return (k as { constant: number }).constant;
    case KT.resource: {
      const x = k as { resource: Res; per: number };
      return Math.floor(p.res[x.resource] / x.per);
    }
    case KT.emptyTrackSpaces: {
      const f = p.foodCap - p.foodFilled;
      const b = p.stabCap - p.stabFilled;
      const which = (k as { emptyTrackSpaces: 'food' | 'stability' | 'any' }).emptyTrackSpaces;
      return which === 'food' ? f : which === 'stability' ? b : f + b;
    }
    case KT.boughtThisRound:
      return countBought(st, s, (k as { boughtThisRound: CardFilter }).boughtThisRound);
    case KT.cards:
      return countCards(st, s, (k as { cards: CardFilter }).cards);
    case KT.workersOn: {
      let n = 0;
      const f = (k as { workersOn: CardFilter }).workersOn;
      for (const r of p.row) if (r && matches(st, instCard(st, r), f)) n += r.w;
      return n;
    }
    default:
      // { die: 6 } is rolled by the effect interpreter, never counted here.
      return 0;
  }
}
/** The counter `{ boughtThisRound: f }`: the progress cards seat s bought this round that match f. */
function countBought(st: NatState, s: number, f: CardFilter): number {
  let n = 0;
  for (const id of st.players[s]!.bought) if (matches(st, card(id), f)) n++;
  return n;
}
/** The counter `{ cards: f }`: seat s's cards in play that match f (the row's manned ones if f says so). */
function countCards(st: NatState, s: number, f: CardFilter): number {
  const p = st.players[s]!;
  let n = 0;
  const dk = deckOf(st);
  for (const x of p.advisors) if (matches(st, dk.instEntry(x).c, f)) n++;
  for (const x of p.row) if (x && !(f.requireManned && x.w === 0) && matches(st, dk.instEntry(x).c, f)) n++;
  for (const x of p.colonies) if (matches(st, dk.instEntry(x).c, f)) n++;
  for (const x of p.wonders) if (matches(st, dk.instEntry(x).c, f)) n++;
  return n;
}

// ---------------------------------------------------------------- what a condition reads

/**
 * Whether no removal condition (NAT-REM-1) can change when a nation only pays or gains resources or VP (the
 * game's deck, `Deck.wealthSafe`): the rules then skip the re-check after payments and production.
 */
export const removalsIgnoreWealth = (st: NatState): boolean => deckOf(st).wealthSafe;

// ---------------------------------------------------------------- metrics and comparisons

const NEG = -1e9;

/** A metric's value for seat s (-1 = the solo virtual opponent; null = the VO has no value). */
export function metric(st: NatState, s: number, m: Metric, uncond = false): number | null {
  if (s < 0) {
    const vo = st.solo1!;
    if (typeof m !== 'string') return null;
    if (m === 'strength') return vo.strength;
    if (m === 'stability') return vo.stability;
    if (m === 'books') return vo.books;
    if (m === 'workers') return vo.workers;
    return null;
  }
  const p = st.players[s]!;
  if (typeof m !== 'string') return counter(st, s, m.counter);
  switch (m) {
    case 'strength':
      return strength(st, s, uncond);
    case 'stability':
      return stability(st, s, uncond);
    case 'workers':
      return workers(p);
    case 'vp':
      return p.vp;
    default:
      return p.res[m];
  }
}

/** The value used to rank (NAT-CMP-2): negative stability and Versailles join one lowest group. */
function rankValue(st: NatState, s: number, m: Metric, uncond: boolean): number {
  const v = metric(st, s, m, uncond)!;
  if (m === 'stability' && (v < 0 || countsAsLeastStable(st, s))) return NEG;
  return v;
}

/**
 * Strength and stability of every nation in one pass over all cards (the same sums as `strength` and
 * `stability`, NAT-DERIV-1/2, without walking every player's cards once per nation), plus whether a nation
 * counts as least stable (NAT-NOTE-11). Conditional modifiers (NAT-DERIV-7) fall back to the per-nation path.
 */
export interface Derived {
  readonly str: number[];
  readonly stab: number[];
  readonly least: boolean[];
}

/**
 * The derived values of a state that does not change meanwhile (the comparisons of an event part, the removal
 * conditions of one check): strength and stability of all nations computed at most once. Made by the caller
 * and passed down, never kept.
 */
export interface Snapshot {
  readonly st: NatState;
  d: Derived | null;
  /**
   * The last benefit or penalty set computed on it (`cmpSet`, not unconditional): its metric when a name
   * (a counter is an object and not kept), 'best' or 'worst', and the seats. An event part asks the same set
   * for its benefit and for its targets; the sets are never changed by their readers.
   */
  cm: Metric | null;
  cw: 'best' | 'worst' | null;
  cs: number[] | null;
}
export const snapshot = (st: NatState): Snapshot => ({ st, d: null, cm: null, cw: null, cs: null });

export function allDerived(st: NatState, uncond = false, snap?: Snapshot): Derived {
  if (!uncond && snap) return (snap.d ??= computeDerived(st, false));
  return computeDerived(st, uncond);
}
const DERIVED_KINDS = VALUE_KINDS | kindBit(MK.countsAsLeastStable);
/**
 * n copies of v as a packed array literal for the table sizes (1–5 nations): `new Array(n).fill(0)` costs
 * a builtin call and starts holey, which showed as a fifth of `computeDerived`'s time.
 */
function filled<T>(n: number, v: T): T[] {
  switch (n) {
    case 1:
      return [v];
    case 2:
      return [v, v];
    case 3:
      return [v, v, v];
    case 4:
      return [v, v, v, v];
    case 5:
      return [v, v, v, v, v];
    default: {
      const a: T[] = [];
      for (let i = 0; i < n; i++) a.push(v);
      return a;
    }
  }
}
/** The sums of `computeDerived` while they are collected (no closures in the hot loop). */
class DerivedSums {
  readonly str: number[];
  readonly stab: number[];
  readonly floor: number[];
  readonly least: boolean[];
  conditional = false;
  constructor(n: number) {
    this.str = filled(n, 0);
    this.stab = filled(n, 0);
    this.floor = filled(n, 0);
    this.least = filled(n, false);
  }
  add(s: number, m: CMod): void {
    const k = m.k;
    if (k === MK.strength) this.str[s]! += m.n;
    else if (k === MK.stability) this.stab[s]! += m.n;
    else if (k === MK.strengthFloor) this.floor[s] = Math.max(this.floor[s]!, m.n);
    else if (k === MK.countsAsLeastStable) this.least[s] = true;
    else if (k === MK.when) this.conditional = true;
  }
  /** A source's modifiers: its own ones to its owner o, its `others` ones to every other nation. */
  spread(o: number, cm: CardMods): void {
    if ((cm.ownMask & DERIVED_KINDS) !== 0) for (const m of cm.own) this.add(o, m);
    if ((cm.othersMask & DERIVED_KINDS) !== 0)
      for (let s = 0; s < this.str.length; s++) if (s !== o) for (const m of cm.others) this.add(s, m);
  }
}
function computeDerived(st: NatState, uncond: boolean): Derived {
  const n = st.players.length;
  const dk = deckOf(st);
  const d = new DerivedSums(n);
  const { str, stab, floor } = d;
  for (let o = 0; o < n; o++) {
    const p = st.players[o]!;
    const row = p.row;
    for (let i = 0; i < row.length; i++) {
      const r = row[i];
      if (r && r.w > 0) {
        const e = dk.instEntry(r);
        str[o]! += e.pwStr * r.w;
        stab[o]! += e.pwStab * r.w;
        d.spread(o, e.mods);
      }
    }
    stab[o]! += (p.stabCap - p.stabFilled) * E.emptyStabilitySpace;
    d.spread(o, dk.boardMods(p, o));
    const adv = p.advisors;
    for (let i = 0; i < adv.length; i++) d.spread(o, dk.instEntry(adv[i]!).mods);
    const col = p.colonies;
    for (let i = 0; i < col.length; i++) d.spread(o, dk.instEntry(col[i]!).mods);
    const won = p.wonders;
    for (let i = 0; i < won.length; i++) d.spread(o, dk.instEntry(won[i]!).mods);
  }
  for (const m of st.mods) d.add(m.seat, compileMod(m.body));
  for (let s = 0; s < n; s++) {
    if (d.conditional && !uncond) {
      str[s] = strength(st, s);
      stab[s] = stability(st, s);
      continue;
    }
    const v = Math.max(str[s]!, floor[s]!);
    str[s] = v < 0 ? 0 : v > E.strengthMax ? E.strengthMax : v;
    if (stab[s]! > E.stabilityMax) stab[s] = E.stabilityMax;
  }
  return d; // the sums are the derived values now (no copy)
}

/** NAT-CMP-3 / NAT-CMP-4 over all nations: which seats get the benefit ('best') or the penalty ('worst'). */
export function cmpSet(
  st: NatState,
  m: Metric,
  which: 'best' | 'worst',
  uncond = false,
  snap?: Snapshot,
): number[] {
  const n = st.n;
  if (st.solo) {
    const vo = metric(st, -1, m, uncond);
    const v = rankValue(st, 0, m, uncond);
    if (vo === null) return which === 'best' ? [0] : [];
    const vov = m === 'stability' && vo < 0 ? NEG : vo;
    if (which === 'best') return v > vov ? [0] : [];
    return v <= vov ? [0] : [];
  }
  const keep = snap !== undefined && !uncond && typeof m === 'string';
  if (keep && snap.cm === m && snap.cw === which) return snap.cs!;
  const vals: number[] = [];
  if (m === 'strength' || m === 'stability') {
    const d = allDerived(st, uncond, snap);
    for (let s = 0; s < n; s++)
      vals.push(m === 'strength' ? d.str[s]! : d.stab[s]! < 0 || d.least[s] ? NEG : d.stab[s]!);
  } else for (let s = 0; s < n; s++) vals.push(rankValue(st, s, m, uncond));
  const k = n === 5 ? 2 : 1;
  const out: number[] = [];
  for (let s = 0; s < n; s++) {
    let above = 0;
    let same = 0;
    for (let o = 0; o < n; o++) {
      if (vals[o]! > vals[s]!) above++;
      else if (vals[o] === vals[s]) same++;
    }
    if (which === 'best') {
      if (above + same <= k) out.push(s);
    } else if (above + same >= n - k + 1) out.push(s);
  }
  if (keep) {
    snap.cm = m;
    snap.cw = which;
    snap.cs = out;
  }
  return out;
}

/**
 * A sorted copy of a list of seats (at most five): a stable insertion sort, several times faster than
 * `Array.prototype.sort` on so few elements.
 */
export function sortedSeats(list: readonly number[], cmp: (a: number, b: number) => number): number[] {
  const o = list.slice();
  for (let i = 1; i < o.length; i++) {
    const v = o[i]!;
    let j = i - 1;
    while (j >= 0 && cmp(o[j]!, v) > 0) {
      o[j + 1] = o[j]!;
      j--;
    }
    o[j + 1] = v;
  }
  return o;
}

/** Ranking by a metric, ties broken by player order (Olympic Games, choosers: NAT-CMP-8). */
export function rankByOrder(st: NatState, m: Metric, snap?: Snapshot): number[] {
  const pos = orderPos(st);
  let vals: number[];
  if (m === 'strength' || m === 'stability') {
    const d = allDerived(st, false, snap);
    vals = m === 'strength' ? d.str : d.stab.map((v, s) => (v < 0 || d.least[s] ? NEG : v));
  } else vals = st.players.map((_, s) => rankValue(st, s, m, false));
  return sortedSeats(st.order, (a, b) => vals[b]! - vals[a]! || pos[a]! - pos[b]!);
}
export function orderPos(st: NatState): number[] {
  const pos = filled(st.n, 0);
  const order = st.order;
  for (let i = 0; i < order.length; i++) pos[order[i]!] = i;
  return pos;
}

/** NAT-CMP-7: passed first / last (5 players: first two / last two). */
export function passedAs(st: NatState, s: number, which: 'first' | 'last'): boolean {
  const i = st.passOrder.indexOf(s);
  if (i < 0) return false;
  const n = st.solo ? 1 : st.n;
  if (which === 'first') return n === 5 ? i <= 1 : i === 0;
  return n === 5 ? i >= n - 2 : i === n - 1;
}

/** A §19.1 condition for seat s (`snap`: the derived values of a state that does not change meanwhile). */
export function cond(st: NatState, s: number, c: Cond, uncond = false, snap?: Snapshot): boolean {
  switch (condTag(c)) {
    case CT.best:
      return cmpSet(st, (c as { best: Metric }).best, 'best', uncond, snap).includes(s);
    case CT.worst:
      return cmpSet(st, (c as { worst: Metric }).worst, 'worst', uncond, snap).includes(s);
    case CT.passed:
      return passedAs(st, s, (c as { passed: 'first' | 'last' }).passed);
    case CT.manned: {
      const t = (c as { manned: CardType | 'any' }).manned;
      for (const r of st.players[s]!.row)
        if (r && r.w > 0 && (t === 'any' || instCard(st, r).type === t)) return true;
      return false;
    }
    case CT.has: {
      const x = c as { has: CardFilter; min?: number };
      return countCards(st, s, x.has) >= (x.min ?? 1);
    }
    case CT.boughtThisRound: {
      const x = c as { boughtThisRound: CardFilter; min?: number };
      return countBought(st, s, x.boughtThisRound) >= (x.min ?? 1);
    }
    // NAT-EVENT-15: this round's war, also after its resolution (Qin Unification, Peace of God).
    case CT.aboveWarMarker: {
      const war = st.war ?? st.warDone ?? null;
      return war !== null && strength(st, s) > war.marker;
    }
    case CT.warBoughtBy: {
      const war = st.war ?? st.warDone ?? null;
      if (!war) return false;
      const by = (c as { warBoughtBy: 'self' | 'other' | 'anyone' }).warBoughtBy;
      if (by === 'anyone') return true;
      return by === 'self' ? war.buyer === s : war.buyer !== s;
    }
    case CT.defeatedInWar:
      return st.players[s]!.defeated;
    case CT.wonderInProgress:
      return st.players[s]!.wip !== null;
    case CT.count: {
      const x = c as { count: Counter; op: string; n: number };
      return compare(counter(st, s, x.count), x.op, x.n);
    }
    case CT.metric: {
      const x = c as { metric: Metric; op: string; n: number };
      return compare(metric(st, s, x.metric, uncond) ?? 0, x.op, x.n);
    }
    case CT.all: {
      const list = (c as { all: Cond[] }).all;
      for (let i = 0; i < list.length; i++) if (!cond(st, s, list[i]!, uncond, snap)) return false;
      return true;
    }
    case CT.any: {
      const list = (c as { any: Cond[] }).any;
      for (let i = 0; i < list.length; i++) if (cond(st, s, list[i]!, uncond, snap)) return true;
      return false;
    }
    case CT.not:
      return !cond(st, s, (c as { not: Cond }).not, uncond, snap);
    default:
      return false;
  }
}
function compare(a: number, op: string, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '==':
      return a === b;
    case '>=':
      return a >= b;
    default:
      return a > b;
  }
}

/** Highest raid value among manned military cards (+ raid bonus), or null if none (NAT-BAT-2). */
export function raid(st: NatState, s: number): number | null {
  let best: number | null = null;
  for (const r of st.players[s]!.row)
    if (r && r.w > 0) {
      const c = instCard(st, r);
      if (c.type === 'military' && c.raid !== undefined && (best === null || c.raid > best)) best = c.raid;
    }
  return best === null ? null : best + modSum(st, s, MK.raidBonus);
}

export function militaryCount(st: NatState, p: Player): number {
  let n = 0;
  for (const r of p.row) if (r && instCard(st, r).type === 'military') n++;
  return n;
}

/** The modifiers that shape a seat's purchases and deployments, collected in one pass (legal-action listing). */
export interface SeatMods {
  readonly price: ReadonlyArray<{ delta: number; type?: CardType; row?: 1 | 2 | 3 }>;
  readonly deploy: ReadonlyArray<{ delta: number; type?: CardType; min?: number }>;
  readonly cannot: readonly CardType[];
  readonly colonyDelta: number;
}
/**
 * The answer for the seats without such modifiers (most of them): shared, never written (nobody writes a
 * `SeatMods`; freezing it would cost its readers).
 */
const NO_SEAT_MODS: SeatMods = { price: [], deploy: [], cannot: [], colonyDelta: 0 };
const SEAT_KINDS =
  kindBit(MK.cardPrice) | kindBit(MK.deployCost) | kindBit(MK.cannotBuy) | kindBit(MK.colonyRequirement);
export function seatMods(st: NatState, s: number): SeatMods {
  const list = gather(st, s, SEAT_KINDS);
  if (list.length === 0) return NO_SEAT_MODS;
  const price: Array<SeatMods['price'][number]> = [];
  const deploy: Array<SeatMods['deploy'][number]> = [];
  const cannot: CardType[] = [];
  let colonyDelta = 0;
  for (let i = 0; i < list.length; i++) {
    const m = list[i]!;
    const k = m.k;
    if (k === MK.cardPrice) price.push((m.b as { cardPrice: SeatMods['price'][number] }).cardPrice);
    else if (k === MK.deployCost) deploy.push((m.b as { deployCost: SeatMods['deploy'][number] }).deployCost);
    else if (k === MK.cannotBuy) cannot.push((m.b as { cannotBuy: CardType }).cannotBuy);
    else if (k === MK.colonyRequirement)
      colonyDelta += (m.b as { colonyRequirement: { delta: number } }).colonyRequirement.delta;
  }
  return { price, deploy, cannot, colonyDelta };
}

/** The price of a board card for seat s (NAT-BUY-1). */
export function price(
  st: NatState,
  s: number,
  row: number,
  c: ProgressCard,
  sm: SeatMods = seatMods(st, s),
): number {
  return priceOf(row, c.type, sm);
}
/** The price of a card of type `type` in row `row` with the seat's modifiers `sm` (NAT-BUY-1). */
export function priceOf(row: number, type: CardType, sm: SeatMods): number {
  let v = E.rowPrice[row - 1]!;
  const list = sm.price;
  for (let i = 0; i < list.length; i++) {
    const cp = list[i]!;
    if ((cp.type === undefined || cp.type === type) && (cp.row === undefined || cp.row === row))
      v += cp.delta;
  }
  return v < 0 ? 0 : v;
}
const NO_OTHER: Array<[Res, number]> = [];
export function deployCost(
  st: NatState,
  s: number,
  c: ProgressCard,
  sm: SeatMods = seatMods(st, s),
): { stone: number; other: Array<[Res, number]> } {
  const bag = c.deployCost ?? {};
  const stone = deployStone(c, sm);
  let other = NO_OTHER;
  if (bag.gold || bag.food || bag.books) {
    other = [];
    if (bag.gold) other.push(['gold', bag.gold]);
    if (bag.food) other.push(['food', bag.food]);
    if (bag.books) other.push(['books', bag.books]);
  }
  return { stone, other };
}
/** The stone a deployment onto card c costs with the seat's modifiers (NAT-DEPLOY-3), without building a cost. */
export function deployStone(c: ProgressCard, sm: SeatMods): number {
  return stoneOf(c.deployCost?.stone ?? 0, c.type, sm);
}
/** `deployStone` of a compiled card. */
export function entryStone(e: CardEntry, sm: SeatMods): number {
  return stoneOf(e.dcStone, e.type, sm);
}
function stoneOf(base: number, type: CardType, sm: SeatMods): number {
  let stone = base;
  const list = sm.deploy;
  for (let i = 0; i < list.length; i++) {
    const d = list[i]!;
    if (d.type === undefined || d.type === type) stone = Math.max(d.min ?? 0, stone + d.delta);
  }
  return Math.max(0, stone);
}
export function architectCost(st: NatState, s: number, base: number): number {
  let v = base;
  for (const m of gather(st, s, kindBit(MK.architectCost)))
    v += (m.b as { architectCost: { delta: number } }).architectCost.delta;
  return v < 0 ? 0 : v;
}
export function colonyRequirement(
  st: NatState,
  s: number,
  c: ProgressCard,
  sm: SeatMods = seatMods(st, s),
): number {
  return (c.requiredStrength ?? 0) + sm.colonyDelta;
}
export function cannotBuy(st: NatState, s: number, t: CardType, sm: SeatMods = seatMods(st, s)): boolean {
  return sm.cannot.includes(t);
}

export function growthAmount(st: NatState, s: number): number {
  // NAT-SETUP-3 Decision: the table may also be indexed by age (growthAmount[level][age]).
  const g: number | number[] = E.growthAmount[st.players[s]!.level];
  let v = Array.isArray(g) ? g[Math.min(g.length, age(st)) - 1]! : g;
  for (const m of gather(st, s, kindBit(MK.growthAmount)))
    v += (m.b as { growthAmount: { delta: number } }).growthAmount.delta;
  return Math.max(0, v);
}

/**
 * Final score parts A..E (NAT-END-2). `dv`: strength and stability of every nation computed once for the state
 * (`allDerived`, the same values as `strength` and `stability`) when all nations are scored.
 */
export function scoreParts(st: NatState, s: number, dv?: Derived): number[] {
  const p = st.players[s]!;
  let b = 0;
  for (const c of p.colonies) b += endVp(st, s, card(c.id));
  let cw = 0;
  for (const w of p.wonders) cw += endVp(st, s, card(w.id));
  let d = 0;
  for (const r of p.row)
    if (r) {
      const v = card(r.id).vpPerWorker ?? [];
      for (let i = 0; i < r.w && i < v.length; i++) d += v[i]!;
    }
  const str = dv ? dv.str[s]! : strength(st, s);
  const stab = dv ? dv.stab[s]! : stability(st, s);
  const sum = p.res.gold + p.res.stone + p.res.food + p.res.books + str + stab;
  const e = Math.floor(Math.max(0, sum) / 10);
  return [p.vp, b, cw, d, e];
}
function endVp(st: NatState, s: number, c: ProgressCard): number {
  const v = c.endVp;
  if (v === undefined) return 0;
  const terms = Array.isArray(v) ? v : [v];
  let t = 0;
  for (const x of terms) {
    if (typeof x === 'number') t += x;
    else if ('per' in x) t += counter(st, s, x.per) * x.n;
    else if (cond(st, s, x.if)) t += x.n;
  }
  return t;
}
