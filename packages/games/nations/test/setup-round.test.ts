/**
 * Nations: general principles, overview, components, setup, round structure, Maintenance, variants and the
 * 2-player rules (NAT-GEN, NAT-OVR, NAT-COMP, NAT-SETUP, NAT-ROUND, NAT-MAINT, NAT-VAR, NAT-2P) and the worked
 * examples NAT-EX-9, NAT-EX-14 and NAT-EX-17.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  ENGINE_NUMBERS,
  EVENT_CARDS,
  NATIONS,
  PROGRESS_CARDS,
  PROMO_PROGRESS_CARDS,
  SOLO_TILES,
  eventCard,
  nationBoard,
  nations,
  parseOptions,
} from '@tabula/nations';
import type { NatState } from '@tabula/nations';
import {
  addAdvisor,
  atAction,
  card,
  choose,
  cites,
  clearBoard,
  cmpSet,
  game,
  keys,
  ok,
  only,
  options,
  passAll,
  produce,
  putOnBoard,
  rejects,
  run,
  setRow,
  settle,
  stability,
  strength,
  toAction,
  turn,
  workers,
} from './helpers.js';
import { advisorCap, age, colonyCap, growthAmount, price, scoreParts, wonderCap } from '../src/derive.js';

// ---------------------------------------------------------------- local helpers

/** Plays default answers (growth: food; turns: pass) until `until` holds or the game ends; returns the log. */
function play(st: NatState, until: (st: NatState) => boolean = () => false, max = 5000): GameEvent[] {
  const log: GameEvent[] = [];
  for (let i = 0; i < max && !st.over && !until(st); i++) {
    const p = nations.prompts(st)[0];
    if (!p) throw new Error('no prompt');
    log.push(...ok(st, p.seat, nations.defaultAction(st, p.seat)!));
  }
  return log;
}
/** A new game with its setup log. */
function gameLog(n: number, options: Record<string, unknown> = {}, seed = 'test'): [NatState, GameEvent[]] {
  const o = parseOptions(options);
  if (!o.ok) throw new Error(o.error.message);
  const log: GameEvent[] = [];
  const r = nations.setup(o.value, n, seed, log);
  if (!r.ok) throw new Error(r.error.message);
  return [r.value, log];
}
function setupError(n: number, options: Record<string, unknown> = {}): string | null {
  const o = parseOptions(options);
  if (!o.ok) return o.error.code;
  const r = nations.setup(o.value, n, 'x');
  return r.ok ? null : r.error.code;
}
const boardIds = (st: NatState) => st.board.map((b) => b?.id ?? null);
/** Seats in order of the pending growth decisions of the current Maintenance phase. */
function growthSeats(st: NatState): number[] {
  const seen: number[] = [];
  while (st.pending?.kind === 'growth') {
    seen.push(st.pending.s);
    choose(st, { take: 'res', res: 'food' });
  }
  return seen;
}
/** An event card of `age` with `architects` architects. */
function eventWith(a: number, architects: number): string {
  return EVENT_CARDS.find((e) => e.age === a && e.architects === architects)!.id;
}
/** Puts event card `id` on top of its age's event deck (moving it from wherever it is in that deck). */
function eventOnTop(st: NatState, id: string): void {
  const deck = st.events[eventCard(id)!.age - 1]!;
  const i = deck.indexOf(id);
  if (i >= 0) deck.splice(i, 1);
  deck.push(id);
}

// ================================================================ NAT-GEN

describe('NAT-GEN: general principles', () => {
  it('NAT-GEN-1: a card text that contradicts a rule wins (Alfred Nobel forbids wars; Sun Tzu gives a second main action)', () => {
    const st = atAction(3);
    const s = st.turn!.s;
    putOnBoard(st, 1, 0, 'hunnic');
    st.players[s]!.res.gold = 10;
    addAdvisor(st, s, 'nobel');
    rejects(st, s, { type: 'buy', row: 1, col: 0 }, 'nat.err.forbidden');
    st.players[s]!.advisors = [];
    expect(nations.legalActions(st, s)).toContainEqual({ type: 'buy', row: 1, col: 0 });
    // Sun Tzu: the rule is one main action per turn; the card gives a second one on the first turn.
    const t = atAction(3);
    const a = t.order[1]!;
    addAdvisor(t, a, 'suntzu');
    ok(t, t.turn!.s, { type: 'pass' });
    expect(t.turn!.s).toBe(a);
    expect(t.turn!.left).toBe(2);
  });

  it('NAT-GEN-2: every quantity stays a whole number; the resource VP division rounds down', () => {
    const st = game(3);
    // A seeded random playout of legal actions through two rounds.
    let x = 12345;
    const rnd = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    for (let i = 0; i < 3000 && st.round <= 2 && !st.over; i++) {
      const p = nations.prompts(st)[0]!;
      const acts = nations.legalActions(st, p.seat);
      ok(st, p.seat, acts[rnd(acts.length)]!);
      for (const q of st.players) {
        for (const v of [...Object.values(q.res), q.vp, q.idle, q.overflow, q.foodFilled, q.stabFilled])
          expect(Number.isInteger(v)).toBe(true);
      }
      for (let s = 0; s < st.n; s++) {
        expect(Number.isInteger(strength(st, s))).toBe(true);
        expect(Number.isInteger(stability(st, s))).toBe(true);
      }
    }
    // E = floor(37 / 10) = 3.
    clearBoard(st, 0);
    Object.assign(st.players[0]!.res, { gold: 7, stone: 3, food: 5, books: 6 });
    st.mods = [
      { seat: 0, body: { strength: 10 }, until: 'endOfRound' },
      { seat: 0, body: { stability: 6 }, until: 'endOfRound' },
    ];
    st.players[0]!.stabFilled = st.players[0]!.stabCap;
    expect(scoreParts(st, 0)[4]).toBe(3);
  });

  it('NAT-GEN-3: a removed card never comes back and its effects stop at once', () => {
    const st = atAction(3);
    const s = st.turn!.s;
    clearBoard(st, s);
    // Take Augustus and Hatshepsut out of the deck onto the board, then buy both.
    for (const id of ['augustus', 'hatshepsut']) st.decks[0] = st.decks[0]!.filter((x) => x !== id);
    putOnBoard(st, 1, 0, 'augustus');
    putOnBoard(st, 1, 1, 'hatshepsut');
    st.players[s]!.res.gold = 5;
    ok(st, s, { type: 'buy', row: 1, col: 0 });
    expect(strength(st, s)).toBe(1); // Augustus: +1 strength
    turn(st, s);
    ok(st, s, { type: 'buy', row: 1, col: 1 }); // covers Augustus
    expect(strength(st, s)).toBe(0);
    expect(st.removed).toContain('augustus');
    // It is in no deck, on no board and with no player for the rest of the game.
    play(st, (g) => g.round === 3 && g.step === 'action');
    expect(st.decks.flat()).not.toContain('augustus');
    expect(boardIds(st)).not.toContain('augustus');
    expect(st.players.some((p) => p.advisors.some((a) => a.id === 'augustus'))).toBe(false);
    // Used event cards never come back either.
    expect(st.past).toHaveLength(2);
    for (const id of st.past) {
      expect(st.events.flat()).not.toContain(id);
      expect(st.eventCard).not.toBe(id);
    }
  });

  it('NAT-GEN-4: a covered card, even a printed one, is removed and stays removed when its cover leaves', () => {
    const st = atAction(3);
    const s = st.turn!.s;
    const p = st.players[s]!;
    expect(p.row[0]!.id).toBe('s-temple');
    p.row[0]!.w = 1;
    p.idle--;
    putOnBoard(st, 1, 0, 'ziggurat');
    ok(st, s, { type: 'buy', row: 1, col: 0 });
    const log = choose(st, { slot: 0 });
    expect(cites(log, 'NAT-GEN-4')).toBe(true);
    expect(p.row[0]!.id).toBe('ziggurat');
    expect(p.idle).toBe(5); // the Temple's worker is idle again
    // Advisors: Harald covers Augustus, then Harald is removed by its condition: the slot stays empty.
    clearBoard(st, s);
    addAdvisor(st, s, 'augustus');
    putOnBoard(st, 1, 1, 'harald');
    p.res.gold = 5;
    turn(st, s);
    ok(st, s, { type: 'buy', row: 1, col: 1 }); // Harald: removed when weakest; s has strength 0
    expect(p.advisors).toEqual([]);
    expect(st.removed).toEqual(expect.arrayContaining(['augustus', 'harald']));
  });

  it('NAT-GEN-5: everything is public except the undrawn deck orders (and the generator)', () => {
    const st = atAction(3);
    const v = nations.view(st, 1) as unknown as Record<string, unknown>;
    for (const k of ['decks', 'events', 'tiles', 'rng']) expect(v[k]).toBeUndefined();
    expect(v.deckSizes).toEqual(st.decks.map((d) => d.length));
    expect(v.eventDeckSizes).toEqual(st.events.map((d) => d.length));
    // Other players' holdings, VP, workers, board and the event card are visible to every seat.
    const players = v.players as NatState['players'];
    expect(players[0]!.res).toEqual(st.players[0]!.res);
    expect(players[2]!.vp).toBe(st.players[2]!.vp);
    expect(v.board).toEqual(st.board);
    expect(v.eventCard).toBe(st.eventCard);
    expect(v.order).toEqual(st.order);
  });

  it('NAT-GEN-6: the game is deterministic: same seed and actions give the same game, all randomness from the seed', () => {
    const a = game(3, {}, 'seed-1');
    const b = game(3, {}, 'seed-1');
    play(a, (g) => g.round === 2 && g.step === 'action');
    play(b, (g) => g.round === 2 && g.step === 'action');
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = game(3, {}, 'seed-2');
    expect(JSON.stringify(c.decks)).not.toBe(JSON.stringify(game(3, {}, 'seed-1').decks));
  });

  it('NAT-GEN-7: the same card may be in play twice (Persia B prints a Ziggurat and buys another)', () => {
    const st = atAction(3);
    const s = st.turn!.s;
    const p = st.players[s]!;
    p.nation = 'persia';
    p.side = 'B';
    p.row = [null, null, null, null];
    setRow(st, s, 2, 's-ziggurat', 1);
    p.idle = 4;
    putOnBoard(st, 1, 0, 'ziggurat');
    ok(st, s, { type: 'buy', row: 1, col: 0 });
    choose(st, { slot: 0 });
    p.row[0]!.w = 1;
    p.idle--;
    expect(p.row.map((r) => r?.id ?? null)).toEqual(['ziggurat', null, 's-ziggurat', null]);
    expect(card('s-ziggurat').perWorker).toEqual(card('ziggurat').perWorker);
    expect(stability(st, s)).toBe(4);
  });
});

// ================================================================ NAT-OVR

describe('NAT-OVR: overview', () => {
  it('NAT-OVR-1: 1 to 5 players; the solo player faces a virtual opponent', () => {
    for (const n of [0, 6]) expect(setupError(n)).toBe('nat.err.players');
    for (const n of [1, 2, 3, 4, 5]) expect(setupError(n)).toBeNull();
    const solo = game(1);
    expect(solo.solo).toBe(true);
    expect(solo.solo1).not.toBeNull();
    expect(game(2).solo1).toBeNull();
  });

  it('NAT-OVR-2: 4 ages of 2 rounds, 8 rounds in all; the age of round r is ceil(r/2)', () => {
    const st = game(2);
    const seen: Array<[number, number, number]> = [];
    while (!st.over) {
      play(st, (g) => g.step === 'action');
      if (st.over) break;
      seen.push([st.round, age(st), eventCard(st.eventCard!)!.age]);
      passAll(st);
    }
    expect(seen.map(([r]) => r)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const [r, a, ea] of seen) {
      expect(a).toBe(Math.ceil(r / 2));
      expect(ea).toBe(a); // each round's event comes from its age's deck
    }
    expect(st.round).toBe(8);
  });

  it('NAT-OVR-3: each round runs Maintenance, then Action, then Resolution', () => {
    const [st, setupLog] = gameLog(3);
    const log = [...setupLog, ...play(st, (g) => g.round === 2)];
    const k = keys(log);
    const growth = k.indexOf('nat.ev.growthRes');
    const action = k.indexOf('nat.ev.pass');
    const resolution = k.indexOf('nat.ev.production');
    expect(k.indexOf('nat.ev.board')).toBeLessThan(growth);
    expect(growth).toBeLessThan(action);
    expect(k.lastIndexOf('nat.ev.growthRes')).toBeLessThan(action);
    expect(k.lastIndexOf('nat.ev.pass')).toBeLessThan(resolution);
  });

  it('NAT-OVR-4: VP change during play; book scoring at the end of every age; final scoring after round 8', () => {
    const st = game(3);
    const log = play(st);
    const books = log.filter((e) => e.key === 'nat.ev.books');
    expect(books).toHaveLength(4);
    const ends = log.filter((e) => e.key === 'nat.ev.roundEnd').map((e) => e.params!.round);
    expect(ends).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Book scoring comes in rounds 2, 4, 6 and 8: right before those rounds' ends.
    const k = keys(log);
    let r = 0;
    const scoredIn: number[] = [];
    for (const key of k) {
      if (key === 'nat.ev.roundEnd') r++;
      if (key === 'nat.ev.books') scoredIn.push(r + 1);
    }
    expect(scoredIn).toEqual([2, 4, 6, 8]);
    expect(k[k.length - 1]).toBe('nat.ev.final');
    expect(st.over).not.toBeNull();
    expect(st.over!.scores).toHaveLength(3);
  });
});

// ================================================================ NAT-COMP

describe('NAT-COMP: components', () => {
  it('NAT-COMP-1: the tracks: strength 0..40, stability up to 15 and below -3 (minus infinity) with real values', () => {
    const st = atAction(3);
    clearBoard(st, 0);
    setRow(st, 0, 0, 'conquistador', 6); // 42 strength
    setRow(st, 0, 1, 'ziggurat', 8); // 16 stability
    expect(strength(st, 0)).toBe(40);
    expect(stability(st, 0)).toBe(15);
    clearBoard(st, 1);
    st.players[1]!.stabFilled = 0; // 4 empty stability spaces: -12
    expect(stability(st, 1)).toBe(-12);
    expect(strength(st, 1)).toBe(0);
  });

  it('NAT-COMP-2: the progress board has 3 rows; row 1 costs 1 gold, row 2 costs 2, row 3 costs 3', () => {
    const st = atAction(4);
    expect(st.board).toHaveLength(3 * st.cols);
    const s = st.turn!.s;
    const v = nations.view(st, s);
    for (let i = 0; i < st.board.length; i++) expect(v.prices[i]).toBe(Math.floor(i / st.cols) + 1);
    rejects(st, s, { type: 'buy', row: 4, col: 0 }, 'nat.err.space');
    rejects(st, s, { type: 'buy', row: 1, col: st.cols }, 'nat.err.space');
    putOnBoard(st, 3, 0, 'ziggurat');
    ok(st, s, { type: 'buy', row: 3, col: 0 });
    expect(st.players[s]!.res.gold).toBe(3);
  });

  it('NAT-COMP-3: nation-board areas and capacities come from the board data (A 5 slots; B 4; Persia B 3 colonies; China B 1 colony, 6 wonders)', () => {
    for (const b of NATIONS) {
      expect(b.slots.advisor).toBe(1);
      expect(b.slots.buildingMilitary).toBe(b.side === 'A' ? 5 : 4);
    }
    expect(nationBoard('persia', 'B')!.slots.colonies).toBe(3);
    expect(nationBoard('china', 'B')!.slots.colonies).toBe(1);
    expect(nationBoard('china', 'B')!.slots.wonders).toBe(6);
    expect(nationBoard('rome', 'A')!.slots.colonies).toBe(2);
    const st = atAction(3);
    expect(st.players[0]!.row).toHaveLength(5);
    expect([advisorCap(st, 0), colonyCap(st, 0), wonderCap(st, 0)]).toEqual([1, 2, 5]);
    st.players[0]!.nation = 'persia';
    st.players[0]!.side = 'B';
    expect(colonyCap(st, 0)).toBe(3);
    st.players[0]!.nation = 'china';
    expect([colonyCap(st, 0), wonderCap(st, 0)]).toEqual([1, 6]);
  });

  it('NAT-COMP-4: 296 progress cards of 8 types in 4 ages; promo cards only with includePromo', () => {
    expect(PROGRESS_CARDS).toHaveLength(296);
    expect(new Set(PROGRESS_CARDS.map((c) => c.type)).size).toBe(8);
    expect(new Set(PROGRESS_CARDS.map((c) => c.age))).toEqual(new Set([1, 2, 3, 4]));
    expect(PROGRESS_CARDS.some((c) => c.level === 'promo')).toBe(false);
    const promo = new Set(PROMO_PROGRESS_CARDS.map((c) => c.id));
    const inGame = (st: NatState) =>
      [...st.decks.flat(), ...boardIds(st)].filter((id) => id && promo.has(id));
    expect(inGame(game(3))).toEqual([]);
    expect(inGame(game(3, { includePromo: true })).length).toBeGreaterThan(0);
  });

  it('NAT-COMP-5: 48 event cards, 12 per age, each with an upper and a lower event, architects and famine', () => {
    expect(EVENT_CARDS).toHaveLength(48);
    for (const a of [1, 2, 3, 4]) expect(EVENT_CARDS.filter((e) => e.age === a)).toHaveLength(12);
    for (const e of EVENT_CARDS) {
      expect(e.events).toHaveLength(2);
      expect(Number.isInteger(e.architects)).toBe(true);
      expect(Number.isInteger(e.famine)).toBe(true);
    }
  });

  it('NAT-COMP-6: other pieces: 24 solo tiles (6 per age), one war marker, one round marker, the die', () => {
    expect(SOLO_TILES).toHaveLength(24);
    for (const a of [1, 2, 3, 4]) expect(SOLO_TILES.filter((t) => t.age === a)).toHaveLength(6);
    const st = game(3);
    expect(st.round).toBe(1);
    expect(st.war).toBeNull();
    // The solo die: the virtual opponent rolls 1..6 after the player's purchase.
    const solo = atAction(1);
    expect(solo.solo1!.lastRoll).toBeNull();
    ok(solo, 0, { type: 'buy', row: 1, col: 0 });
    settle(solo);
    const r = solo.solo1!.lastRoll!;
    expect(r >= 1 && r <= 6).toBe(true);
  });

  it('NAT-COMP-7: architects, used markers and tokens are unlimited (architects on wonders never shrink the pool)', () => {
    const st = atAction(3);
    for (let s = 0; s < 3; s++) {
      st.players[s]!.wip = { id: 'pyramids', u: st.uid++, built: 2 };
      addAdvisor(st, s, 'curie'); // 2 private architects each round
    }
    st.eventCard = eventWith(1, 2);
    only(st, 'architects');
    expect(st.pool).toBe(2 + 2);
    expect(st.players.map((p) => p.priv)).toEqual([2, 2, 2]);
    // Resources have no cap either.
    clearBoard(st, 0);
    st.players[0]!.res.gold = 500;
    st.players[0]!.vp = 300;
    only(st, 'production');
    expect(st.players[0]!.res.gold).toBe(500);
    expect(st.players[0]!.vp).toBe(300);
  });

  it('NAT-COMP-8: books are one unbounded integer (no wrap at 50)', () => {
    const st = atAction(3);
    clearBoard(st, 0);
    setRow(st, 0, 0, 'lyceum', 2); // +4 books
    st.players[0]!.res.books = 48;
    only(st, 'production');
    expect(st.players[0]!.res.books).toBe(52);
    st.players[0]!.res.books = 1000;
    only(st, 'production');
    expect(st.players[0]!.res.books).toBe(1004);
  });

  it('NAT-COMP-9: strength and stability are derived, never stored', () => {
    const st = atAction(3);
    const p = st.players[0]!;
    expect(Object.keys(p)).not.toContain('strength');
    expect(Object.keys(p)).not.toContain('stability');
    expect(Object.keys(st)).not.toContain('strength');
    clearBoard(st, 0);
    setRow(st, 0, 0, 'hoplite', 2);
    expect(strength(st, 0)).toBe(6);
    p.row[0]!.w = 1;
    expect(strength(st, 0)).toBe(3);
  });
});

// ================================================================ NAT-SETUP

describe('NAT-SETUP: options', () => {
  it('NAT-SETUP-1: the options: levels, promo, sides, difficulty, easy game, ages, tie rule, solo options', () => {
    const chosen = {
      cardLevels: ['basic', 'expert'],
      includePromo: true,
      boardSides: 'choose',
      difficulty: ['king', 'emperor'],
      easy: [false, 'food'],
      ages: 2,
      finalTieRule: 'shared',
    };
    const o = parseOptions({
      ...chosen,
      soloRollOnBuildingDeploy: true,
      soloSecondPlayerRoll: 'oncePerRound',
      soloBookContest: 'endOfAge',
    });
    expect(o.ok).toBe(true);
    if (o.ok) expect(o.value).toMatchObject(chosen);
    const d = parseOptions({});
    expect(d.ok && d.value.boardSides).toBe('A');
    expect(d.ok && d.value.ages).toBe(4);
    for (const bad of [
      { ages: 0 },
      { ages: 5 },
      { cardLevels: ['promo'] },
      { boardSides: 'C' },
      { difficulty: 'god' },
      { finalTieRule: 'coin' },
      { nonsense: 1 },
    ])
      expect(parseOptions(bad).ok).toBe(false);
  });

  it('NAT-SETUP-2: each player has a public difficulty level, which only changes the Growth resource amount', () => {
    const st = game(2, { difficulty: ['chieftain', 'emperor'] });
    expect(st.players.map((p) => p.level)).toEqual(['chieftain', 'emperor']);
    const same = game(2, { difficulty: ['prince', 'prince'] });
    // Nothing else differs at the start.
    for (let s = 0; s < 2; s++) {
      expect(st.players[s]!.res).toEqual(same.players[s]!.res);
      expect(st.players[s]!.vp).toBe(same.players[s]!.vp);
      expect(st.players[s]!.idle).toBe(same.players[s]!.idle);
    }
    expect(nations.view(st, 1).players[0]!.level).toBe('chieftain');
    expect(nations.seatTags!(st, 0).difficulty).toBe('chieftain');
  });

  it('NAT-SETUP-3: growth amounts: Chieftain 4, Prince 3, King 2, Emperor 1', () => {
    const st = game(4, { difficulty: ['chieftain', 'prince', 'king', 'emperor'] });
    const want = { chieftain: 4, prince: 3, king: 2, emperor: 1 } as const;
    while (st.pending?.kind === 'growth') {
      const s = st.pending.s;
      expect(st.pending.d!.amount).toBe(want[st.players[s]!.level]);
      const before = st.players[s]!.res.stone;
      choose(st, { take: 'res', res: 'stone' });
      expect(st.players[s]!.res.stone - before).toBe(want[st.players[s]!.level]);
    }
  });

  it('NAT-SETUP-3 (Decision): an age-indexed growth table is accepted too', () => {
    const g = ENGINE_NUMBERS.growthAmount as unknown as Record<string, unknown>;
    const saved = { ...g };
    try {
      g.prince = [3, 4, 5, 6];
      const st = game(2);
      expect(growthAmount(st, 0)).toBe(3);
      st.round = 5;
      expect(growthAmount(st, 0)).toBe(5);
      st.round = 8;
      expect(growthAmount(st, 0)).toBe(6);
    } finally {
      Object.assign(g, saved);
    }
    expect(growthAmount(game(2), 0)).toBe(3);
  });

  it('NAT-SETUP-4: card levels filter the progress decks; every event deck holds all 12 cards of its age', () => {
    const st = game(3, { cardLevels: ['basic'] });
    const ids = [...st.decks.flat(), ...boardIds(st).filter((x): x is string => !!x)];
    expect(ids.every((id) => card(id).level === 'basic')).toBe(true);
    expect(ids).toHaveLength(4 * 36);
    // Event decks: 12 each, before any is drawn (the growth step is still pending).
    expect(st.events.map((d) => d.length)).toEqual([12, 12, 12, 12]);
    const adv = game(3, { cardLevels: ['advanced'] });
    expect(adv.events.map((d) => d.length)).toEqual([12, 12, 12, 12]);
    expect(
      [...adv.decks.flat(), ...boardIds(adv).filter((x): x is string => !!x)].every(
        (id) => card(id).level === 'advanced',
      ),
    ).toBe(true);
  });

  it('NAT-SETUP-5: the recommendations are advisory: unusual combinations are accepted', () => {
    expect(setupError(2, { cardLevels: ['expert'], boardSides: 'choose' })).toBeNull();
    expect(setupError(4, { cardLevels: ['basic'] })).toBeNull();
    expect(setupError(3, { cardLevels: ['advanced', 'expert'], difficulty: ['emperor'] })).toBeNull();
  });

  it('NAT-SETUP-6: 5 players need basic plus advanced and/or expert cards, or a custom deck of 42+ per age', () => {
    expect(setupError(5, { cardLevels: ['basic'] })).toBe('nat.err.deck5');
    expect(setupError(5, { cardLevels: ['advanced', 'expert'] })).toBe('nat.err.deck5');
    expect(setupError(5, { cardLevels: ['basic', 'advanced'] })).toBeNull();
    expect(setupError(5, { cardLevels: ['basic', 'expert'] })).toBeNull();
    expect(setupError(5)).toBeNull();
    const perAge = (n: number) =>
      [1, 2, 3, 4].map((a) =>
        PROGRESS_CARDS.filter((c) => c.age === a)
          .slice(0, n)
          .map((c) => c.id),
      );
    expect(setupError(5, { deck: perAge(41) })).toBe('nat.err.deck5');
    expect(setupError(5, { deck: perAge(42) })).toBeNull();
    expect(setupError(4, { cardLevels: ['basic'] })).toBeNull();
  });
});

describe('NAT-SETUP: steps', () => {
  it('NAT-SETUP-7: one shuffled progress deck per age; event decks, or solo tiles in a solo game', () => {
    const st = game(3);
    const all = [...st.decks.flat(), ...boardIds(st).filter((x): x is string => !!x)];
    expect(new Set(all).size).toBe(296);
    st.decks.forEach((d, i) => expect(d.every((id) => card(id).age === i + 1)).toBe(true));
    expect(st.decks[1]).toHaveLength(74);
    // Shuffled: the order is not the data order, and it depends on the seed.
    const dataOrder = PROGRESS_CARDS.filter((c) => c.age === 2).map((c) => c.id);
    expect(st.decks[1]).not.toEqual(dataOrder);
    expect([...st.decks[1]!].sort()).toEqual([...dataOrder].sort());
    st.events.forEach((d, i) => expect(d.every((id) => eventCard(id)!.age === i + 1)).toBe(true));
    expect(st.tiles.flat()).toEqual([]);
    const solo = game(1);
    expect(solo.events.flat()).toEqual([]);
    expect(solo.tiles.map((t) => t.length)).toEqual([6, 6, 6, 6]);
  });

  it('NAT-SETUP-8: the initial player order is random (seeded)', () => {
    const orders = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const st = game(4, {}, `order-${i}`);
      expect([...st.order].sort()).toEqual([0, 1, 2, 3]);
      orders.add(st.order.join());
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(game(4, {}, 'order-3').order).toEqual(game(4, {}, 'order-3').order);
  });

  it('NAT-SETUP-9: starting books equal the position in the initial order (first 1 book, last the most)', () => {
    for (const n of [2, 3, 5]) {
      const st = game(n);
      st.order.forEach((s, i) => expect(st.players[s]!.res.books).toBe(i + 1));
    }
  });

  it('NAT-SETUP-10: the round marker starts on round 1 (Age I)', () => {
    const st = game(3);
    expect(st.round).toBe(1);
    expect(age(st)).toBe(1);
  });

  it('NAT-SETUP-11: strength and stability start at what the starting board gives: 0 on the A side', () => {
    const st = game(4);
    for (let s = 0; s < 4; s++) {
      expect(strength(st, s)).toBe(0);
      expect(stability(st, s)).toBe(0);
    }
    // Derived from the start board: deploying changes them, nothing else is stored.
    setRow(st, 0, 4, 's-axeman', 1);
    expect(strength(st, 0)).toBe(2);
  });

  it('NAT-SETUP-12: the war slot starts empty and the war marker is off the track', () => {
    const st = game(3);
    expect(st.war).toBeNull();
    expect(st.warBought).toBe(false);
  });

  it('NAT-SETUP-13: base architects per round: 1p 0, 2p 1, 3p 2, 4p 2, 5p 3, plus the event card', () => {
    const base = [0, 0, 1, 2, 2, 3];
    for (const n of [1, 2, 3, 4, 5]) {
      const st = atAction(n);
      const extra =
        n === 1
          ? SOLO_TILES.find((t) => t.id === st.solo1!.tile)!.architects
          : eventCard(st.eventCard!)!.architects;
      expect(st.pool).toBe(base[n]! + extra);
    }
  });

  it('NAT-SETUP-14: progress-board columns: 1p 4, 2p 4, 3p 5, 4p 6, 5p 7', () => {
    const want = [0, 4, 4, 5, 6, 7];
    for (const n of [1, 2, 3, 4, 5]) {
      const st = game(n);
      expect(st.cols).toBe(want[n]);
      expect(st.board).toHaveLength(3 * want[n]!);
      expect(st.board.every((b) => b !== null)).toBe(true);
    }
  });

  it('NAT-SETUP-15: A side start: 3 food, 6 stone, 6 gold, 7 VP, 5 idle workers, printed cards, full track; no event yet', () => {
    const st = game(3);
    for (const p of st.players) {
      expect(p.side).toBe('A');
      expect({ gold: p.res.gold, stone: p.res.stone, food: p.res.food }).toEqual({
        gold: 6,
        stone: 6,
        food: 3,
      });
      expect(p.vp).toBe(7);
      expect(p.idle).toBe(5);
      expect(p.row.map((r) => r?.id)).toEqual(['s-temple', 's-quarry', 's-farm', 's-caravan', 's-axeman']);
      expect(p.row.every((r) => r!.w === 0)).toBe(true);
      expect([p.foodFilled, p.stabFilled, p.overflow]).toEqual([4, 4, 0]);
      expect(p.advisors.length + p.colonies.length + p.wonders.length).toBe(0);
      expect(p.wip).toBeNull();
    }
    // The progress board held nothing before the round-1 deal: everything on it came from the age I deck.
    expect(st.decks[0]!.length + st.board.length).toBe(74);
    expect(st.removed).toEqual([]);
    // No event card before round 1 Growth is over.
    expect(st.pending!.kind).toBe('growth');
    expect(st.eventCard).toBeNull();
  });

  it('NAT-SETUP-15: China B starts with 3 filled food spaces and 6 workers; the empty space costs 3 food from the first production', () => {
    const st = game(2, { boardSides: 'choose' });
    st.draft = ['china', 'egypt'];
    st.pending = null;
    run(st, undefined);
    const last = st.order[1]!;
    choose(st, { nation: 'china', side: 'B' });
    choose(st, { nation: 'egypt', side: 'A' });
    const p = st.players[last]!;
    expect([p.foodFilled, p.stabFilled, p.idle]).toEqual([3, 4, 6]);
    expect(p.res).toMatchObject({ food: 1, stone: 5, gold: 5 });
    expect(p.vp).toBe(3);
    clearBoard(st, last);
    p.res.food = 10;
    produce(st);
    expect(p.res.food).toBe(7);
  });

  it('NAT-SETUP-16: B variant: order, nations drawn, round-1 board dealt, reverse-order nation picks, then books and Growth', () => {
    const [st, log] = gameLog(3, { boardSides: 'choose' });
    const k = keys(log);
    expect(k.indexOf('nat.ev.setup')).toBeLessThan(k.indexOf('nat.ev.board'));
    expect(st.draft).toHaveLength(3);
    expect(st.board.every((b) => b !== null)).toBe(true);
    const dealt = boardIds(st);
    const picked: number[] = [];
    while (st.pending?.kind === 'nation') {
      picked.push(st.pending.s);
      // Every option is one of the drawn nations still free, on side A or B.
      for (const o of options(st)) expect(st.draft).toContain(o.nation);
      const o = options(st)[0]!;
      ok(st, st.pending.s, o);
    }
    expect(picked).toEqual([st.order[2], st.order[1], st.order[0]]);
    expect(new Set(st.players.map((p) => p.nation))).toEqual(new Set(st.draft));
    // Books only now, by position; Growth follows; the board is not dealt again.
    st.order.forEach((s, i) => expect(st.players[s]!.res.books).toBe(i + 1));
    expect(st.pending!.kind).toBe('growth');
    expect(boardIds(st)).toEqual(dealt);
    play(st, (g) => g.step === 'action');
    expect(boardIds(st)).toEqual(dealt);
  });

  it('NAT-SETUP-17: with A sides all boards are identical; nations are assigned in seat order', () => {
    const st = game(5);
    const names = [...new Set(NATIONS.map((b) => b.nation))].sort();
    expect(st.players.map((p) => p.nation)).toEqual(names.slice(0, 5));
    const strip = (s: number) => {
      const p = st.players[s]!;
      return JSON.stringify({
        res: { ...p.res, books: 0 },
        vp: p.vp,
        idle: p.idle,
        row: p.row.map((r) => r?.id),
        track: [p.foodFilled, p.stabFilled],
      });
    };
    for (let s = 1; s < 5; s++) expect(strip(s)).toBe(strip(0));
  });

  it('NAT-EX-17: 3 players draw China, Persia and Rome: player 3 takes Rome, player 2 Persia (side A), player 1 China', () => {
    const st = game(3, { boardSides: 'choose' });
    st.draft = ['china', 'persia', 'rome'];
    st.pending = null;
    run(st, undefined);
    const [p1, p2, p3] = st.order as [number, number, number];
    expect(st.pending!.s).toBe(p3);
    choose(st, { nation: 'rome', side: 'B' });
    expect(st.pending!.s).toBe(p2);
    expect(options(st).map((o) => o.nation)).not.toContain('rome');
    choose(st, { nation: 'persia', side: 'A' });
    expect(st.pending!.s).toBe(p1);
    expect(options(st)).toEqual([
      { type: 'choose', nation: 'china', side: 'A' },
      { type: 'choose', nation: 'china', side: 'B' },
    ]);
    choose(st, { nation: 'china', side: 'A' });
    expect([st.players[p1]!.nation, st.players[p2]!.nation, st.players[p3]!.nation]).toEqual([
      'china',
      'persia',
      'rome',
    ]);
    expect([st.players[p2]!.side, st.players[p3]!.side]).toEqual(['A', 'B']);
    expect(st.players[p3]!.row).toHaveLength(4);
    expect(st.pending!.kind).toBe('growth');
  });
});

// ================================================================ NAT-ROUND

describe('NAT-ROUND: round structure', () => {
  it('NAT-ROUND-1: Maintenance (marker, cards, Growth, event, architects), Action, Resolution (production, order, war, events, famine, books), cleanup', () => {
    const st = game(3);
    play(st, (g) => g.round === 2 && g.step === 'action');
    // Give round 2 a war so every resolution step shows up.
    const s = st.turn!.s;
    putOnBoard(st, 1, 0, 'hunnic');
    ok(st, s, { type: 'buy', row: 1, col: 0 });
    const log = play(st, (g) => g.round === 3 && g.step === 'action');
    const want = [
      'nat.ev.actionEnd',
      'nat.ev.production',
      'nat.ev.order',
      'nat.ev.warResolve',
      'nat.ev.eventHalf',
      'nat.ev.famine',
      'nat.ev.books',
      'nat.ev.roundEnd',
      'nat.ev.board',
      'nat.ev.growthRes',
      'nat.ev.event',
      'nat.ev.architects',
    ];
    const k = keys(log);
    const at = want.map((w) => k.indexOf(w));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(st.round).toBe(3);
  });

  it('NAT-ROUND-2: after round 2×ages the game goes to final scoring, book scoring for that age first', () => {
    const st = game(3, { ages: 1 });
    const log = play(st);
    expect(st.round).toBe(2);
    expect(st.over).not.toBeNull();
    const k = keys(log);
    expect(k.lastIndexOf('nat.ev.books')).toBeLessThan(k.indexOf('nat.ev.final'));
    expect(k.filter((x) => x === 'nat.ev.roundEnd')).toHaveLength(2);
  });

  it('NAT-ROUND-3: cleanup: used markers, unplaced architects, passes, shortage marks and round modifiers go; wonder architects and the board stay', () => {
    const st = atAction(3);
    const p = st.players[0]!;
    p.used = [5, 6];
    p.priv = 2;
    p.passed = true;
    p.short = 15;
    p.wip = { id: 'pyramids', u: st.uid++, built: 2 };
    st.passOrder = [0];
    st.pool = 3;
    st.board[0]!.a = 2;
    st.mods = [{ seat: 0, body: { strength: 3 }, until: 'endOfRound' }];
    const board = boardIds(st);
    const log = only(st, 'cleanup');
    expect(cites(log, 'NAT-ROUND-3')).toBe(true);
    expect(p.used).toEqual([]);
    expect(p.priv).toBe(0);
    expect(st.pool).toBe(0);
    expect(st.board[0]!.a).toBe(0);
    expect(p.passed).toBe(false);
    expect(st.passOrder).toEqual([]);
    expect(p.short).toBe(0);
    expect(st.mods).toEqual([]);
    expect(strength(st, 0)).toBe(0);
    expect(p.wip!.built).toBe(2);
    expect(st.war).toBeNull();
    expect(boardIds(st)).toEqual(board);
  });
});

// ================================================================ NAT-MAINT

describe('NAT-MAINT: Maintenance', () => {
  it('NAT-MAINT-1: the steps run in order: round marker, progress cards, Growth, event, architects', () => {
    const st = game(3);
    const all = keys(play(st, (g) => g.round === 2 && g.step === 'action'));
    const k = all.slice(all.indexOf('nat.ev.roundEnd'));
    const at = ['nat.ev.board', 'nat.ev.growthRes', 'nat.ev.event', 'nat.ev.architects'].map((x) =>
      k.indexOf(x),
    );
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(k.lastIndexOf('nat.ev.growthRes')).toBeLessThan(k.indexOf('nat.ev.event'));
  });

  it('NAT-MAINT-2: the round marker advances each round, but not in round 1', () => {
    const st = game(3);
    expect(st.round).toBe(1);
    toAction(st);
    expect(st.round).toBe(1);
    passAll(st);
    play(st, (g) => g.step === 'action');
    expect(st.round).toBe(2);
  });

  /** A 3-player game at round 3's Action phase (Maintenance next deals Age II), row 3 of the board empty. */
  function emptyRow3(): NatState {
    const st = atAction(3);
    st.round = 3;
    for (let i = 2 * st.cols; i < 3 * st.cols; i++) st.board[i] = null;
    return st;
  }

  it('NAT-MAINT-3: rows 1 and 2 are removed, with their private architects', () => {
    const st = emptyRow3(); // nothing to move down
    const c = st.cols;
    const r1 = st.board.slice(0, c).map((b) => b!.id);
    const r2 = st.board.slice(c, 2 * c).map((b) => b!.id);
    putOnBoard(st, 2, 1, 'archimedes', 1);
    r2[1] = 'archimedes';
    const log = only(st, 'maint');
    expect(cites(log, 'NAT-MAINT-3')).toBe(true);
    expect(st.removed).toEqual(expect.arrayContaining([...r1, ...r2]));
    const now = boardIds(st);
    for (const id of [...r1, ...r2]) expect(now).not.toContain(id);
    expect(now.every((id) => id !== null && card(id).age === 2)).toBe(true);
  });

  it('NAT-MAINT-4: cards left in row 3 move to row 1, packed left in the same order', () => {
    const st = emptyRow3();
    const c = st.cols;
    putOnBoard(st, 3, 0, 'ziggurat');
    putOnBoard(st, 3, 2, 'hoplite');
    putOnBoard(st, 3, 4, 'pyramids');
    const gone = boardIds(st).slice(0, 2 * c);
    only(st, 'maint');
    expect(boardIds(st).slice(0, 3)).toEqual(['ziggurat', 'hoplite', 'pyramids']);
    expect(st.removed).toEqual(gone);
  });

  it('NAT-MAINT-5: the current age deck fills every empty space: row 1, then 2, then 3, left to right', () => {
    const st = emptyRow3();
    const c = st.cols;
    putOnBoard(st, 3, 3, 'ziggurat');
    const deck = [...st.decks[1]!];
    only(st, 'maint');
    const dealt = deck.slice(-(3 * c - 1)).reverse(); // drawn from the top (the end of the array)
    expect(boardIds(st)).toEqual(['ziggurat', ...dealt]);
    expect(st.decks[1]).toEqual(deck.slice(0, deck.length - (3 * c - 1)));
    expect(st.decks[0]!.length).toBeGreaterThan(0); // the Age I deck is not used in Age II
  });

  it('NAT-MAINT-6: when the deck runs out the remaining spaces stay empty; the next age deck is never used early', () => {
    const st = atAction(3);
    st.round = 4;
    st.board.fill(null);
    st.decks[1] = PROGRESS_CARDS.filter((c) => c.age === 2)
      .slice(0, 2)
      .map((c) => c.id);
    const next = [...st.decks[2]!];
    only(st, 'maint');
    expect(st.board.filter(Boolean)).toHaveLength(2);
    expect(st.board.slice(0, 2).every(Boolean)).toBe(true);
    expect(st.decks[2]).toEqual(next);
  });

  it('NAT-MAINT-7: in round 1 nothing is cleared, but the board is dealt', () => {
    const [st, log] = gameLog(3);
    expect(cites(log, 'NAT-MAINT-5')).toBe(true);
    expect(st.board.every(Boolean)).toBe(true);
    expect(st.removed).toEqual([]);
    expect(st.decks[0]).toHaveLength(74 - 3 * st.cols);
  });

  it('NAT-MAINT-8: earlier-age cards moved into row 1 stay buyable at the row-1 price', () => {
    const st = atAction(3);
    st.round = 3;
    putOnBoard(st, 3, 0, 'ziggurat');
    only(st, 'maint');
    const s = st.order[0]!;
    turn(st, s);
    expect(st.board[0]!.id).toBe('ziggurat');
    expect(price(st, s, 1, card('ziggurat'))).toBe(1);
    st.players[s]!.res.gold = 1;
    ok(st, s, { type: 'buy', row: 1, col: 0 });
    expect(st.players[s]!.res.gold).toBe(0);
  });

  it('NAT-MAINT-9: cards that show private architects get them on the board (Archimedes 1, Marie Curie 2, Alhambra none)', () => {
    const st = atAction(3);
    st.round = 7;
    st.board.fill(null);
    st.decks[3] = ['curie', 'railroad'];
    putOnBoard(st, 3, 0, 'archimedes');
    putOnBoard(st, 3, 1, 'alhambra');
    const log = only(st, 'maint');
    expect(cites(log, 'NAT-MAINT-9')).toBe(true);
    const at = (id: string) => st.board.find((b) => b?.id === id)!.a;
    expect(at('archimedes')).toBe(1);
    expect(at('alhambra')).toBe(0);
    expect(at('curie')).toBe(2);
    expect(at('railroad')).toBe(0);
  });

  it('NAT-MAINT-10: Growth runs in reverse player order, one player at a time', () => {
    const st = game(4);
    const seats = growthSeats(st);
    expect(seats).toEqual([...st.order].reverse());
    // Round 2 as well (the order may have changed).
    passAll(st);
    play(st, (g) => g.pending?.kind === 'growth');
    expect(growthSeats(st)).toEqual([...st.order].reverse());
  });

  it('NAT-MAINT-11: Growth: a worker from the track becomes idle, or growthAmount of food, stone or gold', () => {
    const st = game(3);
    const a = st.pending!.s;
    const pa = st.players[a]!;
    choose(st, { take: 'worker', side: 'food' });
    expect([pa.idle, pa.foodFilled, pa.stabFilled]).toEqual([6, 3, 4]);
    const b = st.pending!.s;
    const pb = st.players[b]!;
    choose(st, { take: 'res', res: 'gold' });
    expect(pb.res.gold).toBe(9);
    expect(pb.idle).toBe(5);
    const c = st.pending!.s;
    choose(st, { take: 'worker', side: 'stability' });
    expect([st.players[c]!.idle, st.players[c]!.stabFilled]).toEqual([6, 3]);
    expect(stability(st, c)).toBe(-3);
  });

  it('NAT-MAINT-12: bonus resources are one type of food, stone or gold (never books); no worker option when track and overflow are empty', () => {
    const st = game(2);
    const first = st.pending!.s;
    const res = options(st).filter((o) => o.take === 'res');
    expect(res.map((o) => o.res).sort()).toEqual(['food', 'gold', 'stone']);
    expect(options(st).some((o) => o.res === 'books')).toBe(false);
    rejects(st, first, { type: 'choose', take: 'res', res: 'books' }, 'nat.err.growthBooks');
    const other = st.order[0]!;
    st.players[other]!.foodFilled = 0;
    st.players[other]!.stabFilled = 0;
    choose(st, { take: 'res', res: 'food' });
    expect(st.pending!.s).toBe(other);
    expect(options(st).some((o) => o.take === 'worker')).toBe(false);
    rejects(st, other, { type: 'choose', take: 'worker', side: 'food' }, 'nat.err.growthNoWorker');
    // With workers in the overflow, the worker option comes from there (no side).
    st.players[other]!.overflow = 1;
    st.pending = null;
    st.step = 'growth';
    st.si = 1;
    run(st, undefined);
    expect(options(st)).toContainEqual({ type: 'choose', take: 'worker' });
  });

  it('NAT-MAINT-13: declining both Growth options is not allowed', () => {
    const st = game(3);
    const s = st.pending!.s;
    rejects(st, s, { type: 'pass' }, 'nat.err.decide');
    rejects(st, s, { type: 'choose', take: 'none' }, 'nat.err.growth');
    expect(options(st).every((o) => o.take === 'res' || o.take === 'worker')).toBe(true);
  });

  it('NAT-MAINT-14: the event card is drawn from the current age deck only after Growth is over', () => {
    const st = game(3);
    const top = st.events[0]![st.events[0]!.length - 1]!;
    while (st.pending?.kind === 'growth') {
      expect(st.eventCard).toBeNull();
      expect(nations.view(st, 0).eventCard).toBeNull();
      choose(st, { take: 'res', res: 'food' });
    }
    expect(st.eventCard).toBe(top);
    expect(st.events[0]).toHaveLength(11);
    // Round 3 draws from the Age II deck.
    play(st, (g) => g.round === 3 && g.pending?.kind === 'growth');
    const top2 = st.events[1]![st.events[1]!.length - 1]!;
    play(st, (g) => g.step === 'action');
    expect(st.eventCard).toBe(top2);
  });

  it('NAT-MAINT-15: the pool is cleared and refilled with the base number plus the event architects', () => {
    const st = game(3);
    eventOnTop(st, eventWith(1, 2));
    toAction(st);
    expect(st.pool).toBe(2 + 2);
    st.pool = 0;
    passAll(st);
    eventOnTop(st, eventWith(1, 0));
    play(st, (g) => g.step === 'action');
    expect(st.pool).toBe(2);
  });

  it('NAT-EX-9: 4 players and an event card with 1 architect: the pool holds 2 + 1 = 3', () => {
    const st = game(4);
    eventOnTop(st, eventWith(1, 1));
    toAction(st);
    expect(eventCard(st.eventCard!)!.architects).toBe(1);
    expect(st.pool).toBe(3);
  });

  it('NAT-MAINT-16: cards granting private architects every round give them at Maintenance; they expire at end of round', () => {
    const st = atAction(3);
    const [a, b] = st.order as [number, number, number];
    addAdvisor(st, a, 'archimedes');
    addAdvisor(st, b, 'curie');
    passAll(st); // through Resolution and cleanup to round 2 Growth
    expect(st.pending!.kind).toBe('growth');
    expect(st.players[a]!.priv).toBe(0);
    play(st, (g) => g.step === 'action');
    expect(st.players[a]!.priv).toBe(1);
    expect(st.players[b]!.priv).toBe(2);
    expect(st.players[st.order[2]!]!.priv).toBe(0);
    passAll(st);
    expect(st.round).toBe(3);
    expect(st.players[a]!.priv).toBe(0);
    expect(st.players[b]!.priv).toBe(0);
  });

  it('NAT-EX-14: Egypt takes a second worker from the food side at Growth: food upkeep 3 + 3 = 6 each production', () => {
    const st = game(3);
    const s = st.pending!.s;
    const p = st.players[s]!;
    p.foodFilled = 3; // one worker already taken from the food side
    p.idle = 6;
    choose(st, { take: 'worker', side: 'food' });
    expect([p.foodFilled, p.stabFilled, p.idle]).toEqual([2, 4, 7]);
    expect(stability(st, s)).toBe(0);
    clearBoard(st, s);
    p.res.food = 10;
    produce(st);
    expect(p.res.food).toBe(4);
    p.res.food = 6;
    produce(st);
    expect(p.res.food).toBe(0);
  });
});

// ================================================================ NAT-VAR and NAT-2P

describe('NAT-VAR: variants', () => {
  it('NAT-VAR-1: short game: rounds 1 to 2×ages, book scoring at the end of each age, then final scoring', () => {
    for (const ages of [1, 2, 3]) {
      const st = game(2, { ages });
      const log = play(st);
      expect(st.round).toBe(2 * ages);
      expect(st.over).not.toBeNull();
      expect(log.filter((e) => e.key === 'nat.ev.books')).toHaveLength(ages);
    }
    expect(parseOptions({ ages: 5 }).ok).toBe(false);
  });

  it('NAT-VAR-2: easy game: one extra idle worker from the chosen track side, whose space is removed', () => {
    const st = game(3, { easy: ['food', 'stability', false] });
    const [f, b, n] = st.players as [NatState['players'][0], NatState['players'][0], NatState['players'][0]];
    expect([f.idle, f.foodCap, f.foodFilled, f.stabCap, f.stabFilled]).toEqual([6, 3, 3, 4, 4]);
    expect([b.idle, b.stabCap, b.stabFilled, b.foodCap]).toEqual([6, 3, 3, 4]);
    expect([n.idle, n.foodCap, n.stabCap]).toEqual([5, 4, 4]);
    // The removed space costs neither food nor stability.
    expect(stability(st, 1)).toBe(0);
    for (let s = 0; s < 3; s++) clearBoard(st, s);
    for (const p of st.players) p.res.food = 10;
    produce(st);
    expect(st.players.map((p) => p.res.food)).toEqual([10, 10, 10]);
    // The worker count is 13 per colour: 6 idle + 3 + 4 on the track.
    expect(workers(f) + f.foodFilled + f.stabFilled).toBe(13);
    // Taking another food worker empties a real space: one empty of three.
    f.foodFilled = 2;
    produce(st);
    expect(f.res.food).toBe(7);
    expect(parseOptions({ easy: ['sky'] }).ok).toBe(false);
  });

  it('NAT-VAR-3: beginner advice is not enforced: a player may take no workers and only pass', () => {
    const st = game(3);
    play(st, (g) => g.round === 3);
    for (const p of st.players) expect(p.idle).toBe(5);
    expect(st.round).toBe(3);
  });

  it('NAT-VAR-4: custom decks: explicit card ids per age, each checked against its age', () => {
    const ids = [1, 2, 3, 4].map((a) =>
      PROGRESS_CARDS.filter((c) => c.age === a && c.level !== 'basic')
        .slice(0, 20)
        .map((c) => c.id),
    );
    const st = game(3, { deck: ids });
    const inGame = [...st.decks.flat(), ...boardIds(st).filter((x): x is string => !!x)];
    expect(new Set(inGame)).toEqual(new Set(ids.flat()));
    const wrong = ids.map((a) => [...a]);
    wrong[0]!.push(ids[1]![0]!);
    const r = parseOptions({ deck: wrong });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('nat.err.deck');
    expect(parseOptions({ deck: [['nope'], [], [], []] }).ok).toBe(false);
  });

  it('NAT-VAR-5: mixed sides are allowed in the B-side variant', () => {
    const st = game(2, { boardSides: 'choose' });
    const o = options(st);
    const b = o.find((x) => x.side === 'B')!;
    ok(st, st.pending!.s, b);
    const a = options(st).find((x) => x.side === 'A')!;
    ok(st, st.pending!.s, a);
    expect(st.players.map((p) => p.side).sort()).toEqual(['A', 'B']);
    expect(st.players.map((p) => p.row.length).sort()).toEqual([4, 5]);
    expect(st.pending!.kind).toBe('growth');
  });
});

describe('NAT-2P: two players', () => {
  it('NAT-2P-1: no special rules: a benefit needs a strict lead, and a tie makes both suffer the penalty', () => {
    const st = atAction(2);
    clearBoard(st, 0);
    clearBoard(st, 1);
    setRow(st, 0, 0, 'hoplite', 1);
    setRow(st, 1, 0, 'hoplite', 1);
    expect(cmpSet(st, 'strength', 'best')).toEqual([]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([0, 1]);
    st.players[0]!.row[0]!.w = 2;
    expect(cmpSet(st, 'strength', 'best')).toEqual([0]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([1]);
  });

  it('NAT-2P-2: 1 base architect per round; at most 1 VP from each book scoring', () => {
    const st = game(2);
    eventOnTop(st, eventWith(1, 0));
    toAction(st);
    expect(st.pool).toBe(1);
    st.round = 2;
    st.players[0]!.res.books = 30;
    st.players[1]!.res.books = 2;
    const vp = st.players.map((p) => p.vp);
    only(st, 'books');
    expect(st.players[0]!.vp).toBe(vp[0]! + 1);
    expect(st.players[1]!.vp).toBe(vp[1]);
  });
});
