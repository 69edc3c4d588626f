/** A new embedded database unpacked from the template made at build time (instead of initdb's ~10 s). */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '@tabula/store';
import { fromTemplate, pgliteVersion, templatePath, untar } from '../src/template.js';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'tabula-template-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A one-member ustar archive, gzipped. */
function tarOf(name: string, body: string): Buffer {
  const head = Buffer.alloc(512);
  head.write(name, 0);
  head.write('0000644\0', 100);
  head.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
  head.write('0', 156);
  head.write('ustar\0', 257);
  const data = Buffer.alloc(Math.ceil(body.length / 512) * 512);
  data.write(body);
  return gzipSync(Buffer.concat([head, data, Buffer.alloc(1024)]));
}

describe('the database template', () => {
  it('unpacks a tar archive, and refuses a member that would land outside its directory', () => {
    const d = tmp();
    expect(untar(tarOf('/base/1/PG_VERSION', '17\n'), d)).toBe(1);
    expect(readFileSync(join(d, 'base', '1', 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(() => untar(tarOf('../../evil', 'x'), tmp())).toThrow(/outside its directory/);
  });

  it('made by the build for the installed PGlite, it gives a new data directory a database that opens', async () => {
    const file = templatePath();
    expect(existsSync(file), `${file} (npm run build makes it)`).toBe(true);
    expect(readFileSync(`${file}.version`, 'utf8').trim()).toBe(pgliteVersion());
    const d = join(tmp(), 'pglite');
    const t0 = performance.now();
    expect(fromTemplate(d)).toBe(true);
    const ms = performance.now() - t0;
    expect(existsSync(join(d, 'PG_VERSION'))).toBe(true);
    const db = await openPglite(d, { worker: true });
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await db.close();
    console.log(`database template: unpacked in ${Math.round(ms)} ms`);
  });
});
