/**
 * NAT-REM-2 at the edges of the run loop: round steps are atomic steps too (a solo tile drawn), and the
 * removal re-check skipped after payments holds only while no removal condition reads resources or VP.
 */
import { describe, expect, it } from 'vitest';
import { registerTestCard, removalsIgnoreWealth, stability } from '../src/derive.js';
import { SOLO_TILES } from '../src/data.js';
import { drain } from '../src/rules.js';
import type { ProgressCard } from '../src/types.js';
import { addAdvisor, atAction, bare, barePlayer, game, only, setRes, toAction } from './helpers.js';

describe('removal checks around round steps and payments (NAT-REM-2)', () => {
  it('NAT-REM-2: drawing a solo tile is an atomic step: a tile that leaves the player least stable removes Qin Shi Huang at once', () => {
    const st = game(1);
    toAction(st);
    barePlayer(st, 0);
    addAdvisor(st, 0, 'qinshihuang');
    expect(stability(st, 0)).toBe(0);
    st.solo1!.stability = -1; // the player is the more stable: Qin Shi Huang stays
    const tile = SOLO_TILES.find((t) => t.age === 1 && t.vo.stability !== undefined && t.vo.stability >= 0)!;
    expect(tile).toBeDefined();
    st.tiles[0]!.push(tile.id); // drawn next (NAT-SOLO-3)
    only(st, 'event');
    expect(st.solo1!.tile).toBe(tile.id);
    // A tie or a VO ahead makes the player least stable (NAT-SOLO-5): removed before any decision.
    expect(st.players[0]!.advisors.map((a) => a.id)).toEqual([]);
    expect(st.removed).toContain('qinshihuang');
  });

  it('NAT-REM-2: with a card whose removal condition reads gold, a forced payment is followed by the check', () => {
    // The real cards' conditions read no resource and no VP, so payments skip the re-check…
    expect(removalsIgnoreWealth(atAction(3))).toBe(true);
    const MISER: ProgressCard = {
      id: 'x-miser',
      name: 'Test miser (removed when its owner has no gold)',
      age: 1,
      type: 'advisor',
      level: 'basic',
      removeWhen: { count: { resource: 'gold', per: 1 }, op: '<', n: 1 },
    };
    registerTestCard(MISER);
    // …until a card says otherwise.
    const st = atAction(3);
    expect(removalsIgnoreWealth(st)).toBe(false);
    bare(st, 0);
    addAdvisor(st, 0, MISER.id);
    setRes(st, 0, { gold: 2 });
    st.stack.push({ t: 'pay', s: 0, items: [['gold', 1]], i: 0 });
    drain(st);
    expect(st.players[0]!.advisors.map((a) => a.id)).toEqual([MISER.id]); // 1 gold left
    st.stack.push({ t: 'pay', s: 0, items: [['gold', 1]], i: 0 });
    drain(st);
    expect(st.players[0]!.res.gold).toBe(0);
    expect(st.players[0]!.advisors).toEqual([]);
    expect(st.removed).toContain(MISER.id);
  });
});
