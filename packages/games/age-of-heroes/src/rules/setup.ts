/**
 * Setup (spec §5): seat order, the decks, the turn-order draws, the tribes (drafted in turn order, DP-1,
 * or dealt at random), the starting items and hands, then the first Market Day (`round.ts`).
 */
import type { ApplyResult, Decision, EventSink, Node, Seat } from '@tabula/engine';
import { emit, OK, seedRng, shuffle } from '@tabula/engine';
import { DEFAULT_CONFIG } from '../config.js';
import type { AohAction, AohOptions, AohState, CardId, Player } from '../types.js';
import type { F } from './core.js';
import { discard, drawCard, fail, isImmediate, newArmy, orderFrom, pop, push, wrong } from './core.js';
import { populationBoom } from './events.js';
import { startMarket } from './round.js';

export function newPlayer(): Player {
  return {
    tribe: null,
    alive: true,
    resigned: false,
    turns: 0,
    hand: [],
    cities: 0,
    fortresses: 0,
    armies: [],
    monument: 0,
    claim: 0,
    played: false,
  };
}

/**
 * AOH-SETUP-1..15 with the PRNG consumed in the order of AOH-RNG-3: the state before its first step (the
 * flow, `flow.ts`, runs it to the first decision).
 */
export function newGame(opts: AohOptions, n: number, seed: string, log: EventSink): AohState {
  const cfg = opts.config ?? DEFAULT_CONFIG;
  const rng = seedRng(seed);
  const st: AohState = {
    game: 'age-of-heroes',
    cfg,
    opts,
    n,
    rng,
    p: Array.from({ length: n }, newPlayer),
    seating: Array.from({ length: n }, (_, i) => i),
    deck: [],
    discard: [],
    battle: [],
    supply: { ...cfg.itemSupply },
    roads: [],
    nextArmy: 1,
    nextOffer: 1,
    first: 0,
    leader: 0,
    round: 0,
    active: -1,
    orderDraws: [],
    stack: [],
    market: null,
    war: null,
    over: null,
  };
  // 1. AOH-PLAYERS-2: seat order.
  if (opts.seatOrder === 'random') shuffle(rng, st.seating);
  // 2–3. AOH-SETUP-1: shuffle the resource deck and the battle deck.
  for (const [id, k] of Object.entries(cfg.resourceDeck)) for (let i = 0; i < k; i++) st.deck.push(id);
  shuffle(rng, st.deck);
  st.battle = freshBattleDeck(st);
  shuffle(rng, st.battle);
  // 4. AOH-SETUP-3..6: turn-order draws, tied players re-draw.
  let contenders = Array.from({ length: n }, (_, i) => i);
  const drawn: number[] = [];
  for (;;) {
    const row = new Array<number>(n).fill(0);
    for (const s of contenders) {
      if (st.battle.length === 0) {
        st.battle.push(...drawn);
        drawn.length = 0;
        shuffle(rng, st.battle);
      }
      const v = st.battle.pop()!;
      drawn.push(v);
      row[s] = v;
    }
    st.orderDraws.push(row);
    const best = Math.max(...contenders.map((s) => row[s]!));
    contenders = contenders.filter((s) => row[s] === best);
    if (contenders.length === 1) break;
  }
  st.first = st.leader = contenders[0]!;
  emit(log, 'aoh.ev.firstPlayer', { seat: st.first, draws: st.orderDraws }, [
    'AOH-SETUP-3',
    'AOH-SETUP-4',
    'AOH-SETUP-5',
    'AOH-SETUP-6',
  ]);
  // 5. AOH-SETUP-7: return the cards and reshuffle.
  st.battle.push(...drawn);
  shuffle(rng, st.battle);
  // 6. AOH-SETUP-8: tribes.
  push(st, { k: 'deal' });
  const order = orderFrom(st, st.first);
  if (opts.tribes === 'random') {
    const tribes = cfg.tribes.map((t) => t.id);
    shuffle(rng, tribes);
    order.forEach((s, i) => {
      st.p[s]!.tribe = tribes[i]!;
    });
    emit(log, 'aoh.ev.tribesRandom', { tribes: st.p.map((p) => p.tribe) }, ['AOH-SETUP-8']);
  } else {
    push(st, { k: 'draft', order, i: 0 });
  }
  return st;
}

export function freshBattleDeck(st: AohState): number[] {
  const out: number[] = [];
  for (const [v, k] of Object.entries(st.cfg.battleDeck)) for (let i = 0; i < k; i++) out.push(Number(v));
  return out;
}

/** AOH-SETUP-10..14: starting items, the deal, starting immediates, then the first Market Day. */
function runDeal(st: AohState, _f: F<'deal'>, log: EventSink): boolean {
  pop(st);
  const cfg = st.cfg;
  const order = orderFrom(st, st.first);
  for (const s of order) {
    const p = st.p[s]!;
    p.cities += cfg.startingItems.city;
    st.supply.city -= cfg.startingItems.city;
    for (let i = 0; i < cfg.startingItems.army; i++) p.armies.push(newArmy(st));
    st.supply.army -= cfg.startingItems.army;
  }
  emit(log, 'aoh.ev.startingItems', { city: cfg.startingItems.city, army: cfg.startingItems.army }, [
    'AOH-SETUP-10',
  ]);
  const set: CardId[][] = st.p.map(() => []);
  for (let r = 0; r < cfg.startingHandSize; r++)
    for (const s of order) {
      const c = drawCard(st, log);
      if (c === null) continue;
      if (isImmediate(st, c)) {
        set[s]!.push(c);
        emit(log, 'aoh.ev.dealImmediate', { seat: s, card: c }, ['AOH-SETUP-11', 'AOH-DRAW-5']);
      } else {
        st.p[s]!.hand.push(c);
        emit(log, 'aoh.ev.drawPrivate', { seat: s, card: c }, ['AOH-SETUP-11'], [s]);
        emit(log, 'aoh.ev.drawHidden', { seat: s }, ['AOH-SETUP-11'], undefined, [s]);
      }
    }
  // AOH-SETUP-12/13: disasters discarded, Population Boom resolved; nothing replaced.
  for (const s of order)
    for (const c of set[s]!) {
      if (c === 'population_boom') populationBoom(st, s, log);
      else emit(log, 'aoh.ev.suppressed', { seat: s, card: c }, ['AOH-SETUP-12', 'AOH-DRAW-8']);
      discard(st, c);
    }
  startMarket(st, true, log);
  return false;
}

function answerDraft(st: AohState, f: F<'draft'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (a.type !== 'tribe') return wrong('tribe', 'Tribes are being picked: choose your tribe.', 'AOH-DP-1');
  const taken = st.p.map((p) => p.tribe);
  if (!st.cfg.tribes.some((t) => t.id === a.tribe))
    return fail('noSuchTribe', 'There is no such tribe.', 'AOH-COMP-1');
  if (taken.includes(a.tribe)) return fail('tribeTaken', 'That tribe has already been picked.', 'AOH-DP-1');
  st.p[seat]!.tribe = a.tribe;
  emit(log, 'aoh.ev.tribe', { seat, tribe: a.tribe }, ['AOH-SETUP-8', 'AOH-DP-1']);
  f.i++;
  if (f.i >= f.order.length) pop(st);
  return OK;
}

/** The tribes nobody has picked yet, in data order. */
function tribesLeft(st: AohState): string[] {
  return st.cfg.tribes.map((t) => t.id).filter((t) => !st.p.some((p) => p.tribe === t));
}

/** AOH-DP-1: each player in turn order picks a tribe; default the first one left. */
export const DRAFT: Decision<AohState, F<'draft'>, AohAction> = {
  prompt: 'aoh.tribe',
  rule: 'AOH-DP-1',
  who: (_st, f) => [f.order[f.i]!],
  asks: (_st, f, seat) => f.order[f.i] === seat,
  ask: (st) => ({ args: { tribes: tribesLeft(st) } }),
  offers(st, _f, _seat, out) {
    for (const t of st.cfg.tribes)
      if (!st.p.some((x) => x.tribe === t.id)) out.push({ type: 'tribe', tribe: t.id });
  },
  answer: answerDraft,
  byDefault(st) {
    const t = st.cfg.tribes.find((x) => !st.p.some((q) => q.tribe === x.id))!;
    return { type: 'tribe', tribe: t.id };
  },
};

/** The deal: automatic. */
export const DEAL: Node<AohState, F<'deal'>, AohAction> = { run: runDeal };

/** The tribe draft waits for the next surviving player in turn order. */
export const DRAFTING: Node<AohState, F<'draft'>, AohAction> = {
  run(st, f) {
    // A player who resigned during the draft picks no tribe (AOH-ELIM-8).
    while (f.i < f.order.length && !st.p[f.order[f.i]!]!.alive) f.i++;
    if (f.i >= f.order.length) {
      pop(st);
      return false;
    }
    return true;
  },
  decide: DRAFT,
};
