/**
 * The Nations table's shared context: the view, the legal actions and what each points at (the game's
 * `targetsOf`, keyed as the table's elements are: `space:<row>:<col>`, `slot:<i>`, `card:<u or id>`,
 * `item:<name>`, `seat:<s>`), what is selected, the words, and a sampled world of the view (the rules run
 * in the browser on it to tell what an action costs and why a card cannot be bought). Every click sends a
 * legal action the server listed: the table never invents one.
 */
import { createContext, useContext } from 'react';
import type { Target } from '@tabula/engine';
import type { NatAction, NatView } from '@tabula/nations';
import type { TableProps } from '../../shell/types.js';

export type Values = Record<string, string | number>;

/** One shape per seat, as the shell draws them (never colour alone). */
export const SHAPES = ['●', '■', '▲', '◆', '⬟', '✚'];

/** The key of a target as the table's elements carry it (a board space by index becomes row and column). */
export function keyOf(t: Target, cols: number): string {
  if (t.kind === 'space' && typeof t.id === 'number') {
    const row = Math.floor(t.id / cols) + 1;
    return `space:${row}:${t.id % cols}`;
  }
  return `${t.kind}:${String(t.id)}`;
}

/** What an action changes for the acting nation (resources, VP), found by running it on a sampled world. */
export interface Effect {
  res: Record<string, number>;
  vp: number;
}

export interface Nat {
  props: TableProps;
  view: NatView;
  /** The seat this table is for (−1: a spectator or the replay's everything view). */
  me: number;
  /** The nation drawn large: mine, else the one acting now. */
  focus: number;
  legal: NatAction[];
  pending: boolean;
  locale: 'en' | 'ru';
  t: (id: string, values?: Values) => string;
  /** A text of the game's catalog with localised parameters. */
  g: (key: string, params?: Record<string, unknown>) => string;
  describe: (a: NatAction) => string;
  name: (seat: number) => string;
  card: (id: string) => string;
  nation: (id: string) => string;
  /** Target keys of the legal actions, with their actions. */
  targets: Map<string, NatAction[]>;
  /** The selected target (its actions shown in the decision) or card looked at (`look:<id>`). */
  sel: string | null;
  select: (k: string | null) => void;
  /** A card whose full text the decision shows (tapped, not a target). */
  look: string | null;
  setLook: (id: string | null) => void;
  /** Clicks a target: one choice is sent at once, anything else is selected for confirmation. */
  pick: (key: string) => void;
  send: (a: NatAction) => void;
  /** What an action changes for me (null: unknown). */
  effectOf: (a: NatAction) => Effect | null;
  /** Why I cannot buy the card of a board space now (null: I can, or it is not my turn to buy). */
  whyNot: (row: number, col: number) => string | null;
  /** The phone's tab (the whole table shows on wide screens). */
  tab: string;
  setTab: (t: string) => void;
}

export const NatContext = createContext<Nat | null>(null);

export function useNat(): Nat {
  const c = useContext(NatContext);
  if (!c) throw new Error('useNat outside the Nations board');
  return c;
}

/** The data attributes of a clickable element: its keys, the ones that are targets now. */
export function targetAttrs(n: Nat, keys: string[]): { active: string[]; attrs: Record<string, string> } {
  const active = keys.filter((k) => n.targets.has(k));
  const attrs: Record<string, string> = { 'data-keys': keys.join(' ') };
  if (active.length) attrs['data-targets'] = active.join(' ');
  return { active, attrs };
}
