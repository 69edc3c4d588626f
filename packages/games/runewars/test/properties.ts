/**
 * Shared driver of the property tests: random complete 7-year games, every action checked for the
 * invariants of RW-IMPL-41 and conservation (figures, rune tokens, strongholds, Order cards), and every
 * `checkEvery` actions for a JSON round trip, clone, sealed views (perturbHidden), sampled worlds and
 * legal actions independent of hidden information; each game replayed to the same state hash at the end.
 */
import type { PropertyTally, Rng, Seat } from '@tabula/engine';
import { runPropertyGames } from '@tabula/engine';
import { checkInvariants, runewars } from '@tabula/runewars';
import type { RwState } from '@tabula/runewars';

/**
 * Changes only what `seat` cannot see (RW-INFO-03..09, RW-INFO-16): the other hands (Tactics and
 * Quests shuffled with their decks, sizes kept; Objectives within their deck), other seats' sealed
 * Order picks, the identities of the rune tokens `seat` has not seen (the number of dragons kept),
 * every deck's order and the generator.
 */
export function perturbHidden(st: RwState, seat: Seat, rng: Rng): void {
  const others = st.p.map((_, s) => s).filter((s) => s !== seat);
  const tac = [...st.decks.tactics];
  for (const s of others) tac.push(...st.p[s]!.tac);
  rng.shuffle(tac);
  for (const s of others) st.p[s]!.tac = tac.splice(0, st.p[s]!.tac.length);
  st.decks.tactics = tac;
  const q = [...st.decks.quests];
  for (const s of others) q.push(...st.p[s]!.quests);
  rng.shuffle(q);
  for (const s of others) st.p[s]!.quests = q.splice(0, st.p[s]!.quests.length);
  st.decks.quests = q;
  for (const s of others) {
    const x = st.p[s]!;
    if (x.pick) {
      const hand: number[] = [];
      for (let n = 1; n <= 8; n++) if (x.hand & (1 << n)) hand.push(n);
      x.pick = rng.pick(hand);
    }
  }
  const kn = seat >= 0 ? st.p[seat]!.kn : [];
  const hidden = st.rk
    .map((k, a) => (k >= 0 && !st.rup[a] && !kn.includes(st.rh[a]!) ? a : -1))
    .filter((a) => a >= 0);
  const kinds = rng.shuffle(hidden.map((a) => st.rk[a]!));
  hidden.forEach((a, i) => (st.rk[a] = kinds[i]!));
  for (const d of st.decks.seasons) rng.shuffle(d);
  rng.shuffle(st.decks.fate);
  st.rng = [rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30)];
}

/** `count` random complete games of `players` seats, seeds `${prefix}-${players}-${from}…`. */
export function runGames(
  players: number,
  from: number,
  count: number,
  prefix: string,
  checkEvery: number,
): PropertyTally {
  return runPropertyGames<RwState>(
    runewars,
    Array.from({ length: count }, (_, i) => ({
      seats: players,
      seed: `${prefix}-${players}-${from + i}`,
      checkEvery,
      invariants: checkInvariants,
      perturbHidden,
      maxActions: 50_000,
    })),
  );
}
