/**
 * Scenario builder (RW-IMPL-10, RW-IMPL-40): a state at a chosen moment with chosen factions, units,
 * strongholds, developments, runes and the Fate deck's order, for the rules tests (the worked examples
 * of 11-examples.md) and anyone writing scenarios against the engine. A scenario starts from a real
 * game at its first Order selection, so every other part of the state stays consistent; it then edits
 * the board and the decks, and the game is played on with ordinary actions.
 */
import type { EventSink, Seat } from '@tabula/engine';
import { advance, apply, defaultAction, prompts } from './decisions.js';
import { pk } from './common.js';
import { setupState } from './setup.js';
import type { RwAction, RwOptions, RwState } from './types.js';

/** A new game of `factions` (pack faction ids, by seat), played by its timeout defaults to the first Order selection. */
export function scenarioGame(
  factions: string[],
  seed = 'scenario',
  options: Partial<RwOptions> = {},
): RwState {
  const opts: RwOptions = { board: 'preset', ...options };
  const st = setupState(opts, factions.length, seed, undefined);
  advance(st, undefined);
  const p = pk(st);
  for (let i = 0; i < 10_000; i++) {
    const top = st.stack[st.stack.length - 1]!;
    if (top.k === 'orders') return st;
    const pr = prompts(st).find((x) => !x.optional)!;
    let a: RwAction | null = defaultAction(st, pr.seat);
    if (top.k === 'faction')
      a = { type: 'faction', f: p.factions.findIndex((f) => f.id === factions[pr.seat]) };
    const r = apply(st, pr.seat, a!, undefined);
    if (!r.ok) throw new Error(`scenario setup: ${r.error.message}`);
  }
  throw new Error('scenario setup did not reach the Order selection');
}

export const areaOf = (st: RwState, id: string): number => {
  const a = pk(st).areaIndex.get(id);
  if (a === undefined) throw new Error(`no area ${id}`);
  return a;
};
export const unitOf = (st: RwState, id: string): number => {
  const u = pk(st).units.findIndex((x) => x.id === id);
  if (u < 0) throw new Error(`no unit ${id}`);
  return u;
};

/** Removes every unit, stronghold and development from the board (home realms, runes and cities stay). */
export function clearBoard(st: RwState): void {
  st.us.fill(0);
  st.ur.fill(0);
  st.own.fill(-1);
  st.sh.fill(-1);
  st.shd.fill(0);
  st.dev.fill(-1);
}

/** Puts `n` units of a type in an area for `seat` (-1: neutral units), standing or routed. */
export function put(st: RwState, area: string, seat: Seat, unit: string, n: number, routed = false): void {
  const a = areaOf(st, area);
  const i = a * pk(st).U + unitOf(st, unit);
  if (routed) st.ur[i]! += n;
  else st.us[i]! += n;
  if (seat >= 0) st.own[a] = seat;
}

/** A stronghold of `seat` (damaged or not) with a development type (-1 none; 3 = the defensive one). */
export function stronghold(st: RwState, area: string, seat: Seat, damaged = false, dev = -1): void {
  const a = areaOf(st, area);
  st.sh[a] = seat;
  st.shd[a] = damaged ? 1 : 0;
  st.dev[a] = dev;
}

/** Puts these Fate cards (printed numbers) on top of the Fate deck, the first drawn first. */
export function fateOnTop(st: RwState, numbers: number[]): void {
  const p = pk(st);
  const ids = numbers.map((n) => {
    const i = p.fate.findIndex((c) => c.id === n);
    if (i < 0) throw new Error(`no Fate card ${n}`);
    return i;
  });
  const d = st.decks;
  d.fate = d.fate.filter((c) => !ids.includes(c));
  d.fateDiscard = d.fateDiscard.filter((c) => !ids.includes(c));
  for (let i = ids.length - 1; i >= 0; i--) d.fate.push(ids[i]!);
}

/**
 * Passes every timing window open on top of the stack (RW-DP-89's default), as a game without playable
 * Tactics cards would run on by itself: scenarios about other rules step over the windows.
 */
export function passWindows(st: RwState, log?: EventSink): void {
  for (let k = 0; k < 200; k++) {
    const f = st.stack[st.stack.length - 1];
    if (!f || f.k !== 'window') return;
    const s = f.seats.find((x) => !f.done.includes(x))!;
    const r = apply(st, s, { type: 'pass' }, log);
    if (!r.ok) throw new Error(`pass: ${r.error.message}`);
  }
}

/** Chooses every seat's Order card (seat → card number); the game then runs to the first decision of the season. */
export function chooseAll(st: RwState, cards: number[], log?: EventSink): void {
  cards.forEach((n, s) => {
    const r = apply(st, s, { type: 'order', n }, log);
    if (!r.ok) throw new Error(`order ${n} of seat ${s}: ${r.error.message}`);
  });
  passWindows(st, log);
}

/**
 * Mobilize or Conquer: activates `area` and moves units in, each `[from, unit, count]`, then commits —
 * the battle, if any, starts. The seat must be waiting at its Mobilize/Conquer decision.
 */
export function attack(
  st: RwState,
  seat: Seat,
  area: string,
  moves: [string, string, number][],
  log?: EventSink,
): void {
  const go = (a: RwAction) => {
    passWindows(st, log);
    const r = apply(st, seat, a, log);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
  };
  go({ type: 'activate', area: areaOf(st, area) });
  for (const [from, unit, n] of moves)
    for (let i = 0; i < n; i++) go({ type: 'draft', from: areaOf(st, from), u: unitOf(st, unit) });
  go({ type: 'commit' });
  passWindows(st, log);
}
