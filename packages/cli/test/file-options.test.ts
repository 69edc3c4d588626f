import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRecord, verifyRecord } from '@tabula/engine';
import { findGame } from '@tabula/catalog';
import { main } from '../src/main.js';
import { scriptedIO } from '../src/io.js';

const here = dirname(fileURLToPath(import.meta.url));
const data = join(here, '../../games/struggle-for-rome/src/data');
const tmp = () => mkdtempSync(join(tmpdir(), 'tabula-cli-map-'));

async function run(argv: string[], lines: string[] = [], opts: { fallback?: string } = {}) {
  const io = scriptedIO(lines, opts);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** The default map as one `{board, cities}` file, possibly altered. */
function mapFile(change?: (map: { board: Record<string, unknown>; cities: unknown }) => void): string {
  const map = {
    board: JSON.parse(readFileSync(join(data, 'board.json'), 'utf8')) as Record<string, unknown>,
    cities: JSON.parse(readFileSync(join(data, 'cities.json'), 'utf8')) as unknown,
  };
  change?.(map);
  const file = join(tmp(), 'map.json');
  writeFileSync(file, JSON.stringify(map));
  return file;
}

describe('file options (--map FILE)', () => {
  it('lists the file options in the help of play and simulate', async () => {
    for (const cmd of ['play', 'simulate']) {
      const r = await run([cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toContain('--map FILE');
      expect(r.out).toContain('struggle-for-rome');
    }
  });

  it('plays a game on a copy of the default map given by file, and saves it', async () => {
    const file = mapFile();
    const save = join(tmp(), 'game.json');
    const r = await run(
      [
        'play',
        'struggle-for-rome',
        '--players',
        '3',
        '--bots',
        '3',
        '--bot-level',
        'beginner',
        '--seed',
        'map-file',
        '--save',
        save,
        '--map',
        file,
      ],
      [],
      { fallback: '1' },
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const rec = parseRecord(JSON.parse(readFileSync(save, 'utf8')));
    expect(rec.ok).toBe(true);
    if (!rec.ok) return;
    expect((rec.value.options as { map?: unknown }).map).toBeDefined();
    expect(verifyRecord(findGame('struggle-for-rome')!, rec.value).ok).toBe(true);
  });

  it('simulates on a map given by file', async () => {
    const r = await run([
      'simulate',
      'struggle-for-rome',
      '--games',
      '2',
      '--players',
      '3',
      '--seed',
      'map-sim',
      '--json',
      '--map',
      mapFile(),
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { games: number }).games).toBe(2);
  });

  it('gives clear errors for a missing file, bad JSON and a corrupted map', async () => {
    const dir = tmp();
    const badJson = join(dir, 'bad.json');
    writeFileSync(badJson, '{ "board": ');
    const corrupted = mapFile((m) => {
      const edges = m.board.edges as { b: string }[];
      edges[0]!.b = 'n999';
    });
    const cases: [string, string[]][] = [
      [join(dir, 'none.json'), ['File not found', 'none.json']],
      [badJson, ['bad.json', 'not valid JSON']],
      [corrupted, ['map.json', '--map', 'struggle-for-rome', 'board.edges', 'n999']],
    ];
    for (const [file, texts] of cases)
      for (const cmd of [
        ['play', 'struggle-for-rome', '--players', '3', '--bots', '3', '--seed', 'x'],
        ['simulate', 'struggle-for-rome', '--games', '1', '--players', '3'],
      ]) {
        const r = await run([...cmd, '--map', file]);
        expect(r.code).toBe(1);
        for (const t of texts) expect(r.err).toContain(t);
      }
  });

  it('rejects a file option the chosen game does not take', async () => {
    const r = await run(['simulate', 'aoh', '--games', '1', '--players', '4', '--map', mapFile()]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--map');
    expect(r.err).toContain('struggle-for-rome');
  });
});
