/**
 * Plays a game to its end with one bot per seat, through the contract only. Used by the simulator,
 * the benchmark and the property tests. Bots see their own view (computed lazily, so a bot that
 * never looks at it costs nothing) and their legal actions.
 */
import type { AnyGame, Bot, BotContext, GameEvent, Outcome, Prompt, Seat } from './contract.js';
import { Rng } from './rng.js';
import type { GameRecord } from './record.js';
import { newRecord } from './record.js';

export interface PlayOptions {
  options?: unknown;
  seats: number;
  seed: string;
  bots: Bot[];
  /** Stop after this many actions (a safety cap; the result then says `capped`). */
  maxActions?: number;
  /** Keep the action record (for saving and replay). */
  record?: boolean;
  /** Collect the event log. */
  events?: boolean;
  /** Called after each applied action. */
  onAction?: (state: unknown, seat: Seat, action: unknown) => void;
}

export interface PlayResult<S = unknown> {
  state: S;
  outcome: Outcome | null;
  actions: number;
  capped: boolean;
  record?: GameRecord;
  events?: GameEvent[];
}

export function playGame<S = unknown>(game: AnyGame, o: PlayOptions): PlayResult<S> {
  const opts = game.parseOptions(o.options ?? {});
  if (!opts.ok) throw new Error(opts.error.message);
  const events: GameEvent[] | undefined = o.events ? [] : undefined;
  const s = game.setup(opts.value, o.seats, o.seed, events);
  if (!s.ok) throw new Error(s.error.message);
  const state = s.value as S;
  const record = o.record ? newRecord(game, opts.value, o.seats, o.seed) : undefined;
  const driver = new Rng(`driver:${o.seed}`);
  const max = o.maxActions ?? 1_000_000;
  let actions = 0;
  for (;;) {
    if (game.outcome(state)) break;
    const prompt = choosePrompt(game.prompts(state), driver);
    if (!prompt)
      throw new Error(`${game.id}: no prompt and no outcome (seed ${o.seed}, after ${actions} actions)`);
    if (actions >= max) return { state, outcome: null, actions, capped: true, record, events };
    const seat = prompt.seat;
    const legal = game.legalActions(state, seat);
    if (legal.length === 0)
      throw new Error(
        `${game.id}: seat ${seat} is prompted (${prompt.kind}) but has no legal action (seed ${o.seed})`,
      );
    const bot = o.bots[seat]!;
    const action = bot.choose(lazyContext(game, state, seat, legal, prompt, driver));
    const r = game.apply(state, seat, action, events);
    if (!r.ok)
      throw new Error(
        `${game.id}: bot ${bot.name} at seat ${seat} chose a rejected action ${JSON.stringify(action)}: ${r.error.message}`,
      );
    record?.actions.push({ seat, action });
    o.onAction?.(state, seat, action);
    actions++;
  }
  const outcome = game.outcome(state);
  if (record) record.outcome = outcome;
  return { state, outcome, actions, capped: false, record, events };
}

/** The seat to act next: a random one among the prompts the game waits for (optional ones last). */
export function choosePrompt(prompts: Prompt[], rng: Rng): Prompt | undefined {
  if (prompts.length === 0) return undefined;
  if (prompts.length === 1) return prompts[0];
  const required = prompts.filter((p) => !p.optional);
  return rng.pick(required.length ? required : prompts);
}

function lazyContext(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  legal: unknown[],
  prompt: Prompt,
  rng: Rng,
): BotContext {
  let view: unknown;
  return {
    seat,
    legal,
    prompt,
    rng,
    get view() {
      return (view ??= game.view(state, seat));
    },
  };
}
