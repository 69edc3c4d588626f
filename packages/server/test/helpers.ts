/** Shared helpers of the server tests: HTTP calls, a recording WebSocket client, random play. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import type { AnyGame, GameEvent, GameRecord, Prompt, Rng } from '@tabula/engine';
import { canSee, deepEqual } from '@tabula/engine';
import { DEFAULT_CONFIG } from '@tabula/age-of-heroes';
import { JournaledStore, openPglite } from '@tabula/store';
import type { Store } from '@tabula/store';
import type { App, AppOptions } from '../src/index.js';
import { LocalBus, WorkerBotPool, createApp } from '../src/index.js';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const GAME = 'age-of-heroes';

/** Loose shape of every server message (tests inspect fields freely). */
export interface Msg {
  t: string;
  v?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  view?: any;
  legal?: unknown[];
  prompts?: { seat: number; kind: string; window?: boolean; optional?: boolean }[];
  events?: { v: number; key: string; params?: Record<string, unknown>; rules?: readonly string[] }[];
  code?: string;
  message?: string;
  rule?: string;
  id?: string;
  seat?: number;
  resync?: boolean;
  deadline?: number | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  line?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  chat?: any[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  match?: any;
  /** Local receive time (ms), added by the client. */
  at: number;
  /** Raw text as received. */
  raw: string;
}

export interface HttpResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function http(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  raw?: string,
): Promise<HttpResult> {
  const init: RequestInit = { method };
  if (raw !== undefined || body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = raw ?? JSON.stringify(body);
  }
  const res = await fetch(base + path, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

export interface SeatSpec {
  kind: 'human' | 'bot' | 'open';
  bot?: string;
  name?: string;
}

export interface Created {
  id: string;
  hostToken: string;
  seats: { seat: number; kind: string; token?: string }[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  match: any;
}

export async function createMatch(base: string, body: Record<string, unknown>): Promise<Created> {
  const r = await http(base, 'POST', '/api/matches', { game: GAME, ...body });
  if (r.status !== 201) throw new Error(`create failed ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body as Created;
}

export const humans = (n: number): SeatSpec[] =>
  Array.from({ length: n }, () => ({ kind: 'human' as const }));

/** A WebSocket client that records every message it receives. */
export class Client {
  readonly ws: WebSocket;
  readonly msgs: Msg[] = [];
  closed: { code: number; reason: string } | null = null;
  /** Latest welcome/update. */
  last: Msg | null = null;
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  private closeWaiters: (() => void)[] = [];
  onState?: (m: Msg) => void;
  readonly opened: Promise<void>;

  constructor(
    readonly base: string,
    readonly label = '',
    /** Headers of the upgrade request (a session cookie, an Origin). */
    headers?: Record<string, string>,
  ) {
    this.ws = new WebSocket(base.replace(/^http/, 'ws') + '/ws', headers ? { headers } : undefined);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('error', () => undefined);
    this.ws.on('message', (data: Buffer) => {
      const raw = data.toString('utf8');
      const m = { ...(JSON.parse(raw) as Omit<Msg, 'at' | 'raw'>), at: Date.now(), raw } as Msg;
      this.msgs.push(m);
      if (m.t === 'welcome' || m.t === 'update') this.last = m;
      for (const w of [...this.waiters])
        if (w.pred(m)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(m);
        }
      if (m.t === 'welcome' || m.t === 'update') this.onState?.(m);
    });
    this.ws.on('close', (code: number, reason: Buffer) => {
      this.closed = { code, reason: reason.toString() };
      for (const f of this.closeWaiters) f();
    });
  }

  static async connect(
    base: string,
    hello: Record<string, unknown> | null,
    label = '',
    headers?: Record<string, string>,
  ): Promise<Client> {
    const c = new Client(base, label, headers);
    await c.opened;
    if (hello) {
      const w = c.wait((m) => m.t === 'welcome' || m.t === 'error');
      c.send({ t: 'hello', ...hello });
      const m = await w;
      if (m.t === 'error') throw new Error(`hello failed: ${m.code} ${m.message}`);
    }
    return c;
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  get v(): number {
    return this.last?.v ?? -1;
  }

  /** Resolves with the first message from now on matching `pred` (or an already received one after `from`). */
  wait(pred: (m: Msg) => boolean, timeoutMs = 15_000, from?: number): Promise<Msg> {
    if (from !== undefined) {
      const hit = this.msgs.slice(from).find(pred);
      if (hit) return Promise.resolve(hit);
    }
    return new Promise((resolve, reject) => {
      const w = { pred, resolve };
      this.waiters.push(w);
      const t = setTimeout(() => {
        const i = this.waiters.indexOf(w);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(
          new Error(
            `${this.label}: timed out waiting; last messages: ${this.msgs
              .slice(-3)
              .map((x) => x.raw.slice(0, 200))
              .join(' | ')}`,
          ),
        );
      }, timeoutMs);
      t.unref();
      const done = w.resolve;
      w.resolve = (m) => {
        clearTimeout(t);
        done(m);
      };
    });
  }

  /** Sends a message and waits for the next reply of one of the given types. */
  async request(m: unknown, types: string[] = ['error', 'ack', 'pong'], timeoutMs?: number): Promise<Msg> {
    const w = this.wait((x) => types.includes(x.t), timeoutMs);
    this.send(m);
    return w;
  }

  waitClose(timeoutMs = 15_000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`${this.label}: not closed`)), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(t);
        resolve(this.closed!);
      });
    });
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
  }

  /** Whether the latest state says the game is over. */
  get over(): boolean {
    return !!this.last?.view?.over;
  }
}

/**
 * Makes a client play random legal actions whenever it has some, until its view says the game is
 * over. `act` hooks every action sent. Resolves with the final message.
 */
export function autoPlay(
  c: Client,
  rng: Rng,
  opts: {
    timeoutMs?: number;
    onAct?: (v: number, action: unknown, id: string) => void;
    pick?: (m: Msg, rng: Rng) => unknown;
  } = {},
): Promise<Msg> {
  let n = 0;
  return new Promise((resolve, reject) => {
    const t = setTimeout(
      () => reject(new Error(`${c.label}: game not over in time (v ${c.v})`)),
      opts.timeoutMs ?? 50_000,
    );
    t.unref();
    const step = (m: Msg) => {
      if (m.view?.over) {
        clearTimeout(t);
        c.onState = undefined;
        return resolve(m);
      }
      if (m.legal && m.legal.length) {
        const action = opts.pick ? opts.pick(m, rng) : m.legal[rng.int(m.legal.length)];
        const id = `${c.label}:${n++}`;
        opts.onAct?.(m.v!, action, id);
        c.send({ t: 'act', v: m.v, action, id });
      }
    };
    c.onState = step;
    if (c.last) step(c.last);
  });
}

/**
 * Random legal action, biased towards ending the game sooner: the trading window is left at once
 * with "ready" most of the time (random trading alone can take thousands of moves).
 */
export function quickPick(m: Msg, rng: Rng): unknown {
  const legal = m.legal as { type: string }[];
  const ready = legal.find((a) => a.type === 'ready');
  if (ready && rng.int(4) !== 0) return ready;
  return legal[rng.int(legal.length)];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Spawns `node packages/server/dist/main.js` and resolves once it listens. */
export async function spawnServer(
  args: string[],
  env: Record<string, string>,
): Promise<{ proc: ChildProcess; out: () => string }> {
  const proc = spawn(process.execPath, [ROOT + 'packages/server/dist/main.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    const check = () => {
      if (out.includes('Tabula is running')) {
        clearTimeout(t);
        resolve();
      }
    };
    proc.stdout!.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`server exited ${code}: ${out}`));
    });
  });
  return { proc, out: () => out };
}

/**
 * Age of Heroes options for shorter games: the default rules and data, but 3 cities (or 3 monument
 * cards) win instead of 5, and few trading inputs per Market Day. Random play then ends in about
 * 400 moves instead of 1,000.
 */
export const SHORT = {
  tradeInputLimit: 2,
  config: { ...DEFAULT_CONFIG, victory: { cities: 3, monumentCards: 3 } },
};

export const FAST = {
  hub: { windowMs: 0, botDelayMs: 0 },
  // Password hashes as cheap as scrypt allows: the tests sign up and in many times.
  scrypt: { N: 1024, r: 8, p: 1 },
  rate: { perSecond: 10000, burst: 10000 },
  httpRate: { perMinute: 1_000_000, burst: 10000 },
};

export interface TestApp {
  url: string;
  app: App;
}

/**
 * Several apps (as several server processes would be) over ONE in-memory PGlite store, each with
 * its own hub and local bus: one embedded database start for a whole test file. The database runs
 * in a worker thread, as in the real server.
 */
export async function startApps(
  configs: Partial<AppOptions>[],
): Promise<{ apps: TestApp[]; store: Store; close: () => Promise<void> }> {
  const db = await openPglite('memory', { worker: true });
  // As the real server: moves go through the store's journal (here kept in memory only).
  const store: Store = await JournaledStore.openJournaled(db, { dir: null });
  const bots = new WorkerBotPool(1);
  const apps: TestApp[] = [];
  for (const c of configs) {
    const app = await createApp({ store, bus: new LocalBus(), bots, ...FAST, ...c });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    apps.push({ app, url: `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}` });
  }
  return {
    apps,
    store,
    async close() {
      for (const a of apps) await a.app.close();
      await bots.close();
      await store.close();
    },
  };
}

/* ---------------------------------------------------------------- sealed-view verification */

/** The messages one connection received, and the `since` it said hello with. */
export interface Stream {
  label: string;
  seat: number;
  msgs: Msg[];
  since?: number;
}

export interface VerifyReport {
  /** welcome/update messages checked against the replay. */
  checked: number;
  /** Messages scanned for leaks. */
  scanned: number;
  resyncs: number;
  failures: string[];
}

const norm = (x: unknown): unknown => (x === undefined ? undefined : JSON.parse(JSON.stringify(x)));

/** Keys that must never reach seat `seat` before the game is over: other seats' hands, the generator. */
function leaks(value: unknown, seat: number, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((x, i) => leaks(x, seat, `${path}[${i}]`, out));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const o = value as Record<string, unknown>;
  if ('rng' in o) out.push(`${path}.rng`);
  if ('hand' in o && (seat < 0 || o.seat !== seat)) out.push(`${path}.hand (seat ${String(o.seat)})`);
  for (const [k, v] of Object.entries(o)) leaks(v, seat, `${path}.${k}`, out);
}

/**
 * Replays `record` step by step and checks every welcome/update of every stream against it: the
 * view, the legal actions and the prompts are exactly the engine's for that seat at that version,
 * and the events are exactly those of versions (previous version, v] the seat may see (all of them
 * once the game is over, when everything is revealed). Also scans every message for leaks.
 */
export function verifyStreams(game: AnyGame, record: GameRecord, streams: Stream[]): VerifyReport {
  const report: VerifyReport = { checked: 0, scanned: 0, resyncs: 0, failures: [] };
  const fail = (s: string) => {
    if (report.failures.length < 20) report.failures.push(s);
  };
  type Req = { s: Stream; m: Msg; prevV: number };
  const byV = new Map<number, Req[]>();
  for (const s of streams) {
    let prevV = s.since ?? -1;
    for (const m of s.msgs) {
      if (m.t !== 'welcome' && m.t !== 'update') continue;
      if (m.t === 'welcome' && m.seat !== s.seat) fail(`${s.label}: welcome for seat ${m.seat}`);
      if (m.t === 'update' && m.v! <= prevV) fail(`${s.label}: update v ${m.v} after v ${prevV}`);
      let list = byV.get(m.v!);
      if (!list) byV.set(m.v!, (list = []));
      list.push({ s, m, prevV });
      prevV = m.v!;
    }
  }
  const maxV = Math.max(-1, ...byV.keys());
  if (maxV > record.actions.length)
    fail(`a client saw version ${maxV} beyond the record (${record.actions.length})`);
  const opts = game.parseOptions(record.options);
  if (!opts.ok) throw new Error(opts.error.message);
  const events: GameEvent[][] = [[]];
  const setup = game.setup(opts.value, record.seats, record.seed, events[0]);
  if (!setup.ok) throw new Error(setup.error.message);
  const state = setup.value;
  for (let v = 0; v <= record.actions.length; v++) {
    if (v > 0) {
      const a = record.actions[v - 1]!;
      const log: GameEvent[] = [];
      const r = game.apply(state, a.seat, a.action, log);
      if (!r.ok) throw new Error(`record action ${v} rejected: ${r.error.message}`);
      events[v] = log;
    }
    const over = game.outcome(state) !== null;
    for (const { s, m, prevV } of byV.get(v) ?? []) {
      report.checked++;
      const where = `${s.label} ${m.t} v${v}`;
      if (!deepEqual(m.view, norm(game.view(state, s.seat)))) fail(`${where}: view differs`);
      const legal = s.seat >= 0 ? game.legalActions(state, s.seat) : [];
      if (!deepEqual(m.legal, norm(legal))) fail(`${where}: legal differs`);
      const prompts = over ? [] : (game.prompts(state) as Prompt[]).filter((p) => p.seat === s.seat);
      if (!deepEqual(m.prompts, norm(prompts))) fail(`${where}: prompts differ`);
      if (m.t === 'welcome' && m.resync) {
        report.resyncs++;
        continue;
      }
      const expected: unknown[] = [];
      for (let u = prevV + 1; u <= v; u++)
        for (const e of events[u] ?? []) {
          if (!over && !canSee(e, s.seat)) continue;
          const ve: Record<string, unknown> = { v: u, key: e.key };
          if (e.params) ve.params = e.params;
          if (e.rules) ve.rules = e.rules;
          expected.push(ve);
        }
      if (!deepEqual(m.events, norm(expected)))
        fail(
          `${where}: events differ (got ${m.events?.length}, expected ${expected.length} for (${prevV}, ${v}])`,
        );
    }
  }
  for (const s of streams)
    for (const m of s.msgs) {
      if (m.view?.over) continue;
      report.scanned++;
      const found: string[] = [];
      leaks(JSON.parse(m.raw), s.seat, m.t, found);
      if (found.length) fail(`${s.label} ${m.t} v${m.v}: leaks ${found.join(', ')}`);
    }
  return report;
}

/** A browser's cookie jar for one player. */
export class Browser {
  cookie: string | null = null;
  lastSetCookie: string | null = null;
  constructor(readonly base: string) {}
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined) h['content-type'] = 'application/json';
    if (this.cookie) h.cookie = this.cookie;
    const res = await fetch(this.base + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) {
      this.lastSetCookie = set;
      const pair = set.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  }
  me() {
    return this.call('GET', '/api/account').then((r) => r.body.account);
  }
}
