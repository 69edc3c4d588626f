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

/**
 * A game's name in the locale; until the list has arrived, or where the game declares no name (the
 * server then answers with the message key), its id (an identifier in no language).
 */
export function nameOf(games: readonly GameSummary[], id: string, locale: 'en' | 'ru'): string {
  const name = games.find((g) => g.id === id)?.name[locale];
  return name && name !== `${id}.name` ? name : id;
}

/** "some-game" → "Some game". */
export function idWords(id: string): string {
  const w = id.replace(/[-_]+/g, ' ').trim();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** A text the game declares, or '' where it declares none (the server sends the key itself then). */
export function declared(text: string | undefined | null): string {
  return text && !/^[\w-]+(\.[\w-]+)+$/.test(text) ? text : '';
}
