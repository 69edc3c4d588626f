/**
 * Players and ratings: a player's page (per game: matches, wins, rating; their finished and running
 * matches), a game's leaderboard, the rating changes of a match, and the signed-in player's matches that
 * wait for them. See docs/PROTOCOL.md (Players and ratings).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badText } from '../protocol.js';
import type { LeaderboardRow, MatchInfo, PlayerPage } from '../protocol.js';
import { HttpError, queryInt } from '../faults.js';
import { ratingInfo } from '../ratings.js';
import type { RouteContext } from './context.js';

const GAME_ID = /^[a-z0-9-]{1,40}$/;

export function playerRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const nameOf = (req: FastifyRequest) => {
    const { name } = req.params as { name: string };
    if (name.length < 1 || name.length > 24 || badText(name))
      throw new HttpError(400, 'badRequest', 'Invalid request: name: not a player name.');
    return name;
  };

  app.get('/api/players/:name', async (req): Promise<PlayerPage> => {
    const name = nameOf(req);
    const q = req.query as Record<string, unknown>;
    const a = await ctx.accounts.byName(name);
    if (!a) throw new HttpError(404, 'noPlayer', `No player "${name}".`);
    const [stats, ratings, mine] = await Promise.all([
      ctx.accounts.stats(a.id),
      ctx.accounts.ratings(a.id),
      ctx.accounts.matches(a.id, {
        limit: queryInt(q, 'limit', 50, 1, 200),
        offset: queryInt(q, 'offset', 0, 0, 1_000_000),
      }),
    ]);
    const games = stats.map((s) => {
      const r = ratings.find((x) => x.game === s.game);
      return { ...s, rating: r ? ratingInfo(r) : null, rated: r?.matches ?? 0 };
    });
    const matches: { match: MatchInfo; seat: number }[] = [];
    for (const m of mine) matches.push({ match: await ctx.hub.info(m.match.id), seat: m.seat });
    return { name: a.name, createdAt: a.createdAt.toISOString(), games, matches };
  });

  app.get('/api/ratings/:game', async (req): Promise<LeaderboardRow[]> => {
    const { game } = req.params as { game: string };
    if (!GAME_ID.test(game)) throw new HttpError(400, 'badRequest', 'Invalid request: game: not a game id.');
    const g = ctx.game(game);
    const q = req.query as Record<string, unknown>;
    const offset = queryInt(q, 'offset', 0, 0, 1_000_000)!;
    const rows = await ctx.accounts.leaderboard(g.id, queryInt(q, 'limit', 50, 1, 200), offset);
    return rows.map((r, i) => ({ rank: offset + i + 1, name: r.name, matches: r.matches, ...ratingInfo(r) }));
  });

  app.get('/api/matches/:id/ratings', async (req) => {
    const id = ctx.idOf(req);
    await ctx.match(id);
    const changes = await ctx.accounts.ratingChanges(id);
    return changes.map((c) => ({
      seat: c.seat,
      name: c.name,
      before: ratingInfo(c.before),
      after: ratingInfo(c.after),
    }));
  });

  /** The signed-in player's running matches that wait for their decision now. */
  app.get('/api/account/turns', async (req) => {
    const a = await ctx.signedIn(req);
    const running = await ctx.accounts.matches(a.id, { status: ['active'], limit: 200 });
    const out: { match: MatchInfo; seat: number }[] = [];
    for (const m of running) {
      // Whose turn it is comes from the match in memory: loaded here if this process does not hold it.
      await ctx.hub.get(m.match.id);
      const info = await ctx.hub.info(m.match.id);
      if (info.status === 'active' && info.waitingFor.includes(m.seat))
        out.push({ match: info, seat: m.seat });
    }
    return { matches: out };
  });
}
