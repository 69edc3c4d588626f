/**
 * Routes (spec §9, SFR-MOVE-8): the cheapest ways from a crossroads to every other, per movement
 * variant (free arrows, free sea arrows), computed once per source and variant on first use and kept
 * in the runtime index (`Rt.routes`), with their entries packed for the legal listing (migration.ts).
 */
import type { Rt } from './config.js';

/** One cheapest way to a destination: paid land arrows L, paid sea arrows S, the node route. */
export interface RouteEntry {
  to: number;
  land: number;
  sea: number;
  /** The node ids from the source to `to`; built on first use (see `routeOf`). */
  route: string[] | null;
  /** End state of the search (for building the route). */
  state: number;
}

/** The cheapest routes from one source under one movement variant. */
export interface RouteTable {
  /** Entries sorted by paid land arrows, then paid sea arrows. */
  entries: RouteEntry[];
  /** The entries' paid land arrows, paid sea arrows and destinations, packed (for the legal listing). */
  land: Int32Array;
  sea: Int32Array;
  to: Int32Array;
  /**
   * Where entry i's move actions start in an array of `size` slots: one slot per payment split, i.e.
   * `base[i] + g` for g land arrows paid with grain (0..land[i]).
   */
  base: Int32Array;
  size: number;
  /** The entries to each node: `first[node]`, then `next[i]` (-1 ends), in entry order. */
  first: Int32Array;
  next: Int32Array;
  /** Move actions by slot (shared and frozen, built on first listing), per movement card ('' = none). */
  moves: Map<string, unknown[]>;
  pred: Int32Array;
  F: number;
  LM: number;
}

/* ------------------------------------------------------------------ routes (SFR-MOVE) */

/** Movement variant: arrows free at the start of the movement, and whether sea arrows are free. */
export interface Variant {
  free: number;
  seaFree: boolean;
}

/**
 * The cheapest routes from `src` to every crossroads (SFR-MOVE-8): for each destination, the
 * Pareto-optimal (paid land arrows, paid sea arrows) pairs, each with one route. A 0-1 BFS over
 * (node, arrows used so far up to `free`, paid land arrows) minimising paid sea arrows; computed
 * once per source and variant and cached in the runtime index.
 */
export function routesFrom(rt: Rt, src: number, v: Variant): RouteEntry[] {
  return table(rt, src, v).entries;
}

/** The route table from `src` under variant `v` (its entries are `routesFrom(rt, src, v)`). */
export function routeTable(rt: Rt, src: number, v: Variant): RouteTable {
  return table(rt, src, v);
}

/** The node route of an entry of `routesFrom(rt, src, v)` (built once, then shared). */
export function routeOf(rt: Rt, src: number, v: Variant, en: RouteEntry): string[] {
  if (en.route) return en.route;
  const t = table(rt, src, v);
  const path: string[] = [];
  for (let s = en.state; s >= 0; s = t.pred[s]!) path.push(rt.nodes[(s / (t.F * t.LM)) | 0]!.id);
  path.reverse();
  en.route = Object.freeze(path) as string[];
  return en.route;
}

function table(rt: Rt, src: number, v: Variant): RouteTable {
  const key = v.free * 2 + (v.seaFree ? 1 : 0);
  let tables = rt.routes.get(key);
  if (!tables) {
    tables = new Array(rt.nodes.length);
    rt.routes.set(key, tables);
  }
  const hit = tables[src];
  if (hit) return hit;
  const F = v.free + 1;
  const LM = rt.C.maxPaidLand + 1;
  const N = rt.nodes.length * F * LM;
  const dist = new Int32Array(N).fill(1 << 29);
  const pred = new Int32Array(N).fill(-1);
  const s0 = src * F * LM;
  dist[s0] = 0;
  // 0-1 BFS with a ring-buffer deque.
  const cap = N * 4 + 16;
  const dq = new Int32Array(cap);
  let head = cap >> 1,
    tail = head;
  dq[tail++] = s0;
  while (head < tail) {
    const s = dq[head++]!;
    const node = (s / (F * LM)) | 0;
    const f = ((s / LM) | 0) % F;
    const L = s % LM;
    const ds = dist[s]!;
    const nd = rt.nodes[node]!;
    for (let j = 0; j < nd.adj.length; j++) {
      const y = nd.adj[j]!;
      const a = nd.arrow[j]!;
      let f2 = f,
        L2 = L,
        w = 0;
      if (a > 0) {
        if (f < v.free) f2 = f + 1;
        else if (a === 1) L2 = L + 1;
        else w = v.seaFree ? 0 : 1;
      }
      if (L2 >= LM) continue;
      const t = (y * F + f2) * LM + L2;
      if (ds + w < dist[t]!) {
        dist[t] = ds + w;
        pred[t] = s;
        if (w === 0) dq[--head] = t;
        else dq[tail++] = t;
      }
    }
  }
  const out: RouteEntry[] = [];
  const gl = rt.C.landGold,
    gs = rt.C.seaGold;
  const cand: number[] = [];
  for (let y = 0; y < rt.nodes.length; y++) {
    if (y === src || rt.nodes[y]!.city >= 0) continue;
    // Best sea count per L (over every f); keep strictly decreasing sea counts, then drop pairs that
    // a later pair beats in gold (it costs no more gold and also allows grain).
    cand.length = 0;
    let bestS = 1 << 29;
    for (let L = 0; L < LM; L++) {
      let S = 1 << 29,
        st = -1;
      for (let f = 0; f < F; f++) {
        const t = (y * F + f) * LM + L;
        if (dist[t]! < S) {
          S = dist[t]!;
          st = t;
        }
      }
      if (st >= 0 && S < bestS) {
        bestS = S;
        cand.push(L, S, st);
      }
    }
    for (let i = 0; i < cand.length; i += 3) {
      let beaten = false;
      for (let j = i + 3; j < cand.length; j += 3)
        if (cand[j]! * gl + cand[j + 1]! * gs <= cand[i]! * gl + cand[i + 1]! * gs) beaten = true;
      if (!beaten)
        out.push({
          to: y,
          land: cand[i]!,
          sea: cand[i + 1]!,
          route: null,
          state: cand[i + 2]!,
        });
    }
  }
  out.sort((a, b) => a.land - b.land || a.sea - b.sea || a.to - b.to);
  const n = out.length;
  const land = new Int32Array(n),
    sea = new Int32Array(n),
    to = new Int32Array(n),
    base = new Int32Array(n);
  let size = 0;
  for (let i = 0; i < n; i++) {
    const en = out[i]!;
    land[i] = en.land;
    sea[i] = en.sea;
    to[i] = en.to;
    base[i] = size;
    size += en.land + 1;
  }
  const first = new Int32Array(rt.nodes.length).fill(-1),
    next = new Int32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    next[i] = first[to[i]!]!;
    first[to[i]!] = i;
  }
  const t: RouteTable = {
    entries: out,
    land,
    sea,
    to,
    base,
    size,
    first,
    next,
    moves: new Map(),
    pred,
    F,
    LM,
  };
  tables[src] = t;
  return t;
}
