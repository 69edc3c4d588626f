/**
 * Shared driver of the property tests: random complete games checked at every step (conservation of
 * cards, figures, wagons, tokens and gold; no negative counts), and every `checkEvery` actions for
 * a JSON round trip, sealed views, sampled worlds, legal actions independent of hidden information
 * and rejected actions changing nothing; replayed to the same state hash at the end.
 */
import type { PropertyTally, Rng, Seat } from '@tabula/engine';
import { runPropertyGames } from '@tabula/engine';
import { checkInvariants, rtOf, struggleForRome } from '@tabula/struggle-for-rome';
import type { SfrState } from '@tabula/struggle-for-rome';

/**
 * Changes only what `seat` cannot see (SFR-HID-2/3): the other hands by kind (sizes kept), the pasture
 * deck, the other development cards and the development deck, the face-down loot tokens of each
 * colour (on cities and out of play), other seats' drafts and inputs, and the generator.
 */
export function perturbHidden(st: SfrState, seat: Seat, rng: Rng): void {
  const r = rtOf(st.opts);
  const others = st.p.map((_, s) => s).filter((s) => s !== seat);
  // Resource cards: shuffle all kinds among the other hands, then pasture cards with the deck.
  const cards: number[] = [];
  for (const s of others)
    for (let k = 0; k < 4; k++) for (let i = 0; i < st.p[s]!.res[k]!; i++) cards.push(k);
  rng.shuffle(cards);
  for (const s of others) {
    const p = st.p[s]!;
    const size = p.res[0]! + p.res[1]! + p.res[2]! + p.res[3]!;
    p.res = [0, 0, 0, 0];
    for (let i = 0; i < size; i++) p.res[cards.pop()!]!++;
  }
  const pasture: number[] = [...st.pdeck];
  for (const s of others) {
    const p = st.p[s]!;
    for (let i = 0; i < p.res[2]!; i++) pasture.push(2);
    for (let i = 0; i < p.res[3]!; i++) pasture.push(3);
  }
  rng.shuffle(pasture);
  for (const s of others) {
    const p = st.p[s]!;
    const k = p.res[2]! + p.res[3]!;
    p.res[2] = p.res[3] = 0;
    for (let i = 0; i < k; i++) p.res[pasture.pop()!]!++;
  }
  st.pdeck = pasture;
  // Development cards.
  const dev: string[] = [...st.devDeck];
  for (const s of others) dev.push(...st.p[s]!.dev);
  rng.shuffle(dev);
  for (const s of others) st.p[s]!.dev = dev.splice(0, st.p[s]!.dev.length);
  st.devDeck = dev;
  // Face-down loot tokens, colour by colour.
  r.provinces.forEach((_, prov) => {
    const slots: number[] = [];
    const toks: number[] = [];
    st.token.forEach((x, c) => {
      if (x >= 0 && r.tokens[x]!.prov === prov) {
        slots.push(c);
        toks.push(x);
      }
    });
    const removed = st.removed.map((x, i) => (r.tokens[x]!.prov === prov ? i : -1)).filter((i) => i >= 0);
    for (const i of removed) toks.push(st.removed[i]!);
    rng.shuffle(toks);
    for (const c of slots) st.token[c] = toks.pop()!;
    for (const i of removed) st.removed[i] = toks.pop()!;
  });
  for (const s of others) {
    st.drafts[s] = null;
    st.inputs[s] = rng.int(5);
  }
  st.forced = [];
  st.rng = [rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30)];
}

/** `count` random complete games of `players` seats, seeds `${seedPrefix}-${players}-${from}…`. */
export function runGames(
  players: number,
  from: number,
  count: number,
  seedPrefix: string,
  checkEvery: number,
): PropertyTally {
  return runPropertyGames<SfrState>(
    struggleForRome,
    Array.from({ length: count }, (_, i) => {
      const g = from + i;
      return {
        seats: players,
        seed: `${seedPrefix}-${players}-${g}`,
        options: g % 3 === 2 ? { tieBreak: 'vpThenGold', roundLimit: 60 } : { roundLimit: 60 },
        checkEvery,
        invariants: checkInvariants,
        perturbHidden,
        maxActions: 100_000,
      };
    }),
  );
}
