/**
 * Deploying workers and hiring architects (NAT-DEPLOY, NAT-ARCH): the checks, the costs, moves between
 * cards, free deployments and free architects.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import type { SeatMods } from '../derive.js';
import { architectCost, card, deckOf, entryStone, seatMods } from '../derive.js';
import type { NatState } from '../state.js';
import type { Bag, ProgressCard } from '../types.js';
import { fail } from './core.js';
import { voluntaryPay } from './payments.js';
import { checkRemovals } from './removal.js';

export function deployError(
  st: NatState,
  s: number,
  from: number,
  to: number,
  free: boolean,
  onto: ProgressCard['type'][] | null,
  sm?: SeatMods,
) {
  const p = st.players[s]!;
  if (!Number.isInteger(to) || !p.row[to])
    return fail('target', 'Workers go only on your building and military cards.', 'NAT-DEPLOY-1');
  if (from === to) return fail('same', 'The worker is already on that card.', 'NAT-DEPLOY-9');
  if (from === -1) {
    if (p.idle <= 0) return fail('noIdle', 'You have no idle worker.', 'NAT-DEPLOY-2');
  } else if (!Number.isInteger(from) || !p.row[from] || p.row[from]!.w <= 0)
    return fail('source', 'There is no worker on that card to move.', 'NAT-DEPLOY-2');
  const e = deckOf(st).instEntry(p.row[to]!);
  if (onto && !onto.includes(e.type))
    return fail('onto', 'This deployment must go onto another kind of card.', 'NAT-EVENT-14');
  if (!free) {
    // The cost of `deployCost`, read from the compiled card: stone with the seat's modifiers, then gold, food and
    // books as printed.
    const stone = entryStone(e, sm ?? seatMods(st, s));
    if (p.res.stone < stone) return fail('stone', `Deploying there costs ${stone} stone.`, 'NAT-DEPLOY-3');
    if (e.dcGold && p.res.gold < e.dcGold)
      return fail('cost', `Deploying there costs ${e.dcGold} gold.`, 'NAT-DEPLOY-3');
    if (e.dcFood && p.res.food < e.dcFood)
      return fail('cost', `Deploying there costs ${e.dcFood} food.`, 'NAT-DEPLOY-3');
    if (e.dcBooks && p.res.books < e.dcBooks)
      return fail('cost', `Deploying there costs ${e.dcBooks} books.`, 'NAT-DEPLOY-3');
  }
  return null;
}

export function hireError(st: NatState, s: number, priv: boolean) {
  const p = st.players[s]!;
  if (!p.wip) return fail('noWonder', 'You have no wonder under construction.', 'NAT-ARCH-1');
  const c = card(p.wip.id);
  if (p.wip.built >= c.stages!.length)
    return fail('built', 'Every stage of the wonder is built.', 'NAT-ARCH-1');
  if (priv ? p.priv <= 0 : st.pool <= 0)
    return fail(
      'noArchitect',
      priv ? 'You have no private architect.' : 'No architect is left in the pool.',
      'NAT-ARCH-1',
    );
  const cost = architectCost(st, s, c.stages![p.wip.built]!);
  if (p.res.stone < cost) return fail('stone', `That stage costs ${cost} stone.`, 'NAT-ARCH-1');
  return null;
}

export function deploy(
  st: NatState,
  s: number,
  from: number,
  to: number,
  free: boolean,
  log: EventSink,
): void {
  const p = st.players[s]!;
  const target = p.row[to]!;
  const e = deckOf(st).instEntry(target);
  if (from === -1) p.idle--;
  else {
    // NAT-DEPLOY-5: undeploy first; the state between is real (NAT-REM-2).
    p.row[from]!.w--;
    p.idle++;
    checkRemovals(st, log);
    p.idle--;
  }
  if (!free) {
    // `deployCost` read from the compiled card (stone with the seat's modifiers, then gold, food, books).
    const bag: Bag = {};
    const stone = entryStone(e, seatMods(st, s));
    if (stone) bag.stone = stone;
    if (e.dcGold) bag.gold = e.dcGold;
    if (e.dcFood) bag.food = e.dcFood;
    if (e.dcBooks) bag.books = e.dcBooks;
    voluntaryPay(st, s, bag, log);
  }
  target.w++;
  if (log)
    emit(log, 'nat.ev.deploy', { seat: s, card: target.id, from, to, free }, [
      'NAT-DEPLOY-1',
      'NAT-DEPLOY-3',
      'NAT-DEPLOY-4',
    ]);
}

export function hire(st: NatState, s: number, priv: boolean, free: boolean, log: EventSink): void {
  const p = st.players[s]!;
  const w = p.wip!;
  const c = card(w.id);
  if (!free) {
    if (priv) p.priv--;
    else st.pool--;
    const cost = architectCost(st, s, c.stages![w.built]!);
    if (cost > 0) voluntaryPay(st, s, { stone: cost }, log);
  }
  w.built++;
  emit(
    log,
    'nat.ev.hire',
    { seat: s, card: w.id, stage: w.built, private: priv, free },
    free ? ['NAT-ARCH-6'] : ['NAT-ARCH-1', 'NAT-ARCH-2'],
  );
  if (w.built >= c.stages!.length) {
    // NAT-WON-5: (a) architects back, (b) triggers, (c) cover/placement, (d) effects.
    p.wip = null;
    st.stack.push({ t: 'complete', s, id: w.id, u: w.u });
    st.stack.push({ t: 'fire', on: 'wonderCompleted', s, data: { id: w.id } });
  }
  st.stack.push({ t: 'fire', on: 'hireArchitect', s, data: {} });
}

/** NAT-ARCH-6 / NAT-NOTE-16: free architects from the supply, one stage each; extras are lost. */
export function placeFreeArchitects(st: NatState, s: number, n: number, log: EventSink): void {
  const p = st.players[s]!;
  if (!p.wip || n <= 0) return;
  const stages = card(p.wip.id).stages!.length;
  const k = Math.min(n, stages - p.wip.built);
  // Each placement is a hire for triggers; completion ends the placement.
  for (let i = 0; i < k; i++) {
    if (!p.wip) return;
    hire(st, s, false, true, log);
  }
}
