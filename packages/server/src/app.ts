/**
 * HTTP (Fastify) and WebSocket (ws) front of the server. Every message is validated at the boundary
 * (zod); bad input gets a clear error and changes nothing. See docs/PROTOCOL.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { textSender } from './ws-out.js';
import type { AnyGame, GameRecord } from '@tabula/engine';
import { deepClone, replay } from '@tabula/engine';
import { GAMES, findGame } from '@tabula/catalog';
import { botNames } from '@tabula/bots';
import type { BotPool } from './bots.js';
import type { Conn, HubConfig } from './hub.js';
import { Hub } from './hub.js';
import type { MatchStatus, Store } from '@tabula/store';
import type { Bus, MatchSettings } from './ports.js';
import { settingsOf } from './ports.js';
import type { ServerMessage } from './protocol.js';
import { ClientMessage, CreateMatch, JoinMatch, MAX_MESSAGE_BYTES, TokenBody } from './protocol.js';
import { TokenBucket } from './limits.js';
import { landingPage } from './landing.js';
import { hasWebClient, serveWeb } from './web.js';

/** When an acknowledged `act` arrived and when its acknowledgement was written (`performance.now()`). */
export interface ActTiming {
  /** The client's id of the action, if it gave one. */
  id?: string;
  arrived: number;
  acked: number;
}

export interface AppOptions {
  store: Store;
  bus: Bus;
  bots: BotPool;
  hub?: Partial<HubConfig>;
  /** Allow clients to fix the seed of a new match (tests only: a known seed makes the game predictable). */
  allowSeed?: boolean;
  /** Messages per second a connection may send, and its burst. */
  rate?: { perSecond: number; burst: number };
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

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

function parse<T>(
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

export async function createApp(o: AppOptions): Promise<App> {
  const config: HubConfig = { windowMs: 2000, snapshotEvery: 50, botDelayMs: 600, ...o.hub };
  const hub = new Hub(o.store, o.bus, o.bots, config);
  const app = Fastify({ logger: o.logger ?? false, bodyLimit: MAX_MESSAGE_BYTES });
  const httpLimit = new Map<string, TokenBucket>();
  const httpRate = o.httpRate ?? { perMinute: 60, burst: 5 };

  app.setErrorHandler((e: Error & { statusCode?: number; code?: string }, _req, reply) => {
    if (e instanceof HttpError)
      return reply.status(e.status).send({ error: { code: e.code, message: e.message, details: e.details } });
    const status = e.statusCode && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
    return reply.status(status).send({
      error: {
        code: status === 500 ? 'internal' : (e.code ?? 'badRequest'),
        message: status === 500 ? 'Internal server error.' : e.message,
      },
    });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ error: { code: 'notFound', message: `No route ${req.method} ${req.url}.` } }),
  );
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
    const q = req.query as { status?: string; ids?: string; game?: string; limit?: string; offset?: string };
    if (q.status && !['open', 'active', 'finished', 'abandoned'].includes(q.status))
      throw new HttpError(400, 'badStatus', 'status must be open, active, finished or abandoned.');
    const ids = q.ids ? q.ids.split(',').filter(Boolean).slice(0, 100) : undefined;
    const limit = Math.min(Math.max(Number(q.limit ?? 50) || 50, 1), 200);
    const rows = await o.store.listMatches({
      status: q.status as MatchStatus | undefined,
      game: q.game,
      ids,
      limit,
      offset: Math.max(0, Number(q.offset ?? 0) || 0),
    });
    return Promise.all(rows.map((r) => hub.info(r.id)));
  });

  app.get('/api/matches/:id', async (req) => {
    const { id } = req.params as { id: string };
    await match(id);
    return hub.info(id);
  });

  app.post('/api/matches/:id/join', async (req) => {
    const { id } = req.params as { id: string };
    const body = parse(JoinMatch, req.body ?? {});
    const m = await match(id);
    const seats = await o.store.getSeats(id);
    const kinds = settingsOf(m).kinds;
    const free = seats.filter((s) => kinds[s.seat] === 'open' && !s.hasToken);
    const pick = body.seat === undefined ? free[0] : free.find((s) => s.seat === body.seat);
    if (!pick)
      throw new HttpError(
        409,
        'noOpenSeat',
        body.seat === undefined ? 'No open seat is left in this match.' : `Seat ${body.seat} is not open.`,
      );
    const token = newToken();
    await o.store.setSeat(id, { seat: pick.seat, kind: 'human', name: body.name ?? '', token });
    if (m.status === 'open' && free.length === 1) await start(id);
    else await o.bus.publish(`match:${id}`, JSON.stringify({ t: 'seats' }));
    return { seat: pick.seat, token, match: await hub.info(id) };
  });

  /** Starts an open match; seats nobody has taken are given to bots. */
  const start = async (id: string) => {
    const m = await match(id);
    if (m.status !== 'open') throw new HttpError(409, 'started', 'This match has already started.');
    const st = settingsOf(m);
    for (const s of await o.store.getSeats(id))
      if (st.kinds[s.seat] === 'open' && !s.hasToken)
        await o.store.setSeat(id, { seat: s.seat, kind: 'bot', bot: st.bots[s.seat] ?? 'random' });
    await o.store.updateMatch(id, { status: 'active' });
    hub.drop(id);
    await o.bus.publish(`match:${id}`, JSON.stringify({ t: 'started' }));
    await hub.started(id);
  };

  app.post('/api/matches/:id/start', async (req) => {
    const { id } = req.params as { id: string };
    const { token } = parse(TokenBody, req.body ?? {});
    const m = await match(id);
    if (sha256(token) !== settingsOf(m).hostHash)
      throw new HttpError(403, 'notHost', 'Only the player who created the match can start it.');
    await start(id);
    return hub.info(id);
  });

  app.post('/api/matches/:id/resign', async (req) => {
    const { id } = req.params as { id: string };
    const { token } = parse(TokenBody, req.body ?? {});
    const s = await seatOf(id, token);
    const r = await hub.resign(id, s.seat);
    if (!r.ok) throw new HttpError(409, r.code, r.message);
    return { ok: true, v: r.v };
  });

  app.post('/api/matches/:id/leave', async (req) => {
    const { id } = req.params as { id: string };
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

  app.get(
    '/api/matches/:id/record',
    async (req) => (await finishedRecord((req.params as { id: string }).id)).record,
  );

  app.get('/api/matches/:id/state', async (req) => {
    const { id } = req.params as { id: string };
    const q = req.query as { step?: string; seat?: string };
    const { g, record } = await finishedRecord(id);
    const step = q.step === undefined ? record.actions.length : Number(q.step);
    if (!Number.isInteger(step) || step < 0 || step > record.actions.length)
      throw new HttpError(400, 'badStep', `step must be a whole number from 0 to ${record.actions.length}.`);
    const r = replay(g, record, step);
    if (!r.ok) throw new HttpError(500, r.error.code, r.error.message);
    const seat = q.seat === undefined ? undefined : Number(q.seat);
    return {
      step,
      of: record.actions.length,
      action: step > 0 ? record.actions[step - 1] : null,
      state: deepClone(r.value),
      view: seat === undefined ? undefined : g.view(r.value, seat),
    };
  });

  if (o.extend) await o.extend(app);
  else if (hasWebClient()) serveWeb(app);
  else landingPage(app);

  /* ---------------------------------------------------------------- WebSocket */
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  app.server.on('upgrade', (req: IncomingMessage, socket, head) => {
    if (!req.url?.startsWith('/ws')) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => onSocket(ws));
  });
  const rate = o.rate ?? { perSecond: 20, burst: 40 };

  const onSocket = (ws: WebSocket) => {
    // Messages to one client in one turn of the event loop (a move's update and its ack…) leave in
    // one write (ws-out.ts); what waits is written before a close frame.
    const out = textSender(ws);
    const sendJson = out.send;
    const close = (code?: number, reason?: string) => {
      out.flush();
      ws.close(code, reason);
    };
    const send = (m: ServerMessage) => {
      if (ws.readyState === ws.OPEN) sendJson(JSON.stringify(m));
    };
    const bucket = new TokenBucket(rate.burst, rate.perSecond * 60);
    let strikes = 0;
    let conn: Conn | null = null;
    const hello = setTimeout(() => {
      if (!conn) close(4000, 'hello expected');
    }, 10_000);
    hello.unref();
    const error = (
      code: string,
      message: string,
      extra: Partial<Extract<ServerMessage, { t: 'error' }>> = {},
    ) => send({ t: 'error', code, message, ...extra });
    ws.on('close', () => {
      clearTimeout(hello);
      if (conn) hub.detach(conn);
    });
    ws.on('message', async (data: Buffer, isBinary: boolean) => {
      const arrived = o.onActTiming ? performance.now() : 0;
      if (!bucket.take()) {
        error('rateLimited', 'Too many messages; slow down.');
        if (++strikes > 100) close(4008, 'flooding');
        return;
      }
      if (isBinary) return error('binary', 'Send JSON text messages.');
      if (data.length > MAX_MESSAGE_BYTES)
        return error('tooLarge', `Messages are limited to ${MAX_MESSAGE_BYTES} bytes.`);
      let raw: unknown;
      try {
        raw = JSON.parse(data.toString('utf8'));
      } catch {
        return error('badJson', 'That message is not valid JSON.');
      }
      const r = ClientMessage.safeParse(raw);
      if (!r.success) {
        const t = (raw as { t?: unknown })?.t;
        const i = r.error.issues[0]!;
        return error(
          typeof t === 'string' && !['hello', 'act', 'chat', 'resign', 'leave', 'ping'].includes(t)
            ? 'unknownType'
            : 'badMessage',
          `Invalid message: ${i.path.map(String).join('.') || '(message)'}: ${i.message}.`,
        );
      }
      const msg = r.data;
      try {
        if (msg.t === 'ping') return send({ t: 'pong' });
        if (msg.t === 'hello') {
          if (conn) return error('helloTwice', 'This connection is already attached to a match.');
          const m = await o.store.getMatch(msg.match);
          if (!m) {
            error('noMatch', `No match "${msg.match}".`);
            return close(4004, 'no match');
          }
          let seat = -1;
          if (msg.token) {
            const s = await o.store.findSeatByToken(msg.match, msg.token);
            if (!s)
              return error(
                'badToken',
                'That seat token is not valid for this match; you can still watch as a spectator without one.',
              );
            seat = s.seat;
            if (msg.name && msg.name !== s.name)
              await o.store.setSeat(msg.match, { seat: s.seat, kind: s.kind, name: msg.name });
          }
          conn = {
            matchId: msg.match,
            seat,
            lastV: -1,
            send,
            sendJson,
            close,
          };
          clearTimeout(hello);
          await hub.attach(conn, msg.since);
          if (m.status === 'open')
            send({
              t: 'welcome',
              match: await hub.info(msg.match),
              seat,
              v: 0,
              view: null,
              legal: [],
              prompts: [],
              waitingFor: [],
              deadline: null,
              events: [],
              chat: [],
              resync: false,
            });
          return;
        }
        if (!conn) return error('helloFirst', 'Say hello first: {"t":"hello","match":…,"token":…}.');
        const c = conn;
        if (msg.t === 'act') {
          // The acknowledgement goes out right after the mover's own update, before the rest of the table's.
          let acked = false;
          const ack = (v: number) => {
            acked = true;
            send({ t: 'ack', v, id: msg.id });
            o.onActTiming?.({ id: msg.id, arrived, acked: performance.now() });
          };
          const res = await hub.act(c.matchId, c.seat, msg.v, msg.action, (r) => ack(r.v));
          if (res.ok) {
            if (!acked) ack(res.v);
          } else
            send({ t: 'error', code: res.code, message: res.message, rule: res.rule, v: res.v, id: msg.id });
          return;
        }
        if (msg.t === 'chat') {
          if (c.seat < 0)
            return error('spectator', 'Spectators can read the table chat but not write to it.');
          const m = await o.store.getMatch(c.matchId);
          if (msg.to !== undefined && (msg.to >= m!.seats || msg.to === c.seat))
            return error('badRecipient', 'Private messages go to another seat of this match.');
          await hub.chat(c.matchId, c.seat, msg.text, msg.to);
          return;
        }
        if (msg.t === 'resign') {
          if (c.seat < 0) return error('spectator', 'Spectators cannot resign.');
          const res = await hub.resign(c.matchId, c.seat);
          if (!res.ok) error(res.code, res.message);
          return;
        }
        if (msg.t === 'leave') {
          if (c.seat >= 0) {
            const m = await o.store.getMatch(c.matchId);
            const rt = await hub.get(c.matchId);
            if (m && settingsOf(m).botTakeover && rt) await hub.takeOver(rt, c.seat);
          }
          close(1000, 'left');
        }
      } catch (e) {
        error('internal', `Internal error: ${(e as Error).message}`);
      }
    });
  };

  return {
    app,
    hub,
    async close() {
      await hub.close();
      for (const c of wss.clients) c.terminate();
      wss.close();
      await app.close();
    },
  };
}

export type { FastifyReply };
