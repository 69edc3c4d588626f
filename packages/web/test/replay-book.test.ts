/**
 * The replay viewer's engine (replayBook.ts) and the log's groups (logGroups.ts), in node: for a random
 * game of every catalog game, the state at any step — reached forwards, backwards or by jumps — is the
 * state the engine's own replay reaches, the log up to a step is the events each viewer may see, and
 * rounds and turns are marked where the game opens them. No browser needed.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent } from '@tabula/engine';
import { SPECTATOR, canSee, playGame, replay, stateHash } from '@tabula/engine';
import { GAMES } from '@tabula/catalog';
import { randomBot } from '@tabula/bots';
import { ReplayBook } from '../src/shell/replayBook.js';
import { logItems } from '../src/shell/logGroups.js';

/** Short games: few rounds where the game allows it (options it does not know are refused, so only known ones). */
function shortOptions(game: AnyGame): unknown {
  for (const o of [{ roundLimit: 2 }, { ages: 1 }, { tradeInputLimit: 5 }, {}])
    if (game.parseOptions(o).ok && Object.keys(o).length) return o;
  return {};
}

function randomRecord(game: AnyGame, seed: string) {
  const seats = Math.min(game.maxSeats, Math.max(game.minSeats, 3));
  const r = playGame(game, {
    options: shortOptions(game),
    seats,
    seed,
    bots: Array.from({ length: seats }, (_, i) => randomBot({ seed: `${seed}:${i}` })),
    record: true,
    maxActions: 3000,
  });
  return r.record!;
}

describe('replay book', () => {
  for (const game of GAMES)
    it(`${game.id}: any step, in any order, is the engine's replay of that step; the log is each viewer's`, () => {
      const record = randomRecord(game, `book-${game.id}`);
      const book = new ReplayBook(game, record, 7);
      expect(book.failure).toBeNull();
      expect(book.total).toBe(record.actions.length);
      expect(book.total).toBeGreaterThan(10);
      const n = book.total;
      // Forwards one by one over a stretch, backwards, jumps across snapshots, the ends.
      const steps = [
        0,
        1,
        2,
        3,
        n,
        n - 1,
        5,
        4,
        3,
        Math.floor(n / 2),
        Math.floor(n / 2) + 1,
        13,
        14,
        6,
        n,
        0,
      ];
      for (const k of steps) {
        const want = replay(game, record, k);
        expect(want.ok).toBe(true);
        expect(stateHash(book.stateAt(k)), `step ${k}`).toBe(stateHash(want.ok ? want.value : null));
      }
      // A state handed out is never changed by later steps.
      const s5 = book.stateAt(5);
      const h5 = stateHash(s5);
      book.stateAt(6);
      book.stateAt(n);
      book.stateAt(2);
      expect(stateHash(s5)).toBe(h5);

      // The log up to a step: the setup's and each action's events, as each viewer may see them.
      const all: { e: GameEvent; step: number }[] = [];
      const opts = game.parseOptions(record.options);
      const setupEvents: GameEvent[] = [];
      const s = game.setup(opts.ok ? opts.value : {}, record.seats, record.seed, setupEvents);
      expect(s.ok).toBe(true);
      for (const e of setupEvents) all.push({ e, step: 0 });
      const st = s.ok ? s.value : null;
      record.actions.forEach(({ seat, action }, i) => {
        const ev: GameEvent[] = [];
        game.apply(st, seat, action, ev);
        for (const e of ev) all.push({ e, step: i + 1 });
      });
      const k = Math.floor(n / 3);
      for (const viewer of [SPECTATOR, 0, 1] as const) {
        const want = all.filter((x) => x.step <= k && canSee(x.e, viewer));
        const got = book.log(k, viewer);
        expect(got.map((e) => e.key)).toEqual(want.map((x) => x.e.key));
        expect(got.map((e) => e.v)).toEqual(want.map((x) => x.step));
      }
      expect(book.log(n, 'all').length).toBe(all.length);
      expect(book.log(k, 'all').length).toBe(all.filter((x) => x.step <= k).length);

      // Rounds and turns are marked in step order where the game opens them.
      const marks = book.marks.map((m) => m.step);
      expect(marks).toEqual([...marks].sort((a, b) => a - b));
      if (game.eventGroup) {
        const opening = all.filter((x) => game.eventGroup!(x.e)).map((x) => x.step);
        expect(marks).toEqual(opening);
      }
    });

  it('marks rounds and turns where a game that declares them opens them', () => {
    const base = GAMES[0]!;
    const record = randomRecord(base, 'book-marks');
    // The same rules, told that every event whose key speaks of a turn opens one.
    const opens = (e: GameEvent) => /turn/i.test(e.key);
    const game: AnyGame = { ...base, eventGroup: (e) => (opens(e) ? { kind: 'turn' } : null) };
    const book = new ReplayBook(game, record);
    const want: number[] = [];
    book.events.forEach((evs, step) => evs.forEach((e) => opens(e) && want.push(step)));
    expect(want.length).toBeGreaterThan(2);
    expect(book.marks.map((m) => m.step)).toEqual(want);
    expect(book.markAt(want[1]!, 'turn')?.step).toBe(want[1]);
    expect(book.markAt(want[0]! - 1, 'turn')).toBeUndefined();
  });

  it('a record these rules refuse stops the replay before the refused move, and says which', () => {
    const game = GAMES[0]!;
    const record = randomRecord(game, 'book-refused');
    const bad = { ...record, actions: [...record.actions] };
    bad.actions.splice(6, 0, { seat: 0, action: { type: 'no-such-action' } });
    const book = new ReplayBook(game, bad);
    expect(book.failure?.index).toBe(6);
    expect(book.total).toBe(6);
    expect(stateHash(book.stateAt(99))).toBe(stateHash(book.stateAt(6)));
  });
});

describe('log groups', () => {
  const game = {
    eventGroup: (e: GameEvent) =>
      e.key === 'round'
        ? { kind: 'round' as const, round: e.params!.n as number }
        : e.key === 'turn'
          ? { kind: 'turn' as const, seat: e.params!.seat as number }
          : null,
  };
  const ev = (key: string, params: Record<string, unknown> = {}): GameEvent => ({ key, params });
  const log = [
    ev('round', { n: 1 }),
    ev('turn', { seat: 0 }),
    ev('a'),
    ev('turn', { seat: 1 }),
    ev('b'),
    ev('round', { n: 2 }),
    ev('turn', { seat: 0 }),
    ev('c'),
    ev('d'),
  ];
  const shape = (items: ReturnType<typeof logItems>) =>
    items.map((i) =>
      i.kind === 'head' ? `${i.group.kind}:${i.group.round ?? i.group.seat}` : `line:${i.event.key}`,
    );

  it('puts a heading before each event that opens a round or a turn', () => {
    expect(shape(logItems(game, log, 0))).toEqual([
      'round:1',
      'line:round',
      'turn:0',
      'line:turn',
      'line:a',
      'turn:1',
      'line:turn',
      'line:b',
      'round:2',
      'line:round',
      'turn:0',
      'line:turn',
      'line:c',
      'line:d',
    ]);
  });

  it('a tail starts under the round and turn it belongs to', () => {
    expect(shape(logItems(game, log, 8))).toEqual(['round:2', 'turn:0', 'line:d']);
    expect(shape(logItems(game, log, 4))).toEqual([
      'round:1',
      'turn:1',
      'line:b',
      'round:2',
      'line:round',
      'turn:0',
      'line:turn',
      'line:c',
      'line:d',
    ]);
  });

  it('a game without groups gets its lines alone', () => {
    expect(shape(logItems({}, log.slice(0, 3), 1))).toEqual(['line:turn', 'line:a']);
  });
});
