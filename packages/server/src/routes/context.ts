/** What every route needs: the store, the hub, and the checks every route starts with. */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AnyGame } from '@tabula/engine';
import { GAMES, findGame } from '@tabula/catalog';
import type { Account, Accounts, MatchInfo, SeatInfo, Store } from '@tabula/store';
import type { Hub } from '../hub.js';
import { HttpError } from '../faults.js';
import { ID_PATTERN } from '../protocol.js';
import { sessionToken } from '../sessions.js';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');
export const newId = () => randomBytes(9).toString('base64url');

export interface RouteContext {
  store: Store;
  hub: Hub;
  accounts: Accounts;
  /** The signed-in player of a request (its session cookie, honoured from this server's pages only), or null. */
  account(req: FastifyRequest): Promise<Account | null>;
  /** The signed-in player, or 401. */
  signedIn(req: FastifyRequest): Promise<Account>;
  /**
   * The seat a request speaks for: the seat of its token, or without a token the seat bound to its
   * signed-in player; 403 otherwise.
   */
  seatFor(req: FastifyRequest, id: string, token: string | undefined): Promise<number>;
  /** The game of that id or alias; 404 otherwise. */
  game(id: string): AnyGame;
  /** The id of the route's match, checked: a malformed id never reaches the store. */
  idOf(req: FastifyRequest): string;
  /** The match; 404 if there is none. */
  match(id: string): Promise<MatchInfo>;
  /** The seat of a token; 403 if the token is not one of the match's. */
  seatOf(id: string, token: string): Promise<SeatInfo>;
}

export function routeContext(store: Store, hub: Hub, accounts: Accounts): RouteContext {
  const seen = new WeakMap<FastifyRequest, Promise<Account | null>>();
  const account = (req: FastifyRequest): Promise<Account | null> => {
    let p = seen.get(req);
    if (!p) {
      const token = sessionToken(req.headers);
      seen.set(req, (p = token ? accounts.session(token) : Promise.resolve(null)));
    }
    return p;
  };
  return {
    store,
    hub,
    accounts,
    account,
    async signedIn(req) {
      const a = await account(req);
      if (!a) throw new HttpError(401, 'signedOut', 'Sign in first.');
      return a;
    },
    async seatFor(req, id, token) {
      if (token !== undefined) return (await this.seatOf(id, token)).seat;
      const a = await account(req);
      const seat = a ? await accounts.seatOf(id, a.id) : null;
      if (seat === null)
        throw new HttpError(
          403,
          'badToken',
          'Give your seat token, or sign in to the account that plays this seat.',
        );
      return seat;
    },
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
