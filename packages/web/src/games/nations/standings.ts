/**
 * Who is best and worst at what this round, as the rules compare nations (NAT-CMP): tie groups, a benefit
 * only for a group wholly within the first k places, a penalty for any group reaching the last k (k = 2 with
 * five players), every negative stability in one group, and in the solo game every comparison against the
 * virtual opponent (a tie is the player's loss, a missing value the player's win). Also what the war and
 * book scoring will do, and which comparisons this round's event card makes.
 */
import type { Metric, NatView, Player, ProgressCard } from '@tabula/nations';
import { eventCard } from '@tabula/nations';
import { cardData } from './text.js';

export type Metric3 = 'strength' | 'stability' | 'books';

export function metricValue(v: NatView, s: number, m: Metric3): number {
  if (m === 'strength') return v.strength[s] ?? 0;
  if (m === 'stability') return v.stability[s] ?? 0;
  return v.players[s]!.res.books;
}

/** Whether seat s gets a "best" benefit or a "worst" penalty at metric m now (both false: neither). */
export function standing(v: NatView, s: number, m: Metric3): { best: boolean; worst: boolean } {
  const norm = (x: number) => (m === 'stability' && x < 0 ? -1 : x);
  const least = (seat: number) =>
    m === 'stability' && v.mods.some((x) => x.seat === seat && 'countsAsLeastStable' in x.body);
  if (v.solo) {
    const vo = v.solo1?.[m] ?? null;
    if (vo === null) return { best: true, worst: false };
    const mine = norm(metricValue(v, s, m));
    const win = mine > norm(vo) && !least(s);
    return { best: win, worst: !win };
  }
  const n = v.n;
  if (n < 2) return { best: false, worst: false };
  const k = n === 5 ? 2 : 1;
  const val = (seat: number) => (least(seat) ? -Infinity : norm(metricValue(v, seat, m)));
  const seats = v.players.map((_, i) => i);
  const mine = val(s);
  const above = seats.filter((x) => val(x) > mine).length;
  const tied = seats.filter((x) => val(x) === mine).length;
  const last = above + tied;
  return { best: last <= k, worst: last >= n - k + 1 };
}

/** The cards a nation has in play that count now (manned row cards, advisors, colonies, completed wonders). */
export function inPlay(p: Player): ProgressCard[] {
  const out: ProgressCard[] = [];
  for (const x of [...p.advisors, ...p.colonies, ...p.wonders]) {
    const c = cardData(x.id);
    if (c) out.push(c);
  }
  for (const x of p.row)
    if (x && x.w > 0) {
      const c = cardData(x.id);
      if (c) out.push(c);
    }
  return out;
}

/** Strength as the war checks it (with war-defence bonuses such as Elizabeth's). */
export function warStrength(v: NatView, s: number): number {
  let d = 0;
  for (const c of inPlay(v.players[s]!))
    for (const m of c.static ?? []) if ('warDefense' in m) d += m.warDefense;
  return (v.strength[s] ?? 0) + d;
}

/** The metrics this round's event card compares (best or worst strength, stability, books…). */
export function eventMetrics(v: NatView): Set<string> {
  const out = new Set<string>();
  const e = v.eventCard ? eventCard(v.eventCard) : undefined;
  if (!e) return out;
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach(walk);
    const o = x as Record<string, unknown>;
    for (const key of ['best', 'worst'] as const) {
      const m = o[key] as Metric | undefined;
      if (typeof m === 'string') out.add(m);
    }
    for (const val of Object.values(o)) walk(val);
  };
  walk(e.events);
  return out;
}

/** VP a nation would score at this age's book scoring now: one per other nation with fewer books. */
export function bookScore(v: NatView, s: number): number {
  const mine = v.players[s]!.res.books;
  if (v.solo) return 0;
  return v.players.filter((p, i) => i !== s && p.res.books < mine).length;
}
