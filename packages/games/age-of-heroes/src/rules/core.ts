/**
 * What every chapter of the rules uses: refusals, the operation stack, players and seating (spec §4), and
 * drawing resource cards with immediate cards (§7).
 *
 * The flow is an operation stack of plain-data frames (`state.stack`, top = last; `Frame` in types.ts):
 * the kit (`flow.ts`) runs the top frame's automatic work until a frame waits for a decision, and hands
 * an answer to the decision that frame waits for. Interrupts (an event drawn during taxes, a defender's
 * response inside a war, a Luck window inside an event) are frames pushed on top. Checkpoints
 * (AOH-FLOW-6) are frames too, so the code that pushes one simply returns and the loop runs it next.
 */
import type { EventSink, Seat } from '@tabula/engine';
import { emit, ruleError, shuffle } from '@tabula/engine';
import { classes } from '../cards.js';
import type { AohState, Army, CardId, Frame } from '../types.js';

export const RULES_VERSION = '1.2.0';

/** The frame of one kind. */
export type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

export const fail = ruleError('aoh.err');

/** AOH-DP-24: an input from a seat the waiting decision does not ask. */
export const notYours = () => fail('notYourDecision', 'It is not your decision now.', 'AOH-DP-24');

/**
 * An input that does not answer the decision point waiting for it: `point` names that decision (its
 * code `wrongAction.<point>` says what the game waits for), `rule` the decision point's rule.
 */
export const wrong = (point: string, message: string, rule: string) =>
  fail(`wrongAction.${point}`, message, rule);

/* ------------------------------------------------------------------ the operation stack */

export function top(st: AohState): Frame | undefined {
  // Never read past the end of an empty stack: an out-of-bounds read takes V8's slow path.
  const n = st.stack.length;
  return n > 0 ? st.stack[n - 1] : undefined;
}

export function push(st: AohState, f: Frame): void {
  st.stack.push(f);
}

export function pop(st: AohState): void {
  st.stack.pop();
}

/** AOH-FLOW-6: a checkpoint runs next. */
export function checkpointNext(st: AohState): void {
  st.stack.push({ k: 'checkpoint' });
}

/* ------------------------------------------------------------------ players and seating (§4) */

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

export function specialOf(st: AohState, s: Seat): CardId | null {
  const t = st.p[s]!.tribe;
  return t ? (classes(st.cfg).specialOf.get(t) ?? null) : null;
}

/** AOH-WAR-1: at home, not under an Earthquake, owner surviving. */
export function isAvailable(a: Army): boolean {
  return a.status === 'home' && a.quakes.length === 0;
}

export function newArmy(st: AohState): Army {
  return { id: st.nextArmy++, general: false, status: 'home', returnAt: 0, quakes: [] };
}

export function armyOwner(st: AohState, id: number): Seat {
  for (let s = 0; s < st.n; s++) if (st.p[s]!.armies.some((a) => a.id === id)) return s;
  return -1;
}

export function findArmy(st: AohState, id: number): Army | undefined {
  for (const p of st.p) for (const a of p.armies) if (a.id === id) return a;
  return undefined;
}

/* ------------------------------------------------------------------ drawing (§7) */

/** Puts `n` copies of `card` on the discard pile (public, AOH-HID-5). */
export function discard(st: AohState, card: CardId, n = 1): void {
  for (let i = 0; i < n; i++) st.discard.push(card);
}

/**
 * AOH-DRAW-1..3: the top card; an empty deck is replaced by the shuffled discard pile; if both are
 * empty the draw is skipped (null).
 */
export function drawCard(st: AohState, log: EventSink): CardId | null {
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

export function isImmediate(st: AohState, c: CardId): boolean {
  return classes(st.cfg).immediate.has(c);
}

/** A draw into `s`'s hand during a turn: immediate cards are revealed and resolved at once. */
export function drawForTurn(st: AohState, s: Seat, log: EventSink, rule: string): void {
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

/** An immediate card is resolved next (§17): its frame goes on top (`suppressed`: discarded unresolved). */
export function pushEvent(st: AohState, card: CardId, drawer: Seat, suppressed: boolean): void {
  push(st, { k: 'event', card, drawer, pc: 0, suppressed, target: -1, ans: [] });
}
