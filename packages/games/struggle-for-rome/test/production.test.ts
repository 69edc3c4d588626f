/**
 * Phase 1: the wind rose (SFR-ROSE), production (SFR-PROD), shortages (SFR-SHORT), the pasture deck
 * (SFR-PAST) and the legionnaire (SFR-LEG). Production scenarios start at `{ production: true }` with
 * forced dice (two per roll) and a stacked pasture deck.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { canSee, randInt } from '@tabula/engine';
import { DEFAULT_RT, scenario, struggleForRome as game } from '@tabula/struggle-for-rome';
import type { SfrAction, SfrState } from '@tabula/struggle-for-rome';
import { ok } from './helpers.js';

const R = DEFAULT_RT;
const snap = (st: SfrState) => JSON.stringify(st);
const hex = (id: string) => R.hexIdx.get(id)!;
const cards = (st: SfrState, s: number) => st.p[s]!.res.reduce((a, b) => a + b, 0);

const rejected = (st: SfrState, seat: number, a: SfrAction, rule?: string) => {
  const before = snap(st);
  const r = game.apply(st, seat, a);
  expect(r.ok).toBe(false);
  if (!r.ok && rule) expect(r.error.rule).toBe(rule);
  expect(snap(st)).toBe(before);
};

/** Dice for the given sums, two per roll. */
const dice = (...sums: number[]) => sums.flatMap((s) => [Math.min(6, s - 1), s - Math.min(6, s - 1)]);

/** Applies the timeout default of the first prompted seat until `until(st)` holds. */
function drive(st: SfrState, until: (st: SfrState) => boolean, log?: GameEvent[]): void {
  for (let i = 0; i < 500 && !until(st); i++) {
    const p = game.prompts(st)[0]!;
    ok(st, p.seat, game.defaultAction(st, p.seat)!, log);
  }
  expect(until(st)).toBe(true);
}

// The start node n015 touches h0012 (fields 9), h0112 (mountains 5) and h0013 (pasture 6), all beyond
// the limes. n064 touches h0211 (pasture 12), h0310 (pasture 5) and h0311 (fields 8).

/* ------------------------------------------------------------------ wind rose */

describe('wind rose (SFR-ROSE)', () => {
  it('SFR-ROSE-1: every phase 1 starts with an empty rose', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        dice: [...dice(9, 5, 2, 12), ...dice(9, 10, 3, 11)],
        at: { production: true },
        options: { roundLimit: 0 },
      },
      log,
    );
    expect(st.rose).toEqual([9, 5, 2, 12]);
    drive(st, (s) => s.round === 2 && s.phase === 2, log);
    // 9 was marked last round, yet it is marked (and produces) again.
    expect(st.rose).toEqual([9, 10, 3, 11]);
    expect(st.rolls.length).toBe(4);
    expect(log.some((e) => e.key === 'sfr.ev.rollIgnored')).toBe(false);
    for (let s = 0; s < 4; s++) expect(st.p[s]!.res[0]).toBe(2);
    const rounds = log.filter((e) => e.key === 'sfr.ev.round');
    expect(rounds.length).toBe(2);
    expect(rounds[1]!.rules).toContain('SFR-ROSE-1');
  });

  it('SFR-ROSE-2: a sum already marked in this phase has no effect and is rolled again', () => {
    const log: GameEvent[] = [];
    const st = scenario({ players: 4, dice: [4, 5, 5, 4, ...dice(5, 2, 12)], at: { production: true } }, log);
    expect(st.rolls).toEqual([
      [4, 5],
      [5, 4],
      [4, 1],
      [1, 1],
      [6, 6],
    ]);
    expect(st.rose).toEqual([9, 5, 2, 12]);
    const ign = log.filter((e) => e.key === 'sfr.ev.rollIgnored');
    expect(ign.map((e) => e.params!.sum)).toEqual([9]);
    expect(ign[0]!.rules).toContain('SFR-ROSE-2');
    // The second 9 gave nothing: one grain each from h0012.
    for (let s = 0; s < 4; s++) expect(st.p[s]!.res[0]).toBe(1);
    expect(st.grain).toBe(9);
  });

  it('SFR-ROSE-3: a new sum is marked and resolved at once — production, or the legionnaire on a 7', () => {
    const log: GameEvent[] = [];
    const st = scenario({ players: 4, dice: [...dice(9, 7, 5, 2)], at: { production: true } }, log);
    const keys = log.map((e) => e.key);
    const r1 = keys.indexOf('sfr.ev.roll');
    const r2 = keys.indexOf('sfr.ev.roll', r1 + 1);
    const prod = keys.indexOf('sfr.ev.produced');
    expect(r1 < prod && prod < r2).toBe(true);
    // The 7 stops the rolling for the legionnaire decision: the next dice are still unrolled.
    expect(st.rose).toEqual([9, 7]);
    expect(st.forced).toEqual(dice(5, 2));
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'sfr.legion' })]);
    ok(st, 0, { type: 'stay' });
    expect(st.rose).toEqual([9, 7, 5, 2]);
    expect(st.p[0]!.res).toEqual([1, 1, 0, 0]);
  });

  it('SFR-ROSE-4: phase 1 resolves exactly 4 different sums, at most one of them a 7', () => {
    const st = scenario({
      players: 4,
      dice: [3, 4, 4, 3, 5, 2, ...dice(2, 4, 2, 6, 10)],
      at: { production: true },
    });
    ok(st, 0, { type: 'stay' });
    expect(st.rose).toEqual([7, 2, 4, 6]);
    expect(st.rolls.length).toBe(7);
    expect(st.forced).toEqual(dice(10));
    expect(st.phase).toBe(2);
    // With the generator: always 4 distinct sums, at most one 7.
    for (let i = 0; i < 60; i++) {
      const r = game.setup(
        { tieBreak: 'goldAmongQualified', roundLimit: 0, tradeInputLimit: 30 },
        4,
        `rose-${i}`,
      );
      if (!r.ok) throw new Error(r.error.message);
      drive(r.value, (s) => s.phase === 2);
      expect(new Set(r.value.rose).size).toBe(4);
      expect(r.value.rose.filter((x) => x === 7).length).toBeLessThanOrEqual(1);
    }
  });

  it('SFR-ROSE-5: rolls resolve one after another — an early 7 blocks its hex for later sums', () => {
    const seats = [{}, { horsemen: { node: 'n064' }, warriors: { node: 'n064' } }];
    // 7 first: the legionnaire goes to h0311, then the 8 gives seat 1 nothing.
    const a = scenario({ players: 4, seats, dice: dice(7, 8, 2, 12), at: { production: true } });
    ok(a, 0, { type: 'legion', hex: 'h0311' });
    ok(a, 0, { type: 'robNone' });
    expect(a.rose).toEqual([7, 8, 2, 12]);
    expect(a.p[1]!.res[0]).toBe(0);
    // 8 first: it produces before the 7 moves the legionnaire there.
    const b = scenario({ players: 4, seats, dice: dice(8, 7, 2, 12), at: { production: true } });
    ok(b, 0, { type: 'legion', hex: 'h0311' });
    ok(b, 0, { type: 'robNone' });
    expect(b.p[1]!.res[0]).toBe(1);
  });
});

/* ------------------------------------------------------------------ production */

describe('production (SFR-PROD)', () => {
  it('SFR-PROD-1: every hex with the rolled number produces, except the legionnaire’s', () => {
    const st = scenario({
      players: 4,
      seats: [{}, { horsemen: { node: 'n064' }, warriors: { node: 'n064' } }],
      legion: 'h0311',
      dice: dice(8, 5, 12, 2),
      pastureDeck: ['horses', 'cattle'],
      at: { production: true },
    });
    expect(st.rose).toEqual([8, 5, 12, 2]);
    // Grain from h0311 (8) blocked; pasture from h0310 (5) and h0211 (12).
    expect(st.p[1]!.res).toEqual([0, 0, 1, 1]);
    // Seats on the start node got ore from h0112 (5) only.
    for (const s of [0, 2, 3]) expect(st.p[s]!.res).toEqual([0, 1, 0, 0]);
  });

  it('SFR-PROD-2: one card per producing hex to each player with a figure there, however many', () => {
    // Seat 0 has both markers on the start node; seat 1 holds Verona + Mediolanum with army figures on
    // Mediolanum, both corners of h0410 (mountains 3).
    const st = scenario({
      players: 4,
      seats: [{}, { horsemen: { node: 'n064' }, warriors: { kingdom: ['verona', 'mediolanum'], army: 2 } }],
      dice: dice(9, 3, 10, 4),
      at: { production: true },
    });
    expect(R.hexes[hex('h0410')]!.num).toBe(3);
    expect(st.p[0]!.res).toEqual([1, 0, 0, 0]);
    // Ore once from h0410 (3) for both cities; grain from h0509 (9) next to Mediolanum.
    expect(st.p[1]!.res).toEqual([1, 1, 0, 0]);
    for (const s of [2, 3]) expect(st.p[s]!.res).toEqual([1, 0, 0, 0]);
  });

  it('SFR-PROD-3: fields give grain, mountains ore from the stacks, pasture the top pasture card seen by the receiver alone', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        dice: dice(9, 5, 6, 2),
        pastureDeck: ['cattle', 'horses', 'horses', 'cattle'],
        at: { production: true },
      },
      log,
    );
    expect([st.grain, st.ore]).toEqual([9, 9]);
    expect(st.p.map((p) => p.res)).toEqual([
      [1, 1, 0, 1],
      [1, 1, 1, 0],
      [1, 1, 1, 0],
      [1, 1, 0, 1],
    ]);
    const drawn = log.filter((e) => e.key === 'sfr.ev.pastureDrawn');
    expect(drawn.length).toBe(4);
    for (const e of drawn) {
      const s = e.params!.seat as number;
      for (let v = -1; v < 4; v++) expect(canSee(e, v)).toBe(v === s);
    }
    const hidden = log.filter((e) => e.key === 'sfr.ev.pastureHidden');
    for (const e of hidden) {
      expect(e.params).not.toHaveProperty('kind');
      expect(canSee(e, e.params!.seat as number)).toBe(false);
      expect(canSee(e, -1)).toBe(true);
    }
    // Others see only the card count.
    expect(game.view(st, 1).players[0]!.res).toBeUndefined();
    expect(game.view(st, 1).players[0]!.cards).toBe(3);
  });

  it('SFR-PROD-4: hexes beyond the limes produce; neutral III wagons produce nothing', () => {
    expect(R.nodes[R.start]!.hexes.every((h) => R.hexes[h]!.beyond)).toBe(true);
    const beyond = scenario({ players: 3, dice: dice(9, 5, 2, 12), at: { production: true } });
    for (let s = 0; s < 3; s++) expect(beyond.p[s]!.res).toEqual([1, 1, 0, 0]);
    // Augusta Vindelicorum (III) touches h0311 (fields 8); with 3 players its wagon yields nothing.
    const three = scenario({ players: 3, dice: dice(8, 2, 12, 10), at: { production: true } });
    expect(three.p.map((_, s) => cards(three, s))).toEqual([0, 0, 0]);
    expect([three.grain, three.ore, three.pdeck.length]).toEqual([13, 13, 20]);
    // With 4 players the same city in a kingdom does produce.
    const four = scenario({
      players: 4,
      seats: [{ warriors: { kingdom: ['augusta-vindelicorum'] } }],
      dice: dice(8, 2, 12, 10),
      at: { production: true },
    });
    expect(four.p[0]!.res[0]).toBe(1);
  });

  it('SFR-PROD-5: cards are dealt player by player from the start player, then hex by hex in ascending id', () => {
    const st = scenario({
      players: 4,
      start: 2,
      dice: dice(6, 2, 12, 10),
      pastureDeck: ['horses', 'cattle', 'cattle', 'horses'],
      at: { production: true },
    });
    // Seats 2, 3, 0, 1 drew the top four in that order.
    expect(st.p.map((p) => [p.res[2], p.res[3]])).toEqual([
      [0, 1],
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    // Per player by hex id: the supply runs out in the middle of the last player's cards (see SFR-SHORT-3);
    // the horsemen stand on h0705 (n156), the warriors on h0411 (n086): h0411 is dealt first.
    const log: GameEvent[] = [];
    const o = oreShortage(log);
    const lost = log.filter((e) => e.key === 'sfr.ev.lost');
    expect(lost.map((e) => e.params)).toEqual([{ seat: 0, kind: 'ore', hex: 'h0705' }]);
    expect(o.p.map((p) => p.res[1])).toEqual([6, 3, 2, 2]);
  });

  it('SFR-PROD-6: no hand limit and no discard on a 7', () => {
    const st = scenario({
      players: 4,
      seats: [{}, { grain: 8, ore: 8, horses: 5, cattle: 5 }],
      dice: dice(7, 9, 5, 2),
      at: { production: true },
    });
    expect(cards(st, 1)).toBe(26);
    ok(st, 0, { type: 'stay' });
    expect(st.rose).toEqual([7, 9, 5, 2]);
    expect(cards(st, 1)).toBe(28);
    expect(st.p[1]!.res).toEqual([9, 9, 5, 5]);
  });
});

/**
 * 4 players, start 1; every seat's horsemen on n156 (h0705, mountains 2) and warriors on n086 (h0411,
 * mountains 2). Seat 0 holds 10 ore, seat 1 holds 3, the stack is empty; a 2 owes 8 ore.
 */
function oreShortage(log?: GameEvent[]): SfrState {
  const tribe = { horsemen: { node: 'n156' }, warriors: { node: 'n086' } };
  return scenario(
    {
      players: 4,
      start: 1,
      seats: [{ ore: 10, ...tribe }, { ore: 3, ...tribe }, { ...tribe }, { ...tribe }],
      dice: dice(2, 9, 10, 12),
      at: { production: true },
    },
    log,
  );
}

/* ------------------------------------------------------------------ shortage */

describe('shortage of resource cards (SFR-SHORT)', () => {
  it('SFR-SHORT-1: owed cards are counted before dealing; pasture available = deck + discard pile', () => {
    // The deck holds 1 card, the discard pile 17: 4 owed pasture cards are no shortage.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{ horses: 1 }, { cattle: 1 }],
        pastureDeckSize: 1,
        dice: dice(6, 2, 12, 10),
        at: { production: true },
      },
      log,
    );
    expect(log.some((e) => e.key === 'sfr.ev.shortage')).toBe(false);
    expect(st.p.map((p) => p.res[2]! + p.res[3]!)).toEqual([2, 2, 1, 1]);
    // Grain: 4 owed with 3 in the stack is a shortage, counted before any card moves.
    const g = scenario(
      { players: 4, seats: [{ grain: 6 }, { grain: 4 }], dice: dice(9, 2, 12, 10), at: { production: true } },
      log,
    );
    const ev = log.find((e) => e.key === 'sfr.ev.shortage')!;
    expect(ev.params).toEqual(expect.objectContaining({ kind: 'grain', owed: 4, stack: 3 }));
    expect(g.p.map((p) => p.res[0])).toEqual([4, 3, 1, 1]);
  });

  it('SFR-SHORT-2: on a shortage every holder of that kind returns half, rounded up, to the supply', () => {
    // The rulebook example: holdings 5, 1, 2 (+5) with an empty stack; a 9 owes 4 grain.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{ grain: 5 }, { grain: 1 }, { grain: 2 }, { grain: 5 }],
        dice: dice(9, 2, 12, 10),
        at: { production: true },
      },
      log,
    );
    const ev = log.find((e) => e.key === 'sfr.ev.shortage')!;
    expect(ev.params!.returned).toEqual([3, 1, 1, 3]);
    expect(ev.rules).toContain('SFR-SHORT-2');
    expect(st.p.map((p) => p.res[0])).toEqual([3, 1, 2, 3]);
    expect(st.grain).toBe(4);
    // Players without the kind return nothing; the other kinds are untouched.
    const o = scenario(
      {
        players: 4,
        seats: [{ ore: 12, grain: 3 }, {}],
        dice: dice(5, 2, 12, 10),
        at: { production: true },
      },
      log,
    );
    expect(o.p.map((p) => p.res[1])).toEqual([7, 1, 1, 1]);
    expect(o.p[0]!.res[0]).toBe(3);
    expect(o.ore).toBe(3);
  });

  it('SFR-SHORT-3: after the returns the sum is dealt in order until the supply runs out; the rest is lost', () => {
    const log: GameEvent[] = [];
    const st = oreShortage(log);
    const ev = log.find((e) => e.key === 'sfr.ev.shortage')!;
    // Returns in turn order from the start player (1, 2, 3, 0): 3 → 2, 10 → 5.
    expect(ev.params).toEqual(
      expect.objectContaining({ kind: 'ore', owed: 8, stack: 0, returned: [2, 0, 0, 5] }),
    );
    // 7 cards for 8 owed: seats 1, 2, 3 get two, seat 0 (last) one; the rest is lost.
    expect(st.p.map((p) => p.res[1])).toEqual([6, 3, 2, 2]);
    expect(st.ore).toBe(0);
    const lost = log.filter((e) => e.key === 'sfr.ev.lost');
    expect(lost.length).toBe(1);
    expect(lost[0]!.rules).toContain('SFR-SHORT-3');
  });

  it('SFR-SHORT-4: pasture counts horses + cattle; each holder chooses the cards to return (default cattle first)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{}, { horses: 10, cattle: 8 }, {}, { cattle: 1 }],
        pastureDeck: ['cattle'],
        dice: dice(6, 2, 12, 10),
        at: { production: true },
      },
      log,
    );
    const ev = log.find((e) => e.key === 'sfr.ev.shortage')!;
    expect(ev.params).toEqual(
      expect.objectContaining({ kind: 'pasture', owed: 4, stack: 1, need: [0, 9, 0, 1] }),
    );
    expect(game.prompts(st)).toEqual([
      expect.objectContaining({ seat: 1, kind: 'sfr.shortage', args: { need: 9 } }),
    ]);
    expect(game.defaultAction(st, 1)).toEqual({ type: 'returnPasture', horses: 1, cattle: 8 });
    const legal = game.legalActions(st, 1);
    expect(legal.length).toBe(9);
    expect(legal).toContainEqual({ type: 'returnPasture', horses: 9, cattle: 0 });
    rejected(st, 1, { type: 'returnPasture', horses: 4, cattle: 4 }, 'SFR-SHORT-2');
    rejected(st, 1, { type: 'returnPasture', horses: 0, cattle: 9 }, 'SFR-SHORT-4');
    rejected(st, 3, { type: 'returnPasture', horses: 0, cattle: 1 }, 'SFR-ROUND-5');
    ok(st, 1, { type: 'returnPasture', horses: 4, cattle: 5 }, log);
    expect(st.p[1]!.res).toEqual([0, 0, 6, 3]);
    expect(st.pdis).toEqual([4, 5]);
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 3, kind: 'sfr.shortage' })]);
    ok(st, 3, game.defaultAction(st, 3)!, log);
    // Then the 6 is dealt: seat 0 draws the deck's last card, the others from the reshuffled returns.
    expect(st.p[0]!.res).toEqual([0, 0, 0, 1]);
    expect(st.p.map((p) => p.res[2]! + p.res[3]!)).toEqual([1, 10, 1, 1]);
    expect(st.rose).toEqual([6, 2, 12, 10]);
  });
});

/* ------------------------------------------------------------------ pasture deck */

describe('pasture deck (SFR-PAST)', () => {
  it('SFR-PAST-1: horses and cattle paid go face up onto the discard pile, not into the deck', () => {
    const st = scenario({
      players: 4,
      seats: [{ gold: 5, ore: 1, horses: 4, cattle: 1 }],
      at: { phase: 2, seat: 0 },
    });
    const deck = st.pdeck.slice();
    ok(st, 0, { type: 'buyDev' });
    expect(st.pdis).toEqual([0, 1]);
    ok(st, 0, { type: 'buyPair' });
    expect(st.pdis).toEqual([1, 1]);
    ok(st, 0, { type: 'bank', give: 'horses', get: 'grain' });
    expect(st.pdis).toEqual([4, 1]);
    expect(st.pdeck).toEqual(deck);
    expect(game.view(st, 2).pdis).toEqual([4, 1]);
  });

  it('SFR-PAST-2: only a draw from an empty deck reshuffles the discard pile into a new deck', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{ gold: 5, horses: 3, cattle: 1 }],
        pastureDeckSize: 0,
        at: { phase: 2, seat: 0 },
      },
      log,
    );
    expect(st.pdeck.length).toBe(0);
    expect(st.pdis[0]! + st.pdis[1]!).toBe(16);
    // Paying a cattle card does not refill the deck.
    ok(st, 0, { type: 'buyDev' }, log);
    expect(st.pdeck.length).toBe(0);
    expect(st.pdis[0]! + st.pdis[1]!).toBe(17);
    // Drawing does: the 3 horses paid join the pile first, then the pile becomes the deck.
    ok(st, 0, { type: 'bank', give: 'horses', get: 'pasture' }, log);
    expect(st.pdis).toEqual([0, 0]);
    expect(st.pdeck.length).toBe(19);
    const ev = log.filter((e) => e.key === 'sfr.ev.pastureReshuffle');
    expect(ev.length).toBe(1);
    expect(ev[0]!.params).toEqual({ cards: 20 });
    expect(ev[0]!.rules).toContain('SFR-PAST-2');
  });

  it('SFR-PAST-3: grain and ore paid return to their open stacks at once', () => {
    const st = scenario({
      players: 4,
      seats: [{ grain: 4, ore: 1, horses: 2, cattle: 1 }],
      at: { phase: 2, seat: 0 },
    });
    expect([st.grain, st.ore]).toEqual([9, 12]);
    ok(st, 0, { type: 'bank', give: 'grain', get: 'ore' });
    expect([st.grain, st.ore]).toEqual([12, 11]);
    ok(st, 0, { type: 'buyPair' });
    expect(st.ore).toBe(12);
    ok(st, 0, { type: 'buyWagon', box: 'warriors' });
    expect(st.grain).toBe(13);
    expect(game.view(st, 1).grain).toBe(13);
  });

  it('SFR-PAST-4: with deck and discard pile both empty a pasture draw yields nothing', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{ horses: 10, horsemen: { node: 'n042', army: 2 } }, { cattle: 10 }],
        tokens: { 'castra-regina': 'GER-1' },
        at: { phase: 3, seat: 0 },
      },
      log,
    );
    expect(st.pdeck.length + st.pdis[0]! + st.pdis[1]!).toBe(0);
    expect(game.legalActions(st, 0)).not.toContainEqual({ type: 'rest', take: 'pasture' });
    rejected(st, 0, { type: 'rest', take: 'pasture' }, 'SFR-REST-2');
    // GER-1 draws a pasture card: nothing comes.
    ok(st, 0, { type: 'plunder', city: 'castra-regina' }, log);
    expect(st.p[0]!.res).toEqual([0, 0, 10, 0]);
    expect(log.find((e) => e.key === 'sfr.ev.pastureEmpty')!.rules).toContain('SFR-PAST-4');
  });
});

/* ------------------------------------------------------------------ legionnaire */

describe('the legionnaire (SFR-LEG)', () => {
  it('SFR-LEG-1: on a 7 the start player may move the legionnaire, or leave it and nothing happens', () => {
    const st = scenario({
      players: 4,
      start: 1,
      seats: [{ grain: 2 }, {}, { ore: 1 }],
      dice: dice(7, 2, 12, 10),
      at: { production: true },
    });
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'sfr.legion' })]);
    expect(game.defaultAction(st, 1)).toEqual({ type: 'stay' });
    rejected(st, 1, { type: 'legion', hex: 'h0901' }, 'SFR-LEG-1');
    const hands = st.p.map((p) => p.res.slice());
    const gold = st.p.map((p) => p.gold);
    const log: GameEvent[] = [];
    ok(st, 1, { type: 'stay' }, log);
    expect(R.hexes[st.legion]!.id).toBe('h0901');
    expect(st.p.map((p) => p.res)).toEqual(hands);
    expect(st.p.map((p) => p.gold)).toEqual(gold);
    expect(log.some((e) => e.key.startsWith('sfr.ev.robbed'))).toBe(false);
    expect(st.phase).toBe(2);
  });

  it('SFR-LEG-2: any land hex of any terrain may take the legionnaire, forests included', () => {
    const st = scenario({ players: 4, dice: dice(7, 2, 12, 10), at: { production: true } });
    const hexes = game.legalActions(st, 0).flatMap((a) => (a.type === 'legion' ? [a.hex] : []));
    expect(hexes.length).toBe(R.roman.length - 1);
    const terrains = new Set(hexes.map((h) => R.hexes[hex(h)]!.res));
    expect(terrains).toEqual(new Set([-1, 0, 1, 2]));
    rejected(st, 0, { type: 'legion', hex: 'h9999' }, 'SFR-LEG-2');
    ok(st, 0, { type: 'legion', hex: 'h0700' });
    expect(R.hexes[st.legion]!.id).toBe('h0700');
    expect(R.hexes[st.legion]!.res).toBe(-1);
  });

  it('SFR-LEG-3: the legionnaire never goes beyond the limes', () => {
    const st = scenario({ players: 4, dice: dice(7, 2, 12, 10), at: { production: true } });
    const hexes = new Set(game.legalActions(st, 0).flatMap((a) => (a.type === 'legion' ? [a.hex] : [])));
    for (const h of R.hexes) expect(hexes.has(h.id)).toBe(!h.beyond && h.id !== 'h0901');
    for (const h of R.hexes.filter((x) => x.beyond))
      rejected(st, 0, { type: 'legion', hex: h.id }, 'SFR-LEG-3');
    expect(() => scenario({ players: 4, legion: 'h0012', at: { phase: 2, seat: 0 } })).toThrow(/legionnaire/);
  });

  it('SFR-LEG-4: the mover may rob one opponent with a figure on the new hex of one random resource card', () => {
    // h0311's crossroads: n065 (seat 0, the mover), n064 (seat 1), n086 (seat 2); seat 3 on n156.
    // The later sums 3, 4, 6 touch none of these nodes.
    const at = (node: string) => ({ horsemen: { node }, warriors: { node } });
    const mk = () =>
      scenario({
        players: 4,
        seats: [
          { ...at('n065') },
          { grain: 2, ore: 1, ...at('n064') },
          { cattle: 1, ...at('n086') },
          { grain: 3, ...at('n156') },
        ],
        dice: dice(7, 3, 4, 6),
        at: { production: true },
      });
    const st = mk();
    ok(st, 0, { type: 'legion', hex: 'h0311' });
    expect(game.prompts(st)).toEqual([
      expect.objectContaining({ seat: 0, kind: 'sfr.rob', args: { targets: [1, 2] } }),
    ]);
    expect(game.legalActions(st, 0)).toEqual([
      { type: 'rob', seat: 1 },
      { type: 'rob', seat: 2 },
      { type: 'robNone' },
    ]);
    rejected(st, 0, { type: 'rob', seat: 3 }, 'SFR-LEG-4');
    rejected(st, 0, { type: 'rob', seat: 0 }, 'SFR-LEG-4');
    // The card is drawn uniformly from the victim's 3 cards by the game's generator.
    const rng = st.rng.slice();
    const x = randInt(rng, 3);
    const kind = x < 2 ? 0 : 1;
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'rob', seat: 1 }, log);
    expect(st.p[0]!.res[kind]).toBe(1);
    expect(cards(st, 0)).toBe(1);
    expect(cards(st, 1)).toBe(2);
    const ev = log.find((e) => e.key === 'sfr.ev.robbedCard')!;
    expect(ev.params!.kind).toBe(kind === 0 ? 'grain' : 'ore');
    for (let v = -1; v < 4; v++) expect(canSee(ev, v)).toBe(v === 0 || v === 1);
    // Rob nobody: nothing changes hands.
    const none = mk();
    ok(none, 0, { type: 'legion', hex: 'h0311' });
    ok(none, 0, { type: 'robNone' });
    expect(none.p.map((p) => p.res)).toEqual(mk().p.map((p) => p.res));
    // Only the mover's own figures on the hex: no robbery at all.
    const alone = mk();
    ok(alone, 0, { type: 'legion', hex: 'h0312' });
    expect(game.prompts(alone)[0]?.kind).not.toBe('sfr.rob');
  });

  it('SFR-LEG-5: a victim without resource cards pays 2 gold, all he has if less; development cards are never taken', () => {
    const mk = (gold: number) =>
      scenario({
        players: 4,
        seats: [{ gold: 0 }, { gold, dev: ['traitor'], horsemen: { node: 'n064' } }],
        dice: dice(7, 2, 12, 10),
        at: { production: true },
      });
    for (const [gold, paid] of [
      [5, 2],
      [1, 1],
      [0, 0],
    ] as const) {
      const st = mk(gold);
      ok(st, 0, { type: 'legion', hex: 'h0311' });
      const log: GameEvent[] = [];
      ok(st, 0, { type: 'rob', seat: 1 }, log);
      expect(st.p[1]!.gold).toBe(gold - paid);
      expect(st.p[0]!.gold).toBe(paid);
      expect(st.p[1]!.dev).toEqual(['traitor']);
      expect(st.p[0]!.dev).toEqual([]);
      expect(log.find((e) => e.key === 'sfr.ev.robbedGold')!.params!.gold).toBe(paid);
    }
  });

  it('SFR-LEG-6: the legionnaire’s hex produces nothing; it blocks no movement, plunder or conquest', () => {
    // Production: h0311 (8) under the legionnaire gives seat 1 on n064 nothing; h0211 (12) still gives.
    const p = scenario({
      players: 4,
      seats: [{}, { horsemen: { node: 'n064' }, warriors: { node: 'n064' } }],
      legion: 'h0311',
      dice: dice(8, 12, 3, 4),
      pastureDeck: ['horses'],
      at: { production: true },
    });
    expect(p.rose).toEqual([8, 12, 3, 4]);
    expect(p.p[1]!.res).toEqual([0, 0, 1, 0]);
    // Phase 3: plundering Castra Regina (a corner of h0311) and moving onto h0311's corners stay legal.
    const st = scenario({
      players: 4,
      seats: [{ gold: 9, horsemen: { node: 'n064', army: 2 } }],
      legion: 'h0311',
      at: { phase: 3, seat: 0 },
    });
    const legal = game.legalActions(st, 0);
    expect(legal).toContainEqual({ type: 'plunder', city: 'castra-regina' });
    const dests = legal.flatMap((a) => (a.type === 'move' ? [a.to] : []));
    expect(dests).toEqual(expect.arrayContaining(['n065', 'n086']));
    const mv = scenario({
      players: 4,
      seats: [{ gold: 9, horsemen: { node: 'n064', army: 2 } }],
      legion: 'h0311',
      at: { phase: 3, seat: 0 },
    });
    ok(mv, 0, { type: 'move', to: 'n065', route: ['n064', 'n053', 'n065'], grain: 0 });
    expect(mv.p[0]!.tribes[0]!.node).toBe(R.nodeIdx.get('n065'));
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    expect(st.token[R.cityIdx.get('castra-regina')!]).toBe(-1);
    // A settled tribe conquers a city on the legionnaire's hex.
    const ex = scenario({
      players: 4,
      seats: [{ warriors: { kingdom: ['verona', 'mediolanum'], army: 3 } }],
      legion: 'h0410',
      at: { phase: 4, seat: 0 },
    });
    ok(ex, 0, { type: 'expand', city: 'tridentum' });
    expect(ex.p[0]!.tribes[1]!.kingdom.length).toBe(3);
  });
});
