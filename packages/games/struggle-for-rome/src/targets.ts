/**
 * What an action is about (the contract's `targetsOf`), for a drawn board to highlight, read from the
 * action alone, ids as the actions and the data name them:
 *
 * - a space of the map: a hex (`'h0901'`: the legionnaire, a Diplomat), a crossroads (`'n079'`: a
 *   move's destination) or a city (`'verona'`: plunder, founding, expansion);
 * - a seat: the victim of a robbery, the addressee of an offer draft, the partner of a trade;
 * - a card: a development card played or revealed (its card id, e.g. `'traitor'`), also a movement or
 *   deed played with a card;
 * - a slot: the tribe box a wagon goes into (`'horsemen'`, `'warriors'`);
 * - an item: a resource kind or gold (`grain`, `ore`, `horses`, `cattle`, `gold`), a blind pasture
 *   draw (`pasture`), and what a purchase buys (`pair`, `dev`).
 *
 * Actions about no one thing (staying, ending a step, posting or dropping a draft, answering the offer
 * in front of one, resigning) have none.
 */
import type { Target } from '@tabula/engine';
import type { SfrAction } from './types.js';

const space = (id: string): Target => ({ kind: 'space', id });
const item = (id: string): Target => ({ kind: 'item', id });
const card = (id: string): Target => ({ kind: 'card', id });
const seat = (id: number): Target => ({ kind: 'seat', id });

/** A movement's or a deed's own target, with the card played with it (if any). */
const withCard = (t: Target, c: string | undefined): Target[] => (c === undefined ? [t] : [t, card(c)]);

export function targetsOf(a: SfrAction): readonly Target[] {
  switch (a.type) {
    case 'legion':
      return [space(a.hex)];
    case 'rob':
      return [seat(a.seat)];
    case 'returnPasture': {
      const out: Target[] = [];
      if (a.horses > 0) out.push(item('horses'));
      if (a.cattle > 0) out.push(item('cattle'));
      return out;
    }
    case 'bank':
      return [item(a.give), item(a.get)];
    case 'buyPair':
      return [item('pair')];
    case 'buyWagon':
      return [{ kind: 'slot', id: a.box }];
    case 'buyDev':
      return [item('dev')];
    case 'play': {
      const out: Target[] = [card(a.card)];
      if (a.hex !== undefined) out.push(space(a.hex));
      if (a.take) for (const t of a.take) if (!out.some((x) => x.id === t)) out.push(item(t));
      return out;
    }
    case 'reveal':
      return [card(a.card)];
    case 'draft':
      return a.to >= 0 ? [seat(a.to)] : [];
    case 'give':
    case 'ungive':
    case 'want':
    case 'unwant':
      return [item(a.item)];
    case 'execute':
      return [seat(a.with)];
    case 'rest':
      return [item(a.take)];
    case 'move':
      return withCard(space(a.to), a.card);
    case 'plunder':
    case 'found':
    case 'expand':
      return withCard(space(a.city), a.card);
    default:
      return []; // stay, robNone, post, drop, withdraw, accept, decline, endStep, resign
  }
}
