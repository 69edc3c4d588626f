/**
 * The Struggle for Rome board's shared context: the view, the compiled map, the legal actions and the
 * words; what the map offers to click now (from the legal actions through `targetsOf`), what is
 * selected and the path of the selected move. Every click sends a legal action itself — the board
 * never invents one.
 */
import { createContext, useContext } from 'react';
import type { MapGeo, Rt, SfrAction, SfrView } from '@tabula/struggle-for-rome';
import type { TableProps } from '../../shell/types.js';

export type Values = Record<string, string | number>;

/** Player colours of the game, in a palette that stays apart for colour-blind players (Okabe–Ito). */
export const COLOUR: Record<string, string> = {
  red: '#d55e00',
  blue: '#0072b2',
  white: '#f4f1ea',
  yellow: '#f0e442',
  green: '#009e73',
  purple: '#cc79a7',
};
/** One shape per seat, on every piece and line (never colour alone). */
export const SHAPES = ['●', '■', '▲', '◆', '⬟', '✚'];

export interface TargetInfo {
  actions: SfrAction[];
  /** Paid arrows of the cheapest move there (0: free or not a move). */
  paid: number;
}

export interface Sfr {
  props: TableProps;
  view: SfrView;
  rt: Rt;
  geo: MapGeo;
  me: number;
  legal: SfrAction[];
  pending: boolean;
  locale: 'en' | 'ru';
  t: (id: string, values?: Values) => string;
  /** A text of the game's catalog with localised parameters. */
  g: (key: string, params?: Record<string, unknown>) => string;
  describe: (a: SfrAction) => string;
  cityName: (c: number) => string;
  provName: (p: number) => string;
  place: (id: string) => string;
  name: (seat: number) => string;
  /** Map position of a hex, crossroads or city id. */
  where: (id: string) => { x: number; y: number } | null;
  kindOf: (id: string) => 'hex' | 'node' | 'city' | null;
  /** Places the map offers now, with their actions. */
  targets: Map<string, TargetInfo>;
  selected: string | null;
  select: (id: string | null) => void;
  /** Node ids of the path to show (a selected move). */
  path: string[];
  setPath: (p: string[]) => void;
  /** A development card played with the next move, deed or hex (Forced March, Traitor, Diplomat…). */
  cardMode: string | null;
  setCardMode: (c: string | null) => void;
  pick: (id: string) => void;
  send: (a: SfrAction) => void;
}

export const SfrContext = createContext<Sfr | null>(null);

export function useSfr(): Sfr {
  const c = useContext(SfrContext);
  if (!c) throw new Error('useSfr outside the Struggle for Rome board');
  return c;
}
