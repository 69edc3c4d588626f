/** The table in words: where the viewer's tribes stand, where they can go, what they can take. */
import { describe, expect, it } from 'vitest';
import { scenario, struggleForRome as game } from '@tabula/struggle-for-rome';

const name = (s: number) => `P${s + 1}`;

describe('renderText: the map in words', () => {
  const st = scenario({
    players: 3,
    seats: [
      { gold: 4, grain: 2, horsemen: { node: 'n042', army: 3 } },
      { warriors: { kingdom: ['verona', 'mediolanum'], army: 2, wagons: 1 } },
    ],
    at: { phase: 3, seat: 0 },
  });

  it('shows where my tribes stand, where they can go at what cost, and what they can plunder', () => {
    const text = game.renderText(game.view(st, 0), 'en', name);
    expect(text).toContain('horsemen: at n042 (next to Castra Regina)');
    expect(text).toContain(
      'Your horsemen at n042, strength 3; cities next to them: Castra Regina (Germania, towers 2, loot)',
    );
    const reach = text.split('\n').find((l) => l.startsWith('Reachable by your horsemen: free: '));
    expect(reach).toBeDefined();
    expect(reach).toContain('n064 (Augusta Vindelicorum, Castra Regina)');
    expect(reach).toMatch(/; 1 grain: [^;]*n039 \(Mogontiacum\)/);
    expect(text).toContain('Can plunder: Castra Regina (Germania, towers 2, loot)');
  });

  it('speaks Russian', () => {
    const text = game.renderText(game.view(st, 0), 'ru', name);
    expect(text).toContain('всадники: на n042 (рядом: Castra Regina)');
    expect(text).toContain(
      'Ваши всадники на n042, сила 3; города рядом: Castra Regina (Германия, башен 2, с добычей)',
    );
    expect(text).toMatch(/Куда могут пойти всадники: бесплатно: .*n064/);
    expect(text).toContain('Можно разграбить: Castra Regina (Германия, башен 2, с добычей)');
  });

  it('lists the step only to the tribe owner, and kingdoms to expand from', () => {
    const other = game.renderText(game.view(st, 1), 'en', name);
    expect(other).not.toContain('Reachable by');
    expect(other).not.toContain('Can plunder');
    expect(game.renderText(game.view(st, -1), 'en', name)).not.toContain('Your ');
    const war = scenario({
      players: 3,
      seats: [{}, { warriors: { kingdom: ['verona'], army: 6, wagons: 1 } }],
      at: { phase: 4, seat: 1 },
    });
    const acts = game.legalActions(war, 1).filter((a) => a.type === 'expand');
    expect(acts.length).toBeGreaterThan(0);
    const text = game.renderText(game.view(war, 1), 'en', name);
    expect(text).toMatch(/^Can conquer: .*towers \d/m);
    expect(text).not.toContain('Reachable by');
  });
});
