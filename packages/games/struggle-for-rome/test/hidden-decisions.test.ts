/**
 * Hidden information (spec §17, SFR-HID-*) and decision points (spec §18, SFR-DP-*): what each seat and
 * a spectator see in `view` and in the event log (audiences checked with `canSee`), who is prompted,
 * with which legal actions, and that `defaultAction` is the spec's timeout default.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Seat } from '@tabula/engine';
import { canSee, SPECTATOR } from '@tabula/engine';
import {
  applySteps,
  checkInvariants,
  DEFAULT_OPTIONS,
  offerSteps,
  rtOf,
  scenario,
  struggleForRome as G,
} from '@tabula/struggle-for-rome';
import type { SfrAction, SfrState } from '@tabula/struggle-for-rome';

const R = rtOf(DEFAULT_OPTIONS);
const VIEWERS = [SPECTATOR, 0, 1, 2, 3];
const cityIdx = (id: string) => R.cityIdx.get(id)!;

function ok(st: SfrState, seat: Seat, a: SfrAction, log?: GameEvent[]): void {
  const r = G.apply(st, seat, a, log);
  if (!r.ok) throw new Error(`${a.type} by ${seat}: ${r.error.code} ${r.error.message}`);
  expect(checkInvariants(st)).toEqual([]);
}

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
const who = (st: SfrState) => G.prompts(st).map((p) => [p.seat, p.kind]);
const types = (st: SfrState, seat: Seat) => [...new Set(G.legalActions(st, seat).map((a) => a.type))];
const seesOf = (e: GameEvent) => VIEWERS.filter((v) => canSee(e, v));

function drive(st: SfrState, until: (st: SfrState) => boolean, log?: GameEvent[]): void {
  for (let i = 0; i < 2000; i++) {
    if (until(st)) return;
    const p = G.prompts(st)[0];
    if (!p) throw new Error('drive: no prompt');
    ok(st, p.seat, G.defaultAction(st, p.seat)!, log);
  }
  throw new Error('drive: too many steps');
}

/** Nobody but the prompted seats may act, and their legal actions are empty. */
function onlyPrompted(st: SfrState, a: SfrAction): void {
  const prompted = G.prompts(st).map((p) => p.seat);
  for (let s = 0; s < st.n; s++)
    if (!prompted.includes(s)) {
      expect(G.legalActions(st, s)).toEqual([]);
      expect(G.defaultAction(st, s)).toBeNull();
      rejected(st, s, a, 'notYourDecision', 'SFR-ROUND-5');
    }
}

/* ====================================================================== §17 hidden information */

describe('hidden information (§17)', () => {
  const FIVE = ['GER', 'GAL', 'HIS', 'NIT', 'SIT'];
  const table = (seed = 'table') =>
    scenario({
      players: 4,
      seed,
      seats: [
        {
          gold: 7,
          grain: 4,
          ore: 1,
          horses: 1,
          cattle: 2,
          dev: ['traitor'],
          played: ['diplomat'],
          emergency: true,
          horsemen: { node: 'n042', army: 2, loot: ['GER', 'GAL'] },
          warriors: { kingdom: ['verona', 'mediolanum'], army: 2, wagons: 1 },
        },
        {
          gold: 3,
          cattle: 2,
          dev: ['vp-royal-hall', 'treasure-vandals'],
          horsemen: { node: 'n052', loot: FIVE },
        },
        { grain: 1 },
      ],
      legion: 'h0311',
      plundered: ['lutetia'],
      pastureDiscard: [1, 2],
      at: { phase: 2, seat: 0 },
    });

  it('SFR-HID-1: the board, boxes, gold, kingdoms, awards, played cards, supplies and bank payments are public', () => {
    const st = table();
    const log: GameEvent[] = [];
    // A bank trade and a wagon: the kinds paid are public, the pasture discard pile too.
    ok(st, 0, { type: 'bank', give: 'grain', get: 'ore' }, log);
    ok(st, 0, { type: 'buyWagon', box: 'horsemen' }, log);
    const bank = log.find((e) => e.key === 'sfr.ev.bank')!;
    expect(seesOf(bank)).toEqual(VIEWERS);
    expect(bank.params).toMatchObject({ seat: 0, give: 'grain', get: 'ore' });
    expect(seesOf(log.find((e) => e.key === 'sfr.ev.buyWagon')!)).toEqual(VIEWERS);
    for (const viewer of VIEWERS) {
      const v = G.view(st, viewer);
      expect(v.legion).toBe('h0311');
      expect(v.owner).toEqual(st.owner);
      expect(v.token).toEqual(st.token.map((x) => x >= 0));
      expect(v.token[cityIdx('lutetia')]).toBe(false);
      expect(v.diplomacy).toBe(st.diplomacy);
      expect([v.grain, v.ore, v.pdeckCount, v.devDeckCount]).toEqual([
        st.grain,
        st.ore,
        st.pdeck.length,
        st.devDeck.length,
      ]);
      expect(v.pdis).toEqual([2, 3]); // [1, 2] + the horses and cattle of the wagon
      expect([v.rose, v.rolls]).toEqual([st.rose, st.rolls]);
      st.p.forEach((p, s) => {
        const pv = v.players[s]!;
        expect(pv.gold).toBe(p.gold);
        expect(pv.reserve).toEqual(p.reserve);
        expect(pv.tribes.map(({ strength: _s, ...t }) => t)).toEqual(p.tribes);
        expect([pv.played, pv.diplomats, pv.emergency, pv.enemy, pv.heir]).toEqual([
          p.played,
          p.diplomats,
          p.emergency,
          p.enemy,
          p.heir,
        ]);
        expect(pv.cards).toBe(p.res.reduce((a, b) => a + b, 0));
        expect(pv.devCount).toBe(p.dev.length);
      });
      // Revealed loot by colour, the Enemy of Rome award, public VP of cities + awards.
      expect(v.players[0]!.tribes[0]!.loot.map((x) => R.tokens[x]!.prov)).toEqual([0, 1]);
      expect(v.players[0]!.tribes[0]!.wagons).toBe(2);
      expect(v.players[1]!.enemy).toBe(1);
      expect(v.players.map((p) => p.publicVp)).toEqual([2, 2, 0, 0]);
      expect(v.players[0]!.emergency).toBe(true);
    }
    // Dice results and the wind rose are public.
    const rolled: GameEvent[] = [];
    const prod = scenario({ players: 4, dice: [1, 1, 6, 6, 2, 1, 5, 6], at: { production: true } }, rolled);
    for (const viewer of VIEWERS) {
      const v = G.view(prod, viewer);
      expect(v.rolls).toEqual([
        [1, 1],
        [6, 6],
        [2, 1],
        [5, 6],
      ]);
      expect(v.rose).toEqual([2, 12, 3, 11]);
    }
    for (const e of rolled.filter((x) => x.key === 'sfr.ev.roll')) expect(seesOf(e)).toEqual(VIEWERS);
  });

  it('SFR-HID-2: hands by kind, development cards by type and total VP only in the owner’s view', () => {
    const st = table();
    for (const viewer of VIEWERS) {
      const v = G.view(st, viewer);
      v.players.forEach((pv, s) => {
        const p = st.p[s]!;
        expect(pv.cards).toBe(p.res.reduce((a, b) => a + b, 0));
        expect(pv.devCount).toBe(p.dev.length);
        expect(pv.devAt).toEqual(p.devAt);
        if (viewer === s) {
          expect(pv.res).toEqual(p.res);
          expect(pv.dev).toEqual(p.dev);
          expect(pv.vp).toBe(s === 1 ? 3 : s === 0 ? 2 : 0);
        } else {
          expect(pv.res).toBeUndefined();
          expect(pv.dev).toBeUndefined();
          expect(pv.vp).toBeUndefined();
        }
      });
    }
    // Nothing of seat 1's cards leaks into another view.
    for (const viewer of [SPECTATOR, 0, 2, 3]) {
      const json = JSON.stringify(G.view(st, viewer));
      expect(json).not.toContain('vp-royal-hall');
      expect(json).not.toContain('treasure-vandals');
    }
    expect(JSON.stringify(G.view(st, 1))).not.toContain('traitor');
    // Buying a card: the purchase is public, the card's type goes to the buyer alone.
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'buyDev' }, log);
    const drawn = log.find((e) => e.key === 'sfr.ev.devDrawn')!;
    const hidden = log.find((e) => e.key === 'sfr.ev.devHidden')!;
    expect(seesOf(log.find((e) => e.key === 'sfr.ev.buyDev')!)).toEqual(VIEWERS);
    expect(seesOf(drawn)).toEqual([0]);
    expect(drawn.params!.card).toBe(st.p[0]!.dev[1]);
    expect(seesOf(hidden)).toEqual([SPECTATOR, 1, 2, 3]);
    expect(hidden.params).toEqual({ seat: 0 });
    expect(G.view(st, 2).players[0]!.devCount).toBe(2);
  });

  it('SFR-HID-3: face-down loot tokens, out-of-play tokens and deck orders are in nobody’s view', () => {
    // The same table with other shuffles: the states differ, every view is identical.
    const a = table('one');
    const b = table('two');
    expect(a.token).not.toEqual(b.token);
    expect(a.devDeck).not.toEqual(b.devDeck);
    expect(a.pdeck).not.toEqual(b.pdeck);
    for (const viewer of VIEWERS) {
      const v = G.view(a, viewer);
      expect(v).toEqual(G.view(b, viewer));
      for (const k of ['tokens', 'removed', 'devDeck', 'pdeck'] as const) expect(v[k]).toBeUndefined();
    }
    // Three players: the 10 leftovers are removed unseen, only their number is known.
    const three = G.setup(DEFAULT_OPTIONS, 3, 'hid-3');
    if (!three.ok) throw new Error('setup');
    expect(three.value.removed.length).toBe(10);
    for (const viewer of [SPECTATOR, 0, 1, 2]) {
      const v = G.view(three.value, viewer);
      expect(v.removedCount).toBe(10);
      expect(v.token.filter(Boolean).length).toBe(30);
      expect(v.removed).toBeUndefined();
    }
    // A token left on a founded city is removed from play and stays hidden.
    const st = scenario({
      players: 4,
      seats: [{ warriors: { node: 'n085', army: 3, wagons: 1, loot: ['GER', 'GAL', 'HIS'] } }],
      at: { phase: 4, seat: 0 },
    });
    const tok = st.token[cityIdx('verona')]!;
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'found', city: 'verona' }, log);
    expect(st.removed).toContain(tok);
    expect(JSON.stringify(log)).not.toContain(R.tokens[tok]!.id);
    for (const viewer of VIEWERS) {
      expect(G.view(st, viewer).removedCount).toBe(st.removed.length);
      expect(G.view(st, viewer).token[cityIdx('verona')]).toBe(false);
    }
  });

  it('SFR-HID-4: a blind pasture draw is shown to the receiver only; the others read "1 pasture card"', () => {
    const st = scenario({ players: 4, seats: [{}, { gold: 0 }], at: { phase: 3, seat: 1 } });
    const log: GameEvent[] = [];
    ok(st, 1, { type: 'rest', take: 'pasture' }, log);
    const drawn = log.find((e) => e.key === 'sfr.ev.pastureDrawn')!;
    const hidden = log.find((e) => e.key === 'sfr.ev.pastureHidden')!;
    expect(seesOf(drawn)).toEqual([1]);
    expect(drawn.params!.kind).toBe(st.p[1]!.res[2] ? 'horses' : 'cattle');
    expect(seesOf(hidden)).toEqual([SPECTATOR, 0, 2, 3]);
    expect(hidden.params).toEqual({ seat: 1 });
    const rest = log.find((e) => e.key === 'sfr.ev.rest')!;
    expect(seesOf(rest)).toEqual(VIEWERS);
    expect(JSON.stringify(rest.params)).not.toMatch(/horses|cattle/);
    expect(G.view(st, 0).players[1]).toMatchObject({ cards: 1 });
    expect(G.view(st, 0).players[1]!.res).toBeUndefined();
    // The loot draw of a plunder is as blind.
    const pl = scenario({
      players: 4,
      seats: [{ horsemen: { node: 'n042', army: 2 } }],
      tokens: { 'castra-regina': 'GER-3' },
      at: { phase: 3, seat: 0 },
    });
    const l2: GameEvent[] = [];
    ok(pl, 0, { type: 'plunder', city: 'castra-regina' }, l2);
    expect(seesOf(l2.find((e) => e.key === 'sfr.ev.pastureDrawn')!)).toEqual([0]);
    expect(seesOf(l2.find((e) => e.key === 'sfr.ev.pastureHidden')!)).toEqual([SPECTATOR, 1, 2, 3]);
  });

  it('SFR-HID-5: a robbed card’s kind is shown to thief and victim only', () => {
    const st = scenario({
      players: 4,
      seats: [{}, { ore: 2, horsemen: { node: 'n064' } }],
      dice: [3, 4, 1, 1, 5, 6, 4, 6],
      at: { production: true },
    });
    ok(st, 0, { type: 'legion', hex: 'h0311' });
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'rob', seat: 1 }, log);
    expect(st.p[0]!.res[1]).toBe(1);
    expect(st.p[1]!.res[1]).toBe(1);
    const card = log.find((e) => e.key === 'sfr.ev.robbedCard')!;
    const hidden = log.find((e) => e.key === 'sfr.ev.robbedHidden')!;
    expect(card.params).toMatchObject({ seat: 0, victim: 1, kind: 'ore' });
    expect(seesOf(card)).toEqual([0, 1]);
    expect(seesOf(hidden)).toEqual([SPECTATOR, 2, 3]);
    expect(JSON.stringify(hidden.params)).not.toContain('ore');
    expect(G.view(st, 2).players[0]!.res).toBeUndefined();
    expect(G.view(st, 2).players[0]!.cards).toBe(1);
  });

  it('SFR-HID-6: trade offers are visible to all players; a draft stays private until posted', () => {
    const st = scenario({ players: 4, seats: [{ grain: 2 }, { ore: 1 }], at: { phase: 2, seat: 0 } });
    expect(
      applySteps(st, 0, [
        { type: 'draft', to: 1 },
        { type: 'give', item: 'grain' },
      ]).ok,
    ).toBe(true);
    expect(G.view(st, 0).draft).toMatchObject({ to: 1, give: [1, 0, 0, 0, 0] });
    for (const viewer of [SPECTATOR, 1, 2, 3]) expect(G.view(st, viewer).draft).toBeNull();
    const log: GameEvent[] = [];
    expect(applySteps(st, 0, [{ type: 'want', item: 'ore' }, { type: 'post' }], log).ok).toBe(true);
    const offer = log.find((e) => e.key === 'sfr.ev.offer')!;
    expect(seesOf(offer)).toEqual(VIEWERS);
    expect(offer.params).toMatchObject({ seat: 0, to: 1, give: [1, 0, 0, 0, 0], get: [0, 1, 0, 0, 0] });
    for (const viewer of VIEWERS)
      expect(G.view(st, viewer).offers).toEqual([
        expect.objectContaining({ id: 1, from: 0, to: 1, give: [1, 0, 0, 0, 0], get: [0, 1, 0, 0, 0] }),
      ]);
    // A counter-offer and the answers are public too.
    log.length = 0;
    expect(applySteps(st, 1, offerSteps({ to: 0, give: { ore: 1 }, get: { grain: 2 } }), log).ok).toBe(true);
    expect(seesOf(log.find((e) => e.key === 'sfr.ev.counter')!)).toEqual(VIEWERS);
    for (const viewer of VIEWERS) expect(G.view(st, viewer).offers.length).toBe(2);
  });

  it('SFR-HID-7: VP cards stay hidden; "final round" names the player without totals; everything shows at the end', () => {
    const st = scenario({
      players: 4,
      seats: [
        {
          gold: 1,
          cattle: 1,
          dev: ['vp-law-code', 'vp-royal-baptism'],
          horsemen: { kingdom: ['burdigala', 'lugdunum', 'narbo-martius', 'toletum'] },
          warriors: { kingdom: ['verona', 'mediolanum', 'tridentum'] },
        },
      ],
      devDeck: ['vp-royal-hall'],
      at: { phase: 2, seat: 0 },
    });
    expect(st.p[0]!.announced).toBe(false);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'buyDev' }, log);
    const ann = log.filter((e) => e.key === 'sfr.ev.finalRound');
    expect(ann.length).toBe(1);
    expect(ann[0]!.params).toEqual({ seat: 0 });
    expect(seesOf(ann[0]!)).toEqual(VIEWERS);
    for (const viewer of VIEWERS) {
      const pv = G.view(st, viewer).players[0]!;
      expect(pv.announced).toBe(true);
      expect(pv.publicVp).toBe(7);
      expect(pv.vp).toBe(viewer === 0 ? 10 : undefined);
      if (viewer !== 0) expect(JSON.stringify(G.view(st, viewer))).not.toContain('vp-');
    }
    // The game ends after this round; then VP cards, hands and decks are revealed to everyone.
    log.length = 0;
    drive(st, (s) => s.over !== null, log);
    expect(st.over).toMatchObject({ winners: [0], reason: 'vp' });
    const reveal = log.find((e) => e.key === 'sfr.ev.revealVp' && e.params!.seat === 0)!;
    expect(reveal.params).toMatchObject({ vp: 10 });
    expect(seesOf(reveal)).toEqual(VIEWERS);
    for (const viewer of VIEWERS) {
      const v = G.view(st, viewer);
      expect(v.players[0]!.vp).toBe(10);
      expect(v.players[0]!.dev!.sort()).toEqual(['vp-law-code', 'vp-royal-baptism', 'vp-royal-hall']);
      expect(v.players[1]!.res).toEqual(st.p[1]!.res);
      expect(v.tokens).toEqual(st.token);
    }
  });
});

/* ====================================================================== §18 decision points */

describe('decision points (§18)', () => {
  it('SFR-DP-1: seats keep the joining order and take the colours in order', () => {
    const g = G.setup(DEFAULT_OPTIONS, 4, 'dp-1');
    if (!g.ok) throw new Error('setup');
    expect(G.seating(g.value)).toEqual([0, 1, 2, 3]);
    expect([0, 1, 2, 3].map((s) => G.seatTags(g.value, s).colour)).toEqual([
      'red',
      'blue',
      'white',
      'yellow',
    ]);
    expect(G.view(g.value, -1).players.map((p) => p.colour)).toEqual(['red', 'blue', 'white', 'yellow']);
  });

  it('SFR-DP-2: the first start player is drawn by the engine, reproducibly from the seed, without a prompt', () => {
    const starts = new Set<number>();
    for (let i = 0; i < 24; i++) {
      const log: GameEvent[] = [];
      const g = G.setup(DEFAULT_OPTIONS, 4, `dp-2-${i}`, log);
      if (!g.ok) throw new Error('setup');
      starts.add(g.value.start);
      expect(log.find((e) => e.key === 'sfr.ev.setup')!.params!.start).toBe(g.value.start);
      expect(log.find((e) => e.key === 'sfr.ev.round')!.params!.seat).toBe(g.value.start);
      const again = G.setup(DEFAULT_OPTIONS, 4, `dp-2-${i}`);
      if (!again.ok) throw new Error('setup');
      expect(again.value.start).toBe(g.value.start);
      // The first decision is already a game decision: the legionnaire (a 7) or a phase-2 step.
      expect(['sfr.legion', 'sfr.trade', 'sfr.shortage']).toContain(G.prompts(g.value)[0]!.kind);
    }
    expect(starts.size).toBe(4);
  });

  it('SFR-DP-3: the legionnaire starts on h0901 (no decision)', () => {
    expect(R.hexes[R.legionStart]!.id).toBe('h0901');
    let checked = 0;
    for (let i = 0; i < 10; i++) {
      const log: GameEvent[] = [];
      const g = G.setup(DEFAULT_OPTIONS, 3, `dp-3-${i}`, log);
      if (!g.ok) throw new Error('setup');
      expect(log.some((e) => e.key.startsWith('sfr.ev.legionStart'))).toBe(false);
      // Unless a 7 has already moved it, the legionnaire stands on the designed start hex.
      if (log.some((e) => e.key === 'sfr.ev.legion')) continue;
      expect(G.view(g.value, -1).legion).toBe('h0901');
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('SFR-DP-4: phase 1 rolls automatically until four sums are marked', () => {
    const log: GameEvent[] = [];
    const st = scenario(
      { players: 4, start: 3, dice: [1, 1, 6, 6, 6, 6, 2, 1, 5, 6], at: { production: true } },
      log,
    );
    expect(st.rose).toEqual([2, 12, 3, 11]);
    expect(st.rolls.length).toBe(5);
    expect(log.filter((e) => e.key === 'sfr.ev.roll').every((e) => e.params!.seat === 3)).toBe(true);
    expect(who(st)).toEqual([[3, 'sfr.trade']]);
  });

  it('SFR-DP-5: on a 7 the start player moves the legionnaire or leaves it; default: leave it', () => {
    const st = scenario({ players: 4, start: 2, dice: [3, 4, 1, 1, 6, 6, 2, 1], at: { production: true } });
    expect(who(st)).toEqual([[2, 'sfr.legion']]);
    const legal = G.legalActions(st, 2);
    const hexes = legal.flatMap((a) => (a.type === 'legion' ? [a.hex] : []));
    expect(hexes.length).toBe(R.roman.length - 1);
    expect(hexes).not.toContain('h0901');
    for (const h of hexes) expect(R.hexes[R.hexIdx.get(h)!]!.beyond).toBe(false);
    expect(legal).toContainEqual({ type: 'stay' });
    expect(G.defaultAction(st, 2)).toEqual({ type: 'stay' });
    onlyPrompted(st, { type: 'stay' });
    rejected(st, 2, { type: 'legion', hex: 'h0111' }, 'beyondLimes', 'SFR-LEG-3');
    rejected(st, 2, { type: 'legion', hex: 'h0901' }, 'sameHex', 'SFR-LEG-1');
    ok(st, 2, G.defaultAction(st, 2)!);
    expect(R.hexes[st.legion]!.id).toBe('h0901');
    expect(st.rose).toEqual([7, 2, 12, 3]);
  });

  it('SFR-DP-6: after moving it the start player robs an eligible opponent or nobody; default: nobody', () => {
    const st = scenario({
      players: 4,
      seats: [
        { horsemen: { node: 'n086' } },
        { grain: 1, horsemen: { node: 'n064' } },
        {},
        { ore: 1, warriors: { node: 'n065' } },
      ],
      dice: [3, 4, 1, 1, 6, 6, 2, 1],
      at: { production: true },
    });
    ok(st, 0, { type: 'legion', hex: 'h0311' });
    expect(who(st)).toEqual([[0, 'sfr.rob']]);
    expect(G.legalActions(st, 0)).toEqual([
      { type: 'rob', seat: 1 },
      { type: 'rob', seat: 3 },
      { type: 'robNone' },
    ]);
    expect(G.defaultAction(st, 0)).toEqual({ type: 'robNone' });
    onlyPrompted(st, { type: 'robNone' });
    rejected(st, 0, { type: 'rob', seat: 2 }, 'badVictim', 'SFR-LEG-4');
    rejected(st, 0, { type: 'rob', seat: 0 }, 'badVictim', 'SFR-LEG-4');
    const log: GameEvent[] = [];
    ok(st, 0, G.defaultAction(st, 0)!, log);
    expect(keys(log)).toContain('sfr.ev.robNone');
    expect(keys(log).filter((k) => k.startsWith('sfr.ev.robbed'))).toEqual([]);
    expect(st.p[1]!.res[0]).toBeGreaterThanOrEqual(1);
    expect(st.p[3]!.res[1]).toBe(1);
    expect(who(st)).toEqual([[0, 'sfr.trade']]);
  });

  it('SFR-DP-7: in a pasture shortage every holder in turn order chooses what to return; default: cattle first', () => {
    const log: GameEvent[] = [];
    // 19 of the 20 pasture cards are in hands; sum 9 owes 2 (seats 0 and 3 touch pasture h0304).
    const st = scenario(
      {
        players: 4,
        seats: [
          { horses: 5, cattle: 3, horsemen: { node: 'n079' } },
          { horses: 5 },
          { cattle: 6 },
          { horsemen: { node: 'n069' } },
        ],
        dice: [4, 5, 6, 6, 4, 4, 1, 3],
        at: { production: true },
      },
      log,
    );
    const sh = log.find((e) => e.key === 'sfr.ev.shortage')!;
    expect(sh.params).toMatchObject({ kind: 'pasture', owed: 2, stack: 1, need: [4, 3, 3, 0] });
    expect(seesOf(sh)).toEqual(VIEWERS);
    // Seat 0: 4 of 5 horses + 3 cattle.
    expect(who(st)).toEqual([[0, 'sfr.shortage']]);
    expect(G.legalActions(st, 0)).toEqual(
      [1, 2, 3, 4].map((h) => ({ type: 'returnPasture', horses: h, cattle: 4 - h })),
    );
    expect(G.defaultAction(st, 0)).toEqual({ type: 'returnPasture', horses: 1, cattle: 3 });
    onlyPrompted(st, { type: 'returnPasture', horses: 0, cattle: 0 });
    rejected(st, 0, { type: 'returnPasture', horses: 1, cattle: 2 }, 'badReturn', 'SFR-SHORT-2');
    rejected(st, 0, { type: 'returnPasture', horses: 0, cattle: 4 }, 'notHeld', 'SFR-SHORT-4');
    ok(st, 0, G.defaultAction(st, 0)!);
    expect(st.p[0]!.res.slice(2)).toEqual([4, 0]);
    // Seat 1 holds horses only, seat 2 cattle only: each is still asked (one choice each).
    expect(who(st)).toEqual([[1, 'sfr.shortage']]);
    expect(G.legalActions(st, 1)).toEqual([{ type: 'returnPasture', horses: 3, cattle: 0 }]);
    expect(G.defaultAction(st, 1)).toEqual({ type: 'returnPasture', horses: 3, cattle: 0 });
    ok(st, 1, G.defaultAction(st, 1)!);
    expect(who(st)).toEqual([[2, 'sfr.shortage']]);
    expect(G.defaultAction(st, 2)).toEqual({ type: 'returnPasture', horses: 0, cattle: 3 });
    ok(st, 2, G.defaultAction(st, 2)!, log);
    // Then the sum is dealt: one pasture card each to seats 0 and 3.
    expect(st.p.map((p) => p.res[2]! + p.res[3]!)).toEqual([5, 2, 3, 1]);
    expect(who(st)).toEqual([[0, 'sfr.trade']]);
  });

  describe('phase 2 (SFR-DP-8 … SFR-DP-16)', () => {
    it('SFR-DP-8: only the acting player trades and posts offers; default: end the step, open offers die', () => {
      const st = scenario({ players: 4, seats: [{ grain: 2 }, { ore: 1 }], at: { phase: 2, seat: 0 } });
      expect(who(st)).toEqual([[0, 'sfr.trade']]);
      const legal = G.legalActions(st, 0);
      for (const to of [-1, 1, 2, 3]) expect(legal).toContainEqual({ type: 'draft', to });
      expect(legal).toContainEqual({ type: 'endStep' });
      expect(G.defaultAction(st, 0)).toEqual({ type: 'endStep' });
      onlyPrompted(st, { type: 'draft', to: -1 });
      expect(applySteps(st, 0, offerSteps({ to: 1, give: { grain: 1 }, get: { ore: 1 } })).ok).toBe(true);
      ok(st, 1, { type: 'accept', offer: 1 });
      expect(G.legalActions(st, 0)).toEqual(
        expect.arrayContaining([
          { type: 'execute', offer: 1, with: 1 },
          { type: 'withdraw', offer: 1 },
        ]),
      );
      expect(G.defaultAction(st, 0)).toEqual({ type: 'endStep' });
      const log: GameEvent[] = [];
      ok(st, 0, G.defaultAction(st, 0)!, log);
      expect(keys(log)).toContain('sfr.ev.offersDie');
      expect(st.offers).toEqual([]);
      expect([st.p[0]!.res[0], st.p[1]!.res[1]]).toEqual([2, 1]); // nothing executed
      expect(who(st)).toEqual([[1, 'sfr.trade']]);
    });

    it('SFR-DP-9: addressed players accept, decline or counter; default: decline', () => {
      const st = scenario({ players: 4, seats: [{ grain: 2 }, { ore: 1 }], at: { phase: 2, seat: 0 } });
      expect(applySteps(st, 0, offerSteps({ give: { grain: 1 }, get: { ore: 1 } })).ok).toBe(true);
      expect(who(st)).toEqual([
        [1, 'sfr.respond'],
        [2, 'sfr.respond'],
        [3, 'sfr.respond'],
      ]);
      expect(G.legalActions(st, 0)).toEqual([]);
      expect(G.legalActions(st, 1)).toEqual([
        { type: 'accept', offer: 1 },
        { type: 'draft', to: 0 },
        { type: 'decline', offer: 1 },
      ]);
      // Seat 2 holds no ore: it may counter or decline.
      expect(G.legalActions(st, 2)).toEqual([
        { type: 'draft', to: 0 },
        { type: 'decline', offer: 1 },
      ]);
      rejected(st, 2, { type: 'accept', offer: 1 }, 'cannotSupply', 'SFR-TRADE-6');
      for (const s of [1, 2, 3]) expect(G.defaultAction(st, s)).toEqual({ type: 'decline', offer: 1 });
      ok(st, 1, { type: 'accept', offer: 1 });
      expect(applySteps(st, 2, offerSteps({ to: 0, give: { gold: 1 }, get: { grain: 1 } })).ok).toBe(true);
      ok(st, 3, G.defaultAction(st, 3)!);
      expect(st.offers.find((o) => o.id === 1)!.answers).toEqual([-1, 1, 3, 2]);
      expect(who(st)).toEqual([[0, 'sfr.trade']]);
      expect(G.legalActions(st, 0)).toEqual(
        expect.arrayContaining([
          { type: 'execute', offer: 1, with: 1 },
          { type: 'execute', offer: 2, with: 2 },
        ]),
      );
      // An offer to one player asks that player only.
      const one = scenario({ players: 4, seats: [{ grain: 2 }], at: { phase: 2, seat: 0 } });
      expect(applySteps(one, 0, offerSteps({ to: 3, give: { grain: 1 }, get: { gold: 1 } })).ok).toBe(true);
      expect(who(one)).toEqual([[3, 'sfr.respond']]);
    });

    const buyer = (spec: Record<string, unknown>) =>
      scenario({ players: 4, seats: [spec as never], at: { phase: 2, seat: 0 } });

    it('SFR-DP-10: a bank trade is offered for 3 identical cards; default: no trade', () => {
      const st = buyer({ grain: 3, ore: 2 });
      const bank = G.legalActions(st, 0).filter((a) => a.type === 'bank');
      expect(bank).toEqual([
        { type: 'bank', give: 'grain', get: 'grain' },
        { type: 'bank', give: 'grain', get: 'ore' },
        { type: 'bank', give: 'grain', get: 'pasture' },
      ]);
      rejected(st, 0, { type: 'bank', give: 'ore', get: 'grain' }, 'cannotAfford', 'SFR-BANK-1');
      const res = st.p[0]!.res.slice();
      ok(st, 0, G.defaultAction(st, 0)!);
      expect(st.p[0]!.res).toEqual(res);
    });

    it('SFR-DP-11: an army pair is offered when affordable; default: no purchase', () => {
      expect(types(buyer({ ore: 1, horses: 1 }), 0)).toContain('buyPair');
      expect(types(buyer({ gold: 0, ore: 1 }), 0)).not.toContain('buyPair');
      const st = buyer({ ore: 1, horses: 1 });
      ok(st, 0, G.defaultAction(st, 0)!);
      expect(st.p[0]!.tribes.map((t) => t.army)).toEqual([1, 1]);
    });

    it('SFR-DP-12: a wagon is offered for either box; default: no purchase', () => {
      const st = buyer({ grain: 1, horses: 1, cattle: 1 });
      const wagons = G.legalActions(st, 0).filter((a) => a.type === 'buyWagon');
      expect(wagons).toEqual([
        { type: 'buyWagon', box: 'horsemen' },
        { type: 'buyWagon', box: 'warriors' },
      ]);
      rejected(st, 0, { type: 'buyWagon', box: 'nowhere' as 'horsemen' }, 'badBox', 'SFR-BUY-3');
      ok(st, 0, G.defaultAction(st, 0)!);
      expect(st.p[0]!.tribes.map((t) => t.wagons)).toEqual([1, 1]);
    });

    it('SFR-DP-13: a development card is offered for cattle + 1 gold; default: no purchase', () => {
      expect(G.legalActions(buyer({ gold: 1, cattle: 1 }), 0)).toContainEqual({ type: 'buyDev' });
      expect(types(buyer({ gold: 0, cattle: 1 }), 0)).not.toContain('buyDev');
      const st = buyer({ gold: 1, cattle: 1 });
      ok(st, 0, G.defaultAction(st, 0)!);
      expect(st.p[0]!.dev).toEqual([]);
    });

    it('SFR-DP-14: emergency gold is offered when a card is missing, once per game; default: not used', () => {
      const st = buyer({ gold: 4, cattle: 0 });
      expect(G.legalActions(st, 0).filter((a) => a.type === 'buyDev')).toEqual([
        { type: 'buyDev', emergency: 'cattle' },
      ]);
      // With the card at hand only the plain purchase is listed.
      expect(G.legalActions(buyer({ gold: 4, cattle: 1 }), 0).filter((a) => a.type === 'buyDev')).toEqual([
        { type: 'buyDev' },
      ]);
      expect(G.defaultAction(st, 0)).toEqual({ type: 'endStep' });
      ok(st, 0, { type: 'buyDev', emergency: 'cattle' });
      expect([st.p[0]!.gold, st.p[0]!.emergency, st.p[0]!.dev.length]).toEqual([0, true, 1]);
      const used = buyer({ gold: 8, emergency: true });
      expect(types(used, 0)).not.toContain('buyDev');
      rejected(used, 0, { type: 'buyDev', emergency: 'cattle' }, 'emergencyUsed', 'SFR-GOLD-2');
    });

    it('SFR-DP-15: one phase-2 card — Diplomat (hex) or Rich Harvest (2 picks); default: none', () => {
      const st = buyer({ dev: ['diplomat', 'abundance'] });
      const legal = G.legalActions(st, 0).filter((a) => a.type === 'play');
      const dipl = legal.filter((a) => a.type === 'play' && a.card === 'diplomat');
      expect(dipl.length).toBe(R.roman.length - 1);
      expect(legal.filter((a) => a.type === 'play' && a.card === 'abundance')).toEqual(
        [
          ['grain', 'grain'],
          ['grain', 'ore'],
          ['grain', 'pasture'],
          ['ore', 'ore'],
          ['ore', 'pasture'],
          ['pasture', 'pasture'],
        ].map((take) => ({ type: 'play', card: 'abundance', take })),
      );
      expect(G.defaultAction(st, 0)).toEqual({ type: 'endStep' });
      ok(st, 0, { type: 'play', card: 'abundance', take: ['grain', 'ore'] });
      expect(st.p[0]!.res.slice(0, 2)).toEqual([1, 1]);
      // One card per phase: the Diplomat is no longer offered.
      expect(types(st, 0)).not.toContain('play');
      rejected(st, 0, { type: 'play', card: 'diplomat', hex: 'h0700' }, 'cardLimit', 'SFR-DEV-2');
    });

    it('SFR-DP-16: a treasure just acquired may be revealed; default: keep it hidden', () => {
      const st = scenario({
        players: 4,
        seats: [{ gold: 1, cattle: 1 }],
        devDeck: ['treasure-burgundians'],
        at: { phase: 2, seat: 0 },
      });
      ok(st, 0, { type: 'buyDev' });
      expect(G.legalActions(st, 0)).toContainEqual({ type: 'reveal', card: 'treasure-burgundians' });
      const copy = G.clone(st);
      ok(copy, 0, { type: 'reveal', card: 'treasure-burgundians' });
      expect([copy.p[0]!.gold, copy.p[0]!.treasures]).toEqual([7, ['treasure-burgundians']]);
      expect(G.defaultAction(st, 0)).toEqual({ type: 'endStep' });
      ok(st, 0, G.defaultAction(st, 0)!);
      expect([st.p[0]!.gold, st.p[0]!.dev]).toEqual([0, ['treasure-burgundians']]);
      // Later it can no longer be revealed (until the game end reveals it).
      drive(st, (s) => top(s)?.k === 'act' && (top(s) as { seat: number }).seat === 0);
      expect(types(st, 0)).not.toContain('reveal');
      rejected(st, 0, { type: 'reveal', card: 'treasure-burgundians' }, 'notNew', 'SFR-DEV-8');
    });
  });

  describe('phases 3 and 4 (SFR-DP-17 … SFR-DP-23)', () => {
    const tribeStep = (spec: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      scenario({ players: 4, seats: [spec as never], at: { phase: 3, seat: 0 }, ...extra });

    it('SFR-DP-17: the acting player chooses the tribe’s action; default: rest for 2 gold, after a move the step ends', () => {
      const st = tribeStep({ gold: 3, horsemen: { node: 'n084', army: 2 } });
      expect(who(st)).toEqual([[0, 'sfr.act']]);
      expect(types(st, 0).sort()).toEqual(['move', 'plunder', 'rest']);
      onlyPrompted(st, { type: 'rest', take: 'gold' });
      expect(G.defaultAction(st, 0)).toEqual({ type: 'rest', take: 'gold' });
      const rest = G.clone(st);
      ok(rest, 0, G.defaultAction(rest, 0)!);
      expect(rest.p[0]!.gold).toBe(5);
      expect(who(rest)).toEqual([[1, 'sfr.act']]);
      // After a movement: no rest; the default ends the step.
      ok(st, 0, { type: 'move', to: 'n083', route: ['n084', 'n073', 'n083'], grain: 0 });
      expect(types(st, 0)).not.toContain('rest');
      expect(G.defaultAction(st, 0)).toEqual({ type: 'endStep' });
      ok(st, 0, G.defaultAction(st, 0)!);
      expect(st.p[0]!.gold).toBe(3);
      expect(who(st)).toEqual([[1, 'sfr.act']]);
      // A settled tribe: rest or expand.
      const settled = scenario({
        players: 4,
        seats: [{ warriors: { kingdom: ['verona'], army: 3, wagons: 1 } }],
        at: { phase: 4, seat: 0 },
      });
      expect(types(settled, 0).sort()).toEqual(['expand', 'rest']);
      expect(G.defaultAction(settled, 0)).toEqual({ type: 'rest', take: 'gold' });
    });

    it('SFR-DP-18: the rest bonus is 2 gold, grain, ore or a blind pasture draw; default: 2 gold', () => {
      const st = tribeStep({});
      expect(G.legalActions(st, 0).filter((a) => a.type === 'rest')).toEqual(
        ['gold', 'grain', 'ore', 'pasture'].map((take) => ({ type: 'rest', take })),
      );
      expect(G.defaultAction(st, 0)).toEqual({ type: 'rest', take: 'gold' });
      // An empty source is not offered.
      const empty = scenario({ players: 4, seats: [{}, { grain: 13 }], at: { phase: 3, seat: 0 } });
      expect(
        G.legalActions(empty, 0)
          .filter((a) => a.type === 'rest')
          .map((a) => (a as { take: string }).take),
      ).toEqual(['gold', 'ore', 'pasture']);
      rejected(empty, 0, { type: 'rest', take: 'grain' }, 'supplyEmpty', 'SFR-REST-2');
    });

    it('SFR-DP-19: movement offers every free crossroads; default: no movement', () => {
      const st = scenario({
        players: 4,
        seats: [{ gold: 9, horsemen: { node: 'n084' } }, { warriors: { node: 'n083' } }],
        at: { phase: 3, seat: 0 },
      });
      const dests = new Set(G.legalActions(st, 0).flatMap((a) => (a.type === 'move' ? [a.to] : [])));
      expect(dests.size).toBeGreaterThan(10);
      for (const d of dests) expect(R.nodes[R.nodeIdx.get(d)!]!.city).toBe(-1);
      expect(dests.has('n083')).toBe(false); // another player's marker
      expect(dests.has('n084')).toBe(false); // the current node
      const node = st.p[0]!.tribes[0]!.node;
      ok(st, 0, G.defaultAction(st, 0)!);
      expect(st.p[0]!.tribes[0]!.node).toBe(node);
    });

    it('SFR-DP-20: a move without a valid payment split is rejected, never completed', () => {
      const st = tribeStep({ gold: 9, grain: 2, warriors: { node: 'n079' } }, { at: { phase: 4, seat: 0 } });
      const LAND = ['n079', 'n089', 'n098', 'n107', 'n116', 'n128', 'n140', 'n127', 'n139'];
      rejected(st, 0, { type: 'move', to: 'n139', route: LAND } as SfrAction, 'badSplit', 'SFR-MOVE-5');
      rejected(st, 0, { type: 'move', to: 'n139', route: LAND, grain: 3 }, 'badSplit', 'SFR-MOVE-5');
      rejected(st, 0, { type: 'move', to: 'n139', route: LAND, grain: 0.5 }, 'badSplit', 'SFR-MOVE-5');
      const listed = G.legalActions(st, 0).filter((a) => a.type === 'move' && a.to === 'n139');
      for (const a of listed) expect(Number.isInteger((a as { grain: number }).grain)).toBe(true);
      ok(st, 0, { type: 'move', to: 'n139', route: LAND, grain: 1 });
      expect([st.p[0]!.gold, st.p[0]!.res[0]]).toEqual([6, 1]);
    });

    it('SFR-DP-21: the target city is chosen among the legal ones; default: none', () => {
      // n084 touches Argentoratum (2), Tridentum (2) and Mediolanum (4 towers).
      const st = tribeStep({ gold: 0, horsemen: { node: 'n084', army: 2 } });
      expect(G.legalActions(st, 0).filter((a) => a.type === 'plunder')).toEqual([
        { type: 'plunder', city: 'argentoratum' },
        { type: 'plunder', city: 'tridentum' },
      ]);
      rejected(st, 0, { type: 'plunder', city: 'mediolanum' }, 'tooWeak', 'SFR-PLUN-1');
      rejected(st, 0, { type: 'plunder', city: 'castra-regina' }, 'notAdjacent', 'SFR-PLUN-1');
      const tokens = st.token.slice();
      ok(st, 0, G.defaultAction(st, 0)!);
      expect(st.token).toEqual(tokens);
      expect(st.p[0]!.tribes[0]!.loot).toEqual([]);
    });

    it('SFR-DP-22: one phase-3/4 card with the action it modifies; default: none', () => {
      const st = tribeStep({
        gold: 0,
        dev: ['traitor', 'great-horseman', 'great-warrior', 'forced-march', 'fleet'],
        horsemen: { node: 'n084', army: 2 },
      });
      const legal = G.legalActions(st, 0);
      expect(legal).toContainEqual({ type: 'play', card: 'great-horseman' });
      expect(legal).not.toContainEqual({ type: 'play', card: 'great-warrior' });
      expect(legal).toContainEqual({ type: 'plunder', city: 'mediolanum', card: 'traitor' });
      expect(legal.some((a) => a.type === 'move' && a.card === 'forced-march')).toBe(true);
      expect(legal.some((a) => a.type === 'move' && a.card === 'fleet')).toBe(true);
      rejected(st, 0, { type: 'play', card: 'great-warrior' }, 'wrongPhase', 'SFR-DEV-2');
      rejected(st, 0, { type: 'play', card: 'traitor' }, 'badCard', 'SFR-DEV-13');
      const dev = st.p[0]!.dev.slice();
      ok(st, 0, G.defaultAction(st, 0)!);
      expect(st.p[0]!.dev).toEqual(dev);
      // After one card, no second one in the same phase.
      const two = tribeStep({ dev: ['great-horseman', 'traitor'], horsemen: { node: 'n084', army: 2 } });
      ok(two, 0, { type: 'play', card: 'great-horseman' });
      expect(two.p[0]!.tribes[0]!.army + 2).toBe(G.view(two, 0).players[0]!.tribes[0]!.strength);
      expect(G.legalActions(two, 0).some((a) => 'card' in a && a.card !== undefined)).toBe(false);
    });

    it('SFR-DP-23: each player ends the step; in phases 3/4 only after an action, otherwise by resting', () => {
      const st = tribeStep({ gold: 0, horsemen: { node: 'n084' } });
      expect(G.legalActions(st, 0)).not.toContainEqual({ type: 'endStep' });
      rejected(st, 0, { type: 'endStep' }, 'restFirst', 'SFR-DP-17');
      ok(st, 0, { type: 'move', to: 'n083', route: ['n084', 'n073', 'n083'], grain: 0 });
      expect(G.legalActions(st, 0)).toContainEqual({ type: 'endStep' });
      const log: GameEvent[] = [];
      ok(st, 0, { type: 'endStep' }, log);
      expect(log.find((e) => e.key === 'sfr.ev.stepEnd')!.params).toEqual({ seat: 0, phase: 3 });
      expect(who(st)).toEqual([[1, 'sfr.act']]);
      // Phase 2: the step can always be ended.
      const p2 = scenario({ players: 4, at: { phase: 2, seat: 3 } });
      expect(G.legalActions(p2, 3)).toContainEqual({ type: 'endStep' });
      ok(p2, 3, { type: 'endStep' });
      expect(who(p2)).toEqual([[0, 'sfr.act']]);
    });
  });
});

const keys = (log: GameEvent[]) => log.map((e) => e.key);
