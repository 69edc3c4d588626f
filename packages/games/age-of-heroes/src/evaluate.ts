/**
 * Each seat's chances from a position, for search bots (`GameModule.evaluate`): a standing in rough steps
 * toward victory (AOH-WIN-1: five cities, or a monument of five of the tribe's special cards), the cards and
 * forces that lead there, and a pending claim; turned into chances by the engine's softmax (`chancesOf`).
 * Eliminated seats have none. Called on complete states (worlds a bot samples from its view).
 */
import { chancesOf } from '@tabula/engine';
import type { AohState } from './types.js';

export function standing(st: AohState, s: number): number {
  const p = st.p[s]!;
  const win = st.cfg.victory;
  const special = st.cfg.tribes.find((t) => t.id === p.tribe)?.special;
  let own = 0;
  for (const c of p.hand) if (c === special) own++;
  const city = p.cities / win.cities;
  const monument = Math.min(1, (p.monument + 0.5 * own) / win.monumentCards);
  let v = 5 * Math.max(city, monument) + 1.5 * Math.min(city, monument);
  v += 0.12 * p.hand.length + 0.12 * p.fortresses;
  for (const a of p.armies) v += a.general ? 0.35 : 0.2;
  if (p.claim > 0) v += 1.5;
  return v;
}

export function evaluate(st: AohState): number[] {
  return chancesOf(
    st.p.map((_, s) => standing(st, s)),
    1,
    (s) => !st.p[s]!.alive,
  );
}
