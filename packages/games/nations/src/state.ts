/**
 * Nations game state, actions, options and views (spec NAT-COMP-9 sketch, made concrete).
 * Every part is plain JSON: the state is cloned with structuredClone-free JSON copies and hashed.
 */
import type { RngState } from '@tabula/engine';
import type { Bag, CardFilter, CardType, Effect, Level, Modifier, ModifierBody, Res } from './types.js';

export type Difficulty = 'chieftain' | 'prince' | 'king' | 'emperor';
export const DIFFICULTIES: readonly Difficulty[] = ['chieftain', 'prince', 'king', 'emperor'];
export type Side = 'food' | 'stability';

export interface NatOptions {
  /** Progress-card levels in play (NAT-SETUP-4). */
  cardLevels: Level[];
  /** Custom deck: explicit card ids per age I..IV (NAT-VAR-4); replaces `cardLevels`. */
  deck?: string[][];
  includePromo: boolean;
  /** 'A' (default) or 'choose' (B-side variant, NAT-SETUP-16). */
  boardSides: 'A' | 'choose';
  /** One per player (by joining order) or one for all (NAT-SETUP-2). */
  difficulty: Difficulty[];
  /** Easy game per player (NAT-VAR-2): false, or the track side the extra worker comes from. */
  easy: Array<false | Side>;
  /** 1..4 (NAT-VAR-1). */
  ages: number;
  finalTieRule: 'noWinner' | 'shared';
  soloRollOnBuildingDeploy: boolean;
  soloSecondPlayerRoll: 'everyTurn' | 'oncePerRound';
  soloBookContest: 'everyRound' | 'endOfAge';
  /** A platform cap on actions for random play only (0 = none). Never needed: every game ends after its last round. */
}

/** A card in play: its data id, a unique instance id, and the workers on it. */
export interface Inst {
  id: string;
  u: number;
  w: number;
}

export interface WonderInProgress {
  id: string;
  u: number;
  /** Stages built, left to right; one architect sits on each (NAT-ARCH-5). */
  built: number;
}

export interface Player {
  nation: string;
  side: 'A' | 'B';
  level: Difficulty;
  easy: false | Side;
  res: Record<Res, number>;
  vp: number;
  idle: number;
  /** Spaces on each track side (4, or 3 after the easy-game worker, NAT-VAR-2) and how many are filled. */
  foodCap: number;
  stabCap: number;
  foodFilled: number;
  stabFilled: number;
  overflow: number;
  advisors: Inst[];
  /** The building/military row: null = empty slot. */
  row: Array<Inst | null>;
  colonies: Inst[];
  wip: WonderInProgress | null;
  wonders: Inst[];
  /** Private architects held this round (NAT-ARCH-7). */
  priv: number;
  /** Instance ids with a used marker (−1 = the nation board). */
  used: number[];
  /** Shortage marks this round, bit per resource (gold 1, stone 2, food 4, books 8). */
  short: number;
  passed: boolean;
  /** Turns started this round (Sun Tzu, Buddha). */
  turns: number;
  /** Progress cards bought this round (ids), for boughtThisRound. */
  bought: string[];
  defeated: boolean;
  /** What the war step removed this round (NAT-WARRES-8). */
  warLost: { res: Bag; vp: number } | null;
  resigned: boolean;
}

export interface BoardCard {
  id: string;
  /** Private architects lying on the card (NAT-MAINT-9). */
  a: number;
}

export interface RoundMod {
  seat: number;
  body: ModifierBody;
  until: 'endOfRound' | 'endOfEventCard';
}

export interface SoloState {
  tile: string | null;
  strength: number | null;
  stability: number | null;
  books: number;
  workers: number | null;
  /** The VO is ahead of the player in player order. */
  ahead: boolean;
  /** Rolls taken before turns this round (for the 'oncePerRound' option). */
  preRolls: number;
  lastRoll: number | null;
}

export interface Ctx {
  /** The card or event the effects come from (for logs). */
  src?: string;
  /** Instance id of the source card, if any. */
  u?: number;
  chooser?: number;
  benefit?: number[];
  /** The card just bought (MIT's deployFree onto 'boughtCard'). */
  bought?: number;
  /** Event context: order moves collected for NAT-EVENT-6. */
  ev?: boolean;
}

export type Task =
  | { t: 'effs'; s: number; list: Effect[]; i: number; ctx: Ctx; pre?: Record<number, Answer> }
  | {
      t: 'multi';
      seats: number[];
      list: Effect[];
      ctx: Ctx;
      phase: 'decide' | 'apply';
      k: number;
      order: number[];
      answers: Record<number, Record<number, Answer>>;
    }
  | { t: 'pay'; s: number; items: Array<[Res, number]>; i: number }
  | { t: 'fire'; on: string; s: number; data: Record<string, unknown> }
  | { t: 'roll' }
  | { t: 'complete'; s: number; id: string; u: number }
  | {
      t: 'prod';
      i: number;
      nets: Array<Record<Res, number> | null>;
      unrest: number[];
      choices: Array<Array<[Res[], number]>>;
    }
  | { t: 'war'; i: number; seats: number[]; before: Array<Record<Res | 'vp', number>> }
  | { t: 'eventHalf'; half: number; part: number; card: string }
  | { t: 'moves'; first: number[]; last: number[]; rank: number[] };

/** A recorded answer to a pre-decision of a multi-target effect (NAT-EVENT-5). */
export type Answer = { accept?: boolean; branch?: number; picks?: number[][]; n?: number };

/** An option of a decision: a `choose` action with the kind's own fields. */
export type Opt<T> = { type: 'choose' } & T;
/** Where a worker lost returns (NAT-POP-6). */
export type ReturnSide = Side | 'overflow';
/** An offer of the card vocabulary (§19.1 `offer`). */
export type Offer = Extract<Effect, { offer: unknown }>['offer'];
/** The effect `optionalUndeploy` (NAT-EVENT-14). */
export type UndeployEffect = Extract<Effect, { optionalUndeploy: unknown }>;

/**
 * Every kind of decision a pending choice can be (spec table NAT-DP), with its typed options (`opt`, the
 * `choose` actions listed) and its data (`d`, what the answer needs; `undefined`: none). The decision objects
 * of `rules/choices.ts` are keyed by these kinds, and the compiler checks that each kind has one.
 */
export interface ChoicePayloads {
  /** NAT-SETUP-16: a nation and side of the B-side variant. */
  nation: { opt: Opt<{ nation: string; side: 'A' | 'B' }>; d: undefined };
  /** NAT-MAINT-11: a worker, or resources of one type. */
  growth: {
    opt: Opt<{ take: 'res'; res: Res }> | Opt<{ take: 'worker'; side?: Side }>;
    d: { amount: number };
  };
  /** NAT-NOTE-5: which of the two event cards Machiavelli keeps. */
  machiavelli: { opt: Opt<{ event: string }>; d: undefined };
  /** NAT-BLD-1, NAT-MIL-2: the slot of a bought building or military card. */
  place: { opt: Opt<{ slot: number }>; d: { id: string; u: number } };
  /** NAT-ADV-2: which older advisor leaves. */
  advisorOut: { opt: Opt<{ remove: number }>; d: { u: number } };
  /** NAT-COL-4: which older colony is given up. */
  colonyOut: { opt: Opt<{ remove: number }>; d: { u: number } };
  /** NAT-DP-17: which advisor or colony an effect removes. */
  removeCard: { opt: Opt<{ remove: number }>; d: undefined };
  /** NAT-BAT-2: the resource a battle gives. */
  battle: { opt: Opt<{ res: Res }>; d: { id: string; r: number } };
  /** NAT-GA-1: a golden age's resources, its hook, or 1 VP paid in a mix. */
  golden: {
    opt: Opt<{ res: Res | 'none' }> | Opt<{ hook: string }> | Opt<{ pay: Bag }>;
    d: { id: string; bonus: number; cost: number };
  };
  /** NAT-WON-6: the completed wonder a new one covers (null: none). */
  cover: { opt: Opt<{ cover: number | null }>; d: { id: string; u: number } };
  /** NAT-DP-13: the resource type of a `gainChoice`. */
  gainChoice: { opt: Opt<{ res: Res }>; d: { n: number; src: string | undefined } };
  /** NAT-DP-14: the resource type of a production `gainChoice`. */
  prodChoice: { opt: Opt<{ res: Res }>; d: { n: number } };
  /** NAT-SHORT-5: the gold, stone and food lost for missing books. */
  subst: { opt: Opt<{ lose: Bag }>; d: { m: number } };
  /** NAT-WARRES-3: the war's loss after the stability reduction. */
  warSpread: { opt: Opt<{ loss: Bag }>; d: undefined };
  /** NAT-RES-6: accept or decline an offer (`pre`: decided before a multi-target resolution, NAT-EVENT-5). */
  offer: { opt: Opt<{ accept: boolean }>; d: { offer: Offer; pre?: number; ctx: Ctx } };
  /** NAT-DP-17: a branch of a `choice`. */
  choice: {
    opt: Opt<{ branch: number }>;
    d: { branches: Effect[][]; ctx: Ctx } | { pre: number; ctx: Ctx };
  };
  /** NAT-POP-5: the track side a gained worker comes from. */
  gainSide: { opt: Opt<{ side: Side }>; d: undefined };
  /** NAT-POP-6: the worker lost and where it returns. */
  loseWorker: { opt: Opt<{ from: number; side: ReturnSide }>; d: undefined };
  /** NAT-NOTE-16: how many free architects are placed. */
  freeArch: { opt: Opt<{ n: number }>; d: { ctx: Ctx; pre?: number } };
  /** NAT-EVENT-14: a free deployment, or stop. */
  deployFree: {
    opt: Opt<{ from: number; to: number }> | Opt<{ stop: true }>;
    d: {
      left: number;
      onto: CardFilter | 'bought' | null;
      optional: boolean;
      ctx: Ctx;
      pre: number | null;
      picks: number[][];
    };
  };
  /** NAT-EVENT-14: a worker taken off a card for a reward, or stop. */
  undeployFor: {
    opt: Opt<{ slot: number }> | Opt<{ stop: true }>;
    d: { e: UndeployEffect; picks: number[][]; ctx: Ctx; pre: number | null };
  };
  /** NAT-NOTE-30: the card a free take takes. */
  takeFree: { opt: Opt<{ row: number; col: number }>; d: { src: string | undefined } };
  /** NAT-NOTE-36: the two progress-board spaces swapped. */
  swap: { opt: Opt<{ swap: [number, number] }>; d: undefined };
  /** NAT-MODEL-14: the nation that receives the Mechanical Turk. */
  turk: { opt: Opt<{ give: number }>; d: { u: number | undefined } };
}
export type ChoiceKind = keyof ChoicePayloads;
export type OptOf<K extends ChoiceKind> = ChoicePayloads[K]['opt'];
export type DataOf<K extends ChoiceKind> = ChoicePayloads[K]['d'];
/** A pending decision of kind K: the seat, its options and its data. */
export type PendingOf<K extends ChoiceKind> = K extends ChoiceKind
  ? DataOf<K> extends undefined
    ? { s: number; kind: K; opts: OptOf<K>[] }
    : { s: number; kind: K; opts: OptOf<K>[]; d: DataOf<K> }
  : never;
/** The decision the game waits for (NAT-DP), one of the kinds of `ChoicePayloads`. */
export type Pending = PendingOf<ChoiceKind>;

/** A `choose` action as it arrives (any fields; `apply` matches it against the listed options). */
export type Choose = { type: 'choose' } & Record<string, unknown>;

export type Step =
  | 'nation'
  | 'maint'
  | 'growth'
  | 'event'
  | 'architects'
  | 'action'
  | 'production'
  | 'order'
  | 'war'
  | 'events'
  | 'famine'
  | 'books'
  | 'cleanup'
  | 'over';

export interface NatState {
  v: 1;
  opts: NatOptions;
  n: number;
  solo: boolean;
  rng: RngState;
  round: number;
  step: Step;
  /** Index within the step (growth: position in reverse order). */
  si: number;
  order: number[];
  /** The order used in this round's Action phase (Feudal Dues). */
  actionOrder: number[];
  orderLocked: boolean;
  passOrder: number[];
  /** Solar Eclipse (promo, NAT-MODEL-14): next round's player order is this round's pass order. */
  eclipse?: boolean;
  /** Imperium Rex (promo, NAT-MODEL-14): the game ends after this round. */
  lastRound?: boolean;
  cols: number;
  /** rows × cols, row 1 first; null = empty. */
  board: Array<BoardCard | null>;
  decks: string[][];
  events: string[][];
  tiles: string[][];
  eventCard: string | null;
  /** Machiavelli's two drawn cards, shown to all (NAT-NOTE-5). */
  shown: string[];
  pool: number;
  war: { id: string; marker: number; buyer: number } | null;
  /** The marker and buyer of this round's war once resolved (later conditions still see them, NAT-EVENT-15). */
  warDone?: { marker: number; buyer: number } | null;
  warBought: boolean;
  mods: RoundMod[];
  players: Player[];
  /** Nations drawn for the B-side variant, still to be taken. */
  draft: string[];
  turn: { s: number; left: number; main: number; sunTzu: boolean } | null;
  stack: Task[];
  pending: Pending | null;
  uid: number;
  solo1: SoloState | null;
  /** Progress cards removed from the game. */
  removed: string[];
  /** Event cards and solo tiles already used. */
  past: string[];
  /** The seat whose turn came last this round (−1: none yet). */
  last: number;
  over: { winners: number[]; reason: string; scores: number[]; breakdown: number[][]; title?: string } | null;
  /** Counts of actions applied (property tests). */
  steps: number;
}

export type NatAction =
  | { type: 'buy'; row: number; col: number }
  | { type: 'deploy'; from: number; to: number }
  | { type: 'undeploy'; slot: number }
  | { type: 'hire'; private?: boolean }
  | { type: 'ability'; card: number; ability: string; cost?: number }
  | { type: 'pass' }
  | { type: 'end' }
  | Choose
  | { type: 'resign' };

/**
 * What a seat (or a spectator) sees (spec §20, NAT-HIDDEN-1/2), built field by field by `view` (view.ts): every
 * public fact of the game — the table, the nations, what is resolving and who decides — the sizes of the
 * undrawn decks but not their order, no generator, and values derived for display. A client reads only this;
 * `sampleWorld` rebuilds a full state from it (the undrawn decks dealt from the unseen cards).
 */
export interface NatView {
  game: 'nations';
  /** The seat it was built for (−1: a spectator). */
  viewer: number;
  v: 1;
  opts: NatOptions;
  n: number;
  solo: boolean;
  // ---- the round
  round: number;
  step: Step;
  si: number;
  order: number[];
  actionOrder: number[];
  orderLocked: boolean;
  passOrder: number[];
  eclipse?: boolean;
  lastRound?: boolean;
  turn: NatState['turn'];
  last: number;
  // ---- the table
  cols: number;
  board: Array<BoardCard | null>;
  /** Cards left in the progress decks I..IV, the event decks I..IV and the solo tile piles I..IV. */
  deckSizes: number[];
  eventDeckSizes: number[];
  tileSizes: number[];
  eventCard: string | null;
  shown: string[];
  pool: number;
  war: NatState['war'];
  warDone?: NatState['warDone'];
  warBought: boolean;
  mods: RoundMod[];
  draft: string[];
  removed: string[];
  past: string[];
  // ---- the nations
  players: Player[];
  solo1: SoloState | null;
  // ---- what is resolving and who decides
  stack: Task[];
  pending: Pending | null;
  uid: number;
  over: NatState['over'];
  steps: number;
  // ---- derived for display (per seat)
  strength: number[];
  stability: number[];
  workers: number[];
  /** Prices of the board cards for the viewer (row price for spectators). */
  prices: Array<number | null>;
}

/** The state's fields that never leave the server: the generator and the order of the undrawn cards. */
export type HiddenField = 'rng' | 'decks' | 'events' | 'tiles';
/** Every field of the state is either shown in the view or hidden: a new field must be placed (compile check). */
export const viewCoversState: Exclude<keyof NatState, keyof NatView | HiddenField> extends never
  ? true
  : never = true;

export type { Bag, CardType, Modifier, Res };
