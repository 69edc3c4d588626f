/**
 * The JSON text of a message carrying a seat's view, as the parts it is written from (ws-out.ts). A
 * view's top-level parts that are deeply frozen (data a game never changes, such as its
 * configuration: the same object in every view) are serialised once and the text reused, here for
 * every seat and every move. The result is the same JSON value as `JSON.stringify` gives (the frozen
 * parts come last in their object).
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

/**
 * `JSON.stringify(view)` as parts to be written one after the other, with the view's deeply frozen
 * parts serialised once. The parts are never joined here: joining would copy the whole text (twice,
 * counting the flattening before a write), and a message is only ever written out (ws-out.ts).
 */
export function viewParts(view: unknown): string[] {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) return [JSON.stringify(view)];
  const o = view as Record<string, unknown>;
  let frozen: string[] | null = null;
  let skip: Set<string> | null = null;
  for (const k in o) {
    const x = o[k];
    if (x === null || typeof x !== 'object' || !Object.isFrozen(x)) continue;
    const t = frozenText(x);
    if (t === null) continue;
    (frozen ??= []).push(`,${JSON.stringify(k)}:`, t);
    (skip ??= new Set()).add(k);
  }
  if (frozen === null) return [JSON.stringify(view)];
  const rest: Record<string, unknown> = {};
  for (const k in o) if (!skip!.has(k)) rest[k] = o[k];
  const r = JSON.stringify(rest);
  // `{` + the other members + the frozen ones (without the first one's comma if there is no other) + `}`.
  if (r.length === 2) frozen[0] = `{${frozen[0]!.slice(1)}`;
  else frozen.unshift(r.slice(0, -1));
  frozen.push('}');
  return frozen;
}

/** `JSON.stringify({ ...msg, view })` as parts (see `viewParts`). */
export function messageParts(msg: Record<string, unknown>, view: unknown): string[] {
  const r = JSON.stringify(msg);
  const parts = viewParts(view);
  parts.unshift(`${r.slice(0, -1)}${r.length === 2 ? '' : ','}"view":`);
  parts.push('}');
  return parts;
}
