/**
 * Resolution phase: comparisons (NAT-CMP), removal conditions (NAT-REM), production (NAT-PROD), player order
 * (NAT-ORDER), war resolution (NAT-WARRES) and famine (NAT-FAMINE), with the worked examples and tricky scenarios
 * NAT-EX-4/12/13/20 and NAT-TS-2/3/4/5/9/11.
 *
 * Values are shaped with real cards where the rule needs cards, and otherwise with round modifiers
 * (`st.mods`, the engine's own mechanism for "+n strength/stability this round") on an empty board, so that a
 * nation's strength and stability are exactly the numbers of the scenario.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { nations } from '@tabula/nations';
import type { NatState } from '@tabula/nations';
import type { ProgressCard } from '../src/types.js';
import { passedAs, registerTestCard } from '../src/derive.js';
import { checkRemovals } from '../src/rules.js';
import { soloTile } from '../src/data.js';
import {
  addAdvisor,
  addColony,
  addWonder,
  answer,
  atAction,
  bare,
  cites,
  cmpSet,
  keyed,
  mod,
  ok,
  only,
  res,
  runEvents,
  setRes,
  setRow,
  shape,
  stability,
  strength,
  turn,
} from './helpers.js';

// ---------------------------------------------------------------- local helpers

const inst = (st: NatState, s: number, id: string) =>
  [...st.players[s]!.advisors, ...st.players[s]!.colonies, ...st.players[s]!.wonders].find(
    (x) => x.id === id,
  );

// Invented cards of the tricky scenarios (spec §24), registered as test-only card data.
const K_COLONY: ProgressCard = {
  id: 'x-colony-k',
  name: 'Test colony K (+4 strength; removed when least stable)',
  age: 1,
  type: 'colony',
  level: 'basic',
  static: [{ strength: 4 }],
  removeWhen: { worst: 'stability' },
  endVp: 0,
};
const FORT: ProgressCard = {
  id: 'x-fort',
  name: 'Test fort (+2 stability per worker; removed when weakest)',
  age: 1,
  type: 'building',
  level: 'basic',
  deployCost: { stone: 1 },
  perWorker: { stability: 2 },
  vpPerWorker: [1, 1],
  removeWhen: { worst: 'strength' },
};
registerTestCard(K_COLONY);
registerTestCard(FORT);

// ================================================================ NAT-CMP

describe('comparisons and ties (NAT-CMP)', () => {
  it('NAT-CMP-1: comparisons use the current values of each metric when the check is made', () => {
    const st = atAction(3);
    shape(st, [5, 0], [4, 0], [3, 0]);
    expect(cmpSet(st, 'strength', 'best')).toEqual([0]);
    mod(st, 2, { strength: 10 });
    expect(cmpSet(st, 'strength', 'best')).toEqual([2]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([1]);
    setRes(st, 1, { books: 4 });
    expect(cmpSet(st, 'books', 'best')).toEqual([1]);
    setRes(st, 0, { books: 9 });
    expect(cmpSet(st, 'books', 'best')).toEqual([0]);
    st.players[2]!.idle = 9;
    expect(cmpSet(st, 'workers', 'best')).toEqual([2]);
  });

  it('NAT-CMP-2: every negative stability is one lowest tie group; Versailles joins it', () => {
    const st = atAction(4);
    shape(st, [0, -1], [0, -6], [0, 0], [0, 2]);
    expect(cmpSet(st, 'stability', 'worst')).toEqual([0, 1]); // −1 and −6 tie
    expect(cmpSet(st, 'stability', 'best')).toEqual([3]);
    // Versailles (NAT-NOTE-11): the nation with 2 joins the lowest group; 0 is now strictly highest.
    mod(st, 3, { countsAsLeastStable: true });
    expect(stability(st, 3)).toBe(2);
    expect(cmpSet(st, 'stability', 'worst')).toEqual([0, 1, 3]);
    expect(cmpSet(st, 'stability', 'best')).toEqual([2]);
    // Strength has no such grouping: equal values only.
    shape(st, [1, 0], [2, 0], [3, 0], [3, 0]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([0]);
  });

  it('NAT-CMP-3, NAT-CMP-4: with k = 1 a benefit needs a strict lead; a penalty hits the whole lowest tie group', () => {
    const st = atAction(4);
    shape(st, [8, 0], [8, 0], [3, 0], [3, 0]);
    expect(cmpSet(st, 'strength', 'best')).toEqual([]); // tie for the top: nobody
    expect(cmpSet(st, 'strength', 'worst')).toEqual([2, 3]); // both suffer in full
    mod(st, 0, { strength: 1 });
    expect(cmpSet(st, 'strength', 'best')).toEqual([0]);
    mod(st, 3, { strength: 1 });
    expect(cmpSet(st, 'strength', 'worst')).toEqual([2]);
  });

  it('NAT-CMP-5, NAT-TS-9: 5 players: a tie group filling places 1–2 gets the benefit; one reaching place 3 gets nothing', () => {
    const st = atAction(5);
    // (a) 20, 20, 15, 10, 10
    shape(st, [20, 0], [20, 0], [15, 0], [10, 0], [10, 0]);
    expect(cmpSet(st, 'strength', 'best')).toEqual([0, 1]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([3, 4]);
    // (b) 20, 18, 18, 18, 5: the 18s reach place 4, so four nations are weakest
    shape(st, [20, 0], [18, 0], [18, 0], [18, 0], [5, 0]);
    expect(cmpSet(st, 'strength', 'best')).toEqual([0]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([1, 2, 3, 4]);
    // (c) stabilities 3, −1, −2, −7, −9: one negative group over places 2–5
    shape(st, [0, 3], [0, -1], [0, -2], [0, -7], [0, -9]);
    expect(cmpSet(st, 'stability', 'best')).toEqual([0]);
    expect(cmpSet(st, 'stability', 'worst')).toEqual([1, 2, 3, 4]);
    // (d) pass position widening, see NAT-CMP-7
    st.passOrder = [3, 1, 0, 4, 2];
    expect(passedAs(st, 1, 'first')).toBe(true);
    expect(passedAs(st, 4, 'last')).toBe(true);
    expect(passedAs(st, 0, 'first') || passedAs(st, 0, 'last')).toBe(false);
  });

  it('NAT-CMP-6: with 2 players a tie hurts both and helps nobody; no nation is ever both best and worst', () => {
    const st = atAction(2);
    shape(st, [4, 2], [4, 1]);
    expect(cmpSet(st, 'strength', 'best')).toEqual([]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([0, 1]);
    expect(cmpSet(st, 'stability', 'best')).toEqual([0]);
    expect(cmpSet(st, 'stability', 'worst')).toEqual([1]);
    // Exhaustive small check for 2..5 players.
    for (const n of [2, 3, 4, 5]) {
      const g = atAction(n);
      const vals = [0, 1, 2];
      const total = vals.length ** n;
      for (let code = 0; code < total; code++) {
        let c = code;
        const pick: Array<[number, number]> = [];
        for (let s = 0; s < n; s++) {
          pick.push([vals[c % 3]!, 0]);
          c = Math.floor(c / 3);
        }
        shape(g, ...pick);
        const best = cmpSet(g, 'strength', 'best');
        const worst = cmpSet(g, 'strength', 'worst');
        expect(best.filter((s) => worst.includes(s))).toEqual([]);
      }
    }
  });

  it('NAT-CMP-7: 5 players: passed 1st or 2nd counts as first, 4th or 5th as last; ≤ 4 players: exactly', () => {
    const st = atAction(5);
    st.passOrder = [4, 3, 2, 1, 0];
    expect([0, 1, 2, 3, 4].filter((s) => passedAs(st, s, 'first'))).toEqual([3, 4]);
    expect([0, 1, 2, 3, 4].filter((s) => passedAs(st, s, 'last'))).toEqual([0, 1]);
    const g = atAction(4);
    g.passOrder = [2, 0, 3, 1];
    expect([0, 1, 2, 3].filter((s) => passedAs(g, s, 'first'))).toEqual([2]);
    expect([0, 1, 2, 3].filter((s) => passedAs(g, s, 'last'))).toEqual([1]);
  });

  it('NAT-CMP-8: player order breaks ties only where a rule says so (order step, Olympic Games, Zoroastrian chooser)', () => {
    // No tiebreak for an ordinary benefit: Philosophy (most stable +1 VP) with a tie gives nobody anything.
    const st = atAction(3);
    shape(st, [0, 4], [0, 4], [0, 1]);
    st.order = [1, 0, 2];
    runEvents(st, 'taoism');
    expect(st.players.map((p) => p.vp)).toEqual([10, 10, 10]);
    // Olympic Games: tie for most stable → the earlier nation in player order moves first.
    const o = atAction(3);
    shape(o, [0, 4], [0, 4], [0, 1]);
    o.order = [2, 1, 0];
    runEvents(o, 'qinunification');
    expect(o.order).toEqual([1, 2, 0]);
    // Zoroastrian Revival: tied most stable → the earlier in player order chooses.
    const z = atAction(3);
    shape(z, [5, 4], [5, 4], [1, 1]);
    z.order = [1, 0, 2];
    runEvents(z, 'attila');
    expect(z.pending?.kind).toBe('choice');
    expect(z.pending?.s).toBe(1);
    answer(z, { branch: 0 });
    expect(z.players[1]!.res.stone).toBe(4);
    expect(z.players[0]!.res.stone).toBe(0);
    // Player-order step: equal strength and stability keep the previous relative order.
    const p = atAction(3);
    shape(p, [5, 2], [5, 2], [5, 2]);
    p.order = [2, 0, 1];
    only(p, 'order');
    expect(p.order).toEqual([2, 0, 1]);
  });

  it('NAT-CMP-9: solo: every comparison is against the virtual opponent; a tie is a loss; no VO value = a win', () => {
    const st = atAction(1);
    bare(st, 0);
    mod(st, 0, { strength: 5 });
    mod(st, 0, { stability: 2 });
    const vo = st.solo1!;
    vo.strength = 5;
    vo.stability = 1;
    vo.books = 3;
    expect(cmpSet(st, 'strength', 'best')).toEqual([]); // tie: no benefit…
    expect(cmpSet(st, 'strength', 'worst')).toEqual([0]); // …and counts as a loss
    expect(cmpSet(st, 'stability', 'best')).toEqual([0]);
    expect(cmpSet(st, 'stability', 'worst')).toEqual([]);
    setRes(st, 0, { books: 2 });
    expect(cmpSet(st, 'books', 'worst')).toEqual([0]);
    vo.strength = null; // the tile gives no strength: the player wins (NAT-SOLO-6)
    expect(cmpSet(st, 'strength', 'best')).toEqual([0]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([]);
  });

  it('NAT-EX-12: 5 players, strengths 23, 22, 22, 5, 4: benefit to the 23 only; penalty to the 5 and the 4', () => {
    const st = atAction(5);
    shape(st, [23, 0], [22, 0], [22, 0], [5, 0], [4, 0]);
    expect(cmpSet(st, 'strength', 'best')).toEqual([0]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([3, 4]);
  });

  it('NAT-EX-13: 5 players, stabilities 8, 7, 5, 5, 4: most stable 8 and 7; least stable 5, 5 and 4', () => {
    const st = atAction(5);
    shape(st, [0, 8], [0, 7], [0, 5], [0, 5], [0, 4]);
    expect(cmpSet(st, 'stability', 'best')).toEqual([0, 1]);
    expect(cmpSet(st, 'stability', 'worst')).toEqual([2, 3, 4]);
  });
});

// ================================================================ NAT-REM

describe('removal conditions and used markers (NAT-REM)', () => {
  /** TS-8 shape with real cards: Hoplite +3 ×2 (the "Archers"), an unmanned Knight (+5, 2 stone), Harald. */
  function knights(): NatState {
    const st = atAction(3);
    shape(st, [0, 0], [5, 0], [8, 0]);
    setRow(st, 0, 0, 'hoplite', 2);
    setRow(st, 0, 1, 'knight', 0);
    st.players[0]!.idle = 0;
    setRes(st, 0, { stone: 4 });
    addAdvisor(st, 0, 'harald'); // removeWhen: weakest
    return st;
  }

  it('NAT-REM-1: a removal condition removes the card the moment it holds, even in the middle of a move (NAT-TS-8 with real cards)', () => {
    const st = knights();
    expect(strength(st, 0)).toBe(6);
    turn(st, 0);
    const log = ok(st, 0, { type: 'deploy', from: 0, to: 1 });
    // Between the undeploy (strength 3 < 5: weakest) and the deploy, Harald is removed.
    expect(inst(st, 0, 'harald')).toBeUndefined();
    expect(st.removed).toContain('harald');
    expect(res(st, 0).stone).toBe(2);
    expect(strength(st, 0)).toBe(8);
    expect(cites(log, 'NAT-REM-1')).toBe(true);
    // Contrast: an idle worker deployed straight onto the Knight never makes P the weakest.
    const c = knights();
    c.players[0]!.idle = 1;
    turn(c, 0);
    ok(c, 0, { type: 'deploy', from: -1, to: 1 });
    expect(inst(c, 0, 'harald')).toBeDefined();
    expect(strength(c, 0)).toBe(11);
    // Also on another player's turn: Q's deployment makes P the weakest.
    const o = atAction(3);
    shape(o, [5, 0], [4, 0], [6, 0]);
    addAdvisor(o, 0, 'harald');
    setRow(o, 1, 0, 'hoplite', 0);
    setRes(o, 1, { stone: 1 });
    turn(o, 1);
    ok(o, 1, { type: 'deploy', from: -1, to: 0 });
    expect(inst(o, 0, 'harald')).toBeUndefined();
  });

  it('NAT-REM-2: removal conditions are checked after every atomic change, including a free undeploy and a deploy', () => {
    // Undeploy (free operation) makes P the weakest: Harald goes at once, before the turn ends.
    const st = knights();
    turn(st, 0);
    ok(st, 0, { type: 'undeploy', slot: 0 });
    expect(strength(st, 0)).toBe(3);
    expect(inst(st, 0, 'harald')).toBeUndefined();
    // Deploying a worker onto a military card removes Boudica at once (NAT-NOTE-2).
    const b = atAction(3);
    bare(b, 0);
    setRow(b, 0, 0, 'hoplite', 0);
    b.players[0]!.idle = 1;
    setRes(b, 0, { stone: 1 });
    addAdvisor(b, 0, 'boudica');
    turn(b, 0);
    ok(b, 0, { type: 'deploy', from: -1, to: 0 });
    expect(inst(b, 0, 'boudica')).toBeUndefined();
    // A modifier starting: Sinking of the Vasa's −10 strength makes P the weakest; Harald goes before the
    // lower event (Peace of Westphalia) is resolved.
    const m = atAction(3);
    shape(m, [6, 0], [5, 2], [8, 2]);
    addAdvisor(m, 0, 'harald');
    setRes(m, 0, { food: 9 });
    runEvents(m, 'vasa');
    expect(m.pending?.kind).toBe('choice');
    answer(m, { branch: 1 });
    expect(inst(m, 0, 'harald')).toBeUndefined();
    expect(res(m, 0).food).toBe(4); // and P, now the weakest, paid the 5 food
  });

  it('NAT-REM-3: removals cascade to a fixpoint; same-check removals go in player order, then slot order', () => {
    // Cascade: K (+4 strength, removed when least stable) goes, which makes P the weakest, so Harald goes.
    const st = atAction(3);
    shape(st, [3, 1], [6, 2], [5, 3]);
    addColony(st, 0, K_COLONY.id);
    addAdvisor(st, 0, 'harald');
    expect(strength(st, 0)).toBe(7);
    mod(st, 0, { stability: -2 });
    const log: GameEvent[] = [];
    checkRemovals(st, log);
    expect(st.players[0]!.colonies).toEqual([]);
    expect(st.players[0]!.advisors).toEqual([]);
    expect(keyed(log, 'nat.ev.removed').map((e) => e.params!.card)).toEqual([K_COLONY.id, 'harald']);
    expect(cites(log, 'NAT-REM-3')).toBe(true);
    // Same check: seats 2 and 1 both least stable; player order [2, 1, 0]; inside a seat: advisor before colony.
    const o = atAction(3);
    shape(o, [0, 5], [0, 1], [0, 1]);
    o.order = [2, 1, 0];
    addColony(o, 1, K_COLONY.id);
    addAdvisor(o, 1, 'qinshihuang');
    addAdvisor(o, 2, 'qinshihuang');
    const l2: GameEvent[] = [];
    checkRemovals(o, l2);
    expect(keyed(l2, 'nat.ev.removed').map((e) => [e.params!.seat, e.params!.card])).toEqual([
      [2, 'qinshihuang'],
      [1, 'qinshihuang'],
      [1, K_COLONY.id],
    ]);
  });

  it('NAT-REM-4: a removed card’s workers become idle and its effects end at once', () => {
    const st = atAction(3);
    shape(st, [4, 0], [5, 0], [6, 0]);
    setRow(st, 0, 1, FORT.id, 2);
    st.players[0]!.idle = 0;
    addAdvisor(st, 1, 'boudica');
    expect(stability(st, 0)).toBe(4);
    checkRemovals(st, undefined); // seat 0 is the weakest
    expect(st.players[0]!.row[1]).toBeNull();
    expect(st.players[0]!.idle).toBe(2);
    expect(stability(st, 0)).toBe(0);
    // Boudica's +1 strength ends when she is removed.
    expect(strength(st, 1)).toBe(6);
    setRow(st, 1, 0, 'hoplite', 1);
    checkRemovals(st, undefined);
    expect(inst(st, 1, 'boudica')).toBeUndefined();
    expect(strength(st, 1)).toBe(8);
  });

  it('NAT-REM-5: conditions use the event comparison rules ("weakest" = the weakest set, k = 2 with 5 players)', () => {
    const st = atAction(5);
    shape(st, [10, 0], [9, 0], [8, 0], [7, 0], [6, 0]);
    addAdvisor(st, 3, 'harald'); // 4th of 5: in the weakest set with k = 2
    addAdvisor(st, 2, 'harald'); // 3rd of 5: safe
    checkRemovals(st, undefined);
    expect(inst(st, 3, 'harald')).toBeUndefined();
    expect(inst(st, 2, 'harald')).toBeDefined();
    // 3 players, tied for weakest: both in the set, so the card goes.
    const t = atAction(3);
    shape(t, [10, 0], [4, 0], [4, 0]);
    addAdvisor(t, 1, 'harald');
    checkRemovals(t, undefined);
    expect(inst(t, 1, 'harald')).toBeUndefined();
    // The middle nation of 3 is not the weakest.
    const m = atAction(3);
    shape(m, [10, 0], [5, 0], [4, 0]);
    addAdvisor(m, 1, 'harald');
    checkRemovals(m, undefined);
    expect(inst(m, 1, 'harald')).toBeDefined();
  });

  it('NAT-REM-6: used markers (ability use, Great Wall on a first pass) are all removed at end of round', () => {
    const st = atAction(3);
    for (const s of [0, 1, 2]) bare(st, s);
    st.step = 'action';
    st.order = [0, 1, 2];
    addWonder(st, 0, 'greatwall');
    addWonder(st, 1, 'greatwall');
    addWonder(st, 2, 'petra');
    const gw0 = inst(st, 0, 'greatwall')!.u;
    const gw1 = inst(st, 1, 'greatwall')!.u;
    const petra = inst(st, 2, 'petra')!.u;
    setRes(st, 2, { food: 1 });
    turn(st, 2);
    ok(st, 2, { type: 'ability', card: petra, ability: 'trade' });
    ok(st, 2, { type: 'choose', res: 'books' });
    expect(st.players[2]!.used).toContain(petra);
    turn(st, 0);
    ok(st, 0, { type: 'pass' }); // first to pass: Great Wall marked
    turn(st, 1);
    ok(st, 1, { type: 'pass' }); // second: not marked
    expect(st.players[0]!.used).toContain(gw0);
    expect(st.players[1]!.used).not.toContain(gw1);
    st.eventCard = 'attila';
    only(st, 'cleanup');
    expect(st.players.map((p) => p.used)).toEqual([[], [], []]);
  });
});

// ================================================================ NAT-PROD

describe('production (NAT-PROD)', () => {
  it('NAT-PROD-1: all nations produce together; the result does not depend on the order', () => {
    const build = (order: number[]) => {
      const st = atAction(3);
      for (const s of [0, 1, 2]) bare(st, s);
      setRow(st, 0, 0, 'forum', 2); // +4 gold, +2 food
      setRow(st, 1, 0, 'hoplite', 2); // −2 stone (runs short)
      setRes(st, 1, { books: 5 });
      setRow(st, 2, 0, 'monastery', 1); // +1 food, +3 books
      addAdvisor(st, 2, 'augustine'); // +2 books if most stable (+1 stability)
      st.order = order;
      only(st, 'production');
      return st.players.map((p) => ({ res: p.res, vp: p.vp }));
    };
    const a = build([0, 1, 2]);
    expect(build([2, 1, 0])).toEqual(a);
    expect(build([1, 2, 0])).toEqual(a);
    expect(a[0]).toEqual({ res: { gold: 4, stone: 0, food: 2, books: 0 }, vp: 10 });
    expect(a[1]).toEqual({ res: { gold: 0, stone: 0, food: 0, books: 3 }, vp: 9 });
    expect(a[2]).toEqual({ res: { gold: 0, stone: 0, food: 1, books: 5 }, vp: 10 });
  });

  it('NAT-PROD-2: conditions and the unrest check use the snapshot taken at the start of the step', () => {
    const st = atAction(3);
    shape(st, [6, 1], [5, 0], [0, 0]);
    addAdvisor(st, 0, 'augustus'); // +1 strength; +2 stone if strongest
    addAdvisor(st, 1, 'peter'); // a production choice if above the war marker
    st.war = { id: 'hunnic', marker: 0, buyer: 2 };
    st.order = [1, 0, 2];
    only(st, 'production');
    // Seat 1 decides first; meanwhile the state changes (seat 2 becomes strongest, seat 0 goes into revolt).
    expect(st.pending?.kind).toBe('prodChoice');
    mod(st, 2, { strength: 20 });
    mod(st, 0, { stability: -5 });
    answer(st, { res: 'gold' });
    expect(st.players[1]!.res.gold).toBe(5);
    expect(st.players[0]!.res.stone).toBe(2); // strongest in the snapshot
    expect(st.players[0]!.vp).toBe(10); // no unrest: stability was 1 in the snapshot
    expect(st.players[0]!.res.books).toBe(0);
  });

  it('NAT-PROD-3, NAT-EX-4: the net change sums every source: food +2 −1 +3 +2 −2 −3 = +1', () => {
    const st = atAction(3);
    bare(st, 0);
    setRow(st, 0, 0, 'aqueduct', 1); // +2 food
    setRow(st, 0, 1, 'legionary', 1); // −1 food
    setRow(st, 0, 2, 'windmill', 1); // +3 food, +1 gold
    addColony(st, 0, 'hispania'); // +2 food
    addWonder(st, 0, 'pyramids'); // +2 gold, −2 food
    st.players[0]!.foodFilled = 3; // one empty food space: −3 food
    const log = only(st, 'production');
    const ev = keyed(log, 'nat.ev.production').find((e) => e.params!.seat === 0)!;
    expect((ev.params!.net as Record<string, number>).food).toBe(1);
    expect(res(st, 0)).toEqual({ gold: 3, stone: 0, food: 1, books: 0 });
    expect(st.players[0]!.vp).toBe(10);
    expect(st.players[0]!.short).toBe(0);
  });

  it('NAT-PROD-4: every gain is added before any payment (books produced cover a stone shortage)', () => {
    const st = atAction(3);
    bare(st, 0);
    setRow(st, 0, 0, 'hoplite', 2); // −2 stone
    setRow(st, 0, 1, 'monastery', 1); // +1 food, +3 books
    only(st, 'production');
    expect(res(st, 0)).toEqual({ gold: 0, stone: 0, food: 1, books: 1 });
    expect(st.players[0]!.vp).toBe(9); // stone shortage only
    expect(st.players[0]!.short).toBe(2); // stone marked, books not
  });

  it('NAT-PROD-5: negative nets are forced payments in the order gold, food, stone, books', () => {
    const st = atAction(3);
    bare(st, 0);
    setRow(st, 0, 0, 'chariot', 1); // −1 gold
    setRow(st, 0, 1, 'legionary', 2); // −2 food
    setRow(st, 0, 2, 'hoplite', 3); // −3 stone
    setRes(st, 0, { stone: 3 });
    const log = only(st, 'production');
    // Gold first: books missing → 1 stone given; food: books missing → 2 stone given; stone: 0 left → short.
    expect(keyed(log, 'nat.ev.shortage').map((e) => e.params!.res)).toEqual([
      'gold',
      'books',
      'food',
      'books',
      'stone',
      'books',
    ]);
    expect(st.players[0]!.vp).toBe(6); // gold, books, food, stone: 4 marks
    expect(st.players[0]!.short).toBe(15);
    expect(res(st, 0)).toEqual({ gold: 0, stone: 0, food: 0, books: 0 });
  });

  it('NAT-PROD-6, NAT-TS-2 (a): unrest costs |stability| books (forced) and 1 VP, after the production payments', () => {
    const st = atAction(4);
    shape(st, [5, -1], [5, -6], [5, 0], [1, 2]);
    setRes(st, 0, { books: 3 });
    setRes(st, 1, { books: 4, gold: 3 });
    only(st, 'production');
    // A: 1 book and 1 VP.
    expect(res(st, 0).books).toBe(2);
    expect(st.players[0]!.vp).toBe(9);
    // B: owes 6 books, pays 4, 2 short: 1 VP unrest + 1 VP book shortage, then 2 gold for the missing books.
    expect(res(st, 1)).toEqual({ gold: 1, stone: 0, food: 0, books: 0 });
    expect(st.players[1]!.vp).toBe(8);
    expect(st.players[1]!.short).toBe(8);
    // C (0) and D (2): no unrest.
    expect(st.players[2]!.vp).toBe(10);
    expect(st.players[3]!.vp).toBe(10);
  });

  it('NAT-PROD-6: unrest comes after the production gains and its VP is not limited by the shortage marks', () => {
    const st = atAction(3);
    bare(st, 0);
    mod(st, 0, { stability: -3 });
    setRow(st, 0, 0, 'lyceum', 1); // +1 stone, +2 books
    setRow(st, 0, 1, 'legionary', 1); // −1 food: a food shortage
    setRes(st, 0, { books: 2 });
    only(st, 'production');
    // books 2 + 2 = 4; −1 book for the food; −3 books for unrest → 0; VP −1 (food) −1 (unrest).
    expect(res(st, 0)).toEqual({ gold: 0, stone: 1, food: 0, books: 0 });
    expect(st.players[0]!.vp).toBe(8);
    expect(st.players[0]!.short).toBe(4);
  });

  it('NAT-PROD-7, NAT-TS-11: Versailles ("counts as least stable") does not cause unrest', () => {
    const st = atAction(4);
    shape(st, [10, 9], [10, 4], [3, 2], [3, -1]);
    mod(st, 0, { countsAsLeastStable: true });
    setRes(st, 0, { books: 5 });
    setRes(st, 3, { books: 5 });
    only(st, 'production');
    expect(st.players[0]!.vp).toBe(10);
    expect(res(st, 0).books).toBe(5);
    expect(st.players[3]!.vp).toBe(9);
    expect(res(st, 3).books).toBe(4);
  });

  it('NAT-PROD-8: production never changes strength or stability', () => {
    const st = atAction(3);
    bare(st, 0);
    setRow(st, 0, 0, 'ziggurat', 2);
    setRow(st, 0, 1, 'hoplite', 2);
    addColony(st, 0, 'macedonia');
    st.players[0]!.stabFilled = 3;
    const before = [strength(st, 0), stability(st, 0)];
    only(st, 'production');
    expect(res(st, 0).stone).toBe(0); // +2 −2
    expect([strength(st, 0), stability(st, 0)]).toEqual(before);
    expect(before).toEqual([8, 1]);
  });

  it('NAT-EX-20, NAT-5P-1: Saint Augustine with 5 players: 9 of (9, 7, 7, 3, 1) qualifies; a tied 7 does not', () => {
    const run = (mine: number) => {
      const st = atAction(5);
      const others = mine === 9 ? [7, 7, 3, 1] : [9, 7, 3, 1];
      shape(
        st,
        [0, mine - 1], // Augustine gives +1 stability
        ...others.map((v): [number, number] => [0, v]),
      );
      addAdvisor(st, 0, 'augustine');
      expect(stability(st, 0)).toBe(mine);
      only(st, 'production');
      return st.players[0]!.res.books;
    };
    expect(run(9)).toBe(2);
    expect(run(7)).toBe(0);
  });
});

// ================================================================ NAT-ORDER

describe('player order (NAT-ORDER)', () => {
  it('NAT-ORDER-1: strength first, then stability, then the previous order', () => {
    const st = atAction(4);
    shape(st, [3, 1], [7, 0], [3, 4], [3, 1]);
    st.order = [3, 2, 1, 0];
    const log = only(st, 'order');
    expect(st.order).toEqual([1, 2, 3, 0]);
    expect(cites(log, 'NAT-ORDER-1')).toBe(true);
  });

  it('NAT-ORDER-1, NAT-TS-2 (b): negative stabilities tie, so the previous order decides: C, B, A, D', () => {
    const st = atAction(4);
    shape(st, [5, -1], [5, -6], [5, 0], [1, 2]);
    st.order = [1, 0, 2, 3];
    only(st, 'order');
    expect(st.order).toEqual([2, 1, 0, 3]);
  });

  it('NAT-ORDER-2: the new order applies at once to war processing and to event choices', () => {
    const st = atAction(3);
    shape(st, [1, 0], [3, 0], [2, 0]);
    for (const s of [0, 1, 2]) setRes(st, s, { food: 10 });
    st.order = [0, 1, 2];
    st.war = { id: 'hunnic', marker: 9, buyer: 0 };
    only(st, 'order');
    expect(st.order).toEqual([1, 2, 0]);
    const log = only(st, 'war');
    expect(keyed(log, 'nat.ev.defeated').map((e) => e.params!.seat)).toEqual([1, 2, 0]);
    // Christianity (lower event of Bread and Games): offers asked in reverse of the new order.
    runEvents(st, 'breadgames');
    expect(st.pending?.s).toBe(0);
    answer(st, { accept: false });
    expect(st.pending?.s).toBe(2);
  });

  it('NAT-ORDER-3: events may reorder again, and their result is the next round’s order', () => {
    const st = atAction(3);
    shape(st, [3, -1], [2, 4], [1, 3]);
    setRes(st, 0, { gold: 5, food: 5 });
    st.order = [0, 1, 2];
    st.eventCard = 'yellowturban'; // lower: Spartacus Revolt, least stable go last
    only(st, 'events');
    expect(st.order).toEqual([1, 2, 0]);
    only(st, 'famine');
    only(st, 'books');
    only(st, 'cleanup');
    expect(st.round).toBe(2);
    expect(st.order).toEqual([1, 2, 0]);
    only(st, 'growth'); // growth asks in reverse player order (NAT-MAINT-10)
    expect(st.pending?.kind).toBe('growth');
    expect(st.pending?.s).toBe(0);
  });

  it('NAT-ORDER-4: the shown order (view) is the current player order', () => {
    const st = atAction(3);
    shape(st, [1, 0], [3, 0], [2, 0]);
    only(st, 'order');
    expect(nations.view(st, 0).order).toEqual([1, 2, 0]);
    expect(nations.view(st, -1).order).toEqual(st.order);
  });
});

// ================================================================ NAT-WARRES

describe('war resolution (NAT-WARRES)', () => {
  /** Seats `shape`d in player order 0, 1, …, 10 of everything; seat 0 bought a Hunnic war (marker 10). */
  function warGame(...vals: Array<[number, number]>): NatState {
    const st = atAction(vals.length);
    shape(st, ...vals);
    st.order = vals.map((_, s) => s);
    st.war = { id: 'hunnic', marker: 10, buyer: 0 };
    st.warBought = true;
    for (let s = 0; s < vals.length; s++) setRes(st, s, { gold: 10, stone: 10, food: 10, books: 10 });
    return st;
  }

  it('NAT-WARRES-1: nations below the marker are defeated; at or above are not; Elizabeth adds 8 for the check only', () => {
    const st = warGame([9, 0], [10, 0], [11, 0], [3, 0]);
    addAdvisor(st, 3, 'elizabeth');
    const log = only(st, 'war');
    expect(keyed(log, 'nat.ev.warResolve')[0]!.params!.defeated).toEqual([0]);
    expect(st.players.map((p) => p.vp)).toEqual([9, 10, 10, 10]);
    expect(st.players.map((p) => p.res.food)).toEqual([6, 10, 10, 10]);
    expect(strength(st, 3)).toBe(3);
  });

  it('NAT-WARRES-2: each defeated nation loses the printed VP whatever its stability; the Great Wall is the exception', () => {
    const st = warGame([0, 20], [0, 0], [20, 0]);
    addWonder(st, 1, 'greatwall'); // +2 stability, but not passed first
    only(st, 'war');
    expect(st.players[0]!.vp).toBe(9);
    expect(st.players[0]!.res.food).toBe(10); // stability 15 (capped) covers the 4 food
    expect(st.players[1]!.vp).toBe(9);
    const g = warGame([0, 0], [0, 0], [20, 0]);
    addWonder(g, 1, 'greatwall');
    g.passOrder = [1];
    only(g, 'war');
    expect(g.players[1]!.vp).toBe(10);
    expect(g.players[1]!.res.food).toBe(8); // 4 − 2 stability
  });

  it('NAT-WARRES-3: stability above 0 reduces the resource loss (never below 0); negative stability does not', () => {
    const st = warGame([0, 3], [0, -2], [0, 9], [20, 0]);
    only(st, 'war');
    expect(st.players.map((p) => p.res.food)).toEqual([9, 6, 10, 10]);
    expect(st.players.map((p) => p.vp)).toEqual([9, 9, 9, 10]);
  });

  it('NAT-WARRES-3, NAT-WARRES-7: with several loss types the defeated nation spreads the reduction (Luther + gold war)', () => {
    const st = warGame([0, 3], [20, 0], [20, 0]);
    st.war!.id = 'parthian'; // −3 gold
    addAdvisor(st, 1, 'luther'); // every defeated nation: 4 more food
    only(st, 'war');
    expect(st.pending?.kind).toBe('warSpread');
    expect(st.pending?.s).toBe(0);
    // total 7, reduced by 3: every split of the 3 over gold and food is offered
    expect(st.pending!.opts.map((o) => o.loss)).toHaveLength(4);
    answer(st, { loss: { gold: 3, food: 1 } });
    expect(res(st, 0)).toEqual({ gold: 7, stone: 10, food: 9, books: 10 });
    expect(st.players[0]!.vp).toBe(9);
  });

  it('NAT-WARRES-4: the remaining loss is a forced payment (shortage procedure)', () => {
    const st = warGame([0, 1], [20, 0], [20, 0]);
    setRes(st, 0, { food: 1, books: 5 });
    only(st, 'war');
    // 4 − 1 = 3 food: pays 1, 2 short → 1 shortage VP and 2 books; plus the war VP.
    expect(res(st, 0)).toEqual({ gold: 10, stone: 10, food: 0, books: 3 });
    expect(st.players[0]!.vp).toBe(8);
    expect(st.players[0]!.short).toBe(4);
  });

  it('NAT-WARRES-5: defeated nations are handled in player order', () => {
    const st = warGame([1, 0], [2, 0], [3, 0]);
    st.order = [2, 0, 1];
    const log = only(st, 'war');
    expect(keyed(log, 'nat.ev.defeated').map((e) => e.params!.seat)).toEqual([2, 0, 1]);
  });

  it('NAT-WARRES-6: afterwards the war card is removed from the game and the marker leaves the track', () => {
    const st = warGame([1, 0], [20, 0], [20, 0]);
    only(st, 'war');
    expect(st.war).toBeNull();
    expect(st.removed).toContain('hunnic');
    // No war: the step does nothing.
    const n = warGame([1, 0], [20, 0], [20, 0]);
    n.war = null;
    only(n, 'war');
    expect(n.players[0]!.vp).toBe(10);
  });

  it('NAT-WARRES-7: Martin Luther’s extra 4 food is added before the stability reduction', () => {
    const st = warGame([0, 5], [20, 0], [20, 0]);
    addAdvisor(st, 1, 'luther');
    only(st, 'war');
    expect(res(st, 0).food).toBe(7); // 4 + 4 − 5 = 3
  });

  it('NAT-WARRES-8: the war step records everything it removed (resources, substitute books, given-up resources, VP)', () => {
    const st = warGame([0, 0], [20, 0], [20, 0]);
    setRes(st, 0, { gold: 0, stone: 2, food: 1, books: 1 });
    st.players[0]!.vp = 5;
    only(st, 'war');
    // 4 food: 1 paid, 3 short (VP), 1 book paid, 2 short (VP), 2 stone given up; +1 war VP.
    expect(res(st, 0)).toEqual({ gold: 0, stone: 0, food: 0, books: 0 });
    expect(st.players[0]!.vp).toBe(2);
    expect(st.players[0]!.warLost).toEqual({ res: { food: 1, books: 1, stone: 2 }, vp: 3 });
    expect(st.players[1]!.warLost).toBeNull();
  });
});

// ================================================================ NAT-FAMINE

describe('famine (NAT-FAMINE)', () => {
  it('NAT-FAMINE-1: every nation pays the event card’s famine food as a forced payment', () => {
    const st = atAction(3);
    for (const s of [0, 1, 2]) bare(st, s);
    setRes(st, 0, { food: 5 });
    setRes(st, 1, { food: 3 });
    setRes(st, 2, { food: 1, books: 4 });
    st.eventCard = 'attila'; // famine 3
    const log = only(st, 'famine');
    expect(st.players.map((p) => p.res.food)).toEqual([2, 0, 0]);
    expect(st.players.map((p) => p.vp)).toEqual([10, 10, 9]);
    expect(res(st, 2).books).toBe(2);
    expect(cites(log, 'NAT-FAMINE-1')).toBe(true);
    // Solo: the famine number comes from the solo tile.
    const solo = atAction(1);
    bare(solo, 0);
    setRes(solo, 0, { food: 9 });
    const f = soloTile(solo.solo1!.tile!)!.famine;
    only(solo, 'famine');
    expect(solo.players[0]!.res.food).toBe(9 - f);
    // Famine 0: nothing.
    const z = atAction(3);
    bare(z, 0);
    z.eventCard = 'breadgames';
    only(z, 'famine');
    expect(z.players[0]!.vp).toBe(10);
  });

  it('NAT-FAMINE-2: missing food is replaced by books; a food mark taken earlier this round costs no second VP', () => {
    const st = atAction(3);
    bare(st, 0);
    setRes(st, 0, { food: 1, books: 5 });
    st.players[0]!.short = 4; // food already short this round
    st.eventCard = 'attila';
    only(st, 'famine');
    expect(res(st, 0)).toEqual({ gold: 0, stone: 0, food: 0, books: 3 });
    expect(st.players[0]!.vp).toBe(10);
  });
});

// ================================================================ tricky scenarios

describe('tricky scenarios (NAT-TS)', () => {
  it('NAT-TS-2 (c): "least stable: lose a worker" hits both negatives; "most stable: +1 VP" goes to D', () => {
    // Emigration (lower event of Weltpolitik) and Philosophy (lower event of Taoism) stand in.
    const st = atAction(4);
    shape(st, [5, -1], [5, -6], [5, 0], [1, 2]);
    st.order = [2, 1, 0, 3];
    for (const s of [0, 1, 2, 3]) st.players[s]!.idle = 2;
    runEvents(st, 'weltpolitik');
    // each loser chooses the worker and the side; the engine asks seat 1 then seat 0 in player order
    for (let i = 0; i < 4 && st.pending; i++) answer(st, { from: -1, side: 'overflow' });
    expect(st.players.map((p) => p.idle)).toEqual([1, 1, 2, 2]);
    expect(st.players.map((p) => p.overflow)).toEqual([1, 1, 0, 0]);
    runEvents(st, 'taoism');
    expect(st.players.map((p) => p.vp)).toEqual([10, 10, 10, 11]);
  });

  it('NAT-TS-3: shortages cascade from production through war, events and famine', () => {
    const st = atAction(3);
    shape(st, [0, 2], [25, 5], [25, 6]);
    const p = st.players[0]!;
    setRes(st, 0, { gold: 0, food: 1, stone: 2, books: 1 });
    addColony(st, 0, 'nubia'); // +2 gold
    setRow(st, 0, 0, 'legionary', 1); // −1 food (and 3 strength)
    p.foodFilled = 3; // −3 food
    for (const s of [1, 2]) setRes(st, s, { gold: 9, food: 9, books: 9 });
    st.order = [1, 2, 0];
    // Production: +2 gold; 4 food owed, 1 paid, 3 short (VP 9); 3 books owed, 1 paid, 2 short (VP 8);
    // 2 held resources to give: P chooses the gold (keeping the stone for the war).
    only(st, 'production');
    expect(st.pending?.kind).toBe('subst');
    answer(st, { lose: { gold: 2 } });
    expect(res(st, 0)).toEqual({ gold: 0, stone: 2, food: 0, books: 0 });
    expect(p.vp).toBe(8);
    // War: Hyksos (−1 VP, −4 stone) with stability 2 stands in for "−3 stone" with stability 1: 2 stone paid.
    st.war = { id: 'hyksos', marker: 20, buyer: 1 };
    only(st, 'war');
    expect(p.vp).toBe(7);
    expect(res(st, 0).stone).toBe(0);
    expect(p.short).toBe(4 | 8);
    // Events: Attila ("weakest: lose 3 gold") stands in for "lose 2 gold": gold short (VP 6), books already marked.
    runEvents(st, 'attila');
    expect(st.pending?.kind).toBe('choice'); // Zoroastrian Revival: seat 2 chooses
    answer(st, { branch: 0 });
    expect(p.vp).toBe(6);
    // Famine 3: food and books marked, nothing held: no effect.
    only(st, 'famine');
    expect(p.vp).toBe(6);
    expect(res(st, 0)).toEqual({ gold: 0, stone: 0, food: 0, books: 0 });
    expect(p.short).toBe(1 | 4 | 8);
    only(st, 'books');
    only(st, 'cleanup');
    expect(p.short).toBe(0);
  });

  it('NAT-TS-4: the war marker stays at the buyer’s strength; the buyer is defeated by its own war', () => {
    const setup = () => {
      const st = atAction(3);
      shape(st, [0, 2], [9, 0], [6, -1]);
      st.step = 'action';
      st.order = [0, 1, 2];
      setRow(st, 0, 0, 'knight', 2); // +5 per worker: strength 10
      setRow(st, 0, 1, 's-temple', 0);
      setRow(st, 1, 0, 'hoplite', 0); // +3
      st.players[1]!.idle = 1;
      for (const s of [0, 1, 2]) setRes(st, s, { gold: 5, stone: 5, food: 10 });
      st.board = st.board.map(() => null);
      st.board[0] = { id: 'hunnic', a: 0 }; // row 1: −1 VP, −4 food
      return st;
    };
    const st = setup();
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.war).toEqual({ id: 'hunnic', marker: 10, buyer: 0 });
    turn(st, 1);
    ok(st, 1, { type: 'deploy', from: -1, to: 0 });
    expect(strength(st, 1)).toBe(12);
    turn(st, 0, 1, 2);
    ok(st, 0, { type: 'deploy', from: 0, to: 1 });
    expect(strength(st, 0)).toBe(5);
    expect(st.war!.marker).toBe(10);
    only(st, 'war');
    expect(st.players.map((p) => p.vp)).toEqual([9, 10, 9]);
    expect(st.players.map((p) => p.res.food)).toEqual([8, 10, 6]);
    // Variation: C owns the Great Wall and passed first: food lost, no VP.
    const v = setup();
    addWonder(v, 2, 'greatwall');
    mod(v, 2, { stability: -2 }); // keep C at −1
    turn(v, 2);
    ok(v, 2, { type: 'pass' });
    turn(v, 0);
    ok(v, 0, { type: 'buy', row: 1, col: 0 });
    only(v, 'war');
    expect(v.players[2]!.vp).toBe(10);
    expect(v.players[2]!.res.food).toBe(6);
  });

  it('NAT-TS-5: undeploying before buying a war sets a lower marker; redeploying later does not move it; Elizabeth', () => {
    // Longbowman (+4 ×3) is the "Legion", the Axeman (+2 ×1, 1 stone) the "Scouts": 14 → 12 → 14.
    const setup = (cStrength: number) => {
      const st = atAction(3);
      shape(st, [0, 0], [11, 0], [cStrength, 0]);
      st.step = 'action';
      st.order = [0, 1, 2];
      setRow(st, 0, 0, 'longbowman', 3);
      setRow(st, 0, 1, 's-axeman', 1);
      for (const s of [0, 1, 2]) setRes(st, s, { gold: 5, stone: 5, food: 10 });
      st.board = st.board.map(() => null);
      st.board[0] = { id: 'hunnic', a: 0 };
      return st;
    };
    const st = setup(12);
    expect(strength(st, 0)).toBe(14);
    turn(st, 0);
    ok(st, 0, { type: 'undeploy', slot: 1 });
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.war!.marker).toBe(12);
    turn(st, 0, 1, 2);
    ok(st, 0, { type: 'deploy', from: -1, to: 1 });
    expect(res(st, 0).stone).toBe(4);
    expect(strength(st, 0)).toBe(14);
    expect(st.war!.marker).toBe(12);
    const log = only(st, 'war');
    expect(keyed(log, 'nat.ev.warResolve')[0]!.params!.defeated).toEqual([1]);
    // Variation: C has strength 6 and Elizabeth: war check 14 ≥ 12, not defeated; still 6 elsewhere.
    const v = setup(6);
    addAdvisor(v, 2, 'elizabeth');
    turn(v, 0);
    ok(v, 0, { type: 'undeploy', slot: 1 });
    ok(v, 0, { type: 'buy', row: 1, col: 0 });
    expect(cmpSet(v, 'strength', 'worst')).toEqual([2]);
    only(v, 'order');
    expect(v.order[2]).toBe(2);
    const l2 = only(v, 'war');
    expect(keyed(l2, 'nat.ev.warResolve')[0]!.params!.defeated).toEqual([1]);
  });

  it('NAT-TS-11: Versailles makes its owner least stable for the round of completion only', () => {
    const st = atAction(4);
    shape(st, [10, 9], [10, 4], [3, 2], [3, -1]);
    st.round = 5;
    st.step = 'action';
    st.order = [0, 1, 2, 3];
    const p = st.players[0]!;
    p.wip = { id: 'versailles', u: st.uid++, built: 2 }; // last stage costs 1 stone
    setRes(st, 0, { stone: 1 });
    for (const s of [0, 1, 2, 3]) {
      setRes(st, s, { books: 5, food: 10 });
      st.players[s]!.idle = 2;
    }
    st.pool = 1;
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(p.wonders.map((w) => w.id)).toEqual(['versailles']);
    expect(stability(st, 0)).toBe(9);
    // Production: no unrest for P; Q loses 1 book and 1 VP.
    only(st, 'production');
    expect([p.vp, p.res.books]).toEqual([10, 5]);
    expect([st.players[3]!.vp, st.players[3]!.res.books]).toEqual([9, 4]);
    // Player order: R before P (P counts as lowest for the tiebreak).
    only(st, 'order');
    expect(st.order).toEqual([1, 0, 2, 3]);
    // War: P defeated, the loss still reduced by 9.
    st.war = { id: 'punic', marker: 11, buyer: 1 }; // −6 food
    only(st, 'war');
    expect(p.res.food).toBe(10);
    // Events: "most stable +1 VP" (Philosophy) goes to R; "least stable lose a worker" (Emigration) hits Q and P.
    const vpBefore = st.players.map((x) => x.vp);
    runEvents(st, 'taoism');
    expect(st.players.map((x, s) => x.vp - vpBefore[s]!)).toEqual([0, 1, 0, 0]);
    runEvents(st, 'weltpolitik');
    for (let i = 0; i < 4 && st.pending; i++) answer(st, { from: -1, side: 'overflow' });
    expect(st.players.map((x) => x.idle)).toEqual([1, 2, 2, 1]);
    // Round 6: the effect is gone.
    only(st, 'famine');
    only(st, 'books');
    only(st, 'cleanup');
    expect(st.round).toBe(6);
    mod(st, 0, { stability: 9 });
    mod(st, 1, { stability: 4 });
    expect(cmpSet(st, 'stability', 'best')).toEqual([0]);
  });
});
