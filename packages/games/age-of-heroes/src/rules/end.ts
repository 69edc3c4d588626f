/**
 * Checkpoints (AOH-FLOW-6), elimination (spec §19), resignation (AOH-ELIM-8) and victory (§20): after
 * every phase and every resolved card the eliminated are removed, the last survivor wins, and a claim
 * is registered, to be checked at the end of the claimant's next turn.
 */
import type { ApplyResult, EventSink, Node, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import type { AohAction, AohState, Player } from '../types.js';
import type { F } from './core.js';
import {
  armyOwner,
  checkpointNext,
  discard,
  fail,
  nextAlive,
  orderFrom,
  pop,
  push,
  specialOf,
  top,
} from './core.js';
import { clearWar, returnArmies } from './battle.js';
import { finishEvent } from './events.js';

/* ------------------------------------------------------------------ checkpoints (AOH-FLOW-6) */

/**
 * AOH-FLOW-6: elimination (AOH-ELIM-2), last standing (AOH-WIN-1), then claims (AOH-WIN-3). The
 * checkpoint of a resignation (`resignation`) eliminates the resigned player only: it may come in
 * the middle of a step, where nobody else is eliminated (AOH-ELIM-2), and during setup, where nobody
 * has a card or a city yet.
 */
export function checkpoint(st: AohState, log: EventSink, resignation = false): void {
  if (st.over) return;
  // Most checkpoints eliminate nobody: the survivors are counted without building a list.
  let alive = 0,
    out = false;
  for (const p of st.p)
    if (p.alive) {
      alive++;
      if (isOut(p, resignation)) out = true;
    }
  if ((out || alive < 2) && eliminations(st, log, resignation)) return;
  // AOH-WIN-2, AOH-WIN-3: claims, in turn order from the round leader.
  for (let i = 0; i < st.n; i++) {
    const s = (st.leader + i) % st.n;
    const p = st.p[s]!;
    if (p.alive && p.claim === 0 && satisfiesClaim(st, s)) {
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

/** AOH-ELIM-2: out of the game — resigned, or (except at a resignation's checkpoint) no card and no city. */
function isOut(p: Player, resignation: boolean): boolean {
  return p.resigned || (!resignation && p.hand.length === 0 && p.cities === 0);
}

/**
 * AOH-ELIM-2, AOH-WIN-1, AOH-WIN-10: the players out of the game are eliminated in turn order from the
 * round leader; true if the game is over (one survivor wins; none: those eliminated together draw).
 */
function eliminations(st: AohState, log: EventSink, resignation: boolean): boolean {
  const out = orderFrom(st, st.leader).filter((s) => isOut(st.p[s]!, resignation));
  for (const s of out) eliminate(st, s, log);
  const left = orderFrom(st, st.leader);
  if (left.length === 1) {
    st.over = { winners: left, reason: 'last-standing' };
    emit(log, 'aoh.ev.win', { seats: left, route: 'last-standing' }, ['AOH-WIN-1', 'AOH-EDGE-34']);
    return true;
  }
  if (left.length === 0) {
    st.over = { winners: out.slice().sort((a, b) => a - b), reason: 'draw' };
    emit(log, 'aoh.ev.draw', { seats: st.over.winners }, ['AOH-WIN-10']);
    return true;
  }
  return false;
}

export function satisfiesClaim(st: AohState, s: Seat): boolean {
  const p = st.p[s]!;
  return p.cities >= st.cfg.victory.cities || p.monument >= st.cfg.victory.monumentCards;
}

/**
 * AOH-TURN-8, AOH-WIN-4..6: at the end of his turn the active player's own claim is checked: true if
 * he wins; a claim no longer satisfied lapses.
 */
export function claimWins(st: AohState, seat: Seat, log: EventSink): boolean {
  const p = st.p[seat]!;
  if (p.claim !== 0 && p.claim === p.turns) {
    if (satisfiesClaim(st, seat)) {
      const route = p.cities >= st.cfg.victory.cities ? 'cities' : 'monument';
      st.over = { winners: [seat], reason: route };
      emit(log, 'aoh.ev.win', { seats: [seat], route }, ['AOH-WIN-4', 'AOH-WIN-6']);
      return true;
    }
    p.claim = 0;
    emit(log, 'aoh.ev.claimFails', { seat }, ['AOH-WIN-5']);
  }
  return false;
}

/** A checkpoint on the stack runs once and leaves. */
export const CHECKPOINT: Node<AohState, F<'checkpoint'>, AohAction> = {
  run(st, _f, log) {
    pop(st);
    checkpoint(st, log);
    return false;
  },
};

/* ------------------------------------------------------------------ elimination (§19) */

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

/* ------------------------------------------------------------------ resignation (AOH-ELIM-8) */

/**
 * AOH-ELIM-8, AOH-DP-22, AOH-FLOW-6: a resignation is a checkpoint of its own. What the player leaves
 * unfinished is settled first (`leave`), then he is eliminated and cleaned up at once (AOH-ELIM-3);
 * a two-player game ends there (AOH-WIN-1), and the resigning active player's turn ends (AOH-TURN-9). The flow runs on from there (`flow.ts`).
 */
export function resign(st: AohState, seat: Seat, log: EventSink): ApplyResult {
  const p = st.p[seat]!;
  if (p.resigned) return fail('alreadyResigned', 'You have already resigned.', 'AOH-ELIM-8');
  p.resigned = true;
  emit(log, 'aoh.ev.resigned', { seat }, ['AOH-ELIM-8', 'AOH-DP-22', 'AOH-FLOW-6']);
  leave(st, seat, log);
  checkpoint(st, log, true);
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
