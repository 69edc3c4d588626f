/**
 * M3: diplomacy (RW-DIPLO-*, RW-DP-45..48, RW-MOB-08..10, RW-LIMIT-04) with the rulebook's example RW-EX-07
 * and the Mobilize note RW-EX-21; allied neutral units and their lifecycle (RW-NEUT-06..18, RW-STRAT-09,
 * RW-RETREAT-14) with RW-EX-41; Rally Support's neutral units (RW-RALLY-02/06). Scripted Fate decks on the
 * two-player preset board (Latari seat 0, Uthuk seat 1).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  attack,
  chooseAll,
  clearBoard,
  ctrl,
  DEFAULT_PACK,
  fateOnTop,
  put,
  runewars as g,
  scenarioGame,
  stronghold,
  unitsOf,
} from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { act, area, asked, battle, battleScenario, settle, side, top, u, units } from './battle-helpers.js';
import { rejects } from './helpers.js';
import { placeNeutrals } from '../src/common.js';

const p = DEFAULT_PACK;
const fateId = (c: number) => p.fate[c]!.id;
const fateIndex = (id: number) => p.fate.findIndex((c) => c.id === id);
const keys = (log: GameEvent[]) => log.map((e) => e.key);

/**
 * Latari (seat 0) and Uthuk (seat 1) on a cleared board (a Sorceress in LEa, a Berserker in UYa), `setup`
 * applied, then the Orders chosen (seat 0 Conquer by default, seat 1 Fortify).
 */
function game(setup: (st: RwState) => void, orders = [3, 8], seed = 'm3', opts = {}): RwState {
  const st = scenarioGame(['latari', 'uthuk'], seed, opts);
  clearBoard(st);
  put(st, 'LEa', 0, 'sorceress', 1);
  put(st, 'UYa', 1, 'berserker', 1);
  setup(st);
  chooseAll(st, orders);
  return st;
}

/** Two Latari Archers in 3D, two unallied Sorcerers in 3B, 5 influence: RW-EX-07's board. */
function ex07(fate: number[], opts = {}): RwState {
  const st = game(
    (s) => {
      put(s, '3D', 0, 'archer', 2);
      put(s, '3B', -1, 'sorcerer', 2);
      s.p[0]!.inf = 5;
      fateOnTop(s, fate);
    },
    [3, 8],
    'm3',
    opts,
  );
  attack(st, 0, '3B', [['3D', 'archer', 2]]);
  return st;
}

describe('diplomacy', () => {
  it('RW-EX-07, RW-DIPLO-01, RW-DIPLO-03, RW-DIPLO-04, RW-DIPLO-05, RW-DIPLO-06, RW-DIPLO-09, RW-NEUT-06, RW-DP-45, RW-DP-46, RW-INFO-11: spend 3, draw 3, resolve gold: the neutral units join the Elves', () => {
    const st = ex07([1, 5, 2]); // red, gold, red
    // RW-DIPLO-01, RW-DP-45: battle, or diplomacy spending 1 to 6 influence (he has 5).
    expect(top(st)).toMatchObject({ k: 'diplo', seat: 0, step: 0 });
    expect(asked(st)).toEqual(['0:rw.diplomacy']);
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'fight' },
      ...[1, 2, 3, 4, 5].map((spend) => ({ type: 'diplomacy', spend })),
    ]);
    // While diplomacy is attempted the neutrals are not his allies; his units are not on the board.
    expect(units(st, '3B')).toEqual(['sorcerer×2']);
    expect(st.own[area('3B')]).toBe(-1);
    const log = act(st, 0, { type: 'diplomacy', spend: 3 });
    expect(st.p[0]!.inf).toBe(2);
    expect(keys(log)).toContain('rw.ev.diplomacyDrawn');
    // RW-DIPLO-04: three cards at once, seen by the drawer only until he chooses (RW-INFO-11).
    const f = top(st) as Extract<RwState['stack'][number], { k: 'diplo' }>;
    expect(f.cs.map(fateId)).toEqual([1, 5, 2]);
    const mine = g.view(st, 0).stack.at(-1) as typeof f;
    const theirs = g.view(st, 1).stack.at(-1) as typeof f;
    expect(mine.cs.map(fateId)).toEqual([1, 5, 2]);
    expect(theirs.cs).toEqual([-1, -1, -1]);
    expect(log.find((e) => e.key === 'rw.ev.fateDrawnOwn')!.to).toEqual([0]);
    // RW-DIPLO-05, RW-DP-46: one card of each destiny is offered (cards of one destiny resolve alike).
    expect(asked(st)).toEqual(['0:rw.diplomacy.card']);
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'fate', card: fateIndex(1) },
      { type: 'fate', card: fateIndex(5) },
    ]);
    const discard = st.decks.fateDiscard.length;
    const log2 = act(st, 0, { type: 'fate', card: fateIndex(5) });
    // RW-DIPLO-06: both neutral units are now allied; the Elf units stay.
    expect(units(st, '3B')).toEqual(['archer×2', 'sorcerer×2']);
    expect(st.own[area('3B')]).toBe(0);
    expect(ctrl(st, area('3B'))).toBe(0);
    expect(unitsOf(st, area('3B'), 0)).toBe(4);
    // RW-DIPLO-09: the three cards go to the public discard, named in a public event.
    expect(st.decks.fateDiscard.length).toBe(discard + 3);
    const ev = log2.find((e) => e.key === 'rw.ev.diplomacy')!;
    expect(ev.params).toMatchObject({ destiny: 'gold', fcard: 5, cards: [1, 5, 2] });
    expect(ev.to).toBeUndefined();
    expect(top(st).k).not.toBe('diplo');
  });

  it('RW-DIPLO-07, RW-DP-47, RW-NEUT-04, RW-RETREAT-03, RW-NEUT-03: silver: the player to the left sends every neutral unit, routed, to an adjacent uncontrolled area; his units stay', () => {
    const st = game((s) => {
      put(s, '3D', 0, 'archer', 2);
      put(s, '3B', -1, 'sorcerer', 1);
      put(s, '3B', -1, 'beastman', 1, true); // already routed: routed again
      put(s, '1C', 0, 'warrior', 1); // 1C is his: not a destination
      s.p[0]!.inf = 3;
      fateOnTop(s, [3]); // silver
    });
    attack(st, 0, '3B', [['3D', 'archer', 2]]);
    act(st, 0, { type: 'diplomacy', spend: 1 }); // one card: resolved at once
    expect(units(st, '3B')).toEqual(['archer×2']);
    expect(st.own[area('3B')]).toBe(0);
    // RW-DP-47: the left player (seat 1) chooses among the adjacent uncontrolled areas.
    expect(asked(st)).toEqual(['1:rw.retreat']);
    const to = g.legalActions(st, 1).map((a) => p.areas[(a as { area: number }).area]!.id);
    expect(to).toEqual(['1B', '2C', '3A', '3C', '3D']); // ascending area ids
    expect(g.defaultAction(st, 1)).toEqual({ type: 'retreat', area: area('1B') }); // canonical order
    act(st, 1, { type: 'retreat', area: area('3A') });
    // RW-NEUT-04: all the neutral units of the area together, routed.
    expect(units(st, '3A')).toEqual(['sorcererR×1', 'beastmanR×1']);
    expect(st.own[area('3A')]).toBe(-1);
    expect(st.stack.some((f) => f.k === 'diplo')).toBe(false);
  });

  it('RW-DIPLO-07, RW-NEUT-05: silver with no uncontrolled area around: the neutral units are destroyed; automated neutrals ask nobody', () => {
    const st = game((s) => {
      put(s, '3B', 0, 'archer', 2);
      put(s, '3C', 0, 'warrior', 1);
      put(s, '1B', 0, 'warrior', 1);
      put(s, '3A', -1, 'sorcerer', 2);
      s.p[0]!.inf = 1;
      fateOnTop(s, [4]); // silver
    });
    attack(st, 0, '3A', [['3B', 'archer', 1]]);
    const log = act(st, 0, { type: 'diplomacy', spend: 1 });
    expect(keys(log)).toContain('rw.ev.retreatNowhere');
    expect(units(st, '3A')).toEqual(['archer×1']);
    // The automated neutrals take the first legal area without a question (RW-NEUT-05, RW-DP-89).
    const auto = ex07([3], { neutrals: 'auto' });
    act(auto, 0, { type: 'diplomacy', spend: 1 });
    expect(units(auto, '1B')).toEqual(['sorcererR×2']);
    expect(top(auto).k).not.toBe('retreat');
  });

  it('RW-DIPLO-08, RW-DP-48, RW-RETREAT-02, RW-RETREAT-05: red: battle or retreat; retreat takes his units, routed, to one adjacent friendly (else empty) area', () => {
    const st = ex07([1]);
    act(st, 0, { type: 'diplomacy', spend: 1 });
    expect(asked(st)).toEqual(['0:rw.diplomacy.red']);
    expect(g.legalActions(st, 0)).toEqual([{ type: 'fight' }, { type: 'withdraw' }]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'withdraw' }); // RW-DP-89 (DP-48)
    act(st, 0, { type: 'withdraw' });
    // No friendly area next to 3B (3D was left empty): the empty ones; he picks 3D.
    expect(asked(st)).toEqual(['0:rw.retreat']);
    act(st, 0, { type: 'retreat', area: area('3D') });
    expect(units(st, '3D')).toEqual(['archerR×2']);
    expect(units(st, '3B')).toEqual(['sorcerer×2']);
    expect(st.own[area('3B')]).toBe(-1);
    // Red, then battle: the battle against every neutral unit there.
    const b = ex07([1]);
    act(b, 0, { type: 'diplomacy', spend: 1 });
    const log = act(b, 0, { type: 'fight' });
    expect(log.find((e) => e.key === 'rw.ev.battle')!.params).toMatchObject({ seat: 0, def: -1, n: 4 });
  });

  it('RW-DIPLO-02, RW-LIMIT-04: more than 8 with the neutral units: no diplomacy, the battle starts', () => {
    const st = game((s) => {
      put(s, '3D', 0, 'archer', 3);
      put(s, '3B', -1, 'sorcerer', 6);
      s.p[0]!.inf = 5;
    });
    const log: GameEvent[] = [];
    attack(st, 0, '3B', [['3D', 'archer', 3]], log);
    expect(keys(log)).toContain('rw.ev.battle');
    expect(st.stack.some((f) => f.k === 'diplo')).toBe(false);
    expect(battle(st).area).toBe(area('3B'));
    // With 8 in all diplomacy is offered.
    const ok = game((s) => {
      put(s, '3D', 0, 'archer', 2);
      put(s, '3B', -1, 'sorcerer', 6);
      s.p[0]!.inf = 1;
    });
    attack(ok, 0, '3B', [['3D', 'archer', 2]]);
    expect(g.legalActions(ok, 0)).toEqual([{ type: 'fight' }, { type: 'diplomacy', spend: 1 }]);
  });

  it('RW-DIPLO-03, RW-DIPLO-12: 1 to 6 influence he has, spent whatever comes; the choice is made before any card is drawn', () => {
    const st = ex07([1, 3, 6, 8, 9, 10, 11]); // red, silver: a choice of two
    st.p[0]!.inf = 9;
    expect(g.legalActions(st, 0).filter((a) => a.type === 'diplomacy')).toHaveLength(6);
    rejects(st, 0, { type: 'diplomacy', spend: 7 }, 'RW-DIPLO-03', 'diplomacySpend');
    rejects(st, 0, { type: 'diplomacy', spend: 0 }, 'RW-DIPLO-03', 'diplomacySpend');
    act(st, 0, { type: 'diplomacy', spend: 2 });
    // Cards drawn: no way back to the battle choice; the influence is gone even on red.
    rejects(st, 0, { type: 'fight' }, 'RW-DIPLO-05', 'diplomacyCard');
    expect(st.p[0]!.inf).toBe(7);
    // Without influence there is no diplomacy: the battle starts at once.
    const none = game((s) => {
      put(s, '3D', 0, 'archer', 2);
      put(s, '3B', -1, 'sorcerer', 1);
      s.p[0]!.inf = 0;
    });
    const log: GameEvent[] = [];
    attack(none, 0, '3B', [['3D', 'archer', 2]], log);
    expect(keys(log)).toContain('rw.ev.battle');
  });

  it('RW-DIPLO-14, RW-FATE-05: the Fate deck running out during the draw is rebuilt from the discard', () => {
    const st = ex07([]);
    st.decks.fateDiscard.push(...st.decks.fate.splice(1));
    const log = act(st, 0, { type: 'diplomacy', spend: 3 });
    expect(keys(log)).toContain('rw.ev.fateReshuffle');
    expect((top(st) as { cs: number[] }).cs).toHaveLength(3);
  });

  it('RW-DIPLO-13: diplomacy needs a faction unit of his moved in: activating and moving nothing asks nothing', () => {
    const st = game((s) => {
      put(s, '3D', 0, 'archer', 2);
      put(s, '3B', -1, 'sorcerer', 1);
    });
    act(st, 0, { type: 'activate', area: area('3B') });
    act(st, 0, { type: 'commit' });
    expect(st.stack.some((f) => f.k === 'diplo' || f.k === 'battle')).toBe(false);
  });

  it('RW-EX-21, RW-MOB-08, RW-MOB-10, RW-DIPLO-10, RW-DP-46: after the battle of his Mobilize card, diplomacy is still possible; a red result forces the retreat', () => {
    const st = game(
      (s) => {
        put(s, '4B', 0, 'archer', 3);
        put(s, '3D', 0, 'archer', 2);
        put(s, '4A', 1, 'berserker', 1);
        put(s, '3B', -1, 'sorcerer', 2);
        s.p[0]!.inf = 3;
      },
      [2, 8],
    );
    attack(st, 0, '4A', [['4B', 'archer', 3]]);
    settle(st);
    expect(top(st)).toMatchObject({ k: 'sup', n: 2 });
    act(st, 0, { type: 'supremacy', use: true });
    // RW-MOB-10: the neutrals' area may be activated; more units than 8 with them may not go in.
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'activate', area: area('3B') });
    fateOnTop(st, [1, 2]); // red, red
    attack(st, 0, '3B', [['3D', 'archer', 2]]);
    // No battle offered: diplomacy only (the default spends 1).
    expect(g.legalActions(st, 0)).toEqual([1, 2, 3].map((spend) => ({ type: 'diplomacy', spend })));
    expect(g.defaultAction(st, 0)).toEqual({ type: 'diplomacy', spend: 1 });
    rejects(st, 0, { type: 'fight' }, 'RW-MOB-07', 'battleUsed');
    act(st, 0, { type: 'diplomacy', spend: 2 });
    // Both red: resolved at once, and the retreat is forced (no battle question).
    expect(asked(st)).toEqual(['0:rw.retreat']);
    act(st, 0, { type: 'retreat', area: area('3D') });
    expect(units(st, '3D')).toEqual(['archerR×2']);
    expect(units(st, '3B')).toEqual(['sorcerer×2']);
  });

  it('RW-EX-21, RW-MOB-09: gold or silver diplomacy does not use up the battle: the second activation may fight', () => {
    const st = game(
      (s) => {
        put(s, '3D', 0, 'archer', 2);
        put(s, '4B', 0, 'archer', 3);
        put(s, '3B', -1, 'sorcerer', 2);
        put(s, '4A', 1, 'berserker', 1);
        s.p[0]!.inf = 3;
        fateOnTop(s, [5]); // gold
      },
      [2, 8],
    );
    attack(st, 0, '3B', [['3D', 'archer', 2]]);
    act(st, 0, { type: 'diplomacy', spend: 1 });
    expect(st.own[area('3B')]).toBe(0);
    expect(top(st)).toMatchObject({ k: 'sup', n: 2 });
    act(st, 0, { type: 'supremacy', use: true });
    const log: GameEvent[] = [];
    attack(st, 0, '4A', [['4B', 'archer', 3]], log);
    expect(keys(log)).toContain('rw.ev.battle');
  });
});

describe('allied neutral units', () => {
  it('RW-NEUT-06, RW-NEUT-07, RW-LIMIT-01, RW-LIMIT-03: neutral units beside his count as his units: the 8-unit limit, and they may be destroyed to meet it', () => {
    const st = game(
      (s) => {
        put(s, '3D', 0, 'warrior', 6);
        put(s, '3D', 0, 'sorcerer', 2);
        put(s, '3C', 0, 'archer', 1);
      },
      [2, 8],
    );
    expect(unitsOf(st, area('3D'), 0)).toBe(8);
    attack(st, 0, '3D', [['3C', 'archer', 1]]);
    expect(top(st)).toMatchObject({ k: 'cull', seat: 0 });
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'destroy', area: area('3D'), u: u('sorcerer') });
    act(st, 0, { type: 'destroy', area: area('3D'), u: u('sorcerer') });
    expect(unitsOf(st, area('3D'), 0)).toBe(8);
  });

  it('RW-NEUT-07, RW-SEASON-20: allied neutral units count toward the winter food limit', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'm3-winter');
    clearBoard(st);
    put(st, 'LEa', 0, 'sorceress', 1);
    put(st, 'UYa', 1, 'berserker', 1);
    put(st, '3D', 0, 'warrior', 2);
    put(st, '3D', 0, 'sorcerer', 3);
    st.season = 2; // fall's Orders: winter comes next
    st.p[0]!.dial[0] = 3;
    st.p[1]!.dial[0] = 8;
    chooseAll(st, [8, 8]);
    for (let i = 0; i < 20 && !(top(st).k === 'cull' && st.season === 3); i++) {
      const s = g.prompts(st)[0]!.seat;
      act(st, s, g.defaultAction(st, s)!);
    }
    expect(top(st)).toMatchObject({ k: 'cull', seat: 0, winter: 1, cap: 3 });
    const offered = g.legalActions(st, 0).map((a) => p.units[(a as { u: number }).u]!.id);
    expect(offered).toEqual(['sorcerer', 'warrior']);
    act(st, 0, { type: 'destroy', area: area('3D'), u: u('sorcerer') });
    act(st, 0, { type: 'destroy', area: area('3D'), u: u('sorcerer') });
    expect(units(st, '3D')).toEqual(['warrior×2', 'sorcerer×1']);
  });

  it('RW-NEUT-08, RW-NEUT-07: in a battle his allied neutrals fight on his side and he decides for them', () => {
    const st = battleScenario(
      ['uthuk', 'latari'],
      '4B',
      [
        [1, 'warrior', 1],
        [1, 'razorwing', 2],
        [1, 'sorcerer', 1],
      ],
      [['berserker', 1]],
    );
    const f = battle(st);
    expect([f.def, f.ctl]).toEqual([1, 1]);
    expect(side(st, 1)).toEqual(['razorwing', 'razorwing', 'sorcerer', 'warrior']);
    // Initiative 1: the Latari player chooses which of his two allied types draws.
    expect(asked(st)).toEqual(['1:rw.battle.draw']);
    expect(g.legalActions(st, 1)).toEqual([
      { type: 'draw', u: u('sorcerer') },
      { type: 'draw', u: u('razorwing') },
    ]);
  });

  it('RW-NEUT-09, RW-TERM-15: allied neutrals are enemy units to every other player: moving in fights their ally', () => {
    const st = game(
      (s) => {
        put(s, '3D', 0, 'sorcerer', 2); // Latari's allies in Latari's stronghold area, no Latari unit
        stronghold(s, '3D', 0);
        put(s, '4B', 1, 'berserker', 3);
      },
      [8, 3],
    );
    expect(ctrl(st, area('3D'))).toBe(0);
    const log: GameEvent[] = [];
    attack(st, 1, '3D', [['4B', 'berserker', 3]], log);
    expect(log.find((e) => e.key === 'rw.ev.battle')!.params).toMatchObject({ seat: 1, def: 0 });
    expect(side(st, 1)).toEqual(['sorcerer', 'sorcerer']);
  });

  it('RW-EX-41, RW-NEUT-10, RW-NEUT-12, RW-NEUT-13, RW-NEUT-17, RW-STRAT-09, RW-NEUT-16: the Warrior leaves N: the Sorcerers become unallied; alone they may go only to a friendly area', () => {
    const st = game(
      (s) => {
        put(s, '3D', 0, 'warrior', 1);
        put(s, '3D', 0, 'sorcerer', 1);
        put(s, '3D', 0, 'sorcerer', 1, true); // routed: stays routed (RW-NEUT-16)
        put(s, '3C', 0, 'archer', 1);
      },
      [1, 8],
    );
    const sorcererTo = () =>
      g
        .legalActions(st, 0)
        .filter((a) => a.type === 'draft' && a.u === u('sorcerer'))
        .map((a) => p.areas[(a as { to: number }).to]!.id);
    // Alone, the Sorcerers may go to the friendly 3C only, not to the empty 4B.
    expect(sorcererTo()).toEqual(['3C']);
    rejects(
      st,
      0,
      { type: 'draft', from: area('3D'), to: area('4B'), u: u('sorcerer') },
      'RW-STRAT-09',
      'alliedAlone',
    );
    // With the Warrior drafted to 4B, a Sorcerer may follow it there.
    act(st, 0, { type: 'draft', from: area('3D'), to: area('4B'), u: u('warrior') });
    expect(sorcererTo()).toEqual(['3C', '4B']);
    act(st, 0, { type: 'undo' });
    // RW-EX-41: only the Warrior moves out.
    act(st, 0, { type: 'draft', from: area('3D'), to: area('4B'), u: u('warrior') });
    act(st, 0, { type: 'commit' });
    expect(units(st, '3D')).toEqual(['sorcerer×1', 'sorcererR×1']);
    expect(st.own[area('3D')]).toBe(-1);
    expect(ctrl(st, area('3D'))).toBe(-1);
    // With his stronghold there they would have stayed allied (RW-NEUT-17: they confer no control).
    const kept = game(
      (s) => {
        put(s, '3D', 0, 'warrior', 1);
        put(s, '3D', 0, 'sorcerer', 2);
        stronghold(s, '3D', 0);
      },
      [1, 8],
    );
    act(kept, 0, { type: 'draft', from: area('3D'), to: area('4B'), u: u('warrior') });
    act(kept, 0, { type: 'commit' });
    expect(kept.own[area('3D')]).toBe(0);
    expect(unitsOf(kept, area('3D'), 0)).toBe(2);
  });

  it('RW-NEUT-13, RW-NEUT-07: Mobilize: allied neutrals enter an area that is not friendly only with a faction unit; a friendly one alone', () => {
    const st = game(
      (s) => {
        put(s, '3D', 0, 'warrior', 2);
        put(s, '3D', 0, 'sorcerer', 2);
      },
      [2, 8],
    );
    act(st, 0, { type: 'activate', area: area('4B') });
    const drafted = () =>
      g
        .legalActions(st, 0)
        .filter((a) => a.type === 'draft' && a.from === area('3D'))
        .map((a) => p.units[(a as { u: number }).u]!.id);
    expect(drafted()).toEqual(['warrior']);
    rejects(st, 0, { type: 'draft', from: area('3D'), u: u('sorcerer') }, 'RW-NEUT-13', 'alliedAlone');
    act(st, 0, { type: 'draft', from: area('3D'), u: u('warrior') });
    expect(drafted()).toEqual(['sorcerer', 'warrior']);
    act(st, 0, { type: 'draft', from: area('3D'), u: u('sorcerer') });
    act(st, 0, { type: 'commit' });
    expect(units(st, '4B')).toEqual(['warrior×1', 'sorcerer×1']);
    expect(st.own[area('4B')]).toBe(0);
    // Into a friendly area the allies go alone.
    const f = game(
      (s) => {
        put(s, '3D', 0, 'warrior', 1);
        put(s, '3D', 0, 'sorcerer', 2);
        put(s, '4B', 0, 'archer', 1);
      },
      [2, 8],
    );
    act(f, 0, { type: 'activate', area: area('4B') });
    act(f, 0, { type: 'draft', from: area('3D'), u: u('sorcerer') });
    act(f, 0, { type: 'commit' });
    expect(units(f, '4B')).toEqual(['archer×1', 'sorcerer×1']);
  });

  it('RW-NEUT-11, RW-NEUT-10, RW-NEUT-17: his last faction unit falls, his allies win the battle: allied to the end, then unallied unless his stronghold holds the area', () => {
    const lastStand = (withStronghold: boolean) =>
      battleScenario(
        ['uthuk', 'latari'],
        '4B',
        [
          [1, 'warrior', 1],
          [1, 'sorcerer', 2],
        ],
        [['berserker', 1]],
        {
          before: (s) => {
            if (withStronghold) stronghold(s, '4B', 1);
          },
          frame: (f) => {
            f.fu[f.fu.indexOf(u('warrior'))] = -1; // the Warrior fell
            f.fr[0] = 1; // the attacker's Berserker is routed
            f.init = 5;
            f.step = 8; // the tally
          },
        },
      );
    const st = lastStand(false);
    settle(st);
    expect(units(st, '4B')).toEqual(['sorcerer×2']);
    expect(st.own[area('4B')]).toBe(-1);
    const sh = lastStand(true);
    settle(sh);
    expect(sh.own[area('4B')]).toBe(1);
    expect(ctrl(sh, area('4B'))).toBe(1);
  });

  it('RW-RETREAT-14, RW-NEUT-11: allies retreating without a faction unit stay allied in a friendly area, not in an empty one', () => {
    const lost = (friendly: boolean) =>
      battleScenario(
        ['uthuk', 'latari'],
        '4B',
        [[1, 'warrior', 3]],
        [
          ['berserker', 1],
          ['beastman', 2],
        ],
        {
          before: (s) => {
            if (friendly) put(s, '4A', 0, 'fleshRipper', 1);
          },
          frame: (f) => {
            f.fu[f.fu.indexOf(u('berserker'))] = -1; // his last faction unit in the battle fell
            f.init = 5;
            f.step = 8;
          },
        },
      );
    const st = lost(true);
    settle(st);
    expect(units(st, '4A')).toEqual(['fleshRipper×1', 'beastmanR×2']);
    expect(st.own[area('4A')]).toBe(0);
    const e = lost(false);
    for (let i = 0; i < 40 && e.stack.some((f) => f.k === 'battle' || f.k === 'retreat'); i++) {
      const pr = g.prompts(e)[0]!;
      const a: RwAction =
        pr.kind === 'rw.retreat' ? { type: 'retreat', area: area('4A') } : g.defaultAction(e, pr.seat)!;
      act(e, pr.seat, a);
    }
    expect(units(e, '4A')).toEqual(['beastmanR×2']);
    expect(e.own[area('4A')]).toBe(-1);
  });

  it('RW-NEUT-14, RW-NEUT-18: neutral units placed into a controlled area are its controller’s allies, into an uncontrolled one unallied; destroyed ones return to the supply', () => {
    const st = game((s) => {
      put(s, '3D', 0, 'warrior', 1);
      stronghold(s, '3C', 0);
    });
    placeNeutrals(st, area('3D'), u('giant'), 1);
    placeNeutrals(st, area('3C'), u('giant'), 1);
    placeNeutrals(st, area('4B'), u('giant'), 1);
    expect([st.own[area('3D')], st.own[area('3C')], st.own[area('4B')]]).toEqual([0, 0, -1]);
    expect(ctrl(st, area('4B'))).toBe(-1);
    // RW-NEUT-18: a destroyed neutral unit (here by the unit limit) is back in the supply.
    put(st, '3D', 0, 'warrior', 7);
    const before = st.us.filter((_, i) => i % p.U === u('giant')).reduce((a, b) => a + b, 0);
    expect(before).toBe(3);
  });
});

describe("Rally Support's neutral units", () => {
  /** A Latari Warrior in the city 1C holding the token `city` (triangle ×2 is C1). */
  function rally(setup: (st: RwState) => void = () => {}, city = 'C1'): RwState {
    return game(
      (s) => {
        put(s, '1C', 0, 'warrior', 1);
        s.city[area('1C')] = p.cities.findIndex((c) => c.id === city);
        setup(s);
      },
      [6, 8],
    );
  }

  it('RW-RALLY-02, RW-RALLY-06, RW-NEUT-15, RW-DP-52: the city’s class and number of neutral units, allied; a type chosen among the class', () => {
    const st = rally();
    expect(top(st)).toMatchObject({ k: 'rally', seat: 0 });
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'rally', area: area('1C'), benefit: 'neutrals' });
    // The default takes influence (RW-DP-89 DP-52).
    expect(g.defaultAction(st, 0)).toEqual({ type: 'rally', area: area('1C'), benefit: 'influence' });
    act(st, 0, { type: 'rally', area: area('1C'), benefit: 'neutrals' });
    // Triangles: Razorwings or Beastmen, one unit at a time.
    expect(asked(st)).toEqual(['0:rw.rallyNeutral']);
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'neutral', u: u('razorwing') },
      { type: 'neutral', u: u('beastman') },
    ]);
    rejects(st, 0, { type: 'neutral', u: u('giant') }, 'RW-RALLY-06', 'rallyNeutral');
    act(st, 0, { type: 'neutral', u: u('beastman') });
    act(st, 0, { type: 'neutral', u: u('razorwing') });
    expect(units(st, '1C')).toEqual(['warrior×1', 'razorwing×1', 'beastman×1']);
    expect(st.own[area('1C')]).toBe(0);
    expect(unitsOf(st, area('1C'), 0)).toBe(3);
  });

  it('RW-RALLY-02, RW-NEUT-18: only units still in the neutral supply: one type left is placed without a question; none left, no such benefit', () => {
    const st = rally((s) => {
      put(s, '4B', -1, 'razorwing', 8); // every Razorwing figure on the board
    });
    act(st, 0, { type: 'rally', area: area('1C'), benefit: 'neutrals' });
    expect(units(st, '1C')).toEqual(['warrior×1', 'beastman×2']);
    const none = rally((s) => {
      put(s, '4B', -1, 'razorwing', 8);
      put(s, '7A', -1, 'beastman', 8);
    });
    expect(g.legalActions(none, 0)).not.toContainEqual({
      type: 'rally',
      area: area('1C'),
      benefit: 'neutrals',
    });
    // A destroyed Beastman is back in the supply (RW-NEUT-18).
    none.us[area('7A') * p.U + u('beastman')]!--;
    expect(g.legalActions(none, 0)).toContainEqual({ type: 'rally', area: area('1C'), benefit: 'neutrals' });
  });

  it('RW-RALLY-06, RW-LIMIT-03: after the placement the unit limit applies', () => {
    const st = rally((s) => put(s, '1C', 0, 'archer', 6), 'C7'); // 7 there, one hexagon more is 8: fine
    act(st, 0, { type: 'rally', area: area('1C'), benefit: 'neutrals' });
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'neutral', u: u('dragon') },
      { type: 'neutral', u: u('giant') },
    ]);
    act(st, 0, { type: 'neutral', u: u('giant') });
    expect(units(st, '1C')).toEqual(['archer×6', 'warrior×1', 'giant×1']);
    expect(st.stack.some((f) => f.k === 'cull')).toBe(false);
    const over = rally((s) => put(s, '1C', 0, 'archer', 7));
    act(over, 0, { type: 'rally', area: area('1C'), benefit: 'neutrals' });
    act(over, 0, { type: 'neutral', u: u('beastman') });
    act(over, 0, { type: 'neutral', u: u('beastman') });
    expect(top(over)).toMatchObject({ k: 'cull', seat: 0, areas: [area('1C')] });
  });
});
