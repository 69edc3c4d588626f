/**
 * Decisions (spec §21) on the decision-point kit: one table with a node for the round (automatic work), the
 * turn (`turn.ts`) and every kind of pending decision (`choices.ts`); the kit derives `prompts`,
 * `legalActions`, `apply`'s dispatch and `defaultAction` from it.
 *
 * The kit's frame is the kind of what waits, read from the state (`top`): the pending decision's kind, else the
 * turn during the action phase, else the round. The rules' nested work (effects, payments, triggers, wonder
 * completion, production, war, events) stays on the state's own task stack (`st.stack`, plain data), run by
 * the round's node until something waits: a task may open a decision in the middle of a step (an effect list
 * half done, a payment half made), which the kit's frames could only hold by splitting every task at each
 * `ask` — the task stack keeps that resumable state, the kit keeps what is asked and how it is answered.
 */
import type { ApplyResult, EventSink, FlowTable, Node, RuleFailure } from '@tabula/engine';
import { emit, flow, inputError, OK } from '@tabula/engine';
import type { ChoiceKind, NatAction, NatState } from '../state.js';
import { CHOICE_NODES, defaultChoice, resolveChoice } from './choices.js';
import { fail } from './core.js';
import { run } from './flow.js';
import { checkRemovals } from './removal.js';
import { TURN, type TurnFrame } from './turn.js';

/** What waits: the round's automatic work, the turn, or a pending decision of one kind. */
export type NatFrame = { k: 'round' } | TurnFrame | { [K in ChoiceKind]: { k: K } }[ChoiceKind];

/** The round: everything automatic (NAT-ROUND-1), until a decision waits or the game is over. */
const ROUND: Node<NatState, { k: 'round' }, NatAction> = {
  run(st, _f, log) {
    run(st, log);
    return false;
  },
};

const TABLE: FlowTable<NatState, NatFrame, NatAction> = { round: ROUND, turn: TURN, ...CHOICE_NODES };

/** One constant frame per kind: the kit reads the kind only, the data is in `st.pending` / `st.turn`. */
const FRAMES = Object.fromEntries(Object.keys(TABLE).map((k) => [k, { k }])) as Record<
  NatFrame['k'],
  NatFrame
>;
const ROUND_FRAME = FRAMES.round;
const TURN_FRAME = FRAMES.turn;

// The frame of the pending kind found last (a keyed lookup of varying kinds is slow on this hot path).
let lastKind: string | undefined;
let lastFrame: NatFrame = ROUND_FRAME;
function top(st: NatState): NatFrame {
  const pd = st.pending;
  if (pd) {
    if (pd.kind !== lastKind) {
      lastKind = pd.kind;
      lastFrame = FRAMES[pd.kind];
    }
    return lastFrame;
  }
  return st.step === 'action' && st.turn ? TURN_FRAME : ROUND_FRAME;
}

/** Malformed input, a finished game, and resigning (allowed at any time, NAT-DP-25). */
function before(st: NatState, seat: number, a: NatAction, log: EventSink): ApplyResult | null {
  const bad = inputError(fail, a, seat, st.n, 'NAT-DP-4');
  if (bad) return bad;
  if (st.over) return fail('over', 'The game is over.', 'NAT-END-1');
  if (a.type !== 'resign') return null;
  const p = st.players[seat]!;
  if (p.resigned)
    return fail(
      'resigned',
      'You have already resigned: your nation takes the default of every decision.',
      'NAT-DP-25',
    );
  p.resigned = true;
  if (log) emit(log, 'nat.ev.resign', { seat }, []);
  if (st.pending?.s === seat) resolveChoice(st, defaultChoice(st)!, log);
  run(st, log);
  st.steps++;
  return OK;
}

function notAsked(st: NatState): RuleFailure {
  if (st.pending) return fail('notYou', 'Another nation must decide now.', 'NAT-DP-4');
  if (st.step === 'action' && st.turn) return fail('notYourTurn', 'It is not your turn.', 'NAT-ACTION-1');
  return fail('notNow', 'No nation decides anything now.', 'NAT-DP-4');
}

const rules = flow<NatState, NatFrame, NatAction>({
  table: TABLE,
  top,
  over: (st) => st.over !== null,
  before,
  notAsked,
  after(st, _seat, _a, log) {
    checkRemovals(st, log); // NAT-REM-2: after every answer, a deploy or undeploy too
    st.steps++;
  },
});

/** Runs the automatic work until a decision waits or the game is over. */
export const advance = rules.advance;
export const prompts = rules.prompts;
export const legalActions = rules.legalActions;
export const defaultAction = rules.defaultAction;
export const apply: (st: NatState, seat: number, a: NatAction, log?: EventSink) => ApplyResult = rules.apply;
