/**
 * Market Day (spec §8) and the trading protocol (spec §9).
 * Seats: A = 0, B = 1, C = 2 … (clockwise); army ids run 1, 2, 3 … in seat order.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent, Seat } from '@tabula/engine';
import { ageOfHeroes as game, applySteps, offerSteps, scenario, warSteps } from '@tabula/age-of-heroes';
import type { AohAction, AohState, OfferSpec } from '@tabula/age-of-heroes';

import { act, allReady, keys, passWindows, rejected, sane, sorted } from './helpers.js';

const A = 0,
  B = 1,
  C = 2;

/** Posts an offer (the compound input of AOH-DP-18) and returns its id. */
function post(st: AohState, seat: Seat, o: OfferSpec, log?: GameEvent[]): number {
  const id = st.nextOffer;
  const r = applySteps(st, seat, offerSteps(o), log);
  if (!r.ok) throw new Error(`offer rejected: ${r.error.message}`);
  return id;
}

const trading = (st: AohState) =>
  st.market?.trading === true && st.stack[st.stack.length - 1]?.k === 'market';

/* ================================================================== §8 Market Day */

describe('Market Day (§8)', () => {
  it('AOH-MKT-1, AOH-MKT-10: after the last turn of a round: draw, resolve, checkpoint, trade, close; then the round leader plays', () => {
    const log: GameEvent[] = [];
    // C plays the last turn of round 1 (A and B have played). His phase-1 card, then the Market Day
    // draws A, B, C, then A's phase-1 card.
    const st = scenario(
      { players: 3, round: 1, deck: ['iron', 'wood', 'stone', 'grain', 'gold'], at: { turn: C } },
      log,
    );
    expect(st.active).toBe(C);
    act(st, C, { type: 'pass' }, log);
    act(st, C, { type: 'monument', count: 0 }, log);
    // Market Day: every player drew his card, nothing to resolve, the trading window is open.
    expect(st.round).toBe(2);
    expect(trading(st)).toBe(true);
    expect(st.p[A]!.hand).toEqual(['wood']);
    expect(st.p[B]!.hand).toEqual(['stone']);
    expect(st.p[C]!.hand).toEqual(['iron', 'grain']);
    const k = keys(log);
    const day = k.indexOf('aoh.ev.marketDay');
    expect(day).toBeGreaterThan(k.indexOf('aoh.ev.pass'));
    expect(k.indexOf('aoh.ev.marketDraw')).toBeGreaterThan(day);
    expect(k.indexOf('aoh.ev.tradingOpen')).toBeGreaterThan(k.lastIndexOf('aoh.ev.marketDraw'));
    expect(game.prompts(st).map((p) => [p.seat, p.kind])).toEqual([
      [A, 'aoh.trade'],
      [B, 'aoh.trade'],
      [C, 'aoh.trade'],
    ]);
    // Close: everyone ready → checkpoint → the round leader's turn (his phase-1 draw is the Gold).
    allReady(st, log);
    expect(k.length).toBeLessThan(log.length);
    expect(keys(log)).toContain('aoh.ev.tradingClosed');
    expect(st.market).toBeNull();
    expect(st.active).toBe(A);
    expect(st.p[A]!.turns).toBe(1);
    expect(st.p[A]!.hand).toEqual(['wood', 'gold']);
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: A, kind: 'aoh.action' })]);
    sane(st);
  });

  it('AOH-MKT-2 (AOH-EX-R2): each player draws 1 + the tribes he reaches by road, from the round leader clockwise', () => {
    const ordinary = (k: number) =>
      Array.from({ length: k }, (_, i) => ['iron', 'wood', 'grain', 'stone'][i % 4]!);
    const cases: { roads: [Seat, Seat][]; leader: Seat; draws: number[] }[] = [
      {
        roads: [
          [0, 1],
          [1, 2],
          [2, 3],
          [3, 4],
          [4, 5],
        ],
        leader: 0,
        draws: [6, 6, 6, 6, 6, 6],
      },
      {
        roads: [
          [0, 1],
          [3, 4],
        ],
        leader: 0,
        draws: [2, 2, 1, 2, 2, 1],
      },
      {
        roads: [
          [0, 1],
          [1, 2],
        ],
        leader: 0,
        draws: [3, 3, 3, 1, 1, 1],
      },
      {
        roads: [
          [0, 1],
          [1, 2],
        ],
        leader: 3,
        draws: [3, 3, 3, 1, 1, 1],
      },
      { roads: [], leader: 0, draws: [1, 1, 1, 1, 1, 1] },
    ];
    for (const c of cases) {
      const log: GameEvent[] = [];
      const total = c.draws.reduce((a, b) => a + b, 0);
      const st = scenario(
        { players: 6, leader: c.leader, roads: c.roads, deck: ordinary(total), at: { market: 'draw' } },
        log,
      );
      expect(st.p.map((p) => p.hand.length)).toEqual(c.draws);
      const order = log
        .filter((e) => e.key === 'aoh.ev.marketDraw')
        .map((e) => [e.params!.seat, e.params!.count]);
      const seats = [0, 1, 2, 3, 4, 5].map((i) => (c.leader + i) % 6);
      expect(order).toEqual(seats.map((s) => [s, c.draws[s]]));
      // The leader drew the top card(s) of the deck.
      expect(st.p[c.leader]!.hand[0]).toBe('iron');
      expect(trading(st)).toBe(true);
      sane(st);
    }
  });

  it('AOH-MKT-3: C is taken when the player draws — a road built in the last turn of the round counts at once', () => {
    const st = scenario({
      players: 3,
      seats: [{}, {}, { hand: ['stone', 'stone'] }],
      deck: ['iron', 'wood', 'grain', 'stone', 'gold'],
      at: { build: C },
    });
    act(st, C, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: A });
    act(st, A, { type: 'consent', accept: true });
    act(st, C, { type: 'buildDone' });
    act(st, C, { type: 'monument', count: 0 });
    expect(trading(st)).toBe(true);
    // A and C are connected (C = 1): two cards each; B one card.
    expect(st.p.map((p) => p.hand.length)).toEqual([2, 1, 2]);
    sane(st);
  });

  it('AOH-MKT-4, AOH-MKT-5: immediate cards are set aside in draw order; everyone draws before any is resolved', () => {
    const log: GameEvent[] = [];
    // A draws an Earthquake (two legal targets: a decision), B a Population Boom, C an Iron.
    const st = scenario(
      { players: 3, deck: ['earthquake', 'population_boom', 'iron'], at: { market: 'draw' } },
      log,
    );
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: A, kind: 'aoh.quakeTarget' })]);
    // C has already drawn; B's Population Boom waits unresolved as a pending card, not a hand card.
    expect(st.p[C]!.hand).toEqual(['iron']);
    expect(st.market!.pending[B]).toEqual(['population_boom']);
    expect(st.p[B]!.hand).toEqual([]);
    expect(st.p[B]!.cities).toBe(1);
    expect(log.filter((e) => e.key === 'aoh.ev.pending').map((e) => e.params)).toEqual([
      { seat: A, card: 'earthquake' },
      { seat: B, card: 'population_boom' },
    ]);
    sane(st);
    act(st, A, { type: 'quakeTarget', army: 3 }, log);
    passWindows(st, log);
    expect(st.p[C]!.armies[0]!.quakes.length).toBe(1);
    expect(st.p[B]!.cities).toBe(2);
    expect(st.market!.pending).toEqual([[], [], []]);
    expect(trading(st)).toBe(true);
    sane(st);
  });

  it('AOH-MKT-5: resolution runs from the round leader, each player\u2019s cards in the order drawn (first Market Day)', () => {
    const log: GameEvent[] = [];
    // Leader B; road B–C so B and C draw two cards each, A one. Draw order: B, C, A.
    const st = scenario(
      {
        players: 3,
        leader: B,
        roads: [[1, 2]],
        deck: ['barbarians', 'population_boom', 'famine', 'iron', 'volcano'],
        at: { market: 'draw', first: true },
      },
      log,
    );
    expect(trading(st)).toBe(true);
    const lastPending = keys(log).lastIndexOf('aoh.ev.pending');
    const resolved = log
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => e.key === 'aoh.ev.suppressed' || e.key === 'aoh.ev.boom')
      .map(({ e, i }) => {
        expect(i).toBeGreaterThan(lastPending);
        return [e.params!.seat, e.params!.card ?? 'population_boom'];
      });
    expect(resolved).toEqual([
      [B, 'barbarians'],
      [B, 'population_boom'],
      [C, 'famine'],
      [A, 'volcano'],
    ]);
    expect(st.discard).toEqual(['barbarians', 'population_boom', 'famine', 'volcano']);
    expect(st.p[B]!.cities).toBe(2);
    expect(st.p[C]!.hand).toEqual(['iron']);
    sane(st);
  });

  it('AOH-MKT-6: a Barbarian attack from the resolve step is fought to the end before the next pending card', () => {
    const log: GameEvent[] = [];
    // A draws Barbarians, B Population Boom. Barbarian card 6, A's army card 1.
    const st = scenario(
      {
        players: 2,
        seats: [{ hand: ['iron', 'wood'] }, {}],
        deck: ['barbarians', 'population_boom'],
        battle: [6, 1],
        at: { market: 'draw' },
      },
      log,
    );
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: A, kind: 'aoh.response' })]);
    expect(st.market!.pending[B]).toEqual(['population_boom']);
    act(st, A, { type: 'pass' }, log);
    expect(trading(st)).toBe(true);
    const k = keys(log);
    expect(k.indexOf('aoh.ev.duel')).toBeGreaterThan(-1);
    expect(k.indexOf('aoh.ev.barbarianPlunder')).toBeGreaterThan(k.indexOf('aoh.ev.duel'));
    expect(k.indexOf('aoh.ev.boom')).toBeGreaterThan(k.indexOf('aoh.ev.barbariansDone'));
    // Spoils taken in full: A lost his army and both cards; only then did B's city arrive.
    expect(st.p[A]!.armies).toEqual([]);
    expect(st.p[A]!.hand).toEqual([]);
    expect(st.p[B]!.cities).toBe(2);
    sane(st);
  });

  it('AOH-MKT-7, AOH-MKT-10: a player eliminated in the resolve step loses his remaining pending cards; the new leader starts', () => {
    const log: GameEvent[] = [];
    // A (leader): no city, no army, one Grain; road A–B, so A draws two: Barbarians, Population Boom.
    const st = scenario(
      {
        players: 3,
        seats: [{ cities: 0, armies: 0, hand: ['grain'] }, {}, {}],
        roads: [[0, 1]],
        deck: ['barbarians', 'population_boom', 'iron', 'wood', 'stone', 'gold'],
        at: { market: 'draw' },
      },
      log,
    );
    const cities = st.supply.city;
    act(st, A, { type: 'pass' }, log); // no defence: V = 1, the Grain is plundered away
    expect(st.p[A]!.alive).toBe(false);
    // The Population Boom was never resolved: no city, card in the discard pile.
    expect(keys(log)).not.toContain('aoh.ev.boom');
    expect(st.supply.city).toBe(cities);
    expect(st.market!.pending[A]).toEqual([]);
    expect(st.discard.filter((c) => c === 'population_boom').length).toBe(1);
    expect(st.leader).toBe(B);
    expect(trading(st)).toBe(true);
    sane(st);
    allReady(st, log);
    expect(st.active).toBe(B);
    expect(st.p[B]!.turns).toBe(1);
    sane(st);
  });

  it('AOH-MKT-8: the checkpoint after resolution creates claims, and a finished game stops the Market Day', () => {
    // Claim: B already holds 5 cities when the Market Day begins; no event is drawn.
    const st = scenario({
      players: 3,
      seats: [{}, { cities: 5, turns: 3 }, {}],
      deck: ['iron', 'wood', 'stone'],
      at: { market: 'draw' },
    });
    expect(st.p[B]!.claim).toBe(4);
    expect(trading(st)).toBe(true);
    // Game over: A is eliminated by the Barbarians, B is the last tribe — no trading window opens.
    const log: GameEvent[] = [];
    const over = scenario(
      {
        players: 2,
        seats: [{ cities: 0, armies: 0, hand: ['grain'] }, {}],
        deck: ['barbarians', 'iron'],
        at: { market: 'draw' },
      },
      log,
    );
    act(over, A, { type: 'pass' }, log);
    expect(over.over).toEqual({ winners: [B], reason: 'last-standing' });
    expect(keys(log)).not.toContain('aoh.ev.tradingOpen');
    expect(over.market?.trading ?? false).toBe(false);
    expect(game.prompts(over)).toEqual([]);
  });

  it('AOH-MKT-9, AOH-TRADE-19: after the checkpoint the trading window opens with nobody ready', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{}, {}, { alive: false }, {}],
        deck: ['iron', 'wood', 'stone'],
        at: { market: 'draw' },
      },
      log,
    );
    expect(trading(st)).toBe(true);
    expect(keys(log)).toContain('aoh.ev.tradingOpen');
    expect(st.market!.ready.filter((r, s) => st.p[s]!.alive && r)).toEqual([]);
    expect(game.prompts(st).map((p) => [p.seat, p.args])).toEqual([
      [0, { ready: false }],
      [1, { ready: false }],
      [3, { ready: false }],
    ]);
    expect(game.legalActions(st, 0)).toEqual(
      expect.arrayContaining([{ type: 'ready' }, { type: 'offerNew' }]),
    );
  });

  it('AOH-MKT-11 (AOH-EX-R6): no hand limit on Market Day; the excess waits for the owner\u2019s phase 4', () => {
    const hand5 = ['iron', 'iron', 'wood', 'gold', 'grain'];
    const st = scenario({
      players: 2,
      seats: [{ hand: ['stone', 'stone'] }, { hand: hand5 }],
      roads: [[0, 1]],
      deck: ['grain', 'wood', 'marble', 'iron', 'luck'],
      at: { market: 'draw' },
    });
    expect(st.p[B]!.hand.length).toBe(7);
    const id = post(st, B, { give: ['gold'], receive: ['stone', 'stone'] });
    act(st, A, { type: 'accept', offer: id });
    expect(st.p[B]!.hand.length).toBe(8);
    allReady(st);
    // A's turn: nobody has had to discard; B still holds 8.
    expect(st.active).toBe(A);
    expect(st.p[B]!.hand.length).toBe(8);
    expect(game.prompts(st).map((p) => p.kind)).toEqual(['aoh.action']);
    sane(st);
  });

  it('AOH-MKT-12: no building, war, taxes or monument on Market Day — neither in the trading window nor in an event decision', () => {
    const turnOnly: AohAction[] = [
      { type: 'taxes' },
      { type: 'build' },
      { type: 'war', target: B, objective: 'plunder' },
      { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] },
      { type: 'monument', count: 1 },
    ];
    const st = scenario({
      players: 2,
      seats: [{ hand: ['iron', 'grain', 'grain', 'limestone'] }, {}],
      at: { market: 'trade' },
    });
    for (const a of turnOnly) expect(rejected(st, A, a).rule).toBe('AOH-MKT-12');
    // Trading inputs are accepted.
    post(st, A, { give: ['limestone'], receive: ['wood'] });
    // During an event decision of the resolve step (A picks an Earthquake target).
    const ev = scenario({
      players: 3,
      seats: [{ hand: ['iron', 'grain', 'grain'] }, {}, {}],
      deck: ['earthquake', 'iron', 'wood'],
      at: { market: 'draw' },
    });
    expect(game.prompts(ev)[0]!.kind).toBe('aoh.quakeTarget');
    for (const a of turnOnly) expect(rejected(ev, A, a).rule).toBe('AOH-MKT-12');
    expect(rejected(ev, A, { type: 'offerNew' }).code).toBeDefined();
    // Resignation remains possible.
    act(ev, C, { type: 'resign' });
    expect(ev.p[C]!.resigned).toBe(true);
  });
});

/* ================================================================== §9 Trading */

describe('Trading: what can be traded (§9.1)', () => {
  it('AOH-TRADE-1: ordinary and special resources of any tribe and held events can be offered and asked for', () => {
    // 2 players (Egyptians, Romans): granite belongs to an unused tribe.
    const hand = ['iron', 'gold', 'limestone', 'concrete', 'granite', 'olympic_games', 'mighty_hero', 'luck'];
    const st = scenario({
      players: 2,
      seats: [{ hand }, { hand: ['wood'] }],
      at: { market: 'trade' },
      options: { tradeInputLimit: 0 },
    });
    const id = post(st, A, {
      to: B,
      give: hand,
      receive: ['marble', 'bricks', 'sandstone', 'grain', 'stone', 'luck'],
    });
    const o = st.market!.offers.find((x) => x.id === id)!;
    expect(sorted(o.give)).toEqual(sorted(hand));
    // A gift of every kind executes.
    const gift = post(st, A, { to: B, give: ['granite', 'limestone', 'luck', 'gold'] });
    act(st, B, { type: 'accept', offer: gift });
    expect(sorted(st.p[B]!.hand)).toEqual(sorted(['wood', 'granite', 'limestone', 'luck', 'gold']));
    sane(st);
  });

  it('AOH-TRADE-2: items, monument cards, battle cards and Earthquakes cannot be traded', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['iron'], monument: 2, armies: [{ quakes: [2] }] }, {}],
      at: { market: 'trade' },
    });
    act(st, A, { type: 'offerNew' });
    for (const card of ['city', 'army', 'fortress', 'general', 'road', 'earthquake', '3', 'volcano']) {
      expect(rejected(st, A, { type: 'offerGive', card }).rule).toBe('AOH-TRADE-1');
      expect(rejected(st, A, { type: 'offerWant', card }).rule).toBe('AOH-TRADE-1');
    }
    // Monument cards are not in the hand: A cannot give a Limestone.
    expect(rejected(st, A, { type: 'offerGive', card: 'limestone' }).code).toBe('aoh.err.notHeld');
  });

  it('AOH-TRADE-3: no card changes hands by agreement outside the trading window', () => {
    const turn = scenario({ players: 2, seats: [{ hand: ['iron'] }, { hand: ['wood'] }], at: { action: A } });
    for (const a of [{ type: 'offerNew' }, { type: 'accept', offer: 1 }, { type: 'ready' }] as AohAction[]) {
      expect(rejected(turn, A, a).code).toMatch(/^aoh\.err\./);
      expect(rejected(turn, B, a).code).toMatch(/^aoh\.err\./);
    }
    // Nor while a Market Day event is being resolved, before the window opens.
    const ev = scenario({ players: 3, deck: ['earthquake', 'iron', 'wood'], at: { market: 'draw' } });
    expect(ev.market!.trading).toBe(false);
    rejected(ev, B, { type: 'offerNew' });
    rejected(ev, A, { type: 'offerNew' });
  });
});

describe('Trading: offers (§9.2)', () => {
  it('AOH-TRADE-4, AOH-TRADE-5, AOH-TRADE-10, AOH-TRADE-11, AOH-TRADE-23 (AOH-EX-R3): a binding one-for-one trade', () => {
    const log: GameEvent[] = [];
    const st = scenario({
      players: 3,
      seats: [{ hand: ['iron', 'iron', 'stone'] }, { hand: ['wood', 'wood'] }, { hand: ['grain'] }],
      at: { market: 'trade' },
    });
    const o1 = post(st, A, { give: ['iron'], receive: ['wood'] }, log);
    // The offer: id, creator, open to all (-1), card types only, no instances.
    expect(st.market!.offers).toEqual([{ id: o1, from: A, to: -1, give: ['iron'], receive: ['wood'] }]);
    act(st, B, { type: 'accept', offer: o1 }, log);
    expect(sorted(st.p[A]!.hand)).toEqual(['iron', 'stone', 'wood']);
    expect(sorted(st.p[B]!.hand)).toEqual(['iron', 'wood']);
    expect(log.filter((e) => e.key === 'aoh.ev.trade').map((e) => e.params)).toEqual([
      { offer: o1, from: A, to: B, give: ['iron'], receive: ['wood'] },
    ]);
    expect(st.market!.offers).toEqual([]);
    expect(rejected(st, C, { type: 'accept', offer: o1 }).rule).toBe('AOH-TRADE-24');
    const o2 = post(st, A, { give: ['stone'], receive: ['marble'] }, log);
    expect(st.market!.offers.map((o) => o.id)).toEqual([o2]);
    allReady(st, log);
    // The window closed with O2 unaccepted: void; A keeps his Stone.
    expect(log.find((e) => e.key === 'aoh.ev.tradingClosed')!.params).toEqual({ voided: 1 });
    expect(st.market).toBeNull();
    expect(st.p[A]!.hand).toContain('stone');
    sane(st);
  });

  it('AOH-TRADE-5: an offer names card types as a multiset, not card instances', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['iron', 'wood', 'iron'] }, { hand: ['gold'] }],
      at: { market: 'trade' },
    });
    act(st, A, { type: 'offerNew' });
    act(st, A, { type: 'offerGive', card: 'iron' });
    act(st, A, { type: 'offerGive', card: 'iron' });
    // Only two Iron exist in A's hand: a third copy cannot be offered.
    expect(rejected(st, A, { type: 'offerGive', card: 'iron' }).rule).toBe('AOH-TRADE-6');
    act(st, A, { type: 'offerWant', card: 'gold' });
    act(st, A, { type: 'offerPost' });
    const o = st.market!.offers[0]!;
    expect(o.give).toEqual(['iron', 'iron']);
    act(st, B, { type: 'accept', offer: o.id });
    expect(st.p[A]!.hand).toEqual(['wood', 'gold']);
    expect(st.p[B]!.hand).toEqual(['iron', 'iron']);
    sane(st);
  });

  it('AOH-TRADE-6: creation is checked — window, surviving creator, non-empty, tradable, held, recipient, size limits', () => {
    const eleven = Array.from({ length: 11 }, () => 'wood');
    const st = scenario({
      players: 4,
      seats: [{ hand: ['iron', 'gold'] }, { hand: eleven }, {}, { alive: false }],
      at: { market: 'trade' },
      options: { tradeInputLimit: 0 },
    });
    // Eliminated players make no offers.
    expect(rejected(st, 3, { type: 'offerNew' }).rule).toBe('AOH-ELIM-4');
    act(st, A, { type: 'offerNew' });
    expect(rejected(st, A, { type: 'offerPost' }).rule).toBe('AOH-TRADE-6'); // empty
    expect(rejected(st, A, { type: 'offerGive', card: 'stone' }).rule).toBe('AOH-TRADE-6'); // not held
    expect(rejected(st, A, { type: 'offerTo', seat: A }).rule).toBe('AOH-TRADE-6'); // to himself
    expect(rejected(st, A, { type: 'offerTo', seat: 3 }).rule).toBe('AOH-TRADE-6'); // not surviving
    for (let i = 0; i < 10; i++) act(st, A, { type: 'offerWant', card: 'grain' });
    expect(rejected(st, A, { type: 'offerWant', card: 'grain' }).rule).toBe('AOH-TRADE-6'); // 11th card on a side
    act(st, A, { type: 'offerDrop' });
    // B gives 10 Wood at most in one offer.
    act(st, B, { type: 'offerNew' });
    for (let i = 0; i < 10; i++) act(st, B, { type: 'offerGive', card: 'wood' });
    expect(rejected(st, B, { type: 'offerGive', card: 'wood' }).rule).toBe('AOH-TRADE-6');
    act(st, B, { type: 'offerPost' });
    // At most 10 open offers per player.
    for (let i = 0; i < 9; i++) post(st, B, { give: ['wood'] });
    expect(st.market!.offers.filter((o) => o.from === B).length).toBe(10);
    expect(rejected(st, B, { type: 'offerNew' }).rule).toBe('AOH-TRADE-6');
    // A valid one: A asks C for a card in a directed offer.
    const id = post(st, A, { to: C, give: ['gold'], receive: ['stone'] });
    expect(st.market!.offers.find((o) => o.id === id)).toMatchObject({
      from: A,
      to: C,
      give: ['gold'],
      receive: ['stone'],
    });
    sane(st);
  });

  it('AOH-TRADE-7, AOH-TRADE-17 (AOH-EX-R4): gifts and requests are legal; a deal in the note is never enforced', () => {
    const log: GameEvent[] = [];
    const st = scenario({
      players: 2,
      seats: [{ hand: ['gold', 'iron'] }, { hand: ['wood'] }],
      deck: ['stone', 'grain'],
      at: { market: 'trade' },
    });
    const gift = post(st, A, { to: B, give: ['gold'], note: 'for not attacking me next turn' }, log);
    expect(st.market!.offers[0]).toMatchObject({ receive: [], note: 'for not attacking me next turn' });
    const request = post(st, B, { to: A, receive: ['iron'] }, log);
    expect(st.market!.offers[1]).toMatchObject({ give: [], receive: ['iron'] });
    act(st, B, { type: 'accept', offer: gift }, log);
    act(st, A, { type: 'accept', offer: request }, log);
    expect(sorted(st.p[B]!.hand)).toEqual(['gold', 'iron', 'wood']);
    expect(st.p[A]!.hand).toEqual([]);
    allReady(st);
    // A's turn: he passes; B's turn: B attacks A regardless of the note.
    act(st, A, { type: 'pass' });
    act(st, A, { type: 'monument', count: 0 });
    expect(st.active).toBe(B);
    const r = applySteps(st, B, warSteps({ target: A, objective: 'plunder', armies: [2] }));
    expect(r).toEqual({ ok: true });
    expect(st.war).toMatchObject({ attacker: B, defender: A, objective: 'plunder' });
    sane(st);
  });

  it('AOH-TRADE-8, AOH-TRADE-12: offers reserve nothing; after a trade, offers whose creator lost the cards are withdrawn', () => {
    const log: GameEvent[] = [];
    const st = scenario({
      players: 3,
      seats: [{ hand: ['gold', 'stone'] }, { hand: ['iron'] }, { hand: ['grain'] }],
      at: { market: 'trade' },
      options: { tradeInputLimit: 0 },
    });
    const o1 = post(st, A, { give: ['gold'], receive: ['iron'] }, log);
    const o2 = post(st, A, { give: ['gold'], receive: ['wood'] }, log); // the same Gold again
    const o3 = post(st, A, { give: ['stone'], receive: ['grain'] }, log);
    const o4 = post(st, B, { give: ['iron'], receive: ['stone'] }, log); // B's Iron, also wanted by O1
    const o5 = post(st, C, { give: ['grain'], receive: ['marble'] }, log); // nobody holds Marble
    expect(st.market!.offers.map((o) => o.id)).toEqual([o1, o2, o3, o4, o5]);
    act(st, B, { type: 'accept', offer: o1 }, log);
    // O2 (A no longer holds Gold) and O4 (B no longer holds Iron) are withdrawn, their creators told.
    expect(st.market!.offers.map((o) => o.id)).toEqual([o3, o5]);
    expect(log.filter((e) => e.key === 'aoh.ev.autoWithdrawn').map((e) => e.params)).toEqual([
      { seat: A, offer: o2 },
      { seat: B, offer: o4 },
    ]);
    // O5 stays although nobody can supply its Marble now.
    expect(rejected(st, A, { type: 'accept', offer: o5 }).rule).toBe('AOH-TRADE-10');
    sane(st);
  });

  it('AOH-TRADE-9: every offer, directed ones and their notes included, is public', () => {
    const st = scenario({ players: 3, seats: [{ hand: ['gold'] }, {}, {}], at: { market: 'trade' } });
    const id = post(st, A, { to: B, give: ['gold'], receive: ['wood'], note: 'just between us' });
    for (const viewer of [A, B, C, -1]) {
      const v = game.view(st, viewer);
      expect(v.market!.offers).toEqual([
        { id, from: A, to: B, give: ['gold'], receive: ['wood'], note: 'just between us' },
      ]);
    }
    // An unposted draft is the creator's own business.
    act(st, A, { type: 'offerNew' });
    act(st, A, { type: 'offerWant', card: 'stone' });
    expect(game.view(st, A).market!.draft).toEqual({ to: -1, give: [], receive: ['stone'] });
    expect(game.view(st, C).market!.draft).toBeNull();
  });
});

describe('Trading: responses (§9.3)', () => {
  it('AOH-TRADE-10: who may accept, and what both sides must hold at acceptance', () => {
    const st = scenario({
      players: 3,
      seats: [{ hand: ['gold', 'iron'] }, { hand: ['wood'] }, { hand: ['wood', 'stone'] }],
      at: { market: 'trade' },
      options: { tradeInputLimit: 0 },
    });
    const direct = post(st, A, { to: B, give: ['gold'], receive: ['wood'] });
    const open = post(st, A, { give: ['iron'], receive: ['stone'] });
    // Only B may accept the directed offer; nobody accepts his own offer.
    expect(rejected(st, C, { type: 'accept', offer: direct }).rule).toBe('AOH-TRADE-10');
    expect(rejected(st, A, { type: 'accept', offer: direct }).rule).toBe('AOH-TRADE-10');
    expect(rejected(st, A, { type: 'accept', offer: open }).rule).toBe('AOH-TRADE-10');
    // B lacks the Stone the open offer asks for: rejected, the offer stays.
    expect(rejected(st, B, { type: 'accept', offer: open }).rule).toBe('AOH-TRADE-10');
    expect(st.market!.offers.map((o) => o.id)).toEqual([direct, open]);
    // Any other surviving player who can pay may accept an open offer.
    act(st, C, { type: 'accept', offer: open });
    expect(sorted(st.p[C]!.hand)).toEqual(['iron', 'wood']);
    act(st, B, { type: 'accept', offer: direct });
    expect(st.p[B]!.hand).toEqual(['gold']);
    expect(sorted(st.p[A]!.hand)).toEqual(['stone', 'wood']);
    sane(st);
  });

  it('AOH-TRADE-11: a gift of the last card is one atomic swap followed by a checkpoint that eliminates the giver', () => {
    const log: GameEvent[] = [];
    // B: no city, one Gold; roads A–B and B–C; B also has a second open offer.
    const st = scenario({
      players: 3,
      seats: [{}, { cities: 0, hand: ['gold'] }, {}],
      roads: [
        [0, 1],
        [1, 2],
      ],
      at: { market: 'trade' },
    });
    const roads = st.supply.road;
    const gift = post(st, B, { to: C, give: ['gold'] });
    post(st, B, { receive: ['iron'] });
    const before = log.length;
    act(st, C, { type: 'accept', offer: gift }, log);
    expect(st.p[C]!.hand).toEqual(['gold']);
    const k = keys(log.slice(before));
    expect(k.indexOf('aoh.ev.trade')).toBeLessThan(k.indexOf('aoh.ev.eliminated'));
    expect(st.p[B]!.alive).toBe(false);
    expect(st.market!.offers).toEqual([]);
    expect(st.roads).toEqual([]);
    expect(st.supply.road).toBe(roads + 2);
    expect(trading(st)).toBe(true);
    sane(st);
  });

  it('AOH-TRADE-13: only the addressee declines a directed offer, which disappears; open offers cannot be declined', () => {
    const st = scenario({ players: 3, seats: [{ hand: ['gold', 'iron'] }, {}, {}], at: { market: 'trade' } });
    const direct = post(st, A, { to: B, give: ['gold'] });
    const open = post(st, A, { give: ['iron'] });
    expect(rejected(st, C, { type: 'decline', offer: direct }).rule).toBe('AOH-TRADE-13');
    expect(rejected(st, A, { type: 'decline', offer: direct }).rule).toBe('AOH-TRADE-13');
    expect(rejected(st, B, { type: 'decline', offer: open }).rule).toBe('AOH-TRADE-13');
    expect(game.legalActions(st, C)).not.toContainEqual({ type: 'decline', offer: open });
    act(st, B, { type: 'decline', offer: direct });
    expect(st.market!.offers.map((o) => o.id)).toEqual([open]);
    expect(rejected(st, B, { type: 'accept', offer: direct }).rule).toBe('AOH-TRADE-24');
    expect(st.p[A]!.hand).toEqual(['gold', 'iron']);
  });

  it('AOH-TRADE-14: the creator may withdraw his own open offer, nobody else can, and not once it is accepted', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['gold', 'iron'] }, { hand: ['wood'] }],
      at: { market: 'trade' },
    });
    const o1 = post(st, A, { give: ['gold'] });
    const o2 = post(st, A, { give: ['iron'], receive: ['wood'] });
    expect(rejected(st, B, { type: 'withdraw', offer: o1 }).rule).toBe('AOH-TRADE-14');
    act(st, A, { type: 'withdraw', offer: o1 });
    expect(st.market!.offers.map((o) => o.id)).toEqual([o2]);
    act(st, B, { type: 'accept', offer: o2 });
    expect(rejected(st, A, { type: 'withdraw', offer: o2 }).rule).toBe('AOH-TRADE-14');
    expect(st.p[A]!.hand).toEqual(['gold', 'wood']);
  });

  it('AOH-TRADE-15: a counter-offer is a new offer answering another; the original is unchanged', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['gold'] }, { hand: ['wood', 'stone'] }],
      at: { market: 'trade' },
    });
    const o1 = post(st, A, { to: B, give: ['gold'], receive: ['wood', 'stone'] });
    const original = JSON.stringify(st.market!.offers[0]);
    expect(rejected(st, B, { type: 'offerPost', counterTo: o1 }).code).toBe('aoh.err.noDraft');
    act(st, B, { type: 'offerNew' });
    act(st, B, { type: 'offerTo', seat: A });
    act(st, B, { type: 'offerGive', card: 'wood' });
    act(st, B, { type: 'offerWant', card: 'gold' });
    expect(rejected(st, B, { type: 'offerPost', counterTo: 999 }).rule).toBe('AOH-TRADE-15');
    act(st, B, { type: 'offerPost', counterTo: o1, note: 'only the Wood' });
    expect(st.market!.offers.length).toBe(2);
    expect(JSON.stringify(st.market!.offers[0])).toBe(original);
    const counter = st.market!.offers[1]!;
    expect(counter).toMatchObject({ from: B, to: A, give: ['wood'], receive: ['gold'], counterTo: o1 });
    act(st, A, { type: 'accept', offer: counter.id });
    expect(st.p[A]!.hand).toEqual(['wood']);
    // O1 is withdrawn only because A no longer holds its Gold (AOH-TRADE-12).
    expect(st.market!.offers).toEqual([]);
  });

  it('AOH-TRADE-16: nobody is forced to accept, and an executed trade cannot be undone', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['gold', 'iron'] }, { hand: ['wood'] }],
      at: { market: 'trade' },
    });
    const o1 = post(st, A, { to: B, give: ['iron'], receive: ['wood'] });
    // The addressee's timeout default is "ready", never "accept" (AOH-DP-19: no response).
    expect(game.defaultAction(st, B)).toEqual({ type: 'ready' });
    act(st, B, { type: 'ready' });
    expect(st.p[B]!.hand).toEqual(['wood']);
    expect(st.market!.offers.map((o) => o.id)).toEqual([o1]);
    act(st, B, { type: 'unready' });
    act(st, B, { type: 'accept', offer: o1 });
    // Nothing can take the trade back: the offer is closed for both parties.
    for (const seat of [A, B]) {
      expect(game.legalActions(st, seat).some((a) => 'offer' in a && a.offer === o1)).toBe(false);
      for (const a of [
        { type: 'withdraw', offer: o1 },
        { type: 'decline', offer: o1 },
        { type: 'accept', offer: o1 },
      ] as AohAction[])
        rejected(st, seat, a);
    }
    allReady(st);
    expect(st.p[B]!.hand).toEqual(['iron']);
    expect(st.p[A]!.hand.slice(0, 2)).toEqual(['gold', 'wood']);
  });

  it('AOH-TRADE-18: chat is not a game input and never part of the game state', () => {
    const st = scenario({ players: 2, at: { market: 'trade' } });
    expect(
      rejected(st, A, { type: 'chat', text: 'I will give you Gold for a road' } as unknown as AohAction).code,
    ).toBe('aoh.err.wrongAction.market');
    expect(Object.keys(st)).not.toContain('chat');
    expect(Object.keys(game.view(st, A))).not.toContain('chat');
  });
});

describe('Trading: end of trading (§9.4)', () => {
  it('AOH-TRADE-20, AOH-TRADE-21: ready is a toggle; acting on offers clears the actor\u2019s ready, a trade both parties\u2019', () => {
    const st = scenario({
      players: 3,
      seats: [{ hand: ['gold', 'iron', 'stone'] }, { hand: ['wood', 'wood'] }, {}],
      at: { market: 'trade' },
      options: { tradeInputLimit: 0 },
    });
    const ready = () => st.market!.ready.slice();
    // C never gets ready, so the window stays open throughout.
    expect(rejected(st, A, { type: 'unready' }).rule).toBe('AOH-TRADE-20');
    act(st, A, { type: 'ready' });
    act(st, A, { type: 'unready' });
    act(st, A, { type: 'ready' });
    expect(ready()).toEqual([true, false, false]);
    // Creating clears the creator's flag.
    const o1 = post(st, A, { to: B, give: ['gold'], receive: ['wood'] });
    expect(ready()).toEqual([false, false, false]);
    act(st, A, { type: 'offerNew' });
    expect(rejected(st, A, { type: 'ready' }).rule).toBe('AOH-TRADE-20'); // a draft is open
    act(st, A, { type: 'offerDrop' });
    act(st, A, { type: 'ready' });
    act(st, B, { type: 'ready' });
    // Receiving a new offer does not clear B's flag; withdrawing clears A's.
    const o2 = post(st, A, { to: B, give: ['iron'] });
    act(st, A, { type: 'ready' });
    expect(ready()).toEqual([true, true, false]);
    act(st, A, { type: 'withdraw', offer: o2 });
    expect(ready()).toEqual([false, true, false]);
    // Declining clears the decliner's flag.
    act(st, A, { type: 'ready' });
    const o3 = post(st, A, { to: B, give: ['stone'] });
    act(st, A, { type: 'ready' });
    act(st, B, { type: 'decline', offer: o3 });
    expect(ready()).toEqual([true, false, false]);
    // An executed trade clears both parties.
    act(st, B, { type: 'ready' });
    act(st, B, { type: 'unready' });
    act(st, B, { type: 'accept', offer: o1 });
    expect(ready()).toEqual([false, false, false]);
    expect(trading(st)).toBe(true);
  });

  it('AOH-TRADE-22: the window closes when all are ready at once (open offers do not block it) or when inputs run out', () => {
    const log: GameEvent[] = [];
    const st = scenario({ players: 3, seats: [{ hand: ['gold'] }, {}, {}], at: { market: 'trade' } }, log);
    post(st, A, { to: B, give: ['gold'] });
    act(st, A, { type: 'ready' });
    act(st, B, { type: 'ready' });
    expect(trading(st)).toBe(true);
    act(st, C, { type: 'ready' }, log);
    expect(st.market).toBeNull();
    expect(log.find((e) => e.key === 'aoh.ev.tradingClosed')!.rules).toContain('AOH-TRADE-22');
    // The stand-in for the time limit: after 3 trading inputs a player is set ready and can do no more.
    const lim = scenario({
      players: 2,
      seats: [{ hand: ['gold', 'iron'] }, {}],
      at: { market: 'trade' },
      options: { tradeInputLimit: 3 },
    });
    act(lim, A, { type: 'offerNew' });
    act(lim, A, { type: 'offerGive', card: 'gold' });
    expect(lim.market!.ready[A]).toBe(false);
    act(lim, A, { type: 'offerGive', card: 'iron' });
    expect(lim.market!.ready[A]).toBe(true);
    expect(lim.market!.drafts[A]).toBeNull(); // the unposted draft lapses
    expect(rejected(lim, A, { type: 'offerNew' }).rule).toBe('AOH-TRADE-22');
    expect(game.legalActions(lim, A)).toEqual([]);
    // With no input at all, a player's timeout default is "ready" (AOH-DP-20), so the window closes.
    expect(game.defaultAction(lim, B)).toEqual({ type: 'ready' });
    act(lim, B, game.defaultAction(lim, B)!);
    expect(lim.market).toBeNull();
    expect(lim.p[A]!.hand.slice(0, 2)).toEqual(['gold', 'iron']); // then A's phase-1 card
  });

  it('AOH-TRADE-23: when the window closes every open offer is void and no card moves', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['gold'] }, { hand: ['wood'] }],
      at: { market: 'trade' },
    });
    const id = post(st, A, { to: B, give: ['gold'], receive: ['wood'] });
    allReady(st);
    expect(st.market).toBeNull();
    expect(st.p[A]!.hand[0]).toBe('gold');
    expect(st.p[B]!.hand).toEqual(['wood']);
    // The offer is gone: nothing can accept it later.
    expect(rejected(st, B, { type: 'accept', offer: id }).code).toMatch(/^aoh\.err\./);
  });

  it('AOH-TRADE-24: of two acceptances of one offer the first executes and the second is rejected', () => {
    const st = scenario({
      players: 3,
      seats: [{ hand: ['gold'] }, { hand: ['wood'] }, { hand: ['wood'] }],
      at: { market: 'trade' },
    });
    const id = post(st, A, { give: ['gold'], receive: ['wood'] });
    act(st, C, { type: 'accept', offer: id });
    const e = rejected(st, B, { type: 'accept', offer: id });
    expect(e.rule).toBe('AOH-TRADE-24');
    expect(st.p[C]!.hand).toEqual(['gold']);
    expect(st.p[B]!.hand).toEqual(['wood']);
    expect(st.p[A]!.hand).toEqual(['wood']);
    sane(st);
  });
});
