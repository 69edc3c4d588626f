/**
 * Ratings per game with OpenSkill (Weng–Lin's Bayesian approximation, the Plackett–Luce model): every
 * player of an N-player free-for-all is a team of one, ranked by the outcome. A match is rated when it
 * ends, once (`Accounts.rateMatch`), if it counts (`isRated`: every seat a person with an account of
 * their own, no bot, no hotseat, the match not marked unrated).
 */
import { ordinal, rate, rating } from 'openskill';
import type { Outcome } from '@tabula/engine';
import type { Accounts, Rating, Store } from '@tabula/store';
import { isRated } from './hub.js';
import { settingsOf } from './ports.js';
import type { RatingInfo } from './protocol.js';

/** A new player's rating: mu 25, sigma 25/3. */
export const INITIAL_RATING: Rating = rating();

export function ratingInfo(r: Rating): RatingInfo {
  return { mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) };
}

/**
 * Each seat's place (1 = first; equal places tie): the winners share the first; the others follow by
 * their scores where the game gives them (higher is better), else share the next place.
 */
export function placesOf(outcome: Outcome, seats: number): number[] {
  const winners = new Set(outcome.winners);
  const others = Array.from({ length: seats }, (_, s) => s).filter((s) => !winners.has(s));
  const score = (s: number) => outcome.scores?.[s] ?? 0;
  const distinct = [...new Set(others.map(score))].sort((a, b) => b - a);
  return Array.from({ length: seats }, (_, s) =>
    winners.has(s) ? 1 : (winners.size > 0 ? 2 : 1) + (outcome.scores ? distinct.indexOf(score(s)) : 0),
  );
}

/** New ratings of the seats (in seat order) after a match they finished in these places. */
export function rateSeats(current: readonly Rating[], places: readonly number[]): Rating[] {
  const out = rate(
    current.map((r) => [rating({ mu: r.mu, sigma: r.sigma })]),
    { rank: [...places] },
  );
  return out.map((team) => ({ mu: team[0]!.mu, sigma: team[0]!.sigma }));
}

/** Rates a finished match if it counts and was not rated yet; true if this call rated it. */
export async function rateFinished(store: Store, accounts: Accounts, matchId: string): Promise<boolean> {
  const m = await store.getMatch(matchId);
  if (!m || m.status !== 'finished' || !m.outcome) return false;
  const seats = await store.getSeats(matchId);
  if (!isRated(settingsOf(m), m.seats, seats)) return false;
  const players = [...seats]
    .sort((a, b) => a.seat - b.seat)
    .map((s) => ({ accountId: s.accountId!, seat: s.seat }));
  const places = placesOf(m.outcome, m.seats);
  return accounts.rateMatch(matchId, m.game, players, INITIAL_RATING, (cur) => rateSeats(cur, places));
}
