/**
 * The frames and actions of M5's cards (cards.ts): a Season card resolving, influence bids and their ties,
 * receiving a dragon rune, a card's losses, and claiming an Objective. Joined into `Frame` and `RwAction`
 * (types.ts).
 */
import type { Seat } from '@tabula/engine';

export type CardFrame =
  /** A Season card's primary effects (`c` the card, `i` the next effect): run one after another (RW-SEASON-03). */
  | { k: 'season'; c: number; i: number }
  /**
   * An influence bid (RW-BID-01..09) for effect `i` of Season card `c`: step 0 the sealed bids (`b` per
   * seat, -1 none yet; another seat's is sealed in the view), step 1 the ties (`hi` the winner, `lo` the
   * loser, -1 not known yet).
   */
  | { k: 'bid'; c: number; i: number; step: number; b: number[]; hi: Seat; lo: Seat }
  /**
   * Receiving a dragon rune (RW-RUNE-10..16, RW-DP-83): `seat` receives, `by` places; `kind` 2 the whole
   * procedure (step 0 up to two false runes discarded, `n` so far; step 1 a dragon and a false rune placed),
   * 1 a dragon rune token only (RW-RUNE-12), placed in an area `seat` controls. The first placement waits,
   * sealed, in the placer's `rune` until the second.
   */
  | { k: 'receive'; seat: Seat; by: Seat; kind: number; step: number; n: number }
  /** A card's loss (`n` left): Tactics cards discarded (`what` 0), or one unit destroyed in each of `areas` (1). */
  | { k: 'lose'; seat: Seat; what: number; n: number; areas: number[] }
  /** Neutral units of a type already there, one per area of `areas` (RW-SEASON-09: `seat` decides the type). */
  | { k: 'wander'; seat: Seat; areas: number[] }
  /**
   * A bid's beasts (RW-DP-82): `what` 0 Restless Beasts, he moves all neutral units of one area to an
   * adjacent area; 1 Gathering of Beasts, he places up to `left` more neutral units of `shape` from the
   * supply in areas he controls (RW-NEUT-14).
   */
  | { k: 'beasts'; seat: Seat; what: number; left: number; shape: number }
  /** Tournament of Champions: the highest bidder may train one of his heroes (RW-DP-82, RW-QPH-05..07). */
  | { k: 'tourney'; seat: Seat }
  /** Threatened Home Realms: he moves one rune token out of his home realm (RW-DP-11). */
  | { k: 'runeMove'; seat: Seat }
  /** The end of his turn: claim his Objective (RW-OBJ-03/05, RW-DP-11)? */
  | { k: 'objective'; seat: Seat };

export type CardAction =
  | { type: 'bid'; n: number }
  /** A tie's decider names the tied player who wins it (or loses it, for the lowest bid). */
  | { type: 'rank'; seat: number }
  | { type: 'discardRune'; area: number }
  | { type: 'moveRune'; from: number; to: number }
  /** Restless Beasts: the neutral units of `from` move to `to`. */
  | { type: 'moveNeutrals'; from: number; to: number }
  /** Gathering of Beasts: a neutral unit of type `u` placed in `area`. */
  | { type: 'gather'; area: number; u: number }
  | { type: 'objective'; claim: boolean };
