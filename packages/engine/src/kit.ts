/**
 * A small game-agnostic kit for rules modules: the helpers every game's rules code writes the same
 * way (events with an audience, namespaced rule errors, the checks every apply() starts with, the
 * fallback seat name). Nothing here knows about any particular game.
 */
import type { EventSink, GameEvent, Locale, RuleError, Seat } from './contract.js';
import { err } from './contract.js';

/** The failure half of an ApplyResult. */
export type RuleFailure = { ok: false; error: RuleError };

/**
 * Makes a rejection with a code in a game's namespace, e.g. `fail('noCard', …)` → code `xyz.err.noCard`.
 * `params` fill the slots of the code's catalog message (the localised form of `message`).
 */
export type FailFn = (
  code: string,
  message: string,
  rule?: string,
  params?: Record<string, unknown>,
) => RuleFailure;

/**
 * Appends an event to `log` (nothing at all when nobody reads the log: no allocation here).
 * `to` restricts it to those seats, `notTo` shows it to everyone but those seats.
 */
export function emit(
  log: EventSink,
  key: string,
  params: Record<string, unknown>,
  rules: readonly string[],
  to?: readonly Seat[],
  notTo?: readonly Seat[],
): void {
  if (!log) return;
  const e: GameEvent = { key, params, rules };
  if (to) e.to = to;
  if (notTo) e.notTo = notTo;
  log.push(e);
}

/** A rule-error factory for one game: `ruleError('xyz.err')('noCard', msg, rule)` → code `xyz.err.noCard`. */
export function ruleError(prefix: string): FailFn {
  const p = `${prefix}.`;
  return (code, message, rule, params) => err(p + code, message, rule, params);
}

/**
 * The checks every apply() starts with, whatever the game: the action is an object with a string
 * `type`, and the seat is one of the table's. Null when both hold. `rule` is the game's rule that
 * makes anything else illegal (its decision points).
 */
export function inputError(
  fail: FailFn,
  action: unknown,
  seat: Seat,
  seats: number,
  rule?: string,
): RuleFailure | null {
  if (!action || typeof action !== 'object' || typeof (action as { type?: unknown }).type !== 'string')
    return fail('malformed', 'An action must be an object with a "type".', rule);
  if (!Number.isInteger(seat) || seat < 0 || seat >= seats)
    return fail('seat', 'There is no such seat in this game.', rule);
  return null;
}

/** The seat name used when the caller gives none: "Player 1" / "Игрок 1". */
export const defaultSeatName =
  (l: Locale) =>
  (s: Seat): string =>
    l === 'ru' ? `Игрок ${s + 1}` : `Player ${s + 1}`;

/**
 * Each seat's chances from its standing (points or any measure where more is better), for
 * `GameModule.evaluate`: a softmax of the standings on `scale` (a lead of `scale` points makes a seat about
 * e ≈ 2.7 times likelier to win than the other). Seats out of the game (`out`) get none.
 */
export function chancesOf(
  standing: readonly number[],
  scale: number,
  out?: (seat: Seat) => boolean,
): number[] {
  let top = -Infinity;
  for (let s = 0; s < standing.length; s++) if (!out?.(s) && standing[s]! > top) top = standing[s]!;
  const e = standing.map((v, s) => (out?.(s) || top === -Infinity ? 0 : Math.exp((v - top) / scale)));
  const z = e.reduce((a, b) => a + b, 0);
  return z > 0 ? e.map((x) => x / z) : standing.map(() => 1 / Math.max(1, standing.length));
}
