/**
 * A tiny hidden-card game on the contract, used to test the engine's generic parts: each seat holds
 * one secret card; in turn each seat stays or folds; the highest card that stayed wins.
 */
import type { GameModule, Result } from '../src/index.js';
import { err, ok, OK, deepClone, randInt, seedRng, shuffle } from '../src/index.js';

export interface ToyState {
  n: number;
  rng: number[];
  deck: number[];
  cards: number[];
  folded: boolean[];
  turn: number;
  over: { winners: number[]; reason: string } | null;
}
export type ToyAction = { type: 'stay' } | { type: 'fold' };
export interface ToyView {
  viewer: number;
  turn: number;
  folded: boolean[];
  mine: number | null;
  cards?: number[];
  deckCount: number;
  over: ToyState['over'];
}

export function toyGame(leaky = false): GameModule<ToyState, ToyAction, ToyView, Record<string, never>> {
  return {
    id: leaky ? 'toy-leaky' : 'toy',
    rulesVersion: '1',
    minSeats: 2,
    maxSeats: 4,
    parseOptions: (raw): Result<Record<string, never>> =>
      raw && typeof raw === 'object' && Object.keys(raw).length ? err('toy.options', 'no options') : ok({}),
    setup(_o, n, seed, log) {
      const rng = seedRng(seed);
      const deck = shuffle(rng, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const cards = Array.from({ length: n }, () => deck.pop()!);
      log?.push({ key: 'toy.dealt', params: { n } });
      cards.forEach((c, s) => log?.push({ key: 'toy.card', params: { card: c }, to: [s] }));
      return ok({ n, rng, deck, cards, folded: cards.map(() => false), turn: randInt(rng, n), over: null });
    },
    prompts: (s) => (s.over ? [] : [{ seat: s.turn, kind: 'toy.turn' }]),
    legalActions: (s, seat) => (s.over || seat !== s.turn ? [] : [{ type: 'stay' }, { type: 'fold' }]),
    apply(s, seat, a, log) {
      if (s.over) return err('toy.over', 'over');
      if (seat !== s.turn) return err('toy.notYou', 'not your turn');
      if (!a || (a.type !== 'stay' && a.type !== 'fold')) return err('toy.bad', 'bad action');
      if (a.type === 'fold') s.folded[seat] = true;
      log?.push({ key: `toy.${a.type}`, params: { seat } });
      const next = (seat + 1) % s.n;
      if (next === 0 || s.folded.filter((f) => !f).length <= 1) {
        let best = -1;
        s.cards.forEach((c, i) => {
          if (!s.folded[i] && (best < 0 || c > s.cards[best]!)) best = i;
        });
        s.over = { winners: best < 0 ? [] : [best], reason: 'showdown' };
      } else s.turn = next;
      return OK;
    },
    defaultAction: (s, seat) => (!s.over && seat === s.turn ? { type: 'fold' } : null),
    view: (s, v) => {
      const out: ToyView = {
        viewer: v,
        turn: s.turn,
        folded: s.folded.slice(),
        mine: v >= 0 ? s.cards[v]! : null,
        deckCount: s.deck.length,
        over: s.over,
      };
      if (leaky || s.over) out.cards = s.cards.slice();
      return out;
    },
    outcome: (s) => s.over,
    sampleWorld(v, seat, rng) {
      const unseen = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((c) => c !== v.mine && !(v.cards ?? []).includes(c));
      rng.shuffle(unseen);
      const cards = v.cards
        ? v.cards.slice()
        : v.folded.map((_, i) => (i === seat ? v.mine! : unseen.pop()!));
      return {
        n: v.folded.length,
        rng: seedRng('w' + rng.int(1000)),
        deck: unseen,
        cards,
        folded: v.folded.slice(),
        turn: v.turn,
        over: v.over,
      };
    },
    clone: (s) => deepClone(s),
    describeAction: (_s, _seat, a) => a.type,
    messages: { en: { 'toy.stay': '{seat} stays' }, ru: { 'toy.stay': '{seat} остаётся' } },
    formatEvent: (e) => e.key,
    renderText: (v) => JSON.stringify(v),
    seating: (s) => s.cards.map((_, i) => i),
    seatTags: () => ({}),
  };
}

/** Changes what `seat` cannot see: the other cards and the deck order. */
export function perturbToy(s: ToyState, seat: number, rng: { shuffle<T>(a: T[]): T[] }): void {
  const pool = [...s.deck, ...s.cards.filter((_, i) => i !== seat)];
  rng.shuffle(pool);
  s.cards = s.cards.map((c, i) => (i === seat ? c : pool.pop()!));
  s.deck = pool;
}
