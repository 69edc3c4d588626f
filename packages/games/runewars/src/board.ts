/**
 * Manual board building (RW-MAP-07..16, RW-MAP-19..23, RW-MAP-27; RW-DP-03/04/06): tiles placed in
 * turn on the hex lattice, home realm setup markers on the edge, home realms replacing markers.
 */
import type { EventSink } from '@tabula/engine';
import type { RwState } from './types.js';

export function startManualBoard(_st: RwState, _log: EventSink): void {
  throw new Error('RuneWars: manual board building is not available yet');
}

import type { Decision } from '@tabula/engine';
import { fail, only } from './common.js';
import type { Frame, RwAction } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

export const tileDecision: Decision<RwState, F<'tile'>, RwAction> = {
  prompt: 'rw.tile',
  rule: 'RW-MAP-07',
  who: (_st, f) => only(f.seat),
  offers() {},
  answer: () => fail('wrongAction', 'Place one of your tiles.', 'RW-DP-03'),
  byDefault: () => null,
};

export const markerDecision: Decision<RwState, F<'marker'>, RwAction> = {
  prompt: 'rw.marker',
  rule: 'RW-MAP-12',
  who: (_st, f) => only(f.seat),
  offers() {},
  answer: () => fail('wrongAction', 'Place a home realm setup marker.', 'RW-DP-04'),
  byDefault: () => null,
};
