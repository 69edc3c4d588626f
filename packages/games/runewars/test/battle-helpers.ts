/** Helpers of the battle tests: scripted scenarios on the two-player preset board (Latari seat 0, Uthuk seat 1 by default). */
import { expect } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import type { BattleFrame, RwAction, RwState } from '@tabula/runewars';
import { areaOf, DEFAULT_PACK, runewars as g, unitOf } from '@tabula/runewars';

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
  const r = g.apply(st, seat, a, log);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
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

/** Units in an area as "type[R]×n" strings sorted (standing, routed). */
export function units(st: RwState, area: string): string[] {
  const a = areaOf(st, area);
  const out: string[] = [];
  for (let u = 0; u < p.U; u++) {
    const n = st.us[a * p.U + u]!,
      r = st.ur[a * p.U + u]!;
    if (n) out.push(`${p.units[u]!.id}×${n}`);
    if (r) out.push(`${p.units[u]!.id}R×${r}`);
  }
  return out.sort();
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
