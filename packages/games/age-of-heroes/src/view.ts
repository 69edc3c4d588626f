/**
 * Per-seat views (spec §21) and sampled worlds for bots. A view holds exactly what its viewer may
 * see: public state (AOH-HID-1..11) plus the viewer's own private information (AOH-HID-12..18).
 * After the game ends everything is revealed (AOH-WIN-11).
 */
import type { Prompt, Seat, Viewer } from '@tabula/engine';
import { deepClone, Rng, seedRng } from '@tabula/engine';
import { classes, counts } from './cards.js';
import { prompts } from './rules/flow.js';
import { freshBattleDeck } from './rules/setup.js';
import { sideOf } from './rules/battle.js';
import type { AohState, AohView, CardId, Frame, Market, PlayerView, War, WarView } from './types.js';

/** The prompt kind shown to other seats: a private draft looks like the decision it belongs to. */
export function publicKind(kind: string): string {
  return kind === 'aoh.warDraft' ? 'aoh.action' : kind;
}

function phaseName(st: AohState): string {
  if (st.over) return 'over';
  let turn: Extract<Frame, { k: 'turn' }> | undefined;
  for (const f of st.stack) {
    if (f.k === 'deal' || f.k === 'draft') return 'setup';
    if (f.k === 'market') return f.pc === 0 ? 'market-draw' : f.pc <= 2 ? 'market-resolve' : 'market-trade';
    if (f.k === 'turn') turn = f;
  }
  if (!turn) return 'setup';
  const pc = turn.pc;
  return pc <= 2 ? 'turn-1' : pc <= 4 ? 'turn-2' : pc <= 6 ? 'turn-3' : pc <= 8 ? 'turn-4' : 'turn-5';
}

/** The operation stack as `viewer` may see it: other seats' private drafts look not begun. */
function flowFor(st: AohState, viewer: Viewer, all: boolean, copy: <T>(x: T) => T): Frame[] {
  return st.stack.map((f) => {
    if (!all && f.k === 'warDraft' && f.seat !== viewer) return { k: 'action', seat: f.seat };
    // AOH-HID-12: a road's payment stays in the builder's hand until the neighbour consents.
    if (!all && f.k === 'consent' && f.builder !== viewer) return { ...f, pay: [] };
    // AOH-HID-14: who has answered a Luck window, and how, is nobody else's business.
    if (!all && f.k === 'event' && f.ans.length)
      return { ...f, ans: f.ans.map((a, s) => (s === viewer || a < 0 ? a : 0)) };
    return copy(f);
  });
}

const same = <T>(x: T): T => x;

/** The match options a view shows: all but the configuration (sent once as `config`). */
function optionsOf(o: AohState['opts']): AohView['options'] {
  const { config: _c, ...opts } = o;
  return opts;
}

/** Clones share their options (clone.ts): a bot view shares one copy of them too. */
const optsCache = new WeakMap<AohState['opts'], AohView['options']>();
function sharedOpts(o: AohState['opts']): AohView['options'] {
  let v = optsCache.get(o);
  if (!v) optsCache.set(o, (v = optionsOf(o)));
  return v;
}

function tribesLeft(st: AohState): AohView['tribesLeft'] {
  const left: AohView['tribesLeft'] = [];
  for (const t of st.cfg.tribes) if (!st.p.some((p) => p.tribe === t.id)) left.push(t.id);
  return left;
}

/** `view` without copies: it shares the state's objects (`GameModule.botView`, for the search bot's guide). */
export function botView(st: AohState, viewer: Seat): AohView {
  return buildView(st, viewer, true);
}

export function view(st: AohState, viewer: Viewer): AohView {
  return buildView(st, viewer, false);
}

function buildView(st: AohState, viewer: Viewer, share: boolean): AohView {
  const all = st.over !== null;
  const copy: <T>(x: T) => T = share ? same : deepClone;
  const players: PlayerView[] = st.p.map((p, seat) => {
    const v: PlayerView = {
      seat,
      tribe: p.tribe,
      alive: p.alive,
      resigned: p.resigned,
      turns: p.turns,
      handCount: p.hand.length,
      cities: p.cities,
      fortresses: p.fortresses,
      armies: copy(p.armies),
      monument: p.monument,
      claim: p.claim,
      played: p.played,
    };
    if (all || seat === viewer) v.hand = copy(p.hand);
    return v;
  });
  const ps = prompts(st);
  const m = st.market;
  let draft: AohView['draft'] = null;
  let event: AohView['event'] = null;
  for (const fr of st.stack) {
    if (fr.k === 'warDraft' && fr.seat === viewer)
      draft = {
        target: fr.target,
        objective: fr.objective,
        armies: copy(fr.armies),
        heroes: copy(fr.heroes),
      };
    if (fr.k === 'event') event = { card: fr.card, drawer: fr.drawer, target: fr.target };
  }
  const opts = share ? sharedOpts(st.opts) : optionsOf(st.opts);
  const out: AohView = {
    game: 'age-of-heroes',
    viewer,
    n: st.n,
    round: st.round,
    first: st.first,
    leader: st.leader,
    active: st.active,
    phase: phaseName(st),
    players,
    supply: copy(st.supply),
    deckCount: st.deck.length,
    battleDeckCount: st.battle.length,
    discard: copy(st.discard),
    roads: copy(st.roads),
    orderDraws: copy(st.orderDraws),
    seating: copy(st.seating),
    tribesLeft: tribesLeft(st),
    market: m
      ? {
          first: m.first,
          pending: copy(m.pending),
          offers: copy(m.offers),
          ready: copy(m.ready),
          trading: m.trading,
          draft: viewer >= 0 && m.drafts[viewer] ? copy(m.drafts[viewer]!) : null,
          myInputs: viewer >= 0 ? m.inputs[viewer]! : 0,
        }
      : null,
    war: st.war ? warView(st, st.war, viewer, all, copy) : null,
    draft,
    event,
    prompts: ps.filter((p) => p.seat === viewer).map((p) => copy(p) as Prompt),
    // AOH-HID-14: a response window shows no name, order or position, only that it is open.
    waiting: ps
      .filter((p) => !p.optional && !p.window)
      .map((p) => ({ seat: p.seat, kind: publicKind(p.kind) })),
    responses: ps.some((p) => p.window),
    over: st.over ? copy(st.over) : null,
    flow: flowFor(st, viewer, all, copy),
    nextArmy: st.nextArmy,
    nextOffer: st.nextOffer,
    options: opts,
    config: st.cfg,
  };
  if (all) {
    out.deck = copy(st.deck);
    out.battle = copy(st.battle);
  }
  return out;
}

function warView(st: AohState, w: War, viewer: Viewer, all: boolean, copy: <T>(x: T) => T): WarView {
  const mySide = viewer >= 0 ? sideOf(st, viewer) : -1;
  const revealed = new Set<number>();
  for (const d of w.duels) revealed.add(d.a).add(d.d);
  // AOH-HID-15/16: the other side's cards are face-down; an unfinished placement is not shown at all.
  const shown = (side: 0 | 1) => all || side === mySide || w.placed[side];
  return {
    attacker: w.attacker,
    defender: w.defender,
    objective: w.objective,
    armies: copy(w.armies),
    heroesA: copy(w.heroesA),
    heroesD: w.responded ? copy(w.heroesD) : [],
    responded: w.responded,
    cancelled: w.cancelled,
    drawn: w.drawn,
    units: w.units.map((u, i) => ({
      side: u.side,
      army: u.army,
      lead: u.lead,
      fought: u.fought,
      alive: u.alive,
      hasCard: shown(u.side) && u.card > 0,
      card: u.card > 0 && (all || revealed.has(i) || u.side === mySide) ? u.card : null,
    })),
    a: w.a,
    d: w.d,
    pool: all ? [...w.pool[0], ...w.pool[1]] : mySide >= 0 ? w.pool[mySide as 0 | 1].slice() : [],
    poolCount: [0, 1].map((x) => {
      const side = x as 0 | 1;
      if (shown(side)) return w.pool[side].length;
      return w.pool[side].length + w.units.filter((u) => u.side === side && u.card > 0).length;
    }) as [number, number],
    placed: [w.placed[0], w.placed[1]],
    picked: [w.pick[0] >= 0, w.pick[1] >= 0],
    myPick: mySide >= 0 ? w.pick[mySide as 0 | 1] : -1,
    wins: w.wins,
    v: w.v,
    duels: copy(w.duels),
  };
}

/**
 * A complete state consistent with `seat`'s view (OpenSpiel's ResampleFromInfostate): public parts
 * copied, the viewer's own hand and drafts kept, every card it cannot see dealt at random from the
 * cards unaccounted for. Other seats' private drafts are empty; their battle placements random.
 */
export function sampleWorld(v: AohView, seat: Seat, rng: Rng): AohState {
  const cfg = v.config;
  const cl = classes(cfg);
  const opts = { ...v.options } as AohState['opts'];
  if (v.config !== undefined) opts.config = v.config;
  const st: AohState = {
    game: 'age-of-heroes',
    cfg,
    opts,
    n: v.n,
    rng: seedRng(`world:${rng.int(0x7fffffff)}`),
    p: v.players.map((p) => ({
      tribe: p.tribe,
      alive: p.alive,
      resigned: p.resigned,
      turns: p.turns,
      hand: [],
      cities: p.cities,
      fortresses: p.fortresses,
      armies: deepClone(p.armies),
      monument: p.monument,
      claim: p.claim,
      played: p.played,
    })),
    seating: v.seating.slice(),
    deck: [],
    discard: v.discard.slice(),
    battle: [],
    supply: { ...v.supply },
    roads: v.roads.map((r) => [r[0], r[1], r[2]]),
    nextArmy: v.nextArmy,
    nextOffer: v.nextOffer,
    first: v.first,
    leader: v.leader,
    round: v.round,
    active: v.active,
    orderDraws: v.orderDraws.map((r) => r.slice()),
    stack: deepClone(v.flow),
    market: null,
    war: null,
    over: v.over ? deepClone(v.over) : null,
  };
  if (v.market) {
    const m: Market = {
      first: v.market.first,
      pending: v.market.pending.map((q) => q.slice()),
      offers: deepClone(v.market.offers),
      ready: v.market.ready.slice(),
      inputs: v.players.map((_, s) => (s === seat ? v.market!.myInputs : 0)),
      drafts: v.players.map((_, s) => (s === seat && v.market!.draft ? deepClone(v.market!.draft) : null)),
      trading: v.market.trading,
    };
    st.market = m;
  }
  // Unseen resource cards = the whole deck minus every card the viewer can locate.
  const unseen: Record<CardId, number> = { ...cfg.resourceDeck };
  const take = (c: CardId, k = 1) => {
    unseen[c] = (unseen[c] ?? 0) - k;
  };
  for (const c of v.discard) take(c);
  for (const p of v.players) {
    if (p.hand) for (const c of p.hand) take(c);
    const sp = p.tribe ? cl.specialOf.get(p.tribe) : undefined;
    if (sp) take(sp, p.monument);
    for (const a of p.armies) take('earthquake', a.quakes.length);
  }
  if (v.market) for (const q of v.market.pending) for (const c of q) take(c);
  for (const f of v.flow) if (f.k === 'event') take(f.card);
  if (v.war) take('mighty_hero', v.war.heroesA.length + v.war.heroesD.length);
  if (v.over && v.deck) {
    st.deck = v.deck.slice();
    v.players.forEach((p, s) => (st.p[s]!.hand = p.hand!.slice()));
  } else {
    // Immediate cards never stay in a hand (AOH-DRAW-5): unseen ones are all in the deck.
    const pool: CardId[] = [];
    const immediates: CardId[] = [];
    for (const c of cl.all)
      for (let i = 0; i < (unseen[c] ?? 0); i++) (cl.immediate.has(c) ? immediates : pool).push(c);
    rng.shuffle(pool);
    v.players.forEach((pv, s) => {
      const p = st.p[s]!;
      if (pv.hand) {
        p.hand = pv.hand.slice();
        return;
      }
      // Cards a player has offered are in his hand (AOH-TRADE-12 keeps open offers satisfiable).
      const need: Record<CardId, number> = {};
      if (v.market)
        for (const o of v.market.offers)
          if (o.from === s)
            for (const [c, k] of Object.entries(counts(o.give))) need[c] = Math.max(need[c] ?? 0, k);
      const hand: CardId[] = [];
      for (const [c, k] of Object.entries(need))
        for (let i = 0; i < k; i++) {
          const j = pool.indexOf(c);
          if (j >= 0) hand.push(pool.splice(j, 1)[0]!);
        }
      while (hand.length < pv.handCount && pool.length) hand.push(pool.pop()!);
      rng.shuffle(hand);
      p.hand = hand;
    });
    pool.push(...immediates);
    rng.shuffle(pool);
    st.deck = pool;
  }
  // Battle cards: the viewer knows its own side's cards and every revealed card.
  const bpool = freshBattleDeck(st);
  const takeB = (x: number) => {
    const j = bpool.indexOf(x);
    if (j >= 0) bpool.splice(j, 1);
  };
  if (v.war) {
    const wv = v.war;
    const mySide = seat >= 0 ? (wv.attacker === seat ? 0 : wv.defender === seat ? 1 : -1) : -1;
    for (const u of wv.units) if (u.card !== null) takeB(u.card);
    if (mySide >= 0 || v.over) for (const x of wv.pool) takeB(x);
    rng.shuffle(bpool);
    const w: War = {
      attacker: wv.attacker,
      defender: wv.defender,
      objective: wv.objective,
      armies: wv.armies.slice(),
      heroesA: wv.heroesA.slice(),
      heroesD: wv.heroesD.slice(),
      units: wv.units.map((u) => ({
        side: u.side,
        army: u.army,
        lead: u.lead,
        fought: u.fought,
        alive: u.alive,
        card: u.card ?? (u.hasCard ? bpool.pop()! : 0),
      })),
      a: wv.a,
      d: wv.d,
      pool: [[], []],
      placed: [wv.placed[0], wv.placed[1]],
      pick: [-1, -1],
      wins: wv.wins,
      v: wv.v,
      duels: deepClone(wv.duels),
      drawn: wv.drawn,
      cancelled: wv.cancelled,
      responded: wv.responded,
    };
    for (const side of [0, 1] as const) {
      if (side === mySide) {
        w.pool[side] = wv.pool.slice();
        w.pick[side] = wv.myPick;
      } else {
        w.pool[side] = Array.from({ length: wv.poolCount[side] }, () => bpool.pop()!);
        if (wv.picked[side]) {
          const un = w.units.map((u, i) => (u.side === side && !u.fought ? i : -1)).filter((i) => i >= 0);
          w.pick[side] = un[rng.int(un.length)]!;
        }
      }
    }
    st.war = w;
  }
  if (v.over && v.battle) st.battle = v.battle.slice();
  else {
    rng.shuffle(bpool);
    st.battle = bpool;
  }
  return st;
}
