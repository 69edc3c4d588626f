/** Opens the store, the bus and the bot pool, then the HTTP/WebSocket app. */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { JournaledStore, PgliteWorkerDb, Store, openPglite, openPostgres } from '@tabula/store';
import type { DatabaseMemory } from '@tabula/store';
import type { AppOptions } from './app.js';
import { createApp } from './app.js';
import { WorkerBotPool } from './bots.js';
import type { HubConfig } from './hub.js';
import { LocalBus, redisBus } from './pubsub.js';

export interface ServerOptions {
  port: number;
  host?: string;
  /** Directory of the embedded PGlite database ('memory' for none). */
  dataDir?: string;
  databaseUrl?: string;
  redisUrl?: string;
  botThreads?: number;
  /** Embedded store: longest a journaled move waits before it is written to the database (ms). */
  journalDelayMs?: number;
  hub?: Partial<HubConfig>;
  allowSeed?: boolean;
  rate?: AppOptions['rate'];
  wsPerAddress?: AppOptions['wsPerAddress'];
  httpRate?: AppOptions['httpRate'];
  extend?: AppOptions['extend'];
  onActTiming?: AppOptions['onActTiming'];
  scrypt?: AppOptions['scrypt'];
  secureCookies?: AppOptions['secureCookies'];
  notify?: AppOptions['notify'];
}

export interface RunningServer {
  url: string;
  /** The app itself (tests reach its notifier and hub). */
  app: import('./app.js').App;
  port: number;
  storeKind: string;
  /**
   * Collects garbage in the server's other threads (the embedded database's) where the process
   * allows it (`--expose-gc`), for memory measurements; the caller collects its own.
   */
  collectGarbage(): Promise<void>;
  /** What the embedded database's thread holds (null with PostgreSQL), for memory reports. */
  databaseMemory(): Promise<DatabaseMemory | null>;
  close(): Promise<void>;
}

/**
 * V8 settings of a server process, set when it starts (bench: `npm run bench -- server`, 50 tables at
 * 1,000 moves/s, full collections per 15 s and the clients' p99):
 * - no allocation-site pretenuring: V8 otherwise learns, from the objects that outlive a young
 *   collection or two (a table's state, its memo until the next move), to allocate whole families of a
 *   move's objects straight in the old generation, where they die soon after (5–6 full collections
 *   → 3–4);
 * - the old generation may grow to twice what was live after the last full collection before the next
 *   one (V8 leaves a server with a small heap only a few megabytes): a full collection stops the event
 *   loop for 5–10 ms, and it came every 4 s (3–4 → 1; p99 3.2–3.8 ms → 2.4–2.6 ms). Memory stays
 *   within twice the live heap.
 */
export const SERVER_V8_FLAGS = ['--no-allocation-site-pretenuring', '--heap-growing-percent=100'] as const;

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  for (const f of SERVER_V8_FLAGS) setFlagsFromString(f);
  const db = o.databaseUrl
    ? await openPostgres(o.databaseUrl)
    : await openPglite(o.dataDir === 'memory' || !o.dataDir ? 'memory' : join(o.dataDir, 'pglite'), {
        worker: true,
      });
  // The embedded database (one process alone on it) is written behind a journal of moves: a move is
  // acknowledged once its journal line is written (journal.ts). PostgreSQL, which several processes
  // may share, takes each move in its own compare-and-set statement.
  const store = o.databaseUrl
    ? await Store.open(db)
    : await JournaledStore.openJournaled(db, {
        dir: o.dataDir === 'memory' || !o.dataDir ? null : join(o.dataDir, 'journal'),
        delayMs: o.journalDelayMs,
        onError: (e) => console.error(`Tabula store: ${e.message}`),
      });
  if (store instanceof JournaledStore && store.recovered > 0)
    console.log(`Tabula: ${store.recovered} journaled moves written to the database.`);
  const bus = o.redisUrl ? await redisBus(o.redisUrl) : new LocalBus();
  const bots = new WorkerBotPool(o.botThreads ?? 1);
  const a = await createApp({
    store,
    bus,
    bots,
    hub: o.hub,
    allowSeed: o.allowSeed,
    rate: o.rate,
    wsPerAddress: o.wsPerAddress,
    httpRate: o.httpRate,
    extend: o.extend,
    onActTiming: o.onActTiming,
    scrypt: o.scrypt,
    secureCookies: o.secureCookies,
    notify: { publicUrl: `http://localhost:${o.port || 8080}`, ...o.notify },
  });
  await a.app.listen({ port: o.port, host: o.host ?? '127.0.0.1' });
  const port = (a.app.server.address() as AddressInfo).port;
  return {
    url: `http://${o.host && o.host !== '0.0.0.0' ? o.host : 'localhost'}:${port}`,
    app: a,
    port,
    storeKind: o.databaseUrl
      ? 'PostgreSQL'
      : o.dataDir === 'memory'
        ? 'PGlite (memory)'
        : `PGlite (${o.dataDir})`,
    async collectGarbage() {
      if (db instanceof PgliteWorkerDb) await db.collectGarbage();
    },
    async databaseMemory() {
      return db instanceof PgliteWorkerDb ? db.memory() : null;
    },
    async close() {
      await a.close();
      await bots.close();
      await bus.close();
      await store.close();
    },
  };
}
