/**
 * M0: boards built by the players (RW-MAP-04..16, RW-MAP-19..23, RW-MAP-27, RW-DP-03/04/06) and by the
 * engine at random (RW-SETUP-22, RW-RAND-06): tiles by Setup Quests, placement rules, markers, home realms,
 * the restarts.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { board, checkInvariants, DEFAULT_PACK, runewars as g } from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { act, newGame, playDefaults, rejects, top } from './helpers.js';
import { advance } from '../src/decisions.js';
import {
  homesTouch,
  markerCheck,
  M_APART,
  M_OK,
  M_TOUCH,
  REDO_MAX,
  T_BORDER,
  T_OK,
  T_TOUCH,
  tileCheck,
  tilesOf,
} from '../src/board.js';
import { printedEdge } from '../src/common.js';
import { DIRS, key, lattDist, qOf, rOf, rotate } from '../src/pack.js';

const p = DEFAULT_PACK;

/** A manual-board game of `n` players stopped at the first frame of kind `k`. */
function at(n: number, k: string, seed = 'board', board = 'manual'): RwState {
  return playDefaults(newGame(n, seed, { board }), (st) => top(st).k === k);
}

/** Placed areas by lattice cell. */
function occ(st: RwState): Int16Array {
  const o = new Int16Array(64 * 64).fill(-1);
  st.pos.forEach((c, a) => {
    if (c >= 0) o[c] = a;
  });
  return o;
}
const nb = (c: number, d: number) => key(qOf(c) + DIRS[d]![0], rOf(c) + DIRS[d]![1]);
const tileIds = (st: RwState, seat: number) => tilesOf(st, seat).map((t) => p.tiles[t]!.id);

describe('tiles', () => {
  it('RW-MAP-04, RW-MAP-05, RW-MAP-06, RW-SETUP-21: each player holds the tiles of his two Setup Quests; puzzle tiles are whole', () => {
    for (const n of [2, 3, 4]) {
      const st = at(n, 'tile', `tiles-${n}`);
      const all: string[] = [];
      for (let s = 0; s < n; s++) {
        const want = st.p[s]!.setupQuests.map((q) => p.areas[p.quests[q]!.area]!.id.replace(/[A-Z]$/, ''));
        expect(tileIds(st, s)).toEqual(want.sort());
        all.push(...want);
      }
      expect(new Set(all).size).toBe(2 * n); // 4, 6 or 8 tiles (two per player)
    }
    // Tiles 5, 6 and 8 are single tiles of four areas in the pack (their two halves joined).
    for (const id of ['5', '6', '8']) expect(p.tiles.find((t) => t.id === id)!.areas).toHaveLength(4);
  });

  it('RW-MAP-07, RW-DP-03, RW-DP-89: the first player puts a tile in the centre, then each clockwise, twice round; the default is the first legal placement', () => {
    const st = at(3, 'tile', 'order');
    const f = top(st) as Extract<RwState['stack'][number], { k: 'tile' }>;
    expect(f).toMatchObject({ seat: st.first, left: 6 });
    const legal = g.legalActions(st, st.first) as Extract<RwAction, { type: 'tile' }>[];
    expect(legal.every((a) => a.q === 0 && a.r === 0)).toBe(true);
    expect(legal).toHaveLength(12); // two tiles × six rotations
    const t = legal[0]!.tile;
    rejects(st, st.first, { type: 'tile', tile: t, q: 1, r: 0, rot: 0 }, 'RW-MAP-07', 'tileCentre');
    const other = p.tiles.findIndex((_, i) => !tilesOf(st, st.first).includes(i));
    rejects(st, st.first, { type: 'tile', tile: other, q: 0, r: 0, rot: 0 }, 'RW-MAP-06', 'notYourTile');
    expect(g.defaultAction(st, st.first)).toEqual(legal[0]);
    const seats: number[] = [];
    for (let i = 0; i < 6; i++) {
      const s = g.prompts(st)[0]!.seat;
      seats.push(s);
      act(st, s, g.defaultAction(st, s)!);
    }
    expect(seats).toEqual([0, 1, 2, 0, 1, 2].map((i) => (st.first + i) % 3));
    expect(top(st).k).toBe('marker');
  });

  it('RW-MAP-08, RW-MAP-09, RW-MAP-10: a later tile touches two different placed areas with two of its areas, on free places, no coloured border against a coloured one', () => {
    const st = at(4, 'tile', 'rules');
    act(st, st.first, g.defaultAction(st, st.first)!);
    const seat = g.prompts(st)[0]!.seat;
    const o = occ(st);
    // Every legal offer keeps the three rules, checked here on their own.
    for (const a of g.legalActions(st, seat) as Extract<RwAction, { type: 'tile' }>[]) {
      const cells = p.tiles[a.tile]!.areas.map((x) => {
        const [dq, dr] = rotate(p.areas[x]!.off[0], p.areas[x]!.off[1], a.rot);
        return key(a.q + dq, a.r + dr);
      });
      const pairs: [number, number][] = [];
      cells.forEach((c, i) => {
        expect(o[c]).toBe(-1);
        for (let d = 0; d < 6; d++) {
          const y = o[nb(c, d)]!;
          if (y < 0) continue;
          const x = p.tiles[a.tile]!.areas[i]!;
          expect(printedEdge(p, x, a.rot, d) && printedEdge(p, y, st.rot[y]!, (d + 3) % 6)).toBeFalsy();
          pairs.push([x, y]);
        }
      });
      expect(pairs.some(([x1, y1]) => pairs.some(([x2, y2]) => x1 !== x2 && y1 !== y2))).toBe(true);
    }
    // Refusals: overlap, a single touching area, a coloured border against a coloured one.
    const t = tilesOf(st, seat)[0]!;
    const reasons = new Map<number, Extract<RwAction, { type: 'tile' }>>();
    for (let q = -6; q <= 6; q++)
      for (let r = -6; r <= 6; r++)
        for (let rot = 0; rot < 6; rot++) {
          const why = tileCheck(st, o, t, q, r, rot);
          if (!reasons.has(why)) reasons.set(why, { type: 'tile', tile: t, q, r, rot });
        }
    expect(reasons.has(T_OK)).toBe(true);
    rejects(st, seat, { ...reasons.get(T_OK)!, q: 0, r: 0 }, 'RW-MAP-10', 'tileFree');
    rejects(st, seat, reasons.get(T_TOUCH)!, 'RW-MAP-08', 'tileTouch');
    if (reasons.has(T_BORDER)) rejects(st, seat, reasons.get(T_BORDER)!, 'RW-MAP-09', 'tileBorder');
  });

  it('RW-MAP-11: a player with no legal placement: every tile is picked up and board step 3 starts again; after three restarts the board is completed at random', () => {
    const st = at(2, 'tile', 'redo');
    act(st, st.first, g.defaultAction(st, st.first)!);
    const seat = g.prompts(st)[0]!.seat;
    const held = st.p[seat]!.setupQuests;
    st.p[seat]!.setupQuests = []; // he holds no tile he can place
    const log: GameEvent[] = [];
    advance(st, log);
    expect(log.map((e) => e.key)).toContain('rw.ev.boardRedo');
    expect(top(st)).toMatchObject({ k: 'tile', seat: st.first, left: 4, redo: 1 });
    expect(board(st).on).toHaveLength(0);
    st.p[seat]!.setupQuests = held;
    // Board step 3 again, with the same tiles.
    expect(tileIds(st, seat)).toHaveLength(2);
    playDefaults(st, (s) => top(s).k === 'runes');
    expect(p.tiles.filter((x) => st.pos[x.areas[0]!]! >= 0)).toHaveLength(4);
  });
});

describe('setup markers', () => {
  it('RW-MAP-12, RW-MAP-13, RW-MAP-14, RW-MAP-15, RW-DP-04: the first player puts one marker per player against the edge, three plain borders, three areas apart', () => {
    const st = at(4, 'marker', 'markers');
    expect(top(st)).toMatchObject({ k: 'marker', seat: st.first, left: 4 });
    const o = occ(st);
    for (let i = 0; i < 4; i++) {
      const legal = g.legalActions(st, st.first) as Extract<RwAction, { type: 'marker' }>[];
      expect(legal.length).toBeGreaterThan(0);
      for (const m of legal) {
        expect(m.a).toBeLessThan(m.b);
        expect(lattDist(m.a, m.b)).toBe(1);
        expect([o[m.a], o[m.b]]).toEqual([-1, -1]);
        let plain = 0;
        for (const c of [m.a, m.b])
          for (let d = 0; d < 6; d++) {
            const y = o[nb(c, d)]!;
            if (y >= 0 && printedEdge(p, y, st.rot[y]!, (d + 3) % 6) === 0) plain++;
          }
        expect(plain).toBeGreaterThanOrEqual(3);
        for (const x of st.markers)
          expect(Math.min(lattDist(x, m.a), lattDist(x, m.b))).toBeGreaterThanOrEqual(4);
      }
      // The default: the first in canonical order.
      expect(g.defaultAction(st, st.first)).toEqual(legal[0]);
      if (i === 1) {
        // Next to the first marker: refused (RW-MAP-14); against too few plain borders (RW-MAP-13).
        const [a] = st.markers;
        const near = [0, 1, 2, 3, 4, 5]
          .map((d) => nb(a!, d))
          .find((c) => o[c] === -1 && !st.markers.includes(c))!;
        const pair = [0, 1, 2, 3, 4, 5]
          .map((d) => nb(near, d))
          .find((c) => o[c] === -1 && !st.markers.includes(c))!;
        expect(markerCheck(st, o, Math.min(near, pair), Math.max(near, pair))).toBe(M_APART);
        rejects(st, st.first, { type: 'marker', a: near, b: pair }, 'RW-MAP-14', 'markerApart');
        const far = key(20, 20);
        expect(markerCheck(st, o, far, nb(far, 3))).toBe(M_TOUCH);
        rejects(st, st.first, { type: 'marker', a: far, b: nb(far, 3) }, 'RW-MAP-13', 'markerTouch');
        rejects(st, st.first, { type: 'marker', a: far, b: far }, 'RW-MAP-15', 'markerPlace');
      }
      act(st, st.first, legal[legal.length - 1]!);
    }
    expect(st.markers).toHaveLength(8);
    expect(top(st).k).toBe('runes');
  });

  it('RW-MAP-16: markers that cannot all be placed send the board back to step 3', () => {
    const st = at(2, 'marker', 'm16');
    // Fake markers all round the board: no legal place is left.
    const o = occ(st);
    const rim: number[] = [];
    for (let c = 0; c < 64 * 64; c++)
      if (o[c] === -1 && [0, 1, 2, 3, 4, 5].some((d) => o[nb(c, d)]! >= 0)) rim.push(c);
    st.markers = rim.flatMap((c) => [c, c]);
    const log: GameEvent[] = [];
    advance(st, log);
    expect(log.find((e) => e.key === 'rw.ev.boardRedo')?.rules).toContain('RW-MAP-16');
    expect(top(st)).toMatchObject({ k: 'tile', seat: st.first, redo: 1 });
    expect(st.markers).toEqual([]);
    expect(board(st).on).toHaveLength(0);
    // A third restart hands steps 3 and 4 to the random helper (a decision of ours: the defaults would
    // repeat the same dead end).
    playDefaults(st, (s) => top(s).k === 'marker');
    (top(st) as { redo: number }).redo = REDO_MAX - 1;
    st.markers = rim.flatMap((c) => [c, c]);
    const log2: GameEvent[] = [];
    advance(st, log2);
    expect(log2.map((e) => e.key)).toEqual(['rw.ev.boardRedo', 'rw.ev.randomBoard']);
    expect(top(st).k).toBe('runes');
    expect(st.markers).toHaveLength(4);
  });
});

describe('home realms', () => {
  it('RW-MAP-19, RW-MAP-20, RW-MAP-21, RW-MAP-27, RW-DP-06: from the left of the first player, each replaces a marker: two areas on its cells, the third free, any rotation; no face to choose', () => {
    const st = at(3, 'home', 'homes');
    expect((top(st) as { seat: number }).seat).toBe((st.first + 1) % 3);
    const seat = (st.first + 1) % 3;
    const legal = g.legalActions(st, seat) as Extract<RwAction, { type: 'home' }>[];
    expect(legal.length).toBeGreaterThan(0);
    expect(legal.every((a) => a.flip === undefined && a.rot >= 0 && a.rot < 6)).toBe(true);
    expect(g.defaultAction(st, seat)).toEqual(legal[0]);
    rejects(st, seat, { ...legal[0]!, flip: true }, 'RW-MAP-21', 'homeFace');
    rejects(st, seat, { type: 'home', marker: 9, rot: 0 }, 'RW-MAP-19', 'noMarker');
    const m = legal[legal.length - 1]!;
    const cells = [st.markers[2 * m.marker]!, st.markers[2 * m.marker + 1]!];
    act(st, seat, m);
    const home = p.factions[st.fac[seat]!]!.home;
    const placed = home.map((a) => st.pos[a]!);
    expect(cells.every((c) => placed.includes(c))).toBe(true); // two areas on the marker
    expect(home.every((a) => st.home[a] === seat && st.rot[a] === m.rot)).toBe(true);
    expect(st.markers).toHaveLength(4);
    // The others follow clockwise, the first player last.
    expect((top(st) as { seat: number }).seat).toBe((st.first + 2) % 3);
    playDefaults(st, (s) => top(s).k === 'orders');
    expect(st.markers).toEqual([]);
    expect(homesTouch(st)).toBe(false); // RW-MAP-22
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-MAP-22, RW-MAP-23: a home realm next to another: runes, home realms and markers leave; board steps 4–6 again', () => {
    const st = at(2, 'home', 'm23');
    // Two markers far too close (as if RW-MAP-14 had allowed it): find realms that then touch.
    const o = occ(st);
    const cands: number[][] = [];
    for (let c = 0; c < 64 * 64; c++)
      for (let d = 0; d < 3; d++) {
        const e = nb(c, d);
        if (c < e && o[c] === -1 && o[e] === -1) {
          st.markers = [];
          if (markerCheck(st, o, c, e) === M_OK) cands.push([c, e]);
        }
      }
    let found: { markers: number[]; a: RwAction; b: RwAction } | null = null;
    for (const m1 of cands)
      for (const m2 of cands) {
        if (found) break;
        const dist = Math.min(...m1.flatMap((x) => m2.map((y) => lattDist(x, y))));
        if (dist < 2 || dist > 3) continue;
        for (let r1 = 0; r1 < 6 && !found; r1++)
          for (let r2 = 0; r2 < 6 && !found; r2++) {
            const t = JSON.parse(JSON.stringify(st)) as RwState;
            t.markers = [...m1, ...m2];
            const s1 = (top(t) as { seat: number }).seat;
            const a = { type: 'home', marker: 0, rot: r1 } as RwAction;
            if (!g.apply(t, s1, a).ok || top(t).k !== 'home') continue;
            const s2 = (top(t) as { seat: number }).seat;
            const b = { type: 'home', marker: 0, rot: r2 } as RwAction;
            const log: GameEvent[] = [];
            if (g.apply(t, s2, b, log).ok && log.some((e) => e.key === 'rw.ev.boardRedo'))
              found = { markers: [...m1, ...m2], a, b };
          }
      }
    expect(found).not.toBeNull();
    st.markers = found!.markers;
    act(st, (top(st) as { seat: number }).seat, found!.a);
    const log: GameEvent[] = [];
    const r = g.apply(st, (top(st) as { seat: number }).seat, found!.b, log);
    expect(r.ok).toBe(true);
    expect(log.find((e) => e.key === 'rw.ev.boardRedo')!.rules).toEqual(['RW-MAP-22', 'RW-MAP-23']);
    expect(top(st)).toMatchObject({ k: 'marker', seat: st.first, left: 2 });
    expect(st.rk.every((k) => k === -1)).toBe(true);
    expect(st.runePile).toEqual([p.rules.dragonRunes, p.rules.falseRunes]);
    expect(st.home.every((h) => h === -1)).toBe(true);
    expect(st.p.every((x) => x.kn.length === 0)).toBe(true);
    // Steps 4, 5 and 6 again, to the first Orders.
    playDefaults(st, (s) => top(s).k === 'orders');
    expect(top(st).k).toBe('orders');
    expect(st.rk.filter((k) => k >= 0)).toHaveLength(4);
  });
});

describe('whole boards', () => {
  it('RW-SETUP-21, RW-MAP-17, RW-MAP-18, RW-DP-89: the timeout defaults build a legal board for 2, 3 and 4 players', () => {
    for (const n of [2, 3, 4]) {
      const st = at(n, 'orders', `whole-${n}`);
      expect(p.tiles.filter((t) => st.pos[t.areas[0]!]! >= 0)).toHaveLength(2 * n);
      expect(st.home.filter((h) => h >= 0)).toHaveLength(3 * n);
      expect(homesTouch(st)).toBe(false);
      // Two setup runes each; a rune received from spring's Season card (a bid, RW-RUNE-10) adds a pair.
      const received = p.rules.dragonRunes - st.runePile[0]! - n;
      expect(st.rk.filter((k) => k >= 0)).toHaveLength(2 * n + 2 * received);
      expect(checkInvariants(st)).toEqual([]);
    }
  });

  it('RW-SETUP-22, RW-RAND-06: the random board: the same seed gives the same board, another seed another; legal, compact, the runes still placed by the players', () => {
    const a = at(4, 'runes', 'rand-1', 'random');
    const b = at(4, 'runes', 'rand-1', 'random');
    const c = at(4, 'runes', 'rand-2', 'random');
    expect(a.pos).toEqual(b.pos);
    expect(a.pos).not.toEqual(c.pos);
    expect(g.prompts(a).map((x) => x.kind)).toEqual(['rw.runes']);
    for (const st of [a, c]) {
      expect(st.markers).toHaveLength(8);
      // Every area has two neighbours at least: no tile hangs by one area.
      expect(board(st).on.every((x) => board(st).adj[x]!.length >= 2)).toBe(true);
      playDefaults(st, (s) => top(s).k === 'orders');
      expect(homesTouch(st)).toBe(false);
      expect(checkInvariants(st)).toEqual([]);
    }
  });
});
