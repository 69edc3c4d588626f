import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingKeys, parseRecord, verifyRecord } from '@tabula/engine';
import type { GameRecord } from '@tabula/engine';
import { findGame } from '@tabula/catalog';
import { main } from '../src/main.js';
import { scriptedIO } from '../src/io.js';
import { messages } from '../src/messages.js';
import type { SimulationReport } from '../src/simulate.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tabula-cli-'));

async function run(
  argv: string[],
  lines: string[] = [],
  opts: { fallback?: string; env?: Record<string, string> } = {},
) {
  const io = scriptedIO(lines, opts);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

const aoh = findGame('aoh')!;

/** One saved game (4 players, 3 heuristic bots, the human always answering 1), shared by the tests. */
let saved: { file: string; out: string; code: number } | undefined;
async function savedGame() {
  if (!saved) {
    const file = join(tmp(), 'game.json');
    const r = await run(
      // The rule-of-thumb level: the search levels (the default) think for a while at every decision.
      [
        'play',
        'aoh',
        '--players',
        '4',
        '--bots',
        '3',
        '--bot-level',
        'beginner',
        '--seed',
        'cli-test',
        '--save',
        file,
      ],
      ['abc', '999'],
      {
        fallback: '1',
      },
    );
    saved = { file, out: r.out, code: r.code };
  }
  return saved;
}

describe('help and usage errors', () => {
  it('lists the commands', async () => {
    for (const argv of [['--help'], ['help']]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      for (const c of ['play', 'simulate', 'replay']) expect(r.out).toContain(c);
    }
  });

  it.each([
    ['play', ['--players', '--bots', '--bot-level', '--seed', '--lang', '--save', '--options']],
    [
      'simulate',
      ['--games', '--players', '--bots', '--seed', '--json', '--save-dir', '--max-actions', 'rotate'],
    ],
    ['replay', ['--seat', '--spectator', '--step', '--lang']],
  ])('%s --help mentions its options', async (cmd, options) => {
    for (const argv of [
      [cmd, '--help'],
      ['help', cmd],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      for (const o of options) expect(r.out).toContain(o);
    }
  });

  it('rejects an unknown command with exit code 2', async () => {
    const r = await run(['dance']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Unknown command "dance"');
    expect(r.err).toContain('play');
  });

  it('rejects unknown options, bad numbers, unknown games and bots with exit code 2', async () => {
    const cases: [string[], string][] = [
      [['simulate', 'aoh', '--fast'], 'Unknown option "--fast"'],
      [['simulate', 'aoh', '--games', 'many'], '--games'],
      [['simulate', 'aoh', '--games'], 'needs a value'],
      [['simulate', 'chess', '--games', '1'], 'Unknown game "chess"'],
      [['simulate', 'aoh', '--bots', 'genius'], 'Unknown bot "genius"'],
      [['play', 'aoh', '--players', '9'], '2 to 6 players'],
      [['play', 'aoh', '--options', '{bad'], '--options'],
      [['play', 'aoh', '--options', '{"colour":"red"}'], 'colour'],
      [['replay'], 'saved game file'],
      [['play', 'aoh', '--lang', 'fr'], 'fr'],
    ];
    for (const [argv, text] of cases) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toContain(text);
    }
  });
});

describe('play', () => {
  it('plays a 4-player game against 3 bots to its end and saves a valid record', async () => {
    const { file, out, code } = await savedGame();
    expect(code).toBe(0);
    expect(out).toContain('"abc" is not a choice');
    expect(out).toContain('There is no choice 999');
    expect(out).toContain('Your choices:');
    expect(out).toContain('Game over.');
    expect(out).toMatch(/Winner: |Shared result: /);
    const record = parseRecord(JSON.parse(readFileSync(file, 'utf8')));
    expect(record.ok).toBe(true);
    const rec = (record as { ok: true; value: GameRecord }).value;
    expect(rec.outcome?.winners.length).toBeGreaterThan(0);
    expect(verifyRecord(aoh, rec).ok).toBe(true);
  });

  it('resigns after confirmation, and quits with an offer to save', async () => {
    const dir = tmp();
    const r = await run(['play', 'aoh', '--players', '2', '--seed', 'r1'], ['h', 'r', 'n', 'r', 'y']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('resign the game');
    expect(r.out).toContain('You play on.');
    expect(r.out).toContain('Game over.');
    expect(r.out).toContain('Winner: Player');
    const file = join(dir, 'quit.json');
    const q = await run(['play', 'aoh', '--players', '3', '--seed', 'q1'], ['1', 'q', file]);
    expect(q.code).toBe(0);
    expect(q.out).toContain('Save the game?');
    const rec = JSON.parse(readFileSync(file, 'utf8')) as GameRecord;
    expect(rec.format).toBe('tabula-game');
    expect(verifyRecord(aoh, rec).ok).toBe(true);
  });

  it('hides the previous hand between hotseat players', async () => {
    const r = await run(
      ['play', 'aoh', '--players', '2', '--bots', '0', '--seed', 'hs'],
      ['', '1', '', '1', 'q', ''],
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('[clear]');
    expect(r.out).toContain('Pass the device to');
  });

  it('speaks Russian with --lang ru', async () => {
    const r = await run(['play', 'aoh', '--players', '2', '--seed', 'ru', '--lang', 'ru'], ['abc', 'q', '']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/[а-яё]/i);
    expect(r.out).toContain('Ваш выбор');
    expect(r.out).toContain('не вариант');
    for (const english of [
      'Your choice',
      'Your choices',
      'is not a choice',
      'Pick your tribe',
      'Save the game',
      'Player 1',
    ])
      expect(r.out).not.toContain(english);
  });

  it('picks Russian from LANG', async () => {
    const r = await run(['dance'], [], { env: { LANG: 'ru_RU.UTF-8' } });
    expect(r.code).toBe(2);
    expect(r.err).toContain('Неизвестная команда');
  });
});

describe('simulate', () => {
  it('reports JSON whose wins add up to the completed games', async () => {
    const dir = tmp();
    const r = await run([
      'simulate',
      'aoh',
      '--games',
      '20',
      '--players',
      '4',
      '--json',
      '--seed',
      's1',
      '--bots',
      'heuristic,random',
      '--save-dir',
      dir,
    ]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const rep = JSON.parse(r.out) as SimulationReport;
    expect(rep.games).toBe(20);
    const seatWins = rep.bySeat.reduce((a, t) => a + t.wins, 0);
    expect(seatWins + rep.shared + rep.noWinner).toBe(rep.games - rep.capped);
    expect(rep.decisive).toBe(seatWins);
    const botWins = Object.values(rep.byBot).reduce((a, t) => a + t.wins, 0);
    expect(botWins).toBe(seatWins);
    expect(Object.values(rep.byReason).reduce((a, b) => a + b, 0)).toBe(rep.games - rep.capped);
    expect(Object.keys(rep.byBot).sort()).toEqual(['heuristic', 'random']);
    expect(rep.byBot.heuristic!.games).toBe(40);
    expect(rep.byTag.tribe).toBeDefined();
    expect(rep.length.min).toBeLessThanOrEqual(rep.length.median);
    // Rounds as the game's progress tells them on the final public view.
    expect(rep.rounds!.min).toBeGreaterThan(0);
    expect(Object.values(rep.rounds!.histogram).reduce((a, b) => a + b, 0)).toBe(rep.completed);
    expect(rep.actionsPerSecond).toBeGreaterThan(0);
    const files = readdirSync(dir);
    expect(files).toHaveLength(20);
    const rec = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')) as GameRecord;
    expect(verifyRecord(aoh, rec).ok).toBe(true);
  });

  it('seats the search bot at a budget and by level (--bots ismcts:<N>,standard)', async () => {
    const r = await run([
      'simulate',
      'aoh',
      '--games',
      '1',
      '--players',
      '2',
      '--json',
      '--seed',
      'search',
      '--bots',
      'ismcts:5,standard',
      // The seats' bots are what is checked, not a whole game of search (minutes on a loaded machine).
      '--max-actions',
      '40',
    ]);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.out) as SimulationReport;
    expect(Object.keys(rep.byBot).sort()).toEqual(['ismcts:5', 'standard']);
    const bad = await run(['simulate', 'aoh', '--bots', 'ismcts:0']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('ismcts:<N>');
  });

  it('counts capped games instead of hiding them', async () => {
    const r = await run([
      'simulate',
      'aoh',
      '--games',
      '3',
      '--players',
      '2',
      '--json',
      '--seed',
      's2',
      '--max-actions',
      '10',
    ]);
    const rep = JSON.parse(r.out) as SimulationReport;
    expect(rep.capped).toBe(3);
    expect(rep.completed).toBe(0);
  });

  it('prints a readable report', async () => {
    const r = await run([
      'simulate',
      'aoh',
      '--games',
      '4',
      '--players',
      '3',
      '--seed',
      's3',
      '--bots',
      'heuristic',
    ]);
    expect(r.code).toBe(0);
    for (const text of [
      'Wins by seat',
      'Wins by bot',
      'Wins by tribe',
      'Results by reason',
      'Game length',
      'actions/s',
    ])
      expect(r.out).toContain(text);
  });
});

describe('replay', () => {
  it('prints the view at a given step', async () => {
    const { file } = await savedGame();
    const r = await run(['replay', file, '--step', '5']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Step 5/');
    expect(r.out).toContain('Age of Heroes');
    const end = await run(['replay', file, '--step', '0', '--seat', '1']);
    expect(end.out).toContain('(you)');
  });

  it('steps through commands read line by line', async () => {
    const { file } = await savedGame();
    const r = await run(['replay', file], ['', 'n', 'b', 'g 10', 'x', 'e', 'n', 'q']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Step 1/');
    expect(r.out).toContain('Step 2/');
    expect(r.out).toContain('Step 10/');
    expect(r.out).toContain('Unknown key "x"');
    expect(r.out).toContain('This is the last step.');
    expect(r.out).toMatch(/Result: (Winner|Shared)/);
  });

  it('gives clear errors for bad files', async () => {
    const { file } = await savedGame();
    const dir = tmp();
    const good = readFileSync(file, 'utf8');
    const rec = JSON.parse(good) as GameRecord;
    const write = (name: string, text: string) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    };
    const cases: [string, string][] = [
      [join(dir, 'missing.json'), 'File not found'],
      [write('truncated.json', good.slice(0, good.length / 2)), 'is not valid JSON'],
      [write('format.json', JSON.stringify({ ...rec, format: 'chess-pgn' })), 'not a Tabula saved game'],
      [write('game.json', JSON.stringify({ ...rec, game: 'chess' })), '"chess"'],
      [
        write(
          'rejected.json',
          JSON.stringify({ ...rec, actions: [rec.actions[1], rec.actions[0], ...rec.actions.slice(2)] }),
        ),
        'rejected on replay',
      ],
    ];
    for (const [path, text] of cases) {
      const r = await run(['replay', path, '--step', '1']);
      expect(r.code, path).toBe(1);
      expect(r.err, path).toContain(text);
    }
    // A refusal names its rule in players' words, as the table's § pop-up does.
    const refused = await run(['replay', cases.at(-1)![0], '--step', '1']);
    expect(refused.err).toMatch(/rejected on replay: .+\n {2}The rule: \S.{10,}/);
  });
});

describe('messages', () => {
  it('has the same keys in English and Russian', () => {
    expect(missingKeys(messages)).toEqual([]);
  });
});
