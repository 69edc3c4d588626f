/**
 * Shared by every chapter: the rules version, the refusal builder (`nat.err.*`), the resource orders, the id of
 * a card instance.
 */
import { ruleError } from '@tabula/engine';
import type { Player } from '../state.js';
import type { Res } from '../types.js';

export const RULES_VERSION = '4';

export const fail = ruleError('nat.err');

export const RES4: readonly Res[] = ['gold', 'stone', 'food', 'books'];

/** Payment order of the production step (NAT-PROD-5). */
export const PAY_ORDER: readonly Res[] = ['gold', 'food', 'stone', 'books'];

/** The card id of instance u among a player's cards in play ('' when none; the last one found, in slot order). */
export function cardIdOf(p: Player, u: number): string {
  let id = '';
  for (const x of p.advisors) if (x.u === u) id = x.id;
  for (const x of p.row) if (x && x.u === u) id = x.id;
  for (const x of p.colonies) if (x.u === u) id = x.id;
  for (const x of p.wonders) if (x.u === u) id = x.id;
  return id;
}
