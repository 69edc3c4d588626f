/**
 * The decision points (spec §18) as one flow table of the engine's decision-point kit: a node per
 * kind of frame of the operation stack (`SfrState.stack`, top = last). The round and the rolls of
 * phase 1 are automatic work; every other frame waits for its decision, defined in the chapter it
 * belongs to (round.ts: legionnaire, robbery, pasture shortage; trade.ts: the trade & purchase step;
 * offers.ts: the answers to an offer; tribes.ts: a tribe's step). The kit derives `prompts`,
 * `legalActions`, `apply`'s dispatch and the timeout defaults (`defaultAction`) from the table.
 *
 * Resignation is not in the rulebook (docs/games/struggle-for-rome.md): it is accepted at any time
 * before any decision, and a resigned player's decisions take their timeout defaults from then on.
 */
import type { ApplyResult, EventSink, FlowTable, Seat } from '@tabula/engine';
import { emit, flow, inputError, OK } from '@tabula/engine';
import { fail, notYours } from './common.js';
import { afterChange, finishByResignation } from './end.js';
import { respondDecision, runRespond } from './offers.js';
import { legionDecision, robDecision, runRoll, runRound, runShortage, shortageDecision } from './round.js';
import { tradeDecision } from './trade.js';
import { actDecision } from './tribes.js';
import type { Frame, SfrAction, SfrState } from './types.js';

export const table: FlowTable<SfrState, Frame, SfrAction> = {
  round: { run: runRound },
  roll: { run: runRoll },
  legion: { decide: legionDecision },
  rob: { decide: robDecision },
  shortage: { run: runShortage, decide: shortageDecision },
  trade: { decide: tradeDecision },
  respond: { run: runRespond, decide: respondDecision },
  act: { decide: actDecision },
};

const rules = flow<SfrState, Frame, SfrAction>({
  table,
  stack: (st) => st.stack,
  over: (st) => st.over !== null,
  onOver: (st) => void (st.stack.length = 0),
  before(st, seat, a, log) {
    const bad = inputError(fail, a, seat, st.n, 'SFR-CONV-3');
    if (bad) return bad;
    if (st.over) return fail('over', 'The game is over.', 'SFR-END-1');
    if (st.p[seat]!.resigned)
      return fail('resigned', 'You have resigned: you no longer take part in this game.', 'SFR-ROUND-5');
    if (a.type === 'resign') {
      resign(st, seat, log);
      return OK;
    }
    return null;
  },
  notAsked: () => notYours(),
  // SFR-AWARD-1..5 and SFR-END-3 after every change.
  after: (st, _seat, _a, log) => afterChange(st, log),
});

/** Runs automatic work until a decision waits or the game is over. */
export const advance = rules.advance;
export const prompts = rules.prompts;
export const legalActions = rules.legalActions;
/** SFR-DP-1..23 timeout defaults: deterministic, never random. */
export const defaultFor = rules.defaultAction;

/** Validates an action completely against the decision waiting for it, then applies it in place. */
export function apply(st: SfrState, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  const r = rules.apply(st, seat, a, log);
  if (r.ok) answerForResigned(st, log);
  return r;
}

/* ------------------------------------------------------------------ resignation */

/**
 * Resignation (not in the rulebook; docs/games/struggle-for-rome.md): the player leaves the game at
 * once, whatever is being decided. His tribes, cities and cards stay where they are (as a player who
 * leaves a table leaves his pieces), every decision of his takes its timeout default (spec §18), and he
 * cannot win. When one player is left who has not resigned, that player wins at once.
 */
function resign(st: SfrState, seat: Seat, log: EventSink): void {
  st.p[seat]!.resigned = true;
  emit(log, 'sfr.ev.resigned', { seat }, ['SFR-DP-23']);
  const left: Seat[] = [];
  for (let s = 0; s < st.n; s++) if (!st.p[s]!.resigned) left.push(s);
  if (left.length === 1) {
    finishByResignation(st, left[0]!, log);
    return;
  }
  answerForResigned(st, log);
}

/** Answers every decision a resigned player is asked with its default, until none is left. */
function answerForResigned(st: SfrState, log: EventSink): void {
  let any = false;
  for (let s = 0; s < st.n; s++) any ||= st.p[s]!.resigned;
  if (!any) return;
  for (let guard = 0; guard < 10_000 && !st.over; guard++) {
    const c = rules.current(st);
    if (!c) return;
    const seat = c.d.who(st, c.f).find((s) => st.p[s]!.resigned);
    if (seat === undefined) return;
    const d = c.d.byDefault(st, c.f, seat);
    const r = d ? c.d.answer(st, c.f, seat, d, log) : notYours();
    if (!r.ok)
      throw new Error(`Struggle for Rome: the default of a resigned seat was refused: ${r.error.message}`);
    afterChange(st, log);
    rules.advance(st, log);
  }
}
