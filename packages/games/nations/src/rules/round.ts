/**
 * The round (NAT-ROUND, NAT-MAINT, NAT-ORDER, NAT-FAMINE, NAT-BOOKS): maintenance (the progress board dealt,
 * growth, the event card or solo tile, architects), then after the action phase player order, famine, book
 * scoring and the cleanup that starts the next round or ends the game. Production, war and events have their
 * own chapters.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { E } from '../config.js';
import { soloTile } from '../data.js';
import {
  MK,
  age,
  allDerived,
  deckOf,
  growthAmount,
  modSum,
  orderPos,
  removalsIgnoreWealth,
  sortedSeats,
  stability,
  strength,
} from '../derive.js';
import type { OptOf, NatState, Player, Side } from '../state.js';
import type { Res } from '../types.js';
import { finalScoring } from './end.js';
import { startEvents } from './events.js';
import { ask } from './choices.js';
import { changeVp, forcedPayOne } from './payments.js';
import { productionTask } from './production.js';
import { fireTriggers } from './triggers.js';
import { startWar } from './war.js';

export function step(st: NatState, log: EventSink): void {
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
      askGrowth(st, s, log);
      return;
    }
    case 'event':
      drawEvent(st, log);
      st.step = 'architects';
      return;
    case 'architects': {
      // NAT-MAINT-15/16
      const extra = st.solo
        ? soloTile(st.solo1!.tile!)!.architects
        : deckOf(st).eventCard(st.eventCard!).architects;
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
      const f = st.solo ? soloTile(st.solo1!.tile!)!.famine : deckOf(st).eventCard(st.eventCard!).famine;
      if (log) emit(log, 'nat.ev.famine', { food: f }, ['NAT-FAMINE-1']);
      if (f > 0) famine(st, f, log);
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

/** NAT-MAINT-3..9: clear rows 1–2, move row 3 down, deal, place architects on cards. */
export function dealBoard(st: NatState, log: EventSink): void {
  const dk = deckOf(st);
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
    if (x) {
      dk.moveBoardCard(i, k, x);
      b[k++] = x;
    }
  }
  const deck = st.decks[age(st) - 1]!;
  for (let i = 0; i < 3 * c; i++) if (!b[i] && deck.length > 0) b[i] = { id: deck.pop()!, a: 0 };
  for (let i = 0; i < b.length; i++) {
    const x = b[i];
    if (x) x.a = dk.boardEntry(i, x).architectsOnBoard;
  }
  if (log)
    emit(log, 'nat.ev.board', { round: st.round, left: deck.length }, [
      'NAT-MAINT-3',
      'NAT-MAINT-4',
      'NAT-MAINT-5',
      'NAT-MAINT-9',
    ]);
}

/**
 * NAT-FAMINE-1: every nation pays f food in player order, each payment a forced one. Made at once when no removal
 * condition reads resources or VP (`Deck.wealthSafe`, as `payNow`); when a payment opens a decision (a
 * substitution), the payments left are pushed as they would stand then (the one asking with its item made).
 */
function famine(st: NatState, f: number, log: EventSink): void {
  const n = st.n;
  if (!removalsIgnoreWealth(st)) {
    for (let i = n - 1; i >= 0; i--) st.stack.push({ t: 'pay', s: st.order[i]!, items: [['food', f]], i: 0 });
    return;
  }
  for (let k = 0; k < n; k++) {
    forcedPayOne(st, st.order[k]!, 'food', f, log);
    if (st.pending !== null) {
      for (let i = n - 1; i > k; i--)
        st.stack.push({ t: 'pay', s: st.order[i]!, items: [['food', f]], i: 0 });
      st.stack.push({ t: 'pay', s: st.order[k]!, items: [['food', f]], i: 1 });
      return;
    }
  }
}

export function canTakeWorker(p: Player): boolean {
  return p.overflow > 0 || p.foodFilled > 0 || p.stabFilled > 0;
}

export function takeSides(p: Player): Side[] {
  if (p.overflow > 0) return [];
  const out: Side[] = [];
  if (p.foodFilled > 0) out.push('food');
  if (p.stabFilled > 0) out.push('stability');
  return out;
}

/**
 * The growth options as shared frozen constants (NAT-MAINT-11): asked of every nation every round, always the
 * same few objects; nobody changes an option.
 */
const opt = <T extends OptOf<'growth'>>(o: T): T => Object.freeze(o);
const GROW_RES: readonly OptOf<'growth'>[] = (['food', 'stone', 'gold'] as Res[]).map((res) =>
  opt({ type: 'choose', take: 'res', res }),
);
const GROW_WORKER = opt({ type: 'choose', take: 'worker' } as OptOf<'growth'>);
const GROW_FOOD = opt({ type: 'choose', take: 'worker', side: 'food' } as OptOf<'growth'>);
const GROW_STAB = opt({ type: 'choose', take: 'worker', side: 'stability' } as OptOf<'growth'>);

export function askGrowth(st: NatState, s: number, log: EventSink): void {
  const p = st.players[s]!;
  const opts: OptOf<'growth'>[] = [GROW_RES[0]!, GROW_RES[1]!, GROW_RES[2]!];
  // The worker: from the overflow (no side), else from each side of the track that has one (`takeSides`).
  if (p.overflow > 0) opts.push(GROW_WORKER);
  else {
    if (p.foodFilled > 0) opts.push(GROW_FOOD);
    if (p.stabFilled > 0) opts.push(GROW_STAB);
  }
  ask(st, log, s, 'growth', opts, { amount: growthAmount(st, s) });
}

/** NAT-POP-5. */
export function takeWorker(p: Player, side: Side | undefined): void {
  if (p.overflow > 0) p.overflow--;
  else if (side === 'food' ? p.foodFilled > 0 : false) p.foodFilled--;
  else if (side === 'stability' && p.stabFilled > 0) p.stabFilled--;
  else if (p.foodFilled > 0) p.foodFilled--;
  else p.stabFilled--;
  p.idle++;
}

export function drawEvent(st: NatState, log: EventSink): void {
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
  const dk = deckOf(st);
  for (const s of st.order)
    if (owner < 0)
      for (const a of st.players[s]!.advisors) if (dk.instEntry(a).c.hook === 'machiavelli') owner = s;
  if (owner >= 0 && deck.length >= 2) {
    const a = deck.pop()!;
    const b = deck.pop()!;
    st.shown = [a, b];
    if (log) emit(log, 'nat.ev.machiavelli', { seat: owner, cards: [a, b] }, ['NAT-NOTE-5']);
    ask(st, log, owner, 'machiavelli', [
      { type: 'choose', event: a },
      { type: 'choose', event: b },
    ]);
    return;
  }
  st.eventCard = deck.pop() ?? null;
  if (log) emit(log, 'nat.ev.event', { card: st.eventCard }, ['NAT-MAINT-14']);
}

/** NAT-ORDER-1 / NAT-SOLO-12. */
export function playerOrder(st: NatState, log: EventSink): void {
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

export function bookScoring(st: NatState, log: EventSink): void {
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

export function cleanup(st: NatState, log: EventSink): void {
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
