/**
 * Battles (06-battles.md, RW-IMPL-05): the seven steps (RW-BATTLE-10..17), the rounds of initiative 1–5
 * and their sub-rounds (RW-ROUND-01..18) with the Fate deck (RW-FATE-03/05/07), the tally (RW-BATTLE-40..44,
 * RW-STRONG-04, RW-CONQ-02/03, RW-DEV-07..14) and the resolution (RW-BATTLE-50..59): stronghold capture and
 * damage, healing, the loser's retreat, the winner's units back and his excess over 8. Battles against
 * unallied neutral units are run by the player to the attacker's left, or by the built-in policy of the
 * "automated neutrals" option (RW-NEUT-03/05, RW-NEUT-20..24). The unit specials, routs and damage are
 * tasks of the frame's queue (tasks.ts); the tally and the resolution are in resolution.ts, what they
 * share in fight.ts; retreats are frames of their own (retreat.ts).
 *
 * A battle is one frame (`BattleFrame`) whose `step` walks the sequence:
 *   START → ROUND (initiative `init`, 1..5) → DRAW_A → DRAW_D → SPECIALS → ROUTS → DAMAGE → DISCARD → ROUND …
 *   → TALLY → DEV → FORT → CONQ → COUNT → CAPTURE → HEAL → RETURN → EXCESS → END.
 * A decision with one legal answer is taken at once (it tells nothing and asks nothing); the others wait.
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { ctrl, fail, leftOf, pk, settle } from './common.js';
import {
  canonOf,
  drawFate,
  ownerOf,
  S_CAPTURE,
  S_CONQ,
  S_COUNT,
  S_DAMAGE,
  S_DEV,
  S_DISCARD,
  S_DRAW_A,
  S_DRAW_D,
  S_END,
  S_EXCESS,
  S_FORT,
  S_HEAL,
  S_RETURN,
  S_ROUND,
  S_ROUTS,
  S_SPECIALS,
  S_START,
  S_TALLY,
  seatOf,
  standing,
} from './fight.js';
import type { Pack } from './pack.js';
import { BLANK, DAMAGE, ROUT, SPECIAL } from './pack.js';
import {
  back,
  capture,
  conquerApplies,
  conquerDecision,
  count,
  devDecision,
  endBattle,
  excessDecision,
  heal,
  strongholdDecision,
} from './resolution.js';
import { pushSpecial, T_DMG, T_ROUT, taskDecisionOf, taskStep, type TaskStep } from './tasks.js';
import { windowLive } from './windows.js';
import {
  setAsideDecision,
  startSetAside,
  supportDecision,
  supportExtra,
  supportPending,
} from './hero-battle.js';
import { canPlay } from './tactics.js';
import type { BattleFrame, RwAction, RwState, WindowAt } from './types.js';

type BF = BattleFrame;

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
  const def = ctrl(st, area); // the area's controller, his allied neutrals with him (RW-NEUT-07/09)
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
    dk: 0,
    nk: 0,
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
  // A battle a side has left by resigning is put away without windows (docs/games/runewars.md, R4/R5).
  const all = f.def >= 0 ? [f.seat, f.def] : [f.seat];
  if (all.some((s) => st.p[s]!.out)) return false;
  // Only a player holding a card he may play this season (a count everyone sees, RW-TACT-03) is asked.
  const seats = all.filter((s) => canPlay(st, s));
  if (!seats.length) return false;
  st.stack.push({ k: 'window', seats, at, done: [] });
  return true;
}

/** Types a side may draw with now (RW-ROUND-01/02/12/14/18): this initiative, standing, not yet drawn. */
export function eligible(st: RwState, f: BF, side: number, out: number[]): void {
  const p = pk(st);
  for (const u of canonOf(st, f, side))
    if (p.units[u]!.initiative === f.init && !f.dw.includes(side * 256 + u) && standing(f, side, u) > 0)
      out.push(u);
}

function drawFor(st: RwState, f: BF, side: number, u: number, log: EventSink): void {
  // RW-ROUND-14: one card per standing unit of the type; RW-SUPPORT-03/06: more if a hero supports it.
  const k = standing(f, side, u) + supportExtra(st, f, side, u);
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
  startSetAside(st, f, side, u);
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
  if (viewer >= 0 && viewer === seatOf(f, side) && !(side === 1 && f.nx)) return true;
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
    if (
      f.q.length &&
      f.step !== S_SPECIALS &&
      f.step !== S_ROUTS &&
      f.step !== S_DAMAGE &&
      f.step !== S_FORT
    ) {
      // Tasks a Tactics card left in a window (damage, a rout): assigned before the battle goes on.
      const r: TaskStep = taskStep(st, f, log);
      if (r === 'wait') return true;
      if (r === 'pushed') return false;
      continue;
    }
    switch (f.step) {
      case S_START:
        // RW-BATTLE-13: supporting heroes (hero-battle.ts); RW-BATTLE-14: start-of-battle window.
        if (supportPending(st, f)) return true;
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
        if (f.sd) return true; // RW-SUPPORT-03: the cards to set aside
        const side = f.step === S_DRAW_A ? 0 : 1;
        const e: number[] = [];
        eligible(st, f, side, e);
        if (e.length === 0 || e.length === 1 || seatOf(f, side) < 0) {
          if (e.length) drawFor(st, f, side, e[0]!, log); // forced, or the automated neutrals (RW-DP-89)
          if (f.sd) return true;
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
        if (f.sx) for (const c of f.sx) all.push(c); // RW-SUPPORT-06: the cards set aside too
        for (const c of all) st.decks.fateDiscard.push(c);
        if (log && all.length)
          emit(log, 'rw.ev.fateDiscarded', { cards: all.map((c) => pk(st).fate[c]!.id) }, [
            'RW-ROUND-08',
            'RW-FATE-04',
          ]);
        f.cs[0] = [];
        f.cs[1] = [];
        if (f.sx) delete f.sx;
        if (f.nx) delete f.nx;
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
          settle(st, f.area); // his faction units all sent out: allies left alone lose him (RW-NEUT-10)
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
export function afterDraw(st: RwState, f: BF, side: number): boolean {
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
    if (!f.sd) afterDraw(st, f, side);
    return OK;
  },
  // RW-DP-89 (DP-62): the eligible type first in canonical order.
  byDefault(st, f) {
    scratch.length = 0;
    eligible(st, f, f.step === S_DRAW_A ? 0 : 1, scratch);
    return scratch.length ? { type: 'draw', u: scratch[0]! } : null;
  },
};

/** The decision a battle frame waits for now (the kit's `decideBy`). */
export function battleDecision(st: RwState, f: BF): Decision<RwState, BF, RwAction> | null {
  if (f.q.length) return taskDecisionOf(f);
  switch (f.step) {
    case S_START:
      return f.hsd !== undefined && f.hsd < 2 ? supportDecision : null;
    case S_DRAW_A:
    case S_DRAW_D:
      return f.sd ? setAsideDecision : drawDecision;
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
