/** The solo game against the virtual opponent (spec §17, NAT-SOLO-1..20). */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { randInt, seedRng } from '@tabula/engine';
import { nations, soloTile } from '@tabula/nations';
import type { NatState } from '@tabula/nations';
import { cond } from '../src/derive.js';
import { scoreParts } from '../src/derive.js';
import {
  addAdvisor,
  addWonder,
  atAction,
  barePlayer,
  choose,
  emptyBoard,
  game,
  keys,
  ok,
  only,
  putOnBoard,
  setRes,
  setRow,
  stability,
  strength,
  toAction,
} from './helpers.js';

/** A generator state whose next die rolls (1..6) are `rolls`, found by trying seeds. */
function rngFor(...rolls: number[]): number[] {
  for (let i = 0; i < 100000; i++) {
    const r = seedRng(`roll-${rolls.join('-')}-${i}`);
    const c = [...r];
    if (rolls.every((x) => 1 + randInt(c, 6) === x)) return r;
  }
  throw new Error('no seed');
}

/** A solo game at its first action turn, VO values from tile S1-1 unless changed. */
function soloAtAction(options: Record<string, unknown> = {}, seed = 'solo'): NatState {
  const st = atAction(1, options, seed);
  st.solo1!.tile = 'S1-1';
  Object.assign(st.solo1!, {
    strength: 3,
    stability: 2,
    books: 4,
    workers: null,
    ahead: false,
    lastRoll: null,
  });
  return st;
}

describe('solo setup and the round (NAT-SOLO-1..4, 19)', () => {
  it('NAT-SOLO-1, NAT-SOLO-2: one player against a virtual opponent; player first with 1 book, VO 2 books, 4 columns, no base architects', () => {
    const st = game(1);
    expect(st.solo).toBe(true);
    expect(st.n).toBe(1);
    expect(st.order).toEqual([0]);
    expect(st.players[0]!.res.books).toBe(1);
    // The VO is no seat: it is the tile values plus die rolls.
    expect(st.players).toHaveLength(1);
    expect(st.solo1).toMatchObject({ books: 2, ahead: false, tile: null, lastRoll: null });
    expect(st.cols).toBe(4);
    expect(st.board).toHaveLength(12);
    expect(st.board.every((b) => b !== null)).toBe(true);
    // No event cards: solo tiles instead.
    expect(st.events.every((d) => d.length === 0)).toBe(true);
    expect(st.tiles.map((d) => d.length)).toEqual([6, 6, 6, 6]);
    toAction(st);
    // Base architects 0: the pool is the tile's number alone.
    expect(st.pool).toBe(soloTile(st.solo1!.tile!)!.architects);
    // Any difficulty is allowed.
    const emp = game(1, { difficulty: 'emperor' });
    expect(emp.players[0]!.level).toBe('emperor');
    expect(emp.pending).toMatchObject({ kind: 'growth', d: { amount: 1 } });
  });

  it('NAT-SOLO-3, NAT-SOLO-4, NAT-SOLO-19: the tile of the current age is drawn after Growth and sets the VO values, architects and famine', () => {
    const st = game(1);
    expect(st.pending?.kind).toBe('growth');
    expect(st.solo1!.tile).toBeNull();
    const top = st.tiles[0]![st.tiles[0]!.length - 1]!;
    const log = choose(st, { take: 'res', res: 'gold' });
    const tile = soloTile(top)!;
    expect(st.solo1!.tile).toBe(top);
    expect(tile.age).toBe(1);
    expect(st.tiles[0]).toHaveLength(5);
    expect(st.solo1).toMatchObject({
      strength: tile.vo.strength,
      stability: tile.vo.stability,
      books: tile.vo.books,
      workers: null,
    });
    expect(st.pool).toBe(tile.architects);
    const k = keys(log);
    expect(k.indexOf('nat.ev.growthRes')).toBeLessThan(k.indexOf('nat.ev.tile'));
    expect(k.indexOf('nat.ev.tile')).toBeLessThan(k.indexOf('nat.ev.architects'));
    expect(log.find((e) => e.key === 'nat.ev.tile')!.rules).toContain('NAT-SOLO-3');
  });

  it('NAT-SOLO-4: booksMode "add" adds to the running total; "set" replaces it; missing values stay unset', () => {
    const t = soloTile('S1-1')!;
    const saved = structuredClone(t.vo);
    try {
      const st = game(1);
      st.tiles[0]!.push('S1-1');
      t.vo = { books: 3, booksMode: 'add', strength: 4 };
      choose(st, { take: 'res', res: 'food' });
      // The VO's starting 2 books plus 3.
      expect(st.solo1).toMatchObject({ tile: 'S1-1', books: 5, strength: 4, stability: null, workers: null });
      const st2 = game(1);
      st2.tiles[0]!.push('S1-1');
      t.vo = { books: 3, booksMode: 'set', workers: 7 };
      choose(st2, { take: 'res', res: 'food' });
      expect(st2.solo1).toMatchObject({ books: 3, strength: null, workers: 7 });
    } finally {
      t.vo = saved;
    }
  });

  it('NAT-SOLO-19: a solo round runs its 14 steps in order', () => {
    const st = game(1);
    const log: GameEvent[] = [];
    for (let i = 0; i < 50 && st.round === 1; i++) {
      const p = nations.prompts(st)[0]!;
      nations.apply(st, p.seat, nations.defaultAction(st, p.seat)!, log);
    }
    expect(st.round).toBe(2); // step 1 of the next round: the marker advanced
    const k = keys(log).filter((x) =>
      [
        'nat.ev.growthRes',
        'nat.ev.tile',
        'nat.ev.architects',
        'nat.ev.pass',
        'nat.ev.production',
        'nat.ev.soloOrder',
        'nat.ev.soloStability',
        'nat.ev.famine',
        'nat.ev.soloBooks',
        'nat.ev.roundEnd',
        'nat.ev.board',
      ].includes(x),
    );
    expect(k).toEqual([
      'nat.ev.growthRes', // 3
      'nat.ev.tile', // 4-6
      'nat.ev.architects', // 7
      'nat.ev.pass', // 8
      'nat.ev.production', // 9
      'nat.ev.soloOrder', // 10
      'nat.ev.soloStability', // 12
      'nat.ev.famine', // 13
      'nat.ev.soloBooks', // 14
      'nat.ev.roundEnd',
      'nat.ev.board', // round 2, step 2
    ]);
    // Step 2 refilled columns 1 to 4.
    expect(st.board.every((b) => b !== null)).toBe(true);
  });

  it('NAT-SOLO-1: a whole solo game ends with a result for the single player', () => {
    const st = game(1, {}, 'whole');
    for (let i = 0; i < 5000 && !st.over; i++) {
      const p = nations.prompts(st)[0]!;
      ok(st, p.seat, nations.defaultAction(st, p.seat)!);
    }
    expect(st.over).not.toBeNull();
    expect(st.round).toBe(8);
    const score = st.over!.scores[0]!;
    expect(st.over!.scores).toHaveLength(1);
    expect(st.over!.winners).toEqual(score >= 0 ? [0] : []);
    expect(st.over!.reason).toBe(score >= 0 ? 'solo' : 'soloNegative');
  });
});

describe('comparisons against the VO (NAT-SOLO-5, 6, 12, 20)', () => {
  it('NAT-SOLO-5: every comparison uses the VO values and a tie counts as a loss for the player', () => {
    const st = soloAtAction();
    barePlayer(st, 0);
    addAdvisor(st, 0, 'augustine'); // +1 stability; +2 books in production if most stable
    st.solo1!.stability = 1; // player 1: a tie
    expect(stability(st, 0)).toBe(1);
    expect(cond(st, 0, { best: 'stability' })).toBe(false);
    expect(cond(st, 0, { worst: 'stability' })).toBe(true);
    only(st, 'production');
    expect(st.players[0]!.res.books).toBe(0);
    st.solo1!.stability = 0;
    only(st, 'production');
    expect(st.players[0]!.res.books).toBe(2);
    // Qin Shi Huang leaves when its owner is the least stable: a tie with the VO removes it.
    const st2 = soloAtAction();
    barePlayer(st2, 0);
    addAdvisor(st2, 0, 'qinshihuang');
    expect(stability(st2, 0)).toBe(0);
    st2.solo1!.stability = -1;
    only(st2, 'production'); // the removal is checked continuously
    expect(st2.players[0]!.advisors.map((a) => a.id)).toEqual(['qinshihuang']);
    expect(st2.players[0]!.res.food).toBe(3);
    st2.solo1!.stability = 0;
    only(st2, 'production');
    expect(st2.players[0]!.advisors).toHaveLength(0);
    expect(st2.removed).toContain('qinshihuang');
  });

  it('NAT-SOLO-6: a metric the tile does not give is always won by the player', () => {
    const st = soloAtAction();
    barePlayer(st, 0);
    st.solo1!.strength = null;
    st.solo1!.stability = null;
    expect(cond(st, 0, { best: 'strength' })).toBe(true);
    expect(cond(st, 0, { worst: 'strength' })).toBe(false);
    expect(cond(st, 0, { best: 'stability' })).toBe(true);
    // Always first in player order, even with strength 0.
    st.solo1!.ahead = true;
    only(st, 'order');
    expect(st.solo1!.ahead).toBe(false);
    // "More workers" (Statue of Liberty: +2 VP if most workers): the tiles never give VO workers.
    addWonder(st, 0, 'liberty');
    st.players[0]!.idle = 0;
    expect(st.solo1!.workers).toBeNull();
    expect(scoreParts(st, 0)[2]).toBe(3);
    st.solo1!.workers = 0; // a tie: lost
    expect(scoreParts(st, 0)[2]).toBe(1);
  });

  it('NAT-SOLO-12: player order is the player against the VO: strength, then stability, then the previous order', () => {
    const st = soloAtAction();
    barePlayer(st, 0);
    setRow(st, 0, 0, 'hoplite', 1); // strength 3
    st.players[0]!.idle--;
    expect(strength(st, 0)).toBe(3);
    const order = (vo: { strength: number | null; stability: number | null }, prev: boolean) => {
      Object.assign(st.solo1!, vo, { ahead: prev });
      const log = only(st, 'order');
      expect(log.some((e) => e.rules?.includes('NAT-SOLO-12'))).toBe(true);
      return st.solo1!.ahead;
    };
    expect(order({ strength: 4, stability: 0 }, false)).toBe(true);
    expect(order({ strength: 2, stability: 9 }, true)).toBe(false);
    // Equal strength: higher stability first.
    expect(order({ strength: 3, stability: 1 }, false)).toBe(true);
    expect(order({ strength: 3, stability: -1 }, true)).toBe(false);
    // Equal strength and stability: the previous order stays.
    expect(order({ strength: 3, stability: 0 }, true)).toBe(true);
    expect(order({ strength: 3, stability: 0 }, false)).toBe(false);
    // Player order stays the single player; the VO's place is the `ahead` flag.
    expect(st.order).toEqual([0]);
  });

  it('NAT-SOLO-20: "other nations" in card conditions means the VO', () => {
    const st = soloAtAction();
    emptyBoard(st);
    addAdvisor(st, 0, 'shaka'); // +5 stone each time another nation buys a colony
    putOnBoard(st, 1, 0, 'hispania'); // a colony in the rolled column
    putOnBoard(st, 2, 0, 'hunnic');
    putOnBoard(st, 1, 2, 'augustus');
    st.rng = rngFor(1);
    const stone = st.players[0]!.res.stone;
    ok(st, 0, { type: 'buy', row: 1, col: 2 });
    expect(st.solo1!.lastRoll).toBe(1);
    // The VO "bought" the war: for the player, another nation bought it.
    expect(st.war).toMatchObject({ id: 'hunnic', buyer: -1 });
    expect(cond(st, 0, { warBoughtBy: 'other' })).toBe(true);
    expect(cond(st, 0, { warBoughtBy: 'self' })).toBe(false);
    // A colony the roll removes is not bought by the VO.
    expect(st.removed).toContain('hispania');
    expect(st.players[0]!.res.stone).toBe(stone);
    // "The least stable nation" (Terracotta Army: it pays 4 gold) is judged against the VO.
    st.solo1!.stability = 5;
    expect(cond(st, 0, { worst: 'stability' })).toBe(true);
    st.solo1!.stability = -5;
    expect(cond(st, 0, { worst: 'stability' })).toBe(false);
  });
});

describe('the VO die (NAT-SOLO-7..11)', () => {
  it('NAT-SOLO-7: a purchase, an architect hire and a deployment onto a military card each roll the die once', () => {
    // Purchase.
    let st = soloAtAction();
    emptyBoard(st);
    putOnBoard(st, 1, 0, 'augustus');
    st.rng = rngFor(6);
    let log = ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.solo1!.lastRoll).toBe(6);
    expect(log.filter((e) => e.key === 'nat.ev.soloRoll')).toHaveLength(1);
    // The roll comes after the purchase is complete (a building waits for its slot first).
    st = soloAtAction();
    emptyBoard(st);
    putOnBoard(st, 1, 0, 'ziggurat');
    st.rng = rngFor(6);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.pending?.kind).toBe('place');
    expect(st.solo1!.lastRoll).toBeNull();
    log = choose(st, { slot: 0 });
    expect(st.solo1!.lastRoll).toBe(6);
    expect(keys(log).indexOf('nat.ev.place')).toBeLessThan(keys(log).indexOf('nat.ev.soloRoll'));
    // Hire.
    st = soloAtAction();
    st.players[0]!.wip = { id: 'pyramids', u: st.uid++, built: 0 };
    st.pool = 1;
    st.rng = rngFor(5);
    log = ok(st, 0, { type: 'hire' });
    expect(st.solo1!.lastRoll).toBe(5);
    // Military deployment (Axeman in slot 4).
    st = soloAtAction();
    st.rng = rngFor(6);
    ok(st, 0, { type: 'deploy', from: -1, to: 4 });
    expect(st.solo1!.lastRoll).toBe(6);
  });

  it('NAT-SOLO-7: building deployments, undeploys, action abilities and passing roll nothing (option soloRollOnBuildingDeploy adds building deployments)', () => {
    const st = soloAtAction();
    const rng = [...st.rng];
    ok(st, 0, { type: 'deploy', from: -1, to: 0 }); // Temple: a building
    expect(st.solo1!.lastRoll).toBeNull();
    ok(st, 0, { type: 'undeploy', slot: 0 });
    ok(st, 0, { type: 'end' });
    addWonder(st, 0, 'petra');
    const petra = st.players[0]!.wonders[0]!.u;
    ok(st, 0, { type: 'ability', card: petra, ability: 'trade' });
    choose(st, { res: 'gold' });
    ok(st, 0, { type: 'end' });
    ok(st, 0, { type: 'pass' });
    expect(st.solo1!.lastRoll).toBeNull();
    expect(st.rng).toEqual(rng);
    const st2 = soloAtAction({ soloRollOnBuildingDeploy: true });
    st2.rng = rngFor(6);
    ok(st2, 0, { type: 'deploy', from: -1, to: 0 });
    expect(st2.solo1!.lastRoll).toBe(6);
  });

  it("NAT-SOLO-8: while the VO is ahead it rolls before each of the player's turns (option: once per round)", () => {
    for (const [opt, second] of [
      ['everyTurn', true],
      ['oncePerRound', false],
    ] as const) {
      const st = game(1, { soloSecondPlayerRoll: opt }, 'ahead');
      st.solo1!.ahead = true;
      const log: GameEvent[] = [];
      for (let i = 0; i < 10 && !(st.step === 'action' && st.turn); i++)
        nations.apply(st, 0, nations.defaultAction(st, 0)!, log);
      expect(log.filter((e) => e.key === 'nat.ev.soloRoll')).toHaveLength(1);
      expect(st.solo1!.lastRoll).not.toBeNull();
      // A main action without a roll of its own, then the next turn.
      st.solo1!.lastRoll = null;
      ok(st, 0, { type: 'deploy', from: -1, to: 0 });
      expect(st.solo1!.lastRoll).toBeNull();
      ok(st, 0, { type: 'end' });
      expect(st.turn?.s).toBe(0);
      expect(st.solo1!.lastRoll !== null).toBe(second);
      // After the pass: no more rolls.
      const rng = [...st.rng];
      ok(st, 0, { type: 'pass' });
      expect(st.rng).toEqual(rng);
    }
    // Not ahead: no roll before the turn.
    const st = atAction(1, {}, 'ahead');
    expect(st.solo1!.lastRoll).toBeNull();
  });

  it('NAT-SOLO-9: a roll of 1 to 4 clears that column, architects included; the VO takes the cheapest war at its strength', () => {
    const st = soloAtAction();
    emptyBoard(st);
    putOnBoard(st, 1, 1, 'augustus', 2);
    putOnBoard(st, 2, 1, 'peloponnesian');
    putOnBoard(st, 3, 1, 'hunnic');
    putOnBoard(st, 1, 3, 'buddha');
    st.solo1!.strength = 7;
    st.rng = rngFor(2);
    const log = ok(st, 0, { type: 'buy', row: 1, col: 3 });
    expect(st.solo1!.lastRoll).toBe(2);
    expect(st.board.filter(Boolean)).toEqual([]);
    // The war in the lowest row (the cheapest) goes to the VO, marker = VO strength.
    expect(st.war).toEqual({ id: 'peloponnesian', marker: 7, buyer: -1 });
    expect(st.warBought).toBe(true);
    expect(st.removed).toEqual(expect.arrayContaining(['augustus', 'hunnic']));
    expect(st.removed).not.toContain('peloponnesian');
    const ev = log.find((e) => e.key === 'nat.ev.soloRoll')!;
    expect(ev.rules).toContain('NAT-SOLO-9');
    expect(ev.params).toMatchObject({ roll: 2, col: 1, war: 'peloponnesian' });
  });

  it('NAT-SOLO-9: with a war already bought the VO takes none; an empty column changes nothing', () => {
    const st = soloAtAction();
    emptyBoard(st);
    putOnBoard(st, 1, 0, 'hunnic');
    putOnBoard(st, 1, 2, 'augustus');
    putOnBoard(st, 2, 2, 'buddha');
    st.warBought = true;
    st.rng = rngFor(1, 4);
    ok(st, 0, { type: 'buy', row: 1, col: 2 });
    expect(st.war).toBeNull();
    expect(st.removed).toContain('hunnic');
    ok(st, 0, { type: 'end' });
    // A second turn: the roll of 4 hits the empty column 4.
    const before = JSON.stringify(st.board);
    ok(st, 0, { type: 'buy', row: 2, col: 2 });
    expect(st.solo1!.lastRoll).toBe(4);
    expect(JSON.stringify(st.board.map((b, i) => (i === 6 ? null : b)))).toBe(
      JSON.stringify((JSON.parse(before) as unknown[]).map((b, i) => (i === 6 ? null : b))),
    );
  });

  it("NAT-SOLO-9, NAT-SOLO-13: the VO's war is resolved in the war step; only the player can lose", () => {
    const st = soloAtAction();
    barePlayer(st, 0);
    setRes(st, 0, { food: 6, gold: 2 });
    st.players[0]!.vp = 5;
    st.war = { id: 'hunnic', marker: 4, buyer: -1 };
    st.warBought = true;
    const vo = JSON.stringify(st.solo1);
    const log = only(st, 'war');
    expect(log.some((e) => e.key === 'nat.ev.defeated')).toBe(true);
    expect(st.players[0]!.vp).toBe(4);
    expect(st.players[0]!.res.food).toBe(2);
    expect(JSON.stringify(st.solo1)).toBe(vo);
    expect(st.war).toBeNull();
    // Strong enough: nothing happens.
    const st2 = soloAtAction();
    barePlayer(st2, 0);
    setRow(st2, 0, 0, 'hoplite', 2); // strength 6
    setRes(st2, 0, { food: 6 });
    st2.war = { id: 'hunnic', marker: 6, buyer: -1 };
    only(st2, 'war');
    expect(st2.players[0]!.res.food).toBe(6);
    expect(st2.players[0]!.defeated).toBe(false);
  });

  it('NAT-SOLO-10: a roll of 5 or 6 applies the tile action to the VO for the rest of the round', () => {
    const st = soloAtAction();
    st.solo1!.tile = 'S1-6'; // +1 strength, +2 books
    Object.assign(st.solo1!, { strength: 1, stability: 2, books: 8 });
    emptyBoard(st);
    putOnBoard(st, 1, 0, 'augustus');
    st.rng = rngFor(5);
    const log = ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.solo1).toMatchObject({ strength: 2, stability: 2, books: 10, lastRoll: 5 });
    expect(log.find((e) => e.key === 'nat.ev.soloRoll')!.rules).toContain('NAT-SOLO-10');
    // Still in force at the end of the round (player order uses it) ...
    barePlayer(st, 0);
    setRow(st, 0, 0, 'chariot', 0);
    only(st, 'order');
    expect(st.solo1!.ahead).toBe(true);
    // ... and replaced by the next tile.
    st.step = 'event';
    st.round = 2;
    st.tiles[0]!.push('S1-1');
    only(st, 'event');
    expect(st.solo1).toMatchObject({ tile: 'S1-1', strength: 3, stability: 2, books: 4 });
  });

  it("NAT-SOLO-11: the VO never passes; the action phase ends with the player's pass", () => {
    const st = soloAtAction();
    st.solo1!.ahead = true;
    const log = ok(st, 0, { type: 'pass' });
    const k = keys(log);
    expect(log.find((e) => e.key === 'nat.ev.pass')!.params).toMatchObject({ seat: 0, position: 1 });
    expect(k.indexOf('nat.ev.actionEnd')).toBe(k.indexOf('nat.ev.pass') + 1);
    expect(log.some((e) => e.key === 'nat.ev.soloRoll')).toBe(false);
    // The round ran on to the next Growth.
    expect(st.round).toBe(2);
  });
});

describe('resolution and scoring (NAT-SOLO-13..18)', () => {
  it('NAT-SOLO-14: +1 VP for strictly higher stability than the VO, else −1 VP', () => {
    const st = soloAtAction();
    barePlayer(st, 0);
    st.players[0]!.vp = 3;
    st.solo1!.stability = -1;
    let log = only(st, 'events');
    expect(st.players[0]!.vp).toBe(4);
    expect(log.some((e) => e.rules?.includes('NAT-SOLO-14'))).toBe(true);
    st.solo1!.stability = 0; // tie
    only(st, 'events');
    expect(st.players[0]!.vp).toBe(3);
    st.solo1!.stability = 4;
    log = only(st, 'events');
    expect(st.players[0]!.vp).toBe(2);
    // No event card is involved.
    expect(st.eventCard).toBeNull();
    expect(log.some((e) => e.key === 'nat.ev.eventHalf')).toBe(false);
  });

  it('NAT-SOLO-15: famine uses the tile number', () => {
    const st = soloAtAction();
    st.solo1!.tile = 'S1-6'; // famine 3
    setRes(st, 0, { food: 5 });
    const log = only(st, 'famine');
    expect(st.players[0]!.res.food).toBe(2);
    expect(log.find((e) => e.key === 'nat.ev.famine')!.params).toMatchObject({ food: 3 });
  });

  it('NAT-SOLO-16: +3 VP every round with strictly more books than the VO (option: end of age only)', () => {
    const st = soloAtAction();
    st.players[0]!.vp = 0;
    setRes(st, 0, { books: 5 });
    st.solo1!.books = 4;
    only(st, 'books');
    expect(st.players[0]!.vp).toBe(3);
    st.solo1!.books = 5; // tie
    only(st, 'books');
    expect(st.players[0]!.vp).toBe(3);
    // No book scoring of the main game in the solo game.
    st.round = 2;
    st.solo1!.books = 9;
    only(st, 'books');
    expect(st.players[0]!.vp).toBe(3);
    const e = soloAtAction({ soloBookContest: 'endOfAge' });
    e.players[0]!.vp = 0;
    setRes(e, 0, { books: 5 });
    e.solo1!.books = 4;
    only(e, 'books'); // round 1
    expect(e.players[0]!.vp).toBe(0);
    e.round = 2;
    only(e, 'books');
    expect(e.players[0]!.vp).toBe(3);
  });

  it('NAT-SOLO-17: VP may go below 0 in the solo game; a negative final score loses', () => {
    const st = soloAtAction();
    barePlayer(st, 0);
    st.players[0]!.vp = 0;
    st.solo1!.stability = 5;
    only(st, 'events');
    expect(st.players[0]!.vp).toBe(-1);
    // Shortages cost VP too (food, then the books that replace it).
    st.solo1!.tile = 'S1-6';
    only(st, 'famine');
    expect(st.players[0]!.vp).toBe(-3);
    st.round = 8;
    only(st, 'cleanup');
    expect(st.over).toMatchObject({ winners: [], reason: 'soloNegative', scores: [-3] });
    expect(nations.outcome(st)).toMatchObject({ winners: [], reason: 'soloNegative' });
  });

  it('NAT-SOLO-18: the Hall of Fame title is the highest threshold the final score reaches', () => {
    const title = (vp: number) => {
      const st = soloAtAction();
      barePlayer(st, 0);
      st.players[0]!.vp = vp;
      st.round = 8;
      only(st, 'cleanup');
      expect(st.over!.scores).toEqual([vp]);
      expect(st.over!.winners).toEqual([0]);
      return st.over!.title ?? null;
    };
    expect(title(0)).toBeNull();
    expect(title(9)).toBeNull();
    expect(title(10)).toBe('danquayle');
    expect(title(14)).toBe('danquayle');
    expect(title(15)).toBe('cixi');
    expect(title(20)).toBe('atahualpa');
    expect(title(25)).toBe('darius');
    expect(title(30)).toBe('pericles');
    expect(title(35)).toBe('cleopatra');
    expect(title(40)).toBe('charlesv');
    expect(title(45)).toBe('victoria');
    expect(title(50)).toBe('saladin');
    expect(title(55)).toBe('wuzetian');
    expect(title(59)).toBe('wuzetian');
    expect(title(60)).toBe('ashoka');
    expect(title(70)).toBe('trajan');
    expect(title(99)).toBe('trajan');
  });
});
