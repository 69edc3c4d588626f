/**
 * The board's geometry from the view's layout (RW-MAP-01..03): each area on the board is one hexagon
 * of the flat-top lattice (its tile's position and rotation), its borders toward each neighbour
 * (mountain if either side prints one, water likewise) and the board's extent in map units.
 */
import type { Pack, RwView } from '@tabula/runewars';
import { DIRS, key, printedEdge, qOf, rOf } from '@tabula/runewars';

export interface Border {
  /** Corner points of the shared side. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** 1 mountain, 2 water. */
  kind: number;
}
export interface Geo {
  on: number[];
  at: Map<number, { x: number; y: number }>;
  borders: Border[];
  /** Neighbours of each area, with the border kind (0 plain, 1 mountain, 2 water). */
  adj: Map<number, { b: number; kind: number }[]>;
  bounds: { x: number; y: number; w: number; h: number };
}

const S3 = Math.sqrt(3);

export function geoOf(p: Pack, v: Pick<RwView, 'pos' | 'rot'>): Geo {
  const on: number[] = [];
  const at = new Map<number, { x: number; y: number }>();
  const byKey = new Map<number, number>();
  for (let a = 0; a < v.pos.length; a++) {
    const k = v.pos[a]!;
    if (k < 0) continue;
    on.push(a);
    byKey.set(k, a);
    const q = qOf(k),
      r = rOf(k);
    at.set(a, { x: 1.5 * q, y: S3 * (r + q / 2) });
  }
  const borders: Border[] = [];
  const adj = new Map<number, { b: number; kind: number }[]>();
  for (const a of on) {
    const k = v.pos[a]!;
    const q = qOf(k),
      r = rOf(k);
    const c = at.get(a)!;
    const list: { b: number; kind: number }[] = [];
    for (let d = 0; d < 6; d++) {
      const b = byKey.get(key(q + DIRS[d]![0], r + DIRS[d]![1]));
      const ea = printedEdge(p, a, v.rot[a]!, d);
      let kind = ea;
      if (b !== undefined) {
        const eb = printedEdge(p, b, v.rot[b]!, (d + 3) % 6);
        kind = ea === 1 || eb === 1 ? 1 : ea === 2 || eb === 2 ? 2 : 0;
        list.push({ b, kind });
        if (b < a) continue; // each shared side once
      }
      if (!kind) continue;
      // Side d lies between the corners (4 + d) and (5 + d) of a flat-top hexagon.
      const c1 = ((4 + d) % 6) * 60,
        c2 = ((5 + d) % 6) * 60;
      const rad = Math.PI / 180;
      borders.push({
        x1: c.x + Math.cos(c1 * rad),
        y1: c.y + Math.sin(c1 * rad),
        x2: c.x + Math.cos(c2 * rad),
        y2: c.y + Math.sin(c2 * rad),
        kind,
      });
    }
    adj.set(a, list);
  }
  if (!on.length) return { on, at, borders, adj, bounds: { x: -5, y: -5, w: 10, h: 10 } };
  const xs = [...at.values()].map((p) => p.x),
    ys = [...at.values()].map((p) => p.y);
  const x = Math.min(...xs) - 1.2,
    y = Math.min(...ys) - 1.1;
  return {
    on,
    at,
    borders,
    adj,
    bounds: { x, y, w: Math.max(...xs) + 1.2 - x, h: Math.max(...ys) + 1.1 - y },
  };
}
