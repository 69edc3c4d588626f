#!/usr/bin/env node
/**
 * `node packages/bench/dist/winrate.js [game] [--bot NAME] [--games N] [--players K] [--seed TEXT] [--json]`
 * A game bot against uniform random bots, its seat rotated; shared wins count as a fraction.
 */
import { GAMES, findGame } from '@tabula/catalog';
import { checkFlags, numberFlag, parseArgs } from './args.js';
import { winRate } from './strength.js';

const HELP = `Usage: node packages/bench/dist/winrate.js [game] [options]

Plays one bot against uniform random bots at the other seats, rotating its seat game after game.
Shared wins count as a fraction; games stopped by the action cap count as losses.

  game            a game id or short id (default: the catalog's first, ${GAMES[0]!.id})
  --bot NAME      the bot to measure (default: the game's first bot)
  --games N       games to play (default 1000)
  --players K     seats (default 4)
  --seed TEXT     seed prefix (default "winrate")
  --json          print one JSON object on stdout`;

function main(argv: string[]): number {
  const p = parseArgs(argv, ['bot', 'games', 'players', 'seed']);
  if (p.flags.has('help')) {
    console.log(HELP);
    return 0;
  }
  checkFlags(p, ['bot', 'games', 'players', 'seed', 'json', 'help']);
  const name = p.positional[0] ?? GAMES[0]!.id;
  const game = findGame(name);
  if (!game) throw new Error(`unknown game "${name}"`);
  const bot =
    typeof p.flags.get('bot') === 'string' ? (p.flags.get('bot') as string) : Object.keys(game.bots ?? {})[0];
  if (!bot) throw new Error(`${game.id} has no bot of its own`);
  const json = p.flags.has('json');
  const r = winRate(game, {
    bot,
    games: numberFlag(p, 'games', 1000, true),
    players: numberFlag(p, 'players', 4, true),
    seed: typeof p.flags.get('seed') === 'string' ? (p.flags.get('seed') as string) : 'winrate',
    progress: json ? undefined : (line) => process.stderr.write(`… ${line}\n`),
  });
  if (json) {
    process.stdout.write(`${JSON.stringify(r)}\n`);
    return 0;
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `${r.game}: ${r.bot} vs ${r.players - 1} × ${r.opponents}, ${r.games} games (seat rotated, one core)`,
  );
  console.log(
    `  win rate      ${pct(r.winRate)} ± ${pct(r.ci95)} (chance ${pct(r.baseline)}); ${r.wins} wins`,
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
    `  bot speed     ${r.usPerDecision} µs per decision (incl. its view), ${r.decisions} decisions`,
  );
  console.log(`  time          ${r.seconds} s`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  console.error(`winrate: ${(e as Error).message}`);
  process.exitCode = 1;
}
