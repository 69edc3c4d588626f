/**
 * Boards built by the players (01-setup.md §3; RW-MAP-04..16, RW-MAP-19..23, RW-MAP-27; RW-DP-03/04/06),
 * and the same steps done by the engine at random (RW-SETUP-22, RW-RAND-06).
 *
 * Board step 2 gives each player the tiles named by his two Setup Quests (RW-MAP-06; the pack's tiles are
 * whole, the puzzle tiles already joined, RW-MAP-04). Step 3: the first player puts one of his tiles in
 * the centre, then clockwise each puts one, until all are down (RW-MAP-07); a tile after the first must
 * have two of its areas touching two different placed areas (RW-MAP-08/10) and no mountain or water
 * border against a mountain or water border (RW-MAP-09); a player with no legal placement for either of
 * his tiles starts the step again for everyone (RW-MAP-11). Step 4: the first player puts one setup
 * marker per player against the board's edge — two empty lattice cells touching at least three plain
 * borders, at least three areas from every other marker (RW-MAP-12..15); if they cannot all be placed the
 * board is rebuilt from step 3 (RW-MAP-16). Step 6: each home realm replaces a marker, two of its areas on
 * the marker's cells, the third on a free cell, any rotation, RW-MAP-09 kept (RW-MAP-19..21, RW-MAP-27);
 * a home realm next to another sends steps 4–6 back to the start (RW-MAP-22/23).
 *
 * Decisions of ours: a marker is legal only where a home realm can then be placed (the rulebook's redo
 * of steps 4–6 for a player who cannot place his realm then never happens); a step restarted three times
 * is completed by the random-board helper (the timeout defaults are deterministic and would repeat the
 * same dead end).
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK, randInt } from '@tabula/engine';
import { boardKey, fail, only, pk, printedEdge } from './common.js';
import { DIRS, key, lattDist, qOf, rotate, rOf } from './pack.js';
import { clockwise, placeTile, setManualHome } from './setup.js';
import type { Frame, RwAction, RwState } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;
type HomeAction = Extract<RwAction, { type: 'home' }>;

/** Restarts of a board step before the random-board helper completes it (a decision of ours). */
export const REDO_MAX = 3;

const CELLS = 64 * 64;
/** Placed areas by lattice cell (-1 none): a scratch array rebuilt per call. */
let occ = new Int16Array(CELLS);
function occupancy(st: RwState): Int16Array {
  if (occ.length < CELLS) occ = new Int16Array(CELLS);
  occ.fill(-1);
  for (let a = 0; a < st.pos.length; a++) if (st.pos[a]! >= 0) occ[st.pos[a]!] = a;
  return occ;
}

/** Rotated local offsets of areas (q, r pairs), per pack, area and rotation (computed once). */
const offCache = new WeakMap<object, Int8Array>();
function offsets(st: RwState): Int8Array {
  const p = pk(st);
  let o = offCache.get(p);
  if (!o) {
    o = new Int8Array(p.areas.length * 12);
    p.areas.forEach((x, a) => {
      for (let rot = 0; rot < 6; rot++) {
        const [q, r] = rotate(x.off[0], x.off[1], rot);
        o![a * 12 + rot * 2] = q;
        o![a * 12 + rot * 2 + 1] = r;
      }
    });
    offCache.set(p, o);
  }
  return o;
}

const neighbour = (c: number, d: number): number => key(qOf(c) + DIRS[d]![0], rOf(c) + DIRS[d]![1]);
const inRange = (q: number, r: number) => q > -30 && q < 30 && r > -30 && r < 30;

/* ------------------------------------------------------------------ tiles (RW-MAP-06..11) */

/** The tiles a seat still holds: those named by his Setup Quests, not yet on the board (RW-MAP-06). */
export function tilesOf(st: RwState, seat: Seat): number[] {
  const p = pk(st);
  const out: number[] = [];
  for (const q of st.p[seat]!.setupQuests) {
    const t = p.areas[p.quests[q]!.area]!.tile;
    if (t >= 0 && !out.includes(t) && st.pos[p.tiles[t]!.areas[0]!]! < 0) out.push(t);
  }
  return out.sort((x, y) => x - y);
}

function anyTilePlaced(st: RwState): boolean {
  const p = pk(st);
  for (const t of p.tiles) if (st.pos[t.areas[0]!]! >= 0) return true;
  return false;
}

/** Why a tile placement is refused (0: it is legal). */
export const T_OK = 0,
  T_OVERLAP = 1,
  T_CENTRE = 2,
  T_BORDER = 3,
  T_TOUCH = 4;

/**
 * Whether tile `t` may go with its first area at (q, r), turned `rot` (T_OK), or why not: no overlap;
 * the first tile in the centre (RW-MAP-07); later ones with no coloured border against a coloured one
 * (RW-MAP-09) and two new areas touching two different placed areas (RW-MAP-08/10).
 */
export function tileCheck(st: RwState, o: Int16Array, t: number, q: number, r: number, rot: number): number {
  const p = pk(st);
  const areas = p.tiles[t]!.areas;
  const off = offsets(st);
  const cells: number[] = [];
  for (const a of areas) {
    const dq = off[a * 12 + rot * 2]!,
      dr = off[a * 12 + rot * 2 + 1]!;
    if (!inRange(q + dq, r + dr)) return T_OVERLAP;
    const c = key(q + dq, r + dr);
    if (o[c]! >= 0) return T_OVERLAP;
    cells.push(c);
  }
  if (!anyTilePlaced(st)) return q === 0 && r === 0 ? T_OK : T_CENTRE;
  const xs: number[] = [],
    ys: number[] = [];
  for (let i = 0; i < areas.length; i++)
    for (let d = 0; d < 6; d++) {
      const y = o[neighbour(cells[i]!, d)]!;
      if (y < 0) continue;
      if (printedEdge(p, areas[i]!, rot, d) && printedEdge(p, y, st.rot[y]!, (d + 3) % 6)) return T_BORDER;
      xs.push(areas[i]!);
      ys.push(y);
    }
  for (let i = 0; i < xs.length; i++)
    for (let j = i + 1; j < xs.length; j++) if (xs[i] !== xs[j] && ys[i] !== ys[j]) return T_OK;
  return T_TOUCH;
}

export const tileFits = (st: RwState, o: Int16Array, t: number, q: number, r: number, rot: number): boolean =>
  tileCheck(st, o, t, q, r, rot) === T_OK;

const seen = new Uint8Array(CELLS);

/** Every legal placement of a seat's tiles: by tile, then (q, r) ascending, then rotation (RW-DP-89 DP-03). */
export function tileOffers(st: RwState, seat: Seat, out: RwAction[]): void {
  const p = pk(st);
  const o = occupancy(st);
  const off = offsets(st);
  const first = !anyTilePlaced(st);
  const placed: number[] = [];
  for (let c = 0; c < CELLS; c++) if (o[c]! >= 0) placed.push(c);
  for (const t of tilesOf(st, seat)) {
    const found: number[] = []; // (anchor key * 8 + rot)
    for (let rot = 0; rot < 6; rot++) {
      if (first) {
        if (tileFits(st, o, t, 0, 0, rot)) found.push(key(0, 0) * 8 + rot);
        continue;
      }
      seen.fill(0);
      for (const c of placed) {
        for (let d = 0; d < 6; d++) {
          const n = neighbour(c, d);
          if (o[n]! >= 0) continue;
          for (const a of p.tiles[t]!.areas) {
            const q = qOf(n) - off[a * 12 + rot * 2]!,
              r = rOf(n) - off[a * 12 + rot * 2 + 1]!;
            if (!inRange(q, r)) continue;
            const k = key(q, r);
            if (seen[k]) continue;
            seen[k] = 1;
            if (tileFits(st, o, t, q, r, rot)) found.push(k * 8 + rot);
          }
        }
      }
    }
    found.sort((x, y) => x - y);
    for (const f of found) out.push({ type: 'tile', tile: t, q: qOf(f >> 3), r: rOf(f >> 3), rot: f & 7 });
  }
}

/** Takes every tile off the board (RW-MAP-11/16) and clears the markers. */
function clearTiles(st: RwState): void {
  const p = pk(st);
  for (const t of p.tiles)
    for (const a of t.areas) {
      st.pos[a] = -1;
      st.rot[a] = 0;
    }
  st.markers = [];
  st.bkey = boardKey(st);
}

/** RW-MAP-11: nobody could place: every tile back, board step 3 again (after REDO_MAX, at random). */
function restartTiles(st: RwState, f: F<'tile'> | F<'marker'>, log: EventSink, rule: string): void {
  clearTiles(st);
  st.stack.pop();
  emit(log, 'rw.ev.boardRedo', { seat: f.seat }, [rule]);
  if (f.redo + 1 >= REDO_MAX) {
    randomTilesAndMarkers(st, log);
    return;
  }
  st.stack.push({ k: 'tile', seat: st.first, left: 2 * st.n, redo: f.redo + 1 });
}

export function runTile(st: RwState, f: F<'tile'>, log: EventSink): boolean {
  const out: RwAction[] = [];
  tileOffers(st, f.seat, out);
  if (out.length) return true;
  restartTiles(st, f, log, 'RW-MAP-11');
  return false;
}

export const tileDecision: Decision<RwState, F<'tile'>, RwAction> = {
  prompt: 'rw.tile',
  rule: 'RW-MAP-07',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (st, f) => ({
    args: {
      tiles: tilesOf(st, f.seat)
        .map((t) => pk(st).tiles[t]!.id)
        .join(', '),
    },
  }),
  offers(st, f, _seat, out) {
    tileOffers(st, f.seat, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type !== 'tile') return fail('wrongAction', 'Place one of your tiles.', 'RW-DP-03');
    if (!tilesOf(st, seat).includes(a.tile))
      return fail('notYourTile', 'Place one of the tiles your Setup Quests name.', 'RW-MAP-06');
    const why =
      Number.isInteger(a.q) && Number.isInteger(a.r) && Number.isInteger(a.rot) && a.rot >= 0 && a.rot <= 5
        ? tileCheck(st, occupancy(st), a.tile, a.q, a.r, a.rot)
        : T_OVERLAP;
    if (why === T_CENTRE) return fail('tileCentre', 'The first tile goes in the centre.', 'RW-MAP-07');
    if (why === T_BORDER)
      return fail(
        'tileBorder',
        'A mountain or water border may not lie against another mountain or water border.',
        'RW-MAP-09',
      );
    if (why === T_TOUCH)
      return fail(
        'tileTouch',
        'Two areas of the tile must touch two different areas already placed.',
        'RW-MAP-08',
      );
    if (why !== T_OK) return fail('tileFree', 'A tile goes on free places of the board.', 'RW-MAP-10');
    placeTile(st, a.tile, a.q, a.r, a.rot);
    emit(log, 'rw.ev.tile', { seat, tile: pk(st).tiles[a.tile]!.id }, [
      'RW-MAP-07',
      'RW-MAP-08',
      'RW-MAP-09',
      'RW-MAP-10',
    ]);
    f.left--;
    f.seat = (f.seat + 1) % st.n;
    if (f.left === 0) {
      st.stack.pop();
      st.stack.push({ k: 'marker', seat: st.first, left: st.n, redo: f.redo });
    }
    return OK;
  },
  // RW-DP-89 (DP-03): the first legal placement (his lower-numbered tile, (q, r) ascending, rotation 0–5).
  byDefault(st, f) {
    const out: RwAction[] = [];
    tileOffers(st, f.seat, out);
    return out[0] ?? null;
  },
};

/* ------------------------------------------------------------------ setup markers (RW-MAP-12..16) */

/** Cells of the markers on the board (pairs). */
function markerCellsOf(st: RwState): number[] {
  return st.markers;
}

/** Why a marker place is refused (0: it is legal). */
export const M_OK = 0,
  M_CELLS = 1,
  M_APART = 2,
  M_TOUCH = 3,
  M_HOME = 4;

/**
 * Whether a marker may cover cells a, b (M_OK), or why not (RW-MAP-13..15): two adjacent cells, both empty
 * and off the board, not on another marker; at least 4 cells from every other marker's cells; touching at
 * least three plain borders of placed areas; and (a decision of ours) every player's home realm fits it.
 */
export function markerCheck(st: RwState, o: Int16Array, a: number, b: number): number {
  if (a === b || lattDist(a, b) !== 1 || o[a]! >= 0 || o[b]! >= 0) return M_CELLS;
  const p = pk(st);
  for (const m of markerCellsOf(st)) if (lattDist(m, a) < 4 || lattDist(m, b) < 4) return M_APART;
  let plain = 0;
  for (const c of [a, b])
    for (let d = 0; d < 6; d++) {
      const y = o[neighbour(c, d)]!;
      if (y >= 0 && printedEdge(p, y, st.rot[y]!, (d + 3) % 6) === 0) plain++;
    }
  if (plain < 3) return M_TOUCH;
  // Every home realm has the pack's one shape; with no printed border on any, one seat's tells for all.
  const plainHomes = p.factions.every((f) => f.home.every((h) => p.areas[h]!.edges.every((e) => e === 0)));
  for (let s = 0; s < st.n; s++) {
    if (st.fac[s]! < 0) continue;
    if (plainHomes && s > 0 && st.fac[0]! >= 0) break;
    let ok = false;
    for (let rot = 0; rot < 6 && !ok; rot++) if (homeCells(st, o, s, a, b, rot)) ok = true;
    if (!ok) return M_HOME;
  }
  return M_OK;
}

export const markerFits = (st: RwState, o: Int16Array, a: number, b: number): boolean =>
  markerCheck(st, o, a, b) === M_OK;

/** Legal marker places as [a, b] pairs, a < b, ascending (RW-DP-89 DP-04: canonical order). */
export function markerOffers(st: RwState, out: RwAction[]): void {
  const o = occupancy(st);
  const pairs: number[] = [];
  for (let c = 0; c < CELLS; c++) {
    if (o[c]! >= 0) continue;
    let rim = false;
    for (let d = 0; d < 6 && !rim; d++) if (o[neighbour(c, d)]! >= 0) rim = true;
    if (!rim || !inRange(qOf(c), rOf(c))) continue;
    for (let d = 0; d < 6; d++) {
      const n = neighbour(c, d);
      if (!inRange(qOf(n), rOf(n))) continue;
      const a = Math.min(c, n),
        b = Math.max(c, n);
      const k = a * CELLS + b;
      if (pairs.includes(k)) continue;
      if (markerFits(st, o, a, b)) pairs.push(k);
    }
  }
  pairs.sort((x, y) => x - y);
  for (const k of pairs) out.push({ type: 'marker', a: Math.floor(k / CELLS), b: k % CELLS });
}

export function runMarker(st: RwState, f: F<'marker'>, log: EventSink): boolean {
  const out: RwAction[] = [];
  markerOffers(st, out);
  if (out.length) return true;
  restartTiles(st, f, log, 'RW-MAP-16'); // the markers cannot all be placed: the board again
  return false;
}

export const markerDecision: Decision<RwState, F<'marker'>, RwAction> = {
  prompt: 'rw.marker',
  rule: 'RW-MAP-12',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { left: f.left } }),
  offers(st, _f, _seat, out) {
    markerOffers(st, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type !== 'marker') return fail('wrongAction', 'Place a home realm setup marker.', 'RW-DP-04');
    const x = Math.min(a.a, a.b),
      y = Math.max(a.a, a.b);
    const why =
      Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y < CELLS
        ? markerCheck(st, occupancy(st), x, y)
        : M_CELLS;
    if (why === M_APART) return fail('markerApart', 'At least three areas between two markers.', 'RW-MAP-14');
    if (why === M_TOUCH)
      return fail(
        'markerTouch',
        'A marker touches at least three plain (not mountain, not water) borders of the board.',
        'RW-MAP-13',
      );
    if (why === M_HOME)
      return fail(
        'markerHome',
        'A home realm must fit on the marker: its third area on a free place.',
        'RW-MAP-27',
      );
    if (why !== M_OK)
      return fail('markerPlace', 'A marker covers two adjacent free places against the board.', 'RW-MAP-15');
    st.markers.push(x, y);
    emit(log, 'rw.ev.marker', { seat, left: f.left - 1 }, [
      'RW-MAP-12',
      'RW-MAP-13',
      'RW-MAP-14',
      'RW-MAP-15',
    ]);
    f.left--;
    if (f.left === 0) st.stack.pop();
    return OK;
  },
  // RW-DP-89 (DP-04): the first legal marker position in canonical order.
  byDefault(st) {
    const out: RwAction[] = [];
    markerOffers(st, out);
    return out[0] ?? null;
  },
};

/* ------------------------------------------------------------------ home realms (RW-MAP-19..23, RW-MAP-27) */

/**
 * The cells of a seat's home areas (a, b, c) on the marker (x, y) turned `rot`, or null (RW-MAP-27): two
 * areas exactly on the marker's cells, the third on a free cell off every other marker, and no coloured
 * border against a coloured one (RW-MAP-09/20).
 */
function homeCells(
  st: RwState,
  o: Int16Array,
  seat: Seat,
  x: number,
  y: number,
  rot: number,
): number[] | null {
  const p = pk(st);
  const home = p.factions[st.fac[seat]!]!.home;
  const off = offsets(st);
  const offs = [0, 1, 2].map((h) => [off[home[h]! * 12 + rot * 2]!, off[home[h]! * 12 + rot * 2 + 1]!]);
  const dq = qOf(y) - qOf(x),
    dr = rOf(y) - rOf(x);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      if (i === j || offs[j]![0] - offs[i]![0] !== dq || offs[j]![1] - offs[i]![1] !== dr) continue;
      // Area i on x, area j on y: the anchor follows.
      const q0 = qOf(x) - offs[i]![0],
        r0 = rOf(x) - offs[i]![1];
      const cells = offs.map(([q, r]) => key(q0 + q, r0 + r));
      const k = 3 - i - j;
      const third = cells[k]!;
      if (!inRange(qOf(third), rOf(third)) || o[third]! >= 0) return null;
      const ms = markerCellsOf(st);
      for (let m = 0; m < ms.length; m += 2) {
        if (ms[m] === x && ms[m + 1] === y) continue;
        if (ms[m] === third || ms[m + 1] === third) return null;
      }
      for (let h = 0; h < 3; h++)
        for (let d = 0; d < 6; d++) {
          const n = o[neighbour(cells[h]!, d)]!;
          if (n >= 0 && printedEdge(p, home[h]!, rot, d) && printedEdge(p, n, st.rot[n]!, (d + 3) % 6))
            return null;
        }
      return cells;
    }
  return null;
}

/** Legal home realm placements: (marker index, rotation), markers in order, rotations 0–5 (RW-DP-89 DP-06). */
function homeOffers(st: RwState, seat: Seat, out: RwAction[]): void {
  const o = occupancy(st);
  const ms = st.markers;
  for (let m = 0; m < ms.length; m += 2)
    for (let rot = 0; rot < 6; rot++)
      if (homeCells(st, o, seat, ms[m]!, ms[m + 1]!, rot)) out.push({ type: 'home', marker: m / 2, rot });
}

/** Whether a home realm area is adjacent to an area of another home realm (RW-MAP-22). */
export function homesTouch(st: RwState): boolean {
  const o = occupancy(st);
  for (let a = 0; a < st.pos.length; a++) {
    const h = st.home[a]!;
    if (h < 0 || st.pos[a]! < 0) continue;
    for (let d = 0; d < 6; d++) {
      const y = o[neighbour(st.pos[a]!, d)]!;
      if (y >= 0 && st.home[y]! >= 0 && st.home[y] !== h) return true;
    }
  }
  return false;
}

/**
 * RW-MAP-23: rune tokens, home realms and markers leave the board; board steps 4, 5 and 6 again (the game
 * frame goes back to its rune step once the markers are down).
 */
function redoHomes(st: RwState, log: EventSink): void {
  const p = pk(st);
  for (let a = 0; a < st.pos.length; a++) {
    if (st.rk[a]! >= 0) {
      st.rk[a] = -1;
      st.rh[a] = 0;
      st.rup[a] = 0;
    }
    if (p.areas[a]!.tile < 0) {
      st.pos[a] = -1;
      st.rot[a] = 0;
      st.home[a] = -1;
    }
  }
  st.runePile = [p.rules.dragonRunes, p.rules.falseRunes];
  for (const x of st.p) {
    x.kn = [];
    x.rune = -1;
  }
  st.markers = [];
  st.bkey = boardKey(st);
  while (st.stack.length && st.stack[st.stack.length - 1]!.k === 'home') st.stack.pop();
  const g = st.stack[st.stack.length - 1];
  if (g?.k === 'game') g.step = 3;
  st.stack.push({ k: 'marker', seat: st.first, left: st.n, redo: 0 });
  emit(log, 'rw.ev.boardRedo', { seat: st.first }, ['RW-MAP-22', 'RW-MAP-23']);
}

function placeHomeAt(st: RwState, seat: Seat, a: HomeAction, log: EventSink): ApplyResult {
  const p = pk(st);
  const ms = st.markers;
  const m = a.marker;
  if (a.flip)
    return fail(
      'homeFace',
      'Home realm tiles have one face in this data pack: choose a rotation.',
      'RW-MAP-21',
    );
  if (
    !Number.isInteger(m) ||
    m < 0 ||
    2 * m + 1 >= ms.length ||
    !Number.isInteger(a.rot) ||
    a.rot < 0 ||
    a.rot > 5
  )
    return fail('noMarker', 'Choose one of the home realm places still free.', 'RW-MAP-19');
  const cells = homeCells(st, occupancy(st), seat, ms[2 * m]!, ms[2 * m + 1]!, a.rot);
  if (!cells)
    return fail(
      'homePlace',
      "Two of your realm's areas on the marker's places, the third on a free place, and no mountain or water border against another.",
      'RW-MAP-27',
    );
  const home = p.factions[st.fac[seat]!]!.home;
  home.forEach((ar, i) => {
    st.pos[ar] = cells[i]!;
    st.rot[ar] = a.rot;
    st.home[ar] = seat;
  });
  ms.splice(2 * m, 2);
  st.bkey = boardKey(st);
  st.stack.pop();
  emit(log, 'rw.ev.home', { seat, marker: m }, ['RW-MAP-19', 'RW-MAP-20', 'RW-MAP-27']);
  if (homesTouch(st)) redoHomes(st, log); // RW-MAP-22/23, at once
  return OK;
}

setManualHome(homeOffers, placeHomeAt);

/* ------------------------------------------------------------------ the random board (RW-SETUP-22, RW-RAND-06) */

/**
 * Board steps 3 and 4 at random from the game's generator: each tile a uniform pick among its most compact
 * legal placements, each marker among the legal places, in the players' order; any dead end starts over,
 * until a legal board results (RW-RAND-06).
 */
export function randomTilesAndMarkers(st: RwState, log: EventSink): void {
  for (let attempt = 0; attempt < 1000; attempt++) {
    clearTiles(st);
    let ok = true;
    let seat = st.first;
    for (let i = 0; i < 2 * st.n && ok; i++) {
      const out: RwAction[] = [];
      tileOffers(st, seat, out);
      const best = compact(st, out);
      if (!best.length) ok = false;
      else {
        const a = best[randInt(st.rng, best.length)]!;
        placeTile(st, a.tile, a.q, a.r, a.rot);
      }
      seat = (seat + 1) % st.n;
    }
    for (let i = 0; i < st.n && ok; i++) {
      const out: RwAction[] = [];
      markerOffers(st, out);
      if (!out.length) ok = false;
      else {
        const a = out[randInt(st.rng, out.length)] as Extract<RwAction, { type: 'marker' }>;
        st.markers.push(a.a, a.b);
      }
    }
    if (ok) {
      emit(log, 'rw.ev.randomBoard', {}, ['RW-SETUP-22', 'RW-RAND-06', 'RW-MAP-10', 'RW-MAP-15']);
      return;
    }
  }
  throw new Error('RuneWars: no legal random board found');
}

/**
 * The placements touching the most placed areas (a decision of ours: a uniform pick among all legal
 * placements strings the tiles out in a chain; players build compact boards).
 */
function compact(st: RwState, out: RwAction[]): Extract<RwAction, { type: 'tile' }>[] {
  const p = pk(st);
  const o = occupancy(st);
  let most = -1;
  let best: Extract<RwAction, { type: 'tile' }>[] = [];
  for (const a of out) {
    if (a.type !== 'tile') continue;
    let n = 0;
    for (const x of p.tiles[a.tile]!.areas) {
      const [dq, dr] = rotate(p.areas[x]!.off[0], p.areas[x]!.off[1], a.rot);
      const c = key(a.q + dq, a.r + dr);
      for (let d = 0; d < 6; d++) if (o[neighbour(c, d)]! >= 0) n++;
    }
    if (n > most) {
      most = n;
      best = [];
    }
    if (n === most) best.push(a);
  }
  return best;
}

/** Board step 6 at random: each player in turn (RW-MAP-19) on a uniform pick of his legal placements. */
export function randomHomes(st: RwState, log: EventSink): void {
  for (const s of clockwise(st, (st.first + 1) % st.n)) {
    const out: RwAction[] = [];
    homeOffers(st, s, out);
    const a = out[randInt(st.rng, out.length)] as HomeAction;
    st.stack.push({ k: 'home', seat: s });
    placeHomeAt(st, s, a, log);
  }
}

/** Board steps 3–4 (RW-MAP-07..16): the first player starts; or the random board (RW-SETUP-22). */
export function startManualBoard(st: RwState, log: EventSink): void {
  st.markers = [];
  if (st.opts.board === 'random') {
    randomTilesAndMarkers(st, log);
    return;
  }
  st.stack.push({ k: 'tile', seat: st.first, left: 2 * st.n, redo: 0 });
}
