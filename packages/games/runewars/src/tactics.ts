/**
 * Tactics cards played (08-runes-victory-and-other.md §Tactics, RW-TACT-01..09): which cards a seat may play
 * in a timing window (RW-YEAR-29, RW-BATTLE-70/71, RW-DP-40/61/67/86), and their effects, interpreted from
 * the data's small vocabulary (cards-data.ts `TacticsEffect`); one named hook (Tactical Retreat,
 * RW-BATTLE-59) has code of its own. A card may not be played in the season it was drawn (RW-TACT-03/07);
 * played cards go to the discard pile (RW-TACT-06); a play is public (RW-DP-86). A card's targets are asked
 * after the play, in a `tactic` frame (the play itself is one answer to the window, AOH-HID-14).
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import {
  addUnits,
  board,
  ctrl,
  fail,
  leftOf,
  lookAtControlled,
  onBoard,
  only,
  pk,
  see,
  seasonIndex,
  settle,
  strongholdsOf,
} from './common.js';
import type { TacticsEffect } from './cards-data.js';
import { S_CAPTURE } from './fight.js';
import { T_DMG, T_ROUT } from './tasks.js';
import { checkLimit } from './year.js';
import { duelOf } from './duels.js';
import { damageHero } from './quests.js';
import { windowLive } from './windows.js';
import type { BattleFrame, Frame, RwAction, RwState, WindowAt } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

const PLAY: RwAction[] = [];
const playAction = (c: number): RwAction => (PLAY[c] ??= Object.freeze({ type: 'play', card: c }));
const PICK: RwAction[] = [];
const pickAction = (n: number): RwAction => (PICK[n] ??= Object.freeze({ type: 'pick', n }));
const DONE: RwAction = Object.freeze({ type: 'done' });

/** The battle a battle window belongs to: the nearest battle frame below the top. */
export function battleOf(st: RwState): BattleFrame | null {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'battle') return f;
  }
  return null;
}

/** The seat's turn frame, if it is his turn. */
function turnOf(st: RwState, seat: Seat): F<'turn'> | null {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'turn') return f.seat === seat ? f : null;
  }
  return null;
}

const TURN_WINDOWS: readonly string[] = ['preOrder', 'postOrder'];
/** The duel's windows (RW-DUEL-14): only a player whose hero is in the duel plays in them (RW-DUEL-15). */
const DUEL_WINDOWS: readonly string[] = ['duelStart', 'duelDraw', 'duelRevealed'];

/** Whether a card in hand at index i may be played now: not drawn this season (RW-TACT-03/07). */
const ripe = (st: RwState, seat: Seat, i: number) => st.p[seat]!.tacSeason[i] !== seasonIndex(st);

/**
 * Whether a seat holds a Tactics card he may play this season (RW-TACT-03): a fact everyone can count from
 * the hand sizes and draw seasons, so a window asks only such seats and tells nothing by it.
 */
export function canPlay(st: RwState, seat: Seat): boolean {
  const x = st.p[seat]!;
  const now = seasonIndex(st);
  for (let i = 0; i < x.tacSeason.length; i++) if (x.tacSeason[i] !== now) return true;
  return false;
}

/** Routed figures of a side in a battle, standing up order: the most health first, then the figure id. */
function routedFigures(st: RwState, b: BattleFrame, side: number): number[] {
  const p = pk(st);
  const out: number[] = [];
  for (let i = 0; i < b.fu.length; i++) if (b.fu[i]! >= 0 && b.fs[i] === side && b.fr[i]) out.push(i);
  return out.sort((x, y) => p.units[b.fu[y]!]!.health - p.units[b.fu[x]!]!.health || x - y);
}

/** His routed units on the board (area, type), canonical order of areas, then his types (RW-DP-88). */
function routedOnBoard(st: RwState, seat: Seat): number[] {
  const p = pk(st);
  const out: number[] = [];
  const types = p.factions[st.fac[seat]!]!.canonAll;
  for (const a of board(st).on)
    if (st.own[a] === seat)
      for (const u of types) for (let k = st.ur[a * p.U + u]!; k > 0; k--) out.push(a, u);
  return out;
}

/* ------------------------------------------------------------------ targets */

/** Areas with a face-down rune token he has not seen (Espionage). */
function lookAreas(st: RwState, seat: Seat, out: number[]): void {
  const kn = st.p[seat]!.kn;
  for (const a of board(st).on) if (st.rk[a]! >= 0 && !st.rup[a] && !kn.includes(st.rh[a]!)) out.push(a);
}

/** Areas with neutral units next to an area he controls (Spread Dissent). */
function dissentAreas(st: RwState, seat: Seat, out: number[]): void {
  const b = board(st);
  const p = pk(st);
  for (const a of b.on) {
    let n = 0;
    for (const u of p.neutrals) n += st.us[a * p.U + u]! + st.ur[a * p.U + u]!;
    if (n && b.adj[a]!.some((x) => ctrl(st, x) === seat)) out.push(a);
  }
}

/**
 * Lost City: uncontrolled areas holding one of his heroes, while a stronghold of his is left in the supply
 * (data.md §13: not playable without one); never a city area (RW-STRONG-06).
 */
function lostCityAreas(st: RwState, seat: Seat, out: number[]): void {
  const hs = st.hero;
  if (!hs || strongholdsOf(st, seat).length >= pk(st).rules.strongholds) return;
  for (let h = 0; h < hs.ctl.length; h++) {
    const a = hs.at[h]!;
    // RW-STRONG-06: never in a city area or beside another stronghold (an uncontrolled area has none).
    if (
      hs.ctl[h] === seat &&
      a >= 0 &&
      ctrl(st, a) < 0 &&
      st.city[a]! < 0 &&
      st.sh[a]! < 0 &&
      !out.includes(a)
    )
      out.push(a);
  }
  out.sort((x, y) => x - y);
}

/** The unit type of his faction of a shape (Reinforcements), -1 none. */
function unitOfShape(st: RwState, seat: Seat, shape: number): number {
  const p = pk(st);
  return p.factions[st.fac[seat]!]!.units.find((t) => p.units[t]!.shape === shape) ?? -1;
}

/** His strongholds that can take his units: alone, or with his units (Reinforcements). */
function reinforceAreas(st: RwState, seat: Seat, out: number[]): void {
  for (const a of strongholdsOf(st, seat)) if (st.own[a]! < 0 || st.own[a] === seat) out.push(a);
}

/** Opponents in play (Horrific Rumors), standard play order from his left. */
function opponents(st: RwState, seat: Seat): Seat[] {
  const out: Seat[] = [];
  for (let k = 1; k < st.n; k++) {
    const s = (seat + k) % st.n;
    if (!st.p[s]!.out) out.push(s);
  }
  return out;
}

/** Areas an opponent does not control and has not activated (Horrific Rumors, RW-TACT-09). */
function rumorAreas(st: RwState, opp: Seat, out: number[]): void {
  for (const a of board(st).on) if (ctrl(st, a) !== opp && !(st.act[a]! & (1 << opp))) out.push(a);
}

/** A scratch list for `usable` (emptied at each use). */
const scratch: number[] = [];

/** Whether he has a routed unit on the board (routedOnBoard not empty). */
function anyRoutedOnBoard(st: RwState, seat: Seat): boolean {
  const p = pk(st);
  const types = p.factions[st.fac[seat]!]!.canonAll;
  const on = board(st).on;
  for (let i = 0; i < on.length; i++) {
    const a = on[i]!;
    if (st.own[a] === seat)
      for (let k = 0; k < types.length; k++) if (st.ur[a * p.U + types[k]!]! > 0) return true;
  }
  return false;
}

/** Whether an effect could do anything for him now (a card is offered only then). */
function usable(st: RwState, seat: Seat, e: TacticsEffect, b: BattleFrame | null, side: number): boolean {
  const p = pk(st);
  const tmp = scratch;
  tmp.length = 0;
  switch (e.do) {
    case 'stand':
      return b ? routedFigures(st, b, side).length > 0 : anyRoutedOnBoard(st, seat);
    case 'prevent': {
      if (!b) return false;
      for (let k = 0; k < b.q.length; k += 4) if (b.q[k] === T_DMG && b.q[k + 1] === side) return true;
      return false;
    }
    case 'look':
      lookAreas(st, seat, tmp);
      return tmp.length > 0;
    case 'dissent':
      dissentAreas(st, seat, tmp);
      return tmp.length > 0;
    case 'lostCity':
      lostCityAreas(st, seat, tmp);
      return tmp.length > 0;
    case 'units': {
      const u = unitOfShape(st, seat, e.shape);
      reinforceAreas(st, seat, tmp);
      return u >= 0 && tmp.length > 0 && onBoard(st, u) < p.units[u]!.figures;
    }
    case 'dial':
      return st.p[seat]!.dial.some((d) => d < p.rules.dialMax);
    case 'activateEnemy':
      return opponents(st, seat).length > 0;
    case 'fate':
      return false; // played in his diplomacy step (diplomacy.ts), not in a window
    default:
      return true;
  }
}

/**
 * The Tactics cards a seat may play in the window on top of the stack (RW-TACT-02/03/05, RW-BATTLE-70):
 * one action per card (copies alike), in card order.
 */
export function playOffers(st: RwState, f: F<'window'>, seat: Seat, out: RwAction[]): void {
  const x = st.p[seat]!;
  if (!x.tac.length) return;
  const p = pk(st);
  const turn = TURN_WINDOWS.includes(f.at);
  if (DUEL_WINDOWS.includes(f.at)) return duelOffers(st, f, seat, out);
  if (f.at === 'heroMoved') return heroMovedOffers(st, f, seat, out);
  const b = turn ? null : battleOf(st);
  if (turn && !turnOf(st, seat)) return;
  const side = b ? (seat === b.seat ? 0 : seat === b.def ? 1 : -1) : -1;
  if (!turn && side < 0) return; // RW-TACT-05
  const from = out.length;
  const now = seasonIndex(st);
  for (let i = 0; i < x.tac.length; i++) {
    if (x.tacSeason[i] === now) continue; // not ripe (RW-TACT-03/07)
    const c = x.tac[i]!;
    const act = playAction(c);
    if (listed(out, from, act)) continue; // copies alike: one action
    const t = p.tactics[c]!;
    if (t.waits || !t.windows.includes(f.at)) continue;
    if (t.as && (turn || t.as - 1 !== side)) continue;
    if (!condOk(st, t.cond, b, side)) continue;
    if (!allUsable(st, seat, t.effects, b, side)) continue;
    out.push(act);
  }
}

/** The duel cards a duellist's player may play in a duel window (RW-DUEL-14/15). */
function duelOffers(st: RwState, f: F<'window'>, seat: Seat, out: RwAction[]): void {
  const d = duelOf(st);
  if (!d || (seat !== d.seat && seat !== d.def)) return; // RW-DUEL-15
  const x = st.p[seat]!;
  const p = pk(st);
  let seen = 0n;
  for (let i = 0; i < x.tac.length; i++) {
    const c = x.tac[i]!;
    const bit = 1n << BigInt(c);
    if (seen & bit || !ripe(st, seat, i)) continue;
    const t = p.tactics[c]!;
    if (t.waits || t.as || t.cond || !t.windows.includes(f.at)) continue;
    if (!t.effects.every((e) => e.do === 'damage' || e.do === 'preventAll')) continue;
    seen |= bit;
    out.push(playAction(c));
  }
}

/**
 * The player whose area an enemy hero's Quest Phase move ended in (data.md §13, Ambush): he controls the area,
 * is still in the game and holds a card he may play this season (a public count, RW-TACT-03); -1 none.
 */
export function heroMovedSeat(st: RwState, h: number): Seat {
  const hs = st.hero;
  if (!hs || hs.ctl[h]! < 0 || hs.at[h]! < 0 || !windowLive(st, 'heroMoved')) return -1;
  const s = ctrl(st, hs.at[h]!);
  return s >= 0 && s !== hs.ctl[h] && !st.p[s]!.out && canPlay(st, s) ? s : -1;
}

/** Opens the `heroMoved` window when hero `h` has ended its Quest Phase move (RW-QPH-03, RW-TACT-08). */
export function heroMovedWindow(st: RwState, h: number): void {
  const s = heroMovedSeat(st, h);
  if (s >= 0) st.stack.push({ k: 'window', seats: [s], at: 'heroMoved', done: [], h });
}

/** The cards the area's controller may play on the hero that ended its move there (Ambush). */
function heroMovedOffers(st: RwState, f: F<'window'>, seat: Seat, out: RwAction[]): void {
  const hs = st.hero;
  if (!hs || f.h === undefined || hs.ctl[f.h]! < 0 || ctrl(st, hs.at[f.h]!) !== seat) return;
  const x = st.p[seat]!;
  const p = pk(st);
  const from = out.length;
  for (let i = 0; i < x.tac.length; i++) {
    if (!ripe(st, seat, i)) continue;
    const act = playAction(x.tac[i]!);
    if (listed(out, from, act)) continue;
    const t = p.tactics[x.tac[i]!]!;
    if (t.waits || t.as || t.cond || !t.windows.includes(f.at)) continue;
    if (t.effects.every((e) => e.do === 'damage')) out.push(act);
  }
}

/** Whether `a` is among out[from..] (the shared frozen actions compare by identity). */
function listed(out: readonly RwAction[], from: number, a: RwAction): boolean {
  for (let j = from; j < out.length; j++) if (out[j] === a) return true;
  return false;
}

/** Whether every effect of a card could do something for him now. */
function allUsable(
  st: RwState,
  seat: Seat,
  es: readonly TacticsEffect[],
  b: BattleFrame | null,
  side: number,
): boolean {
  for (let k = 0; k < es.length; k++) if (!usable(st, seat, es[k]!, b, side)) return false;
  return true;
}

/** TAC_IF: routed, damaged, drew, stronghold, won. */
function condOk(st: RwState, cond: number, b: BattleFrame | null, side: number): boolean {
  if (!cond) return true;
  if (!b) return (cond & ~1) === 0; // "routed" is an effect's own test on the board
  if (cond & 4 && b.ty[side]! < 0) return false;
  if (cond & 8 && !(b.def >= 0 && st.sh[b.area] === b.def)) return false;
  if (cond & 16 && b.won !== side) return false;
  return true;
}

/** Whether `c` is a card he may play in a diplomacy of his (Bribery, Seer's Insight): its first ripe copy. */
export function diplomacyCards(st: RwState, seat: Seat, out: number[]): void {
  const x = st.p[seat]!;
  const p = pk(st);
  for (let i = 0; i < x.tac.length; i++) {
    const c = x.tac[i]!;
    const t = p.tactics[c]!;
    if (out.includes(c) || t.waits || !ripe(st, seat, i)) continue;
    if (t.effects.some((e) => e.do === 'fate')) out.push(c);
  }
}

/** Extra Fate cards a diplomacy card draws. */
export function extraFate(st: RwState, c: number): number {
  let n = 0;
  for (const e of pk(st).tactics[c]!.effects) if (e.do === 'fate') n += e.n;
  return n;
}

/** Takes a ripe copy of card `c` out of his hand onto the discard pile, with the public event. */
export function discardPlayed(st: RwState, seat: Seat, c: number, log: EventSink, rules: string[]): boolean {
  const x = st.p[seat]!;
  let i = -1;
  for (let j = 0; j < x.tac.length; j++) if (x.tac[j] === c && ripe(st, seat, j)) i = j;
  if (i < 0) return false;
  x.tac.splice(i, 1);
  x.tacSeason.splice(i, 1);
  st.decks.tacticsDiscard.push(c); // RW-TACT-06
  emit(log, 'rw.ev.tacticPlayed', { seat, tcard: c }, ['RW-TACT-02', 'RW-TACT-06', 'RW-DP-86', ...rules]);
  return true;
}

/* ------------------------------------------------------------------ playing a card */

/**
 * Plays card `c` in the window `f` (already answered and closed or reopened by the caller): its effects
 * run in order; one that needs a target pushes a `tactic` frame and the rest wait for it.
 */
export function playCard(st: RwState, seat: Seat, c: number, at: WindowAt, log: EventSink, h = -1): void {
  const turn = TURN_WINDOWS.includes(at);
  if (DUEL_WINDOWS.includes(at)) {
    duelCard(st, seat, c, at, log);
    return;
  }
  if (at === 'heroMoved') {
    // Ambush (data.md §13): damage to the enemy hero that ended its move in his area (RW-HERO-07).
    discardPlayed(st, seat, c, log, ['RW-QPH-03']);
    for (const e of pk(st).tactics[c]!.effects)
      if (e.do === 'damage') damageHero(st, h, e.n, log, 'RW-TACT-02');
    return;
  }
  discardPlayed(
    st,
    seat,
    c,
    log,
    turn ? ['RW-DP-40', 'RW-YEAR-29'] : ['RW-DP-61', 'RW-DP-67', 'RW-BATTLE-71'],
  );
  runEffects(st, seat, c, 0, turn, log);
}

function runEffects(st: RwState, seat: Seat, c: number, from: number, turn: boolean, log: EventSink): void {
  const t = pk(st).tactics[c]!;
  for (let i = from; i < t.effects.length; i++)
    if (effect(st, seat, c, i, turn, log)) {
      st.stack.push({ k: 'tactic', seat, c, i, picks: [] });
      return;
    }
}

/** One effect; true if it needs targets (a `tactic` frame). */
function effect(st: RwState, seat: Seat, c: number, i: number, turn: boolean, log: EventSink): boolean {
  const p = pk(st);
  const e = p.tactics[c]!.effects[i]!;
  const b = turn ? null : battleOf(st);
  const side = b ? (seat === b.seat ? 0 : 1) : -1;
  switch (e.do) {
    case 'ignoreBorder':
    case 'reach': {
      const t = turnOf(st, seat);
      if (!t) return false;
      if (e.do === 'ignoreBorder') t.fx = (t.fx ?? 0) | e.border;
      else {
        t.rc = e.reach;
        t.rf = e.fast;
      }
      emit(log, 'rw.ev.tacticTurn', { seat, tcard: c }, [
        e.do === 'reach' ? 'RW-MOVE-21' : 'RW-MOVE-14',
        'RW-TACT-02',
      ]);
      return false;
    }
    case 'damage':
    case 'rout':
      if (!b) return false;
      b.q.push(e.do === 'damage' ? T_DMG : T_ROUT, 1 - side, e.n, 0);
      emit(log, e.do === 'damage' ? 'rw.ev.damageInflicted' : 'rw.ev.routsInflicted', { who: seat, n: e.n }, [
        'RW-TACT-02',
        e.do === 'damage' ? 'RW-DMG-01' : 'RW-ROUT-01',
      ]);
      return false;
    case 'prevent': {
      if (!b) return false;
      let left = e.n;
      for (let k = 0; k < b.q.length && left > 0; k += 4)
        if (b.q[k] === T_DMG && b.q[k + 1] === side) {
          const d = Math.min(left, b.q[k + 2]!);
          b.q[k + 2]! -= d;
          left -= d;
        }
      for (let k = b.q.length - 4; k >= 0; k -= 4) if (b.q[k] === T_DMG && b.q[k + 2] === 0) b.q.splice(k, 4);
      emit(log, 'rw.ev.damagePrevented', { seat, n: e.n - left }, ['RW-TACT-02', 'RW-DMG-01']);
      return false;
    }
    case 'stand': {
      let n = 0;
      if (b) {
        for (const j of routedFigures(st, b, side).slice(0, e.n)) {
          b.fr[j] = 0;
          n++;
        }
      } else {
        const r = routedOnBoard(st, seat);
        for (let k = 0; k < r.length && n < e.n; k += 2, n++) {
          const x = r[k]! * p.U + r[k + 1]!;
          st.ur[x]!--;
          st.us[x]!++;
        }
      }
      emit(log, 'rw.ev.stoodUp', { seat, n }, ['RW-TACT-02', 'RW-ROUT-01']);
      return false;
    }
    case 'strength':
      if (b) b.bon[side]! += e.n;
      emit(log, 'rw.ev.tacticStrength', { seat, n: e.n }, ['RW-TACT-02', 'RW-BATTLE-41']);
      return false;
    case 'strongholdStrength':
      if (b) b.shm = (b.shm ?? 0) - e.n;
      emit(log, 'rw.ev.tacticStronghold', { seat, n: -e.n }, ['RW-TACT-02', 'RW-STRONG-04']);
      return false;
    case 'influence':
      st.p[seat]!.inf += e.n;
      emit(log, 'rw.ev.influence', { seat, n: e.n }, ['RW-TACT-02']);
      return false;
    case 'hook':
      if (b && e.hook === 'tacticalRetreat') tacticalRetreat(st, b, log);
      return false;
    case 'fate':
      return false;
    default:
      return true; // look, dissent, units, dial, activateEnemy, lostCity: targets first
  }
}

/**
 * A duel card (RW-DUEL-14/15, RW-DP-22/23): `damage` to the opposing hero this round (Poisoned Blade),
 * `preventAll` damage to his hero this round (Hero's Resolve); applied with the round's damage.
 */
function duelCard(st: RwState, seat: Seat, c: number, at: WindowAt, log: EventSink): void {
  const d = duelOf(st)!;
  const side = seat === d.seat ? 0 : 1;
  discardPlayed(st, seat, c, log, [
    'RW-DUEL-14',
    'RW-DUEL-15',
    at === 'duelRevealed' ? 'RW-DP-23' : 'RW-DP-22',
  ]);
  for (const e of pk(st).tactics[c]!.effects)
    if (e.do === 'damage') d.inc[1 - side]! += e.n;
    else if (e.do === 'preventAll') d.all[side] = 1;
  emit(log, 'rw.ev.duelTactic', { seat, tcard: c, hero: side === 0 ? d.h : d.t }, [
    'RW-DUEL-14',
    'RW-DUEL-15',
  ]);
}

/**
 * Tactical Retreat (RW-BATTLE-59, data.md §13): the battle is cancelled; the defender's units there, those
 * routed before it too, retreat keeping their state to an adjacent friendly area (else empty, else they are
 * destroyed); the attacker takes the area as a winner (the stronghold captured, his excess over 8 out).
 */
function tacticalRetreat(st: RwState, b: BattleFrame, log: EventSink): void {
  const p = pk(st);
  const u: number[] = [],
    r: number[] = [];
  for (let i = 0; i < b.fu.length; i++)
    if (b.fu[i]! >= 0 && b.fs[i] === 1) {
      u.push(b.fu[i]!);
      r.push(b.fr[i]!);
      b.fu[i] = -1;
    }
  const base = b.area * p.U;
  if (b.def >= 0)
    for (const t of p.factions[st.fac[b.def]!]!.canonAll)
      for (const [arr, routed] of [
        [st.us, 0],
        [st.ur, 1],
      ] as const)
        for (; arr[base + t]! > 0; arr[base + t]!--) {
          u.push(t);
          r.push(routed);
        }
  if (b.def >= 0) st.own[b.area] = -1;
  b.won = 0;
  b.step = S_CAPTURE;
  // Windows of this battle still open close with it.
  for (let i = st.stack.length - 1; i >= 0 && st.stack[i] !== b; i--)
    if (st.stack[i]!.k === 'window') st.stack.splice(i, 1);
  emit(log, 'rw.ev.tacticalRetreat', { seat: b.def, area: b.area }, ['RW-BATTLE-59', 'RW-TACT-02']);
  // His supporting heroes go with them (RW-SUPPORT-04), not routed either.
  const hs: number[] = [];
  if (b.hs && st.hero)
    for (let i = 0; i < b.hs.length; i += 2) {
      const h = b.hs[i]!;
      if (b.hs[i + 1]! >> 8 === 1 && st.hero.ctl[h]! >= 0 && st.hero.at[h] === b.area) hs.push(h);
    }
  if (u.length || hs.length)
    st.stack.push({
      k: 'retreat',
      seat: b.def,
      who: b.def,
      from: b.area,
      u,
      rule: 'RW-BATTLE-59',
      r,
      ...(hs.length ? { hs } : {}),
    });
}

/* ------------------------------------------------------------------ a card's targets */

function targets(st: RwState, f: F<'tactic'>, out: number[]): void {
  const p = pk(st);
  const e = p.tactics[f.c]!.effects[f.i]!;
  switch (e.do) {
    case 'look':
      lookAreas(st, f.seat, out);
      return;
    case 'dissent':
      dissentAreas(st, f.seat, out);
      return;
    case 'lostCity':
      lostCityAreas(st, f.seat, out);
      return;
    case 'units':
      reinforceAreas(st, f.seat, out);
      return;
    case 'dial':
      st.p[f.seat]!.dial.forEach((d, r) => d < p.rules.dialMax && out.push(r));
      return;
    case 'activateEnemy':
      if (f.picks.length === 0) out.push(...opponents(st, f.seat));
      else rumorAreas(st, f.picks[0]!, out);
      return;
    default:
      return;
  }
}

/** What a target frame asks: `what` for the words (area, seat, res). */
export function tacticAsks(st: RwState, f: F<'tactic'>): string {
  const e = pk(st).tactics[f.c]!.effects[f.i]!;
  if (e.do === 'dial') return 'res';
  if (e.do === 'activateEnemy' && f.picks.length === 0) return 'seat';
  return 'area';
}

/** A targets frame with one choice or none resolves at once (Espionage: its first look). */
export function runTactic(st: RwState, f: F<'tactic'>, log: EventSink): boolean {
  const t: number[] = [];
  targets(st, f, t);
  const look = pk(st).tactics[f.c]!.effects[f.i]!.do === 'look';
  if (t.length === 0) finish(st, f, log);
  else if (t.length === 1 && (!look || f.picks.length === 0)) pickTarget(st, f, t[0]!, log);
  else return true;
  return false;
}

function finish(st: RwState, f: F<'tactic'>, log: EventSink): void {
  const i = st.stack.lastIndexOf(f);
  if (i >= 0) st.stack.splice(i, 1);
  runEffects(st, f.seat, f.c, f.i + 1, !battleOf(st), log);
}

function pickTarget(st: RwState, f: F<'tactic'>, n: number, log: EventSink): void {
  const p = pk(st);
  const e = p.tactics[f.c]!.effects[f.i]!;
  const seat = f.seat;
  switch (e.do) {
    case 'look': {
      f.picks.push(n);
      see(st, seat, n);
      emit(log, 'rw.ev.espionage', { seat, area: n }, ['RW-TACT-02', 'RW-INFO-14']);
      emit(
        log,
        st.rk[n] === 1 ? 'rw.ev.runeSeen.1' : 'rw.ev.runeSeen.0',
        { area: n },
        ['RW-INFO-14'],
        [seat],
      );
      if (f.picks.length >= e.n) finish(st, f, log);
      return;
    }
    case 'dial':
      st.p[seat]!.dial[n]!++;
      emit(log, 'rw.ev.forage', { seat, res: n }, ['RW-TACT-02', 'RW-DIAL-01']);
      finish(st, f, log);
      return;
    case 'activateEnemy':
      if (f.picks.length === 0) {
        f.picks.push(n);
        return;
      }
      st.act[n]! |= 1 << f.picks[0]!; // RW-TACT-09: that area counts as activated by him
      emit(log, 'rw.ev.rumors', { seat, who: f.picks[0]!, area: n }, ['RW-TACT-09', 'RW-ACT-05']);
      finish(st, f, log);
      return;
    case 'units': {
      const u = unitOfShape(st, seat, e.shape);
      const k = Math.min(e.n, p.units[u]!.figures - onBoard(st, u)); // RW-CLIMIT-01
      addUnits(st, n, u, k, seat);
      emit(log, 'rw.ev.reinforcements', { seat, area: n, u, n: k }, ['RW-TACT-02', 'RW-CLIMIT-01']);
      finish(st, f, log);
      checkLimit(st, seat, [n]); // RW-LIMIT-03
      return;
    }
    case 'dissent': {
      // Every neutral unit of the area retreats, routed: unallied ones where the player to his left picks,
      // allied ones where their ally picks (data.md §13).
      const owner = st.own[n]!;
      const allied = owner >= 0;
      const us: number[] = [];
      for (const t of p.neutrals)
        for (const arr of [st.us, st.ur]) for (; arr[n * p.U + t]! > 0; arr[n * p.U + t]!--) us.push(t);
      if (allied) {
        let left = 0;
        for (let t = 0; t < p.U; t++) left += st.us[n * p.U + t]! + st.ur[n * p.U + t]!;
        if (!left) st.own[n] = -1;
        settle(st, n);
      }
      const by = allied ? owner : st.opts.neutrals === 'auto' ? -1 : leftOf(st, seat);
      emit(log, 'rw.ev.dissent', { seat, area: n, n: us.length }, ['RW-TACT-02', 'RW-RETREAT-03']);
      finish(st, f, log);
      st.stack.push({ k: 'retreat', seat: by, who: allied ? owner : -1, from: n, u: us, rule: 'RW-TACT-02' });
      return;
    }
    case 'lostCity': {
      // The neutral units retreat routed, as after a diplomacy silver result (data.md §13): to an adjacent
      // uncontrolled area the player to his left picks (the automated neutrals), destroyed if none.
      const us: number[] = [];
      for (const t of p.neutrals)
        for (const arr of [st.us, st.ur]) for (; arr[n * p.U + t]! > 0; arr[n * p.U + t]!--) us.push(t);
      st.sh[n] = seat;
      st.shd[n] = 1; // damaged side up
      emit(log, 'rw.ev.lostCity', { seat, area: n, n: us.length }, [
        'RW-TACT-02',
        'RW-DIPLO-07',
        'RW-STRONG-05',
      ]);
      lookAtControlled(st);
      finish(st, f, log);
      if (us.length)
        st.stack.push({
          k: 'retreat',
          seat: st.opts.neutrals === 'auto' ? -1 : leftOf(st, seat),
          who: -1,
          from: n,
          u: us,
          rule: 'RW-DIPLO-07',
        });
      return;
    }
    default:
      finish(st, f, log);
  }
}

export const tacticDecision: Decision<RwState, F<'tactic'>, RwAction> = {
  prompt: 'rw.tactic',
  rule: 'RW-TACT-02',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (st, f) => ({ args: { tcard: f.c, what: tacticAsks(st, f) } }),
  offers(st, f, _seat, out) {
    const t: number[] = [];
    targets(st, f, t);
    for (const n of t) if (!f.picks.includes(n) || tacticAsks(st, f) !== 'area') out.push(pickAction(n));
    if (pk(st).tactics[f.c]!.effects[f.i]!.do === 'look' && f.picks.length > 0) out.push(DONE);
  },
  answer(st, f, _seat, a, log): ApplyResult {
    if (a.type === 'done' && pk(st).tactics[f.c]!.effects[f.i]!.do === 'look' && f.picks.length > 0) {
      finish(st, f, log);
      return OK;
    }
    if (a.type !== 'pick') return fail('wrongAction', 'Choose a target for your Tactics card.', 'RW-TACT-02');
    const t: number[] = [];
    targets(st, f, t);
    if (!Number.isInteger(a.n) || !t.includes(a.n) || (tacticAsks(st, f) === 'area' && f.picks.includes(a.n)))
      return fail('tacticTarget', 'That is not a target the card allows.', 'RW-TACT-02');
    pickTarget(st, f, a.n, log);
    return OK;
  },
  // RW-DP-89: the first target in canonical order; Espionage stops after one.
  byDefault(st, f, seat) {
    const out: RwAction[] = [];
    tacticDecision.offers(st, f, seat, out);
    return out.find((x) => x.type === 'done') ?? out[0] ?? null;
  },
};
