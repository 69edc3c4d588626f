/** M2 battles: the rulebook's battle examples (RW-EX-08..10) and the tricky scenarios (RW-EX-30..34, 40, 42) with scripted Fate decks. */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  attack,
  board,
  chooseAll,
  clearBoard,
  ctrl,
  DEFAULT_PACK,
  DEFAULT_PACK_JSON,
  fateOnTop,
  put,
  runewars as g,
  scenarioGame,
  stronghold,
} from '@tabula/runewars';
import { act, area, asked, battleScenario, side, top, u, units } from './battle-helpers.js';
import { rejects } from './helpers.js';

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
    expect(units(st, '4B')).toEqual(['fleshRipper×1', 'beastman×2']);
    expect(st.own[area('4B')]).toBe(1);
    expect(st.stack.some((f) => f.k === 'battle')).toBe(false);
    expect(st.decks.fateDiscard.length).toBe(11);
  });
});

describe('RW-EX-10, RW-EX-30..34: damage, excess, concurrency, routs, strongholds, hexagons', () => {
  it('RW-EX-10, RW-DMG-02, RW-DMG-03, RW-DMG-04, RW-DP-66: damage goes first to the damaged Warrior, then to a standing unit of his choice', () => {
    const st = battleScenario(
      ['uthuk', 'latari'],
      '4B',
      [
        [1, 'warrior', 1],
        [1, 'archer', 2],
        [1, 'sorceress', 1],
      ],
      [['berserker', 2]],
      {
        before: (s) => fateOnTop(s, [1, 2, 25, 26]), // the Archers miss; the Berserkers deal 2
        frame: (f) => (f.fd[f.fu.indexOf(u('warrior'))] = 1),
      },
    );
    // The first token had one legal place, the damaged Warrior (destroyed); the second is the Elves' choice.
    expect(asked(st)).toEqual(['1:rw.battle.damage']);
    expect(side(st, 1)).toEqual(['archer', 'archer', 'sorceress']);
    expect(g.legalActions(st, 1)).toEqual([
      { type: 'hit', u: u('archer'), r: 0, d: 0 },
      { type: 'hit', u: u('sorceress'), r: 0, d: 0 },
    ]);
    rejects(st, 1, { type: 'hit', u: u('warrior'), r: 0, d: 1 }, 'RW-DMG-02', 'damageOrder');
    expect(g.defaultAction(st, 1)).toEqual({ type: 'hit', u: u('archer'), r: 0, d: 0 });
  });

  function ex30(f4A: number) {
    const st = scenarioGame(['daqan', 'uthuk'], 'ex30');
    clearBoard(st);
    put(st, '3D', 0, 'footman', 8);
    put(st, '3C', 0, 'footman', 3);
    put(st, '4A', 0, 'footman', f4A);
    put(st, '4B', 1, 'berserker', 2);
    put(st, 'UYa', 1, 'warlock', 1);
    // Berserkers: 5 (R1), 15 (D1); then 9 Footmen: 16, 25 (D1) and blanks
    fateOnTop(st, [5, 15, 16, 25, 1, 2, 3, 4, 11, 12, 13]);
    chooseAll(st, [2, 8]);
    attack(st, 0, '4B', [
      ['3D', 'footman', 8],
      ['3C', 'footman', 3],
    ]);
    return st;
  }

  it('RW-EX-30, RW-LIMIT-02, RW-BATTLE-56, RW-RETREAT-02, RW-RETREAT-07, RW-RETREAT-10, RW-DP-71, RW-ROUT-01: 11 attack, 10 survive, 2 retreat to the friendly area', () => {
    const st = ex30(6);
    // 10 survivors (one routed) back in 4B: two must leave, his choice of which.
    expect(asked(st)).toEqual(['0:rw.battle.excess']);
    expect(units(st, '4B')).toEqual(['footman×9', 'footmanR×1']);
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'leave', u: u('footman'), r: 0 },
      { type: 'leave', u: u('footman'), r: 1 },
    ]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'leave', u: u('footman'), r: 1 }); // routed first
    act(st, 0, { type: 'leave', u: u('footman'), r: 1 });
    act(st, 0, { type: 'leave', u: u('footman'), r: 0 });
    // The friendly 4A beats the empty areas (forced): 6 + 2 = 8, no destruction.
    expect(units(st, '4A')).toEqual(['footman×6', 'footmanR×2']);
    expect(units(st, '4B')).toEqual(['footman×8']);
    expect(top(st).k).not.toBe('cull');
  });

  it('RW-EX-30 (variant), RW-RETREAT-07, RW-LIMIT-03: with 7 there, 9 after the retreat: he destroys one', () => {
    const st = ex30(7);
    act(st, 0, { type: 'leave', u: u('footman'), r: 1 });
    act(st, 0, { type: 'leave', u: u('footman'), r: 0 });
    expect(asked(st)).toEqual(['0:rw.cull']);
    expect(units(st, '4A')).toEqual(['footman×7', 'footmanR×2']);
    act(st, 0, { type: 'destroy', area: area('4A'), u: u('footman'), routed: true });
    act(st, 0, { type: 'done' });
    expect(units(st, '4A')).toEqual(['footman×7', 'footmanR×1']);
  });

  it('RW-EX-31, RW-ROUND-10, RW-ROUND-11, RW-ROUND-12, RW-ROUND-14, RW-ROUND-18: drawn cards resolve though their units fall; a type destroyed before drawing never draws', () => {
    // Assume (RW-EX-31): Daqan Bowmen of initiative 3 beside the Footmen; Uthuk Warlocks defend.
    const factions = JSON.parse(JSON.stringify(DEFAULT_PACK_JSON.factions)) as {
      factions: { units: { id: string; initiative: number }[] }[];
    };
    factions.factions[0]!.units.find((x) => x.id === 'bowman')!.initiative = 3;
    const run = (onBowmen: boolean) => {
      const st = battleScenario(
        ['daqan', 'uthuk'],
        '4B',
        [[1, 'warlock', 2]],
        [
          ['footman', 3],
          ['bowman', 2],
        ],
        {
          data: { factions },
          // Footmen 16, 17 (D1), 1; Warlocks 5, 6 (circle D1); then the Bowmen if any stand: 2, 3
          before: (s) => fateOnTop(s, [16, 17, 1, 5, 6, 2, 3]),
        },
      );
      // Sub-round 1: the attacker picks his type (two of initiative 3).
      expect(asked(st)).toEqual(['0:rw.battle.draw']);
      act(st, 0, { type: 'draw', u: u('footman') });
      // His 2 damage destroy both Warlocks (forced); their 2 damage still come (concurrent attack).
      expect(side(st, 1)).toEqual([]);
      expect(asked(st)).toEqual(['0:rw.battle.damage']);
      const x = onBowmen ? 'bowman' : 'footman';
      act(st, 0, { type: 'hit', u: u(x), r: 0, d: 0 });
      const log = act(st, 0, { type: 'hit', u: u(x), r: 0, d: 0 });
      return { st, log };
    };
    const a = run(true);
    // The Bowmen fell before drawing: no second sub-round; the Warlocks never draw again.
    expect(a.log.filter((e) => e.key === 'rw.ev.fateDrawn')).toHaveLength(0);
    expect(a.log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 3, dfn: 0 });
    const b = run(false);
    // Damage on the Footmen instead: the Bowmen draw in a second sub-round.
    const drawn = b.log.filter((e) => e.key === 'rw.ev.fateDrawn');
    expect(drawn.map((e) => e.params)).toEqual([{ who: 0, n: 2, u: u('bowman') }]);
  });

  it('RW-EX-32, RW-ROUT-02, RW-ROUT-04, RW-DMG-02, RW-DMG-03, RW-DP-65: everyone hurt: the rout takes a damaged standing unit; damage only damaged units', () => {
    const st = battleScenario(
      ['uthuk', 'daqan'],
      '4B',
      [
        [1, 'knight', 1],
        [1, 'siege', 1],
        [1, 'footman', 1],
      ],
      [['berserker', 1]],
      {
        frame: (f) => {
          // X = Knight (health 2, 1 damage), Y = Siege Engine (health 3, 1 damage), Z = Footman routed.
          f.fd[f.fu.indexOf(u('knight'))] = 1;
          f.fd[f.fu.indexOf(u('siege'))] = 1;
          f.fr[f.fu.indexOf(u('footman'))] = 1;
          f.init = 5;
          f.dw.push(256 + u('siege'), u('berserker'));
          f.step = 5; // the rout step, one rout then two damage
          f.rev = 2;
          f.q.push(2, 1, 1, 0, 1, 1, 2, 0);
        },
      },
    );
    expect(asked(st)).toEqual(['1:rw.battle.rout']);
    expect(g.legalActions(st, 1)).toEqual([
      { type: 'rout', u: u('knight'), d: 1 },
      { type: 'rout', u: u('siege'), d: 1 },
    ]);
    act(st, 1, { type: 'rout', u: u('siege'), d: 1 });
    // Both damage tokens must go to damaged units (X or the routed Y); Z is untouched.
    expect(g.legalActions(st, 1)).toEqual([
      { type: 'hit', u: u('knight'), r: 0, d: 1 },
      { type: 'hit', u: u('siege'), r: 1, d: 1 },
    ]);
    const log = act(st, 1, { type: 'hit', u: u('knight'), r: 0, d: 1 });
    // The Knight is destroyed; the second token has one place left, the damaged routed Siege Engine.
    const hits = log.filter((e) => e.key === 'rw.ev.killed' || e.key === 'rw.ev.damaged');
    expect(hits.map((e) => [e.key, e.params!.u])).toEqual([
      ['rw.ev.killed', u('knight')],
      ['rw.ev.damaged', u('siege')],
    ]);
  });

  function ex33(walls: boolean) {
    let home: number[] = [];
    const st = battleScenario(['waiqar', 'daqan'], '4B', [[1, 'footman', 2]], [['reanimate', 3]], {
      before: (s) => {
        stronghold(s, '4B', 1, true, 3); // damaged, Reinforced Walls
        home = DEFAULT_PACK.factions[s.fac[0]!]!.home;
        stronghold(s, DEFAULT_PACK.areas[home[0]!]!.id, 0);
        for (const id of ['1A', '1B', '2C']) stronghold(s, id, 0);
        fateOnTop(s, [1, 2, 3, 4, 11]); // nobody is hurt
      },
    });
    expect(asked(st)).toEqual(['1:rw.battle.fortification']);
    act(st, 1, { type: 'use', use: walls });
    expect(asked(st)).toEqual(['0:rw.battle.conquer']);
    const log = act(st, 0, { type: 'supremacy', use: true });
    return { st, log };
  }

  it('RW-EX-33, RW-CONQ-02, RW-CONQ-03, RW-DEV-07, RW-DEV-11, RW-DEV-14, RW-BATTLE-40, RW-BATTLE-42, RW-BATTLE-43, RW-BATTLE-53, RW-STRONG-04, RW-DP-68: Reinforced Walls decide; the stronghold stays damaged', () => {
    const { st, log } = ex33(true);
    expect(log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 3, dfn: 4, who: 1 });
    expect([st.sh[area('4B')], st.shd[area('4B')], st.dev[area('4B')]]).toEqual([1, 1, 3]);
    expect(asked(st)).toEqual(['0:rw.retreat']); // the Waiqar retreat: several empty areas
  });

  it('RW-EX-33 (variant), RW-BATTLE-51, RW-BATTLE-52, RW-DEV-13, RW-STRONG-05, RW-STRONG-07, RW-CLIMIT-05, RW-DP-69: without the Walls the Waiqar take it and move a stronghold here, damaged', () => {
    const { st, log } = ex33(false);
    expect(log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 3, dfn: 2, who: 0 });
    expect([st.sh[area('4B')], st.dev[area('4B')]]).toEqual([-1, -1]);
    expect(asked(st)).toEqual(['0:rw.battle.stronghold']);
    const legal = g.legalActions(st, 0);
    expect(legal[0]).toEqual({ type: 'pass' });
    expect(legal).toContainEqual({ type: 'stronghold', area: area('4B'), from: area('1A') });
    expect(legal).toHaveLength(5); // pass, or move one of his four strongholds
    expect(g.defaultAction(st, 0)).toEqual({ type: 'pass' }); // never destroys another
    act(st, 0, { type: 'stronghold', area: area('4B'), from: area('1A') });
    expect([st.sh[area('4B')], st.shd[area('4B')], st.sh[area('1A')]]).toEqual([0, 1, -1]);
  });

  it('RW-EX-34, RW-BATTLE-12, RW-BATTLE-41, RW-BATTLE-44, RW-BATTLE-55, RW-SHAPE-05: a hexagon routed in battle counts, one routed before does not and is destroyed', () => {
    const st = battleScenario(
      ['uthuk', 'daqan'],
      '4B',
      [
        [1, 'siege', 1, true],
        [1, 'siege', 1],
        [1, 'footman', 1],
      ],
      [['berserker', 3]],
      {
        before: (s) => {
          put(s, '4A', 1, 'footman', 1);
          fateOnTop(s, [5, 1, 2, 3]); // the Berserkers rout 1; the Footman misses
        },
      },
    );
    expect(side(st, 1)).toEqual(['footman', 'siege']); // the routed Siege Engine does not take part
    expect(asked(st)).toEqual(['1:rw.battle.rout']);
    const log = act(st, 1, { type: 'rout', u: u('siege'), d: 0 });
    expect(log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 3, dfn: 2, who: 0 });
    expect(units(st, '4A')).toEqual(['footman×1', 'footmanR×1', 'siegeR×1']);
    expect(units(st, '4B')).toEqual(['berserker×3']);
  });
});

describe('RW-EX-40, RW-EX-42: elimination and mixed retreats', () => {
  it('RW-EX-40, RW-TERM-05, RW-ELIM-01, RW-ELIM-04, RW-ELIM-05, RW-VICT-17, RW-RETREAT-02, RW-BATTLE-58: no retreat, no area left: eliminated, and the last player wins', () => {
    const st = scenarioGame(['daqan', 'uthuk'], 'ex40');
    clearBoard(st);
    const home = DEFAULT_PACK.factions[st.fac[1]!]!.home.map((a) => DEFAULT_PACK.areas[a]!.id);
    put(st, home[0]!, 0, 'footman', 4);
    put(st, home[1]!, 0, 'footman', 1);
    put(st, home[2]!, 1, 'berserker', 1);
    for (const a of board(st).adj[area(home[2]!)]!)
      if (!home.includes(DEFAULT_PACK.areas[a]!.id)) put(st, DEFAULT_PACK.areas[a]!.id, -1, 'beastman', 1);
    expect(ctrl(st, area(home[0]!))).toBe(0); // enemy units in a home area take its control (RW-TERM-05)
    fateOnTop(st, [1, 2, 3, 4]);
    chooseAll(st, [2, 8]);
    const log: GameEvent[] = [];
    attack(st, 0, home[2]!, [[home[0]!, 'footman', 3]], log);
    expect(log.map((e) => e.key)).toContain('rw.ev.retreatNowhere');
    expect(log.map((e) => e.key)).toContain('rw.ev.eliminated');
    expect(st.p[1]!.out).toBe(1);
    expect(st.over).toMatchObject({ winners: [0], reason: 'elimination' });
    expect(g.prompts(st)).toEqual([]);
  });

  it('RW-EX-42, RW-RETREAT-06, RW-RETREAT-09, RW-NEUT-24, RW-MOVE-11: flyers reach the friendly area behind the mountain; the others are destroyed', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'ex42');
    clearBoard(st);
    put(st, '6A', 0, 'pegasus', 2);
    put(st, '6A', 0, 'warrior', 1);
    put(st, '5A', 0, 'archer', 2);
    put(st, '2B', -1, 'beastman', 5);
    for (const id of ['2A', '1C', '2C', '5B']) put(st, id, -1, 'razorwing', 1);
    fateOnTop(st, [1, 2, 5, 6, 3, 4, 11, 12, 13]); // everyone misses: 4 against 5
    chooseAll(st, [3, 8]);
    const log: GameEvent[] = [];
    attack(
      st,
      0,
      '2B',
      [
        ['6A', 'pegasus', 2],
        ['5A', 'archer', 2],
      ],
      log,
    );
    expect(log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 4, dfn: 5, who: -1 });
    // 6A (friendly, across the mountain) beats the empty 5A: the flyers go, the Archers are lost.
    expect(units(st, '6A')).toEqual(['pegasusR×2', 'warrior×1']);
    expect(units(st, '5A')).toEqual([]);
    expect(log.find((e) => e.key === 'rw.ev.retreated')!.params).toMatchObject({ n: 2, lost: 2 });
    expect(units(st, '2B')).toEqual(['beastman×5']);
  });
});
