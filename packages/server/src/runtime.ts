/**
 * One match held by this process: the authoritative state, its version (number of stored actions),
 * the events of each version with their audience, and the seats' controllers. Every change goes
 * through `submit`, serialised per match; an action is applied, stored with a compare-and-set on
 * (match, version), and only then becomes the state readers see and is acknowledged.
 */
import type { AnyGame, GameEvent, Outcome, Prompt, Seat } from '@tabula/engine';
import { canSee, canonicalAction, fieldList } from '@tabula/engine';
import type { MatchInfo as MatchRow, SeatInfo as SeatRow, Store } from '@tabula/store';
import { UNDO_KEY, undoTarget } from '@tabula/store';
import type { MatchSettings } from './ports.js';
import { settingsOf } from './ports.js';
import type { VersionedEvent } from './protocol.js';

export type SubmitResult =
  { ok: true; v: number } | { ok: false; code: string; message: string; rule?: string; v: number };

interface Memo {
  v: number;
  state: unknown;
  outcome?: Outcome | null;
  prompts?: Prompt[];
  legal: Map<Seat, unknown[]>;
  progress?: { round: number; of?: number } | null;
}

export interface RuntimeOptions {
  /** Take a snapshot every this many actions. */
  snapshotEvery: number;
}

/**
 * A step that may still be taken back: its sequence, its seat, the state before it, and whether it was
 * forced (the seat's only legal action, answered by the server). The steps held are one seat's last
 * run of steps that revealed nothing (`GameModule.reveals`); another seat's action, or one that revealed
 * something, ends the run.
 */
interface UndoStep {
  seq: number;
  seat: Seat;
  before: unknown;
  forced: boolean;
}

/** The most steps of one run that may be taken back (the oldest are forgotten first). */
const MAX_UNDO_STEPS = 32;

/** The shell's log event of a step taken back: the seat, and the first version it undid. */
export const UNDO_EVENT = 'tabula.undo';

export class MatchRuntime {
  /** events[v] = events produced by version v (0 = setup). Versions below `eventsFrom` are unknown here. */
  private events: GameEvent[][] = [];
  private eventsFrom = 0;
  private chain: Promise<unknown> = Promise.resolve();
  /** When each seat's current prompt appeared (ms), for clocks and response windows. */
  readonly promptSince = new Map<Seat, { v: number; at: number; key: string }>();
  /** The steps that may be taken back now (see UndoStep). */
  private undoSteps: UndoStep[] = [];
  /** The version of the last snapshot (taken only while no step may be taken back). */
  private snapshotAt = 0;

  private constructor(
    readonly game: AnyGame,
    readonly row: MatchRow,
    private seats: SeatRow[],
    private current_: unknown,
    private v_: number,
    private readonly store: Store,
    private readonly opts: RuntimeOptions,
  ) {}

  /** Builds the runtime from storage: latest snapshot (if any), then the actions after it. */
  static async load(store: Store, game: AnyGame, row: MatchRow, opts: RuntimeOptions): Promise<MatchRuntime> {
    const seats = await store.getSeats(row.id);
    const snap = await store.latestSnapshot(row.id);
    let state: unknown;
    let v = 0;
    const rt = new MatchRuntime(game, row, seats, null, 0, store, opts);
    if (snap) {
      state = snap.state;
      v = snap.seq;
      rt.eventsFrom = v + 1;
      rt.snapshotAt = v;
    } else {
      const opt = game.parseOptions(row.options);
      if (!opt.ok) throw new Error(`match ${row.id}: stored options rejected: ${opt.error.message}`);
      const log: GameEvent[] = [];
      const s = game.setup(opt.value, row.seats, row.seed, log);
      if (!s.ok) throw new Error(`match ${row.id}: setup failed: ${s.error.message}`);
      state = s.value;
      rt.events[0] = log;
    }
    rt.current_ = state;
    rt.v_ = v;
    await rt.applyStored(await store.actions(row.id, v));
    rt.notePrompts(Date.now());
    return rt;
  }

  /** The authoritative state (read only: it changes through `submit` and `catchUp` alone). */
  get state(): unknown {
    return this.current_;
  }

  /** The version: the number of stored actions. */
  get v(): number {
    return this.v_;
  }

  /** Reads the seats again from the store (another process changed them), after earlier tasks. */
  reloadSeats(): Promise<void> {
    return this.exclusive(async () => {
      this.seats = await this.store.getSeats(this.row.id);
    });
  }

  /** The account `seat` is bound to, if a person with an account plays it. */
  accountOf(seat: Seat): string | null {
    const s = this.seats.find((x) => x.seat === seat);
    return s && s.kind === 'human' ? s.accountId : null;
  }

  /** The bot that plays `seat`, if a bot does. */
  botOf(seat: Seat): string | null {
    const s = this.seats.find((x) => x.seat === seat);
    return s && s.kind === 'bot' ? s.bot : null;
  }

  /**
   * A bot takes `seat` over (its player left or ran out of time), stored first; false if a bot already
   * plays it. Serialised with every other change of the match.
   */
  handToBot(seat: Seat, bot: string): Promise<boolean> {
    return this.exclusive(async () => {
      const s = this.seats.find((x) => x.seat === seat);
      if (!s || s.kind === 'bot') return false;
      await this.store.setSeat(this.row.id, { seat, kind: 'bot', bot, connected: false });
      s.kind = 'bot';
      s.bot = bot;
      return true;
    });
  }

  /** Runs `fn` after every earlier task of this match (one writer at a time per process). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async applyStored(rows: { seq: number; seat: number; action: unknown }[]): Promise<boolean> {
    let moved = false;
    for (const a of rows) {
      if (a.seq !== this.v_ + 1)
        throw new Error(`match ${this.row.id}: stored action ${a.seq} does not follow ${this.v_}`);
      const q = undoTarget(a.action);
      if (q !== null) {
        // A step taken back: the state before it is held (the log is replayed from a snapshot taken while
        // no step could be taken back, so every marker finds its step).
        const i = this.undoSteps.findIndex((u) => u.seq === q);
        if (i < 0)
          throw new Error(`match ${this.row.id}: undo marker ${a.seq} finds no step ${q} to take back`);
        this.current_ = this.undoSteps[i]!.before;
        this.undoSteps = this.undoSteps.slice(0, i);
        this.v_ = a.seq;
        this.events[this.v_] = [{ key: UNDO_EVENT, params: { seat: a.seat, from: q } }];
      } else {
        const log: GameEvent[] = [];
        const keep = this.tracksUndo();
        const before = keep ? this.game.clone(this.current_) : null;
        const forced = keep && this.game.legalActions(this.current_, a.seat).length === 1;
        const r = this.game.apply(this.current_, a.seat, a.action, log);
        if (!r.ok)
          throw new Error(
            `match ${this.row.id}: stored action ${a.seq} rejected on load: ${r.error.message}`,
          );
        this.v_ = a.seq;
        this.events[this.v_] = log;
        this.noteStep(a.seq, a.seat, before, a.action, log, forced);
      }
      this.lastActor = a.seat;
      moved = true;
    }
    return moved;
  }

  /** Whether this match keeps the steps that may be taken back (the game says what reveals; the match allows it). */
  private tracksUndo(): boolean {
    return !!this.game.reveals && settingsOf(this.row).undo !== false;
  }

  /** Keeps (or ends) the run of steps that may be taken back after a step by `seat` from `before`. */
  private noteStep(
    seq: number,
    seat: Seat,
    before: unknown,
    action: unknown,
    log: readonly GameEvent[],
    forced: boolean,
  ): void {
    const top = this.undoSteps.at(-1);
    if (top && top.seat !== seat) this.undoSteps = [];
    const resign = (action as { type?: unknown } | null)?.type === 'resign';
    if (before !== null && !resign && !this.game.reveals!(before, this.current_, seat, action, log)) {
      this.undoSteps.push({ seq, seat, before, forced });
      // A seat takes back its last few steps, not a whole long run: the states kept stay few.
      if (this.undoSteps.length > MAX_UNDO_STEPS) this.undoSteps.shift();
    } else this.undoSteps = [];
  }

  /** The step `seat` would take back now (its last chosen one, with the forced ones after it), or null. */
  private undoable(seat: Seat): { index: number; step: UndoStep } | null {
    if (this.row.status !== 'active' || seat < 0 || this.botOf(seat) !== null) return null;
    for (let i = this.undoSteps.length - 1; i >= 0; i--) {
      const u = this.undoSteps[i]!;
      if (u.seat !== seat) return null;
      if (!u.forced) return { index: i, step: u };
    }
    return null;
  }

  /** Whether `seat` may take a step back now. */
  canUndo(seat: Seat): boolean {
    return this.undoable(seat) !== null;
  }

  /**
   * Takes back `seat`'s last chosen step (and the forced ones the server answered after it): a marker is
   * stored with a compare-and-set like any action, and the match stands as it stood before that step.
   */
  async undo(seat: Seat, clientV: number): Promise<SubmitResult> {
    if (this.row.status !== 'active')
      return { ok: false, code: 'match.notActive', message: 'The game is not being played.', v: this.v_ };
    if (clientV !== this.v_)
      return {
        ok: false,
        code: 'stale',
        message: `Your view is out of date (version ${clientV}, the game is at ${this.v_}); it has been refreshed.`,
        v: this.v_,
      };
    if (settingsOf(this.row).undo === false || !this.game.reveals)
      return {
        ok: false,
        code: 'undo.off',
        message: 'Steps cannot be taken back in this match.',
        v: this.v_,
      };
    const u = this.undoable(seat);
    if (!u)
      return {
        ok: false,
        code: 'undo.none',
        message:
          'There is no step of yours to take back: something was revealed since, or another player has acted.',
        v: this.v_,
      };
    const stored = await this.store.appendAction(this.row.id, this.v_, {
      seat,
      action: { [UNDO_KEY]: u.step.seq },
    });
    if (!stored.ok) {
      if (stored.reason === 'not-found')
        return { ok: false, code: 'noMatch', message: 'This match no longer exists.', v: this.v_ };
      await this.catchUp();
      return {
        ok: false,
        code: 'stale',
        message: 'Another move was made first; your view has been refreshed.',
        v: this.v_,
      };
    }
    this.current_ = u.step.before;
    this.undoSteps = this.undoSteps.slice(0, u.index);
    this.v_ = stored.seq;
    this.events[this.v_] = [{ key: UNDO_EVENT, params: { seat, from: u.step.seq } }];
    this.lastActor = seat;
    this.notePrompts(Date.now());
    await this.afterChange();
    return { ok: true, v: this.v_ };
  }

  /** Loads actions stored by other processes. Returns true if the state moved on. */
  async catchUp(): Promise<boolean> {
    const moved = await this.applyStored(await this.store.actions(this.row.id, this.v_));
    if (moved) {
      this.notePrompts(Date.now());
      await this.afterChange();
    }
    return moved;
  }

  /**
   * Validates and stores one action. `clientV` is the version the sender saw: anything else is
   * stale and rejected, so a retried message is never applied twice.
   */
  async submit(seat: Seat, clientV: number, action: unknown): Promise<SubmitResult> {
    if (this.row.status !== 'active')
      return {
        ok: false,
        code: 'match.notActive',
        message: this.row.status === 'finished' ? 'The game is over.' : 'The game has not started yet.',
        v: this.v_,
      };
    if (clientV !== this.v_)
      return {
        ok: false,
        code: 'stale',
        message: `Your view is out of date (version ${clientV}, the game is at ${this.v_}); it has been refreshed.`,
        v: this.v_,
      };
    this.lastActor = seat;
    // Only a listed legal action (or the resignation) is applied and stored, in its listed form: the
    // action log and the other seats never see an object a client made up.
    const c = canonicalAction(seat >= 0 ? this.legal(seat) : [], action);
    if (c.kind === 'extraFields')
      return {
        ok: false,
        code: 'action.unknownFields',
        message: `The action has fields that no legal action has: ${fieldList(c.fields)}.`,
        v: this.v_,
      };
    const listed = c.kind === 'listed';
    // The move is applied to the state itself, which stays where it is in memory for the whole match
    // (a state replaced on every move would be long-lived garbage: work for the full collections that
    // stop the process). A copy taken first stands for the state while the move is being stored, so
    // nothing reads a move before it is stored, and stays the state if the move is not stored.
    // An unlisted action is still handed to the rules, for their reason (and rule) of refusing it.
    const live = this.current_;
    const forced = listed && this.legal(seat).length === 1;
    const before = this.game.clone(live);
    const log: GameEvent[] = [];
    const r = this.game.apply(live, seat, listed ? c.action : action, log);
    this.current_ = before;
    // What the rules said of the state before the move holds for its copy.
    if (this.memo.state === live) this.memo.state = before;
    // (A rejected action changes nothing, by the engine contract; the copy becomes the state even so.)
    if (!r.ok)
      return { ok: false, code: r.error.code, message: r.error.message, rule: r.error.rule, v: this.v_ };
    if (!listed) {
      // The rules took an action they did not list: a defect of the game, refused here all the same.
      console.error(`tabula: ${this.game.id} accepted an unlisted action of seat ${seat}; refused.`);
      return {
        ok: false,
        code: 'action.notListed',
        message: 'That action is not one of your legal actions now.',
        v: this.v_,
      };
    }
    action = c.action;
    const stored = await this.store.appendAction(this.row.id, this.v_, { seat, action });
    if (!stored.ok) {
      if (stored.reason === 'not-found')
        return { ok: false, code: 'noMatch', message: 'This match no longer exists.', v: this.v_ };
      // Another process stored a move at this version first: take its moves, reject ours as stale.
      await this.catchUp();
      return {
        ok: false,
        code: 'stale',
        message: 'Another move was made first; your view has been refreshed.',
        v: this.v_,
      };
    }
    this.current_ = live;
    this.v_ = stored.seq;
    this.events[this.v_] = log;
    this.noteStep(this.v_, seat, this.tracksUndo() ? before : null, action, log, forced);
    this.notePrompts(Date.now());
    await this.afterChange();
    return { ok: true, v: this.v_ };
  }

  private async afterChange(): Promise<void> {
    const out = this.outcome();
    if (out && this.row.status !== 'finished') {
      this.row.status = 'finished';
      this.row.outcome = out;
      await this.store.finishMatch(this.row.id, out);
    }
    // A snapshot only shortens loading (the log is the truth): it is written off the move's path,
    // so the mover's acknowledgement does not wait for it. It is a copy: the store may serialise it
    // after later moves have changed the state itself.
    // Never while a step may be taken back: a load from the snapshot must find the state before it.
    if (
      this.opts.snapshotEvery > 0 &&
      this.v_ - this.snapshotAt >= this.opts.snapshotEvery &&
      this.undoSteps.length === 0
    ) {
      this.snapshotAt = this.v_;
      void this.store
        .saveSnapshot(this.row.id, this.v_, this.game.clone(this.current_))
        .catch(() => undefined);
    }
  }

  /** Records when each seat's prompt appeared (kept while the same prompt stays open). */
  notePrompts(now: number): void {
    const ps = this.prompts();
    const seen = new Set<Seat>();
    for (const p of ps) {
      seen.add(p.seat);
      const key = `${p.kind}:${p.optional ? 'o' : 'r'}`;
      const cur = this.promptSince.get(p.seat);
      // A prompt of the same kind stays "the same decision" across other seats' moves (trading),
      // but a seat's own move starts a new one.
      if (!cur || cur.key !== key || this.lastActor === p.seat)
        this.promptSince.set(p.seat, { v: this.v_, at: now, key });
    }
    for (const s of [...this.promptSince.keys()]) if (!seen.has(s)) this.promptSince.delete(s);
    this.lastActor = -2;
  }

  /** The seat whose move was applied last (its next prompt is a new decision). */
  private lastActor: Seat = -2;

  /**
   * What the rules say about the current state, computed once per version: a move asks for the
   * prompts and the outcome a dozen times (notes, updates, deadlines, scheduling) and for each
   * waiting seat's legal actions twice. Keyed by version and state object, so any change misses.
   */
  private memo: Memo = { v: -1, state: undefined, legal: new Map() };

  private current(): Memo {
    const m = this.memo;
    if (m.v === this.v_ && m.state === this.current_) return m;
    return (this.memo = { v: this.v_, state: this.current_, legal: new Map() });
  }

  /** The game's outcome, or null while it goes on. */
  outcome(): Outcome | null {
    const m = this.current();
    if (m.outcome === undefined) m.outcome = (this.game.outcome(this.current_) as Outcome | null) ?? null;
    return m.outcome;
  }

  /** Every decision the game waits for now (none once it is over). Shared: do not modify. */
  prompts(): Prompt[] {
    const m = this.current();
    return (m.prompts ??= this.outcome() ? [] : (this.game.prompts(this.current_) as Prompt[]));
  }

  /** The seat's legal actions now. Shared: do not modify. */
  legal(seat: Seat): unknown[] {
    const m = this.current();
    let l = m.legal.get(seat);
    if (!l) m.legal.set(seat, (l = this.game.legalActions(this.current_, seat)));
    return l;
  }

  /** Events visible to `viewer` after version `since`; null if some are no longer held (resync). */
  eventsSince(viewer: Seat, since: number): VersionedEvent[] | null {
    if (since + 1 < this.eventsFrom && since < this.v_) return null;
    const over = this.row.status === 'finished';
    const out: VersionedEvent[] = [];
    for (let v = Math.max(since + 1, this.eventsFrom); v <= this.v_; v++) {
      for (const e of this.events[v] ?? []) {
        if (!over && !canSee(e, viewer)) continue;
        const ve: VersionedEvent = { v, key: e.key };
        if (e.params) ve.params = e.params;
        if (e.rules) ve.rules = e.rules;
        out.push(ve);
      }
    }
    return out;
  }

  /**
   * The per-seat snapshot a client renders: its view, its legal actions and prompts, the seats the game
   * waits for, and whether a response window is open. Seats asked in a response window are never named
   * (`Prompt.window`): everyone sees only that responses are awaited, whoever holds a card that could answer.
   */
  seatState(
    viewer: Seat,
    withView = true,
  ): {
    view: unknown;
    legal: unknown[];
    prompts: Prompt[];
    waitingFor: Seat[];
    responses: boolean;
    undo: boolean;
  } {
    const ps = this.prompts();
    const waiting: Seat[] = [];
    let responses = false;
    for (const p of ps) {
      if (p.window) responses = true;
      else if (!p.optional && !waiting.includes(p.seat)) waiting.push(p.seat);
    }
    return {
      view: withView ? this.game.view(this.current_, viewer) : null,
      legal: viewer >= 0 ? this.legal(viewer) : [],
      prompts: ps.filter((p) => p.seat === viewer),
      waitingFor: waiting,
      responses,
      undo: viewer >= 0 && this.canUndo(viewer),
    };
  }

  /** How far the game has come (the game's own measure, from the public view), or null. */
  progress(): { round: number; of?: number } | null {
    if (!this.game.progress) return null;
    const m = this.current();
    if (m.progress === undefined) m.progress = this.game.progress(this.game.view(this.current_, -1)) ?? null;
    return m.progress;
  }

  get settings(): MatchSettings {
    return settingsOf(this.row);
  }

  seatController(seat: Seat): 'human' | 'bot' {
    const s = this.seats.find((x) => x.seat === seat);
    return s && s.kind === 'bot' ? 'bot' : 'human';
  }
}
