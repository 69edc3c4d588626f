/**
 * Whole games through the server's real code path (HTTP + WebSocket), checked against the engine:
 * a complete game with humans and bots, the sealed-views property over many games, reconnection
 * and stale/duplicate actions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '@tabula/engine';
import { Rng, replay, stateHash } from '@tabula/engine';
import { ageOfHeroes } from '@tabula/age-of-heroes';
import type { Stream, TestApp } from './helpers.js';
import {
  Client,
  SHORT,
  autoPlay,
  createMatch,
  http,
  humans,
  sleep,
  startApps,
  verifyStreams,
} from './helpers.js';

let A: TestApp;
/** A second app over the same store, as a second process would be (no bus between them). */
let B: TestApp;
let close: () => Promise<void>;
const stats: string[] = [];

beforeAll(async () => {
  const s = await startApps([
    { allowSeed: true },
    { allowSeed: true, hub: { windowMs: 1e9, botDelayMs: 1e9 } },
  ]);
  [A, B] = s.apps as [TestApp, TestApp];
  close = s.close;
});

afterAll(async () => {
  await close?.();
  if (stats.length) console.log(stats.join('\n'));
});

async function finished(url: string, id: string): Promise<GameRecord> {
  const r = await http(url, 'GET', `/api/matches/${id}/record`);
  expect(r.status).toBe(200);
  return r.body as GameRecord;
}

describe('a whole game', () => {
  it('two humans over WebSocket and two bots play to the end; /record replays to the outcome and /state returns the final state', async () => {
    const m = await createMatch(A.url, {
      players: 4,
      seats: [
        { kind: 'human' },
        { kind: 'bot', bot: 'random' },
        { kind: 'human' },
        { kind: 'bot', bot: 'heuristic' },
      ],
      seed: 'whole-game-1',
      options: { tradeInputLimit: 4 },
    });
    expect(m.seats.map((s) => s.kind)).toEqual(['human', 'bot', 'human', 'bot']);
    const t0 = Date.now();
    const cs = await Promise.all(
      [0, 2].map((i) => Client.connect(A.url, { match: m.id, token: m.seats[i]!.token }, `seat${i}`)),
    );
    const ends = await Promise.all(cs.map((c, i) => autoPlay(c, new Rng(`whole:${i}`))));
    const finalV = ends[0]!.v!;
    expect(ends[1]!.v).toBe(finalV);
    stats.push(`whole game: ${finalV} moves in ${Date.now() - t0} ms`);

    const info = await http(A.url, 'GET', `/api/matches/${m.id}`);
    expect(info.body.status).toBe('finished');
    expect(info.body.v).toBe(finalV);

    const record = await finished(A.url, m.id);
    expect(record.actions).toHaveLength(finalV);
    expect(record.seed).toBe('whole-game-1');
    const r = replay(ageOfHeroes, record);
    expect(r.ok).toBe(true);
    const replayed = (r as { value: unknown }).value;
    expect(ageOfHeroes.outcome(replayed as never)).toEqual(record.outcome);
    expect(record.outcome).toEqual(ends[0]!.view.over);
    expect(record.outcome).toEqual(info.body.outcome);

    const st = await http(A.url, 'GET', `/api/matches/${m.id}/state`);
    expect(st.status).toBe(200);
    expect(st.body.step).toBe(finalV);
    expect(stateHash(st.body.state)).toBe(stateHash(replayed));
    const mid = await http(A.url, 'GET', `/api/matches/${m.id}/state?step=10&seat=2`);
    const at10 = replay(ageOfHeroes, record, 10);
    expect(at10.ok).toBe(true);
    expect(mid.body.step).toBe(10);
    expect(mid.body.view).toEqual(
      JSON.parse(JSON.stringify(ageOfHeroes.view((at10 as { value: never }).value, 2))),
    );

    const rep = verifyStreams(
      ageOfHeroes,
      record,
      cs.map((c, i) => ({ label: c.label, seat: i * 2, msgs: c.msgs })),
    );
    expect(rep.failures).toEqual([]);
    expect(rep.checked).toBeGreaterThan(finalV);
    for (const c of cs) c.close();
  });
});

describe('sealed views', () => {
  it('every welcome/update of 15 games (3–4 humans + a spectator) is exactly the engine view, legal actions and visible events of its version', async () => {
    const GAMES = 15;
    let moves = 0;
    let checked = 0;
    let scanned = 0;
    let resyncs = 0;
    let staleCount = 0;
    const t0 = Date.now();
    for (let g = 0; g < GAMES; g++) {
      const players = g % 2 ? 3 : 4;
      // A third of the games with the full default rules, the others shortened (3 cities win).
      const options = g % 3 === 0 ? { tradeInputLimit: 2 } : SHORT;
      const m = await createMatch(A.url, { players, seats: humans(players), seed: `sealed-${g}`, options });
      const spectator = await Client.connect(A.url, { match: m.id }, `g${g}:spectator`);
      expect(spectator.last!.seat).toBe(-1);
      const cs = await Promise.all(
        m.seats.map((s, i) => Client.connect(A.url, { match: m.id, token: s.token }, `g${g}:seat${i}`)),
      );
      const streams: Stream[] = cs.map((c, i) => ({ label: c.label, seat: i, msgs: c.msgs }));
      streams.push({ label: spectator.label, seat: -1, msgs: spectator.msgs });
      // Once a game, a late client of the second process with an old `since` gets a resync.
      let probe: Promise<void> | null = null;
      const plays = cs.map((c, i) =>
        autoPlay(c, new Rng(`sealed:${g}:${i}`), {
          onAct: (v) => {
            if (g === 0 && !probe && v >= 60) {
              probe = (async () => {
                const late = await Client.connect(
                  B.url,
                  { match: m.id, token: m.seats[0]!.token, since: 1 },
                  `g${g}:late`,
                );
                const w = late.last!;
                expect(w.t).toBe('welcome');
                expect(w.resync).toBe(true);
                expect(w.v).toBeGreaterThanOrEqual(60);
                streams.push({ label: late.label, seat: 0, msgs: late.msgs.slice(), since: 1 });
                late.close();
              })();
            }
          },
        }),
      );
      const ends = await Promise.all(plays);
      if (probe) await probe;
      await spectator.wait((x) => !!x.view?.over, 10_000, 0);
      const finalV = ends[0]!.v!;
      moves += finalV;
      const record = await finished(A.url, m.id);
      expect(record.actions).toHaveLength(finalV);
      const rep = verifyStreams(ageOfHeroes, record, streams);
      expect(rep.failures, `game ${g}`).toEqual([]);
      checked += rep.checked;
      scanned += rep.scanned;
      resyncs += rep.resyncs;
      staleCount += cs.reduce((n, c) => n + c.msgs.filter((x) => x.code === 'stale').length, 0);
      // Every seat and the spectator saw the end.
      for (const c of [...cs, spectator]) expect(c.last!.view.over).toEqual(record.outcome);
      for (const c of [...cs, spectator]) c.close();
    }
    expect(resyncs).toBe(1);
    expect(checked).toBeGreaterThan(moves);
    const ms = Date.now() - t0;
    stats.push(
      `sealed views: ${GAMES} games, ${moves} moves in ${ms} ms (${Math.round((moves * 1000) / ms)} moves/s incl. checks), ${checked} views checked, ${scanned} messages scanned, ${staleCount} stale rejections of concurrent trading acts`,
    );
  }, 240_000);
});

describe('reconnection', () => {
  it('a client that reconnects with `since` receives exactly the missed visible events and the current view', async () => {
    const m = await createMatch(A.url, {
      players: 4,
      seats: [
        { kind: 'human' },
        { kind: 'bot', bot: 'random' },
        { kind: 'human' },
        { kind: 'bot', bot: 'random' },
      ],
      seed: 'reconnect-1',
      options: { tradeInputLimit: 3 },
    });
    const c0 = await Client.connect(A.url, { match: m.id, token: m.seats[0]!.token }, 'seat0');
    const c2 = await Client.connect(A.url, { match: m.id, token: m.seats[2]!.token }, 'seat2');
    const p2 = autoPlay(c2, new Rng('rc:2'));
    // Seat 0 plays until the game is past version 40 and it has nothing to decide, then drops.
    const rng = new Rng('rc:0');
    await new Promise<void>((resolve) => {
      c0.onState = (msg) => {
        if (msg.v! >= 40 && msg.legal!.length === 0) {
          c0.onState = undefined;
          return resolve();
        }
        if (msg.legal!.length)
          c0.send({ t: 'act', v: msg.v, action: msg.legal![rng.int(msg.legal!.length)] });
      };
      if (c0.last) c0.onState(c0.last);
    });
    const since = c0.v;
    c0.close();
    await c0.waitClose();
    // The others move on until the game waits for seat 0 (or has gone well past).
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const l = c2.last!;
      if (
        l.v! > since &&
        ((l as unknown as { waitingFor: number[] }).waitingFor.includes(0) || l.v! > since + 50)
      )
        break;
      await sleep(20);
    }
    await sleep(50);
    const back = await Client.connect(A.url, { match: m.id, token: m.seats[0]!.token, since }, 'seat0-back');
    const w = back.last!;
    expect(w.t).toBe('welcome');
    expect(w.resync).toBe(false);
    expect(w.v).toBeGreaterThan(since);
    expect(w.events!.length).toBeGreaterThan(0);
    expect(w.events!.every((e) => e.v > since && e.v <= w.v!)).toBe(true);
    const p0 = autoPlay(back, new Rng('rc:0b'));
    await Promise.all([p0, p2]);
    const record = await finished(A.url, m.id);
    const rep = verifyStreams(ageOfHeroes, record, [
      { label: 'seat0', seat: 0, msgs: c0.msgs },
      { label: 'seat0-back', seat: 0, msgs: back.msgs, since },
      { label: 'seat2', seat: 2, msgs: c2.msgs },
    ]);
    expect(rep.failures).toEqual([]);
    stats.push(
      `reconnection: dropped at v${since}, came back at v${w.v} with ${w.events!.length} missed events`,
    );
    back.close();
    c2.close();
  });
});

describe('stale and repeated actions', () => {
  it('rejects an action sent against an old version as stale, and applies a repeated act message once', async () => {
    const m = await createMatch(A.url, { players: 3, seats: humans(3), seed: 'stale-1' });
    const cs = await Promise.all(
      m.seats.map((s, i) => Client.connect(A.url, { match: m.id, token: s.token }, `seat${i}`)),
    );
    const actor = cs.find((c) => c.last!.legal!.length > 0)!;
    expect(actor.last!.v).toBe(0);
    const action = actor.last!.legal![0];
    const from = actor.msgs.length;
    const msg = { t: 'act', v: 0, action, id: 'same' };
    actor.send(msg);
    actor.send(msg);
    const a = await actor.wait((x) => x.t === 'ack' || x.t === 'error', 5000, from);
    const b = await actor.wait((x) => (x.t === 'ack' || x.t === 'error') && x !== a, 5000, from);
    const replies = [a, b];
    expect(replies.filter((x) => x.t === 'ack')).toEqual([
      expect.objectContaining({ t: 'ack', v: 1, id: 'same' }),
    ]);
    expect(replies.filter((x) => x.t === 'error')).toEqual([
      expect.objectContaining({ code: 'stale', v: 1, id: 'same' }),
    ]);
    expect((await http(A.url, 'GET', `/api/matches/${m.id}`)).body.v).toBe(1);

    // Whoever decides next sends against version 0: stale, nothing changes.
    await Promise.all(cs.map((c) => c.wait((x) => x.v === 1, 5000, 0)));
    const next = cs.find((c) => c.last!.legal!.length > 0)!;
    const r = await next.request({ t: 'act', v: 0, action: next.last!.legal![0] });
    expect(r).toMatchObject({ t: 'error', code: 'stale', v: 1 });
    expect((await http(A.url, 'GET', `/api/matches/${m.id}`)).body.v).toBe(1);
    // …and the same action against the current version is accepted.
    const ok = await next.request({ t: 'act', v: 1, action: next.last!.legal![0] });
    expect(ok).toMatchObject({ t: 'ack', v: 2 });
    for (const c of cs) c.close();
  });
});

describe('fan-out of a stored move', () => {
  it('the mover gets its update and then its ack; every other seat then gets an update to the new version', async () => {
    const m = await createMatch(A.url, { players: 3, seats: humans(3), seed: 'fanout-1' });
    const cs = await Promise.all(
      m.seats.map((s, i) => Client.connect(A.url, { match: m.id, token: s.token }, `seat${i}`)),
    );
    const actor = cs.find((c) => c.last!.legal!.length > 0)!;
    const from = actor.msgs.length;
    const ack = await actor.request({ t: 'act', v: 0, action: actor.last!.legal![0], id: 'f1' });
    expect(ack).toMatchObject({ t: 'ack', v: 1, id: 'f1' });
    const mine = actor.msgs.slice(from).filter((x) => x.t === 'update' || x.t === 'ack');
    expect(mine.map((x) => `${x.t}:${x.v}`)).toEqual(['update:1', 'ack:1']);
    const others = cs.filter((c) => c !== actor);
    const ups = await Promise.all(others.map((c) => c.wait((x) => x.t === 'update' && x.v === 1, 5000, 0)));
    for (const u of ups) expect(u.events!.length).toBeGreaterThan(0);
    for (const c of cs) c.close();
  });
});
