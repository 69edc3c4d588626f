/**
 * Phases 3 and 4 for a migrating tribe (spec §8–§10): the step's shape, the rest bonus, movement
 * (routes, arrows and payment) and plundering with the loot tokens' effects.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { canSee } from '@tabula/engine';
import { cheapestMove, rtOf, scenario, struggleForRome as game } from '@tabula/struggle-for-rome';
import type { ScenarioSpec, SfrAction, SfrState } from '@tabula/struggle-for-rome';
import { ok, rejects } from './helpers.js';

type Move = Extract<SfrAction, { type: 'move' }>;

const rt = (st: SfrState) => rtOf(st.opts);
const nodeOf = (st: SfrState, seat: number, t: number) => rt(st).nodes[st.p[seat]!.tribes[t]!.node]!.id;
const cityIdx = (st: SfrState, id: string) => rt(st).cityIdx.get(id)!;
const tokenIds = (st: SfrState, seat: number, t: number) =>
  st.p[seat]!.tribes[t]!.loot.map((x) => rt(st).tokens[x]!.id);
const moves = (st: SfrState, seat: number, to?: string) =>
  game.legalActions(st, seat).filter((a) => a.type === 'move' && (to === undefined || a.to === to)) as Move[];
const actPrompt = (st: SfrState) => game.prompts(st)[0]!;

/** Phase-3 step of seat 0 with 4 players. */
const p3 = (seat0: NonNullable<ScenarioSpec['seats']>[number], extra: Partial<ScenarioSpec> = {}) => {
  const { seats = [], ...rest } = extra;
  return scenario({ players: 4, at: { phase: 3, seat: 0 }, ...rest, seats: [seat0, ...seats] });
};

// Routes on the designed map (L = land arrow, S = sea arrow, — = plain).
/** n079 L n089 — n098 — n107 (Burdigala) S5 n126 — n139: land (free) then sea (1 gold). */
const SEA_ROUTE = ['n079', 'n089', 'n098', 'n107', 'n126', 'n139'];
/** n079 L n089 — n098 — n107 L n116 — n128 — n140 — n127 L n139: three land arrows (two paid). */
const LAND_ROUTE = ['n079', 'n089', 'n098', 'n107', 'n116', 'n128', 'n140', 'n127', 'n139'];

describe('the tribe steps (SFR-ACT)', () => {
  it('SFR-ACT-1: phase 3 is every horseman tribe’s step in turn order, phase 4 every warrior tribe’s', () => {
    const st = scenario({
      players: 4,
      start: 2,
      seats: [
        { horsemen: { node: 'n042' }, warriors: { node: 'n079' } },
        {},
        { horsemen: { node: 'n032' } },
        {},
      ],
      at: { phase: 3, seat: 2 },
    });
    const order: [number, number, string][] = [];
    for (let i = 0; i < 8; i++) {
      const pr = actPrompt(st);
      order.push([st.phase, pr.seat, (pr.args as { tribe: string }).tribe]);
      if (pr.seat === 0 && st.phase === 3) {
        // The horseman tribe moves; the warrior tribe stays where it is.
        ok(st, 0, { type: 'move', to: 'n043', route: ['n042', 'n032', 'n043'], grain: 0 });
        expect(nodeOf(st, 0, 0)).toBe('n043');
        expect(nodeOf(st, 0, 1)).toBe('n079');
        ok(st, 0, { type: 'endStep' });
      } else if (pr.seat === 0 && st.phase === 4) {
        ok(st, 0, { type: 'move', to: 'n089', route: ['n079', 'n089'], grain: 0 });
        expect(nodeOf(st, 0, 1)).toBe('n089');
        expect(nodeOf(st, 0, 0)).toBe('n043');
        ok(st, 0, { type: 'endStep' });
      } else ok(st, pr.seat, { type: 'rest', take: 'gold' });
    }
    expect(order).toEqual([
      [3, 2, 'horsemen'],
      [3, 3, 'horsemen'],
      [3, 0, 'horsemen'],
      [3, 1, 'horsemen'],
      [4, 2, 'warriors'],
      [4, 3, 'warriors'],
      [4, 0, 'warriors'],
      [4, 1, 'warriors'],
    ]);
  });

  it('SFR-ACT-2: a nomadic step is rest, a deed without moving, a move with or without a deed', () => {
    // (a) Rest.
    const a = p3({ gold: 0, horsemen: { node: 'n042', army: 2 } });
    ok(a, 0, { type: 'rest', take: 'gold' });
    expect(a.p[0]!.gold).toBe(2);
    expect(actPrompt(a).seat).toBe(1);
    // (b) Plunder from the current crossroads, with no movement afterwards.
    const b = p3({ horsemen: { node: 'n042', army: 2 } }, { tokens: { 'castra-regina': 'GER-4' } });
    ok(b, 0, { type: 'plunder', city: 'castra-regina' });
    // The step waits (a development card was drawn) but a movement is no longer possible.
    rejects(b, 0, { type: 'move', to: 'n043', route: ['n042', 'n032', 'n043'], grain: 0 }, 'SFR-ACT-4');
    expect(moves(b, 0)).toEqual([]);
    // (c) Move, then plunder from the destination.
    const c = p3({ horsemen: { node: 'n031', army: 2 } }, { tokens: { 'castra-regina': 'GER-8' } });
    ok(c, 0, { type: 'move', to: 'n042', route: ['n031', 'n042'], grain: 0 });
    ok(c, 0, { type: 'plunder', city: 'castra-regina' });
    expect(tokenIds(c, 0, 0)).toEqual(['GER-8']);
    expect(actPrompt(c).seat).toBe(1);
    // (d) Move only: the step ends with endStep (and no rest bonus).
    const d = p3({ gold: 0, horsemen: { node: 'n031', army: 2 } });
    ok(d, 0, { type: 'move', to: 'n042', route: ['n031', 'n042'], grain: 0 });
    expect(game.legalActions(d, 0)).toContainEqual({ type: 'endStep' });
    expect(game.legalActions(d, 0).some((x) => x.type === 'rest')).toBe(false);
    ok(d, 0, { type: 'endStep' });
    expect(d.p[0]!.gold).toBe(0);
    expect(actPrompt(d).seat).toBe(1);
  });

  it('SFR-ACT-3: a settled tribe rests or expands; it never moves, plunders or founds', () => {
    const spec: ScenarioSpec = {
      players: 4,
      seats: [
        { gold: 5, warriors: { kingdom: ['verona'], army: 3, wagons: 2, loot: ['GER', 'GAL', 'HIS'] } },
      ],
      at: { phase: 4, seat: 0 },
    };
    const st = scenario(spec);
    const kinds = new Set(game.legalActions(st, 0).map((a) => a.type));
    expect([...kinds].sort()).toEqual(['expand', 'rest']);
    rejects(st, 0, { type: 'move', to: 'n085', route: ['n095', 'n085'], grain: 0 }, 'SFR-ACT-3', 'settled');
    rejects(st, 0, { type: 'plunder', city: 'tridentum' }, 'SFR-ACT-3', 'settled');
    rejects(st, 0, { type: 'found', city: 'tridentum' }, 'SFR-ACT-3', 'settled');
    // One conquest, then the step is over.
    ok(st, 0, { type: 'expand', city: 'tridentum' });
    expect(actPrompt(st).seat).toBe(1);
    rejects(st, 0, { type: 'expand', city: 'genua' }, 'SFR-ROUND-5');
    // Rest is the other choice.
    const rest = scenario(spec);
    ok(rest, 0, { type: 'rest', take: 'gold' });
    expect(rest.p[0]!.gold).toBe(7);
    expect(actPrompt(rest).seat).toBe(1);
  });

  it('SFR-ACT-4: one movement and one plunder-or-conquest per step; the step ends after the deed', () => {
    const st = p3({ gold: 9, horsemen: { node: 'n079', army: 3 } });
    ok(st, 0, { type: 'move', to: 'n089', route: ['n079', 'n089'], grain: 0 });
    rejects(
      st,
      0,
      { type: 'move', to: 'n098', route: ['n089', 'n098'], grain: 0 },
      'SFR-ACT-4',
      'alreadyMoved',
    );
    expect(moves(st, 0)).toEqual([]);
    // Move, plunder: the step ends at once (no development card drawn).
    const p = p3(
      { horsemen: { node: 'n085', army: 3 } },
      { tokens: { tridentum: 'NIT-8', verona: 'NIT-3' } },
    );
    expect(game.legalActions(p, 0)).toContainEqual({ type: 'plunder', city: 'verona' });
    ok(p, 0, { type: 'plunder', city: 'tridentum' });
    expect(actPrompt(p).seat).toBe(1);
    rejects(p, 0, { type: 'plunder', city: 'verona' }, 'SFR-ROUND-5');
    // After a plunder that drew a card the step waits only for endStep (and a treasure reveal).
    const w = p3(
      { horsemen: { node: 'n085', army: 3 } },
      { tokens: { tridentum: 'NIT-4', verona: 'NIT-3' }, devDeck: ['traitor'] },
    );
    ok(w, 0, { type: 'plunder', city: 'tridentum' });
    expect(game.legalActions(w, 0)).toEqual([{ type: 'endStep' }]);
    rejects(w, 0, { type: 'plunder', city: 'verona' }, 'SFR-ACT-4', 'alreadyDone');
    rejects(w, 0, { type: 'rest', take: 'gold' }, 'SFR-REST-1');
    ok(w, 0, { type: 'endStep' });
    expect(actPrompt(w).seat).toBe(1);
  });

  it('SFR-ACT-5: at most one development card per step', () => {
    const st = p3(
      { dev: ['great-horseman', 'traitor', 'forced-march'], horsemen: { node: 'n042', army: 0 } },
      { tokens: { 'castra-regina': 'GER-8' } },
    );
    ok(st, 0, { type: 'play', card: 'great-horseman' });
    // A second card — with a deed or with a movement — is refused.
    rejects(st, 0, { type: 'plunder', city: 'castra-regina', card: 'traitor' }, 'SFR-DEV-2', 'cardLimit');
    rejects(
      st,
      0,
      { type: 'move', to: 'n022', route: ['n042', 'n031', 'n022'], grain: 0, card: 'forced-march' },
      'SFR-DEV-2',
      'cardLimit',
    );
    expect(game.legalActions(st, 0).some((a) => 'card' in a && a.card !== undefined)).toBe(false);
    // The one played card does its work: strength 0 + 2 plunders the 2-tower city.
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    expect(st.p[0]!.dev.sort()).toEqual(['forced-march', 'traitor']);
  });

  it('SFR-ACT-6: a player with only a settled tribe or with nothing affordable still takes the step', () => {
    // A settled tribe without wagon (cannot expand) and a player with no gold and no cards.
    const st = scenario({
      players: 4,
      seats: [
        { gold: 0, warriors: { kingdom: ['verona'], army: 0, wagons: 0 } },
        { gold: 0, warriors: { node: 'n079', army: 0 } },
      ],
      at: { phase: 4, seat: 0 },
    });
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'sfr.act' })]);
    expect(game.legalActions(st, 0).map((a) => a.type)).toEqual(['rest', 'rest', 'rest', 'rest']);
    expect(game.defaultAction(st, 0)).toEqual({ type: 'rest', take: 'gold' });
    ok(st, 0, { type: 'rest', take: 'gold' });
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'sfr.act' })]);
    expect(game.legalActions(st, 1)).toContainEqual({ type: 'rest', take: 'gold' });
    ok(st, 1, { type: 'rest', take: 'ore' });
    expect(st.p[1]!.res[1]).toBe(1);
  });
});

describe('the rest bonus (SFR-REST)', () => {
  it('SFR-REST-1: a tribe that does nothing takes 2 gold or one resource card; not after a movement', () => {
    const log: GameEvent[] = [];
    const st = p3({ gold: 1, horsemen: { node: 'n042' } });
    ok(st, 0, { type: 'rest', take: 'gold' }, log);
    expect(st.p[0]!.gold).toBe(3);
    expect(log.find((e) => e.key === 'sfr.ev.rest')?.params).toMatchObject({
      seat: 0,
      take: 'gold',
      gold: 2,
    });
    const card = p3({ gold: 1, horsemen: { node: 'n042' } });
    const grain = card.grain;
    ok(card, 0, { type: 'rest', take: 'grain' });
    expect(card.p[0]!.res[0]).toBe(1);
    expect(card.grain).toBe(grain - 1);
    expect(card.p[0]!.gold).toBe(1);
    // After a movement there is no bonus.
    const moved = p3({ gold: 1, horsemen: { node: 'n042' } });
    ok(moved, 0, { type: 'move', to: 'n032', route: ['n042', 'n032'], grain: 0 });
    rejects(moved, 0, { type: 'rest', take: 'gold' }, 'SFR-REST-1', 'noRest');
  });

  it('SFR-REST-2: grain or ore from its stack or one blind pasture draw; an empty source is refused', () => {
    // All 13 grain cards in hands: the grain stack is empty.
    const st = scenario({
      players: 4,
      seats: [{ grain: 5, horsemen: { node: 'n042' } }, { grain: 8 }],
      pastureDeck: ['cattle'],
      at: { phase: 3, seat: 0 },
    });
    expect(st.grain).toBe(0);
    const rests = game.legalActions(st, 0).filter((a) => a.type === 'rest');
    expect(rests).toEqual([
      { type: 'rest', take: 'gold' },
      { type: 'rest', take: 'ore' },
      { type: 'rest', take: 'pasture' },
    ]);
    rejects(st, 0, { type: 'rest', take: 'grain' }, 'SFR-REST-2', 'supplyEmpty');
    rejects(st, 0, { type: 'rest', take: 'horses' as never }, 'SFR-REST-2', 'badTake');
    // The pasture draw is blind: the top card of the deck, seen by the receiver only.
    const log: GameEvent[] = [];
    const deck = st.pdeck.length;
    ok(st, 0, { type: 'rest', take: 'pasture' }, log);
    expect(st.p[0]!.res).toEqual([5, 0, 0, 1]);
    expect(st.pdeck.length).toBe(deck - 1);
    const drawn = log.find((e) => e.key === 'sfr.ev.pastureDrawn')!;
    expect(drawn.params).toMatchObject({ seat: 0, kind: 'cattle' });
    expect(canSee(drawn, 0)).toBe(true);
    expect(canSee(drawn, 1)).toBe(false);
    // Ore comes from its stack.
    const ore = st.ore;
    ok(st, 1, { type: 'rest', take: 'ore' });
    expect(st.p[1]!.res[1]).toBe(1);
    expect(st.ore).toBe(ore - 1);
  });

  it('SFR-REST-3: nomadic and settled tribes alike, once per tribe per phase', () => {
    const st = scenario({
      players: 3,
      seats: [
        { gold: 0, horsemen: { node: 'n042' }, warriors: { kingdom: ['verona'] } },
        { gold: 0, horsemen: { kingdom: ['lutetia'] } },
        { gold: 0 },
      ],
      at: { phase: 3, seat: 0 },
    });
    ok(st, 0, { type: 'rest', take: 'gold' }); // nomadic horsemen
    rejects(st, 0, { type: 'rest', take: 'gold' }, 'SFR-ROUND-5'); // once per phase
    ok(st, 1, { type: 'rest', take: 'gold' }); // settled horsemen
    ok(st, 2, { type: 'rest', take: 'gold' });
    expect(st.phase).toBe(4);
    ok(st, 0, { type: 'rest', take: 'gold' }); // settled warriors: the other tribe's own bonus
    expect(st.p.map((p) => p.gold)).toEqual([4, 2, 2]);
    expect(actPrompt(st).seat).toBe(1);
  });

  it('SFR-REST-4: a card that modifies no movement or deed does not forfeit the bonus; a move card does', () => {
    const st = p3({ gold: 3, dev: ['great-horseman'], horsemen: { node: 'n042' } });
    ok(st, 0, { type: 'play', card: 'great-horseman' });
    expect(game.legalActions(st, 0)).toContainEqual({ type: 'rest', take: 'gold' });
    ok(st, 0, { type: 'rest', take: 'gold' });
    expect(st.p[0]!.gold).toBe(5);
    expect(st.p[0]!.played).toEqual(['great-horseman']);
    // Forced March caused a movement: no bonus afterwards.
    const fm = p3({ gold: 3, dev: ['forced-march'], horsemen: { node: 'n079' } });
    ok(fm, 0, {
      type: 'move',
      to: 'n088',
      route: ['n079', 'n089', 'n098', 'n088'],
      grain: 0,
      card: 'forced-march',
    });
    expect(fm.p[0]!.gold).toBe(3);
    rejects(fm, 0, { type: 'rest', take: 'gold' }, 'SFR-REST-1');
  });
});

describe('migration (SFR-MOVE)', () => {
  it('SFR-MOVE-1: only a nomadic tribe moves its marker to a destination', () => {
    const st = p3({ horsemen: { node: 'n042' }, warriors: { node: 'n042' } });
    ok(st, 0, { type: 'move', to: 'n043', route: ['n042', 'n032', 'n043'], grain: 0 });
    expect(nodeOf(st, 0, 0)).toBe('n043');
    expect(nodeOf(st, 0, 1)).toBe('n042');
    const settled = scenario({
      players: 4,
      seats: [{ gold: 9, grain: 2, horsemen: { kingdom: ['castra-regina'] } }],
      at: { phase: 3, seat: 0 },
    });
    expect(moves(settled, 0)).toEqual([]);
    rejects(
      settled,
      0,
      { type: 'move', to: 'n042', route: ['n053', 'n042'], grain: 0 },
      'SFR-ACT-3',
      'settled',
    );
  });

  it('SFR-MOVE-2: the destination is a free crossroads other than the current node', () => {
    const st = p3(
      { gold: 9, horsemen: { node: 'n079' }, warriors: { node: 'n098' } },
      { seats: [{ horsemen: { node: 'n089' } }] },
    );
    // A city.
    rejects(
      st,
      0,
      { type: 'move', to: 'n107', route: ['n079', 'n089', 'n098', 'n107'], grain: 0 },
      'SFR-MOVE-2',
      'occupied',
    );
    // Another player's marker.
    rejects(st, 0, { type: 'move', to: 'n089', route: ['n079', 'n089'], grain: 0 }, 'SFR-MOVE-2', 'occupied');
    // The current node.
    rejects(
      st,
      0,
      { type: 'move', to: 'n079', route: ['n079', 'n089', 'n079'], grain: 0 },
      'SFR-MOVE-2',
      'sameNode',
    );
    // None of these is listed; the own other marker's crossroads is.
    const dests = new Set(moves(st, 0).map((a) => a.to));
    expect(dests.has('n089')).toBe(false);
    expect(dests.has('n079')).toBe(false);
    expect(dests.has('n098')).toBe(true);
    const r = rt(st);
    for (const d of dests) expect(r.nodes[r.nodeIdx.get(d)!]!.city).toBe(-1);
    ok(st, 0, { type: 'move', to: 'n098', route: ['n079', 'n089', 'n098'], grain: 0 });
    expect(nodeOf(st, 0, 0)).toBe('n098');
    expect(nodeOf(st, 0, 1)).toBe('n098');
  });

  it('SFR-MOVE-3: a route may pass through cities (kingdom, neutral) and occupied crossroads', () => {
    // Through another player's marker (n089) and through a kingdom city (Burdigala).
    const st = p3(
      { gold: 1, horsemen: { node: 'n079' } },
      { seats: [{ horsemen: { node: 'n089' }, warriors: { kingdom: ['burdigala'] } }] },
    );
    ok(st, 0, { type: 'move', to: 'n126', route: ['n079', 'n089', 'n098', 'n107', 'n126'], grain: 0 });
    expect(nodeOf(st, 0, 0)).toBe('n126');
    expect(st.p[0]!.gold).toBe(0);
    // Through a neutral city with 3 players (Augusta Vindelicorum).
    const three = scenario({
      players: 3,
      seats: [{ horsemen: { node: 'n064' } }],
      at: { phase: 3, seat: 0 },
    });
    expect(rt(three).cities[cityIdx(three, 'augusta-vindelicorum')]!.neutral3).toBe(true);
    ok(three, 0, { type: 'move', to: 'n085', route: ['n064', 'n075', 'n085'], grain: 0 });
    expect(nodeOf(three, 0, 0)).toBe('n085');
  });

  it('SFR-MOVE-4: the first arrow is free; further land arrows 1 grain or 3 gold, sea arrows 1 gold', () => {
    // Plain sections are free and are no arrows: the land arrow after them is the free first one.
    const plain = p3({ gold: 0, horsemen: { node: 'n032' } });
    ok(plain, 0, { type: 'move', to: 'n031', route: ['n032', 'n042', 'n031'], grain: 0 });
    expect(nodeOf(plain, 0, 0)).toBe('n031');
    // Land (free), sea (1 gold).
    const sea = p3({ gold: 1, horsemen: { node: 'n079' } });
    ok(sea, 0, { type: 'move', to: 'n139', route: SEA_ROUTE, grain: 0 });
    expect(sea.p[0]!.gold).toBe(0);
    // Sea first (free), then two land arrows: 2 grain or 6 gold (SFR-TRICK-8).
    const seaFirst = ['n126', 'n107', 'n116', 'n128', 'n140', 'n127', 'n139'];
    const sf = p3({ gold: 6, grain: 0, horsemen: { node: 'n126' } });
    ok(sf, 0, { type: 'move', to: 'n139', route: seaFirst, grain: 0 });
    expect(sf.p[0]!.gold).toBe(0);
    const sg = p3({ gold: 0, grain: 2, horsemen: { node: 'n126' } });
    ok(sg, 0, { type: 'move', to: 'n139', route: seaFirst, grain: 2 });
    expect(sg.p[0]!.res[0]).toBe(0);
    expect(sg.grain).toBe(13);
    // Land first (free) then sea: the sea arrow is paid.
    const ls = p3({ gold: 0, horsemen: { node: 'n079' } });
    rejects(ls, 0, { type: 'move', to: 'n126', route: SEA_ROUTE.slice(0, 5), grain: 0 }, 'SFR-MOVE-6');
  });

  it('SFR-MOVE-5: the player chooses grain or 3 gold for each paid land arrow', () => {
    const st = p3({ gold: 6, grain: 2, horsemen: { node: 'n079' } });
    const land = moves(st, 0, 'n139').filter((a) => !a.route.includes('n126'));
    expect(land.map((a) => a.grain).sort()).toEqual([0, 1, 2]);
    for (const [g, gold, grain] of [
      [0, 0, 2],
      [1, 3, 1],
      [2, 6, 0],
    ] as const) {
      const s = p3({ gold: 6, grain: 2, horsemen: { node: 'n079' } });
      ok(s, 0, { type: 'move', to: 'n139', route: LAND_ROUTE, grain: g });
      expect([s.p[0]!.gold, s.p[0]!.res[0]]).toEqual([gold, grain]);
    }
    rejects(st, 0, { type: 'move', to: 'n139', route: LAND_ROUTE, grain: 3 }, 'SFR-MOVE-5', 'badSplit');
    rejects(st, 0, { type: 'move', to: 'n139', route: LAND_ROUTE, grain: -1 }, 'SFR-MOVE-5', 'badSplit');
  });

  it('SFR-MOVE-6: the whole cost is paid before moving; an unaffordable movement is illegal', () => {
    const st = p3({ gold: 5, grain: 1, horsemen: { node: 'n079' } });
    // Two paid land arrows with 1 grain + 5 gold: only 1 grain + 3 gold works.
    rejects(st, 0, { type: 'move', to: 'n139', route: LAND_ROUTE, grain: 0 }, 'SFR-MOVE-6', 'cannotAfford');
    expect(
      moves(st, 0, 'n139')
        .filter((a) => !a.route.includes('n126'))
        .map((a) => a.grain),
    ).toEqual([1]);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'move', to: 'n139', route: LAND_ROUTE, grain: 1 }, log);
    expect([st.p[0]!.gold, st.p[0]!.res[0]]).toEqual([2, 0]);
    expect(log.find((e) => e.key === 'sfr.ev.move')?.params).toMatchObject({ grain: 1, gold: 3, to: 'n139' });
    // Nothing affordable beyond the free first arrow: no paid destination is listed.
    const poor = p3({ gold: 0, grain: 0, horsemen: { node: 'n079' } });
    expect(moves(poor, 0, 'n139')).toEqual([]);
    rejects(poor, 0, { type: 'move', to: 'n139', route: SEA_ROUTE, grain: 0 }, 'SFR-MOVE-6', 'cannotAfford');
    expect(nodeOf(poor, 0, 0)).toBe('n079');
  });

  it('SFR-MOVE-7: land and sea arrows mix freely; there is no distance limit', () => {
    // Land (free), sea (1 gold), land (1 grain).
    const st = p3({ gold: 1, grain: 1, horsemen: { node: 'n079' } });
    ok(st, 0, { type: 'move', to: 'n127', route: [...SEA_ROUTE, 'n127'], grain: 1 });
    expect([st.p[0]!.gold, st.p[0]!.res[0]]).toEqual([0, 0]);
    // A long walk from the start node down to the Asturian coast, paid by its arrows only.
    const far = p3({ gold: 60, grain: 0, horsemen: {} });
    const a = cheapestMove(far, 'n139') as Move;
    expect(a.route.length).toBeGreaterThan(15);
    ok(far, 0, a);
    expect(nodeOf(far, 0, 0)).toBe('n139');
    expect(far.p[0]!.gold).toBeLessThan(60);
  });

  it('SFR-MOVE-8: the client sends destination, route and split; the engine validates the walk', () => {
    const st = p3({ gold: 6, grain: 2, horsemen: { node: 'n079' } });
    // Not a walk along sections.
    rejects(st, 0, { type: 'move', to: 'n098', route: ['n079', 'n098'], grain: 0 }, 'SFR-MOVE-8', 'badRoute');
    // Not starting at the marker.
    rejects(st, 0, { type: 'move', to: 'n098', route: ['n089', 'n098'], grain: 0 }, 'SFR-MOVE-8', 'badRoute');
    // Ending elsewhere than the destination.
    rejects(st, 0, { type: 'move', to: 'n098', route: ['n079', 'n089'], grain: 0 }, 'SFR-MOVE-8', 'badRoute');
    rejects(
      st,
      0,
      { type: 'move', to: 'n098', route: ['n079', 'nope', 'n098'], grain: 0 },
      'SFR-MOVE-8',
      'badRoute',
    );
    // The listed routes are the cheapest ones: to n139 the sea route (1 gold) and the land route (2 paid).
    const listed = moves(st, 0, 'n139');
    expect(listed.map((a) => [a.route.length > 0 ? a.route[a.route.length - 1] : '', a.grain])).toHaveLength(
      4,
    );
    const seaListed = listed.find((a) => a.route.includes('n126'))!;
    expect(seaListed).toMatchObject({ to: 'n139', grain: 0 });
    // Any valid (even dearer) route is accepted and priced by its arrows.
    const detour = ['n079', 'n089', 'n098', 'n107', 'n126', 'n139', 'n127', 'n140', 'n127', 'n139'];
    ok(st, 0, { type: 'move', to: 'n139', route: detour, grain: 2 });
    expect([st.p[0]!.gold, st.p[0]!.res[0]]).toEqual([5, 0]);
  });

  it('SFR-MOVE-9: a tribe may plunder from where it stands without moving', () => {
    const st = p3(
      { gold: 0, horsemen: { node: 'n042', army: 2, wagons: 1 } },
      { tokens: { 'castra-regina': 'GER-3' } },
    );
    expect(game.legalActions(st, 0)).toContainEqual({ type: 'plunder', city: 'castra-regina' });
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    expect(nodeOf(st, 0, 0)).toBe('n042');
    expect(tokenIds(st, 0, 0)).toEqual(['GER-3']);
  });
});

describe('plundering (SFR-PLUN)', () => {
  it('SFR-PLUN-1: nomadic, adjacent, token on an unowned non-neutral city, strength, colour, once', () => {
    // Adjacent Tridentum (2 towers, plain), Verona (3, land arrow), Augusta Vindelicorum (3, neutral with 3).
    const st = scenario({
      players: 3,
      seats: [
        { horsemen: { node: 'n085', army: 2, loot: ['NIT', 'NIT'] } },
        { warriors: { kingdom: ['mediolanum'] } },
      ],
      at: { phase: 3, seat: 0 },
    });
    const deeds = game.legalActions(st, 0).filter((a) => a.type === 'plunder');
    expect(deeds).toEqual([]);
    rejects(st, 0, { type: 'plunder', city: 'tridentum' }, 'SFR-LOOT-8', 'colourCap'); // (5)
    rejects(st, 0, { type: 'plunder', city: 'verona' }, 'SFR-PLUN-1', 'tooWeak'); // (4)
    rejects(st, 0, { type: 'plunder', city: 'augusta-vindelicorum' }, 'SFR-SETUP-4', 'neutral'); // (3)
    rejects(st, 0, { type: 'plunder', city: 'castra-regina' }, 'SFR-PLUN-1', 'notAdjacent'); // (2)
    // Kingdom city and plundered city (3): seat 0 moves next to Mediolanum.
    const k = scenario({
      players: 4,
      seats: [{ horsemen: { node: 'n084', army: 4 } }, { warriors: { kingdom: ['mediolanum'] } }],
      plundered: ['argentoratum'],
      at: { phase: 3, seat: 0 },
    });
    rejects(k, 0, { type: 'plunder', city: 'mediolanum' }, 'SFR-EXP-3', 'owned');
    rejects(k, 0, { type: 'plunder', city: 'argentoratum' }, 'SFR-PLUN-4', 'plundered');
    expect(game.legalActions(k, 0).filter((a) => a.type === 'plunder')).toEqual([
      { type: 'plunder', city: 'tridentum' },
    ]);
    // Strength exactly equal to the towers suffices (4).
    const eq = p3({ horsemen: { node: 'n085', army: 3 } });
    ok(eq, 0, { type: 'plunder', city: 'verona' });
    expect(eq.token[cityIdx(eq, 'verona')]).toBe(-1);
  });

  it('SFR-PLUN-2: approaching the city over an arrow costs nothing', () => {
    // n064 –land arrow– Castra Regina.
    const st = p3(
      { gold: 0, grain: 0, horsemen: { node: 'n064', army: 2, wagons: 0 } },
      { tokens: { 'castra-regina': 'GER-3' } },
    );
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    expect(st.p[0]!.gold).toBe(0);
    expect(st.p[0]!.res[0]).toBe(0);
    expect(nodeOf(st, 0, 0)).toBe('n064');
  });

  it('SFR-PLUN-3: the token is turned face up (public), resolved and put into the tribe’s box', () => {
    const log: GameEvent[] = [];
    const st = p3(
      { gold: 0, horsemen: { node: 'n042', army: 2, wagons: 2, loot: ['GAL'] } },
      { tokens: { 'castra-regina': 'GER-8' } },
    );
    const before = game.view(st, 1);
    expect(before.token[cityIdx(st, 'castra-regina')]).toBe(true);
    ok(st, 0, { type: 'plunder', city: 'castra-regina' }, log);
    const ev = log.find((e) => e.key === 'sfr.ev.plunder')!;
    expect(ev.params).toMatchObject({ seat: 0, city: 'castra-regina', token: 'GER-8', loot: 'gold' });
    for (const v of [-1, 0, 1, 2, 3]) expect(canSee(ev, v)).toBe(true);
    expect(st.p[0]!.gold).toBe(4); // 2 gold + 2 wagons
    const view = game.view(st, 1);
    expect(view.token[cityIdx(st, 'castra-regina')]).toBe(false);
    expect(view.players[0]!.tribes[0]!.loot.map((x) => rt(st).tokens[x]!.id)).toEqual(['GAL-1', 'GER-8']);
    expect(tokenIds(st, 0, 0)).toContain('GER-8');
  });

  it('SFR-PLUN-4: the marker stays; the city can be founded at later but never plundered again', () => {
    const st = scenario({
      players: 4,
      seats: [
        { horsemen: { node: 'n042', army: 2 } },
        { horsemen: { node: 'n065', army: 2, loot: ['GAL', 'HIS', 'NIT'] } },
      ],
      tokens: { 'castra-regina': 'GER-8' },
      at: { phase: 3, seat: 0 },
    });
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    expect(nodeOf(st, 0, 0)).toBe('n042');
    const c = cityIdx(st, 'castra-regina');
    expect(st.owner[c]).toBe(-1);
    expect(st.token[c]).toBe(-1);
    rejects(st, 1, { type: 'plunder', city: 'castra-regina' }, 'SFR-PLUN-4', 'plundered');
    expect(game.legalActions(st, 1)).toContainEqual({ type: 'found', city: 'castra-regina' });
    ok(st, 1, { type: 'found', city: 'castra-regina' });
    expect(st.owner[c]).toBe(2);
  });

  it('SFR-PLUN-5: the player picks among several qualifying cities; plundering is never mandatory', () => {
    const st = p3({ horsemen: { node: 'n085', army: 3 } });
    const deeds = game.legalActions(st, 0).filter((a) => a.type === 'plunder');
    expect(deeds).toEqual(
      expect.arrayContaining([
        { type: 'plunder', city: 'tridentum' },
        { type: 'plunder', city: 'augusta-vindelicorum' },
        { type: 'plunder', city: 'verona' },
      ]),
    );
    ok(st, 0, { type: 'plunder', city: 'augusta-vindelicorum' });
    expect(tokenIds(st, 0, 0)).toHaveLength(1);
    expect(st.token[cityIdx(st, 'tridentum')]).toBeGreaterThanOrEqual(0);
    // Not mandatory: moving next to cities and ending the step is fine; so is resting.
    const no = p3({ gold: 0, horsemen: { node: 'n063', army: 3 } });
    ok(no, 0, { type: 'move', to: 'n085', route: ['n063', 'n074', 'n085'], grain: 0 });
    ok(no, 0, { type: 'endStep' });
    expect(no.p[0]!.tribes[0]!.loot).toEqual([]);
    expect(actPrompt(no).seat).toBe(1);
  });
});

describe('loot tokens (SFR-LOOT)', () => {
  it('SFR-LOOT-1: every icon of the token is resolved', () => {
    const st = p3(
      { gold: 0, horsemen: { node: 'n042', army: 2, wagons: 3 } },
      { tokens: { 'castra-regina': 'GER-4' }, devDeck: ['abundance'] },
    );
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    const p = st.p[0]!;
    expect(p.dev).toEqual(['abundance']); // development card
    expect(p.gold).toBe(3); // wagon-coin × 3
    expect(p.tribes[0]!.army).toBe(1); // loss
    expect(p.reserve[0]).toBe(8 - 1 - 1 + 1);
  });

  it('SFR-LOOT-2: the loss icon returns a figure of the plundering tribe to the reserve; empty box: nothing', () => {
    // Warriors plunder in phase 4: a warrior is lost, the horsemen keep theirs.
    const st = scenario({
      players: 4,
      seats: [{ horsemen: { node: 'n015', army: 3 }, warriors: { node: 'n042', army: 2 } }],
      tokens: { 'castra-regina': 'GER-6' },
      at: { phase: 4, seat: 0 },
    });
    const res = st.p[0]!.reserve.slice();
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    expect(st.p[0]!.tribes[1]!.army).toBe(1);
    expect(st.p[0]!.tribes[0]!.army).toBe(3);
    expect(st.p[0]!.reserve).toEqual([res[0], res[1]! + 1, res[2]]);
    // An empty box (strength from Great Horseman only) loses nothing.
    const empty = p3(
      { dev: ['great-horseman'], horsemen: { node: 'n042', army: 0 } },
      { tokens: { 'castra-regina': 'GER-1' } },
    );
    const r0 = empty.p[0]!.reserve.slice();
    const log: GameEvent[] = [];
    ok(empty, 0, { type: 'play', card: 'great-horseman' });
    ok(empty, 0, { type: 'plunder', city: 'castra-regina' }, log);
    expect(empty.p[0]!.tribes[0]!.army).toBe(0);
    expect(empty.p[0]!.reserve).toEqual(r0);
    expect(log.some((e) => e.key === 'sfr.ev.lootLoss')).toBe(false);
  });

  it('SFR-LOOT-3: the resource icon draws one blind pasture card', () => {
    const log: GameEvent[] = [];
    const st = p3(
      { horsemen: { node: 'n042', army: 2 } },
      { tokens: { 'castra-regina': 'GER-3' }, pastureDeck: ['horses'] },
    );
    const deck = st.pdeck.length;
    ok(st, 0, { type: 'plunder', city: 'castra-regina' }, log);
    expect(st.p[0]!.res).toEqual([0, 0, 1, 0]);
    expect(st.pdeck.length).toBe(deck - 1);
    const drawn = log.find((e) => e.key === 'sfr.ev.pastureDrawn')!;
    expect(drawn.rules).toContain('SFR-LOOT-3');
    expect(canSee(drawn, 1)).toBe(false);
    expect(log.find((e) => e.key === 'sfr.ev.pastureHidden' && canSee(e, 1))).toBeDefined();
  });

  it('SFR-LOOT-4: the development icon draws a card; nothing when the deck is empty', () => {
    const st = p3(
      { horsemen: { node: 'n042', army: 2 } },
      { tokens: { 'castra-regina': 'GER-5' }, devDeck: ['fleet'] },
    );
    const deck = st.devDeck.length;
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    expect(st.p[0]!.dev).toEqual(['fleet']);
    expect(st.p[0]!.devAt).toEqual([st.serial]);
    expect(st.devDeck.length).toBe(deck - 1);
    // Every development card out of the deck: the icon gives nothing and the step ends at once.
    const all: string[] = [];
    for (const [id, n] of rt(st).devDeck.reduce(
      (m, c) => m.set(c, (m.get(c) ?? 0) + 1),
      new Map<string, number>(),
    ))
      for (let i = 0; i < n; i++) all.push(id);
    const empty = p3(
      { horsemen: { node: 'n042', army: 2 } },
      { tokens: { 'castra-regina': 'GER-5' }, seats: [{ played: all }] },
    );
    expect(empty.devDeck).toEqual([]);
    const log: GameEvent[] = [];
    ok(empty, 0, { type: 'plunder', city: 'castra-regina' }, log);
    expect(empty.p[0]!.dev).toEqual([]);
    expect(log.some((e) => e.key === 'sfr.ev.devEmpty')).toBe(true);
    expect(actPrompt(empty).seat).toBe(1);
  });

  it('SFR-LOOT-5: the two-coins icon gives 2 gold', () => {
    const st = p3(
      { gold: 1, horsemen: { node: 'n042', army: 2, wagons: 0 } },
      { tokens: { 'castra-regina': 'GER-8' } },
    );
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    expect(st.p[0]!.gold).toBe(3);
  });

  it('SFR-LOOT-6: the wagon-coin icon pays 1 gold per wagon in the plundering tribe’s box; every token has it', () => {
    const r = rtOf(scenario({ players: 4, at: { phase: 3, seat: 0 } }).opts);
    expect(r.tokens).toHaveLength(40);
    for (const t of r.tokens) expect(t.effects.some((e) => e.type === 'goldPerWagon')).toBe(true);
    for (const [wagons, gold] of [
      [0, 0],
      [1, 1],
      [4, 4],
    ] as const) {
      // The warriors' wagons do not count for the horsemen's plunder.
      const st = p3(
        { gold: 0, horsemen: { node: 'n042', army: 2, wagons }, warriors: { wagons: 3 } },
        { tokens: { 'castra-regina': 'GER-3' } },
      );
      ok(st, 0, { type: 'plunder', city: 'castra-regina' });
      expect(st.p[0]!.gold).toBe(gold);
      expect(st.p[0]!.tribes[0]!.wagons).toBe(wagons);
    }
  });

  it('SFR-LOOT-7: effects resolve in data order — gains, wagon gold, then the loss', () => {
    const log: GameEvent[] = [];
    const st = p3(
      { gold: 0, horsemen: { node: 'n042', army: 2, wagons: 2 } },
      { tokens: { 'castra-regina': 'GER-6' } },
    );
    const token = rt(st).tokens.find((t) => t.id === 'GER-6')!;
    expect(token.effects.map((e) => e.type)).toEqual(['gainGold', 'goldPerWagon', 'loseFigure']);
    ok(st, 0, { type: 'plunder', city: 'castra-regina' }, log);
    const seq = log
      .filter((e) => e.key === 'sfr.ev.lootGold' || e.key === 'sfr.ev.lootLoss')
      .map((e) => [e.key, e.params?.gold]);
    expect(seq).toEqual([
      ['sfr.ev.lootGold', 2],
      ['sfr.ev.lootGold', 2],
      ['sfr.ev.lootLoss', undefined],
    ]);
    const dev = p3(
      { gold: 0, horsemen: { node: 'n042', army: 2, wagons: 1 } },
      { tokens: { 'castra-regina': 'GER-4' } },
    );
    const log2: GameEvent[] = [];
    ok(dev, 0, { type: 'plunder', city: 'castra-regina' }, log2);
    const keys = log2
      .map((e) => e.key)
      .filter((k) => ['sfr.ev.devDrawn', 'sfr.ev.lootGold', 'sfr.ev.lootLoss'].includes(k));
    expect(keys).toEqual(['sfr.ev.devDrawn', 'sfr.ev.lootGold', 'sfr.ev.lootLoss']);
  });

  it('SFR-LOOT-8: at most 2 tokens of one colour per tribe; tokens stay in the box after settling', () => {
    const st = p3(
      { horsemen: { node: 'n042', army: 3, loot: ['GER-1', 'GER-2'] } },
      { tokens: { 'castra-regina': 'GER-3' } },
    );
    expect(game.legalActions(st, 0).some((a) => a.type === 'plunder')).toBe(false);
    rejects(st, 0, { type: 'plunder', city: 'castra-regina' }, 'SFR-LOOT-8', 'colourCap');
    // One of the colour is fine; the other tribe’s tokens do not count.
    const one = p3(
      { horsemen: { node: 'n042', army: 3, loot: ['GER-1'] }, warriors: { loot: ['GER-2', 'GER-5'] } },
      { tokens: { 'castra-regina': 'GER-3' } },
    );
    ok(one, 0, { type: 'plunder', city: 'castra-regina' });
    expect(tokenIds(one, 0, 0).filter((x) => x.startsWith('GER'))).toHaveLength(2);
    // After founding, the tokens remain in the box.
    const f = scenario({
      players: 4,
      seats: [{ warriors: { node: 'n085', army: 3, loot: ['GER-1', 'GER-2', 'GAL', 'HIS'] } }],
      at: { phase: 4, seat: 0 },
    });
    ok(f, 0, { type: 'found', city: 'verona' });
    expect(tokenIds(f, 0, 1)).toEqual(['GER-1', 'GER-2', 'GAL-1', 'HIS-1']);
  });
});
