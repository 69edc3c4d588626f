/** The `tabula` command line: play, simulate, replay. Generic over the games of the catalog. */
import type { Locale } from '@tabula/engine';
import type { CliIO } from './io.js';
import { nodeIO } from './io.js';
import type { Ctx, OptionSpec } from './common.js';
import {
  CliError,
  findNamedGame,
  gameIds,
  gameOptionsHelp,
  localeFrom,
  makeCtx,
  parseArgs,
  usage,
} from './common.js';
import { play, playHelp, playOptions } from './play.js';
import { simulate, simulateHelp, simulateOptions } from './simulate.js';
import { replayCommand, replayHelp, replayOptions } from './replay.js';
import { optionsCommand, optionsHelp, optionsOptions } from './options.js';

interface Command {
  summary: string;
  options: () => OptionSpec[];
  help: (ctx: Ctx) => string;
  run: (ctx: Ctx, positional: string[], values: Record<string, unknown>) => number | Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  play: { summary: 'cli.cmd.play', options: playOptions, help: playHelp, run: play },
  simulate: { summary: 'cli.cmd.simulate', options: simulateOptions, help: simulateHelp, run: simulate },
  replay: { summary: 'cli.cmd.replay', options: replayOptions, help: replayHelp, run: replayCommand },
  options: { summary: 'cli.cmd.options', options: optionsOptions, help: optionsHelp, run: optionsCommand },
};

/** Commands whose help, when a game is named (`tabula play <game> --help`), also shows that game's options. */
const GAME_HELP = new Set(['play', 'simulate']);

/** A command's help, followed by the named game's options for a command that takes them. */
function helpOf(ctx: Ctx, name: string, cmd: Command, positional: readonly string[]): string {
  const game = GAME_HELP.has(name) ? findNamedGame(positional[0]) : undefined;
  return game ? `${cmd.help(ctx)}\n${gameOptionsHelp(ctx, game)}` : cmd.help(ctx);
}

export function mainHelp(ctx: Ctx): string {
  const names = [...Object.keys(COMMANDS), 'help'];
  const width = Math.max(...names.map((n) => n.length));
  return [
    ctx.t('cli.usage'),
    '',
    ctx.t('cli.commands'),
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${ctx.t(c.summary)}`),
    `  ${'help'.padEnd(width)}  ${ctx.t('cli.cmd.help')}`,
    '',
    ctx.t('cli.games', { games: gameIds() }),
    ctx.t('cli.moreHelp'),
    '',
  ].join('\n');
}

/** The --lang value, looked for before the full parse so that errors are in the right language. */
function earlyLocale(argv: readonly string[], env: Record<string, string | undefined>): Locale {
  let raw: string | undefined;
  argv.forEach((a, i) => {
    if (a === '--lang') raw = argv[i + 1];
    else if (a.startsWith('--lang=')) raw = a.slice(7);
  });
  try {
    return localeFrom(raw, env.LANG);
  } catch {
    return localeFrom(undefined, env.LANG);
  }
}

/** Runs the command line; resolves to the exit code (0 ok, 1 failure, 2 usage error). */
export async function main(argv: readonly string[], io: CliIO = nodeIO()): Promise<number> {
  let ctx = makeCtx(io, earlyLocale(argv, io.env));
  try {
    const [first, ...rest] = argv;
    if (first === undefined || first === '--help' || first === '-h') {
      io.write(mainHelp(ctx));
      return first === undefined ? 2 : 0;
    }
    if (first === 'help') {
      const [topic, ...more] = rest.filter((a) => !a.startsWith('-'));
      if (topic === undefined) {
        io.write(mainHelp(ctx));
        return 0;
      }
      const cmd = COMMANDS[topic];
      if (!cmd)
        throw usage('cli.err.unknownCommand', { command: topic, known: Object.keys(COMMANDS).join(', ') });
      io.write(helpOf(ctx, topic, cmd, more));
      return 0;
    }
    const cmd = COMMANDS[first];
    if (!cmd)
      throw usage('cli.err.unknownCommand', { command: first, known: Object.keys(COMMANDS).join(', ') });
    const { positional, values } = parseArgs(first, rest, cmd.options());
    ctx = makeCtx(io, localeFrom(values.lang as string | undefined, io.env.LANG));
    if (values.help) {
      io.write(helpOf(ctx, first, cmd, positional));
      return 0;
    }
    return await cmd.run(ctx, positional, values);
  } catch (e) {
    if (e instanceof CliError) {
      io.error(`${ctx.t('cli.err.prefix', { message: ctx.t(e.key, e.params) })}\n`);
      return e.exitCode;
    }
    throw e;
  } finally {
    io.close();
  }
}
