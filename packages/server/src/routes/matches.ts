/**
 * Matches: creating one, the lobby's lists, joining an open seat (atomically), starting, resigning and
 * leaving. See docs/PROTOCOL.md (HTTP).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { botNames, isBotName, levelsOf } from '@tabula/bots';
import type { MatchStatus } from '@tabula/store';
import type { Bus, MatchSettings } from '../ports.js';
import { settingsOf } from '../ports.js';
import { CreateMatch, JoinMatch, SeatBody, TokenBody } from '../protocol.js';
import { HttpError, parse, queryInt, queryText } from '../faults.js';
import type { RouteContext } from './context.js';
import { newId, newToken, sha256 } from './context.js';

export interface MatchRouteOptions {
  bus: Bus;
  /** Clients may fix the seed of a new match (tests only). */
  allowSeed: boolean;
  /** A match's bot think delay when it does not set one, ms. */
  botDelayMs: number;
}

export function matchRoutes(app: FastifyInstance, ctx: RouteContext, server: MatchRouteOptions): void {
  app.post('/api/matches', async (req, reply) => {
    const body = parse(CreateMatch, req.body ?? {});
    const g = ctx.game(body.game);
    const account = await ctx.account(req);
    if (body.players < g.minSeats || body.players > g.maxSeats)
      throw new HttpError(400, 'players', `${g.id} is played by ${g.minSeats} to ${g.maxSeats} players.`);
    const opts = g.parseOptions(body.options ?? {});
    if (!opts.ok) throw new HttpError(400, opts.error.code, opts.error.message, opts.error.params);
    if (body.seed !== undefined && !server.allowSeed)
      throw new HttpError(400, 'seedNotAllowed', 'This server chooses the seed of every match.');
    const seats: { kind: 'human' | 'bot' | 'open'; bot?: string; name?: string }[] =
      body.seats ?? Array.from({ length: body.players }, () => ({ kind: 'human' as const }));
    if (seats.length !== body.players)
      throw new HttpError(400, 'seats', `Give exactly ${body.players} seats.`);
    const unknown = (bot: string) =>
      new HttpError(400, 'unknownBot', `Unknown bot "${bot}"; known: ${botNames(g).join(', ')}, ismcts:<N>.`);
    for (const s of seats) if (s.kind === 'bot' && s.bot && !isBotName(g, s.bot)) throw unknown(s.bot);
    if (body.takeoverBot !== undefined && !isBotName(g, body.takeoverBot)) throw unknown(body.takeoverBot);
    // A bot seat without a level, and a person's seat when a bot takes it over (the player left or ran
    // out of time): the level the match chose for takeovers, else the strongest.
    const defaultBot = body.takeoverBot ?? levelsOf(g).at(-1)!;
    const id = newId();
    const hostToken = newToken();
    const settings: MatchSettings = {
      name: body.name ?? null,
      clock: body.clock ?? { mode: 'none' },
      onTimeout: body.onTimeout ?? 'default',
      botTakeover: body.botTakeover ?? true,
      botDelayMs: body.botDelayMs ?? server.botDelayMs,
      hostHash: sha256(hostToken),
      kinds: seats.map((s) => s.kind),
      bots: seats.map((s) => (s.kind === 'bot' ? (s.bot ?? levelsOf(g).at(-1)!) : defaultBot)),
      hotseat: body.hotseat ?? false,
      rated: body.rated ?? true,
      undo: body.undo ?? true,
    };
    // A signed-in creator plays the first person's seat, bound to their account (named after it unless named).
    const mine = account ? seats.findIndex((s) => s.kind === 'human') : -1;
    const open = seats.some((s) => s.kind === 'open');
    const out: { seat: number; kind: string; token?: string }[] = [];
    const players = seats.map((s, seat) => {
      const token = s.kind === 'human' ? newToken() : null;
      out.push(token ? { seat, kind: s.kind, token } : { seat, kind: s.kind });
      return {
        seat,
        kind: s.kind === 'bot' ? ('bot' as const) : ('human' as const),
        name: s.name ?? (seat === mine ? account!.name : ''),
        bot: s.kind === 'bot' ? settings.bots[seat]! : null,
        token,
      };
    });
    await ctx.store.createMatch({
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
    if (account && mine >= 0) await ctx.accounts.bindSeat(id, mine, account.id);
    // An active match is loaded at once, so bots (and clocks) act even before any client connects.
    if (!open) await ctx.hub.get(id);
    return reply.status(201).send({ id, hostToken, seats: out, match: await ctx.hub.info(id) });
  });

  app.get('/api/matches', async (req) => {
    const q = req.query as Record<string, unknown>;
    const status = queryText(
      q,
      'status',
      /^(open|active|finished|abandoned)$/,
      'open, active, finished or abandoned',
    );
    const game = queryText(q, 'game', /^[a-z0-9-]{1,40}$/, 'a game id (GET /api/games lists them)');
    const idList = queryText(q, 'ids', /^[A-Za-z0-9_,-]*$/, 'match ids separated by commas');
    const ids = idList !== undefined ? idList.split(',').filter(Boolean).slice(0, 100) : undefined;
    const rows = await ctx.store.listMatches({
      status: status as MatchStatus | undefined,
      game,
      ids,
      limit: queryInt(q, 'limit', 50, 1, 200),
      offset: queryInt(q, 'offset', 0, 0, 1_000_000),
    });
    return Promise.all(rows.map((r) => ctx.hub.info(r.id)));
  });

  app.get('/api/matches/:id', async (req) => {
    const id = ctx.idOf(req);
    await ctx.match(id);
    return ctx.hub.info(id);
  });

  /**
   * Whose seat an invite's token is: its number and the name the host gave it (an empty name when none),
   * so that an invited guest whose seat is already named goes straight to the table. 403 for a token
   * that is not one of this match's seats.
   */
  app.post('/api/matches/:id/seat', async (req) => {
    const id = ctx.idOf(req);
    const { token } = parse(TokenBody, req.body ?? {});
    await ctx.match(id);
    const s = await ctx.seatOf(id, token);
    return { seat: s.seat, name: s.name };
  });

  app.post('/api/matches/:id/join', async (req) => {
    const id = ctx.idOf(req);
    const body = parse(JoinMatch, req.body ?? {});
    const m = await ctx.match(id);
    const account = await ctx.account(req);
    if (account && (await ctx.accounts.seatOf(id, account.id)) !== null)
      throw new HttpError(409, 'alreadySeated', 'You already play a seat of this match.');
    if (m.status !== 'open')
      throw new HttpError(409, 'noOpenSeat', 'This match has started: no open seat is left.');
    if (body.seat !== undefined && (body.seat >= m.seats || settingsOf(m).kinds[body.seat] !== 'open'))
      throw new HttpError(409, 'notOpenSeat', `Seat ${body.seat} is not an open seat of this match.`);
    // One atomic claim: of concurrent joins of one seat exactly one wins.
    const token = newToken();
    const seat = await ctx.store.claimSeat(id, body.seat, { token, name: body.name || account?.name || '' });
    if (!seat)
      throw body.seat === undefined
        ? new HttpError(409, 'noOpenSeat', 'No open seat is left in this match.')
        : new HttpError(409, 'seatTaken', `Seat ${body.seat} has just been taken by someone else.`);
    if (account) await ctx.accounts.bindSeat(id, seat.seat, account.id);
    // The match starts when its last open seat is taken (once, whichever join sees it full).
    if ((await ctx.store.openSeats(id)).length === 0) await start(id);
    else await server.bus.publish(`match:${id}`, JSON.stringify({ t: 'seats' }));
    return { seat: seat.seat, token, match: await ctx.hub.info(id) };
  });

  /**
   * Starts an open match, once whoever asks (the host, the last join, another process): seats nobody
   * has taken go to bots. False if it had already started.
   */
  const start = async (id: string): Promise<boolean> => {
    const m = await ctx.match(id);
    const st = settingsOf(m);
    if (!(await ctx.store.startMatch(id, (seat) => st.bots[seat] ?? 'random'))) return false;
    ctx.hub.drop(id);
    await server.bus.publish(`match:${id}`, JSON.stringify({ t: 'started' }));
    await ctx.hub.started(id);
    return true;
  };

  app.post('/api/matches/:id/start', async (req) => {
    const id = ctx.idOf(req);
    const { token } = parse(TokenBody, req.body ?? {});
    const m = await ctx.match(id);
    if (sha256(token) !== settingsOf(m).hostHash)
      throw new HttpError(403, 'notHost', 'Only the player who created the match can start it.');
    if (!(await start(id))) throw new HttpError(409, 'started', 'This match has already started.');
    return ctx.hub.info(id);
  });

  app.post('/api/matches/:id/resign', async (req) => {
    const id = ctx.idOf(req);
    const { token } = parse(SeatBody, req.body ?? {});
    const seat = await ctx.seatFor(req, id, token);
    const r = await ctx.hub.resign(id, seat);
    if (!r.ok) throw new HttpError(409, r.code, r.message, r.rule ? { rule: r.rule } : undefined);
    return { ok: true, v: r.v };
  });

  app.post('/api/matches/:id/leave', async (req) => {
    const id = ctx.idOf(req);
    const { token } = parse(SeatBody, req.body ?? {});
    const seat = await ctx.seatFor(req, id, token);
    const m = await ctx.match(id);
    if (!settingsOf(m).botTakeover) return { ok: true, bot: false };
    const rt = await ctx.hub.get(id);
    if (rt) await ctx.hub.takeOver(rt, seat);
    return { ok: true, bot: true };
  });
}
