/**
 * Core rules checked one by one that no other file cites: the defeated-hero markers (RW-COMP-11), heroes
 * moved by Mobilize out of an activated area and through enemy and neutral areas (RW-ACT-07, RW-MOVE-26),
 * heroes in a retreat (RW-RETREAT-04/12/13, RW-EXPL-08), who knows Reward cards (RW-INFO-08) and the fourth
 * hero's desertion under the Captain's title (RW-DESERT-03), and what heroes serve to (RW-HERO-02). Latari
 * (seat 0) and Uthuk (seat 1) on the two-player preset board, heroes on.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  board,
  chooseAll,
  checkInvariants,
  clearBoard,
  put,
  runewars as g,
  scenarioGame,
  stronghold,
} from '@tabula/runewars';
import type { BattleFrame, RwAction, RwState } from '@tabula/runewars';
import { startBattle } from '../src/battle.js';
import { crossable } from '../src/common.js';
import { advance } from '../src/decisions.js';
import { heroesOf } from '../src/heroes.js';
import { defeatHero } from '../src/quests.js';
import { act, area, battle, heroesToDeck, onlyHeroes, p, top, u } from './battle-helpers.js';
import { rejects } from './helpers.js';

const hero = (id: string) => p.heroes.findIndex((h) => h.id === id);
const keys = (log: GameEvent[]) => log.map((e) => e.key);

/** A game with heroes on (cleared board unless `keep`); every hero back in the deck, then these given. */
function game(
  list: [number, string, string][],
  o: { exploration?: boolean; keep?: boolean; seed?: string } = {},
) {
  const st = scenarioGame(['latari', 'uthuk'], o.seed ?? 'cc', {
    heroes: 'on',
    ...(o.exploration ? { exploration: 'on' } : {}),
  });
  if (!o.keep) clearBoard(st);
  onlyHeroes(st, list);
  return st;
}

/** Plays the timeout defaults until `stop` holds. */
function until(st: RwState, stop: (st: RwState) => boolean): void {
  for (let i = 0; i < 3000 && !stop(st); i++) {
    const pr = g.prompts(st).find((x) => !x.optional)!;
    act(st, pr.seat, g.defaultAction(st, pr.seat)!);
  }
  if (!stop(st)) throw new Error('not reached');
}

/** Seat 0 attacks 4B from 3C with `att` against Uthuk's `def`; the heroes given stand in 4B. */
function fight(
  heroes: [number, string, string][],
  att: [string, number][],
  def: [string, number][],
  o: { exploration?: boolean; before?: (st: RwState) => void; frame?: (f: BattleFrame) => void } = {},
): RwState {
  const st = game(heroes, { exploration: o.exploration, seed: 'cc-fight' });
  for (const [unit, n] of def) put(st, '4B', 1, unit, n);
  stronghold(st, '4B', 1);
  put(st, 'LEa', 0, 'archer', 1);
  put(st, 'UYa', 1, 'berserker', 1);
  o.before?.(st);
  chooseAll(st, [3, 8]);
  st.stack.pop();
  st.act[area('4B')]! |= 1;
  const moved: number[] = [];
  for (const [unit, n] of att) for (let i = 0; i < n; i++) moved.push(area('3C'), u(unit));
  startBattle(st, 0, area('4B'), 3, moved, undefined);
  o.frame?.(battle(st));
  advance(st, undefined);
  return st;
}

/** Plays the battle by its defaults up to seat 0's retreat prompt (the loser's). */
function toRetreat(st: RwState, log: GameEvent[]): void {
  for (let i = 0; i < 300 && !g.prompts(st).some((x) => x.kind === 'rw.retreat' && x.seat === 0); i++) {
    const pr = g.prompts(st)[0]!;
    log.push(...act(st, pr.seat, g.defaultAction(st, pr.seat)!));
  }
  expect(g.prompts(st).some((x) => x.kind === 'rw.retreat' && x.seat === 0)).toBe(true);
}

const retreats = (st: RwState) =>
  (g.legalActions(st, 0) as RwAction[])
    .filter((a) => a.type === 'retreat')
    .map((a) => (a as { area: number }).area);

/** Friendly areas for seat 0 beside 4B, across open borders (for a choice of retreat). */
function friendsBeside4B(st: RwState, n: number): number[] {
  const b = board(st);
  const a = area('4B');
  const out: number[] = [];
  for (let i = 0; i < b.adj[a]!.length && out.length < n; i++) {
    const x = b.adj[a]![i]!;
    if (b.edge[a]![i] !== 0 || st.home[x]! >= 0 || st.own[x]! >= 0) continue;
    put(st, p.areas[x]!.id, 0, 'warrior', 1);
    out.push(x);
  }
  expect(out).toHaveLength(n);
  return out;
}

describe('defeated-hero markers', () => {
  it('RW-COMP-11, RW-CLIMIT-02: each fallen hero with Reward cards gets its own numbered marker (area + its stack), even two in one area, and there is no limit of 8', () => {
    const st = game([]);
    const hs = st.hero!;
    const spots = ['3B', '3B', '3C', '4B', '4D', '2C', '1B', '1C', '3D'];
    const want: number[][] = [];
    spots.forEach((a, i) => {
      const h = hs.deck.pop()!;
      hs.ctl[h] = i % 2;
      hs.at[h] = area(a);
      const cards = [hs.rdeck.pop()!, hs.rdeck.pop()!];
      hs.rw[h] = cards.slice();
      defeatHero(st, h, undefined);
      want.push([area(a), ...cards]);
    });
    // Nine stacks (one more than the box's markers), each paired with the area where its hero fell.
    expect(hs.mk).toEqual(want);
    // A hero without Reward cards leaves no stack behind.
    const h = hs.deck.pop()!;
    hs.ctl[h] = 0;
    hs.at[h] = area('3B');
    defeatHero(st, h, undefined);
    expect(hs.mk).toHaveLength(9);
    expect(checkInvariants(st)).toEqual([]);
  });
});

describe('heroes moved by Mobilize', () => {
  it('RW-ACT-07, RW-MOVE-26: a hero leaves an area with his activation token and passes through neutral and enemy areas into the activated area; his units there may not leave; a hero behind a closed border may not come', () => {
    const st = game([
      [0, 'laurel', '4D'],
      [0, 'valadir', '7B'],
    ]);
    const b = board(st);
    const from = area('4D'),
      x = area('3C');
    expect(b.adj[from]).not.toContain(x);
    // Every open way 4D → ? → 3C goes through a neutral or an enemy area.
    const mids = b.adj[from]!.filter(
      (m, i) =>
        crossable(b.edge[from]![i]!, false, false) &&
        b.adj[m]!.some((y, j) => y === x && crossable(b.edge[m]![j]!, false, false)),
    );
    expect(mids.length).toBeGreaterThan(0);
    mids.forEach((m, i) => put(st, p.areas[m]!.id, i % 2 ? 1 : -1, i % 2 ? 'berserker' : 'beastman', 2));
    put(st, '4D', 0, 'archer', 1);
    st.act[from]! |= 1; // his own activation token where the hero stands
    put(st, '3B', 0, 'archer', 2);
    put(st, 'UYa', 1, 'berserker', 1);
    // Valadir: an area two steps from 3C counting every border, but farther by open borders only.
    const open = new Map<number, number>([[x, 0]]);
    const any = new Map<number, number>([[x, 0]]);
    for (const [dist, free] of [
      [open, false],
      [any, true],
    ] as const)
      for (let k = 0; k < 2; k++)
        for (const [a, d] of [...dist])
          if (d === k)
            b.adj[a]!.forEach((y, i) => {
              if (!dist.has(y) && (free || crossable(b.edge[a]![i]!, false, false))) dist.set(y, k + 1);
            });
    const walled = [...any.keys()].find((a) => !open.has(a) && st.home[a]! < 0 && !mids.includes(a))!;
    expect(walled).toBeDefined();
    st.hero!.at[hero('valadir')] = walled;
    chooseAll(st, [2, 8]);
    expect(top(st).k).toBe('mob');
    act(st, 0, { type: 'activate', area: x });
    const heroMoves = (g.legalActions(st, 0) as RwAction[]).filter((a) => a.type === 'heroMove');
    expect(heroMoves).toEqual([{ type: 'heroMove', h: hero('laurel') }]);
    rejects(st, 0, { type: 'heroMove', h: hero('valadir') }, 'RW-HMOVE-01', 'heroPath');
    rejects(st, 0, { type: 'draft', from, u: u('archer') }, 'RW-ACT-02', 'activated');
    act(st, 0, { type: 'heroMove', h: hero('laurel') });
    act(st, 0, { type: 'draft', from: area('3B'), u: u('archer') });
    const log = act(st, 0, { type: 'commit' });
    expect(st.hero!.at[hero('laurel')]).toBe(x);
    expect(st.hero!.at[hero('valadir')]).toBe(walled);
    expect(st.us[from * p.U + u('archer')]).toBe(1);
    // Passing through started nothing there.
    expect(keys(log)).not.toContain('rw.ev.battle');
    for (const m of mids) expect(st.act[m]! & 1).toBe(0);
    expect(checkInvariants(st)).toEqual([]);
  });
});

describe('heroes in a retreat', () => {
  it('RW-RETREAT-04: a hero that supported the losing units retreats into the area they retreat to, whichever the player chooses', () => {
    const st = fight([[0, 'laurel', '4B']], [['archer', 3]], [['berserker', 6]], {
      before: (s) => friendsBeside4B(s, 2),
    });
    act(st, 0, { type: 'support', h: hero('laurel'), u: u('archer') });
    const log: GameEvent[] = [];
    toRetreat(st, log);
    const rf = top(st) as Extract<RwState['stack'][number], { k: 'retreat' }>;
    // Some Archers survived to retreat, Laurel with them.
    expect(rf.u.length).toBeGreaterThan(0);
    expect(rf.u.every((x) => x === u('archer'))).toBe(true);
    const n = rf.u.length;
    const c = retreats(st);
    expect(c.length).toBeGreaterThanOrEqual(2);
    const dest = c[c.length - 1]!; // not the default choice
    act(st, 0, { type: 'retreat', area: dest });
    expect(st.hero!.at[hero('laurel')]).toBe(dest);
    expect(st.hero!.rt[hero('laurel')]).toBe(1);
    expect(st.ur[dest * p.U + u('archer')]).toBe(n); // the Archers, routed, went there too
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-RETREAT-12: supporting heroes whose units all fell still retreat, routed, all into one adjacent area of his choice', () => {
    const st = fight(
      [
        [0, 'laurel', '4B'],
        [0, 'valadir', '4B'],
      ],
      [
        ['archer', 1],
        ['warrior', 1],
      ],
      [['berserker', 6]],
      {
        before: (s) => friendsBeside4B(s, 2),
        frame: (f) => {
          f.hs = [hero('laurel'), u('archer'), hero('valadir'), u('warrior')];
          f.hsd = 2;
          for (let i = 0; i < f.fu.length; i++) if (f.fs[i] === 0) f.fu[i] = -1; // all his units gone
        },
      },
    );
    toRetreat(st, []);
    const c = retreats(st);
    expect(c.length).toBeGreaterThanOrEqual(2);
    const dest = c[c.length - 1]!;
    act(st, 0, { type: 'retreat', area: dest });
    for (const h of [hero('laurel'), hero('valadir')]) {
      expect(st.hero!.at[h]).toBe(dest);
      expect(st.hero!.rt[h]).toBe(1);
    }
    expect(b4(st)).toBe(true);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-RETREAT-13, RW-EXPL-08: a hero retreating into an area with a face-down exploration token does not flip it', () => {
    let dest = -1;
    const st = fight([[0, 'laurel', '4B']], [['archer', 1]], [['berserker', 6]], {
      exploration: true,
      before: (s) => {
        // One friendly area beside 4B, holding a face-down token: the only place to retreat.
        const ex = s.ex!;
        const b = board(s);
        const a = area('4B');
        dest = b.adj[a]!.find(
          (x, i) => b.edge[a]![i] === 0 && s.home[x]! < 0 && ex.t[x]! >= 0 && !ex.up[x] && x !== area('3C'),
        )!;
        expect(dest).toBeDefined();
        put(s, p.areas[dest]!.id, 0, 'warrior', 1);
      },
    });
    const ex = st.ex!;
    const tok = ex.t[dest];
    act(st, 0, { type: 'support', h: hero('laurel'), u: u('archer') });
    const log: GameEvent[] = [];
    for (let i = 0; i < 300 && st.stack.some((f) => f.k === 'battle' || f.k === 'retreat'); i++) {
      const pr = g.prompts(st)[0]!;
      const a = pr.kind === 'rw.retreat' && pr.seat === 0 ? { type: 'retreat' as const, area: dest } : null;
      log.push(...act(st, pr.seat, a ?? g.defaultAction(st, pr.seat)!));
    }
    expect(st.hero!.at[hero('laurel')]).toBe(dest);
    expect(ex.t[dest]).toBe(tok);
    expect(ex.up[dest]).toBe(0);
    expect(keys(log)).toContain('rw.ev.heroRetreated');
    expect(keys(log)).not.toContain('rw.ev.explored');
    expect(checkInvariants(st)).toEqual([]);
  });
});

/** No figure of seat 0 is left in 4B. */
function b4(st: RwState): boolean {
  const a = area('4B');
  for (let x = 0; x < p.U; x++)
    if (st.own[a] === 0 && (st.us[a * p.U + x]! || st.ur[a * p.U + x]!)) return false;
  return !st.hero!.at.some((x, h) => x === a && st.hero!.ctl[h] === 0);
}

describe('who knows Reward cards', () => {
  it('RW-INFO-08: face-down Reward cards are known to the hero’s controller only; under a marker to nobody; taken by another player’s hero, to him', () => {
    const st = game([[0, 'laurel', '3B']], { keep: true, seed: 'cc-loot' });
    const hs = st.hero!;
    const mine = hero('laurel');
    // Laurel waits in seat 0's stronghold area (so that his turn comes), Verikas of seat 1 holds two cards.
    hs.at[mine] = board(st).on.find((a) => st.sh[a] === 0)!;
    const theirs = hero('verikas');
    hs.deck = hs.deck.filter((x) => x !== theirs);
    hs.ctl[theirs] = 1;
    hs.at[theirs] = hs.at[mine]!;
    const down = hs.rdeck.pop()!,
      up = hs.rdeck.pop()!;
    hs.rw[theirs] = [down, up];
    hs.up.push(up);
    expect(g.view(st, 1).hero!.rw[theirs]).toEqual([down, up]);
    expect(g.view(st, 0).hero!.rw[theirs]).toEqual([-1, up]);
    defeatHero(st, theirs, undefined);
    for (const s of [0, 1]) expect(g.view(st, s).hero!.mk).toEqual([[hs.at[mine], -1, up]]);
    chooseAll(st, [4, 8]);
    until(st, (s) => top(s).k === 'loot' && (top(s) as { seat: number }).seat === 0);
    act(st, 0, { type: 'loot', h: mine, m: 0 });
    expect(hs.rw[mine]).toEqual([down, up]);
    expect(g.view(st, 0).hero!.rw[mine]).toEqual([down, up]);
    expect(g.view(st, 1).hero!.rw[mine]).toEqual([-1, up]);
  });
});

describe('desertion', () => {
  it('RW-DESERT-03, RW-TITLE-03: the Captain of the Heroes’ League who gains a fourth hero still has one desert', () => {
    const st = game(
      [
        [0, 'valadir', 'LEa'],
        [0, 'hawthorne', 'LEa'],
        [0, 'laurel', 'LEa'],
      ],
      { keep: true, seed: 'cc-captain' },
    );
    const captain = p.titles.findIndex((t) => t.id === 'captain');
    expect(captain).toBeGreaterThanOrEqual(0);
    st.titles[captain] = 0;
    st.p[0]!.inf = 5;
    chooseAll(st, [6, 8]);
    until(st, (s) => top(s).k === 'sup' && (top(s) as { n: number }).n === 6);
    act(st, 0, { type: 'supremacy', use: true });
    act(st, 0, { type: 'heroDraw', n: 1 });
    const f = top(st) as Extract<RwState['stack'][number], { k: 'hdraw' }>;
    const got = f.got[0]!;
    act(st, 0, { type: 'keepHero', h: got });
    if (top(st).k === 'hdraw') act(st, 0, g.defaultAction(st, 0)!);
    expect(top(st).k).toBe('desert');
    expect(heroesOf(st, 0)).toHaveLength(4);
    const v = hero('valadir');
    act(st, 0, { type: 'desert', h: v });
    expect(heroesOf(st, 0)).toHaveLength(3);
    expect(st.hero!.ctl[v]).toBe(-1);
    expect(st.hero!.deck).toContain(v);
    expect(st.titles[captain]).toBe(0);
  });
});

describe('what heroes serve to', () => {
  it('RW-HERO-02: a hero may attempt a quest of its area, duel an enemy hero there, support his units in a battle and scout the rune token of an area it enters', () => {
    // The Quest Phase: Laurel stands in 1B (Razorwing Nest, Q10) with Verikas; Silhouette alone in 1C.
    const st = scenarioGame(['latari', 'uthuk'], 'cc-serve', { heroes: 'on' });
    chooseAll(st, [4, 8]);
    until(st, (s) => top(s).k === 'qph');
    heroesToDeck(st);
    const hs = st.hero!;
    const give = (s: number, id: string, a: string) => {
      const h = hero(id);
      hs.deck = hs.deck.filter((x) => x !== h);
      hs.ctl[h] = s;
      hs.at[h] = area(a);
      return h;
    };
    const laurel = give(0, 'laurel', '1B'),
      silhouette = give(0, 'silhouette', '1C'),
      verikas = give(1, 'verikas', '1B');
    const f = top(st) as Extract<RwState['stack'][number], { k: 'qph' }>;
    f.seat = 0;
    f.acted = [];
    f.h = -1;
    f.left = 0;
    const q = p.quests.findIndex((x) => x.id === 'Q10');
    for (const x of st.p) x.quests = x.quests.filter((c) => c !== q);
    st.decks.quests = st.decks.quests.filter((c) => c !== q);
    st.decks.questDiscard = st.decks.questDiscard.filter((c) => c !== q);
    st.p[0]!.quests = [q];
    const legal = g.legalActions(st, 0) as RwAction[];
    expect(legal).toContainEqual({ type: 'quest', h: laurel, card: q });
    expect(legal).toContainEqual({ type: 'duel', h: laurel, target: verikas });
    // Nothing to quest for nor anyone to duel in 1C.
    expect(legal.some((a) => (a.type === 'quest' || a.type === 'duel') && a.h === silhouette)).toBe(false);
    // Scouting: Silhouette steps into a neighbouring area whose rune token seat 0 has not seen.
    const b = board(st);
    const from = area('1C');
    const to = b.adj[from]!.find(
      (x, i) => b.edge[from]![i] === 0 && st.rk[x]! >= 0 && !st.rup[x] && !st.p[0]!.kn.includes(st.rh[x]!),
    );
    expect(to).toBeDefined();
    expect(g.view(st, 0).rk[to!]).toBe(-2);
    act(st, 0, { type: 'step', h: silhouette, to: to! });
    expect(st.p[0]!.kn).toContain(st.rh[to!]);
    expect(g.view(st, 0).rk[to!]).toBe(st.rk[to!]);
    expect(g.view(st, 1).rk[to!]).toBe(st.p[1]!.kn.includes(st.rh[to!]!) ? st.rk[to!] : -2);
    // A battle: a hero in the contested area may support one of his unit types there.
    const fb = fight([[0, 'laurel', '4B']], [['archer', 2]], [['berserker', 2]]);
    expect(g.legalActions(fb, 0)).toContainEqual({ type: 'support', h: hero('laurel'), u: u('archer') });
    act(fb, 0, { type: 'support', h: hero('laurel'), u: u('archer') });
    expect(battle(fb).hs).toEqual([hero('laurel'), u('archer')]);
  });
});
