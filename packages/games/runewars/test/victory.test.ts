/** M2: Victory cards (RW-VICT-01..12, RW-DP-10/40; RW-EX-15, RW-EX-35) and elimination (RW-ELIM-01..06). */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  attack,
  board,
  chooseAll,
  clearBoard,
  ctrl,
  DEFAULT_PACK,
  fateOnTop,
  leftOf,
  put,
  runewars as g,
  scenarioGame,
} from '@tabula/runewars';
import type { RwState } from '@tabula/runewars';
import { advance } from '../src/decisions.js';
import { act, asked, top } from './battle-helpers.js';
import { rejects } from './helpers.js';

const p = DEFAULT_PACK;
const id = (a: number) => p.areas[a]!.id;

/** Gives `seat` dragon runes (face down) in `n` areas it controls: its home realm, then new areas with a Footman. */
function dragons(st: RwState, seat: number, n: number, unit: string): number[] {
  const areas = p.factions[st.fac[seat]!]!.home.slice();
  for (const a of board(st).on)
    if (areas.length < n && st.home[a]! < 0 && ctrl(st, a) < 0 && st.rk[a]! < 0 && st.city[a]! < 0) {
      put(st, id(a), seat, unit, 1);
      areas.push(a);
    }
  for (const a of areas.slice(0, n)) {
    if (st.rk[a]! >= 0) st.runePile[st.rk[a] === 1 ? 0 : 1]!++;
    st.rk[a] = 1;
    st.rh[a] = 900000 + a;
    st.rup[a] = 0;
    st.runePile[0]!--;
  }
  return areas.slice(0, n);
}

/** Restarts the game frame at season step 1 of (year, season), the stack cleared. */
function toSeason(st: RwState, year: number, season: number, log?: GameEvent[]): void {
  st.year = year;
  st.season = season;
  st.stack.length = 1;
  st.stack[0] = { k: 'game', step: 10 };
  advance(st, log);
}

describe('Victory cards', () => {
  it('RW-EX-15, RW-GEN-05, RW-VICT-01, RW-VICT-02, RW-VICT-03, RW-VICT-06, RW-VICT-07, RW-VICT-09, RW-VICT-10, RW-RUNE-30, RW-RUNE-31, RW-DP-40, RW-SEASON-01: prove 6 dragon runes, place the card; a year later with 5 he takes it back', () => {
    const st = scenarioGame(['daqan', 'uthuk'], 'tom');
    st.year = 6;
    st.season = 1;
    const mine = dragons(st, 0, 6, 'footman');
    chooseAll(st, [8, 8]);
    while (top(st).k !== 'victory')
      act(st, (top(st) as { seat: number }).seat, g.defaultAction(st, (top(st) as { seat: number }).seat)!);
    expect(top(st)).toMatchObject({ k: 'victory', seat: 0 });
    // Declining is offered first (and is the default); revealing starts the claim.
    expect(g.legalActions(st, 0)[0]).toEqual({ type: 'victory', use: false });
    expect(g.defaultAction(st, 0)).toEqual({ type: 'victory', use: false });
    for (const a of mine) act(st, 0, { type: 'reveal', area: a });
    expect(g.legalActions(st, 0)).toEqual([{ type: 'victory', use: true }]);
    const log = act(st, 0, { type: 'victory', use: true });
    expect(log.map((e) => e.key)).toContain('rw.ev.victoryPlaced');
    expect(st.vict).toEqual([-1, 0, -1, -1]);
    expect(g.view(st, 1).vict).toEqual([-1, 0, -1, -1]); // public (RW-VICT-06)
    expect(mine.every((a) => st.rup[a] === 1)).toBe(true); // they stay face up
    // Spring of year 7 he loses an area holding one of them; summer step 1: 5 only.
    const lost = mine[5]!;
    st.us.fill(0, lost * p.U, lost * p.U + p.U);
    st.own[lost] = -1;
    const l2: GameEvent[] = [];
    toSeason(st, 7, 1, l2);
    expect(l2.map((e) => e.key).slice(0, 2)).toEqual(['rw.ev.victoryBack', 'rw.ev.season']);
    expect(st.vict).toEqual([-1, -1, -1, -1]);
    expect(st.over).toBeNull();
  });

  it('RW-VICT-05, RW-VICT-04, RW-COMP-32: no Victory card in the last year, one per Season deck, one per player', () => {
    const st = scenarioGame(['daqan', 'uthuk'], 'y7');
    st.year = 7;
    dragons(st, 0, 6, 'footman');
    chooseAll(st, [8, 8]);
    for (let i = 0; i < 20 && top(st).k !== 'orders'; i++) {
      expect(top(st).k).not.toBe('victory');
      const s = (top(st) as { seat: number }).seat;
      act(st, s, g.defaultAction(st, s)!);
    }
    for (const [deck, owner] of [
      [0, 1], // the Uthuk card already lies on the spring deck
      [2, 0], // his own card lies on the fall deck: he has only one
    ]) {
      const b = scenarioGame(['daqan', 'uthuk'], 'y5');
      b.year = 5;
      b.vict[deck!] = owner!;
      dragons(b, 0, 6, 'footman');
      chooseAll(b, [8, 8]);
      for (let i = 0; i < 20 && top(b).k !== 'orders'; i++) {
        expect(top(b).k).not.toBe('victory');
        const s = (top(b) as { seat: number }).seat;
        act(b, s, g.defaultAction(b, s)!);
      }
    }
  });

  it('RW-EX-35, RW-VICT-08, RW-YEAR-03, RW-DP-10: the first card to come round wins with 6 dragon runes, its tokens shown as needed', () => {
    const st = scenarioGame(['uthuk', 'latari'], 'queue');
    const mine = dragons(st, 0, 6, 'berserker');
    st.vict[2] = 0; // Uthuk on the fall deck
    st.vict[3] = 1; // the Elves on the winter deck
    const log: GameEvent[] = [];
    toSeason(st, 6, 2, log);
    expect(st.over).toMatchObject({ winners: [0], reason: 'victory' });
    expect(mine.every((a) => st.rup[a] === 1)).toBe(true);
    expect(log.map((e) => e.key)).toEqual(['rw.ev.victoryRevealed', 'rw.ev.victoryWon']);
    expect(g.prompts(st)).toEqual([]);
  });

  it('RW-VICT-12, RW-VICT-02: a claim needs 6 dragon runes the player controls; a false rune does not count', () => {
    const st = scenarioGame(['daqan', 'uthuk'], 'fake');
    st.year = 2;
    const mine = dragons(st, 0, 6, 'footman');
    st.rk[mine[0]!] = 0;
    st.runePile[0]!++;
    st.runePile[1]!--;
    chooseAll(st, [8, 8]);
    while (top(st).k !== 'victory')
      act(st, (top(st) as { seat: number }).seat, g.defaultAction(st, (top(st) as { seat: number }).seat)!);
    // Six tokens (public), five dragons (his secret): only declining is possible.
    expect(g.legalActions(st, 0)).toEqual([{ type: 'victory', use: false }]);
    rejects(st, 0, { type: 'victory', use: true }, 'RW-VICT-01', 'notSixRunes');
    rejects(st, 0, { type: 'reveal', area: mine[0]! }, 'RW-VICT-02', 'revealRune');
  });
});

describe('elimination', () => {
  it('RW-ELIM-01, RW-ELIM-02, RW-ELIM-03, RW-ELIM-04, RW-ELIM-06, RW-TITLE-06, RW-VICT-11, RW-TERM-24: an eliminated player leaves cards, Titles, influence and turns', () => {
    const st = scenarioGame(['daqan', 'uthuk', 'latari'], 'elim');
    clearBoard(st);
    const home = p.factions[st.fac[1]!]!.home;
    put(st, id(home[0]!), 0, 'footman', 4);
    put(st, id(home[1]!), 0, 'footman', 1);
    put(st, id(home[2]!), 1, 'berserker', 1);
    for (const a of board(st).adj[home[2]!]!) if (!home.includes(a)) put(st, id(a), -1, 'beastman', 1);
    st.titles[0] = 1;
    st.titleInf[0] = 3;
    st.vict[3] = 1;
    st.act[home[2]!]! |= 2;
    const tac = st.decks.tactics.length + st.p[1]!.tac.length;
    fateOnTop(st, [1, 2, 3, 4]);
    chooseAll(st, [2, 8, 8]);
    expect(top(st)).toMatchObject({ k: 'mob', seat: 0 });
    const log: GameEvent[] = [];
    attack(st, 0, id(home[2]!), [[id(home[0]!), 'footman', 3]], log);
    expect(log.map((e) => e.key)).toContain('rw.ev.eliminated');
    const x = st.p[1]!;
    expect([x.out, x.tac, x.quests, x.obj, x.inf]).toEqual([1, [], [], -1, 0]);
    expect(st.decks.tactics.length).toBe(tac);
    expect([st.titles[0], st.titleInf[0]]).toEqual([-1, 3]);
    expect(st.vict[3]).toBe(-1);
    expect(st.act.every((b) => !(b & 2))).toBe(true);
    expect(st.over).toBeNull(); // two players remain
    // His turn this season is gone; next season he is not asked for an Order.
    expect(st.stack.some((f) => 'seat' in f && f.seat === 1)).toBe(false);
    while (top(st).k !== 'orders') {
      const s = g.prompts(st)[0]!.seat;
      act(st, s, g.defaultAction(st, s)!);
    }
    expect(asked(st)).toEqual(['0:rw.order', '2:rw.order']);
    rejects(st, 1, { type: 'order', n: 1 }, 'RW-ELIM-06', 'eliminated');
    expect(leftOf(st, 0)).toBe(2); // the left player skips him (RW-TERM-24)
  });
});
