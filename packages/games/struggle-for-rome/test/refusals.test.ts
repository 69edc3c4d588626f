/**
 * Every refusal names its rule (issue 16): the engine's generic refusal check over random games — actions
 * that the legal-action lists do not contain are refused with a rule of the specification, a message that
 * says why (no placeholder, en/ru catalog entries) and no change of the state.
 */
import { describe, expect, it } from 'vitest';
import { runRefusalGames } from '@tabula/engine';
import { scenario, struggleForRome } from '@tabula/struggle-for-rome';
import { rejects } from './helpers.js';

describe('Struggle for Rome: refusals', () => {
  it('SFR-CONV-3: every refusal of an unlisted action cites a rule, says why (en/ru) and changes nothing', () => {
    const t = runRefusalGames(
      struggleForRome,
      Array.from({ length: 6 }, (_, i) => ({
        seats: 3 + (i % 2),
        seed: `refusals-${i}`,
        options: { roundLimit: 30 },
        every: 15,
        perSeat: 12,
      })),
    );
    expect(t.refused).toBeGreaterThan(5000);
    expect(Object.keys(t.codes).length).toBeGreaterThan(20);
  });

  it('SFR-DP-5, SFR-ROUND-5: an input that does not answer the waiting decision says which decision waits', () => {
    const st = scenario({ players: 3, dice: [3, 4], at: { production: true } });
    rejects(st, 0, { type: 'rest', take: 'gold' }, 'SFR-DP-5', 'wrongAction.legion');
    rejects(st, 1, { type: 'stay' }, 'SFR-ROUND-5', 'notYourDecision');
    rejects(st, 0, { type: 'legion', hex: 'h9999' }, 'SFR-LEG-2', 'noSuchHex');
  });
});
