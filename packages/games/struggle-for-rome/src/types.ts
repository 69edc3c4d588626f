/** The nouns of Struggle for Rome (spec §2–§3, §17), as plain data. */
import type { Outcome, Prompt, Seat } from '@tabula/engine';

/** Resource kinds in hand order: grain, ore, horses, cattle (SFR-CONV-6). */
export type Kind = 'grain' | 'ore' | 'horses' | 'cattle';
export const KINDS: readonly Kind[] = ['grain', 'ore', 'horses', 'cattle'];
export const GRAIN = 0,
  ORE = 1,
  HORSES = 2,
  CATTLE = 3,
  GOLD = 4;
/** What a trade side may hold: a resource kind or gold (SFR-TRADE-2). */
export type Item = Kind | 'gold';
export const ITEMS: readonly Item[] = ['grain', 'ore', 'horses', 'cattle', 'gold'];
/** A single card taken from the supply: grain or ore from a stack, or a blind pasture draw (SFR-REST-2). */
export type Take = 'grain' | 'ore' | 'pasture';
export const TAKES: readonly Take[] = ['grain', 'ore', 'pasture'];
/** The two tribes of a player: 0 = horsemen (phase 3), 1 = warriors (phase 4) (SFR-OVR-1). */
export type TribeKind = 'horsemen' | 'warriors';
export const TRIBES: readonly TribeKind[] = ['horsemen', 'warriors'];

/** [grain, ore, horses, cattle, gold]: one side of a trade offer. */
export type Bundle = number[];

export interface Tribe {
  /** Node index of the marker (a crossroads while nomadic, the first kingdom city once settled). */
  node: number;
  settled: boolean;
  /** Army figures in the box (SFR-OVR-2). */
  army: number;
  wagons: number;
  /** Revealed loot tokens in the box (token indices, in the order taken). */
  loot: number[];
  /** Kingdom cities (city indices), the first one founded first. */
  kingdom: number[];
  /** Has earned its Enemy of Rome award (SFR-AWARD-3). */
  enemy: boolean;
}

export interface Player {
  gold: number;
  /** Resource cards by kind [grain, ore, horses, cattle] (private by kind, SFR-HID-2). */
  res: number[];
  /** Development cards held (card ids, private) and the phase serial each was acquired in (public). */
  dev: string[];
  devAt: number[];
  /** Reserve: [horsemen, warriors, wagons] (SFR-SETUP-3, SFR-COMP-11). */
  reserve: number[];
  tribes: Tribe[];
  /** Played development cards (public, in order) and revealed treasures. */
  played: string[];
  treasures: string[];
  diplomats: number;
  /** Emergency gold used (SFR-GOLD-2, once per game). */
  emergency: boolean;
  /** Phase serial of the last card counted toward the one-card-per-phase limit (SFR-DEV-2). */
  cardAt: number;
  /** Great Horseman / Great Warrior: strength bonus valid in phase serial `bonusAt` (SFR-DEV-7). */
  bonus: number;
  bonusAt: number;
  /** Enemy of Rome and Heir of Rome cards held (Diplomacy is `state.diplomacy`). */
  enemy: number;
  heir: boolean;
  /** The "final round" announcement has been made for this player (SFR-END-3). */
  announced: boolean;
  /** The player has resigned: his decisions take their defaults and he cannot win (docs/games). */
  resigned: boolean;
}

/** An offer of the acting player, or a counter-offer addressed to him (SFR-TRADE-5/6). */
export interface Offer {
  id: number;
  from: Seat;
  /** -1: every other player. */
  to: Seat;
  /** What `from` gives and gets, as [grain, ore, horses, cattle, gold]. */
  give: Bundle;
  get: Bundle;
  /** Per seat: 0 = no answer (or not addressed), 1 = accepted, 2 = declined, 3 = countered. */
  answers: number[];
  /** The offer a counter-offer answers, else 0. */
  counterTo: number;
}

export interface Draft {
  to: Seat;
  give: Bundle;
  get: Bundle;
  counterTo: number;
}

export type Frame =
  /** The round driver: pc 0 = production, 1..3 = the steps of phases 2..4, 4 = end check. */
  | { k: 'round'; pc: number; i: number }
  /** Phase 1: rolling the wind rose; `sum` is a rolled sum waiting for its shortage returns. */
  | { k: 'roll'; sum: number }
  /** SFR-DP-5: move the legionnaire after a 7 (by: roll) . */
  | { k: 'legion'; seat: Seat }
  /** SFR-DP-6: choose the opponent to rob on `hex`. */
  | { k: 'rob'; seat: Seat; hex: number }
  /** SFR-DP-7: pasture shortage; `need[s]` cards to return by seat, answered in order from `i`. */
  | { k: 'shortage'; need: number[]; order: Seat[]; i: number }
  /** A phase-2 step (SFR-TRADE-1). */
  | { k: 'trade'; seat: Seat }
  /** The addressed players answer offer `offer` (SFR-DP-9). */
  | { k: 'respond'; offer: number }
  /**
   * A phase-3/4 step of `seat`'s tribe `t` (SFR-ACT). `moved`: a movement took place; `done`: a plunder
   * or conquest took place (the step then waits only for `endStep`, after a drawn development card).
   */
  | { k: 'act'; seat: Seat; t: number; moved: boolean; done: boolean };

export interface SfrOptions {
  /** SFR-END-5: the tie-break among several players with 10+ VP. */
  tieBreak: 'goldAmongQualified' | 'vpThenGold';
  /**
   * A platform cap, not a rule: the game ends after this round (0 = never); the winner is then the
   * player with the most VP, ties broken by gold. Keeps engine-only play (simulations) finite.
   */
  roundLimit: number;
  /**
   * Trading inputs (drafting steps, posts, answers) per player per phase-2 step before drafting is
   * closed for him: the engine-only stand-in for the platform's step timer (0 = unlimited).
   */
  tradeInputLimit: number;
  /** A different map: the parsed board.json and cities.json (see config.ts parseMap). */
  map?: unknown;
}

export interface SfrState {
  game: 'struggle-for-rome';
  opts: SfrOptions;
  n: number;
  rng: number[];
  p: Player[];
  /** Start player of the current round (SFR-ROUND-2). */
  start: Seat;
  round: number;
  /** 1..4 (SFR-ROUND-1); 0 before the first round. */
  phase: number;
  /** round * 4 + phase: identifies a phase for card timing (SFR-DEV-2/3). */
  serial: number;
  /** Hex index of the legionnaire. */
  legion: number;
  /** Marked wind-rose sums of this phase 1, in order (SFR-ROSE). */
  rose: number[];
  /** Every roll of this phase 1 as [die, die] (ignored re-rolls included; public). */
  rolls: number[][];
  /** Forced dice for scenarios (consumed before the generator; empty in real games). */
  forced: number[];
  /** Open stacks (SFR-SETUP-7). */
  grain: number;
  ore: number;
  /** Pasture deck, top last: 2 = horses, 3 = cattle (hidden order and content). */
  pdeck: number[];
  /** Pasture discard pile, face up: [horses, cattle]. */
  pdis: number[];
  /** Development deck, top last (hidden). */
  devDeck: string[];
  /** Per city: -1 unowned, else seat * 2 + tribe. */
  owner: number[];
  /** Per city: its face-down loot token (index into the token list) or -1. */
  token: number[];
  /** Tokens out of play, identity hidden: founded/conquered cities' tokens and 3-player leftovers. */
  removed: number[];
  /** Holder of the Diplomacy award or -1. */
  diplomacy: Seat;
  offers: Offer[];
  drafts: (Draft | null)[];
  inputs: number[];
  nextOffer: number;
  /** Net gold paid out by the bank since setup (gold accounting: equals the players' gold). */
  bank: number;
  stack: Frame[];
  over: Outcome | null;
}

export type SfrAction =
  | { type: 'legion'; hex: string }
  | { type: 'stay' }
  | { type: 'rob'; seat: Seat }
  | { type: 'robNone' }
  | { type: 'returnPasture'; horses: number; cattle: number }
  | { type: 'bank'; give: Kind; get: Take }
  | { type: 'buyPair'; emergency?: Kind }
  | { type: 'buyWagon'; box: TribeKind; emergency?: Kind }
  | { type: 'buyDev'; emergency?: Kind }
  | { type: 'play'; card: string; hex?: string; take?: Take[] }
  | { type: 'reveal'; card: string }
  | { type: 'draft'; to: Seat }
  | { type: 'give'; item: Item }
  | { type: 'ungive'; item: Item }
  | { type: 'want'; item: Item }
  | { type: 'unwant'; item: Item }
  | { type: 'post' }
  | { type: 'drop' }
  | { type: 'execute'; offer: number; with: Seat }
  | { type: 'withdraw'; offer: number }
  | { type: 'accept'; offer: number }
  | { type: 'decline'; offer: number }
  | { type: 'rest'; take: Take | 'gold' }
  | { type: 'move'; to: string; route: string[]; grain: number; card?: string }
  | { type: 'plunder'; city: string; card?: string }
  | { type: 'found'; city: string; card?: string }
  | { type: 'expand'; city: string; card?: string }
  | { type: 'endStep' }
  /** Always possible, never listed (docs/games/struggle-for-rome.md, resignation). */
  | { type: 'resign' };

export type SfrActionType = SfrAction['type'];

export interface TribeView extends Tribe {
  strength: number;
}

export interface PlayerView {
  seat: Seat;
  colour: string;
  gold: number;
  /** Number of resource cards (public). */
  cards: number;
  /** By kind: only in the owner's view (everyone's once the game is over). */
  res?: number[];
  devCount: number;
  devAt: number[];
  dev?: string[];
  reserve: number[];
  tribes: TribeView[];
  played: string[];
  treasures: string[];
  diplomats: number;
  emergency: boolean;
  cardAt: number;
  bonus: number;
  bonusAt: number;
  enemy: number;
  heir: boolean;
  announced: boolean;
  resigned: boolean;
  /** Cities + awards (SFR-HID-7). */
  publicVp: number;
  /** Total VP with hidden VP cards: the owner's own view, or everyone's once the game is over. */
  vp?: number;
  /** Trading inputs used in this step: own view only. */
  inputs?: number;
}

export interface SfrView {
  game: 'struggle-for-rome';
  viewer: number;
  n: number;
  round: number;
  phase: number;
  serial: number;
  start: Seat;
  legion: string;
  rose: number[];
  rolls: number[][];
  grain: number;
  ore: number;
  pdeckCount: number;
  pdis: number[];
  devDeckCount: number;
  /** Per city (data order): owner (-1 or seat*2+tribe) and whether a face-down token lies on it. */
  owner: number[];
  token: boolean[];
  removedCount: number;
  diplomacy: Seat;
  players: PlayerView[];
  offers: Offer[];
  /** The viewer's own offer draft. */
  draft: Draft | null;
  nextOffer: number;
  bank: number;
  prompts: Prompt[];
  waiting: { seat: Seat; kind: string }[];
  flow: Frame[];
  over: Outcome | null;
  options: SfrOptions;
  /** Once the game is over: everything (SFR-END-4). */
  devDeck?: string[];
  pdeck?: number[];
  tokens?: number[];
  removed?: number[];
}
