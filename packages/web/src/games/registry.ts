/**
 * Per-game pieces of the web client: the board picture and prompt screens of each game, and their
 * UI texts. Everything else (lobby, table frame, action bar, log, chat) is generic. A game without
 * an entry here is still fully playable through the generic table (its text view and a chooser of
 * its legal actions).
 */
import type { ComponentType } from 'react';
import type { TableProps } from '../shell/types.js';

export interface GameUi {
  /** The game's board and its prompt screens. */
  Board: ComponentType<TableProps>;
}

export const gameUis: Record<string, GameUi> = {};

/** UI catalogs of the games ({en, ru}), merged into the locale's messages. */
export const uiCatalogs: { en: Record<string, string>; ru: Record<string, string> }[] = [];
