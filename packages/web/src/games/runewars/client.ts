/** RuneWars in the browser: its rules (the generic table draws it until it has a board). */
import { runewars } from '@tabula/runewars';
import type { GameClient } from '../registry.js';

export const client: GameClient = { game: runewars };
