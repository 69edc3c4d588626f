/** Age of Heroes as a Tabula game module (the engine contract of @tabula/engine). */
import type { GameModule, Locale, Result, Seat } from '@tabula/engine';
import { err, ok, translate } from '@tabula/engine';
import { parseOptions } from './config.js';
import { messages } from './messages.js';
import { RULES_VERSION } from './rules/core.js';
import { apply, defaultAction, legalActions, prompts, setupState } from './rules/flow.js';
import type { AohAction, AohOptions, AohState, AohView } from './types.js';
import { botView, sampleWorld, view } from './view.js';
import { cloneState } from './clone.js';
import { describeAction, formatEvent } from './describe.js';
import { renderView } from './text.js';
import { heuristicBot } from './bot.js';
import { targetsOf } from './targets.js';
import { evaluate } from './evaluate.js';
import { botLevels, describePrompt, eventGroup, info, optionsSchema, progress } from './lobby.js';
import rulesEn from './data/rules.players.en.json' with { type: 'json' };
import rulesRu from './data/rules.players.ru.json' with { type: 'json' };
import { reveals } from './reveals.js';

export const ageOfHeroes: GameModule<AohState, AohAction, AohView, AohOptions> = {
  id: 'age-of-heroes',
  rulesVersion: RULES_VERSION,
  minSeats: 2,
  maxSeats: 6,
  parseOptions,
  setup(options: AohOptions, seats: number, seed: string, log): Result<AohState> {
    const cfg = options.config;
    const min = cfg?.players.min ?? 2,
      max = cfg?.players.max ?? 6;
    if (!Number.isInteger(seats) || seats < min || seats > max)
      return err('aoh.err.players', `Age of Heroes is played by ${min} to ${max} players.`, 'AOH-PLAYERS-1', {
        min,
        max,
      });
    return ok(setupState(options, seats, String(seed), log));
  },
  prompts,
  legalActions,
  apply,
  defaultAction,
  view,
  botView,
  outcome: (st) => st.over,
  sampleWorld,
  reveals,
  clone: cloneState,
  describeAction: (
    st: AohState | null,
    seat: Seat,
    a: AohAction,
    locale: Locale,
    seatName?: (s: Seat) => string,
    view?: AohView,
  ) => describeAction(st?.cfg, seat, a, locale, seatName, st ? st.p : view?.players),
  messages,
  // The rules players meet, in players' words (from the spec and the Russian rulebook), for the log's
  // rule links and refusals.
  ruleTexts: { en: rulesEn, ru: rulesRu },
  formatEvent,
  renderText: renderView,
  seating: (st) => st.seating.slice(),
  seatTags: (st, seat) => ({ tribe: st.p[seat]!.tribe ?? '?' }),
  targetsOf,
  evaluate,
  // The search bot's playouts are played by the heuristic (microseconds a decision), every root action in the
  // same worlds (paired: 57% of 42 two-player games against the heuristic; the tree 51%); 30 steps deep: the
  // paired differences spread a third as much as after 100 steps, at twice the playouts a second. The strong
  // level looks 100 steps ahead at 500 iterations (at 30 steps, 300 iterations won only 52% of 322 games
  // against the standard level: more playouts of the same search converge on its choices); at bigger tables,
  // where a playout's 100 steps cost more, it plays fewer, to keep its time a decision (docs/bots.md).
  search: {
    standard: 100,
    strong: 500,
    strongBySeats: { 3: 330, 4: 250, 5: 200, 6: 170 },
    playout: 'guide',
    playoutDepth: 30,
    root: 'paired',
    strongHints: { playoutDepth: 100 },
  },
  bots: { heuristic: heuristicBot },
  info,
  optionsSchema,
  botLevels,
  describePrompt,
  eventGroup,
  progress,
};

export function t(locale: Locale, key: string, params?: Record<string, unknown>): string {
  return translate([messages], locale, key, params);
}

export * from './types.js';
export { DEFAULT_CONFIG, DEFAULT_OPTIONS, validateConfig } from './config.js';
export { scenario } from './scenario.js';
export type { ScenarioSpec } from './scenario.js';
export { renderView };
export { warSteps, defenceAction, offerSteps, placeSteps, applySteps } from './scenario.js';
export type { WarSpec, OfferSpec, SeatSpec, ArmySpec, ScenarioAt } from './scenario.js';
export { checkInvariants } from './invariants.js';
export { messages } from './messages.js';
export default ageOfHeroes;
