/**
 * War (§14), battle (§15), spoils (§16.1) and the return of armies (§16.2), mostly as the worked
 * examples of §25 play them. Battle decks are stacked (`battle`, top first: the attacker's cards, one
 * per unit, then the defender's), so every duel is known in advance.
 */
import { describe, expect, it } from 'vitest';

import type { Seat } from '@tabula/engine';
import { canSee } from '@tabula/engine';

import { ageOfHeroes, placeSteps, scenario, warSteps } from '@tabula/age-of-heroes';
import type { AohAction, AohState, ScenarioSpec } from '@tabula/age-of-heroes';

import { act, events, kinds, one, pump, rejected, sane } from './helpers.js';

import type { Log } from './helpers.js';

/* ------------------------------------------------------------------ small local helpers */

const waiting = (st: AohState, seat: Seat, kind: string) =>
  ageOfHeroes.prompts(st).some((p) => p.seat === seat && p.kind === kind);
const army = (st: AohState, seat: Seat, id: number) => st.p[seat]!.armies.find((a) => a.id === id);

function start(spec: Omit<ScenarioSpec, 'at'> & { at?: ScenarioSpec['at'] }, log?: Log): AohState {
  const st = scenario({ at: { action: 0 }, ...spec } as ScenarioSpec, log);
  sane(st);
  return st;
}

/** Places the given card values on each side's units in unit order (sides placed automatically are skipped). */
function place(st: AohState, log: Log, aCards: number[] | null, dCards: number[] | null): void {
  const w = st.war!;
  if (aCards && w.attacker >= 0 && !w.placed[0]) act(st, w.attacker, placeSteps(st, w.attacker, aCards), log);
  if (dCards && !w.placed[1]) act(st, w.defender, placeSteps(st, w.defender, dCards), log);
}

/** One duel: each side whose choice is awaited picks its unit (an automatic pick is left alone). */
function duel(st: AohState, log: Log, a: number, d: number): void {
  const w = st.war;
  if (!w) return;
  if (w.attacker >= 0 && waiting(st, w.attacker, 'aoh.duel'))
    act(st, w.attacker, { type: 'duel', unit: a }, log);
  if (st.war && waiting(st, w.defender, 'aoh.duel')) act(st, w.defender, { type: 'duel', unit: d }, log);
}

const PLAIN = [
  'iron',
  'wood',
  'stone',
  'grain',
  'iron',
  'wood',
  'stone',
  'grain',
  'iron',
  'wood',
  'stone',
  'grain',
];

/* ------------------------------------------------------------------ §14.2 declaration */

describe('War declaration (§14.2)', () => {
  it('AOH-WAR-1, AOH-WAR-6: only available armies can be sent; a General goes with its army', () => {
    const log: Log = [];
    const st = start({
      players: 2,
      seats: [{ armies: [{}, { status: 'away', returnAt: 2 }, { quakes: [2] }, { general: true }] }, {}],
      battle: [3, 3],
    });
    act(st, 0, { type: 'war', target: 1, objective: 'plunder' });
    // The legal list offers exactly the available armies: a1 and the led a4.
    const offered = ageOfHeroes.legalActions(st, 0).filter((a) => a.type === 'warArmy');
    expect(offered).toEqual([
      { type: 'warArmy', army: 1 },
      { type: 'warArmy', army: 4 },
    ]);
    rejected(st, 0, { type: 'warArmy', army: 2 }, 'AOH-WAR-6'); // away
    rejected(st, 0, { type: 'warArmy', army: 3 }, 'AOH-WAR-6'); // under an Earthquake
    rejected(st, 0, { type: 'warArmy', army: 5 }, 'AOH-WAR-6'); // the defender's army
    act(st, 0, { type: 'warArmy', army: 4 });
    rejected(st, 0, { type: 'warArmy', army: 4 }, 'AOH-WAR-6'); // already sent
    act(st, 0, { type: 'warDeclare' }, log);
    // A subset was sent: a1 stays home; a4 fights with its General (+2 recorded as `lead`).
    expect(st.war!.armies).toEqual([4]);
    expect(army(st, 0, 1)!.status).toBe('home');
    expect(army(st, 0, 4)!.status).toBe('committed');
    act(st, 1, { type: 'pass' }, log);
    expect(one(log, 'aoh.ev.battle')).toMatchObject({ a: 1, d: 1 });
    expect(one(log, 'aoh.ev.duel')).toMatchObject({ av: 3, as: 5, dv: 3, ds: 3 });
    sane(st);
  });

  it('AOH-WAR-2: unit order is armies by ascending id, then Hero-armies in the order played', () => {
    const st = start({
      players: 2,
      seats: [
        { armies: 3, hand: ['mighty_hero', 'mighty_hero'] },
        { armies: 2, hand: ['mighty_hero'] },
      ],
    });
    act(st, 0, [
      { type: 'war', target: 1, objective: 'razing' },
      { type: 'warArmy', army: 3 },
      { type: 'warHero', host: -1 },
      { type: 'warArmy', army: 1 },
      { type: 'warHero', host: 3 },
      { type: 'warDeclare' },
    ]);
    act(st, 1, { type: 'respond', heroes: [-1] });
    const w = st.war!;
    expect(w.units.map((u) => [u.side, u.army, u.lead])).toEqual([
      [0, 1, false],
      [0, 3, true],
      [0, -1, false],
      [1, 4, false],
      [1, 5, false],
      [1, -1, false],
    ]);
    expect([w.a, w.d]).toEqual([3, 3]);
    // The timeout default places cards in draw order on units in unit order.
    expect(ageOfHeroes.defaultAction(st, 0)).toEqual({ type: 'place', unit: 0, card: w.pool[0][0] });
  });

  it('AOH-WAR-3, AOH-WAR-5: any other surviving tribe, roads or not, with any objective — even one that takes nothing', () => {
    const log: Log = [];
    const st = start(
      { players: 5, seats: [{}, {}, { armies: [], monument: 0, hand: ['iron'] }, { alive: false }, {}] },
      log,
    );
    rejected(st, 0, { type: 'war', target: 0, objective: 'plunder' }, 'AOH-WAR-3'); // himself
    rejected(st, 0, { type: 'war', target: 3, objective: 'plunder' }, 'AOH-WAR-3'); // eliminated
    rejected(st, 0, { type: 'war', target: 9, objective: 'plunder' }, 'AOH-WAR-3'); // no such tribe
    rejected(st, 0, { type: 'war', target: 2, objective: 'pillage' as never }, 'AOH-WAR-5');
    // Seat 2 is no neighbour of seat 0 and no road exists; razing a tribe with no monument is legal.
    act(st, 0, warSteps({ target: 2, objective: 'razing', armies: [1] }), log);
    act(st, 2, { type: 'pass' }, log);
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 1 });
    expect(one(log, 'aoh.ev.razing')).toMatchObject({ attacker: 0, defender: 2, cards: 0 });
    expect(st.p[2]!.hand).toEqual(['iron']);
    sane(st);
  });

  it('AOH-WAR-4, AOH-WAR-10: one public declaration; the armies are committed and the Heroes leave the hand', () => {
    const log: Log = [];
    const st = start({
      players: 3,
      seats: [{ armies: 2, hand: ['mighty_hero', 'iron', 'mighty_hero'] }, {}, {}],
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2], heroes: ['army', 2] }), log);
    const e = events(log, 'aoh.ev.war');
    expect(e).toHaveLength(1);
    expect(e[0]!.params).toMatchObject({
      seat: 0,
      target: 1,
      objective: 'plunder',
      armies: [1, 2],
      heroes: [-1, 2],
    });
    expect(e[0]!.to).toBeUndefined(); // public
    expect(st.p[0]!.armies.map((a) => a.status)).toEqual(['committed', 'committed']);
    expect(st.p[0]!.hand).toEqual(['iron']);
    // Every seat, spectators included, sees the whole declaration.
    for (const v of [-1, 1, 2]) {
      const w = ageOfHeroes.view(st, v).war!;
      expect([w.attacker, w.defender, w.objective, w.armies, w.heroesA]).toEqual([
        0,
        1,
        'plunder',
        [1, 2],
        [-1, 2],
      ]);
    }
    sane(st);
  });

  it('AOH-WAR-7, AOH-EVT-HERO-5: a Hero as general needs an uncovered army of this attack (EX-R10)', () => {
    const spec = {
      players: 2,
      seats: [
        { armies: [{ general: true }, { general: true }, {}], hand: ['mighty_hero', 'mighty_hero'] },
        { armies: [] },
      ],
    };
    const st = start(spec);
    const r1 = rejected(
      st,
      0,
      warSteps({ target: 1, objective: 'conquest', armies: [1, 2], heroes: [1] }),
      'AOH-EVT-HERO-5',
    );
    expect(r1.code).toBe('aoh.err.heroHostLed');
    const r2 = rejected(
      st,
      0,
      warSteps({ target: 1, objective: 'conquest', armies: [1, 2], heroes: [3] }),
      'AOH-EVT-HERO-5',
    );
    expect(r2.code).toBe('aoh.err.heroHostNotSent');
    // At most one Hero-as-general per army.
    rejected(
      st,
      0,
      warSteps({ target: 1, objective: 'conquest', armies: [1, 2, 3], heroes: [3, 3] }),
      'AOH-EVT-HERO-5',
    );
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1, 2, 3], heroes: [3] }));
    expect(st.war!.heroesA).toEqual([3]);
    act(st, 1, { type: 'pass' });
    const st2 = start(spec);
    act(st2, 0, warSteps({ target: 1, objective: 'conquest', armies: [1, 2], heroes: ['army'] }));
    const log: Log = [];
    act(st2, 1, { type: 'pass' }, log);
    expect(one(log, 'aoh.ev.battle')).toMatchObject({ a: 3, d: 0 });
    // Heroes cannot be played beyond those held.
    const st3 = start({ players: 2, seats: [{ armies: 1, hand: ['mighty_hero'] }, {}] });
    rejected(
      st3,
      0,
      warSteps({ target: 1, objective: 'conquest', armies: [1], heroes: ['army', 'army'] }),
      'AOH-WAR-7',
    );
  });

  it('AOH-WAR-7: in the A = 3 example the Hero-as-general gives a3 +2 (EX-R10)', () => {
    const log: Log = [];
    const st = start({
      players: 2,
      seats: [{ armies: [{ general: true }, { general: true }, {}], hand: ['mighty_hero'] }, { armies: 3 }],
      battle: [1, 1, 4, 5, 5, 5],
    });
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1, 2, 3], heroes: [3] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect(st.war!.units.slice(0, 3).map((u) => u.lead)).toEqual([true, true, true]);
    place(st, log, [1, 1, 4], [5, 5, 5]);
    duel(st, log, 2, 3);
    expect(events(log, 'aoh.ev.duel')[0]!.params).toMatchObject({ av: 4, as: 6, dv: 5, ds: 5, winner: 0 });
  });

  it('AOH-WAR-8: an attack needs a unit; a Hero alone may attack (EX-T10)', () => {
    const spec = () => ({
      players: 3,
      seats: [
        { cities: 0, hand: ['mighty_hero'], armies: [{ status: 'away' as const, returnAt: 2 }] },
        { armies: [{ quakes: [9] }], hand: ['iron', 'wood', 'stone'] },
        {},
      ],
    });
    // Without a Hero and with the only army away, War cannot even be chosen.
    const none = start({ players: 2, seats: [{ armies: [{ status: 'away', returnAt: 2 }] }, {}] });
    const e = rejected(none, 0, { type: 'war', target: 1, objective: 'plunder' }, 'AOH-WAR-8');
    expect(e.code).toBe('aoh.err.noUnits');
    expect(ageOfHeroes.legalActions(none, 0).some((a) => a.type === 'war')).toBe(false);

    const log: Log = [];
    const st = start(spec());
    act(st, 0, { type: 'war', target: 1, objective: 'conquest' });
    rejected(st, 0, { type: 'warDeclare' }, 'AOH-WAR-8');
    act(st, 0, { type: 'warHero', host: -1 });
    act(st, 0, { type: 'warDeclare' }, log);
    expect(st.p[0]!.hand).toEqual([]);
    expect(st.p[0]!.alive).toBe(true); // not eliminated while the war runs (AOH-EDGE-19)
    act(st, 1, { type: 'pass' }, log);
    // D's only army is quaked: no defender unit, V = A = 1, floor(1/2) = 0 cities.
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 1 });
    expect(one(log, 'aoh.ev.conquest')).toMatchObject({ cities: 0 });
    expect(st.discard.filter((c) => c === 'mighty_hero')).toHaveLength(1);
    expect(st.p[0]!.alive).toBe(false); // no city and no card at the checkpoint after the war
    sane(st);

    const st2 = start(spec());
    act(st2, 0, warSteps({ target: 1, objective: 'plunder', heroes: ['army'] }));
    act(st2, 1, { type: 'pass' });
    expect(st2.p[0]!.hand).toHaveLength(2);
    expect(st2.p[0]!.alive).toBe(true);
    sane(st2);
  });

  it('AOH-WAR-9, AOH-WAR-16: the declaration is final and the attacker cannot answer the response', () => {
    const log: Log = [];
    const st = start({
      players: 2,
      seats: [
        { armies: 2, hand: ['mighty_hero', 'olympic_games'] },
        { armies: 1, hand: ['mighty_hero'] },
      ],
      battle: [3, 3, 3, 3],
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }), log);
    expect(kinds(st)).toEqual(['1:aoh.response']);
    for (const a of [
      { type: 'warArmy', army: 2 },
      { type: 'warUnarmy', army: 1 },
      { type: 'warHero', host: -1 },
      { type: 'warCancel' },
      { type: 'war', target: 1, objective: 'conquest' },
      { type: 'olympics' },
      { type: 'respond', heroes: [-1] },
    ] as AohAction[])
      rejected(st, 0, a);
    act(st, 1, { type: 'respond', heroes: [-1] }, log);
    // The battle starts at once: the attacker has no reply to the Hero.
    expect(kinds(st)).toEqual(['1:aoh.place']);
    rejected(st, 0, { type: 'respond', heroes: [-1] });
    rejected(st, 0, { type: 'warHero', host: -1 });
    rejected(st, 0, { type: 'olympics' });
    expect(st.war!).toMatchObject({
      objective: 'plunder',
      defender: 1,
      armies: [1],
      heroesA: [],
      a: 1,
      d: 2,
    });
    expect(army(st, 0, 2)!.status).toBe('home');
  });
});

/* ------------------------------------------------------------------ §14.3 defender response */

describe('Defender response (§14.3)', () => {
  it('AOH-WAR-11, AOH-WAR-12: one response window; Luck is no use against a player (EX-R14)', () => {
    const log: Log = [];
    const st = start({
      players: 3,
      seats: [{}, { armies: 2, hand: ['luck', 'mighty_hero'] }, {}],
      battle: [5, 2, 2],
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }), log);
    const p = ageOfHeroes.prompts(st);
    expect(p).toEqual([expect.objectContaining({ seat: 1, kind: 'aoh.response', window: true })]);
    expect(ageOfHeroes.legalActions(st, 1).some((a) => a.type === 'luck')).toBe(false);
    const e = rejected(st, 1, { type: 'luck' }, 'AOH-WAR-12');
    expect(e.code).toBe('aoh.err.luckVsPlayer');
    rejected(st, 2, { type: 'pass' }); // only the defender answers
    act(st, 1, { type: 'pass' }, log);
    // The window is closed: a Hero can no longer be played.
    rejected(st, 1, { type: 'respond', heroes: [-1] });
    expect(st.p[1]!.hand).toEqual(['luck', 'mighty_hero']);
    expect(st.war!.responded).toBe(true);
    expect(st.war!.d).toBe(2);
    expect(kinds(st)).toEqual(['1:aoh.place']);
  });

  it('AOH-WAR-13, AOH-EVT-HERO-5, AOH-EVT-QUAKE-5: a defender\u2019s Hero as general only on a participating uncovered army (EX-T2)', () => {
    const log: Log = [];
    const st = start({
      players: 2,
      seats: [
        { armies: 2 },
        { armies: [{ general: true }, { quakes: [9] }], hand: ['mighty_hero', 'iron', 'wood', 'stone'] },
      ],
      battle: [5, 5, 1, 1],
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2] }), log);
    const e1 = rejected(st, 1, { type: 'respond', heroes: [4] }, 'AOH-WAR-13'); // d2: quaked, does not participate
    expect(e1.code).toBe('aoh.err.heroHostAbsent');
    const e2 = rejected(st, 1, { type: 'respond', heroes: [3] }, 'AOH-EVT-HERO-5'); // d1: led
    expect(e2.code).toBe('aoh.err.heroHostLed');
    rejected(st, 1, { type: 'respond', heroes: [1] }, 'AOH-WAR-13'); // the attacker's army
    expect(ageOfHeroes.legalActions(st, 1).filter((a) => a.type === 'respond')).toEqual([
      { type: 'respond', heroes: [-1] },
    ]);
    act(st, 1, { type: 'respond', heroes: [-1] }, log);
    expect(st.war!.units.filter((u) => u.side === 1).map((u) => [u.army, u.lead])).toEqual([
      [3, true],
      [-1, false],
    ]);
    place(st, log, [5, 5], [1, 1]);
    duel(st, log, 0, 2);
    duel(st, log, 1, 3);
    expect(events(log, 'aoh.ev.duel')).toHaveLength(2);
    expect(events(log, 'aoh.ev.duel').map((x) => x.params!['ds'])).toEqual([3, 1]);
    // d2 sat out, untouched and still under its Earthquake.
    expect(st.p[1]!.armies).toEqual([{ id: 4, general: false, status: 'home', returnAt: 0, quakes: [9] }]);
    sane(st);
  });

  it('AOH-WAR-14, AOH-RET-3, AOH-EVT-OLY-2, AOH-EVT-HERO-7: Olympic Games sends the attackers back (EX-R11)', () => {
    const log: Log = [];
    const st = start({
      players: 3,
      seats: [{ armies: 3, hand: ['mighty_hero'], turns: 7 }, {}, { hand: ['olympic_games'] }],
      deck: PLAIN,
    });
    const battleBefore = st.battle.slice();
    act(st, 0, warSteps({ target: 2, objective: 'plunder', armies: [1, 2, 3], heroes: ['army'] }), log);
    act(st, 2, { type: 'olympics' }, log);
    // No battle: no battle card drawn, the deck is untouched.
    expect(events(log, 'aoh.ev.battle')).toEqual([]);
    expect(st.battle).toEqual(battleBefore);
    expect(st.discard.slice(-2).sort()).toEqual(['mighty_hero', 'olympic_games']);
    expect(st.p[2]!.hand).toEqual([]);
    expect(st.p[0]!.armies.map((a) => [a.status, a.returnAt])).toEqual([
      ['away', 8],
      ['away', 8],
      ['away', 8],
    ]);
    // The action is used: A goes on to phase 3.
    expect(kinds(st)).toEqual(['0:aoh.monument']);
    sane(st);
    // B attacks A before A's turn 8: a1–a3 do not defend.
    pump(st, (s) => waiting(s, 1, 'aoh.action'));
    act(st, 1, warSteps({ target: 0, objective: 'conquest', armies: [4] }), log);
    act(st, 0, { type: 'pass' }, log);
    expect(events(log, 'aoh.ev.battle').at(-1)!.params).toMatchObject({
      attacker: 1,
      defender: 0,
      a: 1,
      d: 0,
    });
    // In phase 5 of A's turn 8 they come home.
    pump(st, (s) => s.p[0]!.turns === 8 && waiting(s, 0, 'aoh.monument'));
    expect(st.p[0]!.armies.every((a) => a.status === 'away')).toBe(true);
    pump(st, (s) => s.active !== 0);
    expect(st.p[0]!.armies.map((a) => a.status)).toEqual(['home', 'home', 'home']);
    sane(st);
  });

  it('AOH-WAR-14, AOH-RET-2: with a direct road the cancelled attackers are home at once (EX-R11 variant)', () => {
    const log: Log = [];
    const st = start({
      players: 3,
      roads: [[0, 2]],
      seats: [{ armies: 3, turns: 7 }, {}, { hand: ['olympic_games'] }],
    });
    act(st, 0, warSteps({ target: 2, objective: 'plunder', armies: [1, 2, 3] }), log);
    act(st, 2, { type: 'olympics' }, log);
    expect(st.p[0]!.armies.map((a) => a.status)).toEqual(['home', 'home', 'home']);
    expect(one(log, 'aoh.ev.armiesHome')).toMatchObject({ seat: 0, armies: [1, 2, 3] });
  });

  it('AOH-WAR-15: a response is either a cancel or a set of Heroes', () => {
    const st = start({ players: 2, seats: [{}, { hand: ['olympic_games', 'mighty_hero'] }] });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }));
    // No listed answer both cancels and plays a Hero, and a cancel carrying Heroes is refused.
    const legal = ageOfHeroes.legalActions(st, 1);
    expect(legal.filter((a) => a.type === 'olympics')).toEqual([{ type: 'olympics' }]);
    expect(legal.filter((a) => a.type === 'respond').length).toBeGreaterThan(0);
    const e = rejected(st, 1, { type: 'olympics', heroes: [-1] } as AohAction, 'AOH-WAR-15');
    expect(e.code).toBe('aoh.err.cancelWithHeroes');
    act(st, 1, { type: 'olympics' });
    expect(st.p[1]!.hand).toEqual(['mighty_hero']);
    expect(st.war).toBeNull();
  });

  it('AOH-WAR-11, AOH-EVT-HERO-6: the whole defence is one action, each choice of Heroes listed once in its sorted spelling', () => {
    // Three Heroes, uncovered armies 2 and 3, army 4 led by a General.
    const st = start({
      players: 2,
      seats: [
        { armies: 1 },
        { armies: [{}, {}, { general: true }], hand: ['mighty_hero', 'mighty_hero', 'mighty_hero'] },
      ],
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }));
    const responds = ageOfHeroes.legalActions(st, 1).flatMap((a) => (a.type === 'respond' ? [a.heroes] : []));
    // Every multiset: k Heroes as armies plus a subset of {2, 3} as generals, 1 to 3 Heroes in all.
    const expected: number[][] = [];
    for (const gens of [[], [2], [3], [2, 3]])
      for (let k = 0; k + gens.length <= 3; k++)
        if (k + gens.length > 0) expected.push([...new Array<number>(k).fill(-1), ...gens]);
    expect(responds.map((h) => h.join()).sort()).toEqual(expected.map((h) => h.join()).sort());
    for (const h of responds) expect(h).toEqual(h.slice().sort((x, y) => x - y));
    // Other spellings are refused, each with its rule.
    rejected(st, 1, { type: 'respond', heroes: [3, -1] }, 'AOH-DP-7');
    rejected(st, 1, { type: 'respond', heroes: [] }, 'AOH-WAR-11');
    rejected(st, 1, { type: 'respond', heroes: [-1, 0.5] } as AohAction, 'AOH-DP-7');
    rejected(st, 1, { type: 'respond' } as AohAction, 'AOH-DP-7');
    rejected(st, 1, { type: 'respond', heroes: [-1, -1, -1, -1] }, 'AOH-EVT-HERO-2');
    rejected(st, 1, { type: 'respond', heroes: [4] }, 'AOH-EVT-HERO-5');
    rejected(st, 1, { type: 'respond', heroes: [-1, 2, 2] }, 'AOH-EVT-HERO-5');
    // One version: the response closes the window and starts the battle at once.
    act(st, 1, { type: 'respond', heroes: [-1, 2, 3] });
    expect(ageOfHeroes.prompts(st).some((p) => p.window)).toBe(false);
    expect(st.war!.heroesD).toEqual([-1, 2, 3]);
    expect(st.p[1]!.hand).toEqual([]);
  });
});

/* ------------------------------------------------------------------ §15 battle */

describe('Battle resolution (§15)', () => {
  it('AOH-BATTLE-1, AOH-BATTLE-3, AOH-BATTLE-4, AOH-BATTLE-7, AOH-BATTLE-10, AOH-BATTLE-12, AOH-BATTLE-13, AOH-BATTLE-14, AOH-BATTLE-15, AOH-SPOILS-2, AOH-RET-1, AOH-RET-3: full battle with a General, a fortress, excess units and the conquest cap (EX-T1)', () => {
    const log: Log = [];
    const st = start(
      {
        players: 2,
        seats: [
          { armies: [{ general: true }, {}, {}, {}, {}] },
          { armies: 3, fortresses: 1, cities: 1, hand: ['iron', 'wood', 'stone'] },
        ],
        battle: [6, 2, 3, 1, 5, 4, 4, 2],
      },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1, 2, 3, 4, 5] }), log);
    act(st, 1, { type: 'pass' }, log);
    const w = st.war!;
    // AOH-BATTLE-1: all three defending armies participate; A = 5, D = 3.
    expect([w.a, w.d]).toEqual([5, 3]);
    // AOH-BATTLE-3: the attacker drew first (6, 2, 3, 1, 5), then the defender (4, 4, 2); each sees only his own.
    expect(w.pool).toEqual([
      [6, 2, 3, 1, 5],
      [4, 4, 2],
    ]);
    expect(ageOfHeroes.view(st, 0).war!.pool).toEqual([6, 2, 3, 1, 5]);
    expect(ageOfHeroes.view(st, 1).war!.pool).toEqual([4, 4, 2]);
    expect(ageOfHeroes.view(st, -1).war!.pool).toEqual([]);
    const drawn = events(log, 'aoh.ev.battleCards');
    expect(drawn.map((e) => [e.params!['seat'], e.params!['cards'], e.to])).toEqual([
      [0, [6, 2, 3, 1, 5], [0]],
      [1, [4, 4, 2], [1]],
    ]);
    // AOH-BATTLE-4: a1←5, a2←6, a3←3, a4←2, a5←1; d1←4, d2←4, d3←2.
    place(st, log, [5, 6, 3, 2, 1], [4, 4, 2]);
    // Duel 1 (a1, d1): 5 + 2 = 7 vs 4 + 1 = 5 → d1 destroyed, a1 victorious.
    duel(st, log, 0, 5);
    // Duel 2 (a4, d3): 2 vs 2 + 1 = 3 → a4 destroyed.
    duel(st, log, 3, 7);
    // Duel 3: D's last unit d2 is chosen automatically; A picks a3: 3 vs 4 + 1 = 5 → a3 destroyed.
    expect(kinds(st)).toEqual(['0:aoh.duel']);
    duel(st, log, 2, 6);
    const duels = events(log, 'aoh.ev.duel').map((e) => e.params!);
    expect(duels.map((d) => [d['a'], d['d'], d['av'], d['dv'], d['as'], d['ds'], d['winner']])).toEqual([
      [0, 5, 5, 4, 7, 5, 0],
      [3, 7, 2, 2, 2, 3, 1],
      [2, 6, 3, 4, 3, 5, 1],
    ]);
    // AOH-BATTLE-12/13: min(A, D) = 3 duels; the cards under a2 (6) and a5 (1) are never revealed.
    expect(events(log, 'aoh.ev.duel')).toHaveLength(3);
    for (const e of log.filter((x) => canSee(x, 1) && x.key !== 'aoh.ev.battleCards')) {
      const s = JSON.stringify(e.params ?? {});
      expect(s.includes('"a":1,') || s.includes('"a":4,')).toBe(false);
    }
    // AOH-BATTLE-14: V = 1 + (5 − 3) = 3 → floor(3/2) = 1 city: D's only city goes to A.
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 3, wins: 1, excess: 2 });
    expect(one(log, 'aoh.ev.conquest')).toMatchObject({ cities: 1 });
    expect([st.p[0]!.cities, st.p[1]!.cities, st.supply.city]).toEqual([2, 0, 10]);
    // D has no city but 3 cards: still in the game.
    expect(st.p[1]!.alive).toBe(true);
    // AOH-BATTLE-10: army supply +3 (d1, a4, a3); the General of a1 survives with it.
    expect(st.supply.army).toBe(12 - 8 + 3);
    expect(st.supply.general).toBe(5);
    // AOH-RET-3: a1(G), a2, a5 away until A's next turn; AOH-RET-1: D's survivors stay home.
    expect(st.p[0]!.armies.map((a) => [a.id, a.general, a.status, a.returnAt])).toEqual([
      [1, true, 'away', 2],
      [2, false, 'away', 2],
      [5, false, 'away', 2],
    ]);
    expect(st.p[1]!.armies.map((a) => [a.id, a.status])).toEqual([
      [7, 'home'],
      [8, 'home'],
    ]);
    // AOH-BATTLE-15: the battle deck is whole again.
    expect(st.battle).toHaveLength(36);
    expect(st.war).toBeNull();
    sane(st);
  });

  it('AOH-BATTLE-1, AOH-BATTLE-2, AOH-EDGE-13: quaked and away armies do not defend; with no defender no card is drawn', () => {
    const log: Log = [];
    const st = start({
      players: 2,
      seats: [
        { armies: 2 },
        { armies: [{ status: 'away', returnAt: 3 }, {}, { quakes: [4] }], hand: ['iron'] },
      ],
      battle: [4, 4, 1],
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2] }), log);
    act(st, 1, { type: 'pass' }, log);
    // The defender does not choose: his one available army (id 4) is his only unit.
    expect(st.war!.units.filter((u) => u.side === 1).map((u) => u.army)).toEqual([4]);
    expect(st.war!.d).toBe(1);

    const log2: Log = [];
    const st2 = start({
      players: 2,
      seats: [
        { armies: 2 },
        {
          armies: [{ status: 'away', returnAt: 3 }, { quakes: [4] }],
          hand: ['iron', 'wood', 'stone', 'grain', 'gold'],
        },
      ],
    });
    const battleBefore = st2.battle.slice();
    act(st2, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2] }), log2);
    act(st2, 1, { type: 'pass' }, log2);
    expect(one(log2, 'aoh.ev.battle')).toMatchObject({ a: 2, d: 0 });
    expect(events(log2, 'aoh.ev.battleCards')).toEqual([]);
    expect(events(log2, 'aoh.ev.duel')).toEqual([]);
    // Not even reshuffled: the deck is exactly as before (no PRNG use).
    expect(st2.battle).toEqual(battleBefore);
    expect(one(log2, 'aoh.ev.victorious')).toMatchObject({ v: 2, wins: 0 });
    expect(st2.p[0]!.hand).toHaveLength(4);
    expect(st2.p[1]!.hand).toHaveLength(1);
    sane(st2);
  });

  it('AOH-BATTLE-4: placement is free, secret until committed, and final once submitted', () => {
    const log: Log = [];
    const st = start({ players: 3, seats: [{ armies: 2 }, { armies: 2 }, {}], battle: [2, 6, 3, 3] });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect(ageOfHeroes.prompts(st).map((p) => [p.seat, p.kind, p.secret])).toEqual([
      [0, 'aoh.place', true],
      [1, 'aoh.place', true],
    ]);
    rejected(st, 0, { type: 'place', unit: 2, card: 2 }, 'AOH-BATTLE-4'); // a defender unit
    rejected(st, 0, { type: 'place', unit: 0, card: 5 }, 'AOH-BATTLE-4'); // a card he did not draw
    act(st, 0, { type: 'place', unit: 0, card: 2 });
    rejected(st, 0, { type: 'place', unit: 0, card: 6 }, 'AOH-BATTLE-4'); // one card per unit
    // Until A commits, nobody else learns even that a card lies there.
    expect(ageOfHeroes.view(st, 1).war!.units[0]).toMatchObject({ card: null, hasCard: false });
    expect(ageOfHeroes.view(st, 0).war!.units[0]).toMatchObject({ card: 2 });
    act(st, 0, { type: 'resetPlacement' });
    expect(st.war!.pool[0].slice().sort()).toEqual([2, 6]);
    act(st, 0, { type: 'place', unit: 1, card: 2 });
    act(st, 0, { type: 'place', unit: 0, card: 6 }, log);
    expect(st.war!.placed).toEqual([true, false]);
    // Submitted: final, and the others see face-down cards only.
    rejected(st, 0, { type: 'resetPlacement' });
    for (const v of [1, 2, -1])
      expect(
        ageOfHeroes
          .view(st, v)
          .war!.units.slice(0, 2)
          .map((u) => [u.hasCard, u.card]),
      ).toEqual([
        [true, null],
        [true, null],
      ]);
    expect(kinds(st)).toEqual(['1:aoh.place']);
    place(st, log, null, [3, 3]);
    expect(st.war!.units.map((u) => u.card)).toEqual([6, 2, 3, 3]);
    expect(kinds(st)).toEqual(['0:aoh.duel', '1:aoh.duel']);
  });

  it('AOH-BATTLE-5, AOH-BATTLE-6: duel choices are simultaneous and revealed together to everyone', () => {
    const log: Log = [];
    const st = start({ players: 3, seats: [{ armies: 3 }, { armies: 3 }, {}], battle: [2, 6, 1, 3, 4, 5] });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2, 3] }), log);
    act(st, 1, { type: 'pass' }, log);
    place(st, log, [2, 6, 1], [3, 4, 5]);
    rejected(st, 0, { type: 'duel', unit: 3 }, 'AOH-BATTLE-5'); // not his unit
    act(st, 0, { type: 'duel', unit: 1 }, log);
    // Nothing is revealed yet; D knows only that A has chosen, not what.
    expect(st.war!.duels).toEqual([]);
    expect(ageOfHeroes.view(st, 1).war!).toMatchObject({ picked: [true, false], myPick: -1 });
    expect(ageOfHeroes.view(st, 1).war!.units[1]!.card).toBeNull();
    rejected(st, 0, { type: 'duel', unit: 0 }); // his choice is made
    expect(kinds(st)).toEqual(['1:aoh.duel']);
    act(st, 1, { type: 'duel', unit: 4 }, log);
    const d = one(log, 'aoh.ev.duel');
    expect(d).toMatchObject({ a: 1, d: 4, av: 6, dv: 4, winner: 0 });
    expect(events(log, 'aoh.ev.duel')[0]!.to).toBeUndefined();
    // Both cards are face-up for everyone; the others stay face-down.
    for (const v of [0, 1, 2, -1]) {
      const u = ageOfHeroes.view(st, v).war!.units;
      expect([u[1]!.card, u[4]!.card]).toEqual([6, 4]);
    }
    expect(ageOfHeroes.view(st, 2).war!.units.map((u) => u.card)).toEqual([null, 6, null, null, 4, null]);
    // Units that have fought cannot be chosen again.
    rejected(st, 0, { type: 'duel', unit: 1 }, 'AOH-BATTLE-5');
    act(st, 0, { type: 'duel', unit: 0 }, log);
    rejected(st, 1, { type: 'duel', unit: 4 }, 'AOH-BATTLE-5');
    act(st, 1, { type: 'duel', unit: 3 }, log);
    // One unfought unit each: they meet automatically.
    expect(events(log, 'aoh.ev.duel').map((e) => [e.params!['a'], e.params!['d']])).toEqual([
      [1, 4],
      [0, 3],
      [2, 5],
    ]);
    expect(st.war).toBeNull();
  });

  it('AOH-BATTLE-7, AOH-BATTLE-8, AOH-BATTLE-9, AOH-BATTLE-10: fortress bonuses add up (EX-R12)', () => {
    const run = (dCard: number) => {
      const log: Log = [];
      const st = start({
        players: 2,
        seats: [{ armies: [{ general: true }] }, { fortresses: 2, hand: ['iron'] }],
        battle: [4, dCard],
      });
      act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }), log);
      act(st, 1, { type: 'pass' }, log);
      return { st, log };
    };
    // a1(G) card 4 → 6; D card 4 + 2 = 6: a tie, both survive.
    const tie = run(4);
    expect(one(tie.log, 'aoh.ev.duel')).toMatchObject({ av: 4, as: 6, dv: 4, ds: 6, winner: -1 });
    expect(tie.st.p[0]!.armies).toHaveLength(1);
    expect(tie.st.p[1]!.armies).toHaveLength(1);
    expect(one(tie.log, 'aoh.ev.victorious')).toMatchObject({ v: 0 });
    // D card 5 → 7 > 6: a1 and its General go back to the supply.
    const loss = run(5);
    expect(one(loss.log, 'aoh.ev.duel')).toMatchObject({ as: 6, ds: 7, winner: 1 });
    expect(loss.st.p[0]!.armies).toEqual([]);
    expect([loss.st.supply.army, loss.st.supply.general]).toEqual([11, 6]);
    expect([tie.st.supply.army, tie.st.supply.general]).toEqual([10, 5]);
    sane(loss.st);
  });

  it('AOH-BATTLE-8: fortresses never help the attacker; they do help a defending Hero-army', () => {
    const log: Log = [];
    const st = start({ players: 2, seats: [{ fortresses: 3 }, {}], battle: [3, 4] });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect(one(log, 'aoh.ev.duel')).toMatchObject({ as: 3, ds: 4, winner: 1 });

    const log2: Log = [];
    const st2 = start({
      players: 2,
      seats: [{}, { armies: [], fortresses: 1, hand: ['mighty_hero'] }],
      battle: [5, 4],
    });
    act(st2, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }), log2);
    act(st2, 1, { type: 'respond', heroes: [-1] }, log2);
    expect(one(log2, 'aoh.ev.duel')).toMatchObject({ av: 5, as: 5, dv: 4, ds: 5, winner: -1 });
  });

  it('AOH-BATTLE-10, AOH-EVT-HERO-4: a Hero as general gives +2; on a destroyed army the army returns to the supply and the Hero is discarded', () => {
    const run = (fortresses: number) => {
      const log: Log = [];
      const st = start({
        players: 2,
        seats: [{ hand: ['mighty_hero'] }, { fortresses, hand: ['iron'] }],
        battle: [3, 4],
      });
      act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1], heroes: [1] }), log);
      act(st, 1, { type: 'pass' }, log);
      return { st, log };
    };
    const win = run(0);
    expect(one(win.log, 'aoh.ev.duel')).toMatchObject({ av: 3, as: 5, ds: 4, winner: 0 });
    expect(win.st.p[1]!.armies).toEqual([]);
    const lose = run(2);
    expect(one(lose.log, 'aoh.ev.duel')).toMatchObject({ as: 5, ds: 6, winner: 1 });
    expect(lose.st.p[0]!.armies).toEqual([]);
    // The army goes back to the supply; a Hero is no General item: the General supply is unchanged.
    expect([lose.st.supply.army, lose.st.supply.general]).toEqual([11, 6]);
    expect(lose.st.discard.at(-1)).toBe('mighty_hero');
    sane(lose.st);
  });

  it('AOH-BATTLE-11, AOH-BATTLE-12, AOH-BATTLE-14: attacking armies with no opponent count as victorious (EX-R7, 6 vs 4)', () => {
    const log: Log = [];
    const st = start({
      players: 2,
      seats: [{ armies: 6 }, { armies: 4, cities: 3 }],
      battle: [5, 1, 2, 3, 6, 6, 2, 4, 6, 3],
    });
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1, 2, 3, 4, 5, 6] }), log);
    act(st, 1, { type: 'pass' }, log);
    place(st, log, [5, 1, 2, 3, 6, 6], [2, 4, 6, 3]);
    duel(st, log, 0, 6); // 5 vs 2: A wins
    duel(st, log, 1, 7); // 1 vs 4: D wins
    duel(st, log, 2, 8); // 2 vs 6: D wins
    duel(st, log, 3, 9); // 3 vs 3: tie, not victorious
    expect(events(log, 'aoh.ev.duel').map((e) => e.params!['winner'])).toEqual([0, 1, 1, -1]);
    expect(one(log, 'aoh.ev.battleOver')).toMatchObject({ duels: 4 });
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 3, wins: 1, excess: 2 });
    expect([st.p[0]!.cities, st.p[1]!.cities]).toEqual([2, 2]);
    expect(st.supply.army).toBe(12 - 10 + 3);
    expect(st.p[0]!.armies.map((a) => a.status)).toEqual(['away', 'away', 'away', 'away']);
    expect(st.p[1]!.armies.map((a) => a.status)).toEqual(['home', 'home', 'home']);
    sane(st);
  });

  it('AOH-BATTLE-15: spoils, then clean-up (deck whole and shuffled, every Hero discarded), then returns, then a checkpoint', () => {
    const log: Log = [];
    const st = start({
      players: 3,
      seats: [
        { armies: 2, hand: ['mighty_hero'] },
        { armies: 1, cities: 0, hand: ['mighty_hero', 'iron', 'wood'] },
        {},
      ],
      battle: [6, 6, 6, 1, 1],
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2], heroes: ['army'] }), log);
    act(st, 1, { type: 'respond', heroes: [-1] }, log);
    const rest = st.battle.slice();
    place(st, log, [6, 6, 6], [1, 1]);
    duel(st, log, 0, 3);
    duel(st, log, 1, 4);
    // V = 2 + 1 = 3 → up to 6 cards: D's whole remaining hand (the Hero had left it).
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 3 });
    expect(st.p[0]!.hand.slice().sort()).toEqual(['iron', 'wood']);
    expect(st.battle).toHaveLength(36);
    expect(st.battle).not.toEqual([...rest, 6, 6, 6, 1, 1]);
    expect(st.battle.slice().sort()).toEqual([...rest, 6, 6, 6, 1, 1].sort());
    expect(st.discard.filter((c) => c === 'mighty_hero')).toHaveLength(2);
    const order = log.map((e) => e.key);
    const at = (k: string) => order.indexOf(k);
    expect(at('aoh.ev.plunder')).toBeLessThan(at('aoh.ev.armiesAway'));
    // The checkpoint after the war: D has no city and no card → eliminated.
    expect(at('aoh.ev.armiesAway')).toBeLessThan(at('aoh.ev.eliminated'));
    expect(st.p[1]!.alive).toBe(false);
    sane(st);
  });
});

/* ------------------------------------------------------------------ §16.1 spoils */

/** A war of `v` armies against a defender with no army, so that V = A = v (AOH-BATTLE-2). */
function walkover(
  objective: 'conquest' | 'plunder' | 'razing',
  v: number,
  defender: { cities?: number; monument?: number; hand?: string[] },
) {
  const log: Log = [];
  const st = start({
    players: 2,
    seats: [
      { armies: v, cities: 1 },
      { armies: [], ...defender },
    ],
  });
  act(st, 0, warSteps({ target: 1, objective, armies: st.p[0]!.armies.map((a) => a.id) }), log);
  act(st, 1, { type: 'pass' }, log);
  expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v });
  sane(st);
  return { st, log };
}

describe('Spoils (§16.1)', () => {
  it('AOH-SPOILS-2, AOH-EDGE-9: conquest takes floor(V/2) cities, capped; the supply is unchanged (EX-R8)', () => {
    for (const [v, cities, taken] of [
      [1, 5, 0],
      [2, 5, 1],
      [3, 5, 1],
      [7, 5, 3],
      [7, 2, 2],
    ] as const) {
      const { st } = walkover('conquest', v, { cities });
      expect([v, st.p[1]!.cities, st.p[0]!.cities]).toEqual([v, cities - taken, 1 + taken]);
      expect(st.supply.city).toBe(12 - 1 - cities);
    }
  });

  it('AOH-SPOILS-4, AOH-EDGE-11: razing removes 1 card for V 1–2, 2 for V ≥ 3, capped, to the discard pile (EX-R9)', () => {
    for (const [v, monument, left] of [
      [1, 4, 3],
      [2, 4, 3],
      [3, 4, 2],
      [6, 4, 2],
      [3, 1, 0],
    ] as const) {
      const { st } = walkover('razing', v, { monument });
      expect([v, st.p[1]!.monument]).toEqual([v, left]);
      expect(st.discard.slice(-(monument - left))).toEqual(Array(monument - left).fill('concrete'));
    }
  });

  it('AOH-SPOILS-3, AOH-SPOILS-1, AOH-EDGE-10: plunder takes 2 random cards per victorious army, automatically', () => {
    const hand = ['iron', 'wood', 'stone', 'grain', 'gold'];
    const { st, log } = walkover('plunder', 1, { hand });
    expect(st.p[0]!.hand).toHaveLength(2);
    expect([...st.p[0]!.hand, ...st.p[1]!.hand].sort()).toEqual(hand.slice().sort());
    // Only attacker and defender see which cards moved.
    const seen = events(log, 'aoh.ev.plunder')[0]!;
    expect(seen.to).toEqual([0, 1]);
    expect(seen.params).toMatchObject({ count: 2, cards: st.p[0]!.hand });
    expect(one(log, 'aoh.ev.plunderHidden')).toMatchObject({ count: 2 });
    // No decision was asked of the attacker: he is at his phase 3.
    expect(kinds(st)).toEqual(['0:aoh.monument']);
    // V = 3 against 5 cards takes the whole hand.
    expect(walkover('plunder', 3, { hand }).st.p[1]!.hand).toEqual([]);
    // The selection is random: different seeds pick different cards.
    const picks = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const s = scenario({ players: 2, seed, seats: [{}, { armies: [], hand }], at: { action: 0 } });
      act(s, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }));
      act(s, 1, { type: 'pass' });
      picks.add(s.p[0]!.hand.slice().sort().join());
    }
    expect(picks.size).toBeGreaterThan(1);
  });

  it('AOH-SPOILS-3: Heroes the defender played have left his hand before the plunder', () => {
    const log: Log = [];
    const st = start({
      players: 2,
      seats: [{ armies: 3 }, { armies: [], hand: ['mighty_hero', 'iron'] }],
      battle: [6, 6, 6, 1],
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2, 3] }), log);
    act(st, 1, { type: 'respond', heroes: [-1] }, log);
    place(st, log, [6, 6, 6], null);
    duel(st, log, 0, 3);
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 3 });
    expect(st.p[0]!.hand).toEqual(['iron']);
    expect(st.discard.at(-1)).toBe('mighty_hero');
  });

  it('AOH-SPOILS-5, AOH-EDGE-14: with V = 0 nothing is taken', () => {
    for (const objective of ['conquest', 'plunder', 'razing'] as const) {
      const log: Log = [];
      const st = start({
        players: 2,
        seats: [{}, { cities: 2, monument: 2, hand: ['iron', 'wood'] }],
        battle: [3, 3],
      });
      act(st, 0, warSteps({ target: 1, objective, armies: [1] }), log);
      act(st, 1, { type: 'pass' }, log);
      expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 0 });
      expect(events(log, 'aoh.ev.noSpoils')).toHaveLength(1);
      expect([
        st.p[1]!.cities,
        st.p[1]!.monument,
        st.p[1]!.hand.length,
        st.p[0]!.hand.length,
        st.p[0]!.cities,
      ]).toEqual([2, 2, 2, 0, 1]);
    }
  });

  it('AOH-SPOILS-6: conquered cities create a claim; lost cities end the defender\u2019s pending claim at its check', () => {
    const log: Log = [];
    const st = start({
      players: 2,
      deck: PLAIN,
      seats: [
        { armies: 2, cities: 4 },
        { armies: [], cities: 5, turns: 3, claim: 4 },
      ],
    });
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1, 2] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect([st.p[0]!.cities, st.p[1]!.cities]).toEqual([5, 4]);
    // The checkpoint after the war gives A a claim checked at the end of his next turn.
    expect(st.p[0]!.claim).toBe(2);
    expect(one(log, 'aoh.ev.claim')).toMatchObject({ seat: 0, checkAt: 2 });
    expect(st.p[1]!.claim).toBe(4); // D's claim survives until its check …
    pump(st, (s) => s.p[1]!.claim === 0 || s.over !== null, log);
    // … at the end of D's turn 4 he has 4 cities: the check fails.
    expect(one(log, 'aoh.ev.claimFails')).toMatchObject({ seat: 1 });
    expect(st.over).toBeNull();
  });
});

/* ------------------------------------------------------------------ §16.2 return of armies */

describe('Return of armies (§16.2)', () => {
  it('AOH-RET-2, AOH-BATTLE-9, AOH-BATTLE-13: a tie, an excess unit and the immediate return over a direct road (EX-T12)', () => {
    const log: Log = [];
    const st = start({
      players: 3,
      roads: [[0, 1]],
      seats: [{ armies: 2 }, { hand: ['iron', 'wood', 'stone', 'grain'] }, {}],
      battle: [3, 5, 3],
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2] }), log);
    act(st, 1, { type: 'pass' }, log);
    place(st, log, [3, 5], null);
    duel(st, log, 0, 2);
    expect(one(log, 'aoh.ev.duel')).toMatchObject({ a: 0, av: 3, dv: 3, winner: -1 });
    // a2's card (5) was never shown to anybody but A.
    expect(
      log.filter((e) => canSee(e, 1) && JSON.stringify(e.params ?? {}).includes('5')).map((e) => e.key),
    ).not.toContain('aoh.ev.duel');
    expect(one(log, 'aoh.ev.victorious')).toMatchObject({ v: 1, wins: 0, excess: 1 });
    expect(st.p[0]!.hand).toHaveLength(2);
    expect(st.p[1]!.hand).toHaveLength(2);
    expect(st.p[0]!.armies.map((a) => [a.status, a.returnAt])).toEqual([
      ['home', 0],
      ['home', 0],
    ]);
    expect(one(log, 'aoh.ev.armiesHome')).toMatchObject({ seat: 0, armies: [1, 2] });
    // Home at once: they defend during B's turn.
    pump(st, (s) => waiting(s, 1, 'aoh.action'));
    act(st, 1, warSteps({ target: 0, objective: 'plunder', armies: [3] }), log);
    act(st, 0, { type: 'pass' }, log);
    expect(st.war!.d).toBe(2);
  });

  it('AOH-RET-3, AOH-RET-4, AOH-RET-5: away armies cannot act, a later road does not hasten them, they come home in phase 5 of the next turn', () => {
    const log: Log = [];
    const st = start({
      players: 2,
      deck: PLAIN,
      seats: [
        { armies: 1, turns: 4, hand: ['iron', 'gold'] },
        { armies: [], hand: ['stone', 'stone'] },
      ],
    });
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect(army(st, 0, 1)).toMatchObject({ status: 'away', returnAt: 5 });
    expect(one(log, 'aoh.ev.armiesAway')).toMatchObject({ seat: 0, armies: [1], returnAt: 5 });
    // B's turn: B builds a road to A, A consents. The army stays away.
    pump(st, (s) => waiting(s, 1, 'aoh.action'));
    act(st, 1, { type: 'build' });
    act(st, 1, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: 0 });
    act(st, 0, { type: 'consent', accept: true });
    expect(st.roads).toHaveLength(1);
    expect(army(st, 0, 1)!.status).toBe('away');
    act(st, 1, { type: 'buildDone' });
    pump(st, (s) => waiting(s, 0, 'aoh.action'));
    expect(st.p[0]!.turns).toBe(5);
    expect(army(st, 0, 1)!.status).toBe('away');
    // While away it cannot attack or receive a General.
    expect(ageOfHeroes.legalActions(st, 0).some((a) => a.type === 'war')).toBe(false);
    rejected(st, 0, { type: 'war', target: 1, objective: 'plunder' }, 'AOH-WAR-8');
    act(st, 0, { type: 'build' });
    rejected(st, 0, { type: 'buildItem', item: 'general', pay: ['iron', 'gold'], host: 1 }, 'AOH-BUILD-12');
    act(st, 0, { type: 'buildDone' });
    pump(st, (s) => s.active !== 0, log);
    expect(army(st, 0, 1)).toMatchObject({ status: 'home', returnAt: 0 });
    expect(events(log, 'aoh.ev.armyReturns')).toHaveLength(1);
    sane(st);
  });

  it('AOH-RET-6: if the attacker is eliminated while armies are away, they and their Generals return to the supply', () => {
    // A has no city and no card: only the spoils could save him, and razing brings none.
    const log2: Log = [];
    const st2 = start({
      players: 3,
      seats: [{ cities: 0, hand: [], armies: [{ general: true }, {}] }, { armies: [] }, {}],
    });
    const supply = { ...st2.supply };
    act(st2, 0, warSteps({ target: 1, objective: 'razing', armies: [1, 2] }), log2);
    act(st2, 1, { type: 'pass' }, log2);
    expect(one(log2, 'aoh.ev.armiesAway')).toMatchObject({ seat: 0, armies: [1, 2] });
    expect(st2.p[0]!.alive).toBe(false);
    expect(st2.p[0]!.armies).toEqual([]);
    expect([st2.supply.army, st2.supply.general]).toEqual([supply.army + 2, supply.general + 1]);
    sane(st2);
  });
});
