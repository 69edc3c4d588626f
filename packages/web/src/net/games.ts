/**
 * The games this server offers, as the lobby shows them (GET /api/games): names, descriptions,
 * options and bots in English and Russian, without any game's rules. Fetched once per page.
 */
import { useEffect, useState } from 'react';
import type { GameSummary } from '@tabula/protocol';
import { api } from './api.js';

let list: GameSummary[] | null = null;
let pending: Promise<GameSummary[]> | null = null;

export function loadGames(): Promise<GameSummary[]> {
  pending ??= api.games().then(
    (g) => (list = g),
    (e: unknown) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}

/** The games (empty until they arrive) and the error of the last attempt, if it failed. */
export function useGames(): { games: GameSummary[]; error: string | null } {
  const [games, setGames] = useState<GameSummary[]>(list ?? []);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (list) return;
    let live = true;
    loadGames().then(
      (g) => live && setGames(g),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, []);
  return { games: list ?? games, error };
}

/** A game's name in the locale (its id until the list has arrived). */
export function nameOf(games: readonly GameSummary[], id: string, locale: 'en' | 'ru'): string {
  return games.find((g) => g.id === id)?.name[locale] ?? id;
}
