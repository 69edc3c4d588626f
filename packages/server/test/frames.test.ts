/**
 * No frame takes the server down (issue: one malformed WebSocket frame killed the process). Each
 * malformed frame is written as raw bytes over a TCP socket to a real server process — before any hello
 * and after one — and must close that one connection with the close code RFC 6455 gives it; then a
 * move is played on another table of the same process.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createMatch, freePort, humans, spawnServer } from './helpers.js';

let proc: ChildProcess;
let url: string;
let port: number;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tabula-frames-'));
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
  ({ proc } = await spawnServer(['--port', String(port), '--data', dir], {
    WINDOW_MS: '0',
    BOT_DELAY_MS: '0',
  }));
});

afterAll(async () => {
  if (proc && proc.exitCode === null && proc.signalCode === null) {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A masked client frame: FIN + opcode, the payload masked, with the length encoding its size needs. */
function frame(
  opcode: number,
  payload: Buffer,
  o: { fin?: boolean; rsv?: number; mask?: boolean } = {},
): Buffer {
  const b0 = ((o.fin ?? true) ? 0x80 : 0) | ((o.rsv ?? 0) << 4) | opcode;
  const mask = o.mask ?? true;
  const n = payload.length;
  const head = n < 126 ? [b0, (mask ? 0x80 : 0) | n] : [b0, (mask ? 0x80 : 0) | 126, n >> 8, n & 255];
  if (!mask) return Buffer.concat([Buffer.from(head), payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((x, i) => x ^ key[i % 4]!));
  return Buffer.concat([Buffer.from(head), key, body]);
}

/** A masked frame header announcing `length` bytes with the 64-bit length form (and no payload). */
function longHeader(length: bigint): Buffer {
  const b = Buffer.alloc(14);
  b[0] = 0x81;
  b[1] = 0x80 | 127;
  b.writeBigUInt64BE(length, 2);
  randomBytes(4).copy(b, 10);
  return b;
}

/** A TCP connection to the server; fails at once if the process has gone. */
async function tcp(): Promise<Socket> {
  if (proc.exitCode !== null) throw new Error(`the server process has exited (${proc.exitCode})`);
  const sock = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    sock.once('connect', () => resolve());
    sock.once('error', reject);
  });
  sock.on('error', () => undefined);
  return sock;
}

const text = (s: string) => frame(1, Buffer.from(s, 'utf8'));

/**
 * Opens a raw WebSocket connection (the HTTP upgrade by hand), optionally says hello, writes `bytes`
 * and resolves with the close code the server sent (null if it closed without one) once the socket ends.
 */
async function rawSend(bytes: Buffer, hello?: string): Promise<{ code: number | null; frames: string[] }> {
  const sock = await tcp();
  sock.write(
    `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  let buf = Buffer.alloc(0);
  let upgraded = false;
  const frames: string[] = [];
  let code: number | null = null;
  const done = new Promise<void>((resolve) => {
    sock.on('close', () => resolve());
    sock.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        expect(buf.subarray(0, 12).toString()).toBe('HTTP/1.1 101');
        buf = buf.subarray(end + 4);
        upgraded = true;
        if (hello) sock.write(text(hello));
        else sock.write(bytes);
      }
      // Server frames are unmasked and short here (≤ 64 KiB).
      while (buf.length >= 2) {
        let len = buf[1]! & 127;
        let at = 2;
        if (len === 126) {
          if (buf.length < 4) return;
          len = buf.readUInt16BE(2);
          at = 4;
        } else if (len === 127) {
          if (buf.length < 10) return;
          len = Number(buf.readBigUInt64BE(2));
          at = 10;
        }
        if (buf.length < at + len) return;
        const op = buf[0]! & 15;
        const payload = buf.subarray(at, at + len);
        buf = buf.subarray(at + len);
        if (op === 8) code = payload.length >= 2 ? payload.readUInt16BE(0) : null;
        else if (op === 1) {
          frames.push(payload.toString());
          // After the welcome of a hello, the malformed bytes.
          if (hello && frames.length === 1) sock.write(bytes);
        }
      }
    });
  });
  const timer = setTimeout(() => sock.destroy(), 10_000);
  await done;
  clearTimeout(timer);
  return { code, frames };
}

const CASES: [string, Buffer, number][] = [
  ['a frame over the size limit (1.1 MiB)', longHeader(1_153_434n), 1009],
  ['a 64-bit length header beyond 2^53', longHeader(2n ** 60n), 1009],
  ['invalid UTF-8 in a text frame', frame(1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 1007],
  ['an unmasked client frame', frame(1, Buffer.from('{"t":"ping"}'), { mask: false }), 1002],
  ['opcode 3 (reserved)', frame(3, Buffer.from('x')), 1002],
  ['RSV bits set without an extension', frame(1, Buffer.from('{"t":"ping"}'), { rsv: 4 }), 1002],
  ['a fragmented control frame', frame(9, Buffer.from('x'), { fin: false }), 1002],
  ['a continuation frame with nothing to continue', frame(0, Buffer.from('x')), 1002],
];

describe('malformed WebSocket frames', () => {
  it('each closes its own connection with its close code, before and after hello; the process and its other tables play on', async () => {
    const other = await createMatch(url, { players: 2, seats: humans(2) });
    const watched = await createMatch(url, { players: 2, seats: humans(2) });
    const hello = JSON.stringify({ t: 'hello', match: watched.id });
    for (const [what, bytes, code] of CASES) {
      const before = await rawSend(bytes);
      expect(before.code, `${what}, before hello`).toBe(code);
      const after = await rawSend(bytes, hello);
      expect(JSON.parse(after.frames[0]!).t, `${what}: welcome`).toBe('welcome');
      expect(after.code, `${what}, after hello`).toBe(code);
    }
    expect(proc.exitCode).toBeNull();
    // Another table of the same process: a move is acknowledged.
    const c = await Client.connect(url, { match: other.id, token: other.seats[0]!.token }, 'p0');
    const d = await Client.connect(url, { match: other.id, token: other.seats[1]!.token }, 'p1');
    const mover = [c, d].find((x) => (x.last?.legal ?? []).length > 0)!;
    const ack = await mover.request({ t: 'act', v: mover.v, action: mover.last!.legal![0], id: 'after' });
    expect(ack).toMatchObject({ t: 'ack', v: 1, id: 'after' });
    // Presence: the raw connections left nobody marked connected on the watched table.
    const info = await (await fetch(`${url}/api/matches/${watched.id}`)).json();
    expect(info.seats.map((s: { connected: boolean }) => s.connected)).toEqual([false, false]);
    c.close();
    d.close();
    expect(proc.exitCode).toBeNull();
  });

  it('a connection reset in the middle of the handshake or of a frame leaves the server up', async () => {
    for (let i = 0; i < 20; i++) {
      const sock = await tcp();
      sock.write(
        i % 2 ? 'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n' : 'GET /ws HTTP/1.1\r\n\r\n',
      );
      sock.resetAndDestroy();
    }
    // Upgraded, then cut in the middle of a frame.
    for (let i = 0; i < 10; i++) {
      const sock = await tcp();
      sock.write(
        `GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      await new Promise<void>((r) => sock.once('data', () => r()));
      sock.write(text('{"t":"ping"}').subarray(0, 7));
      sock.resetAndDestroy();
    }
    const c = await Client.connect(url, null, 'after-resets');
    expect(await c.request({ t: 'ping' })).toMatchObject({ t: 'pong' });
    c.close();
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(proc.exitCode).toBeNull();
  });
});
