/**
 * A tiny hidden-card game on the contract, used to test the engine's generic parts: each seat holds
 * one secret card; in turn each seat stays or folds; the highest card that stayed wins.
 */
import type { EventSink, GameModule, Result } from '../src/index.js';
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

/**
 * A toy with a response window, to test the property kit's window checks. At the start every seat
 * may "boost" if its secret card is lucky (7 or more); the first seat in seat order that boosts adds
 * 10 to its card. Then the seats stay or fold in turn, as in `toyGame`. The fair version opens the
 * window for every seat at once and shows nobody who answered; each leaky version gives the lucky
 * seats away in one way:
 * - `poll`: the seats are asked one at a time, so the holder is the one the table waits on;
 * - `holders`: the window opens only for the lucky seats;
 * - `answered`: the view tells who has answered so far;
 * - `steps`: a lucky seat answers in two steps (`boost`, then `confirm`): its view, the prompt list and
 *   the window's length give nothing away, but every step is a new version of the match, so the
 *   number of versions the window takes tells the table somebody held a lucky card.
 * `twice` is fair and opens a second window right after the first has closed in public, so the last
 * seat to answer the first is asked again at once — by a new window, which is no violation.
 */
export type WindowLeak = 'fair' | 'twice' | 'poll' | 'holders' | 'answered' | 'steps';
export interface ToyWinState {
  n: number;
  rng: number[];
  deck: number[];
  cards: number[];
  /** Per seat: 0 not answered yet, 1 pass, 2 boost, 3 boost drafted, not confirmed (`steps`). */
  answers: number[];
  /** Windows opened so far (`twice` opens two). */
  windows: number;
  /** `poll`: the seat asked now. */
  pos: number;
  window: boolean;
  boosted: number;
  folded: boolean[];
  turn: number;
  over: { winners: number[]; reason: string } | null;
}
export type ToyWinAction =
  { type: 'pass' } | { type: 'boost' } | { type: 'confirm' } | { type: 'stay' } | { type: 'fold' };
export interface ToyWinView {
  viewer: number;
  window: boolean;
  pos: number;
  myAnswer: number;
  windows: number;
  answered?: boolean[];
  boosted: number;
  turn: number;
  folded: boolean[];
  mine: number | null;
  cards?: number[];
  over: ToyWinState['over'];
}

const LUCKY = 7;

export function toyWindowGame(
  leak: WindowLeak,
): GameModule<ToyWinState, ToyWinAction, ToyWinView, Record<string, never>> {
  const asked = (s: ToyWinState, seat: number) =>
    s.window &&
    !s.over &&
    (s.answers[seat] === 0 || s.answers[seat] === 3) &&
    (leak !== 'poll' || s.pos === seat) &&
    (leak !== 'holders' || s.cards[seat]! >= LUCKY);
  const closeIfDone = (s: ToyWinState, log: EventSink) => {
    const pending = s.answers.some(
      (a, i) => (a === 0 || a === 3) && (leak !== 'holders' || s.cards[i]! >= LUCKY),
    );
    if (pending && !(leak === 'poll' && s.answers[s.pos - 1] === 2)) return;
    if (s.answers.includes(2)) s.boosted = s.answers.indexOf(2);
    log?.push({ key: 'toyw.closed', params: { boosted: s.boosted } });
    if (leak === 'twice' && s.windows < 2) {
      // A new window for every seat, opened in public right after the first.
      s.windows++;
      s.answers = s.answers.map(() => 0);
      log?.push({ key: 'toyw.opened', params: { window: s.windows } });
      return;
    }
    s.window = false;
  };
  return {
    id: `toy-window-${leak}`,
    rulesVersion: '1',
    minSeats: 2,
    maxSeats: 4,
    parseOptions: (): Result<Record<string, never>> => ok({}),
    setup(_o, n, seed) {
      const rng = seedRng(seed);
      const deck = shuffle(rng, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const cards = Array.from({ length: n }, () => deck.pop()!);
      const st: ToyWinState = {
        n,
        rng,
        deck,
        cards,
        answers: cards.map(() => 0),
        windows: 1,
        pos: 0,
        window: true,
        boosted: -1,
        folded: cards.map(() => false),
        turn: 0,
        over: null,
      };
      closeIfDone(st, undefined); // `holders` with nobody lucky: no window at all
      return ok(st);
    },
    prompts(s) {
      if (s.over) return [];
      if (s.window)
        return s.cards.flatMap((_, seat) =>
          asked(s, seat) ? [{ seat, kind: 'toyw.window', window: true }] : [],
        );
      return [{ seat: s.turn, kind: 'toyw.turn' }];
    },
    legalActions(s, seat) {
      if (s.over) return [];
      if (s.window)
        return !asked(s, seat)
          ? []
          : s.answers[seat] === 3
            ? [{ type: 'confirm' }]
            : s.cards[seat]! >= LUCKY
              ? [{ type: 'boost' }, { type: 'pass' }]
              : [{ type: 'pass' }];
      return seat === s.turn ? [{ type: 'stay' }, { type: 'fold' }] : [];
    },
    apply(s, seat, a, log) {
      if (s.over) return err('toyw.over', 'over');
      if (s.window) {
        if (!asked(s, seat)) return err('toyw.notYou', 'not asked');
        const drafted = s.answers[seat] === 3;
        const fits = drafted ? a?.type === 'confirm' : a?.type === 'pass' || a?.type === 'boost';
        if (!a || !fits) return err('toyw.bad', 'bad action');
        if (a.type === 'boost' && s.cards[seat]! < LUCKY) return err('toyw.unlucky', 'not lucky');
        if (a.type === 'boost' && leak === 'steps') {
          s.answers[seat] = 3; // drafted: a second step confirms it
          return OK;
        }
        s.answers[seat] = a.type === 'pass' ? 1 : 2;
        log?.push({ key: 'toyw.answer', params: { seat, boost: a.type === 'boost' }, to: [seat] });
        if (leak === 'poll') s.pos++;
        closeIfDone(s, log);
        return OK;
      }
      if (seat !== s.turn) return err('toyw.notYou', 'not your turn');
      if (!a || (a.type !== 'stay' && a.type !== 'fold')) return err('toyw.bad', 'bad action');
      if (a.type === 'fold') s.folded[seat] = true;
      log?.push({ key: `toyw.${a.type}`, params: { seat } });
      const next = (seat + 1) % s.n;
      if (next === 0 || s.folded.filter((f) => !f).length <= 1) {
        let best = -1;
        const score = (i: number) => s.cards[i]! + (i === s.boosted ? 10 : 0);
        s.cards.forEach((_, i) => {
          if (!s.folded[i] && (best < 0 || score(i) > score(best))) best = i;
        });
        s.over = { winners: best < 0 ? [] : [best], reason: 'showdown' };
      } else s.turn = next;
      return OK;
    },
    defaultAction(s, seat) {
      if (s.over) return null;
      if (s.window) return asked(s, seat) ? { type: 'pass' } : null;
      return seat === s.turn ? { type: 'fold' } : null;
    },
    view(s, v) {
      const out: ToyWinView = {
        viewer: v,
        window: s.window,
        pos: leak === 'poll' ? s.pos : 0,
        myAnswer: v >= 0 ? s.answers[v]! : 0,
        windows: s.windows,
        boosted: s.boosted,
        turn: s.turn,
        folded: s.folded.slice(),
        mine: v >= 0 ? s.cards[v]! : null,
        over: s.over,
      };
      if (leak === 'answered') out.answered = s.answers.map((x) => x > 0);
      if (s.over) out.cards = s.cards.slice();
      return out;
    },
    outcome: (s) => s.over,
    sampleWorld(v, seat, rng) {
      const unseen = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((c) => c !== v.mine && !(v.cards ?? []).includes(c));
      rng.shuffle(unseen);
      const cards = v.cards
        ? v.cards.slice()
        : v.folded.map((_, i) => (i === seat ? v.mine! : unseen.pop()!));
      // Others' answers are unseen: not answered yet (or, where the view shows it, a pass).
      const answers = v.folded.map((_, i) =>
        i === seat ? v.myAnswer : v.answered?.[i] ? 1 : leak === 'poll' && i < v.pos ? 1 : 0,
      );
      return {
        n: v.folded.length,
        rng: seedRng('w' + rng.int(1000)),
        deck: unseen,
        cards,
        answers,
        windows: v.windows,
        pos: v.pos,
        window: v.window,
        boosted: v.boosted,
        folded: v.folded.slice(),
        turn: v.turn,
        over: v.over,
      };
    },
    clone: (s) => deepClone(s),
    describeAction: (_s, _seat, a) => a.type,
    messages: { en: { 'toyw.closed': 'window closed' }, ru: { 'toyw.closed': 'окно закрыто' } },
    formatEvent: (e) => e.key,
    renderText: (v) => JSON.stringify(v),
    seating: (s) => s.cards.map((_, i) => i),
    seatTags: () => ({}),
  };
}

/**
 * Changes what `seat` cannot see: the other cards and the deck order; an answer the new card cannot back
 * becomes a pass (a drafted one, not yet an answer, becomes no answer).
 */
export function perturbToyWindow(s: ToyWinState, seat: number, rng: { shuffle<T>(a: T[]): T[] }): void {
  const pool = [...s.deck, ...s.cards.filter((_, i) => i !== seat)];
  rng.shuffle(pool);
  s.cards = s.cards.map((c, i) => (i === seat ? c : pool.pop()!));
  s.deck = pool;
  s.answers = s.answers.map((a, i) => (i !== seat && a >= 2 && s.cards[i]! < LUCKY ? (a === 3 ? 0 : 1) : a));
}
