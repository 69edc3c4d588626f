/**
 * Struggle for Rome rules: setup, the round driver, production with the wind rose, shortages and the
 * legionnaire, the trade & purchase steps with player trades, the tribe steps (rest, migration,
 * plunder, founding, expansion), development cards, awards and the end of the game.
 *
 * The flow is an operation stack of plain-data frames (state.stack, top = last). `advance` runs the
 * top frame's automatic steps until a frame waits for a decision; `apply` validates an action
 * completely against the frame that asked for it, then mutates the state in place. Every check
 * used to list legal actions is the same function that validates them (the `…Error` helpers).
 */
import type { ApplyResult, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, inputError, OK, randInt, ruleError, seedRng, shuffle } from '@tabula/engine';
import type { Rt, Variant } from './config.js';
import { rtOf } from './config.js';
import { defaultFor } from './legal.js';
import type {
  Bundle,
  Draft,
  Frame,
  Kind,
  Offer,
  Player,
  SfrAction,
  SfrOptions,
  SfrState,
  Take,
  Tribe,
} from './types.js';
import { CATTLE, GOLD, GRAIN, HORSES, ITEMS, KINDS, ORE, TRIBES } from './types.js';

export const RULES_VERSION = '1.1.0';

/* ------------------------------------------------------------------ helpers */

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

const fail = ruleError('sfr.err');

function e(code: string, message: string, rule?: string): RuleError {
  return fail(code, message, rule).error;
}

export const rt = (st: SfrState): Rt => rtOf(st.opts);

export function top(st: SfrState): Frame | undefined {
  // Never read past the end of an empty stack: an out-of-bounds read takes V8's slow path.
  const n = st.stack.length;
  return n > 0 ? st.stack[n - 1] : undefined;
}

export const kindIndex = (k: string): number =>
  k === 'grain' ? 0 : k === 'ore' ? 1 : k === 'horses' ? 2 : k === 'cattle' ? 3 : -1;
const ITEM_INDEX: Record<string, number> = { grain: 0, ore: 1, horses: 2, cattle: 3, gold: GOLD };
const itemIndex = (k: string): number =>
  typeof k === 'string' && Object.hasOwn(ITEM_INDEX, k) ? ITEM_INDEX[k]! : -1;

export function cardCount(p: Player): number {
  return p.res[0]! + p.res[1]! + p.res[2]! + p.res[3]!;
}

function gain(st: SfrState, p: Player, k: number): void {
  p.gold += k;
  st.bank += k;
}

function payGold(st: SfrState, p: Player, k: number): void {
  p.gold -= k;
  st.bank -= k;
}

/** A resource card back to its supply: grain/ore to the stacks, horses/cattle to the discard pile (SFR-PAST-1/3). */
function toSupply(st: SfrState, kind: number, k: number): void {
  if (kind === GRAIN) st.grain += k;
  else if (kind === ORE) st.ore += k;
  else st.pdis[kind - 2]! += k;
}

export function pastureAvailable(st: SfrState): number {
  return st.pdeck.length + st.pdis[0]! + st.pdis[1]!;
}

export function isNeutral(st: SfrState, city: number): boolean {
  return st.n === 3 && rt(st).cities[city]!.neutral3;
}

/** Tribe strength: army figures plus a Great Horseman/Warrior bonus of this phase (SFR-DEV-14). */
export function strength(st: SfrState, seat: Seat, t: number): number {
  const p = st.p[seat]!;
  const bonus = p.bonusAt === st.serial && st.phase === t + 3 ? p.bonus : 0;
  return p.tribes[t]!.army + bonus;
}

export function colours(tr: Tribe, rtx: Rt): number {
  let mask = 0;
  for (const tok of tr.loot) mask |= 1 << rtx.tokens[tok]!.prov;
  let c = 0;
  for (; mask; mask &= mask - 1) c++;
  return c;
}

function lootOfColour(tr: Tribe, rtx: Rt, prov: number): number {
  let c = 0;
  for (const tok of tr.loot) if (rtx.tokens[tok]!.prov === prov) c++;
  return c;
}

export function cityCount(p: Player): number {
  return p.tribes[0]!.kingdom.length + p.tribes[1]!.kingdom.length;
}

/** SFR-VP-1/2 and SFR-HID-7: cities and awards. */
export function publicVp(st: SfrState, s: Seat): number {
  const p = st.p[s]!;
  const C = rt(st).C;
  return (
    cityCount(p) * C.cityVp +
    p.enemy * C.awardVp.enemy +
    (p.heir ? C.awardVp.heir : 0) +
    (st.diplomacy === s ? C.awardVp.diplomacy : 0)
  );
}

/** SFR-VP-3: public VP plus hidden victory-point cards. */
export function totalVp(st: SfrState, s: Seat): number {
  const r = rt(st);
  let v = publicVp(st, s);
  for (const c of st.p[s]!.dev) {
    const d = r.dev.get(c)!;
    if (d.effect.type === 'victoryPoint') v += d.effect.vp * r.C.vpCardVp;
  }
  return v;
}

/**
 * Where a seat's victory points come from — `cities`, `heir`, `enemy`, `diplomacy`, `vpcards` —
 * joined with '+' (e.g. "cities+heir+vpcards"). Public only once the game is over (VP cards are
 * hidden until then), so reports use it for finished games.
 */
export function vpSources(st: SfrState, s: Seat): string {
  const p = st.p[s]!;
  const r = rt(st);
  const out: string[] = [];
  if (cityCount(p) > 0) out.push('cities');
  if (p.heir) out.push('heir');
  if (p.enemy > 0) out.push('enemy');
  if (st.diplomacy === s) out.push('diplomacy');
  if (p.dev.some((c) => r.dev.get(c)!.effect.type === 'victoryPoint')) out.push('vpcards');
  return out.join('+') || 'none';
}

/** Does seat have a figure on a corner node of hex (SFR-BOARD-11, SFR-PROD-2)? */
export function touches(st: SfrState, s: Seat, hex: number): boolean {
  const nodes = rt(st).hexes[hex]!.nodes;
  const p = st.p[s]!;
  for (let t = 0; t < 2; t++) {
    const tr = p.tribes[t]!;
    if (!tr.settled) {
      if (nodes.includes(tr.node)) return true;
    } else for (const c of tr.kingdom) if (nodes.includes(rt(st).cities[c]!.node)) return true;
  }
  return false;
}

/** Opponents of `seat` with a figure on `hex` (SFR-LEG-4). */
export function robTargets(st: SfrState, seat: Seat, hex: number): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i < st.n; i++) {
    const s = (seat + i) % st.n;
    if (touches(st, s, hex)) out.push(s);
  }
  return out;
}

/** Seats in turn order from the start player (SFR-ROUND-3). */
export function order(st: SfrState): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < st.n; i++) out.push((st.start + i) % st.n);
  return out;
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
function takeCard(st: SfrState, s: Seat, take: Take, log: EventSink, rule: string): boolean {
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

export function takeAvailable(st: SfrState, take: Take | 'gold', extra = [0, 0, 0]): boolean {
  if (take === 'gold') return true;
  if (take === 'grain') return st.grain + extra[0]! > 0;
  if (take === 'ore') return st.ore + extra[1]! > 0;
  return pastureAvailable(st) + extra[2]! > 0;
}

/** Draws the top development card into `s`'s hand (SFR-BUY-4, SFR-LOOT-4); false if the deck is empty. */
function drawDev(st: SfrState, s: Seat, log: EventSink, rule: string): boolean {
  const c = st.devDeck.pop();
  if (c === undefined) {
    emit(log, 'sfr.ev.devEmpty', { seat: s }, ['SFR-DEV-4', rule]);
    return false;
  }
  const p = st.p[s]!;
  p.dev.push(c);
  p.devAt.push(st.serial);
  emit(log, 'sfr.ev.devDrawn', { seat: s, card: c }, [rule, 'SFR-DEV-1'], [s]);
  emit(log, 'sfr.ev.devHidden', { seat: s }, [rule, 'SFR-DEV-1'], undefined, [s]);
  return true;
}

/** Index of a copy of `card` in `seat`'s hand that may be played now (not acquired this phase, SFR-DEV-3). */
export function playableCopy(st: SfrState, seat: Seat, card: string): number {
  const p = st.p[seat]!;
  for (let i = 0; i < p.dev.length; i++) if (p.dev[i] === card && p.devAt[i] !== st.serial) return i;
  return -1;
}

function removeCard(p: Player, i: number): void {
  p.dev.splice(i, 1);
  p.devAt.splice(i, 1);
}

/** Why `card` cannot be played by `seat` in the current phase (SFR-DEV-2/3), or null. */
export function cardError(st: SfrState, seat: Seat, card: string): RuleError | null {
  const d = rt(st).dev.get(card);
  if (!d || !d.phases.length)
    return e('notPlayable', 'That is not a development card that can be played.', 'SFR-DEV-2');
  if (!d.phases.includes(st.phase))
    return e('wrongPhase', `That card may be played only in phase ${d.phases.join('/')}.`, 'SFR-DEV-2');
  const p = st.p[seat]!;
  if (d.counts && p.cardAt === st.serial)
    return e('cardLimit', 'You have already played a development card in this phase.', 'SFR-DEV-2');
  if (!p.dev.includes(card)) return e('noCard', 'You do not hold that card.', 'SFR-DEV-1');
  if (playableCopy(st, seat, card) < 0)
    return e('cardTooNew', 'A card cannot be played in the phase in which it was acquired.', 'SFR-DEV-3');
  return null;
}

function consumeCard(st: SfrState, seat: Seat, card: string, log: EventSink, rules: string[]): void {
  const p = st.p[seat]!;
  removeCard(p, playableCopy(st, seat, card));
  p.played.push(card);
  if (rt(st).dev.get(card)!.counts) p.cardAt = st.serial;
  emit(log, 'sfr.ev.cardPlayed', { seat, card }, ['SFR-DEV-2', 'SFR-DEV-4', ...rules]);
}

/* ------------------------------------------------------------------ setup */

export function newTribe(node: number, army: number, wagons: number): Tribe {
  return { node, settled: false, army, wagons, loot: [], kingdom: [], enemy: false };
}

export function newPlayer(rtx: Rt): Player {
  const C = rtx.C;
  return {
    gold: 0,
    res: [0, 0, 0, 0],
    dev: [],
    devAt: [],
    reserve: [
      C.perPlayer[0]! - 1 - C.boxArmy,
      C.perPlayer[1]! - 1 - C.boxArmy,
      C.perPlayer[2]! - 2 * C.boxWagons,
    ],
    tribes: [newTribe(rtx.start, C.boxArmy, C.boxWagons), newTribe(rtx.start, C.boxArmy, C.boxWagons)],
    played: [],
    treasures: [],
    diplomats: 0,
    emergency: false,
    cardAt: -1,
    bonus: 0,
    bonusAt: -1,
    enemy: 0,
    heir: false,
    announced: false,
    resigned: false,
  };
}

/** An empty state shell (players at the start node, supplies full); setup and scenarios fill it. */
export function blankState(opts: SfrOptions, n: number, seed: string): SfrState {
  const r = rtOf(opts);
  const C = r.C;
  return {
    game: 'struggle-for-rome',
    opts,
    n,
    rng: seedRng(seed),
    p: Array.from({ length: n }, () => newPlayer(r)),
    start: 0,
    round: 0,
    phase: 0,
    serial: 0,
    legion: r.legionStart,
    rose: [],
    rolls: [],
    forced: [],
    grain: C.resources[0]!,
    ore: C.resources[1]!,
    pdeck: [],
    pdis: [0, 0],
    devDeck: [],
    owner: r.cities.map(() => -1),
    token: r.cities.map(() => -1),
    removed: [],
    diplomacy: -1,
    offers: [],
    drafts: Array.from({ length: n }, () => null),
    inputs: Array.from({ length: n }, () => 0),
    nextOffer: 1,
    bank: 0,
    stack: [],
    over: null,
  };
}

/** SFR-SETUP-1..12 with the generator consumed in the order of SFR-RNG-2. */
export function setupState(opts: SfrOptions, n: number, seed: string, log: EventSink): SfrState {
  const st = blankState(opts, n, seed);
  const r = rt(st);
  const C = r.C;
  // SFR-SETUP-11: the first start player.
  st.start = randInt(st.rng, n);
  // SFR-SETUP-7/8: the pasture deck and the development deck.
  for (let i = 0; i < C.resources[2]!; i++) st.pdeck.push(HORSES);
  for (let i = 0; i < C.resources[3]!; i++) st.pdeck.push(CATTLE);
  shuffle(st.rng, st.pdeck);
  st.devDeck = r.devDeck.slice();
  shuffle(st.rng, st.devDeck);
  // SFR-SETUP-4/5: loot tokens per colour onto the non-neutral cities; 3 players: leftovers removed unseen.
  r.provinces.forEach((_, prov) => {
    const toks = shuffle(st.rng, r.tokensByProv[prov]!.slice());
    r.cities.forEach((c, ci) => {
      if (c.prov === prov && !isNeutral(st, ci)) st.token[ci] = toks.pop()!;
    });
    st.removed.push(...toks);
  });
  emit(log, 'sfr.ev.setup', { players: n, start: st.start, neutral: n === 3 }, [
    'SFR-SETUP-1',
    'SFR-SETUP-2',
    'SFR-SETUP-3',
    'SFR-SETUP-4',
    'SFR-SETUP-5',
    'SFR-SETUP-6',
    'SFR-SETUP-9',
    'SFR-SETUP-11',
  ]);
  // SFR-SETUP-10/12: gold, grain and a blind pasture card, in seat order from the first start player.
  for (const s of order(st)) {
    const p = st.p[s]!;
    gain(st, p, C.startGold);
    for (let i = 0; i < C.startGrain; i++) takeCard(st, s, 'grain', log, 'SFR-SETUP-10');
    for (let i = 0; i < C.startPasture; i++) takeCard(st, s, 'pasture', log, 'SFR-SETUP-12');
  }
  st.stack.push({ k: 'round', pc: 0, i: 0 });
  advance(st, log);
  return st;
}

/* ------------------------------------------------------------------ the loop */

export function advance(st: SfrState, log: EventSink): void {
  for (;;) {
    if (st.over) {
      st.stack.length = 0;
      return;
    }
    const f = top(st);
    if (!f) throw new Error('Struggle for Rome: empty operation stack');
    if (step(st, f, log)) return;
  }
}

/** One automatic step of `f`; true when `f` waits for a decision. */
function step(st: SfrState, f: Frame, log: EventSink): boolean {
  switch (f.k) {
    case 'round':
      stepRound(st, f, log);
      return false;
    case 'roll':
      stepRoll(st, f, log);
      return false;
    case 'shortage':
      if (f.i >= f.order.length) {
        st.stack.pop();
        return false;
      }
      return true;
    case 'respond': {
      const o = st.offers.find((x) => x.id === f.offer);
      if (!o || !o.answers.includes(0)) {
        st.stack.pop();
        return false;
      }
      return true;
    }
    default:
      return true;
  }
}

function stepRound(st: SfrState, f: F<'round'>, log: EventSink): void {
  const C = rt(st).C;
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
    return;
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
      return;
    }
    f.pc++;
    f.i = 0;
    return;
  }
  // SFR-END-1..6 after phase 4.
  afterChange(st, log);
  const totals = st.p.map((_, s) => totalVp(st, s));
  if (totals.some((v, s) => v >= C.target && !st.p[s]!.resigned)) finish(st, 'vp', log);
  else if (st.opts.roundLimit > 0 && st.round >= st.opts.roundLimit) finish(st, 'round-limit', log);
  else {
    st.start = (st.start + 1) % st.n;
    f.pc = 0;
    f.i = 0;
    emit(log, 'sfr.ev.nextStart', { seat: st.start }, ['SFR-ROUND-4']);
  }
}

/** SFR-END-4/5: reveal VP cards and treasures, then decide the winners. */
export function finish(st: SfrState, reason: string, log: EventSink): void {
  const r = rt(st);
  for (let s = 0; s < st.n; s++) {
    const p = st.p[s]!;
    for (let i = p.dev.length - 1; i >= 0; i--) {
      const d = r.dev.get(p.dev[i]!)!;
      if (d.effect.type === 'gainGold') {
        gain(st, p, d.effect.gold);
        p.treasures.push(d.id);
        removeCard(p, i);
        emit(log, 'sfr.ev.treasure', { seat: s, card: d.id, gold: d.effect.gold, end: true }, [
          'SFR-END-4',
          'SFR-DEV-8',
          'SFR-FAQ-6',
        ]);
      }
    }
    emit(log, 'sfr.ev.revealVp', { seat: s, vp: totalVp(st, s), cards: p.dev.slice() }, [
      'SFR-END-4',
      'SFR-DEV-9',
    ]);
  }
  const totals = st.p.map((_, s) => totalVp(st, s));
  const target = r.C.target;
  // A resigned player cannot win (docs/games/struggle-for-rome.md, resignation).
  let pool = totals.map((_, s) => s).filter((s) => !st.p[s]!.resigned);
  if (reason === 'vp') {
    pool = pool.filter((s) => totals[s]! >= target);
    if (st.opts.tieBreak === 'vpThenGold') {
      const best = Math.max(...pool.map((s) => totals[s]!));
      pool = pool.filter((s) => totals[s] === best);
    }
  } else {
    const best = Math.max(...totals);
    pool = pool.filter((s) => totals[s] === best);
  }
  const gold = Math.max(...pool.map((s) => st.p[s]!.gold));
  const winners = pool.filter((s) => st.p[s]!.gold === gold);
  st.over = { winners, reason, scores: totals };
  emit(log, 'sfr.ev.win', { seats: winners, reason, scores: totals }, [
    'SFR-END-1',
    'SFR-END-5',
    'SFR-END-6',
  ]);
  st.stack.length = 0;
}

/** SFR-AWARD-1..5 and SFR-END-3, run after every state change. */
export function afterChange(st: SfrState, log: EventSink): void {
  const r = rt(st);
  const C = r.C;
  for (let s = 0; s < st.n; s++) {
    const p = st.p[s]!;
    if (p.diplomats >= C.diplomacyMin && st.diplomacy !== s) {
      const h = st.diplomacy;
      if (h < 0 || p.diplomats > st.p[h]!.diplomats) {
        st.diplomacy = s;
        emit(log, 'sfr.ev.award', { seat: s, award: 'diplomacy', from: h }, ['SFR-AWARD-2', 'SFR-VP-2']);
      }
    }
    for (let t = 0; t < 2; t++) {
      const tr = p.tribes[t]!;
      if (!tr.enemy && tr.loot.length >= r.provinces.length && colours(tr, r) === r.provinces.length) {
        tr.enemy = true;
        p.enemy++;
        emit(log, 'sfr.ev.award', { seat: s, award: 'enemy', tribe: TRIBES[t] }, ['SFR-AWARD-3', 'SFR-VP-2']);
      }
    }
    if (!p.heir && cityCount(p) >= C.heirCities) {
      p.heir = true;
      emit(log, 'sfr.ev.award', { seat: s, award: 'heir' }, ['SFR-AWARD-4', 'SFR-VP-2']);
    }
  }
  for (let s = 0; s < st.n; s++) {
    const p = st.p[s]!;
    if (p.announced || publicVp(st, s) + p.dev.length * r.maxCardVp < C.target) continue;
    if (totalVp(st, s) >= C.target) {
      p.announced = true;
      emit(log, 'sfr.ev.finalRound', { seat: s }, ['SFR-END-3', 'SFR-END-2', 'SFR-HID-7']);
    }
  }
}

/* ------------------------------------------------------------------ phase 1: production */

function rollDie(st: SfrState): number {
  if (st.forced.length) return st.forced.shift()!;
  return randInt(st.rng, 6) + 1;
}

function stepRoll(st: SfrState, f: F<'roll'>, log: EventSink): void {
  if (f.sum) {
    deal(st, f.sum, log);
    f.sum = 0;
    return;
  }
  if (st.rose.length >= rt(st).C.roseMarkers) {
    st.stack.pop();
    return;
  }
  const a = rollDie(st),
    b = rollDie(st);
  const sum = a + b;
  st.rolls.push([a, b]);
  if (st.rose.includes(sum)) {
    emit(log, 'sfr.ev.rollIgnored', { seat: st.start, dice: [a, b], sum }, ['SFR-ROSE-2', 'SFR-RNG-3']);
    return;
  }
  st.rose.push(sum);
  emit(log, 'sfr.ev.roll', { seat: st.start, dice: [a, b], sum }, ['SFR-ROSE-2', 'SFR-ROSE-3', 'SFR-ROSE-4']);
  if (sum === 7) {
    st.stack.push({ k: 'legion', seat: st.start });
    return;
  }
  // SFR-SHORT-1: cards owed per kind before dealing.
  const owed = [0, 0, 0];
  forRecipients(st, sum, (_, res) => owed[res]!++);
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
  if (owed[2]! > pastureAvailable(st)) {
    const need = st.p.map((p) => Math.ceil((p.res[HORSES]! + p.res[CATTLE]!) / 2));
    const ord = order(st).filter((s) => need[s]! > 0);
    emit(log, 'sfr.ev.shortage', { kind: 'pasture', owed: owed[2], stack: pastureAvailable(st), need }, [
      'SFR-SHORT-1',
      'SFR-SHORT-2',
      'SFR-SHORT-4',
    ]);
    f.sum = sum;
    if (ord.length) st.stack.push({ k: 'shortage', need, order: ord, i: 0 });
    return;
  }
  deal(st, sum, log);
}

/** Calls `fn(seat, resource)` for every card owed on `sum` in the dealing order of SFR-PROD-5. */
function forRecipients(st: SfrState, sum: number, fn: (seat: Seat, res: number, hex: number) => void): void {
  const r = rt(st);
  const hexes = r.byNumber[sum]!;
  if (!hexes.length) return;
  const hit: number[] = [];
  for (let i = 0; i < st.n; i++) {
    const s = (st.start + i) % st.n;
    // The hexes of this sum touched by the player's figures (SFR-BOARD-11), in ascending hex order.
    hit.length = 0;
    const p = st.p[s]!;
    for (let t = 0; t < 2; t++) {
      const tr = p.tribes[t]!;
      if (!tr.settled) mark(r, tr.node, sum, st.legion, hit);
      else for (const c of tr.kingdom) mark(r, r.cities[c]!.node, sum, st.legion, hit);
    }
    if (hit.length > 1) hit.sort((a, b) => hexes.indexOf(a) - hexes.indexOf(b));
    for (const h of hit) fn(s, r.hexes[h]!.res, h);
  }
}

function mark(r: Rt, node: number, sum: number, legion: number, hit: number[]): void {
  for (const h of r.nodes[node]!.hexes) {
    const hx = r.hexes[h]!;
    if (hx.num === sum && h !== legion && hx.res >= 0 && !hit.includes(h)) hit.push(h);
  }
}

/** SFR-PROD-1..5, SFR-SHORT-3: one card per producing hex and player, until a supply runs out. */
function deal(st: SfrState, sum: number, log: EventSink): void {
  const r = rt(st);
  const got: number[] | null = log ? st.p.map(() => 0) : null;
  forRecipients(st, sum, (s, res, h) => {
    const take: Take = res === 0 ? 'grain' : res === 1 ? 'ore' : 'pasture';
    if (takeCard(st, s, take, log, 'SFR-PROD-3')) {
      if (got) got[s]!++;
    } else
      emit(log, 'sfr.ev.lost', { seat: s, kind: take, hex: r.hexes[h]!.id }, ['SFR-SHORT-3', 'SFR-PAST-4']);
  });
  if (log)
    emit(log, 'sfr.ev.produced', { sum, cards: got }, [
      'SFR-PROD-1',
      'SFR-PROD-2',
      'SFR-PROD-4',
      'SFR-LEG-6',
    ]);
}

/* ------------------------------------------------------------------ pending seats */

/** Seats the game waits for now. */
export function pendingSeats(st: SfrState): Seat[] {
  const f = top(st);
  if (!f || st.over) return [];
  switch (f.k) {
    case 'legion':
    case 'rob':
    case 'trade':
    case 'act':
      return [f.seat];
    case 'shortage':
      return f.i < f.order.length ? [f.order[f.i]!] : [];
    case 'respond': {
      const o = st.offers.find((x) => x.id === f.offer);
      const out: Seat[] = [];
      if (o) for (let s = 0; s < st.n; s++) if (o.answers[s] === 0) out.push(s);
      return out;
    }
    default:
      return [];
  }
}

export function isPending(st: SfrState, seat: Seat): boolean {
  const f = top(st);
  if (!f || st.over) return false;
  switch (f.k) {
    case 'legion':
    case 'rob':
    case 'trade':
    case 'act':
      return f.seat === seat;
    case 'shortage':
      return f.order[f.i] === seat;
    case 'respond':
      return st.offers.find((x) => x.id === f.offer)?.answers[seat] === 0;
    default:
      return false;
  }
}

/** The seat whose step is in progress (phase 2–4), or -1. */
export function actingSeat(st: SfrState): Seat {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'trade' || f.k === 'act') return f.seat;
  }
  return -1;
}

/* ------------------------------------------------------------------ apply */

export function apply(st: SfrState, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  const bad = inputError(fail, a, seat, st.n, 'SFR-CONV-3');
  if (bad) return bad;
  if (st.over) return fail('over', 'The game is over.', 'SFR-END-1');
  if (st.p[seat]!.resigned)
    return fail('resigned', 'You have resigned: you no longer take part in this game.', 'SFR-ROUND-5');
  if (a.type === 'resign') {
    resign(st, seat, log);
    return OK;
  }
  const r = dispatch(st, seat, a, log);
  if (r.ok) {
    afterChange(st, log);
    advance(st, log);
    answerForResigned(st, log);
  }
  return r;
}

/**
 * Resignation (not in the rulebook; docs/games/struggle-for-rome.md): the player leaves the game at
 * once, whatever is being decided. His tribes, cities and cards stay where they are (as a player who
 * leaves a table leaves his pieces), every decision of his takes its timeout default (spec §18), and he
 * cannot win. When one player is left who has not resigned, that player wins at once.
 */
function resign(st: SfrState, seat: Seat, log: EventSink): void {
  st.p[seat]!.resigned = true;
  emit(log, 'sfr.ev.resigned', { seat }, ['SFR-DP-23']);
  const left: Seat[] = [];
  for (let s = 0; s < st.n; s++) if (!st.p[s]!.resigned) left.push(s);
  if (left.length === 1) {
    finishByResignation(st, left[0]!, log);
    return;
  }
  answerForResigned(st, log);
}

/** The last player who has not resigned wins (the others' VP and gold are shown as at any end). */
function finishByResignation(st: SfrState, winner: Seat, log: EventSink): void {
  const totals = st.p.map((_, s) => totalVp(st, s));
  st.over = { winners: [winner], reason: 'resigned', scores: totals };
  emit(log, 'sfr.ev.win', { seats: [winner], reason: 'resigned', scores: totals }, ['SFR-END-1']);
  st.stack.length = 0;
}

/** Answers every decision a resigned player is asked with its default, until none is left. */
function answerForResigned(st: SfrState, log: EventSink): void {
  let any = false;
  for (let s = 0; s < st.n; s++) any ||= st.p[s]!.resigned;
  if (!any) return;
  for (let guard = 0; guard < 10_000 && !st.over; guard++) {
    const seat = pendingSeats(st).find((s) => st.p[s]!.resigned);
    if (seat === undefined) return;
    const d = defaultFor(st, seat);
    const r = d ? dispatch(st, seat, d, log) : notYours();
    if (!r.ok)
      throw new Error(`Struggle for Rome: the default of a resigned seat was refused: ${r.error.message}`);
    afterChange(st, log);
    advance(st, log);
  }
}

const notYours = () => fail('notYourDecision', 'It is not your decision now.', 'SFR-ROUND-5');
/**
 * An input that does not answer the decision waiting for it: `point` names that decision (its code
 * `wrongAction.<point>` says what the game waits for), `rule` the rule that sets it.
 */
const wrong = (point: string, message: string, rule: string) => fail(`wrongAction.${point}`, message, rule);

function dispatch(st: SfrState, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  const f = top(st);
  if (!f || !isPending(st, seat)) return notYours();
  switch (f.k) {
    case 'legion':
      return doLegion(st, f, seat, a, log);
    case 'rob':
      return doRob(st, f, a, log);
    case 'shortage':
      return doShortage(st, f, seat, a, log);
    case 'trade':
      return doTrade(st, f, seat, a, log);
    case 'respond':
      return doRespond(st, f, seat, a, log);
    case 'act':
      return doAct(st, f, seat, a, log);
    default:
      return notYours();
  }
}

/* ------------------------------------------------------------------ legionnaire and robbery */

export function legionHexError(st: SfrState, hexId: unknown): RuleError | null {
  const r = rt(st);
  const h = typeof hexId === 'string' ? r.hexIdx.get(hexId) : undefined;
  if (h === undefined) return e('noSuchHex', 'There is no such hex on the map.', 'SFR-LEG-2');
  if (r.hexes[h]!.beyond)
    return e('beyondLimes', 'The legionnaire may never go beyond the limes.', 'SFR-LEG-3');
  if (h === st.legion) return e('sameHex', 'The legionnaire must move to another hex.', 'SFR-LEG-1');
  return null;
}

function moveLegion(st: SfrState, seat: Seat, hex: number, log: EventSink, rules: string[]): void {
  st.legion = hex;
  emit(log, 'sfr.ev.legion', { seat, hex: rt(st).hexes[hex]!.id }, ['SFR-LEG-2', 'SFR-LEG-3', ...rules]);
  if (robTargets(st, seat, hex).length) st.stack.push({ k: 'rob', seat, hex });
  else emit(log, 'sfr.ev.noVictim', { seat }, ['SFR-LEG-4', 'SFR-TRICK-2']);
}

function doLegion(st: SfrState, f: F<'legion'>, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  if (a.type === 'stay') {
    st.stack.pop();
    emit(log, 'sfr.ev.legionStays', { seat }, ['SFR-LEG-1', 'SFR-DP-5']);
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

function doRob(st: SfrState, f: F<'rob'>, a: SfrAction, log: EventSink): ApplyResult {
  if (a.type === 'robNone') {
    st.stack.pop();
    emit(log, 'sfr.ev.robNone', { seat: f.seat }, ['SFR-LEG-4', 'SFR-DP-6']);
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

/* ------------------------------------------------------------------ pasture shortage */

function doShortage(st: SfrState, f: F<'shortage'>, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
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

/* ------------------------------------------------------------------ phase 2: trade & purchase */

export type Purchase = 'pair' | 'wagon' | 'dev';

export function costOf(st: SfrState, what: Purchase): Bundle {
  const C = rt(st).C;
  return what === 'pair' ? C.pairCost : what === 'wagon' ? C.wagonCost : C.devCost;
}

/** Why `seat` cannot buy `what` with the given emergency replacement (SFR-BUY, SFR-GOLD-2), or null. */
export function buyError(st: SfrState, seat: Seat, what: Purchase, emergency: unknown): RuleError | null {
  const p = st.p[seat]!;
  const C = rt(st).C;
  const cost = costOf(st, what);
  let em = -1;
  if (emergency !== undefined) {
    em = kindIndex(emergency as string);
    if (em < 0 || !cost[em])
      return e(
        'badEmergency',
        'Emergency gold must replace one resource card of this purchase.',
        'SFR-GOLD-2',
      );
    if (p.emergency || C.emergencyTimes < 1)
      return e('emergencyUsed', 'You have already used your emergency gold.', 'SFR-GOLD-2');
  }
  for (let k = 0; k < 4; k++)
    if (p.res[k]! < cost[k]! - (k === em ? 1 : 0))
      return e(
        'cannotAfford',
        'You cannot pay for that.',
        what === 'pair' ? 'SFR-BUY-1' : what === 'wagon' ? 'SFR-BUY-3' : 'SFR-BUY-4',
      );
  if (p.gold < cost[GOLD]! + (em >= 0 ? C.emergencyGold : 0))
    return e('cannotAfford', 'You do not have enough gold.', 'SFR-GOLD-1');
  if (what === 'pair' && p.reserve[0]! + p.reserve[1]! === 0)
    return e('noFigures', 'Your reserve has no horseman and no warrior.', 'SFR-BUY-2');
  if (what === 'wagon' && p.reserve[2]! === 0)
    return e('noWagons', 'Your reserve has no wagon.', 'SFR-BUY-3');
  if (what === 'dev' && st.devDeck.length === 0)
    return e('devEmpty', 'The development deck is empty.', 'SFR-BUY-4');
  return null;
}

function pay(st: SfrState, seat: Seat, cost: Bundle, em: number, log: EventSink): void {
  const p = st.p[seat]!;
  const C = rt(st).C;
  for (let k = 0; k < 4; k++) {
    const n = cost[k]! - (k === em ? 1 : 0);
    if (n > 0) {
      p.res[k]! -= n;
      toSupply(st, k, n);
    }
  }
  const g = cost[GOLD]! + (em >= 0 ? C.emergencyGold : 0);
  if (g) payGold(st, p, g);
  if (em >= 0) {
    p.emergency = true;
    emit(log, 'sfr.ev.emergency', { seat, kind: KINDS[em], gold: C.emergencyGold }, [
      'SFR-GOLD-2',
      'SFR-GOLD-3',
      'SFR-DP-14',
    ]);
  }
}

/** SFR-BANK-1/2: `give` = the kind paid in threes; `get` must have a supply after payment. */
export function bankError(st: SfrState, seat: Seat, give: unknown, get: unknown): RuleError | null {
  const k = kindIndex(give as string);
  if (k < 0) return e('badKind', 'Give three cards of one resource kind.', 'SFR-BANK-1');
  if (get !== 'grain' && get !== 'ore' && get !== 'pasture')
    return e('badTake', 'Take grain, ore or a blind pasture card.', 'SFR-BANK-1');
  const rate = rt(st).C.bankRate;
  if (st.p[seat]!.res[k]! < rate) return e('cannotAfford', `You need ${rate} identical cards.`, 'SFR-BANK-1');
  const extra = [k === GRAIN ? rate : 0, k === ORE ? rate : 0, k >= HORSES ? rate : 0];
  if (!takeAvailable(st, get, extra)) return e('supplyEmpty', 'That supply is empty.', 'SFR-BANK-2');
  return null;
}

function tradeFrameSeat(st: SfrState): Seat {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'trade') return f.seat;
  }
  return -1;
}

function doTrade(st: SfrState, f: F<'trade'>, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  const p = st.p[seat]!;
  const C = rt(st).C;
  switch (a.type) {
    case 'endStep':
      endTradeStep(st, seat, log);
      return OK;
    case 'bank': {
      const err = bankError(st, seat, a.give, a.get);
      if (err) return { ok: false, error: err };
      const k = kindIndex(a.give);
      p.res[k]! -= C.bankRate;
      toSupply(st, k, C.bankRate);
      emit(log, 'sfr.ev.bank', { seat, give: a.give, count: C.bankRate, get: a.get }, [
        'SFR-BANK-1',
        'SFR-DP-10',
        'SFR-HID-1',
      ]);
      takeCard(st, seat, a.get, log, 'SFR-BANK-1');
      return OK;
    }
    case 'buyPair':
    case 'buyWagon':
    case 'buyDev': {
      const what: Purchase = a.type === 'buyPair' ? 'pair' : a.type === 'buyWagon' ? 'wagon' : 'dev';
      if (a.type === 'buyWagon' && a.box !== 'horsemen' && a.box !== 'warriors')
        return fail('badBox', 'Put the wagon into the horsemen or the warriors box.', 'SFR-BUY-3');
      const err = buyError(st, seat, what, a.emergency);
      if (err) return { ok: false, error: err };
      pay(st, seat, costOf(st, what), a.emergency === undefined ? -1 : kindIndex(a.emergency), log);
      if (a.type === 'buyPair') {
        const got: string[] = [];
        for (let t = 0; t < 2; t++)
          if (p.reserve[t]! > 0) {
            p.reserve[t]!--;
            p.tribes[t]!.army++;
            got.push(TRIBES[t]!);
          }
        emit(log, 'sfr.ev.buyPair', { seat, got }, [
          'SFR-BUY-1',
          'SFR-BUY-2',
          'SFR-BUY-5',
          'SFR-FAQ-2',
          'SFR-DP-11',
        ]);
      } else if (a.type === 'buyWagon') {
        p.reserve[2]!--;
        p.tribes[a.box === 'horsemen' ? 0 : 1]!.wagons++;
        emit(log, 'sfr.ev.buyWagon', { seat, box: a.box }, ['SFR-BUY-3', 'SFR-DP-12']);
      } else {
        emit(log, 'sfr.ev.buyDev', { seat }, ['SFR-BUY-4', 'SFR-DP-13']);
        drawDev(st, seat, log, 'SFR-BUY-4');
      }
      return OK;
    }
    case 'play':
      return playPhase2(st, seat, a, log);
    case 'reveal':
      return reveal(st, seat, a.card, log);
    case 'draft':
    case 'give':
    case 'ungive':
    case 'want':
    case 'unwant':
    case 'post':
    case 'drop':
      return drafting(st, seat, a, log);
    case 'execute':
      return execute(st, seat, a.offer, a.with, log);
    case 'withdraw': {
      const i = st.offers.findIndex((o) => o.id === a.offer && o.from === seat);
      if (i < 0) return fail('notYourOffer', 'You can only withdraw your own open offers.', 'SFR-TRADE-5');
      st.offers.splice(i, 1);
      emit(log, 'sfr.ev.withdrawn', { seat, offer: a.offer }, ['SFR-TRADE-5', 'SFR-DP-8']);
      return OK;
    }
    default:
      if (f.seat !== seat) return notYours();
      return wrong(
        'trade',
        'It is your trade & purchase step: trade, buy, play a card, or end your step.',
        'SFR-ROUND-1',
      );
  }
}

function endTradeStep(st: SfrState, seat: Seat, log: EventSink): void {
  st.stack.pop();
  if (st.offers.length)
    emit(log, 'sfr.ev.offersDie', { count: st.offers.length }, ['SFR-TRADE-5', 'SFR-TRADE-6']);
  st.offers = [];
  for (let s = 0; s < st.n; s++) {
    st.drafts[s] = null;
    st.inputs[s] = 0;
  }
  emit(log, 'sfr.ev.stepEnd', { seat, phase: 2 }, ['SFR-TRADE-1', 'SFR-DP-23']);
}

export function takeCountsOk(st: SfrState, takes: Take[]): boolean {
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

function playPhase2(
  st: SfrState,
  seat: Seat,
  a: Extract<SfrAction, { type: 'play' }>,
  log: EventSink,
): ApplyResult {
  const err = cardError(st, seat, a.card);
  if (err) return { ok: false, error: err };
  const d = rt(st).dev.get(a.card)!;
  const eff = d.effect;
  if (eff.type === 'moveLegionnaire') {
    const he = legionHexError(st, a.hex);
    if (he) return { ok: false, error: he };
    consumeCard(st, seat, a.card, log, ['SFR-DEV-5', 'SFR-DP-15']);
    st.p[seat]!.diplomats++;
    moveLegion(st, seat, rt(st).hexIdx.get(a.hex!)!, log, ['SFR-DEV-5', 'SFR-FAQ-8']);
    if (!eff.rob) {
      const f = top(st);
      if (f?.k === 'rob') st.stack.pop();
    }
    return OK;
  }
  if (eff.type === 'takeResources') {
    const takes = a.take;
    if (!Array.isArray(takes) || takes.length !== eff.count || takes.some((t) => !eff.choices.includes(t)))
      return fail('badTake', `Choose ${eff.count} of: ${eff.choices.join(', ')}.`, 'SFR-DEV-10');
    if (!takeCountsOk(st, takes)) return fail('supplyEmpty', 'That supply is empty.', 'SFR-DEV-10');
    consumeCard(st, seat, a.card, log, ['SFR-DEV-10', 'SFR-DP-15']);
    for (const t of takes) takeCard(st, seat, t, log, 'SFR-DEV-10');
    return OK;
  }
  return fail('wrongPhase', 'That card is not played in this phase.', 'SFR-DEV-2');
}

/** SFR-DEV-8: a treasure acquired in this step may be revealed at once. */
function reveal(st: SfrState, seat: Seat, card: string, log: EventSink): ApplyResult {
  const p = st.p[seat]!;
  const d = rt(st).dev.get(card);
  if (!d || d.effect.type !== 'gainGold')
    return fail('notTreasure', 'Only a treasure can be revealed.', 'SFR-DEV-8');
  let i = -1;
  for (let j = 0; j < p.dev.length; j++) if (p.dev[j] === card && p.devAt[j] === st.serial) i = j;
  if (i < 0)
    return fail('notNew', 'A treasure can be revealed only right after you acquire it.', 'SFR-DEV-8');
  removeCard(p, i);
  p.treasures.push(card);
  gain(st, p, d.effect.gold);
  emit(log, 'sfr.ev.treasure', { seat, card, gold: d.effect.gold, end: false }, ['SFR-DEV-8', 'SFR-DP-16']);
  return OK;
}

/* ------------------------------------------------------------------ player trades (SFR-TRADE) */

export const bundleCards = (b: Bundle): number => b[0]! + b[1]! + b[2]! + b[3]!;
const bundleTotal = (b: Bundle): number => bundleCards(b) + b[4]!;

export function holds(p: Player, b: Bundle): boolean {
  for (let k = 0; k < 4; k++) if (p.res[k]! < b[k]!) return false;
  return p.gold >= b[4]!;
}

/** SFR-TRADE-3: both sides non-empty, at least one resource card in total. */
export function offerShapeOk(give: Bundle, get: Bundle): boolean {
  return bundleTotal(give) > 0 && bundleTotal(get) > 0 && bundleCards(give) + bundleCards(get) > 0;
}

export function inputsLeft(st: SfrState, seat: Seat): boolean {
  const lim = st.opts.tradeInputLimit;
  return lim === 0 || st.inputs[seat]! < lim;
}

/** The acting player's own open offers. */
export function ownOffers(st: SfrState, seat: Seat): number {
  let k = 0;
  for (const o of st.offers) if (o.from === seat) k++;
  return k;
}

/** Why a drafting step is not possible for `seat`, or null (shared by listing and validation). */
export function draftError(st: SfrState, seat: Seat, a: SfrAction): RuleError | null {
  const C = rt(st).C;
  const acting = tradeFrameSeat(st);
  const f = top(st)!;
  const d = st.drafts[seat];
  if (!inputsLeft(st, seat) && a.type !== 'post' && a.type !== 'drop')
    return e('tradeLimit', 'You have used all your trading inputs for this step.', 'SFR-TRADE-5');
  if (a.type === 'draft') {
    if (d) return e('draftOpen', 'You already have an offer draft.', 'SFR-TRADE-5');
    if (f.k === 'trade') {
      if (a.to !== -1 && (!Number.isInteger(a.to) || a.to < 0 || a.to >= st.n || a.to === seat))
        return e('badRecipient', 'An offer goes to one other player or to everyone.', 'SFR-TRADE-5');
      if (ownOffers(st, seat) >= C.trade.maxOpenOffers)
        return e(
          'tooManyOffers',
          `At most ${C.trade.maxOpenOffers} offers may be open at once.`,
          'SFR-TRADE-5',
        );
    } else if (a.to !== acting)
      return e('badRecipient', 'A counter-offer goes to the acting player.', 'SFR-TRADE-6');
    return null;
  }
  if (!d) return e('noDraft', 'Start an offer draft first.', 'SFR-TRADE-5');
  const p = st.p[seat]!;
  switch (a.type) {
    case 'give':
    case 'want': {
      const i = itemIndex(a.item);
      if (i < 0)
        return e('badItem', 'Only grain, ore, horses, cattle and gold can be traded.', 'SFR-TRADE-2');
      const side = a.type === 'give' ? d.give : d.get;
      if (i === GOLD) {
        if (side[GOLD]! >= C.trade.maxGoldPerSide)
          return e('offerTooBig', `At most ${C.trade.maxGoldPerSide} gold per side.`, 'SFR-TRADE-5');
      } else if (bundleCards(side) >= C.trade.maxCardsPerSide)
        return e('offerTooBig', `At most ${C.trade.maxCardsPerSide} cards per side.`, 'SFR-TRADE-5');
      if (a.type === 'give' && (i === GOLD ? p.gold : p.res[i]!) <= side[i]!)
        return e('notHeld', 'You can only offer what you hold.', 'SFR-TRADE-3');
      return null;
    }
    case 'ungive':
    case 'unwant': {
      const i = itemIndex(a.item);
      const side = a.type === 'ungive' ? d.give : d.get;
      if (i < 0 || side[i]! <= 0) return e('notInOffer', 'That is not in your draft.', 'SFR-TRADE-5');
      return null;
    }
    case 'post':
      if (!offerShapeOk(d.give, d.get))
        return e(
          'badShape',
          'An offer needs something on both sides and at least one resource card.',
          'SFR-TRADE-3',
        );
      if (!holds(p, d.give)) return e('notHeld', 'You can only offer what you hold.', 'SFR-TRADE-3');
      if (f.k === 'trade' && ownOffers(st, seat) >= C.trade.maxOpenOffers)
        return e(
          'tooManyOffers',
          `At most ${C.trade.maxOpenOffers} offers may be open at once.`,
          'SFR-TRADE-5',
        );
      return null;
    case 'drop':
      return null;
    default:
      return e('wrongAction.draft', 'That is not a step of an offer draft.', 'SFR-DP-8');
  }
}

function drafting(st: SfrState, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  const err = draftError(st, seat, a);
  if (err) return { ok: false, error: err };
  st.inputs[seat]!++;
  const f = top(st)!;
  switch (a.type) {
    case 'draft':
      st.drafts[seat] = {
        to: a.to,
        give: [0, 0, 0, 0, 0],
        get: [0, 0, 0, 0, 0],
        counterTo: f.k === 'respond' ? f.offer : 0,
      };
      return OK;
    case 'give':
    case 'want':
    case 'ungive':
    case 'unwant': {
      const d = st.drafts[seat]!;
      const side = a.type === 'give' || a.type === 'ungive' ? d.give : d.get;
      side[itemIndex(a.item)]! += a.type === 'give' || a.type === 'want' ? 1 : -1;
      return OK;
    }
    case 'drop':
      st.drafts[seat] = null;
      return OK;
    case 'post': {
      const d = st.drafts[seat]!;
      st.drafts[seat] = null;
      const o: Offer = {
        id: st.nextOffer++,
        from: seat,
        to: d.to,
        give: d.give.slice(),
        get: d.get.slice(),
        answers: st.p.map(() => -1),
        counterTo: d.counterTo,
      };
      if (f.k === 'trade') {
        for (let s = 0; s < st.n; s++) if (s !== seat && (d.to === -1 || d.to === s)) o.answers[s] = 0;
        st.offers.push(o);
        emit(log, 'sfr.ev.offer', { ...offerParams(o) }, ['SFR-TRADE-5', 'SFR-HID-6', 'SFR-DP-8']);
        st.stack.push({ k: 'respond', offer: o.id });
      } else {
        const orig = st.offers.find((x) => x.id === d.counterTo);
        if (orig) orig.answers[seat] = 3;
        st.offers.push(o);
        emit(log, 'sfr.ev.counter', { ...offerParams(o) }, ['SFR-TRADE-6', 'SFR-HID-6', 'SFR-DP-9']);
      }
      return OK;
    }
    default:
      return wrong('draft', 'That is not a step of an offer draft.', 'SFR-DP-8');
  }
}

export function offerParams(o: Offer): Record<string, unknown> {
  return {
    offer: o.id,
    seat: o.from,
    to: o.to,
    give: o.give.slice(),
    get: o.get.slice(),
    counterTo: o.counterTo,
  };
}

function doRespond(st: SfrState, f: F<'respond'>, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  const o = st.offers.find((x) => x.id === f.offer)!;
  switch (a.type) {
    case 'accept':
      if (a.offer !== o.id) return fail('noSuchOffer', 'Answer the offer in front of you.', 'SFR-TRADE-6');
      if (!holds(st.p[seat]!, o.get))
        return fail('cannotSupply', 'You do not hold what the offer asks for.', 'SFR-TRADE-6');
      o.answers[seat] = 1;
      st.drafts[seat] = null;
      emit(log, 'sfr.ev.accepted', { seat, offer: o.id }, ['SFR-TRADE-6', 'SFR-DP-9']);
      return OK;
    case 'decline':
      if (a.offer !== o.id) return fail('noSuchOffer', 'Answer the offer in front of you.', 'SFR-TRADE-6');
      o.answers[seat] = 2;
      st.drafts[seat] = null;
      emit(log, 'sfr.ev.declined', { seat, offer: o.id }, ['SFR-TRADE-6', 'SFR-DP-9']);
      return OK;
    case 'draft':
    case 'give':
    case 'ungive':
    case 'want':
    case 'unwant':
    case 'post':
    case 'drop':
      return drafting(st, seat, a, log);
    default:
      return wrong('respond', 'An offer waits for your answer: accept, decline or counter it.', 'SFR-DP-9');
  }
}

/** Why the acting player cannot execute offer `id` with `partner`, or null (SFR-TRADE-6). */
export function executeError(st: SfrState, seat: Seat, id: number, partner: Seat): RuleError | null {
  const o = st.offers.find((x) => x.id === id);
  if (!o) return e('noSuchOffer', 'That offer is no longer open.', 'SFR-TRADE-5');
  const p = st.p[seat]!;
  if (o.from === seat) {
    if (o.answers[partner] !== 1)
      return e('notAccepted', 'That player has not accepted the offer.', 'SFR-TRADE-6');
    if (!holds(p, o.give)) return e('notHeld', 'You no longer hold what you offered.', 'SFR-TRADE-6');
  } else {
    if (o.from !== partner || o.to !== seat)
      return e('notYourOffer', 'That counter-offer is not addressed to you.', 'SFR-TRADE-6');
    if (!holds(p, o.get))
      return e('notHeld', 'You do not hold what the counter-offer asks for.', 'SFR-TRADE-6');
  }
  return null;
}

function execute(st: SfrState, seat: Seat, id: number, partner: Seat, log: EventSink): ApplyResult {
  const err = executeError(st, seat, id, partner);
  if (err) return { ok: false, error: err };
  const o = st.offers.find((x) => x.id === id)!;
  const from = st.p[o.from]!;
  const to = st.p[o.from === seat ? partner : seat]!;
  // SFR-TRADE-6: re-validated at execution. A partner's holdings change only through trades with the
  // acting player or a robbery, both of which clear the partner's answers (dropPartner).
  if (!holds(from, o.give) || !holds(to, o.get))
    return fail('cannotSupply', 'A side no longer holds its part.', 'SFR-TRADE-6');
  for (let k = 0; k < 4; k++) {
    from.res[k]! += o.get[k]! - o.give[k]!;
    to.res[k]! += o.give[k]! - o.get[k]!;
  }
  from.gold += o.get[GOLD]! - o.give[GOLD]!;
  to.gold += o.give[GOLD]! - o.get[GOLD]!;
  st.offers.splice(st.offers.indexOf(o), 1);
  emit(log, 'sfr.ev.trade', { ...offerParams(o), with: partner }, [
    'SFR-TRADE-2',
    'SFR-TRADE-4',
    'SFR-TRADE-6',
    'SFR-HID-6',
  ]);
  dropPartner(st, partner, log);
  return OK;
}

/** A partner's holdings changed: its acceptances and counter-offers die (they were checked against them). */
function dropPartner(st: SfrState, s: Seat, log: EventSink): void {
  let dropped = 0;
  for (let i = st.offers.length - 1; i >= 0; i--) {
    const o = st.offers[i]!;
    if (o.from === s) {
      st.offers.splice(i, 1);
      dropped++;
    } else if (o.answers[s] === 1) {
      o.answers[s] = 2;
      dropped++;
    }
  }
  if (dropped) emit(log, 'sfr.ev.answersDropped', { seat: s }, ['SFR-TRADE-6']);
}

/* ------------------------------------------------------------------ phases 3/4: tribe steps */

export type Deed = 'plunder' | 'found' | 'expand';

/** The card a deed or movement uses must be a matching development card playable now. */
function modifierError(st: SfrState, seat: Seat, card: unknown, want: string[]): RuleError | null {
  if (card === undefined) return null;
  const d = rt(st).dev.get(card as string);
  if (!d || !want.includes(d.effect.type))
    return e('badCard', 'That card does not modify this action.', 'SFR-DEV-13');
  return cardError(st, seat, d.id);
}

/** Why tribe `t` of `seat` cannot plunder / found at / conquer city `c` now, or null. */
export function deedError(st: SfrState, f: F<'act'>, deed: Deed, c: number, card?: string): RuleError | null {
  const r = rt(st);
  const C = r.C;
  const p = st.p[f.seat]!;
  const tr = p.tribes[f.t]!;
  const city = r.cities[c];
  if (!city) return e('noSuchCity', 'There is no such city.', 'SFR-BOARD-5');
  if (f.done) return e('alreadyDone', 'Only one plunder or conquest per step.', 'SFR-ACT-4');
  const merr = modifierError(st, f.seat, card, ['ignoreTowers']);
  if (merr) return merr;
  if (isNeutral(st, c))
    return e('neutral', 'Neutral cities cannot be plundered, founded at or conquered.', 'SFR-SETUP-4');
  if (st.owner[c]! >= 0) return e('owned', 'That city belongs to a kingdom.', 'SFR-EXP-3');
  const towers = card !== undefined ? 0 : city.towers;
  if (strength(st, f.seat, f.t) < towers)
    return e(
      'tooWeak',
      `The tribe's strength ${strength(st, f.seat, f.t)} is less than the city's ${city.towers} towers.`,
      deed === 'plunder' ? 'SFR-PLUN-1' : deed === 'found' ? 'SFR-FOUND-1' : 'SFR-EXP-1',
    );
  if (deed === 'expand') {
    if (!tr.settled) return e('nomadic', 'Only a settled tribe expands its kingdom.', 'SFR-EXP-1');
    let near = false;
    for (const k of tr.kingdom) if (r.reach1[k]!.includes(c)) near = true;
    if (!near) return e('tooFar', 'The city is more than one arrow from your kingdom.', 'SFR-EXP-1');
    if (tr.wagons < 1 || tr.army < 1)
      return e('noWagon', 'Expanding needs a wagon and an army figure in the box.', 'SFR-EXP-1');
    return null;
  }
  if (tr.settled) return e('settled', 'A settled tribe never plunders or founds again.', 'SFR-ACT-3');
  if (!r.nodes[tr.node]!.cities.includes(c))
    return e(
      'notAdjacent',
      'The marker must stand on a crossroads next to the city.',
      deed === 'plunder' ? 'SFR-PLUN-1' : 'SFR-FOUND-1',
    );
  if (deed === 'plunder') {
    if (st.token[c]! < 0) return e('plundered', 'That city has already been plundered.', 'SFR-PLUN-4');
    if (lootOfColour(tr, r, city.prov) >= C.perColour)
      return e('colourCap', `A tribe holds at most ${C.perColour} tokens of one colour.`, 'SFR-LOOT-8');
    return null;
  }
  if (colours(tr, r) < C.foundColours)
    return e('needColours', `Founding needs loot of ${C.foundColours} different colours.`, 'SFR-FOUND-1');
  if (tr.wagons < 1) return e('noWagon', 'Founding needs a wagon in the box.', 'SFR-FOUND-1');
  return null;
}

/** Arrows of a route and their cost under a variant; null if the route is not a walk along sections. */
export function routeCost(
  st: SfrState,
  from: number,
  route: unknown,
  v: Variant,
): { land: number; sea: number; to: number } | null {
  const r = rt(st);
  if (!Array.isArray(route) || route.length < 2) return null;
  let cur = r.nodeIdx.get(route[0] as string);
  if (cur !== from) return null;
  let used = 0,
    land = 0,
    sea = 0;
  for (let i = 1; i < route.length; i++) {
    const y = r.nodeIdx.get(route[i] as string);
    if (y === undefined) return null;
    const nd = r.nodes[cur!]!;
    const j = nd.adj.indexOf(y);
    if (j < 0) return null;
    const a = nd.arrow[j]!;
    if (a > 0) {
      if (used < v.free) used++;
      else if (a === 1) land++;
      else if (!v.seaFree) sea++;
    }
    cur = y;
  }
  return { land, sea, to: cur! };
}

export function variantOf(st: SfrState, card: string | undefined): Variant {
  const C = rt(st).C;
  if (card === undefined) return { free: C.freeArrows, seaFree: false };
  const d = rt(st).dev.get(card)!;
  if (d.effect.type === 'freeArrows') return { free: Math.max(C.freeArrows, d.effect.count), seaFree: false };
  return { free: C.freeArrows, seaFree: true };
}

/** Is node `y` a free crossroads for `seat` (SFR-MOVE-2)? */
export function freeCrossroads(st: SfrState, seat: Seat, y: number): boolean {
  if (rt(st).nodes[y]!.city >= 0) return false;
  for (let s = 0; s < st.n; s++) {
    if (s === seat) continue;
    const tr = st.p[s]!.tribes;
    if ((!tr[0]!.settled && tr[0]!.node === y) || (!tr[1]!.settled && tr[1]!.node === y)) return false;
  }
  return true;
}

export function moveError(
  st: SfrState,
  f: F<'act'>,
  a: Extract<SfrAction, { type: 'move' }>,
): RuleError | null {
  const r = rt(st);
  const C = r.C;
  const p = st.p[f.seat]!;
  const tr = p.tribes[f.t]!;
  if (tr.settled) return e('settled', 'A settled tribe never moves.', 'SFR-ACT-3');
  if (f.moved || f.done)
    return e('alreadyMoved', 'At most one movement per step, and none after a plunder.', 'SFR-ACT-4');
  const merr = modifierError(st, f.seat, a.card, ['freeArrows', 'freeSeaArrows']);
  if (merr) return merr;
  const to = r.nodeIdx.get(a.to);
  if (to === undefined) return e('noSuchNode', 'There is no such crossroads on the map.', 'SFR-MOVE-2');
  if (to === tr.node)
    return e('sameNode', 'The destination must differ from the current node.', 'SFR-MOVE-2');
  if (!freeCrossroads(st, f.seat, to))
    return e(
      'occupied',
      'The destination must be a crossroads without another player\u2019s marker.',
      'SFR-MOVE-2',
    );
  const c = routeCost(st, tr.node, a.route, variantOf(st, a.card));
  if (!c || c.to !== to)
    return e(
      'badRoute',
      'The route must be a walk along road sections from your marker to the destination.',
      'SFR-MOVE-8',
    );
  if (!Number.isInteger(a.grain) || a.grain < 0 || a.grain > c.land)
    return e('badSplit', `Pay each of the ${c.land} paid land arrows with grain or gold.`, 'SFR-MOVE-5');
  const grain = a.grain * C.landGrain;
  const gold = (c.land - a.grain) * C.landGold + c.sea * C.seaGold;
  if (p.res[GRAIN]! < grain || p.gold < gold)
    return e('cannotAfford', 'You cannot pay for that movement.', 'SFR-MOVE-6');
  return null;
}

function doAct(st: SfrState, f: F<'act'>, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  const r = rt(st);
  const C = r.C;
  const p = st.p[seat]!;
  const tr = p.tribes[f.t]!;
  switch (a.type) {
    case 'rest': {
      if (f.moved || f.done)
        return fail(
          'noRest',
          'A tribe that moved, plundered or conquered takes no rest bonus.',
          'SFR-REST-1',
        );
      if (a.take !== 'gold' && a.take !== 'grain' && a.take !== 'ore' && a.take !== 'pasture')
        return fail('badTake', 'Take 2 gold, grain, ore or a blind pasture card.', 'SFR-REST-2');
      if (!takeAvailable(st, a.take)) return fail('supplyEmpty', 'That supply is empty.', 'SFR-REST-2');
      if (a.take === 'gold') gain(st, p, C.restGold);
      else takeCard(st, seat, a.take, log, 'SFR-REST-1');
      if (log)
        emit(
          log,
          'sfr.ev.rest',
          { seat, tribe: TRIBES[f.t], take: a.take, gold: a.take === 'gold' ? C.restGold : 0 },
          ['SFR-REST-1', 'SFR-REST-2', 'SFR-REST-3', 'SFR-REST-4', 'SFR-DP-18'],
        );
      endActStep(st, f, log);
      return OK;
    }
    case 'endStep':
      if (!f.moved && !f.done)
        return fail('restFirst', 'A tribe that does nothing takes its rest bonus.', 'SFR-DP-17');
      endActStep(st, f, log);
      return OK;
    case 'move': {
      const err = moveError(st, f, a);
      if (err) return { ok: false, error: err };
      const c = routeCost(st, tr.node, a.route, variantOf(st, a.card))!;
      if (a.card !== undefined)
        consumeCard(st, seat, a.card, log, ['SFR-DEV-11', 'SFR-DEV-12', 'SFR-DEV-13', 'SFR-DP-22']);
      const grain = a.grain * C.landGrain;
      const gold = (c.land - a.grain) * C.landGold + c.sea * C.seaGold;
      if (grain) {
        p.res[GRAIN]! -= grain;
        st.grain += grain;
      }
      if (gold) payGold(st, p, gold);
      tr.node = c.to;
      f.moved = true;
      if (log)
        emit(
          log,
          'sfr.ev.move',
          { seat, tribe: TRIBES[f.t], to: a.to, route: a.route.slice(), grain, gold },
          [
            'SFR-MOVE-1',
            'SFR-MOVE-2',
            'SFR-MOVE-3',
            'SFR-MOVE-4',
            'SFR-MOVE-5',
            'SFR-MOVE-6',
            'SFR-DP-19',
            'SFR-DP-20',
          ],
        );
      return OK;
    }
    case 'plunder':
    case 'found':
    case 'expand': {
      const c = r.cityIdx.get(a.city);
      if (c === undefined) return fail('noSuchCity', 'There is no such city on the map.', 'SFR-BOARD-5');
      const err = deedError(st, f, a.type, c, a.card);
      if (err) return { ok: false, error: err };
      if (a.card !== undefined) consumeCard(st, seat, a.card, log, ['SFR-DEV-6', 'SFR-FAQ-9', 'SFR-DP-22']);
      f.done = true;
      let drew = false;
      if (a.type === 'plunder') drew = plunder(st, seat, f.t, c, log);
      else conquer(st, seat, f.t, c, a.type, log);
      afterChange(st, log);
      // SFR-ACT-4: the step ends; after a drawn development card it waits so a treasure may be revealed.
      if (!drew) endActStep(st, f, log);
      return OK;
    }
    case 'play': {
      if (f.done) return fail('alreadyDone', 'The step is over after a plunder or conquest.', 'SFR-ACT-4');
      const err = cardError(st, seat, a.card);
      if (err) return { ok: false, error: err };
      const d = r.dev.get(a.card)!;
      if (d.effect.type !== 'strengthBonus' || d.effect.tribe !== f.t)
        return fail(
          'badCard',
          'Cards that modify a movement or a deed are played with that action.',
          'SFR-DEV-13',
        );
      consumeCard(st, seat, a.card, log, ['SFR-DEV-7', 'SFR-DP-22']);
      p.bonus = d.effect.amount;
      p.bonusAt = st.serial;
      return OK;
    }
    case 'reveal':
      return reveal(st, seat, a.card, log);
    default:
      return wrong(
        'act',
        'It is your tribe’s step: rest, move, plunder, found, expand, play a card, or end the step.',
        'SFR-ROUND-1',
      );
  }
}

function endActStep(st: SfrState, f: F<'act'>, log: EventSink): void {
  st.stack.pop();
  if (log)
    emit(log, 'sfr.ev.stepEnd', { seat: f.seat, phase: f.t + 3 }, ['SFR-ACT-2', 'SFR-ACT-4', 'SFR-DP-23']);
}

/** SFR-PLUN-3, SFR-LOOT-1..8. Returns true when a development card was drawn. */
function plunder(st: SfrState, seat: Seat, t: number, c: number, log: EventSink): boolean {
  const r = rt(st);
  const p = st.p[seat]!;
  const tr = p.tribes[t]!;
  const tok = st.token[c]!;
  st.token[c] = -1;
  const token = r.tokens[tok]!;
  emit(
    log,
    'sfr.ev.plunder',
    { seat, tribe: TRIBES[t], city: r.cities[c]!.id, token: token.id, loot: token.kind },
    ['SFR-PLUN-1', 'SFR-PLUN-2', 'SFR-PLUN-3', 'SFR-PLUN-4', 'SFR-DP-21'],
  );
  let drew = false;
  for (const ef of token.effects) {
    switch (ef.type) {
      case 'drawPasture':
        for (let i = 0; i < ef.count; i++) takeCard(st, seat, 'pasture', log, 'SFR-LOOT-3');
        break;
      case 'drawDevelopment':
        for (let i = 0; i < ef.count; i++) if (drawDev(st, seat, log, 'SFR-LOOT-4')) drew = true;
        break;
      case 'gainGold':
        gain(st, p, ef.gold);
        emit(log, 'sfr.ev.lootGold', { seat, gold: ef.gold }, ['SFR-LOOT-5']);
        break;
      case 'goldPerWagon':
        gain(st, p, ef.gold * tr.wagons);
        emit(log, 'sfr.ev.lootGold', { seat, gold: ef.gold * tr.wagons, wagons: tr.wagons }, ['SFR-LOOT-6']);
        break;
      case 'loseFigure':
        for (let i = 0; i < ef.count; i++)
          if (tr.army > 0) {
            tr.army--;
            p.reserve[t]!++;
            emit(log, 'sfr.ev.lootLoss', { seat, tribe: TRIBES[t] }, ['SFR-LOOT-2', 'SFR-TRICK-13']);
          }
        break;
    }
  }
  tr.loot.push(tok);
  return drew;
}

/** SFR-FOUND-2..4 and SFR-EXP-2: the tribe takes the city. */
function conquer(
  st: SfrState,
  seat: Seat,
  t: number,
  c: number,
  deed: 'found' | 'expand',
  log: EventSink,
): void {
  const r = rt(st);
  const p = st.p[seat]!;
  const tr = p.tribes[t]!;
  if (st.token[c]! >= 0) {
    st.removed.push(st.token[c]!);
    st.token[c] = -1;
  }
  st.owner[c] = seat * 2 + t;
  tr.wagons--;
  if (deed === 'found') {
    tr.settled = true;
    tr.node = r.cities[c]!.node;
    tr.kingdom = [c];
    emit(log, 'sfr.ev.found', { seat, tribe: TRIBES[t], city: r.cities[c]!.id }, [
      'SFR-FOUND-1',
      'SFR-FOUND-2',
      'SFR-FOUND-3',
      'SFR-FOUND-4',
      'SFR-FOUND-6',
      'SFR-VP-1',
    ]);
  } else {
    tr.army--;
    tr.kingdom.push(c);
    emit(log, 'sfr.ev.expand', { seat, tribe: TRIBES[t], city: r.cities[c]!.id }, [
      'SFR-EXP-1',
      'SFR-EXP-2',
      'SFR-EXP-4',
      'SFR-EXP-5',
      'SFR-EXP-6',
      'SFR-VP-1',
    ]);
  }
}

export { ITEMS };
export type { Kind, Draft };
