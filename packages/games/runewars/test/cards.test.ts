/**
 * M5's cards (src/cards.ts): every Season card with an effect, derived from the data (a card with none
 * fails unless it waits for heroes); influence bids, sealed and tied (RW-BID-*); receiving a dragon rune
 * (RW-RUNE-10..16); the Primarch (RW-TITLE-03); Objectives (RW-OBJ-*), each condition from the data.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import type { RwAction, RwState } from '@tabula/runewars';
import {
  areaOf,
  board,
  checkInvariants,
  clearBoard,
  ctrl,
  DEFAULT_PACK,
  playOrder,
  runewars as g,
  put,
  scenarioGame,
  stronghold,
  unitOf,
} from '@tabula/runewars';
import { advance } from '../src/decisions.js';
import { BID_GETS } from '../src/cards-data.js';
import { objectiveCount, objectiveMet, primarch, startSeasonCard, tieDecider } from '../src/cards.js';
import { act, rejects, top } from './helpers.js';

const p = DEFAULT_PACK;
const three = ['latari', 'uthuk', 'daqan'];
const card = (id: string) => p.seasons.findIndex((c) => c.id === id);
const keys = (log: GameEvent[]) => log.map((e) => e.key);
/** Season cards whose every effect waits (none left). */
const WAITING = new Set<string>();
/** Cards of heroes only (tested in quests.test.ts and hero-cards.test.ts): without heroes they do nothing. */
const HEROES_ONLY = new Set(['desertion', 'drawHeroes']);
/** A bid of heroes only (Tournament of Champions): not held without them. */
const heroBid = (e: { do: string; outcomes?: { get: number }[] }) =>
  e.do === 'bid' && !!e.outcomes?.every((o) => BID_GETS[o.get] === 'train');
/** Season cards of M5 still to come (docs/games/runewars.md): none left. */
const LATER_M5 = new Set<string>();

/** Resolves Season card `id` now (above the Order selection), answering every decision by its default. */
function runCard(
  st: RwState,
  id: string,
  log: GameEvent[] = [],
  stopAt?: (st: RwState) => boolean,
): GameEvent[] {
  // Drawn from its season's deck (each card in one place: the invariants).
  for (const d of [...st.decks.seasons, st.decks.seasonDiscard])
    if (d.includes(card(id))) d.splice(d.indexOf(card(id)), 1);
  startSeasonCard(st, card(id));
  advance(st, log);
  for (let i = 0; i < 200 && top(st).k !== 'orders'; i++) {
    if (stopAt?.(st)) return log;
    const pr = g.prompts(st).find((x) => !x.optional)!;
    const r = g.apply(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
    if (!r.ok) throw new Error(r.error.message);
  }
  return log;
}

/** Three players at spring's Orders with something for every card to act on. */
function table(seed = 'cards'): RwState {
  const st = scenarioGame(three, seed);
  // Seat 0 holds the Primarch's Title, a city and six units in one area; seat 1 is short of food.
  st.titles[p.titles.findIndex((t) => t.id === 'primarch')] = 0;
  const city = board(st).on.find((a) => st.city[a]! >= 0 && ctrl(st, a) < 0 && st.own[a]! < 0)!;
  st.own[city] = 0;
  st.us[city * p.U + p.factions[st.fac[0]!]!.units[0]!] = 6;
  for (const u of p.neutrals) st.us[city * p.U + u] = 0;
  st.p[1]!.dial[0] = 1;
  st.p[2]!.dial = [8, 8, 8]; // above what his areas produce (Famine)
  // A rune token in seat 0's home realm (Threatened Home Realms): one of the board's moved there.
  const h = p.factions[st.fac[0]!]!.home.find((a) => st.rk[a]! < 0)!;
  const x = board(st).on.find((a) => st.rk[a]! >= 0 && !['1C', '3A'].includes(p.areas[a]!.id))!;
  [st.rk[h], st.rh[h], st.rup[h], st.rk[x], st.rh[x], st.rup[x]] = [
    st.rk[x]!,
    st.rh[x]!,
    st.rup[x]!,
    -1,
    0,
    0,
  ];
  st.p[0]!.inf = st.p[1]!.inf = st.p[2]!.inf = 5;
  for (const x of st.p)
    while (x.tac.length < 2) {
      x.tac.push(st.decks.tactics.pop()!);
      x.tacSeason.push(0);
    }
  return st;
}

describe('every Season card has an effect (from the data)', () => {
  for (const c of p.seasons) {
    const live = c.effects.filter((e) => e.do !== 'later' && !HEROES_ONLY.has(e.do) && !heroBid(e));
    it(`RW-SEASON-03, RW-DP-11: ${c.id} ${c.name.en} — ${live.length ? live.map((e) => e.do).join(', ') : 'waits'}`, () => {
      if (!live.length) {
        // A card with no effect of this version must be one named here (heroes, or M5's still to come).
        expect(
          WAITING.has(c.id) ||
            LATER_M5.has(c.id) ||
            c.effects.some((e) => HEROES_ONLY.has(e.do) || heroBid(e)),
          `${c.id} has no effect`,
        ).toBe(true);
        return;
      }
      const st = table(`card-${c.id}`);
      const before = JSON.stringify({
        ...st,
        stack: null,
        card: 0,
        decks: { ...st.decks, seasonDiscard: 0, seasons: 0 },
      });
      let asked = 0;
      const log = runCard(st, c.id, [], (s) => (s.stack.at(-1)!.k !== 'season' && asked++, false));
      expect(top(st).k).toBe('orders');
      expect(checkInvariants(st)).toEqual([]);
      const after = JSON.stringify({
        ...st,
        stack: null,
        card: 0,
        decks: { ...st.decks, seasonDiscard: 0, seasons: 0 },
      });
      // Something changed, or players were asked (a redeployment the defaults leave as it was).
      if (!asked) expect(after, `${c.id} changed nothing`).not.toEqual(before);
      expect(keys(log).filter((k) => k !== 'rw.ev.seasonLater').length).toBeGreaterThan(0);
      expect(st.decks.seasonDiscard.at(-1)).toBe(card(c.id)); // RW-SEASON-07
    });
  }
});

describe('dials moved by Season cards', () => {
  it('RW-DIAL-05, RW-SEASON-03: a loss stops at 0 (Drought: food -1)', () => {
    const st = table('dials');
    st.p[0]!.dial = [0, 3, 3];
    st.p[1]!.dial = [2, 3, 3];
    runCard(st, 'SU6');
    expect(st.p[0]!.dial).toEqual([0, 3, 3]);
    expect(st.p[1]!.dial).toEqual([1, 3, 3]);
    expect(checkInvariants(st)).toEqual([]);
  });
});

describe('influence bids (RW-BID-*)', () => {
  it('RW-BID-01, RW-BID-02, RW-BID-03, RW-BID-09, RW-INFO-05, RW-DP-80: every player bids at once, secretly, 0 to his influence (not the influence on Titles); a bid may be changed until all have bid', () => {
    const st = table();
    st.titleInf[0] = 4;
    const log = runCard(st, 'SP5', [], (s) => top(s).k === 'bid');
    expect(keys(log)).toContain('rw.ev.bidStart');
    expect(
      g
        .prompts(st)
        .map((x) => x.seat)
        .sort(),
    ).toEqual([0, 1, 2]);
    expect(g.prompts(st).every((x) => x.secret)).toBe(true);
    expect(g.legalActions(st, 1)).toHaveLength(st.p[1]!.inf + 1);
    rejects(st, 1, { type: 'bid', n: st.p[1]!.inf + 1 }, 'RW-BID-09', 'bidRange');
    act(st, 1, { type: 'bid', n: 3 });
    act(st, 1, { type: 'bid', n: 2 }); // changed
    const f = top(st) as Extract<RwState['stack'][number], { k: 'bid' }>;
    expect(f.b[1]).toBe(2);
    // Sealed: the others see that he has bid, not how much; a sampled world invents a bid he could make.
    expect((g.view(st, 0).stack.at(-1) as typeof f).b).toEqual([-1, -2, -1]);
    expect((g.view(st, 1).stack.at(-1) as typeof f).b).toEqual([-1, 2, -1]);
  });

  it('RW-BID-04, RW-BID-05: the bids are revealed together and all of them are lost; the highest bidder receives a dragon rune', () => {
    const st = table();
    const log: GameEvent[] = [];
    runCard(st, 'SP5', log, (s) => top(s).k === 'bid');
    act(st, 0, { type: 'bid', n: 1 });
    act(st, 1, { type: 'bid', n: 4 });
    const l2: GameEvent[] = [];
    g.apply(st, 2, { type: 'bid', n: 0 }, l2);
    expect(l2.find((e) => e.key === 'rw.ev.bids')!.params).toMatchObject({ bids: [1, 4, 0] });
    expect(st.p.map((x) => x.inf)).toEqual([5 + 1 - 1, 1, 5]); // the Primarch's +1 came at the draw
    expect(top(st)).toMatchObject({ k: 'receive', seat: 1, by: 1 });
  });

  it('RW-BID-06, RW-BID-08, RW-DP-81: a tie (even at zero) is settled by the Primarch, even when he is not tied', () => {
    const st = table();
    runCard(st, 'SP5', [], (s) => top(s).k === 'bid');
    act(st, 0, { type: 'bid', n: 0 });
    act(st, 1, { type: 'bid', n: 3 });
    act(st, 2, { type: 'bid', n: 3 });
    expect(primarch(st)).toBe(0);
    expect(g.prompts(st).map((x) => `${x.seat}:${x.kind}`)).toEqual(['0:rw.tie']);
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'rank', seat: 1 },
      { type: 'rank', seat: 2 },
    ]);
    rejects(st, 0, { type: 'rank', seat: 0 }, 'RW-BID-06', 'tieSeat');
    const log: GameEvent[] = [];
    g.apply(st, 0, { type: 'rank', seat: 2 }, log);
    expect(log.find((e) => e.key === 'rw.ev.tieWon')!.params).toMatchObject({ seat: 2, holder: 0 });
    expect(top(st)).toMatchObject({ k: 'receive', seat: 2 });
  });

  it('RW-BID-07: with no Primarch the tied player with the most influence left decides, then the highest starting influence; by default himself first (RW-DP-89)', () => {
    const st = table();
    st.titles.fill(-1);
    st.p[1]!.inf = 8;
    runCard(st, 'SP5', [], (s) => top(s).k === 'bid');
    act(st, 0, { type: 'bid', n: 2 });
    act(st, 1, { type: 'bid', n: 2 });
    act(st, 2, { type: 'bid', n: 2 });
    expect(tieDecider(st, [0, 1, 2])).toBe(1); // 6 left against 3 and 3
    expect(g.prompts(st)[0]!.seat).toBe(1);
    expect(g.defaultAction(st, 1)).toEqual({ type: 'rank', seat: 1 });
    st.p[1]!.inf = 3;
    const start = (s: number) => p.factions[st.fac[s]!]!.influence;
    const best = [0, 1, 2].reduce((a, b) => (start(b) > start(a) ? b : a));
    expect(tieDecider(st, [0, 1, 2])).toBe(best);
  });

  it('RW-BID-10, RW-TITLE-03: a Wizards’ Council card gives the Primarch 1 influence when drawn; with no Primarch the Council does nothing by itself', () => {
    const st = table();
    const log = runCard(st, 'WI2', [], (s) => top(s).k === 'bid');
    expect(log.find((e) => e.key === 'rw.ev.primarch')!.params).toEqual({ seat: 0, n: 1 });
    expect(st.p[0]!.inf).toBe(6);
    const st2 = table();
    st2.titles.fill(-1);
    const l2 = runCard(st2, 'WI2', [], (s) => top(s).k === 'bid');
    expect(keys(l2)).not.toContain('rw.ev.primarch');
    expect(st2.p.map((x) => x.inf)).toEqual([5, 5, 5]);
  });

  it('RW-DP-82: Council Decree — the lowest bidder discards a Tactics card of his choice', () => {
    const st = table();
    runCard(st, 'FA5', [], (s) => top(s).k === 'bid');
    act(st, 0, { type: 'bid', n: 3 });
    act(st, 1, { type: 'bid', n: 0 });
    act(st, 2, { type: 'bid', n: 1 });
    // The rune first (seat 0), then seat 1's loss.
    while (top(st).k === 'receive') act(st, 0, g.defaultAction(st, 0)!);
    expect(top(st)).toMatchObject({ k: 'lose', seat: 1, what: 0 });
    const n = st.p[1]!.tac.length;
    act(st, 1, { type: 'discard', card: st.p[1]!.tac[0]! });
    expect(st.p[1]!.tac).toHaveLength(n - 1);
  });
});

describe('receiving a dragon rune (RW-RUNE-10..16)', () => {
  /** Seat 0 about to receive a rune, controlling 1C with a false rune and 3A with a dragon rune. */
  function receiving(): RwState {
    const st = table('rune');
    for (const [id, kind] of [
      ['1C', 0],
      ['3A', 1],
    ] as const) {
      const a = areaOf(st, id);
      for (const u of p.neutrals) st.us[a * p.U + u] = st.ur[a * p.U + u] = 0;
      put(st, id, 0, p.units[p.factions[st.fac[0]!]!.units[0]!]!.id, 1);
      // The supply keeps its count: a token taken from it, or one of another kind swapped with it.
      if (st.rk[a]! >= 0) st.runePile[st.rk[a] === 1 ? 0 : 1]!++;
      else st.rh[a] = 900000 + a;
      st.rk[a] = kind;
      st.runePile[kind === 1 ? 0 : 1]!--;
    }
    runCard(st, 'SP5', [], (s) => top(s).k === 'bid');
    act(st, 0, { type: 'bid', n: 1 });
    act(st, 1, { type: 'bid', n: 0 });
    act(st, 2, { type: 'bid', n: 0 });
    expect(top(st)).toMatchObject({ k: 'receive', seat: 0, step: 0 });
    return st;
  }

  it('RW-RUNE-10, RW-RUNE-13, RW-DP-83: he may first discard up to two false runes of his areas — shown to all, back on the false pile; a dragon rune may not be discarded', () => {
    const st = receiving();
    const f = areaOf(st, '1C'),
      d = areaOf(st, '3A');
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'discardRune', area: f });
    expect(g.legalActions(st, 0)).not.toContainEqual({ type: 'discardRune', area: d });
    rejects(st, 0, { type: 'discardRune', area: d }, 'RW-RUNE-13', 'runeNotFalse');
    const pile = st.runePile[1]!;
    const log: GameEvent[] = [];
    g.apply(st, 0, { type: 'discardRune', area: f }, log);
    expect(log[0]).toMatchObject({ key: 'rw.ev.runeDiscarded', params: { seat: 0, area: f } });
    expect(log[0]!.to).toBeUndefined(); // public
    expect(st.rk[f]).toBe(-1);
    expect(st.runePile[1]).toBe(pile + 1);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-RUNE-15, RW-RUNE-16: then a dragon and a false rune go face down to two different areas of his or nobody’s without a token (never an enemy’s); the first choice stays sealed; the others see only the areas', () => {
    const st = receiving();
    act(st, 0, { type: 'done' });
    const legal = g.legalActions(st, 0).map((a) => (a as { area: number }).area);
    for (const a of legal) {
      expect(st.rk[a]).toBe(-1);
      expect([0, -1]).toContain(ctrl(st, a));
    }
    const enemy = board(st).on.find((a) => ctrl(st, a) === 1 && st.rk[a]! < 0)!;
    rejects(st, 0, { type: 'rune', area: enemy }, 'RW-RUNE-15', 'runePlace');
    const [a, b] = legal;
    act(st, 0, { type: 'rune', area: a! });
    expect(st.rk[a!]).toBe(-1); // not placed yet: sealed in his hidden state
    expect(g.view(st, 1).players[0]!.rune).toBe(-2);
    expect(g.legalActions(st, 0)).not.toContainEqual({ type: 'rune', area: a });
    const log: GameEvent[] = [];
    g.apply(st, 0, { type: 'rune', area: b! }, log);
    expect([st.rk[a!], st.rk[b!]]).toEqual([1, 0]);
    expect(log.find((e) => e.key === 'rw.ev.runeReceived')!.params).toMatchObject({ seat: 0 });
    expect(g.view(st, 0).rk[a!]).toBe(1);
    expect(g.view(st, 1).rk[a!]).toBe(-2);
    expect(g.view(st, 1).rk[b!]).toBe(-2);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-RUNE-11, RW-RUNE-14: a token the supply lacks is not placed; one with no legal area goes back face up', () => {
    const st = receiving();
    act(st, 0, { type: 'done' });
    st.runePile[0] = 0; // no dragon rune left: only the false one comes
    const a = (g.legalActions(st, 0)[0] as { area: number }).area;
    act(st, 0, { type: 'rune', area: a });
    expect(st.rk[a]).toBe(0);
    expect(top(st).k).not.toBe('receive');
    // No legal area at all: both stay in the supply, face up, and everyone is told.
    const st2 = receiving();
    act(st2, 0, { type: 'done' });
    for (const x of board(st2).on) if (st2.rk[x]! < 0) st2.rk[x] = 9; // every area holds a token
    const log: GameEvent[] = [];
    advance(st2, log);
    expect(keys(log).filter((k) => k === 'rw.ev.runeUnplaced')).toHaveLength(2);
  });

  it('RW-RUNE-12, RW-DP-82: Power for the Pious — every player but the lowest bidder gets a dragon rune token (no false rune), placed by the lowest bidder in an area the receiver controls', () => {
    const st = table('pious');
    runCard(st, 'SU1', [], (s) => top(s).k === 'bid');
    act(st, 0, { type: 'bid', n: 2 });
    act(st, 1, { type: 'bid', n: 1 });
    act(st, 2, { type: 'bid', n: 0 });
    const falses = st.runePile[1]!;
    for (let i = 0; i < 6 && top(st).k === 'receive'; i++) {
      const f = top(st) as Extract<RwState['stack'][number], { k: 'receive' }>;
      expect(f).toMatchObject({ by: 2, kind: 1 });
      for (const a of g.legalActions(st, 2)) expect(ctrl(st, (a as { area: number }).area)).toBe(f.seat);
      act(st, 2, g.defaultAction(st, 2)!);
    }
    expect(st.runePile[1]).toBe(falses);
  });
});

describe('rulebook examples of bids and runes (11-examples.md)', () => {
  /** Seat 0 (Elves) controls these areas with a false rune each (tokens swapped with the supply, counts kept). */
  function falseRunes(st: RwState, ids: string[]): number[] {
    return ids.map((id) => {
      const a = areaOf(st, id);
      for (const u of p.neutrals) st.us[a * p.U + u] = st.ur[a * p.U + u] = 0;
      put(st, id, 0, p.units[p.factions[st.fac[0]!]!.units[0]!]!.id, 1);
      if (st.rk[a]! >= 0) st.runePile[st.rk[a] === 1 ? 0 : 1]!++;
      else st.rh[a] = 900000 + a;
      st.rk[a] = 0;
      st.runePile[1]!--;
      st.p[0]!.kn.push(st.rh[a]!); // he has looked at them
      return a;
    });
  }
  const onBoard = (st: RwState, kind: number) => st.rk.filter((k) => k === kind).length;

  it('RW-EX-16, RW-EX-17, RW-BID-01, RW-BID-04, RW-BID-05, RW-BID-07, RW-RUNE-10, RW-RUNE-13, RW-RUNE-15, RW-RUNE-16: winter’s Wizards’ Council without a Primarch — Elves 2 and Uthuk 2 tie, the Elves (2 unbid against 0) decide for themselves; they discard a false rune, then place a dragon and a false rune; influence 2, 0, 2', () => {
    const st = table('ex16');
    const [elves, uthuk, daqan] = [0, 1, 2];
    expect(st.fac.map((f) => p.factions[f]!.id)).toEqual(['latari', 'uthuk', 'daqan']);
    st.titles.fill(-1);
    [st.p[elves]!.inf, st.p[uthuk]!.inf, st.p[daqan]!.inf] = [4, 2, 3];
    const [f1] = falseRunes(st, ['1C', '3A']);
    runCard(st, 'WI2', [], (s) => top(s).k === 'bid');
    act(st, elves, { type: 'bid', n: 2 });
    act(st, uthuk, { type: 'bid', n: 2 });
    act(st, daqan, { type: 'bid', n: 1 });
    expect(st.p.map((x) => x.inf)).toEqual([2, 0, 2]); // every bid is lost
    expect(tieDecider(st, [elves, uthuk])).toBe(elves);
    expect(g.prompts(st).map((x) => `${x.seat}:${x.kind}`)).toEqual([`${elves}:rw.tie`]);
    act(st, elves, { type: 'rank', seat: elves });
    expect(top(st)).toMatchObject({ k: 'receive', seat: elves });
    // RW-EX-17: a false rune of his discarded (face up to the false pile), then 1 dragon + 1 false placed.
    const [dragons, falses] = [onBoard(st, 1), onBoard(st, 0)];
    const log: GameEvent[] = [];
    g.apply(st, elves, { type: 'discardRune', area: f1! }, log);
    act(st, elves, { type: 'done' });
    const places = g.legalActions(st, elves).map((a) => (a as { area: number }).area);
    for (const a of places) expect([elves, -1]).toContain(ctrl(st, a));
    g.apply(st, elves, { type: 'rune', area: places[0]! }, log);
    g.apply(st, elves, { type: 'rune', area: places[1]! }, log);
    expect(onBoard(st, 1)).toBe(dragons + 1);
    expect(onBoard(st, 0)).toBe(falses);
    // The others learn the two places (and that the discarded one was false), never which is which.
    expect(log.find((e) => e.key === 'rw.ev.runeDiscarded')!.to).toBeUndefined();
    for (const a of places.slice(0, 2)) expect(g.view(st, uthuk).rk[a]).toBe(-2);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-EX-36, RW-BID-06, RW-BID-08: four players all bid 0 on Council Decree; the Primarch (Daqan) ranks all four — himself highest, the lowest another; nobody loses influence', () => {
    const st = scenarioGame(['latari', 'uthuk', 'daqan', 'waiqar'], 'ex36');
    const daqan = 2;
    st.titles[p.titles.findIndex((t) => t.id === 'primarch')] = daqan;
    for (const x of st.p)
      if (!x.tac.length) {
        x.tac.push(st.decks.tactics.pop()!);
        x.tacSeason.push(0);
      }
    const inf = st.p.map((x) => x.inf);
    runCard(st, 'FA5', [], (s) => top(s).k === 'bid');
    for (let s = 0; s < 4; s++) act(st, s, { type: 'bid', n: 0 });
    expect(st.p.map((x) => x.inf)).toEqual(inf);
    // Both ties (highest and lowest, all four at 0) are his to settle.
    const asked: string[] = [];
    for (let i = 0; i < 4 && top(st).k === 'bid'; i++) {
      const pr = g.prompts(st)[0]!;
      asked.push(`${pr.seat}:${pr.kind}:${g.legalActions(st, daqan).length}`);
      const lowest = (pr.args as { lowest: boolean }).lowest;
      act(st, daqan, { type: 'rank', seat: lowest ? 0 : daqan });
    }
    // The highest among four, then the lowest among the three others.
    expect(asked).toEqual([`${daqan}:rw.tie:4`, `${daqan}:rw.tie:3`]);
    expect(top(st)).toMatchObject({ k: 'receive', seat: daqan });
    while (top(st).k === 'receive') act(st, daqan, g.defaultAction(st, daqan)!);
    expect(top(st)).toMatchObject({ k: 'lose', seat: 0 });
  });

  it('RW-EX-39, RW-RUNE-10, RW-RUNE-11, RW-RUNE-13, RW-RUNE-14: a rune received with one free area only — without a discard the second token goes back face up (its kind told); with a false rune discarded first, both are placed', () => {
    /** Elves to receive a rune (Council), with every area of theirs or nobody’s holding a token but `u`. */
    function crowded(seed: string): { st: RwState; free: number; f1: number } {
      const st = table(seed);
      st.titles.fill(-1);
      const [f1] = falseRunes(st, ['1C']);
      const free = board(st).on.find((a) => st.rk[a]! < 0 && ctrl(st, a) < 0 && st.home[a]! < 0)!;
      // Every other area of his or nobody's gets a token (more than the box holds: the invariants are not
      // checked here), the supply keeping its own.
      for (const a of board(st).on)
        if (a !== free && st.rk[a]! < 0 && ctrl(st, a) <= 0) {
          st.rk[a] = 0;
          st.rh[a] = 910000 + a;
        }
      expect(st.runePile[0]).toBeGreaterThan(0);
      expect(st.runePile[1]).toBeGreaterThan(0);
      runCard(st, 'WI2', [], (s) => top(s).k === 'bid');
      act(st, 0, { type: 'bid', n: 1 });
      act(st, 1, { type: 'bid', n: 0 });
      act(st, 2, { type: 'bid', n: 0 });
      expect(top(st)).toMatchObject({ k: 'receive', seat: 0, step: 0 });
      return { st, free, f1: f1! };
    }
    const { st, free } = crowded('ex39');
    act(st, 0, { type: 'done' }); // no discard
    expect(g.legalActions(st, 0)).toEqual([{ type: 'rune', area: free }]);
    const log: GameEvent[] = [];
    g.apply(st, 0, { type: 'rune', area: free }, log);
    expect(st.rk[free]).toBeGreaterThanOrEqual(0);
    const back = log.find((e) => e.key === 'rw.ev.runeUnplaced')!;
    expect(back.to).toBeUndefined(); // public, its kind with it
    expect(top(st).k).not.toBe('receive');
    // A false rune discarded first frees its area: both tokens are placed.
    const c = crowded('ex39');
    act(c.st, 0, { type: 'discardRune', area: c.f1 });
    act(c.st, 0, { type: 'done' });
    const places = g.legalActions(c.st, 0).map((a) => (a as { area: number }).area);
    expect(places).toEqual(expect.arrayContaining([c.free, c.f1]));
    const l2: GameEvent[] = [];
    g.apply(c.st, 0, { type: 'rune', area: c.free }, l2);
    g.apply(c.st, 0, { type: 'rune', area: c.f1 }, l2);
    expect(c.st.rk[c.free]! >= 0 && c.st.rk[c.f1]! >= 0).toBe(true);
    expect(keys(l2)).not.toContain('rw.ev.runeUnplaced');
  });
});

describe('Season cards that place and destroy (RW-SEASON-03)', () => {
  it('RW-CLIMIT-01: Call to Arms — a triangle unit of his faction at each of his strongholds, while the supply lasts', () => {
    const st = table('arms');
    const tri = p.factions[st.fac[0]!]!.units.find((u) => p.units[u]!.shape === 0)!; // a triangle (pack SHAPES)
    const at = board(st).on.filter((a) => st.sh[a] === 0);
    const n = at.map((a) => st.us[a * p.U + tri]!);
    runCard(st, 'SP3');
    expect(at.map((a) => st.us[a * p.U + tri]!)).toEqual(n.map((x) => x + 1));
    // The supply empty: nothing more comes.
    const on = (u: number) => board(st).on.reduce((k, a) => k + st.us[a * p.U + u]! + st.ur[a * p.U + u]!, 0);
    const spare = p.units[tri]!.figures - on(tri);
    const home = at[0]!;
    st.us[home * p.U + tri]! += spare;
    const log = runCard(st, 'SP3');
    expect(keys(log)).toContain('rw.ev.supplyOut');
    expect(on(tri)).toBe(p.units[tri]!.figures);
  });

  it('RW-SEASON-09, RW-NEUT-14: Wandering Monsters — every area with neutral units gains one of a type already there; where two could come the player left of the first player chooses', () => {
    const st = table('monsters');
    clearBoard(st);
    put(st, '1C', -1, 'beastman', 1);
    put(st, '1C', -1, 'hellhound', 1);
    put(st, '3A', -1, 'razorwing', 2);
    runCard(st, 'SP4', [], (s) => top(s).k === 'wander');
    const by = (st.first + 1) % 3;
    expect(g.prompts(st).map((x) => x.seat)).toEqual([by]);
    expect(g.legalActions(st, by)).toEqual([
      { type: 'neutral', u: unitOf(st, 'beastman') },
      { type: 'neutral', u: unitOf(st, 'hellhound') },
    ]);
    rejects(st, by, { type: 'neutral', u: unitOf(st, 'giant') }, 'RW-SEASON-09', 'wanderType');
    act(st, by, { type: 'neutral', u: unitOf(st, 'hellhound') });
    expect(st.us[areaOf(st, '1C') * p.U + unitOf(st, 'hellhound')]).toBe(2);
    expect(st.us[areaOf(st, '3A') * p.U + unitOf(st, 'razorwing')]).toBe(3);
  });

  it('RW-GEN-08: Plague — the card makes a player destroy his own units (beyond RW-CLIMIT-07): one in every area where he has six or more', () => {
    const st = table('plague');
    clearBoard(st);
    const u = p.units[p.factions[st.fac[0]!]!.units[0]!]!.id;
    put(st, '1C', 0, u, 6);
    put(st, '3A', 0, u, 5);
    const log = runCard(st, 'FA6', [], (s) => top(s).k === 'lose');
    expect(keys(log)).toContain('rw.ev.plague');
    expect(top(st)).toMatchObject({ k: 'lose', seat: 0, what: 1, areas: [areaOf(st, '1C')] });
    act(st, 0, g.defaultAction(st, 0)!);
    expect(st.us[areaOf(st, '1C') * p.U + unitOf(st, u)]).toBe(5);
    expect(st.us[areaOf(st, '3A') * p.U + unitOf(st, u)]).toBe(5);
  });
});

describe('Threatened Home Realms', () => {
  it('RW-SEASON-03, RW-SEASON-05, RW-RUNE-12, RW-DP-11: each player in play order moves a rune token of his home realm to an area of his or nobody’s without one; the token moves as it is', () => {
    const st = table('threat');
    const order = playOrder(st);
    runCard(st, 'SP1', [], (s) => top(s).k === 'runeMove');
    const s0 = (top(st) as { seat: number }).seat;
    expect(s0).toBe(order.find((s) => p.factions[st.fac[s]!]!.home.some((a) => st.rk[a]! >= 0)));
    const moves = g.legalActions(st, s0) as { from: number; to: number }[];
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) {
      expect(p.factions[st.fac[s0]!]!.home).toContain(m.from);
      expect(st.rk[m.to]).toBe(-1);
      expect([s0, -1]).toContain(ctrl(st, m.to));
    }
    const enemy = board(st).on.find((a) => ctrl(st, a) >= 0 && ctrl(st, a) !== s0 && st.rk[a]! < 0)!;
    rejects(st, s0, { type: 'moveRune', from: moves[0]!.from, to: enemy }, 'RW-SEASON-03', 'runeMove');
    const { from, to } = moves[0]!;
    const kind = st.rk[from],
      h = st.rh[from];
    act(st, s0, { type: 'moveRune', from, to });
    expect([st.rk[from], st.rk[to], st.rh[to]]).toEqual([-1, kind, h]);
    expect(checkInvariants(st)).toEqual([]);
  });
});

describe('Season cards that move and place beasts (RW-DP-82, RW-NEUT-14)', () => {
  /** Seat `hi` wins the card's bid (2 against 0). */
  function wins(st: RwState, id: string, hi: number): void {
    runCard(st, id, [], (s) => top(s).k === 'bid');
    for (let s = 0; s < 3; s++) act(st, s, { type: 'bid', n: s === hi ? 2 : 0 });
  }
  const n = (st: RwState, a: string, u: string, routed = false) =>
    (routed ? st.ur : st.us)[areaOf(st, a) * p.U + unitOf(st, u)]!;

  it('RW-DP-82, RW-NEUT-14, RW-NEUT-16: Restless Beasts — the highest bidder moves all neutral units of one area to an adjacent one: allied with whoever controls it, unallied elsewhere, routed ones still routed', () => {
    const st = table('beasts');
    clearBoard(st);
    put(st, '3B', -1, 'sorcerer', 2);
    put(st, '3B', -1, 'sorcerer', 1, true);
    put(st, '3D', 1, 'berserker', 1); // seat 1's area beside 3B
    put(st, '3A', -1, 'razorwing', 7); // beside 3B, full for three more
    wins(st, 'SP6', 2);
    expect(g.prompts(st).map((x) => `${x.seat}:${x.kind}`)).toEqual(['2:rw.beasts.move']);
    const moves = (g.legalActions(st, 2) as { from: number; to: number }[]).map(
      (a) => `${p.areas[a.from]!.id}>${p.areas[a.to]!.id}`,
    );
    expect(moves).toContain('3B>3D');
    // The Razorwings' seven and three Sorcerers would be ten: not offered either way (decision of ours).
    expect(moves).not.toContain('3B>3A');
    expect(moves).not.toContain('3A>3B');
    rejects(
      st,
      2,
      { type: 'moveNeutrals', from: areaOf(st, '3B'), to: areaOf(st, '3A') },
      'RW-DP-82',
      'beastsMove',
    );
    // RW-DP-89 (DP-82): the first legal move in canonical order.
    const first = g.legalActions(st, 2)[0]!;
    expect(g.defaultAction(st, 2)).toEqual(first);
    const log: GameEvent[] = [];
    expect(
      g.apply(st, 2, { type: 'moveNeutrals', from: areaOf(st, '3B'), to: areaOf(st, '3D') }, log).ok,
    ).toBe(true);
    expect(keys(log)).toContain('rw.ev.beastsMoved');
    // Into seat 1's area: his allies now (RW-NEUT-14), the routed one still routed (RW-NEUT-16).
    expect(n(st, '3D', 'sorcerer')).toBe(2);
    expect(n(st, '3D', 'sorcerer', true)).toBe(1);
    expect(st.own[areaOf(st, '3D')]).toBe(1);
    expect(n(st, '3B', 'sorcerer') + n(st, '3B', 'sorcerer', true)).toBe(0);
    expect(top(st).k).toBe('orders');
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-NEUT-14: Restless Beasts — allies moved out of their ally’s area into an empty one are no longer allied; his area keeps his own units', () => {
    const st = table('beasts2');
    clearBoard(st);
    put(st, '3D', 1, 'berserker', 1);
    put(st, '3D', -1, 'sorcerer', 2);
    st.own[areaOf(st, '3D')] = 1; // allied with seat 1
    wins(st, 'SP6', 0);
    act(st, 0, { type: 'moveNeutrals', from: areaOf(st, '3D'), to: areaOf(st, '3C') });
    expect(n(st, '3C', 'sorcerer')).toBe(2);
    expect(st.own[areaOf(st, '3C')]).toBe(-1); // unallied in an uncontrolled area
    expect(st.own[areaOf(st, '3D')]).toBe(1);
    expect(n(st, '3D', 'berserker')).toBe(1);
  });

  it('RW-DP-82, RW-NEUT-14, RW-CLIMIT-01: Gathering of Beasts — the highest bidder places up to two neutral triangle units from the supply in areas he controls, allied; by default none', () => {
    const st = table('gather');
    clearBoard(st);
    put(st, '3D', 1, 'berserker', 7);
    put(st, '3C', 1, 'berserker', 8);
    wins(st, 'FA4', 1);
    expect(g.prompts(st).map((x) => `${x.seat}:${x.kind}`)).toEqual(['1:rw.beasts.gather']);
    expect(g.defaultAction(st, 1)).toEqual({ type: 'done' }); // RW-DP-88: "up to" — nothing by default
    const legal = g.legalActions(st, 1) as RwAction[];
    const tri = p.neutralCanon.filter((u) => p.units[u]!.shape === 0);
    // Only triangle neutrals; only areas of his with room (3C is full at 8).
    for (const a of legal)
      if (a.type === 'gather') {
        expect(tri).toContain(a.u);
        expect(ctrl(st, a.area)).toBe(1);
        expect(a.area).not.toBe(areaOf(st, '3C'));
      }
    const u = tri[0]!;
    rejects(st, 1, { type: 'gather', area: areaOf(st, '3C'), u }, 'RW-DP-82', 'gather');
    rejects(st, 0, { type: 'gather', area: areaOf(st, '3D'), u }, 'RW-DP-82');
    act(st, 1, { type: 'gather', area: areaOf(st, '3D'), u });
    expect(st.us[areaOf(st, '3D') * p.U + u]).toBe(1);
    expect(st.own[areaOf(st, '3D')]).toBe(1);
    // 3D is now at 8: the second goes elsewhere, then the card is done by itself.
    expect(
      (g.legalActions(st, 1) as RwAction[]).some((a) => a.type === 'gather' && a.area === areaOf(st, '3D')),
    ).toBe(false);
    const next = (g.legalActions(st, 1) as RwAction[]).find((a) => a.type === 'gather')!;
    act(st, 1, next);
    expect(top(st).k).toBe('orders');
    expect(checkInvariants(st)).toEqual([]);
  });
});

describe('Season cards that give an Order (RW-SEASON-05)', () => {
  it('RW-SEASON-05, RW-DP-11: Frozen Lakes — each player in play order may redeploy as by Strategize (no Supremacy)', () => {
    const st = table('lakes');
    const order = playOrder(st);
    const log = runCard(st, 'WI4', [], (s) => top(s).k === 'strat');
    expect(keys(log)).toContain('rw.ev.seasonOrder');
    const seen: number[] = [];
    for (let i = 0; i < 10 && top(st).k === 'strat'; i++) {
      const s = (top(st) as { seat: number }).seat;
      seen.push(s);
      act(st, s, { type: 'commit' });
    }
    expect(seen).toEqual(order);
    expect(top(st).k).toBe('orders');
  });

  it('RW-BID-04, RW-DP-82: Mercenaries — the highest bidder recruits from one dial (Recruit’s primary)', () => {
    const st = table('mercs');
    runCard(st, 'WI7', [], (s) => top(s).k === 'bid');
    act(st, 0, { type: 'bid', n: 0 });
    act(st, 1, { type: 'bid', n: 2 });
    act(st, 2, { type: 'bid', n: 1 });
    expect(top(st)).toMatchObject({ k: 'recruit', seat: 1, sup: 0 });
  });
});

describe('Objectives (RW-OBJ-*)', () => {
  it('RW-OBJ-01, RW-OBJ-02: each player holds one Objective of his faction’s alignment deck, secret', () => {
    const st = scenarioGame(three, 'obj');
    for (let s = 0; s < 3; s++) {
      const o = st.p[s]!.obj;
      expect(o).toBeGreaterThanOrEqual(0);
      expect(p.objectives[o]!.good).toBe(p.factions[st.fac[s]!]!.good);
      expect(g.view(st, (s + 1) % 3).players[s]!.obj).toBe(-2);
    }
  });

  /** Makes seat 0 meet objective `o` on a cleared board (the condition read from the data). */
  function meet(st: RwState, o: number): void {
    const w = p.objectives[o]!.when as { count: number; atLeast: number; units: string[] };
    const fu = p.units[p.factions[st.fac[0]!]!.units[0]!]!.id;
    const areas = board(st).on.filter((a) => st.home[a]! < 0 && st.city[a]! < 0);
    const id = (a: number) => p.areas[a]!.id;
    switch (w.count) {
      case 0:
      case 3:
        for (let i = 0; i < 10; i++) put(st, id(areas[i]!), 0, fu, 2);
        break;
      case 1:
        for (const a of board(st)
          .on.filter((x) => st.city[x]! >= 0)
          .slice(0, w.atLeast))
          put(st, id(a), 0, fu, 1);
        break;
      case 2:
        for (let i = 0; i < w.atLeast; i++) {
          put(st, id(areas[i]!), 0, fu, 1);
          stronghold(st, id(areas[i]!), 0);
        }
        break;
      case 4:
        st.p[0]!.inf = w.atLeast;
        break;
      case 5:
      case 6:
      case 7: {
        const kinds = w.units.length ? w.units : ['beastman', 'hellhound'];
        put(st, id(areas[0]!), 0, fu, 1);
        for (const k of kinds) put(st, id(areas[0]!), 0, k, 2);
        break;
      }
      case 8:
        for (let i = 0, k = 0; k < w.atLeast; i++)
          if (st.rk[areas[i]!]! >= 0) {
            put(st, id(areas[i]!), 0, fu, 1);
            k++;
          }
        break;
      case 9: {
        const home = p.factions[st.fac[0]!]!.home;
        for (const h of home)
          for (const a of board(st).adj[h]!) if (!home.includes(a)) put(st, id(a), 0, fu, 1);
        break;
      }
      case 12:
      case 13:
      case 14:
      case 15: {
        // "This turn" (turn-record.ts; played battles and diplomacy in turn-record.test.ts): his turn's record.
        const kinds = p.neutrals.map((u) => p.units[u]!.id);
        const tk = w.units.reduce((m, id) => m | (1 << kinds.indexOf(id)), 0);
        st.stack.push({ k: 'turn', seat: 0, step: 4, bat: 0, tg: w.atLeast, tn: w.atLeast, tk, tw: 1 });
        break;
      }
      case 10: {
        // heroes: his own until he has atLeast (the game has heroes on)
        const hs = st.hero!;
        for (let h = 0; h < hs.ctl.length && hs.ctl.filter((c) => c === 0).length < w.atLeast; h++)
          if (hs.ctl[h]! < 0 && hs.deck.includes(h)) {
            hs.deck.splice(hs.deck.indexOf(h), 1);
            hs.ctl[h] = 0;
            hs.at[h] = areas[0]!;
          }
        break;
      }
    }
  }

  for (const [o, c] of p.objectives.entries()) {
    it(`RW-OBJ-05, RW-OBJ-02: ${c.id} ${c.name.en} — its condition from the data`, () => {
      // Every condition is played: none waits (`later`) any more.
      expect('later' in c.when, `${c.id} waits`).toBe(false);
      if ('later' in c.when) return;
      const heroes = c.when.count >= 10 ? { heroes: 'on' } : {};
      const st = scenarioGame(c.good ? ['latari', 'uthuk'] : ['uthuk', 'latari'], `obj-${c.id}`, heroes);
      if (st.hero) for (let h = 0; h < st.hero.ctl.length; h++) if (st.hero.ctl[h] === 0) st.hero.ctl[h] = 1;
      clearBoard(st);
      st.p[0]!.inf = 0;
      if (c.when.count !== 9) expect(objectiveMet(st, 0, o)).toBe(false);
      meet(st, o);
      expect(objectiveMet(st, 0, o), `${c.id}: ${objectiveCount(st, 0, o)}`).toBe(true);
    });
  }

  it('RW-OBJ-03, RW-OBJ-04, RW-OBJ-05, RW-DP-11: at the end of his turn he may claim a met Objective: revealed, never replaced, a dragon rune received', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'claim');
    const o = p.objectives.findIndex((x) => x.id === 'G2');
    st.p[0]!.obj = o;
    st.p[0]!.inf = 12;
    // Both choose Acquire Power; seat 0 (more influence) plays first; his turn ends with the question.
    act(st, 0, { type: 'order', n: 7 });
    act(st, 1, { type: 'order', n: 7 });
    for (let i = 0; i < 50 && top(st).k !== 'objective'; i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(top(st)).toMatchObject({ k: 'objective', seat: 0 });
    expect(g.defaultAction(st, 0)).toEqual({ type: 'objective', claim: false });
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'objective', claim: true });
    const log: GameEvent[] = [];
    g.apply(st, 0, { type: 'objective', claim: true } as RwAction, log);
    expect(log[0]).toMatchObject({ key: 'rw.ev.objectiveClaimed', params: { seat: 0, objective: o } });
    expect(st.p[0]!.obj).toBe(-1);
    expect(top(st)).toMatchObject({ k: 'receive', seat: 0 });
    // Never replaced (RW-OBJ-04): no Objective is asked of him again.
    while (top(st).k === 'receive') act(st, 0, g.defaultAction(st, 0)!);
    expect(st.p[0]!.obj).toBe(-1);
  });

  it('RW-OBJ-05: an Objective whose condition is not met cannot be claimed', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'claim2');
    st.p[0]!.obj = p.objectives.findIndex((x) => x.id === 'G2');
    st.p[0]!.inf = 0;
    st.stack.push({ k: 'objective', seat: 0 });
    expect(g.legalActions(st, 0)).toEqual([{ type: 'objective', claim: false }]);
    rejects(st, 0, { type: 'objective', claim: true }, 'RW-OBJ-05', 'objectiveNotMet');
  });
});
