/**
 * The hub: matches held by this process, the clients connected to them, and everything that acts
 * on its own — bots, response windows that close by themselves, clocks — plus the fan-out to other
 * processes. Generic over the engine contract: no game is named here.
 */
import type { AnyGame, Prompt, Seat } from '@tabula/engine';
import { SPECTATOR } from '@tabula/engine';
import { findGame } from '@tabula/catalog';
import type { BotPool } from './bots.js';
import type { Store } from '@tabula/store';
import type { Bus } from './ports.js';
import { settingsOf } from './ports.js';
import type { ChatLine, MatchInfo, ServerMessage } from './protocol.js';
import { MatchRuntime } from './runtime.js';
import type { SubmitResult } from './runtime.js';
import { messageParts } from './view-json.js';

export interface Conn {
  matchId: string;
  seat: Seat;
  /** Last version this client has been sent. */
  lastV: number;
  send(msg: ServerMessage): void;
  /**
   * Sends a message already serialised (one text for every client it goes to), whole or as parts
   * to be joined.
   */
  sendJson(json: string | readonly string[]): void;
  close(code?: number, reason?: string): void;
}

export interface HubConfig {
  /** Uniform minimum time a response window stays open (AOH-HID-14), ms. */
  windowMs: number;
  snapshotEvery: number;
  /** Default bot think delay when a match does not set one, ms. */
  botDelayMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Hub {
  private readonly runtimes = new Map<string, Promise<MatchRuntime | null>>();
  private readonly conns = new Map<string, Set<Conn>>();
  private readonly timers = new Map<string, NodeJS.Timeout[]>();
  private closed = false;

  constructor(
    readonly store: Store,
    readonly bus: Bus,
    readonly bots: BotPool,
    readonly config: HubConfig,
  ) {}

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
        this.schedule(rt);
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
      this.deliverChat(id, msg.line);
      return;
    }
    const rt = await this.get(id);
    if (!rt) return;
    if (msg.t === 'moved') {
      if (msg.v <= rt.v) return;
      const moved = await rt.exclusive(() => rt.catchUp());
      if (moved) this.changed(rt);
    } else if (msg.t === 'seats') {
      // Serialised with takeovers: a read begun before a local takeover was stored must not
      // overwrite it (the seat would turn human again and get a clock).
      await rt.exclusive(async () => {
        rt.seats = await this.store.getSeats(id);
      });
      this.schedule(rt);
      this.presence(id);
    }
  }

  /* ---------------------------------------------------------------- clients */

  async attach(conn: Conn, since: number | undefined): Promise<void> {
    const rt = await this.get(conn.matchId);
    // The set is looked up after every await: a detach meanwhile may have dropped an empty one.
    const register = () => {
      let set = this.conns.get(conn.matchId);
      if (!set) this.conns.set(conn.matchId, (set = new Set()));
      set.add(conn);
    };
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
      deadline: this.deadline(rt, conn.seat),
      events: missed ?? rt.eventsSince(conn.seat, -1) ?? [],
      resync: since !== undefined && missed === null,
      chat: chat.map((c) => ({ id: c.id, seat: c.seat, to: c.toSeat, text: c.text, at: c.at.toISOString() })),
    });
    this.presence(conn.matchId);
  }

  detach(conn: Conn): void {
    const id = conn.matchId;
    const set = this.conns.get(id);
    if (!set?.delete(conn)) return;
    this.presence(id);
    if (set.size > 0) return;
    this.conns.delete(id);
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
        if (!rt || rt.row.status !== 'finished' || this.runtimes.get(id) !== p || this.conns.get(id)?.size)
          return;
        this.runtimes.delete(id);
        this.conns.delete(id);
        this.clear(id);
        this.timerStarts.delete(id);
        this.delivered.delete(id);
        void this.bus.unsubscribe(`match:${id}`).catch(() => undefined);
      },
      () => undefined,
    );
  }

  /** Matches held in memory and connections attached, for tests and memory reports. */
  held(): { matches: number; connections: number } {
    let connections = 0;
    for (const set of this.conns.values()) connections += set.size;
    return { matches: this.runtimes.size, connections };
  }

  connected(matchId: string, seat: Seat): boolean {
    for (const c of this.conns.get(matchId) ?? []) if (c.seat === seat) return true;
    return false;
  }

  private presence(matchId: string): void {
    const set = this.conns.get(matchId);
    if (!set?.size) return;
    const rt = this.runtimes.get(matchId);
    rt?.then(
      (r) => {
        if (!r) return;
        const connected = Array.from({ length: r.row.seats }, (_, s) => this.connected(matchId, s));
        const json = JSON.stringify({ t: 'presence', connected } satisfies ServerMessage);
        for (const c of set) c.sendJson(json);
      },
      () => undefined,
    );
  }

  /**
   * Sends every connection of the match what it has not seen yet; clients of the same seat that saw the
   * same version (a seat open in two tabs, the spectators) get one message, built and serialised once.
   * With `first` (a move of that seat was just stored), that seat's connections get theirs at once,
   * then `between` runs (the mover's acknowledgement), and the rest of the table hears at the end of
   * this turn of the event loop: every mover whose move was stored in the same database batch is
   * acknowledged before any table's fan-out, and a seat that fell several versions behind meanwhile gets
   * one update covering them all.
   */
  changed(rt: MatchRuntime, first?: Seat, between?: () => void): void {
    const conns = this.conns.get(rt.row.id);
    if (first !== undefined) {
      if (conns) {
        const built = new Map<string, string[]>();
        for (const c of conns) if (c.seat === first) this.update(rt, c, built);
      }
      between?.();
      this.fanOutLater(rt);
    } else {
      between?.();
      this.fanOut(rt);
    }
    this.schedule(rt);
  }

  /** Tables whose other seats still have to hear of a stored move (see `changed`). */
  private readonly fanOuts = new Set<MatchRuntime>();
  private fanOutLater(rt: MatchRuntime): void {
    if (this.fanOuts.size === 0)
      setImmediate(() => {
        const list = [...this.fanOuts];
        this.fanOuts.clear();
        // Nobody awaits this: a failure is logged, and the table's clients catch up with the next update.
        for (const r of list)
          try {
            this.fanOut(r);
          } catch (e) {
            this.logFailure(e);
          }
      });
    this.fanOuts.add(rt);
  }
  private fanOut(rt: MatchRuntime): void {
    const conns = this.conns.get(rt.row.id);
    if (!conns) return;
    const built = new Map<string, string[]>();
    for (const c of conns) this.update(rt, c, built);
  }

  private update(rt: MatchRuntime, c: Conn, built: Map<string, string[]>): void {
    if (c.lastV >= rt.v) return;
    const key = `${c.seat}:${c.lastV}`;
    let json = built.get(key);
    if (json === undefined) {
      const events = rt.eventsSince(c.seat, c.lastV) ?? [];
      const { view, ...st } = rt.seatState(c.seat);
      const msg: Omit<Extract<ServerMessage, { t: 'update' }>, 'view'> = {
        t: 'update',
        v: rt.v,
        events,
        ...st,
        deadline: this.deadline(rt, c.seat),
      };
      // The view's frozen parts (a game's configuration…) are serialised once for every seat and move.
      built.set(key, (json = messageParts(msg, view)));
    }
    c.lastV = rt.v;
    c.sendJson(json);
  }

  /** A match has started: every client waiting in its lobby gets its first view. */
  async started(id: string): Promise<void> {
    const rt = await this.get(id);
    if (!rt) return;
    for (const c of this.conns.get(id) ?? []) if (c.lastV < 0) await this.attach(c, undefined);
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
      const wait = since.at + this.holdOf(p) - Date.now();
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
    const r = await rt.exclusive(() => {
      rt.lastActor = seat;
      return rt.submit(seat, clientV, action);
    });
    if (r.ok) {
      const ok = r;
      this.changed(rt, seat, onStored && (() => onStored(ok)));
      await this.bus.publish(`match:${rt.row.id}`, JSON.stringify({ t: 'moved', v: r.v }));
      // A game that ended with nobody watching (bots alone) leaves memory now.
      if (rt.row.status === 'finished' && !this.conns.get(rt.row.id)?.size) this.evictIfOver(rt.row.id);
    } else if (r.code === 'stale') this.changed(rt);
    return r;
  }

  /* ---------------------------------------------------------------- bots, windows, clocks */

  private clear(id: string): void {
    for (const t of this.timers.get(id) ?? []) clearTimeout(t);
    this.timers.delete(id);
  }

  private later(id: string, ms: number, fn: () => void): void {
    if (this.closed) return;
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    let list = this.timers.get(id);
    if (!list) this.timers.set(id, (list = []));
    list.push(t);
  }

  private limitMs(rt: MatchRuntime): number | null {
    const c = rt.settings.clock;
    if (c.mode === 'realtime') return c.seconds * 1000;
    if (c.mode === 'turn') return c.hours * 3_600_000;
    return null;
  }

  /**
   * How long a response window stays open at least: the server's uniform minimum, or less where the
   * game declares a shorter hold for that window (`Prompt.hold`, the same for every seat it asks).
   */
  private holdOf(p: Prompt): number {
    return p.hold === undefined ? this.config.windowMs : Math.min(p.hold, this.config.windowMs);
  }

  /** When each rule timer (Prompt.timer) of a match started, by key. */
  private readonly timerStarts = new Map<string, Map<string, number>>();

  private timerExpiry(rt: MatchRuntime, p: Prompt, now: number): number | null {
    if (!p.timer) return null;
    let m = this.timerStarts.get(rt.row.id);
    if (!m) this.timerStarts.set(rt.row.id, (m = new Map()));
    let at = m.get(p.timer.key);
    if (at === undefined) m.set(p.timer.key, (at = now));
    return at + p.timer.seconds * 1000;
  }

  deadline(rt: MatchRuntime, seat: Seat): number | null {
    const lim = this.limitMs(rt);
    const since = rt.promptSince.get(seat);
    const p = rt.prompts().find((x) => x.seat === seat);
    const rule = p ? this.timerExpiry(rt, p, Date.now()) : null;
    const clock = lim === null || !since || rt.seatController(seat) === 'bot' ? null : since.at + lim;
    if (clock === null) return rule;
    return rule === null ? clock : Math.min(clock, rule);
  }

  /** Plans what happens without a client: bots' moves, self-closing windows, timeouts. */
  schedule(rt: MatchRuntime): void {
    const id = rt.row.id;
    this.clear(id);
    if (rt.row.status !== 'active') return;
    const v = rt.v;
    const now = Date.now();
    const ruleTimers = new Map<string, number>();
    for (const p of rt.prompts()) {
      const exp = this.timerExpiry(rt, p, now);
      if (exp !== null && p.timer) ruleTimers.set(p.timer.key, exp);
    }
    for (const [key, exp] of ruleTimers) this.later(id, exp - now, () => this.guard(this.expire(rt, v, key)));
    for (const p of rt.prompts()) {
      if (p.optional) continue;
      const since = rt.promptSince.get(p.seat) ?? { at: now, v };
      const legal = rt.legal(p.seat);
      const windowAt = p.window ? since.at + this.holdOf(p) : now;
      if (p.window && legal.length === 1) {
        this.later(id, windowAt - now, () => this.guard(this.auto(rt, v, p.seat, legal[0])));
        continue;
      }
      if (rt.seatController(p.seat) === 'bot') {
        const delay = rt.settings.botDelayMs ?? this.config.botDelayMs;
        this.later(id, Math.max(windowAt, now + delay) - now, () => this.guard(this.botMove(rt, v, p)));
        continue;
      }
      const dl = this.deadline(rt, p.seat);
      if (dl !== null) this.later(id, dl - now, () => this.guard(this.timeout(rt, v, p.seat)));
    }
  }

  /** A rule timer ran out: every seat still waited for under it takes its timeout default. */
  private async expire(rt: MatchRuntime, v: number, key: string): Promise<void> {
    if (rt.v !== v) return;
    for (let guard = 0; guard < 1000; guard++) {
      const p = rt.prompts().find((x) => !x.optional && x.timer?.key === key);
      if (!p) break;
      const def = rt.game.defaultAction(rt.state, p.seat);
      if (def === null) break;
      const r = await this.submit(rt, p.seat, rt.v, def);
      if (!r.ok && r.code !== 'stale') break;
    }
  }

  private async auto(rt: MatchRuntime, v: number, seat: Seat, action: unknown): Promise<void> {
    if (rt.v !== v) return;
    await this.submit(rt, seat, v, action);
  }

  private async botMove(rt: MatchRuntime, v: number, p: Prompt): Promise<void> {
    if (rt.v !== v || this.closed) return;
    const seat = rt.seats.find((s) => s.seat === p.seat);
    const name = seat?.bot ?? rt.settings.bots[p.seat] ?? 'random';
    const legal = rt.legal(p.seat);
    const view = rt.game.view(rt.state, p.seat);
    let action: unknown;
    try {
      action = await this.bots.choose({
        game: rt.game.id,
        bot: name,
        seed: `${rt.row.id}:${p.seat}`,
        seat: p.seat,
        view,
        legal,
        prompt: p,
      });
    } catch {
      action = rt.game.defaultAction(rt.state, p.seat) ?? legal[0];
    }
    if (rt.v !== v) return;
    const r = await this.submit(rt, p.seat, v, action);
    if (!r.ok && r.code !== 'stale' && rt.v === v) {
      // A faulty bot must not stall the table: fall back to the timeout default.
      await this.submit(rt, p.seat, v, rt.game.defaultAction(rt.state, p.seat));
    }
  }

  private async timeout(rt: MatchRuntime, v: number, seat: Seat): Promise<void> {
    if (rt.v !== v) return;
    if (rt.settings.onTimeout === 'bot') {
      await this.takeOver(rt, seat);
      return;
    }
    const def = rt.game.defaultAction(rt.state, seat);
    if (def !== null) await this.submit(rt, seat, v, def);
  }

  /** A bot takes a seat over (its player left or ran out of time, if the match allows it). */
  async takeOver(rt: MatchRuntime, seat: Seat): Promise<void> {
    const changed = await rt.exclusive(async () => {
      const s = rt.seats.find((x) => x.seat === seat);
      if (!s || s.kind === 'bot') return false;
      const bot = rt.settings.bots[seat] ?? (rt.game.bots && Object.keys(rt.game.bots)[0]) ?? 'random';
      s.kind = 'bot';
      s.bot = bot;
      await this.store.setSeat(rt.row.id, { seat, kind: 'bot', bot, connected: false });
      return true;
    });
    if (!changed) return;
    await this.bus.publish(`match:${rt.row.id}`, JSON.stringify({ t: 'seats' }));
    this.schedule(rt);
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

  /** Chat lines delivered per match (a line may come back through the bus): the last 200 ids of each. */
  private delivered = new Map<string, Set<number>>();
  private deliverChat(matchId: string, line: ChatLine): void {
    let seen = this.delivered.get(matchId);
    if (!seen) this.delivered.set(matchId, (seen = new Set()));
    if (seen.has(line.id)) return;
    seen.add(line.id);
    if (seen.size > 200) seen.delete(seen.values().next().value!);
    for (const c of this.conns.get(matchId) ?? []) {
      if (line.to !== null && c.seat !== line.to && c.seat !== line.seat) continue;
      c.send({ t: 'chat', line });
    }
  }

  /** Chat for a match no runtime is loaded for (open matches) still reaches its clients. */
  localChat(matchId: string, line: ChatLine): void {
    this.deliverChat(matchId, line);
  }

  async info(id: string): Promise<MatchInfo> {
    const row = await this.store.getMatch(id);
    if (!row) throw new Error(`no match ${id}`);
    const seats = await this.store.getSeats(id);
    const settings = settingsOf(row);
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
          taken: kind === 'bot' || !!s?.hasToken,
          connected: kind !== 'bot' && this.connected(id, seat),
        };
      }),
      v: row.seq,
      clock: settings.clock,
      outcome: row.outcome,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const id of this.timers.keys()) this.clear(id);
    for (const set of this.conns.values()) for (const c of set) c.close(1001, 'server shutting down');
  }

  spectator(): Seat {
    return SPECTATOR;
  }
}
