/**
 * The HTTP API and the table features around play: match creation and its validation, tokens,
 * listings, open seats and the lobby, spectators, chat, leaving, clocks and response windows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '@tabula/engine';
import type { Msg, TestApp } from './helpers.js';
import { Client, autoPlay, createMatch, http, humans, quickPick, sleep, startApps } from './helpers.js';

let A: TestApp;
/** Same store, but clients may not choose the seed (the production setting). */
let NoSeed: TestApp;
/** Same store, response windows held open 300 ms. */
let W: TestApp;
let close: () => Promise<void>;
const stats: string[] = [];

beforeAll(async () => {
  const s = await startApps([
    { allowSeed: true },
    { allowSeed: false },
    { allowSeed: true, hub: { windowMs: 300, botDelayMs: 0 } },
  ]);
  [A, NoSeed, W] = s.apps as [TestApp, TestApp, TestApp];
  close = s.close;
});

afterAll(async () => {
  await close?.();
  if (stats.length) console.log(stats.join('\n'));
});

const post = (base: string, path: string, body: unknown) => http(base, 'POST', path, body);
const info = async (id: string) => (await http(A.url, 'GET', `/api/matches/${id}`)).body;

async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  ms = 20_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const r = await fn();
    if (r) return r;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('creating matches', () => {
  it('lists the games', async () => {
    const r = await http(A.url, 'GET', '/api/games');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 'age-of-heroes',
          minSeats: 2,
          maxSeats: 6,
          // The levels named for players, weakest first: the lobby seats the last by default.
          bots: ['random', 'beginner', 'standard', 'strong'],
        }),
      ]),
    );
  });

  it('validates the request with clear errors', async () => {
    const cases: [unknown, number, string][] = [
      [{ game: 'chess', players: 2 }, 404, 'unknownGame'],
      [{ game: 'age-of-heroes', players: 1 }, 400, 'players'],
      [{ game: 'age-of-heroes', players: 7 }, 400, 'players'],
      [{ game: 'age-of-heroes', players: 2.5 }, 400, 'badRequest'],
      [{ game: 'age-of-heroes', players: 2, options: { colour: 'red' } }, 400, 'aoh.err.options.unknown'],
      [{ game: 'age-of-heroes', players: 2, options: { tribes: 'secret' } }, 400, 'aoh.err.options.tribes'],
      [
        { game: 'age-of-heroes', players: 2, seats: [{ kind: 'human' }, { kind: 'bot', bot: 'deep-blue' }] },
        400,
        'unknownBot',
      ],
      [{ game: 'age-of-heroes', players: 2, takeoverBot: 'deep-blue' }, 400, 'unknownBot'],
      [{ game: 'age-of-heroes', players: 3, seats: [{ kind: 'human' }] }, 400, 'seats'],
      [
        { game: 'age-of-heroes', players: 2, seats: [{ kind: 'human' }, { kind: 'alien' }] },
        400,
        'badRequest',
      ],
      [{ game: 'age-of-heroes', players: 2, clock: { mode: 'realtime', seconds: 0 } }, 400, 'badRequest'],
      [{ players: 2 }, 400, 'badRequest'],
    ];
    for (const [body, status, code] of cases) {
      const r = await post(A.url, '/api/matches', body);
      expect({ body, status: r.status, code: r.body.error?.code }).toEqual({ body, status, code });
      expect(typeof r.body.error.message).toBe('string');
    }
    expect((await http(A.url, 'GET', '/api/matches?status=open')).body.length).toBe(0);
  });

  it('refuses a client-chosen seed unless the server allows it', async () => {
    const r = await post(NoSeed.url, '/api/matches', { game: 'age-of-heroes', players: 2, seed: 'mine' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('seedNotAllowed');
    const ok = await post(NoSeed.url, '/api/matches', { game: 'age-of-heroes', players: 2 });
    expect(ok.status).toBe(201);
  });

  it('gives each human seat an unguessable token (≥ 128 bits, all distinct) and never shows it again', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const m = await createMatch(A.url, { players: 4, seats: [...humans(3), { kind: 'bot' }] });
      expect(m.seats.map((s) => s.kind)).toEqual(['human', 'human', 'human', 'bot']);
      expect(m.seats[3]!.token).toBeUndefined();
      const tokens = [m.hostToken, ...m.seats.slice(0, 3).map((s) => s.token!)];
      for (const t of tokens) {
        expect(t).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(Buffer.from(t, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
        expect(seen.has(t)).toBe(false);
        seen.add(t);
      }
      const pub = JSON.stringify([
        (await http(A.url, 'GET', `/api/matches/${m.id}`)).body,
        (await http(A.url, 'GET', '/api/matches')).body,
      ]);
      for (const t of tokens) expect(pub).not.toContain(t);
    }
    expect(seen.size).toBe(20);
  });

  it("tells an invite's holder which seat the token is and the name the host gave it; refuses other tokens", async () => {
    const m = await createMatch(A.url, {
      players: 3,
      seats: [{ kind: 'human', name: 'Tess' }, { kind: 'human' }, { kind: 'bot' }],
    });
    const a = await post(A.url, `/api/matches/${m.id}/seat`, { token: m.seats[0]!.token });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ seat: 0, name: 'Tess' });
    // An unnamed seat: the guest will be asked a name.
    expect((await post(A.url, `/api/matches/${m.id}/seat`, { token: m.seats[1]!.token })).body).toEqual({
      seat: 1,
      name: '',
    });
    // The host's token is no seat's; a wrong, missing or malformed token is refused and changes nothing.
    const bad = await post(A.url, `/api/matches/${m.id}/seat`, { token: m.hostToken });
    expect(bad.status).toBe(403);
    expect(bad.body.error.code).toBe('badToken');
    expect((await post(A.url, `/api/matches/${m.id}/seat`, {})).status).toBe(400);
    expect((await post(A.url, `/api/matches/${m.id}/seat`, { token: 'x'.repeat(500) })).status).toBe(400);
    expect((await post(A.url, `/api/matches/nope/seat`, { token: m.seats[0]!.token })).status).toBe(404);
    // Another match's token is not this match's seat.
    const other = await createMatch(A.url, { players: 2, seats: humans(2) });
    expect((await post(A.url, `/api/matches/${m.id}/seat`, { token: other.seats[0]!.token })).status).toBe(
      403,
    );
    expect(JSON.stringify((await info(m.id)).seats.map((s: { name: string }) => s.name))).toBe(
      '["Tess",null,null]',
    );
  });
});

describe('listing, open seats and the lobby', () => {
  it('filters matches by status and ids', async () => {
    const open = await createMatch(A.url, { players: 2, seats: [{ kind: 'human' }, { kind: 'open' }] });
    const active = await createMatch(A.url, { players: 2, seats: humans(2) });
    const done = await createMatch(A.url, {
      players: 2,
      seats: [
        { kind: 'bot', bot: 'random' },
        { kind: 'bot', bot: 'random' },
      ],
      options: { tradeInputLimit: 2 },
    });
    expect(open.match.status).toBe('open');
    expect(active.match.status).toBe('active');
    await waitFor(async () => (await info(done.id)).status === 'finished', 30_000, 'the bot game to finish');
    const ids = (r: { body: { id: string }[] }) => r.body.map((x) => x.id);
    const byStatus = async (s: string) => ids(await http(A.url, 'GET', `/api/matches?status=${s}&limit=200`));
    expect(await byStatus('open')).toContain(open.id);
    expect(await byStatus('open')).not.toContain(active.id);
    expect(await byStatus('active')).toContain(active.id);
    expect(await byStatus('active')).not.toContain(open.id);
    expect(await byStatus('active')).not.toContain(done.id);
    expect(await byStatus('finished')).toEqual(expect.arrayContaining([done.id]));
    expect(await byStatus('finished')).not.toContain(active.id);
    const sel = await http(A.url, 'GET', `/api/matches?ids=${open.id},${done.id}`);
    expect(ids(sel).sort()).toEqual([open.id, done.id].sort());
    expect(sel.body.find((x: { id: string }) => x.id === done.id).outcome).toEqual(
      expect.objectContaining({ winners: expect.any(Array) }),
    );
    expect((await http(A.url, 'GET', '/api/matches?status=bogus')).status).toBe(400);
    expect((await http(A.url, 'GET', '/api/matches/nope')).status).toBe(404);
  });

  it('fills open seats by joining and starts by itself when the last one is taken', async () => {
    const m = await createMatch(A.url, {
      players: 3,
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    expect(m.match.status).toBe('open');
    expect(m.match.seats.map((s: { kind: string; taken: boolean }) => [s.kind, s.taken])).toEqual([
      ['human', true],
      ['open', false],
      ['open', false],
    ]);
    // The host waits in the lobby: a welcome without a view, then the real one at the start.
    const host = await Client.connect(A.url, { match: m.id, token: m.seats[0]!.token }, 'host');
    expect(host.last).toMatchObject({ t: 'welcome', v: 0, view: null });
    const gameStarts = host.wait((x) => x.t === 'welcome' && x.view !== null);
    // Starting needs the game to be playable: acting in the lobby is refused.
    expect(await host.request({ t: 'act', v: 0, action: { type: 'pass' } })).toMatchObject({
      t: 'error',
      code: 'match.notActive',
    });
    const j1 = await post(A.url, `/api/matches/${m.id}/join`, { seat: 2, name: 'Zoe' });
    expect(j1.status).toBe(200);
    expect(j1.body.seat).toBe(2);
    expect(j1.body.match.status).toBe('open');
    expect((await post(A.url, `/api/matches/${m.id}/join`, { seat: 2 })).status).toBe(409);
    const j2 = await post(A.url, `/api/matches/${m.id}/join`, { name: 'Max' });
    expect(j2.body.seat).toBe(1);
    expect(j2.body.match.status).toBe('active');
    expect(j2.body.match.seats.map((s: { kind: string; name: string | null }) => [s.kind, s.name])).toEqual([
      ['human', 'Host'],
      ['human', 'Max'],
      ['human', 'Zoe'],
    ]);
    const w = await gameStarts;
    expect(w.seat).toBe(0);
    expect(w.view.players[0].hand).toBeDefined();
    const third = await post(A.url, `/api/matches/${m.id}/join`, {});
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe('noOpenSeat');
    // The joiners' tokens are seats of this match.
    const zoe = await Client.connect(A.url, { match: m.id, token: j1.body.token }, 'zoe');
    expect(zoe.last!.seat).toBe(2);
    host.close();
    zoe.close();
  });

  it('lets only the host start a match early; seats nobody took go to bots', async () => {
    const m = await createMatch(A.url, {
      players: 3,
      seats: [{ kind: 'human' }, { kind: 'open' }, { kind: 'open' }],
    });
    const j = await post(A.url, `/api/matches/${m.id}/join`, {});
    const notHost = await post(A.url, `/api/matches/${m.id}/start`, { token: m.seats[0]!.token });
    expect(notHost.status).toBe(403);
    expect(notHost.body.error.code).toBe('notHost');
    expect((await post(A.url, `/api/matches/${m.id}/start`, { token: j.body.token })).status).toBe(403);
    expect((await post(A.url, `/api/matches/${m.id}/start`, {})).status).toBe(400);
    expect((await info(m.id)).status).toBe('open');
    const ok = await post(A.url, `/api/matches/${m.id}/start`, { token: m.hostToken });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('active');
    expect(ok.body.seats.map((s: { kind: string }) => s.kind)).toEqual(['human', 'human', 'bot']);
    const again = await post(A.url, `/api/matches/${m.id}/start`, { token: m.hostToken });
    expect(again.status).toBe(409);
  });
});

describe('spectators and chat', () => {
  it('shows spectators the public view only, and routes public and private chat', async () => {
    const m = await createMatch(A.url, { players: 3, seats: humans(3), seed: 'chat-1' });
    const cs = await Promise.all(
      m.seats.map((s, i) => Client.connect(A.url, { match: m.id, token: s.token }, `seat${i}`)),
    );
    const spec = await Client.connect(A.url, { match: m.id }, 'spectator');
    const sv = spec.last!;
    expect(sv.seat).toBe(-1);
    expect(sv.view.viewer).toBe(-1);
    expect(sv.legal).toEqual([]);
    expect(sv.prompts).toEqual([]);
    for (const p of sv.view.players) {
      expect(p.hand).toBeUndefined();
      expect(p.handCount).toBe(cs[p.seat]!.last!.view.players[p.seat].hand.length);
    }
    expect(spec.msgs.some((x) => x.raw.includes('"hand"'))).toBe(false);
    // Each seat sees its own hand and no other.
    for (const [i, c] of cs.entries()) {
      const players = c.last!.view.players as { seat: number; hand?: string[] }[];
      expect(players.filter((p) => p.hand).map((p) => p.seat)).toEqual([i]);
    }
    const everyone = [...cs, spec];
    const marks = everyone.map((c) => c.msgs.length);
    const chatsOf = (c: Client, from: number) =>
      c.msgs
        .slice(from)
        .filter((x) => x.t === 'chat')
        .map((x) => x.line.text);

    cs[0]!.send({ t: 'chat', text: 'hello table' });
    await Promise.all(everyone.map((c) => c.wait((x) => x.t === 'chat' && x.line.text === 'hello table')));
    cs[0]!.send({ t: 'chat', text: 'psst, seat 1', to: 1 });
    await cs[1]!.wait((x) => x.t === 'chat' && x.line.text === 'psst, seat 1');
    await cs[0]!.wait((x) => x.t === 'chat' && x.line.text === 'psst, seat 1', 5000, marks[0]);
    // A later public line proves the private one had its chance to arrive everywhere.
    cs[2]!.send({ t: 'chat', text: 'bye' });
    await Promise.all(everyone.map((c) => c.wait((x) => x.t === 'chat' && x.line.text === 'bye', 5000, 0)));
    expect(chatsOf(cs[0]!, marks[0]!)).toEqual(['hello table', 'psst, seat 1', 'bye']);
    expect(chatsOf(cs[1]!, marks[1]!)).toEqual(['hello table', 'psst, seat 1', 'bye']);
    expect(chatsOf(cs[2]!, marks[2]!)).toEqual(['hello table', 'bye']);
    expect(chatsOf(spec, marks[3]!)).toEqual(['hello table', 'bye']);
    const priv = cs[1]!.msgs.find((x) => x.t === 'chat' && x.line.to === 1)!.line;
    expect(priv).toMatchObject({ seat: 0, to: 1 });

    // Spectators read but cannot write; private lines go to another seat of this match.
    expect(await spec.request({ t: 'chat', text: 'hi from the rail' })).toMatchObject({
      t: 'error',
      code: 'spectator',
    });
    expect(await cs[0]!.request({ t: 'chat', text: 'me', to: 0 })).toMatchObject({
      t: 'error',
      code: 'badRecipient',
    });
    expect(await cs[0]!.request({ t: 'chat', text: 'nobody', to: 5 })).toMatchObject({
      t: 'error',
      code: 'badRecipient',
    });

    // The history in a welcome follows the same audience.
    const late2 = await Client.connect(A.url, { match: m.id, token: m.seats[2]!.token }, 'seat2-late');
    const lateSpec = await Client.connect(A.url, { match: m.id }, 'spec-late');
    const late1 = await Client.connect(A.url, { match: m.id, token: m.seats[1]!.token }, 'seat1-late');
    expect(late2.last!.chat!.map((l) => l.text)).toEqual(['hello table', 'bye']);
    expect(lateSpec.last!.chat!.map((l) => l.text)).toEqual(['hello table', 'bye']);
    expect(late1.last!.chat!.map((l) => l.text)).toEqual(['hello table', 'psst, seat 1', 'bye']);
    for (const c of [...everyone, late1, late2, lateSpec]) c.close();
  });
});

describe('leaving, clocks and windows', () => {
  it('a bot takes over the seat of a player who leaves, and the game goes on to its end', async () => {
    const m = await createMatch(A.url, {
      players: 2,
      seats: humans(2),
      seed: 'leave-1',
      botTakeover: true,
      takeoverBot: 'beginner',
      options: { tradeInputLimit: 2 },
    });
    const c0 = await Client.connect(A.url, { match: m.id, token: m.seats[0]!.token }, 'seat0');
    const c1 = await Client.connect(A.url, { match: m.id, token: m.seats[1]!.token }, 'seat1');
    c0.send({ t: 'leave' });
    expect((await c0.waitClose()).code).toBe(1000);
    await waitFor(async () => (await info(m.id)).seats[0].kind === 'bot', 5000, 'the takeover');
    // The level the match chose for takeovers takes the seat.
    expect((await info(m.id)).seats[0].bot).toBe('beginner');
    const end = await autoPlay(c1, new Rng('leave'), { pick: quickPick });
    expect(end.view.over).toBeTruthy();
    const i = await info(m.id);
    expect(i.status).toBe('finished');
    expect(i.seats.map((s: { kind: string }) => s.kind)).toEqual(['bot', 'human']);
    // The left seat's moves after the takeover were made by the server (a bot), not by a client.
    const rec = (await http(A.url, 'GET', `/api/matches/${m.id}/record`)).body;
    expect(rec.actions.filter((a: { seat: number }) => a.seat === 0).length).toBeGreaterThan(0);
    c1.close();
  });

  it('without a chosen level, the strongest takes over the seat of a player who leaves', async () => {
    const m = await createMatch(A.url, { players: 2, seats: humans(2), seed: 'leave-2' });
    const r = await post(A.url, `/api/matches/${m.id}/leave`, { token: m.seats[0]!.token });
    expect(r.body).toEqual({ ok: true, bot: true });
    await waitFor(async () => (await info(m.id)).seats[0].kind === 'bot', 5000, 'the takeover');
    expect((await info(m.id)).seats[0].bot).toBe('strong');
    await post(A.url, `/api/matches/${m.id}/resign`, { token: m.seats[1]!.token });
  });

  it('without botTakeover, a seat left over HTTP stays human (the game waits)', async () => {
    const m = await createMatch(A.url, { players: 2, seats: humans(2), botTakeover: false });
    const r = await post(A.url, `/api/matches/${m.id}/leave`, { token: m.seats[0]!.token });
    expect(r.body).toEqual({ ok: true, bot: false });
    expect((await info(m.id)).seats[0].kind).toBe('human');
    expect((await post(A.url, `/api/matches/${m.id}/leave`, { token: 'not-a-token' })).status).toBe(403);
  });

  /**
   * A 3-seat match whose clock starts only once its two human clients are connected: created with
   * an open third seat, which the host's start gives to a bot.
   */
  async function clockedTable(seed: string, onTimeout: 'default' | 'bot') {
    const m = await createMatch(A.url, {
      players: 3,
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'open' }],
      seed,
      clock: { mode: 'realtime', seconds: 0.3 },
      onTimeout,
      // Rule-of-thumb bots for the open seat and the takeovers: the search levels think for a while.
      takeoverBot: 'beginner',
      options: { tradeInputLimit: 2 },
    });
    const cs = await Promise.all(
      [0, 1].map((i) => Client.connect(A.url, { match: m.id, token: m.seats[i]!.token }, `seat${i}`)),
    );
    expect((await post(A.url, `/api/matches/${m.id}/start`, { token: m.hostToken })).status).toBe(200);
    // The first decision of a human seat, with its deadline.
    const first = await new Promise<{ seat: number; msg: Msg }>((resolve) => {
      const check = () => {
        for (const [seat, c] of cs.entries()) {
          const msg = c.msgs.find(
            (x) => (x.t === 'welcome' || x.t === 'update') && x.view && x.legal!.length > 0,
          );
          if (msg) return resolve({ seat, msg });
        }
        setTimeout(check, 5);
      };
      check();
    });
    return { m, cs, ...first };
  }

  it('a real-time clock of 0.3 s applies the game default for an idle human', async () => {
    const { m, cs, seat, msg: w } = await clockedTable('clock-default', 'default');
    expect(w.prompts![0]!.kind).toBe('aoh.tribe');
    expect(w.deadline).not.toBeNull();
    expect(w.deadline! - w.at).toBeLessThanOrEqual(300);
    const firstTribe = w.view.tribesLeft[0];
    const u = await cs[seat]!.wait((x) => x.t === 'update' && x.v! > w.v!, 5000, 0);
    // Not before the deadline (same machine clock), and the game's default: the first tribe left.
    expect(u.at).toBeGreaterThanOrEqual(w.deadline! - 5);
    expect(u.view.players[seat].tribe).toBe(firstTribe);
    expect(u.events!.map((e) => e.key)).toContain('aoh.ev.tribe');
    // Nobody sent anything, yet the clock keeps the table moving, and the seats stay human.
    await waitFor(async () => (await info(m.id)).v >= u.v! + 1, 5000, 'the next timeout');
    expect((await info(m.id)).seats.map((s: { kind: string }) => s.kind)).toEqual(['human', 'human', 'bot']);
    stats.push(`clock default: default applied ${u.at - w.at} ms after the prompt reached the client`);
    await post(A.url, `/api/matches/${m.id}/resign`, { token: m.seats[0]!.token });
    await post(A.url, `/api/matches/${m.id}/resign`, { token: m.seats[1]!.token });
    for (const c of cs) c.close();
  });

  it("with onTimeout 'bot', a bot takes over an idle human's seat when the clock runs out", async () => {
    const { m, cs, seat, msg: w } = await clockedTable('clock-bot', 'bot');
    expect(w.deadline).not.toBeNull();
    await waitFor(async () => (await info(m.id)).seats[seat].kind === 'bot', 5000, 'the takeover');
    // The level the match chose for takeovers.
    expect((await info(m.id)).seats[seat].bot).toBe('beginner');
    // Not before the deadline the seat was shown.
    expect(Date.now()).toBeGreaterThanOrEqual(w.deadline! - 5);
    // The bot plays the seat: the version moves on without any client acting, and a seat played by
    // a bot has no clock any more.
    const u = await cs[seat]!.wait((x) => x.t === 'update' && x.v! > w.v!, 5000, 0);
    expect(u.events!.length).toBeGreaterThan(0);
    expect(u.deadline).toBeNull();
    // The other seat times out as well, after which the bots finish the game.
    await waitFor(async () => (await info(m.id)).status === 'finished', 30_000, 'the game to end');
    expect((await info(m.id)).seats.map((s: { kind: string }) => s.kind)).toEqual(['bot', 'bot', 'bot']);
    for (const c of cs) c.close();
  });

  it('holds a response window open 300 ms and answers it itself when pass is the only legal action', async () => {
    const m = await createMatch(W.url, {
      players: 2,
      seats: humans(2),
      seed: 'window-1',
      options: { tradeInputLimit: 1 },
    });
    const cs = await Promise.all(
      m.seats.map((s, i) => Client.connect(W.url, { match: m.id, token: s.token }, `seat${i}`)),
    );
    const rng = new Rng('window');
    const observed: { auto: boolean; ms: number }[] = [];
    let pending: { seat: number; at: number; v: number; auto: boolean } | null = null;
    const war = (legal: { type: string }[]) =>
      legal.find((a) => a.type === 'war') ??
      legal.find((a) => a.type === 'warArmy') ??
      legal.find((a) => a.type === 'warDeclare');
    const done = new Promise<void>((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no auto-answered window seen: ${JSON.stringify(observed)}`)),
        40_000,
      );
      for (const [seat, c] of cs.entries()) {
        c.onState = (msg: Msg) => {
          if (pending && pending.seat === seat && msg.v! > pending.v) {
            observed.push({ auto: pending.auto, ms: msg.at - pending.at });
            if (pending.auto) {
              expect(msg.events!.map((e) => e.key)).toContain('aoh.ev.response');
              expect(msg.view.war?.responded ?? true).toBe(true);
            }
            const wasAuto = pending.auto;
            pending = null;
            if (wasAuto) {
              clearTimeout(t);
              for (const x of cs) x.onState = undefined;
              return resolve();
            }
          }
          if (msg.view?.over || !msg.legal!.length) return;
          const legal = msg.legal as { type: string }[];
          const p = msg.prompts!.find((x) => x.window);
          if (p && p.kind === 'aoh.response') {
            if (pending) return;
            const onlyPass = legal.length === 1 && legal[0]!.type === 'pass';
            pending = { seat, at: msg.at, v: msg.v!, auto: onlyPass };
            // With a real choice the defender answers at once: the server must still hold it.
            if (!onlyPass) c.send({ t: 'act', v: msg.v, action: { type: 'pass' } });
            return;
          }
          const a = war(legal) ?? quickPick(msg, rng);
          c.send({ t: 'act', v: msg.v, action: a });
        };
        if (c.last) c.onState(c.last);
      }
    });
    await done;
    expect(observed.some((o) => o.auto)).toBe(true);
    for (const o of observed) expect(o.ms).toBeGreaterThanOrEqual(290);
    stats.push(
      `response windows (300 ms): ${observed.map((o) => `${o.auto ? 'server-answered' : 'client-answered'} after ${o.ms} ms`).join(', ')}`,
    );
    for (const c of cs) c.close();
  });

  it("answers a human's decision that has one legal action by itself after the window's minimum time (shown, not clicked)", async () => {
    const m = await createMatch(W.url, {
      game: 'struggle-for-rome',
      players: 3,
      seats: humans(3),
      seed: 'forced-1',
      options: { roundLimit: 3, tradeInputLimit: 1 },
    });
    const cs = await Promise.all(
      m.seats.map((s, i) => Client.connect(W.url, { match: m.id, token: s.token }, `seat${i}`)),
    );
    const rng = new Rng('forced');
    const seen: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('no forced decision was seen')), 40_000);
      let waiting: { seat: number; v: number; at: number } | null = null;
      for (const [seat, c] of cs.entries()) {
        c.onState = (msg: Msg) => {
          if (waiting && waiting.seat === seat && msg.v! > waiting.v) {
            seen.push(msg.at - waiting.at);
            waiting = null;
            if (seen.length >= 2) {
              clearTimeout(t);
              for (const x of cs) x.onState = undefined;
              return resolve();
            }
          }
          const legal = msg.legal ?? [];
          if (msg.view?.over || !legal.length || waiting) return;
          const asked = msg.prompts!.some((p) => !p.optional && !p.window);
          // One legal action: this client does not click; the server must answer for it.
          if (asked && legal.length === 1) waiting = { seat, v: msg.v!, at: msg.at };
          else c.send({ t: 'act', v: msg.v, action: legal[rng.int(legal.length)] });
        };
        if (c.last) c.onState(c.last);
      }
    });
    // Arrival times are the client's: on a loaded machine the prompt can arrive late and the answer on time,
    // so the gap is measured with up to ~100 ms of slack; an unheld answer would come within a few ms.
    for (const ms of seen) expect(ms).toBeGreaterThanOrEqual(200);
    stats.push(`forced decisions (300 ms): answered by the server after ${seen.join(', ')} ms`);
    for (const c of cs) c.close();
  });
});
