/**
 * The modifier-kind pre-check (`NatState.mk`): asking for a modifier kind that no card of the game ever had skips
 * the walk over the cards, so it must cover every card in play, also cards put in play by hand, and a state saved
 * without it must still find every modifier (NAT-NOTE-29: Buddha, NAT-NOTE-32: Florence Nightingale). The same
 * holds for the kinds that reach other nations (`NatState.mo`, Genghis Khan) and for trigger events
 * (`NatState.tk`, NAT-NOTE-6: Mansa Musa).
 */
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '@tabula/nations';
import {
  deckOf,
  fireBit,
  firesOf,
  hasMod,
  kindBit,
  kindsOf,
  MK,
  othersKindsOf,
  stability,
} from '../src/derive.js';
import type { NatState } from '../src/state.js';
import { addAdvisor, atAction, barePlayer, midGame, ok, putOnBoard, setRes, turn } from './helpers.js';

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

  it('a card in play whose kinds the state’s pre-check lacks is reported by the invariants, and still found (the deck’s masks)', () => {
    const st = atAction(3);
    barePlayer(st, 1);
    addAdvisor(st, 1, 'nightingale');
    st.mk = st.mk! & ~kindsOf('nightingale'); // as if created without `newUid`
    expect(deckOf(st).kinds & kindsOf('nightingale')).toBe(kindsOf('nightingale'));
    expect(hasMod(st, 1, MK.noShortageVp)).toBe(true);
    expect(precheck(st)).toEqual(['modifier kinds of nightingale missing from the pre-check']);
  });
});

describe('pre-check of modifiers that reach other nations', () => {
  /** Genghis Khan at seat 1: −3 stability to every nation, his own included (`appliesTo: all`). */
  function genghis(): { st: NatState; before: number } {
    const st = atAction(3);
    barePlayer(st, 0);
    barePlayer(st, 1);
    const before = stability(st, 0);
    addAdvisor(st, 1, 'genghis');
    return { st, before };
  }

  it('Genghis Khan put in play marks stability as reaching others, and every nation loses 3 stability', () => {
    const { st, before } = genghis();
    expect(st.mo! & kindBit(MK.stability)).not.toBe(0);
    expect(stability(st, 0)).toBe(before - 3);
    expect(precheck(st)).toEqual([]);
  });

  it('a state without that pre-check (saved before it existed) still applies Genghis Khan to the others', () => {
    const { st, before } = genghis();
    delete st.mo;
    expect(stability(st, 0)).toBe(before - 3);
  });

  it('a card whose reaching kinds the state’s pre-check lacks is reported by the invariants, and still applied (the deck’s masks)', () => {
    const { st, before } = genghis();
    st.mo = st.mo! & ~othersKindsOf('genghis');
    expect(precheck(st)).toEqual(['modifier kinds of genghis reaching others missing from the pre-check']);
    expect(stability(st, 0)).toBe(before - 3);
  });
});

describe('trigger-event pre-check', () => {
  /** Mansa Musa in play, 1 gold, a card in row 1 to spend it on (NAT-NOTE-6). */
  function mansaMusa(): NatState {
    const st = midGame();
    addAdvisor(st, 0, 'mansamusa');
    setRes(st, 0, { gold: 1 });
    putOnBoard(st, 1, 0, 'hunnic');
    turn(st, 0);
    return st;
  }
  const books = (st: NatState) => st.players[0]!.res.books;

  it('NAT-NOTE-6: Mansa Musa put in play adds its event, and spending the last gold triggers it', () => {
    const st = mansaMusa();
    expect(st.tk! & fireBit('goldReachedZero')).not.toBe(0);
    const before = books(st);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(books(st)).toBe(before + 2);
    expect(precheck(st)).toEqual([]);
  });

  it('NAT-NOTE-6: a state without the trigger pre-check (saved before it existed) still triggers Mansa Musa', () => {
    const st = mansaMusa();
    delete st.tk;
    const before = books(st);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(books(st)).toBe(before + 2);
  });

  it('a card in play whose trigger events the state’s pre-check lacks is reported by the invariants, and still triggers (the deck’s masks)', () => {
    const st = mansaMusa();
    st.tk = st.tk! & ~firesOf('mansamusa');
    expect(precheck(st)).toEqual(['trigger events of mansamusa missing from the pre-check']);
    const before = books(st);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(books(st)).toBe(before + 2);
  });
});
