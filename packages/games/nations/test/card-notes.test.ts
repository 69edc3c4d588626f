/**
 * Card notes (spec §18, NAT-NOTE-1 … NAT-NOTE-41), NAT-TS-10 (Sun Tzu timing) and NAT-EX-18 (card notation).
 * Each test names the card ids it plays. The full list of cards with more than plain yields and modifiers, and
 * where each is tested, is at the top of progress-cards.test.ts (progress cards, nation boards) and
 * event-cards.test.ts (event cards).
 */
import { describe, expect, it } from 'vitest';
import type { NatState } from '@tabula/nations';
import {
  addAdvisor,
  addColony,
  addWonder,
  answer,
  choose,
  cites,
  clearBoard,
  cmpSet,
  game,
  ids,
  midGame,
  mod,
  ok,
  only,
  options,
  putOnBoard,
  rejects,
  res,
  resolveHalf,
  runEvents,
  setRes,
  setRow,
  setStab,
  setStr,
  stability,
  strength,
  toAction,
  turn,
  vps,
} from './helpers.js';
import { view } from '../src/view.js';

// ---------------------------------------------------------------- notes 1–12

describe('card notes 1–12', () => {
  it('NAT-NOTE-1: komnene cancels military resource upkeep in production, not stability penalties or deploy costs', () => {
    const st = midGame();
    for (const s of [0, 1]) {
      clearBoard(st, s);
      setRow(st, s, 0, 'hoplite', 2); // consumes 1 stone per worker
      setRow(st, s, 1, 'chariot', 1); // consumes 1 gold per worker
      setRow(st, s, 2, 'immortal', 1); // −1 stability per worker
      setRow(st, s, 3, 'forum', 1); // +2 gold +1 food
      setRes(st, s, { gold: 3, stone: 3 });
    }
    addAdvisor(st, 0, 'komnene');
    expect(stability(st, 0)).toBe(-1); // the penalty stays
    mod(st, 0, { stability: 1 });
    mod(st, 1, { stability: 1 });
    only(st, 'production');
    expect(res(st, 0)).toMatchObject({ gold: 5, stone: 3, food: 1, books: 1 });
    expect(res(st, 1)).toMatchObject({ gold: 4, stone: 1, food: 1, books: 0 });
    // deploying on a military card still costs its stone
    turn(st, 0);
    ok(st, 0, { type: 'deploy', from: -1, to: 0 });
    expect(st.players[0]!.res.stone).toBe(2);
  });

  it('NAT-NOTE-2: boudica is removed when its owner mans a military card (printed Axeman included)', () => {
    const st = midGame();
    addAdvisor(st, 0, 'boudica');
    setRes(st, 0, { stone: 5 });
    expect(strength(st, 0)).toBe(1);
    turn(st, 0);
    // strength from a colony does not remove it
    addColony(st, 0, 'macedonia');
    ok(st, 0, { type: 'deploy', from: -1, to: 0 }); // Temple: a building
    expect(ids(st.players[0]!.advisors)).toEqual(['boudica']);
    turn(st, 0);
    const log = ok(st, 0, { type: 'deploy', from: -1, to: 4 }); // s-axeman
    expect(st.players[0]!.advisors).toEqual([]);
    expect(st.removed).toContain('boudica');
    expect(cites(log, 'NAT-REM-1')).toBe(true);
  });

  it('NAT-NOTE-2: boudica bought while a military card is already manned is removed at once', () => {
    const st = midGame();
    setRow(st, 0, 4, 's-axeman', 1);
    putOnBoard(st, 1, 0, 'boudica');
    setRes(st, 0, { gold: 1 });
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.players[0]!.advisors).toEqual([]);
    expect(st.removed).toContain('boudica');
  });

  it('NAT-NOTE-3: elizabeth adds 8 only to the war check, not to the marker or the player order', () => {
    const st = midGame();
    addAdvisor(st, 0, 'elizabeth');
    setStr(st, 0, 5);
    setStr(st, 1, 6);
    setStr(st, 2, 5);
    setRes(st, 0, { food: 4 });
    setRes(st, 2, { food: 4 });
    // the marker is the buyer's plain strength
    putOnBoard(st, 1, 0, 'hunnic');
    setRes(st, 0, { gold: 1 });
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.war).toMatchObject({ id: 'hunnic', marker: 5 });
    st.war!.marker = 10;
    only(st, 'order');
    expect(st.order.indexOf(1)).toBeLessThan(st.order.indexOf(0)); // 6 beats 5 (+8 does not count)
    only(st, 'war');
    expect(st.players[0]!.vp).toBe(10); // 5 + 8 >= 10: not defeated
    expect(st.players[0]!.res.food).toBe(4);
    expect(st.players[2]!.vp).toBe(9); // 5 < 10: defeated
    expect(st.players[2]!.res.food).toBe(0);
  });

  it('NAT-NOTE-4: greatwall: defeated after passing first loses only the (reduced) resources, no VP', () => {
    const st = midGame();
    addWonder(st, 0, 'greatwall'); // +2 stability
    setRes(st, 0, { food: 4 });
    setRes(st, 1, { food: 4 });
    st.passOrder = [0, 1, 2];
    st.war = { id: 'hunnic', marker: 10, buyer: 2 };
    only(st, 'war');
    expect(st.players[0]!.vp).toBe(10);
    expect(st.players[0]!.res.food).toBe(2); // 4 food − stability 2 = 2 lost
    expect(st.players[1]!.vp).toBe(9);
  });

  it('NAT-NOTE-4: greatwall does not protect when its owner did not pass first', () => {
    const st = midGame();
    addWonder(st, 0, 'greatwall');
    setRes(st, 0, { food: 4 });
    st.passOrder = [1, 0, 2];
    st.war = { id: 'hunnic', marker: 10, buyer: 2 };
    only(st, 'war');
    expect(st.players[0]!.vp).toBe(9);
    expect(st.players[0]!.res.food).toBe(2);
  });

  it('NAT-NOTE-4: greatwall with 5 players: passing second counts as passing first', () => {
    const st = midGame(5);
    addWonder(st, 0, 'greatwall');
    addWonder(st, 2, 'greatwall');
    setRes(st, 0, { food: 4 });
    setRes(st, 2, { food: 4 });
    st.passOrder = [1, 0, 3, 2, 4];
    st.war = { id: 'hunnic', marker: 10, buyer: 4 };
    only(st, 'war');
    expect(st.players[0]!.vp).toBe(10);
    expect(st.players[2]!.vp).toBe(9); // passed fourth
  });

  it('NAT-NOTE-5: machiavelli draws 2 events, both shown; the chosen one is used, the other goes to the bottom', () => {
    const st = midGame(3, 5);
    addAdvisor(st, 1, 'machiavelli');
    st.events[2] = ['littleiceage', 'vasa', 'janissaries'];
    const log = only(st, 'event');
    expect(cites(log, 'NAT-NOTE-5')).toBe(true);
    expect(st.pending).toMatchObject({ s: 1, kind: 'machiavelli' });
    expect(st.shown).toEqual(['janissaries', 'vasa']);
    expect(view(st, 2).shown).toEqual(['janissaries', 'vasa']); // public: every seat sees both
    answer(st, { event: 'vasa' });
    expect(st.eventCard).toBe('vasa');
    expect(st.events[2]).toEqual(['janissaries', 'littleiceage']);
  });

  it('NAT-NOTE-5: machiavelli with a single card left in the deck draws it as normal', () => {
    const st = midGame(3, 5);
    addAdvisor(st, 1, 'machiavelli');
    st.events[2] = ['vasa'];
    only(st, 'event');
    expect(st.pending).toBeNull();
    expect(st.eventCard).toBe('vasa');
    expect(st.events[2]).toEqual([]);
  });

  it('NAT-NOTE-6: mansamusa: spending the last gold on a card gives +2 books +1 food', () => {
    const st = midGame();
    addAdvisor(st, 0, 'mansamusa');
    setRes(st, 0, { gold: 1 });
    putOnBoard(st, 1, 0, 'hunnic');
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(res(st, 0)).toMatchObject({ gold: 0, books: 2, food: 1 });
  });

  it('NAT-NOTE-6: mansamusa: an accepted event offer that spends the last gold triggers it (Fourth Crusade)', () => {
    const st = midGame();
    addAdvisor(st, 0, 'mansamusa');
    setRes(st, 0, { gold: 3 });
    setStr(st, 0, 5);
    runEvents(st, 'fourthcrusade');
    expect(st.pending).toMatchObject({ s: 0, kind: 'offer' });
    answer(st, { accept: true });
    expect(res(st, 0)).toMatchObject({ gold: 0, books: 2, food: 1 });
    expect(st.players[0]!.vp).toBe(11);
  });

  it('NAT-NOTE-6: mansamusa: forced losses to 0 gold (event, production) and payments without gold do not trigger it', () => {
    const st = midGame();
    addAdvisor(st, 0, 'mansamusa');
    // Attila: the weakest lose 3 gold (forced)
    setStr(st, 1, 3);
    setStr(st, 2, 3);
    setRes(st, 0, { gold: 3 });
    st.eventCard = 'attila';
    st.events[0] = [];
    only(st, 'events');
    while (st.pending) answer(st, { branch: 0 });
    expect(res(st, 0)).toMatchObject({ gold: 0, books: 0, food: 0 });
    // production upkeep that takes the last gold: Chariot consumes 1 gold; Mansa Musa itself gives +1 gold
    const st2 = midGame();
    clearBoard(st2, 0);
    addAdvisor(st2, 0, 'mansamusa');
    setRow(st2, 0, 0, 'chariot', 2);
    setRes(st2, 0, { gold: 1 });
    only(st2, 'production');
    expect(res(st2, 0)).toMatchObject({ gold: 0, books: 0, food: 0 });
    // gold already 0: a golden age paid in books does not trigger it
    const st3 = midGame();
    addAdvisor(st3, 0, 'mansamusa');
    setRes(st3, 0, { books: 1 });
    putOnBoard(st3, 1, 0, 'aeneid');
    st3.players[0]!.res.gold = 1;
    turn(st3, 0);
    ok(st3, 0, { type: 'buy', row: 1, col: 0 }); // spends the last gold: +2 books +1 food (once)
    choose(st3, { pay: { books: 1 } }); // the VP price paid in books with 0 gold: no second trigger
    expect(res(st3, 0)).toMatchObject({ gold: 0, books: 2, food: 1 });
    expect(st3.players[0]!.vp).toBe(11);
  });

  it('NAT-NOTE-7: porcelain holds a second advisor; buying a third asks which to remove', () => {
    const st = midGame();
    addWonder(st, 0, 'porcelain');
    addAdvisor(st, 0, 'augustus');
    setRes(st, 0, { gold: 2 });
    putOnBoard(st, 1, 0, 'hannibal');
    putOnBoard(st, 1, 1, 'suntzu');
    turn(st, 0, 2);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(ids(st.players[0]!.advisors)).toEqual(['augustus', 'hannibal']);
    ok(st, 0, { type: 'buy', row: 1, col: 1 });
    expect(st.pending?.kind).toBe('advisorOut');
    expect(options(st)).toHaveLength(2);
    const aug = st.players[0]!.advisors[0]!.u;
    choose(st, { remove: aug });
    expect(ids(st.players[0]!.advisors)).toEqual(['hannibal', 'suntzu']);
    // without the Porcelain Tower the new advisor simply replaces the old one
    const st2 = midGame();
    addAdvisor(st2, 0, 'augustus');
    setRes(st2, 0, { gold: 1 });
    putOnBoard(st2, 1, 0, 'hannibal');
    turn(st2, 0);
    ok(st2, 0, { type: 'buy', row: 1, col: 0 });
    expect(ids(st2.players[0]!.advisors)).toEqual(['hannibal']);
  });

  it('NAT-NOTE-8: sphinx gives +5 stone when another wonder is completed, even if that wonder covers it', () => {
    const st = midGame();
    addWonder(st, 0, 'sphinx');
    st.players[0]!.wip = { id: 'colosseum', u: st.uid++, built: 1 };
    setRes(st, 0, { stone: 2, food: 2 });
    st.pool = 1;
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(st.pending?.kind).toBe('cover');
    expect(st.players[0]!.res.stone).toBe(5);
    const sphinx = st.players[0]!.wonders[0]!.u;
    choose(st, { cover: sphinx });
    expect(ids(st.players[0]!.wonders)).toEqual(['colosseum']);
    expect(st.players[0]!.res.stone).toBe(5);
  });

  it('NAT-NOTE-8: sphinx does not reward its own completion', () => {
    const st = midGame();
    st.players[0]!.wip = { id: 'sphinx', u: st.uid++, built: 1 };
    setRes(st, 0, { stone: 2 });
    st.pool = 1;
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(ids(st.players[0]!.wonders)).toEqual(['sphinx']);
    expect(st.players[0]!.res.stone).toBe(0);
  });

  it('NAT-NOTE-9 / NAT-TS-10: suntzu bought on the first turn gives no second action that round', () => {
    const st = midGame(3, 3);
    putOnBoard(st, 1, 0, 'suntzu');
    setRes(st, 0, { gold: 1, stone: 2 });
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    rejects(st, 0, { type: 'deploy', from: -1, to: 0 }, 'nat.err.noAction');
    ok(st, 0, { type: 'end' });
  });

  /** Round 4 with Sun Tzu owned when seat 0's first turn begins (the real turn start). */
  function sunTzuRound(): NatState {
    const st = game(3);
    st.order = [0, 1, 2];
    addAdvisor(st, 0, 'suntzu');
    toAction(st);
    st.round = 4;
    setRes(st, 0, { gold: 3, stone: 5 });
    putOnBoard(st, 1, 0, 'hunnic');
    putOnBoard(st, 1, 1, 'hannibal');
    expect(st.turn).toMatchObject({ s: 0, left: 2 });
    return st;
  }

  it('NAT-TS-10 / NAT-NOTE-9 / NAT-ACTION-7: suntzu owned at the first turn: deploy then buy; later turns have 1 action', () => {
    const st = sunTzuRound();
    ok(st, 0, { type: 'deploy', from: -1, to: 0 });
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    rejects(st, 0, { type: 'deploy', from: -1, to: 1 }, 'nat.err.noAction');
    ok(st, 0, { type: 'end' });
    ok(st, 1, { type: 'pass' });
    ok(st, 2, { type: 'pass' });
    expect(st.turn).toMatchObject({ s: 0, left: 1 });
    ok(st, 0, { type: 'deploy', from: -1, to: 1 });
    rejects(st, 0, { type: 'deploy', from: -1, to: 2 }, 'nat.err.noAction');
  });

  it('NAT-TS-10 / NAT-NOTE-9 / NAT-ACTION-7: passing as action 1 ends the turn and the round for that player', () => {
    const st = sunTzuRound();
    ok(st, 0, { type: 'pass' });
    expect(st.players[0]!.passed).toBe(true);
    expect(st.turn?.s).toBe(1);
    ok(st, 1, { type: 'pass' });
    ok(st, 2, { type: 'pass' });
    expect(st.step).not.toBe('action'); // everyone passed: seat 0 got no further turn
  });

  it('NAT-TS-10 / NAT-NOTE-9: buying an advisor that replaces suntzu as action 1 cancels the second action', () => {
    const st = sunTzuRound();
    ok(st, 0, { type: 'buy', row: 1, col: 1 });
    expect(ids(st.players[0]!.advisors)).toEqual(['hannibal']);
    rejects(st, 0, { type: 'deploy', from: -1, to: 0 }, 'nat.err.noAction');
    ok(st, 0, { type: 'end' });
  });

  it('NAT-NOTE-10: titanic: every nation pays 4 gold or loses all its advisors; decisions in reverse order', () => {
    const st = midGame();
    const p0 = st.players[0]!;
    p0.wip = { id: 'titanic', u: st.uid++, built: 2 };
    setRes(st, 0, { stone: 2, gold: 5 });
    st.pool = 1;
    addAdvisor(st, 0, 'augustus');
    addAdvisor(st, 1, 'hannibal');
    setRes(st, 1, { gold: 4 });
    addWonder(st, 2, 'porcelain');
    addAdvisor(st, 2, 'aquino');
    addAdvisor(st, 2, 'suntzu');
    setRes(st, 2, { gold: 3 }); // cannot pay
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(st.pending).toMatchObject({ s: 1, kind: 'offer' }); // seat 2 cannot pay: seat 1 decides first
    choose(st, { accept: true });
    expect(st.pending).toMatchObject({ s: 0, kind: 'offer' });
    expect(st.players[1]!.res.gold).toBe(4); // nothing applied before every decision is made
    choose(st, { accept: false });
    expect(p0.advisors).toEqual([]);
    expect(p0.res.gold).toBe(5);
    expect(ids(st.players[1]!.advisors)).toEqual(['hannibal']);
    expect(st.players[1]!.res.gold).toBe(0);
    expect(st.players[2]!.advisors).toEqual([]); // both advisors lost
    expect(st.players[2]!.res.gold).toBe(3);
    expect(ids(p0.wonders)).toEqual(['titanic']);
  });

  it('NAT-NOTE-11: versailles makes its owner least stable in comparisons for the round of completion only', () => {
    const st = midGame(3, 5);
    st.players[0]!.wip = { id: 'versailles', u: st.uid++, built: 2 };
    setRes(st, 0, { stone: 1, books: 5 });
    setStab(st, 0, 9);
    setStab(st, 1, 4);
    setStab(st, 2, 2);
    setStr(st, 0, 10);
    setStr(st, 1, 10);
    st.pool = 1;
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(ids(st.players[0]!.wonders)).toEqual(['versailles']);
    expect(cmpSet(st, 'stability', 'worst')).toEqual([0]);
    expect(cmpSet(st, 'stability', 'best')).toEqual([1]);
    expect(stability(st, 0)).toBe(9); // the number itself is unchanged
    only(st, 'production');
    expect(st.players[0]!.res.books).toBe(5); // no unrest
    expect(st.players[0]!.vp).toBe(10);
    only(st, 'order');
    expect(st.order.slice(0, 2)).toEqual([1, 0]); // strength tie: the Versailles owner counts lowest
    setRes(st, 0, { gold: 6 });
    st.war = { id: 'jenkins', marker: 20, buyer: 1 };
    only(st, 'war');
    expect(st.players[0]!.res.gold).toBe(6); // the real stability 9 still reduces the 6-gold loss
    only(st, 'cleanup'); // end of round: the effect ends
    setStab(st, 0, 9);
    setStab(st, 1, 4);
    setStab(st, 2, 2);
    expect(cmpSet(st, 'stability', 'worst')).toEqual([2]);
    expect(cmpSet(st, 'stability', 'best')).toEqual([0]);
  });

  it('NAT-NOTE-12: tokugawa: +2 stone per building/military card of the current age, manned or not, counted once', () => {
    const st = midGame(3, 5);
    for (const s of [0, 1]) {
      clearBoard(st, s);
      setRow(st, s, 0, 'jaguar', 0); // age III military, unmanned
      setRow(st, s, 1, 'dike', 3); // age III building, 3 workers: counts once
      setRow(st, s, 2, 's-farm', 1); // printed: age I
      setRow(st, s, 3, 'cathedral', 1); // age II
    }
    addAdvisor(st, 0, 'tokugawa');
    only(st, 'production');
    expect(st.players[0]!.res.stone - st.players[1]!.res.stone).toBe(4);
  });
});

// ---------------------------------------------------------------- notes 13–24

describe('card notes 13–24', () => {
  it('NAT-NOTE-13: seapeoples (Bronze Age Collapse): every nation neither strongest nor most stable loses 1 VP', () => {
    const st = midGame();
    setStr(st, 0, 5);
    setStab(st, 1, 3);
    resolveHalf(st, 'seapeoples', 1);
    expect(vps(st)).toEqual([10, 10, 9]);
  });

  it('NAT-NOTE-13: seapeoples (Bronze Age Collapse): a tie for the top protects nobody through that metric', () => {
    const st = midGame();
    setStr(st, 0, 5);
    setStr(st, 1, 5);
    setStab(st, 2, 3);
    resolveHalf(st, 'seapeoples', 1);
    expect(vps(st)).toEqual([9, 9, 10]);
  });

  it('NAT-NOTE-13: seapeoples (Bronze Age Collapse) with 5 players protects up to 4 nations (k = 2)', () => {
    const st = midGame(5);
    setStr(st, 0, 9);
    setStr(st, 1, 7);
    setStab(st, 2, 6);
    setStab(st, 3, 4);
    resolveHalf(st, 'seapeoples', 1);
    expect(vps(st)).toEqual([10, 10, 10, 10, 9]);
  });

  /** Seat 0 at strength 5, seat 1 at 3, everyone with 3 gold and 4 books; Fourth Crusade runs to the offer. */
  function fourthCrusade(): NatState {
    const st = midGame();
    setStr(st, 0, 5);
    setStr(st, 1, 3);
    for (const s of [0, 1, 2]) setRes(st, s, { gold: 3, books: 4 });
    resolveHalf(st, 'fourthcrusade', 0);
    return st;
  }

  it('NAT-NOTE-14: fourthcrusade: the strongest may pay 3 gold for +1 VP; only then the weakest lose 4 books', () => {
    const st = fourthCrusade();
    expect(st.pending).toMatchObject({ s: 0, kind: 'offer' });
    answer(st, { accept: true });
    expect(vps(st)).toEqual([11, 10, 10]);
    expect(st.players.map((p) => p.res.gold)).toEqual([0, 3, 3]);
    expect(st.players.map((p) => p.res.books)).toEqual([4, 4, 0]);
  });

  it('NAT-NOTE-14: fourthcrusade: if the strongest declines, nothing happens', () => {
    const st = fourthCrusade();
    answer(st, { accept: false });
    expect(vps(st)).toEqual([10, 10, 10]);
    expect(st.players.map((p) => p.res.books)).toEqual([4, 4, 4]);
    expect(st.players[0]!.res.gold).toBe(3);
  });

  it('NAT-NOTE-14: fourthcrusade: a tie for strongest with 4 or fewer players means no chooser', () => {
    const st = midGame();
    setStr(st, 0, 5);
    setStr(st, 1, 5);
    for (const s of [0, 1, 2]) setRes(st, s, { gold: 3, books: 4 });
    const log = resolveHalf(st, 'fourthcrusade', 0);
    expect(st.pending).toBeNull();
    expect(cites(log, 'NAT-NOTE-14')).toBe(true);
    expect(st.players.map((p) => p.res.books)).toEqual([4, 4, 4]);
  });

  it('NAT-NOTE-14: fourthcrusade with 5 players: the better-ranked of the benefit set chooses; then the other may also pay', () => {
    const st = midGame(5);
    setStr(st, 0, 9);
    setStr(st, 1, 9);
    setStr(st, 2, 5);
    setStr(st, 3, 1);
    for (let s = 0; s < 5; s++) setRes(st, s, { gold: 3, books: 4 });
    resolveHalf(st, 'fourthcrusade', 0);
    expect(st.pending).toMatchObject({ s: 0, kind: 'offer' });
    answer(st, { accept: true });
    expect(st.pending).toMatchObject({ s: 1, kind: 'offer' });
    answer(st, { accept: true });
    expect(vps(st)).toEqual([11, 11, 10, 10, 10]);
    expect(st.players.map((p) => p.res.books)).toEqual([4, 4, 4, 0, 0]);
  });

  it('NAT-NOTE-15: slavetrade (Glorious Revolution): the most stable may go last and then gains 6 gold', () => {
    const st = midGame();
    setStab(st, 0, 5);
    resolveHalf(st, 'slavetrade', 1);
    expect(st.pending).toMatchObject({ s: 0, kind: 'offer' });
    answer(st, { accept: true });
    expect(st.order).toEqual([1, 2, 0]);
    expect(st.players[0]!.res.gold).toBe(6);
    const st2 = midGame();
    setStab(st2, 0, 5);
    resolveHalf(st2, 'slavetrade', 1);
    answer(st2, { accept: false });
    expect(st2.order).toEqual([0, 1, 2]);
    expect(st2.players[0]!.res.gold).toBe(0);
  });

  it('NAT-NOTE-15: slavetrade (Glorious Revolution) with 5 players: the second most stable decides first and ends up last', () => {
    const st = midGame(5);
    setStab(st, 0, 8);
    setStab(st, 1, 6);
    resolveHalf(st, 'slavetrade', 1);
    expect(st.pending).toMatchObject({ s: 1, kind: 'offer' });
    answer(st, { accept: true });
    expect(st.pending).toMatchObject({ s: 0, kind: 'offer' });
    answer(st, { accept: true });
    expect(st.order).toEqual([2, 3, 4, 0, 1]);
    expect(st.players[0]!.res.gold).toBe(6);
    expect(st.players[1]!.res.gold).toBe(6);
  });

  it('NAT-NOTE-16: anarchism (Great Exhibition): up to 2 free architects, partial allowed, no stone, not from the pool', () => {
    const st = midGame();
    setStab(st, 0, 5);
    st.players[0]!.wip = { id: 'stonehenge', u: st.uid++, built: 0 };
    setRes(st, 0, { stone: 5 });
    st.pool = 2;
    resolveHalf(st, 'anarchism', 1);
    expect(st.pending).toMatchObject({ s: 0, kind: 'freeArch' });
    expect(options(st).map((o) => o.n)).toEqual([0, 1, 2]);
    answer(st, { n: 1 });
    expect(st.players[0]!.wip).toMatchObject({ id: 'stonehenge', built: 1 });
    expect(st.players[0]!.res.stone).toBe(5);
    expect(st.pool).toBe(2);
  });

  it('NAT-NOTE-16: anarchism (Great Exhibition): architects beyond the last stage are lost; no wonder: nothing', () => {
    const st = midGame();
    setStab(st, 0, 5);
    st.players[0]!.wip = { id: 'stonehenge', u: st.uid++, built: 2 };
    resolveHalf(st, 'anarchism', 1);
    answer(st, { n: 2 });
    expect(st.players[0]!.wip).toBeNull();
    expect(ids(st.players[0]!.wonders)).toEqual(['stonehenge']);
    expect(st.players[0]!.res).toMatchObject({ books: 6, food: 4 }); // completion effect
    const st2 = midGame();
    setStab(st2, 0, 5);
    resolveHalf(st2, 'anarchism', 1);
    expect(st2.pending).toBeNull();
    expect(st2.players[0]!.wonders).toEqual([]);
  });

  it('NAT-NOTE-17: paxromana (Han Dynasty): the most stable may take 1 worker and then gains 3 food', () => {
    const st = midGame();
    setStab(st, 0, 5);
    const idle = st.players[0]!.idle;
    resolveHalf(st, 'paxromana', 1);
    answer(st, { accept: true });
    expect(st.pending?.kind).toBe('gainSide');
    answer(st, { side: 'food' });
    expect(st.players[0]!.idle).toBe(idle + 1);
    expect(st.players[0]!.foodFilled).toBe(3);
    expect(st.players[0]!.res.food).toBe(3);
  });

  it('NAT-NOTE-17: janissaries: all or nothing; with only 1 worker left on the track the offer cannot be accepted', () => {
    const st = midGame(3, 5);
    setStr(st, 0, 5);
    const p = st.players[0]!;
    p.foodFilled = 1;
    p.stabFilled = 0;
    p.stabCap = 0; // no stability penalty from the emptied spaces in this scenario
    const idle = p.idle;
    const log = resolveHalf(st, 'janissaries', 0);
    expect(st.pending).toBeNull();
    expect(log.some((e) => e.key === 'nat.ev.offer' && e.params?.accepted === false)).toBe(true);
    expect(p.idle).toBe(idle);
    expect(p.foodFilled).toBe(1);
    expect(p.res.stone).toBe(0);
    // with 2 workers available it can be taken in full
    const st2 = midGame(3, 5);
    setStr(st2, 0, 5);
    resolveHalf(st2, 'janissaries', 0);
    answer(st2, { accept: true });
    while (st2.pending?.kind === 'gainSide') answer(st2, { side: 'food' });
    expect(st2.players[0]!.idle).toBe(idle + 2);
    expect(st2.players[0]!.res.stone).toBe(4);
  });

  /**
   * Round 5, seats 1 and 2 at stability 2 and 3 (seat 0 the least stable), seats 0, 1, … at the given
   * strengths, everyone with 3 gold and 5 food; Sinking of the Vasa (vasa) runs in the events step.
   */
  function sinkVasa(...strengths: number[]): NatState {
    const st = midGame(3, 5);
    setStab(st, 1, 2);
    setStab(st, 2, 3);
    strengths.forEach((v, s) => setStr(st, s, v));
    for (const s of [0, 1, 2]) setRes(st, s, { gold: 3, food: 5 });
    runEvents(st, 'vasa');
    return st;
  }

  it('NAT-NOTE-18: vasa: the least stable may take −10 strength only for Peace of Westphalia, not below 0', () => {
    const st = sinkVasa(12, 5, 4);
    expect(st.pending).toMatchObject({ s: 0, kind: 'choice' });
    answer(st, { branch: 1 });
    expect(st.players.map((p) => p.res.food)).toEqual([0, 5, 5]); // 12 − 10 = 2: the weakest
    expect(st.players[0]!.res.gold).toBe(3);
    expect(strength(st, 0)).toBe(12); // the modifier ended with the event card
    // strength 5 − 10 stays at 0: tied with the nation at 0, both weakest
    const st2 = sinkVasa(5, 3);
    answer(st2, { branch: 1 });
    expect(st2.players.map((p) => p.res.food)).toEqual([0, 5, 0]);
  });

  it('NAT-NOTE-18: vasa: paying 3 gold instead leaves strength unchanged', () => {
    const st = sinkVasa(12, 5, 4);
    answer(st, { branch: 0 });
    expect(st.players.map((p) => p.res.food)).toEqual([5, 5, 0]);
    expect(st.players[0]!.res.gold).toBe(0);
  });

  it('NAT-NOTE-19: seapeoples: the weakest remove the rightmost architect of their wonder or lose 1 VP', () => {
    const st = midGame();
    setStr(st, 0, 5);
    st.players[2]!.wip = { id: 'stonehenge', u: st.uid++, built: 2 };
    resolveHalf(st, 'seapeoples', 0);
    // seat 1 has no wonder: it must lose the VP (NAT-RES-7), no question asked
    expect(st.pending).toMatchObject({ s: 2, kind: 'choice' });
    expect(options(st).map((o) => o.branch)).toEqual([0, 1]);
    answer(st, { branch: 0 });
    expect(st.players[2]!.wip).toMatchObject({ built: 1 });
    expect(vps(st)).toEqual([10, 9, 10]);
  });

  it('NAT-NOTE-20: used markers: greatwall when its owner passes first, galileo when used, versailles when completed', () => {
    const st = midGame();
    addWonder(st, 0, 'greatwall');
    turn(st, 0);
    ok(st, 0, { type: 'pass' });
    expect(st.players[0]!.used).toContain(st.players[0]!.wonders[0]!.u);
    const st2 = midGame();
    addAdvisor(st2, 0, 'galileo');
    putOnBoard(st2, 3, 0, 'stonehenge');
    turn(st2, 0);
    const g = st2.players[0]!.advisors[0]!.u;
    ok(st2, 0, { type: 'ability', card: g, ability: 'takeFree' });
    expect(st2.players[0]!.used).toContain(g);
    const st3 = midGame(3, 5);
    st3.players[0]!.wip = { id: 'versailles', u: st3.uid++, built: 2 };
    setRes(st3, 0, { stone: 1 });
    st3.pool = 1;
    turn(st3, 0);
    ok(st3, 0, { type: 'hire' });
    expect(st3.players[0]!.used).toContain(st3.players[0]!.wonders[0]!.u);
    only(st3, 'cleanup');
    expect(st3.players[0]!.used).toEqual([]);
  });

  it('NAT-NOTE-21: qinunification (Olympic Games): the most stable goes first; ties broken by current player order', () => {
    const st = midGame();
    st.order = [2, 0, 1];
    setStab(st, 0, 5);
    setStab(st, 1, 5);
    resolveHalf(st, 'qinunification', 1);
    expect(st.order).toEqual([0, 2, 1]);
  });

  it('NAT-NOTE-21: qinunification (Olympic Games) with 5 players: the first two of the ranking go first and second', () => {
    const st = midGame(5);
    setStab(st, 0, 1);
    setStab(st, 1, 5);
    setStab(st, 2, 5);
    setStab(st, 3, 3);
    resolveHalf(st, 'qinunification', 1);
    expect(st.order).toEqual([1, 2, 0, 3, 4]);
    const st2 = midGame(5);
    setStab(st2, 3, 7);
    setStab(st2, 4, 5);
    resolveHalf(st2, 'qinunification', 1);
    expect(st2.order).toEqual([3, 4, 0, 1, 2]);
  });

  it('NAT-NOTE-22: greatlighthouse +1 book when paying 3 gold (Hannibal makes a row-2 battle cost 3); redfort +2 food when paying 1', () => {
    const st = midGame(3, 5);
    addWonder(st, 0, 'greatlighthouse');
    addWonder(st, 0, 'redfort');
    addAdvisor(st, 1, 'hannibal');
    setRow(st, 0, 4, 's-axeman', 1);
    setRes(st, 0, { gold: 10 });
    putOnBoard(st, 2, 0, 'cannae');
    putOnBoard(st, 1, 0, 'hunnic');
    putOnBoard(st, 3, 0, 'tibet');
    turn(st, 0, 3);
    ok(st, 0, { type: 'buy', row: 2, col: 0 }); // battle: 2 + 1 = 3 gold
    choose(st, { res: 'stone' });
    expect(res(st, 0)).toMatchObject({ gold: 7, books: 1, food: 0 });
    ok(st, 0, { type: 'buy', row: 1, col: 0 }); // 1 gold
    expect(res(st, 0)).toMatchObject({ gold: 6, books: 1, food: 2 });
    setStr(st, 0, 8);
    ok(st, 0, { type: 'buy', row: 3, col: 0 }); // 3 gold
    expect(res(st, 0)).toMatchObject({ gold: 3, books: 2, food: 2 });
  });

  it('NAT-NOTE-22 / NAT-NOTE-30: a card taken free with galileo triggers neither greatlighthouse nor redfort', () => {
    const st = midGame(3, 5);
    addWonder(st, 0, 'greatlighthouse');
    addWonder(st, 0, 'redfort');
    addAdvisor(st, 0, 'galileo');
    putOnBoard(st, 3, 0, 'clocks');
    putOnBoard(st, 1, 1, 'romeo');
    setRes(st, 0, { gold: 5 });
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: st.players[0]!.advisors[0]!.u, ability: 'takeFree' });
    choose(st, { row: 3, col: 0 });
    choose(st, { res: 'stone' });
    expect(res(st, 0)).toMatchObject({ gold: 5, stone: 2, books: 0, food: 0 });
    expect(st.players[0]!.bought).toEqual(['clocks']);
  });

  it('NAT-NOTE-23: notredame (+2 books, +3 if most stable), augustine (+2) and aquino (+4) if most stable', () => {
    const st = midGame(3, 3);
    addWonder(st, 0, 'notredame');
    addAdvisor(st, 0, 'aquino');
    addWonder(st, 1, 'notredame');
    addAdvisor(st, 1, 'augustine');
    setStab(st, 0, 5);
    setStab(st, 1, 3);
    only(st, 'production');
    expect(st.players[0]!.res.books).toBe(2 + 3 + 4);
    expect(st.players[1]!.res.books).toBe(2);
    const st2 = midGame(3, 3);
    addAdvisor(st2, 1, 'augustine');
    setStab(st2, 0, 4);
    setStab(st2, 1, 4); // tied for most stable (Augustine's +1 included): no bonus
    only(st2, 'production');
    expect(st2.players[1]!.res.books).toBe(0);
    mod(st2, 1, { stability: 1 });
    only(st2, 'production');
    expect(st2.players[1]!.res.books).toBe(2);
  });

  it('NAT-NOTE-23 / NAT-EX-18: piazza: once per round, pay 2 gold for 5 books, 5 food or 5 stone', () => {
    const st = midGame(3, 3);
    addWonder(st, 0, 'piazza');
    const u = st.players[0]!.wonders[0]!.u;
    setRes(st, 0, { gold: 4 });
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: u, ability: 'trade' });
    expect(options(st).map((o) => o.res)).toEqual(['books', 'food', 'stone']);
    choose(st, { res: 'food' });
    expect(res(st, 0)).toMatchObject({ gold: 2, food: 5 });
    ok(st, 0, { type: 'end' });
    turn(st, 0, 1, 2);
    rejects(st, 0, { type: 'ability', card: u, ability: 'trade' }, 'nat.err.used');
    // a wonder under construction has no ability yet
    const st2 = midGame(3, 3);
    st2.players[0]!.wip = { id: 'piazza', u: st2.uid++, built: 2 };
    setRes(st2, 0, { gold: 4 });
    turn(st2, 0);
    rejects(st2, 0, { type: 'ability', card: st2.players[0]!.wip.u, ability: 'trade' }, 'nat.err.noAbility');
  });

  it('NAT-EX-18: greatlighthouse: paying 3 gold for a progress card gives +1 book', () => {
    const st = midGame();
    addWonder(st, 0, 'greatlighthouse');
    setRes(st, 0, { gold: 3 });
    putOnBoard(st, 3, 0, 'hunnic');
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 3, col: 0 });
    expect(res(st, 0)).toMatchObject({ gold: 0, books: 1 });
  });

  it('NAT-EX-18: notredame: +2 books every production, +3 more only if strictly most stable (5 players: top two)', () => {
    const st = midGame(5, 3);
    addWonder(st, 1, 'notredame');
    addWonder(st, 2, 'notredame');
    setStab(st, 0, 9);
    setStab(st, 1, 7);
    setStab(st, 2, 6);
    only(st, 'production');
    expect(st.players[1]!.res.books).toBe(5); // second place qualifies with 5 players
    expect(st.players[2]!.res.books).toBe(2);
    const st2 = midGame(3, 3);
    addWonder(st2, 0, 'notredame');
    setStab(st2, 0, 3);
    setStab(st2, 1, 3);
    only(st2, 'production');
    expect(st2.players[0]!.res.books).toBe(2);
  });

  it('NAT-NOTE-24: attila (Zoroastrian Revival): the most stable chooses +4 stone for itself', () => {
    const st = midGame();
    setStab(st, 1, 4);
    resolveHalf(st, 'attila', 1);
    expect(st.pending).toMatchObject({ s: 1, kind: 'choice' });
    answer(st, { branch: 0 });
    expect(st.players.map((p) => p.res.stone)).toEqual([0, 4, 0]);
  });

  it('NAT-NOTE-24: attila (Zoroastrian Revival): or every other nation loses 3 food; a tie goes to the earliest in order', () => {
    const st = midGame();
    st.order = [2, 0, 1];
    setStab(st, 0, 4);
    setStab(st, 2, 4);
    for (const s of [0, 1, 2]) setRes(st, s, { food: 3 });
    resolveHalf(st, 'attila', 1);
    expect(st.pending).toMatchObject({ s: 2, kind: 'choice' });
    answer(st, { branch: 1 });
    expect(st.players.map((p) => p.res.food)).toEqual([0, 0, 3]);
  });

  it('NAT-NOTE-24: attila (Zoroastrian Revival) with 5 players: stone to the whole benefit set, food from everyone outside it', () => {
    const st = midGame(5);
    setStab(st, 0, 9);
    setStab(st, 1, 7);
    for (let s = 0; s < 5; s++) setRes(st, s, { food: 3 });
    resolveHalf(st, 'attila', 1);
    expect(st.pending).toMatchObject({ s: 0, kind: 'choice' });
    answer(st, { branch: 0 });
    expect(st.players.map((p) => p.res.stone)).toEqual([4, 4, 0, 0, 0]);
    const st2 = midGame(5);
    setStab(st2, 0, 9);
    setStab(st2, 1, 7);
    for (let s = 0; s < 5; s++) setRes(st2, s, { food: 3 });
    resolveHalf(st2, 'attila', 1);
    answer(st2, { branch: 1 });
    expect(st2.players.map((p) => p.res.food)).toEqual([3, 3, 0, 0, 0]);
  });
});

// ---------------------------------------------------------------- notes 25–41

describe('card notes 25–41', () => {
  it('NAT-NOTE-25: qinunification: +1 VP only for strength strictly above the war marker; no war bought: nobody', () => {
    const st = midGame();
    setStr(st, 0, 6);
    setStr(st, 1, 5);
    resolveHalf(st, 'qinunification', 0);
    expect(vps(st)).toEqual([10, 10, 10]);
    st.war = { id: 'hunnic', marker: 5, buyer: 1 };
    resolveHalf(st, 'qinunification', 0);
    expect(vps(st)).toEqual([11, 10, 10]);
  });

  it('NAT-NOTE-25: peter: 5 stone, gold or books in production only while above the war marker', () => {
    const st = midGame(3, 5);
    addAdvisor(st, 0, 'peter');
    setStr(st, 0, 6);
    only(st, 'production');
    expect(st.pending).toBeNull();
    expect(res(st, 0)).toMatchObject({ gold: 0, stone: 0, books: 0 });
    st.war = { id: 'hunnic', marker: 5, buyer: 1 };
    only(st, 'production');
    expect(st.pending).toMatchObject({ s: 0, kind: 'prodChoice' });
    expect(options(st).map((o) => o.res)).toEqual(['stone', 'gold', 'books']);
    answer(st, { res: 'gold' });
    expect(res(st, 0)).toMatchObject({ gold: 5, stone: 0, books: 0 });
    st.war.marker = 6; // equal is not above
    only(st, 'production');
    expect(st.pending).toBeNull();
  });

  it('NAT-NOTE-26: feudal (Feudal Dues): the order goes back to the Action-phase order and further changes are ignored', () => {
    const st = midGame();
    st.actionOrder = [0, 1, 2];
    st.order = [2, 1, 0]; // as set by the player-order step
    setStab(st, 1, 3);
    setStab(st, 2, 2);
    setRes(st, 0, { gold: 5 });
    runEvents(st, 'feudal');
    expect(st.order).toEqual([0, 1, 2]);
    expect(st.orderLocked).toBe(true);
    expect(st.players[0]!.res.gold).toBe(2); // Hajj from Mali: the least stable keeps 2 gold
    resolveHalf(st, 'yellowturban', 1); // Spartacus Revolt would move the least stable last
    expect(st.order).toEqual([0, 1, 2]);
  });

  it('NAT-NOTE-27: luther: every defeated nation, the owner included, loses 4 extra food, reduced by stability', () => {
    const st = midGame();
    addAdvisor(st, 0, 'luther');
    for (const s of [0, 1, 2]) setRes(st, s, { food: 10 });
    setStab(st, 2, 3);
    st.war = { id: 'hunnic', marker: 10, buyer: 1 };
    only(st, 'war');
    expect(st.players.map((p) => p.res.food)).toEqual([2, 2, 5]);
    // without Luther the loss is the war's 4 food only
    const st2 = midGame();
    setRes(st2, 1, { food: 10 });
    st2.war = { id: 'hunnic', marker: 10, buyer: 0 };
    only(st2, 'war');
    expect(st2.players[1]!.res.food).toBe(6);
  });

  it('NAT-NOTE-28: hannibal: owner raid +1; battles cost every other nation 1 gold more', () => {
    const st = midGame();
    addAdvisor(st, 0, 'hannibal');
    for (const s of [0, 1]) {
      setRow(st, s, 4, 's-axeman', 1); // raid 2
      setRes(st, s, { gold: 1 });
    }
    putOnBoard(st, 1, 0, 'cannae');
    turn(st, 1);
    rejects(st, 1, { type: 'buy', row: 1, col: 0 }, 'nat.err.gold');
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    choose(st, { res: 'books' });
    expect(res(st, 0)).toMatchObject({ gold: 0, books: 3 });
  });

  it('NAT-NOTE-28: pocahontas: every colony needs 4 more strength, for every nation', () => {
    const st = midGame();
    addAdvisor(st, 0, 'pocahontas');
    for (const s of [0, 1]) {
      setStr(st, s, 7);
      setRes(st, s, { gold: 1 });
    }
    putOnBoard(st, 1, 0, 'macedonia'); // 4 + 4 = 8
    turn(st, 0);
    rejects(st, 0, { type: 'buy', row: 1, col: 0 }, 'nat.err.colonyStrength');
    turn(st, 1);
    rejects(st, 1, { type: 'buy', row: 1, col: 0 }, 'nat.err.colonyStrength');
    setStr(st, 1, 8);
    ok(st, 1, { type: 'buy', row: 1, col: 0 });
    expect(ids(st.players[1]!.colonies)).toEqual(['macedonia']);
  });

  it('NAT-NOTE-28: genghis: +3 strength for the owner; every nation, the owner included, has −3 stability', () => {
    const st = midGame();
    addAdvisor(st, 0, 'genghis');
    expect(strength(st, 0)).toBe(3);
    expect([0, 1, 2].map((s) => stability(st, s))).toEqual([-3, -3, -3]);
  });

  it('NAT-NOTE-29: buddha: the owner skips its first turn each round; a skip is not a pass', () => {
    const st = game(3);
    st.order = [0, 1, 2];
    addAdvisor(st, 0, 'buddha');
    toAction(st);
    expect(st.turn?.s).toBe(1);
    expect(st.players[0]!.passed).toBe(false);
    ok(st, 1, { type: 'pass' });
    ok(st, 2, { type: 'pass' });
    expect(st.turn?.s).toBe(0); // its second turn
    expect(st.passOrder).toEqual([1, 2]);
  });

  it('NAT-NOTE-29: grandduchy: a once-per-round action to skip a turn; with everyone else passed it comes straight back', () => {
    const st = midGame(3, 7);
    addColony(st, 0, 'grandduchy');
    const u = st.players[0]!.colonies[0]!.u;
    st.players[1]!.passed = true;
    st.players[2]!.passed = true;
    turn(st, 0);
    const log = ok(st, 0, { type: 'ability', card: u, ability: 'skip' });
    expect(cites(log, 'NAT-NOTE-29')).toBe(true);
    expect(st.players[0]!.passed).toBe(false);
    expect(st.turn).toMatchObject({ s: 0, left: 1, main: 0 });
    rejects(st, 0, { type: 'ability', card: u, ability: 'skip' }, 'nat.err.used');
  });

  it('NAT-NOTE-30: galileo takes a golden age or wonder free: it counts as bought with 0 gold (sejong fires)', () => {
    const st = midGame(3, 5);
    addAdvisor(st, 0, 'galileo');
    addWonder(st, 0, 'porcelain');
    addAdvisor(st, 0, 'sejong');
    st.board.fill(null);
    putOnBoard(st, 1, 0, 'hunnic');
    putOnBoard(st, 2, 0, 'romeo');
    putOnBoard(st, 3, 0, 'tajmahal');
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: st.players[0]!.advisors[0]!.u, ability: 'takeFree' });
    expect(options(st)).toEqual([
      { type: 'choose', row: 2, col: 0 },
      { type: 'choose', row: 3, col: 0 },
    ]);
    choose(st, { row: 2, col: 0 }); // nothing to pay the VP price with: the books are taken at once
    expect(res(st, 0)).toMatchObject({ gold: 0, books: 2, stone: 2 }); // Sejong: +2 stone per golden age bought
    expect(st.players[0]!.bought).toEqual(['romeo']);
    // a wonder taken free goes into construction
    const st2 = midGame(3, 5);
    addAdvisor(st2, 0, 'galileo');
    st2.board.fill(null);
    putOnBoard(st2, 3, 0, 'tajmahal');
    turn(st2, 0);
    ok(st2, 0, { type: 'ability', card: st2.players[0]!.advisors[0]!.u, ability: 'takeFree' });
    expect(st2.players[0]!.wip).toMatchObject({ id: 'tajmahal', built: 0 });
  });

  it('NAT-NOTE-31: solomon: +1 VP at each end-of-age book scoring', () => {
    const st = midGame(3, 2);
    addWonder(st, 0, 'solomon');
    for (const s of [0, 1, 2]) setRes(st, s, { books: 3 });
    only(st, 'books');
    expect(vps(st)).toEqual([11, 10, 10]);
    const st2 = midGame(3, 1);
    addWonder(st2, 0, 'solomon');
    only(st2, 'books');
    expect(vps(st2)).toEqual([10, 10, 10]);
  });

  it('NAT-NOTE-31: solomon is removed when its owner is defeated in a war, before the book scoring', () => {
    const st = midGame(3, 2);
    addWonder(st, 0, 'solomon');
    setRes(st, 0, { food: 4 });
    setStr(st, 1, 10);
    setStr(st, 2, 10);
    st.war = { id: 'hunnic', marker: 5, buyer: 1 };
    only(st, 'war');
    expect(st.players[0]!.wonders).toEqual([]);
    expect(st.removed).toContain('solomon');
    only(st, 'books');
    expect(st.players[0]!.vp).toBe(9);
  });

  it('NAT-NOTE-32: nightingale: no shortage VP, but books still replace the missing food', () => {
    const st = midGame();
    for (const s of [0, 1]) st.players[s]!.foodFilled = 3; // one empty food space: −3 food
    addAdvisor(st, 0, 'nightingale'); // +6 books
    setRes(st, 1, { books: 6 });
    only(st, 'production');
    expect(st.players[0]!.res.books).toBe(3);
    expect(st.players[0]!.vp).toBe(10);
    expect(st.players[1]!.res.books).toBe(3);
    expect(st.players[1]!.vp).toBe(9);
  });

  it('NAT-NOTE-32: nightingale: unrest and event VP losses still apply', () => {
    const st = midGame();
    addAdvisor(st, 0, 'nightingale');
    setStab(st, 0, -1);
    only(st, 'production');
    expect(st.players[0]!.vp).toBe(9);
    expect(st.players[0]!.res.books).toBe(5);
    setStr(st, 1, 3);
    setStr(st, 2, 3);
    resolveHalf(st, 'martyrdom', 0); // the weakest: −1 VP
    expect(st.players[0]!.vp).toBe(8);
  });

  /** Seat 0, the most stable (the others at −1), with 1 food, has just lost a Hunnic war bought by seat 1. */
  function lostHunnicWar(): NatState {
    const st = midGame();
    setStab(st, 1, -1);
    setStab(st, 2, -1);
    setRes(st, 0, { food: 1 });
    st.war = { id: 'hunnic', marker: 10, buyer: 1 };
    only(st, 'war');
    return st;
  }

  it('NAT-NOTE-33: fourthcrusade (Song Resistance): the most stable regains everything the war took, shortage VP included', () => {
    const st = lostHunnicWar();
    expect(st.players[0]!.vp).toBe(7); // war VP + food and books shortage VP
    resolveHalf(st, 'fourthcrusade', 1);
    expect(st.players[0]!.vp).toBe(10);
    expect(st.players[0]!.res.food).toBe(1);
    expect(st.players[0]!.short).toBe(4 | 8); // shortage marks stay set
  });

  it('NAT-NOTE-33: assyrian (Jain Ascetism): the most stable regains only the VP the war took', () => {
    const st = lostHunnicWar();
    resolveHalf(st, 'assyrian', 1);
    expect(st.players[0]!.vp).toBe(10);
    expect(st.players[0]!.res.food).toBe(0);
    expect(st.players[1]!.vp).toBeLessThan(10);
  });

  it('NAT-NOTE-34: hellenism (Ashoka’s Conversion): each nation removes military workers for 2 books each, decided in reverse order', () => {
    const st = midGame();
    setRow(st, 0, 4, 's-axeman', 2);
    setRow(st, 2, 4, 's-axeman', 1);
    const idle0 = st.players[0]!.idle;
    resolveHalf(st, 'hellenism', 1);
    expect(st.pending).toMatchObject({ s: 2, kind: 'undeployFor' });
    answer(st, { slot: 4 });
    expect(st.pending).toMatchObject({ s: 0, kind: 'undeployFor' }); // seat 1 has nothing to remove
    expect(st.players[2]!.row[4]!.w).toBe(1); // decided now, applied later
    answer(st, { slot: 4 });
    answer(st, { slot: 4 });
    expect(st.players[0]!.row[4]!.w).toBe(0);
    expect(st.players[0]!.idle).toBe(idle0 + 2);
    expect(st.players.map((p) => p.res.books)).toEqual([4, 0, 2]);
  });

  it('NAT-NOTE-34: croprotation (Mercantilism): each nation may remove building workers for 2 stone each; stopping early is allowed', () => {
    const st = midGame();
    setRow(st, 0, 0, 's-temple', 2);
    resolveHalf(st, 'croprotation', 1);
    expect(st.pending).toMatchObject({ s: 0, kind: 'undeployFor' });
    answer(st, { slot: 0 });
    answer(st, { stop: true });
    expect(st.players[0]!.row[0]!.w).toBe(1);
    expect(st.players[0]!.res.stone).toBe(2);
  });

  it('NAT-NOTE-34: entente (Entente Cordiale): the strongest may deploy up to 2 workers onto military cards without paying stone', () => {
    const st = midGame(3, 7);
    setStr(st, 0, 5);
    setRow(st, 0, 1, 'cossack', 0);
    resolveHalf(st, 'entente', 0);
    expect(st.pending).toMatchObject({ s: 0, kind: 'deployFree' });
    expect(options(st).every((o) => o.stop || o.to === 1 || o.to === 4)).toBe(true);
    answer(st, { from: -1, to: 1 });
    answer(st, { from: -1, to: 1 });
    expect(st.players[0]!.row[1]!.w).toBe(2);
    expect(st.players[0]!.res.stone).toBe(0);
    // a worker already planned for the first deployment is not offered again
    const st2 = midGame(3, 7);
    setStr(st2, 0, 5);
    clearBoard(st2, 0);
    st2.players[0]!.idle = 1;
    setRow(st2, 0, 0, 'cossack', 0);
    setRow(st2, 0, 1, 'rifleman', 0);
    resolveHalf(st2, 'entente', 0);
    answer(st2, { from: -1, to: 0 });
    expect(options(st2)).toEqual([
      { type: 'choose', from: 0, to: 1 },
      { type: 'choose', stop: true },
    ]);
    answer(st2, { stop: true });
    expect(st2.players[0]!.row.map((r) => r?.w ?? 0)).toEqual([1, 0, 0, 0, 0]);
    expect(st2.players[0]!.idle).toBe(0);
  });

  it('NAT-NOTE-35: suleiman: take 1 worker as an action, only while strongest, on any turn (not once per round)', () => {
    const st = midGame(3, 5);
    addAdvisor(st, 0, 'suleiman'); // +3 strength
    const u = st.players[0]!.advisors[0]!.u;
    const idle = st.players[0]!.idle;
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: u, ability: 'takeWorker' });
    choose(st, { side: 'stability' });
    expect(st.players[0]!.idle).toBe(idle + 1);
    expect(stability(st, 0)).toBe(-3); // the emptied space's normal cost
    rejects(st, 0, { type: 'ability', card: u, ability: 'takeWorker' }, 'nat.err.noAction');
    ok(st, 0, { type: 'end' });
    turn(st, 0, 1, 2);
    ok(st, 0, { type: 'ability', card: u, ability: 'takeWorker' });
    choose(st, { side: 'food' });
    expect(st.players[0]!.idle).toBe(idle + 2);
    turn(st, 0, 1, 3);
    setStr(st, 1, 3);
    rejects(st, 0, { type: 'ability', card: u, ability: 'takeWorker' }, 'nat.err.condition');
  });

  it('NAT-NOTE-35: lincoln: take 1 worker as an action, any number of times per round', () => {
    const st = midGame(3, 7);
    addAdvisor(st, 0, 'lincoln');
    const u = st.players[0]!.advisors[0]!.u;
    expect(stability(st, 0)).toBe(3);
    const idle = st.players[0]!.idle;
    for (let t = 1; t <= 2; t++) {
      turn(st, 0, 1, t);
      ok(st, 0, { type: 'ability', card: u, ability: 'takeWorker' });
      choose(st, { side: 'food' });
    }
    expect(st.players[0]!.idle).toBe(idle + 2);
    expect(st.players[0]!.foodFilled).toBe(2);
  });

  it('NAT-NOTE-35: bolivar: remove one of your colonies for +4 gold and +4 stone, any number of times; needs a colony', () => {
    const st = midGame(3, 7);
    addAdvisor(st, 0, 'bolivar');
    const u = st.players[0]!.advisors[0]!.u;
    addColony(st, 0, 'macedonia');
    addColony(st, 0, 'nubia');
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: u, ability: 'sellColony' });
    expect(st.pending?.kind).toBe('removeCard');
    choose(st, { remove: st.players[0]!.colonies[1]!.u });
    expect(ids(st.players[0]!.colonies)).toEqual(['macedonia']);
    expect(res(st, 0)).toMatchObject({ gold: 4, stone: 4 });
    turn(st, 0, 1, 2);
    ok(st, 0, { type: 'ability', card: u, ability: 'sellColony' });
    expect(st.players[0]!.colonies).toEqual([]);
    expect(res(st, 0)).toMatchObject({ gold: 8, stone: 8 });
    turn(st, 0, 1, 3);
    rejects(st, 0, { type: 'ability', card: u, ability: 'sellColony' }, 'nat.err.condition');
  });

  it('NAT-NOTE-36: alhazen swaps two board cards once per round; prices follow the rows, private architects move along', () => {
    const st = midGame(3, 3);
    addAdvisor(st, 0, 'alhazen');
    const u = st.players[0]!.advisors[0]!.u;
    putOnBoard(st, 1, 0, 'hunnic');
    putOnBoard(st, 3, 1, 'archimedes', 1);
    const a = 0;
    const b = 2 * st.cols + 1;
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: u, ability: 'swap' });
    choose(st, { swap: [a, b] });
    expect(st.board[a]).toEqual({ id: 'archimedes', a: 1 });
    expect(st.board[b]).toEqual({ id: 'hunnic', a: 0 });
    ok(st, 0, { type: 'end' });
    turn(st, 0, 1, 2);
    rejects(st, 0, { type: 'ability', card: u, ability: 'swap' }, 'nat.err.used');
    setRes(st, 0, { gold: 2 });
    rejects(st, 0, { type: 'buy', row: 3, col: 1 }, 'nat.err.gold'); // the war now costs 3
    ok(st, 0, { type: 'buy', row: 1, col: 0 }); // Archimedes now costs 1 and brings its architect
    expect(st.players[0]!.res.gold).toBe(1);
    expect(st.players[0]!.priv).toBe(1);
  });

  it('NAT-NOTE-37: mit: after buying a building the owner may deploy one worker on it for free in the same action', () => {
    const st = midGame(3, 7);
    clearBoard(st, 0);
    addWonder(st, 0, 'mit');
    setRes(st, 0, { gold: 1 });
    putOnBoard(st, 1, 0, 'factory');
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    choose(st, { slot: 2 });
    expect(st.pending?.kind).toBe('deployFree');
    expect(options(st)).toEqual([
      { type: 'choose', from: -1, to: 2 },
      { type: 'choose', stop: true },
    ]);
    choose(st, { from: -1, to: 2 });
    expect(st.players[0]!.row[2]).toMatchObject({ id: 'factory', w: 1 });
    expect(st.players[0]!.res.stone).toBe(0);
    expect(st.turn).toMatchObject({ s: 0, left: 0 });
  });

  it('NAT-NOTE-37: royalsociety: once per round, an action to deploy one worker for free', () => {
    const st = midGame(3, 5);
    addWonder(st, 0, 'royalsociety');
    const u = st.players[0]!.wonders[0]!.u;
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: u, ability: 'deploy' });
    choose(st, { from: -1, to: 0 });
    expect(st.players[0]!.row[0]!.w).toBe(1);
    expect(st.players[0]!.res.stone).toBe(0);
    rejects(st, 0, { type: 'deploy', from: -1, to: 1 }, 'nat.err.noAction');
    turn(st, 0, 1, 2);
    rejects(st, 0, { type: 'ability', card: u, ability: 'deploy' }, 'nat.err.used');
  });

  it('NAT-NOTE-37: frederick: deploying on military costs 2 stone less, minimum 1; buildings unchanged', () => {
    const st = midGame(3, 7);
    addAdvisor(st, 0, 'frederick');
    setRow(st, 0, 0, 'cossack', 0); // 4 stone
    setRow(st, 0, 1, 'jaguar', 0); // 3 stone
    setRow(st, 0, 2, 'factory', 0); // 4 stone
    setRes(st, 0, { stone: 10 });
    turn(st, 0, 4);
    ok(st, 0, { type: 'deploy', from: -1, to: 0 });
    expect(st.players[0]!.res.stone).toBe(8);
    ok(st, 0, { type: 'deploy', from: -1, to: 1 });
    expect(st.players[0]!.res.stone).toBe(7);
    ok(st, 0, { type: 'deploy', from: -1, to: 4 }); // Axeman: 1, minimum 1
    expect(st.players[0]!.res.stone).toBe(6);
    ok(st, 0, { type: 'deploy', from: -1, to: 2 });
    expect(st.players[0]!.res.stone).toBe(2);
  });

  it('NAT-NOTE-38: himeji: +4 stone when covering a building with a building of a later age (printed cards are age I)', () => {
    const st = midGame(3, 5);
    addWonder(st, 0, 'himeji');
    setRes(st, 0, { gold: 3 });
    putOnBoard(st, 1, 0, 'cathedral');
    putOnBoard(st, 1, 1, 'aqueduct');
    putOnBoard(st, 1, 2, 'observatory');
    turn(st, 0, 3);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    choose(st, { slot: 0 }); // age II over the printed Temple
    expect(st.players[0]!.res.stone).toBe(4);
    ok(st, 0, { type: 'buy', row: 1, col: 1 });
    choose(st, { slot: 1 }); // age I over the printed Quarry: same age
    expect(st.players[0]!.res.stone).toBe(4);
    ok(st, 0, { type: 'buy', row: 1, col: 2 });
    choose(st, { slot: 4 }); // a building over the Axeman (military)
    expect(st.players[0]!.res.stone).toBe(4);
  });

  it('NAT-NOTE-39: nobel: the owner may not buy wars', () => {
    const st = midGame(3, 7);
    addAdvisor(st, 0, 'nobel');
    setRes(st, 0, { gold: 3 });
    putOnBoard(st, 1, 0, 'boer');
    turn(st, 0);
    rejects(st, 0, { type: 'buy', row: 1, col: 0 }, 'nat.err.forbidden');
    turn(st, 1);
    setRes(st, 1, { gold: 1 });
    ok(st, 1, { type: 'buy', row: 1, col: 0 });
  });

  it('NAT-NOTE-40: terracotta: on completion the least stable nations lose 4 gold, the owner included', () => {
    const st = midGame();
    st.players[0]!.wip = { id: 'terracotta', u: st.uid++, built: 2 };
    setRes(st, 0, { stone: 3, gold: 5 });
    setRes(st, 1, { gold: 5 });
    setRes(st, 2, { gold: 5 });
    setStab(st, 2, 2);
    st.pool = 1;
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(st.players.map((p) => p.res.gold)).toEqual([1, 1, 5]);
    expect(strength(st, 0)).toBe(1);
  });

  it('NAT-NOTE-40: britishmuseum: on completion the weakest lose 10 books (forced)', () => {
    const st = midGame(3, 7);
    st.players[0]!.wip = { id: 'britishmuseum', u: st.uid++, built: 2 };
    setRes(st, 0, { stone: 3 });
    setStr(st, 0, 5);
    setStr(st, 2, 5);
    setRes(st, 1, { books: 12 });
    st.pool = 1;
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(st.players[1]!.res.books).toBe(2);
    // the owner can be the target
    const st2 = midGame(3, 7);
    st2.players[0]!.wip = { id: 'britishmuseum', u: st2.uid++, built: 2 };
    setRes(st2, 0, { stone: 3, books: 10 });
    setStr(st2, 1, 5);
    setStr(st2, 2, 5);
    st2.pool = 1;
    turn(st2, 0);
    ok(st2, 0, { type: 'hire' });
    expect(st2.players[0]!.res.books).toBe(0);
  });

  it('NAT-NOTE-40: brandenburg: on completion the strongest gains 6 gold and 6 stone (the owner or another nation)', () => {
    const st = midGame(3, 7);
    st.players[0]!.wip = { id: 'brandenburg', u: st.uid++, built: 1 };
    setRes(st, 0, { stone: 2 });
    setStr(st, 1, 5);
    st.pool = 1;
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(res(st, 1)).toMatchObject({ gold: 6, stone: 6 });
    expect(res(st, 0)).toMatchObject({ gold: 0, stone: 0 });
  });

  it('NAT-NOTE-41: liberty (+2 if most workers), potala (+1 per advisor), bigben (+1 per age-IV colony) at final scoring', () => {
    const st = midGame(3, 8);
    addWonder(st, 0, 'liberty');
    addWonder(st, 0, 'potala');
    addWonder(st, 0, 'porcelain');
    addAdvisor(st, 0, 'nobel');
    addAdvisor(st, 0, 'curie');
    addWonder(st, 0, 'bigben');
    addColony(st, 0, 'congo');
    addColony(st, 0, 'macedonia');
    st.players[0]!.idle += 1; // most workers
    addWonder(st, 1, 'liberty');
    only(st, 'cleanup');
    expect(st.over).not.toBeNull();
    // C = wonders: Liberty 1 + 2, Potala 1 + 2, Porcelain 0, Big Ben 1 + 1
    expect(st.over!.breakdown[0]![2]).toBe(3 + 3 + 0 + 2);
    expect(st.over!.breakdown[1]![2]).toBe(1);
  });
});
