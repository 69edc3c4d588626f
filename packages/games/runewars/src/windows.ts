/**
 * Which timing windows open (RW-YEAR-29, RW-BATTLE-71, RW-DUEL-14, RW-TACT-08): a window opens only when
 * the pack has a card that could answer it — the same for every seat whatever he holds, so its opening
 * tells nothing. A Tactics card answers the windows of its timing tag (cards-data.ts `TIMING`, or its own
 * `windows`) once the version plays its milestone and it has its effects (not `waits`).
 */
import type { Pack } from './pack.js';
import { pk } from './common.js';
import type { RwState, WindowAt } from './types.js';

/** Milestones whose cards this version plays. */
export const PLAYED_MILESTONES = ['M0', 'M1', 'M2', 'M3', 'M5'];

const live = new WeakMap<Pack, Set<string>>();

export function windowLive(st: RwState, at: WindowAt): boolean {
  const p = pk(st);
  let s = live.get(p);
  if (!s) {
    s = new Set();
    for (const c of p.tactics)
      if (PLAYED_MILESTONES.includes(c.milestone) && !c.waits) for (const w of c.windows) s.add(w);
    live.set(p, s);
  }
  return s.size > 0 && s.has(at);
}
