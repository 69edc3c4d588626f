import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecord, verifyRecord } from '@tabula/engine';
import { findGame } from '@tabula/catalog';
import { main } from '../src/main.js';
import { scriptedIO } from '../src/io.js';

async function run(argv: string[], lines: string[] = [], opts: { fallback?: string } = {}) {
  const io = scriptedIO(lines, opts);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('tabula and Nations (game-declared options --difficulty, --sides, --levels, --ages, --solo)', () => {
  it('lists the Nations options in the help of play and simulate', async () => {
    for (const cmd of ['play', 'simulate']) {
      const r = await run([cmd, '--help']);
      expect(r.code).toBe(0);
      for (const o of ['--difficulty LEVEL', '--sides A|B', '--levels LIST', '--ages N', '--solo'])
        expect(r.out).toContain(o);
      expect(r.out).toContain('nations');
    }
  });

  it('plays a 3-player game with 2 bots, B sides and King difficulty: board with prices, nations, event, numbered choices; the record replays', async () => {
    const save = join(mkdtempSync(join(tmpdir(), 'tabula-nat-')), 'game.json');
    const r = await run(
      [
        'play',
        'nations',
        '--players',
        '3',
        '--bots',
        '2',
        '--bot-level',
        'beginner',
        '--difficulty',
        'king',
        '--sides',
        'b',
        '--seed',
        'cli-nat',
        '--save',
        save,
      ],
      [],
      { fallback: '1' },
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('Progress board');
    expect(r.out).toMatch(/\d+g/); // prices on the board
    expect(r.out).toContain('Player order');
    expect(r.out).toContain('Event:');
    expect(r.out).toContain('King');
    expect(r.out).toMatch(/take (China|Egypt|Greece|Persia|Rome), side [AB]/);
    expect(r.out).toMatch(/1\) /);
    expect(r.out).toContain('Final score');
    const rec = parseRecord(JSON.parse(readFileSync(save, 'utf8')));
    expect(rec.ok).toBe(true);
    if (rec.ok) expect(verifyRecord(findGame('nations')!, rec.value).ok).toBe(true);
  });

  it('plays the solo game (--solo): the virtual opponent is shown and the game ends with a score', async () => {
    const r = await run(['play', 'nations', '--solo', '--seed', 'cli-solo'], [], { fallback: '1' });
    expect(r.code).toBe(0);
    expect(r.out).toContain('Virtual opponent');
    expect(r.out).toContain('Final score');
  });

  it('speaks Russian with --lang ru', async () => {
    const r = await run(['play', 'nations', '--solo', '--seed', 'cli-solo-ru', '--lang', 'ru'], [], {
      fallback: '1',
    });
    expect(r.code).toBe(0);
    expect(r.out).toContain('Доска прогресса');
    expect(r.out).toContain('Виртуальный соперник');
  });

  it('simulate reports wins by seat, nation, side and difficulty, the score distribution and actions per second', async () => {
    const r = await run([
      'simulate',
      'nations',
      '--games',
      '6',
      '--players',
      '3',
      '--bots',
      'heuristic,random',
      '--seed',
      'sim-nat',
      '--sides',
      'b',
    ]);
    expect(r.code).toBe(0);
    for (const s of [
      'Wins by seat',
      'Wins by nation',
      'Wins by side',
      'Wins by difficulty',
      'Score distribution',
      'Winning scores',
      'actions/s',
    ])
      expect(r.out).toContain(s);
  });

  it('simulate --solo reports the Hall of Fame titles', async () => {
    const r = await run([
      'simulate',
      'nations',
      '--solo',
      '--games',
      '3',
      '--bots',
      'heuristic',
      '--seed',
      'sim-solo',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Wins by title');
  });

  it('rejects bad Nations options with a clear error, and Nations options for another game', async () => {
    let r = await run(['play', 'nations', '--players', '2', '--sides', 'c', '--seed', 'x']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('boardSides');
    r = await run(['play', 'nations', '--players', '2', '--difficulty', 'god', '--seed', 'x']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('difficulty');
    r = await run(['play', 'age-of-heroes', '--players', '2', '--solo']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('nations');
  });
});
