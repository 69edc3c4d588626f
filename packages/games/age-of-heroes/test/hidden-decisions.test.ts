/**
 * Hidden information (spec §21, AOH-HID-*) and decision points (spec §22, AOH-DP-*): what each seat
 * and a spectator may see in `view` and in the event log, who is prompted, with which legal actions,
 * and what the timeout default is.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent, Prompt, Seat } from '@tabula/engine';

import { canSee, Rng, SPECTATOR } from '@tabula/engine';

import type { AohAction, AohState, AohView } from '@tabula/age-of-heroes';

import {
  ageOfHeroes,
  checkInvariants,
  DEFAULT_CONFIG,
  offerSteps,
  placeSteps,
  scenario,
  warSteps,
} from '@tabula/age-of-heroes';
import { act, drive, events, rejected } from './helpers.js';

const G = ageOfHeroes;

const awaited = (st: AohState): Prompt[] => G.prompts(st).filter((p) => !p.optional);
const spectator = (st: AohState): AohView => G.view(st, SPECTATOR);
const types = (st: AohState, seat: Seat) => G.legalActions(st, seat).map((a) => a.type);

describe('Hidden information (§21)', () => {
  const table = () =>
    scenario({
      players: 3,
      seats: [
        { hand: ['iron', 'grain'] },
        {
          hand: ['luck', 'iron'],
          armies: [{ general: true }, { status: 'away', returnAt: 4 }, { quakes: [3] }],
          fortresses: 1,
          monument: 2,
          cities: 2,
          claim: 0,
        },
        { hand: ['gold'], monument: 5, claim: 6, turns: 5 },
      ],
      roads: [[0, 1]],
      discard: ['wood', 'famine'],
      at: { action: 0 },
    });

  it('AOH-HID-1, AOH-HID-2, AOH-HID-3, AOH-HID-4, AOH-HID-5: the public table is in every view', () => {
    const st = table();
    for (const viewer of [SPECTATOR, 0, 1, 2]) {
      const v = G.view(st, viewer);
      // HID-1: seats, tribes, first player, leader, round, active player, phase, whose decision.
      expect(v.seating).toEqual([0, 1, 2]);
      expect(v.players.map((p) => p.tribe)).toEqual(['egyptians', 'romans', 'greeks']);
      expect([v.first, v.leader, v.round, v.active, v.phase]).toEqual([0, 0, 1, 0, 'turn-2']);
      expect(v.waiting).toEqual([{ seat: 0, kind: 'aoh.action' }]);
      // HID-2: every player's items, armies with generals/status/return turn/quakes, monument, roads, claims.
      st.p.forEach((p, s) => {
        expect(v.players[s]).toMatchObject({
          cities: p.cities,
          fortresses: p.fortresses,
          monument: p.monument,
          claim: p.claim,
          alive: p.alive,
          armies: p.armies,
        });
        // HID-3: hand sizes.
        expect(v.players[s]!.handCount).toBe(p.hand.length);
      });
      expect(v.players[1]!.armies.map((a) => [a.general, a.status, a.returnAt, a.quakes])).toEqual([
        [true, 'home', 0, []],
        [false, 'away', 4, []],
        [false, 'home', 0, [3]],
      ]);
      expect(v.players[2]!.claim).toBe(6);
      expect(v.roads.map((r) => [r[0], r[1]])).toEqual([[0, 1]]);
      // HID-4: supply counts and deck sizes.
      expect(v.supply).toEqual(st.supply);
      expect(v.deckCount).toBe(st.deck.length);
      expect(v.battleDeckCount).toBe(st.battle.length);
      // HID-5: the whole discard pile, in order.
      expect(v.discard).toEqual(['wood', 'famine']);
    }
    // HID-5: a build payment is visible to all as soon as it is paid.
    const b = scenario({ players: 2, seats: [{ hand: ['iron', 'grain', 'gold'] }, {}], at: { build: 0 } });
    act(b, 0, { type: 'buildItem', item: 'army', pay: ['iron', 'grain', 'gold'] });
    expect(spectator(b).discard.slice(-3)).toEqual(['iron', 'grain', 'gold']);
  });

  it('AOH-HID-12, AOH-HID-17, AOH-HID-19: hands, deck order and the generator are absent from every other view', () => {
    const st = table();
    const spec = spectator(st);
    expect(spec.players.every((p) => p.hand === undefined)).toBe(true);
    expect(spec.prompts).toEqual([]);
    expect(spec.draft).toBeNull();
    expect('deck' in spec).toBe(false);
    expect('battle' in spec).toBe(false);
    expect(JSON.stringify(spec)).not.toContain('"rng"');
    for (const viewer of [0, 1, 2]) {
      const v = G.view(st, viewer);
      v.players.forEach((p, s) => expect(p.hand).toEqual(s === viewer ? st.p[s]!.hand : undefined));
      expect('deck' in v).toBe(false);
      expect('battle' in v).toBe(false);
      expect(JSON.stringify(v)).not.toContain('"rng"');
    }
    // The views do not depend on what they must not show: reorder both decks, swap seat 2's card
    // with one from the deck, reseed the generator — seat 1 and the spectator see exactly the same.
    const other = JSON.parse(JSON.stringify(st)) as AohState;
    other.cfg = st.cfg;
    other.deck.reverse();
    other.battle.reverse();
    const j = other.deck.findIndex(
      (c) =>
        c !== 'gold' && !['population_boom', 'earthquake', 'volcano', 'famine', 'barbarians'].includes(c),
    );
    [other.p[2]!.hand[0], other.deck[j]] = [other.deck[j]!, other.p[2]!.hand[0]!];
    other.rng = other.rng.map((x) => x ^ 1);
    expect(other.p[2]!.hand).not.toEqual(st.p[2]!.hand);
    expect(checkInvariants(other)).toEqual([]);
    expect(JSON.stringify(G.view(other, 1))).toBe(JSON.stringify(G.view(st, 1)));
    expect(JSON.stringify(spectator(other))).toBe(JSON.stringify(spectator(st)));
    // HID-19: a spectator sees exactly what a seat sees of the others, and nothing of anyone's hand.
    const seat2 = G.view(st, 2);
    const strip = (v: AohView) => ({
      ...v,
      viewer: 0,
      prompts: [],
      players: v.players.map(({ hand: _h, ...p }) => p),
    });
    expect(strip(spec)).toEqual(strip(seat2));
  });

  it('AOH-HID-12: a private draw is logged with its card only for the drawer and as a count for everyone else', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 3, seats: [{ cities: 2 }, {}, {}], deck: ['wood', 'iron', 'stone'], at: { turn: 0 } },
      log,
    );
    act(st, 0, { type: 'taxes' }, log);
    const priv = events(log, 'aoh.ev.drawPrivate');
    const hidden = events(log, 'aoh.ev.drawHidden');
    expect(priv.map((e) => e.params!.card)).toEqual(['wood', 'iron', 'stone']);
    expect(priv.length).toBe(hidden.length);
    for (const e of priv) {
      expect(canSee(e, 0)).toBe(true);
      for (const v of [1, 2, SPECTATOR]) expect(canSee(e, v)).toBe(false);
    }
    for (const e of hidden) {
      expect(e.params).not.toHaveProperty('card');
      expect(canSee(e, 0)).toBe(false);
      for (const v of [1, 2, SPECTATOR]) expect(canSee(e, v)).toBe(true);
    }
    expect(G.view(st, 1).players[0]!.handCount).toBe(3);
  });

  it('AOH-HID-6: an immediate card is public as soon as it is drawn, with its target and outcome', () => {
    const log: GameEvent[] = [];
    const st = scenario({ players: 3, deck: ['volcano'], at: { turn: 0 } }, log);
    const drawn = events(log, 'aoh.ev.drawImmediate')[0]!;
    expect(drawn.params).toMatchObject({ seat: 0, card: 'volcano' });
    for (const v of [0, 1, 2, SPECTATOR]) expect(canSee(drawn, v)).toBe(true);
    expect(spectator(st).event).toEqual({ card: 'volcano', drawer: 0, target: -1 });
    act(st, 0, { type: 'volcanoTarget', seat: 2 }, log);
    expect(spectator(st).event).toEqual({ card: 'volcano', drawer: 0, target: 2 });
    act(st, 2, { type: 'pass' }, log);
    for (const key of ['aoh.ev.volcanoTarget', 'aoh.ev.volcano']) {
      const e = events(log, key)[0]!;
      expect(e.params).toMatchObject({ target: 2 });
      expect(canSee(e, SPECTATOR) && canSee(e, 1)).toBe(true);
    }
    expect(spectator(st).discard).toContain('volcano');
  });

  it('AOH-HID-7, AOH-HID-8: declarations, Heroes with their hosts, duels with both cards and strengths, and V are public', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ armies: 2, hand: ['mighty_hero'] }, { hand: ['mighty_hero', 'iron'], fortresses: 1 }, {}],
        battle: [4, 5, 2, 3, 6],
        at: { action: 0 },
      },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2], heroes: [1] }), log);
    const war = events(log, 'aoh.ev.war')[0]!;
    expect(war.params).toMatchObject({
      seat: 0,
      target: 1,
      objective: 'plunder',
      armies: [1, 2],
      heroes: [1],
    });
    expect(canSee(war, SPECTATOR)).toBe(true);
    expect(spectator(st).war).toMatchObject({
      attacker: 0,
      defender: 1,
      objective: 'plunder',
      armies: [1, 2],
      heroesA: [1],
    });
    // The defender's response is one action: until it, nothing of his choice exists, even for him.
    expect(spectator(st).war!.heroesD).toEqual([]);
    expect(G.view(st, 0).war!.heroesD).toEqual([]);
    expect(G.view(st, 1).draft).toBeNull();
    act(st, 1, { type: 'respond', heroes: [-1] }, log);
    expect(st.stack.some((f) => f.k === 'response')).toBe(false); // answered in that one action
    const resp = events(log, 'aoh.ev.response')[0]!;
    expect(resp.params).toMatchObject({ seat: 1, heroes: [-1] });
    expect(canSee(resp, SPECTATOR)).toBe(true);
    expect(spectator(st).war!.heroesD).toEqual([-1]);
    // A draws 4, 5 for a1 (led by the Hero) and a2; D draws 2, 3 for his army and his Hero-army.
    const w = st.war!;
    expect(w.a).toBe(2);
    expect(w.d).toBe(2);
    act(st, 0, placeSteps(st, 0, [4, 5]), log);
    act(st, 1, placeSteps(st, 1, [2, 3]), log);
    act(st, 0, { type: 'duel', unit: 0 }, log);
    act(st, 1, { type: 'duel', unit: 2 }, log);
    const d1 = events(log, 'aoh.ev.duel')[0]!;
    expect(d1.params).toMatchObject({ av: 4, dv: 2, as: 6, ds: 3 });
    expect(canSee(d1, SPECTATOR) && canSee(d1, 2)).toBe(true);
    const v = events(log, 'aoh.ev.victorious')[0]!;
    expect(v.params).toMatchObject({ v: 2 });
    expect(canSee(v, SPECTATOR)).toBe(true);
  });

  it('AOH-HID-9: the turn-order draws at setup are public', () => {
    const log: GameEvent[] = [];
    const o = G.parseOptions({ seatOrder: 'fixed' });
    if (!o.ok) throw new Error(o.error.message);
    const r = G.setup(o.value, 4, 'hid9', log);
    if (!r.ok) throw new Error(r.error.message);
    const st = r.value;
    const e = events(log, 'aoh.ev.firstPlayer')[0]!;
    expect(canSee(e, SPECTATOR)).toBe(true);
    expect(e.params).toMatchObject({ seat: st.first, draws: st.orderDraws });
    expect(spectator(st).orderDraws).toEqual(st.orderDraws);
    const last = st.orderDraws[st.orderDraws.length - 1]!;
    expect(Math.max(...last)).toBe(last[st.first]);
  });

  it('AOH-HID-10: offers with notes, acceptances, executed trades and ready flags are public', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ hand: ['iron', 'gold'] }, { hand: ['wood'] }, { hand: ['stone'] }],
        at: { market: 'trade' },
      },
      log,
    );
    act(st, 0, offerSteps({ to: 1, give: ['iron'], receive: ['wood'], note: 'for your road' }), log);
    const o = spectator(st).market!.offers;
    expect(o).toEqual([{ id: 1, from: 0, to: 1, give: ['iron'], receive: ['wood'], note: 'for your road' }]);
    expect(G.view(st, 2).market!.offers).toEqual(o);
    act(st, 2, { type: 'ready' }, log);
    expect(spectator(st).market!.ready).toEqual([false, false, true]);
    act(st, 1, { type: 'accept', offer: 1 }, log);
    const t = events(log, 'aoh.ev.trade')[0]!;
    expect(t.params).toMatchObject({ from: 0, to: 1, give: ['iron'], receive: ['wood'] });
    for (const e of [...events(log, 'aoh.ev.offer'), t, ...events(log, 'aoh.ev.ready')])
      expect(canSee(e, SPECTATOR) && canSee(e, 2)).toBe(true);
  });

  it('AOH-HID-11: a road request and the answer are public', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 4, seats: [{ hand: ['stone', 'stone', 'gold', 'stone'] }, {}, {}, {}], at: { build: 0 } },
      log,
    );
    act(st, 0, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: 3 }, log);
    expect(spectator(st).waiting).toEqual([{ seat: 3, kind: 'aoh.consent' }]);
    // The request is public, the payment offered with it is not (AOH-HID-12): a refused road is
    // never paid, so its cards stay secret in the builder's hand.
    for (const viewer of [SPECTATOR, 1, 2, 3])
      expect(JSON.stringify(G.view(st, viewer).flow)).not.toContain('stone');
    expect(G.view(st, 0).flow.find((f) => f.k === 'consent')).toMatchObject({ pay: ['stone', 'stone'] });
    expect(events(log, 'aoh.ev.roadRequest')[0]!.params).toEqual({ seat: 0, to: 3 });
    act(st, 3, { type: 'consent', accept: false }, log);
    act(st, 0, { type: 'buildItem', item: 'road', pay: ['stone', 'gold'], to: 1 }, log);
    act(st, 1, { type: 'consent', accept: true }, log);
    const keys = ['aoh.ev.roadRequest', 'aoh.ev.roadRefused', 'aoh.ev.road'];
    for (const k of keys) {
      expect(events(log, k).length).toBeGreaterThan(0);
      for (const e of events(log, k)) expect(canSee(e, SPECTATOR) && canSee(e, 2)).toBe(true);
    }
    expect(events(log, 'aoh.ev.roadRefused')[0]!.params).toMatchObject({ seat: 0, to: 3 });
    expect(events(log, 'aoh.ev.road')[0]!.params).toMatchObject({ seat: 0, to: 1 });
  });

  it('AOH-HID-13: plunder by a player shows the cards only to the two parties; barbarian plunder is public', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 3, seats: [{}, { hand: ['luck', 'gold'], armies: 0 }, {}], at: { action: 0 } },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }), log);
    act(st, 1, { type: 'pass' }, log);
    const full = events(log, 'aoh.ev.plunder')[0]!;
    const count = events(log, 'aoh.ev.plunderHidden')[0]!;
    expect((full.params!.cards as string[]).slice().sort()).toEqual(['gold', 'luck']);
    expect(count.params).toEqual({ attacker: 0, defender: 1, count: 2 });
    expect([0, 1].every((s) => canSee(full, s))).toBe(true);
    expect([2, SPECTATOR].some((s) => canSee(full, s))).toBe(false);
    expect([0, 1].some((s) => canSee(count, s))).toBe(false);
    expect([2, SPECTATOR].every((s) => canSee(count, s))).toBe(true);
    expect(G.view(st, 2).players[0]!.hand).toBeUndefined();

    const blog: GameEvent[] = [];
    const b = scenario(
      {
        players: 2,
        seats: [{ hand: ['iron', 'wood'], armies: 0 }, {}],
        deck: ['barbarians'],
        at: { turn: 0 },
      },
      blog,
    );
    act(b, 0, { type: 'pass' }, blog); // no response card
    const bp = events(blog, 'aoh.ev.barbarianPlunder')[0]!;
    expect(canSee(bp, SPECTATOR) && canSee(bp, 1)).toBe(true);
    expect((bp.params!.cards as string[]).slice().sort()).toEqual(['iron', 'wood']);
    expect(spectator(b).discard.slice(-3).sort()).toEqual(['barbarians', 'iron', 'wood']);
  });

  it('AOH-HID-14: every response window opens for its respondent whether or not he holds a card, and looks the same to everyone else', () => {
    // Defender response: with Olympic Games, and with a plain Iron instead.
    const war = (card: string) => {
      const st = scenario({
        players: 3,
        seats: [{}, { hand: [card] }, {}],
        seed: 'hid14',
        at: { action: 0 },
      });
      act(st, 0, warSteps({ target: 1, objective: 'razing', armies: [1] }));
      return st;
    };
    const holder = war('olympic_games');
    const none = war('iron');
    for (const st of [holder, none])
      expect(awaited(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'aoh.response', window: true })]);
    expect(types(holder, 1)).toEqual(['olympics', 'pass']);
    expect(types(none, 1)).toEqual(['pass']);
    for (const viewer of [SPECTATOR, 0, 2]) {
      expect(JSON.stringify(G.view(holder, viewer))).toBe(JSON.stringify(G.view(none, viewer)));
      // Not "waiting for seat 1": a window is only "waiting for responses" (AOH-HID-1, AOH-HID-14).
      expect([G.view(holder, viewer).waiting, G.view(holder, viewer).responses]).toEqual([[], true]);
    }
    expect(G.view(holder, 1).prompts).toEqual([expect.objectContaining({ kind: 'aoh.response' })]);

    // Luck windows: Earthquake owner (DP-3), Volcano victim (DP-5), Famine round (DP-6), Barbarians (DP-7).
    const disaster = (card: string, hand: string, victimHand: string[]) =>
      scenario({
        players: 3,
        seats: [{ hand: ['stone'] }, { hand: victimHand }, { hand: [hand], armies: 0, cities: 0 }],
        seed: 'hid14b',
        deck: [card],
        at: { turn: 1 },
      });
    for (const card of ['earthquake', 'volcano']) {
      const a = disaster(card, 'luck', ['iron']);
      const b = disaster(card, 'wood', ['iron']);
      for (const st of [a, b])
        expect(awaited(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'aoh.luck', window: true })]);
      const c = scenario({
        players: 3,
        seats: [{ hand: ['luck'] }, { hand: ['iron'] }, { hand: ['wood'], armies: 0, cities: 0 }],
        seed: 'x',
        deck: [card],
        at: { turn: 1 },
      });
      const d = scenario({
        players: 3,
        seats: [{ hand: ['gold'] }, { hand: ['iron'] }, { hand: ['wood'], armies: 0, cities: 0 }],
        seed: 'x',
        deck: [card],
        at: { turn: 1 },
      });
      expect(types(c, 0)).toEqual(['luck', 'pass']);
      expect(types(d, 0)).toEqual(['pass']);
      for (const viewer of [SPECTATOR, 1, 2])
        expect(JSON.stringify(G.view(c, viewer))).toBe(JSON.stringify(G.view(d, viewer)));
    }
    // Famine: one window for every survivor at once, holder or not; nobody else sees who answered.
    const famine = (hands: string[][]) =>
      scenario({
        players: 3,
        seats: hands.map((hand) => ({ hand })),
        deck: ['famine'],
        at: { turn: 1 },
      });
    const f = famine([['luck'], ['iron'], ['wood']]);
    const g = famine([['wood'], ['iron'], ['luck']]);
    for (const st of [f, g]) {
      expect(awaited(st).map((p) => [p.seat, p.kind, p.window])).toEqual([
        [0, 'aoh.luck', true],
        [1, 'aoh.luck', true],
        [2, 'aoh.luck', true],
      ]);
      for (const viewer of [SPECTATOR, 1]) {
        const v = G.view(st, viewer);
        expect(v.waiting).toEqual([]); // no name …
        expect(v.responses).toBe(true); // … only "waiting for responses"
      }
    }
    expect(types(f, 0)).toEqual(['luck', 'pass']);
    expect(types(g, 0)).toEqual(['pass']);
    // Seat 1 (no Luck in either world) sees the same table whoever holds it, before and after the
    // seats without Luck have answered (the server answers them after its uniform minimum time).
    expect(JSON.stringify(G.view(f, 1))).toBe(JSON.stringify(G.view(g, 1)));
    act(f, 1, { type: 'pass' });
    act(f, 2, { type: 'pass' });
    act(g, 1, { type: 'pass' });
    act(g, 0, { type: 'pass' });
    expect(awaited(f).map((p) => p.seat)).toEqual([0]);
    expect(awaited(g).map((p) => p.seat)).toEqual([2]);
    for (const viewer of [SPECTATOR, 1]) {
      expect(JSON.stringify(G.view(f, viewer))).toBe(JSON.stringify(G.view(g, viewer)));
      expect(G.renderText(G.view(f, viewer), 'en', (s) => `P${s}`)).toContain('Waiting for responses');
    }
  });

  it('AOH-HID-15, AOH-HID-16: battle cards stay face-down to the other side until their units fight, and never after', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 3, seats: [{ armies: 3 }, { armies: 2 }, {}], battle: [1, 6, 3, 2, 4], at: { action: 0 } },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1, 2, 3] }), log);
    act(st, 1, { type: 'pass' }, log);
    // Drawn: A 1, 6, 3; D 2, 4. Each sees his own cards only.
    const cards = events(log, 'aoh.ev.battleCards');
    expect(cards.map((e) => [e.to, e.params!.cards])).toEqual([
      [[0], [1, 6, 3]],
      [[1], [2, 4]],
    ]);
    expect(G.view(st, 0).war!.pool).toEqual([1, 6, 3]);
    expect(G.view(st, 1).war!.pool).toEqual([2, 4]);
    expect(spectator(st).war!.pool).toEqual([]);
    expect(G.view(st, 2).war!.pool).toEqual([]);
    // A places one card: the other side learns nothing, not even that a card lies there.
    act(st, 0, { type: 'place', unit: 0, card: 6 }, log);
    const dv = G.view(st, 1).war!;
    expect(dv.units.filter((u) => u.side === 0).map((u) => [u.hasCard, u.card])).toEqual([
      [false, null],
      [false, null],
      [false, null],
    ]);
    expect(dv.poolCount).toEqual([3, 2]);
    expect(JSON.stringify(G.view(st, 1))).not.toContain('"myPick":0');
    act(st, 0, { type: 'place', unit: 1, card: 1 }, log);
    act(st, 0, { type: 'place', unit: 2, card: 3 }, log);
    // Committed: face-down cards, values hidden from D and spectators, known to A.
    for (const v of [G.view(st, 1), spectator(st)])
      expect(v.war!.units.filter((u) => u.side === 0).map((u) => [u.hasCard, u.card])).toEqual([
        [true, null],
        [true, null],
        [true, null],
      ]);
    expect(
      G.view(st, 0)
        .war!.units.filter((u) => u.side === 0)
        .map((u) => u.card),
    ).toEqual([6, 1, 3]);
    expect(
      events(log, 'aoh.ev.placementDone').every((e) => !('card' in e.params!) && !('unit' in e.params!)),
    ).toBe(true);
    act(st, 1, placeSteps(st, 1, [2, 4]), log);
    // Duel 1: A picks first; D and spectators see only that A has chosen.
    act(st, 0, { type: 'duel', unit: 0 }, log);
    for (const v of [G.view(st, 1), spectator(st)]) {
      expect(v.war!.picked).toEqual([true, false]);
      expect(v.war!.myPick).toBe(-1);
    }
    expect(G.view(st, 0).war!.myPick).toBe(0);
    expect(events(log, 'aoh.ev.duelPicked').at(-1)!.params).toEqual({ seat: 0 });
    act(st, 1, { type: 'duel', unit: 4 }, log);
    // The two fought cards are now public; the unfought ones are not.
    const sv = spectator(st).war!;
    expect(sv.units.map((u) => u.card)).toEqual([6, null, null, null, 4]);
    expect(G.view(st, 1).war!.units.map((u) => u.card)).toEqual([6, null, null, 2, 4]);
    act(st, 0, { type: 'duel', unit: 2 }, log); // a3 (card 3) against d1 (card 2), chosen automatically
    expect(st.war).toBeNull();
    // After the battle a2's card (1) was never shown: no event D or a spectator can see carries it.
    const duels = events(log, 'aoh.ev.duel').map((e) => [e.params!.av, e.params!.dv]);
    expect(duels).toEqual([
      [6, 4],
      [3, 2],
    ]);
    for (const viewer of [1, SPECTATOR])
      for (const e of log.filter(
        (x) => canSee(x, viewer) && x.key !== 'aoh.ev.duel' && !x.to?.includes(viewer),
      )) {
        expect(e.params).not.toHaveProperty('cards');
        expect(e.params).not.toHaveProperty('card');
      }
  });

  it('AOH-HID-18, AOH-DP-21: chat is not a game input — it changes no state and nothing of it reaches a view', () => {
    const st = scenario({ players: 3, at: { market: 'trade' } });
    const before = JSON.stringify(st);
    const r = G.apply(st, 0, { type: 'chat', to: 1, text: 'secret' } as unknown as AohAction);
    expect(r.ok).toBe(false);
    expect(JSON.stringify(st)).toBe(before);
    for (const v of [SPECTATOR, 0, 1, 2]) expect(JSON.stringify(G.view(st, v))).not.toContain('secret');
    expect(G.legalActions(st, 0).some((a) => (a.type as string) === 'chat')).toBe(false);
  });

  it('AOH-HID-20: a bot decides from its seat view alone: hidden differences do not change its choice', () => {
    const heuristic = G.bots!.heuristic!;
    const st = scenario({
      players: 3,
      seats: [{ hand: ['stone', 'wood', 'wood', 'iron'] }, { hand: ['luck', 'gold'] }, { hand: ['iron'] }],
      at: { action: 0 },
    });
    const other = JSON.parse(JSON.stringify(st)) as AohState;
    other.cfg = st.cfg;
    [other.p[1]!.hand, other.p[2]!.hand] = [['iron', 'grain'], ['stone']];
    other.deck.reverse();
    expect(JSON.stringify(G.view(other, 0))).toBe(JSON.stringify(G.view(st, 0)));
    const choose = (s: AohState) => {
      const bot = heuristic({ seed: 'bot' });
      const prompt = G.prompts(s).find((p) => p.seat === 0)!;
      return bot.choose({
        seat: 0,
        view: G.view(s, 0),
        legal: G.legalActions(s, 0),
        prompt,
        rng: new Rng('bot'),
      });
    };
    expect(choose(other)).toEqual(choose(st));
    // A sampled world built from the view reproduces that view (the bot's search never peeks).
    const w = G.sampleWorld(G.view(st, 0), 0, new Rng('w'));
    expect(w.p[0]!.hand).toEqual(st.p[0]!.hand);
    expect(w.p[1]!.hand).toHaveLength(2);
    expect(checkInvariants(w)).toEqual([]);
  });
});

describe('Decision points (§22)', () => {
  it('AOH-DP-1: tribes are drafted in turn order from the first player; the default is the first unpicked tribe', () => {
    const o = G.parseOptions({ tribes: 'draft', seatOrder: 'fixed' });
    if (!o.ok) throw new Error(o.error.message);
    const r = G.setup(o.value, 3, 'draft', []);
    if (!r.ok) throw new Error(r.error.message);
    const st = r.value;
    const first = st.first;
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: first, kind: 'aoh.tribe' })]);
    expect(G.legalActions(st, first)).toEqual(
      DEFAULT_CONFIG.tribes.map((t) => ({ type: 'tribe', tribe: t.id })),
    );
    expect(G.defaultAction(st, first)).toEqual({ type: 'tribe', tribe: 'egyptians' });
    act(st, first, { type: 'tribe', tribe: 'romans' });
    const second = (first + 1) % 3;
    expect(awaited(st)[0]!.seat).toBe(second);
    expect(rejected(st, second, { type: 'tribe', tribe: 'romans' }).rule).toBe('AOH-DP-1');
    expect(G.defaultAction(st, second)).toEqual({ type: 'tribe', tribe: 'egyptians' });
    act(st, second, G.defaultAction(st, second)!);
    act(st, (first + 2) % 3, G.defaultAction(st, (first + 2) % 3)!);
    expect(st.p[(first + 2) % 3]!.tribe).toBe('greeks');
  });

  it('AOH-DP-2, AOH-DP-3: the drawer picks the Earthquake target (default: clockwise from his left, lowest id); the owner may answer with Luck', () => {
    // Armies: seat 0 id 1; seat 1 id 2 (drawer); seat 2 id 3 with a General; seat 3 ids 4, 5.
    const st = scenario({
      players: 4,
      seats: [{ hand: ['luck'] }, {}, { armies: [{ general: true }] }, { armies: 2 }],
      deck: ['earthquake'],
      at: { turn: 1 },
    });
    expect(awaited(st)).toEqual([{ seat: 1, kind: 'aoh.quakeTarget', args: { targets: [4, 5, 1] } }]);
    expect(G.legalActions(st, 1)).toEqual([4, 5, 1].map((army) => ({ type: 'quakeTarget', army })));
    expect(G.defaultAction(st, 1)).toEqual({ type: 'quakeTarget', army: 4 });
    expect(rejected(st, 1, { type: 'quakeTarget', army: 3 }).rule).toBe('AOH-EVT-QUAKE-2');
    act(st, 1, { type: 'quakeTarget', army: 1 });
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'aoh.luck', window: true })]);
    expect(G.legalActions(st, 0)).toEqual([{ type: 'luck' }, { type: 'pass' }]);
    expect(G.defaultAction(st, 0)).toEqual({ type: 'pass' });
    act(st, 0, G.defaultAction(st, 0)!);
    expect(st.p[0]!.armies[0]!.quakes).toHaveLength(1);
    // Exactly one legal target: chosen automatically, no target prompt.
    const one = scenario({
      players: 3,
      seats: [{ armies: [{ general: true }] }, {}, {}],
      deck: ['earthquake'],
      at: { turn: 1 },
    });
    expect(awaited(one)).toEqual([expect.objectContaining({ seat: 2, kind: 'aoh.luck' })]);
  });

  it('AOH-DP-4, AOH-DP-5: the drawer picks the Volcano victim (default: first tribe with a city clockwise from his left); the victim may answer with Luck', () => {
    const st = scenario({
      players: 4,
      seats: [{}, {}, { cities: 0, hand: ['iron'] }, { hand: ['luck'] }],
      deck: ['volcano'],
      at: { turn: 1 },
    });
    expect(awaited(st)).toEqual([{ seat: 1, kind: 'aoh.volcanoTarget', args: { targets: [3, 0] } }]);
    expect(G.defaultAction(st, 1)).toEqual({ type: 'volcanoTarget', seat: 3 });
    expect(rejected(st, 1, { type: 'volcanoTarget', seat: 2 }).rule).toBe('AOH-EVT-VOLC-2');
    act(st, 1, G.defaultAction(st, 1)!);
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 3, kind: 'aoh.luck', window: true })]);
    expect(G.defaultAction(st, 3)).toEqual({ type: 'pass' });
    act(st, 3, { type: 'luck' });
    expect(st.p[3]!.cities).toBe(1);
    expect(st.discard.slice(-2)).toEqual(['luck', 'volcano']);
    const one = scenario({
      players: 3,
      seats: [{ cities: 0, hand: ['iron'] }, {}, {}],
      deck: ['volcano'],
      at: { turn: 1 },
    });
    expect(awaited(one)).toEqual([expect.objectContaining({ seat: 2, kind: 'aoh.luck' })]);
  });

  it('AOH-DP-6: the Famine Luck window opens for every survivor at once; the first Luck in turn order from the drawer is the one played', () => {
    const st = scenario({
      players: 4,
      seats: [{ hand: ['grain'] }, { hand: ['grain'] }, { hand: ['luck', 'grain'] }, { hand: ['luck'] }],
      deck: ['famine'],
      at: { turn: 1 },
    });
    expect(awaited(st)).toEqual(
      [0, 1, 2, 3].map((seat) => expect.objectContaining({ seat, kind: 'aoh.luck', window: true })),
    );
    for (const s of [0, 1, 2, 3]) expect(G.defaultAction(st, s)).toEqual({ type: 'pass' });
    act(st, 3, { type: 'luck' });
    act(st, 0, { type: 'pass' });
    act(st, 2, { type: 'luck' });
    expect(awaited(st).map((p) => p.seat)).toEqual([1]); // the window waits for its last answer
    act(st, 1, { type: 'pass' });
    // Order from the drawer B: B, C, D, A — C's Luck comes before D's; D keeps his.
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'aoh.action' })]);
    expect(st.p.map((p) => p.hand.includes('grain'))).toEqual([true, true, true, false]);
    expect(st.p[3]!.hand).toEqual(['luck']);
  });

  it('AOH-DP-7: the defender answers with nothing, Olympic Games, Luck (Barbarians only) or Heroes; the default is nothing', () => {
    const st = scenario({
      players: 3,
      seats: [{}, { hand: ['olympic_games', 'mighty_hero', 'luck'] }, {}],
      at: { action: 0 },
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }));
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'aoh.response', window: true })]);
    // One action each: the cancel card, every way to play his one Hero, or nothing.
    expect(G.legalActions(st, 1)).toEqual([
      { type: 'olympics' },
      { type: 'respond', heroes: [-1] },
      { type: 'respond', heroes: [2] },
      { type: 'pass' },
    ]);
    expect(rejected(st, 1, { type: 'luck' }).rule).toBe('AOH-WAR-12');
    expect(G.defaultAction(st, 1)).toEqual({ type: 'pass' });
    // AOH-WAR-15: a cancel card with Heroes is refused.
    expect(rejected(st, 1, { type: 'olympics', heroes: [2] } as AohAction).rule).toBe('AOH-WAR-15');
    const d = G.clone(st);
    const dlog: GameEvent[] = [];
    act(d, 1, { type: 'respond', heroes: [2] }, dlog);
    expect(events(dlog, 'aoh.ev.response')[0]!.params).toEqual({ seat: 1, heroes: [2] });
    expect(events(dlog, 'aoh.ev.battle')).toHaveLength(1); // not cancelled: the battle is fought
    expect(d.p[1]!.hand).toEqual(['olympic_games', 'luck']);
    // Barbarians: Luck is offered too.
    const b = scenario({
      players: 2,
      seats: [{ hand: ['luck'] }, {}],
      deck: ['barbarians'],
      at: { turn: 0 },
    });
    expect(awaited(b)).toEqual([expect.objectContaining({ seat: 0, kind: 'aoh.response', window: true })]);
    expect(G.legalActions(b, 0)).toEqual([{ type: 'luck' }, { type: 'pass' }]);
    expect(G.defaultAction(b, 0)).toEqual({ type: 'pass' });
  });

  it('AOH-DP-8, AOH-DP-13: the action choice offers Taxes, Build, War on every other tribe and Pass; a war draft times out back to Pass', () => {
    const st = scenario({ players: 3, seats: [{ armies: 1 }, {}, {}], at: { action: 0 } });
    const legal = G.legalActions(st, 0);
    expect(legal.filter((a) => a.type !== 'war')).toEqual([
      { type: 'taxes' },
      { type: 'build' },
      { type: 'pass' },
    ]);
    expect(legal.filter((a) => a.type === 'war')).toHaveLength(2 * 3);
    expect(G.defaultAction(st, 0)).toEqual({ type: 'pass' });
    // DP-13: the declaration is a private draft; others still see "choosing an action".
    act(st, 0, { type: 'war', target: 2, objective: 'razing' });
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'aoh.warDraft' })]);
    expect(spectator(st).waiting).toEqual([{ seat: 0, kind: 'aoh.action' }]);
    expect(G.view(st, 2).draft).toBeNull();
    expect(G.view(st, 0).draft).toMatchObject({ target: 2, objective: 'razing' });
    act(st, 0, { type: 'warArmy', army: 1 });
    expect(G.defaultAction(st, 0)).toEqual({ type: 'warCancel' });
    act(st, 0, G.defaultAction(st, 0)!);
    expect(st.p[0]!.armies[0]!.status).toBe('home');
    expect(G.defaultAction(st, 0)).toEqual({ type: 'pass' });
    act(st, 0, G.defaultAction(st, 0)!);
    expect(awaited(st)[0]!.kind).toBe('aoh.monument');
    // With no available army and no Hero, War is not offered.
    const none = scenario({
      players: 2,
      seats: [{ armies: [{ status: 'away', returnAt: 2 }] }, {}],
      at: { action: 0 },
    });
    expect(types(none, 0)).toEqual(['taxes', 'build', 'pass']);
  });

  it('AOH-DP-9: Taxes without a city offer a one-card swap or a skip; the default is skip', () => {
    const st = scenario({
      players: 2,
      seats: [{ cities: 0, hand: ['grain', 'stone', 'grain'] }, {}],
      at: { action: 0 },
    });
    act(st, 0, { type: 'taxes' });
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'aoh.swap' })]);
    expect(G.legalActions(st, 0)).toEqual([
      { type: 'swap', card: 'grain' },
      { type: 'swap', card: 'stone' },
      { type: 'swapSkip' },
    ]);
    expect(G.defaultAction(st, 0)).toEqual({ type: 'swapSkip' });
    act(st, 0, G.defaultAction(st, 0)!);
    expect(st.p[0]!.hand).toEqual(['grain', 'stone', 'grain']);
    expect(awaited(st)[0]!.kind).toBe('aoh.monument');
  });

  it('AOH-DP-10, AOH-DP-11, AOH-DP-12: build orders name item, payment, host or neighbour; the neighbour consents (default refuse); Build ends by default', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [
          { hand: ['iron', 'gold', 'stone', 'stone'], armies: [{}, { status: 'away', returnAt: 2 }] },
          {},
          {},
        ],
        at: { build: 0 },
      },
      log,
    );
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'aoh.build' })]);
    const legal = G.legalActions(st, 0);
    expect(legal).toContainEqual({ type: 'buildItem', item: 'general', pay: ['iron', 'gold'], host: 1 });
    expect(legal.some((a) => a.type === 'buildItem' && a.item === 'general' && a.host === 2)).toBe(false); // away
    expect(legal).toContainEqual({ type: 'buildItem', item: 'fortress', pay: ['iron', 'stone', 'gold'] });
    expect(legal).toContainEqual({ type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: 1 });
    expect(legal).toContainEqual({ type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: 2 });
    expect(legal.at(-1)).toEqual({ type: 'buildDone' });
    expect(G.defaultAction(st, 0)).toEqual({ type: 'buildDone' });
    act(st, 0, { type: 'buildItem', item: 'road', pay: ['stone', 'stone'], to: 2 }, log);
    expect(awaited(st)).toEqual([{ seat: 2, kind: 'aoh.consent', args: { builder: 0 } }]);
    expect(G.legalActions(st, 2)).toEqual([
      { type: 'consent', accept: true },
      { type: 'consent', accept: false },
    ]);
    expect(G.defaultAction(st, 2)).toEqual({ type: 'consent', accept: false });
    act(st, 2, G.defaultAction(st, 2)!, log);
    expect(st.roads).toEqual([]);
    expect(st.p[0]!.hand).toHaveLength(4);
    expect(G.legalActions(st, 0).some((a) => a.type === 'buildItem' && a.item === 'road' && a.to === 2)).toBe(
      false,
    );
    act(st, 0, G.defaultAction(st, 0)!, log);
    expect(awaited(st)[0]!.kind).toBe('aoh.monument');
    expect(events(log, 'aoh.ev.buildDone')).toHaveLength(1);
  });

  it('AOH-DP-14, AOH-DP-15, AOH-DP-25: placement and duel choices are simultaneous and secret; defaults follow draw order and unit order', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 3, seats: [{ armies: 2 }, { armies: 2 }, {}], battle: [5, 2, 3, 6], at: { action: 0 } },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'razing', armies: [1, 2] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect(awaited(st)).toEqual([
      { seat: 0, kind: 'aoh.place', secret: true },
      { seat: 1, kind: 'aoh.place', secret: true },
    ]);
    expect(G.legalActions(st, 1)).toEqual([
      { type: 'place', unit: 2, card: 3 },
      { type: 'place', unit: 2, card: 6 },
      { type: 'place', unit: 3, card: 3 },
      { type: 'place', unit: 3, card: 6 },
    ]);
    expect(G.defaultAction(st, 0)).toEqual({ type: 'place', unit: 0, card: 5 });
    // The defender commits first (by defaults): first drawn card under the first unit.
    act(st, 1, G.defaultAction(st, 1)!, log);
    act(st, 1, G.defaultAction(st, 1)!, log);
    expect(st.war!.units.slice(2).map((u) => u.card)).toEqual([3, 6]);
    expect(
      G.view(st, 0)
        .war!.units.slice(2)
        .map((u) => u.card),
    ).toEqual([null, null]);
    expect(awaited(st)).toEqual([{ seat: 0, kind: 'aoh.place', secret: true }]);
    // The attacker may still rearrange before his last card commits.
    act(st, 0, { type: 'place', unit: 0, card: 2 }, log);
    expect(types(st, 0)).toContain('resetPlacement');
    act(st, 0, { type: 'resetPlacement' }, log);
    act(st, 0, G.defaultAction(st, 0)!, log);
    act(st, 0, G.defaultAction(st, 0)!, log);
    expect(st.war!.units.slice(0, 2).map((u) => u.card)).toEqual([5, 2]);
    // Duel selection: both prompted, each among his unfought units; default first in unit order.
    expect(awaited(st)).toEqual([
      { seat: 0, kind: 'aoh.duel', secret: true },
      { seat: 1, kind: 'aoh.duel', secret: true },
    ]);
    expect(G.legalActions(st, 0)).toEqual([
      { type: 'duel', unit: 0 },
      { type: 'duel', unit: 1 },
    ]);
    expect(G.defaultAction(st, 1)).toEqual({ type: 'duel', unit: 2 });
    act(st, 1, { type: 'duel', unit: 3 }, log);
    expect(G.view(st, 0).war!.myPick).toBe(-1);
    expect(G.view(st, 0).war!.picked).toEqual([false, true]);
    expect(events(log, 'aoh.ev.duel')).toHaveLength(0);
    act(st, 0, G.defaultAction(st, 0)!, log);
    expect(events(log, 'aoh.ev.duel')[0]!.params).toMatchObject({ a: 0, d: 3, av: 5, dv: 6 });
    // One unit left per side: chosen automatically, no prompt.
    expect(st.war).toBeNull();
    expect(events(log, 'aoh.ev.duel')).toHaveLength(2);
  });

  it('AOH-DP-16, AOH-DP-17: the monument default places every own special; the discard default drops the latest cards first', () => {
    const st = scenario({
      players: 2,
      seats: [{ hand: ['limestone', 'iron', 'marble', 'limestone', 'wood', 'stone', 'grain', 'gold'] }, {}],
      at: { monument: 0 },
    });
    expect(awaited(st)).toEqual([{ seat: 0, kind: 'aoh.monument', args: { card: 'limestone' } }]);
    expect(G.legalActions(st, 0)).toEqual([0, 1, 2].map((count) => ({ type: 'monument', count })));
    expect(G.defaultAction(st, 0)).toEqual({ type: 'monument', count: 2 });
    act(st, 0, G.defaultAction(st, 0)!);
    expect(st.p[0]!.monument).toBe(2);
    expect(awaited(st)).toEqual([{ seat: 0, kind: 'aoh.discard', args: { excess: 1 } }]);
    expect(G.legalActions(st, 0).map((a) => (a as { card: string }).card)).toEqual([
      'iron',
      'marble',
      'wood',
      'stone',
      'grain',
      'gold',
    ]);
    expect(G.defaultAction(st, 0)).toEqual({ type: 'discard', card: 'gold' });
    act(st, 0, G.defaultAction(st, 0)!);
    expect(st.p[0]!.hand).toEqual(['iron', 'marble', 'wood', 'stone', 'grain']);
    expect(awaited(st)[0]).toMatchObject({ seat: 1 }); // turn over, no more discards
  });

  it('AOH-DP-18, AOH-DP-19, AOH-DP-20: in the trading window anyone may offer, accept or decline; the default is ready, never an answer', () => {
    const st = scenario({
      players: 3,
      seats: [{ hand: ['iron'] }, { hand: ['wood'] }, { hand: ['stone'] }],
      at: { market: 'trade' },
    });
    expect(awaited(st).map((p) => [p.seat, p.kind])).toEqual([
      [0, 'aoh.trade'],
      [1, 'aoh.trade'],
      [2, 'aoh.trade'],
    ]);
    for (const s of [0, 1, 2]) expect(types(st, s)).toEqual(['ready', 'offerNew']);
    act(st, 0, offerSteps({ to: 1, give: ['iron'], receive: ['wood'] }));
    expect(types(st, 0)).toEqual(['ready', 'offerNew', 'withdraw']);
    expect(types(st, 1)).toEqual(['ready', 'offerNew', 'accept', 'decline']);
    expect(types(st, 2)).toEqual(['ready', 'offerNew']); // a directed offer is not his to answer
    expect(rejected(st, 2, { type: 'decline', offer: 1 }).rule).toBe('AOH-TRADE-13');
    expect(G.defaultAction(st, 1)).toEqual({ type: 'ready' });
    act(st, 1, G.defaultAction(st, 1)!);
    expect(st.market!.offers).toHaveLength(1); // no response: the offer stays
    expect(G.prompts(st).find((p) => p.seat === 1)).toMatchObject({ optional: true });
    // A half-built offer times out by being dropped, then ready.
    act(st, 2, { type: 'offerNew' });
    expect(G.defaultAction(st, 2)).toEqual({ type: 'offerDrop' });
    act(st, 2, G.defaultAction(st, 2)!);
    act(st, 2, G.defaultAction(st, 2)!);
    act(st, 0, { type: 'withdraw', offer: 1 });
    act(st, 0, G.defaultAction(st, 0)!);
    // Everyone ready: the window closes and the leader's turn starts.
    expect(st.market).toBeNull();
    expect(st.active).toBe(0);
  });

  it('AOH-DP-22: any surviving player may resign at any time, also out of turn; an eliminated one cannot', () => {
    const st = scenario({ players: 3, at: { action: 0 } });
    act(st, 2, { type: 'resign' });
    expect(st.p[2]!.alive).toBe(false);
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'aoh.action' })]);
    expect(rejected(st, 2, { type: 'resign' }).rule).toBe('AOH-ELIM-4');
    act(st, 0, { type: 'resign' });
    expect(st.over).toEqual({ winners: [1], reason: 'last-standing' });
  });

  it('AOH-DP-23: spoils, plunder, returns, Population Boom and road payment need no decision', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ armies: 2 }, { armies: 0, hand: ['iron', 'wood', 'gold'] }, {}],
        deck: ['population_boom', 'iron', 'wood', 'stone'],
        at: { action: 0 },
      },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1, 2] }), log);
    act(st, 1, { type: 'pass' }, log);
    // Straight from the response to the attacker's monument phase: V = 2, plunder chosen at random.
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'aoh.monument' })]);
    expect(st.p[0]!.hand).toHaveLength(3);
    expect(st.p[0]!.armies.every((a) => a.status === 'away')).toBe(true);
    // Seat 1's turn: Population Boom resolves without a prompt, then his action.
    drive(st, (s) => s.active === 1);
    expect(st.p[1]!.cities).toBe(2);
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'aoh.action' })]);
  });

  it('AOH-DP-24: out-of-turn decisions belong to their respondent only; during Market Day every decision is out of turn', () => {
    const st = scenario({
      players: 3,
      seats: [{ armies: 2 }, { hand: ['mighty_hero'] }, {}],
      at: { action: 0 },
    });
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1, 2] }));
    expect(st.active).toBe(0);
    expect(awaited(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'aoh.response' })]);
    expect(rejected(st, 0, { type: 'pass' }).rule).toBe('AOH-DP-24');
    expect(rejected(st, 2, { type: 'pass' }).rule).toBe('AOH-DP-24');
    expect(G.legalActions(st, 0)).toEqual([]);
    expect(G.defaultAction(st, 2)).toBeNull();
    act(st, 1, { type: 'respond', heroes: [-1] });
    expect(awaited(st).map((p) => p.seat)).toEqual([0, 1]); // the defender places out of turn too
    // Market Day: the drawer of an Earthquake chooses its target while nobody is active.
    const m = scenario({ players: 3, deck: ['iron', 'earthquake', 'wood'], at: { market: 'draw' } });
    expect(m.active).toBe(-1);
    expect(awaited(m)).toEqual([expect.objectContaining({ seat: 1, kind: 'aoh.quakeTarget' })]);
    expect(rejected(m, 0, { type: 'quakeTarget', army: 3 }).rule).toBe('AOH-DP-24');
    act(m, 1, { type: 'quakeTarget', army: 3 });
    expect(awaited(m)).toEqual([expect.objectContaining({ seat: 2, kind: 'aoh.luck' })]);
  });

  it('AOH-DP-26: one interrupt chain at a time — pending Market Day events resolve strictly one after another; only trading is concurrent', () => {
    const st = scenario({
      players: 3,
      seats: [{}, { hand: ['luck'] }, {}],
      deck: ['volcano', 'earthquake', 'iron'],
      at: { market: 'draw' },
    });
    const seen: [Seat, string][] = [];
    while (!st.market!.trading) {
      const ps = awaited(st);
      expect(ps).toHaveLength(1);
      seen.push([ps[0]!.seat, ps[0]!.kind]);
      act(st, ps[0]!.seat, G.defaultAction(st, ps[0]!.seat)!);
    }
    // Seat 0's Volcano (target, then the victim's window) is over before seat 1's Earthquake starts.
    expect(seen).toEqual([
      [0, 'aoh.volcanoTarget'],
      [1, 'aoh.luck'],
      [1, 'aoh.quakeTarget'],
      [2, 'aoh.luck'],
    ]);
    expect(awaited(st)).toHaveLength(3);
  });
});
