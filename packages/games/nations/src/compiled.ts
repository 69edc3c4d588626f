/**
 * The card data compiled once, when the module loads (the data is immutable): modifiers as small integers,
 * per-worker values and production as vectors, what each card can do (`CardEntry.flags`), its per-round
 * conditions (NAT-REM-6), and the nation boards. Nothing here depends on a game; a game's own compiled facts
 * (its masks, its identity caches) are its deck (`deck.ts`).
 */
import {
  EVENT_CARDS,
  NATIONS,
  nationBoard,
  printedCard,
  progressCard,
  PROGRESS_CARDS,
  PROMO_EVENT_CARDS,
  PROMO_PROGRESS_CARDS,
  SOLO_TILES,
} from './data.js';
import type { Player } from './state.js';
import type {
  Cond,
  Counter,
  Effect,
  Modifier,
  ModifierBody,
  NationBoard,
  ProgressCard,
  Res,
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
export interface CardMods {
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
/** What a card can do, in `CardEntry.flags`: a removal condition, static modifiers, triggers, abilities. */
export const F_REM = 1;
export const F_MOD = 2;
export const F_TRIG = 4;
export const F_ABIL = 8;
/** A card and what the hot loops read of it, compiled once: modifiers, per-worker values, production vectors. */
export class CardEntry {
  readonly pwStr: number;
  readonly pwStab: number;
  readonly pwProduce: number[] | null;
  readonly pwConsume: number[] | null;
  readonly military: boolean;
  /**
   * Fields of the card the hot loops read, beside the entry's other fields so that a loop holding the entry
   * reads them at once, as plain numbers (no optional bag to open, no default to apply): its type, the parts of
   * its deployment cost (0 when none; `deploys`: it has one), the strength a colony needs, its raid value (-1:
   * none), the private architects it gets on the board.
   */
  readonly type: ProgressCard['type'];
  readonly deploys: boolean;
  readonly dcStone: number;
  readonly dcGold: number;
  readonly dcFood: number;
  readonly dcBooks: number;
  readonly requiredStrength: number;
  readonly raid: number;
  readonly architectsOnBoard: number;
  /** What the card can do (`F_REM`, `F_MOD`, `F_TRIG`, `F_ABIL`): the hot loops skip the other cards. */
  readonly flags: number;
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
    this.type = c.type;
    const dc = c.deployCost;
    this.deploys = dc !== undefined;
    this.dcStone = dc?.stone ?? 0;
    this.dcGold = dc?.gold ?? 0;
    this.dcFood = dc?.food ?? 0;
    this.dcBooks = dc?.books ?? 0;
    this.requiredStrength = c.requiredStrength ?? 0;
    this.raid = c.raid ?? -1;
    this.architectsOnBoard = c.architectsOnBoard ?? 0;
    this.flags =
      (c.removeWhen ? F_REM : 0) |
      (c.static?.length ? F_MOD : 0) |
      (c.triggers?.length ? F_TRIG : 0) |
      (c.abilities?.length ? F_ABIL : 0);
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
// Every card of the data is entered at load under its own id string, so lookups with the ids of the decks (the
// same strings) compare keys by identity.
for (const c of [...PROGRESS_CARDS, ...PROMO_PROGRESS_CARDS])
  CARDS.set(c.id, new CardEntry(c, splitMods(c.static)));
for (const b of NATIONS) {
  for (const x of b.printed)
    if (!CARDS.has(x.card.id)) CARDS.set(x.card.id, new CardEntry(x.card, splitMods(x.card.static)));
  for (const w of b.completedWonders ?? [])
    if (!CARDS.has(w.id)) CARDS.set(w.id, new CardEntry(w, splitMods(w.static)));
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
/** Any card by id: progress, promo, printed start cards and printed wonders. */
export function card(id: string): ProgressCard {
  return entry(id).c;
}
/** The bit of a trigger event in `CardEntry.fires`. */
export function fireBit(on: string): number {
  const i = TRIGGER_EVENTS.indexOf(on as TriggerEvent);
  return i < 0 ? 0 : 1 << i;
}
/**
 * The generation of the compiled card data: it changes only when a test registers or re-reads a card, and the
 * compiled decks of an older generation are built again (`deckOf`).
 */
export let GENERATION = 0;
/** Tests only: makes a custom card known to `card()` (scenarios with invented cards, spec §24). */
export function registerTestCard(c: ProgressCard): void {
  CARDS.set(c.id, new CardEntry(c, splitMods(c.static)));
  noteTags(c);
  GENERATION++;
}
/** Tests only: re-reads a card whose data object was changed in place (its compiled entry and the decks). */
export function refreshCard(id: string): void {
  const c = entry(id).c;
  CARDS.set(id, new CardEntry(c, splitMods(c.static)));
  noteTags(c);
  GENERATION++;
}
/** Every compiled card (progress, promo, printed), for the masks of the decks (`deck.ts`). */
export function allEntries(): IterableIterator<CardEntry> {
  return CARDS.values();
}

const BLANK: NationBoard = {
  nation: '',
  name: '',
  side: 'A',
  start: { res: {}, vp: 0, idleWorkers: 0, track: { food: 4, stability: 4 } },
  slots: { buildingMilitary: 0, maxMilitary: 3, advisor: 1, colonies: 2, wonders: 5 },
  printed: [],
};
export class BoardEntry {
  constructor(
    readonly A: NationBoard,
    readonly B: NationBoard,
    readonly modsA: CardMods,
    readonly modsB: CardMods,
  ) {}
}
const BOARDS = new Map<string, BoardEntry>();
export function boardEntry(p: Player): BoardEntry {
  let e = BOARDS.get(p.nation);
  if (!e) {
    const a = nationBoard(p.nation, 'A') ?? BLANK;
    const b = nationBoard(p.nation, 'B') ?? BLANK;
    e = new BoardEntry(a, b, splitMods(a.static), splitMods(b.static));
    BOARDS.set(p.nation, e);
  }
  return e;
}
/** The modifier kinds of every nation board side of the data (and of none other: a board is data). */
export const BOARD_KINDS = NATIONS.reduce((a, b) => {
  const m = splitMods(b.static);
  return a | m.ownMask | m.othersMask;
}, 0);
/** The modifier kinds of the nation boards' modifiers that reach other nations (none in the published game). */
export const BOARD_OTHERS_KINDS = NATIONS.reduce((a, b) => a | splitMods(b.static).othersMask, 0);
/** Whether any nation board side of the data has abilities / triggers (none in the published game). */
export const BOARD_ABILITIES = NATIONS.some((b) => (b.abilities?.length ?? 0) > 0);
export const BOARD_TRIGGERS = NATIONS.some((b) => (b.triggers?.length ?? 0) > 0);
export function board(p: Player): NationBoard {
  const e = boardEntry(p);
  return p.side === 'B' ? e.B : e.A;
}

/**
 * The vocabulary tag of an object (an effect, a condition, a counter of §19.1): the index in `tags` of the first
 * tag key it has (-1: none), in the order the rules used to test them one by one. A chain of `in` tests is a
 * megamorphic lookup each (about 13 ns); the tags of every object of the card data are looked up once, at load
 * (`noteTags`), in a WeakMap, a memo of a pure function of immutable data (as `compileMod`). An object made by the
 * rules or read from a saved state is tagged by the chain and never added: adding keys without end would cost
 * the garbage collector more than the chain.
 */
class TagMemo {
  private readonly memo = new WeakMap<object, number>();
  constructor(private readonly tags: readonly string[]) {}
  /** The tag of x by the chain of tests. */
  chain(x: object): number {
    const tags = this.tags;
    for (let i = 0; i < tags.length; i++) if (tags[i]! in x) return i;
    return -1;
  }
  of(x: object): number {
    const k = this.memo.get(x);
    return k === undefined ? this.chain(x) : k;
  }
  note(x: object): void {
    const k = this.chain(x);
    if (k >= 0) this.memo.set(x, k);
  }
}
/** Effect tags (§19.1 Effect), by group: resources and VP, workers and architects, the table, flow. */
export const ET = {
  gain: 0,
  gainChoice: 1,
  pay: 2,
  payDownTo: 3,
  vp: 4,
  gainWorker: 5,
  loseWorker: 6,
  hireArchitectFree: 7,
  removeArchitectFromWonder: 8,
  privateArchitects: 9,
  extraActions: 10,
  deployFree: 11,
  optionalUndeploy: 12,
  takeCardFree: 13,
  swapBoardCards: 14,
  skipTurn: 15,
  moveInOrder: 16,
  lockPlayerOrder: 17,
  removeCard: 18,
  restoreWarLosses: 19,
  modifier: 20,
  choice: 21,
  offer: 22,
  if: 23,
  repeat: 24,
  forEach: 25,
  hook: 26,
} as const satisfies Partial<Record<AnyKey<Effect>, number>>;
/** Every key of every member of a union. */
type AnyKey<U> = U extends unknown ? keyof U & string : never;
/** The members of union U with no key among `Tags` (none: every member is tagged; a compile check). */
type Untagged<U, Tags> = U extends unknown ? ([keyof U & Tags] extends [never] ? U : never) : never;
export const effectTagsCover: [Untagged<Effect, keyof typeof ET>] extends [never] ? true : never = true;
/** The tag of an effect (`ET`), -1 for none. */
const EFFECT_TAGS = new TagMemo(Object.keys(ET));
export const effectTag = (e: Effect): number => EFFECT_TAGS.of(e);
/** Condition tags (§19.1 Cond). */
export const CT = {
  best: 0,
  worst: 1,
  passed: 2,
  manned: 3,
  has: 4,
  boughtThisRound: 5,
  aboveWarMarker: 6,
  warBoughtBy: 7,
  defeatedInWar: 8,
  wonderInProgress: 9,
  count: 10,
  metric: 11,
  all: 12,
  any: 13,
  not: 14,
} as const satisfies Partial<Record<AnyKey<Cond>, number>>;
export const condTagsCover: [Untagged<Cond, keyof typeof CT>] extends [never] ? true : never = true;
/** The tag of a condition (`CT`), -1 for none. */
const COND_TAGS = new TagMemo(Object.keys(CT));
export const condTag = (c: Cond): number => COND_TAGS.of(c);
/** Counter tags (§19.1 Counter). */
export const KT = {
  constant: 0,
  resource: 1,
  emptyTrackSpaces: 2,
  boughtThisRound: 3,
  cards: 4,
  workersOn: 5,
} as const satisfies Partial<Record<AnyKey<Counter>, number>>;
/** The tag of a counter (`KT`), -1 for none ({ die: 6 }: rolled by the effect interpreter). */
const COUNTER_TAGS = new TagMemo(Object.keys(KT));
export const counterTag = (k: Counter): number => COUNTER_TAGS.of(k);

/**
 * Notes the vocabulary tags of every object under x (card data: a card, a nation board, an event, a tile; the
 * rules' own constant effects).
 */
export function noteTags(x: unknown): void {
  if (x === null || typeof x !== 'object') return;
  if (Array.isArray(x)) {
    for (const y of x) noteTags(y);
    return;
  }
  EFFECT_TAGS.note(x);
  COND_TAGS.note(x);
  COUNTER_TAGS.note(x);
  for (const k in x) noteTags((x as Record<string, unknown>)[k]);
}
noteTags([PROGRESS_CARDS, PROMO_PROGRESS_CARDS, EVENT_CARDS, PROMO_EVENT_CARDS, NATIONS, SOLO_TILES]);
