import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecord, verifyRecord } from '@tabula/engine';
import { findGame } from '@tabula/catalog';
import { main } from '../src/main.js';
import { scriptedIO } from '../src/io.js';
import type { SimulationReport } from '../src/simulate.js';

async function run(argv: string[], lines: string[] = [], opts: { fallback?: string } = {}) {
  const io = scriptedIO(lines, opts);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** Internal ids a player must never read: home realm areas' data ids, message keys, placeholders. */
const RAW = /\b(?:DL|LE|WU|UY)[abc]\b|\brw\.[a-z]|\{[a-z]+\}/;

describe('tabula and RuneWars', () => {
  it('plays a 2-player game against the heuristic bot to its end: the board in words, numbered choices, bad input asked again; the record replays', async () => {
    const save = join(mkdtempSync(join(tmpdir(), 'tabula-rw-')), 'game.json');
    const r = await run(
      ['play', 'rw', '--players', '2', '--bot-level', 'heuristic', '--seed', 'cli-rw', '--save', save],
      ['abc', '999'],
      { fallback: '1' },
    );
    expect(r.code).toBe(0);
    // Bad input is asked again, with the range.
    expect(r.out).toContain('"abc" is not a choice');
    expect(r.out).toContain('There is no choice 999');
    // The board in words: the season, your dials and hand, runes you know, every area with its neighbours.
    for (const text of [
      'Year 1 of 7',
      'You: Player 1',
      'dial',
      'at or below the arrow',
      'Your areas produce',
      'Tactics:',
      'Rune tokens in your areas',
      'Players:',
      'The board',
      'next to',
      '(across mountains)',
      'home 1',
      'Order: Strategize',
      'Game over',
    ])
      expect(r.out).toContain(text);
    expect(r.out).toMatch(/ {2}1\. /); // numbered choices
    expect(r.out).not.toMatch(RAW);
    const rec = parseRecord(JSON.parse(readFileSync(save, 'utf8')));
    expect(rec.ok).toBe(true);
    if (rec.ok) expect(verifyRecord(findGame('runewars')!, rec.value).ok).toBe(true);
  }, 300_000);

  it('speaks Russian with --lang ru', async () => {
    const r = await run(
      ['play', 'rw', '--players', '2', '--bot-level', 'heuristic', '--seed', 'cli-rw-ru', '--lang', 'ru'],
      ['1', '1', '1', 'q', ''],
    );
    expect(r.code).toBe(0);
    for (const text of ['Поле', 'соседи', 'родные земли', 'Игроки:']) expect(r.out).toContain(text);
    expect(r.out).not.toMatch(RAW);
  });

  it('simulates: wins by seat, faction, colour, place after the first player and home place, victory routes, length in actions and seasons, speed', async () => {
    const r = await run([
      'simulate',
      'rw',
      '--games',
      '4',
      '--players',
      '3',
      '--bots',
      'heuristic,random',
      '--seed',
      'cli-rw-sim',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.out) as SimulationReport;
    expect(rep.completed).toBe(4);
    expect(Object.keys(rep.byTag).sort()).toEqual(['colour', 'faction', 'realm', 'start']);
    expect(Object.keys(rep.byTag.realm!).sort()).toEqual(['H1', 'H2', 'H4']);
    expect(Object.keys(rep.byTag.start!).sort()).toEqual(['1', '2', '3']);
    for (const t of Object.values(rep.byTag))
      expect(Object.values(t).reduce((a, x) => a + x.games, 0)).toBe(12);
    expect(Object.values(rep.byReason).reduce((a, b) => a + b, 0)).toBe(4);
    expect(rep.rounds!.of).toBe(28);
    expect(rep.actionsPerSecond).toBeGreaterThan(0);
    const text = await run([
      'simulate',
      'rw',
      '--games',
      '2',
      '--players',
      '4',
      '--bots',
      'heuristic',
      '--seed',
      's',
    ]);
    for (const s of [
      'Wins by faction',
      'Wins by place after the first player',
      'first player',
      'Results by reason',
      'most dragon runes after the last year',
      'Game length in rounds (of 28)',
      'actions/s',
    ])
      expect(text.out).toContain(s);
  }, 120_000);
});
