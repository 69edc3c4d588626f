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

/** The value at a `jsonChanges` path (`/a/0/b`), or undefined. */
function at(value: unknown, path: string): unknown {
  let v = value;
  for (const k of path.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/**
 * Where a step changes a view differently in two worlds: the paths (of `jsonChanges`) whose value was the
 * same in both views before the step and differs after it. A path whose value already differed before
 * (the seat's own hidden things, which the other world has otherwise) is not compared.
 */
export function changedDifferently(
  before1: unknown,
  after1: unknown,
  before2: unknown,
  after2: unknown,
): string[] {
  const paths = new Set(
    [...jsonChanges(before1, after1), ...jsonChanges(before2, after2)].map((c) => c.split('=')[0]!),
  );
  const out: string[] = [];
  for (const p of paths)
    if (deepEqual(at(before1, p), at(before2, p)) && !deepEqual(at(after1, p), at(after2, p)))
      out.push(`${p}: ${JSON.stringify(at(after1, p))} or ${JSON.stringify(at(after2, p))}`);
  return out.sort();
}
