/**
 * Progress-card types (spec §7: NAT-ADV, NAT-BLD, NAT-MIL, NAT-COL, NAT-WAR, NAT-BAT, NAT-GA, NAT-WON) and the
 * worked examples / scenarios about them (NAT-EX-10, NAT-EX-15, NAT-EX-16, NAT-TS-6, NAT-TS-7).
 */
import { describe, expect, it } from 'vitest';
import { nations } from '@tabula/nations';
import type { NatState } from '@tabula/nations';
import {
  addAdvisor,
  addColony,
  addWonder,
  blankGame,
  card,
  choose,
  game,
  ids,
  ok,
  only,
  options,
  putOnBoard,
  rejects,
  setRes,
  setRow,
  stability,
  strength,
  toAction,
  turn,
  withCard,
} from './helpers.js';
import { MK, modSum, raid, scoreParts } from '../src/derive.js';
import { checkRemovals, newUid, run } from '../src/rules.js';

/** Puts `id` in row 1, column 0, gives seat s exactly 1 gold and buys it. */
function buy(st: NatState, s: number, id: string, row = 1, col = 0) {
  putOnBoard(st, row, col, id);
  st.players[s]!.res.gold += row;
  return ok(st, s, { type: 'buy', row, col });
}

/** The resources the pending decision offers to take (its `res` options, in order). */
const resourceChoices = (st: NatState) =>
  options(st)
    .filter((o) => o.res)
    .map((o) => o.res);

/** Puts wonder `id` under construction for seat s with `built` stages done. */
function wip(st: NatState, s: number, id: string, built: number): void {
  st.players[s]!.wip = { id, u: newUid(st), built };
}

/** A fresh B-side game where seat 0 plays `nation` side B (NAT-SETUP-16 draft, answered directly). */
function bSide(nation: string): NatState {
  const st = game(2, { boardSides: 'choose' });
  // Make sure the wanted nation is in the draft, then ask again.
  st.pending = null;
  st.draft = [nation, nation === 'rome' ? 'greece' : 'rome'];
  run(st, undefined);
  for (let pd = st.pending as NatState['pending']; pd?.kind === 'nation'; pd = st.pending) {
    const pick =
      pd.s === 0
        ? pd.opts.find((o) => o.nation === nation && o.side === 'B')!
        : pd.opts.find((o) => o.nation !== nation && o.side === 'A')!;
    ok(st, pd.s, pick);
  }
  return st;
}

// ================================================================ 7.1 Advisor

describe('Advisors (NAT-ADV)', () => {
  it('NAT-ADV-1: a bought advisor goes in the advisor slot; Porcelain Tower raises the capacity to 2', () => {
    const st = blankGame();
    buy(st, 0, 'hatshepsut');
    const p = st.players[0]!;
    expect(ids(p.advisors)).toEqual(['hatshepsut']);
    expect(p.row.every((r) => r === null)).toBe(true);
    // With Porcelain Tower (advisorSlots +1) a second advisor joins the first.
    addWonder(st, 0, 'porcelain');
    turn(st, 0);
    buy(st, 0, 'abubakr');
    expect(ids(p.advisors)).toEqual(['hatshepsut', 'abubakr']);
    expect(st.pending).toBeNull();
  });

  it('NAT-ADV-2: with capacity 1 the old advisor is removed and its effects end; the new one stays', () => {
    const st = blankGame();
    addAdvisor(st, 0, 'abubakr'); // +2 strength
    expect(strength(st, 0)).toBe(2);
    const log = buy(st, 0, 'hatshepsut');
    const p = st.players[0]!;
    expect(ids(p.advisors)).toEqual(['hatshepsut']);
    expect(st.removed).toContain('abubakr');
    expect(strength(st, 0)).toBe(0);
    expect(log.some((e) => e.key === 'nat.ev.buy')).toBe(true);
  });

  it('NAT-ADV-2, NAT-DP-6: with capacity 2 and a full slot the owner chooses which old advisor goes; the new one always stays', () => {
    const st = blankGame();
    addWonder(st, 0, 'porcelain');
    addAdvisor(st, 0, 'abubakr');
    addAdvisor(st, 0, 'hatshepsut');
    const p = st.players[0]!;
    const old = p.advisors.map((a) => a.u);
    buy(st, 0, 'lincoln');
    expect(st.pending?.kind).toBe('advisorOut');
    const newU = p.advisors.find((a) => a.id === 'lincoln')!.u;
    // Only the two old advisors can be removed.
    expect(options(st).map((o) => o.remove)).toEqual(old);
    expect(options(st).some((o) => o.remove === newU)).toBe(false);
    const log = choose(st, { remove: old[0] });
    expect(ids(p.advisors)).toEqual(['hatshepsut', 'lincoln']);
    expect(st.removed).toContain('abubakr');
    expect(log.some((e) => e.rules?.includes('NAT-ADV-2'))).toBe(true);
  });

  it('NAT-ADV-3: advisors hold no workers; their static and production effects work without workers', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'ziggurat');
    p.idle = 2;
    buy(st, 0, 'abubakr'); // static +2 strength
    expect(p.advisors[0]!.w).toBe(0);
    expect(strength(st, 0)).toBe(2);
    ok(st, 0, { type: 'end' });
    // Deploy targets are only building/military slots, never the advisor.
    turn(st, 0);
    p.res.stone = 5;
    const deploys = nations.legalActions(st, 0).filter((a) => a.type === 'deploy');
    expect(deploys.map((a) => (a as { to: number }).to)).toEqual([0]);
    // Production effect of an advisor: Hatshepsut +1 gold.
    p.advisors = [];
    addAdvisor(st, 0, 'hatshepsut');
    const gold = p.res.gold;
    only(st, 'production');
    expect(p.res.gold).toBe(gold + 1);
    expect(p.advisors[0]!.w).toBe(0);
  });
});

// ================================================================ 7.2 Building

describe('Buildings (NAT-BLD)', () => {
  it('NAT-BLD-1, NAT-DP-5: a building may go in any empty slot or cover any building/military card, even with empty slots left', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'forum');
    setRow(st, 0, 2, 'hoplite');
    buy(st, 0, 'ziggurat');
    expect(st.pending?.kind).toBe('place');
    expect(options(st).map((o) => o.slot)).toEqual([0, 1, 2, 3, 4]);
    const log = choose(st, { slot: 0 });
    expect(ids(p.row)).toEqual(['ziggurat', null, 'hoplite', null, null]);
    expect(st.removed).toContain('forum');
    expect(log.some((e) => e.key === 'nat.ev.cover' && e.rules?.includes('NAT-BLD-1'))).toBe(true);
    // A building may also cover a military card.
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    buy(st, 0, 'aqueduct');
    choose(st, { slot: 2 });
    expect(ids(p.row)).toEqual(['ziggurat', null, 'aqueduct', null, null]);
    expect(st.removed).toContain('hoplite');
  });

  it('NAT-BLD-2: the row has 5 slots on A sides and 4 on B sides (board data); a full row means covering', () => {
    const a = game(3);
    for (const p of a.players) expect(p.row.length).toBe(5);
    const b = bSide('rome');
    expect(b.players[0]!.side).toBe('B');
    expect(b.players[0]!.row.length).toBe(4);
    expect(b.players[1]!.row.length).toBe(5);
    // With the 4 B slots full, a new building can only cover one of them.
    toAction(b);
    const p = b.players[0]!;
    expect(p.row.every((r) => r !== null)).toBe(true);
    b.board = b.board.map(() => null);
    turn(b, 0);
    buy(b, 0, 'ziggurat');
    expect(options(b).map((o) => o.slot)).toEqual([0, 1, 2, 3]);
  });

  it('NAT-BLD-3: workers on a covered card become idle; stability drops at once and removal conditions are checked', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'ziggurat', 2); // +4 stability
    p.idle = 0;
    addAdvisor(st, 0, 'qinshihuang'); // removed when least stable
    addAdvisor(st, 1, 'lincoln'); // +3 stability
    addAdvisor(st, 2, 'lincoln');
    expect(stability(st, 0)).toBe(4);
    buy(st, 0, 'forum');
    choose(st, { slot: 0 });
    expect(p.idle).toBe(2);
    expect(ids(p.row)[0]).toBe('forum');
    expect(p.row[0]!.w).toBe(0);
    expect(stability(st, 0)).toBe(0);
    // Now least stable: Qin Shi Huang's removal condition fired.
    expect(p.advisors).toEqual([]);
    expect(st.removed).toContain('qinshihuang');
  });

  it('NAT-BLD-4: each worker on a building gives its stability at once and its production in the production step', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'ziggurat', 1); // +1 stone, +2 stability per worker
    p.idle = 1;
    p.res.stone = 3;
    expect(stability(st, 0)).toBe(2);
    ok(st, 0, { type: 'deploy', from: -1, to: 0 });
    expect(stability(st, 0)).toBe(4);
    expect(p.res.stone).toBe(2);
    only(st, 'production');
    expect(p.res.stone).toBe(4); // +1 per worker
    expect(stability(st, 0)).toBe(4);
  });

  it('NAT-BLD-5: an unmanned building has no effect at all, but a removal condition printed on it still applies', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'ziggurat', 0);
    setRow(st, 0, 1, 'forum', 0);
    expect(stability(st, 0)).toBe(0);
    only(st, 'production');
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 0, books: 0 });
    // Custom data: Forum with "remove when weakest". Unmanned, it is still removed.
    withCard('forum', { removeWhen: { worst: 'strength' } }, () => {
      addAdvisor(st, 1, 'abubakr');
      addAdvisor(st, 2, 'abubakr');
      checkRemovals(st, undefined);
      expect(ids(p.row)).toEqual(['ziggurat', null, null, null, null]);
    });
  });

  it('NAT-BLD-6: buildings score end-game VP per worker up to their VP icons (NAT-END-5)', () => {
    const st = blankGame();
    setRow(st, 0, 0, 'ziggurat', 1); // VP [1, 1]
    expect(scoreParts(st, 0)[3]).toBe(1);
    st.players[0]!.row[0]!.w = 2;
    expect(scoreParts(st, 0)[3]).toBe(2);
    st.players[0]!.row[0]!.w = 3;
    expect(scoreParts(st, 0)[3]).toBe(2);
    st.players[0]!.row[0]!.w = 0;
    expect(scoreParts(st, 0)[3]).toBe(0);
  });
});

// ================================================================ 7.3 Military

describe('Military (NAT-MIL)', () => {
  it('NAT-MIL-1: a military card goes in the row like a building and may cover a building or a military card', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'forum');
    setRow(st, 0, 1, 'chariot');
    buy(st, 0, 'hoplite');
    expect(options(st).map((o) => o.slot)).toEqual([0, 1, 2, 3, 4]);
    choose(st, { slot: 0 });
    expect(ids(p.row)).toEqual(['hoplite', 'chariot', null, null, null]);
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    buy(st, 0, 'archer');
    choose(st, { slot: 1 });
    expect(ids(p.row)).toEqual(['hoplite', 'archer', null, null, null]);
    expect(st.removed).toEqual(expect.arrayContaining(['forum', 'chariot']));
  });

  it('NAT-MIL-2: with 3 military cards a new military card must cover one of them', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite');
    setRow(st, 0, 1, 'forum');
    setRow(st, 0, 2, 'chariot');
    buy(st, 0, 'archer');
    // Only 2 military: any slot.
    expect(options(st).map((o) => o.slot)).toEqual([0, 1, 2, 3, 4]);
    choose(st, { slot: 3 });
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    buy(st, 0, 'immortal');
    // 3 military: only the military slots 0, 2, 3.
    expect(options(st).map((o) => o.slot)).toEqual([0, 2, 3]);
    choose(st, { slot: 2 });
    expect(ids(p.row)).toEqual(['hoplite', 'forum', 'immortal', 'archer', null]);
    // A building is not limited by the military count.
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    buy(st, 0, 'ziggurat');
    expect(options(st).map((o) => o.slot)).toEqual([0, 1, 2, 3, 4]);
  });

  it('NAT-MIL-3: workers on a covered military card become idle and strength drops at once', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 2);
    p.idle = 0;
    expect(strength(st, 0)).toBe(6);
    buy(st, 0, 'archer');
    choose(st, { slot: 0 });
    expect(p.idle).toBe(2);
    expect(strength(st, 0)).toBe(0);
  });

  it('NAT-MIL-4: per-worker strength and stability upkeep apply at once; resource upkeep is paid in production', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'immortal'); // +3 strength, -1 stability per worker
    setRow(st, 0, 1, 'hoplite'); // +3 strength, consumes 1 stone per worker
    p.idle = 2;
    p.res.stone = 5;
    ok(st, 0, { type: 'deploy', from: -1, to: 0 });
    expect(strength(st, 0)).toBe(3);
    expect(stability(st, 0)).toBe(-1);
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    ok(st, 0, { type: 'deploy', from: -1, to: 1 });
    expect(strength(st, 0)).toBe(6);
    expect(p.res.stone).toBe(3); // only the two deploy costs so far
    p.res.books = 5; // pays the unrest of stability -1
    only(st, 'production');
    expect(p.res.stone).toBe(2); // hoplite upkeep
    expect(strength(st, 0)).toBe(6);
  });

  it('NAT-MIL-5: a manned military card has its printed raid value whatever the workers; unmanned it has none and no effect', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 0);
    expect(raid(st, 0)).toBeNull();
    expect(strength(st, 0)).toBe(0);
    p.row[0]!.w = 1;
    expect(raid(st, 0)).toBe(3);
    p.row[0]!.w = 3;
    expect(raid(st, 0)).toBe(3);
    expect(strength(st, 0)).toBe(9);
  });

  it('NAT-MIL-6: military cards score end-game VP per worker up to their VP icons (NAT-END-5)', () => {
    const st = blankGame();
    setRow(st, 0, 0, 'hoplite', 3); // VP [1, 1]
    setRow(st, 0, 1, 'chariot', 1);
    expect(scoreParts(st, 0)[3]).toBe(3);
  });
});

// ================================================================ 7.4 Colony

describe('Colonies (NAT-COL)', () => {
  it('NAT-COL-1: buying a colony needs current strength at least its requirement; the row price is paid', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 1); // strength 3
    putOnBoard(st, 2, 0, 'macedonia'); // needs 4
    p.res.gold = 2;
    rejects(st, 0, { type: 'buy', row: 2, col: 0 }, 'nat.err.colonyStrength');
    addAdvisor(st, 0, 'augustus'); // +1 strength = 4
    ok(st, 0, { type: 'buy', row: 2, col: 0 });
    expect(ids(p.colonies)).toEqual(['macedonia']);
    expect(p.res.gold).toBe(0);
  });

  it('NAT-COL-2: once bought, falling below the requirement does not affect the colony', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 2); // 6
    p.idle = 0;
    buy(st, 0, 'armenia'); // needs 6, +2 stone in production
    ok(st, 0, { type: 'undeploy', slot: 0 });
    ok(st, 0, { type: 'undeploy', slot: 0 });
    expect(strength(st, 0)).toBe(0);
    expect(ids(p.colonies)).toEqual(['armenia']);
    only(st, 'production');
    expect(p.res.stone).toBe(2);
  });

  it('NAT-COL-3, NAT-EX-15: a colony works at once: Macedonia at strength 5 gives strength 7 immediately', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 1);
    setRow(st, 0, 1, 'archer', 1); // 3 + 2 = 5
    buy(st, 0, 'macedonia');
    expect(strength(st, 0)).toBe(7);
    // Production happens in each production step, VP are scored at the end.
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    buy(st, 0, 'greenland'); // needs 7: +3 food, end VP 1
    expect(ids(p.colonies)).toEqual(['macedonia', 'greenland']);
    p.res.stone = 2; // hoplite upkeep, twice
    only(st, 'production');
    expect(p.res.food).toBe(3);
    only(st, 'production');
    expect(p.res.food).toBe(6);
    expect(scoreParts(st, 0)[1]).toBe(1);
  });

  it('NAT-COL-4, NAT-DP-7: a full colony area (2 on A sides) makes the owner remove an old colony; the new one is kept', () => {
    const st = blankGame();
    const p = st.players[0]!;
    addColony(st, 0, 'nubia');
    addColony(st, 0, 'hispania');
    const old = p.colonies.map((c) => c.u);
    setRow(st, 0, 0, 'hoplite', 1); // strength 3: Nubia's requirement
    buy(st, 0, 'nubia');
    expect(st.pending?.kind).toBe('colonyOut');
    expect(options(st).map((o) => o.remove)).toEqual(old);
    const log = choose(st, { remove: old[1] });
    expect(ids(p.colonies)).toEqual(['nubia', 'nubia']);
    expect(p.colonies.map((c) => c.u)).not.toContain(old[1]);
    expect(st.removed).toContain('hispania');
    expect(log.some((e) => e.rules?.includes('NAT-COL-4'))).toBe(true);
  });

  it('NAT-COL-4: Persia B holds 3 colonies, China B holds 1 (the only old colony is removed at once)', () => {
    const st = bSide('persia');
    toAction(st);
    const p = st.players[0]!;
    p.res.gold = 10;
    turn(st, 0);
    st.board = st.board.map(() => null);
    p.row = p.row.map(() => null);
    setRow(st, 0, 0, 'hoplite', 1);
    addColony(st, 0, 'nubia');
    addColony(st, 0, 'nubia');
    buy(st, 0, 'nubia');
    expect(st.pending).toBeNull();
    expect(p.colonies.length).toBe(3);
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    buy(st, 0, 'nubia');
    expect(st.pending?.kind).toBe('colonyOut');
    expect(options(st).length).toBe(3);

    const ch = bSide('china');
    toAction(ch);
    const q = ch.players[0]!;
    turn(ch, 0);
    ch.board = ch.board.map(() => null);
    q.row = q.row.map(() => null);
    setRow(ch, 0, 0, 'hoplite', 1);
    addColony(ch, 0, 'hispania');
    buy(ch, 0, 'nubia');
    expect(ch.pending).toBeNull();
    expect(ids(q.colonies)).toEqual(['nubia']);
  });

  it('NAT-COL-5: colonies never hold workers (no deploy target, no workers on the instance)', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 1);
    p.idle = 2;
    p.res.stone = 5;
    buy(st, 0, 'nubia');
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    expect(p.colonies[0]!.w).toBe(0);
    const deploys = nations.legalActions(st, 0).filter((a) => a.type === 'deploy');
    expect(deploys.length).toBeGreaterThan(0);
    for (const a of deploys) expect(card(p.row[(a as { to: number }).to]!.id).type).toBe('military');
    rejects(st, 0, { type: 'deploy', from: -1, to: 1 }, 'nat.err.target');
  });
});

// ================================================================ NAT-TS-7

describe('NAT-TS-7: a third colony replaces one', () => {
  /** P: Macedonia (+2 strength) and Hispania (+2 food); strength 9 = Archer 2 + Hoplite 3 + Abu Bakr 2 + Macedonia 2. */
  function setup(): NatState {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'archer', 1);
    setRow(st, 0, 1, 'hoplite', 1);
    addAdvisor(st, 0, 'abubakr');
    addColony(st, 0, 'macedonia');
    addColony(st, 0, 'hispania');
    p.res.stone = 1; // hoplite upkeep
    putOnBoard(st, 1, 0, 'hindukush'); // needs 9, +3 stone
    p.res.gold = 1;
    return st;
  }

  it('NAT-TS-7, NAT-COL-1, NAT-COL-2, NAT-COL-4: Q (needs 9) is bought at 9; removing M drops strength to 7 and Q stays', () => {
    const st = setup();
    const p = st.players[0]!;
    expect(strength(st, 0)).toBe(9);
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(p.res.gold).toBe(0);
    choose(st, { remove: p.colonies.find((c) => c.id === 'macedonia')!.u });
    expect(strength(st, 0)).toBe(7);
    expect(ids(p.colonies)).toEqual(['hispania', 'hindukush']);
  });

  it('NAT-TS-7, NAT-COL-4: had P removed N, N produces nothing in this round', () => {
    const st = setup();
    const p = st.players[0]!;
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    choose(st, { remove: p.colonies.find((c) => c.id === 'hispania')!.u });
    expect(strength(st, 0)).toBe(9);
    only(st, 'production');
    expect(p.res.food).toBe(0);
    expect(p.res.stone).toBe(3); // Hindu Kush +3, hoplite upkeep paid
  });

  it('NAT-TS-7, NAT-COL-1: after undeploying a strength worker earlier in the turn, buying Q is illegal', () => {
    const st = setup();
    ok(st, 0, { type: 'undeploy', slot: 0 });
    expect(strength(st, 0)).toBe(7);
    rejects(st, 0, { type: 'buy', row: 1, col: 0 }, 'nat.err.colonyStrength');
  });
});

// ================================================================ 7.5 War

describe('Wars (NAT-WAR)', () => {
  it('NAT-WAR-1: only one war per round across all players, even after it was resolved', () => {
    const st = blankGame();
    putOnBoard(st, 1, 0, 'hunnic');
    putOnBoard(st, 1, 1, 'alexander');
    st.players[0]!.res.gold = 1;
    st.players[1]!.res.gold = 1;
    const log = ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(st.war?.id).toBe('hunnic');
    expect(log.some((e) => e.rules?.includes('NAT-WAR-1'))).toBe(true);
    ok(st, 0, { type: 'end' });
    turn(st, 1);
    rejects(st, 1, { type: 'buy', row: 1, col: 1 }, 'nat.err.war');
    only(st, 'war');
    expect(st.war).toBeNull();
    turn(st, 1);
    rejects(st, 1, { type: 'buy', row: 1, col: 1 }, 'nat.err.war');
    expect(nations.legalActions(st, 1).some((a) => a.type === 'buy')).toBe(false);
  });

  it('NAT-WAR-2: the marker is the buyer’s strength at purchase, after workers undeployed earlier that turn', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 2); // 6
    p.idle = 0;
    ok(st, 0, { type: 'undeploy', slot: 0 });
    expect(strength(st, 0)).toBe(3);
    const log = buy(st, 0, 'hunnic');
    expect(st.war).toEqual({ id: 'hunnic', marker: 3, buyer: 0 });
    expect(log.find((e) => e.key === 'nat.ev.war')?.rules).toContain('NAT-WAR-2');
  });

  it('NAT-WAR-3: the marker never moves afterwards, whatever the buyer’s strength does', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 1);
    p.idle = 1;
    p.res.stone = 5;
    buy(st, 0, 'hunnic');
    expect(st.war!.marker).toBe(3);
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    ok(st, 0, { type: 'deploy', from: -1, to: 0 });
    expect(strength(st, 0)).toBe(6);
    expect(st.war!.marker).toBe(3);
    only(st, 'production');
    only(st, 'order');
    expect(st.war!.marker).toBe(3);
  });

  it('NAT-WAR-4: the buyer can lose their own war (strength at resolution below the marker)', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 2); // 6
    p.idle = 0;
    p.vp = 5;
    p.res.food = 10;
    buy(st, 0, 'hunnic'); // -1 VP, -4 food
    expect(st.war!.marker).toBe(6);
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    ok(st, 0, { type: 'undeploy', slot: 0 });
    for (let s = 1; s < 3; s++) {
      setRow(st, s, 0, 'hoplite', 2);
      st.players[s]!.vp = 5;
    }
    only(st, 'war');
    expect(p.defeated).toBe(true);
    expect(p.vp).toBe(4);
    expect(p.res.food).toBe(6);
    expect(st.players[1]!.vp).toBe(5);
  });

  it('NAT-WAR-5: a player with strength 0 may buy a war; the marker is 0 and nobody is defeated', () => {
    const st = blankGame();
    for (const p of st.players) {
      p.vp = 5;
      p.res.food = 4;
    }
    buy(st, 0, 'hunnic');
    expect(st.war!.marker).toBe(0);
    only(st, 'war');
    for (const p of st.players) {
      expect(p.vp).toBe(5);
      expect(p.res.food).toBe(4);
      expect(p.defeated).toBe(false);
    }
  });

  it('NAT-WAR-6: unbought war cards follow the normal board refresh (row 3 moves down, rows 1-2 are removed)', () => {
    const st = blankGame();
    putOnBoard(st, 3, 2, 'hunnic');
    putOnBoard(st, 1, 0, 'alexander');
    putOnBoard(st, 2, 0, 'parthian');
    st.round = 2;
    only(st, 'maint');
    expect(st.board[0]!.id).toBe('hunnic');
    expect(st.removed).toEqual(expect.arrayContaining(['alexander', 'parthian']));
    expect(st.board.filter((b) => b && ['alexander', 'parthian'].includes(b.id))).toEqual([]);
  });

  it('NAT-WAR-7: the war is resolved in Resolution step 3 (after production and player order)', () => {
    const st = blankGame();
    setRow(st, 0, 0, 'hoplite', 1);
    st.players[0]!.res.stone = 1;
    buy(st, 0, 'alexander'); // -1 VP, -2 food; marker 3
    const q = st.players[1]!;
    q.vp = 3;
    q.res.food = 5;
    only(st, 'production');
    expect(st.step).toBe('order');
    only(st, 'order');
    expect(st.step).toBe('war');
    expect(st.war).not.toBeNull();
    expect(q.vp).toBe(3);
    const log = only(st, 'war');
    expect(log.some((e) => e.rules?.includes('NAT-WARRES-1'))).toBe(true);
    expect(q.vp).toBe(2);
    expect(q.res.food).toBe(3);
    expect(st.war).toBeNull();
    expect(st.removed).toContain('alexander');
  });
});

// ================================================================ 7.6 Battle

describe('Battles (NAT-BAT)', () => {
  it('NAT-BAT-1: buying a battle needs at least one manned military card', () => {
    const st = blankGame();
    const p = st.players[0]!;
    putOnBoard(st, 1, 0, 'cannae');
    p.res.gold = 1;
    rejects(st, 0, { type: 'buy', row: 1, col: 0 }, 'nat.err.battle');
    setRow(st, 0, 0, 'hoplite', 0);
    setRow(st, 0, 1, 'ziggurat', 2);
    rejects(st, 0, { type: 'buy', row: 1, col: 0 }, 'nat.err.battle');
    p.row[0]!.w = 1;
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
  });

  it('NAT-BAT-2, NAT-DP-8: the buyer gains R of one shown type; R = highest manned raid value plus raid modifiers', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRow(st, 0, 0, 'hoplite', 2); // raid 3
    setRow(st, 0, 1, 'archer', 1); // raid 4
    setRow(st, 0, 2, 'trireme', 0); // unmanned: no raid value
    buy(st, 0, 'cannae');
    expect(st.pending?.kind).toBe('battle');
    expect(options(st).map((o) => o.res)).toEqual(['books', 'food', 'stone']);
    choose(st, { res: 'stone' });
    expect(p.res).toEqual({ gold: 0, stone: 4, food: 0, books: 0 });
    // Hannibal: raid +1.
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    addAdvisor(st, 0, 'hannibal');
    expect(modSum(st, 0, MK.raidBonus)).toBe(1);
    buy(st, 0, 'kadesh');
    choose(st, { res: 'food' });
    expect(p.res.food).toBe(5);
  });

  it('NAT-BAT-3, NAT-BAT-4, NAT-EX-16: 3 workers on the Hoplite, books chosen: +3 books; same with 1 worker; the battle is removed', () => {
    for (const w of [3, 1]) {
      const st = blankGame();
      const p = st.players[0]!;
      setRow(st, 0, 0, 'hoplite', w);
      const log = buy(st, 0, 'cannae');
      choose(st, { res: 'books' });
      expect(p.res.books).toBe(3);
      expect(st.removed).toContain('cannae');
      expect(st.board[0]).toBeNull();
      const inPlay = [...p.row, ...p.advisors, ...p.colonies, ...p.wonders].map((x) => x?.id);
      expect(inPlay).not.toContain('cannae');
      expect(p.wip).toBeNull();
      expect(log.some((e) => e.key === 'nat.ev.buy')).toBe(true);
    }
  });
});

// ================================================================ 7.7 Golden Age

describe('Golden ages (NAT-GA)', () => {
  it('NAT-GA-1, NAT-DP-9: option (a) gains the printed resources plus the bonus; option (b) pays C − B in any mix for 1 VP', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRes(st, 0, { food: 1, books: 5 });
    buy(st, 0, 'compass'); // age II: 2 stone, or 2 resources for 1 VP
    expect(st.pending?.kind).toBe('golden');
    const pays = options(st).filter((o) => o.pay);
    // Every mix of 2 from 1 food + 5 books: {food 1, books 1} and {books 2}.
    expect(pays.map((o) => o.pay)).toEqual([{ food: 1, books: 1 }, { books: 2 }]);
    expect(resourceChoices(st)).toEqual(['stone']);
    const vp = p.vp;
    choose(st, { pay: { food: 1, books: 1 } });
    expect(p.vp).toBe(vp + 1);
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 0, books: 4 });
  });

  it('NAT-GA-1 (Decision): when several types are printed, the player chooses which single type gets the bonus', () => {
    withCard('aeneid', { goldenAge: { gain: { books: 2, food: 1 }, vpPrice: 1 } }, () => {
      const st = blankGame();
      const p = st.players[0]!;
      addWonder(st, 0, 'uraniborg'); // bonus 2
      buy(st, 0, 'aeneid');
      expect(resourceChoices(st)).toEqual(['food', 'books']);
      choose(st, { res: 'food' });
      expect(p.res).toEqual({ gold: 0, stone: 0, food: 3, books: 2 });
    });
  });

  it('NAT-GA-2: a golden age gives at most 1 VP', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRes(st, 0, { stone: 10, food: 10 });
    p.vp = 3;
    buy(st, 0, 'aeneid');
    const pays = options(st).filter((o) => o.pay);
    expect(
      pays.every((o) => Object.values(o.pay as object).reduce((a: number, b) => a + (b as number), 0) === 1),
    ).toBe(true);
    choose(st, { pay: { stone: 1 } });
    expect(p.vp).toBe(4);
  });

  it('NAT-GA-3: golden-age bonuses add up (Greece B +1, Uraniborg +2) and the VP price never goes below 0', () => {
    const st = bSide('greece');
    toAction(st);
    const p = st.players[0]!;
    st.board = st.board.map(() => null);
    turn(st, 0);
    addWonder(st, 0, 'uraniborg');
    expect(modSum(st, 0, MK.goldenAgeBonus)).toBe(3);
    setRes(st, 0, { gold: 0, stone: 0, food: 0, books: 0 });
    buy(st, 0, 'aeneid'); // 2 books, or 1 resource for 1 VP
    expect(st.pending?.d?.cost).toBe(0);
    expect(
      options(st)
        .filter((o) => o.pay)
        .map((o) => o.pay),
    ).toEqual([{}]);
    choose(st, { res: 'books' });
    expect(p.res.books).toBe(5);
  });

  it('NAT-GA-4: option (b) is a voluntary payment and is offered only when affordable in full', () => {
    const st = blankGame();
    const p = st.players[0]!;
    setRes(st, 0, { food: 1, books: 2 });
    buy(st, 0, 'clocks'); // age III: pay 3 for 1 VP
    expect(
      options(st)
        .filter((o) => o.pay)
        .map((o) => o.pay),
    ).toEqual([{ food: 1, books: 2 }]);
    choose(st, { res: 'stone' });
    // With 2 resources in all, the VP option is not available: the single resource option resolves itself.
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    setRes(st, 0, { stone: 0, food: 1, books: 1 });
    const vp = p.vp;
    buy(st, 0, 'clocks');
    expect(st.pending).toBeNull();
    expect(p.vp).toBe(vp);
    expect(p.res).toEqual({ gold: 0, stone: 2, food: 1, books: 1 });
  });

  it('NAT-GA-5: the golden age is removed after use; printed VP prices rise by age (card data)', () => {
    const st = blankGame();
    buy(st, 0, 'aeneid'); // nothing to pay with: the resource option resolves itself
    expect(st.players[0]!.res.books).toBe(2);
    expect(st.removed).toContain('aeneid');
    expect(st.board[0]).toBeNull();
    expect(['aeneid', 'compass', 'clocks', 'kapital'].map((id) => card(id).goldenAge!.vpPrice)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('NAT-EX-10: Persia buys the Renaissance golden age: 2 stone or 3 resources for 1 VP; with Uraniborg 4 stone or 1 resource', () => {
    const st = blankGame();
    const p = st.players[0]!;
    p.nation = 'persia';
    setRes(st, 0, { food: 1, books: 2 });
    p.vp = 0;
    buy(st, 0, 'clocks');
    expect(resourceChoices(st)).toEqual(['stone']);
    choose(st, { pay: { food: 1, books: 2 } });
    expect(p.vp).toBe(1);
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 0, books: 0 });
    // Without bonus, option (a): 2 stone.
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    buy(st, 0, 'clocks'); // nothing to pay with: the resource option resolves itself
    expect(p.res.stone).toBe(2);
    // With Uraniborg: 4 stone, or pay 1 resource.
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    addWonder(st, 0, 'uraniborg');
    setRes(st, 0, { stone: 0, food: 1 });
    buy(st, 0, 'clocks');
    expect(
      options(st)
        .filter((o) => o.pay)
        .map((o) => o.pay),
    ).toEqual([{ food: 1 }]);
    choose(st, { res: 'stone' });
    expect(p.res.stone).toBe(4);
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    buy(st, 0, 'clocks');
    choose(st, { pay: { food: 1 } });
    expect(p.vp).toBe(2);
  });
});

// ================================================================ 7.8 Wonder

describe('Wonders (NAT-WON)', () => {
  it('NAT-WON-1: a bought wonder goes into the construction slot (one at a time), not among completed wonders', () => {
    const st = blankGame();
    const p = st.players[0]!;
    buy(st, 0, 'colosseum');
    expect(p.wip).toMatchObject({ id: 'colosseum', built: 0 });
    expect(p.wonders).toEqual([]);
    expect(st.pending).toBeNull();
  });

  it('NAT-WON-2, NAT-TS-6: a new wonder replaces the unfinished one; its architects go to the supply and its stone is lost', () => {
    const st = blankGame();
    const p = st.players[0]!;
    addWonder(st, 0, 'colosseum');
    wip(st, 0, 'sankore', 2); // stages 1/2/3: 3 stone spent
    st.pool = 1;
    setRes(st, 0, { stone: 4 });
    const log = buy(st, 0, 'chichenitza'); // stages 2/2
    expect(log.some((e) => e.key === 'nat.ev.wonderLost' && e.rules?.includes('NAT-WON-2'))).toBe(true);
    expect(st.removed).toContain('sankore');
    expect(st.pool).toBe(1);
    expect(p.res.stone).toBe(4);
    expect(p.wip).toMatchObject({ id: 'chichenitza', built: 0 });
    expect(ids(p.wonders)).toEqual(['colosseum']);
    // The next hire takes the pool's architect and pays the new wonder's first stage.
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(st.pool).toBe(0);
    expect(p.res.stone).toBe(2);
    expect(p.wip!.built).toBe(1);
    expect(ids(p.wonders)).toEqual(['colosseum']);
  });

  it('NAT-WON-3: a wonder under construction has no effect; private architects lying on it go to the buyer', () => {
    const st = blankGame();
    const p = st.players[0]!;
    putOnBoard(st, 1, 0, 'krak', 1); // +6 strength when completed
    p.res.gold = 1;
    ok(st, 0, { type: 'buy', row: 1, col: 0 });
    expect(p.priv).toBe(1);
    expect(strength(st, 0)).toBe(0);
    // Production and abilities of an unfinished wonder do not work either.
    wip(st, 0, 'piazza', 1);
    p.res.gold = 5;
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    expect(nations.legalActions(st, 0).some((a) => a.type === 'ability')).toBe(false);
    wip(st, 0, 'sphinx', 1);
    only(st, 'production');
    expect(p.res.stone).toBe(0);
  });

  it('NAT-WON-4: stages are built left to right, one per hire, each at its printed stone cost (Uraniborg 0/3/2)', () => {
    const st = blankGame();
    const p = st.players[0]!;
    wip(st, 0, 'uraniborg', 0);
    st.pool = 5;
    setRes(st, 0, { stone: 5 });
    ok(st, 0, { type: 'hire' });
    expect(p.wip!.built).toBe(1);
    expect(p.res.stone).toBe(5);
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    setRes(st, 0, { stone: 2 });
    rejects(st, 0, { type: 'hire' }, 'nat.err.stone');
    setRes(st, 0, { stone: 5 });
    ok(st, 0, { type: 'hire' });
    expect(p.wip!.built).toBe(2);
    expect(p.res.stone).toBe(2);
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    ok(st, 0, { type: 'hire' });
    expect(p.res.stone).toBe(0);
    expect(p.wip).toBeNull();
    expect(ids(p.wonders)).toEqual(['uraniborg']);
    expect(st.pool).toBe(2);
  });

  it('NAT-WON-5: completion at once: architects leave, the wonder is completed, one-shot and continuous effects start', () => {
    const st = blankGame();
    const p = st.players[0]!;
    wip(st, 0, 'stonehenge', 2); // 1/1/1, +6 books +4 food on completion
    st.pool = 1;
    setRes(st, 0, { stone: 1 });
    const log = ok(st, 0, { type: 'hire' });
    expect(log.some((e) => e.key === 'nat.ev.wonder' && e.rules?.includes('NAT-WON-5'))).toBe(true);
    expect(p.wip).toBeNull();
    expect(ids(p.wonders)).toEqual(['stonehenge']);
    expect(p.res).toEqual({ gold: 0, stone: 0, food: 4, books: 6 });
    // A continuous effect starts at once (Colosseum +3 strength); its one-shot cost applies (−2 food).
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    wip(st, 0, 'colosseum', 1);
    setRes(st, 0, { stone: 2 });
    st.pool = 1;
    ok(st, 0, { type: 'hire' });
    expect(st.pending?.kind).toBe('cover'); // (c) placement first, with the optional cover
    expect(strength(st, 0)).toBe(0);
    choose(st, { cover: null });
    expect(ids(p.wonders)).toEqual(['stonehenge', 'colosseum']);
    expect(strength(st, 0)).toBe(3);
    expect(p.res.food).toBe(2);
  });

  it('NAT-WON-5 (b): completion triggers fire while a wonder about to be covered is still in play (Sphinx covered: +5 stone)', () => {
    const st = blankGame();
    const p = st.players[0]!;
    for (const id of ['sphinx', 'gardens', 'oracle', 'pyramids', 'petra']) addWonder(st, 0, id);
    wip(st, 0, 'chichenitza', 1);
    st.pool = 1;
    setRes(st, 0, { stone: 2 });
    ok(st, 0, { type: 'hire' });
    expect(p.res.stone).toBe(5); // Sphinx fired before the cover decision
    expect(st.pending?.kind).toBe('cover');
    choose(st, { cover: p.wonders[0]!.u });
    expect(ids(p.wonders)).toEqual(['gardens', 'oracle', 'pyramids', 'petra', 'chichenitza']);
    expect(p.res.stone).toBe(5);
  });

  it('NAT-WON-5 (e): a wonder completed in the Action phase produces in this round’s production step', () => {
    const st = blankGame();
    const p = st.players[0]!;
    wip(st, 0, 'greatlighthouse', 1); // 1/3, +1 gold
    st.pool = 1;
    setRes(st, 0, { stone: 3 });
    ok(st, 0, { type: 'hire' });
    expect(ids(p.wonders)).toEqual(['greatlighthouse']);
    only(st, 'production');
    expect(p.res.gold).toBe(1);
  });

  it('NAT-WON-6, NAT-DP-12: a full area (5) must cover a completed wonder; with room, covering is optional', () => {
    const st = blankGame();
    const p = st.players[0]!;
    addWonder(st, 0, 'gardens');
    wip(st, 0, 'petra', 2); // last stage costs 1
    st.pool = 3;
    setRes(st, 0, { stone: 10 });
    ok(st, 0, { type: 'hire' });
    expect(options(st).map((o) => o.cover)).toEqual([null, p.wonders[0]!.u]);
    choose(st, { cover: p.wonders[0]!.u }); // voluntary cover (Decision)
    expect(ids(p.wonders)).toEqual(['petra']);
    expect(st.removed).toContain('gardens');
    // Full area: no "cover nothing" option.
    for (const id of ['gardens', 'oracle', 'pyramids', 'sphinx']) addWonder(st, 0, id);
    expect(p.wonders.length).toBe(5);
    ok(st, 0, { type: 'end' });
    turn(st, 0);
    wip(st, 0, 'chichenitza', 1);
    ok(st, 0, { type: 'hire' });
    expect(options(st).length).toBe(5);
    expect(options(st).some((o) => o.cover === null)).toBe(false);
    choose(st, { cover: p.wonders[1]!.u });
    expect(ids(p.wonders)).toEqual(['petra', 'oracle', 'pyramids', 'sphinx', 'chichenitza']);
  });

  it('NAT-WON-6: China B holds 6 completed wonders', () => {
    const st = bSide('china');
    toAction(st);
    const p = st.players[0]!;
    turn(st, 0);
    for (const id of ['gardens', 'oracle', 'pyramids', 'sphinx', 'petra']) addWonder(st, 0, id);
    wip(st, 0, 'chichenitza', 1);
    st.pool = 1;
    setRes(st, 0, { stone: 2 });
    ok(st, 0, { type: 'hire' });
    expect(options(st)[0]!.cover).toBeNull();
    choose(st, { cover: null });
    expect(p.wonders.length).toBe(6);
  });

  it('NAT-WON-7: wonders never hold workers', () => {
    const st = blankGame();
    const p = st.players[0]!;
    addWonder(st, 0, 'colosseum');
    wip(st, 0, 'gardens', 0);
    setRow(st, 0, 2, 'forum');
    p.idle = 3;
    p.res.stone = 3;
    const deploys = nations.legalActions(st, 0).filter((a) => a.type === 'deploy');
    expect(deploys.map((a) => (a as { to: number }).to)).toEqual([2]);
    expect(p.wonders[0]!.w).toBe(0);
    expect(Object.keys(p.wip!)).not.toContain('w');
  });

  it('NAT-WON-8: a wonder printed on the nation board (Egypt B Pyramids) counts as a completed wonder', () => {
    const st = bSide('egypt');
    toAction(st);
    const p = st.players[0]!;
    expect(ids(p.wonders)).toEqual(['s-pyramids']);
    // It produces (+2 gold, −2 food), scores its VP and takes a space in the area.
    setRes(st, 0, { gold: 0, stone: 0, food: 2, books: 0 });
    for (const r of p.row) if (r) r.w = 0;
    p.foodFilled = p.foodCap;
    only(st, 'production');
    expect(p.res.gold).toBe(2);
    expect(p.res.food).toBe(0);
    expect(scoreParts(st, 0)[2]).toBe(3);
    turn(st, 0);
    for (const id of ['gardens', 'oracle', 'pyramids', 'sphinx']) addWonder(st, 0, id);
    wip(st, 0, 'chichenitza', 1);
    st.pool = 1;
    setRes(st, 0, { stone: 2 });
    ok(st, 0, { type: 'hire' });
    expect(options(st).some((o) => o.cover === null)).toBe(false);
    expect(options(st).map((o) => o.cover)).toContain(p.wonders[0]!.u);
  });
});
