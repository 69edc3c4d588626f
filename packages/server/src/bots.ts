/**
 * Bots on the server run in worker threads, so a thinking bot never blocks other tables. A bot is
 * told exactly what a human in its seat would see: its view, its legal actions and its prompt.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Prompt, Seat } from '@tabula/engine';

export interface BotRequest {
  game: string;
  bot: string;
  seed: string;
  seat: Seat;
  view: unknown;
  legal: unknown[];
  prompt: Prompt;
}

export interface BotPool {
  choose(req: BotRequest): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The worker's script: beside this module once built; when this module runs from its TypeScript
 * sources (tests), the built copy in dist (a worker thread cannot load .ts).
 */
function workerScript(): URL {
  const here = new URL('./bot-worker.js', import.meta.url);
  return existsSync(fileURLToPath(here)) ? here : new URL('../dist/bot-worker.js', import.meta.url);
}

/**
 * Worker threads for bots, started on first use (a server whose tables have no bot holds no bot thread:
 * one is a whole JavaScript heap with every game loaded) and started again if one fails.
 */
export class WorkerBotPool implements BotPool {
  private readonly workers: (Worker | null)[];
  private readonly pending = new Map<
    number,
    { worker: Worker; resolve: (a: unknown) => void; reject: (e: Error) => void }
  >();
  private next = 1;
  private turn = 0;
  private closed = false;

  constructor(
    size: number,
    private readonly timeoutMs = 10_000,
  ) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => null);
  }

  private worker(i: number): Worker {
    const existing = this.workers[i];
    if (existing) return existing;
    const w = new Worker(workerScript());
    w.unref();
    w.on('message', (m: { id: number; action?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.action);
    });
    const gone = (e: Error) => {
      if (this.workers[i] === w) this.workers[i] = null;
      for (const [id, p] of this.pending)
        if (p.worker === w) {
          this.pending.delete(id);
          p.reject(e);
        }
    };
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`the bot thread ended (${code})`)));
    this.workers[i] = w;
    return w;
  }

  choose(req: BotRequest): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    const id = this.next++;
    const w = this.worker(this.turn++ % this.workers.length);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('bot timed out'));
      }, this.timeoutMs);
      t.unref();
      this.pending.set(id, {
        worker: w,
        resolve: (a) => {
          clearTimeout(t);
          resolve(a);
        },
        reject: (e) => {
          clearTimeout(t);
          reject(e);
        },
      });
      w.postMessage({ id, ...req });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w?.terminate()));
  }
}
