/**
 * M6, the exploration variant (option `exploration: 'on'`, 09-exploration-variant.md, explore.ts): the
 * option, the tokens dealt at setup by their backs, flipping at the end of a Quest Phase Move, and every
 * token. Latari (seat 0) and Uthuk (seat 1) on the two-player preset board, heroes on.
 */
import { describe, expect, it } from 'vitest';
import type { Bot, GameEvent } from '@tabula/engine';
import { playGame, SPECTATOR } from '@tabula/engine';
import { randomBot } from '@tabula/bots';
import {
  board,
  chooseAll,
  checkInvariants,
  ctrl,
  DEFAULT_PACK,
  DEFAULT_PACK_JSON,
  dragonRunes,
  production,
  put,
  runewars as g,
  scenarioGame,
} from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { act, rejects, top } from './helpers.js';
import { mayClaim } from '../src/victory.js';

const p = DEFAULT_PACK;
const tok = (id: string) => p.explore.tokens.findIndex((t) => t.id === id);
const keys = (log: GameEvent[]) => log.map((e) => e.key);
const OPTS = { heroes: 'on', exploration: 'on' } as const;

function game(seed = 'x1'): RwState {
  return scenarioGame(['latari', 'uthuk'], seed, OPTS);
}

/**
 * Lays a token of this kind in a non-home area (face down unless `up`): it trades places with a token of
 * that kind elsewhere on the board (backs stay), so the box's count is kept.
 */
function lay(st: RwState, a: number, id: string, up = false): void {
  const ex = st.ex!;
  const k = tok(id);
  if (ex.t[a] !== k) {
    const b = ex.t.findIndex((t, x) => t === k && x !== a && !ex.up[x] && ex.b[x] === ex.b[a]);
    const c = b >= 0 ? b : ex.t.findIndex((t, x) => t === k && x !== a && !ex.up[x]);
    if (c >= 0) ex.t[c] = ex.t[a]!;
    ex.t[a] = k;
    if (c >= 0 && ex.b[c] !== ex.b[a]) [ex.b[a], ex.b[c]] = [ex.b[c]!, ex.b[a]!];
  }
  ex.up[a] = up ? 1 : 0;
}

/** Plays the timeout defaults until `stop` holds. */
function until(st: RwState, stop: (st: RwState) => boolean, log?: GameEvent[]): void {
  for (let i = 0; i < 5000 && !stop(st); i++) {
    const pr = g.prompts(st).find((x) => !x.optional)!;
    const r = g.apply(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
    if (!r.ok) throw new Error(r.error.message);
  }
  if (!stop(st)) throw new Error('not reached');
}

/** Seat 0's Quest Phase step of year 1 (spring: Harvest for seat 0, Fortify for seat 1), with one hero. */
function questPhase(st: RwState): number {
  chooseAll(st, [4, 8]);
  until(st, (s) => top(s).k === 'qph' && (top(s) as { seat: number }).seat === 0);
  const hs = st.hero!;
  const h = hs.ctl.findIndex((c) => c === 0);
  // A second hero in the same area, so that the step stays open after the first one's action.
  const h2 = hs.deck.pop()!;
  hs.ctl[h2] = 0;
  hs.at[h2] = hs.at[h]!;
  return h;
}

/** A non-home area next to `a` across a plain border, and one next to that (not `a`), for a two-step path. */
function path(st: RwState, a: number): [number, number] {
  const b = board(st);
  for (let i = 0; i < b.adj[a]!.length; i++) {
    const x = b.adj[a]![i]!;
    if (b.edge[a]![i] !== 0 || st.home[x]! >= 0) continue;
    for (let j = 0; j < b.adj[x]!.length; j++) {
      const y = b.adj[x]![j]!;
      if (y !== a && b.edge[x]![j] === 0 && st.home[y]! < 0 && !b.adj[a]!.includes(y)) return [x, y];
    }
  }
  throw new Error('no path');
}

const legal = (st: RwState, s: number) => g.legalActions(st, s) as RwAction[];

describe('the option', () => {
  it('RW-EXPL-01, RW-DP-01: a table option the game declares (off by default); it plays with heroes', () => {
    const spec = g.optionsSchema!.find((o) => o.key === 'exploration')!;
    expect(spec.kind).toBe('choice');
    expect(spec.kind === 'choice' && spec.default).toBe('off');
    expect(g.parseOptions({ heroes: 'on', exploration: 'on' })).toMatchObject({ ok: true });
    expect(g.parseOptions({ exploration: 'off' })).toMatchObject({ ok: true });
    // Choosing the variant brings heroes, even beside a lobby's "heroes: off" default.
    for (const heroes of [undefined, 'off'])
      expect(g.parseOptions({ heroes, exploration: 'on' })).toMatchObject({
        ok: true,
        value: { heroes: 'on', exploration: 'on' },
      });
    expect(g.parseOptions({ heroes: 'on', exploration: 'yes' }).ok).toBe(false);
    expect(scenarioGame(['latari', 'uthuk'], 'x0', { heroes: 'on' }).ex).toBeUndefined();
    for (const l of ['en', 'ru'] as const)
      for (const k of [spec.label, spec.help, 'rw.opt.exploration.on', 'rw.opt.exploration.off'])
        expect(g.messages![l]![k]).toBeTruthy();
  });
});

describe('setup', () => {
  it('RW-MAP-26, RW-EXPL-02, RW-EXPL-03, RW-EXPL-04, RW-COMP-13: a token face down in every area but the home realms; "1" backs next to a home realm, "2+" elsewhere, from the 35 of the box', () => {
    const st = game();
    const ex = st.ex!;
    const b = board(st);
    const total = p.explore.tokens.reduce((n, t) => n + t.back[0] + t.back[1], 0);
    expect(total).toBe(35);
    let ones = 0;
    for (const a of b.on) {
      if (st.home[a]! >= 0) {
        expect(ex.t[a]).toBe(-1);
        continue;
      }
      expect(ex.t[a]).toBeGreaterThanOrEqual(0);
      expect(ex.up[a]).toBe(0);
      const near = b.adj[a]!.some((x) => st.home[x]! >= 0);
      if (near) ones++;
      // The "1" pool (12 tokens) lasts for the areas next to a home realm on this board; the "2+" pool
      // (23) runs out before the other areas do, which then draw "1" tokens left over.
      if (near) expect(ex.b[a]).toBe(1);
      expect(p.explore.tokens[ex.t[a]!]!.back[ex.b[a]! - 1]).toBeGreaterThan(0);
    }
    const far = b.on.filter((a) => st.home[a]! < 0).length - ones;
    expect(ones).toBeGreaterThan(0);
    expect(ones).toBeLessThanOrEqual(12);
    expect(ex.b.filter((x) => x === 2).length).toBe(Math.min(23, far));
    expect(ex.b.filter((x) => x === 1).length).toBe(Math.min(12, ones + Math.max(0, far - 23)));
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-EXPL-04: a pool that runs out lends the other one (a pack with two "1" tokens)', () => {
    const data = JSON.parse(JSON.stringify(DEFAULT_PACK_JSON.exploration)) as {
      tokens: { back1: number; back2: number }[];
    };
    for (const t of data.tokens) t.back1 = 0;
    data.tokens[1]!.back1 = 2;
    data.tokens[0]!.back2 = 40; // enough "2+" tokens for every area
    const st = scenarioGame(['latari', 'uthuk'], 'x-pool', { ...OPTS, data: { exploration: data } });
    const b = board(st);
    const near = b.on.filter((a) => st.home[a]! < 0 && b.adj[a]!.some((x) => st.home[x]! >= 0));
    expect(near.length).toBeGreaterThan(2);
    expect(near.filter((a) => st.ex!.b[a] === 1).length).toBe(2);
    expect(near.filter((a) => st.ex!.b[a] === 2).length).toBe(near.length - 2);
    expect(st.ex!.b.filter((x) => x === 1).length).toBe(2);
  });

  it('RW-EXPL-05, RW-INFO-13, RW-INFO-01: backs are public, faces hidden from every seat and spectator until flipped', () => {
    const st = game();
    for (const viewer of [0, 1, SPECTATOR]) {
      const v = g.view(st, viewer);
      for (let a = 0; a < st.ex!.t.length; a++) {
        expect(v.ex!.b[a]).toBe(st.ex!.b[a]);
        expect(v.ex!.t[a]).toBe(st.ex!.t[a]! < 0 ? -1 : -2);
      }
    }
    const a = st.ex!.t.findIndex((t) => t >= 0);
    st.ex!.up[a] = 1;
    expect(g.view(st, 1).ex!.t[a]).toBe(st.ex!.t[a]);
  });
});

describe('exploring', () => {
  it('RW-EXPL-06, RW-EXPL-07, RW-EXPL-09, RW-DP-15: a hero that ends its Move in an area flips its token; the area passed through keeps its own face down; the move is ended before anything else', () => {
    const st = game();
    const h = questPhase(st);
    const from = st.hero!.at[h]!;
    const [x, y] = path(st, from);
    lay(st, x, 'temple');
    lay(st, y, 'villageFood');
    act(st, 0, { type: 'step', h, to: x });
    // In the middle of the move: go on or stop, nothing else (no done, no other action).
    expect(legal(st, 0).some((a) => a.type === 'done')).toBe(false);
    expect(legal(st, 0)).toContainEqual({ type: 'stop', h });
    rejects(st, 0, { type: 'done' }, 'RW-EXPL-06', 'endMove');
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, { type: 'step', h, to: y }, log).ok).toBe(true);
    expect(st.ex!.up[x]).toBe(0); // passed through
    expect(st.ex!.up[y]).toBe(1); // the end of the move (its 2 steps)
    expect(keys(log)).toContain('rw.ev.explored');
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-EXPL-06, RW-EXPL-09: stopping after one step flips there; Heal and Train in place flip nothing', () => {
    const st = game('x2');
    const h = questPhase(st);
    const from = st.hero!.at[h]!;
    const [x] = path(st, from);
    lay(st, x, 'dungeon');
    lay(st, from, 'temple'); // a token under a hero that does not move stays face down
    act(st, 0, { type: 'step', h, to: x });
    act(st, 0, { type: 'stop', h });
    expect(st.ex!.up[x]).toBe(1);
    expect(top(st)).toMatchObject({ k: 'qph', seat: 0 });
    rejects(st, 0, { type: 'stop', h }, 'RW-EXPL-06', 'notMoving'); // the move is over
    expect(legal(st, 0)).toContainEqual({ type: 'done' });
    // The other hero trains where it stands, over a face-down token: nothing is flipped.
    const other = st.hero!.ctl.findIndex((c, i) => c === 0 && i !== h);
    act(
      st,
      0,
      legal(st, 0).find((a) => a.type === 'train' && a.h === other)!,
    );
    expect(st.ex!.up[from]).toBe(0);
  });

  it('RW-EXPL-10: events are discarded after resolving, locations stay face up', () => {
    const st = game('x3');
    const h = questPhase(st);
    const [x] = path(st, st.hero!.at[h]!);
    lay(st, x, 'merchant');
    st.p[0]!.inf = 0; // nothing to pay the merchant with: no question
    const back = st.ex!.b[x];
    act(st, 0, { type: 'step', h, to: x });
    act(st, 0, { type: 'stop', h });
    expect(st.ex!.t[x]).toBe(-1);
    expect(st.ex!.gone).toEqual([tok('merchant'), back]);
    const st2 = game('x3');
    const h2 = questPhase(st2);
    lay(st2, x, 'hallOfKellos');
    act(st2, 0, { type: 'step', h: h2, to: x });
    act(st2, 0, { type: 'stop', h: h2 });
    expect(st2.ex!.t[x]).toBe(tok('hallOfKellos'));
    expect(st2.ex!.up[x]).toBe(1);
  });
});

describe('only heroes in the Quest Phase explore', () => {
  it('RW-QPH-10, RW-FORGET-04: units moved into an area by an Order never flip its token', () => {
    const st = game();
    const bd = board(st);
    const home = bd.on.find((x) => st.home[x] === 0 && st.sh[x] === 0)!;
    const U = p.U;
    const x = bd.adj[home]!.find(
      (y, i) =>
        st.home[y]! < 0 &&
        bd.edge[home]![i] === 0 &&
        ctrl(st, y) < 0 &&
        !st.us.slice(y * U, y * U + U).some((n) => n > 0),
    )!;
    lay(st, x, 'temple');
    const u = p.factions[st.fac[0]!]!.units.find((y) => st.us[home * U + y]! > 1 && !p.units[y]!.flying)!;
    chooseAll(st, [1, 8]);
    until(st, (s) => top(s).k === 'strat');
    act(st, 0, { type: 'draft', from: home, to: x, u });
    act(st, 0, { type: 'commit' });
    expect(st.us[x * U + u]).toBe(1);
    expect(st.ex!.up[x]).toBe(0);
    expect(st.ex!.t[x]).toBe(tok('temple'));
  });
});

describe('locations', () => {
  it('RW-EXPL-20, RW-RUNE-02: a face-up Dragon Throne counts one more dragon rune for the area’s controller (a rune token may lie there too)', () => {
    const st = game();
    const a = board(st).on.find((x) => ctrl(st, x) === 0 && st.home[x]! >= 0)!;
    const before = dragonRunes(st, 0);
    lay(st, a, 'dragonThrone'); // face down: nothing
    expect(dragonRunes(st, 0)).toBe(before);
    st.ex!.up[a] = 1;
    expect(dragonRunes(st, 0)).toBe(before + 1);
    expect(dragonRunes(st, 1)).toBe(dragonRunes(scenarioGame(['latari', 'uthuk'], 'x1', OPTS), 1));
    st.rk[a] = 1;
    expect(dragonRunes(st, 0)).toBe(before + 2);
    // It counts toward the Victory card as a shown rune.
    const st2 = game();
    const mine = board(st2).on.filter((x) => ctrl(st2, x) === 0);
    for (const x of mine) st2.rk[x] = 1;
    const extra = board(st2).on.find((x) => st2.home[x]! < 0 && st2.rk[x]! < 0 && ctrl(st2, x) < 0)!;
    expect(mayClaim(st2, 0)).toBe(mine.length >= p.rules.victoryRunes);
    // Thrones in his areas make up the six.
    const U = p.U;
    for (let u = 0; u < U; u++) st2.us[extra * U + u] = st2.ur[extra * U + u] = 0;
    put(st2, p.areas[extra]!.id, 0, p.units[p.factions[st2.fac[0]!]!.units[0]!]!.id, 1);
    lay(st2, extra, 'dragonThrone', true);
    const need = p.rules.victoryRunes - mine.length - 1;
    for (const x of mine.slice(0, need)) st2.rk[x] = 1;
    expect(dragonRunes(st2, 0)).toBe(mine.length + 1);
    expect(mayClaim(st2, 0)).toBe(mine.length + 1 >= p.rules.victoryRunes);
    expect(mayClaim(st2, 0) || mine.length + 1 < p.rules.victoryRunes).toBe(true);
  });

  it('RW-EXPL-21, RW-HARV-03: a face-up Village adds one resource of its kind to the area’s production', () => {
    const st = game();
    const a = board(st).on.find((x) => ctrl(st, x) === 0)!;
    const before = production(st, 0);
    lay(st, a, 'villageWood', true);
    const after = production(st, 0);
    expect(after[1]).toBe(Math.min(p.rules.dialMax, before[1]! + 1));
    expect([after[0], after[2]]).toEqual([before[0], before[2]]);
    expect(production(st, 1)).toEqual(production(game(), 1));
  });

  it('RW-EXPL-24, RW-EXPL-25: a face-up Dungeon stops a hero entering it in the Quest Phase, in the middle of its move', () => {
    const st = game();
    const h = questPhase(st);
    const [x, y] = path(st, st.hero!.at[h]!);
    lay(st, x, 'dungeon', true);
    lay(st, y, 'temple');
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, { type: 'step', h, to: x }, log).ok).toBe(true);
    expect(keys(log)).toContain('rw.ev.dungeon');
    expect(top(st)).toMatchObject({ k: 'qph', seat: 0, h, left: 0 });
    expect(legal(st, 0).some((a) => a.type === 'step' && a.h === h)).toBe(false);
    rejects(st, 0, { type: 'step', h, to: y }, 'RW-QPH-13', 'acted');
    expect(st.hero!.at[h]).toBe(x);
    // Face down, a Dungeon stops nobody (it flips at the end of a move only).
    const st2 = game();
    const h2 = questPhase(st2);
    lay(st2, x, 'dungeon');
    act(st2, 0, { type: 'step', h: h2, to: x });
    expect(legal(st2, 0)).toContainEqual({ type: 'step', h: h2, to: y });
  });

  it('RW-EXPL-26, RW-EXPL-28: a hero ending its Quest Phase action at a Temple gives 2 influence — Heal and Train too, and the move that reveals it', () => {
    const st = game();
    const h = questPhase(st);
    const at = st.hero!.at[h]!;
    lay(st, at, 'temple', true);
    const inf = st.p[0]!.inf;
    const tr = legal(st, 0).find((a) => a.type === 'train')!;
    act(st, 0, tr);
    expect(st.p[0]!.inf).toBe(inf + 2);
    const st2 = game();
    const h2 = questPhase(st2);
    const [x] = path(st2, st2.hero!.at[h2]!);
    lay(st2, x, 'temple');
    const inf2 = st2.p[0]!.inf;
    act(st2, 0, { type: 'step', h: h2, to: x });
    act(st2, 0, { type: 'stop', h: h2 });
    expect(st2.p[0]!.inf).toBe(inf2 + 2);
  });

  it('RW-EXPL-27, RW-EXPL-28, RW-TACT-03: a Hall of Kellos draws a Tactics card, stamped with this season so it cannot be played in it', () => {
    const st = game();
    const h = questPhase(st);
    const [x] = path(st, st.hero!.at[h]!);
    lay(st, x, 'hallOfKellos');
    const n = st.p[0]!.tac.length;
    act(st, 0, { type: 'step', h, to: x });
    act(st, 0, { type: 'stop', h });
    expect(st.p[0]!.tac.length).toBe(n + 1);
    expect(st.p[0]!.tacSeason[n]).toBe(st.year * 4 + st.season);
  });

  it('RW-EXPL-10, RW-EXPL-11, RW-DP-40: a destructible location is discarded at the player’s choice in his turn where he controls the area with six units (allied neutrals and routed units count)', () => {
    const st = game();
    const bd = board(st);
    const home = bd.on.find((x) => st.home[x] === 0 && st.sh[x] === 0)!;
    const a = bd.adj[home]!.find((x) => st.home[x]! < 0)!;
    lay(st, a, 'portal', true);
    const b2 = bd.adj[home]!.find((x) => st.home[x]! < 0 && x !== a)!;
    lay(st, b2, 'villageOre', true);
    // Six units in a, routed and allied neutrals included; fewer in b2.
    const U = p.U;
    for (let u = 0; u < U; u++) {
      st.us[a * U + u] = 0;
      st.ur[a * U + u] = 0;
      st.us[b2 * U + u] = 0;
      st.ur[b2 * U + u] = 0;
    }
    put(st, p.areas[a]!.id, 0, p.units[p.factions[st.fac[0]!]!.units[0]!]!.id, 3);
    put(st, p.areas[a]!.id, 0, p.units[p.factions[st.fac[0]!]!.units[0]!]!.id, 2, true);
    put(st, p.areas[a]!.id, 0, p.units[p.neutrals[0]!]!.id, 1);
    put(st, p.areas[b2]!.id, 0, p.units[p.factions[st.fac[0]!]!.units[0]!]!.id, 5);
    chooseAll(st, [8, 4]);
    until(st, (s) => top(s).k === 'raze');
    expect(top(st)).toMatchObject({ k: 'raze', seat: 0 });
    expect(legal(st, 0)).toEqual([{ type: 'pass' }, { type: 'raze', area: a }]);
    rejects(st, 0, { type: 'raze', area: b2 }, 'RW-EXPL-11', 'razeArea');
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, { type: 'raze', area: a }, log).ok).toBe(true);
    expect(keys(log)).toContain('rw.ev.razed');
    expect(st.ex!.t[a]).toBe(-1);
    expect(st.ex!.t[b2]).toBe(tok('villageOre'));
    expect(top(st).k).not.toBe('raze');
    expect(checkInvariants(st)).toEqual([]);
  });
});

describe('Magic Portals', () => {
  /** Two face-up portals far apart on seat 0's side: his home area and an area three steps away. */
  function portals(st: RwState): [number, number] {
    const b = board(st);
    const home = b.on.find((x) => st.home[x] === 0 && st.sh[x] === 0)!;
    const far = b.on.find(
      (x) => st.home[x]! < 0 && !b.adj[home]!.includes(x) && !b.adj[x]!.some((y) => b.adj[home]!.includes(y)),
    )!;
    lay(st, home, 'portal', true);
    lay(st, far, 'portal', true);
    return [home, far];
  }

  it('RW-EXPL-22, RW-EXPL-23, RW-DP-15: a hero on a portal may step to any other portal for 1 influence, paid once for the Move', () => {
    const st = game();
    const h = questPhase(st);
    const [home, far] = portals(st);
    st.hero!.at[h] = home;
    st.p[0]!.inf = 3;
    expect(legal(st, 0)).toContainEqual({ type: 'step', h, to: far });
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, { type: 'step', h, to: far }, log).ok).toBe(true);
    expect(st.p[0]!.inf).toBe(2);
    expect(keys(log)).toContain('rw.ev.portal');
    // Back through the portal in the same Move: already paid.
    act(st, 0, { type: 'step', h, to: home });
    expect(st.p[0]!.inf).toBe(2 + 0 + (st.ex!.t[home] === tok('portal') ? 0 : 0));
    // Without influence, no link.
    const st2 = game();
    const h2 = questPhase(st2);
    portals(st2);
    st2.hero!.at[h2] = home;
    st2.p[0]!.inf = 0;
    expect(legal(st2, 0)).not.toContainEqual({ type: 'step', h: h2, to: far });
    rejects(st2, 0, { type: 'step', h: h2, to: far }, 'RW-HMOVE-06', 'notAdjacent');
  });

  it('RW-EXPL-22, RW-EXPL-23: Strategize moves units through the portals into a friendly or empty portal area, 1 influence for the whole plan', () => {
    const st = game();
    const [home, far] = portals(st);
    const U = p.U;
    for (let u = 0; u < U; u++) st.us[far * U + u] = st.ur[far * U + u] = 0;
    st.own[far] = -1;
    st.sh[far] = -1;
    const u = p.factions[st.fac[0]!]!.units.find((x) => st.us[home * U + x]! > 1)!;
    st.p[0]!.inf = 2;
    chooseAll(st, [1, 8]);
    until(st, (s) => top(s).k === 'strat');
    const move = { type: 'draft', from: home, to: far, u } as RwAction;
    expect(legal(st, 0)).toContainEqual(move);
    act(st, 0, move);
    act(st, 0, move);
    act(st, 0, { type: 'commit' });
    expect(st.p[0]!.inf).toBe(1);
    expect(st.us[far * U + u]).toBe(2);
    expect(ctrl(st, far)).toBe(0);
  });

  it('RW-EXPL-22, RW-EXPL-23: Mobilize reaches an activated area through the portals (one step), paying once', () => {
    const st = game();
    const [home, far] = portals(st);
    const U = p.U;
    const b = board(st);
    // The activated area: next to the far portal, empty.
    const x = b.adj[far]!.find((y) => st.home[y]! < 0 && !b.adj[home]!.includes(y) && y !== home)!;
    for (const a of [far, x]) {
      for (let u = 0; u < U; u++) st.us[a * U + u] = st.ur[a * U + u] = 0;
      st.own[a] = -1;
      st.sh[a] = -1;
    }
    const u = p.factions[st.fac[0]!]!.units.find((y) => st.us[home * U + y]! > 0 && !p.units[y]!.flying)!;
    st.p[0]!.inf = 2;
    chooseAll(st, [2, 8]);
    until(st, (s) => top(s).k === 'mob');
    act(st, 0, { type: 'activate', area: x });
    const move = { type: 'draft', from: home, u } as RwAction;
    expect(legal(st, 0)).toContainEqual(move);
    act(st, 0, move);
    act(st, 0, { type: 'commit' });
    expect(st.p[0]!.inf).toBe(1);
    expect(st.us[x * U + u]).toBe(1);
  });
});

describe('events', () => {
  it('RW-EXPL-30, RW-EXPL-31, RW-HDEF-01, RW-HDEF-07: the Raiding Party deals 1 damage, 1 more with enemy or neutral units there (no Reward card to give instead); a hero defeated so leaves the game', () => {
    const st = game();
    const h = questPhase(st);
    const [x] = path(st, st.hero!.at[h]!);
    const U = p.U;
    for (let u = 0; u < U; u++) st.us[x * U + u] = st.ur[x * U + u] = 0;
    st.own[x] = -1;
    lay(st, x, 'raidingParty');
    act(st, 0, { type: 'step', h, to: x });
    act(st, 0, { type: 'stop', h });
    expect(st.hero!.dmg[h]).toBe(1);
    expect(st.ex!.t[x]).toBe(-1);
    // With neutral units there: 2 damage; at its health the hero is defeated.
    const st2 = game();
    const h2 = questPhase(st2);
    for (let u = 0; u < U; u++) st2.us[x * U + u] = st2.ur[x * U + u] = 0;
    st2.own[x] = -1;
    put(st2, p.areas[x]!.id, -1, p.units[p.neutrals[0]!]!.id, 1);
    lay(st2, x, 'raidingParty');
    st2.hero!.dmg[h2] = p.heroes[h2]!.health - 2;
    const log: GameEvent[] = [];
    act(st2, 0, { type: 'step', h: h2, to: x });
    expect(g.apply(st2, 0, { type: 'stop', h: h2 }, log).ok).toBe(true);
    expect(keys(log)).toContain('rw.ev.heroDefeated');
    expect(st2.hero!.ctl[h2]).toBe(-2);
    expect(st2.hero!.at[h2]).toBe(-1);
    expect(st2.hero!.deck).not.toContain(h2);
    expect(checkInvariants(st2)).toEqual([]);
  });

  it('RW-EX-37, RW-EXPL-30, RW-HDEF-03, RW-HDEF-06: a hero one damage from its health ends its move on a Raiding Party where the other player’s units stand: defeated; its 2 face-down Reward cards lie under a marker in that area, seen by nobody', () => {
    const st = game('ex37');
    const h = questPhase(st);
    const [x] = path(st, st.hero!.at[h]!);
    const U = p.U;
    for (let u = 0; u < U; u++) st.us[x * U + u] = st.ur[x * U + u] = 0;
    st.own[x] = -1;
    put(st, p.areas[x]!.id, 1, p.units[p.factions[st.fac[1]!]!.units[0]!]!.id, 2);
    lay(st, x, 'raidingParty');
    const hs = st.hero!;
    const got = hs.rdeck.splice(0, 2);
    hs.rw[h]!.push(...got);
    hs.dmg[h] = p.heroes[h]!.health - 1;
    const log: GameEvent[] = [];
    act(st, 0, { type: 'step', h, to: x });
    expect(g.apply(st, 0, { type: 'stop', h }, log).ok).toBe(true);
    expect(keys(log)).toContain('rw.ev.heroDefeated');
    expect(hs.ctl[h]).toBe(-2);
    expect(hs.mk).toEqual([[x, ...got]]);
    for (const seat of [0, 1, SPECTATOR]) expect(g.view(st, seat).hero!.mk).toEqual([[x, -1, -1]]);
    // Taking the stack (a hero of his there during his turn; not in the Quest Phase) is RW-HDEF-04/05 in
    // quests.test.ts.
    expect(legal(st, 1).some((a) => a.type === 'loot')).toBe(false);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-EXPL-31, RW-DP-18: with hostile units there a hero with Reward cards gives one up (face up) or takes the second damage; by default the damage, unless it would defeat the hero: then its lowest card', () => {
    const setup = (seed: string, cards: number, dmg: number) => {
      const st = game(seed);
      const h = questPhase(st);
      const [x] = path(st, st.hero!.at[h]!);
      const U = p.U;
      for (let u = 0; u < U; u++) st.us[x * U + u] = st.ur[x * U + u] = 0;
      st.own[x] = -1;
      put(st, p.areas[x]!.id, -1, p.units[p.neutrals[0]!]!.id, 1);
      lay(st, x, 'raidingParty');
      const hs = st.hero!;
      const got = hs.rdeck.splice(0, cards);
      hs.rw[h]!.push(...got);
      hs.dmg[h] = dmg;
      act(st, 0, { type: 'step', h, to: x });
      act(st, 0, { type: 'stop', h });
      return { st, h, x, got };
    };
    const { st, h, x, got } = setup('x1', 2, 0);
    // The first damage is taken; then the choice (RW-DP-18), asked of him.
    expect(st.hero!.dmg[h]).toBe(1);
    expect(top(st)).toMatchObject({ k: 'explore', seat: 0, h });
    expect(g.prompts(st).map((x) => x.kind)).toEqual(['rw.explore']);
    expect(legal(st, 0)).toEqual([...got.map((c) => ({ type: 'raidReward', c })), { type: 'raidHurt' }]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'raidHurt' });
    // The other seat sees neither the cards nor what is offered (RW-REWARD-03).
    expect(g.view(st, 1).hero!.rw[h]).toEqual([-1, -1]);
    rejects(st, 0, { type: 'raidReward', c: st.hero!.rdeck[0]! }, 'RW-EXPL-31', 'raidChoice');
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, { type: 'raidReward', c: got[1]! }, log).ok).toBe(true);
    expect(keys(log)).toContain('rw.ev.raidReward');
    expect(st.hero!.dmg[h]).toBe(1);
    expect(st.hero!.rw[h]).toEqual([got[0]]);
    expect(st.hero!.up).toContain(got[1]);
    expect(st.hero!.rdisc.at(-1)).toBe(got[1]);
    expect(st.ex!.t[x]).toBe(-1); // the token discarded
    // The damage taken instead.
    const b = setup('x1', 1, 0);
    act(b.st, 0, { type: 'raidHurt' });
    expect(b.st.hero!.dmg[b.h]).toBe(2);
    expect(b.st.hero!.rw[b.h]).toEqual(b.got);
    // Where the second damage would defeat the hero, the default gives up the lowest card.
    const c = setup('x1', 2, p.heroes[questPhase(game('x1'))]!.health - 2);
    expect(g.defaultAction(c.st, 0)).toEqual({ type: 'raidReward', c: Math.min(...c.got) });
    expect(checkInvariants(c.st)).toEqual([]);
  });

  it('RW-EXPL-32, RW-EXPL-34, RW-INFO-13, RW-INFO-14, RW-DP-18: the Scroll of Sight shows its player alone the face-down tokens of any area he chooses', () => {
    const st = game();
    const h = questPhase(st);
    const [x] = path(st, st.hero!.at[h]!);
    lay(st, x, 'scroll');
    const far = board(st).on.find((a) => st.home[a] === 1)!;
    const target = board(st).on.find(
      (a) => st.ex!.t[a]! >= 0 && a !== x && !board(st).adj[a]!.some((y) => st.home[y] === 0),
    )!;
    void far;
    act(st, 0, { type: 'step', h, to: x });
    act(st, 0, { type: 'stop', h });
    expect(top(st)).toMatchObject({ k: 'explore', seat: 0 });
    expect(legal(st, 0)).toContainEqual({ type: 'scry', area: target });
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, { type: 'scry', area: target }, log).ok).toBe(true);
    expect(g.view(st, 0).ex!.t[target]).toBe(st.ex!.t[target]);
    expect(g.view(st, 1).ex!.t[target]).toBe(-2);
    expect(g.view(st, SPECTATOR).ex!.t[target]).toBe(-2);
    const own = log.find((e) => e.key === 'rw.ev.scrollOwn')!;
    expect(own.to).toEqual([0]);
    // The text view of the command line tells him, not the other player.
    const name = p.explore.tokens[st.ex!.t[target]!]!.name.en;
    expect(g.renderText!(g.view(st, 0), 'en', (s) => `P${s}`)).toContain(`you saw ${name}`);
    expect(g.renderText!(g.view(st, 1), 'en', (s) => `P${s}`)).not.toContain(`you saw`);
    expect(st.ex!.t[x]).toBe(-1); // discarded
    expect(top(st).k).toBe('qph');
  });

  it('a player who resigns while his Scroll of Sight waits: the event is discarded unresolved, the game goes on', () => {
    const st = game();
    const h = questPhase(st);
    const [x] = path(st, st.hero!.at[h]!);
    lay(st, x, 'scroll');
    act(st, 0, { type: 'step', h, to: x });
    act(st, 0, { type: 'stop', h });
    expect(top(st).k).toBe('explore');
    act(st, 0, { type: 'resign' } as RwAction);
    expect(st.stack.some((f) => f.k === 'explore')).toBe(false);
    expect(st.ex!.t[x]).toBe(-1);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-EXPL-29, RW-DP-18: the Traveling Merchant sells the hero a Reward card for 3 influence, or not; the token goes either way', () => {
    const st = game();
    const h = questPhase(st);
    const [x] = path(st, st.hero!.at[h]!);
    lay(st, x, 'merchant');
    st.p[0]!.inf = 4;
    act(st, 0, { type: 'step', h, to: x });
    act(st, 0, { type: 'stop', h });
    expect(top(st)).toMatchObject({ k: 'explore', seat: 0 });
    expect(legal(st, 0)).toEqual([
      { type: 'buy', buy: true },
      { type: 'buy', buy: false },
    ]);
    const cards = st.hero!.rw[h]!.length;
    act(st, 0, { type: 'buy', buy: true });
    expect(st.p[0]!.inf).toBe(1);
    expect(st.hero!.rw[h]!.length).toBe(cards + 1);
    expect(st.ex!.t[x]).toBe(-1);
    // Declined: no payment, no card, the token discarded; with less than 3 influence he is not asked.
    const st2 = game();
    const h2 = questPhase(st2);
    lay(st2, x, 'merchant');
    st2.p[0]!.inf = 3;
    act(st2, 0, { type: 'step', h: h2, to: x });
    act(st2, 0, { type: 'stop', h: h2 });
    act(st2, 0, { type: 'buy', buy: false });
    expect(st2.p[0]!.inf).toBe(3);
    expect(st2.hero!.rw[h2]!.length).toBe(0);
    expect(st2.ex!.t[x]).toBe(-1);
    const st3 = game();
    const h3 = questPhase(st3);
    lay(st3, x, 'merchant');
    st3.p[0]!.inf = 2;
    act(st3, 0, { type: 'step', h: h3, to: x });
    act(st3, 0, { type: 'stop', h: h3 });
    expect(top(st3).k).toBe('qph');
    expect(st3.ex!.t[x]).toBe(-1);
  });

  it('RW-EXPL-33, RW-QPH-08: Training raises one attribute by 1, within the +2 of training', () => {
    const st = game();
    const h = questPhase(st);
    const [x] = path(st, st.hero!.at[h]!);
    lay(st, x, 'training');
    st.hero!.tr[h * 3] = p.heroRules.trainMax; // Strength already at +2
    act(st, 0, { type: 'step', h, to: x });
    act(st, 0, { type: 'stop', h });
    expect(legal(st, 0)).toEqual([
      { type: 'raise', a: 1 },
      { type: 'raise', a: 2 },
    ]);
    rejects(st, 0, { type: 'raise', a: 0 }, 'RW-QPH-06', 'trainLimit');
    const pr = g.prompts(st).find((x) => x.seat === 0)!;
    expect(g.describePrompt!(pr, g.view(st, 0), 'en', String)).toBe(
      'Training: choose the attribute your hero raises by 1',
    );
    expect(g.describePrompt!(pr, g.view(st, 0), 'ru', String)).toContain('Тренировка');
    act(st, 0, { type: 'raise', a: 2 });
    expect(st.hero!.tr[h * 3 + 2]).toBe(1);
    expect(st.ex!.t[x]).toBe(-1);
  });
});

/**
 * A test per exploration token, from the data (issue 22, tests): seat 0's hero ends its Move on the token (face
 * down) in area `x`; what its effect does is checked. A token whose effect has no check here fails.
 */
describe('every exploration token (from the data)', () => {
  type Flip = { st: RwState; h: number; h2: number; from: number; x: number };
  /** The hero flips a token of kind `id` in the next area; `before` runs first (units, influence…). */
  function flip(id: string, before?: (st: RwState, x: number) => void): Flip {
    const st = game(`each-${id}`);
    const h = questPhase(st);
    const h2 = st.hero!.ctl.findIndex((c, i) => c === 0 && i !== h);
    const from = st.hero!.at[h]!;
    const [x] = path(st, from);
    lay(st, x, id);
    before?.(st, x);
    act(st, 0, { type: 'step', h, to: x });
    act(st, 0, { type: 'stop', h });
    return { st, h, h2, from, x };
  }
  const mine = (st: RwState, x: number) => put(st, p.areas[x]!.id, 0, 'archer', 1);
  const CHECKS: Record<string, (id: string, n: number) => void> = {
    runes: (id, n) => {
      let before = 0;
      const { st, x } = flip(id, (s, a) => {
        mine(s, a);
        before = dragonRunes(s, 0);
      });
      expect(st.ex!.up[x]).toBe(1);
      expect(dragonRunes(st, 0)).toBe(before + n);
    },
    village: (id, n) => {
      let before: number[] = [];
      const { st, x } = flip(id, (s, a) => {
        mine(s, a);
        before = production(s, 0);
      });
      const r = p.explore.tokens[tok(id)]!.res;
      expect(st.ex!.up[x]).toBe(1);
      expect(production(st, 0)[r]).toBe(Math.min(p.rules.dialMax, before[r]! + n));
    },
    portal: (id) => {
      // Face up, it links with another face-up portal: the second hero there steps to it for 1 influence.
      const st = game(`each-${id}`);
      const h = questPhase(st);
      const h2 = st.hero!.ctl.findIndex((c, i) => c === 0 && i !== h);
      const [x] = path(st, st.hero!.at[h]!);
      const far = board(st).on.find(
        (a) => a !== x && st.home[a]! < 0 && !board(st).adj[a]!.includes(x) && st.ex!.t[a] !== tok(id),
      )!;
      lay(st, far, id, true);
      lay(st, x, id);
      st.hero!.at[h2] = far;
      st.p[0]!.inf = 3;
      expect(legal(st, 0)).not.toContainEqual({ type: 'step', h: h2, to: x });
      act(st, 0, { type: 'step', h, to: x });
      act(st, 0, { type: 'stop', h });
      expect(st.ex!.up[x]).toBe(1);
      expect(legal(st, 0)).toContainEqual({ type: 'step', h: h2, to: x });
    },
    dungeon: (id) => {
      // Face up, it stops the second hero entering it in the middle of its move.
      const { st, h2, x } = flip(id);
      expect(st.ex!.up[x]).toBe(1);
      expect(top(st)).toMatchObject({ k: 'qph', seat: 0 });
      const log: GameEvent[] = [];
      expect(g.apply(st, 0, { type: 'step', h: h2, to: x }, log).ok).toBe(true);
      expect(keys(log)).toContain('rw.ev.dungeon');
      // Its move ends there after one step (its last hero: the step passes on).
      expect(st.hero!.at[h2]).toBe(x);
      expect(st.stack.some((f) => f.k === 'qph' && f.seat === 0)).toBe(false);
    },
    influence: (id, n) => {
      let inf = 0;
      const { st } = flip(id, (s) => (inf = s.p[0]!.inf));
      expect(st.p[0]!.inf).toBe(inf + n);
    },
    tactics: (id, n) => {
      let k = 0;
      const { st } = flip(id, (s) => (k = s.p[0]!.tac.length));
      expect(st.p[0]!.tac.length).toBe(k + n);
    },
    merchant: (id) => {
      const { st, h, x } = flip(id, (s) => (s.p[0]!.inf = p.explore.merchantCost));
      act(st, 0, { type: 'buy', buy: true });
      expect(st.p[0]!.inf).toBe(0);
      expect(st.hero!.rw[h]!.length).toBe(1);
      expect(st.ex!.t[x]).toBe(-1); // an event, discarded
    },
    raid: (id) => {
      // No enemy or neutral units there: the first damage only.
      const { st, h, x } = flip(id, (s, a) => {
        for (let u = 0; u < p.U; u++) s.us[a * p.U + u] = s.ur[a * p.U + u] = 0;
        s.own[a] = -1;
      });
      expect(st.hero!.dmg[h]).toBe(p.explore.raidDamage);
      expect(st.ex!.t[x]).toBe(-1);
    },
    scroll: (id) => {
      const { st, x } = flip(id);
      const scry = legal(st, 0).find((a) => a.type === 'scry')!;
      expect(scry).toBeDefined();
      act(st, 0, scry);
      const a = (scry as { area: number }).area;
      expect(g.view(st, 0).ex!.t[a]).toBe(st.ex!.t[a]);
      expect(st.ex!.t[x]).toBe(-1);
    },
    training: (id, n) => {
      const { st, h } = flip(id);
      act(st, 0, { type: 'raise', a: 1 });
      expect(st.hero!.tr[h * 3 + 1]).toBe(n);
    },
  };
  for (const t of p.explore.tokens)
    it(`RW-EXPL-20..33: ${t.id} (${t.kind}, ${t.effect}) does what its data says`, () => {
      const check = CHECKS[t.effect];
      expect(check, `no test for the exploration token ${t.id}`).toBeDefined();
      check!(t.id, t.n);
      expect(['event', 'location', 'destructible']).toContain(t.kind);
    });
});

describe('bots', () => {
  it('the heuristic bot plays the variant against random players from its own view: it ends its heroes’ moves on face-down tokens to explore them', () => {
    const heuristic = g.bots!.heuristic!;
    const done: Record<string, number> = {};
    for (let k = 0; k < 4; k++) {
      const seats = 2 + (k % 3);
      const bots: Bot[] = Array.from({ length: seats }, (_, s) =>
        s === 0 ? (heuristic({ seed: `xb-${k}` }) as Bot) : randomBot({ seed: `xr-${k}-${s}` }),
      );
      const r = playGame(g, {
        seats,
        seed: `explore-bot-${k}`,
        options: OPTS,
        bots,
        maxActions: 60_000,
        onAction: (st, seat, a) => {
          if (seat !== 0) return;
          const act = a as RwAction;
          done[act.type] = (done[act.type] ?? 0) + 1;
        },
      });
      expect(r.capped).toBe(false);
    }
    expect(done.stop).toBeGreaterThan(3);
  });
});
