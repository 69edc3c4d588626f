/**
 * The worked examples of spec §25 (AOH-EX-R1 … AOH-EX-R19, AOH-EX-T1 … AOH-EX-T12) as scenarios.
 * Letters A, B, C, D… are seats 0, 1, 2, 3…; hidden draws are stacked on the battle or resource deck.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent, Seat } from '@tabula/engine';

import { shuffle } from '@tabula/engine';

import type { AohConfig, AohState } from '@tabula/age-of-heroes';
import {
  DEFAULT_CONFIG,
  DEFAULT_OPTIONS,
  offerSteps,
  placeSteps,
  scenario,
  warSteps,
} from '@tabula/age-of-heroes';
import {
  A,
  act,
  B,
  C,
  D,
  events,
  game,
  kinds,
  passTurn,
  plain,
  playTo,
  rejected,
  sane,
  sorted,
  unitOf,
} from './helpers.js';

/* ------------------------------------------------------------------ small local helpers */

/** A duel selection; a side with one unfought unit left selects automatically and is not asked. */
function duel(st: AohState, aUnit: number, dUnit: number, log?: GameEvent[]): void {
  const w = st.war!;
  const asked = game.prompts(st).map((p) => p.seat);
  if (asked.includes(w.attacker)) act(st, w.attacker, { type: 'duel', unit: aUnit }, log);
  if (asked.includes(w.defender)) act(st, w.defender, { type: 'duel', unit: dUnit }, log);
}

/* ------------------------------------------------------------------ 25.1 examples taken from the rulebook */

describe('§25.1 worked examples from the rulebook', () => {
  it('AOH-EX-R1: city supply exhausted, refilled by a Volcano; the 5th city creates a claim (AOH-BUILD-8, AOH-EVT-VOLC-1, AOH-WIN-3)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [
          { cities: 4, hand: ['stone', 'wood', 'wood', 'iron', 'grain'] },
          { cities: 4 },
          { cities: 4 },
        ],
        // B phase 1, C phase 1, Market Day A B C, A phase 1.
        deck: ['volcano', ...plain(5, 0)],
        at: { build: A },
      },
      log,
    );
    expect(st.supply.city).toBe(0);
    rejected(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] }, 'AOH-BUILD-8');
    act(st, A, { type: 'buildDone' });
    act(st, A, { type: 'monument', count: 0 });
    // B draws the Volcano and aims it at C; C has no Luck and passes.
    expect(kinds(st)).toEqual(['1:aoh.volcanoTarget']);
    act(st, B, { type: 'volcanoTarget', seat: C });
    expect(game.legalActions(st, C)).toEqual([{ type: 'pass' }]);
    act(st, C, { type: 'pass' });
    expect(st.p[C]!.cities).toBe(3);
    expect(st.supply.city).toBe(1);
    expect(st.discard[st.discard.length - 1]).toBe('volcano');
    sane(st);
    // On A's next turn the City order succeeds.
    playTo(st, A);
    const turn = st.p[A]!.turns;
    expect(turn).toBe(2);
    act(st, A, { type: 'build' });
    act(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
    expect(st.p[A]!.cities).toBe(5);
    expect(st.supply.city).toBe(0);
    expect(st.p[A]!.claim).toBe(0);
    act(st, A, { type: 'buildDone' });
    // The checkpoint after the Build action: a claim checked at the end of his following turn.
    expect(st.p[A]!.claim).toBe(turn + 1);
    expect(st.over).toBeNull();
    sane(st);
  });

  describe('AOH-EX-R2: Market Day draws through a road chain (AOH-MKT-2, AOH-ROAD-8)', () => {
    const run = (roads: [Seat, Seat][]) => {
      const log: GameEvent[] = [];
      const st = scenario({ players: 6, roads, deck: plain(36), at: { market: 'draw' } }, log);
      const draws = events(log, 'aoh.ev.marketDraw').map((e) => [e.params.seat, e.params.count]);
      sane(st);
      return { st, draws };
    };
    it('a chain P1–P2–P3–P4–P5–P6: everybody draws 6, P1 first, 36 in all', () => {
      const { st, draws } = run([
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
      ]);
      expect(draws).toEqual([0, 1, 2, 3, 4, 5].map((s) => [s, 6]));
      expect(st.p.map((p) => p.hand.length)).toEqual([6, 6, 6, 6, 6, 6]);
      expect(st.p.reduce((k, p) => k + p.hand.length, 0)).toBe(36);
    });
    it('variant b: roads P1–P2 and P4–P5 only', () => {
      const { draws } = run([
        [0, 1],
        [3, 4],
      ]);
      expect(draws.map((d) => d[1])).toEqual([2, 2, 1, 2, 2, 1]);
    });
    it('variant c: roads P1–P2 and P2–P3 (P1 reaches P3 through P2)', () => {
      const { draws } = run([
        [0, 1],
        [1, 2],
      ]);
      expect(draws.map((d) => d[1])).toEqual([3, 3, 3, 1, 1, 1]);
    });
    it('with a reshuffle when the deck empties', () => {
      const log: GameEvent[] = [];
      const chain: [Seat, Seat][] = [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
      ];
      const st = scenario({ players: 6, roads: chain, deckExactly: plain(20), at: { market: 'draw' } }, log);
      expect(events(log, 'aoh.ev.reshuffle')).toHaveLength(1);
      const drawn = events(log, 'aoh.ev.marketDraw').map((e) => e.params.count);
      expect(drawn).toEqual([6, 6, 6, 6, 6, 6]);
      // Every card drawn went to a hand or was set aside as a pending immediate card.
      expect(events(log, 'aoh.ev.drawPrivate').length + events(log, 'aoh.ev.pending').length).toBe(36);
      sane(st);
    });
  });

  it('AOH-EX-R3: a binding one-for-one trade (AOH-TRADE-4, -10, -11, -22, -23)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ hand: ['iron', 'iron', 'stone'] }, { hand: ['wood', 'wood'] }, { hand: ['grain'] }],
        deck: ['gold'],
        at: { market: 'trade' },
      },
      log,
    );
    act(st, A, offerSteps({ give: ['iron'], receive: ['wood'] }), log);
    const o1 = st.market!.offers[0]!.id;
    expect(st.market!.offers[0]).toMatchObject({ from: A, to: -1, give: ['iron'], receive: ['wood'] });
    const before = log.length;
    act(st, B, { type: 'accept', offer: o1 }, log);
    // One transition: both deliveries in the same input.
    expect(sorted(st.p[A]!.hand)).toEqual(['iron', 'stone', 'wood']);
    expect(sorted(st.p[B]!.hand)).toEqual(['iron', 'wood']);
    expect(events(log.slice(before), 'aoh.ev.trade')).toHaveLength(1);
    rejected(st, C, { type: 'accept', offer: o1 });
    act(st, A, offerSteps({ give: ['stone'], receive: ['marble'] }), log);
    expect(st.market!.offers).toHaveLength(1);
    for (const s of [A, B, C]) act(st, s, { type: 'ready' }, log);
    // The window closed with O2 unaccepted and void; A kept the Stone (and drew a Gold on his turn).
    expect(events(log, 'aoh.ev.tradingClosed').at(-1)!.params.voided).toBe(1);
    expect(st.market).toBeNull();
    expect(sorted(st.p[A]!.hand)).toEqual(['gold', 'iron', 'stone', 'wood']);
    expect(kinds(st)).toEqual(['0:aoh.action']);
    sane(st);
  });

  it('AOH-EX-R4: a deal is not enforced (AOH-TRADE-7, -17)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 2, seats: [{ hand: ['gold'] }, {}], deck: plain(4), at: { market: 'trade' } },
      log,
    );
    act(st, A, offerSteps({ to: B, give: ['gold'], note: 'for not attacking me next turn' }), log);
    const o = st.market!.offers[0]!;
    expect(o).toMatchObject({ to: B, give: ['gold'], receive: [], note: 'for not attacking me next turn' });
    act(st, B, { type: 'accept', offer: o.id }, log);
    expect(st.p[B]!.hand).toContain('gold');
    expect(st.p[A]!.hand).not.toContain('gold');
    playTo(st, B);
    act(st, B, warSteps({ target: A, objective: 'plunder', armies: [2] }), log);
    expect(st.war).toMatchObject({ attacker: B, defender: A, objective: 'plunder' });
    expect(kinds(st)).toEqual(['0:aoh.response']);
    sane(st);
  });

  it('AOH-EX-R5: only your own special resource, only in phase 3 (AOH-MON-1, -2, AOH-MKT-12)', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['limestone', 'limestone', 'concrete'], monument: 2 }, {}],
      deck: plain(3),
      at: { market: 'trade' },
    });
    expect(st.p[A]!.tribe).toBe('egyptians');
    rejected(st, A, { type: 'monument', count: 1 }, 'AOH-MKT-12');
    act(st, A, { type: 'ready' });
    act(st, B, { type: 'ready' });
    act(st, A, { type: 'pass' });
    expect(kinds(st)).toEqual(['0:aoh.monument']);
    // Three cards would include the Concrete: rejected.
    rejected(st, A, { type: 'monument', count: 3 }, 'AOH-MON-2');
    act(st, A, { type: 'monument', count: 2 });
    expect(st.p[A]!.monument).toBe(4);
    expect(st.p[A]!.hand).toContain('concrete');
    expect(st.p[A]!.hand).not.toContain('limestone');
    sane(st);
  });

  it('AOH-EX-R6: more than five cards outside one\u2019s own turn (AOH-MKT-11, AOH-TURN-6, AOH-EDGE-27)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        roads: [[A, B]],
        seats: [{ hand: ['stone', 'stone'] }, { hand: ['gold', 'wood', 'wood', 'grain', 'grain'] }],
        // Market Day: A 2, B 2; A phase 1; B phase 1; B's one tax card.
        deck: ['iron', 'iron', 'wood', 'grain', 'iron', 'grain', 'wood', 'iron', 'iron', 'iron', 'iron'],
        at: { market: 'draw' },
      },
      log,
    );
    expect(st.p[B]!.hand).toHaveLength(7);
    act(st, B, offerSteps({ give: ['gold'], receive: ['stone', 'stone'] }));
    act(st, A, { type: 'accept', offer: st.market!.offers[0]!.id });
    expect(st.p[B]!.hand).toHaveLength(8);
    act(st, A, { type: 'ready' });
    act(st, B, { type: 'ready' });
    passTurn(st, A);
    expect(st.p[B]!.hand).toHaveLength(9);
    act(st, B, { type: 'taxes' });
    expect(st.p[B]!.hand).toHaveLength(10);
    act(st, B, { type: 'monument', count: 0 });
    expect(game.prompts(st)).toEqual([{ seat: B, kind: 'aoh.discard', args: { excess: 5 } }]);
    for (let i = 0; i < 4; i++) act(st, B, { type: 'discard', card: st.p[B]!.hand[0]! }, log);
    expect(st.p[B]!.hand).toHaveLength(6);
    expect(kinds(st)).toEqual(['1:aoh.discard']);
    act(st, B, { type: 'discard', card: st.p[B]!.hand[0]! }, log);
    // Exactly five discards ended the phase: B held 5 when his turn ended (the Market Day that follows draws him 2).
    expect(events(log, 'aoh.ev.discard')).toHaveLength(5);
    expect(events(log, 'aoh.ev.marketDay')).toHaveLength(1);
    expect(st.p[B]!.hand.length).toBe(5 + 2);
    sane(st);
  });

  it('AOH-EX-R7: attacking armies with no opponent count as victorious, 6 vs 4 (AOH-BATTLE-12, -14, AOH-SPOILS-2, AOH-RET-3)', () => {
    const log: GameEvent[] = [];
    // A's armies 1–6, B 7, C 8, D 9–12. Cards: A's six, then D's four.
    const st = scenario(
      {
        players: 4,
        seats: [{ armies: 6, turns: 3 }, {}, {}, { armies: 4, cities: 3 }],
        battle: [5, 1, 2, 3, 4, 6, 2, 4, 6, 3],
        at: { action: A },
      },
      log,
    );
    const supply0 = st.supply.army;
    act(st, A, warSteps({ target: D, objective: 'conquest', armies: [1, 2, 3, 4, 5, 6] }), log);
    act(st, D, { type: 'pass' }, log);
    expect(st.war!.a).toBe(6);
    expect(st.war!.d).toBe(4);
    act(st, A, placeSteps(st, A, [5, 1, 2, 3, 4, 6]), log);
    act(st, D, placeSteps(st, D, [2, 4, 6, 3]), log);
    duel(st, unitOf(st, 0, 1), unitOf(st, 1, 9), log); // 5 vs 2: A wins
    duel(st, unitOf(st, 0, 2), unitOf(st, 1, 10), log); // 1 vs 4: D wins
    duel(st, unitOf(st, 0, 3), unitOf(st, 1, 11), log); // 2 vs 6: D wins
    duel(st, unitOf(st, 0, 4), unitOf(st, 1, 12), log); // 3 vs 3: tie
    expect(events(log, 'aoh.ev.duel').map((e) => e.params.winner)).toEqual([0, 1, 1, -1]);
    expect(events(log, 'aoh.ev.victorious')[0]!.params).toMatchObject({ v: 3, wins: 1, excess: 2 });
    expect(st.war).toBeNull();
    expect(st.p[D]!.cities).toBe(2);
    expect(st.p[A]!.cities).toBe(2);
    expect(st.supply.army).toBe(supply0 + 3);
    expect(st.p[A]!.armies.map((a) => [a.id, a.status, a.returnAt])).toEqual([
      [1, 'away', 4],
      [4, 'away', 4],
      [5, 'away', 4],
      [6, 'away', 4],
    ]);
    expect(st.p[D]!.armies.map((a) => [a.id, a.status])).toEqual([
      [10, 'home'],
      [11, 'home'],
      [12, 'home'],
    ]);
    sane(st);
  });

  /** V exactly: the defender has no participating unit, so V = A (AOH-BATTLE-2). */
  function undefended(
    objective: 'conquest' | 'razing',
    v: number,
    def: { cities?: number; monument?: number },
  ): AohState {
    const st = scenario({
      players: 4,
      seats: [{ armies: v }, {}, {}, { armies: 0, hand: ['iron'], ...def }],
      at: { action: A },
    });
    act(st, A, warSteps({ target: D, objective, armies: st.p[A]!.armies.map((a) => a.id) }));
    act(st, D, { type: 'pass' });
    sane(st);
    return st;
  }

  it('AOH-EX-R8: conquest rounding (AOH-SPOILS-2)', () => {
    for (const [v, left] of [
      [1, 5],
      [2, 4],
      [3, 4],
      [7, 2],
    ] as const) {
      const st = undefended('conquest', v, { cities: 5 });
      expect(st.p[D]!.cities, `V = ${v}`).toBe(left);
      expect(st.p[A]!.cities).toBe(1 + 5 - left);
    }
    const capped = undefended('conquest', 7, { cities: 2 });
    expect(capped.p[D]!.cities).toBe(0);
    expect(capped.p[A]!.cities).toBe(3);
  });

  it('AOH-EX-R9: razing one or two monument cards (AOH-SPOILS-4)', () => {
    for (const [v, left] of [
      [1, 3],
      [2, 3],
      [3, 2],
      [6, 2],
    ] as const) {
      const st = undefended('razing', v, { monument: 4 });
      expect(st.p[D]!.monument, `V = ${v}`).toBe(left);
      expect(st.discard.filter((c) => c === 'bricks')).toHaveLength(4 - left);
    }
    const small = undefended('razing', 3, { monument: 1 });
    expect(small.p[D]!.monument).toBe(0);
    expect(small.discard.filter((c) => c === 'bricks')).toHaveLength(1);
  });

  describe('AOH-EX-R10: a Hero as general needs an uncovered army (AOH-EVT-HERO-5, AOH-WAR-7)', () => {
    const setup = () =>
      scenario({
        players: 4,
        seats: [{ armies: [{ general: true }, { general: true }, {}], hand: ['mighty_hero'] }, {}, {}, {}],
        at: { action: A },
      });
    it('Hero as general on a1 (already led) or on a3 (not sent): rejected', () => {
      const st = setup();
      rejected(
        st,
        A,
        warSteps({ target: D, objective: 'conquest', armies: [1, 2], heroes: [1] }),
        'AOH-EVT-HERO-5',
      );
      rejected(
        st,
        A,
        warSteps({ target: D, objective: 'conquest', armies: [1, 2], heroes: [3] }),
        'AOH-EVT-HERO-5',
      );
      expect(st.p[A]!.hand).toEqual(['mighty_hero']);
    });
    it('a1, a2, a3 with the Hero as general on a3: valid, A = 3, a3 gets +2', () => {
      const st = setup();
      act(st, A, warSteps({ target: D, objective: 'conquest', armies: [1, 2, 3], heroes: [3] }));
      act(st, D, { type: 'pass' });
      expect(st.war!.a).toBe(3);
      expect(st.war!.units.filter((u) => u.side === 0).map((u) => [u.army, u.lead])).toEqual([
        [1, true],
        [2, true],
        [3, true],
      ]);
    });
    it('a1, a2 with the Hero as army: valid, A = 3', () => {
      const st = setup();
      act(st, A, warSteps({ target: D, objective: 'conquest', armies: [1, 2], heroes: ['army'] }));
      act(st, D, { type: 'pass' });
      expect(st.war!.a).toBe(3);
      expect(st.war!.units.filter((u) => u.side === 0).map((u) => u.army)).toEqual([1, 2, -1]);
    });
  });

  describe('AOH-EX-R11: Olympic Games sends the attackers back (AOH-WAR-14, AOH-RET-2, -3, AOH-EDGE-31)', () => {
    const run = (road: boolean) => {
      const log: GameEvent[] = [];
      const st = scenario(
        {
          players: 4,
          seats: [{ armies: 3, turns: 7, hand: ['mighty_hero'] }, {}, {}, { hand: ['olympic_games'] }],
          roads: road ? [[A, D]] : [],
          deck: plain(12),
          at: { action: A },
        },
        log,
      );
      const battle = st.battle.slice();
      act(st, A, warSteps({ target: D, objective: 'plunder', armies: [1, 2, 3], heroes: ['army'] }), log);
      act(st, D, { type: 'olympics' }, log);
      expect(st.battle).toEqual(battle);
      expect(events(log, 'aoh.ev.battleCardsHidden')).toHaveLength(0);
      expect(st.discard.slice(-2)).toEqual(['olympic_games', 'mighty_hero']);
      // A's action is used: he goes on to phase 3.
      expect(kinds(st)).toEqual(['0:aoh.monument']);
      sane(st);
      return { st, log };
    };
    it('no road: a1–a3 away until phase 5 of A\u2019s turn 8; they do not defend against B meanwhile', () => {
      const { st, log } = run(false);
      expect(st.p[A]!.armies.map((a) => [a.status, a.returnAt])).toEqual([
        ['away', 8],
        ['away', 8],
        ['away', 8],
      ]);
      act(st, A, { type: 'monument', count: 0 });
      // B attacks A before A's turn 8: A has no defending unit.
      act(st, B, warSteps({ target: A, objective: 'conquest', armies: [4] }), log);
      act(st, A, { type: 'pass' }, log);
      expect(events(log, 'aoh.ev.battle').at(-1)!.params).toMatchObject({
        attacker: B,
        defender: A,
        a: 1,
        d: 0,
      });
      act(st, B, { type: 'monument', count: 0 });
      playTo(st, A);
      expect(st.p[A]!.turns).toBe(8);
      expect(st.p[A]!.armies.every((a) => a.status === 'away')).toBe(true);
      passTurn(st, A);
      expect(st.p[A]!.armies.map((a) => a.status)).toEqual(['home', 'home', 'home']);
      sane(st);
    });
    it('variant: a direct road A–D brings a1–a3 home at once', () => {
      const { st } = run(true);
      expect(st.p[A]!.armies.map((a) => a.status)).toEqual(['home', 'home', 'home']);
    });
  });

  describe('AOH-EX-R12: fortress bonuses add up (AOH-BATTLE-7, -9, -10)', () => {
    const run = (dCard: number) => {
      const log: GameEvent[] = [];
      const st = scenario(
        {
          players: 4,
          seats: [{ armies: [{ general: true }] }, {}, {}, { fortresses: 2 }],
          battle: [4, dCard],
          at: { action: A },
        },
        log,
      );
      const supply = { ...st.supply };
      act(st, A, warSteps({ target: D, objective: 'conquest', armies: [1] }), log);
      act(st, D, { type: 'pass' }, log);
      sane(st);
      return { st, log, supply, duel: events(log, 'aoh.ev.duel')[0]!.params };
    };
    it('card 4 + General = 6 against card 4 + 2 fortresses = 6: tie, both survive', () => {
      const { st, duel: d, supply } = run(4);
      expect(d).toMatchObject({ av: 4, as: 6, dv: 4, ds: 6, winner: -1 });
      expect(st.p[A]!.armies).toHaveLength(1);
      expect(st.p[D]!.armies).toHaveLength(1);
      expect(st.supply).toEqual(supply);
    });
    it('variant: D shows 5 → 7 > 6: a1 and its General are destroyed, back to the supply', () => {
      const { st, duel: d, supply } = run(5);
      expect(d).toMatchObject({ as: 6, ds: 7, winner: 1 });
      expect(st.p[A]!.armies).toHaveLength(0);
      expect(st.supply.army).toBe(supply.army + 1);
      expect(st.supply.general).toBe(supply.general + 1);
    });
  });

  describe('AOH-EX-R13: the last turn — regaining five cities in time (AOH-WIN-3, -4, -5)', () => {
    const setup = () => {
      const st = scenario({
        players: 3,
        seats: [
          { cities: 4, turns: 9, armies: 0, hand: ['stone', 'wood', 'wood', 'stone', 'wood', 'wood'] },
          { armies: 2 },
          {},
        ],
        deck: plain(30, 1),
        at: { build: A },
      });
      act(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
      act(st, A, { type: 'buildDone' });
      expect(st.p[A]!.claim).toBe(10);
      act(st, A, { type: 'monument', count: 0 });
      // B's Conquest against A with V = 2 (A has no army).
      act(st, B, warSteps({ target: A, objective: 'conquest', armies: [1, 2] }));
      act(st, A, { type: 'pass' });
      expect(st.p[A]!.cities).toBe(4);
      expect(st.p[A]!.claim).toBe(10);
      act(st, B, { type: 'monument', count: 0 });
      playTo(st, A);
      expect(st.p[A]!.turns).toBe(10);
      return st;
    };
    it('A rebuilds his 5th city in turn 10: the check succeeds, A wins', () => {
      const st = setup();
      act(st, A, { type: 'build' });
      act(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
      act(st, A, { type: 'buildDone' });
      act(st, A, { type: 'monument', count: 0 });
      expect(st.over).toEqual({ winners: [A], reason: 'cities' });
    });
    it('variant: A cannot build in turn 10 → the claim is removed; a new claim in turn 11 is checked at the end of turn 12', () => {
      const st = setup();
      passTurn(st, A);
      expect(st.over).toBeNull();
      expect(st.p[A]!.claim).toBe(0);
      playTo(st, A);
      expect(st.p[A]!.turns).toBe(11);
      act(st, A, { type: 'build' });
      act(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
      act(st, A, { type: 'buildDone' });
      expect(st.p[A]!.claim).toBe(12);
      act(st, A, { type: 'monument', count: 0 });
      expect(st.over).toBeNull();
      playTo(st, A);
      passTurn(st, A);
      expect(st.over).toEqual({ winners: [A], reason: 'cities' });
    });
  });

  it('AOH-EX-R14: Luck works against Barbarians, not against players (AOH-WAR-12, AOH-EVT-BARB-3)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{}, {}, {}, { hand: ['luck'] }],
        battle: [3, 3],
        deck: ['iron', 'iron', 'barbarians'],
        at: { action: A },
      },
      log,
    );
    act(st, A, warSteps({ target: D, objective: 'plunder', armies: [1] }));
    rejected(st, D, { type: 'luck' }, 'AOH-WAR-12');
    act(st, D, { type: 'pass' });
    expect(st.p[D]!.hand).toEqual(['luck']);
    act(st, A, { type: 'monument', count: 0 });
    passTurn(st, B);
    passTurn(st, C);
    expect(kinds(st)).toEqual(['3:aoh.response']);
    const battle = st.battle.slice();
    const battles = events(log, 'aoh.ev.battle').length;
    act(st, D, { type: 'luck' }, log);
    expect(st.discard.slice(-2)).toEqual(['luck', 'barbarians']);
    expect(st.p[D]!.hand).toEqual([]);
    expect(st.battle).toEqual(battle);
    expect(events(log, 'aoh.ev.battle')).toHaveLength(battles);
    expect(kinds(st)).toEqual(['3:aoh.action']);
    sane(st);
  });

  it('AOH-EX-R15: starting hand — disasters thrown away, Population Boom played (AOH-SETUP-12, -13)', () => {
    const log: GameEvent[] = [];
    const made = game.setup({ ...DEFAULT_OPTIONS, seatOrder: 'fixed', tribes: 'draft' }, 2, 'ex-r15', log);
    if (!made.ok) throw new Error('setup failed');
    const st = made.value;
    // Before the deal (the tribe draft is open) stack the deck: A is dealt Famine, Iron, Population Boom.
    const first = st.first;
    const other = 1 - first;
    const dealt: string[] = [];
    const wantA = ['famine', 'iron', 'population_boom'];
    const wantO = ['wood', 'wood', 'wood'];
    for (let r = 0; r < 3; r++) for (const s of [first, other]) dealt.push((s === A ? wantA : wantO)[r]!);
    const top = [...dealt, 'stone', 'stone']; // then the first Market Day: one card each
    for (const c of top) st.deck.splice(st.deck.lastIndexOf(c), 1);
    st.deck.push(...top.slice().reverse());
    for (const s of [first, other]) act(st, s, game.legalActions(st, s)[0]!, log);
    const p = st.p[A]!;
    expect(p.cities).toBe(2);
    expect(p.hand.filter((c) => c !== 'stone')).toEqual(['iron']);
    expect(events(log, 'aoh.ev.suppressed').map((e) => e.params)).toEqual([{ seat: A, card: 'famine' }]);
    expect(game.prompts(st).some((x) => x.kind === 'aoh.luck')).toBe(false);
    expect(st.discard).toEqual(expect.arrayContaining(['famine', 'population_boom']));
    expect(st.p[B]!.hand.filter((c) => c === 'wood')).toHaveLength(3);
    sane(st);
  });

  it('AOH-EX-R16: the first Market Day suppresses disasters (AOH-DRAW-8)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 3, deck: ['iron', 'barbarians', 'population_boom'], at: { market: 'draw', first: true } },
      log,
    );
    const battle = st.battle.slice();
    expect(events(log, 'aoh.ev.suppressed').map((e) => e.params)).toEqual([{ seat: B, card: 'barbarians' }]);
    expect(events(log, 'aoh.ev.battle')).toHaveLength(0);
    expect(st.battle).toEqual(battle);
    expect(st.p[C]!.cities).toBe(2);
    expect(st.discard).toEqual(expect.arrayContaining(['barbarians', 'population_boom']));
    expect(st.market!.trading).toBe(true);
    sane(st);
  });

  it('AOH-EX-R17: a disaster drawn in phase 1 is not replaced (AOH-TURN-3, AOH-DRAW-7)', () => {
    const st = scenario({
      players: 3,
      seats: [{}, { cities: 2 }, {}],
      deck: ['volcano', 'iron'],
      at: { turn: A },
    });
    const supply = st.supply.city;
    act(st, A, { type: 'volcanoTarget', seat: B });
    act(st, B, { type: 'pass' });
    expect(st.p[B]!.cities).toBe(1);
    expect(st.supply.city).toBe(supply + 1);
    expect(st.p[A]!.hand).toEqual([]);
    expect(st.deck[st.deck.length - 1]).toBe('iron');
    expect(kinds(st)).toEqual(['0:aoh.action']);
    sane(st);
  });

  it('AOH-EX-R18: taxes without cities — the one-card swap (AOH-TAX-3)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ cities: 0, hand: ['grain', 'stone'] }, {}, {}],
        deck: ['wood'],
        at: { action: A },
      },
      log,
    );
    act(st, A, { type: 'taxes' });
    expect(kinds(st)).toEqual(['0:aoh.swap']);
    act(st, A, { type: 'swap', card: 'grain' }, log);
    expect(st.discard[st.discard.length - 1]).toBe('grain');
    expect(events(log, 'aoh.ev.swap')[0]!.to).toBeUndefined(); // public
    const priv = events(log, 'aoh.ev.drawPrivate').at(-1)!;
    expect(priv.to).toEqual([A]);
    expect(events(log, 'aoh.ev.drawHidden').at(-1)!.notTo).toEqual([A]);
    expect(sorted(st.p[A]!.hand)).toEqual(['stone', 'wood']);
    sane(st);
  });

  it('AOH-EX-R19: road consent and neighbour limits (AOH-ROAD-2, -5, -6, -7)', () => {
    const st = scenario({
      players: 4,
      seats: [{ hand: ['stone', 'stone', 'stone', 'stone', 'wood'] }, {}, {}, {}],
      at: { build: A },
    });
    const roads = st.supply.road;
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: D });
    expect(kinds(st)).toEqual(['3:aoh.consent']);
    act(st, D, { type: 'consent', accept: false });
    expect(st.p[A]!.hand).toHaveLength(5);
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: B });
    act(st, B, { type: 'consent', accept: true });
    rejected(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: C }, 'AOH-ROAD-2');
    rejected(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: D }, 'AOH-ROAD-7');
    expect(sorted(st.p[A]!.hand)).toEqual(['stone', 'stone', 'wood']);
    expect(st.roads).toEqual([[A, B, A]]);
    expect(st.supply.road).toBe(roads - 1);
    sane(st);
  });
});

/* ------------------------------------------------------------------ 25.2 additional tricky scenarios */

describe('§25.2 additional tricky scenarios', () => {
  it('AOH-EX-T1: full battle — general, fortress, excess units, conquest cap (§15, AOH-SPOILS-2)', () => {
    const log: GameEvent[] = [];
    // A: armies 1(G), 2–5; B 6; C 7; D 8–10.
    const st = scenario(
      {
        players: 4,
        seats: [
          { armies: [{ general: true }, {}, {}, {}, {}] },
          {},
          {},
          { armies: 3, fortresses: 1, hand: ['iron', 'wood', 'grain'] },
        ],
        battle: [6, 2, 3, 1, 5, 4, 4, 2],
        at: { action: A },
      },
      log,
    );
    const armySupply = st.supply.army;
    act(st, A, warSteps({ target: D, objective: 'conquest', armies: [1, 2, 3, 4, 5] }), log);
    act(st, D, { type: 'pass' }, log);
    expect([st.war!.a, st.war!.d]).toEqual([5, 3]);
    expect(sorted(st.war!.pool[0].map(String))).toEqual(['1', '2', '3', '5', '6']);
    act(st, A, placeSteps(st, A, [5, 6, 3, 2, 1]), log);
    act(st, D, placeSteps(st, D, [4, 4, 2]), log);
    duel(st, unitOf(st, 0, 1), unitOf(st, 1, 8), log);
    duel(st, unitOf(st, 0, 4), unitOf(st, 1, 10), log);
    // The spectator sees a2's and a5's cards face-down only.
    const spect = game.view(st, -1);
    expect(spect.war!.units.filter((u) => u.side === 0).map((u) => u.card)).toEqual([5, null, null, 2, null]);
    duel(st, unitOf(st, 0, 3), unitOf(st, 1, 9), log);
    const duels = events(log, 'aoh.ev.duel').map((e) => [e.params.as, e.params.ds, e.params.winner]);
    expect(duels).toEqual([
      [7, 5, 0],
      [2, 3, 1],
      [3, 5, 1],
    ]);
    // a2 (6) and a5 (1) were never revealed.
    expect(events(log, 'aoh.ev.duel').flatMap((e) => [e.params.av, e.params.dv])).not.toContain(6);
    expect(events(log, 'aoh.ev.victorious')[0]!.params).toMatchObject({ v: 3 });
    expect(st.p[D]!.cities).toBe(0);
    expect(st.p[A]!.cities).toBe(2);
    expect(st.p[D]!.alive).toBe(true);
    expect(st.p[D]!.hand).toHaveLength(3);
    expect(st.p[A]!.armies.map((a) => [a.id, a.general, a.status])).toEqual([
      [1, true, 'away'],
      [2, false, 'away'],
      [5, false, 'away'],
    ]);
    expect(st.supply.army).toBe(armySupply + 3);
    expect(st.battle).toHaveLength(36);
    expect(sorted(st.battle.map(String))).toEqual(
      sorted(Array.from({ length: 36 }, (_, i) => String((i % 6) + 1))),
    );
    sane(st);
  });

  it('AOH-EX-T2: a defender\u2019s Hero as general blocked by an Earthquake (AOH-WAR-13, AOH-EVT-HERO-5, AOH-EVT-QUAKE-5)', () => {
    const log: GameEvent[] = [];
    // A 1, 2; B 3; C 4; D 5(G), 6 (quaked).
    const st = scenario(
      {
        players: 4,
        seats: [
          { armies: 2 },
          {},
          {},
          { armies: [{ general: true }, { quakes: [1] }], hand: ['mighty_hero'] },
        ],
        battle: [3, 3, 3, 3],
        at: { action: A },
      },
      log,
    );
    act(st, A, warSteps({ target: D, objective: 'plunder', armies: [1, 2] }));
    rejected(st, D, { type: 'respond', heroes: [6] }, 'AOH-WAR-13');
    rejected(st, D, { type: 'respond', heroes: [5] }, 'AOH-EVT-HERO-5');
    act(st, D, { type: 'respond', heroes: [-1] }, log);
    expect(st.war!.d).toBe(2);
    expect(st.war!.units.filter((u) => u.side === 1).map((u) => [u.army, u.lead])).toEqual([
      [5, true],
      [-1, false],
    ]);
    act(st, A, placeSteps(st, A, [3, 3]));
    act(st, D, placeSteps(st, D, [3, 3]));
    duel(st, unitOf(st, 0, 1), unitOf(st, 1, 5), log);
    expect(events(log, 'aoh.ev.duel')).toHaveLength(2);
    expect(st.p[D]!.armies.find((a) => a.id === 6)).toMatchObject({ status: 'home', quakes: [1] });
    expect(st.discard[st.discard.length - 1]).toBe('mighty_hero');
    sane(st);
  });

  describe('AOH-EX-T3: an Earthquake cannot hit a general-led army (AOH-EVT-QUAKE-2, -3, AOH-DP-2)', () => {
    it('no legal target: discarded with no effect; B goes on to phase 2', () => {
      const log: GameEvent[] = [];
      const st = scenario(
        {
          players: 4,
          seats: [
            { armies: [{ general: true }] },
            {},
            { armies: [{ general: true }, { general: true }] },
            { armies: 0 },
          ],
          deck: ['earthquake'],
          at: { turn: B },
        },
        log,
      );
      expect(events(log, 'aoh.ev.noTarget')).toHaveLength(1);
      expect(st.discard[st.discard.length - 1]).toBe('earthquake');
      expect(st.p.flatMap((p) => p.armies).every((a) => a.quakes.length === 0)).toBe(true);
      expect(kinds(st)).toEqual(['1:aoh.action']);
      sane(st);
    });
    for (const status of ['home', 'away'] as const)
      it(`variant: D\u2019s one uncovered army (${status}) is the only target, chosen automatically; D may play Luck`, () => {
        const log: GameEvent[] = [];
        const st = scenario(
          {
            players: 4,
            seats: [
              { armies: [{ general: true }] },
              {},
              { armies: [{ general: true }, { general: true }] },
              { armies: [{ status }], hand: ['luck'] },
            ],
            deck: ['earthquake'],
            at: { turn: B },
          },
          log,
        );
        expect(events(log, 'aoh.ev.quakeTarget')[0]!.params).toMatchObject({ army: 5, owner: D, auto: true });
        expect(kinds(st)).toEqual(['3:aoh.luck']);
        act(st, D, { type: 'luck' });
        expect(st.p[D]!.armies[0]!.quakes).toEqual([]);
        expect(st.discard.slice(-2)).toEqual(['luck', 'earthquake']);
        expect(kinds(st)).toEqual(['1:aoh.action']);
        sane(st);
      });
  });

  describe('AOH-EX-T4: the deck runs out in the middle of Taxes (AOH-DRAW-2, -3, AOH-TAX-2, AOH-EDGE-16)', () => {
    const small = (deck: Record<string, number>): AohConfig => ({
      ...DEFAULT_CONFIG,
      resourceDeck: Object.fromEntries(
        Object.keys(DEFAULT_CONFIG.resourceDeck).map((k) => [k, deck[k] ?? 0]),
      ),
    });
    it('the 10 discards are reshuffled; Famine is drawn, resolved, not replaced; A gets 2 cards', () => {
      const log: GameEvent[] = [];
      const config = small({ iron: 3, wood: 3, grain: 3, stone: 2, gold: 2, famine: 1 });
      const discard = ['famine', 'wood', 'wood', 'wood', 'iron', 'iron', 'iron', 'stone', 'gold', 'gold'];
      const st = scenario(
        {
          players: 3,
          config,
          seats: [{ cities: 3, hand: ['grain'] }, { hand: ['grain'] }, { hand: ['grain'] }],
          deckExactly: ['stone'],
          discard,
          at: { action: A },
        },
        log,
      );
      expect(st.discard).toHaveLength(10);
      // Arrange the pile so that the seeded reshuffle brings the Famine to the top.
      const perm = shuffle(
        JSON.parse(JSON.stringify(st.rng)),
        discard.map((_, i) => i),
      );
      const arranged = new Array<string>(10);
      const rest = discard.slice(1);
      perm.forEach((from, j) => (arranged[from] = j === 9 ? 'famine' : rest.shift()!));
      st.discard = arranged;
      act(st, A, { type: 'taxes' }, log);
      expect(events(log, 'aoh.ev.reshuffle')[0]!.params).toEqual({ cards: 10 });
      expect(events(log, 'aoh.ev.drawImmediate')[0]!.params).toEqual({ seat: A, card: 'famine' });
      // Luck window A, B, C: nobody holds Luck, everybody passes.
      for (const s of [A, B, C]) {
        expect(game.legalActions(st, s)).toEqual([{ type: 'pass' }]);
        act(st, s, { type: 'pass' }, log);
      }
      expect(st.p.map((p) => p.hand.includes('grain'))).toEqual([false, false, false]);
      expect(st.p[A]!.hand).toHaveLength(2);
      expect(st.p[A]!.hand[0]).toBe('stone');
      expect(st.deck).toHaveLength(8);
      expect(st.discard).toEqual(['grain', 'grain', 'grain', 'famine']);
      sane(st);
    });
    it('variant: deck and discard both empty at draw 2 — draws 2 and 3 are skipped', () => {
      const log: GameEvent[] = [];
      const st = scenario(
        {
          players: 3,
          config: small({ grain: 1, stone: 1 }),
          seats: [{ cities: 3, hand: ['grain'] }, {}, {}],
          deckExactly: ['stone'],
          at: { action: A },
        },
        log,
      );
      expect(st.discard).toEqual([]);
      act(st, A, { type: 'taxes' }, log);
      expect(events(log, 'aoh.ev.drawSkipped')).toHaveLength(2);
      expect(st.p[A]!.hand).toEqual(['grain', 'stone']);
      expect(kinds(st)).toEqual(['0:aoh.monument']);
      sane(st);
    });
  });

  it('AOH-EX-T5: item supply exhausted and refilled (AOH-BUILD-8, AOH-BATTLE-10, AOH-EVT-POP-2)', () => {
    const log: GameEvent[] = [];
    // A 1(G), 2(G), 3; B 4(G), 5(G); C 6(G), 7(G). Cities 4 each: the supply is empty.
    const st = scenario(
      {
        players: 3,
        seats: [
          { cities: 4, armies: [{ general: true }, { general: true }, {}], hand: ['gold', 'gold'] },
          { cities: 4, armies: [{ general: true }, { general: true }] },
          { cities: 4, armies: [{ general: true }, { general: true }] },
        ],
        // B phase 1, C phase 1, Market Day A B C, A phase 1.
        deck: ['iron', 'wood', 'grain', 'stone', 'population_boom', 'iron'],
        battle: [6, 1, 1],
        at: { build: A },
      },
      log,
    );
    expect([st.supply.general, st.supply.city]).toEqual([0, 0]);
    rejected(st, A, { type: 'buildItem', item: 'general', pay: ['gold', 'gold'], host: 3 }, 'AOH-BUILD-8');
    act(st, A, { type: 'buildDone' });
    act(st, A, { type: 'monument', count: 0 }, log);
    const armies = st.supply.army;
    act(st, B, warSteps({ target: C, objective: 'conquest', armies: [4] }), log);
    act(st, C, { type: 'pass' }, log);
    act(st, C, placeSteps(st, C, [1, 1]), log);
    act(st, C, { type: 'duel', unit: unitOf(st, 1, 6) }, log);
    expect(st.supply.general).toBe(1);
    expect(st.supply.army).toBe(armies + 1);
    expect(st.p[C]!.armies.map((a) => a.id)).toEqual([7]);
    act(st, B, { type: 'monument', count: 0 }, log);
    passTurn(st, C, log);
    // Market Day: C's Population Boom finds no city in the supply.
    expect(events(log, 'aoh.ev.boomEmpty')[0]!.params).toEqual({ seat: C });
    expect(st.p[C]!.cities).toBe(4);
    expect(st.discard).toContain('population_boom');
    playTo(st, A);
    act(st, A, { type: 'build' });
    act(st, A, { type: 'buildItem', item: 'general', pay: ['gold', 'gold'], host: 3 });
    expect(st.p[A]!.armies.find((a) => a.id === 3)!.general).toBe(true);
    expect(st.supply.general).toBe(0);
    sane(st);
  });

  describe('AOH-EX-T6: last-turn race between two claimants (AOH-WIN-3..8)', () => {
    /** Turn 9 of every player and the Market Day of round 10; A's Market Day card is `boom`. */
    const setup = (boom: boolean, hero = false) => {
      const st = scenario({
        players: 3,
        round: 9,
        seats: [
          {
            cities: 4,
            turns: 9,
            armies: 0,
            hand: ['stone', 'wood', 'wood', ...(hero ? ['mighty_hero'] : [])],
          },
          { tribe: 'babylonians', turns: 8, armies: 0, monument: 4, hand: ['bricks', 'bricks'] },
          { turns: 8, armies: 2 },
        ],
        // B phase 1, C phase 1, Market Day A B C, then phase-1 draws of turn 10.
        deck: ['iron', 'wood', boom ? 'population_boom' : 'grain', 'stone', 'iron', 'wood', 'grain', 'stone'],
        at: { build: A },
      });
      act(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
      act(st, A, { type: 'buildDone' });
      act(st, A, { type: 'monument', count: 0 });
      expect(st.p[A]!.claim).toBe(10);
      act(st, B, { type: 'pass' });
      act(st, B, { type: 'monument', count: 1 });
      expect(st.p[B]!.monument).toBe(5);
      expect(st.p[B]!.claim).toBe(10);
      act(st, C, warSteps({ target: A, objective: 'conquest', armies: [1, 2] }));
      act(st, A, { type: 'pass' });
      expect(st.p[A]!.cities).toBe(4);
      act(st, C, { type: 'monument', count: 0 });
      playTo(st, A);
      expect(st.round).toBe(10);
      return st;
    };
    it('a Market Day Population Boom gives A his 5th city back: A wins at the end of his turn 10; B is never checked', () => {
      const st = setup(true);
      expect(st.p[A]!.cities).toBe(5);
      passTurn(st, A);
      expect(st.over).toEqual({ winners: [A], reason: 'cities' });
      expect(st.p[B]!.claim).toBe(10);
      expect(st.p[B]!.turns).toBe(9);
    });
    it('variant 1: A cannot build → his check fails; B still has 5 monument cards at the end of his turn 10 → B wins', () => {
      const st = setup(false);
      passTurn(st, A);
      expect(st.over).toBeNull();
      expect(st.p[A]!.claim).toBe(0);
      passTurn(st, B);
      expect(st.over).toEqual({ winners: [B], reason: 'monument' });
    });
    it('variant 2: A razes B (V = 1) in his turn 10; B places another Bricks in his phase 3 → B wins', () => {
      const st = setup(false, true);
      act(st, A, warSteps({ target: B, objective: 'razing', heroes: ['army'] }));
      act(st, B, { type: 'pass' });
      expect(st.p[B]!.monument).toBe(4);
      expect(st.p[B]!.claim).toBe(10);
      act(st, A, { type: 'monument', count: 0 });
      expect(st.p[A]!.claim).toBe(0);
      act(st, B, { type: 'pass' });
      act(st, B, { type: 'monument', count: 1 });
      expect(st.over).toEqual({ winners: [B], reason: 'monument' });
    });
  });

  it('AOH-EX-T7: elimination removes roads and changes neighbours (AOH-ELIM-1, -5, AOH-ROAD-13)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        roads: [
          [A, B],
          [B, C],
        ],
        seats: [{ hand: ['stone', 'stone'] }, { cities: 0, hand: ['wood'], armies: 0 }, {}, {}],
        deck: plain(10, 1),
        at: { action: D },
      },
      log,
    );
    // D's army is id 3 (A 1, B none, C 2).
    const roadSupply = st.supply.road;
    act(st, D, warSteps({ target: B, objective: 'plunder', armies: [3] }), log);
    act(st, B, { type: 'pass' }, log);
    expect(events(log, 'aoh.ev.victorious')[0]!.params).toMatchObject({ v: 1 });
    expect(st.p[D]!.hand).toContain('wood');
    expect(st.p[D]!.armies[0]!.status).toBe('away');
    expect(st.p[B]!.alive).toBe(false);
    expect(st.roads).toEqual([]);
    expect(st.supply.road).toBe(roadSupply + 2);
    act(st, D, { type: 'monument', count: 0 }, log);
    // The next Market Day: A, C and D draw one card each; B is skipped.
    expect(events(log, 'aoh.ev.marketDraw').map((e) => [e.params.seat, e.params.count])).toEqual([
      [A, 1],
      [C, 1],
      [D, 1],
    ]);
    playTo(st, A);
    act(st, A, { type: 'build' });
    const roadTargets = game
      .legalActions(st, A)
      .filter((a) => a.type === 'buildItem' && a.item === 'road')
      .map((a) => (a as { to: number }).to);
    expect(sorted(roadTargets.map(String))).toEqual(['2', '3']);
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: C });
    act(st, C, { type: 'consent', accept: true });
    expect(st.roads).toEqual([[A, C, A]]);
    sane(st);
  });

  describe('AOH-EX-T8: Barbarians while the armies are away (AOH-EVT-BARB-5..9, AOH-EDGE-5, -28)', () => {
    const setup = (hand: string[], log: GameEvent[]) =>
      scenario(
        {
          players: 3,
          seats: [
            {
              turns: 6,
              fortresses: 1,
              hand,
              armies: [
                { status: 'away', returnAt: 7 },
                { status: 'away', returnAt: 7 },
              ],
            },
            {},
            {},
          ],
          deck: ['barbarians'],
          battle: [4, 3],
          at: { turn: A },
        },
        log,
      );
    it('no unit, no response card: no battle card drawn, two random hand cards discarded; the armies come home in phase 5', () => {
      const log: GameEvent[] = [];
      const st = setup(['iron', 'wood', 'gold'], log);
      expect(kinds(st)).toEqual(['0:aoh.response']);
      expect(game.legalActions(st, A)).toEqual([{ type: 'pass' }]);
      const battle = st.battle.slice();
      act(st, A, { type: 'pass' }, log);
      expect(st.battle).toEqual(battle);
      expect(events(log, 'aoh.ev.duel')).toHaveLength(0);
      const plundered = events(log, 'aoh.ev.barbarianPlunder')[0]!.params.cards as string[];
      expect(plundered).toHaveLength(2);
      expect(st.discard.slice(-3)).toEqual([...plundered, 'barbarians']);
      expect(st.p[A]!.hand).toHaveLength(1);
      expect(kinds(st)).toEqual(['0:aoh.action']);
      passTurn(st, A);
      expect(st.p[A]!.armies.map((a) => a.status)).toEqual(['home', 'home']);
      sane(st);
    });
    it('variant: a Mighty Hero as army ties the barbarians (card 3 + 1 fortress = 4): nothing discarded', () => {
      const log: GameEvent[] = [];
      const st = setup(['iron', 'wood', 'gold', 'mighty_hero'], log);
      act(st, A, { type: 'respond', heroes: [-1] }, log);
      expect(events(log, 'aoh.ev.duel')[0]!.params).toMatchObject({ av: 4, as: 4, dv: 3, ds: 4, winner: -1 });
      expect(events(log, 'aoh.ev.victorious')[0]!.params).toMatchObject({ v: 0 });
      expect(sorted(st.p[A]!.hand)).toEqual(['gold', 'iron', 'wood']);
      expect(st.discard.slice(-2)).toEqual(['mighty_hero', 'barbarians']);
      sane(st);
    });
  });

  describe('AOH-EX-T9: Famine eliminates a player unless someone plays Luck (AOH-EVT-FAM-1..3, AOH-ELIM-2)', () => {
    const setup = () =>
      scenario({
        players: 3,
        seats: [{ hand: ['luck'] }, { hand: ['grain', 'iron'] }, { cities: 0, hand: ['grain', 'grain'] }],
        deck: ['famine'],
        at: { turn: B },
      });
    it('everybody passes: all Grain discarded; C is eliminated at the checkpoint', () => {
      const st = setup();
      // One window for all three at once (AOH-HID-14); only A, who holds Luck, can do more than pass.
      expect(kinds(st)).toEqual(['0:aoh.luck', '1:aoh.luck', '2:aoh.luck']);
      for (const s of [B, C]) {
        expect(game.legalActions(st, s)).toEqual([{ type: 'pass' }]);
        act(st, s, { type: 'pass' });
      }
      expect(kinds(st)).toEqual(['0:aoh.luck']);
      expect(st.p[C]!.hand).toEqual(['grain', 'grain']); // nothing happens before the window closes
      act(st, A, { type: 'pass' });
      expect(st.p[B]!.hand).toEqual(['iron']);
      expect(st.p[C]!.alive).toBe(false);
      expect(st.p[A]!.hand).toEqual(['luck']);
      sane(st);
    });
    it('variant: A plays Luck — the Famine is cancelled for everybody; C keeps both Grain', () => {
      const st = setup();
      act(st, B, { type: 'pass' });
      act(st, C, { type: 'pass' });
      act(st, A, { type: 'luck' });
      expect(st.p[C]!.hand).toEqual(['grain', 'grain']);
      expect(st.p[C]!.alive).toBe(true);
      expect(st.p[B]!.hand).toEqual(['grain', 'iron']);
      expect(st.discard.slice(-2)).toEqual(['luck', 'famine']);
      sane(st);
    });
  });

  describe('AOH-EX-T10: attacking with a Hero alone, last card in hand (AOH-WAR-8, AOH-ELIM-2, AOH-EDGE-19)', () => {
    const setup = () =>
      scenario({
        players: 4,
        seats: [
          { cities: 0, turns: 3, hand: ['mighty_hero'], armies: [{ status: 'away', returnAt: 4 }] },
          {},
          {},
          { armies: [{ quakes: [2] }], hand: ['iron', 'wood', 'stone'] },
        ],
        deck: plain(4),
        at: { action: A },
      });
    it('Conquest: V = 1 takes no city; A is eliminated at the checkpoint after the war', () => {
      const st = setup();
      act(st, A, warSteps({ target: D, objective: 'conquest', heroes: ['army'] }));
      expect(st.p[A]!.hand).toEqual([]);
      expect(st.p[A]!.alive).toBe(true);
      const armies = st.supply.army;
      act(st, D, { type: 'pass' });
      expect(st.p[D]!.cities).toBe(1);
      expect(st.discard).toContain('mighty_hero');
      expect(st.p[A]!.alive).toBe(false);
      expect(st.supply.army).toBe(armies + 1);
      expect(kinds(st)).toEqual(['1:aoh.action']);
      sane(st);
    });
    it('variant: Plunder takes 2 of D\u2019s cards and A survives', () => {
      const st = setup();
      act(st, A, warSteps({ target: D, objective: 'plunder', heroes: ['army'] }));
      act(st, D, { type: 'pass' });
      expect(st.p[A]!.hand).toHaveLength(2);
      expect(st.p[D]!.hand).toHaveLength(1);
      expect(st.p[A]!.alive).toBe(true);
      sane(st);
    });
  });

  describe('AOH-EX-T11: a claim made at Market Day is checked on the upcoming turn (AOH-WIN-3, -9)', () => {
    const setup = () => {
      const st = scenario({
        players: 3,
        seats: [{ armies: 2, turns: 3 }, { cities: 4, armies: 0, turns: 3 }, { turns: 3 }],
        deck: ['iron', 'population_boom', 'iron', 'wood', 'wood'],
        at: { market: 'draw' },
      });
      expect(st.p[B]!.cities).toBe(5);
      expect(st.p[B]!.claim).toBe(4);
      for (const s of [A, B, C]) act(st, s, { type: 'ready' });
      return st;
    };
    it('A\u2019s Conquest (V = 2) takes a city; B cannot build: the check fails and the claim is removed', () => {
      const st = setup();
      act(st, A, warSteps({ target: B, objective: 'conquest', armies: [1, 2] }));
      act(st, B, { type: 'pass' });
      expect(st.p[B]!.cities).toBe(4);
      act(st, A, { type: 'monument', count: 0 });
      passTurn(st, B);
      expect(st.over).toBeNull();
      expect(st.p[B]!.claim).toBe(0);
    });
    it('variant: A does not attack → B still has 5 cities at the end of his turn and wins before C plays', () => {
      const st = setup();
      passTurn(st, A);
      passTurn(st, B);
      expect(st.over).toEqual({ winners: [B], reason: 'cities' });
      expect(st.p[C]!.played).toBe(false);
    });
  });

  it('AOH-EX-T12: tie, excess unit and immediate return on a direct road (AOH-BATTLE-9, -13, -14, AOH-RET-2)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        roads: [[A, B]],
        seats: [{ armies: 2 }, { hand: ['iron', 'wood', 'grain', 'stone'] }, {}],
        battle: [3, 5, 3],
        deck: plain(4),
        at: { action: A },
      },
      log,
    );
    // A 1, 2; B 3; C 4.
    act(st, A, warSteps({ target: B, objective: 'plunder', armies: [1, 2] }), log);
    act(st, B, { type: 'pass' }, log);
    act(st, A, placeSteps(st, A, [3, 5]), log);
    duel(st, unitOf(st, 0, 1), unitOf(st, 1, 3), log);
    expect(events(log, 'aoh.ev.duel').map((e) => e.params)).toEqual([
      expect.objectContaining({ av: 3, dv: 3, winner: -1 }),
    ]);
    expect(events(log, 'aoh.ev.victorious')[0]!.params).toMatchObject({ v: 1, wins: 0, excess: 1 });
    const plunder = events(log, 'aoh.ev.plunder')[0]!;
    expect(plunder.to).toEqual([A, B]);
    expect(plunder.params.cards).toHaveLength(2);
    expect(events(log, 'aoh.ev.plunderHidden')[0]).toMatchObject({ notTo: [A, B], params: { count: 2 } });
    expect(st.p[A]!.hand).toHaveLength(2);
    expect(st.p[B]!.hand).toHaveLength(2);
    expect(st.p[A]!.armies.map((a) => a.status)).toEqual(['home', 'home']);
    act(st, A, { type: 'monument', count: 0 });
    // During B's next turn a1 and a2 defend.
    act(st, B, warSteps({ target: A, objective: 'plunder', armies: [3] }), log);
    act(st, A, { type: 'pass' }, log);
    expect(st.war!.d).toBe(2);
    sane(st);
  });
});
