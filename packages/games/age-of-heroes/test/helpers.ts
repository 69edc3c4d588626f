/**
 * Helpers shared by the Age of Heroes rule tests: applying inputs, expecting rejections that leave
 * the state untouched, reading the event log, answering windows and playing forward with defaults.
 * Letters A, B, C, D… are seats 0, 1, 2, 3….
 */
import { expect } from 'vitest';
import type { GameEvent, RuleError, Seat } from '@tabula/engine';
import { ageOfHeroes, applySteps, checkInvariants } from '@tabula/age-of-heroes';
import type { AohAction, AohState } from '@tabula/age-of-heroes';

export const game = ageOfHeroes;
export const [A, B, C, D] = [0, 1, 2, 3] as const;
export type Log = GameEvent[];

/** Applies an input (one action, or a compound input as its steps) and expects it to be accepted. */
export function act(st: AohState, seat: Seat, a: AohAction | AohAction[], log?: Log): void {
  const r = Array.isArray(a) ? applySteps(st, seat, a, log) : game.apply(st, seat, a, log);
  expect(r, `${seat} ${JSON.stringify(a)}`).toEqual({ ok: true });
}

/** Expects a rejection (citing `rule`, if given) that leaves the state untouched; returns the error. */
export function rejected(st: AohState, seat: Seat, a: AohAction | AohAction[], rule?: string): RuleError {
  const before = JSON.stringify(st);
  const r = Array.isArray(a) ? applySteps(st, seat, a, []) : game.apply(st, seat, a, []);
  expect(r.ok, JSON.stringify(a)).toBe(false);
  if (r.ok) throw new Error('accepted');
  if (rule) expect(r.error.rule).toBe(rule);
  expect(JSON.stringify(st)).toBe(before);
  return r.error;
}

/** The invariants hold. */
export const sane = (st: AohState) => expect(checkInvariants(st)).toEqual([]);

/** Every open prompt as "seat:kind". */
export const kinds = (st: AohState) => game.prompts(st).map((p) => `${p.seat}:${p.kind}`);

/** The events of one key (parameters always present). */
export const events = (log: Log, key: string) =>
  log.filter((e) => e.key === key).map((e) => ({ ...e, params: e.params ?? {} }));

/** The parameters of the one event of `key`. */
export const one = (log: Log, key: string) => {
  const es = events(log, key);
  expect(es, key).toHaveLength(1);
  return es[0]!.params;
};

export const keys = (log: Log) => log.map((e) => e.key);
export const count = (xs: readonly string[], c: string) => xs.filter((x) => x === c).length;
export const sorted = (xs: readonly string[]) => xs.slice().sort();

const ORD = ['iron', 'wood', 'grain', 'stone'];
/** n ordinary cards (never an immediate), for stacking the resource deck. */
export const plain = (n: number, start = 0) => Array.from({ length: n }, (_, i) => ORD[(i + start) % 4]!);

/** Answers every open Luck or defence window with "pass". */
export function passWindows(st: AohState, log?: Log): void {
  for (;;) {
    const p = game.prompts(st).find((x) => x.kind === 'aoh.luck' || x.kind === 'aoh.response');
    if (!p) return;
    act(st, p.seat, { type: 'pass' }, log);
  }
}

/** Ends the current seat's turn from its phase-2 prompt: pass, place nothing, default discards. */
export function passTurn(st: AohState, seat: Seat, log?: Log): void {
  act(st, seat, { type: 'pass' }, log);
  act(st, seat, { type: 'monument', count: 0 }, log);
  while (kinds(st).includes(`${seat}:aoh.discard`)) act(st, seat, game.defaultAction(st, seat)!, log);
}

/** Every seat still in the game that is not ready says "ready" (closes the trading window). */
export function allReady(st: AohState, log?: Log): void {
  for (let s = 0; s < st.n; s++)
    if (st.p[s]!.alive && st.market && !st.market.ready[s]) act(st, s, { type: 'ready' }, log);
}

/**
 * Plays the game forward with the timeout defaults (pass, place nothing, ready …) until `seat` is
 * asked for his phase-2 action.
 */
export function playTo(st: AohState, seat: Seat, log?: Log): void {
  for (let i = 0; i < 200; i++) {
    const ps = game.prompts(st).filter((p) => !p.optional);
    if (ps.some((p) => p.seat === seat && p.kind === 'aoh.action')) return;
    expect(ps.length, 'the game waits for nobody').toBeGreaterThan(0);
    const p = ps[0]!;
    act(st, p.seat, game.defaultAction(st, p.seat)!, log);
  }
  throw new Error('playTo: too many steps');
}

/** Answers every awaited decision with its timeout default until `stop` holds or the game ends. */
export function drive(st: AohState, stop: (s: AohState) => boolean, log?: Log, max = 400): void {
  for (let i = 0; i < max; i++) {
    if (st.over || stop(st)) return;
    const p = game.prompts(st).find((x) => !x.optional);
    if (!p) throw new Error('no awaited decision');
    act(st, p.seat, game.defaultAction(st, p.seat)!, log);
  }
  throw new Error('drive: step limit reached');
}

/** Applies timeout defaults to the first waiting seat until `done` holds, and expects it to. */
export function pump(st: AohState, done: (s: AohState) => boolean, log?: Log, max = 3000): void {
  drive(st, done, log, max);
  expect(done(st)).toBe(true);
}

/** The index in the battle of `army`'s `nth` unit on `side`. */
export const unitOf = (st: AohState, side: 0 | 1, army: number, nth = 0) => {
  const idx = st
    .war!.units.map((u, i) => (u.side === side && u.army === army ? i : -1))
    .filter((i) => i >= 0);
  return idx[nth]!;
};
