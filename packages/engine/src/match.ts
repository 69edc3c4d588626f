/**
 * A match in progress: the game state, its action record and its event log with sequence numbers.
 * Generic over the contract; used by the command line, the simulator and the server.
 */
import type { AnyGame, ApplyResult, GameEvent, Result, Seat, Viewer } from './contract.js';
import { canSee, err, ok } from './contract.js';
import type { GameRecord } from './record.js';
import { newRecord } from './record.js';

export interface SequencedEvent extends GameEvent {
  seq: number;
}

export class Match<S = unknown> {
  readonly events: SequencedEvent[] = [];
  private constructor(
    readonly game: AnyGame,
    public state: S,
    readonly record: GameRecord,
  ) {}

  static create<S>(game: AnyGame, rawOptions: unknown, seats: number, seed: string): Result<Match<S>> {
    if (!Number.isInteger(seats) || seats < game.minSeats || seats > game.maxSeats)
      return err(
        'match.seats',
        `${game.id} is played by ${game.minSeats} to ${game.maxSeats} players, not ${seats}.`,
        undefined,
        {
          min: game.minSeats,
          max: game.maxSeats,
          seats,
        },
      );
    const opts = game.parseOptions(rawOptions);
    if (!opts.ok) return opts;
    const log: GameEvent[] = [];
    const s = game.setup(opts.value, seats, seed, log);
    if (!s.ok) return s;
    const m = new Match<S>(game, s.value as S, newRecord(game, opts.value, seats, seed));
    m.push(log);
    return ok(m);
  }

  /** The sequence number of the last event (0 before any). */
  get seq(): number {
    return this.events.length;
  }

  submit(seat: Seat, action: unknown): ApplyResult {
    const log: GameEvent[] = [];
    const r = this.game.apply(this.state, seat, action, log);
    if (!r.ok) return r;
    this.record.actions.push({ seat, action });
    this.push(log);
    const out = this.game.outcome(this.state);
    if (out) this.record.outcome = out;
    return r;
  }

  /** Events `viewer` may see with a sequence number above `since`. */
  eventsFor(viewer: Viewer, since = 0): SequencedEvent[] {
    const out: SequencedEvent[] = [];
    const over = this.game.outcome(this.state) !== null;
    for (let i = since; i < this.events.length; i++) {
      const e = this.events[i]!;
      if (over || canSee(e, viewer)) out.push(e);
    }
    return out;
  }

  private push(log: GameEvent[]): void {
    for (const e of log) this.events.push({ ...e, seq: this.events.length + 1 });
  }
}
