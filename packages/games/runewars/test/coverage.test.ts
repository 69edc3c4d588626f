/**
 * Core rules checked one by one that no other file cites (issue 21): the hero components as data
 * (RW-COMP-06/20/26, RW-DATA-05), a hero's move through several areas (RW-RUNE-21), revealing a rune token
 * on instruction (RW-DP-84), and table talk left unverified (RW-INFO-15, RW-DP-87).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import type { RwAction, RwState } from '@tabula/runewars';
import { board, ctrl, runewars as g, chooseAll, put, scenarioGame, unitsOf } from '@tabula/runewars';
import heroesJson from '../src/data/heroes.json' with { type: 'json' };
import { advance } from '../src/decisions.js';
import { reachOf } from '../src/movement.js';
import { area, p, top } from './battle-helpers.js';
import { act, rejects } from './helpers.js';

function until(st: RwState, stop: (st: RwState) => boolean): void {
  for (let i = 0; i < 5000 && !stop(st); i++) {
    const pr = g.prompts(st).find((x) => !x.optional)!;
    const r = g.apply(st, pr.seat, g.defaultAction(st, pr.seat)!);
    if (!r.ok) throw new Error(r.error.message);
  }
  if (!stop(st)) throw new Error('not reached');
}

describe('hero components (data)', () => {
  it('RW-COMP-26, RW-DATA-05: 12 Hero cards, each with a name (en/ru), an alignment (good, neutral, evil), Strength, Agility, Wisdom and health', () => {
    expect(p.heroes).toHaveLength(12);
    expect(new Set(p.heroes.map((h) => h.id)).size).toBe(12);
    for (const h of p.heroes) {
      expect(h.name.en.length).toBeGreaterThan(0);
      expect(h.name.ru.length).toBeGreaterThan(0);
      expect([-1, 0, 1]).toContain(h.align);
    }
    for (const h of heroesJson.heroes) {
      for (const k of ['strength', 'agility', 'wisdom', 'health'] as const) {
        expect(Number.isInteger(h[k])).toBe(true);
        expect(h[k]).toBeGreaterThan(0);
      }
    }
    // All three alignments are dealt from (RW-SETUP-11: good and evil pre-decks, neutrals in the Hero deck).
    expect(new Set(p.heroes.map((h) => h.align))).toEqual(new Set([-1, 0, 1]));
  });

  it('RW-COMP-06: one figure per Hero card, and heroes are never units (no unit type, not counted in an area, no control)', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'cov-hero', { heroes: 'on' });
    const hs = st.hero!;
    expect(hs.ctl).toHaveLength(p.heroes.length);
    expect(hs.at).toHaveLength(p.heroes.length);
    for (const h of p.heroes) expect(p.units.some((u) => u.id === h.id)).toBe(false);
    // His hero standing alone in an empty area: no unit of his there, and the area stays nobody's.
    const a = board(st).on.find((x) => st.home[x]! < 0 && ctrl(st, x) < 0 && st.own[x]! < 0)!;
    const h = hs.ctl.findIndex((c) => c === 0);
    hs.at[h] = a;
    expect(unitsOf(st, a, 0)).toBe(0);
    expect(ctrl(st, a)).toBe(-1);
  });

  it('RW-COMP-20: training tokens are +1 and +2: no attribute is ever trained past +2', () => {
    expect(heroesJson.trainMax).toBe(2);
    expect(p.heroes.length).toBeGreaterThan(0);
    const st = scenarioGame(['latari', 'uthuk'], 'cov-train', { heroes: 'on' });
    chooseAll(st, [4, 8]);
    until(st, (s) => top(s).k === 'qph');
    const f = top(st) as { seat: number };
    const h = st.hero!.ctl.findIndex((c) => c === f.seat);
    st.hero!.tr[h * 3] = 2;
    st.hero!.tr[h * 3 + 1] = 2;
    st.hero!.tr[h * 3 + 2] = 2;
    const train = (g.legalActions(st, f.seat) as RwAction[]).filter((a) => a.type === 'train' && a.h === h);
    expect(train).toEqual([]);
  });
});

describe('Reward cards (data)', () => {
  it('RW-COMP-28: 25 Reward cards, each copy in exactly one place in a game (the deck, its discard, under a hero, under a marker)', () => {
    expect(p.rewardDeck).toHaveLength(25);
    const st = scenarioGame(['latari', 'uthuk'], 'cov-rewards', { heroes: 'on' });
    const hs = st.hero!;
    const all = [...hs.rdeck, ...hs.rdisc, ...hs.rw.flat(), ...hs.mk.flatMap((m) => m.slice(1))];
    expect(all.slice().sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });
});

describe('heroes moving through areas', () => {
  it('RW-RUNE-21: a hero moving through two areas lets its controller look at the rune token of each one it enters', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'cov-rune21', { heroes: 'on' });
    chooseAll(st, [4, 8]);
    until(st, (s) => top(s).k === 'qph' && (s.stack.at(-1) as { seat: number }).seat === 0);
    const b = board(st);
    const kn = st.p[0]!.kn;
    // Two rune areas in a row across plain borders, neither seen by him yet.
    let path: number[] = [];
    for (const a of b.on) {
      if (st.rk[a]! < 0 || st.rup[a] || kn.includes(st.rh[a]!)) continue;
      const n = b.adj[a]!.find(
        (x, i) => b.edge[a]![i] === 0 && st.rk[x]! >= 0 && !st.rup[x] && !kn.includes(st.rh[x]!),
      );
      const s = b.adj[a]!.find((x, i) => b.edge[a]![i] === 0 && x !== n);
      if (n !== undefined && s !== undefined) {
        path = [s, a, n];
        break;
      }
    }
    expect(path).toHaveLength(3);
    const h = st.hero!.ctl.findIndex((c) => c === 0);
    st.hero!.at[h] = path[0]!;
    st.hero!.rt[h] = 0;
    const log: GameEvent[] = [];
    for (const to of path.slice(1)) {
      const r = g.apply(st, 0, { type: 'step', h, to }, log);
      expect(r.ok).toBe(true);
      // Each token is known the moment the hero enters its area, intermediate or not.
      expect(st.p[0]!.kn).toContain(st.rh[to]);
      expect(g.view(st, 0).rk[to]).toBe(st.rk[to]);
    }
    expect(st.hero!.at[h]).toBe(path[2]);
  });
});

describe('Blizzard (WI8)', () => {
  it('RW-SEASON-03, RW-MOVE-21: this winter Mobilize and Conquer move units from adjacent areas only (Fast ones 2); the next season as before', () => {
    const st = scenarioGame(['daqan', 'uthuk'], 'cov-blizzard');
    st.season = 3;
    st.stack.length = 1;
    st.stack[0] = { k: 'game', step: 10 };
    const wi = p.seasons.findIndex((c) => c.id === 'WI8');
    st.decks.seasons[3] = st.decks.seasons[3]!.filter((c) => c !== wi).concat([wi]);
    st.vict = [-1, -1, -1, -1];
    const log: GameEvent[] = [];
    advance(st, log);
    expect(log.map((e) => e.key)).toContain('rw.ev.seasonReach');
    expect(reachOf(st, 0)).toEqual([1, 2]);
    expect(reachOf(st, 1)).toEqual([1, 2]);
    until(st, (s) => s.season === 0);
    expect(st.reach).toBeUndefined();
    expect(reachOf(st, 0)).toEqual([p.rules.reach, p.rules.fastReach]);
  });
});

describe('revealing rune tokens and table talk', () => {
  it('RW-DP-84, RW-RUNE-30: told to reveal a rune token (a Victory card), he chooses a token in an area he controls — a dragon one where a dragon is required; the reveal is public', () => {
    const st = scenarioGame(['daqan', 'uthuk'], 'cov-reveal');
    st.year = 2;
    const mine: number[] = [];
    for (const a of board(st).on) {
      if (mine.length === 6) break;
      if (st.home[a]! >= 0 || st.own[a]! >= 0 || st.sh[a]! >= 0) continue;
      put(st, p.areas[a]!.id, 0, 'footman', 1);
      if (st.rk[a]! >= 0) st.runePile[st.rk[a] === 1 ? 0 : 1]!++;
      st.rk[a] = 1;
      st.rh[a] = 800000 + a;
      st.rup[a] = 0;
      st.runePile[0]!--;
      mine.push(a);
    }
    chooseAll(st, [8, 8]);
    until(st, (s) => top(s).k === 'victory');
    const reveals = (g.legalActions(st, 0) as RwAction[]).filter((a) => a.type === 'reveal');
    // Only tokens of areas he controls are offered.
    for (const r of reveals) expect(ctrl(st, (r as { area: number }).area)).toBe(0);
    expect(reveals.map((r) => (r as { area: number }).area).sort()).toEqual(mine.slice().sort());
    const other = board(st).on.find((a) => st.rk[a]! >= 0 && ctrl(st, a) !== 0 && !st.rup[a])!;
    rejects(st, 0, { type: 'reveal', area: other }, 'RW-VICT-02');
    act(st, 0, { type: 'reveal', area: mine[0]! });
    expect(st.rup[mine[0]!]).toBe(1);
    expect(g.view(st, 1).rk[mine[0]!]).toBe(1); // public once revealed
  });

  it('RW-INFO-15, RW-DP-87: what players say of hidden things is table talk: no action states, asks or verifies a rune, a hand or an Order', () => {
    const st = scenarioGame(['daqan', 'uthuk'], 'cov-talk');
    const before = JSON.stringify(st);
    for (const a of [
      { type: 'claim', area: area('4B'), kind: 1 },
      { type: 'ask', seat: 1 },
      { type: 'say', text: 'that rune is real' },
    ])
      expect(g.apply(st, 0, a as unknown as RwAction).ok).toBe(false);
    expect(JSON.stringify(st)).toBe(before);
    // Nothing listed to any seat speaks of another's hidden things; the views stay sealed.
    for (const s of [0, 1])
      for (const a of g.legalActions(st, s) as RwAction[]) expect(['order']).toContain(a.type);
    const v = g.view(st, 1);
    for (let a = 0; a < st.rk.length; a++)
      if (st.rk[a]! >= 0 && !st.rup[a] && !st.p[1]!.kn.includes(st.rh[a]!)) expect(v.rk[a]).toBe(-2);
  });
});
