/**
 * Shared helpers of the rules chapters: the compiled board (adjacency and borders, RW-MAP-01..03), area
 * control (RW-TERM-04..10), unit counts and placement, dials, card draws, standard play order
 * (RW-YEAR-30..34), rune tokens and their handles (RW-INFO-12/14), and the refusal factory.
 */
import type { EventSink, FailFn, Seat } from '@tabula/engine';
import { emit, randInt, ruleError, shuffle } from '@tabula/engine';
import type { Pack } from './pack.js';
import { DIRS, key, packOf } from './pack.js';
import type { RwState } from './types.js';
import { throneRunes, villageYield } from './explore.js';

export const fail: FailFn = ruleError('rw.err');

const seats: readonly Seat[][] = Array.from({ length: 8 }, (_, s) => Object.freeze([s]) as Seat[]);
/** The one seat a decision asks, as a shared frozen list (no allocation per prompt). */
export const only = (s: Seat): readonly Seat[] => (s >= 0 && s < 8 ? seats[s]! : [s]);

export const pk = (st: RwState): Pack => packOf(st.opts.data);

/* ------------------------------------------------------------------ the board */

export interface BoardRt {
  /** Areas on the board, ascending (canonical order, RW-DP-88). */
  on: number[];
  /** Neighbours of each area and the border kind to each (0 plain, 1 mountain, 2 water). */
  adj: number[][];
  edge: number[][];
}

const boards = new Map<string, BoardRt>();
let lastKey = '';
let lastBoard: BoardRt | null = null;

export function boardKey(st: RwState): string {
  let s = '';
  for (let a = 0; a < st.pos.length; a++) s += st.pos[a]! < 0 ? '.' : `${st.pos[a]}/${st.rot[a]},`;
  return s;
}

/** The compiled board of a state's layout (cached by its key). */
export function board(st: RwState): BoardRt {
  if (st.bkey === lastKey && lastBoard) {
    // The same layout in another state (a new game): keep its key, so that the next look compares
    // references, not the whole key.
    lastKey = st.bkey;
    return lastBoard;
  }
  let b = boards.get(st.bkey);
  if (!b) {
    b = compileBoard(pk(st), st.pos, st.rot);
    if (boards.size > 4096) boards.clear();
    boards.set(st.bkey, b);
  }
  lastKey = st.bkey;
  lastBoard = b;
  return b;
}

/** Printed edge of area `a` toward board direction `d` (its tile rotated by rot[a]). */
export function printedEdge(p: Pack, a: number, rot: number, d: number): number {
  return p.areas[a]!.edges[(d - rot + 12) % 6]!;
}

export function compileBoard(p: Pack, pos: number[], rot: number[]): BoardRt {
  const at = new Map<number, number>();
  const on: number[] = [];
  for (let a = 0; a < pos.length; a++)
    if (pos[a]! >= 0) {
      at.set(pos[a]!, a);
      on.push(a);
    }
  const adj: number[][] = pos.map(() => []);
  const edge: number[][] = pos.map(() => []);
  for (const a of on) {
    const k = pos[a]!;
    const q = Math.floor(k / 64) - 32,
      r = (k % 64) - 32;
    for (let d = 0; d < 6; d++) {
      const b = at.get(key(q + DIRS[d]![0], r + DIRS[d]![1]));
      if (b === undefined) continue;
      const ea = printedEdge(p, a, rot[a]!, d),
        eb = printedEdge(p, b, rot[b]!, (d + 3) % 6);
      // RW-MAP-03: mountain if either side is mountain, water if either side is water.
      adj[a]!.push(b);
      edge[a]!.push(ea === 1 || eb === 1 ? 1 : ea === 2 || eb === 2 ? 2 : 0);
    }
  }
  return { on, adj, edge };
}

/** Whether a border of kind `e` may be crossed (RW-MOVE-10/11/13): flying ignores both, winter ignores water. */
export function crossable(e: number, flying: boolean, winter: boolean): boolean {
  return e === 0 || flying || (e === 2 && winter);
}

/* ------------------------------------------------------------------ units and control */

/** A seat's own faction units in an area (standing and routed), without allied neutrals. */
export function factionUnitsOf(st: RwState, a: number, seat: Seat): number {
  if (st.own[a] !== seat) return 0;
  const p = pk(st);
  const us = p.factions[st.fac[seat]!]!.units;
  const base = a * p.U;
  let n = 0;
  for (let i = 0; i < us.length; i++) n += st.us[base + us[i]!]! + st.ur[base + us[i]!]!;
  return n;
}

/**
 * Units of a seat in an area (standing and routed): his faction units and the neutral units allied with
 * him there (RW-LIMIT-01, RW-NEUT-07: they count toward the 8-unit limit and the winter food limit).
 */
export function unitsOf(st: RwState, a: number, seat: Seat): number {
  if (st.own[a] !== seat) return 0;
  return factionUnitsOf(st, a, seat) + neutralsIn(st, a);
}

/**
 * Neutral units in an area: allied with the area's owner if it has one (`own`, RW-NEUT-06), else
 * unallied (RW-NEUT-02).
 */
export function neutralsIn(st: RwState, a: number): number {
  const p = pk(st);
  const base = a * p.U;
  const ns = p.neutrals;
  let n = 0;
  for (let i = 0; i < ns.length; i++) n += st.us[base + ns[i]!]! + st.ur[base + ns[i]!]!;
  return n;
}

/** Unallied neutral units in an area (0 where a player's units, allied neutrals included, stand). */
export function unalliedIn(st: RwState, a: number): number {
  return st.own[a]! >= 0 ? 0 : neutralsIn(st, a);
}

/**
 * The alliance of an area's neutral units after its owner's units changed (RW-NEUT-10, RW-NEUT-17,
 * RW-RETREAT-14): allied neutrals stay allied while their ally controls the area — by his own faction
 * units, or his stronghold or home realm there (they never confer control themselves); otherwise they
 * become unallied and the area has no owner. An area left with no units has no owner either.
 */
export function settle(st: RwState, a: number): void {
  const o = st.own[a]!;
  if (o < 0 || factionUnitsOf(st, a, o) > 0) return;
  if ((st.sh[a] === o || st.home[a] === o) && neutralsIn(st, a) > 0) return;
  st.own[a] = -1;
}

/**
 * Neutral units placed (or moved) by an effect into an area (RW-NEUT-14/15): allied with the player who
 * controls the area, unallied in an uncontrolled one.
 */
export function placeNeutrals(st: RwState, a: number, u: number, n: number): void {
  const c = ctrl(st, a);
  st.us[a * pk(st).U + u]! += n;
  if (c >= 0) st.own[a] = c;
}

/** The seat controlling an area (RW-TERM-04/05), -1 none. */
export function ctrl(st: RwState, a: number): Seat {
  const o = st.own[a]!;
  if (o >= 0) return o;
  const s = st.sh[a]!;
  if (s >= 0) return s;
  const h = st.home[a]!;
  // RW-TERM-05: the owner controls his home realm area unless hostile units stand there — unallied
  // neutral units too (RW-NEUT-02, RW-TERM-15), left there when an enemy's allies lost their ally.
  if (h >= 0) return neutralsIn(st, a) > 0 ? -1 : h;
  return -1;
}

/** Empty (RW-TERM-06): not a home realm area, no units of anyone, no stronghold. */
export function isEmpty(st: RwState, a: number): boolean {
  return st.home[a]! < 0 && st.own[a]! < 0 && st.sh[a]! < 0 && neutralsIn(st, a) === 0;
}

/** Friendly or empty for `seat` (RW-TERM-06/09): where Strategize may go and Mobilize paths may pass. */
export function friendlyOrEmpty(st: RwState, a: number, seat: Seat): boolean {
  // ctrl(st, a) === seat || (ctrl(st, a) < 0 && isEmpty(st, a)), each field read once.
  const o = st.own[a]!;
  if (o >= 0) return o === seat;
  const s = st.sh[a]!;
  if (s >= 0) return s === seat;
  const h = st.home[a]!;
  if (h >= 0) return h === seat && neutralsIn(st, a) === 0;
  return neutralsIn(st, a) === 0;
}

export function addUnits(st: RwState, a: number, u: number, n: number, seat: Seat): void {
  st.us[a * pk(st).U + u]! += n;
  if (seat >= 0) st.own[a] = seat;
}

/**
 * Removes one unit (standing unless `routed`); clears the area's owner when none of his units is left,
 * and his allied neutral units there become unallied if he no longer controls it (`settle`).
 */
export function removeUnit(st: RwState, a: number, u: number, routed: boolean, seat: Seat): void {
  const i = a * pk(st).U + u;
  if (routed) st.ur[i]!--;
  else st.us[i]!--;
  if (seat >= 0) settle(st, a);
}

/** Figures of a unit type in play: on the board and in a battle's initiative rows (supply = figures − this, RW-CLIMIT-01). */
export function onBoard(st: RwState, u: number): number {
  const U = pk(st).U;
  let n = 0;
  for (let i = u; i < st.us.length; i += U) n += st.us[i]! + st.ur[i]!;
  for (const f of st.stack)
    if (f.k === 'battle') {
      for (const x of f.fu) if (x === u) n++;
    } else if (f.k === 'diplo') for (const x of f.u) if (x === u) n++;
  return n;
}

/** Adds routed units (a retreat's arrival, RW-RETREAT-05). */
export function addRouted(st: RwState, a: number, u: number, n: number, seat: Seat): void {
  st.ur[a * pk(st).U + u]! += n;
  if (seat >= 0) st.own[a] = seat;
}

export function strongholdsOf(st: RwState, seat: Seat): number[] {
  const out: number[] = [];
  for (let a = 0; a < st.sh.length; a++) if (st.sh[a] === seat) out.push(a);
  return out;
}

/** Areas a seat controls, ascending. */
export function controlled(st: RwState, seat: Seat): number[] {
  const out: number[] = [];
  for (const a of board(st).on) if (ctrl(st, a) === seat) out.push(a);
  return out;
}

/** Production of the areas a seat controls (RW-HARV-01), each capped at the dial's maximum (RW-HARV-03). */
export function production(st: RwState, seat: Seat): number[] {
  const p = pk(st);
  const out = [0, 0, 0];
  const on = board(st).on;
  for (let i = 0; i < on.length; i++) {
    const a = on[i]!;
    if (ctrl(st, a) !== seat) continue;
    const res = p.areas[a]!.res;
    out[0]! += res[0]!;
    out[1]! += res[1]!;
    out[2]! += res[2]!;
    if (st.ex) villageYield(st, a, out); // RW-EXPL-21, RW-HARV-03
  }
  const max = p.rules.dialMax;
  for (let r = 0; r < 3; r++) if (out[r]! > max) out[r] = max;
  return out;
}

/** Icons at or below a dial's arrow (RW-DIAL-04): units (a list), influence and Tactics counts. */
export function dialIcons(
  st: RwState,
  seat: Seat,
  res: number,
): { units: number[]; inf: number; tac: number } {
  const f = pk(st).factions[st.fac[seat]!]!;
  const d = f.dials[res]!;
  const out = { units: [] as number[], inf: 0, tac: 0 };
  for (let s = 0; s <= st.p[seat]!.dial[res]!; s++) {
    const x = d[s]!;
    if (x >= 0) out.units.push(x);
    else if (x === -2) out.inf++;
    else if (x === -3) out.tac++;
  }
  return out;
}

/** Sets a dial within 0..max (RW-DIAL-05). */
export function setDial(st: RwState, seat: Seat, res: number, v: number): void {
  st.p[seat]!.dial[res] = Math.max(0, Math.min(pk(st).rules.dialMax, v));
}

/* ------------------------------------------------------------------ cards */

/** Draws from a deck, reshuffling its discard pile when it runs out (RW-CLIMIT-03/08); -1 if none. */
export function draw(st: RwState, deck: number[], discard: number[]): number {
  if (deck.length === 0 && discard.length) {
    deck.push(...discard);
    discard.length = 0;
    shuffle(st.rng, deck);
  }
  return deck.length ? deck.pop()! : -1;
}

export function seasonIndex(st: RwState): number {
  return st.year * 4 + st.season;
}

/** Draws Tactics cards for a seat (hand limit checked by the caller's discard frame). */
export function drawTactics(st: RwState, seat: Seat, n: number, log: EventSink, rule: string): number {
  let got = 0;
  for (let i = 0; i < n; i++) {
    const c = draw(st, st.decks.tactics, st.decks.tacticsDiscard);
    if (c < 0) break;
    st.p[seat]!.tac.push(c);
    st.p[seat]!.tacSeason.push(seasonIndex(st));
    got++;
  }
  if (got && log) {
    emit(log, 'rw.ev.tactics', { seat, n: got }, [rule], undefined, [seat]);
    emit(log, 'rw.ev.tacticsOwn', { seat, n: got, tcards: st.p[seat]!.tac.slice(-got) }, [rule], [seat]);
  }
  return got;
}

export function drawQuests(st: RwState, seat: Seat, n: number, log: EventSink, rule: string): number {
  let got = 0;
  for (let i = 0; i < n; i++) {
    const c = draw(st, st.decks.quests, st.decks.questDiscard);
    if (c < 0) break;
    st.p[seat]!.quests.push(c);
    got++;
  }
  if (got && log) {
    emit(log, 'rw.ev.quests', { seat, n: got }, [rule], undefined, [seat]);
    emit(log, 'rw.ev.questsOwn', { seat, n: got, qcards: st.p[seat]!.quests.slice(-got) }, [rule], [seat]);
  }
  return got;
}

/** Pushes discard frames for hands over their limits (RW-DP-26). */
export function checkHands(st: RwState, seat: Seat): void {
  const p = pk(st);
  if (st.p[seat]!.tac.length > p.rules.handTactics) st.stack.push({ k: 'discard', seat, kind: 0 });
  if (st.p[seat]!.quests.length > p.rules.handQuests) st.stack.push({ k: 'discard', seat, kind: 1 });
}

/* ------------------------------------------------------------------ play order (RW-YEAR-30..34) */

/**
 * Standard play order: lowest current Order card first (a seat without one counts as equal to all),
 * then most influence, then highest starting influence, then seating from the first player.
 */
export function playOrder(st: RwState): Seat[] {
  const p = pk(st);
  const seats: Seat[] = [];
  for (let s = 0; s < st.n; s++) if (!st.p[s]!.out) seats.push(s); // RW-ELIM-06
  // A total order (the last key, seating from the first player, tells every two seats apart): an
  // insertion sort of at most four seats, with no temporary arrays.
  for (let i = 1; i < seats.length; i++) {
    const x = seats[i]!;
    let j = i - 1;
    while (j >= 0 && before(st, p, x, seats[j]!)) {
      seats[j + 1] = seats[j]!;
      j--;
    }
    seats[j + 1] = x;
  }
  return seats;
}

/** Whether seat `a` comes before seat `b` in standard play order. */
function before(st: RwState, p: Pack, a: Seat, b: Seat): boolean {
  const pa = st.p[a]!,
    pb = st.p[b]!;
  const oa = pa.cur || 0,
    ob = pb.cur || 0;
  if (oa && ob && oa !== ob) return oa < ob;
  if (pa.inf !== pb.inf) return pa.inf > pb.inf;
  const ia = p.factions[st.fac[a]!]?.influence ?? 0,
    ib = p.factions[st.fac[b]!]?.influence ?? 0;
  if (ia !== ib) return ia > ib;
  return (a - st.first + st.n) % st.n < (b - st.first + st.n) % st.n;
}

/** The seat to the left: the next one in seating order not eliminated (RW-GEN-09/10, RW-TERM-24). */
export function leftOf(st: RwState, s: Seat): Seat {
  for (let i = 1; i < st.n; i++) {
    const x = (s + i) % st.n;
    if (!st.p[x]!.out) return x;
  }
  return s;
}

/** Seats still in the game, in seating order. */
const everyone: readonly Seat[][] = Array.from(
  { length: 9 },
  (_, n) => Object.freeze(Array.from({ length: n }, (_, s) => s)) as Seat[],
);
export function alive(st: RwState): readonly Seat[] {
  let all = true;
  for (let s = 0; s < st.n; s++) if (st.p[s]!.out) all = false;
  if (all && st.n < everyone.length) return everyone[st.n]!; // the usual case: a shared list
  const out: Seat[] = [];
  for (let s = 0; s < st.n; s++) if (!st.p[s]!.out) out.push(s);
  return out;
}

/* ------------------------------------------------------------------ rune tokens (RW-INFO-12/14) */

/** A new opaque handle: random, so that it tells nothing about the token or the order of issue. */
export function newHandle(st: RwState): number {
  for (;;) {
    const h = 1 + randInt(st.rng, 1_000_000);
    if (!st.rh.includes(h)) {
      st.handles++;
      return h;
    }
  }
}

/** Records that a seat has seen the token in an area (RW-INFO-14). */
export function see(st: RwState, seat: Seat, a: number): void {
  const h = st.rh[a]!;
  if (h > 0 && !st.p[seat]!.kn.includes(h)) st.p[seat]!.kn.push(h);
}

/** Forgets handles no longer on the board (re-issued, RW-INFO-12). */
export function pruneKnowledge(st: RwState): void {
  for (const p of st.p) p.kn = p.kn.filter((h) => st.rh.includes(h));
}

/**
 * Every controller may look at the face-down tokens of the areas he controls at any time (RW-RUNE-20):
 * his knowledge log records them as soon as he controls them.
 */
export function lookAtControlled(st: RwState): void {
  const rk = st.rk;
  for (let a = 0; a < rk.length; a++) {
    if (rk[a]! < 0 || st.rup[a]) continue;
    const c = ctrl(st, a);
    if (c >= 0) see(st, c, a);
  }
  // RW-RUNE-20, RW-INFO-09: and those of the areas where his heroes stand.
  const hs = st.hero;
  if (hs)
    for (let h = 0; h < hs.ctl.length; h++)
      if (hs.ctl[h]! >= 0 && hs.at[h]! >= 0) see(st, hs.ctl[h]!, hs.at[h]!);
}

/** Dragon runes a seat controls (RW-RUNE-02). */
export function dragonRunes(st: RwState, seat: Seat): number {
  let n = 0;
  for (const a of board(st).on) if (st.rk[a] === 1 && ctrl(st, a) === seat) n++;
  if (st.ex) n += throneRunes(st, seat); // RW-EXPL-20
  return n;
}

export function areaName(st: RwState, a: number): string {
  return pk(st).areas[a]!.id;
}
