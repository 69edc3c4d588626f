import { deepClone } from '@tabula/engine';
import type { Inst, NatState, Player } from './state.js';

const inst = (x: Inst): Inst => ({ id: x.id, u: x.u, w: x.w });
const slot = (x: Inst | null): Inst | null => (x ? inst(x) : null);

/**
 * A player's deep copy, field by field (one object shape, faster than a spread; the clone test fails when a
 * field is added and not copied here); the rare nested one (`warLost`) generically.
 */
function clonePlayer(p: Player): Player {
  return {
    nation: p.nation,
    side: p.side,
    level: p.level,
    easy: p.easy,
    res: { gold: p.res.gold, stone: p.res.stone, food: p.res.food, books: p.res.books },
    vp: p.vp,
    idle: p.idle,
    foodCap: p.foodCap,
    stabCap: p.stabCap,
    foodFilled: p.foodFilled,
    stabFilled: p.stabFilled,
    overflow: p.overflow,
    advisors: p.advisors.map(inst),
    row: p.row.map(slot),
    colonies: p.colonies.map(inst),
    wip: p.wip ? { id: p.wip.id, u: p.wip.u, built: p.wip.built } : null,
    wonders: p.wonders.map(inst),
    priv: p.priv,
    used: p.used.slice(),
    short: p.short,
    passed: p.passed,
    turns: p.turns,
    bought: p.bought.slice(),
    defeated: p.defeated,
    warLost: p.warLost ? deepClone(p.warLost) : null,
    resigned: p.resigned,
  };
}

/**
 * A deep copy that shares the (immutable) options. The flat parts (decks, the board, the players) are
 * copied by hand — the generic walk spent most of its time on the decks' card ids; what resolves (the
 * task stack, the pending choice, the round's modifiers, the result) is copied generically. The clone
 * test checks that the copy equals the generic one and shares nothing mutable with the original.
 */
export function cloneState(st: NatState): NatState {
  return {
    ...st,
    rng: st.rng.slice(),
    order: st.order.slice(),
    actionOrder: st.actionOrder.slice(),
    passOrder: st.passOrder.slice(),
    board: st.board.map((b) => (b ? { ...b } : null)),
    decks: st.decks.map((d) => d.slice()),
    events: st.events.map((d) => d.slice()),
    tiles: st.tiles.map((d) => d.slice()),
    shown: st.shown.slice(),
    war: st.war ? { ...st.war } : null,
    ...(st.warDone !== undefined ? { warDone: st.warDone ? { ...st.warDone } : null } : {}),
    mods: st.mods.length ? deepClone(st.mods) : [],
    players: st.players.map(clonePlayer),
    draft: st.draft.slice(),
    turn: st.turn ? { ...st.turn } : null,
    stack: st.stack.length ? deepClone(st.stack) : [],
    pending: st.pending ? deepClone(st.pending) : null,
    solo1: st.solo1 ? { ...st.solo1 } : null,
    removed: st.removed.slice(),
    past: st.past.slice(),
    over: st.over ? deepClone(st.over) : null,
  };
}
