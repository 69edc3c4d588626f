/**
 * M4, part 1 (option `heroes: 'on'`): the starting hero (RW-SETUP-11, RW-DP-08), Rally Support's
 * Supremacy drawing heroes (RW-RALLY-08..11, RW-DP-53, RW-INFO-10), the limit of three and desertion
 * (RW-HERO-05, RW-DESERT-*, RW-DP-85), an eliminated player's heroes (RW-ELIM-02), and the summer Quest
 * Phase (RW-QPH-*, RW-HMOVE-*, RW-DP-14/15/17). Latari (good, seat 0) and Uthuk (evil, seat 1) on the
 * two-player preset board.
 */
import { describe, expect, it } from 'vitest';
import type { Bot, GameEvent } from '@tabula/engine';
import { playGame } from '@tabula/engine';
import { randomBot } from '@tabula/bots';
import {
  board,
  chooseAll,
  ctrl,
  DEFAULT_PACK,
  put,
  runewars as g,
  scenarioGame,
  stronghold,
  checkInvariants,
} from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { area, heroesToDeck, top } from './battle-helpers.js';
import { act, rejects } from './helpers.js';
import { attribute, heroesOf } from '../src/heroes.js';
import { messages } from '../src/messages.js';

const p = DEFAULT_PACK;
const hero = (id: string) => p.heroes.findIndex((h) => h.id === id);
const keys = (log: GameEvent[]) => log.map((e) => e.key);

function game(seed = 'h1'): RwState {
  return scenarioGame(['latari', 'uthuk'], seed, { heroes: 'on' });
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

/** Gives `h` to `seat` in `a` (from the Hero deck). */
function give(st: RwState, seat: number, h: number, a: number): void {
  const hs = st.hero!;
  hs.deck = hs.deck.filter((x) => x !== h);
  if (hs.ctl[h]! >= 0) throw new Error('hero taken');
  hs.ctl[h] = seat;
  hs.at[h] = a;
}

/** Takes every hero from both seats back to the deck, then gives these. */
function onlyHeroes(st: RwState, list: [number, string, string][]): void {
  heroesToDeck(st);
  for (const [s, id, a] of list) give(st, s, hero(id), area(a));
}

/** A game at the summer Quest Phase of year 1 (spring: Harvest and Fortify). */
function atQuestPhase(st: RwState, setup?: (st: RwState) => void, spring = [4, 8]): GameEvent[] {
  setup?.(st);
  chooseAll(st, spring);
  const log: GameEvent[] = [];
  until(st, (s) => top(s).k === 'qph', log);
  return log;
}

describe('heroes at setup', () => {
  it('RW-SETUP-11, RW-HERO-01, RW-HERO-04, RW-DP-08: each player is dealt a hero of his alignment and places it in his home realm (by default with his stronghold); the rest, neutrals too, make the Hero deck', () => {
    const st = game();
    const hs = st.hero!;
    for (const s of [0, 1]) {
      const mine = heroesOf(st, s);
      expect(mine.length).toBe(1);
      const h = mine[0]!;
      expect(p.heroes[h]!.align).toBe(s === 0 ? 1 : -1); // Latari good, Uthuk evil
      expect(st.home[hs.at[h]!]).toBe(s);
      expect(st.sh[hs.at[h]!]).toBe(s); // the timeout default: the stronghold area
    }
    expect(hs.deck.length).toBe(p.heroes.length - 2);
    expect(hs.deck.some((h) => p.heroes[h]!.align === 0)).toBe(true);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-SETUP-11, RW-DP-08: the starting hero goes to a home realm area the player chooses, nowhere else', () => {
    const o = g.parseOptions({ heroes: 'on' });
    if (!o.ok) throw new Error('options');
    const r = g.setup(o.value, 2, 'h-setup');
    if (!r.ok) throw new Error('setup');
    const st = r.value;
    until(st, (s) => top(s).k === 'hstart');
    const f = top(st) as Extract<RwState['stack'][number], { k: 'hstart' }>;
    const legal = g.legalActions(st, f.seat) as RwAction[];
    const homes = board(st).on.filter((a) => st.home[a] === f.seat);
    expect(legal).toEqual(homes.map((a) => ({ type: 'heroAt', area: a })));
    const away = board(st).on.find((a) => st.home[a] !== f.seat)!;
    rejects(st, f.seat, { type: 'heroAt', area: away }, 'RW-SETUP-11', 'notHome');
    const other = homes.find((a) => st.sh[a] !== f.seat)!;
    act(st, f.seat, { type: 'heroAt', area: other });
    expect(st.hero!.at[f.h]).toBe(other);
  });

  it('without the option there are no heroes and summer has no Quest Phase', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'h0');
    expect(st.hero).toBeUndefined();
    chooseAll(st, [4, 8]);
    const log: GameEvent[] = [];
    until(st, (s) => s.season === 1 && top(s).k === 'orders', log);
    expect(keys(log)).not.toContain('rw.ev.questPhase');
  });
});

describe('Rally Support draws heroes', () => {
  /** Spring: seat 0 Rally Support (Supremacy: nothing played before), seat 1 Fortify. */
  function rally(st: RwState): void {
    st.p[0]!.inf = 5;
    chooseAll(st, [6, 8]);
    until(st, (s) => top(s).k === 'sup' && (top(s) as { n: number }).n === 6);
  }

  it('RW-RALLY-08, RW-RALLY-09, RW-INFO-10, RW-DP-53: up to 3 influence draws as many Hero cards, seen by him alone; he keeps one, its figure goes to his stronghold area; the rest are shuffled back', () => {
    const st = game('h-rally');
    rally(st);
    const log: GameEvent[] = [];
    act(st, 0, { type: 'supremacy', use: true });
    expect(top(st).k).toBe('hdraw');
    expect((g.legalActions(st, 0) as RwAction[]).map((a) => (a as { n: number }).n)).toEqual([0, 1, 2, 3]);
    rejects(st, 0, { type: 'heroDraw', n: 4 }, 'RW-RALLY-08', 'badSpend');
    const deck = st.hero!.deck.length;
    expect(g.apply(st, 0, { type: 'heroDraw', n: 2 }, log).ok).toBe(true);
    expect(st.p[0]!.inf).toBe(3);
    const f = top(st) as Extract<RwState['stack'][number], { k: 'hdraw' }>;
    expect(f.got.length).toBe(2);
    expect(st.hero!.deck.length).toBe(deck - 2);
    // RW-INFO-10: the other seat sees two cards drawn, not which.
    const theirs = g.view(st, 1).stack.at(-1) as typeof f;
    expect(theirs.got).toEqual([-1, -1]);
    expect((g.view(st, 0).stack.at(-1) as typeof f).got).toEqual(f.got);
    const [keep, back] = f.got as [number, number];
    rejects(st, 0, { type: 'keepHero', h: st.hero!.deck[0]! }, 'RW-RALLY-08', 'notDrawn');
    act(st, 0, { type: 'keepHero', h: keep });
    expect(st.hero!.deck).toContain(back);
    expect(st.hero!.ctl[keep]).toBe(0);
    // One stronghold: the figure goes there at once (RW-RALLY-09).
    const sh = board(st).on.filter((a) => st.sh[a] === 0);
    if (sh.length === 1) expect(st.hero!.at[keep]).toBe(sh[0]);
    else {
      rejects(st, 0, { type: 'heroAt', area: area('1A') }, 'RW-RALLY-09', 'noStronghold');
      act(st, 0, { type: 'heroAt', area: sh[1]! });
      expect(st.hero!.at[keep]).toBe(sh[1]);
    }
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-RALLY-11: keeping a hero is optional, and the influence spent is lost either way', () => {
    const st = game('h-rally2');
    rally(st);
    act(st, 0, { type: 'supremacy', use: true });
    act(st, 0, { type: 'heroDraw', n: 3 });
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, { type: 'keepHero', h: -1 }, log).ok).toBe(true);
    expect(keys(log)).toContain('rw.ev.heroNone');
    expect(st.p[0]!.inf).toBe(2);
    expect(heroesOf(st, 0).length).toBe(1);
    expect(st.hero!.deck.length).toBe(p.heroes.length - 2);
  });

  it('RW-RALLY-11, RW-DP-43: no stronghold or no influence: Rally Support offers no hero Supremacy', () => {
    const st = game('h-rally3');
    st.p[0]!.inf = 0;
    chooseAll(st, [6, 8]);
    until(st, (s) => top(s).k !== 'rally' && (top(s).k !== 'turn' || s.p[0]!.played.length > 0));
    expect(st.stack.some((f) => f.k === 'sup' || f.k === 'hdraw')).toBe(false);
  });

  it('RW-HERO-05, RW-RALLY-10, RW-DP-85, RW-DESERT-02, RW-DESERT-04: a fourth hero makes one desert — by default the one just gained; a deserter goes back into the Hero deck without its tokens', () => {
    const st = game('h-four');
    onlyHeroes(st, [
      [0, 'valadir', 'LEa'],
      [0, 'hawthorne', 'LEa'],
      [0, 'laurel', 'LEa'],
    ]);
    const v = hero('valadir');
    st.hero!.dmg[v] = 2;
    st.hero!.tr[v * 3] = 2;
    rally(st);
    act(st, 0, { type: 'supremacy', use: true });
    act(st, 0, { type: 'heroDraw', n: 1 });
    const f = top(st) as Extract<RwState['stack'][number], { k: 'hdraw' }>;
    const got = f.got[0]!;
    act(st, 0, { type: 'keepHero', h: got });
    if (top(st).k === 'hdraw') act(st, 0, g.defaultAction(st, 0)!);
    expect(top(st).k).toBe('desert');
    expect(checkInvariants(st)).toEqual([]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'desert', h: got });
    rejects(st, 1, { type: 'desert', h: v }, 'RW-HERO-05', 'notYourDecision');
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, { type: 'desert', h: v }, log).ok).toBe(true);
    expect(keys(log)).toContain('rw.ev.heroDeserted');
    expect(heroesOf(st, 0).length).toBe(3);
    expect(st.hero!.ctl[v]).toBe(-1);
    expect(st.hero!.at[v]).toBe(-1);
    expect(st.hero!.deck).toContain(v);
    expect([st.hero!.dmg[v], st.hero!.tr[v * 3]]).toEqual([0, 0]);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-ELIM-02: a player who leaves the game takes no hero with him — his heroes leave the board and their cards go back into the Hero deck', () => {
    const st = game('h-elim');
    const mine = heroesOf(st, 1);
    act(st, 1, { type: 'resign' });
    for (const h of mine) {
      expect(st.hero!.ctl[h]).toBe(-1);
      expect(st.hero!.deck).toContain(h);
    }
  });
});

describe('the Quest Phase', () => {
  it('RW-QPH-01, RW-DP-14: in summer each player with heroes takes his step in the standard play order of spring’s Orders', () => {
    const st = game('h-qp');
    const log = atQuestPhase(st, undefined, [8, 4]);
    expect(keys(log)).toContain('rw.ev.questPhase');
    // Spring: seat 0 Fortify (8), seat 1 Harvest (4): seat 1 first.
    expect((top(st) as { seat: number }).seat).toBe(1);
    const order = st.stack.filter((f) => f.k === 'qph').map((f) => (f as { seat: number }).seat);
    expect(order).toEqual([0, 1]); // top last
    // RW-DP-89 (DP-14): no action.
    expect(g.defaultAction(st, 1)).toEqual({ type: 'done' });
  });

  it('RW-QPH-02, RW-QPH-03, RW-QPH-14, RW-HMOVE-02, RW-HMOVE-07, RW-HMOVE-08, RW-DP-15: Move goes one area at a time, up to 2 areas, into and through enemy areas, activating nothing and changing no control', () => {
    const st = game('h-move');
    atQuestPhase(st, (s) =>
      onlyHeroes(s, [
        [0, 'valadir', '1A'],
        [0, 'hawthorne', 'LEa'],
        [1, 'krutzbek', 'UYa'],
      ]),
    );
    while (top(st).k === 'qph' && (top(st) as { seat: number }).seat !== 0) act(st, 1, { type: 'done' });
    const v = hero('valadir');
    const from = st.hero!.at[v]!;
    const b = board(st);
    const steps = (g.legalActions(st, 0) as RwAction[]).filter((a) => a.type === 'step' && a.h === v);
    const next = b.adj[from]!.filter((_, i) => b.edge[from]![i] === 0);
    expect(steps.map((a) => (a as { to: number }).to).sort()).toEqual(next.slice().sort());
    // Step into an area held by the enemy if there is one next door, else any.
    const enemy = next.find((a) => ctrl(st, a) === 1);
    const to = enemy ?? next[0]!;
    const ownBefore = st.own.slice();
    const actBefore = st.act.slice();
    act(st, 0, { type: 'step', h: v, to });
    expect(st.hero!.at[v]).toBe(to);
    expect(st.own).toEqual(ownBefore);
    expect(st.act).toEqual(actBefore);
    // A second step, then no third (reach 2).
    const second = (g.legalActions(st, 0) as RwAction[]).find((a) => a.type === 'step' && a.h === v)!;
    act(st, 0, second);
    expect((g.legalActions(st, 0) as RwAction[]).some((a) => a.type === 'step' && a.h === v)).toBe(false);
    rejects(st, 0, { type: 'train', h: v, a: 0, b: 1 }, 'RW-QPH-13', 'acted');
  });

  it('RW-HMOVE-06, RW-HMOVE-05, RW-HERO-10: a hero crosses no mountain border (nor water out of winter); a routed hero cannot move but may train', () => {
    const st = game('h-border');
    const b = board(st);
    // An area with a mountain or water neighbour.
    const from = b.on.find((a) => b.edge[a]!.some((e) => e > 0) && st.home[a]! < 0)!;
    const blocked = b.adj[from]![b.edge[from]!.findIndex((e) => e > 0)]!;
    atQuestPhase(st, (s) =>
      onlyHeroes(s, [
        [0, 'valadir', p.areas[from]!.id],
        [1, 'krutzbek', 'UYa'],
      ]),
    );
    while ((top(st) as { seat: number }).seat !== 0) act(st, 1, { type: 'done' });
    const v = hero('valadir');
    rejects(st, 0, { type: 'step', h: v, to: blocked }, 'RW-HMOVE-06', 'notAdjacent');
    st.hero!.rt[v] = 1;
    expect((g.legalActions(st, 0) as RwAction[]).some((a) => a.type === 'step')).toBe(false);
    const ok = b.adj[from]!.find((_, i) => b.edge[from]![i] === 0)!;
    rejects(st, 0, { type: 'step', h: v, to: ok }, 'RW-HMOVE-05', 'routed');
    act(st, 0, { type: 'train', h: v, a: 0, b: 2 });
    expect(attribute(st, v, 0)).toBe(p.heroes[v]!.att[0]! + 1);
  });

  it('RW-QPH-04, RW-HERO-07: Heal removes all damage, only in an area the player controls', () => {
    const st = game('h-heal');
    atQuestPhase(st, (s) => {
      onlyHeroes(s, [
        [0, 'valadir', 'LEa'],
        [0, 'hawthorne', '1A'],
        [1, 'krutzbek', 'UYa'],
      ]);
      put(s, '1A', 1, 'berserker', 1);
      s.hero!.dmg[hero('valadir')] = 3;
      s.hero!.dmg[hero('hawthorne')] = 2;
    });
    while ((top(st) as { seat: number }).seat !== 0) act(st, 1, { type: 'done' });
    const legal = g.legalActions(st, 0) as RwAction[];
    expect(legal).toContainEqual({ type: 'heal', h: hero('valadir') });
    expect(legal).not.toContainEqual({ type: 'heal', h: hero('hawthorne') });
    rejects(st, 0, { type: 'heal', h: hero('hawthorne') }, 'RW-QPH-04', 'healFriendly');
    act(st, 0, { type: 'heal', h: hero('valadir') });
    expect(st.hero!.dmg[hero('valadir')]).toBe(0);
    expect(st.hero!.dmg[hero('hawthorne')]).toBe(2); // damage stays until healed (RW-HERO-07)
  });

  it('RW-QPH-05, RW-QPH-06, RW-QPH-07, RW-HERO-09, RW-DP-17: Train gives +1/+1 or +2 to one; an attribute never above +2; with one point left only that point', () => {
    const st = game('h-train');
    atQuestPhase(st, (s) =>
      onlyHeroes(s, [
        [0, 'valadir', 'LEa'],
        [1, 'krutzbek', 'UYa'],
      ]),
    );
    while ((top(st) as { seat: number }).seat !== 0) act(st, 1, { type: 'done' });
    const v = hero('valadir');
    const trains = () =>
      (g.legalActions(st, 0) as RwAction[])
        .filter((a) => a.type === 'train')
        .map((a) => [(a as { a: number }).a, (a as { b: number }).b]);
    expect(trains()).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    st.hero!.tr[v * 3] = 2;
    st.hero!.tr[v * 3 + 1] = 2;
    st.hero!.tr[v * 3 + 2] = 1;
    expect(trains()).toEqual([[2, 2]]);
    rejects(st, 0, { type: 'train', h: v, a: 0, b: 2 }, 'RW-QPH-06', 'trainLimit');
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, { type: 'train', h: v, a: 2, b: 2 }, log).ok).toBe(true);
    expect(st.hero!.tr[v * 3 + 2]).toBe(2);
    expect(attribute(st, v, 2)).toBe(p.heroes[v]!.att[2]! + 2);
    expect(keys(log)).toContain('rw.ev.heroTrainedOne');
  });

  it('RW-QPH-13, RW-QPH-11: each hero takes one action; the step ends by itself when none is left', () => {
    const st = game('h-once');
    atQuestPhase(st, (s) =>
      onlyHeroes(s, [
        [0, 'valadir', 'LEa'],
        [1, 'krutzbek', 'UYa'],
      ]),
    );
    while ((top(st) as { seat: number }).seat !== 0) act(st, 1, { type: 'done' });
    act(st, 0, { type: 'train', h: hero('valadir'), a: 0, b: 1 });
    expect(st.stack.some((f) => f.k === 'qph' && f.seat === 0)).toBe(false);
  });

  it('RW-QPH-11: a player resolves all his heroes’ actions, in the order he chooses, before the next player begins', () => {
    const st = game('h-all');
    atQuestPhase(st, (s) =>
      onlyHeroes(s, [
        [0, 'valadir', 'LEa'],
        [0, 'ronan', 'LEa'],
        [1, 'krutzbek', 'UYa'],
        [1, 'verikas', 'UYa'],
      ]),
    );
    const first = (top(st) as { seat: number }).seat;
    const other = 1 - first;
    const mine = first === 0 ? ['ronan', 'valadir'] : ['verikas', 'krutzbek'];
    // He picks the second of his heroes first (his order), then the other; the next player waits meanwhile.
    for (const id of mine) {
      expect(g.prompts(st).map((x) => x.seat)).toEqual([first]);
      expect(g.legalActions(st, first)).toContainEqual({ type: 'train', h: hero(id), a: 0, b: 1 });
      act(st, first, { type: 'train', h: hero(id), a: 0, b: 1 });
    }
    expect(top(st)).toMatchObject({ k: 'qph', seat: other });
    expect(g.prompts(st).map((x) => x.seat)).toEqual([other]);
  });

  it('RW-EX-13, RW-QPH-01, RW-QPH-04, RW-QPH-05, RW-QPH-09, RW-QPH-11, RW-RUNE-21: four players in the previous season’s order — the Elves heal their hero, the Uthuk train one (+2 Agility) and move the other through an enemy area, seeing both runes; Daqan and Waiqar have nothing to do; no activation token anywhere', () => {
    const st = scenarioGame(['latari', 'uthuk', 'daqan', 'waiqar'], 'ex13', { heroes: 'on' });
    const [elves, uthuk] = [0, 1];
    const b = board(st);
    // U2's path: from its area through an area of Daqan's home realm into a third area (plain borders).
    const plain = (a: number, x: number) => b.edge[a]![b.adj[a]!.indexOf(x)] === 0;
    let path: [number, number, number] | null = null;
    for (const e of b.on)
      if (st.home[e] === 2 && !path)
        for (const a of b.adj[e]!)
          for (const z of b.adj[e]!)
            if (!path && a !== z && st.home[a]! < 0 && st.home[z]! < 0 && plain(a, e) && plain(e, z))
              path = [a, e, z];
    expect(path).not.toBeNull();
    const [a, e, z] = path!;
    heroesToDeck(st);
    const uthukHome = b.on.find((x) => st.home[x] === uthuk)!;
    const elfHome = b.on.find((x) => st.home[x] === elves)!;
    for (const [s, id, at] of [
      [elves, 'laurel', elfHome],
      [uthuk, 'verikas', uthukHome],
      [uthuk, 'scorpion', a],
    ] as const) {
      const h = hero(id);
      st.hero!.deck = st.hero!.deck.filter((x) => x !== h);
      st.hero!.ctl[h] = s;
      st.hero!.at[h] = at;
    }
    st.hero!.dmg[hero('laurel')] = 1;
    chooseAll(st, [1, 2, 3, 4]); // spring: Elves lowest, then Uthuk, Daqan, Waiqar
    until(st, (s) => top(s).k === 'qph');
    const acts = st.act.slice();
    expect(g.prompts(st).map((x) => x.seat)).toEqual([elves]);
    act(st, elves, { type: 'heal', h: hero('laurel') });
    expect(st.hero!.dmg[hero('laurel')]).toBe(0);
    expect(g.prompts(st).map((x) => x.seat)).toEqual([uthuk]);
    act(st, uthuk, { type: 'train', h: hero('verikas'), a: 1, b: 1 });
    expect(attribute(st, hero('verikas'), 1)).toBe(p.heroes[hero('verikas')]!.att[1]! + 2);
    act(st, uthuk, { type: 'step', h: hero('scorpion'), to: e });
    act(st, uthuk, { type: 'step', h: hero('scorpion'), to: z });
    expect(st.hero!.at[hero('scorpion')]).toBe(z);
    for (const x of [e, z]) if (st.rk[x]! >= 0) expect(st.p[uthuk]!.kn).toContain(st.rh[x]);
    // Daqan and Waiqar, without heroes, are never asked; the phase places no activation token.
    for (let i = 0; i < 20 && top(st).k === 'qph'; i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      expect(pr.seat).toBe(uthuk);
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(st.stack.some((f) => f.k === 'qph')).toBe(false);
    expect(st.act).toEqual(acts);
  });

  it('RW-HMOVE-10, RW-RUNE-20, RW-INFO-09: a moving hero’s controller sees the rune token of every area it enters', () => {
    const st = game('h-rune');
    const b = board(st);
    atQuestPhase(st, (s) =>
      onlyHeroes(s, [
        [0, 'valadir', 'LEa'],
        [1, 'krutzbek', 'UYa'],
      ]),
    );
    while ((top(st) as { seat: number }).seat !== 0) act(st, 1, { type: 'done' });
    const runeArea = b.on.find(
      (a) => st.rk[a]! >= 0 && !st.rup[a] && ctrl(st, a) !== 0 && !st.p[0]!.kn.includes(st.rh[a]!),
    )!;
    const start = b.adj[runeArea]!.find((_, i) => b.edge[runeArea]![i] === 0)!;
    st.hero!.at[hero('valadir')] = start;
    expect(st.p[0]!.kn).not.toContain(st.rh[runeArea]);
    expect(g.view(st, 0).rk[runeArea]).toBe(-2);
    const theirs = g.view(st, 1).rk[runeArea];
    act(st, 0, { type: 'step', h: hero('valadir'), to: runeArea });
    expect(g.view(st, 0).rk[runeArea]).toBe(st.rk[runeArea]);
    expect(g.view(st, 1).rk[runeArea]).toBe(theirs); // what the other seat knows is unchanged
  });

  it('RW-INFO-01, RW-RAND-02: heroes, their tokens and the Hero deck’s size are public; the deck’s order is not', () => {
    const st = game('h-view');
    const v = g.view(st, 1);
    expect(v.hero!.ctl).toEqual(st.hero!.ctl);
    expect(v.hero!.at).toEqual(st.hero!.at);
    expect(v.hero!.deck).toBe(st.hero!.deck.length);
  });

  it('data: a Quest Phase reach and regeneration come from the hero data (Red Scorpion 3 areas; Verikas heals 1 at the start)', () => {
    expect(p.heroes[hero('scorpion')]!.move).toBe(3);
    const st = game('h-data');
    const log = atQuestPhase(st, (s) => {
      onlyHeroes(s, [
        [0, 'valadir', 'LEa'],
        [1, 'verikas', 'UYa'],
      ]);
      s.hero!.dmg[hero('verikas')] = 2;
    });
    expect(keys(log)).toContain('rw.ev.heroRegen');
    expect(st.hero!.dmg[hero('verikas')]).toBe(1);
  });

  it('RW-INFO-01: the text view lists the heroes in play (controller, area, attributes with training, damage) and the Hero deck’s size, in English and Russian, without ids', () => {
    const st = game('h-textview');
    const v = hero('valadir');
    onlyHeroes(st, [[0, 'valadir', 'LEa']]);
    st.hero!.tr[v * 3] = 2;
    st.hero!.dmg[v] = 1;
    const en = g.renderText!(g.view(st, 1), 'en', (s) => `P${s}`);
    expect(en).toContain(`Sir Valadir (P0)`);
    expect(en).toContain(`Strength ${p.heroes[v]!.att[0]! + 2}`);
    expect(en).toContain(`damage 1 of ${p.heroes[v]!.health}`);
    expect(en).toContain(`Hero deck: ${st.hero!.deck.length} cards`);
    const ru = g.renderText!(g.view(st, 1), 'ru', (s) => `P${s}`);
    expect(ru).toContain('Сэр Валадир (P0)');
    for (const t of [en, ru]) expect(t).not.toMatch(/valadir|\{|\brw\./);
  });

  it('texts: every hero prompt, action and event has English and Russian words without ids', () => {
    for (const k of Object.keys(messages.en!).filter((x) => /hero|quest|desert|attr/i.test(x)))
      expect(messages.ru![k], k).toBeTruthy();
    const st = game('h-text');
    for (const l of ['en', 'ru'] as const) {
      const s = g.describeAction!(st, 0, { type: 'train', h: hero('valadir'), a: 0, b: 2 }, l);
      expect(s).not.toMatch(/valadir|\{|\brw\./);
    }
    void stronghold;
  });
});

describe('the heuristic bot with heroes', () => {
  it('plays complete games with heroes against random players from its own view: keeps heroes drawn, heals, scouts rune tokens with Quest Phase moves, trains', () => {
    const heuristic = g.bots!.heuristic!;
    const done: Record<string, number> = {};
    for (let k = 0; k < 6; k++) {
      const seats = 2 + (k % 3);
      const bots: Bot[] = Array.from({ length: seats }, (_, s) =>
        s === 0 ? (heuristic({ seed: `hb-${k}` }) as Bot) : randomBot({ seed: `hr-${k}-${s}` }),
      );
      const r = playGame(g, {
        seats,
        seed: `heroes-bot-${k}`,
        options: { heroes: 'on' },
        bots,
        maxActions: 60_000,
        onAction: (st, seat, a) => {
          const act = a as RwAction;
          if (seat !== 0) return;
          const key =
            act.type === 'step' ? ((st as RwState).hero!.at[act.h] === act.to ? 'step' : 'step?') : act.type;
          done[key] = (done[key] ?? 0) + 1;
          expect(checkInvariants(st as RwState)).toEqual([]);
        },
      });
      expect(r.capped).toBe(false);
    }
    expect(done.train).toBeGreaterThan(10);
    expect(done.step).toBeGreaterThan(2);
    expect(done.keepHero).toBeGreaterThan(0);
  });
});
