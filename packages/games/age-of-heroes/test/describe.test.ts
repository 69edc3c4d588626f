import { describe, expect, it } from 'vitest';
import { ageOfHeroes, scenario } from '@tabula/age-of-heroes';
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
  it('names the owner of an Earthquake target, with the state and from a seat\u2019s view (the browser)', () => {
    const st = scenario({ players: 3, at: { action: 0 } });
    const army = st.p[2]!.armies[0]!.id;
    const a: AohAction = { type: 'quakeTarget', army };
    const name = (s: number) => `P${s + 1}`;
    const view = ageOfHeroes.view(st, 0);
    expect(ageOfHeroes.describeAction(st, 0, a, 'en', name)).toBe(`Strike army #${army} of P3`);
    expect(ageOfHeroes.describeAction(null, 0, a, 'en', name, view)).toBe(`Strike army #${army} of P3`);
    expect(ageOfHeroes.describeAction(null, 0, a, 'ru', name, view)).toBe(
      `Ударить по армии №${army} игрока P3`,
    );
    // Without a state or a view, the army alone.
    expect(ageOfHeroes.describeAction(null, 0, a, 'en', name)).toBe(`Strike army #${army}`);
  });
});
