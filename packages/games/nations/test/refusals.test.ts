/**
 * Every refusal names its rule (issue 16): an answer that is not among a decision's options is refused with the
 * rule that forbids it and the reason in words (never "not one of the listed choices"), and the engine's generic
 * refusal check (`runRefusalGames`) passes over random games.
 */
import { describe, expect, it } from 'vitest';
import type { Rng } from '@tabula/engine';
import { runRefusalGames } from '@tabula/engine';
import { nations } from '@tabula/nations';
import type { NatState } from '@tabula/nations';
import {
  addAdvisor,
  addWonder,
  blankGame,
  game,
  midGame,
  nextUid,
  ok,
  options,
  putOnBoard,
  setRes,
  setRow,
  turn,
} from './helpers.js';

/** The refusal of `a` by `seat`: its code, rule and English message; the state must not change. */
function refusal(st: NatState, seat: number, a: Record<string, unknown>) {
  const before = JSON.stringify(st);
  const r = nations.apply(st, seat, a as never);
  expect(JSON.stringify(st)).toBe(before);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(a)}`);
  expect(r.error.message).not.toMatch(/listed choices/);
  return r.error;
}

function buy(st: NatState, s: number, id: string) {
  putOnBoard(st, 1, 0, id);
  st.players[s]!.res.gold += 1;
  return ok(st, s, { type: 'buy', row: 1, col: 0 });
}

describe('Nations: a refused answer names its rule and its reason', () => {
  it('NAT-MAINT-12: no worker at growth when the track and the overflow are empty; never books', () => {
    const st = game(2);
    const s = st.pending!.s;
    const p = st.players[s]!;
    expect(refusal(st, s, { type: 'choose', take: 'res', res: 'books' })).toMatchObject({
      code: 'nat.err.growthBooks',
      rule: 'NAT-MAINT-12',
    });
    p.foodFilled = 0;
    p.stabFilled = 0;
    p.overflow = 0;
    st.pending!.opts = st.pending!.opts.filter((o) => o.take !== 'worker');
    const e = refusal(st, s, { type: 'choose', take: 'worker', side: 'food' });
    expect(e).toMatchObject({ code: 'nat.err.growthNoWorker', rule: 'NAT-MAINT-12' });
    expect(e.message).toMatch(/no worker left/);
  });

  it('NAT-MIL-2: a fourth military card cannot go over a building', () => {
    const st = blankGame();
    setRow(st, 0, 0, 'hoplite');
    setRow(st, 0, 1, 'forum');
    setRow(st, 0, 2, 'chariot');
    setRow(st, 0, 3, 'archer');
    buy(st, 0, 'immortal');
    expect(options(st).map((o) => o.slot)).toEqual([0, 2, 3]);
    const e = refusal(st, 0, { type: 'choose', slot: 1 });
    expect(e).toMatchObject({ code: 'nat.err.placeMilitary', rule: 'NAT-MIL-2', params: { max: 3 } });
    expect(e.message).toMatch(/already have 3 military cards/);
    expect(refusal(st, 0, { type: 'choose', slot: 9 })).toMatchObject({ rule: 'NAT-BLD-1' });
  });

  it('NAT-ADV-2: a third advisor needs one of the two old ones to leave; the new one stays', () => {
    const st = blankGame();
    addWonder(st, 0, 'porcelain'); // 2 advisor slots
    addAdvisor(st, 0, 'abubakr');
    addAdvisor(st, 0, 'hatshepsut');
    buy(st, 0, 'lincoln');
    expect(st.pending?.kind).toBe('advisorOut');
    const newU = st.players[0]!.advisors.find((a) => a.id === 'lincoln')!.u;
    expect(refusal(st, 0, { type: 'choose', remove: newU })).toMatchObject({
      code: 'nat.err.advisorNew',
      rule: 'NAT-ADV-2',
    });
    expect(refusal(st, 0, { type: 'choose', remove: null })).toMatchObject({
      code: 'nat.err.advisorFull',
      rule: 'NAT-ADV-2',
      params: { n: 2 },
    });
  });

  it('NAT-WON-6: a sixth completed wonder must cover one', () => {
    const st = blankGame();
    for (const id of ['gardens', 'oracle', 'pyramids', 'sphinx', 'colosseum']) addWonder(st, 0, id);
    st.players[0]!.wip = { id: 'chichenitza', u: nextUid(st, 'chichenitza'), built: 1 };
    st.pool = 1;
    setRes(st, 0, { stone: 10 });
    ok(st, 0, { type: 'hire' });
    expect(st.pending?.kind).toBe('cover');
    const e = refusal(st, 0, { type: 'choose', cover: null });
    expect(e).toMatchObject({ code: 'nat.err.wonderFull', rule: 'NAT-WON-6' });
    expect(e.message).toMatch(/full \(5\)/);
  });

  it('NAT-GA-2: 4 resources do not buy 2 VP at a golden age', () => {
    const st = blankGame();
    setRes(st, 0, { stone: 1, food: 10 });
    buy(st, 0, 'compass'); // 2 resources for 1 VP
    expect(st.pending?.kind).toBe('golden');
    const e = refusal(st, 0, { type: 'choose', pay: { stone: 2, food: 2 } });
    expect(e).toMatchObject({ code: 'nat.err.goldenPrice', rule: 'NAT-GA-2', params: { cost: 2 } });
    expect(e.message).toMatch(/at most 1 VP/);
    expect(refusal(st, 0, { type: 'choose', pay: { stone: 2 } })).toMatchObject({
      code: 'nat.err.goldenAfford',
      rule: 'NAT-GA-4',
    });
  });

  it('NAT-NOTE-30: Galileo refuses a card it does not take, with the reason', () => {
    const st = midGame(3, 5);
    addAdvisor(st, 0, 'galileo');
    st.board.fill(null);
    putOnBoard(st, 1, 0, 'hunnic');
    putOnBoard(st, 2, 0, 'romeo');
    putOnBoard(st, 3, 0, 'tajmahal');
    turn(st, 0);
    ok(st, 0, { type: 'ability', card: st.players[0]!.advisors[0]!.u, ability: 'takeFree' });
    expect(st.pending?.kind).toBe('takeFree');
    const e = refusal(st, 0, { type: 'choose', row: 1, col: 0 });
    expect(e).toMatchObject({ code: 'nat.err.cardType', rule: 'NAT-NOTE-30' });
    expect(e.message).toBe('Only a golden age or wonder can be taken this way.');
    expect(nations.formatEvent({ key: e.code, params: e.params }, 'ru', String)).toBe(
      'Так можно взять только золотой век или чудо света.',
    );
    expect(refusal(st, 0, { type: 'choose', row: 1, col: 1 })).toMatchObject({ rule: 'NAT-BUY-8' });
  });

  it('NAT-DP-4: an answer without a decision, an action that is not one of Nations, a malformed input, no such seat', () => {
    const st = blankGame();
    expect(refusal(st, 0, { type: 'choose', res: 'food' })).toMatchObject({
      code: 'nat.err.noDecision',
      rule: 'NAT-DP-4',
    });
    expect(refusal(st, 0, { type: 'fly' })).toMatchObject({ code: 'nat.err.unknown', rule: 'NAT-DP-4' });
    // Malformed inputs and seats that do not exist are refused, never crash.
    expect(nations.apply(st, 0, null as never)).toMatchObject({
      ok: false,
      error: { code: 'nat.err.malformed', rule: 'NAT-DP-4' },
    });
    expect(nations.apply(st, 7, { type: 'resign' })).toMatchObject({
      ok: false,
      error: { code: 'nat.err.seat', rule: 'NAT-DP-4' },
    });
  });
});

describe('Nations: refusals of unlisted actions over random games', () => {
  it('every refusal cites a rule of the spec, says why without placeholders (en/ru) and changes nothing', () => {
    // Acting is preferred over passing (7 in 8) so that the games reach many kinds of decisions.
    const choose = (legal: unknown[], rng: Rng) => {
      const acts = legal.filter((a) => (a as { type: string }).type !== 'pass');
      return acts.length && rng.int(8) ? rng.pick(acts) : rng.pick(legal);
    };
    const t = runRefusalGames(
      nations,
      Array.from({ length: 12 }, (_, i) => ({
        seats: 1 + (i % 5),
        seed: `refusals-${i}`,
        options: i % 3 === 1 ? { boardSides: 'choose', includePromo: true } : {},
        every: 7,
        perSeat: 16,
        choose,
      })),
    );
    expect(t.refused).toBeGreaterThan(5000);
    // The answers of many kinds of decisions were tried.
    const kinds = Object.keys(t.codes).filter((c) => c !== 'nat.err.notYourTurn' && c !== 'nat.err.notYou');
    expect(kinds.length).toBeGreaterThan(20);
  });
});
