/** M0: the data pack against the box (RW-COMP-*, RW-GEN-*), setup (RW-SETUP-*, RW-MAP-24/25), seating (RW-GEN-09/10). */
import { describe, expect, it } from 'vitest';
import { Rng } from '@tabula/engine';
import { DEFAULT_PACK, leftOf, runewars as g, scenarioGame } from '@tabula/runewars';
import { newGame } from './helpers.js';

const p = DEFAULT_PACK;
const figures = (faction: string) =>
  Object.fromEntries(
    p.factions.find((f) => f.id === faction)!.units.map((u) => [p.units[u]!.id, p.units[u]!.figures]),
  );

describe('the data pack against the box', () => {
  it("RW-COMP-02, RW-COMP-03, RW-COMP-04, RW-COMP-05: each faction's four unit types and their figures", () => {
    expect(figures('daqan')).toEqual({ bowman: 8, footman: 16, knight: 8, siege: 4 });
    expect(figures('latari')).toEqual({ archer: 16, pegasus: 4, sorceress: 8, warrior: 8 });
    expect(figures('waiqar')).toEqual({ darkKnight: 4, necromancer: 8, reanimate: 16, skeleton: 8 });
    expect(figures('uthuk')).toEqual({ berserker: 16, chaosLord: 4, fleshRipper: 8, warlock: 8 });
  });

  it('RW-COMP-21, RW-COMP-22, RW-COMP-17, RW-GEN-07, RW-SETUP-01, RW-DIAL-01: faction sheets and the neutral reference sheet', () => {
    expect(p.factions.map((f) => [f.id, f.good])).toEqual([
      ['daqan', true],
      ['latari', true],
      ['waiqar', false],
      ['uthuk', false],
    ]);
    for (const f of p.factions) {
      expect(f.dials).toHaveLength(3); // food, wood, ore: three integer dials
      expect(f.influence).toBeGreaterThan(0);
      expect(f.tactics).toBeGreaterThan(0);
      for (const u of f.units) {
        const t = p.units[u]!;
        expect([t.shape >= 0, t.health >= 1, t.initiative >= 1 && t.initiative <= 5, t.sp >= 0]).toEqual([
          true,
          true,
          true,
          true,
        ]);
      }
    }
    expect(p.neutrals.map((u) => p.units[u]!.special)).toEqual([
      'Undying',
      'Stun',
      'Ravage',
      'Burning',
      'Flaming Breath',
      'Rage',
    ]);
  });

  it('RW-COMP-07, RW-COMP-09, RW-COMP-12, RW-COMP-16, RW-COMP-18, RW-COMP-19, RW-COMP-23, RW-COMP-24, RW-COMP-27, RW-COMP-29, RW-COMP-30, RW-COMP-31: counts of the box (RW-DEV-02, RW-COMP-14)', () => {
    expect(p.rules.activationTokens).toBe(4);
    expect(p.cities).toHaveLength(7);
    // RW-DEV-02: five development tokens each, of the four types (one defensive, the faction's own)
    for (const f of p.factions) {
      expect(f.devs.reduce((a, b) => a + b, 0)).toBe(5);
      expect(f.devs[3]).toBe(1);
    }
    expect(new Set(p.factions.map((f) => f.defensive)).size).toBe(4);
    // RW-COMP-14: a home realm place for each player on every preset board
    for (const b of p.presets) expect(b.slots).toHaveLength(b.players);
    expect(p.tiles.length + p.factions.length).toBe(13);
    expect([p.rules.dragonRunes, p.rules.falseRunes]).toEqual([21, 17]);
    expect(p.rules.strongholdStrength).toEqual([5, 3]);
    expect(p.rules.strongholds).toBe(4);
    expect(p.quests).toHaveLength(24);
    expect([p.objectives.filter((o) => o.good).length, p.objectives.filter((o) => !o.good).length]).toEqual([
      8, 8,
    ]);
    expect([0, 1, 2, 3].map((s) => p.seasons.filter((c) => c.season === s).length)).toEqual([8, 8, 8, 8]);
    expect(p.tacticsDeck).toHaveLength(50);
    expect(p.titles).toHaveLength(3);
    const st = newGame(2);
    let orders = 0;
    for (let n = 1; n <= 8; n++) if (st.p[0]!.hand & (1 << n)) orders++;
    expect(orders).toBe(8); // RW-ORDER-01: eight Order cards each
  });
});

describe('setup', () => {
  it('RW-GEN-01, RW-GEN-03: 2 to 4 players', () => {
    const o = g.parseOptions({});
    if (!o.ok) throw new Error();
    expect(g.setup(o.value, 1, 's').ok).toBe(false);
    expect(g.setup(o.value, 5, 's').ok).toBe(false);
    for (const n of [2, 3, 4]) expect(g.setup(o.value, n, 's').ok).toBe(true);
  });

  it('RW-SETUP-12, RW-RAND-02, RW-SETUP-13, RW-SETUP-17, RW-SETUP-18, RW-DIAL-02, RW-SETUP-08: decks shuffled, rune piles face up, spring of year 1; setup Tactics playable at once', () => {
    const st = scenarioGame(['daqan', 'latari', 'waiqar'], 'decks');
    expect([st.year, st.season]).toEqual([1, 0]);
    expect(st.decks.fate.length + st.decks.fateDiscard.length).toBe(30);
    expect(st.decks.seasons.map((d) => d.length)).toEqual([7, 8, 8, 8]); // the spring card is drawn
    expect(st.decks.seasonDiscard).toHaveLength(1);
    const inHands = st.p.reduce((n, x) => n + x.tac.length, 0);
    expect(st.decks.tactics.length + inHands).toBe(50);
    const onBoard = st.rk.filter((k) => k >= 0).length;
    expect(st.runePile[0]! + st.runePile[1]! + onBoard).toBe(38);
    for (const x of st.p) expect(x.tacSeason.every((s) => s === -1)).toBe(true);
    st.fac.forEach((f, s) => expect(st.p[s]!.dial).toEqual(p.factions[f]!.start));
    // Two worlds of different seeds deal different orders.
    expect(scenarioGame(['daqan', 'latari', 'waiqar'], 'decks2').decks.fate).not.toEqual(st.decks.fate);
  });

  it('RW-SETUP-06, RW-SETUP-07, RW-SETUP-19, RW-SETUP-05, RW-MAP-05: the Setup Quests go back into the Quest deck; quests of areas in play stay', () => {
    const st = scenarioGame(['daqan', 'latari'], 'quests');
    const all = [...st.decks.quests, ...st.p.flatMap((x) => x.quests), ...st.decks.questDiscard];
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((q) => p.quests[q]!.setup).length).toBe(p.quests.filter((q) => q.setup).length);
    for (const q of all) expect(st.pos[p.quests[q]!.area]!).toBeGreaterThanOrEqual(0);
    expect(st.p.every((x) => x.setupQuests.length === 0)).toBe(true);
  });

  it('RW-MAP-24, RW-MAP-25, RW-NEUT-01, RW-DATA-04: neutrals as printed; one city token per city space', () => {
    const st = newGame(4, 'map');
    // Every seat's timeout default to the end of setup: the first Season card (which may move neutral units,
    // Restless Beasts) has not acted yet.
    for (let i = 0; !st.stack.some((f) => f.k === 'season' || f.k === 'orders'); i++) {
      if (i > 5000) throw new Error('setup not over after 5,000 steps');
      const s = g.prompts(st).find((x) => !x.optional)!.seat;
      const r = g.apply(st, s, g.defaultAction(st, s)!);
      if (!r.ok) throw new Error(r.error.message);
    }
    for (let a = 0; a < p.areas.length; a++) {
      if (st.pos[a]! < 0) continue;
      for (const [u, n] of p.areas[a]!.neutrals) expect(st.us[a * p.U + u]).toBe(n);
      expect(st.city[a]! >= 0).toBe(p.areas[a]!.city);
    }
    const tokens = st.city.filter((c) => c >= 0);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('RW-SETUP-21, RW-SETUP-22: a preset board for each player count', () => {
    for (const n of [2, 3, 4]) expect(p.presets.some((b) => b.players === n)).toBe(true);
    expect(g.parseOptions({ preset: 'standard-2b' }).ok).toBe(true);
    expect(g.parseOptions({ preset: 'nowhere' }).ok).toBe(false);
  });

  it('RW-GEN-09, RW-GEN-10, RW-TERM-24: seating is fixed; the left player is the next seat; in two, the opponent', () => {
    const st = newGame(3);
    expect([leftOf(st, 0), leftOf(st, 1), leftOf(st, 2)]).toEqual([1, 2, 0]);
    const two = newGame(2);
    expect([leftOf(two, 0), leftOf(two, 1)]).toEqual([1, 0]);
    void Rng;
  });
});
