/**
 * Storage loses nothing: the real server process is killed (SIGKILL) in the middle of a game while
 * moves are in flight, restarted on the same data directory, and the game is finished. Every move
 * that was acknowledged is in the final record, in order, exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '@tabula/engine';
import { Rng, deepEqual, replay, stateHash } from '@tabula/engine';
import { ageOfHeroes } from '@tabula/age-of-heroes';
import type { Msg } from './helpers.js';
import { Client, SHORT, autoPlay, createMatch, freePort, http, humans, spawnServer } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-restart-'));
const procs: ChildProcess[] = [];

afterAll(() => {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  seat: number;
  v: number;
  action: unknown;
}

describe('restart', () => {
  it('keeps every acknowledged move across a SIGKILL in mid-game', async () => {
    const port = await freePort();
    // JOURNAL_MS: a move reaches the database only when something reads it, so at the kill the moves
    // are in the journal alone, and the restart must write them from there.
    const env = {
      BOT_DELAY_MS: '0',
      WINDOW_MS: '0',
      MSG_RATE: '10000',
      MSG_BURST: '10000',
      JOURNAL_MS: '600000',
    };
    const args = ['--port', String(port), '--data', dir];
    let t = Date.now();
    const first = await spawnServer(args, env);
    procs.push(first.proc);
    const startMs = Date.now() - t;
    const url = `http://127.0.0.1:${port}`;
    const m = await createMatch(url, { players: 4, seats: humans(4), options: SHORT });

    /** Every action sent, by id; and every ack received (with its version). */
    const sent = new Map<string, Sent>();
    const acks: { id: string; v: number }[] = [];
    const track = (c: Client, seat: number) => {
      c.ws.on('message', (d: Buffer) => {
        const x = JSON.parse(d.toString()) as Msg;
        if (x.t === 'ack') acks.push({ id: x.id!, v: x.v! });
      });
      return { onAct: (v: number, action: unknown, id: string) => sent.set(id, { seat, v, action }) };
    };

    // Phase 1: play until about 40 moves are acknowledged, then kill the server while the clients
    // are still sending.
    const cs = await Promise.all(
      m.seats.map((s, i) => Client.connect(url, { match: m.id, token: s.token }, `seat${i}`)),
    );
    const killed = new Promise<number>((resolve) => {
      for (const c of cs)
        c.ws.on('message', () => {
          if (acks.length >= 40 && first.proc.exitCode === null && !first.proc.killed) {
            first.proc.kill('SIGKILL');
            resolve(acks.length);
          }
        });
    });
    for (const [i, c] of cs.entries())
      void autoPlay(c, new Rng(`restart-a:${i}`), { ...track(c, i), timeoutMs: 60_000 }).catch(
        () => undefined,
      );
    const acksAtKill = await killed;
    await new Promise<void>((r) => first.proc.once('exit', () => r()));
    expect(first.proc.signalCode).toBe('SIGKILL');
    await Promise.all(cs.map((c) => c.waitClose()));
    const sentBeforeKill = sent.size;
    const lastSeen = cs.map((c) => c.v);

    // Phase 2: the same data directory; the clients come back with `since`.
    t = Date.now();
    const second = await spawnServer(args, env);
    procs.push(second.proc);
    const restartMs = Date.now() - t;
    const after = await http(url, 'GET', `/api/matches/${m.id}`);
    expect(after.status).toBe(200);
    expect(after.body.status).toBe('active');
    // Everything acknowledged before the kill is there (and maybe moves stored but not yet acknowledged).
    const maxAcked = Math.max(...acks.map((a) => a.v));
    expect(after.body.v).toBeGreaterThanOrEqual(maxAcked);
    // ... some written from the journal (the first move of the match went to the database, and a
    // snapshot every 50 moves makes the database catch up).
    const recovered = Number(/(\d+) journaled moves written/.exec(second.out())?.[1] ?? 0);
    expect(recovered).toBeGreaterThan(0);
    const cs2 = await Promise.all(
      m.seats.map((s, i) =>
        Client.connect(url, { match: m.id, token: s.token, since: lastSeen[i] }, `seat${i}-again`),
      ),
    );
    for (const [i, c] of cs2.entries()) {
      const w = c.msgs.find((x) => x.t === 'welcome')!;
      expect(w.resync).toBe(false);
      expect(w.v).toBeGreaterThanOrEqual(after.body.v);
      expect(w.events!.every((e) => e.v > lastSeen[i]! && e.v <= w.v!)).toBe(true);
    }
    t = Date.now();
    const ends = await Promise.all(
      cs2.map((c, i) => autoPlay(c, new Rng(`restart-b:${i}`), { ...track(c, i), timeoutMs: 60_000 })),
    );
    const playMs = Date.now() - t;
    const finalV = ends[0]!.v!;

    const record = (await http(url, 'GET', `/api/matches/${m.id}/record`)).body as GameRecord;
    expect(record.actions).toHaveLength(finalV);
    // Acknowledged moves ⊆ record, at the version each ack named, in order, each once.
    const ackVs = acks.map((a) => a.v);
    expect(new Set(ackVs).size).toBe(ackVs.length);
    for (const a of acks) {
      const s = sent.get(a.id)!;
      expect(s, `ack ${a.id}`).toBeDefined();
      expect(s.v + 1).toBe(a.v);
      const inRecord = record.actions[a.v - 1]!;
      expect(inRecord.seat).toBe(s.seat);
      expect(deepEqual(inRecord.action, s.action)).toBe(true);
    }
    // Each client's acks come in increasing version order.
    for (const c of [...cs, ...cs2]) {
      const vs = c.msgs.filter((x) => x.t === 'ack').map((x) => x.v!);
      expect(vs).toEqual([...vs].sort((x, y) => x - y));
    }
    // The record replays (no move applied twice: a duplicate would be rejected or change the end)
    // to the state the server reports, and to the outcome every client saw.
    const r = replay(ageOfHeroes, record);
    expect(r.ok).toBe(true);
    const st = await http(url, 'GET', `/api/matches/${m.id}/state`);
    expect(st.status).toBe(200);
    expect(stateHash(st.body.state)).toBe(stateHash((r as { value: unknown }).value));
    for (const e of ends) expect(e.view.over).toEqual(record.outcome);
    console.log(
      `restart: killed after ${acksAtKill} acks (${sentBeforeKill} actions sent, last ack v${maxAcked}, ${after.body.v} stored, ${recovered} of them from the journal); ` +
        `start ${startMs} ms, restart ${restartMs} ms; finished at v${finalV}, ${acks.length} acks, ${Math.round(((finalV - after.body.v) * 1000) / playMs)} moves/s on disk`,
    );
    for (const c of cs2) c.close();
    second.proc.kill('SIGTERM');
    await new Promise<void>((res) => second.proc.once('exit', () => res()));
  });
});
