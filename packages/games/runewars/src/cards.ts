/**
 * M5's cards (08-runes-victory-and-other.md): the Season cards' primary effects as data interpreted here
 * (RW-SEASON-03, RW-DP-11/82; the vocabulary in pack.ts and cards-data.ts), influence bids and their ties
 * (RW-BID-01..10, RW-DP-80/81), receiving a dragon rune (RW-RUNE-10..16, RW-DP-83), the Primarch's Title
 * (RW-TITLE-03, RW-BID-06..08) and the Objectives (RW-OBJ-01..05).
 *
 * A Season card resolves in a `season` frame, one effect after another; an effect that needs decisions
 * pushes its frames (a bid, a rune received, a loss) and the card goes on once they are done.
 */
import { desertionCheck, heroesCall, heroesOn, train, trainOffers } from './heroes.js';
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import {
  addUnits,
  alive,
  board,
  checkHands,
  crossable,
  ctrl,
  drawQuests,
  drawTactics,
  fail,
  leftOf,
  lookAtControlled,
  neutralsIn,
  newHandle,
  onBoard,
  only,
  pk,
  placeNeutrals,
  playOrder,
  production,
  removeUnit,
  see,
  setDial,
  settle,
  unitsOf,
} from './common.js';
import { harvestPrimary } from './orders.js';
import { checkElimination } from './victory.js';
import { checkLimit } from './year.js';
import type { BidOutcome, ObjectiveCount } from './cards-data.js';
import type { Pack, SeasonEffect } from './pack.js';
import type { Frame, RwAction, RwState } from './types.js';
import { turnCount } from './turn-record.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

/** Who gets a bid's outcome (cards-data.ts BID_WHO): 0 the highest, 1 the lowest, 2 all but the lowest. */
const HIGHEST = 0,
  LOWEST = 1;
const RUNE = 0,
  DRAGON_TOKEN = 1,
  LOSE_TACTICS = 2,
  RECRUIT = 3,
  MOVE_NEUTRALS = 4,
  NEUTRALS = 5,
  TRAIN = 6;

/* ------------------------------------------------------------------ the Season card (RW-SEASON-03..07) */

/** The first player has drawn Season card `c`: its primary effects, one after another. */
export function startSeasonCard(st: RwState, c: number): void {
  st.stack.push({ k: 'season', c, i: 0 });
}

export function runSeason(st: RwState, f: F<'season'>, log: EventSink): boolean {
  const p = pk(st);
  const effects = p.seasons[f.c]!.effects;
  while (f.i < effects.length) {
    const depth = st.stack.length;
    seasonEffect(st, f, effects[f.i++]!, log);
    checkElimination(st, log); // RW-ELIM-05: after each card effect
    if (st.over || st.stack.length > depth) return false;
  }
  // RW-SEASON-07: discarded face up. Hands over their limits are trimmed at once (RW-DP-26).
  st.stack.pop();
  st.decks.seasonDiscard.push(f.c);
  const order = playOrder(st);
  for (let i = order.length - 1; i >= 0; i--) checkHands(st, order[i]!);
  return false;
}

export function citiesOf(st: RwState, seat: Seat): number {
  let n = 0;
  for (const a of board(st).on) if (st.city[a]! >= 0 && ctrl(st, a) === seat) n++;
  return n;
}

function seasonEffect(st: RwState, f: F<'season'>, e: SeasonEffect, log: EventSink): void {
  const c = f.c;
  const order = playOrder(st); // RW-SEASON-05/06: the previous season's Orders
  switch (e.do) {
    case 'harvest':
      for (const s of order) harvestPrimary(st, s, log, 'RW-SEASON-03');
      break;
    case 'famine':
      for (const s of order) {
        const prod = production(st, s);
        for (let r = 0; r < 3; r++) if (st.p[s]!.dial[r]! > prod[r]!) setDial(st, s, r, prod[r]!);
      }
      emit(log, 'rw.ev.famine', {}, ['RW-SEASON-03']);
      break;
    case 'dial':
      for (const s of order) setDial(st, s, e.res, st.p[s]!.dial[e.res]! + e.delta);
      emit(log, 'rw.ev.dialAll', { res: e.res, delta: e.delta }, ['RW-SEASON-03', 'RW-DIAL-05']);
      break;
    case 'drawQuests':
      for (const s of order) drawQuests(st, s, e.count, log, 'RW-SEASON-03');
      break;
    case 'influencePerCity':
      for (const s of order) {
        const n = citiesOf(st, s) * e.count;
        st.p[s]!.inf += n;
        if (n) emit(log, 'rw.ev.influence', { seat: s, n }, ['RW-SEASON-03']);
      }
      break;
    case 'tacticsToMostCities': {
      const counts = st.p.map((_, s) => citiesOf(st, s));
      const most = Math.max(...counts);
      if (most > 0)
        for (const s of order) if (counts[s] === most) drawTactics(st, s, e.count, log, 'RW-SEASON-03');
      break;
    }
    case 'loseInfluenceIfFood':
      for (const s of order)
        if (st.p[s]!.dial[0]! <= e.atMost) {
          const n = Math.min(e.count, st.p[s]!.inf);
          st.p[s]!.inf -= n;
          if (n) emit(log, 'rw.ev.influenceLost', { seat: s, n }, ['RW-SEASON-03']);
        }
      break;
    case 'council': {
      // RW-TITLE-03: the Primarch of the Wizards' Council gains influence when such a card is drawn.
      const h = primarch(st);
      if (h >= 0 && e.count) {
        st.p[h]!.inf += e.count;
        emit(log, 'rw.ev.primarch', { seat: h, n: e.count }, ['RW-TITLE-03', 'RW-BID-10', 'RW-GEN-08']);
      }
      break;
    }
    case 'bid': {
      // A bid whose every outcome is for heroes is not held without them (Tournament of Champions).
      if (!heroesOn(st) && e.outcomes.every((o) => o.get === TRAIN)) {
        emit(log, 'rw.ev.seasonNoHeroes', {}, ['RW-SEASON-03']);
        break;
      }
      // RW-BID-01..03, RW-BID-09: step 1 (declaring) is automatic, influence being public.
      emit(log, 'rw.ev.bidStart', { card: c }, ['RW-BID-01', 'RW-BID-02', 'RW-BID-03', 'RW-BID-09']);
      st.stack.push({
        k: 'bid',
        c,
        i: f.i - 1,
        step: 0,
        b: st.p.map((x) => (x.out ? 0 : -1)),
        hi: -1,
        lo: -1,
      });
      break;
    }
    case 'reach':
      // Blizzard: Mobilize's reach for the rest of the season (movement.ts `reachOf`; cleared at its end).
      st.reach = [e.reach, e.fast];
      emit(log, 'rw.ev.seasonReach', { n: e.reach, fast: e.fast }, ['RW-SEASON-03', 'RW-MOVE-21']);
      break;
    case 'unitsAtStrongholds':
      for (const s of order) unitsAtStrongholds(st, s, e.shape, e.count, log);
      break;
    case 'wanderingMonsters':
      wanderingMonsters(st, log);
      break;
    case 'runeFromHome':
      for (let i = order.length - 1; i >= 0; i--) st.stack.push({ k: 'runeMove', seat: order[i]! });
      break;
    case 'order':
      // Frozen Lakes: each player may redeploy as by Strategize's primary, in play order (RW-SEASON-05).
      for (let i = order.length - 1; i >= 0; i--) st.stack.push({ k: 'strat', seat: order[i]!, d: [] });
      if (log) emit(log, 'rw.ev.seasonOrder', { order: e.n }, ['RW-SEASON-03', 'RW-SEASON-05']);
      break;
    case 'plague': {
      // In play order: the first to decide is on top of the stack.
      for (let i = order.length - 1; i >= 0; i--) {
        const s = order[i]!;
        const areas = board(st).on.filter((a) => st.own[a] === s && unitsOf(st, a, s) >= e.atLeast);
        if (areas.length) st.stack.push({ k: 'lose', seat: s, what: 1, n: e.count, areas });
      }
      if (log) emit(log, 'rw.ev.plague', { n: e.atLeast }, ['RW-SEASON-03', 'RW-SEASON-05']);
      break;
    }
    case 'desertion':
      desertionCheck(st, log);
      break;
    case 'drawHeroes':
      heroesCall(st, e.count, log);
      break;
    case 'later':
      emit(log, 'rw.ev.seasonLater', { card: c, milestone: e.milestone }, ['RW-SEASON-03']);
      break;
  }
}

/** RW-CLIMIT-01: figures of a type left in the supply. */
function supplyOf(st: RwState, u: number): number {
  return pk(st).units[u]!.figures - onBoard(st, u);
}

/** Call to Arms: units of his faction of a shape at each of his strongholds, while the supply lasts. */
function unitsAtStrongholds(st: RwState, s: Seat, shape: number, count: number, log: EventSink): void {
  const p = pk(st);
  const u = p.factions[st.fac[s]!]!.units.find((t) => p.units[t]!.shape === shape);
  if (u === undefined) return;
  const at: number[] = [];
  for (const a of board(st).on) {
    if (st.sh[a] !== s) continue;
    // A stronghold stands alone in an area of his, or with his units (never with another's).
    if (st.own[a]! >= 0 && st.own[a] !== s) continue;
    const n = Math.min(count, supplyOf(st, u));
    if (n <= 0) {
      emit(log, 'rw.ev.supplyOut', { seat: s, u }, ['RW-CLIMIT-01']);
      break;
    }
    addUnits(st, a, u, n, s);
    at.push(a);
  }
  if (at.length) {
    emit(log, 'rw.ev.unitsPlaced', { seat: s, u, areas: at }, ['RW-SEASON-03', 'RW-CLIMIT-01']);
    checkLimit(st, s, at); // RW-LIMIT-03
  }
}

/**
 * Wandering Monsters: each area with neutral units gains one of a type already there, from the supply
 * (RW-CLIMIT-01), as long as the area stays within the unit limit. Where several types could come, the
 * player to the left of the first player chooses (RW-SEASON-09); allied neutrals' areas too (RW-NEUT-14).
 */
function wanderingMonsters(st: RwState, log: EventSink): void {
  const choose: number[] = [];
  for (const a of board(st).on) {
    const types = monsterTypes(st, a);
    if (types.length === 1) grow(st, a, types[0]!, -1, log);
    else if (types.length > 1) choose.push(a);
  }
  if (!choose.length) return;
  const by = st.opts.neutrals === 'auto' ? -1 : leftOf(st, st.first);
  const f: F<'wander'> = { k: 'wander', seat: by, areas: choose };
  if (by >= 0) st.stack.push(f);
  else
    for (const a of choose) {
      const t = monsterTypes(st, a);
      if (t.length) grow(st, a, t[0]!, -1, log); // the automated neutrals (RW-NEUT-05, RW-DP-89)
    }
}

function monsterTypes(st: RwState, a: number): number[] {
  const p = pk(st);
  const out: number[] = [];
  const o = st.own[a]!;
  if (neutralsIn(st, a) === 0) return out;
  if ((o >= 0 ? unitsOf(st, a, o) : neutralsIn(st, a)) >= p.rules.unitLimit) return out;
  for (const u of p.neutralCanon)
    if (st.us[a * p.U + u]! + st.ur[a * p.U + u]! > 0 && supplyOf(st, u) > 0) out.push(u);
  return out;
}

function grow(st: RwState, a: number, u: number, by: Seat, log: EventSink): void {
  placeNeutrals(st, a, u, 1);
  emit(
    log,
    'rw.ev.monsters',
    { area: a, u, seat: by },
    by >= 0 ? ['RW-SEASON-03', 'RW-SEASON-09'] : ['RW-SEASON-03', 'RW-NEUT-14'],
  );
}

/** Areas where the supply leaves one type or none are settled without asking (RW-DP-89). */
export function runWander(st: RwState, f: F<'wander'>, log: EventSink): boolean {
  while (f.areas.length && monsterTypes(st, f.areas[0]!).length < 2) {
    const t = monsterTypes(st, f.areas[0]!);
    const at = f.areas.shift()!;
    if (t.length) grow(st, at, t[0]!, -1, log);
  }
  if (f.areas.length) return true;
  st.stack.pop();
  return false;
}

export const wanderDecision: Decision<RwState, F<'wander'>, RwAction> = {
  prompt: 'rw.wander',
  rule: 'RW-SEASON-09',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { area: f.areas[0]! } }),
  offers(st, f, _seat, out) {
    for (const u of monsterTypes(st, f.areas[0]!)) out.push({ type: 'neutral', u });
  },
  answer(st, f, seat, a, log): ApplyResult {
    const types = monsterTypes(st, f.areas[0]!);
    if (a.type !== 'neutral' || !types.includes(a.u))
      return fail('wanderType', 'Choose a type of neutral unit already in that area.', 'RW-SEASON-09');
    grow(st, f.areas.shift()!, a.u, seat, log);
    return OK;
  },
  // RW-DP-89 (DP-11): the first type in canonical order.
  byDefault(st, f) {
    const t = monsterTypes(st, f.areas[0]!);
    return t.length ? { type: 'neutral', u: t[0]! } : null;
  },
};

/* ------------------------------------------------------------------ Restless Beasts, Gathering of Beasts */

/**
 * The adjacent areas the whole group of neutral units in `a` (allied or not) can be moved to by a card (Restless
 * Beasts, RW-DP-82; the Flute of Possession, rewards.ts): borders as for a retreat (each unit must cross,
 * RW-MOVE-13/14), and the units there and the arrivals stay within the unit limit (decision of ours: such a card
 * never makes a cull). Pushes (a, to) pairs to `out`.
 */
export function neutralMoves(st: RwState, a: number, out: number[]): void {
  const p = pk(st);
  const b = board(st);
  const n = neutralsIn(st, a);
  if (!n) return;
  const w = st.season === 3;
  let fly = true; // every unit of the group flies: any border
  for (const u of p.neutrals)
    if (st.us[a * p.U + u]! + st.ur[a * p.U + u]! > 0 && !p.units[u]!.flying) fly = false;
  const adj = b.adj[a]!,
    edge = b.edge[a]!;
  for (let i = 0; i < adj.length; i++) {
    const t = adj[i]!;
    if (!crossable(edge[i]!, fly, w)) continue;
    const c = ctrl(st, t);
    const there = c >= 0 ? unitsOf(st, t, c) : neutralsIn(st, t);
    if (there + n <= p.rules.unitLimit) out.push(a, t);
  }
}

/**
 * Moves all the neutral units of `from` to `to` (RW-NEUT-14/16): they keep their routed state, allied with the
 * player controlling the destination, unallied in an uncontrolled one; the area left may lose its controller
 * (RW-NEUT-10). Returns how many moved.
 */
export function moveNeutrals(st: RwState, from: number, to: number): number {
  const p = pk(st);
  const c = ctrl(st, to);
  let n = 0;
  for (const u of p.neutrals) {
    const i = from * p.U + u,
      j = to * p.U + u;
    n += st.us[i]! + st.ur[i]!;
    st.us[j]! += st.us[i]!;
    st.ur[j]! += st.ur[i]!;
    st.us[i] = 0;
    st.ur[i] = 0;
  }
  if (c >= 0) st.own[to] = c;
  settle(st, from);
  lookAtControlled(st);
  return n;
}

/** Restless Beasts (RW-DP-82): every area with neutral units, to each adjacent area the group can enter. Pairs (from, to). */
function beastMoves(st: RwState, out: number[]): void {
  for (const a of board(st).on) neutralMoves(st, a, out);
}

/** Gathering of Beasts: (area, type) pairs: areas he controls with room for one more unit, types of the shape in the supply. */
function gatherings(st: RwState, f: F<'beasts'>, out: number[]): void {
  const p = pk(st);
  const types: number[] = [];
  for (const u of p.neutralCanon) if (p.units[u]!.shape === f.shape && supplyOf(st, u) > 0) types.push(u);
  if (!types.length) return;
  for (const a of board(st).on) {
    if (ctrl(st, a) !== f.seat) continue;
    if ((st.own[a] === f.seat ? unitsOf(st, a, f.seat) : 0) >= p.rules.unitLimit) continue;
    for (const u of types) out.push(a, u);
  }
}

/** Nothing to move or place, or nothing left: the card goes on. */
export function runBeasts(st: RwState, f: F<'beasts'>, log: EventSink): boolean {
  const opts: number[] = [];
  if (!st.p[f.seat]!.out && f.left > 0) {
    if (f.what === 0) beastMoves(st, opts);
    else gatherings(st, f, opts);
  }
  if (opts.length) return true;
  st.stack.pop();
  if (f.what === 0 && f.left > 0 && !st.p[f.seat]!.out)
    emit(log, 'rw.ev.beastsNone', { seat: f.seat }, ['RW-SEASON-03', 'RW-DP-82']);
  return false;
}

const GATHER_DONE: RwAction = Object.freeze({ type: 'done' });

const beastsDecision: Decision<RwState, F<'beasts'>, RwAction> = {
  prompt: 'rw.beasts.move',
  rule: 'RW-DP-82',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { what: f.what, n: f.left } }),
  offers(st, f, _seat, out) {
    const o: number[] = [];
    if (f.what === 0) {
      beastMoves(st, o);
      for (let i = 0; i < o.length; i += 2) out.push({ type: 'moveNeutrals', from: o[i]!, to: o[i + 1]! });
    } else {
      gatherings(st, f, o);
      for (let i = 0; i < o.length; i += 2) out.push({ type: 'gather', area: o[i]!, u: o[i + 1]! });
      out.push(GATHER_DONE); // "up to"
    }
  },
  answer(st, f, seat, a, log): ApplyResult {
    const o: number[] = [];
    if (f.what === 0) {
      beastMoves(st, o);
      let ok = false;
      if (a.type === 'moveNeutrals')
        for (let i = 0; i < o.length; i += 2) if (o[i] === a.from && o[i + 1] === a.to) ok = true;
      if (!ok || a.type !== 'moveNeutrals')
        return fail(
          'beastsMove',
          'Move all the neutral units of one area to an adjacent area they can enter, within 8 units there.',
          'RW-DP-82',
        );
      // RW-NEUT-14/16: they keep their routed state; allied with the player controlling the destination.
      const n = moveNeutrals(st, a.from, a.to);
      st.stack.pop();
      emit(log, 'rw.ev.beastsMoved', { seat, from: a.from, to: a.to, n }, [
        'RW-SEASON-03',
        'RW-DP-82',
        'RW-NEUT-14',
        'RW-NEUT-16',
      ]);
      checkElimination(st, log);
      return OK;
    }
    if (a.type === 'done') {
      st.stack.pop();
      return OK;
    }
    gatherings(st, f, o);
    let ok = false;
    if (a.type === 'gather')
      for (let i = 0; i < o.length; i += 2) if (o[i] === a.area && o[i + 1] === a.u) ok = true;
    if (!ok || a.type !== 'gather')
      return fail(
        'gather',
        'Place a neutral unit of the card’s shape from the supply in an area you control (within 8 units), or finish.',
        'RW-DP-82',
      );
    placeNeutrals(st, a.area, a.u, 1); // RW-NEUT-14: allied with him
    f.left--;
    emit(log, 'rw.ev.beastsPlaced', { seat, area: a.area, u: a.u }, [
      'RW-SEASON-03',
      'RW-DP-82',
      'RW-NEUT-14',
      'RW-CLIMIT-01',
    ]);
    return OK;
  },
  // RW-DP-89 (DP-82): Restless Beasts, the first legal move (source then destination in canonical order);
  // Gathering of Beasts places nothing ("up to": RW-DP-88 takes nothing where the card allows it).
  byDefault(st, f) {
    if (f.what !== 0) return GATHER_DONE;
    const o: number[] = [];
    beastMoves(st, o);
    return o.length ? { type: 'moveNeutrals', from: o[0]!, to: o[1]! } : null;
  },
};

const gatherDecision: Decision<RwState, F<'beasts'>, RwAction> = {
  ...beastsDecision,
  prompt: 'rw.beasts.gather',
};

/** RW-DP-82: Restless Beasts' move, or Gathering of Beasts' placements. */
export const beastsDecisionOf = (_st: RwState, f: F<'beasts'>) =>
  f.what === 0 ? beastsDecision : gatherDecision;

/* ------------------------------------------------------------------ Tournament of Champions */

/** Nothing to train (no hero on the board, or every attribute at +2): the card goes on. */
export function runTourney(st: RwState, f: F<'tourney'>): boolean {
  if (!st.p[f.seat]!.out && trainOffers(st, f.seat, null) > 0) return true;
  st.stack.pop();
  return false;
}

const NO_TRAIN: RwAction = Object.freeze({ type: 'done' });

/** RW-DP-82: the highest bidder may give one of his heroes a Train action ("may": by default none). */
export const tourneyDecision: Decision<RwState, F<'tourney'>, RwAction> = {
  prompt: 'rw.tourney',
  rule: 'RW-DP-82',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(st, f, _seat, out) {
    trainOffers(st, f.seat, out);
    out.push(NO_TRAIN);
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type === 'done') {
      st.stack.pop();
      return OK;
    }
    const ok: RwAction[] = [];
    trainOffers(st, f.seat, ok);
    if (
      a.type !== 'train' ||
      !ok.some((x) => x.type === 'train' && x.h === a.h && x.a === a.a && x.b === a.b)
    )
      return fail(
        'tourney',
        'Train one of your heroes on the board (+1/+1 on two attributes or all on one, never past +2), or decline.',
        'RW-DP-82',
      );
    st.stack.pop();
    train(st, seat, a.h, a.a, a.b, log, ['RW-SEASON-03', 'RW-DP-82', 'RW-QPH-05', 'RW-QPH-06', 'RW-QPH-07']);
    return OK;
  },
  // RW-DP-88: "may" — nothing by default.
  byDefault: () => NO_TRAIN,
};

/* ------------------------------------------------------------------ Threatened Home Realms */

/** Rune tokens in his home realm (`from`) and the areas one may go to (`to`): his or nobody's, no token. */
function runeMoves(st: RwState, seat: Seat, from: number[], to: number[]): void {
  const home = pk(st).factions[st.fac[seat]!]!.home;
  for (const a of home) if (st.pos[a]! >= 0 && st.rk[a]! >= 0 && st.home[a] === seat) from.push(a);
  if (!from.length) return;
  for (const a of board(st).on) {
    if (st.rk[a]! >= 0 || home.includes(a)) continue;
    const c = ctrl(st, a);
    if (c === seat || c < 0) to.push(a);
  }
}

/** Nothing to move, or nowhere to go: the token stays (the card's text). */
export function runRuneMove(st: RwState, f: F<'runeMove'>, log: EventSink): boolean {
  const from: number[] = [],
    to: number[] = [];
  if (!st.p[f.seat]!.out) runeMoves(st, f.seat, from, to);
  if (from.length && to.length) return true;
  st.stack.pop();
  if (from.length) emit(log, 'rw.ev.runeStays', { seat: f.seat }, ['RW-SEASON-03', 'RW-RUNE-12']);
  return false;
}

export const runeMoveDecision: Decision<RwState, F<'runeMove'>, RwAction> = {
  prompt: 'rw.runeMove',
  rule: 'RW-SEASON-03',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(st, f, _seat, out) {
    const from: number[] = [],
      to: number[] = [];
    runeMoves(st, f.seat, from, to);
    for (const a of from) for (const b of to) out.push({ type: 'moveRune', from: a, to: b });
  },
  answer(st, f, seat, a, log): ApplyResult {
    const from: number[] = [],
      to: number[] = [];
    runeMoves(st, f.seat, from, to);
    if (a.type !== 'moveRune' || !from.includes(a.from) || !to.includes(a.to))
      return fail(
        'runeMove',
        'Move a rune token of your home realm to an area you control or nobody controls, with no rune token.',
        'RW-SEASON-03',
      );
    // The token moves as it is, face up or down, with its handle: who knew it still knows it.
    st.rk[a.to] = st.rk[a.from]!;
    st.rh[a.to] = st.rh[a.from]!;
    st.rup[a.to] = st.rup[a.from]!;
    st.rk[a.from] = -1;
    st.rh[a.from] = 0;
    st.rup[a.from] = 0;
    st.stack.pop();
    lookAtControlled(st);
    emit(log, 'rw.ev.runeMoved', { seat, from: a.from, to: a.to }, ['RW-SEASON-03', 'RW-RUNE-12']);
    return OK;
  },
  // RW-DP-89 (DP-11): the first token in canonical order to the first legal area.
  byDefault(st, f, seat) {
    const out: RwAction[] = [];
    runeMoveDecision.offers(st, f, seat, out);
    return out[0] ?? null;
  },
};

/* ------------------------------------------------------------------ Titles (RW-TITLE-03) */

export function titleIndex(p: Pack, id: string): number {
  return p.titles.findIndex((t) => t.id === id);
}

/** The Primarch of the Wizards' Council (-1 none). */
export function primarch(st: RwState): Seat {
  const t = titleIndex(pk(st), 'primarch');
  const h = t >= 0 ? st.titles[t]! : -1;
  return h >= 0 && !st.p[h]!.out ? h : -1;
}

/* ------------------------------------------------------------------ influence bids (RW-BID-*) */

function outcomesOf(st: RwState, f: F<'bid'>): BidOutcome[] {
  const e = pk(st).seasons[f.c]!.effects[f.i]!;
  return e.do === 'bid' ? e.outcomes : [];
}

/** The tied players the card still needs ranked: for the highest bid, or for the lowest. */
function tie(st: RwState, f: F<'bid'>): { pos: number; g: Seat[] } | null {
  const os = outcomesOf(st, f);
  const live = alive(st);
  const needHi = os.some((o) => o.who === HIGHEST);
  const needLo = os.some((o) => o.who !== HIGHEST);
  if (needHi && f.hi < 0) {
    const m = Math.max(...live.map((s) => f.b[s]!));
    const g = live.filter((s) => f.b[s] === m);
    if (g.length === 1) f.hi = g[0]!;
    else return { pos: HIGHEST, g };
  }
  if (needLo && f.lo < 0) {
    const rest = live.filter((s) => s !== f.hi || live.length === 1);
    const m = Math.min(...rest.map((s) => f.b[s]!));
    const g = rest.filter((s) => f.b[s] === m);
    if (g.length === 1) f.lo = g[0]!;
    else return { pos: LOWEST, g };
  }
  return null;
}

/**
 * Who ranks tied bidders (RW-BID-06..08): the Primarch holder, even when he is not tied; else the tied
 * player with the most influence left, then the highest starting influence.
 */
export function tieDecider(st: RwState, g: Seat[]): Seat {
  const h = primarch(st);
  if (h >= 0) return h;
  const p = pk(st);
  let best = g[0]!;
  for (const s of g) {
    const a = st.p[s]!.inf,
      b = st.p[best]!.inf;
    if (a > b || (a === b && p.factions[st.fac[s]!]!.influence > p.factions[st.fac[best]!]!.influence))
      best = s;
  }
  return best;
}

export function runBid(st: RwState, f: F<'bid'>, log: EventSink): boolean {
  if (f.step === 0) return true;
  if (tie(st, f)) return true;
  // Resolved: the outcomes, in the card's order (the first on top of the stack).
  st.stack.pop();
  if (log) emit(log, 'rw.ev.bidResult', { card: f.c, hi: f.hi, lo: f.lo }, ['RW-BID-04']);
  const os = outcomesOf(st, f);
  const push: Frame[] = [];
  for (const o of os) {
    const to =
      o.who === HIGHEST ? [f.hi] : o.who === LOWEST ? [f.lo] : playOrder(st).filter((s) => s !== f.lo);
    for (const s of to) {
      if (s < 0 || st.p[s]!.out) continue;
      for (let k = 0; k < o.count; k++)
        if (o.get === RUNE) push.push(receiveFrame(st, s, s, 2));
        else if (o.get === DRAGON_TOKEN) push.push(receiveFrame(st, s, f.lo >= 0 ? f.lo : s, 1));
      if (o.get === RECRUIT) push.push({ k: 'recruit', seat: s, used: 0, q: [], sup: 0 });
      if (o.get === TRAIN && heroesOn(st)) push.push({ k: 'tourney', seat: s });
      if (o.get === MOVE_NEUTRALS) push.push({ k: 'beasts', seat: s, what: 0, left: 1, shape: -1 });
      if (o.get === NEUTRALS) push.push({ k: 'beasts', seat: s, what: 1, left: o.count, shape: o.shape });
      if (o.get === LOSE_TACTICS && st.p[s]!.tac.length)
        push.push({ k: 'lose', seat: s, what: 0, n: Math.min(o.count, st.p[s]!.tac.length), areas: [] });
    }
  }
  for (let i = push.length - 1; i >= 0; i--) st.stack.push(push[i]!);
  return false;
}

/** RW-DP-80: every player at once, a bid of 0 to his influence, sealed until all have bid. */
export const bidDecision: Decision<RwState, F<'bid'>, RwAction> = {
  prompt: 'rw.bid',
  rule: 'RW-BID-03',
  who: (st) => alive(st),
  asks: (st, f, seat) => !st.p[seat]!.out && f.step === 0,
  ask: (_st, f) => ({ args: { card: f.c } }),
  // RW-BID-03, RW-INFO-05: secret; a seat that has bid may change its bid until all have bid.
  fill: (_st, f, seat, pr) => {
    pr.secret = true;
    if (f.b[seat]! >= 0) pr.optional = true;
  },
  offers(st, f, seat, out) {
    for (let n = 0; n <= st.p[seat]!.inf; n++) if (n !== f.b[seat]) out.push({ type: 'bid', n });
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type !== 'bid') return fail('wrongAction', 'Bid influence.', 'RW-BID-03');
    if (!Number.isInteger(a.n) || a.n < 0 || a.n > st.p[seat]!.inf)
      return fail(
        'bidRange',
        'Bid from 0 to the influence you hold (not the influence on Titles).',
        'RW-BID-09',
      );
    const changed = f.b[seat]! >= 0;
    f.b[seat] = a.n;
    if (log) emit(log, changed ? 'rw.ev.bidChanged' : 'rw.ev.bidMade', { seat }, ['RW-BID-03', 'RW-INFO-05']);
    if (alive(st).some((s) => f.b[s]! < 0)) return OK;
    // RW-BID-04/05: revealed at once; everyone discards what he bid.
    for (const s of alive(st)) st.p[s]!.inf -= f.b[s]!;
    f.step = 1;
    emit(log, 'rw.ev.bids', { bids: f.b.slice() }, ['RW-BID-04', 'RW-BID-05']);
    return OK;
  },
  // RW-DP-89 (DP-80): bid 0.
  byDefault: (_st, f, seat) => (f.b[seat]! >= 0 ? null : { type: 'bid', n: 0 }),
};

/** RW-DP-81: the tie's decider names who wins the tie (or, for the lowest bid, who loses it). */
export const tieDecision: Decision<RwState, F<'bid'>, RwAction> = {
  prompt: 'rw.tie',
  rule: 'RW-BID-06',
  who: (st, f) => only(tieDecider(st, tie(st, f)!.g)),
  asks: (st, f, seat) => seat === tieDecider(st, tie(st, f)!.g),
  ask: (st, f) => {
    const t = tie(st, f)!;
    return { args: { seats: t.g, lowest: t.pos === LOWEST } };
  },
  offers(st, f, _seat, out) {
    for (const s of tie(st, f)!.g) out.push({ type: 'rank', seat: s });
  },
  answer(st, f, seat, a, log): ApplyResult {
    const t = tie(st, f)!;
    if (a.type !== 'rank' || !t.g.includes(a.seat))
      return fail('tieSeat', 'Name one of the tied players.', 'RW-BID-06');
    if (t.pos === HIGHEST) f.hi = a.seat;
    else f.lo = a.seat;
    emit(log, t.pos === HIGHEST ? 'rw.ev.tieWon' : 'rw.ev.tieLost', { seat: a.seat, holder: seat }, [
      primarch(st) >= 0 ? 'RW-BID-06' : 'RW-BID-07',
      'RW-BID-08',
    ]);
    return OK;
  },
  // RW-DP-89 (DP-81): the tied in standard play order, himself first if he is tied.
  byDefault(st, f, seat) {
    const t = tie(st, f)!;
    const order = playOrder(st).filter((s) => t.g.includes(s));
    const ranked = t.g.includes(seat) ? [seat, ...order.filter((s) => s !== seat)] : order;
    return { type: 'rank', seat: t.pos === HIGHEST ? ranked[0]! : ranked[ranked.length - 1]! };
  },
};

export const bidDecisionOf = (_st: RwState, f: F<'bid'>) => (f.step === 0 ? bidDecision : tieDecision);

/* ------------------------------------------------------------------ receiving a dragon rune (RW-RUNE-10..16) */

export function receiveFrame(st: RwState, seat: Seat, by: Seat, kind: number): F<'receive'> {
  void st;
  return { k: 'receive', seat, by, kind, step: kind === 2 ? 0 : 1, n: 0 };
}

/** Pushes "receives a dragon rune" for `seat` (an Objective, a Season card, a Title). */
export function receiveRune(st: RwState, seat: Seat): void {
  st.stack.push(receiveFrame(st, seat, seat, 2));
}

/** The tokens still to place, in order: 1 dragon, 0 false (RW-RUNE-14: those the supply lacks are not). */
function tokens(st: RwState, f: F<'receive'>): number[] {
  const out: number[] = [];
  if (st.runePile[0]! > 0) out.push(1);
  if (f.kind === 2 && st.runePile[1]! > 0) out.push(0);
  return out;
}

/**
 * RW-RUNE-10/15: a friendly or uncontrolled area with no rune token (never an enemy's), not the one the
 * first token went to; a dragon rune token alone goes to an area the receiver controls.
 */
function placeAreas(st: RwState, f: F<'receive'>, out: number[]): void {
  const first = st.p[f.by]!.rune;
  for (const a of board(st).on) {
    if (st.rk[a]! >= 0 || a === first) continue;
    const c = ctrl(st, a);
    if (c === f.seat || (f.kind === 2 && c < 0)) out.push(a);
  }
}

/** False runes he may discard (RW-RUNE-10 step 1, RW-RUNE-13): in areas he controls; he knows them. */
function falseAreas(st: RwState, seat: Seat, out: number[]): void {
  for (const a of board(st).on) if (st.rk[a] === 0 && ctrl(st, a) === seat) out.push(a);
}

export function runReceive(st: RwState, f: F<'receive'>, log: EventSink): boolean {
  if (st.p[f.seat]!.out || st.p[f.by]!.out) {
    st.p[f.by]!.rune = -1;
    st.stack.pop();
    return false;
  }
  lookAtControlled(st); // RW-RUNE-20: he knows the tokens of his areas
  if (f.step === 0) {
    const c: number[] = [];
    falseAreas(st, f.seat, c);
    if (c.length && f.n < 2) return true;
    f.step = 1;
  }
  const todo = tokens(st, f);
  const placed = st.p[f.by]!.rune >= 0 ? 1 : 0;
  if (todo.length > placed) {
    const c: number[] = [];
    placeAreas(st, f, c);
    if (c.length) return true;
  }
  // Done: what was chosen is placed; a token with no legal area stays in the supply, face up (RW-RUNE-11).
  finishReceive(st, f, -1, log);
  return false;
}

function finishReceive(st: RwState, f: F<'receive'>, last: number, log: EventSink): void {
  const todo = tokens(st, f);
  const x = st.p[f.by]!;
  const areas = [x.rune, last];
  const put: number[] = [];
  for (let k = 0; k < todo.length; k++) {
    const a = areas[k]!;
    const kind = todo[k]!;
    if (a === undefined || a < 0) {
      emit(log, 'rw.ev.runeUnplaced', { seat: f.seat, dragon: kind === 1 }, ['RW-RUNE-11']);
      continue;
    }
    st.rk[a] = kind;
    st.rh[a] = newHandle(st);
    st.rup[a] = 0;
    st.runePile[kind === 1 ? 0 : 1]!--;
    see(st, f.by, a);
    put.push(a);
  }
  x.rune = -1;
  st.stack.pop();
  lookAtControlled(st);
  if (put.length)
    emit(
      log,
      f.kind === 2 ? 'rw.ev.runeReceived' : 'rw.ev.dragonTokenPlaced',
      { seat: f.seat, holder: f.by, areas: put.sort((a, b) => a - b) },
      f.kind === 2 ? ['RW-RUNE-10', 'RW-RUNE-15', 'RW-RUNE-16'] : ['RW-RUNE-12', 'RW-DP-82'],
    );
}

/** RW-DP-83: which false runes to discard (0–2), then the area of each new token. */
export const receiveDecision: Decision<RwState, F<'receive'>, RwAction> = {
  prompt: 'rw.receive',
  rule: 'RW-RUNE-10',
  who: (_st, f) => only(f.by),
  asks: (_st, f, seat) => seat === f.by,
  ask: (st, f) => ({
    args: { step: f.step, seat: f.seat, n: tokens(st, f).length, first: st.p[f.by]!.rune >= 0, kind: f.kind },
  }),
  offers(st, f, _seat, out) {
    const c: number[] = [];
    if (f.step === 0) {
      out.push({ type: 'done' });
      falseAreas(st, f.seat, c);
      for (const a of c) out.push({ type: 'discardRune', area: a });
      return;
    }
    placeAreas(st, f, c);
    for (const a of c) out.push({ type: 'rune', area: a });
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (f.step === 0) {
      if (a.type === 'done') {
        f.step = 1;
        return OK;
      }
      if (a.type !== 'discardRune')
        return fail('wrongAction', 'Discard a false rune from an area you control, or go on.', 'RW-RUNE-10');
      if (ctrl(st, a.area) !== f.seat || !(st.rk[a.area]! >= 0))
        return fail('runeNotYours', 'Discard a rune token from an area you control.', 'RW-RUNE-10');
      if (st.rk[a.area] === 1)
        return fail(
          'runeNotFalse',
          'That token is a dragon rune: only false runes may be discarded.',
          'RW-RUNE-13',
        );
      // RW-RUNE-13: back face up on the false pile: everyone learns it was false.
      st.rk[a.area] = -1;
      st.rh[a.area] = 0;
      st.rup[a.area] = 0;
      st.runePile[1]!++;
      f.n++;
      if (f.n >= 2) f.step = 1;
      emit(log, 'rw.ev.runeDiscarded', { seat, area: a.area }, ['RW-RUNE-10', 'RW-RUNE-13']);
      return OK;
    }
    if (a.type !== 'rune') return fail('wrongAction', 'Place the new rune token.', 'RW-RUNE-10');
    const c: number[] = [];
    placeAreas(st, f, c);
    if (!c.includes(a.area))
      return fail(
        'runePlace',
        f.kind === 2
          ? 'A new rune token goes to an area you control or nobody controls, with no rune token, each to a different area.'
          : 'The dragon rune token goes to an area the receiving player controls with no rune token.',
        f.kind === 2 ? 'RW-RUNE-15' : 'RW-RUNE-12',
      );
    const x = st.p[f.by]!;
    if (tokens(st, f).length === 2 && x.rune < 0) {
      x.rune = a.area; // sealed until the second token lies (RW-RUNE-16)
      const left: number[] = [];
      placeAreas(st, f, left);
      if (!left.length) finishReceive(st, f, -1, log);
      return OK;
    }
    if (x.rune < 0) {
      x.rune = a.area;
      finishReceive(st, f, -1, log);
    } else finishReceive(st, f, a.area, log);
    return OK;
  },
  // RW-DP-89 (DP-83): no false rune discarded; the dragon rune to the first legal area, the false to the next.
  byDefault(st, f) {
    if (f.step === 0) return { type: 'done' };
    const c: number[] = [];
    placeAreas(st, f, c);
    return c.length ? { type: 'rune', area: c[0]! } : null;
  },
};

/* ------------------------------------------------------------------ a card's losses */

/** Discard Tactics cards (RW-DP-82), or destroy one unit in each area listed (Plague). */
export const loseDecision: Decision<RwState, F<'lose'>, RwAction> = {
  prompt: 'rw.lose',
  rule: 'RW-SEASON-03',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { what: f.what, n: f.n, area: f.areas[0] ?? -1 } }),
  offers(st, f, seat, out) {
    const p = pk(st);
    if (f.what === 0) {
      const seen = new Set<number>();
      for (const c of st.p[seat]!.tac)
        if (!seen.has(c)) {
          seen.add(c);
          out.push({ type: 'discard', card: c });
        }
      return;
    }
    const a = f.areas[0]!;
    for (const u of p.factions[st.fac[seat]!]!.canonAll) {
      if (st.us[a * p.U + u]) out.push({ type: 'destroy', area: a, u });
      if (st.ur[a * p.U + u]) out.push({ type: 'destroy', area: a, u, routed: true });
    }
  },
  answer(st, f, seat, a, log): ApplyResult {
    const x = st.p[seat]!;
    if (f.what === 0) {
      const i = a.type === 'discard' ? x.tac.indexOf(a.card) : -1;
      if (i < 0) return fail('notInHand', 'That card is not in your hand.', 'RW-DP-82');
      x.tac.splice(i, 1);
      x.tacSeason.splice(i, 1);
      st.decks.tacticsDiscard.push(a.type === 'discard' ? a.card : -1);
      emit(log, 'rw.ev.discardedTactics', { seat, tcard: a.type === 'discard' ? a.card : -1 }, [
        'RW-SEASON-03',
      ]);
      if (--f.n <= 0 || !x.tac.length) st.stack.pop();
      return OK;
    }
    const p = pk(st);
    const area = f.areas[0]!;
    if (a.type !== 'destroy' || a.area !== area)
      return fail('wrongAction', 'Destroy one of your units in that area.', 'RW-SEASON-03');
    const i = a.area * p.U + a.u;
    if (!p.factions[st.fac[seat]!]!.canonAll.includes(a.u) || (a.routed ? st.ur[i]! : st.us[i]!) <= 0)
      return fail('noSuchUnit', 'You have no such unit there.', 'RW-SEASON-03');
    removeUnit(st, a.area, a.u, !!a.routed, seat);
    emit(log, 'rw.ev.destroyed', { seat, area: a.area, u: a.u }, ['RW-SEASON-03']);
    if (--f.n <= 0) {
      f.areas.shift();
      f.n = 1;
    }
    if (!f.areas.length) st.stack.pop();
    return OK;
  },
  // RW-DP-89 (DP-82): the first card by id; units as the winter cull's default (routed, lowest health first).
  byDefault(st, f, seat) {
    const out: RwAction[] = [];
    loseDecision.offers(st, f, seat, out);
    if (f.what === 0) {
      let best: RwAction | null = null;
      for (const x of out)
        if (x.type === 'discard' && (!best || x.card < (best as { card: number }).card)) best = x;
      return best;
    }
    const p = pk(st);
    let best: RwAction | null = null,
      bk = Infinity;
    for (const x of out) {
      if (x.type !== 'destroy') continue;
      const k = (x.routed ? 0 : 1e6) + p.units[x.u]!.health * 1e3 - x.u;
      if (k < bk) {
        bk = k;
        best = x;
      }
    }
    return best;
  },
};

/* ------------------------------------------------------------------ Objectives (RW-OBJ-01..05) */

const HOME_RING = new WeakMap<object, (number[] | undefined)[]>();

/** Areas adjacent to a seat's home realm, outside it (per board and faction). */
function ringOf(st: RwState, seat: Seat): number[] {
  const b = board(st);
  let m = HOME_RING.get(b);
  if (!m) HOME_RING.set(b, (m = []));
  const fac = st.fac[seat]!;
  let r = m[fac];
  if (!r) {
    const home = pk(st).factions[fac]!.home;
    const set = new Set<number>();
    for (const h of home) for (const a of b.adj[h]!) if (!home.includes(a)) set.add(a);
    r = [...set].sort((x, y) => x - y);
    m[fac] = r;
  }
  return r;
}

/** The count an Objective's condition reads (cards-data.ts OBJ_COUNTS), -1 when it is not playable yet. */
export function objectiveCount(st: RwState, seat: Seat, o: number): number {
  const w = pk(st).objectives[o]!.when;
  if ('later' in w) return -1;
  return countOf(st, seat, w);
}

/** Patron of Heroes' counts: heroes he controls (10), the most Reward cards under one of them (11). */
function heroCount(st: RwState, seat: Seat, k: number): number {
  const hs = st.hero;
  if (!hs) return 0;
  let n = 0;
  for (let h = 0; h < hs.ctl.length; h++)
    if (hs.ctl[h] === seat && hs.at[h]! >= 0) n = k === 10 ? n + 1 : Math.max(n, hs.rw[h]!.length);
  return n;
}

function countOf(st: RwState, seat: Seat, w: ObjectiveCount): number {
  const p = pk(st);
  const on = board(st).on;
  let n = 0;
  const types = w.count === 6 ? new Set<number>() : null;
  const home = p.factions[st.fac[seat]!]!.home;
  switch (w.count) {
    case 0: // areas
      for (const a of on) if (ctrl(st, a) === seat) n++;
      return n;
    case 1: // cities
      return citiesOf(st, seat);
    case 2: // strongholds
      for (const a of on) if (st.sh[a] === seat) n++;
      return n;
    case 3: // units
      for (const a of on) if (st.own[a] === seat) n += unitsOf(st, a, seat);
      return n;
    case 4: // influence (not on Titles)
      return st.p[seat]!.inf;
    case 5: // allied
    case 6: // alliedTypes
    case 7: {
      // alliedOf
      for (const a of on) {
        if (st.own[a] !== seat) continue;
        for (const u of p.neutrals) {
          const k = st.us[a * p.U + u]! + st.ur[a * p.U + u]!;
          if (!k) continue;
          if (w.count === 7 && !w.units.includes(p.units[u]!.id)) continue;
          n += k;
          types?.add(u);
        }
      }
      return types ? types.size : n;
    }
    case 8: // rune tokens in areas he controls outside his home realm
      for (const a of on) if (st.rk[a]! >= 0 && ctrl(st, a) === seat && !home.includes(a)) n++;
      return n;
    case 9: // areas around his home realm he does not control
      for (const a of ringOf(st, seat)) if (st.pos[a]! >= 0 && ctrl(st, a) !== seat) n++;
      return n;
    case 10: // heroes
    case 11: // heroRewards
      return heroCount(st, seat, w.count);
    case 12:
    case 13:
    case 14:
    case 15:
      return turnCount(st, seat, w.count, namedNeutrals(p, w));
    default:
      return -1;
  }
}

function countMet(st: RwState, seat: Seat, w: ObjectiveCount): boolean {
  const n = countOf(st, seat, w);
  if (n >= 0 && n >= w.atLeast && n <= w.atMost) return true;
  return !!w.or && countMet(st, seat, w.or);
}

export function objectiveMet(st: RwState, seat: Seat, o: number): boolean {
  const w = pk(st).objectives[o]!.when;
  if ('later' in w) return false;
  return countMet(st, seat, w);
}

/**
 * At the end of his turn (RW-OBJ-03, RW-YEAR-28) a player holding an Objective is asked whether he claims
 * it when some Objective of his alignment's deck is met by him — a fact of the public board the same for
 * every card of that deck, so the question tells nothing of which card he holds (RW-INFO-06).
 */
export function askObjective(st: RwState, seat: Seat): void {
  const x = st.p[seat]!;
  if (x.obj < 0 || x.out) return;
  const p = pk(st);
  const good = p.objectives[x.obj]!.good;
  // objectiveMet of each card of his deck, with every count read in one pass over the board (countAll).
  let counted = false;
  for (let o = 0; o < p.objectives.length; o++) {
    const c = p.objectives[o]!;
    if (c.good !== good) continue;
    const w = c.when;
    if ('later' in w) continue;
    if (!counted) {
      countAll(st, seat);
      counted = true;
    }
    let n: number;
    switch (w.count) {
      case 7: {
        // alliedOf: his allied neutral units of the card's named kinds
        const js = namedNeutrals(p, w);
        n = 0;
        for (let i = 0; i < js.length; i++) n += alliedBy[js[i]!]!;
        break;
      }
      case 9: {
        // ringHome: areas around his home realm he does not control
        const ring = ringOf(st, seat);
        n = 0;
        for (let i = 0; i < ring.length; i++) if (!mine[ring[i]!]) n++;
        break;
      }
      case 10:
      case 11:
        n = heroCount(st, seat, w.count);
        break;
      case 12:
      case 13:
      case 14:
      case 15:
        n = turnCount(st, seat, w.count, namedNeutrals(p, w));
        break;
      default:
        n = w.count >= 0 && w.count < 9 ? counts[w.count]! : -1;
    }
    if ((n >= 0 && n >= w.atLeast && n <= w.atMost) || (w.or && countMet(st, seat, w.or))) {
      st.stack.push({ k: 'objective', seat });
      return;
    }
  }
}

/** The indices into `Pack.neutrals` of the kinds an alliedOf card names (per card, cached). */
const NAMED = new WeakMap<object, number[]>();
function namedNeutrals(p: Pack, w: object & { units: string[] }): number[] {
  let js = NAMED.get(w);
  if (!js) {
    js = [];
    for (let j = 0; j < p.neutrals.length; j++) if (w.units.includes(p.units[p.neutrals[j]!]!.id)) js.push(j);
    NAMED.set(w, js);
  }
  return js;
}

/**
 * objectiveCount's kinds 0–6 and 8 for a seat in `counts`, in one pass over the board; with the areas he
 * controls (`mine`, for kind 9) and his allied neutral units by kind (`alliedBy`, for kind 7). The
 * control test is ctrl's, read field by field: only his own home realm area needs its neutral units.
 */
const counts = new Int32Array(10);
let mine = new Uint8Array(64);
let alliedBy = new Int32Array(16);
function countAll(st: RwState, seat: Seat): void {
  const p = pk(st);
  const on = board(st).on;
  const home = p.factions[st.fac[seat]!]!.home;
  const fu = p.factions[st.fac[seat]!]!.units;
  const ns = p.neutrals;
  const U = p.U;
  const { own, sh, city, rk, us, ur } = st;
  const hm = st.home;
  if (mine.length < own.length) mine = new Uint8Array(own.length);
  else mine.fill(0);
  if (alliedBy.length < ns.length) alliedBy = new Int32Array(ns.length);
  else alliedBy.fill(0);
  let areas = 0,
    cities = 0,
    shs = 0,
    units = 0,
    allied = 0,
    kinds = 0,
    runes = 0;
  for (let i = 0; i < on.length; i++) {
    const a = on[i]!;
    const o = own[a]!;
    const s = sh[a]!;
    if (s === seat) shs++;
    let c: boolean;
    if (o >= 0) c = o === seat;
    else if (s >= 0) c = s === seat;
    else c = hm[a] === seat && neutralsIn(st, a) === 0; // RW-TERM-05 (ctrl)
    if (c) {
      mine[a] = 1;
      areas++;
      if (city[a]! >= 0) cities++;
      if (rk[a]! >= 0 && !home.includes(a)) runes++;
    }
    if (o !== seat) continue;
    const base = a * U;
    for (let j = 0; j < fu.length; j++) units += us[base + fu[j]!]! + ur[base + fu[j]!]!;
    for (let j = 0; j < ns.length; j++) {
      const k = us[base + ns[j]!]! + ur[base + ns[j]!]!;
      if (!k) continue;
      allied += k;
      if (!alliedBy[j]) kinds++;
      alliedBy[j]! += k;
    }
  }
  counts[0] = areas;
  counts[1] = cities;
  counts[2] = shs;
  counts[3] = units + allied; // unitsOf: faction units and allied neutrals
  counts[4] = st.p[seat]!.inf;
  counts[5] = allied;
  counts[6] = kinds;
  counts[8] = runes;
}

export const objectiveDecision: Decision<RwState, F<'objective'>, RwAction> = {
  prompt: 'rw.objective',
  rule: 'RW-OBJ-03',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(st, _f, seat, out) {
    out.push({ type: 'objective', claim: false });
    const o = st.p[seat]!.obj;
    if (o >= 0 && objectiveMet(st, seat, o)) out.push({ type: 'objective', claim: true });
  },
  answer(st, _f, seat, a, log): ApplyResult {
    if (a.type !== 'objective') return fail('wrongAction', 'Claim your Objective, or not.', 'RW-OBJ-03');
    const x = st.p[seat]!;
    if (a.claim && !(x.obj >= 0 && objectiveMet(st, seat, x.obj)))
      return fail('objectiveNotMet', 'Your Objective’s condition is not met.', 'RW-OBJ-05');
    st.stack.pop();
    if (!a.claim) return OK;
    // RW-OBJ-03..05: revealed, discarded for good (no replacement), one dragon rune received.
    const o = x.obj;
    x.obj = -1;
    emit(log, 'rw.ev.objectiveClaimed', { seat, objective: o }, ['RW-OBJ-03', 'RW-OBJ-04', 'RW-OBJ-05']);
    receiveRune(st, seat);
    return OK;
  },
  // RW-DP-89: no claim (optional).
  byDefault: () => ({ type: 'objective', claim: false }),
};
