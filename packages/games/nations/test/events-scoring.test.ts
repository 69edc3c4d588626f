/**
 * Events (NAT-EVENT), book scoring (NAT-BOOKS), end of game and final scoring (NAT-END) and the 5-player rules
 * (NAT-5P), with the worked examples NAT-EX-6/7/8/11 and the tricky scenario NAT-TS-1.
 *
 * Event cards are real cards (src/data/events.json), run with `runEvents(st, id)`. Values are shaped with
 * round modifiers (`st.mods`) on an empty board, so that strength and stability are exactly the numbers of
 * the scenario.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { nations } from '@tabula/nations';
import type { NatState } from '@tabula/nations';
import type { ProgressCard } from '../src/types.js';
import { registerTestCard, scoreParts } from '../src/derive.js';
import { eventCard } from '../src/data.js';
import {
  addAdvisor,
  addColony,
  addWonder,
  allRes,
  answer,
  atAction,
  bare,
  keyed,
  mod,
  only,
  resolveFrom,
  runEvents,
  setRes,
  setRow,
  shape,
  stability,
  strength,
  vps,
} from './helpers.js';

// ---------------------------------------------------------------- local helpers

/** `shape` (every seat bare with exactly [strength, stability]), and player order 0, 1, 2, … */
function shapeInOrder(st: NatState, ...vals: Array<[number, number]>): void {
  st.order = vals.map((_, s) => s);
  shape(st, ...vals);
}
function giveAll(st: NatState, bag: Partial<Record<'gold' | 'stone' | 'food' | 'books', number>>): void {
  for (let s = 0; s < st.n; s++) setRes(st, s, bag);
}
/** Runs the last round's end (cleanup → final scoring). */
function finish(st: NatState): void {
  st.round = 2 * st.opts.ages;
  st.eventCard ??= 'attila';
  only(st, 'cleanup');
}

// ================================================================ NAT-EVENT

describe('events (NAT-EVENT)', () => {
  it('NAT-EVENT-1: the upper event is resolved first, then the lower event', () => {
    const st = atAction(3);
    shapeInOrder(st, [5, -1], [1, 3], [3, 2]);
    giveAll(st, { gold: 5, food: 5 });
    const log = runEvents(st, 'yellowturban');
    expect(keyed(log, 'nat.ev.eventTargets').map((e) => [e.params!.name, e.params!.seats])).toEqual([
      ['Yellow Turban Rebellion', [1]],
      ['Spartacus Revolt', [0]],
    ]);
    expect(allRes(st, 'food')).toEqual([5, 2, 5]);
    expect(allRes(st, 'gold')).toEqual([4, 5, 5]);
    expect(st.order).toEqual([1, 2, 0]);
  });

  it('NAT-EVENT-2: each event finds its targets when it starts, so the lower event sees the upper one’s changes', () => {
    // Sinking of the Vasa: the least stable nation takes −10 strength, which makes it the weakest for
    // Peace of Westphalia (weakest: −5 food).
    const run = (branch: number) => {
      const st = atAction(3);
      shapeInOrder(st, [9, -1], [4, 2], [6, 1]);
      giveAll(st, { gold: 5, food: 9 });
      runEvents(st, 'vasa');
      expect(st.pending?.s).toBe(0);
      answer(st, { branch });
      return st;
    };
    const a = run(1);
    expect(allRes(a, 'food')).toEqual([4, 9, 9]);
    expect(allRes(a, 'gold')).toEqual([5, 5, 5]);
    const b = run(0);
    expect(allRes(b, 'food')).toEqual([9, 4, 9]);
    expect(allRes(b, 'gold')).toEqual([2, 5, 5]);
  });

  it('NAT-EVENT-3: "best" goes to the benefit set, "worst" to the penalty set, "all" to everyone', () => {
    const st = atAction(3);
    shapeInOrder(st, [9, 0], [4, 0], [1, 0]);
    for (const s of [0, 1, 2]) st.players[s]!.idle = 3;
    runEvents(st, 'blackdeath'); // upper: all lose a worker; lower: strongest +3 books
    expect(st.players.map((p) => p.idle)).toEqual([2, 2, 2]);
    expect(allRes(st, 'books')).toEqual([3, 0, 0]);
    giveAll(st, { gold: 5 });
    runEvents(st, 'attila'); // weakest −3 gold; Zoroastrian: tie for most stable → seat 0 chooses
    answer(st, { branch: 0 });
    expect(allRes(st, 'gold')).toEqual([5, 5, 2]);
  });

  it('NAT-EVENT-4: every target receives the full effect (tied weakest both pay in full)', () => {
    const st = atAction(4);
    shapeInOrder(st, [9, 2], [2, 1], [2, 0], [5, 1]);
    giveAll(st, { gold: 10, food: 5 });
    runEvents(st, 'lindisfarne'); // weakest −4 gold; least stable −2 food −2 gold
    expect(allRes(st, 'gold')).toEqual([10, 6, 4, 10]);
    expect(allRes(st, 'food')).toEqual([5, 5, 3, 5]);
  });

  it('NAT-EVENT-5, NAT-EX-11: choices in reverse player order, all before any effect; non-payers go last in order', () => {
    // Ecological Collapse: each nation may pay 2 food; those who do not go to the end of the order.
    const st = atAction(3);
    shapeInOrder(st, [0, 0], [0, 0], [0, 0]); // order China (0), Persia (1), Rome (2)
    giveAll(st, { food: 5, books: 10 });
    runEvents(st, 'ecological');
    expect(st.pending?.s).toBe(2); // Rome first
    answer(st, { accept: true });
    expect(st.pending?.s).toBe(1);
    expect(st.players[2]!.res.food).toBe(5); // no effect yet
    answer(st, { accept: false });
    expect(st.pending?.s).toBe(0);
    answer(st, { accept: false });
    expect(st.order).toEqual([2, 0, 1]);
    expect(allRes(st, 'food')).toEqual([5, 5, 3]);
  });

  it('NAT-EVENT-5: the effects then apply in player order; an event may name a chooser or its own choice order', () => {
    const st = atAction(3);
    shapeInOrder(st, [0, 0], [0, 0], [0, 0]);
    st.order = [1, 2, 0];
    giveAll(st, { food: 5 });
    const log: GameEvent[] = [];
    runEvents(st, 'breadgames'); // lower: Christianity, all may pay 4 food for 6 books
    expect(st.pending?.s).toBe(0);
    answer(st, { accept: true }, log);
    answer(st, { accept: true }, log);
    answer(st, { accept: true }, log);
    expect(keyed(log, 'nat.ev.offer').map((e) => e.params!.seat)).toEqual([1, 2, 0]);
    expect(allRes(st, 'books')).toEqual([6, 6, 6]);
    // A chooser: Zoroastrian Revival asks only the most stable nation.
    const z = atAction(3);
    shapeInOrder(z, [5, 1], [5, 4], [5, 2]);
    giveAll(z, { food: 5, gold: 5 });
    runEvents(z, 'attila');
    expect(z.pending?.kind).toBe('choice');
    expect(z.pending?.s).toBe(1);
    answer(z, { branch: 1 });
    expect(allRes(z, 'food')).toEqual([2, 5, 2]);
    expect(z.pending).toBeNull();
  });

  it('NAT-EVENT-6: moved nations form one block; a ranking orders the block (better rank first), else current order', () => {
    // Spartacus Revolt with 5 players: least stable (k = 2) go last, the better of them first.
    const st = atAction(5);
    shapeInOrder(st, [0, 5], [0, 4], [0, 3], [0, 2], [0, 1]);
    st.order = [4, 3, 2, 1, 0];
    giveAll(st, { gold: 5, food: 5 });
    runEvents(st, 'yellowturban');
    expect(st.order).toEqual([2, 1, 0, 3, 4]);
    // Tied least stable (all negative): the block keeps the current order.
    const t = atAction(4);
    shapeInOrder(t, [0, -2], [0, 4], [0, -5], [0, 3]);
    t.order = [2, 1, 0, 3];
    giveAll(t, { gold: 5, food: 5 });
    runEvents(t, 'yellowturban');
    expect(t.order).toEqual([1, 3, 2, 0]);
    // Kangxi Era (most stable to the front).
    const k = atAction(3);
    shapeInOrder(k, [0, 1], [0, 2], [0, 6]);
    runEvents(k, 'tulipmania');
    expect(k.order).toEqual([2, 0, 1]);
  });

  it('NAT-EVENT-7: workers gained or lost through events follow the track rules; the owner chooses side and worker', () => {
    // Black Death: P chooses to lose the Ziggurat worker into the empty stability space.
    const st = atAction(3);
    shapeInOrder(st, [0, 0], [0, 0], [0, 0]);
    const p = st.players[0]!;
    setRow(st, 0, 0, 'ziggurat', 1);
    p.idle = 1;
    p.stabFilled = 3;
    p.foodFilled = 3;
    expect(stability(st, 0)).toBe(-1);
    runEvents(st, 'blackdeath');
    expect(st.pending?.kind).toBe('loseWorker');
    expect(st.pending!.opts).toHaveLength(4); // idle or Ziggurat × food or stability side
    answer(st, { from: 0, side: 'stability' });
    expect(p.row[0]!.w).toBe(0);
    expect(p.idle).toBe(1);
    expect([p.foodFilled, p.stabFilled]).toEqual([3, 4]);
    expect(stability(st, 0)).toBe(0);
    // Pilgrims (most food: +1 worker): the owner picks the side it comes from.
    const g = atAction(3);
    shapeInOrder(g, [0, 0], [0, 0], [0, 0]);
    giveAll(g, { gold: 5 });
    setRes(g, 1, { food: 3 });
    runEvents(g, 'pilgrims');
    expect(g.pending?.kind).toBe('gainSide');
    answer(g, { side: 'stability' });
    expect(g.players[1]!.stabFilled).toBe(3);
    expect(g.players[1]!.idle).toBe(6);
    // …which makes seat 1 the least stable for the lower event (Dutch Revolt: last, −3 gold).
    expect(g.order).toEqual([0, 2, 1]);
    expect(allRes(g, 'gold')).toEqual([5, 2, 5]);
  });

  it('NAT-EVENT-8: event losses are forced payments; offers must be affordable; all-or-nothing offers need every worker', () => {
    const st = atAction(3);
    shapeInOrder(st, [9, 0], [1, 0], [5, 0]);
    setRes(st, 1, { gold: 1, books: 5 });
    giveAll(st, { food: 2 });
    runEvents(st, 'attila');
    answer(st, { branch: 0 }); // Zoroastrian: seat 0 (tie, first in order) takes the stone
    expect(st.players[1]!.res).toEqual({ gold: 0, stone: 0, food: 2, books: 3 }); // 2 short → 2 books, 1 VP
    expect(st.players[1]!.vp).toBe(9);
    // Christianity needs 4 food in full: nobody with 2 food is even asked.
    runEvents(st, 'breadgames');
    expect(st.pending).toBeNull();
    expect(allRes(st, 'books')).toEqual([0, 3, 0]);
    // Han Dynasty (most stable may take 1 worker and 3 food, all or nothing): no worker left → no offer.
    const h = atAction(3);
    shapeInOrder(h, [0, 3], [0, 0], [0, 0]);
    const p = h.players[0]!;
    p.foodFilled = 0;
    p.stabFilled = 0;
    p.overflow = 0;
    runEvents(h, 'paxromana');
    expect(h.pending).toBeNull();
    expect(p.res.food).toBe(0);
    // With a worker available, it is offered; accepting takes the worker and the food.
    const h2 = atAction(3);
    shapeInOrder(h2, [0, 3], [0, 0], [0, 0]);
    runEvents(h2, 'paxromana');
    expect(h2.pending?.kind).toBe('offer');
    answer(h2, { accept: true });
    if (h2.pending?.kind === 'gainSide') answer(h2, { side: 'food' });
    expect(h2.players[0]!.res.food).toBe(3);
    expect(h2.players[0]!.idle).toBe(6);
  });

  it('NAT-EVENT-9: removal conditions are checked after each effect (Harald goes before the lower event starts)', () => {
    const st = atAction(3);
    shapeInOrder(st, [6, -1], [5, 2], [8, 2]);
    addAdvisor(st, 0, 'harald');
    giveAll(st, { food: 9 });
    const log = runEvents(st, 'vasa');
    answer(st, { branch: 1 }, log);
    const i = log.findIndex((e) => e.key === 'nat.ev.removed');
    const j = log.findIndex(
      (e) => e.key === 'nat.ev.eventTargets' && e.params!.name === 'Peace of Westphalia',
    );
    expect(i).toBeGreaterThanOrEqual(0);
    expect(log[i]!.params!.card).toBe('harald');
    expect(i).toBeLessThan(j);
  });

  it('NAT-EVENT-10: event modifiers last until end of round unless the card says otherwise (Vasa: end of card)', () => {
    const st = atAction(3);
    shapeInOrder(st, [9, -1], [4, 2], [6, 1]);
    giveAll(st, { food: 9 });
    runEvents(st, 'vasa');
    answer(st, { branch: 1 });
    expect(strength(st, 0)).toBe(9); // the −10 ended with the card
    expect(st.mods.some((m) => 'strength' in m.body && m.body.strength === -10)).toBe(false);
    // An end-of-round modifier (Versailles' completion effect) outlasts the event step, until cleanup.
    mod(st, 1, { countsAsLeastStable: true });
    only(st, 'famine');
    only(st, 'books');
    expect(st.mods.some((m) => 'countsAsLeastStable' in m.body)).toBe(true);
    only(st, 'cleanup');
    expect(st.mods).toEqual([]);
  });

  it('NAT-EVENT-11: the event card’s architect number joins the pool; its famine number is the famine', () => {
    const st = atAction(3);
    st.eventCard = 'benedictine'; // 3 architects, famine 1
    only(st, 'architects');
    expect(st.pool).toBe(2 + 3);
    for (const s of [0, 1, 2]) bare(st, s);
    giveAll(st, { food: 4 });
    only(st, 'famine');
    expect(allRes(st, 'food')).toEqual([3, 3, 3]);
  });

  it('NAT-EVENT-12: "every other nation" means everyone outside the benefit set (a tie for best: all pay)', () => {
    const st = atAction(3);
    shapeInOrder(st, [9, 0], [4, 0], [1, 0]);
    giveAll(st, { food: 5 });
    runEvents(st, 'hellenism'); // strongest +2 stone; every other nation −2 food; Ashoka: nobody has military
    expect(allRes(st, 'stone')).toEqual([2, 0, 0]);
    expect(allRes(st, 'food')).toEqual([5, 3, 3]);
    const t = atAction(3);
    shapeInOrder(t, [9, 0], [9, 0], [1, 0]);
    giveAll(t, { food: 5 });
    runEvents(t, 'hellenism');
    expect(allRes(t, 'stone')).toEqual([0, 0, 0]);
    expect(allRes(t, 'food')).toEqual([3, 3, 3]);
    // With a chooser (Zoroastrian Revival), "other" is everyone but the chooser, even a tied one.
    const z = atAction(3);
    shapeInOrder(z, [5, 4], [5, 4], [1, 1]);
    giveAll(z, { food: 5, gold: 5 });
    runEvents(z, 'attila');
    expect(z.pending?.s).toBe(0);
    answer(z, { branch: 1 });
    expect(allRes(z, 'food')).toEqual([5, 2, 2]);
  });

  it('NAT-EVENT-13, NAT-5P-2: "first/last nation to pass" use the pass order, widened to two nations with 5 players', () => {
    const st = atAction(5);
    shapeInOrder(st, [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]);
    st.passOrder = [3, 1, 4, 0, 2];
    runEvents(st, 'taoism'); // first to pass: +3 books
    expect(allRes(st, 'books')).toEqual([0, 3, 0, 3, 0]);
    runEvents(st, 'tulipmania'); // last to pass: −1 VP
    expect(vps(st)).toEqual([9, 10, 9, 10, 10]);
    const f = atAction(4);
    shapeInOrder(f, [0, 0], [0, 0], [0, 0], [0, 0]);
    f.passOrder = [3, 1, 0, 2];
    runEvents(f, 'taoism');
    expect(allRes(f, 'books')).toEqual([0, 0, 0, 3]);
    runEvents(f, 'tulipmania');
    expect(vps(f)).toEqual([10, 10, 9, 10]);
  });

  it('NAT-EVENT-14: event deploys (Entente Cordiale) are free and decided in reverse order; undeploys (Ashoka) pay per worker', () => {
    const st = atAction(5);
    shapeInOrder(st, [10, 0], [8, 0], [0, 0], [0, 0], [0, 0]);
    giveAll(st, { stone: 10 });
    setRow(st, 0, 0, 'hoplite', 0);
    setRow(st, 1, 0, 's-axeman', 0);
    setRow(st, 1, 1, 's-temple', 1);
    runEvents(st, 'entente');
    expect(st.pending?.kind).toBe('deployFree');
    expect(st.pending?.s).toBe(1); // the two strongest decide, later in player order first
    answer(st, { from: 1, to: 0 });
    answer(st, { from: -1, to: 0 });
    expect(st.pending?.s).toBe(0);
    expect(st.players[1]!.row[0]!.w).toBe(0); // decided, not yet applied
    answer(st, { from: -1, to: 0 });
    answer(st, { stop: true });
    expect(st.players[0]!.row[0]!.w).toBe(1);
    expect(st.players[1]!.row.map((r) => r && r.w)).toEqual([2, 0, null, null, null]);
    // No stone was paid for the deployments (General Strike then costs everyone 6: all tied least stable).
    expect(allRes(st, 'stone')).toEqual([4, 4, 4, 4, 4]);
    // Ashoka's Conversion: undeploy from military for 2 books each; decided in reverse order.
    const a = atAction(3);
    shapeInOrder(a, [0, 0], [0, 0], [0, 0]);
    giveAll(a, { food: 5 });
    setRow(a, 0, 0, 'hoplite', 2);
    setRow(a, 1, 0, 's-axeman', 1);
    runEvents(a, 'hellenism');
    expect(a.pending?.kind).toBe('undeployFor');
    expect(a.pending?.s).toBe(1);
    answer(a, { slot: 0 });
    expect(a.pending?.s).toBe(0);
    answer(a, { slot: 0 });
    answer(a, { slot: 0 });
    expect(a.players[0]!.row[0]!.w).toBe(0);
    expect(a.players[1]!.row[0]!.w).toBe(0);
    expect(allRes(a, 'books')).toEqual([4, 2, 0]);
    expect(a.players[0]!.idle).toBe(7);
  });

  it('NAT-EVENT-15: war-marker conditions are false without a war; "above" means strictly greater', () => {
    const st = atAction(3);
    shapeInOrder(st, [6, 0], [5, 0], [1, 0]);
    runEvents(st, 'qinunification'); // Qin Unification: strength above the war marker +1 VP
    expect(vps(st)).toEqual([10, 10, 10]);
    const w = atAction(3);
    shapeInOrder(w, [6, 0], [5, 0], [1, 0]);
    w.war = { id: 'hunnic', marker: 5, buyer: 1 };
    runEvents(w, 'qinunification');
    expect(vps(w)).toEqual([11, 10, 10]);
  });

  it('NAT-EVENT-16: Feudal Dues restores the Action-phase order and freezes it for the rest of the round', () => {
    const st = atAction(3);
    shapeInOrder(st, [0, -1], [0, 2], [0, 3]);
    giveAll(st, { gold: 5, food: 5 });
    st.actionOrder = [0, 1, 2];
    st.order = [2, 1, 0];
    runEvents(st, 'feudal');
    expect(st.order).toEqual([0, 1, 2]);
    expect(allRes(st, 'gold')).toEqual([2, 5, 5]); // Hajj from Mali: least stable down to 2 gold
    // A further reorder this round (Spartacus Revolt would send seat 0 last) is ignored.
    runEvents(st, 'yellowturban');
    expect(st.order).toEqual([0, 1, 2]);
    only(st, 'famine');
    only(st, 'books');
    only(st, 'cleanup');
    expect(st.orderLocked).toBe(false);
  });

  it('NAT-TS-1: ties with 3 players: a tie for strongest gives nothing; the weakest (or all, if all tie) pay in full', () => {
    // Pax Romana (strongest +1 VP) and African Slave Trade (weakest −1 VP) stand in for the ±2 VP card.
    const st = atAction(3);
    shapeInOrder(st, [8, 0], [8, 0], [3, 0]);
    runEvents(st, 'paxromana');
    expect(vps(st)).toEqual([10, 10, 10]);
    runEvents(st, 'slavetrade');
    expect(vps(st)).toEqual([10, 10, 9]);
    const v = atAction(3);
    shapeInOrder(v, [8, 0], [8, 0], [8, 0]);
    runEvents(v, 'paxromana');
    expect(vps(v)).toEqual([10, 10, 10]);
    runEvents(v, 'slavetrade');
    expect(vps(v)).toEqual([9, 9, 9]);
  });
});

// ================================================================ NAT-5P events

describe('5-player rules (NAT-5P)', () => {
  it('NAT-5P-1: best and worst use k = 2 (two strongest gain, two weakest lose)', () => {
    const st = atAction(5);
    shapeInOrder(st, [9, 0], [8, 0], [7, 0], [6, 0], [5, 0]);
    runEvents(st, 'paxromana'); // strongest +1 VP
    expect(vps(st)).toEqual([11, 11, 10, 10, 10]);
    runEvents(st, 'martyrdom'); // weakest −1 VP
    expect(vps(st)).toEqual([11, 11, 10, 9, 9]);
  });

  it('NAT-5P-3: 7 columns, 3 base architects, and the 5-player deck requirement', () => {
    const st = atAction(5);
    expect(st.cols).toBe(7);
    expect(st.board).toHaveLength(21);
    expect(st.pool).toBe(3 + eventCard(st.eventCard!)!.architects);
    const setup = (levels: string[], n = 5) => {
      const o = nations.parseOptions({ cardLevels: levels });
      if (!o.ok) throw new Error(o.error.message);
      return nations.setup(o.value, n, 'x');
    };
    const bad = setup(['basic']);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('nat.err.deck5');
    expect(setup(['advanced', 'expert']).ok).toBe(false);
    expect(setup(['basic', 'expert']).ok).toBe(true);
    expect(setup(['basic'], 4).ok).toBe(true); // the requirement is for 5 players only
  });

  it('NAT-5P-4: Bronze Age Collapse with 5 players protects the two strongest and the two most stable', () => {
    const st = atAction(5);
    shapeInOrder(st, [9, 0], [8, 1], [1, 9], [2, 8], [5, 5]);
    // Upper (Sea Peoples): the two weakest (seats 2, 3) lose 1 VP, having no wonder architect to give.
    const log = runEvents(st, 'seapeoples');
    const bronze = keyed(log, 'nat.ev.eventTargets').find((e) => e.params!.name === 'Bronze Age Collapse')!;
    expect(bronze.params!.seats).toEqual([4]);
    expect(vps(st)).toEqual([10, 10, 9, 9, 9]);
    // A tie for the top protects nobody through that metric.
    const t = atAction(5);
    shapeInOrder(t, [9, 0], [9, 1], [9, 9], [2, 8], [5, 5]);
    const l2 = runEvents(t, 'seapeoples');
    const b2 = keyed(l2, 'nat.ev.eventTargets').find((e) => e.params!.name === 'Bronze Age Collapse')!;
    expect(b2.params!.seats).toEqual([0, 1, 4]);
  });

  it('NAT-5P-4: Fourth Crusade with 5 players: the better-ranked strongest decides; the other may join; weakest −4 books', () => {
    const st = atAction(5);
    shapeInOrder(st, [18, 0], [20, 0], [10, 0], [5, 0], [4, 0]);
    giveAll(st, { gold: 5, books: 6 });
    runEvents(st, 'fourthcrusade');
    expect(st.pending?.kind).toBe('offer');
    expect(st.pending?.s).toBe(1);
    answer(st, { accept: true });
    expect(st.pending?.s).toBe(0);
    answer(st, { accept: true });
    expect(vps(st)).toEqual([11, 11, 10, 10, 10]);
    expect(allRes(st, 'gold')).toEqual([2, 2, 5, 5, 5]);
    expect(allRes(st, 'books')).toEqual([6, 6, 6, 2, 2]);
    // Declined: nothing happens to anyone.
    const d = atAction(5);
    shapeInOrder(d, [18, 0], [20, 0], [10, 0], [5, 0], [4, 0]);
    giveAll(d, { gold: 5, books: 6 });
    runEvents(d, 'fourthcrusade');
    answer(d, { accept: false });
    expect(d.pending).toBeNull();
    expect(allRes(d, 'books')).toEqual([6, 6, 6, 6, 6]);
  });

  it('NAT-5P-4: Glorious Revolution with 5 players: the second most stable decides first and ends last', () => {
    const st = atAction(5);
    shapeInOrder(st, [0, 9], [0, 7], [0, 3], [0, 2], [0, 1]);
    runEvents(st, 'slavetrade');
    expect(st.pending?.s).toBe(1);
    answer(st, { accept: true });
    expect(st.pending?.s).toBe(0);
    answer(st, { accept: true });
    expect(st.order).toEqual([2, 3, 4, 0, 1]);
    expect(allRes(st, 'gold')).toEqual([6, 6, 0, 0, 0]);
  });

  it('NAT-5P-4: Olympic Games with 5 players: the two most stable go first and second, ties by player order', () => {
    const st = atAction(5);
    shapeInOrder(st, [0, 9], [0, 7], [0, 7], [0, 3], [0, 1]);
    st.order = [4, 3, 2, 1, 0];
    runEvents(st, 'qinunification');
    expect(st.order).toEqual([0, 2, 4, 3, 1]);
  });
});

// ================================================================ NAT-BOOKS

describe('book scoring (NAT-BOOKS)', () => {
  it('NAT-BOOKS-1, NAT-BOOKS-2, NAT-EX-6: 1 VP per other nation with fewer books; books are not spent', () => {
    const st = atAction(4);
    shapeInOrder(st, [0, 0], [0, 0], [0, 0], [0, 0]);
    [13, 11, 11, 4].forEach((b, s) => setRes(st, s, { books: b }));
    st.round = 2;
    only(st, 'books');
    expect(vps(st)).toEqual([13, 11, 11, 10]);
    expect(allRes(st, 'books')).toEqual([13, 11, 11, 4]);
  });

  it('NAT-BOOKS-1: book scoring comes after famine (books paid for missing food no longer count)', () => {
    const st = atAction(3);
    shapeInOrder(st, [0, 0], [0, 0], [0, 0]);
    setRes(st, 0, { books: 5 });
    setRes(st, 1, { books: 4, food: 5 });
    setRes(st, 2, { food: 5 });
    st.round = 2;
    st.eventCard = 'attila'; // famine 3
    resolveFrom(st, 'famine'); // famine, books, cleanup, then on into round 3
    expect(st.round).toBe(3);
    // Seat 0 paid 3 books for food (2 left, −1 VP), so seat 1 (4 books) scores 2 and seat 0 only 1.
    expect(vps(st)).toEqual([10, 12, 10]);
  });

  it('NAT-BOOKS-1: scoring happens only at the end of rounds 2, 4, 6 and 8', () => {
    for (const round of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const st = atAction(3);
      shapeInOrder(st, [0, 0], [0, 0], [0, 0]);
      [3, 2, 1].forEach((b, s) => setRes(st, s, { books: b }));
      st.round = round;
      only(st, 'books');
      expect(vps(st)).toEqual(round % 2 === 0 ? [12, 11, 10] : [10, 10, 10]);
    }
  });

  it('NAT-BOOKS-3: equal book counts score nothing against each other (10, 10, 5 → 1, 1, 0)', () => {
    const st = atAction(3);
    shapeInOrder(st, [0, 0], [0, 0], [0, 0]);
    [10, 10, 5].forEach((b, s) => setRes(st, s, { books: b }));
    st.round = 4;
    only(st, 'books');
    expect(vps(st)).toEqual([11, 11, 10]);
  });

  it('NAT-BOOKS-4: a short game still scores books at the end of every age played', () => {
    const st = atAction(3, { ages: 1 });
    shapeInOrder(st, [0, 0], [0, 0], [0, 0]);
    [1, 5, 3].forEach((b, s) => setRes(st, s, { books: b }));
    st.round = 2;
    only(st, 'books');
    expect(vps(st)).toEqual([10, 12, 11]);
    only(st, 'cleanup');
    expect(st.over).not.toBeNull();
    expect(st.over!.breakdown.map((b) => b[0])).toEqual([10, 12, 11]);
  });
});

// ================================================================ NAT-END

const TEST_COLONY: ProgressCard = {
  id: 'x-colony-vp',
  name: 'Test colony (1 VP + 1 per advisor)',
  age: 2,
  type: 'colony',
  level: 'basic',
  endVp: [1, { per: { cards: { type: 'advisor' } }, n: 1 }],
};
registerTestCard(TEST_COLONY);

describe('end of game and final scoring (NAT-END)', () => {
  it('NAT-END-1: the game ends after the Resolution phase of the last round, not before', () => {
    const st = atAction(3);
    st.round = 7;
    st.eventCard = 'attila';
    only(st, 'cleanup');
    expect(st.over).toBeNull();
    expect(st.round).toBe(8);
    st.eventCard = 'attila';
    only(st, 'cleanup');
    expect(st.over).not.toBeNull();
    expect(st.step).toBe('over');
  });

  it('NAT-END-2, NAT-END-7, NAT-EX-7: score = A + B + C + D + E; the highest total wins (Mik 45)', () => {
    const st = atAction(4);
    // [A tokens, B colonies, C wonders, D buildings, E resources]
    const table = [
      { vp: 12, col: ['greenland', 'congo'], won: ['greatlighthouse'], rows: [3, 3, 3, 1], e: 9 }, // Toni 43
      { vp: 15, col: ['congo'], won: ['pyramids'], rows: [3, 3, 3], e: 7 }, // Ruthi 42
      { vp: 17, col: ['congo', 'india'], won: ['greatlighthouse'], rows: [3, 3, 3, 2], e: 3 }, // Mik 45
      { vp: 13, col: ['greenland'], won: ['versailles'], rows: [3, 2, 2], e: 11 }, // Jare 42
    ];
    table.forEach((t, s) => {
      bare(st, s, t.vp);
      for (const c of t.col) addColony(st, s, c);
      for (const w of t.won) addWonder(st, s, w);
      t.rows.forEach((w, i) => setRow(st, s, i, 'factory', w)); // VP [2, 2, 1]
      setRes(st, s, { gold: 10 * t.e + 4 });
    });
    st.mods = [];
    expect(st.players.map((_, s) => scoreParts(st, s))).toEqual([
      [12, 3, 2, 17, 9],
      [15, 2, 3, 15, 7],
      [17, 4, 2, 19, 3],
      [13, 1, 4, 13, 11],
    ]);
    finish(st);
    expect(st.over!.scores).toEqual([43, 42, 45, 42]);
    expect(st.over!.winners).toEqual([2]); // the 42–42 tie does not matter
  });

  it('NAT-END-3: colony VP, including colony VP formulas', () => {
    const st = atAction(3);
    bare(st, 0, 0);
    addColony(st, 0, 'greenland'); // 1
    addColony(st, 0, 'congo'); // 2
    addColony(st, 0, TEST_COLONY.id); // 1 + 1 per advisor
    addAdvisor(st, 0, 'elizabeth');
    expect(scoreParts(st, 0)[1]).toBe(5);
  });

  it('NAT-END-4: completed wonders score their VP and formulas; an unfinished wonder scores 0', () => {
    const st = atAction(3);
    for (const s of [0, 1, 2]) bare(st, s, 0);
    addWonder(st, 0, 'potala'); // 1 + 1 per advisor
    addAdvisor(st, 0, 'elizabeth');
    addWonder(st, 0, 'bigben'); // 1 + 1 per age-IV colony
    addColony(st, 0, 'congo');
    addWonder(st, 0, 'liberty'); // 1 + 2 if most workers
    st.players[0]!.idle = 9;
    st.players[0]!.wip = { id: 'pyramids', u: st.uid++, built: 2 };
    expect(scoreParts(st, 0)[2]).toBe(2 + 2 + 3);
    st.players[1]!.idle = 9; // a tie for most workers: no Liberty bonus
    expect(scoreParts(st, 0)[2]).toBe(2 + 2 + 1);
  });

  it('NAT-END-5: a card with w workers scores the first w values of its VP list; extra workers and empty cards score 0', () => {
    const st = atAction(3);
    bare(st, 0, 0);
    const d = (w: number) => {
      setRow(st, 0, 0, 'factory', w); // [2, 2, 1]
      return scoreParts(st, 0)[3];
    };
    expect([0, 1, 2, 3, 4].map(d)).toEqual([0, 2, 4, 5, 5]);
    setRow(st, 0, 1, 'conquistador', 2); // [1, 2, 2]
    expect(scoreParts(st, 0)[3]).toBe(5 + 3);
  });

  it('NAT-END-6, NAT-EX-8: E = floor((resources + strength + stability) / 10); a negative sum scores 0', () => {
    const st = atAction(3);
    bare(st, 0, 0);
    setRes(st, 0, { stone: 3, gold: 7, food: 5, books: 6 });
    mod(st, 0, { strength: 10 });
    mod(st, 0, { stability: 6 });
    expect(scoreParts(st, 0)[4]).toBe(3); // 37
    st.mods = st.mods.filter((m) => !('stability' in m.body));
    mod(st, 0, { stability: -6 });
    expect(scoreParts(st, 0)[4]).toBe(2); // 25
    setRes(st, 0, { stone: 0, gold: 0, food: 0, books: 0 });
    expect(scoreParts(st, 0)[4]).toBe(0); // 4
    st.mods = [];
    st.players[0]!.stabFilled = 2; // −6 stability, nothing else: −6 → 0
    expect(stability(st, 0)).toBe(-6);
    expect(scoreParts(st, 0)[4]).toBe(0);
  });

  it('NAT-END-8: a tie for first means no winner by default; "shared" makes co-winners', () => {
    const tie = (o: Record<string, unknown>) => {
      const st = atAction(3, o);
      [20, 20, 5].forEach((v, s) => bare(st, s, v));
      finish(st);
      return st.over!;
    };
    const a = tie({});
    expect(a.scores).toEqual([20, 20, 5]);
    expect(a.winners).toEqual([]);
    expect(a.reason).toBe('tie');
    const b = tie({ finalTieRule: 'shared' });
    expect(b.winners).toEqual([0, 1]);
    expect(b.reason).toBe('shared');
  });

  it('NAT-END-9: the full A–E breakdown of every nation is published', () => {
    const st = atAction(3);
    for (const s of [0, 1, 2]) bare(st, s, 3 + s);
    addColony(st, 1, 'congo');
    setRes(st, 2, { gold: 25 });
    st.eventCard = 'attila';
    st.round = 8;
    const log = only(st, 'cleanup');
    const fin = keyed(log, 'nat.ev.final')[0]!;
    const expected = [
      [3, 0, 0, 0, 0],
      [4, 2, 0, 0, 0],
      [5, 0, 0, 0, 2],
    ];
    expect(fin.params!.breakdown).toEqual(expected);
    expect(st.over!.breakdown).toEqual(expected);
    expect(nations.view(st, 0).over!.breakdown).toEqual(expected);
  });
});
