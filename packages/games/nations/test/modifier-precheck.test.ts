/**
 * The modifier-kind pre-check (`NatState.mk`): asking for a modifier kind that no card of the game ever had skips
 * the walk over the cards, so it must cover every card in play, also cards put in play by hand, and a state saved
 * without it must still find every modifier (NAT-NOTE-29: Buddha, NAT-NOTE-32: Florence Nightingale).
 */
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '@tabula/nations';
import { hasMod, kindBit, kindsOf, MK } from '../src/derive.js';
import type { NatState } from '../src/state.js';
import { addAdvisor, atAction, barePlayer } from './helpers.js';

/** The invariant findings about the pre-check (the cards put in play by hand are also still in their decks). */
const precheck = (st: NatState) => checkInvariants(st).filter((x) => x.includes('pre-check'));

describe('modifier-kind pre-check', () => {
  it('NAT-NOTE-29: Buddha put in play adds its kinds, and its skip-first-turn modifier is found', () => {
    const st = atAction(3);
    barePlayer(st, 0);
    expect(hasMod(st, 0, MK.skipFirstTurn)).toBe(false);
    const before = st.mk!;
    expect(before & kindBit(MK.skipFirstTurn)).toBe(0); // no Buddha in this game yet
    addAdvisor(st, 0, 'buddha');
    expect(st.mk! & kindBit(MK.skipFirstTurn)).not.toBe(0);
    expect(hasMod(st, 0, MK.skipFirstTurn)).toBe(true);
    expect(hasMod(st, 1, MK.skipFirstTurn)).toBe(false); // its own modifier only
    expect(precheck(st)).toEqual([]);
  });

  it('NAT-NOTE-32: a state without the pre-check (saved before it existed) still finds Nightingale', () => {
    const st = atAction(3);
    barePlayer(st, 1);
    addAdvisor(st, 1, 'nightingale');
    delete st.mk;
    expect(hasMod(st, 1, MK.noShortageVp)).toBe(true);
    expect(precheck(st)).toEqual([]);
  });

  it('a card in play whose kinds the pre-check lacks is reported by the invariants, and would be missed', () => {
    const st = atAction(3);
    barePlayer(st, 1);
    addAdvisor(st, 1, 'nightingale');
    st.mk = st.mk! & ~kindsOf('nightingale'); // as if created without `newUid`
    expect(hasMod(st, 1, MK.noShortageVp)).toBe(false);
    expect(precheck(st)).toEqual(['modifier kinds of nightingale missing from the pre-check']);
  });
});
