/**
 * Duels with Reward cards, their decision points and the duel Tactics cards (duels.ts, M4 duels part two):
 * Weapons and Armor (RW-REWARD-04/05), the duellist's choices (RW-DP-23), the duel windows and who plays in them
 * (RW-DUEL-14/15, RW-DP-22), the spoils (RW-DP-24), the neutral unit's side of a duel quest (RW-DP-25), the
 * timeout defaults (RW-DP-89) and what the others see (RW-REWARD-03).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { checkInvariants, runewars as g } from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { board, leftOf } from '../src/common.js';
import { DAMAGE, ROUT, SPECIAL } from '../src/pack.js';
import { area, top } from './battle-helpers.js';
import { rejects } from './helpers.js';
import { act, card, defaults, fate, hero, p, quest, rewards, scene, tactics, tcard } from './duel-helpers.js';

const keys = (log: GameEvent[]) => log.map((e) => e.key);
const laurel = hero('laurel'),
  verikas = hero('verikas');
const challenge: RwAction = { type: 'duel', h: laurel, target: verikas };
const legal = (st: RwState, seat: number) => g.legalActions(st, seat) as RwAction[];
const uses = (st: RwState, seat: number) =>
  legal(st, seat)
    .filter((a) => a.type === 'useReward')
    .map((a) => p.rewards[p.rewardDeck[(a as { c: number }).c]!]!.id);
/** Laurel (seat 0) against Verikas (seat 1) in 1A. */
const pair = () =>
  scene([
    [0, 'laurel', '1A'],
    [1, 'verikas', '1A'],
  ]);

const S = card(1, SPECIAL);
const D1 = card(1, DAMAGE, 1, [S]);
const R1 = card(1, ROUT, 1, [S, D1]);

describe('Weapons and Armor in a duel', () => {
  it('RW-REWARD-05, RW-DUEL-04, RW-DP-23, RW-REWARD-02: on his special icon the duellist chooses 1 damage or one Reward ability (here Staff of Light: 2 damage), which turns face up', () => {
    const st = pair();
    const [staff] = rewards(st, 'laurel', ['staff']);
    fate(st, [S]); // round 1: Laurel's special, Verikas blank
    const log: GameEvent[] = [];
    act(st, 0, challenge, log);
    expect(top(st).k).toBe('duel');
    expect(g.prompts(st).map((x) => x.seat)).toEqual([0]);
    expect(legal(st, 0).map((a) => a.type)).toEqual(['strike', 'useReward']);
    expect(g.view(st, 1).hero!.rw[laurel]).toEqual([-1]); // RW-REWARD-03: still face down for the others
    act(st, 0, { type: 'useReward', h: laurel, c: staff! }, log);
    defaults(st, log);
    expect(st.hero!.dmg[verikas]).toBe(2);
    expect(st.hero!.up).toContain(staff);
    expect(st.hero!.rw[laurel]).toEqual([staff]); // a Weapon stays under the hero
    expect(g.view(st, 1).hero!.rw[laurel]).toEqual([staff]);
    expect(keys(log)).toContain('rw.ev.rewardUsed');
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-REWARD-04: one Weapon a duel, used again at will; the other Weapon is refused', () => {
    const st = pair();
    const [staff, blade] = rewards(st, 'laurel', ['staff', 'blade']);
    fate(st, [S, card(1, 0, -1, [S]), S]); // Laurel's special in rounds 1 and 2
    act(st, 0, challenge);
    expect(uses(st, 0).sort()).toEqual(['blade', 'staff']);
    act(st, 0, { type: 'useReward', h: laurel, c: staff! });
    // Round 2: only the Weapon already used is offered.
    for (let i = 0; i < 10 && !(top(st).k === 'duel' && legal(st, 0).some((a) => a.type === 'strike')); i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(uses(st, 0)).toEqual(['staff']);
    rejects(st, 0, { type: 'useReward', h: laurel, c: blade! }, 'RW-REWARD-04', 'duelReward');
    act(st, 0, { type: 'useReward', h: laurel, c: staff! });
    defaults(st);
    expect(st.hero!.dmg[verikas]).toBe(4);
    expect(st.hero!.up).not.toContain(blade);
  });

  it('RW-REWARD-04, RW-DP-23, RW-DUEL-14: an Armor against damage coming, one a duel: Rune Armor prevents 1 that round and acts again in the later rounds without asking; the other Armor is never offered', () => {
    const st = pair();
    const [armor, shield] = rewards(st, 'laurel', ['runeArmor', 'shield']);
    fate(st, [card(1, 0, -1, [D1]), D1, card(1, 0, -1, [D1]), card(1, DAMAGE, 1, [D1])]);
    act(st, 0, challenge);
    // DAMAGE: 1 coming to Laurel, he holds Reward cards: asked.
    expect(legal(st, 0).map((a) => a.type)).toEqual(['done', 'useReward', 'useReward']);
    expect(uses(st, 0).sort()).toEqual(['runeArmor', 'shield']);
    act(st, 0, { type: 'useReward', h: laurel, c: armor! });
    // Round 2: the same damage; Laurel is not asked again, the Armor prevents it.
    const asked: number[] = [];
    for (let i = 0; i < 50 && top(st).k === 'duel'; i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      asked.push(pr.seat);
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(asked).toEqual([]);
    expect(st.hero!.dmg[laurel]).toBe(0);
    expect(st.hero!.up).toEqual([armor]);
    expect(st.hero!.up).not.toContain(shield);
  });

  it('RW-REWARD-04: Elven Chainmail is offered only when his card shows a rout icon (1 more prevented); Shield of the Dawn prevents the first damage of the duel', () => {
    const st = pair();
    const [mail] = rewards(st, 'laurel', ['chainmail']);
    const [staff] = rewards(st, 'verikas', ['staff']);
    fate(st, [R1, S]); // Laurel's rout 1; Verikas's special, his Staff of Light: 2 damage
    act(st, 0, challenge);
    act(st, 1, { type: 'useReward', h: verikas, c: staff! });
    expect(uses(st, 0)).toEqual(['chainmail']);
    act(st, 0, { type: 'useReward', h: laurel, c: mail! });
    defaults(st);
    expect(st.hero!.dmg[laurel]).toBe(0);

    const st2 = pair();
    const [shield] = rewards(st2, 'laurel', ['shield']);
    const [mail2] = rewards(st2, 'laurel', ['chainmail']);
    fate(st2, [card(1, 0, -1, [D1]), D1]);
    act(st2, 0, challenge);
    expect(uses(st2, 0)).toEqual(['shield']); // no rout icon: no Chainmail
    void mail2;
    act(st2, 0, { type: 'useReward', h: laurel, c: shield! });
    defaults(st2);
    expect(st2.hero!.dmg[laurel]).toBe(0);
  });

  it('RW-REWARD-05: Soulbiter deals 2; the blow that defeats the opposing hero removes all damage from its bearer; Dwarven Fire Bombs deal 3, are discarded and test Agility', () => {
    const st = pair();
    const [sb] = rewards(st, 'laurel', ['soulbiter']);
    st.hero!.dmg[laurel] = 2;
    st.hero!.dmg[verikas] = 3;
    fate(st, [S, D1]);
    const log: GameEvent[] = [];
    act(st, 0, challenge, log);
    act(st, 0, { type: 'useReward', h: laurel, c: sb! }, log);
    defaults(st, log);
    expect(st.hero!.ctl[verikas]).toBe(-2);
    expect(st.hero!.dmg[laurel]).toBe(0);
    expect(keys(log)).toContain('rw.ev.soulbiter');

    const st2 = pair();
    const [bombs] = rewards(st2, 'laurel', ['bombs']);
    fate(st2, [S]);
    const log2: GameEvent[] = [];
    act(st2, 0, challenge, log2);
    act(st2, 0, { type: 'useReward', h: laurel, c: bombs! }, log2);
    defaults(st2, log2);
    expect(st2.hero!.dmg[verikas]).toBe(3);
    expect(st2.hero!.rw[laurel]).toEqual([]);
    expect(st2.hero!.rdisc).toContain(bombs);
    const test = log2.find((e) => e.key === 'rw.ev.bombsTest')!;
    // Laurel's Agility 3, and her test card: 1 more (data.md §9).
    expect((test.params as { cards: number[] }).cards.length).toBe(p.heroes[laurel]!.att[1]! + 1);
    expect(checkInvariants(st2)).toEqual([]);
  });

  it('RW-DP-89, RW-DP-88: the defaults deal 1 damage on a special icon and use no Armor', () => {
    const st = pair();
    rewards(st, 'laurel', ['staff', 'runeArmor']);
    fate(st, [S, D1]);
    act(st, 0, challenge);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'strike' });
    act(st, 0, g.defaultAction(st, 0)!);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'done' });
    defaults(st);
    expect(st.hero!.dmg[verikas]).toBe(1);
    expect(st.hero!.dmg[laurel]).toBe(1);
    expect(st.hero!.up).toEqual([]);
  });

  it('RW-REWARD-03: being asked tells nothing of the cards: a hero holding Reward cards is asked whatever they are, and the others see the same', () => {
    const worlds = ['staff', 'horn'].map((r) => {
      const st = pair();
      rewards(st, 'laurel', [r]);
      fate(st, [S]);
      act(st, 0, challenge);
      return st;
    });
    const [a, b] = worlds as [RwState, RwState];
    expect(g.prompts(a).map((x) => x.seat)).toEqual(g.prompts(b).map((x) => x.seat));
    expect(g.view(a, 1)).toEqual(g.view(b, 1));
    expect(legal(b, 0)).toEqual([{ type: 'strike' }]);
  });
});

describe('duel Tactics cards and windows', () => {
  it("RW-DUEL-14, RW-DP-22, RW-DUEL-03: DUEL_START asks the challenger's and the defender's players; Hero's Resolve prevents all damage to his hero that round", () => {
    const st = pair();
    tactics(st, 1, ['heroesResolve']);
    tactics(st, 0, ['poisonedBlade']);
    fate(st, [S]); // Laurel's special: 1 damage
    const log: GameEvent[] = [];
    act(st, 0, challenge, log);
    const w = top(st) as Extract<RwState['stack'][number], { k: 'window' }>;
    expect(w.k).toBe('window');
    expect(w.at).toBe('duelStart');
    expect(w.seats).toEqual([0, 1]);
    expect(legal(st, 0)).toEqual([{ type: 'pass' }]); // Poisoned Blade waits for the revealed cards
    expect(legal(st, 1)).toEqual([{ type: 'pass' }, { type: 'play', card: tcard('heroesResolve') }]);
    act(st, 1, { type: 'play', card: tcard('heroesResolve') }, log);
    defaults(st, log);
    expect(st.hero!.dmg[verikas]).toBe(0);
    expect(st.decks.tacticsDiscard).toContain(tcard('heroesResolve'));
    expect(keys(log)).toContain('rw.ev.duelTactic');
  });

  it('RW-DUEL-14, RW-DP-23: Poisoned Blade after the cards are revealed deals 1 more damage to the opposing hero', () => {
    const st = pair();
    tactics(st, 0, ['poisonedBlade']);
    fate(st, [card(1, 0)]);
    act(st, 0, challenge);
    for (
      let i = 0;
      i < 20 && !(top(st).k === 'window' && (top(st) as { at: string }).at === 'duelRevealed');
      i++
    )
      act(st, 0, g.defaultAction(st, 0)!);
    expect(legal(st, 0)).toEqual([{ type: 'pass' }, { type: 'play', card: tcard('poisonedBlade') }]);
    act(st, 0, { type: 'play', card: tcard('poisonedBlade') });
    defaults(st);
    expect(st.hero!.dmg[verikas]).toBe(1);
  });

  it('RW-DUEL-15, RW-TACT-05: in a duel quest only the questing player plays duel cards; the player to his left, holding one, is not asked', () => {
    const st = scene([[0, 'valadir', '7A']], ['Q16']);
    tactics(st, 0, ['heroesResolve']);
    tactics(st, 1, ['heroesResolve']);
    act(st, 0, { type: 'quest', h: hero('valadir'), card: quest('Q16') });
    const w = top(st) as Extract<RwState['stack'][number], { k: 'window' }>;
    expect(w.k).toBe('window');
    expect(w.seats).toEqual([0]);
    expect(legal(st, 1)).toEqual([]);
    expect(g.apply(st, 1, { type: 'play', card: tcard('heroesResolve') }).ok).toBe(false);
  });
});

describe('the spoils and the neutral side', () => {
  it('RW-DP-24, RW-DUEL-08: the surviving duellist’s player gives the fallen hero’s Reward cards one by one to his heroes of that area; the others see counts only; the default keeps them with the duellist', () => {
    const st = scene([
      [0, 'laurel', '1A'],
      [0, 'silhouette', '1A'],
      [1, 'verikas', '1A'],
    ]);
    const hs = st.hero!;
    hs.dmg[verikas] = 4;
    const got = rewards(st, 'verikas', ['potion', 'horn']);
    fate(st, [S]);
    const log: GameEvent[] = [];
    act(st, 0, challenge, log);
    for (let i = 0; i < 20 && top(st).k === 'duel'; i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
    }
    expect(top(st).k).toBe('spoils');
    expect(legal(st, 0)).toEqual([{ type: 'done' }, { type: 'pick', n: hero('silhouette') }]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'done' });
    act(st, 0, { type: 'pick', n: hero('silhouette') }, log);
    expect(hs.rw[hero('silhouette')]).toEqual([got[0]]);
    expect(g.view(st, 1).hero!.rw[hero('silhouette')]).toEqual([-1]);
    const ev = log.find((e) => e.key === 'rw.ev.spoilsGiven')!;
    expect(JSON.stringify(ev.params)).not.toContain(`"c"`);
    act(st, 0, { type: 'done' });
    expect(hs.rw[laurel]).toEqual([got[1]]);
    expect(top(st).k).toBe('qph');
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-DP-25, RW-QUEST-22, RW-QUEST-24: the neutral unit’s special is decided for it by the player to the left (or the automated neutrals): its one choice, the hero, takes its damage', () => {
    for (const neutrals of ['left', 'auto']) {
      const st = scene([[0, 'laurel', '7A']], ['Q16'], neutrals === 'auto' ? { neutrals: 'auto' } : {});
      const t = card(0, SPECIAL);
      const b = p.fate.findIndex((c, i) => i !== t && c.kind[1] === 0);
      fate(st, [b, t]); // round 1: Laurel blank, the Beastman's Ravage
      const log: GameEvent[] = [];
      act(st, 0, { type: 'quest', h: laurel, card: quest('Q16') }, log);
      defaults(st, log);
      const ev = log.find((e) => e.key === 'rw.ev.neutralDuelSpecial')!;
      expect(ev).toBeDefined();
      expect((ev.params as { seat: number }).seat).toBe(neutrals === 'auto' ? -1 : leftOf(st, 0));
      expect((ev.rules ?? []).includes('RW-DP-25')).toBe(true);
      // Round 1: the Ravage's 1 damage to the hero.
      const r1 = log.find((e) => e.key === 'rw.ev.duelRound')!;
      expect((r1.params as { m: number }).m).toBe(1);
      expect(keys(log)).toContain('rw.ev.duelRound');
    }
  });
});

describe('hero abilities (data.md §9)', () => {
  const testQuest = (attr: number) =>
    p.quests.find((q) => q.check === 'test' && q.attr === attr && q.area >= 0)!;

  it('RW-TEST-01: Laurel of Bloodwood’s Agility tests draw 1 Fate card more than her Agility; her other tests do not', () => {
    for (const attr of [1, 2]) {
      const q = testQuest(attr);
      const st = scene([[0, 'laurel', p.areas[q.area]!.id]], [q.id]);
      act(st, 0, { type: 'quest', h: laurel, card: quest(q.id) });
      const f = top(st) as Extract<RwState['stack'][number], { k: 'qtest' }>;
      expect(f.k).toBe('qtest');
      expect(f.cs.length).toBe(p.heroes[laurel]!.att[attr]! + (attr === 1 ? 1 : 0));
    }
  });

  it('RW-TEST-01: Astarra may draw the cards of an attribute test again, once a Quest Phase; the default keeps the best card', () => {
    const q = testQuest(2);
    const st = scene([[0, 'astarra', p.areas[q.area]!.id]], [q.id]);
    act(st, 0, { type: 'quest', h: hero('astarra'), card: quest(q.id) });
    const f = top(st) as Extract<RwState['stack'][number], { k: 'qtest' }>;
    const first = f.cs.slice();
    expect(legal(st, 0)).toContainEqual({ type: 'redraw' });
    expect(g.defaultAction(st, 0)!.type).toBe('testCard'); // RW-DP-88: no optional ability by default
    const log: GameEvent[] = [];
    act(st, 0, { type: 'redraw' }, log);
    expect(f.cs.length).toBe(first.length);
    for (const c of first) expect(st.decks.fateDiscard).toContain(c);
    expect(keys(log)).toContain('rw.ev.redraw');
    expect(legal(st, 0)).not.toContainEqual({ type: 'redraw' });
    rejects(st, 0, { type: 'redraw' }, 'RW-TEST-01', 'redraw');
    expect(checkInvariants(st)).toEqual([]);
    // Another hero has no such ability.
    const st2 = scene([[0, 'laurel', p.areas[q.area]!.id]], [q.id]);
    act(st2, 0, { type: 'quest', h: laurel, card: quest(q.id) });
    expect(legal(st2, 0)).not.toContainEqual({ type: 'redraw' });
  });

  it('RW-DUEL-01, RW-DUEL-02: Challara may challenge an enemy hero in an adjacent area too; other heroes only in their own', () => {
    const st0 = scene([[0, 'laurel', '1A']]);
    const next = board(st0).adj[area('1A')]!.find((a) => st0.home[a]! < 0)!;
    const st = scene([
      [0, 'challara', '1A'],
      [0, 'laurel', '1A'],
      [1, 'verikas', p.areas[next]!.id],
    ]);
    const duels = legal(st, 0).filter((a) => a.type === 'duel');
    expect(duels).toEqual([{ type: 'duel', h: hero('challara'), target: verikas }]);
    fate(st, [S]);
    act(st, 0, { type: 'duel', h: hero('challara'), target: verikas });
    defaults(st);
    expect(st.hero!.dmg[verikas]).toBe(1);
  });
});

describe('rulebook examples of heroes (11-examples.md)', () => {
  it('RW-EX-12, RW-QUEST-05, RW-QUEST-06, RW-TEST-01: a hero of Agility 2 moves into the quest’s area, draws 2 Fate cards and keeps the gold one: a Reward card face down, the Quest card discarded, a new one drawn', () => {
    const q = p.quests.find((x) => x.check === 'test' && x.attr === 1 && x.area >= 0)!;
    const st0 = scene([[0, 'verikas', p.areas[q.area]!.id]]);
    const next = board(st0).adj[q.area]!.find((a) => st0.home[a]! < 0 && board(st0).adj[a]!.length > 0)!;
    const st = scene([[0, 'verikas', p.areas[next]!.id]], [q.id]);
    expect(p.heroes[verikas]!.att[1]).toBe(2);
    const gold = p.fate.findIndex((c) => c.destiny === 'gold');
    const red = p.fate.findIndex((c) => c.destiny === 'red');
    fate(st, [gold, red]);
    act(st, 0, { type: 'step', h: verikas, to: q.area });
    if (!legal(st, 0).some((a) => a.type === 'quest')) act(st, 0, { type: 'stop', h: verikas });
    act(st, 0, { type: 'quest', h: verikas, card: quest(q.id) });
    const f = top(st) as Extract<RwState['stack'][number], { k: 'qtest' }>;
    expect(f.cs.slice().sort()).toEqual([gold, red].sort());
    act(st, 0, { type: 'testCard', card: gold });
    expect(st.hero!.rw[verikas]).toHaveLength(1);
    expect(st.hero!.up).not.toContain(st.hero!.rw[verikas]![0]); // face down
    expect(st.decks.questDiscard).toContain(quest(q.id));
    expect(st.p[0]!.quests).toHaveLength(1); // a new Quest card in its place
    expect(st.p[0]!.quests).not.toContain(quest(q.id));
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-EX-14, RW-DUEL-03, RW-DUEL-05, RW-DUEL-08, RW-REWARD-04: Mad Carthos (Blade of Rage, Rune Armor) against Silhouette: 1 at the start, 2 with the Blade less 1 for her rout, then 1 each — she falls, his Armor prevents his; her Reward cards go under him, face down; his action is spent', () => {
    const carthos = hero('carthos'),
      silhouette = hero('silhouette');
    const st = scene([
      [0, 'carthos', '1A'],
      [1, 'silhouette', '1A'],
    ]);
    const [blade, armor] = rewards(st, 'carthos', ['blade', 'runeArmor']);
    const [hers] = rewards(st, 'silhouette', ['gold']);
    expect(p.heroes[silhouette]!.health).toBe(3);
    const D1b = card(1, DAMAGE, 1, [S, D1, R1]);
    fate(st, [S, R1, D1, D1b]); // round 1: his special, her rout 1; round 2: damage 1 each
    const log: GameEvent[] = [];
    act(st, 0, { type: 'duel', h: carthos, target: silhouette }, log);
    expect(keys(log)).toContain('rw.ev.duelStartDamage');
    act(st, 0, { type: 'useReward', h: carthos, c: blade! }, log);
    // Round 2: 1 damage coming to him: his Armor.
    for (let i = 0; i < 20 && !legal(st, 0).some((a) => a.type === 'useReward'); i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
    }
    act(st, 0, { type: 'useReward', h: carthos, c: armor! }, log);
    defaults(st, log);
    expect(st.hero!.ctl[silhouette]).toBe(-2);
    expect(st.hero!.dmg[carthos]).toBe(0);
    expect(st.hero!.rw[carthos]).toEqual(expect.arrayContaining([blade, armor, hers]));
    expect(st.hero!.up).toContain(blade); // turned face up when used
    expect(st.hero!.up).not.toContain(hers);
    expect(legal(st, 0).some((a) => 'h' in a && a.h === carthos)).toBe(false);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('RW-EX-38, RW-DUEL-05, RW-DUEL-09, RW-HDEF-03: two heroes at 2 of 3 damage both draw damage 1: both fall at once, nobody takes the other’s Reward cards, two defeated-hero stacks lie in the area', () => {
    const st = scene([
      [0, 'silhouette', '1A'],
      [1, 'challara', '1A'],
    ]);
    const [a] = rewards(st, 'silhouette', ['staff']);
    const [b] = rewards(st, 'challara', ['shield']);
    st.hero!.dmg[hero('silhouette')] = 2;
    st.hero!.dmg[hero('challara')] = 2;
    fate(st, [D1, card(1, DAMAGE, 1, [S, D1, R1])]);
    act(st, 0, { type: 'duel', h: hero('silhouette'), target: hero('challara') });
    defaults(st);
    expect(st.hero!.ctl[hero('silhouette')]).toBe(-2);
    expect(st.hero!.ctl[hero('challara')]).toBe(-2);
    expect(st.hero!.mk).toEqual(
      expect.arrayContaining([
        [area('1A'), a],
        [area('1A'), b],
      ]),
    );
    expect(st.hero!.mk).toHaveLength(2);
    expect(checkInvariants(st)).toEqual([]);
  });
});
