/**
 * Movement (04-movement.md, 03-orders.md §3–5): Strategize (RW-STRAT-01..09, RW-DP-41) and Mobilize /
 * Conquer with activation tokens and paths (RW-MOB-*, RW-CONQ-01, RW-ACT-*, RW-MOVE-20..32, RW-DP-44/49).
 * Moves are drafted one figure at a time and committed together: every figure of a plan or an activation
 * moves at once, judged against the board as it stood before (RW-STRAT-06/08, RW-MOVE-28/29).
 *
 * Moving units into an area with enemy units or an enemy-controlled area starts a battle there once the
 * activation's moves are made (RW-MOB-03/04, RW-MOVE-02/31/32, battle.ts); moving into an area of unallied
 * neutral units asks for battle or diplomacy (RW-MOVE-03, RW-DIPLO-01, diplomacy.ts); a Mobilize card
 * starts at most one battle over its two resolutions (RW-MOB-07..10).
 *
 * Neutral units allied with the player move as his units (RW-NEUT-07/08), from the areas he holds, but a
 * move of theirs must end in a friendly area: one friendly before the move, or one where at least one of
 * his faction units ends the same movement (RW-NEUT-12/13, RW-STRAT-09). Drafted one at a time, such a
 * move is offered once a faction unit has been drafted to the same destination (an undo takes the last
 * draft first, so the plan never loses it). Allied neutrals left in an area their ally no longer controls
 * become unallied at the commit (RW-NEUT-10/17, `settle`).
 */
import type { ApplyResult, Decision, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import type { Pack } from './pack.js';
import {
  addUnits,
  board,
  ctrl,
  fail,
  friendlyOrEmpty,
  neutralsIn,
  only,
  pk,
  removeUnit,
  settle,
} from './common.js';
import { startBattle } from './battle.js';
import { diplomacyPossible, startDiplomacy } from './diplomacy.js';
import { activateAction, COMMIT, draftAction, draftInAction, PASS, UNDO } from './actions.js';
import { checkLimit } from './year.js';
import { payPortal, portals, portalsOpen } from './explore.js';
import {
  commitHeroes,
  heroMobDraft,
  heroMobOffers,
  heroStratDraft,
  heroStratOffers,
  undoHero,
} from './hero-moves.js';
import type { Frame, RwAction, RwState } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

/**
 * Borders a seat's figures cross this turn besides plain ones: bit 1 mountain, bit 2 water — water all
 * winter (RW-MOVE-13), and what his Tactics cards allow this turn (RW-MOVE-14, tactics.ts).
 */
function ignored(st: RwState, seat: Seat): number {
  let m = st.season === 3 ? 2 : 0;
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'turn') {
      if (f.seat === seat && f.fx) m |= f.fx;
      break;
    }
  }
  return m;
}
/** Whether a border of kind `e` (0 plain, 1 mountain, 2 water) is crossed with the `ignored` mask `m`. */
const cross = (e: number, flying: boolean, m: number): boolean =>
  e === 0 || flying || ((m >> (e - 1)) & 1) === 1;

/**
 * Mobilize's reach this turn for all units and for Fast ones (RW-MOVE-21): a Tactics card of his turn
 * (Forced March), else the season's card (Blizzard), else the rules.
 */
export function reachOf(st: RwState, seat: Seat): [number, number] {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'turn') {
      if (f.seat === seat && f.rc) return [f.rc, f.rf ?? f.rc];
      break;
    }
  }
  if (st.reach) return [st.reach[0]!, st.reach[1]!];
  const r = pk(st).rules;
  return [r.reach, r.fastReach];
}

/** The unit types a seat moves: his faction's and the neutral units allied with him (RW-NEUT-07). */
const movers = (p: Pack, st: RwState, seat: Seat): number[] => p.factions[st.fac[seat]!]!.canonAll;
const isNeutral = (p: Pack, u: number): boolean => p.units[u]!.faction < 0;

/**
 * Whether an allied neutral unit's move into `to` ends in a friendly area (RW-NEUT-12/13, RW-STRAT-09):
 * friendly before the move, or a faction unit of the seat drafted to the same destination (`d` holds
 * drafts of `step` numbers each, destination at `di`, unit type last; `x` the activated area or -1).
 */
function alliedMayEnd(st: RwState, seat: Seat, to: number, d: number[], step: number, di: number): boolean {
  if (ctrl(st, to) === seat) return true;
  const p = pk(st);
  for (let i = 0; i < d.length; i += step)
    if ((di < 0 || d[i + di] === to) && !isNeutral(p, d[i + step - 1]!)) return true;
  return false;
}

/** Units of type `u` in `a` not yet drafted (drafts are [from, u] pairs or [from, to, u] triples). */
function free(st: RwState, a: number, u: number, d: number[], step: number): number {
  let n = st.us[a * pk(st).U + u]!; // routed units cannot move (RW-MOVE-04)
  for (let i = 0; i < d.length; i += step) if (d[i] === a && d[i + step - 1] === u) n--;
  return n;
}

/* ------------------------------------------------------------------ Strategize */

/** Friendly-or-empty flags of the areas for one listing: 1 yes, 0 no, -1 not judged yet (a scratch array). */
let fe = new Int8Array(0);
function resetFe(n: number): Int8Array {
  if (fe.length < n) fe = new Int8Array(n);
  fe.fill(-1, 0, n);
  return fe;
}
function isFe(st: RwState, a: number, seat: Seat): boolean {
  const x = fe[a]!;
  if (x >= 0) return x === 1;
  const ok = friendlyOrEmpty(st, a, seat);
  fe[a] = ok ? 1 : 0;
  return ok;
}

/**
 * The moves a Strategize plan may draft do not change while it is drafted (judged against the board at
 * its start, RW-STRAT-06; nothing moves before the commit): per own area not activated and unit type
 * standing there, its destinations (walking or flying) and their draft actions, in listing order,
 * computed once per frame object (a clone or a replay computes them again). The last frame's are kept.
 */
interface StratSource {
  a: number;
  u: number;
  /** Allied neutral units: a move of theirs must end where a faction unit goes too (RW-NEUT-13). */
  ally: boolean;
  to: number[];
  acts: RwAction[];
}
let stratFrame: object | null = null;
let stratSources: StratSource[] = [];
function stratSourcesOf(st: RwState, f: F<'strat'>, seat: Seat): StratSource[] {
  if (stratFrame === f) return stratSources;
  const p = pk(st);
  const b = board(st);
  const bit = 1 << seat;
  const w = ignored(st, seat);
  const units = movers(p, st, seat);
  const U = p.U;
  const out: StratSource[] = [];
  resetFe(st.pos.length);
  // RW-EXPL-22/23: with two face-up Magic Portals and the influence to pay, a portal area is adjacent to the others.
  const gates = portalsOpen(st, seat) ? portals(st) : null;
  for (const a of b.on) {
    if (st.own[a] !== seat || st.act[a]! & bit) continue; // RW-STRAT-03
    const adj = b.adj[a]!,
      edge = b.edge[a]!;
    const gate = gates !== null && gates.includes(a) ? gates : null;
    let walk: number[] | null = null,
      fly: number[] | null = null;
    for (const u of units) {
      if (st.us[a * U + u] === 0) continue;
      const flying = p.units[u]!.flying;
      let to: number[] | null = flying ? fly : walk;
      if (!to) {
        to = [];
        // RW-STRAT-02/05: an adjacent friendly or empty area across a crossable border.
        for (let i = 0; i < adj.length; i++)
          if (cross(edge[i]!, flying, w) && isFe(st, adj[i]!, seat)) to.push(adj[i]!);
        if (gate) for (const g of gate) if (g !== a && !to.includes(g) && isFe(st, g, seat)) to.push(g);
        if (flying) fly = to;
        else walk = to;
      }
      const acts: RwAction[] = [];
      for (let i = 0; i < to.length; i++) acts.push(draftAction(a, to[i]!, u));
      out.push({ a, u, ally: isNeutral(p, u), to, acts });
    }
  }
  stratFrame = f;
  stratSources = out;
  return out;
}

function stratOffers(st: RwState, f: F<'strat'>, seat: Seat, out: RwAction[]): void {
  const src = stratSourcesOf(st, f, seat);
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (free(st, c.a, c.u, f.d, 3) <= 0) continue;
    if (!c.ally) for (let j = 0; j < c.acts.length; j++) out.push(c.acts[j]!);
    else
      for (let j = 0; j < c.to.length; j++)
        if (alliedMayEnd(st, seat, c.to[j]!, f.d, 3, 1)) out.push(c.acts[j]!);
  }
}

function canStrat(st: RwState, f: F<'strat'>, seat: Seat, from: number, to: number, u: number): boolean {
  const p = pk(st);
  if (!Number.isInteger(from) || from < 0 || from >= st.pos.length || !Number.isInteger(u)) return false;
  if (st.own[from] !== seat || st.act[from]! & (1 << seat) || !movers(p, st, seat).includes(u)) return false;
  if (free(st, from, u, f.d, 3) <= 0) return false;
  return (
    (stepOk(st, seat, from, to, p.units[u]!.flying) || portalOk(st, seat, from, to)) &&
    friendlyOrEmpty(st, to, seat) &&
    (!isNeutral(p, u) || alliedMayEnd(st, seat, to, f.d, 3, 1))
  );
}

/** An adjacent area across a border the figure may cross. */
function stepOk(st: RwState, seat: Seat, from: number, to: number, flying: boolean): boolean {
  const b = board(st);
  const i = b.adj[from]!.indexOf(to);
  return i >= 0 && cross(b.edge[from]![i]!, flying, ignored(st, seat));
}

/** A Magic Portal link between two portal areas that the seat may pay for (RW-EXPL-22/23). */
function portalOk(st: RwState, seat: Seat, from: number, to: number): boolean {
  if (from === to || !portalsOpen(st, seat)) return false;
  const g = portals(st);
  return g.includes(from) && g.includes(to);
}

export const stratDecision: Decision<RwState, F<'strat'>, RwAction> = {
  prompt: 'rw.strategize',
  rule: 'RW-STRAT-01',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  fill: (_st, f, _seat, pr) => {
    pr.args = { drafted: f.d.length / 3 };
  },
  offers(st, f, seat, out) {
    out.push(COMMIT);
    if (f.d.length || f.hd?.length) out.push(UNDO);
    stratOffers(st, f, seat, out);
    heroStratOffers(st, f, seat, out); // RW-STRAT-07, RW-HMOVE-01
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type === 'undo') {
      if (undoHero(f, 3)) return OK;
      if (!f.d.length) return fail('nothingDrafted', 'Nothing is drafted.', 'RW-DP-41');
      f.d.length -= 3;
      return OK;
    }
    if (a.type === 'heroMove') {
      const e = heroStratDraft(st, f, seat, a.h, a.to ?? -1);
      return e ? heroRefusal(e) : OK;
    }
    if (a.type === 'commit') {
      // RW-EXPL-23: the portals' influence, once for the plan, if a figure goes through them.
      const p = pk(st);
      for (let i = 0; i < f.d.length; i += 3)
        if (!stepOk(st, seat, f.d[i]!, f.d[i + 1]!, p.units[f.d[i + 2]!]!.flying)) {
          payPortal(st, seat, log);
          break;
        }
      for (let i = 0; i < f.d.length; i += 3) removeUnit(st, f.d[i]!, f.d[i + 2]!, false, seat);
      const dest: number[] = [];
      for (let i = 0; i < f.d.length; i += 3) {
        addUnits(st, f.d[i + 1]!, f.d[i + 2]!, 1, seat);
        dest.push(f.d[i + 1]!);
      }
      // RW-NEUT-10: allies moved into an area friendly before the plan that his units all left lose him.
      for (const t of dest) settle(st, t);
      commitHeroes(st, seat, f.hd, 3, -1, log);
      if (log) {
        const moved = new Map<string, number>();
        for (let i = 0; i < f.d.length; i += 3) {
          const k = `${f.d[i]},${f.d[i + 1]},${f.d[i + 2]}`;
          moved.set(k, (moved.get(k) ?? 0) + 1);
        }
        emit(
          log,
          'rw.ev.strategized',
          { seat, moves: [...moved].map(([k, n]) => [...k.split(',').map(Number), n]) },
          ['RW-STRAT-01', 'RW-STRAT-04', 'RW-STRAT-06', 'RW-STRAT-08'],
        );
      }
      st.stack.pop();
      checkLimit(st, seat, dest); // RW-STRAT-08, RW-LIMIT-03
      return OK;
    }
    if (a.type !== 'draft' || a.to === undefined)
      return fail('wrongAction', 'Draft a move to an adjacent area, or commit the plan.', 'RW-DP-41');
    if (!canStrat(st, f, seat, a.from, a.to, a.u)) return stratRefusal(st, f, seat, a);
    f.d.push(a.from, a.to, a.u);
    return OK;
  },
  // RW-DP-89 (DP-41): no movement.
  byDefault: () => COMMIT,
};

function stratRefusal(
  st: RwState,
  f: F<'strat'>,
  seat: Seat,
  a: Extract<RwAction, { type: 'draft' }>,
): ApplyResult {
  const p = pk(st);
  if (!movers(p, st, seat).includes(a.u))
    return fail('noSuchUnit', 'You have no such unit there.', 'RW-MOVE-01');
  const b = board(st);
  if (!Number.isInteger(a.from) || a.from < 0 || a.from >= st.pos.length || st.own[a.from] !== seat)
    return fail('noUnits', 'You have no units there.', 'RW-STRAT-01');
  if (st.act[a.from]! & (1 << seat))
    return fail('activated', 'Your units cannot leave an area with your activation token.', 'RW-STRAT-03');
  if (free(st, a.from, a.u, f.d, 3) <= 0)
    return fail('noFreeUnit', 'No such standing unit left to move there (each moves once).', 'RW-STRAT-06');
  const i = b.adj[a.from]!.indexOf(a.to!);
  if (i < 0) return fail('notAdjacent', 'Strategize moves a figure to an adjacent area only.', 'RW-STRAT-06');
  if (!cross(b.edge[a.from]![i]!, p.units[a.u]!.flying, ignored(st, seat)))
    return fail('border', 'Mountain and water borders cannot be crossed.', 'RW-MOVE-10');
  if (friendlyOrEmpty(st, a.to!, seat) && isNeutral(p, a.u))
    return fail(
      'alliedAlone',
      'Allied neutral units move into an empty area only with one of your faction units moving there too.',
      'RW-STRAT-09',
    );
  return fail('notFriendly', 'Strategize moves only into friendly or empty areas.', 'RW-STRAT-02');
}

/* ------------------------------------------------------------------ Mobilize and Conquer */

/**
 * Whether moving units into `a` starts a battle or diplomacy (RW-MOB-03/04, RW-MOVE-02/03): an enemy's
 * area (his allied neutrals are enemy units too, RW-NEUT-09) or one of unallied neutral units.
 */
export function battleArea(st: RwState, a: number, seat: Seat): boolean {
  const c = ctrl(st, a);
  return c >= 0 ? c !== seat : neutralsIn(st, a) > 0;
}

/** An area of unallied neutral units only (RW-MOVE-03): moving in asks for battle or diplomacy. */
const neutralArea = (st: RwState, a: number): boolean => ctrl(st, a) < 0 && neutralsIn(st, a) > 0;

/** Whether this Order card has already started its battle (RW-MOB-07: one per Mobilize card). */
export function battleUsed(st: RwState, seat: Seat): boolean {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const t = st.stack[i]!;
    if (t.k === 'turn' && t.seat === seat) return t.bat === 1;
  }
  return false;
}

/**
 * Areas a seat may activate now (RW-ACT-05, RW-MOB-01, RW-MOVE-24): any without his token; once his
 * Mobilize has started its battle, only areas where moving in starts none (RW-MOB-07: moving units there
 * would be the only use of activating them, no heroes yet) — friendly or empty ones, and unallied
 * neutrals' where diplomacy is still possible (RW-MOB-10: influence to spend, room for a unit within 8).
 */
function activationOffers(st: RwState, seat: Seat, out: RwAction[]): void {
  const used = battleUsed(st, seat);
  const on = board(st).on;
  for (let i = 0; i < on.length; i++)
    if (mayActivate(st, seat, on[i]!, used)) out.push(activateAction(on[i]!));
}

/** Whether area `a` of the board is among activationOffers' (`used`: battleUsed). */
function mayActivate(st: RwState, seat: Seat, a: number, used: boolean): boolean {
  return (
    !(st.act[a]! & (1 << seat)) &&
    (!used || friendlyOrEmpty(st, a, seat) || (neutralArea(st, a) && diplomacyPossible(st, seat, a, 1)))
  );
}

/**
 * Whether one more unit may be drafted into the activated area: once the battle is used, the units moved
 * into unallied neutrals plus the neutrals must stay within 8, so that diplomacy remains possible
 * (RW-MOB-07, RW-LIMIT-04).
 */
function roomIn(st: RwState, f: F<'mob'>, seat: Seat): boolean {
  return (
    !neutralArea(st, f.x) || !battleUsed(st, seat) || diplomacyPossible(st, seat, f.x, f.d.length / 2 + 1)
  );
}

/**
 * Path lengths to the activated area `x` for walking and flying units (RW-MOVE-20..25): every
 * intermediate area friendly or empty, or holding the mover's activation token (RW-MOVE-23, RW-ACT-04),
 * judged before anything moves (RW-MOVE-28). dist[area] = steps, or 99 if out of reach.
 */
let queue = new Int16Array(0);
function reach(
  st: RwState,
  seat: Seat,
  x: number,
  fly: boolean,
  max: number,
  dist: Int8Array,
  gates: number[] | null = null,
): Int8Array {
  const b = board(st);
  const n = st.pos.length;
  dist.fill(99, 0, n);
  if (queue.length < n) queue = new Int16Array(n);
  dist[x] = 0;
  const w = ignored(st, seat);
  const bit = 1 << seat;
  let head = 0,
    tail = 0;
  queue[tail++] = x;
  while (head < tail) {
    const a = queue[head++]!;
    const k = dist[a]! + 1;
    if (k > max) break;
    // `a` is an intermediate area of the paths through it (unless it is the destination itself).
    if (a !== x && !(st.act[a]! & bit) && !isFe(st, a, seat)) continue;
    const adj = b.adj[a]!,
      edge = b.edge[a]!;
    for (let i = 0; i < adj.length; i++) {
      const t = adj[i]!;
      if (dist[t]! <= k || !cross(edge[i]!, fly, w)) continue;
      dist[t] = k;
      queue[tail++] = t;
    }
    // RW-EXPL-22/23: a portal area is adjacent to every other one (one step, borders do not apply).
    if (gates && gates.includes(a))
      for (const t of gates) {
        if (dist[t]! <= k) continue;
        dist[t] = k;
        queue[tail++] = t;
      }
  }
  return dist;
}

/**
 * What an activation may draft does not change while its moves are drafted (nothing moves before the
 * commit, RW-MOVE-28): the own areas not activated within reach of the activated area for each unit type
 * standing there (RW-MOVE-20..25, RW-MOVE-22, RW-ACT-02), in listing order, computed once per frame object
 * and activated area (a clone or a replay computes them again); the flyers' reach only when a flyer
 * stands in one of his areas. The last frame's are kept.
 */
interface MobSource {
  a: number;
  u: number;
  /** An allied neutral unit (RW-NEUT-13). */
  ally: boolean;
  act: RwAction;
  /** Only through the Magic Portals (RW-EXPL-22/23): the move costs the portals' influence. */
  gate?: boolean;
}
let mobFrame: object | null = null;
let mobX = -1;
let mobSources: MobSource[] = [];
let walkDist = new Int8Array(0);
let flyDist = new Int8Array(0);
let gateWalk = new Int8Array(0);
let gateFly = new Int8Array(0);
function mobSourcesOf(st: RwState, f: F<'mob'>, seat: Seat): MobSource[] {
  if (mobFrame === f && mobX === f.x) return mobSources;
  const p = pk(st);
  const [reachAll, reachFast] = reachOf(st, seat);
  const far = Math.max(reachAll, reachFast);
  const n = st.pos.length;
  if (walkDist.length < n) {
    walkDist = new Int8Array(n);
    flyDist = new Int8Array(n);
    gateWalk = new Int8Array(n);
    gateFly = new Int8Array(n);
  }
  resetFe(n);
  const walk = reach(st, seat, f.x, false, far, walkDist);
  let fly: Int8Array | null = null;
  const bit = 1 << seat;
  const U = p.U;
  const units = movers(p, st, seat);
  const out: MobSource[] = [];
  const gates = portalsOpen(st, seat) ? portals(st) : null;
  let gw: Int8Array | null = null,
    gf: Int8Array | null = null;
  for (const a of board(st).on) {
    if (a === f.x || st.own[a] !== seat || st.act[a]! & bit) continue; // RW-MOVE-22, RW-ACT-02
    for (const u of units) {
      if (st.us[a * U + u] === 0) continue; // routed units cannot move (RW-MOVE-04)
      const t = p.units[u]!;
      const d = (t.flying ? (fly ??= reach(st, seat, f.x, true, far, flyDist)) : walk)[a]!;
      const max = t.fast ? reachFast : reachAll;
      if (d <= max) out.push({ a, u, ally: t.faction < 0, act: draftInAction(a, u) });
      else if (gates) {
        // RW-EXPL-22/23: out of reach but through the portals.
        const g = t.flying
          ? (gf ??= reach(st, seat, f.x, true, far, gateFly, gates))
          : (gw ??= reach(st, seat, f.x, false, far, gateWalk, gates));
        if (g[a]! <= max) out.push({ a, u, ally: t.faction < 0, act: draftInAction(a, u), gate: true });
      } // else out of reach (RW-MOVE-21)
    }
  }
  mobFrame = f;
  mobX = f.x;
  mobSources = out;
  return out;
}

/** Whether a figure of type `u` in `a` may be drafted into the activated area now. */
function canDraft(st: RwState, f: F<'mob'>, seat: Seat, a: number, u: number): boolean {
  const c = mobSourcesOf(st, f, seat).find((x) => x.a === a && x.u === u);
  return (
    c !== undefined &&
    free(st, a, u, f.d, 2) > 0 &&
    (!c.ally || alliedMayEnd(st, seat, f.x, f.d, 2, -1)) &&
    roomIn(st, f, seat)
  );
}

function moveOffers(st: RwState, f: F<'mob'>, seat: Seat, out: RwAction[]): void {
  const src = mobSourcesOf(st, f, seat);
  if (!roomIn(st, f, seat)) return;
  // RW-NEUT-13: allied neutrals go only where a faction unit goes too, unless the area is friendly.
  const allies = alliedMayEnd(st, seat, f.x, f.d, 2, -1);
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c.ally && !allies) continue;
    if (free(st, c.a, c.u, f.d, 2) > 0) out.push(c.act);
  }
}

export const mobDecision: Decision<RwState, F<'mob'>, RwAction> = {
  prompt: 'rw.mobilize',
  rule: 'RW-MOB-01',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  fill: (_st, f, _seat, pr) => {
    pr.args = { order: f.n, area: f.x, drafted: f.d.length / 2, second: f.second === 1 };
  },
  offers(st, f, seat, out) {
    if (f.x < 0) {
      out.push(PASS);
      activationOffers(st, seat, out);
      return;
    }
    out.push(COMMIT);
    if (f.d.length || f.hd?.length) out.push(UNDO);
    moveOffers(st, f, seat, out);
    heroMobOffers(st, f, seat, out); // RW-HMOVE-01/02
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (f.x < 0) {
      if (a.type === 'pass') {
        st.stack.pop();
        if (log) emit(log, 'rw.ev.noActivation', { seat }, ['RW-ORDER-03', 'RW-DP-44']);
        return OK;
      }
      if (a.type !== 'activate') return fail('wrongAction', 'Activate an area, or pass.', 'RW-DP-44');
      const onBoard =
        Number.isInteger(a.area) && a.area >= 0 && a.area < st.pos.length && st.pos[a.area]! >= 0;
      if (!onBoard || !mayActivate(st, seat, a.area, battleUsed(st, seat))) {
        if (!Number.isInteger(a.area) || a.area < 0 || a.area >= st.act.length || st.pos[a.area]! < 0)
          return fail('noArea', 'There is no such area on the board.', 'RW-DP-44');
        if (st.act[a.area]! & (1 << seat))
          return fail('alreadyActivated', 'You have already activated that area this year.', 'RW-ACT-05');
        return fail(
          'battleUsed',
          'This Mobilize card has already started its battle: it cannot start a second one.',
          'RW-MOB-07',
        );
      }
      f.x = a.area;
      st.act[a.area]! |= 1 << seat; // RW-ACT-01, RW-ACT-10
      if (log)
        emit(log, 'rw.ev.activated', { seat, area: a.area, order: f.n }, [
          'RW-MOB-01',
          'RW-ACT-01',
          'RW-CONQ-01',
        ]);
      return OK;
    }
    if (a.type === 'undo') {
      if (undoHero(f, 2)) return OK;
      if (!f.d.length) return fail('nothingDrafted', 'Nothing is drafted.', 'RW-DP-44');
      f.d.length -= 2;
      return OK;
    }
    if (a.type === 'heroMove') {
      const e = heroMobDraft(st, f, seat, a.h);
      return e ? heroRefusal(e) : OK;
    }
    if (a.type === 'commit') {
      const x = f.x;
      // RW-EXPL-23: the portals' influence, once for the activation, if a unit comes through them.
      if (f.d.length) {
        const src = mobSourcesOf(st, f, seat);
        for (let i = 0; i < f.d.length; i += 2)
          if (src.find((c) => c.a === f.d[i] && c.u === f.d[i + 1])?.gate) {
            payPortal(st, seat, log);
            break;
          }
      }
      // RW-MOVE-31/32, RW-LIMIT-02: units moving into an enemy's or neutrals' area fight there, any number.
      const fight = f.d.length > 0 && battleArea(st, x, seat);
      for (let i = 0; i < f.d.length; i += 2) {
        removeUnit(st, f.d[i]!, f.d[i + 1]!, false, seat);
        if (!fight) addUnits(st, x, f.d[i + 1]!, 1, seat);
      }
      if (!fight) settle(st, x); // RW-NEUT-10
      // RW-HMOVE-03: heroes start no battle; they stand in the area (and may support a battle there).
      commitHeroes(st, seat, f.hd, 2, x, log);
      if (log) {
        const moved = new Map<string, number>();
        for (let i = 0; i < f.d.length; i += 2) {
          const k = `${f.d[i]},${f.d[i + 1]}`;
          moved.set(k, (moved.get(k) ?? 0) + 1);
        }
        emit(
          log,
          'rw.ev.mobilized',
          { seat, area: x, moves: [...moved].map(([k, n]) => [...k.split(',').map(Number), n]) },
          ['RW-MOB-02', 'RW-MOVE-27', 'RW-MOVE-28', 'RW-MOVE-29', 'RW-MOVE-31'],
        );
      }
      const d = f.d;
      st.stack.pop();
      if (fight && neutralArea(st, x)) startDiplomacy(st, seat, x, f.n, d, log, f.hd);
      else if (fight) startBattle(st, seat, x, f.n, d, log);
      else checkLimit(st, seat, [x]); // RW-LIMIT-03/05
      return OK;
    }
    if (a.type !== 'draft' || a.to !== undefined)
      return fail('wrongAction', 'Draft a unit into the activated area, or commit.', 'RW-DP-44');
    if (
      !Number.isInteger(a.from) ||
      !Number.isInteger(a.u) ||
      !movers(pk(st), st, seat).includes(a.u) ||
      !canDraft(st, f, seat, a.from, a.u)
    )
      return mobRefusal(st, f, seat, a);
    f.d.push(a.from, a.u);
    return OK;
  },
  // RW-DP-89 (DP-44): no activation; once activated, no movement.
  byDefault: (_st, f) => (f.x < 0 ? PASS : COMMIT),
};

function heroRefusal(e: string): ApplyResult {
  switch (e) {
    case 'routed':
      return fail('routed', 'A routed hero cannot move.', 'RW-HMOVE-05');
    case 'heroDrafted':
      return fail('heroDrafted', 'That hero is already moving.', 'RW-HMOVE-01');
    case 'heroStrat':
      return fail(
        'heroStrat',
        'Strategize moves a hero into an adjacent friendly or empty area, across a border it may cross.',
        'RW-STRAT-07',
      );
    case 'heroPath':
      return fail(
        'heroPath',
        'A hero reaches the activated area by a path of at most 2 areas, across borders it may cross.',
        'RW-HMOVE-01',
      );
    default:
      return fail('notYourHero', 'That is not one of your heroes.', 'RW-HERO-01');
  }
}

function mobRefusal(
  st: RwState,
  f: F<'mob'>,
  seat: Seat,
  a: Extract<RwAction, { type: 'draft' }>,
): ApplyResult {
  const p = pk(st);
  if (!movers(p, st, seat).includes(a.u))
    return fail('noSuchUnit', 'You have no such unit there.', 'RW-MOVE-01');
  if (!Number.isInteger(a.from) || a.from < 0 || a.from >= st.pos.length || st.own[a.from] !== seat)
    return fail('noUnits', 'You have no units there.', 'RW-MOB-02');
  if (st.act[a.from]! & (1 << seat))
    return fail('activated', 'Your units cannot leave an area with your activation token.', 'RW-ACT-02');
  if (free(st, a.from, a.u, f.d, 2) <= 0)
    return fail(
      'noFreeUnit',
      'No such standing unit left to move (each moves once per activation).',
      'RW-MOVE-29',
    );
  if (!roomIn(st, f, seat))
    return fail(
      'diplomacyRoom',
      'This Mobilize card has fought its battle: your units moved in and the neutral units there must stay within 8, so that diplomacy remains possible.',
      'RW-MOB-07',
    );
  if (isNeutral(p, a.u) && !alliedMayEnd(st, seat, f.x, f.d, 2, -1))
    return fail(
      'alliedAlone',
      'Allied neutral units move into an area that is not friendly only with one of your faction units.',
      'RW-NEUT-13',
    );
  return fail(
    'noPath',
    'No legal path: at most 2 areas (3 if Fast), through friendly or empty areas, across open borders.',
    'RW-MOVE-21',
  );
}
