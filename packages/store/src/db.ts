/**
 * A tiny SQL interface with two adapters: PGlite (PostgreSQL compiled to WebAssembly, embedded,
 * the default on a laptop) and node-postgres (a real server shared by several processes). Both run
 * the very same SQL: PostgreSQL dialect, `$1` parameters.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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

/**
 * Opens an embedded PostgreSQL. `dataDir` is a directory on disk (created if missing) or
 * `'memory'` for a throwaway database.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  if (dataDir === 'memory') return new PgliteDb(await PGlite.create());
  await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
  return new PgliteDb(pg);
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
