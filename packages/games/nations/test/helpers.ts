/**
 * Test helpers for Nations: build a game, then shape its state directly (it is plain JSON), and drive it.
 *
 *   const st = game(3);                       // 3 players, A sides, default options, at round 1 Growth
 *   toAction(st);                             // answer every pending decision with its default until the Action phase
 *   setRow(st, 0, 0, 'ziggurat', 1);          // seat 0, slot 0: a Ziggurat with 1 worker
 *   st.players[0]!.res.stone = 3;             // any field can be set
 *   turn(st, 0);                              // make it seat 0's turn (first turn of the round)
 *   ok(st, 0, { type: 'deploy', from: -1, to: 0 });
 *   rejects(st, 0, { type: 'buy', row: 1, col: 0 }, 'nat.err.gold');
 *
 * Ready-made starting points: `atAction` (round 1's Action phase), `midGame` (player order 0..n-1, no resources,
 * 10 VP, any round) and `blankGame` (empty boards, empty progress board, seat 0 to act). Strength and stability
 * are set with `setStr` / `setStab`, or on empty boards with `shape`. Steps run with `only`, events with
 * `runEvents` (a whole card) or `resolveHalf` (one half), card data changes with `withCard`.
 */
import { expect } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { nations } from '@tabula/nations';
import type { NatAction, NatState, Choose } from '@tabula/nations';
import { stability, strength, workers, card, cmpSet, refreshCard } from '../src/derive.js';
import { drain, inst, resolveForTest, run, runOnly } from '../src/rules.js';
import type { ModifierBody, ProgressCard, Res } from '../src/types.js';

export { stability, strength, workers, card, cmpSet, run, drain, runOnly };

// ---------------------------------------------------------------- games

/** A new game (options as raw JSON) with `n` seats and a seed. */
export function game(n: number, options: Record<string, unknown> = {}, seed = 'test'): NatState {
  const o = nations.parseOptions(options);
  if (!o.ok) throw new Error(o.error.message);
  const r = nations.setup(o.value, n, seed);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A new game in round 1's Action phase (growth answered with defaults, event card drawn). */
export function atAction(n = 3, options: Record<string, unknown> = {}, seed = 'test'): NatState {
  const st = game(n, options, seed);
  toAction(st);
  return st;
}

/**
 * A game at the Action phase, then set to round `round`, player order 0..n-1, every seat with no resources
 * and 10 VP (boards as dealt).
 */
export function midGame(n = 3, round = 1, options: Record<string, unknown> = {}): NatState {
  const st = atAction(n, options);
  st.round = round;
  st.order = Array.from({ length: n }, (_, i) => i);
  st.actionOrder = [...st.order];
  for (let s = 0; s < n; s++) {
    setRes(st, s, { gold: 0, stone: 0, food: 0, books: 0 });
    st.players[s]!.vp = 10;
  }
  return st;
}

/**
 * A game in round 1's Action phase with empty nation boards (empty slots, no advisors/colonies/wonders),
 * no resources, an empty progress board and no modifiers; seat 0 to act. `player.vp` / `player.idle`, when
 * given, set every seat's VP and idle workers too.
 */
export function blankGame(
  n = 3,
  options: Record<string, unknown> = {},
  player: { vp?: number; idle?: number } = {},
): NatState {
  const st = atAction(n, options);
  for (let s = 0; s < n; s++) {
    clearBoard(st, s);
    setRes(st, s, { gold: 0, stone: 0, food: 0, books: 0 });
    if (player.vp !== undefined) st.players[s]!.vp = player.vp;
    if (player.idle !== undefined) st.players[s]!.idle = player.idle;
  }
  emptyBoard(st);
  st.mods = [];
  turn(st, 0);
  return st;
}

// ---------------------------------------------------------------- actions and decisions

/** Applies an action that must succeed; returns the log. */
export function ok(st: NatState, seat: number, a: NatAction | Record<string, unknown>): GameEvent[] {
  const log: GameEvent[] = [];
  const r = nations.apply(st, seat, a as NatAction, log);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(a)}: ${r.error.code} ${r.error.message}`);
  return log;
}

/** Applies an action that must be rejected with `code`; checks the state did not change. */
export function rejects(
  st: NatState,
  seat: number,
  a: NatAction | Record<string, unknown>,
  code: string,
): void {
  const before = JSON.stringify(st);
  const r = nations.apply(st, seat, a as NatAction);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error.code).toBe(code);
  expect(JSON.stringify(st)).toBe(before);
}

/** The pending decision and its listed choice that matches `fields` (throws if either is missing). */
function pick(st: NatState, fields: Record<string, unknown>): [NonNullable<NatState['pending']>, Choose] {
  const pd = st.pending;
  if (!pd) throw new Error('no pending decision');
  const c = pd.opts.find((o) =>
    Object.entries(fields).every(([k, v]) => JSON.stringify(o[k]) === JSON.stringify(v)),
  );
  if (!c) throw new Error(`no option ${JSON.stringify(fields)} in ${pd.kind}: ${JSON.stringify(pd.opts)}`);
  return [pd, c];
}

/** Answers the pending decision with the listed choice that matches `fields` (e.g. {res: 'food'}). */
export function choose(st: NatState, fields: Record<string, unknown>): GameEvent[] {
  const [pd, c] = pick(st, fields);
  return ok(st, pd.s, c);
}

/**
 * Answers a pending decision mid-step (without advancing to the next step) and runs on to the next decision,
 * logging into `log` if given.
 */
export function answer(st: NatState, fields: Record<string, unknown>, log?: GameEvent[]): void {
  const [pd, c] = pick(st, fields);
  // resolve without running the round on: apply() would continue the game, so use the engine's pieces.
  st.pending = null;
  resolveForTest(st, pd, c);
  drain(st, log);
}

/** Lists the pending decision's options. */
export function options(st: NatState): Choose[] {
  return st.pending ? st.pending.opts : [];
}

/** Answers pending decisions with their defaults until none is pending (or `until` holds). */
export function settle(st: NatState, until?: (st: NatState) => boolean): void {
  for (let i = 0; i < 1000 && st.pending && !(until && until(st)); i++) {
    const a = nations.defaultAction(st, st.pending.s)!;
    ok(st, st.pending.s, a);
  }
}

/** Plays defaults (growth: food; turns: pass) until the Action phase of the current round starts. */
export function toAction(st: NatState): void {
  for (let i = 0; i < 1000 && !(st.step === 'action' && st.turn && !st.pending); i++) {
    const p = nations.prompts(st)[0];
    if (!p) throw new Error('no prompt');
    ok(st, p.seat, nations.defaultAction(st, p.seat)!);
  }
}

/** Makes it `seat`'s turn now (first turn of its round unless `turns` given), with `left` main actions. */
export function turn(st: NatState, seat: number, left = 1, turns = 1): void {
  st.step = 'action';
  st.pending = null;
  st.stack = [];
  st.turn = { s: seat, left, main: 0, sunTzu: false };
  st.last = seat;
  st.players[seat]!.turns = turns;
}

/** Everyone passes from now on (ends the Action phase); then runs to the next decision. */
export function passAll(st: NatState): void {
  for (let i = 0; i < 100 && st.step === 'action' && st.turn && !st.pending; i++)
    ok(st, st.turn.s, { type: 'pass' });
}

// ---------------------------------------------------------------- round steps and events

/** Runs the Resolution phase from `step` (e.g. 'production', 'war', 'events') with the current state. */
export function resolveFrom(st: NatState, step: NatState['step']): void {
  st.step = step;
  st.turn = null;
  st.pending = null;
  st.stack = [];
  run(st, undefined);
}

/**
 * Runs one round step and its nested work; stops at a pending decision (answer with `choose`, then `drain`).
 * Afterwards `st.step` names the following step. Steps: 'production', 'order', 'war', 'events', 'famine',
 * 'books'.
 */
export function only(st: NatState, step: NatState['step']): GameEvent[] {
  const log: GameEvent[] = [];
  runOnly(st, step, log);
  return log;
}

/** Runs the events step with event card `id` (both halves, up to a pending decision); returns the log. */
export function runEvents(st: NatState, id: string): GameEvent[] {
  st.eventCard = id;
  return only(st, 'events');
}

/** Runs one production step now (any pending decision, e.g. of the Maintenance phase, is dropped). */
export function produce(st: NatState): GameEvent[] {
  st.pending = null;
  return only(st, 'production');
}

/**
 * Resolves one half (0 upper, 1 lower) of event card `id` in the events step; stops at a pending decision
 * (`answer` drains on). Returns the log.
 */
export function resolveHalf(st: NatState, id: string, h: 0 | 1): GameEvent[] {
  const log: GameEvent[] = [];
  st.eventCard = id;
  st.step = 'events';
  st.turn = null;
  st.stack.push({ t: 'eventHalf', half: h, part: 0, card: id });
  drain(st, log);
  return log;
}

// ---------------------------------------------------------------- boards, resources, values

/** Puts card `id` in the building/military row slot with `w` workers (taken from nowhere: adjust idle if needed). */
export function setRow(st: NatState, seat: number, slot: number, id: string, w = 0): void {
  st.players[seat]!.row[slot] = inst(st, id, w);
}
export function addAdvisor(st: NatState, seat: number, id: string): void {
  st.players[seat]!.advisors.push(inst(st, id));
}
export function addColony(st: NatState, seat: number, id: string): void {
  st.players[seat]!.colonies.push(inst(st, id));
}
export function addWonder(st: NatState, seat: number, id: string): void {
  st.players[seat]!.wonders.push(inst(st, id));
}
/** Clears a player's board to empty slots, no advisors/colonies/wonders (workers on cards become idle). */
export function clearBoard(st: NatState, seat: number): void {
  const p = st.players[seat]!;
  for (const r of p.row) if (r) p.idle += r.w;
  p.row = p.row.map(() => null);
  p.advisors = [];
  p.colonies = [];
  p.wonders = [];
  p.wip = null;
}
/** Empty board, no resources, `vp` VP (the tracks are not touched). */
export function bare(st: NatState, s: number, vp = 10): void {
  clearBoard(st, s);
  setRes(st, s, { gold: 0, stone: 0, food: 0, books: 0 });
  st.players[s]!.vp = vp;
}
/**
 * A bare player: empty board, no resources, full food and stability tracks, nothing in the overflow (so
 * strength 0, stability 0; idle workers and VP are not touched).
 */
export function barePlayer(st: NatState, s: number): void {
  clearBoard(st, s);
  const p = st.players[s]!;
  p.res = { gold: 0, stone: 0, food: 0, books: 0 };
  p.foodFilled = p.foodCap;
  p.stabFilled = p.stabCap;
  p.overflow = 0;
}
/** Removes every card from the progress board. */
export function emptyBoard(st: NatState): void {
  st.board = st.board.map(() => null);
}
/** The index in `st.board` of the progress board space at row 1..3, column 0.. */
export const boardIndex = (st: NatState, row: number, col: number): number => (row - 1) * st.cols + col;
/** Puts card `id` on the progress board at row 1..3, column 0.. (any card there is replaced). */
export function putOnBoard(st: NatState, row: number, col: number, id: string, architects = 0): void {
  st.board[boardIndex(st, row, col)] = { id, a: architects };
}
/** Sets resources (missing keys unchanged). */
export function setRes(st: NatState, seat: number, res: Partial<Record<Res, number>>): void {
  Object.assign(st.players[seat]!.res, res);
}

/** A round modifier for seat s (ends at end of round, NAT-ROUND-3). */
export function mod(st: NatState, s: number, body: ModifierBody): void {
  st.mods.push({ seat: s, body, until: 'endOfRound' });
}
/** Adds a round modifier so that seat s has strength v now. */
export function setStr(st: NatState, s: number, v: number): void {
  const d = v - strength(st, s);
  if (d) mod(st, s, { strength: d });
}
/** Adds a round modifier so that seat s has stability v now. */
export function setStab(st: NatState, s: number, v: number): void {
  const d = v - stability(st, s);
  if (d) mod(st, s, { stability: d });
}
/**
 * Seats 0, 1, … made `bare` with exactly the given [strength, stability] (earlier modifiers of those seats
 * dropped; values as round modifiers): `shape(st, [5, 0], [4, 2], [3, 1])`.
 */
export function shape(st: NatState, ...vals: Array<[number, number]>): void {
  vals.forEach(([str, stab], s) => {
    bare(st, s);
    st.mods = st.mods.filter((m) => m.seat !== s);
    if (str) mod(st, s, { strength: str });
    if (stab) mod(st, s, { stability: stab });
  });
}

// ---------------------------------------------------------------- card data

/** The instance id the next card instance of `id` will get (a counter). */
export function nextUid(st: NatState, id: string): number {
  void id;
  return st.uid;
}

/** Temporarily changes fields of card `id`'s data (custom card data for scenarios) while `fn` runs; restored. */
export function withCard(id: string, patch: Partial<ProgressCard>, fn: () => void): void {
  const c = card(id) as unknown as Record<string, unknown>;
  const saved: Record<string, unknown> = {};
  for (const k of Object.keys(patch)) saved[k] = c[k];
  Object.assign(c, patch);
  refreshCard(id);
  try {
    fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete c[k];
      else c[k] = v;
    }
    refreshCard(id);
  }
}

// ---------------------------------------------------------------- reading logs and state

/** Whether any event of the log cites rule `rule`. */
export const cites = (log: GameEvent[], rule: string): boolean => log.some((e) => e.rules?.includes(rule));
/** The message keys of the log, in order. */
export const keys = (log: GameEvent[]): string[] => log.map((e) => e.key);
/** The events of the log with message key `key`. */
export const keyed = (log: GameEvent[], key: string): GameEvent[] => log.filter((e) => e.key === key);
/** Every seat's VP. */
export const vps = (st: NatState): number[] => st.players.map((p) => p.vp);
/** Every seat's amount of resource `r`. */
export const allRes = (st: NatState, r: Res): number[] => st.players.map((p) => p.res[r]);
/** A copy of seat s's resources. */
export const res = (st: NatState, s: number): Record<Res, number> => ({ ...st.players[s]!.res });
/** The card ids of a list of instances (empty slots as null). */
export function ids(list: ReadonlyArray<{ id: string }>): string[];
export function ids(list: ReadonlyArray<{ id: string } | null>): Array<string | null>;
export function ids(list: ReadonlyArray<{ id: string } | null>): Array<string | null> {
  return list.map((x) => (x ? x.id : null));
}
