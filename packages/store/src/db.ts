/**
 * A tiny SQL interface with two adapters: PGlite (PostgreSQL compiled to WebAssembly, embedded,
 * the default on a laptop) and node-postgres (a real server shared by several processes). Both run
 * the very same SQL: PostgreSQL dialect, `$1` parameters.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createPglite } from './pglite-create.js';
import pg from 'pg';
import type {
  DatabaseMemory,
  WireError,
  WorkerOptions,
  WorkerReply,
  WorkerRequest,
} from './pglite-worker.js';
import { CREATE_ENV } from './pglite-worker.js';
import { fromTemplate } from './template.js';
export { createPglite, pgliteStartParams } from './pglite-create.js';

export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. Nested
   * calls on a transaction use a savepoint.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Which engine is underneath (for diagnostics; the SQL is the same). */
  readonly kind: 'pglite' | 'postgres';
}

/** The subset both drivers' transaction objects have. */
interface RawConn {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A `Db` over a connection that is already inside a transaction. */
class TxDb implements Db {
  private savepoints = 0;
  constructor(
    private readonly conn: RawConn,
    private readonly execRaw: (sql: string) => Promise<void>,
    readonly kind: Db['kind'],
  ) {}

  async query<T>(sql: string, params: readonly unknown[] = []): Promise<{ rows: T[] }> {
    const r = await this.conn.query(sql, [...params]);
    return { rows: r.rows as T[] };
  }

  exec(sql: string): Promise<void> {
    return this.execRaw(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const name = `sp_${++this.savepoints}`;
    await this.execRaw(`SAVEPOINT ${name}`);
    try {
      const result = await fn(this);
      await this.execRaw(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (e) {
      await this.execRaw(`ROLLBACK TO SAVEPOINT ${name}`);
      throw e;
    }
  }

  close(): Promise<void> {
    return Promise.reject(new Error('A transaction cannot close the database.'));
  }
}

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  constructor(private readonly pg: PGlite) {}

  async query<T>(sql: string, params: readonly unknown[] = []): Promise<{ rows: T[] }> {
    const r = await this.pg.query<T>(sql, [...params]);
    return { rows: r.rows };
  }

  async exec(sql: string): Promise<void> {
    await this.pg.exec(sql);
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.pg.transaction((tx) =>
      fn(
        new TxDb(
          tx,
          async (sql) => {
            await tx.exec(sql);
          },
          'pglite',
        ),
      ),
    );
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

/** A database error rebuilt on this side of the thread boundary (message, name, `code`…). */
function fromWire(w: WireError): Error {
  const e = new Error(w.message);
  Object.assign(e, w.fields);
  e.name = w.name;
  return e;
}

/**
 * The worker's script: beside this module once built; when this module runs from its TypeScript
 * sources (tests), the built copy in dist (a worker thread cannot load .ts).
 */
function workerScript(): URL {
  const here = new URL('./pglite-worker.js', import.meta.url);
  return existsSync(fileURLToPath(here)) ? here : new URL('../dist/pglite-worker.js', import.meta.url);
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * PGlite in a worker thread (`pglite-worker.ts`): the WebAssembly database runs beside the event
 * loop instead of on it. Same SQL and semantics as `PgliteDb`; every call is one message and one
 * reply, and a transaction holds the database (requests from outside it wait) until it ends.
 */
export class PgliteWorkerDb implements Db {
  readonly kind = 'pglite' as const;
  private readonly pending = new Map<
    number,
    { resolve: (r: WorkerReply) => void; reject: (e: Error) => void }
  >();
  private next = 1;
  /** Set once the worker is gone (closed, crashed or exited): every later call fails with it. */
  private gone: Error | null = null;
  private closing: Promise<void> | null = null;

  /** @param worker the thread that owns the database (exposed for diagnostics and tests) */
  constructor(readonly worker: Worker) {
    // Referenced only while a request is pending, so an idle database never keeps a process alive.
    worker.unref();
    worker.on('message', (r: WorkerReply) => {
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      if (this.pending.size === 0) worker.unref();
      if (r.error) p.reject(fromWire(r.error));
      else p.resolve(r);
    });
    worker.on('error', (e) => this.stop(e));
    worker.on('exit', (code) => this.stop(new Error(`The database worker has stopped (exit code ${code}).`)));
  }

  private stop(e: Error): void {
    this.gone ??= e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  private call(req: Request): Promise<WorkerReply> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id } as WorkerRequest);
    });
  }

  private conn(tx?: number): RawConn {
    return {
      query: async (sql, params = []) => ({
        rows: (await this.call({ op: 'query', sql, params, tx })).rows ?? [],
      }),
    };
  }

  async query<T>(sql: string, params: readonly unknown[] = []): Promise<{ rows: T[] }> {
    const r = await this.call({ op: 'query', sql, params: [...params] });
    return { rows: (r.rows ?? []) as T[] };
  }

  async exec(sql: string): Promise<void> {
    await this.call({ op: 'exec', sql });
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const { tx } = (await this.call({ op: 'begin' })) as { tx: number };
    let result: T;
    try {
      result = await fn(
        new TxDb(
          this.conn(tx),
          async (sql) => {
            await this.call({ op: 'exec', sql, tx });
          },
          'pglite',
        ),
      );
    } catch (e) {
      // The error that made us roll back is the one the caller needs, not a failed rollback's.
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw e;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** What the database thread holds (its JavaScript heap, PGlite's WebAssembly memory). */
  async memory(): Promise<DatabaseMemory> {
    return (await this.call({ op: 'memory' })).memory!;
  }

  /**
   * Collects the worker thread's garbage where the process allows it (`--expose-gc`), so that memory
   * measurements see what the database really holds; does nothing otherwise.
   */
  async collectGarbage(): Promise<void> {
    await this.call({ op: 'gc' });
  }

  /** Closes the database in the worker (so a data directory is left clean), then ends the worker. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        if (!this.gone) await this.call({ op: 'close' });
      } finally {
        this.stop(new Error('The database is closed.'));
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }
}

export interface PgliteOptions {
  /**
   * Run PGlite in a worker thread (the server does): its WebAssembly then never blocks the caller's
   * event loop. In-process when false (default), which starts a little faster and costs no messages.
   */
  worker?: boolean;
}

/**
 * Opens an embedded PostgreSQL. `dataDir` is a directory on disk (created if missing) or
 * `'memory'` for a throwaway database.
 */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Db> {
  if (options.worker) return openPgliteWorker(dataDir);
  return new PgliteDb(await createPglite(dataDir));
}

async function openPgliteWorker(dataDir: string): Promise<Db> {
  // A new database is created (PGlite runs initdb in a second PGlite of its own) by a short-lived process:
  // the memory of that start (150–250 MB of WebAssembly memory and compiled code, which neither a closed
  // PGlite nor an ended thread gives back to the system) leaves with it instead of staying in the server.
  if (dataDir !== 'memory' && !existsSync(join(dataDir, 'PG_VERSION'))) {
    await mkdir(dataDir, { recursive: true });
    if (!fromTemplate(dataDir)) await createInProcess(dataDir);
  }
  const worker = new Worker(workerScript(), {
    workerData: { tabulaPglite: true, dataDir } satisfies WorkerOptions,
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(new Error(`The database worker exited (${code}) while starting.`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (r: WorkerReply) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (r.error) reject(fromWire(r.error));
        else resolve();
      });
    });
  } catch (e) {
    await worker.terminate();
    throw e;
  }
  return new PgliteWorkerDb(worker);
}

/** Creates a PGlite database in `dataDir` in a process of its own (see openPgliteWorker). */
async function createInProcess(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [fileURLToPath(workerScript())],
      { env: { ...process.env, [CREATE_ENV]: dataDir } },
      (e, _out, err) =>
        e ? reject(new Error(`Creating the database in ${dataDir} failed: ${err || e.message}`)) : resolve(),
    );
  });
}

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  constructor(private readonly pool: pg.Pool) {}

  async query<T>(sql: string, params: readonly unknown[] = []): Promise<{ rows: T[] }> {
    const r = await this.pool.query(sql, [...params]);
    return { rows: r.rows as T[] };
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      try {
        const tx = new TxDb(
          client,
          async (sql) => {
            await client.query(sql);
          },
          'postgres',
        );
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (e) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true; // the connection is unusable: drop it rather than return it to the pool
        }
        throw e;
      }
    } finally {
      client.release(broken);
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

export interface PostgresOptions {
  /** Schema to use (sets `search_path` on every connection); must be a plain identifier. */
  schema?: string;
  /** Maximum connections in the pool (default 10). */
  max?: number;
}

/** Connects to a PostgreSQL server, e.g. `postgres://postgres@127.0.0.1:5432/test`. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const config: pg.PoolConfig = { connectionString: url, max: options.max ?? 10 };
  if (options.schema !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(options.schema))
      throw new Error(`Invalid schema name ${JSON.stringify(options.schema)}.`);
    config.options = `-c search_path=${options.schema}`;
  }
  const pool = new pg.Pool(config);
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Fail fast on a wrong URL rather than on the first move.
  const client = await pool.connect().catch(async (e: unknown) => {
    await pool.end().catch(() => {});
    throw e;
  });
  client.release();
  return new PostgresDb(pool);
}
