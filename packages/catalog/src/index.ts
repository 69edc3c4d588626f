/** The games Tabula offers. The only place that lists them; everything else asks here. */
import type { AnyGame } from '@tabula/engine';
import { ageOfHeroes } from '@tabula/age-of-heroes';
import { struggleForRome } from '@tabula/struggle-for-rome';
import { nations } from '@tabula/nations';
import { runewars } from '@tabula/runewars';

export const GAMES: readonly AnyGame[] = [ageOfHeroes, struggleForRome, nations, runewars];

/** Finds a game by id or a short alias (e.g. "aoh"). */
export function findGame(name: string): AnyGame | undefined {
  const key = name.toLowerCase();
  const aliases: Record<string, string> = {
    aoh: 'age-of-heroes',
    sfr: 'struggle-for-rome',
    nat: 'nations',
    rw: 'runewars',
  };
  return GAMES.find((g) => g.id === (aliases[key] ?? key));
}
