/** Test helpers: a game played by its timeout defaults up to a chosen decision, and refusal checks. */
import { expect } from 'vitest';
import type { RwAction, RwState } from '@tabula/runewars';
import { runewars as g, passWindows } from '@tabula/runewars';

export function newGame(n: number, seed = 't', options: unknown = {}): RwState {
  const o = g.parseOptions(options);
  if (!o.ok) throw new Error(o.error.message);
  const s = g.setup(o.value, n, seed);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

/** Plays every seat's timeout default until `stop` holds (or the game ends). */
export function playDefaults(st: RwState, stop: (st: RwState) => boolean, max = 5000): RwState {
  for (let i = 0; i < max && !g.outcome(st) && !stop(st); i++) {
    const p = g.prompts(st).find((x) => !x.optional)!;
    const a = g.defaultAction(st, p.seat)!;
    const r = g.apply(st, p.seat, a);
    if (!r.ok) throw new Error(r.error.message);
  }
  return st;
}

export const top = (st: RwState) => st.stack[st.stack.length - 1]!;

/** A game at the first Order selection (spring of year 1). */
export function atOrders(n: number, seed = 't'): RwState {
  return playDefaults(newGame(n, seed), (st) => top(st).k === 'orders');
}

/** Applies an action (timing windows on either side of it passed, `passWindows`); fails on a refusal. */
export function act(st: RwState, seat: number, a: RwAction): void {
  if (a.type !== 'pass' && a.type !== 'play') passWindows(st);
  const r = g.apply(st, seat, a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
  if (a.type !== 'pass' && a.type !== 'play') passWindows(st);
}

export function rejects(st: RwState, seat: number, a: unknown, rule: string, code?: string): void {
  const before = JSON.stringify(st);
  const r = g.apply(st, seat, a as RwAction);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.rule).toBe(rule);
    if (code) expect(r.error.code).toBe(`rw.err.${code}`);
  }
  expect(JSON.stringify(st)).toBe(before);
}

/** Chooses these Orders for every seat (seat → card) and reveals them. */
export function chooseOrders(st: RwState, cards: number[]): void {
  cards.forEach((n, s) => act(st, s, { type: 'order', n }));
}
