/**
 * Every refusal names its rule (issue 16): an input that does not answer the waiting decision says which
 * decision waits, with that decision point's rule; and the engine's generic refusal check over random games
 * (unlisted actions refused with a rule of the specification, a message without placeholder in both
 * catalogs, no event, no change of the state).
 */
import { describe, expect, it } from 'vitest';
import { runRefusalGames } from '@tabula/engine';
import { ageOfHeroes, scenario } from '@tabula/age-of-heroes';
import { A, B, rejected } from './helpers.js';

describe('Age of Heroes: refusals', () => {
  it('AOH-DP-8, AOH-DP-24: an input that does not answer the waiting decision names that decision', () => {
    const st = scenario({ players: 3, at: { action: A } });
    const e = rejected(st, A, { type: 'discard', card: 'gold' }, 'AOH-DP-8');
    expect(e.code).toBe('aoh.err.wrongAction.turn');
    expect(e.message).toMatch(/taxes, build, war or pass/);
    expect(rejected(st, B, { type: 'pass' }, 'AOH-DP-24').code).toBe('aoh.err.notYourDecision');
    expect(ageOfHeroes.formatEvent({ key: e.code }, 'ru', String)).toMatch(/налоги/);
  });

  it('AOH-DOC-2: every refusal of an unlisted action cites a rule, says why (en/ru) and changes nothing', () => {
    const t = runRefusalGames(
      ageOfHeroes,
      Array.from({ length: 6 }, (_, i) => ({
        seats: 2 + (i % 5),
        seed: `refusals-${i}`,
        options: { tribes: i % 2 ? 'draft' : 'random' },
        every: 15,
        perSeat: 12,
      })),
    );
    expect(t.refused).toBeGreaterThan(5000);
    expect(Object.keys(t.codes).length).toBeGreaterThan(20);
  });
});
