/**
 * Information-Set Monte Carlo Tree Search over the engine contract (single-observer ISMCTS: Cowling,
 * Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).
 *
 * The bot is told only what a human in its seat would see (`BotContext`: its view, its legal actions, its
 * prompt). Every iteration plays in a complete state consistent with that view (`sampleWorld` with the
 * bot's own random stream; a decision samples `worlds` of them and later iterations play in copies), so the
 * hidden cards differ from one iteration to the next and the bot never looks at the real ones. The tree is shared by all those worlds: its edges are (seat, action) pairs, and a node's
 * children are the actions seen legal there in some world. Selection uses UCB1 with availability counts
 * (an action is compared with the number of iterations in which it was legal, not with the parent's
 * visits), as the paper prescribes for actions that only some worlds allow.
 *
 * How the contract's shapes of "whose move" are searched:
 * - several prompts at once (simultaneous choices, a response window for several seats, optional
 *   prompts of a trading window): the next seat to act is drawn as the engine's driver does
 *   (`choosePrompt`: one of the prompts the game waits for, optional ones only when nothing else is
 *   waited for); the bot itself acts first at the root, since it is the one deciding now;
 * - another seat's secret choice (`secret`): the bot could not observe it, so the tree does not branch
 *   on it — the choice is made by the playout policy and the walk stays in the same node (otherwise the
 *   bot's later nodes would be told what that seat chose);
 * - a decision with a single legal action (a forced pass, a window the seat cannot answer): played
 *   without a node;
 * - response windows' minimum holding times (`hold`) are the server's business: nothing to search.
 *
 * Playouts follow a policy (uniform, the timeout defaults, or the guide bot for every seat) to the end of
 * the game, or — when the game offers an evaluation (`GameModule.evaluate`) — for a fixed number of
 * actions, after which the game's evaluation gives each seat's chances. A guide bot (the game's own
 * heuristic) may order the root: its choice is tried first, gets a progressive bias that fades with visits,
 * a head start in the final count, and is overruled only when the search's choice looks better by a margin,
 * so that a small budget plays at least as the guide does and a larger one departs from it only on evidence.
 *
 * The root may instead be searched flat and paired (`root: 'paired'`): every root action played out in the
 * same sampled worlds with the same random streams, the worse half dropped round by round.
 *
 * The budget is a number of iterations, a number of milliseconds, or both (whichever ends first).
 * With an iteration budget alone the bot is a pure function of its view, legal actions, prompt and seed —
 * and of the positions it has already decided in (below).
 *
 * A bot never goes round in circles: an action that begins something and one that takes it back (a war
 * drafted, then cancelled) can each look best where they are chosen, since the search judges the first by
 * a greedy finish and the second by a search of its own; the game then never ends. The bot remembers what
 * it chose at each view it has decided at, and when the same view comes back (nothing has changed for it),
 * it chooses among the actions it has not tried there yet.
 */
import type { AnyGame, Bot, BotContext, Prompt, Seat } from '@tabula/engine';
import { Rng, choosePrompt, stateHash } from '@tabula/engine';

export interface SearchBudget {
  /** Iterations per decision (one sampled world, one walk down the tree, one playout each). */
  iterations?: number;
  /** Milliseconds per decision (checked between iterations). */
  ms?: number;
  /**
   * Iterations a decision at a table of so many seats, in place of `iterations` (a level may keep about the
   * same time a decision at bigger tables, where a playout's steps cost more). Read from the first sampled
   * world, which is sampled first anyway: a table size not listed plays exactly as without it.
   */
  bySeats?: Readonly<Record<number, number>>;
}

export interface IsmctsOptions extends SearchBudget {
  seed: string;
  /**
   * Distinct worlds sampled a decision: iteration i plays in a copy of world i mod `worlds` (a copy costs
   * less than a sample in every game of ours); the first `worlds` iterations each sample a new one.
   */
  worlds?: number;
  /** UCB1 exploration constant (rewards are in [0, 1]). */
  exploration?: number;
  /** Actions of a playout before the game's evaluation ends it (games with `evaluate`). */
  playoutDepth?: number;
  /**
   * How a playout's seats act: `random` (uniform among the legal actions), `default` (each takes its
   * timeout default, e.g. a pass, so that every line is judged after everyone stops where it is), or
   * `guide` (each seat plays as the guide bot would in its place, told only that seat's view of the
   * sampled world; a random action now and then, `playoutNoise`): the search then improves on the guide
   * (Tesauro and Galperin's rollouts) at the price of a view and a guide's decision a step.
   */
  playout?: 'random' | 'default' | 'guide';
  /**
   * With `guide` playouts: the share of steps taken at random instead (0..1). Default 0.1 in the tree, 0 with
   * the paired root: there the root actions are compared on the same worlds and streams, and a random step
   * only adds to the noise of the paired difference (about three times the spread, measured in one game).
   */
  playoutNoise?: number;
  /**
   * With the game's evaluation: a seat's further steps of a decision it has begun (the same seat acting again
   * at once: a bought card's slot, the next part of a compound answer) are taken greedily — each candidate
   * tried on a copy and the best for that seat kept, as a player finishes what he started — instead of
   * being branched on (the average over its poor finishes would hide a good first step). At most this many
   * candidates are tried (a random sample beyond); 0 turns it off.
   */
  greedySteps?: number;
  /** Actions a playout may take at most when the game has no evaluation (then scored as a draw). */
  playoutCap?: number;
  /** The bot whose choice orders the root (usually the game's heuristic), or none. */
  guide?: Bot;
  /** How strongly the guide's choice is preferred (virtual visits in the final count; bias in UCB). */
  guideWeight?: number;
  /**
   * The search departs from the guide's choice only when its own choice's mean reward beats the guide's by
   * at least this much (a chance of winning, 0..1): a rule of thumb is not overruled on noise.
   */
  guideMargin?: number;
  /**
   * How the root is searched: `tree` (ISMCTS, above), or `paired` — flat Monte Carlo over the root actions
   * with sequential halving (Karnin, Koren and Somekh 2013): every surviving action is played out in the
   * same sampled worlds with the same random streams (common random numbers), so that actions are compared
   * on the same hidden cards and the same luck, and the worse half is dropped each round. With playouts by
   * the guide this is rollout-based improvement of the guide (Tesauro and Galperin 1996).
   */
  root?: 'tree' | 'paired';
  /**
   * With the paired root and a guide: the share of the budget kept for the final duel between the halving's
   * survivor and the guide's choice on fresh worlds (0: none, the survivor's mean over all rounds is
   * compared with the guide's instead).
   */
  duelShare?: number;
  /** Standard errors by which the duel's mean paired difference must exceed zero to overrule the guide. */
  duelZ?: number;
  /** Called after every searched decision with its figures (tests, benches). */
  onDecision?: (stats: SearchStats) => void;
  /** The clock, for a millisecond budget (tests may pass a fake one). */
  now?: () => number;
}

/** What one decision's search did. */
export interface SearchStats {
  iterations: number;
  ms: number;
  /** Visits and mean reward of each root action, in the order of the legal list. */
  visits: number[];
  means: number[];
  /** Index of the chosen action in the legal list, and of the guide's (-1 without a guide). */
  chosen: number;
  guided: number;
  /** Deepest tree node reached (edges from the root). */
  depth: number;
}

interface Edge {
  seat: Seat;
  action: unknown;
  /** Visits through this edge. */
  n: number;
  /** Iterations in which this edge's action was legal at its node (availability). */
  avail: number;
  /** Sum of the acting seat's rewards. */
  w: number;
  /** Extra UCB bias (the guide's choice at the root), fading as 1/(n+1). */
  bias: number;
  child: Node;
}

interface Node {
  edges: Map<string, Edge>;
}

const newNode = (): Node => ({ edges: new Map() });

/** A key of an action at a node: its seat and its data. */
const keyOf = (seat: Seat, action: unknown): string => `${seat}|${JSON.stringify(action)}`;

const DEFAULTS = {
  exploration: 0.7,
  playoutDepth: 30,
  playoutCap: 20_000,
  guideWeight: 3,
  guideMargin: 0.02,
  worlds: 32,
  greedySteps: 0,
  duelShare: 0.4,
  duelZ: 1.28,
};

/** The best of `moves` for `seat` by the game's evaluation one step ahead (a sample of `k` if more). */
function greedy(
  game: AnyGame,
  evaluate: (s: unknown) => number[],
  world: unknown,
  seat: Seat,
  moves: unknown[],
  k: number,
  rng: Rng,
): unknown {
  let best = moves[0];
  let bestV = -Infinity;
  const n = moves.length;
  const step = n > k ? n / k : 1;
  const offset = n > k ? rng.float() * step : 0;
  for (let j = 0; j < Math.min(n, k); j++) {
    const a = moves[Math.min(n - 1, Math.floor(offset + j * step))];
    const c = game.clone(world);
    if (!game.apply(c, seat, a).ok) continue;
    const v = (evaluate(c)[seat] ?? 0) + rng.float() * 1e-9;
    if (v > bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

/** One decision's search. Exported for tests and benches; bots call it through `ismctsBot`. */
export function searchDecision(
  game: AnyGame,
  ctx: BotContext,
  rng: Rng,
  o: Omit<IsmctsOptions, 'seed'>,
): { index: number; stats: SearchStats } {
  if (o.root === 'paired') return pairedDecision(game, ctx, rng, o);
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const c = o.exploration ?? DEFAULTS.exploration;
  const cap = o.playoutCap ?? DEFAULTS.playoutCap;
  let maxIter = o.iterations ?? (o.ms === undefined ? 1000 : Infinity);
  const deadline = o.ms === undefined ? Infinity : t0 + o.ms;
  const me = ctx.seat;
  const legal = ctx.legal;
  const evaluate = game.evaluate?.bind(game) as ((s: unknown) => number[]) | undefined;
  const k = evaluate ? (o.greedySteps ?? DEFAULTS.greedySteps) : 0;

  const root = newNode();
  const rootKeys = legal.map((a) => keyOf(me, a));
  let guided = -1;
  const weight = o.guideWeight ?? DEFAULTS.guideWeight;
  if (o.guide && legal.length > 1) {
    const g = o.guide.choose({ ...ctx, rng: rng.fork('guide') });
    guided = legal.indexOf(g);
    if (guided < 0) {
      const k = keyOf(me, g);
      guided = rootKeys.indexOf(k);
    }
  }

  const pool: unknown[] = [];
  const poolSize = Math.max(1, o.worlds ?? DEFAULTS.worlds);
  let seats = 0;
  let iterations = 0;
  let deepest = 0;
  const path: Edge[] = [];
  while (iterations < maxIter && (iterations === 0 || now() < deadline)) {
    let world: unknown;
    if (pool.length < poolSize) {
      world = game.sampleWorld(ctx.view, me, rng);
      pool.push(game.clone(world));
    } else world = game.clone(pool[iterations % poolSize]);
    iterations++;
    if (seats === 0) {
      seats = Math.max(1, game.seating(world).length);
      maxIter = o.bySeats?.[seats] ?? maxIter;
    }
    path.length = 0;
    let node = root;
    let first = true;
    let expanded = false;
    let steps = 0;
    let depth = 0;
    let last = -1;
    // Selection and expansion.
    while (!expanded && steps < cap && !game.outcome(world)) {
      let p: Prompt | undefined;
      let moves: unknown[];
      let keys: string[] | null = null;
      if (first) {
        p = ctx.prompt;
        moves = legal;
        keys = rootKeys;
        first = false;
      } else {
        p = choosePrompt(game.prompts(world), rng);
        if (!p) break;
        moves = game.legalActions(world, p.seat);
      }
      const seat = p.seat;
      if (moves.length === 0) break;
      steps++;
      const cont = seat === last;
      last = seat;
      if (moves.length === 1 || (seat !== me && p.secret) || (cont && k > 0)) {
        // Forced, unobservable by the bot, or the next step of a decision begun: no branching.
        const a =
          moves.length === 1
            ? moves[0]
            : cont && k > 0
              ? greedy(game, evaluate!, world, seat, moves, k, rng)
              : moves[rng.int(moves.length)];
        if (!game.apply(world, seat, a).ok) break;
        continue;
      }
      keys ??= moves.map((a) => keyOf(seat, a));
      let best: Edge | null = null;
      let bestScore = -Infinity;
      let fresh = -1;
      let freshCount = 0;
      for (let i = 0; i < moves.length; i++) {
        const e = node.edges.get(keys[i]!);
        if (!e) {
          // Reservoir-sample one unexpanded action; the guide's choice comes first at the root.
          if (node === root && i === guided) {
            fresh = i;
            freshCount = Number.POSITIVE_INFINITY;
          } else if (freshCount !== Number.POSITIVE_INFINITY && rng.int(++freshCount) === 0) fresh = i;
          continue;
        }
        e.avail++;
        if (fresh >= 0) continue;
        const score = e.w / e.n + c * Math.sqrt(Math.log(e.avail) / e.n) + e.bias / (e.n + 1);
        if (score > bestScore) {
          bestScore = score;
          best = e;
        }
      }
      if (fresh >= 0) {
        const a = moves[fresh];
        best = {
          seat,
          action: a,
          n: 0,
          avail: 1,
          w: 0,
          bias: node === root && fresh === guided ? weight * c : 0,
          child: newNode(),
        };
        node.edges.set(keys[fresh]!, best);
        expanded = true;
      }
      if (!game.apply(world, seat, best!.action).ok) break;
      path.push(best!);
      node = best!.child;
      depth++;
    }
    if (depth > deepest) deepest = depth;
    // Playout.
    playOn(game, world, rng, o, evaluate, last, cap - steps);
    // Rewards: the outcome if the game ended, else the game's evaluation, else a draw.
    const out = game.outcome(world);
    let reward: ArrayLike<number>;
    if (out) {
      const r = new Array<number>(seats).fill(0);
      for (const s of out.winners) r[s] = 1 / out.winners.length;
      reward = r;
    } else if (evaluate) reward = evaluate(world);
    else reward = new Array<number>(seats).fill(1 / seats);
    for (const e of path) {
      e.n++;
      e.w += reward[e.seat] ?? 0;
    }
  }

  const visits = rootKeys.map((k) => root.edges.get(k)?.n ?? 0);
  const means = rootKeys.map((k) => {
    const e = root.edges.get(k);
    return e && e.n ? e.w / e.n : 0;
  });
  let index = 0;
  let bestN = -Infinity;
  for (let i = 0; i < legal.length; i++) {
    const n = visits[i]! + (i === guided ? weight : 0) + means[i]! * 1e-6;
    if (n > bestN) {
      bestN = n;
      index = i;
    }
  }
  const margin = o.guideMargin ?? DEFAULTS.guideMargin;
  if (guided >= 0 && index !== guided && visits[guided]! > 0 && means[index]! - means[guided]! < margin)
    index = guided;
  return {
    index,
    stats: {
      iterations,
      ms: now() - t0,
      visits,
      means,
      chosen: index,
      guided,
      depth: deepest,
    },
  };
}

/** Views remembered by a bot at most (a game is far shorter; a server's bot lives for one game). */
const SEEN_LIMIT = 20_000;

/**
 * The search bot. Its random stream is its own (seeded by `seed`), forked per decision; a decision with a
 * single legal action is answered at once.
 */
export function ismctsBot(game: AnyGame, o: IsmctsOptions): Bot {
  const rng = new Rng(`ismcts:${o.seed}`);
  /** The actions chosen (indices of the legal list) at each of the seat's views decided at. */
  const seen = new Map<string, number[]>();
  const name = `ismcts:${o.iterations ?? ''}${o.ms !== undefined ? `${o.iterations !== undefined ? ':' : ''}${o.ms}ms` : ''}`;
  return {
    name,
    choose(ctx: BotContext) {
      if (ctx.legal.length === 1) return ctx.legal[0];
      const key = `${ctx.seat}:${ctx.prompt.kind}:${ctx.legal.length}:${stateHash(ctx.view)}`;
      const tried = seen.get(key);
      let legal = ctx.legal;
      if (tried) {
        const left = ctx.legal.filter((_, i) => !tried.includes(i));
        // Everything tried here already: the circle is closed; start over with every action.
        if (left.length > 0) legal = left;
        else tried.length = 0;
      }
      const r = searchDecision(game, legal === ctx.legal ? ctx : { ...ctx, legal }, rng.fork('decision'), o);
      o.onDecision?.(r.stats);
      const a = legal[r.index];
      if (seen.size >= SEEN_LIMIT) seen.clear();
      const i = ctx.legal.indexOf(a);
      if (tried) tried.push(i);
      else seen.set(key, [i]);
      return a;
    },
  };
}

/** The guide's choice at the root (its index in the legal list), or -1. */
function guideIndex(ctx: BotContext, guide: Bot | undefined, rng: Rng): number {
  if (!guide || ctx.legal.length < 2) return -1;
  const g = guide.choose({ ...ctx, rng: rng.fork('guide') });
  const i = ctx.legal.indexOf(g);
  if (i >= 0) return i;
  const k = keyOf(ctx.seat, g);
  return ctx.legal.findIndex((a) => keyOf(ctx.seat, a) === k);
}

/**
 * Plays `world` on from where it is, as a playout does, and returns each seat's reward: the outcome if the
 * game ends, else the game's evaluation after `depth` steps, else a draw.
 */
function rollout(
  game: AnyGame,
  world: unknown,
  rng: Rng,
  o: Omit<IsmctsOptions, 'seed'>,
  seats: number,
): ArrayLike<number> {
  const evaluate = game.evaluate?.bind(game) as ((s: unknown) => number[]) | undefined;
  playOn(game, world, rng, o, evaluate, -1, o.playoutCap ?? DEFAULTS.playoutCap);
  const out = game.outcome(world);
  if (out) {
    const r = new Array<number>(seats).fill(0);
    for (const s of out.winners) r[s] = 1 / out.winners.length;
    return r;
  }
  if (evaluate) return evaluate(world);
  return new Array<number>(seats).fill(1 / seats);
}

/**
 * The playout policy, shared by the tree's iterations and the paired root: from `world`, at most `max` steps
 * (and `playoutDepth` when the game evaluates positions), each by the greedy finish of a seat's own decision,
 * the timeout default, the guide or uniform at random. `last` is the seat that took the step before.
 */
function playOn(
  game: AnyGame,
  world: unknown,
  rng: Rng,
  o: Omit<IsmctsOptions, 'seed'>,
  evaluate: ((s: unknown) => number[]) | undefined,
  last: number,
  max: number,
): void {
  const depth = o.playoutDepth ?? DEFAULTS.playoutDepth;
  const byDefault = o.playout === 'default';
  const byGuide = o.playout === 'guide' && o.guide ? o.guide : undefined;
  const noise = o.playoutNoise ?? (o.root === 'paired' ? 0 : 0.1);
  const k = evaluate ? (o.greedySteps ?? DEFAULTS.greedySteps) : 0;
  // The guide only reads its view before the next step: the game's uncopied view when it has one.
  const see = (game.botView ?? game.view).bind(game) as (s: unknown, seat: number) => unknown;
  for (let played = 0; played < max && !game.outcome(world); played++) {
    if (evaluate && played >= depth) break;
    const p = choosePrompt(game.prompts(world), rng);
    if (!p) break;
    const moves = game.legalActions(world, p.seat);
    if (moves.length === 0) break;
    let a: unknown = null;
    if (k > 0 && p.seat === last && moves.length > 1)
      a = greedy(game, evaluate!, world, p.seat, moves, k, rng);
    else if (byDefault) a = game.defaultAction(world, p.seat);
    else if (byGuide && moves.length > 1 && rng.float() >= noise)
      a = byGuide.choose({ seat: p.seat, view: see(world, p.seat), legal: moves, prompt: p, rng });
    if (a === null) a = moves[rng.int(moves.length)];
    last = p.seat;
    if (!game.apply(world, p.seat, a).ok) break;
  }
}

/** The `paired` root: flat Monte Carlo with sequential halving on common random numbers (see `root`). */
function pairedDecision(
  game: AnyGame,
  ctx: BotContext,
  rng: Rng,
  o: Omit<IsmctsOptions, 'seed'>,
): { index: number; stats: SearchStats } {
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const deadline = o.ms === undefined ? Infinity : t0 + o.ms;
  const me = ctx.seat;
  const legal = ctx.legal;
  const n = legal.length;
  const guided = guideIndex(ctx, o.guide, rng);
  const sums = new Array<number>(n).fill(0);
  const counts = new Array<number>(n).fill(0);
  const worlds: unknown[] = [];
  const seeds: number[] = [];
  let seats = 0;
  const world = (i: number): unknown => {
    while (worlds.length <= i) {
      const w = game.sampleWorld(ctx.view, me, rng);
      if (seats === 0) seats = Math.max(1, game.seating(w).length);
      worlds.push(w);
      seeds.push(rng.int(2 ** 31));
    }
    return worlds[i];
  };
  // The budget may depend on the table's size: the first world, sampled here first as it would be below, tells it.
  if (o.bySeats) world(0);
  const budget = o.bySeats?.[seats] ?? o.iterations ?? (o.ms === undefined ? 1000 : Infinity);
  let alive = legal.map((_, i) => i);
  // With a guide, a share of the budget is kept for a final duel (below): the halving's survivor against the
  // guide's choice on fresh worlds, because the best of many noisy means is biased upward (the winner's curse)
  // and would overrule the guide on luck.
  const duel = guided >= 0 && n > 1 ? (o.duelShare ?? DEFAULTS.duelShare) : 0;
  // With an unbounded budget (milliseconds only), rounds of 8 playouts an action until time runs out.
  const finite = Number.isFinite(budget);
  const halving = finite ? Math.max(1, Math.round(budget * (1 - duel))) : budget;
  // More actions than the halving's playouts (a game may list hundreds at times): the first round
  // alone would play each once and overrun the budget many times over. With the game's evaluation, the
  // actions are screened first, each applied in one sampled world and scored one step ahead, and only the best
  // half-budget of them (and the guide's choice) is played out.
  const evaluate = game.evaluate?.bind(game) as ((s: unknown) => number[]) | undefined;
  const keep = finite ? Math.max(2, Math.floor(halving / 2)) : 32;
  if (evaluate && n > (finite ? halving : 2 * keep)) {
    const w0 = world(0);
    const score = legal.map((a, i) => {
      if (i === guided) return Infinity;
      const c = game.clone(w0);
      return game.apply(c, me, a).ok ? (evaluate(c)[me] ?? 0) + rng.float() * 1e-9 : -Infinity;
    });
    alive = alive.sort((x, y) => score[y]! - score[x]!).slice(0, keep);
  }
  const rounds = Math.max(1, Math.ceil(Math.log2(alive.length)));
  const halvingDeadline = o.ms === undefined ? Infinity : t0 + o.ms * (1 - duel);
  let used = 0;
  let base = 0;
  let timeUp = false;
  const mean = (i: number) => (counts[i] ? sums[i]! / counts[i]! : -Infinity);
  for (let r = 0; !timeUp && (alive.length > 1 || (!finite && r === 0)); r++) {
    const m = finite ? Math.max(1, Math.floor(halving / (alive.length * rounds))) : 8;
    for (let i = 0; i < m && !timeUp; i++) {
      const w = world(base + i);
      // The guide's choice is played every round, dropped or not, on the same worlds and streams.
      for (const a of guided < 0 || alive.includes(guided) ? alive : [...alive, guided]) {
        const c = game.clone(w);
        if (!game.apply(c, me, legal[a]).ok) continue;
        const reward = rollout(game, c, new Rng(`paired:${seeds[base + i]}`), o, seats);
        sums[a]! += reward[me] ?? 0;
        counts[a]!++;
        used++;
      }
      if (used > 0 && now() >= halvingDeadline) timeUp = true;
    }
    base += m;
    if (finite && used >= halving) break;
    if (alive.length > 1) {
      alive = [...alive].sort((x, y) => mean(y) - mean(x));
      alive = alive.slice(0, Math.max(1, Math.ceil(alive.length / 2)));
    }
    if (!finite && alive.length === 1) break;
  }
  let index = alive.reduce((b, i) => (mean(i) > mean(b) ? i : b), alive[0]!);
  const margin = o.guideMargin ?? DEFAULTS.guideMargin;
  if (guided >= 0 && index !== guided) {
    if (duel > 0) {
      // The duel: the survivor and the guide's choice on fresh worlds with common streams; the guide is
      // overruled only when the mean paired difference is at least the margin and clearly above noise
      // (`duelZ` standard errors).
      let k = 0;
      let sum = 0;
      let sq = 0;
      const pairs = finite ? Math.max(2, Math.floor((budget - used) / 2)) : Infinity;
      for (let i = 0; k < pairs && (k < 2 || now() < deadline); i++) {
        const w = world(base + i);
        const rs: number[] = [];
        for (const a of [index, guided]) {
          const c = game.clone(w);
          rs.push(
            game.apply(c, me, legal[a]).ok
              ? (rollout(game, c, new Rng(`paired:${seeds[base + i]}`), o, seats)[me] ?? 0)
              : 0,
          );
        }
        const d = rs[0]! - rs[1]!;
        sums[index]! += rs[0]!;
        sums[guided]! += rs[1]!;
        counts[index]!++;
        counts[guided]!++;
        used += 2;
        k++;
        sum += d;
        sq += d * d;
      }
      const md = sum / k;
      const sd = Math.sqrt(Math.max(0, sq / k - md * md) * (k / Math.max(1, k - 1)));
      const z = o.duelZ ?? DEFAULTS.duelZ;
      if (md < margin || md * Math.sqrt(k) < z * sd) index = guided;
    } else if (counts[guided] === 0 || mean(index) - mean(guided) < margin) index = guided;
  }
  return {
    index,
    stats: {
      iterations: used,
      ms: now() - t0,
      visits: counts,
      means: counts.map((x, i) => (x ? sums[i]! / x : 0)),
      chosen: index,
      guided,
      depth: 1,
    },
  };
}
