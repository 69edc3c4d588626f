/** Small helpers shared by the Struggle for Rome rule tests. */
import { expect } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { checkInvariants, struggleForRome as game } from '@tabula/struggle-for-rome';
import type { SfrAction, SfrState } from '@tabula/struggle-for-rome';

/** Applies an action that must be accepted, then checks the invariants. */
export function ok(st: SfrState, seat: number, a: SfrAction, log?: GameEvent[]): void {
  const r = game.apply(st, seat, a, log);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.code} ${r.error.message}`);
  expect(checkInvariants(st)).toEqual([]);
}

/**
 * The action is rejected — for `rule` and with error code `sfr.err.<code>` when given — and the
 * state is untouched.
 */
export function rejects(st: SfrState, seat: number, a: SfrAction, rule?: string, code?: string): void {
  const before = JSON.stringify(st);
  const r = game.apply(st, seat, a);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    if (rule !== undefined) expect(r.error.rule).toBe(rule);
    if (code !== undefined) expect(r.error.code).toBe(code.startsWith('sfr.err.') ? code : `sfr.err.${code}`);
  }
  expect(JSON.stringify(st)).toBe(before);
}
