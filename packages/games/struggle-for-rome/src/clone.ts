import { deepClone } from '@tabula/engine';
import type { SfrState } from './types.js';

/** A deep copy that shares the options (and so a custom map) instead of copying them. */
export function cloneState(st: SfrState): SfrState {
  const { opts, ...rest } = st;
  const c = deepClone(rest) as SfrState;
  c.opts = opts;
  return c;
}
