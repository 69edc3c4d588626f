/**
 * Shared driver of the property tests: random complete games checked at every step (conservation,
 * no negative counts, JSON round trip, sealed views, legal actions independent of hidden
 * information, rejected actions change nothing) and replayed to the same state hash at the end.
 */
import type { PropertyTally, Rng, Seat } from '@tabula/engine';
import { runPropertyGames } from '@tabula/engine';
import { ageOfHeroes, checkInvariants } from '@tabula/age-of-heroes';
import type { AohState, CardId } from '@tabula/age-of-heroes';

/** Changes only what `seat` cannot see: other hands, deck order, hidden battle cards, drafts, generator. */
export function perturbHidden(st: AohState, seat: Seat, rng: Rng): void {
  const others = st.p.map((p, s) => (s !== seat && p.alive ? s : -1)).filter((s) => s >= 0);
  const pool: CardId[] = [...st.deck];
  for (const s of others) pool.push(...st.p[s]!.hand);
  rng.shuffle(pool);
  for (const s of others) st.p[s]!.hand = pool.splice(0, st.p[s]!.hand.length);
  st.deck = pool;
  const w = st.war;
  if (w) {
    const mySide = w.attacker === seat ? 0 : w.defender === seat ? 1 : -1;
    const revealed = new Set<number>();
    for (const d of w.duels) revealed.add(d.a).add(d.d);
    const hidden: number[] = [...st.battle];
    const slots: { u: number }[] = [];
    w.units.forEach((u, i) => {
      if (u.side !== mySide && !revealed.has(i) && u.card > 0) {
        hidden.push(u.card);
        slots.push({ u: i });
      }
    });
    for (const side of [0, 1] as const) if (side !== mySide) hidden.push(...w.pool[side]);
    rng.shuffle(hidden);
    for (const sl of slots) w.units[sl.u]!.card = hidden.pop()!;
    for (const side of [0, 1] as const)
      if (side !== mySide) w.pool[side] = hidden.splice(0, w.pool[side].length);
    st.battle = hidden;
    for (const side of [0, 1] as const)
      if (side !== mySide && w.pick[side] >= 0) {
        const un = w.units.map((u, i) => (u.side === side && !u.fought ? i : -1)).filter((i) => i >= 0);
        w.pick[side] = un[rng.int(un.length)]!;
      }
  } else rng.shuffle(st.battle);
  for (const f of st.stack) {
    if (f.k === 'warDraft' && f.seat !== seat) {
      f.armies = [];
      f.heroes = [];
    }
    // A secret Luck answer the new hand cannot back becomes a pass (the window's seats stay the same).
    if (f.k === 'event')
      f.ans = f.ans.map((a, s) => (s !== seat && a === 2 && !st.p[s]!.hand.includes('luck') ? 1 : a));
  }
  if (st.market) st.market.drafts = st.market.drafts.map((d, s) => (s === seat ? d : null));
  st.rng = [rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30)];
}

/** `count` random complete games of `players` seats, seeds `${seedPrefix}-${players}-0…`. */
export function runGames(
  players: number,
  count: number,
  seedPrefix: string,
  checkEvery: number,
): PropertyTally {
  return runPropertyGames<AohState>(
    ageOfHeroes,
    Array.from({ length: count }, (_, g) => ({
      seats: players,
      seed: `${seedPrefix}-${players}-${g}`,
      options: { tribes: g % 2 ? 'draft' : 'random' },
      checkEvery,
      invariants: checkInvariants,
      perturbHidden,
      maxActions: 100_000,
    })),
  );
}

/**
 * `count` random complete games in which the seat asked resigns now and then (about once in `every`
 * of its decisions): every check of `runGames` holds after resignations at any point too
 * (AOH-ELIM-8), and they replay.
 */
export function runResignGames(
  players: number,
  count: number,
  seedPrefix: string,
  checkEvery: number,
  every: number,
): PropertyTally {
  return runPropertyGames<AohState>(
    ageOfHeroes,
    Array.from({ length: count }, (_, g) => ({
      seats: players,
      seed: `${seedPrefix}-${players}-${g}`,
      options: { tribes: g % 2 ? 'draft' : 'random' },
      checkEvery,
      invariants: checkInvariants,
      perturbHidden,
      maxActions: 100_000,
      choose: (legal: unknown[], rng: Rng) => (rng.int(every) === 0 ? { type: 'resign' } : rng.pick(legal)),
    })),
  );
}
