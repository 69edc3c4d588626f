/**
 * M0–M2 rules the other files did not cite: the game's scope (RW-GEN-11), components without a hard limit
 * (RW-COMP-08/10/15 with RW-CLIMIT-02), the only voluntary moves (RW-MOVE-05), Tactics cards as far as this
 * version draws and holds them (RW-TACT-01/04/06), Titles as far as Acquire Power claims them
 * (RW-TITLE-01/02/05).
 */
import { describe, expect, it } from 'vitest';
import type { Prompt } from '@tabula/engine';
import { chooseAll, clearBoard, DEFAULT_PACK, put, runewars as g, scenarioGame } from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { battle, battleScenario, top } from './battle-helpers.js';
import { act, newGame, rejects } from './helpers.js';
import { drawTactics } from '../src/common.js';

const p = DEFAULT_PACK;

/** Plays a seeded game with random legal actions, calling `look` before every action. */
function randomGame(seed: string, n: number, look: (st: RwState, pr: Prompt, legal: RwAction[]) => void) {
  const st = newGame(n, seed);
  let x = 1;
  for (let i = 0; i < 4000 && !g.outcome(st); i++) {
    const pr = g.prompts(st).find((y) => !y.optional) ?? g.prompts(st)[0]!;
    const legal = g.legalActions(st, pr.seat);
    look(st, pr, legal);
    x = (x * 1103515245 + 12345) % 2147483648;
    act(st, pr.seat, legal[x % legal.length]!);
  }
  return st;
}

describe('scope and components', () => {
  it('RW-GEN-11: the base game: eight Order cards per player (no Garrison), Victory cards always in play, no option for Banners of War', () => {
    const st = newGame(3, 'scope');
    expect(st.p.every((x) => x.hand === 0b111111110)).toBe(true); // Orders 1..8
    expect(st.vict).toEqual([-1, -1, -1, -1]); // a Victory card place on each Season deck
    for (const o of ['garrison', 'victoryCards', 'bannersOfWar'])
      expect(g.parseOptions({ [o]: true }).ok).toBe(false);
    expect(g.optionsSchema!.map((x) => x.key)).toEqual([
      'board',
      'neutrals',
      'heroes',
      'exploration',
      'data',
    ]);
  });

  it('RW-COMP-08: one battle marker: a battle at a time, its contested area public to every seat', () => {
    const st = battleScenario(['uthuk', 'latari'], '4B', [[1, 'warrior', 2]], [['berserker', 3]]);
    const area = battle(st).area;
    for (const seat of [-1, 0, 1]) {
      const v = g.view(st, seat);
      const b = v.stack.filter((f) => f.k === 'battle');
      expect(b).toHaveLength(1);
      expect((b[0] as { area: number }).area).toBe(area);
    }
    // Random games never hold two battles at once.
    randomGame('one-battle', 3, (s) =>
      expect(s.stack.filter((f) => f.k === 'battle').length).toBeLessThanOrEqual(1),
    );
  });

  it('RW-COMP-10, RW-COMP-15, RW-CLIMIT-02: damage and influence tokens have no limit (26 and 40 in the box)', () => {
    // 8 Giants carrying 4 damage each: 32 damage tokens in one battle.
    const st = battleScenario(['uthuk', 'latari'], '4B', [[-1, 'giant', 4]], [['berserker', 1]], {
      frame: (f) => {
        for (let i = 0; i < f.fu.length; i++) if (f.fs[i] === 1) f.fd[i] = 4;
        for (let i = 0; i < 4; i++) {
          f.fs.push(1);
          f.fu.push(p.units.findIndex((x) => x.id === 'dragon'));
          f.fr.push(0);
          f.fd.push(3);
        }
      },
    });
    const f = battle(st);
    expect(f.fd.reduce((a, b) => a + b, 0)).toBeGreaterThan(26);
    // Influence beyond the 40 tokens of the box.
    const t = scenarioGame(['daqan', 'latari'], 'influence');
    t.p[0]!.inf = 40;
    chooseAll(t, [7, 8]);
    expect(t.p[0]!.inf).toBeGreaterThan(40);
  });

  it('RW-MOVE-05: figures move by choice only through Strategize and Mobilize/Conquer (no heroes in this version)', () => {
    const kinds = new Set<string>();
    randomGame('moves', 3, (st, _pr, legal) => {
      if (legal.some((a) => a.type === 'draft')) kinds.add(top(st).k);
    });
    expect([...kinds].sort()).toEqual(['mob', 'strat']);
  });
});

describe('Tactics cards (drawn and held in this version)', () => {
  it('RW-TACT-01: his faction sheet’s number to start; more from Strategize Supremacy, Rally Support, fall and Harvest’s Training Grounds', () => {
    const st = scenarioGame(['daqan', 'latari'], 'tactics');
    st.p.forEach((x, s) => expect(x.tac).toHaveLength(p.factions[st.fac[s]!]!.tactics));
    // Rally Support: a city's Tactics benefit.
    clearBoard(st);
    put(st, '1C', 0, 'footman', 1);
    put(st, 'LEa', 1, 'archer', 1);
    st.city[p.areaIndex.get('1C')!] = 0;
    const before = st.p[0]!.tac.length;
    chooseAll(st, [6, 8]);
    act(st, 0, { type: 'rally', area: p.areaIndex.get('1C')!, benefit: 'tactics' });
    expect(st.p[0]!.tac.length).toBe(before + p.cities[0]!.tactics);
  });

  it('RW-TACT-04: more than 10 Tactics cards: he discards cards of his choice down to 10 at once', () => {
    const st = scenarioGame(['daqan', 'latari'], 'limit10');
    drawTactics(st, 0, 10 - st.p[0]!.tac.length, undefined, 'RW-TACT-01');
    expect(st.p[0]!.tac).toHaveLength(10);
    st.season = 1; // summer's Orders: fall comes next, with its choice
    chooseAll(st, [8, 8]);
    for (let i = 0; i < 20 && top(st).k !== 'fall'; i++) {
      const s = g.prompts(st)[0]!.seat;
      act(st, s, g.defaultAction(st, s)!);
    }
    const seat = (top(st) as { seat: number }).seat;
    if (seat !== 0) act(st, seat, { type: 'fall', pick: 'influence' });
    act(st, 0, { type: 'fall', pick: 'tactics' });
    expect(top(st)).toMatchObject({ k: 'discard', seat: 0, kind: 0 });
    expect(st.p[0]!.tac).toHaveLength(11);
    const pick = st.p[0]!.tac[2]!;
    act(st, 0, { type: 'discard', card: pick });
    expect(st.p[0]!.tac).toHaveLength(10);
    expect(st.decks.tacticsDiscard).toContain(pick);
  });

  it('RW-TACT-06, RW-CLIMIT-03: an exhausted Tactics deck is rebuilt by shuffling its discard pile', () => {
    const st = scenarioGame(['daqan', 'latari'], 'rebuild');
    st.decks.tacticsDiscard.push(...st.decks.tactics.splice(0));
    const n = st.decks.tacticsDiscard.length;
    drawTactics(st, 0, 1, undefined, 'RW-TACT-01');
    expect(st.decks.tacticsDiscard).toHaveLength(0);
    expect(st.decks.tactics).toHaveLength(n - 1);
  });
});

describe('who may play Tactics cards in a battle', () => {
  it('RW-TACT-05, RW-BATTLE-70: only the players with units in the battle are in its windows; a third player is not', () => {
    const st = battleScenario(['uthuk', 'latari', 'daqan'], '4B', [[1, 'archer', 1]], [['berserker', 1]], {
      windows: true,
    });
    expect(g.prompts(st).map((x) => [x.seat, x.kind])).toEqual([
      [0, 'rw.window'],
      [1, 'rw.window'],
    ]);
    expect(g.legalActions(st, 2)).toEqual([]);
  });
});

describe('Titles (claimed in this version; their effects come with M5)', () => {
  it('RW-TITLE-01: three Titles, face up, nobody’s, no influence on them', () => {
    const st = newGame(2, 'titles');
    expect(p.titles).toHaveLength(3);
    expect(st.titles).toEqual([-1, -1, -1]);
    expect(st.titleInf).toEqual([0, 0, 0]);
    expect(g.view(st, -1).titles).toEqual([-1, -1, -1]);
  });

  it('RW-TITLE-02, RW-TITLE-05: a Title is claimed only by Acquire Power’s Supremacy; the influence put on it is spent', () => {
    // Only the Supremacy of Acquire Power ever offers a Title.
    const where = new Set<string>();
    randomGame('titles', 3, (st, _pr, legal) => {
      if (legal.some((a) => a.type === 'title')) where.add(top(st).k);
    });
    expect([...where]).toEqual(['title']);
    const st = scenarioGame(['daqan', 'latari'], 'spent');
    st.p[0]!.inf = 9;
    st.p[1]!.inf = 9;
    rejects(st, 0, { type: 'title', t: 0, spend: 3 }, 'RW-DP-30', 'wrongAction');
    chooseAll(st, [7, 7]);
    const [a, b] = st.order;
    act(st, a!, { type: 'supremacy', use: true });
    const inf = st.p[a!]!.inf;
    act(st, a!, { type: 'title', t: 0, spend: 3 });
    expect(st.p[a!]!.inf).toBe(inf - 3);
    expect([st.titles[0], st.titleInf[0]]).toEqual([a, 3]);
    // Taken by the other with 4: the 3 are not returned to the first holder, they were spent.
    for (let i = 0; i < 10 && top(st).k !== 'sup'; i++) {
      const s = g.prompts(st)[0]!.seat;
      act(st, s, g.defaultAction(st, s)!);
    }
    act(st, b!, { type: 'supremacy', use: true });
    const left = st.p[a!]!.inf;
    act(st, b!, { type: 'title', t: 0, spend: 4 });
    expect([st.titles[0], st.titleInf[0]]).toEqual([b, 4]);
    expect(st.p[a!]!.inf).toBe(left);
  });
});
