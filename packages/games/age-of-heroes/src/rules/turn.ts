/**
 * The turn (spec §10): the draw, the action (taxes, build, war or pass), the monument (§18), the
 * discard to the hand limit, the returns of phase 5 and the claim's check, with a checkpoint after each
 * phase (AOH-FLOW-6); the action Collect Taxes (§11), with the swap of a player without a city. Build is
 * in `build.ts`, war in `war.ts`.
 */
import type { ApplyResult, Decision, EventSink, Node, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { count, distinct, takeCard } from '../cards.js';
import type { AohAction, AohState } from '../types.js';
import { OBJECTIVES } from '../types.js';
import type { F } from './core.js';
import {
  checkpointNext,
  discard,
  drawForTurn,
  fail,
  isAlive,
  isAvailable,
  pop,
  push,
  specialOf,
  wrong,
} from './core.js';
import { claimWins } from './end.js';
import { nextTurn } from './round.js';

/* ------------------------------------------------------------------ the turn (§10) */

/** AOH-TURN-1..9: one step of the turn (never waits: its decisions are frames pushed on it). */
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
    case 8:
      phaseFive(st, f.seat, log);
      f.pc = 9;
      checkpointNext(st);
      return;
    case 9:
      // AOH-TURN-8, AOH-WIN-4..6: the active player's own claim is checked.
      if (claimWins(st, f.seat, log)) return;
      pop(st);
      nextTurn(st, f.seat, log);
      return;
    default:
      pop(st);
      nextTurn(st, f.seat, log);
  }
}

/** AOH-TURN-7: phase 5 — away armies return; expiring Earthquakes are removed. */
function phaseFive(st: AohState, seat: Seat, log: EventSink): void {
  const p = st.p[seat]!;
  for (const a of p.armies) {
    if (a.status === 'away' && a.returnAt === p.turns) {
      a.status = 'home';
      a.returnAt = 0;
      emit(log, 'aoh.ev.armyReturns', { seat, army: a.id }, ['AOH-TURN-7', 'AOH-RET-3']);
    }
    const keep = a.quakes.filter((t) => t !== p.turns);
    if (keep.length !== a.quakes.length) {
      discard(st, 'earthquake', a.quakes.length - keep.length);
      a.quakes = keep;
      emit(log, 'aoh.ev.quakeExpires', { seat, army: a.id }, ['AOH-TURN-7', 'AOH-EVT-QUAKE-6']);
    }
  }
}

function answerAction(st: AohState, _f: F<'action'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
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

/* ------------------------------------------------------------------ Collect Taxes (§11) */

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

function answerSwap(st: AohState, _f: F<'swap'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
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

/* ------------------------------------------------------------------ the monument (§18) and the hand limit */

function answerMonument(
  st: AohState,
  _f: F<'monument'>,
  seat: Seat,
  a: AohAction,
  log: EventSink,
): ApplyResult {
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

function answerDiscard(
  st: AohState,
  _f: F<'discard'>,
  seat: Seat,
  a: AohAction,
  log: EventSink,
): ApplyResult {
  if (a.type !== 'discard')
    return wrong('discard', 'Your hand is over the hand limit: discard down to it first.', 'AOH-DP-17');
  const p = st.p[seat]!;
  if (!takeCard(p.hand, a.card)) return fail('notInHand', 'You do not hold that card.', 'AOH-TURN-6');
  discard(st, a.card);
  emit(log, 'aoh.ev.discard', { seat, card: a.card }, ['AOH-TURN-6', 'AOH-DP-17', 'AOH-HID-5']);
  return OK;
}

/** AOH-DP-8: the turn's action — taxes, build, war (a target and an objective) or pass; default pass. */
export const ACTION: Decision<AohState, F<'action'>, AohAction> = {
  prompt: 'aoh.action',
  rule: 'AOH-DP-8',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (st, _f, seat) => ({ args: { cities: st.p[seat]!.cities } }),
  offers(st, _f, seat, out) {
    const p = st.p[seat]!;
    out.push({ type: 'taxes' }, { type: 'build' });
    if (p.armies.some(isAvailable) || count(p.hand, 'mighty_hero') > 0)
      for (let t = 0; t < st.n; t++)
        if (t !== seat && st.p[t]!.alive)
          for (const objective of OBJECTIVES) out.push({ type: 'war', target: t, objective });
    out.push({ type: 'pass' });
  },
  answer: answerAction,
  byDefault: () => ({ type: 'pass' }),
};

/** AOH-DP-9: taxes without a city — one hand card swapped for a draw, or none; default skip. */
export const SWAP: Decision<AohState, F<'swap'>, AohAction> = {
  prompt: 'aoh.swap',
  rule: 'AOH-DP-9',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  offers(st, _f, seat, out) {
    for (const c of distinct(st.p[seat]!.hand)) out.push({ type: 'swap', card: c });
    out.push({ type: 'swapSkip' });
  },
  answer: answerSwap,
  byDefault: () => ({ type: 'swapSkip' }),
};

/** AOH-DP-16: how many of his special-resource cards the player places; default all he holds. */
export const MONUMENT: Decision<AohState, F<'monument'>, AohAction> = {
  prompt: 'aoh.monument',
  rule: 'AOH-DP-16',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (st, _f, seat) => ({ args: { card: specialOf(st, seat) } }),
  offers(st, _f, seat, out) {
    const sp = specialOf(st, seat);
    const k = sp ? count(st.p[seat]!.hand, sp) : 0;
    for (let c = 0; c <= k; c++) out.push({ type: 'monument', count: c });
  },
  answer: answerMonument,
  byDefault(st, _f, seat) {
    const sp = specialOf(st, seat);
    return { type: 'monument', count: sp ? count(st.p[seat]!.hand, sp) : 0 };
  },
};

/** AOH-DP-17: one card at a time down to the hand limit; default the most recent card. */
export const DISCARD: Decision<AohState, F<'discard'>, AohAction> = {
  prompt: 'aoh.discard',
  rule: 'AOH-DP-17',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (st, _f, seat) => ({ args: { excess: st.p[seat]!.hand.length - st.cfg.handLimit } }),
  offers(st, _f, seat, out) {
    for (const c of distinct(st.p[seat]!.hand)) out.push({ type: 'discard', card: c });
  },
  answer: answerDiscard,
  byDefault(st, _f, seat) {
    const hand = st.p[seat]!.hand;
    return { type: 'discard', card: hand[hand.length - 1]! };
  },
};

/** A turn on the stack: its phases and checkpoints, automatic. */
export const TURN: Node<AohState, F<'turn'>, AohAction> = {
  run(st, f, log) {
    stepTurn(st, f, log);
    return false;
  },
};

/** Taxes: one draw per city. */
export const TAXES: Node<AohState, F<'taxes'>, AohAction> = {
  run(st, f, log) {
    stepTaxes(st, f, log);
    return false;
  },
};

/** The discard waits while the hand is over the limit (AOH-TURN-6). */
export const DISCARDING: Node<AohState, F<'discard'>, AohAction> = {
  run(st, f) {
    if (st.p[f.seat]!.hand.length <= st.cfg.handLimit) {
      pop(st);
      return false;
    }
    return true;
  },
  decide: DISCARD,
};
