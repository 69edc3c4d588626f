/**
 * HTTP (Fastify) and WebSocket (ws) front of the server. Every message is validated at the boundary
 * (zod); bad input gets a clear error and changes nothing. See docs/PROTOCOL.md.
 */
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BotPool } from './bots.js';
import type { HubConfig } from './hub.js';
import { Hub } from './hub.js';
import type { Store } from '@tabula/store';
import { Accounts } from '@tabula/store';
import { accountRoutes } from './routes/accounts.js';
import { playerRoutes } from './routes/players.js';
import { rateFinished } from './ratings.js';
import { pushRoutes } from './routes/push.js';
import type { NotifyOptions } from './notify/notifier.js';
import { Notifier } from './notify/notifier.js';
import type { ScryptCost } from './passwords.js';
import { DEFAULT_SCRYPT } from './passwords.js';
import type { Bus } from './ports.js';
import { MAX_MESSAGE_BYTES } from './protocol.js';
import { TokenBucket } from './limits.js';
import { HttpError, faultMessage, reportFault } from './faults.js';
import { routeContext } from './routes/context.js';
import { gameRoutes } from './routes/games.js';
import { matchRoutes } from './routes/matches.js';
import { replayRoutes } from './routes/replays.js';
import type { ActTiming } from './socket.js';
import { webSockets } from './socket.js';
import { securityHeaders } from './headers.js';
import { landingPage } from './landing.js';
import { hasWebClient, serveWeb } from './web.js';

export type { ActTiming } from './socket.js';

export interface AppOptions {
  store: Store;
  bus: Bus;
  bots: BotPool;
  hub?: Partial<HubConfig>;
  /** Allow clients to fix the seed of a new match (tests only: a known seed makes the game predictable). */
  allowSeed?: boolean;
  /** Messages per second a connection may send, and its burst. */
  rate?: { perSecond: number; burst: number };
  /** Open WebSocket connections one address may hold (default 64). */
  wsPerAddress?: number;
  /** State-changing HTTP requests (POST…) an address may make per minute, and their burst (default 60 and 5). */
  httpRate?: { perMinute: number; burst: number };
  /** Extra routes (the web client's static files). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  logger?: boolean;
  /** Measurement hook (benchmarks): told of every acknowledged `act`. */
  onActTiming?: (t: ActTiming) => void;
  /** The cost of password hashes (default scrypt N=2^15, r=8, p=1; tests use a small one). */
  scrypt?: ScryptCost;
  /** Session cookies marked Secure (the server is reached over HTTPS). */
  secureCookies?: boolean;
  /** "Your turn" notices: the site's address, SMTP, which hosts notices may go to. */
  notify?: Partial<NotifyOptions>;
}

export interface App {
  app: FastifyInstance;
  hub: Hub;
  notifier: Notifier;
  close(): Promise<void>;
}

export { sha256 } from './routes/context.js';

export async function createApp(o: AppOptions): Promise<App> {
  const config: HubConfig = { windowMs: 2000, snapshotEvery: 50, botDelayMs: 600, ...o.hub };
  const hub = new Hub(o.store, o.bus, o.bots, config);
  const app = Fastify({ logger: o.logger ?? false, bodyLimit: MAX_MESSAGE_BYTES });
  const httpLimit = new Map<string, TokenBucket>();
  const httpRate = o.httpRate ?? { perMinute: 60, burst: 5 };

  app.setErrorHandler((e: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (e instanceof HttpError)
      return reply.status(e.status).send({ error: { code: e.code, message: e.message, details: e.details } });
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
      return reply.status(e.statusCode).send({ error: { code: e.code ?? 'badRequest', message: e.message } });
    // A fault of the server: the client gets a reference, the log the details.
    const ref = reportFault(`${req.method} ${req.url.slice(0, 200)}`, e);
    return reply.status(500).send({ error: { code: 'internal', message: faultMessage(ref), ref } });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({
      error: {
        code: 'notFound',
        message: `No route ${req.method} ${JSON.stringify(req.url.slice(0, 200))}.`,
      },
    }),
  );
  securityHeaders(app);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (req.method === 'GET') return;
    const ip = req.ip;
    let b = httpLimit.get(ip);
    if (!b) httpLimit.set(ip, (b = new TokenBucket(httpRate.burst, httpRate.perMinute)));
    if (!b.take()) throw new HttpError(429, 'rateLimited', 'Too many requests; slow down.');
  });

  const accounts = new Accounts(o.store);
  const ctx = routeContext(o.store, hub, accounts);
  hub.onFinished = (id) => rateFinished(o.store, accounts, id);
  const notify: NotifyOptions = { publicUrl: 'http://localhost:8080', ...o.notify };
  const notifier = new Notifier(accounts, notify, (id, seat) => hub.connected(id, seat));
  hub.onChanged = (rt) => notifier.changed(rt);
  // The VAPID keys are made on the first start (and kept in the database).
  await notifier.vapidKeys();
  app.get('/healthz', async () => ({ ok: true }));
  gameRoutes(app);
  matchRoutes(app, ctx, { bus: o.bus, allowSeed: o.allowSeed ?? false, botDelayMs: config.botDelayMs });
  replayRoutes(app, ctx);
  playerRoutes(app, ctx);
  accountRoutes(app, ctx, {
    scrypt: o.scrypt ?? DEFAULT_SCRYPT,
    secureCookies: o.secureCookies ?? false,
    allowPrivateHosts: !!notify.allowPrivateHosts,
  });
  pushRoutes(app, ctx, notifier, { allowPrivateHosts: !!notify.allowPrivateHosts });

  if (o.extend) await o.extend(app);
  else if (hasWebClient()) serveWeb(app);
  else landingPage(app);

  const sockets = webSockets(app.server, {
    store: o.store,
    accounts,
    hub,
    rate: o.rate ?? { perSecond: 20, burst: 40 },
    perAddress: o.wsPerAddress ?? 64,
    onActTiming: o.onActTiming,
  });

  return {
    app,
    hub,
    notifier,
    async close() {
      await notifier.close();
      await hub.close();
      sockets.close();
      await app.close();
    },
  };
}

export type { FastifyReply };
