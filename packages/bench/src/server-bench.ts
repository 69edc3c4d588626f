/**
 * `npm run bench -- server`: the game server under a steady load of real WebSocket clients.
 *
 * The server runs alone in a child process (`server-child.ts`), so its CPU time and memory are
 * measured apart from the load generator. N tables of four seats are each played by four random
 * clients over WebSockets on 127.0.0.1 (no server-side bots: the load is the protocol). A global
 * pacer hands out move slots so the clients together send `--rate` actions a second; finished games
 * are replaced by new tables so the load stays steady.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { checkFlags, numberFlag, parseArgs } from './args.js';
import type { ChildMessage, ChildOptions, ChildStats, ChildTimings, ParentMessage } from './server-child.js';
import type { GcStats } from './gc-watch.js';
import { GcWatch } from './gc-watch.js';

export interface ServerBenchOptions {
  /** Tables played at once (each with four WebSocket clients). */
  tables: number;
  /** Measured load phase, s. */
  seconds: number;
  /** Load before measuring (JIT warm-up), s. */
  warmup: number;
  /** Target total rate of client actions, per second. */
  rate: number;
  /** Mean time a client thinks after an update before acting (uniform in 0…2×think), ms. */
  think: number;
  /** 'temp' (a fresh directory), 'memory', a PGlite directory, or a postgres:// URL. */
  store: string;
  /** The server's minimum response-window time, ms (0: answers are not held back). */
  windowMs: number;
  /** After the load, every client gone, wait this long and report the server's memory again, s (0: not). */
  rest: number;
  /** Write a V8 CPU profile of the server during the measured phase to this file. */
  cpuProf?: string;
  /** Write a sampled allocation profile of the server during the measured phase to this file. */
  heapProf?: string;
  seed?: string;
  progress?: (line: string) => void;
}

export interface MemoryPhase {
  rssMB: number;
  heapMB: number;
  dbHeapMB: number | null;
  wasmMB: number | null;
}

export interface LatencyStats {
  samples: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface ServerBenchResult {
  store: string;
  seats: 4;
  tables: number;
  seconds: number;
  targetRate: number;
  moves: {
    /** Client actions acknowledged (stored) during the measured phase. */
    acked: number;
    perSecond: number;
    /** Versions the tables moved on, including the server's own automatic answers. */
    versionsPerSecond: number;
    /**
     * `stale` rejections: a client acted on a version another seat had already moved past (or
     * ended the game at).
     */
    stale: number;
    /** Every other rejection, by code (should be empty). */
    rejected: Record<string, number>;
    /** Actions never answered by the end of the run. */
    unanswered: number;
  };
  /** Client-measured, from sending `act` to receiving its `ack`, ms. */
  latencyMs: LatencyStats;
  /**
   * Where the slowest 1% of the actions spent their time (means, ms; the machine's clock, read by
   * both processes), and how many of them a garbage-collection pause of either process overlapped.
   */
  slowest: {
    actions: number;
    meanMs: number;
    toServerMs: number;
    inServerMs: number;
    toClientMs: number;
    /** Of those actions, the share during which the server's main thread paused for garbage collection. */
    serverGcShare: number;
    /** The same for the load generator's. */
    clientGcShare: number;
  } | null;
  server: {
    /** Server CPU time (user + system, all its threads) per wall-clock second; 1 = one core. */
    cpuShare: number;
    /** Server CPU time per version (stored action), µs: what one move costs, however loaded the machine. */
    cpuUsPerMove: number;
    userShare: number;
    systemShare: number;
    /** The server's event-loop delay during the measured phase, ms. */
    loopDelayP99Ms: number;
    loopDelayMaxMs: number;
    /** act→ack inside the server (message in → ack written), so the clients' own delays are left out. */
    actP50Ms: number;
    actP99Ms: number;
    /** The main thread's garbage-collection pauses during the measured phase. */
    gc: GcStats;
    rssMB: number;
  };
  /** The load generator's own event-loop delay (it inflates the measured latencies), ms. */
  clientLoopDelayP99Ms: number;
  /** The load generator's CPU time per wall-clock second (it shares the machine with the server). */
  clientCpuShare: number;
  /** The load generator's garbage-collection pauses during the measured phase. */
  clientGc: GcStats;
  /**
   * Cores kept busy by other processes during the measured phase (Linux: from /proc/stat, minus the
   * server and the load generator); null where unknown. Above ~0.2 the latencies are not the server's.
   */
  otherCores: number | null;
  memory: {
    /** Server RSS with no table, after GC, KB. */
    baselineRssKB: number;
    /** (RSS with `tables` fresh idle tables and their 4 connections each − baseline) / tables, KB. */
    kbPerIdleTable: number;
    heapKbPerIdleTable: number;
    /** The same after the load: `tables` idle mid-game tables, plus what the finished games left. */
    kbPerTableAfterLoad: number;
    heapKbPerTableAfterLoad: number;
    /**
     * The server process's memory in MB at each phase — just started; at the end of the load (no forced
     * collection); after `rest` seconds with every client gone (if asked), before and after a forced
     * collection — and what holds it: the main thread's JavaScript heap (reserved), the embedded
     * database thread's heap and PGlite's WebAssembly memory.
     */
    phases: Record<string, MemoryPhase>;
  };
  games: { started: number; finished: number };
  loadAverage: { before: number[]; after: number[] };
  targets: { p99Ms: number; kbPerIdleTable: number; p99Met: boolean; memoryMet: boolean };
}

const TARGET_P99_MS = 5;
/**
 * V8 flags of both processes: the young generation at its full size from the start. For the server,
 * so that the memory per table is not counted with pages of it touched for the first time (see
 * touchYoungGeneration in server-child.ts); for the load generator, so that 200 clients in one
 * process do not pause for a full collection every half second (V8 starts it with a small young
 * generation, whose survivors fill the old one): its pauses delay reading acknowledgements, and were
 * in most of the slowest 1% of the actions (the `slowest` figures show it).
 */
export const YOUNG_GENERATION = ['--min-semi-space-size=16'];
const TARGET_KB_PER_TABLE = 200;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

export function latencyStats(xs: number[]): LatencyStats {
  const s = [...xs].sort((a, b) => a - b);
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    samples: s.length,
    mean: r3(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)),
    p50: r3(percentile(s, 0.5)),
    p90: r3(percentile(s, 0.9)),
    p99: r3(percentile(s, 0.99)),
    max: r3(s[s.length - 1] ?? NaN),
  };
}

/** The child's script: beside this module once built, else (sources under test) the built copy. */
function childScript(): string {
  const here = fileURLToPath(new URL('./server-child.js', import.meta.url));
  return existsSync(here) ? here : fileURLToPath(new URL('../dist/server-child.js', import.meta.url));
}

/** The server process and a request/answer channel for its statistics. */
class ServerProcess {
  private waiting: ((s: ChildStats) => void)[] = [];
  private waitingTimings: ((t: ChildTimings) => void)[] = [];
  private profiled: (() => void) | null = null;
  readonly exited: Promise<number | null>;

  private constructor(
    readonly proc: ChildProcess,
    readonly port: number,
  ) {
    proc.on('message', (m: ChildMessage) => {
      if (m.t === 'stats') this.waiting.shift()?.(m);
      else if (m.t === 'timings') this.waitingTimings.shift()?.(m);
      else if (m.t === 'profiled') this.profiled?.();
    });
    this.exited = new Promise((r) => proc.once('exit', (code) => r(code)));
  }

  static start(o: ChildOptions): Promise<ServerProcess> {
    const proc = fork(childScript(), [JSON.stringify(o)], {
      // The young generation at its full size from the start (see touchYoungGeneration).
      execArgv: ['--expose-gc', ...YOUNG_GENERATION],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      proc.once('exit', (code) =>
        reject(new Error(`the server process exited (${code}) before it was ready`)),
      );
      proc.on('message', function first(m: ChildMessage) {
        if (m.t === 'ready') {
          proc.off('message', first);
          proc.removeAllListeners('exit');
          resolve(new ServerProcess(proc, m.port));
        } else if (m.t === 'error') reject(new Error(`the server could not start: ${m.message}`));
      });
    });
  }

  /**
   * Starts the server's CPU profiler (or, with `heap`, its sampling allocation profiler), or stops it
   * and writes the profile to `file`.
   */
  profile(start: boolean, file?: string, heap?: boolean): Promise<void> {
    return new Promise((resolve) => {
      this.profiled = resolve;
      this.proc.send({ t: 'profile', start, file, heap } satisfies ParentMessage);
    });
  }

  /** The server's times of these actions, and its collector's pauses, between its last two samples. */
  timings(ids: string[]): Promise<ChildTimings> {
    return new Promise((resolve) => {
      this.waitingTimings.push(resolve);
      this.proc.send({ t: 'timings', ids } satisfies ParentMessage);
    });
  }

  stats(gc = false): Promise<ChildStats> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.proc.send({ t: 'stats', gc } satisfies ParentMessage);
    });
  }

  async stop(): Promise<void> {
    this.proc.send({ t: 'stop' } satisfies ParentMessage);
    const t = setTimeout(() => this.proc.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(t);
  }
}

/** A small seeded generator (mulberry32), so runs pick the same kinds of moves. */
function rngFrom(seed: string): () => number {
  let a = 0x9e3779b9;
  for (let i = 0; i < seed.length; i++) a = Math.imul(a ^ seed.charCodeAt(i), 0x85ebca6b) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SeatState {
  v: number;
  legal: { type?: string }[];
  waitingFor: number[];
  over: boolean;
}

interface Created {
  id: string;
  seats: { seat: number; token?: string }[];
}

/** The whole load: tables, their clients, the pacer and the counters. */
class Load {
  running = false;
  measuring = false;
  private nextSlot = 0;
  private interval: number;
  /** Actions sent and acknowledged (all phases), for the pacer's feedback. */
  sent = 0;
  stored = 0;
  private tuner: NodeJS.Timeout | null = null;
  readonly latencies: number[] = [];
  /** Per measured acknowledged action: its id, and when it was sent and its ack read (the machine's clock). */
  readonly ackIds: string[] = [];
  readonly ackTimes: number[] = [];
  private tableNo = 0;
  acked = 0;
  stale = 0;
  versions = 0;
  readonly rejected: Record<string, number> = {};
  started = 0;
  finished = 0;
  readonly tables = new Set<Table>();
  private readonly creating = new Set<Promise<void>>();
  readonly random: () => number;
  failure: Error | null = null;

  constructor(
    readonly base: string,
    readonly o: ServerBenchOptions,
  ) {
    this.interval = 1000 / o.rate;
    this.random = rngFrom(o.seed ?? 'server-bench');
  }

  /** Delay until the next free move slot, after the client's think time. */
  slot(): number {
    const now = performance.now();
    const think = this.o.think > 0 ? this.o.think * 2 * this.random() : 0;
    const at = Math.max(now + think, this.nextSlot);
    this.nextSlot = at + this.interval;
    return at - now;
  }

  private game: Promise<string> | null = null;

  /** The game played at every table: the first the server lists (`GET /api/games`); the bench names none. */
  gameId(): Promise<string> {
    this.game ??= fetch(`${this.base}/api/games`).then(async (r) => {
      const list = (await r.json()) as { id: string }[];
      if (!list[0]) throw new Error('the server lists no game');
      return list[0].id;
    });
    return this.game;
  }

  async createTable(): Promise<Table> {
    const game = await this.gameId();
    const res = await fetch(`${this.base}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game,
        players: 4,
        seats: Array.from({ length: 4 }, () => ({ kind: 'human' })),
      }),
    });
    if (res.status !== 201) throw new Error(`creating a table failed: ${res.status} ${await res.text()}`);
    const c = (await res.json()) as Created;
    const t = new Table(this, c.id, this.tableNo++);
    this.tables.add(t);
    this.started++;
    await Promise.all(c.seats.map((s) => t.connect(s.seat, s.token!)));
    if (this.running) t.kick();
    return t;
  }

  /** Creates tables `concurrency` at a time. */
  async createTables(n: number, concurrency = 8): Promise<void> {
    let left = n;
    const worker = async () => {
      while (left > 0) {
        left--;
        await this.createTable();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  }

  /** A table's game is over: it leaves, and a new one takes its place while the load runs. */
  replace(t: Table): void {
    this.tables.delete(t);
    this.finished++;
    t.retire();
    if (!this.running) return;
    const p = this.createTable().then(
      () => undefined,
      (e: Error) => {
        this.failure ??= e;
      },
    );
    this.creating.add(p);
    void p.finally(() => this.creating.delete(p));
  }

  start(): void {
    this.running = true;
    this.nextSlot = performance.now();
    // Some actions come back `stale` (two seats answered the same version): send that many more so
    // that the actions stored, not merely sent, reach the target rate.
    let last = { sent: 0, stored: 0 };
    this.tuner = setInterval(() => {
      const sent = this.sent - last.sent;
      const stored = this.stored - last.stored;
      last = { sent: this.sent, stored: this.stored };
      if (stored > 0) this.interval = 1000 / (this.o.rate * Math.min(3, Math.max(1, sent / stored)));
    }, 500);
    for (const t of this.tables) t.kick();
  }

  /** Stops sending and waits (a little) for the answers still due. */
  async stop(): Promise<number> {
    this.running = false;
    if (this.tuner) clearInterval(this.tuner);
    await Promise.all([...this.creating]);
    const until = performance.now() + 3000;
    while (performance.now() < until && this.inFlight() > 0) await sleep(10);
    return this.inFlight();
  }

  inFlight(): number {
    let n = 0;
    for (const t of this.tables) for (const c of t.clients) n += c.pending.size;
    return n;
  }

  closeAll(): void {
    if (this.tuner) clearInterval(this.tuner);
    for (const t of this.tables) t.close();
  }
}

class Table {
  readonly clients: SeatClient[] = [];
  done = false;
  lastV = 0;

  constructor(
    readonly load: Load,
    readonly id: string,
    /** Unique in the run: the actions' ids are made of it, so the server's times can be matched. */
    readonly no: number,
  ) {}

  connect(seat: number, token: string): Promise<void> {
    const c = new SeatClient(this, seat);
    this.clients.push(c);
    return c.open(token);
  }

  kick(): void {
    for (const c of this.clients) c.maybeSchedule();
  }

  saw(v: number): void {
    if (v > this.lastV) {
      if (this.load.measuring) this.load.versions += v - this.lastV;
      this.lastV = v;
    }
  }

  over(): void {
    if (this.done) return;
    this.done = true;
    this.load.replace(this);
  }

  /** Closes the clients once the last answers are in (the final update comes before its ack). */
  retire(): void {
    const until = performance.now() + 2000;
    const check = () => {
      if (this.clients.every((c) => c.pending.size === 0) || performance.now() > until) this.close();
      else setTimeout(check, 10);
    };
    check();
  }

  close(): void {
    for (const c of this.clients) c.ws?.close();
  }
}

interface Message {
  t: string;
  v?: number;
  id?: string;
  code?: string;
  message?: string;
  view?: { over?: boolean };
  legal?: { type?: string }[];
  waitingFor?: number[];
}

const UPDATE = Buffer.from('{"t":"update"');
const VIEW_KEY = Buffer.from(',"view":');

/**
 * A server message, as much of it as a load client needs. The server writes an update's view last,
 * and a client that is to act needs only the version and its legal actions: the view (most of the
 * text) is parsed only when nobody is asked anything, the one time its \`over\` matters. The 200
 * clients share the machine with the server, so every microsecond they spend is taken from it.
 */
function readMessage(data: Buffer): Message {
  // Cut in the bytes: the view's text is then never even made into a string.
  const cut = data.subarray(0, UPDATE.length).equals(UPDATE) ? data.lastIndexOf(VIEW_KEY) : -1;
  if (cut > 0) {
    let head: Message | null = null;
    try {
      head = JSON.parse(`${data.toString('utf8', 0, cut)}}`) as Message;
    } catch {
      head = null; // the cut was inside the message: read all of it
    }
    if (head && head.legal && head.waitingFor && (head.legal.length > 0 || head.waitingFor.length > 0))
      return head;
  }
  return JSON.parse(data.toString('utf8')) as Message;
}

class SeatClient {
  ws: WebSocket | null = null;
  private state: SeatState | null = null;
  private actedV = -1;
  private scheduled = false;
  private n = 0;
  /** Action id → send time (ms) and whether it counts (sent while measuring). */
  readonly pending = new Map<string, { at: number; measured: boolean }>();

  constructor(
    readonly table: Table,
    readonly seat: number,
  ) {}

  open(token: string): Promise<void> {
    const load = this.table.load;
    const ws = new WebSocket(`${load.base.replace(/^http/, 'ws')}/ws`, { perMessageDeflate: false });
    this.ws = ws;
    return new Promise((resolve, reject) => {
      ws.once('open', () => ws.send(JSON.stringify({ t: 'hello', match: this.table.id, token })));
      ws.once('error', reject);
      ws.on('message', (data: Buffer) => {
        const m = readMessage(data);
        if (m.t === 'welcome' || m.t === 'update') {
          this.state = {
            v: m.v!,
            legal: m.legal ?? [],
            waitingFor: m.waitingFor ?? [],
            over: !!m.view?.over,
          };
          this.table.saw(m.v!);
          if (m.t === 'welcome') resolve();
          if (this.state.over) this.table.over();
          else this.maybeSchedule();
        } else if (m.t === 'ack' || m.t === 'error') {
          const p = m.id === undefined ? undefined : this.pending.get(m.id);
          if (m.id !== undefined) this.pending.delete(m.id);
          if (m.t === 'ack') load.stored++;
          if (m.t === 'error' && !p) {
            load.failure ??= new Error(`server error outside an action: ${m.code} ${m.message}`);
            return;
          }
          if (!p?.measured) return;
          if (m.t === 'ack') {
            load.acked++;
            const now = performance.now();
            load.latencies.push(now - p.at);
            load.ackIds.push(m.id!);
            load.ackTimes.push(performance.timeOrigin + p.at, performance.timeOrigin + now);
          } else if (m.code === 'stale' || (m.code === 'match.notActive' && this.table.done))
            load.stale++; // (the other seat's move that ended the game came first)
          else load.rejected[m.code ?? '?'] = (load.rejected[m.code ?? '?'] ?? 0) + 1;
        }
      });
    });
  }

  private wants(s: SeatState | null): s is SeatState {
    return (
      !!s &&
      !s.over &&
      s.v !== this.actedV &&
      s.legal.length > 0 &&
      (s.waitingFor.length === 0 || s.waitingFor.includes(this.seat))
    );
  }

  maybeSchedule(): void {
    if (this.scheduled || !this.table.load.running || this.table.done || !this.wants(this.state)) return;
    this.scheduled = true;
    setTimeout(() => this.fire(), this.table.load.slot());
  }

  private fire(): void {
    this.scheduled = false;
    const load = this.table.load;
    const s = this.state;
    if (!load.running || this.table.done || this.ws?.readyState !== WebSocket.OPEN || !this.wants(s)) return;
    // Random among the legal actions, leaving trading ("ready") most of the time so games end.
    const ready = s.legal.find((a) => a.type === 'ready');
    const action =
      ready && load.random() < 0.75 ? ready : s.legal[Math.floor(load.random() * s.legal.length)];
    const id = `${this.table.no}.${this.seat}.${this.n++}`;
    this.actedV = s.v;
    this.pending.set(id, { at: performance.now(), measured: load.measuring });
    load.sent++;
    this.ws.send(JSON.stringify({ t: 'act', v: s.v, action, id }));
  }
}

const roundGc = (g: GcStats): GcStats => ({
  pauses: g.pauses,
  totalMs: r1(g.totalMs),
  maxMs: r3(g.maxMs),
  major: g.major,
  majorMs: r1(g.majorMs),
});

/** Whether a pause (start, duration) overlaps the interval [from, to]. */
const pausedIn = (pauses: [number, number][], from: number, to: number): boolean =>
  pauses.some(([start, d]) => start < to && start + d > from);

/** Where the slowest 1% of the measured actions spent their time (see ServerBenchResult.slowest). */
async function slowestActions(
  load: Load,
  server: ServerProcess,
  clientPauses: [number, number][],
): Promise<ServerBenchResult['slowest']> {
  const n = load.ackIds.length;
  if (n === 0) return null;
  const k = Math.ceil(n / 100);
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => load.latencies[b]! - load.latencies[a]!,
  );
  const chosen = order.slice(0, k);
  const t = await server.timings(chosen.map((i) => load.ackIds[i]!));
  let total = 0;
  let up = 0;
  let inside = 0;
  let down = 0;
  let matched = 0;
  let serverGc = 0;
  let clientGc = 0;
  chosen.forEach((i, j) => {
    const sent = load.ackTimes[2 * i]!;
    const read = load.ackTimes[2 * i + 1]!;
    total += read - sent;
    if (pausedIn(clientPauses, sent, read)) clientGc++;
    const s = t.acts[j];
    if (!s) return;
    matched++;
    up += s[0] - sent;
    inside += s[1] - s[0];
    down += read - s[1];
    if (pausedIn(t.gc, sent, s[1])) serverGc++;
  });
  const m = Math.max(1, matched);
  return {
    actions: k,
    meanMs: r3(total / k),
    toServerMs: r3(up / m),
    inServerMs: r3(inside / m),
    toClientMs: r3(down / m),
    serverGcShare: r3(serverGc / m),
    clientGcShare: r3(clientGc / k),
  };
}

/** Memory after garbage collection: the median of three samples (RSS moves as pages are returned). */
async function settled(server: ServerProcess): Promise<ChildStats> {
  const xs: ChildStats[] = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) await sleep(100);
    xs.push(await server.stats(true));
  }
  return xs.sort((a, b) => a.rss - b.rss)[1]!;
}

/** Busy and total CPU time of the whole machine so far (s), from /proc/stat; null elsewhere. */
function machineCpu(): { busy: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const hz = 100;
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: (total - idle) / hz };
  } catch {
    return null;
  }
}

const r1 = (x: number) => Math.round(x * 10) / 10;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

export async function runServerBench(o: ServerBenchOptions): Promise<ServerBenchResult> {
  const progress = o.progress ?? (() => undefined);
  const loadBefore = os.loadavg().map(r3);
  progress(`starting the server (store: ${o.store})`);
  // 'temp': a fresh data directory, as `npm start` uses one (the database and its journal on disk).
  const temp = o.store === 'temp' ? mkdtempSync(join(os.tmpdir(), 'tabula-bench-')) : null;
  const server = await ServerProcess.start({ store: temp ?? o.store, windowMs: o.windowMs }).catch(
    (e: unknown) => {
      if (temp) rmSync(temp, { recursive: true, force: true });
      throw e;
    },
  );
  const load = new Load(`http://127.0.0.1:${server.port}`, o);
  const phases: Record<string, MemoryPhase> = {};
  const phase = (s: ChildStats): MemoryPhase => ({
    rssMB: r1(s.rss / 2 ** 20),
    heapMB: r1(s.heapTotal / 2 ** 20),
    dbHeapMB: s.db ? r1(s.db.heapTotal / 2 ** 20) : null,
    wasmMB: s.db ? r1(s.db.wasm / 2 ** 20) : null,
  });
  try {
    phases.started = phase(await server.stats());
    // One table first, whose connections are then closed: what the first table costs once (code
    // compiled, caches filled) belongs to the baseline, not to every table.
    const first = await load.createTable();
    load.tables.delete(first);
    first.close();
    load.started = 0;
    await sleep(300);
    const base = await settled(server);
    progress(`opening ${o.tables} tables of 4 WebSocket clients`);
    await load.createTables(o.tables);
    await sleep(300);
    const idle = await settled(server);

    progress(
      `load: ${o.rate} actions/s${o.warmup > 0 ? `, ${o.warmup} s warm-up` : ''}, then ${o.seconds} s measured`,
    );
    load.start();
    await sleep(o.warmup * 1000);
    if (o.cpuProf) await server.profile(true);
    else if (o.heapProf) await server.profile(true, undefined, true);
    const s0 = await server.stats();
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const c0 = process.cpuUsage();
    const m0 = machineCpu();
    const clientGc = new GcWatch();
    load.measuring = true;
    await sleep(o.seconds * 1000);
    load.measuring = false;
    const cg = clientGc.take();
    clientGc.stop();
    loop.disable();
    const c1 = process.cpuUsage(c0);
    const m1 = machineCpu();
    const s1 = await server.stats();
    const slowest = await slowestActions(load, server, cg.pauses);
    if (o.cpuProf) {
      await server.profile(false, resolvePath(o.cpuProf));
      progress(`server CPU profile of the measured phase: ${resolvePath(o.cpuProf)}`);
    } else if (o.heapProf) {
      await server.profile(false, resolvePath(o.heapProf), true);
      progress(`server allocation profile of the measured phase: ${resolvePath(o.heapProf)}`);
    }
    const unanswered = await load.stop();
    if (load.failure) throw load.failure;
    await sleep(300);
    const after = await settled(server);
    const loadAfter = os.loadavg().map(r3);
    phases.load = phase(s1);
    if (o.rest > 0) {
      load.running = false;
      load.closeAll();
      progress(`every client gone; the server's memory in ${o.rest} s`);
      await sleep(o.rest * 1000);
      phases.rest = phase(await server.stats());
      phases.restCollected = phase(await settled(server));
    }

    const wall = (s1.at - s0.at) / 1000;
    const n = o.tables;
    const kb = (a: ChildStats, b: ChildStats, k: 'rss' | 'heapUsed') => r1((b[k] - a[k]) / 1024 / n);
    const latencyMs = latencyStats(load.latencies);
    const cpuSeconds = (s1.user + s1.system - s0.user - s0.system) / 1e6;
    const kbPerIdleTable = kb(base, idle, 'rss');
    return {
      store: o.store,
      seats: 4,
      tables: n,
      seconds: r3(wall),
      targetRate: o.rate,
      moves: {
        acked: load.acked,
        perSecond: r1(load.acked / wall),
        versionsPerSecond: r1(load.versions / wall),
        stale: load.stale,
        rejected: load.rejected,
        unanswered,
      },
      latencyMs,
      slowest,
      server: {
        cpuShare: r3(cpuSeconds / wall),
        cpuUsPerMove: r1((cpuSeconds * 1e6) / Math.max(1, load.versions)),
        userShare: r3((s1.user - s0.user) / 1e6 / wall),
        systemShare: r3((s1.system - s0.system) / 1e6 / wall),
        loopDelayP99Ms: r3(s1.loopP99),
        loopDelayMaxMs: r3(s1.loopMax),
        actP50Ms: r3(s1.actP50),
        actP99Ms: r3(s1.actP99),
        gc: roundGc(s1.gc),
        rssMB: r1(s1.rss / 1024 / 1024),
      },
      memory: {
        baselineRssKB: Math.round(base.rss / 1024),
        kbPerIdleTable,
        heapKbPerIdleTable: kb(base, idle, 'heapUsed'),
        kbPerTableAfterLoad: kb(base, after, 'rss'),
        heapKbPerTableAfterLoad: kb(base, after, 'heapUsed'),
        phases,
      },
      clientLoopDelayP99Ms: r3(loop.percentile(99) / 1e6),
      clientCpuShare: r3((c1.user + c1.system) / 1e6 / wall),
      clientGc: roundGc(cg.stats),
      otherCores:
        m0 && m1
          ? r3(
              Math.max(
                0,
                (m1.busy - m0.busy) / wall - cpuSeconds / wall - (c1.user + c1.system) / 1e6 / wall,
              ),
            )
          : null,
      games: { started: load.started, finished: load.finished },
      loadAverage: { before: loadBefore, after: loadAfter },
      targets: {
        p99Ms: TARGET_P99_MS,
        kbPerIdleTable: TARGET_KB_PER_TABLE,
        p99Met: latencyMs.p99 <= TARGET_P99_MS,
        memoryMet: kbPerIdleTable <= TARGET_KB_PER_TABLE,
      },
    };
  } finally {
    load.running = false;
    load.closeAll();
    await server.stop();
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

/* ------------------------------------------------------------------------------------------ CLI */

const PHASE_NAMES: Record<string, string> = {
  started: 'just started',
  load: 'under load',
  rest: 'after the rest',
  restCollected: 'after the rest, collected',
};

const HELP = `Usage: npm run bench -- server [options]

Measures the game server (the first game it lists) under a steady load: it runs alone in a child process on
127.0.0.1, and N tables of 4 seats are each played by 4 random clients over real WebSockets (no
server-side bots). A pacer spreads the clients' actions to the target rate; finished games are
replaced by new tables. Reports actions/s, act→ack latency (and where the slowest 1% spent it),
the server's CPU share (1 = one core), the garbage-collection pauses of both processes, and the
server's memory per idle table (RSS with N idle tables and their connections, minus RSS with none).
Both processes run with their young generation at its full size (--min-semi-space-size=16).

Options:
  --tables N      tables played at once (default 50)
  --seconds S     measured load phase (default 10)
  --warmup S      load before measuring (default 2)
  --rate R        target client actions per second, all tables together (default 1000)
  --think MS      mean think time of a client after an update, uniform in 0…2×MS (default 0:
                  the pacer alone spaces the actions)
  --store S       temp (a fresh embedded PGlite directory with its journal, as npm start runs,
                  removed afterwards; default), memory (PGlite in memory, no journal file),
                  a PGlite directory, or a postgres:// URL
  --window MS     the server's minimum response-window time (default 0: not held back)
  --rest S        after the load, close every client, wait S seconds and report the server's memory
                  again (default 0: not)
  --cpu-prof FILE write a V8 CPU profile of the server during the measured phase to FILE
                  (.cpuprofile; open it in Chrome DevTools or speedscope)
  --heap-prof FILE write a sampled profile of the server's allocations during the measured phase,
                  freed ones included, to FILE (.heapprofile; Chrome DevTools)
  --seed TEXT     seed of the clients' random choices
  --json          print exactly one JSON object on stdout (no progress on stderr)
  --help          this text

Targets: p99 ≤ ${TARGET_P99_MS} ms at 1,000 actions/s on one core; ≤ ${TARGET_KB_PER_TABLE} KB per idle table.`;

const fmt = (x: number, digits = 2) =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

function human(r: ServerBenchResult, cpu: string): string {
  const l = r.latencyMs;
  const rej = Object.entries(r.moves.rejected)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const rows: [string, string, string][] = [
    [
      'actions/s',
      fmt(r.moves.perSecond, 1),
      `acknowledged client actions (target ${fmt(r.targetRate, 0)}); ${fmt(r.moves.versionsPerSecond, 1)} versions/s incl. the server's own`,
    ],
    [
      'act→ack p50',
      `${fmt(l.p50, 3)} ms`,
      `p90 ${fmt(l.p90, 3)} ms, mean ${fmt(l.mean, 3)} ms over ${fmt(l.samples, 0)} actions`,
    ],
    [
      'act→ack p99',
      `${fmt(l.p99, 3)} ms`,
      `max ${fmt(l.max, 3)} ms (target ≤ ${r.targets.p99Ms} ms: ${r.targets.p99Met ? 'met' : 'MISSED'})`,
    ],
    ...(r.slowest
      ? ([
          [
            'slowest 1%',
            `${fmt(r.slowest.meanMs, 3)} ms`,
            `mean over ${fmt(r.slowest.actions, 0)}: ${fmt(r.slowest.toServerMs)} ms until the server read the act, ${fmt(r.slowest.inServerMs)} ms in it, ${fmt(r.slowest.toClientMs)} ms until the client read the ack; a GC pause of the server in ${fmt(r.slowest.serverGcShare * 100, 0)}% of them, of the load generator in ${fmt(r.slowest.clientGcShare * 100, 0)}%`,
          ],
        ] as [string, string, string][])
      : []),
    [
      'in the server',
      `${fmt(r.server.actP99Ms, 3)} ms`,
      `p99 from an act's arrival to its ack being written (p50 ${fmt(r.server.actP50Ms, 3)} ms); the rest is the sockets and the clients`,
    ],
    [
      'rejected',
      fmt(r.moves.stale, 0),
      `stale (acted on a version already moved past)${rej ? `; other: ${rej}` : ''}${r.moves.unanswered ? `; ${r.moves.unanswered} unanswered` : ''}`,
    ],
    [
      'server CPU',
      fmt(r.server.cpuShare, 3),
      `cores (user ${fmt(r.server.userShare, 3)}, system ${fmt(r.server.systemShare, 3)}); event-loop delay p99 ${fmt(r.server.loopDelayP99Ms)} ms, max ${fmt(r.server.loopDelayMaxMs)} ms`,
    ],
    [
      'GC pauses',
      `${fmt(r.server.gc.totalMs, 1)} ms`,
      `the server's main thread, in ${fmt(r.server.gc.pauses, 0)} pauses (max ${fmt(r.server.gc.maxMs)} ms; ${fmt(r.server.gc.major, 0)} full collections, ${fmt(r.server.gc.majorMs, 1)} ms); the load generator: ${fmt(r.clientGc.totalMs, 1)} ms in ${fmt(r.clientGc.pauses, 0)} (max ${fmt(r.clientGc.maxMs)} ms)`,
    ],
    [
      'CPU per move',
      `${fmt(r.server.cpuUsPerMove, 0)} µs`,
      `server CPU time per stored action (the clients: ${fmt(r.clientCpuShare, 3)} cores, event-loop delay p99 ${fmt(r.clientLoopDelayP99Ms)} ms)`,
    ],
    [
      'idle table',
      `${fmt(r.memory.kbPerIdleTable, 1)} KB`,
      `RSS per fresh table with its 4 connections (heap ${fmt(r.memory.heapKbPerIdleTable, 1)} KB; target ≤ ${r.targets.kbPerIdleTable} KB: ${r.targets.memoryMet ? 'met' : 'MISSED'})`,
    ],
    [
      'after load',
      `${fmt(r.memory.kbPerTableAfterLoad, 1)} KB`,
      `RSS growth per open table after the load, incl. what ${r.games.finished} finished games left (heap ${fmt(r.memory.heapKbPerTableAfterLoad, 1)} KB)`,
    ],
    [
      'server RSS',
      `${fmt(r.server.rssMB, 1)} MB`,
      `at the end of the load (baseline ${fmt(r.memory.baselineRssKB / 1024, 1)} MB)`,
    ],
    ...Object.entries(r.memory.phases).map(([name, m]): [string, string, string] => [
      `RSS ${PHASE_NAMES[name] ?? name}`,
      `${fmt(m.rssMB, 1)} MB`,
      `main heap ${fmt(m.heapMB, 1)} MB` +
        (m.wasmMB === null
          ? ''
          : `; database thread heap ${fmt(m.dbHeapMB!, 1)} MB, PGlite memory ${fmt(m.wasmMB, 1)} MB`),
    ]),
  ];
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  return [
    `Tabula server bench: Node ${process.version} on ${cpu}; server alone in a child process`,
    `${r.tables} tables × 4 WebSocket clients, ${fmt(r.seconds, 1)} s measured, store ${r.store}; load average ${r.loadAverage.before.join(' ')} → ${r.loadAverage.after.join(' ')}${r.otherCores === null ? '' : `; other processes kept ${fmt(r.otherCores)} of ${os.cpus().length} cores busy`}`,
    '',
    ...rows.map(([a, b, c]) => `  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`),
  ].join('\n');
}

export interface ServerReport extends ServerBenchResult {
  tool: 'tabula-bench';
  bench: 'server';
  node: string;
  platform: string;
  cpu: string;
  cores: number;
  options: Omit<ServerBenchOptions, 'progress'>;
}

/** The `server` subcommand of the bench entry point. Returns the exit code. */
export async function serverMain(argv: string[]): Promise<number> {
  const valued = [
    'tables',
    'seconds',
    'warmup',
    'rate',
    'think',
    'store',
    'window',
    'rest',
    'cpu-prof',
    'heap-prof',
    'seed',
  ];
  const p = parseArgs(argv, valued);
  if (p.flags.has('help')) {
    console.log(HELP);
    return 0;
  }
  checkFlags(p, [...valued, 'json', 'help']);
  if (p.positional.length > 0) throw new Error(`unexpected argument "${p.positional[0]}"`);
  const json = p.flags.has('json');
  const str = (k: string, d: string) => (typeof p.flags.get(k) === 'string' ? (p.flags.get(k) as string) : d);
  const options: Omit<ServerBenchOptions, 'progress'> = {
    tables: numberFlag(p, 'tables', 50, true),
    seconds: numberFlag(p, 'seconds', 10),
    warmup: numberFlag(p, 'warmup', 2),
    rate: numberFlag(p, 'rate', 1000),
    think: numberFlag(p, 'think', 0),
    store: str('store', 'temp'),
    windowMs: numberFlag(p, 'window', 0),
    rest: numberFlag(p, 'rest', 0),
    seed: str('seed', 'server-bench'),
  };
  if (p.flags.has('cpu-prof')) options.cpuProf = str('cpu-prof', 'server.cpuprofile');
  if (p.flags.has('heap-prof')) options.heapProf = str('heap-prof', 'server.heapprofile');
  if (options.cpuProf && options.heapProf)
    throw new Error('--cpu-prof and --heap-prof cannot be used together');
  if (options.tables < 1) throw new Error('--tables must be at least 1');
  if (options.rate <= 0) throw new Error('--rate must be positive');
  if (options.seconds <= 0) throw new Error('--seconds must be positive');
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown';
  const r = await runServerBench({
    ...options,
    progress: json ? undefined : (line) => process.stderr.write(`… ${line}\n`),
  });
  const report: ServerReport = {
    tool: 'tabula-bench',
    bench: 'server',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpu,
    cores: os.cpus().length,
    options,
    ...r,
  };
  if (json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else console.log(human(r, cpu));
  return 0;
}
