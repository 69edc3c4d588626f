/**
 * Migration (spec §9): a nomadic tribe's movement along the road sections to a free crossroads, the
 * arrows it pays with grain or gold after the free ones (SFR-MOVE-3..6), sea arrows, the movement
 * cards (Forced March, Vandal Fleet), and the listing of every destination by its cheapest routes.
 */
import type { ApplyResult, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import type { Rt } from './config.js';
import type { RouteTable, Variant } from './routes.js';
import { routeOf, routeTable } from './routes.js';
import type { FrameOf } from './common.js';
import { e, payGold, perRt, rt } from './common.js';
import { consumeCard, modifierError } from './cards.js';
import type { SfrAction, SfrState } from './types.js';
import { GRAIN, TRIBES } from './types.js';

type Move = Extract<SfrAction, { type: 'move' }>;

/** The cards that change a movement's arrows (SFR-DEV-11/12). */
const MOVE_CARDS = ['freeArrows', 'freeSeaArrows'];

/** Arrows of a route and their cost under a variant; null if the route is not a walk along sections. */
export function routeCost(
  st: SfrState,
  from: number,
  route: unknown,
  v: Variant,
): { land: number; sea: number; to: number } | null {
  const r = rt(st);
  if (!Array.isArray(route) || route.length < 2) return null;
  // A listed route is one of the table's own (shared, frozen): its entry knows its arrows.
  const y = r.nodeIdx.get(route[route.length - 1] as string);
  if (y !== undefined) {
    const t = routeTable(r, from, v);
    for (let i = t.first[y]!; i >= 0; i = t.next[i]!)
      if (t.entries[i]!.route === route) return { land: t.land[i]!, sea: t.sea[i]!, to: y };
  }
  let cur = r.nodeIdx.get(route[0] as string);
  if (cur !== from) return null;
  let used = 0,
    land = 0,
    sea = 0;
  for (let i = 1; i < route.length; i++) {
    const y = r.nodeIdx.get(route[i] as string);
    if (y === undefined) return null;
    const nd = r.nodes[cur!]!;
    const j = nd.adj.indexOf(y);
    if (j < 0) return null;
    const a = nd.arrow[j]!;
    if (a > 0) {
      if (used < v.free) used++;
      else if (a === 1) land++;
      else if (!v.seaFree) sea++;
    }
    cur = y;
  }
  return { land, sea, to: cur! };
}

/** A move without a card: the free arrows of the rules, sea arrows paid (SFR-MOVE-3/4). */
const plainVariant = perRt((r): Variant => Object.freeze({ free: r.C.freeArrows, seaFree: false }));

/** The movement variant of a move without a card, or with Forced March / Vandal Fleet (SFR-DEV-11/12). */
export function variantOf(st: SfrState, card: string | undefined): Variant {
  const C = rt(st).C;
  if (card === undefined) return plainVariant(rt(st));
  const d = rt(st).dev.get(card)!;
  if (d.effect.type === 'freeArrows') return { free: Math.max(C.freeArrows, d.effect.count), seaFree: false };
  return { free: C.freeArrows, seaFree: true };
}

/** Is node `y` a free crossroads for `seat` (SFR-MOVE-2)? */
export function freeCrossroads(st: SfrState, seat: Seat, y: number): boolean {
  if (rt(st).nodes[y]!.city >= 0) return false;
  for (let s = 0; s < st.n; s++) {
    if (s === seat) continue;
    const tr = st.p[s]!.tribes;
    if ((!tr[0]!.settled && tr[0]!.node === y) || (!tr[1]!.settled && tr[1]!.node === y)) return false;
  }
  return true;
}

type Cost = { land: number; sea: number; to: number };

/**
 * The arrows the movement `a` pays, or why the tribe of step `f` cannot make it (SFR-MOVE, SFR-ACT-3/4).
 */
function priceMove(st: SfrState, f: FrameOf<'act'>, a: Move): RuleError | Cost {
  const r = rt(st);
  const C = r.C;
  const p = st.p[f.seat]!;
  const tr = p.tribes[f.t]!;
  if (tr.settled) return e('settled', 'A settled tribe never moves.', 'SFR-ACT-3');
  if (f.moved || f.done)
    return e('alreadyMoved', 'At most one movement per step, and none after a plunder.', 'SFR-ACT-4');
  const merr = modifierError(st, f.seat, a.card, MOVE_CARDS);
  if (merr) return merr;
  const to = r.nodeIdx.get(a.to);
  if (to === undefined) return e('noSuchNode', 'There is no such crossroads on the map.', 'SFR-MOVE-2');
  if (to === tr.node)
    return e('sameNode', 'The destination must differ from the current node.', 'SFR-MOVE-2');
  if (!freeCrossroads(st, f.seat, to))
    return e(
      'occupied',
      'The destination must be a crossroads without another player\u2019s marker.',
      'SFR-MOVE-2',
    );
  const c = routeCost(st, tr.node, a.route, variantOf(st, a.card));
  if (!c || c.to !== to)
    return e(
      'badRoute',
      'The route must be a walk along road sections from your marker to the destination.',
      'SFR-MOVE-8',
    );
  if (!Number.isInteger(a.grain) || a.grain < 0 || a.grain > c.land)
    return e('badSplit', `Pay each of the ${c.land} paid land arrows with grain or gold.`, 'SFR-MOVE-5');
  const grain = a.grain * C.landGrain;
  const gold = (c.land - a.grain) * C.landGold + c.sea * C.seaGold;
  if (p.res[GRAIN]! < grain || p.gold < gold)
    return e('cannotAfford', 'You cannot pay for that movement.', 'SFR-MOVE-6');
  return c;
}

/** SFR-MOVE-1..6: the tribe of step `f` moves, paying its arrows (with a movement card, if any). */
export function doMove(st: SfrState, f: FrameOf<'act'>, a: Move, log: EventSink): ApplyResult {
  const c = priceMove(st, f, a);
  if ('code' in c) return { ok: false, error: c };
  const seat = f.seat;
  const C = rt(st).C;
  const p = st.p[seat]!;
  const tr = p.tribes[f.t]!;
  if (a.card !== undefined)
    consumeCard(st, seat, a.card, log, ['SFR-DEV-11', 'SFR-DEV-12', 'SFR-DEV-13', 'SFR-DP-22']);
  const grain = a.grain * C.landGrain;
  const gold = (c.land - a.grain) * C.landGold + c.sea * C.seaGold;
  if (grain) {
    p.res[GRAIN]! -= grain;
    st.grain += grain;
  }
  if (gold) payGold(st, p, gold);
  tr.node = c.to;
  f.moved = true;
  if (log)
    emit(log, 'sfr.ev.move', { seat, tribe: TRIBES[f.t], to: a.to, route: a.route.slice(), grain, gold }, [
      'SFR-MOVE-1',
      'SFR-MOVE-2',
      'SFR-MOVE-3',
      'SFR-MOVE-4',
      'SFR-MOVE-5',
      'SFR-MOVE-6',
      'SFR-DP-19',
      'SFR-DP-20',
    ]);
  return OK;
}

/**
 * Every free destination by its cheapest routes, with each affordable payment split (SFR-DP-19/20).
 * The route table's entries are sorted by paid land arrows, so the listing stops at the first it
 * cannot pay; the move actions are built once per table, entry and split and shared (frozen), so
 * listing allocates nothing and reads packed arrays only.
 */
export function moveActions(
  st: SfrState,
  seat: Seat,
  from: number,
  card: string | undefined,
  out: SfrAction[],
): void {
  const r = rt(st);
  const C = r.C;
  const p = st.p[seat]!;
  const grain = Math.floor(p.res[GRAIN]! / C.landGrain);
  const gold = p.gold;
  const v = card === undefined ? plainVariant(r) : variantOf(st, card);
  const t = routeTable(r, from, v);
  const lg = C.landGold,
    sg = C.seaGold;
  const maxLand = grain + Math.floor(gold / lg);
  // Other players' nomadic markers block a destination (SFR-MOVE-2); cities never appear in the tables.
  let b0 = -1,
    b1 = -1,
    more: number[] | null = null;
  for (let s = 0; s < st.n; s++) {
    if (s === seat) continue;
    const tribes = st.p[s]!.tribes;
    for (let k = 0; k < 2; k++) {
      const tr = tribes[k]!;
      if (tr.settled) continue;
      if (b0 < 0) b0 = tr.node;
      else if (b1 < 0) b1 = tr.node;
      else (more ??= []).push(tr.node);
    }
  }
  const key = card ?? '';
  let moves = t.moves.get(key) as (SfrAction | undefined)[] | undefined;
  if (moves === undefined) {
    moves = new Array<SfrAction | undefined>(t.size).fill(undefined);
    t.moves.set(key, moves);
  }
  const L = t.land,
    S = t.sea,
    T = t.to,
    B = t.base;
  for (let i = 0, n = L.length; i < n; i++) {
    const land = L[i]!;
    if (land > maxLand) break;
    const left = gold - S[i]! * sg;
    if (left < 0) continue;
    // g land arrows paid with grain: g ≤ grain and (L − g)·landGold + sea ≤ gold.
    const lo = Math.max(0, land - Math.floor(left / lg));
    const hi = land < grain ? land : grain;
    if (lo > hi) continue;
    const to = T[i]!;
    if (to === b0 || to === b1 || (more !== null && more.includes(to))) continue;
    const b = B[i]!;
    for (let g = lo; g <= hi; g++) {
      const a = moves[b + g];
      out.push(a !== undefined ? a : buildMoves(r, from, v, t, i, card, moves)[b + g]!);
    }
  }
}

/** The move actions of entry `i` of a route table, every payment split, into `moves` (once). */
function buildMoves(
  r: Rt,
  from: number,
  v: Variant,
  t: RouteTable,
  i: number,
  card: string | undefined,
  moves: (SfrAction | undefined)[],
): (SfrAction | undefined)[] {
  const id = r.nodes[t.to[i]!]!.id;
  const route = routeOf(r, from, v, t.entries[i]!);
  for (let g = 0; g <= t.land[i]!; g++)
    moves[t.base[i]! + g] = Object.freeze(
      card === undefined
        ? { type: 'move', to: id, route, grain: g }
        : { type: 'move', to: id, route, grain: g, card },
    ) as SfrAction;
  return moves;
}
