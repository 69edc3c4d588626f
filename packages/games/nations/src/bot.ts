/**
 * The Nations heuristic bot. It sees only its own view (NAT-HIDDEN-5): it samples a full state consistent with
 * the view (unseen decks dealt at random with its own generator, NAT-RNG-6), tries every legal action on a copy
 * and keeps the one whose resulting position it values most (one-ply search with a hand-made evaluation).
 */
import type { Bot, BotContext } from '@tabula/engine';
import { card, scoreParts, stability, strength, workers } from './derive.js';
import { apply, productionTask } from './rules.js';
import type { NatAction, NatState, NatView } from './state.js';
import { sampleWorld } from './view.js';
import { cloneState } from './clone.js';

const RES_VALUE = { gold: 0.4, stone: 0.35, food: 0.35, books: 0.3 };

const rv = (b: Partial<Record<'gold' | 'stone' | 'food' | 'books', number>> | undefined): number =>
  b
    ? (b.gold ?? 0) * RES_VALUE.gold +
      (b.stone ?? 0) * RES_VALUE.stone +
      (b.food ?? 0) * RES_VALUE.food +
      (b.books ?? 0) * RES_VALUE.books
    : 0;

/** How good the position is for seat s (in rough VP). */
export function evaluate(st: NatState, s: number): number {
  if (st.over) return st.over.scores[s]! * 1 + (st.over.winners.includes(s) ? 5 : 0);
  const p = st.players[s]!;
  const rounds = st.lastRound ? st.round : 2 * st.opts.ages; // Imperium Rex ends the game early
  const left =
    Math.max(0, rounds - st.round) +
    (st.step === 'action' || st.step === 'growth' || st.step === 'event' || st.step === 'architects' ? 1 : 0);
  const [a, b, c, d] = scoreParts(st, s);
  let v = a! + b! + c! + d!;
  const r = p.res;
  // Held resources are worth spending while rounds remain; at the end only a tenth (NAT-END-6).
  const late = Math.min(1, left / 2);
  // A working stock is worth its full value; hoards beyond it much less.
  const held = (x: number, unit: number) => {
    const useful = Math.min(x, 10) + Math.max(0, x - 10) * 0.3;
    return 0.1 * x * (1 - late) + useful * unit * late;
  };
  v +=
    held(r.gold, RES_VALUE.gold) +
    held(r.stone, RES_VALUE.stone) +
    held(r.food, RES_VALUE.food) +
    held(r.books, RES_VALUE.books);
  const prod = productionTask(st) as { nets: Array<Record<'gold' | 'stone' | 'food' | 'books', number>> };
  const net = prod.nets[s]!;
  const w = Math.min(left, 4);
  v += w * (net.gold * RES_VALUE.gold + net.stone * RES_VALUE.stone + net.books * RES_VALUE.books);
  // Food: deficits are dangerous (shortage: VP and books), surplus modestly useful.
  const foodNext = r.food + net.food;
  v += net.food > 0 ? w * net.food * 0.3 : w * net.food * 0.45;
  if (foodNext < 0 && left > 0) v += foodNext * 0.6;
  const str = strength(st, s);
  const stab = stability(st, s);
  v += Math.min(str, 30) * 0.12 * Math.min(left, 3);
  v += stab < 0 ? stab * 0.8 * Math.min(left, 2) - 1.5 : Math.min(stab, 10) * 0.1 * Math.min(left, 3);
  v += p.idle * (left > 0 ? 0.6 : 0);
  v += workers(p) * 0.2 * Math.min(left, 2);
  if (p.wip) {
    const wc = card(p.wip.id);
    const ev = typeof wc.endVp === 'number' ? wc.endVp : 1;
    v += (p.wip.built / wc.stages!.length) * (ev + 2) * (left > 0 ? 1 : 0);
    // A wonder still to build is worth something while architects can come.
    if (left >= 2) v += 0.35 * (ev + 1.5) * (1 - p.wip.built / wc.stages!.length);
  }
  // Cards in the row that could still take workers: part of what the next worker would bring.
  if (left >= 2)
    for (const x of p.row) {
      if (!x) continue;
      const cc = card(x.id);
      const next = cc.vpPerWorker?.[x.w] ?? 0;
      const pw = cc.perWorker;
      const yieldV = pw ? rv(pw.produce) - rv(pw.consume) : 0;
      v += 0.3 * Math.max(0, next + Math.min(left, 3) * yieldV);
    }
  // Book race (end-of-age scoring): nations with fewer books.
  if (!st.solo) {
    let fewer = 0;
    for (const q of st.players) if (q !== p && q.res.books < r.books) fewer++;
    v += fewer * 0.4 * Math.ceil(left / 2);
  } else if (st.solo1) v += (r.books > st.solo1.books ? 1.2 : 0) * Math.min(left, 3);
  if (p.passed && st.step === 'action') v -= 0.3;
  return v;
}

/** Answers the bot's own pending decisions greedily (one ply each), so that positions compare fairly. */
function settleOwn(w: NatState, seat: number): void {
  for (let guard = 0; guard < 12 && w.pending && w.pending.s === seat && !w.over; guard++) {
    let best: NatAction | null = null;
    let bestV = -Infinity;
    for (const o of w.pending.opts) {
      const w2 = cloneState(w);
      if (!apply(w2, seat, o).ok) continue;
      const v = evaluate(w2, seat);
      if (v > bestV) {
        bestV = v;
        best = o;
      }
    }
    if (!best || !apply(w, seat, best).ok) return;
  }
}

/**
 * The value of doing `a` and then stopping for the round: every candidate is followed by a pass, so that all
 * of them are judged at the same moment of the round (a pass alone would otherwise look better simply because
 * the round's production has happened after it).
 */
function valueOf(world: NatState, seat: number, a: NatAction, turn: boolean): number | null {
  const w = cloneState(world);
  if (!apply(w, seat, a).ok) return null;
  settleOwn(w, seat);
  if (turn && a.type !== 'pass' && w.turn?.s === seat && !w.pending && !w.over) {
    if (apply(w, seat, { type: 'pass' }).ok) settleOwn(w, seat);
  }
  return evaluate(w, seat);
}

export function heuristicBot(o: { seed: string }): Bot<NatView, NatAction> {
  void o;
  return {
    name: 'heuristic',
    choose(ctx: BotContext<NatView, NatAction>): NatAction {
      const { legal, view, seat } = ctx;
      if (legal.length === 1) return legal[0]!;
      const world = sampleWorld(view, seat, ctx.rng);
      if (ctx.prompt.kind === 'nat.growth') return growth(world, seat, legal);
      const turn = ctx.prompt.kind === 'nat.turn';
      let best = legal[0]!;
      let bestV = -Infinity;
      for (const a of legal) {
        let v = valueOf(world, seat, a, turn);
        if (v === null) continue;
        // Ending the turn keeps the round open: slightly better than passing when both look alike.
        if (a.type === 'end') v += 0.15;
        v += ctx.rng.float() * 0.05;
        if (v > bestV) {
          bestV = v;
          best = a;
        }
      }
      return best;
    },
  };
}

/** Growth (NAT-MAINT-11): a worker while the game is young and the nation can feed or steady it, else resources. */
function growth(st: NatState, s: number, legal: NatAction[]): NatAction {
  const p = st.players[s]!;
  const left = 2 * st.opts.ages - st.round + 1;
  const net = (productionTask(st) as { nets: Array<Record<'gold' | 'stone' | 'food' | 'books', number>> })
    .nets[s]!;
  const stab = stability(st, s);
  const pick = (f: (a: Record<string, unknown>) => boolean) =>
    legal.find((a) => f(a as Record<string, unknown>));
  if (left >= 3) {
    const overflow = pick((a) => a.take === 'worker' && a.side === undefined);
    if (overflow) return overflow;
    if (stab >= 3) {
      const a = pick((a) => a.take === 'worker' && a.side === 'stability');
      if (a) return a;
    }
    if (net.food >= 3 || (net.food >= 0 && p.res.food >= 6)) {
      const a = pick((a) => a.take === 'worker' && a.side === 'food');
      if (a) return a;
    }
  }
  const res = net.food < 0 && p.res.food + net.food < 3 ? 'food' : p.res.stone < 3 ? 'stone' : 'gold';
  return pick((a) => a.take === 'res' && a.res === res) ?? legal[0]!;
}
