/**
 * Decision points (spec §21, NAT-DP-1..26), the card-effect model (§19, NAT-MODEL-1..16), hidden information
 * (§20, NAT-HIDDEN-1..6) and randomness (§22, NAT-RNG-1..6).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { Rng, randInt, seedRng, shuffle } from '@tabula/engine';
import {
  EVENT_CARDS,
  NationsDataError,
  PROGRESS_CARDS,
  PROMO_PROGRESS_CARDS,
  SOLO_TILES,
  nations,
  progressCard,
  rawDataFiles,
  validateNationsData,
} from '@tabula/nations';
import type { Choose, NatState, NationsDataFiles, ProgressCard } from '@tabula/nations';
import { cond, raid, scoreParts } from '../src/derive.js';
import {
  addAdvisor,
  addColony,
  addWonder,
  answer,
  atAction,
  barePlayer,
  choose,
  cmpSet,
  game,
  keys,
  mod,
  ok,
  only,
  options,
  putOnBoard,
  rejects,
  resolveFrom,
  runEvents,
  setRes,
  setRow,
  stability,
  strength,
  toAction,
  turn,
  withCard,
} from './helpers.js';

/** Every player bare: no resources, no cards in play, full track, no idle workers (strength 0, stability 0). */
function bareAll(st: NatState): void {
  for (let s = 0; s < st.n; s++) {
    barePlayer(st, s);
    st.players[s]!.idle = 0;
    st.players[s]!.vp = 0;
  }
}

/** A 3-player game in the Action phase, bare players, the turn of `seat`. */
function g3(seat = 0, seed = 'dp'): NatState {
  const st = atAction(3, {}, seed);
  bareAll(st);
  st.order = [0, 1, 2];
  st.actionOrder = [0, 1, 2];
  turn(st, seat);
  return st;
}

/** The default answer of the pending decision. */
const dflt = (st: NatState): Choose => nations.defaultAction(st, st.pending!.s) as Choose;

// ====================================================================== decision points

describe('decision points: setup and turns (NAT-DP-1..11)', () => {
  it('NAT-DP-1: difficulty per player and the easy-game side are chosen before the start', () => {
    const st = game(3, { difficulty: ['chieftain', 'king', 'emperor'], easy: [false, 'stability', 'food'] });
    expect(st.players.map((p) => p.level)).toEqual(['chieftain', 'king', 'emperor']);
    expect(st.players.map((p) => p.easy)).toEqual([false, 'stability', 'food']);
    expect(st.players[1]).toMatchObject({ stabCap: 3, stabFilled: 3, foodCap: 4, idle: 6 });
    expect(st.players[2]).toMatchObject({ stabCap: 4, foodCap: 3, foodFilled: 3, idle: 6 });
    // One level for everyone; no easy game unless asked.
    const one = game(2, { difficulty: 'king' });
    expect(one.players.map((p) => [p.level, p.easy])).toEqual([
      ['king', false],
      ['king', false],
    ]);
    expect(nations.parseOptions({ difficulty: 'godlike' }).ok).toBe(false);
    expect(nations.parseOptions({ easy: ['left'] }).ok).toBe(false);
  });

  it('NAT-DP-2: in the B variant each player picks nation and side in reverse player order; default first nation alphabetically, side A', () => {
    const st = game(3, { boardSides: 'choose' }, 'draft');
    expect(st.draft).toHaveLength(3);
    expect(st.draft).toEqual([...st.draft].sort());
    // The round-1 board is dealt first.
    expect(st.board.every((b) => b !== null)).toBe(true);
    const seen: number[] = [];
    const taken: string[] = [];
    for (let i = 0; i < 3; i++) {
      const pd = st.pending!;
      expect(pd.kind).toBe('nation');
      seen.push(pd.s);
      const left = st.draft.filter((n) => !taken.includes(n));
      expect(pd.opts).toEqual(
        left.flatMap((nation) => ['A', 'B'].map((side) => ({ type: 'choose', nation, side }))),
      );
      if (i < 2) {
        expect(dflt(st)).toEqual({ type: 'choose', nation: left[0], side: 'A' });
        ok(st, pd.s, { type: 'choose', nation: left[left.length - 1], side: 'B' });
        taken.push(left[left.length - 1]!);
      }
    }
    expect(seen).toEqual([st.order[2], st.order[1], st.order[0]]);
    // A single remaining nation still offers both sides.
    expect(st.pending!.opts).toHaveLength(2);
  });

  it('NAT-DP-3: Growth is asked in reverse player order: a worker (its side when needed) or resources; default food', () => {
    const st = game(3, {}, 'growth');
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const pd = st.pending!;
      expect(pd.kind).toBe('growth');
      seen.push(pd.s);
      if (i < 2)
        expect(pd.opts).toEqual([
          { type: 'choose', take: 'res', res: 'food' },
          { type: 'choose', take: 'res', res: 'stone' },
          { type: 'choose', take: 'res', res: 'gold' },
          { type: 'choose', take: 'worker', side: 'food' },
          { type: 'choose', take: 'worker', side: 'stability' },
        ]);
      expect(dflt(st)).toEqual({ type: 'choose', take: 'res', res: 'food' });
      // The last one to decide has workers on the overflow: no side to choose.
      if (i === 1) st.players[st.order[0]!]!.overflow = 1;
      if (i === 2)
        expect(pd.opts.filter((o) => o.take === 'worker')).toEqual([{ type: 'choose', take: 'worker' }]);
      ok(st, pd.s, dflt(st));
    }
    expect(seen).toEqual([st.order[2], st.order[1], st.order[0]]);
    // Only one side with workers: only that side.
    const one = game(2, {}, 'growth');
    one.players[one.pending!.s]!.foodFilled = 0;
    one.pending = null;
    one.step = 'growth';
    one.si = 0;
    only(one, 'growth');
    expect(one.pending!.opts.filter((o) => o.take === 'worker')).toEqual([
      { type: 'choose', take: 'worker', side: 'stability' },
    ]);
  });

  it('NAT-DP-4: on its turn only the active player acts: a main action or pass, free undeploys; default pass (end after a main action)', () => {
    const st = g3(1);
    st.players[1]!.idle = 1;
    setRow(st, 1, 0, 'ziggurat', 1);
    setRes(st, 1, { gold: 5, stone: 5 });
    expect(nations.prompts(st)).toEqual([{ seat: 1, kind: 'nat.turn', args: { left: 1, main: 0 } }]);
    expect(nations.legalActions(st, 0)).toEqual([]);
    expect(nations.legalActions(st, 2)).toEqual([]);
    rejects(st, 0, { type: 'pass' }, 'nat.err.notYourTurn');
    const legal = nations.legalActions(st, 1);
    const types = new Set(legal.map((a) => a.type));
    expect([...types].sort()).toEqual(['buy', 'deploy', 'pass', 'undeploy']);
    expect(nations.defaultAction(st, 1)).toEqual({ type: 'pass' });
    expect(nations.defaultAction(st, 0)).toBeNull();
    ok(st, 1, { type: 'deploy', from: -1, to: 0 });
    expect(nations.defaultAction(st, 1)).toEqual({ type: 'end' });
    // No second main action, but free undeploys remain.
    expect(
      nations
        .legalActions(st, 1)
        .map((a) => a.type)
        .sort(),
    ).toEqual(['end', 'pass', 'undeploy']);
  });

  it('NAT-DP-5: a bought building or military card asks the buyer for its slot (a 4th military card must cover one)', () => {
    const st = g3(0);
    setRes(st, 0, { gold: 5 });
    putOnBoard(st, 1, 0, 'ziggurat');
    setRow(st, 0, 2, 'forum', 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.pending).toMatchObject({ s: 0, kind: 'place' });
    expect(options(st)).toEqual([0, 1, 2, 3, 4].map((slot) => ({ type: 'choose', slot })));
    choose(st, { slot: 2 });
    expect(st.players[0]!.row[2]!.id).toBe('ziggurat');
    // Three military cards: a fourth must cover a military card.
    const m = g3(0);
    setRes(m, 0, { gold: 5 });
    setRow(m, 0, 0, 'hoplite');
    setRow(m, 0, 2, 'chariot');
    setRow(m, 0, 4, 'archer');
    putOnBoard(m, 1, 0, 'legionary');
    ok(m, 0, { type: 'buy', row: 1, col: 0 });
    expect(options(m)).toEqual([0, 2, 4].map((slot) => ({ type: 'choose', slot })));
  });

  it('NAT-DP-6: buying an advisor when the advisor area (capacity > 1) is full asks which advisor to remove', () => {
    const st = g3(0);
    setRes(st, 0, { gold: 5 });
    addWonder(st, 0, 'porcelain'); // +1 advisor space
    addAdvisor(st, 0, 'augustus');
    addAdvisor(st, 0, 'augustine');
    const [a, b] = st.players[0]!.advisors.map((x) => x.u);
    putOnBoard(st, 1, 0, 'buddha');
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.pending).toMatchObject({ s: 0, kind: 'advisorOut' });
    expect(options(st)).toEqual([
      { type: 'choose', remove: a },
      { type: 'choose', remove: b },
    ]);
    choose(st, { remove: b });
    expect(st.players[0]!.advisors.map((x) => x.id)).toEqual(['augustus', 'buddha']);
    // Capacity 1: the old advisor simply goes.
    const one = g3(0);
    setRes(one, 0, { gold: 5 });
    addAdvisor(one, 0, 'augustus');
    putOnBoard(one, 1, 0, 'buddha');
    ok(one, 0, { type: 'buy', row: 1, col: 0 });
    expect(one.pending).toBeNull();
    expect(one.players[0]!.advisors.map((x) => x.id)).toEqual(['buddha']);
  });

  it('NAT-DP-7: gaining a colony with the colony area full asks which old colony to remove', () => {
    const st = g3(0);
    setRes(st, 0, { gold: 5 });
    addColony(st, 0, 'nubia');
    addColony(st, 0, 'hispania');
    const [a, b] = st.players[0]!.colonies.map((x) => x.u);
    putOnBoard(st, 1, 0, 'macedonia');
    mod(st, 0, { strength: 10 });
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.pending).toMatchObject({ s: 0, kind: 'colonyOut' });
    expect(options(st)).toEqual([
      { type: 'choose', remove: a },
      { type: 'choose', remove: b },
    ]);
    choose(st, { remove: a });
    expect(st.players[0]!.colonies.map((x) => x.id)).toEqual(['hispania', 'macedonia']);
  });

  it('NAT-DP-8: a battle asks the buyer for the resource type', () => {
    const st = g3(0);
    setRes(st, 0, { gold: 5 });
    setRow(st, 0, 0, 'hoplite', 1); // raid 3
    putOnBoard(st, 1, 0, 'cannae');
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.pending).toMatchObject({ s: 0, kind: 'battle' });
    expect(options(st).map((o) => o.res)).toEqual(['books', 'food', 'stone']);
    choose(st, { res: 'food' });
    expect(st.players[0]!.res.food).toBe(3);
  });

  it('NAT-DP-9: a golden age asks: the resources (which type for the bonus) or 1 VP and the payment mix', () => {
    const st = g3(0);
    setRes(st, 0, { gold: 2, stone: 1, food: 1 });
    putOnBoard(st, 1, 0, 'silk');
    const ga = progressCard('silk')!.goldenAge!;
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.pending).toMatchObject({ s: 0, kind: 'golden' });
    const types = Object.keys(ga.gain);
    const res = options(st).filter((o) => o.res !== undefined);
    expect(res.map((o) => o.res)).toEqual(
      ['gold', 'stone', 'food', 'books'].filter((r) => types.includes(r)),
    );
    const pays = options(st).filter((o) => o.pay !== undefined);
    // Every mix of vpPrice units of what the player holds (1 gold, 1 stone, 1 food after paying 1 gold).
    for (const o of pays) {
      const b = o.pay as Record<string, number>;
      expect(Object.values(b).reduce((x, y) => x + y, 0)).toBe(ga.vpPrice);
    }
    expect(pays.length).toBeGreaterThan(0);
  });

  it('NAT-DP-10, NAT-DP-11: a deployment names its source and target; a hire names a public or private architect', () => {
    const st = g3(0);
    const p = st.players[0]!;
    p.idle = 1;
    setRes(st, 0, { stone: 9 });
    setRow(st, 0, 0, 'ziggurat', 1);
    setRow(st, 0, 1, 'forum', 0);
    const deploys = nations.legalActions(st, 0).filter((a) => a.type === 'deploy');
    expect(deploys).toEqual([
      { type: 'deploy', from: -1, to: 0 },
      { type: 'deploy', from: -1, to: 1 },
      { type: 'deploy', from: 0, to: 1 },
    ]);
    ok(st, 0, { type: 'deploy', from: 0, to: 1 });
    expect(p.row.map((r) => r?.w ?? null)).toEqual([0, 1, null, null, null]);
    // Hire: public or private.
    const h = g3(0);
    setRes(h, 0, { stone: 9 });
    h.players[0]!.wip = { id: 'pyramids', u: h.uid++, built: 0 };
    h.pool = 1;
    h.players[0]!.priv = 1;
    const hires = nations.legalActions(h, 0).filter((a) => a.type === 'hire');
    expect(hires).toEqual([{ type: 'hire' }, { type: 'hire', private: true }]);
    ok(h, 0, { type: 'hire', private: true });
    expect([h.pool, h.players[0]!.priv]).toEqual([1, 0]);
  });
});

describe('decision points: out of turn (NAT-DP-12..26)', () => {
  it('NAT-DP-12, NAT-DP-26: a completed wonder asks its owner which completed wonder to cover; default none, or the lowest printed VP when full', () => {
    const st = g3(0);
    setRes(st, 0, { stone: 5 });
    addWonder(st, 0, 'colosseum');
    st.players[0]!.wip = { id: 'petra', u: st.uid++, built: 2 };
    st.pool = 1;
    ok(st, 0, { type: 'hire' });
    const c = st.players[0]!.wonders[0]!.u;
    expect(st.pending).toMatchObject({ s: 0, kind: 'cover' });
    expect(options(st)).toEqual([
      { type: 'choose', cover: null },
      { type: 'choose', cover: c },
    ]);
    expect(dflt(st)).toEqual({ type: 'choose', cover: null });
    // Full (5 spaces): cover one; the default is the lowest printed VP, ties to the leftmost.
    const f = g3(0);
    setRes(f, 0, { stone: 5 });
    for (const id of ['pyramids', 'terracotta', 'stonehenge', 'colosseum', 'oracle']) addWonder(f, 0, id);
    f.players[0]!.wip = { id: 'petra', u: f.uid++, built: 2 };
    f.pool = 1;
    ok(f, 0, { type: 'hire' });
    const ws = f.players[0]!.wonders;
    expect(options(f)).toEqual(ws.map((w) => ({ type: 'choose', cover: w.u })));
    expect(dflt(f)).toEqual({ type: 'choose', cover: ws[2]!.u }); // Stonehenge, 0 VP
    ok(f, 0, dflt(f));
    expect(f.players[0]!.wonders.map((w) => w.id)).toEqual([
      'pyramids',
      'terracotta',
      'colosseum',
      'oracle',
      'petra',
    ]);
    // With two at the lowest VP the leftmost goes.
    const t = g3(0);
    setRes(t, 0, { stone: 5 });
    for (const id of ['pyramids', 'colosseum', 'terracotta', 'oracle', 'gardens']) addWonder(t, 0, id);
    t.players[0]!.wip = { id: 'petra', u: t.uid++, built: 2 };
    t.pool = 1;
    ok(t, 0, { type: 'hire' });
    expect(dflt(t)).toEqual({ type: 'choose', cover: t.players[0]!.wonders[1]!.u });
  });

  it('NAT-DP-13, NAT-DP-26: an ability with a gainChoice asks its owner on the own turn; default the first type listed', () => {
    const st = g3(0);
    setRes(st, 0, { gold: 2 });
    addWonder(st, 0, 'piazza');
    const u = st.players[0]!.wonders[0]!.u;
    ok(st, 0, { type: 'ability', card: u, ability: 'trade' });
    expect(st.pending).toMatchObject({ s: 0, kind: 'gainChoice' });
    expect(options(st).map((o) => o.res)).toEqual(['books', 'food', 'stone']);
    expect(dflt(st)).toEqual({ type: 'choose', res: 'books' });
    choose(st, { res: 'food' });
    expect(st.players[0]!.res).toMatchObject({ gold: 0, food: 5 });
  });

  it('NAT-DP-14, NAT-DP-25, NAT-DP-26: production asks for a production branch (Peter the Great) and for book substitutions', () => {
    const st = g3(0);
    st.turn = null;
    addAdvisor(st, 1, 'peter');
    setRow(st, 1, 0, 'hoplite', 1);
    setRes(st, 1, { stone: 1 });
    st.war = { id: 'hunnic', marker: 2, buyer: 0 };
    // Seat 2 is in revolt (stability −6) and has no books: 6 held resources are lost, of its choice.
    st.players[2]!.stabFilled = st.players[2]!.stabCap - 2;
    setRes(st, 2, { gold: 3, stone: 5 });
    only(st, 'production');
    expect(st.pending).toMatchObject({ s: 1, kind: 'prodChoice', d: { n: 5 } });
    expect(options(st).map((o) => o.res)).toEqual(['stone', 'gold', 'books']);
    expect(dflt(st)).toEqual({ type: 'choose', res: 'stone' });
    answer(st, { res: 'gold' });
    expect(st.players[1]!.res.gold).toBe(5);
    expect(st.pending).toMatchObject({ s: 2, kind: 'subst', d: { m: 6 } });
    expect(options(st).every((o) => Object.values(o.lose as object).reduce((a, b) => a + b, 0) === 6)).toBe(
      true,
    );
    // Default: gold first, then stone, then food.
    expect(dflt(st)).toEqual({ type: 'choose', lose: { gold: 3, stone: 3 } });
  });

  it("NAT-DP-15, NAT-DP-26: a defeated player spreads the stability reduction over several loss types; default the war card's type first", () => {
    const st = g3(0);
    st.turn = null;
    addAdvisor(st, 0, 'luther'); // every defeated nation also loses 4 food
    st.war = { id: 'peloponnesian', marker: 10, buyer: 2 }; // loses 4 books
    mod(st, 1, { stability: 3 });
    setRes(st, 1, { food: 9, books: 9 });
    only(st, 'war');
    expect(st.pending).toMatchObject({ s: 1, kind: 'warSpread' });
    expect(options(st)).toEqual([
      { type: 'choose', loss: { food: 1, books: 4 } },
      { type: 'choose', loss: { food: 2, books: 3 } },
      { type: 'choose', loss: { food: 3, books: 2 } },
      { type: 'choose', loss: { food: 4, books: 1 } },
    ]);
    expect(dflt(st)).toEqual({ type: 'choose', loss: { food: 4, books: 1 } });
    answer(st, { loss: { food: 2, books: 3 } });
    expect(st.players[1]!.res).toMatchObject({ food: 7, books: 6 });
  });

  it('NAT-DP-16, NAT-DP-25: offers are asked in reverse player order before any effect; default decline', () => {
    const st = g3(0);
    st.turn = null;
    for (let s = 0; s < 3; s++) setRes(st, s, { food: 2, books: 4 });
    st.eventCard = 'ecological'; // pay 2 food or go last
    only(st, 'events');
    const seen: number[] = [];
    for (const accept of [true, false, true]) {
      expect(st.pending!.kind).toBe('offer');
      expect(options(st)).toEqual([
        { type: 'choose', accept: true },
        { type: 'choose', accept: false },
      ]);
      expect(dflt(st)).toEqual({ type: 'choose', accept: false });
      seen.push(st.pending!.s);
      // Nothing is paid before everyone has answered.
      expect(st.players.map((p) => p.res.food)).toEqual([2, 2, 2]);
      answer(st, { accept });
    }
    expect(seen).toEqual([2, 1, 0]);
    expect(st.players.map((p) => p.res.food)).toEqual([0, 2, 0]);
    expect(st.order).toEqual([0, 2, 1]);
  });

  it('NAT-DP-17, NAT-DP-25, NAT-DP-26: a lost worker: which worker and side; default idle, else the cheapest card, back to the stability side', () => {
    const st = g3(0);
    st.turn = null;
    for (let s = 0; s < 3; s++) {
      const p = st.players[s]!;
      p.foodFilled = 3;
      p.stabFilled = 3;
      setRes(st, s, { food: 9, stone: 9, books: 9 });
    }
    st.players[0]!.idle = 1;
    setRow(st, 0, 1, 'ziggurat', 1);
    // Seat 1: no idle worker; Ziggurat (2 stability), Hoplite (3 strength), Temple (nothing).
    setRow(st, 1, 0, 'ziggurat', 1);
    setRow(st, 1, 1, 'hoplite', 1);
    setRow(st, 1, 3, 's-temple', 1);
    st.players[2]!.idle = 1;
    st.eventCard = 'blackdeath'; // everyone loses a worker
    only(st, 'events');
    // Applied in player order.
    expect(st.pending).toMatchObject({ s: 0, kind: 'loseWorker' });
    expect(options(st)).toEqual([
      { type: 'choose', from: -1, side: 'food' },
      { type: 'choose', from: -1, side: 'stability' },
      { type: 'choose', from: 1, side: 'food' },
      { type: 'choose', from: 1, side: 'stability' },
    ]);
    expect(dflt(st)).toEqual({ type: 'choose', from: -1, side: 'stability' });
    answer(st, { from: 1, side: 'food' });
    expect(st.players[0]!.row[1]!.w).toBe(0);
    expect(st.players[0]!.foodFilled).toBe(4);
    expect(st.pending).toMatchObject({ s: 1, kind: 'loseWorker' });
    expect(dflt(st)).toEqual({ type: 'choose', from: 3, side: 'stability' });
    answer(st, dflt(st));
    expect(st.players[1]!.row.map((r) => r?.w ?? null)).toEqual([1, 1, null, 0, null]);
    expect(st.players[1]!.stabFilled).toBe(4);
  });

  it('NAT-DP-17, NAT-DP-25: a gained worker asks for the track side; default the food side', () => {
    const st = g3(0);
    st.turn = null;
    setRes(st, 1, { food: 5 });
    st.eventCard = 'pilgrims'; // most food gains a worker
    only(st, 'events');
    expect(st.pending).toMatchObject({ s: 1, kind: 'gainSide' });
    expect(options(st)).toEqual([
      { type: 'choose', side: 'food' },
      { type: 'choose', side: 'stability' },
    ]);
    expect(dflt(st)).toEqual({ type: 'choose', side: 'food' });
    answer(st, { side: 'stability' });
    expect(st.players[1]).toMatchObject({ idle: 1, stabFilled: 3, foodFilled: 4 });
  });

  it('NAT-DP-17, NAT-DP-26: a card to remove (colony or advisor): the owner chooses; default the lowest printed VP, ties to the oldest', () => {
    const st = g3(0);
    st.turn = null;
    for (let s = 0; s < 3; s++) setRes(st, s, { gold: 9, books: 9 });
    mod(st, 1, { strength: 5 });
    mod(st, 2, { strength: 5 });
    addColony(st, 0, 'crusader'); // 2 VP
    addColony(st, 0, 'greenland'); // 1 VP
    addColony(st, 0, 'tibet'); // 1 VP
    const [, gr, ti] = st.players[0]!.colonies.map((c) => c.u);
    st.eventCard = 'americanrev'; // weakest loses a colony of its choice
    only(st, 'events');
    expect(st.pending).toMatchObject({ s: 0, kind: 'removeCard' });
    expect(options(st).map((o) => o.remove)).toEqual(st.players[0]!.colonies.map((c) => c.u));
    expect(dflt(st)).toEqual({ type: 'choose', remove: gr });
    answer(st, { remove: ti });
    expect(st.players[0]!.colonies.map((c) => c.id)).toEqual(['crusader', 'greenland']);
  });

  it('NAT-DP-17, NAT-DP-26: a choice between penalties: branches that change nothing are not offered; default the first useful branch', () => {
    const st = g3(0);
    st.turn = null;
    setRes(st, 0, { gold: 5 });
    addAdvisor(st, 0, 'augustus');
    mod(st, 1, { stability: 3 });
    mod(st, 2, { stability: 3 });
    st.eventCard = 'absolutemonarchy';
    st.players[0]!.res.books = 9; // for Absolute Monarchy (age I advisor: −4 books)
    only(st, 'events');
    expect(st.pending).toMatchObject({ s: 0, kind: 'choice' });
    expect(options(st)).toEqual([
      { type: 'choose', branch: 0 },
      { type: 'choose', branch: 1 },
    ]);
    expect(dflt(st)).toEqual({ type: 'choose', branch: 0 });
    // Without an advisor the removal branch would change nothing: only paying remains (and resolves itself).
    const t = g3(0);
    t.turn = null;
    setRes(t, 0, { gold: 5 });
    mod(t, 1, { stability: 3 });
    mod(t, 2, { stability: 3 });
    runEvents(t, 'absolutemonarchy');
    expect(t.pending).toBeNull();
    expect(t.players[0]!.res.gold).toBe(2);
  });

  it("NAT-DP-17, NAT-DP-26: how many workers to undeploy (Ashoka's Conversion) is decided in reverse order; default none", () => {
    const st = g3(0);
    st.turn = null;
    for (let s = 0; s < 3; s++) {
      setRow(st, s, 0, 'hoplite', 2);
      setRes(st, s, { food: 9, stone: 9 });
    }
    runEvents(st, 'hellenism');
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(st.pending!.kind).toBe('undeployFor');
      expect(options(st)).toEqual([
        { type: 'choose', slot: 0 },
        { type: 'choose', stop: true },
      ]);
      expect(dflt(st)).toEqual({ type: 'choose', stop: true });
      seen.push(st.pending!.s);
      if (st.pending!.s === 1) {
        answer(st, { slot: 0 });
        answer(st, { slot: 0 });
      } else answer(st, { stop: true });
    }
    expect(seen).toEqual([2, 1, 0]);
    expect(st.players.map((p) => p.row[0]!.w)).toEqual([2, 0, 2]);
    expect(st.players[1]!.res.books).toBe(4);
  });

  it('NAT-DP-18, NAT-DP-26: the chooser (most stable, ties by player order) picks the branch; defaults: Zoroastrian Revival +4 stone, Fourth Crusade declines', () => {
    const st = g3(0);
    st.turn = null;
    for (let s = 0; s < 3; s++) setRes(st, s, { gold: 3, food: 5 });
    mod(st, 2, { stability: 2 });
    runEvents(st, 'attila');
    expect(st.pending).toMatchObject({ s: 2, kind: 'choice' });
    expect(options(st)).toEqual([
      { type: 'choose', branch: 0 },
      { type: 'choose', branch: 1 },
    ]);
    expect(dflt(st)).toEqual({ type: 'choose', branch: 0 });
    answer(st, { branch: 1 });
    expect(st.players.map((p) => p.res.food)).toEqual([2, 2, 5]);
    // Ties: the first in player order chooses.
    const t = g3(0);
    t.turn = null;
    for (let s = 0; s < 3; s++) setRes(t, s, { gold: 3 });
    t.order = [1, 2, 0];
    runEvents(t, 'attila');
    expect(t.pending).toMatchObject({ s: 1, kind: 'choice' });
    // Fourth Crusade: the strongest may pay 3 gold; default decline.
    const c = g3(0);
    c.turn = null;
    setRes(c, 2, { gold: 5 });
    mod(c, 2, { strength: 4 });
    runEvents(c, 'fourthcrusade');
    expect(c.pending).toMatchObject({ s: 2, kind: 'offer' });
    expect(dflt(c)).toEqual({ type: 'choose', accept: false });
  });

  it('NAT-DP-19: completion offers (Titanic) go to every nation in reverse player order', () => {
    const st = g3(0);
    for (let s = 0; s < 3; s++) setRes(st, s, { gold: 4 });
    setRes(st, 0, { stone: 2 });
    addAdvisor(st, 1, 'augustus');
    addAdvisor(st, 2, 'augustine');
    st.players[0]!.wip = { id: 'titanic', u: st.uid++, built: 2 };
    st.pool = 1;
    ok(st, 0, { type: 'hire' });
    const seen: number[] = [];
    for (const accept of [false, true, true]) {
      expect(st.pending).toMatchObject({ kind: 'offer' });
      expect(dflt(st)).toEqual({ type: 'choose', accept: false });
      seen.push(st.pending!.s);
      choose(st, { accept });
    }
    expect(seen).toEqual([2, 1, 0]);
    expect(st.players[2]!.advisors).toEqual([]);
    expect(st.players[1]!.advisors.map((a) => a.id)).toEqual(['augustus']);
    expect(st.players.map((p) => p.res.gold)).toEqual([0, 0, 4]);
    // An offer the nation cannot pay is not asked.
    const n = g3(0);
    setRes(n, 0, { stone: 2, gold: 4 });
    n.players[0]!.wip = { id: 'titanic', u: n.uid++, built: 2 };
    n.pool = 1;
    ok(n, 0, { type: 'hire' });
    expect(n.pending).toMatchObject({ s: 0, kind: 'offer' });
  });

  it('NAT-DP-20, NAT-DP-26: free architects (Great Exhibition): how many, 0 up to the number offered; default none', () => {
    const st = g3(0);
    st.turn = null;
    mod(st, 1, { stability: 3 });
    st.players[1]!.wip = { id: 'pyramids', u: st.uid++, built: 0 };
    runEvents(st, 'anarchism');
    expect(st.pending).toMatchObject({ s: 1, kind: 'freeArch' });
    expect(options(st)).toEqual([0, 1, 2].map((n) => ({ type: 'choose', n })));
    expect(dflt(st)).toEqual({ type: 'choose', n: 0 });
    answer(st, { n: 2 });
    expect(st.players[1]!.wip!.built).toBe(2);
  });

  it('NAT-DP-21, NAT-DP-25: famine book shortages ask which held resources to lose; default gold, then stone, then food', () => {
    const st = g3(0);
    st.turn = null;
    setRes(st, 0, { food: 3 });
    setRes(st, 1, { food: 3 });
    setRes(st, 2, { gold: 2, stone: 3 });
    st.eventCard = 'attila'; // famine 3
    only(st, 'famine');
    expect(st.pending).toMatchObject({ s: 2, kind: 'subst', d: { m: 3 } });
    expect(options(st)).toEqual([
      { type: 'choose', lose: { gold: 2, stone: 1 } },
      { type: 'choose', lose: { gold: 1, stone: 2 } },
      { type: 'choose', lose: { stone: 3 } },
    ]);
    expect(dflt(st)).toEqual({ type: 'choose', lose: { gold: 2, stone: 1 } });
  });

  it('NAT-DP-22, NAT-DP-26: triggers and abilities with choices ask their owner: Alhazen, Galileo, Bolivar, MIT, Marco Polo', () => {
    // Alhazen: swap two progress cards.
    const a = g3(0);
    addAdvisor(a, 0, 'alhazen');
    a.board = a.board.map(() => null);
    putOnBoard(a, 1, 0, 'augustus');
    putOnBoard(a, 3, 2, 'buddha');
    ok(a, 0, { type: 'ability', card: a.players[0]!.advisors[0]!.u, ability: 'swap' });
    // Only two cards: the only swap resolves itself.
    expect(a.board[0]!.id).toBe('buddha');
    // Galileo: which golden age or wonder to take for free.
    const g = g3(0);
    addAdvisor(g, 0, 'galileo');
    g.board = g.board.map(() => null);
    putOnBoard(g, 3, 0, 'pyramids');
    putOnBoard(g, 3, 1, 'silk');
    putOnBoard(g, 3, 2, 'augustus');
    ok(g, 0, { type: 'ability', card: g.players[0]!.advisors[0]!.u, ability: 'takeFree' });
    expect(g.pending).toMatchObject({ s: 0, kind: 'takeFree' });
    expect(options(g)).toEqual([
      { type: 'choose', row: 3, col: 0 },
      { type: 'choose', row: 3, col: 1 },
    ]);
    choose(g, { row: 3, col: 0 });
    expect(g.players[0]!.wip!.id).toBe('pyramids');
    // Bolivar: which colony.
    const b = g3(0);
    addAdvisor(b, 0, 'bolivar');
    addColony(b, 0, 'nubia');
    addColony(b, 0, 'gaul');
    ok(b, 0, { type: 'ability', card: b.players[0]!.advisors[0]!.u, ability: 'sellColony' });
    expect(b.pending).toMatchObject({ s: 0, kind: 'removeCard' });
    expect(options(b)).toHaveLength(2);
    // MIT: an optional free deployment on the building just bought; default none.
    const m = g3(0);
    addWonder(m, 0, 'mit');
    m.players[0]!.idle = 1;
    setRes(m, 0, { gold: 3 });
    putOnBoard(m, 1, 0, 'ziggurat');
    ok(m, 0, { type: 'buy', row: 1, col: 0 });
    choose(m, { slot: 0 });
    expect(m.pending).toMatchObject({ s: 0, kind: 'deployFree' });
    expect(options(m)).toEqual([
      { type: 'choose', from: -1, to: 0 },
      { type: 'choose', stop: true },
    ]);
    expect(dflt(m)).toEqual({ type: 'choose', stop: true });
    choose(m, { from: -1, to: 0 });
    expect(m.players[0]!.row[0]).toMatchObject({ id: 'ziggurat', w: 1 });
    expect(m.players[0]!.res.stone).toBe(0);
    // Marco Polo: the cost type is part of the action.
    const mp = g3(0);
    addAdvisor(mp, 0, 'marcopolo');
    setRes(mp, 0, { food: 2, stone: 2 });
    const u = mp.players[0]!.advisors[0]!.u;
    expect(nations.legalActions(mp, 0).filter((x) => x.type === 'ability')).toEqual([
      { type: 'ability', card: u, ability: 'trade', cost: 0 },
      { type: 'ability', card: u, ability: 'trade', cost: 1 },
    ]);
    ok(mp, 0, { type: 'ability', card: u, ability: 'trade', cost: 1 });
    expect(mp.players[0]!.res).toMatchObject({ food: 2, stone: 0, gold: 4 });
  });

  it("NAT-DP-22, NAT-DP-26: Machiavelli's owner picks one of the two event cards at Maintenance step 4; default the first drawn", () => {
    const st = game(3, {}, 'mach');
    const owner = st.order[1]!;
    addAdvisor(st, owner, 'machiavelli');
    const deck = [...st.events[0]!];
    for (let i = 0; i < 3; i++) {
      expect(st.pending!.kind).toBe('growth');
      ok(st, st.pending!.s, dflt(st));
    }
    const first = deck[deck.length - 1]!;
    const second = deck[deck.length - 2]!;
    expect(st.pending).toMatchObject({ s: owner, kind: 'machiavelli' });
    expect(options(st)).toEqual([
      { type: 'choose', event: first },
      { type: 'choose', event: second },
    ]);
    expect(dflt(st)).toEqual({ type: 'choose', event: first });
  });

  it('NAT-DP-23: removals, returning workers, the war marker, player order, book scoring, final scoring and the VO are never decisions', () => {
    const st = g3(0);
    st.turn = null;
    st.round = 8;
    for (let s = 0; s < 3; s++) setRes(st, s, { food: 9, books: s + 1, gold: 9 });
    addAdvisor(st, 0, 'qinshihuang');
    mod(st, 1, { strength: 4 });
    mod(st, 1, { stability: 2 });
    mod(st, 2, { stability: 1 });
    st.war = { id: 'hunnic', marker: 3, buyer: 1 };
    st.eventCard = 'qinunification';
    st.step = 'production';
    const log: GameEvent[] = [];
    only(st, 'production');
    for (const step of ['order', 'war', 'events', 'famine', 'books', 'cleanup'] as const) {
      log.push(...only(st, step));
      expect(st.pending).toBeNull();
    }
    expect(st.players[0]!.advisors).toEqual([]);
    expect(st.order).toEqual([1, 2, 0]);
    expect(keys(log)).toEqual(expect.arrayContaining(['nat.ev.order', 'nat.ev.books', 'nat.ev.final']));
    expect(st.over).not.toBeNull();
    // Covering a manned card returns its workers without a question.
    const c = g3(0);
    setRes(c, 0, { gold: 1 });
    setRow(c, 0, 0, 'forum', 2);
    for (let i = 1; i < 5; i++) setRow(c, 0, i, 'library', 0);
    c.board = c.board.map(() => null);
    putOnBoard(c, 1, 0, 'ziggurat');
    ok(c, 0, { type: 'buy', row: 1, col: 0 });
    choose(c, { slot: 0 });
    expect(c.pending).toBeNull();
    expect(c.players[0]!.idle).toBe(2);
    // The VO's steps never wait for anyone: a roll before the turn and one after the purchase.
    const solo = game(1, {}, 'vo');
    solo.solo1!.ahead = true;
    toAction(solo);
    expect(solo.solo1!.lastRoll).not.toBeNull();
    solo.board = solo.board.map(() => null);
    putOnBoard(solo, 1, 0, 'augustus');
    solo.solo1!.lastRoll = null;
    ok(solo, 0, { type: 'buy', row: 1, col: 0 });
    expect(solo.solo1!.lastRoll).not.toBeNull();
    expect(solo.pending).toBeNull();
    expect(nations.prompts(solo)).toEqual([{ seat: 0, kind: 'nat.turn', args: { left: 0, main: 1 } }]);
  });

  it('NAT-DP-24: a decision with one option resolves itself and is logged', () => {
    const st = g3(0);
    addAdvisor(st, 0, 'bolivar');
    addColony(st, 0, 'nubia');
    const log = ok(st, 0, { type: 'ability', card: st.players[0]!.advisors[0]!.u, ability: 'sellColony' });
    expect(st.pending).toBeNull();
    expect(st.players[0]!.colonies).toEqual([]);
    expect(st.players[0]!.res).toMatchObject({ gold: 4, stone: 4 });
    expect(log.find((e) => e.key === 'nat.ev.removed')?.params).toMatchObject({ seat: 0, card: 'nubia' });
    // A golden age bought with nothing to pay the VP with: only the resources.
    const g = g3(0);
    setRes(g, 0, { gold: 1 });
    g.board = g.board.map(() => null);
    putOnBoard(g, 1, 0, 'coinage');
    const l2 = ok(g, 0, { type: 'buy', row: 1, col: 0 });
    expect(g.pending).toBeNull();
    expect(l2.some((e) => e.key === 'nat.ev.goldenRes')).toBe(true);
  });
});

// ====================================================================== card-effect model

describe('the card-effect model (NAT-MODEL-1..16)', () => {
  type Files = Record<keyof NationsDataFiles, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Any = any;
  const corrupt = (fn: (f: Any) => void): string => {
    const f = rawDataFiles() as Files;
    fn(f);
    try {
      validateNationsData(f as NationsDataFiles);
    } catch (e) {
      expect(e).toBeInstanceOf(NationsDataError);
      return (e as Error).message;
    }
    return 'no error';
  };
  const find = (f: Any, file: string, id: string): Any => (f[file] as Any[]).find((c: Any) => c.id === id);

  it('NAT-MODEL-1: cards are JSON data interpreted by the engine; an unknown field or tag is a load-time error', () => {
    const files = rawDataFiles() as Files;
    const ids = (
      ['progress-1.json', 'progress-2.json', 'progress-3.json', 'progress-4.json'] as const
    ).flatMap((k) => (files[k] as Array<{ id: string }>).map((c) => c.id));
    expect(ids.sort()).toEqual(PROGRESS_CARDS.map((c) => c.id).sort());
    expect(corrupt((f) => (find(f, 'progress-1.json', 'stonehenge').onAcquire[0].colour = 1))).toMatch(
      /onAcquire\[0\]\.colour is not a known field/,
    );
    expect(corrupt((f) => (find(f, 'progress-1.json', 'stonehenge').onAcquire[0] = { gainAll: 1 }))).toMatch(
      /onAcquire\[0\] is not a known effect/,
    );
    expect(corrupt((f) => ((f['solo-tiles.json'] as Any[])[0].vo.gold = 1))).toMatch(
      /vo\.gold is not a known field/,
    );
  });

  it('NAT-MODEL-2: perWorker values are multiplied by the workers on the card', () => {
    const st = g3(0);
    st.turn = null;
    setRow(st, 0, 0, 'ziggurat', 2); // +1 stone, +2 stability per worker
    setRow(st, 1, 0, 'hoplite', 2); // +3 strength, −1 stone per worker
    setRes(st, 1, { stone: 5 });
    expect(stability(st, 0)).toBe(4);
    expect(strength(st, 1)).toBe(6);
    only(st, 'production');
    expect(st.players[0]!.res.stone).toBe(2);
    expect(st.players[1]!.res.stone).toBe(3);
  });

  it('NAT-MODEL-3: production and triggers of a building work only while it is manned; other cards while in play; removeWhen always', () => {
    withCard(
      'ziggurat',
      {
        production: [{ gain: { gold: 2 } }],
        triggers: [{ on: 'buyCard', filter: { by: 'self' }, effects: [{ gain: { food: 1 } }] }],
      } as Partial<ProgressCard>,
      () => {
        for (const w of [0, 1]) {
          const st = g3(0);
          setRow(st, 0, 0, 'ziggurat', w);
          setRes(st, 0, { gold: 1 });
          st.board = st.board.map(() => null);
          putOnBoard(st, 1, 0, 'augustus');
          ok(st, 0, { type: 'buy', row: 1, col: 0 });
          expect(st.players[0]!.res.food).toBe(w);
          only(st, 'production');
          expect(st.players[0]!.res.gold).toBe(2 * w);
        }
      },
    );
    // Advisors, completed wonders and nation boards work while in play, without workers.
    const st = g3(0);
    addAdvisor(st, 0, 'augustus');
    expect(strength(st, 0)).toBe(1);
    addWonder(st, 0, 'piazza');
    setRes(st, 0, { gold: 2 });
    const pz = st.players[0]!.wonders[0]!.u;
    expect(nations.legalActions(st, 0)).toContainEqual({ type: 'ability', card: pz, ability: 'trade' });
    // Greece B: golden ages +1 from the nation board.
    st.players[0]!.nation = 'greece';
    st.players[0]!.side = 'B';
    st.board = st.board.map(() => null);
    putOnBoard(st, 1, 0, 'coinage');
    setRes(st, 0, { gold: 1 });
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.pending).toMatchObject({ kind: 'golden', d: { bonus: 1 } });
    // removeWhen always applies (Boudica leaves once a military card is manned).
    const b = g3(0);
    addAdvisor(b, 0, 'boudica');
    setRow(b, 0, 0, 'hoplite', 0);
    b.players[0]!.idle = 1;
    setRes(b, 0, { stone: 1 });
    ok(b, 0, { type: 'deploy', from: -1, to: 0 });
    expect(b.players[0]!.advisors).toEqual([]);
  });

  it('NAT-MODEL-4: production entries use the production snapshot; per multiplies; pay is forced; gainChoice asks', () => {
    // Snapshot: "fewer than 1 stone" is judged before the Ziggurat's stone arrives.
    withCard(
      'ziggurat',
      {
        production: [{ gain: { gold: 5 }, if: { metric: 'stone', op: '<', n: 1 } }],
      } as Partial<ProgressCard>,
      () => {
        const st = g3(0);
        st.turn = null;
        setRow(st, 0, 0, 'ziggurat', 1);
        only(st, 'production');
        expect(st.players[0]!.res).toMatchObject({ stone: 1, gold: 5 });
      },
    );
    // per: Tokugawa, +2 stone per building or military card of the current age.
    const st = g3(0);
    st.turn = null;
    addAdvisor(st, 0, 'tokugawa');
    setRow(st, 0, 0, 'ziggurat');
    setRow(st, 0, 1, 'hoplite');
    setRow(st, 0, 2, 'cathedral'); // age II
    only(st, 'production');
    expect(st.players[0]!.res.stone).toBe(4);
    // pay: Pyramids (+2 gold, −2 food) with no food is a shortage.
    const p = g3(0);
    p.turn = null;
    addWonder(p, 0, 'pyramids');
    setRes(p, 0, { books: 5 });
    p.players[0]!.vp = 3;
    only(p, 'production');
    expect(p.players[0]!.res).toMatchObject({ gold: 2, food: 0, books: 3 });
    expect(p.players[0]!.vp).toBe(2);
    // gainChoice: a decision point.
    withCard(
      'augustus',
      { production: [{ gainChoice: { of: ['gold', 'food'], n: 2 } }] } as Partial<ProgressCard>,
      () => {
        const c = g3(0);
        c.turn = null;
        addAdvisor(c, 1, 'augustus');
        only(c, 'production');
        expect(c.pending).toMatchObject({ s: 1, kind: 'prodChoice', d: { n: 2 } });
      },
    );
  });

  it('NAT-MODEL-5: onAcquire runs once, on purchase (advisor) or on completion (wonder); static modifiers start then', () => {
    withCard('augustus', { onAcquire: [{ gain: { books: 3 } }] } as Partial<ProgressCard>, () => {
      const st = g3(0);
      setRes(st, 0, { gold: 1 });
      st.board = st.board.map(() => null);
      putOnBoard(st, 1, 0, 'augustus');
      ok(st, 0, { type: 'buy', row: 1, col: 0 });
      expect(st.players[0]!.res.books).toBe(3);
      only(st, 'production');
      expect(st.players[0]!.res.books).toBe(3);
    });
    const st = g3(0);
    setRes(st, 0, { gold: 3, stone: 9, food: 5 });
    st.board = st.board.map(() => null);
    putOnBoard(st, 1, 0, 'colosseum'); // +3 strength; on completion −2 food
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.players[0]!.res.food).toBe(5);
    expect(strength(st, 0)).toBe(0);
    st.players[0]!.wip!.built = 1;
    st.pool = 1;
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(st.players[0]!.wonders.map((w) => w.id)).toEqual(['colosseum']);
    expect(st.players[0]!.res.food).toBe(3);
    expect(strength(st, 0)).toBe(3);
  });

  it('NAT-MODEL-6: abilities have an explicit timing; action abilities use the main action; "if" gates them (Suleiman)', () => {
    const st = g3(0);
    addAdvisor(st, 0, 'suleiman'); // +3 strength; action: take a worker if strongest
    st.players[0]!.foodFilled = 3;
    const u = st.players[0]!.advisors[0]!.u;
    expect(nations.legalActions(st, 0)).toContainEqual({ type: 'ability', card: u, ability: 'takeWorker' });
    mod(st, 1, { strength: 3 }); // a tie: not the strongest
    expect(nations.legalActions(st, 0)).not.toContainEqual({
      type: 'ability',
      card: u,
      ability: 'takeWorker',
    });
    rejects(st, 0, { type: 'ability', card: u, ability: 'takeWorker' }, 'nat.err.condition');
    st.mods = [];
    ok(st, 0, { type: 'ability', card: u, ability: 'takeWorker' });
    choose(st, { side: 'food' });
    expect(st.players[0]!.idle).toBe(1);
    expect(nations.legalActions(st, 0).some((a) => a.type === 'buy' || a.type === 'ability')).toBe(false);
    expect(corrupt((f) => delete find(f, 'progress-3.json', 'suleiman').abilities[0].timing)).toMatch(
      /abilities\[0\]\.timing is missing/,
    );
  });

  it('NAT-MODEL-7: triggers fire in player order; perRound caps them; buyCard compares the gold actually paid', () => {
    // Great Lighthouse: +1 book when its owner pays 3 gold.
    const st = g3(0, 'lh');
    addWonder(st, 0, 'greatlighthouse');
    setRow(st, 0, 0, 'hoplite', 1);
    addAdvisor(st, 1, 'hannibal'); // battles cost others 1 more
    setRes(st, 0, { gold: 9 });
    st.board = st.board.map(() => null);
    putOnBoard(st, 2, 0, 'augustus');
    putOnBoard(st, 2, 1, 'cannae');
    putOnBoard(st, 3, 0, 'buddha');
    ok(st, 0, { type: 'buy', row: 2, col: 0 }); // 2 gold
    expect(st.players[0]!.res.books).toBe(0);
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 2, col: 1 }); // a row-2 battle at 3 gold
    choose(st, { res: 'food' });
    expect(st.players[0]!.res.books).toBe(1);
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 3, col: 0 }); // 3 gold
    expect(st.players[0]!.res.books).toBe(2);
    // Player order: two Shaka Zulus gain when a third nation buys a colony.
    const sh = g3(0);
    sh.order = [2, 0, 1];
    addAdvisor(sh, 1, 'shaka');
    addAdvisor(sh, 2, 'shaka');
    setRes(sh, 0, { gold: 1 });
    mod(sh, 0, { strength: 9 });
    sh.board = sh.board.map(() => null);
    putOnBoard(sh, 1, 0, 'nubia');
    const log = ok(sh, 0, { type: 'buy', row: 1, col: 0 });
    expect(log.filter((e) => e.key === 'nat.ev.gain').map((e) => e.params!.seat)).toEqual([2, 1]);
    // perRound: once per round.
    withCard(
      'forum',
      {
        triggers: [{ on: 'buyCard', filter: { by: 'self' }, perRound: 1, effects: [{ gain: { food: 1 } }] }],
      } as Partial<ProgressCard>,
      () => {
        const t = g3(0);
        setRow(t, 0, 0, 'forum', 1);
        setRes(t, 0, { gold: 2 });
        t.board = t.board.map(() => null);
        putOnBoard(t, 1, 0, 'augustus');
        putOnBoard(t, 1, 1, 'buddha');
        turn(t, 0, 2);
        ok(t, 0, { type: 'buy', row: 1, col: 0 });
        ok(t, 0, { type: 'buy', row: 1, col: 1 });
        expect(t.players[0]!.res.food).toBe(1);
      },
    );
  });

  it('NAT-MODEL-8: best and worst follow NAT-CMP: 5-player widening, grouped negative stability, Versailles, counters', () => {
    const st = atAction(5);
    bareAll(st);
    [10, 8, 5, 3, 1].forEach((v, s) => mod(st, s, { strength: v }));
    expect(cmpSet(st, 'strength', 'best')).toEqual([0, 1]);
    expect(cmpSet(st, 'strength', 'worst')).toEqual([3, 4]);
    st.mods = [];
    [10, 8, 8, 3, 1].forEach((v, s) => mod(st, s, { strength: v }));
    expect(cmpSet(st, 'strength', 'best')).toEqual([0]);
    // 3 players: negative stabilities form one lowest group; Versailles joins it.
    const t = g3(0);
    mod(t, 0, { stability: -1 });
    mod(t, 1, { stability: -5 });
    mod(t, 2, { stability: 4 });
    expect(cmpSet(t, 'stability', 'worst')).toEqual([0, 1]);
    mod(t, 2, { countsAsLeastStable: true });
    expect(cmpSet(t, 'stability', 'worst')).toEqual([0, 1, 2]);
    // A counter metric.
    t.players[1]!.bought = ['silk', 'coinage'];
    t.players[2]!.bought = ['silk'];
    expect(cmpSet(t, { counter: { boughtThisRound: { type: 'goldenAge' } } }, 'best')).toEqual([1]);
  });

  it('NAT-MODEL-9: optional deployFree, optional hireArchitectFree, offers and choices are decision points; offers must be affordable', () => {
    // Entente Cordiale: the strongest may deploy up to 2 workers onto military cards for free.
    const st = g3(0);
    st.turn = null;
    setRow(st, 1, 0, 'hoplite', 0);
    mod(st, 1, { strength: 1 });
    mod(st, 1, { stability: 1 }); // spared by General Strike
    st.players[1]!.idle = 2;
    setRes(st, 1, { stone: 9 });
    for (let s = 0; s < 3; s++) setRes(st, s, { stone: 9 });
    runEvents(st, 'entente');
    expect(st.pending).toMatchObject({ s: 1, kind: 'deployFree' });
    expect(options(st)).toEqual([
      { type: 'choose', from: -1, to: 0 },
      { type: 'choose', stop: true },
    ]);
    answer(st, { from: -1, to: 0 });
    answer(st, { from: -1, to: 0 });
    expect(st.players[1]!.row[0]!.w).toBe(2);
    expect(st.players[1]!.res.stone).toBe(9);
    // Papal Indulgence: the most stable may hire 1 architect for free.
    const p = g3(0);
    p.turn = null;
    for (let s = 0; s < 3; s++) setRes(p, s, { gold: 2 });
    mod(p, 2, { stability: 2 });
    p.players[2]!.wip = { id: 'pyramids', u: p.uid++, built: 0 };
    runEvents(p, 'magellan');
    expect(p.pending).toMatchObject({ s: 2, kind: 'freeArch' });
    expect(options(p)).toEqual([0, 1].map((n) => ({ type: 'choose', n })));
    // An offer the nation cannot afford is not asked: it counts as declined.
    const e = g3(0);
    e.turn = null;
    for (let s = 0; s < 3; s++) setRes(e, s, { food: s === 1 ? 1 : 2, books: 9 });
    runEvents(e, 'ecological');
    const asked: number[] = [];
    while (e.pending?.kind === 'offer') {
      asked.push(e.pending.s);
      answer(e, { accept: true });
    }
    expect(asked).toEqual([2, 0]);
    expect(e.order[2]).toBe(1);
  });

  it('NAT-MODEL-10: vp effects stop at 0 outside solo; payDownTo never causes a shortage', () => {
    const st = g3(0);
    st.turn = null;
    mod(st, 1, { strength: 2 });
    mod(st, 2, { stability: 2 });
    st.players[0]!.vp = 1;
    st.eventCard = 'seapeoples'; // weakest: −1 VP; Bronze Age Collapse: −1 VP for the rest
    only(st, 'events');
    expect(st.players[0]!.vp).toBe(0);
    // Hajj from Mali: the least stable keeps at most 2 gold.
    const h = g3(0);
    h.turn = null;
    setRes(h, 0, { gold: 5 });
    setRes(h, 1, { gold: 1 });
    mod(h, 2, { stability: 2 });
    h.players[1]!.vp = 4;
    runEvents(h, 'feudal');
    expect(h.players.map((p) => p.res.gold)).toEqual([2, 1, 0]);
    expect(h.players[1]!.vp).toBe(4);
    expect(h.players[1]!.short).toBe(0);
  });

  it('NAT-MODEL-11: load-time validation: type-specific fields, non-empty lists, registered hooks, appliesTo, deck size', () => {
    expect(
      corrupt((f) => (find(f, 'progress-1.json', 'augustus').war = { vp: 1, loss: { food: 1 } })),
    ).toMatch(/war is only for war cards/);
    expect(corrupt((f) => (find(f, 'progress-1.json', 'ziggurat').vpPerWorker = []))).toMatch(
      /vpPerWorker must not be empty/,
    );
    expect(corrupt((f) => (find(f, 'progress-1.json', 'pyramids').stages = []))).toMatch(
      /stages must not be empty/,
    );
    expect(corrupt((f) => (find(f, 'progress-1.json', 'augustus').hook = 'nope'))).toMatch(
      /hook "nope" is not a registered hook/,
    );
    expect(corrupt((f) => (find(f, 'progress-1.json', 'stonehenge').onAcquire[0].appliesTo = 'all'))).toMatch(
      /appliesTo is not a known field/,
    );
    expect(corrupt((f) => (find(f, 'progress-1.json', 'augustus').production[0].appliesTo = 'all'))).toMatch(
      /appliesTo is not a known field/,
    );
    expect(corrupt(() => undefined)).toBe('no error');
    // Deck size for the player count (NAT-SETUP-6).
    const basic = nations.parseOptions({ cardLevels: ['basic'] });
    if (!basic.ok) throw new Error('options');
    expect(nations.setup(basic.value, 5, 's')).toMatchObject({ ok: false, error: { code: 'nat.err.deck5' } });
    expect(nations.setup(basic.value, 4, 's').ok).toBe(true);
    const small = nations.parseOptions({
      deck: [1, 2, 3, 4].map((a) =>
        PROGRESS_CARDS.filter((c) => c.age === a)
          .slice(0, 41)
          .map((c) => c.id),
      ),
    });
    if (!small.ok) throw new Error('options');
    expect(nations.setup(small.value, 5, 's')).toMatchObject({ ok: false, error: { code: 'nat.err.deck5' } });
  });

  it('NAT-MODEL-12: the rulebook effect kinds map onto the encoding (raid, vpPerWorker, deployCost, requiredStrength, golden-age bonus, stages)', () => {
    const st = g3(0);
    setRow(st, 0, 0, 'hoplite', 1); // raid 3
    expect(raid(st, 0)).toBe(3);
    addAdvisor(st, 0, 'hannibal'); // raid +1
    expect(raid(st, 0)).toBe(4);
    setRow(st, 0, 1, 'ziggurat', 2); // vpPerWorker [1, 1]
    expect(scoreParts(st, 0)[3]).toBe(1 + 2);
    // deployCost: 1 stone for the Ziggurat.
    st.players[0]!.idle = 1;
    rejects(st, 0, { type: 'deploy', from: -1, to: 1 }, 'nat.err.stone');
    // requiredStrength: Gaul needs 7.
    setRes(st, 0, { gold: 5 });
    st.board = st.board.map(() => null);
    putOnBoard(st, 1, 0, 'gaul');
    rejects(st, 0, { type: 'buy', row: 1, col: 0 }, 'nat.err.colonyStrength');
    // goldenAge + goldenAgeBonus (Uraniborg +2).
    addWonder(st, 0, 'uraniborg');
    putOnBoard(st, 1, 1, 'coinage');
    ok(st, 0, { type: 'buy', row: 1, col: 1 });
    expect(st.pending).toMatchObject({ kind: 'golden', d: { bonus: 2 } });
    // stages: the next stage's stone.
    const w = g3(0);
    setRes(w, 0, { stone: 1 });
    w.players[0]!.wip = { id: 'pyramids', u: w.uid++, built: 0 }; // stages 2, 1, 0
    w.pool = 1;
    rejects(w, 0, { type: 'hire' }, 'nat.err.stone');
    w.players[0]!.wip.built = 1;
    ok(w, 0, { type: 'hire' });
    expect(w.players[0]!.res.stone).toBe(0);
  });

  it('NAT-MODEL-13, NAT-MODEL-14: the Machiavelli hook: draw 2, show both, the owner picks, the other goes to the bottom; deterministic, no die', () => {
    const run = () => {
      const st = game(3, {}, 'hook');
      const owner = st.order[0]!;
      addAdvisor(st, owner, 'machiavelli');
      const deck = [...st.events[0]!];
      const rng = [...st.rng];
      const log: GameEvent[] = [];
      for (let i = 0; i < 3; i++) nations.apply(st, st.pending!.s, dflt(st), log);
      expect(st.rng).toEqual(rng);
      return { st, owner, deck, log };
    };
    const a = run();
    const b = run();
    expect(a.st.shown).toEqual(b.st.shown);
    const { st, owner, deck, log } = a;
    const [first, second] = [deck[deck.length - 1]!, deck[deck.length - 2]!];
    expect(st.shown).toEqual([first, second]);
    const ev = log.find((e) => e.key === 'nat.ev.machiavelli')!;
    expect(ev.params).toMatchObject({ seat: owner, cards: [first, second] });
    expect(ev.to).toBeUndefined();
    expect(st.eventCard).toBeNull();
    for (const s of [0, 1, 2, -1]) expect(nations.view(st, s).shown).toEqual([first, second]);
    choose(st, { event: second });
    expect(st.eventCard).toBe(second);
    expect(st.events[0]![0]).toBe(first);
    expect(st.events[0]).toHaveLength(deck.length - 1);
    // The solo opponent is an engine module, not card data.
    expect(SOLO_TILES.every((t) => !('hook' in t))).toBe(true);
  });

  it('NAT-MODEL-14: promo cards come only with includePromo, hooked ones included (hooks: promo-hooks.test.ts)', () => {
    const promo = new Set(PROMO_PROGRESS_CARDS.map((c) => c.id));
    const off = game(3);
    expect(off.decks.flat().some((id) => promo.has(id))).toBe(false);
    const on = game(3, { includePromo: true });
    const inGame = [...on.decks.flat(), ...on.board.map((b) => b?.id)];
    for (const c of PROMO_PROGRESS_CARDS) expect(inGame).toContain(c.id);
  });

  it('NAT-MODEL-15: the listed rulebook cards are pure data (no hook) and work through the vocabulary (Mansa Musa, Sphinx)', () => {
    const progress = [
      'komnene',
      'boudica',
      'elizabeth',
      'greatwall',
      'titanic',
      'sphinx',
      'mansamusa',
      'versailles',
      'galileo',
      'alhazen',
      'buddha',
      'suntzu',
      'piazza',
      'greatlighthouse',
      'notredame',
      'augustine',
    ];
    for (const id of progress) expect(JSON.stringify(progressCard(id))).not.toContain('"hook"');
    const events = [
      'attila',
      'fourthcrusade',
      'slavetrade',
      'qinunification',
      'feudal',
      'assyrian',
      'ecological',
    ];
    for (const id of events)
      expect(JSON.stringify(EVENT_CARDS.find((e) => e.id === id))).not.toContain('"hook"');
    // Mansa Musa: +2 books +1 food when a voluntary payment brings gold to 0.
    const st = g3(0);
    addAdvisor(st, 0, 'mansamusa');
    setRes(st, 0, { gold: 1 });
    st.board = st.board.map(() => null);
    putOnBoard(st, 1, 0, 'buddha');
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.players[0]!.res).toMatchObject({ gold: 0, books: 2, food: 1 });
    // Sphinx: +5 stone when its owner completes another wonder.
    const sp = g3(0);
    addWonder(sp, 0, 'sphinx');
    setRes(sp, 0, { stone: 1 });
    sp.players[0]!.wip = { id: 'petra', u: sp.uid++, built: 2 };
    sp.pool = 1;
    ok(sp, 0, { type: 'hire' });
    choose(sp, { cover: null });
    expect(sp.players[0]!.res.stone).toBe(5);
  });

  it('NAT-MODEL-16: engine features behind the data: purchase history, war records, appliesTo others, cover tracking, skips, order locks', () => {
    // (a) Cyrus: +3 gold if a colony was bought this round.
    const a = g3(0);
    a.turn = null;
    addAdvisor(a, 0, 'cyrus');
    only(a, 'production');
    expect(a.players[0]!.res.gold).toBe(0);
    a.players[0]!.bought = ['nubia'];
    only(a, 'production');
    expect(a.players[0]!.res.gold).toBe(3);
    // (b) Qin Unification: +1 VP above the war marker, after the war has been resolved.
    const b = g3(0);
    b.turn = null;
    for (let s = 0; s < 3; s++) setRes(b, s, { food: 9 });
    mod(b, 1, { strength: 5 });
    b.war = { id: 'hunnic', marker: 3, buyer: 1 };
    b.warBought = true;
    only(b, 'war');
    expect(b.war).toBeNull();
    runEvents(b, 'qinunification');
    expect(b.players.map((p) => p.vp)).toEqual([0, 1, 0]);
    // Peace of God: another nation bought this round's (resolved) war.
    expect(cond(b, 0, { warBoughtBy: 'other' })).toBe(true);
    expect(cond(b, 1, { warBoughtBy: 'other' })).toBe(false);
    only(b, 'cleanup');
    expect(cond(b, 0, { warBoughtBy: 'anyone' })).toBe(false);
    // (d) Hannibal: battles cost the other nations 1 more.
    const d = g3(0);
    addAdvisor(d, 1, 'hannibal');
    setRow(d, 0, 0, 'hoplite', 1);
    setRow(d, 1, 0, 'hoplite', 1);
    d.board = d.board.map(() => null);
    putOnBoard(d, 1, 0, 'cannae');
    expect(nations.view(d, 0).prices[0]).toBe(2);
    expect(nations.view(d, 1).prices[0]).toBe(1);
    // (e) Himeji Castle: +4 stone when a building covers a building of an earlier age.
    const e = g3(0);
    addWonder(e, 0, 'himeji');
    setRes(e, 0, { gold: 2 });
    for (let i = 0; i < 5; i++) setRow(e, 0, i, 'forum');
    e.board = e.board.map(() => null);
    putOnBoard(e, 1, 0, 'cathedral');
    ok(e, 0, { type: 'buy', row: 1, col: 0 });
    choose(e, { slot: 0 });
    expect(e.players[0]!.res.stone).toBe(4);
    // (f) Buddha: the first turn of the round is skipped.
    const f = g3(0);
    addAdvisor(f, 0, 'buddha');
    for (const p of f.players) p.turns = 0;
    f.last = -1;
    resolveFrom(f, 'action');
    expect(f.turn?.s).toBe(1);
    ok(f, 1, { type: 'pass' });
    ok(f, 2, { type: 'pass' });
    expect(f.turn?.s).toBe(0);
    // (h) Feudal Dues: the order goes back to the Action phase order and stays.
    const h = g3(0);
    h.turn = null;
    h.actionOrder = [2, 1, 0];
    h.order = [0, 1, 2];
    runEvents(h, 'feudal');
    expect(h.order).toEqual([2, 1, 0]);
  });
});

// ====================================================================== hidden information

describe('hidden information (NAT-HIDDEN-1..6)', () => {
  it('NAT-HIDDEN-1: holdings, VP, workers, tracks, board and architects, war, orders, event card, tile, die, removed cards and deck sizes are public', () => {
    const st = g3(1);
    st.players[0]!.vp = 12;
    setRes(st, 2, { gold: 4, books: 3 });
    st.players[2]!.stabFilled = 2;
    st.board[0] = { id: st.board[0]!.id, a: 2 };
    st.pool = 3;
    st.war = { id: 'hunnic', marker: 5, buyer: 0 };
    st.passOrder = [2];
    st.removed = ['forum'];
    st.eventCard = 'attila';
    const v = nations.view(st, 1);
    expect(v.players[0]!.vp).toBe(12);
    expect(v.players[2]!.res).toEqual(st.players[2]!.res);
    expect(v.players[2]).toMatchObject({ stabFilled: 2, level: st.players[2]!.level });
    expect(v.strength).toEqual([0, 1, 2].map((s) => strength(st, s)));
    expect(v.stability).toEqual([0, 1, 2].map((s) => stability(st, s)));
    expect(v.board).toEqual(st.board);
    expect(v.pool).toBe(3);
    expect(v.war).toEqual(st.war);
    expect(v.order).toEqual(st.order);
    expect(v.passOrder).toEqual([2]);
    expect(v.eventCard).toBe('attila');
    expect(v.removed).toEqual(['forum']);
    expect(v.deckSizes).toEqual(st.decks.map((d) => d.length));
    expect(v.eventDeckSizes).toEqual(st.events.map((d) => d.length));
    // Solo: the tile and the die result.
    const solo = atAction(1, {}, 'v');
    solo.solo1!.lastRoll = 4;
    const sv = nations.view(solo, 0);
    expect(sv.solo1).toMatchObject({ tile: solo.solo1!.tile, lastRoll: 4 });
    expect(sv.tileSizes).toEqual(solo.tiles.map((d) => d.length));
  });

  it('NAT-HIDDEN-3: no player holds private information: every seat and spectators see the same thing', () => {
    const st = game(3, {}, 'same');
    addAdvisor(st, st.order[0]!, 'machiavelli');
    for (let i = 0; i < 3; i++) ok(st, st.pending!.s, dflt(st));
    expect(st.pending?.kind).toBe('machiavelli');
    const strip = (v: ReturnType<typeof nations.view>) => {
      const { viewer, prices, ...rest } = v;
      void viewer;
      void prices;
      return JSON.stringify(rest);
    };
    const views = [0, 1, 2, -1].map((s) => strip(nations.view(st, s)));
    expect(new Set(views).size).toBe(1);
    // Both Machiavelli cards are in every view (and the options are public too).
    for (const s of [0, 1, 2]) {
      const v = nations.view(st, s);
      expect(v.shown).toHaveLength(2);
      expect(v.pending!.opts.map((o) => o.event)).toEqual(v.shown);
    }
  });

  it('NAT-HIDDEN-4: the event card reaches nobody before Growth is complete; undrawn cards never', () => {
    const st = game(3, {}, 'leak');
    const next = st.events[0]![st.events[0]!.length - 1]!;
    const log: GameEvent[] = [];
    for (let i = 0; i < 3; i++) {
      expect(st.pending!.kind).toBe('growth');
      expect(st.eventCard).toBeNull();
      for (const s of [0, 1, 2, -1]) {
        const text = JSON.stringify(nations.view(st, s));
        expect(text).not.toContain(`"${next}"`);
        expect(JSON.stringify(nations.prompts(st))).not.toContain(next);
      }
      expect(JSON.stringify(log)).not.toContain(next);
      nations.apply(st, st.pending!.s, dflt(st), log);
    }
    // Growth complete: now it is revealed.
    expect(st.eventCard).toBe(next);
    expect(log.find((e) => e.key === 'nat.ev.event')!.params).toMatchObject({ card: next });
    expect(keys(log).indexOf('nat.ev.event')).toBeGreaterThan(keys(log).lastIndexOf('nat.ev.growthRes'));
    // The progress decks: only sizes, in every view and in the board log.
    const v = nations.view(st, 0) as unknown as Record<string, unknown>;
    expect(v.decks).toBeUndefined();
    expect(v.events).toBeUndefined();
    const nextCard = st.decks[0]![st.decks[0]!.length - 1]!;
    expect(JSON.stringify(v)).not.toContain(`"${nextCard}"`);
    // Solo: the tile too.
    const solo = game(1, {}, 'leak');
    const tile = solo.tiles[0]![solo.tiles[0]!.length - 1]!;
    expect(JSON.stringify(nations.view(solo, 0))).not.toContain(tile);
    ok(solo, 0, dflt(solo));
    expect(nations.view(solo, 0).solo1!.tile).toBe(tile);
  });

  it('NAT-HIDDEN-5: bots see the redacted view; sampleWorld deals the unseen cards into decks of the right sizes', () => {
    const st = game(3, {}, 'world');
    addAdvisor(st, st.order[2]!, 'machiavelli');
    st.decks[2] = st.decks[2]!.filter((id) => id !== 'machiavelli'); // it came from the age-III deck
    for (let i = 0; i < 3; i++) ok(st, st.pending!.s, dflt(st));
    const [first, second] = st.shown;
    choose(st, { event: second });
    const v = nations.view(st, 0);
    const world = nations.sampleWorld(v, 0, new Rng('bot'));
    expect(world.decks.map((d) => d.length)).toEqual(st.decks.map((d) => d.length));
    expect(world.events.map((d) => d.length)).toEqual(st.events.map((d) => d.length));
    // The unseen set: same cards, possibly another order.
    expect([...world.decks[1]!].sort()).toEqual([...st.decks[1]!].sort());
    const onBoard = new Set(st.board.map((b) => b?.id));
    expect(world.decks[0]!.some((id) => onBoard.has(id))).toBe(false);
    // Machiavelli's unchosen card is known to lie at the bottom.
    expect(world.events[0]![0]).toBe(first);
    expect(world.eventCard).toBe(second);
    // Everything public is copied, and the legal actions are the same.
    expect(world.players).toEqual(st.players);
    expect(world.board).toEqual(st.board);
    const s = nations.prompts(st)[0]!.seat;
    expect(nations.legalActions(world, s)).toEqual(nations.legalActions(st, s));
  });

  it('NAT-HIDDEN-6: turn steps reveal nothing hidden and use no randomness, except solo die rolls', () => {
    const st = g3(0);
    setRes(st, 0, { gold: 5, stone: 5 });
    st.players[0]!.idle = 1;
    setRow(st, 0, 0, 'ziggurat', 0);
    st.board = st.board.map(() => null);
    putOnBoard(st, 1, 0, 'augustus');
    const rng = [...st.rng];
    const decks = JSON.stringify([st.decks, st.events]);
    ok(st, 0, { type: 'deploy', from: -1, to: 0 });
    ok(st, 0, { type: 'undeploy', slot: 0 });
    turn(st, 0);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.rng).toEqual(rng);
    expect(JSON.stringify([st.decks, st.events])).toBe(decks);
    // Solo: a purchase rolls the die (a random draw: no undo past it).
    const solo = atAction(1, {}, 'undo');
    solo.board = solo.board.map(() => null);
    putOnBoard(solo, 1, 0, 'augustus');
    const before = [...solo.rng];
    ok(solo, 0, { type: 'deploy', from: -1, to: 0 });
    ok(solo, 0, { type: 'undeploy', slot: 0 });
    expect(solo.rng).toEqual(before);
    ok(solo, 0, { type: 'end' });
    ok(solo, 0, { type: 'buy', row: 1, col: 0 });
    expect(solo.rng).not.toEqual(before);
  });
});

// ====================================================================== randomness

describe('randomness (NAT-RNG-1..6)', () => {
  /** The setup shuffles redone by hand in the NAT-RNG-3 order. */
  function expected(n: number, seed: string) {
    const rng = seedRng(seed);
    const order = shuffle(
      rng,
      Array.from({ length: n }, (_, i) => i),
    );
    const levels = ['basic', 'advanced', 'expert'];
    const decks = [1, 2, 3, 4].map((a) =>
      shuffle(
        rng,
        PROGRESS_CARDS.filter((c) => c.age === a && levels.includes(c.level)).map((c) => c.id),
      ),
    );
    const events = [1, 2, 3, 4].map((a) =>
      shuffle(
        rng,
        EVENT_CARDS.filter((c) => c.age === a).map((c) => c.id),
      ),
    );
    const tiles = [1, 2, 3, 4].map((a) =>
      shuffle(
        rng,
        SOLO_TILES.filter((t) => t.age === a).map((t) => t.id),
      ),
    );
    return { rng, order, decks, events, tiles };
  }

  it('NAT-RNG-1: only the listed steps are random: order, B nations, deck shuffles, solo tiles and dice; no tie is random', () => {
    const orders = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((s) => JSON.stringify(game(4, {}, s).order)));
    expect(orders.size).toBeGreaterThan(1);
    const drafts = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => JSON.stringify(game(3, { boardSides: 'choose' }, s).draft)),
    );
    expect(drafts.size).toBeGreaterThan(1);
    // After setup, a whole multi-player game draws nothing more from the generator.
    const st = game(3, {}, 'ties');
    const rng = [...st.rng];
    for (let i = 0; i < 3000 && !st.over; i++) {
      const p = nations.prompts(st)[0]!;
      ok(st, p.seat, nations.defaultAction(st, p.seat)!);
    }
    expect(st.over).not.toBeNull();
    expect(st.rng).toEqual(rng);
    // Solo: the tiles come from the shuffled pools and the die from the generator.
    const solo = game(1, {}, 'ties');
    const r0 = [...solo.rng];
    toAction(solo);
    expect(solo.rng).toEqual(r0);
    solo.board = solo.board.map(() => null);
    putOnBoard(solo, 1, 0, 'augustus');
    ok(solo, 0, { type: 'buy', row: 1, col: 0 });
    const c = [...r0];
    expect(solo.solo1!.lastRoll).toBe(1 + randInt(c, 6));
    expect(solo.rng).toEqual(c);
  });

  it('NAT-RNG-2: one seeded generator lives in the state: the same seed gives the same game; it never leaves the server', () => {
    const a = game(4, {}, 'seed-1');
    const b = game(4, {}, 'seed-1');
    const c = game(4, {}, 'seed-2');
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a.decks)).not.toBe(JSON.stringify(c.decks));
    expect(a.rng).toHaveLength(4);
    expect(a.rng.every((x) => Number.isInteger(x))).toBe(true);
    // The state (with its generator) survives a JSON round trip and goes on identically.
    const solo = atAction(1, {}, 'seed-1');
    const copy = JSON.parse(JSON.stringify(solo)) as NatState;
    for (const st of [solo, copy]) {
      st.board = st.board.map(() => null);
      putOnBoard(st, 1, 0, 'augustus');
      ok(st, 0, { type: 'buy', row: 1, col: 0 });
    }
    expect(JSON.stringify(copy)).toBe(JSON.stringify(solo));
    for (const s of [0, 1, -1]) expect(Object.keys(nations.view(a, s))).not.toContain('rng');
    expect(JSON.stringify(nations.view(a, 0))).not.toContain('seed-1');
  });

  it('NAT-RNG-3: decks are shuffled at setup in the order progress I-IV, events I-IV, solo tiles I-IV; draws come from the top', () => {
    const st = game(3, {}, 'order');
    const x = expected(3, 'order');
    expect(st.order).toEqual(x.order);
    const dealt = 3 * st.cols;
    expect(st.decks[0]).toEqual(x.decks[0]!.slice(0, x.decks[0]!.length - dealt));
    expect(st.board.map((b) => b!.id)).toEqual(x.decks[0]!.slice(-dealt).reverse());
    expect(st.decks.slice(1)).toEqual(x.decks.slice(1));
    expect(st.events).toEqual(x.events);
    expect(st.rng).toEqual(x.rng);
    // Solo: the same shuffles (events too, then set aside), then the tiles.
    const solo = game(1, {}, 'order');
    const y = expected(1, 'order');
    expect(solo.tiles).toEqual(y.tiles);
    expect(solo.rng).toEqual(y.rng);
    ok(solo, 0, dflt(solo));
    expect(solo.solo1!.tile).toBe(y.tiles[0]![5]);
  });

  it('NAT-RNG-4: shuffles are Fisher–Yates with unbiased integers (rejection sampling)', () => {
    // The engine shuffle is the textbook Fisher–Yates on randInt.
    const a = seedRng('fy');
    const b = seedRng('fy');
    const list = Array.from({ length: 30 }, (_, i) => i);
    const mine = [...list];
    for (let i = mine.length - 1; i > 0; i--) {
      const j = randInt(b, i + 1);
      [mine[i], mine[j]] = [mine[j]!, mine[i]!];
    }
    expect(shuffle(a, [...list])).toEqual(mine);
    // No modulo bias: for n = 1.5 · 2^30, a modulo would put 3/4 of the draws below 2^30; unbiased gives 2/3.
    const r = seedRng('bias');
    const n = 3 * 2 ** 29;
    let low = 0;
    const N = 30000;
    for (let i = 0; i < N; i++) if (randInt(r, n) < 2 ** 30) low++;
    expect(Math.abs(low / N - 2 / 3)).toBeLessThan(0.02);
    // Every order of 3 cards is about equally likely.
    const counts = new Map<string, number>();
    const s = seedRng('perm');
    for (let i = 0; i < 12000; i++) {
      const k = shuffle(s, [0, 1, 2]).join('');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const v of counts.values()) expect(Math.abs(v - 2000)).toBeLessThan(200);
  });

  it('NAT-RNG-5: seed, options and the ordered decisions reproduce a game', () => {
    const play = (record: Array<[number, unknown]> | null) => {
      const st = game(1, { soloRollOnBuildingDeploy: true }, 'replay');
      const out: Array<[number, unknown]> = [];
      const bot = new Rng('chooser');
      for (let i = 0; i < 3000 && !st.over; i++) {
        const p = nations.prompts(st)[0]!;
        const a = record ? record[i]![1] : bot.pick(nations.legalActions(st, p.seat));
        out.push([p.seat, a]);
        ok(st, p.seat, a as Choose);
      }
      return { st, out };
    };
    const first = play(null);
    expect(first.st.over).not.toBeNull();
    const again = play(first.out);
    expect(JSON.stringify(again.st)).toBe(JSON.stringify(first.st));
  });

  it('NAT-RNG-6: bots never use the game generator: they decide from the view with their own generator', () => {
    const st = atAction(1, {}, 'bot');
    const rng = [...st.rng];
    const bot = nations.bots!.heuristic!({ seed: 'b' });
    const v = nations.view(st, 0);
    expect(Object.keys(v)).not.toContain('rng');
    const legal = nations.legalActions(st, 0);
    const a = bot.choose({ seat: 0, view: v, legal, prompt: nations.prompts(st)[0]!, rng: new Rng('own') });
    expect(legal).toContainEqual(a);
    // Sampling a world draws from the bot's generator only; the real game generator is untouched.
    const w1 = nations.sampleWorld(v, 0, new Rng('x'));
    const w2 = nations.sampleWorld(v, 0, new Rng('x'));
    expect(JSON.stringify(w1)).toBe(JSON.stringify(w2));
    expect(w1.rng).not.toEqual(st.rng);
    expect(st.rng).toEqual(rng);
  });
});
