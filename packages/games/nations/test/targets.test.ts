/**
 * targetsOf: what each action is about, for a board to highlight — checked against the view of the seat that may
 * take it, over random games: every space holds a card, every slot is in the seat's row, every card is in play
 * (or one of Machiavelli's two cards), every item names a resource, the idle workers, an architect or a nation.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '@tabula/engine';
import type { Target } from '@tabula/engine';
import { nations } from '@tabula/nations';
import type { NatAction, NatView } from '@tabula/nations';
import { game } from './helpers.js';

const ITEMS = new Set(['gold', 'stone', 'food', 'books', 'idle', 'architect', 'privateArchitect', 'worker']);

function checkTarget(v: NatView, seat: number, t: Target, a: NatAction): void {
  const where = `${JSON.stringify(a)} → ${JSON.stringify(t)}`;
  const p = v.players[seat]!;
  switch (t.kind) {
    case 'space': {
      const i =
        typeof t.id === 'number'
          ? t.id
          : (Number(String(t.id).split(':')[0]) - 1) * v.cols + Number(String(t.id).split(':')[1]);
      expect(v.board[i], where).toBeTruthy();
      return;
    }
    case 'slot':
      expect(Number.isInteger(t.id) && (t.id as number) >= 0 && (t.id as number) < p.row.length, where).toBe(
        true,
      );
      return;
    case 'card': {
      if (typeof t.id === 'string') {
        expect(v.shown, where).toContain(t.id); // Machiavelli's cards
        return;
      }
      if (t.id === -1) return; // the nation board
      const mine = [...p.advisors, ...p.colonies, ...p.wonders, ...p.row].some((x) => x?.u === t.id);
      expect(mine, where).toBe(true);
      return;
    }
    case 'item':
      expect(ITEMS.has(String(t.id)) || v.draft.includes(String(t.id)), where).toBe(true);
      return;
    case 'seat':
      expect(Number.isInteger(t.id) && (t.id as number) >= 0 && (t.id as number) < v.n, where).toBe(true);
      return;
    default:
      throw new Error(`unexpected target ${where}`);
  }
}

describe('targetsOf', () => {
  it('names what an action is about: a space, a slot, a card in play, a resource', () => {
    const t = nations.targetsOf!;
    expect(t({ type: 'buy', row: 2, col: 3 })).toEqual([{ kind: 'space', id: '2:3' }]);
    expect(t({ type: 'deploy', from: -1, to: 1 })).toEqual([
      { kind: 'slot', id: 1 },
      { kind: 'item', id: 'idle' },
    ]);
    expect(t({ type: 'deploy', from: 0, to: 2 })).toEqual([
      { kind: 'slot', id: 2 },
      { kind: 'slot', id: 0 },
    ]);
    expect(t({ type: 'undeploy', slot: 4 })).toEqual([{ kind: 'slot', id: 4 }]);
    expect(t({ type: 'hire', private: true })).toEqual([{ kind: 'item', id: 'privateArchitect' }]);
    expect(t({ type: 'ability', card: 17, ability: 'swap' })).toEqual([{ kind: 'card', id: 17 }]);
    expect(t({ type: 'choose', take: 'res', res: 'food' })).toEqual([{ kind: 'item', id: 'food' }]);
    expect(t({ type: 'choose', remove: 9 })).toEqual([{ kind: 'card', id: 9 }]);
    expect(t({ type: 'choose', lose: { gold: 1, food: 2 } })).toEqual([
      { kind: 'item', id: 'gold' },
      { kind: 'item', id: 'food' },
    ]);
    expect(t({ type: 'choose', swap: [0, 5] })).toEqual([
      { kind: 'space', id: 0 },
      { kind: 'space', id: 5 },
    ]);
    expect(t({ type: 'pass' })).toEqual([]);
    expect(t({ type: 'choose', accept: true })).toEqual([]);
  });

  it('every target of every legal action is in the acting seat’s view, over random games', () => {
    let checked = 0;
    for (let g = 0; g < 6; g++) {
      const st = game(
        2 + (g % 4),
        g % 2 ? { boardSides: 'b', levels: 'basic,advanced' } : {},
        `targets-${g}`,
      );
      const rng = new Rng(`targets-${g}`);
      for (let i = 0; i < 400 && !nations.outcome(st); i++) {
        const [pr] = nations.prompts(st);
        const seat = pr!.seat;
        const legal = nations.legalActions(st, seat);
        const v = nations.view(st, seat);
        for (const a of legal)
          for (const t of nations.targetsOf!(a)) {
            checkTarget(v, seat, t, a);
            checked++;
          }
        expect(nations.apply(st, seat, legal[rng.int(legal.length)]!).ok).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
