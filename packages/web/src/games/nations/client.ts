/** Nations in the browser: its rules (the generic table draws it until it has a board). */
import { nations } from '@tabula/nations';
import type { GameClient } from '../registry.js';

export const client: GameClient = { game: nations };
