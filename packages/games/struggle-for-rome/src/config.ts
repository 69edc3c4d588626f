/**
 * Loads and validates the Struggle for Rome data (board, cities, loot tokens, development cards,
 * awards, components, engine limits) and compiles it into a read-only runtime index (`Rt`): arrays
 * by index, adjacency, production lists, expansion reach, and the route tables (routes.ts). Every
 * number of the game comes from these files; a different map is an option (`map`), validated the
 * same way. Errors name the bad entry.
 */
import type { Result } from '@tabula/engine';
import { err, ok } from '@tabula/engine';
import boardData from './data/board.json' with { type: 'json' };
import citiesData from './data/cities.json' with { type: 'json' };
import lootData from './data/loot-tokens.json' with { type: 'json' };
import devData from './data/development-cards.json' with { type: 'json' };
import awardsData from './data/awards.json' with { type: 'json' };
import componentsData from './data/components.json' with { type: 'json' };
import engineData from './data/engine.json' with { type: 'json' };
import type { Bundle, SfrOptions } from './types.js';
import type { RouteTable } from './routes.js';

/* ------------------------------------------------------------------ compiled shapes */

export interface HexRt {
  id: string;
  /** 0 grain, 1 ore, 2 pasture, -1 nothing (forest). */
  res: number;
  num: number;
  beyond: boolean;
  nodes: number[];
}

export interface NodeRt {
  id: string;
  hexes: number[];
  /** City index or -1 (crossroads). */
  city: number;
  adj: number[];
  /** Arrow of the section to adj[i]: 0 plain, 1 land, 2 sea. */
  arrow: number[];
  /** Cities adjacent to this node (SFR-BOARD-7). */
  cities: number[];
}

export interface CityRt {
  id: string;
  name: string;
  prov: number;
  node: number;
  towers: number;
  neutral3: boolean;
}

export interface Effect {
  type: 'drawPasture' | 'drawDevelopment' | 'gainGold' | 'goldPerWagon' | 'loseFigure';
  count: number;
  gold: number;
}

export interface TokenRt {
  id: string;
  prov: number;
  kind: string;
  effects: Effect[];
}

export type DevEffect =
  | { type: 'moveLegionnaire'; rob: boolean }
  | { type: 'ignoreTowers' }
  | { type: 'strengthBonus'; tribe: number; amount: number }
  | { type: 'gainGold'; gold: number }
  | { type: 'victoryPoint'; vp: number }
  | { type: 'takeResources'; count: number; choices: string[] }
  | { type: 'freeArrows'; count: number }
  | { type: 'freeSeaArrows' };

export interface DevRt {
  id: string;
  name: string;
  count: number;
  /** Phases (2..4) in which the card may be played; empty for treasures and VP cards. */
  phases: number[];
  counts: boolean;
  effect: DevEffect;
}

/** Numbers of components.json, awards.json and engine.json, as the rules use them. */
export interface Numbers {
  players: { min: number; max: number };
  colours: string[];
  perPlayer: number[]; // horsemen, warriors, wagons
  resources: number[]; // grain, ore, horses, cattle
  startGold: number;
  startGrain: number;
  startPasture: number;
  boxArmy: number;
  boxWagons: number;
  pairCost: Bundle;
  wagonCost: Bundle;
  devCost: Bundle;
  emergencyGold: number;
  emergencyTimes: number;
  bankRate: number;
  landGrain: number;
  landGold: number;
  seaGold: number;
  freeArrows: number;
  robGold: number;
  restGold: number;
  perColour: number;
  foundColours: number;
  target: number;
  cityVp: number;
  vpCardVp: number;
  awardVp: { diplomacy: number; enemy: number; heir: number };
  diplomacyMin: number;
  heirCities: number;
  roseMarkers: number;
  cardsPerPhase: number;
  tieBreak: 'goldAmongQualified' | 'vpThenGold';
  trade: { maxOpenOffers: number; maxCardsPerSide: number; maxGoldPerSide: number };
  defaults: { roundLimit: number; tradeInputLimit: number };
  maxPaidLand: number;
}

export interface Rt {
  hexes: HexRt[];
  nodes: NodeRt[];
  cities: CityRt[];
  provinces: string[];
  provinceNames: string[];
  start: number;
  legionStart: number;
  hexIdx: Map<string, number>;
  nodeIdx: Map<string, number>;
  cityIdx: Map<string, number>;
  /** Hex indices by number token, ascending hex id (SFR-PROD-5). */
  byNumber: number[][];
  /** Roman (not beyond the limes) hexes, for the legionnaire (SFR-LEG-3). */
  roman: number[];
  /** Per city: the other cities reachable crossing at most one arrow (SFR-EXP-1(2)). */
  reach1: number[][];
  tokens: TokenRt[];
  tokensByProv: number[][];
  dev: Map<string, DevRt>;
  devIds: string[];
  /** The full development deck in data order. */
  devDeck: string[];
  /** The most VP one development card is worth (a cheap bound for the 10-VP check). */
  maxCardVp: number;
  C: Numbers;
  /** The map files this index was compiled from (for drawing and place names: places.ts). */
  src: MapParts;
  /** Route tables per movement variant and source node, filled on first use. */
  /** Keyed by `free * 2 + (seaFree ? 1 : 0)` of the variant. */
  routes: Map<number, (RouteTable | undefined)[]>;
}

/* ------------------------------------------------------------------ validation helpers */

type Bad = { ok: false; error: import('@tabula/engine').RuleError };
const bad = (path: string, why: string, rule = 'SFR-COMP-1'): Bad =>
  err('sfr.err.data', `Struggle for Rome data: ${path} ${why}.`, rule, { path });
const isInt = (v: unknown, min = 0): v is number => Number.isInteger(v) && (v as number) >= min;
const isStr = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const KIND_INDEX: Record<string, number> = { grain: 0, ore: 1, horses: 2, cattle: 3, gold: 4 };

function bundle(raw: unknown, path: string): Result<Bundle> {
  const o = obj(raw);
  if (!o) return bad(path, 'must be an object of kind → count');
  const b = [0, 0, 0, 0, 0];
  for (const [k, v] of Object.entries(o)) {
    const i = Object.hasOwn(KIND_INDEX, k) ? KIND_INDEX[k] : undefined;
    if (i === undefined) return bad(`${path}.${k}`, 'is not grain, ore, horses, cattle or gold');
    if (!isInt(v, 1)) return bad(`${path}.${k}`, 'must be a whole number ≥ 1');
    b[i] = v;
  }
  return ok(b);
}

/* ------------------------------------------------------------------ the map */

export interface MapParts {
  board: Record<string, unknown>;
  cities: unknown[];
}

/**
 * Accepts `{ board, cities }` (the two files' contents, `cities` either the file object or its
 * `cities` array) or one merged object (board.json fields plus a `cities` array).
 */
export function splitMap(raw: unknown): Result<MapParts> {
  const o = obj(raw);
  if (!o)
    return bad('map', 'must be an object: { board, cities } or a board with a cities list', 'SFR-COMP-1');
  const board = obj(o.board) ?? o;
  const c = o.board ? o.cities : o.cities;
  const cities = Array.isArray(c) ? c : Array.isArray(obj(c)?.cities) ? (obj(c)!.cities as unknown[]) : null;
  if (!cities) return bad('map.cities', 'must be a list of cities (or cities.json with a "cities" list)');
  return ok({ board, cities });
}

function compileMap(
  parts: MapParts,
): Result<
  Omit<Rt, 'tokens' | 'tokensByProv' | 'dev' | 'devIds' | 'devDeck' | 'maxCardVp' | 'C' | 'src' | 'routes'>
> {
  const b = parts.board;
  const regions = b.regions;
  if (!Array.isArray(regions)) return bad('board.regions', 'must be a list');
  const provinces: string[] = [];
  const provinceNames: string[] = [];
  for (const [i, r] of regions.entries()) {
    const ro = obj(r);
    if (!ro || !isStr(ro.name)) return bad(`board.regions[${i}]`, 'must have a name');
    if (ro.id === null) continue;
    if (!isStr(ro.id))
      return bad(`board.regions[${i}].id`, 'must be a province id or null (beyond the limes)');
    if (provinces.includes(ro.id)) return bad(`board.regions[${i}].id`, `"${ro.id}" is listed twice`);
    provinces.push(ro.id);
    provinceNames.push(ro.name);
  }
  if (provinces.length === 0) return bad('board.regions', 'must name at least one province');
  if (!Array.isArray(b.hexes) || b.hexes.length === 0) return bad('board.hexes', 'must be a non-empty list');
  const hexes: HexRt[] = [];
  const hexIdx = new Map<string, number>();
  const RES: Record<string, number> = { fields: 0, mountains: 1, pasture: 2, forest: -1 };
  for (const [i, raw] of (b.hexes as unknown[]).entries()) {
    const h = obj(raw);
    const at = `board.hexes[${i}]`;
    if (!h || !isStr(h.id)) return bad(at, 'must have an id');
    const p = `board.hexes[${h.id}]`;
    if (hexIdx.has(h.id)) return bad(p, 'is listed twice');
    const res = Object.hasOwn(RES, h.terrain as string) ? RES[h.terrain as string] : undefined;
    if (res === undefined)
      return bad(`${p}.terrain`, 'must be fields, mountains, pasture or forest', 'SFR-BOARD-1');
    let num = 0;
    if (res < 0) {
      if (h.number !== null && h.number !== undefined)
        return bad(`${p}.number`, 'must be null on a forest', 'SFR-BOARD-2');
    } else if (!isInt(h.number, 2) || (h.number as number) > 12 || h.number === 7)
      return bad(`${p}.number`, 'must be 2–6 or 8–12', 'SFR-BOARD-2');
    else num = h.number as number;
    if (typeof h.beyondLimes !== 'boolean')
      return bad(`${p}.beyondLimes`, 'must be true or false', 'SFR-BOARD-3');
    if (h.province !== null && h.province !== undefined && !provinces.includes(h.province as string))
      return bad(`${p}.province`, `"${String(h.province)}" is not a region id`, 'SFR-BOARD-3');
    hexIdx.set(h.id, hexes.length);
    hexes.push({ id: h.id, res, num, beyond: h.beyondLimes, nodes: [] });
  }
  if (!Array.isArray(b.nodes) || b.nodes.length === 0) return bad('board.nodes', 'must be a non-empty list');
  const nodes: NodeRt[] = [];
  const nodeIdx = new Map<string, number>();
  const cityOfNode: (string | null)[] = [];
  for (const [i, raw] of (b.nodes as unknown[]).entries()) {
    const nd = obj(raw);
    if (!nd || !isStr(nd.id)) return bad(`board.nodes[${i}]`, 'must have an id');
    const p = `board.nodes[${nd.id}]`;
    if (nodeIdx.has(nd.id)) return bad(p, 'is listed twice');
    if (!Array.isArray(nd.hexes) || nd.hexes.length < 1 || nd.hexes.length > 3)
      return bad(`${p}.hexes`, 'must list 1 to 3 land hexes', 'SFR-BOARD-4');
    const hs: number[] = [];
    for (const h of nd.hexes) {
      const hi = hexIdx.get(h as string);
      if (hi === undefined) return bad(`${p}.hexes`, `names unknown hex "${String(h)}"`, 'SFR-BOARD-4');
      hs.push(hi);
    }
    if (nd.kind !== 'city' && nd.kind !== 'crossroads')
      return bad(`${p}.kind`, 'must be city or crossroads', 'SFR-BOARD-5');
    if (nd.kind === 'city' && !isStr(nd.cityId))
      return bad(`${p}.cityId`, 'must name the city on it', 'SFR-BOARD-5');
    nodeIdx.set(nd.id, nodes.length);
    cityOfNode.push(nd.kind === 'city' ? (nd.cityId as string) : null);
    nodes.push({ id: nd.id, hexes: hs.sort((x, y) => x - y), city: -1, adj: [], arrow: [], cities: [] });
    for (const h of hs) hexes[h]!.nodes.push(nodes.length - 1);
  }
  if (!Array.isArray(b.edges)) return bad('board.edges', 'must be a list');
  const ARROW: Record<string, number> = { none: 0, land: 1, sea: 2 };
  for (const [i, raw] of (b.edges as unknown[]).entries()) {
    const e = obj(raw);
    const p = `board.edges[${e && isStr(e.id) ? e.id : i}]`;
    if (!e) return bad(p, 'must be an object');
    const a = nodeIdx.get(e.a as string),
      c = nodeIdx.get(e.b as string);
    if (a === undefined) return bad(`${p}.a`, `names unknown node "${String(e.a)}"`, 'SFR-BOARD-6');
    if (c === undefined) return bad(`${p}.b`, `names unknown node "${String(e.b)}"`, 'SFR-BOARD-6');
    if (a === c) return bad(p, 'joins a node to itself', 'SFR-BOARD-6');
    const arrow = Object.hasOwn(ARROW, e.arrow as string) ? ARROW[e.arrow as string] : undefined;
    if (arrow === undefined) return bad(`${p}.arrow`, 'must be none, land or sea', 'SFR-BOARD-6');
    if (nodes[a]!.adj.includes(c))
      return bad(p, 'duplicates another section between the same nodes', 'SFR-BOARD-6');
    nodes[a]!.adj.push(c);
    nodes[a]!.arrow.push(arrow);
    nodes[c]!.adj.push(a);
    nodes[c]!.arrow.push(arrow);
  }
  const start = nodeIdx.get(b.startNode as string);
  if (start === undefined)
    return bad('board.startNode', `names unknown node "${String(b.startNode)}"`, 'SFR-BOARD-8');
  if (cityOfNode[start]) return bad('board.startNode', 'must be a crossroads', 'SFR-BOARD-8');
  const legionStart = hexIdx.get(b.legionnaireStartHex as string);
  if (legionStart === undefined)
    return bad(
      'board.legionnaireStartHex',
      `names unknown hex "${String(b.legionnaireStartHex)}"`,
      'SFR-SETUP-6',
    );
  if (hexes[legionStart]!.beyond)
    return bad('board.legionnaireStartHex', 'lies beyond the limes', 'SFR-LEG-3');
  // Connectivity from the start node.
  const seen = new Uint8Array(nodes.length);
  const q = [start];
  seen[start] = 1;
  while (q.length)
    for (const y of nodes[q.pop()!]!.adj)
      if (!seen[y]) {
        seen[y] = 1;
        q.push(y);
      }
  const lost = nodes.findIndex((_, i) => !seen[i]);
  if (lost >= 0)
    return bad(`board.nodes[${nodes[lost]!.id}]`, 'cannot be reached from the start node', 'SFR-BOARD-6');
  // Cities.
  const cities: CityRt[] = [];
  const cityIdx = new Map<string, number>();
  for (const [i, raw] of parts.cities.entries()) {
    const c = obj(raw);
    if (!c || !isStr(c.id)) return bad(`cities[${i}]`, 'must have an id');
    const p = `cities[${c.id}]`;
    if (cityIdx.has(c.id)) return bad(p, 'is listed twice');
    const prov = provinces.indexOf(c.province as string);
    if (prov < 0) return bad(`${p}.province`, `"${String(c.province)}" is not a province`, 'SFR-BOARD-5');
    const node = nodeIdx.get(c.node as string);
    if (node === undefined) return bad(`${p}.node`, `names unknown node "${String(c.node)}"`, 'SFR-BOARD-5');
    if (cityOfNode[node] !== c.id)
      return bad(`${p}.node`, `node ${String(c.node)} is not marked as this city`, 'SFR-BOARD-5');
    if (!isInt(c.towers, 1)) return bad(`${p}.towers`, 'must be a whole number ≥ 1', 'SFR-BOARD-5');
    if (typeof c.neutralIn3p !== 'boolean')
      return bad(`${p}.neutralIn3p`, 'must be true or false', 'SFR-SETUP-4');
    cityIdx.set(c.id, cities.length);
    nodes[node]!.city = cities.length;
    cities.push({
      id: c.id,
      name: isStr(c.name) ? c.name : c.id,
      prov,
      node,
      towers: c.towers,
      neutral3: c.neutralIn3p,
    });
  }
  for (const [i, cid] of cityOfNode.entries())
    if (cid && !cityIdx.has(cid))
      return bad(`board.nodes[${nodes[i]!.id}].cityId`, `names unknown city "${cid}"`, 'SFR-BOARD-5');
  for (const c of cities) {
    const nd = nodes[c.node]!;
    if (!nd.adj.some((y) => nodes[y]!.city < 0))
      return bad(`cities[${c.id}]`, 'has no adjacent crossroads to plunder or found from', 'SFR-BOARD-7');
    for (const y of nd.adj) nodes[y]!.cities.push(nodes[c.node]!.city);
  }
  const byNumber: number[][] = Array.from({ length: 13 }, () => []);
  hexes.forEach((h, i) => h.num && byNumber[h.num]!.push(i));
  for (const list of byNumber) list.sort((x, y) => (hexes[x]!.id < hexes[y]!.id ? -1 : 1));
  const roman = hexes.map((h, i) => (h.beyond ? -1 : i)).filter((i) => i >= 0);
  // SFR-EXP-1(2): from each city, the cities reachable crossing at most one arrow (0-1 BFS).
  const reach1 = cities.map((c) => {
    const d = new Int8Array(nodes.length).fill(9);
    d[c.node] = 0;
    const dq: number[] = [c.node];
    const out: number[] = [];
    for (let k = 0; k < dq.length; k++) {
      const x = dq[k]!;
      const nx = nodes[x]!;
      for (let j = 0; j < nx.adj.length; j++) {
        const y = nx.adj[j]!;
        const nd = d[x]! + (nx.arrow[j]! > 0 ? 1 : 0);
        if (nd <= 1 && nd < d[y]!) {
          d[y] = nd;
          dq.push(y);
        }
      }
    }
    for (let y = 0; y < nodes.length; y++)
      if (d[y]! <= 1 && y !== c.node && nodes[y]!.city >= 0) out.push(nodes[y]!.city);
    return out.sort((x, y) => x - y);
  });
  return ok({
    hexes,
    nodes,
    cities,
    provinces,
    provinceNames,
    start,
    legionStart,
    hexIdx,
    nodeIdx,
    cityIdx,
    byNumber,
    roman,
    reach1,
  });
}

/* ------------------------------------------------------------------ tokens, cards, numbers */

const EFFECTS = new Set(['drawPasture', 'drawDevelopment', 'gainGold', 'goldPerWagon', 'loseFigure']);

function compileTokens(
  raw: unknown,
  provinces: string[],
  cities: CityRt[],
): Result<{ tokens: TokenRt[]; tokensByProv: number[][] }> {
  const o = obj(raw);
  if (!o || !Array.isArray(o.tokens)) return bad('loot-tokens.tokens', 'must be a list', 'SFR-COMP-4');
  const tokens: TokenRt[] = [];
  const ids = new Set<string>();
  const tokensByProv: number[][] = provinces.map(() => []);
  for (const [i, r] of (o.tokens as unknown[]).entries()) {
    const t = obj(r);
    if (!t || !isStr(t.id)) return bad(`loot-tokens.tokens[${i}]`, 'must have an id', 'SFR-COMP-4');
    const p = `loot-tokens.tokens[${t.id}]`;
    if (ids.has(t.id)) return bad(p, 'is listed twice', 'SFR-COMP-4');
    ids.add(t.id);
    const prov = provinces.indexOf(t.province as string);
    if (prov < 0) return bad(`${p}.province`, `"${String(t.province)}" is not a province`, 'SFR-COMP-4');
    if (!Array.isArray(t.effects) || t.effects.length === 0)
      return bad(`${p}.effects`, 'must list at least one effect', 'SFR-LOOT-1');
    const effects: Effect[] = [];
    for (const [j, er] of (t.effects as unknown[]).entries()) {
      const e = obj(er);
      if (!e || !EFFECTS.has(e.type as string))
        return bad(`${p}.effects[${j}].type`, `must be one of ${[...EFFECTS].join(', ')}`, 'SFR-LOOT-1');
      const count = e.count === undefined ? 1 : e.count;
      const gold = e.gold === undefined ? 0 : e.gold;
      if (!isInt(count, 1))
        return bad(`${p}.effects[${j}].count`, 'must be a whole number ≥ 1', 'SFR-LOOT-1');
      if (!isInt(gold)) return bad(`${p}.effects[${j}].gold`, 'must be a whole number ≥ 0', 'SFR-LOOT-1');
      if ((e.type === 'gainGold' || e.type === 'goldPerWagon') && gold < 1)
        return bad(`${p}.effects[${j}].gold`, 'must be ≥ 1 for a gold icon', 'SFR-LOOT-5');
      effects.push({ type: e.type as Effect['type'], count, gold });
    }
    tokensByProv[prov]!.push(tokens.length);
    tokens.push({ id: t.id, prov, kind: isStr(t.kind) ? t.kind : 'token', effects });
  }
  for (const [pi, prov] of provinces.entries()) {
    const need = cities.filter((c) => c.prov === pi).length;
    if (tokensByProv[pi]!.length < need)
      return bad(
        `loot-tokens (province ${prov})`,
        `has ${tokensByProv[pi]!.length} tokens for ${need} cities`,
        'SFR-SETUP-5',
      );
  }
  return ok({ tokens, tokensByProv });
}

function compileDev(raw: unknown): Result<{ dev: Map<string, DevRt>; devIds: string[]; devDeck: string[] }> {
  const o = obj(raw);
  if (!o || !Array.isArray(o.cards)) return bad('development-cards.cards', 'must be a list', 'SFR-COMP-6');
  const dev = new Map<string, DevRt>();
  const devDeck: string[] = [];
  for (const [i, r] of (o.cards as unknown[]).entries()) {
    const c = obj(r);
    if (!c || !isStr(c.id)) return bad(`development-cards.cards[${i}]`, 'must have an id', 'SFR-COMP-6');
    const p = `development-cards.cards[${c.id}]`;
    if (dev.has(c.id)) return bad(p, 'is listed twice', 'SFR-COMP-6');
    if (!isInt(c.count)) return bad(`${p}.count`, 'must be a whole number ≥ 0', 'SFR-COMP-6');
    if (!Array.isArray(c.phases)) return bad(`${p}.phases`, 'must be a list', 'SFR-DEV-2');
    const phases: number[] = [];
    for (const ph of c.phases) {
      if (ph === 'onAcquire' || ph === 'gameEnd') continue;
      if (ph !== 2 && ph !== 3 && ph !== 4)
        return bad(`${p}.phases`, `"${String(ph)}" is not 2, 3, 4, onAcquire or gameEnd`, 'SFR-DEV-2');
      phases.push(ph);
    }
    const e = obj(c.effect);
    if (!e) return bad(`${p}.effect`, 'is missing', 'SFR-COMP-6');
    let effect: DevEffect;
    switch (e.type) {
      case 'moveLegionnaire':
        effect = { type: 'moveLegionnaire', rob: e.rob === true };
        break;
      case 'ignoreTowers':
        effect = { type: 'ignoreTowers' };
        break;
      case 'strengthBonus': {
        const tribe = e.tribe === 'horsemen' ? 0 : e.tribe === 'warriors' ? 1 : -1;
        if (tribe < 0) return bad(`${p}.effect.tribe`, 'must be horsemen or warriors', 'SFR-DEV-7');
        if (!isInt(e.amount, 1)) return bad(`${p}.effect.amount`, 'must be a whole number ≥ 1', 'SFR-DEV-7');
        if (phases.some((ph) => ph !== tribe + 3))
          return bad(`${p}.phases`, 'must be the phase of its tribe', 'SFR-DEV-7');
        effect = { type: 'strengthBonus', tribe, amount: e.amount };
        break;
      }
      case 'gainGold':
        if (!isInt(e.gold, 1)) return bad(`${p}.effect.gold`, 'must be a whole number ≥ 1', 'SFR-DEV-8');
        effect = { type: 'gainGold', gold: e.gold };
        break;
      case 'victoryPoint':
        if (!isInt(e.vp, 1)) return bad(`${p}.effect.vp`, 'must be a whole number ≥ 1', 'SFR-DEV-9');
        effect = { type: 'victoryPoint', vp: e.vp };
        break;
      case 'takeResources': {
        if (!isInt(e.count, 1)) return bad(`${p}.effect.count`, 'must be a whole number ≥ 1', 'SFR-DEV-10');
        const choices = Array.isArray(e.choices)
          ? (e.choices as string[]).map((x) => (x === 'pastureBlind' ? 'pasture' : x))
          : [];
        if (!choices.length || choices.some((x) => !['grain', 'ore', 'pasture'].includes(x)))
          return bad(`${p}.effect.choices`, 'must list grain, ore and/or pastureBlind', 'SFR-DEV-10');
        effect = { type: 'takeResources', count: e.count, choices };
        break;
      }
      case 'freeArrows':
        if (!isInt(e.count, 1)) return bad(`${p}.effect.count`, 'must be a whole number ≥ 1', 'SFR-DEV-11');
        effect = { type: 'freeArrows', count: e.count };
        break;
      case 'freeSeaArrows':
        effect = { type: 'freeSeaArrows' };
        break;
      default:
        return bad(`${p}.effect.type`, `"${String(e.type)}" is not a known effect`, 'SFR-COMP-6');
    }
    const passive = effect.type === 'gainGold' || effect.type === 'victoryPoint';
    if (passive && phases.length)
      return bad(`${p}.phases`, 'must not list phases 2–4 for a treasure or VP card', 'SFR-DEV-8');
    if (!passive && !phases.length)
      return bad(`${p}.phases`, 'must list the phases it is played in', 'SFR-DEV-2');
    if (effect.type === 'moveLegionnaire' || effect.type === 'takeResources')
      if (phases.some((ph) => ph !== 2)) return bad(`${p}.phases`, 'must be phase 2 only', 'SFR-DEV-5');
    if (effect.type === 'ignoreTowers' || effect.type === 'freeArrows' || effect.type === 'freeSeaArrows')
      if (phases.some((ph) => ph === 2)) return bad(`${p}.phases`, 'must be phases 3/4 only', 'SFR-DEV-6');
    dev.set(c.id, {
      id: c.id,
      name: isStr(c.name) ? c.name : c.id,
      count: c.count,
      phases,
      counts: c.countsTowardPhaseLimit !== false,
      effect,
    });
    for (let k = 0; k < c.count; k++) devDeck.push(c.id);
  }
  if (isInt(o.meta && obj(o.meta)?.deckSize) && devDeck.length !== obj(o.meta)!.deckSize)
    return bad(
      'development-cards.meta.deckSize',
      `is ${String(obj(o.meta)!.deckSize)} but the counts add up to ${devDeck.length}`,
      'SFR-COMP-6',
    );
  return ok({ dev, devIds: [...dev.keys()], devDeck });
}

function compileNumbers(comp: unknown, awards: unknown, engine: unknown): Result<Numbers> {
  const c = obj(comp);
  const a = obj(awards);
  const e = obj(engine);
  if (!c) return bad('components', 'must be an object');
  if (!a || !Array.isArray(a.awards)) return bad('awards.awards', 'must be a list', 'SFR-COMP-7');
  if (!e) return bad('engine', 'must be an object');
  const g = (root: Record<string, unknown> | null, path: string, min = 0): Result<number> => {
    let v: unknown = root;
    for (const k of path.split('.')) v = obj(v)?.[k];
    return isInt(v, min) ? ok(v) : bad(path, `must be a whole number ≥ ${min}`);
  };
  const nums: Record<string, number> = {};
  for (const [key, root, path, min] of [
    ['pmin', c, 'players.min', 2],
    ['pmax', c, 'players.max', 2],
    ['horsemen', c, 'perPlayer.horsemen', 2],
    ['warriors', c, 'perPlayer.warriors', 2],
    ['wagons', c, 'perPlayer.wagons', 1],
    ['grain', c, 'resourceCards.grain', 1],
    ['ore', c, 'resourceCards.ore', 1],
    ['horses', c, 'resourceCards.horses', 1],
    ['cattle', c, 'resourceCards.cattle', 1],
    ['startGold', c, 'startingHand.gold', 0],
    ['startGrain', c, 'startingHand.grain', 0],
    ['startPasture', c, 'startingHand.pastureDraw', 0],
    ['boxArmy', c, 'startingTribeBox.armyFigures', 0],
    ['boxWagons', c, 'startingTribeBox.wagons', 0],
    ['emergencyGold', c, 'costs.emergencyGold.gold', 0],
    ['emergencyTimes', c, 'costs.emergencyGold.timesPerGame', 0],
    ['seaGold', c, 'costs.seaArrow.gold', 0],
    ['robGold', c, 'legionnaire.robGold', 0],
    ['perColour', c, 'plunderLimitPerColourPerTribe', 1],
    ['foundColours', c, 'foundingColoursRequired', 1],
    ['target', c, 'victory.target', 1],
    ['cityVp', c, 'victory.cityVp', 0],
    ['vpCardVp', c, 'victory.vpCardVp', 0],
    ['roseMarkers', c, 'windRoseMarkers', 1],
    ['cardsPerPhase', c, 'devCardsPerPhase', 1],
    ['diplomacyMin', e, 'awards.diplomacyMinPlayed', 1],
    ['heirCities', e, 'awards.heirCities', 1],
    ['maxOpenOffers', e, 'trade.maxOpenOffers', 1],
    ['maxCardsPerSide', e, 'trade.maxCardsPerSide', 1],
    ['maxGoldPerSide', e, 'trade.maxGoldPerSide', 0],
    ['roundLimit', e, 'defaults.roundLimit', 0],
    ['tradeInputLimit', e, 'defaults.tradeInputLimit', 0],
    ['maxPaidLand', e, 'routes.maxPaidLandArrows', 1],
    ['bankRate', e, 'bank.rate', 1],
    ['restGold', e, 'rest.gold', 0],
  ] as const) {
    const r = g(root, path, min);
    if (!r.ok)
      return bad(
        `${root === e ? 'engine' : 'components'}.${path}`,
        r.error.message.replace(/^.*data: \S+ /, '').replace(/\.$/, ''),
      );
    nums[key] = r.value;
  }
  if (nums.pmax! < nums.pmin! || nums.pmin! < 3 || nums.pmax! > 4)
    return bad(
      'components.players',
      'must be 3 to 4 (the III cities make sense only for 3 or 4)',
      'SFR-SETUP-1',
    );
  const costs = obj(c.costs)!;
  const pair = bundle(obj(costs.armyPair)?.pay, 'components.costs.armyPair.pay');
  if (!pair.ok) return pair;
  const wagon = bundle(obj(costs.wagon)?.pay, 'components.costs.wagon.pay');
  if (!wagon.ok) return wagon;
  const devc = bundle(obj(costs.developmentCard)?.pay, 'components.costs.developmentCard.pay');
  if (!devc.ok) return devc;
  const alts = obj(costs.landArrow)?.alternatives;
  if (!Array.isArray(alts)) return bad('components.costs.landArrow.alternatives', 'must be a list');
  const landGrain = alts.map((x) => obj(x)?.grain).find((x) => x !== undefined);
  const landGold = alts.map((x) => obj(x)?.gold).find((x) => x !== undefined);
  if (!isInt(landGrain, 1) || !isInt(landGold, 1))
    return bad(
      'components.costs.landArrow.alternatives',
      'must give one grain alternative and one gold alternative',
      'SFR-MOVE-4',
    );
  const colours = obj(c.playerColours)?.values;
  if (!Array.isArray(colours) || colours.length < nums.pmax! || !colours.every(isStr))
    return bad('components.playerColours.values', `must name at least ${nums.pmax} colours`, 'SFR-SETUP-1');
  const vb = obj(c.victory)?.tieBreak;
  if (vb !== 'goldAmongQualified' && vb !== 'vpThenGold')
    return bad('components.victory.tieBreak', 'must be goldAmongQualified or vpThenGold', 'SFR-END-5');
  const aw = (id: string): number | null => {
    const x = (a.awards as unknown[]).map(obj).find((y) => y?.id === id);
    return x && isInt(x.vp) ? x.vp : null;
  };
  const dip = aw('diplomacy'),
    enemy = aw('enemy-of-rome'),
    heir = aw('heir-of-rome');
  if (dip === null) return bad('awards.awards[diplomacy].vp', 'is missing', 'SFR-AWARD-2');
  if (enemy === null) return bad('awards.awards[enemy-of-rome].vp', 'is missing', 'SFR-AWARD-3');
  if (heir === null) return bad('awards.awards[heir-of-rome].vp', 'is missing', 'SFR-AWARD-4');
  const n = nums as Record<string, number>;
  return ok({
    players: { min: n.pmin!, max: n.pmax! },
    colours: colours as string[],
    perPlayer: [n.horsemen!, n.warriors!, n.wagons!],
    resources: [n.grain!, n.ore!, n.horses!, n.cattle!],
    startGold: n.startGold!,
    startGrain: n.startGrain!,
    startPasture: n.startPasture!,
    boxArmy: n.boxArmy!,
    boxWagons: n.boxWagons!,
    pairCost: pair.value,
    wagonCost: wagon.value,
    devCost: devc.value,
    emergencyGold: n.emergencyGold!,
    emergencyTimes: n.emergencyTimes!,
    bankRate: n.bankRate!,
    landGrain: landGrain,
    landGold: landGold,
    seaGold: n.seaGold!,
    freeArrows: obj(costs)?.firstArrowFree === false ? 0 : 1,
    robGold: n.robGold!,
    restGold: n.restGold!,
    perColour: n.perColour!,
    foundColours: n.foundColours!,
    target: n.target!,
    cityVp: n.cityVp!,
    vpCardVp: n.vpCardVp!,
    awardVp: { diplomacy: dip, enemy, heir },
    diplomacyMin: n.diplomacyMin!,
    heirCities: n.heirCities!,
    roseMarkers: n.roseMarkers!,
    cardsPerPhase: n.cardsPerPhase!,
    tieBreak: vb,
    trade: {
      maxOpenOffers: n.maxOpenOffers!,
      maxCardsPerSide: n.maxCardsPerSide!,
      maxGoldPerSide: n.maxGoldPerSide!,
    },
    defaults: { roundLimit: n.roundLimit!, tradeInputLimit: n.tradeInputLimit! },
    maxPaidLand: n.maxPaidLand!,
  });
}

/** Compiles a complete data set; the default one at load time, a custom map on demand. */
export function compile(map: MapParts): Result<Rt> {
  const m = compileMap(map);
  if (!m.ok) return m;
  const t = compileTokens(lootData, m.value.provinces, m.value.cities);
  if (!t.ok) return t;
  const d = compileDev(devData);
  if (!d.ok) return d;
  const C = compileNumbers(componentsData, awardsData, engineData);
  if (!C.ok) return C;
  if (C.value.perColour * m.value.provinces.length < C.value.foundColours)
    return bad('components.foundingColoursRequired', 'exceeds the number of provinces', 'SFR-FOUND-1');
  if (m.value.roman.length < 2)
    return bad('board.hexes', 'must have at least two Roman hexes for the legionnaire', 'SFR-LEG-2');
  let maxCardVp = 0;
  for (const x of d.value.dev.values())
    if (x.effect.type === 'victoryPoint') maxCardVp = Math.max(maxCardVp, x.effect.vp * C.value.vpCardVp);
  return ok({ ...m.value, ...t.value, ...d.value, maxCardVp, C: C.value, src: map, routes: new Map() });
}

const compiled = compile({
  board: boardData as unknown as Record<string, unknown>,
  cities: citiesData.cities,
});
if (!compiled.ok) throw new Error(compiled.error.message);
/** The default data, validated on load. */
export const DEFAULT_RT: Rt = compiled.value;

const custom = new WeakMap<object, Rt>();

/** Validates a `map` option value (a parsed board + cities object). */
export function parseMap(raw: unknown): Result<Rt> {
  const parts = splitMap(raw);
  if (!parts.ok) return parts;
  return compile(parts.value);
}

/** The runtime index of a game's options (the default data, or its custom map, compiled once). */
export function rtOf(opts: SfrOptions): Rt {
  const m = opts.map;
  if (m === undefined || m === null || typeof m !== 'object') return (current = DEFAULT_RT);
  let r = custom.get(m);
  if (!r) {
    const c = parseMap(m);
    if (!c.ok) throw new Error(c.error.message);
    r = c.value;
    custom.set(m, r);
  }
  return (current = r);
}

let current: Rt = DEFAULT_RT;
/**
 * The map last looked up by `rtOf`: the one log events name their places on. The contract gives
 * `formatEvent` no view, and a browser (or the command line) shows one table at a time, whose every
 * view, action text and text view looks its map up first.
 */
export const currentRt = (): Rt => current;

export const DEFAULT_OPTIONS: SfrOptions = {
  tieBreak: DEFAULT_RT.C.tieBreak,
  roundLimit: DEFAULT_RT.C.defaults.roundLimit,
  tradeInputLimit: DEFAULT_RT.C.defaults.tradeInputLimit,
};

export function parseOptions(raw: unknown): Result<SfrOptions> {
  const r = (raw ?? {}) as Record<string, unknown>;
  if (typeof r !== 'object' || Array.isArray(r))
    return err('sfr.err.options.invalid', 'Options must be an object.');
  const known = ['tieBreak', 'roundLimit', 'tradeInputLimit', 'map'];
  for (const k of Object.keys(r))
    if (!known.includes(k))
      return err(
        'sfr.err.options.unknown',
        `Unknown option "${k}" (known: ${known.join(', ')}).`,
        undefined,
        { option: k },
      );
  const o: SfrOptions = { ...DEFAULT_OPTIONS };
  if (r.tieBreak !== undefined) {
    if (r.tieBreak !== 'goldAmongQualified' && r.tieBreak !== 'vpThenGold')
      return err(
        'sfr.err.options.tieBreak',
        'Option "tieBreak" must be "goldAmongQualified" or "vpThenGold".',
        'SFR-END-5',
      );
    o.tieBreak = r.tieBreak;
  }
  for (const k of ['roundLimit', 'tradeInputLimit'] as const)
    if (r[k] !== undefined) {
      if (!isInt(r[k])) return err(`sfr.err.options.${k}`, `Option "${k}" must be a whole number ≥ 0.`);
      o[k] = r[k];
    }
  if (r.map !== undefined && r.map !== null) {
    const m = parseMap(r.map);
    if (!m.ok) return m;
    o.map = r.map;
    custom.set(r.map as object, m.value);
  }
  return ok(o);
}
