/**
 * One behaviour test per Reward card of the data (data.md §11, rewards.ts): each card's hook in its timing window —
 * in his turn, in a duel, in battle support, at the fall, in a Quest Phase move, test or challenge — with its
 * refusals and its timeout default (RW-DP-89). A card of the data whose hook has no test here fails.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { checkInvariants, runewars as g } from '@tabula/runewars';
import type { BattleFrame, RwAction, RwState } from '@tabula/runewars';
import { board } from '../src/common.js';
import { attribute } from '../src/heroes.js';
import { DAMAGE, ROUT, SPECIAL } from '../src/pack.js';
import { count, strength } from '../src/resolution.js';
import { area, top, u } from './battle-helpers.js';
import { rejects } from './helpers.js';
import { act, card, defaults, fate, hero, p, rewards, scene } from './duel-helpers.js';

type Qph = Extract<RwState['stack'][number], { k: 'qph' }>;
type Qtest = Extract<RwState['stack'][number], { k: 'qtest' }>;

const keys = (log: GameEvent[]) => log.map((e) => e.key);
const legal = (st: RwState, seat: number) => g.legalActions(st, seat) as RwAction[];
const laurel = hero('laurel'),
  verikas = hero('verikas');
const S = card(1, SPECIAL);
const D1 = card(1, DAMAGE, 1, [S]);
const R1 = card(1, ROUT, 1, [S, D1]);
const B = card(1, 0, -1, [S, D1, R1]); // blank circle

/** Laurel (seat 0) against Verikas (seat 1) in 1A, at seat 0's Quest Phase step. */
const pair = () =>
  scene([
    [0, 'laurel', '1A'],
    [1, 'verikas', '1A'],
  ]);
const challenge: RwAction = { type: 'duel', h: laurel, target: verikas };

/** Seat 0's turn frame for Reward cards (rewards.ts `ruse`), Laurel in `at`, holding `ids`. */
function turn(ids: string[], at = '1A'): { st: RwState; cs: number[] } {
  const st = scene([[0, 'laurel', at]]);
  const cs = rewards(st, 'laurel', ids);
  st.stack.push({ k: 'ruse', seat: 0 });
  return { st, cs };
}

/** An area where seat 0 has his stronghold and units (his home realm). */
const keep = (st: RwState) => board(st).on.find((a) => st.sh[a] === 0 && st.own[a] === 0)!;

/** An area's units all gone (to the supply), nobody's. */
function clear(st: RwState, a: number): void {
  for (let i = 0; i < p.U; i++) st.us[a * p.U + i] = st.ur[a * p.U + i] = 0;
  st.own[a] = -1;
}

/** Areas nobody's at the start (no home realm, no stronghold) with at least `k` such neighbours, canonical order. */
function open(st: RwState, k: number): number[] {
  const b = board(st);
  const free = (a: number) => st.home[a]! < 0 && st.sh[a]! < 0;
  return b.on.filter((a) => free(a) && b.adj[a]!.filter(free).length >= k);
}

/** Seat 1 stands in `a` with these [unit id, standing, routed]. */
function put(st: RwState, a: number, seat: number, list: [string, number, number][]): void {
  clear(st, a);
  for (const [id, s, r] of list) {
    st.us[a * p.U + u(id)] = s;
    st.ur[a * p.U + u(id)] = r;
  }
  st.own[a] = seat;
}

const TESTS: Record<string, () => void> = {
  rune() {
    const { st, cs } = turn(['timmorran']);
    const log: GameEvent[] = [];
    g.apply(st, 0, { type: 'useReward', h: laurel, c: cs[0]! }, log);
    expect(top(st).k).toBe('receive'); // RW-RUNE-10: a dragon rune received
    expect(st.hero!.rdisc).toContain(cs[0]);
    expect(keys(log)).toContain('rw.ev.rewardUsed');
  },
  crown() {
    const st0 = turn(['crown']).st;
    const home = keep(st0);
    // Away from his stronghold: not offered; at it: a dragon rune and 1 influence.
    expect(legal(st0, 0).some((a) => a.type === 'useReward')).toBe(false);
    const { st, cs } = turn(['crown'], p.areas[home]!.id);
    const inf = st.p[0]!.inf;
    act(st, 0, { type: 'useReward', h: laurel, c: cs[0]! });
    expect(st.p[0]!.inf).toBe(inf + 1);
    expect(top(st).k).toBe('receive');
  },
  flute() {
    // Laurel (seat 0) among unallied neutrals in X; all go to an adjacent area of his choice.
    const st0 = turn([]).st;
    const b = board(st0);
    const x = open(st0, 2)[0]!;
    const { st, cs } = turn(['flute'], p.areas[x]!.id);
    const [flute] = cs;
    const free = b.adj[x]!.filter((a) => st.home[a]! < 0 && st.sh[a]! < 0);
    for (const a of free) clear(st, a);
    put(st, x, -1, [
      ['beastman', 2, 1],
      ['hellhound', 1, 0],
    ]);
    const offers = legal(st, 0).filter((a) => a.type === 'useReward');
    expect(offers.length).toBeGreaterThanOrEqual(2);
    for (const a of offers) expect(b.adj[x]).toContain((a as { area: number }).area);
    const y = (offers[0] as { area: number }).area;
    // Sealed: the other seat sees a face-down card, nothing of it in the log either until played.
    expect(g.view(st, 1).hero!.rw[laurel]).toEqual([-1]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'done' }); // RW-DP-89: no optional ability
    // A destination not adjacent, or the card without one: refused.
    const far = b.on.find((a) => a !== x && !b.adj[x]!.includes(a))!;
    rejects(st, 0, { type: 'useReward', h: laurel, c: flute, area: far }, 'RW-REWARD-02', 'rewardUse');
    rejects(st, 0, { type: 'useReward', h: laurel, c: flute }, 'RW-REWARD-02', 'rewardUse');
    // Into an area of his: they ally with him (RW-NEUT-14), routed stays routed (RW-NEUT-16).
    const latari = p.factions[st.fac[0]!]!.units[0]!;
    st.us[y * p.U + latari] = 1;
    st.own[y] = 0;
    const log: GameEvent[] = [];
    act(st, 0, { type: 'useReward', h: laurel, c: flute!, area: y }, log);
    expect(st.us[y * p.U + u('beastman')]).toBe(2);
    expect(st.ur[y * p.U + u('beastman')]).toBe(1);
    expect(st.us[y * p.U + u('hellhound')]).toBe(1);
    expect(st.own[y]).toBe(0);
    expect(st.us[x * p.U + u('beastman')]! + st.ur[x * p.U + u('beastman')]!).toBe(0);
    expect(st.hero!.rdisc).toContain(flute);
    expect(st.hero!.up).toContain(flute);
    expect(st.hero!.rw[laurel]).toEqual([]);
    expect(keys(log)).toEqual(expect.arrayContaining(['rw.ev.rewardUsed', 'rw.ev.flute']));
    expect(log.find((e) => e.key === 'rw.ev.flute')!.rules).toContain('RW-NEUT-14');
    expect(checkInvariants(st)).toEqual([]);
    // Into an area nobody holds: unallied there.
    const s2 = turn(['flute'], p.areas[x]!.id);
    for (const a of free) clear(s2.st, a);
    put(s2.st, x, -1, [['beastman', 2, 0]]);
    act(s2.st, 0, { type: 'useReward', h: laurel, c: s2.cs[0]!, area: y });
    expect(s2.st.us[y * p.U + u('beastman')]).toBe(2);
    expect(s2.st.own[y]).toBe(-1);
    // RW-LIMIT-01: not into an area where they would make more than 8 units; no neutral there: not offered.
    const s3 = turn(['flute'], p.areas[x]!.id);
    for (const a of free) clear(s3.st, a);
    put(s3.st, x, -1, [['beastman', 2, 0]]);
    for (const a of free) put(s3.st, a, 0, [[p.units[latari]!.id, 7, 0]]);
    const left = legal(s3.st, 0).filter((a) => a.type === 'useReward') as { area: number }[];
    for (const a of left) expect(free).not.toContain(a.area);
    rejects(s3.st, 0, { type: 'useReward', h: laurel, c: s3.cs[0], area: y }, 'RW-REWARD-02', 'rewardUse');
    const s4 = turn(['flute'], p.areas[x]!.id);
    clear(s4.st, x);
    expect(legal(s4.st, 0).some((a) => a.type === 'useReward')).toBe(false);
  },
  iceStorm() {
    const st0 = turn([]).st;
    const x = open(st0, 0)[0]!;
    const at = p.areas[x]!.id;
    const { st, cs } = turn(['iceStorm'], at);
    const [storm] = cs;
    // Verikas (seat 1) there too: heroes take none of it.
    st.hero!.at[verikas] = x;
    st.hero!.ctl[verikas] = 1;
    st.hero!.deck = st.hero!.deck.filter((h) => h !== verikas);
    put(st, x, 1, [
      ['berserker', 2, 1],
      ['chaosLord', 1, 0],
    ]);
    expect(g.view(st, 1).hero!.rw[laurel]).toEqual([-1]); // sealed until played
    expect(legal(st, 0)).toContainEqual({ type: 'useReward', h: laurel, c: storm });
    expect(g.defaultAction(st, 0)).toEqual({ type: 'done' });
    const log: GameEvent[] = [];
    act(st, 0, { type: 'useReward', h: laurel, c: storm! }, log);
    expect(st.hero!.rdisc).toContain(storm);
    expect(st.hero!.up).toContain(storm);
    expect(keys(log)).toEqual(expect.arrayContaining(['rw.ev.rewardUsed', 'rw.ev.iceStorm']));
    // Their owner assigns it (RW-DMG-01): standing units first (RW-DMG-03).
    expect(top(st).k).toBe('storm');
    expect(g.prompts(st).map((x) => x.seat)).toEqual([1]);
    expect(legal(st, 0)).toEqual([]);
    expect(legal(st, 1)).toEqual([
      { type: 'hit', u: u('berserker'), r: 0, d: 0 },
      { type: 'hit', u: u('chaosLord'), r: 0, d: 0 },
    ]);
    expect(g.defaultAction(st, 1)).toEqual({ type: 'hit', u: u('chaosLord'), r: 0, d: 0 }); // the most health
    rejects(st, 1, { type: 'hit', u: u('berserker'), r: 1, d: 0 }, 'RW-DMG-03', 'stormHit');
    act(st, 1, { type: 'hit', u: u('berserker'), r: 0, d: 0 }, log); // health 1: destroyed, 2 left
    act(st, 1, { type: 'hit', u: u('berserker'), r: 0, d: 0 }, log);
    expect(st.us[x * p.U + u('berserker')]).toBe(0);
    // The Chaos Lord alone stands: the routed Berserker is not offered (RW-DMG-03).
    expect(legal(st, 1)).toEqual([{ type: 'hit', u: u('chaosLord'), r: 0, d: 0 }]);
    act(st, 1, { type: 'hit', u: u('chaosLord'), r: 0, d: 0 }, log); // 1 damage of 4: survives
    expect(st.stack.some((f) => f.k === 'storm')).toBe(false); // blown over
    expect(st.us[x * p.U + u('chaosLord')]).toBe(1);
    expect(st.ur[x * p.U + u('berserker')]).toBe(1);
    expect(st.own[x]).toBe(1);
    expect(st.hero!.dmg[verikas]).toBe(0);
    expect(keys(log).filter((k) => k === 'rw.ev.stormKilled')).toHaveLength(2);
    expect(checkInvariants(st)).toEqual([]);
    // Timeout default: the most health first — the Chaos Lord takes all 3 and nothing falls.
    const d = turn(['iceStorm'], at);
    put(d.st, x, 1, [
      ['berserker', 2, 0],
      ['chaosLord', 1, 0],
    ]);
    act(d.st, 0, { type: 'useReward', h: laurel, c: d.cs[0]! });
    act(d.st, 1, g.defaultAction(d.st, 1)!);
    expect(d.st.stack.some((f) => f.k === 'storm')).toBe(false); // blown over
    expect(d.st.us[x * p.U + u('berserker')]).toBe(2);
    expect(d.st.us[x * p.U + u('chaosLord')]).toBe(1);
    // Unallied neutrals (hostile to all, RW-NEUT-02): the left player assigns (RW-NEUT-03); the rest is lost
    // once none is left (RW-DMG-06), routed ones last.
    const n = turn(['iceStorm'], at);
    put(n.st, x, -1, [['beastman', 1, 1]]);
    act(n.st, 0, { type: 'useReward', h: laurel, c: n.cs[0]! });
    expect(g.prompts(n.st).map((x) => x.seat)).toEqual([1]);
    expect(legal(n.st, 1)).toEqual([{ type: 'hit', u: u('beastman'), r: 0, d: 0 }]);
    act(n.st, 1, { type: 'hit', u: u('beastman'), r: 0, d: 0 });
    act(n.st, 1, { type: 'hit', u: u('beastman'), r: 1, d: 0 });
    expect(n.st.stack.some((f) => f.k === 'storm')).toBe(false); // blown over
    expect(n.st.us[x * p.U + u('beastman')]! + n.st.ur[x * p.U + u('beastman')]!).toBe(0);
    expect(n.st.own[x]).toBe(-1);
    // His own units only, or none: not offered.
    const o = turn(['iceStorm'], at);
    put(o.st, x, 0, [[p.units[p.factions[o.st.fac[0]!]!.units[0]!]!.id, 2, 0]]);
    expect(legal(o.st, 0).some((a) => a.type === 'useReward')).toBe(false);
    clear(o.st, x);
    expect(legal(o.st, 0).some((a) => a.type === 'useReward')).toBe(false);
  },
  gold() {
    const { st, cs } = turn(['gold']);
    const inf = st.p[0]!.inf;
    act(st, 0, { type: 'useReward', h: laurel, c: cs[0]! });
    expect(st.p[0]!.inf).toBe(inf + 4);
    expect(st.hero!.up).toContain(cs[0]);
  },
  heal() {
    // In his turn: all damage removed (offered only to a hurt hero).
    const { st, cs } = turn(['potion']);
    expect(legal(st, 0).some((a) => a.type === 'useReward')).toBe(false);
    st.hero!.dmg[laurel] = 2;
    act(st, 0, { type: 'useReward', h: laurel, c: cs[0]! });
    expect(st.hero!.dmg[laurel]).toBe(0);
    // In a duel (docs H21): at the DAMAGE step, before the round's damage lands; then Armor or done still.
    const d = pair();
    const [pot] = rewards(d, 'laurel', ['potion']);
    d.hero!.dmg[laurel] = 3; // Laurel: health 4
    fate(d, [B, D1]); // round 1: 1 damage to Laurel
    act(d, 0, challenge);
    expect(legal(d, 0)).toEqual([{ type: 'done' }, { type: 'useReward', h: laurel, c: pot }]);
    expect(g.defaultAction(d, 0)).toEqual({ type: 'done' }); // RW-DP-89: no optional ability
    const log: GameEvent[] = [];
    act(d, 0, { type: 'useReward', h: laurel, c: pot! }, log);
    expect(d.hero!.rdisc).toContain(pot);
    expect(d.hero!.up).toContain(pot);
    defaults(d);
    expect(d.hero!.dmg[laurel]).toBe(1); // the round's damage only: without it Laurel would have fallen
    expect(d.hero!.ctl[laurel]).toBe(0);
    // Drunk, then an Armor still in the same step; an unhurt hero is not offered it.
    const e = pair();
    const [pot2, armor] = rewards(e, 'laurel', ['potion', 'runeArmor']);
    e.hero!.dmg[laurel] = 1;
    fate(e, [B, D1]);
    act(e, 0, challenge);
    act(e, 0, { type: 'useReward', h: laurel, c: pot2! });
    expect(legal(e, 0)).toEqual([{ type: 'done' }, { type: 'useReward', h: laurel, c: armor }]);
    rejects(e, 0, { type: 'useReward', h: laurel, c: pot2 }, 'RW-REWARD-04', 'duelReward');
    act(e, 0, { type: 'useReward', h: laurel, c: armor! });
    defaults(e);
    expect(e.hero!.dmg[laurel]).toBe(0);
    const n = pair();
    rewards(n, 'laurel', ['potion', 'runeArmor']);
    fate(n, [B, D1]);
    act(n, 0, challenge);
    expect(legal(n, 0).filter((a) => a.type === 'useReward')).toHaveLength(1); // the Armor alone
    expect(checkInvariants(e)).toEqual([]);
  },
  horn() {
    const st0 = turn(['horn']).st;
    const home = keep(st0);
    const { st, cs } = turn(['horn'], p.areas[home]!.id);
    const U = p.units.length;
    const ty = p.units.findIndex((x, i) => st.us[home * U + i]! > 0 && x);
    st.us[home * U + ty]!--;
    st.ur[home * U + ty]!++;
    const standing = st.us[home * U + ty]!;
    act(st, 0, { type: 'useReward', h: laurel, c: cs[0]! });
    expect(st.ur[home * U + ty]).toBe(0);
    expect(st.us[home * U + ty]).toBe(standing + 1);
  },
  strengthHit() {
    const st = pair();
    const [blade] = rewards(st, 'laurel', ['blade']);
    fate(st, [S]);
    act(st, 0, challenge);
    act(st, 0, { type: 'useReward', h: laurel, c: blade! });
    defaults(st);
    expect(st.hero!.dmg[verikas]).toBe(attribute(st, laurel, 0)); // her Strength
  },
  hit2() {
    const st = pair();
    const [staff] = rewards(st, 'laurel', ['staff']);
    fate(st, [S]);
    act(st, 0, challenge);
    act(st, 0, { type: 'useReward', h: laurel, c: staff! });
    defaults(st);
    expect(st.hero!.dmg[verikas]).toBe(2);
  },
  soulbiter() {
    const st = pair();
    const [sb] = rewards(st, 'laurel', ['soulbiter']);
    st.hero!.dmg[verikas] = 3; // health 5: 2 defeats him
    st.hero!.dmg[laurel] = 1;
    fate(st, [S]);
    act(st, 0, challenge);
    act(st, 0, { type: 'useReward', h: laurel, c: sb! });
    defaults(st);
    expect(st.hero!.ctl[verikas]).toBe(-2);
    expect(st.hero!.dmg[laurel]).toBe(0);
  },
  preventRound() {
    const st = pair();
    const [armor] = rewards(st, 'laurel', ['runeArmor']);
    fate(st, [B, D1]);
    act(st, 0, challenge);
    act(st, 0, { type: 'useReward', h: laurel, c: armor! });
    defaults(st);
    expect(st.hero!.dmg[laurel]).toBe(0);
  },
  routPlus() {
    const st = pair();
    const [mail] = rewards(st, 'laurel', ['chainmail']);
    const [staff] = rewards(st, 'verikas', ['staff']);
    fate(st, [R1, S]);
    act(st, 0, challenge);
    act(st, 1, { type: 'useReward', h: verikas, c: staff! });
    act(st, 0, { type: 'useReward', h: laurel, c: mail! });
    defaults(st);
    expect(st.hero!.dmg[laurel]).toBe(0); // 2 damage: rout 1 + Chainmail 1
  },
  preventFirst() {
    const st = pair();
    const [shield] = rewards(st, 'laurel', ['shield']);
    const D1b = card(1, DAMAGE, 1, [S, D1, R1]);
    fate(st, [B, D1, card(1, 0, -1, [S, D1, R1, B, D1b]), D1b]);
    act(st, 0, challenge);
    act(st, 0, { type: 'useReward', h: laurel, c: shield! });
    defaults(st);
    expect(st.hero!.dmg[laurel]).toBe(1); // the first prevented, the second not
  },
  bombs() {
    const st = pair();
    const [bombs] = rewards(st, 'laurel', ['bombs']);
    fate(st, [S]);
    act(st, 0, challenge);
    act(st, 0, { type: 'useReward', h: laurel, c: bombs! });
    defaults(st);
    expect(st.hero!.dmg[verikas]).toBe(3);
    expect(st.hero!.rdisc).toContain(bombs);
  },
  banner() {
    // A supporting hero with the Banner adds 1 to his side's strength at the tally, the card face up.
    const st = scene([
      [0, 'laurel', '4B'],
      [1, 'verikas', '4B'],
    ]);
    const [banner] = rewards(st, 'laurel', ['banner']);
    rewards(st, 'verikas', ['gold']);
    const frame = (): BattleFrame =>
      ({
        area: area('4B'),
        seat: 0,
        def: 1,
        bon: [0, 0],
        fu: [u('archer'), u('berserker')],
        fs: [0, 1],
        fr: [0, 0],
        str: [0, 0],
        sup: -1,
        hs: [laurel, u('archer'), verikas, 256 + u('berserker')],
      }) as unknown as BattleFrame;
    const f = frame();
    const base = [strength(st, f, 0), strength(st, f, 1)];
    const log: GameEvent[] = [];
    count(st, f, log);
    expect(f.str).toEqual([base[0]! + 1, base[1]]); // Verikas's Sack of Gold adds nothing
    expect(st.hero!.up).toEqual([banner]);
    expect(keys(log)).toContain('rw.ev.rewardUsed');
    // Not supporting: no bonus.
    const f2 = frame();
    f2.hs = [verikas, 256 + u('berserker')];
    count(st, f2, undefined);
    expect(f2.str).toEqual(base);
  },
  ring() {
    // Each fall's secondary ability: +1 influence to its holder, whichever he chose.
    for (const pick of ['influence', 'tactics'] as const) {
      const st = scene([[0, 'laurel', '1A']]);
      const [ring] = rewards(st, 'laurel', ['ring']);
      const inf = st.p[0]!.inf;
      st.stack.push({ k: 'fall', seat: 0 });
      const log: GameEvent[] = [];
      act(st, 0, { type: 'fall', pick }, log);
      expect(st.p[0]!.inf).toBe(inf + 1 + (pick === 'influence' ? p.rules.fallInfluence : 0));
      expect(st.hero!.up).toEqual([ring]);
      expect(st.hero!.rw[laurel]).toEqual([ring]); // kept
    }
    const st = scene([[0, 'laurel', '1A']]);
    const inf = st.p[0]!.inf;
    st.stack.push({ k: 'fall', seat: 0 });
    act(st, 0, { type: 'fall', pick: 'tactics' });
    expect(st.p[0]!.inf).toBe(inf);
  },
  orb() {
    // In his turn: the rune token of one adjacent area he has not seen; kept, face up; once a turn.
    const st0 = scene([[0, 'laurel', '1A']]);
    const kn = st0.p[0]!.kn;
    const b = board(st0);
    const target = b.on.find(
      (x) =>
        st0.rk[x]! >= 0 && !st0.rup[x] && !kn.includes(st0.rh[x]!) && b.adj[x]!.some((y) => st0.home[y]! < 0),
    )!;
    const from = b.adj[target]!.find((y) => st0.home[y]! < 0)!;
    const { st, cs } = turn(['orb'], p.areas[from]!.id);
    st.p[0]!.kn = st.p[0]!.kn.filter((x) => x !== st.rh[target]);
    const offers = legal(st, 0).filter((a) => a.type === 'useReward');
    expect(offers).toContainEqual({ type: 'useReward', h: laurel, c: cs[0], area: target });
    for (const a of offers) expect(b.adj[from]).toContain((a as { area: number }).area);
    rejects(st, 0, { type: 'useReward', h: laurel, c: cs[0]!, area: from }, 'RW-REWARD-02', 'rewardUse');
    expect(g.defaultAction(st, 0)).toEqual({ type: 'done' });
    const log: GameEvent[] = [];
    act(st, 0, { type: 'useReward', h: laurel, c: cs[0]!, area: target }, log);
    expect(st.p[0]!.kn).toContain(st.rh[target]);
    expect(st.hero!.rw[laurel]).toEqual(cs); // kept
    expect(st.hero!.up).toEqual(cs);
    // What the token is goes to him alone.
    const own = log.find((e) => e.key === 'rw.ev.orbOwn')!;
    expect(own.to).toEqual([0]);
    expect(legal(st, 0).some((a) => a.type === 'useReward')).toBe(false); // once a turn
    // The Quest Phase is nobody's turn: not offered there.
    const q = scene([[0, 'laurel', p.areas[from]!.id]]);
    rewards(q, 'laurel', ['orb']);
    expect(legal(q, 0).some((a) => a.type === 'useReward')).toBe(false);
  },
  tome() {
    const { st, cs } = turn(['tome']);
    const w = attribute(st, laurel, 2);
    act(st, 0, { type: 'useReward', h: laurel, c: cs[0]! });
    expect(attribute(st, laurel, 2)).toBe(w + 1);
    expect(st.hero!.tr[laurel * 3 + 2]).toBe(0); // no training token used: training still takes +2
    expect(st.hero!.rdisc).toContain(cs[0]);
    expect(g.view(st, 1).hero!.tb[laurel]).toBe(1); // public
    expect(checkInvariants(st)).toEqual([]);
  },
  charm() {
    const q = p.quests.find((x) => x.check === 'test' && x.attr === 2 && x.area >= 0)!;
    const st = scene([[0, 'laurel', p.areas[q.area]!.id]], [q.id]);
    const [charm] = rewards(st, 'laurel', ['charm']);
    act(st, 0, { type: 'quest', h: laurel, card: p.quests.indexOf(q) });
    const f = top(st) as Qtest;
    const first = f.cs.slice();
    expect(legal(st, 0)).toContainEqual({ type: 'redraw', c: charm });
    expect(legal(st, 0)).not.toContainEqual({ type: 'redraw' }); // not Astarra
    expect(g.defaultAction(st, 0)!.type).toBe('testCard');
    const log: GameEvent[] = [];
    act(st, 0, { type: 'redraw', c: charm! }, log);
    expect(f.cs.length).toBe(first.length);
    for (const c of first) expect(st.decks.fateDiscard).toContain(c);
    expect(st.hero!.up).toEqual([charm]);
    expect(keys(log)).toEqual(expect.arrayContaining(['rw.ev.rewardUsed', 'rw.ev.redraw']));
    // Once a Quest Phase.
    expect(legal(st, 0).some((a) => a.type === 'redraw')).toBe(false);
    rejects(st, 0, { type: 'redraw', c: charm }, 'RW-TEST-01', 'charm');
    expect((st.stack.findLast((x) => x.k === 'qph') as Qph).ch).toEqual([charm]);
  },
  boots() {
    // A Quest Phase Move of up to 3 areas; the third step turns the Boots face up.
    const walk = (withBoots: boolean) => {
      const st = scene([[0, 'laurel', '1A']]);
      const cs = withBoots ? rewards(st, 'laurel', ['boots']) : [];
      const log: GameEvent[] = [];
      let n = 0;
      for (let i = 0; i < 5; i++) {
        const s = legal(st, 0).find((a) => a.type === 'step' && a.h === laurel);
        if (!s || (i > 0 && (top(st) as Qph).h !== laurel)) break;
        act(st, 0, s, log);
        n++;
        if (n === 2) expect(st.hero!.up).toEqual([]); // within her printed Move: still face down
      }
      return { st, n, cs, log };
    };
    // Face down, the others see a Move without them (RW-REWARD-03).
    const st = scene([[0, 'laurel', '1A']]);
    rewards(st, 'laurel', ['boots']);
    act(
      st,
      0,
      legal(st, 0).find((a) => a.type === 'step' && a.h === laurel)!,
    );
    expect((top(st) as Qph).left).toBe(2);
    const seen = g.view(st, 1).stack.findLast((x) => x.k === 'qph') as Qph;
    expect(seen.left).toBe(1);
    expect(seen.bo).toBeUndefined();
    const plain = walk(false);
    expect(plain.n).toBe(2);
    const b = walk(true);
    expect(b.n).toBe(3);
    expect(b.st.hero!.up).toEqual(b.cs);
    expect(keys(b.log)).toContain('rw.ev.rewardUsed');
  },
  cloak() {
    // Verikas (Agility 2) may not challenge Laurel (3) with the Cloak: named, it turns face up, no duel.
    const st = scene([
      [0, 'verikas', '1A'],
      [0, 'valadir', '1A'],
      [1, 'laurel', '1A'],
    ]);
    const [cloak] = rewards(st, 'laurel', ['cloak']);
    const dare: RwAction = { type: 'duel', h: verikas, target: laurel };
    expect(legal(st, 0)).toContainEqual(dare); // face down: nothing tells
    const log: GameEvent[] = [];
    act(st, 0, dare, log);
    expect(top(st).k).toBe('qph');
    expect(st.hero!.up).toEqual([cloak]);
    expect(keys(log)).toContain('rw.ev.cloak');
    expect(keys(log)).not.toContain('rw.ev.duel');
    expect((top(st) as Qph).seat).toBe(0);
    expect((top(st) as Qph).acted).toContain(verikas);
    // Face up now: not offered, to Valadir (Agility 2) either.
    const valadir = hero('valadir');
    expect(legal(st, 0)).not.toContainEqual(dare);
    expect(legal(st, 0)).not.toContainEqual({ type: 'duel', h: valadir, target: laurel });
    rejects(st, 0, { type: 'duel', h: valadir, target: laurel }, 'RW-DUEL-01', 'duelHere');
    // Bogran (Agility 4) may.
    const st2 = scene([
      [0, 'bogran', '1A'],
      [1, 'laurel', '1A'],
    ]);
    rewards(st2, 'laurel', ['cloak']);
    act(st2, 0, { type: 'duel', h: hero('bogran'), target: laurel });
    expect(top(st2).k).toBe('duel');
    expect(st2.hero!.up).toEqual([]);
  },
};

describe('every Reward card of the data in its timing window (data.md §11)', () => {
  for (const r of p.rewards)
    it(`RW-REWARD-02, RW-REWARD-08, RW-IMPL-54: ${r.id} ${r.name.en} — ${r.effect}`, () => {
      const t = TESTS[r.effect];
      expect(t, `no test for the hook ${r.effect}`).toBeDefined();
      t!();
    });
});
