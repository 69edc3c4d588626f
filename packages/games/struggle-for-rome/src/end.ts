/**
 * Awards, victory points and the end of the game (spec §13, §15): the Diplomacy, Enemy of Rome and
 * Heir of Rome awards checked after every change, the "final round" announcement, the reveal of hidden
 * cards at the end and the winners with their tie-break.
 */
import type { EventSink, Seat } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { cityCount, colours, gain, removeCard, rt } from './common.js';
import type { Numbers } from './config.js';
import type { SfrState } from './types.js';
import { TRIBES } from './types.js';

/* ------------------------------------------------------------------ victory points (§15) */

/** SFR-VP-1/2 and SFR-HID-7: cities and awards. */
export function publicVp(st: SfrState, s: Seat, C: Numbers = rt(st).C): number {
  const p = st.p[s]!;
  return (
    cityCount(p) * C.cityVp +
    p.enemy * C.awardVp.enemy +
    (p.heir ? C.awardVp.heir : 0) +
    (st.diplomacy === s ? C.awardVp.diplomacy : 0)
  );
}

/** SFR-VP-3: public VP plus hidden victory-point cards. */
export function totalVp(st: SfrState, s: Seat): number {
  const r = rt(st);
  let v = publicVp(st, s);
  for (const c of st.p[s]!.dev) {
    const d = r.dev.get(c)!;
    if (d.effect.type === 'victoryPoint') v += d.effect.vp * r.C.vpCardVp;
  }
  return v;
}

/**
 * Where a seat's victory points come from — `cities`, `heir`, `enemy`, `diplomacy`, `vpcards` —
 * joined with '+' (e.g. "cities+heir+vpcards"). Public only once the game is over (VP cards are
 * hidden until then), so reports use it for finished games.
 */
export function vpSources(st: SfrState, s: Seat): string {
  const p = st.p[s]!;
  const r = rt(st);
  const out: string[] = [];
  if (cityCount(p) > 0) out.push('cities');
  if (p.heir) out.push('heir');
  if (p.enemy > 0) out.push('enemy');
  if (st.diplomacy === s) out.push('diplomacy');
  if (p.dev.some((c) => r.dev.get(c)!.effect.type === 'victoryPoint')) out.push('vpcards');
  return out.join('+') || 'none';
}

/* ------------------------------------------------------------------ awards (§13) and the announcement */

/** SFR-AWARD-1..5 and SFR-END-3, run after every state change. */
export function afterChange(st: SfrState, log: EventSink): void {
  const r = rt(st);
  const C = r.C;
  const provinces = r.provinces.length;
  for (let s = 0; s < st.n; s++) {
    const p = st.p[s]!;
    if (p.diplomats >= C.diplomacyMin && st.diplomacy !== s) {
      const h = st.diplomacy;
      if (h < 0 || p.diplomats > st.p[h]!.diplomats) {
        st.diplomacy = s;
        emit(log, 'sfr.ev.award', { seat: s, award: 'diplomacy', from: h }, ['SFR-AWARD-2', 'SFR-VP-2']);
      }
    }
    for (let t = 0; t < 2; t++) {
      const tr = p.tribes[t]!;
      if (tr.loot.length >= provinces && !tr.enemy && colours(tr, r) === provinces) {
        tr.enemy = true;
        p.enemy++;
        emit(log, 'sfr.ev.award', { seat: s, award: 'enemy', tribe: TRIBES[t] }, ['SFR-AWARD-3', 'SFR-VP-2']);
      }
    }
    if (!p.heir && cityCount(p) >= C.heirCities) {
      p.heir = true;
      emit(log, 'sfr.ev.award', { seat: s, award: 'heir' }, ['SFR-AWARD-4', 'SFR-VP-2']);
    }
  }
  for (let s = 0; s < st.n; s++) {
    const p = st.p[s]!;
    if (p.announced || publicVp(st, s, C) + p.dev.length * r.maxCardVp < C.target) continue;
    if (totalVp(st, s) >= C.target) {
      p.announced = true;
      emit(log, 'sfr.ev.finalRound', { seat: s }, ['SFR-END-3', 'SFR-END-2', 'SFR-HID-7']);
    }
  }
}

/* ------------------------------------------------------------------ the end (§15) */

/** SFR-END-1 after phase 4: someone who has not resigned has 10 VP (or the platform's round cap is reached). */
export function endCheck(st: SfrState, log: EventSink): boolean {
  afterChange(st, log);
  const target = rt(st).C.target;
  let reached = false;
  for (let s = 0; s < st.n; s++) if (!st.p[s]!.resigned && totalVp(st, s) >= target) reached = true;
  if (reached) finish(st, 'vp', log);
  else if (st.opts.roundLimit > 0 && st.round >= st.opts.roundLimit) finish(st, 'round-limit', log);
  else return false;
  return true;
}

/** SFR-END-4/5: reveal VP cards and treasures, then decide the winners. */
export function finish(st: SfrState, reason: string, log: EventSink): void {
  const r = rt(st);
  for (let s = 0; s < st.n; s++) {
    const p = st.p[s]!;
    for (let i = p.dev.length - 1; i >= 0; i--) {
      const d = r.dev.get(p.dev[i]!)!;
      if (d.effect.type === 'gainGold') {
        gain(st, p, d.effect.gold);
        p.treasures.push(d.id);
        removeCard(p, i);
        emit(log, 'sfr.ev.treasure', { seat: s, card: d.id, gold: d.effect.gold, end: true }, [
          'SFR-END-4',
          'SFR-DEV-8',
          'SFR-FAQ-6',
        ]);
      }
    }
    emit(log, 'sfr.ev.revealVp', { seat: s, vp: totalVp(st, s), cards: p.dev.slice() }, [
      'SFR-END-4',
      'SFR-DEV-9',
    ]);
  }
  const totals = st.p.map((_, s) => totalVp(st, s));
  const target = r.C.target;
  // A resigned player cannot win (docs/games/struggle-for-rome.md, resignation).
  let pool = totals.map((_, s) => s).filter((s) => !st.p[s]!.resigned);
  if (reason === 'vp') {
    pool = pool.filter((s) => totals[s]! >= target);
    if (st.opts.tieBreak === 'vpThenGold') {
      const best = Math.max(...pool.map((s) => totals[s]!));
      pool = pool.filter((s) => totals[s] === best);
    }
  } else {
    const best = Math.max(...totals);
    pool = pool.filter((s) => totals[s] === best);
  }
  const gold = Math.max(...pool.map((s) => st.p[s]!.gold));
  const winners = pool.filter((s) => st.p[s]!.gold === gold);
  st.over = { winners, reason, scores: totals };
  emit(log, 'sfr.ev.win', { seats: winners, reason, scores: totals }, [
    'SFR-END-1',
    'SFR-END-5',
    'SFR-END-6',
  ]);
  st.stack.length = 0;
}

/** The last player who has not resigned wins (the others' VP and gold are shown as at any end). */
export function finishByResignation(st: SfrState, winner: Seat, log: EventSink): void {
  const totals = st.p.map((_, s) => totalVp(st, s));
  st.over = { winners: [winner], reason: 'resigned', scores: totals };
  emit(log, 'sfr.ev.win', { seats: [winner], reason: 'resigned', scores: totals }, ['SFR-END-1']);
  st.stack.length = 0;
}
