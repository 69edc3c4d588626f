/**
 * The scenario builder at work: worked examples of spec §20 and a few tricky scenarios of §21, each
 * built at its moment with chosen holdings and checked against the rules engine (and its invariants).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  applySteps,
  checkInvariants,
  cheapestMove,
  offerSteps,
  rtOf,
  scenario,
  struggleForRome as game,
} from '@tabula/struggle-for-rome';
import type { SfrAction } from '@tabula/struggle-for-rome';
import { ok } from './helpers.js';

describe('the scenario builder', () => {
  it('keeps every component in exactly one place', () => {
    const st = scenario({
      players: 3,
      seats: [
        {
          gold: 9,
          grain: 2,
          ore: 1,
          horses: 1,
          dev: ['traitor'],
          horsemen: { node: 'n042', army: 3, loot: ['GER', 'GAL'] },
        },
        { warriors: { kingdom: ['verona', 'mediolanum'], army: 2, wagons: 1 } },
      ],
      plundered: ['castra-regina'],
      at: { phase: 3, seat: 0 },
    });
    expect(checkInvariants(st)).toEqual([]);
    expect(st.p[1]!.reserve).toEqual([7, 5, 6]);
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'sfr.act' })]);
  });

  it('rejects impossible holdings', () => {
    expect(() => scenario({ players: 4, seats: [{ ore: 14 }], at: { phase: 2, seat: 0 } })).toThrow(
      /more resource cards/,
    );
    expect(() =>
      scenario({ players: 4, seats: [{ horsemen: { army: 9 } }], at: { phase: 2, seat: 0 } }),
    ).toThrow(/figures/);
  });
});

describe('worked examples (spec §20)', () => {
  it('SFR-EX-1: sea versus land route from n079 to n139', () => {
    const at = { phase: 4 as const, seat: 1 };
    // Without gold the land route with two grain is the only way.
    const poor = scenario({ players: 4, seats: [{}, { gold: 0, grain: 2, warriors: { node: 'n079' } }], at });
    const moves = game.legalActions(poor, 1).filter((a) => a.type === 'move' && a.to === 'n139') as Extract<
      SfrAction,
      { type: 'move' }
    >[];
    expect(moves.map((a) => a.grain)).toEqual([2]);
    // With gold: the sea route costs 1 gold; the land route 2 grain, 1 grain + 3 gold or 6 gold.
    const rich = scenario({ players: 4, seats: [{}, { gold: 6, grain: 2, warriors: { node: 'n079' } }], at });
    const all = game.legalActions(rich, 1).filter((a) => a.type === 'move' && a.to === 'n139') as Extract<
      SfrAction,
      { type: 'move' }
    >[];
    expect(all.map((a) => [a.route.length > 0, a.grain]).length).toBe(4);
    const sea = cheapestMove(rich, 'n139', { route: 'fewestLand' });
    ok(rich, 1, sea);
    expect(rich.p[1]!.gold).toBe(5);
    expect(rich.p[1]!.res[0]).toBe(2);
    const land = scenario({ players: 4, seats: [{}, { gold: 6, grain: 2, warriors: { node: 'n079' } }], at });
    ok(land, 1, cheapestMove(land, 'n139', { route: 'fewestSea', grain: 1 }));
    expect(land.p[1]!.gold).toBe(3);
    expect(land.p[1]!.res[0]).toBe(1);
  });

  it('SFR-EX-2: plundering Castra Regina with a devcard-loss token', () => {
    const st = scenario({
      players: 4,
      seats: [{ gold: 0, horsemen: { node: 'n042', army: 2, wagons: 2 } }],
      tokens: { 'castra-regina': 'GER-4' },
      devDeck: ['fleet'],
      at: { phase: 3, seat: 0 },
    });
    expect(game.legalActions(st, 0)).toContainEqual({ type: 'plunder', city: 'castra-regina' });
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'plunder', city: 'castra-regina' }, log);
    const p = st.p[0]!;
    expect(p.dev).toEqual(['fleet']);
    expect(p.gold).toBe(2);
    expect(p.tribes[0]!.army).toBe(1);
    expect(p.tribes[0]!.wagons).toBe(2);
    expect(p.reserve[0]).toBe(7);
    expect(p.tribes[0]!.loot.map((x) => rtOf(st.opts).tokens[x]!.id)).toEqual(['GER-4']);
    expect(p.tribes[0]!.node).toBe(rtOf(st.opts).nodeIdx.get('n042'));
    // A development card was drawn: the step waits for its end (a treasure could be revealed).
    expect(game.legalActions(st, 0)).toEqual([{ type: 'endStep' }]);
    ok(st, 0, { type: 'endStep' });
    expect(game.prompts(st)[0]!.seat).toBe(1);
  });

  it('SFR-EX-3: founding a kingdom at Verona', () => {
    const st = scenario({
      players: 4,
      seats: [{ warriors: { node: 'n085', army: 3, wagons: 2, loot: ['GER', 'GAL', 'NIT'] } }],
      at: { phase: 4, seat: 0 },
    });
    const r = rtOf(st.opts);
    const verona = r.cityIdx.get('verona')!;
    const token = st.token[verona]!;
    expect(token).toBeGreaterThanOrEqual(0);
    ok(st, 0, { type: 'found', city: 'verona' });
    const t = st.p[0]!.tribes[1]!;
    expect(t.settled).toBe(true);
    expect(t.node).toBe(r.cities[verona]!.node);
    expect(t.army).toBe(3);
    expect(t.wagons).toBe(1);
    expect(st.removed).toContain(token);
    expect(game.view(st, 0).players[0]!.publicVp).toBe(1);
    expect(game.view(st, 1).token[verona]).toBe(false);
  });

  it('SFR-EX-4: expansion reach of the kingdom Verona + Mediolanum', () => {
    const st = scenario({
      players: 4,
      seats: [{ warriors: { kingdom: ['verona', 'mediolanum'], army: 3, wagons: 1 } }],
      at: { phase: 4, seat: 0 },
    });
    const targets = game
      .legalActions(st, 0)
      .filter((a) => a.type === 'expand')
      .map((a) => (a as { city: string }).city)
      .sort();
    expect(targets).toEqual(
      [
        'argentoratum',
        'tridentum',
        'genua',
        'florentia',
        'lauriacum',
        'augusta-taurinorum',
        'aquileia',
        'augusta-vindelicorum',
        'mogontiacum',
      ].sort(),
    );
    ok(st, 0, { type: 'expand', city: 'tridentum' });
    const t = st.p[0]!.tribes[1]!;
    expect(t.kingdom.length).toBe(3);
    expect(t.army).toBe(2);
    expect(t.wagons).toBe(0);
    expect(game.view(st, 2).players[0]!.publicVp).toBe(3);
  });
});

describe('tricky scenarios (spec §21)', () => {
  it('SFR-TRICK-1: the wind rose ignores marked sums', () => {
    const st = scenario({
      players: 4,
      start: 2,
      dice: [4, 4, 5, 3, 3, 4, 1, 2, 6, 1, 5, 5],
      at: { production: true },
    });
    expect(st.rose).toEqual([8, 7]);
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 2, kind: 'sfr.legion' })]);
    ok(st, 2, { type: 'stay' });
    expect(st.rose).toEqual([8, 7, 3, 10]);
    expect(st.rolls.length).toBe(6);
    expect(st.phase).toBe(2);
  });

  it('SFR-TRICK-2: robbing a player without cards takes all his gold', () => {
    const st = scenario({
      players: 4,
      seats: [{}, { gold: 1, horsemen: { node: 'n064' } }],
      dice: [3, 4],
      at: { production: true },
    });
    const hex = 'h0311';
    ok(st, 0, { type: 'legion', hex });
    expect(game.legalActions(st, 0)).toEqual([{ type: 'rob', seat: 1 }, { type: 'robNone' }]);
    const gold = st.p[0]!.gold;
    ok(st, 0, { type: 'rob', seat: 1 });
    expect(st.p[1]!.gold).toBe(0);
    expect(st.p[0]!.gold).toBe(gold + 1);
  });

  it('SFR-TRICK-6: another player\u2019s marker blocks a destination, not a route', () => {
    const st = scenario({
      players: 4,
      seats: [{ gold: 9, horsemen: { node: 'n052' } }, { warriors: { node: 'n042' } }],
      at: { phase: 3, seat: 0 },
    });
    const dests = new Set(game.legalActions(st, 0).flatMap((a) => (a.type === 'move' ? [a.to] : [])));
    expect(dests.has('n042')).toBe(false);
    expect(game.apply(st, 0, { type: 'move', to: 'n042', route: ['n052', 'n042'], grain: 0 }).ok).toBe(false);
  });

  it('SFR-TRADE: an offer to everyone, an acceptance and the execution', () => {
    const st = scenario({ players: 3, seats: [{ grain: 2 }, { ore: 1 }, {}], at: { phase: 2, seat: 0 } });
    expect(applySteps(st, 0, offerSteps({ give: { grain: 1 }, get: { ore: 1 } })).ok).toBe(true);
    expect(
      game
        .prompts(st)
        .map((p) => p.seat)
        .sort(),
    ).toEqual([1, 2]);
    ok(st, 1, { type: 'accept', offer: 1 });
    ok(st, 2, { type: 'decline', offer: 1 });
    ok(st, 0, { type: 'execute', offer: 1, with: 1 });
    expect(st.p[0]!.res).toEqual([1, 1, 0, 0]);
    expect(st.p[1]!.res).toEqual([1, 0, 0, 0]);
  });

  it('SFR-TRICK-9: a Diplomat bought in phase 2 cannot be played in that phase', () => {
    const st = scenario({
      players: 4,
      seats: [{ gold: 3, cattle: 1 }],
      devDeck: ['diplomat'],
      at: { phase: 2, seat: 0 },
    });
    ok(st, 0, { type: 'buyDev' });
    expect(st.p[0]!.dev).toEqual(['diplomat']);
    expect(game.legalActions(st, 0).some((a) => a.type === 'play')).toBe(false);
  });
});
