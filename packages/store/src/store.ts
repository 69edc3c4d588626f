/**
 * Durable storage of matches: an append-only action log per match, snapshots, seats and chat.
 * Knows nothing of any game: options, settings, actions and states are opaque JSON.
 *
 * Writes to the log are compare-and-set on (match, sequence), so several server processes sharing
 * one PostgreSQL database can never both accept a move at the same sequence.
 */
import { createHash } from 'node:crypto';
import type { GameRecord, Outcome, Seat } from '@tabula/engine';
import type { Db } from './db.js';
import { migrate } from './migrations.js';

export type MatchStatus = 'open' | 'active' | 'finished' | 'abandoned';
export const MATCH_STATUSES: readonly MatchStatus[] = ['open', 'active', 'finished', 'abandoned'];

/** Statuses in which the action log still accepts moves. */
const LIVE: readonly MatchStatus[] = ['open', 'active'];

/** Server-side match settings (seat kinds, bot levels, clocks…); opaque to the store. */
export type MatchSettings = Record<string, unknown>;

export interface MatchInfo {
  id: string;
  game: string;
  rulesVersion: string;
  options: unknown;
  seats: number;
  seed: string;
  status: MatchStatus;
  settings: MatchSettings;
  /** Sequence number of the last stored action (0 before any). */
  seq: number;
  outcome: Outcome | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export type SeatKind = 'human' | 'bot';

export interface SeatInput {
  seat: Seat;
  kind: SeatKind;
  /** Kept as is when omitted on an existing seat ('' for a new one). */
  name?: string;
  /** Bot identifier (e.g. "mcts:3") for a bot seat. */
  bot?: string | null;
  /** The seat's secret; only its SHA-256 is stored. Omitted: unchanged; null: removed. */
  token?: string | null;
  /** Kept as is when omitted (false for a new seat). */
  connected?: boolean;
}

export interface SeatInfo {
  matchId: string;
  seat: Seat;
  name: string;
  kind: SeatKind;
  bot: string | null;
  /** Whether a token is set (the token itself is never stored). */
  hasToken: boolean;
  connected: boolean;
  /** The account the seat is bound to (a signed-in player's), or null for a guest's or a bot's. */
  accountId: string | null;
  /** That account's name (from `getSeats`; null elsewhere or for a guest). */
  accountName?: string | null;
}

export interface NewMatch {
  id: string;
  game: string;
  rulesVersion: string;
  options: unknown;
  seats: number;
  seed: string;
  status?: MatchStatus;
  settings?: MatchSettings;
  /** Seats to create with the match, in the same transaction. */
  players?: SeatInput[];
}

export interface MatchPatch {
  status?: MatchStatus;
  settings?: MatchSettings;
  outcome?: Outcome | null;
}

export interface ListQuery {
  status?: MatchStatus | readonly MatchStatus[];
  game?: string;
  ids?: readonly string[];
  /** Default 50, at most 1000. */
  limit?: number;
  offset?: number;
}

export interface StoredAction {
  seq: number;
  seat: Seat;
  action: unknown;
  at: Date;
}

export interface Snapshot {
  seq: number;
  state: unknown;
}

/** One append of a batch: `action` by `seat` at `expectedSeq + 1` of match `matchId`. */
export interface AppendEntry {
  matchId: string;
  expectedSeq: number;
  seat: Seat;
  action: unknown;
  /** `action` already serialised (JSON text), when the caller has it: not serialised again. */
  json?: string;
}

export type AppendResult =
  | { ok: true; seq: number }
  /** Someone else appended first (or `expectedSeq` was stale): reload from `currentSeq`. */
  | { ok: false; reason: 'conflict'; currentSeq: number }
  /** The match is finished or abandoned. */
  | { ok: false; reason: 'closed'; currentSeq: number }
  | { ok: false; reason: 'not-found' };

export interface ChatInput {
  /** Sender seat; null for a spectator or the system. */
  seat: Seat | null;
  /** Recipient seat for a private message; null or omitted for everyone. */
  toSeat?: Seat | null;
  text: string;
}

export interface ChatMessage {
  id: number;
  seat: Seat | null;
  toSeat: Seat | null;
  text: string;
  at: Date;
}

/**
 * A step taken back is never removed from the append-only log: a marker `{"$undo": q}` is appended, and
 * from it on the match stands as it stood before its action `q` (the actions from `q` on are undone).
 */
export const UNDO_KEY = '$undo';

/** The sequence a log entry takes the match back to (before it), if the entry is an undo marker. */
export function undoTarget(action: unknown): number | null {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return null;
  const q = (action as Record<string, unknown>)[UNDO_KEY];
  return typeof q === 'number' && Number.isInteger(q) && q > 0 ? q : null;
}

/** The log without its undo markers and the actions they took back, in order. */
export function effectiveActions<T extends { seq: number; action: unknown }>(log: readonly T[]): T[] {
  const out: T[] = [];
  for (const a of log) {
    const q = undoTarget(a.action);
    if (q === null) out.push(a);
    else while (out.length && out[out.length - 1]!.seq >= q) out.pop();
  }
  return out;
}

/** SHA-256 (hex) of a seat token: what the database holds instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** JSON text for a `jsonb` parameter (`$n::text::jsonb`), identical for both drivers. */
export function json(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable.`);
  return text;
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

const MATCH_COLUMNS =
  'id, game, rules_version, options, seats, seed, status, settings, seq, outcome, created_at, updated_at, finished_at';

export interface MatchRow {
  id: string;
  game: string;
  rules_version: string;
  options: unknown;
  seats: number;
  seed: string;
  status: MatchStatus;
  settings: MatchSettings | null;
  seq: number;
  outcome: Outcome | null;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
}

/** A `matches` row as a `MatchInfo`. */
export function matchFromRow(r: MatchRow): MatchInfo {
  return toMatch(r);
}

function toMatch(r: MatchRow): MatchInfo {
  return {
    id: r.id,
    game: r.game,
    rulesVersion: r.rules_version,
    options: r.options,
    seats: Number(r.seats),
    seed: r.seed,
    status: r.status,
    settings: r.settings ?? {},
    seq: Number(r.seq),
    outcome: r.outcome ?? null,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
  };
}

const SEAT_COLUMNS =
  'match_id, seat, name, kind, bot, token_hash IS NOT NULL AS has_token, connected, account_id';

interface SeatRow {
  match_id: string;
  seat: number;
  name: string;
  kind: SeatKind;
  bot: string | null;
  has_token: boolean;
  connected: boolean;
  account_id: string | null;
  account_name?: string | null;
}

function toSeat(r: SeatRow): SeatInfo {
  const s: SeatInfo = {
    matchId: r.match_id,
    seat: Number(r.seat),
    name: r.name,
    kind: r.kind,
    bot: r.bot,
    hasToken: r.has_token,
    connected: r.connected,
    accountId: r.account_id ?? null,
  };
  if (r.account_name !== undefined) s.accountName = r.account_name;
  return s;
}

interface ChatRow {
  id: number | string;
  seat: number | null;
  to_seat: number | null;
  text: string;
  at: Date | string;
}

function toChat(r: ChatRow): ChatMessage {
  return {
    id: Number(r.id),
    seat: r.seat === null ? null : Number(r.seat),
    toSeat: r.to_seat === null ? null : Number(r.to_seat),
    text: r.text,
    at: new Date(r.at),
  };
}

export class Store {
  constructor(readonly db: Db) {}

  /** Migrates `db` to the current schema and returns a store over it. */
  static async open(db: Db): Promise<Store> {
    await migrate(db);
    return new Store(db);
  }

  close(): Promise<void> {
    return this.db.close();
  }

  /**
   * Resolves once everything this store has acknowledged is in the database (at once here; the journaled
   * store first writes the moves it journaled). Readers outside this class (accounts.ts) call it first.
   */
  settled(): Promise<void> {
    return Promise.resolve();
  }

  // ---- matches ----------------------------------------------------------------------------

  /** Creates a match (and its initial seats) at sequence 0. Throws if the id is taken. */
  async createMatch(m: NewMatch): Promise<MatchInfo> {
    if (!Number.isInteger(m.seats) || m.seats < 1) throw new RangeError(`Invalid seat count ${m.seats}.`);
    try {
      return await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<MatchRow>(
          `INSERT INTO matches (id, game, rules_version, options, seats, seed, status, settings)
           VALUES ($1, $2, $3, $4::text::jsonb, $5, $6, $7, $8::text::jsonb)
           RETURNING ${MATCH_COLUMNS}`,
          [
            m.id,
            m.game,
            m.rulesVersion,
            json(m.options ?? null, 'options'),
            m.seats,
            m.seed,
            m.status ?? 'open',
            json(m.settings ?? {}, 'settings'),
          ],
        );
        const store = new Store(tx);
        for (const p of m.players ?? []) await store.setSeat(m.id, p);
        return toMatch(rows[0]!);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new Error(`A match with id ${JSON.stringify(m.id)} already exists.`);
      throw e;
    }
  }

  async getMatch(id: string): Promise<MatchInfo | null> {
    const { rows } = await this.db.query<MatchRow>(`SELECT ${MATCH_COLUMNS} FROM matches WHERE id = $1`, [
      id,
    ]);
    return rows[0] ? toMatch(rows[0]) : null;
  }

  /** Matches, most recently updated first. */
  async listMatches(q: ListQuery = {}): Promise<MatchInfo[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.status !== undefined) {
      const statuses = typeof q.status === 'string' ? [q.status] : [...q.status];
      params.push(statuses);
      where.push(`status = ANY($${params.length}::text[])`);
    }
    if (q.game !== undefined) {
      params.push(q.game);
      where.push(`game = $${params.length}`);
    }
    if (q.ids !== undefined) {
      params.push([...q.ids]);
      where.push(`id = ANY($${params.length}::text[])`);
    }
    const limit = Math.max(0, Math.min(1000, Math.floor(q.limit ?? 50)));
    const offset = Math.max(0, Math.floor(q.offset ?? 0));
    params.push(limit, offset);
    const { rows } = await this.db.query<MatchRow>(
      `SELECT ${MATCH_COLUMNS} FROM matches
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY updated_at DESC, id
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return rows.map(toMatch);
  }

  /**
   * Changes a match's status, settings or outcome (the game's identity and its sequence are
   * immutable here). Entering `finished` or `abandoned` stamps `finishedAt`. Null if unknown.
   */
  async updateMatch(id: string, patch: MatchPatch): Promise<MatchInfo | null> {
    const sets: string[] = ['updated_at = now()'];
    const params: unknown[] = [id];
    if (patch.status !== undefined) {
      if (!MATCH_STATUSES.includes(patch.status)) throw new RangeError(`Invalid status ${patch.status}.`);
      params.push(patch.status);
      sets.push(`status = $${params.length}`);
      if (!LIVE.includes(patch.status)) sets.push('finished_at = COALESCE(finished_at, now())');
    }
    if (patch.settings !== undefined) {
      params.push(json(patch.settings, 'settings'));
      sets.push(`settings = $${params.length}::text::jsonb`);
    }
    if (patch.outcome !== undefined) {
      params.push(patch.outcome === null ? null : json(patch.outcome, 'outcome'));
      sets.push(`outcome = $${params.length}::text::jsonb`);
    }
    const { rows } = await this.db.query<MatchRow>(
      `UPDATE matches SET ${sets.join(', ')} WHERE id = $1 RETURNING ${MATCH_COLUMNS}`,
      params,
    );
    return rows[0] ? toMatch(rows[0]) : null;
  }

  /** Marks a match finished with its outcome. Null if unknown. */
  finishMatch(id: string, outcome: Outcome | null): Promise<MatchInfo | null> {
    return this.updateMatch(id, { status: 'finished', outcome });
  }

  // ---- seats ------------------------------------------------------------------------------

  /** Creates or replaces a seat of an existing match (see `SeatInput` for omitted fields). */
  async setSeat(matchId: string, s: SeatInput): Promise<SeatInfo> {
    const { rows } = await this.db.query<SeatRow>(
      `INSERT INTO seats (match_id, seat, name, kind, bot, token_hash, connected)
       SELECT m.id, $2::int, COALESCE($3::text, ''), $4::text, $5::text, $6::text, COALESCE($7::boolean, false)
       FROM matches m WHERE m.id = $1 AND $2::int >= 0 AND $2::int < m.seats
       ON CONFLICT (match_id, seat) DO UPDATE SET
         name = COALESCE($3::text, seats.name),
         kind = EXCLUDED.kind,
         bot = EXCLUDED.bot,
         token_hash = CASE WHEN $8::boolean THEN EXCLUDED.token_hash ELSE seats.token_hash END,
         connected = COALESCE($7::boolean, seats.connected)
       RETURNING ${SEAT_COLUMNS}`,
      [
        matchId,
        s.seat,
        s.name ?? null,
        s.kind,
        s.bot ?? null,
        typeof s.token === 'string' ? hashToken(s.token) : null,
        s.connected ?? null,
        s.token !== undefined,
      ],
    );
    if (!rows[0]) throw new RangeError(`Match ${matchId} has no seat ${s.seat}.`);
    return toSeat(rows[0]);
  }

  /**
   * Takes an open seat of an open match for a player, atomically: the seat (`seat`, or the lowest open
   * one) is given a token only if it is still a human seat without one and the match is still open, so
   * of any number of concurrent claims of one seat exactly one succeeds, and concurrent claims without
   * a seat fill the open seats once each (a seat being claimed by another is skipped). Null when no
   * such seat is left.
   */
  async claimSeat(
    matchId: string,
    seat: Seat | undefined,
    player: { token: string; name?: string },
  ): Promise<SeatInfo | null> {
    const { rows } = await this.db.query<SeatRow>(
      `UPDATE seats SET token_hash = $3, name = COALESCE($4::text, seats.name)
       WHERE (match_id, seat) = (
         SELECT s.match_id, s.seat FROM seats s JOIN matches m ON m.id = s.match_id
         WHERE s.match_id = $1 AND m.status = 'open' AND s.kind = 'human' AND s.token_hash IS NULL
           AND ($2::int IS NULL OR s.seat = $2::int)
         ORDER BY s.seat LIMIT 1
         FOR UPDATE OF s SKIP LOCKED)
       RETURNING ${SEAT_COLUMNS}`,
      [matchId, seat ?? null, hashToken(player.token), player.name ?? null],
    );
    return rows[0] ? toSeat(rows[0]) : null;
  }

  /** Human seats of a match that nobody has taken yet (open seats). */
  async openSeats(matchId: string): Promise<Seat[]> {
    const { rows } = await this.db.query<{ seat: number }>(
      `SELECT seat FROM seats WHERE match_id = $1 AND kind = 'human' AND token_hash IS NULL ORDER BY seat`,
      [matchId],
    );
    return rows.map((r) => Number(r.seat));
  }

  /**
   * Starts an open match, once: its status goes from open to active (compare-and-set) and, in the same
   * transaction, every seat nobody has taken goes to the bot `botFor(seat)`. False if the match was not
   * open (already started, by this call's twin or another process).
   */
  async startMatch(matchId: string, botFor: (seat: Seat) => string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE matches SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'open' RETURNING id`,
        [matchId],
      );
      if (rows.length === 0) return false;
      for (const seat of await new Store(tx).openSeats(matchId))
        await tx.query(
          `UPDATE seats SET kind = 'bot', bot = $3
           WHERE match_id = $1 AND seat = $2 AND kind = 'human' AND token_hash IS NULL`,
          [matchId, seat, botFor(seat)],
        );
      return true;
    });
  }

  async setConnected(matchId: string, seat: Seat, connected: boolean): Promise<boolean> {
    const { rows } = await this.db.query(
      'UPDATE seats SET connected = $3 WHERE match_id = $1 AND seat = $2 RETURNING seat',
      [matchId, seat, connected],
    );
    return rows.length > 0;
  }

  /** The seats of a match, each with the name of the account it is bound to. */
  async getSeats(matchId: string): Promise<SeatInfo[]> {
    const { rows } = await this.db.query<SeatRow>(
      `SELECT ${SEAT_COLUMNS.split(', ')
        .map((c) => `s.${c}`)
        .join(', ')}, a.name AS account_name
       FROM seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.match_id = $1 ORDER BY s.seat`,
      [matchId],
    );
    return rows.map(toSeat);
  }

  /** The seat whose token this is, or null. */
  async findSeatByToken(matchId: string, token: string): Promise<SeatInfo | null> {
    if (!token) return null;
    const { rows } = await this.db.query<SeatRow>(
      `SELECT ${SEAT_COLUMNS} FROM seats WHERE match_id = $1 AND token_hash = $2`,
      [matchId, hashToken(token)],
    );
    return rows[0] ? toSeat(rows[0]) : null;
  }

  // ---- action log -------------------------------------------------------------------------

  /**
   * Appends an action at `expectedSeq + 1` if and only if the match's last sequence is still
   * `expectedSeq` (compare-and-set), in one statement: the `UPDATE` of `matches.seq` takes the
   * match row's lock, so a concurrent append at the same sequence waits, then re-checks the
   * condition against the committed row and inserts nothing. The (match_id, seq) primary key of
   * `actions` is the second line of defence. Resolves once the action is durably stored.
   */
  appendAction(
    matchId: string,
    expectedSeq: number,
    entry: { seat: Seat; action: unknown },
  ): Promise<AppendResult> {
    return this.dbAppend(matchId, expectedSeq, entry);
  }

  /** `appendAction` on the database itself (a subclass may store elsewhere first). */
  protected async dbAppend(
    matchId: string,
    expectedSeq: number,
    entry: { seat: Seat; action: unknown; json?: string },
  ): Promise<AppendResult> {
    if (!Number.isInteger(expectedSeq) || expectedSeq < 0)
      throw new RangeError(`Invalid expected sequence ${expectedSeq}.`);
    const actionJson = entry.json ?? json(entry.action, 'action');
    try {
      // tabula_append (migration 2): the compare-and-set bump of matches.seq and the insert, in one
      // statement with a plan prepared once per connection.
      const { rows } = await this.db.query<{ seq: number | null }>(
        'SELECT tabula_append($1, $2, $3, $4::text::jsonb, $5::text[]) AS seq',
        [matchId, expectedSeq, entry.seat, actionJson, [...LIVE]],
      );
      if (rows[0] && rows[0].seq !== null) return { ok: true, seq: Number(rows[0].seq) };
    } catch (e) {
      // An action row already at that sequence (the log and matches.seq disagree): refuse.
      if (!isUniqueViolation(e)) throw e;
    }
    const { rows } = await this.db.query<{ seq: number; status: MatchStatus }>(
      'SELECT seq, status FROM matches WHERE id = $1',
      [matchId],
    );
    const m = rows[0];
    if (!m) return { ok: false, reason: 'not-found' };
    if (!LIVE.includes(m.status)) return { ok: false, reason: 'closed', currentSeq: Number(m.seq) };
    return { ok: false, reason: 'conflict', currentSeq: Number(m.seq) };
  }

  /**
   * Several `appendAction`s in one statement (`tabula_append_many`, migration 3), each with the same
   * compare-and-set, taken in order (the same match twice: the second sees the first); results in
   * the order of `entries`. On the embedded database a statement costs far more than a row, so a
   * server batches the moves of many tables this way. Meant for one process alone on its database
   * (PGlite): on a shared PostgreSQL, use `appendAction`.
   */
  appendActions(entries: readonly AppendEntry[]): Promise<AppendResult[]> {
    return this.dbAppendMany(entries);
  }

  /** `appendActions` on the database itself. */
  protected async dbAppendMany(entries: readonly AppendEntry[]): Promise<AppendResult[]> {
    if (entries.length < 2) return this.appendEach(entries);
    for (const e of entries)
      if (!Number.isInteger(e.expectedSeq) || e.expectedSeq < 0)
        throw new RangeError(`Invalid expected sequence ${e.expectedSeq}.`);
    const ids = entries.map((e) => e.matchId);
    const actions = entries.map((e) => e.json ?? json(e.action, 'action'));
    let seqs: (number | null)[];
    try {
      const { rows } = await this.db.query<{ seqs: (number | null)[] }>(
        'SELECT tabula_append_many($1::text[], $2::int[], $3::int[], $4::text[], $5::text[]) AS seqs',
        [ids, entries.map((e) => e.expectedSeq), entries.map((e) => e.seat), actions, [...LIVE]],
      );
      seqs = rows[0]!.seqs;
    } catch (e) {
      // One entry broke the statement (nothing was stored): take them one by one.
      if (!isUniqueViolation(e)) throw e;
      return this.appendEach(entries);
    }
    const failed = entries.filter((_, i) => seqs[i] === null || seqs[i] === undefined);
    // An entry that failed its compare-and-set: the match's row says why (read after the batch).
    const why = new Map<string, { seq: number; status: MatchStatus }>();
    if (failed.length > 0) {
      const { rows } = await this.db.query<{ id: string; seq: number; status: MatchStatus }>(
        'SELECT id, seq, status FROM matches WHERE id = ANY($1::text[])',
        [[...new Set(failed.map((e) => e.matchId))]],
      );
      for (const r of rows) why.set(r.id, { seq: Number(r.seq), status: r.status });
    }
    return entries.map((e, i): AppendResult => {
      const seq = seqs[i];
      if (seq !== null && seq !== undefined) return { ok: true, seq: Number(seq) };
      const m = why.get(e.matchId);
      if (!m) return { ok: false, reason: 'not-found' };
      if (!LIVE.includes(m.status)) return { ok: false, reason: 'closed', currentSeq: m.seq };
      return { ok: false, reason: 'conflict', currentSeq: m.seq };
    });
  }

  private async appendEach(entries: readonly AppendEntry[]): Promise<AppendResult[]> {
    const out: AppendResult[] = [];
    for (const e of entries) out.push(await this.dbAppend(e.matchId, e.expectedSeq, e));
    return out;
  }

  /** The actions after sequence `afterSeq`, in order. */
  async actions(matchId: string, afterSeq = 0, limit?: number): Promise<StoredAction[]> {
    const params: unknown[] = [matchId, afterSeq];
    let sql = 'SELECT seq, seat, action, at FROM actions WHERE match_id = $1 AND seq > $2 ORDER BY seq';
    if (limit !== undefined) {
      params.push(Math.max(0, Math.floor(limit)));
      sql += ' LIMIT $3';
    }
    const { rows } = await this.db.query<{ seq: number; seat: number; action: unknown; at: Date | string }>(
      sql,
      params,
    );
    return rows.map((r) => ({
      seq: Number(r.seq),
      seat: Number(r.seat),
      action: r.action,
      at: new Date(r.at),
    }));
  }

  /** The match as a replayable game record (engine format), or null if unknown. */
  async record(matchId: string): Promise<GameRecord | null> {
    const m = await this.getMatch(matchId);
    if (!m) return null;
    const [seats, actions] = await Promise.all([this.getSeats(matchId), this.actions(matchId)]);
    const rec: GameRecord = {
      format: 'tabula-game',
      formatVersion: 1,
      game: m.game,
      rulesVersion: m.rulesVersion,
      options: m.options,
      seats: m.seats,
      seed: m.seed,
      // Steps taken back are not part of the game: the record holds what was played.
      actions: effectiveActions(actions).map((a) => ({ seat: a.seat, action: a.action })),
      createdAt: m.createdAt.toISOString(),
    };
    if (seats.length > 0)
      rec.players = Array.from({ length: m.seats }, (_, i) => {
        const s = seats.find((x) => x.seat === i);
        return s ? { name: s.name, ...(s.bot ? { bot: s.bot } : {}) } : {};
      });
    if (m.outcome) rec.outcome = m.outcome;
    return rec;
  }

  // ---- snapshots --------------------------------------------------------------------------

  /**
   * Stores the state after action `seq` (replacing any snapshot at that sequence). Throws if the
   * match is unknown or its log has not reached `seq`.
   */
  async saveSnapshot(matchId: string, seq: number, state: unknown): Promise<void> {
    const { rows } = await this.db.query(
      `INSERT INTO snapshots (match_id, seq, state)
       SELECT id, $2::int, $3::text::jsonb FROM matches WHERE id = $1 AND seq >= $2::int
       ON CONFLICT (match_id, seq) DO UPDATE SET state = EXCLUDED.state, at = now()
       RETURNING seq`,
      [matchId, seq, json(state, 'state')],
    );
    if (!rows[0]) throw new RangeError(`Match ${matchId} has no action log up to ${seq}.`);
  }

  /** The most recent snapshot (at or before `maxSeq` if given), or null. */
  async latestSnapshot(matchId: string, maxSeq?: number): Promise<Snapshot | null> {
    const { rows } = await this.db.query<{ seq: number; state: unknown }>(
      `SELECT seq, state FROM snapshots
       WHERE match_id = $1 AND ($2::int IS NULL OR seq <= $2::int)
       ORDER BY seq DESC LIMIT 1`,
      [matchId, maxSeq ?? null],
    );
    return rows[0] ? { seq: Number(rows[0].seq), state: rows[0].state } : null;
  }

  // ---- chat -------------------------------------------------------------------------------

  async addChat(matchId: string, msg: ChatInput): Promise<ChatMessage> {
    const { rows } = await this.db.query<ChatRow>(
      `INSERT INTO chat (match_id, seat, to_seat, text) VALUES ($1, $2, $3, $4)
       RETURNING id, seat, to_seat, text, at`,
      [matchId, msg.seat, msg.toSeat ?? null, msg.text],
    );
    return toChat(rows[0]!);
  }

  /**
   * The messages `forSeat` may read, oldest first: public ones, and private ones it sent or
   * received. `forSeat` null (or negative, the engine's SPECTATOR) sees only public messages.
   * With `limit`, the most recent `limit` messages after `afterId`.
   */
  async chat(
    matchId: string,
    forSeat: Seat | null,
    opts: { afterId?: number; limit?: number } = {},
  ): Promise<ChatMessage[]> {
    const viewer = forSeat !== null && forSeat >= 0 ? forSeat : null;
    const { rows } = await this.db.query<ChatRow>(
      `SELECT id, seat, to_seat, text, at FROM (
         SELECT id, seat, to_seat, text, at FROM chat
         WHERE match_id = $1 AND id > $2
           AND (to_seat IS NULL OR ($3::int IS NOT NULL AND (seat = $3::int OR to_seat = $3::int)))
         ORDER BY id DESC
         LIMIT $4
       ) visible ORDER BY id`,
      [matchId, opts.afterId ?? 0, viewer, opts.limit ?? null],
    );
    return rows.map(toChat);
  }
}
