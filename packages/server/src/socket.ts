/**
 * The WebSocket front of the server (docs/PROTOCOL.md): the upgrade, a cap of connections per address,
 * and one connection's life — hello, acts, chat, resignation, leaving. Every frame a client sends may be
 * malformed, oversized, repeated or hostile: it gets a clear error or closes that one connection (with
 * the close code RFC 6455 gives), never anything more.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Accounts, Store } from '@tabula/store';
import { sessionToken } from './sessions.js';
import type { Conn, Hub } from './hub.js';
import { settingsOf } from './ports.js';
import type { ServerMessage } from './protocol.js';
import { ClientMessage, MAX_MESSAGE_BYTES } from './protocol.js';
import { TokenBucket } from './limits.js';
import { faultMessage, reportFault } from './faults.js';
import { textSender } from './ws-out.js';

/** When an acknowledged `act` arrived and when its acknowledgement was written (`performance.now()`). */
export interface ActTiming {
  /** The client's id of the action, if it gave one. */
  id?: string;
  /** The version the action made. */
  v: number;
  arrived: number;
  acked: number;
}

export interface SocketOptions {
  store: Store;
  accounts: Accounts;
  hub: Hub;
  /** Messages per second a connection may send, and its burst. */
  rate: { perSecond: number; burst: number };
  /** Open WebSocket connections one address may hold. */
  perAddress: number;
  /** Measurement hook (benchmarks): told of every acknowledged `act`. */
  onActTiming?: (t: ActTiming) => void;
}

/** Frames larger than this close the connection (1009); messages above MAX_MESSAGE_BYTES get `tooLarge`. */
const MAX_FRAME_BYTES = 1024 * 1024;
const TYPES = ['hello', 'act', 'chat', 'resign', 'undo', 'leave', 'ping'];

/** Answers an upgrade request with a plain HTTP error and closes the socket. */
function refuse(socket: Duplex, status: number, reason: string, code: string, message: string): void {
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export function webSockets(server: HttpServer, o: SocketOptions): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  wss.on('error', (e) => reportFault('the WebSocket server', e));
  const open = new Map<string, number>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A connection reset during the handshake is that connection's end, nothing more.
    socket.on('error', () => socket.destroy());
    if (!req.url?.startsWith('/ws'))
      return refuse(socket, 404, 'Not Found', 'notFound', 'WebSocket is at /ws.');
    const ip = req.socket.remoteAddress ?? '';
    const n = open.get(ip) ?? 0;
    if (n >= o.perAddress)
      return refuse(
        socket,
        429,
        'Too Many Requests',
        'tooManyConnections',
        `At most ${o.perAddress} connections per address; close one first.`,
      );
    open.set(ip, n + 1);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
    // The session cookie is honoured only from this server's pages (the Origin is checked).
    const session = sessionToken(req.headers);
    wss.handleUpgrade(req, socket, head, (ws) => connection(ws, o, session));
  });

  return {
    close() {
      for (const c of wss.clients) c.terminate();
      wss.close();
    },
  };
}

/** One client's connection, from its first frame to its close. */
function connection(ws: WebSocket, o: SocketOptions, session: string | null): void {
  const { store, hub, accounts } = o;
  // A protocol violation (a frame too large, invalid UTF-8, an unmasked frame, a reserved opcode or
  // bit…) makes `ws` close this connection with the proper code (1002, 1007, 1009) and report it here.
  ws.on('error', () => undefined);
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
  const error = (
    code: string,
    message: string,
    extra: Partial<Extract<ServerMessage, { t: 'error' }>> = {},
  ) => send({ t: 'error', code, message, ...extra });
  const bucket = new TokenBucket(o.rate.burst, o.rate.perSecond * 60);
  let strikes = 0;
  let conn: Conn | null = null;
  let hello: 'none' | 'pending' | 'done' = 'none';
  let gone = false;
  const helloTimer = setTimeout(() => {
    if (hello !== 'done') close(4000, 'hello expected');
  }, 10_000);
  helloTimer.unref();
  ws.on('close', () => {
    gone = true;
    clearTimeout(helloTimer);
    if (conn) hub.detach(conn);
  });

  const onHello = async (msg: Extract<ClientMessage, { t: 'hello' }>) => {
    const m = await store.getMatch(msg.match);
    if (gone) return;
    if (!m) {
      error('noMatch', `No match "${msg.match}".`);
      return close(4004, 'no match');
    }
    let seat = -1;
    const account = session ? await accounts.session(session) : null;
    if (gone) return;
    if (msg.token) {
      const s = await store.findSeatByToken(msg.match, msg.token);
      if (gone) return;
      if (!s)
        error('badToken', 'That seat token is not valid for this match; you are watching as a spectator.');
      else {
        seat = s.seat;
        if (msg.name && msg.name !== s.name)
          await store.setSeat(msg.match, { seat: s.seat, kind: s.kind, name: msg.name });
        // A signed-in player who opens a seat nobody's account holds takes it into their account (one
        // seat per account and match; a hotseat's other seats stay guests).
        if (account && s.kind === 'human' && !s.accountId && !settingsOf(m).hotseat)
          if (await accounts.bindSeat(msg.match, s.seat, account.id)) await hub.seatsChanged(msg.match);
        if (gone) return;
      }
    } else if (account) {
      // Without a token, a signed-in player plays the seat bound to their account, from any device.
      seat = (await accounts.seatOf(msg.match, account.id)) ?? -1;
      if (gone) return;
    }
    const c: Conn = { matchId: msg.match, seat, lastV: -1, send, sendJson, close };
    conn = c;
    clearTimeout(helloTimer);
    await hub.attach(c, msg.since);
    // The connection may have closed while it was being attached: it must not stay behind as a
    // player who is there (hub.detach is harmless if the close already did it).
    if (gone) return hub.detach(c);
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
        responses: false,
        undo: false,
        deadline: null,
        events: [],
        chat: [],
        resync: false,
      });
  };

  const onMessage = async (msg: ClientMessage, arrived: number) => {
    if (msg.t === 'ping') return send({ t: 'pong' });
    if (msg.t === 'hello') {
      if (hello !== 'none') return error('helloTwice', 'This connection is already attached to a match.');
      hello = 'pending';
      try {
        await onHello(msg);
      } finally {
        hello = 'done';
      }
      return;
    }
    const c = conn;
    if (!c) {
      if (hello === 'pending') return error('helloPending', 'Wait for the welcome before sending more.');
      return error('helloFirst', 'Say hello first: {"t":"hello","match":…,"token":…}.');
    }
    if (msg.t === 'act') {
      // The acknowledgement goes out right after the mover's own update, before the rest of the table's.
      let acked = false;
      const ack = (v: number) => {
        acked = true;
        send({ t: 'ack', v, id: msg.id });
        o.onActTiming?.({ id: msg.id, v, arrived, acked: performance.now() });
      };
      const res = await hub.act(c.matchId, c.seat, msg.v, msg.action, (r) => ack(r.v));
      if (res.ok) {
        if (!acked) ack(res.v);
      } else send({ t: 'error', code: res.code, message: res.message, rule: res.rule, v: res.v, id: msg.id });
      return;
    }
    if (msg.t === 'chat') {
      if (c.seat < 0) return error('spectator', 'Spectators can read the table chat but not write to it.');
      const m = await store.getMatch(c.matchId);
      if (msg.to !== undefined && (msg.to >= m!.seats || msg.to === c.seat))
        return error('badRecipient', 'Private messages go to another seat of this match.');
      await hub.chat(c.matchId, c.seat, msg.text, msg.to);
      return;
    }
    if (msg.t === 'undo') {
      if (c.seat < 0) return error('spectator', 'Spectators cannot take steps back.');
      const res = await hub.undo(c.matchId, c.seat, msg.v);
      if (res.ok) send({ t: 'ack', v: res.v, id: msg.id });
      else send({ t: 'error', code: res.code, message: res.message, v: res.v, id: msg.id });
      return;
    }
    if (msg.t === 'resign') {
      if (c.seat < 0) return error('spectator', 'Spectators cannot resign.');
      const res = await hub.resign(c.matchId, c.seat);
      if (!res.ok) error(res.code, res.message, { rule: res.rule, v: res.v });
      return;
    }
    // leave
    if (c.seat >= 0) {
      const m = await store.getMatch(c.matchId);
      const rt = await hub.get(c.matchId);
      if (m && settingsOf(m).botTakeover && rt) await hub.takeOver(rt, c.seat);
    }
    close(1000, 'left');
  };

  ws.on('message', (data: Buffer, isBinary: boolean) => {
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
        typeof t === 'string' && !TYPES.includes(t) ? 'unknownType' : 'badMessage',
        `Invalid message: ${i.path.map(String).join('.') || '(message)'}: ${i.message}.`,
      );
    }
    onMessage(r.data, arrived).catch((e: unknown) => {
      const ref = reportFault(`a "${r.data.t}" message`, e);
      error('internal', faultMessage(ref), { ref });
    });
  });
}
