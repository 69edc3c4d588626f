/**
 * A test per card with an effect, derived from the data (issue 22, tests): every hero by its abilities (the
 * fields of heroes.json that differ from a plain hero) and every Title. A hero or Title whose effect has no
 * test here fails, unless it is named in a list of what waits (docs/games/runewars.md, "Waits"). Season,
 * Tactics and Objective cards have theirs in cards.test.ts and tactics.test.ts, Reward cards in
 * rewards.test.ts, exploration tokens in exploration.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { chooseAll, clearBoard, put, runewars as g, scenarioGame, stronghold } from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { board } from '../src/common.js';
import { startBattle } from '../src/battle.js';
import { advance } from '../src/decisions.js';
import { BLANK, DAMAGE, ROUT, SPECIAL } from '../src/pack.js';
import { area, battle, battleScenario, heroesToDeck, onlyHeroes, settle, top, u } from './battle-helpers.js';
import { act, card, defaults, fate, hero, p, quest, rewards, scene } from './duel-helpers.js';
import { startSeasonCard } from '../src/cards.js';

const legal = (st: RwState, seat: number) => g.legalActions(st, seat) as RwAction[];
const S = card(1, SPECIAL);
const D1 = card(1, DAMAGE, 1, [S]);
const R1 = card(1, ROUT, 1, [S, D1]);
const B = card(1, BLANK, -1, [S, D1, R1]);
const verikas = hero('verikas');

/** Plays the timeout defaults until `stop` holds (bounded). */
function until(st: RwState, stop: (st: RwState) => boolean): void {
  for (let i = 0; i < 5000 && !stop(st); i++) {
    const pr = g.prompts(st).find((x) => !x.optional)!;
    act(st, pr.seat, g.defaultAction(st, pr.seat)!);
  }
  expect(stop(st)).toBe(true);
}

/* ------------------------------------------------------------------ hero abilities */

/** A plain hero's values of the ability fields (heroes.json): others are the hero's abilities. */
const PLAIN: Record<string, unknown> = {
  move: p.heroRules.move,
  support: 1,
  testExtra: [0, 0, 0],
};
const NOT_ABILITIES = new Set(['id', 'name', 'align', 'att', 'health']);
const abilities = (h: number): string[] =>
  Object.entries(p.heroes[h]!)
    .filter(([k, v]) => !NOT_ABILITIES.has(k) && JSON.stringify(v) !== JSON.stringify(PLAIN[k] ?? 0))
    .map(([k]) => k);

const HERO_TESTS: Record<string, (id: string) => void> = {
  move: (id) => {
    const h = hero(id);
    const st = scene([[0, id, 'LEa']]);
    const step = legal(st, 0).find((a) => a.type === 'step' && a.h === h && st.home[a.to]! < 0)!;
    act(st, 0, step);
    expect(top(st)).toMatchObject({ k: 'qph', h, left: p.heroes[h]!.move - 1 });
  },
  regen: (id) => {
    const h = hero(id);
    const st = scenarioGame(['latari', 'uthuk'], 'regen', { heroes: 'on' });
    onlyHeroes(st, [[1, id, 'UYa']]);
    st.hero!.dmg[h] = 2;
    chooseAll(st, [4, 8]);
    until(st, (s) => top(s).k === 'qph');
    expect(st.hero!.dmg[h]).toBe(Math.max(0, 2 - p.heroes[h]!.regen));
  },
  support: (id) => {
    // He supports 2 Archers of Latari's attack on 4B: they draw 2 + his support cards.
    const h = hero(id);
    const st = scenarioGame(['latari', 'uthuk'], 'support', { heroes: 'on' });
    clearBoard(st);
    heroesToDeck(st);
    st.hero!.deck = st.hero!.deck.filter((x) => x !== h);
    st.hero!.ctl[h] = 0;
    st.hero!.at[h] = area('4B');
    put(st, '4B', 1, 'berserker', 2);
    put(st, 'LEa', 0, 'archer', 1);
    put(st, 'UYa', 1, 'berserker', 1);
    chooseAll(st, [3, 8]);
    st.stack.pop();
    st.act[area('4B')]! |= 1;
    startBattle(st, 0, area('4B'), 3, [area('3C'), u('archer'), area('3C'), u('archer')], undefined);
    advance(st, undefined);
    act(st, 0, { type: 'support', h, u: u('archer') });
    for (let i = 0; i < 50 && battle(st).cs[0]!.length === 0 && top(st).k !== 'turn'; i++) {
      const pr = g.prompts(st)[0]!;
      act(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(battle(st).cs[0]!.length).toBe(2 + p.heroes[h]!.support);
  },
  duelWard: (id) => {
    // Verikas deals 1 in round 1: the first damage of the duel is prevented.
    const h = hero(id);
    const st = scene([
      [0, id, '1A'],
      [1, 'verikas', '1A'],
    ]);
    fate(st, [B, D1]);
    act(st, 0, { type: 'duel', h, target: verikas });
    defaults(st);
    expect(st.hero!.dmg[h]).toBe(0); // a plain hero takes 1 (duels.test.ts)
  },
  duelStart: (id) => {
    const h = hero(id);
    const st = scene([
      [0, id, '1A'],
      [1, 'verikas', '1A'],
    ]);
    fate(st, []);
    act(st, 0, { type: 'duel', h, target: verikas });
    defaults(st);
    expect(st.hero!.dmg[verikas]).toBe(p.heroes[h]!.duelStart);
  },
  duelWin: (id) => {
    const h = hero(id);
    const st = scene([
      [0, id, '1A'],
      [1, 'verikas', '1A'],
    ]);
    st.hero!.dmg[verikas] = p.heroes[verikas]!.health - 1;
    fate(st, [card(1, DAMAGE, 1), B]);
    const inf = st.p[0]!.inf;
    act(st, 0, { type: 'duel', h, target: verikas });
    defaults(st);
    expect(st.hero!.ctl[verikas]).toBe(-2);
    expect(st.p[0]!.inf).toBe(inf + p.heroes[h]!.duelWin);
  },
  redraw: (id) => {
    const q = p.quests.find((x) => x.check === 'test' && x.area >= 0)!;
    const st = scene([[0, id, p.areas[q.area]!.id]], [q.id]);
    act(st, 0, { type: 'quest', h: hero(id), card: quest(q.id) });
    expect(legal(st, 0)).toContainEqual({ type: 'redraw' });
    act(st, 0, { type: 'redraw' });
    expect(legal(st, 0)).not.toContainEqual({ type: 'redraw' });
  },
  duelReach: (id) => {
    const h = hero(id);
    const st0 = scene([[0, id, '1A']]);
    const next = board(st0).adj[area('1A')]!.find((a) => st0.home[a]! < 0)!;
    const st = scene([
      [0, id, '1A'],
      [1, 'verikas', p.areas[next]!.id],
    ]);
    expect(legal(st, 0)).toContainEqual({ type: 'duel', h, target: verikas });
  },
  strike: (id) => {
    // After his Quest Phase action (here a Train), the one enemy hero of his area takes `strike` damage.
    const h = hero(id);
    const n = (p.heroes[h] as unknown as Record<string, number>).strike!;
    const st = scene([
      [0, id, '1A'],
      [1, 'verikas', '1A'],
    ]);
    act(st, 0, { type: 'train', h, a: 0, b: 1 });
    for (let i = 0; i < 5 && top(st).k !== 'qph' && g.prompts(st)[0]?.seat === 0; i++)
      act(st, 0, g.defaultAction(st, 0)!);
    expect(st.hero!.dmg[verikas]).toBe(n);
  },
  testExtra: (id) => {
    const h = hero(id);
    for (let attr = 0; attr < 3; attr++) {
      const q = p.quests.find((x) => x.check === 'test' && x.attr === attr && x.area >= 0);
      if (!q) continue;
      const st = scene([[0, id, p.areas[q.area]!.id]], [q.id]);
      act(st, 0, { type: 'quest', h, card: quest(q.id) });
      const f = top(st) as Extract<RwState['stack'][number], { k: 'qtest' }>;
      expect(f.cs.length).toBe(p.heroes[h]!.att[attr]! + p.heroes[h]!.testExtra[attr]!);
    }
  },
};

/** Heroes whose ability is not played yet (docs/games/runewars.md, M4 "Waits"), with none in the data: none left. */
const HERO_WAITS = new Set<string>([]);

describe('every hero ability (from the data)', () => {
  for (const [h, x] of p.heroes.entries())
    it(`RW-HERO-06: ${x.id} — ${abilities(h).join(', ') || 'waits'}`, () => {
      const list = abilities(h);
      if (!list.length) {
        expect(HERO_WAITS.has(x.id), `${x.id} has no ability in the data`).toBe(true);
        return;
      }
      for (const k of list) {
        const test = HERO_TESTS[k];
        expect(test, `no test for the hero ability ${k}`).toBeDefined();
        test!(x.id);
      }
    });
});

/* ------------------------------------------------------------------ Titles */

/** Each Title's effect for its holder, against the same state without it (the full tests are named). */
const TITLE_TESTS: Record<string, (t: number) => void> = {
  // cards.test.ts (RW-BID-06, RW-BID-10): ties settled; 1 influence when a Wizards' Council card is drawn.
  primarch: (t) => {
    const got = (held: boolean) => {
      const st = scenarioGame(['latari', 'uthuk'], 'title-primarch');
      st.titles[t] = held ? 0 : -1;
      const c = p.seasons.findIndex((x) => x.effects.some((e) => e.do === 'council'));
      for (const d of [...st.decks.seasons, st.decks.seasonDiscard])
        if (d.includes(c)) d.splice(d.indexOf(c), 1);
      const inf = st.p[0]!.inf;
      startSeasonCard(st, c);
      advance(st, undefined);
      return st.p[0]!.inf - inf;
    };
    expect(got(true)).toBe(got(false) + 1);
  },
  // hero-cards.test.ts (RW-TITLE-03): three Reward cards of his heroes for a dragon rune; no desertion.
  captain: (t) => {
    const offers = (held: boolean) => {
      const st = scene([[0, 'laurel', '1A']]);
      st.titles[t] = held ? 0 : -1;
      rewards(st, 'laurel', ['gold', 'staff', 'shield']);
      st.stack.push({ k: 'ruse', seat: 0 });
      return legal(st, 0).filter((a) => a.type === 'captain').length;
    };
    expect([offers(true), offers(false)]).toEqual([1, 0]);
  },
  // turn-record.test.ts (RW-TITLE-03): a dragon rune after a battle won as attacker in his turn with at least
  // 3 enemy units destroyed (three routed before it, RW-BATTLE-55), once a year.
  commander: (t) => {
    const runes = (held: boolean) => {
      const st = battleScenario(
        ['uthuk', 'latari'],
        '4B',
        [
          [1, 'archer', 3, true],
          [1, 'archer', 1],
        ],
        [['berserker', 8]],
        {
          seed: 'turn-walls',
          before: (s) => {
            stronghold(s, '4B', 1);
            s.titles[t] = held ? 0 : -1;
          },
        },
      );
      settle(st);
      expect(st.own[area('4B')]).toBe(0);
      return st.stack.filter((f) => f.k === 'receive' && f.seat === 0).length;
    };
    expect([runes(true), runes(false)]).toEqual([1, 0]);
  },
};
/** Titles whose effect waits (docs/games/runewars.md, "Waits"): none left. */
const TITLE_WAITS = new Set<string>([]);

describe('every Title (from the data)', () => {
  for (const [t, x] of p.titles.entries())
    it(`RW-TITLE-01, RW-TITLE-03: ${x.id} ${TITLE_TESTS[x.id] ? 'does what it says for its holder' : 'waits'}`, () => {
      const test = TITLE_TESTS[x.id];
      if (!test) {
        expect(TITLE_WAITS.has(x.id), `no test for the Title ${x.id}`).toBe(true);
        return;
      }
      test(t);
    });
});
