/**
 * Kingdoms (spec §11–§12): founding and expanding, plus the rulebook Q&A and FAQ rulings of §16,
 * each checked on a scenario of the designed map.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { checkInvariants, rtOf, scenario, struggleForRome as game } from '@tabula/struggle-for-rome';
import type { ScenarioSpec, SfrState } from '@tabula/struggle-for-rome';
import cities from '../src/data/cities.json' with { type: 'json' };
import { ok, rejects } from './helpers.js';

const rt = (st: SfrState) => rtOf(st.opts);
const cityIdx = (st: SfrState, id: string) => rt(st).cityIdx.get(id)!;
const nodeOf = (st: SfrState, seat: number, t: number) => rt(st).nodes[st.p[seat]!.tribes[t]!.node]!.id;
const targets = (st: SfrState, seat: number, type: 'expand' | 'found') =>
  game
    .legalActions(st, seat)
    .filter((a) => a.type === type)
    .map((a) => (a as { city: string }).city)
    .sort();
const at4 = (seat0: NonNullable<ScenarioSpec['seats']>[number], extra: Partial<ScenarioSpec> = {}) => {
  const { seats = [], ...rest } = extra;
  return scenario({ players: 4, at: { phase: 4, seat: 0 }, ...rest, seats: [seat0, ...seats] });
};
/** A nomadic warrior tribe on n085 (next to Tridentum 2, Augusta Vindelicorum 3, Verona 3 over a land arrow). */
const FOUNDER = { node: 'n085', army: 3, wagons: 2, loot: ['GER', 'GAL', 'HIS'] };

/** Plays default actions until `pred` holds (at most `limit` inputs). */
const runUntil = (st: SfrState, pred: (st: SfrState) => boolean, limit = 400) => {
  for (let i = 0; i < limit && !pred(st); i++) {
    const pr = game.prompts(st)[0]!;
    ok(st, pr.seat, game.defaultAction(st, pr.seat)!);
  }
  expect(pred(st)).toBe(true);
};

describe('founding a kingdom (SFR-FOUND)', () => {
  it('SFR-FOUND-1: nomadic, 3 colours, adjacent, free city, strength, a wagon, no plunder this step', () => {
    const st = at4({ warriors: FOUNDER });
    expect(targets(st, 0, 'found')).toEqual(['augusta-vindelicorum', 'tridentum', 'verona']);
    // (2) two colours only.
    const two = at4({ warriors: { ...FOUNDER, loot: ['GER', 'GER', 'GAL'] } });
    expect(targets(two, 0, 'found')).toEqual([]);
    rejects(two, 0, { type: 'found', city: 'tridentum' }, 'SFR-FOUND-1', 'needColours');
    // (3) not adjacent.
    rejects(st, 0, { type: 'found', city: 'castra-regina' }, 'SFR-FOUND-1', 'notAdjacent');
    // (4) neutral with 3 players; a kingdom city; a city without token is fine.
    const three = scenario({
      players: 3,
      seats: [{ warriors: FOUNDER }, { horsemen: { kingdom: ['tridentum'] } }],
      plundered: ['verona'],
      at: { phase: 4, seat: 0 },
    });
    rejects(three, 0, { type: 'found', city: 'augusta-vindelicorum' }, 'SFR-SETUP-4', 'neutral');
    rejects(three, 0, { type: 'found', city: 'tridentum' }, 'SFR-EXP-3', 'owned');
    expect(three.token[cityIdx(three, 'verona')]).toBe(-1);
    expect(targets(three, 0, 'found')).toEqual(['verona']);
    // (5) strength below the towers.
    const weak = at4({ warriors: { ...FOUNDER, army: 2 } });
    expect(targets(weak, 0, 'found')).toEqual(['tridentum']);
    rejects(weak, 0, { type: 'found', city: 'verona' }, 'SFR-FOUND-1', 'tooWeak');
    // (6) no wagon.
    const poor = at4({ warriors: { ...FOUNDER, wagons: 0 } });
    rejects(poor, 0, { type: 'found', city: 'tridentum' }, 'SFR-FOUND-1', 'noWagon');
    // (1) a settled tribe founds no second kingdom.
    const settled = at4({
      warriors: { kingdom: ['verona'], army: 3, wagons: 2, loot: ['GER', 'GAL', 'HIS'] },
    });
    rejects(settled, 0, { type: 'found', city: 'tridentum' }, 'SFR-ACT-3', 'settled');
    // (7) after a plunder in this step (a development card drawn keeps the step open).
    const pl = at4({ warriors: FOUNDER }, { tokens: { tridentum: 'NIT-4' } });
    ok(pl, 0, { type: 'plunder', city: 'tridentum' });
    rejects(pl, 0, { type: 'found', city: 'verona' }, 'SFR-ACT-4', 'alreadyDone');
    expect(targets(pl, 0, 'found')).toEqual([]);
    // All conditions hold: founding succeeds.
    ok(st, 0, { type: 'found', city: 'tridentum' });
    expect(st.p[0]!.tribes[1]!.settled).toBe(true);
  });

  it('SFR-FOUND-2: the marker moves onto the city for free, even across an arrow; a wagon goes onto it', () => {
    const log: GameEvent[] = [];
    const st = at4({ gold: 0, grain: 0, warriors: FOUNDER });
    const reserve = st.p[0]!.reserve.slice();
    ok(st, 0, { type: 'found', city: 'verona' }, log); // n085 –land arrow– Verona
    const t = st.p[0]!.tribes[1]!;
    expect(nodeOf(st, 0, 1)).toBe('n095');
    expect(t.settled).toBe(true);
    expect(t.kingdom).toEqual([cityIdx(st, 'verona')]);
    expect(t.wagons).toBe(1);
    expect(st.p[0]!.reserve).toEqual(reserve); // the wagon is on the city, not back in the reserve
    expect(st.owner[cityIdx(st, 'verona')]).toBe(0 * 2 + 1);
    expect(st.p[0]!.gold).toBe(0);
    expect(game.view(st, 2).players[0]!.publicVp).toBe(1);
    expect(log.find((e) => e.key === 'sfr.ev.found')?.params).toMatchObject({ seat: 0, city: 'verona' });
    // Settled for good: the next round it is offered only rest or expansion.
    expect(game.prompts(st)[0]!.seat).toBe(1);
  });

  it('SFR-FOUND-3: a token still on the city stays hidden and gives the founder nothing', () => {
    const st = at4({ gold: 3, warriors: FOUNDER }, { tokens: { verona: 'NIT-8' }, devDeck: ['traitor'] });
    const c = cityIdx(st, 'verona');
    const tok = st.token[c]!;
    const before = { gold: st.p[0]!.gold, res: st.p[0]!.res.slice(), dev: st.p[0]!.dev.slice() };
    const removed = game.view(st, 1).removedCount;
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'found', city: 'verona' }, log);
    expect(st.token[c]).toBe(-1);
    expect(st.removed).toContain(tok);
    expect(st.p[0]!.tribes[1]!.loot.map((x) => rt(st).tokens[x]!.id)).not.toContain('NIT-8');
    expect({ gold: st.p[0]!.gold, res: st.p[0]!.res, dev: st.p[0]!.dev }).toEqual(before);
    for (const v of [-1, 0, 1]) {
      const view = game.view(st, v);
      expect(view.removedCount).toBe(removed + 1);
      expect(view.removed).toBeUndefined();
      expect(view.tokens).toBeUndefined();
      expect(view.token[c]).toBe(false);
    }
    expect(JSON.stringify(log)).not.toContain('NIT-8');
  });

  it('SFR-FOUND-4: no army figure leaves the box when founding', () => {
    const st = at4({ warriors: FOUNDER });
    const reserve = st.p[0]!.reserve.slice();
    ok(st, 0, { type: 'found', city: 'tridentum' });
    expect(st.p[0]!.tribes[1]!.army).toBe(3);
    expect(st.p[0]!.reserve[1]).toBe(reserve[1]);
  });

  it('SFR-FOUND-5: a tribe that reaches 3 colours by plundering founds at the earliest in its next step', () => {
    const st = scenario({
      players: 4,
      seats: [{ horsemen: { node: 'n042', army: 3, wagons: 1, loot: ['GAL', 'HIS'] } }],
      tokens: { 'castra-regina': 'GER-3' },
      at: { phase: 3, seat: 0 },
      options: { roundLimit: 0 },
    });
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    const tr = st.p[0]!.tribes[0]!;
    expect(new Set(tr.loot.map((x) => rt(st).tokens[x]!.prov)).size).toBe(3);
    // The step has ended: no founding now.
    rejects(st, 0, { type: 'found', city: 'castra-regina' }, 'SFR-ROUND-5');
    // The next round's phase 3: seat 0's horsemen may found at the plundered city.
    runUntil(
      st,
      (s) =>
        s.round === 2 &&
        s.phase === 3 &&
        game.prompts(s)[0]?.seat === 0 &&
        game.prompts(s)[0]?.kind === 'sfr.act',
    );
    expect(tr.settled).toBe(false);
    expect(targets(st, 0, 'found')).toContain('castra-regina');
    ok(st, 0, { type: 'found', city: 'castra-regina' });
    expect(st.p[0]!.tribes[0]!.settled).toBe(true);
  });

  it('SFR-FOUND-6: each tribe founds its own kingdom; a player may have two', () => {
    const st = at4({ horsemen: { kingdom: ['lutetia'] }, warriors: FOUNDER });
    ok(st, 0, { type: 'found', city: 'verona' });
    const [h, w] = st.p[0]!.tribes;
    expect(h!.kingdom).toEqual([cityIdx(st, 'lutetia')]);
    expect(w!.kingdom).toEqual([cityIdx(st, 'verona')]);
    expect(st.owner[cityIdx(st, 'lutetia')]).toBe(0);
    expect(st.owner[cityIdx(st, 'verona')]).toBe(1);
    expect(game.view(st, 1).players[0]!.publicVp).toBe(2);
  });
});

describe('expanding a kingdom (SFR-EXP)', () => {
  it('SFR-EXP-1: free city within one arrow of this tribe’s kingdom, strength, a wagon and a figure', () => {
    const st = scenario({
      players: 3,
      seats: [
        { warriors: { kingdom: ['verona'], army: 3, wagons: 1 } },
        { horsemen: { kingdom: ['aquileia'] } },
      ],
      at: { phase: 4, seat: 0 },
    });
    // Verona's reach: Aquileia (owned), Augusta Taurinorum / Augusta Vindelicorum (neutral), Mediolanum and
    // Ravenna (4 towers) are excluded.
    expect(targets(st, 0, 'expand')).toEqual([
      'argentoratum',
      'florentia',
      'genua',
      'lauriacum',
      'tridentum',
    ]);
    rejects(st, 0, { type: 'expand', city: 'augusta-taurinorum' }, 'SFR-SETUP-4', 'neutral'); // (1)
    rejects(st, 0, { type: 'expand', city: 'aquileia' }, 'SFR-EXP-3', 'owned'); // (1)
    rejects(st, 0, { type: 'expand', city: 'neapolis' }, 'SFR-EXP-1', 'tooFar'); // (2): two arrows
    rejects(st, 0, { type: 'expand', city: 'castra-regina' }, 'SFR-EXP-1', 'tooFar');
    rejects(st, 0, { type: 'expand', city: 'mediolanum' }, 'SFR-EXP-1', 'tooWeak'); // (3)
    // (4) no wagon; no army figure (strength from Great Warrior only).
    const noWagon = at4({ warriors: { kingdom: ['verona'], army: 3, wagons: 0 } });
    expect(targets(noWagon, 0, 'expand')).toEqual([]);
    rejects(noWagon, 0, { type: 'expand', city: 'tridentum' }, 'SFR-EXP-1', 'noWagon');
    const noArmy = at4({ dev: ['great-warrior'], warriors: { kingdom: ['verona'], army: 0, wagons: 1 } });
    ok(noArmy, 0, { type: 'play', card: 'great-warrior' });
    rejects(noArmy, 0, { type: 'expand', city: 'tridentum' }, 'SFR-EXP-1', 'noWagon');
    expect(targets(noArmy, 0, 'expand')).toEqual([]);
    // (5) a conquest in this step: see SFR-EXP-4. All conditions hold:
    ok(st, 0, { type: 'expand', city: 'florentia' });
    expect(st.owner[cityIdx(st, 'florentia')]).toBe(1);
  });

  it('SFR-EXP-2: a figure and a wagon move onto the city; it joins the kingdom (+1 VP); its token is removed hidden', () => {
    const st = at4(
      { warriors: { kingdom: ['verona', 'mediolanum'], army: 3, wagons: 1 } },
      { tokens: { tridentum: 'NIT-6' } },
    );
    const c = cityIdx(st, 'tridentum');
    const tok = st.token[c]!;
    const reserve = st.p[0]!.reserve.slice();
    const gold = st.p[0]!.gold;
    expect(game.view(st, 1).players[0]!.publicVp).toBe(2);
    ok(st, 0, { type: 'expand', city: 'tridentum' });
    const t = st.p[0]!.tribes[1]!;
    expect([t.army, t.wagons]).toEqual([2, 0]);
    expect(st.p[0]!.reserve).toEqual(reserve);
    expect(t.kingdom).toEqual([cityIdx(st, 'verona'), cityIdx(st, 'mediolanum'), c]);
    expect(st.owner[c]).toBe(1);
    expect(game.view(st, 1).players[0]!.publicVp).toBe(3);
    expect(st.token[c]).toBe(-1);
    expect(st.removed).toContain(tok);
    expect(st.p[0]!.gold).toBe(gold); // the token's gold is not paid
    expect(nodeOf(st, 0, 1)).toBe('n095'); // the marker stays on the first city
  });

  it('SFR-EXP-3: kingdom cities are never plundered, founded at or conquered by anyone', () => {
    const st = scenario({
      players: 4,
      seats: [
        { warriors: { kingdom: ['verona'], army: 5, wagons: 2 } },
        { warriors: { kingdom: ['tridentum'], army: 3 } },
      ],
      at: { phase: 4, seat: 0 },
    });
    expect(targets(st, 0, 'expand')).not.toContain('tridentum');
    rejects(st, 0, { type: 'expand', city: 'tridentum' }, 'SFR-EXP-3', 'owned'); // another kingdom
    rejects(st, 0, { type: 'expand', city: 'verona' }, 'SFR-EXP-3', 'owned'); // its own
    // A nomadic tribe next to a kingdom city may neither plunder nor found there.
    const nomad = scenario({
      players: 4,
      seats: [
        { horsemen: { node: 'n085', army: 5, loot: ['GER', 'GAL', 'HIS'] } },
        { warriors: { kingdom: ['tridentum'] } },
      ],
      at: { phase: 3, seat: 0 },
    });
    expect(nomad.token[cityIdx(nomad, 'tridentum')]).toBe(-1);
    rejects(nomad, 0, { type: 'plunder', city: 'tridentum' }, 'SFR-EXP-3', 'owned');
    rejects(nomad, 0, { type: 'found', city: 'tridentum' }, 'SFR-EXP-3', 'owned');
    expect(targets(nomad, 0, 'found')).not.toContain('tridentum');
  });

  it('SFR-EXP-4: one conquest per step; a city just conquered is no origin in that step', () => {
    const st = at4({ warriors: { kingdom: ['verona'], army: 4, wagons: 3 } });
    ok(st, 0, { type: 'expand', city: 'tridentum' });
    // The step is over: neither Verona nor the new Tridentum serves for a second conquest.
    expect(game.prompts(st)[0]!.seat).toBe(1);
    expect(game.legalActions(st, 0)).toEqual([]);
    rejects(st, 0, { type: 'expand', city: 'genua' }, 'SFR-ROUND-5'); // from Verona
    rejects(st, 0, { type: 'expand', city: 'castra-regina' }, 'SFR-ROUND-5'); // from Tridentum
    expect(st.p[0]!.tribes[1]!.kingdom).toHaveLength(2);
  });

  it('SFR-EXP-5: a city reachable with zero arrows qualifies', () => {
    // Mediolanum – Argentoratum: plain sections only.
    const st = at4({ warriors: { kingdom: ['mediolanum'], army: 2, wagons: 1 } });
    expect(targets(st, 0, 'expand')).toContain('argentoratum');
    ok(st, 0, { type: 'expand', city: 'argentoratum' });
    expect(st.owner[cityIdx(st, 'argentoratum')]).toBe(1);
  });

  it('SFR-EXP-6: the player’s other kingdom is no origin; kingdoms never merge', () => {
    // Horsemen hold Lutetia (Durocortorum 0 arrows, Samarobriva/Condate 1); the warriors hold Verona.
    const st = at4({
      horsemen: { kingdom: ['lutetia'] },
      warriors: { kingdom: ['verona'], army: 3, wagons: 1 },
    });
    const list = targets(st, 0, 'expand');
    for (const c of ['durocortorum', 'samarobriva', 'condate']) expect(list).not.toContain(c);
    rejects(st, 0, { type: 'expand', city: 'durocortorum' }, 'SFR-EXP-1', 'tooFar');
    ok(st, 0, { type: 'expand', city: 'tridentum' });
    expect(st.p[0]!.tribes[0]!.kingdom).toEqual([cityIdx(st, 'lutetia')]);
    expect(st.p[0]!.tribes[1]!.kingdom).toEqual([cityIdx(st, 'verona'), cityIdx(st, 'tridentum')]);
  });
});

describe('rulebook Q&A and FAQ rulings (SFR-FAQ)', () => {
  it('SFR-FAQ-1: a resource shortage returns half (rounded up) from every holder, then deals', () => {
    // Seat 0's horsemen on n042 touch the fields hex numbered 10; all 13 grain cards are in hands.
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        seats: [{ grain: 5, horsemen: { node: 'n042' } }, { grain: 8 }, { grain: 0 }],
        dice: [4, 6, 3, 4], // 10, then a 7 stops at the legionnaire
        at: { production: true },
      },
      log,
    );
    expect(st.rose).toEqual([10, 7]);
    const ev = log.find((e) => e.key === 'sfr.ev.shortage')!;
    expect(ev.params).toMatchObject({ kind: 'grain', owed: 1, stack: 0, returned: [3, 4, 0, 0] });
    // 5 → 2 (+1 dealt), 8 → 4; the stack keeps the rest.
    expect(st.p.map((p) => p.res[0])).toEqual([3, 4, 0, 0]);
    expect(st.grain).toBe(6);
    expect(checkInvariants(st)).toEqual([]);
  });

  it('SFR-FAQ-2: with one figure type in the reserve, an army pair yields that one figure', () => {
    const st = scenario({
      players: 4,
      seats: [{ ore: 1, horses: 1, horsemen: { army: 8 }, warriors: { army: 1 } }],
      at: { phase: 2, seat: 0 },
    });
    expect(st.p[0]!.reserve.slice(0, 2)).toEqual([0, 7]);
    const ore = st.ore;
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'buyPair' }, log);
    expect(st.p[0]!.res).toEqual([0, 0, 0, 0]); // the full price
    expect(st.ore).toBe(ore + 1);
    expect(st.pdis).toEqual([1, 0]);
    expect([st.p[0]!.tribes[0]!.army, st.p[0]!.tribes[1]!.army]).toEqual([8, 2]);
    expect(st.p[0]!.reserve.slice(0, 2)).toEqual([0, 6]);
    expect(log.find((e) => e.key === 'sfr.ev.buyPair')?.params).toMatchObject({ got: ['warriors'] });
    // Neither type left: not allowed.
    const none = scenario({
      players: 4,
      seats: [{ ore: 1, horses: 1, horsemen: { army: 8 }, warriors: { army: 8 } }],
      at: { phase: 2, seat: 0 },
    });
    expect(game.legalActions(none, 0).some((a) => a.type === 'buyPair')).toBe(false);
    rejects(none, 0, { type: 'buyPair' }, 'SFR-BUY-2', 'noFigures');
  });

  it('SFR-FAQ-3: the eagle cities are exactly the 10 cities with at least 4 towers; the eagle has no effect', () => {
    const list = cities.cities;
    expect(list.filter((c) => c.eagle)).toHaveLength(10);
    for (const c of list) expect(c.eagle).toBe(c.towers >= 4);
    // The engine's compiled cities carry no eagle at all; an eagle city is plundered by strength = towers.
    const st = scenario({
      players: 4,
      seats: [{ horsemen: { node: 'n048', army: 4 } }],
      at: { phase: 3, seat: 0 },
    });
    const lut = rt(st).cities[cityIdx(st, 'lutetia')]!;
    expect(Object.keys(lut)).not.toContain('eagle');
    expect(lut.towers).toBe(4);
    ok(st, 0, { type: 'plunder', city: 'lutetia' });
    expect(st.token[cityIdx(st, 'lutetia')]).toBe(-1);
  });

  it('SFR-FAQ-4: a plunder giving the 3rd colour does not allow a conquest in the same step', () => {
    const st = scenario({
      players: 4,
      seats: [{ horsemen: { node: 'n042', army: 3, wagons: 1, loot: ['GAL', 'HIS'] } }],
      tokens: { 'castra-regina': 'GER-4' }, // draws a card: the step stays open for endStep
      devDeck: ['traitor'],
      at: { phase: 3, seat: 0 },
    });
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    const tr = st.p[0]!.tribes[0]!;
    expect(new Set(tr.loot.map((x) => rt(st).tokens[x]!.prov)).size).toBe(3);
    expect(tr.army).toBe(2); // still strong enough for the 2 towers
    expect(game.legalActions(st, 0)).toEqual([{ type: 'endStep' }]);
    rejects(st, 0, { type: 'found', city: 'castra-regina' }, 'SFR-ACT-4', 'alreadyDone');
    ok(st, 0, { type: 'endStep' });
    expect(tr.settled).toBe(false);
  });

  it('SFR-FAQ-5: a conquest route may pass an unconquered city', () => {
    // From Verona every route to Argentoratum crossing ≤ 1 arrow passes through another city.
    const st = at4({ warriors: { kingdom: ['verona'], army: 2, wagons: 1 } });
    expect(targets(st, 0, 'expand')).toContain('argentoratum');
    ok(st, 0, { type: 'expand', city: 'argentoratum' });
    expect(st.owner[cityIdx(st, 'argentoratum')]).toBe(1);
  });

  it('SFR-FAQ-6: a treasure decides the gold tie at game end although its owner played 3 cards that round', () => {
    const ids = cities.cities.map((c) => c.id);
    const kingdomSeat = (k: number) => ({
      gold: 5,
      horsemen: { kingdom: ids.slice(k, k + 4), army: 1, wagons: 1 },
      warriors: { kingdom: ids.slice(k + 4, k + 8), army: 1, wagons: 1 },
    });
    const st = scenario({
      players: 4,
      seats: [
        { ...kingdomSeat(0), dev: ['abundance', 'great-horseman', 'great-warrior', 'treasure-ostrogoths'] },
        kingdomSeat(8),
      ],
      at: { phase: 2, seat: 0 },
      options: { roundLimit: 0 },
    });
    expect([game.view(st, 2).players[0]!.publicVp, game.view(st, 2).players[1]!.publicVp]).toEqual([10, 10]);
    // One card in each of phases 2, 3 and 4.
    ok(st, 0, { type: 'play', card: 'abundance', take: ['grain', 'grain'] });
    for (const s of [0, 1, 2, 3]) ok(st, s, { type: 'endStep' });
    ok(st, 0, { type: 'play', card: 'great-horseman' });
    for (const s of [0, 1, 2, 3]) ok(st, s, { type: 'rest', take: 'gold' });
    ok(st, 0, { type: 'play', card: 'great-warrior' });
    expect(st.p[0]!.played).toEqual(['abundance', 'great-horseman', 'great-warrior']);
    const log: GameEvent[] = [];
    for (const s of [0, 1, 2]) ok(st, s, { type: 'rest', take: 'gold' });
    expect([st.p[0]!.gold, st.p[1]!.gold]).toEqual([9, 9]);
    ok(st, 3, { type: 'rest', take: 'gold' }, log);
    expect(log.find((e) => e.key === 'sfr.ev.treasure')?.params).toMatchObject({
      seat: 0,
      gold: 3,
      end: true,
    });
    expect([st.p[0]!.gold, st.p[1]!.gold]).toEqual([12, 9]);
    expect(st.over).toMatchObject({ winners: [0], reason: 'vp' });
  });

  it('SFR-FAQ-7: with emergency gold replacing the cattle, a development card costs 4 gold (once per game)', () => {
    const st = scenario({ players: 4, seats: [{ gold: 4 }], at: { phase: 2, seat: 0 } });
    const buys = game.legalActions(st, 0).filter((a) => a.type === 'buyDev');
    expect(buys).toEqual([{ type: 'buyDev', emergency: 'cattle' }]);
    rejects(st, 0, { type: 'buyDev' }, 'SFR-BUY-4', 'cannotAfford');
    ok(st, 0, { type: 'buyDev', emergency: 'cattle' });
    expect(st.p[0]!.gold).toBe(0);
    expect(st.p[0]!.dev).toHaveLength(1);
    expect(st.p[0]!.emergency).toBe(true);
    // Used already: no second time.
    const used = scenario({ players: 4, seats: [{ gold: 8, emergency: true }], at: { phase: 2, seat: 0 } });
    expect(game.legalActions(used, 0).some((a) => a.type === 'buyDev')).toBe(false);
    rejects(used, 0, { type: 'buyDev', emergency: 'cattle' }, 'SFR-GOLD-2', 'emergencyUsed');
    // 3 gold are not enough.
    const three = scenario({ players: 4, seats: [{ gold: 3 }], at: { phase: 2, seat: 0 } });
    rejects(three, 0, { type: 'buyDev', emergency: 'cattle' }, 'SFR-GOLD-1', 'cannotAfford');
  });

  it('SFR-FAQ-8: the legionnaire never goes beyond the limes, not by a 7 nor by a Diplomat', () => {
    const r = rtOf(scenario({ players: 4, at: { phase: 2, seat: 0 } }).opts);
    const beyond = r.hexes.filter((h) => h.beyond).map((h) => h.id);
    expect(beyond.length).toBeGreaterThan(0);
    // A rolled 7.
    const seven = scenario({ players: 4, dice: [3, 4], at: { production: true } });
    expect(game.prompts(seven)[0]).toMatchObject({ seat: 0, kind: 'sfr.legion' });
    const hexes = game.legalActions(seven, 0).flatMap((a) => (a.type === 'legion' ? [a.hex] : []));
    for (const h of beyond) expect(hexes).not.toContain(h);
    rejects(seven, 0, { type: 'legion', hex: beyond[0]! }, 'SFR-LEG-3', 'beyondLimes');
    // A Diplomat.
    const dip = scenario({ players: 4, seats: [{ dev: ['diplomat'] }], at: { phase: 2, seat: 0 } });
    const plays = game.legalActions(dip, 0).flatMap((a) => (a.type === 'play' ? [a.hex] : []));
    expect(plays.length).toBeGreaterThan(0);
    for (const h of beyond) expect(plays).not.toContain(h);
    rejects(dip, 0, { type: 'play', card: 'diplomat', hex: beyond[0]! }, 'SFR-LEG-3', 'beyondLimes');
    expect(dip.p[0]!.dev).toEqual(['diplomat']);
  });

  it('SFR-FAQ-9: a Traitor covers one city only and is then gone', () => {
    // Horsemen plunder Lutetia (4 towers) with strength 1; in phase 4 the warriors have no Traitor left.
    const st = scenario({
      players: 4,
      seats: [{ dev: ['traitor'], horsemen: { node: 'n048', army: 1 }, warriors: { node: 'n085', army: 1 } }],
      tokens: { lutetia: 'GAL-8' },
      at: { phase: 3, seat: 0 },
    });
    expect(game.legalActions(st, 0)).toContainEqual({ type: 'plunder', city: 'lutetia', card: 'traitor' });
    ok(st, 0, { type: 'plunder', city: 'lutetia', card: 'traitor' });
    expect(st.p[0]!.dev).toEqual([]);
    expect(st.p[0]!.played).toEqual(['traitor']);
    for (const s of [1, 2, 3]) ok(st, s, { type: 'rest', take: 'gold' });
    expect(st.phase).toBe(4);
    rejects(st, 0, { type: 'plunder', city: 'verona', card: 'traitor' }, 'SFR-DEV-1', 'noCard');
    rejects(st, 0, { type: 'plunder', city: 'verona' }, 'SFR-PLUN-1', 'tooWeak');
  });
});
