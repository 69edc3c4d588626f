/**
 * Scale-out: two real server processes share one PostgreSQL schema and fan out through Redis. A
 * match is played with seats 0–1 on process A and 2–3 on process B, with concurrent submissions
 * (the trading window, and the same action sent by one seat through both processes at once).
 * `npm run test:integration` (DATABASE_URL, REDIS_URL; defaults: the local test services).
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '@tabula/engine';
import { Rng, deepEqual, replay } from '@tabula/engine';
import { ageOfHeroes } from '@tabula/age-of-heroes';
import { openPostgres } from '@tabula/store';
import type { Msg } from './helpers.js';
import {
  Browser,
  Client,
  autoPlay,
  createMatch,
  freePort,
  http,
  humans,
  spawnServer,
  verifyStreams,
} from './helpers.js';

const DB = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const schema = `tabula_scaleout_${randomBytes(6).toString('hex')}`;
const procs: ChildProcess[] = [];
let urlA: string;
let urlB: string;

/** The same database URL, every connection in `schema` (libpq `options`, read by node-postgres). */
const schemaUrl = (url: string, s: string) =>
  `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${s}`)}`;

beforeAll(async () => {
  const admin = await openPostgres(DB, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const env = {
    DATABASE_URL: schemaUrl(DB, schema),
    REDIS_URL: REDIS,
    BOT_DELAY_MS: '0',
    WINDOW_MS: '0',
    MSG_RATE: '10000',
    MSG_BURST: '10000',
    HTTP_RATE: '100000',
    HTTP_BURST: '1000',
  };
  const [pa, pb] = [await freePort(), await freePort()];
  const [a, b] = await Promise.all([
    spawnServer(['--port', String(pa)], env),
    spawnServer(['--port', String(pb)], env),
  ]);
  procs.push(a.proc, b.proc);
  expect(a.out()).toContain('PostgreSQL');
  expect(a.out()).toContain('Redis');
  urlA = `http://127.0.0.1:${pa}`;
  urlB = `http://127.0.0.1:${pb}`;
});

afterAll(async () => {
  await Promise.all(
    procs.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.exitCode !== null || p.signalCode !== null) return resolve();
          p.once('exit', () => resolve());
          p.kill('SIGTERM');
          setTimeout(() => p.kill('SIGKILL'), 3000).unref();
        }),
    ),
  );
  const admin = await openPostgres(DB, { max: 1 });
  await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.close();
});

interface Sent {
  seat: number;
  v: number;
  action: unknown;
}

describe('two server processes', () => {
  it('play one match together: every ack in the record once, one winner per race, the same final views', async () => {
    const t0 = Date.now();
    const m = await createMatch(urlA, { players: 4, seats: humans(4), options: { tradeInputLimit: 3 } });
    // Both processes see the match.
    expect((await http(urlB, 'GET', `/api/matches/${m.id}`)).body.id).toBe(m.id);
    const urlOf = (seat: number) => (seat < 2 ? urlA : urlB);
    const cs = await Promise.all(
      m.seats.map((s, i) =>
        Client.connect(urlOf(i), { match: m.id, token: s.token }, `seat${i}@${i < 2 ? 'A' : 'B'}`),
      ),
    );
    // A second connection of seats 0 and 2, each on the other process.
    const twins = new Map<number, Client>([
      [0, await Client.connect(urlB, { match: m.id, token: m.seats[0]!.token }, 'seat0@B')],
      [2, await Client.connect(urlA, { match: m.id, token: m.seats[2]!.token }, 'seat2@A')],
    ]);

    const sent = new Map<string, Sent>();
    const races: { a: string; b: string }[] = [];
    let raceNo = 0;
    const rngs = [0, 1, 2, 3].map((i) => new Rng(`scale:${i}`));
    const plays = cs.map((c, seat) =>
      autoPlay(c, rngs[seat]!, {
        timeoutMs: 100_000,
        onAct: (v, action, id) => {
          sent.set(id, { seat, v, action });
          const twin = twins.get(seat);
          const last = c.last!;
          const waiting = (last as unknown as { waitingFor: number[] }).waitingFor;
          // The same action through the other process at the same version, when this seat alone
          // may act (so nothing but the race itself can make either copy stale): not in the trading
          // window, where seats already ready still act without being waited for, nor a forced one.
          if (
            twin &&
            twin.last!.v === v &&
            waiting.length === 1 &&
            waiting[0] === seat &&
            last.view.phase !== 'market-trade' &&
            !last.prompts!.some((p) => p.window || p.optional) &&
            // A decision with one legal action is answered by the server itself (after the window's
            // minimum time): a third copy that may come first.
            (last.legal?.length ?? 0) > 1 &&
            rngs[seat]!.int(3) === 0
          ) {
            const tid = `race:${raceNo++}`;
            sent.set(tid, { seat, v, action });
            races.push({ a: id, b: tid });
            twin.send({ t: 'act', v, action, id: tid });
          }
        },
      }),
    );
    const ends = await Promise.all(plays);
    const playMs = Date.now() - t0;
    const finalV = ends[0]!.v!;
    for (const e of ends) expect(e.v).toBe(finalV);
    for (const t of twins.values()) await t.wait((x) => !!x.view?.over, 10_000, 0);

    const record = (await http(urlB, 'GET', `/api/matches/${m.id}/record`)).body as GameRecord;
    expect(record.actions).toHaveLength(finalV);
    expect((await http(urlA, 'GET', `/api/matches/${m.id}`)).body).toMatchObject({
      status: 'finished',
      v: finalV,
    });
    expect(replay(ageOfHeroes, record).ok).toBe(true);

    // Every ack (from either process) names a distinct version holding exactly that seat's action.
    const all = [...cs, ...twins.values()];
    const acks = all.flatMap((c) => c.msgs.filter((x) => x.t === 'ack'));
    const vs = acks.map((a) => a.v!);
    expect(new Set(vs).size).toBe(vs.length);
    for (const a of acks) {
      const s = sent.get(a.id!)!;
      expect(s.v + 1).toBe(a.v);
      expect(record.actions[a.v! - 1]!.seat).toBe(s.seat);
      expect(deepEqual(record.actions[a.v! - 1]!.action, s.action)).toBe(true);
    }

    // Each race: exactly one copy acknowledged, the other rejected as stale.
    const reply = (id: string): Msg | undefined =>
      all.flatMap((c) => c.msgs).find((x) => (x.t === 'ack' || x.t === 'error') && x.id === id);
    expect(races.length).toBeGreaterThanOrEqual(5);
    let winsByTwin = 0;
    for (const r of races) {
      const [a, b] = [reply(r.a), reply(r.b)];
      expect([a?.t, b?.t].sort(), JSON.stringify({ a, b })).toEqual(['ack', 'error']);
      expect((a!.t === 'error' ? a : b)!.code).toBe('stale');
      if (b!.t === 'ack') winsByTwin++;
    }

    // Concurrent trading acts lost their races as stale, never as anything else — but an act still in flight
    // when another seat's action ended the game is told so ("the game is over", at the final version).
    const errors = all.flatMap((c) => c.msgs.filter((x) => x.t === 'error'));
    expect(
      errors.filter((x) => x.code !== 'stale' && !(x.code === 'match.notActive' && x.v === finalV)),
    ).toEqual([]);

    // Both processes' clients of one seat ended with the same final view.
    expect(twins.get(0)!.last!.view).toEqual(cs[0]!.last!.view);
    expect(twins.get(2)!.last!.view).toEqual(cs[2]!.last!.view);
    expect(twins.get(0)!.last!.v).toBe(finalV);

    // And every view either process sent was the engine's view of its version.
    const rep = verifyStreams(
      ageOfHeroes,
      record,
      all.map((c) => ({ label: c.label, seat: Number(/seat(\d)/.exec(c.label)![1]), msgs: c.msgs })),
    );
    expect(rep.failures).toEqual([]);
    console.log(
      `scale-out: ${finalV} moves in ${playMs} ms (${Math.round((finalV * 1000) / playMs)} moves/s over PostgreSQL + Redis), ` +
        `${acks.length} acks, ${errors.length} stale rejections, ${races.length} cross-process races (${winsByTwin} won by the second process), ${rep.checked} views checked`,
    );
    for (const c of all) c.close();
  });

  it('share open seats: concurrent joins through both processes fill each seat exactly once, and the match starts once', async () => {
    const post = (url: string, path: string, body: unknown) => http(url, 'POST', path, body);
    // 20 joins of one named seat, half through each process.
    const one = await createMatch(urlA, { players: 2, seats: [{ kind: 'human' }, { kind: 'open' }] });
    const rs1 = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i % 2 ? urlA : urlB, `/api/matches/${one.id}/join`, { seat: 1 }),
      ),
    );
    expect(rs1.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of rs1.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['seatTaken', 'noOpenSeat']).toContain(r.body.error.code);
    }
    // 12 joins of 3 open seats, through both processes.
    const three = await createMatch(urlB, {
      players: 4,
      seats: [{ kind: 'human' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
    });
    const rs3 = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i % 2 ? urlA : urlB, `/api/matches/${three.id}/join`, {})),
    );
    const won = rs3.filter((r) => r.status === 200);
    expect(won.map((r) => r.body.seat).sort()).toEqual([1, 2, 3]);
    expect(rs3.filter((r) => r.status === 409)).toHaveLength(9);
    for (const [url, id] of [
      [urlA, one.id],
      [urlB, one.id],
      [urlA, three.id],
      [urlB, three.id],
    ] as const) {
      const info = (await http(url, 'GET', `/api/matches/${id}`)).body;
      expect(info.status).toBe('active');
      expect(info.seats.every((x: { kind: string; taken: boolean }) => x.kind === 'human' && x.taken)).toBe(
        true,
      );
    }
    // Each winner's token is its seat, on either process.
    for (const [i, r] of won.entries()) {
      const c = await Client.connect(
        i % 2 ? urlA : urlB,
        { match: three.id, token: r.body.token },
        `joiner${i}`,
      );
      expect(c.last!.seat).toBe(r.body.seat);
      c.close();
    }
  });

  it('accounts across processes: a session of one is honoured by the other; a rated match is rated once', async () => {
    const ann = new Browser(urlA);
    const bob = new Browser(urlB);
    const tag = randomBytes(3).toString('hex');
    expect(
      (await ann.call('POST', '/api/account/signup', { name: `Ann${tag}`, password: 'two processes' }))
        .status,
    ).toBe(201);
    expect(
      (await bob.call('POST', '/api/account/signup', { name: `Bob${tag}`, password: 'two processes' }))
        .status,
    ).toBe(201);
    // Ann's session, made by A, opens her account on B.
    const annOnB = new Browser(urlB);
    annOnB.cookie = ann.cookie;
    expect((await annOnB.me()).name).toBe(`Ann${tag}`);
    const created = await ann.call('POST', '/api/matches', {
      game: 'age-of-heroes',
      players: 2,
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const claim = await bob.call('POST', '/api/account/claim', {
      seats: [{ match: id, token: created.body.seats[1].token }],
    });
    expect(claim.body.claimed).toEqual([{ match: id, seat: 1 }]);
    // Both processes hold the match (a watcher on each); Ann resigns through B, A catches up.
    const wa = await Client.connect(urlA, { match: id }, 'watchA');
    const wb = await Client.connect(urlB, { match: id }, 'watchB');
    expect((await annOnB.call('POST', `/api/matches/${id}/resign`, {})).status).toBe(200);
    await wa.wait((m) => !!m.view?.over, 10_000, 0);
    let changes: { seat: number }[] = [];
    for (let i = 0; i < 200 && changes.length < 2; i++) {
      changes = (await http(urlA, 'GET', `/api/matches/${id}/ratings`)).body;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(changes.map((c) => c.seat)).toEqual([0, 1]);
    await new Promise((r) => setTimeout(r, 300));
    const board = (await http(urlB, 'GET', '/api/ratings/age-of-heroes')).body as {
      name: string;
      matches: number;
    }[];
    for (const n of [`Ann${tag}`, `Bob${tag}`]) expect(board.find((r) => r.name === n)?.matches).toBe(1);
    wa.close();
    wb.close();
  });
});
