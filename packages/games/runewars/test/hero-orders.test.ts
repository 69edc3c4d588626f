/**
 * M4, heroes moved by Orders (hero-moves.ts: RW-HMOVE-01..11, RW-STRAT-07) and battle support
 * (hero-battle.ts: RW-BATTLE-13, RW-SUPPORT-01..08), with the option `heroes: 'on'`. Latari (good,
 * seat 0) and Uthuk (evil, seat 1) on the two-player preset board, cleared.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { Rng } from '@tabula/engine';
import {
  chooseAll,
  clearBoard,
  ctrl,
  DEFAULT_PACK,
  put,
  runewars as g,
  scenarioGame,
  stronghold,
  checkInvariants,
} from '@tabula/runewars';
import type { BattleFrame, RwAction, RwState } from '@tabula/runewars';
import { act, area, battle, heroesToDeck, settle, top, u } from './battle-helpers.js';
import { rejects } from './helpers.js';
import { startBattle } from '../src/battle.js';
import { board } from '../src/common.js';
import { advance } from '../src/decisions.js';
import { setAsideDecision } from '../src/hero-battle.js';

const p = DEFAULT_PACK;
const hero = (id: string) => p.heroes.findIndex((h) => h.id === id);
const keys = (log: GameEvent[]) => log.map((e) => e.key);

/** A cleared board with heroes on; every hero back in the deck, then these given ([seat, id, area, routed?]). */
function game(list: [number, string, string, boolean?][], seed = 'ho'): RwState {
  const st = scenarioGame(['latari', 'uthuk'], seed, { heroes: 'on' });
  clearBoard(st);
  heroesToDeck(st);
  const hs = st.hero!;
  for (const [s, id, a, routed] of list) {
    const h = hero(id);
    hs.deck = hs.deck.filter((x) => x !== h);
    hs.ctl[h] = s;
    hs.at[h] = area(a);
    hs.rt[h] = routed ? 1 : 0;
  }
  return st;
}

const heroMoves = (st: RwState, seat = 0) =>
  (g.legalActions(st, seat) as RwAction[])
    .filter((a) => a.type === 'heroMove')
    .map((a) => {
      const x = a as { h: number; to?: number };
      return `${p.heroes[x.h]!.id}${x.to === undefined ? '' : `>${p.areas[x.to]!.id}`}`;
    });

describe('heroes moved by Strategize', () => {
  function strat(): RwState {
    const st = game([
      [0, 'laurel', '3B'],
      [1, 'verikas', '3D'],
    ]);
    put(st, '3B', 0, 'archer', 2);
    put(st, '2C', 0, 'warrior', 1);
    put(st, '3C', 1, 'berserker', 1);
    put(st, 'UYa', 1, 'berserker', 1);
    st.act[area('3B')]! |= 1; // his own activation token where the hero stands
    chooseAll(st, [1, 8]);
    expect(top(st).k).toBe('strat');
    return st;
  }

  it('RW-HMOVE-01, RW-STRAT-07, RW-HMOVE-04, RW-HMOVE-06: a hero moves with the plan into an adjacent friendly or empty area across an open border, even out of an area with his activation token (his units there may not)', () => {
    const st = strat();
    // 3A is behind a mountain from 1B only; from 3B every border is open. 3C holds Uthuk units.
    expect(heroMoves(st)).toEqual(['laurel>1B', 'laurel>3A', 'laurel>3D', 'laurel>2C', 'laurel>1C']);
    rejects(st, 0, { type: 'heroMove', h: hero('laurel'), to: area('3C') }, 'RW-STRAT-07', 'heroStrat');
    rejects(st, 0, { type: 'heroMove', h: hero('verikas'), to: area('3C') }, 'RW-HERO-01', 'notYourHero');
    rejects(
      st,
      0,
      { type: 'draft', from: area('3B'), to: area('3A'), u: u('archer') },
      'RW-STRAT-03',
      'activated',
    );
    act(st, 0, { type: 'heroMove', h: hero('laurel'), to: area('3D') });
    rejects(st, 0, { type: 'heroMove', h: hero('laurel'), to: area('1B') }, 'RW-HMOVE-01', 'heroDrafted');
    const log = act(st, 0, { type: 'commit' });
    expect(st.hero!.at[hero('laurel')]).toBe(area('3D'));
    expect(keys(log)).toContain('rw.ev.heroMoved');
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-HMOVE-11, RW-HMOVE-08, RW-HMOVE-03: an enemy hero alone never blocks: the area stays empty, units move in beside it and no battle starts', () => {
    const st = strat();
    expect(ctrl(st, area('3D'))).toBe(-1);
    act(st, 0, { type: 'draft', from: area('2C'), to: area('3D'), u: u('warrior') });
    act(st, 0, { type: 'heroMove', h: hero('laurel'), to: area('3D') });
    const log = act(st, 0, { type: 'commit' });
    expect(keys(log)).not.toContain('rw.ev.battle');
    expect(st.own[area('3D')]).toBe(0);
    expect(st.hero!.at[hero('verikas')]).toBe(area('3D')); // the enemy hero stays, sharing the area
    expect(st.hero!.at[hero('laurel')]).toBe(area('3D'));
  });

  it('RW-HMOVE-01: undo takes back the last draft, hero or unit', () => {
    const st = strat();
    act(st, 0, { type: 'draft', from: area('2C'), to: area('3D'), u: u('warrior') });
    act(st, 0, { type: 'heroMove', h: hero('laurel'), to: area('1B') });
    act(st, 0, { type: 'undo' });
    const f = top(st) as Extract<RwState['stack'][number], { k: 'strat' }>;
    expect(f.hd).toEqual([]);
    expect(f.d.length).toBe(3);
    act(st, 0, { type: 'undo' });
    expect(f.d.length).toBe(0);
  });
});

describe('heroes moved by Mobilize and Conquer', () => {
  function mob(): RwState {
    const st = game([
      [0, 'laurel', '4D'],
      [0, 'silhouette', '7B'],
      [0, 'valadir', '3D', true],
      [1, 'verikas', 'UYa'],
    ]);
    put(st, '4B', 1, 'berserker', 2);
    put(st, '3B', 0, 'archer', 2);
    put(st, 'UYa', 1, 'berserker', 1);
    chooseAll(st, [2, 8]);
    expect(top(st).k).toBe('mob');
    return st;
  }

  it('RW-HMOVE-01, RW-HMOVE-02, RW-HMOVE-09, RW-HMOVE-05: a hero comes into the activated area by up to 2 areas through enemy areas; a Quest Phase reach of 3 does not count; a routed hero stays', () => {
    const st = mob();
    act(st, 0, { type: 'activate', area: area('3C') });
    // Laurel: 4D → 4B (Uthuk units) → 3C. Silhouette (Quest Phase move 3) is 3 areas away. Valadir is routed.
    expect(heroMoves(st)).toEqual(['laurel']);
    rejects(st, 0, { type: 'heroMove', h: hero('silhouette') }, 'RW-HMOVE-01', 'heroPath');
    rejects(st, 0, { type: 'heroMove', h: hero('valadir') }, 'RW-HMOVE-05', 'routed');
    act(st, 0, { type: 'draft', from: area('3B'), u: u('archer') });
    act(st, 0, { type: 'heroMove', h: hero('laurel') });
    act(st, 0, { type: 'commit' });
    expect(st.hero!.at[hero('laurel')]).toBe(area('3C'));
    expect(st.own[area('3C')]).toBe(0);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-HMOVE-03, RW-HMOVE-07, RW-HMOVE-11: heroes alone moved into an enemy area start no battle and share the area with his units', () => {
    const st = mob();
    act(st, 0, { type: 'activate', area: area('4B') });
    act(st, 0, { type: 'heroMove', h: hero('laurel') });
    const log = act(st, 0, { type: 'commit' });
    expect(keys(log)).not.toContain('rw.ev.battle');
    expect(st.hero!.at[hero('laurel')]).toBe(area('4B'));
    expect(st.own[area('4B')]).toBe(1);
    expect(st.act[area('4D')]! & 1).toBe(0); // the area it left was not activated (RW-HMOVE-07)
  });
});

/* ------------------------------------------------------------------ battle support */

/** Seat 0 attacks 4B (Conquer) with `att` from 3C; heroes given; the battle frame advanced to its first decision. */
function fight(
  heroes: [number, string, string][],
  att: [string, number][],
  def: [number, string, number][],
  o: { before?: (st: RwState) => void; frame?: (f: BattleFrame) => void; log?: GameEvent[] } = {},
): RwState {
  const st = game(heroes, 'hs');
  for (const [s, unit, n] of def) put(st, '4B', s, unit, n);
  put(st, 'LEa', 0, 'archer', 1);
  put(st, 'UYa', 1, 'berserker', 1);
  o.before?.(st);
  chooseAll(st, [3, 8]);
  st.stack.pop();
  st.act[area('4B')]! |= 1;
  const moved: number[] = [];
  for (const [unit, n] of att) for (let i = 0; i < n; i++) moved.push(area('3C'), u(unit));
  startBattle(st, 0, area('4B'), 3, moved, o.log);
  o.frame?.(battle(st));
  advance(st, o.log);
  return st;
}

const supports = (st: RwState, seat: number) =>
  (g.legalActions(st, seat) as RwAction[])
    .filter((a) => a.type === 'support')
    .map((a) => {
      const x = a as { h: number; u: number };
      return `${p.heroes[x.h]!.id}:${p.units[x.u]!.id}`;
    });

describe('battle support', () => {
  it('RW-BATTLE-13, RW-SUPPORT-01, RW-SUPPORT-02, RW-DP-60: at step 3 the attacker, then the defender, places standing heroes of the area beside his unit types, at most one hero per type', () => {
    const st = fight(
      [
        [0, 'laurel', '4B'],
        [0, 'valadir', '4B'],
        [0, 'silhouette', '3C'], // not in the area
        [1, 'verikas', '4B'],
      ],
      [
        ['archer', 2],
        ['warrior', 1],
      ],
      [[1, 'berserker', 2]],
    );
    expect(g.prompts(st).map((x) => `${x.seat}:${x.kind}`)).toEqual(['0:rw.battle.support']);
    expect(supports(st, 0)).toEqual(['laurel:archer', 'laurel:warrior', 'valadir:archer', 'valadir:warrior']);
    act(st, 0, { type: 'support', h: hero('laurel'), u: u('archer') });
    rejects(st, 0, { type: 'support', h: hero('valadir'), u: u('archer') }, 'RW-SUPPORT-02', 'supportType');
    rejects(st, 0, { type: 'support', h: hero('laurel'), u: u('warrior') }, 'RW-SUPPORT-01', 'notSupporting');
    rejects(
      st,
      0,
      { type: 'support', h: hero('silhouette'), u: u('warrior') },
      'RW-SUPPORT-01',
      'notSupporting',
    );
    act(st, 0, { type: 'done' });
    expect(g.prompts(st).map((x) => `${x.seat}:${x.kind}`)).toEqual(['1:rw.battle.support']);
    expect(supports(st, 1)).toEqual(['verikas:berserker']);
    act(st, 1, { type: 'support', h: hero('verikas'), u: u('berserker') });
    expect(battle(st).hs).toEqual([hero('laurel'), u('archer'), hero('verikas'), 256 + u('berserker')]);
    expect(top(st).k).not.toBe('bsup');
  });

  it('RW-SUPPORT-03, RW-SUPPORT-06, RW-DP-63: a supported type draws one card more, its player sets one aside face down (hidden from the other seat), discarded with the others', () => {
    const st = fight([[0, 'laurel', '4B']], [['archer', 2]], [[1, 'berserker', 2]]);
    act(st, 0, { type: 'support', h: hero('laurel'), u: u('archer') });
    // Archers (initiative of their own) draw when their round comes: play defaults until the set-aside.
    for (let i = 0; i < 50 && !g.prompts(st).some((x) => x.kind === 'rw.battle.setAside'); i++) {
      const pr = g.prompts(st)[0]!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    const f = battle(st);
    expect(f.sd).toBe(1);
    expect(f.cs[0]!.length).toBe(3); // 2 standing Archers + 1
    const drawn = f.cs[0]!.slice();
    const legal = g.legalActions(st, 0) as RwAction[];
    expect(legal).toEqual(drawn.map((c) => ({ type: 'setAside', card: c })));
    rejects(st, 0, { type: 'setAside', card: 999 }, 'RW-SUPPORT-03', 'setAsideCard');
    // Answered without running on, to look at the frame at once (the kit would play the round on).
    expect(setAsideDecision.answer(st, f, 0, { type: 'setAside', card: drawn[1]! }, undefined).ok).toBe(true);
    expect(f.cs[0]).toEqual([drawn[0], drawn[2]]);
    expect(f.kx[0]).toBe(2);
    expect(f.sx).toEqual([drawn[1]]);
    // Sealed: nobody sees the card set aside; a sampled world of the other seat still holds a card there.
    expect((g.view(st, 1).stack.findLast((x) => x.k === 'battle') as BattleFrame).sx).toEqual([-1]);
    const w = g.sampleWorld!(g.view(st, 1), 1, new Rng('w'));
    expect((w.stack.findLast((x) => x.k === 'battle') as BattleFrame).sx!.length).toBe(1);
    expect(checkInvariants(st)).toEqual([]);
    advance(st, undefined);
    for (let i = 0; i < 50 && battle(st).sx; i++) {
      const pr = g.prompts(st)[0]!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    for (const c of drawn) expect(st.decks.fateDiscard).toContain(c);
  });

  it('RW-SUPPORT-06: a supported type with no standing unit draws nothing (the hero alone never draws)', () => {
    const st = fight([[0, 'laurel', '4B']], [['archer', 1]], [[1, 'berserker', 2]], {
      frame: (f) => {
        f.hs = [hero('laurel'), u('archer')];
        f.hsd = 2;
        for (let i = 0; i < f.fu.length; i++) if (f.fs[i] === 0) f.fr[i] = 1; // the Archer routed
      },
    });
    const f = battle(st);
    for (let i = 0; i < 60 && f.step < 8; i++) {
      expect(f.ty[0]).not.toBe(u('archer'));
      const pr = g.prompts(st)[0]!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(f.dw).not.toContain(u('archer'));
  });

  it("RW-HERO-06: Lord Hawthorne's supported type draws two cards more and sets two aside", () => {
    const st = fight([[0, 'hawthorne', '4B']], [['archer', 2]], [[1, 'berserker', 2]]);
    act(st, 0, { type: 'support', h: hero('hawthorne'), u: u('archer') });
    for (let i = 0; i < 50 && !g.prompts(st).some((x) => x.kind === 'rw.battle.setAside'); i++) {
      const pr = g.prompts(st)[0]!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    const f = battle(st);
    expect(f.cs[0]!.length).toBe(4);
    expect(setAsideDecision.answer(st, f, 0, setAsideDecision.byDefault(st, f, 0)!, undefined).ok).toBe(true);
    expect(f.sd).toBe(1);
    expect(setAsideDecision.answer(st, f, 0, setAsideDecision.byDefault(st, f, 0)!, undefined).ok).toBe(true);
    expect(f.sd).toBeUndefined();
    expect(f.cs[0]!.length).toBe(2);
    expect(f.sx!.length).toBe(2);
  });

  it('RW-SUPPORT-04, RW-SUPPORT-05, RW-SUPPORT-08, RW-HERO-03: the loser’s supporting heroes are routed and retreat with his units; heroes that did not support stay, standing; heroes take no damage in battles', () => {
    const st = fight(
      [
        [0, 'laurel', '4B'],
        [0, 'valadir', '4B'],
        [1, 'verikas', '4B'],
      ],
      [['archer', 1]],
      [[1, 'berserker', 6]],
      {
        before: (s) => {
          stronghold(s, '4B', 1);
          put(s, '3C', 0, 'warrior', 1); // a friendly area to retreat into
        },
      },
    );
    act(st, 0, { type: 'support', h: hero('laurel'), u: u('archer') }); // no type left: the defender's turn
    act(st, 1, { type: 'support', h: hero('verikas'), u: u('berserker') });
    // One Archer against six Berserkers and a stronghold: the attacker loses.
    const log: GameEvent[] = [];
    for (let i = 0; i < 200 && st.stack.some((f) => f.k === 'battle' || f.k === 'retreat'); i++) {
      const pr = g.prompts(st)[0]!;
      const r = g.apply(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
      expect(r.ok).toBe(true);
    }
    const hs = st.hero!;
    expect(keys(log)).toContain('rw.ev.heroRouted');
    expect(hs.rt[hero('laurel')]).toBe(1);
    expect(hs.at[hero('laurel')]).toBe(area('3C'));
    expect(hs.rt[hero('valadir')]).toBe(0); // did not support: stays, standing
    expect(hs.at[hero('valadir')]).toBe(area('4B'));
    expect(hs.rt[hero('verikas')]).toBe(0); // the winner's supporter
    expect(hs.dmg.every((d) => d === 0)).toBe(true);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-EX-11, RW-SUPPORT-01, RW-SUPPORT-03, RW-SUPPORT-04, RW-SUPPORT-05: 3 Archers and 2 Pegasus Riders with two heroes; the one supporting the Archers makes them draw 4 and set 1 aside; the Elves lose: the survivors retreat routed into one area, the supporter routed with them, the other hero stays standing', () => {
    const st = fight(
      [
        [0, 'laurel', '4B'],
        [0, 'valadir', '4B'],
      ],
      [
        ['archer', 3],
        ['pegasus', 2],
      ],
      [[1, 'berserker', 8]],
      {
        before: (s) => {
          stronghold(s, '4B', 1);
          put(s, '3C', 0, 'warrior', 1); // a friendly area to retreat into
        },
      },
    );
    act(st, 0, { type: 'support', h: hero('laurel'), u: u('archer') });
    expect(supports(st, 0)).toEqual(['valadir:pegasus']); // H2 could support the Riders: he does not
    // H2 supports nothing: the attacker is done; the defender places none.
    while (g.prompts(st)[0]!.kind === 'rw.battle.support') {
      const pr = g.prompts(st)[0]!;
      act(st, pr.seat, { type: 'done' } as RwAction);
    }
    let archersDrew = -1;
    const log: GameEvent[] = [];
    for (let i = 0; i < 300 && st.stack.some((f) => f.k === 'battle' || f.k === 'retreat'); i++) {
      const pr = g.prompts(st)[0]!;
      if (pr.kind === 'rw.battle.setAside' && pr.seat === 0 && archersDrew < 0)
        archersDrew = battle(st).cs[0]!.length;
      const r = g.apply(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
      expect(r.ok).toBe(true);
    }
    expect(archersDrew).toBe(4); // 3 standing Archers + 1, one of them set aside
    const hs = st.hero!;
    expect(ctrl(st, area('4B'))).toBe(1); // the Elves lost
    // Their survivors, all routed, in one area (3C, friendly); the supporter routed with them.
    // (LEa keeps the helper's own Archer.)
    for (const t of ['archer', 'pegasus'])
      for (const a of board(st).on) {
        if (a !== area('LEa')) expect(st.us[a * p.U + u(t)]).toBe(0);
        if (a !== area('3C')) expect(st.ur[a * p.U + u(t)]).toBe(0);
      }
    expect(st.us[area('3C') * p.U + u('warrior')]).toBe(1);
    expect(hs.rt[hero('laurel')]).toBe(1);
    expect(hs.at[hero('laurel')]).toBe(area('3C'));
    expect(hs.rt[hero('valadir')]).toBe(0);
    expect(hs.at[hero('valadir')]).toBe(area('4B'));
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-SUPPORT-04: a losing side whose units all fell still sends its supporting heroes back, all into one area', () => {
    const st = fight([[0, 'laurel', '4B']], [['archer', 1]], [[1, 'berserker', 6]], {
      before: (s) => stronghold(s, '4B', 1),
      frame: (f) => {
        f.hs = [hero('laurel'), u('archer')];
        f.hsd = 2;
        for (let i = 0; i < f.fu.length; i++) if (f.fs[i] === 0) f.fu[i] = -1; // the Archer is gone
      },
    });
    settle(st);
    const hs = st.hero!;
    expect(hs.rt[hero('laurel')]).toBe(1);
    expect(hs.at[hero('laurel')]).not.toBe(area('4B'));
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-SUPPORT-07: heroes may support allied neutral unit types; unallied neutral defenders never have support', () => {
    const st = fight([[0, 'laurel', '4B']], [['archer', 1]], [[-1, 'beastman', 2]], {
      frame: (f) => {
        f.fs.push(0);
        f.fu.push(u('beastman'));
        f.fr.push(0);
        f.fd.push(0);
      },
    });
    expect(supports(st, 0)).toContain('laurel:beastman');
    expect(supports(st, 0)).toContain('laurel:archer');
    act(st, 0, { type: 'support', h: hero('laurel'), u: u('beastman') });
    // No prompt for the neutrals' side: the battle goes on.
    expect(g.prompts(st).some((x) => x.kind === 'rw.battle.support')).toBe(false);
  });

  it('RW-SEASON-12: routed heroes stand up in spring', () => {
    const st = game([[0, 'laurel', '3B', true]]);
    put(st, 'LEa', 0, 'archer', 1);
    put(st, 'UYa', 1, 'berserker', 1);
    chooseAll(st, [4, 8]);
    for (let i = 0; i < 3000 && !(st.year === 2 && st.season === 0 && top(st).k === 'orders'); i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
      if (st.season === 1) st.hero!.rt[hero('laurel')] = 1;
    }
    expect(st.hero!.rt[hero('laurel')]).toBe(0);
  });
});
