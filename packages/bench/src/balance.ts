#!/usr/bin/env node
/**
 * A balance report of any game from bot self-play, through the contract only:
 *
 *   node packages/bench/dist/balance.js <game> [--players 2,3,4] [--games N] [--seconds S] [--bot NAME]
 *     [--seed TEXT] [--max-actions M] [--option KEY=VALUE]… [--json]
 *
 * The same bot at every seat (the game's strongest own bot unless told), N games per player count (or
 * fewer when the time budget of that count runs out). Reported per player count: games completed and
 * capped; length in actions and in rounds (the game's `progress` on the final public view); wins by seat
 * and by every value of the game's seat tags (`seatTags`: a faction, a colour, a seat's place after the
 * first player…) with Wilson 95% intervals against the even share; how games ended (`outcome.reason`,
 * the victory route) overall and by tag value; the winners' and the others' scores when the game reports
 * scores. Markdown by default (for docs/games/<game>-balance.md), one JSON object with --json.
 */
import type { AnyGame, Seat } from '@tabula/engine';
import { playGame, SPECTATOR } from '@tabula/engine';
import { makeBot } from '@tabula/bots';
import { findGame, GAMES } from '@tabula/catalog';
import { checkFlags, gameOptions, numberFlag, parseArgs } from './args.js';

const HELP = `Usage: node packages/bench/dist/balance.js <game> [options]

Self-play of one bot at every seat; per player count: game length (actions, rounds), wins by seat and by
each seat tag with 95% intervals, how games ended (overall and by tag), scores.

  game            a game id or short id (${GAMES.map((g) => g.info?.shortId ?? g.id).join(', ')})
  --players LIST  player counts, comma separated (default: every count the game allows)
  --games N       games per player count (default 300)
  --seconds S     stop a player count after S seconds (default: no limit)
  --bot NAME      the bot at every seat (default: the game's strongest own bot)
  --seed TEXT     seed prefix (default "balance"); game g of K players is "<seed>:<K>:<g>"
  --max-actions M a game stopped after M actions counts as capped (default 50000)
  --option K=V    a match option of the game (repeat for several; default: the game's defaults)
  --json          one JSON object on stdout instead of Markdown`;

export interface Share {
  games: number;
  /** Sum of 1/|winners| over the games this seat or value was among the winners. */
  wins: number;
  rate: number;
  /** Wilson 95% interval of the rate. */
  ci: [number, number];
}

export interface Stats {
  mean: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
}

export interface CountReport {
  players: number;
  games: number;
  completed: number;
  capped: number;
  seconds: number;
  actions: Stats;
  rounds?: Stats & { of?: number; histogram: Record<string, number> };
  bySeat: Share[];
  /** tag → value → share. */
  byTag: Record<string, Record<string, Share>>;
  /** Completed games per outcome reason. */
  byReason: Record<string, number>;
  /** tag → value → reason → wins (fractions for shared wins). */
  reasonByTag: Record<string, Record<string, Record<string, number>>>;
  scores?: { winners: Stats; others: Stats; margin: Stats };
}

export interface BalanceReport {
  game: string;
  bot: string;
  seed: string;
  /** The match options given (`--option`), absent for the game's defaults. */
  options?: Record<string, unknown>;
  counts: CountReport[];
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

function stats(xs: number[]): Stats {
  const a = [...xs].sort((x, y) => x - y);
  if (!a.length) return { mean: 0, median: 0, p10: 0, p90: 0, min: 0, max: 0 };
  const q = (f: number) => a[Math.min(a.length - 1, Math.max(0, Math.ceil(f * a.length) - 1))]!;
  return {
    mean: round(a.reduce((x, y) => x + y, 0) / a.length),
    median: q(0.5),
    p10: q(0.1),
    p90: q(0.9),
    min: a[0]!,
    max: a[a.length - 1]!,
  };
}

/** Wilson score interval (95%) of k successes in n. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 0];
  const z = 1.96,
    p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [round(Math.max(0, c - h), 4), round(Math.min(1, c + h), 4)];
}

const share = (): Share => ({ games: 0, wins: 0, rate: 0, ci: [0, 0] });
function close(s: Share): void {
  s.wins = round(s.wins, 3);
  s.rate = s.games ? round(s.wins / s.games, 4) : 0;
  s.ci = wilson(s.wins, s.games);
}

/** The strongest of the game's own bots (its last declared level that it defines), else `random`. */
export function strongestOwnBot(game: AnyGame): string {
  const own = Object.keys(game.bots ?? {});
  return (game.botLevels ?? []).filter((b) => own.includes(b)).at(-1) ?? own.at(-1) ?? 'random';
}

export function balance(
  game: AnyGame,
  o: {
    players: number;
    games: number;
    bot: string;
    seed: string;
    seconds?: number;
    maxActions?: number;
    /** Match options handed to the game's `parseOptions` (default: none, the game's defaults). */
    options?: Record<string, unknown>;
    progress?: (line: string) => void;
  },
): CountReport {
  const K = o.players;
  const r: CountReport = {
    players: K,
    games: 0,
    completed: 0,
    capped: 0,
    seconds: 0,
    actions: stats([]),
    bySeat: Array.from({ length: K }, share),
    byTag: {},
    byReason: {},
    reasonByTag: {},
  };
  const lengths: number[] = [];
  const rounds: number[] = [];
  let roundsOf: number | undefined;
  const winScores: number[] = [];
  const otherScores: number[] = [];
  const margins: number[] = [];
  const t0 = performance.now();
  for (let g = 0; g < o.games; g++) {
    if (o.seconds !== undefined && performance.now() - t0 > o.seconds * 1000) break;
    const seed = `${o.seed}:${K}:${g}`;
    const bots = Array.from({ length: K }, (_, s) => makeBot(game, o.bot, `${seed}:bot:${s}`));
    const res = playGame(game, {
      seats: K,
      seed,
      bots,
      maxActions: o.maxActions ?? 50_000,
      options: o.options,
    });
    r.games++;
    const out = res.capped ? null : res.outcome;
    const winners = new Set<Seat>(out?.winners ?? []);
    const part = winners.size ? 1 / winners.size : 0;
    const tags = Array.from({ length: K }, (_, s) => game.seatTags(res.state, s));
    for (let s = 0; s < K; s++) {
      const w = winners.has(s) ? part : 0;
      r.bySeat[s]!.games++;
      r.bySeat[s]!.wins += w;
      for (const [tag, value] of Object.entries(tags[s]!)) {
        const t = ((r.byTag[tag] ??= {})[value] ??= share());
        t.games++;
        t.wins += w;
        if (w && out) {
          const byReason = ((r.reasonByTag[tag] ??= {})[value] ??= {});
          byReason[out.reason] = round((byReason[out.reason] ?? 0) + w, 3);
        }
      }
    }
    if (!out) {
      r.capped++;
      continue;
    }
    r.completed++;
    lengths.push(res.actions);
    r.byReason[out.reason] = (r.byReason[out.reason] ?? 0) + 1;
    const pr = game.progress?.(game.view(res.state, SPECTATOR));
    if (pr) {
      rounds.push(pr.round);
      if (pr.of !== undefined) roundsOf = Math.max(roundsOf ?? 0, pr.of);
    }
    if (out.scores) {
      const best = Math.max(...[...winners].map((s) => out.scores![s] ?? 0));
      let second = -Infinity;
      out.scores.forEach((v, s) => {
        if (winners.has(s)) winScores.push(v);
        else {
          otherScores.push(v);
          second = Math.max(second, v);
        }
      });
      if (second > -Infinity) margins.push(best - second);
    }
    if ((g + 1) % 50 === 0) o.progress?.(`${game.id} ${K}p: ${g + 1}/${o.games} games`);
  }
  r.seconds = round((performance.now() - t0) / 1000, 1);
  r.bySeat.forEach(close);
  for (const values of Object.values(r.byTag)) for (const s of Object.values(values)) close(s);
  r.actions = stats(lengths);
  if (rounds.length) {
    const histogram: Record<string, number> = {};
    for (const v of [...rounds].sort((a, b) => a - b)) histogram[v] = (histogram[v] ?? 0) + 1;
    r.rounds = { ...stats(rounds), ...(roundsOf !== undefined ? { of: roundsOf } : {}), histogram };
  }
  if (winScores.length)
    r.scores = { winners: stats(winScores), others: stats(otherScores), margin: stats(margins) };
  return r;
}

/** A label of the game's catalog in English (`<prefix>.<kind>.<value>`), else the value itself. */
function label(game: AnyGame, kinds: readonly string[], value: string): string {
  const en = game.messages.en ?? {};
  const prefixes = [...new Set(Object.keys(en).map((k) => k.split('.')[0]!))];
  for (const p of prefixes)
    for (const kind of kinds) {
      const text = en[`${p}.${kind}.${value}`];
      if (text !== undefined) return text;
    }
  return value;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ci = (s: Share) => `${pct(s.rate)} (${pct(s.ci[0])}–${pct(s.ci[1])})`;
const statLine = (s: Stats) =>
  `mean ${s.mean}, median ${s.median} (10–90%: ${s.p10}–${s.p90}; ${s.min}–${s.max})`;

const opts = (rep: BalanceReport) =>
  rep.options && Object.keys(rep.options).length
    ? `options ${Object.entries(rep.options)
        .map(([k, v]) => `\`${k}=${String(v)}\``)
        .join(', ')}`
    : 'default options';

export function markdown(game: AnyGame, rep: BalanceReport): string {
  const out: string[] = [];
  const reasonName = (r: string) => label(game, ['route', 'reason', 'outcome'], r);
  for (const c of rep.counts) {
    out.push(`### ${c.players} players`, '');
    out.push(
      `${c.games} games (${c.completed} completed, ${c.capped} capped), ${rep.bot} at every seat, seeds \`${rep.seed}:${c.players}:<g>\`, ${opts(rep)}, ${c.seconds} s.`,
      '',
    );
    out.push(`- Length in actions: ${statLine(c.actions)}`);
    if (c.rounds)
      out.push(
        `- Length in rounds${c.rounds.of ? ` (of ${c.rounds.of})` : ''}: ${statLine(c.rounds)}; by the round the game ended: ${Object.entries(
          c.rounds.histogram,
        )
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')}`,
      );
    out.push(
      `- How games ended: ${Object.entries(c.byReason)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${reasonName(k)} (\`${k}\`) ${v} (${pct(v / Math.max(1, c.completed))})`)
        .join('; ')}`,
    );
    if (c.scores)
      out.push(
        `- Scores: winners ${statLine(c.scores.winners)}; the others ${statLine(c.scores.others)}; winner's lead over the next ${statLine(c.scores.margin)}`,
      );
    out.push('', `Even share: ${pct(1 / c.players)}.`, '');
    out.push('| seat | games | win rate (95% interval) |', '| --- | ---: | --- |');
    c.bySeat.forEach((s, i) => out.push(`| ${i + 1} | ${s.games} | ${ci(s)} |`));
    for (const [tag, values] of Object.entries(c.byTag)) {
      const reasons = Object.keys(c.byReason);
      out.push(
        '',
        `| ${tag} | games | win rate (95% interval) | ${reasons.map((r) => `wins: ${reasonName(r)}`).join(' | ')} |`,
        `| --- | ---: | --- |${reasons.map(() => ' ---: |').join('')}`,
      );
      for (const [value, s] of Object.entries(values).sort(([a], [b]) => a.localeCompare(b)))
        out.push(
          `| ${label(game, [tag], value)} | ${s.games} | ${ci(s)} | ${reasons
            .map((r) => String(c.reasonByTag[tag]?.[value]?.[r] ?? 0))
            .join(' | ')} |`,
        );
    }
    out.push('');
  }
  return out.join('\n');
}

function main(argv: string[]): number {
  const p = parseArgs(argv, ['players', 'games', 'seconds', 'bot', 'seed', 'max-actions', 'option']);
  if (p.flags.has('help') || p.positional.length === 0) {
    console.log(HELP);
    return p.flags.has('help') ? 0 : 2;
  }
  checkFlags(p, ['players', 'games', 'seconds', 'bot', 'seed', 'max-actions', 'option', 'json', 'help']);
  const game = findGame(p.positional[0]!);
  if (!game) throw new Error(`unknown game "${p.positional[0]}"`);
  const list = p.flags.get('players');
  const counts =
    typeof list === 'string'
      ? list.split(',').map((x) => Number(x.trim()))
      : Array.from({ length: game.maxSeats - game.minSeats + 1 }, (_, i) => game.minSeats + i);
  for (const k of counts)
    if (!Number.isInteger(k) || k < game.minSeats || k > game.maxSeats)
      throw new Error(`--players: ${game.id} is played by ${game.minSeats} to ${game.maxSeats}`);
  const bot = typeof p.flags.get('bot') === 'string' ? (p.flags.get('bot') as string) : strongestOwnBot(game);
  const seed = typeof p.flags.get('seed') === 'string' ? (p.flags.get('seed') as string) : 'balance';
  const json = p.flags.has('json');
  const options = gameOptions(argv);
  const rep: BalanceReport = { game: game.id, bot, seed, counts: [] };
  if (Object.keys(options).length) rep.options = options;
  for (const players of counts)
    rep.counts.push(
      balance(game, {
        players,
        bot,
        seed,
        games: numberFlag(p, 'games', 300, true),
        seconds: p.flags.has('seconds') ? numberFlag(p, 'seconds', 0) : undefined,
        maxActions: numberFlag(p, 'max-actions', 50_000, true),
        options: rep.options,
        progress: (line) => process.stderr.write(`… ${line}\n`),
      }),
    );
  process.stdout.write(json ? `${JSON.stringify(rep)}\n` : `${markdown(game, rep)}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href)
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    console.error(`balance: ${(e as Error).message}`);
    process.exitCode = 1;
  }
