/**
 * The pre-checks of the compiled deck (deck.ts): a query for modifier kinds walks only the areas (advisors, row,
 * colonies, wonders) where a card with such modifiers can lie, a trigger event no card reacts to skips the cards,
 * and removal conditions are looked for only where such cards can lie. They come from the card data, never from
 * the state, so they must cover every card in play, also cards put in play by hand (NAT-NOTE-29: Buddha,
 * NAT-NOTE-32: Florence Nightingale, Genghis Khan reaching other nations, NAT-NOTE-6: Mansa Musa), and a saved
 * state carries none of them.
 */
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '@tabula/nations';
import { AREA_ADVISORS, AREA_ROW, AREA_WONDERS, deckFor, inPlay } from '../src/deck.js';
import {
  deckOf,
  entry,
  F_ABIL,
  F_REM,
  fireBit,
  hasMod,
  kindBit,
  MK,
  ROUND_BUY,
  ROUND_PASS,
  stability,
} from '../src/derive.js';
import { allEntries } from '../src/compiled.js';
import type { NatState } from '../src/state.js';
import { addAdvisor, atAction, barePlayer, midGame, ok, putOnBoard, setRes, turn } from './helpers.js';

/** The invariant findings about the pre-checks. */
const precheck = (st: NatState) => checkInvariants(st).filter((x) => x.includes('pre-check'));

describe('the deck’s pre-checks', () => {
  it('cover every compiled card: each modifier kind in its card’s area, each trigger event, each removal condition', () => {
    const st = atAction(3);
    const dk = deckOf(st);
    const areaOf: Record<string, number> = { advisor: 1, building: 2, military: 2, colony: 4, wonder: 8 };
    for (const e of allEntries()) {
      const area = areaOf[e.c.type] ?? 0;
      for (let k = 0; k < 31; k++) {
        if (e.mods.ownMask & kindBit(k)) expect(dk.areas(kindBit(k), true) & area).toBe(area);
        if (e.mods.othersMask & kindBit(k)) expect(dk.areas(kindBit(k), false) & area).toBe(area);
      }
      expect(dk.fires & e.fires).toBe(e.fires);
      for (let k = 0; k < 31; k++) if (e.fires & (1 << k)) expect(dk.fireAreas(1 << k) & area).toBe(area);
      if (e.flags & F_REM) expect(dk.removableAreas & area).toBe(area);
      if (e.flags & F_ABIL) expect(dk.abilityAreas & area).toBe(area);
      for (const f of [ROUND_PASS, ROUND_BUY])
        if (e.roundFacts & f) expect(dk.roundAreas(f) & area).toBe(area);
    }
    // Removal conditions lie on advisors and wonders only (Solomon, Qin Shi Huang, Boudica, Harald): rows are
    // never walked for them.
    expect(dk.removableAreas & (AREA_ADVISORS | AREA_WONDERS)).not.toBe(0);
    expect(dk.removableAreas & AREA_ROW).toBe(0);
  });

  it('are built once per options object, shared by clones, and kept out of the state', () => {
    const st = atAction(3);
    expect(deckOf(st)).toBe(deckFor(st.opts));
    expect(deckOf(JSON.parse(JSON.stringify(st)) as NatState)).not.toBe(deckOf(st)); // new options object
    for (const k of ['rem', 'mk', 'mo', 'tk']) expect(Object.keys(st)).not.toContain(k);
    // Instance ids are plain counters: nothing compiled rides on them.
    for (const p of st.players)
      for (const x of [...p.advisors, ...p.row, ...p.colonies, ...p.wonders])
        if (x) expect(x.u).toBeLessThan(st.uid);
  });

  it('NAT-NOTE-29: Buddha put in play by hand: its skip-first-turn modifier is found, for its owner only', () => {
    const st = atAction(3);
    barePlayer(st, 0);
    expect(hasMod(st, 0, MK.skipFirstTurn)).toBe(false);
    expect(deckOf(st).areas(kindBit(MK.skipFirstTurn), true) & AREA_ADVISORS).not.toBe(0);
    addAdvisor(st, 0, 'buddha');
    expect(hasMod(st, 0, MK.skipFirstTurn)).toBe(true);
    expect(hasMod(st, 1, MK.skipFirstTurn)).toBe(false); // its own modifier only
    expect(precheck(st)).toEqual([]);
  });

  it('NAT-NOTE-32: Florence Nightingale put in play by hand is found', () => {
    const st = atAction(3);
    barePlayer(st, 1);
    addAdvisor(st, 1, 'nightingale');
    expect(entry('nightingale').mods.ownMask & kindBit(MK.noShortageVp)).not.toBe(0);
    expect(hasMod(st, 1, MK.noShortageVp)).toBe(true);
    expect(precheck(st)).toEqual([]);
  });

  it('Genghis Khan: stability reaching other nations from an advisor, and every nation loses 3 stability', () => {
    const st = atAction(3);
    barePlayer(st, 0);
    barePlayer(st, 1);
    const before = stability(st, 0);
    addAdvisor(st, 1, 'genghis');
    expect(deckOf(st).areas(kindBit(MK.stability), false) & AREA_ADVISORS).not.toBe(0);
    expect(stability(st, 0)).toBe(before - 3);
    expect(precheck(st)).toEqual([]);
  });

  it('NAT-NOTE-6: Mansa Musa put in play by hand reacts to the last gold spent', () => {
    const st = midGame();
    addAdvisor(st, 0, 'mansamusa');
    setRes(st, 0, { gold: 1 });
    putOnBoard(st, 1, 0, 'hunnic');
    turn(st, 0);
    expect(deckOf(st).fireAreas(fireBit('goldReachedZero')) & AREA_ADVISORS).not.toBe(0);
    const before = st.players[0]!.res.books;
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.players[0]!.res.books).toBe(before + 2);
    expect(precheck(st)).toEqual([]);
  });

  it('what is in play is kept beside the state: noted as cards enter, walked again for a copy (cards between places included)', () => {
    const st = atAction(3);
    barePlayer(st, 0);
    expect(inPlay(st).kinds & kindBit(MK.skipFirstTurn)).toBe(0); // no Buddha in play yet
    addAdvisor(st, 0, 'buddha');
    expect(inPlay(st).kinds & kindBit(MK.skipFirstTurn)).not.toBe(0);
    // A completed wonder awaiting its cover choice is between places: a copy read from JSON still counts it.
    const e = entry('colosseum');
    expect(e.mods.ownMask).not.toBe(0);
    st.pending = {
      s: 0,
      kind: 'cover',
      opts: [{ type: 'choose', cover: null }],
      d: { id: 'colosseum', u: 999 },
    };
    const copy = JSON.parse(JSON.stringify(st)) as NatState;
    expect(inPlay(copy)).not.toBe(inPlay(st));
    expect(inPlay(copy).kinds & e.mods.ownMask).toBe(e.mods.ownMask);
    expect(inPlay(copy).kinds & kindBit(MK.skipFirstTurn)).not.toBe(0);
  });
});
