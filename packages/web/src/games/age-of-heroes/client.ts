/** Age of Heroes in the browser: its rules, its board and prompt screens, their texts. */
import { ageOfHeroes } from '@tabula/age-of-heroes';
import type { GameClient } from '../registry.js';
import { Board } from './Board.js';
import { aohUi } from './i18n.js';

export const client: GameClient = { game: ageOfHeroes, Board, ui: aohUi };
