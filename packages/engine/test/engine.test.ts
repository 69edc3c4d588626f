import { describe, expect, it } from 'vitest';
import {
  revealsHidden,
  Match,
  PropertyViolation,
  Rng,
  canSee,
  canonicalJson,
  deepClone,
  deepFreeze,
  isDeepFrozen,
  deepEqual,
  formatMessage,
  missingKeys,
  nextInt32,
  parseRecord,
  pickLocale,
  playGame,
  randInt,
  replay,
  runPropertyGame,
  seedRng,
  shuffle,
  stateHash,
  translate,
  verifyRecord,
  windowAnswered,
} from '../src/index.js';
import type { Bot } from '../src/index.js';
import type { WindowLeak } from './toy.js';
import { perturbToy, perturbToyWindow, toyGame, toyWindowGame } from './toy.js';

const first: Bot = { name: 'first', choose: (c) => c.legal[0] };

describe('seeded generator', () => {
  it('gives the same stream for the same seed and different streams for different seeds', () => {
    const a = seedRng('x'),
      b = seedRng('x'),
      c = seedRng('y');
    const sa = Array.from({ length: 20 }, () => nextInt32(a));
    expect(Array.from({ length: 20 }, () => nextInt32(b))).toEqual(sa);
    expect(Array.from({ length: 20 }, () => nextInt32(c))).not.toEqual(sa);
  });
  it('survives a JSON round trip mid-stream', () => {
    const a = seedRng('round');
    nextInt32(a);
    const b = JSON.parse(JSON.stringify(a));
    expect(nextInt32(b)).toBe(nextInt32(a));
  });
  it('draws integers in range without visible bias', () => {
    const s = seedRng('bias');
    const hist = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) hist[randInt(s, 6)]++;
    for (const h of hist) expect(Math.abs(h - 10000)).toBeLessThan(500);
  });
  it('draws exactly what the textbook rejection sampler draws, rejections included (stored games replay alike)', () => {
    // The reference: keep x below 2^32 − (2^32 mod n), answer x mod n, with floating-point remainders.
    const reference = (st: number[], n: number): number => {
      if (n <= 1) return 0;
      const limit = 4294967296 - (4294967296 % n);
      for (;;) {
        const x = nextInt32(st) >>> 0;
        if (x < limit) return x % n;
      }
    };
    const a = seedRng('same'),
      b = seedRng('same');
    for (let i = 0; i < 200000; i++) {
      const n = 1 + (i % 997);
      expect(randInt(a, n)).toBe(reference(b, n));
    }
    // Large bounds, where about half of all draws fall in the rejected tail.
    for (const n of [2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 3e9, 2 ** 32 - 5, 2 ** 32]) {
      const c = seedRng(`n${n}`),
        d = seedRng(`n${n}`);
      for (let i = 0; i < 20000; i++) expect(randInt(c, n)).toBe(reference(d, n));
      expect(c).toEqual(d);
    }
  });
  it('shuffles into a permutation', () => {
    const arr = shuffle(
      seedRng('p'),
      Array.from({ length: 50 }, (_, i) => i),
    );
    expect(arr.slice().sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(arr).not.toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
  it('forks independent streams for bots', () => {
    const r = new Rng('bot');
    const f1 = r.fork('a'),
      f2 = r.fork('a');
    expect(f1.int(1e9)).not.toBe(f2.int(1e9));
  });
});

describe('plain data', () => {
  it('canonical JSON ignores key order, so the hash does', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe('{"a":[{"x":1,"y":2}],"b":1}');
    expect(stateHash({ a: 1, b: 2 })).toBe(stateHash({ b: 2, a: 1 }));
    expect(stateHash({ a: 1, b: 2 })).not.toBe(stateHash({ a: 2, b: 1 }));
  });
  it('deep clone copies and deep equality compares', () => {
    const o = { a: [1, { b: 2 }], c: null };
    const c = deepClone(o);
    expect(deepEqual(c, o)).toBe(true);
    (c.a[1] as { b: number }).b = 3;
    expect(deepEqual(c, o)).toBe(false);
    expect((o.a[1] as { b: number }).b).toBe(2);
  });
  it('deep freeze freezes everything inside, and isDeepFrozen tells a part left mutable', () => {
    const o = { a: [1, { b: 2 }], c: null, d: 'x' };
    expect(isDeepFrozen(o)).toBe(false);
    Object.freeze(o);
    expect(isDeepFrozen(o)).toBe(false); // o.a and o.a[1] can still change
    expect(deepFreeze(o)).toBe(o);
    expect(isDeepFrozen(o)).toBe(true);
    expect(() => {
      (o.a[1] as { b: number }).b = 3;
    }).toThrow(TypeError);
    expect(isDeepFrozen(7)).toBe(true);
  });
});

describe('messages', () => {
  it('fills parameters and falls back to English, then to the key', () => {
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    const cat = { en: { k: 'Hello {n}', only: 'en only' }, ru: { k: 'Привет {n}' } };
    expect(translate([cat], 'ru', 'k', { n: 2 })).toBe('Привет 2');
    expect(translate([cat], 'ru', 'only')).toBe('en only');
    expect(translate([cat], 'en', 'nope')).toBe('nope');
    expect(missingKeys(cat)).toEqual([{ locale: 'ru', key: 'only' }]);
    expect(pickLocale(undefined, 'ru_RU.UTF-8')).toBe('ru');
    expect(pickLocale('en', 'ru_RU')).toBe('en');
  });

  it('chooses plural forms by the locale: English one|other, Russian one|few|many', () => {
    const cat = {
      en: { k: '{n} Fate {n:card|cards} for {u}' },
      ru: { k: '{n} {n:карта|карты|карт} судьбы' },
    };
    const en = (n: number) => translate([cat], 'en', 'k', { n, u: 'Archers' });
    const ru = (n: number) => translate([cat], 'ru', 'k', { n });
    expect([en(0), en(1), en(2), en(21)]).toEqual([
      '0 Fate cards for Archers',
      '1 Fate card for Archers',
      '2 Fate cards for Archers',
      '21 Fate cards for Archers',
    ]);
    expect([ru(1), ru(2), ru(5), ru(11), ru(21), ru(22), ru(25), ru(0)]).toEqual([
      '1 карта судьбы',
      '2 карты судьбы',
      '5 карт судьбы',
      '11 карт судьбы',
      '21 карта судьбы',
      '22 карты судьбы',
      '25 карт судьбы',
      '0 карт судьбы',
    ]);
    // A missing or non-numeric count leaves the slot visible, like any missing parameter.
    expect(formatMessage('{n:card|cards}', { m: 1 })).toBe('{n:card|cards}');
    expect(formatMessage('{n:card|cards}', { n: 'x' })).toBe('{n:card|cards}');
  });
});

describe('records and replays', () => {
  it('a played game replays to the same state hash and verifies', () => {
    const g = toyGame();
    const r = playGame(g, { seats: 3, seed: 'rec', bots: [first, first, first], record: true });
    expect(r.outcome).not.toBeNull();
    const rec = r.record!;
    rec.finalHash = stateHash(r.state);
    const again = replay(g, rec);
    expect(again.ok && stateHash(again.value)).toBe(rec.finalHash);
    expect(verifyRecord(g, rec).ok).toBe(true);
    expect(verifyRecord(g, { ...rec, finalHash: 'bad' }).ok).toBe(false);
  });
  it('rejects malformed records with clear errors', () => {
    expect(parseRecord(null).ok).toBe(false);
    const r = parseRecord({ format: 'other' });
    expect(!r.ok && r.error.code).toBe('record.format');
    const r2 = parseRecord({
      format: 'tabula-game',
      formatVersion: 1,
      game: 'toy',
      seed: 's',
      seats: 2,
      actions: [{}],
    });
    expect(!r2.ok && r2.error.code).toBe('record.action');
  });
  it('reports the first action rejected on replay', () => {
    const g = toyGame();
    const rec = {
      format: 'tabula-game' as const,
      formatVersion: 1 as const,
      game: 'toy',
      rulesVersion: '1',
      options: {},
      seats: 2,
      seed: 's',
      actions: [{ seat: 5, action: { type: 'stay' } }],
    };
    const r = replay(g, rec);
    expect(!r.ok && r.error.code).toBe('record.rejected');
  });
});

describe('match: sequenced events with an audience', () => {
  it('shows a private event only to its seat, and everything once the game is over', () => {
    const m = Match.create(toyGame(), {}, 2, 'm');
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    const match = m.value;
    const priv = match.events.filter((e) => e.key === 'toy.card');
    expect(priv.length).toBe(2);
    expect(match.eventsFor(0).filter((e) => e.key === 'toy.card').length).toBe(1);
    expect(match.eventsFor(-1).filter((e) => e.key === 'toy.card').length).toBe(0);
    expect(canSee(priv[0]!, 1)).toBe(priv[0]!.to![0] === 1);
    const seq = match.seq;
    const bad = match.submit(1 - match.state.turn, { type: 'stay' });
    expect(bad.ok).toBe(false);
    expect(match.seq).toBe(seq);
    while (!match.game.outcome(match.state)) match.submit(match.state.turn, { type: 'stay' });
    expect(match.eventsFor(-1).filter((e) => e.key === 'toy.card').length).toBe(2);
    expect(match.record.outcome).not.toBeUndefined();
  });
  it('refuses a seat count outside the game limits', () => {
    const m = Match.create(toyGame(), {}, 7, 'x');
    expect(!m.ok && m.error.code).toBe('match.seats');
  });
});

describe('property kit', () => {
  it('passes a sound game', () => {
    for (let i = 0; i < 20; i++)
      runPropertyGame(toyGame(), { seats: 3, seed: 'ok' + i, perturbHidden: perturbToy });
  });
  it('catches a view that leaks another seat\u2019s card', () => {
    expect(() => {
      for (let i = 0; i < 20; i++)
        runPropertyGame(toyGame(true), { seats: 3, seed: 'leak' + i, perturbHidden: perturbToy });
    }).toThrow(PropertyViolation);
  });
  it('holds a bot view to the view: an equal one passes, one that shows more is caught', () => {
    const sound = toyGame();
    for (let i = 0; i < 5; i++)
      runPropertyGame(
        { ...sound, botView: (s: unknown, seat: number) => sound.view(s as never, seat) },
        {
          seats: 3,
          seed: 'bv' + i,
          perturbHidden: perturbToy,
        },
      );
    const leaky = toyGame(true);
    expect(() =>
      runPropertyGame(
        { ...sound, botView: (s: unknown, seat: number) => leaky.view(s as never, seat) },
        {
          seats: 3,
          seed: 'bv-leak',
          perturbHidden: perturbToy,
        },
      ),
    ).toThrow(/bot view of seat/);
  });
});

describe('property kit: steps that may be taken back (reveals)', () => {
  it('passes a game that says which steps reveal (the showdown turns every card up)', () => {
    const game = {
      ...toyGame(),
      reveals: revealsHidden((s: ToyState, seat: number) => ({
        deck: s.deck,
        cards: s.cards.filter((_, i) => i !== seat),
        over: s.over,
      })),
    };
    let checks = 0;
    let revealing = 0;
    for (let i = 0; i < 20; i++) {
      const r = runPropertyGame(game, { seats: 3, seed: 'undo' + i, perturbHidden: perturbToy });
      checks += r.undoChecks;
      revealing += r.revealing;
    }
    expect(checks).toBeGreaterThan(10);
    expect(revealing).toBe(20);
  });
  it('catches a game that says its showdown revealed nothing', () => {
    const game = { ...toyGame(), reveals: () => false };
    expect(() => {
      for (let i = 0; i < 20; i++)
        runPropertyGame(game, { seats: 3, seed: 'undo' + i, perturbHidden: perturbToy });
    }).toThrow(/reveals\(\) says seat \d's .* revealed nothing/);
  });
});

describe('property kit: response windows', () => {
  const run = (leak: WindowLeak, seed: string) =>
    runPropertyGame(toyWindowGame(leak), { seats: 4, seed, perturbHidden: perturbToyWindow });

  it('passes a window opened for every seat at once that shows nobody who answered', () => {
    let checks = 0,
      changes = 0,
      answers = 0;
    for (let i = 0; i < 40; i++) {
      const r = run('fair', 'fair' + i);
      checks += r.windowChecks;
      changes += r.windowHolderChanges;
      answers += r.windowAnswers;
    }
    // The perturbation really moves lucky cards in and out of hands during windows.
    expect(checks).toBeGreaterThan(40);
    expect(changes).toBeGreaterThan(10);
    // Every seat answered its window in one action (4 seats, 40 games).
    expect(answers).toBe(160);
  });

  it('passes a new window opened in public right after the last answer to the previous one', () => {
    let again = 0;
    for (let i = 0; i < 40; i++) {
      const r = run('twice', 'twice' + i);
      expect(r.windowAnswers).toBe(8); // two windows, four seats
      // The last seat to answer the first window was asked again at once.
      const acts = r.record.actions;
      if (acts[3]!.seat === acts[4]!.seat) again++;
    }
    expect(again).toBeGreaterThan(0);
  });

  it('windowAnswered: a seat still asked after acting in a window is a violation unless the old window ended in public', () => {
    const w = (seat: number, kind = 'k') => ({ seat, kind, window: true });
    expect(windowAnswered([w(0), w(1)], [w(1)], 0, [])).toBeNull();
    expect(windowAnswered([w(0), w(1)], [w(0), w(1)], 0, [{ key: 'mine', to: [0] }])).toMatch(
      /seat 0 acted in a response window \(k\) and is still asked/,
    );
    expect(windowAnswered([w(0)], [w(0, 'other')], 0, [{ key: 'closed' }])).toBeNull();
    // A seat that was not answering a window (or also had another prompt) is not concerned.
    expect(windowAnswered([{ seat: 0, kind: 't' }], [w(0)], 0, [])).toBeNull();
    expect(windowAnswered([w(0), { seat: 0, kind: 't' }], [w(0)], 0, [])).toBeNull();
  });

  for (const [leak, what] of [
    ['poll', /lasts \d+ rounds in one world and \d+ in the other/],
    ['holders', /the prompt list tells seat/],
    ['answered', /its view differs/],
    [
      'steps',
      /acted in a response window \(toyw\.window\) and is still asked .*exactly one action: \{"type":"boost"\}/,
    ],
  ] as const)
    it(`catches a window that gives its holders away (${leak})`, () => {
      let caught: unknown = null;
      for (let i = 0; i < 40 && !caught; i++)
        try {
          run(leak, `${leak}${i}`);
        } catch (e) {
          caught = e;
        }
      expect(caught).toBeInstanceOf(PropertyViolation);
      expect((caught as Error).message).toMatch(what);
    });
});
