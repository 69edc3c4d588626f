/** RuneWars in the browser: its rules, the realm map board, its texts. */
import { runewars } from '@tabula/runewars';
import type { GameClient } from '../registry.js';
import { Board } from './Board.js';
import { rwUi } from './i18n.js';
import { factionUi } from './FactionChoice.js';

export const client: GameClient = {
  game: runewars,
  Board,
  ui: { en: { ...rwUi.en, ...factionUi.en }, ru: { ...rwUi.ru, ...factionUi.ru } },
};
