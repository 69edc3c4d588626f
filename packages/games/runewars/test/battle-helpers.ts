/** Helpers of the battle tests: scripted scenarios on the two-player preset board (Latari seat 0, Uthuk seat 1 by default). */
import { expect } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import type { BattleFrame, RwAction, RwState } from '@tabula/runewars';
import {
  areaOf,
  clearBoard,
  DEFAULT_PACK,
  runewars as g,
  passWindows,
  scenarioGame,
  unitOf,
} from '@tabula/runewars';
import { startBattle } from '../src/battle.js';
import { advance } from '../src/decisions.js';

export const p = DEFAULT_PACK;

export function top(st: RwState) {
  return st.stack[st.stack.length - 1]!;
}
export function battle(st: RwState): BattleFrame {
  const f = st.stack.findLast((x) => x.k === 'battle');
  if (!f || f.k !== 'battle') throw new Error(`no battle (top ${top(st).k})`);
  return f;
}

/** Applies an action, failing the test with the refusal if refused; returns the events. */
export function act(st: RwState, seat: number, a: RwAction): GameEvent[] {
  const log: GameEvent[] = [];
  if (a.type !== 'pass' && a.type !== 'play') passWindows(st, log);
  const r = g.apply(st, seat, a, log);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
  if (a.type !== 'pass' && a.type !== 'play') passWindows(st, log);
  return log;
}

/** The units a side has in the battle, as "type[r][:damage]" strings sorted. */
export function side(st: RwState, s: number): string[] {
  const f = battle(st);
  const out: string[] = [];
  for (let i = 0; i < f.fu.length; i++)
    if (f.fu[i]! >= 0 && f.fs[i] === s)
      out.push(`${p.units[f.fu[i]!]!.id}${f.fr[i] ? 'R' : ''}${f.fd[i] ? `:${f.fd[i]}` : ''}`);
  return out.sort();
}

/** Units in an area as "type[R]×n" strings, by unit type, standing before routed. */
export function units(st: RwState, area: string): string[] {
  const a = areaOf(st, area);
  const out: string[] = [];
  for (let u = 0; u < p.U; u++) {
    const n = st.us[a * p.U + u]!,
      r = st.ur[a * p.U + u]!;
    if (n) out.push(`${p.units[u]!.id}×${n}`);
    if (r) out.push(`${p.units[u]!.id}R×${r}`);
  }
  return out;
}

export const u = (id: string) => unitOf({ opts: { board: 'preset' } } as RwState, id);
export const area = (id: string) => areaOf({ opts: { board: 'preset' } } as RwState, id);

/** The prompt kinds now, with their seats. */
export function asked(st: RwState): string[] {
  return g.prompts(st).map((x) => `${x.seat}:${x.kind}`);
}

export function expectLegal(st: RwState, seat: number, want: RwAction[]): void {
  expect(g.legalActions(st, seat)).toEqual(want);
}

/**
 * A battle started directly in `where` (the units given: [seat or -1 neutral, unit, count, routed?]) with
 * `attackers` moved in by seat 0, on a cleared board; the orders chosen first (seat 0 Conquer by default).
 */
export function battleScenario(
  factions: string[],
  where: string,
  defenders: [number, string, number, boolean?][],
  attackers: [string, number][],
  o: {
    orders?: number[];
    data?: unknown;
    neutrals?: 'left' | 'auto';
    seed?: string;
    before?: (st: RwState) => void;
    frame?: (f: BattleFrame, st: RwState) => void;
    log?: GameEvent[];
    /** Keep the timing windows open (otherwise passed, `passWindows`). */
    windows?: boolean;
  } = {},
): RwState {
  const st = scenarioGame(factions, o.seed ?? 'scenario', { data: o.data, neutrals: o.neutrals });
  clearBoard(st);
  const a = areaOf(st, where);
  for (const [seat, unit, n, routed] of defenders) {
    const i = a * p.U + unitOf(st, unit);
    if (routed) st.ur[i]! += n;
    else st.us[i]! += n;
    if (seat >= 0) st.own[a] = seat;
  }
  o.before?.(st);
  const orders = o.orders ?? [3, 8, 8, 8].slice(0, factions.length);
  orders.forEach((n, s) => {
    const r = g.apply(st, s, { type: 'order', n });
    if (!r.ok) throw new Error(r.error.message);
  });
  passWindows(st);
  // seat 0 now waits at its Mobilize/Conquer: the battle replaces the activation and its moves.
  if (top(st).k !== 'mob') throw new Error(`seat 0 is not first: ${top(st).k}`);
  st.stack.pop();
  st.act[a]! |= 1;
  const moved: number[] = [];
  for (const [unit, n] of attackers) for (let i = 0; i < n; i++) moved.push(-1, unitOf(st, unit));
  startBattle(st, 0, a, orders[0]!, moved, o.log);
  o.frame?.(battle(st), st);
  advance(st, o.log);
  if (!o.windows) passWindows(st, o.log);
  return st;
}

/**
 * A battle in 4B stopped at its specials step with one special icon of `type` for `drawSide`; every unit
 * there has drawn already and it is the last round, so nothing else draws (the ability alone acts).
 */
export function specialScenario(
  factions: string[],
  attackers: [string, number][],
  defenders: [number, string, number, boolean?][],
  drawSide: number,
  type: string,
  o: { frame?: (f: BattleFrame, st: RwState) => void; log?: GameEvent[]; icons?: number; init?: number } = {},
): RwState {
  return battleScenario(factions, '4B', defenders, attackers, {
    log: o.log,
    frame: (f, st) => {
      for (let i = 0; i < f.fu.length; i++) f.dw.push(f.fs[i]! * 256 + f.fu[i]!);
      f.init = o.init ?? 5;
      f.ty[drawSide] = u(type);
      f.sp[drawSide] = o.icons ?? 1;
      f.step = 4;
      f.rev = 1;
      o.frame?.(f, st);
    },
  });
}

/** The keys and units of the unit events of a log, e.g. ["killed berserker", "routed archer"]. */
export function hits(log: GameEvent[]): string[] {
  return log
    .filter((e) =>
      ['rw.ev.killed', 'rw.ev.damaged', 'rw.ev.routed', 'rw.ev.raised', 'rw.ev.leavesBattle'].includes(e.key),
    )
    .map((e) => `${e.key.slice(6)} ${p.units[e.params!.u as number]!.id}`);
}

/** Plays the timeout defaults until no battle, retreat or unit-limit check is pending. */
export function settle(st: RwState): RwState {
  for (
    let i = 0;
    i < 200 && st.stack.some((f) => f.k === 'battle' || f.k === 'retreat' || f.k === 'cull');
    i++
  ) {
    const pr = g.prompts(st)[0]!;
    act(st, pr.seat, g.defaultAction(st, pr.seat)!);
  }
  return st;
}

/** Every hero in play back to the Hero deck (the tests then give the ones they need). */
export function heroesToDeck(st: RwState): void {
  const hs = st.hero!;
  for (let h = 0; h < hs.ctl.length; h++)
    if (hs.ctl[h]! >= 0) {
      hs.ctl[h] = -1;
      hs.at[h] = -1;
      hs.deck.push(h);
    }
}

/** Every hero back in the deck, then only these given ([seat, hero id, area id]), standing. */
export function onlyHeroes(st: RwState, list: readonly (readonly [number, string, string])[]): void {
  heroesToDeck(st);
  const hs = st.hero!;
  for (const [s, id, a] of list) {
    const h = p.heroes.findIndex((x) => x.id === id);
    hs.deck = hs.deck.filter((x) => x !== h);
    hs.ctl[h] = s;
    hs.at[h] = area(a);
  }
}
