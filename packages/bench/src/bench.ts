/**
 * The engine benchmark (anchors E1, E5, E6, E7): random playouts, replay, view sizes, clone and
 * world sampling, measured through the engine contract only, so it works for every game.
 * Everything runs on the calling thread: plain single-threaded Node, one core.
 */
import type { AnyGame, BotContext, GameRecord, Seat } from '@tabula/engine';
import { choosePrompt, newRecord, playGame, Rng, SPECTATOR, stateHash } from '@tabula/engine';
import { guideOf, levelBudget, makeBot, ownBot, searchDecision, searchTuning } from '@tabula/bots';

export interface BenchOptions {
  /** Seats at the table (default 4, clamped to the game's range). */
  players?: number;
  /** Time budget of each timed phase in seconds (default 3). */
  seconds?: number;
  /** Stop the random phase after this many games (default: time budget only). */
  games?: number;
  /** JIT warm-up before the timed random phase, in seconds (default 1). */
  warmup?: number;
  /** Seed prefix (default "bench"). */
  seed?: string;
  /**
   * Positions the strong level's time is measured on (default 40): one every fifth decision with a choice of
   * the game's own bot's games. Its p99 is the slowest of them or near it until there are some hundreds.
   */
  decisions?: number;
  /** Safety cap on actions per game (default 200,000). */
  maxActions?: number;
  /** Progress lines (e.g. to stderr). */
  progress?: (line: string) => void;
}

export interface BenchResult {
  game: string;
  rulesVersion: string;
  players: number;
  random: {
    games: number;
    actions: number;
    seconds: number;
    gamesPerSecond: number;
    actionsPerGame: number;
    /** Total time / actions: setup, prompts, legalActions, the random pick and apply. */
    usPerAction: number;
    /** Median over games of each game's µs per action: robust to bursts of load from other processes. */
    usPerActionMedian: number;
    /** Mean number of legal actions listed per decision. */
    legalPerDecision: number;
    /** Games stopped by the action cap. */
    capped: number;
    warmupSeconds: number;
  };
  replay: {
    games: number;
    passes: number;
    actions: number;
    seconds: number;
    /** Setup + apply of every recorded action. */
    actionsPerSecond: number;
    /** Every replay reached the recorded final state hash. */
    hashesMatch: boolean;
  };
  view: {
    states: number;
    /** Mean bytes of JSON.stringify(view(state, seat)) over sampled mid-game states and every seat. */
    seatBytes: number;
    /** Mean bytes of the spectator view over the same states. */
    spectatorBytes: number;
    /** Mean µs to build one seat's view (without serialising it). */
    usPerView: number;
  };
  clone: { samples: number; us: number };
  sampleWorld: { samples: number; us: number };
  /**
   * The search bot's `strong` level (packages/bots) on decisions with a choice met in games the game's own
   * bot plays at every seat: iterations a second and ms a decision (median, 99th
   * percentile), both in processor time (a core of its own, whatever else the machine runs), at the
   * level's budget.
   */
  search: {
    /** Distinct positions searched (`BenchOptions.decisions`). */
    positions: number;
    /** Searches timed: every position once, then more rounds while the time budget lasts (four at most). */
    decisions: number;
    /** The level's iterations a decision. */
    budget: number;
    iterations: number;
    iterationsPerSecond: number;
    msMedian: number;
    msP99: number;
  };
}

export class BenchFailure extends Error {}

const now = () => performance.now();
const round = (x: number, digits = 3) => {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
};

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function setupGame(game: AnyGame, options: unknown, seats: number, seed: string): unknown {
  const s = game.setup(options, seats, seed);
  if (!s.ok) throw new BenchFailure(`${game.id}: setup failed: ${s.error.message}`);
  return s.value;
}

interface PlayStats {
  actions: number;
  decisions: number;
  legal: number;
  capped: boolean;
}

/**
 * One uniform-random game: the driver picks a seat among the prompts as `choosePrompt` does and an
 * action uniformly among that seat's legal actions. No views, no events. `record` collects actions.
 */
function randomGame(
  game: AnyGame,
  options: unknown,
  seats: number,
  seed: string,
  max: number,
  record?: GameRecord,
): PlayStats & { state: unknown } {
  const state = setupGame(game, options, seats, seed);
  const rng = new Rng(`driver:${seed}`);
  let actions = 0,
    legalSum = 0;
  for (;;) {
    if (game.outcome(state)) break;
    if (actions >= max) return { state, actions, decisions: actions, legal: legalSum, capped: true };
    const prompt = choosePrompt(game.prompts(state), rng);
    if (!prompt)
      throw new BenchFailure(`${game.id}: no prompt and no outcome (seed ${seed}, after ${actions} actions)`);
    const seat: Seat = prompt.seat;
    const legal = game.legalActions(state, seat);
    const n = legal.length;
    if (n === 0)
      throw new BenchFailure(
        `${game.id}: seat ${seat} is prompted (${prompt.kind}) but has no legal action (seed ${seed})`,
      );
    legalSum += n;
    const action = legal[rng.int(n)];
    const r = game.apply(state, seat, action);
    if (!r.ok)
      throw new BenchFailure(
        `${game.id}: a listed legal action was rejected (seed ${seed}): ${JSON.stringify(action)}: ${r.error.message}`,
      );
    record?.actions.push({ seat, action });
    actions++;
  }
  return { state, actions, decisions: actions, legal: legalSum, capped: false };
}

/** Random playouts, replays, view sizes, clone and sampleWorld for one game. */
export function runBench(game: AnyGame, o: BenchOptions = {}): BenchResult {
  const players = Math.min(game.maxSeats, Math.max(game.minSeats, o.players ?? 4));
  const budget = o.seconds ?? 3;
  const maxGames = o.games ?? Infinity;
  const warmup = o.warmup ?? 1;
  const prefix = o.seed ?? 'bench';
  const max = o.maxActions ?? 200_000;
  const progress = o.progress ?? (() => {});
  const parsed = game.parseOptions({});
  if (!parsed.ok) throw new BenchFailure(`${game.id}: default options rejected: ${parsed.error.message}`);
  const options = parsed.value;

  // 1. Warm-up, then timed random playouts (anchor E1).
  progress(`${game.id} (${players} players): warming up for ${warmup} s`);
  const w0 = now();
  let wi = 0;
  do randomGame(game, options, players, `${prefix}:warmup:${wi++}`, max);
  while (now() - w0 < warmup * 1000);
  const warmupSeconds = (now() - w0) / 1000;
  progress(
    `${game.id}: random playouts for up to ${budget} s${Number.isFinite(maxGames) ? ` or ${maxGames} games` : ''}`,
  );
  let games = 0,
    actions = 0,
    legal = 0,
    capped = 0;
  const perGame: number[] = [];
  const t0 = now();
  let elapsed = 0;
  do {
    const g0 = now();
    const r = randomGame(game, options, players, `${prefix}:${games}`, max);
    perGame.push(((now() - g0) * 1000) / Math.max(1, r.actions));
    games++;
    actions += r.actions;
    legal += r.legal;
    if (r.capped) capped++;
    elapsed = now() - t0;
  } while (games < maxGames && elapsed < budget * 1000);
  const randomSeconds = elapsed / 1000;

  // 2. Record a few games (untimed), sample mid-game states, then time replays (anchor E6).
  const recGames = Math.max(1, Math.min(Number.isFinite(maxGames) ? maxGames : 20, 20));
  progress(`${game.id}: recording ${recGames} games`);
  const records: GameRecord[] = [];
  for (let i = 0; i < recGames; i++) {
    const rec = newRecord(game, options, players, `${prefix}:rec:${i}`);
    const r = randomGame(game, options, players, rec.seed, max, rec);
    rec.finalHash = stateHash(r.state);
    // Saved games come back from JSON: replay what a file would hold.
    records.push(JSON.parse(JSON.stringify(rec)) as GameRecord);
  }
  const replayOnce = (rec: GameRecord): unknown => {
    const state = setupGame(game, options, rec.seats, rec.seed);
    const acts = rec.actions;
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i]!;
      const r = game.apply(state, a.seat, a.action);
      if (!r.ok)
        throw new BenchFailure(
          `${game.id}: replay of ${rec.seed} rejected action ${i + 1}: ${r.error.message}`,
        );
    }
    return state;
  };
  progress(`${game.id}: replaying for up to ${budget} s`);
  let replayTime = 0,
    replayActions = 0,
    passes = 0,
    hashesMatch = true;
  const mismatches: string[] = [];
  do {
    for (const rec of records) {
      const a = now();
      const st = replayOnce(rec);
      replayTime += now() - a;
      replayActions += rec.actions.length;
      if (passes === 0) {
        const h = stateHash(st);
        if (h !== rec.finalHash) {
          hashesMatch = false;
          mismatches.push(`${rec.seed}: ${h} ≠ ${rec.finalHash}`);
        }
      }
    }
    passes++;
  } while (replayTime < budget * 1000 && passes < 1000);
  if (!hashesMatch)
    throw new BenchFailure(
      `${game.id}: replay is not deterministic: final state hashes differ (${mismatches.join('; ')})`,
    );

  // 3. Mid-game states: 5 per recorded game, evenly spaced inside 10%..90% of its length (anchors E5, E7).
  progress(`${game.id}: views, clone and sampleWorld`);
  const samples: { state: unknown; seat: Seat }[] = [];
  const pick = new Rng(`${prefix}:samples`);
  for (const rec of records) {
    const n = rec.actions.length;
    const at = new Set<number>();
    for (let k = 1; k <= 5; k++) at.add(Math.floor(n * (0.1 + (0.8 * k) / 6)));
    const state = setupGame(game, options, rec.seats, rec.seed);
    for (let i = 0; i < n; i++) {
      const a = rec.actions[i]!;
      game.apply(state, a.seat, a.action);
      if (at.has(i + 1) && !game.outcome(state)) {
        const ps = game.prompts(state);
        const seat = ps.length ? choosePrompt(ps, pick)!.seat : 0;
        samples.push({ state: game.clone(state), seat });
      }
    }
  }
  let seatBytes = 0,
    seatViews = 0,
    specBytes = 0,
    viewTime = 0;
  for (const s of samples) {
    for (let seat = 0; seat < players; seat++) {
      const t = now();
      const v = game.view(s.state, seat);
      viewTime += now() - t;
      seatBytes += Buffer.byteLength(JSON.stringify(v), 'utf8');
      seatViews++;
    }
    specBytes += Buffer.byteLength(JSON.stringify(game.view(s.state, SPECTATOR)), 'utf8');
  }
  const reps = Math.max(1, Math.min(200, Math.ceil(2000 / Math.max(1, samples.length))));
  let cloneTime = 0,
    clones = 0;
  for (let r = 0; r < reps; r++)
    for (const s of samples) {
      const t = now();
      game.clone(s.state);
      cloneTime += now() - t;
      clones++;
    }
  let worldTime = 0,
    worlds = 0;
  const wrng = new Rng(`${prefix}:worlds`);
  const views = samples.map((s) => game.view(s.state, s.seat));
  for (let r = 0; r < reps; r++)
    for (let i = 0; i < samples.length; i++) {
      const t = now();
      game.sampleWorld(views[i], samples[i]!.seat, wrng);
      worldTime += now() - t;
      worlds++;
    }

  // 4. The search bot's strong level on decisions with a choice, within the time budget.
  progress(`${game.id}: the search bot's strong level`);
  // The level's iterations without its time cap: what they cost, whatever the load.
  const strong = levelBudget(game, 'strong');
  const times: number[] = [];
  let iterations = 0,
    searchTime = 0,
    cpuTime = 0;
  const srng = new Rng(`${prefix}:search`);
  // Decisions met in games the game's own bot plays at every seat (positions like a real game's), every
  // fifth decision with a choice, up to `decisions` of them (40 by default).
  const want = Math.max(1, Math.floor(o.decisions ?? 40));
  const points: BotContext[] = [];
  const player = ownBot(game) ?? 'random';
  for (let g = 0; g < Math.max(4, want) && points.length < want; g++) {
    let k = 0;
    playGame(game, {
      options,
      seats: players,
      seed: `${prefix}:search:${g}`,
      maxActions: max,
      bots: Array.from({ length: players }, (_, seat) => {
        const bot = makeBot(game, player, `${prefix}:search:${g}:${seat}`);
        return {
          name: bot.name,
          choose(ctx: BotContext) {
            if (ctx.legal.length > 1 && k++ % 5 === 2 && points.length < want)
              points.push({
                seat: ctx.seat,
                view: ctx.view,
                legal: ctx.legal,
                prompt: ctx.prompt,
                rng: ctx.rng,
              });
            return bot.choose(ctx);
          },
        };
      }),
    });
  }
  // Every point once, then more rounds while the time budget lasts (four at most).
  const limit = points.length;
  for (let i = 0; limit > 0 && i < 4 * limit; i++) {
    if (i >= limit && searchTime >= budget * 1000) break;
    const p = points[i % limit]!;
    const ctx = { ...p, rng: srng.fork('ctx') };
    const guide = guideOf(game, `${prefix}:${i}`);
    const t = now();
    const c = process.cpuUsage();
    const r = searchDecision(game, ctx, srng.fork('search'), {
      ...searchTuning(game, 'strong'),
      ...strong,
      ...(guide ? { guide } : {}),
    });
    const dt = now() - t;
    const cpu = process.cpuUsage(c);
    times.push((cpu.user + cpu.system) / 1000);
    cpuTime += (cpu.user + cpu.system) / 1000;
    searchTime += dt;
    iterations += r.stats.iterations;
  }
  times.sort((a, b) => a - b);
  const q = (x: number) =>
    times.length ? times[Math.min(times.length - 1, Math.ceil(x * times.length) - 1)]! : 0;

  return {
    game: game.id,
    rulesVersion: game.rulesVersion,
    players,
    random: {
      games,
      actions,
      seconds: round(randomSeconds),
      gamesPerSecond: round(games / randomSeconds, 2),
      actionsPerGame: round(actions / games, 1),
      usPerAction: round((elapsed * 1000) / Math.max(1, actions)),
      usPerActionMedian: round(median(perGame)),
      legalPerDecision: round(legal / Math.max(1, actions), 2),
      capped,
      warmupSeconds: round(warmupSeconds),
    },
    replay: {
      games: records.length,
      passes,
      actions: replayActions,
      seconds: round(replayTime / 1000),
      actionsPerSecond: Math.round(replayActions / (replayTime / 1000)),
      hashesMatch,
    },
    view: {
      states: samples.length,
      seatBytes: Math.round(seatBytes / Math.max(1, seatViews)),
      spectatorBytes: Math.round(specBytes / Math.max(1, samples.length)),
      usPerView: round((viewTime * 1000) / Math.max(1, seatViews), 2),
    },
    clone: { samples: clones, us: round((cloneTime * 1000) / Math.max(1, clones), 2) },
    sampleWorld: { samples: worlds, us: round((worldTime * 1000) / Math.max(1, worlds), 2) },
    search: {
      positions: limit,
      decisions: times.length,
      budget: strong.bySeats?.[players] ?? strong.iterations ?? 0,
      iterations,
      iterationsPerSecond: Math.round(iterations / Math.max(1e-9, cpuTime / 1000)),
      msMedian: round(q(0.5), 1),
      msP99: round(q(0.99), 1),
    },
  };
}
