/**
 * The promo hooks (spec §19.5 NAT-MODEL-13/14, card texts [CARDS] §4): Antikythera Mechanism and Power Grid
 * (golden ages), Mechanical Turk (wonder ability), Solar Eclipse / Spring and Autumn Period and Imperium Rex
 * (events). Each hook is checked in play, in a game with `includePromo`.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { checkInvariants, nations, PROMO_EVENT_CARDS, PROMO_PROGRESS_CARDS } from '@tabula/nations';
import type { CardType, NatState } from '@tabula/nations';
import { wonderCap } from '../src/derive.js';
import { productionTask } from '../src/rules.js';
import type { Res } from '../src/types.js';
import {
  addWonder,
  boardIndex,
  card,
  choose,
  game,
  midGame,
  ok,
  only,
  options,
  putOnBoard,
  rejects,
  resolveHalf,
  runEvents,
  setRes,
  setStab,
  setStr,
  settle,
  turn,
} from './helpers.js';

/** A promo game at the Action phase of `round`, player order 0..n-1, no resources, 10 VP each. */
const promoGame = (n = 3, round = 1): NatState => midGame(n, round, { includePromo: true });
/** The first card of `type` in the age-`a` deck (not among `skip`). */
function ofType(st: NatState, a: number, type: CardType, skip: string[] = []): string {
  const id = st.decks[a - 1]!.find((x) => card(x).type === type && !skip.includes(x));
  if (!id) throw new Error(`no ${type} in deck ${a}`);
  return id;
}
/** Moves `ids` (in draw order) to the top of the age-`a` deck (the end of the array is drawn first). */
function onTop(st: NatState, a: number, ids: string[]): void {
  const d = st.decks[a - 1]!;
  for (const id of ids) d.splice(d.indexOf(id), 1);
  d.push(...[...ids].reverse());
}
/** Takes card `id` out of its deck or board space (keeps each card in one place, for checkInvariants). */
function lift(st: NatState, id: string): void {
  for (const d of st.decks) if (d.includes(id)) d.splice(d.indexOf(id), 1);
  const i = st.board.findIndex((b) => b?.id === id);
  if (i >= 0) st.board[i] = null;
}
/** Puts card `id` on the board at row/col; the card it replaces leaves the game. */
function place(st: NatState, row: number, col: number, id: string): void {
  lift(st, id);
  const old = st.board[boardIndex(st, row, col)];
  if (old) st.removed.push(old.id);
  putOnBoard(st, row, col, id);
}
/** Seat 0, with resources `r` set (row 1 costs 1 gold), buys card `id` placed at row 1, column 0. */
function buyPromo(st: NatState, id: string, r: Partial<Record<Res, number>>): GameEvent[] {
  place(st, 1, 0, id);
  setRes(st, 0, r);
  turn(st, 0);
  return ok(st, 0, { type: 'buy', row: 1, col: 0 });
}
const event = (log: GameEvent[], key: string) => log.find((e) => e.key === key);

describe('promo cards in promo games (NAT-MODEL-14)', () => {
  it('NAT-MODEL-14: with includePromo every promo card and promo event is in the decks; without, none', () => {
    const on = game(3, { includePromo: true });
    const cards = [...on.decks.flat(), ...on.board.map((b) => b?.id)];
    for (const c of PROMO_PROGRESS_CARDS) expect(cards).toContain(c.id);
    const events = [...on.events.flat(), on.eventCard];
    for (const c of PROMO_EVENT_CARDS) expect(events).toContain(c.id);
    expect(checkInvariants(on)).toEqual([]);
    const off = game(3);
    const promo = new Set([...PROMO_PROGRESS_CARDS, ...PROMO_EVENT_CARDS].map((c) => c.id));
    expect([...off.decks.flat(), ...off.events.flat()].some((id) => promo.has(id))).toBe(false);
  });
});

describe('antikythera (Antikythera Mechanism, golden age I)', () => {
  it('NAT-MODEL-13, NAT-MODEL-14 antikythera: reveals the next age deck to the first golden age/wonder/building, takes it for 0 gold, shuffles the rest back without a trace', () => {
    const st = promoGame();
    const mil = ofType(st, 2, 'military');
    const adv = ofType(st, 2, 'advisor');
    const won = ofType(st, 2, 'wonder');
    onTop(st, 2, [mil, adv, won]);
    const size = st.decks[1]!.length;
    buyPromo(st, 'antikythera', { gold: 1, books: 1 });
    // The hook takes the place of the resource option; the VP option (price 1) stays.
    expect(st.pending?.kind).toBe('golden');
    expect(options(st)).toEqual([
      { type: 'choose', hook: 'antikythera' },
      { type: 'choose', pay: { books: 1 } },
    ]);
    const log = choose(st, { hook: 'antikythera' });
    expect(event(log, 'nat.ev.antikythera')!.params).toMatchObject({ seat: 0, card: won, cards: [mil, adv] });
    // Taken as bought with 0 gold paid (like Galileo, NAT-NOTE-30): the wonder goes under construction.
    expect(st.players[0]!.wip).toMatchObject({ id: won, built: 0 });
    expect(st.players[0]!.res).toMatchObject({ gold: 0, books: 1 });
    expect(st.players[0]!.bought).toEqual(['antikythera', won]);
    expect(st.players[0]!.vp).toBe(10);
    // The other revealed cards are back in the deck; nothing else records them.
    expect(st.decks[1]).toHaveLength(size - 1);
    expect(st.decks[1]).toEqual(expect.arrayContaining([mil, adv]));
    expect(st.decks[1]).not.toContain(won);
    const { decks, ...rest } = st;
    void decks;
    for (const id of [mil, adv]) {
      expect(JSON.stringify(rest)).not.toContain(`"${id}"`);
      for (const s of [0, 1, 2, -1]) expect(JSON.stringify(nations.view(st, s))).not.toContain(`"${id}"`);
    }
    expect(nations.view(st, 1).deckSizes[1]).toBe(size - 1);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('NAT-MODEL-13, NAT-MODEL-14 antikythera: a revealed building is placed as bought; a golden age resolves as one', () => {
    const st = promoGame();
    const adv = ofType(st, 2, 'advisor');
    const bld = ofType(st, 2, 'building');
    onTop(st, 2, [adv, bld]);
    buyPromo(st, 'antikythera', { gold: 1, books: 1 });
    choose(st, { hook: 'antikythera' });
    expect(st.pending).toMatchObject({ s: 0, kind: 'place', d: { id: bld } });
    choose(st, { slot: 4 });
    expect(st.players[0]!.row[4]!.id).toBe(bld);
    expect(st.decks[1]).toContain(adv);
    expect(checkInvariants(st)).toEqual([]);

    const st2 = promoGame();
    const ga = ofType(st2, 2, 'goldenAge');
    onTop(st2, 2, [ga]);
    buyPromo(st2, 'antikythera', { gold: 1, books: 9 });
    choose(st2, { hook: 'antikythera' });
    expect(st2.pending).toMatchObject({ s: 0, kind: 'golden', d: { id: ga } });
    expect(st2.removed).toEqual(expect.arrayContaining(['antikythera', ga]));
    expect(checkInvariants(st2)).toEqual([]);
  });

  it('NAT-MODEL-14 antikythera: the VP option works as usual; in age IV (no next age) the hook is not offered', () => {
    const st = promoGame();
    const size = st.decks[1]!.length;
    buyPromo(st, 'antikythera', { gold: 1, books: 1 });
    choose(st, { pay: { books: 1 } });
    expect(st.players[0]!.vp).toBe(11);
    expect(st.decks[1]).toHaveLength(size);

    const st4 = promoGame(3, 7);
    buyPromo(st4, 'antikythera', { gold: 1, books: 1, stone: 1 });
    expect(options(st4)).toEqual([
      { type: 'choose', pay: { stone: 1 } },
      { type: 'choose', pay: { books: 1 } },
    ]);
  });
});

describe('powerGrid (Power Grid, golden age IV)', () => {
  it('NAT-MODEL-13, NAT-MODEL-14 powergrid: refills the empty board spaces from the current deck in dealing order (NAT-MAINT-5) and gives 2 gold', () => {
    const st = promoGame(3, 7);
    const c = st.cols;
    // Two more empty spaces: row 1 column 1 and row 3 column 3 (their cards leave the game).
    for (const i of [1, 2 * c + 3]) {
      st.removed.push(st.board[i]!.id);
      st.board[i] = null;
    }
    const a = ofType(st, 4, 'building');
    const b = ofType(st, 4, 'military');
    onTop(st, 4, ['curie', a, b]);
    place(st, 1, 0, 'powergrid');
    const size = st.decks[3]!.length;
    setRes(st, 0, { gold: 1, books: 4 });
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(options(st)).toEqual([
      { type: 'choose', hook: 'powerGrid' },
      { type: 'choose', pay: { books: 4 } },
    ]);
    const log = choose(st, { hook: 'powerGrid' });
    // Row 1 left to right, then row 3: the bought space first. Marie Curie brings her architects (NAT-MAINT-9).
    expect(st.board[0]).toEqual({ id: 'curie', a: 2 });
    expect(st.board[1]).toEqual({ id: a, a: 0 });
    expect(st.board[2 * c + 3]).toEqual({ id: b, a: 0 });
    expect(st.board.every(Boolean)).toBe(true);
    expect(st.decks[3]).toHaveLength(size - 3);
    expect(st.players[0]!.res).toMatchObject({ gold: 2, books: 4 });
    expect(st.players[0]!.vp).toBe(10);
    expect(event(log, 'nat.ev.powerGrid')!.params).toMatchObject({ seat: 0, n: 3 });
    expect(checkInvariants(st)).toEqual([]);
  });
});

describe('mechanicalTurk (Mechanical Turk, wonder III)', () => {
  it('NAT-MODEL-13, NAT-MODEL-14 turk: an action gives it to a strictly less stable nation with room (owner chooses); its −4 gold production follows it', () => {
    const st = promoGame(3, 5);
    lift(st, 'turk');
    addWonder(st, 0, 'turk');
    const u = st.players[0]!.wonders[0]!.u;
    setStab(st, 0, 5);
    setStab(st, 1, 5); // equal: not less stable
    setStab(st, 2, 2);
    // Seat 2 has no room in its completed-wonders area.
    for (let k = wonderCap(st, 2); k > 0; k--) addWonder(st, 2, 'gardens');
    setStab(st, 2, 2);
    turn(st, 0);
    rejects(st, 0, { type: 'ability', card: u, ability: 'giveAway' }, 'nat.err.useless');
    expect(nations.legalActions(st, 0)).not.toContainEqual({ type: 'ability', card: u, ability: 'giveAway' });

    st.players[2]!.wonders = [];
    setStab(st, 1, 4);
    setStab(st, 2, 2);
    const before = productionTask(st) as { nets: Array<{ gold: number }> };
    expect(nations.legalActions(st, 0)).toContainEqual({ type: 'ability', card: u, ability: 'giveAway' });
    ok(st, 0, { type: 'ability', card: u, ability: 'giveAway' });
    expect(st.pending?.kind).toBe('turk');
    expect(options(st)).toEqual([
      { type: 'choose', give: 1 },
      { type: 'choose', give: 2 },
    ]);
    const log = choose(st, { give: 2 });
    expect(event(log, 'nat.ev.turk')!.params).toMatchObject({ seat: 0, receiver: 2, card: 'turk' });
    expect(st.players[0]!.wonders).toEqual([]);
    expect(st.players[2]!.wonders).toEqual([{ id: 'turk', u, w: 0 }]);
    // The completion VP stays with the giver; the receiver gets no VP.
    expect(st.players.map((p) => p.vp)).toEqual([10, 10, 10]);
    expect(st.turn!.main).toBe(1); // an action
    const after = productionTask(st) as { nets: Array<{ gold: number }> };
    expect(after.nets[0]!.gold - before.nets[0]!.gold).toBe(4);
    expect(after.nets[2]!.gold - before.nets[2]!.gold).toBe(-4);
    expect(checkInvariants(st)).toEqual([]);
  });
});

describe('solarEclipse / springAndAutumn (promo event I) and imperiumRex (promo event III)', () => {
  it('NAT-MODEL-13, NAT-MODEL-14 solareclipse (Solar Eclipse): next round’s player order is this round’s pass order', () => {
    const st = promoGame(3, 1);
    for (let s = 0; s < 3; s++) setRes(st, s, { food: 10 });
    st.eventCard = 'solareclipse';
    // Strength alone would order 0, 1, 2 (NAT-ORDER-1); the nations pass 1, 2, 0.
    setStr(st, 0, 10);
    setStr(st, 1, 5);
    setStr(st, 2, 0);
    turn(st, 1);
    ok(st, 1, { type: 'pass' });
    expect(st.turn!.s).toBe(2);
    ok(st, 2, { type: 'pass' });
    const log = ok(st, 0, { type: 'pass' });
    settle(st, (x) => x.round === 2);
    expect(event(log, 'nat.ev.eclipse')).toBeDefined();
    expect(log.filter((e) => e.key === 'nat.ev.order').map((e) => e.params!.order)).toEqual([
      [0, 1, 2],
      [1, 2, 0],
    ]);
    expect(st.round).toBe(2);
    expect(st.order).toEqual([1, 2, 0]);
    expect(st.eclipse).toBeUndefined();
    expect(checkInvariants(st)).toEqual([]);
  });

  it('NAT-MODEL-13, NAT-MODEL-14 solareclipse (Spring and Autumn Period): stronger than one neighbour +2 stone, than both +1 VP (order wraps)', () => {
    const st = promoGame(4, 1);
    [5, 3, 4, 6].forEach((v, s) => setStr(st, s, v));
    resolveHalf(st, 'solareclipse', 1);
    expect(st.players.map((p) => p.res.stone)).toEqual([2, 0, 2, 0]);
    expect(st.players.map((p) => p.vp)).toEqual([10, 10, 10, 11]);
    // Neighbours come from player order, not seat numbers: order 3, 1, 0, 2.
    const st2 = promoGame(4, 1);
    st2.order = [3, 1, 0, 2];
    [5, 3, 4, 6].forEach((v, s) => setStr(st2, s, v));
    resolveHalf(st2, 'solareclipse', 1);
    // 3 (6): neighbours 2 (4) and 1 (3) → VP; 1 (3): none; 0 (5): 1 and 2 → VP; 2 (4): 0 (5), 3 (6) → none.
    expect(st2.players.map((p) => p.vp)).toEqual([11, 10, 10, 11]);
    expect(st2.players.map((p) => p.res.stone)).toEqual([0, 0, 0, 0]);
    // Two players: the one other nation is the only neighbour; ties beat nobody.
    const st3 = promoGame(2, 1);
    setStr(st3, 0, 3);
    setStr(st3, 1, 1);
    resolveHalf(st3, 'solareclipse', 1);
    expect(st3.players.map((p) => [p.res.stone, p.vp])).toEqual([
      [2, 10],
      [0, 10],
    ]);
    const st4 = promoGame(2, 1);
    resolveHalf(st4, 'solareclipse', 1);
    expect(st4.players.map((p) => [p.res.stone, p.vp])).toEqual([
      [0, 10],
      [0, 10],
    ]);
  });

  it('NAT-MODEL-13, NAT-MODEL-14 imperiumrex: the game ends after this round, with book scoring as at an age’s end (NAT-END-1)', () => {
    const st = promoGame(3, 5);
    for (let s = 0; s < 3; s++) setRes(st, s, { food: 10, books: [3, 1, 0][s] });
    const log = runEvents(st, 'imperiumrex');
    expect(event(log, 'nat.ev.imperiumRex')).toBeDefined();
    expect(st.lastRound).toBe(true);
    only(st, 'famine');
    only(st, 'books');
    expect(st.players.map((p) => p.vp)).toEqual([12, 11, 10]);
    only(st, 'cleanup');
    expect(st.round).toBe(5);
    expect(st.step).toBe('over');
    expect(st.over).not.toBeNull();
    // Without Imperium Rex the first round of age III neither scores books nor ends the game.
    const other = promoGame(3, 5);
    for (let s = 0; s < 3; s++) setRes(other, s, { food: 10, books: [3, 1, 0][s] });
    only(other, 'books');
    only(other, 'cleanup');
    expect(other.players.map((p) => p.vp)).toEqual([10, 10, 10]);
    expect(other.over).toBeNull();
    expect(other.round).toBe(6);
  });
});

describe('promo hook texts', () => {
  it('NAT-MODEL-14: the hooks’ log events, prompts and choices read as words in English and Russian', () => {
    const events: GameEvent[] = [];
    const described: string[] = [];
    const st = promoGame(3, 5);
    lift(st, 'turk');
    addWonder(st, 0, 'turk');
    setStab(st, 0, 5);
    setStab(st, 1, 1);
    setStab(st, 2, 1);
    turn(st, 0);
    events.push(...ok(st, 0, { type: 'ability', card: st.players[0]!.wonders[0]!.u, ability: 'giveAway' }));
    for (const l of ['en', 'ru'] as const) {
      expect(nations.prompts(st)[0]!.kind).toBe('nat.turk');
      for (const a of nations.legalActions(st, 0)) described.push(nations.describeAction(st, 0, a, l));
    }
    events.push(...choose(st, { give: 1 }));
    const a = promoGame();
    buyPromo(a, 'antikythera', { gold: 1, books: 1 });
    for (const l of ['en', 'ru'] as const)
      for (const x of nations.legalActions(a, 0)) described.push(nations.describeAction(a, 0, x, l));
    events.push(...choose(a, { hook: 'antikythera' }));
    events.push(
      ...resolveHalf(promoGame(), 'solareclipse', 0),
      ...resolveHalf(promoGame(), 'solareclipse', 1),
    );
    events.push(...resolveHalf(promoGame(3, 5), 'imperiumrex', 0));
    const g = promoGame(3, 7);
    events.push(...buyPromo(g, 'powergrid', { gold: 1 }));
    const keys = new Set(events.map((e) => e.key));
    for (const k of ['turk', 'antikythera', 'eclipse', 'springAutumn', 'imperiumRex', 'powerGrid'])
      expect(keys).toContain(`nat.ev.${k}`);
    for (const e of events)
      for (const l of ['en', 'ru'] as const) {
        const t = nations.formatEvent(e, l, (s: number) =>
          l === 'ru' ? `Игрок ${s + 1}` : `Player ${s + 1}`,
        );
        expect(t, e.key).not.toMatch(/nat\.|\{\w+\}|undefined|null|\[object/);
        if (l === 'ru') expect(t, e.key).toMatch(/[А-Яа-яЁё]/);
      }
    expect(described.length).toBeGreaterThan(4);
    for (const d of described) expect(d).not.toMatch(/nat\.|undefined|\[object|\{"/);
  });
});
