/**
 * The flow of Age of Heroes on the decision-point kit (`@tabula/engine` decisions.ts): one node per kind
 * of frame of the operation stack (`state.stack`), each with its automatic work (`run`), the decision it
 * waits for (`decide`, or `decideBy` for an event card, whose decisions change as it resolves), or both.
 * The compiler checks the table covers every kind of frame; the kit derives the module's `prompts`,
 * `legalActions`, `apply` and `defaultAction` from it.
 *
 * Decision points (spec §22), by chapter:
 * - setup.ts: the tribe draft (DP-1);
 * - trading.ts: the trading window of Market Day (DP-18..20), several seats at once, optional prompts
 *   for the ready, one shared timer;
 * - turn.ts: the turn's action (DP-8), the no-city swap (DP-9), the monument (DP-16), the discard (DP-17);
 * - build.ts: building (DP-10, DP-11), a road's consent (DP-12);
 * - war.ts: the declaration (DP-13), the defender's response window (DP-7);
 * - battle.ts: the secret placement (DP-14) and duel picks (DP-15), both sides at once;
 * - events.ts: Earthquake and Volcano targets (DP-2, DP-4) and the Luck windows (DP-3, DP-5, DP-6).
 * Resigning (DP-22) is allowed at any time: it is a checkpoint of its own (`end.ts`), taken before any
 * decision is asked (`before`).
 */
import type { ApplyResult, EventSink, FlowTable, Seat } from '@tabula/engine';
import { flow, inputError } from '@tabula/engine';
import type { AohAction, AohOptions, AohState, Frame } from '../types.js';
import { discard, fail, notYours, top } from './core.js';
import { DEAL, DRAFTING, newGame } from './setup.js';
import { MARKET } from './round.js';
import { ACTION, DISCARDING, MONUMENT, SWAP, TAXES, TURN } from './turn.js';
import { BUILD, CONSENT } from './build.js';
import { RESPONSE, WAR_DRAFT } from './war.js';
import { clearWar, DUELS, PLACEMENT, WAR } from './battle.js';
import { EVENT } from './events.js';
import { CHECKPOINT, resign } from './end.js';

/** Every kind of frame and what happens to it. */
const TABLE: FlowTable<AohState, Frame, AohAction> = {
  deal: DEAL,
  draft: DRAFTING,
  market: MARKET,
  turn: TURN,
  action: { decide: ACTION },
  taxes: TAXES,
  swap: { decide: SWAP },
  build: { decide: BUILD },
  consent: { decide: CONSENT },
  warDraft: { decide: WAR_DRAFT },
  war: WAR,
  response: { decide: RESPONSE },
  place: PLACEMENT,
  duel: DUELS,
  event: EVENT,
  monument: { decide: MONUMENT },
  discard: DISCARDING,
  checkpoint: CHECKPOINT,
};

/** AOH-MKT-12: turn-only inputs, rejected throughout a Market Day (trading window and event decisions alike). */
function turnOnly(type: AohAction['type']): boolean {
  switch (type) {
    case 'tribe':
    case 'taxes':
    case 'build':
    case 'war':
    case 'buildItem':
    case 'monument':
      return true;
    default:
      return false;
  }
}

/**
 * Before any decision: a malformed input or seat (AOH-DOC-2), a finished game, an eliminated player;
 * resigning, allowed at any time (AOH-ELIM-8, AOH-DP-22); a turn's input on Market Day.
 */
function before(st: AohState, seat: Seat, a: AohAction, log: EventSink): ApplyResult | null {
  const bad = inputError(fail, a, seat, st.n, 'AOH-DOC-2');
  if (bad) return bad;
  if (st.over) return fail('over', 'The game is over.', 'AOH-WIN-11');
  if (!st.p[seat]!.alive)
    return fail('eliminated', 'An eliminated player takes no further part.', 'AOH-ELIM-4');
  if (a.type === 'resign') {
    const r = resign(st, seat, log);
    if (r.ok) rules.advance(st, log);
    return r;
  }
  if (st.market && turnOnly(a.type))
    return fail(
      'marketDay',
      'During Market Day players cannot build, make war, collect taxes or place monument cards.',
      'AOH-MKT-12',
    );
  return null;
}

/**
 * A game can end in the middle of a step (a resignation, AOH-ELIM-8): an event card still resolving goes
 * to the discard pile, a war's battle cards back to their deck.
 */
function onOver(st: AohState): void {
  if (st.war) clearWar(st, st.war);
  for (const f of st.stack) if (f.k === 'event') discard(st, f.card);
  st.stack.length = 0;
  st.active = -1;
}

const rules = flow<AohState, Frame, AohAction>({
  table: TABLE,
  top,
  over: (st) => st.over !== null,
  onOver,
  before,
  notAsked: notYours,
});

/** Runs automatic steps until a decision is needed or the game is over. */
export const advance: (st: AohState, log: EventSink) => void = rules.advance;
export const prompts = rules.prompts;
/** Every legal action for `seat` now (resigning, always possible, is not listed). */
export const legalActions = rules.legalActions;
/** AOH-DP-1..20 timeout defaults: deterministic, never random (AOH-RNG-4). */
export const defaultAction = rules.defaultAction;

export function apply(st: AohState, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  return rules.apply(st, seat, a, log);
}

/** A new game run to its first decision (spec §5). */
export function setupState(opts: AohOptions, n: number, seed: string, log: EventSink): AohState {
  const st = newGame(opts, n, seed, log);
  rules.advance(st, log);
  return st;
}
