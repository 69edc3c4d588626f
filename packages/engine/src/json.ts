/** Plain-data helpers shared by every game: canonical JSON, a state hash and a fast deep clone. */

/** JSON with object keys sorted, so equal data always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = sortKeys(x);
    }
    return out;
  }
  return v;
}

/** 64-bit FNV-1a style hash (two 32-bit lanes) of a string, as 16 hex digits. */
export function hashString(text: string): string {
  let h1 = 0x811c9dc5 | 0,
    h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 16777619);
    h2 = Math.imul(h2 ^ c, 2246822519) ^ (h1 >>> 15);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/** Hash of a game state (or any plain data), independent of key insertion order. */
export function stateHash(value: unknown): string {
  return hashString(canonicalJson(value));
}

/** Deep copy of plain JSON-like data (objects, arrays, primitives). Much faster than structuredClone. */
export function deepClone<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = deepClone(v[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in v as Record<string, unknown>) out[k] = deepClone((v as Record<string, unknown>)[k]);
  return out as T;
}

/**
 * Freezes plain data and everything in it, and returns it. A game may put deeply frozen data (its
 * configuration, the same object in every state and view) in its views: a server serialises such a
 * part once and reuses the text (see `isDeepFrozen`).
 */
export function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object') {
    Object.freeze(v);
    for (const k in v as Record<string, unknown>) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/** Whether plain data and everything in it is frozen (so it can never change). */
export function isDeepFrozen(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return true;
  if (!Object.isFrozen(v)) return false;
  for (const k in v as Record<string, unknown>)
    if (!isDeepFrozen((v as Record<string, unknown>)[k])) return false;
  return true;
}

/** Structural equality of plain data (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bb[i])) return false;
    return true;
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  for (const k of ka)
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}
