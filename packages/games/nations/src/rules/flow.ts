/**
 * The round's automatic work (NAT-ROUND-1): the round steps in order and the task stack of nested work
 * (effects, forced payments, triggers, wonder completion, production, war, events, player-order moves), run
 * until a decision waits; removal conditions are re-checked after every step that can change what they read
 * (NAT-REM-2). The kit's round node (`decisions.ts`) drives it.
 */
import type { EventSink } from '@tabula/engine';
import { removalsIgnoreWealth } from '../derive.js';
import type { OptOf, NatState, Task } from '../state.js';
import { completeWonder } from './cards.js';
import { ask } from './choices.js';
import { execEffect } from './effects.js';
import { applyMoves, runEventHalf } from './events.js';
import { runMulti } from './multi.js';
import { forcedPayOne } from './payments.js';
import { runProduction } from './production.js';
import { checkRemovals } from './removal.js';
import { step } from './round.js';
import { startBoard } from './setup.js';
import { soloRoll } from './solo.js';
import { fireTriggers } from './triggers.js';
import { autoTurn, startNextTurn } from './turn.js';
import { runWar } from './war.js';

/** Advances the game until a seat must decide or the game is over. */
export function run(st: NatState, log: EventSink): void {
  for (let guard = 0; guard < 100000; guard++) {
    if (st.pending || st.over) return;
    // (Never read past the end of the stack: an out-of-bounds read takes V8's slow path.)
    const depth = st.stack.length;
    const t = depth > 0 ? st.stack[depth - 1] : undefined;
    if (t) {
      if (runTask(st, t, log)) checkRemovals(st, log);
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
      const opts: OptOf<'nation'>[] = [];
      for (const nat of st.draft)
        if (!taken.has(nat))
          for (const side of ['A', 'B'] as const) opts.push({ type: 'choose', nation: nat, side });
      ask(st, log, s, 'nation', opts);
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
  st.step = which;
  st.turn = null;
  checkRemovals(st, log); // a scenario's state may have been set by hand
  step(st, log);
  if (stepChanges(st, which)) checkRemovals(st, log);
  drain(st, log);
}

/** Runs the stacked work until it is empty or a decision is pending (does not advance the round). */
export function drain(st: NatState, log?: EventSink): void {
  for (let guard = 0; guard < 100000 && !st.pending && st.stack.length > 0; guard++) {
    const t = st.stack[st.stack.length - 1]!;
    if (runTask(st, t, log)) checkRemovals(st, log);
  }
}

/**
 * Round steps after which a removal condition may read something new: a solo tile drawn (the VO's values), a
 * growth choice resolved on the spot (a resigned nation), the cleanup (round modifiers, flags, the age); after
 * books and the solo stability contest only VP changed. The other steps only push tasks (checked as they run)
 * or ask (answers are checked by apply).
 */
export function stepChanges(st: NatState, which: NatState['step']): boolean {
  if (which === 'cleanup') return true;
  if (which === 'event') return st.solo;
  if (which === 'growth') return st.pending === null; // answered on the spot, not through apply
  if (which === 'books' || which === 'events') return !removalsIgnoreWealth(st);
  return false;
}

/**
 * Runs the top task one step, and tells whether that step can have changed what a removal condition reads
 * (NAT-REM-2). Steps that only push further tasks or open a decision (`fire`, `multi`, `eventHalf`) cannot;
 * payments, production and the effects that only gain or pay resources or VP change only resources, VP and
 * shortage marks, which no removal condition reads unless some card says otherwise (`Deck.wealthSafe`).
 */
export function runTask(st: NatState, t: Task, log: EventSink): boolean {
  switch (t.t) {
    case 'effs': {
      if (t.i >= t.list.length) {
        st.stack.pop();
        return !removalsIgnoreWealth(st); // nothing changed
      }
      const j = t.i++;
      const wealthOnly = execEffect(st, t.s, t.list[j]!, t.ctx, t.pre?.[j], log);
      if (t.i >= t.list.length) popSpent(st, t);
      return !wealthOnly || !removalsIgnoreWealth(st);
    }
    case 'pay': {
      if (t.i >= t.items.length) {
        st.stack.pop();
        return !removalsIgnoreWealth(st);
      }
      const [r, n] = t.items[t.i++]!;
      forcedPayOne(st, t.s, r, n, log);
      if (t.i >= t.items.length) popSpent(st, t);
      return !removalsIgnoreWealth(st);
    }
    case 'fire':
      st.stack.pop();
      fireTriggers(st, t.on, t.s, t.data);
      return false;
    case 'roll':
      st.stack.pop();
      if (!st.players[0]!.passed) soloRoll(st, log);
      return true;
    case 'complete':
      completeWonder(st, t, log);
      return true;
    case 'multi':
      runMulti(st, t, log);
      return false;
    case 'prod':
      runProduction(st, t, log);
      return !removalsIgnoreWealth(st);
    case 'war':
      runWar(st, t, log);
      return true;
    case 'eventHalf':
      runEventHalf(st, t, log);
      return false;
    case 'moves':
      st.stack.pop();
      applyMoves(st, t, log);
      return true;
    default:
      st.stack.pop();
      return true;
  }
}

/**
 * A task whose last item has just run leaves the stack at once when it is still on top and nothing waits (no
 * decision opened, the game not over): the step that would pop it changes nothing, and the removal check after
 * it would find what the check after this step finds (a check runs to a fixpoint). Otherwise it stays, and a
 * later step pops it, as before.
 */
function popSpent(st: NatState, t: Task): void {
  const k = st.stack.length - 1;
  if (k >= 0 && st.stack[k] === t && st.pending === null && st.over === null) st.stack.pop();
}
