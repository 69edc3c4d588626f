/** `tabula simulate`: many bot-vs-bot games through the engine, with win statistics and speed. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyGame } from '@tabula/engine';
import { playGame, SPECTATOR } from '@tabula/engine';
import { botNames, isBotName, makeBot } from '@tabula/bots';
import { GAMES } from '@tabula/catalog';
import type { Ctx, OptionSpec } from './common.js';
import {
  CliError,
  GAME_OPTION,
  HELP_OPTION,
  gameName,
  readSchemaOptions,
  LANG_OPTION,
  commandHelp,
  fileOptionSpecs,
  valueOptionSpecs,
  readValueOptions,
  labelText,
  randomSeed,
  readFileOptions,
  reasonText,
  requireGame,
  usage,
} from './common.js';
import { saveRecord } from './play.js';

export const DEFAULT_MAX_ACTIONS = 50_000;

export function simulateOptions(): OptionSpec[] {
  const bots = [...new Set(GAMES.flatMap((g) => botNames(g))), 'ismcts:<N>', 'ismcts:<M>ms'].join(', ');
  const base: OptionSpec[] = [
    { name: 'games', kind: 'int', min: 1, metavar: 'N', help: 'sim.opt.games' },
    { name: 'players', kind: 'int', min: 1, metavar: 'K', help: 'sim.opt.players' },
    { name: 'bots', kind: 'string', metavar: 'A,B,…', help: 'sim.opt.bots', helpParams: { bots } },
    { name: 'seed', kind: 'string', metavar: 'S', help: 'sim.opt.seed' },
    { name: 'json', kind: 'flag', help: 'sim.opt.json' },
    { name: 'save-dir', kind: 'string', metavar: 'DIR', help: 'sim.opt.saveDir' },
    {
      name: 'max-actions',
      kind: 'int',
      min: 1,
      metavar: 'M',
      help: 'sim.opt.maxActions',
      helpParams: { max: DEFAULT_MAX_ACTIONS },
    },
    { name: 'rotate', kind: 'flag', negatable: true, help: 'sim.opt.rotate' },
    LANG_OPTION,
    GAME_OPTION,
  ];
  const files = fileOptionSpecs([...base, HELP_OPTION]);
  return [...base, ...files, ...valueOptionSpecs([...base, ...files, HELP_OPTION]), HELP_OPTION];
}

export function simulateHelp(ctx: Ctx): string {
  return commandHelp(
    ctx,
    'simulate <game> --games N --players K [options]',
    'sim.help.summary',
    simulateOptions(),
  );
}

/** Games played, single wins and shared results of one seat, bot or tag value. */
export interface Tally {
  games: number;
  wins: number;
  shared: number;
}

export interface SimulationReport {
  game: string;
  players: number;
  seed: string;
  bots: string[];
  rotate: boolean;
  maxActions: number;
  games: number;
  /** Games that reached an outcome. */
  completed: number;
  /** Games stopped at the action cap, without an outcome. */
  capped: number;
  /** Outcomes with exactly one winner. */
  decisive: number;
  /** Outcomes with several winners (shared wins, draws between survivors). */
  shared: number;
  /** Outcomes with no winner at all. */
  noWinner: number;
  /** Per seat (index 0 = seat 1). `wins` counts single wins only; `shared` the shared results it was part of. */
  bySeat: Tally[];
  byBot: Record<string, Tally>;
  /** Per seat tag (e.g. colour), per value. */
  byTag: Record<string, Record<string, Tally>>;
  /** Completed games per outcome reason. */
  byReason: Record<string, number>;
  /** Length in actions of the completed games. */
  length: { mean: number; median: number; min: number; max: number };
  /**
   * Length in rounds of the completed games, as the game's `progress` tells it on the final public view
   * (absent for a game that does not tell its progress), and how many rounds it announces (`of`).
   */
  rounds?: Stats & { of?: number; histogram: Record<string, number> };
  /** Final scores of completed games that report scores (VP games): all seats, and the winners'. */
  scores?: { all: Stats; winners: Stats; histogram: Record<string, number> };
  /** Actions of every game, capped ones included. */
  totalActions: number;
  seconds: number;
  actionsPerSecond: number;
  gamesPerSecond: number;
}

const tally = (): Tally => ({ games: 0, wins: 0, shared: 0 });

export interface Stats {
  mean: number;
  median: number;
  min: number;
  max: number;
}
function stats(xs: number[]): Stats {
  const a = [...xs].sort((x, y) => x - y);
  if (!a.length) return { mean: 0, median: 0, min: 0, max: 0 };
  const mid = a.length >> 1;
  return {
    mean: round(a.reduce((x, y) => x + y, 0) / a.length, 1),
    median: a.length % 2 ? a[mid]! : (a[mid - 1]! + a[mid]!) / 2,
    min: a[0]!,
    max: a[a.length - 1]!,
  };
}

export function runSimulation(
  game: AnyGame,
  o: {
    games: number;
    players: number;
    bots: string[];
    seed: string;
    rotate: boolean;
    maxActions: number;
    saveDir?: string;
    options?: unknown;
  },
  onProgress?: (done: number, elapsedMs: number) => void,
): SimulationReport {
  const K = o.players;
  const list = Array.from({ length: K }, (_, s) => o.bots[s % o.bots.length]!);
  const r: SimulationReport = {
    game: game.id,
    players: K,
    seed: o.seed,
    bots: list,
    rotate: o.rotate,
    maxActions: o.maxActions,
    games: 0,
    completed: 0,
    capped: 0,
    decisive: 0,
    shared: 0,
    noWinner: 0,
    bySeat: Array.from({ length: K }, tally),
    byBot: {},
    byTag: {},
    byReason: {},
    length: { mean: 0, median: 0, min: 0, max: 0 },
    totalActions: 0,
    seconds: 0,
    actionsPerSecond: 0,
    gamesPerSecond: 0,
  };
  if (o.saveDir) mkdirSync(o.saveDir, { recursive: true });
  const lengths: number[] = [];
  const rounds: number[] = [];
  let roundsOf: number | undefined;
  const allScores: number[] = [];
  const winScores: number[] = [];
  const started = performance.now();
  let lastProgress = started;
  const width = String(o.games).length;
  for (let g = 0; g < o.games; g++) {
    const seed = `${o.seed}:${g}`;
    const assigned = list.map((_, s) => list[(s + (o.rotate ? K - (g % K) : 0)) % K]!);
    const bots = assigned.map((name, s) => makeBot(game, name, `${seed}:bot:${s}`));
    const res = playGame(game, {
      options: o.options,
      seats: K,
      seed,
      bots,
      maxActions: o.maxActions,
      record: Boolean(o.saveDir),
    });
    r.games++;
    r.totalActions += res.actions;
    const winners = new Set(res.outcome?.winners ?? []);
    const single = winners.size === 1;
    const credit = (t: Tally, seat: number) => {
      t.games++;
      if (winners.has(seat)) {
        if (single) t.wins++;
        else t.shared++;
      }
    };
    for (let s = 0; s < K; s++) {
      credit(r.bySeat[s]!, s);
      credit((r.byBot[assigned[s]!] ??= tally()), s);
      for (const [tag, value] of Object.entries(game.seatTags(res.state, s)))
        credit(((r.byTag[tag] ??= {})[value] ??= tally()), s);
    }
    if (res.capped || !res.outcome) r.capped++;
    else {
      r.completed++;
      lengths.push(res.actions);
      const pr = game.progress?.(game.view(res.state, SPECTATOR));
      if (pr) {
        rounds.push(pr.round);
        if (pr.of !== undefined) roundsOf = Math.max(roundsOf ?? 0, pr.of);
      }
      r.byReason[res.outcome.reason] = (r.byReason[res.outcome.reason] ?? 0) + 1;
      const sc = res.outcome.scores;
      if (sc) {
        allScores.push(...sc);
        for (const w of winners) if (sc[w] !== undefined) winScores.push(sc[w]);
      }
      if (winners.size === 0) r.noWinner++;
      else if (single) r.decisive++;
      else r.shared++;
    }
    if (o.saveDir && res.record) {
      res.record.players = assigned.map((name) => ({ name: `bot ${name}`, bot: name }));
      saveRecord(join(o.saveDir, `game-${String(g + 1).padStart(width, '0')}.json`), res.record, res.state);
    }
    const now = performance.now();
    if (onProgress && now - lastProgress >= 1000) {
      lastProgress = now;
      onProgress(g + 1, now - started);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  lengths.sort((a, b) => a - b);
  if (lengths.length) {
    const mid = lengths.length >> 1;
    r.length = {
      mean: round(lengths.reduce((a, b) => a + b, 0) / lengths.length, 1),
      median: lengths.length % 2 ? lengths[mid]! : (lengths[mid - 1]! + lengths[mid]!) / 2,
      min: lengths[0]!,
      max: lengths[lengths.length - 1]!,
    };
  }
  if (rounds.length) {
    const histogram: Record<string, number> = {};
    for (const v of [...rounds].sort((a, b) => a - b)) histogram[v] = (histogram[v] ?? 0) + 1;
    r.rounds = { ...stats(rounds), ...(roundsOf !== undefined ? { of: roundsOf } : {}), histogram };
  }
  if (allScores.length) {
    const histogram: Record<string, number> = {};
    for (const v of allScores) {
      const b = Math.floor(v / 10) * 10;
      const k = `${b}–${b + 9}`;
      histogram[k] = (histogram[k] ?? 0) + 1;
    }
    const keys = Object.keys(histogram).sort((a, b) => parseInt(a) - parseInt(b));
    r.scores = {
      all: stats(allScores),
      winners: stats(winScores),
      histogram: Object.fromEntries(keys.map((k) => [k, histogram[k]!])),
    };
  }
  r.seconds = round(seconds, 3);
  r.actionsPerSecond = seconds > 0 ? Math.round(r.totalActions / seconds) : 0;
  r.gamesPerSecond = seconds > 0 ? round(r.games / seconds, 2) : 0;
  return r;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export function simulate(ctx: Ctx, positional: string[], values: Record<string, unknown>): number {
  if (positional.length > 1) throw usage('cli.err.tooManyArgs', { arg: positional[1] });
  const game = requireGame(positional[0]);
  const fromValues = readValueOptions(game, values, simulateOptions());
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
  const known = [...botNames(game), 'ismcts:<N>'];
  const bots = ((values.bots as string | undefined) ?? 'random')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (!bots.length) throw usage('cli.err.unknownBot', { bot: '', game: game.id, known: known.join(', ') });
  for (const b of bots)
    if (!isBotName(game, b))
      throw usage('cli.err.unknownBot', { bot: b, game: game.id, known: known.join(', ') });
  const json = values.json === true;
  const seed = (values.seed as string | undefined) ?? randomSeed();
  const total = (values.games as number | undefined) ?? 100;
  const options = {
    ...readFileOptions(game, values, simulateOptions()),
    ...fromValues.options,
    ...fromSchema.options,
  };
  const parsed = game.parseOptions(options);
  if (!parsed.ok) throw usage('cli.err.gameOptions', { message: parsed.error.message });
  let report: SimulationReport;
  try {
    report = runSimulation(
      game,
      {
        games: total,
        players,
        bots,
        seed,
        rotate: values.rotate !== false,
        maxActions: (values['max-actions'] as number | undefined) ?? DEFAULT_MAX_ACTIONS,
        saveDir: values['save-dir'] as string | undefined,
        options,
      },
      json
        ? undefined
        : (done, ms) =>
            ctx.io.progress(ctx.t('sim.progress', { done, total, rate: ((done * 1000) / ms).toFixed(1) })),
    );
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError('cli.err.internal', { message: (e as Error).message });
  } finally {
    if (!json) ctx.io.progressDone();
  }
  if (json) {
    ctx.line(JSON.stringify(report, null, 2));
    return 0;
  }
  printReport(ctx, game, report);
  if (values['save-dir']) ctx.say('sim.savedTo', { dir: values['save-dir'] });
  return 0;
}

function printReport(ctx: Ctx, game: AnyGame, r: SimulationReport): void {
  const row = (name: string, t: Tally) =>
    ctx.say('sim.row', {
      name,
      wins: t.wins,
      games: t.games,
      shared: t.shared,
      rate: t.games ? ((100 * t.wins) / t.games).toFixed(1) : '0.0',
    });
  ctx.say('sim.title', { game: r.game, games: r.games, players: r.players, seed: r.seed });
  ctx.say('sim.completed', { completed: r.completed, capped: r.capped, max: r.maxActions });
  ctx.say('sim.decisive', { decisive: r.decisive, shared: r.shared, none: r.noWinner });
  ctx.say('sim.bySeat');
  r.bySeat.forEach((t, s) => row(ctx.t('cli.seat', { n: s + 1 }), t));
  ctx.say('sim.byBot');
  for (const [name, t] of Object.entries(r.byBot)) row(name, t);
  for (const [tag, values] of Object.entries(r.byTag)) {
    ctx.say('sim.byTag', { tag: labelText(game, ['tag'], tag, ctx.locale) });
    for (const [value, t] of Object.entries(values).sort(([a], [b]) => a.localeCompare(b)))
      row(labelText(game, [tag], value, ctx.locale), t);
  }
  ctx.say('sim.byReason');
  for (const [reason, count] of Object.entries(r.byReason).sort((a, b) => b[1] - a[1]))
    ctx.say('sim.reasonRow', { name: `${reason} — ${reasonText(game, reason, ctx.locale)}`, count });
  ctx.say('sim.length', r.length);
  if (r.rounds) {
    ctx.say(r.rounds.of !== undefined ? 'sim.roundsOf' : 'sim.rounds', { ...r.rounds });
    ctx.say('sim.histogram.rounds', {
      bars: Object.entries(r.rounds.histogram)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
    });
  }
  if (r.scores) {
    ctx.say('sim.scores', { ...r.scores.all });
    ctx.say('sim.winScores', { ...r.scores.winners });
    ctx.say('sim.histogram', {
      bars: Object.entries(r.scores.histogram)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
    });
  }
  ctx.say('sim.speed', { seconds: r.seconds.toFixed(2), aps: r.actionsPerSecond, gps: r.gamesPerSecond });
}
