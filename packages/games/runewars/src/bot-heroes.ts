/**
 * The heuristic bot's hero decisions (heroes.ts), from its own view only: it places a new hero with its
 * strongest garrison, spends influence on Hero cards while it has room for a hero and influence to spare,
 * keeps the strongest card drawn (a fourth only if it beats its weakest, who then deserts), heals a damaged
 * hero where it can, scouts rune tokens it has not seen with Quest Phase moves, and trains the others.
 */
import type { Rng, Seat } from '@tabula/engine';
import type { BoardRt } from './common.js';
import { compileBoard, crossable } from './common.js';
import { ctrlOf } from './bot-cards.js';
import type { Pack } from './pack.js';
import type { Frame, RwAction, RwView } from './types.js';

export const HERO_FRAMES: ReadonlySet<string> = new Set([
  'hstart',
  'hdraw',
  'desert',
  'qph',
  'strike',
  'explore',
  'qtest',
  'qpeek',
  'loot',
  'ruse',
  'duel',
  'spoils',
]);

/** A hero's worth: attributes with training, health left, reach. */
function heroWorth(p: Pack, v: RwView, h: number): number {
  const x = p.heroes[h]!;
  const hs = v.hero;
  let s = x.health + x.move;
  for (let a = 0; a < 3; a++) s += x.att[a]! + (hs ? hs.tr[h * 3 + a]! : 0);
  return s - (hs ? hs.dmg[h]! : 0);
}

function myHeroes(v: RwView, seat: Seat): number[] {
  const out: number[] = [];
  if (v.hero) for (let h = 0; h < v.hero.ctl.length; h++) if (v.hero.ctl[h] === seat) out.push(h);
  return out;
}

const boards = new Map<string, BoardRt>();
function boardOf(p: Pack, v: RwView): BoardRt {
  const k = v.pos.join(',');
  let b = boards.get(k);
  if (!b) {
    if (boards.size > 64) boards.clear();
    b = compileBoard(p, v.pos, v.rot);
    boards.set(k, b);
  }
  return b;
}

/** Whether an unseen rune token lies within `r` more steps of `a` (borders apply). */
function unseenNear(v: RwView, b: BoardRt, a: number, r: number): boolean {
  if (v.rk[a] === -2) return true;
  if (r <= 0) return false;
  const adj = b.adj[a]!;
  for (let i = 0; i < adj.length; i++)
    if (crossable(b.edge[a]![i]!, false, v.season === 3) && unseenNear(v, b, adj[i]!, r - 1)) return true;
  return false;
}

/**
 * With heroes: Rally Support in winter (its Supremacy draws Hero cards) while it has fewer than two heroes
 * and influence to spend; otherwise the usual plan.
 */
export function heroOrder(_p: Pack, v: RwView, seat: Seat): number | null {
  if (!v.hero || v.season !== 3 || v.players[seat]!.inf < 3) return null;
  if (myHeroes(v, seat).length >= 2 || !(v.players[seat]!.hand & (1 << 6))) return null;
  return 6;
}

function garrison(p: Pack, v: RwView, a: number): number {
  let n = 0;
  for (let u = 0; u < p.U; u++) n += v.us[a * p.U + u]! + v.ur[a * p.U + u]!;
  return n;
}

export function heroChoice(
  p: Pack,
  v: RwView,
  seat: Seat,
  top: Frame,
  legal: RwAction[],
  rng: Rng,
): RwAction {
  const pick = (score: (a: RwAction) => number): RwAction => {
    let best = legal[0]!,
      bs = -Infinity;
    for (const a of legal) {
      const s = score(a) + rng.float() * 1e-3;
      if (s > bs) {
        bs = s;
        best = a;
      }
    }
    return best;
  };
  const mine = myHeroes(v, seat);
  switch (top.k) {
    case 'hstart':
      return pick((a) =>
        a.type === 'heroAt' ? garrison(p, v, a.area) + (v.sh[a.area] === seat ? 5 : 0) : 0,
      );
    case 'hdraw':
      if (top.step === 0) {
        const inf = v.players[seat]!.inf;
        const want = mine.length >= p.heroRules.limit ? 0 : inf >= 4 ? 2 : inf >= 2 ? 1 : 0;
        return pick((a) => (a.type === 'heroDraw' ? -Math.abs(a.n - want) : 0));
      }
      if (top.step === 1) {
        const worst = Math.min(...mine.map((h) => heroWorth(p, v, h)));
        return pick((a) => {
          if (a.type !== 'keepHero') return -1;
          if (a.h < 0) return 0;
          const w = heroWorth(p, v, a.h);
          return mine.length < p.heroRules.limit ? w : w - worst - 0.5;
        });
      }
      return pick((a) => (a.type === 'heroAt' ? garrison(p, v, a.area) : 0));
    case 'desert':
      return pick((a) => (a.type === 'desert' ? -heroWorth(p, v, a.h) : 0));
    case 'strike':
      // The enemy hero with the least health left (the nearest to defeat).
      return pick((a) => (a.type === 'heroHit' ? -heroWorth(p, v, a.target) : 0));
    case 'qph':
      return pick((a) => {
        switch (a.type) {
          case 'heal':
            return 5 + (v.hero?.dmg[a.h] ?? 0);
          case 'step': {
            // To a quest's area first (RW-QUEST-05), else scouting a rune token it has not seen (RW-HMOVE-10),
            // or an exploration token (RW-EXPL-06).
            const left = top.h === a.h ? top.left - 1 : p.heroes[a.h]!.move - 1;
            const quests = v.players[seat]!.quests ?? [];
            if (quests.some((q) => p.quests[q]!.area === a.to)) return 5.5;
            if (v.rk[a.to] === -2) return 4;
            if (v.ex?.t[a.to] === -2 && left <= 0) return 3.5;
            return unseenNear(v, boardOf(p, v), a.to, left) ? 3 : 0;
          }
          case 'stop': {
            // Exploring: stop on a face-down exploration token, unless a Raiding Party could defeat it.
            const at = v.hero!.at[a.h]!;
            const frail = p.heroes[a.h]!.health - v.hero!.dmg[a.h]! <= 2;
            return v.ex?.t[at] === -2 && !frail ? 4.5 : 0.5;
          }
          case 'duel': {
            // Only against a clearly weaker hero (health left), never when hurt.
            const hs = v.hero!;
            const mine = p.heroes[a.h]!.health - hs.dmg[a.h]!;
            const theirs = p.heroes[a.target]!.health - hs.dmg[a.target]!;
            return mine >= theirs + 2 ? 4.8 : -1;
          }
          case 'quest': {
            // A quest whose test the hero is likely to pass, a duel only with health to spare.
            const c = p.quests[a.card]!;
            const hurt = (v.hero?.dmg[a.h] ?? 0) * 2 > p.heroes[a.h]!.health;
            if (c.check === 'duel') return hurt ? -1 : 4.5;
            if (c.check === 'pay') return v.players[seat]!.inf >= c.pay + 2 ? 6 : -1;
            const att = c.attr < 0 ? 9 : p.heroes[a.h]!.att[c.attr]! + (v.hero?.tr[a.h * 3 + c.attr] ?? 0);
            return att >= 2 && !hurt ? 6 : 0.5;
          }
          case 'train':
            // +2 on its best attribute, else +1/+1.
            return 2 + (a.a === a.b && p.heroes[a.h]!.att[a.a] === Math.max(...p.heroes[a.h]!.att) ? 0.2 : 0);
          case 'done':
            return 1;
          default:
            return 0;
        }
      });
    case 'explore':
      // Scroll of Sight: an area with an unseen rune token first; Training: its best attribute.
      return pick((a) => {
        if (a.type === 'scry') return (v.rk[a.area] === -2 ? 2 : 0) + (v.ex?.t[a.area] === -2 ? 1 : 0);
        if (a.type === 'raise') return p.heroes[top.h]!.att[a.a]!;
        if (a.type === 'buy') return a.buy ? 0 : 1;
        // Raiding Party: the damage, unless it would defeat the hero.
        if (a.type === 'raidHurt') return v.hero!.dmg[top.h]! + 1 < p.heroes[top.h]!.health ? 1 : -1;
        return 0;
      });
    case 'ruse':
      // Use what helps now (a rune first, the Captain's too), never trade.
      return pick((a) => {
        if (a.type === 'captain') return 4;
        if (a.type !== 'useReward') return a.type === 'done' ? 0.5 : 0;
        const e = p.rewards[p.rewardDeck[a.c]!]!.effect;
        // The Flute of Possession: neutrals into an area of his (new allies), never his own allies away.
        if (e === 'flute') {
          const at = v.hero!.at[a.h]!;
          return ctrlOf(v, at) === seat ? -1 : ctrlOf(v, a.area!) === seat ? 2 : 0;
        }
        return e === 'rune' || e === 'crown' ? 5 : e === 'gold' ? 3 : e === 'heal' ? 2 : 1;
      });
    case 'duel':
      // A Reward ability over the plain 1 damage, the strongest first; an Armor whenever damage comes.
      return pick((a) => {
        if (a.type !== 'useReward') return 0.5;
        const e = p.rewards[p.rewardDeck[a.c]!]!.effect;
        // A Healing Potion only when his hero is close to falling (its damage before the duel).
        if (e === 'heal') return (v.hero?.dmg[a.h] ?? 0) + 2 >= p.heroes[a.h]!.health ? 4 : 0;
        return e === 'bombs' ? 3 : e === 'strengthHit' ? 1 + p.heroes[a.h]!.att[0]! : 2;
      });
    case 'spoils':
      return pick((a) => (a.type === 'done' ? 1 : 0)); // the duellist keeps them
    case 'qtest': {
      // The best destiny: gold, then silver.
      const rank = { gold: 2, silver: 1, red: 0 } as const;
      // Astarra (or a Lucky Charm) draws again when all the hero has is red.
      return pick((a) =>
        a.type === 'testCard' ? rank[p.fate[a.card]!.destiny] : a.type === 'redraw' ? 0.5 : 0,
      );
    }
    default:
      return legal[0]!;
  }
}
