/**
 * Event cards (§17): immediate events drawn in phase 1 (the card is put on top of the deck and the
 * scenario starts at the drawer's turn), and the held events Olympic Games, Mighty Hero and Luck.
 */
import { describe, expect, it } from 'vitest';

import type { Seat } from '@tabula/engine';
import { ageOfHeroes, offerSteps, placeSteps, scenario, warSteps } from '@tabula/age-of-heroes';
import type { AohState, ScenarioSpec } from '@tabula/age-of-heroes';
import { act, count, events, kinds, one, pump, rejected, sane } from './helpers.js';

import type { Log } from './helpers.js';

/* ------------------------------------------------------------------ small local helpers */

const legal = (st: AohState, seat: Seat) => ageOfHeroes.legalActions(st, seat);

const PLAIN = [
  'iron',
  'wood',
  'stone',
  'iron',
  'wood',
  'stone',
  'iron',
  'wood',
  'stone',
  'iron',
  'wood',
  'stone',
];

/** Seat `drawer` draws `card` in phase 1 of his turn. */
function draws(card: string, drawer: Seat, spec: Omit<ScenarioSpec, 'at' | 'deck'>, log?: Log): AohState {
  const st = scenario({ ...spec, deck: [card, ...PLAIN], at: { turn: drawer } } as ScenarioSpec, log);
  sane(st);
  return st;
}

/* ------------------------------------------------------------------ §17.1 common rules */

describe('Common rules (§17.1)', () => {
  it('AOH-EVT-1: an immediate event cannot be declined and must hit a legal target', () => {
    const st = draws('earthquake', 0, { players: 3 });
    expect(kinds(st)).toEqual(['0:aoh.quakeTarget']);
    expect(legal(st, 0)).toEqual([
      { type: 'quakeTarget', army: 2 },
      { type: 'quakeTarget', army: 3 },
    ]);
    rejected(st, 0, { type: 'pass' });
    rejected(st, 0, { type: 'quakeTarget', army: 1 }, 'AOH-EVT-QUAKE-2'); // his own army
    rejected(st, 0, { type: 'quakeTarget', army: 99 }, 'AOH-EVT-QUAKE-2');
    expect(ageOfHeroes.defaultAction(st, 0)).toEqual({ type: 'quakeTarget', army: 2 });

    const v = draws('volcano', 0, { players: 3 });
    expect(kinds(v)).toEqual(['0:aoh.volcanoTarget']);
    expect(legal(v, 0)).toEqual([
      { type: 'volcanoTarget', seat: 1 },
      { type: 'volcanoTarget', seat: 2 },
    ]);
    rejected(v, 0, { type: 'pass' });
    rejected(v, 0, { type: 'volcanoTarget', seat: 0 }, 'AOH-EVT-VOLC-2');
  });

  it('AOH-EVT-2, AOH-EVT-LUCK-2: the drawer picks, the victim alone may answer with Luck', () => {
    const log: Log = [];
    const st = draws(
      'volcano',
      0,
      { players: 3, seats: [{ hand: ['luck'] }, { hand: ['iron'] }, { hand: ['luck'] }] },
      log,
    );
    act(st, 0, { type: 'volcanoTarget', seat: 2 }, log);
    expect(one(log, 'aoh.ev.volcanoTarget')).toMatchObject({ seat: 0, target: 2 });
    expect(ageOfHeroes.prompts(st)).toEqual([
      expect.objectContaining({ seat: 2, kind: 'aoh.luck', window: true }),
    ]);
    rejected(st, 0, { type: 'luck' }); // the drawer
    rejected(st, 1, { type: 'luck' }); // a bystander
    act(st, 2, { type: 'luck' }, log);
    expect([st.p[0]!.hand, st.p[1]!.hand, st.p[2]!.hand]).toEqual([['luck'], ['iron'], []]);
    expect(st.p[2]!.cities).toBe(1);
  });

  it('AOH-EVT-3, AOH-EVT-LUCK-1: played response cards and resolved events go face-up to the discard pile; an Earthquake in effect does not', () => {
    const log: Log = [];
    const st = draws('volcano', 0, { players: 2, seats: [{}, { hand: ['luck'] }] }, log);
    const before = st.discard.length;
    act(st, 1, { type: 'luck' }, log);
    expect(st.discard.slice(before).sort()).toEqual(['luck', 'volcano']);
    expect(st.discard.length).toBe(before + 2);
    const q = draws('earthquake', 0, { players: 2 });
    const qb = q.discard.length;
    act(q, 1, { type: 'pass' });
    expect(q.discard.length).toBe(qb);
    expect(q.p[1]!.armies[0]!.quakes).toHaveLength(1);
    sane(q);
  });
});

/* ------------------------------------------------------------------ §17.2 Population Boom */

describe('Population Boom (§17.2)', () => {
  it('AOH-EVT-POP-1, AOH-EVT-LUCK-4: the drawer takes a city; no Luck window opens', () => {
    const log: Log = [];
    const st = draws(
      'population_boom',
      0,
      { players: 2, seats: [{ hand: ['luck'] }, { hand: ['luck'] }] },
      log,
    );
    expect([st.p[0]!.cities, st.supply.city]).toEqual([2, 9]);
    expect(one(log, 'aoh.ev.boom')).toMatchObject({ seat: 0 });
    expect(st.discard.at(-1)).toBe('population_boom');
    expect(st.p[0]!.hand).toEqual(['luck']); // not replaced, and the Luck is of no use
    expect(kinds(st)).toEqual(['0:aoh.action']);
    sane(st);
  });

  it('AOH-EVT-POP-2: with the city supply empty nothing happens', () => {
    const log: Log = [];
    const st = draws(
      'population_boom',
      0,
      { players: 3, seats: [{ cities: 4 }, { cities: 4 }, { cities: 4 }] },
      log,
    );
    expect(st.supply.city).toBe(0);
    expect(st.p[0]!.cities).toBe(4);
    expect(events(log, 'aoh.ev.boomEmpty')).toHaveLength(1);
    expect(st.discard.at(-1)).toBe('population_boom');
    sane(st);
  });

  it('AOH-EVT-POP-3, AOH-EVT-LUCK-5: at the first Market Day a Boom resolves while disasters are discarded with no Luck window (EX-R16)', () => {
    const log: Log = [];
    const st = scenario(
      {
        players: 3,
        seats: [{}, { hand: ['luck'] }, { hand: ['luck', 'iron'] }],
        deck: ['iron', 'barbarians', 'population_boom'],
        at: { market: 'draw', first: true },
      },
      log,
    );
    expect(events(log, 'aoh.ev.pending').map((e) => e.params!['card'])).toEqual([
      'barbarians',
      'population_boom',
    ]);
    // B's Barbarians: no battle, no Luck window; C's Boom: a city.
    expect(events(log, 'aoh.ev.suppressed')).toEqual([
      expect.objectContaining({ params: { seat: 1, card: 'barbarians' } }),
    ]);
    expect(events(log, 'aoh.ev.barbarians')).toEqual([]);
    expect(st.p[2]!.cities).toBe(2);
    expect(st.p[1]!.hand).toEqual(['luck']);
    expect(st.discard.slice(-2).sort()).toEqual(['barbarians', 'population_boom']);
    expect(ageOfHeroes.prompts(st).every((p) => p.kind === 'aoh.trade')).toBe(true);
    sane(st);
  });
});

/* ------------------------------------------------------------------ §17.3 Earthquake */

describe('Earthquake (§17.3)', () => {
  it('AOH-EVT-QUAKE-1, AOH-EVT-QUAKE-3: no legal target (every other army led, or none) → discarded with no effect (EX-T3)', () => {
    const log: Log = [];
    const st = draws(
      'earthquake',
      1,
      {
        players: 4,
        seats: [
          { armies: [{ general: true }] },
          {},
          { armies: [{ general: true }, { general: true }] },
          { armies: [] },
        ],
      },
      log,
    );
    expect(one(log, 'aoh.ev.noTarget')).toMatchObject({ seat: 1, card: 'earthquake' });
    expect(st.discard.at(-1)).toBe('earthquake');
    expect(st.p.flatMap((p) => p.armies.map((a) => a.quakes.length))).toEqual([0, 0, 0, 0]);
    expect(kinds(st)).toEqual(['1:aoh.action']);
    sane(st);
  });

  it('AOH-EVT-QUAKE-2, AOH-RET-4: an away army is a legal target, chosen automatically when alone; its owner may then play Luck (EX-T3 variant)', () => {
    const log: Log = [];
    const spec = {
      players: 4,
      seats: [
        { armies: [{ general: true }] },
        {},
        { armies: [{ general: true }, { general: true }] },
        { armies: [{ status: 'away' as const, returnAt: 2 }], hand: ['luck'] },
      ],
    };
    const st = draws('earthquake', 1, spec, log);
    expect(one(log, 'aoh.ev.quakeTarget')).toMatchObject({ seat: 1, army: 5, owner: 3, auto: true });
    expect(kinds(st)).toEqual(['3:aoh.luck']);
    expect(legal(st, 3)).toEqual([{ type: 'luck' }, { type: 'pass' }]);
  });

  it('AOH-EVT-QUAKE-2: armies already under an Earthquake are legal too; the second card lies beside the first', () => {
    const st = draws('earthquake', 0, {
      players: 3,
      seats: [{}, { armies: [{ quakes: [5] }, { general: true }] }, { armies: [{ general: true }] }],
    });
    // Only army 2 is legal: the led armies are immune, the drawer's own army is not a target.
    expect(kinds(st)).toEqual(['1:aoh.luck']);
    act(st, 1, { type: 'pass' });
    expect(st.p[1]!.armies[0]!.quakes).toEqual([5, 1]);
    sane(st);
  });

  it('AOH-EVT-QUAKE-4, AOH-EVT-LUCK-3: the owner of the target cancels with Luck after the target is known, before the effect', () => {
    const log: Log = [];
    const st = draws('earthquake', 0, { players: 3, seats: [{}, { hand: ['luck'] }, {}] }, log);
    act(st, 0, { type: 'quakeTarget', army: 2 }, log);
    // The target is public before anyone answers, and nothing has happened to it yet.
    expect(ageOfHeroes.view(st, 2).event).toEqual({ card: 'earthquake', drawer: 0, target: 2 });
    expect(st.p[1]!.armies[0]!.quakes).toEqual([]);
    act(st, 1, { type: 'luck' }, log);
    expect(st.p[1]!.armies[0]!.quakes).toEqual([]);
    expect(st.discard.slice(-2).sort()).toEqual(['earthquake', 'luck']);
    expect(kinds(st)).toEqual(['0:aoh.action']);
    sane(st);
  });

  it('AOH-EVT-QUAKE-5, AOH-EVT-QUAKE-6: a quaked army cannot attack, defend or take a General; the card goes in phase 5 of the owner\u2019s next turn', () => {
    const log: Log = [];
    const st = draws('earthquake', 0, { players: 2, seats: [{}, { turns: 3, hand: ['iron', 'gold'] }] }, log);
    act(st, 1, { type: 'pass' }, log);
    expect(one(log, 'aoh.ev.quake')).toMatchObject({ owner: 1, army: 2, expires: 4 });
    expect(st.p[1]!.armies[0]!.quakes).toEqual([4]);
    // A attacks B: the quaked army does not defend.
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect(events(log, 'aoh.ev.battle')[0]!.params).toMatchObject({ a: 1, d: 0 });
    pump(st, (s) => ageOfHeroes.prompts(s).some((p) => p.seat === 1 && p.kind === 'aoh.action'), log);
    expect(st.p[1]!.turns).toBe(4);
    expect(st.p[1]!.armies[0]!.quakes).toEqual([4]);
    rejected(st, 1, { type: 'war', target: 0, objective: 'plunder' }, 'AOH-WAR-8');
    act(st, 1, { type: 'build' });
    rejected(st, 1, { type: 'buildItem', item: 'general', pay: ['iron', 'gold'], host: 2 }, 'AOH-BUILD-12');
    act(st, 1, { type: 'buildDone' });
    const before = count(st.discard, 'earthquake');
    pump(st, (s) => s.active !== 1, log);
    expect(st.p[1]!.armies[0]!.quakes).toEqual([]);
    expect(count(st.discard, 'earthquake')).toBe(before + 1);
    expect(events(log, 'aoh.ev.quakeExpires')).toHaveLength(1);
    sane(st);
  });

  it('AOH-EVT-QUAKE-7: the card is discarded if the owner is eliminated', () => {
    const log: Log = [];
    const st = draws(
      'famine',
      0,
      { players: 3, seats: [{}, { cities: 0, hand: ['grain'], armies: [{ quakes: [4] }] }, {}] },
      log,
    );
    const before = count(st.discard, 'earthquake');
    for (const s of [0, 1, 2]) act(st, s, { type: 'pass' }, log);
    expect(st.p[1]!.alive).toBe(false);
    expect(count(st.discard, 'earthquake')).toBe(before + 1);
    expect(st.supply.army).toBe(12 - 2);
    sane(st);
  });
});

/* ------------------------------------------------------------------ §17.4 Volcano */

describe('Volcano (§17.4)', () => {
  it('AOH-EVT-VOLC-1, AOH-EVT-VOLC-2: the drawer chooses among other surviving tribes with a city; the city returns to the supply (EX-R17)', () => {
    const log: Log = [];
    const st = draws(
      'volcano',
      0,
      {
        players: 5,
        seats: [{}, { cities: 0, hand: ['iron'] }, { cities: 2 }, { alive: false }, { cities: 3 }],
      },
      log,
    );
    expect(legal(st, 0)).toEqual([
      { type: 'volcanoTarget', seat: 2 },
      { type: 'volcanoTarget', seat: 4 },
    ]);
    rejected(st, 0, { type: 'volcanoTarget', seat: 1 }, 'AOH-EVT-VOLC-2'); // no city
    rejected(st, 0, { type: 'volcanoTarget', seat: 3 }, 'AOH-EVT-VOLC-2'); // eliminated
    const supply = st.supply.city;
    act(st, 0, { type: 'volcanoTarget', seat: 4 }, log);
    act(st, 4, { type: 'pass' }, log);
    expect([st.p[4]!.cities, st.supply.city]).toEqual([2, supply + 1]);
    expect(st.discard.at(-1)).toBe('volcano');
    expect(st.p[0]!.hand).toEqual([]); // no replacement
    expect(kinds(st)).toEqual(['0:aoh.action']);
    sane(st);
  });

  it('AOH-EVT-VOLC-3: no other tribe has a city → discarded with no effect', () => {
    const log: Log = [];
    const st = draws(
      'volcano',
      0,
      { players: 3, seats: [{}, { cities: 0, hand: ['iron'] }, { cities: 0, hand: ['wood'] }] },
      log,
    );
    expect(one(log, 'aoh.ev.noTarget')).toMatchObject({ card: 'volcano' });
    expect(st.p[0]!.cities).toBe(1);
    expect(kinds(st)).toEqual(['0:aoh.action']);
  });

  it('AOH-EVT-VOLC-4: the target\u2019s owner may cancel with Luck', () => {
    const st = draws('volcano', 0, { players: 2, seats: [{}, { hand: ['luck'] }] });
    expect(kinds(st)).toEqual(['1:aoh.luck']);
    act(st, 1, { type: 'luck' });
    expect(st.p[1]!.cities).toBe(1);
    expect(st.p[1]!.hand).toEqual([]);
  });

  it('AOH-EVT-VOLC-5: a Volcano can leave the victim without a city; elimination follows at the checkpoint', () => {
    const log: Log = [];
    const st = draws(
      'volcano',
      0,
      { players: 3, seats: [{}, { hand: [] }, { cities: 0, hand: ['iron'] }] },
      log,
    );
    act(st, 1, { type: 'pass' }, log);
    expect(st.p[1]!.alive).toBe(false);
    expect(one(log, 'aoh.ev.eliminated')).toMatchObject({ seat: 1 });
    // With a card in hand he would have stayed in the game.
    const st2 = draws('volcano', 0, {
      players: 3,
      seats: [{}, { hand: ['wood'] }, { cities: 0, hand: ['iron'] }],
    });
    act(st2, 1, { type: 'pass' });
    expect([st2.p[1]!.alive, st2.p[1]!.cities]).toEqual([true, 0]);
  });
});

/* ------------------------------------------------------------------ §17.5 Famine */

describe('Famine (§17.5)', () => {
  const spec = (aHand: string[]) => ({
    players: 3,
    seats: [{ hand: aHand }, { hand: ['grain', 'gold', 'grain'] }, { cities: 0, hand: ['grain', 'grain'] }],
  });

  it('AOH-EVT-FAM-1, AOH-EVT-FAM-2, AOH-EVT-FAM-3: every player loses his Grain unless somebody plays Luck (EX-T9)', () => {
    const log: Log = [];
    const st = draws('famine', 1, spec(['luck', 'iron']), log);
    // Every survivor is asked at once; each answers secretly.
    expect(kinds(st)).toEqual(['0:aoh.luck', '1:aoh.luck', '2:aoh.luck']);
    expect(legal(st, 1)).toEqual([{ type: 'pass' }]);
    act(st, 1, { type: 'pass' }, log);
    expect(kinds(st)).toEqual(['0:aoh.luck', '2:aoh.luck']);
    act(st, 0, { type: 'pass' }, log);
    expect(kinds(st)).toEqual(['2:aoh.luck']);
    expect(st.p[2]!.hand).toEqual(['grain', 'grain']); // nothing happens before the window closes
    act(st, 2, { type: 'pass' }, log);
    expect(st.p[1]!.hand).toEqual(['gold']);
    expect(st.p[0]!.hand).toEqual(['luck', 'iron']);
    expect(count(st.discard, 'grain')).toBeGreaterThanOrEqual(4);
    expect(st.p[2]!.alive).toBe(false);
    expect(st.discard.includes('famine')).toBe(true);
    expect(kinds(st)).toEqual(['1:aoh.action']);
    sane(st);
  });

  it('AOH-EVT-FAM-2, AOH-EVT-LUCK-2: any player\u2019s Luck cancels the Famine for everybody; the first in turn order from the drawer who plays it is the one spent', () => {
    const setup = (log: Log) =>
      draws(
        'famine',
        1,
        {
          players: 3,
          seats: [{ hand: ['luck'] }, { hand: ['grain'] }, { cities: 0, hand: ['grain', 'luck'] }],
        },
        log,
      );
    // B draws; the order is B, C, A. C and A both answer Luck: C comes first, so his is played and A
    // keeps his — as if A had never been asked. Whatever order the answers come in.
    for (const answers of [
      [0, 1, 2],
      [2, 0, 1],
      [1, 2, 0],
    ]) {
      const log: Log = [];
      const st = setup(log);
      for (const s of answers) act(st, s, s === 1 ? { type: 'pass' } : { type: 'luck' }, log);
      expect(kinds(st)).toEqual(['1:aoh.action']);
      expect([st.p[0]!.hand, st.p[1]!.hand, st.p[2]!.hand]).toEqual([['luck'], ['grain'], ['grain']]);
      expect(st.p[2]!.alive).toBe(true);
      expect(st.discard.slice(-2).sort()).toEqual(['famine', 'luck']);
      expect(events(log, 'aoh.ev.luck').map((e) => e.params)).toEqual([{ seat: 2, card: 'famine' }]);
      // A's answer was never shown to anybody but A.
      for (const e of log.filter((x) => x.key.startsWith('aoh.ev.luckAnswer')))
        expect(e.to).toEqual([e.params!.seat]);
      sane(st);
    }
    // Only A answers Luck: his is played.
    const log: Log = [];
    const st = setup(log);
    act(st, 2, { type: 'pass' }, log);
    act(st, 0, { type: 'luck' }, log);
    act(st, 1, { type: 'pass' }, log);
    expect([st.p[0]!.hand, st.p[2]!.hand]).toEqual([[], ['grain', 'luck']]);
    expect(events(log, 'aoh.ev.luck').map((e) => e.params)).toEqual([{ seat: 0, card: 'famine' }]);
    sane(st);
  });
});

/* ------------------------------------------------------------------ §17.6 Barbarians */

describe('Barbarians (§17.6)', () => {
  it('AOH-EVT-BARB-1, AOH-EVT-BARB-5, AOH-EVT-BARB-7, AOH-EVT-BARB-9, AOH-BATTLE-2: Barbarians while the armies are away (EX-T8)', () => {
    const log: Log = [];
    const st = draws(
      'barbarians',
      0,
      {
        players: 2,
        seats: [
          {
            turns: 6,
            fortresses: 1,
            armies: [
              { status: 'away', returnAt: 7 },
              { status: 'away', returnAt: 7 },
            ],
            hand: ['iron', 'wood', 'gold'],
          },
          {},
        ],
      },
      log,
    );
    const battle = st.battle.slice();
    // The drawer defends; with no eligible card, passing is his only answer.
    expect(ageOfHeroes.prompts(st)).toEqual([
      expect.objectContaining({ seat: 0, kind: 'aoh.response', window: true }),
    ]);
    expect(st.war).toMatchObject({ attacker: -1, defender: 0, objective: 'plunder' });
    expect(legal(st, 0)).toEqual([{ type: 'pass' }]);
    act(st, 0, { type: 'pass' }, log);
    // No defending unit: no battle card drawn, V = 1 → two random cards discarded face-up.
    expect(one(log, 'aoh.ev.battle')).toMatchObject({ a: 1, d: 0 });
    expect(st.battle).toEqual(battle);
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 1 });
    const lost = one(log, 'aoh.ev.barbarianPlunder')['cards'] as string[];
    expect(lost).toHaveLength(2);
    expect(events(log, 'aoh.ev.barbarianPlunder')[0]!.to).toBeUndefined();
    expect([...lost, ...st.p[0]!.hand].sort()).toEqual(['gold', 'iron', 'wood']);
    expect(st.discard.slice(-3, -1).sort()).toEqual(lost.slice().sort());
    expect(st.discard.at(-1)).toBe('barbarians');
    expect(st.p[1]!.hand).toEqual([]);
    // No action was used: A goes on to phase 2; the armies come home in phase 5.
    expect(kinds(st)).toEqual(['0:aoh.action']);
    act(st, 0, { type: 'pass' }, log);
    pump(st, (s) => s.active !== 0, log);
    expect(st.p[0]!.armies.map((a) => a.status)).toEqual(['home', 'home']);
    sane(st);
  });

  it('AOH-EVT-BARB-6, AOH-EVT-HERO-3, AOH-BATTLE-16: a Hero-army with a fortress ties the Barbarians; nothing is lost (EX-T8 variant)', () => {
    const log: Log = [];
    const st = draws(
      'barbarians',
      0,
      {
        players: 2,
        seats: [
          { fortresses: 1, armies: [{ status: 'away', returnAt: 7 }], hand: ['iron', 'mighty_hero', 'gold'] },
          {},
        ],
        battle: [4, 3],
      },
      log,
    );
    act(st, 0, { type: 'respond', heroes: [-1] }, log);
    expect(one(log, 'aoh.ev.battle')).toMatchObject({ a: 1, d: 1 });
    expect(one(log, 'aoh.ev.duel')).toMatchObject({ av: 4, as: 4, dv: 3, ds: 4, winner: -1 });
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 0 });
    expect(st.p[0]!.hand).toEqual(['iron', 'gold']);
    expect(st.discard.slice(-2)).toEqual(['mighty_hero', 'barbarians']);
    expect(st.battle).toHaveLength(36);
    sane(st);
  });

  it('AOH-EVT-BARB-2, AOH-EVT-BARB-5, AOH-EVT-BARB-6, AOH-EVT-BARB-8: one barbarian army, drawn first, no bonus, one duel; the defender keeps his bonuses', () => {
    const log: Log = [];
    const st = draws(
      'barbarians',
      0,
      {
        players: 2,
        seats: [{ fortresses: 1, armies: [{}, { general: true }], hand: ['iron'] }, {}],
        battle: [5, 2, 6],
      },
      log,
    );
    act(st, 0, { type: 'pass' }, log);
    const w = st.war!;
    // The barbarian unit: no general, its card drawn first and placed by itself.
    expect(w.units[0]).toMatchObject({ side: 0, army: -2, lead: false, card: 5 });
    expect([w.a, w.d]).toEqual([1, 2]);
    expect(w.pool[1]).toEqual([2, 6]);
    expect(kinds(st)).toEqual(['0:aoh.place']);
    act(st, 0, placeSteps(st, 0, [6, 2]), log);
    // Only the defender chooses; the barbarian unit is chosen automatically.
    expect(kinds(st)).toEqual(['0:aoh.duel']);
    act(st, 0, { type: 'duel', unit: 2 }, log);
    // a2(G) with card 2: 2 + 2 + 1 = 5 against a bare 5 → tie. Only one duel.
    expect(events(log, 'aoh.ev.duel').map((e) => e.params)).toEqual([
      expect.objectContaining({ av: 5, as: 5, dv: 2, ds: 5, winner: -1 }),
    ]);
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 0 });
    expect(st.war).toBeNull();
    expect(st.battle).toHaveLength(36);
    expect(st.discard.at(-1)).toBe('barbarians');
    expect(kinds(st)).toEqual(['0:aoh.action']);
    sane(st);
  });

  it('AOH-EVT-BARB-4: a lost battle: the army goes to the supply and the plundered cards to the discard pile, not to anybody', () => {
    const log: Log = [];
    const st = draws(
      'barbarians',
      0,
      { players: 2, seats: [{ hand: ['iron', 'wood', 'stone'] }, {}], battle: [6, 2] },
      log,
    );
    act(st, 0, { type: 'pass' }, log);
    expect(one(log, 'aoh.ev.duel')).toMatchObject({ winner: 0 });
    expect(st.p[0]!.armies).toEqual([]);
    expect(st.supply.army).toBe(11);
    expect(st.p[0]!.hand).toHaveLength(1);
    expect(st.p[1]!.hand).toEqual([]);
    expect(events(log, 'aoh.ev.conquest')).toEqual([]);
    expect(st.p[0]!.cities).toBe(1);
    sane(st);
  });

  it('AOH-EVT-BARB-3, AOH-EVT-LUCK-1, AOH-EVT-OLY-2: Luck or Olympic Games sends the Barbarians away (EX-R14)', () => {
    for (const card of ['luck', 'olympic_games'] as const) {
      const log: Log = [];
      const st = draws('barbarians', 0, { players: 2, seats: [{ hand: [card, 'iron'] }, {}] }, log);
      const battle = st.battle.slice();
      expect(legal(st, 0)).toContainEqual({ type: card === 'luck' ? 'luck' : 'olympics' });
      act(st, 0, { type: card === 'luck' ? 'luck' : 'olympics' }, log);
      expect(events(log, 'aoh.ev.battle')).toEqual([]);
      expect(st.battle).toEqual(battle);
      expect(st.p[0]!.hand).toEqual(['iron']);
      expect(st.discard.slice(-2).sort()).toEqual(['barbarians', card].sort());
      expect(kinds(st)).toEqual(['0:aoh.action']);
      sane(st);
    }
  });
});

/* ------------------------------------------------------------------ §17.7–17.9 held events */

describe('Held events (§17.7–17.9)', () => {
  it('AOH-EVT-OLY-1, AOH-EVT-HERO-1, AOH-EVT-LUCK-1: held events enter the hand and can be traded', () => {
    const st = draws('olympic_games', 0, { players: 2 });
    expect(st.p[0]!.hand).toEqual(['olympic_games']);
    const log: Log = [];
    const m = scenario(
      {
        players: 2,
        seats: [{ hand: ['olympic_games', 'mighty_hero'] }, { hand: ['luck'] }],
        at: { market: 'trade' },
      },
      log,
    );
    act(m, 0, offerSteps({ to: 1, give: ['olympic_games', 'mighty_hero'], receive: ['luck'] }), log);
    act(m, 1, { type: 'accept', offer: 1 }, log);
    expect(m.p[0]!.hand).toEqual(['luck']);
    expect(m.p[1]!.hand.slice().sort()).toEqual(['mighty_hero', 'olympic_games']);
    sane(m);
  });

  it('AOH-EVT-OLY-2: only the defender plays Olympic Games, only in his response window', () => {
    const st = scenario({
      players: 3,
      seats: [{ hand: ['olympic_games'] }, {}, { hand: ['olympic_games'] }],
      at: { action: 0 },
    });
    rejected(st, 0, { type: 'olympics' }); // no attack to answer
    act(st, 0, { type: 'war', target: 1, objective: 'plunder' });
    rejected(st, 0, { type: 'olympics' }); // the attacker
    act(st, 0, { type: 'warArmy', army: 1 });
    act(st, 0, { type: 'warDeclare' });
    rejected(st, 2, { type: 'olympics' }); // a bystander
    const e = rejected(st, 1, { type: 'olympics' }, 'AOH-EVT-OLY-2'); // the defender holds none
    expect(e.code).toBe('aoh.err.noOlympics');
  });

  it('AOH-EVT-OLY-3, AOH-EVT-LUCK-4: Olympic Games does nothing against Famine, Volcano or Earthquake; Luck nothing against a player', () => {
    for (const card of ['famine', 'volcano', 'earthquake']) {
      const st = draws(card, 0, {
        players: 2,
        seats: [{ hand: ['olympic_games'] }, { hand: ['olympic_games'] }],
      });
      const p = ageOfHeroes.prompts(st)[0]!;
      expect(p.kind).toBe('aoh.luck');
      expect(legal(st, p.seat)).toEqual([{ type: 'pass' }]);
      rejected(st, p.seat, { type: 'olympics' });
    }
    const w = scenario({ players: 2, seats: [{}, { hand: ['luck'] }], at: { action: 0 } });
    act(w, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }));
    rejected(w, 1, { type: 'luck' }, 'AOH-WAR-12');
  });

  it('AOH-EVT-HERO-2, AOH-EVT-HERO-3: a Hero-army is a unit for one battle: it gets a card, counts in A, fights and can be victorious', () => {
    const log: Log = [];
    const st = scenario(
      {
        players: 2,
        seats: [
          { armies: [], hand: ['mighty_hero', 'mighty_hero'] },
          { cities: 2, hand: [] },
        ],
        battle: [5, 2],
        at: { action: 0 },
      },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'conquest', heroes: ['army'] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect(one(log, 'aoh.ev.battle')).toMatchObject({ a: 1, d: 1 });
    expect(one(log, 'aoh.ev.duel')).toMatchObject({ av: 5, dv: 2, winner: 0 });
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 1, wins: 1 });
    expect(st.p[1]!.armies).toEqual([]);
    // Used once: the played Hero is discarded, the other stays in hand.
    expect(st.p[0]!.hand).toEqual(['mighty_hero']);
    expect(st.discard.at(-1)).toBe('mighty_hero');
    sane(st);
  });

  it('AOH-EVT-HERO-6, AOH-EVT-HERO-7: several Heroes on one side, each as army or as general; all are discarded after the battle', () => {
    const log: Log = [];
    const st = scenario(
      {
        players: 2,
        seats: [
          { armies: 2 },
          { armies: [{}, {}], hand: ['mighty_hero', 'mighty_hero', 'mighty_hero', 'iron'] },
        ],
        battle: [1, 1, 1, 1, 1, 1],
        at: { action: 0 },
      },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2] }), log);
    rejected(st, 1, { type: 'respond', heroes: [-1, 3, 3] }, 'AOH-EVT-HERO-5'); // one Hero per army
    rejected(st, 1, { type: 'respond', heroes: [-1, -1, 3, 4] }, 'AOH-EVT-HERO-2'); // only three held
    act(st, 1, { type: 'respond', heroes: [-1, 3, 4] }, log);
    expect(one(log, 'aoh.ev.response')).toMatchObject({ seat: 1, heroes: [-1, 3, 4] });
    expect(st.war!.units.filter((u) => u.side === 1).map((u) => [u.army, u.lead])).toEqual([
      [3, true],
      [4, true],
      [-1, false],
    ]);
    expect(st.p[1]!.hand).toEqual(['iron']);
    act(st, 0, placeSteps(st, 0, [1, 1]), log);
    act(st, 1, placeSteps(st, 1, [1, 1, 1]), log);
    act(st, 0, { type: 'duel', unit: 0 }, log);
    act(st, 1, { type: 'duel', unit: 2 }, log);
    // A's last unit is chosen for him.
    expect(kinds(st)).toEqual(['1:aoh.duel']);
    act(st, 1, { type: 'duel', unit: 3 }, log);
    expect(events(log, 'aoh.ev.duel').map((e) => e.params!['ds'])).toEqual([3, 3]);
    expect(st.war).toBeNull();
    // The three Heroes — two on surviving armies, one that never fought — are all discarded.
    expect(count(st.discard, 'mighty_hero')).toBe(3);
    expect(st.p[1]!.armies.map((a) => a.general)).toEqual([false, false]);
    sane(st);
  });
});
