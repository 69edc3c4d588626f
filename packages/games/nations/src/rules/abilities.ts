/**
 * Abilities (NAT-ABIL): the cards and boards with abilities, whether one may be used now, and the actions a
 * turn offers for them.
 */
import type { Deck } from '../derive.js';
import { AREA_ADVISORS, AREA_COLONIES, AREA_ROW, AREA_WONDERS, inPlay } from '../deck.js';
import { BOARD_ABILITIES, board, cond, deckOf, F_ABIL } from '../derive.js';
import type { Inst } from '../state.js';
import type { NatAction, NatState } from '../state.js';
import type { Effect, ProgressCard } from '../types.js';
import { fail } from './core.js';
import { deployFreeOptions, takeFreeOptions, turkReceivers } from './effects.js';
import { affordable } from './payments.js';
import { canTakeWorker } from './round.js';
import { mainLeft } from './turn.js';

/**
 * Calls fn for each source of a seat's abilities in slot order (the board, advisors, manned row cards,
 * colonies, wonders): its instance id (-1 = the board) and its abilities.
 */
export function eachAbilitySource(
  st: NatState,
  s: number,
  fn: (u: number, abilities: NonNullable<ProgressCard['abilities']>) => void,
): void {
  const p = st.players[s]!;
  if (BOARD_ABILITIES) {
    const b = board(p);
    if (b.abilities) fn(-1, b.abilities);
  }
  const dk = deckOf(st);
  // Only the areas where a card with abilities can lie (the deck's data, by card type) and was put (`InPlay`).
  const areas = dk.abilityAreas & inPlay(st).abilities;
  if (areas & AREA_ADVISORS) for (const x of p.advisors) abilitiesOf(dk, x, fn);
  if (areas & AREA_ROW) for (const x of p.row) if (x && x.w > 0) abilitiesOf(dk, x, fn);
  if (areas & AREA_COLONIES) for (const x of p.colonies) abilitiesOf(dk, x, fn);
  if (areas & AREA_WONDERS) for (const x of p.wonders) abilitiesOf(dk, x, fn);
}
function abilitiesOf(
  dk: Deck,
  x: Inst,
  fn: (u: number, abilities: NonNullable<ProgressCard['abilities']>) => void,
): void {
  const e = dk.instEntry(x);
  if (e.flags & F_ABIL) fn(x.u, e.c.abilities ?? []);
}

/** The sources of a seat's abilities: [instance id (-1 = board), abilities]. */
export function abilitySources(
  st: NatState,
  s: number,
): Array<[number, NonNullable<ProgressCard['abilities']>]> {
  const out: Array<[number, NonNullable<ProgressCard['abilities']>]> = [];
  eachAbilitySource(st, s, (u, abilities) => out.push([u, abilities]));
  return out;
}

export function abilityError(st: NatState, s: number, a: { card: number; ability: string; cost?: number }) {
  const src = abilitySources(st, s).find(([u]) => u === a.card);
  if (!src) return fail('noAbility', 'You have no such card with an ability in play.', 'NAT-ABIL-4');
  const ab = src[1].find((x) => x.id === a.ability);
  if (!ab) return fail('noAbility', 'That card has no such ability.', 'NAT-ABIL-2');
  return abilityUseError(st, s, a.card, ab, a.cost);
}

/** The checks of `abilityError` once the source (instance `u`, -1 = the board) and its ability are known. */
export function abilityUseError(
  st: NatState,
  s: number,
  u: number,
  ab: NonNullable<ProgressCard['abilities']>[number],
  cost: number | undefined,
) {
  const p = st.players[s]!;
  if (ab.timing === 'action' && mainLeft(st) <= 0)
    return fail('noAction', 'You have no main action left this turn.', 'NAT-ABIL-2');
  if (ab.perRound && p.used.includes(u))
    return fail('used', 'That ability was already used this round.', 'NAT-ABIL-1');
  if (ab.if && !cond(st, s, ab.if))
    return fail('condition', 'The condition of that ability does not hold.', 'NAT-MODEL-6');
  if (ab.cost) {
    const costs = Array.isArray(ab.cost) ? ab.cost : [ab.cost];
    const i = cost ?? 0;
    if (!Number.isInteger(i) || i < 0 || i >= costs.length)
      return fail('cost', 'No such cost option.', 'NAT-ABIL-3');
    if (!affordable(p, costs[i]!))
      return fail('afford', 'You cannot pay the cost of that ability.', 'NAT-ABIL-3');
  }
  if (!abilityUseful(st, s, ab.effects))
    return fail('useless', 'That ability can do nothing now.', 'NAT-ABIL-1');
  return null;
}

const NO_PICKS: number[][] = [];
function boardCards(st: NatState): number {
  let n = 0;
  for (const b of st.board) if (b) n++;
  return n;
}
/** Abilities that could not act (no worker to take, no colony, no board card) are not offered. */
export function abilityUseful(st: NatState, s: number, effs: Effect[]): boolean {
  const p = st.players[s]!;
  for (const e of effs) {
    if ('gainWorker' in e && !canTakeWorker(p)) return false;
    if ('takeCardFree' in e && !takeFreeOptions(st, s, e.takeCardFree.types, true).length) return false;
    if ('swapBoardCards' in e && boardCards(st) < 2) return false;
    if ('deployFree' in e && !deployFreeOptions(st, s, null, undefined, NO_PICKS, true).length) return false;
    if ('removeCard' in e && e.removeCard.type === 'colony' && p.colonies.length === 0) return false;
    if ('hook' in e && e.hook === 'mechanicalTurk' && turkReceivers(st, s).length === 0) return false;
  }
  return true;
}

export function abilityActions(
  st: NatState,
  seat: number,
  u: number,
  abilities: NonNullable<ProgressCard['abilities']>,
  out: NatAction[],
): void {
  for (const ab of abilities) {
    const n = Array.isArray(ab.cost) ? ab.cost.length : 1;
    for (let c = 0; c < n; c++)
      if (!abilityUseError(st, seat, u, ab, n > 1 ? c : undefined))
        out.push(
          n > 1
            ? { type: 'ability', card: u, ability: ab.id, cost: c }
            : { type: 'ability', card: u, ability: ab.id },
        );
  }
}
