/**
 * Shared driver of the property tests: random complete 7-year games, every action checked for the
 * invariants of RW-IMPL-41 and conservation (figures, rune tokens, strongholds, Order cards), and every
 * `checkEvery` actions for a JSON round trip, clone, sealed views (perturbHidden), sampled worlds and
 * legal actions independent of hidden information; each game replayed to the same state hash at the end.
 */
import type { GameEvent, PropertyTally, Rng, Seat } from '@tabula/engine';
import { runPropertyGames } from '@tabula/engine';
import { board, checkInvariants, ctrl, packOf, runewars } from '@tabula/runewars';
import type { Pack, RwAction, RwState } from '@tabula/runewars';

/**
 * Changes only what `seat` cannot see (RW-INFO-03..09, RW-INFO-16): the other hands (Tactics and
 * Quests shuffled with their decks, sizes kept; Objectives within their deck), other seats' sealed
 * Order picks, the identities of the rune tokens `seat` has not seen (the number of dragons kept),
 * every deck's order and the generator.
 */
export function perturbHidden(st: RwState, seat: Seat, rng: Rng): void {
  const others = st.p.map((_, s) => s).filter((s) => s !== seat);
  const tac = [...st.decks.tactics];
  for (const s of others) tac.push(...st.p[s]!.tac);
  rng.shuffle(tac);
  for (const s of others) st.p[s]!.tac = tac.splice(0, st.p[s]!.tac.length);
  st.decks.tactics = tac;
  const q = [...st.decks.quests];
  for (const s of others) q.push(...st.p[s]!.quests);
  rng.shuffle(q);
  for (const s of others) st.p[s]!.quests = q.splice(0, st.p[s]!.quests.length);
  st.decks.quests = q;
  for (const s of others) {
    const x = st.p[s]!;
    if (x.pick) {
      const hand: number[] = [];
      for (let n = 1; n <= 8; n++) if (x.hand & (1 << n)) hand.push(n);
      x.pick = rng.pick(hand);
    }
  }
  // Another seat's Objective: any card of his deck (RW-INFO-06); his sealed bid: any he could make (RW-INFO-05).
  for (const s of others) {
    const x = st.p[s]!;
    if (x.obj < 0) continue;
    const deck = st.decks.objectives[packOf(st.opts.data).objectives[x.obj]!.good ? 0 : 1]!;
    if (!deck.length) continue;
    const i = rng.int(deck.length);
    [x.obj, deck[i]] = [deck[i]!, x.obj];
  }
  for (const f of st.stack)
    if (f.k === 'bid' && f.step === 0)
      for (const s of others) if (f.b[s]! >= 0) f.b[s] = rng.int(st.p[s]!.inf + 1);
  const kn = seat >= 0 ? st.p[seat]!.kn : [];
  const hidden = st.rk
    .map((k, a) => (k >= 0 && !st.rup[a] && !kn.includes(st.rh[a]!) ? a : -1))
    .filter((a) => a >= 0);
  const kinds = rng.shuffle(hidden.map((a) => st.rk[a]!));
  hidden.forEach((a, i) => (st.rk[a] = kinds[i]!));
  for (const d of st.decks.seasons) rng.shuffle(d);
  // Exploration tokens (RW-EXPL-05, RW-INFO-13): the faces of the face-down tokens this seat has not seen,
  // shuffled among the areas with the same back.
  if (st.ex) {
    const ex = st.ex;
    const seen = seat >= 0 ? ex.kn[seat]! : [];
    for (const b of [1, 2]) {
      const areas = ex.t.map((t, a) => (t >= 0 && !ex.up[a] && ex.b[a] === b && !seen.includes(a) ? a : -1));
      const hidden = areas.filter((a) => a >= 0);
      const faces = rng.shuffle(hidden.map((a) => ex.t[a]!));
      hidden.forEach((a, i) => (ex.t[a] = faces[i]!));
    }
    // What another seat's Scroll of Sight showed him is his alone (RW-EXPL-32/34).
    for (const s of others) ex.kn[s] = [];
  }
  // Heroes: the Hero deck's order, and the Hero cards another seat drew and has not kept (RW-INFO-10).
  if (st.hero) {
    const deck = st.hero.deck;
    for (const f of st.stack)
      if (f.k === 'hdraw' && f.seat !== seat)
        for (let j = 0; j < f.got.length && deck.length; j++) {
          const i = rng.int(deck.length);
          const c = f.got[j]!;
          f.got[j] = deck[i]!;
          deck[i] = c;
        }
    rng.shuffle(deck);
    // Face-down Reward cards of another seat's heroes and of defeated heroes' stacks, and the Reward deck's
    // order (RW-REWARD-03, RW-HDEF-06): any unseen copies, in the same places.
    const hs = st.hero;
    const slots: [number[], number][] = [];
    for (let h = 0; h < hs.rw.length; h++)
      if (seat < 0 || hs.ctl[h] !== seat)
        hs.rw[h]!.forEach((c, j) => !hs.up.includes(c) && slots.push([hs.rw[h]!, j]));
    for (const m of hs.mk) m.forEach((c, j) => j > 0 && !hs.up.includes(c) && slots.push([m, j]));
    hs.rdeck.forEach((_, j) => slots.push([hs.rdeck, j]));
    const cards = rng.shuffle(slots.map(([a, j]) => a[j]!));
    slots.forEach(([a, j], i) => (a[j] = cards[i]!));
  }
  rng.shuffle(st.decks.fate);
  // A battle's drawn cards this seat has not seen trade places with deck cards that would be as hidden
  // (RW-FATE-07): a blank section, or a kind not revealed yet at this step.
  const p = packOf(st.opts.data);
  for (const f of st.stack) {
    // Diplomacy's drawn cards are the drawer's alone until he chooses one (RW-INFO-11): any deck card.
    if (f.k === 'diplo' && seat !== f.seat)
      for (let j = 0; j < f.cs.length && st.decks.fate.length; j++) {
        const i = rng.int(st.decks.fate.length);
        const c = f.cs[j]!;
        f.cs[j] = st.decks.fate[i]!;
        st.decks.fate[i] = c;
      }
    if (f.k !== 'battle') continue;
    for (let side = 0; side < 2; side++) {
      // Its drawer sees a side's cards (not a successor to a resigned neutrals' controller, R6).
      if (seat >= 0 && seat === (side === 0 ? f.seat : f.ctl) && !(side === 1 && f.nx)) continue;
      const t = f.ty[side]!;
      if (t < 0) continue;
      const sh = p.units[t]!.shape;
      const hidden = (c: number) => {
        const k = p.fate[c]!.kind[sh]!;
        return k === 0 || k > f.rev;
      };
      const cards = f.cs[side]!;
      for (let j = 0; j < f.kx[side]!; j++) {
        if (!hidden(cards[j]!)) continue;
        const pool = st.decks.fate.map((c, i) => (hidden(c) ? i : -1)).filter((i) => i >= 0);
        if (!pool.length) continue;
        const i = rng.pick(pool);
        const c = cards[j]!;
        cards[j] = st.decks.fate[i]!;
        st.decks.fate[i] = c;
      }
    }
  }
  st.rng = [rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30), rng.int(1 << 30)];
}

/**
 * A random player that seeks battles (the property runs' second driver): Mobilize and Conquer often, an
 * activation of an area held by an enemy or by neutrals near its units, and two or three units moved in.
 */
function seekBattles(legal: RwAction[], rng: Rng, st: RwState, seat: Seat): RwAction {
  const p = packOf(st.opts.data);
  const top = st.stack[st.stack.length - 1]!;
  if (top.k === 'orders' && rng.float() < 0.6) {
    const m = legal.filter((a) => a.type === 'order' && (a.n === 2 || a.n === 3));
    if (m.length) return rng.pick(m);
  }
  if (top.k === 'mob' && top.x < 0 && rng.float() < 0.8) {
    const b = board(st);
    const near = (a: number) =>
      b.adj[a]!.some((x) => st.own[x] === seat || b.adj[x]!.some((y) => st.own[y] === seat));
    const m = legal.filter(
      (a) => a.type === 'activate' && ctrl(st, a.area) !== seat && !isFree(st, p, a.area) && near(a.area),
    );
    if (m.length) return rng.pick(m);
  }
  if (top.k === 'mob' && top.x >= 0) {
    const drafts = legal.filter((a) => a.type === 'draft');
    if (drafts.length && top.d.length < 6 && rng.float() < 0.85) return rng.pick(drafts);
    return legal.find((a) => a.type === 'commit') ?? rng.pick(legal);
  }
  return rng.pick(legal);
}

/** An area with no units and no stronghold that is nobody's home (moving in starts no battle). */
function isFree(st: RwState, p: Pack, a: number): boolean {
  if (st.home[a]! >= 0 || st.sh[a]! >= 0) return false;
  for (let u = 0; u < p.U; u++) if (st.us[a * p.U + u]! + st.ur[a * p.U + u]!) return false;
  return true;
}

/**
 * The game with a count of the battles its actions start, the diplomacy attempts resolved (and their
 * gold results: neutrals allied), Rally Support's neutral units and the moves of allied neutral units
 * (the replay at the end counts them again).
 */
export const counted = {
  battles: 0,
  diplomacy: 0,
  gold: 0,
  rallied: 0,
  alliedMoves: 0,
  heroKept: 0,
  heroSteps: 0,
  heroTrained: 0,
  heroDeserted: 0,
  bids: 0,
  runesReceived: 0,
  objectives: 0,
  explored: 0,
  exploreChoices: 0,
  razed: 0,
  portals: 0,
  dungeons: 0,
  tactics: 0,
};
const countingGame = {
  ...runewars,
  apply(st: RwState, seat: Seat, a: RwAction, log?: GameEvent[]) {
    const l: GameEvent[] = log ?? [];
    if (a.type === 'draft' && packOf(st.opts.data).units[a.u]?.faction === -1) counted.alliedMoves++;
    const r = runewars.apply(st, seat, a, l);
    for (const e of l)
      if (e.key === 'rw.ev.battle') counted.battles++;
      else if (e.key === 'rw.ev.diplomacy') {
        counted.diplomacy++;
        if (e.params?.destiny === 'gold') counted.gold++;
      } else if (e.key === 'rw.ev.rallyNeutral') counted.rallied++;
      else if (e.key === 'rw.ev.heroKept') counted.heroKept++;
      else if (e.key === 'rw.ev.heroStep') counted.heroSteps++;
      else if (e.key === 'rw.ev.heroTrained' || e.key === 'rw.ev.heroTrainedOne') counted.heroTrained++;
      else if (e.key === 'rw.ev.heroDeserted') counted.heroDeserted++;
      else if (e.key === 'rw.ev.bids') counted.bids++;
      else if (e.key === 'rw.ev.runeReceived') counted.runesReceived++;
      else if (e.key === 'rw.ev.objectiveClaimed') counted.objectives++;
      else if (e.key === 'rw.ev.explored') counted.explored++;
      else if (e.key === 'rw.ev.scroll' || e.key === 'rw.ev.trainingToken') counted.exploreChoices++;
      else if (e.key === 'rw.ev.razed') counted.razed++;
      else if (e.key === 'rw.ev.portal') counted.portals++;
      else if (e.key === 'rw.ev.dungeon') counted.dungeons++;
      else if (e.key === 'rw.ev.tacticPlayed') counted.tactics++;
    return r;
  },
};

/** `count` random complete games of `players` seats, seeds `${prefix}-${players}-${from}…`. */
export function runGames(
  players: number,
  from: number,
  count: number,
  prefix: string,
  checkEvery: number,
  seek = false,
  options?: unknown,
): PropertyTally {
  return runPropertyGames<RwState>(
    countingGame,
    Array.from({ length: count }, (_, i) => ({
      seats: players,
      seed: `${prefix}-${players}-${from + i}`,
      options,
      checkEvery,
      invariants: checkInvariants,
      perturbHidden,
      maxActions: 50_000,
      choose: seek
        ? (legal: unknown[], rng: Rng, st: RwState, seat: Seat) =>
            seekBattles(legal as RwAction[], rng, st, seat)
        : undefined,
    })),
  );
}
