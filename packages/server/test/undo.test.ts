/**
 * Taking steps back (docs/ARCHITECTURE.md, "Taking steps back"): a seat takes back its own last step while
 * nothing was revealed and no other seat acted; the log keeps the step and a marker; every seat's view
 * goes back; a reload replays the marker; the match's setting turns it off; what is refused changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng, deepEqual } from '@tabula/engine';
import { effectiveActions } from '@tabula/store';
import type { Store } from '@tabula/store';
import type { Msg, TestApp } from './helpers.js';
import { Client, createMatch, humans, startApps } from './helpers.js';

let A: TestApp;
let store: Store;
let close: () => Promise<void>;

beforeAll(async () => {
  const s = await startApps([{ allowSeed: true }]);
  [A] = s.apps as [TestApp];
  store = s.store;
  close = s.close;
});
afterAll(async () => close?.());

/** Two seats of a new Nations match (a game whose steps mostly reveal nothing), both connected. */
async function table(extra: Record<string, unknown> = {}) {
  const m = await createMatch(A.url, {
    game: 'nations',
    players: 2,
    seats: humans(2),
    seed: 'undo-1',
    ...extra,
  });
  const c = await Promise.all(
    m.seats.map((s, i) => Client.connect(A.url, { match: m.id, token: s.token }, `s${i}`)),
  );
  return { id: m.id, c };
}

const mover = (c: Client[]) => c.findIndex((x) => (x.last?.prompts ?? []).some((p) => !p.optional));

/** Plays random steps until the seat that just moved may take its step back; returns it and what it saw before. */
async function stepUntilUndoable(c: Client[], rng: Rng): Promise<{ seat: number; before: Msg; after: Msg }> {
  for (let i = 0; i < 300; i++) {
    const s = mover(c);
    expect(s).toBeGreaterThanOrEqual(0);
    const before = c[s]!.last!;
    const legal = before.legal ?? [];
    const action = rng.pick(legal);
    const upd = c[s]!.wait((m) => m.t === 'update' && m.v! > before.v!);
    const ack = await c[s]!.request({ t: 'act', v: before.v, action });
    expect(ack.t, JSON.stringify(ack)).toBe('ack');
    const after = await upd;
    if ((after as Msg & { undo?: boolean }).undo) return { seat: s, before, after };
  }
  throw new Error('no step could be taken back in 300 steps');
}

describe('taking steps back', () => {
  it('takes back a step that revealed nothing: every view goes back, the log keeps both', async () => {
    const { id, c } = await table();
    const rng = new Rng('undo');
    const { seat, before, after } = await stepUntilUndoable(c, rng);
    const other = c[1 - seat]!;
    await other.wait((m) => m.t === 'update' && m.v === after.v, 5000, 0);
    const otherBefore = other.msgs
      .filter((m) => (m.t === 'update' || m.t === 'welcome') && m.v! <= before.v!)
      .at(-1)!;
    // A spectator's view before, for comparison.
    const back = c[seat]!.wait((m) => m.t === 'update' && m.v === after.v! + 1);
    const backOther = other.wait((m) => m.t === 'update' && m.v === after.v! + 1);
    const ack = await c[seat]!.request({ t: 'undo', v: after.v, id: 'u1' });
    expect(ack).toMatchObject({ t: 'ack', v: after.v! + 1, id: 'u1' });
    const mine = await back;
    expect(deepEqual(mine.view, before.view)).toBe(true);
    expect(mine.legal).toEqual(before.legal);
    expect(mine.events).toEqual([{ v: after.v! + 1, key: 'tabula.undo', params: { seat, from: after.v } }]);
    const theirs = await backOther;
    expect(deepEqual(theirs.view, otherBefore.view)).toBe(true);
    expect(theirs.events?.map((e) => e.key)).toEqual(['tabula.undo']);

    // The log keeps the step and the marker; the game's record holds neither.
    const log = await store.actions(id);
    expect(log.at(-1)).toMatchObject({ seq: after.v! + 1, seat, action: { $undo: after.v } });
    expect(log.at(-2)!.seq).toBe(after.v);
    expect(effectiveActions(log).map((a) => a.seq)).toEqual(log.slice(0, -2).map((a) => a.seq));

    // Loaded again from the store (another process, a restart), the match stands where it stands here.
    A.app.hub.drop(id);
    const again = await Client.connect(A.url, { match: id, token: undefined }, 'again');
    const w = again.msgs.find((m) => m.t === 'welcome')!;
    expect(w.v).toBe(after.v! + 1);
    const spectatorNow = c[seat]!.last!;
    expect(spectatorNow.v).toBe(w.v);
    for (const x of [...c, again]) x.close();
  });

  it('refuses once another seat has acted, for a spectator, a stale version or a match without undo', async () => {
    const { id, c } = await table({ seed: 'undo-2' });
    const rng = new Rng('undo-2');
    const { seat, after } = await stepUntilUndoable(c, rng);
    // Malformed requests are refused by name and change nothing.
    for (const bad of [{ t: 'undo' }, { t: 'undo', v: -1 }, { t: 'undo', v: 1.5 }, { t: 'undo', v: '3' }])
      expect(await c[seat]!.request(bad)).toMatchObject({ t: 'error', code: 'badMessage' });
    // A stale version is refused and changes nothing.
    const stale = await c[seat]!.request({ t: 'undo', v: after.v! - 1 });
    expect(stale).toMatchObject({ t: 'error', code: 'stale' });
    const spectator = await Client.connect(A.url, { match: id }, 'spectator');
    expect(await spectator.request({ t: 'undo', v: after.v })).toMatchObject({
      t: 'error',
      code: 'spectator',
    });
    // The other seat may not take back my step.
    expect(await c[1 - seat]!.request({ t: 'undo', v: after.v })).toMatchObject({
      t: 'error',
      code: 'undo.none',
    });
    expect((await store.actions(id)).length).toBe(after.v);
    // Play on until the other seat has acted: then nothing of mine can be taken back.
    for (let i = 0; i < 300; i++) {
      const s = mover(c);
      const last = c[s]!.last!;
      const ack = await c[s]!.request({ t: 'act', v: last.v, action: rng.pick(last.legal ?? []) });
      expect(ack.t).toBe('ack');
      if (s !== seat) break;
    }
    const v = Math.max(...c.map((x) => x.v));
    await c[seat]!.wait((m) => m.t === 'update' && m.v === v, 5000, 0);
    expect(c[seat]!.last!).toMatchObject({ undo: false });
    expect(await c[seat]!.request({ t: 'undo', v })).toMatchObject({ t: 'error', code: 'undo.none' });
    for (const x of [...c, spectator]) x.close();

    // A match created without undo never offers it.
    const off = await table({ seed: 'undo-3', undo: false });
    for (let i = 0; i < 20; i++) {
      const s = mover(off.c);
      const last = off.c[s]!.last!;
      const upd = off.c[s]!.wait((m) => m.t === 'update' && m.v! > last.v!);
      await off.c[s]!.request({ t: 'act', v: last.v, action: rng.pick(last.legal ?? []) });
      const u = await upd;
      expect(u).toMatchObject({ undo: false });
      expect(await off.c[s]!.request({ t: 'undo', v: u.v })).toMatchObject({ t: 'error', code: 'undo.off' });
    }
    for (const x of off.c) x.close();
  });

  it('an undo marker sent as an action is not a listed action', async () => {
    const { id, c } = await table({ seed: 'undo-4' });
    const s = mover(c);
    const last = c[s]!.last!;
    const r = await c[s]!.request({ t: 'act', v: last.v, action: { $undo: 1 } });
    // Refused (by the rules, with their reason), and nothing is stored.
    expect(r).toMatchObject({ t: 'error' });
    expect((await store.actions(id)).length).toBe(last.v);
    for (const x of c) x.close();
  });
});
