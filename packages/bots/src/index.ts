/**
 * Generic bots over the engine contract. A bot sees only its seat's view and its legal actions;
 * it draws from its own random stream, never the game's (a bot's draws
 * must not change the game's random sequence, which every game's specification fixes by the seed).
 */
import type { AnyGame, Bot, BotContext } from '@tabula/engine';
import { Rng } from '@tabula/engine';

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

/** Names of the bots a game offers: the generic random bot plus the game's own. */
export function botNames(game: AnyGame): string[] {
  return ['random', ...Object.keys(game.bots ?? {})];
}

/** Makes a bot by name for a game, or throws with the list of known names. */
export function makeBot(game: AnyGame, name: string, seed: string): Bot {
  if (name === 'random') return randomBot({ seed });
  const f = game.bots?.[name];
  if (!f) throw new Error(`Unknown bot "${name}" for ${game.id}; known: ${botNames(game).join(', ')}.`);
  return f({ seed });
}
