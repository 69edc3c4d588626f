/**
 * Per-seat views (spec §20): everything is public except the order of the undrawn decks and solo tiles and the
 * generator state (NAT-HIDDEN-1/2). Only deck sizes leave the server.
 */
import type { Rng } from '@tabula/engine';
import { deepClone } from '@tabula/engine';
import { E } from './config.js';
import { EVENT_CARDS, PROGRESS_CARDS, PROMO_EVENT_CARDS, PROMO_PROGRESS_CARDS, SOLO_TILES } from './data.js';
import { card, price, seatMods, stability, strength, workers } from './derive.js';
import type { NatState, NatView } from './state.js';

/** The state's fields that never leave the server: the generator and the order of the undrawn cards. */
const HIDDEN = new Set(['rng', 'decks', 'events', 'tiles']);

export function view(st: NatState, viewer: number): NatView {
  // A deep copy of every public field (the caller may keep or change it), then the derived values.
  const v: Record<string, unknown> = {};
  for (const k in st) if (!HIDDEN.has(k)) v[k] = deepClone(st[k as keyof NatState]);
  const cols = st.cols;
  const ready = st.players.every((p) => p.nation);
  const sm = viewer >= 0 && ready ? seatMods(st, viewer) : null;
  v.game = 'nations';
  v.viewer = viewer;
  v.deckSizes = st.decks.map((d) => d.length);
  v.eventDeckSizes = st.events.map((d) => d.length);
  v.tileSizes = st.tiles.map((d) => d.length);
  v.strength = st.players.map((_, s) => (ready ? strength(st, s) : 0));
  v.stability = st.players.map((_, s) => (ready ? stability(st, s) : 0));
  v.workers = st.players.map((p) => workers(p));
  v.prices = st.board.map((b, i) => {
    if (!b) return null;
    const row = Math.floor(i / cols) + 1;
    return sm ? price(st, viewer, row, card(b.id), sm) : E.rowPrice[row - 1]!;
  });
  return v as unknown as NatView;
}

/** The progress cards still unseen for each age, given everything public. */
function unseen(v: NatView): { progress: string[][]; events: string[][]; tiles: string[][] } {
  const seen = new Set<string>([...v.removed, ...v.past, ...v.shown]);
  // Machiavelli's unchosen card went back to the bottom of its deck (NAT-NOTE-5): known, not unseen.
  for (const b of v.board) if (b) seen.add(b.id);
  if (v.war) seen.add(v.war.id);
  if (v.eventCard) seen.add(v.eventCard);
  if (v.solo1?.tile) seen.add(v.solo1.tile);
  const pd = v.pending;
  // The card a decision is about (a bought building awaiting its slot, a wonder awaiting its cover…).
  if (pd && 'd' in pd && 'id' in pd.d) seen.add(pd.d.id);
  for (const t of v.stack) if (t.t === 'complete') seen.add(t.id);
  for (const p of v.players) {
    for (const x of [...p.advisors, ...p.colonies, ...p.wonders]) seen.add(x.id);
    for (const r of p.row) if (r) seen.add(r.id);
    if (p.wip) seen.add(p.wip.id);
  }
  const o = v.opts;
  const progress: string[][] = [];
  const events: string[][] = [];
  const tiles: string[][] = [];
  for (let a = 1; a <= 4; a++) {
    let ids = o.deck
      ? [...o.deck[a - 1]!]
      : PROGRESS_CARDS.filter((c) => c.age === a && o.cardLevels.includes(c.level)).map((c) => c.id);
    if (o.includePromo) for (const c of PROMO_PROGRESS_CARDS) if (c.age === a) ids.push(c.id);
    ids = ids.filter((id) => !seen.has(id));
    progress.push(ids);
    let ev = EVENT_CARDS.filter((c) => c.age === a).map((c) => c.id);
    if (o.includePromo) for (const c of PROMO_EVENT_CARDS) if (c.age === a) ev.push(c.id);
    ev = ev.filter((id) => !seen.has(id));
    events.push(ev);
    tiles.push(SOLO_TILES.filter((t) => t.age === a && !seen.has(t.id)).map((t) => t.id));
  }
  return { progress, events, tiles };
}

function isAge(id: string, a: number): boolean {
  return [...EVENT_CARDS, ...PROMO_EVENT_CARDS].some((c) => c.id === id && c.age === a);
}

function deal(rng: Rng, pool: string[], n: number): string[] {
  const a = [...pool];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}

/**
 * A full state consistent with a view: the undrawn decks are dealt at random from the unseen set (NAT-HIDDEN-5,
 * NAT-RNG-6) with the bot's own generator; a fresh game generator is drawn from it too.
 */
export function sampleWorld(v: NatView, seat: number, rng: Rng): NatState {
  void seat;
  const {
    game,
    viewer,
    deckSizes,
    eventDeckSizes,
    tileSizes,
    strength: _s,
    stability: _b,
    workers: _w,
    prices: _p,
    ...rest
  } = v;
  void game;
  void viewer;
  void _s;
  void _b;
  void _w;
  void _p;
  const u = unseen(v);
  const st = JSON.parse(JSON.stringify(rest)) as NatState;
  st.decks = u.progress.map((ids, a) => deal(rng, ids, deckSizes[a]!));
  st.events = u.events.map((ids, a) => {
    const bottom = v.shown.filter(
      (id) => id !== v.eventCard && !v.past.includes(id) && u.events[a] !== undefined && isAge(id, a + 1),
    );
    const top = v.pending?.kind === 'machiavelli' ? [] : bottom;
    return [...top, ...deal(rng, ids, eventDeckSizes[a]! - top.length)];
  });
  st.tiles = u.tiles.map((ids, a) => deal(rng, ids, tileSizes[a]!));
  st.rng = [rng.int(0x7fffffff), rng.int(0x7fffffff), rng.int(0x7fffffff), 1];
  return st;
}
