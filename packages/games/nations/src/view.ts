/**
 * Per-seat views (spec §20): everything is public except the order of the undrawn decks and solo tiles and the
 * generator state (NAT-HIDDEN-1/2). Only deck sizes leave the server.
 */
import type { Rng } from '@tabula/engine';
import { deepClone } from '@tabula/engine';
import { E } from './config.js';
import { EVENT_CARDS, PROGRESS_CARDS, PROMO_EVENT_CARDS, PROMO_PROGRESS_CARDS, SOLO_TILES } from './data.js';
import { card, price, seatMods, stability, strength, workers } from './derive.js';
import type { NatOptions, NatState, NatView } from './state.js';

export function view(st: NatState, viewer: number): NatView {
  // Deep copies of everything public (the caller may keep or change the view), then the derived values.
  const c = deepClone;
  const cols = st.cols;
  const ready = st.players.every((p) => p.nation);
  const sm = viewer >= 0 && ready ? seatMods(st, viewer) : null;
  const v: NatView = {
    game: 'nations',
    viewer,
    v: st.v,
    opts: c(st.opts),
    n: st.n,
    solo: st.solo,
    round: st.round,
    step: st.step,
    si: st.si,
    order: [...st.order],
    actionOrder: [...st.actionOrder],
    orderLocked: st.orderLocked,
    passOrder: [...st.passOrder],
    turn: st.turn && { ...st.turn },
    last: st.last,
    cols,
    board: c(st.board),
    deckSizes: st.decks.map((d) => d.length),
    eventDeckSizes: st.events.map((d) => d.length),
    tileSizes: st.tiles.map((d) => d.length),
    eventCard: st.eventCard,
    shown: [...st.shown],
    pool: st.pool,
    war: st.war && { ...st.war },
    warBought: st.warBought,
    mods: c(st.mods),
    draft: [...st.draft],
    removed: [...st.removed],
    past: [...st.past],
    players: c(st.players),
    solo1: st.solo1 && { ...st.solo1 },
    stack: c(st.stack),
    pending: c(st.pending),
    uid: st.uid,
    over: c(st.over),
    steps: st.steps,
    strength: st.players.map((_, s) => (ready ? strength(st, s) : 0)),
    stability: st.players.map((_, s) => (ready ? stability(st, s) : 0)),
    workers: st.players.map((p) => workers(p)),
    prices: st.board.map((b, i) => {
      if (!b) return null;
      const row = Math.floor(i / cols) + 1;
      return sm ? price(st, viewer, row, card(b.id), sm) : E.rowPrice[row - 1]!;
    }),
  };
  if (st.eclipse !== undefined) v.eclipse = st.eclipse;
  if (st.lastRound !== undefined) v.lastRound = st.lastRound;
  if (st.warDone !== undefined) v.warDone = st.warDone && { ...st.warDone };
  return v;
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
 * One options object per distinct options (options are never changed): the compiled deck is cached per
 * options object (deckFor), so worlds sampled from views of the same game share it instead of compiling it
 * again for every sample (a search bot samples many worlds a decision).
 */
const OPTS = new Map<string, NatOptions>();
function internOpts(o: NatOptions): NatOptions {
  const k = JSON.stringify(o);
  let x = OPTS.get(k);
  if (!x) {
    if (OPTS.size >= 64) OPTS.clear();
    OPTS.set(k, (x = deepClone(o)));
  }
  return x;
}

/**
 * A full state consistent with a view: the undrawn decks are dealt at random from the unseen set (NAT-HIDDEN-5,
 * NAT-RNG-6) with the bot's own generator; a fresh game generator is drawn from it too.
 */
export function sampleWorld(v: NatView, seat: number, rng: Rng): NatState {
  void seat;
  const u = unseen(v);
  const w = deepClone(v);
  const decks = u.progress.map((ids, a) => deal(rng, ids, v.deckSizes[a]!));
  const events = u.events.map((ids, a) => {
    const bottom = v.shown.filter(
      (id) => id !== v.eventCard && !v.past.includes(id) && u.events[a] !== undefined && isAge(id, a + 1),
    );
    const top = v.pending?.kind === 'machiavelli' ? [] : bottom;
    return [...top, ...deal(rng, ids, v.eventDeckSizes[a]! - top.length)];
  });
  const tiles = u.tiles.map((ids, a) => deal(rng, ids, v.tileSizes[a]!));
  const st: NatState = {
    v: w.v,
    opts: internOpts(v.opts),
    n: w.n,
    solo: w.solo,
    rng: [0, 0, 0, 1],
    round: w.round,
    step: w.step,
    si: w.si,
    order: w.order,
    actionOrder: w.actionOrder,
    orderLocked: w.orderLocked,
    passOrder: w.passOrder,
    cols: w.cols,
    board: w.board,
    decks,
    events,
    tiles,
    eventCard: w.eventCard,
    shown: w.shown,
    pool: w.pool,
    war: w.war,
    warBought: w.warBought,
    mods: w.mods,
    players: w.players,
    draft: w.draft,
    turn: w.turn,
    stack: w.stack,
    pending: w.pending,
    uid: w.uid,
    solo1: w.solo1,
    removed: w.removed,
    past: w.past,
    last: w.last,
    over: w.over,
    steps: w.steps,
  };
  if (w.eclipse !== undefined) st.eclipse = w.eclipse;
  if (w.lastRound !== undefined) st.lastRound = w.lastRound;
  if (w.warDone !== undefined) st.warDone = w.warDone;
  // A fresh game generator, drawn from the bot's own (NAT-RNG-6).
  st.rng = [rng.int(0x7fffffff), rng.int(0x7fffffff), rng.int(0x7fffffff), 1];
  return st;
}
