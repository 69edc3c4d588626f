/**
 * Sessions in a cookie: `tabula_session`, HttpOnly (no script reads it), SameSite=Lax (another site's
 * requests do not carry it), Secure where the server is reached over HTTPS. The cookie holds a random
 * token; the database keeps only its SHA-256.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'tabula_session';
/** Sessions last 30 days. */
export const SESSION_DAYS = 30;

export const newSessionToken = () => randomBytes(32).toString('base64url');

/** The value of one cookie of a `Cookie` header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      const v = part.slice(i + 1).trim();
      return /^[A-Za-z0-9_-]{1,100}$/.test(v) ? v : null;
    }
  }
  return null;
}

/**
 * Whether a request comes from a page of this server: no `Origin` (not a browser's cross-origin request)
 * or an `Origin` whose host is the request's `Host`. A cookie is honoured only then, so another site can
 * neither act with a player's session nor open a WebSocket as them.
 */
export function sameOrigin(headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

/** The session token a request carries, if it may be honoured. */
export function sessionToken(headers: IncomingHttpHeaders): string | null {
  if (!sameOrigin(headers)) return null;
  return cookieValue(headers.cookie, SESSION_COOKIE);
}

export function sessionCookie(token: string, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${SESSION_DAYS * 86400}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedCookie(secure: boolean): string {
  return [
    `${SESSION_COOKIE}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    'Max-Age=0',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
