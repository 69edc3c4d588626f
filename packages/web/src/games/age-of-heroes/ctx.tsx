/**
 * The Age of Heroes board's shared context: the view, the legal actions and the words. Every
 * clickable thing on the board is looked up in `state.legal` (deep-equal) before it is offered, and
 * sends that legal element itself — the board never invents an action.
 */
import { createContext, useContext } from 'react';
import type { AohAction, AohView, Army, ItemKind, PlayerView } from '@tabula/age-of-heroes';
import type { Prompt } from '../../net/connection.js';
import type { TableProps } from '../../shell/types.js';
import { SEAT_SHAPES } from '../../shell/PlayersPanel.js';

export type Values = Record<string, string | number>;

export interface Aoh {
  props: TableProps;
  view: AohView;
  /** My seat (-1 for a spectator). */
  me: number;
  mine: PlayerView | null;
  legal: AohAction[];
  pending: boolean;
  locale: 'en' | 'ru';
  /** My prompt now, if any (the waited-for one first). */
  prompt: Prompt | undefined;
  /** UI text (react-intl, ICU). */
  t: (id: string, values?: Values) => string;
  /** A text of the game's own catalog, with its parameters localised (seats, cards, items…). */
  g: (key: string, params?: Record<string, unknown>) => string;
  card: (id: string) => string;
  tribe: (id: string | null) => string;
  item: (kind: ItemKind) => string;
  /** "Ann" */
  name: (seat: number) => string;
  /** "Ann (Romans)" */
  who: (seat: number) => string;
  shape: (seat: number) => string;
  /** The legal action equal to `a`, if any. */
  find: (a: AohAction) => AohAction | undefined;
  can: (a: AohAction) => boolean;
  /** Every legal action of one type. */
  all: <T extends AohAction['type']>(type: T) => Extract<AohAction, { type: T }>[];
  /** Sends `a` if it is legal (the legal element itself). */
  send: (a: AohAction) => void;
  armyLabel: (owner: number, a: Army) => string;
}

export const AohContext = createContext<Aoh | null>(null);

export function useAoh(): Aoh {
  const c = useContext(AohContext);
  if (!c) throw new Error('useAoh outside the Age of Heroes board');
  return c;
}

export const shapeOf = (seat: number) => SEAT_SHAPES[((seat % 6) + 6) % 6]!;

/** Counts of a card list, in first-occurrence order. */
export function tally(cards: readonly string[]): [string, number][] {
  const m = new Map<string, number>();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  return [...m.entries()];
}

/** "Iron + Grain + Grain" */
export function payText(aoh: Aoh, pay: readonly string[]): string {
  return pay.map(aoh.card).join(' + ');
}

/** The class of a card (for its stripe): ordinary, special, held or immediate. */
export function cardClass(view: AohView, id: string): 'ordinary' | 'special' | 'held' | 'immediate' {
  const c = view.config.cardClasses;
  if (c.special.includes(id)) return 'special';
  if (c.held.includes(id)) return 'held';
  if (c.immediate.includes(id)) return 'immediate';
  return 'ordinary';
}

export function specialOf(view: AohView, tribe: string | null): string | null {
  return view.config.tribes.find((t) => t.id === tribe)?.special ?? null;
}

/** Seats in ring order starting from `from` (clockwise = ascending seat numbers). */
export function ringFrom(n: number, from: number): number[] {
  const start = from < 0 ? 0 : from;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}

/** The neighbours of a seat among surviving tribes (AOH-PLAYERS-3). */
export function neighboursOf(view: AohView, seat: number): number[] {
  const alive = view.players.filter((p) => p.alive).map((p) => p.seat);
  const i = alive.indexOf(seat);
  if (i < 0 || alive.length < 2) return [];
  const l = alive[(i + 1) % alive.length]!;
  const r = alive[(i - 1 + alive.length) % alive.length]!;
  return l === r ? [l] : [l, r];
}
