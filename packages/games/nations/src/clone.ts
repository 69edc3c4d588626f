import { deepClone } from '@tabula/engine';
import type { NatState } from './state.js';

/** A deep copy that shares the (immutable) options. */
export function cloneState(st: NatState): NatState {
  const { opts, ...rest } = st;
  const c = deepClone(rest) as NatState;
  c.opts = opts;
  return c;
}
