/**
 * targetsOf: what each action is about, for a board to highlight — checked against the map data and
 * the view of the seat that may take it, over random games: every hex, crossroads and city named exists
 * (a crossroads for a move, a Roman hex for the legionnaire), every seat is another player, every card
 * is in the seat's hand, every item is a resource, gold, a pasture draw or a purchase, every slot a box.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '@tabula/engine';
import type { Target } from '@tabula/engine';
import { DEFAULT_RT, struggleForRome as game } from '@tabula/struggle-for-rome';
import type { SfrAction, SfrState, SfrView } from '@tabula/struggle-for-rome';

const ITEMS = new Set(['grain', 'ore', 'horses', 'cattle', 'gold', 'pasture', 'pair', 'dev']);
const r = DEFAULT_RT;

function checkTarget(v: SfrView, seat: number, t: Target, a: SfrAction): void {
  const where = `${JSON.stringify(a)} → ${JSON.stringify(t)}`;
  switch (t.kind) {
    case 'space': {
      const id = String(t.id);
      if (a.type === 'move') expect(r.nodes[r.nodeIdx.get(id)!]?.city, where).toBe(-1);
      else if (a.type === 'plunder' || a.type === 'found' || a.type === 'expand')
        expect(r.cityIdx.has(id), where).toBe(true);
      else expect(r.hexes[r.hexIdx.get(id)!]?.beyond, where).toBe(false);
      return;
    }
    case 'seat':
      expect(
        Number.isInteger(t.id) && t.id !== seat && (t.id as number) >= 0 && (t.id as number) < v.n,
        where,
      ).toBe(true);
      return;
    case 'card':
      expect(v.players[seat]!.dev, where).toContain(t.id);
      return;
    case 'item':
      expect(ITEMS.has(String(t.id)), where).toBe(true);
      return;
    case 'slot':
      expect(['horsemen', 'warriors'], where).toContain(t.id);
      return;
    default:
      throw new Error(`unexpected target ${where}`);
  }
}

function start(n: number, seed: string): SfrState {
  const o = game.parseOptions({});
  if (!o.ok) throw new Error(o.error.message);
  const s = game.setup(o.value, n, seed);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

describe('targetsOf', () => {
  const t = game.targetsOf!;

  it('names the hex, crossroads, city, seat, card, box or item an action is about', () => {
    expect(t({ type: 'legion', hex: 'h0901' })).toEqual([{ kind: 'space', id: 'h0901' }]);
    expect(t({ type: 'rob', seat: 2 })).toEqual([{ kind: 'seat', id: 2 }]);
    expect(t({ type: 'move', to: 'n079', route: ['n078', 'n079'], grain: 1 })).toEqual([
      { kind: 'space', id: 'n079' },
    ]);
    expect(t({ type: 'plunder', city: 'verona', card: 'traitor' })).toEqual([
      { kind: 'space', id: 'verona' },
      { kind: 'card', id: 'traitor' },
    ]);
    expect(t({ type: 'bank', give: 'ore', get: 'pasture' })).toEqual([
      { kind: 'item', id: 'ore' },
      { kind: 'item', id: 'pasture' },
    ]);
    expect(t({ type: 'buyWagon', box: 'warriors' })).toEqual([{ kind: 'slot', id: 'warriors' }]);
    expect(t({ type: 'play', card: 'x', take: ['grain', 'grain', 'ore'] })).toEqual([
      { kind: 'card', id: 'x' },
      { kind: 'item', id: 'grain' },
      { kind: 'item', id: 'ore' },
    ]);
    expect(t({ type: 'draft', to: 1 })).toEqual([{ kind: 'seat', id: 1 }]);
    expect(t({ type: 'draft', to: -1 })).toEqual([]);
    expect(t({ type: 'returnPasture', horses: 0, cattle: 2 })).toEqual([{ kind: 'item', id: 'cattle' }]);
    for (const a of [
      { type: 'endStep' },
      { type: 'stay' },
      { type: 'post' },
      { type: 'resign' },
    ] as SfrAction[])
      expect(t(a)).toEqual([]);
  });

  it('every legal action of random games targets things of the map and of its seat’s view', () => {
    const kinds = new Set<string>();
    for (let g = 0; g < 6; g++) {
      const st = start(3 + (g % 2), `targets-${g}`);
      const rng = new Rng(`targets-${g}`);
      for (let i = 0; i < 1500 && !game.outcome(st); i++) {
        const ps = game.prompts(st);
        const seat = ps[rng.int(ps.length)]!.seat;
        const v = game.view(st, seat);
        const legal = game.legalActions(st, seat);
        for (const a of legal)
          for (const x of t(a)) {
            checkTarget(v, seat, x, a);
            kinds.add(x.kind);
          }
        const r = game.apply(st, seat, legal[rng.int(legal.length)]!);
        expect(r.ok).toBe(true);
      }
    }
    expect([...kinds].sort()).toEqual(['card', 'item', 'seat', 'slot', 'space']);
  });
});
