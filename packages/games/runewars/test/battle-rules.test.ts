/** M2 rules cited one by one beyond the worked examples: control during and after a battle, lost routs and damage, the neutral cap, runes and what they show. */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  attack,
  chooseAll,
  clearBoard,
  ctrl,
  DEFAULT_PACK,
  dragonRunes,
  fateOnTop,
  put,
  runewars as g,
  scenarioGame,
} from '@tabula/runewars';
import {
  act,
  area,
  asked,
  battleScenario,
  hits,
  settle,
  specialScenario,
  u,
  units,
} from './battle-helpers.js';
import { scoreGame } from '../src/end.js';

const p = DEFAULT_PACK;

describe('control, sequence and what is lost', () => {
  it('RW-BATTLE-03, RW-TERM-11, RW-BATTLE-16, RW-BATTLE-17, RW-ACT-09, RW-RETREAT-08: the defender controls the area throughout; tally, then resolution; the loser leaves his activated area by retreat only', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'ctl');
    clearBoard(st);
    put(st, '3D', 0, 'archer', 2);
    put(st, '3C', 0, 'warrior', 1);
    put(st, '4B', 1, 'berserker', 2);
    put(st, 'UYa', 1, 'warlock', 1);
    fateOnTop(st, [1, 2, 5, 3]); // the Archers miss; the Berserkers rout one
    chooseAll(st, [3, 8]);
    const log: GameEvent[] = [];
    attack(st, 0, '4B', [['3D', 'archer', 2]], log);
    const keys = log.map((e) => e.key);
    expect(keys.indexOf('rw.ev.tally')).toBeGreaterThan(keys.indexOf('rw.ev.fateDrawn'));
    expect(keys.indexOf('rw.ev.battleLost')).toBeGreaterThan(keys.indexOf('rw.ev.tally'));
    expect(st.act[area('4B')]! & 1).toBe(1); // the token stays (RW-ACT-09)
    expect(units(st, '3C')).toEqual(['archerR×2', 'warrior×1']);
    // During a battle (stopped at a decision), the defender still controls the contested area.
    const b = battleScenario(
      ['uthuk', 'latari'],
      '4B',
      [
        [1, 'archer', 2],
        [1, 'warrior', 1],
      ],
      [['berserker', 2]],
      {
        before: (s) => fateOnTop(s, [1, 2, 25, 26]),
      },
    );
    expect(asked(b)).toEqual(['1:rw.battle.damage']);
    expect(b.us.slice(area('4B') * p.U, area('4B') * p.U + p.U).every((x) => x === 0)).toBe(true);
    expect(ctrl(b, area('4B'))).toBe(1);
  });

  it('RW-BATTLE-50, RW-BATTLE-57: a side with no units left may still win; the area then follows its units and strongholds', () => {
    const log: GameEvent[] = [];
    const st = specialScenario(['daqan', 'uthuk'], [['siege', 1]], [[1, 'berserker', 1]], 0, 'siege', {
      log,
      frame: (f, s) => {
        f.fd[f.fu.indexOf(u('siege'))] = 2; // one more damage destroys it
        f.ty[1] = u('berserker');
        f.cs[1] = [14]; // card 15: the Berserker deals 1
        f.kx[1] = 1;
        s.decks.fate = s.decks.fate.filter((c) => c !== 14);
      },
    });
    expect(hits(log)).toContain('killed siege');
    expect(log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 2, dfn: 1, who: 0 });
    expect(units(st, '4B')).toEqual([]);
    expect(ctrl(st, area('4B'))).toBe(-1);
  });

  it('RW-ROUT-03, RW-DMG-06: routs with no standing unit to take them, and damage beyond the units, are lost', () => {
    const log: GameEvent[] = [];
    specialScenario(['uthuk', 'latari'], [['berserker', 1]], [[1, 'archer', 1]], 0, 'berserker', {
      log,
      frame: (f) => {
        f.sp[0] = 0; // no Fury: only routs and damage
        f.fr[f.fu.indexOf(u('archer'))] = 1;
        f.q.push(2, 1, 2, 0, 1, 1, 3, 0); // 2 routs, 3 damage to the Latari
      },
    });
    expect(hits(log)).toEqual(['killed archer']);
    expect(log.filter((e) => e.key === 'rw.ev.routed')).toEqual([]);
  });

  it('RW-DMG-07, RW-BATTLE-54: damage does not outlast a battle', () => {
    // The Knight (health 2) defends and survives with 1 damage; the next battle finds it undamaged.
    const st = battleScenario(['uthuk', 'daqan'], '4B', [[1, 'knight', 1]], [['berserker', 1]], {
      before: (s) => fateOnTop(s, [15, 1]),
    });
    settle(st);
    expect(units(st, '4B')).toEqual(['knight×1']);
    expect(st.stack.some((f) => f.k === 'battle')).toBe(false);
    const again = battleScenario(['uthuk', 'daqan'], '4B', [[1, 'knight', 1]], [['berserker', 1]], {
      frame: (f) => expect(f.fd).toEqual([0, 0]),
    });
    void again;
  });

  it('RW-LIMIT-07, RW-NEUT-23: neutral units retreating into more than 8 neutrals: the left player returns the excess', () => {
    const st = battleScenario(['latari', 'uthuk'], '2B', [[-1, 'beastman', 1]], [['archer', 3]], {
      before: (s) => {
        for (const id of ['2A', '1C', '2C', '6A', '5B', '5A']) put(s, id, 0, 'warrior', 1);
        clearArea(s, '2C');
        put(s, '2C', -1, 'razorwing', 8);
        fateOnTop(s, [1, 2, 3, 4]);
      },
    });
    // The only uncontrolled neighbour is 2C (8 Razorwings): the Beastman goes there, then 9 > 8.
    expect(asked(st)).toEqual(['1:rw.cull']);
    expect(g.legalActions(st, 1)).toEqual([
      { type: 'destroy', area: area('2C'), u: u('razorwing') },
      { type: 'destroy', area: area('2C'), u: u('beastman'), routed: true },
    ]);
    act(st, 1, { type: 'destroy', area: area('2C'), u: u('beastman'), routed: true });
    expect(units(st, '2C')).toEqual(['razorwing×8']);
  });
});

function clearArea(st: ReturnType<typeof scenarioGame>, id: string): void {
  const a = area(id);
  st.us.fill(0, a * p.U, a * p.U + p.U);
  st.ur.fill(0, a * p.U, a * p.U + p.U);
  st.own[a] = -1;
}

describe('rune tokens and what each seat sees', () => {
  it('RW-RUNE-01, RW-RUNE-02, RW-RUNE-04, RW-GEN-06, RW-RUNE-20, RW-RUNE-22, RW-RUNE-24, RW-INFO-01, RW-INFO-09: the dragon runes a player controls; he sees the tokens of his areas, the others only where they lie', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'runes');
    clearBoard(st);
    const a = area('2C');
    st.rk[a] = 1;
    st.rh[a] = 777777;
    st.runePile[0]!--;
    put(st, 'UYa', 1, 'berserker', 1);
    put(st, '3D', 0, 'archer', 2);
    fateOnTop(st, [1, 2]);
    chooseAll(st, [3, 8]);
    const before = dragonRunes(st, 0);
    attack(st, 0, '2C', [['3D', 'archer', 2]]);
    expect(dragonRunes(st, 0)).toBe(before + 1);
    expect(g.view(st, 0).rk[a]).toBe(1);
    expect(g.view(st, 1).rk[a]).toBe(-2);
    expect(g.view(st, -1).rk[a]).toBe(-2);
    expect(g.view(st, 1).rh[a]).toBe(777777);
  });

  it('RW-RUNE-23, RW-RUNE-32, RW-RUNE-03, RW-INFO-02: a token revealed stays face up when its area changes hands; influence is public; one token per area', () => {
    const st = battleScenario(['latari', 'uthuk'], '4B', [[1, 'berserker', 1]], [['archer', 3]], {
      before: (s) => {
        const a = area('4B');
        s.rk[a] = 1;
        s.rh[a] = 555555;
        s.rup[a] = 1;
        s.runePile[0]!--;
        fateOnTop(s, [1, 2, 3, 4]);
      },
    });
    settle(st);
    expect(ctrl(st, area('4B'))).toBe(0);
    expect([st.rup[area('4B')], g.view(st, 1).rk[area('4B')]]).toEqual([1, 1]);
    expect(g.view(st, 1).players[0]!.inf).toBe(st.p[0]!.inf);
    for (let a = 0; a < st.rk.length; a++) expect(st.rk[a]! >= -1 && st.rk[a]! <= 1).toBe(true);
  });

  it('RW-VICT-16, RW-VICT-15, RW-POWER-04: influence on Titles is not counted for the final tie-break', () => {
    const st = scenarioGame(['daqan', 'latari'], 'tie');
    for (let a = 0; a < st.rk.length; a++)
      if (st.rk[a] === 1) {
        st.rk[a] = 0;
        st.runePile[0]!++;
        st.runePile[1]!--;
      }
    st.p[0]!.inf = 3;
    st.titles[0] = 0;
    st.titleInf[0] = 9; // spent: not his
    st.p[1]!.inf = 4;
    scoreGame(st, undefined);
    expect(st.score).toEqual([0, 0]);
    expect(st.over!.winners).toEqual([1]);
    // Influence tied too (RW-VICT-15's second step): the highest starting influence wins, Latari (4) over
    // Daqan (3), whatever the seat.
    for (const [daqan, latari] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const t = scenarioGame(daqan === 0 ? ['daqan', 'latari'] : ['latari', 'daqan'], 'tie2');
      for (let a = 0; a < t.rk.length; a++)
        if (t.rk[a] === 1) {
          t.rk[a] = 0;
          t.runePile[0]!++;
          t.runePile[1]!--;
        }
      t.p[0]!.inf = t.p[1]!.inf = 3;
      expect(p.factions[t.fac[latari]!]!.influence).toBeGreaterThan(p.factions[t.fac[daqan]!]!.influence);
      scoreGame(t, undefined);
      expect(t.over!.winners).toEqual([latari]);
    }
  });

  it('RW-CLIMIT-08: with the Fate deck and its discard both empty, a draw yields nothing', () => {
    const log: GameEvent[] = [];
    battleScenario(['uthuk', 'latari'], '4B', [[1, 'archer', 1]], [['berserker', 2]], {
      log,
      before: (s) => {
        s.decks.fate = [];
        s.decks.fateDiscard = [];
      },
    });
    expect(log.filter((e) => e.key === 'rw.ev.fateDrawn').map((e) => e.params!.n)).toEqual([0, 0]);
  });
});
