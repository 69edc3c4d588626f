/**
 * Age of Heroes — components and configuration (§3), players and seating (§4), setup (§5), rounds
 * (§6) and randomness (§23). Each test cites the rule IDs it checks.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent, Seat } from '@tabula/engine';

import { isDeepFrozen, Rng, seedRng, shuffle, stateHash } from '@tabula/engine';

import {
  ageOfHeroes,
  checkInvariants,
  DEFAULT_CONFIG,
  ITEM_KINDS,
  scenario,
  validateConfig,
} from '@tabula/age-of-heroes';

import type { AohAction, AohConfig, AohOptions, AohState } from '@tabula/age-of-heroes';

import { act, allReady, count, keys, pump } from './helpers.js';

/* ------------------------------------------------------------------ small local helpers */

function options(raw: Record<string, unknown> = {}): AohOptions {
  const r = ageOfHeroes.parseOptions(raw);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A new game; random tribes by default so that setup runs through to the first trading window. */
function newGame(
  n: number,
  seed: string,
  raw: Record<string, unknown> = { tribes: 'random' },
  log: GameEvent[] = [],
): AohState {
  const r = ageOfHeroes.setup(options(raw), n, seed, log);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const trading = (st: AohState) => st.market?.trading === true;
/** Every resource card in play, wherever it is. */
function allCards(st: AohState): string[] {
  const out = [...st.deck, ...st.discard];
  for (const p of st.p) out.push(...p.hand);
  if (st.market) for (const q of st.market.pending) out.push(...q);
  return out;
}
const config = (patch: (c: AohConfig) => void): AohConfig => {
  const c = JSON.parse(JSON.stringify(DEFAULT_CONFIG)) as AohConfig;
  patch(c);
  return c;
};

/* ------------------------------------------------------------------ §3 components and data */

describe('components and configuration (§3)', () => {
  it('AOH-COMP-17: the loaded default configuration is the object of spec §3.4', () => {
    expect(DEFAULT_CONFIG).toMatchObject({
      players: { min: 2, max: 6 },
      tribes: [
        { id: 'egyptians', special: 'limestone' },
        { id: 'romans', special: 'concrete' },
        { id: 'greeks', special: 'marble' },
        { id: 'babylonians', special: 'bricks' },
        { id: 'celts', special: 'sandstone' },
        { id: 'chinese', special: 'granite' },
      ],
      resourceDeck: {
        iron: 12,
        wood: 12,
        grain: 12,
        stone: 12,
        gold: 6,
        limestone: 6,
        concrete: 6,
        marble: 6,
        bricks: 6,
        sandstone: 6,
        granite: 6,
        population_boom: 2,
        earthquake: 2,
        volcano: 2,
        famine: 2,
        barbarians: 3,
        olympic_games: 2,
        mighty_hero: 3,
        luck: 2,
      },
      cardClasses: {
        ordinary: ['iron', 'wood', 'grain', 'stone', 'gold'],
        special: ['limestone', 'concrete', 'marble', 'bricks', 'sandstone', 'granite'],
        immediate: ['population_boom', 'earthquake', 'volcano', 'famine', 'barbarians'],
        held: ['olympic_games', 'mighty_hero', 'luck'],
        disaster: ['famine', 'barbarians', 'earthquake', 'volcano'],
      },
      itemSupply: { city: 12, army: 12, fortress: 9, general: 6, road: 6 },
      battleDeck: { '1': 6, '2': 6, '3': 6, '4': 6, '5': 6, '6': 6 },
      costs: {
        army: { iron: 1, grain: 2 },
        fortress: { iron: 1, wood: 1, stone: 1 },
        general: { iron: 1, gold: 1 },
        road: { stone: 2 },
        city: { stone: 1, wood: 2 },
      },
      startingItems: { city: 1, army: 1 },
      startingHandSize: 3,
      handLimit: 5,
      victory: { cities: 5, monumentCards: 5 },
      battle: { generalBonus: 2, fortressBonusEach: 1, barbarianArmies: 1 },
      spoils: { conquestArmiesPerCity: 2, plunderCardsPerArmy: 2, razeOneAt: 1, razeTwoAt: 3 },
      marketDay: { baseDraw: 1, perConnectedTribe: 1 },
      trade: { maxOpenOffersPerPlayer: 10, maxCardsPerSide: 10 },
    });
    // The data is configuration: a replacement config changes the game (here: 4 starting cards).
    const log: GameEvent[] = [];
    const st = newGame(2, 'cfg', { tribes: 'random', config: config((c) => (c.startingHandSize = 4)) }, log);
    expect(st.cfg.startingHandSize).toBe(4);
    for (const s of [0, 1])
      expect(
        log.filter(
          (e) =>
            e.params?.seat === s &&
            (e.key === 'aoh.ev.dealImmediate' ||
              (e.key === 'aoh.ev.drawPrivate' && e.rules?.includes('AOH-SETUP-11'))),
        ),
      ).toHaveLength(4);
  });

  it('AOH-COMP-1, AOH-COMP-14, AOH-COMP-7: six tribes, one special each; every player holds a different tribe card', () => {
    expect(DEFAULT_CONFIG.tribes.map((t) => [t.id, t.special])).toEqual([
      ['egyptians', 'limestone'],
      ['romans', 'concrete'],
      ['greeks', 'marble'],
      ['babylonians', 'bricks'],
      ['celts', 'sandstone'],
      ['chinese', 'granite'],
    ]);
    expect(DEFAULT_CONFIG.tribes).toHaveLength(6);
    const st = newGame(6, 'tribes-6');
    expect(new Set(st.p.map((p) => p.tribe)).size).toBe(6);
    // With three players three tribe cards are set aside (unused), shown in the public view.
    const st3 = newGame(3, 'tribes-3');
    const v = ageOfHeroes.view(st3, -1);
    expect(v.tribesLeft).toHaveLength(3);
    expect(new Set([...v.tribesLeft, ...st3.p.map((p) => p.tribe)]).size).toBe(6);
    // The tribe decides which special resource a player may put on his monument (AOH-MON-2).
    const mon = scenario({
      players: 2,
      seats: [{ tribe: 'greeks', hand: ['marble', 'limestone'] }, {}],
      at: { monument: 0 },
    });
    expect(ageOfHeroes.legalActions(mon, 0)).toEqual([
      { type: 'monument', count: 0 },
      { type: 'monument', count: 1 },
    ]);
    act(mon, 0, { type: 'monument', count: 1 });
    expect(mon.p[0]!.monument).toBe(1);
    expect(mon.p[0]!.hand).toEqual(['limestone']);
  });

  it('AOH-COMP-2: there are exactly six tribes, so at most six players', () => {
    const r = ageOfHeroes.setup(options(), 7, 'seven', []);
    expect(r.ok).toBe(false);
    expect(ageOfHeroes.maxSeats).toBe(6);
    // A configuration that lets more players sit than it has tribes is rejected.
    const bad = validateConfig(config((c) => (c.tribes = c.tribes.slice(0, 5))));
    expect(bad.ok).toBe(false);
  });

  it('AOH-COMP-3, AOH-SETUP-1: three card families kept apart; resource and battle decks shuffled; items in piles by kind', () => {
    const st = newGame(4, 'families');
    const resourceIds = new Set(Object.keys(DEFAULT_CONFIG.resourceDeck));
    for (const c of allCards(st)) expect(resourceIds.has(c)).toBe(true);
    expect(st.battle.every((v) => Number.isInteger(v) && v >= 1 && v <= 6)).toBe(true);
    expect(Object.keys(st.supply).sort()).toEqual([...ITEM_KINDS].sort());
    // Shuffled: neither deck is in its configuration order, and two seeds give different orders.
    const ordered: string[] = [];
    for (const [id, k] of Object.entries(DEFAULT_CONFIG.resourceDeck))
      for (let i = 0; i < k; i++) ordered.push(id);
    const other = newGame(4, 'families-2');
    expect(st.deck).not.toEqual(other.deck);
    expect(st.battle).not.toEqual(other.battle);
    expect(st.battle).not.toEqual([...st.battle].sort((a, b) => a - b));
    expect(st.battle).not.toEqual([...st.battle].sort((a, b) => b - a));
    expect(st.deck.join()).not.toBe(ordered.slice(0, st.deck.length).join());
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-COMP-4, AOH-DRAW-9: card classes; held events enter the hand, immediate events never do', () => {
    const cls = DEFAULT_CONFIG.cardClasses;
    expect(cls.disaster.every((c) => cls.immediate.includes(c))).toBe(true);
    expect(cls.immediate).not.toContain('olympic_games');
    // Seat 0 draws Luck in phase 1: it joins his hand; seat 1 then draws Famine: it is never a hand card.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [{ hand: ['iron'] }, { hand: ['wood', 'grain'] }],
        deck: ['luck', 'famine'],
        at: { turn: 0 },
      },
      log,
    );
    expect(st.p[0]!.hand).toEqual(['iron', 'luck']);
    act(st, 0, { type: 'pass' });
    act(st, 0, { type: 'monument', count: 0 });
    // Seat 1's turn: Famine is revealed and its Luck windows open; it is not in anyone's hand.
    expect(st.active).toBe(1);
    expect(st.p.every((p) => !p.hand.includes('famine'))).toBe(true);
    expect(ageOfHeroes.prompts(st)[0]!.kind).toBe('aoh.luck');
  });

  it('AOH-COMP-5: five item kinds; items are public', () => {
    expect([...ITEM_KINDS]).toEqual(['city', 'army', 'fortress', 'general', 'road']);
    const st = scenario({
      players: 3,
      seats: [{ cities: 2, fortresses: 1, armies: [{ general: true }, {}] }, {}, {}],
      roads: [[0, 1]],
      at: { action: 0 },
    });
    for (const viewer of [1, 2, -1]) {
      const v = ageOfHeroes.view(st, viewer);
      expect(v.players[0]).toMatchObject({ cities: 2, fortresses: 1 });
      expect(v.players[0]!.armies.map((a) => a.general)).toEqual([true, false]);
      expect(v.roads).toEqual([[0, 1, 0]]);
    }
    act(st, 0, { type: 'build' });
    const before = JSON.stringify(st);
    const r = ageOfHeroes.apply(st, 0, { type: 'buildItem', item: 'castle' as never, pay: [] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.rule).toBe('AOH-COMP-5');
    expect(JSON.stringify(st)).toBe(before);
  });

  it('AOH-COMP-6, AOH-COMP-13: 36 battle cards, six of each strength 1..6; turn-order draws show 1..6 symbols', () => {
    expect(DEFAULT_CONFIG.battleDeck).toEqual({ '1': 6, '2': 6, '3': 6, '4': 6, '5': 6, '6': 6 });
    const st = newGame(6, 'battle');
    const sorted = [...st.battle].sort((a, b) => a - b);
    expect(sorted).toEqual([1, 2, 3, 4, 5, 6].flatMap((v) => Array<number>(6).fill(v)));
    for (const row of st.orderDraws) for (const v of row) expect(v >= 0 && v <= 6).toBe(true);
  });

  it('AOH-COMP-8: build costs are the table, and the engine charges them', () => {
    expect(DEFAULT_CONFIG.costs).toEqual({
      army: { iron: 1, grain: 2 },
      fortress: { iron: 1, wood: 1, stone: 1 },
      general: { iron: 1, gold: 1 },
      road: { stone: 2 },
      city: { stone: 1, wood: 2 },
    });
    const st = scenario({
      players: 2,
      seats: [{ hand: ['iron', 'grain', 'grain', 'stone', 'wood'] }, {}],
      at: { build: 0 },
    });
    const before = JSON.stringify(st);
    const r = ageOfHeroes.apply(st, 0, { type: 'buildItem', item: 'army', pay: ['iron', 'grain'] });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(st)).toBe(before);
    act(st, 0, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] });
    expect(st.p[0]!.armies).toHaveLength(2);
    expect(st.p[0]!.hand).toEqual(['stone', 'wood']);
  });

  it('AOH-COMP-9, AOH-COMP-12: item supply 12 cities, 12 armies, 9 fortresses, 6 generals, 6 roads, minus starting items', () => {
    expect(DEFAULT_CONFIG.itemSupply).toEqual({ city: 12, army: 12, fortress: 9, general: 6, road: 6 });
    const st = newGame(5, 'supply');
    expect(st.supply).toEqual({
      city: 12 - st.p.reduce((a, p) => a + p.cities, 0),
      army: 7,
      fortress: 9,
      general: 6,
      road: 6,
    });
    // The city limit binds: with the supply empty a Population Boom brings no city.
    const log: GameEvent[] = [];
    const full = scenario(
      {
        players: 3,
        seats: [{ cities: 4 }, { cities: 4 }, { cities: 4 }],
        deck: ['population_boom'],
        at: { turn: 0 },
      },
      log,
    );
    expect(full.supply.city).toBe(0);
    expect(full.p[0]!.cities).toBe(4);
    expect(keys(log)).toContain('aoh.ev.boomEmpty');
  });

  it('AOH-COMP-10: the resource deck holds 108 cards in the listed counts, all of them in play after setup', () => {
    expect(Object.values(DEFAULT_CONFIG.resourceDeck).reduce((a, b) => a + b, 0)).toBe(108);
    const st = newGame(3, 'deck-108');
    const cards = allCards(st);
    expect(cards).toHaveLength(108);
    for (const [id, k] of Object.entries(DEFAULT_CONFIG.resourceDeck)) expect(count(cards, id)).toBe(k);
  });

  it('AOH-COMP-11, AOH-SETUP-9, AOH-PLAYERS-5: every special stays in the game whatever the player count; unused tribes are set aside', () => {
    for (const n of [2, 3, 6]) {
      const st = newGame(n, `specials-${n}`);
      const cards = allCards(st);
      for (const sp of DEFAULT_CONFIG.cardClasses.special) expect(count(cards, sp)).toBe(6);
      // Same deck, supply (less the starting items) and battle deck for every count.
      expect(cards).toHaveLength(108);
      expect(st.battle).toHaveLength(36);
      expect(st.supply.army).toBe(12 - n);
      expect(st.cfg.victory).toEqual({ cities: 5, monumentCards: 5 });
      const used = st.p.map((p) => p.tribe);
      expect(ageOfHeroes.view(st, -1).tribesLeft).toEqual(
        DEFAULT_CONFIG.tribes.map((t) => t.id).filter((t) => !used.includes(t)),
      );
    }
  });

  it('AOH-COMP-16: starting items, hand size, hand limit and the other constants', () => {
    const c = DEFAULT_CONFIG;
    expect(c.startingItems).toEqual({ city: 1, army: 1 });
    expect([c.startingHandSize, c.handLimit, c.victory.cities, c.victory.monumentCards]).toEqual([
      3, 5, 5, 5,
    ]);
    expect(c.battle).toEqual({ generalBonus: 2, fortressBonusEach: 1, barbarianArmies: 1 });
    expect(c.spoils).toEqual({
      conquestArmiesPerCity: 2,
      plunderCardsPerArmy: 2,
      razeOneAt: 1,
      razeTwoAt: 3,
    });
    expect(c.marketDay).toEqual({ baseDraw: 1, perConnectedTribe: 1 });
    expect(c.trade).toMatchObject({ maxOpenOffersPerPlayer: 10, maxCardsPerSide: 10 });
    // Behaviour: each player starts with one city and one army and is dealt three cards.
    const log: GameEvent[] = [];
    const st = newGame(4, 'consts', { tribes: 'random' }, log);
    for (let s = 0; s < 4; s++) {
      expect(st.p[s]!.armies).toHaveLength(1);
      const dealt = log.filter(
        (e) => e.rules?.includes('AOH-SETUP-11') && e.params?.seat === s && e.key !== 'aoh.ev.drawHidden',
      );
      expect(dealt).toHaveLength(3);
    }
  });

  it('AOH-COMP-15: a battle deck too small for the largest battle, or a resource deck too small for the deal, is rejected', () => {
    expect(validateConfig(DEFAULT_CONFIG).ok).toBe(true);
    // Largest battle: 12 armies + 3 Heroes + 1 barbarian army = 16 battle cards.
    const exact = config((c) => (c.battleDeck = { '1': 8, '6': 8 }));
    expect(validateConfig(exact).ok).toBe(true);
    const small = validateConfig(config((c) => (c.battleDeck = { '1': 8, '6': 7 })));
    expect(small.ok).toBe(false);
    if (!small.ok)
      expect(small.error).toMatchObject({
        code: 'aoh.err.config.invalid',
        rule: 'AOH-COMP-15',
        params: { path: 'battleDeck' },
      });
    // More Heroes in the deck need more battle cards.
    expect(
      validateConfig(config((c) => ((c.battleDeck = { '1': 8, '6': 8 }), (c.resourceDeck.mighty_hero = 4))))
        .ok,
    ).toBe(false);
    // Deal: 6 players × (3 + 1) = 24 resource cards at least.
    const deck24 = config(
      (c) =>
        (c.resourceDeck = {
          ...Object.fromEntries(Object.keys(c.resourceDeck).map((k) => [k, 0])),
          iron: 12,
          wood: 12,
        }),
    );
    expect(validateConfig(deck24).ok).toBe(true);
    const deck23 = validateConfig(
      config(
        (c) =>
          (c.resourceDeck = {
            ...Object.fromEntries(Object.keys(c.resourceDeck).map((k) => [k, 0])),
            iron: 12,
            wood: 11,
          }),
      ),
    );
    expect(deck23.ok).toBe(false);
    if (!deck23.ok)
      expect(deck23.error).toMatchObject({ rule: 'AOH-COMP-15', params: { path: 'resourceDeck' } });
    // A rejected configuration never reaches a game: the options are refused.
    const opt = ageOfHeroes.parseOptions({ config: config((c) => (c.battleDeck = { '1': 1, '2': 1 })) });
    expect(opt.ok).toBe(false);
  });

  it('the data of a game never changes: the default and a custom configuration are frozen', () => {
    expect(isDeepFrozen(DEFAULT_CONFIG)).toBe(true);
    const mine = config((c) => (c.startingHandSize = 4));
    const opt = ageOfHeroes.parseOptions({ config: mine });
    expect(opt.ok).toBe(true);
    if (!opt.ok) return;
    // The game keeps a frozen copy; the caller's object is left as it was.
    expect(isDeepFrozen(opt.value.config)).toBe(true);
    expect(opt.value.config).toEqual(mine);
    expect(Object.isFrozen(mine)).toBe(false);
    const st = ageOfHeroes.setup(opt.value, 3, 'frozen', []);
    expect(st.ok && (st.value as AohState).cfg).toBe(opt.value.config);
  });
});

/* ------------------------------------------------------------------ §4 players */

describe('players and seating (§4)', () => {
  it('AOH-PLAYERS-1: 2 to 6 players; one player or seven are refused', () => {
    for (const n of [2, 3, 4, 5, 6])
      expect(ageOfHeroes.setup(options({ tribes: 'random' }), n, 'n', []).ok).toBe(true);
    for (const n of [0, 1, 7, 2.5]) {
      const r = ageOfHeroes.setup(options(), n, 'n', []);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: 'aoh.err.players', rule: 'AOH-PLAYERS-1' });
    }
    expect([ageOfHeroes.minSeats, ageOfHeroes.maxSeats]).toEqual([2, 6]);
  });

  it('AOH-PLAYERS-2, AOH-SETUP-2: seats are randomised by default; the host may fix them', () => {
    expect(options().seatOrder).toBe('random');
    const fixed = newGame(5, 'seats', { tribes: 'random', seatOrder: 'fixed' });
    expect(fixed.seating).toEqual([0, 1, 2, 3, 4]);
    const perms = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const st = newGame(5, `seats-${i}`);
      expect([...st.seating].sort()).toEqual([0, 1, 2, 3, 4]);
      expect(ageOfHeroes.seating!(st)).toEqual(st.seating);
      perms.add(st.seating.join());
    }
    expect(perms.size).toBeGreaterThan(1);
    const bad = ageOfHeroes.parseOptions({ seatOrder: 'by-age' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.rule).toBe('AOH-PLAYERS-2');
  });

  it('AOH-PLAYERS-3: neighbours are the next and previous surviving seats', () => {
    // Seat 2 is out: seat 1's neighbours are seats 0 and 3, so a road may go only there.
    const st = scenario({
      players: 4,
      seats: [{}, { hand: ['stone', 'stone'] }, { alive: false }, {}],
      at: { build: 1 },
    });
    const roads = ageOfHeroes
      .legalActions(st, 1)
      .filter((a) => a.type === 'buildItem' && a.item === 'road')
      .map((a) => (a as { to: number }).to);
    expect(roads.sort()).toEqual([0, 3]);
    const before = JSON.stringify(st);
    const r = ageOfHeroes.apply(st, 1, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: 2 });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(st)).toBe(before);
    act(st, 1, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: 3 });
    expect(ageOfHeroes.prompts(st)[0]).toMatchObject({ seat: 3, kind: 'aoh.consent' });
  });

  it('AOH-PLAYERS-4: with two survivors the left and right neighbour are the same player', () => {
    const st = scenario({
      players: 3,
      seats: [{ hand: ['stone', 'stone'] }, { alive: false }, {}],
      at: { build: 0 },
    });
    const roads = ageOfHeroes.legalActions(st, 0).filter((a) => a.type === 'buildItem' && a.item === 'road');
    expect(roads).toEqual([{ type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: 2 }]);
  });
});

/* ------------------------------------------------------------------ §5 setup */

/** Seeds (deterministic search) whose setup shows a particular situation. */
function findSeed(
  n: number,
  want: (st: AohState, log: GameEvent[]) => boolean,
  raw: Record<string, unknown> = { tribes: 'random' },
): { st: AohState; log: GameEvent[]; seed: string } {
  for (let i = 0; i < 500; i++) {
    const log: GameEvent[] = [];
    const seed = `search-${i}`;
    const st = newGame(n, seed, raw, log);
    if (want(st, log)) return { st, log, seed };
  }
  throw new Error('no seed found');
}

describe('setup (§5)', () => {
  it('AOH-SETUP-3, AOH-SETUP-4, AOH-SETUP-5: everyone draws a battle card; the highest is first, in public; play runs clockwise from him', () => {
    const { st, log } = findSeed(4, (s) => s.orderDraws.length === 1 && s.first !== 0);
    const row = st.orderDraws[0]!;
    expect(row.every((v) => v >= 1)).toBe(true);
    expect(row[st.first]).toBe(Math.max(...row));
    expect(row.filter((v) => v === row[st.first])).toHaveLength(1);
    expect(st.leader).toBe(st.first);
    const ev = log.find((e) => e.key === 'aoh.ev.firstPlayer')!;
    expect(ev.params).toEqual({ seat: st.first, draws: st.orderDraws });
    expect(ev.to).toBeUndefined();
    expect(ev.notTo).toBeUndefined();
    for (const viewer of [-1, 0, 1, 2, 3])
      expect(ageOfHeroes.view(st, viewer).orderDraws).toEqual(st.orderDraws);
    // Clockwise from the first player: the deal, the Market Day draws, then the turns.
    const order = [0, 1, 2, 3].map((i) => (st.first + i) % 4);
    const marketSeats = log.filter((e) => e.key === 'aoh.ev.marketDraw').map((e) => e.params!.seat);
    expect(marketSeats).toEqual(order);
    const turns: number[] = [];
    const tlog: GameEvent[] = [];
    allReady(st, tlog);
    pump(st, () => st.round === 2, tlog);
    for (const e of tlog) if (e.key === 'aoh.ev.turn') turns.push(e.params!.seat as number);
    expect(turns).toEqual(order);
  });

  it('AOH-SETUP-6: only tied players draw again, from the remaining deck, until one is strictly highest', () => {
    const { st } = findSeed(5, (s) => s.orderDraws.length >= 3);
    let contenders = [0, 1, 2, 3, 4];
    st.orderDraws.forEach((row, k) => {
      for (let s = 0; s < 5; s++) expect(row[s]! > 0).toBe(contenders.includes(s));
      const best = Math.max(...contenders.map((s) => row[s]!));
      const next = contenders.filter((s) => row[s] === best);
      if (k < st.orderDraws.length - 1) expect(next.length).toBeGreaterThan(1);
      else expect(next).toEqual([st.first]);
      contenders = next;
    });
  });

  it('AOH-SETUP-6: if the battle deck runs out during re-draws, the drawn cards are shuffled back and drawing goes on', () => {
    // 15 ones and a single two: six players tie again and again until someone draws the two.
    const cfg = config((c) => (c.battleDeck = { '1': 15, '2': 1 }));
    const { st } = findSeed(6, (s) => s.orderDraws.flat().filter((v) => v > 0).length > 16, {
      tribes: 'random',
      config: cfg,
    });
    const last = st.orderDraws[st.orderDraws.length - 1]!;
    expect(last[st.first]).toBe(2);
    expect(st.battle.slice().sort()).toEqual([...Array<number>(15).fill(1), 2]);
    expect(checkInvariants(st)).toEqual([]);
    // A deck whose cards all show one strength could never break a tie: such data is refused.
    const one = validateConfig(config((c) => (c.battleDeck = { '3': 36 })));
    expect(one.ok).toBe(false);
    if (!one.ok) expect(one.error.rule).toBe('AOH-SETUP-6');
  });

  it('AOH-SETUP-7: after the order is fixed all drawn battle cards go back and the deck is reshuffled', () => {
    const { st, seed } = findSeed(6, (s) => s.orderDraws.length >= 2);
    expect(st.battle).toHaveLength(36);
    expect(checkInvariants(st)).toEqual([]);
    // The drawn cards are not simply left on top: the deck differs from "shuffled deck minus the draws".
    const rng = seedRng(seed);
    shuffle(rng, [0, 1, 2, 3, 4, 5]);
    shuffle(rng, new Array<number>(108).fill(0));
    const battle = [1, 2, 3, 4, 5, 6].flatMap((v) => Array<number>(6).fill(v));
    shuffle(rng, battle);
    const drawn = st.orderDraws.flat().filter((v) => v > 0).length;
    expect(st.battle.slice(0, 36 - drawn)).not.toEqual(battle.slice(0, 36 - drawn));
  });

  it('AOH-SETUP-8: draft mode — the first player picks first, then clockwise; a picked tribe is gone', () => {
    expect(options().tribes).toBe('draft');
    const log: GameEvent[] = [];
    const st = newGame(3, 'draft', { tribes: 'draft' }, log);
    const order = [0, 1, 2].map((i) => (st.first + i) % 3);
    expect(st.p.every((p) => p.hand.length === 0 && p.cities === 0)).toBe(true); // nothing dealt yet
    const picks = ['chinese', 'greeks', 'celts'];
    for (let k = 0; k < 3; k++) {
      const pr = ageOfHeroes.prompts(st);
      expect(pr).toHaveLength(1);
      expect(pr[0]).toMatchObject({ seat: order[k], kind: 'aoh.tribe' });
      const other = order[(k + 1) % 3]!;
      const wrongSeat = ageOfHeroes.apply(st, other, { type: 'tribe', tribe: 'romans' });
      expect(wrongSeat.ok).toBe(false);
      if (k > 0) {
        const before = JSON.stringify(st);
        const taken = ageOfHeroes.apply(st, order[k]!, { type: 'tribe', tribe: picks[k - 1]! });
        expect(taken.ok).toBe(false);
        if (!taken.ok) expect(taken.error.code).toBe('aoh.err.tribeTaken');
        expect(JSON.stringify(st)).toBe(before);
      }
      act(st, order[k]!, { type: 'tribe', tribe: picks[k]! }, log);
    }
    expect(order.map((s) => st.p[s]!.tribe)).toEqual(picks);
    expect(st.p.every((p) => p.cities >= 1)).toBe(true); // then the deal
    expect(trading(st)).toBe(true);
    const bad = ageOfHeroes.parseOptions({ tribes: 'auction' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.rule).toBe('AOH-SETUP-8');
  });

  it('AOH-SETUP-8: random mode — tribes are assigned at random, all different', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const log: GameEvent[] = [];
      const st = newGame(4, `random-tribes-${i}`, { tribes: 'random' }, log);
      expect(new Set(st.p.map((p) => p.tribe)).size).toBe(4);
      expect(st.p.every((p) => p.tribe !== null)).toBe(true);
      expect(log.find((e) => e.key === 'aoh.ev.tribesRandom')?.params).toEqual({
        tribes: st.p.map((p) => p.tribe),
      });
      seen.add(st.p.map((p) => p.tribe).join());
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('AOH-SETUP-10: each player starts with one city and one army at home without a General', () => {
    const log: GameEvent[] = [];
    const st = newGame(6, 'items', { tribes: 'random' }, log);
    const booms = log.filter((e) => e.key === 'aoh.ev.boom').map((e) => e.params!.seat);
    for (let s = 0; s < 6; s++) {
      const p = st.p[s]!;
      expect(p.cities).toBe(1 + booms.filter((b) => b === s).length);
      expect(p.armies).toHaveLength(1);
      expect(p.armies[0]).toMatchObject({ general: false, status: 'home', quakes: [] });
      expect(p.fortresses).toBe(0);
      expect(p.monument).toBe(0);
    }
    expect(st.supply.army).toBe(6);
    expect(new Set(st.p.map((p) => p.armies[0]!.id)).size).toBe(6);
  });

  it('AOH-SETUP-11: three cards each, dealt one at a time round-robin from the first player', () => {
    const log: GameEvent[] = [];
    const st = newGame(4, 'deal-order', { tribes: 'random' }, log);
    const deal = log.filter(
      (e) =>
        e.rules?.includes('AOH-SETUP-11') &&
        e.key !== 'aoh.ev.drawHidden' &&
        e.key !== 'aoh.ev.startingItems',
    );
    const order = [0, 1, 2, 3].map((i) => (st.first + i) % 4);
    expect(deal.map((e) => e.params!.seat)).toEqual([...order, ...order, ...order]);
    // Each card came off the top of the deck: replaying the shuffle gives the same cards in that order.
    const rng = seedRng('deal-order');
    shuffle(rng, [0, 1, 2, 3]);
    const deck: string[] = [];
    for (const [id, k] of Object.entries(DEFAULT_CONFIG.resourceDeck))
      for (let i = 0; i < k; i++) deck.push(id);
    shuffle(rng, deck);
    expect(deal.map((e) => e.params!.card)).toEqual(deck.slice(-12).reverse());
  });

  it('AOH-SETUP-12, AOH-SETUP-13, AOH-DRAW-8: dealt disasters are discarded without effect, Population Boom resolves, nothing is replaced', () => {
    const isDisaster = (c: unknown) => DEFAULT_CONFIG.cardClasses.disaster.includes(c as string);
    const { st, log } = findSeed(6, (_, l) => {
      const imm = l.filter((e) => e.key === 'aoh.ev.dealImmediate').map((e) => e.params!.card);
      return imm.includes('population_boom') && imm.some(isDisaster);
    });
    const market = keys(log).indexOf('aoh.ev.marketDay');
    const setupLog = log.slice(0, market);
    const dealt = setupLog.filter(
      (e) =>
        e.key === 'aoh.ev.dealImmediate' ||
        (e.key === 'aoh.ev.drawPrivate' && e.rules?.includes('AOH-SETUP-11')),
    );
    const lastDeal = setupLog.lastIndexOf(dealt[dealt.length - 1]!);
    const resolved = setupLog.filter(
      (e) => e.key === 'aoh.ev.boom' || (e.key === 'aoh.ev.suppressed' && e.rules?.includes('AOH-SETUP-12')),
    );
    // Resolution starts only after the whole deal.
    for (const e of resolved) expect(setupLog.indexOf(e)).toBeGreaterThan(lastDeal);
    // Players in turn order from the first player, cards in the order dealt.
    const pos = (s: number) => (s - st.first + st.n) % st.n;
    const imm = setupLog
      .filter((e) => e.key === 'aoh.ev.dealImmediate')
      .map((e) => e.params as { seat: number; card: string });
    const expected = imm
      .map((e, i) => ({ ...e, i }))
      .sort((a, b) => pos(a.seat) - pos(b.seat) || a.i - b.i)
      .map((e) => [e.seat, e.card === 'population_boom' ? 'boom' : e.card]);
    expect(resolved.map((e) => [e.params!.seat, e.key === 'aoh.ev.boom' ? 'boom' : e.params!.card])).toEqual(
      expected,
    );
    // Disasters had no effect: no army under an Earthquake, no city lost, no window, no battle.
    expect(st.p.every((p) => p.armies.every((a) => a.quakes.length === 0) && p.cities >= 1)).toBe(true);
    expect(
      keys(log).filter(
        (k) =>
          k === 'aoh.ev.battle' || k === 'aoh.ev.famine' || k === 'aoh.ev.quake' || k === 'aoh.ev.volcano',
      ),
    ).toEqual([]);
    // Each player was dealt exactly three cards; immediates were not replaced.
    for (let s = 0; s < st.n; s++) {
      const mine = dealt.filter((e) => e.params!.seat === s);
      expect(mine).toHaveLength(3);
      const kept = mine.filter((e) => e.key === 'aoh.ev.drawPrivate').length;
      const marketCards = log.filter(
        (e) => e.key === 'aoh.ev.drawPrivate' && e.rules?.includes('AOH-MKT-2') && e.params!.seat === s,
      ).length;
      expect(st.p[s]!.hand).toHaveLength(kept + marketCards);
    }
    const short = imm.map((e) => e.seat);
    expect(
      short.some(
        (s) => dealt.filter((e) => e.params!.seat === s && e.key === 'aoh.ev.drawPrivate').length < 3,
      ),
    ).toBe(true);
    // Every dealt immediate is on the discard pile.
    for (const e of imm) expect(st.discard).toContain(e.card);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-SETUP-14, AOH-DRAW-8: the first Market Day follows the deal, with disasters suppressed — no target, no Luck window', () => {
    // The first Market Day as a scenario: every player draws a disaster; one holds Luck and Grain.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{ hand: ['luck', 'grain'] }, { hand: ['grain'] }, {}, {}],
        deck: ['famine', 'earthquake', 'volcano', 'barbarians'],
        at: { market: 'draw', first: true },
      },
      log,
    );
    expect(trading(st)).toBe(true);
    expect(log.filter((e) => e.key === 'aoh.ev.suppressed').map((e) => e.params!.card)).toEqual([
      'famine',
      'earthquake',
      'volcano',
      'barbarians',
    ]);
    expect(st.p[0]!.hand).toEqual(['luck', 'grain']);
    expect(st.p[1]!.hand).toEqual(['grain']);
    expect(st.p.every((p) => p.cities === 1 && p.armies.every((a) => a.quakes.length === 0))).toBe(true);
    expect(
      keys(log).some((k) =>
        [
          'aoh.ev.famineWindow',
          'aoh.ev.quakeTarget',
          'aoh.ev.volcanoTarget',
          'aoh.ev.barbarians',
          'aoh.ev.battle',
        ].includes(k),
      ),
    ).toBe(false);
    expect(st.discard.slice(-4)).toEqual(['famine', 'earthquake', 'volcano', 'barbarians']);
    // Population Boom is not a disaster: it resolves normally on the first Market Day.
    const boom = scenario({
      players: 2,
      deck: ['population_boom', 'iron'],
      at: { market: 'draw', first: true },
    });
    expect(boom.p[0]!.cities).toBe(2);
    // In a real game: the deal, then the first Market Day (round 1), before anybody's turn.
    const glog: GameEvent[] = [];
    const g = newGame(3, 'first-market', { tribes: 'random' }, glog);
    const k = keys(glog);
    expect(k.indexOf('aoh.ev.marketDay')).toBeGreaterThan(k.lastIndexOf('aoh.ev.startingItems'));
    expect(glog.find((e) => e.key === 'aoh.ev.marketDay')!.params).toEqual({ round: 1, first: true });
    expect(k).not.toContain('aoh.ev.turn');
    expect(g.market?.first).toBe(true);
  });

  it('AOH-SETUP-15, AOH-FLOW-2: after the first Market Day the first player takes the first turn; no second Market Day', () => {
    const log: GameEvent[] = [];
    const st = findSeed(3, (s) => s.first === 2).st;
    allReady(st, log);
    expect(st.active).toBe(2);
    expect(st.p[2]!.turns).toBe(1);
    expect(count(keys(log), 'aoh.ev.marketDay')).toBe(0);
    expect(log.find((e) => e.key === 'aoh.ev.turn')!.params).toMatchObject({ seat: 2, turn: 1, round: 1 });
  });
});

/* ------------------------------------------------------------------ §6 rounds */

describe('rounds and the round leader (§6)', () => {
  it('AOH-FLOW-1: the round leader is the first player; when he is eliminated the next surviving seat leads', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 4, first: 1, seats: [{}, {}, { alive: false }, {}], at: { market: 'trade' } },
      log,
    );
    expect(st.leader).toBe(1);
    act(st, 1, { type: 'resign' }, log);
    expect(st.p[1]!.alive).toBe(false);
    expect(st.leader).toBe(3); // seat 2 is already out
    expect(log.find((e) => e.key === 'aoh.ev.leader')).toMatchObject({ params: { seat: 3 } });
    allReady(st);
    expect(st.active).toBe(3);
  });

  it('AOH-FLOW-2, AOH-FLOW-3, AOH-FLOW-4: a Market Day after every complete round, before the leader\u2019s turn; rounds are numbered', () => {
    const st = newGame(3, 'rounds');
    const log: GameEvent[] = [];
    allReady(st, log);
    pump(st, () => st.round === 3 && st.active >= 0, log);
    const seq = log
      .filter((e) => e.key === 'aoh.ev.turn' || e.key === 'aoh.ev.marketDay')
      .map((e) => (e.key === 'aoh.ev.turn' ? `T${e.params!.seat}` : `M${e.params!.round}`));
    const o = [0, 1, 2].map((i) => `T${(st.first + i) % 3}`);
    expect(seq).toEqual([...o, 'M2', ...o, 'M3', o[0]]);
    expect(st.leader).toBe(st.first);
  });

  it('AOH-FLOW-3, AOH-FLOW-1: a leader eliminated in his own turn does not bring the Market Day forward', () => {
    // Seat 0 leads, has no city and only Grain; he draws Famine, loses the Grain and is out.
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 3, seats: [{ cities: 0, hand: ['grain'] }, {}, {}], deck: ['famine'], at: { turn: 0 } },
      log,
    );
    pump(st, () => st.active === 1, log);
    expect(st.p[0]!.alive).toBe(false);
    expect(st.leader).toBe(1);
    expect(keys(log)).not.toContain('aoh.ev.marketDay');
    pump(st, () => st.round === 2 && st.active >= 0, log);
    const seq = log
      .filter((e) => e.key === 'aoh.ev.turn' || e.key === 'aoh.ev.marketDay')
      .map((e) => (e.key === 'aoh.ev.turn' ? `T${e.params!.seat}` : 'M'));
    expect(seq).toEqual(['T0', 'T1', 'T2', 'M', 'T1']);
  });

  it('AOH-FLOW-3: the next turn skips eliminated seats', () => {
    const log: GameEvent[] = [];
    const st = scenario({ players: 4, seats: [{}, { alive: false }, {}, {}], at: { action: 0 } }, log);
    act(st, 0, { type: 'pass' }, log);
    pump(st, () => st.active !== 0, log);
    expect(st.active).toBe(2);
  });

  it('AOH-FLOW-5, AOH-TURN-2: every player\u2019s turn counter starts at 0 and goes up by one at the start of each of his turns', () => {
    const st = newGame(2, 'counter');
    expect(st.p.map((p) => p.turns)).toEqual([0, 0]);
    const log: GameEvent[] = [];
    allReady(st, log);
    expect(st.p[st.first]!.turns).toBe(1);
    expect(st.p[1 - st.first]!.turns).toBe(0);
    pump(st, () => st.round === 3 && st.active >= 0, log);
    expect(st.p[st.first]!.turns).toBe(3);
    expect(st.p[1 - st.first]!.turns).toBe(2);
    const mine = log
      .filter((e) => e.key === 'aoh.ev.turn' && e.params!.seat === st.first)
      .map((e) => e.params!.turn);
    expect(mine).toEqual([1, 2, 3]);
    // "His next turn" is turnsStarted + 1: an army sent away in turn 3 comes back at the end of turn 4.
    const war = scenario({ players: 2, seats: [{ turns: 3 }, {}], at: { action: 0 } });
    act(war, 0, { type: 'war', target: 1, objective: 'plunder' });
    act(war, 0, { type: 'warArmy', army: 1 });
    act(war, 0, { type: 'warDeclare' });
    pump(war, () => war.war === null && war.active === 0);
    expect(war.p[0]!.armies[0]).toMatchObject({ status: 'away', returnAt: 4 });
  });

  it('AOH-FLOW-6: checkpoints — elimination, last standing, then claims — right after an event and after a resignation', () => {
    // A Population Boom gives seat 0 his fifth city: the claim is registered at the checkpoint after the event.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ cities: 4 }, { cities: 0, hand: ['grain'] }, {}],
        deck: ['population_boom'],
        at: { turn: 0 },
      },
      log,
    );
    expect(st.p[0]!.cities).toBe(5);
    expect(st.p[0]!.claim).toBe(2);
    expect(ageOfHeroes.prompts(st)[0]!.kind).toBe('aoh.action');
    const iClaim = keys(log).indexOf('aoh.ev.claim');
    expect(iClaim).toBeGreaterThan(keys(log).indexOf('aoh.ev.boom'));
    // Famine on the first of two tax draws: seat 1 loses his only card and is out before the second draw.
    const flog: GameEvent[] = [];
    const f = scenario({
      players: 3,
      seats: [{ cities: 2 }, { cities: 0, hand: ['grain'] }, {}],
      deck: ['iron', 'famine', 'wood'],
      at: { turn: 0 },
    });
    act(f, 0, { type: 'taxes' }, flog);
    pump(f, () => !f.p[1]!.alive, flog);
    pump(f, () => f.p[0]!.hand.includes('wood'), flog);
    const out = keys(flog).indexOf('aoh.ev.eliminated');
    expect(out).toBeGreaterThan(keys(flog).indexOf('aoh.ev.famine'));
    expect(out).toBeLessThan(
      flog.findIndex((e) => e.key === 'aoh.ev.drawPrivate' && e.params!.card === 'wood'),
    );
    // Last standing: a resignation in a two-player game ends it at once.
    const two = scenario({ players: 2, at: { market: 'trade' } });
    act(two, 1, { type: 'resign' });
    expect(two.over).toEqual({ winners: [0], reason: 'last-standing' });
  });
});

/* ------------------------------------------------------------------ §23 randomness */

/** Replays setup's random steps by hand, in the order of AOH-RNG-3. */
function replaySetup(n: number, seed: string, seatOrder: 'random' | 'fixed') {
  const rng = seedRng(seed);
  const seating = Array.from({ length: n }, (_, i) => i);
  if (seatOrder === 'random') shuffle(rng, seating); // 1
  const deck: string[] = [];
  for (const [id, k] of Object.entries(DEFAULT_CONFIG.resourceDeck))
    for (let i = 0; i < k; i++) deck.push(id);
  shuffle(rng, deck); // 2
  const battle: number[] = [];
  for (const [v, k] of Object.entries(DEFAULT_CONFIG.battleDeck))
    for (let i = 0; i < k; i++) battle.push(Number(v));
  shuffle(rng, battle); // 3
  let contenders = seating.map((_, i) => i);
  const draws: number[][] = [];
  for (;;) {
    const row = new Array<number>(n).fill(0);
    for (const s of contenders) row[s] = battle.pop()!; // 4
    draws.push(row);
    const best = Math.max(...contenders.map((s) => row[s]!));
    contenders = contenders.filter((s) => row[s] === best);
    if (contenders.length === 1) break;
  }
  shuffle(rng, new Array<number>(36).fill(0)); // 5: only the number of generator steps matters here
  const tribes = DEFAULT_CONFIG.tribes.map((t) => t.id);
  shuffle(rng, tribes); // 6
  return { seating, deck, draws, first: contenders[0]!, tribes, rng };
}

describe('randomness (§23)', () => {
  it('AOH-RNG-3, AOH-RNG-2: setup consumes the generator in the listed order — seats, resource deck, battle deck, draws, reshuffle, tribes', () => {
    for (const [n, seed, seatOrder] of [
      [4, 's1', 'random'],
      [6, 'rng-b', 'random'],
      [3, 'rng-c', 'fixed'],
    ] as const) {
      const log: GameEvent[] = [];
      const st = newGame(n, seed, { tribes: 'random', seatOrder }, log);
      const r = replaySetup(n, seed, seatOrder);
      expect(st.seating).toEqual(r.seating);
      expect(st.orderDraws).toEqual(r.draws);
      expect(st.first).toBe(r.first);
      // Tribes go out in turn order from the first player.
      for (let i = 0; i < n; i++) expect(st.p[(r.first + i) % n]!.tribe).toBe(r.tribes[i]);
      // Every resource draw (the deal and the Market Day) took the next card of the shuffled deck.
      const draws = log
        .filter((e) => ['aoh.ev.drawPrivate', 'aoh.ev.dealImmediate', 'aoh.ev.pending'].includes(e.key))
        .map((e) => e.params!.card);
      expect(draws).toEqual(r.deck.slice(-draws.length).reverse());
      expect(st.deck).toEqual(r.deck.slice(0, r.deck.length - draws.length));
      // Nothing else used the generator.
      expect(st.rng).toEqual(r.rng);
    }
    // Seat order comes first: fixing the seats shifts every later random step.
    expect(newGame(4, 'order', { tribes: 'random', seatOrder: 'fixed' }).deck).not.toEqual(
      newGame(4, 'order', { tribes: 'random', seatOrder: 'random' }).deck,
    );
  });

  it('AOH-RNG-2, AOH-DRAW-2: an empty deck is replaced by a Fisher–Yates shuffle of the discard pile with the game generator', () => {
    for (let i = 0; ; i++) {
      const st = scenario({
        players: 2,
        seed: `reshuffle-${i}`,
        seats: [{ cities: 1 }, { hand: ['gold'], monument: 2, armies: [{ quakes: [3] }] }],
        deckExactly: [],
        at: { action: 0 },
      });
      const expected = shuffle(st.rng.slice(), st.discard.slice());
      if (DEFAULT_CONFIG.cardClasses.immediate.includes(expected[expected.length - 1]!)) continue;
      const log: GameEvent[] = [];
      const pile = st.discard.length;
      act(st, 0, { type: 'taxes' }, log);
      expect(keys(log)).toContain('aoh.ev.reshuffle');
      expect(st.p[0]!.hand).toEqual([expected[expected.length - 1]]);
      expect(st.deck).toEqual(expected.slice(0, -1));
      expect(st.deck).toHaveLength(pile - 1);
      // Hands, monuments and attached Earthquakes were not part of the pile.
      expect(st.p[1]!.hand).toEqual(['gold']);
      expect(st.p[1]!.monument).toBe(2);
      expect(st.p[1]!.armies[0]!.quakes).toEqual([3]);
      expect(count(st.deck, 'earthquake')).toBe(1);
      expect(checkInvariants(st)).toEqual([]);
      break;
    }
  });

  it('AOH-RNG-2: plundered cards are chosen by shuffling a copy of the hand positions and taking the first k', () => {
    const hand = ['iron', 'wood', 'grain', 'stone', 'gold'];
    const st = scenario({ players: 2, seats: [{}, { hand, armies: 0 }], at: { action: 0 } });
    act(st, 0, { type: 'war', target: 1, objective: 'plunder' });
    act(st, 0, { type: 'warArmy', army: 1 });
    act(st, 0, { type: 'warDeclare' });
    expect(ageOfHeroes.prompts(st)[0]).toMatchObject({ seat: 1, kind: 'aoh.response' });
    const pos = shuffle(st.rng.slice(), [0, 1, 2, 3, 4]);
    act(st, 1, { type: 'pass' });
    // One victorious army (no defender): two cards.
    expect(st.p[0]!.hand).toEqual([hand[pos[0]!], hand[pos[1]!]]);
    expect(st.p[1]!.hand).toEqual(hand.filter((_, i) => i !== pos[0] && i !== pos[1]));
  });

  it('AOH-RNG-1: the same seed and inputs replay to the same state; another seed gives another game', () => {
    const play = (seed: string) => {
      const st = newGame(4, seed, { tribes: 'draft' });
      const inputs: [Seat, AohAction][] = [];
      const log: GameEvent[] = [];
      for (let i = 0; i < 400 && !st.over; i++) {
        const pr = ageOfHeroes.prompts(st).find((p) => !p.optional)!;
        const legal = ageOfHeroes.legalActions(st, pr.seat);
        // A fixed, seed-free policy: prefer taxes, then the first legal action.
        const a = legal.find((x) => x.type === 'taxes') ?? ageOfHeroes.defaultAction(st, pr.seat)!;
        inputs.push([pr.seat, a]);
        act(st, pr.seat, a, log);
      }
      return { st, inputs, log };
    };
    const a = play('replay-1');
    const b = play('replay-1');
    expect(stateHash(a.st)).toBe(stateHash(b.st));
    expect(b.log).toEqual(a.log);
    // Replaying the recorded inputs alone (the seed, the config and the log) gives the same game.
    const c = newGame(4, 'replay-1', { tribes: 'draft' });
    for (const [s, x] of a.inputs) act(c, s, x);
    expect(stateHash(c)).toBe(stateHash(a.st));
    // Also after a JSON round trip mid-game (the generator lives in the state).
    const d = newGame(4, 'replay-1', { tribes: 'draft' });
    a.inputs.slice(0, 100).forEach(([s, x]) => act(d, s, x));
    const e = JSON.parse(JSON.stringify(d)) as AohState;
    a.inputs.slice(100).forEach(([s, x]) => {
      act(d, s, x);
      act(e, s, x);
    });
    expect(stateHash(e)).toBe(stateHash(d));
    expect(stateHash(newGame(4, 'replay-2', { tribes: 'draft' }))).not.toBe(
      stateHash(newGame(4, 'replay-1', { tribes: 'draft' })),
    );
  });

  it('AOH-RNG-4: timeout defaults are deterministic and never consult the generator', () => {
    const st = newGame(3, 'defaults');
    allReady(st);
    for (let i = 0; i < 60 && !st.over; i++) {
      const pr = ageOfHeroes.prompts(st).find((p) => !p.optional)!;
      const a = ageOfHeroes.defaultAction(st, pr.seat);
      const other = JSON.parse(JSON.stringify(st)) as AohState;
      other.rng = [1, 2, 3, 4];
      expect(ageOfHeroes.defaultAction(other, pr.seat)).toEqual(a);
      const rng = st.rng.slice();
      expect(ageOfHeroes.defaultAction(st, pr.seat)).toEqual(a);
      expect(st.rng).toEqual(rng);
      act(st, pr.seat, a!);
    }
  });

  it('AOH-RNG-5: bots draw on their own generator; their choices enter the game as ordinary inputs', () => {
    const bot = ageOfHeroes.bots!.heuristic!({ seed: 'b' });
    const st = newGame(3, 'bots');
    const inputs: [Seat, AohAction][] = [];
    const rngs = [0, 1, 2].map((s) => new Rng(`bot-${s}`));
    for (let i = 0; i < 300 && !st.over; i++) {
      const pr = ageOfHeroes.prompts(st).find((p) => !p.optional) ?? ageOfHeroes.prompts(st)[0]!;
      const before = st.rng.slice();
      const hash = stateHash(st);
      const a = bot.choose({
        seat: pr.seat,
        view: ageOfHeroes.view(st, pr.seat),
        legal: ageOfHeroes.legalActions(st, pr.seat),
        prompt: pr,
        rng: rngs[pr.seat]!,
      });
      expect(st.rng).toEqual(before); // choosing touched neither the game generator nor the state
      expect(stateHash(st)).toBe(hash);
      inputs.push([pr.seat, a]);
      act(st, pr.seat, a);
    }
    const replay = newGame(3, 'bots');
    for (const [s, a] of inputs) act(replay, s, a);
    expect(stateHash(replay)).toBe(stateHash(st));
  });
});
