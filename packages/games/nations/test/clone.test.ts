import { describe, expect, it } from 'vitest';
import { deepClone, Rng } from '@tabula/engine';
import { nations } from '@tabula/nations';
import type { NatState } from '@tabula/nations';

/** Paths at which `copy` holds the very object or array `orig` holds (options excepted: they are shared). */
function shared(copy: unknown, orig: unknown, path: string, out: string[]): void {
  if (copy === null || typeof copy !== 'object' || orig === null || typeof orig !== 'object') return;
  if (copy === orig) {
    out.push(path);
    return;
  }
  for (const k of Object.keys(orig)) {
    if (path === '' && k === 'opts') continue;
    shared((copy as Record<string, unknown>)[k], (orig as Record<string, unknown>)[k], `${path}.${k}`, out);
  }
}

// The state's copy (`clone`, the search bot's and the undo's hot path) is written by hand for speed: it must
// equal the generic deep copy and share nothing that changes with the original, in every state of random
// games (decisions pending, tasks resolving, wars, events, the end).
describe('a state copy', () => {
  it('equals the generic deep copy and shares nothing mutable with the original (1 to 5 players)', () => {
    let states = 0;
    const kinds = new Set<string>();
    for (let g = 0; g < 16; g++) {
      const players = [1, 2, 3, 4, 5][g % 5]!;
      const opts = nations.parseOptions(g % 2 ? { includePromo: true } : {});
      if (!opts.ok) throw new Error(opts.error.message);
      const s = nations.setup(opts.value, players, `clone-${g}`);
      if (!s.ok) throw new Error(s.error.message);
      const st = s.value as NatState;
      const rng = new Rng(`clone-${g}`);
      for (let i = 0; i < 5000 && nations.prompts(st).length > 0; i++) {
        const c = nations.clone(st);
        expect(c).toEqual(deepClone(st));
        const out: string[] = [];
        shared(c, st, '', out);
        expect(out).toEqual([]);
        expect(c.opts).toBe(st.opts);
        states++;
        if (st.pending) kinds.add(`pending:${st.pending.kind}`);
        for (const t of st.stack) kinds.add(`task:${t.t}`);
        const ps = nations.prompts(st);
        const p = ps[rng.int(ps.length)]!;
        // Nobody resigns: the games run to their end.
        const legal = nations.legalActions(st, p.seat).filter((a) => a.type !== 'resign');
        expect(nations.apply(st, p.seat, legal[rng.int(legal.length)]!).ok).toBe(true);
      }
      // The end of the game too.
      expect(nations.clone(st)).toEqual(deepClone(st));
    }
    expect(states).toBeGreaterThan(1000);
    // The copy met the nested parts it copies generically.
    expect([...kinds].filter((k) => k.startsWith('task:')).length).toBeGreaterThan(3);
    expect([...kinds].filter((k) => k.startsWith('pending:')).length).toBeGreaterThan(3);
  });
});
