/**
 * A rule-based Struggle for Rome bot. It sees only its own view and picks among its legal actions:
 * it buys army pairs and wagons, migrates toward the cheapest city it can plunder for a new colour,
 * founds a kingdom as soon as it holds three colours, then expands city by city; it rests for what
 * it lacks, robs the leader and moves the legionnaire onto the leader's land.
 */
import type { Bot, BotContext } from '@tabula/engine';
import type { Rt } from './config.js';
import { rtOf } from './config.js';
import { movePayment } from './describe.js';
import type { SfrAction, SfrView, TribeView } from './types.js';

type Ctx = BotContext<SfrView, SfrAction>;
type A<T extends SfrAction['type']> = Extract<SfrAction, { type: T }>;

function all<T extends SfrAction['type']>(legal: SfrAction[], type: T): A<T>[] {
  return legal.filter((a) => a.type === type) as A<T>[];
}

/** The first legal action of a type (and matching `pred`): `all(...).find(...)` without the array. */
function firstOf<T extends SfrAction['type']>(
  legal: SfrAction[],
  type: T,
  pred?: (a: A<T>) => boolean,
): A<T> | undefined {
  for (const a of legal) if (a.type === type && (!pred || pred(a as A<T>))) return a as A<T>;
  return undefined;
}

function colourSet(r: Rt, t: TribeView): Set<number> {
  return new Set(t.loot.map((x) => r.tokens[x]!.prov));
}

function lootOf(r: Rt, t: TribeView, prov: number): number {
  return t.loot.filter((x) => r.tokens[x]!.prov === prov).length;
}

/** Value of standing next to `node` for tribe `t` (the best deed it could do from there). */
function nodeValue(r: Rt, v: SfrView, t: TribeView, node: number, cols = colourSet(r, t)): number {
  const C = r.C;
  let best = 0;
  for (const c of r.nodes[node]!.cities) {
    const city = r.cities[c]!;
    if (v.owner[c]! >= 0 || (v.n === 3 && city.neutral3) || city.towers > t.strength) continue;
    if (cols.size >= C.foundColours && t.wagons > 0) best = Math.max(best, 20 + city.towers);
    if (v.token[c] && lootOf(r, t, city.prov) < C.perColour) {
      const fresh = !cols.has(city.prov);
      best = Math.max(best, fresh ? (cols.size + 1 === C.foundColours ? 12 : 8) : 3);
    }
  }
  return best;
}

function touches(r: Rt, v: SfrView, s: number, hex: number): boolean {
  const nodes = r.hexes[hex]!.nodes;
  for (const t of v.players[s]!.tribes) {
    if (!t.settled) {
      if (nodes.includes(t.node)) return true;
    } else for (const c of t.kingdom) if (nodes.includes(r.cities[c]!.node)) return true;
  }
  return false;
}

function leader(v: SfrView, me: number): number {
  let best = -1,
    bs = -1;
  for (const p of v.players) {
    if (p.seat === me) continue;
    const score = p.publicVp * 10 + p.cards + p.gold / 3;
    if (score > bs) {
      bs = score;
      best = p.seat;
    }
  }
  return best;
}

export function chooseAction(ctx: Ctx): SfrAction {
  const { view: v, legal, seat } = ctx;
  const r = rtOf(v.options);
  const C = r.C;
  const me = v.players[seat]!;
  const res = me.res ?? [0, 0, 0, 0];
  const first = legal[0]!;
  const find = <T extends SfrAction['type']>(type: T, pred?: (a: A<T>) => boolean) =>
    firstOf(legal, type, pred);
  switch (ctx.prompt.kind) {
    case 'sfr.legion': {
      const lead = leader(v, seat);
      let best: SfrAction = find('stay') ?? first,
        bs = 0;
      for (const a of all(legal, 'legion')) {
        const h = r.hexIdx.get(a.hex)!;
        if (touches(r, v, seat, h)) continue;
        let s = 0;
        for (const p of v.players)
          if (p.seat !== seat && touches(r, v, p.seat, h)) s += p.seat === lead ? 3 : 1;
        s += r.hexes[h]!.num ? 6 - Math.abs(7 - r.hexes[h]!.num) : 0;
        if (s > bs) {
          bs = s;
          best = a;
        }
      }
      return best;
    }
    case 'sfr.rob': {
      const robs = all(legal, 'rob').sort((a, b) => v.players[b.seat]!.cards - v.players[a.seat]!.cards);
      return robs[0] ?? first;
    }
    case 'sfr.respond':
      return find('decline') ?? first;
    case 'sfr.shortage':
      return first;
    case 'sfr.trade':
      return tradeStep(ctx, r, res);
    case 'sfr.act':
      return actStep(ctx, r, res);
    default:
      return first;
  }
  void C;
}

function tradeStep(ctx: Ctx, r: Rt, res: number[]): SfrAction {
  const { view: v, legal, seat } = ctx;
  const me = v.players[seat]!;
  const find = <T extends SfrAction['type']>(type: T, pred?: (a: A<T>) => boolean) =>
    firstOf(legal, type, pred);
  const end = find('endStep')!;
  if (v.draft) return find('drop') ?? end;
  const reveal = find('reveal');
  if (reveal) return reveal;
  const tribes = me.tribes;
  const needWagon = tribes.findIndex(
    (t) => t.wagons === 0 && (t.settled || colourSet(r, t).size >= r.C.foundColours - 1),
  );
  if (needWagon >= 0) {
    const w = find('buyWagon', (a) => a.box === (needWagon === 0 ? 'horsemen' : 'warriors') && !a.emergency);
    if (w) return w;
  }
  const pair = find('buyPair', (a) => !a.emergency);
  if (pair && (me.reserve[0]! > 0 || me.reserve[1]! > 0)) return pair;
  const settled = tribes.findIndex((t) => t.settled && t.wagons < 2);
  if (settled >= 0) {
    const w = find('buyWagon', (a) => a.box === (settled === 0 ? 'horsemen' : 'warriors') && !a.emergency);
    if (w) return w;
  }
  const harvest = find('play', (a) => !!a.take && a.take.includes('ore'));
  if (harvest) return harvest;
  const dip = all(legal, 'play').filter((a) => a.hex);
  if (dip.length) {
    const lead = leader(v, seat);
    const good = dip.find((a) => {
      const h = r.hexIdx.get(a.hex!)!;
      return touches(r, v, lead, h) && !touches(r, v, seat, h);
    });
    if (good) return good;
  }
  if (res[3]! >= 2 && me.gold >= 4) {
    const dev = find('buyDev', (a) => !a.emergency);
    if (dev) return dev;
  }
  // Bank: surplus grain or cattle for ore or pasture.
  if (res[1]! === 0) {
    const b = find('bank', (a) => a.get === 'ore' && (a.give === 'grain' ? res[0]! >= 4 : true));
    if (b) return b;
  }
  if (res[2]! === 0) {
    const b = find('bank', (a) => a.get === 'pasture' && (a.give === 'grain' ? res[0]! >= 4 : true));
    if (b) return b;
  }
  return end;
}

function actStep(ctx: Ctx, r: Rt, res: number[]): SfrAction {
  const { view: v, legal, seat } = ctx;
  const me = v.players[seat]!;
  const find = <T extends SfrAction['type']>(type: T, pred?: (a: A<T>) => boolean) =>
    firstOf(legal, type, pred);
  const args = ctx.prompt.args as { tribe: string; moved: boolean; done: boolean };
  const t = me.tribes[args.tribe === 'horsemen' ? 0 : 1]!;
  const reveal = find('reveal');
  if (reveal) return reveal;
  if (args.done) return find('endStep') ?? legal[0]!;
  const found = find('found', (a) => !a.card) ?? find('found');
  if (found) return found;
  const expands = all(legal, 'expand');
  if (expands.length) {
    const plain = expands.filter((a) => !a.card);
    const pool = plain.length ? plain : expands;
    pool.sort((a, b) => r.cities[r.cityIdx.get(b.city)!]!.towers - r.cities[r.cityIdx.get(a.city)!]!.towers);
    return pool[0]!;
  }
  const plunders = all(legal, 'plunder');
  if (plunders.length) {
    const cols = colourSet(r, t);
    const score = (a: A<'plunder'>) => {
      const c = r.cities[r.cityIdx.get(a.city)!]!;
      return (cols.has(c.prov) ? 0 : 10) - (a.card ? 5 : 0) - c.towers;
    };
    plunders.sort((a, b) => score(b) - score(a));
    if (score(plunders[0]!) > -3) return plunders[0]!;
  }
  const moves = all(legal, 'move');
  if (moves.length) {
    let best: A<'move'> | null = null,
      bs = 0;
    // Many routes lead to the same node (hundreds of moves at times): its value is computed once.
    const cols = colourSet(r, t);
    const values = new Map<string, number>();
    for (const a of moves) {
      let val = values.get(a.to);
      if (val === undefined) values.set(a.to, (val = nodeValue(r, v, t, r.nodeIdx.get(a.to)!, cols)));
      // A move's score is its node's value less a cost that is never negative: a node worth no more than
      // the best so far (at least 0) cannot win, and its route's payment is not worked out.
      if (val <= bs) continue;
      const pay = movePayment(r, a);
      const cost = pay.gold + pay.grain * 2.5 + (a.card ? 3 : 0);
      const s = val - cost * 0.8;
      if (s > bs) {
        bs = s;
        best = a;
      }
    }
    if (best) return best;
  }
  if (args.moved) return find('endStep') ?? legal[0]!;
  // Rest for what is missing: ore for army pairs, else gold.
  if (res[1]! === 0) {
    const ore = find('rest', (a) => a.take === 'ore');
    if (ore) return ore;
  }
  if (res[2]! + res[3]! === 0) {
    const pa = find('rest', (a) => a.take === 'pasture');
    if (pa) return pa;
  }
  return find('rest', (a) => a.take === 'gold') ?? legal[0]!;
}

export function heuristicBot(_options: { seed: string }): Bot<SfrView, SfrAction> {
  return { name: 'heuristic', choose: chooseAction };
}
