/** Shared pieces of the commands: errors with exit codes, option parsing, texts, seat names, game texts. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyGame, GameEvent, Locale, Outcome, Prompt, RuleError, Seat } from '@tabula/engine';
import { translate } from '@tabula/engine';
import { GAMES, findGame } from '@tabula/catalog';
import { levelsOf, searchBudgets } from '@tabula/bots';
import type { CliIO } from './io.js';
import { messages } from './messages.js';

/** A failure with a CLI message key: exit code 2 for usage errors, 1 for everything else. */
export class CliError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(translate([messages], 'en', key, params));
  }
}
export const usage = (key: string, params: Record<string, unknown> = {}) => new CliError(key, params, 2);

export interface Ctx {
  io: CliIO;
  locale: Locale;
  t(key: string, params?: Record<string, unknown>): string;
  /** Writes one translated line to standard output. */
  say(key: string, params?: Record<string, unknown>): void;
  /** Writes raw text plus a newline to standard output. */
  line(text?: string): void;
}

export function makeCtx(io: CliIO, locale: Locale): Ctx {
  const t = (key: string, params?: Record<string, unknown>) => translate([messages], locale, key, params);
  return {
    io,
    locale,
    t,
    say: (key, params) => io.write(`${t(key, params)}\n`),
    line: (text = '') => io.write(`${text}\n`),
  };
}

// ---------------------------------------------------------------------------------------------
// Options

export interface OptionSpec {
  name: string;
  kind: 'string' | 'int' | 'flag';
  /** A string option that may be given several times: its value is the list of the values given. */
  repeat?: boolean;
  /** For flags: accept --no-<name> too. */
  negatable?: boolean;
  min?: number;
  /** Shown after the option name in the help (e.g. "N", "FILE"). */
  metavar?: string;
  help: string;
  helpParams?: Record<string, unknown>;
}

export interface ParsedArgs {
  positional: string[];
  values: Record<string, string | string[] | number | boolean | undefined>;
}

export const LANG_OPTION: OptionSpec = {
  name: 'lang',
  kind: 'string',
  metavar: 'en|ru',
  help: 'cli.opt.lang',
};
export const HELP_OPTION: OptionSpec = { name: 'help', kind: 'flag', help: 'cli.opt.help' };

export function parseArgs(
  command: string,
  argv: readonly string[],
  specs: readonly OptionSpec[],
): ParsedArgs {
  const positional: string[] = [];
  const values: ParsedArgs['values'] = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      values.help = true;
      continue;
    }
    if (!arg.startsWith('--') || arg === '--') {
      if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg))
        throw usage('cli.err.unknownOption', { option: arg, command });
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    const spec = specs.find((s) => s.name === name);
    if (!spec && name.startsWith('no-')) {
      const neg = specs.find((s) => s.name === name.slice(3) && s.negatable);
      if (neg) {
        if (inline !== undefined) throw usage('cli.err.noValue', { option: `--${name}` });
        values[neg.name] = false;
        continue;
      }
    }
    if (!spec) throw usage('cli.err.unknownOption', { option: `--${name}`, command });
    if (spec.kind === 'flag') {
      if (inline !== undefined) throw usage('cli.err.noValue', { option: `--${name}` });
      values[spec.name] = true;
      continue;
    }
    let raw = inline;
    if (raw === undefined) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2))
        throw usage('cli.err.missingValue', { option: `--${name}` });
      raw = next;
      i++;
    }
    if (spec.kind === 'int') {
      const min = spec.min ?? 0;
      if (!/^-?\d+$/.test(raw.trim()) || Number(raw) < min)
        throw usage('cli.err.notInteger', { option: `--${name}`, min, value: raw });
      values[spec.name] = Number(raw);
    } else if (spec.repeat) {
      const prev = values[spec.name];
      values[spec.name] = [...(Array.isArray(prev) ? prev : []), raw];
    } else values[spec.name] = raw;
  }
  return { positional, values };
}

/** The locale from --lang (checked) or LANG. */
export function localeFrom(raw: string | number | boolean | undefined, envLang: string | undefined): Locale {
  if (typeof raw === 'string') {
    const v = raw.toLowerCase();
    if (v === 'en' || v === 'ru') return v;
    throw usage('cli.err.badLang', { lang: raw });
  }
  return envLang?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

/** The help of a command: summary, usage line and its options. */
export function commandHelp(
  ctx: Ctx,
  usageLine: string,
  summaryKey: string,
  specs: readonly OptionSpec[],
  summaryParams = {},
): string {
  const rows = specs.map((s) => {
    const left = `--${s.negatable ? `[no-]${s.name}` : s.name}${s.metavar ? ` ${s.metavar}` : ''}`;
    return [left, ctx.t(s.help, s.helpParams)] as const;
  });
  const width = Math.max(...rows.map((r) => r[0].length));
  return [
    `tabula ${usageLine}`,
    '',
    ctx.t(summaryKey, summaryParams),
    '',
    ctx.t('cli.options'),
    ...rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`),
    '',
  ].join('\n');
}

/** The games by id, each with its short id: "some-game (sg), …" (from the catalog, never spelled here). */
export const gameIds = () =>
  GAMES.map((g) => (g.info?.shortId && g.info.shortId !== g.id ? `${g.id} (${g.info.shortId})` : g.id)).join(
    ', ',
  );

/** A game's name in words (the message its info names), else its id. */
export function gameName(game: AnyGame, locale: Locale): string {
  const key = game.info?.name;
  return (key && (game.messages[locale]?.[key] ?? game.messages.en?.[key])) || game.id;
}

/** A message of a game's catalog (English where the locale lacks it), else the key. */
function gameText(game: AnyGame, locale: Locale, key: string): string {
  return translate([game.messages], locale, key);
}

/** The bot a game seats by default: the strongest of its levels (the last: the search bot's `strong`). */
export function strongestBot(game: AnyGame): string {
  return levelsOf(game).at(-1) ?? 'random';
}

/** The game a name (id or short id) names, or undefined (no error: for optional mentions). */
export function findNamedGame(name: string | undefined): AnyGame | undefined {
  return name ? findGame(name) : undefined;
}

export function requireGame(name: string | undefined): AnyGame {
  if (!name) throw usage('cli.err.missingGame', { games: gameIds() });
  const game = findGame(name);
  if (!game) throw usage('cli.err.unknownGame', { game: name, games: gameIds() });
  return game;
}

/** A game-declared command-line option as the games of the catalog describe it. */
interface DeclaredOption {
  help: string;
  metavar?: string;
  flag?: boolean;
}

/**
 * One option spec per name among the options the games of the catalog declare (`pick` chooses
 * `fileOptions` or `valueOptions`), leaving out names the command already uses; the help names the
 * games that take each one.
 */
function declaredOptionSpecs(
  taken: readonly OptionSpec[],
  pick: (g: (typeof GAMES)[number]) => Record<string, DeclaredOption> | undefined,
  help: 'cli.opt.file' | 'cli.opt.value',
  metavar: string,
): OptionSpec[] {
  const byName = new Map<string, { help: string[]; games: string[]; flag: boolean; metavar: string }>();
  for (const g of GAMES)
    for (const [name, o] of Object.entries(pick(g) ?? {})) {
      if (taken.some((s) => s.name === name)) continue;
      const entry = byName.get(name) ?? {
        help: [],
        games: [],
        flag: !!o.flag,
        metavar: o.metavar ?? metavar,
      };
      if (!entry.help.includes(o.help)) entry.help.push(o.help);
      entry.games.push(g.id);
      byName.set(name, entry);
    }
  return [...byName].map(([name, e]) => ({
    name,
    kind: e.flag ? ('flag' as const) : ('string' as const),
    ...(e.flag ? {} : { metavar: e.metavar }),
    help,
    helpParams: { name, help: e.help.join('; '), games: e.games.join(', ') },
  }));
}

/**
 * `--<name> FILE` for every file option a game of the catalog declares (`GameModule.fileOptions`),
 * leaving out names the command already uses. The help names the games that take each one.
 */
export function fileOptionSpecs(taken: readonly OptionSpec[]): OptionSpec[] {
  return declaredOptionSpecs(taken, (g) => g.fileOptions, 'cli.opt.file', 'FILE');
}

/**
 * The game options read from files (`--<name> FILE` for each of `game.fileOptions`): option name →
 * parsed JSON. Each is checked on its own by the game's parseOptions so that an error names the file.
 * A file option of another game is a usage error.
 */
export function readFileOptions(
  game: AnyGame,
  values: Record<string, unknown>,
  specs: readonly OptionSpec[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    if (spec.help !== 'cli.opt.file') continue;
    const file = values[spec.name];
    if (typeof file !== 'string') continue;
    if (!game.fileOptions?.[spec.name])
      throw usage('cli.err.fileOptionGame', {
        option: `--${spec.name}`,
        game: game.id,
        games: String(spec.helpParams?.games ?? ''),
      });
    const value = readJsonFile(file);
    const checked = game.parseOptions({ [spec.name]: value });
    if (!checked.ok)
      throw new CliError('cli.err.fileOptionRejected', {
        file,
        option: `--${spec.name}`,
        game: game.id,
        // The English message: game catalogs may shorten it (the data error names the bad entry).
        message: checked.error.message,
      });
    out[spec.name] = value;
  }
  return out;
}

/**
 * `--<name> VALUE` (or a flag) for every value option a game of the catalog declares
 * (`GameModule.valueOptions`), leaving out names the command already uses.
 */
export function valueOptionSpecs(taken: readonly OptionSpec[]): OptionSpec[] {
  return declaredOptionSpecs(taken, (g) => g.valueOptions, 'cli.opt.value', 'VALUE');
}

/**
 * The game options given as `--<name> VALUE` (game.valueOptions) and the player count a flag fixes.
 * An option of another game is a usage error.
 */
export function readValueOptions(
  game: AnyGame,
  values: Record<string, unknown>,
  specs: readonly OptionSpec[],
): { options: Record<string, unknown>; players?: number } {
  const options: Record<string, unknown> = {};
  let players: number | undefined;
  for (const spec of specs) {
    if (spec.help !== 'cli.opt.value') continue;
    const v = values[spec.name];
    if (v === undefined || v === false) continue;
    const decl = game.valueOptions?.[spec.name];
    if (!decl)
      throw usage('cli.err.valueOptionGame', {
        option: `--${spec.name}`,
        game: game.id,
        games: String(spec.helpParams?.games ?? ''),
      });
    options[spec.name] = v;
    if (decl.players !== undefined) players = decl.players;
  }
  return players === undefined ? { options } : { options, players };
}

/** `--option KEY=VALUE`: any option a game declares in its options schema (`tabula options <game>`). */
export const GAME_OPTION: OptionSpec = {
  name: 'option',
  kind: 'string',
  repeat: true,
  metavar: 'KEY=VALUE',
  help: 'cli.opt.option',
};

const TRUE = ['true', 'yes', 'on', '1'];
const FALSE = ['false', 'no', 'off', '0'];

/**
 * The game options given as `--option KEY=VALUE`, read by the game's options schema: a choice must be one
 * of its values (a per-seat choice may list one value per seat, separated by commas), a number a whole
 * number in its range, a flag on or off (a bare `--option KEY` sets it), a file a JSON file. `parseOptions`
 * still judges the options together. A flag that fixes the player count (a solo mode) returns it.
 */
export function readSchemaOptions(
  game: AnyGame,
  values: Record<string, unknown>,
): { options: Record<string, unknown>; players?: number } {
  const given = values.option;
  const options: Record<string, unknown> = {};
  let players: number | undefined;
  if (!Array.isArray(given)) return { options };
  const schema = game.optionsSchema ?? [];
  const name = gameName(game, 'en');
  for (const raw of given as string[]) {
    const eq = raw.indexOf('=');
    const key = (eq >= 0 ? raw.slice(0, eq) : raw).trim();
    const value = eq >= 0 ? raw.slice(eq + 1).trim() : undefined;
    if (!key) throw usage('cli.err.optionFormat', { value: raw });
    const o = schema.find((x) => x.key === key);
    if (!o)
      throw usage('cli.err.optionKey', {
        game: name,
        key,
        known: schema.map((x) => x.key).join(', ') || '—',
        id: game.info?.shortId ?? game.id,
      });
    if (value === undefined && o.kind !== 'flag') throw usage('cli.err.optionFormat', { value: raw });
    switch (o.kind) {
      case 'choice': {
        const ok = (v: string) => o.choices.some((c) => c.value === v);
        const parts = value!.split(',').map((v) => v.trim());
        if (ok(value!)) options[key] = value;
        else if (o.perSeat && parts.length > 1 && parts.every(ok)) options[key] = parts;
        else
          throw usage('cli.err.optionChoice', {
            game: name,
            key,
            value,
            choices: o.choices.map((c) => c.value).join(' | '),
          });
        break;
      }
      case 'number': {
        const n = Number(value);
        if (!/^-?\d+$/.test(value!) || n < o.min || n > o.max)
          throw usage('cli.err.optionNumber', { game: name, key, value, min: o.min, max: o.max });
        options[key] = n;
        break;
      }
      case 'flag': {
        const v = value === undefined || value === '' ? 'true' : value.toLowerCase();
        if (!TRUE.includes(v) && !FALSE.includes(v))
          throw usage('cli.err.optionFlag', { game: name, key, value });
        options[key] = TRUE.includes(v);
        if (options[key] === true && o.players !== undefined) players = o.players;
        break;
      }
      case 'file':
        options[key] = readJsonFile(value!);
        break;
    }
  }
  return players === undefined ? { options } : { options, players };
}

/**
 * A game in words for the command line: its name, description, players, length and bots, then every
 * option it declares with its values, default and help (`tabula options <game>`, and the help of
 * `play` and `simulate` when a game is named).
 */
export function gameOptionsHelp(ctx: Ctx, game: AnyGame): string {
  const l = ctx.locale;
  const info = game.info;
  const out: string[] = [
    ctx.t('opts.title', { name: gameName(game, l), id: game.id, short: info?.shortId ?? game.id }),
  ];
  if (info) out.push(gameText(game, l, info.description));
  out.push('', ctx.t('opts.players', { min: game.minSeats, max: game.maxSeats }));
  if (info) out.push(ctx.t('opts.minutes', { min: info.minutes[0], max: info.minutes[1] }));
  const order = levelsOf(game);
  // Each level by name and what it does (the search levels with their iterations a decision).
  const budgets = searchBudgets(game);
  const said = (b: string) => {
    const key = `cli.bot.${b}`;
    const words = ctx.t(key, { n: b === 'strong' ? budgets.strong : budgets.standard });
    return words === key ? b : `${b} (${words})`;
  };
  out.push(ctx.t('opts.bots', { bots: order.map(said).join(', '), strongest: strongestBot(game) }));
  out.push(ctx.t('opts.botsMore'));
  out.push('');
  const schema = game.optionsSchema ?? [];
  if (!schema.length) {
    out.push(ctx.t('opts.none'), '');
    return out.join('\n');
  }
  out.push(ctx.t('opts.options'));
  const on = (b: boolean) => ctx.t(b ? 'opts.on' : 'opts.off');
  for (const o of schema) {
    const left =
      o.kind === 'choice'
        ? `${o.key}=${o.choices.map((c) => c.value).join('|')}`
        : o.kind === 'number'
          ? `${o.key}=${o.min}..${o.max}`
          : o.kind === 'file'
            ? `${o.key}=FILE`
            : `${o.key}[=on|off]`;
    const label = gameText(game, l, o.label);
    const help = o.help ? `: ${gameText(game, l, o.help)}` : '';
    out.push(`  ${left}`, `      ${label}${help}`);
    if (o.kind === 'choice') {
      const w = Math.max(...o.choices.map((c) => c.value.length));
      for (const c of o.choices)
        out.push(
          `        ${c.value.padEnd(w)}  ${gameText(game, l, c.label)}${c.value === o.default ? ` (${ctx.t('opts.default')})` : ''}`,
        );
      if (o.perSeat) out.push(`      ${ctx.t('opts.perSeat')}`);
    } else if (o.kind === 'number') out.push(`      ${ctx.t('opts.defaultIs', { value: o.default })}`);
    else if (o.kind === 'flag') {
      out.push(`      ${ctx.t('opts.defaultIs', { value: on(o.default) })}`);
      if (o.players !== undefined) out.push(`      ${ctx.t('opts.fixesPlayers', { n: o.players })}`);
    } else out.push(`      ${ctx.t('opts.file')}`);
  }
  out.push('', ctx.t('opts.usage', { id: info?.shortId ?? game.id }), '');
  return out.join('\n');
}

export const randomSeed = () => Date.now().toString(36) + Math.floor(Math.random() * 36 ** 4).toString(36);

// ---------------------------------------------------------------------------------------------
// Game texts, generic over the contract

/** "Player 3": the names used for seats everywhere in the command line. */
export function seatNamer(ctx: Ctx): (seat: Seat) => string {
  return (seat) => ctx.t('cli.seat', { n: seat + 1 });
}

function hasKey(game: AnyGame, locale: Locale, key: string): boolean {
  return game.messages[locale]?.[key] !== undefined || game.messages.en?.[key] !== undefined;
}

/**
 * The text of a prompt: the game's own words for it (`describePrompt`, from the seat's view) when it has
 * them; else its catalog's (`<prefix>.prompt.<kind>`); else the kind itself.
 */
export function promptText(
  game: AnyGame,
  prompt: Prompt,
  locale: Locale,
  seatName: (s: Seat) => string,
  view?: unknown,
): string {
  if (game.describePrompt && view !== undefined) {
    try {
      const text = game.describePrompt(prompt, view, locale, seatName);
      if (text) return text;
    } catch {
      // A game's words must never stop the game: fall back to its catalog.
    }
  }
  const prefix = prompt.kind.split('.')[0]!;
  const key = `${prefix}.prompt.${prompt.kind}`;
  if (!hasKey(game, locale, key)) return prompt.kind;
  return game.formatEvent({ key, params: prompt.args ?? {} }, locale, seatName);
}

/** A rule error in words: the game's message for its code when it has one, else its English message. */
export function ruleErrorText(
  game: AnyGame,
  error: RuleError,
  locale: Locale,
  seatName: (s: Seat) => string,
): string {
  const message = hasKey(game, locale, error.code)
    ? game.formatEvent({ key: error.code, params: error.params ?? {} }, locale, seatName)
    : error.message;
  // The rule that refused it, in players' words (as the web table's § pop-up shows it).
  const words = error.rule
    ? (game.ruleTexts?.[locale]?.[error.rule] ?? game.ruleTexts?.en?.[error.rule])
    : undefined;
  return words ? `${message}\n  ${translate([messages], locale, 'cli.rule', { text: words })}` : message;
}

/** A game label in words (`<prefix>.<kind>.<value>` in the game's catalog, e.g. xyz.colour.red), else the value. */
export function labelText(game: AnyGame, kinds: readonly string[], value: string, locale: Locale): string {
  const prefixes = [...new Set(Object.keys(game.messages.en ?? {}).map((k) => k.split('.')[0]!))];
  for (const p of prefixes)
    for (const kind of kinds) {
      const key = `${p}.${kind}.${value}`;
      if (hasKey(game, locale, key)) return translate([game.messages], locale, key);
    }
  return value;
}

/** An outcome reason in words, if the game's catalog names it; else the reason code. */
export function reasonText(game: AnyGame, reason: string, locale: Locale): string {
  return labelText(game, ['route', 'reason', 'outcome'], reason, locale);
}

export function outcomeText(
  ctx: Ctx,
  game: AnyGame,
  outcome: Outcome,
  seatName: (s: Seat) => string,
): string {
  const reason = reasonText(game, outcome.reason, ctx.locale);
  const seats = outcome.winners.map(seatName).join(', ');
  let text: string;
  if (outcome.winners.length === 0) text = ctx.t('play.noWinner', { reason });
  else if (outcome.winners.length === 1) text = ctx.t('play.winner', { seats, reason });
  else text = ctx.t('play.shared', { seats, reason });
  if (outcome.scores) text += ` ${outcome.scores.map((s, i) => `${seatName(i)} ${s}`).join(', ')}`;
  return text;
}

export function eventLines(
  game: AnyGame,
  events: readonly GameEvent[],
  locale: Locale,
  seatName: (s: Seat) => string,
): string[] {
  return events.map((e) => game.formatEvent(e, locale, seatName));
}

/** Reads a JSON file given on the command line, with a clear error for a missing, unreadable or bad file. */
export function readJsonFile(file: string): unknown {
  let text: string;
  // A folder is read as an object of its JSON files, each under its name without ".json" (a data pack).
  try {
    if (statSync(file).isDirectory()) {
      const out: Record<string, unknown> = {};
      for (const name of readdirSync(file).sort())
        if (name.endsWith('.json')) out[name.slice(0, -5)] = readJsonFile(join(file, name));
      return out;
    }
  } catch (e) {
    if (e instanceof CliError) throw e;
  }
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError('cli.err.fileNotFound', { file });
    throw new CliError('cli.err.readFile', { file, message: (e as Error).message });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new CliError('cli.err.badJson', { file, message: (e as Error).message });
  }
}
