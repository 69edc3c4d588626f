/**
 * Heroes in battles (06-battles.md §6, RW-SUPPORT-01..08, RW-BATTLE-13), with the option `heroes: 'on'`:
 * at step 3, the attacker then the defender places standing heroes of the contested area beside his
 * participating unit types, at most one hero per type (RW-SUPPORT-01/02); unallied neutrals never have
 * support (RW-SUPPORT-07). A supported type draws one card more (Lord Hawthorne two) and its player sets
 * that many aside, face down, discarded with the sub-round's cards (RW-SUPPORT-03/06). A losing side's
 * supporting heroes are routed and retreat with its units, or alone into one area (RW-SUPPORT-04);
 * the others stay where they are (RW-SUPPORT-05). Heroes take no damage in battles (RW-SUPPORT-08).
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { fail, pk } from './common.js';
import { afterDraw } from './battle.js';
import { canonOf, seatOf, standing } from './fight.js';
import { heroesOf, heroesOn } from './heroes.js';
import { BLANK, SPECIAL } from './pack.js';
import type { BattleFrame, RwAction, RwState } from './types.js';

type BF = BattleFrame;

/** The standing heroes of `seat` in the battle's area not assigned yet. */
function freeHeroes(st: RwState, f: BF, seat: Seat, out: number[]): void {
  const hs = st.hero!;
  for (const h of heroesOf(st, seat))
    if (hs.at[h] === f.area && !hs.rt[h] && !(f.hs ?? []).some((x, i) => i % 2 === 0 && x === h)) out.push(h);
}

/** The participating types of a side without a hero yet (RW-SUPPORT-02). */
function freeTypes(st: RwState, f: BF, side: number, out: number[]): void {
  for (const u of canonOf(st, f, side)) {
    if ((f.hs ?? []).some((x, i) => i % 2 === 1 && x === side * 256 + u)) continue;
    let n = 0;
    for (let i = 0; i < f.fu.length; i++) if (f.fu[i] === u && f.fs[i] === side) n++;
    if (n) out.push(u);
  }
}

function supportOffers(st: RwState, f: BF, out: RwAction[] | null): number {
  const side = f.hsd!;
  const seat = seatOf(f, side);
  if (seat < 0 || st.p[seat]!.out || (side === 1 && f.def < 0)) return 0; // RW-SUPPORT-07
  const hs: number[] = [],
    us: number[] = [];
  freeHeroes(st, f, seat, hs);
  if (!hs.length) return 0;
  freeTypes(st, f, side, us);
  if (out) for (const h of hs) for (const u of us) out.push({ type: 'support', h, u });
  return hs.length * us.length;
}

/** Battle step 3 (RW-BATTLE-13): true while a side is to declare its supporting heroes. */
export function supportPending(st: RwState, f: BF): boolean {
  if (!heroesOn(st) || !st.hero) return false;
  if (f.hsd === undefined) {
    f.hsd = 0;
    f.hs = [];
  }
  while (f.hsd < 2) {
    if (supportOffers(st, f, null) > 0) return true;
    f.hsd++;
  }
  return false;
}

/** The supporting hero of a side's type (-1 none). */
export function supporter(f: BF, side: number, u: number): number {
  const hs = f.hs;
  if (hs) for (let i = 0; i < hs.length; i += 2) if (hs[i + 1] === side * 256 + u) return hs[i]!;
  return -1;
}

/** RW-SUPPORT-03: the extra cards a side's type draws (0 unsupported). */
export function supportExtra(st: RwState, f: BF, side: number, u: number): number {
  const h = supporter(f, side, u);
  return h < 0 ? 0 : pk(st).heroes[h]!.support;
}

/** RW-DP-60: which heroes support which types (attacker, then defender). */
export const supportDecision: Decision<RwState, BF, RwAction> = {
  prompt: 'rw.battle.support',
  rule: 'RW-SUPPORT-01',
  who: (_st, f) => [seatOf(f, f.hsd!)],
  asks: (_st, f, seat) => seat === seatOf(f, f.hsd!),
  ask: (_st, f) => ({ args: { area: f.area } }),
  offers(st, f, _seat, out) {
    supportOffers(st, f, out);
    out.push({ type: 'done' });
  },
  answer(st, f, seat, a, log): ApplyResult {
    const side = f.hsd!;
    if (a.type === 'done') {
      f.hsd = side + 1;
      return OK;
    }
    if (a.type !== 'support')
      return fail('wrongAction', 'Place your heroes beside your unit types, or finish.', 'RW-SUPPORT-01');
    const hs: number[] = [],
      us: number[] = [];
    freeHeroes(st, f, seat, hs);
    freeTypes(st, f, side, us);
    if (!hs.includes(a.h))
      return fail(
        'notSupporting',
        'Only your standing heroes in the contested area support, each once.',
        'RW-SUPPORT-01',
      );
    if (!us.includes(a.u))
      return fail(
        'supportType',
        'A hero supports one of your participating unit types, at most one hero per type.',
        'RW-SUPPORT-02',
      );
    f.hs!.push(a.h, side * 256 + a.u);
    emit(log, 'rw.ev.heroSupports', { seat, hero: a.h, u: a.u, area: f.area }, [
      'RW-BATTLE-13',
      'RW-SUPPORT-01',
      'RW-SUPPORT-02',
    ]);
    if (supportOffers(st, f, null) === 0) f.hsd = side + 1;
    return OK;
  },
  // RW-DP-89 (DP-60): no supporting hero.
  byDefault: () => ({ type: 'done' }),
};

/* ------------------------------------------------------------------ the cards set aside (RW-SUPPORT-03/06) */

/** After a supported type drew: wait for the cards set aside. */
export function startSetAside(st: RwState, f: BF, side: number, u: number): void {
  const n = Math.min(supportExtra(st, f, side, u), f.cs[side]!.length - standing(f, side, u));
  if (n <= 0) return; // an empty Fate deck drew fewer (RW-CLIMIT-08)
  f.sd = side + 1;
  f.sn = n;
}

export const setAsideDecision: Decision<RwState, BF, RwAction> = {
  prompt: 'rw.battle.setAside',
  rule: 'RW-SUPPORT-03',
  who: (_st, f) => [seatOf(f, f.sd! - 1)],
  asks: (_st, f, seat) => seat === seatOf(f, f.sd! - 1),
  ask: (_st, f) => ({ args: { area: f.area, n: f.sn ?? 1 } }),
  offers(_st, f, _seat, out) {
    const cs = f.cs[f.sd! - 1]!;
    for (let j = 0; j < f.kx[f.sd! - 1]! && j < cs.length; j++) out.push({ type: 'setAside', card: cs[j]! });
  },
  answer(st, f, seat, a, log): ApplyResult {
    const side = f.sd! - 1;
    const cs = f.cs[side]!;
    const j = a.type === 'setAside' ? cs.indexOf(a.card) : -1;
    if (j < 0 || j >= f.kx[side]!)
      return fail('setAsideCard', 'Set aside one of the Fate cards just drawn.', 'RW-SUPPORT-03');
    const [c] = cs.splice(j, 1);
    f.kx[side]!--;
    (f.sx ??= []).push(c!);
    emit(log, 'rw.ev.setAside', { seat, area: f.area }, ['RW-SUPPORT-03', 'RW-SUPPORT-06']);
    f.sn = (f.sn ?? 1) - 1;
    if (f.sn <= 0) {
      delete f.sd;
      delete f.sn;
      afterDraw(st, f, side); // the defender's draw, or the reveal of specials
    }
    return OK;
  },
  // RW-DP-89 (DP-63): a card blank for the drawing shape, else the smallest count (a special counts 1), the first drawn.
  byDefault(st, f) {
    const side = f.sd! - 1;
    const p = pk(st);
    const sh = p.units[f.ty[side]!]!.shape;
    const cs = f.cs[side]!;
    let best = -1,
      bs = Infinity;
    for (let j = 0; j < f.kx[side]! && j < cs.length; j++) {
      const c = p.fate[cs[j]!]!;
      const s = c.kind[sh] === BLANK ? 0 : c.kind[sh] === SPECIAL ? 1 : c.num[sh]!;
      if (s < bs) {
        bs = s;
        best = j;
      }
    }
    return best < 0 ? null : { type: 'setAside', card: cs[best]! };
  },
};

/* ------------------------------------------------------------------ the loser's heroes (RW-SUPPORT-04/05) */

/** RW-SUPPORT-04: the losing side's supporting heroes, routed; they go with its retreat. */
export function losingSupporters(st: RwState, f: BF, lose: number, log: EventSink): number[] {
  const out: number[] = [];
  const hs = f.hs;
  if (!hs || !st.hero) return out;
  for (let i = 0; i < hs.length; i += 2)
    if (hs[i + 1]! >> 8 === lose && st.hero.ctl[hs[i]!]! >= 0 && st.hero.at[hs[i]!] === f.area) {
      const h = hs[i]!;
      st.hero.rt[h] = 1;
      out.push(h);
      emit(log, 'rw.ev.heroRouted', { seat: st.hero.ctl[h], hero: h }, ['RW-SUPPORT-04', 'RW-SUPPORT-05']);
    }
  return out;
}
