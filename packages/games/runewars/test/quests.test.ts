/**
 * M4, quests (quests.ts: RW-QUEST-01..12, RW-TEST-01..03, RW-QPH-08/10/12, RW-DP-19..21), Reward cards drawn
 * and sealed (RW-REWARD-01/03/07) and heroes defeated by quests (RW-HDEF-01/03/06/07), with the option
 * `heroes: 'on'`. Latari (seat 0) and Uthuk (seat 1) on the two-player preset board, at the Quest Phase.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { Rng } from '@tabula/engine';
import {
  chooseAll,
  DEFAULT_PACK,
  DEFAULT_PACK_JSON,
  runewars as g,
  scenarioGame,
  checkInvariants,
} from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { area, heroesToDeck, top } from './battle-helpers.js';
import { scene } from './duel-helpers.js';
import { rejects } from './helpers.js';
import { BLANK, DAMAGE, ROUT, SPECIAL } from '../src/pack.js';
import { desertionCheck, heroesOf } from '../src/heroes.js';
import { checkHands } from '../src/common.js';

const p = DEFAULT_PACK;
const hero = (id: string) => p.heroes.findIndex((h) => h.id === id);
const quest = (id: string) => p.quests.findIndex((q) => q.id === id);
const keys = (log: GameEvent[]) => log.map((e) => e.key);
/** Fate cards of a destiny, lowest index first. */
const fateOf = (d: string) => p.fate.map((c, i) => (c.destiny === d ? i : -1)).filter((i) => i >= 0);

function act(st: RwState, seat: number, a: RwAction, log?: GameEvent[]): void {
  const r = g.apply(st, seat, a, log);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
}

/**
 * Seat 0 at his Quest Phase step with only the heroes given ([seat, id, area]) and these Quest cards; the
 * Fate deck's top cards set (the last drawn first).
 */
function atQuest(
  heroes: [number, string, string][],
  quests: string[],
  o: { fate?: number[]; data?: unknown; seed?: string } = {},
): RwState {
  // No Tactics card in hand: the duel windows (RW-DUEL-14) stay shut unless a test deals one.
  const st = scene(heroes, quests, { data: o.data }, o.seed ?? 'q1');
  if (o.fate) {
    const d = st.decks.fate;
    st.decks.fate = [...d.filter((c) => !o.fate!.includes(c)), ...o.fate];
    st.decks.fateDiscard = st.decks.fateDiscard.filter((c) => !o.fate!.includes(c));
  }
  return st;
}

const questActs = (st: RwState, seat = 0) =>
  (g.legalActions(st, seat) as RwAction[])
    .filter((a) => a.type === 'quest')
    .map((a) => `${p.heroes[(a as { h: number }).h]!.id}:${p.quests[(a as { card: number }).card]!.id}`);

describe('Quest cards', () => {
  it('RW-QUEST-01: every Quest card of the data has a title, a setup marking, its area and results for its check', () => {
    expect(p.quests.length).toBe(24);
    for (const q of p.quests) {
      expect(q.name.en && q.name.ru).toBeTruthy();
      expect(typeof q.setup).toBe('boolean');
      expect(q.area).toBeGreaterThanOrEqual(0);
      expect(['test', 'duel', 'pay', 'control']).toContain(q.check);
      // Every quest can be completed: its success result gives a reward.
      expect(q.res[0]!.some((e) => e.k === 'reward')).toBe(true);
    }
    expect(p.quests.filter((q) => q.setup).length).toBe(9);
  });

  it('RW-QUEST-04, RW-QUEST-05, RW-QPH-12, RW-DP-19: any hero of his may attempt a Quest card of his hand in the area it names, after a Move of 0 areas too', () => {
    const st = atQuest(
      [
        [0, 'laurel', '1A'],
        [0, 'valadir', '1A'],
        [0, 'silhouette', '1C'],
      ],
      ['Q01', 'Q03'],
    );
    expect(questActs(st)).toEqual(['laurel:Q01', 'valadir:Q01']);
    rejects(st, 0, { type: 'quest', h: hero('silhouette'), card: quest('Q01') }, 'RW-QUEST-05', 'questHere');
    rejects(st, 0, { type: 'quest', h: hero('laurel'), card: quest('Q03') }, 'RW-QUEST-05', 'questHere');
    // After stepping into the quest's area, the moving hero may attempt it.
    act(st, 0, { type: 'step', h: hero('silhouette'), to: area('1A') });
    expect(questActs(st)).toContain('silhouette:Q01');
  });

  it('RW-QUEST-08, RW-HERO-10: a routed hero attempts no quest; a hero that acted otherwise neither', () => {
    const st = atQuest(
      [
        [0, 'laurel', '1A'],
        [0, 'valadir', '1A'],
      ],
      ['Q01'],
    );
    st.hero!.rt[hero('laurel')] = 1;
    expect(questActs(st)).toEqual(['valadir:Q01']);
    rejects(st, 0, { type: 'quest', h: hero('laurel'), card: quest('Q01') }, 'RW-QUEST-08', 'questRouted');
    act(st, 0, { type: 'train', h: hero('valadir'), a: 0, b: 1 });
    rejects(st, 0, { type: 'quest', h: hero('valadir'), card: quest('Q01') }, 'RW-QUEST-08', 'questMove');
  });

  it('RW-TEST-01, RW-TEST-02, RW-DP-20, RW-QUEST-06, RW-QUEST-12, RW-REWARD-01, RW-REWARD-03: a test draws as many Fate cards as the attribute at once; he chooses one; gold completes the quest: a Reward card face down, seen by him alone, the card discarded and another drawn', () => {
    const gold = fateOf('gold')[0]!;
    const red = fateOf('red');
    // Laurel: Wisdom 2 → two cards.
    const st = atQuest([[0, 'laurel', '1A']], ['Q01'], { fate: [red[0]!, gold] });
    const log: GameEvent[] = [];
    act(st, 0, { type: 'quest', h: hero('laurel'), card: quest('Q01') }, log);
    expect(keys(log)).toContain('rw.ev.questAttempt');
    const f = top(st) as Extract<RwState['stack'][number], { k: 'qtest' }>;
    expect(f.k).toBe('qtest');
    expect(f.cs.sort()).toEqual([gold, red[0]!].sort());
    expect(g.legalActions(st, 0)).toHaveLength(2);
    rejects(st, 0, { type: 'testCard', card: red[1]! }, 'RW-TEST-01', 'testCard');
    expect(g.defaultAction(st, 0)).toEqual({ type: 'testCard', card: gold }); // DP-20: the best destiny
    const before = st.decks.fateDiscard.length;
    act(st, 0, { type: 'testCard', card: gold }, log);
    expect(st.decks.fateDiscard.length).toBe(before + 2);
    const hs = st.hero!;
    expect(hs.rw[hero('laurel')]!.length).toBe(1);
    expect(st.p[0]!.quests).not.toContain(quest('Q01'));
    expect(st.p[0]!.quests.length).toBe(1); // the replacement
    expect(st.decks.questDiscard).toContain(quest('Q01'));
    expect(keys(log)).toEqual(expect.arrayContaining(['rw.ev.questDone', 'rw.ev.rewardGained']));
    const own = log.find((e) => e.key === 'rw.ev.rewardGainedOwn')!;
    expect(own.to).toEqual([0]);
    expect(log.find((e) => e.key === 'rw.ev.rewardGained')!.notTo).toEqual([0]);
    // Sealed: the other seat sees a card under the hero, not which (RW-REWARD-03); his sampled world deals one.
    expect(g.view(st, 1).hero!.rw[hero('laurel')]).toEqual([-1]);
    expect(g.view(st, 0).hero!.rw[hero('laurel')]).toEqual(hs.rw[hero('laurel')]);
    const w = g.sampleWorld!(g.view(st, 1), 1, new Rng('w'));
    expect(w.hero!.rw[hero('laurel')]!.length).toBe(1);
    expect(w.hero!.rdeck.length).toBe(hs.rdeck.length);
    expect(checkInvariants(st)).toEqual([]);
    expect(checkInvariants(w)).toEqual([]);
  });

  it('RW-QUEST-07, RW-QUEST-11, RW-QUEST-03: silver on The Frost Tower gives 2 influence; the card is kept and known to all (the other seat’s sampled world keeps it in his hand)', () => {
    const silver = fateOf('silver')[0]!;
    const st = atQuest([[0, 'valadir', '1A']], ['Q01', 'Q05'], { fate: [silver] }); // Wisdom 1
    const inf = st.p[0]!.inf;
    act(st, 0, { type: 'quest', h: hero('valadir'), card: quest('Q01') });
    act(st, 0, { type: 'testCard', card: silver });
    expect(st.p[0]!.inf).toBe(inf + 2);
    expect(st.p[0]!.quests).toContain(quest('Q01'));
    expect(st.hero!.qr).toEqual([quest('Q01'), 0]);
    expect(g.view(st, 1).players[0]!.quests).toBeNull(); // the hand stays secret
    for (const seed of ['a', 'b', 'c']) {
      const w = g.sampleWorld!(g.view(st, 1), 1, new Rng(seed));
      expect(w.p[0]!.quests).toContain(quest('Q01'));
      expect(w.p[0]!.quests.length).toBe(2);
    }
  });

  it('RW-QUEST-11, RW-DP-26: a kept card known to all and then discarded to the hand limit is no longer known in his hand (a sampled world holds it once, in the discard)', () => {
    const silver = fateOf('silver')[0]!;
    const st = atQuest([[0, 'valadir', '1A']], ['Q01', 'Q05'], { fate: [silver] });
    act(st, 0, { type: 'quest', h: hero('valadir'), card: quest('Q01') });
    act(st, 0, { type: 'testCard', card: silver });
    expect(st.hero!.qr).toEqual([quest('Q01'), 0]);
    // Two more Quest cards: four in hand, one over the limit; he discards the known one.
    st.p[0]!.quests.push(st.decks.quests.pop()!, st.decks.quests.pop()!);
    checkHands(st, 0);
    act(st, 0, { type: 'discard', card: quest('Q01') });
    expect(st.decks.questDiscard).toContain(quest('Q01'));
    expect(st.hero!.qr).toEqual([]);
    expect(checkInvariants(st)).toEqual([]);
    for (const seed of ['a', 'b', 'c']) {
      const w = g.sampleWorld!(g.view(st, 1), 1, new Rng(seed));
      const places = [...w.p.flatMap((x) => x.quests), ...w.decks.quests, ...w.decks.questDiscard];
      expect(places.filter((c) => c === quest('Q01'))).toHaveLength(1);
      expect(checkInvariants(w)).toEqual([]);
    }
  });

  it('RW-QUEST-07: a red result that says discard loses the card; one that does not keeps it', () => {
    const red = fateOf('red')[0]!;
    const st = atQuest([[0, 'valadir', '5B']], ['Q05'], { fate: [red] }); // Foreign Library: red discards
    act(st, 0, { type: 'quest', h: hero('valadir'), card: quest('Q05') });
    act(st, 0, { type: 'testCard', card: red });
    expect(st.p[0]!.quests).toEqual([]);
    expect(st.decks.questDiscard).toContain(quest('Q05'));
    expect(st.hero!.rw[hero('valadir')]).toEqual([]);
  });

  it('RW-TEST-03: with an attribute of 0 no card is drawn and the red result applies', () => {
    const heroes = JSON.parse(JSON.stringify(DEFAULT_PACK_JSON.heroes)) as {
      heroes: { id: string; wisdom: number }[];
    };
    heroes.heroes.find((x) => x.id === 'valadir')!.wisdom = 0;
    const st = atQuest([[0, 'valadir', '1A']], ['Q01'], { data: { heroes } });
    const fate = st.decks.fate.length;
    const log: GameEvent[] = [];
    act(st, 0, { type: 'quest', h: hero('valadir'), card: quest('Q01') }, log);
    expect(st.decks.fate.length).toBe(fate);
    expect(keys(log)).toContain('rw.ev.questResult');
    expect(st.hero!.dmg[hero('valadir')]).toBe(1); // Frost Tower: red, 1 damage
  });

  it('RW-QPH-08, RW-QPH-06: a quest that trains raises the attribute by 1 only, never past +2', () => {
    const silver = fateOf('silver');
    const st = atQuest([[0, 'hawthorne', '8D']], ['Q08'], {
      fate: [silver[0]!, silver[1]!, silver[2]!, silver[3]!],
    });
    st.hero!.tr[hero('hawthorne') * 3] = 1;
    act(st, 0, { type: 'quest', h: hero('hawthorne'), card: quest('Q08') });
    act(st, 0, g.defaultAction(st, 0)!);
    expect(st.hero!.tr[hero('hawthorne') * 3]).toBe(2);
  });

  it('RW-QUEST-02, RW-QUEST-12, RW-DP-26: the replacement is drawn at once, then a hand over 3 discards down to 3', () => {
    const gold = fateOf('gold')[0]!;
    const st = atQuest([[0, 'laurel', '1A']], ['Q01', 'Q05', 'Q07', 'Q09'], {
      fate: [gold, gold === 0 ? 1 : 0],
    });
    act(st, 0, { type: 'quest', h: hero('laurel'), card: quest('Q01') });
    act(st, 0, { type: 'testCard', card: gold });
    expect(st.p[0]!.quests.length).toBe(4);
    expect(top(st).k).toBe('discard');
    act(st, 0, g.defaultAction(st, 0)!);
    expect(st.p[0]!.quests.length).toBe(3);
  });

  it('RW-DP-21: a quest that looks at rune tokens lets him choose tokens he has not seen', () => {
    const silver = fateOf('silver')[0]!;
    const st = atQuest([[0, 'valadir', '7D']], ['Q07'], { fate: [silver, silver === 0 ? 1 : 0] });
    st.hero!.tr[hero('valadir') * 3 + 1] = 0; // Agility 2: two cards
    act(st, 0, { type: 'quest', h: hero('valadir'), card: quest('Q07') });
    act(st, 0, { type: 'testCard', card: silver });
    expect(top(st).k).toBe('qpeek');
    const legal = g.legalActions(st, 0) as { area: number }[];
    expect(legal.length).toBeGreaterThan(1);
    for (const a of legal) expect(st.p[0]!.kn).not.toContain(st.rh[a.area]);
    rejects(st, 0, { type: 'peek', area: -5 }, 'RW-DP-21', 'peekArea');
    act(st, 0, legal[0] as RwAction);
    expect(st.p[0]!.kn).toContain(st.rh[legal[0]!.area]);
    act(st, 0, g.defaultAction(st, 0)!);
    expect(top(st).k).not.toBe('qpeek');
  });

  it('RW-QUEST-10: a Quest card without an area may be attempted after any Move', () => {
    const quests = JSON.parse(JSON.stringify(DEFAULT_PACK_JSON.quests)) as {
      cards: { id: string; area?: string }[];
    };
    delete quests.cards.find((x) => x.id === 'Q17')!.area;
    const st = atQuest([[0, 'laurel', '2B']], ['Q17'], { data: { quests } });
    expect(questActs(st)).toEqual(['laurel:Q17']);
  });

  it('RW-QPH-10: quests are attempted only in the Quest Phase, never through Order cards', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'q-orders', { heroes: 'on' });
    const h = st.hero!.ctl.findIndex((c) => c === 0);
    st.p[0]!.quests = [quest('Q01')];
    st.hero!.at[h] = area('1A');
    chooseAll(st, [1, 8]);
    expect(top(st).k).toBe('strat');
    expect((g.legalActions(st, 0) as RwAction[]).some((a) => a.type === 'quest')).toBe(false);
  });
});

describe('heroes defeated by quests', () => {
  it('RW-HDEF-01, RW-HDEF-03, RW-HDEF-06, RW-HDEF-07, RW-REWARD-07: damage reaching the health defeats the hero: out of the game for good, its Reward cards left in its area under a marker, face-down ones hidden from all', () => {
    const red = fateOf('red')[0]!;
    const st = atQuest([[0, 'silhouette', '1B']], ['Q10'], { fate: [red] }); // Strength 1; red: 2 damage
    const hs = st.hero!;
    const h = hero('silhouette');
    hs.dmg[h] = 1; // health 3
    // Five Reward cards (no limit, RW-REWARD-07), one of them face up.
    for (let i = 0; i < 5; i++) hs.rw[h]!.push(hs.rdeck.pop()!);
    hs.up.push(hs.rw[h]![0]!);
    const held = hs.rw[h]!.slice();
    const log: GameEvent[] = [];
    act(st, 0, { type: 'quest', h, card: quest('Q10') }, log);
    act(st, 0, { type: 'testCard', card: red }, log);
    expect(keys(log)).toContain('rw.ev.heroDefeated');
    expect(hs.ctl[h]).toBe(-2);
    expect(hs.at[h]).toBe(-1);
    expect(hs.deck).not.toContain(h);
    expect(hs.mk).toEqual([[area('1B'), ...held]]);
    for (const seat of [0, 1])
      expect(g.view(st, seat).hero!.mk).toEqual([[area('1B'), held[0]!, -1, -1, -1, -1]]);
    expect(checkInvariants(st)).toEqual([]);
    const w = g.sampleWorld!(g.view(st, 1), 1, new Rng('d'));
    expect(checkInvariants(w)).toEqual([]);
    expect(w.hero!.deck).not.toContain(h);
  });
});

/* ------------------------------------------------------------------ duels */

/** A Fate card whose section `shape` (0 triangle, 1 circle) has this kind (and number). */
const card = (shape: number, kind: number, num = -1, not: number[] = []) =>
  p.fate.findIndex((c, i) => c.kind[shape] === kind && (num < 0 || c.num[shape] === num) && !not.includes(i));
/** Puts `seq` on top of the Fate deck, drawn in this order. */
function stack(st: RwState, seq: number[]): void {
  st.decks.fate = [...st.decks.fate.filter((c) => !seq.includes(c)), ...seq.slice().reverse()];
  st.decks.fateDiscard = st.decks.fateDiscard.filter((c) => !seq.includes(c));
}
const blanks = (n: number, not: number[]) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(card(1, BLANK, -1, [...not, ...out]));
  return out;
};

/** Answers a duel's pending choices by their timeout defaults (RW-DP-89) until it is over. */
function defaults(st: RwState, log?: GameEvent[]): void {
  for (let i = 0; i < 100 && ['duel', 'window', 'spoils'].includes(top(st).k); i++) {
    const pr = g.prompts(st).find((x) => !x.optional)!;
    act(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
  }
}

describe('duels', () => {
  function duel(): RwState {
    return atQuest(
      [
        [0, 'laurel', '1A'],
        [0, 'silhouette', '1C'],
        [1, 'verikas', '1A'],
        [1, 'krutzbek', '1C'],
      ],
      [],
    );
  }
  const duels = (st: RwState) =>
    (g.legalActions(st, 0) as RwAction[])
      .filter((a) => a.type === 'duel')
      .map(
        (a) => `${p.heroes[(a as { h: number }).h]!.id}>${p.heroes[(a as { target: number }).target]!.id}`,
      );

  it('RW-DUEL-01, RW-DUEL-02, RW-DUEL-10, RW-DP-19: after its Move a standing hero may challenge an enemy hero of its area, a routed one too; a routed hero challenges nobody', () => {
    const st = duel();
    st.hero!.rt[hero('krutzbek')] = 1;
    expect(duels(st)).toEqual(['laurel>verikas', 'silhouette>krutzbek']);
    rejects(st, 0, { type: 'duel', h: hero('laurel'), target: hero('krutzbek') }, 'RW-DUEL-01', 'duelHere');
    st.hero!.rt[hero('silhouette')] = 1;
    rejects(
      st,
      0,
      { type: 'duel', h: hero('silhouette'), target: hero('krutzbek') },
      'RW-DUEL-10',
      'duelRouted',
    );
  });

  it('RW-DUEL-04, RW-DUEL-05, RW-DUEL-06, RW-DUEL-07, RW-DUEL-13, RW-QUEST-09: four rounds, challenger first, the circle sections; a special deals 1 damage, damage icons their number, all at once; damage stays; the hero has acted', () => {
    const st = duel();
    const s = card(1, SPECIAL),
      d = card(1, DAMAGE, 1);
    const seq = [s, d, ...blanks(6, [s, d])];
    stack(st, seq);
    const log: GameEvent[] = [];
    act(st, 0, { type: 'duel', h: hero('laurel'), target: hero('verikas') }, log);
    expect(log.filter((e) => e.key === 'rw.ev.duelRound').length).toBe(4);
    expect(st.hero!.dmg[hero('laurel')]).toBe(1);
    expect(st.hero!.dmg[hero('verikas')]).toBe(1);
    for (const c of seq) expect(st.decks.fateDiscard).toContain(c);
    // The duel was the hero's action: no quest, no second duel (RW-DUEL-13, RW-QUEST-09).
    expect(duels(st)).toEqual(['silhouette>krutzbek']);
    rejects(st, 0, { type: 'duel', h: hero('laurel'), target: hero('verikas') }, 'RW-DUEL-01', 'duelMove');
  });

  it('RW-DUEL-11: a rout icon prevents that much damage to its own hero that round (and routs nobody)', () => {
    const st = duel();
    const r = card(1, ROUT, 1),
      d = card(1, DAMAGE, 1);
    stack(st, [r, d, ...blanks(6, [r, d])]);
    act(st, 0, { type: 'duel', h: hero('laurel'), target: hero('verikas') });
    expect(st.hero!.dmg[hero('laurel')]).toBe(0);
    expect(st.hero!.rt[hero('laurel')]).toBe(0);
    expect(st.hero!.rt[hero('verikas')]).toBe(0);
  });

  it('RW-DUEL-08, RW-HDEF-02, RW-DUEL-06: the defeated hero hands its Reward cards to the surviving winner, face up or down as they were; the duel ends that round', () => {
    const st = duel();
    const hs = st.hero!;
    hs.dmg[hero('verikas')] = p.heroes[hero('verikas')]!.health - 1;
    const c1 = hs.rdeck.pop()!,
      c2 = hs.rdeck.pop()!;
    hs.rw[hero('verikas')] = [c1, c2];
    hs.up.push(c2);
    const s = card(1, SPECIAL);
    const b = blanks(7, [s]);
    stack(st, [s, ...b]);
    const log: GameEvent[] = [];
    act(st, 0, { type: 'duel', h: hero('laurel'), target: hero('verikas') }, log);
    defaults(st, log); // Verikas holds Reward cards: asked for an Armor (RW-DP-23), none used
    expect(log.filter((e) => e.key === 'rw.ev.duelRound').length).toBe(1);
    expect(hs.ctl[hero('verikas')]).toBe(-2);
    expect(hs.rw[hero('laurel')]).toEqual([c1, c2]);
    expect(hs.up).toEqual([c2]);
    expect(hs.mk).toEqual([]);
    expect(g.view(st, 1).hero!.rw[hero('laurel')]).toEqual([-1, c2]);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-DUEL-09, RW-HDEF-03: both heroes fall in the same round: each leaves its Reward cards under a marker', () => {
    const st = duel();
    const hs = st.hero!;
    for (const id of ['laurel', 'verikas']) {
      hs.dmg[hero(id)] = p.heroes[hero(id)]!.health - 1;
      hs.rw[hero(id)] = [hs.rdeck.pop()!];
    }
    const s = card(1, SPECIAL),
      d = card(1, DAMAGE, 1);
    stack(st, [s, d, ...blanks(6, [s, d])]);
    act(st, 0, { type: 'duel', h: hero('laurel'), target: hero('verikas') });
    defaults(st);
    expect(hs.ctl[hero('laurel')]).toBe(-2);
    expect(hs.ctl[hero('verikas')]).toBe(-2);
    expect(hs.mk.length).toBe(2);
    expect(hs.mk.every((m) => m[0] === area('1A'))).toBe(true);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-DUEL-03, RW-DUEL-12, RW-HERO-06: Mad Carthos deals 1 damage at the start of a duel; a hero it defeats falls before round 1', () => {
    const st = atQuest(
      [
        [0, 'laurel', '1A'],
        [1, 'carthos', '1A'],
      ],
      [],
    );
    st.hero!.dmg[hero('laurel')] = p.heroes[hero('laurel')]!.health - 1;
    const fate = st.decks.fate.length;
    const log: GameEvent[] = [];
    act(st, 0, { type: 'duel', h: hero('laurel'), target: hero('carthos') }, log);
    expect(keys(log)).toContain('rw.ev.duelStartDamage');
    expect(keys(log)).not.toContain('rw.ev.duelRound');
    expect(st.decks.fate.length).toBe(fate);
    expect(st.hero!.ctl[hero('laurel')]).toBe(-2);
  });
});

describe('duel quests', () => {
  it('RW-QUEST-20, RW-QUEST-21, RW-QUEST-22, RW-QUEST-23, RW-QUEST-26: a duel against a neutral unit of the quest alone (none on the board), reading its own shape: defeating it completes the quest', () => {
    // Beastmen Warcamp (7A): a Beastman (triangle, health 1).
    const st = atQuest([[0, 'valadir', '7A']], ['Q16']);
    const s = card(1, SPECIAL);
    const t = p.fate.findIndex((c, i) => i !== s && c.kind[0] === BLANK);
    stack(st, [s, t, ...blanks(6, [s, t])]);
    const units = st.us.reduce((a, b) => a + b, 0);
    const log: GameEvent[] = [];
    act(st, 0, { type: 'quest', h: hero('valadir'), card: quest('Q16') }, log);
    expect(keys(log)).toEqual(expect.arrayContaining(['rw.ev.questDuel', 'rw.ev.questDone']));
    expect(st.hero!.rw[hero('valadir')]!.length).toBe(1);
    expect(st.us.reduce((a, b) => a + b, 0)).toBe(units); // never on the board
  });

  it('RW-QUEST-24, RW-QUEST-25: the unit’s damage icons wound the hero and its rout icons shield it; surviving four rounds, the quest fails and the card is kept', () => {
    // The Hound Master (4C): a Hell Hound (rectangle, health 2).
    const st = atQuest([[0, 'valadir', '4C']], ['Q14']);
    const hs = st.hero!;
    // Round 1: the hero's special (1 damage) against the Hound's rout 1; the Hound's damage 1 wounds the hero.
    const s = card(1, SPECIAL);
    const rd = p.fate.findIndex((c, i) => i !== s && c.kind[2] === ROUT && c.num[2]! >= 1);
    const b = blanks(6, [s, rd]).filter((c) => p.fate[c]!.kind[2] === BLANK);
    const rest = p.fate
      .map((_, i) => i)
      .filter((i) => ![s, rd].includes(i) && p.fate[i]!.kind[1] === BLANK && p.fate[i]!.kind[2] === BLANK);
    stack(st, [s, rd, ...rest.slice(0, 6)]);
    void b;
    act(st, 0, { type: 'quest', h: hero('valadir'), card: quest('Q14') });
    expect(st.p[0]!.quests).toContain(quest('Q14'));
    expect(hs.rw[hero('valadir')]).toEqual([]);
  });

  it('RW-QUEST-25: if the hero falls, the quest is not completed', () => {
    const st = atQuest([[0, 'silhouette', '4C']], ['Q14']);
    st.hero!.dmg[hero('silhouette')] = 2; // health 3
    const dmg = p.fate.findIndex((c) => c.kind[2] === DAMAGE && c.kind[1] === BLANK);
    const s = card(1, BLANK, -1, [dmg]);
    stack(st, [s, dmg]);
    act(st, 0, { type: 'quest', h: hero('silhouette'), card: quest('Q14') });
    expect(st.hero!.ctl[hero('silhouette')]).toBe(-2);
    expect(st.decks.questDiscard).not.toContain(quest('Q14'));
  });
});

describe("defeated heroes' stacks", () => {
  it('RW-HDEF-04, RW-HDEF-05, RW-QPH-09: during his turn a hero of his by a defeated hero’s marker may take its stack (face up or down as it lay); in the Quest Phase, nobody’s turn, it may not', () => {
    const st = scenarioGame(['latari', 'uthuk'], 'loot', { heroes: 'on' });
    const hs = st.hero!;
    const h = hs.ctl.findIndex((c) => c === 0);
    const a = hs.at[h]!;
    const c1 = hs.rdeck.pop()!,
      c2 = hs.rdeck.pop()!;
    hs.mk.push([a, c1, c2]);
    hs.up.push(c2);
    chooseAll(st, [4, 8]);
    for (let i = 0; i < 200 && top(st).k !== 'loot'; i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(top(st)).toMatchObject({ k: 'loot', seat: 0 });
    expect(g.legalActions(st, 0)).toEqual([{ type: 'loot', h, m: 0 }, { type: 'done' }]);
    rejects(st, 0, { type: 'loot', h, m: 3 }, 'RW-HDEF-04', 'lootHere');
    act(st, 0, { type: 'loot', h, m: 0 });
    expect(hs.mk).toEqual([]);
    expect(hs.rw[h]).toEqual([c1, c2]);
    expect(hs.up).toEqual([c2]);
    expect(checkInvariants(st)).toEqual([]);
    // The Quest Phase: a new stack by the hero is not offered.
    hs.mk.push([a, hs.rdeck.pop()!]);
    for (let i = 0; i < 400 && top(st).k !== 'qph'; i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(top(st).k).toBe('qph');
    expect((g.legalActions(st, 0) as RwAction[]).some((x) => x.type === 'loot')).toBe(false);
  });
});

describe('Reward cards in his turn', () => {
  const copy = (effect: string, n = 0) =>
    p.rewardDeck.map((k, i) => (p.rewards[k]!.effect === effect ? i : -1)).filter((i) => i >= 0)[n]!;
  function turn(give: (st: RwState, h: number, h2: number) => void): { st: RwState; h: number; h2: number } {
    const st = scenarioGame(['latari', 'uthuk'], 'rewards', { heroes: 'on' });
    const hs = st.hero!;
    const h = hs.ctl.findIndex((c) => c === 0);
    const h2 = hs.deck.pop()!;
    hs.ctl[h2] = 0;
    hs.at[h2] = hs.at[h];
    give(st, h, h2);
    chooseAll(st, [4, 8]);
    for (let i = 0; i < 200 && top(st).k !== 'ruse'; i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(top(st)).toMatchObject({ k: 'ruse', seat: 0 });
    return { st, h, h2 };
  }
  const take = (st: RwState, h: number, c: number) => {
    st.hero!.rdeck = st.hero!.rdeck.filter((x) => x !== c);
    st.hero!.rw[h]!.push(c);
  };

  it('RW-REWARD-02, RW-REWARD-08, RW-QPH-09: in his turn a Reward card is used, turned face up and (these) discarded: Sack of Gold gives 4 influence; the Quest Phase, nobody’s turn, offers no use', () => {
    const gold = copy('gold');
    const { st, h } = turn((s, x) => take(s, x, gold));
    const inf = st.p[0]!.inf;
    rejects(st, 0, { type: 'useReward', h, c: copy('rune') }, 'RW-REWARD-02', 'rewardUse');
    act(st, 0, { type: 'useReward', h, c: gold });
    expect(st.p[0]!.inf).toBe(inf + 4);
    expect(st.hero!.rw[h]).toEqual([]);
    expect(st.hero!.rdisc).toContain(gold);
    expect(st.hero!.up).toContain(gold);
    expect(g.view(st, 1).hero!.rdisc).toContain(gold); // public once used
    expect(checkInvariants(st)).toEqual([]);
    // The Quest Phase: a Timmorran Shard under the hero is not offered.
    take(st, h, copy('rune'));
    for (let i = 0; i < 400 && top(st).k !== 'qph'; i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(top(st)).toMatchObject({ k: 'qph', seat: 0 });
    expect((g.legalActions(st, 0) as RwAction[]).some((x) => x.type === 'useReward')).toBe(false);
  });

  it('RW-REWARD-06: Reward cards pass freely between his heroes in the same area, face down still', () => {
    const potion = copy('heal');
    const { st, h, h2 } = turn((s, x) => take(s, x, potion));
    act(st, 0, { type: 'give', c: potion, to: h2 });
    expect(st.hero!.rw[h2]).toEqual([potion]);
    expect(st.hero!.rw[h]).toEqual([]);
    expect(st.hero!.up).not.toContain(potion);
    expect(g.view(st, 1).hero!.rw[h2]).toEqual([-1]);
  });

  it('a Timmorran Shard turned in receives a dragon rune (data.md §11)', () => {
    const shard = copy('rune');
    const { st, h } = turn((s, x) => take(s, x, shard));
    act(st, 0, { type: 'useReward', h, c: shard });
    expect(top(st).k).toBe('receive');
  });
});

describe('desertion by Season cards', () => {
  it('RW-DESERT-01, RW-HERO-08: a loyalty test of Wisdom: a hero of the opposite alignment deserts on silver or red, a neutral one on red only, a matching one is never tested; the Captain of the League of Heroes keeps all his', () => {
    const setup = () => {
      const st = scenarioGame(['latari', 'uthuk'], 'desert', { heroes: 'on' });
      heroesToDeck(st);
      const hs = st.hero!;
      for (const id of ['ronan', 'valadir', 'verikas']) {
        const h = hero(id);
        hs.deck = hs.deck.filter((x) => x !== h);
        hs.ctl[h] = 0; // Latari: good
        hs.at[h] = area('LEa');
      }
      // Ronan (neutral, Wisdom 2): silver, silver; Verikas (evil, Wisdom 2): silver, red.
      const [s1, s2, s3] = fateOf('silver');
      const r = fateOf('red')[0]!;
      st.decks.fate = [...st.decks.fate.filter((c) => ![s1, s2, s3, r].includes(c)), r, s3, s2, s1];
      return st;
    };
    const st = setup();
    const log: GameEvent[] = [];
    desertionCheck(st, log);
    expect(log.filter((e) => e.key === 'rw.ev.desertTest').map((e) => e.params!.hero)).toEqual([
      hero('ronan'),
      hero('verikas'),
    ]);
    expect(st.hero!.ctl[hero('ronan')]).toBe(0);
    expect(st.hero!.ctl[hero('valadir')]).toBe(0);
    expect(st.hero!.ctl[hero('verikas')]).toBe(-1);
    expect(st.hero!.deck).toContain(hero('verikas'));
    expect(checkInvariants(st)).toEqual([]);
    const cap = setup();
    cap.titles[p.titles.findIndex((t) => t.id === 'captain')] = 0;
    desertionCheck(cap, undefined);
    expect(heroesOf(cap, 0).length).toBe(3);
  });

  it('RW-DESERT-01: Shifting Loyalties and The Long Night call the desertion check', () => {
    for (const id of ['FA3', 'WI3'])
      expect(p.seasons.find((c) => c.id === id)!.effects).toEqual([{ do: 'desertion' }]);
  });
});
