/**
 * Each seat's chances from a position, for search bots (`GameModule.evaluate`): the dragon runes it controls
 * (six win, RW-VICT-01) and, for a fraction of a rune each, the areas it controls; turned into chances by the
 * engine's softmax (`chancesOf`). Eliminated seats have none. Called on complete states (worlds a bot samples
 * from its view, their rune tokens dealt from what it cannot see).
 */
import { chancesOf } from '@tabula/engine';
import { board, ctrl, dragonRunes } from './common.js';
import type { RwState } from './types.js';

export function evaluate(st: RwState): number[] {
  const areas = new Array<number>(st.n).fill(0);
  for (const a of board(st).on) {
    const c = ctrl(st, a);
    if (c >= 0 && c < st.n) areas[c]!++;
  }
  return chancesOf(
    areas.map((n, s) => dragonRunes(st, s) + 0.12 * n),
    1,
    (s) => !!st.p[s]!.out,
  );
}
