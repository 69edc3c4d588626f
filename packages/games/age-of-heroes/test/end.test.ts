/**
 * Elimination (spec §19, AOH-ELIM-*) and victory with the "last turn" (spec §20, AOH-WIN-*).
 * Each test is a small table situation, played through the engine contract.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent, Seat } from '@tabula/engine';

import { SPECTATOR } from '@tabula/engine';

import type { AohAction, AohState } from '@tabula/age-of-heroes';

import { ageOfHeroes, checkInvariants, placeSteps, scenario, warSteps } from '@tabula/age-of-heroes';
import { act, count, drive, keys } from './helpers.js';

const G = ageOfHeroes;

const promptOf = (st: AohState) => G.prompts(st).find((p) => !p.optional);
const eliminatedSeats = (log: GameEvent[]) =>
  log.filter((e) => e.key === 'aoh.ev.eliminated').map((e) => e.params!.seat);

describe('Elimination (§19)', () => {
  it('AOH-ELIM-1, AOH-ELIM-2: a Hero-only attacker who played his last card survives the war and falls at the checkpoint after it', () => {
    // EX-T10: A has no city; his only card is a Mighty Hero; his army is away. He keeps a fortress
    // and two monument cards, which do not keep him in the game.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [
          {
            cities: 0,
            hand: ['mighty_hero'],
            armies: [{ status: 'away', returnAt: 5 }],
            fortresses: 1,
            monument: 2,
            turns: 4,
          },
          { cities: 1, hand: ['iron', 'wood', 'stone'], armies: [{ quakes: [3] }] },
          { cities: 1, hand: [] },
        ],
        at: { action: 0 },
      },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'conquest', heroes: ['army'] }), log);
    // Mid-war: no card, no city — but elimination waits for the checkpoint (Decision of AOH-ELIM-2).
    expect(st.p[0]!.hand).toEqual([]);
    expect(st.p[0]!.cities).toBe(0);
    expect(st.p[0]!.alive).toBe(true);
    expect(promptOf(st)).toMatchObject({ seat: 1, kind: 'aoh.response' });
    act(st, 1, { type: 'pass' }, log);
    // D has no participating unit: V = A = 1, floor(1/2) = 0 cities; the Hero is discarded.
    expect(st.p[0]!.alive).toBe(false);
    expect(eliminatedSeats(log)).toEqual([0]);
    // A seat with a city but no card (seat 2) survives, as does one with cards (seat 1).
    expect(st.p[2]!.alive).toBe(true);
    expect(st.p[1]!.alive).toBe(true);
    // Monument cards and the fortress did not save him; they were cleaned up.
    expect(st.supply.fortress).toBe(st.cfg.itemSupply.fortress);
    expect(checkInvariants(st)).toEqual([]);
    expect(st.over).toBeNull();
  });

  it('AOH-ELIM-2: the same Hero attack with Plunder brings him cards, so he survives the checkpoint', () => {
    const st = scenario({
      players: 3,
      seats: [
        { cities: 0, hand: ['mighty_hero'], armies: [{ status: 'away', returnAt: 5 }], turns: 4 },
        { cities: 1, hand: ['iron', 'wood', 'stone'], armies: [{ quakes: [3] }] },
        { cities: 1, hand: ['grain'] },
      ],
      at: { action: 0 },
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', heroes: ['army'] }));
    act(st, 1, { type: 'pass' });
    expect(st.p[0]!.hand).toHaveLength(2);
    expect(st.p[0]!.alive).toBe(true);
    expect(st.p[1]!.hand).toHaveLength(1);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-ELIM-3, AOH-ELIM-4, AOH-ELIM-5, AOH-ELIM-6: a leader who gifts his last card at Market Day is cleaned up and skipped', () => {
    // Seat 0 (round leader, no city) holds one Iron; he has a led army, an away army, a quaked
    // army, two fortresses, a complete monument with a pending claim, and roads to both neighbours.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [
          {
            cities: 0,
            hand: ['iron'],
            armies: [{ general: true }, { status: 'away', returnAt: 3 }, { quakes: [2] }],
            fortresses: 2,
            monument: 5,
            claim: 3,
            turns: 2,
          },
          { hand: ['wood'] },
          { hand: ['stone'] },
          { hand: ['grain'] },
        ],
        roads: [
          [0, 1],
          [3, 0],
          [1, 2],
        ],
        at: { market: 'trade' },
      },
      log,
    );
    const discardBefore = st.discard.length;
    // Offer 1: a gift of his Iron to seat 1. Offer 2: an open request for a Wood.
    act(
      st,
      0,
      [
        { type: 'offerNew' },
        { type: 'offerTo', seat: 1 },
        { type: 'offerGive', card: 'iron' },
        { type: 'offerPost' },
      ],
      log,
    );
    act(st, 0, [{ type: 'offerNew' }, { type: 'offerWant', card: 'wood' }, { type: 'offerPost' }], log);
    expect(st.market!.offers.map((o) => o.from)).toEqual([0, 0]);
    act(st, 1, { type: 'accept', offer: 1 }, log);

    // AOH-ELIM-3: everything but the roads returns to the supply or the discard pile.
    const p0 = st.p[0]!;
    expect(p0.alive).toBe(false);
    expect(p0.armies).toEqual([]);
    expect(p0.fortresses).toBe(0);
    expect(p0.monument).toBe(0);
    expect(p0.claim).toBe(0);
    expect(st.supply).toMatchObject({ army: 12 - 3, general: 6, fortress: 9 });
    expect(st.discard.length - discardBefore).toBe(5 + 1); // five Limestone and the Earthquake
    expect(st.discard.slice(discardBefore).sort()).toEqual([
      'earthquake',
      'limestone',
      'limestone',
      'limestone',
      'limestone',
      'limestone',
    ]);
    expect(st.market!.offers).toEqual([]); // his open request is withdrawn
    // AOH-ELIM-5: both roads with seat 0 at one end go back; road 1–2 stays.
    expect(st.roads.map((r) => [r[0], r[1]])).toEqual([[1, 2]]);
    expect(st.supply.road).toBe(6 - 1);
    // AOH-ELIM-6: the round leader passes to the next surviving seat clockwise.
    expect(st.leader).toBe(1);
    expect(checkInvariants(st)).toEqual([]);

    // AOH-ELIM-4: he takes no further part.
    const before = JSON.stringify(st);
    const r = G.apply(st, 0, { type: 'ready' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.rule).toBe('AOH-ELIM-4');
    expect(JSON.stringify(st)).toBe(before);
    expect(G.legalActions(st, 0)).toEqual([]);
    expect(G.prompts(st).some((p) => p.seat === 0)).toBe(false);
    // Nobody can trade with him.
    act(st, 2, { type: 'offerNew' });
    const to0 = G.apply(st, 2, { type: 'offerTo', seat: 0 });
    expect(to0.ok).toBe(false);
    expect(G.legalActions(st, 2)).not.toContainEqual({ type: 'offerTo', seat: 0 });
    act(st, 2, { type: 'offerDrop' });
    // Trading closes without him; the new leader (seat 1) takes the next turn.
    for (const s of [1, 2, 3]) if (!st.market!.ready[s]) act(st, s, { type: 'ready' }, log);
    expect(st.market).toBeNull();
    expect(st.active).toBe(1);
    // He cannot be attacked, nor targeted by a Volcano or an Earthquake.
    drive(st, (s) => promptOf(s)?.kind === 'aoh.action');
    const war0 = G.apply(st, 1, { type: 'war', target: 0, objective: 'plunder' });
    expect(war0.ok).toBe(false);
    if (!war0.ok) expect(war0.error.rule).toBe('AOH-WAR-3');
    expect(G.legalActions(st, 1).some((a) => a.type === 'war' && a.target === 0)).toBe(false);
    // After seat 1's turn comes seat 2, then seat 3, then Market Day: seat 0 is skipped everywhere.
    const turns: Seat[] = [];
    const draws: Seat[] = [];
    const tail: GameEvent[] = [];
    drive(st, (s) => s.round === 2 && s.active === 1 && promptOf(s)?.kind === 'aoh.action', tail);
    for (const e of tail) if (e.key === 'aoh.ev.turn') turns.push(e.params!.seat as Seat);
    for (const e of tail) if (e.key === 'aoh.ev.marketDraw') draws.push(e.params!.seat as Seat);
    expect(turns).toEqual([2, 3, 1]);
    expect(draws).toEqual([1, 2, 3]);
  });

  it('AOH-ELIM-1, AOH-ELIM-5: a conquered tribe without cards is eliminated and its roads are destroyed (EX-T7)', () => {
    // A0, B1, C2, D3 clockwise; roads A–B and B–C. B: no city, hand [Wood], no army.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{}, { cities: 0, hand: ['wood'], armies: 0 }, {}, {}],
        roads: [
          [0, 1],
          [1, 2],
        ],
        deck: ['iron', 'iron', 'stone', 'grain', 'wood', 'grain'],
        at: { action: 3 },
      },
      log,
    );
    const d1 = st.p[3]!.armies[0]!.id;
    act(st, 3, warSteps({ target: 1, objective: 'plunder', armies: [d1] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect(st.p[3]!.hand).toContain('wood');
    expect(st.p[3]!.armies[0]!.status).toBe('away');
    expect(st.p[1]!.alive).toBe(false);
    expect(st.roads).toEqual([]);
    expect(st.supply.road).toBe(6);
    // At the next Market Day A, C and D are not connected: each draws exactly one card.
    const md: GameEvent[] = [];
    drive(st, (s) => s.market?.trading === true, md);
    const draws = md
      .filter((e) => e.key === 'aoh.ev.marketDraw')
      .map((e) => [e.params!.seat, e.params!.count]);
    expect(draws).toEqual([
      [0, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-ELIM-7: two players starved by one Famine are cleaned up in turn order, with the same result whoever leads', () => {
    const build = (leader: Seat) => {
      const log: GameEvent[] = [];
      const st = scenario(
        {
          players: 4,
          leader,
          seats: [
            { hand: ['iron'] },
            { cities: 0, hand: ['grain'], fortresses: 1 },
            { cities: 0, hand: ['grain', 'grain'], armies: 2 },
            { hand: ['wood'] },
          ],
          roads: [
            [0, 1],
            [1, 2],
            [2, 3],
          ],
          deck: ['famine', 'iron', 'wood'],
          at: { turn: 0 },
        },
        log,
      );
      // The Luck window goes round the table; nobody holds Luck.
      drive(st, () => st.p[1]!.alive === false, log);
      return { st, log };
    };
    const a = build(0);
    const b = build(2);
    expect(eliminatedSeats(a.log)).toEqual([1, 2]); // turn order from the leader
    expect(eliminatedSeats(b.log)).toEqual([2, 1]);
    for (const { st } of [a, b]) {
      expect(st.p[1]!.alive).toBe(false);
      expect(st.p[2]!.alive).toBe(false);
      expect(st.roads).toEqual([]);
      expect(checkInvariants(st)).toEqual([]);
    }
    const outcome = (st: AohState) => ({
      supply: st.supply,
      discard: st.discard.slice().sort(),
      p: st.p.map((p) => ({ ...p, played: 0 })),
    });
    expect(outcome(a.st)).toEqual(outcome(b.st));
    expect(a.st.leader).toBe(0);
    expect(b.st.leader).toBe(3); // the eliminated leader's successor clockwise (AOH-ELIM-6)
  });

  it('AOH-ELIM-8, AOH-FLOW-6: a defender who resigns mid-war is eliminated at once; the war ends without a battle', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [
          { armies: 2 },
          { cities: 2, hand: ['iron', 'olympic_games'], armies: [{ general: true }] },
          {},
        ],
        battle: [5, 6, 1],
        at: { action: 0 },
      },
      log,
    );
    const battle = st.battle.length;
    act(st, 0, warSteps({ target: 1, objective: 'conquest', armies: [1, 2] }), log);
    expect(promptOf(st)).toMatchObject({ seat: 1, kind: 'aoh.response' });
    act(st, 1, { type: 'resign' }, log);
    // Eliminated and cleaned up at once (AOH-ELIM-3): cities to the supply, cards to the discard pile.
    expect(st.p[1]!.alive).toBe(false);
    expect(st.p[1]!.resigned).toBe(true);
    expect([st.p[1]!.cities, st.p[1]!.hand, st.p[1]!.armies]).toEqual([0, [], []]);
    expect(st.supply.city).toBe(12 - 1 - 1);
    expect(st.discard).toEqual(expect.arrayContaining(['olympic_games', 'iron']));
    expect(log.find((e) => e.key === 'aoh.ev.eliminated')!.params).toMatchObject({ seat: 1, resigned: true });
    // No battle: no card drawn, nothing conquered; the attacker's armies go away as after a cancelled
    // attack (no road), and his action is used up: he goes on to phase 3.
    expect(st.war).toBeNull();
    expect(st.battle).toHaveLength(battle);
    expect(st.p[0]!.cities).toBe(1);
    expect(st.p[0]!.armies.map((a) => a.status)).toEqual(['away', 'away']);
    expect(log.find((e) => e.key === 'aoh.ev.warAbandoned')!.params).toEqual({
      seat: 1,
      attacker: 0,
      defender: 1,
    });
    expect(promptOf(st)).toMatchObject({ seat: 0, kind: 'aoh.monument' });
    expect(G.legalActions(st, 1)).toEqual([]);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-ELIM-8: a player who resigns during Market Day resolution goes at once: his pending cards are discarded unresolved, targets are chosen again without him', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{}, { cities: 2, hand: ['iron'] }, { hand: ['gold'] }],
        deck: ['earthquake', 'volcano', 'wood'],
        at: { market: 'draw' },
      },
      log,
    );
    expect(st.market!.pending[1]).toEqual(['volcano']);
    expect(promptOf(st)).toMatchObject({ seat: 0, kind: 'aoh.quakeTarget' });
    act(st, 1, { type: 'resign' }, log);
    expect(st.p[1]!.alive).toBe(false);
    expect(st.market!.pending[1]).toEqual([]);
    expect(st.discard).toEqual(expect.arrayContaining(['volcano', 'iron']));
    expect(st.supply.city).toBe(12 - 2);
    // Seat 2's army is the Earthquake's only target left: chosen automatically (AOH-DP-2); his Luck window opens.
    expect(log.filter((e) => e.key === 'aoh.ev.quakeTarget').map((e) => e.params)).toEqual([
      { seat: 0, army: st.p[2]!.armies[0]!.id, owner: 2, auto: true },
    ]);
    expect(promptOf(st)).toMatchObject({ seat: 2, kind: 'aoh.luck' });
    act(st, 2, { type: 'pass' }, log);
    expect(keys(log)).not.toContain('aoh.ev.volcanoTarget');
    expect(st.p[0]!.cities + st.p[2]!.cities).toBe(2); // nobody lost a city to the Volcano
    expect(st.market!.trading).toBe(true);
    // Two players are left: a resignation during trading ends the game at once (AOH-WIN-1).
    act(st, 2, { type: 'resign' }, log);
    expect(st.p[2]!.alive).toBe(false);
    expect(G.outcome(st)).toEqual({ winners: [0], reason: 'last-standing' });
    expect(G.prompts(st)).toEqual([]);
    expect(checkInvariants(st)).toEqual([]);
  });
});

describe('Victory and the last turn (§20)', () => {
  it('AOH-WIN-1, AOH-WIN-7: plundering the other survivor bare wins at once, mid-turn, even against his pending monument claim', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [{}, { cities: 0, hand: ['iron', 'wood'], armies: 0, monument: 5, claim: 4, turns: 3 }],
        at: { action: 0 },
      },
      log,
    );
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }), log);
    act(st, 1, { type: 'pass' }, log);
    expect(st.over).toEqual({ winners: [0], reason: 'last-standing' });
    expect(st.p[0]!.claim).toBe(0); // no last-turn delay, no claim needed
    expect(G.prompts(st)).toEqual([]);
    expect(log.find((e) => e.key === 'aoh.ev.win')!.rules).toContain('AOH-WIN-1');
  });

  it('AOH-WIN-2, AOH-WIN-3, AOH-WIN-4: a fifth city creates a public claim at the checkpoint, checked at the end of the next turn', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ cities: 4, hand: ['stone', 'wood', 'wood'], turns: 9 }, { turns: 8 }, { turns: 8 }],
        deck: ['iron', 'iron', 'wood', 'stone', 'grain', 'grain', 'wood', 'stone', 'iron', 'wood'],
        at: { build: 0 },
      },
      log,
    );
    act(st, 0, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] }, log);
    expect(st.p[0]!.cities).toBe(5);
    expect(st.p[0]!.claim).toBe(0); // not before the checkpoint
    act(st, 0, { type: 'buildDone' }, log);
    expect(st.p[0]!.claim).toBe(10);
    const claim = log.find((e) => e.key === 'aoh.ev.claim')!;
    expect(claim.params).toMatchObject({ seat: 0, checkAt: 10 });
    expect(claim.to).toBeUndefined();
    expect(claim.notTo).toBeUndefined();
    expect(G.view(st, SPECTATOR).players[0]!.claim).toBe(10);
    expect(G.view(st, 1).players[0]!.claim).toBe(10);
    expect(st.over).toBeNull();
    // The rest of turn 9 ends without a win; seats 1 and 2 play, Market Day, then turn 10.
    drive(st, (s) => s.p[0]!.turns === 10 && promptOf(s)?.kind === 'aoh.action', log);
    expect(st.over).toBeNull();
    drive(st, () => false, log);
    expect(st.over).toEqual({ winners: [0], reason: 'cities' });
    expect(st.p[0]!.turns).toBe(10);
  });

  it('AOH-WIN-2, AOH-WIN-3: a completed monument also creates a claim', () => {
    const st = scenario({
      players: 2,
      seats: [{ monument: 4, hand: ['limestone'], turns: 6 }, {}],
      at: { monument: 0 },
    });
    act(st, 0, { type: 'monument', count: 1 });
    expect(st.p[0]!.monument).toBe(5);
    expect(st.p[0]!.claim).toBe(7);
  });

  it('AOH-WIN-4, AOH-WIN-5: a claim lost in between is saved by rebuilding in the check turn; otherwise it is removed and a later one is made', () => {
    const spec = {
      players: 3,
      seats: [{ cities: 4, hand: ['stone', 'wood', 'wood'], turns: 9, claim: 10 }, {}, {}],
      deck: ['iron', 'iron', 'wood', 'stone', 'grain', 'iron', 'wood', 'stone', 'grain', 'gold'],
      at: { turn: 0 } as const,
    };
    // EX-R13: A lost his fifth city to a conquest; in turn 10 he builds it again and wins.
    const won = scenario(spec);
    act(won, 0, { type: 'build' });
    act(won, 0, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
    act(won, 0, { type: 'buildDone' });
    expect(won.over).toBeNull();
    drive(won, () => false);
    expect(won.over).toEqual({ winners: [0], reason: 'cities' });

    // Variant: he passes; the check fails, the claim is removed and the game goes on.
    const log: GameEvent[] = [];
    const st = scenario(spec, log);
    act(st, 0, { type: 'pass' }, log);
    drive(st, (s) => s.active === 1, log);
    expect(st.over).toBeNull();
    expect(st.p[0]!.claim).toBe(0);
    expect(keys(log)).toContain('aoh.ev.claimFails');
    // In turn 11 he builds the fifth city: a new claim, checked at the end of turn 12.
    drive(st, (s) => s.p[0]!.turns === 11 && promptOf(s)?.kind === 'aoh.action', log);
    act(st, 0, { type: 'build' });
    act(st, 0, { type: 'buildItem', item: 'city', pay: ['stone', 'wood', 'wood'] });
    act(st, 0, { type: 'buildDone' });
    expect(st.p[0]!.claim).toBe(12);
    expect(count(keys(log), 'aoh.ev.win')).toBe(0);
  });

  it('AOH-WIN-6: at the check either condition suffices, whichever created the claim', () => {
    // Claim made with five cities; at the check he has four cities but a complete monument.
    const a = scenario({
      players: 2,
      seats: [{ cities: 4, monument: 4, hand: ['limestone'], turns: 10, claim: 10 }, {}],
      at: { monument: 0 },
    });
    act(a, 0, { type: 'monument', count: 1 });
    drive(a, () => false);
    expect(a.over).toEqual({ winners: [0], reason: 'monument' });
    // Claim made with the monument; it was razed to three, but he now holds five cities.
    const b = scenario({
      players: 2,
      seats: [{ cities: 5, monument: 3, turns: 10, claim: 10 }, {}],
      at: { monument: 0 },
    });
    act(b, 0, { type: 'monument', count: 0 });
    drive(b, () => false);
    expect(b.over).toEqual({ winners: [0], reason: 'cities' });
    // Neither condition: no win.
    const c = scenario({
      players: 2,
      seats: [{ cities: 4, monument: 4, turns: 10, claim: 10 }, {}],
      at: { monument: 0 },
    });
    act(c, 0, { type: 'monument', count: 0 });
    drive(c, (s) => s.active === 1);
    expect(c.over).toBeNull();
  });

  it('AOH-WIN-7, AOH-WIN-8: in a last-turn race the claim checked first wins; the other is checked only at its own turn end (EX-T6)', () => {
    const spec = (boom: boolean) => ({
      players: 3,
      seats: [
        { cities: 5, claim: 10, turns: 9, played: true },
        { monument: 5, claim: 10, turns: 9, played: true },
        { armies: 2, turns: 9 },
      ],
      // C's two cards (6, 6), then A's one card (1).
      battle: [6, 6, 1],
      deck: [boom ? 'population_boom' : 'iron', 'iron', 'wood', 'stone', 'stone', 'wood', 'grain', 'iron'],
      at: { action: 2 } as const,
    });
    const race = (boom: boolean) => {
      const log: GameEvent[] = [];
      const st = scenario(spec(boom), log);
      const [c1, c2] = st.p[2]!.armies.map((a) => a.id);
      act(st, 2, warSteps({ target: 0, objective: 'conquest', armies: [c1!, c2!] }), log);
      act(st, 0, { type: 'pass' }, log);
      act(st, 2, placeSteps(st, 2, [6, 6]), log);
      act(st, 2, { type: 'duel', unit: 0 }, log);
      expect(st.war).toBeNull();
      expect(st.p[0]!.cities).toBe(4); // V = 1 duel + 1 excess = 2 → one city
      expect(st.p[0]!.claim).toBe(10); // the claim survives the loss (AOH-EDGE-20)
      drive(st, () => false, log);
      return { st, log };
    };
    const a = race(true);
    expect(a.st.p[0]!.cities).toBe(5);
    expect(a.st.over).toEqual({ winners: [0], reason: 'cities' });
    expect(a.st.p[1]!.claim).toBe(10); // B's claim was never checked
    expect(a.st.p[1]!.turns).toBe(9);
    expect(count(keys(a.log), 'aoh.ev.claimFails')).toBe(0);

    const b = race(false);
    expect(b.st.over).toEqual({ winners: [1], reason: 'monument' });
    expect(b.st.p[0]!.claim).toBe(0); // A's check failed at the end of his turn 10
    expect(b.st.p[1]!.turns).toBe(10);
    expect(keys(b.log).indexOf('aoh.ev.claimFails')).toBeLessThan(keys(b.log).indexOf('aoh.ev.win'));
  });

  it('AOH-WIN-3, AOH-WIN-9: a claim made by Population Boom at Market Day is checked at the end of the upcoming turn (EX-T11)', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 3,
        seats: [{ turns: 3 }, { cities: 4, turns: 3 }, { turns: 3 }],
        deck: ['iron', 'population_boom', 'wood', 'stone', 'grain', 'iron', 'wood'],
        at: { market: 'draw' },
      },
      log,
    );
    expect(st.p[1]!.cities).toBe(5);
    expect(st.p[1]!.claim).toBe(4);
    expect(st.active).toBe(-1); // made outside his own turn
    drive(st, (s) => s.active === 1, log);
    expect(st.over).toBeNull(); // A's turn ended, no check for B
    drive(st, () => false, log);
    expect(st.over).toEqual({ winners: [1], reason: 'cities' });
    expect(st.p[2]!.played).toBe(false); // C had not yet played in this round
  });

  it('AOH-WIN-10: when the last two players starve at the same checkpoint the game is a shared draw', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 2,
        seats: [
          { cities: 0, hand: ['grain'] },
          { cities: 0, hand: ['grain', 'grain'] },
        ],
        deck: ['famine'],
        at: { turn: 0 },
      },
      log,
    );
    expect(promptOf(st)).toMatchObject({ seat: 0, kind: 'aoh.luck' });
    act(st, 0, { type: 'pass' }, log);
    act(st, 1, { type: 'pass' }, log);
    expect(st.over).toEqual({ winners: [0, 1], reason: 'draw' });
    expect(eliminatedSeats(log)).toEqual([0, 1]);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('AOH-WIN-11: after the end no input is accepted and every hidden card is shown to every seat and spectator', () => {
    const st = scenario({
      players: 3,
      seats: [
        { hand: ['gold', 'luck'] },
        { cities: 0, hand: ['iron', 'wood'], armies: 0 },
        { cities: 0, hand: [], armies: 0, monument: 1 },
      ],
      at: { action: 0 },
    });
    act(st, 0, warSteps({ target: 1, objective: 'plunder', armies: [1] }));
    act(st, 1, { type: 'pass' });
    expect(st.over).toEqual({ winners: [0], reason: 'last-standing' });
    const before = JSON.stringify(st);
    for (const [seat, a] of [
      [0, { type: 'pass' }],
      [0, { type: 'resign' }],
      [1, { type: 'ready' }],
    ] as [Seat, AohAction][]) {
      const r = G.apply(st, seat, a);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.rule).toBe('AOH-WIN-11');
    }
    expect(JSON.stringify(st)).toBe(before);
    expect(G.prompts(st)).toEqual([]);
    expect(G.legalActions(st, 0)).toEqual([]);
    expect(G.defaultAction(st, 0)).toBeNull();
    for (const viewer of [SPECTATOR, 1, 2]) {
      const v = G.view(st, viewer);
      expect(v.players[0]!.hand!.slice().sort()).toEqual(st.p[0]!.hand.slice().sort());
      expect(v.players[0]!.hand).toContain('luck');
      expect(v.deck).toEqual(st.deck);
      expect(v.battle).toEqual(st.battle);
      expect(v.phase).toBe('over');
    }
  });
});
