/**
 * The solo game's virtual opponent (NAT-SOLO): its die roll before or after the player's actions.
 */
import type { EventSink } from '@tabula/engine';
import { emit, randInt } from '@tabula/engine';
import { soloTile } from '../data.js';
import { card } from '../derive.js';
import type { NatState } from '../state.js';

/** NAT-SOLO-9/10: one die roll for the VO. */
export function soloRoll(st: NatState, log: EventSink): void {
  const vo = st.solo1!;
  const roll = 1 + randInt(st.rng, 6);
  vo.lastRoll = roll;
  if (roll <= 4) {
    const col = roll - 1;
    const removed: string[] = [];
    let warTaken: string | null = null;
    for (let row = 1; row <= 3; row++) {
      const i = (row - 1) * st.cols + col;
      const b = st.board[i];
      if (!b) continue;
      st.board[i] = null;
      if (card(b.id).type === 'war' && !st.warBought && !warTaken) {
        warTaken = b.id;
        st.war = { id: b.id, marker: vo.strength ?? 0, buyer: -1 };
        st.warBought = true;
      } else {
        removed.push(b.id);
        st.removed.push(b.id);
      }
    }
    if (log) emit(log, 'nat.ev.soloRoll', { roll, col, removed, war: warTaken }, ['NAT-SOLO-9']);
  } else {
    const d = soloTile(vo.tile!)!.action.voDelta;
    if (d.strength) vo.strength = (vo.strength ?? 0) + d.strength;
    if (d.stability) vo.stability = (vo.stability ?? 0) + d.stability;
    if (d.books) vo.books += d.books;
    if (log) emit(log, 'nat.ev.soloRoll', { roll, delta: { ...d } }, ['NAT-SOLO-10']);
  }
}
