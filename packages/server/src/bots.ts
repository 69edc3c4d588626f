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

export class WorkerBotPool implements BotPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (a: unknown) => void; reject: (e: Error) => void }>();
  private next = 1;
  private turn = 0;

  constructor(size: number, timeoutMs = 10_000) {
    for (let i = 0; i < Math.max(1, size); i++) {
      const w = new Worker(workerScript());
      w.unref();
      w.on('message', (m: { id: number; action?: unknown; error?: string }) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.error !== undefined) p.reject(new Error(m.error));
        else p.resolve(m.action);
      });
      w.on('error', (e) => {
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      });
      this.workers.push(w);
    }
    this.timeoutMs = timeoutMs;
  }
  private readonly timeoutMs: number;

  choose(req: BotRequest): Promise<unknown> {
    const id = this.next++;
    const w = this.workers[this.turn++ % this.workers.length]!;
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('bot timed out'));
      }, this.timeoutMs);
      t.unref();
      this.pending.set(id, {
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
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
