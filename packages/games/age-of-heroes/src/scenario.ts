/**
 * Scenario builder: a state at a chosen moment with chosen hands, items, decks and roads, every card
 * still in exactly one place. Used by the rules tests (the worked examples of spec §25) and
 * documented for anyone writing scenarios against the engine (docs/games/age-of-heroes.md).
 */
import type { ApplyResult, GameEvent, Seat } from '@tabula/engine';
import { seedRng, shuffle } from '@tabula/engine';
import { DEFAULT_CONFIG, DEFAULT_OPTIONS } from './config.js';
import { advance, apply } from './rules/flow.js';
import { freshBattleDeck, newPlayer } from './rules/setup.js';
import type {
  AohAction,
  AohConfig,
  AohOptions,
  AohState,
  CardId,
  Objective,
  Player,
  TribeId,
} from './types.js';
import { ITEM_KINDS } from './types.js';
import { classes } from './cards.js';

export interface ArmySpec {
  general?: boolean;
  status?: 'home' | 'away';
  returnAt?: number;
  /** Expiry turns of attached Earthquakes. */
  quakes?: number[];
}

export interface SeatSpec {
  tribe?: TribeId;
  hand?: CardId[];
  cities?: number;
  fortresses?: number;
  /** A number gives that many plain armies at home. */
  armies?: number | ArmySpec[];
  monument?: number;
  turns?: number;
  claim?: number;
  alive?: boolean;
  played?: boolean;
}

export type ScenarioAt =
  /** The start of `turn`'s turn, before his phase-1 draw (his turn counter then goes up by one). */
  | { turn: Seat }
  /** Phase 2 of `action`'s current turn (already counted and drawn). */
  | { action: Seat }
  /** A Build action of `build`, already chosen. */
  | { build: Seat }
  /** Phase 3 of `monument`'s turn. */
  | { monument: Seat }
  /** A Market Day at its draw step (its round number goes up by one). */
  | { market: 'draw'; first?: boolean }
  /** A Market Day with the trading window open. */
  | { market: 'trade' };

export interface ScenarioSpec {
  players: number;
  seats?: SeatSpec[];
  /** First player and round leader (default 0; `leader` overrides the leader). */
  first?: Seat;
  leader?: Seat;
  round?: number;
  roads?: [Seat, Seat][];
  /** Resource cards on top of the deck, top first; the rest of the deck is shuffled below. */
  deck?: CardId[];
  /** Only these cards are left in the deck (top first); all others go to the discard pile. */
  deckExactly?: CardId[];
  discard?: CardId[];
  /** Battle cards on top of the battle deck, top first. */
  battle?: number[];
  at: ScenarioAt;
  seed?: string;
  options?: Partial<AohOptions>;
  config?: AohConfig;
}

/** Builds the state and runs it to the first decision. Throws if the cards asked for do not exist. */
export function scenario(spec: ScenarioSpec, log?: GameEvent[]): AohState {
  const cfg = spec.config ?? DEFAULT_CONFIG;
  const n = spec.players;
  const first = spec.first ?? 0;
  const opts: AohOptions = { ...DEFAULT_OPTIONS, tribes: 'random', seatOrder: 'fixed', ...spec.options };
  if (spec.config) opts.config = spec.config;
  const rng = seedRng(spec.seed ?? 'scenario');
  const pool: Record<CardId, number> = { ...cfg.resourceDeck };
  const take = (c: CardId, k = 1) => {
    if ((pool[c] ?? 0) < k) throw new Error(`scenario: not enough ${c} cards in the game`);
    pool[c]! -= k;
  };
  const st: AohState = {
    game: 'age-of-heroes',
    cfg,
    opts,
    n,
    rng,
    p: Array.from({ length: n }, newPlayer),
    seating: Array.from({ length: n }, (_, i) => i),
    deck: [],
    discard: [],
    battle: [],
    supply: { ...cfg.itemSupply },
    roads: [],
    nextArmy: 1,
    nextOffer: 1,
    first,
    leader: spec.leader ?? first,
    round: spec.round ?? 1,
    active: -1,
    orderDraws: [],
    stack: [],
    market: null,
    war: null,
    over: null,
  };
  const cl = classes(cfg);
  st.p.forEach((p: Player, s) => {
    const sp = spec.seats?.[s] ?? {};
    p.tribe = sp.tribe ?? cfg.tribes[s]!.id;
    p.alive = sp.alive ?? true;
    if (!p.alive) return;
    p.hand = (sp.hand ?? []).slice();
    for (const c of p.hand) take(c);
    p.cities = sp.cities ?? 1;
    p.fortresses = sp.fortresses ?? 0;
    p.monument = sp.monument ?? 0;
    if (p.monument) take(cl.specialOf.get(p.tribe)!, p.monument);
    p.turns = sp.turns ?? 0;
    p.claim = sp.claim ?? 0;
    p.played = sp.played ?? false;
    const armies =
      typeof sp.armies === 'number' ? Array.from({ length: sp.armies }, () => ({})) : (sp.armies ?? [{}]);
    for (const a of armies as ArmySpec[]) {
      const quakes = (a.quakes ?? []).slice();
      take('earthquake', quakes.length);
      p.armies.push({
        id: st.nextArmy++,
        general: a.general ?? false,
        status: a.status ?? 'home',
        returnAt: a.status === 'away' ? (a.returnAt ?? p.turns + 1) : 0,
        quakes,
      });
    }
  });
  for (const [a, b] of spec.roads ?? []) st.roads.push([Math.min(a, b), Math.max(a, b), a]);
  // Items in play come out of the supply.
  for (const p of st.p) {
    st.supply.city -= p.cities;
    st.supply.fortress -= p.fortresses;
    st.supply.army -= p.armies.length;
    st.supply.general -= p.armies.filter((a) => a.general).length;
  }
  st.supply.road -= st.roads.length;
  for (const k of ITEM_KINDS)
    if (st.supply[k] < 0) throw new Error(`scenario: more ${k} items in play than the supply holds`);
  for (const c of spec.discard ?? []) take(c);
  st.discard = (spec.discard ?? []).slice();
  const top = (spec.deckExactly ?? spec.deck ?? []).slice();
  for (const c of top) take(c);
  const rest: CardId[] = [];
  for (const c of cl.all) for (let i = 0; i < (pool[c] ?? 0); i++) rest.push(c);
  if (spec.deckExactly) {
    st.discard.push(...rest);
    st.deck = top.reverse();
  } else {
    shuffle(rng, rest);
    st.deck = [...rest, ...top.reverse()];
  }
  const battle = freshBattleDeck(st);
  for (const v of spec.battle ?? []) {
    const i = battle.indexOf(v);
    if (i < 0) throw new Error(`scenario: no battle card ${v} left`);
    battle.splice(i, 1);
  }
  shuffle(rng, battle);
  st.battle = [...battle, ...(spec.battle ?? []).slice().reverse()];
  placeAt(st, spec.at);
  advance(st, log);
  return st;
}

function markPlayedBefore(st: AohState, seat: Seat): void {
  for (let i = 0; i < st.n; i++) {
    const s = (st.leader + i) % st.n;
    if (s === seat) break;
    if (st.p[s]!.alive) st.p[s]!.played = true;
  }
}

function placeAt(st: AohState, at: ScenarioAt): void {
  const m = () => ({
    first: false,
    pending: st.p.map(() => [] as CardId[]),
    offers: [],
    ready: st.p.map((p) => !p.alive),
    inputs: st.p.map(() => 0),
    drafts: st.p.map(() => null),
    trading: false,
  });
  if ('turn' in at) {
    markPlayedBefore(st, at.turn);
    st.stack.push({ k: 'turn', seat: at.turn, pc: 0 });
  } else if ('action' in at || 'build' in at || 'monument' in at) {
    const seat = 'action' in at ? at.action : 'build' in at ? at.build : at.monument;
    markPlayedBefore(st, seat);
    const p = st.p[seat]!;
    p.played = true;
    if (p.turns === 0) p.turns = 1;
    st.active = seat;
    if ('monument' in at) {
      st.stack.push({ k: 'turn', seat, pc: 5 }, { k: 'monument', seat });
    } else {
      st.stack.push({ k: 'turn', seat, pc: 3 });
      st.stack.push('build' in at ? { k: 'build', seat, asked: [] } : { k: 'action', seat });
    }
  } else if (at.market === 'draw') {
    st.round--;
    st.market = { ...m(), first: at.first ?? false };
    st.round++;
    st.stack.push({ k: 'market', pc: 0, order: [], i: 0 });
  } else {
    st.market = { ...m(), trading: true };
    st.stack.push({ k: 'market', pc: 4, order: [], i: 0 });
  }
}

/* ------------------------------------------------------------------ macros: compound inputs as steps */

export interface WarSpec {
  target: Seat;
  objective: Objective;
  armies?: number[];
  /** Heroes: 'army' or the id of the army the Hero leads as general. */
  heroes?: ('army' | number)[];
}

/** The steps of a war declaration (AOH-DP-13): choose target and objective, add units, declare. */
export function warSteps(w: WarSpec): AohAction[] {
  const out: AohAction[] = [{ type: 'war', target: w.target, objective: w.objective }];
  for (const army of w.armies ?? []) out.push({ type: 'warArmy', army });
  for (const h of w.heroes ?? []) out.push({ type: 'warHero', host: h === 'army' ? -1 : h });
  out.push({ type: 'warDeclare' });
  return out;
}

/**
 * A defender's response with Heroes (AOH-DP-7, AOH-WAR-11) — one action, not steps: each Hero 'army'
 * or the id of the army it leads as general, in any order (the action lists the hosts sorted, its
 * canonical spelling); no Hero is `pass`.
 */
export function defenceAction(heroes: ('army' | number)[]): AohAction {
  if (!heroes.length) return { type: 'pass' };
  return { type: 'respond', heroes: heroes.map((h) => (h === 'army' ? -1 : h)).sort((x, y) => x - y) };
}

export interface OfferSpec {
  to?: Seat;
  give?: CardId[];
  receive?: CardId[];
  note?: string;
  counterTo?: number;
}

/** The steps of posting a trade offer (AOH-DP-18). */
export function offerSteps(o: OfferSpec): AohAction[] {
  const out: AohAction[] = [{ type: 'offerNew' }];
  if (o.to !== undefined && o.to !== -1) out.push({ type: 'offerTo', seat: o.to });
  for (const card of o.give ?? []) out.push({ type: 'offerGive', card });
  for (const card of o.receive ?? []) out.push({ type: 'offerWant', card });
  const post: AohAction = { type: 'offerPost' };
  if (o.note !== undefined) post.note = o.note;
  if (o.counterTo !== undefined) post.counterTo = o.counterTo;
  out.push(post);
  return out;
}

/** The steps of placing battle cards: card values for each of the seat's units in unit order. */
export function placeSteps(st: AohState, seat: Seat, cardsInUnitOrder: number[]): AohAction[] {
  const w = st.war;
  if (!w) throw new Error('no battle in progress');
  const side = w.attacker === seat ? 0 : 1;
  const units = w.units.map((u, i) => (u.side === side ? i : -1)).filter((i) => i >= 0);
  return cardsInUnitOrder.map((card, k) => ({ type: 'place', unit: units[k]!, card }));
}

/**
 * Applies a sequence of steps as one input: all of them or none. Returns the first rejection with the
 * state restored, so a compound input (a war declaration, an offer) is atomic for its caller.
 */
export function applySteps(st: AohState, seat: Seat, steps: AohAction[], log?: GameEvent[]): ApplyResult {
  const before = JSON.stringify(st);
  const mark = log?.length ?? 0;
  for (const a of steps) {
    const r = apply(st, seat, a, log);
    if (!r.ok) {
      Object.assign(st, JSON.parse(before));
      st.cfg = st.opts.config ?? DEFAULT_CONFIG;
      if (log) log.length = mark;
      return r;
    }
  }
  return { ok: true };
}
