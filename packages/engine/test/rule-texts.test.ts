/**
 * The property kit's check of rule texts for players (ruleTextDefect, ruleTextProblems): internal
 * notation, implementation words, a missing locale or a Russian text in Latin letters are caught.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/index.js';
import { ruleTextDefect, ruleTextProblems } from '../src/index.js';

describe('rule texts in players’ words', () => {
  it('catches the specification’s notation and the implementation’s words', () => {
    for (const bad of [
      'turnsStarted[active] increases by 1.',
      'Give is a multiset of card ids.',
      'Decision: offers are public. Rationale: the table hears them.',
      'See AOH-TRADE-4.',
      'The engine draws a card.',
      'The state is saved.',
      'Timeout default: pass.',
      'Ready flag is {ready}.',
      'It uses the next_round field.',
    ])
      expect(ruleTextDefect(bad, 'en'), bad).toMatch(/contains/);
    for (const bad of ['Движок тянет карту.', 'Решение: предложения открыты.', 'Состояние игры сохраняется.'])
      expect(ruleTextDefect(bad, 'ru'), bad).toMatch(/contains/);
  });

  it('wants Russian in Cyrillic, English without it, and a text at all', () => {
    expect(ruleTextDefect('The market opens.', 'ru')).toMatch(/Cyrillic/);
    expect(ruleTextDefect('Открывается торговля.', 'en')).toMatch(/Cyrillic/);
    expect(ruleTextDefect('', 'en')).toBe('missing');
    expect(ruleTextDefect(undefined, 'ru')).toBe('missing');
    expect(ruleTextDefect('x'.repeat(700), 'en')).toMatch(/too long/);
  });

  it('accepts a rule as players read it', () => {
    expect(
      ruleTextDefect('On Tabula every offer is seen by the whole table, as if spoken aloud.', 'en'),
    ).toBeNull();
    expect(
      ruleTextDefect('На Tabula все предложения видит весь стол, как будто их произносят вслух.', 'ru'),
    ).toBeNull();
    // The game's own English title may stand in a Russian text when the game names it (the engine names none).
    const text = 'В Some Game побеждает тот, кто первым наберёт 10 очков.';
    expect(ruleTextDefect(text, 'ru')).toMatch(/Latin word \("Some"\)/);
    expect(ruleTextDefect(text, 'ru', ['Some Game'])).toBeNull();
    // Words of the game that look like the implementation's are not: a false rune, движение, a board label.
    expect(ruleTextDefect('Each player places a dragon rune and a false rune.', 'en')).toBeNull();
    expect(ruleTextDefect('Все фигурки одной активации начинают движение вместе.', 'ru')).toBeNull();
    expect(ruleTextDefect('В областях 6D и 3C в начале по одному гиганту.', 'ru')).toBeNull();
  });

  it('lists cited rules without a text in some locale and texts unfit to show', () => {
    const game = {
      ruleTexts: {
        en: { 'X-A-1': 'Players trade cards.', 'X-A-2': 'The engine decides.' },
        ru: { 'X-A-1': 'Игроки меняются картами.' },
      },
    } as unknown as AnyGame;
    expect(ruleTextProblems(game, ['X-A-1', 'X-A-3'])).toEqual([
      "X-A-3: no text in 'en'",
      "X-A-3: no text in 'ru'",
      'X-A-2 in \'en\': contains "engine": The engine decides.',
      "X-A-2 in 'ru': missing",
    ]);
  });
});
