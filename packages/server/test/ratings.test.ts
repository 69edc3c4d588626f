/**
 * Ratings (OpenSkill per game) and players' pages: a rated match changes both players' ratings once;
 * matches with a bot, a guest or a hotseat, or marked unrated, change none; the leaderboard, a player's
 * page (per game: matches, wins, rating; finished and running matches) and the matches waiting for me.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesOf, rateSeats, INITIAL_RATING } from '../src/ratings.js';
import type { TestApp } from './helpers.js';
import { Browser, Client, http, sleep, startApps } from './helpers.js';

let A: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  const s = await startApps([{ allowSeed: true }]);
  [A] = s.apps as [TestApp];
  close = s.close;
});
afterAll(async () => close?.());

let n = 0;
async function player(prefix = 'Rated') {
  const b = new Browser(A.url);
  const name = `${prefix}${++n}${Math.random().toString(36).slice(2, 6)}`;
  const r = await b.call('POST', '/api/account/signup', { name, password: 'a fine password' });
  expect(r.status).toBe(201);
  return { b, name };
}

async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const r = await fn();
    if (r) return r;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A 2-player match between two accounts (the host's seat 0, the guest's seat 1 taken through its invite). */
async function matchBetween(
  host: Awaited<ReturnType<typeof player>>,
  guest: Awaited<ReturnType<typeof player>>,
  extra: Record<string, unknown> = {},
) {
  const c = await host.b.call('POST', '/api/matches', {
    game: 'age-of-heroes',
    players: 2,
    seats: [{ kind: 'human' }, { kind: 'human' }],
    seed: `r${++n}`,
    ...extra,
  });
  expect(c.status).toBe(201);
  const ws = await Client.connect(A.url, { match: c.body.id, token: c.body.seats[1].token }, 'guest', {
    cookie: guest.b.cookie!,
  });
  ws.close();
  return c.body.id as string;
}

describe('places from an outcome', () => {
  it('winners first, then the others by score, ties shared', () => {
    expect(placesOf({ winners: [1], reason: 'resign' }, 2)).toEqual([2, 1]);
    expect(placesOf({ winners: [2], reason: 'points', scores: [5, 9, 12, 5] }, 4)).toEqual([3, 2, 1, 3]);
    expect(placesOf({ winners: [0, 1], reason: 'shared' }, 3)).toEqual([1, 1, 2]);
    const [lost, won] = rateSeats([INITIAL_RATING, INITIAL_RATING], [2, 1]);
    expect(won!.mu).toBeGreaterThan(25);
    expect(lost!.mu).toBeLessThan(25);
    expect(won!.sigma).toBeLessThan(INITIAL_RATING.sigma);
  });
});

describe('rated matches', () => {
  it('a rated 2-player match changes both ratings once; pages and the leaderboard show them', async () => {
    const ann = await player();
    const bob = await player();
    const id = await matchBetween(ann, bob);
    const info = (await http(A.url, 'GET', `/api/matches/${id}`)).body;
    expect(info).toMatchObject({ rated: true, status: 'active' });
    expect(info.seats.map((s: { account: string }) => s.account)).toEqual([ann.name, bob.name]);

    // Whose turn: the match waits for one of them; it is in that player's list of matches waiting for them.
    const waiting = info.waitingFor as number[];
    const turnsAnn = (await ann.b.call('GET', '/api/account/turns')).body.matches;
    const turnsBob = (await bob.b.call('GET', '/api/account/turns')).body.matches;
    expect(turnsAnn.map((m: { match: { id: string } }) => m.match.id)).toEqual(
      waiting.includes(0) ? [id] : [],
    );
    expect(turnsBob.map((m: { match: { id: string } }) => m.match.id)).toEqual(
      waiting.includes(1) ? [id] : [],
    );
    expect((await new Browser(A.url).call('GET', '/api/account/turns')).status).toBe(401);

    // Ann's page while the match runs.
    const running = (await http(A.url, 'GET', `/api/players/${encodeURIComponent(ann.name)}`)).body;
    expect(running.games).toEqual([
      { game: 'age-of-heroes', games: 0, wins: 0, running: 1, rating: null, rated: 0 },
    ]);
    expect(running.matches.map((m: { match: { id: string }; seat: number }) => [m.match.id, m.seat])).toEqual(
      [[id, 0]],
    );

    // Ann resigns: Bob wins; both ratings move, once.
    expect((await ann.b.call('POST', `/api/matches/${id}/resign`, {})).status).toBe(200);
    const changes = await until(async () => {
      const r = (await http(A.url, 'GET', `/api/matches/${id}/ratings`)).body;
      return r.length ? r : null;
    }, 'the rating changes');
    expect(changes.map((c: { seat: number; name: string }) => [c.seat, c.name])).toEqual([
      [0, ann.name],
      [1, bob.name],
    ]);
    const [ca, cb] = changes;
    expect(ca.before.mu).toBe(25);
    expect(ca.after.mu).toBeLessThan(25);
    expect(cb.after.mu).toBeGreaterThan(25);
    expect(cb.after.ordinal).toBeGreaterThan(ca.after.ordinal);

    const pa = (await http(A.url, 'GET', `/api/players/${encodeURIComponent(ann.name.toLowerCase())}`)).body;
    expect(pa.name).toBe(ann.name);
    expect(pa.games).toEqual([
      { game: 'age-of-heroes', games: 1, wins: 0, running: 0, rating: ca.after, rated: 1 },
    ]);
    const pb = (await http(A.url, 'GET', `/api/players/${encodeURIComponent(bob.name)}`)).body;
    expect(pb.games[0]).toMatchObject({ games: 1, wins: 1, rated: 1, rating: cb.after });
    expect(pb.matches[0].match).toMatchObject({ id, status: 'finished' });

    const board = (await http(A.url, 'GET', '/api/ratings/age-of-heroes')).body;
    const names = board.map((r: { name: string }) => r.name);
    expect(names.indexOf(bob.name)).toBeLessThan(names.indexOf(ann.name));
    expect(board[0].rank).toBe(1);
  });

  it('matches with a bot or a guest, hotseats and matches marked unrated change no rating', async () => {
    const ann = await player('Unrated');
    const bob = await player('Unrated');
    const ids: string[] = [];
    ids.push(await matchBetween(ann, bob, { rated: false }));
    const withBot = await ann.b.call('POST', '/api/matches', {
      game: 'age-of-heroes',
      players: 2,
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      seed: 'u1',
    });
    ids.push(withBot.body.id);
    const withGuest = await ann.b.call('POST', '/api/matches', {
      game: 'age-of-heroes',
      players: 2,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      seed: 'u2',
    });
    ids.push(withGuest.body.id);
    const hotseat = await ann.b.call('POST', '/api/matches', {
      game: 'age-of-heroes',
      players: 2,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      hotseat: true,
      seed: 'u3',
    });
    ids.push(hotseat.body.id);
    for (const id of ids) {
      expect((await http(A.url, 'GET', `/api/matches/${id}`)).body.rated).toBe(false);
      expect((await ann.b.call('POST', `/api/matches/${id}/resign`, {})).status).toBe(200);
    }
    for (const id of ids)
      await until(
        async () => (await http(A.url, 'GET', `/api/matches/${id}`)).body.status === 'finished',
        'the end',
      );
    await sleep(200);
    for (const id of ids) expect((await http(A.url, 'GET', `/api/matches/${id}/ratings`)).body).toEqual([]);
    const page = (await http(A.url, 'GET', `/api/players/${encodeURIComponent(ann.name)}`)).body;
    expect(page.games).toEqual([
      { game: 'age-of-heroes', games: 4, wins: 0, running: 0, rating: null, rated: 0 },
    ]);
  });

  it('refuses bad names and games with a clear error', async () => {
    expect((await http(A.url, 'GET', '/api/players/nobody-at-all')).body.error.code).toBe('noPlayer');
    expect((await http(A.url, 'GET', '/api/players/%01bad')).status).toBe(400);
    expect((await http(A.url, 'GET', '/api/ratings/no-such-game')).status).toBe(404);
    expect((await http(A.url, 'GET', '/api/ratings/BAD!')).status).toBe(400);
    expect((await http(A.url, 'GET', '/api/ratings/age-of-heroes?limit=0')).status).toBe(400);
  });
});
