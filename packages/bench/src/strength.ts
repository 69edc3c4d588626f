/**
 * Bot strength (anchor B3): one bot against copies of another (the uniform random bot unless told), its
 * seat rotated game after game. Shared wins count as a fraction; capped games count as losses and are
 * reported. Game g of a run is seeded `<seed>:<g>` and seats the measured bot at seat g mod players, so a
 * run can be split into slices (`start`) and the slices' games added up (`summarize`).
 */
import type { AnyGame, Bot, BotContext } from '@tabula/engine';
import { playGame } from '@tabula/engine';
import { makeBot } from '@tabula/bots';

export interface WinRateOptions {
  bot: string;
  /** The bot at every other seat (default `random`). */
  against?: string;
  games: number;
  /** Index of the first game (a slice of a longer run). */
  start?: number;
  players?: number;
  seed?: string;
  maxActions?: number;
  /** Match options handed to the game's `parseOptions` (default: none, the game's defaults). */
  options?: Record<string, unknown>;
  progress?: (line: string) => void;
  /** Each game's result as it ends (to keep a run that may be stopped). */
  onGame?: (g: GameLine) => void;
}

/** One game of a run. */
export interface GameLine {
  game: string;
  bot: string;
  against: string;
  players: number;
  seed: string;
  index: number;
  hero: number;
  /** The measured bot's share of the win (1/|winners| or 0); null when the game was capped. */
  share: number | null;
  reason: string;
  actions: number;
  /** The measured bot's decisions with more than one legal action: wall-clock ms for each. */
  ms: number[];
  /**
   * The same decisions' processor time (ms of this process, user and system): what they take on a core
   * of their own, whatever else the machine runs.
   */
  cpuMs?: number[];
  /** The match options the game was played with, when any were given. */
  options?: Record<string, unknown>;
}

export interface WinRateResult {
  game: string;
  bot: string;
  opponents: string;
  players: number;
  games: number;
  /** Wilson 95% interval of the win rate. */
  wilson95: [number, number];
  /** The measured bot's decisions that had a choice (more than one legal action): ms, median and 99th percentile. */
  choices: number;
  msMedian: number;
  msP99: number;
  /** The same in processor time (a core of its own). */
  cpuMsMedian: number;
  cpuMsP99: number;
  /** Sum over games of 1/|winners| when the bot is among the winners. */
  wins: number;
  winRate: number;
  /** 95% confidence half-width of the win rate (normal approximation). */
  ci95: number;
  /** Win rate the bot would have by chance (1 / players). */
  baseline: number;
  capped: number;
  cappedShare: number;
  /** Win rate by the bot's seat. */
  bySeat: number[];
  /** How games ended (outcome reasons), with counts. */
  reasons: Record<string, number>;
  actionsPerGame: number;
  decisions: number;
  /** Mean µs per decision of the bot, including building its view. */
  usPerDecision: number;
  seconds: number;
}

export function winRate(game: AnyGame, o: WinRateOptions): WinRateResult {
  const players = Math.min(game.maxSeats, Math.max(game.minSeats, o.players ?? 4));
  const prefix = o.seed ?? 'winrate';
  const against = o.against ?? 'random';
  const progress = o.progress ?? (() => {});
  const start = o.start ?? 0;
  const lines: GameLine[] = [];
  const t0 = performance.now();
  let decisions = 0,
    botTime = 0;
  for (let g = start; g < start + o.games; g++) {
    const seed = `${prefix}:${g}`;
    const hero = g % players;
    const inner = makeBot(game, o.bot, `${seed}:hero`);
    const ms: number[] = [];
    const cpuMs: number[] = [];
    const timed: Bot = {
      name: inner.name,
      choose(ctx: BotContext) {
        const t = performance.now();
        const c = process.cpuUsage();
        const a = inner.choose(ctx);
        const dt = performance.now() - t;
        const cpu = process.cpuUsage(c);
        botTime += dt;
        decisions++;
        if (ctx.legal.length > 1) {
          ms.push(Math.round(dt * 100) / 100);
          cpuMs.push(Math.round((cpu.user + cpu.system) / 10) / 100);
        }
        if (!ctx.legal.includes(a))
          throw new Error(
            `${o.bot} returned an action that is not one of its legal actions: ${JSON.stringify(a)}`,
          );
        return a;
      },
    };
    const bots = Array.from({ length: players }, (_, s) =>
      s === hero ? timed : makeBot(game, against, `${seed}:${s}`),
    );
    const r = playGame(game, {
      seats: players,
      seed,
      bots,
      maxActions: o.maxActions ?? 20_000,
      options: o.options,
    });
    const capped = r.capped || !r.outcome;
    const line: GameLine = {
      game: game.id,
      bot: o.bot,
      against,
      players,
      seed: prefix,
      index: g,
      hero,
      share: capped ? null : r.outcome!.winners.includes(hero) ? 1 / r.outcome!.winners.length : 0,
      reason: capped ? 'capped' : r.outcome!.reason,
      actions: r.actions,
      ms,
      cpuMs,
    };
    if (o.options) line.options = o.options;
    lines.push(line);
    o.onGame?.(line);
    const done = g - start + 1;
    if (done % (o.games >= 100 ? 100 : 10) === 0 || done === o.games) {
      const wins = lines.reduce((x, l) => x + (l.share ?? 0), 0);
      progress(`${done}/${o.games} games, win rate ${((100 * wins) / done).toFixed(1)}%`);
    }
  }
  const r = summarize(lines);
  r.decisions = decisions;
  r.usPerDecision = Math.round(((botTime * 1000) / Math.max(1, decisions)) * 100) / 100;
  r.seconds = Math.round(performance.now() - t0) / 1000;
  return r;
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

/** Wilson score interval (95%) of k successes in n trials. */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const d = 1 + (z * z) / n;
  const mid = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [round4(Math.max(0, mid - half)), round4(Math.min(1, mid + half))];
}

function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** A run's figures from its games (one run, or slices of one run added up). */
export function summarize(lines: readonly GameLine[]): WinRateResult {
  const first = lines[0];
  const players = first?.players ?? 0;
  const n = Math.max(1, lines.length);
  let wins = 0,
    capped = 0,
    actions = 0;
  const seatWins = new Array<number>(players).fill(0);
  const seatGames = new Array<number>(players).fill(0);
  const reasons: Record<string, number> = {};
  const ms: number[] = [];
  const cpu: number[] = [];
  for (const l of lines) {
    actions += l.actions;
    seatGames[l.hero]!++;
    reasons[l.reason] = (reasons[l.reason] ?? 0) + 1;
    if (l.share === null) capped++;
    else {
      wins += l.share;
      seatWins[l.hero]! += l.share;
    }
    for (const x of l.ms) ms.push(x);
    for (const x of l.cpuMs ?? []) cpu.push(x);
  }
  ms.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const p = wins / n;
  return {
    game: first?.game ?? '',
    bot: first?.bot ?? '',
    opponents: first?.against ?? '',
    players,
    games: lines.length,
    wilson95: wilson(wins, lines.length),
    choices: ms.length,
    msMedian: quantile(ms, 0.5),
    msP99: quantile(ms, 0.99),
    cpuMsMedian: quantile(cpu, 0.5),
    cpuMsP99: quantile(cpu, 0.99),
    wins: Math.round(wins * 1000) / 1000,
    winRate: round4(p),
    ci95: round4(1.96 * Math.sqrt((p * (1 - p)) / n)),
    baseline: players ? round4(1 / players) : 0,
    capped,
    cappedShare: round4(capped / n),
    bySeat: seatWins.map((w, s) => round4(w / Math.max(1, seatGames[s]!))),
    reasons,
    actionsPerGame: Math.round((actions / n) * 10) / 10,
    decisions: 0,
    usPerDecision: 0,
    seconds: 0,
  };
}
