/**
 * The map as a player sees it: where every hex, crossroads and city lies (for a drawn board), and the
 * name of every place (for action texts, the log, the text view and screen readers) — never a data id.
 *
 * - a city by its name (Russian names from the catalog for the cities of the default map);
 * - a hex by its terrain, number and the direction from the nearest city: "fields 9 northwest of
 *   Castra Regina";
 * - a crossroads by the cities it touches ("the crossroads between Verona and Mediolanum"), or by the
 *   direction from the one city it touches or the nearest one ("the crossroads north of Verona"); where
 *   two crossroads would read alike, by the hexes around it too.
 *
 * Everything is computed once per compiled map (a custom map file draws and names itself the same way).
 */
import type { Locale } from '@tabula/engine';
import { translate } from '@tabula/engine';
import type { Rt } from './config.js';
import { DEFAULT_RT } from './config.js';
import { messages } from './messages.js';

export type Terrain = 'fields' | 'mountains' | 'pasture' | 'forest';
const TERRAINS: readonly Terrain[] = ['fields', 'mountains', 'pasture'];

export interface HexGeo {
  id: string;
  x: number;
  y: number;
  terrain: Terrain;
  /** Number token, 0 for none. */
  num: number;
  /** Province index, -1 beyond the limes or none. */
  prov: number;
  beyond: boolean;
}

export interface NodeGeo {
  id: string;
  x: number;
  y: number;
  /** City index or -1. */
  city: number;
}

export interface EdgeGeo {
  a: number;
  b: number;
  /** 0 plain road, 1 land arrow, 2 sea arrow. */
  arrow: number;
  /** A sea route's label from the data ("Tarraco - Massilia (Gulf of Lion)"), if any. */
  label?: string;
}

export interface MapGeo {
  hexes: HexGeo[];
  nodes: NodeGeo[];
  edges: EdgeGeo[];
  /** Per city: an eagle on it. */
  eagle: boolean[];
  /** Per province index: the data's colour name (green, blue, …). */
  provColour: string[];
  /** Colour name of the lands beyond the limes. */
  beyondColour: string;
  /** The limes as pairs of node indices (a border line). */
  limes: [number, number][];
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}

interface Names {
  /** Per hex: nearest city and direction from it (0 = north, clockwise, 8 sectors). */
  hexRef: { city: number; dir: number }[];
  /** Per node: the cities it touches, or a reference city and direction; `detail`: name its hexes too. */
  nodeRef: { cities: number[]; city: number; dir: number; detail: boolean }[];
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

const geos = new WeakMap<Rt, MapGeo & Names>();

/** Where everything lies on a compiled map (hex size 1, y grows southward), with what names need. */
export function mapGeo(r: Rt): MapGeo {
  return geo(r);
}

function geo(r: Rt): MapGeo & Names {
  let g = geos.get(r);
  if (g) return g;
  const board = r.src.board;
  const rawHexes = (board.hexes as unknown[]).map(rec);
  const hexes: HexGeo[] = r.hexes.map((h, i) => {
    const raw = rawHexes[i]!;
    let x = num(raw.x),
      y = num(raw.y);
    if (x === undefined || y === undefined) {
      const q = num(raw.q) ?? 0,
        rr = num(raw.r) ?? 0;
      x = Math.sqrt(3) * (q + rr / 2);
      y = 1.5 * rr;
    }
    const terrain: Terrain = h.res < 0 ? 'forest' : TERRAINS[h.res]!;
    const prov = typeof raw.province === 'string' ? r.provinces.indexOf(raw.province) : -1;
    return { id: h.id, x, y, terrain, num: h.num, prov, beyond: h.beyond };
  });
  const rawNodes = (board.nodes as unknown[]).map(rec);
  const nodes: NodeGeo[] = r.nodes.map((n, i) => {
    const raw = rawNodes[i]!;
    let x = num(raw.x),
      y = num(raw.y);
    if (x === undefined || y === undefined) {
      // No position in the file: the middle of its hexes (a map file should give x and y).
      x = n.hexes.reduce((s, h) => s + hexes[h]!.x, 0) / n.hexes.length;
      y = n.hexes.reduce((s, h) => s + hexes[h]!.y, 0) / n.hexes.length;
    }
    return { id: n.id, x, y, city: n.city };
  });
  const edges: EdgeGeo[] = [];
  for (const raw of (board.edges as unknown[]).map(rec)) {
    const a = r.nodeIdx.get(raw.a as string)!,
      b = r.nodeIdx.get(raw.b as string)!;
    const arrow = raw.arrow === 'land' ? 1 : raw.arrow === 'sea' ? 2 : 0;
    const e: EdgeGeo = { a, b, arrow };
    if (typeof raw.label === 'string') e.label = raw.label;
    edges.push(e);
  }
  const eagle = r.cities.map((c) => {
    const raw = (r.src.cities as unknown[]).map(rec).find((x) => x.id === c.id);
    return raw?.eagle === true;
  });
  const regions = Array.isArray(board.regions) ? (board.regions as unknown[]).map(rec) : [];
  const provColour = r.provinces.map((p) => String(regions.find((x) => x.id === p)?.colour ?? 'grey'));
  const beyondColour = String(regions.find((x) => x.id === null)?.colour ?? 'brown');
  const limes: [number, number][] = [];
  if (Array.isArray(board.limesBorder))
    for (const pair of board.limesBorder as unknown[]) {
      if (!Array.isArray(pair)) continue;
      const a = r.nodeIdx.get(pair[0] as string),
        b = r.nodeIdx.get(pair[1] as string);
      if (a !== undefined && b !== undefined) limes.push([a, b]);
    }
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const h of hexes) {
    minX = Math.min(minX, h.x - 0.9);
    maxX = Math.max(maxX, h.x + 0.9);
    minY = Math.min(minY, h.y - 1);
    maxY = Math.max(maxY, h.y + 1);
  }
  // Names: the nearest city of every hex, the reference city of every crossroads.
  const cityXY = r.cities.map((c) => nodes[c.node]!);
  const nearest = (x: number, y: number, among: readonly number[]) => {
    let best = -1,
      bd = Infinity;
    for (const c of among) {
      const d = (cityXY[c]!.x - x) ** 2 + (cityXY[c]!.y - y) ** 2;
      if (d < bd - 1e-9) {
        bd = d;
        best = c;
      }
    }
    return best;
  };
  const all = r.cities.map((_, i) => i);
  const dirOf = (c: number, x: number, y: number) => {
    const a = Math.atan2(x - cityXY[c]!.x, -(y - cityXY[c]!.y)); // 0 = north, clockwise
    return (((Math.round(a / (Math.PI / 4)) % 8) + 8) % 8) as number;
  };
  const hexRef = hexes.map((h) => {
    const city = nearest(h.x, h.y, all);
    return { city, dir: city < 0 ? 0 : dirOf(city, h.x, h.y) };
  });
  const nodeRef = r.nodes.map((n, i) => {
    const p = nodes[i]!;
    const cities = n.city >= 0 ? [] : n.cities.length >= 2 ? n.cities.slice() : [];
    const city = n.cities.length === 1 ? n.cities[0]! : nearest(p.x, p.y, all);
    return { cities, city, dir: city < 0 ? 0 : dirOf(city, p.x, p.y), detail: false };
  });
  // Two crossroads that would read alike are told apart by their hexes.
  const seen = new Map<string, number[]>();
  nodeRef.forEach((ref, i) => {
    if (r.nodes[i]!.city >= 0) return;
    const touches = r.nodes[i]!.cities.length === 1;
    const key = ref.cities.length
      ? `c${ref.cities.join(',')}`
      : `${touches ? 'a' : 'd'}${ref.city}:${ref.dir}`;
    const list = seen.get(key) ?? [];
    list.push(i);
    seen.set(key, list);
  });
  for (const list of seen.values()) if (list.length > 1) for (const i of list) nodeRef[i]!.detail = true;
  g = {
    hexes,
    nodes,
    edges,
    eagle,
    provColour,
    beyondColour,
    limes,
    bounds: { minX, minY, maxX, maxY },
    hexRef,
    nodeRef,
  };
  geos.set(r, g);
  return g;
}

const tr = (l: Locale, k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);

/** A city's name: the catalog's (Russian) name for a city of the default map, else the map's own. */
export function cityLabel(r: Rt, c: number, l: Locale): string {
  const city = r.cities[c];
  if (!city) return '?';
  const d = DEFAULT_RT.cityIdx.get(city.id);
  if (d !== undefined && DEFAULT_RT.cities[d]!.name === city.name) {
    const key = `sfr.city.${city.id}`;
    if (messages[l]?.[key] !== undefined) return tr(l, key);
  }
  return city.name;
}

/** A province's name: the catalog's for the default provinces, else the map's own name. */
export function provinceLabel(r: Rt, prov: number, l: Locale): string {
  const key = `sfr.prov.${r.provinces[prov]}`;
  return messages[l]?.[key] !== undefined || messages.en[key] !== undefined
    ? tr(l, key)
    : (r.provinceNames[prov] ?? r.provinces[prov] ?? '?');
}

/** "fields 9", "forest". */
export function terrainLabel(h: HexGeo, l: Locale): string {
  const t = tr(l, `sfr.terrain.${h.terrain}`);
  return h.num ? `${t} ${h.num}` : t;
}

/** "fields 9 northwest of Castra Regina" */
export function hexLabel(r: Rt, h: number, l: Locale): string {
  const g = geo(r);
  const hex = g.hexes[h];
  if (!hex) return '?';
  const ref = g.hexRef[h]!;
  if (ref.city < 0) return terrainLabel(hex, l);
  return tr(l, 'sfr.place.hex', {
    terrain: terrainLabel(hex, l),
    dir: tr(l, `sfr.dir.${ref.dir}`),
    city: cityLabel(r, ref.city, l),
  });
}

/** "the crossroads between Verona and Mediolanum", "the crossroads north of Verona". */
export function nodeLabel(r: Rt, n: number, l: Locale): string {
  const node = r.nodes[n];
  if (!node) return '?';
  if (node.city >= 0) return cityLabel(r, node.city, l);
  const g = geo(r);
  const ref = g.nodeRef[n]!;
  let text: string;
  if (ref.cities.length) {
    const names = ref.cities.map((c) => cityLabel(r, c, l));
    const last = names.pop()!;
    text = tr(l, 'sfr.place.between', { a: names.join(', '), b: last });
  } else if (ref.city < 0) text = tr(l, 'sfr.place.crossroads');
  else if (node.cities.length === 1)
    text = tr(l, 'sfr.place.nodeOf', {
      side: tr(l, `sfr.corner.${ref.dir}`),
      city: cityLabel(r, ref.city, l),
    });
  else text = tr(l, 'sfr.place.node', { dir: tr(l, `sfr.dir.${ref.dir}`), city: cityLabel(r, ref.city, l) });
  if (!ref.detail) return text;
  // Told apart by the corner of its first hex it is.
  const hex = g.hexes[node.hexes[0]!]!;
  const p = g.nodes[n]!;
  const a = Math.atan2(p.x - hex.x, -(p.y - hex.y));
  const corner = ((Math.round(a / (Math.PI / 4)) % 8) + 8) % 8;
  return tr(l, 'sfr.place.withCorner', {
    place: text,
    corner: tr(l, `sfr.corner.${corner}`),
    hex: terrainLabel(hex, l),
  });
}

/** Any place by its data id: a city, a hex or a crossroads (the id itself only if it is none of them). */
export function placeLabel(r: Rt, id: string, l: Locale): string {
  const c = r.cityIdx.get(id);
  if (c !== undefined) return cityLabel(r, c, l);
  const h = r.hexIdx.get(id);
  if (h !== undefined) return hexLabel(r, h, l);
  const n = r.nodeIdx.get(id);
  if (n !== undefined) return nodeLabel(r, n, l);
  return id;
}
