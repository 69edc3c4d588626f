/**
 * Versioned schema migrations, applied in order by `migrate`. Each runs in its own transaction
 * under a PostgreSQL advisory lock, so several server processes starting at once apply each
 * migration exactly once. Never edit a released migration: add a new one.
 */
import type { Db } from './db.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
CREATE TABLE matches (
  id            text PRIMARY KEY,
  game          text NOT NULL,
  rules_version text NOT NULL,
  options       jsonb NOT NULL DEFAULT '{}'::jsonb,
  seats         int NOT NULL CHECK (seats > 0),
  seed          text NOT NULL,
  status        text NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'active', 'finished', 'abandoned')),
  settings      jsonb NOT NULL DEFAULT '{}'::jsonb,
  seq           int NOT NULL DEFAULT 0 CHECK (seq >= 0),
  outcome       jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
CREATE INDEX matches_status_updated_idx ON matches (status, updated_at DESC);
CREATE INDEX matches_updated_idx ON matches (updated_at DESC);

CREATE TABLE seats (
  match_id   text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seat       int NOT NULL CHECK (seat >= 0),
  name       text NOT NULL DEFAULT '',
  kind       text NOT NULL CHECK (kind IN ('human', 'bot')),
  bot        text,
  token_hash text,
  connected  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (match_id, seat)
);

CREATE TABLE actions (
  match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seq      int NOT NULL CHECK (seq > 0),
  seat     int NOT NULL,
  action   jsonb NOT NULL,
  at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (match_id, seq)
);

-- The action log is append-only: rows are never updated, and deleted only together with their
-- match (a cascaded delete runs inside the foreign key's trigger, hence depth > 1).
CREATE FUNCTION tabula_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the action log is append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END
$$;
CREATE TRIGGER actions_append_only BEFORE UPDATE OR DELETE ON actions
  FOR EACH ROW EXECUTE FUNCTION tabula_actions_append_only();

CREATE TABLE snapshots (
  match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seq      int NOT NULL CHECK (seq >= 0),
  state    jsonb NOT NULL,
  at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (match_id, seq)
);

CREATE TABLE chat (
  match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  id       bigserial PRIMARY KEY,
  seat     int,
  to_seat  int,
  text     text NOT NULL,
  at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_match_idx ON chat (match_id, id);
`,
  },
  {
    version: 2,
    name: 'append function',
    // The compare-and-set append as one SQL function: its plan is prepared once per connection,
    // where the equivalent statement was parsed and planned on every move (the largest cost of a
    // move on the embedded database). Same semantics: the bump and the insert happen together or
    // not at all; a unique violation aborts the whole statement.
    sql: `
CREATE FUNCTION tabula_append(p_match text, p_expected int, p_seat int, p_action jsonb, p_live text[])
RETURNS int LANGUAGE plpgsql AS $fn$
DECLARE
  new_seq int;
BEGIN
  UPDATE matches SET seq = seq + 1, updated_at = now()
   WHERE id = p_match AND seq = p_expected AND status = ANY(p_live)
   RETURNING seq INTO new_seq;
  IF new_seq IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO actions (match_id, seq, seat, action) VALUES (p_match, new_seq, p_seat, p_action);
  RETURN new_seq;
END
$fn$;
`,
  },
  {
    version: 3,
    name: 'batched append function',
    // Store.appendActions as one prepared function as well: the statement it replaces (a CTE over
    // unnest) was parsed and planned on every batch. Entries are taken in order, each with
    // tabula_append's compare-and-set; the result has one element per entry, the new sequence or
    // NULL where the compare-and-set failed. A unique violation aborts the whole statement.
    sql: `
CREATE FUNCTION tabula_append_many(p_match text[], p_expected int[], p_seat int[], p_action text[], p_live text[])
RETURNS int[] LANGUAGE plpgsql AS $fn$
DECLARE
  result int[] := '{}';
  new_seq int;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_match, 1), 0) LOOP
    UPDATE matches SET seq = seq + 1, updated_at = now()
     WHERE id = p_match[i] AND seq = p_expected[i] AND status = ANY(p_live)
     RETURNING seq INTO new_seq;
    IF new_seq IS NOT NULL THEN
      INSERT INTO actions (match_id, seq, seat, action)
      VALUES (p_match[i], new_seq, p_seat[i], p_action[i]::jsonb);
    END IF;
    result := array_append(result, new_seq);
  END LOOP;
  RETURN result;
END
$fn$;
`,
  },
  {
    version: 4,
    name: 'accounts, ratings and notices',
    // Players come back: accounts with sessions, seats bound to an account (one seat per account and
    // match), ratings per game and the changes each rated match made (written once per match), web push
    // subscriptions, the "your turn" notices sent (once per decision), and keys the server makes once.
    sql: `
CREATE TABLE accounts (
  id            text PRIMARY KEY,
  name          text NOT NULL,
  name_key      text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  settings      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_account_idx ON sessions (account_id);

ALTER TABLE seats ADD COLUMN account_id text REFERENCES accounts (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX seats_account_match_idx ON seats (account_id, match_id) WHERE account_id IS NOT NULL;

CREATE TABLE ratings (
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  game       text NOT NULL,
  mu         double precision NOT NULL,
  sigma      double precision NOT NULL,
  matches    int NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, game)
);
CREATE INDEX ratings_game_idx ON ratings (game, ((mu - 3 * sigma)) DESC);

CREATE TABLE rating_changes (
  match_id     text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  account_id   text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  game         text NOT NULL,
  seat         int NOT NULL,
  mu_before    double precision NOT NULL,
  sigma_before double precision NOT NULL,
  mu_after     double precision NOT NULL,
  sigma_after  double precision NOT NULL,
  at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (match_id, account_id)
);

CREATE TABLE push_subscriptions (
  endpoint   text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  p256dh     text NOT NULL,
  auth       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_account_idx ON push_subscriptions (account_id);

CREATE TABLE notices (
  match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seat     int NOT NULL,
  v        int NOT NULL,
  at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (match_id, seat, v)
);

CREATE TABLE server_keys (
  name       text PRIMARY KEY,
  value      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
];

export interface MigrateResult {
  /** Versions applied by this call (empty when the schema was already current). */
  applied: number[];
  /** The highest version now in the database. */
  version: number;
}

/**
 * Applies the missing migrations in order, each in a transaction. Idempotent, and safe when
 * several processes call it at once on the same PostgreSQL database and schema.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrateResult> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  for (let i = 1; i < ordered.length; i++)
    if (ordered[i]!.version === ordered[i - 1]!.version)
      throw new Error(`Duplicate migration version ${ordered[i]!.version}.`);
  const applied: number[] = [];
  for (const m of ordered) {
    const done = await db.transaction(async (tx) => {
      // Serialises migrators of the same schema until commit; other schemas are not blocked.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('tabula.migrate:' || current_schema()))`);
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    int PRIMARY KEY,
        name       text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  if (ordered.length === 0) return { applied, version: 0 };
  const { rows } = await db.query<{ version: number | null }>(
    'SELECT max(version)::int AS version FROM schema_migrations',
  );
  return { applied, version: rows[0]?.version ?? 0 };
}
