/**
 * Which steps may be taken back (GameModule.reveals): a step that changed nothing a seat cannot see —
 * the deck and battle deck and their order, other tribes' hands, a war (its face-down battle cards,
 * pools and picks), other seats' war and trade drafts, an event's secret answers, the generator — and
 * did not end the game (then everything is shown, AOH-WIN-11).
 */
import { revealsHidden } from '@tabula/engine';
import type { AohState } from './types.js';

export const reveals = revealsHidden((st: AohState, seat: number) => ({
  rng: st.rng,
  deck: st.deck,
  battle: st.battle,
  hands: st.p.map((p, s) => (s === seat ? null : p.hand)),
  war: st.war,
  frames: st.stack.map((f) => ((f.k === 'warDraft' && f.seat !== seat) || f.k === 'event' ? f : null)),
  drafts: st.market ? st.market.drafts.map((d, s) => (s === seat ? null : d)) : null,
  over: st.over,
}));
