/**
 * The Orders other than movement (03-orders.md): Harvest and its Supremacy with developments
 * (RW-HARV-*, RW-DEV-01..06, RW-DP-50), Recruit (RW-RECR-*, RW-DP-51), Rally Support (RW-RALLY-01..07,
 * RW-DP-52), Acquire Power and Titles (RW-POWER-*, RW-DP-54), Fortify (RW-FORT-*, RW-STRONG-*,
 * RW-CLIMIT-05, RW-DP-55). Strategize, Mobilize and Conquer are in movement.ts.
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import {
  addUnits,
  board,
  checkHands,
  controlled,
  ctrl,
  dialIcons,
  drawQuests,
  drawTactics,
  fail,
  newHandle,
  onBoard,
  only,
  pk,
  production,
  pruneKnowledge,
  removeUnit,
  see,
  setDial,
  settle,
  strongholdsOf,
  unitsOf,
} from './common.js';
import { checkLimit } from './year.js';
import { DONE } from './actions.js';
import type { Benefit, Frame, RwAction, RwState } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;
const one = <K extends Frame['k']>(f: F<K>) => only((f as { seat: Seat }).seat);
const mine = <K extends Frame['k']>(_st: RwState, f: F<K>, seat: Seat) => (f as { seat: Seat }).seat === seat;

/* ------------------------------------------------------------------ Harvest (RW-HARV-01..03) */

export function harvestPrimary(st: RwState, seat: Seat, log: EventSink, rule: string): void {
  const prod = production(st, seat);
  for (let r = 0; r < 3; r++) setDial(st, seat, r, prod[r]!);
  if (log)
    emit(log, 'rw.ev.harvest', { seat, dial: st.p[seat]!.dial.slice() }, [
      rule,
      'RW-HARV-01',
      'RW-HARV-02',
      'RW-HARV-03',
    ]);
}

/** His developments (at his strongholds), ascending by area. */
function devAreas(st: RwState, seat: Seat): number[] {
  return strongholdsOf(st, seat).filter((a) => st.dev[a]! >= 0);
}

/** Resource types an area produces (RW-DEV-03/06). */
function produced(st: RwState, a: number): number[] {
  const res = pk(st).areas[a]!.res;
  return [0, 1, 2].filter((r) => res[r]! > 0);
}

/** Unused development tokens of a type (RW-DEV-02). */
function devsLeft(st: RwState, seat: Seat, t: number): number {
  let used = 0;
  for (const a of strongholdsOf(st, seat)) if (st.dev[a] === t) used++;
  return pk(st).factions[st.fac[seat]!]!.devs[t]! - used;
}

/**
 * Harvest's Supremacy (RW-HARV-04..06): step 0..k-1 = the k developments in area order, each giving its
 * benefit (a Resources development in an area producing several types asks which, RW-DP-50); then the
 * build step (pay 1 wood, place an unused development at a friendly stronghold without one).
 */
export function runHsup(st: RwState, f: F<'hsup'>, log: EventSink): boolean {
  const devs = devAreas(st, f.seat);
  while (f.step < devs.length) {
    const a = devs[f.step]!;
    const t = st.dev[a]!;
    if (t === 0) {
      const types = produced(st, a);
      if (types.length > 1) return true;
      if (types.length === 1) gainDial(st, f.seat, types[0]!, a, log);
    } else if (t === 1) {
      st.p[f.seat]!.inf += 2;
      emit(log, 'rw.ev.influence', { seat: f.seat, n: 2 }, ['RW-DEV-04', 'RW-HARV-04']);
    } else if (t === 2) {
      drawTactics(st, f.seat, 1, log, 'RW-DEV-05');
      checkHands(st, f.seat);
      f.step++;
      return false;
    }
    f.step++;
  }
  return true;
}

function gainDial(st: RwState, seat: Seat, r: number, a: number, log: EventSink): void {
  setDial(st, seat, r, st.p[seat]!.dial[r]! + 1);
  emit(log, 'rw.ev.devResource', { seat, area: a, res: r }, ['RW-DEV-03', 'RW-DEV-06', 'RW-HARV-04']);
}

function buildOffers(st: RwState, seat: Seat, out: RwAction[]): void {
  const p = pk(st);
  if (st.p[seat]!.dial[1]! < p.rules.devWood) return;
  const mineSh = strongholdsOf(st, seat);
  for (const a of mineSh) {
    if (st.dev[a]! >= 0 || ctrl(st, a) !== seat) continue;
    for (let t = 0; t < 4; t++) {
      if (devsLeft(st, seat, t) > 0) out.push({ type: 'develop', area: a, dev: t });
      // RW-CLIMIT-05: none left of that type — destroy one of his own elsewhere to build it here.
      else if (p.factions[st.fac[seat]!]!.devs[t]! > 0)
        for (const b of mineSh)
          if (b !== a && st.dev[b] === t) out.push({ type: 'develop', area: a, dev: t, from: b });
    }
  }
}

export const hsupDecision: Decision<RwState, F<'hsup'>, RwAction> = {
  prompt: 'rw.harvestSupremacy',
  rule: 'RW-HARV-05',
  who: (_st, f) => one(f),
  asks: mine,
  offers(st, f, seat, out) {
    const devs = devAreas(st, seat);
    if (f.step < devs.length) {
      for (const r of produced(st, devs[f.step]!)) out.push({ type: 'gain', res: r });
      return;
    }
    out.push({ type: 'done' });
    buildOffers(st, seat, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    const devs = devAreas(st, seat);
    const p = pk(st);
    if (f.step < devs.length) {
      const area = devs[f.step]!;
      if (a.type !== 'gain' || !produced(st, area).includes(a.res))
        return fail('devResource', 'Choose a resource this area produces.', 'RW-DEV-03');
      gainDial(st, seat, a.res, area, log);
      f.step++;
      return OK;
    }
    if (a.type === 'done') {
      st.stack.pop();
      return OK;
    }
    if (a.type !== 'develop') return fail('wrongAction', 'Build a development or finish.', 'RW-HARV-05');
    const ok: RwAction[] = [];
    buildOffers(st, seat, ok);
    if (!ok.some((x) => x.type === 'develop' && x.area === a.area && x.dev === a.dev && x.from === a.from)) {
      if (st.p[seat]!.dial[1]! < p.rules.devWood)
        return fail('noWood', 'Building a development costs 1 wood.', 'RW-HARV-05');
      return fail(
        'devPlace',
        'A development goes to a friendly area with your stronghold and no development.',
        'RW-STRONG-03',
      );
    }
    if (a.from !== undefined) st.dev[a.from] = -1;
    st.p[seat]!.dial[1]! -= p.rules.devWood;
    st.dev[a.area] = a.dev;
    emit(log, 'rw.ev.developed', { seat, area: a.area, dev: a.dev }, [
      'RW-HARV-05',
      'RW-HARV-06',
      'RW-DEV-01',
    ]);
    st.stack.pop();
    return OK;
  },
  // RW-DP-89 (DP-50): the first produced type in the order food, wood, ore; no build.
  byDefault(st, f, seat) {
    const out: RwAction[] = [];
    hsupDecision.offers(st, f, seat, out);
    return out[0] ?? null;
  },
};

/* ------------------------------------------------------------------ Recruit (RW-RECR-01..09) */

export const recruitDecision: Decision<RwState, F<'recruit'>, RwAction> = {
  prompt: 'rw.recruit',
  rule: 'RW-RECR-01',
  who: (_st, f) => one(f),
  asks: mine,
  ask: (_st, f) => ({ args: { unit: f.q[0] ?? -1, left: f.q.length, supremacy: f.sup === 1 } }),
  offers(st, f, seat, out) {
    if (f.q.length === 0) {
      for (let r = 0; r < 3; r++) if (!(f.used & (1 << r))) out.push({ type: 'recruit', res: r });
      return;
    }
    const p = pk(st);
    const u = f.q[0]!;
    if (onBoard(st, u) >= p.units[u]!.figures) {
      // RW-RECR-07, RW-CLIMIT-04: every figure is in play — destroy one of his own of that type first, or skip.
      out.push({ type: 'skip' });
      for (const a of board(st).on)
        if (st.own[a] === seat && ctrl(st, a) === seat && st.us[a * p.U + u]! + st.ur[a * p.U + u]! > 0)
          out.push({ type: 'recycle', area: a });
      return;
    }
    for (const a of strongholdsOf(st, seat)) out.push({ type: 'place', area: a });
  },
  answer(st, f, seat, a, log): ApplyResult {
    const p = pk(st);
    if (f.q.length === 0) {
      if (a.type !== 'recruit')
        return fail('wrongAction', 'Choose a resource dial to recruit with.', 'RW-RECR-01');
      if (!Number.isInteger(a.res) || a.res < 0 || a.res > 2 || f.used & (1 << a.res))
        return fail('recruitRes', 'The second recruitment uses a different resource.', 'RW-RECR-06');
      f.used |= 1 << a.res;
      if (!f.sup) st.p[seat]!.rec = f.used;
      const units = dialIcons(st, seat, a.res).units;
      if (log)
        emit(log, 'rw.ev.recruit', { seat, res: a.res, units }, ['RW-RECR-01', 'RW-RECR-02', 'RW-RECR-05']);
      // RW-RECR-08: without a stronghold nothing can be placed, and nothing is gained.
      if (strongholdsOf(st, seat).length === 0 || units.length === 0) {
        st.stack.pop();
        return OK;
      }
      f.q = units;
      return OK;
    }
    const u = f.q[0]!;
    const full = onBoard(st, u) >= p.units[u]!.figures;
    if (full) {
      if (a.type === 'skip') {
        f.q.shift();
        emit(log, 'rw.ev.notGained', { seat, u }, ['RW-RECR-07', 'RW-CLIMIT-01']);
      } else if (a.type === 'recycle') {
        if (!(
          st.own[a.area] === seat &&
          ctrl(st, a.area) === seat &&
          st.us[a.area * p.U + u]! + st.ur[a.area * p.U + u]! > 0
        ))
          return fail(
            'recycle',
            'Destroy one of your units of that type in a friendly area.',
            'RW-CLIMIT-04',
          );
        removeUnit(st, a.area, u, st.us[a.area * p.U + u]! === 0, seat);
        emit(log, 'rw.ev.recycled', { seat, area: a.area, u }, ['RW-RECR-07', 'RW-CLIMIT-04']);
        return OK; // the unit is now in the supply: it is placed next
      } else return fail('supplyEmpty', 'Every figure of that unit is in play.', 'RW-RECR-07');
    } else {
      if (a.type !== 'place') return fail('wrongAction', 'Place the recruited unit.', 'RW-RECR-03');
      if (st.sh[a.area] !== seat)
        return fail('recruitPlace', 'Recruited units go to areas with your strongholds.', 'RW-RECR-03');
      f.q.shift();
      addUnits(st, a.area, u, 1, seat);
      if (log)
        emit(log, 'rw.ev.placed', { seat, area: a.area, u }, ['RW-RECR-03', 'RW-RECR-09', 'RW-STRONG-02']);
    }
    if (f.q.length === 0) {
      st.stack.pop();
      checkLimit(st, seat, strongholdsOf(st, seat)); // RW-RECR-04
    }
    return OK;
  },
  // RW-DP-89 (DP-51): the type giving the most units (ties food, wood, ore); no recycling; strongholds
  // filled in area order up to 8 each.
  byDefault(st, f, seat) {
    const p = pk(st);
    if (f.q.length === 0) {
      let best = -1,
        bn = -1;
      for (let r = 0; r < 3; r++) {
        if (f.used & (1 << r)) continue;
        const n = dialIcons(st, seat, r).units.length;
        if (n > bn) {
          bn = n;
          best = r;
        }
      }
      return best < 0 ? null : { type: 'recruit', res: best };
    }
    const u = f.q[0]!;
    if (onBoard(st, u) >= p.units[u]!.figures) return { type: 'skip' };
    const sh = strongholdsOf(st, seat);
    const a = sh.find((x) => unitsOf(st, x, seat) < p.rules.unitLimit) ?? sh[0]!;
    return { type: 'place', area: a };
  },
};

/* ------------------------------------------------------------------ Rally Support (RW-RALLY-01..07) */

/** Neutral unit types of a shape with a figure left in the neutral supply (RW-RALLY-02/06, RW-NEUT-18). */
function neutralTypes(st: RwState, shape: number, out: number[]): void {
  const p = pk(st);
  for (const u of p.neutralCanon)
    if (p.units[u]!.shape === shape && onBoard(st, u) < p.units[u]!.figures) out.push(u);
}

function rallyOffers(st: RwState, f: F<'rally'>, seat: Seat, out: RwAction[]): void {
  const p = pk(st);
  const types: number[] = [];
  for (const a of board(st).on) {
    const c = st.city[a]!;
    if (c < 0 || f.done.includes(a) || ctrl(st, a) !== seat) continue;
    const t = p.cities[c]!;
    // (a) neutral units of the token's class, if the supply has one (RW-RALLY-02/06).
    types.length = 0;
    if (t.count > 0) neutralTypes(st, t.shape, types);
    if (types.length) out.push({ type: 'rally', area: a, benefit: 'neutrals' });
    if (t.tactics) out.push({ type: 'rally', area: a, benefit: 'tactics' });
    if (t.influence) out.push({ type: 'rally', area: a, benefit: 'influence' });
    if (t.quests) out.push({ type: 'rally', area: a, benefit: 'quests' });
  }
}

/** Places one neutral unit of a city's benefit, allied with the player (RW-RALLY-02, RW-NEUT-15). */
function placeRallied(st: RwState, f: F<'rally'>, u: number, log: EventSink): void {
  addUnits(st, f.at, u, 1, f.seat);
  f.left--;
  emit(log, 'rw.ev.rallyNeutral', { seat: f.seat, area: f.at, u }, ['RW-RALLY-02', 'RW-NEUT-15']);
}

export function runRally(st: RwState, f: F<'rally'>, log: EventSink): boolean {
  // A city's neutral units one at a time: the type asked only when the class offers several (RW-RALLY-06).
  const types: number[] = [];
  while (f.left > 0) {
    types.length = 0;
    neutralTypes(st, pk(st).cities[st.city[f.at]!]!.shape, types);
    if (types.length > 1) return true;
    if (types.length === 0)
      f.left = 0; // the supply has no more (RW-RALLY-02)
    else placeRallied(st, f, types[0]!, log);
    if (f.left === 0) {
      const at = f.at;
      f.at = -1;
      checkLimit(st, f.seat, [at]); // RW-RALLY-06, RW-LIMIT-03
      return false;
    }
  }
  const out: RwAction[] = [];
  rallyOffers(st, f, f.seat, out);
  if (out.length) return true;
  st.stack.pop();
  return false;
}

const rallyBase: Omit<Decision<RwState, F<'rally'>, RwAction>, 'prompt'> = {
  rule: 'RW-RALLY-01',
  who: (_st, f) => one(f),
  asks: mine,
  ask: (_st, f) => (f.left > 0 ? { args: { area: f.at, left: f.left } } : { args: {} }),
  offers(st, f, seat, out) {
    if (f.left > 0) {
      const types: number[] = [];
      neutralTypes(st, pk(st).cities[st.city[f.at]!]!.shape, types);
      for (const u of types) out.push({ type: 'neutral', u });
      return;
    }
    out.push({ type: 'done' });
    rallyOffers(st, f, seat, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (f.left > 0) {
      const types: number[] = [];
      neutralTypes(st, pk(st).cities[st.city[f.at]!]!.shape, types);
      if (a.type !== 'neutral' || !types.includes(a.u))
        return fail(
          'rallyNeutral',
          "Choose a neutral unit of the city's class that is still in the neutral supply.",
          'RW-RALLY-06',
        );
      placeRallied(st, f, a.u, log);
      if (f.left === 0) {
        const at = f.at;
        f.at = -1;
        checkLimit(st, seat, [at]); // RW-RALLY-06, RW-LIMIT-03
      }
      return OK;
    }
    if (a.type === 'done') {
      st.stack.pop();
      return OK;
    }
    if (a.type !== 'rally')
      return fail('wrongAction', 'Choose a benefit of a city you control.', 'RW-RALLY-01');
    const ok: RwAction[] = [];
    rallyOffers(st, f, seat, ok);
    if (!ok.some((x) => x.type === 'rally' && x.area === a.area && x.benefit === a.benefit))
      return fail('rallyCity', 'Each city you control gives one of its benefits, once.', 'RW-RALLY-01');
    const t = pk(st).cities[st.city[a.area]!]!;
    f.done.push(a.area);
    const b: Benefit = a.benefit;
    emit(log, 'rw.ev.rally', { seat, area: a.area, benefit: b }, ['RW-RALLY-01', 'RW-RALLY-07']);
    if (b === 'neutrals') {
      f.at = a.area;
      f.left = t.count;
      return OK;
    }
    if (b === 'tactics') drawTactics(st, seat, t.tactics, log, 'RW-RALLY-03');
    else if (b === 'influence') {
      st.p[seat]!.inf += t.influence;
      emit(log, 'rw.ev.influence', { seat, n: t.influence }, ['RW-RALLY-04']);
    } else drawQuests(st, seat, t.quests, log, 'RW-RALLY-05');
    checkHands(st, seat);
    return OK;
  },
  // RW-DP-89 (DP-52): the influence benefit of every city (its Tactics if it shows no influence); a
  // neutral type (after the benefit was chosen): the first in canonical order.
  byDefault(st, f, seat) {
    const out: RwAction[] = [];
    if (f.left > 0) {
      rallyBase.offers(st, f, seat, out);
      return out[0] ?? null;
    }
    rallyOffers(st, f, seat, out);
    return (
      out.find((x) => x.type === 'rally' && x.benefit === 'influence') ??
      out.find((x) => x.type === 'rally' && x.benefit === 'tactics') ??
      out.find((x) => x.type === 'rally' && x.benefit !== 'neutrals') ??
      out[0] ??
      DONE
    );
  },
};

export const rallyDecision: Decision<RwState, F<'rally'>, RwAction> = { ...rallyBase, prompt: 'rw.rally' };
/** RW-DP-52: which neutral type of a city's class is placed (RW-RALLY-06). */
const rallyNeutralDecision: Decision<RwState, F<'rally'>, RwAction> = {
  ...rallyBase,
  prompt: 'rw.rallyNeutral',
};
export const rallyDecisionOf = (_st: RwState, f: F<'rally'>) =>
  f.left > 0 ? rallyNeutralDecision : rallyDecision;

/* ------------------------------------------------------------------ Acquire Power (RW-POWER-01..06) */

export function powerPrimary(st: RwState, seat: Seat, log: EventSink): void {
  let n = 0;
  for (let r = 0; r < 3; r++) n += dialIcons(st, seat, r).inf;
  st.p[seat]!.inf += n;
  if (log) emit(log, 'rw.ev.power', { seat, n }, ['RW-POWER-01', 'RW-DIAL-04']);
}

export function titleOffers(st: RwState, seat: Seat): RwAction[] {
  const out: RwAction[] = [];
  const inf = st.p[seat]!.inf;
  for (let t = 0; t < st.titles.length; t++) {
    if (st.titles[t] === seat) continue; // RW-POWER-05
    for (let spend = st.titleInf[t]! + 1; spend <= inf; spend++) out.push({ type: 'title', t, spend });
  }
  return out;
}

export const titleDecision: Decision<RwState, F<'title'>, RwAction> = {
  prompt: 'rw.title',
  rule: 'RW-POWER-02',
  who: (_st, f) => one(f),
  asks: mine,
  offers(st, _f, seat, out) {
    out.push({ type: 'done' }, ...titleOffers(st, seat));
  },
  answer(st, _f, seat, a, log): ApplyResult {
    if (a.type === 'done') {
      st.stack.pop();
      return OK;
    }
    if (a.type !== 'title') return fail('wrongAction', 'Claim a Title or finish.', 'RW-POWER-02');
    if (!Number.isInteger(a.t) || a.t < 0 || a.t >= st.titles.length)
      return fail('noTitle', 'There is no such Title.', 'RW-POWER-02');
    if (st.titles[a.t] === seat) return fail('ownTitle', 'You already hold that Title.', 'RW-POWER-05');
    if (!Number.isInteger(a.spend) || a.spend <= st.titleInf[a.t]!)
      return fail('titleSpend', 'Spend more influence than lies on the Title.', 'RW-POWER-02');
    if (a.spend > st.p[seat]!.inf)
      return fail('noInfluence', 'You do not have that much influence.', 'RW-POWER-02');
    const from = st.titles[a.t]!;
    st.p[seat]!.inf -= a.spend;
    st.titles[a.t] = seat;
    st.titleInf[a.t] = a.spend;
    emit(log, 'rw.ev.title', { seat, t: a.t, spend: a.spend, holder: from }, [
      'RW-POWER-02',
      'RW-POWER-03',
      'RW-POWER-04',
      'RW-POWER-06',
    ]);
    st.stack.pop();
    return OK;
  },
  // RW-DP-89 (DP-54): no Title.
  byDefault: () => ({ type: 'done' }),
};

/* ------------------------------------------------------------------ Fortify (RW-FORT-01..09) */

const BUILD = 1,
  REPAIR = 2,
  RUNES = 4;

function fortOffers(st: RwState, f: F<'fort'>, seat: Seat, out: RwAction[]): void {
  const p = pk(st);
  const x = st.p[seat]!;
  const mineSh = strongholdsOf(st, seat);
  const ctl = controlled(st, seat);
  if (!(f.did & BUILD) && x.dial[1]! >= p.rules.shWood && x.dial[2]! >= p.rules.shOre)
    for (const a of ctl) {
      if (st.sh[a]! >= 0 || st.city[a]! >= 0) continue; // RW-FORT-02, RW-STRONG-06
      if (mineSh.length < p.rules.strongholds) out.push({ type: 'stronghold', area: a });
      else for (const b of mineSh) out.push({ type: 'stronghold', area: a, from: b }); // RW-FORT-08
    }
  if (!(f.did & REPAIR) && x.dial[2]! >= p.rules.repairOre)
    for (const a of mineSh) if (st.shd[a]) out.push({ type: 'repair', area: a });
  if (!(f.did & RUNES))
    for (let i = 0; i < ctl.length; i++)
      for (let j = i + 1; j < ctl.length; j++) {
        const a = ctl[i]!,
          b = ctl[j]!;
        if (st.rk[a]! < 0 && st.rk[b]! < 0) continue;
        out.push({ type: 'shuffle', a, b, swap: false }, { type: 'shuffle', a, b, swap: true });
      }
}

export function runFort(st: RwState, f: F<'fort'>): boolean {
  if (f.did === (BUILD | REPAIR | RUNES)) {
    st.stack.pop();
    return false;
  }
  return true;
}

export const fortDecision: Decision<RwState, F<'fort'>, RwAction> = {
  prompt: 'rw.fortify',
  rule: 'RW-FORT-01',
  who: (_st, f) => one(f),
  asks: mine,
  offers(st, f, seat, out) {
    out.push({ type: 'done' });
    fortOffers(st, f, seat, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    const p = pk(st);
    if (a.type === 'done') {
      st.stack.pop();
      return OK;
    }
    const ok: RwAction[] = [];
    if (a.type === 'stronghold' || a.type === 'repair' || a.type === 'shuffle') fortOffers(st, f, seat, ok);
    const same = (x: RwAction) => x.type === 'repair' && a.type === 'repair' && x.area === a.area;
    if (a.type === 'stronghold') {
      if (f.did & BUILD) return fail('fortOnce', 'Each Fortify action once per Fortify.', 'RW-FORT-01');
      if (st.p[seat]!.dial[1]! < p.rules.shWood || st.p[seat]!.dial[2]! < p.rules.shOre)
        return fail('noResources', 'A stronghold costs 1 wood and 1 ore.', 'RW-FORT-02');
      if (!ok.some((x) => x.type === 'stronghold' && x.area === a.area && x.from === a.from))
        return fail(
          'strongholdPlace',
          'A stronghold goes to an area you control with no stronghold and no city.',
          'RW-STRONG-06',
        );
      if (a.from !== undefined) {
        st.sh[a.from] = -1;
        st.shd[a.from] = 0;
        st.dev[a.from] = -1; // RW-DEV-13
        settle(st, a.from); // allies kept there by the stronghold alone are his no more (RW-NEUT-10)
      }
      st.p[seat]!.dial[1]! -= p.rules.shWood;
      st.p[seat]!.dial[2]! -= p.rules.shOre;
      st.sh[a.area] = seat;
      st.shd[a.area] = 0;
      f.did |= BUILD;
      emit(log, 'rw.ev.built', { seat, area: a.area, from: a.from ?? -1 }, [
        'RW-FORT-02',
        'RW-FORT-08',
        'RW-STRONG-01',
      ]);
      return OK;
    }
    if (a.type === 'repair') {
      if (!ok.some(same))
        return fail('repair', 'Repair one of your damaged strongholds (1 ore).', 'RW-FORT-03');
      st.p[seat]!.dial[2]! -= p.rules.repairOre;
      st.shd[a.area] = 0;
      f.did |= REPAIR;
      emit(log, 'rw.ev.repaired', { seat, area: a.area }, ['RW-FORT-03']);
      return OK;
    }
    if (a.type === 'shuffle') {
      if (!ok.some((x) => x.type === 'shuffle' && x.a === a.a && x.b === a.b && x.swap === !!a.swap))
        return fail(
          'runeMove',
          'Choose two areas you control, at least one with a rune token.',
          'RW-FORT-04',
        );
      // RW-FORT-04..06/09, RW-INFO-12: picked up, placed face down, new handles; he looks at both.
      const ka = st.rk[a.a]!,
        kb = st.rk[a.b]!;
      st.rk[a.a] = a.swap ? kb : ka;
      st.rk[a.b] = a.swap ? ka : kb;
      for (const ar of [a.a, a.b]) {
        st.rup[ar] = 0;
        st.rh[ar] = 0;
      }
      for (const ar of [a.a, a.b]) if (st.rk[ar]! >= 0) st.rh[ar] = newHandle(st);
      pruneKnowledge(st);
      for (const ar of [a.a, a.b]) if (st.rk[ar]! >= 0) see(st, seat, ar);
      f.did |= RUNES;
      emit(log, 'rw.ev.runesMoved', { seat, a: a.a, b: a.b }, [
        'RW-FORT-04',
        'RW-FORT-05',
        'RW-FORT-06',
        'RW-FORT-09',
      ]);
      return OK;
    }
    return fail('wrongAction', 'Build, repair, move rune tokens, or finish.', 'RW-FORT-01');
  },
  // RW-DP-89 (DP-55): no Fortify action.
  byDefault: () => ({ type: 'done' }),
};

export { unitsOf };
