/**
 * The heuristic bot: it sees only its own view and its legal actions. Its plan for a year without
 * battles: spread out with Strategize in spring, take rune areas with Mobilize (twice, by Supremacy)
 * in summer, recruit with both dials in fall and fortify a dragon rune in winter; it moves into areas
 * holding rune tokens it has not seen to be false, keeps a unit behind in every area it holds, takes
 * influence in the fall and every free Supremacy.
 */
import type { Bot, BotContext, BotFactory } from '@tabula/engine';
import type { BoardRt } from './common.js';
import { compileBoard } from './common.js';
import type { Pack } from './pack.js';
import { packOf } from './pack.js';
import type { RwAction, RwView } from './types.js';

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

function unitsIn(p: Pack, v: RwView, a: number): number {
  let n = 0;
  for (let u = 0; u < p.U; u++) if (p.units[u]!.faction >= 0) n += v.us[a * p.U + u]! + v.ur[a * p.U + u]!;
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

const PLAN = [1, 2, 5, 8];

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
  switch (top?.k) {
    case 'orders': {
      const want = PLAN[v.season]!;
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
      return pick((a) => (a.type === 'rally' ? (a.benefit === 'influence' ? 3 : 2) : 0));
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
      if (top.x < 0) {
        const b = boardOf(p, v);
        return pick((a) => {
          if (a.type !== 'activate') return 0.1;
          if (v.own[a.area] === seat || v.home[a.area] === seat) return -1;
          // Reachable: one of my areas within two steps with a spare unit.
          let near = false;
          for (const x of b.adj[a.area]!) {
            if (v.own[x] === seat && unitsIn(p, v, x) >= 2) near = true;
            for (const y of b.adj[x]!) if (v.own[y] === seat && unitsIn(p, v, y) >= 2) near = true;
          }
          return near ? 1 + worth(p, v, a.area) : -1;
        });
      }
      const sent = new Map<number, number>();
      for (let i = 0; i < top.d.length; i += 2) sent.set(top.d[i]!, (sent.get(top.d[i]!) ?? 0) + 1);
      const moved = top.d.length / 2;
      return pick((a) => {
        if (a.type === 'commit') return moved > 0 ? 1 : 0;
        if (a.type !== 'draft') return -1;
        const left = unitsIn(p, v, a.from) - (sent.get(a.from) ?? 0);
        return moved < 2 && left >= 2 ? 2 : -1;
      });
    }
    case 'fort':
      return pick((a) => {
        if (a.type === 'stronghold' && a.from === undefined) return 2 + worth(p, v, a.area);
        if (a.type === 'done') return 1;
        return 0;
      });
    case 'runes': {
      // Far from each other, in productive areas.
      return pick((a) => (a.type === 'rune' ? worth(p, v, a.area) : 0));
    }
    case 'cull':
      return pick((a) => (a.type === 'destroy' ? -p.units[a.u]!.health : a.type === 'done' ? 10 : 0));
    default:
      return first.type === 'undo' ? (legal[1] ?? first) : first;
  }
}

export const heuristicBot: BotFactory<RwView, RwAction> = (): Bot<RwView, RwAction> => ({
  name: 'heuristic',
  choose,
});
