/**
 * Age of Heroes rules: setup, the flow of rounds, Market Days and turns, events, war and battles.
 *
 * The flow is an operation stack of plain-data frames (state.stack, top = last). `advance` runs the
 * top frame's automatic steps until a frame waits for a decision; `apply` hands a decision to the
 * frame that asked for it. Interrupts (an event drawn during taxes, a defender's response inside a
 * war, a Luck window inside an event) are frames pushed on top. Checkpoints (AOH-FLOW-6) are frames
 * too, so the code that pushes one simply returns and the loop runs it next.
 */
import type { ApplyResult, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, inputError, OK, ruleError, seedRng, shuffle } from '@tabula/engine';
import { classes, count, holds, paymentError, takeCard, takeCards } from './cards.js';
import type {
  AohAction,
  AohOptions,
  AohState,
  Army,
  CardId,
  Frame,
  ItemKind,
  Objective,
  Offer,
  Player,
  Unit,
  War,
} from './types.js';
import { ITEM_KINDS, OBJECTIVES } from './types.js';
import { DEFAULT_CONFIG } from './config.js';

export const RULES_VERSION = '1.2.0';

/* ------------------------------------------------------------------ helpers */

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

const fail = ruleError('aoh.err');

export function top(st: AohState): Frame | undefined {
  // Never read past the end of an empty stack: an out-of-bounds read takes V8's slow path.
  const n = st.stack.length;
  return n > 0 ? st.stack[n - 1] : undefined;
}

function push(st: AohState, f: Frame): void {
  st.stack.push(f);
}

function pop(st: AohState): void {
  st.stack.pop();
}

function checkpointNext(st: AohState): void {
  st.stack.push({ k: 'checkpoint' });
}

export function isAlive(st: AohState, s: Seat): boolean {
  return Number.isInteger(s) && s >= 0 && s < st.n && st.p[s]!.alive;
}

/** Next surviving seat clockwise after `s` (AOH-DOC-6, AOH-PLAYERS-3), or -1. */
export function nextAlive(st: AohState, s: Seat): Seat {
  for (let i = 1; i <= st.n; i++) {
    const t = (s + i) % st.n;
    if (t !== s && st.p[t]!.alive) return t;
  }
  return -1;
}

export function prevAlive(st: AohState, s: Seat): Seat {
  for (let i = 1; i <= st.n; i++) {
    const t = (s - i + st.n * 2) % st.n;
    if (t !== s && st.p[t]!.alive) return t;
  }
  return -1;
}

/** Surviving seats clockwise starting at `s` (included if alive). */
export function orderFrom(st: AohState, s: Seat): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < st.n; i++) {
    const t = (s + i) % st.n;
    if (st.p[t]!.alive) out.push(t);
  }
  return out;
}

/** AOH-ROAD-2, AOH-PLAYERS-4: left and right neighbours among survivors (one seat with 2 players). */
export function neighbours(st: AohState, s: Seat): Seat[] {
  const l = nextAlive(st, s);
  const r = prevAlive(st, s);
  if (l < 0) return [];
  return l === r ? [l] : [l, r];
}

/** AOH-ROAD-9: a direct road between a and b. */
export function hasRoad(st: AohState, a: Seat, b: Seat): boolean {
  const lo = Math.min(a, b),
    hi = Math.max(a, b);
  for (const r of st.roads) if (r[0] === lo && r[1] === hi) return true;
  return false;
}

/** AOH-ROAD-8: C(p) = tribes reachable through an unbroken chain of roads, minus one. */
export function connectedCount(st: AohState, s: Seat): number {
  const seen = new Array<boolean>(st.n).fill(false);
  seen[s] = true;
  const queue = [s];
  let c = 0;
  while (queue.length) {
    const x = queue.pop()!;
    for (const r of st.roads) {
      const y = r[0] === x ? r[1] : r[1] === x ? r[0] : -1;
      if (y >= 0 && !seen[y] && st.p[y]!.alive) {
        seen[y] = true;
        c++;
        queue.push(y);
      }
    }
  }
  return c;
}

export function specialOf(st: AohState, s: Seat): CardId | null {
  const t = st.p[s]!.tribe;
  return t ? (classes(st.cfg).specialOf.get(t) ?? null) : null;
}

/** AOH-WAR-1: at home, not under an Earthquake, owner surviving. */
export function isAvailable(a: Army): boolean {
  return a.status === 'home' && a.quakes.length === 0;
}

function discard(st: AohState, card: CardId, n = 1): void {
  for (let i = 0; i < n; i++) st.discard.push(card);
}

/**
 * AOH-DRAW-1..3: the top card; an empty deck is replaced by the shuffled discard pile; if both are
 * empty the draw is skipped (null).
 */
function drawCard(st: AohState, log: EventSink): CardId | null {
  if (st.deck.length === 0) {
    if (st.discard.length === 0) {
      emit(log, 'aoh.ev.drawSkipped', {}, ['AOH-DRAW-3']);
      return null;
    }
    st.deck = shuffle(st.rng, st.discard);
    st.discard = [];
    emit(log, 'aoh.ev.reshuffle', { cards: st.deck.length }, ['AOH-DRAW-2']);
  }
  return st.deck.pop()!;
}

function isImmediate(st: AohState, c: CardId): boolean {
  return classes(st.cfg).immediate.has(c);
}

/** A draw into `s`'s hand during a turn: immediate cards are revealed and resolved at once. */
function drawForTurn(st: AohState, s: Seat, log: EventSink, rule: string): void {
  const c = drawCard(st, log);
  if (c === null) return;
  if (isImmediate(st, c)) {
    emit(log, 'aoh.ev.drawImmediate', { seat: s, card: c }, ['AOH-DRAW-5', 'AOH-DRAW-6', 'AOH-DRAW-7', rule]);
    pushEvent(st, c, s, false);
  } else {
    st.p[s]!.hand.push(c);
    emit(log, 'aoh.ev.drawPrivate', { seat: s, card: c }, ['AOH-DRAW-4', rule], [s]);
    emit(log, 'aoh.ev.drawHidden', { seat: s }, ['AOH-DRAW-4', rule], undefined, [s]);
  }
}

function pushEvent(st: AohState, card: CardId, drawer: Seat, suppressed: boolean): void {
  push(st, { k: 'event', card, drawer, pc: 0, suppressed, target: -1, ans: [] });
}

/* ------------------------------------------------------------------ setup */

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

/** AOH-SETUP-1..15 with the PRNG consumed in the order of AOH-RNG-3. */
export function setupState(opts: AohOptions, n: number, seed: string, log: EventSink): AohState {
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
  advance(st, log);
  return st;
}

export function freshBattleDeck(st: AohState): number[] {
  const out: number[] = [];
  for (const [v, k] of Object.entries(st.cfg.battleDeck)) for (let i = 0; i < k; i++) out.push(Number(v));
  return out;
}

/** AOH-SETUP-10..14: starting items, the deal, starting immediates, then the first Market Day. */
function stepDeal(st: AohState, log: EventSink): void {
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
}

export function newArmy(st: AohState): Army {
  return { id: st.nextArmy++, general: false, status: 'home', returnAt: 0, quakes: [] };
}

/* ------------------------------------------------------------------ the loop */

/** Runs automatic steps until a decision is needed or the game is over. */
export function advance(st: AohState, log: EventSink): void {
  for (;;) {
    if (st.over) {
      // A game can end in the middle of a step (a resignation, AOH-ELIM-8): an event card still
      // resolving goes to the discard pile, a war's battle cards back to their deck.
      if (st.war) clearWar(st, st.war);
      for (const f of st.stack) if (f.k === 'event') discard(st, f.card);
      st.stack.length = 0;
      st.active = -1;
      return;
    }
    const f = top(st);
    if (!f) throw new Error('Age of Heroes: empty operation stack');
    if (step(st, f, log)) return;
  }
}

/** Performs one automatic step of `f`; returns true if `f` waits for a decision. */
function step(st: AohState, f: Frame, log: EventSink): boolean {
  switch (f.k) {
    case 'checkpoint':
      pop(st);
      checkpoint(st, log);
      return false;
    case 'deal':
      stepDeal(st, log);
      return false;
    case 'turn':
      stepTurn(st, f, log);
      return false;
    case 'market':
      return stepMarket(st, f, log);
    case 'taxes':
      stepTaxes(st, f, log);
      return false;
    case 'war':
      stepWar(st, f, log);
      return false;
    case 'place':
      if (st.war!.placed[0] && st.war!.placed[1]) {
        pop(st);
        return false;
      }
      return true;
    case 'duel':
      return stepDuel(st, log);
    case 'event':
      return stepEvent(st, f, log);
    case 'discard':
      if (st.p[f.seat]!.hand.length <= st.cfg.handLimit) {
        pop(st);
        return false;
      }
      return true;
    case 'draft':
      // A player who resigned during the draft picks no tribe (AOH-ELIM-8).
      while (f.i < f.order.length && !st.p[f.order[f.i]!]!.alive) f.i++;
      if (f.i >= f.order.length) {
        pop(st);
        return false;
      }
      return true;
    default:
      return true;
  }
}

/* ------------------------------------------------------------------ checkpoints, elimination, victory */

/**
 * AOH-FLOW-6: elimination (AOH-ELIM-2), last standing (AOH-WIN-1), then claims (AOH-WIN-3). The
 * checkpoint of a resignation (`resignation`) eliminates the resigned player only: it may come in
 * the middle of a step, where nobody else is eliminated (AOH-ELIM-2), and during setup, where nobody
 * has a card or a city yet.
 */
export function checkpoint(st: AohState, log: EventSink, resignation = false): void {
  if (st.over) return;
  const before = orderFrom(st, st.leader);
  const out = before.filter((s) => {
    const p = st.p[s]!;
    return p.resigned || (!resignation && p.hand.length === 0 && p.cities === 0);
  });
  for (const s of out) eliminate(st, s, log);
  const left = orderFrom(st, st.leader);
  if (left.length === 1) {
    st.over = { winners: left, reason: 'last-standing' };
    emit(log, 'aoh.ev.win', { seats: left, route: 'last-standing' }, ['AOH-WIN-1', 'AOH-EDGE-34']);
    return;
  }
  if (left.length === 0) {
    st.over = { winners: out.slice().sort((a, b) => a - b), reason: 'draw' };
    emit(log, 'aoh.ev.draw', { seats: st.over.winners }, ['AOH-WIN-10']);
    return;
  }
  for (const s of left) {
    const p = st.p[s]!;
    if (p.claim === 0 && satisfiesClaim(st, s)) {
      p.claim = p.turns + 1;
      emit(log, 'aoh.ev.claim', { seat: s, checkAt: p.claim, cities: p.cities, monument: p.monument }, [
        'AOH-WIN-2',
        'AOH-WIN-3',
      ]);
    }
  }
  // AOH-TURN-9: an active player eliminated at any checkpoint of his turn ends it at once. An event
  // card he drew that still waits for other players (a resignation's checkpoint can come in the
  // middle of it, AOH-ELIM-8) is resolved first; the checkpoint after it ends the turn.
  if (st.active >= 0 && !st.p[st.active]!.alive) {
    let i = st.stack.length - 1;
    while (i >= 0 && st.stack[i]!.k !== 'turn') i--;
    if (i >= 0 && !st.stack.some((f, j) => j > i && f.k === 'event')) {
      st.stack.length = i + 1;
      (st.stack[i] as F<'turn'>).pc = 99;
    }
  }
}

export function satisfiesClaim(st: AohState, s: Seat): boolean {
  const p = st.p[s]!;
  return p.cities >= st.cfg.victory.cities || p.monument >= st.cfg.victory.monumentCards;
}

/** AOH-ELIM-3..7: everything but roads returns to the supply or the discard pile. */
function eliminate(st: AohState, s: Seat, log: EventSink): void {
  const p = st.p[s]!;
  p.alive = false;
  st.supply.city += p.cities;
  p.cities = 0;
  for (const a of p.armies) {
    st.supply.army++;
    if (a.general) st.supply.general++;
    for (let i = 0; i < a.quakes.length; i++) discard(st, 'earthquake');
  }
  p.armies = [];
  st.supply.fortress += p.fortresses;
  p.fortresses = 0;
  const sp = specialOf(st, s);
  if (sp) discard(st, sp, p.monument);
  p.monument = 0;
  for (const c of p.hand) discard(st, c);
  p.hand = [];
  p.claim = 0;
  if (st.market) {
    for (const c of st.market.pending[s]!) discard(st, c);
    st.market.pending[s] = [];
    st.market.offers = st.market.offers.filter((o) => o.from !== s && o.to !== s);
    st.market.drafts[s] = null;
  }
  const kept = st.roads.filter((r) => r[0] !== s && r[1] !== s);
  st.supply.road += st.roads.length - kept.length;
  st.roads = kept;
  emit(log, 'aoh.ev.eliminated', { seat: s, resigned: p.resigned }, [
    'AOH-ELIM-1',
    'AOH-ELIM-3',
    'AOH-ELIM-4',
    'AOH-ELIM-5',
    'AOH-RET-6',
  ]);
  if (st.leader === s) {
    const l = nextAlive(st, s);
    if (l >= 0) {
      st.leader = l;
      emit(log, 'aoh.ev.leader', { seat: l }, ['AOH-FLOW-1', 'AOH-ELIM-6']);
    }
  }
}

/* ------------------------------------------------------------------ rounds and Market Day */

function startMarket(st: AohState, first: boolean, log: EventSink): void {
  st.round++;
  st.active = -1;
  for (const p of st.p) p.played = false;
  st.market = {
    first,
    pending: st.p.map(() => []),
    offers: [],
    ready: st.p.map(() => false),
    inputs: st.p.map(() => 0),
    drafts: st.p.map(() => null),
    trading: false,
  };
  emit(log, 'aoh.ev.marketDay', { round: st.round, first }, ['AOH-MKT-1', 'AOH-FLOW-2', 'AOH-FLOW-4']);
  push(st, { k: 'market', pc: 0, order: [], i: 0 });
}

/** AOH-MKT-2..10. */
function stepMarket(st: AohState, f: F<'market'>, log: EventSink): boolean {
  const m = st.market!;
  switch (f.pc) {
    case 0: {
      f.order = orderFrom(st, st.leader);
      for (const s of f.order) {
        const c = connectedCount(st, s);
        const k = st.cfg.marketDay.baseDraw + st.cfg.marketDay.perConnectedTribe * c;
        emit(log, 'aoh.ev.marketDraw', { seat: s, count: k, connected: c }, [
          'AOH-MKT-2',
          'AOH-MKT-3',
          'AOH-ROAD-8',
          'AOH-ROAD-10',
        ]);
        for (let j = 0; j < k; j++) {
          const card = drawCard(st, log);
          if (card === null) break;
          if (isImmediate(st, card)) {
            m.pending[s]!.push(card);
            emit(log, 'aoh.ev.pending', { seat: s, card }, ['AOH-MKT-4', 'AOH-DRAW-5']);
          } else {
            st.p[s]!.hand.push(card);
            emit(log, 'aoh.ev.drawPrivate', { seat: s, card }, ['AOH-MKT-2'], [s]);
            emit(log, 'aoh.ev.drawHidden', { seat: s }, ['AOH-MKT-2'], undefined, [s]);
          }
        }
      }
      f.pc = 1;
      f.i = 0;
      return false;
    }
    case 1: {
      // AOH-MKT-5: each player's pending cards in the order drawn, players from the round leader.
      while (f.i < f.order.length) {
        const s = f.order[f.i]!;
        const q = m.pending[s]!;
        if (!st.p[s]!.alive || q.length === 0) {
          f.i++;
          continue;
        }
        const card = q.shift()!;
        pushEvent(st, card, s, m.first && classes(st.cfg).disaster.has(card));
        return false;
      }
      f.pc = 2;
      return false;
    }
    case 2:
      f.pc = 3;
      checkpointNext(st);
      return false;
    case 3:
      f.pc = 4;
      m.trading = true;
      for (let s = 0; s < st.n; s++) {
        m.ready[s] = !st.p[s]!.alive;
        m.inputs[s] = 0;
      }
      emit(log, 'aoh.ev.tradingOpen', {}, ['AOH-MKT-9', 'AOH-TRADE-19']);
      return false;
    case 4: {
      for (let s = 0; s < st.n; s++) if (st.p[s]!.alive && !m.ready[s]) return true;
      f.pc = 5;
      m.trading = false;
      const voided = m.offers.length;
      m.offers = [];
      m.drafts = st.p.map(() => null);
      emit(log, 'aoh.ev.tradingClosed', { voided }, ['AOH-TRADE-22', 'AOH-TRADE-23', 'AOH-MKT-10']);
      checkpointNext(st);
      return false;
    }
    default:
      pop(st);
      st.market = null;
      push(st, { k: 'turn', seat: st.leader, pc: 0 });
      return false;
  }
}

/** AOH-FLOW-3: after a turn, Market Day if every survivor has played, else the next survivor. */
function nextTurn(st: AohState, from: Seat, log: EventSink): void {
  st.active = -1;
  const alive = orderFrom(st, from);
  if (alive.every((s) => st.p[s]!.played)) {
    startMarket(st, false, log);
    return;
  }
  let s = from;
  do s = (s + 1) % st.n;
  while (!st.p[s]!.alive || st.p[s]!.played);
  push(st, { k: 'turn', seat: s, pc: 0 });
}

/* ------------------------------------------------------------------ a turn */

/** AOH-TURN-1..9. */
function stepTurn(st: AohState, f: F<'turn'>, log: EventSink): void {
  const p = st.p[f.seat]!;
  switch (f.pc) {
    case 0:
      p.turns++;
      p.played = true;
      st.active = f.seat;
      emit(log, 'aoh.ev.turn', { seat: f.seat, turn: p.turns, round: st.round }, [
        'AOH-TURN-1',
        'AOH-TURN-2',
        'AOH-FLOW-5',
      ]);
      f.pc = 1;
      drawForTurn(st, f.seat, log, 'AOH-TURN-3');
      return;
    case 1:
      f.pc = 2;
      checkpointNext(st);
      return;
    case 2:
      f.pc = 3;
      push(st, { k: 'action', seat: f.seat });
      return;
    case 3:
      f.pc = 4;
      checkpointNext(st);
      return;
    case 4:
      f.pc = 5;
      push(st, { k: 'monument', seat: f.seat });
      return;
    case 5:
      f.pc = 6;
      checkpointNext(st);
      return;
    case 6:
      f.pc = 7;
      if (p.hand.length > st.cfg.handLimit) push(st, { k: 'discard', seat: f.seat });
      return;
    case 7:
      f.pc = 8;
      checkpointNext(st);
      return;
    case 8: {
      // AOH-TURN-7: phase 5 — away armies return; expiring Earthquakes are removed.
      for (const a of p.armies) {
        if (a.status === 'away' && a.returnAt === p.turns) {
          a.status = 'home';
          a.returnAt = 0;
          emit(log, 'aoh.ev.armyReturns', { seat: f.seat, army: a.id }, ['AOH-TURN-7', 'AOH-RET-3']);
        }
        const keep = a.quakes.filter((t) => t !== p.turns);
        if (keep.length !== a.quakes.length) {
          discard(st, 'earthquake', a.quakes.length - keep.length);
          a.quakes = keep;
          emit(log, 'aoh.ev.quakeExpires', { seat: f.seat, army: a.id }, ['AOH-TURN-7', 'AOH-EVT-QUAKE-6']);
        }
      }
      f.pc = 9;
      checkpointNext(st);
      return;
    }
    case 9: {
      // AOH-TURN-8, AOH-WIN-4..6: the active player's own claim is checked.
      if (p.claim !== 0 && p.claim === p.turns) {
        if (satisfiesClaim(st, f.seat)) {
          const route = p.cities >= st.cfg.victory.cities ? 'cities' : 'monument';
          st.over = { winners: [f.seat], reason: route };
          emit(log, 'aoh.ev.win', { seats: [f.seat], route }, ['AOH-WIN-4', 'AOH-WIN-6']);
          return;
        }
        p.claim = 0;
        emit(log, 'aoh.ev.claimFails', { seat: f.seat }, ['AOH-WIN-5']);
      }
      pop(st);
      nextTurn(st, f.seat, log);
      return;
    }
    default:
      pop(st);
      nextTurn(st, f.seat, log);
  }
}

/** AOH-TAX-1, AOH-TAX-2: one card per city, one at a time, immediates resolved in between. */
function stepTaxes(st: AohState, f: F<'taxes'>, log: EventSink): void {
  if (f.left <= 0) {
    pop(st);
    checkpointNext(st);
    return;
  }
  f.left--;
  drawForTurn(st, f.seat, log, 'AOH-TAX-2');
}

/* ------------------------------------------------------------------ events */

/** AOH-EVT-POP-1/2. */
function populationBoom(st: AohState, s: Seat, log: EventSink): void {
  if (st.supply.city > 0) {
    st.supply.city--;
    st.p[s]!.cities++;
    emit(log, 'aoh.ev.boom', { seat: s }, ['AOH-EVT-POP-1', 'AOH-EVT-POP-3']);
  } else emit(log, 'aoh.ev.boomEmpty', { seat: s }, ['AOH-EVT-POP-2', 'AOH-EDGE-3']);
}

/** AOH-EVT-QUAKE-2: armies of other surviving tribes with no General, in default order (AOH-DP-2). */
export function quakeTargets(st: AohState, drawer: Seat): number[] {
  const out: number[] = [];
  for (let i = 1; i < st.n; i++) {
    const s = (drawer + i) % st.n;
    if (!st.p[s]!.alive) continue;
    const ids = st.p[s]!.armies.filter((a) => !a.general).map((a) => a.id);
    ids.sort((a, b) => a - b);
    out.push(...ids);
  }
  return out;
}

/** AOH-EVT-VOLC-2: other surviving tribes with a city, clockwise from the left neighbour. */
export function volcanoTargets(st: AohState, drawer: Seat): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i < st.n; i++) {
    const s = (drawer + i) % st.n;
    if (st.p[s]!.alive && st.p[s]!.cities > 0) out.push(s);
  }
  return out;
}

export function armyOwner(st: AohState, id: number): Seat {
  for (let s = 0; s < st.n; s++) if (st.p[s]!.armies.some((a) => a.id === id)) return s;
  return -1;
}

function findArmy(st: AohState, id: number): Army | undefined {
  for (const p of st.p) for (const a of p.armies) if (a.id === id) return a;
  return undefined;
}

function finishEvent(st: AohState, f: F<'event'>): void {
  discard(st, f.card);
  pop(st);
  checkpointNext(st);
}

/** AOH-EVT-LUCK-1: `seat`'s Luck (already taken from his hand) cancels the event; both are discarded. */
function playLuck(st: AohState, f: F<'event'>, seat: Seat, log: EventSink): void {
  discard(st, 'luck');
  emit(log, 'aoh.ev.luck', { seat, card: f.card }, [
    'AOH-EVT-LUCK-1',
    'AOH-EVT-LUCK-2',
    'AOH-EVT-LUCK-3',
    f.card === 'famine' ? 'AOH-EVT-FAM-2' : f.card === 'volcano' ? 'AOH-EVT-VOLC-4' : 'AOH-EVT-QUAKE-4',
    'AOH-HID-7',
  ]);
  finishEvent(st, f);
}

/** §17: one immediate card, from its reveal to its discard. */
function stepEvent(st: AohState, f: F<'event'>, log: EventSink): boolean {
  if (f.suppressed) {
    emit(log, 'aoh.ev.suppressed', { seat: f.drawer, card: f.card }, ['AOH-DRAW-8', 'AOH-EVT-LUCK-5']);
    finishEvent(st, f);
    return false;
  }
  switch (f.card) {
    case 'population_boom':
      populationBoom(st, f.drawer, log);
      finishEvent(st, f);
      return false;
    case 'earthquake': {
      if (f.pc === 0) {
        const t = quakeTargets(st, f.drawer);
        if (t.length === 0) {
          emit(log, 'aoh.ev.noTarget', { seat: f.drawer, card: f.card }, ['AOH-EVT-QUAKE-3', 'AOH-EDGE-1']);
          finishEvent(st, f);
          return false;
        }
        if (t.length === 1) {
          f.target = t[0]!;
          f.pc = 2;
          emit(
            log,
            'aoh.ev.quakeTarget',
            { seat: f.drawer, army: f.target, owner: armyOwner(st, f.target), auto: true },
            ['AOH-EVT-QUAKE-1', 'AOH-DP-2'],
          );
          return false;
        }
        f.pc = 1;
      }
      return true;
    }
    case 'volcano': {
      if (f.pc === 0) {
        const t = volcanoTargets(st, f.drawer);
        if (t.length === 0) {
          emit(log, 'aoh.ev.noTarget', { seat: f.drawer, card: f.card }, ['AOH-EVT-VOLC-3', 'AOH-EDGE-2']);
          finishEvent(st, f);
          return false;
        }
        if (t.length === 1) {
          f.target = t[0]!;
          f.pc = 2;
          emit(log, 'aoh.ev.volcanoTarget', { seat: f.drawer, target: f.target, auto: true }, [
            'AOH-EVT-VOLC-1',
            'AOH-DP-4',
          ]);
          return false;
        }
        f.pc = 1;
      }
      return true;
    }
    case 'famine': {
      if (f.pc === 0) {
        // AOH-EVT-FAM-2, AOH-HID-14: one window for every survivor at once, each answering secretly.
        f.ans = st.p.map((p) => (p.alive ? 0 : -1));
        f.pc = 1;
        emit(log, 'aoh.ev.famineWindow', { seat: f.drawer }, ['AOH-EVT-FAM-2', 'AOH-HID-14']);
      }
      for (let s = 0; s < st.n; s++) if (f.ans[s] === 0 && st.p[s]!.alive) return true;
      // Every survivor has answered: the first in turn order from the drawer who plays Luck cancels
      // the Famine; the later answers are never shown (as if those players had not been asked).
      for (const s of orderFrom(st, f.drawer))
        if (f.ans[s] === 2 && takeCard(st.p[s]!.hand, 'luck')) {
          playLuck(st, f, s, log);
          return false;
        }
      // Nobody played Luck: every survivor discards all his Grain (AOH-EVT-FAM-1).
      for (const s of orderFrom(st, f.drawer)) {
        const p = st.p[s]!;
        const g = count(p.hand, 'grain');
        if (g > 0) {
          p.hand = p.hand.filter((c) => c !== 'grain');
          discard(st, 'grain', g);
        }
        emit(log, 'aoh.ev.famine', { seat: s, grain: g }, ['AOH-EVT-FAM-1', 'AOH-EVT-FAM-3']);
      }
      finishEvent(st, f);
      return false;
    }
    case 'barbarians': {
      if (f.pc === 0) {
        f.pc = 1;
        st.war = newWar(-1, f.drawer, 'plunder');
        emit(log, 'aoh.ev.barbarians', { seat: f.drawer }, [
          'AOH-EVT-BARB-1',
          'AOH-EVT-BARB-2',
          'AOH-EVT-BARB-4',
        ]);
        push(st, { k: 'war', pc: 0, barb: true });
        push(st, { k: 'response', seat: f.drawer, barb: true });
        return false;
      }
      emit(log, 'aoh.ev.barbariansDone', { seat: f.drawer }, ['AOH-EVT-BARB-8', 'AOH-EVT-BARB-9']);
      finishEvent(st, f);
      return false;
    }
    default:
      // A configured immediate card with no rule: discarded with no effect.
      finishEvent(st, f);
      return false;
  }
}

/* ------------------------------------------------------------------ war and battle */

function newWar(attacker: Seat, defender: Seat, objective: Objective): War {
  return {
    attacker,
    defender,
    objective,
    armies: [],
    heroesA: [],
    heroesD: [],
    units: [],
    a: 0,
    d: 0,
    pool: [[], []],
    placed: [false, false],
    pick: [-1, -1],
    wins: 0,
    v: 0,
    duels: [],
    drawn: false,
    cancelled: false,
    responded: false,
  };
}

/** Seat controlling a battle side, or -1 for the barbarians. */
export function sideSeat(w: War, side: 0 | 1): Seat {
  return side === 0 ? w.attacker : w.defender;
}

function unit(side: 0 | 1, army: number, lead: boolean): Unit {
  return { side, army, lead, card: 0, fought: false, alive: true };
}

/** §15, §16: from the defender's response to the returns. */
function stepWar(st: AohState, f: F<'war'>, log: EventSink): void {
  const w = st.war!;
  const cfg = st.cfg;
  switch (f.pc) {
    case 0: {
      if (w.cancelled) {
        // AOH-WAR-14, AOH-EVT-BARB-3: no battle; the attacker's Heroes are lost; armies return.
        discard(st, 'mighty_hero', w.heroesA.length);
        returnArmies(st, w, log);
        st.war = null;
        pop(st);
        if (!f.barb) checkpointNext(st);
        return;
      }
      // AOH-BATTLE-1: units at the start of battle, in unit order (AOH-WAR-2).
      if (w.attacker < 0)
        for (let i = 0; i < cfg.battle.barbarianArmies; i++) w.units.push(unit(0, -2, false));
      else {
        const armies = st.p[w.attacker]!.armies.filter((a) => w.armies.includes(a.id)).sort(
          (a, b) => a.id - b.id,
        );
        for (const a of armies) w.units.push(unit(0, a.id, a.general || w.heroesA.includes(a.id)));
        for (const h of w.heroesA) if (h === -1) w.units.push(unit(0, -1, false));
      }
      const def = st.p[w.defender]!.armies.filter(isAvailable).sort((a, b) => a.id - b.id);
      for (const a of def) w.units.push(unit(1, a.id, a.general || w.heroesD.includes(a.id)));
      for (const h of w.heroesD) if (h === -1) w.units.push(unit(1, -1, false));
      w.a = w.units.filter((u) => u.side === 0).length;
      w.d = w.units.length - w.a;
      emit(log, 'aoh.ev.battle', { attacker: w.attacker, defender: w.defender, a: w.a, d: w.d }, [
        'AOH-BATTLE-1',
        'AOH-EVT-BARB-5',
      ]);
      if (w.d === 0) {
        emit(log, 'aoh.ev.noDefence', { defender: w.defender }, [
          'AOH-BATTLE-2',
          'AOH-EDGE-13',
          'AOH-EVT-BARB-7',
        ]);
        f.pc = 3;
        return;
      }
      // AOH-BATTLE-3: attacker (or barbarians) draws first, then the defender.
      w.drawn = true;
      for (let i = 0; i < w.a; i++) w.pool[0].push(st.battle.pop()!);
      for (let i = 0; i < w.d; i++) w.pool[1].push(st.battle.pop()!);
      if (w.attacker >= 0) {
        emit(
          log,
          'aoh.ev.battleCards',
          { seat: w.attacker, cards: w.pool[0].slice() },
          ['AOH-BATTLE-3'],
          [w.attacker],
        );
      }
      emit(
        log,
        'aoh.ev.battleCards',
        { seat: w.defender, cards: w.pool[1].slice() },
        ['AOH-BATTLE-3'],
        [w.defender],
      );
      emit(log, 'aoh.ev.battleCardsHidden', { a: w.a, d: w.d }, ['AOH-BATTLE-3', 'AOH-HID-15']);
      // A side with one unit (the barbarians always) has nothing to choose.
      for (const side of [0, 1] as const) {
        const own = w.units.filter((u) => u.side === side);
        if (side === 0 && w.attacker < 0) {
          own.forEach((u, i) => (u.card = w.pool[0][i]!));
          w.pool[0] = [];
          w.placed[0] = true;
        } else if (own.length === 1) {
          own[0]!.card = w.pool[side].pop()!;
          w.placed[side] = true;
        }
      }
      f.pc = 1;
      push(st, { k: 'place' });
      return;
    }
    case 1:
      emit(log, 'aoh.ev.placed', {}, ['AOH-BATTLE-4', 'AOH-DP-14', 'AOH-DP-25']);
      f.pc = 2;
      push(st, { k: 'duel' });
      return;
    case 2:
      f.pc = 3;
      return;
    default: {
      // AOH-BATTLE-14: V = duels won + max(0, A − D).
      w.v = w.wins + Math.max(0, w.a - w.d);
      emit(log, 'aoh.ev.victorious', { v: w.v, wins: w.wins, excess: Math.max(0, w.a - w.d) }, [
        'AOH-BATTLE-14',
        'AOH-BATTLE-11',
        'AOH-EDGE-12',
      ]);
      spoils(st, w, log);
      // AOH-BATTLE-15: clean-up.
      if (w.drawn) {
        for (const u of w.units) if (u.card) st.battle.push(u.card);
        st.battle.push(...w.pool[0], ...w.pool[1]);
        shuffle(st.rng, st.battle);
      }
      discard(st, 'mighty_hero', w.heroesA.length + w.heroesD.length);
      returnArmies(st, w, log);
      st.war = null;
      pop(st);
      if (!f.barb) checkpointNext(st);
    }
  }
}

/** AOH-RET-1..3: attacker's surviving armies come home over a direct road, else go away. */
function returnArmies(st: AohState, w: War, log: EventSink): void {
  if (w.attacker < 0) return;
  const p = st.p[w.attacker]!;
  const road = hasRoad(st, w.attacker, w.defender);
  const ids: number[] = [];
  for (const a of p.armies)
    if (a.status === 'committed') {
      ids.push(a.id);
      if (road) a.status = 'home';
      else {
        a.status = 'away';
        a.returnAt = p.turns + 1;
      }
    }
  if (ids.length)
    emit(
      log,
      road ? 'aoh.ev.armiesHome' : 'aoh.ev.armiesAway',
      { seat: w.attacker, armies: ids, returnAt: p.turns + 1 },
      road ? ['AOH-RET-2', 'AOH-ROAD-10'] : ['AOH-RET-3', 'AOH-RET-4'],
    );
}

/** §16.1: conquest, plunder, razing — automatic maximum (AOH-SPOILS-1). */
function spoils(st: AohState, w: War, log: EventSink): void {
  const def = st.p[w.defender]!;
  const v = w.v;
  const sp = st.cfg.spoils;
  if (v === 0) {
    emit(log, 'aoh.ev.noSpoils', {}, ['AOH-SPOILS-5', 'AOH-EDGE-14']);
    return;
  }
  if (w.objective === 'conquest' && w.attacker >= 0) {
    const k = Math.min(Math.floor(v / sp.conquestArmiesPerCity), def.cities);
    def.cities -= k;
    st.p[w.attacker]!.cities += k;
    emit(log, 'aoh.ev.conquest', { attacker: w.attacker, defender: w.defender, cities: k }, [
      'AOH-SPOILS-2',
      'AOH-EDGE-9',
      'AOH-SPOILS-6',
    ]);
  } else if (w.objective === 'plunder') {
    const k = Math.min(sp.plunderCardsPerArmy * v, def.hand.length);
    const taken: CardId[] = [];
    if (k > 0) {
      // AOH-RNG-2: shuffle a copy of the hand's positions and take the first k.
      const pos = def.hand.map((_, i) => i);
      shuffle(st.rng, pos);
      const chosen = pos.slice(0, k);
      for (const i of chosen) taken.push(def.hand[i]!);
      const drop = new Set(chosen);
      def.hand = def.hand.filter((_, i) => !drop.has(i));
    }
    if (w.attacker < 0) {
      for (const c of taken) discard(st, c);
      emit(log, 'aoh.ev.barbarianPlunder', { defender: w.defender, cards: taken }, [
        'AOH-EVT-BARB-4',
        'AOH-EVT-BARB-7',
        'AOH-EDGE-5',
        'AOH-HID-13',
      ]);
    } else {
      st.p[w.attacker]!.hand.push(...taken);
      emit(
        log,
        'aoh.ev.plunder',
        { attacker: w.attacker, defender: w.defender, cards: taken, count: k },
        ['AOH-SPOILS-3', 'AOH-EDGE-10', 'AOH-HID-13'],
        [w.attacker, w.defender],
      );
      emit(
        log,
        'aoh.ev.plunderHidden',
        { attacker: w.attacker, defender: w.defender, count: k },
        ['AOH-SPOILS-3', 'AOH-HID-13'],
        undefined,
        [w.attacker, w.defender],
      );
    }
  } else if (w.objective === 'razing') {
    const want = v >= sp.razeTwoAt ? 2 : v >= sp.razeOneAt ? 1 : 0;
    const k = Math.min(want, def.monument);
    def.monument -= k;
    const c = specialOf(st, w.defender);
    if (c) discard(st, c, k);
    emit(log, 'aoh.ev.razing', { attacker: w.attacker, defender: w.defender, cards: k }, [
      'AOH-SPOILS-4',
      'AOH-EDGE-11',
      'AOH-MON-6',
    ]);
  }
}

/** AOH-BATTLE-5..12: duels until one side has no unfought unit. */
function stepDuel(st: AohState, log: EventSink): boolean {
  const w = st.war!;
  const unf0 = unfought(w, 0);
  const unf1 = unfought(w, 1);
  if (unf0.length === 0 || unf1.length === 0) {
    emit(log, 'aoh.ev.battleOver', { duels: w.duels.length }, ['AOH-BATTLE-12', 'AOH-BATTLE-13']);
    pop(st);
    return false;
  }
  if (w.pick[0] < 0 && unf0.length === 1) w.pick[0] = unf0[0]!;
  if (w.pick[1] < 0 && unf1.length === 1) w.pick[1] = unf1[0]!;
  if (w.pick[0] < 0 || w.pick[1] < 0) return true;
  const ua = w.units[w.pick[0]]!;
  const ud = w.units[w.pick[1]]!;
  const b = st.cfg.battle;
  // AOH-BATTLE-7/8: card + 2 if led; +1 per fortress for the defender only.
  const as = ua.card + (ua.lead ? b.generalBonus : 0);
  const ds = ud.card + (ud.lead ? b.generalBonus : 0) + b.fortressBonusEach * st.p[w.defender]!.fortresses;
  const duel = { a: w.pick[0], d: w.pick[1], av: ua.card, dv: ud.card, as, ds };
  w.duels.push(duel);
  ua.fought = ud.fought = true;
  w.pick = [-1, -1];
  if (as > ds) {
    w.wins++;
    destroy(st, w, ud);
  } else if (ds > as) destroy(st, w, ua);
  emit(
    log,
    'aoh.ev.duel',
    { ...duel, attacker: w.attacker, defender: w.defender, winner: as > ds ? 0 : ds > as ? 1 : -1 },
    [
      'AOH-BATTLE-5',
      'AOH-BATTLE-6',
      'AOH-BATTLE-7',
      'AOH-BATTLE-8',
      'AOH-BATTLE-9',
      'AOH-BATTLE-11',
      'AOH-EVT-BARB-6',
    ],
  );
  return false;
}

export function unfought(w: War, side: 0 | 1): number[] {
  const out: number[] = [];
  w.units.forEach((u, i) => {
    if (u.side === side && !u.fought) out.push(i);
  });
  return out;
}

/** AOH-BATTLE-10: a destroyed army returns to the supply with its General. */
function destroy(st: AohState, w: War, u: Unit): void {
  u.alive = false;
  if (u.army < 0) return;
  const owner = sideSeat(w, u.side);
  const p = st.p[owner]!;
  const i = p.armies.findIndex((a) => a.id === u.army);
  const a = p.armies[i]!;
  p.armies.splice(i, 1);
  st.supply.army++;
  if (a.general) st.supply.general++;
}

/* ------------------------------------------------------------------ prompts */

/** Seats that the game waits for now (plus, in the trading window, seats that may act). */
export function pendingSeats(st: AohState): Seat[] {
  const f = top(st);
  if (!f || st.over) return [];
  switch (f.k) {
    case 'draft':
      return [f.order[f.i]!];
    case 'action':
    case 'swap':
    case 'build':
    case 'consent':
    case 'warDraft':
    case 'response':
    case 'monument':
    case 'discard':
      return [f.seat];
    case 'event':
      if (f.card === 'earthquake')
        return f.pc === 1 ? [f.drawer] : f.pc === 2 ? [armyOwner(st, f.target)] : [];
      if (f.card === 'volcano') return f.pc === 1 ? [f.drawer] : f.pc === 2 ? [f.target] : [];
      if (f.card === 'famine') {
        const out: Seat[] = [];
        if (f.pc === 1) for (let s = 0; s < st.n; s++) if (f.ans[s] === 0 && st.p[s]!.alive) out.push(s);
        return out;
      }
      return [];
    case 'place': {
      const w = st.war!;
      const out: Seat[] = [];
      for (const side of [0, 1] as const)
        if (!w.placed[side] && sideSeat(w, side) >= 0) out.push(sideSeat(w, side));
      return out;
    }
    case 'duel': {
      const w = st.war!;
      const out: Seat[] = [];
      for (const side of [0, 1] as const)
        if (w.pick[side] < 0 && sideSeat(w, side) >= 0) out.push(sideSeat(w, side));
      return out;
    }
    case 'market': {
      if (f.pc !== 4) return [];
      const m = st.market!;
      const out: Seat[] = [];
      for (let s = 0; s < st.n; s++) if (st.p[s]!.alive && !m.ready[s]) out.push(s);
      return out;
    }
    default:
      return [];
  }
}

/** `pendingSeats(st).includes(seat)` without building the list (the legal-action hot path). */
export function isPending(st: AohState, seat: Seat): boolean {
  const f = top(st);
  if (!f || st.over) return false;
  switch (f.k) {
    case 'draft':
      return f.order[f.i] === seat;
    case 'action':
    case 'swap':
    case 'build':
    case 'consent':
    case 'warDraft':
    case 'response':
    case 'monument':
    case 'discard':
      return f.seat === seat;
    case 'place': {
      const w = st.war!;
      return (
        (!w.placed[0] && w.attacker >= 0 && w.attacker === seat) ||
        (!w.placed[1] && w.defender >= 0 && w.defender === seat)
      );
    }
    case 'duel': {
      const w = st.war!;
      return (
        (w.pick[0] < 0 && w.attacker >= 0 && w.attacker === seat) ||
        (w.pick[1] < 0 && w.defender >= 0 && w.defender === seat)
      );
    }
    case 'market':
      return f.pc === 4 && seat >= 0 && seat < st.n && st.p[seat]!.alive && !st.market!.ready[seat];
    default:
      return pendingSeats(st).includes(seat);
  }
}

/* ------------------------------------------------------------------ actions */

export function apply(st: AohState, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const bad = inputError(fail, a, seat, st.n, 'AOH-DOC-2');
  if (bad) return bad;
  if (st.over) return fail('over', 'The game is over.', 'AOH-WIN-11');
  if (!st.p[seat]!.alive)
    return fail('eliminated', 'An eliminated player takes no further part.', 'AOH-ELIM-4');
  if (a.type === 'resign') return resign(st, seat, log);
  const r = dispatch(st, seat, a, log);
  if (r.ok) advance(st, log);
  return r;
}

/**
 * AOH-ELIM-8, AOH-DP-22, AOH-FLOW-6: a resignation is a checkpoint of its own. What the player leaves
 * unfinished is settled first (`leave`), then he is eliminated and cleaned up at once (AOH-ELIM-3);
 * a two-player game ends there (AOH-WIN-1), and the resigning active player's turn ends (AOH-TURN-9).
 */
function resign(st: AohState, seat: Seat, log: EventSink): ApplyResult {
  const p = st.p[seat]!;
  if (p.resigned) return fail('alreadyResigned', 'You have already resigned.', 'AOH-ELIM-8');
  p.resigned = true;
  emit(log, 'aoh.ev.resigned', { seat }, ['AOH-ELIM-8', 'AOH-DP-22', 'AOH-FLOW-6']);
  leave(st, seat, log);
  checkpoint(st, log, true);
  advance(st, log);
  return OK;
}

/**
 * What a resigning player leaves unfinished, settled before he is removed (AOH-ELIM-8):
 * - a war he fights (as attacker, defender or Barbarians' victim) ends without a battle (`abandonWar`);
 * - an event card waiting for his own decision (his Earthquake or Volcano target, his Luck against
 *   it) lapses: it is discarded without effect; a Famine's window goes on without him;
 * - a road consent asked of him is a refusal (AOH-ROAD-6);
 * - a war declaration drafted against him goes back to the choice of action;
 * - an Earthquake or Volcano target still to be chosen is chosen again among the survivors.
 * Decisions of his own turn are dropped with the turn (AOH-TURN-9, in the checkpoint).
 */
function leave(st: AohState, seat: Seat, log: EventSink): void {
  const w = st.war;
  if (w && (w.attacker === seat || w.defender === seat)) abandonWar(st, seat, log);
  const f = top(st);
  if (!f) return;
  if (f.k === 'consent' && f.seat === seat) {
    pop(st);
    emit(log, 'aoh.ev.roadRefused', { seat: f.builder, to: seat }, ['AOH-ROAD-6', 'AOH-ELIM-8']);
  } else if (f.k === 'warDraft' && f.target === seat) {
    pop(st);
    push(st, { k: 'action', seat: f.seat });
    emit(log, 'aoh.ev.warDropped', { seat: f.seat, target: seat }, ['AOH-ELIM-8', 'AOH-WAR-3']);
  } else if (f.k === 'event' && !f.suppressed && (f.card === 'earthquake' || f.card === 'volcano')) {
    const victim = f.pc !== 2 ? -1 : f.card === 'earthquake' ? armyOwner(st, f.target) : f.target;
    if ((f.pc === 1 && f.drawer === seat) || victim === seat) {
      emit(log, 'aoh.ev.lapsed', { seat, card: f.card }, ['AOH-ELIM-8']);
      finishEvent(st, f);
    } else if (f.pc === 1) f.pc = 0; // his armies or cities are no longer targets
  }
}

/** A war that ends without its battle: battle cards back to their deck, played Heroes discarded. */
function clearWar(st: AohState, w: War): void {
  if (w.drawn) {
    for (const u of w.units) if (u.card) st.battle.push(u.card);
    st.battle.push(...w.pool[0], ...w.pool[1]);
    shuffle(st.rng, st.battle);
  }
  discard(st, 'mighty_hero', w.heroesA.length + (w.responded ? w.heroesD.length : 0));
  st.war = null;
}

/**
 * A war ends without a battle because `seat`, who fights it, resigns (AOH-ELIM-8): battle cards go
 * back to the battle deck, which is shuffled (AOH-BATTLE-15); every Hero played is discarded
 * (AOH-EVT-HERO-7); the attacker's committed armies return as surviving attackers would (AOH-RET-2,
 * AOH-RET-3 — judged before the resigning player's roads are removed). A Barbarians card is
 * discarded with its war.
 */
function abandonWar(st: AohState, seat: Seat, log: EventSink): void {
  const w = st.war!;
  let i = st.stack.length - 1;
  while (i >= 0 && st.stack[i]!.k !== 'war') i--;
  const barb = (st.stack[i] as F<'war'>).barb;
  st.stack.length = i;
  clearWar(st, w);
  returnArmies(st, w, log);
  emit(log, 'aoh.ev.warAbandoned', { seat, attacker: w.attacker, defender: w.defender }, [
    'AOH-ELIM-8',
    'AOH-EVT-HERO-7',
    'AOH-BATTLE-15',
  ]);
  if (barb) finishEvent(st, top(st) as F<'event'>);
  else checkpointNext(st);
}

const notYours = () => fail('notYourDecision', 'It is not your decision now.', 'AOH-DP-24');
/**
 * An input that does not answer the decision point waiting for it: `point` names that decision (its
 * code `wrongAction.<point>` says what the game waits for), `rule` the decision point's rule.
 */
const wrong = (point: string, message: string, rule: string) => fail(`wrongAction.${point}`, message, rule);

/** AOH-MKT-12: turn-only inputs, rejected throughout a Market Day (trading window and event decisions alike). */
const NOT_ON_MARKET_DAY = new Set<string>(['tribe', 'taxes', 'build', 'war', 'buildItem', 'monument']);

function dispatch(st: AohState, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const f = top(st);
  if (!f) return notYours();
  if (st.market && NOT_ON_MARKET_DAY.has(a.type))
    return fail(
      'marketDay',
      'During Market Day players cannot build, make war, collect taxes or place monument cards.',
      'AOH-MKT-12',
    );
  switch (f.k) {
    case 'draft':
      return doDraft(st, f, seat, a, log);
    case 'action':
      return doAction(st, f, seat, a, log);
    case 'swap':
      return doSwap(st, f, seat, a, log);
    case 'build':
      return doBuild(st, f, seat, a, log);
    case 'consent':
      return doConsent(st, f, seat, a, log);
    case 'warDraft':
      return doWarDraft(st, f, seat, a, log);
    case 'response':
      return doResponse(st, f, seat, a, log);
    case 'event':
      return doEvent(st, f, seat, a, log);
    case 'place':
      return doPlace(st, seat, a, log);
    case 'duel':
      return doDuel(st, seat, a, log);
    case 'monument':
      return doMonument(st, f, seat, a, log);
    case 'discard':
      return doDiscard(st, f, seat, a, log);
    case 'market':
      if (f.pc === 4) return doTrade(st, seat, a, log);
      return notYours();
    default:
      return notYours();
  }
}

function doDraft(st: AohState, f: F<'draft'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (seat !== f.order[f.i]) return notYours();
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

function doAction(st: AohState, f: F<'action'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (seat !== f.seat) return notYours();
  const p = st.p[seat]!;
  switch (a.type) {
    case 'pass':
      pop(st);
      emit(log, 'aoh.ev.pass', { seat }, ['AOH-TURN-4', 'AOH-DP-8']);
      return OK;
    case 'taxes':
      pop(st);
      if (p.cities > 0) {
        emit(log, 'aoh.ev.taxes', { seat, cities: p.cities }, ['AOH-TAX-1', 'AOH-EDGE-36']);
        push(st, { k: 'taxes', seat, left: p.cities });
      } else if (p.hand.length > 0) push(st, { k: 'swap', seat });
      else checkpointNext(st);
      return OK;
    case 'build':
      pop(st);
      emit(log, 'aoh.ev.buildStart', { seat }, ['AOH-BUILD-1']);
      push(st, { k: 'build', seat, asked: [] });
      return OK;
    case 'war': {
      if (!isAlive(st, a.target) || a.target === seat)
        return fail('badTarget', 'You can attack exactly one other surviving tribe.', 'AOH-WAR-3');
      if (!OBJECTIVES.includes(a.objective))
        return fail('badObjective', 'The objective must be conquest, plunder or razing.', 'AOH-WAR-5');
      if (!p.armies.some(isAvailable) && count(p.hand, 'mighty_hero') === 0)
        return fail('noUnits', 'You have no available army and no Hero to attack with.', 'AOH-WAR-8');
      pop(st);
      push(st, { k: 'warDraft', seat, target: a.target, objective: a.objective, armies: [], heroes: [] });
      return OK;
    }
    default:
      return wrong('turn', 'Choose this turn\u2019s action first: taxes, build, war or pass.', 'AOH-DP-8');
  }
}

function doSwap(st: AohState, f: F<'swap'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (seat !== f.seat) return notYours();
  const p = st.p[seat]!;
  if (a.type === 'swapSkip') {
    pop(st);
    checkpointNext(st);
    return OK;
  }
  if (a.type !== 'swap')
    return wrong('swap', 'Taxes without a city: choose one hand card to swap, or skip the swap.', 'AOH-DP-9');
  if (!takeCard(p.hand, a.card)) return fail('notInHand', 'You do not hold that card.', 'AOH-TAX-3');
  discard(st, a.card);
  emit(log, 'aoh.ev.swap', { seat, card: a.card }, ['AOH-TAX-3', 'AOH-HID-5']);
  pop(st);
  checkpointNext(st);
  drawForTurn(st, seat, log, 'AOH-TAX-4');
  return OK;
}

/** Reasons an item cannot be built now, or null. Shared by validation and legal-action listing. */
function buildError(
  st: AohState,
  seat: Seat,
  f: F<'build'>,
  item: ItemKind,
  host?: number,
  to?: Seat,
): RuleError | null {
  const p = st.p[seat]!;
  if (!ITEM_KINDS.includes(item))
    return fail('noSuchItem', 'There is no such item to build.', 'AOH-COMP-5').error;
  if (st.supply[item] <= 0)
    return fail('supplyEmpty', `No ${item} is left in the supply.`, 'AOH-BUILD-8').error;
  if (item === 'general') {
    const h = p.armies.find((x) => x.id === host);
    if (!h) return fail('badHost', 'A General must be placed on one of your armies.', 'AOH-BUILD-12').error;
    if (h.general) return fail('hostLed', 'That army already has a General.', 'AOH-BUILD-12').error;
    if (!isAvailable(h))
      return fail(
        'hostAway',
        'A General can only join an army at home and not under an Earthquake.',
        'AOH-BUILD-12',
      ).error;
  }
  if (item === 'road') {
    if (to === undefined || !neighbours(st, seat).includes(to))
      return fail('notNeighbour', 'A road can only be built to your left or right neighbour.', 'AOH-ROAD-2')
        .error;
    if (hasRoad(st, seat, to))
      return fail('roadExists', 'A road already joins you and that tribe.', 'AOH-ROAD-3').error;
    if (f.asked.includes(to))
      return fail(
        'roadAsked',
        'You have already asked that neighbour for a road during this Build action.',
        'AOH-ROAD-7',
      ).error;
  }
  return null;
}

function doBuild(st: AohState, f: F<'build'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (seat !== f.seat) return notYours();
  if (a.type === 'buildDone') {
    pop(st);
    emit(log, 'aoh.ev.buildDone', { seat }, ['AOH-BUILD-1', 'AOH-DP-11']);
    checkpointNext(st);
    return OK;
  }
  if (a.type !== 'buildItem')
    return wrong('build', 'You are building: order another item or finish building.', 'AOH-DP-10');
  const p = st.p[seat]!;
  const e = buildError(st, seat, f, a.item, a.host, a.to);
  if (e) return { ok: false, error: e };
  const pe = paymentError(st.cfg, a.item, a.pay);
  if (pe) return fail('badPayment', `Invalid payment: ${pe}.`, 'AOH-BUILD-5');
  if (!holds(p.hand, a.pay)) return fail('cannotPay', 'You do not hold those cards.', 'AOH-BUILD-2');
  if (a.item === 'road') {
    // AOH-ROAD-5: the neighbour must consent before anything is paid.
    f.asked.push(a.to!);
    emit(log, 'aoh.ev.roadRequest', { seat, to: a.to }, ['AOH-ROAD-5', 'AOH-DP-12', 'AOH-HID-11']);
    push(st, { k: 'consent', seat: a.to!, builder: seat, pay: a.pay.slice() });
    return OK;
  }
  takeCards(p.hand, a.pay);
  for (const c of a.pay) discard(st, c);
  st.supply[a.item]--;
  switch (a.item) {
    case 'city':
      p.cities++;
      break;
    case 'fortress':
      p.fortresses++;
      break;
    case 'army':
      p.armies.push(newArmy(st));
      break;
    case 'general':
      p.armies.find((x) => x.id === a.host)!.general = true;
      break;
  }
  emit(log, 'aoh.ev.built', { seat, item: a.item, pay: a.pay, host: a.host }, [
    'AOH-BUILD-2',
    'AOH-BUILD-3',
    'AOH-BUILD-4',
    'AOH-BUILD-7',
    'AOH-BUILD-9',
    a.item === 'general'
      ? 'AOH-BUILD-12'
      : a.item === 'army'
        ? 'AOH-BUILD-10'
        : a.item === 'city'
          ? 'AOH-BUILD-14'
          : 'AOH-BUILD-11',
  ]);
  return OK;
}

function doConsent(st: AohState, f: F<'consent'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (seat !== f.seat) return notYours();
  if (a.type !== 'consent' || typeof a.accept !== 'boolean')
    return wrong('consent', 'A neighbour asks to build a road to you: accept or refuse it.', 'AOH-DP-12');
  pop(st);
  if (a.accept) {
    const b = st.p[f.builder]!;
    takeCards(b.hand, f.pay);
    for (const c of f.pay) discard(st, c);
    st.supply.road--;
    st.roads.push([Math.min(f.builder, seat), Math.max(f.builder, seat), f.builder]);
    emit(log, 'aoh.ev.road', { seat: f.builder, to: seat, pay: f.pay }, [
      'AOH-ROAD-1',
      'AOH-ROAD-6',
      'AOH-BUILD-15',
      'AOH-ROAD-11',
    ]);
  } else emit(log, 'aoh.ev.roadRefused', { seat: f.builder, to: seat }, ['AOH-ROAD-6', 'AOH-HID-11']);
  return OK;
}

/** AOH-EVT-HERO-5: a Hero as general needs an uncovered army (`host` -1: a Hero alone). Adds the Hero. */
function addHero(heroes: number[], ar: Army | undefined, host: number): ApplyResult {
  if (ar && (ar.general || heroes.includes(host)))
    return fail(
      'heroHostLed',
      'That army is already led; a Hero as general needs an uncovered army.',
      'AOH-EVT-HERO-5',
    );
  heroes.push(host);
  return OK;
}

function heroCount(p: Player): number {
  return count(p.hand, 'mighty_hero');
}

function doWarDraft(st: AohState, f: F<'warDraft'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (seat !== f.seat) return notYours();
  const p = st.p[seat]!;
  switch (a.type) {
    case 'warCancel':
      pop(st);
      push(st, { k: 'action', seat });
      return OK;
    case 'warArmy': {
      const ar = p.armies.find((x) => x.id === a.army);
      if (!ar || !isAvailable(ar))
        return fail(
          'armyUnavailable',
          'Only your available armies (at home, not under an Earthquake) can be sent.',
          'AOH-WAR-6',
        );
      if (f.armies.includes(a.army))
        return fail('armySent', 'That army is already part of the attack.', 'AOH-WAR-6');
      f.armies.push(a.army);
      return OK;
    }
    case 'warUnarmy': {
      const i = f.armies.indexOf(a.army);
      if (i < 0) return fail('armyNotSent', 'That army is not part of the attack.', 'AOH-WAR-6');
      f.armies.splice(i, 1);
      f.heroes = f.heroes.filter((h) => h !== a.army);
      return OK;
    }
    case 'warHero': {
      if (heroCount(p) <= f.heroes.length)
        return fail('noHero', 'You hold no other Mighty Hero.', 'AOH-WAR-7');
      const ar = a.host === -1 ? undefined : p.armies.find((x) => x.id === a.host);
      if (a.host !== -1 && (!ar || !f.armies.includes(a.host)))
        return fail(
          'heroHostNotSent',
          'A Hero as general must lead one of the armies you are sending.',
          'AOH-EVT-HERO-5',
        );
      return addHero(f.heroes, ar, a.host);
    }
    case 'warUnhero':
      if (!Number.isInteger(a.index) || a.index < 0 || a.index >= f.heroes.length)
        return fail('noSuchHero', 'No such Hero in the declaration.', 'AOH-WAR-7');
      f.heroes.splice(a.index, 1);
      return OK;
    case 'warDeclare': {
      const units = f.armies.length + f.heroes.filter((h) => h === -1).length;
      if (units === 0)
        return fail('emptyAttack', 'An attack must contain at least one army or Hero-army.', 'AOH-WAR-8');
      if (!isAlive(st, f.target))
        return fail('badTarget', 'That tribe is no longer in the game.', 'AOH-WAR-3');
      pop(st);
      const w = newWar(seat, f.target, f.objective);
      w.armies = f.armies.slice().sort((x, y) => x - y);
      w.heroesA = f.heroes.slice();
      for (const ar of p.armies) if (w.armies.includes(ar.id)) ar.status = 'committed';
      for (let i = 0; i < w.heroesA.length; i++) takeCard(p.hand, 'mighty_hero');
      st.war = w;
      emit(
        log,
        'aoh.ev.war',
        { seat, target: f.target, objective: f.objective, armies: w.armies, heroes: w.heroesA },
        [
          'AOH-WAR-3',
          'AOH-WAR-4',
          'AOH-WAR-5',
          'AOH-WAR-7',
          'AOH-WAR-9',
          'AOH-WAR-10',
          'AOH-DP-13',
          'AOH-HID-8',
        ],
      );
      push(st, { k: 'war', pc: 0, barb: false });
      push(st, { k: 'response', seat: f.target, barb: false });
      return OK;
    }
    default:
      return wrong(
        'warDraft',
        'You are declaring war: choose the attacking armies and Heroes, then declare or cancel.',
        'AOH-DP-13',
      );
  }
}

/**
 * AOH-WAR-11: the defender answers in exactly one action — `olympics`, `luck` (against Barbarians),
 * `respond` with all his Heroes, or `pass` — so nothing of his choice is in the state before it is
 * committed, and the window takes one version whatever he holds.
 */
function doResponse(st: AohState, f: F<'response'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (seat !== f.seat) return notYours();
  const p = st.p[seat]!;
  const w = st.war!;
  // AOH-WAR-15: a response is either a cancel card or a set of Heroes, never both.
  if ((a.type === 'olympics' || a.type === 'luck') && (a as { heroes?: unknown }).heroes !== undefined)
    return fail(
      'cancelWithHeroes',
      'A response is either a cancel card or a set of Heroes, not both.',
      'AOH-WAR-15',
    );
  switch (a.type) {
    case 'olympics':
      if (!takeCard(p.hand, 'olympic_games'))
        return fail('noOlympics', 'You hold no Olympic Games.', 'AOH-EVT-OLY-2');
      discard(st, 'olympic_games');
      w.cancelled = true;
      w.responded = true;
      pop(st);
      emit(log, 'aoh.ev.olympics', { seat }, [
        'AOH-WAR-11',
        'AOH-WAR-14',
        'AOH-EVT-OLY-2',
        'AOH-EVT-BARB-3',
        'AOH-HID-7',
      ]);
      return OK;
    case 'luck':
      if (!f.barb)
        return fail('luckVsPlayer', 'Luck is of no use against an attack by another player.', 'AOH-WAR-12');
      if (!takeCard(p.hand, 'luck')) return fail('noLuck', 'You hold no Luck.', 'AOH-EVT-LUCK-1');
      discard(st, 'luck');
      w.cancelled = true;
      w.responded = true;
      pop(st);
      emit(log, 'aoh.ev.luckBarbarians', { seat }, [
        'AOH-EVT-BARB-3',
        'AOH-EVT-LUCK-1',
        'AOH-EVT-LUCK-2',
        'AOH-EVT-LUCK-3',
      ]);
      return OK;
    case 'respond':
    case 'pass': {
      if (a.type === 'respond') {
        const bad = heroesError(p, a.heroes);
        if (bad) return bad;
      }
      const heroes = a.type === 'pass' ? [] : a.heroes.slice();
      for (let i = 0; i < heroes.length; i++) takeCard(p.hand, 'mighty_hero');
      w.heroesD = heroes;
      w.responded = true;
      pop(st);
      emit(log, 'aoh.ev.response', { seat, heroes: w.heroesD.slice() }, [
        'AOH-WAR-11',
        'AOH-DP-7',
        'AOH-EVT-HERO-2',
        'AOH-EVT-HERO-6',
        'AOH-HID-7',
      ]);
      return OK;
    }
    default:
      return wrong(
        'response',
        'You are attacked: answer with a card that cancels the attack, with Heroes, or with nothing.',
        'AOH-DP-7',
      );
  }
}

/**
 * Why a defender's `respond` cannot be played (null if it can): `heroes` lists the host of each Hero
 * (-1 as an army, else one of his participating uncovered armies, each at most once), sorted ascending,
 * at least one and no more than the Mighty Heroes he holds (AOH-WAR-11, AOH-WAR-13, AOH-EVT-HERO-2..6).
 */
function heroesError(p: Player, heroes: unknown): ApplyResult | null {
  if (!Array.isArray(heroes) || !heroes.every((h) => Number.isInteger(h) && (h as number) >= -1))
    return fail(
      'heroesMalformed',
      'A response with Heroes lists the host of each Hero: -1 for a Hero as an army, else the army it leads.',
      'AOH-DP-7',
    );
  if (heroes.length === 0)
    return fail(
      'noHeroChosen',
      'A response with Heroes plays at least one; to play nothing, pass.',
      'AOH-WAR-11',
    );
  for (let i = 1; i < heroes.length; i++)
    if ((heroes[i - 1] as number) > (heroes[i] as number))
      return fail(
        'heroesOrder',
        'List the Heroes\u2019 hosts in ascending order: the Heroes as armies (-1) first, then the armies they lead.',
        'AOH-DP-7',
      );
  const held = heroCount(p);
  if (heroes.length > held)
    return fail(
      'tooManyHeroes',
      `You hold ${held} Mighty Heroes and cannot play ${heroes.length}.`,
      'AOH-EVT-HERO-2',
      { held, played: heroes.length },
    );
  for (let i = 0; i < heroes.length; i++) {
    const host = heroes[i] as number;
    if (host === -1) continue;
    const ar = p.armies.find((x) => x.id === host);
    if (!ar || !isAvailable(ar))
      return fail(
        'heroHostAbsent',
        'A defender\u2019s Hero as general must lead one of his participating armies.',
        'AOH-WAR-13',
      );
    if (ar.general || heroes[i - 1] === host)
      return fail(
        'heroHostLed',
        'That army is already led; a Hero as general needs an uncovered army.',
        'AOH-EVT-HERO-5',
      );
  }
  return null;
}

function doEvent(st: AohState, f: F<'event'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (!pendingSeats(st).includes(seat)) return notYours();
  if (f.card === 'earthquake' && f.pc === 1) {
    if (a.type !== 'quakeTarget')
      return wrong('quakeTarget', 'Your Earthquake needs a target: choose the army it strikes.', 'AOH-DP-2');
    if (!quakeTargets(st, f.drawer).includes(a.army))
      return fail(
        'badQuakeTarget',
        'An Earthquake must hit an army of another tribe that no General leads.',
        'AOH-EVT-QUAKE-2',
      );
    f.target = a.army;
    f.pc = 2;
    emit(log, 'aoh.ev.quakeTarget', { seat, army: a.army, owner: armyOwner(st, a.army) }, [
      'AOH-EVT-QUAKE-1',
      'AOH-EVT-QUAKE-2',
      'AOH-DP-2',
    ]);
    return OK;
  }
  if (f.card === 'volcano' && f.pc === 1) {
    if (a.type !== 'volcanoTarget')
      return wrong('volcanoTarget', 'Your Volcano needs a target: choose the tribe it strikes.', 'AOH-DP-4');
    if (!volcanoTargets(st, f.drawer).includes(a.seat))
      return fail(
        'badVolcanoTarget',
        'A Volcano must hit another surviving tribe that has a city.',
        'AOH-EVT-VOLC-2',
      );
    f.target = a.seat;
    f.pc = 2;
    emit(log, 'aoh.ev.volcanoTarget', { seat, target: a.seat }, [
      'AOH-EVT-VOLC-1',
      'AOH-EVT-VOLC-2',
      'AOH-DP-4',
    ]);
    return OK;
  }
  // Luck windows: DP-3 (Earthquake), DP-5 (Volcano), DP-6 (Famine).
  if (a.type !== 'luck' && a.type !== 'pass')
    return wrong(
      'luck',
      'An event card is resolving: play Luck against it or pass.',
      f.card === 'famine' ? 'AOH-DP-6' : f.card === 'volcano' ? 'AOH-DP-5' : 'AOH-DP-3',
    );
  const p = st.p[seat]!;
  if (a.type === 'luck' && count(p.hand, 'luck') === 0)
    return fail('noLuck', 'You hold no Luck.', 'AOH-EVT-LUCK-1');
  if (f.card === 'famine') {
    // AOH-EVT-FAM-2, AOH-HID-14: a secret answer; the window resolves once every survivor has answered.
    f.ans[seat] = a.type === 'luck' ? 2 : 1;
    emit(
      log,
      a.type === 'luck' ? 'aoh.ev.luckAnswerPlay' : 'aoh.ev.luckAnswerPass',
      { seat },
      ['AOH-EVT-FAM-2', 'AOH-HID-14'],
      [seat],
    );
    return OK;
  }
  if (a.type === 'luck') {
    takeCard(p.hand, 'luck');
    playLuck(st, f, seat, log);
    return OK;
  }
  if (f.card === 'earthquake') {
    const owner = armyOwner(st, f.target);
    const ar = findArmy(st, f.target)!;
    ar.quakes.push(st.p[owner]!.turns + 1);
    pop(st);
    checkpointNext(st);
    emit(log, 'aoh.ev.quake', { seat: f.drawer, owner, army: f.target, expires: st.p[owner]!.turns + 1 }, [
      'AOH-EVT-QUAKE-5',
      'AOH-EVT-QUAKE-6',
      'AOH-DRAW-10',
      'AOH-EDGE-29',
    ]);
    return OK;
  }
  // Volcano: the city returns to the supply (AOH-EVT-VOLC-1, -5).
  st.p[f.target]!.cities--;
  st.supply.city++;
  emit(log, 'aoh.ev.volcano', { seat: f.drawer, target: f.target }, ['AOH-EVT-VOLC-1', 'AOH-EVT-VOLC-5']);
  finishEvent(st, f);
  return OK;
}

/** The battle side `seat` controls in the current war, or -1. */
export function sideOf(st: AohState, seat: Seat): 0 | 1 | -1 {
  const w = st.war;
  if (!w) return -1;
  if (w.attacker === seat) return 0;
  if (w.defender === seat) return 1;
  return -1;
}

function doPlace(st: AohState, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const w = st.war!;
  const side = sideOf(st, seat);
  if (side === -1 || w.placed[side]) return notYours();
  if (a.type === 'resetPlacement') {
    for (const u of w.units)
      if (u.side === side && u.card) {
        w.pool[side].push(u.card);
        u.card = 0;
      }
    return OK;
  }
  if (a.type !== 'place')
    return wrong('place', 'Battle: place your battle cards under your units first.', 'AOH-DP-14');
  const u = w.units[a.unit];
  if (!u || u.side !== side)
    return fail('notYourUnit', 'Place cards only under your own units.', 'AOH-BATTLE-4');
  if (u.card) return fail('unitHasCard', 'That unit already has a battle card.', 'AOH-BATTLE-4');
  const i = w.pool[side].indexOf(a.card);
  if (i < 0) return fail('noSuchCard', 'You have no such battle card to place.', 'AOH-BATTLE-4');
  w.pool[side].splice(i, 1);
  u.card = a.card;
  if (w.pool[side].length === 0) {
    w.placed[side] = true;
    emit(log, 'aoh.ev.placementDone', { seat }, ['AOH-BATTLE-4', 'AOH-DP-14', 'AOH-HID-16']);
  }
  return OK;
}

function doDuel(st: AohState, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const w = st.war!;
  const side = sideOf(st, seat);
  if (side === -1 || w.pick[side] >= 0) return notYours();
  if (a.type !== 'duel') return wrong('duel', 'Battle: choose your unit for the next duel.', 'AOH-DP-15');
  const u = w.units[a.unit];
  if (!u || u.side !== side || u.fought)
    return fail('badDuelUnit', 'Choose one of your units that has not fought yet.', 'AOH-BATTLE-5');
  w.pick[side] = a.unit;
  emit(log, 'aoh.ev.duelPicked', { seat }, ['AOH-BATTLE-5', 'AOH-DP-15', 'AOH-DP-25', 'AOH-HID-16']);
  return OK;
}

function doMonument(st: AohState, f: F<'monument'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (seat !== f.seat) return notYours();
  if (a.type !== 'monument')
    return wrong('monument', 'Say how many special-resource cards you place on your monument.', 'AOH-DP-16');
  const p = st.p[seat]!;
  const sp = specialOf(st, seat)!;
  const have = count(p.hand, sp);
  if (!Number.isInteger(a.count) || a.count < 0)
    return fail('badCount', 'Say how many of your special-resource cards to place.', 'AOH-MON-3');
  if (a.count > have)
    return fail(
      'notOwnSpecial',
      `You hold only ${have} ${sp}; only your own tribe\u2019s special resource can be placed.`,
      'AOH-MON-2',
    );
  for (let i = 0; i < a.count; i++) takeCard(p.hand, sp);
  p.monument += a.count;
  pop(st);
  emit(log, 'aoh.ev.monument', { seat, count: a.count, total: p.monument, card: sp }, [
    'AOH-MON-1',
    'AOH-MON-2',
    'AOH-MON-3',
    'AOH-MON-4',
    'AOH-MON-5',
    'AOH-TURN-5',
  ]);
  return OK;
}

function doDiscard(st: AohState, f: F<'discard'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (seat !== f.seat) return notYours();
  if (a.type !== 'discard')
    return wrong('discard', 'Your hand is over the hand limit: discard down to it first.', 'AOH-DP-17');
  const p = st.p[seat]!;
  if (!takeCard(p.hand, a.card)) return fail('notInHand', 'You do not hold that card.', 'AOH-TURN-6');
  discard(st, a.card);
  emit(log, 'aoh.ev.discard', { seat, card: a.card }, ['AOH-TURN-6', 'AOH-DP-17', 'AOH-HID-5']);
  return OK;
}

/* ------------------------------------------------------------------ trading (§9) */

function tradeInput(st: AohState, seat: Seat): void {
  const m = st.market!;
  m.ready[seat] = false;
  m.inputs[seat]!++;
  const limit = st.opts.tradeInputLimit;
  if (limit > 0 && m.inputs[seat]! >= limit) {
    m.ready[seat] = true;
    m.drafts[seat] = null;
  }
}

export function canAccept(st: AohState, seat: Seat, id: number): boolean {
  const o = st.market!.offers.find((x) => x.id === id);
  if (!o || o.from === seat) return false;
  return o.to === -1 || o.to === seat;
}

function doTrade(st: AohState, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const m = st.market!;
  const p = st.p[seat]!;
  const limit = st.opts.tradeInputLimit;
  if (limit > 0 && m.inputs[seat]! >= limit)
    return fail('tradeLimit', 'You have used all your trading inputs for this Market Day.', 'AOH-TRADE-22');
  const cl = classes(st.cfg);
  const max = st.cfg.trade.maxCardsPerSide;
  const draft = m.drafts[seat];
  const needDraft = () => fail('noDraft', 'Start a new offer first.', 'AOH-TRADE-4');
  switch (a.type) {
    case 'ready':
      if (draft) return fail('draftOpen', 'Post or drop your offer draft first.', 'AOH-TRADE-20');
      m.ready[seat] = true;
      emit(log, 'aoh.ev.ready', { seat, ready: true }, ['AOH-TRADE-20', 'AOH-DP-20', 'AOH-HID-10']);
      return OK;
    case 'unready':
      if (!m.ready[seat]) return fail('notReady', 'You are not ready.', 'AOH-TRADE-20');
      m.ready[seat] = false;
      emit(log, 'aoh.ev.ready', { seat, ready: false }, ['AOH-TRADE-20', 'AOH-HID-10']);
      return OK;
    case 'offerNew':
      if (draft) return fail('draftOpen', 'You already have an offer draft.', 'AOH-TRADE-4');
      if (m.offers.filter((o) => o.from === seat).length >= st.cfg.trade.maxOpenOffersPerPlayer)
        return fail('tooManyOffers', 'You have too many open offers.', 'AOH-TRADE-6');
      m.drafts[seat] = { to: -1, give: [], receive: [] };
      tradeInput(st, seat);
      return OK;
    case 'offerDrop':
      if (!draft) return needDraft();
      m.drafts[seat] = null;
      tradeInput(st, seat);
      return OK;
    case 'offerTo':
      if (!draft) return needDraft();
      if (a.seat !== -1 && (!isAlive(st, a.seat) || a.seat === seat))
        return fail(
          'badRecipient',
          'An offer goes to one other surviving player or to everyone.',
          'AOH-TRADE-6',
        );
      draft.to = a.seat;
      tradeInput(st, seat);
      return OK;
    case 'offerGive':
    case 'offerWant': {
      if (!draft) return needDraft();
      if (!cl.tradable.includes(a.card))
        return fail('notTradable', 'Only resource-deck cards from a hand can be traded.', 'AOH-TRADE-1');
      const side = a.type === 'offerGive' ? draft.give : draft.receive;
      if (side.length >= max)
        return fail('offerTooBig', `An offer has at most ${max} cards per side.`, 'AOH-TRADE-6');
      if (a.type === 'offerGive' && count(p.hand, a.card) <= count(draft.give, a.card))
        return fail('notHeld', 'You can only offer cards you hold.', 'AOH-TRADE-6');
      side.push(a.card);
      tradeInput(st, seat);
      return OK;
    }
    case 'offerUngive':
    case 'offerUnwant': {
      if (!draft) return needDraft();
      const side = a.type === 'offerUngive' ? draft.give : draft.receive;
      const i = side.lastIndexOf(a.card);
      if (i < 0) return fail('notInOffer', 'That card is not in your offer.', 'AOH-TRADE-4');
      side.splice(i, 1);
      tradeInput(st, seat);
      return OK;
    }
    case 'offerPost': {
      if (!draft) return needDraft();
      if (draft.give.length + draft.receive.length === 0)
        return fail('emptyOffer', 'An offer must give or ask for at least one card.', 'AOH-TRADE-6');
      if (!holds(p.hand, draft.give))
        return fail('notHeld', 'You can only offer cards you hold.', 'AOH-TRADE-6');
      if (draft.to !== -1 && !isAlive(st, draft.to))
        return fail('badRecipient', 'That player is no longer in the game.', 'AOH-TRADE-6');
      if (a.note !== undefined && (typeof a.note !== 'string' || a.note.length > st.cfg.trade.maxNoteLength))
        return fail(
          'badNote',
          `A note is free text of at most ${st.cfg.trade.maxNoteLength} characters.`,
          'AOH-TRADE-4',
        );
      if (a.counterTo !== undefined && !m.offers.some((o) => o.id === a.counterTo))
        return fail('badCounter', 'A counter-offer must answer an open offer.', 'AOH-TRADE-15');
      const o: Offer = {
        id: st.nextOffer++,
        from: seat,
        to: draft.to,
        give: draft.give.slice(),
        receive: draft.receive.slice(),
      };
      if (a.note) o.note = a.note;
      if (a.counterTo !== undefined) o.counterTo = a.counterTo;
      m.offers.push(o);
      m.drafts[seat] = null;
      tradeInput(st, seat);
      emit(log, 'aoh.ev.offer', { ...o }, [
        'AOH-TRADE-4',
        'AOH-TRADE-5',
        'AOH-TRADE-6',
        'AOH-TRADE-7',
        'AOH-TRADE-9',
        'AOH-TRADE-15',
        'AOH-DP-18',
        'AOH-HID-10',
      ]);
      return OK;
    }
    case 'withdraw': {
      const i = m.offers.findIndex((o) => o.id === a.offer && o.from === seat);
      if (i < 0) return fail('notYourOffer', 'You can only withdraw your own open offers.', 'AOH-TRADE-14');
      m.offers.splice(i, 1);
      tradeInput(st, seat);
      emit(log, 'aoh.ev.withdrawn', { seat, offer: a.offer }, ['AOH-TRADE-14', 'AOH-DP-18']);
      return OK;
    }
    case 'decline': {
      const i = m.offers.findIndex((o) => o.id === a.offer && o.to === seat);
      if (i < 0)
        return fail(
          'cannotDecline',
          'Only the player an offer is addressed to can decline it.',
          'AOH-TRADE-13',
        );
      m.offers.splice(i, 1);
      tradeInput(st, seat);
      emit(log, 'aoh.ev.declined', { seat, offer: a.offer }, ['AOH-TRADE-13', 'AOH-DP-19']);
      return OK;
    }
    case 'accept': {
      const i = m.offers.findIndex((o) => o.id === a.offer);
      if (i < 0) return fail('noSuchOffer', 'That offer is no longer open.', 'AOH-TRADE-24');
      const o = m.offers[i]!;
      if (!canAccept(st, seat, o.id))
        return fail('cannotAccept', 'That offer is not addressed to you.', 'AOH-TRADE-10');
      if (!holds(p.hand, o.receive))
        return fail('cannotSupply', 'You do not hold the cards the offer asks for.', 'AOH-TRADE-10');
      const from = st.p[o.from]!;
      if (!holds(from.hand, o.give))
        return fail(
          'creatorCannotSupply',
          'The offer\u2019s creator no longer holds what he offers.',
          'AOH-TRADE-10',
        );
      // AOH-TRADE-11: one atomic swap.
      takeCards(from.hand, o.give);
      takeCards(p.hand, o.receive);
      p.hand.push(...o.give);
      from.hand.push(...o.receive);
      m.offers.splice(i, 1);
      tradeInput(st, seat);
      if (!(limit > 0 && m.inputs[o.from]! >= limit)) m.ready[o.from] = false;
      emit(log, 'aoh.ev.trade', { offer: o.id, from: o.from, to: seat, give: o.give, receive: o.receive }, [
        'AOH-TRADE-10',
        'AOH-TRADE-11',
        'AOH-TRADE-16',
        'AOH-TRADE-21',
        'AOH-DP-19',
        'AOH-HID-10',
      ]);
      // AOH-TRADE-12: offers whose creator no longer holds their `give` are withdrawn.
      m.offers = m.offers.filter((x) => {
        const keep = holds(st.p[x.from]!.hand, x.give);
        if (!keep)
          emit(log, 'aoh.ev.autoWithdrawn', { seat: x.from, offer: x.id }, ['AOH-TRADE-12', 'AOH-TRADE-8']);
        return keep;
      });
      checkpointNext(st);
      return OK;
    }
    default:
      return wrong(
        'market',
        'It is Market Day: only trading inputs (offers, accept, decline, withdraw, ready) are possible.',
        'AOH-MKT-12',
      );
  }
}
