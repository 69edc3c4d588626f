/**
 * Shared driver of the Nations property tests: random complete games, every action checked for the invariants
 * (workers, cards, events, no negatives); every `checkEvery` actions for JSON round trip, sealed views (the undrawn
 * deck orders and the generator perturbed: no view may change), sampled worlds, hidden-information-free legal
 * actions and rejected actions changing nothing; replayed to the same hash at the end.
 */
import type { PropertyTally, Rng, Seat } from '@tabula/engine';
import { runPropertyGames } from '@tabula/engine';
import { checkInvariants, nations } from '@tabula/nations';
import type { NatState } from '@tabula/nations';

/** NAT-HIDDEN-2: only the order of the undrawn decks, tiles and the generator are hidden. */
export function perturbHidden(st: NatState, seat: Seat, rng: Rng): void {
  void seat;
  for (const d of [...st.decks, ...st.events, ...st.tiles]) rng.shuffle(d);
  st.rng = [rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30)];
}

const VARIANTS: unknown[] = [
  {},
  { boardSides: 'choose' },
  { cardLevels: ['basic'], difficulty: ['chieftain', 'king', 'emperor', 'prince'] },
  { easy: ['food', false, 'stability'], finalTieRule: 'shared' },
  { ages: 2, includePromo: true },
  // All four ages with promo cards: the age-III/IV promos (Mechanical Turk, Imperium Rex, Power Grid) appear.
  { includePromo: true },
  { boardSides: 'choose', cardLevels: ['basic', 'expert'] },
];

export function runGames(
  players: number,
  from: number,
  count: number,
  seedPrefix: string,
  checkEvery: number,
): PropertyTally {
  return runPropertyGames<NatState>(
    nations,
    Array.from({ length: count }, (_, i) => {
      const g = from + i;
      let options = VARIANTS[g % VARIANTS.length];
      if (players === 5 && (options as { cardLevels?: string[] }).cardLevels?.length === 1) options = {};
      if (players === 1)
        options = [
          {},
          { soloRollOnBuildingDeploy: true, soloSecondPlayerRoll: 'oncePerRound' },
          { soloBookContest: 'endOfAge', boardSides: 'choose' },
        ][g % 3];
      return {
        seats: players,
        seed: `${seedPrefix}-${players}-${g}`,
        options,
        checkEvery,
        invariants: checkInvariants,
        perturbHidden,
        maxActions: 100_000,
      };
    }),
  );
}
