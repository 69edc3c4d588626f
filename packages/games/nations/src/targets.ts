/**
 * What an action is about (the contract's `targetsOf`), for a drawn board to highlight: a progress-board space,
 * a slot of the acting nation's building and military row, a card in play (by instance id), or an item (a
 * resource type, the idle workers, an architect). Read from the action alone:
 *
 * - a progress-board space named by row and column (buy, a free take) is `"<row>:<col>"` (row 1–3, column from
 *   0, as in the action); a space named by its index (a swap) is that index in the view's `board`;
 * - a row slot is its index in the nation's `row`; a card is its instance id `u` (−1: the nation board);
 * - items: `gold`, `stone`, `food`, `books`, `idle` (the idle workers), `architect`, `privateArchitect`,
 *   `worker` (growth), and a nation's id (the B-side draft).
 */
import type { Target } from '@tabula/engine';
import { choiceKind } from './describe.js';
import type { Choose, NatAction } from './state.js';
import type { Bag } from './types.js';

const space = (row: unknown, col: unknown): Target => ({
  kind: 'space',
  id: `${String(row)}:${String(col)}`,
});
const slot = (i: unknown): Target => ({ kind: 'slot', id: Number(i) });
/** A worker's source: a row slot, or the idle workers (−1). */
const source = (from: unknown): Target => (from === -1 ? { kind: 'item', id: 'idle' } : slot(from));
const items = (bag: unknown): Target[] =>
  Object.entries((bag ?? {}) as Bag)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([r]) => ({ kind: 'item', id: r }));

export function targetsOf(a: NatAction): readonly Target[] {
  switch (a.type) {
    case 'buy':
      return [space(a.row, a.col)];
    case 'deploy':
      return [slot(a.to), source(a.from)];
    case 'undeploy':
      return [slot(a.slot)];
    case 'hire':
      return [{ kind: 'item', id: a.private ? 'privateArchitect' : 'architect' }];
    case 'ability':
      return [{ kind: 'card', id: a.card }];
    case 'choose':
      return choiceTargets(a as Choose);
    default:
      return []; // pass, end, resign
  }
}

function choiceTargets(c: Choose): Target[] {
  switch (choiceKind(c, undefined)) {
    case 'nation':
      return [{ kind: 'item', id: String(c.nation) }];
    case 'growth':
      return [{ kind: 'item', id: c.take === 'worker' ? 'worker' : String(c.res) }];
    case 'machiavelli':
      return [{ kind: 'card', id: String(c.event) }];
    case 'place':
    case 'undeployFor':
      return c.slot === undefined ? [] : [slot(c.slot)];
    case 'advisorOut':
    case 'colonyOut':
    case 'removeCard':
      return [{ kind: 'card', id: Number(c.remove) }];
    case 'cover':
      return c.cover === null ? [] : [{ kind: 'card', id: Number(c.cover) }];
    case 'golden':
      return c.pay !== undefined
        ? items(c.pay)
        : c.res && c.res !== 'none'
          ? [{ kind: 'item', id: String(c.res) }]
          : [];
    case 'battle':
    case 'gainChoice':
    case 'prodChoice':
      return [{ kind: 'item', id: String(c.res) }];
    case 'subst':
      return items(c.lose);
    case 'warSpread':
      return items(c.loss);
    case 'deployFree':
      return c.stop ? [] : [slot(c.to), source(c.from)];
    case 'loseWorker':
      return [source(c.from)];
    case 'takeFree':
      return [space(c.row, c.col)];
    case 'swap':
      return (c.swap as number[]).map((i) => ({ kind: 'space', id: i }));
    case 'turk':
      return [{ kind: 'seat', id: Number(c.give) }];
    default:
      return []; // offers, branches, free architects, a side of the track
  }
}
