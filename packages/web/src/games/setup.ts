/** Registers the per-game UIs (board pictures and prompt screens). */
import { gameUis, uiCatalogs } from './registry.js';
import { Board as AohBoard } from './age-of-heroes/Board.js';
import { aohUi } from './age-of-heroes/i18n.js';

gameUis['age-of-heroes'] = { Board: AohBoard };
uiCatalogs.push(aohUi);
