/**
 * Scenario builder: a state at a chosen moment with chosen holdings, every component still in exactly
 * one place (cards in hands or supplies, figures and wagons in boxes, on cities or in reserves, loot
 * tokens on cities, in boxes or out of play). Used by the rules tests (the worked examples of spec
 * §20) and documented in docs/games/struggle-for-rome.md.
 */
import type { ApplyResult, GameEvent, Seat } from '@tabula/engine';
import { shuffle } from '@tabula/engine';
import { DEFAULT_OPTIONS } from './config.js';
import { routeOf, routesFrom } from './routes.js';
import { isNeutral, rt, top } from './common.js';
import { advance, apply } from './decisions.js';
import { afterChange } from './end.js';
import { variantOf } from './migration.js';
import { blankState } from './setup.js';
import type { Item, Kind, SfrAction, SfrOptions, SfrState } from './types.js';
import { CATTLE, HORSES } from './types.js';

export interface TribeSpec {
  /** Marker crossroads of a nomadic tribe (default: the start node). */
  node?: string;
  /** Army figures in the box (default: the starting box, 1). */
  army?: number;
  /** Wagons in the box (default: the starting box, 1). */
  wagons?: number;
  /** Revealed loot tokens in the box: province ids ("GER") or token ids ("GER-3"). */
  loot?: string[];
  /** Kingdom cities (city ids, the founded one first): the tribe is settled on the first. */
  kingdom?: string[];
}

export interface SeatSpec {
  gold?: number;
  grain?: number;
  ore?: number;
  horses?: number;
  cattle?: number;
  /** Development cards held, acquired before the current phase (playable now). */
  dev?: string[];
  /** Development cards acquired in the current phase (not playable in it; treasures revealable). */
  devNew?: string[];
  /** Development cards already played (out of the game), e.g. Diplomats toward the award. */
  played?: string[];
  emergency?: boolean;
  horsemen?: TribeSpec;
  warriors?: TribeSpec;
}

export type ScenarioAt =
  /** The start of a round: phase 1 rolls at once (use `dice` to choose the rolls). */
  | { production: true }
  /** `seat`'s step in phase 2, 3 or 4; the seats before it in turn order have finished theirs. */
  | { phase: 2 | 3 | 4; seat: Seat };

export interface ScenarioSpec {
  players: number;
  seats?: SeatSpec[];
  /** Start player of the round (default 0). */
  start?: Seat;
  round?: number;
  /** Hex of the legionnaire (default: the data's start hex). */
  legion?: string;
  /**
   * Cities whose loot token is gone. Box tokens of a colour beyond the plundered cities leave the
   * last unowned cities of that colour (data order) without a token.
   */
  plundered?: string[];
  /** Face-down tokens to put on given cities: city id → token id. */
  tokens?: Record<string, string>;
  /** Dice values consumed before the generator (two per roll). */
  dice?: number[];
  /** Top of the development deck, top first; the rest is shuffled below. */
  devDeck?: string[];
  /** Top of the pasture deck, top first. */
  pastureDeck?: ('horses' | 'cattle')[];
  /** Pasture discard pile [horses, cattle]. */
  pastureDiscard?: [number, number];
  /** Leave only these many cards in the pasture deck (the rest go to the discard pile). */
  pastureDeckSize?: number;
  at: ScenarioAt;
  seed?: string;
  options?: Partial<SfrOptions>;
}

/** Builds the state and runs it to the first decision. Throws on an impossible holding. */
export function scenario(spec: ScenarioSpec, log?: GameEvent[]): SfrState {
  const opts: SfrOptions = { ...DEFAULT_OPTIONS, ...spec.options };
  const n = spec.players;
  const st = blankState(opts, n, spec.seed ?? 'scenario');
  const r = rt(st);
  const C = r.C;
  const fail = (why: string): never => {
    throw new Error(`scenario: ${why}`);
  };
  st.start = spec.start ?? 0;
  st.round = spec.round ?? 1;
  if (spec.legion !== undefined) {
    const h = r.hexIdx.get(spec.legion);
    if (h === undefined || r.hexes[h]!.beyond) fail(`bad legionnaire hex ${spec.legion}`);
    st.legion = h!;
  }
  st.forced = (spec.dice ?? []).slice();
  const pasture = [C.resources[2]!, C.resources[3]!];
  const devPool: Record<string, number> = {};
  for (const c of r.devDeck) devPool[c] = (devPool[c] ?? 0) + 1;
  const takeDev = (c: string) => {
    if (!devPool[c]) fail(`no development card ${c} left`);
    devPool[c]!--;
  };
  const phaseNow = 'phase' in spec.at ? spec.at.phase : 1;
  st.phase = phaseNow;
  st.serial = st.round * 4 + phaseNow;
  const boxLoot: string[][] = [];
  st.p.forEach((p, s) => {
    const sp = spec.seats?.[s] ?? {};
    p.gold = sp.gold ?? C.startGold;
    st.bank += p.gold;
    p.res = [sp.grain ?? 0, sp.ore ?? 0, sp.horses ?? 0, sp.cattle ?? 0];
    st.grain -= p.res[0]!;
    st.ore -= p.res[1]!;
    pasture[0]! -= p.res[2]!;
    pasture[1]! -= p.res[3]!;
    for (const c of sp.dev ?? []) {
      takeDev(c);
      p.dev.push(c);
      p.devAt.push(-1);
    }
    for (const c of sp.devNew ?? []) {
      takeDev(c);
      p.dev.push(c);
      p.devAt.push(st.serial);
    }
    for (const c of sp.played ?? []) {
      takeDev(c);
      p.played.push(c);
      if (r.dev.get(c)!.effect.type === 'moveLegionnaire') p.diplomats++;
    }
    p.emergency = sp.emergency ?? false;
    p.reserve = [C.perPlayer[0]! - 1, C.perPlayer[1]! - 1, C.perPlayer[2]!];
    (['horsemen', 'warriors'] as const).forEach((name, t) => {
      const ts = sp[name] ?? {};
      const tr = p.tribes[t]!;
      tr.army = ts.army ?? C.boxArmy;
      tr.wagons = ts.wagons ?? C.boxWagons;
      if (ts.kingdom?.length) {
        tr.settled = true;
        tr.kingdom = ts.kingdom.map((id) => r.cityIdx.get(id) ?? fail(`no city ${id}`));
        for (const c of tr.kingdom) {
          if (st.owner[c]! >= 0) fail(`city ${r.cities[c]!.id} is in two kingdoms`);
          if (isNeutral(st, c)) fail(`city ${r.cities[c]!.id} is neutral with 3 players`);
          st.owner[c] = s * 2 + t;
        }
        tr.node = r.cities[tr.kingdom[0]!]!.node;
      } else if (ts.node !== undefined) {
        const nd = r.nodeIdx.get(ts.node);
        if (nd === undefined || r.nodes[nd]!.city >= 0) fail(`${ts.node} is not a crossroads`);
        tr.node = nd!;
      }
      p.reserve[t]! -= tr.army + Math.max(0, tr.kingdom.length - 1);
      p.reserve[2]! -= tr.wagons + tr.kingdom.length;
      boxLoot[s * 2 + t] = ts.loot ?? [];
    });
    if (p.reserve.some((x) => x < 0)) fail(`seat ${s} uses more figures or wagons than a colour has`);
  });
  if (st.grain < 0 || st.ore < 0 || pasture[0]! < 0 || pasture[1]! < 0)
    fail('more resource cards in hands than in the game');
  // Loot tokens: boxes first, then chosen cities, then the rest shuffled onto the remaining cities.
  const used = new Set<number>();
  const tokenId = (id: string) => r.tokens.findIndex((t) => t.id === id);
  boxLoot.forEach((list, k) => {
    const tr = st.p[k >> 1]!.tribes[k & 1]!;
    for (const entry of list) {
      let x = tokenId(entry);
      if (x < 0) {
        const prov = r.provinces.indexOf(entry);
        if (prov < 0) fail(`"${entry}" is neither a token nor a province`);
        x = r.tokensByProv[prov]!.find((y) => !used.has(y)) ?? fail(`no ${entry} token left`);
      }
      if (used.has(x)) fail(`token ${r.tokens[x]!.id} used twice`);
      used.add(x);
      tr.loot.push(x);
    }
  });
  const plundered = new Set((spec.plundered ?? []).map((id) => r.cityIdx.get(id) ?? fail(`no city ${id}`)));
  for (const [cid, tid] of Object.entries(spec.tokens ?? {})) {
    const c = r.cityIdx.get(cid) ?? fail(`no city ${cid}`);
    const x = tokenId(tid);
    if (x < 0 || used.has(x)) fail(`token ${tid} unknown or used twice`);
    if (r.tokens[x]!.prov !== r.cities[c]!.prov) fail(`token ${tid} is not of ${cid}'s colour`);
    st.token[c] = x;
    used.add(x);
  }
  r.provinces.forEach((_, prov) => {
    const free = shuffle(
      st.rng,
      r.tokensByProv[prov]!.filter((x) => !used.has(x)),
    );
    r.cities.forEach((c, ci) => {
      if (
        c.prov !== prov ||
        st.token[ci]! >= 0 ||
        isNeutral(st, ci) ||
        st.owner[ci]! >= 0 ||
        plundered.has(ci)
      )
        return;
      // Tokens taken into boxes leave the last cities of their colour (data order) without one.
      const x = free.pop();
      if (x !== undefined) st.token[ci] = x;
    });
    st.removed.push(...free);
  });
  // Decks.
  const rest: string[] = [];
  for (const c of r.devIds) for (let i = 0; i < (devPool[c] ?? 0); i++) rest.push(c);
  for (const c of spec.devDeck ?? []) {
    const i = rest.indexOf(c);
    if (i < 0) fail(`no development card ${c} left for the deck`);
    rest.splice(i, 1);
  }
  shuffle(st.rng, rest);
  st.devDeck = [...rest, ...(spec.devDeck ?? []).slice().reverse()];
  const dis = spec.pastureDiscard ?? [0, 0];
  pasture[0]! -= dis[0];
  pasture[1]! -= dis[1];
  st.pdis = [dis[0], dis[1]];
  const ptop = (spec.pastureDeck ?? []).map((k) => (k === 'horses' ? HORSES : CATTLE));
  for (const k of ptop) pasture[k - 2]!--;
  if (pasture[0]! < 0 || pasture[1]! < 0) fail('more pasture cards than the game has');
  const prest: number[] = [];
  for (let i = 0; i < pasture[0]!; i++) prest.push(HORSES);
  for (let i = 0; i < pasture[1]!; i++) prest.push(CATTLE);
  shuffle(st.rng, prest);
  if (spec.pastureDeckSize !== undefined) {
    while (prest.length + ptop.length > spec.pastureDeckSize && prest.length) st.pdis[prest.pop()! - 2]!++;
  }
  st.pdeck = [...prest, ...ptop.reverse()];
  // The moment.
  const at = spec.at;
  if ('production' in at) {
    st.round--;
    st.phase = 0;
    st.stack.push({ k: 'round', pc: 0, i: 0 });
  } else {
    const idx = (at.seat - st.start + n) % n;
    st.stack.push({ k: 'round', pc: at.phase - 1, i: idx + 1 });
    if (at.phase === 2) st.stack.push({ k: 'trade', seat: at.seat });
    else st.stack.push({ k: 'act', seat: at.seat, t: at.phase - 3, moved: false, done: false });
  }
  afterChange(st, log);
  advance(st, log);
  return st;
}

/* ------------------------------------------------------------------ macros: compound inputs as steps */

export interface OfferSpec {
  /** A seat, or -1 / undefined for everyone. */
  to?: Seat;
  give?: Partial<Record<Item, number>>;
  get?: Partial<Record<Item, number>>;
}

/** The steps of posting an offer (or, to the acting player, a counter-offer): draft, items, post. */
export function offerSteps(o: OfferSpec): SfrAction[] {
  const out: SfrAction[] = [{ type: 'draft', to: o.to ?? -1 }];
  for (const [item, k] of Object.entries(o.give ?? {}))
    for (let i = 0; i < k!; i++) out.push({ type: 'give', item: item as Item });
  for (const [item, k] of Object.entries(o.get ?? {}))
    for (let i = 0; i < k!; i++) out.push({ type: 'want', item: item as Item });
  out.push({ type: 'post' });
  return out;
}

/**
 * The move action of the acting tribe to `to` along a cheapest route: `grain` land arrows paid with
 * grain (default: as many as possible), optionally with a movement card. Throws if unaffordable.
 */
export function cheapestMove(
  st: SfrState,
  to: string,
  o: { grain?: number; card?: string; route?: 'fewestLand' | 'fewestSea' } = {},
): SfrAction {
  const f = top(st);
  if (f?.k !== 'act') throw new Error('cheapestMove: no tribe step in progress');
  const r = rt(st);
  const p = st.p[f.seat]!;
  const from = p.tribes[f.t]!.node;
  const y = r.nodeIdx.get(to);
  const v = variantOf(st, o.card);
  const entries = routesFrom(r, from, v).filter((e) => e.to === y);
  if (!entries.length) throw new Error(`cheapestMove: no route to ${to}`);
  const C = r.C;
  const pick = o.route === 'fewestLand' ? entries[0]! : entries[entries.length - 1]!;
  const affordable = entries.filter((e) => {
    const g = Math.min(e.land, o.grain ?? p.res[0]!);
    return (e.land - g) * C.landGold + e.sea * C.seaGold <= p.gold;
  });
  const en = o.route ? pick : (affordable[0] ?? pick);
  const grain = Math.min(en.land, o.grain ?? p.res[0]!);
  const a: SfrAction = { type: 'move', to, route: routeOf(r, from, v, en), grain };
  if (o.card) a.card = o.card;
  return a;
}

/** Applies several steps as one input: all of them or none (the state is restored on a rejection). */
export function applySteps(st: SfrState, seat: Seat, steps: SfrAction[], log?: GameEvent[]): ApplyResult {
  const { opts, ...rest } = st;
  const before = JSON.stringify(rest);
  const mark = log?.length ?? 0;
  for (const a of steps) {
    const res = apply(st, seat, a, log);
    if (!res.ok) {
      Object.assign(st, JSON.parse(before), { opts });
      if (log) log.length = mark;
      return res;
    }
  }
  return { ok: true };
}

export type { Kind };
