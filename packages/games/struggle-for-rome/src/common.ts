/**
 * The pieces every chapter of the rules uses (spec §2–§3): refusals, the runtime index, the supplies
 * (stacks, the pasture deck and its discard pile, gold), hands, figures on the board and the seats in
 * turn order. Nothing here decides anything; the chapters (setup.ts, round.ts, trade.ts, tribes.ts,
 * cards.ts, end.ts) and the flow table (decisions.ts) do.
 */
import type { Decision, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, ruleError, shuffle } from '@tabula/engine';
import type { Rt } from './config.js';
import { rtOf } from './config.js';
import type { Frame, Player, SfrAction, SfrState, Take, Tribe } from './types.js';
import { CATTLE, GOLD, GRAIN, HORSES, KINDS, ORE } from './types.js';

/* ------------------------------------------------------------------ refusals */

export const fail = ruleError('sfr.err');

/** A refusal's error part, for the `…Error` checks shared by validation and the legal listing. */
export function e(code: string, message: string, rule?: string): RuleError {
  return fail(code, message, rule).error;
}

/**
 * A check's refusal as the legal listing sees it: the listing asks whether an action is possible, not
 * why not, so the `…Error` checks it calls with `why` false answer this instead of building words.
 */
export const NO: RuleError = Object.freeze({ code: 'sfr.err.refused', message: 'Not possible now.' });

/** A refusal of a check: its words when `why` (validation), else `NO` (the legal listing). */
export function no(why: boolean, code: string, message: string, rule?: string): RuleError {
  return why ? e(code, message, rule) : NO;
}

/** An input from a seat the game does not wait for (SFR-ROUND-5). */
export const notYours = () => fail('notYourDecision', 'It is not your decision now.', 'SFR-ROUND-5');

/**
 * An input that does not answer the decision waiting for it: `point` names that decision (its code
 * `wrongAction.<point>` says what the game waits for), `rule` the rule that sets it.
 */
export const wrong = (point: string, message: string, rule: string) =>
  fail(`wrongAction.${point}`, message, rule);

/* ------------------------------------------------------------------ the state */

/** The frame of one kind. */
export type FrameOf<K extends Frame['k']> = Extract<Frame, { k: K }>;

/** The decision a frame of kind `K` waits for (decisions.ts collects them in the flow table). */
export type SfrDecision<K extends Frame['k']> = Decision<SfrState, FrameOf<K>, SfrAction>;

export const rt = (st: SfrState): Rt => rtOf(st.opts);

/** The top frame of the operation stack. */
export function top(st: SfrState): Frame | undefined {
  // Never read past the end of an empty stack: an out-of-bounds read takes V8's slow path.
  const n = st.stack.length;
  return n > 0 ? st.stack[n - 1] : undefined;
}

export const kindIndex = (k: string): number =>
  k === 'grain' ? 0 : k === 'ore' ? 1 : k === 'horses' ? 2 : k === 'cattle' ? 3 : -1;

/** Index of a trade item in a bundle (SFR-TRADE-2), or -1. */
export const itemIndex = (k: string): number =>
  k === 'grain' ? 0 : k === 'ore' ? 1 : k === 'horses' ? 2 : k === 'cattle' ? 3 : k === 'gold' ? GOLD : -1;

/** Seats in turn order from the start player (SFR-ROUND-3). */
export function order(st: SfrState): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < st.n; i++) out.push((st.start + i) % st.n);
  return out;
}

/* ------------------------------------------------------------------ hands and gold */

export function cardCount(p: Player): number {
  return p.res[0]! + p.res[1]! + p.res[2]! + p.res[3]!;
}

export function gain(st: SfrState, p: Player, k: number): void {
  p.gold += k;
  st.bank += k;
}

export function payGold(st: SfrState, p: Player, k: number): void {
  p.gold -= k;
  st.bank -= k;
}

/** Development card `i` of a hand leaves it (played, revealed or out of the game). */
export function removeCard(p: Player, i: number): void {
  p.dev.splice(i, 1);
  p.devAt.splice(i, 1);
}

/* ------------------------------------------------------------------ supplies (SFR-PAST, SFR-SETUP-7) */

/** A resource card back to its supply: grain/ore to the stacks, horses/cattle to the discard pile (SFR-PAST-1/3). */
export function toSupply(st: SfrState, kind: number, k: number): void {
  if (kind === GRAIN) st.grain += k;
  else if (kind === ORE) st.ore += k;
  else st.pdis[kind - 2]! += k;
}

export function pastureAvailable(st: SfrState): number {
  return st.pdeck.length + st.pdis[0]! + st.pdis[1]!;
}

/** Draws one blind pasture card (SFR-PAST-2/4): reshuffles the discard pile into an empty deck. */
function drawPasture(st: SfrState, log: EventSink): number {
  if (st.pdeck.length === 0) {
    const k = st.pdis[0]! + st.pdis[1]!;
    if (k === 0) {
      emit(log, 'sfr.ev.pastureEmpty', {}, ['SFR-PAST-4']);
      return -1;
    }
    for (let i = 0; i < st.pdis[0]!; i++) st.pdeck.push(HORSES);
    for (let i = 0; i < st.pdis[1]!; i++) st.pdeck.push(CATTLE);
    st.pdis[0] = st.pdis[1] = 0;
    shuffle(st.rng, st.pdeck);
    emit(log, 'sfr.ev.pastureReshuffle', { cards: st.pdeck.length }, ['SFR-PAST-2', 'SFR-RNG-2']);
  }
  return st.pdeck.pop()!;
}

/** One card for `s` from a supply (grain/ore stack or blind pasture draw); false if empty. */
export function takeCard(st: SfrState, s: Seat, take: Take, log: EventSink, rule: string): boolean {
  const p = st.p[s]!;
  if (take === 'grain' || take === 'ore') {
    const k = take === 'grain' ? GRAIN : ORE;
    if ((k === GRAIN ? st.grain : st.ore) <= 0) return false;
    if (k === GRAIN) st.grain--;
    else st.ore--;
    p.res[k]!++;
    if (log) emit(log, 'sfr.ev.gain', { seat: s, kind: take }, [rule]);
    return true;
  }
  const c = drawPasture(st, log);
  if (c < 0) return false;
  p.res[c]!++;
  if (log) {
    emit(log, 'sfr.ev.pastureDrawn', { seat: s, kind: KINDS[c] }, [rule, 'SFR-HID-4'], [s]);
    emit(log, 'sfr.ev.pastureHidden', { seat: s }, [rule, 'SFR-HID-4'], undefined, [s]);
  }
  return true;
}

/** Whether a supply can give one card, after `extra` cards [grain, ore, pasture] went back to it. */
export function takeAvailable(st: SfrState, take: Take | 'gold', extra?: readonly number[]): boolean {
  if (take === 'gold') return true;
  if (take === 'grain') return st.grain + (extra ? extra[0]! : 0) > 0;
  if (take === 'ore') return st.ore + (extra ? extra[1]! : 0) > 0;
  return pastureAvailable(st) + (extra ? extra[2]! : 0) > 0;
}

/** Whether the supplies hold every card of `takes` (grain, ore, blind pasture draws). */
export function takeCountsOk(st: SfrState, takes: readonly Take[]): boolean {
  let g = 0,
    o = 0,
    pa = 0;
  for (const t of takes) {
    if (t === 'grain') g++;
    else if (t === 'ore') o++;
    else if (t === 'pasture') pa++;
    else return false;
  }
  return g <= st.grain && o <= st.ore && pa <= pastureAvailable(st);
}

/* ------------------------------------------------------------------ tribes and the board */

/** With 3 players the neutral cities take no part (SFR-SETUP-4). */
export function isNeutral(st: SfrState, city: number): boolean {
  return st.n === 3 && rt(st).cities[city]!.neutral3;
}

/** Tribe strength: army figures plus a Great Horseman/Warrior bonus of this phase (SFR-DEV-14). */
export function strength(st: SfrState, seat: Seat, t: number): number {
  const p = st.p[seat]!;
  const bonus = p.bonusAt === st.serial && st.phase === t + 3 ? p.bonus : 0;
  return p.tribes[t]!.army + bonus;
}

/** Distinct loot colours in a tribe's box (SFR-FOUND-1, SFR-AWARD-3). */
export function colours(tr: Tribe, rtx: Rt): number {
  let mask = 0;
  for (const tok of tr.loot) mask |= 1 << rtx.tokens[tok]!.prov;
  let c = 0;
  for (; mask; mask &= mask - 1) c++;
  return c;
}

export function lootOfColour(tr: Tribe, rtx: Rt, prov: number): number {
  let c = 0;
  for (const tok of tr.loot) if (rtx.tokens[tok]!.prov === prov) c++;
  return c;
}

export function cityCount(p: Player): number {
  return p.tribes[0]!.kingdom.length + p.tribes[1]!.kingdom.length;
}

/** Does seat have a figure on a corner node of hex (SFR-BOARD-11, SFR-PROD-2)? */
export function touches(st: SfrState, s: Seat, hex: number): boolean {
  const r = rt(st);
  const nodes = r.hexes[hex]!.nodes;
  const p = st.p[s]!;
  for (let t = 0; t < 2; t++) {
    const tr = p.tribes[t]!;
    if (!tr.settled) {
      if (nodes.includes(tr.node)) return true;
    } else for (const c of tr.kingdom) if (nodes.includes(r.cities[c]!.node)) return true;
  }
  return false;
}

/* ------------------------------------------------------------------ shared actions */

/**
 * A value built once per runtime index (a map), with a fast path for the index asked last: the legal
 * listing hands out shared, frozen action objects built this way, so that listing allocates little.
 */
export function perRt<T>(build: (r: Rt) => T): (r: Rt) => T {
  const all = new WeakMap<Rt, T>();
  let lastRt: Rt | null = null;
  let last: T | undefined;
  return (r) => {
    if (r === lastRt) return last!;
    let v = all.get(r);
    if (v === undefined) {
      v = build(r);
      all.set(r, v);
    }
    lastRt = r;
    last = v;
    return v;
  };
}

/** A frozen action (shared between listings: nobody may change a listed action). */
export const frozen = <A extends object>(a: A): A => Object.freeze(a);
