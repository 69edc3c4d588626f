/**
 * Development cards (SFR-DEV), award cards (SFR-AWARD), victory points (SFR-VP) and the end of the
 * game (SFR-END), each checked in a scenario built at its moment.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { canSee } from '@tabula/engine';
import { DEFAULT_RT, scenario, struggleForRome as game } from '@tabula/struggle-for-rome';
import type { ScenarioSpec, SfrAction, SfrState } from '@tabula/struggle-for-rome';
import { ok, rejects } from './helpers.js';

const has = (st: SfrState, seat: number, a: SfrAction): boolean =>
  game.legalActions(st, seat).some((x) => JSON.stringify(x) === JSON.stringify(a));

const plays = (st: SfrState, seat: number): SfrAction[] =>
  game.legalActions(st, seat).filter((a) => a.type === 'play' || a.type === 'reveal');

/** Applies every pending seat's timeout default until `stop` holds or the game is over. */
function runDefaults(st: SfrState, stop: (s: SfrState) => boolean, log?: GameEvent[]): void {
  for (let i = 0; i < 400 && !st.over && !stop(st); i++) {
    const seat = game.prompts(st)[0]!.seat;
    ok(st, seat, game.defaultAction(st, seat)!, log);
  }
  expect(stop(st) || st.over !== null).toBe(true);
}

const keys = (log: GameEvent[]) => log.map((e) => e.key);
const cityIdx = (id: string) => DEFAULT_RT.cityIdx.get(id)!;
const vpOf = (st: SfrState, seat: number) => game.view(st, seat).players[seat]!.vp!;
const publicVp = (st: SfrState, seat: number, viewer = -1) => game.view(st, viewer).players[seat]!.publicVp;

// Eight cities in two kingdoms of four (one player's figures and wagons suffice), and another eight.
const K4A = ['colonia-agrippina', 'mogontiacum', 'augusta-treverorum', 'argentoratum'];
const K4B = ['castra-regina', 'lauriacum', 'samarobriva', 'durocortorum'];
const K4C = ['lutetia', 'burdigala', 'lugdunum', 'narbo-martius'];
const K4D = ['caesaraugusta', 'tarraco', 'toletum', 'emerita-augusta'];
const VP2 = ['vp-royal-hall', 'vp-law-code'];

/** 4 players, start 0, at the last phase-4 step (seat 3): one rest ends the round. */
const lastStep = (seats: ScenarioSpec['seats'], options: ScenarioSpec['options'] = {}): SfrState =>
  scenario({ players: 4, seats, at: { phase: 4, seat: 3 }, options: { roundLimit: 0, ...options } });

describe('development cards (SFR-DEV)', () => {
  it('SFR-DEV-1: development cards are held face-down; the count is public, the types private', () => {
    const st = scenario({
      players: 3,
      seats: [{ gold: 2, cattle: 1 }],
      devDeck: ['traitor'],
      at: { phase: 2, seat: 0 },
    });
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'buyDev' }, log);
    const drawn = log.find((e) => e.key === 'sfr.ev.devDrawn')!;
    const hidden = log.find((e) => e.key === 'sfr.ev.devHidden')!;
    expect(drawn.params).toMatchObject({ seat: 0, card: 'traitor' });
    expect([0, 1, 2, -1].map((v) => canSee(drawn, v))).toEqual([true, false, false, false]);
    expect([0, 1, 2, -1].map((v) => canSee(hidden, v))).toEqual([false, true, true, true]);
    expect(JSON.stringify(hidden.params)).not.toContain('traitor');
    expect(game.view(st, 0).players[0]!.dev).toEqual(['traitor']);
    for (const v of [1, 2, -1]) {
      const pv = game.view(st, v).players[0]!;
      expect(pv.dev).toBeUndefined();
      expect(pv.devCount).toBe(1);
      expect(JSON.stringify(game.view(st, v))).not.toContain('traitor');
    }
  });

  it('SFR-DEV-2: only in phases 2–4, only in the owner\u2019s own step, at most one per player and phase', () => {
    // Phase 1: the start player decides only the legionnaire.
    const p1 = scenario({
      players: 3,
      seats: [{ dev: ['abundance'] }],
      dice: [3, 4],
      at: { production: true },
    });
    expect(game.prompts(p1)).toEqual([expect.objectContaining({ seat: 0, kind: 'sfr.legion' })]);
    rejects(
      p1,
      0,
      { type: 'play', card: 'abundance', take: ['grain', 'ore'] },
      'SFR-DP-5',
      'wrongAction.legion',
    );
    // Phase 2: not in another player's step.
    const st = scenario({
      players: 3,
      seats: [{ dev: ['abundance', 'diplomat', 'great-horseman'] }, { dev: ['abundance'] }],
      at: { phase: 2, seat: 0 },
    });
    rejects(
      st,
      1,
      { type: 'play', card: 'abundance', take: ['grain', 'ore'] },
      'SFR-ROUND-5',
      'notYourDecision',
    );
    ok(st, 0, { type: 'play', card: 'abundance', take: ['grain', 'ore'] });
    // One card per phase: the Diplomat must wait.
    expect(plays(st, 0)).toEqual([]);
    rejects(st, 0, { type: 'play', card: 'diplomat', hex: 'h0311' }, 'SFR-DEV-2', 'cardLimit');
    ok(st, 0, { type: 'endStep' });
    ok(st, 1, { type: 'play', card: 'abundance', take: ['grain', 'grain'] });
    ok(st, 1, { type: 'endStep' });
    ok(st, 2, { type: 'endStep' });
    // Phase 3: a new phase, a new card (so up to 3 per round).
    expect(st.phase).toBe(3);
    expect(has(st, 0, { type: 'play', card: 'great-horseman' })).toBe(true);
    ok(st, 0, { type: 'play', card: 'great-horseman' });
    expect(st.p[0]!.played).toEqual(['abundance', 'great-horseman']);
    // A phase-2 card is not playable in phase 3.
    const late = scenario({ players: 3, seats: [{ dev: ['diplomat'] }], at: { phase: 3, seat: 0 } });
    rejects(late, 0, { type: 'play', card: 'diplomat', hex: 'h0311' }, 'SFR-DEV-2', 'wrongPhase');
  });

  it('SFR-DEV-3: a card cannot be played in the phase in which it was acquired', () => {
    const st = scenario({ players: 3, seats: [{ devNew: ['abundance'] }], at: { phase: 2, seat: 0 } });
    expect(plays(st, 0)).toEqual([]);
    rejects(st, 0, { type: 'play', card: 'abundance', take: ['grain', 'ore'] }, 'SFR-DEV-3', 'cardTooNew');
    // A Traitor bought in phase 2 serves in phase 3 of the same round (SFR-TRICK-9).
    const buy = scenario({
      players: 4,
      seats: [{ gold: 1, cattle: 1, horsemen: { node: 'n042', army: 1 } }],
      devDeck: ['traitor'],
      at: { phase: 2, seat: 0 },
    });
    ok(buy, 0, { type: 'buyDev' });
    for (const s of [0, 1, 2, 3]) ok(buy, s, { type: 'endStep' });
    expect(buy.phase).toBe(3);
    expect(has(buy, 0, { type: 'plunder', city: 'castra-regina', card: 'traitor' })).toBe(true);
    // A Great Horseman acquired in phase 3 (e.g. from loot) waits for the next phase 3.
    const gh = scenario({ players: 3, seats: [{ devNew: ['great-horseman'] }], at: { phase: 3, seat: 0 } });
    rejects(gh, 0, { type: 'play', card: 'great-horseman' }, 'SFR-DEV-3', 'cardTooNew');
  });

  it('SFR-DEV-4: a played card leaves the game; an empty deck gives no more cards', () => {
    const st = scenario({ players: 3, seats: [{ dev: ['abundance'] }], at: { phase: 2, seat: 0 } });
    const deck = st.devDeck.length;
    ok(st, 0, { type: 'play', card: 'abundance', take: ['ore', 'ore'] });
    expect(st.p[0]!.dev).toEqual([]);
    expect(st.p[0]!.played).toEqual(['abundance']);
    expect(st.devDeck.length).toBe(deck);
    expect(game.view(st, 1).players[0]!.played).toEqual(['abundance']);
    // Empty deck: nothing to buy, nothing drawn from loot.
    const all = [
      ...Array<string>(10).fill('diplomat'),
      'traitor',
      'traitor',
      ...['great-horseman', 'great-horseman', 'great-warrior', 'great-warrior'],
      ...['treasure-burgundians', 'treasure-vandals', 'treasure-visigoths', 'treasure-ostrogoths'],
      ...['vp-royal-hall', 'vp-law-code', 'vp-royal-baptism', 'vp-heroic-saga'],
      ...['abundance', 'abundance', 'abundance', 'forced-march', 'fleet'],
    ];
    const dry = scenario({
      players: 4,
      seats: [{ gold: 0, dev: ['traitor'], horsemen: { node: 'n042', army: 1 } }, { played: all }],
      tokens: { 'castra-regina': 'GER-4' },
      at: { phase: 3, seat: 0 },
    });
    expect(dry.devDeck).toEqual([]);
    const log: GameEvent[] = [];
    ok(dry, 0, { type: 'plunder', city: 'castra-regina', card: 'traitor' }, log);
    expect(keys(log)).toContain('sfr.ev.devEmpty');
    expect(dry.p[0]!.dev).toEqual([]);
    expect(dry.p[0]!.played).toEqual(['traitor']);
  });

  it('SFR-DEV-5: the Diplomat moves the legionnaire (not beyond the limes) and robs; phase 2 only', () => {
    const st = scenario({
      players: 4,
      seats: [{ dev: ['diplomat'] }, { ore: 1, horsemen: { node: 'n064' } }],
      at: { phase: 2, seat: 0 },
    });
    const legion = DEFAULT_RT.hexes[st.legion]!.id;
    rejects(st, 0, { type: 'play', card: 'diplomat', hex: legion }, 'SFR-LEG-1', 'sameHex');
    rejects(st, 0, { type: 'play', card: 'diplomat', hex: 'h0012' }, 'SFR-LEG-3', 'beyondLimes');
    const listed = plays(st, 0).map((a) => (a as { hex: string }).hex);
    expect(listed).not.toContain('h0012');
    expect(listed).not.toContain(legion);
    expect(listed).toContain('h0311');
    ok(st, 0, { type: 'play', card: 'diplomat', hex: 'h0311' });
    expect(DEFAULT_RT.hexes[st.legion]!.id).toBe('h0311');
    expect(st.p[0]!.diplomats).toBe(1);
    expect(game.legalActions(st, 0)).toEqual([{ type: 'rob', seat: 1 }, { type: 'robNone' }]);
    ok(st, 0, { type: 'rob', seat: 1 });
    expect(st.p[0]!.res).toEqual([0, 1, 0, 0]);
    expect(st.p[1]!.res).toEqual([0, 0, 0, 0]);
    expect(game.prompts(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'sfr.trade' })]);
    // Phase 3: no Diplomat.
    const p3 = scenario({ players: 4, seats: [{ dev: ['diplomat'] }], at: { phase: 3, seat: 0 } });
    rejects(p3, 0, { type: 'play', card: 'diplomat', hex: 'h0311' }, 'SFR-DEV-2', 'wrongPhase');
  });

  it('SFR-DEV-6: a Traitor sets the target city\u2019s towers to 0 for a plunder, founding or expansion', () => {
    // Plunder: 1 horseman against Castra Regina (2 towers).
    const pl = scenario({
      players: 4,
      seats: [{ dev: ['traitor', 'traitor'], horsemen: { node: 'n042', army: 1 } }],
      tokens: { 'castra-regina': 'GER-8' },
      at: { phase: 3, seat: 0 },
    });
    rejects(pl, 0, { type: 'plunder', city: 'castra-regina' }, 'SFR-PLUN-1', 'tooWeak');
    expect(has(pl, 0, { type: 'plunder', city: 'castra-regina', card: 'traitor' })).toBe(true);
    ok(pl, 0, { type: 'plunder', city: 'castra-regina', card: 'traitor' });
    // One city per card: one Traitor used, the other still in hand.
    expect(pl.p[0]!.played).toEqual(['traitor']);
    expect(pl.p[0]!.dev).toEqual(['traitor']);
    expect(pl.token[cityIdx('castra-regina')]).toBe(-1);
    // Founding: 1 warrior with 3 colours at Verona (3 towers).
    const fo = scenario({
      players: 4,
      seats: [{ dev: ['traitor'], warriors: { node: 'n085', army: 1, loot: ['GER', 'GAL', 'HIS'] } }],
      at: { phase: 4, seat: 0 },
    });
    rejects(fo, 0, { type: 'found', city: 'verona' }, 'SFR-FOUND-1', 'tooWeak');
    ok(fo, 0, { type: 'found', city: 'verona', card: 'traitor' });
    expect(fo.owner[cityIdx('verona')]).toBe(1);
    // Expansion: Verona's kingdom takes Mediolanum (4 towers) with 1 warrior.
    const ex = scenario({
      players: 4,
      seats: [{ dev: ['traitor'], warriors: { kingdom: ['verona'], army: 1, wagons: 1 } }],
      at: { phase: 4, seat: 0 },
    });
    rejects(ex, 0, { type: 'expand', city: 'mediolanum' }, 'SFR-EXP-1', 'tooWeak');
    ok(ex, 0, { type: 'expand', city: 'mediolanum', card: 'traitor' });
    expect(ex.p[0]!.tribes[1]!.kingdom.length).toBe(2);
    // Only with a deed of the acting tribe: not in phase 2.
    const p2 = scenario({ players: 4, seats: [{ dev: ['traitor'] }], at: { phase: 2, seat: 0 } });
    rejects(p2, 0, { type: 'play', card: 'traitor' }, 'SFR-DEV-2', 'wrongPhase');
  });

  it('SFR-DEV-7: Great Horseman / Great Warrior give +2 strength for the rest of the matching phase; the bonus is not lost', () => {
    const st = scenario({
      players: 4,
      seats: [{ dev: ['great-horseman', 'great-warrior'], horsemen: { node: 'n085', army: 1 } }],
      tokens: { verona: 'NIT-6' },
      at: { phase: 3, seat: 0 },
    });
    rejects(st, 0, { type: 'play', card: 'great-warrior' }, 'SFR-DEV-2', 'wrongPhase');
    rejects(st, 0, { type: 'plunder', city: 'verona' }, 'SFR-PLUN-1', 'tooWeak');
    ok(st, 0, { type: 'play', card: 'great-horseman' });
    expect(game.view(st, 1).players[0]!.tribes[0]!.strength).toBe(3);
    expect(game.view(st, 1).players[0]!.tribes[1]!.strength).toBe(1);
    // Verona (3 towers) with 1 + 2; the token's loss removes the real horseman, not the bonus.
    ok(st, 0, { type: 'plunder', city: 'verona' });
    expect(st.p[0]!.tribes[0]!.army).toBe(0);
    expect(game.view(st, 1).players[0]!.tribes[0]!.strength).toBe(2);
    // The bonus ends with the phase.
    runDefaults(st, (s) => s.phase === 4);
    expect(game.view(st, 1).players[0]!.tribes[0]!.strength).toBe(0);
    // Great Warrior in phase 4 for the warriors.
    const gw = scenario({
      players: 4,
      seats: [{ dev: ['great-horseman', 'great-warrior'] }],
      at: { phase: 4, seat: 0 },
    });
    rejects(gw, 0, { type: 'play', card: 'great-horseman' }, 'SFR-DEV-2', 'wrongPhase');
    ok(gw, 0, { type: 'play', card: 'great-warrior' });
    expect(game.view(gw, 0).players[0]!.tribes[1]!.strength).toBe(3);
  });

  it('SFR-DEV-8: a treasure may be revealed when acquired (free, beside the one card), else at game end', () => {
    const st = scenario({
      players: 4,
      seats: [{ gold: 1, cattle: 1, dev: ['abundance', 'treasure-vandals'] }],
      devDeck: ['treasure-burgundians'],
      at: { phase: 2, seat: 0 },
    });
    // An old treasure cannot be revealed now.
    rejects(st, 0, { type: 'reveal', card: 'treasure-vandals' }, 'SFR-DEV-8', 'notNew');
    ok(st, 0, { type: 'play', card: 'abundance', take: ['grain', 'ore'] });
    ok(st, 0, { type: 'buyDev' });
    // Acquired this phase and a card already played: revealing is still possible (not SFR-DEV-2/3).
    expect(plays(st, 0)).toEqual([{ type: 'reveal', card: 'treasure-burgundians' }]);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'reveal', card: 'treasure-burgundians' }, log);
    expect(st.p[0]!.gold).toBe(7);
    expect(st.p[0]!.treasures).toEqual(['treasure-burgundians']);
    expect(st.p[0]!.dev).toEqual(['treasure-vandals']);
    expect(
      canSee(
        log.find((e) => e.key === 'sfr.ev.treasure')!,
        2,
      ),
    ).toBe(true);
    rejects(st, 0, { type: 'reveal', card: 'abundance' }, 'SFR-DEV-8', 'notTreasure');
    // A treasure drawn from loot: the step waits so that it can be revealed.
    const lo = scenario({
      players: 4,
      seats: [{ gold: 0, horsemen: { node: 'n042', army: 2, wagons: 1 } }],
      tokens: { 'castra-regina': 'GER-4' },
      devDeck: ['treasure-visigoths'],
      at: { phase: 3, seat: 0 },
    });
    ok(lo, 0, { type: 'plunder', city: 'castra-regina' });
    expect(game.legalActions(lo, 0)).toEqual([
      { type: 'reveal', card: 'treasure-visigoths' },
      { type: 'endStep' },
    ]);
    ok(lo, 0, { type: 'endStep' });
    // Kept hidden: not revealable in a later step.
    runDefaults(lo, (s) => s.phase === 4);
    expect(game.prompts(lo)[0]!.seat).toBe(0);
    expect(lo.p[0]!.dev).toEqual(['treasure-visigoths']);
    rejects(lo, 0, { type: 'reveal', card: 'treasure-visigoths' }, 'SFR-DEV-8', 'notNew');
  });

  it('SFR-DEV-9: victory-point cards are never played and count 1 VP each', () => {
    const st = scenario({
      players: 3,
      seats: [{ dev: ['vp-royal-hall', 'vp-heroic-saga'] }],
      at: { phase: 2, seat: 0 },
    });
    expect(plays(st, 0)).toEqual([]);
    rejects(st, 0, { type: 'play', card: 'vp-royal-hall' }, 'SFR-DEV-2', 'notPlayable');
    expect(vpOf(st, 0)).toBe(2);
    expect(publicVp(st, 0)).toBe(0);
  });

  it('SFR-DEV-10: Rich Harvest takes 2 cards, each grain, ore or a blind pasture draw', () => {
    const st = scenario({
      players: 3,
      seats: [{ dev: ['abundance', 'abundance'] }, { grain: 13 }],
      pastureDeck: ['horses', 'cattle'],
      round: 2,
      at: { phase: 2, seat: 0 },
    });
    // The grain stack is empty: grain is not offered.
    const listed = plays(st, 0).map((a) => (a as { take: string[] }).take);
    expect(listed).toEqual([
      ['ore', 'ore'],
      ['ore', 'pasture'],
      ['pasture', 'pasture'],
    ]);
    rejects(st, 0, { type: 'play', card: 'abundance', take: ['grain', 'ore'] }, 'SFR-DEV-10', 'supplyEmpty');
    rejects(st, 0, { type: 'play', card: 'abundance', take: ['ore'] }, 'SFR-DEV-10', 'badTake');
    rejects(st, 0, { type: 'play', card: 'abundance', take: ['ore', 'ore', 'ore'] }, 'SFR-DEV-10', 'badTake');
    rejects(
      st,
      0,
      { type: 'play', card: 'abundance', take: ['gold', 'ore'] } as unknown as SfrAction,
      'SFR-DEV-10',
      'badTake',
    );
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'play', card: 'abundance', take: ['ore', 'pasture'] }, log);
    expect(st.p[0]!.res).toEqual([0, 1, 1, 0]);
    const drawn = log.find((e) => e.key === 'sfr.ev.pastureDrawn')!;
    expect(canSee(drawn, 0)).toBe(true);
    expect(canSee(drawn, 1)).toBe(false);
  });

  it('SFR-DEV-11: Forced March makes the first three arrows of a movement free', () => {
    const land = ['n079', 'n089', 'n098', 'n107', 'n116', 'n128', 'n140', 'n127', 'n139']; // 3 land arrows
    const four = ['n079', 'n089', 'n079', 'n089', 'n098', 'n107', 'n116']; // 4 land arrows
    const mk = () =>
      scenario({
        players: 4,
        seats: [{}, { gold: 8, dev: ['forced-march'], warriors: { node: 'n079' } }],
        at: { phase: 4, seat: 1 },
      });
    const plain = mk();
    ok(plain, 1, { type: 'move', to: 'n139', route: land, grain: 0 });
    expect(plain.p[1]!.gold).toBe(2);
    const fm = mk();
    ok(fm, 1, { type: 'move', to: 'n139', route: land, grain: 0, card: 'forced-march' });
    expect(fm.p[1]!.gold).toBe(8);
    expect(fm.p[1]!.played).toEqual(['forced-march']);
    const fm4 = mk();
    rejects(fm4, 1, { type: 'move', to: 'n116', route: four, grain: 0 }, 'SFR-MOVE-6', 'cannotAfford');
    ok(fm4, 1, { type: 'move', to: 'n116', route: four, grain: 0, card: 'forced-march' });
    expect(fm4.p[1]!.gold).toBe(5);
    // Listed with the card: n139 for free.
    const lst = mk();
    expect(
      game
        .legalActions(lst, 1)
        .some((a) => a.type === 'move' && a.card === 'forced-march' && a.to === 'n139' && a.grain === 0),
    ).toBe(true);
  });

  it('SFR-DEV-12: Vandal Fleet makes every sea arrow of a movement free', () => {
    const sea = ['n079', 'n089', 'n098', 'n107', 'n126', 'n139']; // land (free), sea
    const land = ['n079', 'n089', 'n098', 'n107', 'n116', 'n128', 'n140', 'n127', 'n139'];
    const mk = () =>
      scenario({
        players: 4,
        seats: [{}, { gold: 0, grain: 2, dev: ['fleet'], warriors: { node: 'n079' } }],
        at: { phase: 4, seat: 1 },
      });
    const plain = mk();
    rejects(plain, 1, { type: 'move', to: 'n139', route: sea, grain: 0 }, 'SFR-MOVE-6', 'cannotAfford');
    ok(plain, 1, { type: 'move', to: 'n139', route: sea, grain: 0, card: 'fleet' });
    expect(plain.p[1]!.gold).toBe(0);
    expect(plain.p[1]!.played).toEqual(['fleet']);
    // Land arrows stay paid.
    const l = mk();
    rejects(
      l,
      1,
      { type: 'move', to: 'n139', route: land, grain: 1, card: 'fleet' },
      'SFR-MOVE-6',
      'cannotAfford',
    );
    ok(l, 1, { type: 'move', to: 'n139', route: land, grain: 2, card: 'fleet' });
    expect(l.p[1]!.res[0]).toBe(0);
  });

  it('SFR-DEV-13: a modifier card is declared with its action and consumed even if the action yields nothing', () => {
    const st = scenario({
      players: 4,
      seats: [{ dev: ['traitor', 'forced-march'], horsemen: { node: 'n042', army: 1 } }],
      at: { phase: 3, seat: 0 },
    });
    // Not on its own.
    rejects(st, 0, { type: 'play', card: 'traitor' }, 'SFR-DEV-13', 'badCard');
    rejects(st, 0, { type: 'play', card: 'forced-march' }, 'SFR-DEV-13', 'badCard');
    // Not with the wrong action.
    rejects(st, 0, { type: 'plunder', city: 'castra-regina', card: 'forced-march' }, 'SFR-DEV-13', 'badCard');
    rejects(
      st,
      0,
      { type: 'move', to: 'n032', route: ['n042', 'n032'], grain: 0, card: 'traitor' },
      'SFR-DEV-13',
      'badCard',
    );
    // Consumed by a movement with no arrow at all (nothing saved).
    ok(st, 0, { type: 'move', to: 'n032', route: ['n042', 'n032'], grain: 0, card: 'forced-march' });
    expect(st.p[0]!.played).toEqual(['forced-march']);
    expect(st.p[0]!.dev).toEqual(['traitor']);
  });

  it('SFR-DEV-14: strength is the army figures of the tribe plus Great Horseman/Warrior; a Traitor zeroes the towers', () => {
    const st = scenario({
      players: 4,
      seats: [{ dev: ['great-warrior'], warriors: { node: 'n085', army: 1, loot: ['GER', 'GAL', 'HIS'] } }],
      at: { phase: 4, seat: 0 },
    });
    // The marker does not count: 1 army figure against Tridentum (2) and Verona (3).
    expect(game.view(st, 0).players[0]!.tribes[1]!.strength).toBe(1);
    rejects(st, 0, { type: 'found', city: 'tridentum' }, 'SFR-FOUND-1', 'tooWeak');
    ok(st, 0, { type: 'play', card: 'great-warrior' });
    expect(has(st, 0, { type: 'found', city: 'verona' })).toBe(true);
    expect(has(st, 0, { type: 'found', city: 'tridentum' })).toBe(true);
    ok(st, 0, { type: 'found', city: 'verona' });
    expect(st.p[0]!.tribes[1]!.settled).toBe(true);
    // With a Traitor: 1 figure beats Rome's 5 towers.
    const rome = scenario({
      players: 4,
      seats: [{ dev: ['traitor'], warriors: { kingdom: ['florentia'], army: 1, wagons: 1 } }],
      at: { phase: 4, seat: 0 },
    });
    expect(DEFAULT_RT.reach1[cityIdx('florentia')]).toContain(cityIdx('roma'));
    rejects(rome, 0, { type: 'expand', city: 'roma' }, 'SFR-EXP-1', 'tooWeak');
    ok(rome, 0, { type: 'expand', city: 'roma', card: 'traitor' });
    expect(rome.owner[cityIdx('roma')]).toBe(1);
  });
});

describe('award cards (SFR-AWARD)', () => {
  it('SFR-AWARD-1: awards are checked right after the change that earns them and are worth 2 VP', () => {
    const st = scenario({
      players: 4,
      seats: [
        {
          warriors: {
            kingdom: [
              'verona',
              'mediolanum',
              'colonia-agrippina',
              'mogontiacum',
              'augusta-treverorum',
              'argentoratum',
              'castra-regina',
            ],
            army: 2,
            wagons: 1,
          },
        },
      ],
      at: { phase: 4, seat: 0 },
    });
    expect(publicVp(st, 0)).toBe(7);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'expand', city: 'tridentum' }, log);
    const k = keys(log);
    const award = k.indexOf('sfr.ev.award');
    expect(award).toBeGreaterThan(k.indexOf('sfr.ev.expand'));
    expect(award).toBeLessThan(k.indexOf('sfr.ev.stepEnd'));
    expect(log[award]!.params).toMatchObject({ seat: 0, award: 'heir' });
    expect(st.p[0]!.heir).toBe(true);
    expect(publicVp(st, 0, 2)).toBe(10);
    expect(DEFAULT_RT.C.awardVp).toEqual({ diplomacy: 2, enemy: 2, heir: 2 });
  });

  it('SFR-AWARD-2: Diplomacy goes to the first with 3 Diplomats and moves only to a player with more', () => {
    // First to three.
    const a = scenario({
      players: 4,
      seats: [{ dev: ['diplomat'], played: ['diplomat', 'diplomat'] }, { played: ['diplomat', 'diplomat'] }],
      at: { phase: 2, seat: 0 },
    });
    expect(a.diplomacy).toBe(-1);
    const log: GameEvent[] = [];
    ok(a, 0, { type: 'play', card: 'diplomat', hex: 'h0311' }, log);
    expect(a.diplomacy).toBe(0);
    expect(log.find((e) => e.key === 'sfr.ev.award')!.params).toMatchObject({
      seat: 0,
      award: 'diplomacy',
      from: -1,
    });
    expect(publicVp(a, 0)).toBe(2);
    // Equal counts never move it.
    const b = scenario({
      players: 4,
      seats: [
        { played: ['diplomat', 'diplomat', 'diplomat'] },
        { dev: ['diplomat'], played: ['diplomat', 'diplomat'] },
      ],
      at: { phase: 2, seat: 1 },
    });
    expect(b.diplomacy).toBe(0);
    ok(b, 1, { type: 'play', card: 'diplomat', hex: 'h0311' });
    expect(b.p[1]!.diplomats).toBe(3);
    expect(b.diplomacy).toBe(0);
    // More takes it over (SFR-TRICK-10).
    const c = scenario({
      players: 4,
      seats: [
        { played: ['diplomat', 'diplomat', 'diplomat'] },
        { dev: ['diplomat'], played: ['diplomat', 'diplomat', 'diplomat'] },
      ],
      at: { phase: 2, seat: 1 },
    });
    expect(c.diplomacy).toBe(0);
    ok(c, 1, { type: 'play', card: 'diplomat', hex: 'h0311' });
    expect(c.diplomacy).toBe(1);
    expect([publicVp(c, 0), publicVp(c, 1)]).toEqual([0, 2]);
  });

  it('SFR-AWARD-3: a tribe with loot of all 5 colours earns Enemy of Rome, once per tribe, never lost', () => {
    const st = scenario({
      players: 4,
      seats: [{ horsemen: { node: 'n042', army: 2, loot: ['GAL', 'HIS', 'NIT', 'SIT'] } }],
      tokens: { 'castra-regina': 'GER-8' },
      at: { phase: 3, seat: 0 },
    });
    expect(st.p[0]!.enemy).toBe(0);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'plunder', city: 'castra-regina' }, log);
    expect(log.find((e) => e.key === 'sfr.ev.award')!.params).toMatchObject({
      seat: 0,
      award: 'enemy',
      tribe: 'horsemen',
    });
    expect(st.p[0]!.enemy).toBe(1);
    expect(publicVp(st, 0)).toBe(2);
    // A second tribe earns a second card; a tribe that already has one earns no more.
    const two = scenario({
      players: 4,
      seats: [
        {
          horsemen: { node: 'n042', army: 2, loot: ['GAL', 'HIS', 'NIT', 'SIT', 'GER'] },
          warriors: { loot: ['GAL', 'HIS', 'NIT', 'SIT', 'GER'] },
        },
      ],
      tokens: { 'castra-regina': 'GER-8' },
      at: { phase: 3, seat: 0 },
    });
    expect(two.p[0]!.enemy).toBe(2);
    const log2: GameEvent[] = [];
    ok(two, 0, { type: 'plunder', city: 'castra-regina' }, log2);
    expect(keys(log2)).not.toContain('sfr.ev.award');
    expect(two.p[0]!.enemy).toBe(2);
    expect(publicVp(two, 0)).toBe(4);
    // Kept through the rest of the round.
    runDefaults(two, (s) => s.round === 2);
    expect(two.p[0]!.enemy).toBe(2);
  });

  it('SFR-AWARD-4: every player whose kingdoms reach 8 cities takes an Heir of Rome card', () => {
    const st = scenario({
      players: 4,
      seats: [
        { horsemen: { kingdom: K4A }, warriors: { kingdom: K4B } },
        { horsemen: { kingdom: K4C }, warriors: { kingdom: K4D.slice(0, 3) } },
      ],
      at: { phase: 2, seat: 0 },
    });
    expect(st.p.map((p) => p.heir)).toEqual([true, false, false, false]);
    // Seat 1 reaches 8 by expanding in phase 4: he gets one too (not taken from seat 0).
    const ex = scenario({
      players: 4,
      seats: [
        { horsemen: { kingdom: K4A }, warriors: { kingdom: K4B } },
        {
          horsemen: { kingdom: K4C },
          warriors: { kingdom: ['tridentum', 'genua', 'florentia'], army: 3, wagons: 1 },
        },
      ],
      at: { phase: 4, seat: 1 },
    });
    const target = game.legalActions(ex, 1).find((a) => a.type === 'expand') as { city: string };
    ok(ex, 1, { type: 'expand', city: target.city });
    expect(ex.p.map((p) => p.heir)).toEqual([true, true, false, false]);
    expect([publicVp(ex, 0), publicVp(ex, 1)]).toEqual([10, 10]);
    expect(DEFAULT_RT.C.heirCities).toBe(8);
  });

  it('SFR-AWARD-5: Enemy of Rome and Heir of Rome never run out; Diplomacy exists once', () => {
    const five = ['GER', 'GAL', 'HIS', 'NIT', 'SIT'];
    const st = scenario({
      players: 3,
      seats: [0, 1, 2].map((s) => ({
        horsemen: { loot: five },
        warriors: { loot: five },
        played: s < 2 ? ['diplomat', 'diplomat', 'diplomat'] : [],
      })),
      at: { phase: 2, seat: 0 },
    });
    // Six Enemy of Rome cards: more than the physical four of the designed split.
    expect(st.p.map((p) => p.enemy)).toEqual([2, 2, 2]);
    // One Diplomacy award although two players have played three Diplomats.
    expect(st.diplomacy).toBe(0);
    expect(st.p.map((_, s) => publicVp(st, s))).toEqual([6, 4, 4]);
  });
});

describe('victory points (SFR-VP)', () => {
  it('SFR-VP-1: 1 VP per kingdom city, both tribes together', () => {
    const st = scenario({
      players: 4,
      seats: [
        {
          horsemen: { kingdom: ['lutetia', 'burdigala'] },
          warriors: { node: 'n085', army: 3, wagons: 1, loot: ['GER', 'GAL', 'HIS'] },
        },
      ],
      at: { phase: 4, seat: 0 },
    });
    expect(publicVp(st, 0)).toBe(2);
    ok(st, 0, { type: 'found', city: 'verona' });
    expect(publicVp(st, 0)).toBe(3);
    expect(vpOf(st, 0)).toBe(3);
  });

  it('SFR-VP-2: 2 VP per award card held', () => {
    const st = scenario({
      players: 4,
      seats: [
        {
          horsemen: { kingdom: K4A, loot: ['GER', 'GAL', 'HIS', 'NIT', 'SIT'] },
          warriors: { kingdom: K4B, loot: ['GER', 'GAL', 'HIS', 'NIT', 'SIT'] },
          played: ['diplomat', 'diplomat', 'diplomat'],
        },
      ],
      at: { phase: 2, seat: 0 },
    });
    // 8 cities + Heir + 2 × Enemy + Diplomacy = 8 + 4 × 2.
    expect([st.p[0]!.heir, st.p[0]!.enemy, st.diplomacy]).toEqual([true, 2, 0]);
    expect(publicVp(st, 0)).toBe(16);
  });

  it('SFR-VP-3: 1 VP per victory-point card, hidden until the end', () => {
    const st = lastStep([
      { horsemen: { kingdom: K4A }, warriors: { kingdom: K4B } },
      { dev: [...VP2, 'traitor'] },
    ]);
    expect(vpOf(st, 1)).toBe(2);
    expect(publicVp(st, 1, 1)).toBe(0);
    for (const v of [0, 2, -1]) expect(game.view(st, v).players[1]!.vp).toBeUndefined();
    ok(st, 3, { type: 'rest', take: 'gold' });
    expect(st.over!.scores).toEqual([10, 2, 0, 0]);
    expect(game.view(st, 0).players[1]!.vp).toBe(2);
  });

  it('SFR-VP-4: loot tokens, plundered cities, eagles, towers and gold give no VP', () => {
    const st = lastStep([
      { horsemen: { kingdom: K4A }, warriors: { kingdom: K4B } },
      {
        gold: 60,
        horsemen: { loot: ['GER', 'GER', 'GAL', 'HIS'] },
        warriors: { kingdom: ['roma'] },
      },
    ]);
    // Rome: 5 towers and an eagle, worth 1 like any city; 60 gold and 4 tokens worth nothing.
    expect(publicVp(st, 1)).toBe(1);
    expect(vpOf(st, 1)).toBe(1);
    ok(st, 3, { type: 'rest', take: 'gold' });
    expect(st.over!.scores).toEqual([10, 1, 0, 0]);
    expect(st.over!.winners).toEqual([0]);
  });
});

describe('the end of the game (SFR-END)', () => {
  it('SFR-END-1: after phase 4 the totals are computed, hidden VP cards included; 10 ends the game', () => {
    const st = lastStep([{ horsemen: { kingdom: K4A }, warriors: { kingdom: K4B } }]);
    expect(st.over).toBeNull();
    const log: GameEvent[] = [];
    ok(st, 3, { type: 'rest', take: 'gold' }, log);
    expect(st.over).toEqual({ winners: [0], reason: 'vp', scores: [10, 0, 0, 0] });
    expect(keys(log)).toContain('sfr.ev.win');
    expect(game.prompts(st)).toEqual([]);
    rejects(st, 0, { type: 'endStep' }, 'SFR-END-1', 'over');
    // 7 cities + 3 hidden VP cards = 10.
    const hid = lastStep([
      {},
      { horsemen: { kingdom: K4A }, warriors: { kingdom: K4B.slice(0, 3) }, dev: [...VP2, 'vp-heroic-saga'] },
    ]);
    expect(publicVp(hid, 1)).toBe(7);
    ok(hid, 3, { type: 'rest', take: 'gold' });
    expect(hid.over).toMatchObject({ winners: [1], reason: 'vp' });
    // 9: the game goes on.
    const nine = lastStep([
      {},
      { horsemen: { kingdom: K4A }, warriors: { kingdom: K4B.slice(0, 3) }, dev: VP2 },
    ]);
    ok(nine, 3, { type: 'rest', take: 'gold' });
    expect(nine.over).toBeNull();
    expect(nine.round).toBe(2);
  });

  it('SFR-END-2: the round in which a player reaches 10 is finished; every later step is still taken', () => {
    const st = scenario({
      players: 4,
      seats: [
        {
          horsemen: { kingdom: K4A },
          warriors: { kingdom: K4B.slice(0, 2) },
          dev: [...VP2, 'diplomat'],
          played: ['diplomat', 'diplomat'],
        },
      ],
      at: { phase: 2, seat: 0 },
      options: { roundLimit: 0 },
    });
    expect(vpOf(st, 0)).toBe(8);
    ok(st, 0, { type: 'play', card: 'diplomat', hex: 'h0311' });
    expect(vpOf(st, 0)).toBe(10);
    const log: GameEvent[] = [];
    runDefaults(st, () => false, log);
    expect(st.over).toMatchObject({ winners: [0], reason: 'vp' });
    // Phase 2 of seats 0–3, then phases 3 and 4 for all four players.
    const ends = log.filter((e) => e.key === 'sfr.ev.stepEnd').map((e) => e.params!.phase);
    expect(ends).toEqual([2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4]);
    expect(st.round).toBe(1);
  });

  it('SFR-END-3: reaching 10 (hidden cards included) is announced once, without revealing the total', () => {
    const st = scenario({
      players: 4,
      seats: [
        { gold: 1, cattle: 1, horsemen: { kingdom: K4A }, warriors: { kingdom: K4B.slice(0, 3) }, dev: VP2 },
      ],
      devDeck: ['vp-heroic-saga'],
      at: { phase: 2, seat: 0 },
      options: { roundLimit: 0 },
    });
    expect(st.p[0]!.announced).toBe(false);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'buyDev' }, log);
    const ev = log.filter((e) => e.key === 'sfr.ev.finalRound');
    expect(ev.length).toBe(1);
    expect(ev[0]!.params).toEqual({ seat: 0 });
    for (const v of [-1, 1, 2, 3]) {
      expect(canSee(ev[0]!, v)).toBe(true);
      const pv = game.view(st, v).players[0]!;
      expect(pv.announced).toBe(true);
      expect(pv.publicVp).toBe(7);
      expect(pv.vp).toBeUndefined();
      expect(pv.dev).toBeUndefined();
    }
    // Only once.
    const rest: GameEvent[] = [];
    runDefaults(st, () => false, rest);
    expect(keys(rest)).not.toContain('sfr.ev.finalRound');
    expect(st.over).toMatchObject({ winners: [0] });
  });

  it('SFR-END-4: at the end VP cards and unrevealed treasures are revealed; treasures pay their gold', () => {
    const st = lastStep([
      { gold: 1, horsemen: { kingdom: K4A }, warriors: { kingdom: K4B }, dev: ['treasure-vandals'] },
      { gold: 2, dev: ['treasure-burgundians', 'vp-royal-hall', 'traitor'] },
    ]);
    expect(game.view(st, 2).players[1]!.dev).toBeUndefined();
    const log: GameEvent[] = [];
    ok(st, 3, { type: 'rest', take: 'gold' }, log);
    expect(st.over).not.toBeNull();
    expect([st.p[0]!.gold, st.p[1]!.gold]).toEqual([6, 9]);
    expect(st.p[1]!.treasures).toEqual(['treasure-burgundians']);
    const treasures = log.filter((e) => e.key === 'sfr.ev.treasure').map((e) => e.params);
    expect(treasures).toEqual([
      { seat: 0, card: 'treasure-vandals', gold: 5, end: true },
      { seat: 1, card: 'treasure-burgundians', gold: 7, end: true },
    ]);
    const reveal = log.find((e) => e.key === 'sfr.ev.revealVp' && e.params!.seat === 1)!;
    expect(reveal.params).toMatchObject({ vp: 1, cards: ['vp-royal-hall', 'traitor'] });
    expect(canSee(reveal, 2)).toBe(true);
    // Everything is in every view now.
    const v = game.view(st, 2).players[1]!;
    expect(v.dev).toEqual(['vp-royal-hall', 'traitor']);
    expect(v.vp).toBe(1);
  });

  it('SFR-END-5: among several players with 10+, the most gold wins regardless of VP; a gold tie shares', () => {
    const twelve = { gold: 3, horsemen: { kingdom: K4A }, warriors: { kingdom: K4B }, dev: VP2 };
    const ten = { gold: 5, horsemen: { kingdom: K4C }, warriors: { kingdom: K4D } };
    const st = lastStep([twelve, ten]);
    ok(st, 3, { type: 'rest', take: 'gold' });
    expect(st.over).toEqual({ winners: [1], reason: 'vp', scores: [12, 10, 0, 0] });
    // The seat resting last gains 2 gold but has no 10 VP: not in the pool.
    const rich = lastStep([twelve, ten, {}, { gold: 50 }]);
    ok(rich, 3, { type: 'rest', take: 'gold' });
    expect(rich.over!.winners).toEqual([1]);
    // A gold tie: shared victory.
    const tie = lastStep([twelve, { ...ten, gold: 3 }]);
    ok(tie, 3, { type: 'rest', take: 'gold' });
    expect(tie.over!.winners).toEqual([0, 1]);
    // A hidden treasure counts for the tie-break (SFR-FAQ-6).
    const tr = lastStep([{ ...twelve, dev: [...VP2, 'treasure-ostrogoths'] }, ten]);
    ok(tr, 3, { type: 'rest', take: 'gold' });
    expect(tr.over!.winners).toEqual([0]);
    // The variant: most VP first.
    const alt = lastStep([twelve, ten], { tieBreak: 'vpThenGold' });
    ok(alt, 3, { type: 'rest', take: 'gold' });
    expect(alt.over!.winners).toEqual([0]);
  });

  it('SFR-END-6: if a Diplomacy transfer leaves nobody at 10, play goes on; the announcement stays', () => {
    const st = scenario({
      players: 4,
      seats: [
        {
          horsemen: { kingdom: K4A },
          warriors: { kingdom: K4B.slice(0, 2) },
          dev: VP2,
          played: ['diplomat', 'diplomat', 'diplomat'],
        },
        { dev: ['diplomat'], played: ['diplomat', 'diplomat', 'diplomat'] },
      ],
      at: { phase: 2, seat: 1 },
      options: { roundLimit: 0 },
    });
    expect(vpOf(st, 0)).toBe(10);
    expect(st.p[0]!.announced).toBe(true);
    ok(st, 1, { type: 'play', card: 'diplomat', hex: 'h0311' });
    expect(st.diplomacy).toBe(1);
    expect(vpOf(st, 0)).toBe(8);
    runDefaults(st, (s) => s.round === 2);
    expect(st.over).toBeNull();
    expect(st.round).toBe(2);
    expect(st.p[0]!.announced).toBe(true);
  });
});
