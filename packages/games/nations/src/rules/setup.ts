/**
 * Setup (spec §3, NAT-SETUP): player order, the nation draft of the B-side variant, the progress, event and
 * solo decks, the nation boards' starting resources, workers, track and printed cards; card instances.
 */
import type { EventSink } from '@tabula/engine';
import { emit, seedRng, shuffle } from '@tabula/engine';
import { E } from '../config.js';
import { EVENT_CARDS, NATIONS, PROMO_EVENT_CARDS, SOLO_TILES } from '../data.js';
import { board, deckFor } from '../derive.js';
import { noteCard } from '../deck.js';
import type { Inst, NatOptions, NatState, Player } from '../state.js';
import { run } from './flow.js';
import { dealBoard } from './round.js';

export const NATION_IDS = [...new Set(NATIONS.map((b) => b.nation))].sort();

export function setupState(o: NatOptions, n: number, seed: string, log?: EventSink): NatState {
  const rng = seedRng(seed);
  const solo = n === 1;
  const order: number[] = [];
  for (let i = 0; i < n; i++) order.push(i);
  shuffle(rng, order); // NAT-SETUP-8, NAT-RNG-1 (a)
  let drawn: string[] = [];
  if (o.boardSides === 'choose') {
    drawn = [...NATION_IDS];
    shuffle(rng, drawn); // NAT-RNG-1 (b)
    drawn = drawn.slice(0, n).sort();
  }
  // NAT-RNG-3: progress decks I..IV, event decks I..IV, solo tiles I..IV.
  // The progress decks of the options, compiled once per options object (`deck.ts`).
  const progress = deckFor(o).progress;
  const decks: string[][] = [];
  for (let a = 1; a <= 4; a++) decks.push(shuffle(rng, [...progress[a - 1]!]));
  const events: string[][] = [];
  for (let a = 1; a <= 4; a++) {
    const ids = [...EVENT_IDS[a - 1]!];
    if (o.includePromo) for (const c of PROMO_EVENT_CARDS) if (c.age === a) ids.push(c.id);
    events.push(shuffle(rng, ids));
  }
  const tiles: string[][] = [];
  for (let a = 1; a <= 4; a++) tiles.push(shuffle(rng, [...TILE_IDS[a - 1]!]));
  const cols = E.columnsByPlayerCount[n]!;
  const st: NatState = {
    v: 1,
    opts: o,
    n,
    solo,
    rng,
    round: 1,
    step: 'maint',
    si: 0,
    order,
    actionOrder: [...order],
    orderLocked: false,
    passOrder: [],
    cols,
    board: nulls(3 * cols),
    decks,
    events: solo ? [[], [], [], []] : events,
    tiles: solo ? tiles : [[], [], [], []],
    eventCard: null,
    shown: [],
    pool: 0,
    war: null,
    // Present from the start, like every field the rules set later, so that all states share one shape.
    warDone: null,
    warBought: false,
    mods: [],
    players: [],
    draft: drawn,
    turn: null,
    stack: [],
    pending: null,
    uid: 1,
    solo1: solo
      ? {
          tile: null,
          strength: null,
          stability: null,
          books: E.soloStartBooks.vo,
          workers: null,
          ahead: false,
          preRolls: 0,
          lastRoll: null,
        }
      : null,
    removed: [],
    past: [],
    last: -1,
    over: null,
    steps: 0,
  };
  for (let s = 0; s < n; s++) {
    const nation = o.boardSides === 'choose' ? '' : NATION_IDS[s % NATION_IDS.length]!;
    st.players.push(blankPlayer(o, s, nation));
  }
  if (log) emit(log, 'nat.ev.setup', { order, n, sides: o.boardSides }, ['NAT-SETUP-7', 'NAT-SETUP-8']);
  if (o.boardSides === 'choose') {
    // NAT-SETUP-16: deal the round-1 board first, then nations in reverse order.
    dealBoard(st, log);
    st.step = 'nation';
    st.si = 0;
  } else {
    for (let s = 0; s < n; s++) startBoard(st, s);
  }
  run(st, log);
  return st;
}

/** n nulls as a packed array (`new Array(n).fill(null)` costs a builtin call and starts holey). */
function nulls<T>(n: number): Array<T | null> {
  const a: Array<T | null> = [];
  for (let i = 0; i < n; i++) a.push(null);
  return a;
}

export const AGES = [1, 2, 3, 4];

export const EVENT_IDS = AGES.map((a) => EVENT_CARDS.filter((c) => c.age === a).map((c) => c.id));

export const TILE_IDS = AGES.map((a) => SOLO_TILES.filter((t) => t.age === a).map((t) => t.id));

export function blankPlayer(o: NatOptions, s: number, nation: string): Player {
  const lv = o.difficulty[s] ?? o.difficulty[0] ?? 'prince';
  return {
    nation,
    side: 'A',
    level: lv,
    easy: o.easy[s] ?? false,
    res: { gold: 0, stone: 0, food: 0, books: 0 },
    vp: 0,
    idle: 0,
    foodCap: E.trackSpaces,
    stabCap: E.trackSpaces,
    foodFilled: E.trackSpaces,
    stabFilled: E.trackSpaces,
    overflow: 0,
    advisors: [],
    row: [],
    colonies: [],
    wip: null,
    wonders: [],
    priv: 0,
    used: [],
    short: 0,
    passed: false,
    turns: 0,
    bought: [],
    defeated: false,
    warLost: null,
    resigned: false,
  } as Player;
}

/** NAT-SETUP-9/15, NAT-VAR-2: starting books, resources, track, printed cards. */
export function startBoard(st: NatState, s: number): void {
  const p = st.players[s]!;
  const b = board(p);
  p.res = {
    gold: b.start.res.gold ?? 0,
    stone: b.start.res.stone ?? 0,
    food: b.start.res.food ?? 0,
    books: 0,
  };
  p.vp = b.start.vp;
  p.idle = b.start.idleWorkers;
  p.foodFilled = b.start.track.food;
  p.stabFilled = b.start.track.stability;
  p.row = nulls(b.slots.buildingMilitary);
  for (const pr of b.printed) p.row[pr.slot] = inst(st, pr.card.id);
  p.wonders = (b.completedWonders ?? []).map((c) => inst(st, c.id));
  p.res.books = st.solo ? E.soloStartBooks.player : st.order.indexOf(s) + 1;
  if (p.easy) {
    p.idle++;
    if (p.easy === 'food') {
      p.foodCap--;
      p.foodFilled--;
    } else {
      p.stabCap--;
      p.stabFilled--;
    }
  }
}

/** A new card instance: its card id, a new instance id (a counter: nothing compiled rides on it), its workers. */
export function inst(st: NatState, id: string, w = 0): Inst {
  return { id, u: newUid(st, id), w };
}
/** A new instance id for a card `id` put in play (noted beside the state, `InPlay`). */
export function newUid(st: NatState, id?: string): number {
  if (id !== undefined) noteCard(st, id);
  return st.uid++;
}
