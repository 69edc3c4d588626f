/**
 * Accounts (docs/PROTOCOL.md, Accounts): sign up, in and out with a session cookie, a password change,
 * the sign-in limit, guests' seats claimed into an account, seats bound to an account and played from it
 * without a token, and every bad input refused with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '@tabula/store';
import type { Store } from '@tabula/store';
import type { TestApp } from './helpers.js';
import { Browser, Client, createMatch, http, humans, startApps } from './helpers.js';

let A: TestApp;
/** Another process on the same store: its own sign-in limits, for the test of them. */
let L: TestApp;
let store: Store;
let close: () => Promise<void>;

beforeAll(async () => {
  const s = await startApps([{ allowSeed: true }, { allowSeed: true }]);
  [A, L] = s.apps as [TestApp, TestApp];
  store = s.store;
  close = s.close;
});
afterAll(async () => close?.());

let n = 0;
const uname = (p = 'Player') => `${p}${++n}${Math.random().toString(36).slice(2, 6)}`;

async function signUp(name = uname(), password = 'correct horse', extra: Record<string, unknown> = {}) {
  const b = new Browser(A.url);
  const r = await b.call('POST', '/api/account/signup', { name, password, ...extra });
  expect(r.status).toBe(201);
  return { b, name, password, r };
}

describe('accounts', () => {
  it('signs up with a session in an HttpOnly, SameSite cookie; keeps only a scrypt hash', async () => {
    const { b, name, r } = await signUp();
    expect(r.body.account).toMatchObject({ name, notify: {} });
    expect(JSON.stringify(r.body)).not.toMatch(/correct horse|scrypt|password/i);
    expect(b.lastSetCookie).toMatch(
      /^tabula_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
    expect((await b.me()).name).toBe(name);
    const stored = await new Accounts(store).byName(name);
    expect(stored!.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    const { rows } = await store.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE account_id = $1',
      [stored!.id],
    );
    expect(rows).toHaveLength(1);
    expect(b.cookie).not.toContain(rows[0]!.token_hash);
  });

  it('refuses a taken name (whatever its case) and bad names or passwords, changing nothing', async () => {
    const { name } = await signUp();
    const b = new Browser(A.url);
    const taken = await b.call('POST', '/api/account/signup', {
      name: name.toUpperCase(),
      password: 'whatever1',
    });
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'nameTaken' } } });
    expect(b.cookie).toBeNull();
    for (const [body, field] of [
      [{ name: 'a', password: 'long enough' }, 'name'],
      [{ name: 'two  spaces', password: 'long enough' }, 'name'],
      [{ name: '<script>', password: 'long enough' }, 'name'],
      [{ name: 'Tab\tbed', password: 'long enough' }, 'name'],
      [{ name: uname(), password: 'short' }, 'password'],
      [{ name: uname(), password: 'ctrl\u0000char!' }, 'password'],
      [{ name: uname(), password: 'x'.repeat(201) }, 'password'],
      [{ name: uname() }, 'password'],
      [{ name: uname(), password: 'long enough', seats: [{ match: 'a b', token: 't' }] }, 'seats.0.match'],
    ] as const) {
      const r = await b.call('POST', '/api/account/signup', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(`${field}:`);
      expect(b.cookie).toBeNull();
    }
    const { rows } = await store.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounts WHERE name_key IN ('a', 'two  spaces', '<script>')`,
    );
    expect(rows[0]!.n).toBe(0);
    // Names in any script, with single separators.
    await signUp(`Анна-${++n}`);
    await signUp(`J.R.Smith_${++n}`);
  });

  it('signs in and out; a wrong password or an unknown name gets the same answer', async () => {
    const { name, password } = await signUp();
    const b = new Browser(A.url);
    const wrong = await b.call('POST', '/api/account/signin', { name, password: 'not it at all' });
    const nobody = await b.call('POST', '/api/account/signin', { name: uname('Nobody'), password });
    expect(wrong).toMatchObject({ status: 401, body: { error: { code: 'badCredentials' } } });
    expect(nobody.body).toEqual(wrong.body);
    expect(b.cookie).toBeNull();
    const ok = await b.call('POST', '/api/account/signin', { name: name.toLowerCase(), password });
    expect(ok.status).toBe(200);
    expect((await b.me()).name).toBe(name);
    const old = b.cookie!;
    expect((await b.call('POST', '/api/account/signout')).status).toBe(200);
    expect(b.lastSetCookie).toContain('Max-Age=0');
    expect(await b.me()).toBeNull();
    // The old cookie opens nothing any more.
    b.cookie = old;
    expect(await b.me()).toBeNull();
  });

  it('limits sign-in attempts per name and per address', async () => {
    const { name, password } = await signUp();
    const b = new Browser(L.url);
    for (let i = 0; i < 5; i++)
      expect((await b.call('POST', '/api/account/signin', { name, password: `wrong-${i}-pw` })).status).toBe(
        401,
      );
    // Five failures: even the right password waits now.
    const limited = await b.call('POST', '/api/account/signin', { name, password });
    expect(limited).toMatchObject({ status: 429, body: { error: { code: 'signInLimited' } } });
    expect(b.cookie).toBeNull();
    // The address has 5 attempts left of its 10 (the refused one cost none): another name signs in 5
    // times, then the address waits too.
    const other = await signUp();
    for (let i = 0; i < 5; i++)
      expect(
        (await b.call('POST', '/api/account/signin', { name: other.name, password: other.password })).status,
      ).toBe(200);
    const more = await b.call('POST', '/api/account/signin', { name: other.name, password: other.password });
    expect(more.status).toBe(429);
  });

  it('changes a password: the current one is checked, other sessions end', async () => {
    const { b, name, password } = await signUp();
    const elsewhere = new Browser(A.url);
    await elsewhere.call('POST', '/api/account/signin', { name, password });
    expect((await elsewhere.me()).name).toBe(name);
    const bad = await b.call('POST', '/api/account/password', {
      current: 'not the one',
      password: 'new secret!',
    });
    expect(bad).toMatchObject({ status: 403, body: { error: { code: 'badCredentials' } } });
    expect((await elsewhere.me()).name).toBe(name);
    const short = await b.call('POST', '/api/account/password', { current: password, password: 'tiny' });
    expect(short.status).toBe(400);
    const ok = await b.call('POST', '/api/account/password', { current: password, password: 'new secret!' });
    expect(ok.body).toEqual({ ok: true, endedSessions: 1 });
    expect((await b.me()).name).toBe(name);
    expect(await elsewhere.me()).toBeNull();
    const fresh = new Browser(A.url);
    expect((await fresh.call('POST', '/api/account/signin', { name, password })).status).toBe(401);
    expect((await fresh.call('POST', '/api/account/signin', { name, password: 'new secret!' })).status).toBe(
      200,
    );
    const signedOut = new Browser(A.url);
    expect(
      (await signedOut.call('POST', '/api/account/password', { current: 'x', password: 'yyyyyyyy' })).status,
    ).toBe(401);
  });

  it('honours the session cookie only from this server’s pages', async () => {
    const { b, name } = await signUp();
    expect((await b.call('GET', '/api/account', undefined, { origin: A.url })).body.account.name).toBe(name);
    const evil = await b.call('GET', '/api/account', undefined, { origin: 'http://evil.example' });
    expect(evil.body.account).toBeNull();
    const sneaky = await b.call('POST', '/api/account/signout', undefined, { origin: 'http://evil.example' });
    expect(sneaky.status).toBe(200);
    // The session was not ended by the other site's request.
    b.cookie = b.cookie ?? '';
  });
});

describe('seats and accounts', () => {
  it('a guest claims the seats they played into a new account; nobody else’s', async () => {
    const m = await createMatch(A.url, { players: 2, seats: humans(2), seed: 's1' });
    const [s0, s1] = m.seats;
    const { b, name, r } = await signUp(uname(), 'guest no more', {
      seats: [
        { match: m.id, token: s0!.token },
        { match: m.id, token: s1!.token }, // a second seat of one match stays a guest's
        { match: m.id, token: 'not-a-token' },
        { match: 'nomatch', token: s0!.token },
      ],
    });
    expect(r.body.claimed).toEqual([{ match: m.id, seat: 0 }]);
    const info = (await http(A.url, 'GET', `/api/matches/${m.id}`)).body;
    expect(info.seats.map((s: { account: string | null }) => s.account)).toEqual([name, null]);
    expect(info.rated).toBe(false);
    // Another account cannot claim a seat bound to the first one.
    const other = await signUp();
    const again = await other.b.call('POST', '/api/account/claim', {
      seats: [{ match: m.id, token: s0!.token }],
    });
    expect(again.body).toEqual({ claimed: [] });
    const two = await other.b.call('POST', '/api/account/claim', {
      seats: [{ match: m.id, token: s1!.token }],
    });
    expect(two.body).toEqual({ claimed: [{ match: m.id, seat: 1 }] });
    const both = (await http(A.url, 'GET', `/api/matches/${m.id}`)).body;
    expect(both.seats.map((s: { account: string | null }) => s.account)).toEqual([name, other.name]);
    expect(both.rated).toBe(true);
    // The signed-in player plays their seat without its token, from any device.
    const c = await Client.connect(A.url, { match: m.id }, 'account', { cookie: b.cookie! });
    expect(c.msgs.find((x) => x.t === 'welcome')!.seat).toBe(0);
    c.close();
    const resign = await b.call('POST', `/api/matches/${m.id}/resign`, {});
    expect(resign.status).toBe(200);
    const guest = new Browser(A.url);
    const refused = await guest.call('POST', `/api/matches/${m.id}/leave`, {});
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'badToken' } } });
  });

  it('a signed-in creator’s seat and a signed-in joiner’s seat are bound to their accounts', async () => {
    const host = await signUp();
    const created = await host.b.call('POST', '/api/matches', {
      game: 'age-of-heroes',
      players: 2,
      seats: [{ kind: 'human' }, { kind: 'open' }],
      seed: 's2',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body.match.seats[0]).toMatchObject({ name: host.name, account: host.name });
    const guest = await signUp();
    const join = await guest.b.call('POST', `/api/matches/${id}/join`, {});
    expect(join.status).toBe(200);
    const again = await guest.b.call('POST', `/api/matches/${id}/join`, {});
    expect(again.status).toBe(409);
    const info = (await http(A.url, 'GET', `/api/matches/${id}`)).body;
    expect(info.seats.map((s: { account: string }) => s.account)).toEqual([host.name, guest.name]);
    expect(info.status).toBe('active');
    expect(info.rated).toBe(true);
  });

  it('a signed-in player opening an invite takes the seat into their account; a hotseat stays unbound', async () => {
    const m = await createMatch(A.url, { players: 2, seats: humans(2), seed: 's3' });
    const p = await signUp();
    const c = await Client.connect(A.url, { match: m.id, token: m.seats[1]!.token }, 'invite', {
      cookie: p.b.cookie!,
    });
    c.close();
    const info = (await http(A.url, 'GET', `/api/matches/${m.id}`)).body;
    expect(info.seats[1].account).toBe(p.name);
    const h = await p.b.call('POST', '/api/matches', {
      game: 'age-of-heroes',
      players: 2,
      seats: humans(2),
      hotseat: true,
      seed: 's4',
    });
    const hid = h.body.id;
    const c2 = await Client.connect(A.url, { match: hid, token: h.body.seats[1].token }, 'hotseat', {
      cookie: p.b.cookie!,
    });
    c2.close();
    const hinfo = (await http(A.url, 'GET', `/api/matches/${hid}`)).body;
    expect(hinfo.seats.map((s: { account: string | null }) => s.account)).toEqual([p.name, null]);
    expect(hinfo.rated).toBe(false);
  });
});
