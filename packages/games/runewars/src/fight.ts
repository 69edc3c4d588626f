/**
 * What the battle chapters share (06-battles.md): the steps of a battle frame, its sides and figures, and
 * the Fate deck's draw (RW-FATE-03/05). The sequence is in battle.ts, the tasks of a sub-round in
 * tasks.ts, the tally and the resolution in resolution.ts.
 */
import type { EventSink, Seat } from '@tabula/engine';
import { emit, shuffle } from '@tabula/engine';
import { pk } from './common.js';
import type { Pack } from './pack.js';
import type { BattleFrame, RwState } from './types.js';

type BF = BattleFrame;

export const S_START = 0,
  S_ROUND = 1,
  S_DRAW_A = 2,
  S_DRAW_D = 3,
  S_SPECIALS = 4,
  S_ROUTS = 5,
  S_DAMAGE = 6,
  S_DISCARD = 7,
  S_TALLY = 8,
  S_DEV = 9,
  S_FORT = 10,
  S_CONQ = 11,
  S_COUNT = 12,
  S_CAPTURE = 13,
  S_HEAL = 14,
  S_RETURN = 15,
  S_EXCESS = 16,
  S_END = 17;

/* ------------------------------------------------------------------ sides and figures */

/** The seat deciding for a side: the attacker, or the defender's controller (-1: automated neutrals). */
export const seatOf = (f: BF, side: number): Seat => (side === 0 ? f.seat : f.ctl);
/** The owner of a side's units: the attacker, the defender, or -1 for unallied neutral units. */
export const ownerOf = (f: BF, side: number): Seat => (side === 0 ? f.seat : f.def);

/**
 * A side's unit types in canonical order (initiative, then sheet order, RW-DP-88): a player's side has
 * his faction's units and the neutral units allied with him (RW-NEUT-07, allies come with M3).
 */
export function canonOf(st: RwState, f: BF, side: number): number[] {
  const p = pk(st);
  const o = ownerOf(f, side);
  return o < 0 ? p.neutralCanon : p.factions[st.fac[o]!]!.canonAll;
}

/** A figure's health: its type's, or 2 for Sorcerers whose side has used Undying. */
export function health(p: Pack, f: BF, i: number): number {
  const t = p.units[f.fu[i]!]!;
  return f.und[f.fs[i]!] && t.special === 'Undying' ? Math.max(2, t.health) : t.health;
}

/** Standing participating figures of a type on a side. */
export function standing(f: BF, side: number, u: number): number {
  let n = 0;
  for (let i = 0; i < f.fu.length; i++) if (f.fu[i] === u && f.fs[i] === side && !f.fr[i]) n++;
  return n;
}

/* ------------------------------------------------------------------ the Fate deck (RW-FATE-03/05) */

/** Draws one Fate card; an empty deck is rebuilt from the discard pile (cards in play stay out). */
export function drawFate(st: RwState, log: EventSink): number {
  const d = st.decks;
  if (d.fate.length === 0 && d.fateDiscard.length) {
    for (const c of d.fateDiscard) d.fate.push(c);
    d.fateDiscard.length = 0;
    shuffle(st.rng, d.fate);
    if (log) emit(log, 'rw.ev.fateReshuffle', {}, ['RW-FATE-05', 'RW-CLIMIT-03', 'RW-RAND-04']);
  }
  return d.fate.length ? d.fate.pop()! : -1; // RW-CLIMIT-08
}
