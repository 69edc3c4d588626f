/**
 * The server's text messages to a WebSocket client, framed here (RFC 6455 §5.2: one unmasked, final
 * text frame) and written to the connection's socket in one write per turn of the event loop: a move's
 * update and its acknowledgement leave together. Going around `ws`'s sender saves most of a message's
 * cost on the server (its chunks went through the stream's cork/writev path one by one); `ws` still
 * reads the client's frames and answers pings and closes. That is safe because `ws` only queues its
 * own frames while compressing (the server does not enable permessage-deflate) or reading a Blob
 * (the server sends none), so no frame of its own can be waiting when one of these is written.
 */
import type { WebSocket } from 'ws';

/** The bytes of one unmasked final text frame carrying `text` (whole, or in parts to be joined). */
export function textFrame(text: string | readonly string[]): Buffer {
  let n = 0;
  if (typeof text === 'string') n = Buffer.byteLength(text, 'utf8');
  else for (const t of text) n += Buffer.byteLength(t, 'utf8');
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const buf = Buffer.allocUnsafe(head + n);
  buf[0] = 0x81; // FIN, opcode 1 (text)
  if (n < 126) buf[1] = n;
  else if (n < 65536) {
    buf[1] = 126;
    buf.writeUInt16BE(n, 2);
  } else {
    buf[1] = 127;
    buf.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    buf.writeUInt32BE(n >>> 0, 6);
  }
  if (typeof text === 'string') buf.write(text, head, 'utf8');
  else {
    let at = head;
    for (const t of text) at += buf.write(t, at, 'utf8');
  }
  return buf;
}

interface RawSocket {
  write(chunk: Buffer): boolean;
  readonly writableLength: number;
}

/**
 * Bytes a client may leave unread before its connection is cut: a client that stops reading (or reads
 * slower than its table moves) must not make the server hold its updates without end.
 */
export const MAX_UNREAD_BYTES = 8 * 1024 * 1024;

/**
 * Sends text messages to one client: each is framed at once, and they are written together at the end
 * of the turn. `flush` writes what waits now: call it before closing the connection, so that the
 * messages go out before the close frame.
 */
export function textSender(ws: WebSocket): { send(text: string | readonly string[]): void; flush(): void } {
  const socket = (ws as unknown as { _socket?: RawSocket })._socket;
  if (!socket)
    return {
      send: (text) => ws.send(typeof text === 'string' ? text : text.join('')),
      flush: () => undefined,
    };
  let out: Buffer[] | null = null;
  const flush = () => {
    const list = out;
    if (list === null) return;
    out = null;
    if (ws.readyState !== ws.OPEN) return;
    socket.write(list.length === 1 ? list[0]! : Buffer.concat(list));
    if (socket.writableLength > MAX_UNREAD_BYTES) ws.terminate();
  };
  return {
    send(text) {
      if (ws.readyState !== ws.OPEN) return;
      const frame = textFrame(text);
      if (out) out.push(frame);
      else {
        out = [frame];
        process.nextTick(flush);
      }
    },
    flush,
  };
}
