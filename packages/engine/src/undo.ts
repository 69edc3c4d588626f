/**
 * Taking steps back: helpers for `GameModule.reveals` (contract.ts) and for checking it. A step may be
 * taken back while it revealed nothing that was hidden from the seat that took it; a game says which
 * steps did, most simply by naming the parts of its state a seat cannot see (`revealsHidden`).
 */
import type { Seat } from './contract.js';
import { deepEqual } from './json.js';

/**
 * `GameModule.reveals` from the parts of a state hidden from a seat (decks and their order, other seats'
 * hands and drafts, secret choices, the generator…): a step revealed something when any of them changed.
 * The projection may hold more than is hidden (then fewer steps can be taken back), never less.
 */
export function revealsHidden<S>(
  hiddenFrom: (state: S, seat: Seat) => unknown,
): (before: S, after: S, seat: Seat) => boolean {
  return (before, after, seat) => !deepEqual(hiddenFrom(before, seat), hiddenFrom(after, seat));
}

/**
 * What changed from one JSON value to another, as sorted `path=value` lines (a removed key: `path`
 * alone). Two changes are the same when their lines are equal: the property kit compares the change a
 * step makes to a seat's view in two worlds that differ only in what the stepping seat could not see.
 */
export function jsonChanges(before: unknown, after: unknown): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (deepEqual(a, b)) return;
    if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
      const ka = Object.keys(a as object);
      const kb = Object.keys(b as object);
      for (const k of new Set([...ka, ...kb])) {
        const x = (a as Record<string, unknown>)[k];
        const y = (b as Record<string, unknown>)[k];
        if (y === undefined) out.push(`${path}/${k}`);
        else walk(x, y, `${path}/${k}`);
      }
      return;
    }
    out.push(`${path}=${JSON.stringify(b)}`);
  };
  walk(before, after, '');
  return out.sort();
}
