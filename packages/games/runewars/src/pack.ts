/**
 * The data pack: factions (units, dials, home realm tiles, developments), neutral units, map tiles,
 * preset boards, city tokens, the Fate deck, Season, Tactics, Quest and Objective cards, Titles and the
 * rule numbers — validated JSON, compiled into a read-only runtime index (`Pack`). Most values are
 * designed defaults (data.md marks them DD); every number lives here, never in the rules code. Another
 * pack (the `data` option: the CLI's `--data DIR` or a lobby's file) replaces the parts it gives; a bad
 * entry is refused with an error naming it (docs/games/runewars-data.md).
 */
import type { Result } from '@tabula/engine';
import { err, ok } from '@tabula/engine';
import factionsData from './data/factions.json' with { type: 'json' };
import neutralsData from './data/neutrals.json' with { type: 'json' };
import tilesData from './data/tiles.json' with { type: 'json' };
import boardsData from './data/boards.json' with { type: 'json' };
import citiesData from './data/cities.json' with { type: 'json' };
import fateData from './data/fate.json' with { type: 'json' };
import seasonsData from './data/seasons.json' with { type: 'json' };
import tacticsData from './data/tactics.json' with { type: 'json' };
import questsData from './data/quests.json' with { type: 'json' };
import objectivesData from './data/objectives.json' with { type: 'json' };
import titlesData from './data/titles.json' with { type: 'json' };
import heroesData from './data/heroes.json' with { type: 'json' };
import explorationData from './data/exploration.json' with { type: 'json' };
import rewardsData from './data/rewards.json' with { type: 'json' };
import rulesData from './data/rules.json' with { type: 'json' };
import type { CardEffect, ObjectiveWhen, TacticsPlay } from './cards-data.js';
import { cardEffect, objectiveWhen, tacticsPlay } from './cards-data.js';

export const PACK_PARTS = [
  'factions',
  'neutrals',
  'tiles',
  'boards',
  'cities',
  'fate',
  'seasons',
  'tactics',
  'quests',
  'objectives',
  'titles',
  'heroes',
  'exploration',
  'rewards',
  'rules',
] as const;
export type PackPart = (typeof PACK_PARTS)[number];

export const DEFAULT_PACK_JSON: Record<PackPart, unknown> = {
  factions: factionsData,
  neutrals: neutralsData,
  tiles: tilesData,
  boards: boardsData,
  cities: citiesData,
  fate: fateData,
  seasons: seasonsData,
  tactics: tacticsData,
  quests: questsData,
  objectives: objectivesData,
  titles: titlesData,
  heroes: heroesData,
  exploration: explorationData,
  rewards: rewardsData,
  rules: rulesData,
};

export type Names = { en: string; ru: string };

/** Attributes in the order of the Hero card (RW-HERO-06). */
export const ATTRS = ['strength', 'agility', 'wisdom'] as const;
/** The named hooks of Reward cards (rewards.ts). */
export const REWARD_EFFECTS = [
  'rune',
  'crown',
  'strengthHit',
  'preventRound',
  'hit2',
  'soulbiter',
  'routPlus',
  'preventFirst',
  'bombs',
  'flute',
  'iceStorm',
  'heal',
  'boots',
  'horn',
  'banner',
  'ring',
  'orb',
  'tome',
  'charm',
  'gold',
  'cloak',
];
export const SHAPES = ['triangle', 'circle', 'rectangle', 'hexagon'] as const;
/** Unit special abilities the rules know (data.md §4.2, §5); a unit's `sp` is its index here, -1 none. */
export const SPECIALS = [
  'Concentrated Fire',
  'Command',
  'Valiant Strike',
  'Lay Siege',
  'Crack Shot',
  'Charge',
  'Word of Vaal',
  'Overpower',
  'Mortal Strike',
  'Raise Dead',
  'Overrun',
  'Unholy Charge',
  'Ravenous',
  'Fury',
  'Rain Fire',
  'Terrifying',
  'Undying',
  'Stun',
  'Ravage',
  'Burning',
  'Flaming Breath',
  'Rage',
] as const;
/** A Fate section's kind: blank, special, rout, damage (RW-FATE-02). */
export const BLANK = 0,
  SPECIAL = 1,
  ROUT = 2,
  DAMAGE = 3;

export interface UnitRt {
  id: string;
  name: Names;
  /** Faction index, or -1 for a neutral unit. */
  faction: number;
  shape: number;
  initiative: number;
  health: number;
  figures: number;
  fast: boolean;
  flying: boolean;
  special: string;
  /** Index of the special in SPECIALS (-1 none). */
  sp: number;
  /** A neutral unit's special in a duel quest (RW-QUEST-24): damage to the hero; -1 its own damage tokens (Rage). */
  duel: number;
}

/** A dial space's icon: a unit type (≥ 0), or -1 nothing, -2 influence, -3 Tactics card. */
export const ICON_NONE = -1;
export const ICON_INF = -2;
export const ICON_TAC = -3;

export interface FactionRt {
  id: string;
  name: Names;
  colour: string;
  good: boolean;
  influence: number;
  tactics: number;
  units: number[];
  /** dial[res][space] = icon (RW-DATA-01). */
  dials: number[][];
  start: number[];
  /** Development tokens by type (resources, diplomat, training, defensive). */
  devs: number[];
  defensive: string;
  /** Its three home areas (global area indices: inner a, outer b, outer c). */
  home: number[];
  /** Its units in canonical order (initiative, then faction-sheet order, RW-DP-88). */
  canon: number[];
  /** Its units and the neutral units (which may be its allies), in canonical order. */
  canonAll: number[];
  /** The unit Raise Dead and Unholy Charge bring into a battle (its Reanimates), -1 none. */
  raise: number;
}

export interface AreaRt {
  id: string;
  /** Tile index, or -1 for a home realm area. */
  tile: number;
  /** Faction of a home realm area, -1 otherwise. */
  faction: number;
  /** Local offset on its tile. */
  off: [number, number];
  res: number[];
  neutrals: [number, number][];
  city: boolean;
  /** Printed edge kinds by direction N, NE, SE, S, SW, NW (0 plain, 1 mountain, 2 water), unrotated. */
  edges: number[];
}

export interface TileRt {
  id: string;
  areas: number[];
}

export interface PresetRt {
  id: string;
  name: Names;
  players: number;
  tiles: { tile: number; q: number; r: number; rot: number }[];
  /** Home realm slots: lattice keys of the cells for areas a, b, c. */
  slots: { id: string; cells: number[] }[];
}

export interface CityRt {
  id: string;
  shape: number;
  count: number;
  tactics: number;
  influence: number;
  quests: number;
}

export interface FateRt {
  id: number;
  destiny: 'gold' | 'silver' | 'red';
  sections: (string | null)[];
  /** Per shape (SHAPES order): the section's kind (BLANK, SPECIAL, ROUT, DAMAGE) and its number. */
  kind: number[];
  num: number[];
}

/** A Tactics card: its timing tag (the window it answers, RW-BATTLE-71) and the milestone that plays it. */
export interface TacticsRt extends TacticsPlay {
  id: string;
  name: Names;
  /** The printed timing's tag (RW-IMPL-54). */
  timing: string;
  milestone: string;
}

export type SeasonEffect =
  | { do: 'harvest' }
  | { do: 'famine' }
  | { do: 'dial'; res: number; delta: number }
  | { do: 'drawQuests'; count: number }
  | { do: 'influencePerCity'; count: number }
  | { do: 'tacticsToMostCities'; count: number }
  | { do: 'loseInfluenceIfFood'; atMost: number; count: number }
  | { do: 'later'; milestone: string }
  /** A desertion check of every hero in play (data.md §9, RW-DESERT-01, heroes.ts). */
  | { do: 'desertion' }
  | CardEffect;

export interface SeasonRt {
  id: string;
  season: number;
  name: Names;
  effects: SeasonEffect[];
}

/** A Hero card: alignment (1 good, 0 neutral, -1 evil), Strength/Agility/Wisdom, health, Quest Phase reach, regeneration. */
export interface HeroRt {
  id: string;
  name: Names;
  align: number;
  att: number[];
  health: number;
  move: number;
  regen: number;
  /** Extra Fate cards the type it supports in a battle draws (and sets aside): 1, Lord Hawthorne 2 (RW-SUPPORT-03). */
  support: number;
  /** Duel abilities: the first damage prevented (Sir Valadir), damage at the start (Mad Carthos), influence for a win (Bogran). */
  duelWard: number;
  duelStart: number;
  duelWin: number;
  /** Attribute tests whose cards it may draw again once a Quest Phase (Astarra: 1). */
  redraw: number;
  /** Areas away it may challenge an enemy hero (Challara: 1, an adjacent area; 0 its own). */
  duelReach: number;
  /** Extra Fate cards its attribute tests draw, by attribute (Laurel of Bloodwood: 1 for Agility). */
  testExtra: number[];
  /** Damage it deals to one enemy hero of its area after each of its Quest Phase actions (Krutzbek: 1). */
  strike: number;
}

/** A quest effect (data.md §10): reward, influence, damage, train, tactics, discard, rout, heal, peek, dial. */
export interface QuestEffect {
  k: string;
  /** The amount; for train the attribute (0 Strength, 1 Agility, 2 Wisdom), for dial the resource. */
  n: number;
  /** peek: the tile whose areas may be looked at (-1 any). */
  tile: number;
}

/** A Quest card: its area, its check (an attribute test, a duel, a price, control of the area) and results. */
export interface QuestRt extends CardRt {
  setup: boolean;
  area: number;
  /** 'test' | 'duel' | 'pay' | 'control' (no test if he controls the area, else the test). */
  check: string;
  /** The attribute tested (-1 none), the neutral unit type of a duel (-1), the influence to pay (0). */
  attr: number;
  unit: number;
  pay: number;
  /** Results by destiny: 0 gold, 1 silver, 2 red (a duel: won gold, lost red). */
  res: QuestEffect[][];
}

/** A Reward card (data.md §11): its trait (weapon, armor, amulet or none) and the hook of its effect. */
export interface RewardRt extends CardRt {
  trait: string;
  effect: string;
  /** The card's number where its hook reads one (Boots: areas of a Move; Banner, Ring, Tome: the bonus); 0 none. */
  n: number;
}

/** Exploration token effects (09-exploration-variant.md §3). */
export const EXPLORE_EFFECTS = [
  'runes',
  'village',
  'portal',
  'dungeon',
  'influence',
  'tactics',
  'merchant',
  'raid',
  'scroll',
  'training',
] as const;
export type ExploreEffect = (typeof EXPLORE_EFFECTS)[number];

/** An exploration token kind (RW-EXPL-10, data.md §8.6): how many lie in the box with each back. */
export interface ExploreTokenRt {
  id: string;
  name: Names;
  kind: 'event' | 'location' | 'destructible';
  effect: ExploreEffect;
  n: number;
  /** A Village's resource (0 food, 1 wood, 2 ore), -1 otherwise. */
  res: number;
  /** Copies with the back "1" and with the back "2+" (RW-EXPL-03). */
  back: [number, number];
}

/** The exploration variant's tokens and numbers (RW-EXPL-*). */
export interface ExploreRt {
  tokens: ExploreTokenRt[];
  portalCost: number;
  merchantCost: number;
  raidDamage: number;
  raidExtra: number;
  destroyUnits: number;
}

export interface CardRt {
  id: string;
  name: Names;
}

export interface RulesRt {
  years: number;
  unitLimit: number;
  dialMax: number;
  activationTokens: number;
  strongholds: number;
  strongholdStrength: number[];
  dragonRunes: number;
  falseRunes: number;
  setupDragon: number;
  setupFalse: number;
  handQuests: number;
  handTactics: number;
  setupQuests: number;
  startQuests: number;
  fallInfluence: number;
  fallTactics: number;
  reach: number;
  fastReach: number;
  devWood: number;
  shWood: number;
  shOre: number;
  repairOre: number;
  /** Dragon runes a Victory card needs (RW-VICT-01/08). */
  victoryRunes: number;
}

export interface Pack {
  factions: FactionRt[];
  units: UnitRt[];
  /** Unit types in all (faction units, then neutrals). */
  U: number;
  neutrals: number[];
  /** Neutral units in canonical order (initiative, then reference-sheet order). */
  neutralCanon: number[];
  areas: AreaRt[];
  /** Number of tile areas (home areas follow). */
  tileAreas: number;
  tiles: TileRt[];
  homeShape: [number, number][];
  presets: PresetRt[];
  cities: CityRt[];
  fate: FateRt[];
  seasons: SeasonRt[];
  tactics: TacticsRt[];
  /** The Tactics deck: one entry per copy (card index). */
  tacticsDeck: number[];
  quests: QuestRt[];
  /** Reward cards (data.md §11): one entry per card; `rewardDeck` one entry per copy (card index). */
  rewards: RewardRt[];
  rewardDeck: number[];
  objectives: (CardRt & { good: boolean; when: ObjectiveWhen })[];
  titles: CardRt[];
  /** Hero cards (data.md §9) and the hero rules' numbers (RW-HERO-05, RW-QPH-03/05/06, RW-RALLY-08). */
  heroes: HeroRt[];
  heroRules: { limit: number; move: number; trainPoints: number; trainMax: number; rallyDraw: number };
  /** The exploration variant (09-exploration-variant.md, data.md §8.6). */
  explore: ExploreRt;
  rules: RulesRt;
  /** Area index by id. */
  areaIndex: Map<string, number>;
}

/* ------------------------------------------------------------------ lattice (RW-MAP-01/02) */

/** Directions N, NE, SE, S, SW, NW (flat-top axial coordinates, data.md §8.2). */
export const DIRS: readonly [number, number][] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];
export const DIR_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export const LAT = 64;
export const key = (q: number, r: number): number => (q + LAT / 2) * LAT + (r + LAT / 2);
export const qOf = (k: number): number => Math.floor(k / LAT) - LAT / 2;
export const rOf = (k: number): number => (k % LAT) - LAT / 2;
/** Rotates an offset by `rot` × 60° clockwise. */
export function rotate(q: number, r: number, rot: number): [number, number] {
  let a = q,
    b = r;
  for (let i = 0; i < ((rot % 6) + 6) % 6; i++) {
    const t = a;
    a = -b;
    b = t + b;
  }
  return [a + 0, b + 0];
}
export function lattDist(k1: number, k2: number): number {
  const dq = qOf(k1) - qOf(k2),
    dr = rOf(k1) - rOf(k2);
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The defensive developments (RW-DEV-08..11). */
export const DEFENSIVE = ['reinforcedWalls', 'protectiveWards', 'cursedTomb', 'hungrySpawn'];

/* ------------------------------------------------------------------ validation */

class PackError extends Error {
  constructor(
    readonly where: string,
    readonly what: string,
  ) {
    super(`${where}: ${what}`);
  }
}
const bad = (where: string, what: string): never => {
  throw new PackError(where, what);
};
function obj(x: unknown, where: string): Record<string, unknown> {
  if (!x || typeof x !== 'object' || Array.isArray(x)) bad(where, 'must be an object');
  return x as Record<string, unknown>;
}
function arr(x: unknown, where: string): unknown[] {
  if (!Array.isArray(x)) bad(where, 'must be a list');
  return x as unknown[];
}
function int(x: unknown, where: string, min = 0, max = 1e6): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max)
    bad(where, `must be a whole number from ${min} to ${max}`);
  return x as number;
}
function str(x: unknown, where: string): string {
  if (typeof x !== 'string' || x.length === 0) bad(where, 'must be a non-empty string');
  return x as string;
}
function names(x: unknown, where: string): Names {
  const o = obj(x, where);
  return { en: str(o.en, `${where}.en`), ru: str(o.ru, `${where}.ru`) };
}
function list(part: unknown, field: string, where: string): unknown[] {
  return arr(obj(part, where)[field], `${where}.${field}`);
}
const RES_NAMES = ['food', 'wood', 'ore'];
function resources(x: unknown, where: string): number[] {
  const o = x === undefined ? {} : obj(x, where);
  for (const k of Object.keys(o))
    if (!RES_NAMES.includes(k)) bad(`${where}.${k}`, 'is not food, wood or ore');
  return RES_NAMES.map((k) => (o[k] === undefined ? 0 : int(o[k], `${where}.${k}`, 0, 9)));
}
function unique(ids: string[], where: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) bad(where, `id "${id}" is used twice`);
    seen.add(id);
  }
}

function specialIndex(x: unknown, where: string): number {
  if (x === undefined || x === null || x === '') return -1;
  const i = SPECIALS.indexOf(x as (typeof SPECIALS)[number]);
  if (i < 0) bad(where, `must be one of ${SPECIALS.join(', ')}`);
  return i;
}

function unit(x: unknown, where: string, faction: number): UnitRt {
  const o = obj(x, where);
  const shape = SHAPES.indexOf(o.shape as (typeof SHAPES)[number]);
  if (shape < 0) bad(`${where}.shape`, `must be one of ${SHAPES.join(', ')}`);
  const move = o.move;
  if (move !== undefined && move !== 'fast' && move !== 'flying')
    bad(`${where}.move`, 'must be "fast" or "flying"');
  return {
    id: str(o.id, `${where}.id`),
    name: names(o.name, `${where}.name`),
    faction,
    shape,
    initiative: int(o.initiative, `${where}.initiative`, 1, 5),
    health: int(o.health, `${where}.health`, 1, 9),
    figures: int(o.figures, `${where}.figures`, 1, 40),
    fast: move === 'fast',
    flying: move === 'flying',
    special: typeof o.special === 'string' ? o.special : '',
    sp: specialIndex(o.special, `${where}.special`),
    duel: o.duel === undefined ? 0 : o.duel === 'rage' ? -1 : int(o.duel, `${where}.duel`, 0, 9),
  };
}

function compileRaw(raw: Record<PackPart, unknown>): Pack {
  // Rules.
  const ru = obj(raw.rules, 'rules');
  const runes = obj(ru.runes, 'rules.runes');
  const spp = obj(runes.setupPerPlayer, 'rules.runes.setupPerPlayer');
  const hands = obj(ru.hands, 'rules.hands');
  const fall = obj(ru.fall, 'rules.fall');
  const strength = arr(ru.strongholdStrength, 'rules.strongholdStrength');
  const rules: RulesRt = {
    years: int(ru.years, 'rules.years', 1, 20),
    unitLimit: int(ru.unitLimit, 'rules.unitLimit', 1, 40),
    dialMax: int(ru.dialMax, 'rules.dialMax', 1, 20),
    activationTokens: int(ru.activationTokens, 'rules.activationTokens', 1, 20),
    strongholds: int(ru.strongholds, 'rules.strongholds', 1, 20),
    strongholdStrength: strength.map((x, i) => int(x, `rules.strongholdStrength[${i}]`, 0, 20)),
    dragonRunes: int(runes.dragon, 'rules.runes.dragon', 0, 200),
    falseRunes: int(runes.false, 'rules.runes.false', 0, 200),
    setupDragon: int(spp.dragon, 'rules.runes.setupPerPlayer.dragon', 1, 1),
    setupFalse: int(spp.false, 'rules.runes.setupPerPlayer.false', 1, 1),
    handQuests: int(hands.quests, 'rules.hands.quests', 1, 50),
    handTactics: int(hands.tactics, 'rules.hands.tactics', 1, 50),
    setupQuests: int(ru.setupQuests, 'rules.setupQuests', 0, 5),
    startQuests: int(ru.startQuests, 'rules.startQuests', 0, 10),
    fallInfluence: int(fall.influence, 'rules.fall.influence', 0, 20),
    fallTactics: int(fall.tactics, 'rules.fall.tactics', 0, 20),
    reach: int(ru.mobilizeReach, 'rules.mobilizeReach', 1, 6),
    fastReach: int(ru.fastReach, 'rules.fastReach', 1, 6),
    devWood: int(obj(ru.developmentCost, 'rules.developmentCost').wood, 'rules.developmentCost.wood', 0, 9),
    shWood: int(obj(ru.strongholdCost, 'rules.strongholdCost').wood, 'rules.strongholdCost.wood', 0, 9),
    shOre: int(obj(ru.strongholdCost, 'rules.strongholdCost').ore, 'rules.strongholdCost.ore', 0, 9),
    repairOre: int(obj(ru.repairCost, 'rules.repairCost').ore, 'rules.repairCost.ore', 0, 9),
    victoryRunes: int(ru.victoryRunes ?? 6, 'rules.victoryRunes', 1, 40),
  };
  if (strength.length !== 2) bad('rules.strongholdStrength', 'must list the undamaged and damaged strengths');
  if (rules.fastReach < rules.reach) bad('rules.fastReach', 'must be at least rules.mobilizeReach');

  // Units: faction units first, then neutrals.
  const units: UnitRt[] = [];
  const fl = list(raw.factions, 'factions', 'factions');
  if (fl.length < 2) bad('factions.factions', 'must list at least two factions');
  const facRaw = fl.map((f, i) => obj(f, `factions.factions[${i}]`));
  facRaw.forEach((f, i) => {
    const ul = arr(f.units, `factions.factions[${i}].units`);
    if (ul.length === 0) bad(`factions.factions[${i}].units`, 'must list the faction units');
    ul.forEach((u, j) => units.push(unit(u, `factions.factions[${i}].units[${j}]`, i)));
  });
  const nl = list(raw.neutrals, 'units', 'neutrals');
  const neutrals: number[] = [];
  nl.forEach((u, j) => {
    neutrals.push(units.length);
    units.push(unit(u, `neutrals.units[${j}]`, -1));
  });
  unique(
    units.map((u) => u.id),
    'units',
  );
  const unitIndex = new Map(units.map((u, i) => [u.id, i]));

  // Tiles and their areas.
  const areas: AreaRt[] = [];
  const tl = list(raw.tiles, 'tiles', 'tiles');
  const tiles: TileRt[] = tl.map((t, ti) => {
    const w = `tiles.tiles[${ti}]`;
    const o = obj(t, w);
    const ids: number[] = [];
    const al = arr(o.areas, `${w}.areas`);
    if (al.length < 1 || al.length > 6) bad(`${w}.areas`, 'must list 1 to 6 areas');
    const offs = new Set<string>();
    al.forEach((a, ai) => {
      const aw = `${w}.areas[${ai}]`;
      const ao = obj(a, aw);
      const at = arr(ao.at, `${aw}.at`);
      if (at.length !== 2) bad(`${aw}.at`, 'must be [q, r]');
      const off: [number, number] = [int(at[0], `${aw}.at[0]`, -8, 8), int(at[1], `${aw}.at[1]`, -8, 8)];
      if (offs.has(off.join())) bad(`${aw}.at`, 'overlaps another area of the tile');
      offs.add(off.join());
      const neut: [number, number][] = [];
      for (const [k, v] of Object.entries(
        ao.neutrals === undefined ? {} : obj(ao.neutrals, `${aw}.neutrals`),
      )) {
        const u = unitIndex.get(k);
        if (u === undefined || units[u]!.faction !== -1) bad(`${aw}.neutrals.${k}`, 'is not a neutral unit');
        neut.push([u!, int(v, `${aw}.neutrals.${k}`, 1, 8)]);
      }
      ids.push(areas.length);
      areas.push({
        id: str(ao.id, `${aw}.id`),
        tile: ti,
        faction: -1,
        off,
        res: resources(ao.res, `${aw}.res`),
        neutrals: neut,
        city: ao.city === true,
        edges: [0, 0, 0, 0, 0, 0],
      });
    });
    for (const [bi, b] of arr(o.borders ?? [], `${w}.borders`).entries()) {
      const bw = `${w}.borders[${bi}]`;
      const bl = arr(b, bw);
      const ai = ids.find((x) => areas[x]!.id === bl[0]);
      if (ai === undefined) bad(bw, `area "${String(bl[0])}" is not on this tile`);
      const d = DIR_NAMES.indexOf(bl[1] as (typeof DIR_NAMES)[number]);
      if (d < 0) bad(bw, `direction must be one of ${DIR_NAMES.join(', ')}`);
      const kind =
        bl[2] === 'mountain' ? 1 : bl[2] === 'water' ? 2 : bad(bw, 'kind must be mountain or water');
      const a = areas[ai!]!;
      a.edges[d] = kind;
    }
    return { id: str(o.id, `${w}.id`), areas: ids };
  });
  const tileAreas = areas.length;

  // Factions (after the tiles: their home areas follow the tile areas).
  const hs = obj(raw.factions, 'factions').homeShape;
  const shapeOffs = arr(obj(hs, 'factions.homeShape').offsets, 'factions.homeShape.offsets');
  const homeShape = shapeOffs.map((x, i) => {
    const p = arr(x, `factions.homeShape.offsets[${i}]`);
    return [
      int(p[0], `factions.homeShape.offsets[${i}][0]`, -3, 3),
      int(p[1], `factions.homeShape.offsets[${i}][1]`, -3, 3),
    ] as [number, number];
  });
  if (homeShape.length !== 3) bad('factions.homeShape.offsets', 'a home realm has three areas');
  const factions: FactionRt[] = facRaw.map((f, i) => {
    const w = `factions.factions[${i}]`;
    const own = units.map((u, j) => (u.faction === i ? j : -1)).filter((j) => j >= 0);
    const dials = RES_NAMES.map((r) => {
      const d = arr(obj(f.dials, `${w}.dials`)[r], `${w}.dials.${r}`);
      if (d.length !== rules.dialMax + 1)
        bad(`${w}.dials.${r}`, `must have ${rules.dialMax + 1} spaces (0..${rules.dialMax})`);
      return d.map((x, s) => {
        if (x === null) return ICON_NONE;
        if (x === 'I') return ICON_INF;
        if (x === 'T') return ICON_TAC;
        const u = unitIndex.get(String(x));
        if (u === undefined || units[u]!.faction !== i)
          bad(`${w}.dials.${r}[${s}]`, `"${String(x)}" is not a unit of this faction, I or T`);
        return u!;
      });
    });
    const start = resources(f.start, `${w}.start`);
    start.forEach((v, r) => v > rules.dialMax && bad(`${w}.start.${RES_NAMES[r]}`, 'is above the dial'));
    const dv = obj(f.developments, `${w}.developments`);
    const devs = ['resources', 'diplomat', 'training', 'defensive'].map((k) =>
      int(dv[k] ?? 0, `${w}.developments.${k}`, 0, 10),
    );
    const hl = arr(f.home, `${w}.home`);
    if (hl.length !== 3) bad(`${w}.home`, 'must list the three home realm areas (a, b, c)');
    const home = hl.map((h, hi) => {
      const ho = obj(h, `${w}.home[${hi}]`);
      areas.push({
        id: str(ho.id, `${w}.home[${hi}].id`),
        tile: -1,
        faction: i,
        off: homeShape[hi]!,
        res: resources(ho.res, `${w}.home[${hi}].res`),
        neutrals: [],
        city: false,
        edges: [0, 0, 0, 0, 0, 0],
      });
      return areas.length - 1;
    });
    const al = str(f.alignment, `${w}.alignment`);
    if (al !== 'good' && al !== 'evil') bad(`${w}.alignment`, 'must be good or evil');
    const defensive = str(f.defensive, `${w}.defensive`);
    if (!DEFENSIVE.includes(defensive)) bad(`${w}.defensive`, `must be one of ${DEFENSIVE.join(', ')}`);
    return {
      id: str(f.id, `${w}.id`),
      name: names(f.name, `${w}.name`),
      colour: str(f.colour, `${w}.colour`),
      good: al === 'good',
      influence: int(f.influence, `${w}.influence`, 0, 40),
      tactics: int(f.tactics, `${w}.tactics`, 0, 10),
      units: own,
      dials,
      start,
      devs,
      defensive,
      home,
      canon: own.slice().sort((a, b) => units[a]!.initiative - units[b]!.initiative || a - b),
      canonAll: own.concat(neutrals).sort((a, b) => units[a]!.initiative - units[b]!.initiative || a - b),
      raise: own.find((u) => units[u]!.id === 'reanimate') ?? -1,
    };
  });
  unique(
    factions.map((f) => f.id),
    'factions.factions',
  );
  const starts = factions.map((f) => f.influence);
  if (new Set(starts).size !== starts.length)
    bad(
      'factions.factions',
      'starting influence must differ between factions (RW-YEAR-33 breaks ties by it)',
    );
  unique(
    areas.map((a) => a.id),
    'areas (tiles and home realms)',
  );
  const areaIndex = new Map(areas.map((a, i) => [a.id, i]));

  // Preset boards.
  const presets: PresetRt[] = list(raw.boards, 'boards', 'boards').map((b, bi) => {
    const w = `boards.boards[${bi}]`;
    const o = obj(b, w);
    const players = int(o.players, `${w}.players`, 2, factions.length);
    const cells = new Map<number, string>();
    const placed = arr(o.tiles, `${w}.tiles`).map((t, ti) => {
      const tw = `${w}.tiles[${ti}]`;
      const to = obj(t, tw);
      const tile = tiles.findIndex((x) => x.id === String(to.tile));
      if (tile < 0) bad(`${tw}.tile`, `no tile "${String(to.tile)}"`);
      const at = arr(to.at, `${tw}.at`);
      const q = int(at[0], `${tw}.at[0]`, -20, 20),
        r = int(at[1], `${tw}.at[1]`, -20, 20);
      const rot = int(to.rot ?? 0, `${tw}.rot`, 0, 5);
      for (const a of tiles[tile]!.areas) {
        const [dq, dr] = rotate(areas[a]!.off[0], areas[a]!.off[1], rot);
        const k = key(q + dq, r + dr);
        if (cells.has(k)) bad(tw, `area ${areas[a]!.id} overlaps ${cells.get(k)}`);
        cells.set(k, areas[a]!.id);
      }
      return { tile, q, r, rot };
    });
    if (new Set(placed.map((p) => p.tile)).size !== placed.length)
      bad(`${w}.tiles`, 'a tile is placed twice');
    const slots = arr(o.slots, `${w}.slots`).map((s, si) => {
      const sw = `${w}.slots[${si}]`;
      const so = obj(s, sw);
      const cl = arr(so.cells, `${sw}.cells`);
      if (cl.length !== 3) bad(`${sw}.cells`, 'must give the cells of areas a, b and c');
      const ks = cl.map((c, ci) => {
        const p = arr(c, `${sw}.cells[${ci}]`);
        const k = key(
          int(p[0], `${sw}.cells[${ci}][0]`, -20, 20),
          int(p[1], `${sw}.cells[${ci}][1]`, -20, 20),
        );
        if (cells.has(k)) bad(`${sw}.cells[${ci}]`, `overlaps area ${cells.get(k)}`);
        cells.set(k, `slot ${String(so.id)}`);
        return k;
      });
      return { id: str(so.id, `${sw}.id`), cells: ks };
    });
    if (slots.length !== players) bad(`${w}.slots`, `must give one home realm slot per player (${players})`);
    return { id: str(o.id, `${w}.id`), name: names(o.name, `${w}.name`), players, tiles: placed, slots };
  });
  unique(
    presets.map((p) => p.id),
    'boards.boards',
  );
  for (let n = 2; n <= Math.min(4, factions.length); n++)
    if (!presets.some((p) => p.players === n)) bad('boards.boards', `no preset board for ${n} players`);

  // Cities.
  const cities: CityRt[] = list(raw.cities, 'cities', 'cities').map((c, i) => {
    const w = `cities.cities[${i}]`;
    const o = obj(c, w);
    const ne = obj(o.neutrals, `${w}.neutrals`);
    const shape = SHAPES.indexOf(ne.shape as (typeof SHAPES)[number]);
    if (shape < 0) bad(`${w}.neutrals.shape`, `must be one of ${SHAPES.join(', ')}`);
    return {
      id: str(o.id, `${w}.id`),
      shape,
      count: int(ne.count, `${w}.neutrals.count`, 0, 8),
      tactics: int(o.tactics, `${w}.tactics`, 0, 9),
      influence: int(o.influence, `${w}.influence`, 0, 9),
      quests: int(o.quests, `${w}.quests`, 0, 9),
    };
  });
  const citySpaces = areas.filter((a) => a.city).length;
  if (cities.length < citySpaces)
    bad('cities.cities', `needs at least one token per city space (${citySpaces})`);

  // Fate deck (RW-DATA-06/07).
  const fate: FateRt[] = list(raw.fate, 'cards', 'fate').map((c, i) => {
    const w = `fate.cards[${i}]`;
    const o = obj(c, w);
    const d = o.destiny;
    if (d !== 'gold' && d !== 'silver' && d !== 'red') bad(`${w}.destiny`, 'must be gold, silver or red');
    const sections = SHAPES.map((s) => {
      const v = o[s];
      if (v === null || v === undefined) return null;
      if (typeof v !== 'string' || !/^(S|[DR][1-9])$/.test(v))
        bad(`${w}.${s}`, 'must be null, "S", "Dn" or "Rn"');
      return v as string;
    });
    const kind = sections.map((x) =>
      x === null ? BLANK : x === 'S' ? SPECIAL : x[0] === 'R' ? ROUT : DAMAGE,
    );
    const num = sections.map((x) => (x === null || x === 'S' ? 0 : Number(x.slice(1))));
    return { id: int(o.id, `${w}.id`, 1, 99), destiny: d as FateRt['destiny'], sections, kind, num };
  });
  if (new Set(fate.map((f) => f.id)).size !== fate.length) bad('fate.cards', 'card numbers must be unique');
  if (fate.length < factions.length)
    bad('fate.cards', 'needs at least one card per player for the first-player deal');

  // Season cards.
  const seasons: SeasonRt[] = list(raw.seasons, 'cards', 'seasons').map((c, i) => {
    const w = `seasons.cards[${i}]`;
    const o = obj(c, w);
    const season = ['spring', 'summer', 'fall', 'winter'].indexOf(String(o.season));
    if (season < 0) bad(`${w}.season`, 'must be spring, summer, fall or winter');
    const effects = arr(o.effects, `${w}.effects`).map((e, ei) => {
      const ew = `${w}.effects[${ei}]`;
      const eo = obj(e, ew);
      switch (eo.do) {
        case 'harvest':
        case 'famine':
          return { do: eo.do } as SeasonEffect;
        case 'dial': {
          const r = RES_NAMES.indexOf(String(eo.res));
          if (r < 0) bad(`${ew}.res`, 'must be food, wood or ore');
          return { do: 'dial', res: r, delta: int(eo.delta, `${ew}.delta`, -9, 9) } as SeasonEffect;
        }
        case 'drawQuests':
        case 'influencePerCity':
        case 'tacticsToMostCities':
          return { do: eo.do, count: int(eo.count, `${ew}.count`, 0, 9) } as SeasonEffect;
        case 'loseInfluenceIfFood':
          return {
            do: 'loseInfluenceIfFood',
            atMost: int(eo.atMost, `${ew}.atMost`, 0, 20),
            count: int(eo.count, `${ew}.count`, 0, 20),
          } as SeasonEffect;
        case 'later':
          return { do: 'later', milestone: str(eo.milestone, `${ew}.milestone`) } as SeasonEffect;
        case 'desertion':
          return { do: 'desertion' } as SeasonEffect;
        default:
          return cardEffect(eo, ew, bad) ?? bad(`${ew}.do`, `unknown effect "${String(eo.do)}"`);
      }
    });
    return { id: str(o.id, `${w}.id`), season, name: names(o.name, `${w}.name`), effects };
  });
  for (let s = 0; s < 4; s++)
    if (seasons.filter((x) => x.season === s).length < rules.years)
      bad('seasons.cards', `each season needs at least ${rules.years} cards (one per year)`);
  unique(
    seasons.map((s) => s.id),
    'seasons.cards',
  );

  const cards = (part: unknown, label: string): { o: Record<string, unknown>; w: string; c: CardRt }[] =>
    list(part, label === 'titles' ? 'titles' : 'cards', label).map((c, i) => {
      const w = `${label}.${label === 'titles' ? 'titles' : 'cards'}[${i}]`;
      const o = obj(c, w);
      return { o, w, c: { id: str(o.id, `${w}.id`), name: names(o.name, `${w}.name`) } };
    });
  const tac = cards(raw.tactics, 'tactics');
  const tactics: TacticsRt[] = tac.map((x) => {
    const timing = str(x.o.timing, `${x.w}.timing`);
    return {
      ...x.c,
      timing,
      milestone: str(x.o.milestone, `${x.w}.milestone`),
      ...tacticsPlay(x.o, x.w, timing, bad),
    };
  });
  const tacticsDeck: number[] = [];
  tac.forEach((x, i) => {
    for (let k = int(x.o.copies, `${x.w}.copies`, 1, 10); k > 0; k--) tacticsDeck.push(i);
  });
  unique(
    tactics.map((t) => t.id),
    'tactics.cards',
  );
  const quests = cards(raw.quests, 'quests').map((x) => {
    // RW-QUEST-10: a card without an area may be attempted after any Move.
    const area = x.o.area === undefined ? -1 : areaIndex.get(String(x.o.area));
    if (area === undefined || (area >= 0 && areas[area]!.tile < 0))
      bad(`${x.w}.area`, `no tile area "${String(x.o.area)}"`);
    const ck = obj(x.o.check, `${x.w}.check`);
    const tileIndexOf = (id: string, w: string) => {
      const t = tiles.findIndex((y) => y.id === id);
      if (t < 0) bad(w, `no tile "${id}"`);
      return t;
    };
    const attrOf = (v: unknown, w: string) => {
      const a = (ATTRS as readonly string[]).indexOf(String(v));
      if (a < 0) bad(w, 'must be strength, agility or wisdom');
      return a;
    };
    let check = 'test',
      attr = -1,
      unit = -1,
      pay = 0;
    if (ck.duel !== undefined) {
      check = 'duel';
      unit = unitIndex.get(String(ck.duel)) ?? -1;
      if (unit < 0 || units[unit]!.faction >= 0)
        bad(`${x.w}.check.duel`, `no neutral unit "${String(ck.duel)}"`);
    } else if (ck.pay !== undefined) {
      check = 'pay';
      pay = int(ck.pay, `${x.w}.check.pay`, 0, 20);
    } else {
      if (ck.control === true) check = 'control';
      attr = attrOf(ck.test, `${x.w}.check.test`);
    }
    const res = (['gold', 'silver', 'red'] as const).map((d) =>
      list(x.o, d, x.w).map((e, j): QuestEffect => {
        const w = `${x.w}.${d}[${j}]`;
        const o = obj(e, w);
        const k = Object.keys(o)[0] ?? '';
        const v = o[k];
        switch (k) {
          case 'reward':
          case 'influence':
          case 'damage':
          case 'tactics':
            return { k, n: int(v, `${w}.${k}`, 1, 9), tile: -1 };
          case 'discard':
          case 'rout':
          case 'heal':
            return { k, n: 1, tile: -1 };
          case 'train':
            return { k, n: attrOf(v, `${w}.train`), tile: -1 };
          case 'dial': {
            const r = ['food', 'wood', 'ore'].indexOf(String(v));
            if (r < 0) bad(`${w}.dial`, 'must be food, wood or ore');
            return { k, n: r, tile: -1 };
          }
          case 'peek':
            return {
              k,
              n: int(v, `${w}.peek`, 1, 9),
              tile: o.tile === undefined ? -1 : tileIndexOf(String(o.tile), `${w}.tile`),
            };
          default:
            bad(w, `unknown quest effect "${k}"`);
            return { k, n: 0, tile: -1 };
        }
      }),
    );
    return { ...x.c, setup: x.o.setup === true, area: area!, check, attr, unit, pay, res };
  });
  const rw = cards(raw.rewards, 'rewards');
  const rewards: RewardRt[] = rw.map((x) => {
    const trait = x.o.trait === undefined ? '' : String(x.o.trait);
    if (!['', 'weapon', 'armor', 'amulet'].includes(trait))
      bad(`${x.w}.trait`, 'must be weapon, armor or amulet');
    const effect = str(x.o.effect, `${x.w}.effect`);
    if (!REWARD_EFFECTS.includes(effect)) bad(`${x.w}.effect`, `unknown reward effect "${effect}"`);
    const n = x.o.n === undefined ? 0 : int(x.o.n, `${x.w}.n`, 0, 9);
    return { ...x.c, trait, effect, n };
  });
  const rewardDeck: number[] = [];
  rw.forEach((x, i) => {
    for (let k = int(x.o.copies, `${x.w}.copies`, 1, 10); k > 0; k--) rewardDeck.push(i);
  });
  unique(
    rewards.map((t) => t.id),
    'rewards.cards',
  );
  unique(
    quests.map((q) => q.id),
    'quests.cards',
  );
  const objectives = cards(raw.objectives, 'objectives').map((x) => {
    if (x.o.deck !== 'good' && x.o.deck !== 'evil') bad(`${x.w}.deck`, 'must be good or evil');
    return { ...x.c, good: x.o.deck === 'good', when: objectiveWhen(x.o.when, `${x.w}.when`, bad) };
  });
  for (const good of [true, false])
    if (objectives.filter((o) => o.good === good).length < factions.filter((f) => f.good === good).length)
      bad(
        'objectives.cards',
        `the ${good ? 'good' : 'evil'} deck needs one card per faction of that alignment`,
      );
  const titles = cards(raw.titles, 'titles').map((x) => x.c);
  const ho = obj(raw.heroes, 'heroes');
  const heroRules = {
    limit: int(ho.limit, 'heroes.limit', 1, 12),
    move: int(ho.move, 'heroes.move', 0, 6),
    trainPoints: int(ho.trainPoints, 'heroes.trainPoints', 0, 6),
    trainMax: int(ho.trainMax, 'heroes.trainMax', 0, 6),
    rallyDraw: int(ho.rallyDraw, 'heroes.rallyDraw', 0, 12),
  };
  const heroes: HeroRt[] = list(ho, 'heroes', 'heroes').map((h, i) => {
    const w = `heroes.heroes[${i}]`;
    const o = obj(h, w);
    const al = ['evil', 'neutral', 'good'].indexOf(String(o.alignment));
    if (al < 0) bad(`${w}.alignment`, 'must be good, neutral or evil');
    return {
      id: str(o.id, `${w}.id`),
      name: names(o.name, `${w}.name`),
      align: al - 1,
      att: [
        int(o.strength, `${w}.strength`, 0, 9),
        int(o.agility, `${w}.agility`, 0, 9),
        int(o.wisdom, `${w}.wisdom`, 0, 9),
      ],
      health: int(o.health, `${w}.health`, 1, 20),
      move: o.move === undefined ? heroRules.move : int(o.move, `${w}.move`, 0, 6),
      regen: o.regen === undefined ? 0 : int(o.regen, `${w}.regen`, 0, 20),
      support: o.support === undefined ? 1 : int(o.support, `${w}.support`, 0, 6),
      duelWard: o.duelWard === undefined ? 0 : int(o.duelWard, `${w}.duelWard`, 0, 9),
      duelStart: o.duelStart === undefined ? 0 : int(o.duelStart, `${w}.duelStart`, 0, 9),
      duelWin: o.duelWin === undefined ? 0 : int(o.duelWin, `${w}.duelWin`, 0, 9),
      redraw: o.redraw === undefined ? 0 : int(o.redraw, `${w}.redraw`, 0, 1),
      duelReach: o.duelReach === undefined ? 0 : int(o.duelReach, `${w}.duelReach`, 0, 1),
      strike: o.strike === undefined ? 0 : int(o.strike, `${w}.strike`, 0, 9),
      testExtra: ['strength', 'agility', 'wisdom'].map((a) => {
        const t = (o.testExtra ?? {}) as Record<string, unknown>;
        return t[a] === undefined ? 0 : int(t[a], `${w}.testExtra.${a}`, 0, 9);
      }),
    };
  });
  unique(
    heroes.map((h) => h.id),
    'heroes.heroes',
  );
  const explore = compileExplore(raw.exploration);

  return {
    factions,
    units,
    U: units.length,
    neutrals,
    neutralCanon: neutrals.slice().sort((a, b) => units[a]!.initiative - units[b]!.initiative || a - b),
    areas,
    tileAreas,
    tiles,
    homeShape,
    presets,
    cities,
    fate,
    seasons,
    tactics,
    tacticsDeck,
    quests,
    rewards,
    rewardDeck,
    objectives,
    titles,
    heroes,
    heroRules,
    explore,
    rules,
    areaIndex,
  };
}

/** Validates a pack (parts missing from `raw` come from the default pack) and compiles it. */
/** The exploration tokens (data.md §8.6): kinds, effects and the copies with each back. */
function compileExplore(raw: unknown): ExploreRt {
  const o = obj(raw, 'exploration');
  const tokens: ExploreTokenRt[] = list(o, 'tokens', 'exploration').map((t, i) => {
    const w = `exploration.tokens[${i}]`;
    const x = obj(t, w);
    const kind = str(x.kind, `${w}.kind`);
    if (kind !== 'event' && kind !== 'location' && kind !== 'destructible')
      bad(`${w}.kind`, 'must be event, location or destructible');
    const effect = str(x.effect, `${w}.effect`) as ExploreEffect;
    if (!EXPLORE_EFFECTS.includes(effect)) bad(`${w}.effect`, `must be one of ${EXPLORE_EFFECTS.join(', ')}`);
    const res = effect === 'village' ? RES_NAMES.indexOf(String(x.res)) : -1;
    if (effect === 'village' && res < 0) bad(`${w}.res`, 'must be food, wood or ore');
    return {
      id: str(x.id, `${w}.id`),
      name: names(x.name, `${w}.name`),
      kind: kind as ExploreTokenRt['kind'],
      effect,
      n: int(x.n, `${w}.n`, 0, 9),
      res,
      back: [int(x.back1, `${w}.back1`, 0, 40), int(x.back2, `${w}.back2`, 0, 40)],
    };
  });
  unique(
    tokens.map((t) => t.id),
    'exploration.tokens',
  );
  return {
    tokens,
    portalCost: int(o.portalCost, 'exploration.portalCost', 0, 9),
    merchantCost: int(o.merchantCost, 'exploration.merchantCost', 0, 9),
    raidDamage: int(o.raidDamage, 'exploration.raidDamage', 0, 9),
    raidExtra: int(o.raidExtra, 'exploration.raidExtra', 0, 9),
    destroyUnits: int(o.destroyUnits, 'exploration.destroyUnits', 1, 99),
  };
}
export function compilePack(raw: unknown): Result<Pack> {
  if (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw)))
    return err('rw.err.data', 'data: must be an object of pack parts (factions, tiles, …)', 'RW-DATA-01', {
      where: 'data',
      what: 'must be an object',
    });
  const given = (raw ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(given))
    if (!(PACK_PARTS as readonly string[]).includes(k))
      return err(
        'rw.err.data',
        `data.${k}: unknown pack part (known: ${PACK_PARTS.join(', ')})`,
        'RW-DATA-01',
        {
          where: `data.${k}`,
          what: 'unknown pack part',
        },
      );
  const full = { ...DEFAULT_PACK_JSON } as Record<PackPart, unknown>;
  for (const k of PACK_PARTS) if (given[k] !== undefined) full[k] = given[k];
  try {
    return ok(compileRaw(full));
  } catch (e) {
    if (e instanceof PackError)
      return err('rw.err.data', `data: ${e.message}`, 'RW-DATA-01', { where: e.where, what: e.what });
    throw e;
  }
}

const def = compilePack(undefined);
if (!def.ok) throw new Error(def.error.message);
/** The default pack, validated on load. */
export const DEFAULT_PACK: Pack = def.value;

const custom = new WeakMap<object, Pack>();
/** The pack of a game's options (the default, or its `data` compiled once). */
export function packOf(data: unknown): Pack {
  if (data === undefined || data === null || typeof data !== 'object') return DEFAULT_PACK;
  let p = custom.get(data);
  if (!p) {
    const c = compilePack(data);
    if (!c.ok) throw new Error(c.error.message);
    p = c.value;
    custom.set(data, p);
  }
  return p;
}
export function rememberPack(data: object, p: Pack): void {
  custom.set(data, p);
}
