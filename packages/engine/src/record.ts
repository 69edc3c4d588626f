/**
 * A game is (rules version, options, seed, actions). A record is that, saved as JSON: replaying it
 * always gives the same state, so a saved game is also a test case and a bug report.
 */
import type { AnyGame, Outcome, Result, Seat } from './contract.js';
import { err, ok } from './contract.js';
import { stateHash } from './json.js';

export interface RecordedAction {
  seat: Seat;
  action: unknown;
}

export interface GameRecord {
  format: 'tabula-game';
  formatVersion: 1;
  game: string;
  rulesVersion: string;
  options: unknown;
  seats: number;
  seed: string;
  players?: { name?: string; bot?: string }[];
  actions: RecordedAction[];
  outcome?: Outcome | null;
  /** Hash of the final state, checked on replay. */
  finalHash?: string;
  createdAt?: string;
}

export function newRecord(game: AnyGame, options: unknown, seats: number, seed: string): GameRecord {
  return {
    format: 'tabula-game',
    formatVersion: 1,
    game: game.id,
    rulesVersion: game.rulesVersion,
    options,
    seats,
    seed,
    actions: [],
  };
}

/** Checks the shape of a record read from disk or the network. */
export function parseRecord(raw: unknown): Result<GameRecord> {
  const r = raw as Partial<GameRecord> | null;
  if (!r || typeof r !== 'object') return err('record.notObject', 'A saved game must be a JSON object.');
  if (r.format !== 'tabula-game')
    return err('record.format', 'This file is not a Tabula saved game (format must be "tabula-game").');
  if (r.formatVersion !== 1)
    return err('record.version', `Unsupported saved-game format version ${String(r.formatVersion)}.`);
  if (typeof r.game !== 'string') return err('record.game', 'The saved game does not name its game.');
  if (typeof r.seed !== 'string') return err('record.seed', 'The saved game has no seed.');
  if (!Number.isInteger(r.seats)) return err('record.seats', 'The saved game has no seat count.');
  if (!Array.isArray(r.actions)) return err('record.actions', 'The saved game has no action list.');
  for (const [i, a] of r.actions.entries()) {
    if (!a || typeof a !== 'object' || !Number.isInteger((a as RecordedAction).seat))
      return err('record.action', `Action ${i + 1} of the saved game is malformed.`, undefined, { index: i });
  }
  return ok(r as GameRecord);
}

/**
 * Replays a record (optionally only its first `upTo` actions). Fails with the index of the first
 * action the rules reject, which is how a rules change that breaks old games is found.
 */
export function replay<S>(game: AnyGame, record: GameRecord, upTo = record.actions.length): Result<S> {
  if (record.game !== game.id)
    return err('record.wrongGame', `This record is a game of ${record.game}, not ${game.id}.`);
  const opts = game.parseOptions(record.options);
  if (!opts.ok) return opts;
  const s = game.setup(opts.value, record.seats, record.seed);
  if (!s.ok) return s;
  const state = s.value as S;
  const n = Math.min(upTo, record.actions.length);
  for (let i = 0; i < n; i++) {
    const { seat, action } = record.actions[i]!;
    const r = game.apply(state, seat, action);
    if (!r.ok)
      return err(
        'record.rejected',
        `Action ${i + 1} was rejected on replay: ${r.error.message}`,
        r.error.rule,
        { index: i, cause: r.error },
      );
  }
  return ok(state);
}

/** Replays a whole record and checks its stored final hash, if any. */
export function verifyRecord(game: AnyGame, record: GameRecord): Result<string> {
  const r = replay(game, record);
  if (!r.ok) return r;
  const h = stateHash(r.value);
  if (record.finalHash && record.finalHash !== h)
    return err('record.hashMismatch', `Replay reached state ${h}, but the record says ${record.finalHash}.`);
  return ok(h);
}
