/**
 * Typed targets (the contract's `targetsOf`): the things on the table an action is about, so that a drawn
 * table can highlight what may be clicked. Ids are the things' ids in the view:
 * - `unit`: an army, by its id (`Army.id`);
 * - `seat`: a player's seat;
 * - `card`: a resource card in hand by its type (`'iron'`, `'luck'`…), or a battle card by its value (a number);
 * - `item`: a kind of item to build (`'city'`, `'road'`…) or a tribe to pick;
 * - `slot`: a place on the table — a unit's position in the battle line (`WarView.units` index), or a posted
 *   offer on the market (`'offer:<id>'`).
 * An action about no one thing (pass, done, ready, a count) has none.
 */
import type { Target } from '@tabula/engine';
import type { AohAction } from './types.js';

const NONE: readonly Target[] = Object.freeze([]);
const HERO: Target = { kind: 'card', id: 'mighty_hero' };

const unit = (id: number): Target => ({ kind: 'unit', id });
const seat = (id: number): Target => ({ kind: 'seat', id });
const card = (id: string | number): Target => ({ kind: 'card', id });
const offer = (id: number): Target => ({ kind: 'slot', id: `offer:${id}` });

export function targetsOf(a: AohAction): readonly Target[] {
  switch (a.type) {
    case 'tribe':
      return [{ kind: 'item', id: a.tribe }];
    case 'war':
      return [seat(a.target)];
    case 'swap':
    case 'discard':
    case 'offerGive':
    case 'offerUngive':
    case 'offerWant':
    case 'offerUnwant':
      return [card(a.card)];
    case 'buildItem': {
      const out: Target[] = [{ kind: 'item', id: a.item }];
      if (a.host !== undefined) out.push(unit(a.host));
      if (a.to !== undefined) out.push(seat(a.to));
      return out;
    }
    case 'warArmy':
    case 'warUnarmy':
      return [unit(a.army)];
    case 'warHero':
      return a.host === -1 ? [HERO] : [HERO, unit(a.host)];
    case 'respond': {
      const out: Target[] = [HERO];
      for (const h of a.heroes) if (h !== -1) out.push(unit(h));
      return out;
    }
    case 'olympics':
      return [card('olympic_games')];
    case 'luck':
      return [card('luck')];
    case 'quakeTarget':
      return [unit(a.army)];
    case 'volcanoTarget':
      return [seat(a.seat)];
    case 'place':
      return [{ kind: 'slot', id: a.unit }, card(a.card)];
    case 'duel':
      return [{ kind: 'slot', id: a.unit }];
    case 'offerTo':
      return a.seat === -1 ? NONE : [seat(a.seat)];
    case 'accept':
    case 'decline':
    case 'withdraw':
      return [offer(a.offer)];
    default:
      return NONE;
  }
}
