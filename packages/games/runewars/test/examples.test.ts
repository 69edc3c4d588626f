/**
 * The rulebook's examples of M0–M1 not played elsewhere: building the board (RW-EX-01), markers, runes and
 * home realms (RW-EX-02) on a board built by the players, and a fall season of three players (RW-EX-03).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { chooseAll, DEFAULT_PACK, runewars as g, scenarioGame } from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { act, newGame, playDefaults, rejects, top } from './helpers.js';
import { homesTouch, T_BORDER, T_TOUCH, tileCheck } from '../src/board.js';
import { supremacy } from '../src/year.js';
import { lattDist } from '../src/pack.js';

const p = DEFAULT_PACK;
const tile = (id: string) => p.tiles.findIndex((t) => t.id === id);
const questOf = (tileId: string) =>
  p.quests.findIndex((q) => q.setup && p.areas[q.area]!.tile === tile(tileId));

/** RW-EX-01's game: three players, the first holding tiles 1 and 5, the second 6 and 2, the third 3 and 8. */
function ex01(): RwState {
  const st = playDefaults(newGame(3, 'ex01', { board: 'manual' }), (s) => top(s).k === 'tile');
  const [p1, p2, p3] = [st.first, (st.first + 1) % 3, (st.first + 2) % 3];
  st.p[p1]!.setupQuests = [questOf('1'), questOf('5')];
  st.p[p2]!.setupQuests = [questOf('6'), questOf('2')];
  st.p[p3]!.setupQuests = [questOf('3'), questOf('8')];
  return st;
}

function occupancy(st: RwState): Int16Array {
  const o = new Int16Array(64 * 64).fill(-1);
  st.pos.forEach((c, a) => {
    if (c >= 0) o[c] = a;
  });
  return o;
}

describe('board examples', () => {
  it('RW-EX-01, RW-MAP-04, RW-MAP-06, RW-MAP-07, RW-MAP-08, RW-MAP-09, RW-MAP-10: six tiles in two rounds; one area touching, or a coloured border against another, is refused', () => {
    const st = ex01();
    const order = ['1', '6', '3', '5', '2', '8'];
    for (let i = 0; i < 6; i++) {
      const seat = (st.first + i) % 3;
      expect(g.prompts(st)[0]!.seat).toBe(seat);
      const t = tile(order[i]!);
      if (i === 1) {
        // Tile 6 against tile 1: a place touching one area only, and (if the borders allow one) a water or
        // mountain border against another, are refused.
        const o = occupancy(st);
        let touch: RwAction | null = null,
          border: RwAction | null = null;
        for (let q = -5; q <= 5; q++)
          for (let r = -5; r <= 5; r++)
            for (let rot = 0; rot < 6; rot++) {
              const why = tileCheck(st, o, t, q, r, rot);
              if (why === T_TOUCH) touch ??= { type: 'tile', tile: t, q, r, rot };
              if (why === T_BORDER) border ??= { type: 'tile', tile: t, q, r, rot };
            }
        rejects(st, seat, touch, 'RW-MAP-08', 'tileTouch');
        expect(border).not.toBeNull();
        rejects(st, seat, border, 'RW-MAP-09', 'tileBorder');
      }
      const a = g.legalActions(st, seat).find((x) => x.type === 'tile' && x.tile === t)!;
      expect(a).toBeDefined();
      act(st, seat, a);
    }
    expect(p.tiles.filter((x) => st.pos[x.areas[0]!]! >= 0).map((x) => x.id)).toEqual([
      '1',
      '2',
      '3',
      '5',
      '6',
      '8',
    ]);
    expect(top(st)).toMatchObject({ k: 'marker', seat: st.first, left: 3 });
  });

  it('RW-EX-02, RW-MAP-12, RW-MAP-13, RW-MAP-14, RW-MAP-17, RW-MAP-18, RW-MAP-19, RW-MAP-22: markers by the first player, runes counterclockwise, home realms from his left; runes apart from markers, realms apart', () => {
    const st = ex01();
    playDefaults(st, (s) => top(s).k === 'marker');
    for (let i = 0; i < 3; i++) act(st, st.first, g.legalActions(st, st.first).at(-1)!);
    const markers = st.markers.slice();
    expect(markers).toHaveLength(6);
    const runeSeats: number[] = [];
    const homeSeats: number[] = [];
    const log: GameEvent[] = [];
    for (let i = 0; i < 200 && top(st).k !== 'place'; i++) {
      const k = top(st).k;
      const s = g.prompts(st)[0]!.seat;
      if (k === 'runes' && runeSeats.at(-1) !== s) runeSeats.push(s);
      if (k === 'home') homeSeats.push(s);
      const r = g.apply(st, s, g.defaultAction(st, s)!, log);
      expect(r.ok).toBe(true);
    }
    const [p1, p2, p3] = [st.first, (st.first + 1) % 3, (st.first + 2) % 3];
    expect(runeSeats).toEqual([p1, p3, p2]); // counterclockwise from the first player
    expect(homeSeats).toEqual([p2, p3, p1]); // clockwise from his left, the first player last
    const runes = st.rk.map((k, a) => (k >= 0 ? a : -1)).filter((a) => a >= 0);
    expect(st.rk.filter((k) => k === 1)).toHaveLength(3);
    expect(st.rk.filter((k) => k === 0)).toHaveLength(3);
    for (const a of runes) for (const m of markers) expect(lattDist(st.pos[a]!, m)).toBeGreaterThan(1);
    expect(homesTouch(st)).toBe(false);
  });
});

describe('a season', () => {
  it('RW-EX-03, RW-SEASON-05, RW-SEASON-16, RW-SEASON-17, RW-YEAR-24, RW-YEAR-31, RW-YEAR-32: fall of three players: choices in summer’s order; Elves, Uthuk, Daqan; Supremacy for Daqan only', () => {
    const st = scenarioGame(['daqan', 'latari', 'uthuk'], 'ex03');
    const [daqan, elves, uthuk] = [0, 1, 2];
    // Year 2, summer's Order selection; spring's Orders face up: Daqan 1, Elves 3, Uthuk 1.
    st.year = 2;
    st.season = 1;
    for (const [s, n] of [
      [daqan, 1],
      [elves, 3],
      [uthuk, 1],
    ] as const) {
      st.p[s]!.played = [n];
      st.p[s]!.hand &= ~(1 << n);
    }
    chooseAll(st, [2, 5, 7]);
    for (let i = 0; i < 200 && top(st).k !== 'fall'; i++) {
      const s = g.prompts(st)[0]!.seat;
      act(st, s, g.defaultAction(st, s)!);
    }
    // Fall's secondary: the Fate discard went back into the deck; the choices in summer's play order.
    expect(st.season).toBe(2);
    expect(st.decks.fateDiscard).toEqual([]);
    st.p[uthuk]!.inf = 4;
    st.p[elves]!.inf = 3;
    st.p[daqan]!.inf = 2;
    const fallSeats: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = (top(st) as { seat: number }).seat;
      fallSeats.push(s);
      act(st, s, { type: 'fall', pick: 'tactics' }); // influence unchanged
    }
    expect(fallSeats).toEqual([daqan, elves, uthuk]);
    for (let i = 0; i < 20 && top(st).k !== 'orders'; i++) {
      const s = g.prompts(st)[0]!.seat;
      act(st, s, g.defaultAction(st, s)!);
    }
    chooseAll(st, [3, 1, 3]);
    // Elves (1) first; Uthuk and Daqan tie at 3: Uthuk has more influence.
    expect(st.order).toEqual([elves, uthuk, daqan]);
    expect([supremacy(st, elves), supremacy(st, uthuk), supremacy(st, daqan)]).toEqual([false, false, true]);
  });
});
