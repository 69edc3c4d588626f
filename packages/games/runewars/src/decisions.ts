/**
 * The decision points (10-decision-points.md §3) as one flow table of the engine's decision-point kit:
 * a node per kind of frame of the operation stack (`RwState.stack`, top = last). The game frame runs
 * setup and the seasons (year.ts); every other frame waits for its decision, defined in the chapter it
 * belongs to (setup.ts, year.ts, orders.ts, movement.ts, diplomacy.ts, battle.ts, tasks.ts, retreat.ts,
 * victory.ts, board.ts). A battle frame waits for different decisions as it goes (`decideBy`). The kit derives `prompts`,
 * `legalActions`, `apply`'s dispatch and the timeout defaults of RW-DP-88/89 from the table.
 */
import type { Decision, EventSink, FlowTable } from '@tabula/engine';
import { flow, inputError, OK } from '@tabula/engine';
import { fail, lookAtControlled } from './common.js';
import { markerDecision, runMarker, runTile, tileDecision } from './board.js';
import { mobDecision, stratDecision } from './movement.js';
import {
  fortDecision,
  hsupDecision,
  rallyDecisionOf,
  recruitDecision,
  runFort,
  runHsup,
  runRally,
  titleDecision,
} from './orders.js';
import { factionDecision, homeDecision, placeDecision, runesDecision } from './setup.js';
import { battleDecision, runBattle } from './battle.js';
import { retreatDecision, runRetreat } from './retreat.js';
import { diploDecisionOf, runDiplo } from './diplomacy.js';
import { victoryDecision } from './victory.js';
import {
  desertDecision,
  hdrawDecisionOf,
  hstartDecision,
  qphDecision,
  runHdraw,
  runQph,
  runStrike,
  strikeDecision,
} from './heroes.js';
import { resign } from './resign.js';
import { runRuse, runStorm, ruseDecision, stormDecision } from './rewards.js';
import { exploreDecision, razeDecision } from './explore.js';
import { lootDecision, qpeekDecision, qtestDecision, runLoot, runQpeek } from './quests.js';
import {
  bidDecisionOf,
  loseDecision,
  objectiveDecision,
  receiveDecision,
  runBid,
  runReceive,
  runSeason,
  runRuneMove,
  runWander,
  runeMoveDecision,
  runBeasts,
  runTourney,
  tourneyDecision,
  beastsDecisionOf,
  wanderDecision,
} from './cards.js';
import {
  cullDecision,
  discardDecision,
  fallDecision,
  ordersDecision,
  runCull,
  runGame,
  runTurn,
  supDecision,
  windowDecision,
} from './year.js';
import { runTactic, tacticDecision } from './tactics.js';
import { duelDecision, runDuel, runSpoils, spoilsDecision } from './duels.js';
import type { Frame, RwAction, RwState } from './types.js';

const tileIfOut = byDefaultIfOut(tileDecision);
const markerIfOut = byDefaultIfOut(markerDecision);

export const table: FlowTable<RwState, Frame, RwAction> = {
  game: { run: runGame },
  // R1: a resigned seat's tiles and markers by their defaults, once the board can take them (else restarted).
  tile: { run: (st, f, log) => runTile(st, f, log) && tileIfOut(st, f, log), decide: tileDecision },
  marker: { run: (st, f, log) => runMarker(st, f, log) && markerIfOut(st, f, log), decide: markerDecision },
  faction: { run: byDefaultIfOut(factionDecision), decide: factionDecision },
  runes: { run: byDefaultIfOut(runesDecision), decide: runesDecision },
  home: { run: byDefaultIfOut(homeDecision), decide: homeDecision },
  // R1: a seat that resigned during setup places no units (they would leave the board at once).
  place: { run: (st, f) => !st.p[f.seat]!.out || (st.stack.pop(), false), decide: placeDecision },
  orders: { decide: ordersDecision },
  turn: { run: runTurn },
  window: { decide: windowDecision },
  tactic: { run: runTactic, decide: tacticDecision },
  strat: { decide: stratDecision },
  mob: { decide: mobDecision },
  sup: { decide: supDecision },
  recruit: { decide: recruitDecision },
  hsup: { run: runHsup, decide: hsupDecision },
  rally: { run: runRally, decideBy: rallyDecisionOf },
  title: { decide: titleDecision },
  fort: { run: runFort, decide: fortDecision },
  cull: { run: runCull, decide: cullDecision },
  discard: { decide: discardDecision },
  fall: { decide: fallDecision },
  battle: { run: runBattle, decideBy: battleDecision },
  retreat: { run: runRetreat, decide: retreatDecision },
  diplo: { run: runDiplo, decideBy: diploDecisionOf },
  victory: { decide: victoryDecision },
  // M5's cards (cards.ts)
  season: { run: runSeason },
  bid: { run: runBid, decideBy: bidDecisionOf },
  receive: { run: runReceive, decide: receiveDecision },
  lose: { decide: loseDecision },
  wander: { run: runWander, decide: wanderDecision },
  objective: { decide: objectiveDecision },
  runeMove: { run: runRuneMove, decide: runeMoveDecision },
  beasts: { run: runBeasts, decideBy: beastsDecisionOf },
  tourney: { run: runTourney, decide: tourneyDecision },
  hstart: { decide: hstartDecision },
  hdraw: { run: runHdraw, decideBy: hdrawDecisionOf },
  desert: { decide: desertDecision },
  qph: { run: runQph, decide: qphDecision },
  strike: { run: runStrike, decide: strikeDecision },
  // M6's exploration variant (explore.ts)
  explore: { decide: exploreDecision },
  raze: { decide: razeDecision },
  qtest: { decide: qtestDecision },
  qpeek: { run: runQpeek, decide: qpeekDecision },
  loot: { run: runLoot, decide: lootDecision },
  ruse: { run: runRuse, decide: ruseDecision },
  storm: { run: runStorm, decide: stormDecision },
  duel: { run: runDuel, decide: duelDecision },
  spoils: { run: runSpoils, decide: spoilsDecision },
};

const rules = flow<RwState, Frame, RwAction>({
  table,
  stack: (st) => st.stack,
  over: (st) => st.over !== null,
  onOver: (st) => void (st.stack.length = 0),
  before(st, seat, a, log) {
    const bad = inputError(fail, a, seat, st.n, 'RW-DP-88');
    if (bad) return bad;
    if (st.over) return fail('over', 'The game is over.', 'RW-YEAR-03');
    const out = st.p[seat]!.out;
    if (out === 2)
      return fail('resigned', 'You have resigned: you no longer take part in this game.', 'RW-ELIM-06');
    if (out) return fail('eliminated', 'You have been eliminated.', 'RW-ELIM-06');
    // Resignation: at any time, whoever is asked (docs/games/runewars.md, R1–R7).
    if (a.type === 'resign') {
      resign(st, seat, log);
      advance(st, log);
      return OK;
    }
    return null;
  },
  notAsked: (_st, _seat, d: Decision<RwState, Frame, RwAction> | null) =>
    fail('notYourDecision', 'It is not your decision now.', d?.rule ?? 'RW-DP-88'),
  // RW-RUNE-20, RW-INFO-14: a controller looks at the tokens of the areas he now controls. Control
  // changes by movement (a commit); battles, retreats, setup and the Victory question look themselves.
  after: (st, _seat, a) => {
    if (a.type === 'commit') lookAtControlled(st);
  },
});

export const advance = rules.advance;

/** R1: during setup, the decisions of a seat that has resigned take their timeout defaults (RW-DP-89). */
function byDefaultIfOut<F extends { seat: number }>(d: Decision<RwState, F, RwAction>) {
  return (st: RwState, f: F, log: EventSink): boolean => {
    if (!st.p[f.seat]!.out) return true;
    const a = d.byDefault(st, f, f.seat);
    const r = a ? d.answer(st, f, f.seat, a, log) : null;
    if (!r?.ok) throw new Error(`RuneWars: no default for the setup of a resigned seat (${d.prompt})`);
    return false;
  };
}
export const current = rules.current;
export const prompts = rules.prompts;
export const legalActions = rules.legalActions;
export const apply = rules.apply;
/** RW-DP-88/89: deterministic, legal, never spending. */
export const defaultAction = rules.defaultAction;
