/** Arrows and prices of a listed move, read from the map alone (for badges, paths and buttons). */
import type { Rt, SfrAction } from '@tabula/struggle-for-rome';

type Move = Extract<SfrAction, { type: 'move' }>;

/** The arrows (0 plain, 1 land, 2 sea) crossed along a move's route, in order. */
export function arrowsOf(r: Rt, route: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < route.length; i++) {
    const x = r.nodeIdx.get(route[i - 1]!),
      y = r.nodeIdx.get(route[i]!);
    if (x === undefined || y === undefined) continue;
    const j = r.nodes[x]!.adj.indexOf(y);
    const a = j >= 0 ? r.nodes[x]!.arrow[j]! : 0;
    if (a) out.push(a);
  }
  return out;
}

/** How many arrows of the move are paid for (beyond the free ones, or free sea arrows of a fleet). */
export function arrowsPaid(r: Rt, a: Move): number {
  const arrows = arrowsOf(r, a.route);
  const card = a.card ? r.dev.get(a.card) : undefined;
  const free =
    card?.effect.type === 'freeArrows' ? Math.max(r.C.freeArrows, card.effect.count) : r.C.freeArrows;
  const seaFree = card?.effect.type === 'freeSeaArrows';
  let paid = 0,
    used = 0;
  for (const x of arrows) {
    if (used < free) used++;
    else if (!(x === 2 && seaFree)) paid++;
  }
  return paid;
}

export const bySea = (r: Rt, a: Move): boolean => arrowsOf(r, a.route).includes(2);
