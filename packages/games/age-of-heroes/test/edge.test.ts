/**
 * Edge cases of spec §24 (AOH-EDGE-1 … AOH-EDGE-38), each as a small scenario.
 * Letters A, B, C, D… are seats 0, 1, 2, 3…; hidden draws are stacked on the battle or resource deck.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent } from '@tabula/engine';
import { checkInvariants, offerSteps, placeSteps, scenario, warSteps } from '@tabula/age-of-heroes';
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

const lastV = (log: GameEvent[]) => events(log, 'aoh.ev.victorious').at(-1)!.params.v;

describe('§24 edge cases: events', () => {
  it('AOH-EDGE-1: an Earthquake with no legal target (every other army led, or none) is discarded with no effect', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{}, { armies: [{ general: true }] }, { armies: 0 }],
        deck: ['earthquake'],
        at: { turn: A },
      },
      log,
    );
    expect(events(log, 'aoh.ev.noTarget')[0]!.params).toEqual({ seat: A, card: 'earthquake' });
    expect(st.discard.at(-1)!).toBe('earthquake');
    expect(st.p.flatMap((p) => p.armies).every((a) => a.quakes.length === 0)).toBe(true);
    expect(kinds(st)).toEqual(['0:aoh.action']);
    sane(st);
  });

  it('AOH-EDGE-2: a Volcano when no other tribe has a city is discarded with no effect', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{}, { cities: 0, hand: ['iron'] }, { cities: 0, hand: ['wood'] }],
        deck: ['volcano'],
        at: { turn: A },
      },
      log,
    );
    const supply = st.supply.city;
    expect(events(log, 'aoh.ev.noTarget')[0]!.params).toEqual({ seat: A, card: 'volcano' });
    expect(st.p.map((p) => p.cities)).toEqual([1, 0, 0]);
    expect(st.supply.city).toBe(supply);
    expect(st.discard.at(-1)!).toBe('volcano');
    expect(kinds(st)).toEqual(['0:aoh.action']);
  });

  it('AOH-EDGE-3: Population Boom with an empty city supply has no effect', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ cities: 4 }, { cities: 4 }, { cities: 4 }],
        deck: ['population_boom'],
        at: { turn: A },
      },
      log,
    );
    expect(st.supply.city).toBe(0);
    expect(st.p[A]!.cities).toBe(4);
    expect(events(log, 'aoh.ev.boomEmpty')).toHaveLength(1);
    expect(st.discard.at(-1)!).toBe('population_boom');
    expect(st.p[A]!.hand).toEqual([]);
    sane(st);
  });

  it('AOH-EDGE-4: Famine when nobody holds Grain — the Luck window still opens (only a Luck holder can do more than pass); no cards move', () => {
    const st = scenario({
      players: 3,
      seats: [{ hand: ['iron'] }, { hand: ['wood'] }, { hand: ['luck', 'stone'] }],
      deck: ['famine'],
      at: { turn: A },
    });
    const hands = JSON.stringify(st.p.map((p) => p.hand));
    expect(kinds(st)).toEqual(['0:aoh.luck', '1:aoh.luck', '2:aoh.luck']);
    expect(game.legalActions(st, A)).toEqual([{ type: 'pass' }]);
    expect(game.legalActions(st, B)).toEqual([{ type: 'pass' }]);
    expect(game.legalActions(st, C)).toEqual([{ type: 'luck' }, { type: 'pass' }]);
    act(st, C, { type: 'pass' });
    act(st, A, { type: 'pass' });
    act(st, B, { type: 'pass' });
    expect(JSON.stringify(st.p.map((p) => p.hand))).toBe(hands);
    expect(st.discard.at(-1)!).toBe('famine');
    expect(kinds(st)).toEqual(['0:aoh.action']);
    sane(st);
  });

  it('AOH-EDGE-5: Barbarians against a drawer whose armies are away or quaked and who plays no Hero: V = 1, fewer cards if the hand is smaller', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [{ turns: 2, hand: ['iron'], armies: [{ status: 'away', returnAt: 3 }, { quakes: [3] }] }, {}],
        deck: ['barbarians'],
        at: { turn: A },
      },
      log,
    );
    const battle = st.battle.slice();
    act(st, A, { type: 'pass' }, log);
    expect(lastV(log)).toBe(1);
    expect(events(log, 'aoh.ev.barbarianPlunder')[0]!.params.cards).toEqual(['iron']);
    expect(st.p[A]!.hand).toEqual([]);
    expect(st.battle).toEqual(battle);
    expect(st.discard.slice(-2)).toEqual(['iron', 'barbarians']);
    expect(st.p[A]!.alive).toBe(true);
    sane(st);
  });

  it('AOH-EDGE-8: an army with a General is immune to Earthquake; a Hero-as-general lasts one battle only', () => {
    // B's only army (id 2) is led: A's Earthquake has no target.
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 2, seats: [{}, { armies: [{ general: true }] }], deck: ['earthquake'], at: { turn: A } },
      log,
    );
    expect(events(log, 'aoh.ev.noTarget')).toHaveLength(1);
    expect(st.p[B]!.armies[0]!.quakes).toEqual([]);
    // A Hero as general on A's army for one battle; afterwards the army is uncovered again and can be quaked.
    const st2 = scenario({
      players: 2,
      seats: [{ hand: ['mighty_hero'] }, { armies: 0 }],
      deck: ['earthquake'],
      at: { action: A },
    });
    act(st2, A, warSteps({ target: B, objective: 'plunder', armies: [1], heroes: [1] }));
    act(st2, B, { type: 'pass' });
    expect(st2.war).toBeNull();
    expect(st2.p[A]!.armies[0]).toMatchObject({ id: 1, general: false });
    expect(st2.discard.at(-1)!).toBe('mighty_hero');
    const log2: GameEvent[] = [];
    act(st2, A, { type: 'monument', count: 0 }, log2);
    // B's phase 1 draws the Earthquake: A's army (away, uncovered again) is the only target.
    expect(events(log2, 'aoh.ev.quakeTarget')[0]!.params).toMatchObject({ army: 1, owner: A, auto: true });
    act(st2, A, { type: 'pass' });
    expect(st2.p[A]!.armies[0]!.quakes).toHaveLength(1);
    sane(st2);
  });

  it('AOH-EDGE-29: an Earthquake played at the Market Day before the owner\u2019s turn lasts through that turn and is removed in its phase 5', () => {
    const log: GameEvent[] = [];
    // Market Day: A (leader) draws iron, B draws the Earthquake; A's only army is the only target.
    const st = scenario(
      {
        players: 2,
        seats: [{ turns: 4 }, { turns: 4 }],
        deck: ['iron', 'earthquake', 'wood', 'stone'],
        at: { market: 'draw' },
      },
      log,
    );
    expect(events(log, 'aoh.ev.quakeTarget')[0]!.params).toMatchObject({ army: 1, owner: A, auto: true });
    act(st, A, { type: 'pass' }, log);
    expect(st.p[A]!.armies[0]!.quakes).toEqual([5]);
    act(st, A, { type: 'ready' });
    act(st, B, { type: 'ready' });
    expect(st.p[A]!.turns).toBe(5);
    // During the turn the army is out of play: it cannot attack.
    expect(st.p[A]!.armies[0]!.quakes).toEqual([5]);
    rejected(st, A, { type: 'war', target: B, objective: 'plunder' }, 'AOH-WAR-8');
    passTurn(st, A);
    expect(st.p[A]!.armies[0]!.quakes).toEqual([]);
    expect(st.discard.at(-1)!).toBe('earthquake');
    sane(st);
  });

  it('AOH-EDGE-36: a Population Boom drawn during Taxes gives a city at once but no extra tax draw', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [{ cities: 2 }, {}],
        deck: ['population_boom', 'iron', 'wood'],
        at: { action: A },
      },
      log,
    );
    act(st, A, { type: 'taxes' }, log);
    expect(st.p[A]!.cities).toBe(3);
    expect(st.p[A]!.hand).toEqual(['iron']);
    expect(st.deck.at(-1)!).toBe('wood');
    expect(kinds(st)).toEqual(['0:aoh.monument']);
    sane(st);
  });

  it('AOH-EDGE-37: Barbarians drawn during Taxes are fought at once (the active player defends), then the tax draws continue', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [{ cities: 2, hand: ['gold'] }, {}],
        deck: ['barbarians', 'iron', 'wood'],
        battle: [2, 5],
        at: { action: A },
      },
      log,
    );
    act(st, A, { type: 'taxes' }, log);
    expect(kinds(st)).toEqual(['0:aoh.response']);
    expect(st.p[A]!.hand).toEqual(['gold']);
    act(st, A, { type: 'pass' }, log);
    expect(events(log, 'aoh.ev.duel')[0]!.params).toMatchObject({ av: 2, dv: 5, winner: 1 });
    expect(sorted(st.p[A]!.hand)).toEqual(['gold', 'iron']);
    expect(st.deck.at(-1)!).toBe('wood');
    expect(kinds(st)).toEqual(['0:aoh.monument']);
    sane(st);
  });

  it('AOH-EDGE-28: a Barbarian attack in phase 1 happens before the action; an army lost there cannot go to war', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 2, seats: [{ hand: ['iron'] }, {}], deck: ['barbarians'], battle: [6, 1], at: { turn: A } },
      log,
    );
    act(st, A, { type: 'pass' }, log);
    expect(st.p[A]!.armies).toEqual([]);
    expect(kinds(st)).toEqual(['0:aoh.action']);
    expect(game.legalActions(st, A).some((a) => a.type === 'war')).toBe(false);
    rejected(st, A, { type: 'war', target: B, objective: 'plunder' }, 'AOH-WAR-8');
    sane(st);
  });

  it('AOH-EDGE-38: pending Market Day cards are not hand cards — no Barbarian plunder of them, no count for elimination', () => {
    const log: GameEvent[] = [];
    // Road A–B: A draws Barbarians and a Volcano (both pending), B two plain cards, C one.
    const st = scenario(
      {
        players: 3,
        roads: [[A, B]],
        seats: [{ cities: 0, armies: 0, hand: ['iron'] }, {}, {}],
        deck: ['barbarians', 'volcano', 'wood', 'stone', 'grain'],
        at: { market: 'draw' },
      },
      log,
    );
    expect(events(log, 'aoh.ev.pending').map((e) => e.params.card)).toEqual(['barbarians', 'volcano']);
    expect(kinds(st)).toEqual(['0:aoh.response']);
    act(st, A, { type: 'pass' }, log);
    // V = 1: only the Iron could be taken; the pending Volcano was not.
    expect(events(log, 'aoh.ev.barbarianPlunder')[0]!.params.cards).toEqual(['iron']);
    // A holds no card and no city: the pending Volcano does not keep him in; it is discarded unresolved.
    expect(st.p[A]!.alive).toBe(false);
    expect(events(log, 'aoh.ev.volcanoTarget')).toHaveLength(0);
    expect(st.discard.slice(-3)).toEqual(['iron', 'barbarians', 'volcano']);
    sane(st);
  });
});

describe('§24 edge cases: generals and heroes', () => {
  it('AOH-EDGE-6: no General (built) nor Hero-as-general (defending) on an army that is away, quaked or already led', () => {
    // A: 1 away, 2 quaked, 3 led, 4 uncovered at home.
    const armies = [{ status: 'away' as const, returnAt: 2 }, { quakes: [2] }, { general: true }, {}];
    const st = scenario({
      players: 2,
      seats: [{ armies, hand: ['iron', 'gold', 'iron', 'gold'] }, {}],
      at: { build: A },
    });
    for (const host of [1, 2, 3])
      rejected(st, A, { type: 'buildItem', item: 'general', pay: ['iron', 'gold'], host }, 'AOH-BUILD-12');
    act(st, A, { type: 'buildItem', item: 'general', pay: ['iron', 'gold'], host: 4 });
    expect(st.p[A]!.armies.map((a) => a.general)).toEqual([false, false, true, true]);
    // Defending: B attacks A; A's Hero cannot lead 1 (away), 2 (quaked) or 3 (led).
    const st2 = scenario({ players: 2, seats: [{ armies, hand: ['mighty_hero'] }, {}], at: { action: B } });
    act(st2, B, warSteps({ target: A, objective: 'plunder', armies: [5] }));
    rejected(st2, A, { type: 'respond', heroes: [1] }, 'AOH-WAR-13');
    rejected(st2, A, { type: 'respond', heroes: [2] }, 'AOH-WAR-13');
    rejected(st2, A, { type: 'respond', heroes: [3] }, 'AOH-EVT-HERO-5');
    expect(game.legalActions(st2, A)).toEqual([
      { type: 'respond', heroes: [-1] },
      { type: 'respond', heroes: [4] },
      { type: 'pass' },
    ]);
    act(st2, A, { type: 'respond', heroes: [4] });
    expect(st2.war!.units.filter((u) => u.side === 1).map((u) => [u.army, u.lead])).toEqual([
      [3, true],
      [4, true],
    ]);
    // Attacking: an away army cannot be sent, so it cannot carry a Hero either.
    const st3 = scenario({ players: 2, seats: [{ armies, hand: ['mighty_hero'] }, {}], at: { action: A } });
    rejected(st3, A, warSteps({ target: B, objective: 'plunder', armies: [1], heroes: [1] }), 'AOH-WAR-6');
    rejected(
      st3,
      A,
      warSteps({ target: B, objective: 'plunder', armies: [3], heroes: [3] }),
      'AOH-EVT-HERO-5',
    );
  });

  it('AOH-EDGE-7: a Hero-as-general cannot be put on a Hero-army (a second Hero is another Hero-army)', () => {
    const st = scenario({
      players: 2,
      seats: [
        { armies: 0, hand: ['mighty_hero', 'mighty_hero'] },
        { armies: 0, hand: ['iron'] },
      ],
      at: { action: A },
    });
    act(st, A, [
      { type: 'war', target: B, objective: 'plunder' },
      { type: 'warHero', host: -1 },
    ]);
    // The only host a Hero can take now is "as army": no army is sent.
    const hosts = game.legalActions(st, A).filter((a) => a.type === 'warHero');
    expect(hosts).toEqual([{ type: 'warHero', host: -1 }]);
    rejected(st, A, { type: 'warHero', host: 0 }, 'AOH-EVT-HERO-5');
    act(st, A, [{ type: 'warHero', host: -1 }, { type: 'warDeclare' }]);
    act(st, B, { type: 'pass' });
    // Two unled Hero-armies, no defender unit: V = 2.
    expect(st.p[A]!.hand).toEqual(['iron']);
    expect(st.discard.slice(-2)).toEqual(['mighty_hero', 'mighty_hero']);
    sane(st);
  });

  it('AOH-EDGE-19: a player who plays his last card (a Hero) in an attack survives if the spoils save him', () => {
    const st = scenario({
      players: 3,
      seats: [{ cities: 0, armies: 0, hand: ['mighty_hero'] }, { armies: 0, hand: ['iron', 'wood'] }, {}],
      at: { action: A },
    });
    act(st, A, warSteps({ target: B, objective: 'plunder', heroes: ['army'] }));
    // Mid-war A holds nothing and has no city, yet he is still in the game.
    expect(st.p[A]!.hand).toEqual([]);
    expect(st.p[A]!.alive).toBe(true);
    act(st, B, { type: 'pass' });
    expect(sorted(st.p[A]!.hand)).toEqual(['iron', 'wood']);
    expect(st.p[A]!.alive).toBe(true);
    sane(st);
  });
});

describe('§24 edge cases: battle and spoils', () => {
  /** B has no participating unit, so V = A. */
  const undefended = (
    objective: 'conquest' | 'plunder' | 'razing',
    v: number,
    def: object,
    log?: GameEvent[],
  ) => {
    const st = scenario(
      { players: 2, seats: [{ armies: v }, { armies: 0, ...def }], at: { action: A } },
      log,
    );
    act(st, A, warSteps({ target: B, objective, armies: st.p[A]!.armies.map((a) => a.id) }), log);
    act(st, B, { type: 'pass' }, log);
    sane(st);
    return st;
  };

  it('AOH-EDGE-9: conquest of a tribe with fewer cities than floor(V/2) takes them all; of a tribe with none takes nothing', () => {
    const st = undefended('conquest', 6, { cities: 2, hand: ['iron'] });
    expect([st.p[A]!.cities, st.p[B]!.cities]).toEqual([3, 0]);
    const none = undefended('conquest', 4, { cities: 0, hand: ['iron'] });
    expect([none.p[A]!.cities, none.p[B]!.cities]).toEqual([1, 0]);
  });

  it('AOH-EDGE-10: plunder larger than the hand takes the whole hand', () => {
    const st = undefended('plunder', 3, { hand: ['iron', 'wood', 'gold'] });
    expect(st.p[B]!.hand).toEqual([]);
    expect(sorted(st.p[A]!.hand)).toEqual(['gold', 'iron', 'wood']);
  });

  it('AOH-EDGE-11: razing larger than the monument removes the whole monument', () => {
    const st = undefended('razing', 4, { monument: 1 });
    expect(st.p[B]!.monument).toBe(0);
    expect(st.discard.filter((c) => c === 'concrete')).toHaveLength(1);
  });

  it('AOH-EDGE-12: an attacker with more units has A − D victorious units before any duel, whatever the cards', () => {
    const log: GameEvent[] = [];
    // A 1–3 with cards 1, 1, 1; B's army 4 with a 6 wins its duel.
    const st = scenario(
      { players: 2, seats: [{ armies: 3 }, { cities: 2 }], battle: [1, 1, 1, 6], at: { action: A } },
      log,
    );
    act(st, A, warSteps({ target: B, objective: 'conquest', armies: [1, 2, 3] }), log);
    act(st, B, { type: 'pass' }, log);
    act(st, A, placeSteps(st, A, [1, 1, 1]), log);
    act(st, A, { type: 'duel', unit: unitOf(st, 0, 1) }, log);
    expect(events(log, 'aoh.ev.duel')[0]!.params.winner).toBe(1);
    expect(events(log, 'aoh.ev.victorious')[0]!.params).toMatchObject({ v: 2, wins: 0, excess: 2 });
    expect(st.p[B]!.cities).toBe(1);
    sane(st);
  });

  it('AOH-EDGE-13: a defender with zero participating units — no battle cards, no duel, V = A', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [
          { armies: 3 },
          { armies: [{ quakes: [1] }], hand: ['iron', 'wood', 'grain', 'stone', 'gold', 'iron', 'wood'] },
        ],
        at: { action: A },
      },
      log,
    );
    const battle = st.battle.slice();
    act(st, A, warSteps({ target: B, objective: 'plunder', armies: [1, 2, 3] }), log);
    act(st, B, { type: 'pass' }, log);
    expect(events(log, 'aoh.ev.noDefence')).toHaveLength(1);
    expect(events(log, 'aoh.ev.duel')).toHaveLength(0);
    expect(st.battle).toEqual(battle);
    expect(lastV(log)).toBe(3);
    expect(st.p[A]!.hand).toHaveLength(6);
    sane(st);
  });

  it('AOH-EDGE-14: ties in every duel with A ≤ D give V = 0', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [{ armies: 2 }, { armies: 2, hand: ['iron'] }],
        battle: [4, 2, 4, 2],
        at: { action: A },
      },
      log,
    );
    act(st, A, warSteps({ target: B, objective: 'plunder', armies: [1, 2] }), log);
    act(st, B, { type: 'pass' }, log);
    act(st, A, placeSteps(st, A, [4, 2]), log);
    act(st, B, placeSteps(st, B, [4, 2]), log);
    act(st, A, { type: 'duel', unit: unitOf(st, 0, 1) }, log);
    act(st, B, { type: 'duel', unit: unitOf(st, 1, 3) }, log);
    expect(events(log, 'aoh.ev.duel').map((e) => e.params.winner)).toEqual([-1, -1]);
    expect(lastV(log)).toBe(0);
    expect(st.p[B]!.hand).toEqual(['iron']);
    expect(events(log, 'aoh.ev.noSpoils')).toHaveLength(1);
    sane(st);
  });

  it('AOH-EDGE-23: a road between two players does not protect either from attack by the other', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 2, roads: [[A, B]], seats: [{}, { armies: 0, hand: ['iron'] }], at: { action: A } },
      log,
    );
    act(st, A, warSteps({ target: B, objective: 'plunder', armies: [1] }), log);
    act(st, B, { type: 'pass' }, log);
    expect(st.p[A]!.hand).toEqual(['iron']);
    expect(st.p[A]!.armies[0]!.status).toBe('home');
  });

  it('AOH-EDGE-24: a tribe with a pending claim may be attacked; only normal spoils follow', () => {
    const st = scenario({
      players: 3,
      seats: [{ armies: 2 }, { cities: 5, claim: 2, turns: 1, armies: 0 }, {}],
      at: { action: A },
    });
    act(st, A, warSteps({ target: B, objective: 'conquest', armies: [1, 2] }));
    act(st, B, { type: 'pass' });
    expect(st.p[B]!.cities).toBe(4);
    expect(st.p[A]!.cities).toBe(2);
    expect(st.p[B]!.claim).toBe(2);
    expect(st.over).toBeNull();
    sane(st);
  });

  it('AOH-EDGE-30: away armies return in phase 5 of the next turn — no attack with them that turn, no defence before', () => {
    const st = scenario({
      players: 2,
      seats: [{ turns: 2, armies: [{ status: 'away', returnAt: 3 }], hand: ['iron'] }, {}],
      deck: plain(6),
      at: { action: B },
    });
    // B attacks A while A's army is away: A has no defending unit.
    const log: GameEvent[] = [];
    act(st, B, warSteps({ target: A, objective: 'plunder', armies: [2] }), log);
    act(st, A, { type: 'pass' }, log);
    expect(events(log, 'aoh.ev.battle')[0]!.params).toMatchObject({ a: 1, d: 0 });
    act(st, B, { type: 'monument', count: 0 });
    playTo(st, A);
    expect(st.p[A]!.turns).toBe(3);
    // A's turn 3: the army is still away during the action.
    expect(game.legalActions(st, A).some((a) => a.type === 'war')).toBe(false);
    passTurn(st, A);
    expect(st.p[A]!.armies[0]!.status).toBe('home');
    sane(st);
  });

  it('AOH-EDGE-31: Olympic Games cancels the battle but not the attacker\u2019s absence', () => {
    const st = scenario({
      players: 2,
      seats: [{ turns: 4 }, { hand: ['olympic_games'] }],
      at: { action: A },
    });
    const battle = st.battle.slice();
    act(st, A, warSteps({ target: B, objective: 'conquest', armies: [1] }));
    act(st, B, { type: 'olympics' });
    expect(st.battle).toEqual(battle);
    expect(st.p[A]!.armies[0]).toMatchObject({ status: 'away', returnAt: 5 });
    expect(st.p[B]!.cities).toBe(1);
    sane(st);
  });
});

describe('§24 edge cases: decks, supply, hands', () => {
  it('AOH-EDGE-15: the deck empties in the middle of a Market Day draw — reshuffle and continue; both empty — the rest is lost', () => {
    const log: GameEvent[] = [];
    // A draws 2 (road A–B); the deck holds 1 card: the discard pile is reshuffled for the second.
    const st = scenario(
      { players: 2, roads: [[A, B]], deckExactly: ['iron'], at: { market: 'draw', first: true } },
      log,
    );
    expect(events(log, 'aoh.ev.reshuffle')).toHaveLength(1);
    expect(events(log, 'aoh.ev.marketDraw').map((e) => e.params.count)).toEqual([2, 2]);
    const got = events(log, 'aoh.ev.drawPrivate').length + events(log, 'aoh.ev.pending').length;
    expect(got).toBe(4);
    sane(st);
    // Tax draws with deck and discard empty: lost, never compensated.
    const small = {
      ...st.cfg,
      resourceDeck: Object.fromEntries(
        Object.keys(st.cfg.resourceDeck).map((k) => [k, k === 'iron' ? 1 : 0]),
      ),
    };
    const log2: GameEvent[] = [];
    const st2 = scenario(
      { players: 2, config: small, seats: [{ cities: 3 }, {}], deckExactly: ['iron'], at: { action: A } },
      log2,
    );
    act(st2, A, { type: 'taxes' }, log2);
    expect(st2.p[A]!.hand).toEqual(['iron']);
    expect(events(log2, 'aoh.ev.drawSkipped')).toHaveLength(2);
    sane(st2);
  });

  it('AOH-EDGE-16: an immediate card in a multi-card tax draw is resolved before the next draw; Famine takes the Grain drawn so far', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 2, seats: [{ cities: 3 }, {}], deck: ['grain', 'famine', 'grain'], at: { action: A } },
      log,
    );
    act(st, A, { type: 'taxes' }, log);
    expect(st.p[A]!.hand).toEqual(['grain']);
    expect(kinds(st)).toEqual(['0:aoh.luck', '1:aoh.luck']);
    act(st, A, { type: 'pass' }, log);
    act(st, B, { type: 'pass' }, log);
    // The first Grain was discarded by the Famine, the third draw came after it.
    expect(st.p[A]!.hand).toEqual(['grain']);
    expect(st.discard.slice(-2)).toEqual(['grain', 'famine']);
    expect(kinds(st)).toEqual(['0:aoh.monument']);
    sane(st);
  });

  it('AOH-EDGE-17: an exhausted item cannot be built; items come back to the supply (e.g. an army destroyed in battle)', () => {
    // 12 armies in play: the supply is empty.
    const st = scenario({
      players: 2,
      seats: [{ armies: 6, hand: ['iron', 'grain', 'grain'] }, { armies: 6 }],
      at: { build: A },
    });
    expect(st.supply.army).toBe(0);
    rejected(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] }, 'AOH-BUILD-8');
    // B attacks A with army 7 (card 6); A's army 1 (card 1) meets it and is destroyed: the supply has one again.
    const st2 = scenario({
      players: 2,
      seats: [{ armies: 6, hand: ['iron', 'grain', 'grain'] }, { armies: 6 }],
      battle: [6, 1],
      deck: plain(8, 1),
      at: { action: B },
    });
    act(st2, B, warSteps({ target: A, objective: 'conquest', armies: [7] }));
    act(st2, A, { type: 'pass' });
    act(st2, A, placeSteps(st2, A, [1, ...st2.war!.pool[1].filter((_, i) => i > 0)]));
    act(st2, A, { type: 'duel', unit: unitOf(st2, 1, 1) });
    expect(st2.supply.army).toBe(1);
    act(st2, B, { type: 'monument', count: 0 });
    playTo(st2, A);
    act(st2, A, { type: 'build' });
    act(st2, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] });
    expect(st2.supply.army).toBe(0);
    sane(st2);
  });

  describe('AOH-EDGE-18: a player with no city who spends his last card is eliminated at the next checkpoint', () => {
    it('spending the last cards on an army', () => {
      const st = scenario({
        players: 3,
        seats: [{ cities: 0, hand: ['iron', 'grain', 'grain'] }, {}, {}],
        deck: plain(3, 1),
        at: { build: A },
      });
      act(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] });
      expect(st.p[A]!.alive).toBe(true);
      act(st, A, { type: 'buildDone' });
      expect(st.p[A]!.alive).toBe(false);
      expect(kinds(st)).toEqual(['1:aoh.action']);
      sane(st);
    });
    it('a swap that draws an immediate card (no card back) eliminates; a swap that brings a normal card keeps him in', () => {
      const out = scenario({
        players: 3,
        seats: [{ cities: 0, hand: ['iron'] }, { armies: 0 }, { armies: 0 }],
        deck: ['earthquake'],
        at: { action: A },
      });
      act(out, A, { type: 'taxes' });
      act(out, A, { type: 'swap', card: 'iron' });
      expect(out.p[A]!.alive).toBe(false);
      sane(out);
      const stays = scenario({
        players: 3,
        seats: [{ cities: 0, hand: ['iron'] }, {}, {}],
        deck: ['wood'],
        at: { action: A },
      });
      act(stays, A, { type: 'taxes' });
      act(stays, A, { type: 'swap', card: 'iron' });
      expect(stays.p[A]!.alive).toBe(true);
      expect(stays.p[A]!.hand).toEqual(['wood']);
    });
    it('gifting the last card in a trade', () => {
      const st = scenario({
        players: 3,
        seats: [{ cities: 0, hand: ['gold'] }, {}, {}],
        at: { market: 'trade' },
      });
      act(st, A, offerSteps({ to: B, give: ['gold'] }));
      act(st, B, { type: 'accept', offer: st.market!.offers[0]!.id });
      expect(st.p[A]!.alive).toBe(false);
      expect(st.p[B]!.hand).toEqual(['gold']);
      sane(st);
    });
  });

  it('AOH-EDGE-25: an unused tribe\u2019s special can be traded, plundered and discarded, never placed', () => {
    // 2 players (Egyptians, Romans): Granite belongs to nobody.
    const st = scenario({
      players: 2,
      seats: [
        { hand: ['granite', 'granite', 'granite', 'iron', 'iron', 'iron'] },
        { armies: [{ status: 'away', returnAt: 9 }] },
      ],
      deck: plain(4, 1),
      at: { market: 'trade' },
    });
    act(st, A, offerSteps({ to: B, give: ['granite'] }));
    act(st, B, { type: 'accept', offer: st.market!.offers[0]!.id });
    expect(st.p[B]!.hand).toEqual(['granite']);
    act(st, A, { type: 'ready' });
    act(st, B, { type: 'ready' });
    // A plunders the Granite back (B's army is away: no defending unit, V = 1).
    act(st, A, warSteps({ target: B, objective: 'plunder', armies: [1] }));
    act(st, B, { type: 'pass' });
    expect(st.p[A]!.hand.filter((c) => c === 'granite')).toHaveLength(3);
    rejected(st, A, { type: 'monument', count: 1 }, 'AOH-MON-2');
    act(st, A, { type: 'monument', count: 0 });
    expect(st.p[A]!.monument).toBe(0);
    // Phase 4: 7 cards; A throws away two Granite.
    expect(st.p[A]!.hand).toHaveLength(7);
    act(st, A, { type: 'discard', card: 'granite' });
    act(st, A, { type: 'discard', card: 'granite' });
    expect(st.discard.slice(-2)).toEqual(['granite', 'granite']);
    sane(st);
  });

  it('AOH-EDGE-26: a player may trade away his own special resource', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['limestone'] }, { hand: ['iron'] }],
      at: { market: 'trade' },
    });
    act(st, A, offerSteps({ give: ['limestone'], receive: ['iron'] }));
    act(st, B, { type: 'accept', offer: st.market!.offers[0]!.id });
    expect(st.p[A]!.hand).toEqual(['iron']);
    expect(st.p[B]!.hand).toEqual(['limestone']);
    sane(st);
  });

  it('AOH-EDGE-27: the hand limit is checked only in the owner\u2019s phase 4 (plunder on his own turn, others\u2019 hands)', () => {
    const st = scenario({
      players: 2,
      seats: [
        { hand: ['iron', 'iron', 'wood', 'wood', 'stone'] },
        { armies: 0, hand: ['grain', 'grain', 'gold', 'gold', 'stone', 'stone', 'wood', 'wood'] },
      ],
      deck: plain(3, 2),
      at: { action: A },
    });
    act(st, A, warSteps({ target: B, objective: 'plunder', armies: [1] }));
    act(st, B, { type: 'pass' });
    // A holds 7 during his turn; B still holds 6 and is never asked to discard.
    expect(st.p[A]!.hand).toHaveLength(7);
    expect(st.p[B]!.hand).toHaveLength(6);
    act(st, A, { type: 'monument', count: 0 });
    expect(game.prompts(st)).toEqual([{ seat: A, kind: 'aoh.discard', args: { excess: 2 } }]);
    act(st, A, { type: 'discard', card: 'iron' });
    act(st, A, { type: 'discard', card: 'iron' });
    expect(st.p[A]!.hand).toHaveLength(5);
    expect(st.p[B]!.hand.length).toBeGreaterThan(5);
    sane(st);
  });
});

describe('§24 edge cases: elimination, claims, victory', () => {
  it('AOH-EDGE-20: a pending claim survives a temporary loss of the condition; only the state at the check matters', () => {
    // A's claim is checked at the end of this turn 5; he has only 4 cities now and rebuilds the 5th.
    const st = scenario({
      players: 2,
      seats: [{ cities: 4, turns: 5, claim: 5, hand: ['stone', 'wood', 'wood'] }, {}],
      at: { build: A },
    });
    act(st, A, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
    act(st, A, { type: 'buildDone' });
    expect(st.p[A]!.claim).toBe(5);
    act(st, A, { type: 'monument', count: 0 });
    expect(st.over).toEqual({ winners: [A], reason: 'cities' });
  });

  it('AOH-EDGE-21: a claimant eliminated before his check loses his claim', () => {
    const st = scenario({
      players: 3,
      seats: [{}, { cities: 0, armies: 0, monument: 5, claim: 3, turns: 2, hand: ['iron'] }, {}],
      at: { action: A },
    });
    act(st, A, warSteps({ target: B, objective: 'plunder', armies: [1] }));
    act(st, B, { type: 'pass' });
    expect(st.p[B]!.alive).toBe(false);
    expect(st.p[B]!.claim).toBe(0);
    expect(st.p[B]!.monument).toBe(0);
    expect(st.discard.filter((c) => c === 'concrete')).toHaveLength(5);
    expect(st.over).toBeNull();
    sane(st);
  });

  it('AOH-EDGE-22: the elimination of a middle player makes his neighbours adjacent; roads to him vanish; they may build a road', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        roads: [[A, B]],
        seats: [{ hand: ['stone', 'stone'] }, { cities: 1, armies: 0 }, {}, {}],
        deck: ['volcano', ...plain(12, 1)],
        at: { turn: A },
      },
      log,
    );
    act(st, A, { type: 'volcanoTarget', seat: B }, log);
    act(st, B, { type: 'pass' }, log);
    expect(st.p[B]!.alive).toBe(false);
    expect(st.roads).toEqual([]);
    act(st, A, { type: 'build' });
    rejected(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: B });
    act(st, A, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: C });
    act(st, C, { type: 'consent', accept: true });
    expect(st.roads).toEqual([[A, C, A]]);
    sane(st);
  });

  it('AOH-EDGE-32: the round leader eliminated in his own turn — B, C, D play, then Market Day, then B leads', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{ cities: 0, hand: ['iron', 'grain', 'grain'] }, {}, {}, {}],
        deck: plain(20),
        at: { build: A },
      },
      log,
    );
    act(st, A, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] }, log);
    act(st, A, { type: 'buildDone' }, log);
    expect(st.p[A]!.alive).toBe(false);
    expect(st.leader).toBe(B);
    for (const s of [B, C, D]) {
      expect(kinds(st)).toEqual([`${s}:aoh.action`]);
      passTurn(st, s, log);
    }
    for (const s of [B, C, D]) act(st, s, { type: 'ready' }, log);
    const order = log
      .filter((e) => e.key === 'aoh.ev.turn' || e.key === 'aoh.ev.marketDay')
      .map((e) => (e.key === 'aoh.ev.turn' ? e.params?.seat : 'MD'));
    expect(order).toEqual([B, C, D, 'MD', B]);
    expect(events(log, 'aoh.ev.marketDay')).toHaveLength(1);
    sane(st);
  });

  it('AOH-EDGE-33: trade offers made by or addressed to an eliminated player are withdrawn', () => {
    const st = scenario({
      players: 3,
      seats: [{}, { cities: 0, hand: ['iron'] }, { hand: ['grain'] }],
      at: { market: 'trade' },
    });
    act(st, B, offerSteps({ receive: ['wood'] })); // B asks for a gift
    act(st, C, offerSteps({ to: B, give: ['grain'] })); // C offers B a gift
    act(st, B, offerSteps({ to: A, give: ['iron'] })); // B gives his last card
    expect(st.market!.offers).toHaveLength(3);
    act(st, A, { type: 'accept', offer: st.market!.offers[2]!.id });
    expect(st.p[B]!.alive).toBe(false);
    expect(st.market!.offers).toEqual([]);
    expect(st.p[C]!.hand).toEqual(['grain']);
    sane(st);
  });

  it('AOH-EDGE-34: the only survivor wins even when the last elimination happens in another player\u2019s turn or at Market Day', () => {
    // A's turn: A draws Famine; A and C lose their only Grain and have no city — B is left alone.
    const st = scenario({
      players: 3,
      seats: [{ cities: 0, hand: ['grain'] }, {}, { cities: 0, hand: ['grain'] }],
      deck: ['famine'],
      at: { turn: A },
    });
    for (const s of [A, B, C]) act(st, s, { type: 'pass' });
    expect(st.over).toEqual({ winners: [B], reason: 'last-standing' });
    // Market Day: B draws a Famine that eliminates A; C is left alone.
    const md = scenario({
      players: 3,
      seats: [{ cities: 0, hand: ['grain'] }, { cities: 0, hand: ['grain'] }, {}],
      deck: ['grain', 'famine', 'wood'],
      at: { market: 'draw' },
    });
    for (const s of [B, C, A]) if (!md.over) act(md, s, { type: 'pass' });
    expect(md.over).toEqual({ winners: [C], reason: 'last-standing' });
  });

  it('AOH-EDGE-35: a disconnected seat is played by the timeout defaults — legal, deterministic, rules unaffected', () => {
    const run = () => {
      const st = scenario({
        players: 3,
        seats: [{ armies: 2, hand: ['mighty_hero'] }, {}, {}],
        battle: [3, 5, 4],
        deck: plain(40),
        at: { action: A },
      });
      act(st, A, warSteps({ target: B, objective: 'plunder', armies: [1, 2] }));
      // B is disconnected from here on: every decision of B is its default.
      const trail: string[] = [];
      for (let i = 0; i < 60 && !st.over; i++) {
        const p = game.prompts(st).filter((x) => !x.optional)[0];
        if (!p) break;
        const a = game.defaultAction(st, p.seat)!;
        expect(game.legalActions(st, p.seat)).toContainEqual(a);
        trail.push(`${p.seat}:${JSON.stringify(a)}`);
        act(st, p.seat, a);
        expect(checkInvariants(st)).toEqual([]);
      }
      return { st, trail };
    };
    const one = run();
    const two = run();
    expect(one.trail).toEqual(two.trail);
    expect(JSON.stringify(one.st)).toBe(JSON.stringify(two.st));
    // The defender's default response is "nothing" and the placement default follows unit order (AOH-DP-7, AOH-DP-14).
    expect(one.trail[0]).toBe('1:{"type":"pass"}');
  });
});
