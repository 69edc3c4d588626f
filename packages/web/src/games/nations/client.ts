/** Nations in the browser: its rules, the drawn table (progress board, nations, round, decision), its texts. */
import { nations } from '@tabula/nations';
import type { GameClient } from '../registry.js';
import { Board } from './Board.js';
import { natUi } from './i18n.js';

export const client: GameClient = { game: nations, Board, ui: natUi };
