/**
 * The round (spec §5) and its phase 1 (§6): the round driver that walks the four phases and the
 * players' steps, the wind rose and production, shortages of resource cards, the pasture deck, the
 * legionnaire after a 7 and his robbery. The decisions of phase 1 (legionnaire, robbery, pasture
 * shortage) are defined here with their listings; decisions.ts puts them in the flow table.
 */
import type { ApplyResult, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, OK, randInt } from '@tabula/engine';
import type { Rt } from './config.js';
import type { FrameOf, SfrDecision } from './common.js';
import {
  cardCount,
  e,
  fail,
  frozen,
  order,
  pastureAvailable,
  perRt,
  rt,
  takeCard,
  touches,
  toSupply,
  wrong,
} from './common.js';
import { endCheck } from './end.js';
import { dropPartner } from './offers.js';
import type { SfrAction, SfrState, Take } from './types.js';
import { CATTLE, GRAIN, HORSES, KINDS, ORE } from './types.js';

/* ------------------------------------------------------------------ the round driver (§5) */

/**
 * The round frame: pc 0 starts a round with phase 1, pc 1..3 hand out the steps of phases 2..4 in
 * turn order from the start player (SFR-ROUND-1..3), pc 4 checks the end and passes the start player on.
 */
export function runRound(st: SfrState, f: FrameOf<'round'>, log: EventSink): boolean {
  if (f.pc === 0) {
    st.round++;
    st.phase = 1;
    st.serial = st.round * 4 + 1;
    st.rose = [];
    st.rolls = [];
    emit(log, 'sfr.ev.round', { round: st.round, seat: st.start }, [
      'SFR-ROUND-1',
      'SFR-ROUND-2',
      'SFR-ROSE-1',
    ]);
    st.stack.push({ k: 'roll', sum: 0 });
    f.pc = 1;
    f.i = 0;
    return false;
  }
  if (f.pc <= 3) {
    if (f.i === 0) {
      st.phase = f.pc + 1;
      st.serial = st.round * 4 + st.phase;
      emit(log, 'sfr.ev.phase', { phase: st.phase }, [
        'SFR-ROUND-3',
        f.pc === 1 ? 'SFR-TRADE-1' : 'SFR-ACT-1',
      ]);
    }
    if (f.i < st.n) {
      const seat = (st.start + f.i) % st.n;
      f.i++;
      if (f.pc === 1) st.stack.push({ k: 'trade', seat });
      else st.stack.push({ k: 'act', seat, t: f.pc - 2, moved: false, done: false });
      return false;
    }
    f.pc++;
    f.i = 0;
    return false;
  }
  // SFR-END-1..6 after phase 4.
  if (!endCheck(st, log)) {
    st.start = (st.start + 1) % st.n;
    f.pc = 0;
    f.i = 0;
    emit(log, 'sfr.ev.nextStart', { seat: st.start }, ['SFR-ROUND-4']);
  }
  return false;
}

/* ------------------------------------------------------------------ phase 1: the wind rose (§6.1) */

function rollDie(st: SfrState): number {
  if (st.forced.length) return st.forced.shift()!;
  return randInt(st.rng, 6) + 1;
}

/**
 * The roll frame: the start player rolls until the wind rose holds its markers (SFR-ROSE); a 7 calls
 * the legionnaire, any other new sum produces, after the returns of a shortage (`sum` waits for them).
 */
export function runRoll(st: SfrState, f: FrameOf<'roll'>, log: EventSink): boolean {
  if (f.sum) {
    deal(st, f.sum, log);
    f.sum = 0;
    return false;
  }
  if (st.rose.length >= rt(st).C.roseMarkers) {
    st.stack.pop();
    return false;
  }
  const a = rollDie(st),
    b = rollDie(st);
  const sum = a + b;
  st.rolls.push([a, b]);
  if (st.rose.includes(sum)) {
    if (log)
      emit(log, 'sfr.ev.rollIgnored', { seat: st.start, dice: [a, b], sum }, ['SFR-ROSE-2', 'SFR-RNG-3']);
    return false;
  }
  st.rose.push(sum);
  if (log)
    emit(log, 'sfr.ev.roll', { seat: st.start, dice: [a, b], sum }, [
      'SFR-ROSE-2',
      'SFR-ROSE-3',
      'SFR-ROSE-4',
    ]);
  if (sum === 7) {
    st.stack.push({ k: 'legion', seat: st.start });
    return false;
  }
  if (!shortages(st, f, sum, log)) deal(st, sum, log);
  return false;
}

/* ------------------------------------------------------------------ production (§6.2–§6.4) */

/**
 * Every card owed on `sum`, in the dealing order of SFR-PROD-5, as pairs (seat, hex) into `out`: the
 * players in turn order from the start player, each with the producing hexes of this sum touched by
 * his figures (SFR-BOARD-11), in ascending hex id order, except the legionnaire's (SFR-LEG-6).
 */
function recipients(st: SfrState, sum: number, out: number[]): number[] {
  out.length = 0;
  const r = rt(st);
  const hexes = r.byNumber[sum]!;
  if (!hexes.length) return out;
  const hit = hits;
  for (let i = 0; i < st.n; i++) {
    const s = (st.start + i) % st.n;
    hit.length = 0;
    const p = st.p[s]!;
    for (let t = 0; t < 2; t++) {
      const tr = p.tribes[t]!;
      if (!tr.settled) mark(r, tr.node, sum, st.legion, hit);
      else for (const c of tr.kingdom) mark(r, r.cities[c]!.node, sum, st.legion, hit);
    }
    if (hit.length === 1) out.push(s, hit[0]!);
    else if (hit.length > 1) for (const h of hexes) if (hit.includes(h)) out.push(s, h);
  }
  return out;
}

/** Per node: a bit per number token on its producing hexes (most nodes produce nothing on a roll). */
const nodeSums = perRt((r) =>
  Int32Array.from(r.nodes, (nd) => {
    let m = 0;
    for (const h of nd.hexes) if (r.hexes[h]!.res >= 0) m |= 1 << r.hexes[h]!.num;
    return m;
  }),
);

/** The producing hexes of `sum` around `node` into `hit`, once each (not the legionnaire's, SFR-LEG-6). */
function mark(r: Rt, node: number, sum: number, legion: number, hit: number[]): void {
  if ((nodeSums(r)[node]! & (1 << sum)) === 0) return;
  for (const h of r.nodes[node]!.hexes) {
    const hx = r.hexes[h]!;
    if (hx.num === sum && h !== legion && hx.res >= 0 && !hit.includes(h)) hit.push(h);
  }
}

/** Scratch lists of production (it never nests). */
const hits: number[] = [];
const dealt: number[] = [];

/**
 * SFR-SHORT-1/2/4: cards owed per kind before dealing. A short grain or ore stack takes back half of
 * every hand's cards of that kind at once; a short pasture supply asks the holders of pasture cards to
 * return half of them (the shortage decision) and the deal waits for them (true).
 */
function shortages(st: SfrState, f: FrameOf<'roll'>, sum: number, log: EventSink): boolean {
  const owed = [0, 0, 0];
  const got = recipients(st, sum, dealt);
  for (let i = 1; i < got.length; i += 2) owed[rt(st).hexes[got[i]!]!.res]!++;
  for (const k of [GRAIN, ORE]) {
    const have = k === GRAIN ? st.grain : st.ore;
    if (owed[k]! > have) {
      const back: number[] = [];
      for (const s of order(st)) {
        const p = st.p[s]!;
        const r = Math.ceil(p.res[k]! / 2);
        back.push(r);
        if (r > 0) {
          p.res[k]! -= r;
          toSupply(st, k, r);
        }
      }
      emit(
        log,
        'sfr.ev.shortage',
        { kind: KINDS[k], owed: owed[k], stack: have, returned: back, order: order(st) },
        ['SFR-SHORT-1', 'SFR-SHORT-2', 'SFR-FAQ-1'],
      );
    }
  }
  if (owed[2]! <= pastureAvailable(st)) return false;
  const need = st.p.map((p) => Math.ceil((p.res[HORSES]! + p.res[CATTLE]!) / 2));
  const ord = order(st).filter((s) => need[s]! > 0);
  emit(log, 'sfr.ev.shortage', { kind: 'pasture', owed: owed[2], stack: pastureAvailable(st), need }, [
    'SFR-SHORT-1',
    'SFR-SHORT-2',
    'SFR-SHORT-4',
  ]);
  f.sum = sum;
  if (ord.length) st.stack.push({ k: 'shortage', need, order: ord, i: 0 });
  return true;
}

/** SFR-PROD-1..5, SFR-SHORT-3: one card per producing hex and player, until a supply runs out. */
function deal(st: SfrState, sum: number, log: EventSink): void {
  const r = rt(st);
  const got: number[] | null = log ? st.p.map(() => 0) : null;
  const to = recipients(st, sum, dealt);
  for (let i = 0; i < to.length; i += 2) {
    const s = to[i]!,
      h = to[i + 1]!;
    const res = r.hexes[h]!.res;
    const take: Take = res === 0 ? 'grain' : res === 1 ? 'ore' : 'pasture';
    if (takeCard(st, s, take, log, 'SFR-PROD-3')) {
      if (got) got[s]!++;
    } else
      emit(log, 'sfr.ev.lost', { seat: s, kind: take, hex: r.hexes[h]!.id }, ['SFR-SHORT-3', 'SFR-PAST-4']);
  }
  if (log)
    emit(log, 'sfr.ev.produced', { sum, cards: got }, [
      'SFR-PROD-1',
      'SFR-PROD-2',
      'SFR-PROD-4',
      'SFR-LEG-6',
    ]);
}

/* ------------------------------------------------------------------ pasture shortage (SFR-DP-7) */

function doShortage(
  st: SfrState,
  f: FrameOf<'shortage'>,
  seat: Seat,
  a: SfrAction,
  log: EventSink,
): ApplyResult {
  if (a.type !== 'returnPasture')
    return wrong('shortage', 'Pasture shortage: first return your share of pasture cards.', 'SFR-DP-7');
  const p = st.p[seat]!;
  const need = f.need[seat]!;
  const h = a.horses,
    c = a.cattle;
  if (!Number.isInteger(h) || !Number.isInteger(c) || h < 0 || c < 0 || h + c !== need)
    return fail('badReturn', `You must return exactly ${need} pasture cards.`, 'SFR-SHORT-2');
  if (h > p.res[HORSES]! || c > p.res[CATTLE]!)
    return fail('notHeld', 'You do not hold those cards.', 'SFR-SHORT-4');
  p.res[HORSES]! -= h;
  p.res[CATTLE]! -= c;
  st.pdis[0]! += h;
  st.pdis[1]! += c;
  f.i++;
  emit(log, 'sfr.ev.returned', { seat, horses: h, cattle: c }, [
    'SFR-SHORT-2',
    'SFR-SHORT-4',
    'SFR-DP-7',
    'SFR-PAST-1',
  ]);
  return OK;
}

/** SFR-DP-7: the holders of pasture cards return half of them, one after the other in turn order. */
export const shortageDecision: SfrDecision<'shortage'> = {
  prompt: 'sfr.shortage',
  rule: 'SFR-DP-7',
  who: (_st, f) => (f.i < f.order.length ? [f.order[f.i]!] : []),
  asks: (_st, f, seat) => f.order[f.i] === seat,
  ask: (_st, f, seat) => ({ args: { need: f.need[seat] } }),
  offers(st, f, seat, out) {
    const p = st.p[seat]!;
    const need = f.need[seat]!;
    const h = p.res[HORSES]!,
      c = p.res[CATTLE]!;
    for (let x = Math.max(0, need - c); x <= Math.min(need, h); x++)
      out.push({ type: 'returnPasture', horses: x, cattle: need - x });
  },
  answer: doShortage,
  byDefault(st, f, seat) {
    const need = f.need[seat]!;
    const cattle = Math.min(need, st.p[seat]!.res[CATTLE]!);
    return { type: 'returnPasture', horses: need - cattle, cattle };
  },
};

/** The shortage frame waits until every holder in its order has returned his share. */
export function runShortage(st: SfrState, f: FrameOf<'shortage'>): boolean {
  if (f.i < f.order.length) return true;
  st.stack.pop();
  return false;
}

/* ------------------------------------------------------------------ the legionnaire (§6.5) */

/** Why the legionnaire cannot go to the hex with id `hexId`, or null (SFR-LEG-1..3). */
export function legionHexError(st: SfrState, hexId: unknown): RuleError | null {
  const r = rt(st);
  const h = typeof hexId === 'string' ? r.hexIdx.get(hexId) : undefined;
  if (h === undefined) return e('noSuchHex', 'There is no such hex on the map.', 'SFR-LEG-2');
  if (r.hexes[h]!.beyond)
    return e('beyondLimes', 'The legionnaire may never go beyond the limes.', 'SFR-LEG-3');
  if (h === st.legion) return e('sameHex', 'The legionnaire must move to another hex.', 'SFR-LEG-1');
  return null;
}

/** The legionnaire moves to `hex`; the mover then robs an opponent there, if any (SFR-LEG-4). */
export function moveLegion(st: SfrState, seat: Seat, hex: number, log: EventSink, rules: string[]): void {
  st.legion = hex;
  if (log)
    emit(log, 'sfr.ev.legion', { seat, hex: rt(st).hexes[hex]!.id }, ['SFR-LEG-2', 'SFR-LEG-3', ...rules]);
  if (robTargets(st, seat, hex).length) st.stack.push({ k: 'rob', seat, hex });
  else emit(log, 'sfr.ev.noVictim', { seat }, ['SFR-LEG-4', 'SFR-TRICK-2']);
}

/** The legionnaire's moves, one per Roman hex (SFR-LEG-3), shared and frozen. */
const legionActs = perRt((r) =>
  r.roman.map((h) => frozen<SfrAction>({ type: 'legion', hex: r.hexes[h]!.id })),
);

function doLegion(st: SfrState, f: FrameOf<'legion'>, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  if (a.type === 'stay') {
    st.stack.pop();
    if (log) emit(log, 'sfr.ev.legionStays', { seat }, ['SFR-LEG-1', 'SFR-DP-5']);
    return OK;
  }
  if (a.type !== 'legion')
    return wrong('legion', 'A 7 was rolled: move the legionnaire to another hex, or leave it.', 'SFR-DP-5');
  const err = legionHexError(st, a.hex);
  if (err) return { ok: false, error: err };
  st.stack.pop();
  moveLegion(st, f.seat, rt(st).hexIdx.get(a.hex)!, log, ['SFR-LEG-1', 'SFR-DP-5']);
  return OK;
}

/** SFR-DP-5: after a 7 the start player moves the legionnaire to another Roman hex, or leaves it. */
export const legionDecision: SfrDecision<'legion'> = {
  prompt: 'sfr.legion',
  rule: 'SFR-DP-5',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (st) => ({ args: { hex: rt(st).hexes[st.legion]!.id } }),
  offers(st, _f, _seat, out) {
    const r = rt(st);
    const acts = legionActs(r);
    for (let i = 0; i < acts.length; i++) if (r.roman[i] !== st.legion) out.push(acts[i]!);
    out.push({ type: 'stay' });
  },
  answer: doLegion,
  byDefault: () => ({ type: 'stay' }),
};

/* ------------------------------------------------------------------ the robbery (SFR-LEG-4/5) */

/** Opponents of `seat` with a figure on `hex` (SFR-LEG-4). */
export function robTargets(st: SfrState, seat: Seat, hex: number): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i < st.n; i++) {
    const s = (seat + i) % st.n;
    if (touches(st, s, hex)) out.push(s);
  }
  return out;
}

function doRob(st: SfrState, f: FrameOf<'rob'>, _seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  if (a.type === 'robNone') {
    st.stack.pop();
    if (log) emit(log, 'sfr.ev.robNone', { seat: f.seat }, ['SFR-LEG-4', 'SFR-DP-6']);
    return OK;
  }
  if (a.type !== 'rob') return wrong('rob', 'Choose whom the legionnaire robs, or nobody.', 'SFR-DP-6');
  if (!robTargets(st, f.seat, f.hex).includes(a.seat))
    return fail('badVictim', 'You can rob only an opponent with a figure on that hex.', 'SFR-LEG-4');
  st.stack.pop();
  rob(st, f.seat, a.seat, log);
  return OK;
}

/** SFR-LEG-4/5: one random resource card, or 2 gold (all of it if less) from a player without cards. */
function rob(st: SfrState, thief: Seat, victim: Seat, log: EventSink): void {
  const C = rt(st).C;
  const v = st.p[victim]!,
    t = st.p[thief]!;
  const total = cardCount(v);
  if (total > 0) {
    let x = randInt(st.rng, total);
    let k = 0;
    while (x >= v.res[k]!) x -= v.res[k++]!;
    v.res[k]!--;
    t.res[k]!++;
    emit(
      log,
      'sfr.ev.robbedCard',
      { seat: thief, victim, kind: KINDS[k] },
      ['SFR-LEG-4', 'SFR-HID-5', 'SFR-RNG-2'],
      [thief, victim],
    );
    emit(log, 'sfr.ev.robbedHidden', { seat: thief, victim }, ['SFR-LEG-4', 'SFR-HID-5'], undefined, [
      thief,
      victim,
    ]);
  } else {
    const g = Math.min(C.robGold, v.gold);
    v.gold -= g;
    t.gold += g;
    emit(log, 'sfr.ev.robbedGold', { seat: thief, victim, gold: g }, ['SFR-LEG-5', 'SFR-TRICK-2']);
  }
  dropPartner(st, victim, log);
}

/** SFR-DP-6: the mover of the legionnaire robs one opponent with a figure on its hex, or nobody. */
export const robDecision: SfrDecision<'rob'> = {
  prompt: 'sfr.rob',
  rule: 'SFR-DP-6',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (st, f, seat) => ({ args: { targets: robTargets(st, seat, f.hex) } }),
  offers(st, f, seat, out) {
    for (const s of robTargets(st, seat, f.hex)) out.push({ type: 'rob', seat: s });
    out.push({ type: 'robNone' });
  },
  answer: doRob,
  byDefault: () => ({ type: 'robNone' }),
};
