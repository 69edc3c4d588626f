/**
 * A match's runtime applies a move to its state in place (runtime.ts): nothing may read the move
 * before it is stored, a move the store refuses must leave the state as it was, and a snapshot must
 * hold the state of its own version even when the store serialises it after later moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, Seat } from '@tabula/engine';
import { ageOfHeroes } from '@tabula/age-of-heroes';
import type { AppendResult, Store } from '@tabula/store';
import { JournaledStore, openPglite } from '@tabula/store';
import { MatchRuntime } from '../src/runtime.js';

const game = ageOfHeroes as unknown as AnyGame;
let store: Store;
let n = 0;

beforeAll(async () => {
  store = await JournaledStore.openJournaled(await openPglite('memory'), { dir: null });
});
afterAll(async () => {
  await store.close();
});

async function newRuntime(snapshotEvery = 0, settings: Record<string, unknown> = {}): Promise<MatchRuntime> {
  const id = `rt-${n++}`;
  await store.createMatch({
    id,
    game: game.id,
    rulesVersion: '1',
    options: {},
    seats: 3,
    seed: `runtime-${id}`,
    status: 'active',
    settings,
  });
  return MatchRuntime.load(store, game, (await store.getMatch(id))!, { snapshotEvery });
}

/** A value as JSON data (key order aside, as `toEqual` compares). */
const data = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

/** The state the game reaches from its setup through these moves, as JSON data. */
function replayed(rt: MatchRuntime, moves: { seat: Seat; action: unknown }[]): unknown {
  const opt = game.parseOptions(rt.row.options);
  if (!opt.ok) throw new Error(opt.error.message);
  const s = game.setup(opt.value, rt.row.seats, rt.row.seed, []);
  if (!s.ok) throw new Error(s.error.message);
  for (const m of moves) {
    const r = game.apply(s.value, m.seat, m.action, []);
    if (!r.ok) throw new Error(r.error.message);
  }
  return data(s.value);
}

/** A seat the game waits for, and its first legal action. */
function someMove(rt: MatchRuntime): { seat: Seat; action: unknown } {
  const p = rt.prompts().find((x) => !x.optional)!;
  return { seat: p.seat, action: rt.legal(p.seat)[0] };
}

describe('match runtime: moves applied in place', () => {
  it('shows nothing of a move until it is stored, then shows the move', async () => {
    const rt = await newRuntime();
    const before = data(rt.state);
    const prompts = data(rt.prompts());
    const { seat, action } = someMove(rt);
    const view = data(rt.seatState(seat).view);
    const append = store.appendAction.bind(store);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    store.appendAction = async (...args) => {
      await gate;
      return append(...args);
    };
    try {
      const pending = rt.submit(seat, 0, action);
      await new Promise((r) => setTimeout(r, 10));
      // The move is being stored: every reader still sees version 0 as it was.
      expect(rt.v).toBe(0);
      expect(data(rt.state)).toEqual(before);
      expect(data(rt.prompts())).toEqual(prompts);
      expect(data(rt.seatState(seat).view)).toEqual(view);
      release();
      expect(await pending).toEqual({ ok: true, v: 1 });
    } finally {
      store.appendAction = append;
    }
    expect(data(rt.state)).toEqual(replayed(rt, [{ seat, action }]));
    expect(data(rt.state)).not.toEqual(before);
  });

  it('leaves the state as it was when the store refuses the move', async () => {
    const rt = await newRuntime();
    const before = data(rt.state);
    const { seat, action } = someMove(rt);
    const append = store.appendAction.bind(store);
    store.appendAction = async (): Promise<AppendResult> => ({
      ok: false,
      reason: 'conflict',
      currentSeq: 0,
    });
    try {
      const r = await rt.submit(seat, 0, action);
      expect(r).toMatchObject({ ok: false, code: 'stale', v: 0 });
    } finally {
      store.appendAction = append;
    }
    expect(rt.v).toBe(0);
    expect(data(rt.state)).toEqual(before);
    // …and the same move can then be stored.
    expect(await rt.submit(seat, 0, action)).toEqual({ ok: true, v: 1 });
    expect(data(rt.state)).toEqual(replayed(rt, [{ seat, action }]));
  });

  it('leaves the state as it was when the game rejects the action', async () => {
    const rt = await newRuntime();
    const before = data(rt.state);
    const { seat } = someMove(rt);
    const r = await rt.submit(seat, 0, { type: 'no-such-action' });
    expect(r.ok).toBe(false);
    expect(rt.v).toBe(0);
    expect(data(rt.state)).toEqual(before);
  });

  it('snapshots the state of their own version, whatever moves come after', async () => {
    // (A match where no step can be taken back: such a step holds snapshots back, see below.)
    const rt = await newRuntime(1, { undo: false });
    const moves: { seat: Seat; action: unknown }[] = [];
    // Moves back to back: the journaled store writes the snapshots after later moves are applied.
    for (let i = 0; i < 6; i++) {
      const m = someMove(rt);
      moves.push(m);
      expect(await rt.submit(m.seat, rt.v, m.action)).toMatchObject({ ok: true });
    }
    for (let v = 1; v <= moves.length; v++) {
      const snap = await store.latestSnapshot(rt.row.id, v);
      expect(snap?.seq).toBe(v);
      expect(snap!.state).toEqual(replayed(rt, moves.slice(0, v)));
    }
  });

  it('takes no snapshot while a step may be taken back; loaded again, the match replays its undo marker', async () => {
    const rt = await newRuntime(1);
    let seat = -1;
    for (let i = 0; i < 300 && seat < 0; i++) {
      const m = someMove(rt);
      expect(await rt.submit(m.seat, rt.v, m.action)).toMatchObject({ ok: true });
      if (rt.canUndo(m.seat)) seat = m.seat;
    }
    expect(seat).toBeGreaterThanOrEqual(0);
    const v = rt.v;
    await store.settled();
    expect((await store.latestSnapshot(rt.row.id))?.seq ?? 0).toBeLessThan(v);
    const before = data(rt.state);
    expect(await rt.undo(seat, v)).toMatchObject({ ok: true, v: v + 1 });
    expect(data(rt.state)).not.toEqual(before);
    const again = await MatchRuntime.load(store, game, (await store.getMatch(rt.row.id))!, {
      snapshotEvery: 1,
    });
    expect(again.v).toBe(v + 1);
    expect(data(again.state)).toEqual(data(rt.state));
    expect(again.canUndo(seat)).toBe(rt.canUndo(seat));
  });
});
