/** `tabula replay`: steps through a saved game, as a seat or a spectator. */
import type { AnyGame, GameEvent, GameRecord, Viewer } from '@tabula/engine';
import { SPECTATOR, canSee, parseRecord, replay, verifyRecord } from '@tabula/engine';
import { findGame } from '@tabula/catalog';
import type { Ctx, OptionSpec } from './common.js';
import {
  CliError,
  HELP_OPTION,
  LANG_OPTION,
  commandHelp,
  eventLines,
  gameIds,
  outcomeText,
  readJsonFile,
  ruleErrorText,
  seatNamer,
  usage,
} from './common.js';

export function replayOptions(): OptionSpec[] {
  return [
    { name: 'seat', kind: 'int', min: 1, metavar: 'N', help: 'replay.opt.seat' },
    { name: 'spectator', kind: 'flag', help: 'replay.opt.spectator' },
    { name: 'step', kind: 'int', min: 0, metavar: 'K', help: 'replay.opt.step' },
    LANG_OPTION,
    HELP_OPTION,
  ];
}

export function replayHelp(ctx: Ctx): string {
  return `${commandHelp(ctx, 'replay FILE [options]', 'replay.help.summary', replayOptions())}\n${ctx.t('replay.keys')}\n`;
}

/** Reads and checks a saved game: the file, its JSON, its format, its game and every action. */
export function loadRecord(ctx: Ctx, file: string): { game: AnyGame; record: GameRecord } {
  const raw = readJsonFile(file);
  const parsed = parseRecord(raw);
  if (!parsed.ok) {
    const key = parsed.error.code;
    const index = (parsed.error.params?.index as number | undefined) ?? 0;
    const message =
      ctx.t(key, { n: index + 1 }) === key ? parsed.error.message : ctx.t(key, { n: index + 1 });
    throw new CliError('cli.err.badRecord', { file, message });
  }
  const record = parsed.value;
  const game = findGame(record.game);
  if (!game) throw new CliError('cli.err.recordGame', { file, game: record.game, games: gameIds() });
  if (!Number.isInteger(record.seats) || record.seats < game.minSeats || record.seats > game.maxSeats)
    throw new CliError('cli.err.badRecord', {
      file,
      message: ctx.t('cli.err.players', {
        game: game.id,
        min: game.minSeats,
        max: game.maxSeats,
        players: record.seats,
      }),
    });
  const seatName = seatNamer(ctx);
  const verified = verifyRecord(game, record);
  if (!verified.ok) {
    const e = verified.error;
    if (e.code === 'record.rejected') {
      const index = e.params?.index as number;
      const cause = e.params?.cause as Parameters<typeof ruleErrorText>[1] | undefined;
      throw new CliError('cli.err.rejected', {
        file,
        index: index + 1,
        seat: seatName(record.actions[index]!.seat),
        message: cause ? ruleErrorText(game, cause, ctx.locale, seatName) : e.message,
      });
    }
    if (e.code === 'record.hashMismatch') ctx.io.error(`${ctx.t('cli.warn.hash', { message: e.message })}\n`);
    else throw new CliError('cli.err.badRecord', { file, message: e.message });
  }
  if (record.rulesVersion !== game.rulesVersion)
    ctx.io.error(
      `${ctx.t('cli.warn.rulesVersion', { saved: record.rulesVersion, current: game.rulesVersion })}\n`,
    );
  return { game, record };
}

/** The state after `step` actions, the events of that step (of the setup for step 0) and the state before it. */
function stepRaw(game: AnyGame, record: GameRecord, step: number) {
  if (step === 0) {
    const opts = game.parseOptions(record.options);
    if (!opts.ok) throw new CliError('cli.err.gameOptions', { message: opts.error.message });
    const events: GameEvent[] = [];
    const s = game.setup(opts.value, record.seats, record.seed, events);
    if (!s.ok) throw new CliError('cli.err.setup', { message: s.error.message });
    return { state: s.value as unknown, events, before: undefined as unknown };
  }
  const r = replay<unknown>(game, record, step - 1);
  if (!r.ok) throw new CliError('cli.err.internal', { message: r.error.message });
  const before = game.clone(r.value);
  const { seat, action } = record.actions[step - 1]!;
  const events: GameEvent[] = [];
  const a = game.apply(r.value, seat, action, events);
  if (!a.ok) throw new CliError('cli.err.internal', { message: a.error.message });
  return { state: r.value, events, before };
}

export async function replayCommand(
  ctx: Ctx,
  positional: string[],
  values: Record<string, unknown>,
): Promise<number> {
  if (positional.length > 1) throw usage('cli.err.tooManyArgs', { arg: positional[1] });
  const file = positional[0];
  if (!file) throw usage('cli.err.missingFile');
  const { game, record } = loadRecord(ctx, file);
  const total = record.actions.length;
  const seatOpt = values.seat as number | undefined;
  if (seatOpt !== undefined && seatOpt > record.seats)
    throw usage('cli.err.notInteger', { option: '--seat', min: 1, value: seatOpt });
  const fixedViewer: Viewer | undefined =
    seatOpt !== undefined ? seatOpt - 1 : values.spectator ? SPECTATOR : undefined;
  const seatName = seatNamer(ctx);

  // Stepping forward reuses the current state; other moves replay from the start.
  let step = 0;
  let cur = stepRaw(game, record, 0);
  const goTo = (k: number) => {
    if (k === step + 1) {
      const before = game.clone(cur.state);
      const { seat, action } = record.actions[k - 1]!;
      const events: GameEvent[] = [];
      const a = game.apply(cur.state, seat, action, events);
      if (!a.ok) throw new CliError('cli.err.internal', { message: a.error.message });
      cur = { state: cur.state, events, before };
    } else cur = stepRaw(game, record, k);
    step = k;
  };
  const show = () => {
    const over = game.outcome(cur.state);
    const viewer = fixedViewer ?? SPECTATOR;
    ctx.line();
    if (step === 0) ctx.say('replay.start', { total });
    else {
      ctx.say('replay.step', { step, total });
      const { seat, action } = record.actions[step - 1]!;
      ctx.say('replay.action', {
        seat: seatName(seat),
        action: game.describeAction(cur.before, seat, action, ctx.locale, seatName),
      });
    }
    const visible = cur.events.filter((e) => over !== null || canSee(e, viewer));
    for (const l of eventLines(game, visible, ctx.locale, seatName)) ctx.line(`  · ${l}`);
    ctx.line(game.renderText(game.view(cur.state, viewer), ctx.locale, seatName));
    if (over) ctx.say('replay.result', { result: outcomeText(ctx, game, over, seatName) });
  };

  ctx.say('replay.title', { game: game.id, players: record.seats, seed: record.seed, total });
  if (values.step !== undefined) {
    const k = values.step as number;
    if (k > total) throw usage('replay.badStep', { input: k, total });
    goTo(k);
    show();
    return 0;
  }
  if (ctx.io.interactive) ctx.say('replay.keys');
  show();
  for (;;) {
    ctx.io.write(`${ctx.t('replay.ask')} `);
    const raw = await ctx.io.readLine();
    if (raw === null) {
      ctx.line();
      return 0;
    }
    const input = raw.trim().toLowerCase();
    if (!ctx.io.interactive) ctx.line(input);
    const [cmd = '', arg] = input.split(/\s+/);
    if (cmd === '' || cmd === 'n') {
      if (step >= total) ctx.say('replay.atEnd');
      else {
        goTo(step + 1);
        show();
      }
    } else if (cmd === 'b') {
      if (step === 0) ctx.say('replay.atStart');
      else {
        goTo(step - 1);
        show();
      }
    } else if (cmd === 'g' || /^\d+$/.test(cmd)) {
      const target = cmd === 'g' ? arg : cmd;
      if (target === undefined || !/^\d+$/.test(target) || Number(target) > total)
        ctx.say('replay.badStep', { input: target ?? '', total });
      else {
        goTo(Number(target));
        show();
      }
    } else if (cmd === 's') {
      goTo(0);
      show();
    } else if (cmd === 'e') {
      goTo(total);
      show();
    } else if (cmd === 'h' || cmd === '?') ctx.say('replay.keys');
    else if (cmd === 'q') return 0;
    else ctx.say('replay.badCommand', { input: raw.trim() });
  }
}
