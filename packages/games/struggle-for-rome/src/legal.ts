/**
 * Decision points (spec §18): who must decide now, what they may do, and the deterministic timeout
 * default of each. Every listed action passes the same checks `apply` runs (the `…Error` helpers of
 * rules.ts), and nothing listed depends on information the seat cannot see.
 */
import type { Prompt, Seat } from '@tabula/engine';
import { routeOf, routesFrom } from './config.js';
import {
  bankError,
  buyError,
  cardError,
  costOf,
  deedError,
  draftError,
  executeError,
  holds,
  inputsLeft,
  isPending,
  pendingSeats,
  rt,
  robTargets,
  takeAvailable,
  takeCountsOk,
  top,
  variantOf,
} from './rules.js';
import type { Purchase } from './rules.js';
import type { Frame, SfrAction, SfrState, Take } from './types.js';
import { GRAIN, ITEMS, KINDS, TAKES, TRIBES } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

export function prompts(st: SfrState): Prompt[] {
  const f = top(st);
  if (!f || st.over) return [];
  const out: Prompt[] = [];
  for (const seat of pendingSeats(st)) out.push(promptFor(st, f, seat));
  return out;
}

function promptFor(st: SfrState, f: Frame, seat: Seat): Prompt {
  switch (f.k) {
    case 'legion':
      return { seat, kind: 'sfr.legion', args: { hex: rt(st).hexes[st.legion]!.id } };
    case 'rob':
      return { seat, kind: 'sfr.rob', args: { targets: robTargets(st, seat, f.hex) } };
    case 'shortage':
      return { seat, kind: 'sfr.shortage', args: { need: f.need[seat] } };
    case 'trade':
      return { seat, kind: 'sfr.trade' };
    case 'respond':
      return { seat, kind: 'sfr.respond', args: { offer: f.offer } };
    case 'act':
      return { seat, kind: 'sfr.act', args: { tribe: TRIBES[f.t], moved: f.moved, done: f.done } };
    default:
      throw new Error(`no prompt for frame ${f.k}`);
  }
}

/** Every legal action for `seat` now. */
export function legalActions(st: SfrState, seat: Seat): SfrAction[] {
  const out: SfrAction[] = [];
  if (st.over || seat < 0 || seat >= st.n || !isPending(st, seat)) return out;
  const f = top(st)!;
  const r = rt(st);
  const p = st.p[seat]!;
  switch (f.k) {
    case 'legion':
      for (const h of r.roman) if (h !== st.legion) out.push({ type: 'legion', hex: r.hexes[h]!.id });
      out.push({ type: 'stay' });
      break;
    case 'rob':
      for (const s of robTargets(st, seat, f.hex)) out.push({ type: 'rob', seat: s });
      out.push({ type: 'robNone' });
      break;
    case 'shortage': {
      const need = f.need[seat]!;
      const h = p.res[2]!,
        c = p.res[3]!;
      for (let x = Math.max(0, need - c); x <= Math.min(need, h); x++)
        out.push({ type: 'returnPasture', horses: x, cattle: need - x });
      break;
    }
    case 'trade':
      tradeActions(st, seat, out);
      break;
    case 'respond': {
      const o = st.offers.find((x) => x.id === f.offer)!;
      if (st.drafts[seat]) draftActions(st, seat, out);
      else {
        if (holds(p, o.get)) out.push({ type: 'accept', offer: o.id });
        if (inputsLeft(st, seat)) out.push({ type: 'draft', to: o.from });
      }
      out.push({ type: 'decline', offer: o.id });
      break;
    }
    case 'act':
      actActions(st, f, seat, out);
      break;
  }
  return out;
}

function draftActions(st: SfrState, seat: Seat, out: SfrAction[]): void {
  const d = st.drafts[seat]!;
  for (const item of ITEMS) {
    const g: SfrAction = { type: 'give', item };
    if (!draftError(st, seat, g)) out.push(g);
  }
  const more = inputsLeft(st, seat);
  if (more) for (let i = 0; i < 5; i++) if (d.give[i]! > 0) out.push({ type: 'ungive', item: ITEMS[i]! });
  for (const item of ITEMS) {
    const w: SfrAction = { type: 'want', item };
    if (!draftError(st, seat, w)) out.push(w);
  }
  if (more) for (let i = 0; i < 5; i++) if (d.get[i]! > 0) out.push({ type: 'unwant', item: ITEMS[i]! });
  if (!draftError(st, seat, { type: 'post' })) out.push({ type: 'post' });
  out.push({ type: 'drop' });
}

const PURCHASES: { what: Purchase; type: 'buyPair' | 'buyWagon' | 'buyDev' }[] = [
  { what: 'pair', type: 'buyPair' },
  { what: 'wagon', type: 'buyWagon' },
  { what: 'dev', type: 'buyDev' },
];

function tradeActions(st: SfrState, seat: Seat, out: SfrAction[]): void {
  const r = rt(st);
  const p = st.p[seat]!;
  if (st.drafts[seat]) {
    draftActions(st, seat, out);
    out.push({ type: 'endStep' });
    return;
  }
  // Bank trades (SFR-BANK-1).
  for (let k = 0; k < 4; k++)
    if (p.res[k]! >= r.C.bankRate)
      for (const get of TAKES)
        if (!bankError(st, seat, KINDS[k], get)) out.push({ type: 'bank', give: KINDS[k]!, get });
  // Purchases; emergency gold is listed only when the plain payment is impossible (SFR-DP-14).
  for (const { what, type } of PURCHASES) {
    const boxes: ('horsemen' | 'warriors' | undefined)[] =
      type === 'buyWagon' ? ['horsemen', 'warriors'] : [undefined];
    const mk = (em?: string): SfrAction => {
      const a = { type } as SfrAction & { box?: string; emergency?: string };
      if (em) a.emergency = em;
      return a;
    };
    let opts: SfrAction[] = [];
    if (!buyError(st, seat, what, undefined)) opts.push(mk());
    else if (!p.emergency) {
      const cost = costOf(st, what);
      for (let k = 0; k < 4; k++) if (cost[k] && !buyError(st, seat, what, KINDS[k])) opts.push(mk(KINDS[k]));
    }
    if (type === 'buyWagon') opts = opts.flatMap((a) => boxes.map((box) => ({ ...a, box }) as SfrAction));
    out.push(...opts);
  }
  // Development cards of phase 2 (SFR-DP-15) and treasures just acquired (SFR-DP-16).
  cardActions(st, seat, out);
  // Player trades (SFR-DP-8).
  if (!draftError(st, seat, { type: 'draft', to: -1 })) {
    out.push({ type: 'draft', to: -1 });
    for (let s = 0; s < st.n; s++) if (s !== seat) out.push({ type: 'draft', to: s });
  }
  for (const o of st.offers) {
    if (o.from === seat) {
      for (let s = 0; s < st.n; s++)
        if (o.answers[s] === 1 && !executeError(st, seat, o.id, s))
          out.push({ type: 'execute', offer: o.id, with: s });
      out.push({ type: 'withdraw', offer: o.id });
    } else if (o.to === seat && !executeError(st, seat, o.id, o.from))
      out.push({ type: 'execute', offer: o.id, with: o.from });
  }
  out.push({ type: 'endStep' });
}

/** Distinct cards of `seat`'s hand in hand order. */
function distinctCards(st: SfrState, seat: Seat): string[] {
  const out: string[] = [];
  for (const c of st.p[seat]!.dev) if (!out.includes(c)) out.push(c);
  return out;
}

function cardActions(st: SfrState, seat: Seat, out: SfrAction[]): void {
  const r = rt(st);
  const p = st.p[seat]!;
  for (const c of distinctCards(st, seat)) {
    const d = r.dev.get(c)!;
    if (d.effect.type === 'gainGold') {
      if (p.dev.some((x, i) => x === c && p.devAt[i] === st.serial)) out.push({ type: 'reveal', card: c });
      continue;
    }
    if (cardError(st, seat, c)) continue;
    const eff = d.effect;
    if (eff.type === 'moveLegionnaire') {
      for (const h of r.roman) if (h !== st.legion) out.push({ type: 'play', card: c, hex: r.hexes[h]!.id });
    } else if (eff.type === 'takeResources') {
      for (const take of multisets(eff.choices as Take[], eff.count))
        if (takeCountsOk(st, take)) out.push({ type: 'play', card: c, take });
    } else if (eff.type === 'strengthBonus') {
      const f = top(st)!;
      if (f.k === 'act' && f.t === eff.tribe && !f.done) out.push({ type: 'play', card: c });
    }
  }
}

function multisets(items: Take[], k: number, from = 0): Take[][] {
  if (k === 0) return [[]];
  const out: Take[][] = [];
  for (let i = from; i < items.length; i++)
    for (const rest of multisets(items, k - 1, i)) out.push([items[i]!, ...rest]);
  return out;
}

function actActions(st: SfrState, f: F<'act'>, seat: Seat, out: SfrAction[]): void {
  const r = rt(st);
  const p = st.p[seat]!;
  const tr = p.tribes[f.t]!;
  if (f.done) {
    cardActions(st, seat, out);
    out.push({ type: 'endStep' });
    return;
  }
  if (!f.moved)
    for (const take of ['gold', ...TAKES] as const)
      if (takeAvailable(st, take)) out.push({ type: 'rest', take });
  // Modifier cards playable now (Traitor; Forced March / Vandal Fleet).
  const mods: { id: string; type: string }[] = [];
  for (const c of distinctCards(st, seat)) {
    const d = r.dev.get(c)!;
    if (
      (d.effect.type === 'ignoreTowers' ||
        d.effect.type === 'freeArrows' ||
        d.effect.type === 'freeSeaArrows') &&
      !cardError(st, seat, c)
    )
      mods.push({ id: c, type: d.effect.type });
  }
  const deeds = (deed: 'plunder' | 'found' | 'expand', cities: readonly number[]) => {
    for (const c of cities) {
      const id = r.cities[c]!.id;
      if (!deedError(st, f, deed, c)) out.push({ type: deed, city: id });
      else
        for (const m of mods)
          if (m.type === 'ignoreTowers' && !deedError(st, f, deed, c, m.id))
            out.push({ type: deed, city: id, card: m.id });
    }
  };
  if (tr.settled) {
    const seen: number[] = [];
    for (const k of tr.kingdom) for (const c of r.reach1[k]!) if (!seen.includes(c)) seen.push(c);
    seen.sort((a, b) => a - b);
    deeds('expand', seen);
  } else {
    const near = r.nodes[tr.node]!.cities;
    deeds('plunder', near);
    deeds('found', near);
    if (!f.moved) {
      moveActions(st, seat, tr.node, undefined, out);
      for (const m of mods) if (m.type !== 'ignoreTowers') moveActions(st, seat, tr.node, m.id, out);
    }
  }
  cardActions(st, seat, out);
  if (f.moved) out.push({ type: 'endStep' });
}

/** Every free destination by its cheapest routes, with each affordable payment split (SFR-DP-19/20). */
function moveActions(
  st: SfrState,
  seat: Seat,
  from: number,
  card: string | undefined,
  out: SfrAction[],
): void {
  const r = rt(st);
  const C = r.C;
  const p = st.p[seat]!;
  const grain = Math.floor(p.res[GRAIN]! / C.landGrain);
  const gold = p.gold;
  const v = variantOf(st, card);
  const entries = routesFrom(r, from, v);
  const maxLand = grain + Math.floor(gold / C.landGold);
  // Other players' nomadic markers block a destination (SFR-MOVE-2); cities never appear in the tables.
  const blocked: number[] = [];
  for (let s = 0; s < st.n; s++)
    if (s !== seat) for (const t of st.p[s]!.tribes) if (!t.settled) blocked.push(t.node);
  for (let i = 0; i < entries.length; i++) {
    const en = entries[i]!;
    if (en.land > maxLand) break; // entries are sorted by paid land arrows
    const seaCost = en.sea * C.seaGold;
    if (seaCost > gold) continue;
    // g land arrows paid with grain: g ≤ grain and (L − g)·landGold + sea ≤ gold.
    const lo = Math.max(0, en.land - Math.floor((gold - seaCost) / C.landGold));
    const hi = Math.min(en.land, grain);
    if (lo > hi || (blocked.length && blocked.includes(en.to))) continue;
    // The actions of an entry are built once and shared (frozen): listing allocates nothing.
    const key = card ?? '';
    if (!en.acts || en.actsCard !== key) {
      const to = r.nodes[en.to]!.id;
      const route = routeOf(r, from, v, en);
      const acts: SfrAction[] = [];
      for (let g = 0; g <= en.land; g++)
        acts.push(
          Object.freeze(
            card === undefined
              ? { type: 'move', to, route, grain: g }
              : { type: 'move', to, route, grain: g, card },
          ) as SfrAction,
        );
      en.acts = acts;
      en.actsCard = key;
    }
    for (let g = lo; g <= hi; g++) out.push(en.acts[g] as SfrAction);
  }
}

/** SFR-DP-1..23 timeout defaults: deterministic, never random. */
export function defaultFor(st: SfrState, seat: Seat): SfrAction | null {
  if (st.over || !isPending(st, seat)) return null;
  const f = top(st)!;
  const p = st.p[seat]!;
  switch (f.k) {
    case 'legion':
      return { type: 'stay' };
    case 'rob':
      return { type: 'robNone' };
    case 'shortage': {
      const need = f.need[seat]!;
      const cattle = Math.min(need, p.res[3]!);
      return { type: 'returnPasture', horses: need - cattle, cattle };
    }
    case 'trade':
      return { type: 'endStep' };
    case 'respond':
      return { type: 'decline', offer: f.offer };
    case 'act':
      return !f.moved && !f.done ? { type: 'rest', take: 'gold' } : { type: 'endStep' };
    default:
      return null;
  }
}
