/**
 * Derived values and pure queries (NAT-DERIV, NAT-CMP, §19.1 conditions and counters): strength, stability,
 * modifiers in force, metrics, tie groups, benefit and penalty sets. Nothing here changes the state.
 */
import { E } from './config.js';
import {
  EVENT_CARDS,
  NATIONS,
  nationBoard,
  printedCard,
  progressCard,
  PROGRESS_CARDS,
  PROMO_EVENT_CARDS,
  PROMO_PROGRESS_CARDS,
} from './data.js';
import type { Inst, NatState, Player } from './state.js';
import type {
  CardFilter,
  CardType,
  Cond,
  Counter,
  Metric,
  ModifierBody,
  ProgressCard,
  Res,
  NationBoard,
  Modifier,
  TriggerEvent,
} from './types.js';
import { TRIGGER_EVENTS } from './types.js';

/**
 * Modifier kinds (§19.3) as small integers, so the hot loops switch on a number instead of testing which key a
 * modifier object has.
 */
export const MK = {
  strength: 1,
  stability: 2,
  strengthFloor: 3,
  goldenAgeBonus: 4,
  raidBonus: 5,
  advisorSlots: 6,
  colonySlots: 7,
  wonderSlots: 8,
  warDefense: 9,
  warVpImmune: 10,
  warExtraLoss: 11,
  ignoreUpkeep: 12,
  noShortageVp: 13,
  countsAsLeastStable: 14,
  cannotBuy: 15,
  skipFirstTurn: 16,
  cardPrice: 17,
  deployCost: 18,
  architectCost: 19,
  colonyRequirement: 20,
  firstTurnExtraActions: 21,
  privateArchitectsPerRound: 22,
  growthAmount: 23,
  when: 24,
} as const;
export type ModKey = keyof typeof MK;

/**
 * A modifier compiled once: its kind, its number when the modifier is a plain number (strength +2…), its body,
 * and for a conditional modifier (NAT-DERIV-7) the condition and the compiled inner modifier.
 */
export class CMod {
  constructor(
    readonly k: number,
    readonly n: number,
    readonly b: ModifierBody,
    readonly when: Cond | null,
    readonly inner: CMod | null,
  ) {}
}
const COMPILED = new WeakMap<ModifierBody, CMod>();
export function compileMod(m: ModifierBody): CMod {
  let c = COMPILED.get(m);
  if (c) return c;
  if ('when' in m) c = new CMod(MK.when, 0, m, m.when, compileMod(m.modifier));
  else {
    const key = Object.keys(m)[0] as ModKey;
    const k = MK[key];
    if (k === undefined) throw new Error(`unknown modifier ${JSON.stringify(m)}`);
    const v = (m as Record<string, unknown>)[key];
    c = new CMod(k, typeof v === 'number' ? v : 0, m, null, null);
  }
  COMPILED.set(m, c);
  return c;
}

/** Per card id: the card and its static modifiers split by whom they reach (own / others). */
interface CardMods {
  own: CMod[];
  others: CMod[];
  /** Bit `1 << k` is set when a modifier of kind k is in `own` / `others` (see `kindBit`). */
  ownMask: number;
  othersMask: number;
}
/** The bit of a modifier kind in the masks of `CardMods` and `gather` (every kind is below 31). */
export const kindBit = (k: number): number => 1 << k;
const maskOf = (list: CMod[]): number => list.reduce((a, m) => a | kindBit(m.k), 0);
/** Resource order of the compiled per-worker vectors: gold, stone, food, books. */
const R4: readonly Res[] = ['gold', 'stone', 'food', 'books'];
function vec(b: Partial<Record<Res, number>> | undefined): number[] | null {
  if (!b) return null;
  return R4.map((r) => b[r] ?? 0);
}
/** Round facts a condition or counter reads (NAT-REM-6): who passed, and what was bought, this round. */
export const ROUND_PASS = 1;
export const ROUND_BUY = 2;
/** The round facts (ROUND_PASS, ROUND_BUY) that a condition, counter or filter of the effect vocabulary reads. */
export function roundFacts(x: unknown): number {
  if (!x || typeof x !== 'object') return 0;
  let f = 0;
  for (const [k, v] of Object.entries(x)) {
    if (k === 'passed') f |= ROUND_PASS;
    else if (k === 'boughtThisRound') f |= ROUND_BUY;
    f |= roundFacts(v);
  }
  return f;
}
/**
 * A per-round condition of a card's lasting parts (NAT-REM-6): the condition of a static modifier (the tags
 * of the modifier vocabulary that carry one: `when`, `warVpImmune`) or of a production entry (`if`, `per`)
 * that reads a fact of the round. The card gets a used marker when it holds.
 */
export interface RoundCond {
  cond?: Cond;
  per?: Counter;
  /** ROUND_PASS | ROUND_BUY: the facts it reads. */
  facts: number;
}
const COND_MODIFIERS = ['when', 'warVpImmune'] as const;
function roundCondsOf(c: ProgressCard): RoundCond[] {
  const out: RoundCond[] = [];
  for (const m of c.static ?? [])
    for (const k of COND_MODIFIERS) {
      const x = (m as Record<string, unknown>)[k] as Cond | undefined;
      const facts = roundFacts(x);
      if (facts) out.push({ cond: x, facts });
    }
  for (const e of c.production ?? []) {
    const facts = roundFacts(e.if) | roundFacts(e.per);
    if (facts) out.push({ cond: e.if, per: e.per, facts });
  }
  return out;
}
/** A card and what the hot loops read of it, compiled once: modifiers, per-worker values, production vectors. */
export class CardEntry {
  readonly pwStr: number;
  readonly pwStab: number;
  readonly pwProduce: number[] | null;
  readonly pwConsume: number[] | null;
  readonly military: boolean;
  /** The trigger events (`fireBit`) the card reacts to. */
  readonly fires: number;
  /** Its per-round conditions (NAT-REM-6), and the round facts they read together. */
  readonly round: readonly RoundCond[];
  readonly roundFacts: number;
  constructor(
    readonly c: ProgressCard,
    readonly mods: CardMods,
  ) {
    this.fires = (c.triggers ?? []).reduce((a, t) => a | fireBit(t.on), 0);
    this.round = roundCondsOf(c);
    this.roundFacts = this.round.reduce((a, r) => a | r.facts, 0);
    const pw = c.perWorker;
    this.pwStr = pw?.strength ?? 0;
    this.pwStab = pw?.stability ?? 0;
    this.pwProduce = vec(pw?.produce);
    this.pwConsume = vec(pw?.consume);
    this.military = c.type === 'military';
  }
}
const NO_MODS: CardMods = { own: [], others: [], ownMask: 0, othersMask: 0 };
const CARDS = new Map<string, CardEntry>();
function splitMods(list: Modifier[] | undefined): CardMods {
  if (!list || list.length === 0) return NO_MODS;
  const own: CMod[] = [];
  const others: CMod[] = [];
  for (const m of list) {
    const at = m.appliesTo;
    const cm = compileMod(m);
    if (at !== 'others') own.push(cm);
    if (at === 'others' || at === 'all') others.push(cm);
  }
  return { own, others, ownMask: maskOf(own), othersMask: maskOf(others) };
}
export function entry(id: string): CardEntry {
  let e = CARDS.get(id);
  if (!e) {
    const c = progressCard(id) ?? printedCard(id);
    if (!c) throw new Error(`unknown card ${id}`);
    e = new CardEntry(c, splitMods(c.static));
    CARDS.set(id, e);
  }
  return e;
}
// Every card of the data is entered at load under its own id string, so lookups with the ids of the decks (the
// same strings) compare keys by identity.
for (const c of [...PROGRESS_CARDS, ...PROMO_PROGRESS_CARDS])
  CARDS.set(c.id, new CardEntry(c, splitMods(c.static)));
/**
 * The entry of a card instance through a small direct-mapped cache keyed by the instance object (slot: the low
 * bits of its uid): a pointer comparison instead of a map lookup in the hot loops. Instance ids never change in
 * place (a card moving or changing creates a new instance object), and `refreshCard` clears the cache.
 */
const IC_MASK = 2047;
const icObj: Array<object | null> = new Array<object | null>(IC_MASK + 1).fill(null);
const icEntry: Array<CardEntry | null> = new Array<CardEntry | null>(IC_MASK + 1).fill(null);
export function instEntry(x: Inst): CardEntry {
  const h = x.u & IC_MASK;
  if (icObj[h] === x) return icEntry[h]!;
  const e = entry(x.id);
  icObj[h] = x;
  icEntry[h] = e;
  return e;
}
/**
 * The card on progress-board space i, cached per space by the board object (a dealt card is a new object, so a
 * stale entry is never returned): dealing fills the cache, the turn listings read it.
 */
const bcObj: Array<object | null> = [];
const bcCard: ProgressCard[] = [];
export function boardCard(i: number, b: { id: string }): ProgressCard {
  if (bcObj[i] === b) return bcCard[i]!;
  const c = card(b.id);
  bcObj[i] = b;
  bcCard[i] = c;
  return c;
}
/** The card of an instance (see `instEntry`). */
export const instCard = (x: Inst): ProgressCard => instEntry(x).c;
/** Any card by id: progress, promo, printed start cards and printed wonders. */
export function card(id: string): ProgressCard {
  return entry(id).c;
}
/** The bit of a trigger event in `CardEntry.fires` and `NatState.tk`. */
export function fireBit(on: string): number {
  const i = TRIGGER_EVENTS.indexOf(on as TriggerEvent);
  return i < 0 ? 0 : 1 << i;
}
/** The trigger events a card reacts to, for `NatState.tk`. */
export const firesOf = (id: string): number => entry(id).fires;
/** The kind bits of a card's static modifiers (own and others'), for `NatState.mk`. */
export function kindsOf(id: string): number {
  const m = entry(id).mods;
  return m.ownMask | m.othersMask;
}
/** The kind bits of a card's static modifiers that reach other nations (`appliesTo`), for `NatState.mo`. */
export const othersKindsOf = (id: string): number => entry(id).mods.othersMask;
/** Tests only: makes a custom card known to `card()` (scenarios with invented cards, spec §24). */
export function registerTestCard(c: ProgressCard): void {
  CARDS.set(c.id, new CardEntry(c, splitMods(c.static)));
  icObj.fill(null);
  bcObj.length = 0;
  if (c.removeWhen) REMOVABLE.add(c.id);
  wealthSafe = null;
}
/** Tests only: re-reads a card whose data object was changed in place (its compiled entry and the caches). */
export function refreshCard(id: string): void {
  const c = entry(id).c;
  CARDS.set(id, new CardEntry(c, splitMods(c.static)));
  icObj.fill(null);
  bcObj.length = 0;
  if (c.removeWhen) REMOVABLE.add(c.id);
  wealthSafe = null;
}
/** Ids of the cards that carry a removal condition (NAT-REM-1); filled by the rules module and test cards. */
export const REMOVABLE = new Set<string>();

/**
 * Instance-id flags: what a card in play can do, so the hot loops skip the other cards with one integer test.
 * An instance id is a counter (below 2^24) with these bits added when the instance is created (`flagsOf`).
 */
export const REM_FLAG = 1 << 24;
export const MOD_FLAG = 1 << 25;
export const TRIG_FLAG = 1 << 26;
export const ABIL_FLAG = 1 << 27;
export function flagsOf(id: string): number {
  const c = card(id);
  let f = 0;
  if (c.removeWhen || REMOVABLE.has(id)) f |= REM_FLAG;
  if (c.static && c.static.length) f |= MOD_FLAG;
  if (c.triggers && c.triggers.length) f |= TRIG_FLAG;
  if (c.abilities && c.abilities.length) f |= ABIL_FLAG;
  return f;
}
const BLANK: NationBoard = {
  nation: '',
  name: '',
  side: 'A',
  start: { res: {}, vp: 0, idleWorkers: 0, track: { food: 4, stability: 4 } },
  slots: { buildingMilitary: 0, maxMilitary: 3, advisor: 1, colonies: 2, wonders: 5 },
  printed: [],
};
class BoardEntry {
  constructor(
    readonly A: NationBoard,
    readonly B: NationBoard,
    readonly modsA: CardMods,
    readonly modsB: CardMods,
  ) {}
}
const BOARDS = new Map<string, BoardEntry>();
function boardEntry(p: Player): BoardEntry {
  let e = BOARDS.get(p.nation);
  if (!e) {
    const a = nationBoard(p.nation, 'A') ?? BLANK;
    const b = nationBoard(p.nation, 'B') ?? BLANK;
    e = new BoardEntry(a, b, splitMods(a.static), splitMods(b.static));
    BOARDS.set(p.nation, e);
  }
  return e;
}
/** The board entry last seen at each seat index: a pointer comparison instead of a map lookup in the hot loops. */
const seatNation: string[] = [];
const seatBoard: BoardEntry[] = [];
function boardMods(p: Player, o: number): CardMods {
  let e = seatBoard[o];
  if (seatNation[o] !== p.nation || !e) {
    e = seatBoard[o] = boardEntry(p);
    seatNation[o] = p.nation;
  }
  return p.side === 'B' ? e.modsB : e.modsA;
}
/** The modifier kinds of every nation board side of the data (and of none other: a board is data). */
const BOARD_KINDS = NATIONS.reduce((a, b) => {
  const m = splitMods(b.static);
  return a | m.ownMask | m.othersMask;
}, 0);
/** Whether any nation board side of the data has abilities / triggers (none in the published game). */
export const BOARD_ABILITIES = NATIONS.some((b) => (b.abilities?.length ?? 0) > 0);
export const BOARD_TRIGGERS = NATIONS.some((b) => (b.triggers?.length ?? 0) > 0);
export function board(p: Player): NationBoard {
  const e = boardEntry(p);
  return p.side === 'B' ? e.B : e.A;
}

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
/**
 * The modifiers in force for seat s (own sources, others' `appliesTo` sources, round modifiers) whose kind bit
 * is in `mask`, in slot order. Cards without a modifier of those kinds are skipped on their masks, and the
 * common answer "none" allocates nothing.
 */
export function gather(st: NatState, s: number, mask: number): readonly CMod[] {
  let out = NONE as CMod[];
  const ps = st.players;
  // No card of those kinds was ever created in this game: only the boards and round modifiers can have them;
  // no card whose modifiers of those kinds reach other nations: only the seat's own cards can.
  const cards = ((st.mk ?? -1) & mask) !== 0;
  const othersCards = ((st.mo ?? -1) & mask) !== 0;
  // No nation board of the data has modifiers of those kinds either: only the round modifiers are left.
  const boards = (BOARD_KINDS & mask) !== 0;
  for (let o = 0; o < (cards || boards ? ps.length : 0); o++) {
    const p = ps[o]!;
    const own = o === s;
    let m: CardMods;
    if (boards) {
      m = boardMods(p, o);
      out = own ? pick(out, m.own, m.ownMask, mask) : pick(out, m.others, m.othersMask, mask);
    }
    if (!cards || (!own && !othersCards)) continue;
    const adv = p.advisors;
    for (let k = 0; k < adv.length; k++) {
      if ((adv[k]!.u & MOD_FLAG) === 0) continue;
      m = instEntry(adv[k]!).mods;
      out = own ? pick(out, m.own, m.ownMask, mask) : pick(out, m.others, m.othersMask, mask);
    }
    const row = p.row;
    for (let k = 0; k < row.length; k++) {
      const r = row[k];
      if (!r || r.w <= 0 || (r.u & MOD_FLAG) === 0) continue;
      m = instEntry(r).mods;
      out = own ? pick(out, m.own, m.ownMask, mask) : pick(out, m.others, m.othersMask, mask);
    }
    const col = p.colonies;
    for (let k = 0; k < col.length; k++) {
      if ((col[k]!.u & MOD_FLAG) === 0) continue;
      m = instEntry(col[k]!).mods;
      out = own ? pick(out, m.own, m.ownMask, mask) : pick(out, m.others, m.othersMask, mask);
    }
    const won = p.wonders;
    for (let k = 0; k < won.length; k++) {
      if ((won[k]!.u & MOD_FLAG) === 0) continue;
      m = instEntry(won[k]!).mods;
      out = own ? pick(out, m.own, m.ownMask, mask) : pick(out, m.others, m.othersMask, mask);
    }
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
  let str = 0;
  let stab = 0;
  const row = p.row;
  for (let i = 0; i < row.length; i++) {
    const r = row[i];
    if (r && r.w > 0) {
      const e = instEntry(r);
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
  if ('constant' in k) return k.constant;
  if ('resource' in k) return Math.floor(p.res[k.resource] / k.per);
  if ('emptyTrackSpaces' in k) {
    const f = p.foodCap - p.foodFilled;
    const b = p.stabCap - p.stabFilled;
    return k.emptyTrackSpaces === 'food' ? f : k.emptyTrackSpaces === 'stability' ? b : f + b;
  }
  if ('boughtThisRound' in k) {
    let n = 0;
    for (const id of p.bought) if (matches(st, card(id), k.boughtThisRound)) n++;
    return n;
  }
  if ('cards' in k) {
    let n = 0;
    const f = k.cards;
    eachCard(p, false, (inst, c, where) => {
      if (where === 'row' && f.requireManned && inst.w === 0) return;
      if (matches(st, c, f)) n++;
    });
    return n;
  }
  if ('workersOn' in k) {
    let n = 0;
    for (const r of p.row) if (r && matches(st, card(r.id), k.workersOn)) n += r.w;
    return n;
  }
  // { die: 6 } is rolled by the effect interpreter, never counted here.
  return 0;
}

// ---------------------------------------------------------------- what a condition reads

/** Whether a condition reads no resource and no VP, so that paying or producing cannot change it. */
export function wealthFree(c: Cond): boolean {
  if ('best' in c) return metricWealthFree(c.best);
  if ('worst' in c) return metricWealthFree(c.worst);
  if ('count' in c) return !('resource' in c.count);
  if ('metric' in c) return metricWealthFree(c.metric);
  if ('all' in c) return c.all.every(wealthFree);
  if ('any' in c) return c.any.every(wealthFree);
  if ('not' in c) return wealthFree(c.not);
  // passed, manned, has, boughtThisRound, aboveWarMarker (strength), warBoughtBy, defeatedInWar, wonderInProgress
  return true;
}
function metricWealthFree(m: Metric): boolean {
  if (typeof m !== 'string') return !('resource' in m.counter);
  return m === 'strength' || m === 'stability' || m === 'workers';
}

let wealthSafe: boolean | null = null;
/**
 * Whether no removal condition (NAT-REM-1) can change when a nation only pays or gains resources or VP: every
 * removal condition and every conditional modifier (strength and stability feed comparisons) of every known
 * card, board and event is wealth-free. The rules then skip the re-check after payments and production.
 */
export function removalsIgnoreWealth(): boolean {
  return (wealthSafe ??= computeWealthSafe());
}
function computeWealthSafe(): boolean {
  let safe = true;
  const walk = (x: unknown): void => {
    if (!safe || x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x) walk(y);
      return;
    }
    const o = x as Record<string, unknown>;
    if ('removeWhen' in o && o.removeWhen && !wealthFree(o.removeWhen as Cond)) safe = false;
    if ('when' in o && 'modifier' in o && !wealthFree(o.when as Cond)) safe = false;
    for (const k in o) walk(o[k]);
  };
  walk([PROGRESS_CARDS, PROMO_PROGRESS_CARDS, EVENT_CARDS, PROMO_EVENT_CARDS, NATIONS]);
  for (const e of CARDS.values()) walk(e.c);
  return safe;
}

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

let frozenSt: NatState | null = null;
let frozenD: Derived | null = null;
/**
 * Runs `fn` on a state that does not change meanwhile, computing the strength and stability of all nations at
 * most once (comparisons in an event, removal conditions); nested calls share the outer one.
 */
export function frozen<T>(st: NatState, fn: (st: NatState) => T): T {
  if (frozenSt === st) return fn(st);
  const prevSt = frozenSt;
  const prevD = frozenD;
  frozenSt = st;
  frozenD = null;
  try {
    return fn(st);
  } finally {
    frozenSt = prevSt;
    frozenD = prevD;
  }
}

export function allDerived(st: NatState, uncond = false): Derived {
  if (!uncond && frozenSt === st) return (frozenD ??= computeDerived(st, false));
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
  const d = new DerivedSums(n);
  const { str, stab, floor } = d;
  for (let o = 0; o < n; o++) {
    const p = st.players[o]!;
    const row = p.row;
    for (let i = 0; i < row.length; i++) {
      const r = row[i];
      if (r && r.w > 0) {
        const e = instEntry(r);
        str[o]! += e.pwStr * r.w;
        stab[o]! += e.pwStab * r.w;
        if (r.u & MOD_FLAG) d.spread(o, e.mods);
      }
    }
    stab[o]! += (p.stabCap - p.stabFilled) * E.emptyStabilitySpace;
    d.spread(o, boardMods(p, o));
    const adv = p.advisors;
    for (let i = 0; i < adv.length; i++) if (adv[i]!.u & MOD_FLAG) d.spread(o, instEntry(adv[i]!).mods);
    const col = p.colonies;
    for (let i = 0; i < col.length; i++) if (col[i]!.u & MOD_FLAG) d.spread(o, instEntry(col[i]!).mods);
    const won = p.wonders;
    for (let i = 0; i < won.length; i++) if (won[i]!.u & MOD_FLAG) d.spread(o, instEntry(won[i]!).mods);
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
  return { str, stab, least: d.least };
}

/** NAT-CMP-3 / NAT-CMP-4 over all nations: which seats get the benefit ('best') or the penalty ('worst'). */
export function cmpSet(st: NatState, m: Metric, which: 'best' | 'worst', uncond = false): number[] {
  const n = st.n;
  if (st.solo) {
    const vo = metric(st, -1, m, uncond);
    const v = rankValue(st, 0, m, uncond);
    if (vo === null) return which === 'best' ? [0] : [];
    const vov = m === 'stability' && vo < 0 ? NEG : vo;
    if (which === 'best') return v > vov ? [0] : [];
    return v <= vov ? [0] : [];
  }
  const vals: number[] = [];
  if (m === 'strength' || m === 'stability') {
    const d = allDerived(st, uncond);
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
  if (n >= 2 && which === 'worst' && out.length === n && k === 1 && n > 1) return out; // all tied: all worst
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
export function rankByOrder(st: NatState, m: Metric): number[] {
  const pos = orderPos(st);
  let vals: number[];
  if (m === 'strength' || m === 'stability') {
    const d = allDerived(st);
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

/** A §19.1 condition for seat s. */
export function cond(st: NatState, s: number, c: Cond, uncond = false): boolean {
  if ('best' in c) return cmpSet(st, c.best, 'best', uncond).includes(s);
  if ('worst' in c) return cmpSet(st, c.worst, 'worst', uncond).includes(s);
  if ('passed' in c) return passedAs(st, s, c.passed);
  if ('manned' in c) {
    for (const r of st.players[s]!.row)
      if (r && r.w > 0 && (c.manned === 'any' || instCard(r).type === c.manned)) return true;
    return false;
  }
  if ('has' in c) return counter(st, s, { cards: c.has }) >= (c.min ?? 1);
  if ('boughtThisRound' in c) return counter(st, s, { boughtThisRound: c.boughtThisRound }) >= (c.min ?? 1);
  // NAT-EVENT-15: this round's war, also after its resolution (Qin Unification, Peace of God).
  const war = st.war ?? st.warDone ?? null;
  if ('aboveWarMarker' in c) return war !== null && strength(st, s) > war.marker;
  if ('warBoughtBy' in c) {
    if (!war) return false;
    if (c.warBoughtBy === 'anyone') return true;
    return c.warBoughtBy === 'self' ? war.buyer === s : war.buyer !== s;
  }
  if ('defeatedInWar' in c) return st.players[s]!.defeated;
  if ('wonderInProgress' in c) return st.players[s]!.wip !== null;
  if ('count' in c) return compare(counter(st, s, c.count), c.op, c.n);
  if ('metric' in c) return compare(metric(st, s, c.metric, uncond) ?? 0, c.op, c.n);
  if ('all' in c) return c.all.every((x) => cond(st, s, x, uncond));
  if ('any' in c) return c.any.some((x) => cond(st, s, x, uncond));
  if ('not' in c) return !cond(st, s, c.not, uncond);
  return false;
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
      const c = instCard(r);
      if (c.type === 'military' && c.raid !== undefined && (best === null || c.raid > best)) best = c.raid;
    }
  return best === null ? null : best + modSum(st, s, MK.raidBonus);
}

export function militaryCount(p: Player): number {
  let n = 0;
  for (const r of p.row) if (r && instCard(r).type === 'military') n++;
  return n;
}

/** The price of a board card for seat s (NAT-BUY-1). */
/** The modifiers that shape a seat's purchases and deployments, collected in one pass (legal-action listing). */
export interface SeatMods {
  price: Array<{ delta: number; type?: CardType; row?: 1 | 2 | 3 }>;
  deploy: Array<{ delta: number; type?: CardType; min?: number }>;
  cannot: CardType[];
  colonyDelta: number;
  /** Filled lazily by the buy checks: the seat's strength and raid value. */
  str?: number;
  raid?: number | null;
}
// Shared empty lists for seats without such modifiers: only `seatMods` fills these lists, and never these.
const NO_PRICE: SeatMods['price'] = [];
const NO_DEPLOY: SeatMods['deploy'] = [];
const NO_CANNOT: CardType[] = [];
const SEAT_KINDS =
  kindBit(MK.cardPrice) | kindBit(MK.deployCost) | kindBit(MK.cannotBuy) | kindBit(MK.colonyRequirement);
export function seatMods(st: NatState, s: number): SeatMods {
  const list = gather(st, s, SEAT_KINDS);
  // Most seats have none of these modifiers: then the lists are shared empty ones, never written.
  const sm: SeatMods =
    list.length === 0
      ? { price: NO_PRICE, deploy: NO_DEPLOY, cannot: NO_CANNOT, colonyDelta: 0 }
      : { price: [], deploy: [], cannot: [], colonyDelta: 0 };
  for (let i = 0; i < list.length; i++) {
    const m = list[i]!;
    const k = m.k;
    if (k === MK.cardPrice) sm.price.push((m.b as { cardPrice: SeatMods['price'][number] }).cardPrice);
    else if (k === MK.deployCost)
      sm.deploy.push((m.b as { deployCost: SeatMods['deploy'][number] }).deployCost);
    else if (k === MK.cannotBuy) sm.cannot.push((m.b as { cannotBuy: CardType }).cannotBuy);
    else if (k === MK.colonyRequirement)
      sm.colonyDelta += (m.b as { colonyRequirement: { delta: number } }).colonyRequirement.delta;
  }
  return sm;
}

/** The price of a board card for seat s (NAT-BUY-1). */
export function price(
  st: NatState,
  s: number,
  row: number,
  c: ProgressCard,
  sm: SeatMods = seatMods(st, s),
): number {
  let v = E.rowPrice[row - 1]!;
  for (const cp of sm.price)
    if ((cp.type === undefined || cp.type === c.type) && (cp.row === undefined || cp.row === row))
      v += cp.delta;
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
  let stone = bag.stone ?? 0;
  for (const d of sm.deploy)
    if (d.type === undefined || d.type === c.type) stone = Math.max(d.min ?? 0, stone + d.delta);
  let other = NO_OTHER;
  if (bag.gold || bag.food || bag.books) {
    other = [];
    if (bag.gold) other.push(['gold', bag.gold]);
    if (bag.food) other.push(['food', bag.food]);
    if (bag.books) other.push(['books', bag.books]);
  }
  return { stone: Math.max(0, stone), other };
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

/** Final score parts A..E (NAT-END-2). */
export function scoreParts(st: NatState, s: number): number[] {
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
  const sum = p.res.gold + p.res.stone + p.res.food + p.res.books + strength(st, s) + stability(st, s);
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
