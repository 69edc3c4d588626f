/**
 * The log as the panel shows it: its newest lines under headings for the round and the turn they
 * belong to (where the game says which events open one: `eventGroup`). Pure, for tests.
 */
import type { AnyGame, GameEvent } from '@tabula/engine';

export type Group = { kind: 'round' | 'turn'; round?: number; seat?: number };
export type LogItem<E> = { kind: 'head'; group: Group; at: number } | { kind: 'line'; event: E; at: number };

/**
 * Items for the events from `start` on: each line, preceded by a heading where an event opens a round
 * or a turn; the round and turn open at `start` come first, so the shown tail starts under its headings.
 */
export function logItems<E extends GameEvent>(
  game: Pick<AnyGame, 'eventGroup'>,
  events: readonly E[],
  start: number,
): LogItem<E>[] {
  const group = game.eventGroup?.bind(game);
  const out: LogItem<E>[] = [];
  if (group) {
    let round: Group | null = null;
    let turn: Group | null = null;
    for (let i = 0; i < start; i++) {
      const g = safe(group, events[i]!);
      if (g?.kind === 'round') [round, turn] = [g, null];
      else if (g?.kind === 'turn') turn = g;
    }
    if (round) out.push({ kind: 'head', group: round, at: start });
    if (turn) out.push({ kind: 'head', group: turn, at: start });
  }
  for (let i = start; i < events.length; i++) {
    const e = events[i]!;
    const g = group ? safe(group, e) : null;
    if (g) out.push({ kind: 'head', group: g, at: i });
    out.push({ kind: 'line', event: e, at: i });
  }
  return out;
}

function safe(f: NonNullable<AnyGame['eventGroup']>, e: GameEvent): Group | null {
  try {
    return f(e) ?? null;
  } catch {
    return null;
  }
}
