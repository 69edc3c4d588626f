import { describe, expect, it } from 'vitest';
import { playGame } from '@tabula/engine';
import { randomBot } from '@tabula/bots';
import { struggleForRome as game } from '@tabula/struggle-for-rome';
import type { SfrState } from '@tabula/struggle-for-rome';

// Reports group wins by where the victory points came from (SFR-VP-1..3); that label must not
// exist before the end, when victory-point cards are still hidden (SFR-HID-7).
describe('report labels', () => {
  it('SFR-VP-1: a finished game labels each seat with its VP sources; an unfinished one does not', () => {
    const bots = [0, 1, 2, 3].map((i) => game.bots!.heuristic!({ seed: `t${i}` }));
    const r = playGame<SfrState>(game, { seats: 4, seed: 'tags', bots });
    expect(r.outcome).not.toBeNull();
    const w = r.outcome!.winners[0]!;
    const route = game.seatTags(r.state, w).route!;
    expect(route.split('+')).toContain('cities');
    for (const part of route.split('+'))
      expect(['cities', 'heir', 'enemy', 'diplomacy', 'vpcards']).toContain(part);
    const early = playGame<SfrState>(game, {
      seats: 3,
      seed: 'tags2',
      bots: [0, 1, 2].map((i) => randomBot({ seed: `r${i}` })),
      maxActions: 50,
    });
    expect(game.seatTags(early.state, 0).route).toBeUndefined();
  });
});
