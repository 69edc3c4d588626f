#!/usr/bin/env node
/**
 * `npm run playthroughs [-- --write] [--game ID]`: checks (or, with --write, records anew) the golden
 * playthroughs of every catalog game: `packages/games/<id>/test/playthroughs/specs.json` lists them,
 * each recorded in `<name>.txt` beside it (see `playthrough.ts` in the engine). Record anew only when a
 * change of the rules is intended, and read the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAMES, findGame } from '@tabula/catalog';
import type { PlaythroughSpec } from '@tabula/engine';
import { checkPlaythrough, recordPlaythrough } from '@tabula/engine';
import { checkFlags, parseArgs } from './args.js';

const HELP = `Usage: npm run playthroughs [-- options]

Checks the golden playthroughs of every game: seeded random games recorded step by step (who was
asked what, how many actions were offered, the action, its events, the state's hash). Each game lists
its playthroughs in packages/games/<game>/test/playthroughs/specs.json; npm test checks them too.

  --write      record every playthrough anew with today's rules (only when a rules change is intended;
               read the diff before committing it)
  --game ID    only this game (an id or alias)
  --help       this text`;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function playthroughDir(gameId: string): string {
  return join(ROOT, 'packages', 'games', gameId, 'test', 'playthroughs');
}

function main(argv: string[]): number {
  const p = parseArgs(argv, ['game']);
  if (p.flags.has('help')) {
    console.log(HELP);
    return 0;
  }
  checkFlags(p, ['write', 'game', 'help']);
  if (p.positional.length) throw new Error(`unexpected argument "${p.positional[0]}"`);
  const name = p.flags.get('game');
  const games = typeof name === 'string' ? [findGame(name)] : GAMES;
  if (games[0] === undefined) throw new Error(`unknown game "${String(name)}"`);
  let failed = 0;
  for (const g of games) {
    const dir = playthroughDir(g!.id);
    const specsFile = join(dir, 'specs.json');
    if (!existsSync(specsFile)) {
      console.log(`${g!.id}: no playthroughs (${specsFile})`);
      continue;
    }
    const specs = JSON.parse(readFileSync(specsFile, 'utf8')) as PlaythroughSpec[];
    for (const spec of specs) {
      const file = join(dir, `${spec.name}.txt`);
      const t0 = performance.now();
      if (p.flags.has('write')) {
        const text = recordPlaythrough(g!, spec);
        writeFileSync(file, text);
        const steps = /^end (\d+)/m.exec(text)?.[1];
        console.log(
          `${g!.id} ${spec.name}: recorded, ${steps} steps (${Math.round(performance.now() - t0)} ms)`,
        );
        continue;
      }
      if (!existsSync(file)) {
        console.log(`${g!.id} ${spec.name}: MISSING (${file}); record it with --write`);
        failed++;
        continue;
      }
      const r = checkPlaythrough(g!, readFileSync(file, 'utf8'));
      if (r.ok) console.log(`${g!.id} ${spec.name}: same, ${r.steps} steps`);
      else {
        failed++;
        console.log(`${g!.id} ${spec.name}: DIFFERS after ${r.steps} steps, ${r.difference}`);
      }
    }
  }
  return failed ? 1 : 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  console.error(`playthroughs: ${(e as Error).message}`);
  process.exitCode = 2;
}
