/**
 * The canonical form of a client's action: the listed legal action it matches, never the client's own
 * object. A server stores and relays only what the rules listed, so an action log holds nothing a client
 * invented (extra fields, other spellings of the same value).
 */
import { deepClone, deepEqual } from './json.js';

/** Resigning: accepted by every game at any time, deliberately not listed among the legal actions. */
export const RESIGN: Readonly<{ type: 'resign' }> = Object.freeze({ type: 'resign' as const });

export type Canonical =
  /** The input equals this listed action (a fresh copy, safe to store and to hand to `apply`). */
  | { kind: 'listed'; action: unknown }
  /** The input is a listed action with fields of its own besides: refused, naming them. */
  | { kind: 'extraFields'; fields: string[] }
  /** No listed action looks like the input: the rules say why it is refused. */
  | { kind: 'unlisted' };

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether every field of `listed` is in `input` with an equal value (`input` may have more). */
function covers(listed: unknown, input: Record<string, unknown>): boolean {
  if (!isObject(listed)) return false;
  for (const k in listed) if (!deepEqual(listed[k], input[k])) return false;
  return true;
}

/** Matches `input` against `legal` (and the resignation, always allowed). */
export function canonicalAction(legal: readonly unknown[], input: unknown): Canonical {
  if (deepEqual(input, RESIGN)) return { kind: 'listed', action: { type: 'resign' } };
  for (const l of legal) if (deepEqual(l, input)) return { kind: 'listed', action: deepClone(l) };
  if (isObject(input)) {
    for (const l of [RESIGN, ...legal])
      if (covers(l, input)) {
        const own = l as Record<string, unknown>;
        const fields = Object.keys(input).filter((k) => !(k in own) && input[k] !== undefined);
        return { kind: 'extraFields', fields };
      }
  }
  return { kind: 'unlisted' };
}

/** A short, printable list of field names for an error message. */
export function fieldList(fields: readonly string[]): string {
  const shown = fields.slice(0, 5).map((f) => JSON.stringify(f.length > 40 ? `${f.slice(0, 40)}…` : f));
  return shown.join(', ') + (fields.length > 5 ? ` and ${fields.length - 5} more` : '');
}
