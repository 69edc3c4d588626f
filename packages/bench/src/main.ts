#!/usr/bin/env node
/**
 * `npm run bench -- <game|all> [--json] [--games N] [--seconds S] [--players K] [--warmup S] [--decisions N] [--winrate N]`
 * Engine speed of a game through the contract only, on one core (plain single-threaded Node).
 * `npm run bench -- server [options]`: the game server under WebSocket load (server-bench.ts).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import type { AnyGame } from '@tabula/engine';
import { findGame, GAMES } from '@tabula/catalog';
import { checkFlags, numberFlag, parseArgs } from './args.js';
import { serverMain, YOUNG_GENERATION } from './server-bench.js';
import type { BenchResult } from './bench.js';
import { runBench } from './bench.js';
import type { WinRateResult } from './strength.js';
import { winRate } from './strength.js';

const HELP = `Usage: npm run bench -- <game|all> [options]

Measures a game's engine through the contract only, on one core (single-threaded Node):
random playouts (games/s, µs per action including legal-action listing), replay speed with a
final-hash check, JSON view sizes, clone and sampleWorld times, and the search bot's strong level
(iterations a second, ms a decision).

Games: ${GAMES.map((g) => (g.info ? `${g.id} (${g.info.shortId})` : g.id)).join(', ')}, or "all".
"server" instead of a game measures the game server under WebSocket load (server --help).

Options:
  --json          print exactly one JSON object on stdout (no progress on stderr)
  --players K     seats at the table (default 4)
  --seconds S     time budget of each timed phase (default 3)
  --games N       stop the random-playout phase after N games (default: time budget only)
  --warmup S      JIT warm-up before timing (default 1)
  --seed TEXT     seed prefix (default "bench")
  --decisions N   positions the strong level's time is measured on (default 40; its p99 is the
                  slowest of them or near it until there are some hundreds)
  --winrate N     also play N games of each game bot against random bots (seat rotated)
  --help          this text`;

interface Report {
  tool: 'tabula-bench';
  node: string;
  platform: string;
  cpu: string;
  /** Everything runs on one thread of one process. */
  threads: 1;
  options: {
    players: number;
    seconds: number;
    games: number | null;
    warmup: number;
    seed: string;
    decisions: number;
  };
  results: (BenchResult & { winRates?: WinRateResult[] })[];
}

function fmt(x: number, digits = 2): string {
  return x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

function table(rows: [string, string, string][]): string {
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  return rows.map(([a, b, c]) => `  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`).join('\n');
}

function human(r: BenchResult & { winRates?: WinRateResult[] }): string {
  const rows: [string, string, string][] = [
    [
      'random games/s',
      fmt(r.random.gamesPerSecond),
      `${fmt(r.random.games, 0)} games in ${fmt(r.random.seconds)} s after ${fmt(r.random.warmupSeconds)} s warm-up`,
    ],
    [
      'µs per action',
      fmt(r.random.usPerAction, 3),
      `incl. setup, prompts, legalActions, pick, apply (median game ${fmt(r.random.usPerActionMedian, 3)})`,
    ],
    [
      'actions per game',
      fmt(r.random.actionsPerGame, 1),
      `${fmt(r.random.legalPerDecision)} legal actions per decision; ${r.random.capped} capped`,
    ],
    [
      'replay actions/s',
      fmt(r.replay.actionsPerSecond, 0),
      `${r.replay.games} recorded games × ${r.replay.passes} passes; final hashes ${r.replay.hashesMatch ? 'match' : 'DIFFER'}`,
    ],
    [
      'seat view JSON',
      `${fmt(r.view.seatBytes, 0)} B`,
      `mean over ${r.view.states} mid-game states × ${r.players} seats; ${fmt(r.view.usPerView)} µs to build`,
    ],
    [
      'spectator view JSON',
      `${fmt(r.view.spectatorBytes, 0)} B`,
      `mean over ${r.view.states} mid-game states`,
    ],
    ['clone', `${fmt(r.clone.us)} µs`, `${fmt(r.clone.samples, 0)} clones of mid-game states`],
    [
      'sampleWorld',
      `${fmt(r.sampleWorld.us)} µs`,
      `${fmt(r.sampleWorld.samples, 0)} samples for the seat to move`,
    ],
    [
      'search iterations/s',
      fmt(r.search.iterationsPerSecond, 0),
      `the search bot's strong level (${fmt(r.search.budget, 0)} iterations a decision): ${fmt(r.search.msMedian, 1)} ms median, ${fmt(r.search.msP99, 1)} ms p99 over ${r.search.decisions} searches of ${r.search.positions} positions of the game's own bot's games (processor time)`,
    ],
  ];
  for (const w of r.winRates ?? [])
    rows.push([
      `win rate: ${w.bot}`,
      `${fmt(w.winRate * 100, 1)}%`,
      `±${fmt(w.ci95 * 100, 1)} vs ${r.players - 1} random bots, ${w.games} games, ${fmt(w.cappedShare * 100, 1)}% capped, ${fmt(w.usPerDecision)} µs/decision`,
    ]);
  return `${r.game} (rules ${r.rulesVersion}), ${r.players} players\n${table(rows)}`;
}

function main(argv: string[]): number {
  const p = parseArgs(argv, ['games', 'seconds', 'players', 'warmup', 'seed', 'winrate', 'decisions']);
  if (p.flags.has('help') || p.positional.length === 0) {
    console.log(HELP);
    return p.flags.has('help') ? 0 : 2;
  }
  checkFlags(p, ['json', 'games', 'seconds', 'players', 'warmup', 'seed', 'winrate', 'decisions', 'help']);
  const json = p.flags.has('json');
  const name = p.positional[0]!;
  const games: AnyGame[] =
    name === 'all' ? [...GAMES] : [findGame(name)].filter((g): g is AnyGame => g !== undefined);
  if (games.length === 0)
    throw new Error(`unknown game "${name}" (known: ${GAMES.map((g) => g.id).join(', ')}, all)`);
  const players = numberFlag(p, 'players', 4, true);
  const seconds = numberFlag(p, 'seconds', 3);
  const nGames = p.flags.has('games') ? numberFlag(p, 'games', 0, true) : undefined;
  const warmup = numberFlag(p, 'warmup', 1);
  const winGames = numberFlag(p, 'winrate', 0, true);
  const decisions = numberFlag(p, 'decisions', 40, true);
  const seed = typeof p.flags.get('seed') === 'string' ? (p.flags.get('seed') as string) : 'bench';
  const progress = json ? undefined : (line: string) => process.stderr.write(`… ${line}\n`);
  const report: Report = {
    tool: 'tabula-bench',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    threads: 1,
    options: { players, seconds, games: nGames ?? null, warmup, seed, decisions },
    results: [],
  };
  if (!json)
    console.log(
      `Tabula engine bench: Node ${report.node} on ${report.cpu}; one core (single-threaded, no workers)\n`,
    );
  for (const game of games) {
    const r: BenchResult & { winRates?: WinRateResult[] } = runBench(game, {
      players,
      seconds,
      games: nGames,
      warmup,
      seed,
      decisions,
      progress,
    });
    if (winGames > 0) {
      r.winRates = [];
      for (const bot of Object.keys(game.bots ?? {})) {
        progress?.(`${game.id}: ${bot} vs random, ${winGames} games`);
        r.winRates.push(
          winRate(game, { bot, games: winGames, players: r.players, seed: `${seed}:winrate`, progress }),
        );
      }
    }
    report.results.push(r);
    if (!json) console.log(`${human(r)}\n`);
  }
  if (json) process.stdout.write(`${JSON.stringify(report)}\n`);
  return 0;
}

const argv = process.argv.slice(2);
if (argv[0] === 'server' && !YOUNG_GENERATION.every((f) => process.execArgv.includes(f))) {
  // The load generator runs with the young generation it needs (see YOUNG_GENERATION): this
  // process starts it again with those flags and passes its exit code on.
  const r = spawnSync(
    process.execPath,
    [...process.execArgv, ...YOUNG_GENERATION, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  process.exitCode = r.status ?? 1;
} else if (argv[0] === 'server')
  serverMain(argv.slice(1)).then(
    (code) => (process.exitCode = code),
    (e: Error) => {
      console.error(`bench: ${e.message}`);
      process.exitCode = 1;
    },
  );
else
  try {
    process.exitCode = main(argv);
  } catch (e) {
    console.error(`bench: ${(e as Error).message}`);
    process.exitCode = 1;
  }
