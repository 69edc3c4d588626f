/**
 * Heroes moved by Orders (04-movement.md §5, RW-HMOVE-01..11, RW-STRAT-07), with the option `heroes: 'on'`:
 * drafted with the units of a Strategize plan or a Mobilize/Conquer activation and committed with them.
 * Strategize: one step into an adjacent friendly or empty area (RW-STRAT-07). Mobilize/Conquer: into the
 * activated area by a path of up to 2 areas through any areas, enemy and neutral ones too (RW-HMOVE-02),
 * across borders a hero may cross (RW-HMOVE-06). Heroes leave areas with their controller's activation
 * token freely (RW-HMOVE-04), never start a battle or diplomacy (RW-HMOVE-03), never activate an area
 * (RW-HMOVE-07), and neither block nor are blocked by anything (RW-HMOVE-08/11). Routed heroes stay
 * (RW-HMOVE-05). Hero drafts are kept beside the unit drafts with the number of unit drafts made before
 * each, so that an undo takes back the last draft of either kind.
 */
import type { EventSink, Seat } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { board, crossable, friendlyOrEmpty, pk, see } from './common.js';
import { heroesOf } from './heroes.js';
import type { Frame, RwAction, RwState } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

const heroMoves = new Map<number, RwAction>();
/** A frozen hero move (to -1: into the activated area). */
export function heroMoveAction(h: number, to: number): RwAction {
  const k = h * 1024 + to + 1;
  let x = heroMoves.get(k);
  if (!x)
    heroMoves.set(k, (x = Object.freeze(to < 0 ? { type: 'heroMove', h } : { type: 'heroMove', h, to })));
  return x;
}

/** Heroes of `seat` that may move now: on the board, standing (RW-HMOVE-05), not drafted yet. */
function movable(st: RwState, seat: Seat, hd: number[] | undefined, step: number, out: number[]): void {
  const hs = st.hero;
  if (!hs) return;
  for (const h of heroesOf(st, seat)) {
    if (hs.at[h]! < 0 || hs.rt[h]) continue;
    let drafted = false;
    if (hd) for (let i = 0; i < hd.length; i += step) if (hd[i] === h) drafted = true;
    if (!drafted) out.push(h);
  }
}

/* ------------------------------------------------------------------ Strategize */

/** RW-STRAT-07, RW-HMOVE-04/06: the adjacent friendly or empty areas across a border a hero crosses. */
function stratTargets(st: RwState, seat: Seat, h: number, out: number[]): void {
  const b = board(st);
  const a = st.hero!.at[h]!;
  const adj = b.adj[a]!,
    edge = b.edge[a]!;
  for (let i = 0; i < adj.length; i++)
    if (crossable(edge[i]!, false, st.season === 3) && friendlyOrEmpty(st, adj[i]!, seat)) out.push(adj[i]!);
}

export function heroStratOffers(st: RwState, f: F<'strat'>, seat: Seat, out: RwAction[]): void {
  if (!st.hero) return;
  const hs: number[] = [];
  movable(st, seat, f.hd, 3, hs);
  const to: number[] = [];
  for (const h of hs) {
    to.length = 0;
    stratTargets(st, seat, h, to);
    for (const t of to) out.push(heroMoveAction(h, t));
  }
}

/** Drafts a hero's Strategize move; an error message key if it may not. */
export function heroStratDraft(st: RwState, f: F<'strat'>, seat: Seat, h: number, to: number): string | null {
  const hs = st.hero;
  if (!hs || !Number.isInteger(h) || hs.ctl[h] !== seat || hs.at[h]! < 0) return 'notYourHero';
  if (hs.rt[h]) return 'routed';
  const ok: number[] = [];
  movable(st, seat, f.hd, 3, ok);
  if (!ok.includes(h)) return 'heroDrafted';
  ok.length = 0;
  stratTargets(st, seat, h, ok);
  if (!ok.includes(to)) return 'heroStrat';
  (f.hd ??= []).push(h, to, f.d.length);
  return null;
}

/* ------------------------------------------------------------------ Mobilize and Conquer */

/** Steps from each area to the activated area for a hero (any areas on the way, borders apply); 99 beyond. */
let dist = new Int8Array(0);
let queue = new Int16Array(0);
function heroReach(st: RwState, x: number, max: number): Int8Array {
  const b = board(st);
  const n = st.pos.length;
  if (dist.length < n) {
    dist = new Int8Array(n);
    queue = new Int16Array(n);
  }
  dist.fill(99, 0, n);
  dist[x] = 0;
  const w = st.season === 3;
  let head = 0,
    tail = 0;
  queue[tail++] = x;
  while (head < tail) {
    const a = queue[head++]!;
    const k = dist[a]! + 1;
    if (k > max) break;
    const adj = b.adj[a]!,
      edge = b.edge[a]!;
    for (let i = 0; i < adj.length; i++)
      if (dist[adj[i]!]! > k && crossable(edge[i]!, false, w)) {
        dist[adj[i]!] = k;
        queue[tail++] = adj[i]!;
      }
  }
  return dist;
}

/** RW-HMOVE-01/02/09: heroes within the Mobilize reach of the activated area (a hero's Quest Phase reach does not count). */
function mobHeroes(st: RwState, f: F<'mob'>, seat: Seat, out: number[]): void {
  const hs: number[] = [];
  movable(st, seat, f.hd, 2, hs);
  if (!hs.length) return;
  const d = heroReach(st, f.x, pk(st).rules.reach);
  for (const h of hs) {
    const a = st.hero!.at[h]!;
    if (a !== f.x && d[a]! <= pk(st).rules.reach) out.push(h);
  }
}

export function heroMobOffers(st: RwState, f: F<'mob'>, seat: Seat, out: RwAction[]): void {
  if (!st.hero) return;
  const hs: number[] = [];
  mobHeroes(st, f, seat, hs);
  for (const h of hs) out.push(heroMoveAction(h, -1));
}

export function heroMobDraft(st: RwState, f: F<'mob'>, seat: Seat, h: number): string | null {
  const hs = st.hero;
  if (!hs || !Number.isInteger(h) || hs.ctl[h] !== seat || hs.at[h]! < 0) return 'notYourHero';
  if (hs.rt[h]) return 'routed';
  const ok: number[] = [];
  mobHeroes(st, f, seat, ok);
  if (!ok.includes(h))
    return (f.hd ?? []).some((x, i) => i % 2 === 0 && x === h) ? 'heroDrafted' : 'heroPath';
  (f.hd ??= []).push(h, f.d.length);
  return null;
}

/* ------------------------------------------------------------------ undo and commit */

/** Takes back the last hero draft if it came after the last unit draft; true if it did. */
export function undoHero(f: { d: number[]; hd?: number[] }, step: number): boolean {
  const hd = f.hd;
  if (!hd?.length || hd[hd.length - 1] !== f.d.length) return false;
  hd.length -= step;
  return true;
}

/** Moves the drafted heroes (`step` 3: hero, to, n; 2: hero, n into `x`). */
export function commitHeroes(
  st: RwState,
  seat: Seat,
  hd: number[] | undefined,
  step: number,
  x: number,
  log: EventSink,
): void {
  if (!hd?.length) return;
  for (let i = 0; i < hd.length; i += step) {
    const h = hd[i]!;
    const to = step === 3 ? hd[i + 1]! : x;
    st.hero!.at[h] = to;
    see(st, seat, to); // RW-RUNE-20: the token of the area it stands in
    emit(log, 'rw.ev.heroMoved', { seat, hero: h, area: to }, [
      'RW-HMOVE-01',
      step === 3 ? 'RW-STRAT-07' : 'RW-HMOVE-02',
      'RW-HMOVE-03',
      'RW-HMOVE-04',
      'RW-HMOVE-07',
    ]);
  }
}
