/**
 * Protocol fuzzing, generic over the catalog: for every game, a live server gets random and mutated
 * messages from every seat and a spectator — valid shapes with wrong values, wrong shapes, binary frames,
 * oversized and broken JSON, floods, second hellos, reconnections with odd `since` — mixed with real moves.
 * The process stays up, every reply is an ack or an error the protocol documents (docs/PROTOCOL.md, or an
 * error code of the game's own catalog), and a table moves only with an ack.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '@tabula/catalog';
import { Rng } from '@tabula/engine';
import type { AnyGame } from '@tabula/engine';
import type { Store } from '@tabula/store';
import type { Msg, TestApp } from './helpers.js';
import { Client, createMatch, http, humans, sleep, startApps } from './helpers.js';

let A: TestApp;
let store: Store;
let close: () => Promise<void>;
/** Versions whose acknowledgement the server wrote (whoever was still there to read it). */
let serverAcks = new Set<number>();

beforeAll(async () => {
  // A message rate above production's (20 a second) so the fuzzer gets through, with a small burst that
  // its floods exceed.
  const s = await startApps([
    {
      allowSeed: true,
      rate: { perSecond: 300, burst: 60 },
      hub: { windowMs: 0, botDelayMs: 0 },
      onActTiming: (t) => serverAcks.add(t.v),
    },
  ]);
  [A] = s.apps as [TestApp];
  store = s.store;
  close = s.close;
});

afterAll(async () => {
  await close?.();
});

/** The protocol's own error codes (docs/PROTOCOL.md, Errors). */
const PROTOCOL_ERRORS = new Set([
  'badJson',
  'badMessage',
  'unknownType',
  'binary',
  'tooLarge',
  'helloFirst',
  'helloTwice',
  'helloPending',
  'noMatch',
  'badToken',
  'spectator',
  'rateLimited',
  'stale',
  'match.notActive',
  'badRecipient',
  'action.unknownFields',
  'action.notListed',
  'busy',
]);
const REPLIES = new Set(['welcome', 'update', 'ack', 'error', 'chat', 'presence', 'pong']);

/** Strange values of every JSON type. */
function oddValue(rng: Rng): unknown {
  const vals: unknown[] = [
    null,
    true,
    -1,
    0.5,
    1e308,
    -0,
    2 ** 53,
    '',
    'x'.repeat(rng.int(300)),
    '\u0000',
    '\ud800',
    '<script>',
    '__proto__',
    [],
    [null],
    {},
    { __proto__: { polluted: 1 } },
    { constructor: { prototype: 1 } },
    Array.from({ length: 50 }, () => 1),
  ];
  return vals[rng.int(vals.length)];
}

/** A listed action, changed a little: a value, a field added or removed, a type swapped. */
function mutate(a: unknown, rng: Rng): unknown {
  if (a === null || typeof a !== 'object') return oddValue(rng);
  const o = { ...(a as Record<string, unknown>) };
  const keys = Object.keys(o);
  switch (rng.int(5)) {
    case 0:
      if (keys.length) o[keys[rng.int(keys.length)]!] = oddValue(rng);
      return o;
    case 1:
      o[['extra', 'seat', 'card', 'v', '__proto__'][rng.int(5)]!] = oddValue(rng);
      return o;
    case 2:
      if (keys.length) delete o[keys[rng.int(keys.length)]!];
      return o;
    case 3:
      for (const k of keys) if (typeof o[k] === 'number') o[k] = (o[k] as number) + 1 + rng.int(3);
      return o;
    default:
      return {
        type: ['resign', 'pass', 'x', '', 'endStep', 'choose'][rng.int(6)],
        ...(rng.int(2) ? { junk: 1 } : {}),
      };
  }
}

interface Player {
  c: Client;
  token?: string;
  seat: number;
}

let forced = 0;

async function fuzzGame(
  g: AnyGame,
  rounds: number,
): Promise<{ sent: number; acks: number; forced: number; errors: Map<string, number> }> {
  const rng = new Rng(`fuzz:${g.id}`);
  serverAcks = new Set();
  const n = Math.max(g.minSeats, Math.min(3, g.maxSeats));
  const m = await createMatch(A.url, { game: g.id, players: n, seats: humans(n), seed: `fuzz-${g.id}` });
  const players: Player[] = [];
  for (let s = 0; s < n; s++)
    players.push({
      c: await Client.connect(A.url, { match: m.id, token: m.seats[s]!.token }, `${g.id}${s}`),
      token: m.seats[s]!.token,
      seat: s,
    });
  players.push({ c: await Client.connect(A.url, { match: m.id }, `${g.id}-spec`), seat: -1 });
  const all: Client[] = players.map((p) => p.c);
  const acked = new Set<number>();
  let sent = 0;
  const send = (p: Player, raw: string | Buffer, binary = false) => {
    if (p.c.ws.readyState !== WebSocket.OPEN) return;
    sent++;
    p.c.ws.send(raw, { binary });
  };
  const json = (p: Player, m: unknown) => send(p, JSON.stringify(m));
  for (let i = 0; i < rounds; i++) {
    const p = players[rng.int(players.length)]!;
    const last = p.c.last;
    const legal = (last?.legal ?? []) as unknown[];
    const v = last?.v ?? 0;
    switch (rng.int(16)) {
      case 0:
      case 1:
      case 2:
      case 3:
        // A real move, most of the time on the version the client saw.
        if (legal.length)
          json(p, { t: 'act', v: rng.int(6) ? v : v - 1, action: legal[rng.int(legal.length)], id: `m${i}` });
        break;
      case 4:
      case 5:
        json(p, {
          t: 'act',
          v,
          action: mutate(legal.length ? legal[rng.int(legal.length)] : {}, rng),
          id: `x${i}`,
        });
        break;
      case 6:
        json(p, { t: 'act', v: oddValue(rng), action: legal[0] ?? {}, id: oddValue(rng) });
        break;
      case 7:
        json(p, {
          t: ['hello', 'act', 'chat', 'resign!', 'leave ', 'PING', ''][rng.int(7)],
          ...(rng.int(2) ? { v: oddValue(rng) } : {}),
        });
        break;
      case 8:
        send(
          p,
          [JSON.stringify(oddValue(rng)), '{"t":"act",', '[]', 'null', '\u0000', '{"t":"chat","text":'][
            rng.int(6)
          ]!,
        );
        break;
      case 9:
        send(p, Buffer.from([0, 1, 2, 3, rng.int(256)]), true);
        break;
      case 10:
        send(p, JSON.stringify({ t: 'chat', text: 'y'.repeat(70_000) }));
        break;
      case 11:
        json(p, {
          t: 'chat',
          text: ['hello', '', '\u0007bell', 'x'.repeat(501), 'ok'][rng.int(5)],
          to: rng.int(3) ? undefined : oddValue(rng),
        });
        break;
      case 12:
        json(p, { t: 'hello', match: m.id, token: p.token });
        break;
      case 13: {
        // A flood: the rate limit answers, the connection stays unless it goes on and on.
        for (let k = 0; k < 120; k++) json(p, { t: 'ping' });
        break;
      }
      case 14: {
        // Reconnect with an odd `since`.
        p.c.close();
        await p.c.waitClose().catch(() => undefined);
        const since = [undefined, 0, v, v + 5, 10 ** 9, -3, 1.5, 'x'][rng.int(8)];
        const c = new Client(A.url, `${p.c.label}'`);
        await c.opened;
        const w = c.wait((x) => x.t === 'welcome' || x.t === 'error', 10_000);
        c.send({ t: 'hello', match: m.id, token: p.token, since });
        const r = await w;
        if (r.t === 'error') {
          expect(r.code).toBe('badMessage');
          c.send({ t: 'hello', match: m.id, token: p.token });
          await c.wait((x) => x.t === 'welcome', 10_000);
        }
        p.c = c;
        all.push(c);
        break;
      }
      default:
        await sleep(rng.int(4));
    }
    if (i % 20 === 0) await sleep(1);
    if (p.c.last?.view?.over) break;
  }
  await sleep(300);
  // Every reply is an ack or a documented error (or a state, chat, presence, pong).
  const errors = new Map<string, number>();
  for (const c of all)
    for (const x of c.msgs as Msg[]) {
      expect(REPLIES.has(x.t), `${g.id}: reply ${x.raw.slice(0, 100)}`).toBe(true);
      if (x.t === 'ack') acked.add(x.v!);
      if (x.t === 'error') {
        errors.set(x.code!, (errors.get(x.code!) ?? 0) + 1);
        expect(x.code).not.toBe('internal');
        expect(
          PROTOCOL_ERRORS.has(x.code!) || g.messages.en[x.code!] !== undefined,
          `${g.id}: undocumented error ${x.raw.slice(0, 200)}`,
        ).toBe(true);
        expect(x.message!.length).toBeGreaterThan(0);
      }
    }
  // The table moved only with acks — or by the server answering a decision that had one legal action
  // (a response window, a forced pass): replayed, every stored move is one or the other, and no version
  // was acknowledged twice.
  const info = (await http(A.url, 'GET', `/api/matches/${m.id}`)).body;
  const stored = await store.actions(m.id, 0);
  expect(stored.length).toBe(info.v);
  const o = g.parseOptions({});
  const st = g.setup(o.ok ? o.value : {}, n, `fuzz-${g.id}`);
  if (!st.ok) throw new Error(st.error.message);
  let byServer = 0;
  for (const a of stored) {
    if (!serverAcks.has(a.seq)) {
      const legal = g.legalActions(st.value, a.seat);
      expect(legal, `${g.id}: move ${a.seq} was neither acknowledged nor forced`).toHaveLength(1);
      expect(legal[0]).toEqual(a.action);
      byServer++;
    }
    expect(g.apply(st.value, a.seat, a.action).ok).toBe(true);
  }
  expect(acked.size).toBeLessThanOrEqual(serverAcks.size);
  const ackList = all.flatMap((c) => c.msgs.filter((x) => x.t === 'ack').map((x) => x.v!));
  expect(ackList.length).toBe(new Set(ackList).size);
  for (const c of all) for (const x of c.msgs) if (x.t === 'update') expect(x.v!).toBeLessThanOrEqual(info.v);
  for (const c of all) c.close();
  forced = byServer;
  return { sent, acks: serverAcks.size, forced, errors };
}

describe('protocol fuzzing', () => {
  for (const g of GAMES)
    it(`${g.id}: random and mutated messages from every seat and a spectator`, async () => {
      const r = await fuzzGame(g, 2500);
      expect(r.acks).toBeGreaterThan(10);
      // The fuzzer reached the interesting refusals.
      for (const code of ['badJson', 'badMessage', 'binary', 'tooLarge', 'helloTwice', 'rateLimited'])
        expect(r.errors.get(code) ?? 0, code).toBeGreaterThan(0);
      const health = await http(A.url, 'GET', '/healthz');
      expect(health.status).toBe(200);
      console.log(
        `fuzz ${g.id}: ${r.sent} messages, ${r.acks} moves acknowledged, ${r.forced} forced answered by the server; errors ${[...r.errors].map(([k, n]) => `${k} ${n}`).join(', ')}`,
      );
    });
});
