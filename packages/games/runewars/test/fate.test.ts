/** M2: the Fate deck (RW-FATE-*), what each seat sees of a battle (RW-INFO-11/16), battles against neutrals (RW-NEUT-20..24), moves that start battles (RW-MOB-*), battle windows (RW-BATTLE-71). */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { Rng } from '@tabula/engine';
import {
  attack,
  board,
  chooseAll,
  clearBoard,
  DEFAULT_PACK,
  fateOnTop,
  put,
  runewars as g,
  scenarioGame,
} from '@tabula/runewars';
import type { RwState } from '@tabula/runewars';
import { act, area, asked, battle, battleScenario, side, top, u, units } from './battle-helpers.js';
import { playDefaults, rejects } from './helpers.js';

const p = DEFAULT_PACK;
const fateIds = (xs: number[]) => xs.map((c) => (c < 0 ? -1 : p.fate[c]!.id));

/** RW-EX-08's board, up to the Uthuk's choice of type in round 2 (the Elves' Pegasus cards drawn). */
function ex08Round2(): RwState {
  const st = scenarioGame(['latari', 'uthuk'], 'ex08');
  clearBoard(st);
  put(st, '3D', 0, 'archer', 3);
  put(st, '3D', 0, 'pegasus', 2);
  put(st, '3C', 0, 'warrior', 1);
  put(st, '4B', 1, 'fleshRipper', 2);
  put(st, '4B', 1, 'berserker', 3);
  put(st, '4B', 1, 'beastman', 3);
  put(st, 'UYa', 1, 'warlock', 1);
  fateOnTop(st, [9, 15, 1, 8, 18, 11, 19, 25, 2, 5, 17]);
  chooseAll(st, [3, 8]);
  attack(st, 0, '4B', [
    ['3D', 'archer', 3],
    ['3D', 'pegasus', 2],
  ]);
  act(st, 0, { type: 'target', u: u('berserker'), r: 0, d: 0 });
  act(st, 0, { type: 'rout', u: u('archer'), d: 0 });
  act(st, 1, { type: 'hit', u: u('fleshRipper'), r: 0, d: 0 });
  act(st, 0, { type: 'hit', u: u('pegasus'), r: 0, d: 0 });
  return st;
}

describe('the Fate deck and what each seat sees', () => {
  it('RW-FATE-07, RW-INFO-11, RW-INFO-16, RW-DP-62, RW-DP-63, RW-FATE-03: drawn cards are seen by the drawer only until their section is revealed', () => {
    const st = ex08Round2();
    expect(asked(st)).toEqual(['1:rw.battle.draw']);
    // The Elves drew 2 for their Pegasus Riders (all at once): the number is public, the cards are not.
    expect(fateIds(battle(st).cs[0]!)).toEqual([11, 19]);
    const f1 = g.view(st, 1).stack.at(-1)!;
    const f0 = g.view(st, 0).stack.at(-1)!;
    const fs = g.view(st, -1).stack.at(-1)!;
    expect(f1.k === 'battle' && f1.cs[0]).toEqual([-1, -1]);
    expect(fs.k === 'battle' && fs.cs[0]).toEqual([-1, -1]);
    expect(f0.k === 'battle' && fateIds(f0.cs[0]!)).toEqual([11, 19]);
    // A sampled world of the Uthuk seat reproduces its view, with some cards in their place.
    const w = g.sampleWorld(g.view(st, 1), 1, new Rng('w'));
    expect(g.view(w, 1)).toEqual(g.view(st, 1));
    expect(g.legalActions(w, 1)).toEqual(g.legalActions(st, 1));
    // The Uthuk draw: damage is shown at the damage step; the blank Berserker card stays hidden from the Elves.
    act(st, 1, { type: 'draw', u: u('berserker') });
    expect(battle(st).rev).toBe(3);
    const v0 = g.view(st, 0).stack.at(-1)!;
    expect(v0.k === 'battle' && fateIds(v0.cs[1]!)).toEqual([25, -1]);
    const v1 = g.view(st, 1).stack.at(-1)!;
    expect(v1.k === 'battle' && fateIds(v1.cs[1]!)).toEqual([25, 2]);
    const w0 = g.sampleWorld(g.view(st, 0), 0, new Rng('w0'));
    expect(g.view(w0, 0)).toEqual(g.view(st, 0));
  });

  it('RW-FATE-04, RW-ROUND-08, RW-RAND-03: every drawn card goes face up to the discard after its sub-round', () => {
    const st = ex08Round2();
    expect(fateIds(st.decks.fateDiscard)).toEqual([9, 15, 1, 8, 18]);
    const v = g.view(st, 1);
    expect(v.decks.fateDiscard).toEqual(st.decks.fateDiscard);
    expect(v.decks.fate).toBe(st.decks.fate.length); // the deck: its size only
  });

  it('RW-FATE-05, RW-CLIMIT-03, RW-RAND-04: an empty Fate deck is rebuilt from the discard; cards in play stay out', () => {
    const st = battleScenario(['uthuk', 'latari'], '4B', [[1, 'archer', 1]], [['berserker', 3]], {
      before: (s) => {
        // Only the Archer's card is left in the deck; the rest lies in the discard.
        s.decks.fateDiscard = s.decks.fate.slice(1);
        s.decks.fate = s.decks.fate.slice(0, 1);
      },
    });
    // The Archer drew the last card (held in the battle); the Berserkers' 3 came from the reshuffled discard.
    const f = battle(st);
    const held = [...f.cs[0]!, ...f.cs[1]!];
    const all = [...held, ...st.decks.fate, ...st.decks.fateDiscard];
    expect(new Set(all).size).toBe(30);
    expect(all).toHaveLength(30);
    void top;
  });

  it('RW-FATE-06, RW-SEASON-16: in fall the whole discard is shuffled back into the deck', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'fall');
    st.decks.fateDiscard = st.decks.fate.splice(0, 12);
    playDefaults(st, (s) => s.season === 2 && top(s).k === 'fall');
    expect(st.decks.fateDiscard).toEqual([]);
    expect(st.decks.fate).toHaveLength(30);
  });

  it('RW-FATE-01, RW-FATE-02, RW-SHAPE-01, RW-SHAPE-02, RW-SHAPE-03, RW-SHAPE-04: each unit reads the section of its shape; a section is a special, a rout, damage or nothing', () => {
    for (const c of p.fate) {
      expect(c.id).toBeGreaterThanOrEqual(1);
      c.sections.forEach((x, sh) => {
        expect(x === null || /^(S|[RD][1-3])$/.test(x)).toBe(true);
        expect(c.kind[sh]).toBe(x === null ? 0 : x === 'S' ? 1 : x[0] === 'R' ? 2 : 3);
      });
    }
    // Triangles deal at most 1 per card and miss most often; circles trigger specials most often.
    const count = (sh: number, k: number) => p.fate.filter((c) => c.kind[sh] === k).length;
    expect(Math.max(...p.fate.map((c) => (c.kind[0] === 3 ? c.num[0]! : 0)))).toBe(1);
    expect(count(1, 1)).toBeGreaterThan(count(0, 1));
    expect(count(2, 3) + count(2, 2)).toBeGreaterThan(count(0, 3) + count(0, 2));
    // In a battle the Uthuk Flesh Rippers (rectangle) read card 8's rectangle rout (RW-EX-08).
    const st = ex08Round2();
    expect(side(st, 0)).toContain('archerR');
  });
});

describe('battles against unallied neutral units', () => {
  const setup = (neutrals?: 'auto') =>
    battleScenario(
      ['latari', 'uthuk', 'daqan'],
      '2B',
      [
        [-1, 'beastman', 1],
        [-1, 'beastman', 1, true],
      ],
      [['archer', 3]],
      {
        neutrals,
        before: (s) => fateOnTop(s, [1, 2, 3, 4]), // everyone misses: 3 against 1
      },
    );

  it('RW-NEUT-20, RW-NEUT-21, RW-NEUT-22, RW-NEUT-23, RW-NEUT-03, RW-NEUT-04, RW-RETREAT-03, RW-RETREAT-11, RW-DP-47, RW-DP-70, RW-BATTLE-01, RW-BATTLE-02: the player to the left runs the neutrals and picks their retreat', () => {
    const st = setup();
    expect(battle(st)).toMatchObject({ def: -1, ctl: 1 });
    // The Latari win; the left player (seat 1, not the Daqan) sends the Beastman to an uncontrolled area.
    expect(asked(st)).toEqual(['1:rw.retreat']);
    const legal = g.legalActions(st, 1).map((a) => (a as { area: number }).area);
    for (const a of legal) expect(st.own[a]).toBe(-1);
    expect(legal).toContain(area('2C'));
    rejects(st, 2, { type: 'retreat', area: area('2C') }, 'RW-RETREAT-02', 'notYourDecision');
    act(st, 1, { type: 'retreat', area: area('2C') });
    expect(units(st, '2C')).toEqual(['beastmanR×1']);
    // The routed Beastman did not take part and is destroyed (RW-BATTLE-55).
    expect(units(st, '2B')).toEqual(['archer×3']);
    expect(st.own[area('2B')]).toBe(0);
  });

  it('RW-NEUT-05, RW-DP-01, RW-DP-88, RW-DP-89: automated neutrals decide by the built-in policy, asking nobody', () => {
    const st = setup('auto');
    // Nobody was asked: the battle is over, the Beastman retreated to the first uncontrolled area in
    // canonical order (RW-DP-47's default).
    expect(st.stack.some((f) => f.k === 'battle' || f.k === 'retreat')).toBe(false);
    expect(units(st, '1C')).toEqual(['beastmanR×1']);
    expect(units(st, '2B')).toEqual(['archer×3']);
    expect(g.parseOptions({ neutrals: 'robots' }).ok).toBe(false);
    expect(g.parseOptions({ neutrals: 'auto' }).ok).toBe(true);
  });
});

describe('moves that start battles', () => {
  it('RW-MOB-04, RW-BATTLE-18, RW-MOVE-24: units into an empty enemy home area fight a battle with no defending units', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'home');
    clearBoard(st);
    // an Uthuk home area with a tile area beside it
    const b = board(st);
    const home = p.factions[st.fac[1]!]!.home;
    const h = home.find((a) => b.adj[a]!.some((x) => p.areas[x]!.tile >= 0))!;
    const t = b.adj[h]!.find((x) => p.areas[x]!.tile >= 0)!;
    const other = home.find((a) => a !== h)!;
    put(st, p.areas[t]!.id, 0, 'archer', 2);
    put(st, p.areas[other]!.id, 1, 'berserker', 1);
    fateOnTop(st, [1, 2]);
    chooseAll(st, [3, 8]);
    const log: GameEvent[] = [];
    attack(st, 0, p.areas[h]!.id, [[p.areas[t]!.id, 'archer', 2]], log);
    expect(log.map((e) => e.key)).toContain('rw.ev.battle');
    expect(log.find((e) => e.key === 'rw.ev.fateDrawn')!.params).toMatchObject({ who: 0, n: 2 });
    expect(log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 2, dfn: 0, who: 0 });
    expect(st.own[h]).toBe(0);
  });

  it('RW-MOVE-32, RW-MOB-05, RW-ORDER-03: activating an enemy area and moving nothing starts no battle', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'none');
    chooseAll(st, [3, 8]);
    const log: GameEvent[] = [];
    attack(st, 0, 'UYb', [], log);
    expect(log.map((e) => e.key)).not.toContain('rw.ev.battle');
  });

  it('RW-MOB-06, RW-MOB-07, RW-MOB-11, RW-BATTLE-58, RW-MOB-10: one battle per Mobilize card; the second resolution may not start another (diplomacy stays possible)', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'mob');
    clearBoard(st);
    put(st, '5A', 0, 'archer', 2);
    put(st, '5B', 0, 'archer', 2);
    put(st, '2B', -1, 'beastman', 1);
    put(st, '6A', -1, 'razorwing', 1);
    put(st, 'UYa', 1, 'berserker', 1);
    fateOnTop(st, [15, 16, 1]);
    chooseAll(st, [2, 8]);
    attack(st, 0, '2B', [['5A', 'archer', 2]]);
    act(st, 0, { type: 'fight' });
    expect(top(st)).toMatchObject({ k: 'sup', n: 2 });
    act(st, 0, { type: 'supremacy', use: true });
    const offered = g.legalActions(st, 0).map((a) => (a as { area?: number }).area);
    expect(offered).not.toContain(area('UYa'));
    expect(offered).toContain(area('5C'));
    // Unallied neutrals may still be approached by diplomacy (RW-MOB-10), not by battle.
    expect(offered).toContain(area('6A'));
    rejects(st, 0, { type: 'activate', area: area('UYa') }, 'RW-MOB-07', 'battleUsed');
    rejects(st, 0, { type: 'activate', area: area('2B') }, 'RW-ACT-05', 'alreadyActivated');
  });
});

describe('battle windows', () => {
  it('RW-BATTLE-71, RW-BATTLE-70, RW-BATTLE-14, RW-DP-61, RW-DP-67, RW-TACT-08: a window opens only if a card could answer it; both sides at once, one answer each, a short hold', () => {
    const st = battleScenario(['uthuk', 'latari'], '4B', [[1, 'archer', 1]], [['berserker', 1]], {
      windows: true,
      before: (s) => {
        // Cards that cannot be played now (Plunder waits for a battle won): pass alone.
        const plunder = p.tactics.findIndex((t) => t.id === 'plunder');
        for (const x of [s.p[0]!, s.p[1]!]) {
          x.tac = [plunder];
          x.tacSeason = [0];
        }
      },
    });
    const pr = g.prompts(st);
    expect(pr.map((x) => [x.seat, x.kind, x.window, x.hold])).toEqual([
      [0, 'rw.window', true, 500],
      [1, 'rw.window', true, 500],
    ]);
    // No card to play now: the same prompt, pass alone (AOH-HID-14).
    expect(g.legalActions(st, 1)).toEqual([{ type: 'pass' }]);
    act(st, 1, { type: 'pass' });
    expect(g.prompts(st).map((x) => x.seat)).toEqual([0]);
    const log = act(st, 0, { type: 'pass' });
    expect(log.map((e) => e.key).slice(0, 1)).toEqual(['rw.ev.windowClosed']);
    // Against neutrals only the attacker plays cards (RW-BATTLE-70, RW-NEUT-21).
    const n = battleScenario(['uthuk', 'latari'], '2B', [[-1, 'beastman', 1]], [['berserker', 1]], {
      windows: true,
    });
    expect(g.prompts(n).map((x) => x.seat)).toEqual([0]);
    // Nobody holding a card he may play this season (a public count, RW-TACT-03): no window at all.
    const none = battleScenario(['uthuk', 'latari'], '4B', [[1, 'archer', 1]], [['berserker', 1]], {
      windows: true,
      before: (s) => {
        s.p[0]!.tacSeason = s.p[0]!.tacSeason.map(() => 4);
        s.p[1]!.tacSeason = s.p[1]!.tacSeason.map(() => 4);
      },
    });
    expect(asked(none).some((x) => x.endsWith('rw.window'))).toBe(false);
  });
});
