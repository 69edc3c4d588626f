import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { latencyStats, runServerBench } from '../src/server-bench.js';

describe('server bench', () => {
  it('summarises latencies', () => {
    const s = latencyStats([5, 1, 4, 2, 3]);
    expect(s).toMatchObject({ samples: 5, p50: 3, max: 5, mean: 3 });
    expect(latencyStats(Array.from({ length: 100 }, (_, i) => i + 1)).p99).toBe(99);
  });

  it('drives 4 tables of WebSocket clients for ~2 s and reports the figures', async () => {
    const temps = () => new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('tabula-bench-')));
    const before = temps();
    const r = await runServerBench({
      tables: 4,
      seconds: 2,
      warmup: 0.5,
      rate: 200,
      think: 0,
      store: 'temp', // the default: a fresh data directory, as npm start runs
      windowMs: 0,
      rest: 0.5,
    });
    // The temporary data directory is gone afterwards.
    expect([...temps()].filter((f) => !before.has(f))).toEqual([]);
    const json = JSON.parse(JSON.stringify(r)) as typeof r;
    expect(json.tables).toBe(4);
    for (const x of [
      json.moves.acked,
      json.moves.perSecond,
      json.moves.versionsPerSecond,
      json.latencyMs.samples,
      json.latencyMs.p50,
      json.latencyMs.max,
      json.server.cpuShare,
      json.server.rssMB,
      json.memory.baselineRssKB,
    ]) {
      expect(typeof x).toBe('number');
      expect(x).toBeGreaterThan(0);
    }
    expect(Number.isFinite(json.latencyMs.p99)).toBe(true);
    expect(json.latencyMs.p99).toBeGreaterThanOrEqual(json.latencyMs.p50);
    // The server's own share of act→ack is measured too, and is part of what the clients see.
    expect(json.server.actP50Ms).toBeGreaterThan(0);
    expect(json.server.actP99Ms).toBeGreaterThanOrEqual(json.server.actP50Ms);
    expect(json.server.actP50Ms).toBeLessThanOrEqual(json.latencyMs.max);
    expect(Number.isFinite(json.memory.kbPerIdleTable)).toBe(true);
    // The memory of each phase, and what holds it: the main heap, the database thread, PGlite's memory.
    expect(Object.keys(json.memory.phases)).toEqual(['started', 'load', 'rest', 'restCollected']);
    for (const m of Object.values(json.memory.phases)) {
      expect(m.rssMB).toBeGreaterThan(m.heapMB);
      expect(m.wasmMB).toBeGreaterThanOrEqual(64);
      expect(m.dbHeapMB).toBeGreaterThan(0);
    }
    // Where the slowest 1% spent their time: the three legs add up to their mean latency (the two
    // processes read the same clock), and the server's times were found for every one of them.
    const sl = json.slowest!;
    expect(sl.actions).toBe(Math.ceil(json.latencyMs.samples / 100));
    expect(sl.meanMs).toBeGreaterThanOrEqual(json.latencyMs.p99 * 0.99);
    expect(sl.toServerMs + sl.inServerMs + sl.toClientMs).toBeCloseTo(sl.meanMs, 1);
    for (const x of [sl.toServerMs, sl.inServerMs, sl.toClientMs]) expect(x).toBeGreaterThanOrEqual(0);
    for (const x of [sl.serverGcShare, sl.clientGcShare]) expect(x >= 0 && x <= 1).toBe(true);
    // Garbage collection of both processes is counted (a young-generation pause at least, under load).
    expect(json.server.gc.pauses).toBeGreaterThan(0);
    expect(json.server.gc.totalMs).toBeGreaterThan(0);
    expect(json.server.gc.maxMs).toBeLessThanOrEqual(json.server.gc.totalMs);
    expect(json.clientGc.pauses).toBeGreaterThanOrEqual(0);
    // Only `stale` rejections are expected (seats answering the same version at once).
    expect(json.moves.rejected).toEqual({});
    expect(json.games.started).toBeGreaterThanOrEqual(4);
  });
});
