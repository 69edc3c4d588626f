/** Struggle for Rome in the browser: its rules (the generic table draws it until it has a board). */
import { struggleForRome } from '@tabula/struggle-for-rome';
import type { GameClient } from '../registry.js';

export const client: GameClient = { game: struggleForRome };
