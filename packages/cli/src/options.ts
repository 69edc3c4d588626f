/** `tabula options <game>`: a game in words — what it is, its bots, and the options it declares. */
import type { Ctx, OptionSpec } from './common.js';
import { HELP_OPTION, LANG_OPTION, commandHelp, gameOptionsHelp, requireGame, usage } from './common.js';

export function optionsOptions(): OptionSpec[] {
  return [LANG_OPTION, HELP_OPTION];
}

export function optionsHelp(ctx: Ctx): string {
  return commandHelp(ctx, 'options <game> [--lang en|ru]', 'opts.help.summary', optionsOptions());
}

export function optionsCommand(ctx: Ctx, positional: string[]): number {
  if (positional.length > 1) throw usage('cli.err.tooManyArgs', { arg: positional[1] });
  ctx.io.write(gameOptionsHelp(ctx, requireGame(positional[0])));
  return 0;
}
