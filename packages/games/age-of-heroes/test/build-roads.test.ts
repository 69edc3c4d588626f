/**
 * The Build action (spec §12) and roads (spec §13).
 * Seats: A = 0, B = 1, C = 2, D = 3 (clockwise); army ids run 1, 2, 3 … in seat order.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent, Seat } from '@tabula/engine';
import { ageOfHeroes as game, applySteps, DEFAULT_CONFIG, scenario, warSteps } from '@tabula/age-of-heroes';
import type { AohAction, AohState } from '@tabula/age-of-heroes';

import { act, passWindows, rejected, sane } from './helpers.js';

const A = 0,
  B = 1,
  C = 2,
  D = 3;

/** Phases 3–5 of `seat`'s turn with no monument and the default discards. */
function endTurn(st: AohState, seat: Seat): void {
  act(st, seat, { type: 'monument', count: 0 });
  while (game.prompts(st).some((p) => p.seat === seat && p.kind === 'aoh.discard'))
    act(st, seat, game.defaultAction(st, seat)!);
}

const kinds = (st: AohState) => game.prompts(st).map((p) => [p.seat, p.kind]);

/* ================================================================== §12 Build */

describe('Build (§12)', () => {
  it('AOH-BUILD-1: any number of items in any order, ended by the player; building nothing still uses the action', () => {
    const hand = ['iron', 'wood', 'stone', 'iron', 'grain', 'grain', 'stone', 'wood', 'wood'];
    const st = scenario({ players: 2, seats: [{ hand }, {}], at: { build: A } });
    act(st, A, { type: 'buildItem', item: 'fortress', pay: ['iron', 'wood', 'stone'] });
    act(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] });
    act(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
    expect(kinds(st)).toEqual([[A, 'aoh.build']]);
    act(st, A, { type: 'buildDone' });
    expect(st.p[A]).toMatchObject({ fortresses: 1, cities: 2, hand: [] });
    expect(st.p[A]!.armies.length).toBe(2);
    expect(kinds(st)).toEqual([[A, 'aoh.monument']]);
    // Building nothing is legal, and the action is spent: phase 3 follows, no war.
    const none = scenario({ players: 2, seats: [{ hand: ['iron'] }, {}], at: { build: A } });
    expect(game.defaultAction(none, A)).toEqual({ type: 'buildDone' });
    act(none, A, { type: 'buildDone' });
    expect(kinds(none)).toEqual([[A, 'aoh.monument']]);
    rejected(none, A, { type: 'war', target: B, objective: 'plunder' });
    rejected(none, A, { type: 'taxes' });
    sane(st);
    sane(none);
  });

  it('AOH-BUILD-2: a build order names the item, the payment, the host army of a General and the neighbour of a Road', () => {
    const st = scenario({
      players: 3,
      seats: [{ hand: ['iron', 'gold', 'stone', 'stone'] }, {}, {}],
      at: { build: A },
    });
    expect(
      rejected(st, A, { type: 'buildItem', item: 'castle', pay: ['stone'] } as unknown as AohAction).rule,
    ).toBe('AOH-COMP-5');
    expect(rejected(st, A, { type: 'buildItem', item: 'general', pay: ['iron', 'gold'] }).rule).toBe(
      'AOH-BUILD-12',
    );
    expect(rejected(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'] }).rule).toBe(
      'AOH-ROAD-2',
    );
    expect(rejected(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] }).rule).toBe(
      'AOH-BUILD-2',
    ); // cards not held
    act(st, A, { type: 'buildItem', item: 'general', pay: ['iron', 'gold'], host: 1 });
    expect(st.p[A]!.armies[0]!.general).toBe(true);
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: C });
    expect(kinds(st)).toEqual([[C, 'aoh.consent']]);
  });

  it('AOH-BUILD-3, AOH-BUILD-9: each item costs what §3.2 says and moves from the supply to the builder', () => {
    expect(DEFAULT_CONFIG.costs).toEqual({
      army: { iron: 1, grain: 2 },
      fortress: { iron: 1, wood: 1, stone: 1 },
      general: { iron: 1, gold: 1 },
      road: { stone: 2 },
      city: { stone: 1, wood: 2 },
    });
    const hand = [
      'iron',
      'grain',
      'grain',
      'iron',
      'wood',
      'stone',
      'iron',
      'gold',
      'stone',
      'stone',
      'stone',
      'wood',
      'wood',
    ];
    const st = scenario({ players: 2, seats: [{ hand }, {}], at: { build: A } });
    const supply = { ...st.supply };
    // One card short of any cost is rejected.
    expect(rejected(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain'] }).rule).toBe(
      'AOH-BUILD-5',
    );
    expect(rejected(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood'] }).rule).toBe(
      'AOH-BUILD-5',
    );
    act(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] });
    act(st, A, { type: 'buildItem', item: 'fortress', pay: ['iron', 'wood', 'stone'] });
    act(st, A, { type: 'buildItem', item: 'general', pay: ['iron', 'gold'], host: 1 });
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: B });
    act(st, B, { type: 'consent', accept: true });
    act(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
    expect(st.p[A]!.hand).toEqual([]);
    expect(st.supply).toEqual({
      city: supply.city - 1,
      army: supply.army - 1,
      fortress: supply.fortress - 1,
      general: supply.general - 1,
      road: supply.road - 1,
    });
    expect(st.p[A]).toMatchObject({ cities: 2, fortresses: 1 });
    expect(st.p[A]!.armies.map((a) => a.general)).toEqual([true, false]);
    expect(st.roads).toEqual([[A, B, A]]);
    // Items are public: every viewer sees them.
    expect(game.view(st, B).players[A]).toMatchObject({ cities: 2, fortresses: 1, armies: st.p[A]!.armies });
    sane(st);
  });

  it('AOH-BUILD-4, AOH-BUILD-5: Gold replaces any required ordinary resource; other types never exceed the cost', () => {
    const hand = [
      'gold',
      'gold',
      'gold',
      'gold',
      'gold',
      'gold',
      'iron',
      'iron',
      'grain',
      'grain',
      'wood',
      'stone',
    ];
    const st = scenario({ players: 2, seats: [{ hand }, {}], at: { build: A } });
    // A General is Iron + Gold or Gold + Gold, never Iron + Iron.
    expect(rejected(st, A, { type: 'buildItem', item: 'general', pay: ['iron', 'iron'], host: 1 }).rule).toBe(
      'AOH-BUILD-5',
    );
    expect(rejected(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'iron', 'grain'] }).rule).toBe(
      'AOH-BUILD-5',
    );
    expect(rejected(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'wood'] }).rule).toBe(
      'AOH-BUILD-5',
    );
    act(st, A, { type: 'buildItem', item: 'general', pay: ['gold', 'gold'], host: 1 });
    act(st, A, { type: 'buildItem', item: 'army', pay: ['gold', 'grain', 'grain'] });
    act(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'gold'] });
    act(st, A, { type: 'buildItem', item: 'fortress', pay: ['iron', 'gold', 'gold'] });
    expect(st.p[A]!.hand).toEqual(['iron']);
    expect(st.p[A]!.armies.map((a) => a.general)).toEqual([true, false]);
    // With a single Iron left nothing can be paid.
    expect(game.legalActions(st, A)).toEqual([{ type: 'buildDone' }]);
    sane(st);
  });

  it('AOH-BUILD-6: special resources and events never pay, nor does overpaying; Gold is no special resource', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['stone', 'stone', 'stone', 'limestone', 'luck', 'mighty_hero'] }, {}],
      at: { build: A },
    });
    for (const pay of [
      ['stone', 'limestone'],
      ['stone', 'luck'],
      ['mighty_hero', 'stone'],
      ['stone', 'stone', 'stone'],
    ])
      expect(rejected(st, A, { type: 'buildItem', item: 'road', pay, to: B }).rule).toBe('AOH-BUILD-5');
    expect(
      rejected(st, A, { type: 'buildItem', item: 'city', pay: ['limestone', 'stone', 'stone'] }).rule,
    ).toBe('AOH-BUILD-5');
    // Gold cannot stand in for the Egyptians' Limestone on the monument either.
    const mon = scenario({ players: 2, seats: [{ hand: ['gold', 'gold'] }, {}], at: { monument: A } });
    expect(rejected(mon, A, { type: 'monument', count: 1 }).rule).toBe('AOH-MON-2');
  });

  it('AOH-BUILD-7: the payment goes face-up to the discard pile', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['iron', 'gold', 'grain', 'wood'] }, {}],
      discard: ['famine'],
      at: { build: A },
    });
    act(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'gold'] });
    expect(st.discard).toEqual(['famine', 'iron', 'grain', 'gold']);
    expect(st.p[A]!.hand).toEqual(['wood']);
    expect(game.view(st, B).discard).toEqual(['famine', 'iron', 'grain', 'gold']);
    expect(game.view(st, -1).discard).toEqual(['famine', 'iron', 'grain', 'gold']);
  });

  it('AOH-BUILD-8, AOH-BUILD-14 (AOH-EX-R1): an empty pile blocks the item until a card returns; the 5th city makes a claim', () => {
    const hand = ['stone', 'wood', 'wood', 'iron', 'grain'];
    // Turn order after A's build: B (Volcano), C (Iron); Market Day A, B, C; A's turn 2 (Grain).
    const st = scenario({
      players: 3,
      seats: [{ cities: 4, hand }, { cities: 4 }, { cities: 4 }],
      deck: ['volcano', 'iron', 'wood', 'wood', 'wood', 'grain'],
      at: { build: A },
    });
    expect(st.supply.city).toBe(0);
    const city: AohAction = { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] };
    expect(rejected(st, A, city).rule).toBe('AOH-BUILD-8');
    expect(game.legalActions(st, A).some((a) => a.type === 'buildItem' && a.item === 'city')).toBe(false);
    act(st, A, { type: 'buildDone' });
    endTurn(st, A);
    // B draws the Volcano and aims it at C, who has no Luck.
    expect(kinds(st)).toEqual([[B, 'aoh.volcanoTarget']]);
    act(st, B, { type: 'volcanoTarget', seat: C });
    passWindows(st);
    expect(st.p[C]!.cities).toBe(3);
    expect(st.supply.city).toBe(1);
    act(st, B, { type: 'pass' });
    endTurn(st, B);
    act(st, C, { type: 'pass' });
    endTurn(st, C);
    for (const s of [A, B, C]) act(st, s, { type: 'ready' });
    // A's turn 2: the City can be built now.
    expect(st.active).toBe(A);
    act(st, A, { type: 'build' });
    act(st, A, city);
    expect(st.p[A]!.cities).toBe(5);
    expect(st.supply.city).toBe(0);
    expect(st.p[A]!.claim).toBe(0); // the claim waits for the checkpoint after the action
    act(st, A, { type: 'buildDone' });
    expect(st.p[A]!.claim).toBe(st.p[A]!.turns + 1);
    expect(st.p[A]!.claim).toBe(3);
    sane(st);
  });

  it('AOH-BUILD-10: a new Army is at home, without a General, and defends at once — but cannot attack this turn', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['iron', 'grain', 'grain'] }, {}],
      deck: ['wood'],
      at: { build: A },
    });
    act(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] });
    const army = st.p[A]!.armies[1]!;
    expect(army).toEqual({ id: 3, general: false, status: 'home', returnAt: 0, quakes: [] });
    act(st, A, { type: 'buildDone' });
    rejected(st, A, { type: 'war', target: B, objective: 'plunder' });
    endTurn(st, A);
    // B attacks A at once: both of A's armies defend.
    expect(st.active).toBe(B);
    expect(applySteps(st, B, warSteps({ target: A, objective: 'plunder', armies: [2] }))).toEqual({
      ok: true,
    });
    passWindows(st);
    expect(st.war!.d).toBe(2);
    expect(st.war!.units.filter((u) => u.side === 1).map((u) => u.army)).toEqual([1, 3]);
    sane(st);
  });

  it('AOH-BUILD-11: each Fortress adds +1 to every defending battle card; a player may build several', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['iron', 'wood', 'stone', 'iron', 'wood', 'stone'] }, {}],
      deck: ['grain'],
      battle: [4, 3],
      at: { build: A },
    });
    act(st, A, { type: 'buildItem', item: 'fortress', pay: ['iron', 'wood', 'stone'] });
    act(st, A, { type: 'buildItem', item: 'fortress', pay: ['iron', 'wood', 'stone'] });
    expect(st.p[A]!.fortresses).toBe(2);
    act(st, A, { type: 'buildDone' });
    endTurn(st, A);
    // B attacks with card 4; A defends with card 3 + 2 = 5 and wins the duel.
    expect(applySteps(st, B, warSteps({ target: A, objective: 'plunder', armies: [2] }))).toEqual({
      ok: true,
    });
    const log: GameEvent[] = [];
    passWindows(st, log);
    expect(log.find((e) => e.key === 'aoh.ev.duel')!.params).toMatchObject({
      av: 4,
      dv: 3,
      as: 4,
      ds: 5,
      winner: 1,
    });
    expect(st.war).toBeNull();
    expect(st.p[B]!.armies).toEqual([]);
    expect(st.p[A]!.armies.length).toBe(1);
    // Only the supply limits fortresses: with the last one built, the pile is empty.
    const lim = scenario({
      players: 2,
      seats: [{ fortresses: 8, hand: ['iron', 'wood', 'stone', 'iron', 'wood', 'stone'] }, {}],
      at: { build: A },
    });
    act(lim, A, { type: 'buildItem', item: 'fortress', pay: ['iron', 'wood', 'stone'] });
    expect(lim.p[A]!.fortresses).toBe(9);
    expect(
      rejected(lim, A, { type: 'buildItem', item: 'fortress', pay: ['iron', 'wood', 'stone'] }).rule,
    ).toBe('AOH-BUILD-8');
    sane(st);
  });

  it('AOH-BUILD-12: a General needs an own army at home, not quaked and not led; otherwise it cannot be built', () => {
    // A's armies: 1 away, 2 quaked, 3 led, 4 plain; B's army is 5.
    const st = scenario({
      players: 2,
      seats: [
        {
          hand: ['iron', 'gold', 'iron', 'gold'],
          armies: [{ status: 'away', returnAt: 2 }, { quakes: [2] }, { general: true }, {}],
        },
        {},
      ],
      at: { build: A },
    });
    const general = (host: number): AohAction => ({
      type: 'buildItem',
      item: 'general',
      pay: ['iron', 'gold'],
      host,
    });
    expect(rejected(st, A, general(5)).rule).toBe('AOH-BUILD-12');
    expect(rejected(st, A, general(1)).rule).toBe('AOH-BUILD-12');
    expect(rejected(st, A, general(2)).rule).toBe('AOH-BUILD-12');
    expect(rejected(st, A, general(3)).rule).toBe('AOH-BUILD-12');
    const hosts = game
      .legalActions(st, A)
      .map((a) => (a.type === 'buildItem' && a.item === 'general' ? a.host : undefined));
    expect([...new Set(hosts.filter((h) => h !== undefined))]).toEqual([4]);
    act(st, A, general(4));
    expect(st.p[A]!.armies.map((a) => a.general)).toEqual([false, false, true, true]);
    // No eligible host is left: no General can be built although A can still pay for one.
    expect(game.legalActions(st, A).some((a) => a.type === 'buildItem' && a.item === 'general')).toBe(false);
    for (const h of [1, 2, 3, 4]) rejected(st, A, general(h));
    sane(st);
  });

  it('AOH-BUILD-13: a General stays on its army until the army is destroyed, then returns to the supply', () => {
    // B: army 2 led by a General, army 3 away. A attacks with army 1: card 6 against 1 + 2.
    const st = scenario({
      players: 2,
      seats: [{}, { armies: [{ general: true }, { status: 'away', returnAt: 1 }] }],
      battle: [6, 1],
      at: { action: A },
    });
    const generals = st.supply.general;
    expect(applySteps(st, A, warSteps({ target: B, objective: 'plunder', armies: [1] }))).toEqual({
      ok: true,
    });
    passWindows(st);
    expect(st.war).toBeNull();
    expect(st.p[B]!.armies.map((a) => [a.id, a.general])).toEqual([[3, false]]);
    expect(st.supply.general).toBe(generals + 1);
    // Nothing moves or removes a General otherwise: there is no such input.
    const b = scenario({
      players: 2,
      seats: [{}, { armies: [{ general: true }, {}], hand: ['iron', 'gold'] }],
      at: { build: B },
    });
    const none = game.legalActions(b, B).filter((a) => a.type !== 'buildDone');
    expect(none).toEqual([{ type: 'buildItem', item: 'general', pay: ['iron', 'gold'], host: 3 }]);
    expect(rejected(b, B, { type: 'buildItem', item: 'general', pay: ['iron', 'gold'], host: 2 }).rule).toBe(
      'AOH-BUILD-12',
    );
    sane(st);
  });

  it('AOH-BUILD-16: items are built only in the active player\u2019s Build action', () => {
    const army: AohAction = { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] };
    const hands = [{ hand: ['iron', 'grain', 'grain'] }, { hand: ['iron', 'grain', 'grain'] }];
    // Phase 2 before choosing Build.
    const before = scenario({ players: 2, seats: hands, at: { action: A } });
    rejected(before, A, army);
    // Another player during A's Build action.
    const during = scenario({ players: 2, seats: hands, at: { build: A } });
    rejected(during, B, army);
    // Phase 3 after the action.
    const after = scenario({ players: 2, seats: hands, at: { monument: A } });
    rejected(after, A, army);
    // Market Day.
    const market = scenario({ players: 2, seats: hands, at: { market: 'trade' } });
    expect(rejected(market, A, army).rule).toBe('AOH-MKT-12');
    // The Build action itself.
    act(during, A, army);
    expect(during.p[A]!.armies.length).toBe(2);
  });
});

/* ================================================================== §13 Roads */

describe('Roads (§13)', () => {
  it('AOH-ROAD-1, AOH-ROAD-11: a road is a supply item laid between two tribes; the builder is only recorded', () => {
    const log: GameEvent[] = [];
    const st = scenario({
      players: 3,
      seats: [{ hand: ['stone', 'gold'] }, { hand: ['stone', 'stone'] }, {}],
      at: { build: A },
    });
    const roads = st.supply.road;
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'gold'], to: B }, log);
    act(st, B, { type: 'consent', accept: true }, log);
    expect(st.roads).toEqual([[A, B, A]]);
    expect(st.supply.road).toBe(roads - 1);
    expect(game.view(st, C).roads).toEqual([[A, B, A]]);
    expect(log.find((e) => e.key === 'aoh.ev.road')!.params).toMatchObject({ seat: A, to: B });
    // Both ends use it alike: B cannot lay a second one, and both draw 2 on Market Day.
    const b = scenario({
      players: 3,
      seats: [{}, { hand: ['stone', 'stone'] }, {}],
      roads: [[0, 1]],
      at: { build: B },
    });
    expect(rejected(b, B, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: A }).rule).toBe(
      'AOH-ROAD-3',
    );
    const m = scenario({
      players: 3,
      roads: [[0, 1]],
      deck: ['iron', 'wood', 'grain', 'stone', 'gold'],
      at: { market: 'draw' },
    });
    expect(m.p.map((p) => p.hand.length)).toEqual([2, 2, 1]);
    sane(st);
  });

  it('AOH-ROAD-2, AOH-ROAD-5, AOH-ROAD-6, AOH-ROAD-7, AOH-BUILD-15 (AOH-EX-R19): consent and neighbour limits', () => {
    const log: GameEvent[] = [];
    const st = scenario({
      players: 4,
      seats: [{ hand: ['stone', 'stone', 'stone', 'stone', 'wood'] }, {}, {}, {}],
      at: { build: A },
    });
    const road = (to: Seat): AohAction => ({ type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to });
    // D (A's right neighbour) is asked; the build pauses until he answers.
    act(st, A, road(D), log);
    expect(kinds(st)).toEqual([[D, 'aoh.consent']]);
    expect(game.defaultAction(st, D)).toEqual({ type: 'consent', accept: false });
    rejected(st, A, road(B));
    rejected(st, A, { type: 'buildDone' });
    rejected(st, B, { type: 'consent', accept: true });
    act(st, D, { type: 'consent', accept: false }, log);
    // Refused: nothing paid, no road, A goes on building.
    expect(st.p[A]!.hand.length).toBe(5);
    expect(st.roads).toEqual([]);
    expect(kinds(st)).toEqual([[A, 'aoh.build']]);
    // B (left neighbour) accepts: now the 2 Stone are paid.
    act(st, A, road(B), log);
    expect(st.p[A]!.hand.length).toBe(5);
    act(st, B, { type: 'consent', accept: true }, log);
    expect(st.roads).toEqual([[A, B, A]]);
    expect(st.p[A]!.hand).toEqual(['stone', 'stone', 'wood']);
    // C is not a neighbour; D may not be asked twice in one Build action.
    expect(rejected(st, A, road(C)).rule).toBe('AOH-ROAD-2');
    expect(rejected(st, A, road(D)).rule).toBe('AOH-ROAD-7');
    expect(game.legalActions(st, A).some((a) => a.type === 'buildItem' && a.item === 'road')).toBe(false);
    expect(st.supply.road).toBe(DEFAULT_CONFIG.itemSupply.road - 1);
    expect(
      log.filter((e) => e.key === 'aoh.ev.roadRefused' || e.key === 'aoh.ev.road').map((e) => e.key),
    ).toEqual(['aoh.ev.roadRefused', 'aoh.ev.road']);
    sane(st);
  });

  it('AOH-ROAD-3: at most one road between two tribes', () => {
    const st = scenario({
      players: 3,
      seats: [{ hand: ['stone', 'stone', 'stone', 'stone'] }, {}, {}],
      roads: [[0, 1]],
      at: { build: A },
    });
    expect(rejected(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: B }).rule).toBe(
      'AOH-ROAD-3',
    );
    expect(
      game
        .legalActions(st, A)
        .filter((a) => a.type === 'buildItem' && a.item === 'road')
        .map((a) => (a as { to?: Seat }).to),
    ).toEqual([C]);
  });

  it('AOH-ROAD-4: with two players each is the other\u2019s left and right neighbour; one road at most', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['stone', 'stone', 'stone', 'stone'] }, {}],
      at: { build: A },
    });
    const roads = game.legalActions(st, A).filter((a) => a.type === 'buildItem' && a.item === 'road');
    expect(roads).toEqual([{ type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: B }]);
    act(st, A, roads[0]!);
    act(st, B, { type: 'consent', accept: true });
    expect(st.roads.length).toBe(1);
    expect(rejected(st, A, roads[0]!).rule).toBe('AOH-ROAD-3');
    // A road refused by the only neighbour cannot be asked for again in the same action.
    const ref = scenario({ players: 2, seats: [{ hand: ['stone', 'stone'] }, {}], at: { build: A } });
    act(ref, A, roads[0]!);
    act(ref, B, { type: 'consent', accept: false });
    expect(rejected(ref, A, roads[0]!).rule).toBe('AOH-ROAD-7');
  });

  it('AOH-ROAD-8: C counts every tribe reachable through a chain of roads, and only surviving tribes', () => {
    const deck = [
      'iron',
      'wood',
      'grain',
      'stone',
      'iron',
      'wood',
      'grain',
      'stone',
      'iron',
      'wood',
      'grain',
      'stone',
      'iron',
    ];
    const st = scenario({
      players: 5,
      roads: [
        [0, 1],
        [1, 2],
        [3, 4],
      ],
      deck,
      at: { market: 'draw' },
    });
    expect(st.p.map((p) => p.hand.length)).toEqual([3, 3, 3, 2, 2]);
    // A dead tribe is never counted (nor does it draw).
    const dead = scenario({
      players: 5,
      seats: [{}, {}, {}, {}, { alive: false }],
      roads: [
        [0, 1],
        [1, 2],
      ],
      deck,
      at: { market: 'draw' },
    });
    expect(dead.p.map((p) => p.hand.length)).toEqual([3, 3, 3, 1, 0]);
  });

  it('AOH-ROAD-9, AOH-ROAD-10: only a direct road brings attackers home at once; roads change nothing in battle', () => {
    const run = (target: Seat) => {
      const st = scenario({
        players: 3,
        seats: [{}, { hand: ['iron'] }, { hand: ['iron'] }],
        roads: [
          [0, 1],
          [1, 2],
        ],
        battle: [5, 3],
        at: { action: A },
      });
      expect(applySteps(st, A, warSteps({ target, objective: 'plunder', armies: [1] }))).toEqual({
        ok: true,
      });
      const log: GameEvent[] = [];
      passWindows(st, log);
      const duel = log.find((e) => e.key === 'aoh.ev.duel')!.params!;
      sane(st);
      return { st, duel: [duel.av, duel.dv, duel.as, duel.ds, duel.winner] };
    };
    const direct = run(B); // road A–B
    const chain = run(C); // A reaches C only through B
    expect(direct.duel).toEqual([5, 3, 5, 3, 0]);
    expect(chain.duel).toEqual(direct.duel);
    expect(direct.st.p[A]!.armies[0]).toMatchObject({ status: 'home' });
    expect(chain.st.p[A]!.armies[0]).toMatchObject({ status: 'away', returnAt: chain.st.p[A]!.turns + 1 });
    // The war destroyed no road.
    expect(direct.st.roads.length).toBe(2);
    expect(chain.st.roads.length).toBe(2);
  });

  it('AOH-ROAD-12, AOH-ROAD-13 (AOH-EX-T7): roads vanish only with an eliminated end; the new neighbours may link up', () => {
    // Roads A–B and B–C. B: no city, hand [Wood], no army. D plunders B with his army (id 3).
    const st = scenario({
      players: 4,
      seats: [{ hand: ['stone', 'stone'] }, { cities: 0, hand: ['wood'], armies: 0 }, {}, {}],
      roads: [
        [0, 1],
        [1, 2],
      ],
      deck: ['iron', 'iron', 'iron', 'grain'],
      at: { action: D },
    });
    const roads = st.supply.road;
    // While B lives, C is not A's neighbour.
    const early = scenario({
      players: 4,
      seats: [{ hand: ['stone', 'stone'] }, { cities: 0, hand: ['wood'], armies: 0 }, {}, {}],
      roads: [
        [0, 1],
        [1, 2],
      ],
      at: { build: A },
    });
    expect(rejected(early, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: C }).rule).toBe(
      'AOH-ROAD-2',
    );
    expect(applySteps(st, D, warSteps({ target: B, objective: 'plunder', armies: [3] }))).toEqual({
      ok: true,
    });
    passWindows(st);
    expect(st.p[D]!.hand).toEqual(['wood']);
    expect(st.p[B]!.alive).toBe(false);
    expect(st.roads).toEqual([]);
    expect(st.supply.road).toBe(roads + 2);
    endTurn(st, D);
    // Market Day: A, C and D draw one card each.
    expect(st.p.map((p) => p.hand.length)).toEqual([3, 0, 1, 2]);
    for (const s of [A, C, D]) act(st, s, { type: 'ready' });
    // A's turn: C is now his left neighbour.
    act(st, A, { type: 'build' });
    const legal = game.legalActions(st, A).filter((a) => a.type === 'buildItem' && a.item === 'road');
    expect(legal.map((a) => (a as { to?: Seat }).to).sort()).toEqual([C, D]);
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: C });
    act(st, C, { type: 'consent', accept: true });
    expect(st.roads).toEqual([[A, C, A]]);
    sane(st);
  });
});
