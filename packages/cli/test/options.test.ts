/**
 * The command line renders what each game declares (issue 18, points 4 and 5): `tabula options <game>`
 * and `play/simulate <game> --help` show its name, description, bots and options schema in English and
 * Russian; `--option KEY=VALUE` gives any declared option, checked against the schema; the strongest bot
 * plays by default.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageKeyPrefixes, parseRecord } from '@tabula/engine';
import { GAMES } from '@tabula/catalog';
import { main } from '../src/main.js';
import { scriptedIO } from '../src/io.js';

async function run(argv: string[], lines: string[] = [], opts: { fallback?: string } = {}) {
  const io = scriptedIO(lines, opts);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const tmp = () => mkdtempSync(join(tmpdir(), 'tabula-cli-opt-'));

describe('tabula options <game>', () => {
  for (const g of GAMES)
    it(`${g.id}: name, description, players, bots and every declared option with its words, in English and Russian`, async () => {
      const short = g.info!.shortId;
      for (const lang of ['en', 'ru'] as const) {
        const r = await run(['options', short, '--lang', lang]);
        expect(r.code).toBe(0);
        expect(r.out).toContain(g.messages[lang][g.info!.name]!);
        expect(r.out).toContain(g.messages[lang][g.info!.description]!);
        for (const o of g.optionsSchema ?? []) {
          expect(r.out).toContain(`  ${o.key}`);
          expect(r.out).toContain(g.messages[lang][o.label]!);
          if (o.kind === 'choice')
            for (const c of o.choices) expect(r.out).toContain(g.messages[lang][c.label]!);
        }
        // No message key of the game is shown raw.
        for (const p of messageKeyPrefixes(g)) expect(r.out).not.toMatch(new RegExp(`\\b${p}\\.[a-z]`));
        expect(r.out).toContain(`(${lang === 'en' ? 'default' : 'по умолчанию'}`);
        // Each bot level said with what it does, the strongest (the last) the default.
        expect(r.out).toContain(lang === 'en' ? 'random (plays at random)' : 'random (ходит наугад)');
        expect(r.out).toContain('strong)');
        expect(r.out).toContain('ismcts:<N>');
      }
    });

  it('play and simulate --help with a game name add that game options; without one, the commands only', async () => {
    for (const cmd of ['play', 'simulate']) {
      const r = await run([cmd, 'aoh', '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toContain('--option KEY=VALUE');
      expect(r.out).toContain('tribes=draft|random');
      expect(r.out).toContain('Drafted in turn order');
      const h = await run(['help', cmd, 'aoh', '--lang', 'ru']);
      expect(h.out).toContain('Выбор по очереди');
      const plain = await run([cmd, '--help']);
      expect(plain.out).toContain('--option KEY=VALUE');
      expect(plain.out).not.toContain('tribes=draft|random');
    }
  });

  it('an unknown game is a usage error naming the games by id and short id', async () => {
    const r = await run(['options', 'chess']);
    expect(r.code).toBe(2);
    for (const g of GAMES) expect(r.err).toContain(`${g.id} (${g.info!.shortId})`);
  });
});

describe('--option KEY=VALUE', () => {
  it('AOH-SETUP-8: tribes=random reaches the game (no draft), and the record keeps it; the strongest bot plays by default', async () => {
    const save = join(tmp(), 'game.json');
    const r = await run(
      [
        'play',
        'aoh',
        '--players',
        '2',
        '--bots',
        '1',
        '--seed',
        'opt-random',
        '--option',
        'tribes=random',
        '--option',
        'seatOrder=fixed',
        '--save',
        save,
      ],
      // Two steps, then leave: the saved game tells the options and the seated bot without playing a whole
      // game against the search bot (minutes on a loaded machine).
      ['1', '1', 'q'],
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('Tribes were assigned at random');
    expect(r.out).toContain('Game saved to');
    const rec = parseRecord(JSON.parse(readFileSync(save, 'utf8')));
    expect(rec.ok).toBe(true);
    if (!rec.ok) return;
    expect(rec.value.options).toMatchObject({ tribes: 'random', seatOrder: 'fixed' });
    expect(rec.value.players?.[1]?.bot).toBe('strong');
  });

  it('a flag that fixes the player count (a solo mode) sets it; a per-seat choice takes one value per seat', async () => {
    const r = await run(
      ['simulate', 'nat', '--option', 'solo', '--option', 'ages=1', '--games', '1', '--seed', 'o', '--json'],
      [],
    );
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ players: 1, games: 1 });
    const s = await run([
      'simulate',
      'nat',
      '--players',
      '2',
      '--option',
      'difficulty=king,emperor',
      '--option',
      'ages=1',
      '--games',
      '1',
      '--seed',
      'o',
      '--json',
    ]);
    expect(s.code, s.err).toBe(0);
  });

  it('rejects an unknown key, a value outside the choices or the range, a bad flag, a missing value', async () => {
    const cases: [string[], string][] = [
      [['--option', 'colour=red'], 'has no option "colour". Its options: tribes, seatOrder'],
      [
        ['--option', 'tribes=chosen'],
        'Option "tribes" of Age of Heroes is one of draft | random, not "chosen"',
      ],
      [['--option', 'tradeSeconds=9999'], 'whole number from 0 to 900'],
      [['--option', 'tradeSeconds=soon'], 'not "soon"'],
      [['--option', 'tribes'], 'takes KEY=VALUE'],
      [['--option', '=draft'], 'takes KEY=VALUE'],
    ];
    for (const [extra, text] of cases) {
      const r = await run(['play', 'aoh', '--players', '2', '--seed', 'x', ...extra]);
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.err, extra.join(' ')).toContain(text);
    }
    const flag = await run(['simulate', 'nat', '--option', 'solo=maybe', '--games', '1']);
    expect(flag.code).toBe(2);
    expect(flag.err).toContain('is on or off');
  });
});
