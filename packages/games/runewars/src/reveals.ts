/**
 * Which steps may be taken back (GameModule.reveals): a step that changed nothing a seat cannot see —
 * every deck and its order, other seats' Tactics and Quest cards, secret Order picks and hands, the rune
 * tokens' identities and what the seat knows of them, the Hero deck and Hero cards being drawn, diplomacy's
 * drawn cards, a battle's Fate cards, the exploration tokens' faces, the generator — and did not end the game.
 */
import { revealsHidden } from '@tabula/engine';
import type { RwState } from './types.js';

export const reveals = revealsHidden((st: RwState, seat: number) => ({
  rng: st.rng,
  decks: st.decks,
  others: st.p.map((p, s) =>
    s === seat
      ? null
      : // What another seat knows of the rune tokens (his `kn`): a step that makes him look at one reveals.
        { tac: p.tac, quests: p.quests, pick: p.pick, hand: p.hand, obj: p.obj, rune: p.rune, kn: p.kn },
  ),
  known: seat >= 0 ? st.p[seat]!.kn : null,
  runes: [st.rk, st.rup],
  heroes: st.hero ? st.hero.deck : null,
  // A Reward card turned face up (RW-REWARD-02/08: a Cloak of Shadows named, the Boots' third step) shows it.
  rewardsUp: st.hero ? st.hero.up : null,
  // Exploration tokens (RW-EXPL-05): faces, and what the seat has seen of them.
  explore: st.ex ? [st.ex.t, st.ex.up, seat >= 0 ? st.ex.kn[seat] : null] : null,
  frames: st.stack.map((f) =>
    f.k === 'hdraw' || f.k === 'diplo' || f.k === 'battle' || f.k === 'bid' ? f : null,
  ),
  over: st.over,
}));
