/**
 * The Nations card-effect vocabulary (spec `shared/rules/nations.md` §19.1) and card records (§19.2).
 *
 * The types follow the spec exactly. Extensions are marked `EXTENSION` and listed in docs/games/nations-data.md:
 * - `nameRu` on progress cards, event halves and nation boards, `name` on nation boards, and `ref` on progress
 *   cards (names and provenance only, no game effect);
 * - `endVp` may be a list of terms that add up (Potala Palace, Big Ben, Statue of Liberty print a VP value and a
 *   scoring bonus, §19.2 allows only one of the two);
 * - an event half may be a list of `EventDef`s aimed at different targets (Hellenism, Chanson de Roland, Columbian
 *   Exchange, Papal Indulgence: §19.4 says "one EventDef per target", which the `[EventDef, EventDef]` tuple cannot
 *   hold), and a promo event card may have a single half (Imperium Rex).
 */

export type Res = 'gold' | 'stone' | 'food' | 'books';
export const RESOURCES: readonly Res[] = ['gold', 'stone', 'food', 'books'];

/** Non-negative amounts. */
export type Bag = Partial<Record<Res, number>>;

export type CardType =
  'advisor' | 'battle' | 'building' | 'colony' | 'goldenAge' | 'military' | 'war' | 'wonder';
export const CARD_TYPES: readonly CardType[] = [
  'advisor',
  'battle',
  'building',
  'colony',
  'goldenAge',
  'military',
  'war',
  'wonder',
];

export type Age = 1 | 2 | 3 | 4;
export type AgeSel = Age | 'current';
export type Level = 'basic' | 'advanced' | 'expert' | 'promo';
export const LEVELS: readonly Level[] = ['basic', 'advanced', 'expert', 'promo'];

export type CardFilter = { type?: CardType | CardType[]; age?: AgeSel | AgeSel[]; requireManned?: boolean };

// ---------- Metrics: a named value, or a counter evaluated per nation
export type MetricName = 'strength' | 'stability' | 'books' | 'workers' | 'gold' | 'food' | 'stone' | 'vp';
export const METRIC_NAMES: readonly MetricName[] = [
  'strength',
  'stability',
  'books',
  'workers',
  'gold',
  'food',
  'stone',
  'vp',
];
export type Metric = MetricName | { counter: Counter };

export type CompareOp = '<' | '<=' | '==' | '>=' | '>';

// ---------- Conditions: pure, evaluated on the current state (or the production snapshot, NAT-PROD-2)
export type Cond =
  | { best: Metric }
  | { worst: Metric }
  | { passed: 'first' | 'last' }
  | { manned: CardType | 'any' }
  | { has: CardFilter; min?: number }
  | { boughtThisRound: CardFilter; min?: number }
  | { aboveWarMarker: true }
  | { warBoughtBy: 'self' | 'other' | 'anyone' }
  | { defeatedInWar: true }
  | { wonderInProgress: true }
  | { count: Counter; op: CompareOp; n: number }
  | { metric: Metric; op: CompareOp; n: number }
  | { all: Cond[] }
  | { any: Cond[] }
  | { not: Cond };

// ---------- Counters: return a non-negative integer for one nation
export type Counter =
  | { cards: CardFilter }
  | { workersOn: CardFilter }
  | { boughtThisRound: CardFilter }
  | { resource: Res; per: number }
  | { emptyTrackSpaces: 'food' | 'stability' | 'any' }
  | { constant: number }
  | { die: 6 };

// ---------- Who is affected (events, and card effects aimed at other nations)
export type Target =
  | 'self'
  | 'all'
  | { best: Metric }
  | { worst: Metric }
  | { best: Metric; tieBreak: 'playerOrder' }
  | { passed: 'first' | 'last' }
  | { allExcept: Array<{ best: Metric } | { worst: Metric }> }
  | { othersOf: 'benefitSet' | 'chooser' }
  | { peersOf: 'chooser' }
  | { where: Cond };

// ---------- Effects: imperative, applied once, in list order, to the current target nation
export type Effect =
  | { gain: Bag }
  | { gainChoice: Res[]; n: number }
  | { pay: Bag }
  | { payDownTo: Bag }
  | { vp: number }
  | { gainWorker: number }
  | { loseWorker: number }
  | { hireArchitectFree: number; optional?: boolean; upTo?: boolean }
  | { removeArchitectFromWonder: number }
  | { privateArchitects: number }
  | { extraActions: number; restrict?: 'buy' | 'deploy' | 'hire' }
  | { deployFree: number; onto?: CardFilter | 'boughtCard'; optional?: boolean }
  | { optionalUndeploy: { from: CardType }; rewardPerWorker: Bag }
  | { takeCardFree: { types: CardType[] } }
  | { swapBoardCards: true }
  | { skipTurn: true }
  | { moveInOrder: 'first' | 'last' }
  | { lockPlayerOrder: 'actionPhase' }
  | { removeCard: { type: CardType; which: 'ownerChoice' | 'all' }; elseEffects?: Effect[] }
  | { restoreWarLosses: 'all' | 'vpOnly' }
  | { modifier: Modifier; until: 'endOfRound' | 'endOfEventCard' }
  | { choice: Effect[][] }
  | { offer: { cost?: Bag; then: Effect[]; otherwise?: Effect[]; allOrNothing?: boolean } }
  | { if: Cond; then: Effect[]; else?: Effect[] }
  | { repeat: Counter; effects: Effect[] }
  | { forEach: Target; effects: Effect[] }
  | { hook: string; params?: Record<string, unknown> };

// ---------- Continuous modifiers: active while their source is in play
export type Modifier = ModifierBody & { appliesTo?: 'self' | 'others' | 'all' };
export type ModifierBody =
  | { strength: number }
  | { stability: number }
  | { strengthFloor: number }
  | { goldenAgeBonus: number }
  | { raidBonus: number }
  | { advisorSlots: number }
  | { colonySlots: number }
  | { wonderSlots: number }
  | { warDefense: number }
  | { warVpImmune: Cond }
  | { warExtraLoss: Bag }
  | { ignoreUpkeep: { cardType: CardType } }
  | { noShortageVp: true }
  | { countsAsLeastStable: true }
  | { cannotBuy: CardType }
  | { skipFirstTurn: true }
  | { cardPrice: { delta: number; type?: CardType; row?: 1 | 2 | 3 } }
  | { deployCost: { delta: number; type?: CardType; min?: number } }
  | { architectCost: { delta: number } }
  | { colonyRequirement: { delta: number } }
  | { firstTurnExtraActions: number }
  | { privateArchitectsPerRound: number }
  | { growthAmount: { delta: number } }
  | { when: Cond; modifier: ModifierBody };

export type TriggerEvent =
  | 'buyCard'
  | 'wonderCompleted'
  | 'hireArchitect'
  | 'coverCard'
  | 'goldReachedZero'
  | 'passed'
  | 'defeatedInWar'
  | 'endOfAge'
  | 'roundStart';
export const TRIGGER_EVENTS: readonly TriggerEvent[] = [
  'buyCard',
  'wonderCompleted',
  'hireArchitect',
  'coverCard',
  'goldReachedZero',
  'passed',
  'defeatedInWar',
  'endOfAge',
  'roundStart',
];

// ---------- Card records (§19.2)

export type ProductionEntry = {
  gain?: Bag;
  gainChoice?: { of: Res[]; n: number };
  pay?: Bag;
  if?: Cond;
  per?: Counter;
};

export type Ability = {
  id: string;
  timing: 'action' | 'free';
  perRound?: 1;
  if?: Cond;
  /** `Bag[]` = choose one cost (Marco Polo). */
  cost?: Bag | Bag[];
  effects: Effect[];
};

export type Trigger = {
  on: TriggerEvent;
  filter?: Record<string, unknown>;
  if?: Cond;
  effects: Effect[];
  perRound?: number;
};

export type EndVpTerm = number | { per: Counter; n: number } | { if: Cond; n: number };

export interface ProgressCard {
  id: string;
  name: string;
  /** EXTENSION: the Russian name, where the rulebook gives one. */
  nameRu?: string;
  age: Age;
  type: CardType;
  level: Level;
  /** EXTENSION: VASSAL image reference from [CARDS] (traceability only). */
  ref?: string;
  /** Private architects placed while on the progress board (NAT-MAINT-9). */
  architectsOnBoard?: number;
  /** Building / military. */
  deployCost?: Bag;
  perWorker?: { produce?: Bag; consume?: Bag; strength?: number; stability?: number };
  /** Left to right, NAT-END-5. */
  vpPerWorker?: number[];
  /** Military only, NAT-MIL-5. */
  raid?: number;
  /** Colony. */
  requiredStrength?: number;
  war?: { vp: number; loss: Bag };
  /** Base game: ['books', 'food', 'stone'] on every battle. */
  battle?: { choices: Res[] };
  goldenAge?: { gain: Bag; vpPrice: number };
  /** Wonder: stone per stage, left to right (0 allowed). */
  stages?: number[];
  /** Building/military: only while manned (NAT-BLD-5). */
  static?: Modifier[];
  production?: ProductionEntry[];
  /** On purchase; wonders: on completion. */
  onAcquire?: Effect[];
  abilities?: Ability[];
  triggers?: Trigger[];
  /** NAT-REM-1. */
  removeWhen?: Cond;
  /** EXTENSION: a list of terms is their sum. */
  endVp?: EndVpTerm | EndVpTerm[];
  /** NAT-MODEL-14. */
  hook?: string;
}

export interface EventDef {
  name: string;
  /** EXTENSION: the Russian name, where the rulebook gives one. */
  nameRu?: string;
  target: Target;
  /** Applied to every target, in player order (NAT-EVENT-5). */
  effects: Effect[];
  chooser?: { best: Metric; tieBreak: 'playerOrder' };
  /** Default 'reversePlayer'. */
  choiceOrder?: 'reversePlayer' | 'rank' | 'reverseRank';
  hook?: string;
}

/** EXTENSION: one event, or one event written as several `EventDef`s aimed at different targets (§19.4). */
export type EventHalf = EventDef | EventDef[];

export interface EventCard {
  id: string;
  name: string;
  age: Age;
  level: Level;
  architects: number;
  famine: number;
  /** Upper, lower. EXTENSION: a promo card may have only one (Imperium Rex). */
  events: [EventHalf, EventHalf] | [EventHalf];
}

export interface NationBoard {
  nation: string;
  /** EXTENSION: display names. */
  name: string;
  nameRu?: string;
  side: 'A' | 'B';
  start: { res: Bag; vp: number; idleWorkers: number; track: { food: number; stability: number } };
  slots: {
    buildingMilitary: number;
    maxMilitary: number;
    advisor: number;
    colonies: number;
    wonders: number;
  };
  /** NAT-GEN-4; printed start cards are age I. */
  printed: Array<{ slot: number; card: ProgressCard }>;
  /** Egypt B: Pyramids. */
  completedWonders?: ProgressCard[];
  static?: Modifier[];
  production?: ProgressCard['production'];
  abilities?: ProgressCard['abilities'];
  triggers?: ProgressCard['triggers'];
  hook?: string;
}

export interface SoloTile {
  id: string;
  age: Age;
  vo: { strength?: number; stability?: number; books?: number; booksMode: 'set' | 'add'; workers?: number };
  architects: number;
  famine: number;
  /** Die result 5–6. */
  action: { voDelta: Partial<Record<'strength' | 'stability' | 'books', number>> };
  /** True for the designed default set in [CARDS] §6. */
  designed?: boolean;
}

/**
 * The hooks of spec §19.5 (NAT-MODEL-14). Data may name no other hook. `soloOpponent` is an engine module
 * rather than a card hook; it is listed so that the name is reserved.
 */
export const HOOKS = [
  'machiavelli',
  'soloOpponent',
  'antikythera',
  'powerGrid',
  'mechanicalTurk',
  'solarEclipse',
  'springAndAutumn',
  'imperiumRex',
  'tesla',
] as const;
export type HookName = (typeof HOOKS)[number];
