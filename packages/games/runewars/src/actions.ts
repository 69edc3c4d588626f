/**
 * Shared frozen actions for the hot listings (RW-DP-41/44, RW-DP-30…): a legal list hands out the same
 * immutable objects every time instead of building new ones, so listing allocates only the list.
 */
import type { RwAction } from './types.js';

const frozen = <T extends RwAction>(a: T): T => Object.freeze(a);

export const COMMIT = frozen({ type: 'commit' });
export const UNDO = frozen({ type: 'undo' });
export const PASS = frozen({ type: 'pass' });
export const DONE = frozen({ type: 'done' });
export const SUPREMACY_YES = frozen({ type: 'supremacy', use: true });
export const SUPREMACY_NO = frozen({ type: 'supremacy', use: false });
export const ORDER: readonly RwAction[] = Array.from({ length: 9 }, (_, n) => frozen({ type: 'order', n }));

const activate: RwAction[] = [];
/** Activate area `a`. */
export function activateAction(a: number): RwAction {
  return (activate[a] ??= frozen({ type: 'activate', area: a }));
}

const draftIn = new Map<number, RwAction>();
/** Draft a unit of type `u` from `from` into the activated area. */
export function draftInAction(from: number, u: number): RwAction {
  const k = from * 256 + u;
  let x = draftIn.get(k);
  if (!x) draftIn.set(k, (x = frozen({ type: 'draft', from, u })));
  return x;
}

const draftTo: RwAction[][][] = [];
/** Draft a unit of type `u` from `from` to the adjacent `to` (Strategize). */
export function draftAction(from: number, to: number, u: number): RwAction {
  const byTo = (draftTo[from] ??= []);
  const byU = (byTo[to] ??= []);
  return (byU[u] ??= frozen({ type: 'draft', from, to, u }));
}
