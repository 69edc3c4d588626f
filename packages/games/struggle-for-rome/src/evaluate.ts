/**
 * Each seat's chances from a position, for search bots (`GameModule.evaluate`): its victory points (public
 * and hidden cards: SFR-VP-1..3, the goal SFR-END-1) and, for a fraction of a point each, what leads to more —
 * gold, resource cards, armies, wagons and the loot colours a nomadic tribe gathers toward a kingdom
 * (SFR-FOUND-1); turned into chances by the engine's softmax (`chancesOf`). Resigned seats have none. Called
 * on complete states (worlds a bot samples from its view).
 */
import { chancesOf } from '@tabula/engine';
import { colours, rt } from './common.js';
import { totalVp } from './end.js';
import type { SfrState } from './types.js';

export function standing(st: SfrState, s: number): number {
  const p = st.p[s]!;
  const r = rt(st);
  let v = totalVp(st, s) + 0.05 * p.gold;
  for (const x of p.res) v += 0.06 * x;
  for (const t of p.tribes) {
    v += 0.12 * t.army + 0.08 * t.wagons;
    if (!t.settled) v += 0.3 * colours(t, r);
  }
  return v;
}

export function evaluate(st: SfrState): number[] {
  return chancesOf(
    st.p.map((_, s) => standing(st, s)),
    1.5,
    (s) => st.p[s]!.resigned,
  );
}
