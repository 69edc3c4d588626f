/**
 * Typed targets (`targetsOf`): each action names the army, seat, card, item or table place it is about,
 * by its id in the view of the seat that may take it.
 */
import { describe, expect, it } from 'vitest';
import type { Target } from '@tabula/engine';
import { Rng } from '@tabula/engine';
import { ageOfHeroes as game } from '@tabula/age-of-heroes';
import type { AohAction, AohState, AohView } from '@tabula/age-of-heroes';

const targets = (a: AohAction) => game.targetsOf!(a);

describe('Age of Heroes typed targets', () => {
  it('names the army, seat, card, item or place of each kind of action, and nothing for the others', () => {
    expect(targets({ type: 'tribe', tribe: 'egyptians' })).toEqual([{ kind: 'item', id: 'egyptians' }]);
    expect(targets({ type: 'war', target: 2, objective: 'plunder' })).toEqual([{ kind: 'seat', id: 2 }]);
    expect(targets({ type: 'buildItem', item: 'general', pay: ['gold', 'iron'], host: 7 })).toEqual([
      { kind: 'item', id: 'general' },
      { kind: 'unit', id: 7 },
    ]);
    expect(targets({ type: 'buildItem', item: 'road', pay: ['wood'], to: 1 })).toEqual([
      { kind: 'item', id: 'road' },
      { kind: 'seat', id: 1 },
    ]);
    expect(targets({ type: 'warArmy', army: 3 })).toEqual([{ kind: 'unit', id: 3 }]);
    expect(targets({ type: 'warHero', host: -1 })).toEqual([{ kind: 'card', id: 'mighty_hero' }]);
    expect(targets({ type: 'respond', heroes: [-1, 4, 9] })).toEqual([
      { kind: 'card', id: 'mighty_hero' },
      { kind: 'unit', id: 4 },
      { kind: 'unit', id: 9 },
    ]);
    expect(targets({ type: 'quakeTarget', army: 5 })).toEqual([{ kind: 'unit', id: 5 }]);
    expect(targets({ type: 'volcanoTarget', seat: 3 })).toEqual([{ kind: 'seat', id: 3 }]);
    expect(targets({ type: 'place', unit: 2, card: 6 })).toEqual([
      { kind: 'slot', id: 2 },
      { kind: 'card', id: 6 },
    ]);
    expect(targets({ type: 'offerWant', card: 'grain' })).toEqual([{ kind: 'card', id: 'grain' }]);
    expect(targets({ type: 'accept', offer: 12 })).toEqual([{ kind: 'slot', id: 'offer:12' }]);
    expect(targets({ type: 'offerTo', seat: -1 })).toEqual([]);
    for (const type of ['pass', 'taxes', 'build', 'buildDone', 'warDeclare', 'ready', 'offerPost'] as const)
      expect(targets({ type } as AohAction), type).toEqual([]);
  });

  /** Whether `t`, a target of an action offered to `seat`, is a thing of `v`, that seat's view. */
  function inView(t: Target, v: AohView, seat: number, type: AohAction['type']): boolean {
    switch (t.kind) {
      case 'unit':
        return v.players.some((p) => p.armies.some((a) => a.id === t.id));
      case 'seat':
        return typeof t.id === 'number' && t.id >= 0 && t.id < v.n && v.players[t.id]!.alive && t.id !== seat;
      case 'card':
        // A battle card among those the seat has to place; a card wanted in an offer is any tradable card;
        // any other card is in the seat's hand.
        if (typeof t.id === 'number') return v.war !== null && v.war.pool.includes(t.id);
        if (type === 'offerWant' || type === 'offerUnwant')
          return [
            ...v.config.cardClasses.ordinary,
            ...v.config.cardClasses.special,
            ...v.config.cardClasses.held,
          ].includes(t.id);
        return v.players[seat]!.hand!.includes(t.id);
      case 'item':
        return t.id in v.supply || v.tribesLeft.includes(String(t.id));
      case 'slot':
        if (typeof t.id === 'number') return v.war !== null && v.war.units[t.id] !== undefined;
        return v.market !== null && v.market.offers.some((o) => `offer:${o.id}` === t.id);
      default:
        return false;
    }
  }

  it('names only things of the view of the seat offered the action (random games, 2 to 6 players)', () => {
    let checked = 0;
    const kinds = new Set<string>();
    for (let g = 0; g < 12; g++) {
      const seats = 2 + (g % 5);
      const st = game.setup(game.parseOptions({ tradeInputLimit: 3 }).value!, seats, `targets-${g}`)
        .value! as AohState;
      const rng = new Rng(`targets-${g}`);
      for (let i = 0; i < 1500 && !st.over; i++) {
        const ps = game.prompts(st);
        const p = ps[rng.int(ps.length)]!;
        const legal = game.legalActions(st, p.seat);
        if (i % 5 === 0) {
          const v = game.view(st, p.seat);
          for (const a of legal)
            for (const t of targets(a)) {
              expect(inView(t, v, p.seat, a.type), `${JSON.stringify(a)} → ${JSON.stringify(t)}`).toBe(true);
              kinds.add(t.kind);
              checked++;
            }
        }
        expect(game.apply(st, p.seat, legal[rng.int(legal.length)]!).ok).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect([...kinds].sort()).toEqual(['card', 'item', 'seat', 'slot', 'unit']);
  });
});
