/**
 * Resignation (docs/games/runewars.md, decisions R1–R7): accepted at any moment — setup, the secret Order
 * selection, a turn, a battle as attacker, defender or the left player deciding for neutrals, a window,
 * while the seat has nothing to decide —, treated as an elimination (RW-ELIM-02..04, RW-ELIM-06), the last
 * player left winning (RW-VICT-17); what other seats see does not change with anything hidden.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Seat } from '@tabula/engine';
import { RESIGN, Rng } from '@tabula/engine';
import {
  board,
  chooseAll,
  checkInvariants,
  ctrl,
  DEFAULT_PACK,
  DEFAULT_PACK_JSON,
  fateOnTop,
  runewars as g,
  stronghold,
} from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { resign } from '../src/resign.js';
import { act, area, asked, battle, battleScenario, settle, top, units } from './battle-helpers.js';
import { newGame, playDefaults, rejects } from './helpers.js';
import { perturbHidden } from './properties.js';

const p = DEFAULT_PACK;

const sees = (e: GameEvent, s: Seat) => (!e.to || e.to.includes(s)) && !e.notTo?.includes(s);

/**
 * Views stay sealed: for every other seat still playing, a copy of the state whose hidden parts that seat
 * cannot see are changed (perturbHidden) gives him the same view and the same events after the
 * resignation's own work (before the game runs on: what follows is the ordinary flow). Then the seat
 * resigns for real; returns the events.
 */
function resignSealed(st: RwState, s: Seat, rng = new Rng(`sealed:${s}`)): GameEvent[] {
  for (let o = 0; o < st.n; o++) {
    if (o === s || st.p[o]!.out) continue;
    const a = g.clone(st);
    const b = g.clone(st);
    perturbHidden(b, o, rng);
    expect(g.view(b, o)).toEqual(g.view(a, o));
    const la: GameEvent[] = [],
      lb: GameEvent[] = [];
    resign(a, s, la);
    resign(b, s, lb);
    if (a.over) continue; // the end reveals everything (RW-VICT-14): nothing to keep sealed
    expect(g.view(b, o), `seat ${o} sees something hidden`).toEqual(g.view(a, o));
    expect(lb.filter((e) => sees(e, o))).toEqual(la.filter((e) => sees(e, o)));
  }
  const log: GameEvent[] = [];
  const r = g.apply(st, s, RESIGN as RwAction, log);
  expect(r).toEqual({ ok: true });
  expect(checkInvariants(st)).toEqual([]);
  return log;
}

/** Nothing of the seat is left (RW-ELIM-02..04) and nobody asks him anything (RW-ELIM-06). */
function gone(st: RwState, s: Seat): void {
  const x = st.p[s]!;
  expect(x.out).toBe(2);
  expect([x.tac, x.quests, x.obj, x.inf, x.pick]).toEqual([[], [], -1, 0, 0]);
  for (let a = 0; a < st.own.length; a++) {
    expect(st.own[a]).not.toBe(s);
    expect(st.sh[a]).not.toBe(s);
    expect(st.home[a]).not.toBe(s);
    expect(st.act[a]! & (1 << s)).toBe(0);
  }
  expect(st.vict).not.toContain(s);
  expect(st.titles).not.toContain(s);
  for (const pr of g.prompts(st)) expect(pr.seat).not.toBe(s);
  expect(g.legalActions(st, s)).toEqual([]);
}

/** The Fate cards are all somewhere: deck, discard, a battle's sub-round (RW-FATE-05). */
function fateCount(st: RwState): number {
  let n = st.decks.fate.length + st.decks.fateDiscard.length;
  for (const f of st.stack) if (f.k === 'battle') n += f.cs[0]!.length + f.cs[1]!.length;
  return n;
}

describe('resigning is always accepted once, and only once', () => {
  it('RW-ELIM-06: a resigned seat is refused everything (a second resignation too, with the rule); resigning is never listed', () => {
    const st = playDefaults(newGame(3, 'once'), (s) => top(s).k === 'orders');
    for (let s = 0; s < 3; s++) expect(g.legalActions(st, s)).not.toContainEqual(RESIGN);
    resignSealed(st, 1);
    rejects(st, 1, RESIGN, 'RW-ELIM-06', 'resigned');
    rejects(st, 1, { type: 'order', n: 2 }, 'RW-ELIM-06', 'resigned');
    expect(g.describeAction(st, 1, RESIGN as RwAction, 'en')).toBe('Resign');
    expect(g.describeAction(st, 1, RESIGN as RwAction, 'ru')).toBe('Сдаться');
    expect(g.renderText!(g.view(st, 0), 'en', (s) => `P${s}`)).toContain('P1 has resigned');
  });
});

describe('during setup (R1)', () => {
  it('RW-VICT-17: two players, one resigns at the first decision (his faction): the other wins at once', () => {
    const st = newGame(2, 'setup-2');
    const first = g.prompts(st)[0]!.seat;
    const log = resignSealed(st, first);
    expect(st.over).toMatchObject({ winners: [1 - first], reason: 'resigned' });
    expect(log.map((e) => e.key)).toEqual(['rw.ev.resigned', 'rw.ev.lastStanding']);
    expect(log[1]!.rules).toContain('RW-VICT-17');
    expect(g.prompts(st)).toEqual([]);
  });

  it('RW-ELIM-02, RW-ELIM-04, RW-ELIM-06: resigning at the setup runes — his setup is finished by its defaults (the board of three players, his two runes), his realm becomes ordinary areas, he places no units and gets no hand', () => {
    const st = newGame(3, 'setup-3');
    playDefaults(st, (s) => top(s).k === 'runes');
    const s = (top(st) as { seat: Seat }).seat;
    const log = resignSealed(st, s);
    expect(log[0]).toMatchObject({ key: 'rw.ev.resigned', params: { seat: s } });
    expect(log[0]!.rules).toEqual(['RW-ELIM-02', 'RW-ELIM-03', 'RW-ELIM-04', 'RW-ELIM-06']);
    // His setup decisions are answered by their defaults as they come (his runes placed at once).
    expect(log.some((e) => e.key === 'rw.ev.runes' && e.params!.seat === s)).toBe(true);
    for (let i = 0; i < 2000 && top(st).k !== 'orders'; i++) {
      for (const pr of g.prompts(st)) expect(pr.seat).not.toBe(s);
      const pr = g.prompts(st).find((x) => !x.optional)!;
      const r = g.apply(st, pr.seat, g.defaultAction(st, pr.seat)!);
      expect(r.ok).toBe(true);
      expect(checkInvariants(st)).toEqual([]);
    }
    expect(top(st).k).toBe('orders');
    gone(st, s);
    // The board is the preset of three players: every home slot taken, his realm on the board.
    expect(st.markers).toEqual([]);
    const home = p.factions[st.fac[s]!]!.home;
    for (const a of home) {
      expect(st.pos[a]).toBeGreaterThanOrEqual(0);
      expect(ctrl(st, a)).toBe(-1);
    }
    let runes = 0;
    for (const a of board(st).on) if (st.rk[a]! >= 0) runes++;
    expect(runes).toBe(6);
    expect(g.prompts(st).map((x) => x.seat)).toEqual([0, 1, 2].filter((x) => x !== s));
  });

  it('RW-ELIM-04: resigning while placing his starting units: the stronghold and units placed leave at once', () => {
    const st = newGame(3, 'setup-place');
    playDefaults(st, (x) => top(x).k === 'place' && (top(x) as { q: number[] }).q.length === 2);
    const s = (top(st) as { seat: Seat }).seat;
    expect(st.sh).toContain(s);
    resignSealed(st, s);
    expect(st.sh).not.toContain(s);
    expect(st.own).not.toContain(s);
    playDefaults(st, (x) => top(x).k === 'orders');
    gone(st, s);
  });
});

describe('during the secret Order selection (R2)', () => {
  it('RW-YEAR-11, RW-YEAR-14, RW-INFO-03: a chosen Order is discarded and nothing is revealed; the selection waits for the others', () => {
    const st = playDefaults(newGame(3, 'orders'), (s) => top(s).k === 'orders');
    act(st, 0, { type: 'order', n: 5 });
    act(st, 1, { type: 'order', n: 2 });
    const log = resignSealed(st, 1);
    expect(log.map((e) => e.key)).toEqual(['rw.ev.resigned']);
    expect(top(st).k).toBe('orders');
    expect(g.view(st, 2).players[0]!.pick).toBe(-1); // still sealed
    expect(asked(st)).toEqual(['0:rw.order', '2:rw.order']);
    const reveal = act(st, 2, { type: 'order', n: 7 }).find((e) => e.key === 'rw.ev.reveal')!;
    expect(reveal.params).toMatchObject({ orders: [5, 0, 7], seats: [0, 2] });
    gone(st, 1);
  });

  it('RW-YEAR-20: when the only seat still to choose resigns, the Orders are revealed at once', () => {
    const st = playDefaults(newGame(4, 'orders-last'), (s) => top(s).k === 'orders');
    chooseAll(st, [3, 5, 8]);
    const log = resignSealed(st, 3);
    expect(log.map((e) => e.key).slice(0, 2)).toEqual(['rw.ev.resigned', 'rw.ev.reveal']);
    expect(st.order).toEqual([0, 1, 2]);
    gone(st, 3);
  });
});

describe('during his turn (R3)', () => {
  it('RW-ELIM-03, RW-ELIM-04, RW-ELIM-06, RW-VICT-11: the active player resigns in the middle of a Mobilize: his turn ends, his units and activation tokens leave, the next player goes on', () => {
    const st = playDefaults(newGame(3, 'turn'), (s) => top(s).k === 'orders');
    chooseAll(st, [2, 8, 8]);
    expect(asked(st)).toEqual(['0:rw.mobilize']);
    const activate = g.legalActions(st, 0).find((a) => a.type === 'activate')!;
    act(st, 0, activate);
    const draft = g.legalActions(st, 0).find((a) => a.type === 'draft');
    if (draft) act(st, 0, draft);
    st.titles[0] = 0;
    st.titleInf[0] = 2;
    st.vict[1] = 0;
    const log = resignSealed(st, 0);
    gone(st, 0);
    // RW-ELIM-03: the Title back to the common area with its influence; RW-VICT-11: his Victory card off.
    expect([st.titles[0], st.titleInf[0], st.vict[1]]).toEqual([-1, 2, -1]);
    expect(log.some((e) => e.key === 'rw.ev.turn' && e.params!.seat !== 0)).toBe(true);
    expect(st.stack.some((f) => 'seat' in f && f.seat === 0)).toBe(false);
    expect(g.prompts(st).length).toBeGreaterThan(0);
  });

  it('RW-ELIM-06: a seat with nothing to decide resigns while another plays; his turn later this season is skipped', () => {
    const st = playDefaults(newGame(3, 'idle'), (s) => top(s).k === 'orders');
    chooseAll(st, [2, 8, 5]);
    expect(asked(st)).toEqual(['0:rw.mobilize']);
    resignSealed(st, 1);
    expect(asked(st)).toEqual(['0:rw.mobilize']);
    const log: GameEvent[] = [];
    for (let i = 0; i < 200 && st.season === 0; i++) {
      const pr = g.prompts(st).find((x) => !x.optional)!;
      expect(pr.seat).not.toBe(1);
      const r = g.apply(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
      expect(r.ok).toBe(true);
    }
    // After seat 0's Mobilize, seat 2 (Recruit) plays; seat 1's Fortify is skipped.
    expect(log.filter((e) => e.key === 'rw.ev.turn').map((e) => e.params!.seat)).toEqual([2]);
    gone(st, 1);
  });
});

describe('in a battle (R4)', () => {
  const three = ['uthuk', 'latari', 'daqan'];
  /** Uthuk (seat 0) attack the Latari (seat 1) in 4B, stopped at the defender's first choice of a sub-round. */
  const midRound = () =>
    battleScenario(
      three,
      '4B',
      [
        [1, 'archer', 3],
        [1, 'warrior', 2],
      ],
      [
        ['berserker', 3],
        ['fleshRipper', 2],
        ['warlock', 1],
      ],
      { orders: [2, 8, 8], seed: 'b', before: (s) => stronghold(s, '4B', 1) },
    );

  it('RW-BATTLE-57, RW-ROUND-08, RW-FATE-07: the attacker resigns in the middle of a round: the defender holds the area, his units back; the cards not shown to all go back into the Fate deck unseen', () => {
    const st = midRound();
    expect(asked(st)).toEqual(['1:rw.battle.target']);
    const total = fateCount(st);
    const f = battle(st);
    // What the third seat sees of the sub-round's cards: some hidden (-1), one shown.
    const seen = (g.view(st, 2).stack.at(-1) as typeof f).cs.flat();
    const shown = seen.filter((c) => c >= 0);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(seen.length);
    const hidden = f.cs.flat().filter((c) => !shown.includes(c));
    const discard = st.decks.fateDiscard.slice();
    const log = resignSealed(st, 0);
    expect(log.map((e) => e.key)).toContain('rw.ev.battleLeft');
    expect(st.stack.some((x) => x.k === 'battle')).toBe(false);
    expect(units(st, '4B')).toEqual(['archer×3', 'warrior×2']);
    expect(ctrl(st, area('4B'))).toBe(1);
    expect(st.sh[area('4B')]).toBe(1);
    expect(fateCount(st)).toBe(total);
    expect(st.decks.fateDiscard).toEqual([...discard, ...shown]);
    for (const c of hidden) expect(st.decks.fate).toContain(c);
    gone(st, 0);
    expect(g.prompts(st).length).toBeGreaterThan(0);
  });

  it('RW-BATTLE-56, RW-BATTLE-57, RW-ELIM-04: the defender resigns: his units and stronghold leave, the attacker holds the area', () => {
    const st = midRound();
    const attackers = battle(st).fu.filter((x, i) => x >= 0 && battle(st).fs[i] === 0).length;
    const log = resignSealed(st, 1);
    expect(log.find((e) => e.key === 'rw.ev.battleLeft')!.params).toMatchObject({ seat: 1, who: 0 });
    expect(st.stack.some((x) => x.k === 'battle')).toBe(false);
    const a = area('4B');
    expect(st.own[a]).toBe(0);
    expect(st.sh[a]).toBe(-1);
    let n = 0;
    for (let u = 0; u < p.U; u++) n += st.us[a * p.U + u]! + st.ur[a * p.U + u]!;
    expect(n).toBe(attackers);
    gone(st, 1);
  });

  it('RW-BATTLE-50: after the tally the result stands: the winner resigns at his stronghold question, the loser still retreats and the area is left empty', () => {
    const st = battleScenario(three, '4B', [[1, 'archer', 1]], [['berserker', 6]], {
      before: (s) => {
        stronghold(s, '4B', 1, true);
        fateOnTop(s, [20, 21, 22, 23, 24, 25, 26, 27]);
      },
    });
    playDefaults(st, (x) => asked(x)[0] === '0:rw.battle.stronghold', 200);
    expect(asked(st)).toEqual(['0:rw.battle.stronghold']);
    expect(battle(st).won).toBe(0);
    expect(battle(st).str[0]).toBeGreaterThan(battle(st).str[1]!);
    resignSealed(st, 0);
    settle(st);
    expect(ctrl(st, area('4B'))).toBe(-1);
    expect(units(st, '4B')).toEqual([]);
    gone(st, 0);
  });

  it('RW-BATTLE-70, RW-BATTLE-71: in a battle window, one side has passed and the other resigns: the window closes with the battle', () => {
    const st = battleScenario(three, '4B', [[1, 'archer', 1]], [['berserker', 1]], { windows: true });
    expect(asked(st)).toEqual(['0:rw.window', '1:rw.window']);
    act(st, 1, { type: 'pass' });
    resignSealed(st, 0);
    // The battle and its window are gone; the next player's turn opens its own window.
    expect(st.stack.some((x) => (x.k === 'window' && x.at === 'battleStart') || x.k === 'battle')).toBe(
      false,
    );
    expect(units(st, '4B')).toEqual(['archer×1']);
    gone(st, 0);
  });

  it('RW-NEUT-03, RW-ELIM-06: the left player deciding for unallied neutrals resigns: the next player still in the game decides for them', () => {
    const st = battleScenario(
      ['latari', 'uthuk', 'daqan'],
      '2B',
      [
        [-1, 'beastman', 1],
        [-1, 'beastman', 1, true],
      ],
      [['archer', 3]],
      { before: (s) => fateOnTop(s, [1, 2, 3, 4]) },
    );
    expect(battle(st)).toMatchObject({ def: -1, ctl: 1 });
    expect(asked(st)).toEqual(['1:rw.retreat']);
    resignSealed(st, 1);
    expect(battle(st).ctl).toBe(2);
    expect(asked(st)).toEqual(['2:rw.retreat']);
    act(st, 2, { type: 'retreat', area: area('2C') });
    expect(units(st, '2C')).toEqual(['beastmanR×1']);
    gone(st, 1);
  });
});

describe('the last player left (R7)', () => {
  it('RW-VICT-17, RW-BATTLE-03: a resignation that ends the game in the middle of a battle puts the battle away: the defender stands in his area again, the cards in play go to the discard pile', () => {
    const st = battleScenario(
      ['uthuk', 'latari'],
      '4B',
      [
        [1, 'archer', 3],
        [1, 'warrior', 2],
      ],
      [
        ['berserker', 3],
        ['fleshRipper', 2],
      ],
      { orders: [2, 8], seed: 'b' },
    );
    const total = fateCount(st);
    expect(battle(st).cs.flat().length).toBeGreaterThan(0);
    const log: GameEvent[] = [];
    expect(g.apply(st, 0, RESIGN as RwAction, log)).toEqual({ ok: true });
    expect(st.over).toMatchObject({ winners: [1], reason: 'resigned' });
    expect(log.at(-1)).toMatchObject({ key: 'rw.ev.lastStanding', params: { seat: 1 } });
    expect(st.stack).toEqual([]);
    expect(units(st, '4B')).toEqual(['archer×3', 'warrior×2']);
    expect(fateCount(st)).toBe(total);
    expect(checkInvariants(st)).toEqual([]);
  });
});

/** A random player that seeks battles: Mobilize or Conquer often, an activation of an area it does not hold, moves in. */
function seek(legal: RwAction[], rng: Rng, st: RwState, seat: Seat): RwAction {
  const t = top(st);
  if (t.k === 'orders' && rng.float() < 0.6) {
    const m = legal.filter((a) => a.type === 'order' && (a.n === 2 || a.n === 3));
    if (m.length) return rng.pick(m);
  }
  if (t.k === 'mob' && t.x < 0 && rng.float() < 0.8) {
    const m = legal.filter((a) => a.type === 'activate' && ctrl(st, a.area) !== seat);
    if (m.length) return rng.pick(m);
  }
  if (t.k === 'mob' && t.x >= 0) {
    const d = legal.filter((a) => a.type === 'draft');
    if (d.length && t.d.length < 6 && rng.float() < 0.85) return rng.pick(d);
    return legal.find((a) => a.type === 'commit') ?? rng.pick(legal);
  }
  return rng.pick(legal);
}

describe('random games (R1–R7)', () => {
  it('RW-ELIM-06, RW-VICT-17: 40 random battle-seeking games, a seat resigns at a random point or in a battle (two in some): invariants hold, views stay sealed, nobody waits for him, the game ends and he does not win', () => {
    const tactics = JSON.parse(JSON.stringify(DEFAULT_PACK_JSON.tactics)) as {
      cards: { timing: string; milestone: string }[];
    };
    for (const c of tactics.cards)
      if (c.timing.startsWith('battle') || c.timing === 'tally' || c.timing === 'yourTurn')
        c.milestone = 'M2';
    const options = [
      {},
      { data: { tactics } },
      { neutrals: 'auto' },
      { board: 'manual' },
      { board: 'random' },
    ];
    const kinds = new Set<string>();
    const roles = new Set<string>();
    for (let k = 0; k < 40; k++) {
      const rng = new Rng(`rw-resign-${k}`);
      const n = 2 + (k % 3);
      const st = newGame(n, `rw-resign-${k}`, options[k % 5]);
      const resigned = new Set<Seat>();
      const plan = Array.from({ length: k % 4 === 3 && n > 2 ? 2 : 1 }, () =>
        rng.int(k % 7 === 0 ? 60 : 3000),
      );
      plan.sort((a, b) => a - b);
      for (let i = 0; i < 100_000 && !st.over; i++) {
        // In every other game, a resignation may come during a battle instead.
        const inBattle =
          k % 2 === 1 && st.year > 0 && st.stack.some((x) => x.k === 'battle') && rng.float() < 0.08;
        if (plan.length && (i >= plan[0]! || inBattle)) {
          plan.shift();
          const live = Array.from({ length: n }, (_, s) => s).filter((s) => !st.p[s]!.out);
          const asking = g.prompts(st).map((x) => x.seat);
          const f = st.stack.findLast((x) => x.k === 'battle');
          const sides = f?.k === 'battle' ? [f.seat, f.def, f.ctl].filter((x) => live.includes(x)) : [];
          // In some games the neutrals' controller of a battle against unallied neutrals is the one to go.
          const ctl = f?.k === 'battle' && f.def < 0 && live.includes(f.ctl) && k % 4 === 1 ? f.ctl : -1;
          const s =
            inBattle && ctl >= 0
              ? ctl
              : inBattle && sides.length
                ? rng.pick(sides)
                : rng.int(3)
                  ? rng.pick(asking)
                  : rng.pick(live);
          if (f && f.k === 'battle')
            roles.add(
              f.seat === s ? 'attacker' : f.def === s ? 'defender' : f.ctl === s ? 'neutrals' : 'other',
            );
          kinds.add(g.prompts(st).find((x) => x.seat === s)?.kind ?? 'idle');
          resignSealed(st, s, rng);
          resigned.add(s);
          if (st.over) break;
          rejects(st, s, RESIGN, 'RW-ELIM-06', 'resigned');
        }
        const ps = g.prompts(st);
        expect(ps.length).toBeGreaterThan(0);
        for (const x of ps) expect(resigned.has(x.seat)).toBe(false);
        const pr = rng.pick(ps.filter((x) => !x.optional));
        const r = g.apply(st, pr.seat, seek(g.legalActions(st, pr.seat), rng, st, pr.seat));
        expect(r.ok).toBe(true);
        const bad = checkInvariants(st);
        expect(bad, `game ${k}, action ${i}`).toEqual([]);
      }
      expect(st.over, `game ${k} ended`).not.toBeNull();
      expect(checkInvariants(st)).toEqual([]);
      if (resigned.size < n) for (const s of resigned) expect(st.over!.winners).not.toContain(s);
    }
    expect(kinds.size).toBeGreaterThanOrEqual(8);
    for (const k of ['idle', 'rw.order', 'rw.window', 'rw.mobilize']) expect(kinds).toContain(k);
    // In a battle as its attacker and as the neutrals' controller (a defender: the scenarios above).
    expect(roles).toContain('attacker');
    expect(roles).toContain('neutrals');
  });
});
