/**
 * Errors at the HTTP boundary, and server faults: a client is told what it did wrong in words, or —
 * when the server itself failed — a generic message with a reference, never a database's or a
 * library's own message; the details go to the server log under the same reference.
 */
import { randomBytes } from 'node:crypto';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** A reference for a server fault, logged with its details and given to the client. */
export function reportFault(where: string, e: unknown): string {
  const ref = randomBytes(6).toString('hex');
  console.error(`tabula: fault ${ref} in ${where}: ${(e as Error)?.stack ?? String(e)}`);
  return ref;
}

export const faultMessage = (ref: string) =>
  `Something went wrong on the server (reference ${ref}); nothing was changed. Please try again.`;

/** Parses with a zod schema; a 400 naming the first bad field otherwise. */
export function parse<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  v: unknown,
): T {
  const r = schema.safeParse(v);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new HttpError(
      400,
      'badRequest',
      `Invalid request: ${i.path.map(String).join('.') || '(body)'}: ${i.message}.`,
      r.error.issues,
    );
  }
  return r.data;
}

/**
 * A whole number from a query string (`?seat=2`), or `fallback` when absent. Anything else — a word, a
 * fraction, a number out of range — is a 400 naming the parameter.
 */
export function queryInt(
  q: Record<string, unknown>,
  name: string,
  fallback: number | undefined,
  min: number,
  max: number,
): number | undefined {
  const raw = q[name];
  if (raw === undefined) return fallback;
  const n = typeof raw === 'string' && /^-?\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new HttpError(
      400,
      'badQuery',
      `Invalid request: ${name} must be a whole number from ${min} to ${max}.`,
    );
  return n;
}

/** A text parameter of a query string, or undefined; a 400 when repeated or not matching `pattern`. */
export function queryText(
  q: Record<string, unknown>,
  name: string,
  pattern: RegExp,
  what: string,
): string | undefined {
  const raw = q[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.length > 2000 || !pattern.test(raw))
    throw new HttpError(400, 'badQuery', `Invalid request: ${name} must be ${what}.`);
  return raw;
}
