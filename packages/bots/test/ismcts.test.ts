/**
 * The search bot does not cheat (issue 24, point 4): on two states that differ only in what the bot's seat
 * cannot see — the game's own perturbation helper of its property kit (other hands, deck orders, the
 * generator…), or a world sampled from the seat's view — the search, given the same random stream, makes
 * the same choice with the same visit counts at every root action. The states are taken from random games
 * of every catalog game, at decisions with a choice.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnyGame, BotContext, Prompt, Rng as RngT, Seat } from '@tabula/engine';
import { Rng, choosePrompt, deepEqual, stateHash } from '@tabula/engine';
import { GAMES } from '@tabula/catalog';
import {
  botNames,
  isBotName,
  levelsOf,
  levelBudget,
  makeBot,
  parseSearchName,
  searchBot,
  searchDecision,
  searchTuning,
} from '@tabula/bots';

type Perturb = (state: unknown, seat: Seat, rng: RngT) => void;

/** The game's perturbation helper, from its property kit (test/properties.ts), if it has one. */
async function perturbOf(game: AnyGame): Promise<Perturb | undefined> {
  const url = new URL(`../../games/${game.id}/test/properties.ts`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) return undefined;
  const kit = (await import(url.href)) as { perturbHidden?: Perturb };
  expect(kit.perturbHidden, 'the property kit exports perturbHidden').toBeTypeOf('function');
  return kit.perturbHidden;
}

/** Decision points of a random game (states cloned), each with a seat that has a choice. */
function decisionPoints(game: AnyGame, seed: string, every: number, count: number) {
  const opts = game.parseOptions({});
  if (!opts.ok) throw new Error(opts.error.message);
  const seats = Math.min(game.maxSeats, Math.max(game.minSeats, 3));
  const s = game.setup(opts.value, seats, seed);
  if (!s.ok) throw new Error(s.error.message);
  const state = s.value;
  const rng = new Rng(`points:${seed}`);
  const out: { state: unknown; prompt: Prompt }[] = [];
  for (let step = 0; out.length < count && step < 50_000 && !game.outcome(state); step++) {
    const p = choosePrompt(game.prompts(state), rng)!;
    const legal = game.legalActions(state, p.seat);
    if (legal.length > 1 && step % every === 0) out.push({ state: game.clone(state), prompt: p });
    const r = game.apply(state, p.seat, rng.pick(legal));
    if (!r.ok) throw new Error(r.error.message);
  }
  return out;
}

function contextOf(game: AnyGame, state: unknown, prompt: Prompt): BotContext {
  return {
    seat: prompt.seat,
    view: game.view(state, prompt.seat),
    legal: game.legalActions(state, prompt.seat),
    prompt,
    rng: new Rng('driver'),
  };
}

describe('the search bot sees only its own view', () => {
  for (const game of GAMES)
    it(`${game.id}: the same choice on states differing only in what the seat cannot see`, async () => {
      const perturb = await perturbOf(game);
      const points = decisionPoints(game, `blind:${game.id}`, 7, 6);
      expect(points.length).toBeGreaterThan(0);
      let hiddenDiffered = 0;
      let streamMattered = 0;
      // The game's own tuning (its playouts, greedy steps), with short playouts.
      const budget = { ...searchTuning(game), iterations: 24, playoutDepth: 8, playoutCap: 400 };
      for (const [i, { state, prompt }] of points.entries()) {
        const seat = prompt.seat;
        const others: unknown[] = [];
        if (perturb) {
          const o = game.clone(state);
          perturb(o, seat, new Rng(`perturb:${i}`));
          others.push(o);
        }
        others.push(game.sampleWorld(game.view(state, seat), seat, new Rng(`world:${i}`)));
        const a = contextOf(game, state, prompt);
        const guide = () => makeBot(game, levelsOf(game).includes('beginner') ? 'beginner' : 'random', 'g');
        // Both ways of searching the root: the tree, and paired playouts of every root action.
        const root = i % 2 === 0 ? ('tree' as const) : ('paired' as const);
        const run = (ctx: BotContext, seed: string) =>
          searchDecision(game, ctx, new Rng(seed), { ...budget, root, guide: guide() });
        const mine = run(a, `search:${i}`);
        for (const other of others) {
          // The premise: the seat sees the same thing in both states.
          expect(deepEqual(game.view(other, seat), a.view)).toBe(true);
          if (stateHash(other) !== stateHash(state)) hiddenDiffered++;
          const b = contextOf(game, other, prompt);
          const theirs = run(b, `search:${i}`);
          expect(theirs.index).toBe(mine.index);
          expect(theirs.stats.visits).toEqual(mine.stats.visits);
          expect(theirs.stats.means).toEqual(mine.stats.means);
        }
        // The random stream does matter (the check above is not vacuous).
        const again = run(a, `search:${i}:other`);
        if (!deepEqual(again.stats.means, mine.stats.means)) streamMattered++;
      }
      expect(hiddenDiffered).toBeGreaterThan(0);
      expect(streamMattered).toBeGreaterThan(0);
    });
});

describe('search bot names and levels', () => {
  it('parses budgets', () => {
    expect(parseSearchName('ismcts:2000')).toEqual({ iterations: 2000 });
    expect(parseSearchName('ismcts:150ms')).toEqual({ ms: 150 });
    expect(parseSearchName('ismcts:500:80ms')).toEqual({ iterations: 500, ms: 80 });
    expect(parseSearchName('ismcts')).toEqual({ iterations: 1000 });
    expect(parseSearchName('ismcts:0')).toBeNull();
    expect(parseSearchName('ismcts:x')).toBeNull();
    expect(parseSearchName('heuristic')).toBeNull();
  });

  for (const game of GAMES)
    it(`${game.id}: offers random, beginner, standard, strong; every level is a bot`, () => {
      const levels = levelsOf(game);
      expect(levels).toEqual(['random', 'beginner', 'standard', 'strong']);
      for (const l of levels) {
        expect(botNames(game)).toContain(l);
        expect(isBotName(game, l)).toBe(true);
        expect(typeof makeBot(game, l, 's').choose).toBe('function');
      }
      expect(isBotName(game, 'ismcts:50')).toBe(true);
      expect(isBotName(game, 'nobody')).toBe(false);
      expect(() => makeBot(game, 'nobody', 's')).toThrow(/Unknown bot/);
    });

  it("the strong level plays with the game's hints for it (strongHints), the standard level without them", () => {
    const base = GAMES.find((g) => g.search?.playout === 'guide' && g.bots)!;
    const own = Object.keys(base.bots!).at(-1)!;
    let calls = 0;
    const game = {
      ...base,
      bots: {
        ...base.bots,
        [own]: (o: { seed: string }) => {
          const b = base.bots![own]!(o);
          return { name: b.name, choose: (ctx: BotContext) => (calls++, b.choose(ctx)) };
        },
      },
      search: {
        ...base.search,
        strong: 20,
        standard: 20,
        strongHints: { playout: 'random', playoutDepth: 3 },
      },
    } as AnyGame;
    expect(searchTuning(game, 'strong')).toMatchObject({ playout: 'random', playoutDepth: 3 });
    expect(searchTuning(game, 'standard')).toMatchObject({
      playout: 'guide',
      playoutDepth: base.search!.playoutDepth,
    });
    const [point] = decisionPoints(base, 'hints', 1, 1);
    const ctx = contextOf(base, point!.state, point!.prompt);
    // The guide plays every seat of a standard playout; the strong level's random playouts ask it only for
    // its choice at the root.
    makeBot(game, 'standard', 's').choose(ctx);
    const standardCalls = calls;
    calls = 0;
    makeBot(game, 'strong', 's').choose(ctx);
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(3);
    expect(standardCalls).toBeGreaterThan(20);
  });

  it('a budget by table size (bySeats) applies at that size only; another size plays exactly as without it', () => {
    for (const root of ['paired', 'tree'] as const) {
      const game = GAMES.find((g) => g.search?.root === 'paired')!;
      const [point] = decisionPoints(game, `seats:${root}`, 1, 1);
      const ctx = contextOf(game, point!.state, point!.prompt);
      const seats = game.seating(point!.state).length;
      const o = { ...searchTuning(game), root, iterations: 60, playoutDepth: 5 };
      const plain = searchDecision(game, ctx, new Rng('s'), o);
      const other = searchDecision(game, ctx, new Rng('s'), { ...o, bySeats: { [seats + 1]: 12 } });
      expect(other.index).toBe(plain.index);
      expect(other.stats.iterations).toBe(plain.stats.iterations);
      expect(other.stats.means).toEqual(plain.stats.means);
      const fewer = searchDecision(game, ctx, new Rng('s'), { ...o, bySeats: { [seats]: 12 } });
      expect(plain.stats.iterations).toBeGreaterThan(30);
      expect(fewer.stats.iterations).toBeGreaterThan(0);
      // (The paired root plays the guide's choice every round beside the survivors: a little over its budget.)
      expect(fewer.stats.iterations).toBeLessThanOrEqual(15);
      expect(fewer.stats.iterations).toBeLessThan(plain.stats.iterations / 2);
    }
    // A game's strongBySeats reaches the strong level's budget, not the standard one's.
    const base = GAMES[0]!;
    const game = { ...base, search: { ...base.search, strongBySeats: { 4: 7 } } } as AnyGame;
    expect(levelBudget(game, 'strong').bySeats).toEqual({ 4: 7 });
    expect(levelBudget(game, 'standard').bySeats).toBeUndefined();
    expect(levelBudget(game, 'strong', 900)).toMatchObject({ bySeats: { 4: 7 }, ms: 900 });
  });

  it('answers with one of its legal actions in every game', () => {
    for (const game of GAMES) {
      const [point] = decisionPoints(game, `legal:${game.id}`, 1, 1);
      const ctx = contextOf(game, point!.state, point!.prompt);
      const bot = searchBot(game, { iterations: 10 }, 'x', { playoutDepth: 4, playoutCap: 200 });
      const a = bot.choose(ctx);
      expect(ctx.legal).toContain(a);
    }
  });

  it('a millisecond budget stops the search', () => {
    const game = GAMES[0]!;
    const [point] = decisionPoints(game, 'ms', 1, 1);
    const ctx = contextOf(game, point!.state, point!.prompt);
    let t = 0;
    const r = searchDecision(game, ctx, new Rng('ms'), { ms: 5, now: () => (t += 1), playoutCap: 50 });
    // The fake clock moves 1 ms a reading: a handful of iterations, not an unbounded search.
    expect(r.stats.iterations).toBeGreaterThan(0);
    expect(r.stats.iterations).toBeLessThan(6);
  });
});
