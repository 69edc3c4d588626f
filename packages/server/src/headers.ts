/**
 * Security headers on every HTTP answer: a Content-Security-Policy the web client satisfies (its
 * scripts, styles and fonts come from this origin; it talks to this origin's API and WebSocket), no
 * framing by other sites, no MIME sniffing, no referrer sent elsewhere.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The policy for a page that carries one inline `<style>` element (the landing page). */
export function policyWithStyle(css: string): string {
  const hash = createHash('sha256').update(css).digest('base64');
  return CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self' 'sha256-${hash}'`);
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(k)) reply.header(k, v);
    return payload;
  });
}
