/**
 * What happens at a table without a client: bots' moves, response windows that close by themselves,
 * rule timers (a trading window's 180 s) and clocks (a move's time limit, then the default or a bot).
 * Generic over the engine contract: the game gives each prompt's flags and default action.
 */
import type { Prompt, Seat } from '@tabula/engine';
import { levelsOf } from '@tabula/bots';
import type { BotPool } from './bots.js';
import type { MatchRuntime, SubmitResult } from './runtime.js';

export interface SchedulerConfig {
  /** Uniform minimum time a response window stays open (`Prompt.window`), ms. */
  windowMs: number;
  /** Default bot think delay when a match does not set one, ms. */
  botDelayMs: number;
}

export interface SchedulerHost {
  /** Stores an action of `seat` made against version `v` (as a client's would be). */
  submit(rt: MatchRuntime, seat: Seat, v: number, action: unknown): Promise<SubmitResult>;
  /** A bot took a seat over: tell the other processes. */
  seatsChanged(rt: MatchRuntime): Promise<void>;
  /** Runs work nobody awaits, logging its failure. */
  guard(p: Promise<unknown>): void;
}

export class Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout[]>();
  /** When each rule timer (Prompt.timer) of a match started, by key. */
  private readonly timerStarts = new Map<string, Map<string, number>>();
  private closed = false;

  constructor(
    private readonly config: SchedulerConfig,
    private readonly bots: BotPool,
    private readonly host: SchedulerHost,
  ) {}

  /** Cancels a match's timers (and, `forget`, what was kept of its rule timers). */
  clear(id: string, forget = false): void {
    for (const t of this.timers.get(id) ?? []) clearTimeout(t);
    this.timers.delete(id);
    if (forget) this.timerStarts.delete(id);
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.timers.keys()]) this.clear(id);
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
  holdOf(p: Prompt): number {
    return p.hold === undefined ? this.config.windowMs : Math.min(p.hold, this.config.windowMs);
  }

  private timerExpiry(rt: MatchRuntime, p: Prompt, now: number): number | null {
    if (!p.timer) return null;
    let m = this.timerStarts.get(rt.row.id);
    if (!m) this.timerStarts.set(rt.row.id, (m = new Map()));
    let at = m.get(p.timer.key);
    if (at === undefined) m.set(p.timer.key, (at = now));
    return at + p.timer.seconds * 1000;
  }

  /** When the seat's decision times out (the earlier of its clock and a rule timer), or null. */
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
    for (const [key, exp] of ruleTimers)
      this.later(id, exp - now, () => this.host.guard(this.expire(rt, v, key)));
    for (const p of rt.prompts()) {
      if (p.optional) continue;
      const since = rt.promptSince.get(p.seat) ?? { at: now, v };
      const legal = rt.legal(p.seat);
      const windowAt = p.window ? since.at + this.holdOf(p) : now;
      // A decision with one legal action answers itself after the window's minimum time: a response
      // window (whoever holds a card or not), or a human's forced pass (shown, not clicked).
      if (legal.length === 1 && (p.window || rt.seatController(p.seat) === 'human')) {
        const at = since.at + this.holdOf(p);
        this.later(id, at - now, () => this.host.guard(this.auto(rt, v, p.seat, legal[0])));
        continue;
      }
      if (rt.seatController(p.seat) === 'bot') {
        const delay = rt.settings.botDelayMs ?? this.config.botDelayMs;
        this.later(id, Math.max(windowAt, now + delay) - now, () => this.host.guard(this.botMove(rt, v, p)));
        continue;
      }
      const dl = this.deadline(rt, p.seat);
      if (dl !== null) this.later(id, dl - now, () => this.host.guard(this.timeout(rt, v, p.seat)));
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
      const r = await this.host.submit(rt, p.seat, rt.v, def);
      if (!r.ok && r.code !== 'stale') break;
    }
  }

  private async auto(rt: MatchRuntime, v: number, seat: Seat, action: unknown): Promise<void> {
    if (rt.v !== v) return;
    await this.host.submit(rt, seat, v, action);
  }

  private async botMove(rt: MatchRuntime, v: number, p: Prompt): Promise<void> {
    if (rt.v !== v || this.closed) return;
    const name = rt.botOf(p.seat) ?? rt.settings.bots[p.seat] ?? 'random';
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
    const r = await this.host.submit(rt, p.seat, v, action);
    if (!r.ok && r.code !== 'stale' && rt.v === v) {
      // A faulty bot must not stall the table: fall back to the timeout default.
      await this.host.submit(rt, p.seat, v, rt.game.defaultAction(rt.state, p.seat));
    }
  }

  private async timeout(rt: MatchRuntime, v: number, seat: Seat): Promise<void> {
    if (rt.v !== v) return;
    if (rt.settings.onTimeout === 'bot') {
      await this.takeOver(rt, seat);
      return;
    }
    const def = rt.game.defaultAction(rt.state, seat);
    if (def !== null) await this.host.submit(rt, seat, v, def);
  }

  /** A bot takes a seat over (its player left or ran out of time, if the match allows it). */
  async takeOver(rt: MatchRuntime, seat: Seat): Promise<void> {
    const bot = rt.settings.bots[seat] ?? levelsOf(rt.game).at(-1)!;
    if (!(await rt.handToBot(seat, bot))) return;
    await this.host.seatsChanged(rt);
    this.schedule(rt);
  }
}
