/**
 * Removal (NAT-REM): cards whose removal condition holds leave play after every atomic step, in player
 * and slot order, to a fixpoint; a removed card's workers become idle.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import type { Deck, Snapshot } from '../derive.js';
import { cond, deckOf, F_REM, snapshot } from '../derive.js';
import { AREA_ADVISORS, AREA_COLONIES, AREA_ROW, AREA_WONDERS, forgetCard, inPlay } from '../deck.js';
import type { Inst, NatState } from '../state.js';
import { cardIdOf } from './core.js';

/** NAT-REM-1..4: remove every card whose removal condition holds, to a fixpoint. */
export function checkRemovals(st: NatState, log: EventSink): void {
  // No card with a removal condition was put in play (`InPlay`): nothing to check.
  if (inPlay(st).rem <= 0) return;
  const dk = deckOf(st);
  for (let round = 0; round < 20; round++) {
    const hits = removalHits(st, dk);
    if (hits === null) return;
    for (const [s, u] of hits) {
      const id = cardIdOf(st.players[s]!, u);
      removeInst(st, s, u, 'condition', log);
      if (log) emit(log, 'nat.ev.removed', { seat: s, card: id }, ['NAT-REM-1', 'NAT-REM-3']);
    }
  }
}

/**
 * The cards whose removal condition holds now, in player order and slot order (NAT-REM-3): [seat, instance];
 * null when none (the common answer, checked after every step: no list and no snapshot are made for it).
 */
function removalHits(st: NatState, dk: Deck): Array<[number, number]> | null {
  // Every condition reads the same state: strength and stability are computed at most once (the snapshot is
  // made by the first condition that reads them).
  const w: HitWalk = { hits: null, snap: null };
  // Only the areas where a card with a removal condition can lie, by its type (the deck's data).
  const areas = dk.removableAreas;
  const order = st.order;
  for (let k = 0; k < order.length; k++) {
    const s = order[k]!;
    const p = st.players[s]!;
    if (areas & AREA_ADVISORS) removalHitsIn(st, s, p.advisors, w, dk);
    if (areas & AREA_ROW) removalHitsIn(st, s, p.row, w, dk);
    if (areas & AREA_COLONIES) removalHitsIn(st, s, p.colonies, w, dk);
    if (areas & AREA_WONDERS) removalHitsIn(st, s, p.wonders, w, dk);
  }
  return w.hits;
}

/** What a removal walk has found so far, and its snapshot once a condition needed one. */
interface HitWalk {
  hits: Array<[number, number]> | null;
  snap: Snapshot | null;
}

function removalHitsIn(
  st: NatState,
  s: number,
  list: ReadonlyArray<Inst | null>,
  w: HitWalk,
  dk: Deck,
): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (!x) continue;
    const e = dk.instEntry(x);
    if ((e.flags & F_REM) === 0) continue;
    if (cond(st, s, e.c.removeWhen!, false, (w.snap ??= snapshot(st)))) (w.hits ??= []).push([s, x.u]);
  }
}

/** Removes a card instance from a player's board; workers on it become idle (NAT-REM-4, NAT-BLD-3). */
export function removeInst(st: NatState, s: number, u: number, why: string, log: EventSink): void {
  const p = st.players[s]!;
  const gone = (id: string) => {
    forgetCard(st, id);
    if (!id.startsWith('s-')) st.removed.push(id);
  };
  void why;
  void log;
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
