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
  it('AOH-WAR-11: names the Heroes of a defence by what they do and the army each leads, never by raw hosts', () => {
    const say = (heroes: number[], l: 'en' | 'ru') =>
      ageOfHeroes.describeAction(null, 1, { type: 'respond', heroes }, l);
    expect(say([-1], 'en')).toBe('Play a Mighty Hero as an army');
    expect(say([4], 'en')).toBe('Play a Mighty Hero as general of army #4');
    expect(say([-1, -1, 4], 'en')).toBe('Play 3 Mighty Heroes: 2 as armies, 1 as general of army #4');
    expect(say([-1, 3, 4], 'en')).toBe(
      'Play 3 Mighty Heroes: 1 as an army, 1 as general of army #3, 1 as general of army #4',
    );
    expect(say([-1], 'ru')).toBe('Сыграть Героя как армию');
    expect(say([4], 'ru')).toBe('Сыграть Героя генералом армии №4');
    expect(say([-1, -1, 4], 'ru')).toBe('Сыграть Героев (3): 2 как армии, 1 генералом армии №4');
    // Different choices read differently (the action bar tells its buttons apart by their words).
    const all = [[-1], [-1, -1], [-1, -1, -1], [3], [-1, 3], [3, 4], [-1, 3, 4], [-1, -1, 3]];
    for (const l of ['en', 'ru'] as const) expect(new Set(all.map((h) => say(h, l))).size).toBe(all.length);
    // The log line of a committed defence, and of none.
    const ev = (heroes: number[], l: 'en' | 'ru') =>
      ageOfHeroes.formatEvent({ key: 'aoh.ev.response', params: { seat: 1, heroes } }, l, (s) => `P${s + 1}`);
    expect(ev([-1, 4], 'en')).toBe('P2 responds with 2 Mighty Heroes: 1 as an army, 1 as general of army #4');
    expect(ev([], 'en')).toBe('P2 plays nothing in response');
    expect(ev([-1], 'ru')).toBe('P2 играет в ответ Героя как армию');
    expect(ev([], 'ru')).toBe('P2 ничего не играет в ответ');
  });
});
