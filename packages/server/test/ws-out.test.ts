/**
 * The server frames its text messages itself (ws-out.ts): a real WebSocket client must read them
 * exactly, whatever their length (the three length encodings of RFC 6455) and characters, in order,
 * and before the close frame that follows them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { textFrame, textSender } from '../src/ws-out.js';

const MESSAGES: (string | string[])[] = [
  '',
  'a'.repeat(125),
  'b'.repeat(126),
  'ü'.repeat(63), // 126 bytes in UTF-8: the 16-bit length although the text is short
  'c'.repeat(65535),
  'd'.repeat(65536),
  `{"text":"${'é€😀'.repeat(12_000)}"}`, // 108,000 bytes, 64-bit length
  ['{"t":"update",', '"view":', '{"config":', '{"name":"Ägypten"}', '}', '}'],
];
const joined = (m: string | string[]) => (typeof m === 'string' ? m : m.join(''));

const http = createServer();
const wss = new WebSocketServer({ noServer: true });
let url = '';

beforeAll(async () => {
  http.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      const out = textSender(ws);
      // All in one turn of the event loop (one write), then closed at once: the close must wait.
      for (const m of MESSAGES) out.send(m);
      out.flush();
      ws.close(4001, 'done');
    }),
  );
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  wss.close();
  await new Promise((r) => http.close(r));
});

describe('server text frames', () => {
  it('frames a text with the length encoding its UTF-8 size needs', () => {
    expect([...textFrame('hi')]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...textFrame('ü'.repeat(63)).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    const big = textFrame('x'.repeat(70_000));
    expect([...big.subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]);
    expect(big.length).toBe(10 + 70_000);
    expect(textFrame(['a', 'ü', '😀']).equals(textFrame('aü😀'))).toBe(true);
  });

  it('is read exactly by a WebSocket client, in order, before the close frame', async () => {
    const ws = new WebSocket(url);
    const got: string[] = [];
    const closed = new Promise<{ code: number; reason: string }>((resolve, reject) => {
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) reject(new Error('a binary frame'));
        got.push(data.toString('utf8'));
      });
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
      ws.on('error', reject);
    });
    expect(await closed).toEqual({ code: 4001, reason: 'done' });
    expect(got).toEqual(MESSAGES.map(joined));
  });
});
