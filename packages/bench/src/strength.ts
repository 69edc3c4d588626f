/**
 * Bot strength (anchor B3): one bot against copies of the uniform random bot, its seat rotated game
 * after game. Shared wins count as a fraction; capped games count as losses and are reported.
 */
import type { AnyGame, Bot, BotContext } from '@tabula/engine';
import { playGame } from '@tabula/engine';
import { makeBot, randomBot } from '@tabula/bots';

export interface WinRateOptions {
  bot: string;
  games: number;
  players?: number;
  seed?: string;
  maxActions?: number;
  progress?: (line: string) => void;
}

export interface WinRateResult {
  game: string;
  bot: string;
  opponents: string;
  players: number;
  games: number;
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
  const progress = o.progress ?? (() => {});
  let wins = 0,
    capped = 0,
    actions = 0,
    decisions = 0,
    botTime = 0;
  const seatWins = new Array<number>(players).fill(0);
  const seatGames = new Array<number>(players).fill(0);
  const reasons: Record<string, number> = {};
  const t0 = performance.now();
  for (let g = 0; g < o.games; g++) {
    const seed = `${prefix}:${g}`;
    const hero = g % players;
    const inner = makeBot(game, o.bot, `${seed}:hero`);
    const timed: Bot = {
      name: inner.name,
      choose(ctx: BotContext) {
        const t = performance.now();
        const a = inner.choose(ctx);
        botTime += performance.now() - t;
        decisions++;
        if (!ctx.legal.includes(a))
          throw new Error(
            `${o.bot} returned an action that is not one of its legal actions: ${JSON.stringify(a)}`,
          );
        return a;
      },
    };
    const bots = Array.from({ length: players }, (_, s) =>
      s === hero ? timed : randomBot({ seed: `${seed}:${s}` }),
    );
    const r = playGame(game, { seats: players, seed, bots, maxActions: o.maxActions ?? 20_000 });
    actions += r.actions;
    seatGames[hero]!++;
    if (r.capped || !r.outcome) {
      capped++;
      reasons.capped = (reasons.capped ?? 0) + 1;
    } else {
      reasons[r.outcome.reason] = (reasons[r.outcome.reason] ?? 0) + 1;
      if (r.outcome.winners.includes(hero)) {
        const share = 1 / r.outcome.winners.length;
        wins += share;
        seatWins[hero]! += share;
      }
    }
    if ((g + 1) % 100 === 0)
      progress(`${g + 1}/${o.games} games, win rate ${((100 * wins) / (g + 1)).toFixed(1)}%`);
  }
  const n = Math.max(1, o.games);
  const p = wins / n;
  return {
    game: game.id,
    bot: o.bot,
    opponents: 'random',
    players,
    games: o.games,
    wins: Math.round(wins * 1000) / 1000,
    winRate: Math.round(p * 10000) / 10000,
    ci95: Math.round(1.96 * Math.sqrt((p * (1 - p)) / n) * 10000) / 10000,
    baseline: Math.round(10000 / players) / 10000,
    capped,
    cappedShare: Math.round((capped / n) * 10000) / 10000,
    bySeat: seatWins.map((w, s) => Math.round((w / Math.max(1, seatGames[s]!)) * 10000) / 10000),
    reasons,
    actionsPerGame: Math.round((actions / n) * 10) / 10,
    decisions,
    usPerDecision: Math.round(((botTime * 1000) / Math.max(1, decisions)) * 100) / 100,
    seconds: Math.round(performance.now() - t0) / 1000,
  };
}
