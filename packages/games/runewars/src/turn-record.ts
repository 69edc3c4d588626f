/**
 * The record of a player's turn (data.md §14, §15): what his diplomacy and his battles did this turn, kept in
 * four numbers of his `turn` frame (born with the turn, gone with it: nothing to reset, nothing copied), read
 * by the Objectives with a "this turn" condition (G7 Peace Envoy, E2 Slaughter of the Wild, E3 Dragonslayer,
 * E5 Breaker of Walls; cards.ts `countOf`) and by the Lord Commander of the Warriors' Guild, whose holder
 * receives a dragon rune once a year after winning a battle as attacker in which at least 3 enemy units
 * were destroyed (RW-TITLE-03, RW-RUNE-10). Everything recorded is public (battles, diplomacy results).
 */
import type { EventSink, Seat } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { pk } from './common.js';
import { receiveRune, titleIndex } from './cards.js';
import type { BattleFrame, Frame, RwState } from './types.js';

type Turn = Extract<Frame, { k: 'turn' }>;

/** His turn frame if it is his turn (the nearest turn frame below the top), else null. */
export function turnFrame(st: RwState, seat: Seat): Turn | null {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'turn') return f.seat === seat ? f : null;
  }
  return null;
}

/** Destroyed in a battle (RW-DMG-04, RW-BATTLE-55): `n` units of type `u` of side `side`. */
export function slain(st: RwState, f: BattleFrame, side: number, u: number, n: number): void {
  if (side === 1) f.dk = (f.dk ?? 0) + n;
  const j = pk(st).neutrals.indexOf(u);
  if (j >= 0 && j < 31) f.nk = (f.nk ?? 0) | (1 << j);
}

/** The attacker captured an enemy stronghold (RW-BATTLE-51): Breaker of Walls. */
export function wallsBroken(st: RwState, f: BattleFrame): void {
  const t = turnFrame(st, f.seat);
  if (t) t.tw = 1;
}

/** A gold diplomacy result (RW-DIPLO-06): the neutral units of the area that become his allies. */
export function goldAllies(st: RwState, seat: Seat, a: number): void {
  const t = turnFrame(st, seat);
  if (!t) return;
  const p = pk(st);
  let n = 0;
  for (const u of p.neutrals) n += st.us[a * p.U + u]! + st.ur[a * p.U + u]!;
  t.tg = (t.tg ?? 0) + n;
}

/**
 * At the end of a battle (RW-BATTLE-57): a win of the attacker in his turn is recorded — the unallied neutral
 * units it was fought against (figures of side 1, never reused) and the neutral kinds destroyed in it — and the
 * Lord Commander's holder receives his dragon rune when at least 3 enemy units were destroyed, once a year.
 */
export function battleRecord(st: RwState, f: BattleFrame, log: EventSink): void {
  if (f.won !== 0) return;
  const t = turnFrame(st, f.seat);
  if (!t) return;
  if (f.def < 0) {
    let n = 0;
    for (let i = 0; i < f.fs.length; i++) if (f.fs[i] === 1) n++;
    if (n > (t.tn ?? 0)) t.tn = n;
  }
  t.tk = (t.tk ?? 0) | (f.nk ?? 0);
  const c = titleIndex(pk(st), 'commander');
  if (c >= 0 && st.titles[c] === f.seat && (f.dk ?? 0) >= 3 && st.cmd !== st.year && !st.p[f.seat]!.out) {
    st.cmd = st.year;
    emit(log, 'rw.ev.commanderRune', { seat: f.seat }, ['RW-TITLE-03', 'RW-RUNE-10']);
    receiveRune(st, f.seat);
  }
}

/** A "this turn" Objective count (cards-data.ts OBJ_COUNTS 12–15); `kinds` the named neutral kinds (turnSlain). */
export function turnCount(st: RwState, seat: Seat, count: number, kinds: readonly number[]): number {
  const t = turnFrame(st, seat);
  if (!t) return 0;
  switch (count) {
    case 12:
      return t.tg ?? 0;
    case 13:
      return t.tn ?? 0;
    case 14: {
      let n = 0;
      for (let i = 0; i < kinds.length; i++) if ((t.tk ?? 0) & (1 << kinds[i]!)) n++;
      return n;
    }
    case 15:
      return t.tw ?? 0;
    default:
      return -1;
  }
}
