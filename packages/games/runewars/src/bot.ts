/**
 * The heuristic bot: it sees only its own view and its legal actions. Its plan for a year: spread out
 * with Strategize in spring, take rune areas with Mobilize (twice, by Supremacy) in summer, recruit with
 * both dials in fall and fortify a dragon rune in winter; it moves into areas holding rune tokens it has
 * not seen to be false, keeps a unit behind in every area it holds, takes influence in the fall and every
 * free Supremacy. It attacks an enemy's or neutrals' area only with clearly more strength than the
 * defence there (units, routed hexagons, the stronghold), and in a battle it draws with its largest
 * type, routs hexagons first (they still count), puts damage where it destroys least, aims its abilities
 * at the enemy's strongest units, and places its Victory card as soon as it can. Against unallied neutral
 * units too strong to beat it tries diplomacy (if it has influence), spending as few influence tokens as
 * give it three chances in four of a gold or silver card by the public Fate discard; it resolves gold
 * before silver, battles after red only when clearly stronger, and takes neutral units from a city
 * (Rally Support) when the area has room for them.
 */
import type { Bot, BotContext, BotFactory, Seat } from '@tabula/engine';
import type { BoardRt } from './common.js';
import { compileBoard } from './common.js';
import type { Pack } from './pack.js';
import { BLANK, packOf, ROUT, SPECIAL } from './pack.js';
import type { BattleFrame, RwAction, RwView } from './types.js';
import { HERO_FRAMES, heroChoice, heroOrder } from './bot-heroes.js';
import { CARD_FRAMES, cardChoice } from './bot-cards.js';

const cache = new Map<string, BoardRt>();
function boardOf(p: Pack, v: RwView): BoardRt {
  const k = v.pos.join(',') + '|' + v.rot.join(',');
  let b = cache.get(k);
  if (!b) {
    if (cache.size > 64) cache.clear();
    b = compileBoard(p, v.pos, v.rot);
    cache.set(k, b);
  }
  return b;
}

/** Units in an area held by a player: his faction's and his allied neutrals (RW-NEUT-07). */
function unitsIn(p: Pack, v: RwView, a: number): number {
  if (v.own[a]! < 0) return 0;
  let n = 0;
  for (let u = 0; u < p.U; u++) n += v.us[a * p.U + u]! + v.ur[a * p.U + u]!;
  return n;
}

/** Standing units a seat has in an area (allied neutrals included). */
function standingIn(p: Pack, v: RwView, a: number): number {
  if (v.own[a]! < 0) return 0;
  let n = 0;
  for (let u = 0; u < p.U; u++) n += v.us[a * p.U + u]!;
  return n;
}

/** Unallied neutral units in an area (an area nobody holds). */
function neutralsIn(p: Pack, v: RwView, a: number): number {
  if (v.own[a]! >= 0) return 0;
  let n = 0;
  for (const u of p.neutrals) n += v.us[a * p.U + u]! + v.ur[a * p.U + u]!;
  return n;
}

/**
 * The chance that `k` Fate cards drawn now show at least one gold or silver symbol, counted from the
 * public discard (the deck holds every card not discarded; cards in a battle are never out now).
 */
function diplomacyOdds(p: Pack, v: RwView, k: number): number {
  let red = 0,
    all = 0;
  const gone = new Set(v.decks.fateDiscard);
  for (let c = 0; c < p.fate.length; c++) {
    if (gone.has(c)) continue;
    all++;
    if (p.fate[c]!.destiny === 'red') red++;
  }
  if (v.decks.fate === 0) {
    red = 0;
    all = 0;
    for (const c of p.fate) {
      all++;
      if (c.destiny === 'red') red++;
    }
  }
  let pRed = 1;
  for (let i = 0; i < k; i++) pRed *= all - i > 0 ? Math.max(0, red - i) / (all - i) : 0;
  return 1 - pRed;
}

/** The strength of units by type list (health and shape), as `defence` counts a defender's. */
function strengthOf(p: Pack, us: number[]): number {
  let n = 0;
  for (const u of us) n += 1 + p.units[u]!.health * 0.25;
  return n;
}

/** How much an area is worth holding: a dragon rune seen, an unknown token, a city, production. */
function worth(p: Pack, v: RwView, a: number): number {
  let w = p.areas[a]!.res.reduce((x, y) => x + y, 0) * 0.3;
  if (v.rk[a] === 1) w += 10;
  else if (v.rk[a] === -2) w += 4;
  if (v.city[a]! >= 0) w += 1;
  return w;
}

/** The defence of an area: its units (any owner, neutrals included) and a stronghold's strength. */
function defence(p: Pack, v: RwView, a: number): number {
  let n = 0;
  for (let u = 0; u < p.U; u++) {
    const t = p.units[u]!;
    n += v.us[a * p.U + u]! * (1 + t.health * 0.25) + (t.shape === 3 ? v.ur[a * p.U + u]! : 0);
  }
  if (v.sh[a]! >= 0) n += p.rules.strongholdStrength[v.shd[a] ? 1 : 0]!;
  return n;
}

/** My standing units that could reach `a` (within two areas), one kept behind in every area. */
function reachable(p: Pack, v: RwView, b: BoardRt, a: number, seat: Seat): number {
  const seen = new Set<number>();
  let n = 0;
  for (const x of b.adj[a]!)
    for (const y of [x, ...b.adj[x]!]) {
      if (seen.has(y) || y === a || v.own[y] !== seat || v.act[y]! & (1 << seat)) continue;
      seen.add(y);
      n += Math.max(0, standingIn(p, v, y) - 1);
    }
  return n;
}

const PLAN = [1, 2, 5, 8];

/** A unit's value in a battle: its health and shape, more for types that have not drawn yet. */
function value(p: Pack, f: BattleFrame, side: number, u: number): number {
  const t = p.units[u]!;
  return t.health + (t.shape === 3 ? 2 : t.shape === 2 ? 1 : 0) + (f.dw.includes(side * 256 + u) ? 0 : 1.5);
}

function battleChoice(p: Pack, f: BattleFrame, seat: Seat, a: RwAction): number {
  const side = seat === f.seat ? 0 : 1;
  switch (a.type) {
    case 'draw': {
      let n = 0;
      for (let i = 0; i < f.fu.length; i++) if (f.fu[i] === a.u && f.fs[i] === side && !f.fr[i]) n++;
      return n + p.units[a.u]!.health * 0.1;
    }
    case 'rout':
      // hexagons still count when routed; units that have drawn have done their work
      return (p.units[a.u]!.shape === 3 ? 10 : 0) - value(p, f, side, a.u) - a.d;
    case 'hit': {
      const left = p.units[a.u]!.health - a.d - 1;
      return left > 0 ? 5 + left : -value(p, f, side, a.u) - (a.r ? -2 : 0);
    }
    case 'kill':
      return -value(p, f, side, a.u) + (a.r ? 2 : 0);
    case 'target':
      return value(p, f, 1 - side, a.u) - a.r * 2 + a.d;
    case 'option': {
      const task = f.q[0];
      if (task === 13) return a.n; // Fury: use it
      if (task === 11) return a.n; // Overpower: destroy when it can
      return -a.n; // Rain Fire: the triangles
    }
    case 'use':
    case 'supremacy':
      return a.use ? 1 : 0;
    case 'stronghold':
      return a.from === undefined ? 1 : -1;
    case 'support': {
      // The type with the most standing units gains most from the extra card (RW-SUPPORT-03).
      let n = 0;
      for (let i = 0; i < f.fu.length; i++) if (f.fu[i] === a.u && f.fs[i] === side && !f.fr[i]) n++;
      return n + p.units[a.u]!.health * 0.1;
    }
    case 'setAside': {
      // The weakest card for the drawing shape: blank, then the smallest rout, special, damage.
      const c = p.fate[a.card]!;
      const sh = p.units[f.ty[side]!]!.shape;
      const k = c.kind[sh]!;
      return -(k === BLANK ? 0 : k === ROUT ? c.num[sh]! : k === SPECIAL ? 1.5 : 1 + c.num[sh]! * 2);
    }
    case 'done':
      return -0.5;
    default:
      return 0;
  }
}

function choose(ctx: BotContext<RwView, RwAction>): RwAction {
  const { view: v, legal, seat } = ctx;
  const p = packOf(v.opts.data);
  const top = v.stack[v.stack.length - 1];
  const first = legal[0]!;
  const pick = (score: (a: RwAction) => number): RwAction => {
    let best = first,
      bs = -Infinity;
    for (const a of legal) {
      const s = score(a) + ctx.rng.float() * 1e-3;
      if (s > bs) {
        bs = s;
        best = a;
      }
    }
    return best;
  };
  if (top && HERO_FRAMES.has(top.k)) return heroChoice(p, v, seat, top, legal, ctx.rng);
  if (top && CARD_FRAMES.has(top.k)) return cardChoice(p, v, seat, top, legal, ctx.rng);
  switch (top?.k) {
    case 'home':
    case 'faction':
      // No faction is known to be stronger: any (balance reports see every faction in every seat).
      return ctx.rng.pick(legal);
    case 'orders': {
      const want = heroOrder(p, v, seat) ?? PLAN[v.season]!;
      return pick((a) => (a.type === 'order' ? (a.n === want ? 10 : 8 - a.n) : -1));
    }
    case 'fall':
      return pick((a) => (a.type === 'fall' && a.pick === 'influence' ? 1 : 0));
    case 'sup':
      return pick((a) => (a.type === 'supremacy' && a.use === (top.n !== 7) ? 1 : 0));
    case 'title':
    case 'hsup':
      return pick((a) => (a.type === 'done' ? 1 : a.type === 'gain' ? 2 : 0));
    case 'rally':
      return pick((a) => {
        if (a.type === 'neutral') return p.units[a.u]!.health + p.units[a.u]!.initiative * 0.1;
        if (a.type !== 'rally') return 0;
        if (a.benefit === 'neutrals') {
          const c = p.cities[v.city[a.area]!]!;
          return unitsIn(p, v, a.area) + c.count <= 8 ? 3.5 : 0.5;
        }
        return a.benefit === 'influence' ? 3 : 2;
      });
    case 'diplo': {
      const mine = strengthOf(p, top.u);
      const d = defence(p, v, top.area);
      if (top.step === 0) {
        if (mine >= d * 1.5 + 1 && legal.some((a) => a.type === 'fight'))
          return pick((a) => (a.type === 'fight' ? 1 : 0));
        // The fewest influence tokens with three chances in four of gold or silver.
        return pick((a) => {
          if (a.type !== 'diplomacy') return a.type === 'fight' ? 0.5 : 0;
          const odds = diplomacyOdds(p, v, a.spend);
          return (odds >= 0.75 ? 2 : odds) - a.spend * 0.05;
        });
      }
      if (top.step === 1) {
        const rank = { gold: 3, silver: 2, red: 0 } as const;
        return pick((a) => (a.type === 'fate' ? rank[p.fate[a.card]!.destiny] : 0));
      }
      return pick((a) => (a.type === 'fight' ? (mine >= d * 1.2 ? 1 : -1) : 0));
    }
    case 'victory':
      return pick((a) => (a.type === 'victory' ? (a.use ? 3 : 0) : 1));
    case 'battle':
      return pick((a) => battleChoice(p, top, seat, a));
    case 'strat': {
      // Each area with two or more units sends one out to the best adjacent area not held.
      const sent = new Map<number, number>();
      for (let i = 0; i < top.d.length; i += 3) sent.set(top.d[i]!, (sent.get(top.d[i]!) ?? 0) + 1);
      return pick((a) => {
        if (a.type === 'commit') return 0.5;
        if (a.type !== 'draft' || a.to === undefined) return -1;
        if (unitsIn(p, v, a.from) - (sent.get(a.from) ?? 0) < 2) return -1;
        if (v.own[a.to] === seat || v.home[a.to] === seat) return -1;
        if (top.d.some((_, i) => i % 3 === 1 && top.d[i] === a.to)) return -1;
        return 1 + worth(p, v, a.to);
      });
    }
    case 'mob': {
      const b = boardOf(p, v);
      if (top.x < 0) {
        return pick((a) => {
          if (a.type !== 'activate') return 0.1;
          const x = a.area;
          if (v.own[x] === seat || v.home[x] === seat || v.sh[x] === seat) return -1;
          const held = v.own[x]! >= 0 || v.sh[x]! >= 0 || v.home[x]! >= 0 || defence(p, v, x) > 0;
          const mine = reachable(p, v, b, x, seat);
          if (!held) return mine > 0 ? 1 + worth(p, v, x) : -1;
          // A battle: only with clearly more strength, for an area worth it.
          const d = defence(p, v, x);
          if (mine < 2 || mine < d * 1.5 + 1) {
            // Unallied neutrals too strong: diplomacy, if it has influence and there is room.
            const k = neutralsIn(p, v, x);
            if (k > 0 && k <= 6 && mine >= 1 && v.players[seat]!.inf >= 2 && v.own[x]! < 0)
              return 0.3 + worth(p, v, x) * 0.8;
            return -1;
          }
          return 0.5 + worth(p, v, x) - d * 0.2;
        });
      }
      const x = top.x;
      const fight = v.own[x]! >= 0 || v.sh[x]! >= 0 || v.home[x]! >= 0 || defence(p, v, x) > 0;
      const sent = new Map<number, number>();
      for (let i = 0; i < top.d.length; i += 2) sent.set(top.d[i]!, (sent.get(top.d[i]!) ?? 0) + 1);
      const moved = top.d.length / 2;
      let want = fight ? Math.min(8, Math.ceil(defence(p, v, x) * 1.5) + 2) : 2;
      const k = neutralsIn(p, v, x);
      // Diplomacy planned (neutrals too strong to beat from here): two units, within 8 with the neutrals.
      if (k > 0 && reachable(p, v, b, x, seat) < defence(p, v, x) * 1.5 + 1) want = Math.min(2, 8 - k);
      return pick((a) => {
        if (a.type === 'commit') return moved >= want || !fight ? (moved > 0 ? 1 : 0) : 0.2;
        if (a.type === 'heroMove') return fight && moved > 0 ? 1.5 : -1; // heroes go along to support
        if (a.type !== 'draft') return -1;
        const left = standingIn(p, v, a.from) - (sent.get(a.from) ?? 0);
        return moved < want && left >= 2 ? 2 + p.units[a.u]!.health * 0.1 : -1;
      });
    }
    case 'fort':
      return pick((a) => {
        if (a.type === 'stronghold' && a.from === undefined) return 2 + worth(p, v, a.area);
        if (a.type === 'repair') return 1.5;
        if (a.type === 'done') return 1;
        return 0;
      });
    case 'runes': {
      // Far from each other, in productive areas.
      return pick((a) => (a.type === 'rune' ? worth(p, v, a.area) : 0));
    }
    case 'retreat':
      return pick((a) => (a.type === 'retreat' ? unitsIn(p, v, a.area) * (top.who === seat ? 1 : -1) : 0));
    case 'cull':
      return pick((a) =>
        a.type === 'destroy' ? -p.units[a.u]!.health - (a.routed ? 0 : 1) : a.type === 'done' ? 10 : 0,
      );
    default:
      return first.type === 'undo' ? (legal[1] ?? first) : first;
  }
}

export const heuristicBot: BotFactory<RwView, RwAction> = (): Bot<RwView, RwAction> => ({
  name: 'heuristic',
  choose,
});
