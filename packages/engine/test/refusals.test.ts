/**
 * The property kit's refusal check (runRefusalGames) and text check (textDefect): a toy game whose
 * refusals are sound passes; each kind of unsound refusal — no rule, a rule the game does not have, a
 * placeholder in the message, a code missing from a catalog, a refusal that changes the state — is caught.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/index.js';
import { err, PropertyViolation, runRefusalGames, textDefect, translate } from '../src/index.js';
import { toyGame } from './toy.js';

type Flaw = 'noRule' | 'unknownRule' | 'placeholder' | 'noRussian' | 'mutates' | null;

/** The toy game with rule texts, catalogs, and refusals that cite their rule (or carry `flaw`). */
function refusingToy(flaw: Flaw): AnyGame {
  const base = toyGame();
  const rules = { 'TOY-TURN': 'Seats act in turn.', 'TOY-ACT': 'Stay or fold.' };
  const messages = {
    en: { 'toy.notYou': 'It is not your turn.', 'toy.bad': 'Stay or fold.', 'toy.over': 'The game is over.' },
    ru: {
      'toy.notYou': 'Сейчас не ваш ход.',
      'toy.bad': 'Останьтесь или сбросьте.',
      'toy.over': 'Игра окончена.',
    },
  } as Record<'en' | 'ru', Record<string, string>>;
  if (flaw === 'noRussian') delete messages.ru['toy.bad'];
  return {
    ...base,
    ruleTexts: { en: rules, ru: rules },
    messages,
    formatEvent: (e, l) => translate([messages], l, e.key, e.params),
    apply(s, seat, a, log) {
      if (!s.over && seat !== s.turn) {
        if (flaw === 'mutates') s.folded[seat] = true;
        const rule = flaw === 'noRule' ? undefined : flaw === 'unknownRule' ? 'TOY-NONE' : 'TOY-TURN';
        return err('toy.notYou', flaw === 'placeholder' ? 'Wait for {seat}.' : 'It is not your turn.', rule);
      }
      if (!s.over && a?.type !== 'stay' && a?.type !== 'fold')
        return err('toy.bad', 'Stay or fold.', 'TOY-ACT');
      return base.apply(s, seat, a, log);
    },
  };
}

const runs = (n: number) => Array.from({ length: n }, (_, i) => ({ seats: 3, seed: `r${i}`, every: 1 }));

describe('runRefusalGames', () => {
  it('passes a game whose refusals cite their rule, say why in both languages and change nothing', () => {
    const t = runRefusalGames(refusingToy(null), runs(20));
    expect(t.games).toBe(20);
    expect(t.refused).toBeGreaterThan(50);
    expect(Object.keys(t.codes).sort()).toEqual(['toy.bad', 'toy.notYou']);
  });

  for (const [flaw, why] of [
    ['noRule', /with no rule/],
    ['unknownRule', /unknown rule TOY-NONE/],
    ['placeholder', /message that contains "\{"/],
    ['noRussian', /not a message in 'ru'/],
    ['mutates', /changed the state/],
  ] as const)
    it(`catches a refusal with a flaw: ${flaw}`, () => {
      expect(() => runRefusalGames(refusingToy(flaw), runs(5))).toThrow(PropertyViolation);
      expect(() => runRefusalGames(refusingToy(flaw), runs(5))).toThrow(why);
    });
});

describe('textDefect', () => {
  it('finds placeholders, stringified nothing, raw keys and double full stops; passes plain text', () => {
    expect(textDefect('Strike army #1 of {owner}', ['aoh'])).toMatch(/\{/);
    expect(textDefect('lose undefined gold', [])).toMatch(/undefined/);
    expect(textDefect('NaN VP', [])).toMatch(/NaN/);
    expect(textDefect('got [object Object]', [])).toMatch(/object/);
    expect(textDefect('nat.ev.famine', ['nat'])).toMatch(/raw message key/);
    expect(textDefect('-1 VP.. Famine', [])).toMatch(/double full stop/);
    expect(textDefect('', [])).toBe('empty');
    expect(textDefect('Famine: every nation pays 2 food. Wait…', ['nat'])).toBeNull();
    expect(textDefect('Thinking...', [])).toBeNull();
  });
});
