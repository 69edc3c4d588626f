/** M1–M2 movement cited one by one (RW-MOVE-*, RW-ACT-*, RW-STRAT-05): paths, borders, activation tokens, routed figures. */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  attack,
  board,
  chooseAll,
  clearBoard,
  DEFAULT_PACK,
  put,
  runewars as g,
  scenarioGame,
} from '@tabula/runewars';
import type { RwState } from '@tabula/runewars';
import { act, area, top, u, units } from './battle-helpers.js';
import { rejects } from './helpers.js';

const p = DEFAULT_PACK;
const drafts = (st: RwState, seat = 0) =>
  g
    .legalActions(st, seat)
    .filter((a) => a.type === 'draft')
    .map((a) => `${p.areas[(a as { from: number }).from]!.id}:${p.units[(a as { u: number }).u]!.id}`);

/** Latari (seat 0) at their Mobilize, on a cleared board with `setup` applied. */
function mob(setup: (st: RwState) => void, order = 2): RwState {
  const st = scenarioGame(['latari', 'uthuk'], 'paths');
  clearBoard(st);
  put(st, 'LEa', 0, 'sorceress', 1);
  put(st, 'UYa', 1, 'berserker', 1);
  setup(st);
  chooseAll(st, [order, 8]);
  return st;
}

describe('Mobilize and Conquer paths', () => {
  it('RW-MOVE-01, RW-MOVE-20, RW-MOVE-23, RW-MOVE-25, RW-MOVE-27, RW-MOVE-30, RW-DP-44: figures from several areas, up to 2 steps through friendly or empty areas', () => {
    const st = mob((s) => {
      put(s, '2C', 0, 'archer', 2); // 2C → 3D → 3C
      put(s, '3D', 0, 'warrior', 8); // a full friendly area on the way (only end positions count)
    });
    act(st, 0, { type: 'activate', area: area('3C') });
    expect(drafts(st)).toEqual(['2C:archer', '3D:warrior']);
    act(st, 0, { type: 'draft', from: area('2C'), u: u('archer') });
    act(st, 0, { type: 'draft', from: area('3D'), u: u('warrior') });
    act(st, 0, { type: 'commit' });
    expect(units(st, '3C')).toEqual(['archer×1', 'warrior×1']);
  });

  it('RW-MOVE-23, RW-MOVE-12, RW-NEUT-02: an enemy or neutral area on the way blocks the path, flyers included', () => {
    const st = mob((s) => {
      put(s, '2C', 0, 'archer', 1);
      put(s, '2C', 0, 'pegasus', 1);
      put(s, '3D', -1, 'beastman', 1);
      put(s, '3B', 1, 'berserker', 1);
    });
    act(st, 0, { type: 'activate', area: area('3C') });
    expect(drafts(st)).toEqual([]);
    rejects(st, 0, { type: 'draft', from: area('2C'), u: u('pegasus') }, 'RW-MOVE-21', 'noPath');
  });

  it("RW-ACT-04, RW-ACT-06, RW-MOVE-22: a path may pass an area with his own token, not start there; others' tokens do not matter", () => {
    const st = mob((s) => {
      put(s, '2C', 0, 'archer', 1);
      put(s, '3D', 0, 'warrior', 1);
      s.act[area('3D')]! |= 1; // his own token: the Warrior cannot leave, the Archer may pass
      put(s, '4B', 0, 'archer', 1);
      s.act[area('4B')]! |= 2; // the Uthuk's token: no effect on him
    });
    act(st, 0, { type: 'activate', area: area('3C') });
    expect(drafts(st)).toEqual(['2C:archer', '4B:archer']);
    rejects(st, 0, { type: 'draft', from: area('3D'), u: u('warrior') }, 'RW-ACT-02', 'activated');
  });

  it('RW-MOVE-04, RW-TERM-18: routed units cannot move', () => {
    const st = mob((s) => {
      put(s, '3D', 0, 'archer', 1, true);
      put(s, '3D', 0, 'warrior', 1);
    });
    act(st, 0, { type: 'activate', area: area('3C') });
    expect(drafts(st)).toEqual(['3D:warrior']);
    const s2 = mob((s) => put(s, '3D', 0, 'archer', 2, true), 1);
    expect(drafts(s2).filter((x) => x.startsWith('3D'))).toEqual([]);
  });

  it('RW-MOVE-03, RW-DP-45, RW-MOB-03, RW-DIPLO-01: units moved in among unallied neutrals fight them if their player chooses battle', () => {
    const st = mob((s) => {
      put(s, '3D', 0, 'archer', 2);
      put(s, '3C', -1, 'beastman', 1);
    });
    const log: GameEvent[] = [];
    attack(st, 0, '3C', [['3D', 'archer', 2]], log);
    expect(top(st)).toMatchObject({ k: 'diplo', area: area('3C') });
    expect(g.legalActions(st, 0)[0]).toEqual({ type: 'fight' });
    const r = g.apply(st, 0, { type: 'fight' }, log);
    expect(r.ok).toBe(true);
    expect(log.find((e) => e.key === 'rw.ev.battle')!.params).toMatchObject({ seat: 0, def: -1 });
  });

  it('RW-ACT-03, RW-ACT-08, RW-STRAT-03, RW-STRAT-05, RW-MOVE-15, RW-MOVE-16: Strategize may enter his activated area; it places no token; only neighbours on the board', () => {
    const st = mob((s) => {
      put(s, '3D', 0, 'archer', 1);
      s.act[area('3C')]! |= 1;
    }, 1);
    const to = g
      .legalActions(st, 0)
      .filter((a) => a.type === 'draft' && a.from === area('3D'))
      .map((a) => (a as { to: number }).to);
    expect(to).toContain(area('3C'));
    for (const t of to) expect(board(st).adj[area('3D')]).toContain(t);
    const before = st.act.slice();
    act(st, 0, { type: 'draft', from: area('3D'), to: area('3C'), u: u('archer') });
    act(st, 0, { type: 'commit' });
    expect(st.act).toEqual(before);
  });

  it('RW-ACT-10, RW-CLIMIT-02: activation tokens are no hard limit: with four already out, a fifth area may be activated', () => {
    const st = mob((s) => {
      for (const id of ['1A', '1B', '1C', '2A']) s.act[area(id)]! |= 1;
      put(s, '3D', 0, 'archer', 1);
    });
    expect(g.legalActions(st, 0)).toContainEqual({ type: 'activate', area: area('3C') });
    act(st, 0, { type: 'activate', area: area('3C') });
    expect(st.act.filter((b) => b & 1)).toHaveLength(5);
  });
});
