/**
 * Triggers and used markers (NAT-MODEL-7, NAT-REM-6): the cards that react to an event of the game, and
 * the markers of the cards whose per-round condition is met.
 */
import { BOARD_TRIGGERS, board, cond, counter, fireBit, deckOf, passedAs, roundFacts } from '../derive.js';
import type { Deck } from '../derive.js';
import { AREA_ADVISORS, AREA_COLONIES, AREA_ROW, AREA_WONDERS, inPlay } from '../deck.js';
import type { Inst, NatState, Player } from '../state.js';
import type { Effect, ProgressCard } from '../types.js';
import { pushEffects } from './effects.js';

export function markUsed(p: Player, u: number): void {
  if (!p.used.includes(u)) p.used.push(u);
}

/**
 * NAT-REM-6: a used marker on every card in play (of seat s, or of every seat when s is -1) whose per-round
 * condition reading one of the round `facts` (ROUND_PASS, ROUND_BUY) holds now: a static modifier's or a
 * production entry's condition (`CardEntry.round`, from the card data). Called when such a fact changes: a
 * pass, a card taken.
 */
export function markRoundConds(st: NatState, s: number, facts: number): void {
  const dk = deckOf(st);
  // Only the areas where a card with such a per-round condition can lie (the deck's data, by card type) and was
  // put (`InPlay`).
  const areas = dk.roundAreas(facts) & inPlay(st).roundAreas(facts);
  if (areas === 0) return;
  for (let o = s < 0 ? 0 : s; o < (s < 0 ? st.n : s + 1); o++) {
    const p = st.players[o]!;
    if (areas & AREA_ADVISORS) markIn(st, o, p.advisors, false, facts, dk);
    if (areas & AREA_ROW) markIn(st, o, p.row, true, facts, dk);
    if (areas & AREA_COLONIES) markIn(st, o, p.colonies, false, facts, dk);
    if (areas & AREA_WONDERS) markIn(st, o, p.wonders, false, facts, dk);
  }
}
/** `markRoundConds` over one area of seat o (the row: manned cards only). */
function markIn(
  st: NatState,
  o: number,
  list: ReadonlyArray<Inst | null>,
  mannedOnly: boolean,
  facts: number,
  dk: Deck,
): void {
  const p = st.players[o]!;
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (!x || (mannedOnly && x.w <= 0)) continue;
    const e = dk.instEntry(x);
    if ((e.roundFacts & facts) === 0 || p.used.includes(x.u)) continue;
    for (const rc of e.round)
      if (rc.facts & facts && (!rc.cond || cond(st, o, rc.cond)) && (!rc.per || counter(st, o, rc.per) > 0)) {
        markUsed(p, x.u);
        break;
      }
  }
}

/** Marks the card instance u wherever it is in play (NAT-REM-6); the board (-1) of seat s. */
export function markInstance(st: NatState, s: number, u: number): void {
  if (u < 0) {
    markUsed(st.players[s]!, u);
    return;
  }
  for (const p of st.players) {
    const has = (x: Inst | null) => !!x && x.u === u;
    if (p.advisors.some(has) || p.row.some(has) || p.colonies.some(has) || p.wonders.some(has)) {
      markUsed(p, u);
      return;
    }
  }
}

/**
 * A trigger bound to the round (NAT-REM-6): on an event that happens once a round (`passed`, `roundStart`), or
 * filtered or conditioned by a fact of the round (`first` of `passed`, a condition reading passes or
 * purchases). It marks its card when it fires; `perRound` triggers also stop at the marker.
 */
export function roundTrigger(tr: NonNullable<ProgressCard['triggers']>[number]): boolean {
  return (
    tr.on === 'passed' ||
    tr.on === 'roundStart' ||
    (tr.filter !== undefined && 'first' in tr.filter) ||
    roundFacts(tr.if) !== 0
  );
}

/** Fires `on` triggers of seat s's cards (NAT-MODEL-7): pushed so they run in slot order. */
export function fireTriggers(st: NatState, on: string, s: number, data: Record<string, unknown>): void {
  const hits: TriggerHit[] = [];
  // No card of this game ever reacted to this event: only the nation boards can.
  const bit = fireBit(on);
  const dk = deckOf(st);
  // Only the areas where a card reacting to this event can lie (the deck's data, by card type).
  // And only when a card reacting to it was put in play (`InPlay`, beside the state).
  const areas = (inPlay(st).fires & bit) !== 0 ? dk.fireAreas(bit) : 0;
  const all = on === 'buyCard';
  for (let i = 0; i < (all ? st.order.length : 1); i++) {
    const o = all ? st.order[i]! : s;
    const p = st.players[o]!;
    if (BOARD_TRIGGERS) {
      const b = board(p);
      if (b.triggers) triggerHits(st, on, o, s, data, -1, b, hits);
    }
    if (areas & AREA_ADVISORS) cardTriggers(st, on, o, s, data, p.advisors, false, dk, bit, hits);
    if (areas & AREA_ROW) cardTriggers(st, on, o, s, data, p.row, true, dk, bit, hits);
    if (areas & AREA_COLONIES) cardTriggers(st, on, o, s, data, p.colonies, false, dk, bit, hits);
    if (areas & AREA_WONDERS) cardTriggers(st, on, o, s, data, p.wonders, false, dk, bit, hits);
  }
  for (let k = hits.length - 1; k >= 0; k--) {
    const [o, effs, src, u] = hits[k]!;
    pushEffects(st, o, effs, { src, u, bought: all ? (data.u as number) : undefined });
  }
}

/** The triggers of one area's cards (the row: manned cards only) that react to event `on` (bit `bit`). */
function cardTriggers(
  st: NatState,
  on: string,
  o: number,
  s: number,
  data: Record<string, unknown>,
  list: ReadonlyArray<Inst | null>,
  mannedOnly: boolean,
  dk: Deck,
  bit: number,
  hits: TriggerHit[],
): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (!x || (mannedOnly && x.w <= 0)) continue;
    const e = dk.instEntry(x);
    if (e.fires & bit) triggerHits(st, on, o, s, data, x.u, e.c, hits);
  }
}
/** A trigger that fires: owner seat, effects, source name, instance. */
export type TriggerHit = [number, Effect[], string, number];

/** Adds the triggers of source c (instance u, owned by seat o) that react to event `on` of seat s. */
export function triggerHits(
  st: NatState,
  on: string,
  o: number,
  s: number,
  data: Record<string, unknown>,
  u: number,
  c: { triggers?: ProgressCard['triggers']; id?: string; nation?: string },
  hits: TriggerHit[],
): void {
  if (!c.triggers) return;
  const p = st.players[o]!;
  for (const tr of c.triggers) {
    if (tr.on !== on) continue;
    if (!filterOk(st, o, s, tr.filter, data)) continue;
    if (tr.if && !cond(st, o, tr.if)) continue;
    if (tr.perRound) {
      if (p.used.includes(u)) continue;
      markUsed(p, u);
    } else if (roundTrigger(tr)) markUsed(p, u); // NAT-REM-6 (Forbidden Palace: its owner passed first)
    hits.push([o, tr.effects, (c as { id?: string }).id ?? p.nation, u]);
  }
}

export function filterOk(
  st: NatState,
  owner: number,
  actor: number,
  f: Record<string, unknown> | undefined,
  data: Record<string, unknown>,
): boolean {
  if (!f) return true;
  if (f.by !== undefined) {
    if (f.by === 'self' && owner !== actor) return false;
    if (f.by === 'other' && owner === actor) return false;
  } else if (owner !== actor) return false;
  if (f.type !== undefined && f.type !== data.type) return false;
  if (f.pricePaid !== undefined && f.pricePaid !== data.paid) return false;
  if (f.first !== undefined && f.first !== passedAs(st, owner, 'first')) return false;
  if (f.coveredType !== undefined && f.coveredType !== data.coveredType) return false;
  if (f.newType !== undefined && f.newType !== data.newType) return false;
  if (f.laterAge !== undefined && f.laterAge !== data.laterAge) return false;
  // wonderCompleted {other: true}: another wonder than the card itself (the new one is not yet in play).
  return true;
}
