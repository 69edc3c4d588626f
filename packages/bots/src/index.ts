/**
 * Generic bots over the engine contract. A bot sees only its seat's view and its legal actions;
 * it draws from its own random stream, never the game's (a bot's draws
 * must not change the game's random sequence, which every game's specification fixes by the seed).
 *
 * Names a game's bots answer to:
 * - `random`: uniform among the legal actions;
 * - the game's own bots (`GameModule.bots`, e.g. a rule-based heuristic);
 * - `ismcts:<N>` (N iterations a decision), `ismcts:<M>ms` (M milliseconds), `ismcts:<N>:<M>ms` (whichever
 *   ends first): the generic search bot (ismcts.ts), guided by the game's strongest own bot;
 * - the levels named for players (`levelsOf`): `beginner` (the game's strongest own bot), `standard` and
 *   `strong` (the search bot at the game's two budgets, `GameModule.search`, else ours).
 */
import type { AnyGame, Bot, BotContext } from '@tabula/engine';
import { Rng } from '@tabula/engine';
import type { IsmctsOptions, SearchBudget } from './ismcts.js';
import { ismctsBot } from './ismcts.js';

export * from './ismcts.js';

/** Picks uniformly among the legal actions. */
export function randomBot(options: { seed: string }): Bot {
  const rng = new Rng(`random-bot:${options.seed}`);
  return { name: 'random', choose: (ctx: BotContext) => ctx.legal[rng.int(ctx.legal.length)] };
}

/** Always takes the timeout default: what a seat does when its player is away. */
export function defaultBot(game: AnyGame, stateOf: () => unknown): Bot {
  return {
    name: 'default',
    choose: (ctx: BotContext) => game.defaultAction(stateOf(), ctx.seat) ?? ctx.legal[0],
  };
}

/** The levels named for players, from the weakest to the strongest (after `random`). */
export const LEVELS = ['beginner', 'standard', 'strong'] as const;
export type Level = (typeof LEVELS)[number];

/**
 * Iterations a decision of the search levels when a game declares none: small enough for a strong
 * decision in about a quarter of a second on one core of the slowest of our engines.
 */
export const DEFAULT_SEARCH_BUDGETS = { standard: 60, strong: 250 } as const;

/**
 * The server's safety cap on a search bot's thinking time (ms), far above a level's usual time: a level is
 * defined by its iterations, so that it plays the same on any machine (benches and the command line run it
 * uncapped), and the server's cap only keeps a loaded server answering (`makeBot(…, { msCap })`).
 */
export const LEVEL_MS_CAP = 1000;

/** The game's strongest own bot (the last of its declared levels that it defines), else none. */
export function ownBot(game: AnyGame): string | undefined {
  const own = Object.keys(game.bots ?? {});
  const declared = (game.botLevels ?? []).filter((b) => own.includes(b));
  return declared.at(-1) ?? own.at(-1);
}

/** The budgets of the two search levels for a game. */
export function searchBudgets(game: AnyGame): { standard: number; strong: number } {
  return {
    standard: game.search?.standard ?? DEFAULT_SEARCH_BUDGETS.standard,
    strong: game.search?.strong ?? DEFAULT_SEARCH_BUDGETS.strong,
  };
}

/**
 * The levels a lobby and the command line offer for a game, from the weakest to the strongest: `random`,
 * `beginner` when the game has a bot of its own, `standard`, `strong`. The last is seated by default.
 */
export function levelsOf(game: AnyGame): string[] {
  return ['random', ...(ownBot(game) ? ['beginner'] : []), 'standard', 'strong'];
}

/** Names of the bots a game offers: the generic random bot, the game's own, and the levels. */
export function botNames(game: AnyGame): string[] {
  const own = Object.keys(game.bots ?? {});
  return ['random', ...own, ...levelsOf(game).filter((l) => l !== 'random' && !own.includes(l))];
}

/** `ismcts:<N>`, `ismcts:<M>ms`, `ismcts:<N>:<M>ms` → its budget; null for any other name. */
export function parseSearchName(name: string): SearchBudget | null {
  const m = /^ismcts(?::(\d+))?(?::(\d+)ms)?$/.exec(name);
  if (!m) return null;
  const budget: SearchBudget = {};
  if (m[1]) budget.iterations = Number(m[1]);
  if (m[2]) budget.ms = Number(m[2]);
  if (budget.iterations === undefined && budget.ms === undefined) budget.iterations = 1000;
  if ((budget.iterations ?? 1) < 1 || (budget.ms ?? 1) < 1) return null;
  return budget;
}

/** True when `name` names a bot of this game (a listed name or a search budget such as `ismcts:500`). */
export function isBotName(game: AnyGame, name: string): boolean {
  return botNames(game).includes(name) || parseSearchName(name) !== null;
}

/**
 * How the search plays when a name gives only its budget (the levels, `ismcts:<N>`): guided by the game's
 * strongest own bot; with the game's evaluation, positions are scored where the tree ends (no random
 * playout: random moves would only blur the evaluation) and a decision's further steps are taken greedily.
 * A game's hints (`GameModule.search`) override these.
 */
export const SEARCH_TUNING: Partial<IsmctsOptions> = { playoutDepth: 0, greedySteps: 8 };

/**
 * The search's tuning for a game: ours, then the game's hints, then (for the `strong` level) the hints by
 * which that level differs.
 */
export function searchTuning(
  game: AnyGame,
  level: 'standard' | 'strong' = 'standard',
): Partial<IsmctsOptions> {
  const h = { ...game.search, ...(level === 'strong' ? game.search?.strongHints : undefined) };
  const out: Partial<IsmctsOptions> = { ...SEARCH_TUNING };
  if (h.playout !== undefined) out.playout = h.playout;
  if (h.playoutDepth !== undefined) out.playoutDepth = h.playoutDepth;
  // Playouts by the guide: no greedy steps (in playouts the guide finishes a decision as it would in play).
  if (h.playout === 'guide') out.greedySteps = 0;
  if (h.greedySteps !== undefined) out.greedySteps = h.greedySteps;
  if (h.guideMargin !== undefined) out.guideMargin = h.guideMargin;
  if (h.root !== undefined) out.root = h.root;
  return out;
}

/** The game's strongest own bot as the search's guide, or none. */
export function guideOf(game: AnyGame, seed: string): Bot | undefined {
  const name = ownBot(game);
  return name ? game.bots![name]!({ seed: `${seed}:guide` }) : undefined;
}

/** The search bot at a budget, guided by the game's strongest own bot. */
export function searchBot(
  game: AnyGame,
  budget: SearchBudget,
  seed: string,
  extra: Partial<IsmctsOptions> = {},
): Bot {
  const guide = guideOf(game, seed);
  return ismctsBot(game, { ...searchTuning(game), ...budget, seed, ...(guide ? { guide } : {}), ...extra });
}

/**
 * A level's budget: its iterations a decision (the strong level's by table size where the game says so,
 * `SearchHints.strongBySeats`), and a cap on its time, if given.
 */
export function levelBudget(game: AnyGame, level: 'standard' | 'strong', msCap?: number): SearchBudget {
  const b: SearchBudget = { iterations: searchBudgets(game)[level] };
  const bySeats = level === 'strong' ? game.search?.strongBySeats : undefined;
  if (bySeats) b.bySeats = bySeats;
  if (msCap !== undefined) b.ms = msCap;
  return b;
}

/**
 * Makes a bot by name for a game, or throws with the list of known names. `msCap` caps a search bot's
 * thinking time (the server's safety cap); a budget in the name (`ismcts:<N>:<M>ms`) keeps its own.
 */
export function makeBot(game: AnyGame, name: string, seed: string, o: { msCap?: number } = {}): Bot {
  if (name === 'random') return randomBot({ seed });
  const f = game.bots?.[name];
  if (f) return f({ seed });
  if (name === 'beginner') {
    const own = ownBot(game);
    if (own) return game.bots![own]!({ seed });
  }
  if (name === 'standard' || name === 'strong') {
    const b = searchBot(game, levelBudget(game, name, o.msCap), seed, searchTuning(game, name));
    return { name, choose: (ctx) => b.choose(ctx) };
  }
  const budget = parseSearchName(name);
  if (budget)
    return searchBot(
      game,
      o.msCap !== undefined && budget.ms === undefined ? { ...budget, ms: o.msCap } : budget,
      seed,
    );
  throw new Error(`Unknown bot "${name}" for ${game.id}; known: ${botNames(game).join(', ')}, ismcts:<N>.`);
}
