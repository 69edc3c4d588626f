/**
 * The hooks where a hero's Quest Phase move or action ends (heroes.ts, tactics.ts): the `heroMoved` window
 * of the area's controller (Ambush, data.md §13) and Krutzbek's ability after his action (data.md §9):
 * who is asked, what is offered, refusals, the timeout defaults, and what the window tells the others.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import type { RwAction, RwState } from '@tabula/runewars';
import { board, ctrl, runewars as g } from '@tabula/runewars';
import * as duel from './duel-helpers.js';
import { top } from './battle-helpers.js';
import { rejects } from './helpers.js';
import { seasonIndex } from '../src/common.js';

const { hero, act } = duel;

/** Seat 0's hero `id` one open border away from an area `to` seat 1 controls; the area it stands in. */
function nextToEnemy(st: RwState, id: string): { from: number; to: number } {
  const b = board(st);
  const h = hero(id);
  for (const to of b.on) {
    if (ctrl(st, to) !== 1) continue;
    for (const from of b.adj[to]!) {
      if (ctrl(st, from) === 1) continue;
      st.hero!.at[h] = from;
      if (g.legalActions(st, 0).some((a) => a.type === 'step' && a.h === h && a.to === to))
        return { from, to };
    }
  }
  throw new Error('no area of seat 1 next to another');
}

const step = (h: number, to: number): RwAction => ({ type: 'step', h, to });

describe('Ambush: the window when an enemy hero ends its Quest Phase move in an area of yours', () => {
  it('RW-QPH-03, RW-TACT-08, RW-DP-89: a hero stopping in the area of a player who may play a card ends its move in words; the window asks that player only; pass by default', () => {
    const st = duel.scene([[0, 'laurel', '1A']]);
    duel.tactics(st, 1, ['ambush']);
    const h = hero('laurel');
    const { to } = nextToEnemy(st, 'laurel');
    act(st, 0, step(h, to));
    // One step left: the move must end in words (go on, or stop) before anything else.
    const legal = g.legalActions(st, 0);
    expect(legal).toContainEqual({ type: 'stop', h });
    expect(legal.some((a) => a.type === 'done' || a.type === 'train')).toBe(false);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'stop', h });
    rejects(st, 0, { type: 'done' }, 'RW-EXPL-06', 'endMove');
    act(st, 0, { type: 'stop', h });
    const w = top(st);
    expect(w.k === 'window' && w.at).toBe('heroMoved');
    expect(w.k === 'window' && w.seats).toEqual([1]);
    expect(w.k === 'window' && w.h).toBe(h);
    expect(g.prompts(st).map((x) => x.seat)).toEqual([1]);
    expect(g.legalActions(st, 0)).toEqual([]);
    expect(g.defaultAction(st, 1)).toEqual({ type: 'pass' });
    act(st, 1, { type: 'pass' });
    expect(st.stack.some((f) => f.k === 'window')).toBe(false);
    expect(st.hero!.dmg[h]).toBe(0);
  });

  it('AOH-HID-14, RW-INFO-04: the window opens as well for a player holding only another card he may play (a public count): only pass is offered, so it tells nothing of his hand', () => {
    const st = duel.scene([[0, 'laurel', '1A']]);
    duel.tactics(st, 1, ['forage']);
    const h = hero('laurel');
    const { to } = nextToEnemy(st, 'laurel');
    act(st, 0, step(h, to));
    act(st, 0, { type: 'stop', h });
    const w = top(st);
    expect(w.k === 'window' && w.at).toBe('heroMoved');
    expect(g.legalActions(st, 1)).toEqual([{ type: 'pass' }]);
    rejects(st, 1, { type: 'play', card: duel.tcard('forage') }, 'RW-TACT-02', 'notPlayable');
  });

  it('RW-TACT-02, RW-HERO-07: Ambush deals 2 damage to the hero; enough damage defeats it (RW-HDEF-01)', () => {
    const st = duel.scene([[0, 'laurel', '1A']]);
    duel.tactics(st, 1, ['ambush']);
    const h = hero('laurel');
    const { to } = nextToEnemy(st, 'laurel');
    st.hero!.dmg[h] = duel.p.heroes[h]!.health - 2;
    act(st, 0, step(h, to));
    act(st, 0, { type: 'stop', h });
    const log: GameEvent[] = [];
    act(st, 1, { type: 'play', card: duel.tcard('ambush') }, log);
    expect(log.map((e) => e.key)).toEqual(
      expect.arrayContaining(['rw.ev.tacticPlayed', 'rw.ev.heroDamaged', 'rw.ev.heroDefeated']),
    );
    expect(st.hero!.ctl[h]).toBe(-2);
    expect(st.decks.tacticsDiscard).toContain(duel.tcard('ambush'));
  });

  it('RW-TACT-03, RW-TACT-05: no window in the mover’s own area, nor for a player without a card he may play now; the move then ends by itself (no forced stop)', () => {
    const st = duel.scene([[0, 'laurel', '1A']]);
    const h = hero('laurel');
    const { to } = nextToEnemy(st, 'laurel');
    // A card drawn this season cannot be played: the same as no card.
    st.p[1]!.tac = [duel.tcard('ambush')];
    st.p[1]!.tacSeason = [seasonIndex(st)];
    act(st, 0, step(h, to));
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'done' });
    act(st, 0, { type: 'done' });
    expect(st.stack.some((f) => f.k === 'window')).toBe(false);
  });
});

describe('Krutzbek: 1 damage to an enemy hero of his area after his Quest Phase action', () => {
  /** Krutzbek (seat 0) with the heroes of seat 1 given, in 1A. */
  const scene = (enemies: string[]) =>
    duel.scene([[0, 'krutzbek', '1A'], ...enemies.map((e) => [1, e, '1A'] as [number, string, string])]);

  it('RW-QPH-02, RW-QPH-05, RW-HERO-07, RW-DP-89: after a Train, his player chooses among two enemy heroes; refusals; the default is the first in canonical order', () => {
    const st = scene(['laurel', 'verikas']);
    const k = hero('krutzbek');
    act(st, 0, { type: 'train', h: k, a: 0, b: 1 });
    const f = top(st);
    expect(f.k).toBe('strike');
    expect(g.prompts(st).map((x) => [x.seat, x.kind])).toEqual([[0, 'rw.strike']]);
    const targets = [hero('laurel'), hero('verikas')].sort((a, b) => a - b);
    expect(g.legalActions(st, 0)).toEqual(targets.map((t) => ({ type: 'heroHit', h: k, target: t })));
    expect(g.defaultAction(st, 0)).toEqual({ type: 'heroHit', h: k, target: targets[0] });
    rejects(st, 0, { type: 'heroHit', h: k, target: k }, 'RW-QPH-02', 'strikeTarget');
    rejects(st, 0, { type: 'done' }, 'RW-QPH-02', 'strikeTarget');
    act(st, 0, { type: 'heroHit', h: k, target: hero('verikas') });
    expect(st.hero!.dmg[hero('verikas')]).toBe(1);
    expect(st.hero!.dmg[hero('laurel')]).toBe(0);
    expect(top(st).k).toBe('qph');
  });

  it('RW-QPH-02, RW-QPH-03: after a Move ended by his player turning to "done", a single enemy hero of his new area is hit at once', () => {
    const st = scene([]);
    const k = hero('krutzbek');
    const b = board(st);
    const to = b.adj[st.hero!.at[k]!]!.find((x) =>
      g.legalActions(st, 0).some((a) => a.type === 'step' && a.h === k && a.to === x && ctrl(st, x) !== 1),
    )!;
    const v = hero('verikas');
    st.hero!.ctl[v] = 1;
    st.hero!.at[v] = to;
    st.hero!.deck = st.hero!.deck.filter((x) => x !== v);
    act(st, 0, step(k, to));
    expect(st.hero!.dmg[v]).toBe(0); // his action is not over yet: he may go on
    const log: GameEvent[] = [];
    act(st, 0, { type: 'done' }, log);
    expect(log.map((e) => e.key)).toContain('rw.ev.heroStrike');
    expect(st.hero!.dmg[v]).toBe(1);
  });

  it('RW-QPH-02: no enemy hero in his area, or another hero acting: nothing happens', () => {
    const st = duel.scene([
      [0, 'krutzbek', '1A'],
      [0, 'laurel', '1A'],
    ]);
    const l = hero('laurel');
    st.hero!.ctl[hero('verikas')] = 1;
    st.hero!.at[hero('verikas')] = st.hero!.at[l]!;
    st.hero!.deck = st.hero!.deck.filter((x) => x !== hero('verikas'));
    act(st, 0, { type: 'train', h: l, a: 0, b: 1 }); // Laurel has no such ability
    expect(top(st).k).toBe('qph');
    expect(st.hero!.dmg[hero('verikas')]).toBe(0);
    st.hero!.at[hero('verikas')] = -1;
    st.hero!.ctl[hero('verikas')] = -1;
    act(st, 0, { type: 'train', h: hero('krutzbek'), a: 0, b: 1 });
    expect(st.stack.some((f) => f.k === 'strike')).toBe(false);
  });

  it('RW-DUEL-01, RW-QPH-02: after his duel, once it is over, the enemy hero still there is hit', () => {
    const st = scene(['laurel', 'verikas']);
    const k = hero('krutzbek');
    duel.fate(st, []);
    act(st, 0, { type: 'duel', h: k, target: hero('laurel') });
    duel.defaults(st);
    // The duel over (blank cards: nobody hurt), his action is: both enemy heroes are still there.
    expect(st.hero!.dmg[hero('laurel')]).toBe(0);
    expect(top(st).k).toBe('strike');
    act(st, 0, { type: 'heroHit', h: k, target: hero('verikas') });
    expect(st.hero!.dmg[hero('verikas')]).toBe(1);
    expect(top(st).k).toBe('qph');
  });
});
