/** Struggle for Rome as a Tabula game module (the engine contract of @tabula/engine). */
import type { GameModule, Locale, OptionSpec, Result, Seat } from '@tabula/engine';
import { err, ok, translate } from '@tabula/engine';
import { DEFAULT_RT, parseOptions, rtOf } from './config.js';
import { apply, defaultFor, legalActions, prompts } from './decisions.js';
import { vpSources } from './end.js';
import { messages } from './messages.js';
import { RULES_VERSION, setupState } from './setup.js';
import type { SfrAction, SfrOptions, SfrState, SfrView } from './types.js';
import { sampleWorld, view } from './view.js';
import { cloneState } from './clone.js';
import { describeAction, describePrompt, eventGroup, formatEvent, progress } from './describe.js';
import { renderView } from './text.js';
import { targetsOf } from './targets.js';
import { heuristicBot } from './bot.js';
import { evaluate } from './evaluate.js';
import rulesEn from './data/rules.players.en.json' with { type: 'json' };
import rulesRu from './data/rules.players.ru.json' with { type: 'json' };
import { reveals } from './reveals.js';

/** The options a lobby or the command line offers (labels are catalog keys). */
const optionsSchema: readonly OptionSpec[] = [
  { key: 'map', label: 'sfr.opt.map', help: 'sfr.opt.map.help', kind: 'file' },
  {
    key: 'tieBreak',
    label: 'sfr.opt.tieBreak',
    help: 'sfr.opt.tieBreak.help',
    kind: 'choice',
    choices: [
      { value: 'goldAmongQualified', label: 'sfr.opt.tieBreak.goldAmongQualified' },
      { value: 'vpThenGold', label: 'sfr.opt.tieBreak.vpThenGold' },
    ],
    default: DEFAULT_RT.C.tieBreak,
  },
  {
    key: 'roundLimit',
    label: 'sfr.opt.roundLimit',
    help: 'sfr.opt.roundLimit.help',
    kind: 'number',
    min: 0,
    max: 100,
    default: DEFAULT_RT.C.defaults.roundLimit,
  },
  {
    key: 'tradeInputLimit',
    label: 'sfr.opt.tradeInputLimit',
    help: 'sfr.opt.tradeInputLimit.help',
    kind: 'number',
    min: 0,
    max: 200,
    default: DEFAULT_RT.C.defaults.tradeInputLimit,
  },
];

export const struggleForRome: GameModule<SfrState, SfrAction, SfrView, SfrOptions> = {
  id: 'struggle-for-rome',
  rulesVersion: RULES_VERSION,
  minSeats: DEFAULT_RT.C.players.min,
  maxSeats: DEFAULT_RT.C.players.max,
  parseOptions,
  fileOptions: { map: { help: 'a map file: {board, cities} JSON' } },
  setup(options: SfrOptions, seats: number, seed: string, log): Result<SfrState> {
    const { min, max } = rtOf(options).C.players;
    if (!Number.isInteger(seats) || seats < min || seats > max)
      return err(
        'sfr.err.players',
        `Struggle for Rome is played by ${min} to ${max} players.`,
        'SFR-SETUP-1',
        { min, max },
      );
    return ok(setupState(options, seats, String(seed), log));
  },
  prompts,
  legalActions,
  apply,
  defaultAction: defaultFor,
  view,
  outcome: (st) => st.over,
  sampleWorld,
  reveals,
  clone: cloneState,
  describeAction: (
    st: SfrState | null,
    seat: Seat,
    a: SfrAction,
    locale: Locale,
    seatName?: (s: Seat) => string,
    v?: SfrView,
  ) => describeAction(st ? rtOf(st.opts) : v ? rtOf(v.options) : DEFAULT_RT, seat, a, locale, seatName),
  messages,
  // The rules players meet, in players' words (from the spec and the Russian rulebook), for the log's
  // rule links and refusals.
  ruleTexts: { en: rulesEn as Record<string, string>, ru: rulesRu as Record<string, string> },
  formatEvent,
  renderText: renderView,
  targetsOf,
  seating: (st) => Array.from({ length: st.n }, (_, i) => i),
  // The VP route is a public label only once the game is over (VP cards are hidden until then).
  seatTags: (st, seat): Record<string, string> => {
    const tags: Record<string, string> = { colour: rtOf(st.opts).C.colours[seat]! };
    if (st.over) tags.route = vpSources(st, seat);
    return tags;
  },
  evaluate,
  // Playouts by the heuristic (a fifth of a millisecond a decision), 50 steps deep. The standard level plays 20
  // iterations (at 40 it won 60.9% of 500 games as one seat against three beginners, the strong level of 100
  // only 34.1% against three such standard seats: the levels were spaced unevenly; docs/bots.md).
  search: { standard: 20, strong: 100, playout: 'guide', playoutDepth: 50, root: 'paired' },
  bots: { heuristic: heuristicBot },
  info: {
    shortId: 'sfr',
    name: 'sfr.name',
    description: 'sfr.description',
    minutes: [90, 150],
    rulesSummary: 'sfr.rules',
  },
  optionsSchema,
  botLevels: ['random', 'heuristic'],
  describePrompt,
  eventGroup,
  progress,
};

export function t(locale: Locale, key: string, params?: Record<string, unknown>): string {
  return translate([messages], locale, key, params);
}

export * from './types.js';
export { DEFAULT_RT, DEFAULT_OPTIONS, parseMap, parseOptions, rtOf } from './config.js';
export type { Rt } from './config.js';
export { routeOf, routesFrom } from './routes.js';
export type { RouteEntry, Variant } from './routes.js';
export { scenario, applySteps, offerSteps, cheapestMove } from './scenario.js';
export type { ScenarioSpec, SeatSpec, TribeSpec, ScenarioAt, OfferSpec } from './scenario.js';
export { checkInvariants } from './invariants.js';
export { messages } from './messages.js';
export { renderView };
export { mapGeo, placeLabel, cityLabel, hexLabel, nodeLabel, provinceLabel, terrainLabel } from './places.js';
export type { MapGeo, HexGeo, NodeGeo, EdgeGeo, Terrain } from './places.js';
export { movePayment, bundleText, cardName } from './describe.js';
export default struggleForRome;
