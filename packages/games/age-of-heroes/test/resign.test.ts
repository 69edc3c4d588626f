/**
 * Resignation (AOH-ELIM-8, AOH-DP-22): a checkpoint of its own (AOH-FLOW-6). The player is eliminated
 * and cleaned up at once (AOH-ELIM-3) wherever he resigns — in a road consent, a war, an event, a
 * Luck window, the tribe draft — and what he leaves unfinished is settled; a two-player game ends at
 * once (AOH-WIN-1). Seats: A = 0, B = 1, C = 2, D = 3.
 */
import { describe, expect, it } from 'vitest';

import type { Seat } from '@tabula/engine';
import { Rng } from '@tabula/engine';
import { ageOfHeroes as G, offerSteps, placeSteps, scenario, warSteps } from '@tabula/age-of-heroes';
import type { AohAction, AohState } from '@tabula/age-of-heroes';

import { A, B, C, act, events, kinds, sane } from './helpers.js';
import type { Log } from './helpers.js';

/** A new game (setup runs to its first decision). */
function newGame(n: number, seed: string, raw: Record<string, unknown>): AohState {
  const o = G.parseOptions(raw);
  if (!o.ok) throw new Error(o.error.message);
  const r = G.setup(o.value, n, seed);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Everything AOH-ELIM-3 and AOH-ELIM-8 require right after `seat`'s resignation. */
function expectGone(st: AohState, seat: Seat, log: Log): void {
  const p = st.p[seat]!;
  expect(p.alive, 'eliminated').toBe(false);
  expect(p.resigned).toBe(true);
  expect([p.hand, p.cities, p.fortresses, p.armies, p.monument, p.claim]).toEqual([[], 0, 0, [], 0, 0]);
  expect(st.roads.filter((r) => r[0] === seat || r[1] === seat)).toEqual([]);
  if (st.market) {
    expect(st.market.pending[seat]).toEqual([]);
    expect(st.market.offers.filter((o) => o.from === seat || o.to === seat)).toEqual([]);
    expect(st.market.drafts[seat]).toBeNull();
  }
  if (st.war) expect([st.war.attacker, st.war.defender]).not.toContain(seat);
  expect(G.prompts(st).filter((x) => x.seat === seat)).toEqual([]);
  expect(G.legalActions(st, seat)).toEqual([]);
  expect(events(log, 'aoh.ev.eliminated').map((e) => e.params)).toContainEqual({ seat, resigned: true });
  sane(st);
}

describe('Resignation is processed at once (AOH-ELIM-8, AOH-FLOW-6)', () => {
  it('AOH-ELIM-8, AOH-ROAD-6: a neighbour who resigns while asked for a road refuses it and is gone at once; the builder goes on building', () => {
    const log: Log = [];
    const st = scenario(
      {
        players: 3,
        seats: [
          { hand: ['stone', 'stone', 'iron'] },
          { hand: ['gold', 'luck'], cities: 2, fortresses: 1, armies: 2 },
          {},
        ],
        roads: [[1, 2]],
        at: { build: A },
      },
      log,
    );
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: B }, log);
    expect(kinds(st)).toEqual(['1:aoh.consent']);
    const supply = { ...st.supply };
    act(st, B, { type: 'resign' }, log);
    expect(events(log, 'aoh.ev.roadRefused').map((e) => e.params)).toEqual([{ seat: A, to: B }]);
    expectGone(st, B, log);
    // His items went back to the supply before the builder finished his Build action.
    expect(st.supply).toEqual({
      ...supply,
      city: supply.city + 2,
      fortress: supply.fortress + 1,
      army: supply.army + 2,
      road: supply.road + 1,
    });
    expect(st.discard).toEqual(expect.arrayContaining(['gold', 'luck']));
    // Nothing was paid for the refused road; the builder is still building.
    expect(st.p[A]!.hand).toEqual(['stone', 'stone', 'iron']);
    expect(kinds(st)).toEqual(['0:aoh.build']);
  });

  it('AOH-ELIM-8, AOH-WIN-1: in a two-player game the neighbour who resigns during a road consent loses at once', () => {
    const log: Log = [];
    const st = scenario({ players: 2, seats: [{ hand: ['stone', 'stone'] }, {}], at: { build: A } }, log);
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: B }, log);
    act(st, B, { type: 'resign' }, log);
    expect(G.outcome(st)).toEqual({ winners: [A], reason: 'last-standing' });
    expect(G.prompts(st)).toEqual([]);
    expect(st.p[B]!.alive).toBe(false);
    sane(st);
  });

  it('AOH-ELIM-8, AOH-TURN-9: a builder who resigns while waiting for consent is gone at once and his turn ends', () => {
    const log: Log = [];
    const st = scenario({ players: 3, seats: [{ hand: ['stone', 'stone'] }, {}, {}], at: { build: A } }, log);
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: B }, log);
    act(st, A, { type: 'resign' }, log);
    expectGone(st, A, log);
    expect(kinds(st)).toEqual(['1:aoh.action']); // B's turn (he drew in phase 1)
    expect(events(log, 'aoh.ev.road')).toEqual([]);
  });

  it('AOH-ELIM-8, AOH-TURN-9: the active player resigns in his Famine window: the window goes on without him, then his turn ends', () => {
    const log: Log = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ hand: ['grain'] }, { hand: ['grain', 'luck'] }, { hand: ['grain', 'iron'] }],
        deck: ['famine', 'wood'],
        at: { turn: A },
      },
      log,
    );
    expect(kinds(st)).toEqual(['0:aoh.luck', '1:aoh.luck', '2:aoh.luck']);
    act(st, C, { type: 'pass' }, log);
    act(st, A, { type: 'resign' }, log);
    expectGone(st, A, log);
    expect(kinds(st)).toEqual(['1:aoh.luck']);
    act(st, B, { type: 'pass' }, log);
    // The Famine strikes the survivors; then B's turn begins.
    expect(st.p[B]!.hand).toEqual(['luck', 'wood']); // Wood: his phase-1 draw
    expect(st.p[C]!.hand).toEqual(['iron']);
    expect(kinds(st)).toEqual(['1:aoh.action']);
    sane(st);
  });

  it('AOH-ELIM-8: a Luck answer already given is void when its player resigns; the Famine resolves on the others', () => {
    const log: Log = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ hand: ['grain'] }, { hand: ['luck'] }, { hand: ['grain', 'iron'] }],
        deck: ['famine'],
        at: { turn: A },
      },
      log,
    );
    act(st, B, { type: 'luck' }, log);
    act(st, A, { type: 'pass' }, log);
    act(st, B, { type: 'resign' }, log); // the last answer missing is C's
    expectGone(st, B, log);
    act(st, C, { type: 'pass' }, log);
    expect(events(log, 'aoh.ev.luck')).toEqual([]);
    expect([st.p[A]!.hand, st.p[C]!.hand]).toEqual([[], ['iron']]);
    sane(st);
  });

  it('AOH-ELIM-8: an event waiting for the resigning player lapses — his Earthquake target, his Luck against a Volcano', () => {
    // A draws an Earthquake with two targets and resigns before choosing: discarded without effect.
    const log: Log = [];
    const st = scenario(
      {
        players: 3,
        seats: [{}, { armies: 1 }, { armies: 1 }],
        deck: ['earthquake', 'wood'],
        at: { turn: A },
      },
      log,
    );
    expect(kinds(st)).toEqual(['0:aoh.quakeTarget']);
    act(st, A, { type: 'resign' }, log);
    expectGone(st, A, log);
    expect(events(log, 'aoh.ev.lapsed').map((e) => e.params)).toEqual([{ seat: A, card: 'earthquake' }]);
    expect(st.discard).toContain('earthquake');
    expect(st.p.every((p) => p.armies.every((a) => a.quakes.length === 0))).toBe(true);
    expect(kinds(st)).toEqual(['1:aoh.action']);
    // A Volcano aimed at B: B resigns in his Luck window; A's turn goes on (phase 2).
    const v: Log = [];
    const st2 = scenario(
      { players: 3, seats: [{}, { cities: 2 }, {}], deck: ['volcano'], at: { turn: A } },
      v,
    );
    act(st2, A, { type: 'volcanoTarget', seat: B }, v);
    expect(kinds(st2)).toEqual(['1:aoh.luck']);
    act(st2, B, { type: 'resign' }, v);
    expectGone(st2, B, v);
    expect(events(v, 'aoh.ev.lapsed').map((e) => e.params)).toEqual([{ seat: B, card: 'volcano' }]);
    expect(st2.supply.city).toBe(12 - 2); // A's and C's cities only: B's two went back when he left
    expect(kinds(st2)).toEqual(['0:aoh.action']);
  });

  it('AOH-ELIM-8, AOH-EVT-HERO-7, AOH-BATTLE-15: an attacker who resigns during the placement ends the war without a battle; all Heroes played are discarded', () => {
    const log: Log = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ armies: 2, hand: ['mighty_hero'] }, { armies: 2, hand: ['mighty_hero', 'iron'] }, {}],
        battle: [1, 2, 3, 4, 5, 6],
        deck: ['wood'],
        at: { action: A },
      },
      log,
    );
    const battle = st.battle.length;
    act(st, A, warSteps({ target: B, objective: 'plunder', armies: [1, 2], heroes: ['army'] }), log);
    act(st, B, { type: 'respond', heroes: [-1] }, log);
    act(st, A, placeSteps(st, A, [st.war!.pool[0][0]!]).slice(0, 1), log);
    expect(kinds(st)).toEqual(['0:aoh.place', '1:aoh.place']);
    act(st, A, { type: 'resign' }, log);
    expectGone(st, A, log);
    expect(st.war).toBeNull();
    expect(st.battle).toHaveLength(battle); // every drawn battle card is back
    expect(st.discard.filter((c) => c === 'mighty_hero')).toHaveLength(2);
    expect(st.p[B]!.hand).toEqual(['iron', 'wood']); // Wood: his phase-1 draw
    expect(events(log, 'aoh.ev.plunder')).toEqual([]);
    expect(kinds(st)).toEqual(['1:aoh.action']);
  });

  it('AOH-ELIM-8, AOH-EVT-BARB-9: the Barbarians\u2019 victim who resigns in his response window: the card is discarded, nothing is plundered', () => {
    const log: Log = [];
    const st = scenario(
      { players: 3, seats: [{ hand: ['iron', 'wood'] }, {}, {}], deck: ['barbarians'], at: { turn: A } },
      log,
    );
    expect(kinds(st)).toEqual(['0:aoh.response']);
    act(st, A, { type: 'resign' }, log);
    expectGone(st, A, log);
    expect(st.discard).toEqual(expect.arrayContaining(['barbarians', 'iron', 'wood']));
    expect(events(log, 'aoh.ev.barbarianPlunder')).toEqual([]);
    expect(kinds(st)).toEqual(['1:aoh.action']);
  });

  it('AOH-ELIM-8, AOH-WAR-3: a war drafted against a player who resigns goes back to the choice of action', () => {
    const log: Log = [];
    const st = scenario({ players: 3, seats: [{ armies: 2 }, {}, {}], at: { action: A } }, log);
    act(
      st,
      A,
      [
        { type: 'war', target: C, objective: 'conquest' },
        { type: 'warArmy', army: 1 },
      ],
      log,
    );
    act(st, C, { type: 'resign' }, log);
    expectGone(st, C, log);
    expect(kinds(st)).toEqual(['0:aoh.action']);
    expect(G.legalActions(st, A)).not.toContainEqual(expect.objectContaining({ type: 'war', target: C }));
  });

  it('AOH-ELIM-8, AOH-TRADE-6: an offer draft addressed to a player who resigns must be readdressed before it is posted', () => {
    const log: Log = [];
    const st = scenario({ players: 3, seats: [{ hand: ['iron'] }, {}, {}], at: { market: 'trade' } }, log);
    act(st, A, offerSteps({ to: B, give: ['iron'], receive: ['wood'] }).slice(0, -1), log);
    expect(G.legalActions(st, A)).toContainEqual({ type: 'offerPost' });
    act(st, B, { type: 'resign' }, log);
    expectGone(st, B, log);
    expect(G.legalActions(st, A)).not.toContainEqual({ type: 'offerPost' });
    act(st, A, { type: 'offerTo', seat: C }, log);
    act(st, A, { type: 'offerPost' }, log);
  });

  it('AOH-ELIM-8, AOH-SETUP-8: a player who resigns during the tribe draft picks no tribe; with two players the other wins', () => {
    const three = newGame(3, 'draft-resign', { tribes: 'draft' });
    const first = G.prompts(three)[0]!.seat;
    const log: Log = [];
    act(three, first, { type: 'resign' }, log);
    expect(three.p[first]!.alive).toBe(false);
    expect(three.p[first]!.tribe).toBeNull();
    // The others pick, then the game is dealt to the two of them.
    while (G.prompts(three)[0]?.kind === 'aoh.tribe') {
      const s = G.prompts(three)[0]!.seat;
      expect(s).not.toBe(first);
      act(three, s, G.legalActions(three, s)[0]!);
    }
    expect(three.p.filter((p) => p.alive && p.tribe !== null && p.cities > 0)).toHaveLength(2);
    expect([three.p[first]!.hand, three.p[first]!.cities, three.p[first]!.armies]).toEqual([[], 0, []]);
    sane(three);
    const two = newGame(2, 'draft-resign', { tribes: 'draft' });
    const s = G.prompts(two)[0]!.seat;
    act(two, 1 - s, { type: 'resign' });
    expect(G.outcome(two)).toEqual({ winners: [s], reason: 'last-standing' });
  });
});

/* ------------------------------------------------------------------ random games */

const PROMPT_KINDS = [
  'aoh.tribe',
  'aoh.action',
  'aoh.swap',
  'aoh.build',
  'aoh.consent',
  'aoh.warDraft',
  'aoh.response',
  'aoh.quakeTarget',
  'aoh.volcanoTarget',
  'aoh.luck',
  'aoh.place',
  'aoh.duel',
  'aoh.monument',
  'aoh.discard',
  'aoh.trade',
];

/** One random step: a random prompted seat plays a random legal action (plain checks: a hot loop). */
function randomStep(st: AohState, rng: Rng): void {
  const ps = G.prompts(st);
  if (ps.length === 0) throw new Error('a game that is not over waits for nobody');
  const p = ps[rng.int(ps.length)]!;
  if (!st.p[p.seat]!.alive) throw new Error(`eliminated seat ${p.seat} is asked (${p.kind})`);
  const legal = G.legalActions(st, p.seat);
  if (legal.length === 0) throw new Error(`${p.kind} of seat ${p.seat} has no legal action`);
  const a = rng.pick(legal) as AohAction;
  const r = G.apply(st, p.seat, a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)} rejected: ${r.error.message}`);
}

describe('Resignation at random points of random games', () => {
  it('AOH-ELIM-3, AOH-ELIM-8, AOH-WIN-1: whoever resigns at whatever prompt is eliminated and cleaned up at once; two-player games end there; the game plays on without him', () => {
    const byOwn = new Set<string>();
    const byOther = new Set<string>();
    let forks = 0;
    for (let g = 0; g < 24; g++) {
      const players = 2 + (g % 5);
      const rng = new Rng(`resign-${g}`);
      const st = newGame(players, `resign-${g}`, { tribes: g % 2 ? 'draft' : 'random' });
      for (let step = 0; step < 6000 && !st.over; step++) {
        const ps = G.prompts(st);
        const alive = st.p.map((p, s) => (p.alive ? s : -1)).filter((s) => s >= 0);
        // Resign a prompted seat at every prompt kind not yet seen that way, an unprompted one likewise,
        // and a random seat now and then.
        const candidates: [Seat, Set<string>, string][] = [];
        for (const p of ps) if (!byOwn.has(p.kind)) candidates.push([p.seat, byOwn, p.kind]);
        const idle = alive.filter((s) => !ps.some((p) => p.seat === s));
        if (idle.length && ps.length && !byOther.has(ps[0]!.kind))
          candidates.push([idle[rng.int(idle.length)]!, byOther, ps[0]!.kind]);
        if (rng.int(1000) === 0) candidates.push([alive[rng.int(alive.length)]!, byOther, 'random']);
        for (const [seat, set, kind] of candidates) {
          const fork = G.clone(st);
          const log: Log = [];
          const r = G.apply(fork, seat, { type: 'resign' }, log);
          expect(r).toEqual({ ok: true });
          expectGone(fork, seat, log);
          if (alive.length === 2)
            expect(G.outcome(fork)).toEqual({
              winners: alive.filter((s) => s !== seat),
              reason: 'last-standing',
            });
          // The game goes on without him to its end.
          for (let k = 0; k < 3000 && !fork.over; k++) {
            randomStep(fork, rng);
            if (fork.p[seat]!.alive) throw new Error('back in the game');
            if (k % 100 === 0) sane(fork);
          }
          sane(fork);
          set.add(kind);
          forks++;
        }
        randomStep(st, rng);
      }
    }
    expect(forks).toBeGreaterThan(30);
    expect([...byOwn].sort()).toEqual(PROMPT_KINDS.slice().sort());
    expect([...byOther].filter((k) => k !== 'random').sort()).toEqual(PROMPT_KINDS.slice().sort());
  });
});
