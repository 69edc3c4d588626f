/**
 * Golden playthroughs (test/playthroughs/): recorded games replayed step by step with today's rules —
 * the same prompts, as many offered actions, the same events and state hashes. After an intended rules
 * change, record them anew with `npm run playthroughs -- --write --game runewars` and read the diff.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPlaythrough } from '@tabula/engine';
import type { PlaythroughSpec } from '@tabula/engine';
import { runewars as game } from '@tabula/runewars';

const dir = new URL('./playthroughs/', import.meta.url);
const specs = JSON.parse(readFileSync(new URL('specs.json', dir), 'utf8')) as PlaythroughSpec[];

describe('golden playthroughs', () => {
  for (const spec of specs)
    it(`${spec.name} (${spec.seats} seats) plays as recorded`, () => {
      const r = checkPlaythrough(game, readFileSync(new URL(`${spec.name}.txt`, dir), 'utf8'));
      expect(r.difference).toBeUndefined();
      expect(r.ok).toBe(true);
    });
});
