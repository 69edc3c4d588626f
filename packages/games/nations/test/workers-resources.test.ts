/**
 * Workers and the population track (NAT-POP), derived strength and stability (NAT-DERIV), payments (NAT-RES),
 * the shortage procedure (NAT-SHORT), and the examples / scenarios NAT-EX-5, NAT-EX-19, NAT-TS-8, NAT-TS-12.
 */
import { describe, expect, it } from 'vitest';
import { nations } from '@tabula/nations';
import type { NatState } from '@tabula/nations';
import {
  addAdvisor,
  addColony,
  addWonder,
  answer,
  blankGame,
  choose,
  cmpSet,
  drain,
  game,
  mod,
  ok,
  only,
  options,
  putOnBoard,
  rejects,
  runEvents,
  setRes,
  setRow,
  stability,
  strength,
  turn,
  workers,
} from './helpers.js';
import { RES_BIT } from '../src/derive.js';
import { newUid } from '../src/rules.js';
import type { Res } from '../src/types.js';

/** `blankGame` (empty boards, no resources, seat 0 to act) with no idle workers and 10 VP for every seat. */
const fresh = (n = 3, opts: Record<string, unknown> = {}): NatState =>
  blankGame(n, opts, { vp: 10, idle: 0 });

/** A forced payment of `n` units of `r` for seat s, run to the next decision (engine task, NAT-RES-3). */
function forced(st: NatState, s: number, r: Res, n: number): void {
  st.stack.push({ t: 'pay', s, items: [[r, n]], i: 0 });
  drain(st);
}

const marked = (st: NatState, s: number, r: Res) => (st.players[s]!.short & RES_BIT[r]) !== 0;

// ================================================================ 8. Workers and the population track

describe('Workers and the population track (NAT-POP)', () => {
  it('NAT-POP-1: the worker count is idle plus deployed; workers on the track or in the overflow do not count', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.idle = 2;
    setRow(st, 0, 0, 'ziggurat', 2);
    setRow(st, 0, 1, 'hoplite', 1);
    p.overflow = 3;
    expect(workers(p)).toBe(5);
    expect(p.foodFilled + p.stabFilled).toBe(8);
    // "Most workers" comparisons use this count.
    expect(cmpSet(st, 'workers', 'best')).toEqual([0]);
  });

  it('NAT-POP-2, NAT-POP-6: each side has 4 spaces; with both sides full, returned workers go to an unlimited overflow', () => {
    const st = fresh();
    const p = st.players[0]!;
    expect([p.foodCap, p.stabCap]).toEqual([4, 4]);
    p.idle = 4;
    st.eventCard = 'blackdeath'; // all nations lose a worker
    for (let k = 1; k <= 3; k++) {
      st.pending = null;
      only(st, 'events');
      // Both sides full: the only place is the overflow (idle worker, a single option resolves itself).
      expect(p.overflow).toBe(k);
      expect(p.idle).toBe(4 - k);
      expect([p.foodFilled, p.stabFilled]).toEqual([4, 4]);
    }
  });

  it('NAT-POP-3: each empty food-side space costs 3 food in every production step', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.foodFilled = 2;
    p.res.food = 10;
    only(st, 'production');
    expect(p.res.food).toBe(4);
    only(st, 'production');
    expect(p.res.food).toBe(0); // owes 6, pays 4, 2 short
    expect(marked(st, 0, 'food')).toBe(true);
  });

  it('NAT-POP-4: each empty stability-side space gives −3 stability, continuously', () => {
    const st = fresh();
    const p = st.players[0]!;
    expect(stability(st, 0)).toBe(0);
    p.stabFilled = 3;
    expect(stability(st, 0)).toBe(-3);
    p.stabFilled = 1;
    expect(stability(st, 0)).toBe(-9);
    p.stabFilled = 4;
    expect(stability(st, 0)).toBe(0);
  });

  it('NAT-POP-5: a taken worker comes from the overflow first (no space empties); otherwise the owner picks a side', () => {
    const st = fresh();
    const p = st.players[0]!;
    addAdvisor(st, 0, 'lincoln'); // ability: take a worker from the track
    const u = p.advisors[0]!.u;
    p.overflow = 1;
    ok(st, 0, { type: 'ability', card: u, ability: 'takeWorker' });
    expect(st.pending).toBeNull();
    expect([p.overflow, p.foodFilled, p.stabFilled, p.idle]).toEqual([0, 4, 4, 1]);
    // No overflow: the owner chooses the side.
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: u, ability: 'takeWorker' });
    expect(st.pending?.kind).toBe('gainSide');
    expect(options(st).map((o) => o.side)).toEqual(['food', 'stability']);
    choose(st, { side: 'stability' });
    expect([p.foodFilled, p.stabFilled, p.idle]).toEqual([4, 3, 2]);
    expect(stability(st, 0)).toBe(0); // Lincoln +3, one empty stability space −3
    // Only one side left with workers: no choice.
    p.foodFilled = 0;
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: u, ability: 'takeWorker' });
    expect(st.pending).toBeNull();
    expect([p.foodFilled, p.stabFilled, p.idle]).toEqual([0, 2, 3]);
  });

  it('NAT-POP-5: at Growth, population growth takes the overflow worker first, else the chosen side', () => {
    const st = fresh(2);
    const s = st.order[1]!; // asked first at Growth (reverse order)
    const p = st.players[s]!;
    p.overflow = 1;
    st.step = 'growth';
    st.si = 0;
    st.turn = null;
    only(st, 'growth');
    expect(st.pending?.s).toBe(s);
    expect(options(st).filter((o) => o.take === 'worker')).toEqual([{ type: 'choose', take: 'worker' }]);
    answer(st, { take: 'worker' });
    expect([p.overflow, p.foodFilled, p.stabFilled, p.idle]).toEqual([0, 4, 4, 1]);
    st.si = 0;
    only(st, 'growth');
    expect(
      options(st)
        .filter((o) => o.take === 'worker')
        .map((o) => o.side),
    ).toEqual(['food', 'stability']);
    answer(st, { take: 'worker', side: 'food' });
    expect([p.foodFilled, p.stabFilled, p.idle]).toEqual([3, 4, 2]);
  });

  it('NAT-POP-6, NAT-DP-17: a lost worker is chosen by the owner (idle or deployed) and fills a chosen empty side', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.idle = 1;
    setRow(st, 0, 1, 'ziggurat', 1); // +2 stability
    p.foodFilled = 3;
    p.stabFilled = 3;
    runEvents(st, 'blackdeath');
    expect(st.pending?.kind).toBe('loseWorker');
    expect(options(st).map((o) => [o.from, o.side])).toEqual([
      [-1, 'food'],
      [-1, 'stability'],
      [1, 'food'],
      [1, 'stability'],
    ]);
    answer(st, { from: 1, side: 'stability' });
    expect(p.row[1]!.w).toBe(0);
    expect(p.idle).toBe(1);
    expect([p.foodFilled, p.stabFilled, p.overflow]).toEqual([3, 4, 0]);
    expect(stability(st, 0)).toBe(0); // −2 from the worker, +3 from the filled space
  });

  it('NAT-POP-7: there is no action to return workers to the track voluntarily', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.idle = 2;
    p.foodFilled = 2;
    const types = new Set(nations.legalActions(st, 0).map((a) => a.type));
    expect([...types].sort()).toEqual(['pass']);
    rejects(st, 0, { type: 'returnWorker', side: 'food' }, 'nat.err.unknown');
    ok(st, 0, { type: 'pass' });
    expect([p.idle, p.foodFilled]).toEqual([2, 2]);
  });

  it('NAT-POP-8: gaining a worker with an empty track and overflow, or losing one with no worker, does nothing', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.foodFilled = 0;
    p.stabFilled = 0;
    p.res.food = 5; // most food: Pilgrims gives a worker
    runEvents(st, 'pilgrims');
    expect(st.pending).toBeNull();
    expect(p.idle).toBe(0);
    expect(workers(p)).toBe(0);
    // Black Death: every nation loses a worker; seat 0 has none.
    for (const q of st.players) q.idle = 0;
    st.players[1]!.idle = 1;
    st.players[2]!.idle = 1;
    runEvents(st, 'blackdeath');
    expect(st.pending).toBeNull();
    expect([p.idle, p.foodFilled, p.stabFilled, p.overflow]).toEqual([0, 0, 0, 0]);
    expect(st.players[1]!.idle).toBe(0);
  });
});

// ================================================================ 9. Strength and stability

describe('Strength and stability (NAT-DERIV)', () => {
  it('NAT-DERIV-1: strength = clamp(0, 40, per-worker + static (colony, advisor, wonder, board) + modifiers)', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 2); // 6
    setRow(st, 0, 1, 'archer', 0); // unmanned: 0
    addColony(st, 0, 'macedonia'); // 2
    addAdvisor(st, 0, 'abubakr'); // 2
    addWonder(st, 0, 'colosseum'); // 3
    expect(strength(st, 0)).toBe(13);
    p.nation = 'rome';
    p.side = 'B'; // board: +2
    expect(strength(st, 0)).toBe(15);
    mod(st, 0, { strength: 1 });
    st.mods.push({
      seat: 0,
      body: { when: { best: 'strength' }, modifier: { strength: 4 } },
      until: 'endOfRound',
    });
    expect(strength(st, 0)).toBe(20);
    p.row[0]!.w = 12; // 36 + 14 = 50
    expect(strength(st, 0)).toBe(40);
    mod(st, 1, { strength: -5 });
    expect(strength(st, 1)).toBe(0);
  });

  it('NAT-DERIV-2: stability = min(15, per-worker + static + −3 per empty stability space + modifiers), no lower limit', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'ziggurat', 2); // +4
    setRow(st, 0, 1, 'immortal', 1); // −1
    addColony(st, 0, 'tibet'); // +3
    addAdvisor(st, 0, 'lincoln'); // +3
    addWonder(st, 0, 'oracle'); // +2
    expect(stability(st, 0)).toBe(11);
    p.stabFilled = 2; // −6
    expect(stability(st, 0)).toBe(5);
    mod(st, 0, { stability: -20 });
    expect(stability(st, 0)).toBe(-15);
    st.mods = [{ seat: 0, body: { stability: 20 }, until: 'endOfRound' }];
    expect(stability(st, 0)).toBe(15);
  });

  it('NAT-DERIV-3: both values follow the state at every moment and production never changes them', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'ziggurat', 1);
    setRow(st, 0, 1, 'hoplite', 1);
    p.res.stone = 1;
    const before = [strength(st, 0), stability(st, 0)];
    expect(before).toEqual([3, 2]);
    only(st, 'production');
    expect([strength(st, 0), stability(st, 0)]).toEqual(before);
    p.row[1]!.w = 0;
    expect(strength(st, 0)).toBe(0);
    expect(JSON.stringify(p)).not.toMatch(/"strength"|"stability"/);
  });

  it('NAT-DERIV-4: the caps apply to the computed sum (raw 17 shows 15; a +3 worker leaves: 14)', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'castle', 3); // +9
    addColony(st, 0, 'tibet'); // +3
    addAdvisor(st, 0, 'lincoln'); // +3
    addWonder(st, 0, 'oracle'); // +2
    expect(stability(st, 0)).toBe(15);
    p.idle = 0;
    ok(st, 0, { type: 'undeploy', slot: 0 });
    expect(stability(st, 0)).toBe(14);
    // Strength the same way: raw 42 shows 40; a +3 worker leaves: 39.
    setRow(st, 0, 1, 'hoplite', 14);
    expect(strength(st, 0)).toBe(40);
    p.row[1]!.w = 13;
    expect(strength(st, 0)).toBe(39);
  });

  it('NAT-DERIV-5: a stability of −4 or lower uses the real value (unrest of 7 books at −7)', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.stabFilled = 1; // −9
    addAdvisor(st, 0, 'abubakr');
    setRow(st, 0, 0, 'ziggurat', 1); // +2 → −7
    p.res.books = 10;
    p.res.stone = 0;
    expect(stability(st, 0)).toBe(-7);
    only(st, 'production');
    expect(p.res.books).toBe(3);
    expect(p.res.stone).toBe(1);
  });

  it('NAT-DERIV-6: a nation with stability below 0 is in revolt (unrest in production); 0 is not', () => {
    const st = fresh();
    st.players[0]!.stabFilled = 3; // −3
    setRow(st, 1, 0, 'immortal', 0);
    for (const p of st.players) p.res.books = 5;
    const log = only(st, 'production');
    expect(st.players[0]!.res.books).toBe(2);
    expect(st.players[0]!.vp).toBe(9);
    expect(st.players[1]!.res.books).toBe(5);
    expect(st.players[1]!.vp).toBe(10);
    expect(log.some((e) => e.key === 'nat.ev.unrest' && e.rules?.includes('NAT-DERIV-6'))).toBe(true);
  });

  it('NAT-DERIV-7: conditional modifiers are evaluated on values without conditional modifiers (no oscillation)', () => {
    const st = fresh();
    // Seat 0: "+3 stability if least stable"; seats 1 and 2 have stability 1.
    st.mods.push({
      seat: 0,
      body: { when: { worst: 'stability' }, modifier: { stability: 3 } },
      until: 'endOfRound',
    });
    mod(st, 1, { stability: 1 });
    mod(st, 2, { stability: 1 });
    expect(stability(st, 0, true)).toBe(0);
    expect(stability(st, 0)).toBe(3); // least stable on unconditional values, so +3, and it stays
    // Seat 1: "+5 strength if strongest"; seat 2 has strength 3, seat 1 has 2: no bonus, even though 7 would lead.
    setRow(st, 1, 0, 'archer', 1);
    setRow(st, 2, 0, 'hoplite', 1);
    st.mods.push({
      seat: 1,
      body: { when: { best: 'strength' }, modifier: { strength: 5 } },
      until: 'endOfRound',
    });
    expect(strength(st, 1)).toBe(2);
    expect(cmpSet(st, 'strength', 'best')).toEqual([2]);
  });

  it('NAT-DERIV-8: a one-check modifier such as Elizabeth (+8 war defence) is not part of strength', () => {
    const st = fresh();
    setRow(st, 0, 0, 'hoplite', 2); // 6
    addAdvisor(st, 0, 'elizabeth');
    setRow(st, 1, 0, 'hoplite', 3); // 9
    setRow(st, 2, 0, 'hoplite', 5); // 15
    expect(strength(st, 0)).toBe(6);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([0]);
    st.war = { id: 'hunnic', marker: 13, buyer: 2 };
    st.warBought = true;
    for (const p of st.players) p.res.food = 10;
    only(st, 'war');
    expect(st.players[0]!.defeated).toBe(false); // 6 + 8 = 14 ≥ 13
    expect(st.players[1]!.defeated).toBe(true);
    expect(st.players[0]!.vp).toBe(10);
  });
});

// ================================================================ 10.1 Payments

describe('Payments (NAT-RES)', () => {
  it('NAT-RES-1: resource holdings never go negative, even when a forced payment is larger than the holding', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRes(st, 0, { gold: 1, stone: 2, food: 1, books: 1 });
    forced(st, 0, 'food', 9);
    for (const r of ['gold', 'stone', 'food', 'books'] as Res[]) expect(p.res[r]).toBeGreaterThanOrEqual(0);
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 0, books: 0 });
  });

  it('NAT-RES-2: voluntary payments (price, deploy cost, architect stone, ability cost) must be affordable in full', () => {
    const st = fresh();
    const p = st.players[0]!;
    putOnBoard(st, 2, 0, 'forum');
    p.res.gold = 1;
    rejects(st, 0, { type: 'buy', row: 2, col: 0 }, 'nat.err.gold');
    setRow(st, 0, 0, 'courthouse'); // deploy cost 3 stone
    p.idle = 1;
    p.res.stone = 2;
    rejects(st, 0, { type: 'deploy', from: -1, to: 0 }, 'nat.err.stone');
    p.wip = { id: 'uraniborg', u: newUid(st), built: 1 }; // next stage 3 stone
    st.pool = 1;
    p.res.stone = 2;
    rejects(st, 0, { type: 'hire' }, 'nat.err.stone');
    addWonder(st, 0, 'piazza'); // ability: pay 2 gold for 5 of a resource
    rejects(st, 0, { type: 'ability', card: p.wonders[0]!.u, ability: 'trade' }, 'nat.err.afford');
    const legal = nations.legalActions(st, 0).map((a) => a.type);
    expect(legal).not.toContain('buy');
    expect(legal).not.toContain('deploy');
    expect(legal).not.toContain('hire');
    expect(legal).not.toContain('ability');
    // With the full amounts the same actions are legal and paid in full.
    p.res.gold = 2;
    ok(st, 0, { type: 'ability', card: p.wonders[0]!.u, ability: 'trade' });
    choose(st, { res: 'stone' });
    expect(p.res.gold).toBe(0);
    expect(p.res.stone).toBe(7);
  });

  it('NAT-RES-2, NAT-RES-6: an optional event payment is only possible when affordable in full', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.res.food = 3;
    st.eventCard = 'breadgames'; // lower: every nation may pay 4 food for 6 books
    only(st, 'events');
    expect(st.pending).toBeNull();
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 3, books: 0 });
    expect(p.vp).toBe(10);
    p.res.food = 4;
    only(st, 'events');
    expect(st.pending?.kind).toBe('offer');
    expect(st.pending?.s).toBe(0);
    answer(st, { accept: true });
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 0, books: 6 });
  });

  it('NAT-RES-3: upkeep, war losses, event losses and famine are forced payments that use the shortage procedure', () => {
    // Production upkeep: Hoplite with no stone.
    let st = fresh();
    setRow(st, 0, 0, 'hoplite', 1);
    st.players[0]!.res.books = 9;
    only(st, 'production');
    expect(marked(st, 0, 'stone')).toBe(true);
    expect(st.players[0]!.res.books).toBe(8);
    expect(st.players[0]!.vp).toBe(9);
    // War loss: 4 food with none.
    st = fresh();
    setRow(st, 1, 0, 'archer', 2);
    st.war = { id: 'hunnic', marker: 4, buyer: 1 };
    st.warBought = true;
    st.players[0]!.res.books = 9;
    only(st, 'war');
    expect(marked(st, 0, 'food')).toBe(true);
    expect(st.players[0]!.res.books).toBe(5);
    expect(st.players[0]!.vp).toBe(8); // war VP and food shortage VP
    // Event loss: weakest pays 3 food (Yellow Turban).
    st = fresh();
    setRow(st, 1, 0, 'archer', 1);
    setRow(st, 2, 0, 'archer', 1);
    addAdvisor(st, 0, 'lincoln');
    st.eventCard = 'yellowturban';
    for (const s of [1, 2]) st.players[s]!.res.gold = 5;
    st.players[0]!.res.books = 9;
    only(st, 'events');
    expect(marked(st, 0, 'food')).toBe(true);
    expect(st.players[0]!.res.books).toBe(6);
    expect(st.players[0]!.vp).toBe(9);
    // Famine.
    st = fresh();
    st.eventCard = 'yellowturban'; // famine 2
    for (let s = 0; s < 3; s++) st.players[s]!.res.books = 9;
    only(st, 'famine');
    for (let s = 0; s < 3; s++) {
      expect(marked(st, s, 'food')).toBe(true);
      expect(st.players[s]!.res.books).toBe(7);
      expect(st.players[s]!.vp).toBe(9);
    }
  });

  it('NAT-RES-4: VP never go below 0 (outside the solo game)', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.vp = 0;
    forced(st, 0, 'gold', 1);
    expect(p.vp).toBe(0);
    setRow(st, 1, 0, 'archer', 2);
    st.war = { id: 'hunnic', marker: 4, buyer: 1 };
    only(st, 'war');
    expect(p.vp).toBe(0);
    // Solo exception (NAT-SOLO-17): VP may go negative.
    const solo = game(1);
    solo.pending = null;
    solo.players[0]!.vp = 0;
    setRes(solo, 0, { gold: 0, stone: 0, food: 0, books: 5 });
    forced(solo, 0, 'gold', 1);
    expect(solo.players[0]!.vp).toBe(-1);
  });

  it('NAT-RES-5: books are a resource: they pay the golden-age VP, replace missing resources and are compared at book scoring', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.res.books = 6;
    putOnBoard(st, 1, 0, 'aeneid');
    p.res.gold = 1;
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    choose(st, { pay: { books: 1 } });
    expect(p.vp).toBe(11);
    expect(p.res.books).toBe(5);
    forced(st, 0, 'stone', 2);
    expect(p.res.books).toBe(3);
    st.round = 2;
    st.players[1]!.res.books = 1;
    st.players[2]!.res.books = 3;
    only(st, 'books');
    // 10 + 1 (golden age) − 1 (stone shortage) + 1 (more books than the nation with 1; the tie at 3 scores nothing)
    expect(p.vp).toBe(11);
    expect(p.res.books).toBe(3);
  });

  it('NAT-RES-6: a choice between penalties is forced: the chosen penalty runs short under NAT-SHORT', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRes(st, 0, { gold: 5, food: 1 });
    for (const s of [1, 2]) setRes(st, s, { food: 5, books: 5 });
    st.eventCard = 'littleiceage'; // every nation: lose 3 food or 5 books
    only(st, 'events');
    for (let k = 0; k < 3 && st.pending; k++) {
      expect(st.pending.kind).toBe('choice');
      // No decline option: both branches are payments.
      expect(options(st).map((o) => o.branch)).toEqual([0, 1]);
      answer(st, { branch: 0 });
    }
    // Seat 0 chose 3 food with 1: food short 2 (VP), 2 books owed with none (VP), 2 gold given.
    expect(p.res).toEqual({ gold: 3, stone: 0, food: 0, books: 0 });
    expect(p.vp).toBe(8);
    expect(st.players[1]!.res.food).toBe(2);
  });

  it('NAT-RES-7: a penalty branch that would change nothing is not available (Sea Peoples without architects)', () => {
    const st = fresh();
    const p = st.players[0]!;
    addAdvisor(st, 0, 'lincoln'); // most stable: spared by the lower event
    setRow(st, 1, 0, 'archer', 1);
    setRow(st, 2, 0, 'hoplite', 1);
    st.eventCard = 'seapeoples'; // weakest: remove an architect from your wonder, or −1 VP
    only(st, 'events');
    expect(st.pending).toBeNull(); // only the VP branch was available
    expect(p.vp).toBe(9);
    // With an architect on the wonder, both branches are offered.
    p.wip = { id: 'uraniborg', u: newUid(st), built: 1 };
    only(st, 'events');
    expect(st.pending?.kind).toBe('choice');
    expect(options(st).map((o) => o.branch)).toEqual([0, 1]);
    answer(st, { branch: 0 });
    expect(p.wip!.built).toBe(0);
    expect(p.vp).toBe(9);
  });
});

// ================================================================ 10.2 Shortage procedure

describe('Shortages (NAT-SHORT)', () => {
  it('NAT-SHORT-1, NAT-SHORT-2, NAT-SHORT-4, NAT-SHORT-8, NAT-EX-5: 5 stone owed in production with 2: stone 0, VP 9, books 2, stone marked', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 5); // net stone −5
    setRes(st, 0, { stone: 2, books: 5 });
    expect(marked(st, 0, 'stone')).toBe(false);
    const log = only(st, 'production');
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 0, books: 2 });
    expect(p.vp).toBe(9);
    expect(marked(st, 0, 'stone')).toBe(true);
    expect(log.find((e) => e.key === 'nat.ev.shortage')?.params).toMatchObject({ res: 'stone', missing: 3 });
  });

  it('NAT-SHORT-2: one shortage VP per resource type per round, whatever the step; other types cost their own VP', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.res.books = 20;
    forced(st, 0, 'stone', 2);
    forced(st, 0, 'stone', 3);
    expect(p.vp).toBe(9);
    forced(st, 0, 'gold', 1);
    forced(st, 0, 'food', 1);
    expect(p.vp).toBe(7);
    p.res.books = 0;
    forced(st, 0, 'books', 1);
    expect(p.vp).toBe(6); // at most 4 VP per round
    forced(st, 0, 'gold', 5);
    forced(st, 0, 'books', 5);
    expect(p.vp).toBe(6);
    expect(p.short).toBe(15);
  });

  it('NAT-SHORT-2: Florence Nightingale cancels the shortage VP (the resource is still marked)', () => {
    const st = fresh();
    const p = st.players[0]!;
    addAdvisor(st, 0, 'nightingale');
    p.res.books = 5;
    forced(st, 0, 'stone', 3);
    expect(p.vp).toBe(10);
    expect(p.res.books).toBe(2);
    expect(marked(st, 0, 'stone')).toBe(true);
  });

  it('NAT-SHORT-3: the shortage marks are cleared at end of round, so the next round costs VP again', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.res.books = 5;
    forced(st, 0, 'gold', 1);
    expect(p.short).not.toBe(0);
    st.step = 'cleanup';
    only(st, 'cleanup');
    expect(p.short).toBe(0);
    expect(p.vp).toBe(9);
    forced(st, 0, 'gold', 1);
    expect(p.vp).toBe(8);
  });

  it('NAT-SHORT-4: missing gold, stone or food is replaced by books; if books run short too, NAT-SHORT-5 applies with its own VP', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRes(st, 0, { gold: 2, food: 1, books: 1 });
    forced(st, 0, 'food', 4); // 3 short → 3 books owed, 1 held → 2 short → 2 held resources (gold)
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 0, books: 0 });
    expect(p.vp).toBe(8);
    expect(marked(st, 0, 'food') && marked(st, 0, 'books')).toBe(true);
  });

  it('NAT-SHORT-5, NAT-DP-14: missing books cost held gold, stone or food of the player’s choice, mixed; the rest is cancelled', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRes(st, 0, { gold: 2, stone: 1, food: 0, books: 1 });
    forced(st, 0, 'books', 3); // 2 short
    expect(st.pending?.kind).toBe('subst');
    expect(options(st).map((o) => o.lose)).toEqual([{ gold: 2 }, { gold: 1, stone: 1 }]);
    answer(st, { lose: { gold: 1, stone: 1 } });
    expect(p.res).toEqual({ gold: 1, stone: 0, food: 0, books: 0 });
    expect(p.vp).toBe(9);
    // Not enough held: everything goes, the rest of the debt is cancelled.
    setRes(st, 0, { gold: 1, stone: 1, food: 1, books: 0 });
    forced(st, 0, 'books', 10);
    expect(st.pending).toBeNull();
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 0, books: 0 });
    expect(p.vp).toBe(9);
  });

  it('NAT-SHORT-6: resources given for missing books come from what is held, so they cause no new shortage or VP', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRes(st, 0, { gold: 0, stone: 0, food: 3, books: 0 });
    forced(st, 0, 'books', 2);
    expect(p.res.food).toBe(1);
    expect(p.vp).toBe(9);
    expect(p.short).toBe(RES_BIT.books);
  });

  it('NAT-SHORT-7: unrest and war VP are separate from the once-per-type shortage VP', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.stabFilled = 3; // stability −3: unrest 3 books
    setRes(st, 0, { books: 1, food: 5 });
    only(st, 'production');
    // Unrest −1 VP, book shortage −1 VP; 2 missing books cost 2 food.
    expect(p.vp).toBe(8);
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 3, books: 0 });
    // A second unrest in the same round costs its VP again, the book shortage VP does not.
    only(st, 'production');
    expect(p.vp).toBe(7);
    expect(p.res.food).toBe(0);
    // War VP likewise.
    setRow(st, 1, 0, 'archer', 2);
    st.war = { id: 'peloponnesian', marker: 4, buyer: 1 }; // −1 VP, −4 books
    only(st, 'war');
    expect(p.vp).toBe(6);
  });

  it('NAT-SHORT-9: a shortage can leave nothing for a later payment in the same step; each is handled in order', () => {
    const st = fresh();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'chariot', 2); // −2 gold
    p.foodFilled = 3; // −3 food
    setRes(st, 0, { stone: 2, books: 3 });
    only(st, 'production');
    // Gold: 2 short → VP, 2 books (1 left). Food: 3 short → VP, 3 books owed, 1 paid, 2 short → VP, 2 stone given.
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 0, books: 0 });
    expect(p.vp).toBe(7);
    expect(p.short).toBe(RES_BIT.gold | RES_BIT.food | RES_BIT.books);
  });

  it('NAT-EX-19, NAT-SHORT-2: food runs short in production, in an event and in famine: only 1 VP for food that round', () => {
    const st = fresh();
    const p = st.players[0]!;
    p.foodFilled = 3; // −3 food in production
    p.res.books = 10;
    addAdvisor(st, 0, 'lincoln'); // most stable: not hit by the lower event
    for (const s of [1, 2]) {
      setRow(st, s, 0, 'archer', 1);
      setRes(st, s, { gold: 5, food: 10 });
    }
    st.eventCard = 'yellowturban'; // weakest: −3 food; famine 2
    only(st, 'production');
    expect(p.vp).toBe(9);
    expect(p.res.books).toBe(7);
    only(st, 'events');
    expect(p.vp).toBe(9);
    expect(p.res.books).toBe(4);
    only(st, 'famine');
    expect(p.vp).toBe(9);
    expect(p.res.books).toBe(2);
    expect(p.short).toBe(RES_BIT.food);
  });
});

// ================================================================ Scenarios

describe('NAT-TS-8: a transient state triggers a removal condition', () => {
  function setup(): NatState {
    const st = fresh();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 2); // "Archers": +3 × 2 = 6
    setRow(st, 0, 1, 'knight', 0); // "Knights": +5 per worker, deploy 2 stone
    addAdvisor(st, 0, 'harald'); // "K": removed when weakest
    p.res.stone = 4;
    p.idle = 0;
    setRow(st, 1, 0, 'hoplite', 1);
    setRow(st, 1, 1, 'archer', 1); // Q: 5
    setRow(st, 2, 0, 'hoplite', 2);
    setRow(st, 2, 1, 'archer', 1); // R: 8
    return st;
  }

  it('NAT-TS-8, NAT-DP-10: moving a worker from Archers to Knights removes K in the intermediate state; K stays removed', () => {
    const st = setup();
    const p = st.players[0]!;
    expect(strength(st, 0)).toBe(6);
    const log = ok(st, 0, { type: 'deploy', from: 0, to: 1 });
    expect(p.advisors).toEqual([]);
    expect(st.removed).toContain('harald');
    expect(log.some((e) => e.key === 'nat.ev.removed')).toBe(true);
    expect(p.res.stone).toBe(2);
    expect(strength(st, 0)).toBe(8);
  });

  it('NAT-TS-8 (contrast): deploying an idle worker directly on the Knights does not remove K', () => {
    const st = setup();
    const p = st.players[0]!;
    p.idle = 1;
    ok(st, 0, { type: 'deploy', from: -1, to: 1 });
    expect(p.advisors.map((a) => a.id)).toEqual(['harald']);
    expect(strength(st, 0)).toBe(11);
  });
});

describe('NAT-TS-12: overflow workers with the easy game', () => {
  it('NAT-TS-12, NAT-POP-5, NAT-POP-6: the overflow worker comes back first; later growth empties a food space', () => {
    const st = fresh(3, { easy: ['food', false, false] });
    const p = st.players[0]!;
    expect([p.foodCap, p.foodFilled, p.stabCap, p.stabFilled, p.overflow]).toEqual([3, 3, 4, 4, 0]);
    // No food owed for the removed space.
    only(st, 'production');
    expect(p.res.food).toBe(0);
    expect(p.vp).toBe(10);

    // Round 2: "least stable: lose a worker" (Emigration); P picks the worker on a +2 stability building.
    st.round = 2;
    setRow(st, 0, 0, 'ziggurat', 1);
    p.idle = 1;
    addAdvisor(st, 1, 'lincoln');
    addAdvisor(st, 2, 'lincoln');
    expect(stability(st, 0)).toBe(2);
    runEvents(st, 'weltpolitik');
    expect(st.pending?.kind).toBe('loseWorker');
    expect(options(st).every((o) => o.side === 'overflow')).toBe(true);
    answer(st, { from: 0, side: 'overflow' });
    expect(stability(st, 0)).toBe(0);
    expect(p.overflow).toBe(1);

    // Round 3 Growth: population growth takes the overflow worker; no space empties.
    st.round = 3;
    const growth = () => {
      st.step = 'growth';
      st.turn = null;
      st.si = st.n - 1 - st.order.indexOf(0);
      only(st, 'growth');
      expect(st.pending?.s).toBe(0);
    };
    growth();
    answer(st, { take: 'worker' });
    expect([p.overflow, p.foodFilled, p.stabFilled, p.idle]).toEqual([0, 3, 4, 2]);
    expect(stability(st, 0)).toBe(0);
    p.res.food = 5;
    only(st, 'production');
    expect(p.res.food).toBe(5);

    // Round 4 Growth: from the food side: 1 empty food space, 3 food upkeep from then on.
    st.round = 4;
    growth();
    answer(st, { take: 'worker', side: 'food' });
    expect([p.foodFilled, p.idle]).toEqual([2, 3]);
    only(st, 'production');
    expect(p.res.food).toBe(2);
  });
});
