import { describe, expect, it } from 'vitest';
import { findGame } from '@tabula/catalog';
import { runBench } from '../src/bench.js';
import { winRate } from '../src/strength.js';
import { balance } from '../src/balance.js';
import { gameOptions } from '../src/args.js';

const game = findGame('age-of-heroes')!;

describe('bench', () => {
  it('measures a tiny budget and checks replays', () => {
    const r = runBench(game, { seconds: 0.2, games: 2, warmup: 0.05, players: 4 });
    const json = JSON.parse(JSON.stringify(r)) as typeof r;
    expect(json.game).toBe('age-of-heroes');
    expect(json.players).toBe(4);
    expect(json.random.games).toBeGreaterThan(0);
    expect(json.random.games).toBeLessThanOrEqual(2);
    for (const x of [
      json.random.gamesPerSecond,
      json.random.usPerAction,
      json.random.usPerActionMedian,
      json.random.actionsPerGame,
      json.replay.actionsPerSecond,
      json.view.seatBytes,
      json.view.spectatorBytes,
      json.clone.us,
      json.sampleWorld.us,
    ]) {
      expect(typeof x).toBe('number');
      expect(x).toBeGreaterThan(0);
    }
    expect(json.replay.hashesMatch).toBe(true);
    expect(json.replay.actions).toBeGreaterThan(0);
    expect(json.view.states).toBeGreaterThan(0);
  });

  it('times the strong level on as many positions as asked (--decisions)', () => {
    const r = runBench(game, { seconds: 0.01, games: 1, warmup: 0, players: 2, decisions: 12 });
    expect(r.search.positions).toBe(12);
    // Every position once, then more rounds only while the time budget lasts.
    expect(r.search.decisions).toBeGreaterThanOrEqual(12);
    expect(r.search.decisions % 12).toBe(0);
    expect(r.search.msP99).toBeGreaterThanOrEqual(r.search.msMedian);
    const d = runBench(game, { seconds: 0.01, games: 1, warmup: 0, players: 2 });
    expect(d.search.positions).toBe(40);
  });

  it('measures a bot against random bots', () => {
    const r = winRate(game, { bot: 'heuristic', games: 8, players: 4 });
    expect(r.games).toBe(8);
    expect(r.winRate).toBeGreaterThanOrEqual(0);
    expect(r.winRate).toBeLessThanOrEqual(1);
    expect(r.decisions).toBeGreaterThan(0);
    expect(r.bySeat).toHaveLength(4);
  });

  it('reads match options from --option KEY=VALUE, repeated', () => {
    expect(gameOptions(['rw', '--option', 'heroes=on', '--games', '3', '--option=neutrals=auto'])).toEqual({
      heroes: 'on',
      neutrals: 'auto',
    });
    expect(gameOptions(['rw', '--games', '3'])).toEqual({});
    expect(() => gameOptions(['rw', '--option', 'heroes'])).toThrow(/KEY=VALUE/);
    expect(() => gameOptions(['rw', '--option'])).toThrow(/KEY=VALUE/);
  });

  it('hands the match options to the game (a bad one is refused by its parseOptions)', () => {
    const rw = findGame('rw')!;
    expect(() => winRate(rw, { bot: 'random', games: 1, players: 2, options: { heroes: 'maybe' } })).toThrow(
      /heroes/,
    );
    expect(() =>
      balance(rw, { players: 2, games: 1, bot: 'random', seed: 't', options: { heroes: 'maybe' } }),
    ).toThrow(/heroes/);
  });
});
