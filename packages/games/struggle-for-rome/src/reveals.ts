/**
 * Which steps may be taken back (GameModule.reveals): a step that changed nothing a seat cannot see —
 * other seats' resource and development cards, the pasture and development decks, the face-down loot
 * tokens, other seats' drafts and secret inputs, the generator — did not make anyone announce the final
 * round (their hidden cards reach the target) and did not end the game.
 */
import { revealsHidden } from '@tabula/engine';
import type { SfrState } from './types.js';

export const reveals = revealsHidden((st: SfrState, seat: number) => ({
  rng: st.rng,
  others: st.p.map((p, s) => (s === seat ? null : { res: p.res, dev: p.dev })),
  decks: [st.pdeck, st.devDeck],
  tokens: [st.token, st.removed],
  drafts: st.drafts.map((d, s) => (s === seat ? null : d)),
  inputs: st.inputs.map((x, s) => (s === seat ? null : x)),
  forced: st.forced,
  // A player announcing the final round tells that their hidden cards reach the target (SFR-HID-7).
  announced: st.p.map((p) => p.announced),
  over: st.over,
}));
