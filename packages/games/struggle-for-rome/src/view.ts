/**
 * Per-seat views (spec §17) and sampled worlds for bots. A view holds the public state (SFR-HID-1)
 * plus the viewer's own private information (SFR-HID-2): its resource cards by kind, its development
 * cards, its offer draft and trading inputs. Face-down loot tokens, deck orders and the generator
 * are in nobody's view (SFR-HID-3). After the game ends everything is revealed (SFR-END-4).
 */
import type { Prompt, Seat, Viewer } from '@tabula/engine';
import { deepClone, Rng, seedRng } from '@tabula/engine';
import { rtOf } from './config.js';
import { rt, strength } from './common.js';
import { prompts } from './decisions.js';
import { publicVp, totalVp } from './end.js';
import type { Player, PlayerView, SfrState, SfrView } from './types.js';

export function view(st: SfrState, viewer: Viewer): SfrView {
  const all = st.over !== null;
  const r = rt(st);
  const players: PlayerView[] = st.p.map((p, seat) => {
    const mine = all || seat === viewer;
    const v: PlayerView = {
      seat,
      colour: r.C.colours[seat]!,
      gold: p.gold,
      cards: p.res[0]! + p.res[1]! + p.res[2]! + p.res[3]!,
      devCount: p.dev.length,
      devAt: p.devAt.slice(),
      reserve: p.reserve.slice(),
      tribes: p.tribes.map((t, i) => ({
        node: t.node,
        settled: t.settled,
        army: t.army,
        wagons: t.wagons,
        loot: t.loot.slice(),
        kingdom: t.kingdom.slice(),
        enemy: t.enemy,
        strength: strength(st, seat, i),
      })),
      played: p.played.slice(),
      treasures: p.treasures.slice(),
      diplomats: p.diplomats,
      emergency: p.emergency,
      cardAt: p.cardAt,
      bonus: p.bonus,
      bonusAt: p.bonusAt,
      enemy: p.enemy,
      heir: p.heir,
      announced: p.announced,
      resigned: p.resigned,
      publicVp: publicVp(st, seat),
    };
    if (mine) {
      v.res = p.res.slice();
      v.dev = p.dev.slice();
      v.vp = totalVp(st, seat);
    }
    if (seat === viewer) v.inputs = st.inputs[seat]!;
    return v;
  });
  const ps = prompts(st);
  const out: SfrView = {
    game: 'struggle-for-rome',
    viewer,
    n: st.n,
    round: st.round,
    phase: st.phase,
    serial: st.serial,
    start: st.start,
    legion: r.hexes[st.legion]!.id,
    rose: st.rose.slice(),
    rolls: st.rolls.map((x) => x.slice()),
    grain: st.grain,
    ore: st.ore,
    pdeckCount: st.pdeck.length,
    pdis: st.pdis.slice(),
    devDeckCount: st.devDeck.length,
    owner: st.owner.slice(),
    token: st.token.map((t) => t >= 0),
    removedCount: st.removed.length,
    diplomacy: st.diplomacy,
    players,
    offers: deepClone(st.offers),
    draft: viewer >= 0 && st.drafts[viewer] ? deepClone(st.drafts[viewer]!) : null,
    nextOffer: st.nextOffer,
    bank: st.bank,
    prompts: ps.filter((p) => p.seat === viewer).map((p) => deepClone(p) as Prompt),
    waiting: ps.filter((p) => !p.optional).map((p) => ({ seat: p.seat, kind: p.kind })),
    flow: deepClone(st.stack),
    over: st.over ? deepClone(st.over) : null,
    options: { ...st.opts },
  };
  if (all) {
    out.devDeck = st.devDeck.slice();
    out.pdeck = st.pdeck.slice();
    out.tokens = st.token.slice();
    out.removed = st.removed.slice();
  }
  return out;
}

/**
 * A complete state consistent with `seat`'s view: public parts copied, the viewer's own hand, cards
 * and draft kept, and everything it cannot see dealt at random from what is unaccounted for — the
 * other hands by kind (respecting the public stacks and hand sizes), the pasture deck, the other
 * development cards and the development deck, and the face-down loot tokens of each colour.
 */
export function sampleWorld(v: SfrView, seat: Seat, rng: Rng): SfrState {
  const opts = { ...v.options };
  const r = rtOf(opts);
  const C = r.C;
  const st: SfrState = {
    game: 'struggle-for-rome',
    opts,
    n: v.n,
    rng: seedRng(`world:${rng.int(0x7fffffff)}`),
    p: v.players.map((pv): Player => ({
      gold: pv.gold,
      res: pv.res ? pv.res.slice() : [0, 0, 0, 0],
      dev: pv.dev ? pv.dev.slice() : [],
      devAt: pv.devAt.slice(),
      reserve: pv.reserve.slice(),
      tribes: pv.tribes.map((t) => ({
        node: t.node,
        settled: t.settled,
        army: t.army,
        wagons: t.wagons,
        loot: t.loot.slice(),
        kingdom: t.kingdom.slice(),
        enemy: t.enemy,
      })),
      played: pv.played.slice(),
      treasures: pv.treasures.slice(),
      diplomats: pv.diplomats,
      emergency: pv.emergency,
      cardAt: pv.cardAt,
      bonus: pv.bonus,
      bonusAt: pv.bonusAt,
      enemy: pv.enemy,
      heir: pv.heir,
      announced: pv.announced,
      resigned: pv.resigned,
    })),
    start: v.start,
    round: v.round,
    phase: v.phase,
    serial: v.serial,
    legion: r.hexIdx.get(v.legion)!,
    rose: v.rose.slice(),
    rolls: v.rolls.map((x) => x.slice()),
    forced: [],
    grain: v.grain,
    ore: v.ore,
    pdeck: [],
    pdis: v.pdis.slice(),
    devDeck: [],
    owner: v.owner.slice(),
    token: v.token.map(() => -1),
    removed: [],
    diplomacy: v.diplomacy,
    offers: deepClone(v.offers),
    drafts: v.players.map((_, s) => (s === seat && v.draft ? deepClone(v.draft) : null)),
    inputs: v.players.map((pv, s) => (s === seat ? (pv.inputs ?? 0) : 0)),
    nextOffer: v.nextOffer,
    bank: v.bank,
    stack: deepClone(v.flow),
    over: v.over ? deepClone(v.over) : null,
  };
  if (v.over && v.devDeck && v.pdeck && v.tokens && v.removed) {
    st.devDeck = v.devDeck.slice();
    st.pdeck = v.pdeck.slice();
    st.token = v.tokens.slice();
    st.removed = v.removed.slice();
    return st;
  }
  const others = v.players.filter((pv) => !pv.res).map((pv) => pv.seat);
  // Resource cards: grain and ore outside the stacks and known hands, pasture cards outside the
  // discard pile and known hands; other hands keep their public sizes.
  const known = [0, 0, 0, 0];
  for (const pv of v.players) if (pv.res) for (let k = 0; k < 4; k++) known[k]! += pv.res[k]!;
  let grain = C.resources[0]! - v.grain - known[0]!;
  let ore = C.resources[1]! - v.ore - known[1]!;
  const pasture: number[] = [];
  for (let i = 0; i < C.resources[2]! - v.pdis[0]! - known[2]!; i++) pasture.push(2);
  for (let i = 0; i < C.resources[3]! - v.pdis[1]! - known[3]!; i++) pasture.push(3);
  rng.shuffle(pasture);
  // A pending pasture shortage tells how many pasture cards each asked player holds (at least 2·need − 1).
  const reserved = v.players.map(() => 0);
  const f = v.flow[v.flow.length - 1];
  if (f?.k === 'shortage')
    for (let i = f.i; i < f.order.length; i++) {
      const s = f.order[i]!;
      if (others.includes(s)) reserved[s] = Math.min(v.players[s]!.cards, 2 * f.need[s]! - 1);
    }
  const slots: number[] = [];
  for (const s of others) for (let i = reserved[s]!; i < v.players[s]!.cards; i++) slots.push(s);
  rng.shuffle(slots);
  for (const s of slots) {
    const p = st.p[s]!;
    if (grain > 0) {
      p.res[0]!++;
      grain--;
    } else if (ore > 0) {
      p.res[1]!++;
      ore--;
    } else p.res[pasture.pop() ?? 2]!++;
  }
  for (const s of others) for (let i = 0; i < reserved[s]!; i++) st.p[s]!.res[pasture.pop() ?? 2]!++;
  st.pdeck = pasture;
  // Development cards.
  const pool: Record<string, number> = {};
  for (const c of r.devDeck) pool[c] = (pool[c] ?? 0) + 1;
  for (const pv of v.players) {
    for (const c of pv.played) pool[c]!--;
    for (const c of pv.treasures) pool[c]!--;
    if (pv.dev) for (const c of pv.dev) pool[c]!--;
  }
  const unseen: string[] = [];
  for (const c of r.devIds) for (let i = 0; i < (pool[c] ?? 0); i++) unseen.push(c);
  rng.shuffle(unseen);
  for (const s of others) st.p[s]!.dev = unseen.splice(0, v.players[s]!.devCount);
  st.devDeck = unseen;
  // Face-down loot tokens, colour by colour.
  const inBox = new Set<number>();
  for (const pv of v.players) for (const t of pv.tribes) for (const x of t.loot) inBox.add(x);
  r.provinces.forEach((_, prov) => {
    const toks = rng.shuffle(r.tokensByProv[prov]!.filter((x) => !inBox.has(x)));
    r.cities.forEach((c, ci) => {
      if (c.prov === prov && v.token[ci]) st.token[ci] = toks.pop()!;
    });
    st.removed.push(...toks);
  });
  return st;
}

export { Rng };
