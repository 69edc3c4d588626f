/** `tabula play`: a game in the terminal, humans against bots (several humans share the terminal). */
import { writeFileSync } from 'node:fs';
import type { AnyGame, Bot, Match as MatchT, Prompt, Seat } from '@tabula/engine';
import { Match, Rng, SPECTATOR, stateHash } from '@tabula/engine';
import { botNames, isBotName, makeBot } from '@tabula/bots';
import { GAMES } from '@tabula/catalog';
import type { Ctx, OptionSpec } from './common.js';
import {
  CliError,
  GAME_OPTION,
  HELP_OPTION,
  LANG_OPTION,
  commandHelp,
  eventLines,
  gameName,
  readSchemaOptions,
  strongestBot,
  fileOptionSpecs,
  valueOptionSpecs,
  readValueOptions,
  outcomeText,
  promptText,
  randomSeed,
  readFileOptions,
  requireGame,
  ruleErrorText,
  seatNamer,
  usage,
} from './common.js';
import type { GameRecord } from '@tabula/engine';

/** Safety cap on bot actions in a row (the bots playing on once every human has resigned). */
const BOTS_ONLY_CAP = 200_000;

export function playOptions(): OptionSpec[] {
  const botList = [...new Set(GAMES.flatMap((g) => botNames(g))), 'ismcts:<N>'].join('|');
  const base: OptionSpec[] = [
    { name: 'players', kind: 'int', min: 1, metavar: 'N', help: 'play.opt.players' },
    { name: 'bots', kind: 'int', min: 0, metavar: 'K', help: 'play.opt.bots' },
    {
      name: 'bot-level',
      kind: 'string',
      metavar: 'NAME',
      help: 'play.opt.botLevel',
      helpParams: { bots: botList },
    },
    { name: 'seed', kind: 'string', metavar: 'S', help: 'play.opt.seed' },
    LANG_OPTION,
    { name: 'save', kind: 'string', metavar: 'FILE', help: 'play.opt.save' },
    { name: 'options', kind: 'string', metavar: 'JSON', help: 'play.opt.options' },
    GAME_OPTION,
  ];
  const files = fileOptionSpecs([...base, HELP_OPTION]);
  return [...base, ...files, ...valueOptionSpecs([...base, ...files, HELP_OPTION]), HELP_OPTION];
}

export function playHelp(ctx: Ctx): string {
  return commandHelp(ctx, 'play <game> --players N [options]', 'play.help.summary', playOptions());
}

/** Writes a record as pretty JSON, with its final hash. */
export function saveRecord(file: string, record: GameRecord, state: unknown): void {
  const out: GameRecord = { ...record, finalHash: stateHash(state), createdAt: new Date().toISOString() };
  try {
    writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
  } catch (e) {
    throw new CliError('cli.err.write', { file, message: (e as Error).message });
  }
}

export async function play(ctx: Ctx, positional: string[], values: Record<string, unknown>): Promise<number> {
  if (positional.length > 1) throw usage('cli.err.tooManyArgs', { arg: positional[1] });
  const game = requireGame(positional[0]);
  const fromValues = readValueOptions(game, values, playOptions());
  const fromSchema = readSchemaOptions(game, values);
  const players =
    fromSchema.players ?? fromValues.players ?? (values.players as number | undefined) ?? game.minSeats;
  if (players < game.minSeats || players > game.maxSeats)
    throw usage('cli.err.players', {
      game: gameName(game, ctx.locale),
      min: game.minSeats,
      max: game.maxSeats,
      players,
    });
  const botCount = (values.bots as number | undefined) ?? players - 1;
  if (botCount > players) throw usage('cli.err.bots', { max: players, bots: botCount });
  const names = [...botNames(game), 'ismcts:<N>'];
  const level = (values['bot-level'] as string | undefined) ?? strongestBot(game);
  if (!isBotName(game, level))
    throw usage('cli.err.unknownBot', { bot: level, game: game.id, known: names.join(', ') });
  let rawOptions: unknown = {};
  if (typeof values.options === 'string') {
    try {
      rawOptions = JSON.parse(values.options);
    } catch (e) {
      throw usage('cli.err.optionsJson', { message: (e as Error).message });
    }
    if (!rawOptions || typeof rawOptions !== 'object' || Array.isArray(rawOptions))
      throw usage('cli.err.optionsJson', { message: String(values.options) });
  }
  const fromFiles = readFileOptions(game, values, playOptions());
  if (Object.keys(fromFiles).length) rawOptions = { ...(rawOptions as object), ...fromFiles };
  if (Object.keys(fromValues.options).length)
    rawOptions = { ...(rawOptions as object), ...fromValues.options };
  if (Object.keys(fromSchema.options).length)
    rawOptions = { ...(rawOptions as object), ...fromSchema.options };
  const seed = (values.seed as string | undefined) ?? randomSeed();
  const saveFile = values.save as string | undefined;

  const parsed = game.parseOptions(rawOptions);
  if (!parsed.ok) throw usage('cli.err.gameOptions', { message: parsed.error.message });
  const created = Match.create(game, rawOptions, players, seed);
  if (!created.ok) throw new CliError('cli.err.setup', { message: created.error.message });
  const match = created.value;
  const session = new PlaySession(ctx, game, match, players - botCount, level, seed, saveFile);
  return session.run();
}

class PlaySession {
  private readonly seatName: (s: Seat) => string;
  private readonly human: boolean[];
  private readonly bots: (Bot | undefined)[];
  private readonly driver: Rng;
  private readonly lastSeen: number[];
  private lastHuman: Seat = -1;
  private readonly resigned: boolean[] = [];

  constructor(
    private readonly ctx: Ctx,
    private readonly game: AnyGame,
    private readonly match: MatchT,
    private readonly humans: number,
    private readonly level: string,
    private readonly seed: string,
    private readonly saveFile: string | undefined,
  ) {
    this.seatName = seatNamer(ctx);
    const n = match.record.seats;
    // Joining players 0..humans-1 are the humans; the game decides which seat each one gets.
    const seating = game.seating(match.state);
    this.human = Array.from({ length: n }, (_, s) => (seating[s] ?? s) < humans);
    this.bots = this.human.map((h, s) => (h ? undefined : makeBot(game, level, `${seed}:bot:${s}`)));
    this.driver = new Rng(`driver:${seed}`);
    this.lastSeen = new Array<number>(n).fill(0);
    match.record.players = this.human.map((h, s) =>
      h ? { name: this.roleOf(s) } : { name: this.roleOf(s), bot: level },
    );
  }

  private roleOf(seat: Seat): string {
    if (!this.human[seat]) return this.ctx.t('cli.role.bot', { bot: this.level });
    return this.humans === 1 ? this.ctx.t('cli.role.you') : this.ctx.t('cli.role.human');
  }

  async run(): Promise<number> {
    const { ctx, game, match } = this;
    ctx.say('play.start', { game: gameName(game, ctx.locale), players: match.record.seats, seed: this.seed });
    ctx.say('cli.seats');
    for (let s = 0; s < match.record.seats; s++) ctx.line(`  ${this.seatName(s)} — ${this.roleOf(s)}`);
    ctx.line();
    let botMoves = 0;
    while (!game.outcome(match.state)) {
      const prompts = game.prompts(match.state);
      if (prompts.length === 0)
        throw new CliError('cli.err.internal', { message: `${game.id}: no prompt and no outcome` });
      const required = prompts.filter((p) => !p.optional);
      const candidates = required.length ? required : prompts;
      const botPrompts = candidates.filter((p) => !this.human[p.seat]);
      if (botPrompts.length) {
        this.botMove(this.driver.pick(botPrompts));
        if (++botMoves >= BOTS_ONLY_CAP) {
          ctx.say('play.capped', { n: botMoves });
          return this.finish();
        }
        continue;
      }
      botMoves = 0;
      const prompt = candidates.slice().sort((a, b) => a.seat - b.seat)[0]!;
      const r = await this.humanMove(prompt);
      if (r === 'quit') return this.quit();
    }
    return this.finish();
  }

  private botMove(prompt: Prompt): void {
    const { game, match } = this;
    const seat = prompt.seat;
    const legal = game.legalActions(match.state, seat);
    if (legal.length === 0)
      throw new CliError('cli.err.internal', {
        message: `seat ${seat} is prompted (${prompt.kind}) but has no legal action`,
      });
    const view = game.view(match.state, seat);
    const action = this.bots[seat]!.choose({ seat, view, legal, prompt, rng: this.driver });
    const r = match.submit(seat, action);
    if (!r.ok)
      throw new CliError('cli.err.internal', {
        message: `bot ${this.level} at seat ${seat + 1} chose a rejected action: ${r.error.message}`,
      });
  }

  private async humanMove(prompt: Prompt): Promise<'done' | 'quit'> {
    const { ctx, game, match } = this;
    const seat = prompt.seat;
    const locale = ctx.locale;
    if (this.humans > 1 && seat !== this.lastHuman) {
      // Hotseat: hide the previous player's hand before the next one looks.
      ctx.io.clear();
      ctx.say('play.pass', { seat: `${this.seatName(seat)} (${this.roleOf(seat)})` });
      ctx.say('play.pressEnter', { seat: this.seatName(seat) });
      const l = await ctx.io.readLine();
      if (l === null) return 'quit';
      ctx.io.clear();
    }
    this.lastHuman = seat;
    ctx.line(game.renderText(game.view(match.state, seat), locale, this.seatName));
    const events = match.eventsFor(seat, this.lastSeen[seat]);
    this.lastSeen[seat] = match.seq;
    if (events.length) {
      ctx.say('play.log');
      for (const l of eventLines(game, events, locale, this.seatName)) ctx.line(`  · ${l}`);
    }
    const legal = game.legalActions(match.state, seat);
    ctx.line();
    const view = game.view(match.state, seat);
    ctx.line(`${this.seatName(seat)}: ${promptText(game, prompt, locale, this.seatName, view)}`);
    ctx.say('play.choices');
    const width = String(legal.length).length;
    legal.forEach((a, i) =>
      ctx.line(
        `  ${String(i + 1).padStart(width)}. ${game.describeAction(match.state, seat, a, locale, this.seatName)}`,
      ),
    );
    for (;;) {
      ctx.io.write(`${ctx.t('play.ask', { n: legal.length })} `);
      const raw = await ctx.io.readLine();
      if (raw === null) return 'quit';
      const input = raw.trim();
      ctx.io.write(ctx.io.interactive ? '' : `${input}\n`);
      const cmd = input.toLowerCase();
      if (cmd === '') {
        ctx.say('play.bad.empty', { n: legal.length });
        continue;
      }
      if (cmd === 'h' || cmd === '?') {
        ctx.say('play.help');
        continue;
      }
      if (cmd === 'q') return 'quit';
      if (cmd === 'r') {
        ctx.io.write(`${ctx.t('play.resign.confirm')} `);
        const answer = (await ctx.io.readLine())?.trim().toLowerCase();
        if (!ctx.io.interactive) ctx.line(answer ?? '');
        if (answer === undefined) return 'quit';
        if (!ctx.t('yes.chars').split(',').includes(answer)) {
          ctx.say('play.resign.cancelled');
          continue;
        }
        if (!this.submit(seat, { type: 'resign' })) continue;
        this.resigned[seat] = true;
        if (this.human.every((h, s) => !h || this.resigned[s]) && !this.game.outcome(match.state))
          ctx.say('play.botsOnly');
        return 'done';
        continue;
      }
      if (!/^\d+$/.test(cmd)) {
        ctx.say('play.bad.notNumber', { input, n: legal.length });
        continue;
      }
      const k = Number(cmd);
      if (k < 1 || k > legal.length) {
        ctx.say('play.bad.range', { input, n: legal.length });
        continue;
      }
      if (this.submit(seat, legal[k - 1])) return 'done';
    }
  }

  /** Submits a human action; prints the refusal if the game rejects it. */
  private submit(seat: Seat, action: unknown): boolean {
    const r = this.match.submit(seat, action);
    if (!r.ok)
      this.ctx.say('play.rejected', {
        message: ruleErrorText(this.game, r.error, this.ctx.locale, this.seatName),
      });
    return r.ok;
  }

  private async quit(): Promise<number> {
    const { ctx } = this;
    ctx.line();
    ctx.say('play.quit');
    let file = this.saveFile;
    if (!file) {
      ctx.io.write(`${ctx.t('play.saveAsk')} `);
      const answer = (await ctx.io.readLine())?.trim();
      if (!ctx.io.interactive) ctx.line(answer ?? '');
      file = answer || undefined;
    }
    if (file) {
      saveRecord(file, this.match.record, this.match.state);
      ctx.say('play.saved', { file });
    }
    return 0;
  }

  private finish(): number {
    const { ctx, game, match } = this;
    const out = game.outcome(match.state);
    ctx.line();
    // Once the game is over every seat sees everything: show the table and the last log lines.
    const viewer = this.human.filter(Boolean).length === 1 ? this.human.indexOf(true) : SPECTATOR;
    ctx.line(game.renderText(game.view(match.state, out ? SPECTATOR : viewer), ctx.locale, this.seatName));
    const since = viewer >= 0 ? this.lastSeen[viewer]! : Math.min(...this.lastSeen);
    const events = match.eventsFor(viewer, since).slice(-30);
    if (events.length) {
      ctx.say('play.log');
      for (const l of eventLines(game, events, ctx.locale, this.seatName)) ctx.line(`  · ${l}`);
    }
    ctx.line();
    ctx.say('play.gameOver');
    if (out) ctx.line(outcomeText(ctx, game, out, this.seatName));
    if (this.saveFile) {
      saveRecord(this.saveFile, match.record, match.state);
      ctx.say('play.saved', { file: this.saveFile });
    }
    return 0;
  }
}
