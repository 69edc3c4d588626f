/** The games Tabula offers. The only place that lists them; everything else asks here. */
import type { AnyGame } from '@tabula/engine';
import { ageOfHeroes } from '@tabula/age-of-heroes';
import { struggleForRome } from '@tabula/struggle-for-rome';
import { nations } from '@tabula/nations';
import { runewars } from '@tabula/runewars';

export const GAMES: readonly AnyGame[] = [ageOfHeroes, struggleForRome, nations, runewars];

/** Finds a game by id or by the short id it declares (`info.shortId`, e.g. for the command line). */
export function findGame(name: string): AnyGame | undefined {
  const key = name.toLowerCase();
  return GAMES.find((g) => g.id === key) ?? GAMES.find((g) => g.info?.shortId === key);
}
