/**
 * The hub: the matches held by this process — loading and unloading them, attaching clients, acting —
 * and the messages between processes. Its parts: `Tables` (the clients at each table: presence,
 * fan-out, chat) and `Scheduler` (what happens without a client: bots, windows, timers, clocks); each
 * match's state is a `MatchRuntime`, changed through its methods only. Generic over the engine
 * contract: no game is named here.
 */
import type { AnyGame, Seat } from '@tabula/engine';
import { SPECTATOR } from '@tabula/engine';
import { findGame } from '@tabula/catalog';
import type { BotPool } from './bots.js';
import type { SeatInfo as SeatRow, Store } from '@tabula/store';
import type { Bus, MatchSettings } from './ports.js';
import { settingsOf } from './ports.js';
import type { ChatLine, MatchInfo } from './protocol.js';
import { MatchRuntime } from './runtime.js';
import type { SubmitResult } from './runtime.js';
import { Scheduler } from './scheduler.js';
import type { Conn } from './tables.js';
import { Tables } from './tables.js';

export interface HubConfig {
  /** Uniform minimum time a response window stays open (`Prompt.window`), ms. */
  windowMs: number;
  snapshotEvery: number;
  /** Default bot think delay when a match does not set one, ms. */
  botDelayMs: number;
}

/**
 * Whether a match counts for ratings: the match says so (the default), it is no hotseat, and every seat
 * is a person playing from an account of their own (no bot, no guest, no takeover).
 */
export function isRated(settings: MatchSettings, players: number, seats: readonly SeatRow[]): boolean {
  if (settings.rated === false || settings.hotseat) return false;
  const ids = new Set<string>();
  for (let seat = 0; seat < players; seat++) {
    const s = seats.find((x) => x.seat === seat);
    if (!s || s.kind !== 'human' || !s.accountId) return false;
    ids.add(s.accountId);
  }
  return ids.size === players;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type { Conn };

export class Hub {
  private readonly runtimes = new Map<string, Promise<MatchRuntime | null>>();
  /** The clients at each table: presence, fan-out, chat. */
  readonly tables: Tables;
  /** Bots, self-closing windows, rule timers and clocks. */
  readonly scheduler: Scheduler;
  /**
   * Told when a match held here has just ended (its last move stored here or by another process): the
   * ratings. Every process may be told; what it does must be done once (`Accounts.rateMatch` is).
   */
  onFinished?: (matchId: string) => Promise<unknown>;
  /** Told after every change of a match held here (a move, a catch-up): "your turn" notices. */
  onChanged?: (rt: MatchRuntime) => void;

  constructor(
    readonly store: Store,
    readonly bus: Bus,
    readonly bots: BotPool,
    readonly config: HubConfig,
  ) {
    this.scheduler = new Scheduler(config, bots, {
      submit: (rt, seat, v, action) => this.submit(rt, seat, v, action),
      seatsChanged: (rt) => this.bus.publish(`match:${rt.row.id}`, JSON.stringify({ t: 'seats' })),
      guard: (p) => this.guard(p),
    });
    this.tables = new Tables(
      (rt, seat) => this.scheduler.deadline(rt, seat),
      (e) => this.logFailure(e),
    );
  }

  /**
   * Work nobody awaits (timers, fan-out messages) must never take the process down: a failure there
   * (storage unreachable, a match that fails to load) is logged and the table simply waits for its
   * next event.
   */
  private guard(p: Promise<unknown>): void {
    p.catch((e: unknown) => this.logFailure(e));
  }
  private logFailure(e: unknown): void {
    console.error(`tabula: background task failed: ${(e as Error)?.stack ?? String(e)}`);
  }

  gameOf(id: string): AnyGame {
    const g = findGame(id);
    if (!g) throw new Error(`unknown game ${id}`);
    return g;
  }

  /** The runtime of an active or finished match (loaded on first use), or null. */
  get(id: string): Promise<MatchRuntime | null> {
    let p = this.runtimes.get(id);
    if (!p) {
      p = (async () => {
        const row = await this.store.getMatch(id);
        if (!row || row.status === 'open') return null;
        const rt = await MatchRuntime.load(this.store, this.gameOf(row.game), row, {
          snapshotEvery: this.config.snapshotEvery,
        });
        await this.bus.subscribe(`match:${id}`, (m) => this.guard(this.onBus(id, m)));
        this.scheduler.schedule(rt);
        this.onChanged?.(rt);
        return rt;
      })();
      this.runtimes.set(id, p);
      // Forget a match that is not loadable (open, unknown, or failing to load) so a later call
      // retries; one handler for both outcomes, so a failed load is never an unhandled rejection
      // (which would stop the process) — the caller of get() gets the error.
      p.then(
        (rt) => {
          if (!rt) this.runtimes.delete(id);
        },
        () => this.runtimes.delete(id),
      );
    }
    return p;
  }

  /** The seats of a match changed (bound to an account, taken): every process reads them again. */
  async seatsChanged(id: string): Promise<void> {
    await this.bus.publish(`match:${id}`, JSON.stringify({ t: 'seats' }));
  }

  /** Forget a cached runtime (e.g. the match was started by another process). */
  drop(id: string): void {
    this.runtimes.delete(id);
  }

  private async onBus(id: string, raw: string): Promise<void> {
    const msg = JSON.parse(raw) as
      { t: 'moved'; v: number } | { t: 'chat'; line: ChatLine } | { t: 'seats' } | { t: 'started' };
    if (msg.t === 'started') {
      this.drop(id);
      await this.started(id);
      return;
    }
    if (msg.t === 'chat') {
      this.tables.deliverChat(id, msg.line);
      return;
    }
    const rt = await this.get(id);
    if (!rt) return;
    if (msg.t === 'moved') {
      if (msg.v <= rt.v) return;
      const over = rt.row.status === 'finished';
      const moved = await rt.exclusive(() => rt.catchUp());
      if (moved) this.changed(rt);
      if (!over && rt.row.status === 'finished') this.finished(rt.row.id);
    } else if (msg.t === 'seats') {
      // Serialised with takeovers: a read begun before a local takeover was stored must not
      // overwrite it (the seat would turn human again and get a clock).
      await rt.reloadSeats();
      this.scheduler.schedule(rt);
      this.presence(id);
      // A seat just bound to an account may have a decision waiting.
      this.onChanged?.(rt);
    }
  }

  /* ---------------------------------------------------------------- clients */

  async attach(conn: Conn, since: number | undefined): Promise<void> {
    const rt = await this.get(conn.matchId);
    // The table is looked up after every await: a detach meanwhile may have dropped an empty one.
    const register = () => this.tables.add(conn);
    if (!rt) {
      // An open match: listen for its start (possibly announced by another process).
      await this.bus.subscribe(`match:${conn.matchId}`, (m) => this.guard(this.onBus(conn.matchId, m)));
      register();
      return;
    }
    // Everything awaited comes first: the welcome (version, view, missed events) is then built and
    // the connection registered in one synchronous step, so no move can fall between the events it
    // carries and its view, and no update can reach the client before its welcome.
    const chat = await this.store.chat(conn.matchId, conn.seat >= 0 ? conn.seat : null, { limit: 200 });
    const match = await this.info(conn.matchId);
    if (conn.seat >= 0) match.seats[conn.seat]!.connected = match.seats[conn.seat]!.kind !== 'bot';
    // A `since` beyond the current version is not a version this client can have seen: it rebuilds
    // its log from the view (resync), as when the events it missed are no longer held.
    const missed = since === undefined || since > rt.v ? null : rt.eventsSince(conn.seat, since);
    const st = rt.seatState(conn.seat);
    conn.lastV = rt.v;
    register();
    conn.send({
      t: 'welcome',
      match,
      seat: conn.seat,
      v: rt.v,
      ...st,
      deadline: this.scheduler.deadline(rt, conn.seat),
      events: missed ?? rt.eventsSince(conn.seat, -1) ?? [],
      resync: since !== undefined && missed === null,
      chat: chat.map((c) => ({ id: c.id, seat: c.seat, to: c.toSeat, text: c.text, at: c.at.toISOString() })),
    });
    this.presence(conn.matchId);
  }

  detach(conn: Conn): void {
    const id = conn.matchId;
    if (!this.tables.remove(conn)) return;
    this.presence(id);
    // A player who leaves while the match waits for them may be told so elsewhere ("your turn").
    if (conn.seat >= 0 && this.onChanged)
      this.runtimes.get(id)?.then(
        (rt) => rt && this.onChanged?.(rt),
        () => undefined,
      );
    if (this.tables.count(id) > 0) return;
    // Nobody watches an open match here any more: stop listening for its start (a runtime, if one is
    // being loaded, listens on its own).
    if (!this.runtimes.has(id)) void this.bus.unsubscribe(`match:${id}`).catch(() => undefined);
    this.evictIfOver(id);
  }

  /**
   * A finished match nobody is connected to leaves memory (a long-running server would otherwise
   * keep every game it ever held); it is loaded again from the store if anyone asks for it.
   */
  private evictIfOver(id: string): void {
    const p = this.runtimes.get(id);
    p?.then(
      (rt) => {
        if (!rt || rt.row.status !== 'finished' || this.runtimes.get(id) !== p || this.tables.count(id))
          return;
        this.runtimes.delete(id);
        this.tables.forget(id);
        this.scheduler.clear(id, true);
        void this.bus.unsubscribe(`match:${id}`).catch(() => undefined);
      },
      () => undefined,
    );
  }

  /** Matches held in memory and connections attached, for tests and memory reports. */
  held(): { matches: number; connections: number } {
    return { matches: this.runtimes.size, connections: this.tables.total() };
  }

  connected(matchId: string, seat: Seat): boolean {
    return this.tables.connected(matchId, seat);
  }

  private presence(matchId: string): void {
    if (!this.tables.count(matchId)) return;
    this.runtimes.get(matchId)?.then(
      (r) => {
        if (r) this.tables.presence(matchId, r.row.seats);
      },
      () => undefined,
    );
  }

  /** Tells the table's clients of a change (see Tables.changed), then plans what happens next. */
  changed(rt: MatchRuntime, first?: Seat, between?: () => void): void {
    this.tables.changed(rt, first, between);
    this.scheduler.schedule(rt);
    this.onChanged?.(rt);
  }

  private finished(id: string): void {
    if (this.onFinished) this.guard(this.onFinished(id));
  }

  /** A match has started: every client waiting in its lobby gets its first view. */
  async started(id: string): Promise<void> {
    const rt = await this.get(id);
    if (!rt) return;
    for (const c of [...this.tables.of(id)]) if (c.lastV < 0) await this.attach(c, undefined);
  }

  /** Resigns a seat at the current version (retrying if another move comes first). */
  async resign(matchId: string, seat: Seat): Promise<SubmitResult> {
    const rt = await this.get(matchId);
    if (!rt) return { ok: false, code: 'match.notActive', message: 'The game has not started yet.', v: 0 };
    for (let i = 0; i < 5; i++) {
      const r = await this.submit(rt, seat, rt.v, { type: 'resign' });
      if (r.ok || r.code !== 'stale') return r;
    }
    return { ok: false, code: 'busy', message: 'The table is too busy; try again.', v: rt.v };
  }

  /* ---------------------------------------------------------------- acting */

  /** A client's action. Held back until a response window's minimum time has passed. */
  async act(
    matchId: string,
    seat: Seat,
    clientV: number,
    action: unknown,
    onStored?: (r: SubmitResult & { ok: true }) => void,
  ): Promise<SubmitResult> {
    const rt = await this.get(matchId);
    if (!rt) return { ok: false, code: 'match.notActive', message: 'The game has not started yet.', v: 0 };
    if (seat < 0) return { ok: false, code: 'spectator', message: 'Spectators cannot act.', v: rt.v };
    const p = rt.prompts().find((x) => x.seat === seat);
    const since = rt.promptSince.get(seat);
    if (p?.window && since) {
      const wait = since.at + this.scheduler.holdOf(p) - Date.now();
      if (wait > 0) await sleep(wait);
    }
    return this.submit(rt, seat, clientV, action, onStored);
  }

  private async submit(
    rt: MatchRuntime,
    seat: Seat,
    clientV: number,
    action: unknown,
    onStored?: (r: SubmitResult & { ok: true }) => void,
  ): Promise<SubmitResult> {
    const over = rt.row.status === 'finished';
    const r = await rt.exclusive(() => rt.submit(seat, clientV, action));
    if (r.ok && !over && rt.row.status === 'finished') this.finished(rt.row.id);
    if (r.ok) {
      const ok = r;
      this.changed(rt, seat, onStored && (() => onStored(ok)));
      await this.bus.publish(`match:${rt.row.id}`, JSON.stringify({ t: 'moved', v: r.v }));
      // A game that ended with nobody watching (bots alone) leaves memory now.
      if (rt.row.status === 'finished' && !this.tables.count(rt.row.id)) this.evictIfOver(rt.row.id);
    } else if (r.code === 'stale') this.changed(rt);
    return r;
  }

  /** A seat takes back its last step (see MatchRuntime.undo). */
  async undo(matchId: string, seat: Seat, clientV: number): Promise<SubmitResult> {
    const rt = await this.get(matchId);
    if (!rt) return { ok: false, code: 'match.notActive', message: 'The game has not started yet.', v: 0 };
    if (seat < 0) return { ok: false, code: 'spectator', message: 'Spectators cannot act.', v: rt.v };
    const r = await rt.exclusive(() => rt.undo(seat, clientV));
    if (r.ok) {
      this.changed(rt, seat);
      await this.bus.publish(`match:${rt.row.id}`, JSON.stringify({ t: 'moved', v: r.v }));
    } else if (r.code === 'stale') this.changed(rt);
    return r;
  }

  /** A bot takes a seat over (its player left or ran out of time, if the match allows it). */
  takeOver(rt: MatchRuntime, seat: Seat): Promise<void> {
    return this.scheduler.takeOver(rt, seat);
  }

  /* ---------------------------------------------------------------- chat, info */

  async chat(matchId: string, seat: Seat, text: string, to: Seat | undefined): Promise<ChatLine> {
    const row = await this.store.addChat(matchId, {
      seat: seat >= 0 ? seat : null,
      toSeat: to ?? null,
      text,
    });
    const line: ChatLine = {
      id: row.id,
      seat: row.seat,
      to: row.toSeat,
      text: row.text,
      at: row.at.toISOString(),
    };
    await this.bus.publish(`match:${matchId}`, JSON.stringify({ t: 'chat', line }));
    return line;
  }

  /** Chat for a match no runtime is loaded for (open matches) still reaches its clients. */
  localChat(matchId: string, line: ChatLine): void {
    this.tables.deliverChat(matchId, line);
  }

  async info(id: string): Promise<MatchInfo> {
    const row = await this.store.getMatch(id);
    if (!row) throw new Error(`no match ${id}`);
    const seats = await this.store.getSeats(id);
    const settings = settingsOf(row);
    // Whose turn and how far: from the runtime, where this process holds the match (it holds every active
    // match it has served; it does not load one just for a list).
    const held = this.runtimes.get(id);
    const rt = held ? await held.catch(() => null) : null;
    let waitingFor: Seat[] = [];
    let progress: MatchInfo['progress'] = null;
    if (rt && rt.row.status !== 'open') {
      waitingFor = rt.seatState(SPECTATOR, false).waitingFor;
      progress = rt.progress();
    }
    return {
      id: row.id,
      game: row.game,
      name: settings.name ?? null,
      status: row.status,
      players: row.seats,
      seats: Array.from({ length: row.seats }, (_, seat) => {
        const s = seats.find((x) => x.seat === seat);
        const kind =
          s?.kind === 'bot' ? 'bot' : !s?.hasToken && settings.kinds[seat] === 'open' ? 'open' : 'human';
        return {
          seat,
          kind,
          name: s?.name || null,
          bot: s?.bot ?? null,
          account: kind === 'bot' ? null : (s?.accountName ?? null),
          taken: kind === 'bot' || !!s?.hasToken,
          connected: kind !== 'bot' && this.connected(id, seat),
        };
      }),
      v: row.seq,
      clock: settings.clock,
      outcome: row.outcome,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      waitingFor,
      progress,
      rated: isRated(settings, row.seats, seats),
      undo: settings.undo ?? true,
    };
  }

  async close(): Promise<void> {
    this.scheduler.close();
    this.tables.closeAll();
  }

  spectator(): Seat {
    return SPECTATOR;
  }
}
