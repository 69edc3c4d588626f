/**
 * Players who come back: accounts and their sessions, seats bound to an account, per-game ratings and
 * the changes a rated match made, web push subscriptions, the "your turn" notices sent, and keys the
 * server makes once. Knows no game and no rating model: a rating is a (mu, sigma) pair the caller
 * computes; passwords arrive hashed, sessions as the SHA-256 of their token.
 */
import type { Seat } from '@tabula/engine';
import type { Db } from './db.js';
import type { MatchInfo, MatchStatus, Store } from './store.js';
import { hashToken, json, matchFromRow } from './store.js';
import type { MatchRow } from './store.js';

/** Account settings (notifications…): opaque JSON to the store. */
export type AccountSettings = Record<string, unknown>;

export interface Account {
  id: string;
  name: string;
  /** The hashed password (the KDF's own string): never sent to a client. */
  passwordHash: string;
  settings: AccountSettings;
  createdAt: Date;
}

export interface Rating {
  mu: number;
  sigma: number;
}

export interface GameRating extends Rating {
  game: string;
  /** Rated matches played. */
  matches: number;
}

export interface GameStats {
  game: string;
  /** Finished matches (rated or not) and those won. */
  games: number;
  wins: number;
  /** Matches still being played. */
  running: number;
}

export interface LeaderRow extends Rating {
  accountId: string;
  name: string;
  matches: number;
}

export interface RatingChange {
  accountId: string;
  name: string;
  seat: Seat;
  before: Rating;
  after: Rating;
}

export interface AccountMatch {
  match: MatchInfo;
  seat: Seat;
}

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

interface AccountRow {
  id: string;
  name: string;
  password_hash: string;
  settings: AccountSettings | null;
  created_at: Date | string;
}

const ACCOUNT_COLUMNS = 'id, name, password_hash, settings, created_at';

function toAccount(r: AccountRow): Account {
  return {
    id: r.id,
    name: r.name,
    passwordHash: r.password_hash,
    settings: r.settings ?? {},
    createdAt: new Date(r.created_at),
  };
}

/**
 * The key an account name is unique under: case, width and compatibility forms folded (NFKC, lower
 * case), so "Anna" and "ＡＮＮＡ" are one name.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

const num = (x: unknown) => Number(x);

export class Accounts {
  constructor(private readonly store: Store) {}

  private get db(): Db {
    return this.store.db;
  }

  // ---- accounts and sessions ----------------------------------------------------------------

  /** A new account; null if the name (as `nameKey` folds it) is taken. */
  async create(a: {
    id: string;
    name: string;
    passwordHash: string;
    settings?: AccountSettings;
  }): Promise<Account | null> {
    try {
      const { rows } = await this.db.query<AccountRow>(
        `INSERT INTO accounts (id, name, name_key, password_hash, settings)
         VALUES ($1, $2, $3, $4, $5::text::jsonb) RETURNING ${ACCOUNT_COLUMNS}`,
        [a.id, a.name, nameKey(a.name), a.passwordHash, json(a.settings ?? {}, 'settings')],
      );
      return toAccount(rows[0]!);
    } catch (e) {
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  async byName(name: string): Promise<Account | null> {
    const { rows } = await this.db.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name_key = $1`,
      [nameKey(name)],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async byId(id: string): Promise<Account | null> {
    const { rows } = await this.db.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`,
      [id],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async setPassword(id: string, passwordHash: string): Promise<boolean> {
    const { rows } = await this.db.query(
      'UPDATE accounts SET password_hash = $2 WHERE id = $1 RETURNING id',
      [id, passwordHash],
    );
    return rows.length > 0;
  }

  async setSettings(id: string, settings: AccountSettings): Promise<boolean> {
    const { rows } = await this.db.query(
      'UPDATE accounts SET settings = $2::text::jsonb WHERE id = $1 RETURNING id',
      [id, json(settings, 'settings')],
    );
    return rows.length > 0;
  }

  /** Opens a session: only the SHA-256 of its token is kept. */
  async createSession(token: string, accountId: string, expiresAt: Date): Promise<void> {
    await this.db.query('INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ($1, $2, $3)', [
      hashToken(token),
      accountId,
      expiresAt.toISOString(),
    ]);
  }

  /** The account of an unexpired session, or null. */
  async session(token: string): Promise<Account | null> {
    if (!token) return null;
    const { rows } = await this.db.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS.split(', ')
        .map((c) => `a.${c}`)
        .join(', ')} FROM sessions s JOIN accounts a ON a.id = s.account_id
       WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hashToken(token)],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async endSession(token: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
  }

  /** Ends every session of an account but the one of `keepToken` (a password change). */
  async endOtherSessions(accountId: string, keepToken: string | null): Promise<number> {
    const { rows } = await this.db.query(
      'DELETE FROM sessions WHERE account_id = $1 AND ($2::text IS NULL OR token_hash <> $2::text) RETURNING 1',
      [accountId, keepToken === null ? null : hashToken(keepToken)],
    );
    await this.db.query('DELETE FROM sessions WHERE expires_at <= now()');
    return rows.length;
  }

  // ---- seats --------------------------------------------------------------------------------

  /**
   * Binds a seat to an account, if the seat is bound to nobody and the account holds no other seat of
   * that match (a hotseat's other seats stay guests). False otherwise.
   */
  async bindSeat(matchId: string, seat: Seat, accountId: string): Promise<boolean> {
    await this.store.settled();
    try {
      const { rows } = await this.db.query(
        `UPDATE seats SET account_id = $3
         WHERE match_id = $1 AND seat = $2 AND kind = 'human' AND account_id IS NULL
           AND NOT EXISTS (SELECT 1 FROM seats o WHERE o.match_id = $1 AND o.account_id = $3)
         RETURNING seat`,
        [matchId, seat, accountId],
      );
      return rows.length > 0;
    } catch (e) {
      // A concurrent bind of another seat of the same match to the same account won.
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** The seat of a match bound to an account, or null. */
  async seatOf(matchId: string, accountId: string): Promise<Seat | null> {
    await this.store.settled();
    const { rows } = await this.db.query<{ seat: number }>(
      'SELECT seat FROM seats WHERE match_id = $1 AND account_id = $2',
      [matchId, accountId],
    );
    return rows[0] ? num(rows[0].seat) : null;
  }

  /** The seat a token opens, with the account it is bound to. */
  async seatByToken(
    matchId: string,
    token: string,
  ): Promise<{ seat: Seat; accountId: string | null } | null> {
    await this.store.settled();
    const { rows } = await this.db.query<{ seat: number; account_id: string | null }>(
      'SELECT seat, account_id FROM seats WHERE match_id = $1 AND token_hash = $2',
      [matchId, hashToken(token)],
    );
    return rows[0] ? { seat: num(rows[0].seat), accountId: rows[0].account_id } : null;
  }

  /** An account's matches, most recently active first, with its seat in each. */
  async matches(
    accountId: string,
    q: { status?: readonly MatchStatus[]; limit?: number; offset?: number } = {},
  ): Promise<AccountMatch[]> {
    await this.store.settled();
    const { rows } = await this.db.query<MatchRow & { my_seat: number }>(
      `SELECT m.*, s.seat AS my_seat FROM seats s JOIN matches m ON m.id = s.match_id
       WHERE s.account_id = $1 AND ($2::text[] IS NULL OR m.status = ANY($2::text[]))
       ORDER BY m.updated_at DESC, m.id LIMIT $3 OFFSET $4`,
      [
        accountId,
        q.status ? [...q.status] : null,
        Math.max(0, Math.min(1000, Math.floor(q.limit ?? 50))),
        Math.max(0, Math.floor(q.offset ?? 0)),
      ],
    );
    return rows.map((r) => ({ match: matchFromRow(r), seat: num(r.my_seat) }));
  }

  /** Per game: finished matches, wins (the seat among the outcome's winners) and running matches. */
  async stats(accountId: string): Promise<GameStats[]> {
    await this.store.settled();
    const { rows } = await this.db.query<{ game: string; games: number; wins: number; running: number }>(
      `SELECT m.game,
              count(*) FILTER (WHERE m.status = 'finished')::int AS games,
              count(*) FILTER (WHERE m.status = 'finished' AND m.outcome -> 'winners' @> to_jsonb(s.seat))::int AS wins,
              count(*) FILTER (WHERE m.status IN ('open', 'active'))::int AS running
       FROM seats s JOIN matches m ON m.id = s.match_id
       WHERE s.account_id = $1 GROUP BY m.game ORDER BY m.game`,
      [accountId],
    );
    return rows.map((r) => ({
      game: r.game,
      games: num(r.games),
      wins: num(r.wins),
      running: num(r.running),
    }));
  }

  // ---- ratings ------------------------------------------------------------------------------

  async ratings(accountId: string): Promise<GameRating[]> {
    const { rows } = await this.db.query<{ game: string; mu: number; sigma: number; matches: number }>(
      'SELECT game, mu, sigma, matches FROM ratings WHERE account_id = $1 ORDER BY game',
      [accountId],
    );
    return rows.map((r) => ({ game: r.game, mu: num(r.mu), sigma: num(r.sigma), matches: num(r.matches) }));
  }

  /** A game's best ratings by their conservative estimate, mu − 3·sigma. */
  async leaderboard(game: string, limit = 50, offset = 0): Promise<LeaderRow[]> {
    const { rows } = await this.db.query<{
      account_id: string;
      name: string;
      mu: number;
      sigma: number;
      matches: number;
    }>(
      `SELECT r.account_id, a.name, r.mu, r.sigma, r.matches FROM ratings r JOIN accounts a ON a.id = r.account_id
       WHERE r.game = $1 ORDER BY (r.mu - 3 * r.sigma) DESC, a.name_key LIMIT $2 OFFSET $3`,
      [game, Math.max(0, Math.min(200, Math.floor(limit))), Math.max(0, Math.floor(offset))],
    );
    return rows.map((r) => ({
      accountId: r.account_id,
      name: r.name,
      mu: num(r.mu),
      sigma: num(r.sigma),
      matches: num(r.matches),
    }));
  }

  /**
   * Rates a finished match once, whichever process asks first: in one transaction, the players' current
   * ratings of the game (`initial` for a first match) are locked and read, `compute` gives the new ones
   * (in the same order), and both are written with the change each made. False (nothing written) if the
   * match was rated before.
   */
  async rateMatch(
    matchId: string,
    game: string,
    players: readonly { accountId: string; seat: Seat }[],
    initial: Rating,
    compute: (current: Rating[]) => Rating[],
  ): Promise<boolean> {
    await this.store.settled();
    return this.db.transaction(async (tx) => {
      // Serialises the raters of one match (any process); the first one writes.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('tabula.rate:' || $1))`, [matchId]);
      const done = await tx.query('SELECT 1 FROM rating_changes WHERE match_id = $1 LIMIT 1', [matchId]);
      if (done.rows.length > 0) return false;
      const ids = players.map((p) => p.accountId);
      // Lock order by account id, so two matches rated at once never wait for each other in a cycle.
      const { rows } = await tx.query<{ account_id: string; mu: number; sigma: number }>(
        `SELECT account_id, mu, sigma FROM ratings WHERE game = $1 AND account_id = ANY($2::text[])
         ORDER BY account_id FOR UPDATE`,
        [game, ids],
      );
      const current = ids.map((id) => {
        const r = rows.find((x) => x.account_id === id);
        return r ? { mu: num(r.mu), sigma: num(r.sigma) } : { ...initial };
      });
      const next = compute(current);
      for (let i = 0; i < players.length; i++) {
        const p = players[i]!;
        const b = current[i]!;
        const a = next[i]!;
        await tx.query(
          `INSERT INTO ratings (account_id, game, mu, sigma, matches) VALUES ($1, $2, $3, $4, 1)
           ON CONFLICT (account_id, game) DO UPDATE
             SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, matches = ratings.matches + 1, updated_at = now()`,
          [p.accountId, game, a.mu, a.sigma],
        );
        await tx.query(
          `INSERT INTO rating_changes (match_id, account_id, game, seat, mu_before, sigma_before, mu_after, sigma_after)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [matchId, p.accountId, game, p.seat, b.mu, b.sigma, a.mu, a.sigma],
        );
      }
      return true;
    });
  }

  /** The rating changes a match made (empty if it was not rated), by seat. */
  async ratingChanges(matchId: string): Promise<RatingChange[]> {
    const { rows } = await this.db.query<{
      account_id: string;
      name: string;
      seat: number;
      mu_before: number;
      sigma_before: number;
      mu_after: number;
      sigma_after: number;
    }>(
      `SELECT c.account_id, a.name, c.seat, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after
       FROM rating_changes c JOIN accounts a ON a.id = c.account_id WHERE c.match_id = $1 ORDER BY c.seat`,
      [matchId],
    );
    return rows.map((r) => ({
      accountId: r.account_id,
      name: r.name,
      seat: num(r.seat),
      before: { mu: num(r.mu_before), sigma: num(r.sigma_before) },
      after: { mu: num(r.mu_after), sigma: num(r.sigma_after) },
    }));
  }

  // ---- notifications ------------------------------------------------------------------------

  /** Records that a seat was told of its decision opened at version `v`; false if it already was. */
  async noteNotice(matchId: string, seat: Seat, v: number): Promise<boolean> {
    const { rows } = await this.db.query(
      'INSERT INTO notices (match_id, seat, v) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING seat',
      [matchId, seat, v],
    );
    return rows.length > 0;
  }

  async addPush(accountId: string, s: PushSubscriptionRow): Promise<void> {
    await this.db.query(
      `INSERT INTO push_subscriptions (endpoint, account_id, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE SET account_id = EXCLUDED.account_id, p256dh = EXCLUDED.p256dh,
         auth = EXCLUDED.auth`,
      [s.endpoint, accountId, s.p256dh, s.auth],
    );
  }

  async removePush(endpoint: string, accountId?: string): Promise<boolean> {
    const { rows } = await this.db.query(
      'DELETE FROM push_subscriptions WHERE endpoint = $1 AND ($2::text IS NULL OR account_id = $2::text) RETURNING 1',
      [endpoint, accountId ?? null],
    );
    return rows.length > 0;
  }

  async pushSubscriptions(accountId: string): Promise<PushSubscriptionRow[]> {
    const { rows } = await this.db.query<PushSubscriptionRow>(
      'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE account_id = $1 ORDER BY created_at',
      [accountId],
    );
    return rows;
  }

  /** A value the server makes once (keys): the stored one, or `make()`'s, stored by whoever comes first. */
  async serverKey<T>(name: string, make: () => T): Promise<T> {
    const had = await this.db.query<{ value: T }>('SELECT value FROM server_keys WHERE name = $1', [name]);
    if (had.rows[0]) return had.rows[0].value;
    await this.db.query(
      'INSERT INTO server_keys (name, value) VALUES ($1, $2::text::jsonb) ON CONFLICT (name) DO NOTHING',
      [name, json(make(), name)],
    );
    const { rows } = await this.db.query<{ value: T }>('SELECT value FROM server_keys WHERE name = $1', [
      name,
    ]);
    return rows[0]!.value;
  }
}
