/**
 * The worked examples of spec §20 (SFR-EX-*) and the tricky scenarios of §21 (SFR-TRICK-*), each set
 * up as described on the designed map with the scenario builder, played through the engine and checked
 * against every expected outcome (state, events, rejections, invariants).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Seat } from '@tabula/engine';
import {
  checkInvariants,
  DEFAULT_OPTIONS,
  rtOf,
  scenario,
  struggleForRome as G,
} from '@tabula/struggle-for-rome';
import type { SfrAction, SfrState } from '@tabula/struggle-for-rome';

const R = rtOf(DEFAULT_OPTIONS);
const cityIdx = (id: string) => R.cityIdx.get(id)!;
const nodeIdx = (id: string) => R.nodeIdx.get(id)!;
const tokenId = (x: number) => R.tokens[x]!.id;

function ok(st: SfrState, seat: Seat, a: SfrAction, log?: GameEvent[]): void {
  const r = G.apply(st, seat, a, log);
  if (!r.ok) throw new Error(`${a.type} by ${seat}: ${r.error.code} ${r.error.message}`);
  expect(checkInvariants(st)).toEqual([]);
}

/** The action is rejected (with `code` and `rule` if given) and the state is untouched. */
function rejected(st: SfrState, seat: Seat, a: SfrAction, code?: string, rule?: string): void {
  const before = JSON.stringify(st);
  const r = G.apply(st, seat, a);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    if (code) expect(r.error.code).toBe(`sfr.err.${code}`);
    if (rule) expect(r.error.rule).toBe(rule);
  }
  expect(JSON.stringify(st)).toBe(before);
}

const top = (st: SfrState) => st.stack[st.stack.length - 1];
const isStep = (st: SfrState, round: number, phase: number, seat: Seat) => {
  const f = top(st);
  return (
    st.round === round &&
    st.phase === phase &&
    f !== undefined &&
    (f.k === 'trade' || f.k === 'act') &&
    f.seat === seat
  );
};

/** Plays every decision by its timeout default (or `choose`) until `until` holds. */
function drive(
  st: SfrState,
  until: (st: SfrState) => boolean,
  choose?: (st: SfrState, seat: Seat) => SfrAction | null,
  log?: GameEvent[],
): void {
  for (let i = 0; i < 2000; i++) {
    if (until(st)) return;
    const p = G.prompts(st)[0];
    if (!p) throw new Error('drive: no prompt');
    const a = choose?.(st, p.seat) ?? G.defaultAction(st, p.seat);
    if (!a) throw new Error('drive: no default');
    ok(st, p.seat, a, log);
  }
  throw new Error('drive: too many steps');
}

const moves = (st: SfrState, seat: Seat, to: string) =>
  G.legalActions(st, seat).filter(
    (a): a is Extract<SfrAction, { type: 'move' }> => a.type === 'move' && a.to === to,
  );
const deeds = (st: SfrState, seat: Seat, type: 'plunder' | 'found' | 'expand') =>
  G.legalActions(st, seat)
    .filter((a): a is Extract<SfrAction, { type: typeof type }> => a.type === type)
    .map((a) => (a.card ? `${a.city}+${a.card}` : a.city));
const keys = (log: GameEvent[]) => log.map((e) => e.key);

/* ====================================================================== §20 worked examples */

describe('worked examples (spec §20)', () => {
  const SEA = ['n079', 'n089', 'n098', 'n107', 'n126', 'n139'];
  const LAND = ['n079', 'n089', 'n098', 'n107', 'n116', 'n128', 'n140', 'n127', 'n139'];
  const ex1 = (gold: number, grain: number) =>
    scenario({
      players: 4,
      seats: [{}, { gold, grain, warriors: { node: 'n079' } }],
      at: { phase: 4, seat: 1 },
    });

  it('SFR-EX-1: Blue from n079 to n139 — the sea route costs 1 gold, the land route 2 grain / 1 grain + 3 gold / 6 gold', () => {
    expect(R.C.colours[1]).toBe('blue');
    // The listed cheapest routes: the sea route (grain 0) and the land route in every affordable split.
    const rich = ex1(6, 2);
    const listed = moves(rich, 1, 'n139');
    const sea = listed.filter((a) => a.route.includes('n126'));
    const land = listed.filter((a) => !a.route.includes('n126'));
    expect(sea.map((a) => a.grain)).toEqual([0]);
    expect(land.map((a) => a.grain).sort()).toEqual([0, 1, 2]);
    // The sea route of the example: land arrow first (free), then the sea arrow S5 for 1 gold.
    ok(rich, 1, { type: 'move', to: 'n139', route: SEA, grain: 0 });
    expect([rich.p[1]!.gold, rich.p[1]!.res[0]]).toEqual([5, 2]);
    expect(rich.p[1]!.tribes[1]!.node).toBe(nodeIdx('n139'));
    // The land route of the example: three land arrows, the first free → 2 grain, 1 grain + 3 gold or 6 gold.
    for (const [grain, gold, left] of [
      [2, 6, 0],
      [1, 3, 1],
      [0, 0, 2],
    ] as const) {
      const st = ex1(6, 2);
      ok(st, 1, { type: 'move', to: 'n139', route: LAND, grain });
      expect([st.p[1]!.gold, st.p[1]!.res[0]]).toEqual([gold, left]);
    }
    // Without gold Blue must take the land route and pay grain.
    const poor = ex1(0, 2);
    expect(moves(poor, 1, 'n139').map((a) => [a.route.includes('n126'), a.grain])).toEqual([[false, 2]]);
    rejected(poor, 1, { type: 'move', to: 'n139', route: SEA, grain: 0 }, 'cannotAfford', 'SFR-MOVE-6');
    rejected(poor, 1, { type: 'move', to: 'n139', route: LAND, grain: 1 }, 'cannotAfford', 'SFR-MOVE-6');
    ok(poor, 1, { type: 'move', to: 'n139', route: LAND, grain: 2 });
    expect([poor.p[1]!.gold, poor.p[1]!.res[0]]).toEqual([0, 0]);
  });

  it('SFR-EX-2: Red plunders Castra Regina with a devcard-loss token', () => {
    const make = (army: number) =>
      scenario({
        players: 4,
        seats: [{ gold: 0, horsemen: { node: 'n042', army, wagons: 2 } }],
        tokens: { 'castra-regina': 'GER-4' },
        devDeck: ['fleet'],
        at: { phase: 3, seat: 0 },
      });
    expect(R.C.colours[0]).toBe('red');
    expect(R.cities[cityIdx('castra-regina')]!.towers).toBe(2);
    // Strength 1 < 2 towers: not legal.
    const weak = make(1);
    expect(deeds(weak, 0, 'plunder')).toEqual([]);
    rejected(weak, 0, { type: 'plunder', city: 'castra-regina' }, 'tooWeak', 'SFR-PLUN-1');
    // Strength 2 ≥ 2 towers: legal.
    const st = make(2);
    expect(deeds(st, 0, 'plunder')).toEqual(['castra-regina']);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'plunder', city: 'castra-regina' }, log);
    const p = st.p[0]!;
    const box = p.tribes[0]!;
    expect(p.dev).toEqual(['fleet']); // 1 development card
    expect(p.gold).toBe(2); // 2 wagons × 1 gold
    expect([box.army, box.wagons]).toEqual([1, 2]); // 1 horseman back to the reserve
    expect(p.reserve[0]).toBe(7);
    expect(box.loot.map(tokenId)).toEqual(['GER-4']);
    expect(st.token[cityIdx('castra-regina')]).toBe(-1);
    expect(box.node).toBe(nodeIdx('n042')); // the marker stays
    const plunder = log.find((e) => e.key === 'sfr.ev.plunder')!;
    expect(plunder.params).toMatchObject({ token: 'GER-4', loot: 'devcard-loss', city: 'castra-regina' });
    // The step ends (after the drawn card, only endStep is left).
    expect(G.legalActions(st, 0)).toEqual([{ type: 'endStep' }]);
    ok(st, 0, { type: 'endStep' });
    expect(G.prompts(st)).toEqual([expect.objectContaining({ seat: 1, kind: 'sfr.act' })]);
  });

  it('SFR-EX-3: Red founds its warrior kingdom at Verona over a land arrow', () => {
    const st = scenario({
      players: 4,
      seats: [{ gold: 5, warriors: { node: 'n085', army: 3, wagons: 2, loot: ['GER', 'GAL', 'NIT'] } }],
      at: { phase: 4, seat: 0 },
    });
    const verona = cityIdx('verona');
    expect(R.cities[verona]!.towers).toBe(3);
    const tok = st.token[verona]!;
    expect(tok).toBeGreaterThanOrEqual(0);
    expect(deeds(st, 0, 'found')).toContain('verona');
    const log: GameEvent[] = [];
    const before = { gold: st.p[0]!.gold, res: st.p[0]!.res.slice(), dev: st.p[0]!.dev.slice() };
    ok(st, 0, { type: 'found', city: 'verona' }, log);
    const p = st.p[0]!;
    const t = p.tribes[1]!;
    expect(t.settled).toBe(true);
    expect(t.node).toBe(R.cities[verona]!.node); // marker onto Verona, paying nothing
    expect(t.kingdom).toEqual([verona]);
    expect([t.army, t.wagons]).toEqual([3, 1]);
    expect({ gold: p.gold, res: p.res, dev: p.dev }).toEqual(before); // the token gives nothing
    expect(t.loot.length).toBe(3);
    expect(st.owner[verona]).toBe(0 * 2 + 1);
    expect(st.removed).toContain(tok);
    expect(G.view(st, 0).players[0]!.publicVp).toBe(1);
    // Verona's token stays hidden: no view and no event names it.
    for (const v of [-1, 0, 1]) expect(G.view(st, v).token[verona]).toBe(false);
    expect(JSON.stringify(log)).not.toContain(tokenId(tok));
  });

  it('SFR-EX-4: expansion reach of the kingdom Verona + Mediolanum; conquering Tridentum', () => {
    const st = scenario({
      players: 4,
      seats: [
        {
          horses: 1,
          grain: 1,
          cattle: 1,
          warriors: { kingdom: ['verona', 'mediolanum'], army: 3, wagons: 1 },
        },
      ],
      at: { phase: 4, seat: 0 },
    });
    const reach = [
      'argentoratum',
      'tridentum',
      'genua',
      'florentia',
      'lauriacum',
      'augusta-taurinorum',
      'aquileia',
      'augusta-vindelicorum',
      'mogontiacum',
    ];
    expect(deeds(st, 0, 'expand').sort()).toEqual(reach.slice().sort());
    for (const c of ['ravenna', 'lugdunum', 'augusta-treverorum']) {
      expect(R.cities[cityIdx(c)]!.towers).toBe(4);
      rejected(st, 0, { type: 'expand', city: c }, 'tooWeak', 'SFR-EXP-1');
    }
    // Two arrows away: out of reach (Rome and Lutetia are also too strong; Neapolis and Ancona only too far).
    for (const c of ['roma', 'neapolis', 'ancona', 'lutetia']) {
      for (const k of ['verona', 'mediolanum']) expect(R.reach1[cityIdx(k)]).not.toContain(cityIdx(c));
      rejected(st, 0, { type: 'expand', city: c }, undefined, 'SFR-EXP-1');
    }
    for (const c of ['neapolis', 'ancona'])
      rejected(st, 0, { type: 'expand', city: c }, 'tooFar', 'SFR-EXP-1');
    ok(st, 0, { type: 'expand', city: 'tridentum' });
    const t = st.p[0]!.tribes[1]!;
    expect(t.kingdom.map((c) => R.cities[c]!.id)).toEqual(['verona', 'mediolanum', 'tridentum']);
    expect([t.army, t.wagons]).toEqual([2, 0]);
    expect(st.owner[cityIdx('tridentum')]).toBe(1);
    expect(G.view(st, 2).players[0]!.publicVp).toBe(3);
    // No further expansion until a wagon is bought: next round, with and without buying one.
    drive(st, (s) => isStep(s, 2, 2, 0));
    const noWagon = G.clone(st);
    drive(noWagon, (s) => isStep(s, 2, 4, 0));
    expect(deeds(noWagon, 0, 'expand')).toEqual([]);
    rejected(noWagon, 0, { type: 'expand', city: 'genua' }, 'noWagon', 'SFR-EXP-1');
    ok(st, 0, { type: 'buyWagon', box: 'warriors' });
    drive(st, (s) => isStep(s, 2, 4, 0));
    expect(deeds(st, 0, 'expand')).toContain('genua');
  });
});

/* ====================================================================== §21 tricky scenarios */

describe('tricky scenarios (spec §21)', () => {
  it('SFR-TRICK-1: rolls 8, 8, 7, 3, 7, 10 mark 3, 7, 8, 10; the next round starts with an empty rose', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      {
        players: 4,
        start: 2,
        // Round 1: 8, 8 (ignored), 7, 3, 7 (ignored), 10. Round 2: 8, 2, 12, 3.
        dice: [4, 4, 5, 3, 3, 4, 1, 2, 6, 1, 5, 5, 4, 4, 1, 1, 6, 6, 1, 2],
        at: { production: true },
      },
      log,
    );
    // The 7 stops for the legionnaire decision of the start player.
    expect(st.rose).toEqual([8, 7]);
    expect(G.prompts(st)).toEqual([expect.objectContaining({ seat: 2, kind: 'sfr.legion' })]);
    ok(st, 2, { type: 'stay' }, log);
    expect([...st.rose].sort((a, b) => a - b)).toEqual([3, 7, 8, 10]);
    expect(st.rolls.map(([a, b]) => a! + b!)).toEqual([8, 8, 7, 3, 7, 10]);
    expect(log.filter((e) => e.key === 'sfr.ev.rollIgnored').map((e) => e.params!.sum)).toEqual([8, 7]);
    expect(log.filter((e) => e.key === 'sfr.ev.produced').map((e) => e.params!.sum)).toEqual([8, 3, 10]);
    expect(st.phase).toBe(2);
    // Next round: the first roll 8 counts again (the rose was emptied).
    drive(st, (s) => s.round === 2 && s.phase === 2);
    expect(st.rose).toEqual([8, 2, 12, 3]);
    expect(st.rolls.length).toBe(4);
  });

  it('SFR-TRICK-2: robbing a player with no cards takes his only gold; robbing nobody still blocks the hex', () => {
    const st = scenario({
      players: 4,
      seats: [{}, { gold: 1, horsemen: { node: 'n064' } }],
      dice: [3, 4, 1, 1, 5, 6, 4, 6],
      at: { production: true },
    });
    expect(R.hexes[R.hexIdx.get('h0311')!]!.num).toBe(8);
    ok(st, 0, { type: 'legion', hex: 'h0311' });
    expect(G.prompts(st)).toEqual([expect.objectContaining({ seat: 0, kind: 'sfr.rob' })]);
    expect(G.legalActions(st, 0)).toEqual([{ type: 'rob', seat: 1 }, { type: 'robNone' }]);
    const gold0 = st.p[0]!.gold;
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'rob', seat: 1 }, log);
    expect(st.p[1]!.gold).toBe(0);
    expect(st.p[0]!.gold).toBe(gold0 + 1);
    expect(log.find((e) => e.key === 'sfr.ev.robbedGold')!.params).toMatchObject({ victim: 1, gold: 1 });

    // Only the mover's own figures touch h0311: nobody is robbed, and the 8 that follows yields nothing there.
    const own = (move: boolean) => {
      const s = scenario({
        players: 4,
        seats: [{ grain: 0, horsemen: { node: 'n064' }, warriors: { node: 'n064' } }],
        dice: [3, 4, 4, 4, 1, 1, 5, 6, 4, 6],
        at: { production: true },
      });
      const l: GameEvent[] = [];
      ok(s, 0, move ? { type: 'legion', hex: 'h0311' } : { type: 'stay' }, l);
      return { s, l };
    };
    const moved = own(true);
    expect(keys(moved.l)).toContain('sfr.ev.noVictim');
    expect(keys(moved.l)).not.toContain('sfr.ev.robbedCard');
    expect(G.prompts(moved.s)[0]!.kind).toBe('sfr.trade');
    expect(moved.s.legion).toBe(R.hexIdx.get('h0311'));
    expect(moved.s.p[0]!.res[0]).toBe(0);
    const stayed = own(false);
    expect(stayed.s.p[0]!.res[0]).toBe(1);
  });

  it('SFR-TRICK-3: ore shortage — holders return half rounded up (5→3, 1→1, 2→1), then the owed ore is dealt', () => {
    const log: GameEvent[] = [];
    // Seats 0–2 touch the only 3-mountain h0410; the stack holds 2 ore (13 − 5 − 1 − 2 − 3).
    const st = scenario(
      {
        players: 4,
        seats: [
          { ore: 5, horsemen: { node: 'n084' } },
          { ore: 1, horsemen: { node: 'n085' } },
          { ore: 2, horsemen: { node: 'n104' } },
          { ore: 3 },
        ],
        dice: [1, 2, 6, 6, 4, 4, 4, 6],
        at: { production: true },
      },
      log,
    );
    const sh = log.find((e) => e.key === 'sfr.ev.shortage')!;
    expect(sh.params).toMatchObject({
      kind: 'ore',
      owed: 3,
      stack: 2,
      returned: [3, 1, 1, 2],
      order: [0, 1, 2, 3],
    });
    expect(st.p.map((p) => p.res[1])).toEqual([2 + 1, 0 + 1, 1 + 1, 1]);
    expect(st.ore).toBe(2 + 7 - 3);
    expect(checkInvariants(st)).toEqual([]);

    // A deficit left after the returns is dealt in turn order; the rest is lost.
    const l2: GameEvent[] = [];
    const d = scenario(
      {
        players: 4,
        seats: [
          { horsemen: { node: 'n091' }, warriors: { kingdom: ['genua', 'florentia', 'roma'] } },
          { horsemen: { node: 'n113' }, warriors: { kingdom: ['massilia', 'ancona'] } },
          { horsemen: { node: 'n100' } },
          { ore: 13 },
        ],
        dice: [4, 6, 1, 1, 3, 3, 6, 6],
        at: { production: true },
      },
      l2,
    );
    // Sum 10 owes 4 + 3 + 1 = 8 ore; seat 3 returns 7 of 13; 7 are dealt from the start player on.
    expect(l2.find((e) => e.key === 'sfr.ev.shortage')!.params).toMatchObject({
      kind: 'ore',
      owed: 8,
      stack: 0,
      returned: [0, 0, 0, 7],
    });
    expect(d.p.map((p) => p.res[1])).toEqual([4, 3, 0, 6]);
    expect(d.ore).toBe(0);
    const lost = l2.filter((e) => e.key === 'sfr.ev.lost');
    expect(lost.map((e) => e.params)).toEqual([{ seat: 2, kind: 'ore', hex: 'h0506' }]);
  });

  it('SFR-TRICK-4: with no warrior in the reserve a pair gives only a horseman; with neither it is rejected', () => {
    // Seat 2 ("Green" in the spec; our colours are red/blue/white/yellow): reserve 2 horsemen, 0 warriors.
    const make = (horsemen: number) =>
      scenario({
        players: 4,
        seats: [{}, {}, { ore: 1, horses: 1, horsemen: { army: horsemen }, warriors: { army: 8 } }],
        at: { phase: 2, seat: 2 },
      });
    const st = make(6);
    expect(st.p[2]!.reserve.slice(0, 2)).toEqual([2, 0]);
    expect(G.legalActions(st, 2)).toContainEqual({ type: 'buyPair' });
    const log: GameEvent[] = [];
    ok(st, 2, { type: 'buyPair' }, log);
    expect(st.p[2]!.res).toEqual([0, 0, 0, 0]); // full price paid: ore + horses
    expect(st.p[2]!.reserve.slice(0, 2)).toEqual([1, 0]);
    expect([st.p[2]!.tribes[0]!.army, st.p[2]!.tribes[1]!.army]).toEqual([7, 8]);
    expect(log.find((e) => e.key === 'sfr.ev.buyPair')!.params).toMatchObject({ got: ['horsemen'] });
    const none = make(8);
    expect(none.p[2]!.reserve.slice(0, 2)).toEqual([0, 0]);
    expect(G.legalActions(none, 2).some((a) => a.type === 'buyPair')).toBe(false);
    rejected(none, 2, { type: 'buyPair' }, 'noFigures', 'SFR-BUY-2');
  });

  it('SFR-TRICK-5: two Gallia tokens forbid plundering Lutetia; founding there is legal with 3 colours and a wagon', () => {
    const make = (loot: string[]) =>
      scenario({
        players: 4,
        seats: [{ horsemen: { node: 'n070', army: 4, wagons: 1, loot } }],
        tokens: { lutetia: 'GAL-8' },
        at: { phase: 3, seat: 0 },
      });
    const two = make(['GAL', 'GAL']);
    expect(R.cities[cityIdx('lutetia')]!.towers).toBe(4);
    expect(deeds(two, 0, 'plunder')).not.toContain('lutetia');
    rejected(two, 0, { type: 'plunder', city: 'lutetia' }, 'colourCap', 'SFR-LOOT-8');
    rejected(two, 0, { type: 'found', city: 'lutetia' }, 'needColours', 'SFR-FOUND-1');
    const three = make(['GAL', 'GAL', 'GER', 'HIS']);
    expect(deeds(three, 0, 'plunder')).not.toContain('lutetia');
    expect(deeds(three, 0, 'found')).toContain('lutetia');
    rejected(three, 0, { type: 'plunder', city: 'lutetia' }, 'colourCap', 'SFR-LOOT-8');
    ok(three, 0, { type: 'found', city: 'lutetia' });
    expect(three.p[0]!.tribes[0]!.settled).toBe(true);
    expect(three.owner[cityIdx('lutetia')]).toBe(0);
  });

  it('SFR-TRICK-6: Blue’s marker on n042 blocks Red’s destination but not Red’s route; Red’s own marker does not block', () => {
    const STOP = ['n052', 'n064', 'n053', 'n042'];
    const THROUGH = [...STOP, 'n032'];
    const st = scenario({
      players: 4,
      seats: [{ gold: 0, horsemen: { node: 'n052' } }, { warriors: { node: 'n042' } }],
      at: { phase: 3, seat: 0 },
    });
    expect(moves(st, 0, 'n042')).toEqual([]);
    rejected(st, 0, { type: 'move', to: 'n042', route: STOP, grain: 0 }, 'occupied', 'SFR-MOVE-2');
    expect(moves(st, 0, 'n032').length).toBeGreaterThan(0);
    ok(st, 0, { type: 'move', to: 'n032', route: THROUGH, grain: 0 });
    expect(st.p[0]!.tribes[0]!.node).toBe(nodeIdx('n032'));
    const mine = scenario({
      players: 4,
      seats: [{ gold: 0, horsemen: { node: 'n052' }, warriors: { node: 'n042' } }],
      at: { phase: 3, seat: 0 },
    });
    expect(moves(mine, 0, 'n042').length).toBeGreaterThan(0);
    ok(mine, 0, { type: 'move', to: 'n042', route: STOP, grain: 0 });
    expect(mine.p[0]!.tribes[0]!.node).toBe(nodeIdx('n042'));
  });

  it('SFR-TRICK-7: plundering the 3rd colour ends the step; founding follows next round in the same phase', () => {
    const st = scenario({
      players: 4,
      seats: [{ horsemen: { node: 'n042', army: 3, wagons: 2, loot: ['GAL', 'HIS'] } }],
      tokens: { 'castra-regina': 'GER-4' },
      devDeck: ['fleet'],
      at: { phase: 3, seat: 0 },
    });
    // Founding needs 3 colours: not yet.
    expect(deeds(st, 0, 'found')).toEqual([]);
    ok(st, 0, { type: 'plunder', city: 'castra-regina' });
    const tr = st.p[0]!.tribes[0]!;
    expect(tr.loot.length).toBe(3);
    expect(tr.army).toBe(2);
    // Same step: the step waits only for its end (a card was drawn); founding is refused.
    expect(G.legalActions(st, 0)).toEqual([{ type: 'endStep' }]);
    rejected(st, 0, { type: 'found', city: 'castra-regina' }, 'alreadyDone', 'SFR-ACT-4');
    ok(st, 0, { type: 'endStep' });
    expect(G.prompts(st)[0]!.seat).toBe(1);
    // Next round, phase 3: the tribe may found at the plundered city.
    drive(st, (s) => isStep(s, 2, 3, 0));
    expect(deeds(st, 0, 'found')).toContain('castra-regina');
    ok(st, 0, { type: 'found', city: 'castra-regina' });
    expect(st.p[0]!.tribes[0]!.kingdom).toEqual([cityIdx('castra-regina')]);
  });

  it('SFR-TRICK-8: the first arrow in route order is free even at sea', () => {
    // n179 S n133 L n145 — n132 L n120: sea (free), land, land.
    const SLL = ['n179', 'n133', 'n145', 'n132', 'n120'];
    // n168 L n179 S n133 — n121: land (free), sea (1 gold).
    const LS = ['n168', 'n179', 'n133', 'n121'];
    const at = { phase: 3 as const, seat: 0 };
    const sll = (gold: number, grain: number) =>
      scenario({ players: 4, seats: [{ gold, grain, horsemen: { node: 'n179' } }], at });
    let st = sll(0, 2);
    ok(st, 0, { type: 'move', to: 'n120', route: SLL, grain: 2 });
    expect([st.p[0]!.gold, st.p[0]!.res[0]]).toEqual([0, 0]);
    st = sll(6, 0);
    ok(st, 0, { type: 'move', to: 'n120', route: SLL, grain: 0 });
    expect(st.p[0]!.gold).toBe(0);
    st = sll(5, 0);
    rejected(st, 0, { type: 'move', to: 'n120', route: SLL, grain: 0 }, 'cannotAfford', 'SFR-MOVE-6');
    rejected(st, 0, { type: 'move', to: 'n120', route: SLL, grain: 3 }, 'badSplit', 'SFR-MOVE-5');
    st = scenario({ players: 4, seats: [{ gold: 1, horsemen: { node: 'n168' } }], at });
    ok(st, 0, { type: 'move', to: 'n121', route: LS, grain: 0 });
    expect(st.p[0]!.gold).toBe(0);
    st = scenario({ players: 4, seats: [{ gold: 0, grain: 5, horsemen: { node: 'n168' } }], at });
    rejected(st, 0, { type: 'move', to: 'n121', route: LS, grain: 0 }, 'cannotAfford', 'SFR-MOVE-6');
  });

  it('SFR-TRICK-9: a Diplomat bought in phase 2 waits for the next phase 2; a Traitor bought in phase 2 works in phase 3', () => {
    const st = scenario({
      players: 4,
      seats: [{ gold: 4, cattle: 2, horsemen: { node: 'n042', army: 1 } }],
      devDeck: ['diplomat', 'traitor'],
      tokens: { 'castra-regina': 'GER-8' },
      at: { phase: 2, seat: 0 },
    });
    ok(st, 0, { type: 'buyDev' });
    ok(st, 0, { type: 'buyDev' });
    expect(st.p[0]!.dev).toEqual(['diplomat', 'traitor']);
    expect(G.legalActions(st, 0).some((a) => a.type === 'play')).toBe(false);
    rejected(st, 0, { type: 'play', card: 'diplomat', hex: 'h0700' }, 'cardTooNew', 'SFR-DEV-3');
    drive(st, (s) => isStep(s, 1, 3, 0));
    // Phase 3: the Traitor lets the 1-horseman tribe plunder the 2-tower city; the Diplomat is phase-2 only.
    expect(deeds(st, 0, 'plunder')).toEqual(['castra-regina+traitor']);
    rejected(st, 0, { type: 'play', card: 'diplomat', hex: 'h0700' }, 'wrongPhase', 'SFR-DEV-2');
    ok(st, 0, { type: 'plunder', city: 'castra-regina', card: 'traitor' });
    expect(st.p[0]!.played).toEqual(['traitor']);
    drive(st, (s) => isStep(s, 1, 4, 0));
    rejected(st, 0, { type: 'play', card: 'diplomat', hex: 'h0700' }, 'wrongPhase', 'SFR-DEV-2');
    drive(st, (s) => isStep(s, 2, 2, 0));
    expect(G.legalActions(st, 0)).toContainEqual({ type: 'play', card: 'diplomat', hex: 'h0700' });
    ok(st, 0, { type: 'play', card: 'diplomat', hex: 'h0700' });
    expect(st.p[0]!.diplomats).toBe(1);
  });

  it('SFR-TRICK-10: Diplomacy moves only to a player with more Diplomats played', () => {
    const st = scenario({
      players: 4,
      seats: [
        { dev: ['diplomat'], played: ['diplomat', 'diplomat'] },
        { dev: ['diplomat', 'diplomat'], played: ['diplomat', 'diplomat'] },
      ],
      at: { phase: 2, seat: 0 },
    });
    expect(st.diplomacy).toBe(-1);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'play', card: 'diplomat', hex: 'h0700' }, log);
    expect(st.diplomacy).toBe(0);
    expect(log.find((e) => e.key === 'sfr.ev.award')!.params).toMatchObject({ seat: 0, award: 'diplomacy' });
    expect(G.view(st, -1).players.map((p) => p.publicVp)).toEqual([2, 0, 0, 0]);
    ok(st, 0, { type: 'endStep' });
    // B's 3rd Diplomat: equal counts never move the award.
    log.length = 0;
    ok(st, 1, { type: 'play', card: 'diplomat', hex: 'h0901' }, log);
    expect(st.p[1]!.diplomats).toBe(3);
    expect(st.diplomacy).toBe(0);
    expect(keys(log)).not.toContain('sfr.ev.award');
    rejected(st, 1, { type: 'play', card: 'diplomat', hex: 'h0700' }, 'cardLimit', 'SFR-DEV-2');
    // B's 4th Diplomat next round takes the award: A −2 VP, B +2 VP.
    drive(st, (s) => isStep(s, 2, 2, 1));
    log.length = 0;
    const hex = st.legion === R.hexIdx.get('h0700') ? 'h0901' : 'h0700';
    ok(st, 1, { type: 'play', card: 'diplomat', hex }, log);
    expect(st.diplomacy).toBe(1);
    expect(log.find((e) => e.key === 'sfr.ev.award')!.params).toMatchObject({
      seat: 1,
      award: 'diplomacy',
      from: 0,
    });
    expect(G.view(st, -1).players.map((p) => p.publicVp)).toEqual([0, 2, 0, 0]);
  });

  it('SFR-TRICK-11: A reaches 10 in phase 2, B in phase 4; B’s hidden treasure decides the gold tie-break', () => {
    const five = ['GER', 'GAL', 'HIS', 'NIT', 'SIT'];
    const st = scenario({
      players: 4,
      seats: [
        {
          gold: 9,
          dev: ['diplomat'],
          played: ['diplomat', 'diplomat'],
          horsemen: {
            kingdom: ['burdigala', 'lugdunum', 'narbo-martius', 'toletum', 'caesaraugusta', 'corduba'],
          },
          warriors: { loot: five },
        },
        {
          gold: 5,
          dev: ['treasure-burgundians'],
          horsemen: { loot: five },
          warriors: {
            kingdom: ['verona', 'mediolanum', 'tridentum', 'genua', 'florentia'],
            army: 3,
            wagons: 1,
            loot: five,
          },
        },
      ],
      at: { phase: 2, seat: 0 },
    });
    const vp = () => st.p.map((_, s) => G.view(st, s).players[s]!.vp);
    expect(vp()).toEqual([8, 9, 0, 0]);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'play', card: 'diplomat', hex: 'h0700' }, log);
    expect(G.view(st, 2).players[0]!.publicVp).toBe(10);
    const ann = log.filter((e) => e.key === 'sfr.ev.finalRound');
    expect(ann.map((e) => e.params)).toEqual([{ seat: 0 }]);
    expect(st.p[0]!.announced).toBe(true);
    // The round goes on. Every other tribe step rests taking grain (no gold changes); B expands in phase 4.
    const choose = (s: SfrState, seat: Seat): SfrAction | null => {
      const f = top(s)!;
      if (f.k !== 'act') return null;
      if (seat === 1 && f.t === 1) return { type: 'expand', city: 'aquileia' };
      return { type: 'rest', take: 'grain' };
    };
    log.length = 0;
    drive(st, (s) => s.over !== null, choose, log);
    expect(log.filter((e) => e.key === 'sfr.ev.finalRound').map((e) => e.params)).toEqual([{ seat: 1 }]);
    expect(st.round).toBe(1);
    const treasure = log.find((e) => e.key === 'sfr.ev.treasure')!;
    expect(treasure.params).toMatchObject({ seat: 1, gold: 7, end: true });
    expect(st.p.map((p) => p.gold).slice(0, 2)).toEqual([9, 12]);
    expect(st.over).toEqual({ winners: [1], reason: 'vp', scores: [10, 10, 0, 0] });
  });

  it('SFR-TRICK-12: a settled tribe that does not expand rests; a nomadic tribe that plundered without moving may not', () => {
    const settled = scenario({
      players: 4,
      seats: [{ gold: 0, warriors: { kingdom: ['verona'], army: 3, wagons: 1 } }],
      at: { phase: 4, seat: 0 },
    });
    expect(deeds(settled, 0, 'expand').length).toBeGreaterThan(0);
    expect(G.legalActions(settled, 0)).toContainEqual({ type: 'rest', take: 'gold' });
    ok(settled, 0, { type: 'rest', take: 'gold' });
    expect(settled.p[0]!.gold).toBe(2);
    expect(settled.p[0]!.tribes[1]!.kingdom.length).toBe(1);
    const nomad = scenario({
      players: 4,
      seats: [{ gold: 0, horsemen: { node: 'n042', army: 2 } }],
      tokens: { 'castra-regina': 'GER-4' },
      at: { phase: 3, seat: 0 },
    });
    ok(nomad, 0, { type: 'plunder', city: 'castra-regina' });
    expect(G.legalActions(nomad, 0).some((a) => a.type === 'rest')).toBe(false);
    rejected(nomad, 0, { type: 'rest', take: 'gold' }, 'noRest', 'SFR-REST-1');
  });

  it('SFR-TRICK-13: Traitor at Rome with one horseman; an empty box loses nothing; expansion still needs a figure and a wagon', () => {
    const rome = (army: number, token: string) =>
      scenario({
        players: 4,
        seats: [{ gold: 0, dev: ['traitor'], horsemen: { node: 'n169', army, wagons: 1 } }],
        tokens: { roma: token },
        at: { phase: 3, seat: 0 },
      });
    const st = rome(1, 'SIT-6');
    expect(R.cities[cityIdx('roma')]!.towers).toBe(5);
    rejected(st, 0, { type: 'plunder', city: 'roma' }, 'tooWeak', 'SFR-PLUN-1');
    expect(deeds(st, 0, 'plunder')).toContain('roma+traitor');
    expect(deeds(st, 0, 'plunder')).not.toContain('roma');
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'plunder', city: 'roma', card: 'traitor' }, log);
    expect(st.p[0]!.tribes[0]!.army).toBe(0);
    expect(st.p[0]!.reserve[0]).toBe(8);
    expect(st.p[0]!.gold).toBe(2 + 1);
    expect(keys(log).filter((k) => k === 'sfr.ev.lootLoss').length).toBe(1);
    // With an empty box a loss icon does nothing.
    const empty = rome(0, 'SIT-1');
    const l2: GameEvent[] = [];
    ok(empty, 0, { type: 'plunder', city: 'roma', card: 'traitor' }, l2);
    expect(empty.p[0]!.tribes[0]!.army).toBe(0);
    expect(empty.p[0]!.reserve[0]).toBe(8);
    expect(keys(l2)).not.toContain('sfr.ev.lootLoss');
    // Expanding with a Traitor: towers count 0, but an army figure and a wagon are still needed.
    const expand = (army: number, wagons: number) =>
      scenario({
        players: 4,
        seats: [{ dev: ['traitor'], warriors: { kingdom: ['verona', 'mediolanum'], army, wagons } }],
        at: { phase: 4, seat: 0 },
      });
    for (const [army, wagons] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const s = expand(army, wagons);
      expect(deeds(s, 0, 'expand')).toEqual([]);
      rejected(s, 0, { type: 'expand', city: 'ravenna', card: 'traitor' }, 'noWagon', 'SFR-EXP-1');
    }
    const s = expand(1, 1);
    expect(deeds(s, 0, 'expand')).toContain('ravenna+traitor');
    ok(s, 0, { type: 'expand', city: 'ravenna', card: 'traitor' });
    expect(s.p[0]!.tribes[1]!.kingdom).toContain(cityIdx('ravenna'));
    expect([s.p[0]!.tribes[1]!.army, s.p[0]!.tribes[1]!.wagons]).toEqual([0, 0]);
  });

  it('SFR-TRICK-14: with three players Ancona (III) is neutral — no token, no deeds, passable, produces nothing', () => {
    const ancona = cityIdx('ancona');
    expect(R.cities[ancona]!.neutral3).toBe(true);
    const game = G.setup(DEFAULT_OPTIONS, 3, 'trick-14');
    if (!game.ok) throw new Error('setup');
    expect(game.value.token[ancona]).toBe(-1);
    expect(G.view(game.value, -1).token[ancona]).toBe(false);
    // Plunder and founding refused; a route may pass through Ancona.
    const st = scenario({
      players: 3,
      seats: [{ horsemen: { node: 'n149', army: 3, wagons: 1, loot: ['GER', 'GAL', 'HIS'] } }],
      at: { phase: 3, seat: 0 },
    });
    expect(deeds(st, 0, 'plunder')).not.toContain('ancona');
    expect(deeds(st, 0, 'found')).not.toContain('ancona');
    rejected(st, 0, { type: 'plunder', city: 'ancona' }, 'neutral', 'SFR-SETUP-4');
    rejected(st, 0, { type: 'found', city: 'ancona' }, 'neutral', 'SFR-SETUP-4');
    ok(st, 0, { type: 'move', to: 'n170', route: ['n149', 'n159', 'n170'], grain: 0 });
    expect(st.p[0]!.tribes[0]!.node).toBe(nodeIdx('n170'));
    // Conquest refused (Ancona is 0 arrows from Rome).
    const k = scenario({
      players: 3,
      seats: [{ warriors: { kingdom: ['roma'], army: 3, wagons: 1 } }],
      at: { phase: 4, seat: 0 },
    });
    expect(deeds(k, 0, 'expand')).not.toContain('ancona');
    rejected(k, 0, { type: 'expand', city: 'ancona' }, 'neutral', 'SFR-SETUP-4');
    expect(() =>
      scenario({ players: 3, seats: [{ warriors: { kingdom: ['ancona'] } }], at: { phase: 4, seat: 0 } }),
    ).toThrow(/neutral/);
    // Its neutral wagon produces nothing: a 10 (Ancona's mountain h0812) gives nobody ore.
    const log: GameEvent[] = [];
    const p = scenario({ players: 3, dice: [4, 6, 1, 1, 6, 6, 5, 6], at: { production: true } }, log);
    expect(log.find((e) => e.key === 'sfr.ev.produced' && e.params!.sum === 10)!.params!.cards).toEqual([
      0, 0, 0,
    ]);
    expect(p.ore).toBe(13);
  });

  it('SFR-TRICK-15: from n179 the tribe plunders or founds at Genua over sea arrow S2 without paying', () => {
    const make = (loot: string[]) =>
      scenario({
        players: 4,
        seats: [{ gold: 0, horsemen: { node: 'n179', army: 2, wagons: 1, loot } }],
        tokens: { genua: 'NIT-3' },
        at: { phase: 3, seat: 0 },
      });
    const n179 = R.nodes[nodeIdx('n179')]!;
    expect(n179.arrow[n179.adj.indexOf(nodeIdx('n133'))]).toBe(2); // a sea section
    const st = make([]);
    expect(deeds(st, 0, 'plunder')).toEqual(['genua']);
    ok(st, 0, { type: 'plunder', city: 'genua' });
    expect(st.p[0]!.gold).toBe(1); // the token's wagon gold only
    expect(st.p[0]!.tribes[0]!.node).toBe(nodeIdx('n179'));
    const f = make(['GER', 'GAL', 'HIS']);
    expect(deeds(f, 0, 'found')).toEqual(['genua']);
    ok(f, 0, { type: 'found', city: 'genua' });
    expect(f.p[0]!.gold).toBe(0);
    expect(f.p[0]!.tribes[0]!.node).toBe(nodeIdx('n133'));
  });

  it('SFR-TRICK-16: a route through an unconquered city still qualifies for expansion with one arrow', () => {
    // From Verona, Argentoratum is one arrow away only through Mediolanum (n095 — n104 L n094 — n084 — n073).
    const fewestArrows = (from: number, to: number, throughCities: boolean) => {
      const d = new Array<number>(R.nodes.length).fill(99);
      d[from] = 0;
      const q = [from];
      for (let i = 0; i < q.length; i++) {
        const x = q[i]!;
        if (x !== from && !throughCities && R.nodes[x]!.city >= 0) continue;
        R.nodes[x]!.adj.forEach((y, j) => {
          const nd = d[x]! + (R.nodes[x]!.arrow[j]! > 0 ? 1 : 0);
          if (nd < d[y]!) {
            d[y] = nd;
            q.push(y);
          }
        });
      }
      return d[to]!;
    };
    const verona = R.cities[cityIdx('verona')]!.node;
    const argentoratum = R.cities[cityIdx('argentoratum')]!.node;
    expect(fewestArrows(verona, argentoratum, true)).toBe(1);
    expect(fewestArrows(verona, argentoratum, false)).toBeGreaterThan(1);
    const st = scenario({
      players: 4,
      seats: [{ warriors: { kingdom: ['verona'], army: 2, wagons: 1 } }],
      at: { phase: 4, seat: 0 },
    });
    expect(st.owner[cityIdx('mediolanum')]).toBe(-1);
    expect(deeds(st, 0, 'expand')).toContain('argentoratum');
    ok(st, 0, { type: 'expand', city: 'argentoratum' });
    expect(st.p[0]!.tribes[1]!.kingdom).toEqual([cityIdx('verona'), cityIdx('argentoratum')]);
  });
});
