/**
 * The Nations rules: setup, the round, actions, the card-effect interpreter and every decision point.
 *
 * Flow: `st.step` walks the round (NAT-ROUND-1); nested work (effects, forced payments, triggers, wonder
 * completion, production, war, events) lives on `st.stack` as plain-data tasks; a task that needs a choice
 * sets `st.pending` and the run loop stops until the seat answers with a `choose` action listed in
 * `pending.opts`. Removal conditions are re-checked after every step of the loop (NAT-REM-2).
 */
import type { ApplyResult, EventSink } from '@tabula/engine';
import { emit, inputError, OK, randInt, ruleError, seedRng, shuffle } from '@tabula/engine';
import { E } from './config.js';
import {
  EVENT_CARDS,
  NATIONS,
  progressCard,
  PROGRESS_CARDS,
  PROMO_EVENT_CARDS,
  PROMO_PROGRESS_CARDS,
  SOLO_TILES,
  eventCard,
  soloTile,
} from './data.js';
import type { SeatMods } from './derive.js';
import {
  ABIL_FLAG,
  BOARD_ABILITIES,
  BOARD_TRIGGERS,
  boardCard,
  sortedSeats,
  flagsOf,
  kindsOf,
  othersKindsOf,
  firesOf,
  fireBit,
  MOD_FLAG,
  REM_FLAG,
  ROUND_BUY,
  ROUND_PASS,
  roundFacts,
  TRIG_FLAG,
  allDerived,
  frozen,
  removalsIgnoreWealth,
  REMOVABLE,
  seatMods,
  advisorCap,
  age,
  architectCost,
  board,
  cannotBuy,
  card,
  cmpSet,
  colonyCap,
  colonyRequirement,
  cond,
  counter,
  deployCost,
  eachCard,
  gather,
  instCard,
  instEntry,
  kindBit,
  MK,
  growthAmount,
  hasMod,
  militaryCount,
  modSum,
  orderPos,
  passedAs,
  price,
  raid,
  rankByOrder,
  RES_BIT,
  scoreParts,
  stability,
  strength,
  wonderCap,
  workers,
} from './derive.js';
import type {
  Answer,
  BoardCard,
  Choose,
  Ctx,
  Inst,
  NatAction,
  NatOptions,
  NatState,
  Player,
  Side,
  Task,
} from './state.js';
import type { Bag, CardType, Cond, Effect, EventDef, Metric, ProgressCard, Res, Target } from './types.js';

export const RULES_VERSION = '3';
export const fail = ruleError('nat.err');
const RES4: readonly Res[] = ['gold', 'stone', 'food', 'books'];
/** Payment order of the production step (NAT-PROD-5). */
const PAY_ORDER: readonly Res[] = ['gold', 'food', 'stone', 'books'];
const NATION_IDS = [...new Set(NATIONS.map((b) => b.nation))].sort();

// ================================================================ setup

export function setupState(o: NatOptions, n: number, seed: string, log?: EventSink): NatState {
  const rng = seedRng(seed);
  const solo = n === 1;
  const order = Array.from({ length: n }, (_, i) => i);
  shuffle(rng, order); // NAT-SETUP-8, NAT-RNG-1 (a)
  let drawn: string[] = [];
  if (o.boardSides === 'choose') {
    drawn = [...NATION_IDS];
    shuffle(rng, drawn); // NAT-RNG-1 (b)
    drawn = drawn.slice(0, n).sort();
  }
  // NAT-RNG-3: progress decks I..IV, event decks I..IV, solo tiles I..IV.
  const decks: string[][] = [];
  for (let a = 1; a <= 4; a++) {
    let ids: string[];
    if (o.deck) ids = [...o.deck[a - 1]!];
    else ids = levelDeck(a, o.cardLevels);
    if (o.includePromo) for (const c of PROMO_PROGRESS_CARDS) if (c.age === a) ids.push(c.id);
    decks.push(shuffle(rng, ids));
  }
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
    board: new Array(3 * cols).fill(null),
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
    rem: 0,
    mk: 0,
    mo: 0,
    tk: 0,
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

const AGES = [1, 2, 3, 4];
const EVENT_IDS = AGES.map((a) => EVENT_CARDS.filter((c) => c.age === a).map((c) => c.id));
const TILE_IDS = AGES.map((a) => SOLO_TILES.filter((t) => t.age === a).map((t) => t.id));
const LEVEL_DECKS = new Map<string, string[]>();
/** The ids of the age-`a` progress cards of the given levels (cached; a fresh copy is returned). */
function levelDeck(a: number, levels: readonly string[]): string[] {
  const k = `${a}:${levels.join(',')}`;
  let ids = LEVEL_DECKS.get(k);
  if (!ids) {
    ids = PROGRESS_CARDS.filter((c) => c.age === a && levels.includes(c.level)).map((c) => c.id);
    LEVEL_DECKS.set(k, ids);
  }
  return [...ids];
}

function blankPlayer(o: NatOptions, s: number, nation: string): Player {
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
function startBoard(st: NatState, s: number): void {
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
  p.row = new Array(b.slots.buildingMilitary).fill(null);
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

/**
 * A new card instance. Instances of cards with a removal condition get `REM_FLAG` added to their instance id,
 * so that the removal check after every step (NAT-REM-2) can skip states without such cards at the cost of one
 * integer comparison per card.
 */
export function inst(st: NatState, id: string, w = 0): Inst {
  return { id, u: newUid(st, id), w };
}
export { REM_FLAG };
export function newUid(st: NatState, id: string): number {
  const u = st.uid++ | flagsOf(id);
  if (u & REM_FLAG) st.rem++;
  if (u & MOD_FLAG && st.mk !== undefined) st.mk |= kindsOf(id);
  if (u & MOD_FLAG && st.mo !== undefined) st.mo |= othersKindsOf(id);
  if (u & TRIG_FLAG && st.tk !== undefined) st.tk |= firesOf(id);
  return u;
}

// ================================================================ run loop

/** Advances the game until a seat must decide or the game is over. */
export function run(st: NatState, log: EventSink): void {
  sink = log;
  for (let guard = 0; guard < 100000; guard++) {
    if (st.pending || st.over) return;
    // (Never read past the end of the stack: an out-of-bounds read takes V8's slow path.)
    const depth = st.stack.length;
    const t = depth > 0 ? st.stack[depth - 1] : undefined;
    if (t) {
      const kind = t.t;
      runTask(st, t, log);
      if (changes(kind)) checkRemovals(st, log);
      continue;
    }
    if (st.step === 'action') {
      if (!st.turn) {
        if (!startNextTurn(st, log)) continue;
      }
      if (st.turn && autoTurn(st, log)) continue;
      return;
    }
    if (st.step === 'nation') {
      if (st.si >= st.n) {
        for (let s = 0; s < st.n; s++) startBoard(st, s);
        st.step = 'growth';
        st.si = 0;
        continue;
      }
      const s = st.order[st.n - 1 - st.si]!;
      const taken = new Set(st.players.map((p) => p.nation));
      const opts: Choose[] = [];
      for (const nat of st.draft)
        if (!taken.has(nat)) for (const side of ['A', 'B']) opts.push({ type: 'choose', nation: nat, side });
      ask(st, s, 'nation', opts);
      continue;
    }
    const which = st.step;
    step(st, log);
    if (stepChanges(st, which)) checkRemovals(st, log); // NAT-REM-2: a round step is an atomic step too
  }
  throw new Error('nations: run loop did not settle');
}

/**
 * Runs one round step (e.g. 'production', 'war', 'events') and its nested work, then stops (tests and
 * scenarios). Pending decisions stop it early; answer them with `apply`, then call `drain`.
 */
export function runOnly(st: NatState, which: NatState['step'], log?: EventSink): void {
  sink = log;
  st.step = which;
  st.turn = null;
  checkRemovals(st, log); // a scenario's state may have been set by hand
  step(st, log);
  if (stepChanges(st, which)) checkRemovals(st, log);
  drain(st, log);
}
/** Runs the stacked work until it is empty or a decision is pending (does not advance the round). */
export function drain(st: NatState, log?: EventSink): void {
  sink = log;
  for (let guard = 0; guard < 100000 && !st.pending && st.stack.length > 0; guard++) {
    const t = st.stack[st.stack.length - 1]!;
    const kind = t.t;
    runTask(st, t, log);
    if (changes(kind)) checkRemovals(st, log);
  }
}

/** The event sink of the running apply/run: decisions resolved by `ask` itself are logged there (NAT-DP-24). */
let sink: EventSink;

/**
 * Round steps after which a removal condition may read something new: a solo tile drawn (the VO's values), a
 * growth choice resolved on the spot (a resigned nation), the cleanup (round modifiers, flags, the age); after
 * books and the solo stability contest only VP changed. The other steps only push tasks (checked as they run)
 * or ask (answers are checked by apply).
 */
function stepChanges(st: NatState, which: NatState['step']): boolean {
  if (which === 'cleanup') return true;
  if (which === 'event') return st.solo;
  if (which === 'growth') return st.pending === null; // answered on the spot, not through apply
  if (which === 'books' || which === 'events') return !removalsIgnoreWealth();
  return false;
}

/**
 * Task kinds whose step can change the state a removal condition reads (NAT-REM-2). The others only push
 * further tasks or open a decision (`fire`, `multi`, `eventHalf`), so no check is needed after them.
 */
function changes(kind: Task['t']): boolean {
  if (kind === 'multi' || kind === 'fire' || kind === 'eventHalf') return false;
  // Payments and production change only resources, VP and shortage marks: no removal condition reads
  // those unless some card says otherwise. So do the effects that only gain or pay resources or VP.
  if (kind === 'pay' || kind === 'prod' || (kind === 'effs' && wealthStep)) return !removalsIgnoreWealth();
  return true;
}

/**
 * Set by the last `effs` step run: it changed at most resources and VP (an effect that gains, pays or scores
 * on the spot; a payment only pushes a `pay` step), or nothing (the list was done).
 */
let wealthStep = false;

function ask(st: NatState, s: number, kind: string, opts: Choose[], d?: Record<string, unknown>): void {
  st.pending = d ? { s, kind, opts, d } : { s, kind, opts };
  const p = st.players[s];
  // NAT-DP-24: a decision with one option resolves itself; a resigned seat takes the default.
  if (opts.length === 1 || (p && p.resigned && opts.length > 0)) {
    const pick = opts.length === 1 ? opts[0]! : defaultChoice(st)!;
    resolvePending(st, pick, sink);
  }
}

function step(st: NatState, log: EventSink): void {
  switch (st.step) {
    case 'maint':
      if (!(st.round === 1 && st.opts.boardSides === 'choose')) dealBoard(st, log);
      st.step = 'growth';
      st.si = 0;
      return;
    case 'growth': {
      if (st.si >= st.n) {
        st.step = 'event';
        return;
      }
      const s = st.order[st.n - 1 - st.si]!; // NAT-MAINT-10: reverse order
      st.si++;
      askGrowth(st, s);
      return;
    }
    case 'event':
      drawEvent(st, log);
      st.step = 'architects';
      return;
    case 'architects': {
      // NAT-MAINT-15/16
      const extra = st.solo ? soloTile(st.solo1!.tile!)!.architects : eventCard(st.eventCard!)!.architects;
      st.pool = E.baseArchitects[st.n]! + extra;
      for (let s = 0; s < st.n; s++) st.players[s]!.priv += modSum(st, s, MK.privateArchitectsPerRound);
      if (log) emit(log, 'nat.ev.architects', { pool: st.pool }, ['NAT-MAINT-15', 'NAT-MAINT-16']);
      st.step = 'action';
      st.actionOrder = [...st.order];
      st.turn = null;
      st.si = 0;
      return;
    }
    case 'production':
      st.stack.push(productionTask(st));
      st.step = 'order';
      return;
    case 'order':
      playerOrder(st, log);
      st.step = 'war';
      return;
    case 'war':
      startWar(st, log);
      st.step = 'events';
      return;
    case 'events':
      startEvents(st, log);
      st.step = 'famine';
      return;
    case 'famine': {
      const f = st.solo ? soloTile(st.solo1!.tile!)!.famine : eventCard(st.eventCard!)!.famine;
      if (log) emit(log, 'nat.ev.famine', { food: f }, ['NAT-FAMINE-1']);
      if (f > 0)
        for (let i = st.n - 1; i >= 0; i--)
          st.stack.push({ t: 'pay', s: st.order[i]!, items: [['food', f]], i: 0 });
      st.step = 'books';
      return;
    }
    case 'books':
      bookScoring(st, log);
      st.step = 'cleanup';
      return;
    case 'cleanup':
      cleanup(st, log);
      return;
    default:
      return;
  }
}

// ================================================================ maintenance

/** NAT-MAINT-3..9: clear rows 1–2, move row 3 down, deal, place architects on cards. */
function dealBoard(st: NatState, log: EventSink): void {
  const c = st.cols;
  const b = st.board;
  for (let i = 0; i < 2 * c; i++) {
    const x = b[i];
    if (x) st.removed.push(x.id);
    b[i] = null;
  }
  let k = 0;
  for (let i = 2 * c; i < 3 * c; i++) {
    const x = b[i];
    b[i] = null;
    if (x) b[k++] = x;
  }
  const deck = st.decks[age(st) - 1]!;
  for (let i = 0; i < 3 * c; i++) if (!b[i] && deck.length > 0) b[i] = { id: deck.pop()!, a: 0 };
  for (let i = 0; i < b.length; i++) {
    const x = b[i];
    if (x) x.a = boardCard(i, x).architectsOnBoard ?? 0;
  }
  if (log)
    emit(log, 'nat.ev.board', { round: st.round, left: deck.length }, [
      'NAT-MAINT-3',
      'NAT-MAINT-4',
      'NAT-MAINT-5',
      'NAT-MAINT-9',
    ]);
}

function canTakeWorker(p: Player): boolean {
  return p.overflow > 0 || p.foodFilled > 0 || p.stabFilled > 0;
}
function takeSides(p: Player): Side[] {
  if (p.overflow > 0) return [];
  const out: Side[] = [];
  if (p.foodFilled > 0) out.push('food');
  if (p.stabFilled > 0) out.push('stability');
  return out;
}

function askGrowth(st: NatState, s: number): void {
  const p = st.players[s]!;
  const opts: Choose[] = [];
  for (const r of ['food', 'stone', 'gold'] as Res[]) opts.push({ type: 'choose', take: 'res', res: r });
  if (canTakeWorker(p)) {
    const sides = takeSides(p);
    if (sides.length === 0) opts.push({ type: 'choose', take: 'worker' });
    else for (const side of sides) opts.push({ type: 'choose', take: 'worker', side });
  }
  ask(st, s, 'growth', opts, { amount: growthAmount(st, s) });
}

/** NAT-POP-5. */
function takeWorker(p: Player, side: Side | undefined): void {
  if (p.overflow > 0) p.overflow--;
  else if (side === 'food' ? p.foodFilled > 0 : false) p.foodFilled--;
  else if (side === 'stability' && p.stabFilled > 0) p.stabFilled--;
  else if (p.foodFilled > 0) p.foodFilled--;
  else p.stabFilled--;
  p.idle++;
}

function drawEvent(st: NatState, log: EventSink): void {
  if (st.solo) {
    const t = st.tiles[age(st) - 1]!.pop()!; // NAT-SOLO-3
    const tile = soloTile(t)!;
    const vo = st.solo1!;
    vo.tile = t;
    vo.strength = tile.vo.strength ?? null; // NAT-SOLO-19 step 5
    vo.stability = tile.vo.stability ?? null;
    vo.workers = tile.vo.workers ?? null;
    if (tile.vo.books !== undefined)
      vo.books = tile.vo.booksMode === 'add' ? vo.books + tile.vo.books : tile.vo.books;
    if (log)
      emit(log, 'nat.ev.tile', { tile: t, vo: { ...tile.vo } }, ['NAT-SOLO-3', 'NAT-SOLO-4', 'NAT-SOLO-19']);
    return;
  }
  const deck = st.events[age(st) - 1]!;
  // NAT-NOTE-5: Machiavelli draws two.
  let owner = -1;
  for (const s of st.order)
    if (owner < 0 && st.players[s]!.advisors.some((a) => card(a.id).hook === 'machiavelli')) owner = s;
  if (owner >= 0 && deck.length >= 2) {
    const a = deck.pop()!;
    const b = deck.pop()!;
    st.shown = [a, b];
    if (log) emit(log, 'nat.ev.machiavelli', { seat: owner, cards: [a, b] }, ['NAT-NOTE-5']);
    ask(st, owner, 'machiavelli', [
      { type: 'choose', event: a },
      { type: 'choose', event: b },
    ]);
    return;
  }
  st.eventCard = deck.pop() ?? null;
  if (log) emit(log, 'nat.ev.event', { card: st.eventCard }, ['NAT-MAINT-14']);
}

// ================================================================ action phase: turns

function startNextTurn(st: NatState, log: EventSink): boolean {
  const order = st.order;
  let all = true;
  for (let i = 0; i < order.length; i++) if (!st.players[order[i]!]!.passed) all = false;
  if (all) {
    st.step = 'production';
    st.turn = null;
    if (log) emit(log, 'nat.ev.actionEnd', {}, ['NAT-ACTION-8']);
    return false;
  }
  let s: number;
  if (st.last < 0) s = order.find((x) => !st.players[x]!.passed)!;
  else {
    const i = order.indexOf(st.last);
    s = -1;
    for (let k = 1; k <= order.length; k++) {
      const c = order[(i + k) % order.length]!;
      if (!st.players[c]!.passed) {
        s = c;
        break;
      }
    }
  }
  const p = st.players[s]!;
  st.last = s;
  p.turns++;
  const first = p.turns === 1;
  // NAT-SOLO-8: the VO rolls before each of the player's turns while it is ahead.
  if (st.solo && st.solo1!.ahead && (st.opts.soloSecondPlayerRoll === 'everyTurn' || first))
    soloRoll(st, log);
  // NAT-NOTE-29: Buddha skips the first turn of the round.
  if (first && hasMod(st, s, MK.skipFirstTurn)) {
    if (log) emit(log, 'nat.ev.skip', { seat: s }, ['NAT-NOTE-29']);
    return false;
  }
  const extra = first ? modSum(st, s, MK.firstTurnExtraActions) : 0; // NAT-NOTE-9
  st.turn = { s, left: 1 + extra, main: 0, sunTzu: extra > 0 };
  return true;
}

/** A resigned seat passes at once. */
function autoTurn(st: NatState, log: EventSink): boolean {
  const s = st.turn!.s;
  if (!st.players[s]!.resigned) return false;
  doPass(st, s, log);
  return true;
}

function endTurn(st: NatState): void {
  st.turn = null;
}

/** Main actions still allowed this turn (Sun Tzu's second action needs Sun Tzu still in play). */
export function mainLeft(st: NatState): number {
  const t = st.turn;
  if (!t) return 0;
  if (t.left <= 0) return 0;
  if (t.main >= 1 && t.sunTzu && modSum(st, t.s, MK.firstTurnExtraActions) <= 0) return 0;
  return t.left;
}

function doPass(st: NatState, s: number, log: EventSink): void {
  const p = st.players[s]!;
  p.passed = true;
  st.passOrder.push(s);
  if (log) emit(log, 'nat.ev.pass', { seat: s, position: st.passOrder.length }, ['NAT-ACTION-3']);
  // NAT-REM-6: a pass can meet per-round conditions (Great Wall: its owner passed first), of any seat (passed
  // last); the round's purchases are looked at again too (a card placed after a decision).
  markRoundConds(st, -1, ROUND_PASS | ROUND_BUY);
  fireTriggers(st, 'passed', s, {});
  endTurn(st);
}

function markUsed(p: Player, u: number): void {
  if (!p.used.includes(u)) p.used.push(u);
}

/**
 * NAT-REM-6: a used marker on every card in play (of seat s, or of every seat when s is -1) whose per-round
 * condition reading one of the round `facts` (ROUND_PASS, ROUND_BUY) holds now: a static modifier's or a
 * production entry's condition (`CardEntry.round`, from the card data). Called when such a fact changes: a
 * pass, a card taken.
 */
function markRoundConds(st: NatState, s: number, facts: number): void {
  for (let o = s < 0 ? 0 : s; o < (s < 0 ? st.n : s + 1); o++) {
    const p = st.players[o]!;
    const mark = (x: Inst) => {
      const e = instEntry(x);
      if ((e.roundFacts & facts) === 0 || p.used.includes(x.u)) return;
      for (const rc of e.round)
        if (
          rc.facts & facts &&
          (!rc.cond || cond(st, o, rc.cond)) &&
          (!rc.per || counter(st, o, rc.per) > 0)
        ) {
          markUsed(p, x.u);
          return;
        }
    };
    for (const x of p.advisors) mark(x);
    for (const x of p.row) if (x && x.w > 0) mark(x);
    for (const x of p.colonies) mark(x);
    for (const x of p.wonders) mark(x);
  }
}

/** Marks the card instance u wherever it is in play (NAT-REM-6); the board (-1) of seat s. */
function markInstance(st: NatState, s: number, u: number): void {
  if (u < 0) {
    markUsed(st.players[s]!, u);
    return;
  }
  for (const p of st.players) {
    const has = (x: Inst | null) => !!x && x.u === u;
    if (p.advisors.some(has) || p.row.some(has) || p.colonies.some(has) || p.wonders.some(has)) {
      markUsed(p, u);
      return;
    }
  }
}

/**
 * A trigger bound to the round (NAT-REM-6): on an event that happens once a round (`passed`, `roundStart`), or
 * filtered or conditioned by a fact of the round (`first` of `passed`, a condition reading passes or
 * purchases). It marks its card when it fires; `perRound` triggers also stop at the marker.
 */
function roundTrigger(tr: NonNullable<ProgressCard['triggers']>[number]): boolean {
  return (
    tr.on === 'passed' ||
    tr.on === 'roundStart' ||
    (tr.filter !== undefined && 'first' in tr.filter) ||
    roundFacts(tr.if) !== 0
  );
}

// ================================================================ apply

export function apply(st: NatState, seat: number, a: NatAction, log?: EventSink): ApplyResult {
  sink = log;
  const bad = inputError(fail, a, seat, st.n, 'NAT-DP-4');
  if (bad) return bad;
  if (st.over) return fail('over', 'The game is over.', 'NAT-END-1');
  if (a.type === 'resign') {
    const p = st.players[seat]!;
    if (p.resigned)
      return fail(
        'resigned',
        'You have already resigned: your nation takes the default of every decision.',
        'NAT-DP-25',
      );
    p.resigned = true;
    if (log) emit(log, 'nat.ev.resign', { seat }, []);
    if (st.pending?.s === seat) {
      const d = defaultChoice(st)!;
      resolvePending(st, d, log);
    }
    run(st, log);
    finishSteps(st);
    return OK;
  }
  if (st.pending) {
    if (st.pending.s !== seat) return fail('notYou', 'Another nation must decide now.', 'NAT-DP-4');
    if (a.type !== 'choose') return decideFirst(st.pending.kind);
    // A caller that passes back a listed option object (bots, the bench) is matched by identity first.
    const opts = st.pending.opts;
    const i = opts.indexOf(a as Choose);
    const pick = i >= 0 ? opts[i] : opts.find((o) => sameChoice(o, a));
    if (!pick) return choiceError(st, a);
    resolvePending(st, pick, log);
    checkRemovals(st, log); // NAT-REM-2
    run(st, log);
    finishSteps(st);
    return OK;
  }
  if (st.step !== 'action' || !st.turn) return fail('notNow', 'No nation decides anything now.', 'NAT-DP-4');
  if (st.turn.s !== seat) return fail('notYourTurn', 'It is not your turn.', 'NAT-ACTION-1');
  const e = turnError(st, seat, a);
  if (e) return e;
  doTurnAction(st, seat, a, log);
  checkRemovals(st, log); // NAT-REM-2: after a deploy or undeploy too
  run(st, log);
  finishSteps(st);
  return OK;
}

function finishSteps(st: NatState): void {
  st.steps++;
}

export function sameChoice(o: Choose, a: Record<string, unknown>): boolean {
  const ko = Object.keys(o);
  const ka = Object.keys(a);
  if (ko.length !== ka.length) return false;
  for (const k of ko) {
    const x = o[k];
    const y = a[k];
    if (x === y) continue;
    if (typeof x === 'object' && x && typeof y === 'object' && y) {
      if (JSON.stringify(sortKeys(x)) !== JSON.stringify(sortKeys(y))) return false;
    } else return false;
  }
  return true;
}
function sortKeys(x: object): unknown {
  if (Array.isArray(x)) return x;
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(x).sort()) o[k] = (x as Record<string, unknown>)[k];
  return o;
}

/** Why a turn action is illegal, or null. Shared by apply and legalActions. */
export function turnError(st: NatState, s: number, a: NatAction): ReturnType<typeof fail> | null {
  const p = st.players[s]!;
  const t = st.turn!;
  switch (a.type) {
    case 'pass':
      return null;
    case 'end':
      if (t.main === 0)
        return fail('endNoAction', 'Take a main action or pass before ending the turn.', 'NAT-ACTION-2');
      return null;
    case 'undeploy': {
      const r = Number.isInteger(a.slot) ? p.row[a.slot] : undefined;
      if (!r || r.w === 0) return fail('noWorker', 'There is no worker on that card.', 'NAT-DEPLOY-8');
      return null;
    }
    case 'buy': {
      if (mainLeft(st) <= 0)
        return fail('noAction', 'You have no main action left this turn.', 'NAT-ACTION-2');
      return buyError(st, s, a.row, a.col, false);
    }
    case 'deploy': {
      if (mainLeft(st) <= 0)
        return fail('noAction', 'You have no main action left this turn.', 'NAT-ACTION-2');
      return deployError(st, s, a.from, a.to, false, null);
    }
    case 'hire': {
      if (mainLeft(st) <= 0)
        return fail('noAction', 'You have no main action left this turn.', 'NAT-ACTION-2');
      return hireError(st, s, !!a.private);
    }
    case 'ability':
      return abilityError(st, s, a);
    default:
      if ((a as { type: string }).type === 'choose')
        return fail(
          'noDecision',
          'There is no decision to answer: it is your turn (buy, deploy, hire, use a card, or pass).',
          'NAT-DP-4',
        );
      return fail(
        'unknown',
        'That is not an action of Nations: on your turn buy, deploy, hire, use a card, or pass.',
        'NAT-DP-4',
      );
  }
}

// ================================================================ refusals of a decision's answer

/**
 * The decision point of each pending kind (spec table NAT-DP): the rule a seat breaks by answering
 * something else than that decision.
 */
const KIND_DP: Record<string, string> = {
  nation: 'NAT-DP-2',
  growth: 'NAT-DP-3',
  place: 'NAT-DP-5',
  advisorOut: 'NAT-DP-6',
  colonyOut: 'NAT-DP-7',
  battle: 'NAT-DP-8',
  golden: 'NAT-DP-9',
  cover: 'NAT-DP-12',
  gainChoice: 'NAT-DP-13',
  prodChoice: 'NAT-DP-14',
  subst: 'NAT-DP-14',
  warSpread: 'NAT-DP-15',
  offer: 'NAT-DP-19',
  choice: 'NAT-DP-17',
  gainSide: 'NAT-DP-17',
  loseWorker: 'NAT-DP-17',
  removeCard: 'NAT-DP-17',
  deployFree: 'NAT-DP-17',
  undeployFor: 'NAT-DP-17',
  freeArch: 'NAT-DP-20',
  machiavelli: 'NAT-DP-22',
  takeFree: 'NAT-DP-22',
  swap: 'NAT-DP-22',
  turk: 'NAT-DP-22',
};

/** A turn action while a decision waits: the decision comes first. */
function decideFirst(kind: string) {
  return fail(
    'decide',
    'First answer the decision in front of you; other actions wait until it is made.',
    KIND_DP[kind] ?? 'NAT-DP-4',
  );
}

/** Card types in words, for the English message ("golden age or wonder"). */
function typesText(types: readonly string[]): string {
  const names: Record<string, string> = { goldenAge: 'golden age' };
  return types.map((t) => names[t] ?? t).join(' or ');
}

/** The card types a `takeCardFree` effect of card `src` takes (Galileo: golden ages and wonders). */
function takeFreeTypes(src: unknown): CardType[] | null {
  if (typeof src !== 'string') return null;
  const c = progressCard(src);
  if (!c) return null;
  let out: CardType[] | null = null;
  const walk = (x: unknown): void => {
    if (out || !x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    const t = o.takeCardFree as { types?: CardType[] } | undefined;
    if (t && Array.isArray(t.types)) {
      out = t.types;
      return;
    }
    for (const v of Object.values(o)) walk(v);
  };
  walk(c);
  return out;
}

/**
 * Why a `choose` answer is not among the options of the pending decision (issue 16): the rule that
 * forbids it and the reason in words — no worker left at growth, books at growth, a fourth military
 * card over a building, a third advisor, a sixth wonder, 1 VP bought for more than its price, a card a
 * free take does not allow… Never on the hot path: only a refused answer gets here.
 */
function choiceError(st: NatState, a: Record<string, unknown>) {
  const pd = st.pending!;
  const s = pd.s;
  const p = st.players[s]!;
  const d = (pd.d ?? {}) as Record<string, unknown>;
  const has = (k: string) => Object.hasOwn(a, k);
  const offered = (k: string) => pd.opts.some((o) => Object.hasOwn(o, k) && sameValue(o[k], a[k]));
  switch (pd.kind) {
    case 'nation': {
      const nat = a.nation;
      if (typeof nat !== 'string' || !st.draft.includes(nat))
        return fail('nationDraft', 'Choose one of the nations drawn for this game.', 'NAT-SETUP-16');
      if (st.players.some((x) => x.nation === nat))
        return fail('nationTaken', 'Another player has already taken that nation.', 'NAT-SETUP-16');
      return fail('nationSide', 'Choose side A or side B of the nation board.', 'NAT-SETUP-16');
    }
    case 'growth':
      if (a.take === 'worker') {
        if (!canTakeWorker(p))
          return fail(
            'growthNoWorker',
            'You have no worker left to take at growth: your population track and overflow are empty.',
            'NAT-MAINT-12',
          );
        if (p.overflow > 0)
          return fail(
            'growthOverflow',
            'Your worker comes from the overflow: there is no side to choose.',
            'NAT-POP-5',
          );
        return fail(
          'growthSide',
          'Take the worker from a side of your population track that still has one.',
          'NAT-POP-5',
        );
      }
      if (a.take === 'res' && a.res === 'books')
        return fail('growthBooks', 'Growth gives food, stone or gold, never books.', 'NAT-MAINT-12');
      return fail(
        'growth',
        'At growth take one worker, or resources of one type: food, stone or gold.',
        'NAT-MAINT-11',
      );
    case 'place': {
      const slot = a.slot;
      if (typeof slot !== 'number' || !Number.isInteger(slot) || slot < 0 || slot >= p.row.length)
        return fail('placeSlot', 'Your building and military row has no such slot.', 'NAT-BLD-1');
      const max = board(p).slots.maxMilitary;
      return fail(
        'placeMilitary',
        `You already have ${max} military cards: a new military card must cover one of them.`,
        'NAT-MIL-2',
        { max },
      );
    }
    case 'advisorOut':
      if (a.remove === d.u)
        return fail(
          'advisorNew',
          'The new advisor always stays: choose which of your other advisors leaves.',
          'NAT-ADV-2',
        );
      return fail(
        'advisorFull',
        `You can have only ${advisorCap(st, s)} advisors: choose which of your other advisors leaves.`,
        'NAT-ADV-2',
        { n: advisorCap(st, s) },
      );
    case 'colonyOut':
      if (a.remove === d.u)
        return fail(
          'colonyNew',
          'The new colony is always kept: choose which of your other colonies you give up.',
          'NAT-COL-4',
        );
      return fail(
        'colonyFull',
        `You can have only ${colonyCap(st, s)} colonies: choose which of your other colonies you give up.`,
        'NAT-COL-4',
        { n: colonyCap(st, s) },
      );
    case 'cover':
      if (has('cover') && a.cover === null)
        return fail(
          'wonderFull',
          `Your completed-wonders area is full (${wonderCap(st, s)}): the new wonder must cover one of your completed wonders.`,
          'NAT-WON-6',
          { n: wonderCap(st, s) },
        );
      return fail('coverWhich', 'The new wonder can cover only one of your completed wonders.', 'NAT-WON-6');
    case 'battle':
      return fail('battleRes', 'A battle gives one of the resource types shown on the card.', 'NAT-BAT-2');
    case 'golden': {
      if (has('pay')) {
        const bag = a.pay as Record<string, unknown> | null;
        const cost = d.cost as number;
        let sum = 0;
        let sane = !!bag && typeof bag === 'object';
        if (bag && typeof bag === 'object')
          for (const [r, n] of Object.entries(bag)) {
            if (!RES4.includes(r as Res) || typeof n !== 'number' || !Number.isInteger(n) || n < 0)
              sane = false;
            else sum += n;
          }
        if (sane && sum !== cost)
          return fail(
            'goldenPrice',
            `A golden age gives at most 1 VP, and that VP costs exactly ${cost} resources.`,
            'NAT-GA-2',
            { cost },
          );
        if (sane) return fail('goldenAfford', 'You do not hold those resources.', 'NAT-GA-4');
        return fail('goldenPay', 'Pay the VP with gold, stone, food and books, in whole units.', 'NAT-GA-1');
      }
      return fail(
        'golden',
        'Take the resources printed on the golden age, or pay its price for 1 VP.',
        'NAT-GA-1',
      );
    }
    case 'gainChoice':
    case 'prodChoice':
      return fail(
        'gainChoice',
        'Choose one of the resource types the card offers.',
        pd.kind === 'gainChoice' ? 'NAT-DP-13' : 'NAT-DP-14',
      );
    case 'choice': {
      const b = a.branch;
      if (typeof b === 'number' && Number.isInteger(b) && b >= 0 && offered('branch') === false) {
        const n = Array.isArray(d.branches) ? d.branches.length : 0;
        if (b < n)
          return fail(
            'branchUseless',
            'That option would change nothing while another would: it is not available.',
            'NAT-RES-7',
          );
      }
      return fail('branch', 'Choose one of the options the card gives.', 'NAT-DP-17');
    }
    case 'offer':
      return fail('offerAnswer', 'Accept or decline the offer.', 'NAT-RES-6');
    case 'subst': {
      const m = d.m as number;
      return fail(
        'substLose',
        `Lose exactly ${m} of the gold, stone and food you hold for the missing books.`,
        'NAT-SHORT-5',
        { m },
      );
    }
    case 'warSpread':
      return fail(
        'warSpread',
        'Spread your stability over the war’s loss types: the reduction in all, each type at most its loss.',
        'NAT-WARRES-3',
      );
    case 'gainSide':
      return fail(
        'gainSide',
        'Take the worker from a side of your population track that still has one.',
        'NAT-POP-5',
      );
    case 'loseWorker':
      if (!offered('from'))
        return fail('loseFrom', 'Choose one of your workers: an idle one or one on a card.', 'NAT-POP-6');
      return fail(
        'loseSide',
        'The worker returns to a side of your track with an empty space (to the overflow only when both are full).',
        'NAT-POP-6',
      );
    case 'removeCard':
      return fail('removeWhich', 'Choose one of your cards of the kind named by the effect.', 'NAT-DP-17');
    case 'freeArch':
      if (!p.wip)
        return fail(
          'freeArchNone',
          'You have no wonder under construction: no free architect can be placed.',
          'NAT-ARCH-6',
        );
      return fail(
        'freeArch',
        'Place none of the free architects, or as many as the effect offers.',
        'NAT-NOTE-16',
      );
    case 'deployFree': {
      if (has('stop')) return fail('deployStop', 'This free deployment is not optional.', 'NAT-EVENT-14');
      const e = deployError(st, s, a.from as number, a.to as number, true, ontoTypes(d.onto));
      if (e) return e;
      return fail(
        'deployFree',
        d.onto === 'bought'
          ? 'The free worker goes only onto the card just bought.'
          : 'Deploy a worker you have onto another card the effect allows.',
        'NAT-EVENT-14',
      );
    }
    case 'undeployFor':
      return fail(
        'undeployFor',
        'Take a worker off a card of the kind the effect names that still has one, or stop.',
        'NAT-EVENT-14',
      );
    case 'takeFree': {
      const types = takeFreeTypes(d.src);
      const e = buyError(st, s, a.row as number, a.col as number, true, types ?? undefined);
      if (e) return e;
      return fail('takeFree', 'Choose one of the cards this effect can take.', 'NAT-NOTE-30');
    }
    case 'swap':
      return fail('swap', 'Choose two different cards on the progress board to swap.', 'NAT-NOTE-36');
    case 'turk':
      return fail(
        'turk',
        'The Mechanical Turk goes to a less stable nation with room for a completed wonder.',
        'NAT-MODEL-14',
      );
    case 'machiavelli':
      return fail('machiavelli', 'Choose one of the two event cards Machiavelli drew.', 'NAT-NOTE-5');
    default:
      return fail('choice', 'Choose one of the options of this decision.', KIND_DP[pd.kind] ?? 'NAT-DP-4');
  }
}

/** Equal option values (numbers, strings, null, small bags compared by their entries). */
function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || !x || !y) return false;
  return JSON.stringify(sortKeys(x)) === JSON.stringify(sortKeys(y));
}

export function buyError(
  st: NatState,
  s: number,
  row: number,
  col: number,
  free: boolean,
  types?: CardType[],
  sm?: SeatMods,
) {
  if (!Number.isInteger(row) || row < 1 || row > 3 || !Number.isInteger(col) || col < 0 || col >= st.cols)
    return fail('space', 'There is no such space on the progress board.', 'NAT-COMP-2');
  const bc = st.board[(row - 1) * st.cols + col];
  if (!bc) return fail('empty', 'That space of the progress board is empty.', 'NAT-BUY-8');
  const c = card(bc.id);
  if (types && !types.includes(c.type))
    return fail('cardType', `Only a ${typesText(types)} can be taken this way.`, 'NAT-NOTE-30', { types });
  sm ??= seatMods(st, s);
  switch (buyProblem(st, s, row, c, free, sm)) {
    case null:
      return null;
    case 'gold':
      return fail('gold', `You need ${price(st, s, row, c, sm)} gold to buy that card.`, 'NAT-BUY-2');
    case 'forbidden':
      return fail('forbidden', 'A card in play forbids you to buy that type.', 'NAT-NOTE-39');
    case 'colonyStrength':
      return fail(
        'colonyStrength',
        `That colony needs strength ${colonyRequirement(st, s, c, sm)}.`,
        'NAT-COL-1',
      );
    case 'war':
      return fail('war', 'A war has already been bought this round.', 'NAT-WAR-1');
    case 'battle':
      return fail('battle', 'You need a manned military card to buy a battle.', 'NAT-BAT-1');
  }
}

/**
 * Why seat s may not buy card c from a space of row `row` (null: it may): the checks of `buyError` once the space
 * and its card are known, without building an error (the legal-action listing asks this of every space).
 */
export function buyProblem(
  st: NatState,
  s: number,
  row: number,
  c: ProgressCard,
  free: boolean,
  sm: SeatMods,
): 'gold' | 'forbidden' | 'colonyStrength' | 'war' | 'battle' | null {
  if (!free && st.players[s]!.res.gold < price(st, s, row, c, sm)) return 'gold';
  if (sm.cannot.length && cannotBuy(st, s, c.type, sm)) return 'forbidden';
  const t = c.type;
  if (t === 'colony' && (sm.str ??= strength(st, s)) < colonyRequirement(st, s, c, sm))
    return 'colonyStrength';
  if (t === 'war' && st.warBought) return 'war';
  if (t === 'battle' && (sm.raid === undefined ? (sm.raid = raid(st, s)) : sm.raid) === null) return 'battle';
  return null;
}

export function deployError(
  st: NatState,
  s: number,
  from: number,
  to: number,
  free: boolean,
  onto: ProgressCard['type'][] | null,
  sm?: SeatMods,
) {
  const p = st.players[s]!;
  if (!Number.isInteger(to) || !p.row[to])
    return fail('target', 'Workers go only on your building and military cards.', 'NAT-DEPLOY-1');
  if (from === to) return fail('same', 'The worker is already on that card.', 'NAT-DEPLOY-9');
  if (from === -1) {
    if (p.idle <= 0) return fail('noIdle', 'You have no idle worker.', 'NAT-DEPLOY-2');
  } else if (!Number.isInteger(from) || !p.row[from] || p.row[from]!.w <= 0)
    return fail('source', 'There is no worker on that card to move.', 'NAT-DEPLOY-2');
  const c = card(p.row[to]!.id);
  if (onto && !onto.includes(c.type))
    return fail('onto', 'This deployment must go onto another kind of card.', 'NAT-EVENT-14');
  if (!free) {
    const cost = deployCost(st, s, c, sm);
    if (p.res.stone < cost.stone)
      return fail('stone', `Deploying there costs ${cost.stone} stone.`, 'NAT-DEPLOY-3');
    for (const [r, n] of cost.other)
      if (p.res[r] < n) return fail('cost', `Deploying there costs ${n} ${r}.`, 'NAT-DEPLOY-3');
  }
  return null;
}

export function hireError(st: NatState, s: number, priv: boolean) {
  const p = st.players[s]!;
  if (!p.wip) return fail('noWonder', 'You have no wonder under construction.', 'NAT-ARCH-1');
  const c = card(p.wip.id);
  if (p.wip.built >= c.stages!.length)
    return fail('built', 'Every stage of the wonder is built.', 'NAT-ARCH-1');
  if (priv ? p.priv <= 0 : st.pool <= 0)
    return fail(
      'noArchitect',
      priv ? 'You have no private architect.' : 'No architect is left in the pool.',
      'NAT-ARCH-1',
    );
  const cost = architectCost(st, s, c.stages![p.wip.built]!);
  if (p.res.stone < cost) return fail('stone', `That stage costs ${cost} stone.`, 'NAT-ARCH-1');
  return null;
}

/**
 * Calls fn for each source of a seat's abilities in slot order (the board, advisors, manned row cards,
 * colonies, wonders): its instance id (-1 = the board) and its abilities.
 */
export function eachAbilitySource(
  st: NatState,
  s: number,
  fn: (u: number, abilities: NonNullable<ProgressCard['abilities']>) => void,
): void {
  const p = st.players[s]!;
  if (BOARD_ABILITIES) {
    const b = board(p);
    if (b.abilities) fn(-1, b.abilities);
  }
  for (const x of p.advisors) if (x.u & ABIL_FLAG) fn(x.u, instCard(x).abilities ?? []);
  for (const x of p.row) if (x && x.w > 0 && x.u & ABIL_FLAG) fn(x.u, instCard(x).abilities ?? []);
  for (const x of p.colonies) if (x.u & ABIL_FLAG) fn(x.u, instCard(x).abilities ?? []);
  for (const x of p.wonders) if (x.u & ABIL_FLAG) fn(x.u, instCard(x).abilities ?? []);
}

/** The sources of a seat's abilities: [instance id (-1 = board), abilities]. */
function abilitySources(st: NatState, s: number): Array<[number, NonNullable<ProgressCard['abilities']>]> {
  const out: Array<[number, NonNullable<ProgressCard['abilities']>]> = [];
  eachAbilitySource(st, s, (u, abilities) => out.push([u, abilities]));
  return out;
}

function abilityError(st: NatState, s: number, a: { card: number; ability: string; cost?: number }) {
  const src = abilitySources(st, s).find(([u]) => u === a.card);
  if (!src) return fail('noAbility', 'You have no such card with an ability in play.', 'NAT-ABIL-4');
  const ab = src[1].find((x) => x.id === a.ability);
  if (!ab) return fail('noAbility', 'That card has no such ability.', 'NAT-ABIL-2');
  return abilityUseError(st, s, a.card, ab, a.cost);
}

/** The checks of `abilityError` once the source (instance `u`, -1 = the board) and its ability are known. */
export function abilityUseError(
  st: NatState,
  s: number,
  u: number,
  ab: NonNullable<ProgressCard['abilities']>[number],
  cost: number | undefined,
) {
  const p = st.players[s]!;
  if (ab.timing === 'action' && mainLeft(st) <= 0)
    return fail('noAction', 'You have no main action left this turn.', 'NAT-ABIL-2');
  if (ab.perRound && p.used.includes(u))
    return fail('used', 'That ability was already used this round.', 'NAT-ABIL-1');
  if (ab.if && !cond(st, s, ab.if))
    return fail('condition', 'The condition of that ability does not hold.', 'NAT-MODEL-6');
  if (ab.cost) {
    const costs = Array.isArray(ab.cost) ? ab.cost : [ab.cost];
    const i = cost ?? 0;
    if (!Number.isInteger(i) || i < 0 || i >= costs.length)
      return fail('cost', 'No such cost option.', 'NAT-ABIL-3');
    if (!affordable(p, costs[i]!))
      return fail('afford', 'You cannot pay the cost of that ability.', 'NAT-ABIL-3');
  }
  if (!abilityUseful(st, s, ab.effects))
    return fail('useless', 'That ability can do nothing now.', 'NAT-ABIL-1');
  return null;
}

/** Abilities that could not act (no worker to take, no colony, no board card) are not offered. */
function abilityUseful(st: NatState, s: number, effs: Effect[]): boolean {
  const p = st.players[s]!;
  for (const e of effs) {
    if ('gainWorker' in e && !canTakeWorker(p)) return false;
    if ('takeCardFree' in e && !takeFreeOptions(st, s, e.takeCardFree.types).length) return false;
    if ('swapBoardCards' in e && st.board.filter(Boolean).length < 2) return false;
    if ('deployFree' in e && !deployFreeOptions(st, s, null).length) return false;
    if ('removeCard' in e && e.removeCard.type === 'colony' && p.colonies.length === 0) return false;
    if ('hook' in e && e.hook === 'mechanicalTurk' && turkReceivers(st, s).length === 0) return false;
  }
  return true;
}

function affordable(p: Player, bag: Bag): boolean {
  for (const r of RES4) if ((bag[r] ?? 0) > p.res[r]) return false;
  return true;
}

function doTurnAction(st: NatState, s: number, a: NatAction, log: EventSink): void {
  const p = st.players[s]!;
  const t = st.turn!;
  switch (a.type) {
    case 'pass':
      doPass(st, s, log);
      return;
    case 'end':
      if (log) emit(log, 'nat.ev.endTurn', { seat: s }, ['NAT-ACTION-5']);
      endTurn(st);
      return;
    case 'undeploy': {
      const r = p.row[a.slot]!;
      r.w--;
      p.idle++;
      if (log) emit(log, 'nat.ev.undeploy', { seat: s, card: r.id, slot: a.slot }, ['NAT-DEPLOY-8']);
      return;
    }
    case 'buy': {
      t.left--;
      t.main++;
      pushAfterMain(st);
      buy(st, s, a.row, a.col, false, log);
      return;
    }
    case 'deploy': {
      t.left--;
      t.main++;
      const c = card(p.row[a.to]!.id);
      if (c.type === 'military' || st.opts.soloRollOnBuildingDeploy) pushAfterMain(st);
      deploy(st, s, a.from, a.to, false, log);
      return;
    }
    case 'hire': {
      t.left--;
      t.main++;
      pushAfterMain(st);
      hire(st, s, !!a.private, false, log);
      return;
    }
    case 'ability': {
      const src = abilitySources(st, s).find(([u]) => u === a.card)!;
      const ab = src[1].find((x) => x.id === a.ability)!;
      if (ab.timing === 'action') {
        t.left--;
        t.main++;
      }
      if (ab.perRound) markUsed(p, a.card);
      if (ab.cost) {
        const costs = Array.isArray(ab.cost) ? ab.cost : [ab.cost];
        voluntaryPay(st, s, costs[a.cost ?? 0]!, log);
      }
      emit(
        log,
        'nat.ev.ability',
        { seat: s, card: a.card < 0 ? p.nation : cardIdOf(p, a.card), ability: ab.id },
        ['NAT-ABIL-1', 'NAT-ABIL-2'],
      );
      pushEffects(st, s, ab.effects, { src: a.card < 0 ? p.nation : cardIdOf(p, a.card), u: a.card });
      return;
    }
    default:
      return;
  }
}

function cardIdOf(p: Player, u: number): string {
  let id = '';
  eachCard(p, false, (i) => {
    if (i.u === u) id = i.id;
  });
  return id;
}

/** NAT-SOLO-7: the VO rolls after the player's purchase, hire or military deployment. */
function pushAfterMain(st: NatState): void {
  if (st.solo) st.stack.push({ t: 'roll' });
}

// ================================================================ buying

export function buy(st: NatState, s: number, row: number, col: number, free: boolean, log: EventSink): void {
  const p = st.players[s]!;
  const idx = (row - 1) * st.cols + col;
  const bc = st.board[idx]!;
  st.board[idx] = null;
  const c = card(bc.id);
  const paid = free ? 0 : price(st, s, row, c);
  if (paid > 0) voluntaryPay(st, s, { gold: paid }, log);
  if (bc.a > 0) p.priv += bc.a; // NAT-BUY-6
  if (log)
    emit(log, 'nat.ev.buy', { seat: s, card: c.id, row, col, paid, free }, [
      'NAT-BUY-1',
      'NAT-BUY-2',
      'NAT-BUY-5',
    ]);
  takeCard(st, s, c, paid, log);
}

/** A bought card resolves by its type (also a card taken from a deck: Antikythera, NAT-MODEL-14). */
function takeCard(st: NatState, s: number, c: ProgressCard, paid: number, log: EventSink): void {
  placeTaken(st, s, c, paid, log);
  // NAT-REM-6: a purchase can meet a per-round condition ("if you bought a colony this round").
  markRoundConds(st, s, ROUND_BUY);
}
function placeTaken(st: NatState, s: number, c: ProgressCard, paid: number, log: EventSink): void {
  const p = st.players[s]!;
  p.bought.push(c.id);
  const u = newUid(st, c.id);
  // After the card is placed or resolved: purchase triggers (NAT-BUY-7).
  st.stack.push({ t: 'fire', on: 'buyCard', s, data: { id: c.id, type: c.type, paid, u } });
  switch (c.type) {
    case 'advisor': {
      const cap = advisorCap(st, s);
      const ins: Inst = { id: c.id, u, w: 0 };
      if (c.onAcquire) pushEffects(st, s, c.onAcquire, { src: c.id, u });
      if (p.advisors.length >= cap) {
        if (p.advisors.length === 1 || cap <= 1) {
          for (const old of p.advisors) removeInst(st, s, old.u, 'covered', log);
          p.advisors.push(ins);
        } else {
          p.advisors.push(ins);
          ask(
            st,
            s,
            'advisorOut',
            p.advisors.filter((x) => x.u !== u).map((x) => ({ type: 'choose', remove: x.u })),
            { u },
          );
        }
      } else p.advisors.push(ins);
      return;
    }
    case 'building':
    case 'military': {
      if (c.onAcquire) pushEffects(st, s, c.onAcquire, { src: c.id, u });
      ask(st, s, 'place', placeOptions(st, s, c), { id: c.id, u });
      return;
    }
    case 'colony': {
      p.colonies.push({ id: c.id, u, w: 0 });
      if (c.onAcquire) pushEffects(st, s, c.onAcquire, { src: c.id, u });
      if (p.colonies.length > colonyCap(st, s))
        ask(
          st,
          s,
          'colonyOut',
          p.colonies.filter((x) => x.u !== u).map((x) => ({ type: 'choose', remove: x.u })),
          { u },
        );
      return;
    }
    case 'wonder': {
      if (p.wip) {
        st.removed.push(p.wip.id); // NAT-WON-2: architects to the supply, stone lost
        if (log)
          emit(log, 'nat.ev.wonderLost', { seat: s, card: p.wip.id, architects: p.wip.built }, ['NAT-WON-2']);
      }
      p.wip = { id: c.id, u, built: 0 };
      return;
    }
    case 'war': {
      st.war = { id: c.id, marker: strength(st, s), buyer: s }; // NAT-WAR-2
      st.warBought = true;
      if (log)
        emit(log, 'nat.ev.war', { seat: s, card: c.id, marker: st.war.marker }, ['NAT-WAR-1', 'NAT-WAR-2']);
      return;
    }
    case 'battle': {
      const r = raid(st, s)!;
      st.removed.push(c.id);
      ask(
        st,
        s,
        'battle',
        c.battle!.choices.map((res) => ({ type: 'choose', res })),
        { id: c.id, r },
      );
      return;
    }
    case 'goldenAge': {
      st.removed.push(c.id);
      askGolden(st, s, c);
      return;
    }
  }
}

function placeOptions(st: NatState, s: number, c: ProgressCard): Choose[] {
  const p = st.players[s]!;
  const opts: Choose[] = [];
  // NAT-MIL-2: a fourth military card must cover a military card.
  const mustCoverMil = c.type === 'military' && militaryCount(p) >= board(p).slots.maxMilitary;
  for (let i = 0; i < p.row.length; i++) {
    const r = p.row[i];
    if (mustCoverMil && (!r || card(r.id).type !== 'military')) continue;
    opts.push({ type: 'choose', slot: i });
  }
  return opts;
}

function askGolden(st: NatState, s: number, c: ProgressCard): void {
  const p = st.players[s]!;
  const g = c.goldenAge!;
  const bonus = modSum(st, s, MK.goldenAgeBonus);
  const opts: Choose[] = [];
  const types = RES4.filter((r) => (g.gain[r] ?? 0) > 0);
  if (types.length > 0) for (const r of types) opts.push({ type: 'choose', res: r });
  // NAT-MODEL-14: a hooked promo (Antikythera, Power Grid) has its hook in place of the resource option; an
  // Antikythera with no next-age deck to reveal from is not offered (public: the deck sizes).
  if (c.hook === 'powerGrid' || (c.hook === 'antikythera' && (st.decks[age(st)]?.length ?? 0) > 0))
    opts.push({ type: 'choose', hook: c.hook });
  const cost = Math.max(0, g.vpPrice - bonus);
  for (const bag of payMixes(p, cost)) opts.push({ type: 'choose', pay: bag });
  if (opts.length === 0) opts.push({ type: 'choose', res: 'none' });
  ask(st, s, 'golden', opts, { id: c.id, bonus, cost });
}

/**
 * The promo golden ages' hooks (NAT-MODEL-13/14), in place of the resource option.
 * antikythera: reveal the next age's deck from the top until the first golden age, wonder or building (of a type
 * the nation may buy) and take it as bought for 0 gold (like Galileo, NAT-NOTE-30); the other revealed cards are
 * shown to all (NAT-HIDDEN-3) and shuffled back into that deck with the game generator; nothing of them stays in
 * the state. powerGrid: refill the empty board spaces from the current age's deck as in maintenance
 * (NAT-MAINT-5, NAT-MAINT-9), then +2 gold.
 */
function goldenHook(st: NatState, s: number, hook: string, log: EventSink): void {
  if (hook === 'antikythera') {
    const deck = st.decks[age(st)];
    if (!deck) return;
    const sm = seatMods(st, s);
    const shown: string[] = [];
    let got: ProgressCard | null = null;
    while (deck.length > 0) {
      const c = card(deck.pop()!);
      if (
        (c.type === 'goldenAge' || c.type === 'wonder' || c.type === 'building') &&
        !cannotBuy(st, s, c.type, sm)
      ) {
        got = c;
        break;
      }
      shown.push(c.id);
    }
    if (shown.length > 0) {
      deck.push(...shown);
      shuffle(st.rng, deck);
    }
    if (log)
      emit(log, 'nat.ev.antikythera', { seat: s, card: got?.id ?? null, cards: shown }, [
        'NAT-MODEL-13',
        'NAT-MODEL-14',
        'NAT-HIDDEN-3',
      ]);
    if (got) takeCard(st, s, got, 0, log);
    return;
  }
  if (hook === 'powerGrid') {
    const deck = st.decks[age(st) - 1]!;
    let n = 0;
    for (let i = 0; i < st.board.length; i++)
      if (!st.board[i] && deck.length > 0) {
        const id = deck.pop()!;
        st.board[i] = { id, a: card(id).architectsOnBoard ?? 0 };
        n++;
      }
    gain(st, s, { gold: 2 });
    if (log)
      emit(log, 'nat.ev.powerGrid', { seat: s, n, left: deck.length }, [
        'NAT-MODEL-13',
        'NAT-MODEL-14',
        'NAT-MAINT-5',
      ]);
  }
}

/** Every way to pay `n` resources in any mix from what the player holds (NAT-GA-1 b). */
export function payMixes(p: Player, n: number): Bag[] {
  const out: Bag[] = [];
  const h = p.res;
  if (h.gold + h.stone + h.food + h.books < n) return out;
  for (let g = Math.min(n, h.gold); g >= 0; g--)
    for (let s = Math.min(n - g, h.stone); s >= 0; s--)
      for (let f = Math.min(n - g - s, h.food); f >= 0; f--) {
        const b = n - g - s - f;
        if (b <= h.books) out.push(bagOf(g, s, f, b));
      }
  return out;
}
function bagOf(g: number, s: number, f: number, b: number): Bag {
  const o: Bag = {};
  if (g) o.gold = g;
  if (s) o.stone = s;
  if (f) o.food = f;
  if (b) o.books = b;
  return o;
}

// ================================================================ deploy and hire

export function deploy(
  st: NatState,
  s: number,
  from: number,
  to: number,
  free: boolean,
  log: EventSink,
): void {
  const p = st.players[s]!;
  const target = p.row[to]!;
  const c = card(target.id);
  if (from === -1) p.idle--;
  else {
    // NAT-DEPLOY-5: undeploy first; the state between is real (NAT-REM-2).
    p.row[from]!.w--;
    p.idle++;
    checkRemovals(st, log);
    p.idle--;
  }
  if (!free) {
    const cost = deployCost(st, s, c);
    const bag: Bag = {};
    if (cost.stone) bag.stone = cost.stone;
    for (const [r, n] of cost.other) bag[r] = n;
    voluntaryPay(st, s, bag, log);
  }
  target.w++;
  if (log)
    emit(log, 'nat.ev.deploy', { seat: s, card: c.id, from, to, free }, [
      'NAT-DEPLOY-1',
      'NAT-DEPLOY-3',
      'NAT-DEPLOY-4',
    ]);
}

export function hire(st: NatState, s: number, priv: boolean, free: boolean, log: EventSink): void {
  const p = st.players[s]!;
  const w = p.wip!;
  const c = card(w.id);
  if (!free) {
    if (priv) p.priv--;
    else st.pool--;
    const cost = architectCost(st, s, c.stages![w.built]!);
    if (cost > 0) voluntaryPay(st, s, { stone: cost }, log);
  }
  w.built++;
  emit(
    log,
    'nat.ev.hire',
    { seat: s, card: w.id, stage: w.built, private: priv, free },
    free ? ['NAT-ARCH-6'] : ['NAT-ARCH-1', 'NAT-ARCH-2'],
  );
  if (w.built >= c.stages!.length) {
    // NAT-WON-5: (a) architects back, (b) triggers, (c) cover/placement, (d) effects.
    p.wip = null;
    st.stack.push({ t: 'complete', s, id: w.id, u: w.u });
    st.stack.push({ t: 'fire', on: 'wonderCompleted', s, data: { id: w.id } });
  }
  st.stack.push({ t: 'fire', on: 'hireArchitect', s, data: {} });
}

// ================================================================ payments

/** A voluntary payment (NAT-RES-2), already known to be affordable; Mansa Musa (NAT-NOTE-6). */
function voluntaryPay(st: NatState, s: number, bag: Bag, log: EventSink): void {
  const p = st.players[s]!;
  const before = p.res.gold;
  addBag(p.res, bag, -1);
  if (before > 0 && p.res.gold === 0 && (bag.gold ?? 0) > 0) fireTriggers(st, 'goldReachedZero', s, {});
  void log;
}

function gain(st: NatState, s: number, bag: Bag): void {
  addBag(st.players[s]!.res, bag, 1);
}

/** res[r] by name: a keyed read whose key varies is served through V8's megamorphic cache. */
function resOf(res: Record<Res, number>, r: Res): number {
  switch (r) {
    case 'gold':
      return res.gold;
    case 'stone':
      return res.stone;
    case 'food':
      return res.food;
    default:
      return res.books;
  }
}
/** res[r] += n by name (see `resOf`). */
function addRes(res: Record<Res, number>, r: Res, n: number): void {
  switch (r) {
    case 'gold':
      res.gold += n;
      return;
    case 'stone':
      res.stone += n;
      return;
    case 'food':
      res.food += n;
      return;
    default:
      res.books += n;
  }
}

/**
 * res += sign × bag, field by field: named reads and writes (a loop over the resource names makes every
 * access a keyed one, which V8 serves through its megamorphic cache).
 */
function addBag(res: Record<Res, number>, bag: Bag, sign: 1 | -1): void {
  const g = bag.gold;
  const st = bag.stone;
  const f = bag.food;
  const b = bag.books;
  if (g) res.gold += sign * g;
  if (st) res.stone += sign * st;
  if (f) res.food += sign * f;
  if (b) res.books += sign * b;
}

function changeVp(st: NatState, s: number, n: number): void {
  const p = st.players[s]!;
  p.vp += n;
  if (p.vp < 0 && !st.solo) p.vp = 0; // NAT-RES-4, NAT-SOLO-17
}

/** One forced payment of one resource (NAT-SHORT). Returns false when it waits for a substitution choice. */
function forcedPayOne(st: NatState, s: number, r: Res, n: number, log: EventSink): void {
  const p = st.players[s]!;
  if (n <= 0) return;
  const h = resOf(p.res, r);
  if (h >= n) {
    addRes(p.res, r, -n);
    return;
  }
  p.res[r] = 0;
  const m = n - h;
  shortageVp(st, s, r, log);
  if (log) emit(log, 'nat.ev.shortage', { seat: s, res: r, missing: m }, ['NAT-SHORT-1', 'NAT-SHORT-2']);
  if (r !== 'books') {
    // NAT-SHORT-4: m books replace the missing units.
    forcedPayOne(st, s, 'books', m, log);
    return;
  }
  // NAT-SHORT-5: lose m held gold/stone/food of the player's choice.
  const held = p.res.gold + p.res.stone + p.res.food;
  if (held <= m) {
    p.res.gold = 0;
    p.res.stone = 0;
    p.res.food = 0;
    return;
  }
  const kinds = (['gold', 'stone', 'food'] as Res[]).filter((x) => p.res[x] > 0);
  if (kinds.length === 1) {
    p.res[kinds[0]!] -= m;
    return;
  }
  const opts: Choose[] = [];
  for (let g = Math.min(m, p.res.gold); g >= 0; g--)
    for (let so = Math.min(m - g, p.res.stone); so >= 0; so--) {
      const f = m - g - so;
      if (f <= p.res.food) opts.push({ type: 'choose', lose: bagOf(g, so, f, 0) });
    }
  ask(st, s, 'subst', opts, { m });
}

function shortageVp(st: NatState, s: number, r: Res, log: EventSink): void {
  const p = st.players[s]!;
  if (p.short & RES_BIT[r]) return;
  p.short |= RES_BIT[r];
  if (hasMod(st, s, MK.noShortageVp)) {
    if (log) emit(log, 'nat.ev.noShortageVp', { seat: s }, ['NAT-NOTE-32']);
    return;
  }
  changeVp(st, s, -1);
}

// ================================================================ removal

/** NAT-REM-1..4: remove every card whose removal condition holds, to a fixpoint. */
export function checkRemovals(st: NatState, log: EventSink): void {
  if (!anyRemovable(st)) return;
  for (let round = 0; round < 20; round++) {
    const hits = frozen(st, removalHits);
    if (hits.length === 0) return;
    for (const [s, u] of hits) {
      const id = cardIdOf(st.players[s]!, u);
      removeInst(st, s, u, 'condition', log);
      if (log) emit(log, 'nat.ev.removed', { seat: s, card: id }, ['NAT-REM-1', 'NAT-REM-3']);
    }
  }
}

/** The cards whose removal condition holds now, in player order and slot order (NAT-REM-3): [seat, instance]. */
function removalHits(st: NatState): Array<[number, number]> {
  const hits: Array<[number, number]> = [];
  for (const s of st.order) {
    const p = st.players[s]!;
    removalHitsIn(st, s, p.advisors, hits);
    removalHitsIn(st, s, p.row, hits);
    removalHitsIn(st, s, p.colonies, hits);
    removalHitsIn(st, s, p.wonders, hits);
  }
  return hits;
}
function removalHitsIn(
  st: NatState,
  s: number,
  list: ReadonlyArray<Inst | null>,
  hits: Array<[number, number]>,
): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    // Only instances flagged at creation can carry a removal condition.
    if (!x || (x.u & REM_FLAG) === 0) continue;
    const rw = instCard(x).removeWhen;
    if (rw && cond(st, s, rw)) hits.push([s, x.u]);
  }
}

/**
 * Whether a card with a removal condition may be in play (a cheap pre-check): `st.rem` counts the instances
 * created with REM_FLAG minus those removed; it can only over-count (a wonder abandoned under construction),
 * which costs a useless check, never a missed removal.
 */
function anyRemovable(st: NatState): boolean {
  return st.rem > 0;
}
for (const c of [
  ...PROGRESS_CARDS,
  ...PROMO_PROGRESS_CARDS,
  ...NATIONS.flatMap((b) => b.printed.map((x) => x.card)),
])
  if (c.removeWhen) REMOVABLE.add(c.id);

/** Removes a card instance from a player's board; workers on it become idle (NAT-REM-4, NAT-BLD-3). */
export function removeInst(st: NatState, s: number, u: number, why: string, log: EventSink): void {
  const p = st.players[s]!;
  const gone = (id: string) => {
    if (!id.startsWith('s-')) st.removed.push(id);
  };
  void why;
  void log;
  if (u & REM_FLAG) st.rem--;
  let i = p.advisors.findIndex((x) => x.u === u);
  if (i >= 0) {
    gone(p.advisors[i]!.id);
    p.advisors.splice(i, 1);
    return;
  }
  i = p.row.findIndex((x) => x?.u === u);
  if (i >= 0) {
    const r = p.row[i]!;
    p.idle += r.w;
    gone(r.id);
    p.row[i] = null;
    return;
  }
  i = p.colonies.findIndex((x) => x.u === u);
  if (i >= 0) {
    gone(p.colonies[i]!.id);
    p.colonies.splice(i, 1);
    return;
  }
  i = p.wonders.findIndex((x) => x.u === u);
  if (i >= 0) {
    gone(p.wonders[i]!.id);
    p.wonders.splice(i, 1);
  }
}

// ================================================================ triggers

/** Fires `on` triggers of seat s's cards (NAT-MODEL-7): pushed so they run in slot order. */
function fireTriggers(st: NatState, on: string, s: number, data: Record<string, unknown>): void {
  const hits: TriggerHit[] = [];
  // No card of this game ever reacted to this event: only the nation boards can.
  const cards = ((st.tk ?? -1) & fireBit(on)) !== 0;
  const all = on === 'buyCard';
  for (let i = 0; i < (all ? st.order.length : 1); i++) {
    const o = all ? st.order[i]! : s;
    const p = st.players[o]!;
    if (BOARD_TRIGGERS) {
      const b = board(p);
      if (b.triggers) triggerHits(st, on, o, s, data, -1, b, hits);
    }
    if (!cards) continue;
    for (const x of p.advisors) if (x.u & TRIG_FLAG) triggerHits(st, on, o, s, data, x.u, instCard(x), hits);
    for (const x of p.row)
      if (x && x.w > 0 && x.u & TRIG_FLAG) triggerHits(st, on, o, s, data, x.u, instCard(x), hits);
    for (const x of p.colonies) if (x.u & TRIG_FLAG) triggerHits(st, on, o, s, data, x.u, instCard(x), hits);
    for (const x of p.wonders) if (x.u & TRIG_FLAG) triggerHits(st, on, o, s, data, x.u, instCard(x), hits);
  }
  for (let k = hits.length - 1; k >= 0; k--) {
    const [o, effs, src, u] = hits[k]!;
    pushEffects(st, o, effs, { src, u, bought: all ? (data.u as number) : undefined });
  }
}

/** A trigger that fires: owner seat, effects, source name, instance. */
type TriggerHit = [number, Effect[], string, number];
/** Adds the triggers of source c (instance u, owned by seat o) that react to event `on` of seat s. */
function triggerHits(
  st: NatState,
  on: string,
  o: number,
  s: number,
  data: Record<string, unknown>,
  u: number,
  c: { triggers?: ProgressCard['triggers']; id?: string; nation?: string },
  hits: TriggerHit[],
): void {
  if (!c.triggers) return;
  const p = st.players[o]!;
  for (const tr of c.triggers) {
    if (tr.on !== on) continue;
    if (!filterOk(st, o, s, tr.filter, data)) continue;
    if (tr.if && !cond(st, o, tr.if)) continue;
    if (tr.perRound) {
      if (p.used.includes(u)) continue;
      markUsed(p, u);
    } else if (roundTrigger(tr)) markUsed(p, u); // NAT-REM-6 (Forbidden Palace: its owner passed first)
    hits.push([o, tr.effects, (c as { id?: string }).id ?? p.nation, u]);
  }
}

function filterOk(
  st: NatState,
  owner: number,
  actor: number,
  f: Record<string, unknown> | undefined,
  data: Record<string, unknown>,
): boolean {
  if (!f) return true;
  if (f.by !== undefined) {
    if (f.by === 'self' && owner !== actor) return false;
    if (f.by === 'other' && owner === actor) return false;
  } else if (owner !== actor) return false;
  if (f.type !== undefined && f.type !== data.type) return false;
  if (f.pricePaid !== undefined && f.pricePaid !== data.paid) return false;
  if (f.first !== undefined && f.first !== passedAs(st, owner, 'first')) return false;
  if (f.coveredType !== undefined && f.coveredType !== data.coveredType) return false;
  if (f.newType !== undefined && f.newType !== data.newType) return false;
  if (f.laterAge !== undefined && f.laterAge !== data.laterAge) return false;
  // wonderCompleted {other: true}: another wonder than the card itself (the new one is not yet in play).
  return true;
}

// ================================================================ effects

function pushEffects(st: NatState, s: number, list: Effect[], ctx: Ctx, pre?: Record<number, Answer>): void {
  if (list.length === 0) return;
  const t: Task = { t: 'effs', s, list, i: 0, ctx };
  if (pre) t.pre = pre;
  st.stack.push(t);
}

function runTask(st: NatState, t: Task, log: EventSink): void {
  switch (t.t) {
    case 'effs': {
      if (t.i >= t.list.length) {
        st.stack.pop();
        wealthStep = true; // nothing changed
        return;
      }
      const j = t.i++;
      wealthStep = false; // execEffect sets it for the effects that change only resources or VP
      execEffect(st, t.s, t.list[j]!, t.ctx, t.pre?.[j], log);
      return;
    }
    case 'pay': {
      if (t.i >= t.items.length) {
        st.stack.pop();
        return;
      }
      const [r, n] = t.items[t.i++]!;
      forcedPayOne(st, t.s, r, n, log);
      return;
    }
    case 'fire':
      st.stack.pop();
      fireTriggers(st, t.on, t.s, t.data);
      return;
    case 'roll':
      st.stack.pop();
      if (!st.players[0]!.passed) soloRoll(st, log);
      return;
    case 'complete':
      completeWonder(st, t, log);
      return;
    case 'multi':
      runMulti(st, t, log);
      return;
    case 'prod':
      runProduction(st, t, log);
      return;
    case 'war':
      runWar(st, t, log);
      return;
    case 'eventHalf':
      runEventHalf(st, t, log);
      return;
    case 'moves':
      st.stack.pop();
      applyMoves(st, t, log);
      return;
    default:
      st.stack.pop();
  }
}

function completeWonder(st: NatState, t: Extract<Task, { t: 'complete' }>, log: EventSink): void {
  st.stack.pop();
  // A wonder put under construction by hand (scenarios) gets its capability flags and pre-check counts here.
  const added = flagsOf(t.id) & ~t.u;
  if (added) {
    t.u |= added;
    if (added & REM_FLAG) st.rem++;
    if (added & MOD_FLAG && st.mk !== undefined) st.mk |= kindsOf(t.id);
    if (added & MOD_FLAG && st.mo !== undefined) st.mo |= othersKindsOf(t.id);
    if (added & TRIG_FLAG && st.tk !== undefined) st.tk |= firesOf(t.id);
  }
  const s = t.s;
  const p = st.players[s]!;
  const c = card(t.id);
  if (log) emit(log, 'nat.ev.wonder', { seat: s, card: t.id }, ['NAT-WON-5']);
  if (c.onAcquire) pushEffects(st, s, c.onAcquire, { src: c.id, u: t.u });
  const full = p.wonders.length >= wonderCap(st, s);
  const opts: Choose[] = [];
  if (!full) opts.push({ type: 'choose', cover: null });
  for (const w of p.wonders) opts.push({ type: 'choose', cover: w.u });
  if (p.wonders.length === 0) {
    p.wonders.push({ id: t.id, u: t.u, w: 0 });
    return;
  }
  ask(st, s, 'cover', opts, { id: t.id, u: t.u });
}

/** A decision-making effect that is asked before anyone's effects in multi-target resolution (NAT-EVENT-5). */
function isPreDecision(e: Effect): boolean {
  return (
    'offer' in e ||
    'choice' in e ||
    ('hireArchitectFree' in e && (e.optional || e.upTo)) ||
    ('deployFree' in e && !!e.optional) ||
    'optionalUndeploy' in e
  );
}

function execEffect(
  st: NatState,
  s: number,
  e: Effect,
  ctx: Ctx,
  pre: Answer | undefined,
  log: EventSink,
): void {
  const p = st.players[s]!;
  if ('gain' in e) {
    wealthStep = true;
    gain(st, s, e.gain);
    if (log) emit(log, 'nat.ev.gain', { seat: s, bag: e.gain, src: ctx.src }, []);
    return;
  }
  if ('gainChoice' in e) {
    ask(
      st,
      s,
      'gainChoice',
      e.gainChoice.map((r) => ({ type: 'choose', res: r })),
      { n: e.n, src: ctx.src },
    );
    return;
  }
  if ('pay' in e) {
    wealthStep = true;
    const items: Array<[Res, number]> = [];
    for (const r of PAY_ORDER) if (e.pay[r]) items.push([r, e.pay[r]!]);
    st.stack.push({ t: 'pay', s, items, i: 0 });
    if (log) emit(log, 'nat.ev.pay', { seat: s, bag: e.pay, src: ctx.src }, ['NAT-RES-3']);
    return;
  }
  if ('payDownTo' in e) {
    wealthStep = true;
    for (const r of RES4) {
      const lim = e.payDownTo[r];
      if (lim !== undefined && p.res[r] > lim) p.res[r] = lim;
    }
    if (log) emit(log, 'nat.ev.payDownTo', { seat: s, bag: e.payDownTo, src: ctx.src }, ['NAT-MODEL-10']);
    return;
  }
  if ('vp' in e) {
    wealthStep = true;
    changeVp(st, s, e.vp);
    if (log) emit(log, 'nat.ev.vp', { seat: s, n: e.vp, src: ctx.src }, ['NAT-RES-4']);
    return;
  }
  if ('gainWorker' in e) {
    for (let k = e.gainWorker - 1; k >= 0; k--)
      st.stack.push({ t: 'effs', s, list: [{ gainWorker: -1 } as Effect], i: 0, ctx });
    if (e.gainWorker === -1) {
      // one worker (internal form)
      if (!canTakeWorker(p)) return; // NAT-POP-8
      const sides = takeSides(p);
      if (sides.length <= 1) {
        takeWorker(p, sides[0]);
        if (log) emit(log, 'nat.ev.gainWorker', { seat: s, src: ctx.src }, ['NAT-POP-5']);
      } else
        ask(
          st,
          s,
          'gainSide',
          sides.map((side) => ({ type: 'choose', side })),
        );
    }
    return;
  }
  if ('loseWorker' in e) {
    for (let k = 0; k < e.loseWorker; k++) {
      if (workers(p) === 0) return; // NAT-POP-8
      st.stack.push({ t: 'effs', s, list: [{ loseWorker: -1 } as Effect], i: 0, ctx });
    }
    if (e.loseWorker === -1) askLoseWorker(st, s);
    return;
  }
  if ('hireArchitectFree' in e) {
    const n = pre?.n ?? (e.optional || e.upTo ? undefined : e.hireArchitectFree);
    if (n === undefined) {
      askFreeArch(st, s, e.hireArchitectFree, !!e.upTo, ctx);
      return;
    }
    placeFreeArchitects(st, s, n, log);
    return;
  }
  if ('removeArchitectFromWonder' in e) {
    if (p.wip && p.wip.built > 0) p.wip.built = Math.max(0, p.wip.built - e.removeArchitectFromWonder);
    if (log) emit(log, 'nat.ev.architectRemoved', { seat: s }, ['NAT-NOTE-19']);
    return;
  }
  if ('privateArchitects' in e) {
    p.priv += e.privateArchitects;
    return;
  }
  if ('extraActions' in e) {
    if (st.turn && st.turn.s === s) st.turn.left += e.extraActions;
    return;
  }
  if ('deployFree' in e) {
    const onto = e.onto === 'boughtCard' ? 'bought' : e.onto;
    if (pre?.picks) {
      for (const [from, to] of pre.picks)
        if (!deployError(st, s, from!, to!, true, ontoTypes(onto))) deploy(st, s, from!, to!, true, log);
      return;
    }
    askDeployFree(st, s, e.deployFree, onto, !!e.optional, ctx, null);
    return;
  }
  if ('optionalUndeploy' in e) {
    if (pre?.picks) {
      let n = 0;
      for (const [slot] of pre.picks) {
        const r = p.row[slot!];
        if (r && r.w > 0 && card(r.id).type === e.optionalUndeploy.from) {
          r.w--;
          p.idle++;
          n++;
        }
      }
      const bag: Bag = {};
      for (const r of RES4) if (e.rewardPerWorker[r]) bag[r] = e.rewardPerWorker[r]! * n;
      gain(st, s, bag);
      if (log) emit(log, 'nat.ev.undeployReward', { seat: s, n, bag, src: ctx.src }, ['NAT-EVENT-14']);
      return;
    }
    // Outside multi-target resolution: decide now.
    askUndeployFor(st, s, e, [], ctx, null);
    return;
  }
  if ('takeCardFree' in e) {
    const opts = takeFreeOptions(st, s, e.takeCardFree.types);
    if (opts.length) ask(st, s, 'takeFree', opts, { src: ctx.src });
    return;
  }
  if ('swapBoardCards' in e) {
    const pos: number[] = [];
    st.board.forEach((b, i) => b && pos.push(i));
    const opts: Choose[] = [];
    for (let a = 0; a < pos.length; a++)
      for (let b = a + 1; b < pos.length; b++) opts.push({ type: 'choose', swap: [pos[a]!, pos[b]!] });
    if (opts.length) ask(st, s, 'swap', opts);
    return;
  }
  if ('skipTurn' in e) {
    // NAT-NOTE-29: a skipped turn is not a pass.
    if (log) emit(log, 'nat.ev.skip', { seat: s }, ['NAT-NOTE-29']);
    if (st.turn && st.turn.s === s) endTurn(st);
    return;
  }
  if ('moveInOrder' in e) {
    const mv = nearestMoves(st);
    if (mv) (e.moveInOrder === 'first' ? mv.first : mv.last).push(s);
    return;
  }
  if ('lockPlayerOrder' in e) {
    if (!st.orderLocked) {
      st.orderLocked = true;
      st.order = [...st.actionOrder];
      if (log) emit(log, 'nat.ev.orderLocked', {}, ['NAT-EVENT-16']);
    }
    return;
  }
  if ('removeCard' in e) {
    const list =
      e.removeCard.type === 'advisor' ? p.advisors : e.removeCard.type === 'colony' ? p.colonies : [];
    if (list.length === 0) {
      if (e.elseEffects) pushEffects(st, s, e.elseEffects, ctx);
      return;
    }
    if (e.removeCard.which === 'all') {
      for (const x of [...list]) removeInst(st, s, x.u, 'effect', log);
      if (log) emit(log, 'nat.ev.removeAll', { seat: s, type: e.removeCard.type }, ['NAT-NOTE-10']);
      return;
    }
    ask(
      st,
      s,
      'removeCard',
      list.map((x) => ({ type: 'choose', remove: x.u })),
    );
    return;
  }
  if ('restoreWarLosses' in e) {
    const w = p.warLost;
    if (!w) return;
    if (e.restoreWarLosses === 'all') gain(st, s, w.res);
    changeVp(st, s, w.vp);
    if (log)
      emit(log, 'nat.ev.restore', { seat: s, what: e.restoreWarLosses }, ['NAT-NOTE-33', 'NAT-WARRES-8']);
    return;
  }
  if ('modifier' in e) {
    st.mods.push({ seat: s, body: e.modifier, until: e.until });
    // NAT-REM-6: a card whose effect lasts the round (Versailles completed, Tesla rolled) carries a used marker.
    if (e.until === 'endOfRound' && ctx.u !== undefined) markInstance(st, s, ctx.u);
    if (log)
      emit(log, 'nat.ev.modifier', { seat: s, mod: e.modifier, until: e.until, src: ctx.src }, [
        'NAT-EVENT-10',
      ]);
    return;
  }
  if ('choice' in e) {
    if (pre?.branch !== undefined) {
      pushEffects(st, s, e.choice[pre.branch]!, ctx);
      return;
    }
    const br = usefulBranches(st, s, e.choice);
    ask(
      st,
      s,
      'choice',
      br.map((b) => ({ type: 'choose', branch: b })),
      { branches: e.choice, ctx },
    );
    return;
  }
  if ('offer' in e) {
    if (pre?.accept !== undefined) {
      const ok = pre.accept && offerAffordable(st, s, e.offer);
      offerOutcome(st, s, e.offer, ok, ctx, log);
      return;
    }
    if (!offerAffordable(st, s, e.offer)) {
      offerOutcome(st, s, e.offer, false, ctx, log);
      return;
    }
    ask(
      st,
      s,
      'offer',
      [
        { type: 'choose', accept: true },
        { type: 'choose', accept: false },
      ],
      { offer: e.offer, ctx },
    );
    return;
  }
  if ('if' in e) {
    if (cond(st, s, e.if)) pushEffects(st, s, e.then, ctx);
    else if (e.else) pushEffects(st, s, e.else, ctx);
    return;
  }
  if ('repeat' in e) {
    const k = 'die' in e.repeat ? 1 + randInt(st.rng, 6) : counter(st, s, e.repeat);
    for (let i = 0; i < k; i++) pushEffects(st, s, e.effects, ctx);
    return;
  }
  if ('forEach' in e) {
    const seats = targets(st, e.forEach, ctx);
    startMulti(st, seats, e.effects, ctx, 'reversePlayer');
    return;
  }
  if ('hook' in e) {
    if (log) emit(log, 'nat.ev.hook', { seat: s, hook: e.hook }, ['NAT-MODEL-13']);
    if (e.hook === 'mechanicalTurk') {
      // NAT-MODEL-14: the owner chooses the less stable nation that receives the card.
      const opts: Choose[] = turkReceivers(st, s).map((o) => ({ type: 'choose', give: o }));
      if (opts.length) ask(st, s, 'turk', opts, { u: ctx.u });
    }
    return;
  }
}

/**
 * Mechanical Turk (NAT-MODEL-14): the nations that may receive it from seat s: strictly less stable, with room
 * in their completed-wonders area (a given wonder covers nothing), in player order.
 */
export function turkReceivers(st: NatState, s: number): number[] {
  const mine = stability(st, s);
  return st.order.filter(
    (o) => o !== s && stability(st, o) < mine && st.players[o]!.wonders.length < wonderCap(st, o),
  );
}

function ontoTypes(onto: unknown): CardType[] | null {
  if (!onto || onto === 'bought') return null;
  const f = onto as { type?: CardType | CardType[] };
  if (!f.type) return null;
  return Array.isArray(f.type) ? f.type : [f.type];
}

/** NAT-RES-7: branches that would change nothing are unavailable while another would. */
function usefulBranches(st: NatState, s: number, branches: Effect[][]): number[] {
  const p = st.players[s]!;
  const useful = branches.map((b) =>
    b.some((e) => {
      if ('removeArchitectFromWonder' in e) return !!p.wip && p.wip.built > 0;
      if ('removeCard' in e) return (e.removeCard.type === 'advisor' ? p.advisors : p.colonies).length > 0;
      return true;
    }),
  );
  const out: number[] = [];
  useful.forEach((u, i) => u && out.push(i));
  return out.length ? out : branches.map((_, i) => i);
}

function offerAffordable(
  st: NatState,
  s: number,
  o: { cost?: Bag; then: Effect[]; allOrNothing?: boolean },
): boolean {
  const p = st.players[s]!;
  if (o.cost && !affordable(p, o.cost)) return false;
  if (o.allOrNothing) {
    // NAT-NOTE-17: every worker of the offer must be available.
    let need = 0;
    for (const e of o.then) if ('gainWorker' in e) need += e.gainWorker;
    if (need > p.overflow + p.foodFilled + p.stabFilled) return false;
  }
  return true;
}

function offerOutcome(
  st: NatState,
  s: number,
  o: { cost?: Bag; then: Effect[]; otherwise?: Effect[] },
  accepted: boolean,
  ctx: Ctx,
  log: EventSink,
): void {
  if (log) emit(log, 'nat.ev.offer', { seat: s, accepted, src: ctx.src }, ['NAT-RES-6']);
  if (accepted) {
    if (o.cost) voluntaryPay(st, s, o.cost, log);
    pushEffects(st, s, o.then, ctx);
  } else if (o.otherwise) pushEffects(st, s, o.otherwise, ctx);
}

function askLoseWorker(st: NatState, s: number): void {
  const p = st.players[s]!;
  const sides: Array<Side | 'overflow'> = [];
  if (p.foodFilled < p.foodCap) sides.push('food');
  if (p.stabFilled < p.stabCap) sides.push('stability');
  if (sides.length === 0) sides.push('overflow');
  const froms: number[] = [];
  if (p.idle > 0) froms.push(-1);
  p.row.forEach((r, i) => r && r.w > 0 && froms.push(i));
  const opts: Choose[] = [];
  for (const from of froms) for (const side of sides) opts.push({ type: 'choose', from, side });
  if (opts.length) ask(st, s, 'loseWorker', opts);
}

function askFreeArch(
  st: NatState,
  s: number,
  max: number,
  upTo: boolean,
  ctx: Ctx,
  pre?: { task: Task; j: number },
): void {
  const p = st.players[s]!;
  const left = p.wip ? card(p.wip.id).stages!.length - p.wip.built : 0;
  const opts: Choose[] = [{ type: 'choose', n: 0 }];
  if (left > 0) {
    if (upTo) for (let k = 1; k <= max; k++) opts.push({ type: 'choose', n: k });
    else opts.push({ type: 'choose', n: max });
  }
  ask(st, s, 'freeArch', opts, { ctx, ...(pre ? { pre: pre.j } : {}) });
}

/** NAT-ARCH-6 / NAT-NOTE-16: free architects from the supply, one stage each; extras are lost. */
function placeFreeArchitects(st: NatState, s: number, n: number, log: EventSink): void {
  const p = st.players[s]!;
  if (!p.wip || n <= 0) return;
  const stages = card(p.wip.id).stages!.length;
  const k = Math.min(n, stages - p.wip.built);
  // Each placement is a hire for triggers; completion ends the placement.
  for (let i = 0; i < k; i++) {
    if (!p.wip) return;
    hire(st, s, false, true, log);
  }
}

function deployFreeOptions(
  st: NatState,
  s: number,
  onto: unknown,
  boughtU?: number,
  picks: number[][] = [],
): Choose[] {
  const p = st.players[s]!;
  const opts: Choose[] = [];
  const types = ontoTypes(onto);
  const froms: number[] = [];
  // Moves already decided but applied later (NAT-EVENT-14) use up their workers.
  const net = (i: number) => picks.reduce((n, [f, t]) => n - (f === i ? 1 : 0) + (t === i ? 1 : 0), 0);
  if (p.idle + net(-1) > 0) froms.push(-1);
  p.row.forEach((r, i) => r && r.w + net(i) > 0 && froms.push(i));
  const bought = onto === 'bought';
  for (let to = 0; to < p.row.length; to++) {
    const r = p.row[to];
    if (!r) continue;
    if (bought && r.u !== boughtU) continue;
    if (types && !types.includes(card(r.id).type)) continue;
    for (const from of froms) if (from !== to) opts.push({ type: 'choose', from, to });
  }
  return opts;
}

function askDeployFree(
  st: NatState,
  s: number,
  left: number,
  onto: unknown,
  optional: boolean,
  ctx: Ctx,
  preTask: number | null,
  picks: number[][] = [],
): void {
  const opts = deployFreeOptions(st, s, onto, ctx.bought, picks);
  if (opts.length === 0 || left <= 0) {
    if (preTask !== null) storePre(st, preTask, s, { picks });
    return;
  }
  if (optional || preTask !== null) opts.push({ type: 'choose', stop: true });
  ask(st, s, 'deployFree', opts, { left, onto: onto ?? null, optional, ctx, pre: preTask, picks });
}

function askUndeployFor(
  st: NatState,
  s: number,
  e: Extract<Effect, { optionalUndeploy: unknown }>,
  picks: number[][],
  ctx: Ctx,
  preTask: number | null,
): void {
  const p = st.players[s]!;
  const count = new Map<number, number>();
  for (const [slot] of picks) count.set(slot!, (count.get(slot!) ?? 0) + 1);
  const opts: Choose[] = [];
  p.row.forEach((r, i) => {
    if (r && card(r.id).type === e.optionalUndeploy.from && r.w - (count.get(i) ?? 0) > 0)
      opts.push({ type: 'choose', slot: i });
  });
  if (opts.length === 0) {
    finishUndeployFor(st, s, e, picks, ctx, preTask);
    return;
  }
  opts.push({ type: 'choose', stop: true });
  ask(st, s, 'undeployFor', opts, { e, picks, ctx, pre: preTask });
}

function finishUndeployFor(
  st: NatState,
  s: number,
  e: Effect,
  picks: number[][],
  ctx: Ctx,
  preTask: number | null,
): void {
  if (preTask !== null) storePre(st, preTask, s, { picks });
  else pushEffects(st, s, [e], ctx, { 0: { picks } });
}

function takeFreeOptions(st: NatState, s: number, types: CardType[]): Choose[] {
  const opts: Choose[] = [];
  for (let i = 0; i < st.board.length; i++) {
    const b = st.board[i];
    if (!b) continue;
    const row = Math.floor(i / st.cols) + 1;
    const col = i % st.cols;
    if (!buyError(st, s, row, col, true, types)) opts.push({ type: 'choose', row, col });
  }
  return opts;
}

// ================================================================ targets and multi-target resolution

/** NAT-EVENT-3, NAT-EVENT-12/13, §19.1 Target. */
export function targets(st: NatState, t: Target, ctx: Ctx): number[] {
  const all = st.order;
  if (t === 'all') return [...all];
  if (t === 'self') return ctx.chooser !== undefined ? [ctx.chooser] : [];
  if ('tieBreak' in t && 'best' in t) {
    const r = rankByOrder(st, t.best);
    return r.slice(0, st.n === 5 ? 2 : 1);
  }
  if ('best' in t) return inOrder(st, cmpSet(st, t.best, 'best'));
  if ('worst' in t) return inOrder(st, cmpSet(st, t.worst, 'worst'));
  if ('passed' in t) return all.filter((s) => passedAs(st, s, t.passed));
  if ('allExcept' in t) {
    const ex = new Set<number>();
    for (const x of t.allExcept)
      for (const s of 'best' in x ? cmpSet(st, x.best, 'best') : cmpSet(st, x.worst, 'worst')) ex.add(s);
    return all.filter((s) => !ex.has(s));
  }
  if ('othersOf' in t) {
    // NAT-NOTE-24: "others of the chooser" spares the chooser's whole benefit set (5 players: the top two).
    const set =
      t.othersOf === 'chooser'
        ? ctx.chooser !== undefined
          ? (ctx.benefit ?? [ctx.chooser])
          : []
        : (ctx.benefit ?? []);
    return all.filter((s) => !set.includes(s));
  }
  if ('peersOf' in t) return (ctx.benefit ?? []).filter((s) => s !== ctx.chooser);
  if ('where' in t) return all.filter((s) => cond(st, s, t.where));
  return [];
}
function inOrder(st: NatState, seats: number[]): number[] {
  return st.order.filter((s) => seats.includes(s));
}

function startMulti(
  st: NatState,
  seats: number[],
  list: Effect[],
  ctx: Ctx,
  choiceOrder: 'reversePlayer' | 'rank' | 'reverseRank',
  rank?: number[],
): void {
  if (seats.length === 0) return;
  const needs = list.some(isPreDecision);
  let order: number[];
  if (choiceOrder === 'rank' && rank) order = rank.filter((s) => seats.includes(s));
  else if (choiceOrder === 'reverseRank' && rank) order = rank.filter((s) => seats.includes(s)).reverse();
  else order = [...seats].reverse();
  st.stack.push({
    t: 'multi',
    seats,
    list,
    ctx,
    phase: needs ? 'decide' : 'apply',
    k: 0,
    order,
    answers: {},
  });
}

function runMulti(st: NatState, t: Extract<Task, { t: 'multi' }>, log: EventSink): void {
  void log;
  if (t.phase === 'decide') {
    // Position k walks order × effects: decisions in choice order before any effect (NAT-EVENT-5).
    const per = t.list.length;
    while (t.k < t.order.length * per) {
      const s = t.order[Math.floor(t.k / per)]!;
      const j = t.k % per;
      t.k++;
      const e = t.list[j]!;
      if (!isPreDecision(e)) continue;
      if (st.players[s]!.resigned) continue;
      askPre(st, s, e, j, t);
      if (st.pending) return;
    }
    t.phase = 'apply';
    t.k = 0;
    return;
  }
  if (t.k >= t.seats.length) {
    st.stack.pop();
    return;
  }
  const s = t.seats[t.k++]!;
  pushEffects(st, s, t.list, copyCtx(t.ctx), t.answers[s]);
}

/** A copy of an effect context with the same fields (an object spread of a varying shape is V8's slow path). */
function copyCtx(c: Ctx): Ctx {
  const o: Ctx = {};
  if (c.src !== undefined) o.src = c.src;
  if (c.u !== undefined) o.u = c.u;
  if (c.chooser !== undefined) o.chooser = c.chooser;
  if (c.benefit !== undefined) o.benefit = c.benefit;
  if (c.bought !== undefined) o.bought = c.bought;
  if (c.ev !== undefined) o.ev = c.ev;
  return o;
}
/** Compile-time check that `copyCtx` copies every field of `Ctx`: add a new field there too. */
type CopiedCtxField = 'src' | 'u' | 'chooser' | 'benefit' | 'bought' | 'ev';
const ctxFieldsCovered: Exclude<keyof Ctx, CopiedCtxField> extends never ? true : never = true;
void ctxFieldsCovered;

function multiIndex(st: NatState): number {
  for (let i = st.stack.length - 1; i >= 0; i--) if (st.stack[i]!.t === 'multi') return i;
  return -1;
}

function storePre(st: NatState, ti: number, s: number, a: Answer): void {
  const t = st.stack[ti] as Extract<Task, { t: 'multi' }>;
  const per = t.list.length;
  const j = (t.k - 1) % per;
  (t.answers[s] ??= {})[j] = a;
}

function askPre(st: NatState, s: number, e: Effect, j: number, t: Extract<Task, { t: 'multi' }>): void {
  const ti = multiIndex(st);
  void j;
  void t;
  if ('offer' in e) {
    if (!offerAffordable(st, s, e.offer)) {
      storePre(st, ti, s, { accept: false });
      return;
    }
    ask(
      st,
      s,
      'offer',
      [
        { type: 'choose', accept: true },
        { type: 'choose', accept: false },
      ],
      { offer: e.offer, pre: ti, ctx: t.ctx },
    );
    return;
  }
  if ('choice' in e) {
    const br = usefulBranches(st, s, e.choice);
    ask(
      st,
      s,
      'choice',
      br.map((b) => ({ type: 'choose', branch: b })),
      { pre: ti, ctx: t.ctx },
    );
    return;
  }
  if ('hireArchitectFree' in e) {
    askFreeArch(st, s, e.hireArchitectFree, !!e.upTo, t.ctx, { task: t, j: ti });
    return;
  }
  if ('deployFree' in e) {
    askDeployFree(st, s, e.deployFree, e.onto === 'boughtCard' ? 'bought' : e.onto, true, t.ctx, ti);
    return;
  }
  if ('optionalUndeploy' in e) askUndeployFor(st, s, e, [], t.ctx, ti);
}

// ================================================================ pending decisions

/** Resolves a (removed) pending decision with `pick` without running the round on (tests). */
export function resolveForTest(st: NatState, pd: NonNullable<NatState['pending']>, pick: Choose): void {
  sink = undefined;
  st.pending = pd;
  resolvePending(st, pick, undefined);
}

function resolvePending(st: NatState, pick: Choose, log: EventSink): void {
  const pd = st.pending!;
  st.pending = null;
  const s = pd.s;
  const p = st.players[s]!;
  const d = (pd.d ?? {}) as Record<string, unknown>;
  switch (pd.kind) {
    case 'nation': {
      p.nation = pick.nation as string;
      p.side = pick.side as 'A' | 'B';
      if (log) emit(log, 'nat.ev.nation', { seat: s, nation: p.nation, side: p.side }, ['NAT-SETUP-16']);
      st.si++;
      return;
    }
    case 'growth': {
      if (pick.take === 'worker') {
        takeWorker(p, pick.side as Side | undefined);
        if (log)
          emit(log, 'nat.ev.growthWorker', { seat: s, side: pick.side ?? 'overflow' }, [
            'NAT-MAINT-11',
            'NAT-POP-5',
          ]);
      } else {
        const n = d.amount as number;
        p.res[pick.res as Res] += n;
        if (log)
          emit(log, 'nat.ev.growthRes', { seat: s, res: pick.res, n }, [
            'NAT-MAINT-11',
            'NAT-MAINT-12',
            'NAT-SETUP-3',
          ]);
      }
      return;
    }
    case 'machiavelli': {
      const chosen = pick.event as string;
      const other = st.shown.find((x) => x !== chosen)!;
      st.events[age(st) - 1]!.unshift(other); // to the bottom
      st.eventCard = chosen;
      if (log) emit(log, 'nat.ev.event', { card: chosen, machiavelli: s }, ['NAT-MAINT-14', 'NAT-NOTE-5']);
      return;
    }
    case 'place': {
      const slot = pick.slot as number;
      const id = d.id as string;
      const u = d.u as number;
      const old = p.row[slot];
      if (old) {
        const oc = card(old.id);
        const nc = card(id);
        removeInst(st, s, old.u, 'covered', log);
        if (log)
          emit(log, 'nat.ev.cover', { seat: s, card: old.id, by: id }, [
            'NAT-BLD-1',
            'NAT-BLD-3',
            'NAT-GEN-4',
          ]);
        fireTriggers(st, 'coverCard', s, {
          coveredType: oc.type,
          newType: nc.type,
          laterAge: nc.age > oc.age,
        });
      }
      p.row[slot] = { id, u, w: 0 };
      if (log) emit(log, 'nat.ev.place', { seat: s, card: id, slot }, ['NAT-BLD-1', 'NAT-MIL-1']);
      return;
    }
    case 'advisorOut':
    case 'colonyOut':
    case 'removeCard': {
      const id = cardIdOf(p, pick.remove as number);
      removeInst(st, s, pick.remove as number, 'choice', log);
      if (log)
        emit(log, 'nat.ev.removed', { seat: s, card: id }, [
          pd.kind === 'advisorOut' ? 'NAT-ADV-2' : pd.kind === 'colonyOut' ? 'NAT-COL-4' : 'NAT-DP-17',
        ]);
      return;
    }
    case 'battle': {
      const r = d.r as number;
      p.res[pick.res as Res] += r;
      if (log) emit(log, 'nat.ev.battle', { seat: s, res: pick.res, n: r }, ['NAT-BAT-2', 'NAT-BAT-4']);
      return;
    }
    case 'golden': {
      const c = card(d.id as string);
      if (pick.pay) {
        voluntaryPay(st, s, pick.pay as Bag, log);
        changeVp(st, s, 1);
        if (log) emit(log, 'nat.ev.goldenVp', { seat: s, pay: pick.pay }, ['NAT-GA-1', 'NAT-GA-2']);
      } else if (pick.hook) {
        goldenHook(st, s, pick.hook as string, log);
      } else if (pick.res !== 'none') {
        const bag: Bag = { ...c.goldenAge!.gain };
        bag[pick.res as Res] = (bag[pick.res as Res] ?? 0) + (d.bonus as number);
        gain(st, s, bag);
        if (log) emit(log, 'nat.ev.goldenRes', { seat: s, bag }, ['NAT-GA-1', 'NAT-GA-3']);
      }
      return;
    }
    case 'cover': {
      if (pick.cover !== null) {
        const id = cardIdOf(p, pick.cover as number);
        removeInst(st, s, pick.cover as number, 'covered', log);
        if (log) emit(log, 'nat.ev.cover', { seat: s, card: id, by: d.id }, ['NAT-WON-6']);
      }
      p.wonders.push({ id: d.id as string, u: d.u as number, w: 0 });
      return;
    }
    case 'gainChoice': {
      gain(st, s, { [pick.res as Res]: d.n as number });
      if (log)
        emit(log, 'nat.ev.gain', { seat: s, bag: { [pick.res as Res]: d.n }, src: d.src }, ['NAT-DP-13']);
      return;
    }
    case 'choice': {
      if (d.pre !== undefined) {
        storePre(st, d.pre as number, s, { branch: pick.branch as number });
        return;
      }
      pushEffects(st, s, (d.branches as Effect[][])[pick.branch as number]!, d.ctx as Ctx);
      return;
    }
    case 'offer': {
      if (d.pre !== undefined) {
        storePre(st, d.pre as number, s, { accept: pick.accept as boolean });
        return;
      }
      offerOutcome(
        st,
        s,
        d.offer as { cost?: Bag; then: Effect[]; otherwise?: Effect[] },
        pick.accept as boolean,
        d.ctx as Ctx,
        log,
      );
      return;
    }
    case 'subst': {
      const bag = pick.lose as Bag;
      addBag(p.res, bag, -1);
      if (log) emit(log, 'nat.ev.subst', { seat: s, lose: bag }, ['NAT-SHORT-5', 'NAT-SHORT-6']);
      return;
    }
    case 'gainSide': {
      takeWorker(p, pick.side as Side);
      if (log) emit(log, 'nat.ev.gainWorker', { seat: s, side: pick.side }, ['NAT-POP-5']);
      return;
    }
    case 'loseWorker': {
      const from = pick.from as number;
      if (from === -1) p.idle--;
      else p.row[from]!.w--;
      const side = pick.side as string;
      if (side === 'food') p.foodFilled++;
      else if (side === 'stability') p.stabFilled++;
      else p.overflow++;
      if (log) emit(log, 'nat.ev.loseWorker', { seat: s, from, side }, ['NAT-POP-6', 'NAT-EVENT-7']);
      return;
    }
    case 'freeArch': {
      const n = pick.n as number;
      if (d.pre !== undefined) {
        storePre(st, d.pre as number, s, { n });
        return;
      }
      placeFreeArchitects(st, s, n, log);
      return;
    }
    case 'deployFree': {
      const picks = [...(d.picks as number[][])];
      const pre = d.pre as number | null;
      if (pick.stop) {
        if (pre !== null) storePre(st, pre, s, { picks });
        return;
      }
      const from = pick.from as number;
      const to = pick.to as number;
      if (pre !== null) {
        // Decided now, applied later in player order (NAT-EVENT-14).
        picks.push([from, to]);
        const left = (d.left as number) - 1;
        if (left <= 0) storePre(st, pre, s, { picks });
        else askDeployFree(st, s, left, d.onto, true, d.ctx as Ctx, pre, picks);
        return;
      }
      deploy(st, s, from, to, true, log);
      const left = (d.left as number) - 1;
      if (left > 0) askDeployFree(st, s, left, d.onto, d.optional as boolean, d.ctx as Ctx, null);
      return;
    }
    case 'undeployFor': {
      const picks = [...(d.picks as number[][])];
      const e = d.e as Extract<Effect, { optionalUndeploy: unknown }>;
      const pre = d.pre as number | null;
      if (pick.stop) {
        finishUndeployFor(st, s, e, picks, d.ctx as Ctx, pre);
        return;
      }
      picks.push([pick.slot as number]);
      askUndeployFor(st, s, e, picks, d.ctx as Ctx, pre);
      return;
    }
    case 'turk': {
      // NAT-MODEL-14: the completed Mechanical Turk moves, instance and all, to the receiver's wonders; its
      // production (−4 gold) now burdens the receiver. Its completion VP stays with the giver.
      const i = p.wonders.findIndex((x) => x.u === d.u);
      if (i < 0) return;
      const [w] = p.wonders.splice(i, 1);
      st.players[pick.give as number]!.wonders.push(w!);
      if (log)
        emit(log, 'nat.ev.turk', { seat: s, receiver: pick.give, card: w!.id }, [
          'NAT-MODEL-13',
          'NAT-MODEL-14',
        ]);
      return;
    }
    case 'takeFree': {
      if (log) emit(log, 'nat.ev.takeFree', { seat: s }, ['NAT-NOTE-30']);
      buy(st, s, pick.row as number, pick.col as number, true, log);
      return;
    }
    case 'swap': {
      const [a, b] = pick.swap as number[];
      const x = st.board[a!]!;
      st.board[a!] = st.board[b!]!;
      st.board[b!] = x;
      if (log) emit(log, 'nat.ev.swap', { seat: s, a, b }, ['NAT-NOTE-36']);
      return;
    }
    case 'warSpread': {
      const loss = pick.loss as Bag;
      const items: Array<[Res, number]> = [];
      for (const r of PAY_ORDER) if (loss[r]) items.push([r, loss[r]!]);
      st.stack.push({ t: 'pay', s, items, i: 0 });
      return;
    }
    case 'prodChoice': {
      const t = st.stack[st.stack.length - 1] as Extract<Task, { t: 'prod' }>;
      const net = t.nets[s]!;
      net[pick.res as Res] += d.n as number;
      return;
    }
    default:
      return;
  }
}

/** The deterministic timeout default of the pending decision (NAT-DP-25/26). */
export function defaultChoice(st: NatState): Choose | null {
  const pd = st.pending;
  if (!pd || pd.opts.length === 0) return null;
  const o = pd.opts;
  const find = (f: (c: Choose) => boolean) => o.find(f) ?? o[0]!;
  const p = st.players[pd.s]!;
  switch (pd.kind) {
    case 'growth':
      return find((c) => c.take === 'res' && c.res === 'food');
    case 'nation':
      return o[0]!;
    case 'offer':
      return find((c) => c.accept === false);
    case 'subst': {
      // gold first, then stone, then food
      let best = o[0]!;
      let key = -1;
      for (const c of o) {
        const b = c.lose as Bag;
        const k = (b.gold ?? 0) * 10000 + (b.stone ?? 0) * 100 + (b.food ?? 0);
        if (k > key) {
          key = k;
          best = c;
        }
      }
      return best;
    }
    case 'gainSide':
      return find((c) => c.side === 'food');
    case 'loseWorker': {
      // NAT-DP-26: an idle worker, else the one whose loss costs the least strength and stability (leftmost);
      // NAT-DP-25: it returns to the stability side first.
      let from = -1;
      if (p.idle <= 0) {
        let least = Infinity;
        const both = () => strength(st, pd.s) + stability(st, pd.s);
        p.row.forEach((r, i) => {
          if (!r || r.w <= 0) return;
          const before = both();
          r.w--;
          const cost = before - both();
          r.w++;
          if (cost < least) {
            least = cost;
            from = i;
          }
        });
      }
      const rank = (c: Choose) => (c.side === 'stability' ? 0 : c.side === 'food' ? 1 : 2);
      const mine = o.filter((c) => c.from === from).sort((a, b) => rank(a) - rank(b));
      return mine[0] ?? o[0]!;
    }
    case 'cover': {
      const free = o.find((c) => c.cover === null);
      if (free) return free;
      // NAT-DP-26: the completed wonder with the lowest printed VP, ties to the leftmost.
      return lowestVp(o, (c) => cardIdOf(p, c.cover as number));
    }
    case 'warSpread': {
      // NAT-DP-26: reduce the war card's own loss type first, then gold, food, stone, books.
      const own = st.war ? RES4.filter((r) => (card(st.war!.id).war?.loss[r] ?? 0) > 0) : [];
      const prio = [...own, ...PAY_ORDER.filter((r) => !own.includes(r))];
      let best = o[0]!;
      for (const c of o) {
        const a = c.loss as Bag;
        const b = best.loss as Bag;
        const r = prio.find((x) => (a[x] ?? 0) !== (b[x] ?? 0));
        if (r && (a[r] ?? 0) < (b[r] ?? 0)) best = c;
      }
      return best;
    }
    case 'freeArch':
      return find((c) => c.n === 0);
    case 'deployFree':
    case 'undeployFor':
      return find((c) => c.stop === true);
    case 'removeCard':
      // NAT-DP-26: the lowest printed VP, ties to the oldest.
      return lowestVp(o, (c) => cardIdOf(p, c.remove as number));
    default:
      return o[0]!;
  }
}

/** The first option whose card has the lowest printed end-game VP (NAT-DP-26). */
function lowestVp(o: Choose[], idOf: (c: Choose) => string): Choose {
  const vp = (id: string) => {
    const v = id ? card(id).endVp : undefined;
    if (typeof v === 'number') return v;
    return Array.isArray(v) ? v.reduce<number>((a, x) => a + (typeof x === 'number' ? x : 0), 0) : 0;
  };
  let best = o[0]!;
  for (const c of o) if (vp(idOf(c)) < vp(idOf(best))) best = c;
  return best;
}

// ================================================================ resolution: production

export function productionTask(st: NatState): Task {
  const nets: Array<Record<Res, number> | null> = [];
  const unrest: number[] = [];
  const choices: Array<Array<[Res[], number]>> = [];
  // NAT-PROD-2: everything is computed on the state at the start of the step.
  const derived = allDerived(st);
  for (let s = 0; s < st.n; s++) {
    const p = st.players[s]!;
    const ch: Array<[Res[], number]> = [];
    let ignoreMil = false;
    let ignoreBld = false;
    for (const m of gather(st, s, kindBit(MK.ignoreUpkeep))) {
      const t = (m.b as { ignoreUpkeep: { cardType: CardType } }).ignoreUpkeep.cardType;
      if (t === 'military') ignoreMil = true;
      else if (t === 'building') ignoreBld = true;
    }
    // Per-worker production and upkeep as [gold, stone, food, books] vectors.
    const v = [0, 0, 0, 0];
    productionEntries(st, s, board(p).production, v, ch);
    for (const r of p.row)
      if (r && r.w > 0) {
        const e = instEntry(r);
        const pr = e.pwProduce;
        if (pr) for (let i = 0; i < 4; i++) v[i]! += pr[i]! * r.w;
        const co = e.pwConsume;
        if (co && !(e.military ? ignoreMil : ignoreBld)) for (let i = 0; i < 4; i++) v[i]! -= co[i]! * r.w;
        productionEntries(st, s, e.c.production, v, ch);
      }
    for (const a of p.advisors) productionEntries(st, s, card(a.id).production, v, ch);
    for (const c of p.colonies) productionEntries(st, s, card(c.id).production, v, ch);
    for (const w of p.wonders) productionEntries(st, s, card(w.id).production, v, ch);
    const net: Record<Res, number> = { gold: v[0]!, stone: v[1]!, food: v[2]!, books: v[3]! };
    net.food -= (p.foodCap - p.foodFilled) * E.emptyFoodSpace; // NAT-POP-3
    const stab = derived.stab[s]!;
    nets.push(net);
    unrest.push(stab < 0 ? -stab : 0);
    choices.push(ch);
  }
  return { t: 'prod', i: 0, nets, unrest, choices };
}

/** Adds a card's production entries (§19.2) for seat s to the [gold, stone, food, books] vector and choices. */
function productionEntries(
  st: NatState,
  s: number,
  list: ProgressCard['production'],
  v: number[],
  ch: Array<[Res[], number]>,
): void {
  if (!list) return;
  for (const e of list) {
    if (e.if && !cond(st, s, e.if)) continue;
    const k = e.per ? counter(st, s, e.per) : 1;
    if (k === 0) continue;
    if (e.gain) for (let i = 0; i < 4; i++) v[i]! += (e.gain[RES4[i]!] ?? 0) * k;
    if (e.pay) for (let i = 0; i < 4; i++) v[i]! -= (e.pay[RES4[i]!] ?? 0) * k;
    if (e.gainChoice) ch.push([e.gainChoice.of, e.gainChoice.n * k]);
  }
}

function runProduction(st: NatState, t: Extract<Task, { t: 'prod' }>, log: EventSink): void {
  if (t.i >= st.n) {
    st.stack.pop();
    return;
  }
  const s = st.order[t.i]!;
  const ch = t.choices[s]!;
  if (ch.length > 0) {
    const [of, n] = ch.shift()!;
    ask(
      st,
      s,
      'prodChoice',
      of.map((r) => ({ type: 'choose', res: r })),
      { n },
    );
    return;
  }
  t.i++;
  const net = t.nets[s]!;
  // The gains at once, the payments (in PAY_ORDER) as a forced payment step.
  const res = st.players[s]!.res;
  const { gold, stone, food, books } = net;
  if (gold > 0) res.gold += gold;
  if (stone > 0) res.stone += stone;
  if (food > 0) res.food += food;
  if (books > 0) res.books += books;
  const items: Array<[Res, number]> = [];
  for (const r of PAY_ORDER) {
    const x = resOf(net, r);
    if (x < 0) items.push([r, -x]);
  }
  if (log)
    emit(log, 'nat.ev.production', { seat: s, net: { ...net } }, ['NAT-PROD-3', 'NAT-PROD-4', 'NAT-PROD-5']);
  const u = t.unrest[s]!;
  if (u > 0) {
    // NAT-PROD-6: after production's payments.
    pushEffects(st, s, [{ vp: -1 }], { src: 'unrest' });
    st.stack.push({ t: 'pay', s, items: [['books', u]], i: 0 });
    if (log) emit(log, 'nat.ev.unrest', { seat: s, books: u }, ['NAT-PROD-6', 'NAT-DERIV-6']);
  }
  if (items.length) st.stack.push({ t: 'pay', s, items, i: 0 });
}

// ================================================================ resolution: order, war, events

/** NAT-ORDER-1 / NAT-SOLO-12. */
function playerOrder(st: NatState, log: EventSink): void {
  if (st.solo) {
    const vo = st.solo1!;
    const ps = strength(st, 0);
    const pb = stability(st, 0);
    let ahead = vo.ahead;
    if (vo.strength !== null) {
      if (vo.strength > ps) ahead = true;
      else if (vo.strength < ps) ahead = false;
      else if (vo.stability !== null) {
        if (vo.stability > pb) ahead = true;
        else if (vo.stability < pb) ahead = false;
      } else ahead = false;
    } else ahead = false;
    vo.ahead = ahead;
    if (log) emit(log, 'nat.ev.soloOrder', { voAhead: ahead }, ['NAT-SOLO-12']);
    return;
  }
  const pos = orderPos(st);
  const d = allDerived(st);
  const str = d.str;
  const stab = d.stab.map((v, s) => (v < 0 || d.least[s] ? -1e9 : v));
  st.order = sortedSeats(st.order, (a, b) => str[b]! - str[a]! || stab[b]! - stab[a]! || pos[a]! - pos[b]!);
  if (log) emit(log, 'nat.ev.order', { order: [...st.order] }, ['NAT-ORDER-1', 'NAT-ORDER-2']);
}

function startWar(st: NatState, log: EventSink): void {
  if (!st.war) return;
  const w = st.war;
  const def: number[] = [];
  const str = allDerived(st).str;
  for (const s of st.order) {
    const ws = str[s]! + modSum(st, s, MK.warDefense); // NAT-WARRES-1, NAT-NOTE-3
    if (ws < w.marker) def.push(s);
  }
  if (log)
    emit(log, 'nat.ev.warResolve', { card: w.id, marker: w.marker, defeated: def }, [
      'NAT-WARRES-1',
      'NAT-WARRES-5',
    ]);
  // (Built field by field: an object spread with an added key takes V8's slow path.)
  const before = st.players.map((p) => {
    const r = p.res;
    return { gold: r.gold, stone: r.stone, food: r.food, books: r.books, vp: p.vp };
  });
  st.stack.push({ t: 'war', i: 0, seats: def, before });
}

function runWar(st: NatState, t: Extract<Task, { t: 'war' }>, log: EventSink): void {
  const w = st.war!;
  if (t.i >= t.seats.length) {
    st.stack.pop();
    // NAT-WARRES-8: record what the war removed; NAT-WARRES-6.
    const before = t.before;
    for (const s of t.seats) {
      const p = st.players[s]!;
      const b = before[s]!;
      const res: Bag = {};
      for (const r of RES4) if (b[r]! > p.res[r]) res[r] = b[r]! - p.res[r];
      p.warLost = { res, vp: Math.max(0, b.vp! - p.vp) };
    }
    st.removed.push(w.id);
    st.warDone = { marker: w.marker, buyer: w.buyer };
    st.war = null;
    return;
  }
  const s = t.seats[t.i++]!;
  const p = st.players[s]!;
  p.defeated = true;
  const c = card(w.id);
  const loss: Record<Res, number> = { gold: 0, stone: 0, food: 0, books: 0 };
  for (const r of RES4) loss[r] += c.war!.loss[r] ?? 0;
  // NAT-WARRES-7: extra losses from modifiers (Martin Luther).
  for (const m of gather(st, s, kindBit(MK.warExtraLoss))) {
    const x = (m.b as { warExtraLoss: Bag }).warExtraLoss;
    for (const r of RES4) loss[r] += x[r] ?? 0;
  }
  let vpLoss = c.war!.vp;
  let immune = false;
  for (const m of gather(st, s, kindBit(MK.warVpImmune)))
    if (cond(st, s, (m.b as { warVpImmune: Cond }).warVpImmune)) immune = true;
  if (immune) vpLoss = 0; // NAT-NOTE-4
  const stab = stability(st, s);
  const total = RES4.reduce((a, r) => a + loss[r], 0);
  const red = Math.min(total, Math.max(0, stab)); // NAT-WARRES-3
  if (log)
    emit(log, 'nat.ev.defeated', { seat: s, vp: vpLoss, loss: { ...loss }, reduction: red, immune }, [
      'NAT-WARRES-2',
      'NAT-WARRES-3',
      'NAT-WARRES-4',
    ]);
  if (vpLoss) changeVp(st, s, -vpLoss);
  fireTriggers(st, 'defeatedInWar', s, {});
  const types = RES4.filter((r) => loss[r] > 0);
  if (red === 0 || types.length <= 1 || red >= total) {
    const items: Array<[Res, number]> = [];
    let left = red;
    for (const r of PAY_ORDER) {
      if (loss[r] <= 0) continue;
      const cut = Math.min(left, loss[r]);
      left -= cut;
      if (loss[r] - cut > 0) items.push([r, loss[r] - cut]);
    }
    if (items.length) st.stack.push({ t: 'pay', s, items, i: 0 });
    return;
  }
  // NAT-DP-15: spread the reduction over the loss types.
  const opts: Choose[] = [];
  const spread = (k: number, left: number, cur: Record<Res, number>) => {
    if (k === types.length) {
      if (left === 0) {
        const l: Bag = {};
        for (const r of types) if (loss[r] - cur[r] > 0) l[r] = loss[r] - cur[r];
        opts.push({ type: 'choose', loss: l });
      }
      return;
    }
    const r = types[k]!;
    for (let x = Math.min(left, loss[r]); x >= 0; x--) spread(k + 1, left - x, { ...cur, [r]: x });
  };
  spread(0, red, { gold: 0, stone: 0, food: 0, books: 0 });
  ask(st, s, 'warSpread', opts);
}

function startEvents(st: NatState, log: EventSink): void {
  if (st.solo) {
    // NAT-SOLO-14: the stability contest.
    const vo = st.solo1!.stability;
    const mine = stability(st, 0);
    const win = vo === null || mine > vo;
    changeVp(st, 0, win ? 1 : -1);
    if (log) emit(log, 'nat.ev.soloStability', { win, vo, mine }, ['NAT-SOLO-14']);
    return;
  }
  const id = st.eventCard!;
  // Upper then lower; pushed in reverse (NAT-EVENT-1). The end-of-card modifiers end after both.
  st.stack.push({ t: 'eventHalf', half: 2, part: 0, card: id });
  st.stack.push({ t: 'eventHalf', half: 1, part: 0, card: id });
  st.stack.push({ t: 'eventHalf', half: 0, part: 0, card: id });
}

function runEventHalf(st: NatState, t: Extract<Task, { t: 'eventHalf' }>, log: EventSink): void {
  const ec = eventCard(t.card)!;
  if (t.half === 2) {
    st.stack.pop();
    st.mods = st.mods.filter((m) => m.until !== 'endOfEventCard'); // NAT-NOTE-18
    return;
  }
  const half = ec.events[t.half];
  if (!half) {
    st.stack.pop();
    return;
  }
  const parts = Array.isArray(half) ? half : [half];
  if (t.part === 0) {
    // Order moves of this event apply as one block at its end (NAT-EVENT-6): pushed beneath the parts.
    st.stack.pop();
    st.stack.push({ t: 'moves', first: [], last: [], rank: [] });
    st.stack.push({ t: 'eventHalf', half: t.half, part: 1, card: t.card });
    if (log) emit(log, 'nat.ev.eventHalf', { card: t.card, half: t.half }, ['NAT-EVENT-1', 'NAT-EVENT-2']);
    return;
  }
  const k = t.part - 1;
  if (k >= parts.length) {
    st.stack.pop();
    return;
  }
  t.part++;
  const def = parts[k]!;
  const ctx: Ctx = { src: def.name, ev: true };
  // Every comparison of this part reads the same state: strength and stability are computed once (twice
  // around a hook, which may change the state).
  const tg = def.target;
  let found: [number[], number[] | undefined] | null;
  if (def.hook) {
    if (!frozen(st, () => chooseEventPart(st, def, parts, k, ctx, log))) return;
    eventHook(st, def, ctx, log);
    if (def.effects.length === 0) return;
    found = frozen(st, () => eventPartTargets(st, tg, ctx));
  } else
    found = frozen(st, () =>
      chooseEventPart(st, def, parts, k, ctx, log) ? eventPartTargets(st, tg, ctx) : null,
    );
  if (!found) return;
  const [seats, rank] = found;
  if (log)
    emit(log, 'nat.ev.eventTargets', { name: def.name, nameRu: def.nameRu ?? null, seats }, [
      'NAT-EVENT-3',
      'NAT-EVENT-4',
    ]);
  startMulti(st, seats, def.effects, ctx, def.choiceOrder ?? 'reversePlayer', rank);
}

/** The benefit set and the chooser of an event part; false when a chooser is needed and there is none. */
function chooseEventPart(
  st: NatState,
  def: EventDef,
  parts: EventDef[],
  k: number,
  ctx: Ctx,
  log: EventSink,
): boolean {
  // The benefit set of the part (for "every other nation", NAT-EVENT-12).
  const tg = def.target;
  if (typeof tg === 'object' && 'best' in tg && !('tieBreak' in tg))
    ctx.benefit = cmpSet(st, tg.best, 'best');
  else if (k > 0) {
    const first = parts[0]!.target;
    if (typeof first === 'object' && 'best' in first) ctx.benefit = cmpSet(st, first.best, 'best');
  }
  if (def.chooser) {
    // NAT-NOTE-14/24: the chooser is the best nation by the metric (5 players: the better-ranked of the
    // benefit set); a choice between branches always has a chooser, ties going by player order (NAT-NOTE-24),
    // an offer needs a strict benefit set (NAT-NOTE-14).
    const m = def.chooser.best;
    const ranked = rankByOrder(st, m);
    const set = cmpSet(st, m, 'best');
    const always = def.effects.some((e) => 'choice' in e);
    const ch = ranked.find((x) => set.includes(x)) ?? (always ? ranked[0] : undefined);
    if (ch === undefined) {
      if (log) emit(log, 'nat.ev.noChooser', { name: def.name, nameRu: def.nameRu ?? null }, ['NAT-NOTE-14']);
      return false;
    }
    ctx.chooser = ch;
    ctx.benefit = set.includes(ch) ? set : [ch];
  }
  return true;
}

/** The seats an event part reaches, and the ranking its order moves and choices follow. */
function eventPartTargets(st: NatState, tg: Target, ctx: Ctx): [number[], number[] | undefined] {
  const seats = targets(st, tg, ctx);
  const mv = nearestMoves(st);
  if (mv && typeof tg === 'object' && ('best' in tg || 'worst' in tg)) {
    const m = (tg as { best?: Metric; worst?: Metric }).best ?? (tg as { worst: Metric }).worst;
    mv.rank = rankByOrder(st, m);
  }
  return [seats, mv?.rank.length ? mv.rank : undefined];
}

/**
 * The promo event hooks (NAT-MODEL-13/14). solarEclipse: next round's player order is this round's pass order
 * (applied at cleanup, NAT-ROUND-3). springAndAutumn: each nation compares its strength with its neighbours in
 * player order (wrapping; 2 players: the one other nation, counted once): stronger than exactly one → +2 stone,
 * than both → +1 VP. imperiumRex: the game ends after this round, whose book scoring counts as an age's end.
 */
function eventHook(st: NatState, def: EventDef, ctx: Ctx, log: EventSink): void {
  const rules = ['NAT-MODEL-13', 'NAT-MODEL-14'];
  if (def.hook === 'solarEclipse') {
    st.eclipse = true;
    if (log) emit(log, 'nat.ev.eclipse', {}, rules);
    return;
  }
  if (def.hook === 'springAndAutumn') {
    const o = st.order;
    const n = o.length;
    if (n < 2) return;
    const str = o.map((x) => strength(st, x));
    const gains: Array<[number, Effect]> = [];
    for (let i = 0; i < n; i++) {
      const nb = n === 2 ? [1 - i] : [(i + n - 1) % n, (i + 1) % n];
      const beat = nb.filter((j) => str[i]! > str[j]!).length;
      if (beat === 2) gains.push([o[i]!, { vp: 1 }]);
      else if (beat === 1) gains.push([o[i]!, { gain: { stone: 2 } }]);
    }
    if (log) emit(log, 'nat.ev.springAutumn', { seats: gains.map(([x]) => x) }, rules);
    // Pushed in reverse: applied in player order.
    for (let k = gains.length - 1; k >= 0; k--) pushEffects(st, gains[k]![0], [gains[k]![1]], ctx);
    return;
  }
  if (def.hook === 'imperiumRex') {
    st.lastRound = true;
    if (log) emit(log, 'nat.ev.imperiumRex', { round: st.round }, [...rules, 'NAT-END-1']);
  }
}

function nearestMoves(st: NatState): Extract<Task, { t: 'moves' }> | null {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const t = st.stack[i]!;
    if (t.t === 'moves') return t;
  }
  return null;
}

/** NAT-EVENT-6: moved nations go to the front or back as one block. */
function applyMoves(st: NatState, t: Extract<Task, { t: 'moves' }>, log: EventSink): void {
  if (t.first.length === 0 && t.last.length === 0) return;
  if (st.orderLocked) return; // NAT-EVENT-16
  const pos = orderPos(st);
  const rk = t.rank.length ? t.rank : st.order;
  const key = (s: number) => rk.indexOf(s) * 100 + pos[s]!;
  const first = [...new Set(t.first)].sort((a, b) => key(a) - key(b));
  const last = [...new Set(t.last)].sort((a, b) => key(a) - key(b));
  const rest = st.order.filter((s) => !first.includes(s) && !last.includes(s));
  st.order = [...first, ...rest, ...last];
  if (log) emit(log, 'nat.ev.order', { order: [...st.order] }, ['NAT-EVENT-6', 'NAT-ORDER-3']);
}

// ================================================================ books, cleanup, end

function bookScoring(st: NatState, log: EventSink): void {
  // Imperium Rex (NAT-MODEL-14): its round ends the game and is scored like the end of an age (NAT-END-1).
  const endOfAge = st.round % E.roundsPerAge === 0 || !!st.lastRound;
  if (st.solo) {
    const contest = st.opts.soloBookContest === 'everyRound' || endOfAge;
    if (contest) {
      const win = st.players[0]!.res.books > st.solo1!.books;
      if (win) changeVp(st, 0, 3);
      if (log)
        emit(log, 'nat.ev.soloBooks', { win, vo: st.solo1!.books, mine: st.players[0]!.res.books }, [
          'NAT-SOLO-16',
        ]);
    }
  } else if (endOfAge) {
    const gains = st.players.map((p) => st.players.filter((q) => q.res.books < p.res.books).length);
    gains.forEach((g, s) => g && changeVp(st, s, g));
    if (log) emit(log, 'nat.ev.books', { gains }, ['NAT-BOOKS-1', 'NAT-BOOKS-2', 'NAT-BOOKS-3']);
  }
  if (endOfAge) for (let i = st.n - 1; i >= 0; i--) fireTriggers(st, 'endOfAge', st.order[i]!, {});
}

function cleanup(st: NatState, log: EventSink): void {
  // NAT-ROUND-3
  for (const p of st.players) {
    p.used = [];
    p.priv = 0;
    p.passed = false;
    p.short = 0;
    p.turns = 0;
    p.bought = [];
    p.defeated = false;
    p.warLost = null;
  }
  st.pool = 0;
  for (const b of st.board) if (b) b.a = 0;
  if (st.eclipse) {
    // Solar Eclipse (NAT-MODEL-14): next round's player order is this round's pass order.
    st.order = [...st.passOrder, ...st.order.filter((x) => !st.passOrder.includes(x))];
    delete st.eclipse;
    if (log) emit(log, 'nat.ev.order', { order: [...st.order] }, ['NAT-MODEL-14']);
  }
  st.passOrder = [];
  st.mods = [];
  st.warBought = false;
  st.warDone = null;
  st.orderLocked = false;
  st.shown = [];
  if (st.solo1) {
    st.solo1.preRolls = 0;
  }
  if (log) emit(log, 'nat.ev.roundEnd', { round: st.round }, ['NAT-ROUND-3']);
  if (st.round >= 2 * st.opts.ages || st.lastRound) {
    finalScoring(st, log);
    return;
  }
  st.round++; // NAT-MAINT-2
  st.step = 'maint';
  st.si = 0;
  if (st.eventCard) st.past.push(st.eventCard);
  st.eventCard = null;
  st.last = -1;
  if (st.solo1) {
    if (st.solo1.tile) st.past.push(st.solo1.tile);
    st.solo1.tile = null;
  }
}

function finalScoring(st: NatState, log: EventSink): void {
  const breakdown = st.players.map((_, s) => scoreParts(st, s));
  const scores = breakdown.map((b) => b.reduce((a, x) => a + x, 0));
  let winners: number[] = [];
  let reason = 'score';
  let title: string | undefined;
  if (st.solo) {
    winners = scores[0]! >= 0 ? [0] : [];
    reason = scores[0]! >= 0 ? 'solo' : 'soloNegative';
    const hf = E.hallOfFame.find(([min]) => scores[0]! >= min);
    if (hf) title = hf[1];
  } else {
    const live = st.players.map((p, s) => (p.resigned ? -1e9 : scores[s]!));
    const top = Math.max(...live);
    const tied = live.map((v, s) => (v === top ? s : -1)).filter((s) => s >= 0);
    if (tied.length === 1) winners = tied;
    else if (st.opts.finalTieRule === 'shared') {
      winners = tied;
      reason = 'shared';
    } else reason = 'tie'; // NAT-END-8
  }
  st.step = 'over';
  st.turn = null;
  st.over = { winners, reason, scores, breakdown, ...(title ? { title } : {}) };
  if (log)
    emit(log, 'nat.ev.final', { scores, breakdown, winners, reason, title: title ?? null }, [
      'NAT-END-1',
      'NAT-END-2',
      'NAT-END-7',
      'NAT-END-8',
      'NAT-END-9',
    ]);
}

// ================================================================ solo opponent

/** NAT-SOLO-9/10: one die roll for the VO. */
function soloRoll(st: NatState, log: EventSink): void {
  const vo = st.solo1!;
  const roll = 1 + randInt(st.rng, 6);
  vo.lastRoll = roll;
  if (roll <= 4) {
    const col = roll - 1;
    const removed: string[] = [];
    let warTaken: string | null = null;
    for (let row = 1; row <= 3; row++) {
      const i = (row - 1) * st.cols + col;
      const b = st.board[i];
      if (!b) continue;
      st.board[i] = null;
      if (card(b.id).type === 'war' && !st.warBought && !warTaken) {
        warTaken = b.id;
        st.war = { id: b.id, marker: vo.strength ?? 0, buyer: -1 };
        st.warBought = true;
      } else {
        removed.push(b.id);
        st.removed.push(b.id);
      }
    }
    if (log) emit(log, 'nat.ev.soloRoll', { roll, col, removed, war: warTaken }, ['NAT-SOLO-9']);
  } else {
    const d = soloTile(vo.tile!)!.action.voDelta;
    if (d.strength) vo.strength = (vo.strength ?? 0) + d.strength;
    if (d.stability) vo.stability = (vo.stability ?? 0) + d.stability;
    if (d.books) vo.books += d.books;
    if (log) emit(log, 'nat.ev.soloRoll', { roll, delta: { ...d } }, ['NAT-SOLO-10']);
  }
}

// ================================================================ conservation (property tests)

/** Every card id in the game, wherever it is (decks, board, players, removed, events). */
export function allCardPlaces(st: NatState): string[] {
  const out: string[] = [];
  for (const d of st.decks) out.push(...d);
  for (const b of st.board) if (b) out.push(b.id);
  for (const p of st.players) {
    for (const a of p.advisors) out.push(a.id);
    for (const r of p.row) if (r && !r.id.startsWith('s-')) out.push(r.id);
    for (const c of p.colonies) out.push(c.id);
    for (const w of p.wonders) if (!w.id.startsWith('s-')) out.push(w.id);
    if (p.wip) out.push(p.wip.id);
  }
  if (st.war) out.push(st.war.id);
  // Cards between places: a bought building awaiting its slot, a completed wonder awaiting its cover choice.
  if (st.pending && (st.pending.kind === 'place' || st.pending.kind === 'cover'))
    out.push(st.pending.d!.id as string);
  for (const t of st.stack) if (t.t === 'complete') out.push(t.id);
  return out;
}

export { RES4, PAY_ORDER };
export type { BoardCard };
