/**
 * Bad input at the boundary: every malformed, misplaced, oversized or abusive message gets a clear
 * error, and the match it aimed at is left exactly as it was (same version, same views).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Created, TestApp } from './helpers.js';
import { Client, createMatch, http, humans, startApps } from './helpers.js';

let A: TestApp;
/** Same store, a low message rate per connection. */
let Slow: TestApp;
let close: () => Promise<void>;
let m: Created;
/** The seat clients of the match under attack (kept connected: their state must not move). */
let seats: Client[];

beforeAll(async () => {
  const s = await startApps([{ allowSeed: true }, { allowSeed: true, rate: { perSecond: 5, burst: 10 } }]);
  [A, Slow] = s.apps as [TestApp, TestApp];
  close = s.close;
  m = await createMatch(A.url, { players: 3, seats: humans(3), seed: 'bad-input' });
  seats = await Promise.all(
    m.seats.map((s, i) => Client.connect(A.url, { match: m.id, token: s.token }, `seat${i}`)),
  );
});

afterAll(async () => {
  for (const c of seats ?? []) c.close();
  await close?.();
});

/** Version (HTTP) and every seat's and a spectator's fresh welcome view. */
async function snapshot(): Promise<unknown> {
  const v = (await http(A.url, 'GET', `/api/matches/${m.id}`)).body.v;
  const views = [];
  for (const s of [...m.seats.map((x) => x.token), undefined]) {
    const c = await Client.connect(A.url, { match: m.id, token: s }, 'probe');
    views.push({ v: c.last!.v, view: c.last!.view, legal: c.last!.legal });
    c.close();
  }
  return { v, views };
}

let before: unknown;
beforeEach(async () => {
  before = await snapshot();
});

const unchanged = async () => {
  expect(await snapshot()).toEqual(before);
  for (const c of seats) expect(c.msgs.filter((x) => x.t === 'update')).toEqual([]);
};

const err = (code: string) => expect.objectContaining({ t: 'error', code, message: expect.any(String) });

describe('WebSocket', () => {
  it('answers malformed JSON, unknown types and invalid fields with errors, and keeps the connection', async () => {
    const c = await Client.connect(A.url, null, 'raw');
    expect(await c.request('{"t":"hello",')).toEqual(err('badJson'));
    expect(await c.request('not json at all')).toEqual(err('badJson'));
    expect(await c.request({ t: 'teleport', to: 'mars' })).toEqual(err('unknownType'));
    expect(await c.request({ nothing: true })).toEqual(err('badMessage'));
    expect(await c.request([1, 2, 3])).toEqual(err('badMessage'));
    expect(await c.request('null')).toEqual(err('badMessage'));
    expect(await c.request({ t: 'act', v: -1, action: {} })).toEqual(err('badMessage'));
    expect(await c.request({ t: 'hello', match: m.id, since: 'yesterday' })).toEqual(err('badMessage'));
    // Still open and usable.
    expect(await c.request({ t: 'ping' })).toEqual(expect.objectContaining({ t: 'pong' }));
    expect(c.closed).toBeNull();
    c.close();
    await unchanged();
  });

  it('refuses anything but ping before hello', async () => {
    const c = await Client.connect(A.url, null, 'early');
    expect(await c.request({ t: 'act', v: 0, action: { type: 'pass' } })).toEqual(err('helloFirst'));
    expect(await c.request({ t: 'chat', text: 'hi' })).toEqual(err('helloFirst'));
    expect(await c.request({ t: 'resign' })).toEqual(err('helloFirst'));
    const w = c.wait((x) => x.t === 'welcome');
    c.send({ t: 'hello', match: m.id, token: m.seats[0]!.token });
    expect((await w).seat).toBe(0);
    expect(await c.request({ t: 'hello', match: m.id })).toEqual(err('helloTwice'));
    c.close();
    await unchanged();
  });

  it('closes the connection on a hello for an unknown match', async () => {
    const c = await Client.connect(A.url, null, 'nomatch');
    expect(await c.request({ t: 'hello', match: 'no-such-match' })).toEqual(err('noMatch'));
    expect((await c.waitClose()).code).toBe(4004);
    await unchanged();
  });

  it('refuses oversized messages (> 64 KB) and binary frames', async () => {
    const c = await Client.connect(A.url, { match: m.id, token: m.seats[0]!.token }, 'big');
    const big = JSON.stringify({ t: 'chat', text: 'x'.repeat(70 * 1024) });
    expect(big.length).toBeGreaterThan(64 * 1024);
    expect(await c.request(big)).toEqual(err('tooLarge'));
    const act = JSON.stringify({ t: 'act', v: 0, action: { type: 'pass', pad: 'y'.repeat(80 * 1024) } });
    expect(await c.request(act)).toEqual(err('tooLarge'));
    const w = c.wait((x) => x.t === 'error');
    c.ws.send(Buffer.from(JSON.stringify({ t: 'ping' })), { binary: true });
    expect(await w).toEqual(err('binary'));
    expect(await c.request({ t: 'ping' })).toEqual(expect.objectContaining({ t: 'pong' }));
    c.close();
    await unchanged();
  });

  it("answers an illegal action with the rules' typed error and its rule ID", async () => {
    const c = await Client.connect(A.url, { match: m.id, token: m.seats[0]!.token }, 'illegal');
    const w = c.last!;
    const actor = w.view.prompts.length ? 0 : seats.findIndex((s) => s.last!.legal!.length > 0);
    const idle = [0, 1, 2].find((s) => s !== actor)!;
    const idleClient = idle === 0 ? c : seats[idle]!;
    // Not your decision (AOH-DP-24).
    const r1 = await idleClient.request({
      t: 'act',
      v: w.v,
      action: seats[actor]!.last!.legal![0],
      id: 'x1',
    });
    expect(r1).toMatchObject({ t: 'error', rule: 'AOH-DP-24', v: w.v, id: 'x1' });
    expect(r1.code).toMatch(/notYourDecision/);
    // The seat to decide, with an action of the wrong phase and a malformed one.
    const actorClient = actor === 0 ? c : seats[actor]!;
    const r2 = await actorClient.request({
      t: 'act',
      v: w.v,
      action: { type: 'war', target: idle, objective: 'conquest' },
    });
    expect(r2).toMatchObject({ t: 'error', v: w.v });
    expect(r2.code).toMatch(/wrongAction/);
    const r3 = await actorClient.request({ t: 'act', v: w.v, action: 'pass' });
    expect(r3.code).toMatch(/malformed/);
    const r4 = await actorClient.request({ t: 'act', v: w.v, action: { type: 'tribe', tribe: 'atlantis' } });
    expect(r4).toMatchObject({ t: 'error' });
    expect(r4.rule).toMatch(/^AOH-/);
    // A spectator cannot act at all.
    const spec = await Client.connect(A.url, { match: m.id }, 'spec');
    expect(await spec.request({ t: 'act', v: w.v, action: { type: 'pass' } })).toEqual(err('spectator'));
    expect(await spec.request({ t: 'resign' })).toEqual(err('spectator'));
    spec.close();
    c.close();
    await unchanged();
  });

  it('rejects a wrong token, and the connection goes on as a spectator (as PROTOCOL.md says)', async () => {
    for (const token of [
      'guessed-token-123',
      (await createMatch(A.url, { players: 2, seats: humans(2) })).seats[0]!.token,
    ]) {
      // A made-up token, and a token of another match: wrong here alike.
      const c = await Client.connect(A.url, null, 'wrong');
      const welcome = c.wait((x) => x.t === 'welcome');
      expect(await c.request({ t: 'hello', match: m.id, token })).toEqual(err('badToken'));
      const w = await welcome;
      expect(w.seat).toBe(-1);
      expect(w.legal).toEqual([]);
      expect(w.raw).not.toContain('"hand"');
      expect(c.closed).toBeNull();
      // Attached: a second hello is refused, and acting is a spectator's refusal.
      expect(await c.request({ t: 'hello', match: m.id })).toEqual(err('helloTwice'));
      expect(await c.request({ t: 'act', v: w.v, action: { type: 'pass' } })).toEqual(err('spectator'));
      c.close();
    }
    await unchanged();
  });

  it('rate-limits a flood, then closes a connection that keeps flooding', async () => {
    const c = await Client.connect(Slow.url, { match: m.id, token: m.seats[0]!.token }, 'flood');
    const start = c.msgs.length;
    for (let i = 0; i < 400; i++)
      c.send({ t: 'act', v: 0, action: { type: 'tribe', tribe: 'x' }, id: String(i) });
    const closed = await c.waitClose();
    expect(closed.code).toBe(4008);
    const replies = c.msgs.slice(start);
    const limited = replies.filter((x) => x.code === 'rateLimited');
    expect(limited.length).toBeGreaterThan(100);
    expect(limited[0]).toEqual(err('rateLimited'));
    // Only the burst got through to the match (and none of it was legal).
    const handled = replies.filter((x) => x.t === 'error' && x.code !== 'rateLimited');
    expect(handled.length).toBeLessThanOrEqual(12);
    await unchanged();
  });
});

describe('HTTP', () => {
  it('answers malformed JSON with 400, an unknown route with 404 and an oversized body with 413, all as JSON errors', async () => {
    const bad = await http(A.url, 'POST', '/api/matches', undefined, '{"game": "age-of-heroes", "players": ');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(
      expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    );
    const nf = await http(A.url, 'GET', '/api/nothing-here');
    expect(nf.status).toBe(404);
    expect(nf.body.error.code).toBe('notFound');
    const nf2 = await http(A.url, 'DELETE', `/api/matches/${m.id}`);
    expect(nf2.status).toBe(404);
    expect(nf2.body.error.code).toBe('notFound');
    const huge = await http(
      A.url,
      'POST',
      '/api/matches',
      undefined,
      JSON.stringify({ game: 'age-of-heroes', players: 2, name: 'x'.repeat(100 * 1024) }),
    );
    expect(huge.status).toBe(413);
    expect(huge.body.error).toEqual(expect.objectContaining({ message: expect.any(String) }));
    const badJoin = await http(A.url, 'POST', `/api/matches/${m.id}/join`, undefined, '[[[');
    expect(badJoin.status).toBe(400);
    const badToken = await http(A.url, 'POST', `/api/matches/${m.id}/resign`, { token: 'nope' });
    expect(badToken.status).toBe(403);
    expect(badToken.body.error.code).toBe('badToken');
    const early = await http(A.url, 'GET', `/api/matches/${m.id}/record`);
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('notFinished');
    expect((await http(A.url, 'GET', `/api/matches/${m.id}/state?step=1`)).status).toBe(403);
    await unchanged();
  });
});
