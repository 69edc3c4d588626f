/**
 * The search bot never goes round in circles: at a view it has already decided at, it chooses an action it
 * has not tried there. Found in a strength run: at the strong level, one seat of a two-player game began a
 * war draft and cancelled it, again and again, until the action cap (the first action judged by a greedy
 * finish, the cancel by a search of its own, each looked best where it was chosen).
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, BotContext } from '@tabula/engine';
import { Rng, choosePrompt, playGame } from '@tabula/engine';
import { GAMES } from '@tabula/catalog';
import { makeBot, searchBot } from '@tabula/bots';

/** The first decision with at least `n` legal actions in a game the game's own bot plays at every seat. */
function decisionWith(game: AnyGame, n: number): BotContext {
  const o = game.parseOptions({});
  if (!o.ok) throw new Error(o.error.message);
  const s = game.setup(o.value, Math.max(2, game.minSeats), 'cycles');
  if (!s.ok) throw new Error(s.error.message);
  const st = s.value;
  const rng = new Rng('cycles');
  for (let i = 0; i < 2000; i++) {
    const p = choosePrompt(game.prompts(st), rng);
    if (!p) break;
    const legal = game.legalActions(st, p.seat);
    const ctx = { seat: p.seat, view: game.view(st, p.seat), legal, prompt: p, rng: rng.fork('ctx') };
    if (legal.length >= n) return ctx;
    const bot = makeBot(game, 'beginner', `cycles:${i}`);
    expect(game.apply(st, p.seat, bot.choose(ctx)).ok).toBe(true);
  }
  throw new Error(`${game.id}: no decision with ${n} actions`);
}

describe('the search bot never goes round in circles', () => {
  for (const game of GAMES)
    it(`${game.id}: asked again at the same view, it tries another action until all are tried`, () => {
      const ctx = decisionWith(game, 3);
      const bot = makeBot(game, 'ismcts:12', 'cycles');
      const seen = new Set<string>();
      for (let i = 0; i < ctx.legal.length; i++) {
        const a = bot.choose({ ...ctx, rng: new Rng(`c${i}`) });
        expect(ctx.legal).toContain(a);
        seen.add(JSON.stringify(a));
      }
      // Every action once, then the circle starts over.
      expect(seen.size).toBe(ctx.legal.length);
      expect(ctx.legal).toContain(bot.choose({ ...ctx, rng: new Rng('again') }));
      // A fresh bot (another game) remembers nothing.
      const first = makeBot(game, 'ismcts:12', 'cycles').choose({ ...ctx, rng: new Rng('c0') });
      expect(first).toEqual(makeBot(game, 'ismcts:12', 'cycles').choose({ ...ctx, rng: new Rng('c0') }));
    });

  it('the strength run game that looped (a war drafted and cancelled) ends', () => {
    const game = GAMES.find((g) => g.id === 'age-of-heroes')!;
    const seed = 'levels:13';
    let drafts = 0;
    const r = playGame(game, {
      seats: 2,
      seed,
      // The strong level of that run: 300 iterations, the standard level's 30-step playouts.
      bots: [makeBot(game, 'standard', `${seed}:0`), searchBot(game, { iterations: 300 }, `${seed}:hero`)],
      maxActions: 3000,
      onAction: (_s, seat, a) => {
        if (seat === 1 && (a as { type: string }).type === 'warCancel') drafts++;
      },
    });
    expect(r.capped).toBe(false);
    expect(r.outcome).not.toBeNull();
    expect(drafts).toBeLessThan(10);
  }, 120_000);
});
