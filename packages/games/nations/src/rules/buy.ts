/**
 * Buying a progress card (NAT-BUY): the checks (price, forbidden types, a colony's strength, one war a
 * round, a battle's manned military) and the purchase; `cards.ts` places what was bought.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { progressCard } from '../data.js';
import type { SeatMods } from '../derive.js';
import type { CardEntry } from '../derive.js';
import { ROUND_BUY, colonyRequirement, deckOf, price, priceOf, raid, seatMods, strength } from '../derive.js';
import type { NatState } from '../state.js';
import type { CardType, ProgressCard } from '../types.js';
import { placeTaken } from './cards.js';
import { fail } from './core.js';
import { voluntaryPay } from './payments.js';
import { markRoundConds } from './triggers.js';

/** Card types in words, for the English message ("golden age or wonder"). */
export function typesText(types: readonly string[]): string {
  const names: Record<string, string> = { goldenAge: 'golden age' };
  return types.map((t) => names[t] ?? t).join(' or ');
}

/** The card types a `takeCardFree` effect of card `src` takes (Galileo: golden ages and wonders). */
export function takeFreeTypes(src: unknown): CardType[] | null {
  if (typeof src !== 'string') return null;
  const c = progressCard(src);
  if (!c) return null;
  let out: CardType[] | null = null;
  const walk = (x: unknown): void => {
    if (out || !x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    const t = o.takeCardFree as { types?: CardType[] } | undefined;
    if (t && Array.isArray(t.types)) {
      out = t.types;
      return;
    }
    for (const v of Object.values(o)) walk(v);
  };
  walk(c);
  return out;
}

export function buyError(
  st: NatState,
  s: number,
  row: number,
  col: number,
  free: boolean,
  types?: CardType[],
  sm?: SeatMods,
) {
  if (!Number.isInteger(row) || row < 1 || row > 3 || !Number.isInteger(col) || col < 0 || col >= st.cols)
    return fail('space', 'There is no such space on the progress board.', 'NAT-COMP-2');
  const idx = (row - 1) * st.cols + col;
  const bc = st.board[idx];
  if (!bc) return fail('empty', 'That space of the progress board is empty.', 'NAT-BUY-8');
  const e = deckOf(st).boardEntry(idx, bc);
  const c = e.c;
  if (types && !types.includes(c.type))
    return fail('cardType', `Only a ${typesText(types)} can be taken this way.`, 'NAT-NOTE-30', { types });
  sm ??= seatMods(st, s);
  switch (buyProblem(st, s, row, e, free, sm, null)) {
    case null:
      return null;
    case 'gold':
      return fail('gold', `You need ${price(st, s, row, c, sm)} gold to buy that card.`, 'NAT-BUY-2');
    case 'forbidden':
      return fail('forbidden', 'A card in play forbids you to buy that type.', 'NAT-NOTE-39');
    case 'colonyStrength':
      return fail(
        'colonyStrength',
        `That colony needs strength ${colonyRequirement(st, s, c, sm)}.`,
        'NAT-COL-1',
      );
    case 'war':
      return fail('war', 'A war has already been bought this round.', 'NAT-WAR-1');
    case 'battle':
      return fail('battle', 'You need a manned military card to buy a battle.', 'NAT-BAT-1');
  }
}

/**
 * What the buy checks of one listing compute at most once: the seat's strength (a colony's requirement) and
 * raid value (a battle), filled when first needed. Made by the caller and passed down, never kept.
 */
export interface BuyMemo {
  str: number | undefined;
  raid: number | null | undefined;
}
export const buyMemo = (): BuyMemo => ({ str: undefined, raid: undefined });

/**
 * Why seat s may not buy card e from a space of row `row` (null: it may): the checks of `buyError` once the space
 * and its card are known, without building an error (the legal-action listing asks this of every space; `memo`
 * keeps its strength and raid value across the spaces, null: none).
 */
export function buyProblem(
  st: NatState,
  s: number,
  row: number,
  e: CardEntry,
  free: boolean,
  sm: SeatMods,
  memo: BuyMemo | null,
): 'gold' | 'forbidden' | 'colonyStrength' | 'war' | 'battle' | null {
  const t = e.type;
  if (!free && st.players[s]!.res.gold < priceOf(row, t, sm)) return 'gold';
  if (sm.cannot.length && sm.cannot.includes(t)) return 'forbidden';
  if (t === 'colony') {
    let str: number;
    if (memo === null) str = strength(st, s);
    else str = memo.str ??= strength(st, s);
    if (str < e.requiredStrength + sm.colonyDelta) return 'colonyStrength';
  }
  if (t === 'war' && st.warBought) return 'war';
  if (t === 'battle') {
    let r: number | null;
    if (memo === null) r = raid(st, s);
    else r = memo.raid === undefined ? (memo.raid = raid(st, s)) : memo.raid;
    if (r === null) return 'battle';
  }
  return null;
}

export function buy(st: NatState, s: number, row: number, col: number, free: boolean, log: EventSink): void {
  const p = st.players[s]!;
  const idx = (row - 1) * st.cols + col;
  const bc = st.board[idx]!;
  const c = deckOf(st).boardEntry(idx, bc).c;
  st.board[idx] = null;
  const paid = free ? 0 : price(st, s, row, c);
  if (paid > 0) voluntaryPay(st, s, { gold: paid }, log);
  if (bc.a > 0) p.priv += bc.a; // NAT-BUY-6
  if (log)
    emit(log, 'nat.ev.buy', { seat: s, card: c.id, row, col, paid, free }, [
      'NAT-BUY-1',
      'NAT-BUY-2',
      'NAT-BUY-5',
    ]);
  takeCard(st, s, c, paid, log);
}

/** A bought card resolves by its type (also a card taken from a deck: Antikythera, NAT-MODEL-14). */
export function takeCard(st: NatState, s: number, c: ProgressCard, paid: number, log: EventSink): void {
  placeTaken(st, s, c, paid, log);
  // NAT-REM-6: a purchase can meet a per-round condition ("if you bought a colony this round").
  markRoundConds(st, s, ROUND_BUY);
}
