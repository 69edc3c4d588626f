/**
 * A new embedded database starts from a template made at build time. PGlite creates a database by
 * running initdb in a second PGlite of its own, which takes about 10 s; `npm run build` does it once
 * (`node packages/store/dist/template.js`) and keeps the result as a gzipped tar beside this module, and
 * the server unpacks it into a new data directory in a fraction of a second. The template is made by
 * the installed PGlite, so it always matches it; without one, a new database is created as before.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** The template beside the built module (packages/store/dist/pgdata-template.tgz). */
export function templatePath(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const dist = here.endsWith(`${sep}src${sep}`) ? join(here, '..', 'dist') : here;
  return join(dist, 'pgdata-template.tgz');
}

/** Which PGlite made a template (a template of another version is not used); found as Node finds it. */
export function pgliteVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++, dir = dirname(dir)) {
    const f = join(dir, 'node_modules', '@electric-sql', 'pglite', 'package.json');
    if (existsSync(f)) return (JSON.parse(readFileSync(f, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}

/**
 * Unpacks a gzipped tar (ustar: regular files and directories, as PGlite's dump writes it) into `dir`.
 * Refuses a member that would land outside `dir`.
 */
export function untar(tgz: Buffer, dir: string): number {
  const data = gunzipSync(tgz);
  const root = normalize(dir + sep);
  let files = 0;
  for (let at = 0; at + 512 <= data.length;) {
    const head = data.subarray(at, at + 512);
    if (head.every((b) => b === 0)) break;
    const field = (from: number, len: number) => {
      const raw = head.subarray(from, from + len);
      const end = raw.indexOf(0);
      return raw.subarray(0, end < 0 ? len : end).toString('utf8');
    };
    const prefix = field(345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const target = normalize(join(dir, name));
    if (!target.startsWith(root) && target !== normalize(dir))
      throw new Error(`The database template holds a file outside its directory: ${name}`);
    at += 512;
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0') {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, data.subarray(at, at + size));
      files++;
    }
    at += Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Unpacks the template into a new data directory; false if there is no usable template. */
export function fromTemplate(dataDir: string): boolean {
  const file = templatePath();
  if (!existsSync(file) || !existsSync(`${file}.version`)) return false;
  if (readFileSync(`${file}.version`, 'utf8').trim() !== pgliteVersion()) return false;
  untar(readFileSync(file), dataDir);
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** `node packages/store/dist/template.js`: makes the template (run by `npm run build`), unless it is current. */
export async function makeTemplate(): Promise<string> {
  const file = templatePath();
  const version = pgliteVersion();
  if (
    existsSync(file) &&
    existsSync(`${file}.version`) &&
    readFileSync(`${file}.version`, 'utf8').trim() === version
  )
    return `the database template is current (PGlite ${version})`;
  const { PGlite } = await import('@electric-sql/pglite');
  const t0 = Date.now();
  const pg = await PGlite.create();
  const blob = await pg.dumpDataDir('gzip');
  await pg.close();
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  writeFileSync(`${file}.version`, `${version}\n`);
  return `made the database template (PGlite ${version}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1]))
  makeTemplate().then(
    (line) => console.log(`Tabula: ${line}.`),
    (e: unknown) => {
      console.error(`Tabula: could not make the database template: ${(e as Error).message}`);
      process.exitCode = 1;
    },
  );
