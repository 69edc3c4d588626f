/**
 * Decision points (spec §22): who must decide now, what they may do, and the timeout default of each.
 * Each prompt kind lists exactly the actions its handler in rules.ts accepts.
 */
import type { Prompt, Seat } from '@tabula/engine';
import { classes, count, distinct, holds, payments } from './cards.js';
import {
  hasRoad,
  isAvailable,
  isPending,
  neighbours,
  pendingSeats,
  quakeTargets,
  sideOf,
  specialOf,
  top,
  unfought,
  volcanoTargets,
  armyOwner,
} from './rules.js';
import type { AohAction, AohState, Army, ItemKind } from './types.js';
import { ITEM_KINDS, OBJECTIVES } from './types.js';

/** The prompt kind shown to other seats: a private draft looks like the decision it belongs to. */
export function publicKind(kind: string): string {
  return kind === 'aoh.warDraft' ? 'aoh.action' : kind;
}

export function prompts(st: AohState): Prompt[] {
  const f = top(st);
  if (!f || st.over) return [];
  const out: Prompt[] = [];
  if (f.k === 'market') {
    if (f.pc !== 4) return out;
    // Seat order: each surviving seat once, waited for (not ready) or optional (ready, inputs left).
    const m = st.market!;
    const limit = st.opts.tradeInputLimit;
    const secs = st.opts.tradeSeconds ?? 0;
    for (let s = 0; s < st.n; s++) {
      if (!st.p[s]!.alive) continue;
      let p: Prompt | null = null;
      if (!m.ready[s]) p = { seat: s, kind: 'aoh.trade', args: { ready: false } };
      else if (!(limit > 0 && m.inputs[s]! >= limit))
        p = { seat: s, kind: 'aoh.trade', args: { ready: true }, optional: true };
      if (!p) continue;
      // AOH-TRADE-22: one time limit for the whole window, run by the server.
      if (secs > 0) p.timer = { key: `market:${st.round}`, seconds: secs };
      out.push(p);
    }
    return out;
  }
  for (const seat of pendingSeats(st)) out.push(promptFor(st, seat));
  return out;
}

function promptFor(st: AohState, seat: Seat): Prompt {
  const f = top(st)!;
  switch (f.k) {
    case 'draft':
      return {
        seat,
        kind: 'aoh.tribe',
        args: { tribes: st.cfg.tribes.map((t) => t.id).filter((t) => !st.p.some((p) => p.tribe === t)) },
      };
    case 'action':
      return { seat, kind: 'aoh.action', args: { cities: st.p[seat]!.cities } };
    case 'swap':
      return { seat, kind: 'aoh.swap' };
    case 'build':
      return { seat, kind: 'aoh.build', args: { asked: f.asked.slice() } };
    case 'consent':
      return { seat, kind: 'aoh.consent', args: { builder: f.builder } };
    case 'warDraft':
      return {
        seat,
        kind: 'aoh.warDraft',
        args: {
          target: f.target,
          objective: f.objective,
          armies: f.armies.slice(),
          heroes: f.heroes.slice(),
        },
      };
    case 'response':
      return {
        seat,
        kind: 'aoh.response',
        args: {
          attacker: st.war!.attacker,
          barbarians: f.barb,
          objective: st.war!.objective,
        },
        window: true,
      };
    case 'event':
      if (f.pc === 1 && f.card === 'earthquake')
        return { seat, kind: 'aoh.quakeTarget', args: { targets: quakeTargets(st, f.drawer) } };
      if (f.pc === 1 && f.card === 'volcano')
        return { seat, kind: 'aoh.volcanoTarget', args: { targets: volcanoTargets(st, f.drawer) } };
      return {
        seat,
        kind: 'aoh.luck',
        args: { card: f.card, drawer: f.drawer, target: f.target },
        window: true,
      };
    case 'place':
      return { seat, kind: 'aoh.place', secret: true };
    case 'duel':
      return { seat, kind: 'aoh.duel', secret: true };
    case 'monument':
      return { seat, kind: 'aoh.monument', args: { card: specialOf(st, seat) } };
    case 'discard':
      return { seat, kind: 'aoh.discard', args: { excess: st.p[seat]!.hand.length - st.cfg.handLimit } };
    case 'market':
      return { seat, kind: 'aoh.trade', args: { ready: false } };
    default:
      throw new Error(`no prompt for frame ${f.k}`);
  }
}

/** Every legal action for `seat` now (resigning, always possible, is not listed). */
export function legalActions(st: AohState, seat: Seat): AohAction[] {
  const f = top(st);
  if (!f || st.over || seat < 0 || seat >= st.n || !st.p[seat]!.alive) return [];
  const p = st.p[seat]!;
  const out: AohAction[] = [];
  if (f.k === 'market') {
    if (f.pc === 4) tradeActions(st, seat, out);
    return out;
  }
  if (!isPending(st, seat)) return out;
  switch (f.k) {
    case 'draft':
      for (const t of st.cfg.tribes)
        if (!st.p.some((x) => x.tribe === t.id)) out.push({ type: 'tribe', tribe: t.id });
      break;
    case 'action': {
      out.push({ type: 'taxes' }, { type: 'build' });
      if (p.armies.some(isAvailable) || count(p.hand, 'mighty_hero') > 0)
        for (let t = 0; t < st.n; t++)
          if (t !== seat && st.p[t]!.alive)
            for (const objective of OBJECTIVES) out.push({ type: 'war', target: t, objective });
      out.push({ type: 'pass' });
      break;
    }
    case 'swap':
      for (const c of distinct(p.hand)) out.push({ type: 'swap', card: c });
      out.push({ type: 'swapSkip' });
      break;
    case 'build':
      buildActions(st, seat, f.asked, out);
      out.push({ type: 'buildDone' });
      break;
    case 'consent':
      out.push({ type: 'consent', accept: true }, { type: 'consent', accept: false });
      break;
    case 'warDraft': {
      for (const a of p.armies)
        if (isAvailable(a) && !f.armies.includes(a.id)) out.push({ type: 'warArmy', army: a.id });
      for (const id of f.armies) out.push({ type: 'warUnarmy', army: id });
      if (count(p.hand, 'mighty_hero') > f.heroes.length) {
        out.push({ type: 'warHero', host: -1 });
        for (const a of p.armies)
          if (f.armies.includes(a.id) && !a.general && !f.heroes.includes(a.id))
            out.push({ type: 'warHero', host: a.id });
      }
      f.heroes.forEach((_, index) => out.push({ type: 'warUnhero', index }));
      if (f.armies.length + f.heroes.filter((h) => h === -1).length > 0) out.push({ type: 'warDeclare' });
      out.push({ type: 'warCancel' });
      break;
    }
    case 'response': {
      // AOH-WAR-11: the whole response is one action (a window is answered in one action, so the
      // number of versions it takes tells nobody what the defender holds).
      if (count(p.hand, 'olympic_games') > 0) out.push({ type: 'olympics' });
      if (f.barb && count(p.hand, 'luck') > 0) out.push({ type: 'luck' });
      const held = count(p.hand, 'mighty_hero');
      if (held > 0) heroResponses(p.armies, held, out);
      out.push({ type: 'pass' });
      break;
    }
    case 'event':
      if (f.pc === 1 && f.card === 'earthquake')
        for (const army of quakeTargets(st, f.drawer)) out.push({ type: 'quakeTarget', army });
      else if (f.pc === 1 && f.card === 'volcano')
        for (const s of volcanoTargets(st, f.drawer)) out.push({ type: 'volcanoTarget', seat: s });
      else {
        if (count(p.hand, 'luck') > 0) out.push({ type: 'luck' });
        out.push({ type: 'pass' });
      }
      break;
    case 'place': {
      const w = st.war!;
      const side = sideOf(st, seat) as 0 | 1;
      const values = distinct(w.pool[side]).sort((a, b) => a - b);
      w.units.forEach((u, i) => {
        if (u.side === side && !u.card) for (const card of values) out.push({ type: 'place', unit: i, card });
      });
      if (w.units.some((u) => u.side === side && u.card)) out.push({ type: 'resetPlacement' });
      break;
    }
    case 'duel': {
      const side = sideOf(st, seat) as 0 | 1;
      for (const i of unfought(st.war!, side)) out.push({ type: 'duel', unit: i });
      break;
    }
    case 'monument': {
      const sp = specialOf(st, seat);
      const k = sp ? count(p.hand, sp) : 0;
      for (let c = 0; c <= k; c++) out.push({ type: 'monument', count: c });
      break;
    }
    case 'discard':
      for (const c of distinct(p.hand)) out.push({ type: 'discard', card: c });
      break;
  }
  return out;
}

/**
 * Every way to play Heroes in a defence (AOH-WAR-11, AOH-EVT-HERO-2..6), each listed once: any number
 * of Heroes as armies (host -1) and at most one Hero as general on each of the defender's participating
 * uncovered armies (AOH-WAR-13, AOH-EVT-HERO-5), together at least one and at most the `held` Mighty
 * Heroes. The hosts of each choice are sorted ascending (-1 first, then army ids), the canonical spelling
 * that `apply` requires. With the 3 Mighty Heroes of the standard deck and g uncovered armies the list
 * has Σ_{s≤3} C(g,s)·(4−s) − 1 entries: 11 for g = 2, 71 for g = 6, 391 for g = 12 (the whole army
 * supply, the bound); random and heuristic games have shown at most 12 legal actions at this prompt.
 */
export function heroResponses(armies: readonly Army[], held: number, out: AohAction[]): void {
  const hosts: number[] = [];
  for (const a of armies) if (isAvailable(a) && !a.general) hosts.push(a.id);
  hosts.sort((x, y) => x - y);
  const chosen: number[] = [];
  // Generals: every subset of the hosts (in ascending order), at most `held` of them.
  const generals = (from: number) => {
    const free = held - chosen.length;
    // Then the Heroes as armies: 0..free of them, ahead of the generals (-1 sorts first).
    for (let k = chosen.length === 0 ? 1 : 0; k <= free; k++) {
      const heroes = new Array<number>(k + chosen.length);
      for (let i = 0; i < k; i++) heroes[i] = -1;
      for (let i = 0; i < chosen.length; i++) heroes[k + i] = chosen[i]!;
      out.push({ type: 'respond', heroes });
    }
    if (free === 0) return;
    for (let i = from; i < hosts.length; i++) {
      chosen.push(hosts[i]!);
      generals(i + 1);
      chosen.pop();
    }
  };
  generals(0);
}

function buildActions(st: AohState, seat: Seat, asked: Seat[], out: AohAction[]): void {
  const p = st.p[seat]!;
  for (const item of ITEM_KINDS as readonly ItemKind[]) {
    if (st.supply[item] <= 0) continue;
    const pays = payments(st.cfg, item, p.hand);
    if (pays.length === 0) continue;
    if (item === 'general') {
      for (const a of p.armies)
        if (isAvailable(a) && !a.general)
          for (const pay of pays) out.push({ type: 'buildItem', item, pay, host: a.id });
    } else if (item === 'road') {
      for (const to of neighbours(st, seat))
        if (!hasRoad(st, seat, to) && !asked.includes(to))
          for (const pay of pays) out.push({ type: 'buildItem', item, pay, to });
    } else for (const pay of pays) out.push({ type: 'buildItem', item, pay });
  }
}

function tradeActions(st: AohState, seat: Seat, out: AohAction[]): void {
  const m = st.market!;
  const p = st.p[seat]!;
  const limit = st.opts.tradeInputLimit;
  if (limit > 0 && m.inputs[seat]! >= limit) return;
  const draft = m.drafts[seat];
  const max = st.cfg.trade.maxCardsPerSide;
  if (draft) {
    if (draft.to !== -1) out.push({ type: 'offerTo', seat: -1 });
    for (let t = 0; t < st.n; t++)
      if (t !== seat && t !== draft.to && st.p[t]!.alive) out.push({ type: 'offerTo', seat: t });
    const hand = p.hand,
      give = draft.give,
      receive = draft.receive;
    // Distinct cards in order of first occurrence (as distinct()), without building the list.
    if (give.length < max)
      for (let i = 0; i < hand.length; i++) {
        const c = hand[i]!;
        if (hand.indexOf(c) === i && count(hand, c) > count(give, c))
          out.push({ type: 'offerGive', card: c });
      }
    for (let i = 0; i < give.length; i++)
      if (give.indexOf(give[i]!) === i) out.push({ type: 'offerUngive', card: give[i]! });
    if (receive.length < max)
      for (const c of classes(st.cfg).tradable) out.push({ type: 'offerWant', card: c });
    for (let i = 0; i < receive.length; i++)
      if (receive.indexOf(receive[i]!) === i) out.push({ type: 'offerUnwant', card: receive[i]! });
    // A draft addressed to a player who has left since must be readdressed first (AOH-TRADE-6).
    if (
      draft.give.length + draft.receive.length > 0 &&
      holds(p.hand, draft.give) &&
      (draft.to === -1 || st.p[draft.to]!.alive)
    )
      out.push({ type: 'offerPost' });
    out.push({ type: 'offerDrop' });
    return;
  }
  out.push(m.ready[seat] ? { type: 'unready' } : { type: 'ready' });
  const offers = m.offers;
  let mine = 0;
  for (let i = 0; i < offers.length; i++) if (offers[i]!.from === seat) mine++;
  if (mine < st.cfg.trade.maxOpenOffersPerPlayer) out.push({ type: 'offerNew' });
  for (let i = 0; i < offers.length; i++) {
    const o = offers[i]!;
    if (o.from === seat) out.push({ type: 'withdraw', offer: o.id });
    // canAccept(st, seat, o.id), inlined: offer ids are unique.
    else if (o.to === -1 || o.to === seat) {
      if (holds(p.hand, o.receive)) out.push({ type: 'accept', offer: o.id });
      if (o.to === seat) out.push({ type: 'decline', offer: o.id });
    }
  }
}

/** AOH-DP-1..20 timeout defaults: deterministic, never random (AOH-RNG-4). */
export function defaultFor(st: AohState, seat: Seat): AohAction | null {
  const f = top(st);
  if (!f || st.over) return null;
  const p = st.p[seat]!;
  if (f.k === 'market') {
    if (f.pc !== 4 || st.market!.ready[seat]) return null;
    return st.market!.drafts[seat] ? { type: 'offerDrop' } : { type: 'ready' };
  }
  if (!isPending(st, seat)) return null;
  switch (f.k) {
    case 'draft': {
      const t = st.cfg.tribes.find((x) => !st.p.some((q) => q.tribe === x.id))!;
      return { type: 'tribe', tribe: t.id };
    }
    case 'action':
      return { type: 'pass' };
    case 'swap':
      return { type: 'swapSkip' };
    case 'build':
      return { type: 'buildDone' };
    case 'consent':
      return { type: 'consent', accept: false };
    case 'warDraft':
      return { type: 'warCancel' };
    case 'response':
      return { type: 'pass' };
    case 'event':
      if (f.pc === 1 && f.card === 'earthquake')
        return { type: 'quakeTarget', army: quakeTargets(st, f.drawer)[0]! };
      if (f.pc === 1 && f.card === 'volcano')
        return { type: 'volcanoTarget', seat: volcanoTargets(st, f.drawer)[0]! };
      return { type: 'pass' };
    case 'place': {
      const w = st.war!;
      const side = sideOf(st, seat) as 0 | 1;
      const unit = w.units.findIndex((u) => u.side === side && !u.card);
      return { type: 'place', unit, card: w.pool[side][0]! };
    }
    case 'duel': {
      const side = sideOf(st, seat) as 0 | 1;
      return { type: 'duel', unit: unfought(st.war!, side)[0]! };
    }
    case 'monument': {
      const sp = specialOf(st, seat);
      return { type: 'monument', count: sp ? count(p.hand, sp) : 0 };
    }
    case 'discard':
      return { type: 'discard', card: p.hand[p.hand.length - 1]! };
    default:
      return null;
  }
}

export { armyOwner };
