/**
 * The RuneWars table's shared context: the view, the data pack and the board's geometry, the legal
 * actions and the words; what the map offers to click now (the next area of the legal actions whose
 * areas begin with the areas chosen so far: `prefix`), and the actions those areas complete. Every
 * click sends a legal action itself — the table never invents one.
 */
import { createContext, useContext } from 'react';
import type { Pack, RwAction, RwView } from '@tabula/runewars';
import type { TableProps } from '../../shell/types.js';
import type { Geo } from './geo.js';

export type Values = Record<string, string | number>;

/** Faction colours in the Okabe–Ito palette (colour-blind safe; a letter and shape go with them). */
export const COLOUR: Record<string, string> = {
  blue: '#0072b2',
  green: '#009e73',
  purple: '#cc79a7',
  red: '#d55e00',
  orange: '#e69f00',
  sky: '#56b4e9',
};
/** One shape per seat, on every badge and line (never colour alone). */
export const SEAT_SHAPES = ['●', '■', '▲', '◆', '⬟', '✚'];

export interface Rw {
  props: TableProps;
  view: RwView;
  pack: Pack;
  geo: Geo;
  me: number;
  legal: RwAction[];
  pending: boolean;
  locale: 'en' | 'ru';
  t: (id: string, values?: Values) => string;
  /** A text of the game's catalog with localised parameters. */
  g: (key: string, params?: Record<string, unknown>) => string;
  describe: (a: RwAction) => string;
  area: (a: number) => string;
  unit: (u: number) => string;
  name: (seat: number) => string;
  faction: (seat: number) => string;
  colour: (seat: number) => string;
  /** Areas chosen so far for a choice of several areas (a move's from and to). */
  prefix: number[];
  setPrefix: (p: number[]) => void;
  /** The areas an action is about, in the order they are chosen (a Tactics card's area pick too). */
  spaces: (a: RwAction) => number[];
  /** The Tactics card asking for a target now and what it asks (area, seat, res); null none. */
  tactic: { what: string; card: number } | null;
  /** A Tactics card's pick of a player: the action for each seat it may pick (on the seat's panel). */
  seatPicks: Map<number, RwAction>;
  /** Areas ringed now, with the legal actions through each. */
  targets: Map<number, RwAction[]>;
  /** Legal actions whose areas are exactly the chosen ones. */
  complete: RwAction[];
  pick: (area: number) => void;
  send: (a: RwAction) => void;
}

export const RwContext = createContext<Rw | null>(null);

export function useRw(): Rw {
  const c = useContext(RwContext);
  if (!c) throw new Error('useRw outside the RuneWars board');
  return c;
}
