/** `GET /api/games`: the catalog, as a lobby needs it. */
import type { FastifyInstance } from 'fastify';
import { GAMES } from '@tabula/catalog';
import { botNames } from '@tabula/bots';

export function gameRoutes(app: FastifyInstance): void {
  app.get('/api/games', async () =>
    GAMES.map((g) => ({
      id: g.id,
      minSeats: g.minSeats,
      maxSeats: g.maxSeats,
      bots: botNames(g),
      rulesVersion: g.rulesVersion,
    })),
  );
}
