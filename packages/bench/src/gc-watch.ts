/** Garbage-collection pauses of the current thread, watched as they happen (server bench). */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import type { PerformanceEntry } from 'node:perf_hooks';

export interface GcStats {
  pauses: number;
  totalMs: number;
  maxMs: number;
  /** Full (mark-compact) collections among them, and their pauses in all, ms. */
  major: number;
  majorMs: number;
}

/** Garbage-collection pauses as they happen: counted, and kept (start, duration) for the timings. */
export class GcWatch {
  stats: GcStats = GcWatch.zero();
  pauses: [number, number][] = [];
  private readonly observer: PerformanceObserver;
  constructor() {
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const s = this.stats;
        s.pauses++;
        s.totalMs += e.duration;
        if (e.duration > s.maxMs) s.maxMs = e.duration;
        if (
          (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
          constants.NODE_PERFORMANCE_GC_MAJOR
        ) {
          s.major++;
          s.majorMs += e.duration;
        }
        this.pauses.push([performance.timeOrigin + e.startTime, e.duration]);
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }
  static zero(): GcStats {
    return { pauses: 0, totalMs: 0, maxMs: 0, major: 0, majorMs: 0 };
  }
  /** The statistics and pauses since the last call, then starts anew. */
  take(): { stats: GcStats; pauses: [number, number][] } {
    const r = { stats: this.stats, pauses: this.pauses };
    this.stats = GcWatch.zero();
    this.pauses = [];
    return r;
  }
  stop(): void {
    this.observer.disconnect();
  }
}
