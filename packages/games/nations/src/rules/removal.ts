/**
 * Removal (NAT-REM): cards whose removal condition holds leave play after every atomic step, in player
 * and slot order, to a fixpoint; a removed card's workers become idle.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { NATIONS, PROGRESS_CARDS, PROMO_PROGRESS_CARDS } from '../data.js';
import { REMOVABLE, REM_FLAG, cond, frozen, instCard } from '../derive.js';
import type { Inst, NatState } from '../state.js';
import { cardIdOf } from './core.js';

/** NAT-REM-1..4: remove every card whose removal condition holds, to a fixpoint. */
export function checkRemovals(st: NatState, log: EventSink): void {
  if (!anyRemovable(st)) return;
  for (let round = 0; round < 20; round++) {
    const hits = frozen(st, removalHits);
    if (hits.length === 0) return;
    for (const [s, u] of hits) {
      const id = cardIdOf(st.players[s]!, u);
      removeInst(st, s, u, 'condition', log);
      if (log) emit(log, 'nat.ev.removed', { seat: s, card: id }, ['NAT-REM-1', 'NAT-REM-3']);
    }
  }
}

/** The cards whose removal condition holds now, in player order and slot order (NAT-REM-3): [seat, instance]. */
export function removalHits(st: NatState): Array<[number, number]> {
  const hits: Array<[number, number]> = [];
  for (const s of st.order) {
    const p = st.players[s]!;
    removalHitsIn(st, s, p.advisors, hits);
    removalHitsIn(st, s, p.row, hits);
    removalHitsIn(st, s, p.colonies, hits);
    removalHitsIn(st, s, p.wonders, hits);
  }
  return hits;
}

export function removalHitsIn(
  st: NatState,
  s: number,
  list: ReadonlyArray<Inst | null>,
  hits: Array<[number, number]>,
): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    // Only instances flagged at creation can carry a removal condition.
    if (!x || (x.u & REM_FLAG) === 0) continue;
    const rw = instCard(x).removeWhen;
    if (rw && cond(st, s, rw)) hits.push([s, x.u]);
  }
}

/**
 * Whether a card with a removal condition may be in play (a cheap pre-check): `st.rem` counts the instances
 * created with REM_FLAG minus those removed; it can only over-count (a wonder abandoned under construction),
 * which costs a useless check, never a missed removal.
 */
export function anyRemovable(st: NatState): boolean {
  return st.rem > 0;
}

for (const c of [
  ...PROGRESS_CARDS,
  ...PROMO_PROGRESS_CARDS,
  ...NATIONS.flatMap((b) => b.printed.map((x) => x.card)),
])
  if (c.removeWhen) REMOVABLE.add(c.id);

/** Removes a card instance from a player's board; workers on it become idle (NAT-REM-4, NAT-BLD-3). */
export function removeInst(st: NatState, s: number, u: number, why: string, log: EventSink): void {
  const p = st.players[s]!;
  const gone = (id: string) => {
    if (!id.startsWith('s-')) st.removed.push(id);
  };
  void why;
  void log;
  if (u & REM_FLAG) st.rem--;
  let i = p.advisors.findIndex((x) => x.u === u);
  if (i >= 0) {
    gone(p.advisors[i]!.id);
    p.advisors.splice(i, 1);
    return;
  }
  i = p.row.findIndex((x) => x?.u === u);
  if (i >= 0) {
    const r = p.row[i]!;
    p.idle += r.w;
    gone(r.id);
    p.row[i] = null;
    return;
  }
  i = p.colonies.findIndex((x) => x.u === u);
  if (i >= 0) {
    gone(p.colonies[i]!.id);
    p.colonies.splice(i, 1);
    return;
  }
  i = p.wonders.findIndex((x) => x.u === u);
  if (i >= 0) {
    gone(p.wonders[i]!.id);
    p.wonders.splice(i, 1);
  }
}
