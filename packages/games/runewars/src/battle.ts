/**
 * Battles (06-battles.md, RW-IMPL-05): the seven steps (RW-BATTLE-10..17), the rounds of initiative 1–5
 * and their sub-rounds (RW-ROUND-01..18) with the Fate deck (RW-FATE-03/05/07), the tally (RW-BATTLE-40..44,
 * RW-STRONG-04, RW-CONQ-02/03, RW-DEV-07..14) and the resolution (RW-BATTLE-50..59): stronghold capture and
 * damage, healing, the loser's retreat, the winner's units back and his excess over 8. Battles against
 * unallied neutral units are run by the player to the attacker's left, or by the built-in policy of the
 * "automated neutrals" option (RW-NEUT-03/05, RW-NEUT-20..24). The unit specials, routs and damage are
 * tasks of the frame's queue (tasks.ts); retreats are frames of their own (retreat.ts).
 *
 * A battle is one frame (`BattleFrame`) whose `step` walks the sequence:
 *   START → ROUND (initiative `init`, 1..5) → DRAW_A → DRAW_D → SPECIALS → ROUTS → DAMAGE → DISCARD → ROUND …
 *   → TALLY → DEV → FORT → CONQ → COUNT → CAPTURE → HEAL → RETURN → EXCESS → END.
 * A decision with one legal answer is taken at once (it tells nothing and asks nothing); the others wait.
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK, shuffle } from '@tabula/engine';
import {
  addRouted,
  addUnits,
  fail,
  leftOf,
  lookAtControlled,
  only,
  pk,
  strongholdsOf,
  unitsOf,
} from './common.js';
import type { Pack } from './pack.js';
import { BLANK, DAMAGE, ROUT, SPECIAL } from './pack.js';
import { checkElimination } from './victory.js';
import { HEX, pushSpecial, T_DMG, T_ROUT, taskDecisionOf, taskStep, type TaskStep } from './tasks.js';
import { windowLive } from './windows.js';
import type { BattleFrame, RwAction, RwState, WindowAt } from './types.js';

export const S_START = 0,
  S_ROUND = 1,
  S_DRAW_A = 2,
  S_DRAW_D = 3,
  S_SPECIALS = 4,
  S_ROUTS = 5,
  S_DAMAGE = 6,
  S_DISCARD = 7,
  S_TALLY = 8,
  S_DEV = 9,
  S_FORT = 10,
  S_CONQ = 11,
  S_COUNT = 12,
  S_CAPTURE = 13,
  S_HEAL = 14,
  S_RETURN = 15,
  S_EXCESS = 16,
  S_END = 17;

type BF = BattleFrame;

/* ------------------------------------------------------------------ sides and figures */

/** The seat deciding for a side: the attacker, or the defender's controller (-1: automated neutrals). */
export const seatOf = (f: BF, side: number): Seat => (side === 0 ? f.seat : f.ctl);
/** The owner of a side's units: the attacker, the defender, or -1 for unallied neutral units. */
export const ownerOf = (f: BF, side: number): Seat => (side === 0 ? f.seat : f.def);

/**
 * A side's unit types in canonical order (initiative, then sheet order, RW-DP-88): a player's side has
 * his faction's units and the neutral units allied with him (RW-NEUT-07, allies come with M3).
 */
export function canonOf(st: RwState, f: BF, side: number): number[] {
  const p = pk(st);
  const o = ownerOf(f, side);
  return o < 0 ? p.neutralCanon : p.factions[st.fac[o]!]!.canonAll;
}

/** A figure's health: its type's, or 2 for Sorcerers whose side has used Undying. */
export function health(p: Pack, f: BF, i: number): number {
  const t = p.units[f.fu[i]!]!;
  return f.und[f.fs[i]!] && t.special === 'Undying' ? Math.max(2, t.health) : t.health;
}

/** Standing participating figures of a type on a side. */
export function standing(f: BF, side: number, u: number): number {
  let n = 0;
  for (let i = 0; i < f.fu.length; i++) if (f.fu[i] === u && f.fs[i] === side && !f.fr[i]) n++;
  return n;
}

function addFigure(f: BF, side: number, u: number): void {
  f.fs.push(side);
  f.fu.push(u);
  f.fr.push(0);
  f.fd.push(0);
}

/** A new battle in `area`: the attacker's moved units (pairs from, type) and the defender's standing units. */
export function startBattle(
  st: RwState,
  seat: Seat,
  area: number,
  n: number,
  moved: number[],
  log: EventSink,
): void {
  const p = pk(st);
  const def = st.own[area]! >= 0 ? st.own[area]! : st.sh[area]! >= 0 ? st.sh[area]! : st.home[area]!;
  const neutral = def < 0;
  const ctl = neutral ? (st.opts.neutrals === 'auto' ? -1 : leftOf(st, seat)) : def;
  const f: BF = {
    k: 'battle',
    seat,
    def,
    ctl,
    area,
    n,
    step: S_START,
    init: 1,
    fs: [],
    fu: [],
    fr: [],
    fd: [],
    dw: [],
    ty: [-1, -1],
    cs: [[], []],
    kx: [0, 0],
    rev: 0,
    sp: [0, 0],
    q: [],
    tch: [],
    bon: [0, 0],
    und: [0, 0],
    sup: -1,
    str: [-1, -1],
    won: -1,
    xs: 0,
    xu: [],
  };
  // RW-BATTLE-11/12: the standing units of each side go to the initiative rows; routed ones stay.
  for (const u of canonOf(st, f, 0))
    for (let i = 1; i < moved.length; i += 2) if (moved[i] === u) addFigure(f, 0, u);
  const base = area * p.U;
  for (const u of canonOf(st, f, 1)) {
    const k = st.us[base + u]!;
    for (let j = 0; j < k; j++) addFigure(f, 1, u);
    st.us[base + u] = 0;
  }
  st.stack.push(f);
  if (log)
    emit(log, 'rw.ev.battle', { seat, area, def, n: f.fu.length }, [
      'RW-MOVE-02',
      'RW-MOVE-03',
      'RW-MOB-03',
      'RW-MOB-04',
      'RW-BATTLE-01',
      'RW-BATTLE-10',
      'RW-BATTLE-11',
      neutral ? 'RW-NEUT-20' : 'RW-BATTLE-03',
    ]);
}

/* ------------------------------------------------------------------ windows (RW-BATTLE-71) */

/** Opens a battle window for the sides' players if a card could answer it; true if one opened. */
function window(st: RwState, f: BF, at: WindowAt): boolean {
  if (!windowLive(st, at)) return false;
  // RW-BATTLE-70: only a player with units in the battle; the controller of unallied neutrals plays none.
  const seats = f.def >= 0 ? [f.seat, f.def] : [f.seat];
  st.stack.push({ k: 'window', seats, at, done: [] });
  return true;
}

/* ------------------------------------------------------------------ the Fate deck (RW-FATE-03/05) */

/** Draws one Fate card; an empty deck is rebuilt from the discard pile (cards in play stay out). */
export function drawFate(st: RwState, log: EventSink): number {
  const d = st.decks;
  if (d.fate.length === 0 && d.fateDiscard.length) {
    for (const c of d.fateDiscard) d.fate.push(c);
    d.fateDiscard.length = 0;
    shuffle(st.rng, d.fate);
    if (log) emit(log, 'rw.ev.fateReshuffle', {}, ['RW-FATE-05', 'RW-CLIMIT-03', 'RW-RAND-04']);
  }
  return d.fate.length ? d.fate.pop()! : -1; // RW-CLIMIT-08
}

/** Types a side may draw with now (RW-ROUND-01/02/12/14/18): this initiative, standing, not yet drawn. */
export function eligible(st: RwState, f: BF, side: number, out: number[]): void {
  const p = pk(st);
  for (const u of canonOf(st, f, side))
    if (p.units[u]!.initiative === f.init && !f.dw.includes(side * 256 + u) && standing(f, side, u) > 0)
      out.push(u);
}

function drawFor(st: RwState, f: BF, side: number, u: number, log: EventSink): void {
  const k = standing(f, side, u); // RW-ROUND-14: one card per standing unit of the type
  const cards = f.cs[side]!;
  for (let i = 0; i < k; i++) {
    const c = drawFate(st, log);
    if (c >= 0) cards.push(c);
  }
  f.kx[side] = cards.length;
  f.dw.push(side * 256 + u);
  f.ty[side] = u;
  if (log) {
    const who = ownerOf(f, side);
    emit(log, 'rw.ev.fateDrawn', { who, n: cards.length, u }, [
      'RW-ROUND-02',
      'RW-ROUND-03',
      'RW-FATE-03',
      'RW-FATE-07',
    ]);
    const s = seatOf(f, side);
    if (s >= 0)
      emit(log, 'rw.ev.fateDrawnOwn', { cards: cards.map((c) => pk(st).fate[c]!.id) }, ['RW-FATE-07'], [s]);
  }
}

/** Totals of a side's cards of one kind in the section of its drawing type's shape. */
export function total(st: RwState, f: BF, side: number, kind: number, from = 0, to = Infinity): number {
  const p = pk(st);
  const u = f.ty[side]!;
  if (u < 0) return 0;
  const sh = p.units[u]!.shape;
  const cards = f.cs[side]!;
  let n = 0;
  for (let i = from; i < cards.length && i < to; i++) {
    const c = p.fate[cards[i]!]!;
    if (c.kind[sh] === kind) n += kind === SPECIAL ? 1 : c.num[sh]!;
  }
  return n;
}

/**
 * Whether a drawn card is shown to a seat at the frame's reveal step (RW-FATE-07): to its drawer always;
 * to others once its section's kind has been revealed (specials, then routs, then damage); Ravage's extra
 * cards at once. Blank sections stay hidden until the discard.
 */
export function cardShown(p: Pack, f: BF, side: number, j: number, viewer: Seat): boolean {
  if (viewer >= 0 && viewer === seatOf(f, side)) return true;
  if (j >= f.kx[side]!) return true;
  const u = f.ty[side]!;
  if (u < 0) return false;
  const k = p.fate[f.cs[side]![j]!]!.kind[p.units[u]!.shape]!;
  return k !== BLANK && k <= f.rev;
}

/* ------------------------------------------------------------------ the run loop */

export function runBattle(st: RwState, f: BF, log: EventSink): boolean {
  for (;;) {
    if (st.stack[st.stack.length - 1] !== f) return false; // a frame was pushed on top: let it run
    switch (f.step) {
      case S_START:
        // RW-BATTLE-13 (supporting heroes) comes with heroes (M4); RW-BATTLE-14: start-of-battle window.
        f.step = S_ROUND;
        if (window(st, f, 'battleStart')) return false;
        break;
      case S_ROUND: {
        const a: number[] = [],
          d: number[] = [];
        eligible(st, f, 0, a);
        eligible(st, f, 1, d);
        if (a.length === 0 && d.length === 0) {
          if (f.init >= 5) {
            f.step = S_TALLY;
            break;
          }
          f.init++;
          break;
        }
        f.step = S_DRAW_A;
        if (window(st, f, 'beforeDraw')) return false;
        break;
      }
      case S_DRAW_A:
      case S_DRAW_D: {
        const side = f.step === S_DRAW_A ? 0 : 1;
        const e: number[] = [];
        eligible(st, f, side, e);
        if (e.length === 0 || e.length === 1 || seatOf(f, side) < 0) {
          if (e.length) drawFor(st, f, side, e[0]!, log); // forced, or the automated neutrals (RW-DP-89)
          if (afterDraw(st, f, side)) return false;
          break;
        }
        return true;
      }
      case S_SPECIALS:
      case S_ROUTS:
      case S_DAMAGE:
      case S_FORT: {
        if (f.q.length) {
          const r: TaskStep = taskStep(st, f, log);
          if (r === 'wait') return true;
          if (r === 'pushed') return false;
          break;
        }
        if (f.step === S_SPECIALS) {
          // RW-ROUND-05/13: the attacker's icons one by one, then the defender's.
          const side = f.sp[0]! > 0 ? 0 : f.sp[1]! > 0 ? 1 : -1;
          if (side >= 0) {
            f.sp[side]!--;
            pushSpecial(st, f, side, log);
            break;
          }
          f.step = S_ROUTS;
          reveal(st, f, ROUT, log);
          if (window(st, f, 'afterSpecials')) return false;
        } else if (f.step === S_ROUTS) {
          f.step = S_DAMAGE;
          reveal(st, f, DAMAGE, log);
          if (window(st, f, 'afterRouts')) return false;
        } else if (f.step === S_DAMAGE) {
          f.step = S_DISCARD;
          if (window(st, f, 'afterDamage')) return false;
        } else f.step = S_CONQ;
        break;
      }
      case S_DISCARD: {
        // RW-ROUND-08: every drawn card to the public discard pile.
        const all: number[] = [];
        for (const c of f.cs[0]!) all.push(c);
        for (const c of f.cs[1]!) all.push(c);
        for (const c of all) st.decks.fateDiscard.push(c);
        if (log && all.length)
          emit(log, 'rw.ev.fateDiscarded', { cards: all.map((c) => pk(st).fate[c]!.id) }, [
            'RW-ROUND-08',
            'RW-FATE-04',
          ]);
        f.cs[0] = [];
        f.cs[1] = [];
        f.kx[0] = f.kx[1] = 0;
        f.ty[0] = f.ty[1] = -1;
        f.rev = 0;
        f.step = S_ROUND;
        break;
      }
      case S_TALLY:
        f.step = S_DEV;
        if (window(st, f, 'beforeTally')) return false;
        break;
      case S_DEV:
        // RW-BATTLE-40, RW-DEV-07: the defender's defensive development at his stronghold here.
        if (f.def >= 0 && st.sh[f.area] === f.def && st.dev[f.area] === 3) return true;
        f.step = S_FORT;
        break;
      case S_CONQ:
        if (conquerApplies(st, f)) return true;
        f.step = S_COUNT;
        break;
      case S_COUNT:
        count(st, f, log);
        f.step = S_CAPTURE;
        if (window(st, f, 'afterTally')) return false;
        break;
      case S_CAPTURE:
        if (capture(st, f, log)) return true;
        f.step = S_HEAL;
        break;
      case S_HEAL:
        f.step = S_RETURN;
        if (heal(st, f, log)) return false;
        break;
      case S_RETURN:
        back(st, f, log);
        f.step = S_EXCESS;
        break;
      case S_EXCESS:
        if (f.xs > 0) {
          if (seatOf(f, f.won) < 0) {
            excessDecision.answer(st, f, -1, excessDecision.byDefault(st, f, -1)!, log);
            break;
          }
          return true;
        }
        f.step = S_END;
        if (f.xu.length) {
          // RW-BATTLE-56: the excess retreats together, routed, into one adjacent area.
          st.stack.push({
            k: 'retreat',
            seat: seatOf(f, f.won),
            who: ownerOf(f, f.won),
            from: f.area,
            u: f.xu,
            rule: 'RW-BATTLE-56',
          });
          f.xu = [];
          return false;
        }
        if (window(st, f, 'afterBattle')) return false;
        break;
      case S_END:
        endBattle(st, f, log);
        return false;
      default:
        throw new Error(`RuneWars: unknown battle step ${f.step}`);
    }
  }
}

/** After a side drew (or had nothing to draw): the defender's turn, then the specials' reveal. */
function afterDraw(st: RwState, f: BF, side: number): boolean {
  if (side === 0) {
    f.step = S_DRAW_D;
    return false;
  }
  f.step = S_SPECIALS;
  reveal(st, f, SPECIAL, undefined);
  f.sp[0] = total(st, f, 0, SPECIAL, 0, f.kx[0]);
  f.sp[1] = total(st, f, 1, SPECIAL, 0, f.kx[1]);
  return window(st, f, 'afterDraw');
}

/** A reveal step (RW-ROUND-05..07): specials, routs or damage shown; routs and damage inflicted. */
function reveal(st: RwState, f: BF, kind: number, log: EventSink): void {
  f.rev = kind;
  if (kind === SPECIAL) return;
  // RW-ROUND-06/07/09: the attacker's totals first; the defender assigns what he receives first.
  const a = total(st, f, 0, kind),
    d = total(st, f, 1, kind);
  const t = kind === ROUT ? T_ROUT : T_DMG;
  if (a > 0) f.q.push(t, 1, a, 0);
  if (d > 0) f.q.push(t, 0, d, 0);
  if (log)
    for (const [side, n] of [
      [0, a],
      [1, d],
    ] as const)
      if (n > 0)
        emit(
          log,
          kind === ROUT ? 'rw.ev.routsInflicted' : 'rw.ev.damageInflicted',
          { who: ownerOf(f, side), n },
          [kind === ROUT ? 'RW-ROUND-06' : 'RW-ROUND-07', 'RW-ROUND-09', 'RW-ROUND-10'],
        );
}

/* ------------------------------------------------------------------ tally and resolution */

/** Whether Conquer's Supremacy is asked (RW-CONQ-02/03): a Conquer battle against a stronghold, if eligible. */
function conquerApplies(st: RwState, f: BF): boolean {
  if (f.sup >= 0 || f.n !== 3 || f.def < 0 || st.sh[f.area] !== f.def) return false;
  const x = st.p[f.seat]!;
  for (const c of x.played) if (c >= x.cur) return false; // RW-YEAR-24
  return true;
}

/** RW-BATTLE-41..44: standing units + routed hexagons + bonuses (+ the stronghold for a player defending). */
export function strength(st: RwState, f: BF, side: number): number {
  const p = pk(st);
  let n = f.bon[side]!;
  for (let i = 0; i < f.fu.length; i++) {
    const u = f.fu[i]!;
    if (u < 0 || f.fs[i] !== side) continue;
    if (!f.fr[i] || p.units[u]!.shape === HEX) n++;
  }
  if (side === 1 && f.def >= 0 && st.sh[f.area] === f.def) {
    const s = p.rules.strongholdStrength[st.shd[f.area] ? 1 : 0]!;
    n += Math.max(0, s - (f.sup === 1 ? 3 : 0));
  }
  return n;
}

function count(st: RwState, f: BF, log: EventSink): void {
  f.str[0] = strength(st, f, 0);
  f.str[1] = strength(st, f, 1);
  f.won = f.str[0]! > f.str[1]! ? 0 : 1; // RW-BATTLE-50: a tie goes to the defender
  if (log)
    emit(log, 'rw.ev.tally', { att: f.str[0], dfn: f.str[1], who: ownerOf(f, f.won), area: f.area }, [
      'RW-BATTLE-16',
      'RW-BATTLE-17',
      'RW-BATTLE-41',
      'RW-BATTLE-42',
      'RW-BATTLE-43',
      'RW-BATTLE-44',
      'RW-BATTLE-50',
      'RW-STRONG-04',
    ]);
}

/** Whether the attacker may place a stronghold in the captured area: a token left, or one to move. */
function canPlace(st: RwState, f: BF): boolean {
  return st.sh[f.area]! < 0 && strongholdsOf(st, f.seat).length > 0 ? true : st.sh[f.area]! < 0;
}

/** 7a (RW-BATTLE-51..53): capture or damage of the defender's stronghold; true if the attacker is asked. */
function capture(st: RwState, f: BF, log: EventSink): boolean {
  if (f.def < 0) return false;
  if (f.sup === -2) return canPlace(st, f); // the capture happened: waiting for the attacker's choice
  if (st.sh[f.area] !== f.def) return false;
  if (f.won === 0) {
    st.sh[f.area] = -1;
    st.shd[f.area] = 0;
    const dev = st.dev[f.area]!;
    st.dev[f.area] = -1; // RW-DEV-13
    if (log)
      emit(log, 'rw.ev.strongholdTaken', { seat: f.seat, area: f.area, def: f.def }, [
        'RW-BATTLE-51',
        'RW-STRONG-05',
        dev >= 0 ? 'RW-DEV-13' : 'RW-BATTLE-51',
      ]);
    f.sup = -2;
    if (seatOf(f, 0) < 0) return false;
    return canPlace(st, f);
  }
  let up = false;
  for (let i = 0; i < f.fu.length; i++) if (f.fu[i]! >= 0 && f.fs[i] === 0 && !f.fr[i]) up = true;
  if (up) {
    st.shd[f.area] = 1;
    if (log)
      emit(log, 'rw.ev.strongholdDamaged', { seat: f.def, area: f.area }, [
        'RW-BATTLE-53',
        'RW-STRONG-05',
        'RW-COMP-19',
      ]);
  }
  return false;
}

/** 7b, 7c: heal; the loser's participating units retreat; his units that did not take part are destroyed. */
function heal(st: RwState, f: BF, log: EventSink): boolean {
  const p = pk(st);
  for (let i = 0; i < f.fd.length; i++) f.fd[i] = 0; // RW-BATTLE-54, RW-DMG-07
  const lose = 1 - f.won;
  const owner = ownerOf(f, lose);
  if (lose === 1) {
    // RW-BATTLE-55: units routed before the battle cannot retreat and are destroyed.
    const base = f.area * p.U;
    let n = 0;
    for (const u of canonOf(st, f, 1)) {
      n += st.us[base + u]! + st.ur[base + u]!;
      st.us[base + u] = 0;
      st.ur[base + u] = 0;
    }
    if (owner >= 0) st.own[f.area] = -1;
    if (n && log)
      emit(log, 'rw.ev.notParticipating', { who: owner, n, area: f.area }, [
        'RW-BATTLE-55',
        'RW-BATTLE-44',
        'RW-NEUT-23',
      ]);
  }
  const us: number[] = [];
  for (let i = 0; i < f.fu.length; i++)
    if (f.fu[i]! >= 0 && f.fs[i] === lose) {
      us.push(f.fu[i]!);
      f.fu[i] = -1;
    }
  if (log)
    emit(log, 'rw.ev.battleLost', { who: owner, area: f.area }, [
      'RW-BATTLE-54',
      'RW-BATTLE-55',
      lose === 1 && f.def < 0 ? 'RW-NEUT-23' : f.def < 0 ? 'RW-NEUT-24' : 'RW-BATTLE-55',
    ]);
  if (!us.length) return false;
  st.stack.push({
    k: 'retreat',
    seat: seatOf(f, lose),
    who: owner,
    from: f.area,
    u: us,
    rule: 'RW-BATTLE-55',
  });
  return true;
}

/** 7d (RW-BATTLE-56): the winner's surviving units back in the area, routed ones routed; the excess over 8. */
function back(st: RwState, f: BF, log: EventSink): void {
  const w = f.won;
  const owner = ownerOf(f, w);
  let n = 0;
  for (let i = 0; i < f.fu.length; i++) {
    const u = f.fu[i]!;
    if (u < 0 || f.fs[i] !== w) continue;
    if (f.fr[i]) addRouted(st, f.area, u, 1, owner);
    else addUnits(st, f.area, u, 1, owner);
    f.fu[i] = -1;
    n++;
  }
  // RW-BATTLE-03/57: the defender kept the area's control during the battle; now it follows its units.
  const o = st.own[f.area]!;
  if (o >= 0) {
    const base = f.area * pk(st).U;
    let left = 0;
    for (const u of pk(st).factions[st.fac[o]!]!.units) left += st.us[base + u]! + st.ur[base + u]!;
    if (!left) st.own[f.area] = -1;
  }
  if (log)
    emit(log, 'rw.ev.battleWon', { who: owner, area: f.area, n }, [
      'RW-BATTLE-56',
      'RW-BATTLE-57',
      'RW-LIMIT-02',
    ]);
  if (owner >= 0) f.xs = Math.max(0, unitsOf(st, f.area, owner) - pk(st).rules.unitLimit);
}

function endBattle(st: RwState, f: BF, log: EventSink): void {
  st.stack.pop();
  // RW-MOB-07: the Mobilize card has started its battle.
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const t = st.stack[i]!;
    if (t.k === 'turn' && t.seat === f.seat) {
      t.bat = 1;
      break;
    }
  }
  if (log) emit(log, 'rw.ev.battleEnd', { area: f.area }, ['RW-BATTLE-57', 'RW-BATTLE-58']);
  lookAtControlled(st);
  checkElimination(st, log); // RW-BATTLE-58, RW-ELIM-05
}

/* ------------------------------------------------------------------ decisions */

const scratch: number[] = [];

/** RW-DP-62: which eligible type draws (attacker, then defender). */
export const drawDecision: Decision<RwState, BF, RwAction> = {
  prompt: 'rw.battle.draw',
  rule: 'RW-ROUND-02',
  who: (_st, f) => [seatOf(f, f.step === S_DRAW_A ? 0 : 1)],
  asks: (_st, f, seat) => seat === seatOf(f, f.step === S_DRAW_A ? 0 : 1),
  ask: (_st, f) => ({ args: { area: f.area, init: f.init } }),
  offers(st, f, _seat, out) {
    scratch.length = 0;
    eligible(st, f, f.step === S_DRAW_A ? 0 : 1, scratch);
    for (const u of scratch) out.push({ type: 'draw', u });
  },
  answer(st, f, _seat, a, log): ApplyResult {
    const side = f.step === S_DRAW_A ? 0 : 1;
    if (a.type !== 'draw')
      return fail('wrongAction', 'Choose the unit type that draws Fate cards.', 'RW-DP-62');
    scratch.length = 0;
    eligible(st, f, side, scratch);
    if (!scratch.includes(a.u))
      return fail(
        'notEligible',
        'That type cannot draw now: it must have this initiative, a standing unit in the battle, and not have drawn yet.',
        'RW-ROUND-12',
      );
    drawFor(st, f, side, a.u, log);
    afterDraw(st, f, side);
    return OK;
  },
  // RW-DP-89 (DP-62): the eligible type first in canonical order.
  byDefault(st, f) {
    scratch.length = 0;
    eligible(st, f, f.step === S_DRAW_A ? 0 : 1, scratch);
    return scratch.length ? { type: 'draw', u: scratch[0]! } : null;
  },
};

/** RW-DP-68: the defender uses his defensive development, or not (RW-DEV-07..14). */
export const devDecision: Decision<RwState, BF, RwAction> = {
  prompt: 'rw.battle.fortification',
  rule: 'RW-BATTLE-40',
  who: (_st, f) => [f.def],
  asks: (_st, f, seat) => seat === f.def,
  ask: (st, f) => ({ args: { area: f.area, dev: pk(st).factions[st.fac[f.def]!]!.defensive } }),
  offers(_st, _f, _seat, out) {
    out.push({ type: 'use', use: true }, { type: 'use', use: false });
  },
  answer(st, f, _seat, a, log): ApplyResult {
    if (a.type !== 'use' || typeof a.use !== 'boolean')
      return fail('wrongAction', 'Use your defensive development or not.', 'RW-DEV-14');
    f.step = S_FORT;
    const kind = pk(st).factions[st.fac[f.def]!]!.defensive;
    if (!a.use) {
      if (log) emit(log, 'rw.ev.fortificationDeclined', { seat: f.def, defensive: kind }, ['RW-DEV-14']);
      return OK;
    }
    const rules = ['RW-BATTLE-40', 'RW-DEV-07', 'RW-DEV-14'];
    switch (kind) {
      case 'reinforcedWalls': // RW-DEV-11: +2, the token stays
        f.bon[1]! += 2;
        rules.push('RW-DEV-11');
        break;
      case 'protectiveWards': // RW-DEV-10/12: the attacker retreats one standing unit; the token stays
        f.q.push(19, 0, 1, 0);
        rules.push('RW-DEV-10', 'RW-DEV-12');
        break;
      case 'cursedTomb': // RW-DEV-08/12: discarded; the attacker routs three of his units
        st.dev[f.area] = -1;
        f.q.push(T_ROUT, 0, 3, 0);
        rules.push('RW-DEV-08', 'RW-DEV-12');
        break;
      case 'hungrySpawn': // RW-DEV-09: discarded; four damage to the attacker's units
        st.dev[f.area] = -1;
        f.q.push(T_DMG, 0, 4, 0);
        rules.push('RW-DEV-09');
        break;
    }
    if (log) emit(log, 'rw.ev.fortification', { seat: f.def, defensive: kind }, rules);
    return OK;
  },
  // RW-DP-89 (DP-68): the defender uses it.
  byDefault: () => ({ type: 'use', use: true }),
};

/** RW-DP-43 inside a battle: Conquer's Supremacy lowers the stronghold's strength by 3 (RW-CONQ-02/03). */
export const conquerDecision: Decision<RwState, BF, RwAction> = {
  prompt: 'rw.battle.conquer',
  rule: 'RW-CONQ-03',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { area: f.area } }),
  offers(_st, _f, _seat, out) {
    out.push({ type: 'supremacy', use: true }, { type: 'supremacy', use: false });
  },
  answer(_st, f, seat, a, log): ApplyResult {
    if (a.type !== 'supremacy' || typeof a.use !== 'boolean')
      return fail('wrongAction', "Use or decline Conquer's Supremacy Bonus.", 'RW-CONQ-03');
    f.sup = a.use ? 1 : 0;
    f.step = S_COUNT;
    if (log)
      emit(log, a.use ? 'rw.ev.supremacy' : 'rw.ev.supremacyDeclined', { seat, order: 3 }, [
        'RW-CONQ-02',
        'RW-CONQ-03',
        'RW-YEAR-24',
        'RW-YEAR-26',
      ]);
    return OK;
  },
  // RW-DP-89 (DP-43): Conquer's stronghold reduction is taken.
  byDefault: () => ({ type: 'supremacy', use: true }),
};

function captureOffers(st: RwState, f: BF, out: RwAction[]): void {
  out.push({ type: 'pass' });
  const mine = strongholdsOf(st, f.seat);
  if (mine.length < pk(st).rules.strongholds) out.push({ type: 'stronghold', area: f.area });
  else for (const b of mine) out.push({ type: 'stronghold', area: f.area, from: b }); // RW-BATTLE-52
}

/** RW-DP-69: after taking a stronghold, the attacker may place his own there, damaged side up. */
export const strongholdDecision: Decision<RwState, BF, RwAction> = {
  prompt: 'rw.battle.stronghold',
  rule: 'RW-BATTLE-51',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { area: f.area } }),
  offers(st, f, _seat, out) {
    captureOffers(st, f, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type === 'pass') {
      f.sup = 0;
      f.step = S_HEAL;
      return OK;
    }
    const ok: RwAction[] = [];
    captureOffers(st, f, ok);
    if (
      a.type !== 'stronghold' ||
      !ok.some((x) => x.type === 'stronghold' && x.area === a.area && x.from === a.from)
    )
      return fail(
        'capturePlace',
        'Place one of your unused strongholds here, damaged side up, or move one of yours from elsewhere if none is left.',
        'RW-BATTLE-52',
      );
    if (a.from !== undefined) {
      st.sh[a.from] = -1;
      st.shd[a.from] = 0;
      st.dev[a.from] = -1; // RW-DEV-13, RW-CLIMIT-06
    }
    st.sh[f.area] = seat;
    st.shd[f.area] = 1;
    f.sup = 0;
    f.step = S_HEAL;
    if (log)
      emit(log, 'rw.ev.strongholdPlaced', { seat, area: f.area, from: a.from ?? -1 }, [
        'RW-BATTLE-51',
        'RW-BATTLE-52',
        'RW-STRONG-01',
      ]);
    return OK;
  },
  // RW-DP-89 (DP-69): place his own if he has an unused token; never destroy another.
  byDefault(st, f) {
    return strongholdsOf(st, f.seat).length < pk(st).rules.strongholds
      ? { type: 'stronghold', area: f.area }
      : { type: 'pass' };
  },
};

function excessOffers(st: RwState, f: BF, out: RwAction[]): void {
  const p = pk(st);
  const base = f.area * p.U;
  for (const u of canonOf(st, f, f.won)) {
    if (st.us[base + u]) out.push({ type: 'leave', u, r: 0 });
    if (st.ur[base + u]) out.push({ type: 'leave', u, r: 1 });
  }
}

/** RW-DP-71: the winner over 8 chooses which units retreat (then where, retreat.ts). */
export const excessDecision: Decision<RwState, BF, RwAction> = {
  prompt: 'rw.battle.excess',
  rule: 'RW-BATTLE-56',
  who: (_st, f) => [seatOf(f, f.won)],
  asks: (_st, f, seat) => seat === seatOf(f, f.won),
  ask: (_st, f) => ({ args: { area: f.area, n: f.xs } }),
  offers(st, f, _seat, out) {
    excessOffers(st, f, out);
  },
  answer(st, f, _seat, a, log): ApplyResult {
    if (a.type !== 'leave')
      return fail('wrongAction', 'Choose a unit to retreat over the limit.', 'RW-BATTLE-56');
    const p = pk(st);
    const i = f.area * p.U + a.u;
    if (!canonOf(st, f, f.won).includes(a.u) || (a.r ? st.ur[i]! : st.us[i]!) <= 0)
      return fail('noSuchUnit', 'You have no such unit there.', 'RW-BATTLE-56');
    if (a.r) st.ur[i]!--;
    else st.us[i]!--;
    f.xu.push(a.u);
    f.xs--;
    if (log)
      emit(log, 'rw.ev.excess', { who: ownerOf(f, f.won), u: a.u, area: f.area }, [
        'RW-BATTLE-56',
        'RW-LIMIT-02',
        'RW-DP-71',
      ]);
    return OK;
  },
  // RW-DP-89 (DP-71): routed units first, then the lowest health, then reverse canonical order.
  byDefault(st, f) {
    const out: RwAction[] = [];
    excessOffers(st, f, out);
    const p = pk(st);
    let best: RwAction | null = null,
      bk = Infinity;
    out.forEach((x, j) => {
      if (x.type !== 'leave') return;
      const k = (x.r ? 0 : 1e6) + p.units[x.u]!.health * 1e3 - j;
      if (k < bk) {
        bk = k;
        best = x;
      }
    });
    return best;
  },
};

/** The decision a battle frame waits for now (the kit's `decideBy`). */
export function battleDecision(st: RwState, f: BF): Decision<RwState, BF, RwAction> | null {
  switch (f.step) {
    case S_DRAW_A:
    case S_DRAW_D:
      return drawDecision;
    case S_SPECIALS:
    case S_ROUTS:
    case S_DAMAGE:
    case S_FORT:
      return f.q.length ? taskDecisionOf(f) : null;
    case S_DEV:
      return devDecision;
    case S_CONQ:
      return conquerDecision;
    case S_CAPTURE:
      return f.sup === -2 ? strongholdDecision : null;
    case S_EXCESS:
      return f.xs > 0 ? excessDecision : null;
    default:
      void st;
      return null;
  }
}
