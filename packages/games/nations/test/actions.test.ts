/**
 * Nations: the Action phase (NAT-ACTION), buying (NAT-BUY), deploying (NAT-DEPLOY), architects (NAT-ARCH) and
 * card abilities (NAT-ABIL), with the worked examples NAT-EX-1, NAT-EX-2 and NAT-EX-3.
 */
import { describe, expect, it } from 'vitest';
import { PROGRESS_CARDS, nations } from '@tabula/nations';
import type { NatState, ProgressCard } from '@tabula/nations';
import {
  addAdvisor,
  addWonder,
  answer,
  atAction,
  boardIndex,
  card,
  choose,
  cites,
  clearBoard,
  game,
  nextUid,
  ok,
  only,
  options,
  passAll,
  produce,
  putOnBoard,
  rejects,
  setRow,
  settle,
  stability,
  strength,
  toAction,
  turn,
  withCard,
} from './helpers.js';
import { raid, scoreParts } from '../src/derive.js';

// ---------------------------------------------------------------- local helpers

/** A game in the Action phase of round 1; returns it and the seat whose turn it is. */
function action(n = 3, opts: Record<string, unknown> = {}): [NatState, number] {
  const st = atAction(n, opts);
  return [st, st.turn!.s];
}
/** Clears seat s's board and gives it exactly `idle` idle workers and the listed resources. */
function blank(
  st: NatState,
  s: number,
  idle: number,
  res: Partial<Record<'gold' | 'stone' | 'food' | 'books', number>> = {},
) {
  clearBoard(st, s);
  const p = st.players[s]!;
  p.idle = idle;
  p.res = { gold: 0, stone: 0, food: 0, books: 0, ...res };
  return p;
}
/** Every other seat: empty board but one worker on its Axeman (strength 2). */
function weakOthers(st: NatState, s: number): void {
  for (const o of st.order)
    if (o !== s) {
      clearBoard(st, o);
      setRow(st, o, 4, 's-axeman', 1);
    }
}
/** Petra's once-per-round trade (1 food: 3 books, gold or stone) made a free operation (a `withCard` patch). */
const freePetra = (): Partial<ProgressCard> => ({
  abilities: [
    {
      id: 'trade',
      timing: 'free',
      perRound: 1,
      cost: { food: 1 },
      effects: [{ gainChoice: ['books', 'gold', 'stone'], n: 3 }],
    },
  ],
});

// ================================================================ NAT-ACTION

describe('NAT-ACTION: turn structure', () => {
  it('NAT-ACTION-1 / NAT-OVR-5: the first player starts; turns go around in player order, skipping passed players, one action each', () => {
    const [st] = action(3);
    const [a, b, c] = st.order as [number, number, number];
    expect(st.turn!.s).toBe(a);
    const seen: number[] = [];
    const take = (s: number, x: Record<string, unknown>) => {
      seen.push(st.turn!.s);
      ok(st, s, x);
    };
    take(a, { type: 'deploy', from: -1, to: 0 });
    ok(st, a, { type: 'end' });
    take(b, { type: 'pass' });
    take(c, { type: 'deploy', from: -1, to: 1 });
    ok(st, c, { type: 'end' });
    take(a, { type: 'deploy', from: -1, to: 1 });
    ok(st, a, { type: 'end' });
    expect(st.turn!.s).toBe(c); // b passed: skipped
    take(c, { type: 'pass' });
    expect(st.turn!.s).toBe(a);
    expect(seen).toEqual([a, b, c, a, c]);
    rejects(st, b, { type: 'pass' }, 'nat.err.notYourTurn');
  });

  it('NAT-ACTION-2: a turn is exactly one main action (buy, deploy, hire or an action ability) or a pass', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    rejects(st, s, { type: 'end' }, 'nat.err.endNoAction');
    ok(st, s, { type: 'deploy', from: -1, to: 0 });
    rejects(st, s, { type: 'deploy', from: -1, to: 1 }, 'nat.err.noAction');
    rejects(st, s, { type: 'buy', row: 1, col: 0 }, 'nat.err.noAction');
    p.wip = { id: 'pyramids', u: st.uid++, built: 0 };
    rejects(st, s, { type: 'hire' }, 'nat.err.noAction');
    const petra = nextUid(st, 'petra');
    addWonder(st, s, 'petra');
    rejects(st, s, { type: 'ability', card: petra, ability: 'trade' }, 'nat.err.noAction');
    expect(
      nations.legalActions(st, s).filter((x) => ['buy', 'deploy', 'hire', 'ability'].includes(x.type)),
    ).toEqual([]);
    // An action ability is itself the main action.
    turn(st, s);
    ok(st, s, { type: 'ability', card: petra, ability: 'trade' });
    choose(st, { res: 'gold' });
    expect(st.turn!.main).toBe(1);
    rejects(st, s, { type: 'hire' }, 'nat.err.noAction');
  });

  it('NAT-ACTION-3: passing is final for the round; pass positions are recorded', () => {
    const [st] = action(3);
    const [a, b, c] = st.order as [number, number, number];
    const log = ok(st, a, { type: 'pass' });
    expect(cites(log, 'NAT-ACTION-3')).toBe(true);
    ok(st, b, { type: 'deploy', from: -1, to: 0 });
    ok(st, b, { type: 'end' });
    ok(st, c, { type: 'pass' });
    // a never gets another turn this round.
    expect(st.turn!.s).toBe(b);
    rejects(st, a, { type: 'deploy', from: -1, to: 0 }, 'nat.err.notYourTurn');
    ok(st, b, { type: 'deploy', from: -1, to: 1 });
    ok(st, b, { type: 'end' });
    expect(st.turn!.s).toBe(b);
    expect(st.passOrder).toEqual([a, c]);
    expect(st.players[a]!.passed).toBe(true);
  });

  it('NAT-ACTION-4: free operations (undeploy, free abilities) before or after the main action, only on the own turn', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    p.row[0]!.w = 2;
    p.idle = 3;
    ok(st, s, { type: 'undeploy', slot: 0 }); // before the main action
    ok(st, s, { type: 'deploy', from: -1, to: 1 });
    ok(st, s, { type: 'undeploy', slot: 0 }); // after it
    expect(p.row[0]!.w).toBe(0);
    expect(st.turn!.s).toBe(s);
    const other = st.order[1]!;
    st.players[other]!.row[0]!.w = 1;
    rejects(st, other, { type: 'undeploy', slot: 0 }, 'nat.err.notYourTurn');
    withCard('petra', freePetra(), () => {
      const u = nextUid(st, 'petra');
      addWonder(st, s, 'petra');
      p.res.food = 3;
      ok(st, s, { type: 'ability', card: u, ability: 'trade' });
      choose(st, { res: 'gold' });
      expect(st.turn!.s).toBe(s);
      ok(st, s, { type: 'pass' });
      // After passing, nothing more on the own board.
      expect(st.turn!.s).not.toBe(s);
      rejects(st, s, { type: 'undeploy', slot: 1 }, 'nat.err.notYourTurn');
      rejects(st, s, { type: 'ability', card: u, ability: 'trade' }, 'nat.err.notYourTurn');
    });
  });

  it('NAT-ACTION-5: the player ends the turn after the main action; passing ends it at once', () => {
    const [st] = action(3);
    const [a, b, c] = st.order as [number, number, number];
    ok(st, a, { type: 'deploy', from: -1, to: 0 });
    expect(st.turn!.s).toBe(a); // still a's turn: free operations are possible
    const log = ok(st, a, { type: 'end' });
    expect(cites(log, 'NAT-ACTION-5')).toBe(true);
    expect(st.turn!.s).toBe(b);
    ok(st, b, { type: 'pass' });
    expect(st.turn!.s).toBe(c);
  });

  it('NAT-ACTION-6: passing is always legal, even with nothing else to do', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 0);
    p.foodFilled = 0;
    p.stabFilled = 0;
    st.board.fill(null);
    expect(nations.legalActions(st, s)).toEqual([{ type: 'pass' }]);
    ok(st, s, { type: 'pass' });
    expect(p.passed).toBe(true);
  });

  it('NAT-ACTION-7: extra actions (Sun Tzu) are optional; a pass ends the turn and the round for the player', () => {
    const sunTzuGame = (): [NatState, number, number] => {
      const st = game(2);
      addAdvisor(st, st.order[0]!, 'suntzu');
      toAction(st);
      return [st, st.order[0]!, st.order[1]!];
    };
    // Both actions taken.
    let [st, a, b] = sunTzuGame();
    expect(st.turn!.left).toBe(2);
    ok(st, a, { type: 'deploy', from: -1, to: 0 });
    ok(st, a, { type: 'deploy', from: -1, to: 1 });
    rejects(st, a, { type: 'deploy', from: -1, to: 2 }, 'nat.err.noAction');
    ok(st, a, { type: 'end' });
    ok(st, b, { type: 'pass' });
    expect(st.turn!.s).toBe(a);
    expect(st.turn!.left).toBe(1); // only the first turn has the extra action
    // The extra action is optional.
    [st, a, b] = sunTzuGame();
    ok(st, a, { type: 'deploy', from: -1, to: 0 });
    ok(st, a, { type: 'end' });
    expect(st.turn!.s).toBe(b);
    // Passing with the extra action left ends a's round.
    [st, a, b] = sunTzuGame();
    ok(st, a, { type: 'deploy', from: -1, to: 0 });
    ok(st, a, { type: 'pass' });
    expect(st.players[a]!.passed).toBe(true);
    ok(st, b, { type: 'deploy', from: -1, to: 0 });
    ok(st, b, { type: 'end' });
    expect(st.turn!.s).toBe(b);
  });

  it('NAT-ACTION-8: the Action phase ends as soon as every player has passed', () => {
    const [st] = action(3);
    const [a, b, c] = st.order as [number, number, number];
    ok(st, a, { type: 'pass' });
    ok(st, b, { type: 'pass' });
    expect(st.step).toBe('action');
    const log = ok(st, c, { type: 'pass' });
    expect(cites(log, 'NAT-ACTION-8')).toBe(true);
    const k = log.map((e) => e.key);
    expect(k.indexOf('nat.ev.actionEnd')).toBeLessThan(k.indexOf('nat.ev.production'));
    expect(st.round).toBe(2);
  });
});

// ================================================================ NAT-BUY

describe('NAT-BUY: buying a progress card', () => {
  it('NAT-BUY-1: the price is the row price plus modifiers, at least 0', () => {
    const [st, s] = action(3);
    const other = st.order[1]!;
    for (const row of [1, 2, 3]) {
      putOnBoard(st, row, 0, 'cannae');
      expect(nations.view(st, s).prices[boardIndex(st, row, 0)]).toBe(row);
    }
    // Hannibal raises the price of battles for the others by 1.
    addAdvisor(st, other, 'hannibal');
    expect(nations.view(st, s).prices[boardIndex(st, 1, 0)]).toBe(2);
    expect(nations.view(st, other).prices[boardIndex(st, 1, 0)]).toBe(1);
    // A discount never makes a price negative.
    st.mods = [{ seat: s, body: { cardPrice: { delta: -5 } }, until: 'endOfRound' }];
    expect(nations.view(st, s).prices[boardIndex(st, 3, 1)]).toBe(0);
    st.players[s]!.res.gold = 0;
    putOnBoard(st, 3, 1, 'ziggurat');
    ok(st, s, { type: 'buy', row: 3, col: 1 });
    expect(st.players[s]!.res.gold).toBe(0);
  });

  it('NAT-BUY-2: buying needs the price in gold, paid to the supply', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    putOnBoard(st, 3, 0, 'ziggurat');
    p.res.gold = 2;
    rejects(st, s, { type: 'buy', row: 3, col: 0 }, 'nat.err.gold');
    expect(nations.legalActions(st, s)).not.toContainEqual({ type: 'buy', row: 3, col: 0 });
    p.res.gold = 3;
    const log = ok(st, s, { type: 'buy', row: 3, col: 0 });
    expect(cites(log, 'NAT-BUY-2')).toBe(true);
    expect(p.res.gold).toBe(0);
  });

  it('NAT-BUY-3: colonies need the strength, wars one per round, battles a manned military card; Nobel forbids wars', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 2, { gold: 20, stone: 10 });
    setRow(st, s, 0, 'hoplite', 1); // strength 3
    putOnBoard(st, 1, 0, 'macedonia'); // needs 4
    rejects(st, s, { type: 'buy', row: 1, col: 0 }, 'nat.err.colonyStrength');
    p.row[0]!.w = 2; // strength 6
    ok(st, s, { type: 'buy', row: 1, col: 0 });
    // Battle: needs a manned military card.
    putOnBoard(st, 1, 1, 'cannae');
    const other = st.order[1]!;
    clearBoard(st, other);
    st.players[other]!.res.gold = 10;
    turn(st, other);
    rejects(st, other, { type: 'buy', row: 1, col: 1 }, 'nat.err.battle');
    setRow(st, other, 4, 's-axeman', 0);
    rejects(st, other, { type: 'buy', row: 1, col: 1 }, 'nat.err.battle'); // unmanned
    st.players[other]!.row[4]!.w = 1;
    ok(st, other, { type: 'buy', row: 1, col: 1 });
    settle(st);
    // War: one per round across all players.
    putOnBoard(st, 1, 2, 'hunnic');
    putOnBoard(st, 1, 3, 'alexander');
    turn(st, s);
    ok(st, s, { type: 'buy', row: 1, col: 2 });
    turn(st, other);
    rejects(st, other, { type: 'buy', row: 1, col: 3 }, 'nat.err.war');
    // Nobel: no war at all (next round).
    const [t, x] = action(3);
    addAdvisor(t, x, 'nobel');
    putOnBoard(t, 1, 0, 'hunnic');
    rejects(t, x, { type: 'buy', row: 1, col: 0 }, 'nat.err.forbidden');
    // Other types have no extra requirement.
    putOnBoard(t, 1, 1, 'aeneid');
    ok(t, x, { type: 'buy', row: 1, col: 1 });
  });

  it('NAT-BUY-4: a bought card is used at once; it cannot be kept in reserve', () => {
    const [st, s] = action(3);
    putOnBoard(st, 1, 0, 'ziggurat');
    ok(st, s, { type: 'buy', row: 1, col: 0 });
    // The building must be placed now: nothing else is possible until it is.
    expect(st.pending!.kind).toBe('place');
    expect(st.pending!.s).toBe(s);
    rejects(st, s, { type: 'end' }, 'nat.err.decide');
    rejects(st, s, { type: 'pass' }, 'nat.err.decide');
    expect(options(st).every((o) => typeof o.slot === 'number')).toBe(true);
    choose(st, { slot: 0 });
    expect(st.players[s]!.row[0]!.id).toBe('ziggurat');
    // A golden age resolves on the spot.
    turn(st, s);
    putOnBoard(st, 1, 1, 'aeneid');
    ok(st, s, { type: 'buy', row: 1, col: 1 });
    expect(st.pending!.kind).toBe('golden');
    const books = st.players[s]!.res.books;
    choose(st, { res: 'books' });
    expect(st.players[s]!.res.books).toBe(books + 2);
  });

  it('NAT-BUY-5: board cards go on the nation board, one-shot cards resolve and are removed, wars go to the war slot', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 2, { gold: 30, stone: 5 });
    setRow(st, s, 0, 'hoplite', 2);
    const buy = (id: string, col: number) => {
      putOnBoard(st, 1, col, id);
      turn(st, s);
      return ok(st, s, { type: 'buy', row: 1, col });
    };
    expect(cites(buy('augustus', 0), 'NAT-BUY-5')).toBe(true);
    expect(p.advisors.map((a) => a.id)).toEqual(['augustus']);
    buy('ziggurat', 1);
    choose(st, { slot: 2 });
    expect(p.row[2]!.id).toBe('ziggurat');
    buy('nubia', 2);
    expect(p.colonies.map((c) => c.id)).toEqual(['nubia']);
    buy('gardens', 3);
    expect(p.wip).toMatchObject({ id: 'gardens', built: 0 });
    buy('cannae', 4);
    choose(st, { res: 'food' });
    expect(st.removed).toContain('cannae');
    buy('ironworking', 0);
    choose(st, { res: 'stone' });
    expect(st.removed).toContain('ironworking');
    buy('hunnic', 1);
    expect(st.war).toEqual({ id: 'hunnic', marker: strength(st, s), buyer: s });
    expect(st.war!.marker).toBe(7); // 6 from the Hoplite, +1 Augustus
  });

  it('NAT-BUY-6: private architects carried on the bought card go to the buyer for this round', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    putOnBoard(st, 1, 0, 'archimedes', 1);
    ok(st, s, { type: 'buy', row: 1, col: 0 });
    expect(p.priv).toBe(1);
    // Usable this round, by the buyer only.
    p.wip = { id: 'pyramids', u: st.uid++, built: 0 };
    st.pool = 0;
    turn(st, s);
    ok(st, s, { type: 'hire', private: true });
    expect(p.wip!.built).toBe(1);
    expect(p.priv).toBe(0);
  });

  it('NAT-BUY-7: purchase triggers fire after the card is placed; then removal conditions are checked', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    p.res.gold = 10;
    const books = p.res.books;
    addWonder(st, s, 'greatlighthouse'); // +1 book when paying 3 gold for a card
    putOnBoard(st, 3, 0, 'ziggurat');
    ok(st, s, { type: 'buy', row: 3, col: 0 });
    expect(st.pending!.kind).toBe('place');
    expect(p.res.books).toBe(books); // not yet: the card is not placed
    choose(st, { slot: 1 });
    expect(p.res.books).toBe(books + 1);
    // Harald ("removed when you are the weakest") bought by a weakest nation is removed right away.
    const o = st.order[1]!;
    clearBoard(st, o);
    setRow(st, st.order[2]!, 4, 's-axeman', 1);
    putOnBoard(st, 1, 0, 'harald');
    turn(st, o);
    ok(st, o, { type: 'buy', row: 1, col: 0 });
    expect(st.players[o]!.advisors).toEqual([]);
    expect(st.removed).toContain('harald');
  });

  it('NAT-BUY-8: the space stays empty until the next Maintenance phase', () => {
    const [st, s] = action(3);
    const id = st.board[0]!.id;
    ok(st, s, { type: 'buy', row: 1, col: 0 });
    settle(st);
    expect(st.board[0]).toBeNull();
    const o = st.order[1]!;
    if (st.turn?.s === s) ok(st, s, { type: 'end' });
    rejects(st, o, { type: 'buy', row: 1, col: 0 }, 'nat.err.empty');
    passAll(st);
    settle(st);
    // Round 2 Maintenance refills the board.
    expect(st.board[0]).not.toBeNull();
    expect(st.board.every(Boolean)).toBe(true);
    expect(st.board[0]!.id).not.toBe(id);
  });
});

// ================================================================ NAT-DEPLOY

describe('NAT-DEPLOY: deploying workers', () => {
  it('NAT-DEPLOY-1: workers go only on own building and military cards', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    p.row[2] = null;
    addAdvisor(st, s, 'augustus');
    rejects(st, s, { type: 'deploy', from: -1, to: 2 }, 'nat.err.target');
    rejects(st, s, { type: 'deploy', from: -1, to: 5 }, 'nat.err.target');
    rejects(st, s, { type: 'deploy', from: -1, to: -1 }, 'nat.err.target');
    const log = ok(st, s, { type: 'deploy', from: -1, to: 4 }); // the Axeman (military)
    expect(cites(log, 'NAT-DEPLOY-1')).toBe(true);
    turn(st, s);
    ok(st, s, { type: 'deploy', from: -1, to: 0 }); // the Temple (building)
    expect(p.advisors[0]!.w).toBe(0);
    for (const a of nations.legalActions(st, s))
      if (a.type === 'deploy') expect(['building', 'military']).toContain(card(p.row[a.to]!.id).type);
  });

  it('NAT-DEPLOY-2: the worker comes from the idle workers or another card, never from the track', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 0, { stone: 5 });
    setRow(st, s, 0, 'ziggurat', 1);
    setRow(st, s, 1, 'hoplite', 0);
    expect(p.foodFilled + p.stabFilled).toBe(8);
    rejects(st, s, { type: 'deploy', from: -1, to: 1 }, 'nat.err.noIdle');
    rejects(st, s, { type: 'deploy', from: 1, to: 0 }, 'nat.err.source');
    ok(st, s, { type: 'deploy', from: 0, to: 1 });
    expect([p.row[0]!.w, p.row[1]!.w, p.idle, p.foodFilled, p.stabFilled]).toEqual([0, 1, 0, 4, 4]);
  });

  it('NAT-DEPLOY-3: the deploy cost is paid in full each time, also when moving a worker', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 1, { stone: 3 });
    setRow(st, s, 0, 'trireme', 0); // costs 2 stone
    setRow(st, s, 1, 'ziggurat', 0); // costs 1 stone
    ok(st, s, { type: 'deploy', from: -1, to: 0 });
    expect(p.res.stone).toBe(1);
    turn(st, s);
    ok(st, s, { type: 'deploy', from: 0, to: 1 });
    expect(p.res.stone).toBe(0);
    turn(st, s);
    rejects(st, s, { type: 'deploy', from: 1, to: 0 }, 'nat.err.stone');
    p.res.stone = 1;
    rejects(st, s, { type: 'deploy', from: 1, to: 0 }, 'nat.err.stone');
    p.res.stone = 2;
    ok(st, s, { type: 'deploy', from: 1, to: 0 });
    expect(p.res.stone).toBe(0);
  });

  it('NAT-DEPLOY-4: each deploy action places exactly one worker', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 4, { stone: 9 });
    setRow(st, s, 0, 'ziggurat', 0);
    ok(st, s, { type: 'deploy', from: -1, to: 0 });
    expect([p.row[0]!.w, p.idle]).toEqual([1, 3]);
    expect(p.res.stone).toBe(8);
  });

  it('NAT-DEPLOY-5: moving is undeploy then deploy; removal conditions are checked in between (Harald)', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 0, { stone: 5 });
    setRow(st, s, 0, 'hoplite', 1); // 3 strength
    setRow(st, s, 1, 'chariot', 0); // 3 strength
    addAdvisor(st, s, 'harald'); // removed while s is the weakest
    weakOthers(st, s); // 2 strength
    expect(strength(st, s)).toBe(3);
    ok(st, s, { type: 'deploy', from: 0, to: 1 });
    // After the move s is strongest again, but in between it had 0 strength: Harald is gone.
    expect(strength(st, s)).toBe(3);
    expect(p.advisors).toEqual([]);
    expect(st.removed).toContain('harald');
  });

  it('NAT-EX-3: moving a worker from the Conquistador to the Railroad: −4 stone, −7 strength, +3 stability', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 0, { stone: 4 });
    setRow(st, s, 0, 'conquistador', 1);
    setRow(st, s, 1, 'railroad', 0);
    expect([strength(st, s), stability(st, s)]).toEqual([7, 0]);
    addAdvisor(st, s, 'harald'); // removed when s is the weakest (strength 0 in the intermediate state)
    weakOthers(st, s);
    const log = ok(st, s, { type: 'deploy', from: 0, to: 1 });
    const k = log.map((e) => e.key);
    expect(k.indexOf('nat.ev.removed')).toBeLessThan(k.indexOf('nat.ev.deploy'));
    expect([p.res.stone, strength(st, s), stability(st, s)]).toEqual([0, 0, 3]);
    expect([p.row[0]!.w, p.row[1]!.w]).toEqual([0, 1]);
    expect(st.removed).toContain('harald');
  });

  it('NAT-DEPLOY-6: per-worker strength and stability apply when the worker lands and stop when it leaves; production waits', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 1, { stone: 2 });
    setRow(st, s, 0, 'immortal', 0); // +3 strength, -1 stability per worker
    setRow(st, s, 1, 'lighthouse', 0); // +2 gold +1 stone per worker
    ok(st, s, { type: 'deploy', from: -1, to: 0 });
    expect([strength(st, s), stability(st, s)]).toEqual([3, -1]);
    ok(st, s, { type: 'undeploy', slot: 0 });
    expect([strength(st, s), stability(st, s)]).toEqual([0, 0]);
    turn(st, s);
    ok(st, s, { type: 'deploy', from: -1, to: 1 });
    expect(p.res).toMatchObject({ gold: 0, stone: 0 }); // nothing produced on deployment
    produce(st);
    expect(p.res).toMatchObject({ gold: 2, stone: 1 });
  });

  it('NAT-DEPLOY-7: no limit on workers per card; workers beyond the VP icons still count', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 7, { stone: 7 });
    setRow(st, s, 0, 'ziggurat', 0);
    for (let i = 0; i < 7; i++) {
      turn(st, s);
      ok(st, s, { type: 'deploy', from: -1, to: 0 });
    }
    expect(p.row[0]!.w).toBe(7);
    expect(stability(st, s)).toBe(14);
    expect(scoreParts(st, s)[3]).toBe(2);
    produce(st);
    expect(p.res.stone).toBe(7);
  });

  it('NAT-DEPLOY-8: undeploying is a free operation: no action, no refund, effects stop at once', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 0, { stone: 1 });
    setRow(st, s, 0, 'hoplite', 2);
    setRow(st, s, 1, 'ziggurat', 0);
    const log = ok(st, s, { type: 'undeploy', slot: 0 });
    expect(cites(log, 'NAT-DEPLOY-8')).toBe(true);
    ok(st, s, { type: 'undeploy', slot: 0 });
    expect([p.row[0]!.w, p.idle, p.res.stone, strength(st, s)]).toEqual([0, 2, 1, 0]);
    expect(st.turn!.main).toBe(0); // still free to take the main action
    rejects(st, s, { type: 'undeploy', slot: 0 }, 'nat.err.noWorker');
    ok(st, s, { type: 'deploy', from: -1, to: 1 });
    ok(st, s, { type: 'undeploy', slot: 1 });
    expect(p.res.stone).toBe(0); // the deploy cost is not refunded
  });

  it('NAT-DEPLOY-8: an undeployment changes strength at once, and removal conditions see it (Harald)', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 0);
    setRow(st, s, 0, 'hoplite', 1);
    addAdvisor(st, s, 'harald');
    weakOthers(st, s);
    ok(st, s, { type: 'undeploy', slot: 0 });
    expect(strength(st, s)).toBe(0);
    expect(p.advisors).toEqual([]);
  });

  it('NAT-DEPLOY-6: a deployment changes the state at once, and removal conditions see it (Boudica)', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 1, { stone: 1 });
    setRow(st, s, 0, 'hoplite', 0);
    addAdvisor(st, s, 'boudica'); // removed when a military card is manned
    ok(st, s, { type: 'deploy', from: -1, to: 0 });
    expect(p.advisors).toEqual([]);
    expect(strength(st, s)).toBe(3);
  });

  it('NAT-DEPLOY-9: a worker cannot be moved onto the card it is on', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 0, { stone: 5 });
    setRow(st, s, 0, 'ziggurat', 1);
    rejects(st, s, { type: 'deploy', from: 0, to: 0 }, 'nat.err.same');
    expect(nations.legalActions(st, s).filter((a) => a.type === 'deploy')).toEqual([]);
    expect(p.res.stone).toBe(5);
  });

  it('NAT-EX-1: Ziggurat: deploy for 1 stone, +2 stability at once, +1 stone in production, VP 1/2/2 for 1/2/3 workers', () => {
    const [st, s] = action(3);
    const p = blank(st, s, 1, { stone: 3 });
    setRow(st, s, 0, 'ziggurat', 0);
    st.mods = [{ seat: s, body: { stability: 4 }, until: 'endOfRound' }];
    expect(stability(st, s)).toBe(4);
    ok(st, s, { type: 'deploy', from: -1, to: 0 });
    expect(p.res.stone).toBe(2);
    expect(stability(st, s)).toBe(6);
    const log = produce(st);
    expect(p.res.stone).toBe(3);
    expect(log.find((e) => e.key === 'nat.ev.production' && e.params!.seat === s)!.params!.net).toMatchObject(
      {
        stone: 1,
      },
    );
    const vp = (w: number) => {
      p.row[0]!.w = w;
      return scoreParts(st, s)[3];
    };
    expect([vp(1), vp(2), vp(3)]).toEqual([1, 2, 2]);
  });

  it('NAT-EX-2: Hoplite: three workers over three turns: stone 2, strength 9, 3 stone upkeep, raid 3, 2 VP', () => {
    const [st] = action(2);
    const [a, b] = st.order as [number, number];
    const p = blank(st, a, 3, { stone: 5 });
    setRow(st, a, 0, 'hoplite', 0);
    expect(strength(st, a)).toBe(0);
    ok(st, a, { type: 'deploy', from: -1, to: 0 });
    ok(st, a, { type: 'end' });
    ok(st, b, { type: 'pass' });
    ok(st, a, { type: 'deploy', from: -1, to: 0 });
    ok(st, a, { type: 'end' });
    ok(st, a, { type: 'deploy', from: -1, to: 0 });
    ok(st, a, { type: 'end' });
    expect(p.res.stone).toBe(2);
    expect(strength(st, a)).toBe(9);
    expect(raid(st, a)).toBe(3);
    expect(scoreParts(st, a)[3]).toBe(2);
    p.res.stone = 5;
    const log = produce(st);
    expect(log.find((e) => e.key === 'nat.ev.production' && e.params!.seat === a)!.params!.net).toMatchObject(
      {
        stone: -3,
      },
    );
    expect(p.res.stone).toBe(2);
    p.row[0]!.w = 1;
    expect(raid(st, a)).toBe(3);
    expect(strength(st, a)).toBe(3);
  });
});

// ================================================================ NAT-ARCH

describe('NAT-ARCH: hiring architects', () => {
  /** Seat s builds the Pyramids (stages 2, 1, 0). */
  function pyramids(st: NatState, s: number, built = 0) {
    const p = st.players[s]!;
    p.wip = { id: 'pyramids', u: st.uid++, built };
    return p;
  }

  it('NAT-ARCH-1: hiring needs a wonder with an unbuilt stage, an available architect and the stone for the stage', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    st.pool = 1;
    rejects(st, s, { type: 'hire' }, 'nat.err.noWonder');
    pyramids(st, s);
    p.res.stone = 1;
    rejects(st, s, { type: 'hire' }, 'nat.err.stone');
    p.res.stone = 2;
    st.pool = 0;
    rejects(st, s, { type: 'hire' }, 'nat.err.noArchitect');
    rejects(st, s, { type: 'hire', private: true }, 'nat.err.noArchitect');
    st.pool = 1;
    // Modifiers change the stone needed.
    p.res.stone = 0;
    st.mods = [{ seat: s, body: { architectCost: { delta: -2 } }, until: 'endOfRound' }];
    ok(st, s, { type: 'hire' });
    expect(p.wip!.built).toBe(1);
  });

  it('NAT-ARCH-2: the player picks a public or private architect; it goes on the leftmost unbuilt stage for its stone', () => {
    const [st, s] = action(3);
    const p = pyramids(st, s);
    p.res.stone = 5;
    p.priv = 1;
    st.pool = 2;
    const acts = nations.legalActions(st, s);
    expect(acts).toContainEqual({ type: 'hire' });
    expect(acts).toContainEqual({ type: 'hire', private: true });
    ok(st, s, { type: 'hire' });
    expect([p.wip!.built, p.res.stone, st.pool, p.priv]).toEqual([1, 3, 1, 1]);
    turn(st, s);
    ok(st, s, { type: 'hire', private: true });
    expect([p.wip!.built, p.res.stone, st.pool, p.priv]).toEqual([2, 2, 1, 0]);
  });

  it('NAT-ARCH-3: an architect on the last stage completes the wonder at once', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    p.wip = { id: 'colosseum', u: st.uid++, built: 1 }; // stages 2, 2; +3 strength
    p.res.stone = 2;
    p.res.food = 5;
    st.pool = 1;
    const log = ok(st, s, { type: 'hire' });
    expect(cites(log, 'NAT-WON-5')).toBe(true);
    expect(p.wip).toBeNull();
    expect(p.wonders.map((w) => w.id)).toEqual(['colosseum']);
    expect(strength(st, s)).toBe(3);
  });

  it('NAT-ARCH-4: the public pool is shared: first come, first served', () => {
    const [st] = action(3);
    const [a, b] = st.order as [number, number];
    for (const s of [a, b]) {
      pyramids(st, s);
      st.players[s]!.res.stone = 5;
    }
    st.pool = 1;
    ok(st, a, { type: 'hire' });
    ok(st, a, { type: 'end' });
    expect(st.pool).toBe(0);
    rejects(st, b, { type: 'hire' }, 'nat.err.noArchitect');
  });

  it('NAT-ARCH-5: architects on a wonder stay there through end-of-round cleanup', () => {
    const [st, s] = action(3);
    const p = pyramids(st, s);
    p.res.stone = 5;
    st.pool = 2;
    ok(st, s, { type: 'hire' });
    ok(st, s, { type: 'end' });
    passAll(st);
    expect(st.round).toBe(2);
    expect(p.wip!.built).toBe(1);
    // The next stage is the second one.
    toAction(st);
    turn(st, s);
    p.res.stone = 1;
    st.pool = 1;
    ok(st, s, { type: 'hire' });
    expect([p.wip!.built, p.res.stone]).toEqual([2, 0]);
  });

  it('NAT-ARCH-6: a free architect comes from the supply, costs no stone, is no action and counts as a hire (Sistine Chapel)', () => {
    const [st, s] = action(3);
    const p = pyramids(st, s);
    p.res.stone = 0;
    addWonder(st, s, 'sistine'); // +3 books each time its owner hires an architect
    addWonder(st, s, 'oracle'); // +2 stability: s is the most stable
    st.pool = 1;
    st.eventCard = 'anarchism'; // lower event: Great Exhibition, most stable may place up to 2 free architects
    st.pending = null;
    st.turn = null;
    const books = p.res.books;
    only(st, 'events');
    expect(st.pending!.kind).toBe('freeArch');
    expect(st.pending!.s).toBe(s);
    answer(st, { n: 2 });
    expect(p.wip!.built).toBe(2);
    expect(p.res.stone).toBe(0);
    expect(st.pool).toBe(1);
    expect(p.res.books).toBe(books + 6);
    // Without a wonder under construction the effect does nothing.
    const [t, x] = action(3);
    addWonder(t, x, 'oracle');
    t.eventCard = 'anarchism';
    t.turn = null;
    only(t, 'events');
    expect(t.pending).toBeNull();
    expect(t.players[x]!.wip).toBeNull();
  });

  it('NAT-ARCH-7: private architects: only for the holder, in the round gained, with an action and the stage stone', () => {
    const [st] = action(3);
    const [a, b] = st.order as [number, number];
    const pa = pyramids(st, a);
    pyramids(st, b);
    pa.priv = 1;
    st.pool = 0;
    pa.res.stone = 2;
    ok(st, a, { type: 'hire', private: true });
    expect([pa.priv, pa.res.stone, st.turn!.main]).toEqual([0, 0, 1]);
    ok(st, a, { type: 'end' });
    rejects(st, b, { type: 'hire', private: true }, 'nat.err.noArchitect');
    rejects(st, b, { type: 'hire' }, 'nat.err.noArchitect');
    // Unused private architects expire at end of round.
    pa.priv = 2;
    passAll(st);
    expect(pa.priv).toBe(0);
  });
});

// ================================================================ NAT-ABIL

describe('NAT-ABIL: card abilities', () => {
  it('NAT-ABIL-1: a once-per-round ability gets a used marker and cannot be used again that round', () => {
    const [st] = action(2);
    const [a, b] = st.order as [number, number];
    const u = nextUid(st, 'petra');
    addWonder(st, a, 'petra');
    addAdvisor(st, a, 'suntzu');
    st.players[a]!.res.food = 5;
    st.turn!.left = 2;
    st.turn!.sunTzu = true;
    ok(st, a, { type: 'ability', card: u, ability: 'trade' });
    choose(st, { res: 'stone' });
    expect(st.players[a]!.used).toContain(u);
    rejects(st, a, { type: 'ability', card: u, ability: 'trade' }, 'nat.err.used');
    ok(st, a, { type: 'end' });
    ok(st, b, { type: 'pass' });
    rejects(st, a, { type: 'ability', card: u, ability: 'trade' }, 'nat.err.used');
    ok(st, a, { type: 'pass' });
    toAction(st);
    expect(st.players[a]!.used).toEqual([]);
    turn(st, a);
    ok(st, a, { type: 'ability', card: u, ability: 'trade' });
  });

  it('NAT-ABIL-2: an action ability uses the main action, a free one does not; base-game abilities are actions', () => {
    for (const c of PROGRESS_CARDS) for (const ab of c.abilities ?? []) expect(ab.timing).toBe('action');
    const [st, s] = action(3);
    const p = st.players[s]!;
    const u = nextUid(st, 'petra');
    addWonder(st, s, 'petra');
    p.res.food = 2;
    ok(st, s, { type: 'ability', card: u, ability: 'trade' });
    choose(st, { res: 'gold' });
    expect(st.turn!.main).toBe(1);
    rejects(st, s, { type: 'deploy', from: -1, to: 0 }, 'nat.err.noAction');
    withCard('petra', freePetra(), () => {
      turn(st, s);
      p.used = [];
      const books = p.res.books;
      ok(st, s, { type: 'ability', card: u, ability: 'trade' });
      choose(st, { res: 'books' });
      expect(p.res.books).toBe(books + 3);
      expect(st.turn!.main).toBe(0);
      ok(st, s, { type: 'deploy', from: -1, to: 1 });
    });
  });

  it('NAT-ABIL-3: an ability cost is a voluntary payment: affordable in full or illegal', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    const petra = nextUid(st, 'petra');
    addWonder(st, s, 'petra'); // costs 1 food
    p.advisors = [];
    addAdvisor(st, s, 'marcopolo'); // 2 food or 2 stone for 4 gold
    const mp = p.advisors[0]!.u;
    p.res = { gold: 0, stone: 1, food: 0, books: 5 };
    rejects(st, s, { type: 'ability', card: petra, ability: 'trade' }, 'nat.err.afford');
    rejects(st, s, { type: 'ability', card: mp, ability: 'trade', cost: 0 }, 'nat.err.afford');
    rejects(st, s, { type: 'ability', card: mp, ability: 'trade', cost: 1 }, 'nat.err.afford');
    p.res.stone = 2;
    ok(st, s, { type: 'ability', card: mp, ability: 'trade', cost: 1 });
    expect(p.res).toMatchObject({ gold: 4, stone: 0, food: 0 });
  });

  it('NAT-ABIL-4: abilities work on manned buildings/military only, and on completed wonders only', () => {
    const [st, s] = action(3);
    const p = st.players[s]!;
    p.res.food = 5;
    p.wip = { id: 'petra', u: st.uid++, built: 1 };
    rejects(st, s, { type: 'ability', card: p.wip.u, ability: 'trade' }, 'nat.err.noAbility');
    // A building with an ability (Marco Polo's trade, as if printed on a building).
    withCard('marcopolo', { type: 'building', deployCost: { stone: 1 } }, () => {
      setRow(st, s, 2, 'marcopolo', 0);
      const b = p.row[2]!;
      rejects(st, s, { type: 'ability', card: b.u, ability: 'trade', cost: 0 }, 'nat.err.noAbility');
      ok(st, s, { type: 'deploy', from: -1, to: 2 });
      turn(st, s);
      ok(st, s, { type: 'ability', card: b.u, ability: 'trade', cost: 0 });
      expect(p.res.food).toBe(3);
      turn(st, s);
      ok(st, s, { type: 'undeploy', slot: 2 });
      rejects(st, s, { type: 'ability', card: b.u, ability: 'trade', cost: 1 }, 'nat.err.noAbility');
    });
    // Completing the wonder makes its ability available.
    turn(st, s);
    p.wip = { id: 'petra', u: p.wip.u, built: 2 };
    p.res.stone = 1;
    st.pool = 1;
    ok(st, s, { type: 'hire' });
    settle(st);
    const w = p.wonders.find((x) => x.id === 'petra')!;
    turn(st, s);
    ok(st, s, { type: 'ability', card: w.u, ability: 'trade' });
  });
});
