/**
 * TableConnection: one WebSocket to one match, as one seat (or a spectator). It keeps what the
 * server last said — version, view, legal actions, prompts, log, chat — and reconnects by itself,
 * asking for the events it missed. The server owns the state: nothing is applied optimistically; an
 * action is "pending" until the server acknowledges or rejects it.
 */
import type { Prompt } from '@tabula/engine';
import type { ChatLine, MatchInfo, VersionedEvent } from '@tabula/protocol';

export type { ChatLine, Prompt };
/** A log event as the server sends it: the game event and the version that produced it. */
export type LogEvent = VersionedEvent;

export interface TableState {
  status: 'connecting' | 'open' | 'closed' | 'failed';
  match: MatchInfo | null;
  seat: number;
  v: number;
  view: unknown;
  legal: unknown[];
  prompts: Prompt[];
  waitingFor: number[];
  /** A response window is open: some seats are asked, and nobody is told which (`Prompt.window`). */
  responses: boolean;
  /** This seat may take back its last step now (nothing was revealed since, nobody else acted). */
  undo?: boolean;
  deadline: number | null;
  log: LogEvent[];
  chat: ChatLine[];
  connected: boolean[];
  pending: boolean;
  error: { code: string; message: string; rule?: string } | null;
  /** Bumped on every change, for cheap equality. */
  rev: number;
}

type Listener = () => void;

export class TableConnection {
  private ws: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private retry = 0;
  private closedByUs = false;
  private nextId = 1;
  state: TableState = {
    status: 'connecting',
    match: null,
    seat: -1,
    v: -1,
    view: null,
    legal: [],
    prompts: [],
    waitingFor: [],
    responses: false,
    deadline: null,
    log: [],
    chat: [],
    connected: [],
    pending: false,
    error: null,
    rev: 0,
  };

  private idle: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly matchId: string,
    readonly token: string | null,
    readonly name?: string,
  ) {}

  /**
   * The socket opens with the first subscriber and closes shortly after the last one leaves, so a
   * component that unsubscribes and resubscribes at once (React StrictMode, a re-keyed subtree)
   * keeps its connection.
   */
  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (!this.ws && !this.closedByUs) this.open();
    return () => {
      this.listeners.delete(l);
      if (this.listeners.size === 0) this.idle = setTimeout(() => this.close(), 1000);
    };
  };
  getSnapshot = (): TableState => this.state;

  private set(patch: Partial<TableState>): void {
    this.state = { ...this.state, ...patch, rev: this.state.rev + 1 };
    for (const l of this.listeners) l();
  }

  private open(): void {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      const hello: Record<string, unknown> = { t: 'hello', match: this.matchId };
      if (this.token) hello.token = this.token;
      if (this.name) hello.name = this.name;
      if (this.state.v >= 0) hello.since = this.state.v;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => this.onMessage(JSON.parse(String(e.data)));
    ws.onclose = () => {
      if (this.closedByUs) return this.set({ status: 'closed' });
      this.set({ status: 'connecting', pending: false });
      const delay = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.open(), delay);
    };
  }

  private onMessage(m: Record<string, unknown> & { t: string }): void {
    switch (m.t) {
      case 'welcome': {
        const events = m.events as LogEvent[];
        const log = m.resync || this.state.v < 0 ? events : [...this.state.log, ...events];
        this.set({
          status: 'open',
          match: m.match as TableState['match'],
          seat: m.seat as number,
          v: m.v as number,
          view: m.view,
          legal: m.legal as unknown[],
          prompts: m.prompts as Prompt[],
          waitingFor: m.waitingFor as number[],
          responses: m.responses === true,
          undo: m.undo === true,
          deadline: m.deadline as number | null,
          log,
          chat: m.chat as ChatLine[],
          pending: false,
        });
        break;
      }
      case 'update':
        this.set({
          v: m.v as number,
          view: m.view,
          legal: m.legal as unknown[],
          prompts: m.prompts as Prompt[],
          waitingFor: m.waitingFor as number[],
          responses: m.responses === true,
          undo: m.undo === true,
          deadline: m.deadline as number | null,
          log: [...this.state.log, ...(m.events as LogEvent[])],
        });
        break;
      case 'ack':
        this.set({ pending: false, error: null });
        break;
      case 'error':
        this.set({
          pending: false,
          error: { code: m.code as string, message: m.message as string, rule: m.rule as string | undefined },
        });
        break;
      case 'chat':
        this.set({ chat: [...this.state.chat, m.line as ChatLine] });
        break;
      case 'presence':
        this.set({ connected: m.connected as boolean[] });
        this.refreshSeats();
        break;
    }
  }

  private seatsAsked = false;

  /**
   * Someone came or went: the seats are read again, for what the socket does not say — the name a
   * guest gave on arriving, a bot taking over a seat. At most one request at a time.
   */
  private refreshSeats(): void {
    if (this.seatsAsked || !this.state.match) return;
    this.seatsAsked = true;
    fetch(`/api/matches/${encodeURIComponent(this.matchId)}`)
      .then((r) => (r.ok ? (r.json() as Promise<MatchInfo>) : null))
      .then(
        (m) => {
          this.seatsAsked = false;
          // Seats (and so whether the match is rated) change as players take them into their accounts.
          if (m && this.state.match)
            this.set({ match: { ...this.state.match, seats: m.seats, rated: m.rated } });
        },
        () => {
          this.seatsAsked = false;
        },
      );
  }

  /** Sends a legal action against the current version. */
  act(action: unknown): void {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.state.pending) return;
    this.set({ pending: true, error: null });
    this.ws.send(JSON.stringify({ t: 'act', v: this.state.v, action, id: String(this.nextId++) }));
  }

  /** Takes back this seat's last step (offered while `state.undo`). */
  undo(): void {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.state.pending) return;
    this.set({ pending: true, error: null });
    this.ws.send(JSON.stringify({ t: 'undo', v: this.state.v, id: String(this.nextId++) }));
  }

  chat(text: string, to?: number): void {
    this.ws?.send(JSON.stringify(to === undefined ? { t: 'chat', text } : { t: 'chat', text, to }));
  }

  resign(): void {
    this.ws?.send(JSON.stringify({ t: 'resign' }));
  }

  clearError(): void {
    this.set({ error: null });
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
  }
}
