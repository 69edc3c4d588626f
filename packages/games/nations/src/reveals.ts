/**
 * Which steps may be taken back (GameModule.reveals): a step that changed none of what nobody sees — the
 * order of the undrawn progress cards, events and tiles, and the generator (NAT-HIDDEN-2) — and did not
 * end the game.
 */
import { revealsHidden } from '@tabula/engine';
import type { NatState } from './state.js';

export const reveals = revealsHidden((st: NatState) => ({
  rng: st.rng,
  decks: st.decks,
  events: st.events,
  tiles: st.tiles,
  over: st.over,
}));
