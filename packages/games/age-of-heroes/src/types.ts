/** The nouns of Age of Heroes (spec §3 and Appendix A), as plain data. */
import type { Outcome, Prompt, Seat } from '@tabula/engine';

/** A resource-deck card type (spec §3.1): ordinary, special, immediate or held. */
export type CardId = string;
export type TribeId = string;
export type ItemKind = 'city' | 'army' | 'fortress' | 'general' | 'road';
export const ITEM_KINDS: readonly ItemKind[] = ['city', 'army', 'fortress', 'general', 'road'];
export type Objective = 'conquest' | 'plunder' | 'razing';
export const OBJECTIVES: readonly Objective[] = ['conquest', 'plunder', 'razing'];
export type CardCounts = Record<CardId, number>;

export interface AohConfig {
  players: { min: number; max: number };
  tribes: { id: TribeId; special: CardId }[];
  resourceDeck: CardCounts;
  cardClasses: {
    ordinary: CardId[];
    special: CardId[];
    immediate: CardId[];
    held: CardId[];
    disaster: CardId[];
  };
  itemSupply: Record<ItemKind, number>;
  battleDeck: Record<string, number>;
  costs: Record<Exclude<ItemKind, never>, CardCounts>;
  startingItems: { city: number; army: number };
  startingHandSize: number;
  handLimit: number;
  victory: { cities: number; monumentCards: number };
  battle: { generalBonus: number; fortressBonusEach: number; barbarianArmies: number };
  spoils: {
    conquestArmiesPerCity: number;
    plunderCardsPerArmy: number;
    razeOneAt: number;
    razeTwoAt: number;
  };
  marketDay: { baseDraw: number; perConnectedTribe: number };
  trade: { maxOpenOffersPerPlayer: number; maxCardsPerSide: number; maxNoteLength: number };
}

export interface AohOptions {
  /** AOH-SETUP-8: tribes drafted in turn order (default) or assigned at random. */
  tribes: 'draft' | 'random';
  /** AOH-PLAYERS-2: seat order shuffled at setup (default) or kept as given. */
  seatOrder: 'random' | 'fixed';
  /**
   * Trading inputs per player per Market Day before he is set ready. The engine's deterministic
   * stand-in for the platform's trading time limit (AOH-TRADE-22); 0 = no limit.
   */
  tradeInputLimit: number;
  /**
   * AOH-TRADE-22: the trading window's time limit in seconds (platform setting, default 180,
   * 0 = no limit). Carried by the trading prompts as a shared timer the server runs.
   */
  tradeSeconds: number;
  /** Optional replacement for the default data (same shape as data/config.json). */
  config?: AohConfig;
}

export interface Army {
  id: number;
  general: boolean;
  status: 'home' | 'committed' | 'away';
  /** AOH-RET-3: the owner's turn number in whose phase 5 an away army comes home. */
  returnAt: number;
  /** AOH-EVT-QUAKE-6: one entry per attached Earthquake: the owner's turn number it expires in. */
  quakes: number[];
}

export interface Player {
  /** Seat position (clockwise); the player who sits at seat i is player i. */
  tribe: TribeId | null;
  alive: boolean;
  resigned: boolean;
  /** AOH-FLOW-5 turnsStarted. */
  turns: number;
  /** Ordered by acquisition (AOH-DP-17 default discards the most recent first). */
  hand: CardId[];
  cities: number;
  fortresses: number;
  armies: Army[];
  /** Monument size (all cards are the tribe's own special). */
  monument: number;
  /** AOH-WIN-3 pending claim: the turn number at whose end it is checked; 0 = none. */
  claim: number;
  /** Has started a turn since the last Market Day (AOH-FLOW-3). */
  played: boolean;
}

export interface Offer {
  id: number;
  from: Seat;
  /** -1 = open to every other surviving player. */
  to: Seat;
  give: CardId[];
  receive: CardId[];
  note?: string;
  counterTo?: number;
}

export interface OfferDraft {
  to: Seat;
  give: CardId[];
  receive: CardId[];
}

export interface Market {
  first: boolean;
  /** Immediate cards set aside in the draw step, per seat, in the order drawn (AOH-MKT-4). */
  pending: CardId[][];
  offers: Offer[];
  ready: boolean[];
  inputs: number[];
  drafts: (OfferDraft | null)[];
  trading: boolean;
}

/** A unit in battle (AOH-WAR-2): an army, a Hero-army or the barbarian army. */
export interface Unit {
  side: 0 | 1;
  /** Army id, -1 for a Hero-army, -2 for the barbarian army. */
  army: number;
  /** Led by a General or a Hero-as-general: +2 (AOH-BATTLE-7). */
  lead: boolean;
  /** Battle card value, 0 while unassigned. */
  card: number;
  fought: boolean;
  alive: boolean;
}

export interface Duel {
  a: number;
  d: number;
  av: number;
  dv: number;
  as: number;
  ds: number;
}

export interface War {
  /** -1 for barbarians. */
  attacker: Seat;
  defender: Seat;
  objective: Objective;
  armies: number[];
  /** Attacker's Heroes: -1 as army, else the host army id (as general). */
  heroesA: number[];
  heroesD: number[];
  units: Unit[];
  a: number;
  d: number;
  /** Drawn, not yet placed battle cards per side (side 0 attacker, 1 defender). */
  pool: [number[], number[]];
  placed: [boolean, boolean];
  pick: [number, number];
  wins: number;
  v: number;
  duels: Duel[];
  drawn: boolean;
  /** Cancelled by Olympic Games or (against Barbarians) Luck. */
  cancelled: boolean;
  /** The defender's response window is over. */
  responded: boolean;
}

export type Frame =
  | { k: 'deal' }
  | { k: 'draft'; order: Seat[]; i: number }
  | { k: 'market'; pc: number; order: Seat[]; i: number }
  | { k: 'turn'; seat: Seat; pc: number }
  | { k: 'action'; seat: Seat }
  | { k: 'taxes'; seat: Seat; left: number }
  | { k: 'swap'; seat: Seat }
  | { k: 'build'; seat: Seat; asked: Seat[] }
  | { k: 'consent'; seat: Seat; builder: Seat; pay: CardId[] }
  | { k: 'warDraft'; seat: Seat; target: Seat; objective: Objective; armies: number[]; heroes: number[] }
  | { k: 'war'; pc: number; barb: boolean }
  /** The defender's response window (AOH-WAR-11): answered by one action, nothing drafted in the state. */
  | { k: 'response'; seat: Seat; barb: boolean }
  | { k: 'place' }
  | { k: 'duel' }
  | {
      k: 'event';
      card: CardId;
      drawer: Seat;
      pc: number;
      suppressed: boolean;
      target: number;
      /**
       * The Famine's Luck window (AOH-EVT-FAM-2, AOH-HID-14), per seat: -1 not asked (not surviving
       * when it opened), 0 not answered yet, 1 pass, 2 Luck. Secret until the window closes: other
       * seats' views show every asked seat as not answered.
       */
      ans: number[];
    }
  | { k: 'monument'; seat: Seat }
  | { k: 'discard'; seat: Seat }
  | { k: 'checkpoint' };

export interface AohState {
  game: 'age-of-heroes';
  cfg: AohConfig;
  opts: AohOptions;
  n: number;
  rng: number[];
  p: Player[];
  /** AOH-PLAYERS-2: seating[seat] = index of the joining player who sits there (public). */
  seating: number[];
  /** Resource deck; the top card is the last element (hidden). */
  deck: CardId[];
  /** Discard pile, oldest first (public, AOH-HID-5). */
  discard: CardId[];
  /** Battle deck; top is last (hidden). */
  battle: number[];
  supply: Record<ItemKind, number>;
  /** Roads as [low seat, high seat, builder]. */
  roads: [Seat, Seat, Seat][];
  nextArmy: number;
  nextOffer: number;
  first: Seat;
  leader: Seat;
  round: number;
  active: Seat;
  /** Public turn-order draws (AOH-SETUP-4): each round of drawing, value per seat (0 = did not draw). */
  orderDraws: number[][];
  stack: Frame[];
  market: Market | null;
  war: War | null;
  over: Outcome | null;
}

export type AohAction =
  | { type: 'tribe'; tribe: TribeId }
  | { type: 'taxes' }
  | { type: 'build' }
  | { type: 'war'; target: Seat; objective: Objective }
  | { type: 'pass' }
  | { type: 'swap'; card: CardId }
  | { type: 'swapSkip' }
  | { type: 'buildItem'; item: ItemKind; pay: CardId[]; host?: number; to?: Seat }
  | { type: 'buildDone' }
  | { type: 'consent'; accept: boolean }
  | { type: 'warArmy'; army: number }
  | { type: 'warUnarmy'; army: number }
  | { type: 'warHero'; host: number }
  | { type: 'warUnhero'; index: number }
  | { type: 'warDeclare' }
  | { type: 'warCancel' }
  | { type: 'olympics' }
  | { type: 'luck' }
  /**
   * The defender plays Mighty Heroes (AOH-WAR-11, AOH-EVT-HERO-2..6), the whole response in one action:
   * the host of each Hero, -1 for a Hero as an army, else the id of the army it leads as general;
   * sorted ascending, so that each choice has one spelling.
   */
  | { type: 'respond'; heroes: number[] }
  | { type: 'quakeTarget'; army: number }
  | { type: 'volcanoTarget'; seat: Seat }
  | { type: 'place'; unit: number; card: number }
  | { type: 'resetPlacement' }
  | { type: 'duel'; unit: number }
  | { type: 'monument'; count: number }
  | { type: 'discard'; card: CardId }
  | { type: 'offerNew' }
  | { type: 'offerTo'; seat: Seat }
  | { type: 'offerGive'; card: CardId }
  | { type: 'offerUngive'; card: CardId }
  | { type: 'offerWant'; card: CardId }
  | { type: 'offerUnwant'; card: CardId }
  | { type: 'offerPost'; note?: string; counterTo?: number }
  | { type: 'offerDrop' }
  | { type: 'accept'; offer: number }
  | { type: 'decline'; offer: number }
  | { type: 'withdraw'; offer: number }
  | { type: 'ready' }
  | { type: 'unready' }
  | { type: 'resign' };

export type AohActionType = AohAction['type'];

export interface UnitView extends Omit<Unit, 'card'> {
  /** The card value if this viewer may see it (own side, or revealed in a duel), else null. */
  card: number | null;
  hasCard: boolean;
}

export interface WarView {
  attacker: Seat;
  defender: Seat;
  objective: Objective;
  armies: number[];
  heroesA: number[];
  heroesD: number[];
  responded: boolean;
  cancelled: boolean;
  drawn: boolean;
  units: UnitView[];
  a: number;
  d: number;
  /** Own unplaced cards (viewer's side only), else []. */
  pool: number[];
  poolCount: [number, number];
  placed: [boolean, boolean];
  picked: [boolean, boolean];
  /** The viewer's own pending duel pick (-1 if none). */
  myPick: number;
  wins: number;
  v: number;
  duels: Duel[];
}

export interface PlayerView {
  seat: Seat;
  tribe: TribeId | null;
  alive: boolean;
  resigned: boolean;
  turns: number;
  handCount: number;
  /** Only in the owner's view (or everyone's once the game is over). */
  hand?: CardId[];
  cities: number;
  fortresses: number;
  armies: Army[];
  monument: number;
  claim: number;
  played: boolean;
}

export interface AohView {
  game: 'age-of-heroes';
  viewer: number;
  n: number;
  round: number;
  first: Seat;
  leader: Seat;
  active: Seat;
  /** 'setup' | 'market-draw' | 'market-resolve' | 'market-trade' | 'turn-1'..'turn-5' | 'over'. */
  phase: string;
  players: PlayerView[];
  supply: Record<ItemKind, number>;
  deckCount: number;
  battleDeckCount: number;
  discard: CardId[];
  roads: [Seat, Seat, Seat][];
  orderDraws: number[][];
  seating: number[];
  tribesLeft: TribeId[];
  market: {
    first: boolean;
    pending: CardId[][];
    offers: Offer[];
    ready: boolean[];
    trading: boolean;
    draft: OfferDraft | null;
    /** The viewer's own trading inputs this Market Day (see AohOptions.tradeInputLimit). */
    myInputs: number;
  } | null;
  war: WarView | null;
  /** The viewer's private draft of a war declaration (a defence is one action: nothing drafted). */
  draft: { target: Seat; objective: Objective; armies: number[]; heroes: number[] } | null;
  /** The current event being resolved (public). */
  event: { card: CardId; drawer: Seat; target: number } | null;
  prompts: Prompt[];
  /** The seats the game waits for, outside response windows (AOH-HID-1). */
  waiting: { seat: Seat; kind: string }[];
  /**
   * A response window is open (AOH-HID-14): everyone sees the same "waiting for responses", with no
   * name, order or position; the viewer's own part of it is in `prompts`.
   */
  responses: boolean;
  over: Outcome | null;
  /** Only once the game is over (AOH-WIN-11). */
  deck?: CardId[];
  battle?: number[];
  /** The operation stack as this viewer may see it (other seats' private drafts scrubbed). */
  flow: Frame[];
  nextArmy: number;
  nextOffer: number;
  options: Omit<AohOptions, 'config'>;
  config: AohConfig;
}
