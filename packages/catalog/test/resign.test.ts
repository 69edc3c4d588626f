/**
 * Resigning works in every game of the catalog at every decision point, and while the resigning seat
 * has nothing to decide: random games, a random seat resigns at a random moment (several seats in some
 * games), and the game goes on to its end without ever waiting for a resigned seat again, which never
 * wins while someone who did not resign is left.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, Prompt } from '@tabula/engine';
import { RESIGN, Rng } from '@tabula/engine';
import { GAMES } from '@tabula/catalog';

/** Options that keep random games short where a game has such an option (a platform cap, not a rule). */
const SHORT: Record<string, Record<string, unknown>> = { 'struggle-for-rome': { roundLimit: 30 } };

function newGame(g: AnyGame, n: number, seed: string): unknown {
  const o = g.parseOptions(SHORT[g.id] ?? {});
  if (!o.ok) throw new Error(o.error.message);
  const s = g.setup(o.value, n, seed);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

/** A random legal action of a random waiting seat (the games' trading windows are left soon). */
function step(g: AnyGame, st: unknown, rng: Rng): void {
  const ps = g.prompts(st) as Prompt[];
  const waiting = ps.filter((p) => !p.optional);
  const p = (waiting.length ? waiting : ps)[rng.int(waiting.length || ps.length)]!;
  const legal = g.legalActions(st, p.seat) as { type?: string }[];
  const ready = legal.find((a) => a.type === 'ready' || a.type === 'pass');
  const a = ready && rng.int(3) > 0 ? ready : legal[rng.int(legal.length)]!;
  const r = g.apply(st, p.seat, a);
  if (!r.ok)
    throw new Error(
      `${g.id}: a listed action ${JSON.stringify(a)} of seat ${p.seat} (${p.kind}) was refused: ${r.error.message}`,
    );
}

describe('resignation in every catalog game', () => {
  for (const g of GAMES) {
    it(`${g.id}: a random seat resigns at random points of random games; the game goes on by its rules`, () => {
      const kinds = new Set<string>();
      let idle = 0;
      for (let k = 0; k < 40; k++) {
        const rng = new Rng(`${g.id}:resign:${k}`);
        const n = Math.max(g.minSeats, Math.min(g.maxSeats, 2 + (k % 3)));
        const st = newGame(g, n, `${g.id}:${k}`);
        const resigned = new Set<number>();
        // One resignation in most games, two in some (then at most n - 1 seats resign).
        const planned = Array.from({ length: k % 4 === 3 && n > 2 ? 2 : 1 }, () => rng.int(600));
        for (let i = 0; i < 60_000 && !g.outcome(st); i++) {
          if (planned.length && i >= planned[0]!) {
            planned.shift();
            const ps = g.prompts(st) as Prompt[];
            const candidates = Array.from({ length: n }, (_, s) => s).filter((s) => !resigned.has(s));
            if (candidates.length > 1) {
              // Half of the time the seat being asked, else any seat still playing.
              const asked = ps.filter((p) => !resigned.has(p.seat));
              const seat =
                asked.length && rng.int(2) === 0
                  ? asked[rng.int(asked.length)]!.seat
                  : candidates[rng.int(candidates.length)]!;
              const own = ps.find((p) => p.seat === seat);
              if (own) kinds.add(own.kind);
              else idle++;
              const r = g.apply(st, seat, RESIGN);
              expect(r, `${g.id} game ${k}: resign at step ${i}`).toEqual({ ok: true });
              resigned.add(seat);
              // Once is enough: a second resignation is refused, with a rule of the game.
              const again = g.apply(st, seat, RESIGN);
              expect(again.ok).toBe(false);
            }
          }
          if (g.outcome(st)) break;
          // The game never waits for a resigned seat.
          const ps = g.prompts(st) as Prompt[];
          for (const p of ps)
            expect(resigned.has(p.seat), `${g.id} game ${k}: asks resigned seat ${p.seat}`).toBe(false);
          expect(ps.length, `${g.id} game ${k}: nobody is asked anything`).toBeGreaterThan(0);
          step(g, st, rng);
        }
        const out = g.outcome(st);
        expect(out, `${g.id} game ${k} ended`).not.toBeNull();
        if (resigned.size < n) for (const s of resigned) expect(out!.winners).not.toContain(s);
      }
      // Resignations came at several kinds of decision of the resigning seat, and while it had none.
      expect(kinds.size).toBeGreaterThanOrEqual(2);
      expect(idle).toBeGreaterThan(0);
    });
  }
});
