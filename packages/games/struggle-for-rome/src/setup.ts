/**
 * Setup (spec §4): the supplies, the decks and the loot tokens, the players' boxes and reserves, the
 * first start player and the starting hands, with the generator consumed in the order of SFR-RNG-2;
 * then the first round begins (round.ts).
 */
import type { EventSink } from '@tabula/engine';
import { emit, randInt, seedRng, shuffle } from '@tabula/engine';
import type { Rt } from './config.js';
import { rtOf } from './config.js';
import { gain, isNeutral, order, rt, takeCard } from './common.js';
import { advance } from './decisions.js';
import type { Player, SfrOptions, SfrState, Tribe } from './types.js';
import { CATTLE, HORSES } from './types.js';

export const RULES_VERSION = '1.1.0';

export function newTribe(node: number, army: number, wagons: number): Tribe {
  return { node, settled: false, army, wagons, loot: [], kingdom: [], enemy: false };
}

export function newPlayer(rtx: Rt): Player {
  const C = rtx.C;
  return {
    gold: 0,
    res: [0, 0, 0, 0],
    dev: [],
    devAt: [],
    reserve: [
      C.perPlayer[0]! - 1 - C.boxArmy,
      C.perPlayer[1]! - 1 - C.boxArmy,
      C.perPlayer[2]! - 2 * C.boxWagons,
    ],
    tribes: [newTribe(rtx.start, C.boxArmy, C.boxWagons), newTribe(rtx.start, C.boxArmy, C.boxWagons)],
    played: [],
    treasures: [],
    diplomats: 0,
    emergency: false,
    cardAt: -1,
    bonus: 0,
    bonusAt: -1,
    enemy: 0,
    heir: false,
    announced: false,
    resigned: false,
  };
}

/** An empty state shell (players at the start node, supplies full); setup and scenarios fill it. */
export function blankState(opts: SfrOptions, n: number, seed: string): SfrState {
  const r = rtOf(opts);
  const C = r.C;
  return {
    game: 'struggle-for-rome',
    opts,
    n,
    rng: seedRng(seed),
    p: Array.from({ length: n }, () => newPlayer(r)),
    start: 0,
    round: 0,
    phase: 0,
    serial: 0,
    legion: r.legionStart,
    rose: [],
    rolls: [],
    forced: [],
    grain: C.resources[0]!,
    ore: C.resources[1]!,
    pdeck: [],
    pdis: [0, 0],
    devDeck: [],
    owner: r.cities.map(() => -1),
    token: r.cities.map(() => -1),
    removed: [],
    diplomacy: -1,
    offers: [],
    drafts: Array.from({ length: n }, () => null),
    inputs: Array.from({ length: n }, () => 0),
    nextOffer: 1,
    bank: 0,
    stack: [],
    over: null,
  };
}

/** SFR-SETUP-1..12 with the generator consumed in the order of SFR-RNG-2. */
export function setupState(opts: SfrOptions, n: number, seed: string, log: EventSink): SfrState {
  const st = blankState(opts, n, seed);
  const r = rt(st);
  const C = r.C;
  // SFR-SETUP-11: the first start player.
  st.start = randInt(st.rng, n);
  // SFR-SETUP-7/8: the pasture deck and the development deck.
  for (let i = 0; i < C.resources[2]!; i++) st.pdeck.push(HORSES);
  for (let i = 0; i < C.resources[3]!; i++) st.pdeck.push(CATTLE);
  shuffle(st.rng, st.pdeck);
  st.devDeck = r.devDeck.slice();
  shuffle(st.rng, st.devDeck);
  // SFR-SETUP-4/5: loot tokens per colour onto the non-neutral cities; 3 players: leftovers removed unseen.
  r.provinces.forEach((_, prov) => {
    const toks = shuffle(st.rng, r.tokensByProv[prov]!.slice());
    r.cities.forEach((c, ci) => {
      if (c.prov === prov && !isNeutral(st, ci)) st.token[ci] = toks.pop()!;
    });
    st.removed.push(...toks);
  });
  emit(log, 'sfr.ev.setup', { players: n, start: st.start, neutral: n === 3 }, [
    'SFR-SETUP-1',
    'SFR-SETUP-2',
    'SFR-SETUP-3',
    'SFR-SETUP-4',
    'SFR-SETUP-5',
    'SFR-SETUP-6',
    'SFR-SETUP-9',
    'SFR-SETUP-11',
  ]);
  // SFR-SETUP-10/12: gold, grain and a blind pasture card, in seat order from the first start player.
  for (const s of order(st)) {
    const p = st.p[s]!;
    gain(st, p, C.startGold);
    for (let i = 0; i < C.startGrain; i++) takeCard(st, s, 'grain', log, 'SFR-SETUP-10');
    for (let i = 0; i < C.startPasture; i++) takeCard(st, s, 'pasture', log, 'SFR-SETUP-12');
  }
  st.stack.push({ k: 'round', pc: 0, i: 0 });
  advance(st, log);
  return st;
}
