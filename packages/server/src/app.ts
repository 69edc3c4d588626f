/**
 * HTTP (Fastify) and WebSocket (ws) front of the server. Every message is validated at the boundary
 * (zod); bad input gets a clear error and changes nothing. See docs/PROTOCOL.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyGame, GameRecord } from '@tabula/engine';
import { deepClone, replay } from '@tabula/engine';
import { GAMES, findGame } from '@tabula/catalog';
import { botNames } from '@tabula/bots';
import type { BotPool } from './bots.js';
import type { HubConfig } from './hub.js';
import { Hub } from './hub.js';
import type { MatchStatus, Store } from '@tabula/store';
import type { Bus, MatchSettings } from './ports.js';
import { settingsOf } from './ports.js';
import { CreateMatch, ID_PATTERN, JoinMatch, MAX_MESSAGE_BYTES, TokenBody } from './protocol.js';
import { TokenBucket } from './limits.js';
import { HttpError, faultMessage, parse, queryInt, queryText, reportFault } from './faults.js';
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
}

export interface App {
  app: FastifyInstance;
  hub: Hub;
  close(): Promise<void>;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newToken = () => randomBytes(24).toString('base64url');
const newId = () => randomBytes(9).toString('base64url');

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

  const game = (id: string): AnyGame => {
    const g = findGame(id);
    if (!g)
      throw new HttpError(
        404,
        'unknownGame',
        `Unknown game "${id}". Known: ${GAMES.map((x) => x.id).join(', ')}.`,
      );
    return g;
  };
  /** The id of the route's match, checked: a malformed id never reaches the store. */
  const idOf = (req: FastifyRequest): string => {
    const { id } = req.params as { id: string };
    if (id.length > 64 || !ID_PATTERN.test(id))
      throw new HttpError(
        400,
        'badRequest',
        "Invalid request: id: match ids hold only letters, digits, '-' and '_'.",
      );
    return id;
  };
  const match = async (id: string) => {
    const m = await o.store.getMatch(id);
    if (!m) throw new HttpError(404, 'noMatch', `No match "${id}".`);
    return m;
  };
  const seatOf = async (id: string, token: string) => {
    const s = await o.store.findSeatByToken(id, token);
    if (!s) throw new HttpError(403, 'badToken', 'That seat token is not valid for this match.');
    return s;
  };

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/api/games', async () =>
    GAMES.map((g) => ({
      id: g.id,
      minSeats: g.minSeats,
      maxSeats: g.maxSeats,
      bots: botNames(g),
      rulesVersion: g.rulesVersion,
    })),
  );

  app.post('/api/matches', async (req, reply) => {
    const body = parse(CreateMatch, req.body ?? {});
    const g = game(body.game);
    if (body.players < g.minSeats || body.players > g.maxSeats)
      throw new HttpError(400, 'players', `${g.id} is played by ${g.minSeats} to ${g.maxSeats} players.`);
    const opts = g.parseOptions(body.options ?? {});
    if (!opts.ok) throw new HttpError(400, opts.error.code, opts.error.message, opts.error.params);
    if (body.seed !== undefined && !o.allowSeed)
      throw new HttpError(400, 'seedNotAllowed', 'This server chooses the seed of every match.');
    const seats: { kind: 'human' | 'bot' | 'open'; bot?: string; name?: string }[] =
      body.seats ?? Array.from({ length: body.players }, () => ({ kind: 'human' as const }));
    if (seats.length !== body.players)
      throw new HttpError(400, 'seats', `Give exactly ${body.players} seats.`);
    const names = botNames(g);
    for (const s of seats)
      if (s.kind === 'bot' && s.bot && !names.includes(s.bot))
        throw new HttpError(400, 'unknownBot', `Unknown bot "${s.bot}"; known: ${names.join(', ')}.`);
    const defaultBot = names.find((n) => n !== 'random') ?? 'random';
    const id = newId();
    const hostToken = newToken();
    const settings: MatchSettings = {
      name: body.name ?? null,
      clock: body.clock ?? { mode: 'none' },
      onTimeout: body.onTimeout ?? 'default',
      botTakeover: body.botTakeover ?? true,
      botDelayMs: body.botDelayMs ?? config.botDelayMs,
      hostHash: sha256(hostToken),
      kinds: seats.map((s) => s.kind),
      bots: seats.map((s) => (s.kind === 'bot' ? (s.bot ?? defaultBot) : defaultBot)),
    };
    const open = seats.some((s) => s.kind === 'open');
    const out: { seat: number; kind: string; token?: string }[] = [];
    const players = seats.map((s, seat) => {
      const token = s.kind === 'human' ? newToken() : null;
      out.push(token ? { seat, kind: s.kind, token } : { seat, kind: s.kind });
      return {
        seat,
        kind: s.kind === 'bot' ? ('bot' as const) : ('human' as const),
        name: s.name ?? '',
        bot: s.kind === 'bot' ? settings.bots[seat]! : null,
        token,
      };
    });
    await o.store.createMatch({
      id,
      game: g.id,
      rulesVersion: g.rulesVersion,
      options: opts.value,
      seats: body.players,
      seed: body.seed ?? randomBytes(16).toString('hex'),
      status: open ? 'open' : 'active',
      settings: settings as unknown as Record<string, unknown>,
      players,
    });
    // An active match is loaded at once, so bots (and clocks) act even before any client connects.
    if (!open) await hub.get(id);
    return reply.status(201).send({ id, hostToken, seats: out, match: await hub.info(id) });
  });

  app.get('/api/matches', async (req) => {
    const q = req.query as Record<string, unknown>;
    const status = queryText(
      q,
      'status',
      /^(open|active|finished|abandoned)$/,
      'open, active, finished or abandoned',
    );
    const game = queryText(q, 'game', /^[a-z0-9-]{1,40}$/, 'a game id such as "nations"');
    const idList = queryText(q, 'ids', /^[A-Za-z0-9_,-]*$/, 'match ids separated by commas');
    const ids = idList !== undefined ? idList.split(',').filter(Boolean).slice(0, 100) : undefined;
    const rows = await o.store.listMatches({
      status: status as MatchStatus | undefined,
      game,
      ids,
      limit: queryInt(q, 'limit', 50, 1, 200),
      offset: queryInt(q, 'offset', 0, 0, 1_000_000),
    });
    return Promise.all(rows.map((r) => hub.info(r.id)));
  });

  app.get('/api/matches/:id', async (req) => {
    const id = idOf(req);
    await match(id);
    return hub.info(id);
  });

  app.post('/api/matches/:id/join', async (req) => {
    const id = idOf(req);
    const body = parse(JoinMatch, req.body ?? {});
    const m = await match(id);
    if (m.status !== 'open')
      throw new HttpError(409, 'noOpenSeat', 'This match has started: no open seat is left.');
    if (body.seat !== undefined && (body.seat >= m.seats || settingsOf(m).kinds[body.seat] !== 'open'))
      throw new HttpError(409, 'notOpenSeat', `Seat ${body.seat} is not an open seat of this match.`);
    // One atomic claim: of concurrent joins of one seat exactly one wins.
    const token = newToken();
    const seat = await o.store.claimSeat(id, body.seat, { token, name: body.name ?? '' });
    if (!seat)
      throw body.seat === undefined
        ? new HttpError(409, 'noOpenSeat', 'No open seat is left in this match.')
        : new HttpError(409, 'seatTaken', `Seat ${body.seat} has just been taken by someone else.`);
    // The match starts when its last open seat is taken (once, whichever join sees it full).
    if ((await o.store.openSeats(id)).length === 0) await start(id);
    else await o.bus.publish(`match:${id}`, JSON.stringify({ t: 'seats' }));
    return { seat: seat.seat, token, match: await hub.info(id) };
  });

  /**
   * Starts an open match, once whoever asks (the host, the last join, another process): seats nobody
   * has taken go to bots. False if it had already started.
   */
  const start = async (id: string): Promise<boolean> => {
    const m = await match(id);
    const st = settingsOf(m);
    if (!(await o.store.startMatch(id, (seat) => st.bots[seat] ?? 'random'))) return false;
    hub.drop(id);
    await o.bus.publish(`match:${id}`, JSON.stringify({ t: 'started' }));
    await hub.started(id);
    return true;
  };

  app.post('/api/matches/:id/start', async (req) => {
    const id = idOf(req);
    const { token } = parse(TokenBody, req.body ?? {});
    const m = await match(id);
    if (sha256(token) !== settingsOf(m).hostHash)
      throw new HttpError(403, 'notHost', 'Only the player who created the match can start it.');
    if (!(await start(id))) throw new HttpError(409, 'started', 'This match has already started.');
    return hub.info(id);
  });

  app.post('/api/matches/:id/resign', async (req) => {
    const id = idOf(req);
    const { token } = parse(TokenBody, req.body ?? {});
    const s = await seatOf(id, token);
    const r = await hub.resign(id, s.seat);
    if (!r.ok) throw new HttpError(409, r.code, r.message, r.rule ? { rule: r.rule } : undefined);
    return { ok: true, v: r.v };
  });

  app.post('/api/matches/:id/leave', async (req) => {
    const id = idOf(req);
    const { token } = parse(TokenBody, req.body ?? {});
    const s = await seatOf(id, token);
    const m = await match(id);
    if (!settingsOf(m).botTakeover) return { ok: true, bot: false };
    const rt = await hub.get(id);
    if (rt) await hub.takeOver(rt, s.seat);
    return { ok: true, bot: true };
  });

  const finishedRecord = async (id: string): Promise<{ g: AnyGame; record: GameRecord }> => {
    const m = await match(id);
    if (m.status !== 'finished')
      throw new HttpError(
        403,
        'notFinished',
        'The full log (with the seed) is public only once the game is over.',
      );
    const g = game(m.game);
    const actions = await o.store.actions(id, 0);
    const record: GameRecord = {
      format: 'tabula-game',
      formatVersion: 1,
      game: m.game,
      rulesVersion: m.rulesVersion,
      options: m.options,
      seats: m.seats,
      seed: m.seed,
      actions: actions.map((a) => ({ seat: a.seat, action: a.action })),
      outcome: m.outcome,
      createdAt: m.createdAt.toISOString(),
    };
    return { g, record };
  };

  app.get('/api/matches/:id/record', async (req) => (await finishedRecord(idOf(req))).record);

  app.get('/api/matches/:id/state', async (req) => {
    const id = idOf(req);
    const q = req.query as Record<string, unknown>;
    const { g, record } = await finishedRecord(id);
    const of = record.actions.length;
    const step = queryInt(q, 'step', of, 0, of)!;
    const seat = queryInt(q, 'seat', undefined, -1, record.seats - 1);
    const r = replay(g, record, step);
    if (!r.ok) throw new Error(`match ${id}: replay failed at step ${step}: ${r.error.message}`);
    return {
      step,
      of,
      action: step > 0 ? record.actions[step - 1] : null,
      state: deepClone(r.value),
      view: seat === undefined ? undefined : g.view(r.value, seat),
    };
  });

  if (o.extend) await o.extend(app);
  else if (hasWebClient()) serveWeb(app);
  else landingPage(app);

  const sockets = webSockets(app.server, {
    store: o.store,
    hub,
    rate: o.rate ?? { perSecond: 20, burst: 40 },
    perAddress: o.wsPerAddress ?? 64,
    onActTiming: o.onActTiming,
  });

  return {
    app,
    hub,
    async close() {
      await hub.close();
      sockets.close();
      await app.close();
    },
  };
}

export type { FastifyReply };
