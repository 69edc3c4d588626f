/**
 * Phase 2 — trade & purchase (spec §7): the step itself, player trades (SFR-TRADE), bank trades
 * (SFR-BANK), purchases (SFR-BUY) and gold (SFR-GOLD). Every scenario starts at a phase-2 step.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { canSee } from '@tabula/engine';
import {
  applySteps,
  checkInvariants,
  offerSteps,
  DEFAULT_RT,
  scenario,
  struggleForRome as game,
} from '@tabula/struggle-for-rome';
import type { SfrAction, SfrState } from '@tabula/struggle-for-rome';
import { ok, rejects } from './helpers.js';

const steps = (st: SfrState, seat: number, list: SfrAction[]): void => {
  const r = applySteps(st, seat, list);
  if (!r.ok) throw new Error(r.error.message);
  expect(checkInvariants(st)).toEqual([]);
};

const has = (st: SfrState, seat: number, a: SfrAction): boolean =>
  game.legalActions(st, seat).some((x) => JSON.stringify(x) === JSON.stringify(a));

const ofType = (st: SfrState, seat: number, type: string): SfrAction[] =>
  game.legalActions(st, seat).filter((a) => a.type === type);

const at2 = (seat: number) => ({ phase: 2 as const, seat });

/** All 30 development cards (the data deck), for emptying the deck. */
const ALL_DEV = [
  ...Array<string>(10).fill('diplomat'),
  ...Array<string>(3).fill('traitor'),
  'great-horseman',
  'great-horseman',
  'great-warrior',
  'great-warrior',
  'treasure-burgundians',
  'treasure-vandals',
  'treasure-visigoths',
  'treasure-ostrogoths',
  'vp-royal-hall',
  'vp-law-code',
  'vp-royal-baptism',
  'vp-heroic-saga',
  'abundance',
  'abundance',
  'abundance',
  'forced-march',
  'fleet',
];

describe('the trade & purchase step (SFR-TRADE-1)', () => {
  it('SFR-TRADE-1: every player takes one step in turn order; the acting player acts in any order and as often as affordable until he ends it', () => {
    const st = scenario({
      players: 3,
      start: 2,
      seats: [
        { grain: 1 },
        { ore: 2 },
        { gold: 9, grain: 4, ore: 2, horses: 2, cattle: 1, dev: ['abundance'] },
      ],
      pastureDeck: ['cattle', 'horses'],
      at: at2(2),
    });
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 2, kind: 'sfr.trade' })]);
    // Purchases, a bank trade, a card and a player trade, in any order, the step stays open.
    ok(st, 2, { type: 'buyPair' });
    ok(st, 2, { type: 'bank', give: 'grain', get: 'ore' });
    ok(st, 2, { type: 'buyPair' });
    ok(st, 2, { type: 'play', card: 'abundance', take: ['grain', 'pasture'] });
    steps(st, 2, offerSteps({ to: 1, give: { grain: 1 }, get: { ore: 1 } }));
    ok(st, 1, { type: 'accept', offer: 1 });
    ok(st, 2, { type: 'execute', offer: 1, with: 1 });
    ok(st, 2, { type: 'buyDev' });
    const p = st.p[2]!;
    expect(p.tribes.map((t) => t.army)).toEqual([3, 3]);
    expect(p.res).toEqual([1, 2, 0, 1]);
    expect(p.gold).toBe(8);
    expect(p.dev.length).toBe(1);
    // Still seat 2's step: only he decides, until he ends it.
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 2, kind: 'sfr.trade' })]);
    expect(has(st, 2, { type: 'endStep' })).toBe(true);
    rejects(st, 0, { type: 'endStep' }, 'SFR-ROUND-5');
    ok(st, 2, { type: 'endStep' });
    // Turn order from the start player, clockwise: 2, then 0, then 1, then phase 3.
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'sfr.trade' })]);
    ok(st, 0, { type: 'endStep' });
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'sfr.trade' })]);
    expect(st.phase).toBe(2);
    ok(st, 1, { type: 'endStep' });
    expect(st.phase).toBe(3);
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 2, kind: 'sfr.act' })]);
  });

  it('SFR-TRADE-1: at most one development card allowed in phase 2 per step', () => {
    const st = scenario({
      players: 3,
      seats: [{ dev: ['abundance', 'abundance'] }],
      at: at2(0),
    });
    ok(st, 0, { type: 'play', card: 'abundance', take: ['grain', 'ore'] });
    expect(ofType(st, 0, 'play')).toEqual([]);
    rejects(st, 0, { type: 'play', card: 'abundance', take: ['grain', 'ore'] }, 'SFR-DEV-2', 'cardLimit');
  });
});

describe('player trades (SFR-TRADE-2..6)', () => {
  it('SFR-TRADE-2: only resource cards and gold change hands', () => {
    const st = scenario({
      players: 3,
      seats: [
        { gold: 5, grain: 2, dev: ['traitor'] },
        { gold: 5, ore: 1, cattle: 1 },
      ],
      at: at2(0),
    });
    ok(st, 0, { type: 'draft', to: 1 });
    for (const item of ['traitor', 'wagon', 'horseman', 'GER-1'])
      rejects(st, 0, { type: 'give', item } as unknown as SfrAction, 'SFR-TRADE-2', 'badItem');
    rejects(st, 0, { type: 'want', item: 'wagon' } as unknown as SfrAction, 'SFR-TRADE-2', 'badItem');
    // The listed drafting steps name only the four kinds and gold.
    const items = new Set(
      game.legalActions(st, 0).flatMap((a) => (a.type === 'give' || a.type === 'want' ? [a.item] : [])),
    );
    expect([...items].sort()).toEqual(['cattle', 'gold', 'grain', 'horses', 'ore']);
    steps(st, 0, [
      { type: 'give', item: 'grain' },
      { type: 'give', item: 'gold' },
      { type: 'want', item: 'ore' },
      { type: 'want', item: 'cattle' },
      { type: 'post' },
    ]);
    ok(st, 1, { type: 'accept', offer: 1 });
    const before = JSON.stringify(st.p.map((p) => [p.dev, p.tribes, p.reserve]));
    ok(st, 0, { type: 'execute', offer: 1, with: 1 });
    expect(st.p[0]!.res).toEqual([1, 1, 0, 1]);
    expect(st.p[0]!.gold).toBe(4);
    expect(st.p[1]!.res).toEqual([1, 0, 0, 0]);
    expect(st.p[1]!.gold).toBe(6);
    expect(JSON.stringify(st.p.map((p) => [p.dev, p.tribes, p.reserve]))).toBe(before);
  });

  it('SFR-TRADE-3: something on both sides, at least one card; gifts and gold-for-gold are refused', () => {
    const st = scenario({
      players: 3,
      seats: [
        { gold: 5, grain: 2 },
        { gold: 5, ore: 1 },
      ],
      at: at2(0),
    });
    // A gift: cards for nothing.
    steps(st, 0, [
      { type: 'draft', to: 1 },
      { type: 'give', item: 'grain' },
    ]);
    rejects(st, 0, { type: 'post' }, 'SFR-TRADE-3', 'badShape');
    // Asking for something for nothing.
    steps(st, 0, [
      { type: 'ungive', item: 'grain' },
      { type: 'want', item: 'ore' },
    ]);
    rejects(st, 0, { type: 'post' }, 'SFR-TRADE-3', 'badShape');
    // Gold for gold.
    steps(st, 0, [
      { type: 'unwant', item: 'ore' },
      { type: 'give', item: 'gold' },
      { type: 'want', item: 'gold' },
    ]);
    rejects(st, 0, { type: 'post' }, 'SFR-TRADE-3', 'badShape');
    expect(ofType(st, 0, 'post')).toEqual([]);
    // Gold may be added on either side once a card is in the deal: gold for a card is fine.
    steps(st, 0, [
      { type: 'unwant', item: 'gold' },
      { type: 'want', item: 'ore' },
    ]);
    expect(has(st, 0, { type: 'post' })).toBe(true);
    // Nobody offers what he does not hold.
    rejects(st, 0, { type: 'give', item: 'horses' }, 'SFR-TRADE-3', 'notHeld');
    ok(st, 0, { type: 'post' });
    expect(st.offers[0]).toMatchObject({ from: 0, to: 1, give: [0, 0, 0, 0, 1], get: [0, 1, 0, 0, 0] });
    // A counter-offer is held to the same shape.
    steps(st, 1, [
      { type: 'draft', to: 0 },
      { type: 'give', item: 'gold' },
      { type: 'want', item: 'gold' },
    ]);
    rejects(st, 1, { type: 'post' }, 'SFR-TRADE-3', 'badShape');
  });

  it('SFR-TRADE-4: only the acting player trades; the others cannot trade among themselves', () => {
    const st = scenario({ players: 3, seats: [{ grain: 1 }, { ore: 1 }, { cattle: 1 }], at: at2(0) });
    // Outside a response window the others have no decision at all.
    rejects(st, 1, { type: 'draft', to: 2 }, 'SFR-ROUND-5', 'notYourDecision');
    expect(game.legalActions(st, 1)).toEqual([]);
    steps(st, 0, offerSteps({ give: { grain: 1 }, get: { ore: 1 } }));
    // Answering, an addressed player may counter only toward the acting player.
    rejects(st, 1, { type: 'draft', to: 2 }, 'SFR-TRADE-6', 'badRecipient');
    expect(ofType(st, 1, 'draft')).toEqual([{ type: 'draft', to: 0 }]);
    rejects(st, 1, { type: 'execute', offer: 1, with: 2 });
    ok(st, 1, { type: 'accept', offer: 1 });
    ok(st, 2, { type: 'decline', offer: 1 });
    // Even with the window closed, seat 1 cannot execute anything.
    rejects(st, 1, { type: 'execute', offer: 1, with: 0 }, 'SFR-ROUND-5');
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'execute', offer: 1, with: 1 }, log);
    expect(log.find((e) => e.key === 'sfr.ev.trade')?.params).toMatchObject({ seat: 0, with: 1 });
  });

  it('SFR-TRADE-5: offers to one player or to all, at most 3 open; they die when executed, withdrawn or at the end of the step', () => {
    const st = scenario({
      players: 4,
      seats: [{ gold: 9, grain: 4 }, { ore: 2 }, { ore: 1 }, {}],
      at: at2(0),
    });
    // To one player: only he answers.
    steps(st, 0, offerSteps({ to: 2, give: { grain: 1 }, get: { ore: 1 } }));
    expect(game.prompts(st).map((p) => p.seat)).toEqual([2]);
    ok(st, 2, { type: 'decline', offer: 1 });
    // To everyone: every other player answers; the offer is public (SFR-HID-6).
    steps(st, 0, offerSteps({ give: { grain: 1 }, get: { ore: 1 } }));
    expect(game.prompts(st).map((p) => p.seat)).toEqual([1, 2, 3]);
    expect(game.view(st, 3).offers.map((o) => o.id)).toEqual([1, 2]);
    for (const s of [1, 2, 3]) ok(st, s, { type: 'decline', offer: 2 });
    steps(st, 0, offerSteps({ to: 1, give: { gold: 2 }, get: { ore: 1 } }));
    ok(st, 1, { type: 'accept', offer: 3 });
    // Three open: no fourth.
    expect(st.offers.length).toBe(3);
    rejects(st, 0, { type: 'draft', to: -1 }, 'SFR-TRADE-5', 'tooManyOffers');
    expect(ofType(st, 0, 'draft')).toEqual([]);
    // Executed → gone; withdrawn → gone.
    ok(st, 0, { type: 'execute', offer: 3, with: 1 });
    expect(st.offers.map((o) => o.id)).toEqual([1, 2]);
    ok(st, 0, { type: 'withdraw', offer: 1 });
    expect(st.offers.map((o) => o.id)).toEqual([2]);
    rejects(st, 0, { type: 'withdraw', offer: 1 }, 'SFR-TRADE-5', 'notYourOffer');
    expect(has(st, 0, { type: 'draft', to: -1 })).toBe(true);
    // The end of the step kills the rest.
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'endStep' }, log);
    expect(st.offers).toEqual([]);
    expect(log.map((e) => e.key)).toContain('sfr.ev.offersDie');
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'sfr.trade' })]);
  });

  it('SFR-TRADE-6: accept, decline or one counter-offer; execution with exactly one partner', () => {
    const st = scenario({
      players: 4,
      seats: [{ gold: 5, grain: 3 }, { ore: 2 }, { ore: 1, horses: 1 }, {}],
      at: at2(0),
    });
    steps(st, 0, offerSteps({ give: { grain: 1 }, get: { ore: 1 } }));
    // Seat 3 cannot supply ore: accepting is refused, declining is possible.
    expect(has(st, 3, { type: 'accept', offer: 1 })).toBe(false);
    rejects(st, 3, { type: 'accept', offer: 1 }, 'SFR-TRADE-6', 'cannotSupply');
    ok(st, 1, { type: 'accept', offer: 1 });
    // Seat 2 counters: horses for 2 grain.
    steps(st, 2, offerSteps({ to: 0, give: { horses: 1 }, get: { grain: 2 } }));
    // One counter-offer only: seat 2 has answered.
    rejects(st, 2, { type: 'draft', to: 0 }, 'SFR-ROUND-5');
    ok(st, 3, { type: 'decline', offer: 1 });
    expect(st.offers.find((o) => o.id === 1)!.answers).toEqual([-1, 1, 3, 2]);
    const counter = st.offers.find((o) => o.from === 2)!;
    expect(counter).toMatchObject({ to: 0, counterTo: 1, give: [0, 0, 1, 0, 0], get: [2, 0, 0, 0, 0] });
    // The acting player may execute with the accepting player only, or take the counter.
    expect(ofType(st, 0, 'execute')).toEqual([
      { type: 'execute', offer: 1, with: 1 },
      { type: 'execute', offer: counter.id, with: 2 },
    ]);
    rejects(st, 0, { type: 'execute', offer: 1, with: 3 }, 'SFR-TRADE-6', 'notAccepted');
    rejects(st, 0, { type: 'execute', offer: 1, with: 2 }, 'SFR-TRADE-6', 'notAccepted');
    ok(st, 0, { type: 'execute', offer: 1, with: 1 });
    expect(st.p[0]!.res).toEqual([2, 1, 0, 0]);
    expect(st.p[1]!.res).toEqual([1, 1, 0, 0]);
    // Offer 1 is done: no second partner.
    rejects(st, 0, { type: 'execute', offer: 1, with: 1 }, 'SFR-TRADE-5', 'noSuchOffer');
    // Re-validation: after the acting player gives his grain away, the counter (2 grain) cannot run.
    steps(st, 0, offerSteps({ to: 1, give: { grain: 1 }, get: { ore: 1 } }));
    ok(st, 1, { type: 'accept', offer: counter.id + 1 });
    ok(st, 0, { type: 'execute', offer: counter.id + 1, with: 1 });
    expect(st.p[0]!.res[0]).toBe(1);
    expect(ofType(st, 0, 'execute')).toEqual([]);
    rejects(st, 0, { type: 'execute', offer: counter.id, with: 2 }, 'SFR-TRADE-6', 'notHeld');
    // The default answer of an addressed player (timeout) is a decline.
    steps(st, 0, offerSteps({ give: { grain: 1 }, get: { horses: 1 } }));
    for (const s of [1, 2, 3]) {
      const d = game.defaultAction(st, s)!;
      expect(d.type).toBe('decline');
      ok(st, s, d);
    }
    expect(st.offers.at(-1)!.answers).toEqual([-1, 2, 2, 2]);
  });

  it('SFR-TRADE-6: acceptances lapse when the partner trades with the acting player; execution re-validates', () => {
    const st = scenario({
      players: 3,
      seats: [{ grain: 2 }, { ore: 1 }, {}],
      at: at2(0),
    });
    steps(st, 0, offerSteps({ give: { grain: 1 }, get: { ore: 1 } }));
    ok(st, 1, { type: 'accept', offer: 1 });
    ok(st, 2, { type: 'decline', offer: 1 });
    steps(st, 0, offerSteps({ to: 1, give: { grain: 1 }, get: { ore: 1 } }));
    ok(st, 1, { type: 'accept', offer: 2 });
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'execute', offer: 2, with: 1 }, log);
    // Seat 1 no longer holds ore: his acceptance of offer 1 has lapsed.
    expect(log.map((e) => e.key)).toContain('sfr.ev.answersDropped');
    expect(st.offers.find((o) => o.id === 1)!.answers[1]).toBe(2);
    rejects(st, 0, { type: 'execute', offer: 1, with: 1 }, 'SFR-TRADE-6', 'notAccepted');
  });
});

describe('bank trades (SFR-BANK)', () => {
  it('SFR-BANK-1: 3 identical cards for 1 grain, 1 ore or a blind pasture card', () => {
    const st = scenario({
      players: 3,
      seats: [{ grain: 3, ore: 3, horses: 3 }],
      pastureDeck: ['cattle'],
      at: at2(0),
    });
    const banks = ofType(st, 0, 'bank');
    for (const give of ['grain', 'ore', 'horses'])
      for (const get of ['grain', 'ore', 'pasture'])
        expect(banks).toContainEqual({ type: 'bank', give, get });
    const grain = st.grain,
      ore = st.ore;
    ok(st, 0, { type: 'bank', give: 'grain', get: 'ore' });
    expect(st.p[0]!.res).toEqual([0, 4, 3, 0]);
    expect([st.grain, st.ore]).toEqual([grain + 3, ore - 1]);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'bank', give: 'horses', get: 'pasture' }, log);
    // The horses go onto the discard pile (SFR-PAST-1); the draw is the deck's top card, seen by seat 0 only.
    expect(st.pdis).toEqual([3, 0]);
    expect(st.p[0]!.res).toEqual([0, 4, 0, 1]);
    const drawn = log.find((e) => e.key === 'sfr.ev.pastureDrawn')!;
    expect(drawn.params).toMatchObject({ seat: 0, kind: 'cattle' });
    expect(canSee(drawn, 1)).toBe(false);
    // Fewer than 3 identical cards: no bank trade.
    rejects(st, 0, { type: 'bank', give: 'cattle', get: 'grain' }, 'SFR-BANK-1', 'cannotAfford');
    ok(st, 0, { type: 'bank', give: 'ore', get: 'grain' });
    expect(st.p[0]!.res).toEqual([1, 1, 0, 1]);
    expect(ofType(st, 0, 'bank')).toEqual([]);
  });

  it('SFR-BANK-2: horses and cattle are different kinds; an empty supply cannot be chosen', () => {
    const st = scenario({
      players: 3,
      seats: [{ grain: 3, horses: 2, cattle: 1 }, { ore: 13 }],
      at: at2(0),
    });
    // 2 horses + 1 cattle are not 3 identical cards.
    rejects(st, 0, { type: 'bank', give: 'horses', get: 'grain' }, 'SFR-BANK-1', 'cannotAfford');
    rejects(st, 0, { type: 'bank', give: 'cattle', get: 'grain' }, 'SFR-BANK-1', 'cannotAfford');
    // The ore stack is empty (seat 1 holds all 13): ore is not available.
    expect(st.ore).toBe(0);
    rejects(st, 0, { type: 'bank', give: 'grain', get: 'ore' }, 'SFR-BANK-2', 'supplyEmpty');
    expect(ofType(st, 0, 'bank')).toEqual([
      { type: 'bank', give: 'grain', get: 'grain' },
      { type: 'bank', give: 'grain', get: 'pasture' },
    ]);
    // Pasture deck and discard pile empty.
    const dry = scenario({
      players: 3,
      seats: [{ grain: 3, horses: 10 }, { cattle: 10 }],
      at: at2(0),
    });
    rejects(dry, 0, { type: 'bank', give: 'grain', get: 'pasture' }, 'SFR-BANK-2', 'supplyEmpty');
    // Paying 3 horses refills the discard pile, so a pasture draw becomes possible (reshuffled).
    ok(dry, 0, { type: 'bank', give: 'horses', get: 'pasture' });
    expect(dry.p[0]!.res).toEqual([3, 0, 8, 0]);
    expect(dry.pdeck.length + dry.pdis[0]! + dry.pdis[1]!).toBe(2);
  });

  it('SFR-BANK-3: gold is never exchanged for resource cards with the bank', () => {
    const st = scenario({ players: 3, seats: [{ gold: 30, grain: 2 }], at: at2(0) });
    rejects(
      st,
      0,
      { type: 'bank', give: 'gold', get: 'grain' } as unknown as SfrAction,
      'SFR-BANK-1',
      'badKind',
    );
    expect(ofType(st, 0, 'bank')).toEqual([]);
    // Nor does gold top up a short bank trade (emergency gold replaces cards in purchases only).
    rejects(
      st,
      0,
      { type: 'bank', give: 'grain', get: 'ore', emergency: 'grain' } as unknown as SfrAction,
      'SFR-BANK-1',
    );
    expect(st.p[0]!.gold).toBe(30);
  });
});

describe('purchases (SFR-BUY)', () => {
  it('SFR-BUY-1: an army pair costs ore + horses and puts one horseman and one warrior into the boxes', () => {
    const st = scenario({ players: 3, seats: [{ gold: 0, ore: 2, horses: 1, cattle: 1 }], at: at2(0) });
    const ore = st.ore;
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'buyPair' }, log);
    const p = st.p[0]!;
    expect(p.res).toEqual([0, 1, 0, 1]);
    expect(p.tribes.map((t) => t.army)).toEqual([2, 2]);
    expect(p.reserve.slice(0, 2)).toEqual([6, 6]);
    expect(st.ore).toBe(ore + 1);
    expect(st.pdis).toEqual([1, 0]);
    expect(log.find((e) => e.key === 'sfr.ev.buyPair')!.params).toMatchObject({
      got: ['horsemen', 'warriors'],
    });
    // No horses left: no pair (cattle does not stand in for horses).
    expect(ofType(st, 0, 'buyPair')).toEqual([]);
    rejects(st, 0, { type: 'buyPair' }, 'SFR-BUY-1', 'cannotAfford');
    // Only pairs exist: no purchase of a single figure.
    const one = scenario({ players: 3, seats: [{ gold: 0, ore: 1, horses: 1 }], at: at2(0) });
    expect(game.legalActions(one, 0).filter((a) => a.type.startsWith('buy'))).toEqual([{ type: 'buyPair' }]);
  });

  it('SFR-BUY-2: with one type missing in the reserve the full price buys one figure; with neither, no purchase', () => {
    // Warrior reserve empty (8 warriors in the box).
    const st = scenario({ players: 3, seats: [{ ore: 1, horses: 1, warriors: { army: 8 } }], at: at2(0) });
    expect(st.p[0]!.reserve[1]).toBe(0);
    ok(st, 0, { type: 'buyPair' });
    expect(st.p[0]!.res).toEqual([0, 0, 0, 0]);
    expect(st.p[0]!.tribes.map((t) => t.army)).toEqual([2, 8]);
    expect(st.p[0]!.reserve.slice(0, 2)).toEqual([6, 0]);
    // Both reserves empty: refused, not listed.
    const none = scenario({
      players: 3,
      seats: [{ ore: 1, horses: 1, horsemen: { army: 8 }, warriors: { army: 8 } }],
      at: at2(0),
    });
    expect(ofType(none, 0, 'buyPair')).toEqual([]);
    rejects(none, 0, { type: 'buyPair' }, 'SFR-BUY-2', 'noFigures');
  });

  it('SFR-BUY-3: a wagon costs horses + grain + cattle and goes into the box of the buyer\u2019s choice', () => {
    const st = scenario({ players: 3, seats: [{ grain: 2, horses: 2, cattle: 2 }], at: at2(0) });
    expect(ofType(st, 0, 'buyWagon')).toEqual([
      { type: 'buyWagon', box: 'horsemen' },
      { type: 'buyWagon', box: 'warriors' },
    ]);
    rejects(st, 0, { type: 'buyWagon', box: 'camp' } as unknown as SfrAction, 'SFR-BUY-3', 'badBox');
    ok(st, 0, { type: 'buyWagon', box: 'warriors' });
    expect(st.p[0]!.tribes.map((t) => t.wagons)).toEqual([1, 2]);
    ok(st, 0, { type: 'buyWagon', box: 'horsemen' });
    expect(st.p[0]!.tribes.map((t) => t.wagons)).toEqual([2, 2]);
    expect(st.p[0]!.reserve[2]).toBe(6);
    expect(st.p[0]!.res).toEqual([0, 0, 0, 0]);
    expect(st.pdis).toEqual([2, 2]);
    // Missing one of the three cards.
    const short = scenario({ players: 3, seats: [{ grain: 1, horses: 1 }], at: at2(0) });
    rejects(short, 0, { type: 'buyWagon', box: 'horsemen' }, 'SFR-BUY-3', 'cannotAfford');
    // No wagon in the reserve (5 + 5 in the boxes).
    const empty = scenario({
      players: 3,
      seats: [{ grain: 1, horses: 1, cattle: 1, horsemen: { wagons: 5 }, warriors: { wagons: 5 } }],
      at: at2(0),
    });
    expect(ofType(empty, 0, 'buyWagon')).toEqual([]);
    rejects(empty, 0, { type: 'buyWagon', box: 'horsemen' }, 'SFR-BUY-3', 'noWagons');
  });

  it('SFR-BUY-4: a development card costs cattle + 1 gold and is the top of the deck; not with an empty deck', () => {
    const st = scenario({
      players: 3,
      seats: [{ gold: 2, cattle: 2 }],
      devDeck: ['traitor', 'fleet'],
      at: at2(0),
    });
    const deck = st.devDeck.length;
    ok(st, 0, { type: 'buyDev' });
    expect(st.p[0]!.dev).toEqual(['traitor']);
    expect(st.p[0]!.gold).toBe(1);
    expect(st.p[0]!.res).toEqual([0, 0, 0, 1]);
    expect(st.devDeck.length).toBe(deck - 1);
    ok(st, 0, { type: 'buyDev' });
    expect(st.p[0]!.dev).toEqual(['traitor', 'fleet']);
    rejects(st, 0, { type: 'buyDev' }, 'SFR-BUY-4', 'cannotAfford');
    // Every card is out of the deck.
    const out = scenario({
      players: 3,
      seats: [{ gold: 5, cattle: 1 }, { played: ALL_DEV }],
      at: at2(0),
    });
    expect(out.devDeck).toEqual([]);
    expect(ofType(out, 0, 'buyDev')).toEqual([]);
    rejects(out, 0, { type: 'buyDev' }, 'SFR-BUY-4', 'devEmpty');
  });

  it('SFR-BUY-5: purchases feed a settled tribe\u2019s box too', () => {
    const st = scenario({
      players: 3,
      seats: [
        { grain: 1, ore: 1, horses: 2, cattle: 1, warriors: { kingdom: ['verona'], army: 1, wagons: 0 } },
      ],
      at: at2(0),
    });
    expect(st.p[0]!.tribes[1]!.settled).toBe(true);
    ok(st, 0, { type: 'buyPair' });
    ok(st, 0, { type: 'buyWagon', box: 'warriors' });
    expect(st.p[0]!.tribes[1]).toMatchObject({ settled: true, army: 2, wagons: 1 });
    expect(st.p[0]!.tribes[0]!.army).toBe(2);
  });

  it('SFR-BUY-6: purchases only in the buyer\u2019s own phase-2 step', () => {
    const st = scenario({
      players: 3,
      seats: [{ grain: 1 }, { gold: 5, ore: 2, horses: 2, cattle: 2, grain: 1 }],
      at: at2(0),
    });
    // In another player's step.
    rejects(st, 1, { type: 'buyPair' }, 'SFR-ROUND-5', 'notYourDecision');
    rejects(st, 1, { type: 'buyDev' }, 'SFR-ROUND-5');
    // While answering an offer.
    steps(st, 0, offerSteps({ to: 1, give: { grain: 1 }, get: { ore: 1 } }));
    rejects(st, 1, { type: 'buyPair' }, 'SFR-DP-9', 'wrongAction.respond');
    expect(game.legalActions(st, 1).some((a) => a.type.startsWith('buy'))).toBe(false);
    ok(st, 1, { type: 'decline', offer: 1 });
    ok(st, 0, { type: 'endStep' });
    // In his own step he may.
    expect(has(st, 1, { type: 'buyPair' })).toBe(true);
    ok(st, 1, { type: 'endStep' });
    ok(st, 2, { type: 'endStep' });
    // In phase 3, his own tribe step: no purchases.
    expect(st.phase).toBe(3);
    ok(st, 0, { type: 'rest', take: 'gold' });
    expect(game.legalActions(st, 1).some((a) => a.type.startsWith('buy'))).toBe(false);
    rejects(st, 1, { type: 'buyPair' }, 'SFR-ROUND-1', 'wrongAction.act');
    rejects(st, 1, { type: 'buyWagon', box: 'horsemen' }, 'SFR-ROUND-1', 'wrongAction.act');
  });
});

describe('gold (SFR-GOLD)', () => {
  it('SFR-GOLD-1: gold pays travel, development cards, trades, emergency gold and robbery compensation', () => {
    // Development card and a trade with gold.
    const st = scenario({
      players: 3,
      seats: [
        { gold: 10, cattle: 1, ore: 1, dev: ['diplomat'] },
        { gold: 3, grain: 1, horsemen: { node: 'n064' } },
      ],
      at: at2(0),
    });
    ok(st, 0, { type: 'buyDev' });
    expect(st.p[0]!.gold).toBe(9);
    steps(st, 0, offerSteps({ to: 1, give: { gold: 2 }, get: { grain: 1 } }));
    ok(st, 1, { type: 'accept', offer: 1 });
    ok(st, 0, { type: 'execute', offer: 1, with: 1 });
    expect([st.p[0]!.gold, st.p[1]!.gold]).toEqual([7, 5]);
    // Emergency gold: 3 gold for the missing horses of a pair.
    ok(st, 0, { type: 'buyPair', emergency: 'horses' });
    expect(st.p[0]!.gold).toBe(4);
    // Robbery compensation: seat 1 has no cards left and pays 2 gold (Diplomat to h0311).
    ok(st, 0, { type: 'play', card: 'diplomat', hex: 'h0311' });
    expect(st.p[1]!.res).toEqual([0, 0, 0, 0]);
    ok(st, 0, { type: 'rob', seat: 1 });
    expect([st.p[0]!.gold, st.p[1]!.gold]).toEqual([6, 3]);
    // Travel: the land arrow n079→n089 is the free first arrow, the sea arrow costs 1 gold (SFR-EX-1).
    const mv = scenario({
      players: 3,
      seats: [{}, { gold: 2, warriors: { node: 'n079' } }],
      at: { phase: 4, seat: 1 },
    });
    ok(mv, 1, {
      type: 'move',
      to: 'n139',
      route: ['n079', 'n089', 'n098', 'n107', 'n126', 'n139'],
      grain: 0,
    });
    expect(mv.p[1]!.gold).toBe(1);
  });

  it('SFR-GOLD-2: once per game, 3 gold replace exactly one resource card of a purchase', () => {
    const st = scenario({
      players: 3,
      seats: [{ gold: 9, horses: 1, grain: 1 }],
      devDeck: ['fleet'],
      at: at2(0),
    });
    // Only listed when the plain payment is impossible; the development card for 4 gold (SFR-FAQ-7).
    expect(ofType(st, 0, 'buyDev')).toEqual([{ type: 'buyDev', emergency: 'cattle' }]);
    // The replaced card must be part of the price.
    rejects(st, 0, { type: 'buyDev', emergency: 'ore' }, 'SFR-GOLD-2', 'badEmergency');
    // Exactly one card: a wagon missing cattle is payable, a pair missing ore and horses is not.
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'buyDev', emergency: 'cattle' }, log);
    expect(st.p[0]!.gold).toBe(5);
    expect(st.p[0]!.dev).toEqual(['fleet']);
    expect(st.p[0]!.emergency).toBe(true);
    expect(log.find((e) => e.key === 'sfr.ev.emergency')!.params).toMatchObject({
      seat: 0,
      kind: 'cattle',
      gold: 3,
    });
    // Once per game: the wagon missing cattle is now impossible.
    expect(ofType(st, 0, 'buyWagon')).toEqual([]);
    rejects(st, 0, { type: 'buyWagon', box: 'horsemen', emergency: 'cattle' }, 'SFR-GOLD-2', 'emergencyUsed');
    // Exactly one card per purchase.
    const two = scenario({ players: 3, seats: [{ gold: 9 }], at: at2(0) });
    expect(ofType(two, 0, 'buyPair')).toEqual([]);
    rejects(two, 0, { type: 'buyPair', emergency: 'ore' }, 'SFR-BUY-1', 'cannotAfford');
    // The gold must be there: 3 for the card (+1 for a development card).
    const poor = scenario({ players: 3, seats: [{ gold: 3 }], at: at2(0) });
    rejects(poor, 0, { type: 'buyDev', emergency: 'cattle' }, 'SFR-GOLD-1', 'cannotAfford');
    ok(poor, 0, { type: 'endStep' });
    // Marked used in a scenario: also refused.
    const used = scenario({ players: 3, seats: [{ gold: 9, ore: 1, emergency: true }], at: at2(0) });
    rejects(used, 0, { type: 'buyPair', emergency: 'horses' }, 'SFR-GOLD-2', 'emergencyUsed');
  });

  it('SFR-GOLD-3: emergency gold does not pay bank trades or travel; its use is public', () => {
    const st = scenario({ players: 3, seats: [{ gold: 9, grain: 2, ore: 1 }], at: at2(0) });
    // Two grain and plenty of gold make no bank trade.
    expect(ofType(st, 0, 'bank')).toEqual([]);
    rejects(st, 0, { type: 'bank', give: 'grain', get: 'ore' }, 'SFR-BANK-1', 'cannotAfford');
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'buyPair', emergency: 'horses' }, log);
    const ev = log.find((e) => e.key === 'sfr.ev.emergency')!;
    expect(ev.rules).toContain('SFR-GOLD-3');
    for (const v of [-1, 0, 1, 2]) expect(canSee(ev, v)).toBe(true);
    expect(game.view(st, 1).players[0]!.emergency).toBe(true);
    expect(game.view(st, -1).players[0]!.emergency).toBe(true);
    // Travel is paid with grain or gold per arrow only, and never uses the emergency.
    const mv = scenario({
      players: 3,
      seats: [{}, { gold: 2, warriors: { node: 'n079' } }],
      at: { phase: 4, seat: 1 },
    });
    // Two paid land arrows (6 gold or 2 grain) are unaffordable with 2 gold and no grain.
    const land = ['n079', 'n089', 'n098', 'n107', 'n116', 'n128', 'n140', 'n127', 'n139'];
    rejects(mv, 1, { type: 'move', to: 'n139', route: land, grain: 0 }, 'SFR-MOVE-6', 'cannotAfford');
    rejects(
      mv,
      1,
      { type: 'move', to: 'n139', route: land, grain: 0, emergency: 'grain' } as unknown as SfrAction,
      'SFR-MOVE-6',
    );
    expect(mv.p[1]!.emergency).toBe(false);
  });

  it('SFR-GOLD-4: gold holdings are public', () => {
    const st = scenario({
      players: 3,
      seats: [{ gold: 7, grain: 2 }, { gold: 3, ore: 1 }, { gold: 0 }],
      at: at2(0),
    });
    for (const viewer of [-1, 0, 1, 2]) {
      const v = game.view(st, viewer);
      expect(v.players.map((p) => p.gold)).toEqual([7, 3, 0]);
    }
    // ... unlike the cards by kind (SFR-HID-2).
    expect(game.view(st, 1).players[0]!.res).toBeUndefined();
    expect(game.view(st, 1).players[0]!.cards).toBe(2);
    // Gold moved by a trade is public in the log too.
    steps(st, 0, offerSteps({ to: 1, give: { gold: 2 }, get: { ore: 1 } }));
    ok(st, 1, { type: 'accept', offer: 1 });
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'execute', offer: 1, with: 1 }, log);
    const ev = log.find((e) => e.key === 'sfr.ev.trade')!;
    expect(canSee(ev, 2)).toBe(true);
    expect(game.view(st, 2).players.map((p) => p.gold)).toEqual([5, 5, 0]);
  });
});

it('data: purchase prices come from the loaded data', () => {
  const C = DEFAULT_RT.C;
  expect(C.pairCost).toEqual([0, 1, 1, 0, 0]);
  expect(C.wagonCost).toEqual([1, 0, 1, 1, 0]);
  expect(C.devCost).toEqual([0, 0, 0, 1, 1]);
  expect(C.bankRate).toBe(3);
  expect(C.emergencyGold).toBe(3);
});
