/** M0–M1 rules, each test checking the rules it cites (ids of shared/rules/runewars). */
import { describe, expect, it } from 'vitest';
import type { RwState } from '@tabula/runewars';
import {
  board,
  compilePack,
  ctrl,
  DEFAULT_PACK,
  DEFAULT_PACK_JSON,
  playOrder,
  runewars as g,
  unitsOf,
} from '@tabula/runewars';
import { act, atOrders, chooseOrders, newGame, playDefaults, rejects, top } from './helpers.js';

const p = DEFAULT_PACK;
const area = (id: string) => p.areaIndex.get(id)!;

describe('M0: the data pack', () => {
  it('RW-DATA-01, RW-DATA-02, RW-DATA-03, RW-DATA-06: a bad entry is refused with an error naming it', () => {
    const bad = JSON.parse(JSON.stringify(DEFAULT_PACK_JSON.factions)) as {
      factions: { dials: { food: unknown[] } }[];
    };
    bad.factions[1]!.dials.food[3] = 'dragon';
    const r = compilePack({ factions: bad });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('factions.factions[1].dials.food[3]');
    const fate = JSON.parse(JSON.stringify(DEFAULT_PACK_JSON.fate)) as { cards: Record<string, unknown>[] };
    fate.cards[4]!.hexagon = 'X9';
    const f = compilePack({ fate });
    expect(!f.ok && f.error.message.includes('fate.cards[4].hexagon')).toBe(true);
    expect(compilePack({ nonsense: 1 }).ok).toBe(false);
    expect(g.parseOptions({ data: { fate } }).ok).toBe(false);
  });

  it('RW-DATA-07, RW-COMP-25: the Fate deck has 30 cards, destiny 4 gold / 8 silver / 18 red', () => {
    expect(p.fate.length).toBe(30);
    const c = (d: string) => p.fate.filter((x) => x.destiny === d).length;
    expect([c('gold'), c('silver'), c('red')]).toEqual([4, 8, 18]);
  });

  it('RW-DATA-04, RW-COMP-01..05: figures per the box; 2A starts with 2 Giants, 3C and 6D with 1', () => {
    const giant = p.units.findIndex((u) => u.id === 'giant');
    const n = (id: string) => p.areas[area(id)]!.neutrals.find(([u]) => u === giant)?.[1];
    expect([n('2A'), n('3C'), n('6D')]).toEqual([2, 1, 1]);
    for (const f of p.factions) expect(f.units.reduce((s, u) => s + p.units[u]!.figures, 0)).toBe(36);
    expect(p.neutrals.reduce((s, u) => s + p.units[u]!.figures, 0)).toBe(40);
  });

  it('RW-MAP-01, RW-MAP-02, RW-MAP-03: rotated tiles on the lattice give the designed borders of data.md', () => {
    const st = atOrders(4);
    const b = board(st);
    const edge = (x: string, y: string) => b.edge[area(x)]![b.adj[area(x)]!.indexOf(area(y))];
    for (const [x, y] of [
      ['2B', '6A'],
      ['2C', '6A'],
      ['2C', '6B'],
      ['3C', '4A'],
      ['1B', '3A'],
      ['7B', '8B'],
      ['5A', '2A'],
    ])
      expect([edge(x!, y!), edge(y!, x!)]).toEqual([1, 1]);
    for (const [x, y] of [
      ['6C', '5D'],
      ['6C', '8A'],
      ['6D', '8A'],
      ['6D', '8B'],
      ['4B', '4C'],
      ['8D', '8B'],
      ['9B', '5C'],
    ])
      expect(edge(x!, y!)).toBe(2);
    expect(edge('1A', '1B')).toBe(0);
    // data.md's 3D–6B mountain is taken out of the default pack by the balance check (the north-east home
    // place reaches the centre, docs/games/runewars-balance.md).
    expect([edge('3D', '6B'), edge('6B', '3D')]).toEqual([0, 0]);
    expect(b.adj[area('1A')]).not.toContain(area('3A')); // not neighbours on the lattice
  });
});

describe('M0: setup', () => {
  it('RW-SETUP-02, RW-SETUP-03, RW-SETUP-04, RW-DP-02: first player by the highest Fate card; factions clockwise from him', () => {
    const log: { key: string; params?: Record<string, unknown> }[] = [];
    const s = g.setup(g.parseOptions({}).value as never, 3, 'first', log);
    if (!s.ok) throw new Error();
    const st = s.value;
    const fate = log.find((e) => e.key === 'rw.ev.first')!.params!.fate as number[];
    expect(fate.indexOf(Math.max(...fate))).toBe(st.first);
    expect(g.prompts(st)).toEqual([{ seat: st.first, kind: 'rw.faction' }]);
    act(st, st.first, { type: 'faction', f: 2 });
    const next = (st.first + 1) % 3;
    expect(g.prompts(st)[0]!.seat).toBe(next);
    rejects(st, next, { type: 'faction', f: 2 }, 'RW-SETUP-04', 'factionTaken');
    expect(g.defaultAction(st, next)).toEqual({ type: 'faction', f: 0 });
  });

  it('RW-MAP-17, RW-MAP-18, RW-DP-05, RW-INFO-09: setup runes counterclockwise, never beside a marker, identities sealed', () => {
    const st = playDefaults(newGame(4, 'runes'), (s) => top(s).k === 'runes');
    const seat = (top(st) as { seat: number }).seat;
    expect(seat).toBe(st.first);
    const legal = g.legalActions(st, seat).map((a) => (a as { area: number }).area);
    for (const id of ['3A', '3C', '4A', '4C', '4D', '5A', '5B', '5D', '7C', '8C', '9A', '9B'])
      expect(legal).not.toContain(area(id));
    rejects(st, seat, { type: 'rune', area: area('3A') }, 'RW-MAP-18', 'runeArea');
    act(st, seat, { type: 'rune', area: area('1A') });
    const other = (seat + 1) % 4;
    expect(JSON.stringify(g.view(st, other))).toBe(JSON.stringify(g.view(st, other))); // nothing of it shown
    expect(g.view(st, other).rk[area('1A')]).toBe(-1);
    rejects(st, seat, { type: 'rune', area: area('1A') }, 'RW-MAP-17', 'runeSameArea');
    act(st, seat, { type: 'rune', area: area('1B') });
    expect(g.view(st, seat).rk[area('1A')]).toBe(1);
    expect(g.view(st, other).rk[area('1A')]).toBe(-2);
    expect(g.view(st, -1).rk[area('1B')]).toBe(-2);
    expect(g.prompts(st)[0]!.seat).toBe((st.first + 3) % 4); // counterclockwise
  });

  it('RW-MAP-19, RW-MAP-22, RW-SETUP-08, RW-SETUP-09, RW-SETUP-10, RW-DP-06, RW-DP-07: home realms from the left of the first player; dials; stronghold and units', () => {
    const st = playDefaults(newGame(3, 'homes'), (s) => top(s).k === 'home');
    expect((top(st) as { seat: number }).seat).toBe((st.first + 1) % 3);
    playDefaults(st, (s) => top(s).k === 'orders');
    for (let s = 0; s < 3; s++) {
      const f = p.factions[st.fac[s]!]!;
      expect(st.p[s]!.dial).toEqual(f.start);
      expect(f.home.every((a) => st.home[a] === s && ctrl(st, a) === s)).toBe(true);
      expect(st.sh.filter((o) => o === s)).toHaveLength(1);
      expect(f.home.every((a) => unitsOf(st, a, s) <= 8)).toBe(true);
      // no home area adjacent to another realm
      for (const a of f.home) for (const x of board(st).adj[a]!) expect([s, -1]).toContain(st.home[x]);
    }
  });

  it('RW-SETUP-14, RW-SETUP-15, RW-SETUP-16, RW-SETUP-20, RW-INFO-04, RW-INFO-06, RW-INFO-07: starting hands, secret', () => {
    const st = atOrders(2);
    for (let s = 0; s < 2; s++) {
      const f = p.factions[st.fac[s]!]!;
      expect(st.p[s]!.tac).toHaveLength(f.tactics);
      expect(st.p[s]!.quests).toHaveLength(2);
      expect(p.objectives[st.p[s]!.obj]!.good).toBe(f.good);
      expect(st.p[s]!.inf).toBe(f.influence);
      const other = g.view(st, 1 - s).players[s]!;
      expect([other.tac, other.quests, other.obj]).toEqual([null, null, -2]);
    }
  });
});

describe('M1: the year', () => {
  it('RW-YEAR-10, RW-YEAR-11, RW-YEAR-14, RW-INFO-03, RW-DP-30: secret Orders, changeable until all commit, revealed together', () => {
    const st = atOrders(3);
    expect(g.prompts(st).every((x) => x.secret)).toBe(true);
    act(st, 0, { type: 'order', n: 4 });
    expect(g.view(st, 1).players[0]!.pick).toBe(-1);
    expect(g.prompts(st).find((x) => x.seat === 0)!.optional).toBe(true);
    act(st, 0, { type: 'order', n: 7 });
    act(st, 1, { type: 'order', n: 7 });
    expect(st.p.map((x) => x.cur)).toEqual([0, 0, 0]);
    expect(g.defaultAction(st, 2)).toEqual({ type: 'order', n: 1 });
    act(st, 2, { type: 'order', n: 5 });
    expect(st.p.map((x) => x.cur)).toEqual([7, 7, 5]);
  });

  it('RW-YEAR-12, RW-YEAR-13, RW-SEASON-10, RW-SEASON-11: a played Order leaves the hand until spring', () => {
    const st = atOrders(2);
    chooseOrders(st, [7, 7]);
    playDefaults(st, (s) => top(s).k === 'orders');
    rejects(st, 0, { type: 'order', n: 7 }, 'RW-YEAR-12', 'orderNotInHand');
    playDefaults(st, (s) => s.year === 2 && top(s).k === 'orders');
    expect(st.p[0]!.hand).toBe(0b111111110);
    expect(st.act.every((x) => x === 0)).toBe(true);
  });

  it('RW-YEAR-21, RW-YEAR-22, RW-YEAR-31, RW-YEAR-32, RW-YEAR-33, RW-YEAR-34: play order by card, influence, starting influence', () => {
    const st = atOrders(3);
    st.p[0]!.inf = 5;
    st.p[1]!.inf = 9;
    st.p[2]!.inf = 5;
    st.p.forEach((x, s) => (x.cur = [3, 3, 1][s]!));
    const startInf = (s: number) => p.factions[st.fac[s]!]!.influence;
    const tie = startInf(0) > startInf(2) ? [0, 2] : [2, 0];
    expect(playOrder(st)).toEqual([2, 1, 0]);
    st.p.forEach((x) => (x.cur = 2));
    expect(playOrder(st)).toEqual([1, ...tie]);
  });

  it('RW-YEAR-24, RW-YEAR-25, RW-YEAR-26, RW-DP-43, RW-EX-04: Supremacy only above every card played this year', () => {
    const st = atOrders(2);
    chooseOrders(st, [8, 8]);
    playDefaults(st, (s) => top(s).k === 'orders');
    chooseOrders(st, [5, 5]);
    playDefaults(st, (s) => top(s).k === 'sup' || top(s).k === 'orders');
    expect(top(st).k).toBe('orders'); // Recruit after Fortify: no second dial
    const b = atOrders(2, 'sup');
    chooseOrders(b, [5, 5]);
    playDefaults(b, (s) => top(s).k === 'sup');
    expect(g.legalActions(b, (top(b) as { seat: number }).seat)).toEqual([
      { type: 'supremacy', use: true },
      { type: 'supremacy', use: false },
    ]);
  });

  it('RW-HARV-01, RW-HARV-02, RW-HARV-03, RW-DIAL-01, RW-DIAL-05: Harvest sets each dial to the production of controlled areas', () => {
    const st = atOrders(2);
    const s = st.order.length ? st.order[0]! : 0;
    st.p[s]!.dial = [8, 0, 5];
    chooseOrders(st, [4, 4]);
    playDefaults(st, (x) => top(x).k === 'sup' || top(x).k === 'orders');
    const f = p.factions[st.fac[s]!]!;
    expect(st.p[s]!.dial).toEqual(f.start);
  });

  it('RW-RECR-01, RW-RECR-02, RW-RECR-03, RW-RECR-05, RW-DIAL-04, RW-EX-19: Recruit gains the units at and below the arrow, placed at strongholds', () => {
    const st = atOrders(2);
    chooseOrders(st, [5, 5]);
    const s = st.order[0]!;
    const f = p.factions[st.fac[s]!]!;
    const dial = st.p[s]!.dial.slice();
    st.p[s]!.dial[1] = 3;
    const want = f.dials[1]!.slice(0, 4).filter((x) => x >= 0);
    act(st, s, { type: 'recruit', res: 1 });
    const fr = top(st) as { q: number[] };
    expect(fr.q).toEqual(want);
    const sh = st.sh.indexOf(s);
    rejects(st, s, { type: 'place', area: f.home.find((a) => a !== sh)! }, 'RW-RECR-03', 'recruitPlace');
    const before = unitsOf(st, sh, s);
    for (let i = 0; i < want.length; i++) act(st, s, { type: 'place', area: sh });
    expect(unitsOf(st, sh, s)).toBe(
      Math.min(8, before + want.length) + Math.max(0, before + want.length - 8),
    );
    expect(st.p[s]!.dial).toEqual([dial[0], 3, dial[2]]);
  });

  it('RW-LIMIT-01, RW-LIMIT-03, RW-LIMIT-05, RW-LIMIT-06, RW-DP-42: over 8 after placing, he destroys at least the excess', () => {
    const st = atOrders(2);
    chooseOrders(st, [5, 5]);
    const s = st.order[0]!;
    const f = p.factions[st.fac[s]!]!;
    const sh = st.sh.indexOf(s);
    st.us[sh * p.U + f.units[0]!]! += 8 - unitsOf(st, sh, s);
    st.p[s]!.dial[0] = 8;
    act(st, s, { type: 'recruit', res: 0 });
    while (top(st).k === 'recruit') act(st, s, { type: 'place', area: sh });
    expect(top(st).k).toBe('cull');
    expect(g.legalActions(st, s).every((a) => a.type === 'destroy')).toBe(true);
    while (unitsOf(st, sh, s) > 8) act(st, s, g.defaultAction(st, s)!);
    expect(g.legalActions(st, s)[0]).toEqual({ type: 'done' });
    act(st, s, { type: 'done' });
    expect(unitsOf(st, sh, s)).toBe(8);
  });

  it('RW-MOB-01, RW-MOB-02, RW-MOB-05, RW-ACT-01, RW-ACT-02, RW-ACT-05, RW-MOVE-21, RW-MOVE-28, RW-MOVE-29, RW-DP-44: activate, draft, commit; the area stays activated', () => {
    const st = atOrders(2);
    chooseOrders(st, [2, 2]);
    const s = st.order[0]!;
    const home = p.factions[st.fac[s]!]!.home;
    const out = board(st).adj[home[0]!]!.find(
      (a) => st.home[a]! < 0 && ctrl(st, a) < 0 && st.us.slice(a * p.U, a * p.U + p.U).every((x) => x === 0),
    )!;
    expect(g.legalActions(st, s)).toContainEqual({ type: 'activate', area: out });
    act(st, s, { type: 'activate', area: out });
    expect(st.act[out]! & (1 << s)).toBeTruthy();
    const drafts = g.legalActions(st, s).filter((a) => a.type === 'draft');
    expect(drafts.length).toBeGreaterThan(0);
    act(st, s, drafts[0]!);
    const moved = drafts[0] as { from: number; u: number };
    const n = st.us[moved.from * p.U + moved.u]!;
    act(st, s, { type: 'commit' });
    expect(st.us[moved.from * p.U + moved.u]).toBe(n - 1);
    expect(ctrl(st, out)).toBe(s);
    // Supremacy in spring: a second activation, never the same area, never out of an activated one.
    act(st, s, { type: 'supremacy', use: true });
    rejects(st, s, { type: 'activate', area: out }, 'RW-ACT-05', 'alreadyActivated');
  });

  it('RW-STRAT-01, RW-STRAT-02, RW-STRAT-03, RW-STRAT-06, RW-STRAT-08, RW-MOVE-10, RW-EX-06, RW-EX-43: one step into friendly or empty areas, all at once', () => {
    const st = atOrders(2);
    chooseOrders(st, [1, 1]);
    const s = st.order[0]!;
    const legal = g.legalActions(st, s).filter((a) => a.type === 'draft') as {
      from: number;
      to: number;
      u: number;
    }[];
    expect(legal.length).toBeGreaterThan(0);
    const b = board(st);
    for (const a of legal) {
      const i = b.adj[a.from]!.indexOf(a.to);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(b.edge[a.from]![i] === 0 || p.units[a.u]!.flying).toBe(true);
      expect(ctrl(st, a.to) === s || ctrl(st, a.to) < 0).toBe(true);
      expect(st.us.slice(a.to * p.U, a.to * p.U + p.U).some((x, u) => x > 0 && p.units[u]!.faction < 0)).toBe(
        false,
      );
    }
    act(st, s, legal[0]!);
    act(st, s, { type: 'commit' });
    expect(ctrl(st, legal[0]!.to)).toBe(s);
    expect(st.act.every((x) => x === 0)).toBe(true); // RW-STRAT-04: no activation
  });

  it('RW-SEASON-16, RW-SEASON-17, RW-DP-12: fall: each in play order takes 2 influence or a Tactics card', () => {
    const st = atOrders(2);
    playDefaults(st, (s) => s.season === 2 && top(s).k === 'fall');
    const s = (top(st) as { seat: number }).seat;
    const inf = st.p[s]!.inf;
    expect(g.defaultAction(st, s)).toEqual({ type: 'fall', pick: 'influence' });
    act(st, s, { type: 'fall', pick: 'influence' });
    expect(st.p[s]!.inf).toBe(inf + 2);
  });

  it('RW-SEASON-20, RW-SEASON-21, RW-SEASON-22, RW-DIAL-06, RW-EX-05: winter: units per area capped by food', () => {
    const st = atOrders(2);
    playDefaults(st, (s) => s.season === 3 && s.card >= 0);
    st.stack.length = 0;
    st.stack.push({ k: 'game', step: 11 });
    const s = 0;
    const home = p.factions[st.fac[s]!]!.home;
    st.p[s]!.dial[0] = 2;
    st.stack.push({ k: 'cull', seat: s, cap: 2, areas: [], winter: 1, rule: 'RW-SEASON-20' });
    const over = home.filter((a) => unitsOf(st, a, s) > 2);
    while (top(st).k === 'cull') act(st, s, g.defaultAction(st, s)!);
    for (const a of home) expect(unitsOf(st, a, s)).toBeLessThanOrEqual(2);
    expect(over.length).toBeGreaterThan(0);
  });

  it('RW-FORT-01, RW-FORT-02, RW-FORT-04, RW-FORT-05, RW-FORT-06, RW-INFO-12, RW-INFO-14, RW-RAND-05: Fortify builds and rearranges runes with new handles', () => {
    const st = atOrders(2);
    chooseOrders(st, [8, 8]);
    const s = st.order[0]!;
    const home = p.factions[st.fac[s]!]!.home;
    const other = 1 - s;
    // a rune of the other player moved next to this seat's realm, then taken under control
    const x = board(st).adj[home[0]!]!.find((a) => st.home[a]! < 0)!;
    st.rk[x] = 1;
    st.rh[x] = 4242;
    st.runePile[0]!--;
    st.own[x] = s;
    st.us[x * p.U + p.factions[st.fac[s]!]!.units[0]!] = 1;
    const oldHandles = st.rh.filter((h) => h > 0);
    act(st, s, { type: 'shuffle', a: x, b: home[1]!, swap: true });
    expect(st.rk[home[1]!]).toBe(1);
    expect(st.rk[x]).toBe(-1);
    expect(oldHandles).not.toContain(st.rh[home[1]!]);
    expect(g.view(st, s).rk[home[1]!]).toBe(1);
    expect(g.view(st, other).rk[home[1]!]).toBe(-2);
    rejects(st, s, { type: 'shuffle', a: x, b: home[1]!, swap: false }, 'RW-FORT-04', 'runeMove');
    const w = st.p[s]!.dial[1]!;
    st.p[s]!.dial[2] = Math.max(1, st.p[s]!.dial[2]!);
    act(st, s, { type: 'stronghold', area: x });
    expect(st.sh[x]).toBe(s);
    expect(st.p[s]!.dial[1]).toBe(w - 1);
  });

  it('RW-POWER-01, RW-POWER-02, RW-POWER-03, RW-POWER-04, RW-POWER-05, RW-EX-20: Acquire Power, then a Title for more than lies on it', () => {
    const st = atOrders(2);
    chooseOrders(st, [7, 7]);
    playDefaults(st, (x) => top(x).k === 'sup');
    const s = (top(st) as { seat: number }).seat;
    st.p[s]!.inf = 5;
    act(st, s, { type: 'supremacy', use: true });
    rejects(st, s, { type: 'title', t: 0, spend: 0 }, 'RW-POWER-02', 'titleSpend');
    act(st, s, { type: 'title', t: 0, spend: 3 });
    expect([st.titles[0], st.titleInf[0], st.p[s]!.inf]).toEqual([s, 3, 2]);
  });

  it('RW-VICT-14, RW-VICT-15, RW-GEN-02, RW-GEN-03, RW-GEN-04, RW-YEAR-01, RW-YEAR-03: after the 7th winter, runes face up, most dragon runes wins', () => {
    const st = playDefaults(newGame(2, 'end'), () => false, 20000);
    expect(st.over).not.toBeNull();
    expect([st.year, st.season]).toEqual([7, 3]);
    expect(st.rk.every((k, a) => k < 0 || st.rup[a] === 1)).toBe(true);
    const w = st.over!.winners[0]!;
    expect(st.score![w]).toBe(Math.max(...st.score!));
    expect(g.prompts(st)).toEqual([]);
  });
});

export type { RwState };
