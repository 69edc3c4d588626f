/**
 * Loads and validates the Nations card data (spec NAT-MODEL-1, NAT-MODEL-11): every record and every nested
 * condition, counter, target, effect and modifier is checked at module load. Unknown fields, tags and hook names
 * and wrong number types are errors that name the file, the entry and the path, for example
 * `progress-2.json: card "krak" (age II wonder): static[0].strength must be a whole number`.
 */
import progress1 from './data/progress-1.json' with { type: 'json' };
import progress2 from './data/progress-2.json' with { type: 'json' };
import progress3 from './data/progress-3.json' with { type: 'json' };
import progress4 from './data/progress-4.json' with { type: 'json' };
import events from './data/events.json' with { type: 'json' };
import promo from './data/promo.json' with { type: 'json' };
import nations from './data/nations.json' with { type: 'json' };
import soloTiles from './data/solo-tiles.json' with { type: 'json' };
import type { Age, CardType, EventCard, NationBoard, ProgressCard, SoloTile } from './types.js';
import { CARD_TYPES, HOOKS, LEVELS, METRIC_NAMES, RESOURCES, TRIGGER_EVENTS } from './types.js';

/** Thrown when the card data is invalid; the message names the file, the entry and the field. */
export class NationsDataError extends Error {
  override name = 'NationsDataError';
}

/** The raw JSON files, keyed by file name. */
export interface NationsDataFiles {
  'progress-1.json': unknown;
  'progress-2.json': unknown;
  'progress-3.json': unknown;
  'progress-4.json': unknown;
  'events.json': unknown;
  'promo.json': unknown;
  'nations.json': unknown;
  'solo-tiles.json': unknown;
}

export interface NationsData {
  /** The 296 progress cards of the base game (levels basic, advanced, expert). */
  progress: ProgressCard[];
  /** Promo progress cards (level 'promo'), used only with `includePromo`. */
  promoProgress: ProgressCard[];
  /** The 48 event cards. */
  events: EventCard[];
  /** Promo event cards. */
  promoEvents: EventCard[];
  /** 5 nations × sides A and B. */
  nations: NationBoard[];
  /** Solo event tiles (the designed default of [CARDS] §6). */
  soloTiles: SoloTile[];
}

// ---------------------------------------------------------------- primitives

type O = Record<string, unknown>;
const ROMAN = ['', 'I', 'II', 'III', 'IV'];
const isObj = (v: unknown): v is O => typeof v === 'object' && v !== null && !Array.isArray(v);
const at = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
const quoteList = (xs: readonly unknown[]) => xs.map((x) => JSON.stringify(x)).join(', ');

/** The place being checked: file and entry; every failure names both. */
class Where {
  constructor(
    readonly file: string,
    readonly entry: string,
  ) {}
  fail(path: string, why: string): never {
    throw new NationsDataError(`${this.file}: ${this.entry}: ${path ? `${path} ` : ''}${why}`);
  }
}

function obj(w: Where, path: string, v: unknown, what = 'an object'): O {
  if (!isObj(v)) w.fail(path, `must be ${what}`);
  return v;
}
function only(w: Where, path: string, o: O, allowed: readonly string[], kind = 'field'): void {
  for (const k of Object.keys(o))
    if (!allowed.includes(k)) w.fail(at(path, k), `is not a known ${kind} (allowed: ${allowed.join(', ')})`);
}
function required(w: Where, path: string, o: O, keys: readonly string[]): void {
  for (const k of keys) if (o[k] === undefined) w.fail(at(path, k), 'is missing');
}
function whole(w: Where, path: string, v: unknown, min = 0, max = Infinity): number {
  if (!Number.isInteger(v) || (v as number) < min || (v as number) > max)
    w.fail(path, `must be a whole number ≥ ${min}${max < Infinity ? ` and ≤ ${max}` : ''}`);
  return v as number;
}
function int(w: Where, path: string, v: unknown): number {
  if (!Number.isInteger(v)) w.fail(path, 'must be a whole number');
  return v as number;
}
function bool(w: Where, path: string, v: unknown): void {
  if (typeof v !== 'boolean') w.fail(path, 'must be true or false');
}
function yes(w: Where, path: string, v: unknown): void {
  if (v !== true) w.fail(path, 'must be true');
}
function str(w: Where, path: string, v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '') w.fail(path, 'must be a non-empty string');
  return v;
}
function oneOf<T>(w: Where, path: string, v: unknown, allowed: readonly T[], what = 'value'): T {
  if (!allowed.includes(v as T))
    w.fail(path, `${JSON.stringify(v)} is not a known ${what} (${quoteList(allowed)})`);
  return v as T;
}
function list(w: Where, path: string, v: unknown, nonEmpty = false): unknown[] {
  if (!Array.isArray(v)) w.fail(path, 'must be a list');
  if (nonEmpty && v.length === 0) w.fail(path, 'must not be empty');
  return v;
}
function oneOrList<T>(w: Where, path: string, v: unknown, each: (p: string, x: unknown) => T): void {
  if (Array.isArray(v)) {
    if (v.length === 0) w.fail(path, 'must not be empty');
    v.forEach((x, i) => each(at(path, i), x));
  } else each(path, v);
}

// ---------------------------------------------------------------- vocabulary (§19.1)

function bag(w: Where, path: string, v: unknown, nonEmpty = false): void {
  const o = obj(w, path, v, 'a resource bag');
  for (const [k, n] of Object.entries(o)) {
    if (!RESOURCES.includes(k as never)) w.fail(at(path, k), `is not a resource (${RESOURCES.join(', ')})`);
    whole(w, at(path, k), n);
  }
  if (nonEmpty && Object.keys(o).length === 0) w.fail(path, 'must name at least one resource');
}
const res = (w: Where, path: string, v: unknown) => oneOf(w, path, v, RESOURCES, 'resource');
const cardType = (w: Where, path: string, v: unknown) => oneOf(w, path, v, CARD_TYPES, 'card type');
const AGES = [1, 2, 3, 4] as const;
const AGE_SELS = [1, 2, 3, 4, 'current'] as const;

function cardFilter(w: Where, path: string, v: unknown): void {
  const o = obj(w, path, v, 'a card filter');
  only(w, path, o, ['type', 'age', 'requireManned']);
  if (o.type !== undefined) oneOrList(w, at(path, 'type'), o.type, (p, x) => cardType(w, p, x));
  if (o.age !== undefined) oneOrList(w, at(path, 'age'), o.age, (p, x) => oneOf(w, p, x, AGE_SELS, 'age'));
  if (o.requireManned !== undefined) bool(w, at(path, 'requireManned'), o.requireManned);
}

function metric(w: Where, path: string, v: unknown): void {
  if (typeof v === 'string') {
    oneOf(w, path, v, METRIC_NAMES, 'metric');
    return;
  }
  const o = obj(w, path, v, 'a metric name or { counter }');
  only(w, path, o, ['counter']);
  required(w, path, o, ['counter']);
  counter(w, at(path, 'counter'), o.counter);
}

/** Finds the one tag of a tagged object and checks that its other fields belong to that tag. */
function tagged(w: Where, path: string, v: unknown, kind: string, table: Record<string, readonly string[]>) {
  const o = obj(w, path, v, `a ${kind} object`);
  const tags = Object.keys(o).filter((k) => Object.hasOwn(table, k));
  if (tags.length === 0)
    w.fail(
      path,
      `is not a known ${kind} (fields ${quoteList(Object.keys(o))}; tags: ${Object.keys(table).join(', ')})`,
    );
  if (tags.length > 1) w.fail(path, `mixes the ${kind} tags ${quoteList(tags)}`);
  const tag = tags[0]!;
  only(w, path, o, [tag, ...table[tag]!], `field of a "${tag}" ${kind}`);
  return { tag, o };
}

const OPS = ['<', '<=', '==', '>=', '>'] as const;
const COND_TAGS: Record<string, readonly string[]> = {
  best: [],
  worst: [],
  passed: [],
  manned: [],
  has: ['min'],
  boughtThisRound: ['min'],
  aboveWarMarker: [],
  warBoughtBy: [],
  defeatedInWar: [],
  wonderInProgress: [],
  count: ['op', 'n'],
  metric: ['op', 'n'],
  all: [],
  any: [],
  not: [],
};
function cond(w: Where, path: string, v: unknown): void {
  const { tag, o } = tagged(w, path, v, 'condition', COND_TAGS);
  const p = at(path, tag);
  switch (tag) {
    case 'best':
    case 'worst':
      return metric(w, p, o[tag]);
    case 'passed':
      return void oneOf(w, p, o[tag], ['first', 'last']);
    case 'manned':
      return void oneOf(w, p, o[tag], [...CARD_TYPES, 'any'], 'card type');
    case 'has':
    case 'boughtThisRound':
      cardFilter(w, p, o[tag]);
      if (o.min !== undefined) whole(w, at(path, 'min'), o.min, 1);
      return;
    case 'aboveWarMarker':
    case 'defeatedInWar':
    case 'wonderInProgress':
      return yes(w, p, o[tag]);
    case 'warBoughtBy':
      return void oneOf(w, p, o[tag], ['self', 'other', 'anyone']);
    case 'count':
    case 'metric':
      if (tag === 'count') counter(w, p, o[tag]);
      else metric(w, p, o[tag]);
      required(w, path, o, ['op', 'n']);
      oneOf(w, at(path, 'op'), o.op, OPS, 'operator');
      int(w, at(path, 'n'), o.n);
      return;
    case 'all':
    case 'any':
      return list(w, p, o[tag], true).forEach((c, i) => cond(w, at(p, i), c));
    case 'not':
      return cond(w, p, o[tag]);
  }
}

const COUNTER_TAGS: Record<string, readonly string[]> = {
  cards: [],
  workersOn: [],
  boughtThisRound: [],
  resource: ['per'],
  emptyTrackSpaces: [],
  constant: [],
  die: [],
};
function counter(w: Where, path: string, v: unknown): void {
  const { tag, o } = tagged(w, path, v, 'counter', COUNTER_TAGS);
  const p = at(path, tag);
  switch (tag) {
    case 'cards':
    case 'workersOn':
    case 'boughtThisRound':
      return cardFilter(w, p, o[tag]);
    case 'resource':
      res(w, p, o[tag]);
      required(w, path, o, ['per']);
      whole(w, at(path, 'per'), o.per, 1);
      return;
    case 'emptyTrackSpaces':
      return void oneOf(w, p, o[tag], ['food', 'stability', 'any']);
    case 'constant':
      return void whole(w, p, o[tag]);
    case 'die':
      return void oneOf(w, p, o[tag], [6], 'die');
  }
}

const TARGET_TAGS: Record<string, readonly string[]> = {
  best: ['tieBreak'],
  worst: [],
  passed: [],
  allExcept: [],
  othersOf: [],
  peersOf: [],
  where: [],
};
function target(w: Where, path: string, v: unknown): void {
  if (typeof v === 'string') {
    oneOf(w, path, v, ['self', 'all'], 'target');
    return;
  }
  const { tag, o } = tagged(w, path, v, 'target', TARGET_TAGS);
  const p = at(path, tag);
  switch (tag) {
    case 'best':
    case 'worst':
      metric(w, p, o[tag]);
      if (o.tieBreak !== undefined) oneOf(w, at(path, 'tieBreak'), o.tieBreak, ['playerOrder'], 'tie break');
      return;
    case 'passed':
      return void oneOf(w, p, o[tag], ['first', 'last']);
    case 'allExcept':
      return list(w, p, o[tag], true).forEach((x, i) => {
        const e = obj(w, at(p, i), x, 'a { best } or { worst } ranking');
        if (Object.keys(e).length !== 1 || !('best' in e || 'worst' in e))
          w.fail(at(p, i), 'must be a { best } or { worst } ranking');
        metric(w, at(at(p, i), Object.keys(e)[0]!), Object.values(e)[0]);
      });
    case 'othersOf':
      return void oneOf(w, p, o[tag], ['benefitSet', 'chooser']);
    case 'peersOf':
      return void oneOf(w, p, o[tag], ['chooser']);
    case 'where':
      return cond(w, p, o[tag]);
  }
}

const MODIFIER_TAGS: Record<string, readonly string[]> = {
  strength: [],
  stability: [],
  strengthFloor: [],
  goldenAgeBonus: [],
  raidBonus: [],
  advisorSlots: [],
  colonySlots: [],
  wonderSlots: [],
  warDefense: [],
  warVpImmune: [],
  warExtraLoss: [],
  ignoreUpkeep: [],
  noShortageVp: [],
  countsAsLeastStable: [],
  cannotBuy: [],
  skipFirstTurn: [],
  cardPrice: [],
  deployCost: [],
  architectCost: [],
  colonyRequirement: [],
  firstTurnExtraActions: [],
  privateArchitectsPerRound: [],
  growthAmount: [],
  when: ['modifier'],
};
const TOP_MODIFIER_TAGS = Object.fromEntries(
  Object.entries(MODIFIER_TAGS).map(([k, extra]) => [k, [...extra, 'appliesTo']]),
);
function modifier(w: Where, path: string, v: unknown, top = true): void {
  const { tag, o } = tagged(w, path, v, 'modifier', top ? TOP_MODIFIER_TAGS : MODIFIER_TAGS);
  const p = at(path, tag);
  if (o.appliesTo !== undefined)
    oneOf(w, at(path, 'appliesTo'), o.appliesTo, ['self', 'others', 'all'], 'appliesTo');
  const delta = (extra: Record<string, (q: string, x: unknown) => void>) => {
    const d = obj(w, p, o[tag]);
    only(w, p, d, ['delta', ...Object.keys(extra)]);
    required(w, p, d, ['delta']);
    int(w, at(p, 'delta'), d.delta);
    for (const [k, check] of Object.entries(extra)) if (d[k] !== undefined) check(at(p, k), d[k]);
  };
  switch (tag) {
    case 'strength':
    case 'stability':
    case 'strengthFloor':
    case 'goldenAgeBonus':
    case 'raidBonus':
    case 'advisorSlots':
    case 'colonySlots':
    case 'wonderSlots':
    case 'warDefense':
      return void int(w, p, o[tag]);
    case 'firstTurnExtraActions':
    case 'privateArchitectsPerRound':
      return void whole(w, p, o[tag], 1);
    case 'warVpImmune':
      return cond(w, p, o[tag]);
    case 'warExtraLoss':
      return bag(w, p, o[tag], true);
    case 'ignoreUpkeep': {
      const d = obj(w, p, o[tag]);
      only(w, p, d, ['cardType']);
      required(w, p, d, ['cardType']);
      return void cardType(w, at(p, 'cardType'), d.cardType);
    }
    case 'noShortageVp':
    case 'countsAsLeastStable':
    case 'skipFirstTurn':
      return yes(w, p, o[tag]);
    case 'cannotBuy':
      return void cardType(w, p, o[tag]);
    case 'cardPrice':
      return delta({
        type: (q, x) => cardType(w, q, x),
        row: (q, x) => oneOf(w, q, x, [1, 2, 3], 'row'),
      });
    case 'deployCost':
      return delta({ type: (q, x) => cardType(w, q, x), min: (q, x) => whole(w, q, x) });
    case 'architectCost':
    case 'colonyRequirement':
    case 'growthAmount':
      return delta({});
    case 'when':
      cond(w, p, o[tag]);
      required(w, path, o, ['modifier']);
      return modifier(w, at(path, 'modifier'), o.modifier, false);
  }
}

function hookName(w: Where, path: string, v: unknown): void {
  if (!HOOKS.includes(v as never))
    w.fail(path, `${JSON.stringify(v)} is not a registered hook (spec §19.5: ${HOOKS.join(', ')})`);
}

const EFFECT_TAGS: Record<string, readonly string[]> = {
  gain: [],
  gainChoice: ['n'],
  pay: [],
  payDownTo: [],
  vp: [],
  gainWorker: [],
  loseWorker: [],
  hireArchitectFree: ['optional', 'upTo'],
  removeArchitectFromWonder: [],
  privateArchitects: [],
  extraActions: ['restrict'],
  deployFree: ['onto', 'optional'],
  optionalUndeploy: ['rewardPerWorker'],
  takeCardFree: [],
  swapBoardCards: [],
  skipTurn: [],
  moveInOrder: [],
  lockPlayerOrder: [],
  removeCard: ['elseEffects'],
  restoreWarLosses: [],
  modifier: ['until'],
  choice: [],
  offer: [],
  if: ['then', 'else'],
  repeat: ['effects'],
  forEach: ['effects'],
  hook: ['params'],
};
function effects(w: Where, path: string, v: unknown, nonEmpty = false): void {
  list(w, path, v, nonEmpty).forEach((e, i) => effect(w, at(path, i), e));
}
function effect(w: Where, path: string, v: unknown): void {
  const { tag, o } = tagged(w, path, v, 'effect', EFFECT_TAGS);
  const p = at(path, tag);
  const opt = (k: string, check: (q: string, x: unknown) => void) => {
    if (o[k] !== undefined) check(at(path, k), o[k]);
  };
  const flag = (q: string, x: unknown) => bool(w, q, x);
  switch (tag) {
    case 'gain':
    case 'pay':
    case 'payDownTo':
      return bag(w, p, o[tag], true);
    case 'gainChoice':
      list(w, p, o[tag], true).forEach((r, i) => res(w, at(p, i), r));
      required(w, path, o, ['n']);
      return void whole(w, at(path, 'n'), o.n, 1);
    case 'vp':
      return void int(w, p, o[tag]);
    case 'gainWorker':
    case 'loseWorker':
    case 'removeArchitectFromWonder':
    case 'privateArchitects':
      return void whole(w, p, o[tag], 1);
    case 'hireArchitectFree':
      whole(w, p, o[tag], 1);
      opt('optional', flag);
      return opt('upTo', flag);
    case 'extraActions':
      whole(w, p, o[tag], 1);
      return opt('restrict', (q, x) => oneOf(w, q, x, ['buy', 'deploy', 'hire']));
    case 'deployFree':
      whole(w, p, o[tag], 1);
      opt('onto', (q, x) => (x === 'boughtCard' ? undefined : cardFilter(w, q, x)));
      return opt('optional', flag);
    case 'optionalUndeploy': {
      const d = obj(w, p, o[tag]);
      only(w, p, d, ['from']);
      required(w, p, d, ['from']);
      cardType(w, at(p, 'from'), d.from);
      required(w, path, o, ['rewardPerWorker']);
      return bag(w, at(path, 'rewardPerWorker'), o.rewardPerWorker, true);
    }
    case 'takeCardFree': {
      const d = obj(w, p, o[tag]);
      only(w, p, d, ['types']);
      required(w, p, d, ['types']);
      return list(w, at(p, 'types'), d.types, true).forEach((t, i) => cardType(w, at(at(p, 'types'), i), t));
    }
    case 'swapBoardCards':
    case 'skipTurn':
      return yes(w, p, o[tag]);
    case 'moveInOrder':
      return void oneOf(w, p, o[tag], ['first', 'last']);
    case 'lockPlayerOrder':
      return void oneOf(w, p, o[tag], ['actionPhase']);
    case 'removeCard': {
      const d = obj(w, p, o[tag]);
      only(w, p, d, ['type', 'which']);
      required(w, p, d, ['type', 'which']);
      cardType(w, at(p, 'type'), d.type);
      oneOf(w, at(p, 'which'), d.which, ['ownerChoice', 'all']);
      return opt('elseEffects', (q, x) => effects(w, q, x, true));
    }
    case 'restoreWarLosses':
      return void oneOf(w, p, o[tag], ['all', 'vpOnly']);
    case 'modifier':
      modifier(w, p, o[tag]);
      required(w, path, o, ['until']);
      return void oneOf(w, at(path, 'until'), o.until, ['endOfRound', 'endOfEventCard'], 'duration');
    case 'choice': {
      const branches = list(w, p, o[tag]);
      if (branches.length < 2) w.fail(p, 'must offer at least 2 branches');
      return branches.forEach((b, i) => effects(w, at(p, i), b, true));
    }
    case 'offer': {
      const d = obj(w, p, o[tag]);
      only(w, p, d, ['cost', 'then', 'otherwise', 'allOrNothing']);
      required(w, p, d, ['then']);
      if (d.cost !== undefined) bag(w, at(p, 'cost'), d.cost, true);
      effects(w, at(p, 'then'), d.then);
      if (d.otherwise !== undefined) effects(w, at(p, 'otherwise'), d.otherwise);
      if (d.allOrNothing !== undefined) bool(w, at(p, 'allOrNothing'), d.allOrNothing);
      return;
    }
    case 'if':
      cond(w, p, o[tag]);
      required(w, path, o, ['then']);
      effects(w, at(path, 'then'), o.then);
      return opt('else', (q, x) => effects(w, q, x));
    case 'repeat':
    case 'forEach':
      if (tag === 'repeat') counter(w, p, o[tag]);
      else target(w, p, o[tag]);
      required(w, path, o, ['effects']);
      return effects(w, at(path, 'effects'), o.effects, true);
    case 'hook':
      hookName(w, p, o[tag]);
      return opt('params', (q, x) => void obj(w, q, x));
  }
}

// ---------------------------------------------------------------- card records (§19.2)

function production(w: Where, path: string, v: unknown): void {
  list(w, path, v, true).forEach((x, i) => {
    const p = at(path, i);
    const e = obj(w, p, x, 'a production entry');
    only(w, p, e, ['gain', 'gainChoice', 'pay', 'if', 'per']);
    if (e.gain === undefined && e.gainChoice === undefined && e.pay === undefined)
      w.fail(p, 'must give gain, gainChoice or pay');
    if (e.gain !== undefined) bag(w, at(p, 'gain'), e.gain, true);
    if (e.pay !== undefined) bag(w, at(p, 'pay'), e.pay, true);
    if (e.gainChoice !== undefined) {
      const q = at(p, 'gainChoice');
      const g = obj(w, q, e.gainChoice);
      only(w, q, g, ['of', 'n']);
      required(w, q, g, ['of', 'n']);
      list(w, at(q, 'of'), g.of, true).forEach((r, j) => res(w, at(at(q, 'of'), j), r));
      whole(w, at(q, 'n'), g.n, 1);
    }
    if (e.if !== undefined) cond(w, at(p, 'if'), e.if);
    if (e.per !== undefined) counter(w, at(p, 'per'), e.per);
  });
}

function abilities(w: Where, path: string, v: unknown): void {
  const ids = new Set<string>();
  list(w, path, v, true).forEach((x, i) => {
    const p = at(path, i);
    const a = obj(w, p, x, 'an ability');
    only(w, p, a, ['id', 'timing', 'perRound', 'if', 'cost', 'effects']);
    required(w, p, a, ['id', 'timing', 'effects']);
    const id = str(w, at(p, 'id'), a.id);
    if (ids.has(id)) w.fail(at(p, 'id'), `duplicates ability id "${id}"`);
    ids.add(id);
    oneOf(w, at(p, 'timing'), a.timing, ['action', 'free'], 'timing');
    if (a.perRound !== undefined) oneOf(w, at(p, 'perRound'), a.perRound, [1], 'perRound');
    if (a.if !== undefined) cond(w, at(p, 'if'), a.if);
    if (a.cost !== undefined) oneOrList(w, at(p, 'cost'), a.cost, (q, c) => bag(w, q, c, true));
    effects(w, at(p, 'effects'), a.effects, true);
  });
}

const TRIGGER_FILTERS: Record<string, Record<string, (w: Where, p: string, x: unknown) => void>> = {
  buyCard: {
    type: (w, p, x) => oneOrList(w, p, x, (q, t) => cardType(w, q, t)),
    by: (w, p, x) => oneOf(w, p, x, ['self', 'other']),
    pricePaid: (w, p, x) => whole(w, p, x),
  },
  wonderCompleted: { other: (w, p, x) => bool(w, p, x) },
  coverCard: {
    coveredType: (w, p, x) => cardType(w, p, x),
    newType: (w, p, x) => cardType(w, p, x),
    laterAge: (w, p, x) => bool(w, p, x),
  },
  passed: { first: (w, p, x) => bool(w, p, x) },
};
function triggers(w: Where, path: string, v: unknown): void {
  list(w, path, v, true).forEach((x, i) => {
    const p = at(path, i);
    const t = obj(w, p, x, 'a trigger');
    only(w, p, t, ['on', 'filter', 'if', 'effects', 'perRound']);
    required(w, p, t, ['on', 'effects']);
    const on = oneOf(w, at(p, 'on'), t.on, TRIGGER_EVENTS, 'trigger event');
    if (t.filter !== undefined) {
      const q = at(p, 'filter');
      const f = obj(w, q, t.filter);
      const checks = TRIGGER_FILTERS[on] ?? {};
      only(w, q, f, Object.keys(checks), `filter of "${on}"`);
      for (const [k, x2] of Object.entries(f)) checks[k]!(w, at(q, k), x2);
    }
    if (t.if !== undefined) cond(w, at(p, 'if'), t.if);
    if (t.perRound !== undefined) whole(w, at(p, 'perRound'), t.perRound, 1);
    effects(w, at(p, 'effects'), t.effects, true);
  });
}

function endVp(w: Where, path: string, v: unknown): void {
  const term = (p: string, x: unknown) => {
    if (typeof x === 'number') return void whole(w, p, x);
    const o = obj(w, p, x, 'a number, { per, n } or { if, n }');
    if ('per' in o) {
      only(w, p, o, ['per', 'n']);
      counter(w, at(p, 'per'), o.per);
    } else if ('if' in o) {
      only(w, p, o, ['if', 'n']);
      cond(w, at(p, 'if'), o.if);
    } else w.fail(p, 'must be a number, { per, n } or { if, n }');
    required(w, p, o, ['n']);
    int(w, at(p, 'n'), o.n);
  };
  oneOrList(w, path, v, term);
}

const COMMON_FIELDS = [
  'id',
  'name',
  'nameRu',
  'age',
  'type',
  'level',
  'ref',
  'architectsOnBoard',
  'static',
  'production',
  'onAcquire',
  'abilities',
  'triggers',
  'removeWhen',
  'hook',
] as const;
/** Type-specific fields (NAT-MODEL-11); the first list is required, the second optional. */
const TYPE_FIELDS: Record<CardType, [readonly string[], readonly string[]]> = {
  building: [['deployCost', 'perWorker', 'vpPerWorker'], []],
  military: [['deployCost', 'perWorker', 'vpPerWorker', 'raid'], []],
  colony: [['requiredStrength'], ['endVp']],
  war: [['war'], []],
  battle: [['battle'], []],
  goldenAge: [['goldenAge'], []],
  wonder: [['stages'], ['endVp']],
  advisor: [[], []],
};
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

function describeCard(raw: unknown, index: number): string {
  if (!isObj(raw)) return `card #${index}`;
  const id = typeof raw.id === 'string' ? `"${raw.id}"` : `#${index}`;
  const age = ROMAN[raw.age as number] ?? String(raw.age);
  return `card ${id} (age ${age} ${typeof raw.type === 'string' ? raw.type : 'card'})`;
}

/** Checks one progress-card record; `path` prefixes every field path (printed cards on boards). */
function checkProgressCard(w: Where, path: string, v: unknown): ProgressCard {
  const c = obj(w, path, v, 'a card object');
  required(w, path, c, ['id', 'name', 'age', 'type', 'level']);
  const id = str(w, at(path, 'id'), c.id);
  if (!SLUG.test(id)) w.fail(at(path, 'id'), `"${id}" must be a lower-case slug (a-z, 0-9, -)`);
  str(w, at(path, 'name'), c.name);
  if (c.nameRu !== undefined) str(w, at(path, 'nameRu'), c.nameRu);
  if (c.ref !== undefined) str(w, at(path, 'ref'), c.ref);
  oneOf(w, at(path, 'age'), c.age, AGES, 'age');
  const type = cardType(w, at(path, 'type'), c.type);
  oneOf(w, at(path, 'level'), c.level, LEVELS, 'level');
  const [must, may] = TYPE_FIELDS[type];
  for (const k of Object.keys(c)) {
    if ((COMMON_FIELDS as readonly string[]).includes(k) || must.includes(k) || may.includes(k)) continue;
    const owners = CARD_TYPES.filter((t) => [...TYPE_FIELDS[t][0], ...TYPE_FIELDS[t][1]].includes(k));
    w.fail(at(path, k), owners.length ? `is only for ${owners.join(', ')} cards` : 'is not a known field');
  }
  required(w, path, c, must);
  const p = (k: string) => at(path, k);
  if (c.architectsOnBoard !== undefined) whole(w, p('architectsOnBoard'), c.architectsOnBoard, 1);
  if (c.deployCost !== undefined) bag(w, p('deployCost'), c.deployCost);
  if (c.perWorker !== undefined) {
    const pw = obj(w, p('perWorker'), c.perWorker);
    only(w, p('perWorker'), pw, ['produce', 'consume', 'strength', 'stability']);
    if (Object.keys(pw).length === 0) w.fail(p('perWorker'), 'must give at least one per-worker effect');
    if (pw.produce !== undefined) bag(w, at(p('perWorker'), 'produce'), pw.produce, true);
    if (pw.consume !== undefined) bag(w, at(p('perWorker'), 'consume'), pw.consume, true);
    if (pw.strength !== undefined) int(w, at(p('perWorker'), 'strength'), pw.strength);
    if (pw.stability !== undefined) int(w, at(p('perWorker'), 'stability'), pw.stability);
  }
  if (c.vpPerWorker !== undefined)
    list(w, p('vpPerWorker'), c.vpPerWorker, true).forEach((n, i) => whole(w, at(p('vpPerWorker'), i), n));
  if (c.raid !== undefined) whole(w, p('raid'), c.raid);
  if (c.requiredStrength !== undefined) whole(w, p('requiredStrength'), c.requiredStrength);
  if (c.war !== undefined) {
    const x = obj(w, p('war'), c.war);
    only(w, p('war'), x, ['vp', 'loss']);
    required(w, p('war'), x, ['vp', 'loss']);
    whole(w, at(p('war'), 'vp'), x.vp);
    bag(w, at(p('war'), 'loss'), x.loss, true);
  }
  if (c.battle !== undefined) {
    const x = obj(w, p('battle'), c.battle);
    only(w, p('battle'), x, ['choices']);
    required(w, p('battle'), x, ['choices']);
    list(w, at(p('battle'), 'choices'), x.choices, true).forEach((r, i) =>
      res(w, at(at(p('battle'), 'choices'), i), r),
    );
  }
  if (c.goldenAge !== undefined) {
    const x = obj(w, p('goldenAge'), c.goldenAge);
    only(w, p('goldenAge'), x, ['gain', 'vpPrice']);
    required(w, p('goldenAge'), x, ['gain', 'vpPrice']);
    // Only a hooked promo (Antikythera, Power Grid) replaces the resource option.
    bag(w, at(p('goldenAge'), 'gain'), x.gain, c.hook === undefined);
    whole(w, at(p('goldenAge'), 'vpPrice'), x.vpPrice);
  }
  if (c.stages !== undefined)
    list(w, p('stages'), c.stages, true).forEach((n, i) => whole(w, at(p('stages'), i), n));
  if (c.static !== undefined)
    list(w, p('static'), c.static, true).forEach((m, i) => modifier(w, at(p('static'), i), m));
  if (c.production !== undefined) production(w, p('production'), c.production);
  if (c.onAcquire !== undefined) effects(w, p('onAcquire'), c.onAcquire, true);
  if (c.abilities !== undefined) abilities(w, p('abilities'), c.abilities);
  if (c.triggers !== undefined) triggers(w, p('triggers'), c.triggers);
  if (c.removeWhen !== undefined) cond(w, p('removeWhen'), c.removeWhen);
  if (c.endVp !== undefined) endVp(w, p('endVp'), c.endVp);
  if (c.hook !== undefined) hookName(w, p('hook'), c.hook);
  return shapedCard(c);
}

/**
 * A checked card as an object with every field of `ProgressCard`, in one order, absent ones undefined: all cards
 * share one hidden class, so the engine's reads of card fields stay monomorphic (JSON drops the undefined ones).
 */
function shapedCard(c: Record<string, unknown>): ProgressCard {
  const x: Record<keyof ProgressCard, unknown> = {
    id: c.id,
    name: c.name,
    nameRu: c.nameRu,
    age: c.age,
    type: c.type,
    level: c.level,
    ref: c.ref,
    architectsOnBoard: c.architectsOnBoard,
    deployCost: c.deployCost,
    perWorker: c.perWorker,
    vpPerWorker: c.vpPerWorker,
    raid: c.raid,
    requiredStrength: c.requiredStrength,
    war: c.war,
    battle: c.battle,
    goldenAge: c.goldenAge,
    stages: c.stages,
    static: c.static,
    production: c.production,
    onAcquire: c.onAcquire,
    abilities: c.abilities,
    triggers: c.triggers,
    removeWhen: c.removeWhen,
    endVp: c.endVp,
    hook: c.hook,
  };
  return x as ProgressCard;
}

function eventDef(w: Where, path: string, v: unknown): void {
  const e = obj(w, path, v, 'an event object');
  only(w, path, e, ['name', 'nameRu', 'target', 'effects', 'chooser', 'choiceOrder', 'hook']);
  required(w, path, e, ['name', 'target', 'effects']);
  str(w, at(path, 'name'), e.name);
  if (e.nameRu !== undefined) str(w, at(path, 'nameRu'), e.nameRu);
  target(w, at(path, 'target'), e.target);
  effects(w, at(path, 'effects'), e.effects, e.hook === undefined);
  if (e.chooser !== undefined) {
    const q = at(path, 'chooser');
    const ch = obj(w, q, e.chooser);
    only(w, q, ch, ['best', 'tieBreak']);
    required(w, q, ch, ['best', 'tieBreak']);
    metric(w, at(q, 'best'), ch.best);
    oneOf(w, at(q, 'tieBreak'), ch.tieBreak, ['playerOrder'], 'tie break');
  }
  if (e.choiceOrder !== undefined)
    oneOf(
      w,
      at(path, 'choiceOrder'),
      e.choiceOrder,
      ['reversePlayer', 'rank', 'reverseRank'],
      'choice order',
    );
  if (e.hook !== undefined) hookName(w, at(path, 'hook'), e.hook);
}

function checkEventCard(w: Where, v: unknown, promoFile: boolean): EventCard {
  const c = obj(w, '', v, 'an event card object');
  only(w, '', c, ['id', 'name', 'age', 'level', 'architects', 'famine', 'events']);
  required(w, '', c, ['id', 'name', 'age', 'level', 'architects', 'famine', 'events']);
  const id = str(w, 'id', c.id);
  if (!SLUG.test(id)) w.fail('id', `"${id}" must be a lower-case slug (a-z, 0-9, -)`);
  str(w, 'name', c.name);
  oneOf(w, 'age', c.age, AGES, 'age');
  levelForFile(w, c.level, promoFile);
  whole(w, 'architects', c.architects);
  whole(w, 'famine', c.famine);
  const halves = list(w, 'events', c.events);
  if (halves.length !== 2 && !(promoFile && halves.length === 1))
    w.fail('events', 'must hold the upper and the lower event (2 entries)');
  halves.forEach((h, i) => oneOrList(w, at('events', i), h, (p, x) => eventDef(w, p, x)));
  return c as unknown as EventCard;
}

function levelForFile(w: Where, level: unknown, promoFile: boolean): void {
  oneOf(w, 'level', level, LEVELS, 'level');
  if (promoFile !== (level === 'promo'))
    w.fail('level', promoFile ? 'must be "promo" in promo.json' : '"promo" cards belong in promo.json');
}

function checkNationBoard(w: Where, v: unknown): NationBoard {
  const b = obj(w, '', v, 'a nation board object');
  only(w, '', b, [
    'nation',
    'name',
    'nameRu',
    'side',
    'start',
    'slots',
    'printed',
    'completedWonders',
    'static',
    'production',
    'abilities',
    'triggers',
    'hook',
  ]);
  required(w, '', b, ['nation', 'name', 'side', 'start', 'slots', 'printed']);
  str(w, 'nation', b.nation);
  str(w, 'name', b.name);
  if (b.nameRu !== undefined) str(w, 'nameRu', b.nameRu);
  oneOf(w, 'side', b.side, ['A', 'B'], 'side');
  const s = obj(w, 'start', b.start);
  only(w, 'start', s, ['res', 'vp', 'idleWorkers', 'track']);
  required(w, 'start', s, ['res', 'vp', 'idleWorkers', 'track']);
  bag(w, 'start.res', s.res);
  whole(w, 'start.vp', s.vp);
  whole(w, 'start.idleWorkers', s.idleWorkers);
  const tr = obj(w, 'start.track', s.track);
  only(w, 'start.track', tr, ['food', 'stability']);
  required(w, 'start.track', tr, ['food', 'stability']);
  whole(w, 'start.track.food', tr.food, 0, 4);
  whole(w, 'start.track.stability', tr.stability, 0, 4);
  const sl = obj(w, 'slots', b.slots);
  const slotKeys = ['buildingMilitary', 'maxMilitary', 'advisor', 'colonies', 'wonders'];
  only(w, 'slots', sl, slotKeys);
  required(w, 'slots', sl, slotKeys);
  for (const k of slotKeys) whole(w, at('slots', k), sl[k], 1);
  // The rules keep a row's manned slots as the bits of one integer.
  whole(w, 'slots.buildingMilitary', sl.buildingMilitary, 1, 30);
  const used = new Set<number>();
  list(w, 'printed', b.printed).forEach((x, i) => {
    const p = at('printed', i);
    const e = obj(w, p, x);
    only(w, p, e, ['slot', 'card']);
    required(w, p, e, ['slot', 'card']);
    const slot = whole(w, at(p, 'slot'), e.slot, 0, (sl.buildingMilitary as number) - 1);
    if (used.has(slot)) w.fail(at(p, 'slot'), `slot ${slot} is printed twice`);
    used.add(slot);
    const card = checkProgressCard(w, at(p, 'card'), e.card);
    if (card.type !== 'building' && card.type !== 'military')
      w.fail(at(at(p, 'card'), 'type'), 'a printed start card must be a building or military card');
  });
  if (b.completedWonders !== undefined)
    list(w, 'completedWonders', b.completedWonders, true).forEach((x, i) => {
      const card = checkProgressCard(w, at('completedWonders', i), x);
      if (card.type !== 'wonder') w.fail(at(at('completedWonders', i), 'type'), 'must be a wonder');
    });
  if (b.static !== undefined)
    list(w, 'static', b.static, true).forEach((m, i) => modifier(w, at('static', i), m));
  if (b.production !== undefined) production(w, 'production', b.production);
  if (b.abilities !== undefined) abilities(w, 'abilities', b.abilities);
  if (b.triggers !== undefined) triggers(w, 'triggers', b.triggers);
  if (b.hook !== undefined) hookName(w, 'hook', b.hook);
  return b as unknown as NationBoard;
}

function checkSoloTile(w: Where, v: unknown): SoloTile {
  const t = obj(w, '', v, 'a solo tile object');
  only(w, '', t, ['id', 'age', 'vo', 'architects', 'famine', 'action', 'designed']);
  required(w, '', t, ['id', 'age', 'vo', 'architects', 'famine', 'action']);
  str(w, 'id', t.id);
  oneOf(w, 'age', t.age, AGES, 'age');
  const vo = obj(w, 'vo', t.vo);
  only(w, 'vo', vo, ['strength', 'stability', 'books', 'booksMode', 'workers']);
  required(w, 'vo', vo, ['booksMode']);
  if (vo.strength !== undefined) whole(w, 'vo.strength', vo.strength);
  if (vo.stability !== undefined) int(w, 'vo.stability', vo.stability);
  if (vo.books !== undefined) whole(w, 'vo.books', vo.books);
  if (vo.workers !== undefined) whole(w, 'vo.workers', vo.workers);
  oneOf(w, 'vo.booksMode', vo.booksMode, ['set', 'add'], 'books mode');
  whole(w, 'architects', t.architects);
  whole(w, 'famine', t.famine);
  const a = obj(w, 'action', t.action);
  only(w, 'action', a, ['voDelta']);
  required(w, 'action', a, ['voDelta']);
  const d = obj(w, 'action.voDelta', a.voDelta);
  only(w, 'action.voDelta', d, ['strength', 'stability', 'books']);
  if (Object.keys(d).length === 0) w.fail('action.voDelta', 'must change at least one value');
  for (const [k, n] of Object.entries(d)) int(w, at('action.voDelta', k), n);
  if (t.designed !== undefined) bool(w, 'designed', t.designed);
  return t as unknown as SoloTile;
}

// ---------------------------------------------------------------- files

function fileList(file: string, v: unknown, key?: string): unknown[] {
  const w = new Where(file, key ? `"${key}"` : '(root)');
  return list(w, '', v);
}

/** Validates every data file; throws a {@link NationsDataError} naming the first bad entry. */
export function validateNationsData(files: NationsDataFiles): NationsData {
  const out: NationsData = {
    progress: [],
    promoProgress: [],
    events: [],
    promoEvents: [],
    nations: [],
    soloTiles: [],
  };
  const cardFile = new Map<string, string>();
  const checkCard = (file: string, raw: unknown, i: number, promoFile: boolean, age?: Age) => {
    const w = new Where(file, describeCard(raw, i));
    const card = checkProgressCard(w, '', raw);
    levelForFile(w, card.level, promoFile);
    if (age !== undefined && card.age !== age) w.fail('age', `must be ${age} in ${file}`);
    const seen = cardFile.get(card.id);
    if (seen) w.fail('id', `"${card.id}" is already used by a card of ${seen}`);
    cardFile.set(card.id, file);
    return card;
  };
  for (const age of AGES) {
    const file = `progress-${age}.json` as const;
    fileList(file, files[file]).forEach((raw, i) => out.progress.push(checkCard(file, raw, i, false, age)));
  }
  const promoRoot = obj(new Where('promo.json', '(root)'), '', files['promo.json']);
  only(new Where('promo.json', '(root)'), '', promoRoot, ['progress', 'events']);
  fileList('promo.json', promoRoot.progress, 'progress').forEach((raw, i) =>
    out.promoProgress.push(checkCard('promo.json', raw, i, true)),
  );

  const eventIds = new Map<string, string>();
  const checkEvent = (file: string, raw: unknown, i: number, promoFile: boolean) => {
    const label = isObj(raw) && typeof raw.id === 'string' ? `"${raw.id}"` : `#${i}`;
    const age = isObj(raw) ? (ROMAN[raw.age as number] ?? String(raw.age)) : '?';
    const w = new Where(file, `event card ${label} (age ${age})`);
    const ev = checkEventCard(w, raw, promoFile);
    const seen = eventIds.get(ev.id);
    if (seen) w.fail('id', `"${ev.id}" is already used by an event card of ${seen}`);
    eventIds.set(ev.id, file);
    return ev;
  };
  fileList('events.json', files['events.json']).forEach((raw, i) =>
    out.events.push(checkEvent('events.json', raw, i, false)),
  );
  fileList('promo.json', promoRoot.events, 'events').forEach((raw, i) =>
    out.promoEvents.push(checkEvent('promo.json', raw, i, true)),
  );

  const boards = new Set<string>();
  fileList('nations.json', files['nations.json']).forEach((raw, i) => {
    const label = isObj(raw) ? `"${String(raw.nation)}" side ${String(raw.side)}` : `#${i}`;
    const w = new Where('nations.json', `nation board ${label}`);
    const b = checkNationBoard(w, raw);
    const key = `${b.nation}/${b.side}`;
    if (boards.has(key)) w.fail('side', `side ${b.side} of "${b.nation}" is listed twice`);
    boards.add(key);
    out.nations.push(b);
  });

  const tiles = new Set<string>();
  fileList('solo-tiles.json', files['solo-tiles.json']).forEach((raw, i) => {
    const label = isObj(raw) && typeof raw.id === 'string' ? `"${raw.id}"` : `#${i}`;
    const w = new Where('solo-tiles.json', `solo tile ${label}`);
    const t = checkSoloTile(w, raw);
    if (tiles.has(t.id)) w.fail('id', `"${t.id}" is listed twice`);
    tiles.add(t.id);
    out.soloTiles.push(t);
  });
  return out;
}

/** A deep copy of the shipped JSON files (for tools and tests that corrupt or extend them). */
export function rawDataFiles(): NationsDataFiles {
  return structuredClone({
    'progress-1.json': progress1,
    'progress-2.json': progress2,
    'progress-3.json': progress3,
    'progress-4.json': progress4,
    'events.json': events,
    'promo.json': promo,
    'nations.json': nations,
    'solo-tiles.json': soloTiles,
  });
}

// ---------------------------------------------------------------- validated data, checked at module load

/**
 * A deep copy of x whose strings are internalized (V8's table of unique strings): a structured clone's strings
 * are not, and comparing such a string with a literal (`c.type === 'colony'`, a metric, a trigger event) then
 * compares characters instead of pointers, in every hot loop of the rules.
 */
function internedCopy(x: unknown, seen: Map<string, string>): unknown {
  if (typeof x === 'string') {
    let t = seen.get(x);
    if (t === undefined) {
      // A property name is internalized (a card id or word never reads as an array index: checked below).
      t = /^\d+$/.test(x) ? x : Object.keys({ [x]: 0 })[0]!;
      seen.set(x, t);
    }
    return t;
  }
  if (x === null || typeof x !== 'object') return x;
  if (Array.isArray(x)) return x.map((y) => internedCopy(y, seen));
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) o[k] = internedCopy(v, seen);
  return o;
}

const DATA = validateNationsData(internedCopy(rawDataFiles(), new Map()) as NationsDataFiles);

/** The 296 progress cards of the base game. */
export const PROGRESS_CARDS: readonly ProgressCard[] = DATA.progress;
/** The promo progress cards ([CARDS] §4, single source); only with `includePromo`. */
export const PROMO_PROGRESS_CARDS: readonly ProgressCard[] = DATA.promoProgress;
/** The 48 event cards (12 per age). */
export const EVENT_CARDS: readonly EventCard[] = DATA.events;
/** The promo event cards ([CARDS] §4). */
export const PROMO_EVENT_CARDS: readonly EventCard[] = DATA.promoEvents;
/** The nation boards: China, Egypt, Greece, Persia, Rome, each with sides A and B. */
export const NATIONS: readonly NationBoard[] = DATA.nations;
/** The solo event tiles: the designed default of [CARDS] §6 (not from the published game). */
export const SOLO_TILES: readonly SoloTile[] = DATA.soloTiles;

const byId = <T extends { id: string }>(xs: readonly T[]): ReadonlyMap<string, T> =>
  new Map(xs.map((x) => [x.id, x]));
const PROGRESS_BY_ID = byId([...PROGRESS_CARDS, ...PROMO_PROGRESS_CARDS]);
const EVENTS_BY_ID = byId([...EVENT_CARDS, ...PROMO_EVENT_CARDS]);
const SOLO_BY_ID = byId(SOLO_TILES);
const PRINTED_BY_ID = byId(
  NATIONS.flatMap((b) => [...b.printed.map((p) => p.card), ...(b.completedWonders ?? [])]),
);

/** A progress card (base game or promo) by id. */
export const progressCard = (id: string): ProgressCard | undefined => PROGRESS_BY_ID.get(id);
/** A card printed on a nation board (`s-temple`, `s-pyramids`, …) by id. */
export const printedCard = (id: string): ProgressCard | undefined => PRINTED_BY_ID.get(id);
/** An event card (base game or promo) by id. */
export const eventCard = (id: string): EventCard | undefined => EVENTS_BY_ID.get(id);
/** A nation board side. */
export const nationBoard = (nation: string, side: 'A' | 'B'): NationBoard | undefined =>
  NATIONS.find((b) => b.nation === nation && b.side === side);
/** A solo tile by id (`S1-1` … `S4-6`). */
export const soloTile = (id: string): SoloTile | undefined => SOLO_BY_ID.get(id);
/** The base-game progress cards of one age. */
export const progressDeck = (age: Age): ProgressCard[] => PROGRESS_CARDS.filter((c) => c.age === age);
