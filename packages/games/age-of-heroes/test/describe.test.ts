import { describe, expect, it } from 'vitest';
import { ageOfHeroes } from '@tabula/age-of-heroes';
import type { AohAction } from '@tabula/age-of-heroes';

// Words for actions must name battle cards by their strength, cards by their name, in both languages.
describe('describing actions', () => {
  it('names a battle-card placement by its value, not as a resource card', () => {
    const a: AohAction = { type: 'place', unit: 1, card: 5 };
    expect(ageOfHeroes.describeAction(null, 0, a, 'en')).toBe('Put battle card 5 under unit 2');
    expect(ageOfHeroes.describeAction(null, 0, a, 'ru')).toBe('Положить карту 5 под отряд 2');
  });
  it('names resource cards and seats in the reader\u2019s language', () => {
    const a: AohAction = { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'gold'] };
    expect(ageOfHeroes.describeAction(null, 0, a, 'en')).toBe('Build a City paying Stone, Wood, Gold');
    expect(
      ageOfHeroes.describeAction(
        null,
        0,
        { type: 'war', target: 2, objective: 'razing' },
        'ru',
        (s) => `Игрок ${s + 1}`,
      ),
    ).toBe('Напасть на Игрок 3 (Разрушение)');
  });
});
