/**
 * A resigning player's allied neutral units (docs/games/runewars.md, R4): in a battle as outside it, they
 * stay in the game as unallied neutrals (RW-NEUT-10) where the rules let them stand — on the winning side
 * of a tallied battle they stand in the area; on the losing side they retreat as a beaten neutral side
 * does (RW-BATTLE-55, RW-RETREAT-03), those that did not take part being destroyed.
 */
import { describe, expect, it } from 'vitest';
import type { RwAction } from '@tabula/runewars';
import { board, checkInvariants, ctrl, fateOnTop, runewars as g, stronghold } from '@tabula/runewars';
import { RESIGN } from '@tabula/engine';
import { area, asked, battle, battleScenario, p, units } from './battle-helpers.js';
import { playDefaults } from './helpers.js';

const three = ['uthuk', 'latari', 'daqan'];
const neutralsAround = (st: Parameters<typeof units>[0], at: string) => {
  let n = 0;
  for (const a of board(st).adj[area(at)]!)
    for (const u of p.neutrals) n += st.us[a * p.U + u]! + st.ur[a * p.U + u]!;
  return n;
};

describe('a resigning player’s allies stay as unallied neutrals (R4)', () => {
  it('RW-NEUT-10, RW-BATTLE-55, RW-RETREAT-03: the defender resigns mid-battle: his allied neutrals that fight retreat, routed and unallied, to an adjacent uncontrolled area; his faction units leave', () => {
    const st = battleScenario(
      three,
      '4B',
      [
        [1, 'archer', 2],
        [1, 'beastman', 2],
      ],
      [['berserker', 3]],
      { orders: [2, 8, 8], seed: 'b', neutrals: 'auto' },
    );
    expect(battle(st).fu.filter((u, i) => u === p.neutrals[2] && battle(st).fs[i] === 1).length).toBe(2);
    const before = neutralsAround(st, '4B');
    const r = g.apply(st, 1, RESIGN as RwAction);
    expect(r).toEqual({ ok: true });
    playDefaults(st, (s) => !s.stack.some((f) => f.k === 'battle' || f.k === 'retreat'), 200);
    expect(checkInvariants(st)).toEqual([]);
    expect(ctrl(st, area('4B'))).toBe(0);
    expect(units(st, '4B').some((x) => x.startsWith('beastman'))).toBe(false);
    // The two beastmen stand (routed) beside it, unallied (or were destroyed only if no area could take them).
    expect(neutralsAround(st, '4B') - before).toBe(2);
    for (const a of board(st).adj[area('4B')]!)
      if (st.ur[a * p.U + p.neutrals[2]!]) expect(st.own[a]).toBe(-1);
  });

  it('RW-NEUT-10, RW-BATTLE-56: the attacker wins, then resigns at his stronghold question: his allied neutrals stand in the area, unallied', () => {
    const st = battleScenario(
      three,
      '4B',
      [[1, 'archer', 1]],
      [
        ['berserker', 6],
        ['beastman', 2],
      ],
      {
        before: (s) => {
          stronghold(s, '4B', 1, true);
          fateOnTop(s, [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
        },
      },
    );
    playDefaults(st, (x) => asked(x)[0] === '0:rw.battle.stronghold', 300);
    expect(asked(st)).toEqual(['0:rw.battle.stronghold']);
    expect(battle(st).won).toBe(0);
    const mine = battle(st).fu.filter((u, i) => u === p.neutrals[2] && battle(st).fs[i] === 0).length;
    expect(mine).toBeGreaterThan(0);
    expect(g.apply(st, 0, RESIGN as RwAction)).toEqual({ ok: true });
    playDefaults(st, (s) => !s.stack.some((f) => f.k === 'battle' || f.k === 'retreat'), 200);
    expect(checkInvariants(st)).toEqual([]);
    const a = area('4B');
    expect(st.own[a]).toBe(-1);
    expect(st.us[a * p.U + p.neutrals[2]!]! + st.ur[a * p.U + p.neutrals[2]!]!).toBe(mine);
    expect(units(st, '4B').every((x) => x.startsWith('beastman'))).toBe(true);
  });
});
