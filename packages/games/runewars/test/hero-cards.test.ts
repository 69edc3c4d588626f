/**
 * Heroes with the cards of M5 (option `heroes: 'on'`): Reward cards traded while a hero passes through an area
 * on a Quest Phase move (RW-DP-16, RW-REWARD-06), heroes that came with units to a diplomacy whose red result
 * sends the units back (RW-DIPLO-11). Latari (seat 0) and Uthuk (seat 1) on the two-player preset board.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  chooseAll,
  clearBoard,
  DEFAULT_PACK,
  fateOnTop,
  passWindows,
  playOrder,
  put,
  runewars as g,
  scenarioGame,
} from '@tabula/runewars';
import { advance } from '../src/decisions.js';
import { startSeasonCard } from '../src/cards.js';
import type { RwAction, RwState } from '@tabula/runewars';
import { area, asked, onlyHeroes, top, units } from './battle-helpers.js';
import { rejects } from './helpers.js';

const p = DEFAULT_PACK;
const hero = (id: string) => p.heroes.findIndex((h) => h.id === id);
const keys = (log: GameEvent[]) => log.map((e) => e.key);

function act(st: RwState, seat: number, a: RwAction, log: GameEvent[] = []): GameEvent[] {
  const r = g.apply(st, seat, a, log);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
  return log;
}

/** Every hero back in the deck, then these given ([seat, id, area]). */
function heroes(st: RwState, list: [number, string, string][]): void {
  onlyHeroes(st, list);
}

/** Reward cards (by instance) taken from the Reward deck for hero `h`. */
function rewards(st: RwState, h: number, n: number): number[] {
  const hs = st.hero!;
  const got = hs.rdeck.splice(0, n);
  hs.rw[h]!.push(...got);
  return got;
}

/** Seat 0's Quest Phase step with only the heroes given. */
function atQuestPhase(list: [number, string, string][]): RwState {
  const st = scenarioGame(['latari', 'uthuk'], 'hc1', { heroes: 'on' });
  chooseAll(st, [4, 8]);
  for (let i = 0; i < 3000 && top(st).k !== 'qph'; i++) {
    const pr = g.prompts(st).find((x) => !x.optional)!;
    act(st, pr.seat, g.defaultAction(st, pr.seat)!);
  }
  heroes(st, list);
  const f = top(st) as Extract<RwState['stack'][number], { k: 'qph' }>;
  f.seat = 0;
  f.acted = [];
  f.h = -1;
  f.left = 0;
  return st;
}

describe('RW-DP-16: Reward cards traded on a Quest Phase move', () => {
  it('RW-DP-16, RW-REWARD-06: a hero passing through an area with another of his heroes trades Reward cards there both ways, keeps moving; public counts, hidden contents; the default trades nothing', () => {
    // Laurel (seat 0) moves from 3B through 3C, where his Silhouette stands; Uthuk's Verikas is in 3C too.
    const st = atQuestPhase([
      [0, 'laurel', '3B'],
      [0, 'silhouette', '3C'],
      [1, 'verikas', '3C'],
    ]);
    const laurel = hero('laurel'),
      sil = hero('silhouette'),
      ver = hero('verikas');
    const [c1] = rewards(st, laurel, 1);
    const [c2] = rewards(st, sil, 1);
    rewards(st, ver, 1);
    const gives = () =>
      (g.legalActions(st, 0) as RwAction[]).filter((a) => a.type === 'give') as {
        c: number;
        to: number;
      }[];
    // Before the move nothing is traded in the Quest Phase (his turn's trading is another decision point).
    expect(gives()).toEqual([]);
    rejects(st, 0, { type: 'give', c: c1, to: sil }, 'RW-DP-16', 'giveMoving');
    act(st, 0, { type: 'step', h: laurel, to: area('3C') });
    expect(st.stack.at(-1)).toMatchObject({ k: 'qph', h: laurel, left: 1 });
    // In 3C with Silhouette: Laurel's card to her, hers to him; never to or from the enemy's Verikas.
    expect(gives()).toEqual([
      { type: 'give', c: c1, to: sil },
      { type: 'give', c: c2, to: laurel },
    ]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'done' }); // RW-DP-89 (DP-16): no redistribution
    const log = act(st, 0, { type: 'give', c: c1, to: sil });
    expect(keys(log)).toEqual(['rw.ev.rewardGiven']);
    expect(log[0]!.rules).toContain('RW-DP-16');
    expect(st.hero!.rw[laurel]).toEqual([]);
    expect(st.hero!.rw[sil]).toEqual([c2, c1]);
    // Hidden contents, public counts: the other seat sees two face-down cards under Silhouette.
    expect(g.view(st, 1).hero!.rw[sil]).toEqual([-1, -1]);
    expect(g.view(st, 0).hero!.rw[sil]).toEqual([c2, c1]);
    // The move goes on: Laurel still has a step left; he takes both cards back and walks on to 3D.
    act(st, 0, { type: 'give', c: c1, to: laurel });
    act(st, 0, { type: 'give', c: c2, to: laurel });
    expect(st.hero!.rw[laurel]).toEqual([c1, c2]);
    expect((top(st) as { left: number }).left).toBe(1);
    act(st, 0, { type: 'step', h: laurel, to: area('3D') });
    // In 3D he stands alone: nothing to trade; Silhouette is not the acting hero.
    expect(gives()).toEqual([]);
    rejects(st, 0, { type: 'give', c: c1, to: sil }, 'RW-DP-16', 'giveMoving');
  });
});

/** Two Latari Archers and Laurel in 3D, two unallied Sorcerers in 3B, 5 influence; seat 0 Conquers 3B with all. */
function diplomacyWithHero(fate: number[]): RwState {
  const st = scenarioGame(['latari', 'uthuk'], 'm3', { heroes: 'on' });
  clearBoard(st);
  put(st, 'LEa', 0, 'sorceress', 1);
  put(st, 'UYa', 1, 'berserker', 1);
  put(st, '3D', 0, 'archer', 2);
  put(st, '3B', -1, 'sorcerer', 2);
  heroes(st, [
    [0, 'laurel', '3D'],
    [0, 'silhouette', '3D'],
    [1, 'verikas', 'UYa'],
  ]);
  st.p[0]!.inf = 5;
  fateOnTop(st, fate);
  chooseAll(st, [3, 8]);
  const go = (a: RwAction) => {
    passWindows(st);
    act(st, 0, a);
  };
  go({ type: 'activate', area: area('3B') });
  go({ type: 'draft', from: area('3D'), u: p.units.findIndex((x) => x.id === 'archer') });
  go({ type: 'draft', from: area('3D'), u: p.units.findIndex((x) => x.id === 'archer') });
  go({ type: 'heroMove', h: hero('laurel') });
  go({ type: 'heroMove', h: hero('silhouette') });
  go({ type: 'commit' });
  passWindows(st);
  return st;
}

describe('RW-DIPLO-11: heroes in diplomacy', () => {
  it('RW-DIPLO-11, RW-DIPLO-08: after a red result the heroes that came with the units may stay in the neutral area; the others retreat with the units, not routed; the default takes them along', () => {
    const st = diplomacyWithHero([1]); // red
    const laurel = hero('laurel'),
      sil = hero('silhouette');
    expect(st.hero!.at[laurel]).toBe(area('3B'));
    act(st, 0, { type: 'diplomacy', spend: 1 });
    act(st, 0, { type: 'withdraw' });
    expect(asked(st)).toEqual(['0:rw.diplomacy.heroes']);
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'heroStay', h: laurel },
      { type: 'heroStay', h: sil },
      { type: 'withdraw' },
    ]);
    // RW-DP-89: as DP-70, the heroes follow their units.
    expect(g.defaultAction(st, 0)).toEqual({ type: 'withdraw' });
    const log = act(st, 0, { type: 'heroStay', h: laurel });
    expect(keys(log)).toEqual(['rw.ev.heroStays']);
    expect(log[0]!.rules).toContain('RW-DIPLO-11');
    // Once left, Laurel is no longer offered; a hero that did not come with the units never is.
    rejects(st, 0, { type: 'heroStay', h: laurel }, 'RW-DIPLO-11', 'heroStay');
    rejects(st, 0, { type: 'heroStay', h: hero('verikas') }, 'RW-DIPLO-11', 'heroStay');
    act(st, 0, { type: 'withdraw' });
    expect(asked(st)).toEqual(['0:rw.retreat']);
    const out = act(st, 0, { type: 'retreat', area: area('3D') });
    expect(units(st, '3D')).toEqual(['archerR×2']);
    expect(st.hero!.at[sil]).toBe(area('3D'));
    expect(st.hero!.rt[sil]).toBe(0); // heroes are not units: not routed by the retreat
    expect(out.find((e) => e.key === 'rw.ev.heroRetreated')!.rules).toContain('RW-DIPLO-11');
    // Laurel stands among the neutral Sorcerers (heroes may stand in neutral areas, RW-HMOVE-11).
    expect(st.hero!.at[laurel]).toBe(area('3B'));
    expect(units(st, '3B')).toEqual(['sorcerer×2']);
  });

  it('RW-DIPLO-11: gold and silver leave the heroes with the units in the area; without heroes a red retreat asks nothing about them', () => {
    const gold = diplomacyWithHero([5]);
    act(gold, 0, { type: 'diplomacy', spend: 1 });
    expect(gold.hero!.at[hero('laurel')]).toBe(area('3B'));
    expect(gold.stack.some((f) => f.k === 'diplo')).toBe(false);
    const red = diplomacyWithHero([1]);
    red.hero!.at[hero('laurel')] = area('3D'); // both heroes already elsewhere
    red.hero!.at[hero('silhouette')] = area('3D');
    act(red, 0, { type: 'diplomacy', spend: 1 });
    act(red, 0, { type: 'withdraw' });
    expect(asked(red)).toEqual(['0:rw.retreat']);
  });
});

describe('the Objective that waits for heroes', () => {
  it('RW-OBJ-03, RW-OBJ-05: G6 Patron of Heroes — met with three heroes of his, or one hero with three Reward cards; asked at the end of his turn', async () => {
    const { objectiveMet, askObjective } = await import('../src/cards.js');
    const st = scenarioGame(['latari', 'uthuk'], 'g6', { heroes: 'on' });
    const g6 = p.objectives.findIndex((o) => o.id === 'G6');
    heroes(st, [
      [0, 'laurel', '3B'],
      [0, 'silhouette', '3C'],
      [1, 'verikas', '3D'],
    ]);
    expect(objectiveMet(st, 0, g6)).toBe(false);
    // Two Reward cards under Laurel and one under Silhouette: not three under one hero.
    rewards(st, hero('laurel'), 2);
    rewards(st, hero('silhouette'), 1);
    expect(objectiveMet(st, 0, g6)).toBe(false);
    rewards(st, hero('laurel'), 1);
    expect(objectiveMet(st, 0, g6)).toBe(true);
    // Or three heroes, with no Reward card at all.
    const st2 = scenarioGame(['latari', 'uthuk'], 'g6b', { heroes: 'on' });
    heroes(st2, [
      [0, 'laurel', '3B'],
      [0, 'silhouette', '3C'],
    ]);
    expect(objectiveMet(st2, 0, g6)).toBe(false);
    heroes(st2, [
      [0, 'laurel', '3B'],
      [0, 'silhouette', '3C'],
      [0, 'ronan', '3D'],
    ]);
    expect(objectiveMet(st2, 0, g6)).toBe(true);
    // The end-of-turn question comes when he holds it (RW-OBJ-05).
    st2.p[0]!.obj = g6;
    const depth = st2.stack.length;
    askObjective(st2, 0);
    expect(st2.stack.length).toBe(depth + 1);
    expect(st2.stack.at(-1)).toMatchObject({ k: 'objective', seat: 0 });
  });
});

/** Seat 0 and 1 with heroes, at spring's Orders; the Season card `id` run, its bid won by seat `hi` if any. */
function seasonWithHeroes(id: string, list: [number, string, string][], seed = 'hs'): RwState {
  const st = scenarioGame(['latari', 'uthuk'], seed, { heroes: 'on' });
  heroes(st, list);
  st.p[0]!.inf = st.p[1]!.inf = 5;
  startSeasonCard(
    st,
    p.seasons.findIndex((c) => c.id === id),
  );
  advance(st, []);
  return st;
}

describe('the Season cards that wait for heroes', () => {
  it("RW-DP-82, RW-RALLY-08, RW-HERO-05: SU5 Heroes' Call — each player in play order may spend up to 3 influence to draw as many Hero cards and keep one, at a stronghold; the drawn cards sealed; by default nothing", () => {
    const st = seasonWithHeroes('SU5', [
      [0, 'laurel', 'LEa'],
      [1, 'verikas', 'UYa'],
    ]);
    const order = playOrder(st);
    expect(g.prompts(st).map((x) => `${x.seat}:${x.kind}`)).toEqual([`${order[0]}:rw.heroesCall`]);
    const s = order[0]!;
    // At most 3 (the card), never more than his influence.
    expect(g.legalActions(st, s)).toEqual([0, 1, 2, 3].map((n) => ({ type: 'heroDraw', n })));
    expect(g.defaultAction(st, s)).toEqual({ type: 'heroDraw', n: 0 }); // RW-DP-89: spend nothing
    act(st, s, { type: 'heroDraw', n: 2 });
    expect(st.p[s]!.inf).toBe(3);
    const f = top(st) as { got: number[] };
    expect(f.got.length).toBe(2);
    // RW-INFO-10: the other seat sees neither drawn card.
    const other = order[1]!;
    expect((g.view(st, other).stack.at(-1) as { got: number[] }).got).toEqual([-1, -1]);
    const kept = f.got[0]!;
    act(st, s, { type: 'keepHero', h: kept });
    while (top(st).k === 'hdraw' && (top(st) as { seat: number }).seat === s)
      act(st, s, g.defaultAction(st, s)!);
    expect(st.hero!.ctl[kept]).toBe(s);
    expect(st.sh[st.hero!.at[kept]!]).toBe(s); // at one of his strongholds
    // Then the next player in play order.
    expect(g.prompts(st).map((x) => `${x.seat}:${x.kind}`)).toEqual([`${other}:rw.heroesCall`]);
    act(st, other, { type: 'heroDraw', n: 0 });
    expect(top(st).k).not.toBe('hdraw');
  });

  it('RW-DP-82, RW-QPH-05, RW-QPH-06: SU3 Tournament of Champions — the highest bidder may train one of his heroes (never past +2); by default he declines; without heroes no bid is held', () => {
    const st = seasonWithHeroes('SU3', [
      [0, 'laurel', 'LEa'],
      [1, 'verikas', 'UYa'],
    ]);
    expect(top(st).k).toBe('bid');
    act(st, 0, { type: 'bid', n: 0 });
    act(st, 1, { type: 'bid', n: 2 });
    expect(g.prompts(st).map((x) => `${x.seat}:${x.kind}`)).toEqual(['1:rw.tourney']);
    const ver = hero('verikas');
    st.hero!.tr[ver * 3 + 0] = 2; // Strength already at +2: not offered
    const legal = g.legalActions(st, 1) as RwAction[];
    expect(legal.at(-1)).toEqual({ type: 'done' });
    expect(g.defaultAction(st, 1)).toEqual({ type: 'done' });
    expect(legal.some((a) => a.type === 'train' && (a.a === 0 || a.b === 0))).toBe(false);
    expect(legal.every((a) => a.type === 'done' || (a.type === 'train' && a.h === ver))).toBe(true);
    rejects(st, 1, { type: 'train', h: ver, a: 0, b: 1 }, 'RW-DP-82', 'tourney');
    const log = act(st, 1, { type: 'train', h: ver, a: 1, b: 2 });
    expect(keys(log)).toContain('rw.ev.heroTrained');
    expect([st.hero!.tr[ver * 3 + 1], st.hero!.tr[ver * 3 + 2]]).toEqual([1, 1]);
    expect(top(st).k).not.toBe('tourney');
    // Without heroes: no bid, nothing asked.
    const plain = scenarioGame(['latari', 'uthuk'], 'hs2');
    const inf = plain.p.map((x) => x.inf);
    const l2: GameEvent[] = [];
    startSeasonCard(
      plain,
      p.seasons.findIndex((c) => c.id === 'SU3'),
    );
    advance(plain, l2);
    expect(keys(l2)).toContain('rw.ev.seasonNoHeroes');
    expect(top(plain).k).toBe('orders');
    expect(plain.p.map((x) => x.inf)).toEqual(inf);
  });
});

describe("the Captain's Title", () => {
  it('RW-TITLE-03, RW-RUNE-10: in his turn the Captain of the League of Heroes may discard three Reward cards of his heroes (face up) to receive a dragon rune; with fewer, or without the Title, nothing is offered', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'cap', { heroes: 'on' });
    heroes(st, [
      [0, 'laurel', '3B'],
      [0, 'silhouette', '3C'],
      [1, 'verikas', '3D'],
    ]);
    const cap = p.titles.findIndex((t) => t.id === 'captain');
    const a = rewards(st, hero('laurel'), 2);
    const b = rewards(st, hero('silhouette'), 1);
    rewards(st, hero('verikas'), 3);
    const ask = () => {
      st.stack.push({ k: 'ruse', seat: 0 });
      return (g.legalActions(st, 0) as RwAction[]).filter((x) => x.type === 'captain');
    };
    expect(ask()).toEqual([]); // not his Title
    st.stack.pop();
    st.titles[cap] = 0;
    const all = [...a, ...b].sort((x, y) => x - y);
    expect(ask()).toEqual([{ type: 'captain', cs: all }]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'done' }); // RW-DP-89: no optional use
    rejects(st, 0, { type: 'captain', cs: [all[0]!, all[1]!, all[1]!] }, 'RW-TITLE-03', 'captainRune');
    const log = act(st, 0, { type: 'captain', cs: all });
    expect(keys(log)).toContain('rw.ev.captainRune');
    expect(st.hero!.rw[hero('laurel')]).toEqual([]);
    expect(st.hero!.rw[hero('silhouette')]).toEqual([]);
    for (const c of all) expect(st.hero!.up).toContain(c); // discarded face up
    expect(st.hero!.rdisc.slice(-3)).toEqual(all);
    expect(st.stack.some((f) => f.k === 'receive' && f.seat === 0)).toBe(true); // RW-RUNE-10
  });
});
