/**
 * A finished game's record, replayed in the browser with the game's own rules module: every step's
 * events, where rounds and turns open, and the state at any step. The whole record is played once up
 * front (keeping the events and a snapshot every `every` steps); a state is then the nearest snapshot at
 * or before it played forward, and stepping one move on from the last state asked for costs one move.
 * States handed out are never changed afterwards (each later one is computed on a copy).
 */
import type { AnyGame, GameEvent, GameRecord, Viewer } from '@tabula/engine';
import { SPECTATOR, canSee } from '@tabula/engine';
import type { Group } from './logGroups.js';

export interface Mark {
  /** The step after which the round or turn has opened (its opening event is among this step's). */
  step: number;
  group: Group;
}

export class ReplayBook {
  /** Steps that can be shown: the actions replayed (all of them unless one was refused). */
  readonly total: number;
  /** events[0]: the setup's; events[k]: those of the k-th action. */
  readonly events: GameEvent[][] = [];
  /** Where rounds and turns open, in order. */
  readonly marks: Mark[] = [];
  /** The first action these rules refuse (a record of older rules), if any. */
  readonly failure: { index: number; message: string } | null = null;
  private readonly snaps = new Map<number, unknown>();
  private cache: { step: number; state: unknown };

  constructor(
    readonly game: AnyGame,
    readonly record: GameRecord,
    private readonly every = 50,
  ) {
    if (record.game !== game.id) throw new Error(`This record is a game of ${record.game}, not ${game.id}.`);
    const opts = game.parseOptions(record.options);
    if (!opts.ok) throw new Error(opts.error.message);
    const setupEvents: GameEvent[] = [];
    const s = game.setup(opts.value, record.seats, record.seed, setupEvents);
    if (!s.ok) throw new Error(s.error.message);
    const state = s.value as unknown;
    this.events.push(setupEvents);
    this.snaps.set(0, game.clone(state));
    // Without log groups, a game that tells its progress still gets its rounds marked.
    const byProgress = !game.eventGroup && !!game.progress;
    let round = byProgress ? this.roundOf(state) : null;
    if (round !== null) this.marks.push({ step: 0, group: { kind: 'round', round } });
    for (let i = 0; i < record.actions.length; i++) {
      const { seat, action } = record.actions[i]!;
      const ev: GameEvent[] = [];
      const r = game.apply(state, seat, action, ev);
      if (!r.ok) {
        this.failure = { index: i, message: r.error.message };
        break;
      }
      this.events.push(ev);
      if ((i + 1) % every === 0) this.snaps.set(i + 1, game.clone(state));
      if (byProgress) {
        const now = this.roundOf(state);
        if (now !== null && now !== round)
          this.marks.push({ step: i + 1, group: { kind: 'round', round: now } });
        round = now;
      }
    }
    this.total = this.events.length - 1;
    if (game.eventGroup)
      this.events.forEach((evs, step) => {
        for (const e of evs) {
          let g: Group | null = null;
          try {
            g = game.eventGroup!(e);
          } catch {
            g = null;
          }
          if (g) this.marks.push({ step, group: g });
        }
      });
    // The last state is the one the loop ended with; nothing changes it from here on.
    this.cache = { step: this.total, state };
  }

  private roundOf(state: unknown): number | null {
    try {
      return this.game.progress!(this.game.view(state, SPECTATOR))?.round ?? null;
    } catch {
      return null;
    }
  }

  /** The state after `step` actions (0: the setup). Do not change it. */
  stateAt(step: number): unknown {
    const k = Math.max(0, Math.min(this.total, Math.floor(step)));
    const { game, record } = this;
    if (this.cache.step === k) return this.cache.state;
    let from: number;
    let state: unknown;
    if (this.cache.step < k && k - this.cache.step <= this.every) {
      from = this.cache.step;
      state = game.clone(this.cache.state);
    } else {
      from = Math.floor(k / this.every) * this.every;
      while (!this.snaps.has(from)) from -= this.every;
      state = game.clone(this.snaps.get(from));
    }
    for (let i = from; i < k; i++) {
      const { seat, action } = record.actions[i]!;
      game.apply(state, seat, action);
    }
    this.cache = { step: k, state };
    return state;
  }

  /** The log up to `step` as `viewer` saw it (every line for 'all'), each line stamped with its step. */
  log(step: number, viewer: Viewer | 'all'): (GameEvent & { v: number })[] {
    const out: (GameEvent & { v: number })[] = [];
    const last = Math.min(step, this.total);
    for (let k = 0; k <= last; k++)
      for (const e of this.events[k]!) if (viewer === 'all' || canSee(e, viewer)) out.push({ ...e, v: k });
    return out;
  }

  /** The last round or turn opened at or before `step` (for the jump list), by kind. */
  markAt(step: number, kind: Group['kind']): Mark | undefined {
    let found: Mark | undefined;
    for (const m of this.marks) {
      if (m.step > step) break;
      if (m.group.kind === kind) found = m;
    }
    return found;
  }
}
