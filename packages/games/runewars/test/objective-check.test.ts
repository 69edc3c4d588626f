/**
 * The end-of-turn Objective question (RW-OBJ-03, cards.ts askObjective) reads its counts in one pass over
 * the board: it must ask exactly when some Objective of the player's deck is met by the card-by-card reading
 * (objectiveMet), in positions of random games, every seat, with every Objective of his deck tried as his.
 */
import { describe, expect, it } from 'vitest';
import { Rng, choosePrompt } from '@tabula/engine';
import type { RwState } from '@tabula/runewars';
import { runewars as g, DEFAULT_PACK } from '@tabula/runewars';
import { askObjective, objectiveMet } from '../src/cards.js';
import { newGame } from './helpers.js';

describe('RW-OBJ-03: the Objective question', () => {
  it('is asked exactly when an Objective of his deck is met (one-pass counts against each card read alone)', () => {
    const objectives = DEFAULT_PACK.objectives;
    let asked = 0,
      checked = 0;
    for (let game = 0; game < 12; game++) {
      const st = newGame(2 + (game % 3), `obj-${game}`);
      const rng = new Rng(`obj-drv-${game}`);
      for (let step = 0; !g.outcome(st) && step < 3000; step++) {
        if (step % 37 === 0 && st.year >= 1)
          for (let seat = 0; seat < st.n; seat++)
            for (let o = 0; o < objectives.length; o++) {
              if (st.p[seat]!.out) continue;
              const c = g.clone(st) as RwState;
              c.p[seat]!.obj = o;
              const depth = c.stack.length;
              askObjective(c, seat);
              const got = c.stack.length > depth;
              const want = objectives.some(
                (x, i) => x.good === objectives[o]!.good && objectiveMet(c, seat, i),
              );
              expect(got).toBe(want);
              checked++;
              if (got) asked++;
            }
        const p = choosePrompt(g.prompts(st), rng)!;
        const legal = g.legalActions(st, p.seat);
        expect(g.apply(st, p.seat, legal[rng.int(legal.length)]!).ok).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(asked).toBeGreaterThan(0);
  });
});
