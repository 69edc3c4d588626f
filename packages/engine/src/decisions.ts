/**
 * The decision-point kit: one object per kind of decision, everything about it side by side — who
 * decides, what their prompt says, the actions offered, how an answer is applied, the timeout default,
 * the rule a refusal cites — the way a rulebook says "X may do Y or Z; if he does nothing, Z" (Rally the
 * Troops' one-object-per-state modules are the model). A game's flow is a plain-data stack of frames in
 * its state (after bga-mars' operation stack): the base is the round or the turn, interrupts push
 * frames, resolving pops them. Each kind of frame has a node in one table, which the compiler checks
 * covers every kind; the kit derives `prompts`, `legalActions`, the dispatch of `apply`, `defaultAction`
 * and the run loop from that table, so adding or changing a decision touches one object.
 */
import type { ApplyResult, EventSink, Prompt, Seat } from './contract.js';
import type { RuleFailure } from './kit.js';

/** A frame of a game's operation stack: plain data tagged with its kind. */
export interface Frame {
  readonly k: string;
}

/** What a prompt says besides its seat and kind (kept by the kit from the node). */
export type PromptShape = Omit<Prompt, 'seat' | 'kind'>;

/** One kind of decision. `F` is the frame that waits for it, `A` the game's action type. */
export interface Decision<S, F, A> {
  /** The prompt's kind (namespaced by the game's message prefix, e.g. `xyz.build`): a UI picks its screen by it, the catalog its words. */
  readonly prompt: string;
  /** The rule an input that does not answer this decision is refused under. */
  readonly rule: string;
  /** The seats asked now, in the order their prompts are listed. */
  who(st: S, f: F): readonly Seat[];
  /** Whether `seat` is asked now (default: `who` includes it); a fast path for the legal listing. */
  asks?(st: S, f: F, seat: Seat): boolean;
  /** The prompt of one seat asked: its arguments and flags (window, secret, optional, timer, hold). */
  ask?(st: S, f: F, seat: Seat): PromptShape;
  /**
   * `ask` without a shape to copy (a fast path for a prompt listed at every action, e.g. a trading window):
   * writes the arguments and flags into `p`, a new prompt that holds its seat and kind. Used instead of
   * `ask` when given.
   */
  fill?(st: S, f: F, seat: Seat, p: Prompt): void;
  /** Appends every action offered to `seat` to `out`. */
  offers(st: S, f: F, seat: Seat, out: A[]): void;
  /** Applies an answer of `seat`, validating it completely first; a refusal changes nothing. */
  answer(st: S, f: F, seat: Seat, a: A, log: EventSink): ApplyResult;
  /** The deterministic timeout default of `seat` (the spec's decision-point table), or null. */
  byDefault(st: S, f: F, seat: Seat): A | null;
}

/** What happens to a frame of one kind: automatic work, a decision, or both (work, then a decision). */
export interface Node<S, F, A> {
  /**
   * Automatic work on the frame when it is on top: it may change the state, push and pop frames; it
   * returns true when the frame now waits for its decision. Without `run`, the frame always waits.
   */
  run?(st: S, f: F, log: EventSink): boolean;
  /** The decision the frame waits for; a frame without one must never wait. */
  decide?: Decision<S, F, A>;
  /**
   * For a frame that waits for different decisions as it goes on (an event card waits for its target,
   * then for a response window): the decision it waits for now, or null if none. Used instead of
   * `decide` when given; each decision is still one object.
   */
  decideBy?(st: S, f: F): Decision<S, F, A> | null;
}

/** A node for every kind of frame: a missing or misspelt kind is a compile error. */
export type FlowTable<S, F extends Frame, A> = { readonly [K in F['k']]: Node<S, Extract<F, { k: K }>, A> };

export interface FlowSpec<S, F extends Frame, A> {
  readonly table: FlowTable<S, F, A>;
  /** The frame stack inside the state (top = last). Either this or `top` is given. */
  stack?(st: S): F[];
  /**
   * The frame on top, for a game whose decisions are not kept as an array of kit frames (e.g. a frame per kind
   * derived from a pending decision in the state): used instead of `stack` when given, with no array built.
   */
  top?(st: S): F | undefined;
  /** Whether the game is over (nothing is asked then, and the run loop stops). */
  over(st: S): boolean;
  /** Called once when the run loop finds the game over (e.g. to clear what was still resolving). */
  onOver?(st: S, log: EventSink): void;
  /**
   * Checks before any decision (malformed input, a seat out of the game, inputs allowed at any time
   * such as resigning): a result ends `apply` with it, null lets the decision answer.
   */
  before?(st: S, seat: Seat, a: A, log: EventSink): ApplyResult | null;
  /** The refusal of an input from a seat that is not asked now (`decision` null: nobody is). */
  notAsked(st: S, seat: Seat, decision: Decision<S, F, A> | null): RuleFailure;
  /** Runs after every accepted answer, before the run loop goes on (checkpoints…). */
  after?(st: S, seat: Seat, a: A, log: EventSink): void;
  /** Automatic steps the run loop may take in a row before it decides the flow is stuck (default 1e6). */
  readonly maxSteps?: number;
}

/** The contract's decision functions, derived from a flow table. */
export interface Flow<S, F extends Frame, A> {
  /** Runs automatic work until the top frame waits for a decision or the game is over. */
  advance(st: S, log: EventSink): void;
  /** The frame waiting for a decision and its decision, or null. */
  current(st: S): { f: F; d: Decision<S, F, A> } | null;
  prompts(st: S): Prompt[];
  legalActions(st: S, seat: Seat): A[];
  apply(st: S, seat: Seat, a: A, log: EventSink): ApplyResult;
  defaultAction(st: S, seat: Seat): A | null;
}

/** Builds a game's decision functions from its flow table. */
export function flow<S, F extends Frame, A>(spec: FlowSpec<S, F, A>): Flow<S, F, A> {
  // Nodes and decisions copied into one shape each (the same keys in the same order): the run loop and the
  // decision functions below read their fields at every action, and a game's own objects come in as many
  // shapes as it has kinds (each literal with the fields it needs), which makes those reads megamorphic.
  const uniform = new Map<Decision<S, F, A>, Decision<S, F, A>>();
  const original = new Map<Decision<S, F, A>, Decision<S, F, A>>();
  const same = (d: Decision<S, F, A>): Decision<S, F, A> => {
    let u = uniform.get(d);
    if (u === undefined) {
      u = {
        prompt: d.prompt,
        rule: d.rule,
        who: d.who,
        asks: d.asks,
        ask: d.ask,
        fill: d.fill,
        offers: d.offers,
        answer: d.answer,
        byDefault: d.byDefault,
      };
      uniform.set(d, u);
      original.set(u, d);
    }
    return u;
  };
  const table = new Map<string, Node<S, F, A>>();
  for (const [k, n] of Object.entries(spec.table as unknown as Record<string, Node<S, F, A>>)) {
    const by = n.decideBy;
    // A decision a node picks as it goes is made uniform once; the last one is kept (asked several times an action).
    let lastRaw: Decision<S, F, A> | null = null;
    let lastSame: Decision<S, F, A> | null = null;
    table.set(k, {
      run: n.run,
      decide: n.decide === undefined ? undefined : same(n.decide),
      decideBy:
        by === undefined
          ? undefined
          : (st: S, f: F): Decision<S, F, A> | null => {
              const d = by(st, f);
              if (d === null || d === undefined) return null;
              if (d !== lastRaw) {
                lastRaw = d;
                lastSame = same(d);
              }
              return lastSame;
            },
    });
  }
  const max = spec.maxSteps ?? 1_000_000;
  const { over, before, after, onOver, notAsked } = spec;
  // The nodes of the last two kinds looked up: the same kind is asked several times an action (prompts, the
  // legal list, apply, the run loop), the run loop goes back and forth between two kinds (a turn and the round's
  // work), and a keyed lookup of varying kinds is slow on hot paths.
  let lastKind: string | undefined;
  let lastNode: Node<S, F, A> | undefined;
  let prevKind: string | undefined;
  let prevNode: Node<S, F, A> | undefined;
  const nodeOf = (f: F): Node<S, F, A> => {
    const k = f.k;
    if (k === lastKind) return lastNode!;
    let n: Node<S, F, A> | undefined;
    if (k === prevKind) n = prevNode!;
    else {
      n = table.get(k);
      if (n === undefined) throw new Error(`no node for frame kind "${k}"`);
    }
    prevKind = lastKind;
    prevNode = lastNode;
    lastKind = k;
    lastNode = n;
    return n;
  };
  const stackOf = spec.stack;
  const top =
    spec.top ??
    ((st: S): F | undefined => {
      if (!stackOf) throw new Error('a flow needs stack or top');
      const stack = stackOf(st);
      return stack[stack.length - 1];
    });
  // The hot paths below (prompts, legal actions, apply, defaults) each find the waiting frame and its
  // decision in line, with no object built and no helper between them.
  const decisionOf = (st: S, f: F): Decision<S, F, A> | null => {
    const n = nodeOf(f);
    return (n.decideBy ? n.decideBy(st, f) : n.decide) ?? null;
  };
  const current = (st: S): { f: F; d: Decision<S, F, A> } | null => {
    if (over(st)) return null;
    const f = top(st);
    if (f === undefined) return null;
    const d = decisionOf(st, f);
    return d ? { f, d: original.get(d) ?? d } : null; // the game's own decision object
  };

  const advance = (st: S, log: EventSink): void => {
    for (let i = 0; ; i++) {
      if (over(st)) {
        if (onOver) onOver(st, log);
        return;
      }
      const f = top(st);
      if (f === undefined) throw new Error('the operation stack is empty and the game is not over');
      const n = nodeOf(f);
      if (n.run === undefined || n.run(st, f, log)) {
        if (n.decide === undefined && (n.decideBy === undefined || !n.decideBy(st, f)))
          throw new Error(`frame "${f.k}" waits but has no decision`);
        return;
      }
      if (i >= max) throw new Error(`the flow ran ${max} automatic steps without a decision (at "${f.k}")`);
    }
  };

  return {
    advance,
    current,
    prompts(st) {
      if (over(st)) return [];
      const f = top(st);
      if (f === undefined) return [];
      const n = nodeOf(f);
      const d = n.decideBy ? n.decideBy(st, f) : n.decide;
      if (!d) return [];
      const kind = d.prompt;
      const who = d.who(st, f);
      if (who.length === 1) {
        // One seat asked (most decisions): a list of exactly one, not an empty list grown by a push.
        const seat = who[0]!;
        if (d.fill) {
          const p: Prompt = { seat, kind };
          d.fill(st, f, seat, p);
          return [p];
        }
        const shape = d.ask?.(st, f, seat);
        return [shape ? { seat, kind, ...shape } : { seat, kind }];
      }
      const out: Prompt[] = [];
      for (let i = 0; i < who.length; i++) {
        const seat = who[i]!;
        if (d.fill) {
          const p: Prompt = { seat, kind };
          d.fill(st, f, seat, p);
          out.push(p);
          continue;
        }
        const shape = d.ask?.(st, f, seat);
        out.push(shape ? { seat, kind, ...shape } : { seat, kind });
      }
      return out;
    },
    legalActions(st, seat) {
      const out: A[] = [];
      if (over(st)) return out;
      const f = top(st);
      if (f === undefined) return out;
      const n = nodeOf(f);
      const d = n.decideBy ? n.decideBy(st, f) : n.decide;
      if (d && (d.asks ? d.asks(st, f, seat) : d.who(st, f).includes(seat))) d.offers(st, f, seat, out);
      return out;
    },
    apply(st, seat, a, log) {
      if (before) {
        const pre = before(st, seat, a, log);
        if (pre) return pre;
      }
      const f = over(st) ? undefined : top(st);
      const d = f === undefined ? null : decisionOf(st, f);
      if (!d || !(d.asks ? d.asks(st, f!, seat) : d.who(st, f!).includes(seat))) return notAsked(st, seat, d);
      const r = d.answer(st, f!, seat, a, log);
      if (!r.ok) return r;
      if (after) after(st, seat, a, log);
      advance(st, log);
      return r;
    },
    defaultAction(st, seat) {
      if (over(st)) return null;
      const f = top(st);
      if (f === undefined) return null;
      const n = nodeOf(f);
      const d = n.decideBy ? n.decideBy(st, f) : n.decide;
      return d && (d.asks ? d.asks(st, f, seat) : d.who(st, f).includes(seat))
        ? d.byDefault(st, f, seat)
        : null;
    },
  };
}
