/** The data files are validated on load; a different map is an option, validated the same way. */
import { describe, expect, it } from 'vitest';
import { playGame } from '@tabula/engine';
import { randomBot } from '@tabula/bots';
import { DEFAULT_RT, parseOptions, struggleForRome as game } from '@tabula/struggle-for-rome';
import board from '../src/data/board.json' with { type: 'json' };
import cities from '../src/data/cities.json' with { type: 'json' };

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('game data', () => {
  it('compiles the default data with the counts of the spec', () => {
    expect(DEFAULT_RT.hexes.length).toBe(89);
    expect(DEFAULT_RT.nodes.length).toBe(240);
    expect(DEFAULT_RT.cities.length).toBe(40);
    expect(DEFAULT_RT.tokens.length).toBe(40);
    expect(DEFAULT_RT.devDeck.length).toBe(30);
    expect(DEFAULT_RT.roman.length).toBe(82);
  });

  it('accepts a map option and plays on it', () => {
    const o = parseOptions({ map: { board: copy(board), cities: copy(cities) } });
    expect(o.ok).toBe(true);
    const r = playGame(game, {
      options: { map: { board: copy(board), cities: copy(cities) }, roundLimit: 3 },
      seats: 3,
      seed: 'map',
      bots: [0, 1, 2].map((s) => randomBot({ seed: `b${s}` })),
    });
    expect(r.outcome).not.toBeNull();
  });

  it('names the bad entry of a broken map', () => {
    const b = copy(board) as {
      edges: { id: string; b: string }[];
      hexes: { id: string; number: number | null }[];
    };
    b.edges[0]!.b = 'n999';
    const r = parseOptions({ map: { board: b, cities: copy(cities) } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/board\.edges\[e000\]\.b names unknown node "n999"/);
    const b2 = copy(board) as { hexes: { id: string; number: number | null }[] };
    b2.hexes[0]!.number = 7;
    const r2 = parseOptions({ map: { board: b2, cities: copy(cities) } });
    expect(!r2.ok && r2.error.message).toMatch(/board\.hexes\[h0007\]\.number/);
    const c = copy(cities);
    c.cities[0]!.towers = 0;
    const r3 = parseOptions({ map: { board: copy(board), cities: c } });
    expect(!r3.ok && r3.error.message).toMatch(/cities\[noviomagus\]\.towers/);
  });
});
