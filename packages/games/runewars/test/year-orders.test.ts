/** M1 rules cited one by one: the year and its seasons (RW-YEAR-*, RW-SEASON-*), the Orders (RW-HARV/RECR/RALLY/POWER/FORT/STRONG/DEV-*). */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  board,
  chooseAll,
  clearBoard,
  ctrl,
  DEFAULT_PACK,
  put,
  runewars as g,
  scenarioGame,
  stronghold,
} from '@tabula/runewars';
import type { RwState } from '@tabula/runewars';
import { act, area, asked, top, u, units } from './battle-helpers.js';
import { playDefaults, rejects } from './helpers.js';
import { advance } from '../src/decisions.js';

const p = DEFAULT_PACK;
const seatOfTop = (st: RwState) => (top(st) as { seat: number }).seat;
/** Plays defaults until the predicate holds. */
const until = (st: RwState, stop: (s: RwState) => boolean) => playDefaults(st, stop, 5000);

describe('the year and its seasons', () => {
  it('RW-YEAR-02, RW-YEAR-04, RW-YEAR-05, RW-SEASON-02, RW-SEASON-04, RW-SEASON-07, RW-SEASON-08: each season: its card, then Orders, then turns; the card discarded; no turn meanwhile', () => {
    const st = scenarioGame(['daqan', 'latari'], 'year');
    const log: GameEvent[] = [];
    chooseAll(st, [8, 8], log);
    // Spring's turns (Fortify, default nothing) end the season; summer's card comes, then its Orders.
    until(st, (s) => s.season === 1 && top(s).k === 'orders');
    expect(st.decks.seasonDiscard).toHaveLength(2);
    expect(st.card).toBe(st.decks.seasonDiscard[1]);
    expect(p.seasons[st.card]!.season).toBe(1);
    expect(st.stack.some((f) => f.k === 'turn')).toBe(false);
    expect(g.prompts(st).every((x) => x.kind === 'rw.order')).toBe(true);
  });

  it('RW-YEAR-20, RW-YEAR-23, RW-YEAR-27, RW-ORDER-02: Orders revealed together; primary, then Supremacy; the card stays face up', () => {
    const st = scenarioGame(['daqan', 'latari'], 'reveal');
    act(st, 0, { type: 'order', n: 5 });
    expect(st.p.map((x) => x.cur)).toEqual([0, 0]);
    const log = act(st, 1, { type: 'order', n: 7 });
    expect(st.p.map((x) => x.cur)).toEqual([5, 7]);
    expect(log.map((e) => e.key)).toContain('rw.ev.reveal');
    // Seat 0 recruits (primary), then is asked about the Supremacy, then his card is in his play area.
    expect(top(st)).toMatchObject({ k: 'recruit', seat: 0, sup: 0 });
    until(st, (s) => top(s).k === 'sup');
    expect(top(st)).toMatchObject({ k: 'sup', seat: 0, n: 5 });
    act(st, 0, { type: 'supremacy', use: false });
    expect(st.p[0]!.played).toEqual([5]);
  });

  it("RW-YEAR-30, RW-YEAR-35, RW-SEASON-05, RW-SEASON-06: Season effects in the previous season's play order; in year 1 by influence", () => {
    const st = scenarioGame(['daqan', 'latari', 'waiqar'], 'order');
    // Fall: the choices go in the play order of summer's Orders.
    until(st, (s) => s.season === 1 && top(s).k === 'orders');
    chooseAll(st, [7, 3, 5]);
    until(st, (s) => s.season === 2 && top(s).k === 'fall');
    expect(seatOfTop(st)).toBe(1); // Conquer (3) was lowest
  });

  it('RW-SEASON-12, RW-SEASON-13, RW-SEASON-10: in spring every routed unit stands up, with no choice', () => {
    const st = scenarioGame(['daqan', 'latari'], 'spring');
    put(st, '2C', -1, 'beastman', 2, true);
    const h = p.factions[st.fac[0]!]!.home[0]!;
    st.ur[h * p.U + u('footman')]! += 1;
    until(st, (s) => s.year === 2 && top(s).k === 'orders');
    expect(units(st, '2C')).toEqual(['beastman×2']);
    expect(st.ur.every((x) => x === 0)).toBe(true);
  });

  it("RW-SEASON-14, RW-SEASON-15: summer's Quest Phase asks nobody before the Orders (no heroes in this version)", () => {
    const st = scenarioGame(['daqan', 'latari'], 'summer');
    chooseAll(st, [8, 8]);
    const log: GameEvent[] = [];
    for (let i = 0; i < 20 && !(st.season === 1 && top(st).k === 'orders'); i++) {
      const s = g.prompts(st)[0]!.seat;
      for (const e of act(st, s, g.defaultAction(st, s)!)) log.push(e);
    }
    expect(log.map((e) => e.key)).toContain('rw.ev.summer');
    expect(top(st).k).toBe('orders');
  });

  it('RW-SEASON-18, RW-TACT-03, RW-TACT-07: a Tactics card drawn in fall is stamped with that season', () => {
    const st = scenarioGame(['daqan', 'latari'], 'fall');
    until(st, (s) => s.season === 2 && top(s).k === 'fall');
    const s = seatOfTop(st);
    act(st, s, { type: 'fall', pick: 'tactics' });
    expect(st.p[s]!.tacSeason.at(-1)).toBe(st.year * 4 + 2);
  });

  it('RW-SEASON-19, RW-FATE-06: the fall reshuffle takes the whole discard (no card is in play then)', () => {
    const st = scenarioGame(['daqan', 'latari'], 'fall2');
    st.decks.fateDiscard = st.decks.fate.splice(0, 5);
    until(st, (s) => s.season === 2 && top(s).k === 'fall');
    expect([st.decks.fate.length, st.decks.fateDiscard.length]).toEqual([30, 0]);
  });

  it('RW-SEASON-23, RW-SEASON-24, RW-SEASON-25, RW-MOVE-13, RW-DP-13: winter: routed units count and may be chosen; water borders open; after it, 8 again', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'winter');
    until(st, (s) => s.season === 3 && top(s).k === 'orders');
    clearBoard(st);
    put(st, '4B', 0, 'archer', 2);
    put(st, '4B', 0, 'archer', 2, true);
    put(st, 'LEa', 0, 'warrior', 1);
    put(st, '4C', 0, 'warrior', 3);
    put(st, 'UYa', 1, 'berserker', 1);
    st.p[0]!.dial[0] = 3;
    st.p[0]!.hand = 0b111111110; // (his Orders back in hand, for the Strategize below)
    // the winter food check (the secondary ability, in play order) for the Latari
    st.stack.push({ k: 'cull', seat: 0, cap: 3, areas: [], winter: 1, rule: 'RW-SEASON-20', neut: 0 });
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'destroy', area: area('4B'), u: u('archer') },
      { type: 'destroy', area: area('4B'), u: u('archer'), routed: true },
    ]);
    expect(g.defaultAction(st, 0)).toEqual({
      type: 'destroy',
      area: area('4B'),
      u: u('archer'),
      routed: true,
    });
    act(st, 0, { type: 'destroy', area: area('4B'), u: u('archer') });
    expect(top(st).k).toBe('orders'); // 3 left: the check is over
    // Strategize in winter crosses the water border 4B–4C (RW-SEASON-24); 4 units there is fine: after
    // the food check the limit is 8 again (RW-SEASON-23).
    chooseAll(st, [1, 8]);
    const d = { type: 'draft', from: area('4B'), to: area('4C'), u: u('archer') } as const;
    expect(g.legalActions(st, 0)).toContainEqual(d);
    act(st, 0, d);
    act(st, 0, { type: 'commit' });
    expect(units(st, '4C')).toEqual(['archer×1', 'warrior×3']);
    expect(top(st).k).not.toBe('cull');
  });
});

describe('Season cards and turn windows', () => {
  it("RW-SEASON-03, RW-SEASON-05: a Season card's text applies to every player (here: food −1)", () => {
    const st = scenarioGame(['daqan', 'latari'], 'su6');
    const su6 = p.seasons.findIndex((c) => c.id === 'SU6');
    const deck = st.decks.seasons[1]!;
    deck.splice(deck.indexOf(su6), 1);
    deck.push(su6); // on top
    const before = st.p.map((x) => x.dial[0]!);
    // season step 1 of summer
    st.season = 1;
    st.stack.length = 1;
    st.stack[0] = { k: 'game', step: 10 };
    advance(st, undefined);
    expect(st.card).toBe(su6);
    expect(st.p.map((x) => x.dial[0])).toEqual(before.map((d) => Math.max(0, d - 1)));
  });

  it('RW-YEAR-29, RW-YEAR-28, RW-DP-40, RW-TACT-02: with cards to play "during your turn", a turn is: window, primary, Supremacy, window, end checks', () => {
    const st = scenarioGame(['daqan', 'latari'], 'turnwin');
    st.p[0]!.inf = 20;
    for (const n of [7, 8]) g.apply(st, n - 7, { type: 'order', n });
    const seen: string[] = [];
    for (let i = 0; i < 8 && st.p[0]!.played.length === 0; i++) {
      const pr = g.prompts(st)[0]!;
      seen.push(`${pr.seat}:${pr.kind}${pr.window ? `@${String(pr.args!.at)}` : ''}`);
      g.apply(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    // The end checks: with 20 influence some good Objective is met (Voice of the Council), so he is asked (RW-OBJ-03).
    expect(seen).toEqual([
      '0:rw.window@preOrder',
      '0:rw.supremacy',
      '0:rw.window@postOrder',
      '0:rw.objective',
    ]);
  });
});

describe('the Orders', () => {
  it('RW-HARV-04, RW-HARV-05, RW-HARV-06, RW-DEV-01, RW-DEV-03, RW-DEV-04, RW-DEV-05, RW-DEV-06, RW-DP-50, RW-EX-18, RW-STRONG-03: Harvest Supremacy: developments produce, then one is built for 1 wood', () => {
    const st = scenarioGame(['daqan', 'latari'], 'harvest');
    const home = p.factions[st.fac[0]!]!.home;
    const sh = home.find((a) => st.sh[a] === 0)!;
    st.dev[sh] = 1; // a Diplomat at the home stronghold
    stronghold(st, '2C', 0); // a second stronghold, no development
    put(st, '2C', 0, 'footman', 1);
    const inf = st.p[0]!.inf;
    chooseAll(st, [4, 8]);
    act(st, 0, { type: 'supremacy', use: true });
    expect(st.p[0]!.inf).toBe(inf + 2); // RW-DEV-04
    // Step 2: one development for 1 wood at a friendly stronghold without one (2C), or nothing.
    expect(g.defaultAction(st, 0)).toEqual({ type: 'done' });
    const wood = st.p[0]!.dial[1]!;
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'develop', area: area('2C'), dev: 0 });
    expect(g.legalActions(st, 0).some((a) => a.type === 'develop' && a.area === sh)).toBe(false);
    act(st, 0, { type: 'develop', area: area('2C'), dev: 2 });
    expect([st.dev[area('2C')], st.p[0]!.dial[1]]).toEqual([2, wood - 1]);
  });

  it('RW-RECR-04, RW-RECR-06, RW-RECR-07, RW-RECR-09, RW-CLIMIT-04, RW-CLIMIT-07, RW-STRONG-02, RW-DP-51: a second dial by Supremacy; a type all in play may be recycled', () => {
    const st = scenarioGame(['daqan', 'latari'], 'recruit');
    const sh = st.sh.indexOf(0);
    st.act[sh]! |= 1; // RW-RECR-09: recruiting into an activated area is allowed
    st.p[0]!.dial = [1, 1, 0]; // food 1: a Footman; wood 1: a Bowman
    // every Bowman in play: 8 on the board (some in 2C)
    let bowmen = 0;
    for (let a = 0; a < p.areas.length; a++) bowmen += st.us[a * p.U + u('bowman')]!;
    put(st, '2C', 0, 'bowman', 8 - bowmen);
    chooseAll(st, [5, 8]);
    act(st, 0, { type: 'recruit', res: 0 });
    act(st, 0, { type: 'place', area: sh });
    act(st, 0, { type: 'supremacy', use: true });
    rejects(st, 0, { type: 'recruit', res: 0 }, 'RW-RECR-06', 'recruitRes');
    act(st, 0, { type: 'recruit', res: 1 });
    const legal = g.legalActions(st, 0);
    expect(legal[0]).toEqual({ type: 'skip' });
    expect(legal).toContainEqual({ type: 'recycle', area: area('2C') });
    expect(g.defaultAction(st, 0)).toEqual({ type: 'skip' });
    act(st, 0, { type: 'recycle', area: area('2C') });
    act(st, 0, { type: 'place', area: sh });
    expect(units(st, '2C')).toEqual([`bowman×${7 - bowmen}`]);
  });

  it('RW-RECR-08: without a stronghold, recruited units are not gained', () => {
    const st = scenarioGame(['daqan', 'latari'], 'nosh');
    st.sh[st.sh.indexOf(0)] = -1;
    chooseAll(st, [5, 8]);
    const before = st.us.reduce((a, b) => a + b, 0);
    act(st, 0, { type: 'recruit', res: 0 });
    expect(st.us.reduce((a, b) => a + b, 0)).toBe(before);
    expect(top(st).k).not.toBe('recruit');
  });

  it('RW-RALLY-01, RW-RALLY-03, RW-RALLY-04, RW-RALLY-05, RW-RALLY-07, RW-DP-52: each controlled city gives one benefit, in the order he chooses', () => {
    const st = scenarioGame(['daqan', 'latari'], 'rally');
    const cities = board(st)
      .on.filter((a) => st.city[a]! >= 0 && st.home[a]! < 0)
      .slice(0, 2);
    for (const a of cities) put(st, p.areas[a]!.id, 0, 'footman', 1);
    chooseAll(st, [6, 8]);
    expect(top(st)).toMatchObject({ k: 'rally', seat: 0 });
    const offered = g.legalActions(st, 0).filter((a) => a.type === 'rally');
    for (const a of offered) expect(cities).toContain((a as { area: number }).area);
    const t = p.cities[st.city[cities[1]!]!]!;
    const inf = st.p[0]!.inf;
    if (t.influence) {
      act(st, 0, { type: 'rally', area: cities[1]!, benefit: 'influence' });
      expect(st.p[0]!.inf).toBe(inf + t.influence);
    }
    rejects(st, 0, { type: 'rally', area: cities[1]!, benefit: 'tactics' }, 'RW-RALLY-01', 'rallyCity');
  });

  it('RW-POWER-06, RW-TITLE-04, RW-DP-54: a Title has one holder; claiming it from another takes it', () => {
    const st = scenarioGame(['daqan', 'latari'], 'title');
    st.titles[1] = 1;
    st.titleInf[1] = 2;
    st.p[0]!.inf = 9;
    chooseAll(st, [7, 8]);
    act(st, 0, { type: 'supremacy', use: true });
    rejects(st, 0, { type: 'title', t: 1, spend: 2 }, 'RW-POWER-02', 'titleSpend');
    act(st, 0, { type: 'title', t: 1, spend: 3 });
    expect([st.titles[1], st.titleInf[1]]).toEqual([0, 3]);
  });

  it('RW-FORT-03, RW-FORT-07, RW-FORT-08, RW-FORT-09, RW-STRONG-06, RW-CLIMIT-05, RW-CLIMIT-06, RW-DP-55: repair; a fifth stronghold only by destroying one (and its development); never in a city', () => {
    const st = scenarioGame(['daqan', 'latari'], 'fort');
    st.p[0]!.inf = 20; // he resolves first
    const home = st.sh.indexOf(0);
    st.shd[home] = 1;
    st.dev[home] = 1;
    for (const id of ['1A', '1B', '2C']) {
      stronghold(st, id, 0);
      put(st, id, 0, 'footman', 1);
    }
    put(st, '3A', 0, 'footman', 1); // a city area
    put(st, '3D', 0, 'footman', 1);
    st.p[0]!.dial = [3, 3, 3];
    chooseAll(st, [8, 8]);
    act(st, 0, { type: 'repair', area: home });
    expect([st.shd[home], st.p[0]!.dial[2]]).toEqual([0, 2]);
    const legal = g.legalActions(st, 0);
    expect(legal.some((a) => a.type === 'stronghold' && a.area === area('3A'))).toBe(false);
    expect(legal.some((a) => a.type === 'stronghold' && a.from === undefined)).toBe(false);
    act(st, 0, { type: 'stronghold', area: area('3D'), from: home });
    expect([st.sh[home], st.dev[home], st.sh[area('3D')]]).toEqual([-1, -1, 0]);
    rejects(st, 0, { type: 'shuffle', a: area('1A'), b: area('1A'), swap: false }, 'RW-FORT-04', 'runeMove');
    act(st, 0, { type: 'done' });
    expect(top(st).k).not.toBe('sup'); // Fortify has no Supremacy
  });

  it('RW-STRONG-01, RW-TERM-04: a stronghold alone controls its area', () => {
    const st = scenarioGame(['daqan', 'latari'], 'strong');
    clearBoard(st);
    stronghold(st, '2C', 1);
    expect(ctrl(st, area('2C'))).toBe(1);
  });

  it('RW-STRAT-10, RW-DP-41, RW-DP-43: Strategize Supremacy draws a Tactics card per icon at or below the arrows', () => {
    const st = scenarioGame(['daqan', 'latari'], 'stratsup');
    st.p[0]!.dial = [5, 2, 3]; // Daqan: food 5 (T at 5), wood 2 (T at 2), ore 3 (T at 3)
    chooseAll(st, [1, 8]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'commit' });
    act(st, 0, { type: 'commit' });
    const n = st.p[0]!.tac.length;
    act(st, 0, { type: 'supremacy', use: true });
    expect(st.p[0]!.tac.length).toBe(n + 3);
  });

  it('RW-DP-49, RW-DIAL-03: Mobilize Supremacy declined by default; dials do not follow production by themselves', () => {
    const st = scenarioGame(['daqan', 'latari'], 'mobsup');
    const dial = st.p[0]!.dial.slice();
    clearBoard(st);
    chooseAll(st, [2, 8]);
    act(st, 0, { type: 'pass' });
    expect(top(st)).toMatchObject({ k: 'sup', n: 2 });
    expect(g.defaultAction(st, 0)).toEqual({ type: 'supremacy', use: false });
    expect(st.p[0]!.dial).toEqual(dial); // the board was emptied, the dials did not move
  });

  it('RW-DP-26: a hand over its limit is trimmed by the player, most recent cards first by default', () => {
    const st = scenarioGame(['daqan', 'latari'], 'hand');
    until(st, (s) => s.season === 2 && top(s).k === 'fall');
    const s = seatOfTop(st);
    while (st.p[s]!.tac.length < 10) {
      st.p[s]!.tac.push(st.decks.tactics.pop()!);
      st.p[s]!.tacSeason.push(0);
    }
    act(st, s, { type: 'fall', pick: 'tactics' });
    expect(top(st)).toMatchObject({ k: 'discard', seat: s });
    const last = st.p[s]!.tac.at(-1)!;
    expect(g.defaultAction(st, s)).toEqual({ type: 'discard', card: last });
    expect(asked(st)).toEqual([`${s}:rw.discard`]);
  });
});
