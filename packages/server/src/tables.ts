/**
 * The clients at each table held by this process: who is connected (presence), and what each has been
 * sent — updates after a move (fan-out), chat lines. Generic over the engine contract.
 */
import type { Seat } from '@tabula/engine';
import type { ChatLine, ServerMessage } from './protocol.js';
import type { MatchRuntime } from './runtime.js';
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

export class Tables {
  private readonly conns = new Map<string, Set<Conn>>();
  /** Tables whose other seats still have to hear of a stored move (see `changed`). */
  private readonly fanOuts = new Set<MatchRuntime>();
  /** Chat lines delivered per match (a line may come back through the bus): the last 200 ids of each. */
  private readonly delivered = new Map<string, Set<number>>();

  constructor(
    /** The deadline of a seat's decision, sent with its update. */
    private readonly deadline: (rt: MatchRuntime, seat: Seat) => number | null,
    private readonly logFailure: (e: unknown) => void,
  ) {}

  /** Adds a connection to its table (looked up now: a detach may have dropped an empty one). */
  add(conn: Conn): void {
    let set = this.conns.get(conn.matchId);
    if (!set) this.conns.set(conn.matchId, (set = new Set()));
    set.add(conn);
  }

  /** Removes a connection; true if it was there. Its table is forgotten once empty. */
  remove(conn: Conn): boolean {
    const set = this.conns.get(conn.matchId);
    if (!set?.delete(conn)) return false;
    if (set.size === 0) this.conns.delete(conn.matchId);
    return true;
  }

  /** How many connections a table has here. */
  count(matchId: string): number {
    return this.conns.get(matchId)?.size ?? 0;
  }

  /** Connections held in all. */
  total(): number {
    let n = 0;
    for (const set of this.conns.values()) n += set.size;
    return n;
  }

  of(matchId: string): Iterable<Conn> {
    return this.conns.get(matchId) ?? [];
  }

  /** Forgets what is kept for a table (its chat ids) when it leaves memory. */
  forget(matchId: string): void {
    this.conns.delete(matchId);
    this.delivered.delete(matchId);
  }

  connected(matchId: string, seat: Seat): boolean {
    for (const c of this.conns.get(matchId) ?? []) if (c.seat === seat) return true;
    return false;
  }

  /** Tells every client of a table which seats are connected. */
  presence(matchId: string, seats: number): void {
    const set = this.conns.get(matchId);
    if (!set?.size) return;
    const connected = Array.from({ length: seats }, (_, s) => this.connected(matchId, s));
    const json = JSON.stringify({ t: 'presence', connected } satisfies ServerMessage);
    for (const c of set) c.sendJson(json);
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
    if (first !== undefined) {
      const conns = this.conns.get(rt.row.id);
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
  }

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

  /** A chat line to the clients who may read it (everyone, or its sender and recipient), once. */
  deliverChat(matchId: string, line: ChatLine): void {
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

  /** Closes every connection (the server is shutting down). */
  closeAll(): void {
    for (const set of this.conns.values()) for (const c of set) c.close(1001, 'server shutting down');
  }
}
