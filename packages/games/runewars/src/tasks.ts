/**
 * The work a battle's sub-round asks of its players, as a queue of tasks in the battle frame (`q`, four
 * numbers each: kind, side, count, argument): routs (RW-ROUT-01..04, RW-DP-65) and damage (RW-DMG-01..07,
 * RW-DP-66) assigned by the side that receives them, one token at a time; the faction and neutral unit
 * specials (data.md §4.2, §5; RW-ROUND-05/13/17, RW-DP-64), each icon pushing the tasks of its ability;
 * and the consequences of the defensive developments (RW-DEV-08..12, RW-DP-68). A task's `side` is the side
 * that decides it: the victim for damage, routs and losses, the drawing side for its targets and options.
 */
import type { ApplyResult, Decision, EventSink } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { checkHands, drawTactics, fail, onBoard, pk } from './common.js';
import type { Pack } from './pack.js';
import { SPECIALS } from './pack.js';
import { canonOf, drawFate, health, ownerOf, seatOf } from './fight.js';
import type { BattleFrame, RwAction, RwState } from './types.js';
import { slain } from './turn-record.js';

type BF = BattleFrame;

/** Shapes (pack SHAPES order). */
export const TRI = 0,
  CIRC = 1,
  RECT = 2,
  HEX = 3;

export const T_DMG = 1,
  T_ROUT = 2,
  T_KILL = 3,
  T_RAIN = 4,
  T_BURN = 5,
  T_CRACK = 6,
  T_CHARGE = 7,
  T_TERRIFY = 8,
  T_BREATH = 9,
  T_VAAL = 10,
  T_OVERPOWER = 11,
  T_OVERTARGET = 12,
  T_FURY = 13,
  T_RAISE = 14,
  T_TACTIC = 15,
  T_EXTRA = 16,
  T_OVERRUN = 17,
  T_RAGE = 18,
  T_WARDS = 19;

/** Damage task flags: Concentrated Fire, Valiant Strike, Unholy Charge, and "a unit was destroyed". */
const BIG = 1,
  VALIANT = 2,
  UNHOLY = 4,
  KILLED = 8;

const sp = (name: (typeof SPECIALS)[number]) => SPECIALS.indexOf(name);
const SP_FURY = sp('Fury'),
  SP_OVERRUN = sp('Overrun'),
  SP_RAGE = sp('Rage');

/* ------------------------------------------------------------------ figure effects */

function pop(f: BF): void {
  f.q.splice(0, 4);
  f.tch.length = 0;
}

/** Replaces the head task by another (an ability's next part, resolved at once). */
function replace(f: BF, kind: number, side: number, n: number, arg: number): void {
  f.q[0] = kind;
  f.q[1] = side;
  f.q[2] = n;
  f.q[3] = arg;
  f.tch.length = 0;
}

function destroy(st: RwState, f: BF, i: number, log: EventSink, rule: string): void {
  const u = f.fu[i]!;
  f.fu[i] = -1; // RW-DMG-04, RW-TERM-20: back to the supply, damage removed
  if (log) emit(log, 'rw.ev.killed', { who: ownerOf(f, f.fs[i]!), u }, [rule, 'RW-DMG-04']);
  slain(st, f, f.fs[i]!, u, 1);
}

/** One damage token on figure i; true if it destroyed the unit. */
function damage(st: RwState, f: BF, i: number, log: EventSink, rule: string): boolean {
  f.fd[i]!++;
  if (f.fd[i]! >= health(pk(st), f, i)) {
    destroy(st, f, i, log, rule);
    return true;
  }
  if (log) emit(log, 'rw.ev.damaged', { who: ownerOf(f, f.fs[i]!), u: f.fu[i] }, [rule]);
  return false;
}

function rout(f: BF, i: number, log: EventSink, rule: string): void {
  f.fr[i] = 1;
  if (log) emit(log, 'rw.ev.routed', { who: ownerOf(f, f.fs[i]!), u: f.fu[i] }, [rule, 'RW-ROUT-01']);
}

/* ------------------------------------------------------------------ the specials (one icon) */

/** Pushes the tasks of one special icon of a side's drawing type (RW-ROUND-05, data.md §4.2/§5). */
export function pushSpecial(st: RwState, f: BF, side: number, log: EventSink): void {
  const p = pk(st);
  const u = f.ty[side]!;
  const t = p.units[u]!;
  const e = 1 - side;
  if (log && t.sp >= 0)
    emit(log, 'rw.ev.special', { who: ownerOf(f, side), u, special: t.special }, [
      'RW-ROUND-05',
      'RW-ROUND-13',
    ]);
  const q = f.q;
  switch (SPECIALS[t.sp]) {
    case 'Concentrated Fire':
      q.push(T_DMG, e, 1, BIG);
      break;
    case 'Command':
      q.push(T_ROUT, e, 1, 0, T_TACTIC, side, 1, 0);
      break;
    case 'Valiant Strike':
      q.push(T_DMG, e, 1, VALIANT);
      break;
    case 'Lay Siege':
      f.bon[side]! += 2;
      break;
    case 'Crack Shot':
      q.push(T_CRACK, side, 1, 0);
      break;
    case 'Charge':
      q.push(T_CHARGE, side, 2, 0);
      break;
    case 'Word of Vaal':
      q.push(T_VAAL, side, 1, 0);
      break;
    case 'Overpower':
      q.push(T_OVERPOWER, side, 1, 0);
      break;
    case 'Mortal Strike':
      q.push(T_KILL, e, 1, (1 << TRI) | (1 << CIRC) | (1 << RECT));
      break;
    case 'Raise Dead':
      q.push(T_RAISE, side, 2, 0);
      break;
    case 'Overrun':
      q.push(T_OVERRUN, side, 2, 0);
      break;
    case 'Unholy Charge':
      q.push(T_DMG, e, 2, UNHOLY);
      break;
    case 'Ravenous':
      q.push(T_DMG, e, 1, 0, T_ROUT, e, 1, 0);
      break;
    case 'Fury':
      q.push(T_FURY, side, 1, 0);
      break;
    case 'Rain Fire':
      q.push(T_RAIN, e, 1, 0);
      break;
    case 'Terrifying':
      q.push(T_TERRIFY, side, 2, 0);
      break;
    case 'Undying':
      f.und[side] = 1;
      break;
    case 'Stun':
      q.push(T_ROUT, e, 1, 1);
      break;
    case 'Ravage':
      q.push(T_DMG, e, 1, 0, T_EXTRA, side, 1, 0);
      break;
    case 'Burning':
      q.push(T_BURN, e, 2, 0);
      break;
    case 'Flaming Breath':
      q.push(T_BREATH, side, 3, 0);
      break;
    case 'Rage':
      q.push(T_RAGE, side, 1, 0);
      break;
    default:
      break;
  }
}

/* ------------------------------------------------------------------ candidates */

/** Whether figure i may be chosen by the head task (the side and rules it names). */
function fits(p: Pack, f: BF, i: number, kind: number, side: number, arg: number, any: Flags): boolean {
  const u = f.fu[i]!;
  if (u < 0) return false;
  const s = f.fs[i]!;
  const t = p.units[u]!;
  switch (kind) {
    case T_DMG:
      if (s !== side) return false;
      if (arg & BIG && any.big && health(p, f, i) <= 1) return false; // Concentrated Fire
      if (any.damaged) return f.fd[i]! > 0; // RW-DMG-02
      return any.standing ? !f.fr[i] : true; // RW-DMG-03
    case T_BURN:
      return s === side && !f.fr[i] && !f.tch.includes(i);
    case T_ROUT:
      if (s !== side || f.fr[i] || (arg === 1 && t.initiative < 2)) return false;
      return any.undamaged ? f.fd[i] === 0 : true; // RW-ROUT-02
    case T_KILL:
      if (s !== side || !(arg & (1 << t.shape))) return false;
      return any.standing ? !f.fr[i] : true; // RW-DMG-05
    case T_CRACK:
    case T_VAAL:
      return s !== side;
    case T_TERRIFY:
      return s !== side && !f.tch.includes(i);
    case T_CHARGE:
      return s !== side && !f.fr[i] && (t.shape === TRI || (t.shape === RECT && arg === 0));
    case T_BREATH:
      return s !== side && t.shape === TRI && (any.standing ? !f.fr[i] : true);
    case T_OVERTARGET:
      return s !== side && (f.fd[i]! > 0 || f.fr[i] === 1) && (any.standing ? !f.fr[i] : true);
    case T_WARDS:
      return s === side && !f.fr[i];
    default:
      return false;
  }
}

interface Flags {
  big: boolean;
  damaged: boolean;
  standing: boolean;
  undamaged: boolean;
}
const flags: Flags = { big: false, damaged: false, standing: false, undamaged: false };

/** The constraints of the head task that depend on what the side has (RW-DMG-02/03/05, RW-ROUT-02). */
function constraints(p: Pack, f: BF, kind: number, side: number, arg: number): Flags {
  flags.big = flags.damaged = flags.standing = flags.undamaged = false;
  if (kind === T_DMG && arg & BIG)
    for (let i = 0; i < f.fu.length; i++)
      if (f.fu[i]! >= 0 && f.fs[i] === side && health(p, f, i) > 1) flags.big = true;
  for (let i = 0; i < f.fu.length; i++) {
    const u = f.fu[i]!;
    if (u < 0) continue;
    const t = p.units[u]!;
    if (kind === T_DMG && f.fs[i] === side) {
      if (flags.big && health(p, f, i) <= 1) continue;
      if (f.fd[i]! > 0) flags.damaged = true;
      if (!f.fr[i]) flags.standing = true;
    } else if (kind === T_ROUT && f.fs[i] === side && !f.fr[i] && !(arg === 1 && t.initiative < 2)) {
      if (f.fd[i] === 0) flags.undamaged = true;
    } else if (kind === T_KILL && f.fs[i] === side && arg & (1 << t.shape) && !f.fr[i]) flags.standing = true;
    else if (kind === T_BREATH && f.fs[i] !== side && t.shape === TRI && !f.fr[i]) flags.standing = true;
    else if (kind === T_OVERTARGET && f.fs[i] !== side && f.fd[i]! > 0 && !f.fr[i]) flags.standing = true;
  }
  return flags;
}

/** The side whose figures the head task picks from. */
function pickSide(kind: number, side: number): number {
  return kind === T_DMG || kind === T_BURN || kind === T_ROUT || kind === T_KILL || kind === T_WARDS
    ? side
    : 1 - side;
}

/** Figure classes (type, routed, damage) the head task may pick, in canonical order (RW-DP-88). */
function classes(st: RwState, f: BF, out: number[]): void {
  const p = pk(st);
  const kind = f.q[0]!,
    side = f.q[1]!,
    arg = f.q[3]!;
  const any = constraints(p, f, kind, side, arg);
  const from = pickSide(kind, side);
  for (const u of canonOf(st, f, from)) {
    const start = out.length;
    for (let i = 0; i < f.fu.length; i++) {
      if (f.fu[i] !== u || !fits(p, f, i, kind, side, arg, any)) continue;
      const key = u * 4096 + f.fr[i]! * 64 + f.fd[i]!;
      let seen = false;
      for (let j = start; j < out.length; j++) if (out[j] === key) seen = true;
      if (!seen) out.push(key);
    }
    if (out.length - start > 1) {
      const part = out.slice(start).sort((a, b) => a - b);
      for (let j = 0; j < part.length; j++) out[start + j] = part[j]!;
    }
  }
}

/** The figure of a class the head task would take (the first fitting one), or -1. */
function figureOf(st: RwState, f: BF, u: number, r: number, d: number): number {
  const p = pk(st);
  const kind = f.q[0]!,
    side = f.q[1]!,
    arg = f.q[3]!;
  const any = constraints(p, f, kind, side, arg);
  for (let i = 0; i < f.fu.length; i++)
    if (f.fu[i] === u && f.fr[i] === r && f.fd[i] === d && fits(p, f, i, kind, side, arg, any)) return i;
  return -1;
}

/* ------------------------------------------------------------------ offers */

const keys: number[] = [];

export function taskOffers(st: RwState, f: BF, out: RwAction[]): void {
  const p = pk(st);
  const kind = f.q[0]!,
    side = f.q[1]!;
  switch (kind) {
    case T_RAIN: {
      // RW-ROUND-17: an option he can fulfil completely if there is one, else as much as possible.
      let tri = 0,
        rect = 0;
      for (let i = 0; i < f.fu.length; i++)
        if (f.fu[i]! >= 0 && f.fs[i] === side) {
          const sh = p.units[f.fu[i]!]!.shape;
          if (sh === TRI) tri++;
          else if (sh === RECT) rect++;
        }
      if (tri >= 2 || rect >= 1) {
        if (tri >= 2) out.push({ type: 'option', n: 0 });
        if (rect >= 1) out.push({ type: 'option', n: 1 });
      } else if (tri > 0) out.push({ type: 'option', n: 0 });
      return;
    }
    case T_OVERPOWER: {
      out.push({ type: 'option', n: 0 });
      for (let i = 0; i < f.fu.length; i++)
        if (f.fu[i]! >= 0 && f.fs[i] !== side && (f.fd[i]! > 0 || f.fr[i])) {
          out.push({ type: 'option', n: 1 });
          break;
        }
      return;
    }
    case T_FURY: {
      for (let i = 0; i < f.fu.length; i++)
        if (f.fu[i]! >= 0 && f.fs[i] === side && !f.fr[i] && p.units[f.fu[i]!]!.sp === SP_FURY) {
          out.push({ type: 'option', n: 1 });
          break;
        }
      if (out.length) out.push({ type: 'option', n: 0 });
      return;
    }
    default:
      break;
  }
  keys.length = 0;
  classes(st, f, keys);
  if (keys.length === 0) return;
  if (kind === T_CHARGE || kind === T_BREATH) out.push({ type: 'done' });
  const t =
    kind === T_DMG || kind === T_BURN
      ? 'hit'
      : kind === T_ROUT
        ? 'rout'
        : kind === T_KILL
          ? 'kill'
          : 'target';
  for (const k of keys) {
    const u = Math.floor(k / 4096),
      r = Math.floor(k / 64) % 64,
      d = k % 64;
    out.push(t === 'rout' ? { type: 'rout', u, d } : { type: t, u, r, d });
  }
}

/** RW-DP-89 (DP-64/65/66): the default answer of the head task. */
export function taskDefault(st: RwState, f: BF): RwAction | null {
  const p = pk(st);
  const out: RwAction[] = [];
  taskOffers(st, f, out);
  const kind = f.q[0]!;
  if (out.length === 0) return null;
  if (kind === T_FURY || kind === T_OVERPOWER) return { type: 'option', n: 0 }; // decline / the first option
  let best: RwAction | null = null,
    bk = Infinity;
  for (const a of out) {
    if (a.type === 'done' || a.type === 'option') {
      if (!best && a.type === 'option') best = a;
      continue;
    }
    const { u, d } = a as { u: number; d: number };
    const left = p.units[u]!.health - d;
    // damage: the most remaining health; routs and Protective Wards: the lowest; else the first in order
    const k = kind === T_DMG || kind === T_BURN ? -left : kind === T_ROUT || kind === T_WARDS ? left : 0;
    if (k < bk) {
      bk = k;
      best = a;
    }
  }
  return best ?? out[0]!;
}

/* ------------------------------------------------------------------ answers */

export function taskAnswer(st: RwState, f: BF, a: RwAction, log: EventSink): ApplyResult {
  const kind = f.q[0]!;
  const ok: RwAction[] = [];
  taskOffers(st, f, ok);
  const same = (x: RwAction): boolean => {
    if (x.type !== a.type) return false;
    if (x.type === 'option') return x.n === (a as { n: number }).n;
    if (x.type === 'done') return true;
    const y = a as { u: number; r?: number; d: number };
    const z = x as { u: number; r?: number; d: number };
    return z.u === y.u && (z.r ?? 0) === (y.r ?? 0) && z.d === y.d;
  };
  if (!ok.some(same)) return refusal(kind);
  perform(st, f, a, log);
  return OK;
}

/** Carries out a listed answer of the head task (validated by the caller). */
function perform(st: RwState, f: BF, a: RwAction, log: EventSink): void {
  const p = pk(st);
  const kind = f.q[0]!,
    side = f.q[1]!,
    arg = f.q[3]!;
  if (a.type === 'done') {
    pop(f);
    return;
  }
  if (a.type === 'option') {
    switch (kind) {
      case T_RAIN: // RW-ROUND-17
        replace(f, T_KILL, side, a.n === 0 ? 2 : 1, a.n === 0 ? 1 << TRI : 1 << RECT);
        break;
      case T_OVERPOWER:
        if (a.n === 0) replace(f, T_DMG, 1 - side, 1, 0);
        else replace(f, T_OVERTARGET, side, 1, 0);
        break;
      case T_FURY:
        if (a.n === 0) {
          pop(f);
          break;
        }
        for (let i = 0; i < f.fu.length; i++)
          if (f.fu[i]! >= 0 && f.fs[i] === side && !f.fr[i] && p.units[f.fu[i]!]!.sp === SP_FURY) {
            destroy(st, f, i, log, 'RW-ROUND-05');
            break;
          }
        replace(f, T_DMG, 1 - side, 2, 0);
        break;
    }
    return;
  }
  const x = a as { u: number; r?: number; d: number };
  const i = figureOf(st, f, x.u, x.r ?? 0, x.d);
  switch (kind) {
    case T_DMG: {
      const killed = damage(st, f, i, log, 'RW-DMG-01');
      if (!killed && arg & VALIANT) damage(st, f, i, log, 'RW-ROUND-05');
      if (f.fu[i]! < 0) f.q[3]! |= KILLED;
      f.q[2]!--;
      break;
    }
    case T_BURN:
      damage(st, f, i, log, 'RW-ROUND-05');
      f.tch.push(i);
      f.q[2]!--;
      break;
    case T_ROUT:
      rout(f, i, log, 'RW-ROUT-02');
      f.q[2]!--;
      break;
    case T_KILL:
      destroy(st, f, i, log, 'RW-DMG-05');
      f.q[2]!--;
      break;
    case T_CRACK:
      damage(st, f, i, log, 'RW-ROUND-17');
      f.q[2] = 0;
      break;
    case T_CHARGE:
      rout(f, i, log, 'RW-ROUND-17');
      if (p.units[x.u]!.shape === RECT) f.q[2] = 0;
      else {
        f.q[3] = 1;
        f.q[2]!--;
      }
      break;
    case T_TERRIFY:
      if (f.fr[i]) destroy(st, f, i, log, 'RW-ROUND-17');
      else rout(f, i, log, 'RW-ROUND-17');
      f.tch.push(i);
      f.q[2]!--;
      break;
    case T_BREATH:
      destroy(st, f, i, log, 'RW-DMG-05');
      f.q[2]!--;
      break;
    case T_OVERTARGET:
      destroy(st, f, i, log, 'RW-ROUND-17');
      f.q[2] = 0;
      break;
    case T_VAAL:
    case T_WARDS: {
      // RW-ROUND-16, RW-DEV-10/12: the unit leaves the battle at once and retreats (routed).
      const s = f.fs[i]!;
      const u = f.fu[i]!;
      f.fu[i] = -1;
      pop(f);
      if (log) emit(log, 'rw.ev.leavesBattle', { who: ownerOf(f, s), u }, ['RW-ROUND-16']);
      st.stack.push({
        k: 'retreat',
        seat: seatOf(f, s),
        who: ownerOf(f, s),
        from: f.area,
        u: [u],
        rule: kind === T_WARDS ? 'RW-DEV-12' : 'RW-ROUND-16',
      });
      return;
    }
  }
  finish(f);
}

/** Pops a task whose count is spent; an Unholy Charge that destroyed a unit raises a Reanimate. */
function finish(f: BF): void {
  if (f.q[2]! > 0) return;
  const kind = f.q[0]!,
    side = f.q[1]!,
    arg = f.q[3]!;
  if (kind === T_DMG && arg & UNHOLY && arg & KILLED) replace(f, T_RAISE, 1 - side, 1, 0);
  else pop(f);
}

function refusal(kind: number): ApplyResult {
  switch (kind) {
    case T_DMG:
      return fail(
        'damageOrder',
        'Each damage token goes to a unit already damaged if any, else to a standing unit, else to a routed one.',
        'RW-DMG-02',
      );
    case T_BURN:
      return fail('burnTarget', 'Put the damage on two different standing units of yours.', 'RW-ROUND-17');
    case T_ROUT:
      return fail(
        'routOrder',
        'Rout an undamaged standing unit if you have one, else a damaged standing one.',
        'RW-ROUT-02',
      );
    case T_KILL:
      return fail('killOrder', 'Destroy a unit the ability names, a standing one if you can.', 'RW-DMG-05');
    case T_RAIN:
    case T_OVERPOWER:
    case T_FURY:
      return fail(
        'abilityOption',
        'Choose one of the options the ability offers that can be fulfilled.',
        'RW-ROUND-17',
      );
    default:
      return fail('abilityTarget', 'Choose a unit the ability may target.', 'RW-DP-64');
  }
}

/* ------------------------------------------------------------------ running the queue */

export type TaskStep = 'wait' | 'pushed' | 'next';

/** Runs the head task: automatic work, a forced or automated choice, or a wait for its decision. */
export function taskStep(st: RwState, f: BF, log: EventSink): TaskStep {
  const p = pk(st);
  const kind = f.q[0]!,
    side = f.q[1]!,
    n = f.q[2]!;
  const owner = ownerOf(f, side);
  switch (kind) {
    case T_RAISE: {
      // Raise Dead, Unholy Charge: Reanimates from the supply join the battle standing (RW-ROUND-15).
      const u = owner >= 0 ? p.factions[st.fac[owner]!]!.raise : -1;
      let k = 0;
      if (u >= 0) {
        k = Math.min(n, p.units[u]!.figures - onBoard(st, u));
        for (let j = 0; j < k; j++) {
          f.fs.push(side);
          f.fu.push(u);
          f.fr.push(0);
          f.fd.push(0);
        }
      }
      if (log && k) emit(log, 'rw.ev.raised', { who: owner, u, n: k }, ['RW-ROUND-15', 'RW-CLIMIT-01']);
      pop(f);
      return 'next';
    }
    case T_TACTIC: {
      pop(f);
      if (owner < 0) return 'next';
      const before = st.stack.length;
      drawTactics(st, owner, n, log, 'RW-ROUND-05');
      checkHands(st, owner);
      return st.stack.length > before ? 'pushed' : 'next';
    }
    case T_EXTRA: {
      // Ravage: one more card, its triangle section resolved now (its special does not chain).
      const c = drawFate(st, log);
      if (c >= 0) {
        f.cs[side]!.push(c);
        if (log)
          emit(log, 'rw.ev.fateExtra', { who: owner, cards: [p.fate[c]!.id] }, ['RW-ROUND-05', 'RW-FATE-07']);
      }
      pop(f);
      return 'next';
    }
    case T_OVERRUN: {
      let k = 0;
      for (let i = 0; i < f.fu.length; i++)
        if (f.fu[i]! >= 0 && f.fs[i] === side && !f.fr[i] && p.units[f.fu[i]!]!.sp === SP_OVERRUN) k++;
      if (k >= 2) replace(f, T_DMG, 1 - side, 2, 0);
      else pop(f); // RW-ROUND-13: checked when it resolves
      return 'next';
    }
    case T_RAGE: {
      let k = 0;
      for (let i = 0; i < f.fu.length; i++)
        if (f.fu[i]! >= 0 && f.fs[i] === side && p.units[f.fu[i]!]!.sp === SP_RAGE) k = Math.max(k, f.fd[i]!);
      if (k > 0) replace(f, T_DMG, 1 - side, k, 0);
      else pop(f);
      return 'next';
    }
    default:
      break;
  }
  if (n <= 0) {
    finish(f);
    return 'next';
  }
  const out: RwAction[] = [];
  taskOffers(st, f, out);
  // RW-ROUT-03, RW-DMG-06: nothing left to take it — the rest is lost; an ability without a target fizzles.
  if (out.length === 0) {
    pop(f);
    return 'next';
  }
  const seat = seatOf(f, side);
  if (out.length === 1 || seat < 0) {
    const before = st.stack.length;
    perform(st, f, out.length === 1 ? out[0]! : taskDefault(st, f)!, log);
    return st.stack.length > before ? 'pushed' : 'next';
  }
  return 'wait';
}

/* ------------------------------------------------------------------ the decisions */

function taskDecision(prompt: string, rule: string): Decision<RwState, BF, RwAction> {
  return {
    prompt,
    rule,
    who: (_st, f) => [seatOf(f, f.q[1]!)],
    asks: (_st, f, seat) => seat === seatOf(f, f.q[1]!),
    ask: (_st, f) => ({ args: { area: f.area, n: f.q[2] } }),
    offers(st, f, _seat, out) {
      taskOffers(st, f, out);
    },
    answer(st, f, _seat, a, log) {
      return taskAnswer(st, f, a, log);
    },
    byDefault(st, f) {
      return taskDefault(st, f);
    },
  };
}

/** RW-DP-66: damage tokens, one at a time. */
export const damageDecision = taskDecision('rw.battle.damage', 'RW-DMG-01');
/** RW-DP-65: routs. */
export const routDecision = taskDecision('rw.battle.rout', 'RW-ROUT-02');
/** RW-DP-64: the victim's losses (Mortal Strike, Rain Fire). */
export const killDecision = taskDecision('rw.battle.kill', 'RW-DMG-05');
/** RW-DP-64: an ability's options (Rain Fire's victim, Overpower, Fury). */
export const optionDecision = taskDecision('rw.battle.option', 'RW-ROUND-17');
/** RW-DP-64/68: an ability's targets (or the unit Protective Wards sends away). */
export const targetDecision = taskDecision('rw.battle.target', 'RW-DP-64');

export function taskDecisionOf(f: BF): Decision<RwState, BF, RwAction> {
  switch (f.q[0]) {
    case T_DMG:
    case T_BURN:
      return damageDecision;
    case T_ROUT:
      return routDecision;
    case T_KILL:
      return killDecision;
    case T_RAIN:
    case T_OVERPOWER:
    case T_FURY:
      return optionDecision;
    default:
      return targetDecision;
  }
}
