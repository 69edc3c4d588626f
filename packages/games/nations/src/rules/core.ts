/**
 * Shared by every chapter: the rules version, the refusal builder (`nat.err.*`), the resource orders, the id of
 * a card instance.
 */
import { ruleError } from '@tabula/engine';
import { eachCard } from '../derive.js';
import type { Player } from '../state.js';
import type { Res } from '../types.js';

export const RULES_VERSION = '4';

export const fail = ruleError('nat.err');

export const RES4: readonly Res[] = ['gold', 'stone', 'food', 'books'];

/** Payment order of the production step (NAT-PROD-5). */
export const PAY_ORDER: readonly Res[] = ['gold', 'food', 'stone', 'books'];

export function cardIdOf(p: Player, u: number): string {
  let id = '';
  eachCard(p, false, (i) => {
    if (i.u === u) id = i.id;
  });
  return id;
}
