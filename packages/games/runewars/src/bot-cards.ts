/**
 * The heuristic bot's choices for M5's cards (cards.ts), from its own view only: it bids about half its
 * influence for a dragon rune (a little to stay off the lowest bid where the lowest loses), settles ties
 * in its own favour, places a received dragon rune in an area it controls (its home realm first) and the
 * false one where nobody rules, claims its Objective as soon as it can, moves Restless Beasts' neutrals into an
 * area of his and places every unit Gathering of Beasts allows.
 */
import type { Rng, Seat } from '@tabula/engine';
import type { Pack } from './pack.js';
import type { BattleFrame, Frame, RwAction, RwView } from './types.js';

export const CARD_FRAMES = new Set<Frame['k']>(['bid', 'receive', 'objective', 'window', 'tactic', 'beasts']);

/**
 * How much the bot wants to play a Tactics card now (0 = pass): movement cards before a Mobilize or Conquer,
 * the cards that help a battle it fights, Tactical Retreat only when clearly beaten.
 */
function tacticWorth(p: Pack, v: RwView, seat: Seat, at: string, id: string): number {
  const cur = v.players[seat]!.cur;
  let b: BattleFrame | null = null;
  for (let i = v.stack.length - 1; i >= 0 && !b; i--) {
    const f = v.stack[i]!;
    if (f.k === 'battle') b = f;
  }
  switch (id) {
    case 'mountainPass':
    case 'iceBridge':
    case 'forcedMarch':
      return at === 'preOrder' && (cur === 2 || cur === 3) ? 2 : 0;
    case 'tacticalRetreat': {
      if (!b) return 0;
      let a = 0,
        d = 0;
      for (let i = 0; i < b.fu.length; i++)
        if (b.fu[i]! >= 0) {
          if (b.fs[i] === 0) a += p.units[b.fu[i]!]!.health;
          else d += p.units[b.fu[i]!]!.health;
        }
      return a >= 2 * d + 3 ? 2 : 0;
    }
    case 'espionage':
    case 'horrificRumors':
    case 'spreadDissent':
      return at === 'postOrder' ? 1 : 0;
    default:
      return 2;
  }
}

export function ctrlOf(v: RwView, a: number): Seat {
  if (v.own[a]! >= 0) return v.own[a]!;
  if (v.sh[a]! >= 0) return v.sh[a]!;
  return v.home[a]!;
}

export function cardChoice(
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
  switch (top.k) {
    case 'bid': {
      const e = p.seasons[top.c]!.effects[top.i];
      const os = e?.do === 'bid' ? e.outcomes : [];
      if (top.step === 0) {
        const inf = v.players[seat]!.inf;
        // A rune for the highest: about half; otherwise just off the bottom.
        const want = os.some((o) => o.who === 0 && o.get === 0) ? Math.ceil(inf / 2) : Math.min(inf, 1);
        return pick((a) => (a.type === 'bid' ? -Math.abs(a.n - want) : -99));
      }
      // A tie: himself first for the highest, anyone else for the lowest.
      const lowest = top.hi >= 0 || !os.some((o) => o.who === 0);
      return pick((a) => (a.type === 'rank' ? (a.seat === seat ? (lowest ? -1 : 1) : 0) : -9));
    }
    case 'receive': {
      const first = v.players[seat]!.rune < 0;
      return pick((a) => {
        if (a.type !== 'rune') return a.type === 'done' ? 0 : -1;
        const c = ctrlOf(v, a.area);
        // The dragon where he rules (his home realm best), the false rune where nobody does.
        if (top.by !== top.seat) return c === top.seat ? 0 : -1;
        return first ? (c === seat ? 2 + (v.home[a.area] === seat ? 1 : 0) : 0) : c < 0 ? 1 : 0;
      });
    }
    case 'objective':
      return pick((a) => (a.type === 'objective' && a.claim ? 1 : 0));
    case 'beasts':
      // Restless Beasts: neutrals into an area of his (new allies), never his own allies away; Gathering of
      // Beasts: every unit it may place, into his home realm area first.
      return pick((a) => {
        if (a.type === 'moveNeutrals')
          return (ctrlOf(v, a.to) === seat ? 2 : 0) - (ctrlOf(v, a.from) === seat ? 3 : 0);
        if (a.type === 'gather') return 1 + (v.home[a.area] === seat ? 0.5 : 0);
        return 0;
      });
    case 'window':
      return pick((a) => (a.type === 'play' ? tacticWorth(p, v, seat, top.at, p.tactics[a.card]!.id) : 0.5));
    case 'tactic': {
      const e = p.tactics[top.c]!.effects[top.i]!;
      return pick((a) => {
        if (a.type !== 'pick') return e.do === 'look' ? 0.5 : 0;
        if (e.do === 'dial') return -v.players[seat]!.dial[a.n]!; // the lowest dial
        if (e.do === 'activateEnemy' && top.picks.length === 0) return v.own.filter((o) => o === a.n).length;
        if (e.do === 'activateEnemy') return v.own[a.n] === -1 ? 1 : 0;
        if (e.do === 'look') return v.rk[a.n] === -2 ? 1 : 0;
        return 0;
      });
    }
    default:
      return legal[0]!;
  }
}
