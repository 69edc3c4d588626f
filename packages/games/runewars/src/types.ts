/**
 * RuneWars state, actions, frames and view. Everything is plain JSON data with integer ids: areas,
 * unit types, factions, cards are indices into the compiled data pack (pack.ts); per-area facts are
 * flat arrays indexed by area (and `area * U + unitType` for units), so a clone is a few slices.
 */
import type { Outcome, Seat } from '@tabula/engine';
import type { CardAction, CardFrame } from './cards-types.js';

export type Res = 0 | 1 | 2; // food, wood, ore
export const RES = ['food', 'wood', 'ore'] as const;
export const SEASONS = ['spring', 'summer', 'fall', 'winter'] as const;
/** Order card numbers 1..8 (RW-ORDER-01). */
export const ORDERS = [
  '',
  'strategize',
  'mobilize',
  'conquer',
  'harvest',
  'recruit',
  'rally',
  'power',
  'fortify',
] as const;
/** Development types (RW-DEV-02). */
export const DEVS = ['resources', 'diplomat', 'training', 'defensive'] as const;
export type Benefit = 'tactics' | 'influence' | 'quests' | 'neutrals';

export interface RwOptions {
  /**
   * 'preset': a board of the pack for the player count; 'manual': tiles, markers and realms placed by the
   * players (RW-MAP-07..27); 'random': the same steps done by the engine at random (RW-SETUP-22, RW-RAND-06).
   */
  board: 'preset' | 'manual' | 'random';
  /** A preset board id of the pack (default: the first for the player count). */
  preset?: string;
  /** Another data pack (parts replace the default's): the CLI's --data DIR or a lobby file. */
  data?: unknown;
  /**
   * Who decides for unallied neutral units (RW-NEUT-03/05): 'left' the player to the current player's
   * left (the rules as written), 'auto' a deterministic built-in policy (the timeout defaults, RW-DP-89).
   */
  neutrals?: 'left' | 'auto';
  /**
   * Heroes (M4, heroes.ts): 'on' deals the starting heroes, offers Rally Support's Supremacy and plays the
   * summer Quest Phase (Move, Heal, Train). Off by default while quests, duels and battle support wait.
   */
  heroes?: 'on';
  /**
   * The exploration variant (09-exploration-variant.md, explore.ts): 'on' deals exploration tokens at
   * setup for heroes to flip (RW-EXPL-01); it needs heroes.
   */
  exploration?: 'on';
}

/**
 * Exploration tokens (RW-EXPL-02..05), per area: the token's kind (index of the pack's tokens, -1 none),
 * its back (1 "1", 2 "2+", 0 none: public) and whether it lies face up; the tokens discarded (public: kind
 * and back, in pairs); per
 * seat, the areas whose face-down token he has seen with a Scroll of Sight (RW-EXPL-32, private).
 */
export interface ExSt {
  t: number[];
  b: number[];
  up: number[];
  gone: number[];
  kn: number[][];
}

/**
 * The heroes (07-heroes-quests-duels.md), per hero of the pack: its controller (-1 none), its area (-1 off
 * the board), damage tokens, routed (0/1), training per attribute (`tr[h * 3 + a]`, 0..trainMax); the Hero
 * deck (order sealed, RW-RAND-02).
 */
export interface HeroSt {
  ctl: number[];
  at: number[];
  dmg: number[];
  rt: number[];
  tr: number[];
  deck: number[];
  /**
   * Reward cards (rewards.ts), each copy an instance id (index of the pack's `rewardDeck`): the Reward deck
   * (order sealed), its discard pile (public), the cards under each hero (face down ones seen by his controller
   * alone, RW-REWARD-03), the instances face up (public, RW-REWARD-02), and the stacks of defeated heroes'
   * markers (`[area, ...cards]`, face-down cards hidden from all, RW-HDEF-03/06).
   */
  rdeck: number[];
  rdisc: number[];
  rw: number[][];
  up: number[];
  mk: number[][];
  /** Quest cards attempted, failed and kept: pairs card, seat (public, RW-QUEST-11). */
  qr: number[];
  /** Per hero, Wisdom added by Tomes of Lore read (public, beside training: rewards.ts). */
  tb: number[];
}

export interface PlayerState {
  /** Dials food, wood, ore (RW-DIAL-01). */
  dial: number[];
  /** Influence tokens held (RW-INFO-02: public). */
  inf: number;
  /** Order cards in hand: bit n set = card n held (RW-YEAR-12). */
  hand: number;
  /** Order cards face up this year, in the order played. */
  played: number[];
  /** The secretly chosen card (0 = none yet): sealed until every seat has chosen (RW-YEAR-11/14). */
  pick: number;
  /** The revealed current Order card (the previous season's during a Season step, RW-SEASON-05); 0 none. */
  cur: number;
  /** Hidden hands (card indices of the pack): Tactics, Quests (RW-INFO-04/07), Objective (-1 none, RW-INFO-06). */
  tac: number[];
  quests: number[];
  obj: number;
  /** Face-up Setup Quests dealt at board step 1 (public, RW-MAP-05) until shuffled into the Quest deck. */
  setupQuests: number[];
  /** Order of the Tactics cards drawn (the season each was drawn in: year * 4 + season), for RW-TACT-03. */
  tacSeason: number[];
  /** The area chosen for his setup dragon rune while the false rune waits (sealed, RW-DP-05); -1 none. */
  rune: number;
  /** Resources (bit mask) used by this turn's primary Recruit, for the Supremacy's second type (RW-RECR-06). */
  rec: number;
  /** Handles of face-down rune tokens this seat has seen (RW-INFO-14 knowledge log). */
  kn: number[];
  /**
   * 1 once eliminated (RW-ELIM-01), 2 once resigned (treated as eliminated, docs/games/runewars.md):
   * skipped for seating and play order from then on (RW-ELIM-06).
   */
  out: number;
}

/** The frames of the operation stack (decisions.ts has a node for every kind). */
export type Frame =
  | { k: 'game'; step: number }
  /** Board steps 3 and 4 of a board built by the players: placements left, restarts so far (board.ts). */
  | { k: 'tile'; seat: Seat; left: number; redo: number }
  | { k: 'marker'; seat: Seat; left: number; redo: number }
  | { k: 'faction'; seat: Seat }
  | { k: 'runes'; seat: Seat }
  | { k: 'home'; seat: Seat }
  | { k: 'place'; seat: Seat; q: number[] }
  | { k: 'orders' }
  /**
   * A player's turn; `fx` what his Tactics cards changed for this turn (tactics.ts): bit 1 mountain and
   * bit 2 water borders crossed (RW-MOVE-14), `rc`/`rf` Mobilize's reach for all and for Fast units.
   */
  | {
      k: 'turn';
      seat: Seat;
      step: number;
      bat: number;
      fx?: number;
      rc?: number;
      rf?: number;
      /**
       * The record of his turn (turn-record.ts), read by "this turn" Objectives: neutral units his gold
       * diplomacy allied (`tg`), the most unallied neutral units in a battle he won (`tn`), the neutral kinds
       * (bits by `Pack.neutrals` index) of which a unit was destroyed in a battle he won (`tk`), 1 once he won as
       * attacker against an enemy stronghold (`tw`). Born with the turn: nothing to reset.
       */
      tg?: number;
      tn?: number;
      tk?: number;
      tw?: number;
    }
  /**
   * A timing window (RW-TACT-08): `re` 1 once a play has reopened it for the others, `pl` the seat who
   * played then; `h` the hero that ended its move (`heroMoved`, Ambush). Its seats hold a card that may be played now, as everyone can count (RW-TACT-03).
   */
  | { k: 'window'; seats: Seat[]; at: WindowAt; done: Seat[]; re?: number; pl?: Seat; h?: number }
  /** A played Tactics card's targets (tactics.ts): card `c`, effect `i`, what was chosen so far. */
  | { k: 'tactic'; seat: Seat; c: number; i: number; picks: number[] }
  /** Strategize drafts (from, to, unit type); heroes drafted (hero, to, drafts before it: for the undo order). */
  | { k: 'strat'; seat: Seat; d: number[]; hd?: number[] }
  /** Mobilize/Conquer: activated area `x`, unit drafts (from, type); heroes drafted (hero, drafts before it). */
  | { k: 'mob'; seat: Seat; n: number; x: number; d: number[]; second: number; hd?: number[] }
  | { k: 'sup'; seat: Seat; n: number }
  | { k: 'recruit'; seat: Seat; used: number; q: number[]; sup: number }
  | { k: 'hsup'; seat: Seat; step: number }
  /** Rally Support: cities done; a city's neutral units being placed (`at` its area, `left` still to place). */
  | { k: 'rally'; seat: Seat; done: number[]; at: number; left: number }
  | { k: 'title'; seat: Seat }
  | { k: 'fort'; seat: Seat; did: number }
  | { k: 'cull'; seat: Seat; cap: number; areas: number[]; winter: number; rule: string; neut: number }
  | { k: 'discard'; seat: Seat; kind: number }
  | { k: 'fall'; seat: Seat }
  | BattleFrame
  | CardFrame
  /**
   * Units moved into an area of unallied neutral units (RW-MOVE-03, 05-diplomacy-neutrals.md §4): they wait
   * here, off the board, while the player chooses battle or diplomacy (step 0), the Fate card to resolve
   * (step 1, `cs` the cards drawn, seen by him alone until one is chosen: RW-INFO-11) and, on a red
   * symbol, battle or retreat (step 2); step 3 after a retreat pushed above it; step 4 which heroes that
   * entered with the units (`hs`) stay when they retreat (`stay`, RW-DIPLO-11). `n` the Order card.
   */
  | {
      k: 'diplo';
      seat: Seat;
      area: number;
      n: number;
      u: number[];
      step: number;
      cs: number[];
      hs?: number[];
      stay?: number[];
    }
  /**
   * A retreat; `hs` the supporting heroes of a losing side, routed, that go with it (RW-SUPPORT-04), or the
   * heroes that came with units retreating from diplomacy (RW-DIPLO-11); `r`
   * (Tactical Retreat) each unit's routed state kept instead of arriving routed.
   */
  | {
      k: 'retreat';
      seat: Seat;
      who: Seat;
      from: number;
      u: number[];
      rule: string;
      hs?: number[];
      r?: number[];
    }
  | { k: 'victory'; seat: Seat; shown: number }
  /** Heroes (heroes.ts): the starting hero's area (RW-DP-08). */
  | { k: 'hstart'; seat: Seat; h: number }
  /**
   * Rally Support's Supremacy (RW-DP-53): step 0 how much influence, 1 which drawn hero to keep (`got`,
   * seen by him alone, RW-INFO-10), 2 its stronghold area (`h`); `max` set by Heroes' Call (a Season card,
   * RW-DP-82), the most influence it lets him spend.
   */
  | { k: 'hdraw'; seat: Seat; step: number; got: number[]; h: number; max?: number }
  /** A fourth hero: which one deserts (RW-HERO-05, RW-DP-85); `h` the hero just gained. */
  | { k: 'desert'; seat: Seat; h: number }
  /**
   * A player's step of the Quest Phase (RW-DP-14): heroes that took their action, the moving one and its steps
   * left; `ka` a hero whose action goes on in a duel or quest (its after-action ability waits for their end).
   */
  | {
      k: 'qph';
      seat: Seat;
      acted: number[];
      h: number;
      left: number;
      pp?: number;
      rd?: number[];
      ch?: number[];
      bo?: number;
      ka?: number;
    }
  /** A hero's ability after its Quest Phase action (Krutzbek, `strike`): which enemy hero of its area is hit. */
  | { k: 'strike'; seat: Seat; h: number }
  /** An exploration event flipped by hero `h` in `area` that asks its controller (RW-DP-18, explore.ts). */
  | { k: 'explore'; seat: Seat; h: number; area: number; tok: number }
  /** Destructible exploration locations the current player may discard (RW-EXPL-10/11, RW-DP-40). */
  | { k: 'raze'; seat: Seat }
  /** An attribute test of a quest (RW-TEST-01, RW-DP-20): hero `h`, Quest card `q`, the Fate cards drawn (public). */
  | { k: 'qtest'; seat: Seat; h: number; q: number; cs: number[] }
  /** A quest's look at rune tokens (RW-DP-21): `left` areas still to choose, on tile `tile` (-1 any). */
  | { k: 'qpeek'; seat: Seat; left: number; tile: number }
  /** His turn: his heroes may take the Reward cards of defeated heroes' stacks in their areas (RW-HDEF-04/05). */
  | { k: 'loot'; seat: Seat }
  /** His turn: Reward cards used or traded between his heroes of one area (rewards.ts, RW-REWARD-02/06). */
  | { k: 'ruse'; seat: Seat; orb?: number }
  /**
   * Ice Storm (rewards.ts): `left` damage dealt by `seat`'s card to the units of `o` (-1 unallied neutrals) in
   * `area`, assigned by `by` (their owner, or the left player for unallied neutrals) a unit at a time.
   */
  | { k: 'storm'; seat: Seat; o: Seat; by: Seat; area: number; left: number }
  /** A duel under way (duels.ts, RW-DUEL-*, RW-QUEST-20..26). */
  | DuelFrame
  /** RW-DP-24: the last `n` Reward cards of surviving duellist `h` are the spoils, to give to his heroes there. */
  | { k: 'spoils'; seat: Seat; h: number; n: number };

/**
 * A duel (duels.ts): challenger hero `h` of `seat` against hero `t` of `def`, or (t = -1) against neutral unit
 * type `u` of Quest card `q` (def = -1). Sides are 0 challenger, 1 defender. Everything in it is public: the
 * Fate cards are revealed as drawn (RW-DUEL-04), a Reward card used is turned face up (RW-REWARD-02).
 */
export interface DuelFrame {
  k: 'duel';
  seat: Seat;
  def: Seat;
  h: number;
  t: number;
  u: number;
  q: number;
  /** Step (duels.ts S_*), the side asked at S_SPEC / S_ARMOR, the round (1..4). */
  step: number;
  s: number;
  r: number;
  /** This round's Fate cards by side (-1 none yet). */
  c: number[];
  /** Health at the start, damage taken in this duel, first damage prevented (Sir Valadir), by side. */
  hp: number[];
  dealt: number[];
  ward: number[];
  /** The Weapon and the Armor each side used in this duel (-1 none; RW-REWARD-04). */
  wpn: number[];
  arm: number[];
  /** This round, by side: damage coming to it, damage prevented, all prevented (Hero's Resolve), a special icon
   * to resolve, Soulbiter used. */
  inc: number[];
  pre: number[];
  all: number[];
  sp: number[];
  sb: number[];
  /** By side: the Shield of the Dawn's ward given, or a Healing Potion drunk (the duel's first damage is past). */
  hl: number[];
}

/**
 * A battle (06-battles.md) in progress in `area`: side 0 is the attacker (`seat`), side 1 the defender
 * (`def`, or -1 for unallied neutral units, whose decisions `ctl` makes: the defender, the player to the
 * attacker's left, or -1 for the automated neutrals of RW-NEUT-05). The participating units stand in
 * the initiative rows off the board as figures (parallel arrays, index = figure id, never reused: a
 * destroyed or departed figure has type -1). See battle.ts for `step` and the task queue `q`.
 */
export interface BattleFrame {
  k: 'battle';
  seat: Seat;
  def: Seat;
  ctl: Seat;
  area: number;
  /** The Order card that started it (2 Mobilize, 3 Conquer). */
  n: number;
  step: number;
  /** The initiative round (1..5). */
  init: number;
  /** Figures: side, unit type (-1 gone), routed (0/1), damage tokens. */
  fs: number[];
  fu: number[];
  fr: number[];
  fd: number[];
  /** Unit types that have drawn this battle: side * 256 + type (RW-ROUND-12). */
  dw: number[];
  /** The type drawing in this sub-round per side (-1 none). */
  ty: number[];
  /** Fate cards drawn this sub-round per side (hidden from the other side until revealed, RW-FATE-07). */
  cs: number[][];
  /** How many of them were drawn for the type (the rest are Ravage's extra cards, shown at once). */
  kx: number[];
  /** Reveal step of this sub-round: 0 none, 1 specials, 2 routs, 3 damage (RW-ROUND-05..07). */
  rev: number;
  /** Special icons still to resolve per side (RW-ROUND-05). */
  sp: number[];
  /** Tasks waiting (4 numbers each: kind, side, count, argument). */
  q: number[];
  /** Figures already chosen by the task in progress. */
  tch: number[];
  /** Strength bonuses per side (Lay Siege, Reinforced Walls). */
  bon: number[];
  /** Undying per side (RW neutral Sorcerers). */
  und: number[];
  /** Conquer's Supremacy: -1 not asked, 0 declined, 1 used (RW-CONQ-02/03). */
  sup: number;
  /** Final strength per side once tallied (RW-BATTLE-41..43). */
  str: number[];
  /** The winning side (-1 undecided). */
  won: number;
  /** Defender's units destroyed in it; neutral kinds destroyed (bits by `Pack.neutrals` index): turn-record.ts. */
  dk?: number;
  nk?: number;
  /** Units the winner still has to send out over the limit (RW-BATTLE-56). */
  xs: number;
  /** Units chosen to leave over the limit (unit type + 256 × routed). */
  xu: number[];
  /**
   * 1 while the unallied neutrals' cards of this sub-round were drawn under a controller who has since
   * resigned: his successor sees them only as the other seats do (docs/games/runewars.md, R6).
   */
  nx?: number;
  /** Supporting heroes (RW-SUPPORT-01/02): pairs hero, side * 256 + unit type. */
  hs?: number[];
  /** Battle step 3: the side declaring its supporting heroes now (0 attacker, 1 defender, 2 done). */
  hsd?: number;
  /** A supported type drew more cards: side + 1 while its player chooses the cards set aside (RW-SUPPORT-03), `sn` left. */
  sd?: number;
  sn?: number;
  /** The cards set aside by support this sub-round, face down, discarded with the others (RW-SUPPORT-06). */
  sx?: number[];
  /** What Tactics cards took off the defending stronghold's strength at the tally (Siege Craft). */
  shm?: number;
}

/** Timing windows (RW-YEAR-29, RW-BATTLE-71, RW-DUEL-14): the turn's two, the battle's nine, the duel's. */
export type WindowAt =
  | 'preOrder'
  | 'postOrder'
  | 'battleStart'
  | 'beforeDraw'
  | 'afterDraw'
  | 'afterSpecials'
  | 'afterRouts'
  | 'afterDamage'
  | 'beforeTally'
  | 'afterTally'
  | 'afterBattle'
  | 'duelStart'
  | 'duelDraw'
  | 'duelRevealed'
  /** The Quest Phase: an enemy hero ended its move in an area of the window's seat (Ambush). */
  | 'heroMoved';

export interface RwState {
  n: number;
  opts: RwOptions;
  /** The pack's board chosen (preset index, or -1 manual). */
  preset: number;
  rng: number[];
  first: Seat;
  /** Faction of each seat (-1 until chosen, RW-SETUP-04). */
  fac: number[];
  year: number;
  season: number;
  /** Season card drawn this season (-1 none). */
  card: number;
  /** Per area: lattice key of its position (-1 off the board), rotation of its tile (RW-MAP-01). */
  pos: number[];
  rot: number[];
  /** A key of the board layout (joined positions), for the compiled adjacency cache. */
  bkey: string;
  /** Home realm setup markers still on the board: pairs of lattice keys (RW-MAP-15), or preset slot indices. */
  markers: number[];
  /** Seat whose home realm an area belongs to (-1 none). */
  home: number[];
  /** Seat whose units stand in an area (-1 none): one player's units per area outside a battle. */
  own: number[];
  /** Standing and routed units: index area * U + unit type. */
  us: number[];
  ur: number[];
  /** Stronghold owner (-1 none), damaged (0/1), development type (-1 none). */
  sh: number[];
  shd: number[];
  dev: number[];
  /** City token index on an area (-1 none). */
  city: number[];
  /** Rune token: kind (1 dragon, 0 false, -1 none), opaque handle, face up (0/1) (RW-INFO-12). */
  rk: number[];
  rh: number[];
  rup: number[];
  /** Rune tokens face up in the supply piles: dragon, false. */
  runePile: number[];
  /** Next handle to issue (handles are drawn at random from a large range, then made unique). */
  handles: number;
  /** Activation tokens per area: bit s = seat s's token (RW-ACT-*). */
  act: number[];
  p: PlayerState[];
  decks: {
    tactics: number[];
    tacticsDiscard: number[];
    quests: number[];
    questDiscard: number[];
    objectives: number[][];
    seasons: number[][];
    seasonDiscard: number[];
    fate: number[];
    fateDiscard: number[];
  };
  /** The seat whose Victory card lies on each season's deck (-1 none, RW-VICT-03/04/06: public). */
  vict: number[];
  /** Title holder (-1 none) and the influence on it (RW-POWER-03/04). */
  titles: number[];
  titleInf: number[];
  /** The year the Lord Commander's Title last gave a dragon rune (once a year; 0 never, turn-record.ts). */
  cmd: number;
  /** Play order of the season, fixed at the reveal (RW-YEAR-22). */
  order: Seat[];
  stack: Frame[];
  over: Outcome | null;
  /** Final dragon runes per seat, once scored (RW-VICT-14). */
  score: number[] | null;
  /** Heroes, once dealt (`opts.heroes`): all public but the Hero deck's order (a count in the view). */
  hero?: HeroSt;
  /** Exploration tokens, once dealt (`opts.exploration`). */
  ex?: ExSt;
  /** Mobilize's reach this season set by a Season card (Blizzard): for all, for Fast units. */
  reach?: number[];
}

export type RwAction =
  | CardAction
  | { type: 'tile'; tile: number; q: number; r: number; rot: number }
  | { type: 'marker'; a: number; b: number }
  | { type: 'faction'; f: number }
  | { type: 'rune'; area: number }
  | { type: 'home'; marker: number; rot: number; flip?: boolean }
  | { type: 'stronghold'; area: number; from?: number }
  | { type: 'place'; area: number }
  | { type: 'order'; n: number }
  | { type: 'fall'; pick: 'influence' | 'tactics' }
  | { type: 'destroy'; area: number; u: number; routed?: boolean }
  | { type: 'done' }
  | { type: 'supremacy'; use: boolean }
  | { type: 'draft'; from: number; u: number; to?: number }
  | { type: 'undo' }
  | { type: 'commit' }
  | { type: 'activate'; area: number }
  | { type: 'pass' }
  | { type: 'recruit'; res: number }
  | { type: 'recycle'; area: number }
  | { type: 'skip' }
  | { type: 'develop'; area: number; dev: number; from?: number }
  | { type: 'title'; t: number; spend: number }
  | { type: 'rally'; area: number; benefit: Benefit }
  | { type: 'discard'; card: number }
  | { type: 'gain'; res: number }
  | { type: 'repair'; area: number }
  | { type: 'shuffle'; a: number; b: number; swap: boolean }
  // battles: a unit is named by its class (type, routed 0/1, damage tokens)
  | { type: 'draw'; u: number }
  | { type: 'rout'; u: number; d: number }
  | { type: 'hit'; u: number; r: number; d: number }
  | { type: 'kill'; u: number; r: number; d: number }
  | { type: 'target'; u: number; r: number; d: number }
  | { type: 'option'; n: number }
  | { type: 'use'; use: boolean }
  | { type: 'retreat'; area: number }
  | { type: 'leave'; u: number; r: number }
  | { type: 'reveal'; area: number }
  | { type: 'victory'; use: boolean }
  /** Always possible, never listed (docs/games/runewars.md, resignation). */
  | { type: 'resign' }
  // diplomacy (RW-DP-45/46/48) and Rally Support's neutral units (RW-DP-52)
  | { type: 'fight' }
  | { type: 'diplomacy'; spend: number; card?: number }
  // Tactics cards (tactics.ts): a card played in a window; a target of a played card (area, seat or resource)
  | { type: 'play'; card: number }
  | { type: 'pick'; n: number }
  | { type: 'fate'; card: number }
  | { type: 'withdraw' }
  | { type: 'neutral'; u: number }
  // heroes (heroes.ts): place, draw with influence, keep, desert; the Quest Phase's Move step, Heal, Train
  | { type: 'heroAt'; area: number }
  | { type: 'heroDraw'; n: number }
  | { type: 'keepHero'; h: number }
  | { type: 'desert'; h: number }
  | { type: 'step'; h: number; to: number }
  | { type: 'heal'; h: number }
  | { type: 'train'; h: number; a: number; b: number }
  // exploration (explore.ts): end a Move here, Scroll of Sight's area, Training's attribute, the Merchant, discard a location
  | { type: 'stop'; h: number }
  | { type: 'scry'; area: number }
  | { type: 'raise'; a: number }
  | { type: 'buy'; buy: boolean }
  /** Raiding Party (RW-EXPL-31): this Reward card given up, or the second damage taken. */
  | { type: 'raidReward'; c: number }
  | { type: 'raidHurt' }
  | { type: 'raze'; area: number }
  /** A hero moved by Strategize (`to` adjacent) or into the activated area of a Mobilize/Conquer (RW-HMOVE-01). */
  | { type: 'heroMove'; h: number; to?: number }
  /** A hero supports one of his side's unit types (RW-SUPPORT-01); the card a supported type sets aside. */
  | { type: 'support'; h: number; u: number }
  | { type: 'setAside'; card: number }
  /** A hero attempts a Quest card of his controller's hand (RW-QUEST-05); a quest's look at a rune token. */
  | { type: 'quest'; h: number; card: number }
  | { type: 'testCard'; card: number }
  /** A hero challenges an enemy hero in its area after its Move (RW-DUEL-01/02). */
  | { type: 'duel'; h: number; target: number }
  /** After hero `h`'s Quest Phase action, its ability hits enemy hero `target` of its area (Krutzbek). */
  | { type: 'heroHit'; h: number; target: number }
  /** A hero takes defeated-hero stack `m` (index in `hero.mk`) in its area (RW-HDEF-04). */
  | { type: 'loot'; h: number; m: number }
  /** Reward card instance `c` of hero `h` used (RW-REWARD-02), or given to his hero `to` in the same area (RW-REWARD-06). */
  | { type: 'useReward'; h: number; c: number; area?: number }
  | { type: 'give'; c: number; to: number }
  /** The Captain's Title: these three Reward cards discarded for a dragon rune. */
  | { type: 'captain'; cs: number[] }
  /** RW-DIPLO-11: a hero left in the area when its units retreat after a red diplomacy result. */
  | { type: 'heroStay'; h: number }
  | { type: 'peek'; area: number }
  /** A duel's special icon dealing its 1 damage instead of a Reward ability (RW-DUEL-04, RW-REWARD-05). */
  | { type: 'strike' }
  /** Astarra (or, with `c`, Lucky Charm instance `c`): the attribute test's cards drawn again (once a Quest Phase). */
  | { type: 'redraw'; c?: number };

/** A player as a seat sees him: hidden hands are null (sizes stay), another's Order pick is -1 once chosen. */
export interface PlayerView {
  dial: number[];
  inf: number;
  hand: number;
  played: number[];
  /** Own pick; for another seat 0 (none yet) or -1 (chosen, sealed: RW-INFO-03). */
  pick: number;
  cur: number;
  rec: number;
  /** Own pending dragon-rune area (RW-DP-05); another's is sealed (-2). */
  rune: number;
  tac: number[] | null;
  tacCount: number;
  tacSeason: number[];
  quests: number[] | null;
  questCount: number;
  /** Own Objective; another's: -2 held (sealed), -1 none. */
  obj: number;
  setupQuests: number[];
  kn: number[];
  out: number;
}

/**
 * What a seat sees (RW-INFO-01..16): the public state as flat arrays (the board, units, strongholds,
 * tokens, dials, influence, the stack of frames), with rune identities only where the viewer may know
 * them (`rk`: -1 none, -2 unknown, 0 false, 1 dragon), hidden hands as sizes, deck orders left out.
 */
export interface RwView {
  viewer: Seat;
  n: number;
  opts: RwOptions;
  preset: number;
  first: Seat;
  fac: number[];
  year: number;
  season: number;
  card: number;
  pos: number[];
  rot: number[];
  markers: number[];
  home: number[];
  own: number[];
  us: number[];
  ur: number[];
  sh: number[];
  shd: number[];
  dev: number[];
  city: number[];
  rk: number[];
  rh: number[];
  rup: number[];
  runePile: number[];
  handles: number;
  act: number[];
  vict: number[];
  players: PlayerView[];
  titles: number[];
  titleInf: number[];
  /** The year the Lord Commander's Title last gave a dragon rune (once a year; 0 never, turn-record.ts). */
  cmd: number;
  order: Seat[];
  stack: Frame[];
  decks: {
    tactics: number;
    tacticsDiscard: number[];
    quests: number;
    questDiscard: number[];
    objectives: number[];
    seasons: number[];
    seasonDiscard: number[];
    fate: number;
    fateDiscard: number[];
  };
  over: Outcome | null;
  score: number[] | null;
  /** Heroes (public, RW-INFO-01): the Hero deck as its size. */
  hero?: Omit<HeroSt, 'deck' | 'rdeck'> & { deck: number; rdeck: number };
  /**
   * Exploration tokens (RW-EXPL-05, RW-INFO-13): per area the kind where the viewer may know it (face up,
   * seen with a Scroll of Sight, or the game over), -2 face down unseen, -1 none; backs, faces up, the
   * discarded kinds; `kn` the viewer's own Scroll knowledge.
   */
  ex?: { t: number[]; b: number[]; up: number[]; gone: number[]; kn: number[] };
  reach?: number[];
}
