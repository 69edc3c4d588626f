/** Golden playthroughs: recorded, checked, and every kind of change found at its first step. */
import { describe, expect, it } from 'vitest';
import { checkPlaythrough, recordPlaythrough } from '@tabula/engine';
import type { AnyGame } from '@tabula/engine';
import { toyGame } from './toy.js';

const spec = { name: 'toy', seats: 3, seed: 'golden-toy' };

describe('golden playthroughs', () => {
  it('a recorded playthrough checks against the same rules, step by step to its end', () => {
    const g = toyGame();
    const text = recordPlaythrough(g, spec);
    expect(text.split('\n')[0]).toBe('# tabula-playthrough 1');
    expect(text).toMatch(/^end \d+ [0-9a-f]{16} [0-9a-f]{16} /m);
    // Recording is deterministic: the same spec gives the same text.
    expect(recordPlaythrough(toyGame(), spec)).toBe(text);
    const r = checkPlaythrough(g, text);
    expect(r).toMatchObject({ ok: true });
    expect(r.steps).toBeGreaterThan(0);
  });

  it('finds a changed offer, a changed prompt, a changed event, a changed state and a cut file', () => {
    const text = recordPlaythrough(toyGame(), spec);
    const changed = (patch: (g: AnyGame) => AnyGame) => checkPlaythrough(patch(toyGame()), text);
    // One more action offered.
    const offers = changed((g) => ({
      ...g,
      legalActions: (s: unknown, seat: number) => {
        const l = g.legalActions(s, seat);
        return l.length ? [...l, { type: 'extra' }] : l;
      },
    }));
    expect(offers.ok).toBe(false);
    expect(offers.difference).toMatch(/line 5:[\s\S]*offer/);
    // Another prompt kind.
    const prompts = changed((g) => ({
      ...g,
      prompts: (s: unknown) => g.prompts(s).map((p) => ({ ...p, kind: 'toy.other' })),
    }));
    expect(prompts.difference).toMatch(/toy\.other/);
    // An event more.
    const events = changed((g) => ({
      ...g,
      apply: (s: unknown, seat: number, a: unknown, log?: { key: string }[]) => {
        const r = g.apply(s, seat, a, log);
        log?.push({ key: 'toy.ev.extra' });
        return r;
      },
    }));
    expect(events.difference).toMatch(/toy\.ev\.extra/);
    // The same prompts, offers and events, but a different state: found at the next hash line.
    const state = changed((g) => ({
      ...g,
      apply: (s: unknown, seat: number, a: unknown, log?: { key: string }[]) => {
        const r = g.apply(s, seat, a, log);
        (s as Record<string, unknown>).extra = 1;
        return r;
      },
    }));
    expect(state.ok).toBe(false);
    expect(state.difference).toMatch(/expected: (hash|end) /);
    expect(checkPlaythrough(toyGame(), text.split('\n').slice(0, 8).join('\n')).difference).toMatch(
      /ends before/,
    );
  });
});
