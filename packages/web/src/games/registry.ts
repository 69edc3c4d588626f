/**
 * The per-game parts of the web client, each its own chunk, loaded when a table of that game opens:
 * the rules module (for words and local highlighting), its board and prompt screens if it has any, and
 * their UI texts. Everything else (lobby, table frame, action bar, log, chat) is generic and loads no
 * game. A game without a board is still fully playable through the generic table (its text view and a
 * chooser of its legal actions).
 */
import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import type { AnyGame } from '@tabula/engine';
import type { TableProps } from '../shell/types.js';
import { loaders } from './loaders.js';

export type UiCatalog = { en: Record<string, string>; ru: Record<string, string> };

export interface GameClient {
  game: AnyGame;
  /** The game's board and its prompt screens. */
  Board?: ComponentType<TableProps>;
  /** UI texts of the board, merged into the locale's messages when the game loads. */
  ui?: UiCatalog;
}

/** UI catalogs of the games loaded so far, merged into the locale's messages. */
export const uiCatalogs: UiCatalog[] = [];
const listeners = new Set<() => void>();

/** Called when a game's UI texts arrive (the locale's messages are built again). */
export function onCatalogs(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

const loaded = new Map<string, GameClient>();
const loading = new Map<string, Promise<GameClient | null>>();

/**
 * A game's chunk that does not load is most often one a newer version of the site has replaced since
 * this page was loaded (its name carries a hash): the page is loaded again, which brings the new ones.
 * Once: not again within a minute, so a broken network does not reload in a loop.
 */
function reloadOnce(): void {
  const key = 'tabula.chunkReload';
  try {
    if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 60_000) return;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return;
  }
  location.reload();
}

/** Loads a game's client part once; null for a game this client has no part for. */
export function loadGame(id: string): Promise<GameClient | null> {
  let p = loading.get(id);
  if (!p) {
    const load = loaders[id];
    p = load
      ? load().then(
          (c) => {
            if (c.ui) {
              uiCatalogs.push(c.ui);
              for (const l of listeners) l();
            }
            loaded.set(id, c);
            return c;
          },
          (e: unknown) => {
            // Not kept: the next table of this game tries again.
            loading.delete(id);
            reloadOnce();
            throw e;
          },
        )
      : Promise.resolve(null);
    loading.set(id, p);
  }
  return p;
}

/** The game's client part: undefined while it loads, null if there is none. */
export function useGameClient(id: string | undefined): GameClient | null | undefined {
  const [client, setClient] = useState<GameClient | null | undefined>(id ? loaded.get(id) : undefined);
  useEffect(() => {
    if (!id) return;
    let live = true;
    loadGame(id).then(
      (c) => live && setClient(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);
  return id ? (loaded.get(id) ?? client) : undefined;
}
