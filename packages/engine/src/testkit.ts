/**
 * Generic property checks over the contract, used by every game's test suite: random complete games
 * in which every step is checked for the invariants a Tabula game must keep, whatever its rules.
 */
import type { AnyGame, GameEvent, Locale, Prompt, Seat } from './contract.js';
import { canSee, LOCALES, SPECTATOR } from './contract.js';
import { canonicalJson, deepEqual, stateHash } from './json.js';
import { Rng } from './rng.js';
import type { GameRecord } from './record.js';
import { newRecord, replay } from './record.js';
import { choosePrompt, playGame } from './play.js';
import { changedDifferently } from './undo.js';
import type { PlayOptions } from './play.js';

export interface PropertyOptions<S> {
  seats: number;
  seed: string;
  options?: unknown;
  maxActions?: number;
  /** Invariants are checked after every action; views, sampled worlds and round trips every k actions. */
  checkEvery?: number;
  /** Game invariants (conservation, no negative counts…): returns a list of violations. */
  invariants?: (state: S) => string[];
  /**
   * Changes only what `seat` may not see (others' hands, deck order…) in place. If the view of
   * `seat` changes afterwards, the view leaks hidden information; if the public face of the prompt
   * list changes (`publicPrompts`), or a response window would run differently for `seat`
   * (`windowTrace`), the prompts leak it. To test response windows the perturbation must be able to
   * move hidden cards in and out of hands, so that the seats holding an answering card change.
   */
  perturbHidden?: (state: S, seat: Seat, rng: Rng) => void;
  /** Chooses among legal actions (default: uniform). */
  choose?: (legal: unknown[], rng: Rng, state: S, seat: Seat) => unknown;
}

export interface PropertyResult {
  actions: number;
  capped: boolean;
  winners: Seat[] | null;
  reason: string | null;
  record: GameRecord;
  /** Checks made while a response window was open, and how many of them compared two different sets of answering seats. */
  windowChecks: number;
  windowHolderChanges: number;
  /** Actions of a seat answering a response window (each checked to answer it: `windowAnswered`). */
  windowAnswers: number;
  /** Steps the game said revealed nothing (`reveals`), each checked in a perturbed world, and those it said did. */
  undoChecks: number;
  revealing: number;
}

export class PropertyViolation extends Error {}

/** How a batch of random property games ended: how many, their actions, the capped ones, the end reasons. */
export interface PropertyTally {
  games: number;
  actions: number;
  /** The longest game, in actions. */
  maxActions: number;
  capped: number;
  reasons: Record<string, number>;
  windowChecks: number;
  windowHolderChanges: number;
  windowAnswers: number;
  undoChecks: number;
  revealing: number;
}

function fail(o: { seed: string }, step: number, what: string): never {
  throw new PropertyViolation(`seed ${o.seed}, action ${step}: ${what}`);
}

/**
 * What everyone may learn from a prompt list: the seats waited for (not optional, not a response
 * window — the server's `waitingFor`), and the set of seats a response window is open for. The kinds
 * and arguments of prompts go to their own seat only.
 */
export function publicPrompts(prompts: readonly Prompt[]): { waiting: Seat[]; windows: Seat[] } {
  const waiting = new Set<Seat>();
  const windows = new Set<Seat>();
  for (const p of prompts) {
    if (p.window) windows.add(p.seat);
    else if (!p.optional) waiting.add(p.seat);
  }
  const sorted = (x: Set<Seat>) => [...x].sort((a, b) => a - b);
  return { waiting: sorted(waiting), windows: sorted(windows) };
}

/** One moment of a response window as an observer sees it. */
interface WindowMoment {
  view: unknown;
  prompts: { waiting: Seat[]; windows: Seat[] };
}

/**
 * A response window as `observer` lives it, played by the server's rule: every round (the uniform
 * minimum time) each window seat whose only legal action is its default is answered at once; a seat
 * with a real choice (a holder) takes the time it wants. The trace records what the observer sees at
 * the start of every round and stops when the window's outcome became public (an event everyone
 * sees, or no window left: `closed`) or when a holder is left thinking (`holder`, with what the
 * observer sees meanwhile). Two worlds that differ only in what the observer cannot see must give
 * the same trace: the same moments, and a holder's thinking must start in the same round as the
 * other world's close — so neither the window's views, its prompt list nor its length tell who holds
 * what (`Prompt.window`).
 */
export function windowTrace(
  game: AnyGame,
  state: unknown,
  observer: Seat,
  maxRounds = 64,
): { moments: WindowMoment[]; end: 'closed' | 'holder'; rounds: number } {
  const s = game.clone(state);
  const moments: WindowMoment[] = [];
  for (let round = 1; round <= maxRounds; round++) {
    const ps = game.prompts(s) as Prompt[];
    const win = ps.filter((p) => p.window);
    if (win.length === 0) return { moments, end: 'closed', rounds: round - 1 };
    moments.push({ view: game.view(s, observer), prompts: publicPrompts(ps) });
    const holders: Seat[] = [];
    const log: GameEvent[] = [];
    for (const p of win) {
      const legal = game.legalActions(s, p.seat) as unknown[];
      if (legal.length !== 1) {
        holders.push(p.seat);
        continue;
      }
      const r = game.apply(s, p.seat, legal[0], log);
      if (!r.ok) throw new PropertyViolation(`a window's only action was rejected: ${r.error.message}`);
    }
    if (log.some((e) => canSee(e, SPECTATOR))) return { moments, end: 'closed', rounds: round };
    if (holders.length) {
      // Every other seat has answered; the holders think. This is what the table sees meanwhile: the
      // window seats left are the holders, so only the seats waited for outside the window count.
      const waiting = publicPrompts(game.prompts(s) as Prompt[]).waiting;
      moments.push({ view: game.view(s, observer), prompts: { waiting, windows: [] } });
      return { moments, end: 'holder', rounds: round };
    }
  }
  return { moments, end: 'closed', rounds: maxRounds };
}

/**
 * A response window is answered in exactly one action (the contract's `Prompt.window`): null if it was,
 * else what is wrong. `before` and `after` are the prompt lists around one action of `seat`, whose every
 * prompt before was a window prompt; `log` is what the action wrote. Afterwards the seat may have a
 * window prompt only if a new window opened, which is told by the old one's outcome having become
 * public: an event everyone sees (a window answered secretly by some seats while others still think
 * writes nothing public, and neither does a step of an answer). Otherwise every action is a new
 * version of the match that the server announces to every seat, and a seat whose answer took several
 * steps would tell the table, by their count, that it held a card to answer with.
 */
export function windowAnswered(
  before: readonly Prompt[],
  after: readonly Prompt[],
  seat: Seat,
  log: readonly GameEvent[],
): string | null {
  const mine = before.filter((p) => p.seat === seat);
  if (mine.length === 0 || !mine.every((p) => p.window)) return null;
  const still = after.find((p) => p.seat === seat && p.window);
  if (!still || log.some((e) => canSee(e, SPECTATOR))) return null;
  return `seat ${seat} acted in a response window (${mine[0]!.kind}) and is still asked (${still.kind}) with nothing made public: a window must be answered in exactly one action`;
}

/** Null if the two traces of one window are indistinguishable to their observer, else what differs. */
function windowTraceDiff(
  a: ReturnType<typeof windowTrace>,
  b: ReturnType<typeof windowTrace>,
): string | null {
  if (a.rounds !== b.rounds) return `it lasts ${a.rounds} rounds in one world and ${b.rounds} in the other`;
  // The start of every round compares; so does what the table sees while holders think, if both
  // worlds have one. A holder thinking where the other world's window has closed is the one thing a
  // window may show (somebody holds a card), so that last moment is not compared then.
  const n = a.end === 'holder' && b.end === 'holder' ? a.rounds + 1 : a.rounds;
  for (let i = 0; i < n; i++) {
    if (!deepEqual(a.moments[i]!.prompts, b.moments[i]!.prompts))
      return `its prompt list differs in moment ${i + 1}`;
    if (!deepEqual(a.moments[i]!.view, b.moments[i]!.view)) return `its view differs in moment ${i + 1}`;
  }
  return null;
}

export function runPropertyGame<S>(game: AnyGame, o: PropertyOptions<S>): PropertyResult {
  const opts = game.parseOptions(o.options ?? {});
  if (!opts.ok) throw new Error(opts.error.message);
  const setup = game.setup(opts.value, o.seats, o.seed);
  if (!setup.ok) throw new Error(setup.error.message);
  const state = setup.value as S;
  const record = newRecord(game, opts.value, o.seats, o.seed);
  const rng = new Rng(`props:${o.seed}`);
  const every = o.checkEvery ?? 1;
  const max = o.maxActions ?? 200_000;
  let step = 0;
  const cheap = () => {
    const bad = o.invariants?.(state) ?? [];
    if (bad.length) fail(o, step, `invariant broken: ${bad.join('; ')}`);
  };
  let windowChecks = 0;
  let windowHolderChanges = 0;
  let windowAnswers = 0;
  let undoChecks = 0;
  let revealing = 0;
  /** Window seats with a real choice (holders of an answering card). */
  const choosers = (s: unknown) =>
    (game.prompts(s) as Prompt[])
      .filter((p) => p.window && game.legalActions(s, p.seat).length > 1)
      .map((p) => p.seat);
  const check = () => {
    const shown = publicPrompts(game.prompts(state));
    const json = JSON.parse(JSON.stringify(state));
    if (!deepEqual(json, state)) fail(o, step, 'state does not survive a JSON round trip');
    if (!deepEqual(game.clone(state), state)) fail(o, step, 'clone differs from the state');
    for (let seat = SPECTATOR; seat < o.seats; seat++) {
      const view = game.view(state, seat);
      const world = game.sampleWorld(view, seat, rng.fork('world'));
      const wb = o.invariants?.(world) ?? [];
      if (wb.length) fail(o, step, `sampled world for seat ${seat} breaks invariants: ${wb.join('; ')}`);
      if (!deepEqual(game.view(world, seat), view))
        fail(o, step, `sampled world for seat ${seat} does not reproduce its view`);
      if (seat >= 0) {
        if (game.botView && !deepEqual(game.botView(state, seat), view))
          fail(o, step, `the bot view of seat ${seat} differs from its view`);
        if (!deepEqual(game.legalActions(world, seat), game.legalActions(state, seat)))
          fail(o, step, `legal actions of seat ${seat} depend on information it cannot see`);
        const mine = (p: { seat: Seat }[]) => p.filter((x) => x.seat === seat);
        if (!deepEqual(mine(game.prompts(world)), mine(game.prompts(state))))
          fail(o, step, `prompts of seat ${seat} depend on information it cannot see`);
      }
      if (o.perturbHidden && !game.outcome(state)) {
        const other = game.clone(state);
        o.perturbHidden(other, seat, rng.fork('perturb'));
        if (!deepEqual(game.view(other, seat), view))
          fail(o, step, `view of seat ${seat} changes when only hidden information changes`);
        if (!deepEqual(publicPrompts(game.prompts(other)), shown))
          fail(o, step, `the prompt list tells seat ${seat} information it cannot see`);
        if (shown.windows.length) {
          windowChecks++;
          if (!deepEqual(choosers(other), choosers(state))) windowHolderChanges++;
          const diff = windowTraceDiff(windowTrace(game, state, seat), windowTrace(game, other, seat));
          if (diff) fail(o, step, `a response window tells seat ${seat} information it cannot see: ${diff}`);
        }
      }
    }
    // A rejected action must leave the state untouched.
    const before = stateHash(state);
    const r = game.apply(state, 0, { type: '__not_an_action__' });
    if (r.ok) fail(o, step, 'an unknown action was accepted');
    if (stateHash(state) !== before) fail(o, step, 'a rejected action changed the state');
  };
  for (;;) {
    cheap();
    if (step % every === 0) check();
    if (game.outcome(state)) break;
    if (step >= max)
      return {
        actions: step,
        capped: true,
        winners: null,
        reason: null,
        record,
        windowChecks,
        windowHolderChanges,
        windowAnswers,
        undoChecks,
        revealing,
      };
    const prompts = game.prompts(state) as Prompt[];
    const prompt = choosePrompt(prompts, rng);
    if (!prompt) fail(o, step, 'no prompt and no outcome: the game is stuck');
    const seat = prompt.seat;
    const legal = game.legalActions(state, seat);
    if (legal.length === 0)
      fail(o, step, `seat ${seat} is prompted (${prompt.kind}) but has no legal action`);
    const def = game.defaultAction(state, seat);
    if (!prompt.optional && (def === null || !legal.some((a) => deepEqual(a, def))))
      fail(
        o,
        step,
        `the timeout default of seat ${seat} (${prompt.kind}) is not a legal action: ${JSON.stringify(def)}`,
      );
    const action = o.choose ? o.choose(legal, rng, state, seat) : rng.pick(legal);
    // An answer to a response window is written to a log, to tell whether its window ended in public.
    const windowed = prompt.window === true;
    // Taking steps back: what the game says of this step is checked where the other checks are made.
    const undoCheck = !!game.reveals && !!o.perturbHidden && step % every === 0;
    const log: GameEvent[] | undefined = windowed || undoCheck ? [] : undefined;
    const before = undoCheck ? game.clone(state) : null;
    const r = game.apply(state, seat, action, log);
    if (!r.ok)
      fail(o, step, `a listed legal action was rejected: ${JSON.stringify(action)}: ${r.error.message}`);
    if (before) {
      if (game.reveals!(before, state, seat, action, log!)) revealing++;
      else {
        // Nothing revealed: in a world where only what the seat could not see differs, the step changes
        // every seat's view (and the public one) in the very same way.
        undoChecks++;
        const other = game.clone(before);
        o.perturbHidden!(other, seat, rng.fork('undo'));
        const otherBefore = game.clone(other);
        const log2: GameEvent[] = [];
        const r2 = game.apply(other, seat, action, log2);
        if (!r2.ok)
          fail(
            o,
            step,
            `a legal action was refused in a world the seat cannot tell apart: ${r2.error.message}`,
          );
        // A perturbed world may be one no game reaches (another seat's hidden cards past a threshold the
        // rules would have announced already): where the game says the step reveals, it is not compared.
        const alsoQuiet = !game.reveals!(otherBefore, other, seat, action, log2);
        for (let w = SPECTATOR; alsoQuiet && w < o.seats; w++) {
          const diff = changedDifferently(
            game.view(before, w),
            game.view(state, w),
            game.view(otherBefore, w),
            game.view(other, w),
          );
          if (diff.length)
            fail(
              o,
              step,
              `reveals() says seat ${seat}'s ${JSON.stringify(action)} revealed nothing, but it changes the view of ${
                w === SPECTATOR ? 'spectators' : `seat ${w}`
              } differently when only what seat ${seat} cannot see differs: ${diff.slice(0, 4).join('; ')}`,
            );
        }
      }
    }
    if (windowed) {
      windowAnswers++;
      const bad = windowAnswered(prompts, game.prompts(state) as Prompt[], seat, log!);
      if (bad) fail(o, step, `${bad}: ${JSON.stringify(action)}`);
    }
    record.actions.push({ seat, action });
    step++;
  }
  if (game.prompts(state).length !== 0) fail(o, step, 'the game is over but still prompts');
  const again = replay<S>(game, record);
  if (!again.ok) fail(o, step, `replay failed: ${again.error.message}`);
  if (stateHash(again.value) !== stateHash(state)) fail(o, step, 'replay reached a different state hash');
  const out = game.outcome(state)!;
  record.outcome = out;
  return {
    actions: step,
    capped: false,
    winners: out.winners,
    reason: out.reason,
    record,
    windowChecks,
    windowHolderChanges,
    windowAnswers,
    undoChecks,
    revealing,
  };
}

/** A tally of no games, to add property games to. */
export function emptyPropertyTally(): PropertyTally {
  return {
    games: 0,
    actions: 0,
    maxActions: 0,
    capped: 0,
    reasons: {},
    windowChecks: 0,
    windowHolderChanges: 0,
    windowAnswers: 0,
    undoChecks: 0,
    revealing: 0,
  };
}

/** Runs one property game per options (runPropertyGame) and tallies how they ended. */
export function runPropertyGames<S>(game: AnyGame, runs: Iterable<PropertyOptions<S>>): PropertyTally {
  const t = emptyPropertyTally();
  for (const o of runs) {
    const r = runPropertyGame<S>(game, o);
    t.games++;
    t.actions += r.actions;
    t.maxActions = Math.max(t.maxActions, r.actions);
    t.windowChecks += r.windowChecks;
    t.windowHolderChanges += r.windowHolderChanges;
    t.windowAnswers += r.windowAnswers;
    t.undoChecks += r.undoChecks;
    t.revealing += r.revealing;
    if (r.capped) t.capped++;
    else t.reasons[r.reason!] = (t.reasons[r.reason!] ?? 0) + 1;
  }
  return t;
}

// ================================================================ refusals name their rule

/** What a message shown to a player must never contain: an unfilled slot or a stringified nothing. */
const PLACEHOLDER = /[{}]|undefined|NaN|\[object|\bnull\b/;

const DOUBLE_STOP = /(^|[^.])\.\.(?!\.)/;
const keyPatterns = new Map<string, RegExp>();

/** Why a text shown to a player is broken (a placeholder, a raw message key, a double full stop), or null. */
export function textDefect(text: unknown, keyPrefixes: readonly string[]): string | null {
  if (typeof text !== 'string') return `not a string (${String(text)})`;
  if (text.trim() === '') return 'empty';
  const m = PLACEHOLDER.exec(text);
  if (m) return `contains "${m[0]}"`;
  if (keyPrefixes.length) {
    const id = keyPrefixes.join('|');
    let re = keyPatterns.get(id);
    if (!re) keyPatterns.set(id, (re = new RegExp(`(?:^|[^\\w])(${id})\\.[A-Za-z]`)));
    const k = re.exec(text);
    if (k) return `shows a raw message key ("${k[1]}.…")`;
  }
  if (DOUBLE_STOP.test(text)) return 'has a double full stop';
  return null;
}

/** The first segments of a game's message keys ("xyz"…): a text containing "xyz.x" shows a raw key. */
export function messageKeyPrefixes(game: AnyGame): string[] {
  const set = new Set<string>();
  for (const k of Object.keys(game.messages.en ?? {})) set.add(k.split('.')[0]!);
  return [...set];
}

export interface RefusalOptions {
  seats: number;
  seed: string;
  options?: unknown;
  /** The game is stopped (without failing) after this many actions. */
  maxActions?: number;
  /** Candidates are built at every `every`-th step (default 10). */
  every?: number;
  /** At most this many candidates per seat and examined state (default 24). */
  perSeat?: number;
  /** Receives each violation instead of throwing at the first (to list them all while fixing). */
  report?: (violation: string) => void;
  /** Chooses the action played among the legal ones (default: uniform), e.g. to play longer games. */
  choose?: (legal: unknown[], rng: Rng) => unknown;
}

export interface RefusalTally {
  games: number;
  states: number;
  candidates: number;
  refused: number;
  /** Codes seen, with how often. */
  codes: Record<string, number>;
  /** Unlisted candidates that apply accepted (seat, action, state step), at most 20 kept. */
  accepted: string[];
  acceptedCount: number;
  /** Rule IDs the refusals cited, with how often. */
  rules: Record<string, number>;
}

/** Every listed action of every seat met so far (all games of one run): candidates "from other points of the game". */
class ActionPool {
  readonly list: Record<string, unknown>[] = [];
  private readonly seen = new Set<string>();
  /** Values met per field name (other ids, other numbers…). */
  readonly values = new Map<string, unknown[]>();
  readonly types = new Set<string>();
  add(a: unknown): void {
    if (!a || typeof a !== 'object') return;
    const key = canonicalJson(a);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (this.list.length < 4000) this.list.push(a as Record<string, unknown>);
    const t = (a as { type?: unknown }).type;
    if (typeof t === 'string') this.types.add(t);
    for (const [k, v] of Object.entries(a as Record<string, unknown>)) {
      if (k === 'type') continue;
      let vs = this.values.get(k);
      if (!vs) this.values.set(k, (vs = []));
      if (vs.length < 64 && !vs.some((x) => deepEqual(x, v))) vs.push(v);
    }
  }
}

/** Small changes of one value: other numbers (out of range too), other strings met, flipped flags, shorter lists. */
function mutateValue(v: unknown, field: string, pool: ActionPool, rng: Rng, depth: number): unknown[] {
  const out: unknown[] = [];
  const others = (pool.values.get(field) ?? []).filter((x) => !deepEqual(x, v));
  if (others.length) out.push(rng.pick(others));
  if (typeof v === 'number') out.push(v + 1, v - 1, -1, 99, 1000, v + 0.5);
  else if (typeof v === 'string') out.push('__nothing__', '');
  else if (typeof v === 'boolean') out.push(!v);
  else if (v === null) out.push(0, '__nothing__');
  else if (Array.isArray(v)) {
    out.push([]);
    if (v.length) {
      out.push(v.slice(1), [...v, v[0]]);
      if (depth < 3) {
        const i = rng.int(v.length);
        for (const x of mutateValue(v[i], field, pool, rng, depth + 1)) {
          const w = v.slice();
          w[i] = x;
          out.push(w);
        }
      }
    } else out.push([0], ['__nothing__']);
  } else if (typeof v === 'object' && v) {
    const o = v as Record<string, unknown>;
    out.push({});
    const keys = Object.keys(o);
    if (keys.length && depth < 3) {
      const k = rng.pick(keys);
      for (const x of mutateValue(o[k], k, pool, rng, depth + 1)) out.push({ ...o, [k]: x });
      const rest = { ...o };
      delete rest[k];
      out.push(rest);
    }
  }
  return out;
}

/** Mutations of one listed action: each field changed or dropped, fields of other actions added, other types. */
function mutateAction(a: Record<string, unknown>, pool: ActionPool, rng: Rng): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const k of Object.keys(a)) {
    if (k === 'type') continue;
    for (const x of mutateValue(a[k], k, pool, rng, 0)) out.push({ ...a, [k]: x });
    const rest = { ...a };
    delete rest[k];
    out.push(rest);
  }
  // A field the action does not have, with a value met elsewhere.
  const fields = [...pool.values.keys()].filter((k) => !(k in a));
  if (fields.length) {
    const k = rng.pick(fields);
    out.push({ ...a, [k]: rng.pick(pool.values.get(k)!) });
  }
  // The same fields under another type of the game.
  const types = [...pool.types].filter((t) => t !== a.type);
  if (types.length) out.push({ ...a, type: rng.pick(types) });
  return out;
}

/**
 * Refusals name their rule: over the states of one random game, for every seat, builds actions that
 * `legalActions` does NOT list (mutations of listed actions — other ids, out-of-range numbers, dropped
 * or foreign fields, other action types —, the listed actions of other seats, and actions listed at other
 * points of this game or of earlier games of the run, a type the game does not have), applies each to a clone and checks that every
 * refusal (1) cites a rule that has a text for players (`rules`, by default the IDs of the game's
 * `ruleTexts`: the player can open the rule that refused them), (2) has a non-empty
 * message with no placeholder, whose code is a message of both catalogs rendering without placeholder,
 * (3) writes no event and (4) leaves the state unchanged. Resignation (`{type:'resign'}`) is accepted while
 * unlisted by design and is never a candidate. Unlisted candidates that are accepted are counted in the
 * tally (some games accept equivalent spellings of a listed action) and are not checked further.
 */
export function runRefusalGames(
  game: AnyGame,
  runs: Iterable<RefusalOptions>,
  rules: ReadonlySet<string> = new Set(Object.keys(game.ruleTexts?.en ?? {})),
): RefusalTally {
  const t: RefusalTally = {
    games: 0,
    states: 0,
    candidates: 0,
    refused: 0,
    codes: {},
    accepted: [],
    acceptedCount: 0,
    rules: {},
  };
  const pool = new ActionPool();
  const prefixes = messageKeyPrefixes(game);
  const checkedCodes = new Set<string>();
  const seatName = (s: Seat) => `Player ${s + 1}`;
  for (const o of runs) {
    const opts = game.parseOptions(o.options ?? {});
    if (!opts.ok) throw new Error(opts.error.message);
    const setup = game.setup(opts.value, o.seats, o.seed);
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value;
    const rng = new Rng(`refusals:${o.seed}`);
    const every = o.every ?? 10;
    const perSeat = o.perSeat ?? 24;
    const max = o.maxActions ?? 100_000;
    t.games++;
    for (let step = 0; !game.outcome(state) && step < max; step++) {
      const prompt = choosePrompt(game.prompts(state), rng);
      if (!prompt) fail(o, step, 'no prompt and no outcome: the game is stuck');
      const legalOf: unknown[][] = [];
      for (let s = 0; s < o.seats; s++) legalOf.push(game.legalActions(state, s));
      for (const l of legalOf) for (const a of l) pool.add(a);
      if (step % every === 0) {
        t.states++;
        const before = canonicalJson(state);
        let copy = game.clone(state);
        for (let s = 0; s < o.seats; s++) {
          const listed = new Set(legalOf[s]!.map((a) => canonicalJson(a)));
          const cands: unknown[] = [];
          const mine = legalOf[s]!;
          for (let i = 0; i < Math.min(3, mine.length); i++)
            cands.push(...mutateAction(rng.pick(mine) as Record<string, unknown>, pool, rng));
          for (let q = 0; q < o.seats; q++)
            if (q !== s && legalOf[q]!.length) cands.push(rng.pick(legalOf[q]!));
          for (let i = 0; i < 6 && pool.list.length; i++) cands.push(rng.pick(pool.list));
          for (const ty of pool.types) cands.push({ type: ty });
          cands.push({ type: '__not_an_action__' });
          rng.shuffle(cands);
          const tried = new Set<string>();
          for (const a of cands) {
            if (tried.size >= perSeat) break;
            if ((a as { type?: unknown }).type === 'resign') continue;
            const key = canonicalJson(a);
            if (listed.has(key) || tried.has(key)) continue;
            tried.add(key);
            t.candidates++;
            const log: GameEvent[] = [];
            const what = `seat ${s}, ${key}`;
            let r: ReturnType<AnyGame['apply']>;
            try {
              r = game.apply(copy, s, a, log);
            } catch (x) {
              const msg = `${what} made apply throw: ${(x as Error).message}`;
              if (o.report) o.report(`seed ${o.seed}, action ${step}: ${msg}`);
              else fail(o, step, msg);
              copy = game.clone(state);
              continue;
            }
            if (r.ok) {
              t.acceptedCount++;
              if (t.accepted.length < 20) t.accepted.push(`${o.seed} step ${step}: ${what}`);
              copy = game.clone(state);
              continue;
            }
            t.refused++;
            const bad = (msg: string) => {
              if (o.report) o.report(`seed ${o.seed}, action ${step}: ${msg}`);
              else fail(o, step, msg);
            };
            const e = r.error;
            t.codes[e.code] = (t.codes[e.code] ?? 0) + 1;
            if (e.rule) t.rules[e.rule] = (t.rules[e.rule] ?? 0) + 1;
            if (!e.rule || !rules.has(e.rule))
              bad(
                `${what} refused (${e.code}: ${e.message}) with ${e.rule ? `unknown rule ${e.rule}` : 'no rule'}`,
              );
            const m = textDefect(e.message, prefixes);
            if (m) bad(`${what} refused with a message that ${m}: ${JSON.stringify(e.message)}`);
            if (!checkedCodes.has(e.code) || e.params) {
              checkedCodes.add(e.code);
              for (const l of LOCALES) {
                if (game.messages[l]?.[e.code] === undefined)
                  bad(`${what} refused with code ${e.code}, which is not a message in '${l}'`);
                const text = game.formatEvent({ key: e.code, params: e.params ?? {} }, l, seatName);
                const d = textDefect(text, prefixes);
                if (d) bad(`code ${e.code} in '${l}' renders a text that ${d}: ${JSON.stringify(text)}`);
              }
            }
            if (log.length) bad(`${what} was refused but wrote events: ${JSON.stringify(log)}`);
            if (canonicalJson(copy) !== before) {
              bad(`${what} was refused but changed the state`);
              copy = game.clone(state);
            }
          }
        }
      }
      const seat = prompt.seat;
      const action = o.choose ? o.choose(legalOf[seat]!, rng) : rng.pick(legalOf[seat]!);
      const r = game.apply(state, seat, action);
      if (!r.ok)
        fail(o, step, `a listed legal action was rejected: ${JSON.stringify(action)}: ${r.error.message}`);
    }
  }
  return t;
}

// ================================================================ texts: no placeholder, no raw key

export interface TextOptions {
  seats: number;
  seed: string;
  options?: unknown;
  maxActions?: number;
  /** Every legal action of the deciding seat and every prompt are described at every `every`-th step (default 1). */
  every?: number;
  /** Chooses the action played among the legal ones (default: uniform). */
  choose?: (legal: unknown[], rng: Rng) => unknown;
  /** Receives each defect instead of throwing at the first. */
  report?: (defect: string) => void;
  /**
   * Words a prompt text must not start with, per locale: the shell already writes them before it
   * (the web's "Your turn: …").
   */
  promptPrefix?: Partial<Record<Locale, string>>;
  /** What no text may contain (a game's internal ids, e.g. map node ids): a defect where it matches. */
  forbid?: RegExp;
  /**
   * Also render, at every `every`-th step, the deciding seat's text view and its prompts through the
   * game's `describePrompt` (as the command line and the browser show them).
   */
  seatTexts?: boolean;
}

export interface TextTally {
  games: number;
  actions: number;
  /** Texts rendered and checked. */
  texts: number;
}

/**
 * No text shows a placeholder: over random games, every chosen action is described (with the state,
 * and as a browser does, with `state = null` and the seat's view), every legal action of the deciding
 * seat and every prompt (`<prefix>.prompt.<kind>` with its args) at every `every`-th step, every event
 * (`formatEvent`) and the final text view, in English and Russian; each text must be non-empty and free
 * of `{`, `}`, `undefined`, `NaN`, `null`, `[object`, raw message keys and double full stops.
 */
export function runTextGames(game: AnyGame, runs: Iterable<TextOptions>): TextTally {
  const t: TextTally = { games: 0, actions: 0, texts: 0 };
  const prefixes = messageKeyPrefixes(game);
  for (const o of runs) {
    const names = {
      en: (s: Seat) => `Player ${s + 1}`,
      ru: (s: Seat) => `Игрок ${s + 1}`,
    } as Record<Locale, (s: Seat) => string>;
    const bad = (step: number, what: string) => {
      const msg = `seed ${o.seed}, action ${step}: ${what}`;
      if (o.report) o.report(msg);
      else throw new PropertyViolation(msg);
    };
    let step = 0;
    const check = (text: unknown, what: () => string) => {
      t.texts++;
      const d =
        textDefect(text, prefixes) ??
        (o.forbid && typeof text === 'string' && o.forbid.test(text)
          ? `contains "${o.forbid.exec(text)![0]}"`
          : null);
      if (d) bad(step, `${what()} ${d}: ${JSON.stringify(text)}`);
    };
    const opts = game.parseOptions(o.options ?? {});
    if (!opts.ok) throw new Error(opts.error.message);
    const log: GameEvent[] = [];
    const setup = game.setup(opts.value, o.seats, o.seed, log);
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value;
    const rng = new Rng(`texts:${o.seed}`);
    const every = o.every ?? 1;
    const max = o.maxActions ?? 100_000;
    let seen = 0;
    const events = () => {
      for (; seen < log.length; seen++) {
        const e = log[seen]!;
        for (const l of LOCALES) check(game.formatEvent(e, l, names[l]), () => `event ${e.key} in '${l}'`);
      }
    };
    const describe = (seat: Seat, a: unknown, view: unknown) => {
      for (const l of LOCALES) {
        check(
          game.describeAction(state, seat, a, l, names[l]),
          () => `action ${JSON.stringify(a)} in '${l}'`,
        );
        check(
          game.describeAction(null, seat, a, l, names[l], view),
          () => `action ${JSON.stringify(a)} described from the view in '${l}'`,
        );
      }
    };
    t.games++;
    for (; !game.outcome(state) && step < max; step++) {
      events();
      const prompts = game.prompts(state);
      const prompt = choosePrompt(prompts, rng);
      if (!prompt) throw new PropertyViolation(`seed ${o.seed}, action ${step}: the game is stuck`);
      const seat = prompt.seat;
      const legal = game.legalActions(state, seat);
      const view = game.view(state, seat);
      if (step % every === 0) {
        for (const a of legal) describe(seat, a, view);
        if (o.seatTexts)
          for (const l of LOCALES) {
            check(game.renderText(view, l, names[l]), () => `the text view of seat ${seat} in '${l}'`);
            if (game.describePrompt)
              for (const p of prompts)
                if (p.seat === seat)
                  check(
                    game.describePrompt(p, view, l, names[l]),
                    () => `prompt ${p.kind} in words in '${l}'`,
                  );
          }
        for (const p of prompts) {
          const key = `${p.kind.split('.')[0]}.prompt.${p.kind}`;
          for (const l of LOCALES) {
            const text = game.formatEvent({ key, params: p.args ?? {} }, l, names[l]);
            if (text === key) continue; // no prompt text: the shell shows the kind
            check(text, () => `prompt ${p.kind} in '${l}'`);
            const pre = o.promptPrefix?.[l];
            if (pre && text.toLowerCase().startsWith(pre.toLowerCase()))
              bad(
                step,
                `prompt ${p.kind} in '${l}' starts with "${pre}", which the shell already writes: ${text}`,
              );
          }
        }
      }
      const action = o.choose ? o.choose(legal, rng) : rng.pick(legal);
      if (step % every !== 0) describe(seat, action, view);
      const r = game.apply(state, seat, action, log);
      if (!r.ok)
        throw new PropertyViolation(
          `seed ${o.seed}, action ${step}: a listed legal action was rejected: ${JSON.stringify(action)}`,
        );
      t.actions++;
    }
    events();
    for (const l of LOCALES)
      check(game.renderText(game.view(state, SPECTATOR), l, names[l]), () => `the final text view in '${l}'`);
  }
  return t;
}

// ================================================================ rule texts: players' words

/**
 * What a rule text shown to players must not contain: the specification's notation (rule IDs, brackets,
 * placeholders, field names in camelCase or snake_case) and the words of the implementation, in English
 * and in Russian.
 */
export const RULE_TEXT_FORBIDDEN: readonly RegExp[] = [
  /\b[A-Z]{2,4}-[A-Z]+-\d+/,
  /[{}[\]<>`*_|]/,
  /\b(engine|state|seed|generator|multiset|array|ids?|null|undefined|enum|index|timeout|default)\b/i,
  /Decision:|Rationale|\bRULEBOOK\b|\bspec\b|\bDP-\d/i,
  /\b[a-z]+[A-Z]\w*/,
  /движ(ок|к[аеу]|ком)|состояни[еяю]|\bсид|генератор|мультимножеств|массив|идентификатор|Решение:|Обоснование|спецификац/i,
];

/**
 * Latin a Russian rule text may contain besides the game's own names: the site's name, Roman numerals,
 * labels printed on a board (an area "6D").
 */
const RULE_TEXT_LATIN = /\b(Tabula|[IVX]+|\d+[A-Z])\b/g;

/**
 * Why a rule text is not fit to show a player (missing, too long, internal notation, wrong script), or null.
 * `names`: Latin words a Russian text may keep as they are (the game's own name, e.g. its English title).
 */
export function ruleTextDefect(text: unknown, locale: Locale, names: readonly string[] = []): string | null {
  if (typeof text !== 'string' || text.trim() === '') return 'missing';
  if (text.length > 600) return `too long (${text.length} characters)`;
  for (const re of RULE_TEXT_FORBIDDEN) {
    const m = re.exec(text);
    if (m) return `contains "${m[0]}"`;
  }
  if (DOUBLE_STOP.test(text)) return 'has a double full stop';
  const cyrillic = /[А-Яа-яЁё]/.test(text);
  if (locale === 'ru') {
    if (!cyrillic) return 'is not in Cyrillic';
    // Latin letters only in names Russian players read as they are (Tabula, the game's name, Roman numerals).
    let rest = text.replace(RULE_TEXT_LATIN, '');
    for (const n of names) rest = rest.split(n).join('');
    const latin = /[A-Za-z]+/.exec(rest);
    if (latin) return `has a Latin word ("${latin[0]}")`;
  }
  if (locale === 'en' && cyrillic) return 'has Cyrillic letters';
  return null;
}

/**
 * The rule IDs the events of complete games cite (the log's rule links), with how often: each run is
 * played with `playGame` (its bots), its events collected.
 */
export function eventRules(game: AnyGame, runs: Iterable<PlayOptions>): Map<string, number> {
  const ids = new Map<string, number>();
  for (const o of runs) {
    const r = playGame(game, { ...o, events: true });
    for (const e of r.events ?? []) for (const id of e.rules ?? []) ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  return ids;
}

/**
 * What is wrong with a game's rule texts for players: every ID of `cited` (events, refusals, decisions)
 * needs a text in every locale, both locales have the same IDs, and every text is fit to show
 * (`ruleTextDefect`). Empty when all is well.
 */
export function ruleTextProblems(game: AnyGame, cited: Iterable<string>): string[] {
  const out: string[] = [];
  const texts = game.ruleTexts;
  if (!texts) return ['the game has no rule texts'];
  for (const id of new Set(cited))
    for (const l of LOCALES) if (!texts[l]?.[id]?.trim()) out.push(`${id}: no text in '${l}'`);
  const all = new Set(LOCALES.flatMap((l) => Object.keys(texts[l] ?? {})));
  // The game's own name in English may stand in a Russian text as it is (a title players know).
  const title = game.info ? game.messages?.en?.[game.info.name] : undefined;
  const names = title && /[A-Za-z]/.test(title) ? [title] : [];
  for (const id of all)
    for (const l of LOCALES) {
      const d = ruleTextDefect(texts[l]?.[id], l, names);
      if (d) out.push(`${id} in '${l}': ${d}${texts[l]?.[id] ? `: ${texts[l][id]}` : ''}`);
    }
  return [...new Set(out)];
}
