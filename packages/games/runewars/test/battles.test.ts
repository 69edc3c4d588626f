/** M2 battles: the rulebook's battle examples (RW-EX-08..10) and the tricky scenarios (RW-EX-30..34, 40, 42) with scripted Fate decks. */
import { describe, expect, it } from 'vitest';
import { attack, chooseAll, clearBoard, fateOnTop, put, runewars as g, scenarioGame } from '@tabula/runewars';
import { act, area, asked, side, top, u, units } from './battle-helpers.js';

/** Latari (seat 0) Conquer against Uthuk (seat 1) in 4B: the board of RW-EX-08. */
function ex08() {
  const st = scenarioGame(['latari', 'uthuk'], 'ex08');
  clearBoard(st);
  put(st, '3D', 0, 'archer', 3);
  put(st, '3D', 0, 'pegasus', 2);
  put(st, '3C', 0, 'warrior', 1);
  put(st, '4B', 1, 'fleshRipper', 2);
  put(st, '4B', 1, 'berserker', 3);
  put(st, '4B', 1, 'beastman', 3); // allied with the Uthuk (RW-NEUT-06)
  put(st, 'UYa', 1, 'warlock', 1);
  put(st, 'LEa', 0, 'sorceress', 1);
  // round 1: Archers 9 (S), 15 (D1), 1 (blank); Flesh Rippers 8 (R1), 18 (D1)
  // round 2: Pegasus 11 (D2), 19 (D1); Berserkers 25 (D1), 2 (blank); Beastmen 5 (R1), 17 (D1)
  fateOnTop(st, [9, 15, 1, 8, 18, 11, 19, 25, 2, 5, 17]);
  chooseAll(st, [3, 8]);
  return st;
}

describe('RW-EX-08, RW-EX-09: the rulebook battle', () => {
  it('RW-EX-08, RW-BATTLE-10, RW-BATTLE-11, RW-BATTLE-15, RW-ROUND-02, RW-ROUND-03, RW-ROUND-04, RW-ROUND-05, RW-ROUND-06, RW-ROUND-07, RW-ROUND-09, RW-ROUT-02, RW-DMG-01, RW-DMG-03, RW-DMG-04, RW-MOB-03, RW-MOVE-02, RW-MOVE-31, RW-CONQ-01: round 1', () => {
    const st = ex08();
    expect(top(st)).toMatchObject({ k: 'mob', seat: 0, n: 3 });
    attack(st, 0, '4B', [
      ['3D', 'archer', 3],
      ['3D', 'pegasus', 2],
    ]);
    // Both sides drew (each had one type of initiative 1); the Archers' special asks its target.
    expect(asked(st)).toEqual(['0:rw.battle.target']);
    expect(side(st, 0)).toEqual(['archer', 'archer', 'archer', 'pegasus', 'pegasus']);
    expect(units(st, '3D')).toEqual([]);
    act(st, 0, { type: 'target', u: u('berserker'), r: 0, d: 0 });
    // Routs: the Uthuk inflict 1; the Elves rout an undamaged standing unit of their choice.
    expect(asked(st)).toEqual(['0:rw.battle.rout']);
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'rout', u: u('archer'), d: 0 },
      { type: 'rout', u: u('pegasus'), d: 0 },
    ]);
    act(st, 0, { type: 'rout', u: u('archer'), d: 0 });
    // Damage: the defender assigns the attacker's first (RW-ROUND-09).
    expect(asked(st)).toEqual(['1:rw.battle.damage']);
    act(st, 1, { type: 'hit', u: u('fleshRipper'), r: 0, d: 0 });
    expect(asked(st)).toEqual(['0:rw.battle.damage']);
    act(st, 0, { type: 'hit', u: u('pegasus'), r: 0, d: 0 });
    expect(side(st, 0)).toEqual(['archer', 'archer', 'archerR', 'pegasus', 'pegasus:1']);
    expect(side(st, 1)).toEqual([
      'beastman',
      'beastman',
      'beastman',
      'berserker',
      'berserker',
      'fleshRipper',
    ]);
    // Round 2: the Elves' only type drew; the Uthuk choose among two (RW-DP-62).
    expect(asked(st)).toEqual(['1:rw.battle.draw']);
    expect(g.legalActions(st, 1)).toEqual([
      { type: 'draw', u: u('berserker') },
      { type: 'draw', u: u('beastman') },
    ]);
  });

  it('RW-EX-09, RW-ROUND-01, RW-ROUND-08, RW-ROUND-10, RW-ROUND-11, RW-ROUND-12, RW-DMG-02, RW-BATTLE-41, RW-BATTLE-50, RW-BATTLE-54, RW-BATTLE-55, RW-BATTLE-56, RW-RETREAT-01, RW-RETREAT-02, RW-RETREAT-05: round 2, the tally and the retreat', () => {
    const st = ex08();
    attack(st, 0, '4B', [
      ['3D', 'archer', 3],
      ['3D', 'pegasus', 2],
    ]);
    act(st, 0, { type: 'target', u: u('berserker'), r: 0, d: 0 });
    act(st, 0, { type: 'rout', u: u('archer'), d: 0 });
    act(st, 1, { type: 'hit', u: u('fleshRipper'), r: 0, d: 0 });
    act(st, 0, { type: 'hit', u: u('pegasus'), r: 0, d: 0 });
    act(st, 1, { type: 'draw', u: u('berserker') });
    // Damage 3 from the Pegasus Riders: the Uthuk put it on the two Berserkers and a Beastman.
    expect(asked(st)).toEqual(['1:rw.battle.damage']);
    act(st, 1, { type: 'hit', u: u('berserker'), r: 0, d: 0 });
    act(st, 1, { type: 'hit', u: u('berserker'), r: 0, d: 0 });
    act(st, 1, { type: 'hit', u: u('beastman'), r: 0, d: 0 });
    // The Berserkers' card still resolves (concurrent attack) and must go on the damaged Pegasus (forced).
    expect(side(st, 0)).toContain('pegasus:2');
    // Second sub-round: only the Beastmen (2) draw; the rout is the Elves' choice, the damage forced.
    expect(asked(st)).toEqual(['0:rw.battle.rout']);
    const log = act(st, 0, { type: 'rout', u: u('pegasus'), d: 0 });
    const tally = log.find((e) => e.key === 'rw.ev.tally')!;
    expect(tally.params).toMatchObject({ att: 2, dfn: 3, who: 1 });
    // Uthuk win; the Elves' four participating units retreat together, routed, to the friendly 3C.
    expect(units(st, '3C')).toEqual(['archerR×3', 'pegasusR×1', 'warrior×1']);
    expect(units(st, '4B')).toEqual(['beastman×2', 'fleshRipper×1']);
    expect(st.own[area('4B')]).toBe(1);
    expect(st.stack.some((f) => f.k === 'battle')).toBe(false);
    expect(st.decks.fateDiscard.length).toBe(11);
  });
});
