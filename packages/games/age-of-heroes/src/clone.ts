import { deepClone } from '@tabula/engine';
import type { AohState } from './types.js';

/** A deep copy that shares the (immutable) configuration instead of copying it. */
export function cloneState(st: AohState): AohState {
  const { cfg, opts, ...rest } = st;
  const c = deepClone(rest) as AohState;
  c.cfg = cfg;
  c.opts = opts;
  return c;
}
