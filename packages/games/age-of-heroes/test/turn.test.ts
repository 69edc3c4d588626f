/**
 * Age of Heroes — drawing cards (§7), the turn (§10), Collect Taxes (§11) and the monument (§18).
 * Each test cites the rule IDs it checks.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent } from '@tabula/engine';
import {
  ageOfHeroes,
  checkInvariants,
  DEFAULT_CONFIG,
  offerSteps,
  applySteps,
  scenario,
} from '@tabula/age-of-heroes';

import type { AohConfig, AohState } from '@tabula/age-of-heroes';
import { act, count, keys, pump, rejected } from './helpers.js';

/* ------------------------------------------------------------------ small local helpers */

const kind = (st: AohState) => ageOfHeroes.prompts(st).find((p) => !p.optional)?.kind;
const phase = (st: AohState) => ageOfHeroes.view(st, -1).phase;

/** Default data without immediate events: every card can sit in a hand, so deck and discard can both be empty. */
const PLAIN: AohConfig = (() => {
  const c = JSON.parse(JSON.stringify(DEFAULT_CONFIG)) as AohConfig;
  for (const id of c.cardClasses.immediate) c.resourceDeck[id] = 0;
  return c;
})();
const everyCard = (cfg: AohConfig) =>
  Object.entries(cfg.resourceDeck).flatMap(([id, k]) => Array<string>(k).fill(id));

/* ------------------------------------------------------------------ §7 drawing */

describe('drawing resource cards (§7)', () => {
  it('AOH-DRAW-1: every draw takes the top card, one at a time, even several in a row', () => {
    const log: GameEvent[] = [];
    const st = scenario({
      players: 2,
      seats: [{ cities: 3 }, {}],
      deck: ['iron', 'wood', 'grain', 'stone'],
      at: { action: 0 },
    });
    const size = st.deck.length;
    act(st, 0, { type: 'taxes' }, log);
    expect(st.p[0]!.hand).toEqual(['iron', 'wood', 'grain']);
    expect(st.deck).toHaveLength(size - 3);
    expect(st.deck[st.deck.length - 1]).toBe('stone');
    expect(log.filter((e) => e.key === 'aoh.ev.drawPrivate').map((e) => e.params!.card)).toEqual([
      'iron',
      'wood',
      'grain',
    ]);
  });

  it('AOH-DRAW-2: an empty deck is refilled from the shuffled discard pile, then the draw goes on', () => {
    const log: GameEvent[] = [];
    const st = scenario({
      players: 2,
      seats: [{}, { hand: ['marble'], armies: [{ quakes: [4] }] }],
      deckExactly: ['iron'],
      at: { action: 0 },
    });
    const pile = st.discard.length;
    act(st, 0, { type: 'taxes' }, log); // the last card of the deck
    expect(st.p[0]!.hand).toEqual(['iron']);
    expect(st.deck).toEqual([]);
    act(st, 0, { type: 'monument', count: 0 }, log);
    // Seat 1's phase-1 draw finds the deck empty: the discard pile (not hands, not attached quakes) becomes the deck.
    pump(st, () => st.active === 1 && kind(st) === 'aoh.action', log);
    expect(keys(log)).toContain('aoh.ev.reshuffle');
    expect(log.find((e) => e.key === 'aoh.ev.reshuffle')!.params).toEqual({ cards: pile });
    expect(st.p[1]!.armies[0]!.quakes).toEqual([4]);
    expect(st.p[1]!.hand[0]).toBe('marble');
    expect(count(st.deck, 'earthquake') + count(st.discard, 'earthquake')).toBe(1);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-DRAW-3, AOH-TAX-5: with deck and discard both empty the draw is skipped and never made up', () => {
    // Seat 1 holds every card of the game.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        config: PLAIN,
        seats: [{ cities: 3 }, { hand: everyCard(PLAIN) }],
        deckExactly: [],
        at: { turn: 0 },
      },
      log,
    );
    expect(st.deck).toEqual([]);
    expect(st.discard).toEqual([]);
    expect(count(keys(log), 'aoh.ev.drawSkipped')).toBe(1);
    expect(st.p[0]!.hand).toEqual([]);
    act(st, 0, { type: 'taxes' }, log);
    expect(count(keys(log), 'aoh.ev.drawSkipped')).toBe(4);
    expect(st.p[0]!.hand).toEqual([]);
    act(st, 0, { type: 'monument', count: 0 });
    // Seat 1 must discard down to 5; those cards feed the next draws (the Market Day's and seat 0's
    // phase 1): one card each, nothing for the four draws that were skipped.
    pump(st, () => st.active === 0 && kind(st) === 'aoh.action', log);
    expect(st.p[0]!.hand).toHaveLength(2);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-DRAW-4: a drawn ordinary card goes into the drawer\u2019s hand, seen only by him', () => {
    const log: GameEvent[] = [];
    const st = scenario({ players: 3, deck: ['gold'], at: { turn: 0 } }, log);
    expect(st.p[0]!.hand).toEqual(['gold']);
    const priv = log.find((e) => e.key === 'aoh.ev.drawPrivate')!;
    expect(priv).toMatchObject({ params: { seat: 0, card: 'gold' }, to: [0] });
    const pub = log.find((e) => e.key === 'aoh.ev.drawHidden')!;
    expect(pub.notTo).toEqual([0]);
    expect(JSON.stringify(pub.params)).not.toContain('gold');
    expect(ageOfHeroes.view(st, 0).players[0]!.hand).toEqual(['gold']);
    for (const viewer of [1, 2, -1]) {
      expect(ageOfHeroes.view(st, viewer).players[0]!.hand).toBeUndefined();
      expect(ageOfHeroes.view(st, viewer).players[0]!.handCount).toBe(1);
    }
  });

  it('AOH-DRAW-5, AOH-DRAW-10: an immediate card is revealed to all, never held, and goes to the discard pile when resolved', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 3, seats: [{ hand: ['iron'] }, {}, {}], deck: ['population_boom'], at: { turn: 0 } },
      log,
    );
    const ev = log.find((e) => e.key === 'aoh.ev.drawImmediate')!;
    expect(ev).toMatchObject({ params: { seat: 0, card: 'population_boom' } });
    expect(ev.to).toBeUndefined();
    expect(ev.notTo).toBeUndefined();
    expect(st.p[0]!.hand).toEqual(['iron']);
    expect(st.discard[st.discard.length - 1]).toBe('population_boom');
    // It can never be discarded by choice either: it is not in any hand.
    act(st, 0, { type: 'pass' });
    rejected(st, 0, { type: 'monument', count: -1 });
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-DRAW-10: an Earthquake that takes effect stays attached to its army, not on the discard pile', () => {
    const log: GameEvent[] = [];
    const st = scenario({ players: 2, deck: ['earthquake'], at: { turn: 0 } }, log);
    // One possible target (seat 1's army): its owner may answer with Luck; he passes.
    expect(ageOfHeroes.prompts(st)[0]).toMatchObject({ seat: 1, kind: 'aoh.luck' });
    act(st, 1, { type: 'pass' }, log);
    expect(st.p[1]!.armies[0]!.quakes).toEqual([1]);
    expect(count(st.discard, 'earthquake')).toBe(0);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-DRAW-6, AOH-TAX-1, AOH-TAX-2: a tax draw that is an immediate card is resolved before the next draw and not replaced; cities are counted at the start', () => {
    const log: GameEvent[] = [];
    const st = scenario({
      players: 2,
      seats: [{ cities: 2 }, {}],
      deck: ['population_boom', 'iron', 'wood'],
      at: { action: 0 },
    });
    act(st, 0, { type: 'taxes' }, log);
    // Two cities when the action started: two draws only, although the Boom brought a third city.
    expect(st.p[0]!.cities).toBe(3);
    expect(st.p[0]!.hand).toEqual(['iron']);
    expect(st.deck[st.deck.length - 1]).toBe('wood');
    const k = keys(log);
    expect(k.indexOf('aoh.ev.boom')).toBeLessThan(log.findIndex((e) => e.key === 'aoh.ev.drawPrivate'));
    expect(kind(st)).toBe('aoh.monument');
  });

  it('AOH-DRAW-6: on Market Day immediate cards wait until every player has drawn', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 3, deck: ['population_boom', 'iron', 'wood'], at: { market: 'draw' } },
      log,
    );
    const k = keys(log);
    expect(log.find((e) => e.key === 'aoh.ev.pending')!.params).toEqual({ seat: 0, card: 'population_boom' });
    expect(k.indexOf('aoh.ev.boom')).toBeGreaterThan(k.lastIndexOf('aoh.ev.drawPrivate'));
    expect(st.p[0]!.cities).toBe(2);
  });

  it('AOH-DRAW-7, AOH-TURN-3: the phase-1 draw is exactly one card; an immediate one is not replaced', () => {
    const st = scenario({
      players: 2,
      seats: [{}, { hand: ['wood'] }],
      deck: ['volcano', 'iron'],
      at: { turn: 0 },
    });
    // Volcano: the only target (seat 1) may play Luck; he passes and loses his city.
    act(st, 1, { type: 'pass' });
    expect(st.p[1]!.cities).toBe(0);
    expect(st.p[0]!.hand).toEqual([]);
    expect(st.deck[st.deck.length - 1]).toBe('iron');
    expect(kind(st)).toBe('aoh.action');
    const one = scenario({ players: 2, deck: ['iron', 'wood'], at: { turn: 0 } });
    expect(one.p[0]!.hand).toEqual(['iron']);
    expect(one.deck[one.deck.length - 1]).toBe('wood');
  });

  it('AOH-DRAW-8: during the first Market Day disasters are discarded with no effect, later ones are not', () => {
    const first = scenario({
      players: 2,
      seats: [{ hand: ['grain'] }, { hand: ['grain'] }],
      deck: ['famine', 'iron'],
      at: { market: 'draw', first: true },
    });
    expect(first.market!.trading).toBe(true);
    expect(first.p.map((p) => p.hand.includes('grain'))).toEqual([true, true]);
    const later = scenario({
      players: 2,
      seats: [{ hand: ['grain'] }, { hand: ['grain'] }],
      deck: ['famine', 'iron'],
      at: { market: 'draw' },
    });
    expect(kind(later)).toBe('aoh.luck');
    pump(later, () => later.market?.trading === true);
    expect(later.p.map((p) => p.hand.includes('grain'))).toEqual([false, false]);
  });

  it('AOH-DRAW-9: held events count toward the hand limit', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['iron', 'wood', 'grain', 'stone', 'gold'] }, {}],
      deck: ['luck'],
      at: { turn: 0 },
    });
    expect(st.p[0]!.hand).toContain('luck');
    act(st, 0, { type: 'pass' });
    act(st, 0, { type: 'monument', count: 0 });
    expect(ageOfHeroes.prompts(st)[0]).toMatchObject({ seat: 0, kind: 'aoh.discard', args: { excess: 1 } });
  });
});

/* ------------------------------------------------------------------ §10 the turn */

describe('turn structure (§10)', () => {
  it('AOH-TURN-1, AOH-TURN-7: five phases in order — draw, action, monument, hand limit, retrieve', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [
          {
            turns: 1,
            hand: ['iron', 'wood', 'grain', 'stone', 'marble', 'limestone'],
            armies: [{ status: 'away', returnAt: 2 }, { quakes: [2] }, { status: 'away', returnAt: 3 }],
          },
          {},
        ],
        deck: ['gold'],
        at: { turn: 0 },
      },
      log,
    );
    expect(phase(st)).toBe('turn-2');
    expect(kind(st)).toBe('aoh.action');
    act(st, 0, { type: 'pass' }, log);
    expect(phase(st)).toBe('turn-3');
    expect(kind(st)).toBe('aoh.monument');
    act(st, 0, { type: 'monument', count: 1 }, log);
    expect(phase(st)).toBe('turn-4');
    expect(kind(st)).toBe('aoh.discard');
    // Phase 5 has not happened yet.
    expect(st.p[0]!.armies[0]!.status).toBe('away');
    act(st, 0, { type: 'discard', card: 'gold' }, log);
    const seq = log
      .map((e) => e.key)
      .filter((k) =>
        [
          'aoh.ev.turn',
          'aoh.ev.drawPrivate',
          'aoh.ev.pass',
          'aoh.ev.monument',
          'aoh.ev.discard',
          'aoh.ev.armyReturns',
          'aoh.ev.quakeExpires',
        ].includes(k),
      );
    expect(seq.slice(0, 7)).toEqual([
      'aoh.ev.turn',
      'aoh.ev.drawPrivate',
      'aoh.ev.pass',
      'aoh.ev.monument',
      'aoh.ev.discard',
      'aoh.ev.armyReturns',
      'aoh.ev.quakeExpires',
    ]);
    // Retrieve: the army due in turn 2 is home, the Earthquake expiring in turn 2 is on the discard pile, the other army stays away.
    const [a1, a2, a3] = st.p[0]!.armies;
    expect(a1).toMatchObject({ status: 'home', returnAt: 0 });
    expect(a2!.quakes).toEqual([]);
    expect(st.discard[st.discard.length - 1]).toBe('earthquake');
    expect(a3).toMatchObject({ status: 'away', returnAt: 3 });
    expect(st.active).toBe(1);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-TURN-2: the turn counter goes up by one when the turn starts', () => {
    const log: GameEvent[] = [];
    const st = scenario({ players: 2, seats: [{ turns: 4 }, {}], at: { turn: 0 } }, log);
    expect(st.p[0]!.turns).toBe(5);
    expect(st.p[1]!.turns).toBe(0);
    expect(log.find((e) => e.key === 'aoh.ev.turn')!.params).toMatchObject({ seat: 0, turn: 5 });
  });

  it('AOH-TURN-4: one action at most — taxes, build, war or pass; never two', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['iron', 'grain', 'grain'] }, {}],
      deck: ['wood', 'stone'],
      at: { action: 0 },
    });
    const types = new Set(ageOfHeroes.legalActions(st, 0).map((a) => a.type));
    expect([...types].sort()).toEqual(['build', 'pass', 'taxes', 'war']);
    act(st, 0, { type: 'taxes' });
    expect(kind(st)).toBe('aoh.monument');
    rejected(st, 0, { type: 'build' });
    rejected(st, 0, { type: 'taxes' });
    // A Build action ends with buildDone and there is no second action after it.
    const b = scenario({ players: 2, seats: [{ hand: ['iron', 'grain', 'grain'] }, {}], at: { action: 0 } });
    act(b, 0, { type: 'build' });
    act(b, 0, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'grain'] });
    act(b, 0, { type: 'buildDone' });
    expect(kind(b)).toBe('aoh.monument');
    rejected(b, 0, { type: 'war', target: 1, objective: 'plunder' });
    // Passing is an allowed "no action".
    const p = scenario({ players: 2, at: { action: 0 } });
    act(p, 0, { type: 'pass' });
    expect(kind(p)).toBe('aoh.monument');
  });

  it('AOH-TURN-5, AOH-MON-3: in phase 3 any number of own special cards go onto the monument', () => {
    const st = scenario({
      players: 2,
      seats: [
        { tribe: 'romans', hand: ['concrete', 'iron', 'concrete', 'concrete', 'concrete'] },
        { tribe: 'egyptians' },
      ],
      at: { monument: 0 },
    });
    expect(ageOfHeroes.legalActions(st, 0).map((a) => (a as { count: number }).count)).toEqual([
      0, 1, 2, 3, 4,
    ]);
    act(st, 0, { type: 'monument', count: 4 });
    expect(st.p[0]!.monument).toBe(4);
    expect(st.p[0]!.hand).toEqual(['iron']);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-TURN-6: above five cards the active player discards, one card at a time, face up, down to exactly five; nobody else', () => {
    const log: GameEvent[] = [];
    const big = ['iron', 'wood', 'grain', 'stone', 'gold', 'marble', 'luck'];
    const st = scenario({
      players: 2,
      seats: [
        { hand: big },
        { hand: ['iron', 'wood', 'grain', 'stone', 'gold', 'bricks', 'concrete', 'granite'] },
      ],
      deck: ['iron'],
      at: { monument: 0 },
    });
    act(st, 0, { type: 'monument', count: 0 });
    expect(ageOfHeroes.prompts(st)[0]).toMatchObject({ seat: 0, kind: 'aoh.discard', args: { excess: 2 } });
    rejected(st, 0, { type: 'discard', card: 'bricks' }, 'AOH-TURN-6');
    rejected(st, 1, { type: 'discard', card: 'bricks' });
    act(st, 0, { type: 'discard', card: 'marble' }, log);
    expect(st.p[0]!.hand).toHaveLength(6);
    expect(kind(st)).toBe('aoh.discard');
    act(st, 0, { type: 'discard', card: 'luck' }, log);
    expect(st.p[0]!.hand).toEqual(['iron', 'wood', 'grain', 'stone', 'gold']);
    expect(st.discard.slice(-2)).toEqual(['marble', 'luck']);
    expect(log.filter((e) => e.key === 'aoh.ev.discard').every((e) => !e.to && !e.notTo)).toBe(true);
    // The turn moved on; seat 1 kept his eight cards (and has drawn his ninth in his phase 1).
    expect(st.active).toBe(1);
    expect(st.p[1]!.hand).toEqual([
      'iron',
      'wood',
      'grain',
      'stone',
      'gold',
      'bricks',
      'concrete',
      'granite',
      'iron',
    ]);
  });

  it('AOH-TURN-8: after phase 5 the active player\u2019s own claim is checked', () => {
    const win = scenario({ players: 2, seats: [{ cities: 5, turns: 1, claim: 2 }, {}], at: { turn: 0 } });
    act(win, 0, { type: 'pass' });
    act(win, 0, { type: 'monument', count: 0 });
    expect(win.over).toEqual({ winners: [0], reason: 'cities' });
    // The claim fails if the condition no longer holds at that moment.
    const log: GameEvent[] = [];
    const fail = scenario(
      { players: 2, seats: [{ cities: 4, turns: 1, claim: 2 }, {}], at: { turn: 0 } },
      log,
    );
    act(fail, 0, { type: 'pass' }, log);
    expect(fail.p[0]!.claim).toBe(2);
    act(fail, 0, { type: 'monument', count: 0 }, log);
    expect(fail.over).toBeNull();
    expect(fail.p[0]!.claim).toBe(0);
    expect(keys(log)).toContain('aoh.ev.claimFails');
    // A claim due in a later turn is not checked now.
    const early = scenario({ players: 2, seats: [{ cities: 5, turns: 0, claim: 2 }, {}], at: { turn: 0 } });
    act(early, 0, { type: 'pass' });
    act(early, 0, { type: 'monument', count: 0 });
    expect(early.over).toBeNull();
    expect(early.active).toBe(1);
  });

  it('AOH-TURN-9: a player eliminated at a checkpoint of his own turn loses the rest of it', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ cities: 0, hand: ['grain'], armies: [{ status: 'away', returnAt: 1 }] }, {}, {}],
        deck: ['famine'],
        at: { turn: 0 },
      },
      log,
    );
    pump(st, () => !st.p[0]!.alive, log);
    expect(st.active).toBe(1);
    const k = keys(log);
    for (const skipped of ['aoh.ev.pass', 'aoh.ev.monument', 'aoh.ev.armyReturns'])
      expect(k).not.toContain(skipped);
    expect(log.filter((e) => e.key === 'aoh.ev.turn').map((e) => e.params!.seat)).toEqual([0, 1]);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-TURN-10: held events are never played as an action, only in their windows — which can open in the player\u2019s own turn', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['luck', 'olympic_games', 'mighty_hero', 'grain'] }, {}],
      at: { action: 0 },
    });
    const types = ageOfHeroes.legalActions(st, 0).map((a) => a.type);
    for (const t of ['luck', 'olympics', 'respond']) expect(types).not.toContain(t);
    rejected(st, 0, { type: 'luck' });
    rejected(st, 0, { type: 'olympics' });
    rejected(st, 0, { type: 'respond', heroes: [-1] });
    // He draws Famine in his own phase 1: his Luck window opens, and Luck saves everybody's Grain.
    const f = scenario({
      players: 2,
      seats: [{ hand: ['luck', 'grain'] }, { hand: ['grain'] }],
      deck: ['famine'],
      at: { turn: 0 },
    });
    expect(ageOfHeroes.prompts(f)[0]).toMatchObject({ seat: 0, kind: 'aoh.luck' });
    expect(ageOfHeroes.legalActions(f, 0)).toContainEqual({ type: 'luck' });
    act(f, 0, { type: 'luck' });
    act(f, 1, { type: 'pass' }); // the window is open for both at once; it closes when both have answered
    expect(f.p[0]!.hand).toEqual(['grain']);
    expect(f.p[1]!.hand).toEqual(['grain']);
    expect(kind(f)).toBe('aoh.action');
  });
});

/* ------------------------------------------------------------------ §11 taxes */

describe('Collect Taxes (§11)', () => {
  it('AOH-TAX-1: one card per city owned', () => {
    for (const cities of [1, 2, 4]) {
      const st = scenario({
        players: 2,
        seats: [{ cities }, {}],
        deck: ['iron', 'wood', 'grain', 'stone', 'gold'],
        at: { action: 0 },
      });
      act(st, 0, { type: 'taxes' });
      expect(st.p[0]!.hand).toEqual(['iron', 'wood', 'grain', 'stone', 'gold'].slice(0, cities));
    }
  });

  it('AOH-TAX-3: with no city the player may swap one card: discard it face up, then draw one; or skip', () => {
    const log: GameEvent[] = [];
    const st = scenario({
      players: 2,
      seats: [{ cities: 0, hand: ['iron', 'marble'] }, {}],
      deck: ['gold'],
      at: { action: 0 },
    });
    act(st, 0, { type: 'taxes' }, log);
    expect(ageOfHeroes.prompts(st)[0]).toMatchObject({ seat: 0, kind: 'aoh.swap' });
    expect(ageOfHeroes.legalActions(st, 0)).toEqual([
      { type: 'swap', card: 'iron' },
      { type: 'swap', card: 'marble' },
      { type: 'swapSkip' },
    ]);
    rejected(st, 0, { type: 'swap', card: 'wood' }, 'AOH-TAX-3');
    act(st, 0, { type: 'swap', card: 'marble' }, log);
    expect(st.p[0]!.hand).toEqual(['iron', 'gold']);
    expect(st.discard[st.discard.length - 1]).toBe('marble');
    expect(log.find((e) => e.key === 'aoh.ev.swap')).toMatchObject({ params: { seat: 0, card: 'marble' } });
    expect(log.find((e) => e.key === 'aoh.ev.swap')!.to).toBeUndefined();
    expect(kind(st)).toBe('aoh.monument');
    // Skipping keeps the hand.
    const skip = scenario({
      players: 2,
      seats: [{ cities: 0, hand: ['iron'] }, {}],
      deck: ['gold'],
      at: { action: 0 },
    });
    act(skip, 0, { type: 'taxes' });
    act(skip, 0, { type: 'swapSkip' });
    expect(skip.p[0]!.hand).toEqual(['iron']);
    expect(skip.deck[skip.deck.length - 1]).toBe('gold');
    expect(kind(skip)).toBe('aoh.monument');
  });

  it('AOH-TAX-4: an immediate card drawn by the swap is resolved and not replaced', () => {
    const st = scenario({
      players: 2,
      seats: [{ cities: 0, hand: ['iron'] }, {}],
      deck: ['population_boom', 'gold'],
      at: { action: 0 },
    });
    act(st, 0, { type: 'taxes' });
    act(st, 0, { type: 'swap', card: 'iron' });
    expect(st.p[0]!.cities).toBe(1);
    expect(st.p[0]!.hand).toEqual([]);
    expect(st.p[0]!.alive).toBe(true);
    expect(st.deck[st.deck.length - 1]).toBe('gold');
    expect(kind(st)).toBe('aoh.monument');
  });

  it('AOH-TAX-5: tax draws lost to an empty deck and discard pile are not compensated', () => {
    const st = scenario({
      players: 2,
      config: PLAIN,
      seats: [{ cities: 2 }, { hand: everyCard(PLAIN).slice(1) }],
      deckExactly: ['iron'],
      at: { action: 0 },
    });
    const log: GameEvent[] = [];
    act(st, 0, { type: 'taxes' }, log);
    expect(st.p[0]!.hand).toEqual(['iron']);
    expect(count(keys(log), 'aoh.ev.drawSkipped')).toBe(1);
    expect(kind(st)).toBe('aoh.monument');
  });
});

/* ------------------------------------------------------------------ §18 monument */

describe('the monument (§18)', () => {
  it('AOH-MON-1: special cards go onto the monument only in phase 3 of the owner\u2019s own turn', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['limestone'] }, { hand: ['concrete'] }],
      at: { action: 0 },
    });
    rejected(st, 0, { type: 'monument', count: 1 });
    rejected(st, 1, { type: 'monument', count: 1 });
    act(st, 0, { type: 'pass' });
    rejected(st, 1, { type: 'monument', count: 1 });
    act(st, 0, { type: 'monument', count: 1 });
    expect(st.p[0]!.monument).toBe(1);
    const m = scenario({ players: 2, seats: [{ hand: ['limestone'] }, {}], at: { market: 'trade' } });
    rejected(m, 0, { type: 'monument', count: 1 }, 'AOH-MKT-12');
  });

  it('AOH-MON-2: only the player\u2019s own tribe\u2019s special can be placed', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['limestone', 'marble', 'concrete'] }, {}],
      at: { monument: 0 },
    });
    rejected(st, 0, { type: 'monument', count: 2 }, 'AOH-MON-2');
    act(st, 0, { type: 'monument', count: 1 });
    expect(st.p[0]!.monument).toBe(1);
    expect(st.p[0]!.hand).toEqual(['marble', 'concrete']);
  });

  it('AOH-MON-4: monument cards are public and never return to the hand, trade or pay', () => {
    const st = scenario({ players: 3, seats: [{ monument: 3 }, {}, {}], at: { market: 'trade' } });
    for (const viewer of [1, 2, -1]) expect(ageOfHeroes.view(st, viewer).players[0]!.monument).toBe(3);
    const before = JSON.stringify(st);
    const r = applySteps(st, 0, offerSteps({ give: ['limestone'] }));
    expect(r.ok).toBe(false);
    expect(JSON.stringify(st)).toBe(before);
    // No way to take them back: the monument phase only adds.
    const m = scenario({ players: 2, seats: [{ monument: 3, hand: ['iron'] }, {}], at: { monument: 0 } });
    rejected(m, 0, { type: 'monument', count: -1 }, 'AOH-MON-3');
    act(m, 0, { type: 'monument', count: 0 });
    expect(m.p[0]!.monument).toBe(3);
    expect(m.p[0]!.hand).toEqual(['iron']);
  });

  it('AOH-MON-5: no upper limit; the monument is complete from five cards on', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [
          { turns: 2, monument: 1, hand: ['limestone', 'limestone', 'limestone', 'limestone', 'limestone'] },
          {},
        ],
        at: { monument: 0 },
      },
      log,
    );
    act(st, 0, { type: 'monument', count: 5 }, log);
    expect(st.p[0]!.monument).toBe(6);
    // Complete: a victory claim is registered at the checkpoint after phase 3, checked at the end of his next turn.
    expect(st.p[0]!.claim).toBe(3);
    expect(log.find((e) => e.key === 'aoh.ev.claim')!.params).toMatchObject({ seat: 0, monument: 6 });
    const four = scenario({
      players: 2,
      seats: [{ hand: ['limestone', 'limestone', 'limestone', 'limestone'] }, {}],
      at: { monument: 0 },
    });
    act(four, 0, { type: 'monument', count: 4 });
    expect(four.p[0]!.claim).toBe(0);
  });

  it('AOH-MON-6: monument cards leave only by Razing or elimination, to the discard pile', () => {
    // Razing: one victorious army (no defender) razes one card.
    const st = scenario({ players: 2, seats: [{}, { monument: 3, armies: 0 }], at: { action: 0 } });
    act(st, 0, { type: 'war', target: 1, objective: 'razing' });
    act(st, 0, { type: 'warArmy', army: 1 });
    act(st, 0, { type: 'warDeclare' });
    act(st, 1, { type: 'pass' });
    expect(st.p[1]!.monument).toBe(2);
    expect(st.discard[st.discard.length - 1]).toBe('concrete');
    // Famine, a Volcano or the hand limit do not touch it.
    const f = scenario({
      players: 2,
      seats: [{ monument: 2, hand: ['grain'] }, {}],
      deck: ['famine'],
      at: { turn: 0 },
    });
    pump(f, () => kind(f) === 'aoh.action');
    expect(f.p[0]!.monument).toBe(2);
    // Elimination: the whole monument goes to the discard pile.
    const e = scenario({ players: 3, seats: [{}, { monument: 4 }, {}], at: { market: 'trade' } });
    const pile = count(e.discard, 'concrete');
    act(e, 1, { type: 'resign' });
    expect(e.p[1]!.monument).toBe(0);
    expect(count(e.discard, 'concrete')).toBe(pile + 4);
    expect(checkInvariants(e)).toEqual([]);
  });
});
