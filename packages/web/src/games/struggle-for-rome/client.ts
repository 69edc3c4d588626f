/** Struggle for Rome in the browser: its rules, the map board, its texts. */
import { struggleForRome } from '@tabula/struggle-for-rome';
import type { GameClient } from '../registry.js';
import { Board } from './Board.js';
import { sfrUi } from './i18n.js';

export const client: GameClient = { game: struggleForRome, Board, ui: sfrUi };
