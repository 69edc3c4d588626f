/** Serves the built web client (packages/web/dist) — one page, its assets, and the API beside it. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
};

/** Default location of the built client, relative to this file (packages/server/dist). */
export const WEB_DIST = new URL('../../web/dist/', import.meta.url).pathname;

export function hasWebClient(dir = WEB_DIST): boolean {
  return existsSync(join(dir, 'index.html'));
}

export function serveWeb(app: FastifyInstance, dir = WEB_DIST): void {
  const maps = process.env.TABULA_SOURCEMAPS === '1';
  const send = async (path: string, reply: import('fastify').FastifyReply) => {
    const file = normalize(join(dir, path));
    if (!file.startsWith(normalize(dir)) || (!maps && file.endsWith('.map')))
      return reply.status(404).send({ error: { code: 'notFound', message: 'Not found.' } });
    try {
      const body = await readFile(file);
      reply.header('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
      if (path.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(body);
    } catch {
      return reply.status(404).send({ error: { code: 'notFound', message: `No file ${path}.` } });
    }
  };
  app.get('/', (_req, reply) => send('index.html', reply));
  // The service worker (web push): from the root, so its scope is the whole site; never cached long.
  app.get('/sw.js', (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return send('sw.js', reply);
  });
  app.get('/assets/*', (req, reply) => send(`assets/${(req.params as { '*': string })['*']}`, reply));
}
