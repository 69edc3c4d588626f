/** Nations (Lautapelit 2013) as a Tabula game module: card data, vocabulary and the rules engine. */
import type { GameModule, Locale, Result, Seat } from '@tabula/engine';
import { chancesOf, err, ok, translate } from '@tabula/engine';
import { parseOptions } from './config.js';
import { defaultAction, legalActions, prompts } from './rules.js';
import { messages } from './messages.js';
import { apply, RULES_VERSION, setupState } from './rules.js';
import type { NatAction, NatOptions, NatState, NatView } from './state.js';
import { sampleWorld, view } from './view.js';
import { cloneState } from './clone.js';
import { describeAction, formatEvent } from './describe.js';
import { renderView } from './text.js';
import { evaluate, heuristicBot } from './bot.js';
import { targetsOf } from './targets.js';
import { botLevels, describePrompt, eventGroup, info, optionsSchema, progress } from './lobby.js';
import rulesEn from './data/rules.players.en.json' with { type: 'json' };
import rulesRu from './data/rules.players.ru.json' with { type: 'json' };
import { reveals } from './reveals.js';

export const nations: GameModule<NatState, NatAction, NatView, NatOptions> = {
  id: 'nations',
  rulesVersion: RULES_VERSION,
  minSeats: 1,
  maxSeats: 5,
  parseOptions,
  valueOptions: {
    difficulty: {
      help: 'chieftain|prince|king|emperor, or one per player separated by commas',
      metavar: 'LEVEL',
    },
    sides: { help: 'a (A sides) or b (each player picks a nation and side A or B)', metavar: 'A|B' },
    levels: { help: 'progress-card levels, e.g. basic or basic,advanced,expert', metavar: 'LIST' },
    ages: { help: 'a short game of 1 to 3 ages (default 4)', metavar: 'N' },
    solo: { help: 'the solo game against the virtual opponent (one player)', flag: true, players: 1 },
  },
  setup(options: NatOptions, seats: number, seed: string, log): Result<NatState> {
    if (!Number.isInteger(seats) || seats < 1 || seats > 5)
      return err('nat.err.players', 'Nations is played by 1 to 5 players.', 'NAT-OVR-1');
    if (seats === 5) {
      // NAT-SETUP-6
      if (options.deck) {
        if (options.deck.some((d) => d.length < 42))
          return err(
            'nat.err.deck5',
            'A 5-player game needs at least 42 progress cards per age.',
            'NAT-SETUP-6',
          );
      } else if (
        !options.cardLevels.includes('basic') ||
        !options.cardLevels.some((l) => l === 'advanced' || l === 'expert')
      )
        return err(
          'nat.err.deck5',
          'A 5-player game needs basic cards plus advanced and/or expert cards.',
          'NAT-SETUP-6',
        );
    }
    return ok(setupState(options, seats, String(seed), log));
  },
  prompts,
  legalActions,
  apply,
  defaultAction,
  view,
  outcome: (st) =>
    st.over ? { winners: st.over.winners, reason: st.over.reason, scores: st.over.scores } : null,
  sampleWorld,
  reveals,
  clone: cloneState,
  // Without the state (a browser), the view holds everything a description needs (NAT-HIDDEN-1).
  describeAction: (
    st: NatState | null,
    seat: Seat,
    a: NatAction,
    locale: Locale,
    seatName?: (s: Seat) => string,
    v?: NatView,
  ) => describeAction(st ?? v ?? null, seat, a, locale, seatName),
  messages,
  // The rules players meet, in players' words (from the spec and the Russian rulebook), for the log's
  // rule links and refusals.
  ruleTexts: { en: rulesEn as Record<string, string>, ru: rulesRu as Record<string, string> },
  formatEvent,
  renderText: renderView,
  seating: (st) => Array.from({ length: st.n }, (_, i) => i),
  seatTags: (st, seat): Record<string, string> => {
    const p = st.players[seat]!;
    const tags: Record<string, string> = { nation: p.nation || '?', side: p.side, difficulty: p.level };
    // The Hall of Fame title of a finished solo game (NAT-SOLO-18).
    if (st.solo && st.over) tags.title = st.over.title ?? 'none';
    return tags;
  },
  targetsOf,
  // The heuristic's valuation of each nation (rough points), as chances for search bots; 3 points a step.
  evaluate: (st) =>
    chancesOf(
      st.players.map((_, s) => evaluate(st, s)),
      3,
    ),
  // Every seat then takes its timeout default (ends its turn, passes) for 4 steps before the valuation, and
  // the search overrules the heuristic only on a clear margin: scored where the tree ends, a short search
  // lost 13 of 20 two-player games to the heuristic (it likes passing early: docs/bots.md).
  search: { standard: 100, strong: 280, playout: 'default', playoutDepth: 4, guideMargin: 0.1 },
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
export * from './data.js';
export * from './state.js';
export { DEFAULT_OPTIONS, parseOptions, E as ENGINE_NUMBERS } from './config.js';
export { messages } from './messages.js';
export { cardName, halfName, nationName, bagText } from './describe.js';
export { cardSummary } from './text.js';
export { renderView };
export { checkInvariants } from './invariants.js';
export default nations;
