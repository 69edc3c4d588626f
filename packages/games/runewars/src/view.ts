/**
 * Views (RW-INFO-01..16, RW-IMPL-22): what a seat or a spectator sees, and a complete state consistent
 * with a seat's view (`sampleWorld`) for bots and the property tests.
 */
import type { Rng, Seat } from '@tabula/engine';
import { SPECTATOR } from '@tabula/engine';
import { boardKey, pk } from './common.js';
import { cardShown } from './battle.js';
import { cloneFrame } from './clone.js';
import type { Pack } from './pack.js';
import { BLANK } from './pack.js';
import type { BattleFrame, Frame, PlayerView, RwState, RwView } from './types.js';

/**
 * The stack as a seat sees it: the Fate cards a battle's side has drawn are hidden (-1) from the others
 * until the reveal step of their section (RW-FATE-07, RW-INFO-11).
 */
function stackFor(st: RwState, viewer: Seat): Frame[] {
  const out = st.stack.map(cloneFrame);
  const p = pk(st);
  for (const f of out) {
    // RW-INFO-11: diplomacy's cards are seen by the drawer alone until he chooses one (then discarded).
    if (f.k === 'diplo' && viewer !== f.seat) f.cs = f.cs.map(() => -1);
    // RW-INFO-05: another seat's bid is sealed (-2 made, -1 not yet) until all are revealed.
    if (f.k === 'bid' && f.step === 0) f.b = f.b.map((x, s) => (s === viewer || x < 0 ? x : -2));
    // RW-INFO-10: Hero cards drawn with Rally Support's Supremacy are seen by the drawer alone.
    if (f.k === 'hdraw' && viewer !== f.seat) f.got = f.got.map(() => -1);
    // A window's passes are nobody else's business while it lasts (AOH-HID-14): only his own answer, and
    // the player whose public play reopened it.
    if (f.k === 'window') f.done = f.done.filter((s) => s === viewer || s === f.pl);
    // RW-REWARD-03: Boots of Striding not yet shown lengthen a Move unseen: the others see a Move without them.
    if (f.k === 'qph' && f.bo !== undefined && viewer !== f.seat) {
      if (f.bo >= 0 && f.h >= 0 && !st.hero!.up.includes(f.bo)) {
        const extra = Math.max(0, p.rewards[p.rewardDeck[f.bo]!]!.n - p.heroes[f.h]!.move);
        f.left = Math.max(0, f.left - extra);
      }
      delete f.bo;
    }
    if (f.k !== 'battle') continue;
    // RW-SUPPORT-06: the cards a supported type set aside lie face down.
    if (f.sx) f.sx = f.sx.map(() => -1);
    for (let side = 0; side < 2; side++) {
      const c = f.cs[side]!;
      for (let j = 0; j < c.length; j++) if (!cardShown(p, f, side, j, viewer)) c[j] = -1;
    }
  }
  return out;
}

export function view(st: RwState, viewer: Seat): RwView {
  const kn = viewer >= 0 ? st.p[viewer]!.kn : [];
  const rk = st.rk.map((k, a) => (k < 0 ? -1 : st.rup[a] || kn.includes(st.rh[a]!) || st.over ? k : -2));
  const players: PlayerView[] = st.p.map((x, s) => {
    const me = s === viewer;
    return {
      dial: x.dial.slice(),
      inf: x.inf,
      hand: x.hand,
      played: x.played.slice(),
      pick: me ? x.pick : x.pick ? -1 : 0,
      cur: x.cur,
      rec: x.rec,
      rune: me ? x.rune : -2,
      tac: me ? x.tac.slice() : null,
      tacCount: x.tac.length,
      tacSeason: x.tacSeason.slice(),
      quests: me ? x.quests.slice() : null,
      questCount: x.quests.length,
      obj: me ? x.obj : x.obj >= 0 ? -2 : -1,
      setupQuests: x.setupQuests.slice(),
      kn: me ? x.kn.slice() : [],
      out: x.out,
    };
  });
  return {
    viewer,
    n: st.n,
    opts: st.opts,
    preset: st.preset,
    first: st.first,
    fac: st.fac.slice(),
    year: st.year,
    season: st.season,
    card: st.card,
    pos: st.pos.slice(),
    rot: st.rot.slice(),
    markers: st.markers.slice(),
    home: st.home.slice(),
    own: st.own.slice(),
    us: st.us.slice(),
    ur: st.ur.slice(),
    sh: st.sh.slice(),
    shd: st.shd.slice(),
    dev: st.dev.slice(),
    city: st.city.slice(),
    rk,
    rh: st.rh.slice(),
    rup: st.rup.slice(),
    runePile: st.runePile.slice(),
    handles: st.handles,
    act: st.act.slice(),
    vict: st.vict.slice(),
    players,
    titles: st.titles.slice(),
    titleInf: st.titleInf.slice(),
    cmd: st.cmd,
    order: st.order.slice(),
    stack: stackFor(st, viewer),
    decks: {
      tactics: st.decks.tactics.length,
      tacticsDiscard: st.decks.tacticsDiscard.slice(),
      quests: st.decks.quests.length,
      questDiscard: st.decks.questDiscard.slice(),
      objectives: st.decks.objectives.map((d) => d.length),
      seasons: st.decks.seasons.map((d) => d.length),
      seasonDiscard: st.decks.seasonDiscard.slice(),
      fate: st.decks.fate.length,
      fateDiscard: st.decks.fateDiscard.slice(),
    },
    over: st.over,
    score: st.score,
    ...(st.hero ? { hero: heroView(st, viewer) } : {}),
    ...(st.ex ? { ex: exView(st, viewer) } : {}),
    ...(st.reach ? { reach: st.reach.slice() } : {}),
  };
}

/** Exploration tokens as a seat sees them (RW-EXPL-05, RW-INFO-13): backs public, faces once flipped or seen. */
function exView(st: RwState, viewer: Seat): RwView['ex'] {
  const x = st.ex!;
  const kn = viewer >= 0 ? x.kn[viewer]! : [];
  return {
    t: x.t.map((t, a) => (t < 0 ? -1 : x.up[a] || kn.includes(a) || st.over ? t : -2)),
    b: x.b.slice(),
    up: x.up.slice(),
    gone: x.gone.slice(),
    kn: kn.slice(),
  };
}

/**
 * The face-down exploration tokens a seat has not seen, dealt from the box's tokens not accounted for
 * (face up, discarded, seen) with the same public back (RW-EXPL-04/05).
 */
function sampleExploration(p: Pack, v: RwView, seat: Seat, rng: Rng): NonNullable<RwState['ex']> {
  const x = v.ex!;
  const left = p.explore.tokens.map((t) => t.back.slice());
  for (let i = 0; i < x.gone.length; i += 2) left[x.gone[i]!]![x.gone[i + 1]! - 1]!--;
  for (let a = 0; a < x.t.length; a++) if (x.t[a]! >= 0) left[x.t[a]!]![x.b[a]! - 1]!--;
  const t = x.t.slice();
  for (let b = 1; b <= 2; b++) {
    const pool: number[] = [];
    left.forEach((c, k) => {
      for (let i = 0; i < c[b - 1]!; i++) pool.push(k);
    });
    rng.shuffle(pool);
    for (let a = 0; a < t.length; a++) if (t[a] === -2 && x.b[a] === b) t[a] = pool.pop()!;
  }
  const kn = Array.from({ length: v.n }, (_, s) => (s === seat ? x.kn.slice() : []));
  return { t, b: x.b.slice(), up: x.up.slice(), gone: x.gone.slice(), kn };
}

/**
 * The heroes as a seat sees them (RW-INFO-01): all but the Hero and Reward decks' order, the face-down Reward
 * cards of another's heroes (RW-REWARD-03) and of defeated heroes' stacks (RW-HDEF-06), shown as -1.
 */
function heroView(st: RwState, viewer: Seat): RwView['hero'] {
  const h = st.hero!;
  const seen = (c: number) => h.up.includes(c) || st.over !== null;
  return {
    ctl: h.ctl.slice(),
    at: h.at.slice(),
    dmg: h.dmg.slice(),
    rt: h.rt.slice(),
    tr: h.tr.slice(),
    deck: h.deck.length,
    rdeck: h.rdeck.length,
    rdisc: h.rdisc.slice(),
    rw: h.rw.map((x, i) =>
      h.ctl[i] === viewer && viewer >= 0 ? x.slice() : x.map((c) => (seen(c) ? c : -1)),
    ),
    up: h.up.slice(),
    mk: h.mk.map((m) => m.map((c, j) => (j === 0 || seen(c) ? c : -1))),
    qr: h.qr.slice(),
    tb: h.tb.slice(),
  };
}

function take(pool: number[], n: number): number[] {
  return pool.splice(0, n);
}
function without(all: number[], ...gone: number[][]): number[] {
  const left = all.slice();
  for (const g of gone)
    for (const c of g) {
      const i = left.indexOf(c);
      if (i >= 0) left.splice(i, 1);
    }
  return left;
}

/** A complete state consistent with `seat`'s view: unseen cards, runes, picks and deck orders drawn from `rng`. */
export function sampleWorld(v: RwView, seat: Seat, rng: Rng): RwState {
  const p = pk({ opts: v.opts } as RwState);
  const me = seat >= 0 && seat !== SPECTATOR ? v.players[seat]! : null;
  // Hidden hands and decks: what is not seen is dealt at random from what is unaccounted for.
  const tacPool = rng.shuffle(without(p.tacticsDeck, v.decks.tacticsDiscard, me?.tac ?? []));
  const questPool = rng.shuffle(
    without(
      p.quests.map((_, i) => i),
      v.decks.questDiscard,
      me?.quests ?? [],
      ...v.players.map((x) => x.setupQuests),
      v.hero ? v.hero.qr.filter((_, i) => i % 2 === 0) : [],
    ),
  );
  // RW-QUEST-11: Quest cards attempted and kept are known to be in their holder's hand.
  const shownQuests = (s: number): number[] =>
    v.hero ? v.hero.qr.filter((c, i) => i % 2 === 0 && v.hero!.qr[i + 1] === s && c >= 0) : [];
  const objPools = [true, false].map((good) =>
    rng.shuffle(
      without(
        p.objectives.map((o, i) => (o.good === good ? i : -1)).filter((i) => i >= 0),
        me && me.obj >= 0 ? [me.obj] : [],
      ),
    ),
  );
  const players = v.players.map((x, s) => {
    const mine = s === seat;
    const good = p.factions[v.fac[s]!]?.good ?? true;
    const handOf = (bits: number) => {
      const c: number[] = [];
      for (let n = 1; n <= 8; n++) if (bits & (1 << n)) c.push(n);
      return c;
    };
    return {
      dial: x.dial.slice(),
      inf: x.inf,
      hand: x.hand,
      played: x.played.slice(),
      pick: x.pick >= 0 ? x.pick : rng.pick(handOf(x.hand)),
      cur: x.cur,
      rec: x.rec,
      rune: mine ? x.rune : -1,
      tac: mine ? x.tac!.slice() : take(tacPool, x.tacCount),
      quests: mine
        ? x.quests!.slice()
        : [...shownQuests(s), ...take(questPool, x.questCount - shownQuests(s).length)],
      obj: mine ? x.obj : x.obj === -2 ? objPools[good ? 0 : 1]!.pop()! : -1,
      setupQuests: x.setupQuests.slice(),
      tacSeason: x.tacSeason.slice(),
      kn: mine ? x.kn.slice() : [],
      out: x.out,
    };
  });
  // Rune identities: the unknown tokens hold the dragons not seen (the board's count is public).
  const onBoard = p.rules.dragonRunes - v.runePile[0]!;
  const known = v.rk.filter((k) => k === 1).length;
  const unknown = v.rk.map((k, a) => (k === -2 ? a : -1)).filter((a) => a >= 0);
  rng.shuffle(unknown);
  const rk = v.rk.slice();
  unknown.forEach((a, i) => (rk[a] = i < onBoard - known ? 1 : 0));
  const seasons = v.decks.seasons.map((n, s) =>
    rng
      .shuffle(
        p.seasons
          .map((c, i) => (c.season === s && !v.decks.seasonDiscard.includes(i) && i !== v.card ? i : -1))
          .filter((i) => i >= 0),
      )
      .slice(0, n),
  );
  // The Fate deck and the cards a battle side drew that this seat has not seen (RW-FATE-07, RW-INFO-16).
  const stack = JSON.parse(JSON.stringify(v.stack)) as Frame[];
  const shown: number[] = [];
  for (const f of stack)
    if (f.k === 'battle') {
      for (const c of f.cs) for (const x of c) if (x >= 0) shown.push(x);
    } else if (f.k === 'diplo' || f.k === 'qtest') {
      for (const x of f.cs) if (x >= 0) shown.push(x);
    } else if (f.k === 'duel') for (const x of f.c) if (x >= 0) shown.push(x); // revealed as drawn (RW-DUEL-04)
  const pool = rng.shuffle(
    without(
      p.fate.map((_, i) => i),
      v.decks.fateDiscard,
      shown,
    ),
  );
  for (const f of stack)
    if (f.k === 'battle') {
      fillHidden(p, f, pool);
      if (f.sx) for (let j = 0; j < f.sx.length; j++) if (f.sx[j]! < 0) f.sx[j] = pool.pop()!;
    } else if (f.k === 'diplo') {
      for (let j = 0; j < f.cs.length; j++) if (f.cs[j]! < 0) f.cs[j] = pool.pop()!;
    } else if (f.k === 'bid') {
      // A sealed bid: any bid he could have made (RW-INFO-05).
      for (let s = 0; s < f.b.length; s++) if (f.b[s] === -2) f.b[s] = rng.int(v.players[s]!.inf + 1);
    }
  const fate = pool.slice(0, v.decks.fate);
  const st: RwState = {
    n: v.n,
    opts: v.opts,
    preset: v.preset,
    rng: [rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30)],
    first: v.first,
    fac: v.fac.slice(),
    year: v.year,
    season: v.season,
    card: v.card,
    pos: v.pos.slice(),
    rot: v.rot.slice(),
    bkey: '',
    markers: v.markers.slice(),
    home: v.home.slice(),
    own: v.own.slice(),
    us: v.us.slice(),
    ur: v.ur.slice(),
    sh: v.sh.slice(),
    shd: v.shd.slice(),
    dev: v.dev.slice(),
    city: v.city.slice(),
    rk,
    rh: v.rh.slice(),
    rup: v.rup.slice(),
    runePile: v.runePile.slice(),
    handles: v.handles,
    act: v.act.slice(),
    p: players,
    decks: {
      tactics: take(tacPool, v.decks.tactics),
      tacticsDiscard: v.decks.tacticsDiscard.slice(),
      quests: take(questPool, v.decks.quests),
      questDiscard: v.decks.questDiscard.slice(),
      objectives: objPools.map((pool, i) => pool.slice(0, v.decks.objectives[i])),
      seasons,
      seasonDiscard: v.decks.seasonDiscard.slice(),
      fate,
      fateDiscard: v.decks.fateDiscard.slice(),
    },
    vict: v.vict.slice(),
    titles: v.titles.slice(),
    titleInf: v.titleInf.slice(),
    cmd: v.cmd,
    order: v.order.slice(),
    stack,
    over: v.over,
    score: v.score,
    reach: v.reach ? v.reach.slice() : undefined,
  };
  st.bkey = boardKey(st);
  if (v.ex) st.ex = sampleExploration(p, v, seat, rng);
  if (v.hero) {
    // The Hero deck and the heroes another seat drew and has not kept yet: the heroes nobody controls.
    const vh = v.hero;
    const pool = rng.shuffle(vh.ctl.map((c, i) => (c === -1 ? i : -1)).filter((i) => i >= 0));
    const seen = new Set<number>();
    for (const f of stack) if (f.k === 'hdraw') for (const x of f.got) if (x >= 0) seen.add(x);
    const left = pool.filter((i) => !seen.has(i));
    for (const f of stack)
      if (f.k === 'hdraw') for (let j = 0; j < f.got.length; j++) if (f.got[j]! < 0) f.got[j] = left.pop()!;
    st.hero = {
      ctl: vh.ctl.slice(),
      at: vh.at.slice(),
      dmg: vh.dmg.slice(),
      rt: vh.rt.slice(),
      tr: vh.tr.slice(),
      deck: left.slice(0, vh.deck),
      rdeck: [],
      rdisc: vh.rdisc.slice(),
      rw: vh.rw.map((x) => x.slice()),
      up: vh.up.slice(),
      mk: vh.mk.map((m) => m.slice()),
      qr: vh.qr.slice(),
      tb: vh.tb.slice(),
    };
    // Reward cards not seen: dealt at random to the hidden places, the rest is the Reward deck.
    const hs = st.hero;
    const known = new Set<number>(hs.rdisc);
    for (const x of hs.rw) for (const c of x) if (c >= 0) known.add(c);
    for (const m of hs.mk) for (let j = 1; j < m.length; j++) if (m[j]! >= 0) known.add(m[j]!);
    const rpool = rng.shuffle(p.rewardDeck.map((_, i) => i).filter((i) => !known.has(i)));
    for (const x of hs.rw) for (let j = 0; j < x.length; j++) if (x[j]! < 0) x[j] = rpool.pop()!;
    for (const m of hs.mk) for (let j = 1; j < m.length; j++) if (m[j]! < 0) m[j] = rpool.pop()!;
    hs.rdeck = rpool.slice(0, vh.rdeck);
  }
  return st;
}

/**
 * Deals the hidden cards of a battle frame from `pool` (taken out of it): each must be a card whose
 * section would still be hidden at the frame's reveal step, so the world reproduces the view. A small
 * bipartite matching (Kuhn's augmenting paths): the true world is one solution, so one exists.
 */
function fillHidden(p: Pack, f: BattleFrame, pool: number[]): void {
  const slots: [number, number][] = [];
  for (let side = 0; side < 2; side++) {
    const c = f.cs[side]!;
    for (let j = 0; j < c.length; j++) if (c[j]! < 0) slots.push([side, j]);
  }
  if (!slots.length) return;
  const fits = (side: number, c: number): boolean => {
    const u = f.ty[side]!;
    if (u < 0) return true;
    const k = p.fate[c]!.kind[p.units[u]!.shape]!;
    return k === BLANK || k > f.rev;
  };
  const owner = new Array<number>(pool.length).fill(-1);
  const tryAssign = (s: number, seen: boolean[]): boolean => {
    for (let i = 0; i < pool.length; i++) {
      if (seen[i] || !fits(slots[s]![0], pool[i]!)) continue;
      seen[i] = true;
      if (owner[i]! < 0 || tryAssign(owner[i]!, seen)) {
        owner[i] = s;
        return true;
      }
    }
    return false;
  };
  for (let s = 0; s < slots.length; s++)
    if (!tryAssign(s, new Array<boolean>(pool.length).fill(false)))
      throw new Error('RuneWars: no Fate cards fit the hidden draws of the view');
  const taken: number[] = [];
  for (let i = 0; i < pool.length; i++)
    if (owner[i]! >= 0) {
      const [side, j] = slots[owner[i]!]!;
      f.cs[side]![j] = pool[i]!;
      taken.push(i);
    }
  for (let k = taken.length - 1; k >= 0; k--) pool.splice(taken[k]!, 1);
}
