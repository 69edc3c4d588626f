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
    expect(text).toContain('horsemen: at the north crossroads of Castra Regina (next to Castra Regina)');
    expect(text).toContain(
      'Your horsemen at the north crossroads of Castra Regina, strength 3; cities next to them: Castra Regina (Germania, towers 2, loot)',
    );
    const lines = text.split('\n');
    const at = lines.indexOf('Reachable by your horsemen:');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(
      /^ {2}free: .*the crossroads between Augusta Vindelicorum and Castra Regina/,
    );
    expect(lines[at + 2]).toMatch(/^ {2}1 grain: .*the southwest crossroads of Mogontiacum/);
    expect(text).not.toMatch(/\bn\d{3}\b/);
    expect(text).toContain('Can plunder: Castra Regina (Germania, towers 2, loot)');
  });

  it('speaks Russian', () => {
    const text = game.renderText(game.view(st, 0), 'ru', name);
    expect(text).toContain('всадники: стоят: северный перекрёсток у г. Кастра Регина (рядом: Кастра Регина)');
    expect(text).toContain(
      'Ваши всадники — северный перекрёсток у г. Кастра Регина, сила 3; города рядом: Кастра Регина (Германия, башен 2, с добычей)',
    );
    expect(text).toMatch(
      /Куда могут пойти всадники:\n {2}бесплатно: .*перекрёсток между городами Августа Винделиков и Кастра Регина/,
    );
    expect(text).toContain('Можно разграбить: Кастра Регина (Германия, башен 2, с добычей)');
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
