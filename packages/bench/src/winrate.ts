#!/usr/bin/env node
/**
 * `node packages/bench/dist/winrate.js [game] [--bot NAME] [--against NAME] [--games N] [--start K]
 *  [--players K] [--seed TEXT] [--option KEY=VALUE]… [--jsonl FILE] [--json]`, or `… --summary FILE…`.
 * A bot against copies of another (random unless told), its seat rotated; shared wins count as a fraction.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { GAMES, findGame } from '@tabula/catalog';
import { levelsOf } from '@tabula/bots';
import { checkFlags, gameOptions, numberFlag, parseArgs } from './args.js';
import type { GameLine, WinRateResult } from './strength.js';
import { summarize, winRate } from './strength.js';

const HELP = `Usage: node packages/bench/dist/winrate.js [game] [options]
       node packages/bench/dist/winrate.js --summary FILE… [--json]

Plays one bot against copies of another bot at the other seats, rotating its seat game after game
(game g is seeded "<seed>:<g>" and seats the bot at g mod players). Shared wins count as a fraction;
games stopped by the action cap count as losses. Runs on one thread.

  game            a game id or short id (default: the catalog's first, ${GAMES[0]!.id})
  --bot NAME      the bot to measure (default: the game's strongest level); a level (beginner, standard,
                  strong), a game bot (heuristic…), random, or the search bot at a budget: ismcts:<N>
                  (N iterations a decision), ismcts:<M>ms, ismcts:<N>:<M>ms
  --against NAME  the bot at every other seat (default random)
  --games N       games to play (default 1000)
  --start K       index of the first game (to split a run into slices; default 0)
  --players K     seats (default 4)
  --seed TEXT     seed prefix (default "winrate")
  --option K=V    a match option of the game (repeat for several; default: the game's defaults)
  --jsonl FILE    append each game's result to FILE as it ends (one JSON line a game)
  --summary FILE… add up the games of JSON-line files (slices of runs), one report per bot pairing
  --json          print one JSON object on stdout`;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function report(r: WinRateResult): void {
  console.log(
    `${r.game}: ${r.bot} vs ${r.players - 1} × ${r.opponents}, ${r.games} games (seat rotated, one core)`,
  );
  console.log(
    `  win rate      ${pct(r.winRate)}, 95% interval ${pct(r.wilson95[0])}–${pct(r.wilson95[1])} (par ${pct(r.baseline)}); ${r.wins} wins`,
  );
  console.log(`  by seat       ${r.bySeat.map(pct).join('  ')}`);
  console.log(`  capped        ${r.capped} (${pct(r.cappedShare)}), counted as losses`);
  console.log(
    `  endings       ${Object.entries(r.reasons)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(`  actions/game  ${r.actionsPerGame}`);
  console.log(
    `  bot speed     ${r.cpuMsMedian} ms median, ${r.cpuMsP99} ms p99 of processor time (wall clock ${r.msMedian}, ${r.msP99}) over ${r.choices} decisions with a choice` +
      (r.decisions ? `; ${r.usPerDecision} µs mean over all ${r.decisions} (incl. its view)` : ''),
  );
  if (r.seconds) console.log(`  time          ${r.seconds} s`);
}

function main(argv: string[]): number {
  const p = parseArgs(argv, ['bot', 'against', 'games', 'start', 'players', 'seed', 'option', 'jsonl']);
  if (p.flags.has('help')) {
    console.log(HELP);
    return 0;
  }
  checkFlags(p, [
    'bot',
    'against',
    'games',
    'start',
    'players',
    'seed',
    'option',
    'jsonl',
    'summary',
    'json',
    'help',
  ]);
  const json = p.flags.has('json');
  if (p.flags.has('summary')) {
    const files = p.positional;
    const groups = new Map<string, GameLine[]>();
    for (const f of files)
      for (const text of readFileSync(f, 'utf8').split('\n')) {
        if (!text.trim()) continue;
        const l = JSON.parse(text) as GameLine;
        const k = `${l.game}|${l.bot}|${l.against}|${l.players}|${l.seed}|${JSON.stringify(l.options ?? {})}`;
        const list = groups.get(k) ?? [];
        // A game played twice (overlapping slices) counts once.
        if (!list.some((x) => x.index === l.index)) list.push(l);
        groups.set(k, list);
      }
    const out = [...groups.values()].map((lines) => summarize(lines));
    if (json) process.stdout.write(`${JSON.stringify(out)}\n`);
    else for (const r of out) report(r);
    return 0;
  }
  const name = p.positional[0] ?? GAMES[0]!.id;
  const game = findGame(name);
  if (!game) throw new Error(`unknown game "${name}"`);
  const str = (k: string) => (typeof p.flags.get(k) === 'string' ? (p.flags.get(k) as string) : undefined);
  const bot = str('bot') ?? levelsOf(game).at(-1)!;
  const jsonl = str('jsonl');
  const options = gameOptions(argv);
  const r = winRate(game, {
    bot,
    against: str('against') ?? 'random',
    games: numberFlag(p, 'games', 1000, true),
    start: numberFlag(p, 'start', 0, true),
    players: numberFlag(p, 'players', 4, true),
    seed: str('seed') ?? 'winrate',
    options: Object.keys(options).length ? options : undefined,
    progress: json ? undefined : (line) => process.stderr.write(`… ${line}\n`),
    onGame: jsonl ? (l) => appendFileSync(jsonl, `${JSON.stringify(l)}\n`) : undefined,
  });
  if (json) process.stdout.write(`${JSON.stringify(r)}\n`);
  else report(r);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  console.error(`winrate: ${(e as Error).message}`);
  process.exitCode = 1;
}
