/**
 * Tactics cards played (M5, tactics.ts): a test per card of the data that has effects (derived from the
 * pack: a card with effects and no test here fails), the windows and their protocol (RW-TACT-02/03/05/08,
 * RW-BATTLE-70..72, RW-DP-40/61/67/86), and what a window tells the others (AOH-HID-14 style).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import type { BattleFrame, RwAction, RwState } from '@tabula/runewars';
import { board, ctrl, runewars as g, put, scenarioGame, stronghold } from '@tabula/runewars';
import { seasonIndex } from '../src/common.js';
import { strength } from '../src/resolution.js';
import { reachOf } from '../src/movement.js';
import { T_DMG, T_ROUT } from '../src/tasks.js';
import { area, asked, battle, battleScenario, p, top, u } from './battle-helpers.js';
import * as duel from './duel-helpers.js';
import { SPECIAL } from '../src/pack.js';

const card = (id: string) => p.tactics.findIndex((t) => t.id === id);

/** Gives a seat Tactics cards drawn in an earlier season (playable, RW-TACT-03). */
function hand(st: RwState, seat: number, ids: string[]): void {
  st.p[seat]!.tac = ids.map(card);
  st.p[seat]!.tacSeason = ids.map(() => seasonIndex(st) - 1);
}

function apply(st: RwState, seat: number, a: RwAction): GameEvent[] {
  const log: GameEvent[] = [];
  const r = g.apply(st, seat, a, log);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
  return log;
}

/** Plays the others' timeout defaults (passing windows) until a window `at` is asked of `seat`. */
function toWindow(st: RwState, at: string, seat: number): void {
  for (let i = 0; i < 300; i++) {
    const t = top(st);
    if (t.k === 'window' && t.at === at && t.seats.includes(seat) && !t.done.includes(seat)) return;
    const pr = g.prompts(st).find((x) => !x.optional)!;
    apply(st, pr.seat, g.defaultAction(st, pr.seat)!);
  }
  throw new Error(`no ${at} window for ${seat}`);
}

const play = (id: string): RwAction => ({ type: 'play', card: card(id) });
const offered = (st: RwState, seat: number, id: string) =>
  g.legalActions(st, seat).some((a) => a.type === 'play' && a.card === card(id));

/** A battle in 4B: Uthuk (seat 0) attack Latari (seat 1); windows kept open. */
function fight(before?: (st: RwState) => void, attackers: [string, number][] = [['berserker', 3]]): RwState {
  return battleScenario(['uthuk', 'latari'], '4B', [[1, 'archer', 2]], attackers, { windows: true, before });
}

/** A window of the battle on top of the stack, opened by hand (the card's moment), for both sides. */
function openWindow(st: RwState, at: string): BattleFrame {
  const b = battle(st);
  while (top(st).k === 'window') st.stack.pop();
  st.stack.push({ k: 'window', seats: [0, 1], at: at as never, done: [] });
  return b;
}

/** Areas across a border of kind `e` from `a`. */
function across(st: RwState, a: number, e: number): number[] {
  const b = board(st);
  return b.adj[a]!.filter((_, i) => b.edge[a]![i] === e);
}

/** A scenario at seat 0's preOrder window with Order `n`; the board cleared but for seat 0's units in `at`. */
function myTurn(n: number, before: (st: RwState) => void, ids: string[], opts = {}): RwState {
  const st = scenarioGame(['daqan', 'latari'], 'tac-turn', opts);
  // The board cleared but for the home realms' strongholds (nobody is eliminated).
  for (let a = 0; a < st.own.length; a++) {
    st.own[a] = -1;
    if (st.home[a]! < 0) {
      st.sh[a] = -1;
      st.dev[a] = -1;
    }
  }
  st.us.fill(0);
  st.ur.fill(0);
  before(st);
  hand(st, 0, ids);
  apply(st, 0, { type: 'order', n });
  apply(st, 1, { type: 'order', n: 8 });
  toWindow(st, 'preOrder', 0);
  return st;
}

/** An area with a border of kind `e` to an area that is not a home realm area, and that area. */
function pairAcross(st: RwState, e: number): [number, number] {
  for (const a of board(st).on) {
    if (st.home[a]! >= 0) continue;
    const t = across(st, a, e).find((x) => st.home[x]! < 0);
    if (t !== undefined) return [a, t];
  }
  throw new Error('no such border');
}

/** Each card's test: the card's effect checked in its moment. */
/** Laurel (seat 0) challenges Verikas (seat 1) in 1A with these Tactics cards, Laurel's special in round 1. */
function duelWith(seat: number, ids: string[]): RwState {
  const st = duel.scene([
    [0, 'laurel', '1A'],
    [1, 'verikas', '1A'],
  ]);
  duel.tactics(st, seat, ids);
  duel.fate(st, [duel.card(1, SPECIAL)]);
  duel.act(st, 0, { type: 'duel', h: duel.hero('laurel'), target: duel.hero('verikas') });
  return st;
}

const CARD_TESTS: Record<string, () => void> = {
  ambush: () => {
    // data.md §13: an enemy hero ends its Quest Phase move in an area he controls: 2 damage to that hero.
    const st = duel.scene([[0, 'laurel', '1A']]);
    duel.tactics(st, 1, ['ambush']);
    const h = duel.hero('laurel');
    const b = board(st);
    let to = -1;
    for (const a of b.on)
      for (const from of b.adj[a]!)
        if (to < 0 && ctrl(st, a) === 1 && ctrl(st, from) !== 1) {
          st.hero!.at[h] = from;
          if (g.legalActions(st, 0).some((x) => x.type === 'step' && x.h === h && x.to === a)) to = a;
        }
    duel.act(st, 0, { type: 'step', h, to });
    duel.act(st, 0, { type: 'stop', h });
    expect(top(st).k === 'window' && top(st).at).toBe('heroMoved');
    expect(offered(st, 1, 'ambush')).toBe(true);
    apply(st, 1, play('ambush'));
    expect(st.hero!.dmg[h]).toBe(2);
  },
  heroesResolve: () => {
    // RW-DUEL-14 (DUEL_START, before the draws): all damage to his hero this round prevented.
    const st = duelWith(1, ['heroesResolve']);
    expect(top(st).k === 'window' && top(st).at).toBe('duelStart');
    apply(st, 1, play('heroesResolve'));
    duel.defaults(st);
    expect(st.hero!.dmg[duel.hero('verikas')]).toBe(0);
  },
  poisonedBlade: () => {
    // RW-DUEL-14 (ROUND_REVEALED): 1 more damage to the opposing hero this round.
    const st = duelWith(0, ['poisonedBlade']);
    for (let i = 0; i < 10 && !(top(st).k === 'window' && offered(st, 0, 'poisonedBlade')); i++)
      apply(st, 0, g.defaultAction(st, 0)!);
    expect(top(st).k === 'window' && top(st).at).toBe('duelRevealed');
    apply(st, 0, play('poisonedBlade'));
    duel.defaults(st);
    expect(st.hero!.dmg[duel.hero('verikas')]).toBe(2);
  },
  mountainPass: () => {
    // RW-MOVE-14: with Mountain Pass his figures cross mountain borders this turn (Strategize here).
    const st = myTurn(1, () => void 0, ['mountainPass']);
    const [a, b] = pairAcross(st, 1);
    st.own[a] = 0;
    st.us[a * p.U + u('footman')] = 1;
    const draft: RwAction = { type: 'draft', from: a, u: u('footman'), to: b };
    apply(st, 0, play('mountainPass'));
    expect(top(st).k).toBe('strat');
    expect(g.legalActions(st, 0)).toContainEqual(draft);
  },
  iceBridge: () => {
    const st = myTurn(1, () => void 0, ['iceBridge']);
    const [a, b] = pairAcross(st, 2);
    st.own[a] = 0;
    st.us[a * p.U + u('footman')] = 1;
    const draft: RwAction = { type: 'draft', from: a, u: u('footman'), to: b };
    // Without the card the water border stops him (RW-MOVE-10); with it he crosses (RW-MOVE-14).
    const other = g.clone(st);
    apply(other, 0, { type: 'pass' });
    expect(g.legalActions(other, 0)).not.toContainEqual(draft);
    apply(st, 0, play('iceBridge'));
    expect(g.legalActions(st, 0)).toContainEqual(draft);
  },
  forcedMarch: () => {
    const st = myTurn(2, () => void 0, ['forcedMarch']);
    expect(reachOf(st, 0)).toEqual([p.rules.reach, p.rules.fastReach]);
    const log = apply(st, 0, play('forcedMarch'));
    expect(log.map((e) => e.key)).toContain('rw.ev.tacticTurn');
    expect(reachOf(st, 0)).toEqual([3, 3]); // RW-MOVE-21 changed by the card, this turn only
    expect(reachOf(st, 1)).toEqual([p.rules.reach, p.rules.fastReach]);
  },
  tacticalRetreat: () => {
    // RW-BATTLE-59: the defender withdraws; his units (routed ones too) retreat keeping their state into
    // an adjacent friendly area; the attacker takes the area and the stronghold.
    const st = fight((s) => {
      hand(s, 1, ['tacticalRetreat']);
      stronghold(s, '4B', 1);
      s.ur[area('4B') * p.U + u('warrior')] = 1;
      put(s, '4D', 1, 'archer', 1);
    });
    apply(st, 0, { type: 'pass' });
    const log = apply(st, 1, play('tacticalRetreat'));
    expect(log.map((e) => e.key)).toContain('rw.ev.tacticalRetreat');
    for (let i = 0; i < 20 && st.stack.some((f) => f.k === 'battle'); i++) {
      const pr = g.prompts(st)[0]!;
      apply(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    const c = area('4D');
    expect(st.us[c * p.U + u('archer')]).toBe(3); // not routed
    expect(st.ur[c * p.U + u('warrior')]).toBe(1); // routed before, still routed
    expect(ctrl(st, area('4B'))).toBe(0);
    expect(st.sh[area('4B')]).not.toBe(1);
  },
  horrificRumors: () => {
    // RW-TACT-09: the opponent's activation token makes the area activated by him: he cannot activate it.
    const st = myTurn(1, () => void 0, ['horrificRumors']);
    const home = board(st).on.find((a) => st.home[a] === 1 && st.sh[a] === 1)!;
    st.own[home] = 1;
    st.us[home * p.U + u('archer')] = 3;
    const b = board(st).adj[home]!.find((x) => st.home[x]! < 0 && ctrl(st, x) < 0)!;
    apply(st, 0, play('horrificRumors'));
    expect(top(st).k).toBe('tactic'); // the opponent is the only one: his area asked at once
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'pick', n: b });
    expect(g.legalActions(st, 0)).not.toContainEqual({ type: 'pick', n: home }); // he controls it
    const log = apply(st, 0, { type: 'pick', n: b });
    expect(log.map((e) => e.key)).toContain('rw.ev.rumors');
    expect(st.act[b]! & 2).toBe(2);
    // His Mobilize may not activate it (RW-ACT-05); without the token it could.
    const mob = (s: RwState) => {
      while (s.stack.length && s.stack.at(-1)!.k !== 'turn') s.stack.pop();
      s.stack.push({ k: 'mob', seat: 1, n: 2, x: -1, d: [], second: 0 });
      return g.legalActions(s, 1);
    };
    const without = g.clone(st);
    without.act[b] = 0;
    expect(mob(without)).toContainEqual({ type: 'activate', area: b });
    expect(mob(st)).not.toContainEqual({ type: 'activate', area: b });
  },
  summonLightning: () => {
    const st = fight((s) => hand(s, 1, ['summonLightning']));
    expect(offered(st, 0, 'summonLightning')).toBe(false);
    expect(offered(st, 1, 'summonLightning')).toBe(true);
    apply(st, 0, { type: 'pass' });
    const log = apply(st, 1, play('summonLightning'));
    expect(log.find((e) => e.key === 'rw.ev.damageInflicted')!.params).toMatchObject({ n: 4 });
    // Four damage to the attacker's units, assigned by him by the damage rules (RW-DMG-01).
    expect(battle(st).q.slice(0, 4)).toEqual([T_DMG, 0, 4, 0]);
    expect(asked(st)[0]).toMatch(/^0:/);
  },
  rallyCry: () => {
    // In a battle: his routed figures there stand up (at most 4).
    const st = fight((s) => hand(s, 0, ['rallyCry']));
    const b = openWindow(st, 'beforeDraw');
    expect(offered(st, 0, 'rallyCry')).toBe(false); // nothing routed
    for (let i = 0; i < b.fu.length; i++) if (b.fs[i] === 0) b.fr[i] = 1;
    expect(offered(st, 0, 'rallyCry')).toBe(true);
    apply(st, 0, play('rallyCry'));
    expect(b.fr.filter((r, i) => b.fs[i] === 0 && r).length).toBe(0);
    // During his turn: routed units on the board.
    const t = myTurn(
      8,
      (s) => {
        s.own[area('4B')] = 0;
        s.ur[area('4B') * p.U + u('footman')] = 5;
      },
      ['rallyCry'],
    );
    apply(t, 0, play('rallyCry'));
    expect(t.us[area('4B') * p.U + u('footman')]).toBe(4);
    expect(t.ur[area('4B') * p.U + u('footman')]).toBe(1);
  },
  shieldWall: () => {
    const st = fight((s) => hand(s, 1, ['shieldWall']));
    const b = openWindow(st, 'afterRouts');
    expect(offered(st, 1, 'shieldWall')).toBe(false); // no damage coming to him
    b.q.push(T_DMG, 1, 3, 0);
    expect(offered(st, 1, 'shieldWall')).toBe(true);
    apply(st, 1, play('shieldWall'));
    expect(b.q).toEqual([T_DMG, 1, 1, 0]);
  },
  flankingManeuver: () => {
    const st = fight((s) => hand(s, 0, ['flankingManeuver']));
    const b = openWindow(st, 'afterDamage');
    b.ty[0] = -1;
    expect(offered(st, 0, 'flankingManeuver')).toBe(false); // none of his types resolved
    b.ty[0] = u('berserker');
    apply(st, 0, play('flankingManeuver'));
    expect(b.q).toEqual([T_ROUT, 1, 1, 0]);
  },
  heroicStand: () => {
    const st = fight((s) => {
      hand(s, 0, ['heroicStand']);
      hand(s, 1, ['heroicStand']);
    });
    const b = openWindow(st, 'beforeTally');
    expect(offered(st, 0, 'heroicStand')).toBe(false); // defender only
    const before = strength(st, b, 1);
    apply(st, 1, play('heroicStand'));
    expect(strength(st, b, 1)).toBe(before + 2);
  },
  siegeCraft: () => {
    const st = fight((s) => {
      hand(s, 0, ['siegeCraft']);
      stronghold(s, '4B', 1);
    });
    const b = openWindow(st, 'beforeTally');
    const before = strength(st, b, 1);
    apply(st, 0, play('siegeCraft'));
    expect(strength(st, b, 1)).toBe(before - 2);
    // Without a stronghold it is not playable.
    const n = fight((s) => hand(s, 0, ['siegeCraft']));
    openWindow(n, 'beforeTally');
    expect(offered(n, 0, 'siegeCraft')).toBe(false);
  },
  bribery: () => diplomacyCard('bribery'),
  seersInsight: () => diplomacyCard('seersInsight'),
  spreadDissent: () => {
    const st = myTurn(
      8,
      (s) => {
        s.own[area('4B')] = 0;
        s.us[area('4B') * p.U + u('footman')] = 1;
      },
      ['spreadDissent'],
    );
    const b = board(st);
    const n = b.adj[area('4B')]!.find((x) => st.home[x]! < 0)!;
    st.us[n * p.U + u('beastman')] = 2;
    apply(st, 0, play('spreadDissent'));
    for (let i = 0; i < 5 && top(st).k !== 'window'; i++) {
      const pr = g.prompts(st)[0]!;
      const x =
        g.legalActions(st, pr.seat).find((a) => a.type !== 'pick' || a.n === n) ??
        g.defaultAction(st, pr.seat)!;
      apply(st, pr.seat, x);
    }
    expect(st.us[n * p.U + u('beastman')]! + st.ur[n * p.U + u('beastman')]!).toBe(0);
    let routed = 0;
    for (const a of b.adj[n]!) routed += st.ur[a * p.U + u('beastman')]!;
    expect(routed).toBeLessThanOrEqual(2);
  },
  lostCity: () => {
    // His hero stands in 4B with two unallied Beastmen; Lost City founds a damaged stronghold of his there.
    const x = area('4B');
    const setup = (s: RwState) => {
      const h = s.hero!.ctl.indexOf(0);
      s.hero!.at[h] = x;
      s.us[x * p.U + u('beastman')] = 2;
    };
    const st = myTurn(8, setup, ['lostCity'], { heroes: 'on' });
    expect(offered(st, 0, 'lostCity')).toBe(true);
    apply(st, 0, play('lostCity'));
    for (let i = 0; i < 5 && top(st).k !== 'window'; i++) {
      const pr = g.prompts(st)[0]!;
      apply(st, pr.seat, g.defaultAction(st, pr.seat)!);
    }
    expect(st.sh[x]).toBe(0);
    expect(st.shd[x]).toBe(1); // damaged side up
    expect(st.us[x * p.U + u('beastman')]! + st.ur[x * p.U + u('beastman')]!).toBe(0);
    // The Beastmen retreated routed to an adjacent uncontrolled area, or were destroyed (RW-DIPLO-07).
    let routed = 0;
    for (const a of board(st).adj[x]!) routed += st.ur[a * p.U + u('beastman')]!;
    expect(routed).toBeLessThanOrEqual(2);
    // Not in a city area (RW-STRONG-06).
    const city = myTurn(
      8,
      (s) => {
        setup(s);
        s.city[x] = 0;
      },
      ['lostCity'],
      { heroes: 'on' },
    );
    expect(offered(city, 0, 'lostCity')).toBe(false);
    // Not offered without heroes, nor with every stronghold of his on the board.
    expect(
      offered(
        myTurn(8, () => void 0, ['lostCity']),
        0,
        'lostCity',
      ),
    ).toBe(false);
    const full = myTurn(
      8,
      (s) => {
        setup(s);
        let k = board(s).on.filter((a) => s.sh[a] === 0).length;
        for (const a of board(s).on)
          if (k < p.rules.strongholds && s.sh[a]! < 0 && s.home[a]! < 0 && a !== x) {
            s.sh[a] = 0;
            k++;
          }
      },
      ['lostCity'],
      { heroes: 'on' },
    );
    expect(offered(full, 0, 'lostCity')).toBe(false);
  },
  espionage: () => {
    const st = myTurn(8, () => void 0, ['espionage']);
    const kn = st.p[0]!.kn.length;
    apply(st, 0, play('espionage'));
    const first = g.legalActions(st, 0).find((a) => a.type === 'pick') as { n: number };
    const log = apply(st, 0, first);
    // The area is public, what he saw goes to him alone (RW-INFO-14).
    const seen = log.find((e) => e.key.startsWith('rw.ev.runeSeen'))!;
    expect(seen.to).toEqual([0]);
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'done' });
    expect(g.legalActions(st, 0)).not.toContainEqual({ type: 'pick', n: first.n });
    apply(
      st,
      0,
      g.legalActions(st, 0).find((a) => a.type === 'pick')!,
    );
    expect(st.p[0]!.kn.length).toBe(kn + 2);
  },
  reinforcements: () => {
    const st = myTurn(8, (s) => stronghold(s, '4B', 0), ['reinforcements']);
    apply(st, 0, play('reinforcements'));
    // Two strongholds of his: he picks one; two triangle units of his faction from the supply.
    expect(top(st).k).toBe('tactic');
    apply(st, 0, { type: 'pick', n: area('4B') });
    expect(st.us[area('4B') * p.U + u('bowman')]).toBe(2);
    expect(st.own[area('4B')]).toBe(0);
  },
  forage: () => {
    const st = myTurn(8, () => void 0, ['forage']);
    const max = p.rules.dialMax;
    st.p[0]!.dial = [2, max, 1];
    apply(st, 0, play('forage'));
    // A dial at its last space is not offered (RW-DIAL-05).
    expect(g.legalActions(st, 0)).not.toContainEqual({ type: 'pick', n: 1 });
    apply(st, 0, { type: 'pick', n: 2 });
    expect(st.p[0]!.dial).toEqual([2, max, 2]);
    // All three at their last space: nothing to raise, the card is not offered.
    const full = myTurn(8, () => void 0, ['forage']);
    full.p[0]!.dial = [max, max, max];
    expect(offered(full, 0, 'forage')).toBe(false);
  },
  plunder: () => {
    const st = fight((s) => hand(s, 0, ['plunder']), [['berserker', 6]]);
    const b = battle(st);
    b.won = 1;
    openWindow(st, 'afterBattle');
    expect(offered(st, 0, 'plunder')).toBe(false); // he lost
    b.won = 0;
    const inf = st.p[0]!.inf;
    apply(st, 0, play('plunder'));
    expect(st.p[0]!.inf).toBe(inf + 3);
  },
};

/** Bribery, Seer's Insight: played with a diplomacy attempt, two more Fate cards drawn. */
function diplomacyCard(id: string): void {
  const st = myTurn(
    2,
    (s) => {
      s.own[area('4B')] = 0;
      s.us[area('4B') * p.U + u('footman')] = 2;
    },
    [id],
  );
  st.p[0]!.inf = 5;
  const n = board(st).adj[area('4B')]!.find((x) => st.home[x]! < 0)!;
  st.us[n * p.U + u('beastman')] = 1;
  apply(st, 0, { type: 'pass' });
  apply(st, 0, { type: 'activate', area: n });
  apply(st, 0, { type: 'draft', from: area('4B'), u: u('footman') });
  apply(st, 0, { type: 'commit' });
  expect(top(st).k).toBe('diplo');
  expect(g.legalActions(st, 0)).toContainEqual({ type: 'diplomacy', spend: 1, card: card(id) });
  const log = apply(st, 0, { type: 'diplomacy', spend: 1, card: card(id) });
  expect(log.map((e) => e.key)).toContain('rw.ev.tacticPlayed');
  const f = top(st);
  expect(f.k === 'diplo' ? f.cs.length : -1).toBe(3);
  expect(st.decks.tacticsDiscard).toContain(card(id));
}

/** The rules each card's test checks besides RW-TACT-02. */
const CARD_RULES: Record<string, string> = {
  mountainPass: 'RW-MOVE-14, ',
  iceBridge: 'RW-MOVE-14, RW-MOVE-10, ',
  forcedMarch: 'RW-MOVE-21, ',
  tacticalRetreat: 'RW-BATTLE-59, RW-RETREAT-02, ',
  horrificRumors: 'RW-TACT-09, RW-ACT-05, ',
  summonLightning: 'RW-DMG-01, RW-DP-61, ',
  forage: 'RW-DIAL-05, ',
  reinforcements: 'RW-CLIMIT-01, ',
  espionage: 'RW-INFO-14, ',
  lostCity: 'RW-DIPLO-07, RW-STRONG-06, ',
  heroesResolve: 'RW-DUEL-14, RW-DUEL-15, ',
  ambush: 'RW-QPH-03, RW-HERO-07, ',
  poisonedBlade: 'RW-DUEL-14, RW-DUEL-15, ',
};

describe('every Tactics card with effects', () => {
  for (const t of p.tactics)
    it(`${CARD_RULES[t.id] ?? ''}RW-TACT-02, RW-DP-86, RW-IMPL-23: ${t.id} ${t.waits ? `waits for ${t.waits}` : 'does what its data says'}`, () => {
      if (t.waits) {
        expect(t.effects).toEqual([]);
        return;
      }
      expect(t.effects.length).toBeGreaterThan(0);
      const test = CARD_TESTS[t.id];
      expect(test, `no test for the Tactics card ${t.id}`).toBeDefined();
      test!();
    });
});

describe('playing Tactics cards', () => {
  it('RW-TACT-03, RW-TACT-07: a card drawn this season cannot be played yet', () => {
    const st = fight((s) => {
      hand(s, 1, ['summonLightning']);
      s.p[1]!.tacSeason = [seasonIndex(s)];
    });
    expect(offered(st, 1, 'summonLightning')).toBe(false);
    expect(g.apply(st, 1, play('summonLightning')).ok).toBe(false);
  });

  it('RW-TACT-08, RW-BATTLE-72, RW-DP-67: a play reopens the window for the others once; the player is done with it; a second copy waits for a later window', () => {
    const st = fight((s) => {
      hand(s, 0, ['rallyCry', 'rallyCry']);
      hand(s, 1, ['shieldWall']);
    });
    const b = openWindow(st, 'beforeDraw');
    for (let i = 0; i < b.fu.length; i++) if (b.fs[i] === 0) b.fr[i] = 1;
    apply(st, 1, { type: 'pass' });
    expect(asked(st)).toEqual(['0:rw.window']);
    apply(st, 0, play('rallyCry'));
    // Seat 1 had passed: asked again; seat 0 is not (one card per player per window).
    expect(asked(st)).toEqual(['1:rw.window']);
    expect(g.legalActions(st, 0)).toEqual([]);
    apply(st, 1, { type: 'pass' });
    expect(st.p[0]!.tac).toEqual([card('rallyCry')]);
    for (let i = 0; i < b.fu.length; i++) if (b.fs[i] === 0) b.fr[i] = 1;
    openWindow(st, 'beforeDraw');
    expect(offered(st, 0, 'rallyCry')).toBe(true);
  });

  it('RW-TACT-05, RW-BATTLE-70, RW-TACT-06: only a side of the battle plays its cards; played cards go to the discard pile', () => {
    const st = battleScenario(['uthuk', 'latari', 'daqan'], '4B', [[1, 'archer', 1]], [['berserker', 1]], {
      windows: true,
      before: (s) => hand(s, 2, ['summonLightning']),
    });
    expect(g.legalActions(st, 2)).toEqual([]);
    expect(g.apply(st, 2, play('summonLightning')).ok).toBe(false);
    const n = fight((s) => hand(s, 1, ['summonLightning']));
    apply(n, 0, { type: 'pass' });
    const d = n.decks.tacticsDiscard.length;
    apply(n, 1, play('summonLightning'));
    expect(n.decks.tacticsDiscard.length).toBe(d + 1);
    expect(n.p[1]!.tac).toEqual([]);
  });

  it('AOH-HID-14, RW-INFO-04: a window asks the same of a seat with cards and of one without; the others see no difference', () => {
    const a = fight((s) => hand(s, 1, ['summonLightning', 'shieldWall']));
    const b = fight((s) => hand(s, 1, ['heroicStand', 'plunder']));
    expect(g.prompts(a)).toEqual(g.prompts(b));
    expect(g.view(a, 0).stack).toEqual(g.view(b, 0).stack);
    expect(g.view(a, 0).players[1]!.tac).toBeNull();
    // His own listing differs (his hand), the others' does not.
    expect(g.legalActions(a, 0)).toEqual(g.legalActions(b, 0));
  });

  it('RW-DP-89, RW-DP-88: the timeout default of every window is pass, never a card', () => {
    const st = fight((s) => hand(s, 1, ['summonLightning']));
    expect(g.defaultAction(st, 1)).toEqual({ type: 'pass' });
  });
});
