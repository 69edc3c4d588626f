/** Where each game's client part lives: one dynamic import (one chunk) per game. */
import type { GameClient } from './registry.js';

export const loaders: Record<string, () => Promise<GameClient>> = {
  'age-of-heroes': () => import('./age-of-heroes/client.js').then((m) => m.client),
  'struggle-for-rome': () => import('./struggle-for-rome/client.js').then((m) => m.client),
  nations: () => import('./nations/client.js').then((m) => m.client),
  runewars: () => import('./runewars/client.js').then((m) => m.client),
};
