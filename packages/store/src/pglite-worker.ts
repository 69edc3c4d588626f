/**
 * A worker thread that owns one PGlite instance (see `openPglite(dir, { worker: true })` in db.ts).
 * PGlite runs its WebAssembly synchronously on the thread that calls it; here that thread is not the
 * server's event loop, so a slow statement (a checkpoint, a large snapshot) no longer stalls every
 * table. The parent sends queries, statements and transaction boundaries; each gets one reply.
 */
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/** Run as a process with this variable set to a directory, the module creates a database there and ends. */
export const CREATE_ENV = 'TABULA_PGLITE_CREATE';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { createPglite } from './pglite-create.js';

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; the reply carries its number (`tx`), used by the requests inside it. */
  | { id: number; op: 'begin' }
  /** Commits (or rolls back) transaction `tx`; the reply comes once it is done. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** Closes the database (flushing it to its directory); the reply comes once it is closed. */
  | { id: number; op: 'close' }
  /** Collects this thread's garbage if the process allows it (`--expose-gc`; for measurements). */
  | { id: number; op: 'gc' }
  /** The thread's memory: its JavaScript heap and the database's WebAssembly memory (`memory` in the reply). */
  | { id: number; op: 'memory' };

/** An error as it crosses the thread boundary: its message, name and PostgreSQL fields (`code`…). */
export interface WireError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
}

/** What the database thread holds, in bytes. */
export interface DatabaseMemory {
  /** The thread's JavaScript heap: reserved, and in use. */
  heapTotal: number;
  heapUsed: number;
  /** PGlite's WebAssembly memory (PostgreSQL's whole address space: shared buffers, caches, its heap). */
  wasm: number;
}

export interface WorkerReply {
  /** The request answered; 0 for the one message sent after start-up. */
  id: number;
  rows?: unknown[];
  /** The transaction a `begin` opened. */
  tx?: number;
  /** The request failed (or, for id 0, the database could not be opened). */
  error?: WireError;
  memory?: DatabaseMemory;
}

export interface WorkerOptions {
  /** Marks the worker's data, so that this module serves only in a thread started for it. */
  tabulaPglite: true;
  /** A directory on disk, or 'memory'. */
  dataDir: string;
}

export function toWire(e: unknown): WireError {
  if (!(e instanceof Error)) return { message: String(e), name: 'Error', fields: {} };
  const fields: WireError['fields'] = {};
  for (const [k, v] of Object.entries(e))
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  return { message: e.message, name: e.name, fields };
}

/**
 * A parameter as node-postgres sends it (text, or null): the store's SQL is written for
 * node-postgres on a PostgreSQL server, with casts where a type is not evident (`$1::text[]`).
 */
function toParam(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return arrayLiteral(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v as number | bigint | boolean);
}

function arrayLiteral(xs: readonly unknown[]): string {
  const items = xs.map((x) => {
    if (x === null || x === undefined) return 'NULL';
    if (Array.isArray(x)) return arrayLiteral(x);
    return `"${toParam(x)!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function serve(port: NonNullable<typeof parentPort>, o: WorkerOptions): Promise<void> {
  let pg: PGlite;
  try {
    pg = await createPglite(o.dataDir);
  } catch (e) {
    port.postMessage({ id: 0, error: toWire(e) } satisfies WorkerReply);
    return;
  }
  const db = pg;
  const { serialize } = protocol;

  /**
   * One statement with parameters, in one call into the database: Parse, Bind, Describe, Execute
   * and Sync sent together (PGlite's own `query` makes a call for each, and one more to learn the
   * parameter types first). Parameters go as untyped text, as node-postgres sends them.
   */
  const query = async (sql: string, params: readonly unknown[]): Promise<unknown[]> => {
    if (params.some((v) => v instanceof Uint8Array)) return (await db.query(sql, [...params])).rows;
    const known = prepared.get(sql);
    try {
      return await run1(sql, params, known);
    } catch (e) {
      // A statement the database no longer has, or whose plan changed its result type (a migration):
      // forget it and parse afresh once.
      const code = (e as { code?: string }).code;
      if (known === undefined || (code !== '26000' && code !== '0A000')) throw e;
      prepared.delete(sql);
      return run1(sql, params, undefined);
    }
  };
  /**
   * Statements parsed once under a name, as node-postgres does for named queries: a repeated statement
   * (the compare-and-set append above all) skips parsing and planning (about a fifth of an append).
   * A name is remembered only once its statement has run; at most `MAX_PREPARED` texts are kept.
   */
  const prepared = new Map<string, string>();
  const MAX_PREPARED = 500;
  let nextName = 1;
  const run1 = async (sql: string, params: readonly unknown[], known: string | undefined) => {
    const name = known ?? (prepared.size < MAX_PREPARED ? `tabula_${nextName++}` : '');
    const message = concat([
      ...(known === undefined ? [serialize.parse({ name, text: sql, types: [] })] : []),
      serialize.bind({ statement: name, values: params.map(toParam) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const { messages } = await db.execProtocol(message);
    if (known === undefined && name) prepared.set(sql, name);
    return parse.parseResults(messages, db.parsers)[0]?.rows ?? [];
  };
  const exec = async (sql: string): Promise<void> => {
    await db.exec(sql);
  };

  // Requests run one at a time, in order. A transaction is one item of this queue, from its BEGIN
  // to its COMMIT or ROLLBACK: what comes from outside it waits; its own statements run in order.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (fn: () => Promise<unknown>) => {
    queue = queue.then(fn, fn).catch(() => undefined);
  };
  interface Open {
    /** Its statements, one after another. */
    chain: Promise<unknown>;
    /** Lets the queue go on once it has ended. */
    release: () => void;
  }
  const txs = new Map<number, Open>();
  let nextTx = 1;
  const reply = (r: WorkerReply) => port.postMessage(r);
  const fail = (id: number, e: unknown) => reply({ id, error: toWire(e) });
  /** Runs `fn` in the transaction `tx` names, or as the next item of the queue. */
  const run = (id: number, tx: number | undefined, fn: () => Promise<WorkerReply>) => {
    const go = () => fn().then(reply, (e: unknown) => fail(id, e));
    if (tx === undefined) return enqueue(go);
    const t = txs.get(tx);
    if (!t) return fail(id, new Error(`Transaction ${tx} is not open.`));
    t.chain = t.chain.then(go);
  };

  port.on('message', (m: WorkerRequest) => {
    switch (m.op) {
      case 'query':
        return run(m.id, m.tx, async () => ({ id: m.id, rows: await query(m.sql, m.params) }));
      case 'exec':
        return run(m.id, m.tx, async () => {
          await exec(m.sql);
          return { id: m.id };
        });
      case 'begin':
        return enqueue(async () => {
          try {
            await exec('BEGIN');
          } catch (e) {
            return fail(m.id, e);
          }
          const n = nextTx++;
          // The queue waits here until the transaction ends.
          await new Promise<void>((release) => {
            txs.set(n, { chain: Promise.resolve(), release });
            reply({ id: m.id, tx: n });
          });
        });
      case 'end': {
        const t = txs.get(m.tx);
        if (!t) return fail(m.id, new Error(`Transaction ${m.tx} is not open.`));
        t.chain = t.chain.then(async () => {
          try {
            await exec(m.commit ? 'COMMIT' : 'ROLLBACK');
            reply({ id: m.id });
          } catch (e) {
            // A failed COMMIT has ended the transaction all the same (rolled back).
            if (db.isInTransaction()) await exec('ROLLBACK').catch(() => undefined);
            fail(m.id, e);
          } finally {
            txs.delete(m.tx);
            t.release();
          }
        });
        return;
      }
      case 'gc':
        (globalThis as { gc?: () => void }).gc?.();
        reply({ id: m.id });
        return;
      case 'memory': {
        const h = getHeapStatistics();
        const wasm = (db as unknown as { Module?: { HEAPU8?: Uint8Array } }).Module?.HEAPU8?.byteLength ?? 0;
        reply({ id: m.id, memory: { heapTotal: h.total_heap_size, heapUsed: h.used_heap_size, wasm } });
        return;
      }
      case 'close':
        return enqueue(async () => {
          try {
            if (!db.closed) await db.close();
            reply({ id: m.id });
          } catch (e) {
            fail(m.id, e);
          }
        });
    }
  });
  reply({ id: 0 });
}

const options = workerData as WorkerOptions | null;
if (parentPort && options?.tabulaPglite === true) void serve(parentPort, options);
else if (isMainThread && process.env[CREATE_ENV]) {
  // Run as a process of its own: create the database in the directory named, then end.
  const dir = process.env[CREATE_ENV];
  createPglite(dir)
    .then((pg) => pg.close())
    .then(
      () => process.exit(0),
      (e: unknown) => {
        console.error((e as Error).message);
        process.exit(1);
      },
    );
}
