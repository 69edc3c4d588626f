/**
 * A game's compiled deck: what the rules derive from the card data for the games of one options object, built
 * once and kept beside the states (a WeakMap keyed by the options, which clones share), never inside them — a
 * saved game holds only game facts and replays the same whatever this compiles.
 *
 * - the progress-card ids of each age (the levels or the custom deck of the options, and the promo cards);
 * - masks over every card that can be in play: the modifier kinds (own, and those reaching other nations), the
 *   trigger events, whether any card has a removal condition, and whether no removal condition reads wealth:
 *   a query for a kind no card has skips the walk over the cards in play;
 * - identity caches, by object: a card instance's compiled entry, a progress-board space's card, a seat's
 *   board (a pointer comparison instead of a map lookup in the hot loops; instances and board cards are never
 *   changed in place, a card moving or changing is a new object).
 */
import {
  allEntries,
  BOARD_KINDS,
  boardEntry,
  entry,
  GENERATION,
  type BoardEntry,
  type CardEntry,
  type CardMods,
  F_ABIL,
  F_REM,
  ROUND_BUY,
  ROUND_PASS,
} from './compiled.js';
import {
  EVENT_CARDS,
  eventCard,
  NATIONS,
  PROGRESS_CARDS,
  PROMO_EVENT_CARDS,
  PROMO_PROGRESS_CARDS,
} from './data.js';
import type { NatOptions, NatState, Player } from './state.js';
import type { Cond, EventCard, Metric, ProgressCard } from './types.js';

const IC_MASK = 2047;

export class Deck {
  /** The progress-card ids of ages I..IV in this game (before shuffling). */
  readonly progress: readonly (readonly string[])[];
  /** The modifier kinds (`kindBit`) of every card that can be in play: own ones, and those reaching others. */
  readonly kinds: number;
  readonly othersKinds: number;
  /** The trigger events (`fireBit`) cards react to. */
  readonly fires: number;
  /** Whether a card with a removal condition (NAT-REM-1) can be in play. */
  readonly removable: boolean;
  /** The areas of a nation (`AREA_*`) where a card with a removal condition can lie (by its type). */
  readonly removableAreas: number;
  /** Per modifier kind: the areas where a card with such a modifier can lie, own ones and reaching others. */
  private readonly ownAreas: number[] = [];
  private readonly othersAreas: number[] = [];
  /** Per trigger event (`fireBit` index): the areas where a card reacting to it can lie. */
  private readonly triggerAreas: number[] = [];
  /** The areas where a card with abilities can lie. */
  readonly abilityAreas: number;
  /** Per round fact (`ROUND_PASS`, `ROUND_BUY`): the areas where a card with a per-round condition on it lies. */
  private readonly roundFactAreas: number[] = [0, 0, 0, 0];
  /**
   * Whether no removal condition can change when a nation only pays or gains resources or VP: every removal
   * condition and every conditional modifier (strength and stability feed comparisons) of every card, board
   * and event is wealth-free. The rules then skip the re-check after payments and production.
   */
  readonly wealthSafe: boolean;
  private readonly icObj: Array<object | null> = new Array<object | null>(IC_MASK + 1).fill(null);
  private readonly icEntry: Array<CardEntry | null> = new Array<CardEntry | null>(IC_MASK + 1).fill(null);
  private readonly bcObj: Array<object | null> = [];
  private readonly bcEntry: CardEntry[] = [];
  private readonly seatNation: string[] = [];
  private readonly seatBoard: BoardEntry[] = [];

  constructor(
    o: NatOptions,
    readonly gen: number,
  ) {
    const progress: string[][] = [];
    for (let a = 1; a <= 4; a++) {
      const ids = o.deck
        ? [...o.deck[a - 1]!]
        : PROGRESS_CARDS.filter((c) => c.age === a && o.cardLevels.includes(c.level)).map((c) => c.id);
      if (o.includePromo) for (const c of PROMO_PROGRESS_CARDS) if (c.age === a) ids.push(c.id);
      progress.push(ids);
    }
    this.progress = progress;
    // Every compiled card, not only this game's: a scenario may put any card in play.
    let kinds = BOARD_KINDS;
    let othersKinds = BOARD_KINDS;
    let fires = 0;
    let removable = false;
    let removableAreas = 0;
    let abilityAreas = 0;
    for (let k = 0; k < 32; k++) {
      this.ownAreas.push(0);
      this.othersAreas.push(0);
      this.triggerAreas.push(0);
    }
    for (const e of allEntries()) {
      kinds |= e.mods.ownMask | e.mods.othersMask;
      othersKinds |= e.mods.othersMask;
      fires |= e.fires;
      const area = areaOf(e.c.type);
      if (e.flags & F_ABIL) abilityAreas |= area;
      for (let f = 1; f < 4; f++) if (e.roundFacts & f) this.roundFactAreas[f]! |= area;
      if (e.flags & F_REM) {
        removable = true;
        removableAreas |= area;
      }
      for (let k = 0; k < 32; k++) {
        if (e.mods.ownMask & (1 << k)) this.ownAreas[k]! |= area;
        if (e.mods.othersMask & (1 << k)) this.othersAreas[k]! |= area;
        if (e.fires & (1 << k)) this.triggerAreas[k]! |= area;
      }
    }
    this.removableAreas = removableAreas;
    this.abilityAreas = abilityAreas;
    this.kinds = kinds;
    this.othersKinds = othersKinds;
    this.fires = fires;
    this.removable = removable;
    this.wealthSafe = computeWealthSafe();
  }

  /** The areas where cards with modifiers of the kinds in `mask` can lie: own ones, or reaching others. */
  areas(mask: number, own: boolean): number {
    const t = own ? this.ownAreas : this.othersAreas;
    let a = 0;
    for (let m = mask; m !== 0; m &= m - 1) a |= t[31 - Math.clz32(m & -m)]!;
    return a;
  }

  /** The areas where a card with a per-round condition reading one of the round `facts` can lie. */
  roundAreas(facts: number): number {
    let a = 0;
    for (let f = 1; f < 4; f++) if (facts & f) a |= this.roundFactAreas[f]!;
    return a;
  }

  /** The areas where a card reacting to the trigger event of bit `bit` (`fireBit`) can lie. */
  fireAreas(bit: number): number {
    return bit === 0 ? 0 : this.triggerAreas[31 - Math.clz32(bit)]!;
  }

  /** The compiled entry of a card instance (or of a wonder under construction: an id and an instance id). */
  instEntry(x: { readonly id: string; readonly u: number }): CardEntry {
    const h = x.u & IC_MASK;
    if (this.icObj[h] === x) return this.icEntry[h]!;
    const e = entry(x.id);
    this.icObj[h] = x;
    this.icEntry[h] = e;
    return e;
  }

  /** The card on progress-board space i. */
  boardCard(i: number, b: { id: string }): ProgressCard {
    return this.boardEntry(i, b).c;
  }

  /** Card b moves from progress-board space `from` to `to` (rows move down): its entry moves with it. */
  moveBoardCard(from: number, to: number, b: { id: string }): void {
    if (this.bcObj[from] !== b) return;
    this.bcObj[to] = b;
    this.bcEntry[to] = this.bcEntry[from]!;
  }

  /** The compiled entry of the card on progress-board space i. */
  boardEntry(i: number, b: { id: string }): CardEntry {
    if (this.bcObj[i] === b) return this.bcEntry[i]!;
    const e = entry(b.id);
    this.bcObj[i] = b;
    this.bcEntry[i] = e;
    return e;
  }

  /** The event card of id `id` (the one asked for last is kept: the round asks for it at every step). */
  eventCard(id: string): EventCard {
    if (id === this.lastEventId) return this.lastEvent!;
    const c = eventCard(id);
    if (!c) throw new Error(`unknown event card ${id}`);
    this.lastEventId = id;
    this.lastEvent = c;
    return c;
  }
  private lastEventId: string | null = null;
  private lastEvent: EventCard | null = null;

  /** The static modifiers of the board side of seat o. */
  boardMods(p: Player, o: number): CardMods {
    let e = this.seatBoard[o];
    if (this.seatNation[o] !== p.nation || !e) {
      e = this.seatBoard[o] = boardEntry(p);
      this.seatNation[o] = p.nation;
    }
    return p.side === 'B' ? e.modsB : e.modsA;
  }
}

/** The areas of a nation's cards: advisors, the building and military row, colonies, completed wonders. */
export const AREA_ADVISORS = 1;
export const AREA_ROW = 2;
export const AREA_COLONIES = 4;
export const AREA_WONDERS = 8;
function areaOf(t: ProgressCard['type']): number {
  if (t === 'advisor') return AREA_ADVISORS;
  if (t === 'building' || t === 'military') return AREA_ROW;
  if (t === 'colony') return AREA_COLONIES;
  if (t === 'wonder') return AREA_WONDERS;
  return 0; // wars, battles, golden ages never stay in play
}

const DECKS = new WeakMap<NatOptions, Deck>();
// The deck found last, in front of the WeakMap (the rules ask for it several times an action, always the same).
let lastOpts: NatOptions | null = null;
let lastDeck: Deck | null = null;
/** The compiled deck of a game, built once per options object (and again after a test changes card data). */
export const deckOf = (st: NatState): Deck => deckFor(st.opts);
/** The compiled deck of the games of an options object. */
export function deckFor(o: NatOptions): Deck {
  if (o === lastOpts && lastDeck!.gen === GENERATION) return lastDeck!;
  let d = DECKS.get(o);
  if (d === undefined || d.gen !== GENERATION) DECKS.set(o, (d = new Deck(o, GENERATION)));
  lastOpts = o;
  lastDeck = d;
  return d;
}

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
  for (const e of allEntries()) walk(e.c);
  return safe;
}

/**
 * What can be in play in one state object, as an over-approximation kept beside the state (a WeakMap keyed by
 * the state, never inside it): the modifier kinds (own, and reaching others) and trigger events of the cards
 * put in play, and how many of them carry a removal condition. The rules note every card they create
 * (`noteCard`) and every removal (`forgetCard`); a state met for the first time (a new game, a clone, a state
 * read from JSON) is walked once, the cards between places included (a bought card awaiting its slot, a wonder
 * under construction or awaiting its cover). It may over-state what is in play, never under-state it (the
 * property tests' invariants check it), so a query for a kind no card in play has skips the walk. A change of
 * the card data (tests only) walks the states again.
 */
export class InPlay {
  /** The generation of the card data it was walked under (a test changing card data walks again). */
  readonly gen = GENERATION;
  kinds = 0;
  others = 0;
  fires = 0;
  rem = 0;
  /** The areas where a card with abilities, or with a per-round condition on a pass or a purchase, was put. */
  abilities = 0;
  roundPass = 0;
  roundBuy = 0;
  note(e: CardEntry): void {
    this.kinds |= e.mods.ownMask | e.mods.othersMask;
    this.others |= e.mods.othersMask;
    this.fires |= e.fires;
    if (e.flags & F_REM) this.rem++;
    const area = areaOf(e.c.type);
    if (e.flags & F_ABIL) this.abilities |= area;
    if (e.roundFacts & ROUND_PASS) this.roundPass |= area;
    if (e.roundFacts & ROUND_BUY) this.roundBuy |= area;
  }
  /** The areas where a card with a per-round condition reading one of the round `facts` was put. */
  roundAreas(facts: number): number {
    return (facts & ROUND_PASS ? this.roundPass : 0) | (facts & ROUND_BUY ? this.roundBuy : 0);
  }
}
const IN_PLAY = new WeakMap<NatState, InPlay>();
// The state met last, in front of the WeakMap (asked several times an action, always the same state).
let lastState: NatState | null = null;
let lastInPlay: InPlay | null = null;
export function inPlay(st: NatState): InPlay {
  if (st === lastState && lastInPlay!.gen === GENERATION) return lastInPlay!;
  let x = IN_PLAY.get(st);
  if (x === undefined || x.gen !== GENERATION) IN_PLAY.set(st, (x = walkInPlay(st)));
  lastState = st;
  lastInPlay = x;
  return x;
}
function walkInPlay(st: NatState): InPlay {
  const x = new InPlay();
  const id = (i: string) => x.note(entry(i));
  for (const p of st.players) {
    for (const c of p.advisors) id(c.id);
    for (const c of p.row) if (c) id(c.id);
    for (const c of p.colonies) id(c.id);
    for (const c of p.wonders) id(c.id);
    if (p.wip) id(p.wip.id);
  }
  const pd = st.pending;
  if (pd && 'd' in pd && 'id' in pd.d) id(pd.d.id);
  for (const t of st.stack) if (t.t === 'complete') id(t.id);
  return x;
}
/** A card put in play (or between places) in state st. */
export const noteCard = (st: NatState, id: string): void => inPlay(st).note(entry(id));
/** A card that left play: the removal count only (the masks may over-state). */
export function forgetCard(st: NatState, id: string): void {
  if (entry(id).flags & F_REM) inPlay(st).rem--;
}
