/**
 * Decision points (spec §21): who must decide now, what they may do, and the deterministic timeout default.
 * Every listed action passes the same checks `apply` runs; nothing listed depends on hidden information
 * (the undrawn deck orders are the only hidden part of the state, NAT-HIDDEN-2).
 */
import type { Prompt } from '@tabula/engine';
import { E } from './config.js';
import { boardCard, deployCost, instCard, seatMods } from './derive.js';
import {
  abilityUseError,
  buyProblem,
  defaultChoice,
  eachAbilitySource,
  hireError,
  mainLeft,
} from './rules.js';
import type { NatAction, NatState } from './state.js';
import type { ProgressCard } from './types.js';

const KINDS = new Map<string, string>();
/** "nat." + the pending kind, built once per kind. */
function promptKind(k: string): string {
  let v = KINDS.get(k);
  if (v === undefined) KINDS.set(k, (v = `nat.${k}`));
  return v;
}

export function prompts(st: NatState): Prompt[] {
  if (st.over) return [];
  if (st.pending) {
    const pd = st.pending;
    return [{ seat: pd.s, kind: promptKind(pd.kind), args: { n: pd.opts.length } }];
  }
  if (st.step === 'action' && st.turn)
    return [{ seat: st.turn.s, kind: 'nat.turn', args: { left: mainLeft(st), main: st.turn.main } }];
  return [];
}

export function legalActions(st: NatState, seat: number): NatAction[] {
  if (st.over) return [];
  if (st.pending) return st.pending.s === seat ? [...st.pending.opts] : [];
  if (st.step !== 'action' || !st.turn || st.turn.s !== seat) return [];
  const out: NatAction[] = [];
  const p = st.players[seat]!;
  const slots = p.row;
  // The row slots holding workers, as bits (a row has at most 30 slots, data.ts): sources of moves, undeploys.
  let manned = 0;
  for (let i = 0; i < slots.length; i++) {
    const r = slots[i];
    if (r && r.w > 0) manned |= 1 << i;
  }
  const main = mainLeft(st) > 0;
  if (main) {
    const sm = seatMods(st, seat);
    // Without price modifiers, a space whose row price the gold does not cover is skipped at once.
    const plain = sm.price.length === 0 && sm.cannot.length === 0;
    const gold = p.res.gold;
    const cols = st.cols;
    for (let i = 0; i < st.board.length; i++) {
      const b = st.board[i];
      if (!b) continue;
      const row = ((i / cols) | 0) + 1;
      if (plain && gold < E.rowPrice[row - 1]!) continue;
      if (!buyProblem(st, seat, row, boardCard(i, b), false, sm))
        out.push({ type: 'buy', row, col: i - (row - 1) * cols });
    }
    // Deployments: the cost depends on the target only, so it is checked once per target.
    const stone = p.res.stone;
    for (let to = 0; to < slots.length; to++) {
      const target = slots[to];
      if (!target) continue;
      const c = instCard(target);
      if (c.deployCost || sm.deploy.length) {
        const cost = deployCost(st, seat, c, sm);
        if (stone < cost.stone) continue;
        let okOther = true;
        for (const [r, n] of cost.other) if (p.res[r] < n) okOther = false;
        if (!okOther) continue;
      }
      if (p.idle > 0) out.push({ type: 'deploy', from: -1, to });
      for (let m = manned & ~(1 << to), from = 0; m !== 0; m >>>= 1, from++)
        if (m & 1) out.push({ type: 'deploy', from, to });
    }
    if (p.wip) {
      if (!hireError(st, seat, false)) out.push({ type: 'hire' });
      if (!hireError(st, seat, true)) out.push({ type: 'hire', private: true });
    }
  }
  eachAbilitySource(st, seat, (u, abilities) => abilityActions(st, seat, u, abilities, out));
  for (let m = manned, slot = 0; m !== 0; m >>>= 1, slot++) if (m & 1) out.push({ type: 'undeploy', slot });
  if (st.turn.main > 0) out.push({ type: 'end' });
  out.push({ type: 'pass' });
  return out;
}

function abilityActions(
  st: NatState,
  seat: number,
  u: number,
  abilities: NonNullable<ProgressCard['abilities']>,
  out: NatAction[],
): void {
  for (const ab of abilities) {
    const n = Array.isArray(ab.cost) ? ab.cost.length : 1;
    for (let c = 0; c < n; c++)
      if (!abilityUseError(st, seat, u, ab, n > 1 ? c : undefined))
        out.push(
          n > 1
            ? { type: 'ability', card: u, ability: ab.id, cost: c }
            : { type: 'ability', card: u, ability: ab.id },
        );
  }
}

/** NAT-DP-25/26; on a turn: end the turn after a main action, else pass. */
export function defaultAction(st: NatState, seat: number): NatAction | null {
  if (st.over) return null;
  if (st.pending) return st.pending.s === seat ? defaultChoice(st) : null;
  if (st.step === 'action' && st.turn?.s === seat)
    return st.turn.main > 0 ? { type: 'end' } : { type: 'pass' };
  return null;
}
