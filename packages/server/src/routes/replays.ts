/**
 * Replays: a finished match's whole record (seed included) and any step of it, with a seat's view.
 * Nothing of an unfinished match: its record would show the seed and every hand.
 */
import type { FastifyInstance } from 'fastify';
import type { AnyGame, GameRecord } from '@tabula/engine';
import { deepClone, replay } from '@tabula/engine';
import { HttpError, queryInt } from '../faults.js';
import type { RouteContext } from './context.js';

export function replayRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const finishedRecord = async (id: string): Promise<{ g: AnyGame; record: GameRecord }> => {
    const m = await ctx.match(id);
    if (m.status !== 'finished')
      throw new HttpError(
        403,
        'notFinished',
        'The full log (with the seed) is public only once the game is over.',
      );
    const g = ctx.game(m.game);
    const actions = await ctx.store.actions(id, 0);
    const record: GameRecord = {
      format: 'tabula-game',
      formatVersion: 1,
      game: m.game,
      rulesVersion: m.rulesVersion,
      options: m.options,
      seats: m.seats,
      seed: m.seed,
      actions: actions.map((a) => ({ seat: a.seat, action: a.action })),
      outcome: m.outcome,
      createdAt: m.createdAt.toISOString(),
    };
    return { g, record };
  };

  app.get('/api/matches/:id/record', async (req) => (await finishedRecord(ctx.idOf(req))).record);

  app.get('/api/matches/:id/state', async (req) => {
    const id = ctx.idOf(req);
    const q = req.query as Record<string, unknown>;
    const { g, record } = await finishedRecord(id);
    const of = record.actions.length;
    const step = queryInt(q, 'step', of, 0, of)!;
    const seat = queryInt(q, 'seat', undefined, -1, record.seats - 1);
    const r = replay(g, record, step);
    if (!r.ok) throw new Error(`match ${id}: replay failed at step ${step}: ${r.error.message}`);
    return {
      step,
      of,
      action: step > 0 ? record.actions[step - 1] : null,
      state: deepClone(r.value),
      view: seat === undefined ? undefined : g.view(r.value, seat),
    };
  });
}
