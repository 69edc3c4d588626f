/**
 * The record of a player's turn (the turn frame's `tg`, `tn`, `tk`, `tw`; turn-record.ts): what his diplomacy
 * and his battles did this turn, read by the Objectives with a "this turn" condition (G7, E2, E3, E5) and by
 * the Lord Commander of the Warriors' Guild (data.md §14, §15). Played battles and diplomacy, not set fields.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import type { RwState } from '@tabula/runewars';
import {
  attack,
  chooseAll,
  clearBoard,
  DEFAULT_PACK as p,
  fateOnTop,
  runewars as g,
  put,
  scenarioGame,
  stronghold,
} from '@tabula/runewars';
import { objectiveMet } from '../src/cards.js';
import { act, area, battleScenario, settle } from './battle-helpers.js';

/** Plays the timeout defaults while a battle, retreat or unit-limit check is pending, logging the events. */
function settleLog(st: RwState, log: GameEvent[]): void {
  for (
    let i = 0;
    i < 200 && st.stack.some((f) => f.k === 'battle' || f.k === 'retreat' || f.k === 'cull');
    i++
  ) {
    const pr = g.prompts(st)[0]!;
    const r = g.apply(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
    if (!r.ok) throw new Error(r.error.message);
  }
}

const obj = (id: string) => p.objectives.findIndex((o) => o.id === id);
const commander = p.titles.findIndex((t) => t.id === 'commander');

type Turn = Extract<RwState['stack'][number], { k: 'turn' }>;
const turnOf = (st: RwState, seat: number) =>
  st.stack.find((f): f is Turn => f.k === 'turn' && f.seat === seat) ?? null;

/** Uthuk (seat 0) attack 4B held by three standing beastmen and a routed giant, with eight berserkers. */
function beastBattle(log?: GameEvent[]): RwState {
  const st = battleScenario(
    ['uthuk', 'latari'],
    '4B',
    [
      [-1, 'beastman', 3],
      [-1, 'giant', 1, true],
    ],
    [['berserker', 8]],
    { seed: 'turn-beasts', log },
  );
  return settle(st);
}

describe('the turn record: Objectives with a "this turn" condition', () => {
  it('RW-OBJ-03, RW-OBJ-05, RW-BATTLE-55: E2 and E3 — he won a battle against three unallied neutral units, a Giant destroyed in it (routed before it: RW-BATTLE-55)', () => {
    const st = beastBattle();
    expect(st.own[area('4B')]).toBe(0); // he won
    const t = turnOf(st, 0)!;
    expect(t).not.toBeNull();
    expect(t.tn).toBe(3);
    expect(objectiveMet(st, 0, obj('E2'))).toBe(true);
    expect(objectiveMet(st, 0, obj('E3'))).toBe(true);
    expect(objectiveMet(st, 0, obj('E5'))).toBe(false); // no stronghold there
    // Not his turn: the other seat's record is empty.
    expect(objectiveMet(st, 1, obj('E2'))).toBe(false);
  });

  it('RW-OBJ-03: the record is the turn’s: a new turn starts empty', () => {
    const st = beastBattle();
    const t = turnOf(st, 0)!;
    st.stack.splice(st.stack.indexOf(t), 1, {
      k: 'turn',
      seat: 0,
      step: 4,
      bat: 0,
      tg: 0,
      tn: 0,
      tk: 0,
      tw: 0,
    });
    expect(objectiveMet(st, 0, obj('E2'))).toBe(false);
    expect(objectiveMet(st, 0, obj('E3'))).toBe(false);
  });

  it('RW-OBJ-03, RW-BATTLE-51: E5 — he won as attacker in an area with an enemy stronghold; the Lord Commander (≥3 enemy units destroyed) receives a dragon rune once a year', () => {
    const log: GameEvent[] = [];
    const st = battleScenario(
      ['uthuk', 'latari'],
      '4B',
      [
        [1, 'archer', 3, true],
        [1, 'archer', 1],
      ],
      [['berserker', 8]],
      {
        seed: 'turn-walls',
        log,
        before: (s) => {
          stronghold(s, '4B', 1);
          s.titles[commander] = 0;
        },
      },
    );
    settleLog(st, log);
    expect(st.own[area('4B')]).toBe(0);
    expect(objectiveMet(st, 0, obj('E5'))).toBe(true);
    expect(log.map((e) => e.key)).toContain('rw.ev.commanderRune');
    expect(st.cmd).toBe(st.year);
    expect(st.stack.some((f) => f.k === 'receive' && f.seat === 0)).toBe(true);
  });

  it('RW-TITLE-03: the Lord Commander receives nothing a second time in the same year, nor without the Title', () => {
    for (const [holder, year] of [
      [0, true],
      [1, false],
    ] as const) {
      const log: GameEvent[] = [];
      const st = battleScenario(
        ['uthuk', 'latari'],
        '4B',
        [
          [1, 'archer', 3, true],
          [1, 'archer', 1],
        ],
        [['berserker', 8]],
        {
          seed: 'turn-walls',
          log,
          before: (s) => {
            s.titles[commander] = holder;
            if (year) s.cmd = s.year;
          },
        },
      );
      settleLog(st, log);
      expect(st.own[area('4B')]).toBe(0);
      expect(log.map((e) => e.key)).not.toContain('rw.ev.commanderRune');
      expect(st.stack.some((f) => f.k === 'receive')).toBe(false);
    }
  });
});

describe('G7: gold diplomacy this turn', () => {
  /** Two Latari Archers in 3D and `n` unallied Sorcerers in 3B; Conquer into 3B; diplomacy with a gold card. */
  function gold(n: number): RwState {
    const st = scenarioGame(['latari', 'uthuk'], 'turn-gold');
    clearBoard(st);
    put(st, 'LEa', 0, 'sorceress', 1);
    put(st, 'UYa', 1, 'berserker', 1);
    put(st, '3D', 0, 'archer', 2);
    put(st, '3B', -1, 'sorcerer', n);
    st.p[0]!.inf = 5;
    fateOnTop(st, [5]); // gold
    chooseAll(st, [3, 8]);
    attack(st, 0, '3B', [['3D', 'archer', 2]]);
    act(st, 0, { type: 'diplomacy', spend: 1 });
    return st;
  }

  it('RW-DIPLO-06, RW-OBJ-03, RW-OBJ-05: three neutral units allied by a gold result this turn meet G7; two do not', () => {
    const st = gold(3);
    expect(st.own[area('3B')]).toBe(0);
    expect(turnOf(st, 0)!.tg).toBe(3);
    expect(objectiveMet(st, 0, obj('G7'))).toBe(true);
    const st2 = gold(2);
    expect(st2.own[area('3B')]).toBe(0);
    expect(objectiveMet(st2, 0, obj('G7'))).toBe(false);
  });
});
