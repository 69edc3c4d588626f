/**
 * Durable match storage for the Tabula server: PostgreSQL when several processes share a
 * database, embedded PGlite (the same SQL) on a single machine.
 */
import type { Db } from './db.js';
import { openPglite, openPostgres } from './db.js';

export * from './db.js';
export * from './migrations.js';
export * from './store.js';
export * from './journal.js';
export * from './accounts.js';

/**
 * Opens a database from one setting: a `postgres://` or `postgresql://` URL for a server, else a
 * PGlite data directory (or `'memory'`).
 */
export function openDb(target: string): Promise<Db> {
  return /^postgres(ql)?:\/\//i.test(target) ? openPostgres(target) : openPglite(target);
}
export type { DatabaseMemory } from './pglite-worker.js';
