/**
 * The JSON text of a message carrying a seat's view. A view's top-level parts that are deeply frozen
 * (data a game never changes, such as its configuration: the same object in every view) are
 * serialised once and the text reused, here for every seat and every move. The result is the same
 * JSON value as `JSON.stringify` gives (the frozen parts come last in their object).
 */
import { isDeepFrozen } from '@tabula/engine';

/** The text of each frozen part seen, or null for a frozen object with a part that is not. */
const texts = new WeakMap<object, string | null>();

function frozenText(v: object): string | null {
  let t = texts.get(v);
  if (t === undefined) {
    t = isDeepFrozen(v) ? JSON.stringify(v) : null;
    texts.set(v, t);
  }
  return t;
}

/** `JSON.stringify(view)`, with the view's deeply frozen parts serialised once. */
export function viewJson(view: unknown): string {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) return JSON.stringify(view);
  const o = view as Record<string, unknown>;
  let frozen: string | null = null;
  let skip: Set<string> | null = null;
  for (const k in o) {
    const x = o[k];
    if (x === null || typeof x !== 'object' || !Object.isFrozen(x)) continue;
    const t = frozenText(x);
    if (t === null) continue;
    frozen = (frozen === null ? '' : `${frozen},`) + `${JSON.stringify(k)}:${t}`;
    (skip ??= new Set()).add(k);
  }
  if (frozen === null) return JSON.stringify(view);
  const rest: Record<string, unknown> = {};
  for (const k in o) if (!skip!.has(k)) rest[k] = o[k];
  const r = JSON.stringify(rest);
  return r.length === 2 ? `{${frozen}}` : `${r.slice(0, -1)},${frozen}}`;
}

/** `JSON.stringify({ ...msg, view })`, with the view's deeply frozen parts serialised once. */
export function messageJson(msg: Record<string, unknown>, view: unknown): string {
  const r = JSON.stringify(msg);
  return `${r.slice(0, -1)}${r.length === 2 ? '' : ','}"view":${viewJson(view)}}`;
}
