/**
 * Retreats (04-movement.md §6): all retreating figures of a side move together into one adjacent area,
 * routed (RW-RETREAT-01/05); a player's units to a friendly area, else an empty one (RW-RETREAT-02), the
 * candidates being the areas at least one of them can enter (RW-RETREAT-09/10), those that cannot enter the
 * chosen one being destroyed; unallied neutral units to an uncontrolled area chosen by the player to the
 * left (RW-RETREAT-03, RW-NEUT-23, RW-DP-47/70); then the unit limit at the destination (RW-RETREAT-07,
 * RW-LIMIT-07). Used by a battle's loser (RW-BATTLE-55), its winner's excess (RW-BATTLE-56) and the units
 * an ability or Protective Wards sends out of a battle (RW-ROUND-16, RW-DEV-12).
 */
import type { ApplyResult, Decision, EventSink } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import {
  addRouted,
  addUnits,
  board,
  crossable,
  ctrl,
  fail,
  isEmpty,
  leftOf,
  neutralsIn,
  pk,
  only,
  settle,
} from './common.js';
import { checkLimit, cullDecision } from './year.js';
import type { Frame, RwAction, RwState } from './types.js';

type RF = Extract<Frame, { k: 'retreat' }>;

/** The legal destinations of the highest tier, ascending (canonical order, RW-DP-88). */
export function retreatAreas(st: RwState, f: RF, out: number[]): void {
  const p = pk(st);
  const b = board(st);
  const adj = b.adj[f.from]!,
    edge = b.edge[f.from]!;
  const w = st.season === 3;
  let tier = 0;
  const start = out.length;
  for (let i = 0; i < adj.length; i++) {
    const a = adj[i]!;
    let enter = false;
    for (const u of f.u) if (crossable(edge[i]!, p.units[u]!.flying, w)) enter = true;
    if (f.hs?.length && crossable(edge[i]!, false, w)) enter = true; // RW-SUPPORT-04, RW-HMOVE-06
    if (!enter) continue;
    const c = ctrl(st, a);
    let t = f.who >= 0 ? (c === f.who ? 2 : c < 0 && isEmpty(st, a) ? 1 : 0) : c < 0 ? 1 : 0;
    // Heroes retreating alone with no friendly or empty area beside: any area they can enter (docs, H2).
    if (t === 0 && f.u.length === 0) t = 0.5;
    if (t === 0 || t < tier) continue;
    if (t > tier) {
      tier = t;
      out.length = start;
    }
    out.push(a);
  }
  const part = out.slice(start).sort((x, y) => x - y);
  for (let j = 0; j < part.length; j++) out[start + j] = part[j]!;
}

function retreatTo(st: RwState, f: RF, area: number, log: EventSink): void {
  const p = pk(st);
  const b = board(st);
  st.stack.pop();
  let e = -1;
  if (area >= 0) e = b.edge[f.from]![b.adj[f.from]!.indexOf(area)]!;
  let n = 0,
    lost = 0;
  for (let j = 0; j < f.u.length; j++) {
    const u = f.u[j]!;
    if (area >= 0 && crossable(e, p.units[u]!.flying, st.season === 3)) {
      // RW-RETREAT-05: routed, even if it was standing (Tactical Retreat keeps each unit's state, RW-BATTLE-59)
      if (f.r && !f.r[j]) addUnits(st, area, u, 1, f.who);
      else addRouted(st, area, u, 1, f.who);
      n++;
    } else lost++; // RW-RETREAT-02/09: no area it can enter
  }
  // RW-SUPPORT-04: the losing side's supporting heroes, routed, go with them (they stay where they cannot);
  // RW-DIPLO-11: so do the heroes that came with units retreating after a red diplomacy result, as they are.
  if (f.hs && area >= 0 && crossable(e, false, st.season === 3))
    for (const h of f.hs) {
      st.hero!.at[h] = area;
      emit(log, 'rw.ev.heroRetreated', { seat: st.hero!.ctl[h], hero: h, area }, [
        f.rule === 'RW-DIPLO-08' ? 'RW-DIPLO-11' : 'RW-SUPPORT-04',
      ]);
    }
  if (log && (f.u.length || area < 0))
    emit(
      log,
      area >= 0 ? 'rw.ev.retreated' : 'rw.ev.retreatNowhere',
      { who: f.who, area, from: f.from, n, lost },
      [
        f.rule,
        'RW-RETREAT-01',
        'RW-RETREAT-05',
        'RW-RETREAT-06',
        f.who >= 0 ? 'RW-RETREAT-02' : 'RW-RETREAT-03',
        'RW-RETREAT-09',
      ],
    );
  if (area < 0) return;
  // RW-RETREAT-14, RW-NEUT-11: allied neutrals stay allied in a friendly area; in an empty one only if a
  // faction unit of their ally enters it with them.
  if (f.who >= 0) settle(st, area);
  if (f.who >= 0 && st.own[area] === f.who)
    checkLimit(st, f.who, [area]); // RW-RETREAT-07
  else if (neutralsIn(st, area) > p.rules.unitLimit) {
    // RW-LIMIT-07: the excess of unallied neutral units goes back to the supply, chosen by the left player
    // (allies that lost their ally on the way: the player to his left decides for them now).
    const by = f.who < 0 ? f.seat : st.opts.neutrals === 'auto' ? -1 : leftOf(st, f.who);
    const c: Extract<Frame, { k: 'cull' }> = {
      k: 'cull',
      seat: by,
      cap: p.rules.unitLimit,
      areas: [area],
      winter: 0,
      rule: 'RW-LIMIT-07',
      neut: 1,
    };
    if (by >= 0) st.stack.push(c);
    else
      while (neutralsIn(st, area) > c.cap)
        cullDecision.answer(st, c, -1, cullDecision.byDefault(st, c, -1)!, log);
  }
}

export function runRetreat(st: RwState, f: RF, log: EventSink): boolean {
  if (f.u.length === 0 && !f.hs?.length) {
    st.stack.pop();
    return false;
  }
  const c: number[] = [];
  retreatAreas(st, f, c);
  if (c.length <= 1 || f.seat < 0) {
    retreatTo(st, f, c.length ? c[0]! : -1, log); // forced, or the automated neutrals (RW-DP-89)
    return false;
  }
  return true;
}

/** RW-DP-47/70/71: where the retreat goes. */
export const retreatDecision: Decision<RwState, RF, RwAction> = {
  prompt: 'rw.retreat',
  rule: 'RW-RETREAT-02',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { from: f.from, n: f.u.length, neutral: f.who < 0 } }),
  offers(st, f, _seat, out) {
    const c: number[] = [];
    retreatAreas(st, f, c);
    for (const a of c) out.push({ type: 'retreat', area: a });
  },
  answer(st, f, _seat, a, log): ApplyResult {
    if (a.type !== 'retreat') return fail('wrongAction', 'Choose where the units retreat.', 'RW-RETREAT-01');
    const c: number[] = [];
    retreatAreas(st, f, c);
    if (!c.includes(a.area))
      return fail(
        'retreatArea',
        f.who >= 0
          ? 'Retreat into one adjacent friendly area, or an empty one if none is friendly, that your units can enter.'
          : 'Neutral units retreat into one adjacent uncontrolled area they can enter.',
        f.who >= 0 ? 'RW-RETREAT-02' : 'RW-RETREAT-03',
      );
    retreatTo(st, f, a.area, log);
    return OK;
  },
  // RW-DP-89 (DP-47, DP-70, DP-71): the first legal destination of the highest tier in canonical order.
  byDefault(st, f) {
    const c: number[] = [];
    retreatAreas(st, f, c);
    return c.length ? { type: 'retreat', area: c[0]! } : null;
  },
};
