/**
 * The game server under test, alone in its own process (forked by `server-bench.ts`), so its CPU
 * time and memory are its own and not the load generator's. Talks to the parent over the IPC channel:
 * `ready` with the port once listening, `stats` (CPU time, memory, event-loop delay, garbage
 * collection) on request, the server-side times of chosen actions, and exits cleanly on `stop`.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { startServer } from '@tabula/server';
import type { GcStats } from './gc-watch.js';
import { GcWatch } from './gc-watch.js';

export interface ChildOptions {
  store: string;
  windowMs: number;
}

export type ParentMessage =
  | { t: 'stats'; gc: boolean }
  | { t: 'profile'; start: boolean; file?: string; heap?: boolean }
  | { t: 'timings'; ids: string[] }
  | { t: 'stop' };

export interface ChildStats {
  t: 'stats';
  /** Wall clock of the sample (ms, monotonic). */
  at: number;
  /** Cumulative CPU time of the whole process (all threads), µs. */
  user: number;
  system: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** The embedded database's thread: its JavaScript heap and PGlite's WebAssembly memory (null: PostgreSQL). */
  db: { heapTotal: number; heapUsed: number; wasm: number } | null;
  /** Event-loop delay since the previous sample, ms. */
  loopP99: number;
  loopMax: number;
  /** The server's own share of act→ack since the previous sample (message in → ack written), ms. */
  actP50: number;
  actP99: number;
  /** The main thread's garbage-collection pauses since the previous sample. */
  gc: GcStats;
}

/** Times on the machine's clock (`performance.timeOrigin + performance.now()`, ms), comparable across processes. */
export interface ChildTimings {
  t: 'timings';
  /** For each id asked for: when its act arrived and when its ack was written, or null if unknown. */
  acts: ([arrived: number, acked: number] | null)[];
  /** The main thread's garbage-collection pauses in the same window: start and duration. */
  gc: [start: number, ms: number][];
}

export type ChildMessage =
  | { t: 'ready'; port: number; storeKind: string }
  | ChildStats
  | ChildTimings
  | { t: 'profiled'; file: string | null }
  | { t: 'error'; message: string };

const send = (m: ChildMessage) => process.send?.(m);

/**
 * Runs through V8's young generation with short-lived objects, so that its pages (32 MB, sized from
 * the start by `--min-semi-space-size` in server-bench.ts) are resident before the baseline is
 * measured: otherwise they would be touched while the bench opens its tables, and counted as
 * memory per table (a server under load has them all resident anyway).
 */
function touchYoungGeneration(): void {
  let n = 0;
  for (let i = 0; i < 3_000_000; i++) n += [i, i + 1, i + 2].length;
  if (n < 0) throw new Error('unreachable');
}

async function main(): Promise<void> {
  const o = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;
  const pg = /^postgres(ql)?:\/\//i.test(o.store);
  // Microseconds from an act's arrival to its ack, as the server itself sees them.
  const acts = createHistogram();
  // The same per action id (the load's ids are unique), on the machine's clock, since the last sample.
  let times = new Map<string, [number, number]>();
  let lastTimes = times;
  const server = await startServer({
    onActTiming: (t) => {
      acts.record(Math.max(1, Math.round((t.acked - t.arrived) * 1000)));
      if (t.id !== undefined)
        times.set(t.id, [performance.timeOrigin + t.arrived, performance.timeOrigin + t.acked]);
    },
    port: 0,
    host: '127.0.0.1',
    dataDir: pg ? undefined : o.store,
    databaseUrl: pg ? o.store : undefined,
    botThreads: 1,
    hub: { windowMs: o.windowMs, botDelayMs: 0 },
    // The load is the protocol, not the limits: let every message and table creation through.
    rate: { perSecond: 1_000_000, burst: 1_000_000 },
    wsPerAddress: 1_000_000,
    httpRate: { perMinute: 60_000_000, burst: 1_000_000 },
  });
  const gcWatch = new GcWatch();
  let lastGc: [number, number][] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let session: Session | null = null;
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) =>
      session!.post(method, params, (e, r) => (e ? reject(e) : resolve(r))),
    );
  const stats = async (collect: boolean) => {
    if (collect) {
      // Every thread's garbage (the embedded database's worker too), so RSS shows what is held.
      await server.collectGarbage().catch(() => undefined);
      const gc = (globalThis as { gc?: () => void }).gc;
      if (gc) for (let i = 0; i < 3; i++) gc();
    }
    const cpu = process.cpuUsage();
    const mem = process.memoryUsage();
    const g = gcWatch.take();
    lastGc = g.pauses;
    lastTimes = times;
    times = new Map();
    send({
      t: 'stats',
      at: performance.now(),
      user: cpu.user,
      system: cpu.system,
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      heapTotal: mem.heapTotal,
      db: await server.databaseMemory().catch(() => null),
      external: mem.external,
      arrayBuffers: mem.arrayBuffers,
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
      actP50: acts.count ? acts.percentile(50) / 1000 : 0,
      actP99: acts.count ? acts.percentile(99) / 1000 : 0,
      gc: g.stats,
    });
    loop.reset();
    acts.reset();
  };
  // Answered in order (the parent pairs each request with the next answer).
  let queue = Promise.resolve();
  process.on('message', (m: ParentMessage) => {
    if (m.t === 'profile') {
      // A V8 CPU profile (or sampled allocation profile) of the measured phase only (not of the
      // start-up, unlike --cpu-prof).
      void (async () => {
        if (m.start) {
          session = new Session();
          session.connect();
          if (m.heap) {
            await post('HeapProfiler.enable');
            // Every allocation, also of what the collector has freed since: where the garbage comes from.
            await post('HeapProfiler.startSampling', {
              samplingInterval: 4096,
              includeObjectsCollectedByMajorGC: true,
              includeObjectsCollectedByMinorGC: true,
            });
          } else {
            await post('Profiler.enable');
            // 100 µs between samples (V8's default is 1 ms): a move's work is a fraction of a millisecond.
            await post('Profiler.setSamplingInterval', { interval: 100 });
            await post('Profiler.start');
          }
          send({ t: 'profiled', file: null });
        } else if (session) {
          const { profile } = (await post(m.heap ? 'HeapProfiler.stopSampling' : 'Profiler.stop')) as {
            profile: unknown;
          };
          session.disconnect();
          session = null;
          if (m.file) writeFileSync(m.file, JSON.stringify(profile));
          send({ t: 'profiled', file: m.file ?? null });
        }
      })().catch((e: Error) => send({ t: 'error', message: e.message }));
    } else if (m.t === 'stats') {
      queue = queue.then(() => stats(m.gc));
    } else if (m.t === 'timings') {
      // Of the window between the last two samples (the measured phase), and since (an action sent
      // at its very end may have been acknowledged after it).
      queue = queue.then(() => {
        send({
          t: 'timings',
          acts: m.ids.map((id) => lastTimes.get(id) ?? times.get(id) ?? null),
          gc: [...lastGc, ...gcWatch.pauses],
        });
      });
    } else if (m.t === 'stop') {
      void server
        .close()
        .catch(() => undefined)
        .then(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
  touchYoungGeneration();
  send({ t: 'ready', port: server.port, storeKind: server.storeKind });
}

main().catch((e: Error) => {
  send({ t: 'error', message: e.message });
  process.exit(1);
});
