/**
 * The end of the game and final scoring (NAT-END), and the card conservation count of the property tests.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { E } from '../config.js';
import { allDerived, scoreParts } from '../derive.js';
import type { NatState } from '../state.js';

export function finalScoring(st: NatState, log: EventSink): void {
  const d = allDerived(st);
  const breakdown = st.players.map((_, s) => scoreParts(st, s, d));
  const scores = breakdown.map((b) => b.reduce((a, x) => a + x, 0));
  let winners: number[] = [];
  let reason = 'score';
  let title: string | undefined;
  if (st.solo) {
    winners = scores[0]! >= 0 ? [0] : [];
    reason = scores[0]! >= 0 ? 'solo' : 'soloNegative';
    const hf = E.hallOfFame.find(([min]) => scores[0]! >= min);
    if (hf) title = hf[1];
  } else {
    const live = st.players.map((p, s) => (p.resigned ? -1e9 : scores[s]!));
    const top = Math.max(...live);
    const tied = live.map((v, s) => (v === top ? s : -1)).filter((s) => s >= 0);
    if (tied.length === 1) winners = tied;
    else if (st.opts.finalTieRule === 'shared') {
      winners = tied;
      reason = 'shared';
    } else reason = 'tie'; // NAT-END-8
  }
  st.step = 'over';
  st.turn = null;
  st.over = { winners, reason, scores, breakdown, ...(title ? { title } : {}) };
  if (log)
    emit(log, 'nat.ev.final', { scores, breakdown, winners, reason, title: title ?? null }, [
      'NAT-END-1',
      'NAT-END-2',
      'NAT-END-7',
      'NAT-END-8',
      'NAT-END-9',
    ]);
}

/** Every card id in the game, wherever it is (decks, board, players, removed, events). */
export function allCardPlaces(st: NatState): string[] {
  const out: string[] = [];
  for (const d of st.decks) out.push(...d);
  for (const b of st.board) if (b) out.push(b.id);
  for (const p of st.players) {
    for (const a of p.advisors) out.push(a.id);
    for (const r of p.row) if (r && !r.id.startsWith('s-')) out.push(r.id);
    for (const c of p.colonies) out.push(c.id);
    for (const w of p.wonders) if (!w.id.startsWith('s-')) out.push(w.id);
    if (p.wip) out.push(p.wip.id);
  }
  if (st.war) out.push(st.war.id);
  // Cards between places: a bought building awaiting its slot, a completed wonder awaiting its cover choice.
  if (st.pending && (st.pending.kind === 'place' || st.pending.kind === 'cover'))
    out.push(st.pending.d!.id as string);
  for (const t of st.stack) if (t.t === 'complete') out.push(t.id);
  return out;
}
