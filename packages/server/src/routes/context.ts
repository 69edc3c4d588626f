/** What every route needs: the store, the hub, and the checks every route starts with. */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AnyGame } from '@tabula/engine';
import { GAMES, findGame } from '@tabula/catalog';
import type { MatchInfo, SeatInfo, Store } from '@tabula/store';
import type { Hub } from '../hub.js';
import { HttpError } from '../faults.js';
import { ID_PATTERN } from '../protocol.js';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');
export const newId = () => randomBytes(9).toString('base64url');

export interface RouteContext {
  store: Store;
  hub: Hub;
  /** The game of that id or alias; 404 otherwise. */
  game(id: string): AnyGame;
  /** The id of the route's match, checked: a malformed id never reaches the store. */
  idOf(req: FastifyRequest): string;
  /** The match; 404 if there is none. */
  match(id: string): Promise<MatchInfo>;
  /** The seat of a token; 403 if the token is not one of the match's. */
  seatOf(id: string, token: string): Promise<SeatInfo>;
}

export function routeContext(store: Store, hub: Hub): RouteContext {
  return {
    store,
    hub,
    game(id) {
      const g = findGame(id);
      if (!g)
        throw new HttpError(
          404,
          'unknownGame',
          `Unknown game "${id}". Known: ${GAMES.map((x) => x.id).join(', ')}.`,
        );
      return g;
    },
    idOf(req) {
      const { id } = req.params as { id: string };
      if (id.length > 64 || !ID_PATTERN.test(id))
        throw new HttpError(
          400,
          'badRequest',
          "Invalid request: id: match ids hold only letters, digits, '-' and '_'.",
        );
      return id;
    },
    async match(id) {
      const m = await store.getMatch(id);
      if (!m) throw new HttpError(404, 'noMatch', `No match "${id}".`);
      return m;
    },
    async seatOf(id, token) {
      const s = await store.findSeatByToken(id, token);
      if (!s) throw new HttpError(403, 'badToken', 'That seat token is not valid for this match.');
      return s;
    },
  };
}
