/**
 * The end of a battle (06-battles.md §9–10): the defender's fortifications (RW-BATTLE-40, RW-DEV-07..14,
 * RW-DP-68), Conquer's Supremacy (RW-CONQ-02/03), the tally (RW-BATTLE-41..44, RW-STRONG-04) and the
 * resolution (RW-BATTLE-50..58): the stronghold taken or damaged (RW-DP-69), healing, the loser's retreat,
 * the winner's units back and his excess over 8 (RW-DP-71), then control, Mobilize's battle and
 * elimination.
 */
import { losingSupporters } from './hero-battle.js';
import { applyPassive, rewardUnder } from './rewards.js';
import type { ApplyResult, Decision, EventSink } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import {
  addRouted,
  addUnits,
  fail,
  lookAtControlled,
  only,
  pk,
  settle,
  strongholdsOf,
  unitsOf,
} from './common.js';
import { canonOf, ownerOf, S_COUNT, S_FORT, S_HEAL, seatOf } from './fight.js';
import { HEX, T_DMG, T_ROUT } from './tasks.js';
import { checkElimination } from './victory.js';
import type { BattleFrame, RwAction, RwState } from './types.js';
import { battleRecord, slain, wallsBroken } from './turn-record.js';

type BF = BattleFrame;

/* ------------------------------------------------------------------ tally and resolution */

/** Whether Conquer's Supremacy is asked (RW-CONQ-02/03): a Conquer battle against a stronghold, if eligible. */
export function conquerApplies(st: RwState, f: BF): boolean {
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
    n += Math.max(0, s - (f.sup === 1 ? 3 : 0) - (f.shm ?? 0)); // Siege Craft (tactics.ts)
  }
  return n;
}

export function count(st: RwState, f: BF, log: EventSink): void {
  f.str[0] = strength(st, f, 0);
  f.str[1] = strength(st, f, 1);
  if (f.hs?.length) banners(st, f, log);
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

/**
 * Banner of the Lost Legion (data.md §11): a supporting hero holding it adds its strength to his side at the tally
 * (RW-SUPPORT-01), the card turned face up (RW-REWARD-08).
 */
function banners(st: RwState, f: BF, log: EventSink): void {
  const hs = f.hs!;
  for (let i = 0; i < hs.length; i += 2) {
    const h = hs[i]!;
    if (st.hero!.ctl[h]! < 0) continue;
    const c = rewardUnder(st, h, 'banner');
    if (c < 0) continue;
    const side = hs[i + 1]! >> 8;
    f.str[side]! += pk(st).rewards[pk(st).rewardDeck[c]!]!.n;
    applyPassive(st, st.hero!.ctl[h]!, h, c, log, ['RW-SUPPORT-01', 'RW-BATTLE-41']);
  }
}

/** Whether the attacker may place a stronghold in the captured area: a token left, or one to move. */
function canPlace(st: RwState, f: BF): boolean {
  return st.sh[f.area]! < 0 && strongholdsOf(st, f.seat).length > 0 ? true : st.sh[f.area]! < 0;
}

/** 7a (RW-BATTLE-51..53): capture or damage of the defender's stronghold; true if the attacker is asked. */
export function capture(st: RwState, f: BF, log: EventSink): boolean {
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
    wallsBroken(st, f); // Breaker of Walls (turn-record.ts)
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
export function heal(st: RwState, f: BF, log: EventSink): boolean {
  const p = pk(st);
  for (let i = 0; i < f.fd.length; i++) f.fd[i] = 0; // RW-BATTLE-54, RW-DMG-07
  const lose = 1 - f.won;
  const owner = ownerOf(f, lose);
  if (lose === 1) {
    // RW-BATTLE-55: units routed before the battle cannot retreat and are destroyed.
    const base = f.area * p.U;
    let n = 0;
    for (const u of canonOf(st, f, 1)) {
      const k = st.us[base + u]! + st.ur[base + u]!;
      n += k;
      if (k) slain(st, f, 1, u, k);
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
  // RW-SUPPORT-04: his supporting heroes are routed and retreat with them (or alone, into one area).
  const hs = losingSupporters(st, f, lose, log);
  if (!us.length && !hs.length) return false;
  st.stack.push({
    k: 'retreat',
    seat: seatOf(f, lose),
    who: owner,
    from: f.area,
    u: us,
    rule: 'RW-BATTLE-55',
    ...(hs.length ? { hs } : {}),
  });
  return true;
}

/** 7d (RW-BATTLE-56): the winner's surviving units back in the area, routed ones routed; the excess over 8. */
export function back(st: RwState, f: BF, log: EventSink): void {
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
  // Allied neutrals that fought on after their ally's last faction unit fell stay allied until the end of
  // the battle only; then they stay allied only where he still controls the area (RW-NEUT-10/11/17).
  settle(st, f.area);
  if (log)
    emit(log, 'rw.ev.battleWon', { who: owner, area: f.area, n }, [
      'RW-BATTLE-56',
      'RW-BATTLE-57',
      'RW-LIMIT-02',
    ]);
  if (owner >= 0) f.xs = Math.max(0, unitsOf(st, f.area, owner) - pk(st).rules.unitLimit);
}

export function endBattle(st: RwState, f: BF, log: EventSink): void {
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
  battleRecord(st, f, log); // "this turn" Objectives, the Lord Commander (turn-record.ts)
  lookAtControlled(st);
  checkElimination(st, log); // RW-BATTLE-58, RW-ELIM-05
}

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
      settle(st, a.from); // RW-NEUT-10
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
