/** Creating an embedded PGlite, shared by the in-process database and its worker thread. */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's own start parameters plus `wal_init_zero=off`: a new 16 MB WAL segment is not written full of
 * zeros first (with it, every ~20,000 appends one statement stalled for 50–70 ms).
 */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off', '-c', 'shared_buffers=16MB'];
}

/** A PGlite in memory (`'memory'`) or in a data directory (created if missing). */
export async function createPglite(dataDir: string): Promise<PGlite> {
  const options = { startParams: pgliteStartParams() };
  if (dataDir === 'memory') return PGlite.create(options);
  await mkdir(dataDir, { recursive: true });
  return PGlite.create({ ...options, dataDir });
}
