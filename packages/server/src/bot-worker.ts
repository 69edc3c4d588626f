/** A worker thread that answers bot requests (see bots.ts). */
import { parentPort } from 'node:worker_threads';
import type { Bot } from '@tabula/engine';
import { Rng } from '@tabula/engine';
import { findGame } from '@tabula/catalog';
import { LEVEL_MS_CAP, makeBot } from '@tabula/bots';
import type { BotRequest } from './bots.js';

const bots = new Map<string, { bot: Bot; rng: Rng }>();

parentPort?.on('message', (m: BotRequest & { id: number }) => {
  try {
    const game = findGame(m.game);
    if (!game) throw new Error(`unknown game ${m.game}`);
    const key = `${m.game}|${m.bot}|${m.seed}`;
    let b = bots.get(key);
    if (!b) {
      // A search bot thinks at most LEVEL_MS_CAP a decision here: a loaded server still answers.
      b = {
        bot: makeBot(game, m.bot, m.seed, { msCap: LEVEL_MS_CAP }),
        rng: new Rng(`server-bot:${m.seed}`),
      };
      bots.set(key, b);
      if (bots.size > 5000) bots.delete(bots.keys().next().value!);
    }
    const action = b.bot.choose({ seat: m.seat, view: m.view, legal: m.legal, prompt: m.prompt, rng: b.rng });
    parentPort!.postMessage({ id: m.id, action });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: (e as Error).message });
  }
});
