/**
 * NAT-REM-6: a used marker goes on every card whose per-round condition was met, and on no other. The cards
 * with a per-round condition are found in the card data (not listed by hand), by what the effect vocabulary
 * says of them:
 *   - an ability or a trigger marked `perRound`;
 *   - a trigger on an event that happens once a round (`passed`, `roundStart`), or filtered by `first`;
 *   - a static modifier or a production entry whose condition reads who passed (`passed`) or what was bought
 *     this round (`boughtThisRound`);
 *   - an effect that lasts `until: 'endOfRound'` (a completion effect, an ability's effect).
 * Each card is put in play and checked twice: in a round where its condition is met (marked) and in a round
 * where it is not (not marked).
 */
import { describe, expect, it } from 'vitest';
import { nations } from '@tabula/nations';
import type { NatState } from '@tabula/nations';
import { PROGRESS_CARDS, PROMO_PROGRESS_CARDS } from '../src/data.js';
import type { ProgressCard } from '../src/types.js';
import {
  addAdvisor,
  addColony,
  addWonder,
  blankGame,
  nextUid,
  ok,
  putOnBoard,
  setRes,
  setRow,
  setStr,
  settle,
  turn,
} from './helpers.js';

type Kind = 'ability' | 'trigger' | 'passCondition' | 'buyCondition' | 'roundEffect';

const ALL: ProgressCard[] = [...PROGRESS_CARDS, ...PROMO_PROGRESS_CARDS];

/** Does a piece of card data (any depth) hold the key `k`? */
function holds(x: unknown, k: string): boolean {
  if (!x || typeof x !== 'object') return false;
  return Object.entries(x).some(([key, v]) => key === k || holds(v, k));
}
/** Does a piece of card data hold an effect lasting until the end of the round? */
function lastsTheRound(x: unknown): boolean {
  if (!x || typeof x !== 'object') return false;
  const o = x as Record<string, unknown>;
  return o.until === 'endOfRound' || Object.values(o).some(lastsTheRound);
}

/** The per-round conditions of a card, read from its data. */
function kindsOf(c: ProgressCard): Kind[] {
  const out = new Set<Kind>();
  if (c.abilities?.some((a) => a.perRound)) out.add('ability');
  for (const t of c.triggers ?? [])
    if (t.perRound || t.on === 'passed' || t.on === 'roundStart' || holds(t.filter, 'first'))
      out.add('trigger');
  const lasting = [c.static ?? [], (c.production ?? []).map((e) => [e.if, e.per])];
  if (holds(lasting, 'passed')) out.add('passCondition');
  if (holds(lasting, 'boughtThisRound')) out.add('buyCondition');
  if (lastsTheRound([c.onAcquire, c.abilities, c.triggers])) out.add('roundEffect');
  return [...out];
}

const PER_ROUND = ALL.map((c) => ({ c, kinds: kindsOf(c) })).filter((x) => x.kinds.length > 0);

/** The first card of the data of a type (age I first), optionally not matching `avoid`. */
function firstOf(type: ProgressCard['type'], avoid?: (c: ProgressCard) => boolean): ProgressCard {
  const c = PROGRESS_CARDS.filter((x) => x.type === type && !(avoid && avoid(x))).sort(
    (a, b) => a.age - b.age,
  )[0];
  if (!c) throw new Error(`no ${type} card`);
  return c;
}

/**
 * A 3-player game at seat 0's turn with empty boards, plenty of resources and idle workers, a golden age, a
 * wonder and buildings on the progress board and an empty building in seat 0's row (targets for abilities),
 * and card `c` in play for seat 0 (a wonder completed; a building or military card manned). Returns the
 * card's instance id.
 */
function withCard(c: ProgressCard): { st: NatState; u: number } {
  const st = blankGame(3, c.level === 'promo' ? { includePromo: true } : {});
  for (let s = 0; s < 3; s++) {
    setRes(st, s, { gold: 30, stone: 30, food: 30, books: 30 });
    st.players[s]!.idle = 3;
  }
  putOnBoard(st, 1, 0, firstOf('goldenAge').id);
  putOnBoard(st, 1, 1, firstOf('wonder').id);
  putOnBoard(st, 1, 2, firstOf('building').id);
  putOnBoard(st, 2, 0, firstOf('building').id);
  setRow(st, 0, 4, firstOf('building').id);
  const p = st.players[0]!;
  if (c.type === 'advisor') addAdvisor(st, 0, c.id);
  else if (c.type === 'colony') addColony(st, 0, c.id);
  else if (c.type === 'wonder') addWonder(st, 0, c.id);
  else setRow(st, 0, 0, c.id, 1);
  const all = [...p.advisors, ...p.colonies, ...p.wonders, ...p.row];
  const u = all.find((x) => x && x.id === c.id)!.u;
  expect(p.used).toEqual([]);
  return { st, u };
}

/** Seat 0 uses card u's per-round ability (it must be listed), then the decisions it asks are answered. */
function useAbility(st: NatState, u: number, c: ProgressCard): void {
  const a = nations.legalActions(st, 0).find((x) => x.type === 'ability' && x.card === u);
  if (!a) throw new Error(`${c.id}: its ability is not offered in the test position`);
  ok(st, 0, a);
  settle(st);
}

/** Seat 1 passes first, then seat 0 passes (second of three: neither first nor last). */
function passSecond(st: NatState): void {
  turn(st, 1);
  ok(st, 1, { type: 'pass' });
  settle(st);
  turn(st, 0, 1, 2);
  ok(st, 0, { type: 'pass' });
  settle(st);
}

/** The card types its buy conditions ask for (`boughtThisRound: { type }`). */
function boughtTypes(c: ProgressCard): string[] {
  const out: string[] = [];
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    for (const [k, v] of Object.entries(x)) {
      if (k === 'boughtThisRound') {
        const f = v as { type?: string | string[] };
        expect(Object.keys(f).every((key) => key === 'type')).toBe(true);
        out.push(...(Array.isArray(f.type) ? f.type : [f.type!]));
      } else walk(v);
    }
  };
  walk([c.static, c.production]);
  return out;
}

/** Seat 0 buys a card of `type` from the progress board (row 1), answering the decisions it asks. */
function buyType(st: NatState, type: ProgressCard['type'], avoid?: (c: ProgressCard) => boolean): void {
  if (type === 'colony') setStr(st, 0, 40);
  putOnBoard(st, 1, 4, firstOf(type, avoid).id);
  turn(st, 0);
  ok(st, 0, { type: 'buy', row: 1, col: 4 });
  settle(st);
}

/** Does a pass by seat 0 as the second of three meet the card's pass conditions (a trigger on any pass)? */
const metBySecondPass = (c: ProgressCard) =>
  (c.triggers ?? []).some((t) => t.on === 'passed' && !holds(t.filter, 'first'));

describe('NAT-REM-6: used markers for every per-round condition, from the card data', () => {
  it('the data has cards of every kind of per-round condition (Great Wall, Forbidden Palace, Versailles, Galileo among them)', () => {
    const kinds = new Set(PER_ROUND.flatMap((x) => x.kinds));
    expect([...kinds].sort()).toEqual(['ability', 'buyCondition', 'passCondition', 'roundEffect', 'trigger']);
    const ids = PER_ROUND.map((x) => x.c.id);
    for (const id of ['greatwall', 'forbidden', 'versailles', 'galileo']) expect(ids).toContain(id);
  });

  for (const { c, kinds } of PER_ROUND)
    describe(`${c.name} (${c.id}: ${kinds.join(', ')})`, () => {
      it('NAT-REM-6: marked in a round where its condition is met', () => {
        const { st, u } = withCard(c);
        const p = st.players[0]!;
        const kind = kinds[0]!;
        if (kind === 'ability') useAbility(st, u, c);
        else if (kind === 'trigger' || kind === 'passCondition') {
          // The per-round triggers and pass conditions of the data are met by passing first.
          turn(st, 0);
          ok(st, 0, { type: 'pass' });
          settle(st);
        } else if (kind === 'buyCondition') buyType(st, boughtTypes(c)[0] as ProgressCard['type']);
        else if (c.onAcquire && lastsTheRound(c.onAcquire)) {
          // A completion (or purchase) effect lasting the round: the card is acquired this round.
          if (c.type !== 'wonder') throw new Error(`${c.id}: no test position for its acquisition`);
          p.wonders = p.wonders.filter((w) => w.u !== u);
          p.wip = { id: c.id, u: nextUid(st, c.id), built: c.stages!.length - 1 };
          st.pool = 1;
          turn(st, 0);
          ok(st, 0, { type: 'hire' });
          settle(st);
          expect(p.wonders.map((w) => w.id)).toContain(c.id);
          expect(p.used).toContain(p.wonders.find((w) => w.id === c.id)!.u);
          return;
        } else useAbility(st, u, c);
        expect(p.used).toContain(u);
      });

      it('NAT-REM-6: not marked in a round where its condition is not met', () => {
        const { st, u } = withCard(c);
        // No ability used, no effect applied, a purchase of another type, a pass neither first nor last.
        const avoid = new Set(boughtTypes(c));
        const type = (['building', 'military', 'advisor'] as const).find((t) => !avoid.has(t))!;
        buyType(st, type, (x) => x.id === c.id);
        passSecond(st);
        if (metBySecondPass(c)) expect(st.players[0]!.used).toContain(u);
        else expect(st.players[0]!.used).not.toContain(u);
      });
    });
});
