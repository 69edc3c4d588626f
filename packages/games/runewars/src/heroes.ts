/**
 * Heroes (07-heroes-quests-duels.md, M4 part 1, with the option `heroes: 'on'`): the starting hero
 * (RW-SETUP-11, RW-DP-08), Rally Support's Supremacy (RW-RALLY-08..11, RW-DP-53), the limit of three
 * and desertion (RW-HERO-05, RW-DESERT-02..04, RW-DP-85), an eliminated player's heroes (RW-ELIM-02), and
 * the summer Quest Phase (RW-QPH-*, RW-DP-14/15/17): Move one area at a time up to the hero's reach
 * (RW-HMOVE-02/06/07, rune tokens seen on the way, RW-HMOVE-10), Heal in a friendly area, Train.
 * Quests, duels, Reward cards and battle support come later: a Move ends with neither a duel nor a quest.
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK, shuffle } from '@tabula/engine';
import { board, crossable, ctrl, fail, only, pk, playOrder, see, strongholdsOf } from './common.js';
import { attempt, damageHero, questsFor } from './quests.js';
import { heroMovedWindow } from './tactics.js';
import { drawFate } from './fight.js';
import { cloaked, duelsFor, heroDuel } from './duels.js';
import { applyPassive, givesAround, giveReward } from './rewards.js';
import type { Frame, HeroSt, RwAction, RwState } from './types.js';
import {
  actionEnded,
  endMove,
  heroEntered,
  moveMustEnd,
  payPortal,
  portalLink,
  portalSteps,
} from './explore.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

export const heroesOn = (st: RwState): boolean => st.opts.heroes === 'on';

/** A seat's heroes, in canonical order (RW-DP-88: heroes by name). */
export function heroesOf(st: RwState, seat: Seat): number[] {
  const h = st.hero;
  const out: number[] = [];
  if (!h) return out;
  const byName = canon(st);
  for (let i = 0; i < byName.length; i++) if (h.ctl[byName[i]!] === seat) out.push(byName[i]!);
  return out;
}

const canonCache = new WeakMap<object, number[]>();
/** Hero indices sorted by English name (RW-DP-88). */
function canon(st: RwState): number[] {
  const p = pk(st);
  let c = canonCache.get(p);
  if (!c) {
    c = p.heroes.map((_, i) => i).sort((a, b) => (p.heroes[a]!.name.en < p.heroes[b]!.name.en ? -1 : 1));
    canonCache.set(p, c);
  }
  return c;
}

/** RW-HERO-09: printed value + training (+ the Tomes of Lore read, for Wisdom), never below 0. */
export function attribute(st: RwState, h: number, a: number): number {
  const hs = st.hero!;
  return Math.max(0, pk(st).heroes[h]!.att[a]! + hs.tr[h * 3 + a]! + (a === 2 ? hs.tb[h]! : 0));
}

/** Fate cards an attribute test of hero `h` draws (RW-TEST-01): the attribute, plus its ability's extra (Laurel). */
export function testCards(st: RwState, h: number, a: number): number {
  return attribute(st, h, a) + pk(st).heroes[h]!.testExtra[a]!;
}

/* ------------------------------------------------------------------ setup step 7 (RW-SETUP-11) */

/**
 * Deals each player a hero from the pre-deck of his faction's alignment (good or evil), the rest of the
 * Hero cards shuffled into one Hero deck; each places his in a home realm area (RW-DP-08), clockwise
 * from the first player. A seat that resigned during setup gets none (docs, R1).
 */
export function startingHeroes(st: RwState, log: EventSink): void {
  const p = pk(st);
  const H = p.heroes.length;
  const hs: HeroSt = {
    ctl: new Array<number>(H).fill(-1),
    at: new Array<number>(H).fill(-1),
    dmg: new Array<number>(H).fill(0),
    rt: new Array<number>(H).fill(0),
    tr: new Array<number>(H * 3).fill(0),
    deck: [],
    // The Reward deck: its order is never used, each draw takes a card at random (RW-RAND-02).
    rdeck: p.rewardDeck.map((_, i) => i),
    rdisc: [],
    rw: Array.from({ length: H }, () => []),
    up: [],
    mk: [],
    qr: [],
    tb: new Array<number>(H).fill(0),
  };
  st.hero = hs;
  const pile = (al: number) => {
    const out: number[] = [];
    for (let i = 0; i < H; i++) if (p.heroes[i]!.align === al) out.push(i);
    return shuffle(st.rng, out);
  };
  const good = pile(1);
  const evil = pile(-1);
  const dealt: [Seat, number][] = [];
  for (let i = 0; i < st.n; i++) {
    const s = (st.first + i) % st.n;
    if (st.p[s]!.out || st.fac[s]! < 0) continue;
    const h = (p.factions[st.fac[s]!]!.good ? good : evil).pop();
    if (h === undefined) continue;
    hs.ctl[h] = s;
    dealt.push([s, h]);
    emit(log, 'rw.ev.heroDealt', { seat: s, hero: h }, ['RW-SETUP-11']);
  }
  for (let i = 0; i < H; i++) if (hs.ctl[i] === -1) hs.deck.push(i);
  shuffle(st.rng, hs.deck);
  for (let i = dealt.length - 1; i >= 0; i--)
    st.stack.push({ k: 'hstart', seat: dealt[i]![0], h: dealt[i]![1] });
}

function homeAreas(st: RwState, seat: Seat): number[] {
  const out: number[] = [];
  const on = board(st).on;
  for (let i = 0; i < on.length; i++) if (st.home[on[i]!] === seat) out.push(on[i]!);
  return out;
}

function place(st: RwState, seat: Seat, h: number, area: number, log: EventSink, rule: string): void {
  st.hero!.at[h] = area;
  see(st, seat, area); // RW-RUNE-20: a hero's controller may look at the token of its area
  emit(log, 'rw.ev.heroPlaced', { seat, hero: h, area }, [rule, 'RW-HERO-04']);
}

export const hstartDecision: Decision<RwState, F<'hstart'>, RwAction> = {
  prompt: 'rw.heroStart',
  rule: 'RW-SETUP-11',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { hero: f.h } }),
  offers(st, _f, seat, out) {
    for (const a of homeAreas(st, seat)) out.push({ type: 'heroAt', area: a });
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type !== 'heroAt') return fail('wrongAction', 'Place your hero in your home realm.', 'RW-DP-08');
    if (!homeAreas(st, seat).includes(a.area))
      return fail('notHome', 'Your starting hero goes to an area of your home realm.', 'RW-SETUP-11');
    st.stack.pop();
    place(st, seat, f.h, a.area, log, 'RW-SETUP-11');
    return OK;
  },
  // RW-DP-89 (DP-08): the hero in the stronghold area.
  byDefault(st, _f, seat) {
    const hs = homeAreas(st, seat);
    const a = hs.find((x) => st.sh[x] === seat) ?? hs[0];
    return a === undefined ? null : { type: 'heroAt', area: a };
  },
};

/* ------------------------------------------------------------------ Rally Support's Supremacy (RW-RALLY-08..11) */

/** Whether Rally Support's Supremacy can draw heroes: influence, a Hero deck, a stronghold (RW-RALLY-11). */
export function rallyHeroesApply(st: RwState, seat: Seat): boolean {
  return (
    heroesOn(st) &&
    !!st.hero &&
    st.hero.deck.length > 0 &&
    st.p[seat]!.inf > 0 &&
    strongholdsOf(st, seat).length > 0
  );
}

export function runHdraw(st: RwState, f: F<'hdraw'>, log: EventSink): boolean {
  // A hero kept with a single stronghold area goes there at once (one legal answer).
  if (f.step === 2) {
    const sh = strongholdsOf(st, f.seat);
    if (sh.length === 1) {
      st.stack.pop();
      place(st, f.seat, f.h, sh[0]!, log, 'RW-RALLY-09');
      gained(st, f.seat, f.h);
      return false;
    }
  }
  return true;
}

function gained(st: RwState, seat: Seat, h: number): void {
  // RW-HERO-05: a fourth hero — one of them deserts.
  if (heroesOf(st, seat).length > pk(st).heroRules.limit) st.stack.push({ k: 'desert', seat, h });
}

/** Heroes' Call (RW-DP-82): each player in play order with influence, a Hero card to draw and a stronghold. */
export function heroesCall(st: RwState, max: number, log: EventSink): void {
  if (!heroesOn(st)) {
    emit(log, 'rw.ev.seasonNoHeroes', {}, ['RW-SEASON-03']);
    return;
  }
  const order = playOrder(st);
  for (let i = order.length - 1; i >= 0; i--) {
    const s = order[i]!;
    if (!st.p[s]!.out && st.p[s]!.inf > 0 && st.hero!.deck.length && strongholdsOf(st, s).length)
      st.stack.push({ k: 'hdraw', seat: s, step: 0, got: [], h: -1, max });
  }
}

/** RW-QPH-05..07: the Train actions open to his heroes on the board (Tournament of Champions). */
export function trainOffers(st: RwState, seat: Seat, out: RwAction[] | null): number {
  let n = 0;
  for (const h of heroesOf(st, seat)) if (st.hero!.at[h]! >= 0) n += trainings(st, h, out);
  return n;
}

/** A Train action (validated by the caller): +1/+1 on two attributes or the points on one (RW-QPH-05..07). */
export function train(
  st: RwState,
  seat: Seat,
  h: number,
  a: number,
  b: number,
  log: EventSink,
  rules: string[],
): void {
  const hs = st.hero!;
  const max = pk(st).heroRules.trainMax;
  if (a !== b) {
    hs.tr[h * 3 + a]!++;
    hs.tr[h * 3 + b]!++;
  } else hs.tr[h * 3 + a] = Math.min(max, hs.tr[h * 3 + a]! + pk(st).heroRules.trainPoints);
  emit(
    log,
    a === b ? 'rw.ev.heroTrainedOne' : 'rw.ev.heroTrained',
    { seat, hero: h, attr: a, attr2: b },
    rules,
  );
}

export const hdrawDecision: Decision<RwState, F<'hdraw'>, RwAction> = {
  prompt: 'rw.heroDraw',
  rule: 'RW-RALLY-08',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { step: f.step, heroes: f.got.slice() } }),
  offers(st, f, seat, out) {
    if (f.step === 0) {
      const max = Math.min(f.max ?? pk(st).heroRules.rallyDraw, st.p[seat]!.inf, st.hero!.deck.length);
      for (let n = 0; n <= max; n++) out.push({ type: 'heroDraw', n });
    } else if (f.step === 1) {
      for (const h of f.got) out.push({ type: 'keepHero', h });
      out.push({ type: 'keepHero', h: -1 });
    } else for (const a of strongholdsOf(st, seat)) out.push({ type: 'heroAt', area: a });
  },
  answer(st, f, seat, a, log): ApplyResult {
    const hs = st.hero!;
    const p = pk(st);
    if (f.step === 0) {
      if (a.type !== 'heroDraw')
        return fail('wrongAction', 'Say how much influence to spend on Hero cards.', 'RW-RALLY-08');
      const max = Math.min(f.max ?? p.heroRules.rallyDraw, st.p[seat]!.inf, hs.deck.length);
      if (!Number.isInteger(a.n) || a.n < 0 || a.n > max)
        return fail('badSpend', `Spend from 0 to ${max} influence.`, 'RW-RALLY-08', { max });
      if (a.n === 0) {
        st.stack.pop();
        emit(log, 'rw.ev.heroDraw', { seat, n: 0 }, ['RW-RALLY-08']);
        return OK;
      }
      st.p[seat]!.inf -= a.n;
      for (let i = 0; i < a.n; i++) f.got.push(hs.deck.pop()!);
      f.step = 1;
      emit(log, 'rw.ev.heroDraw', { seat, n: a.n }, ['RW-RALLY-08', 'RW-INFO-10']);
      return OK;
    }
    if (f.step === 1) {
      if (a.type !== 'keepHero' || (a.h !== -1 && !f.got.includes(a.h)))
        return fail('notDrawn', 'Keep one of the Hero cards you drew, or none.', 'RW-RALLY-08');
      // RW-RALLY-08, RW-RAND-02: the others are shuffled back into the Hero deck.
      for (const h of f.got) if (h !== a.h) hs.deck.push(h);
      shuffle(st.rng, hs.deck);
      f.got = [];
      if (a.h < 0) {
        st.stack.pop();
        emit(log, 'rw.ev.heroNone', { seat }, ['RW-RALLY-11']);
        return OK;
      }
      hs.ctl[a.h] = seat;
      f.h = a.h;
      f.step = 2;
      emit(log, 'rw.ev.heroKept', { seat, hero: a.h }, ['RW-RALLY-08', 'RW-HERO-01']);
      return OK;
    }
    if (a.type !== 'heroAt' || st.sh[a.area] !== seat)
      return fail(
        'noStronghold',
        'Your new hero goes to an area with one of your strongholds.',
        'RW-RALLY-09',
      );
    st.stack.pop();
    place(st, seat, f.h, a.area, log, 'RW-RALLY-09');
    gained(st, seat, f.h);
    return OK;
  },
  // RW-DP-89 (DP-53): spend nothing; keep none; the first stronghold area in canonical order.
  byDefault(st, f, seat) {
    if (f.step === 0) return { type: 'heroDraw', n: 0 };
    if (f.step === 1) return { type: 'keepHero', h: -1 };
    const sh = strongholdsOf(st, seat);
    return sh.length ? { type: 'heroAt', area: sh[0]! } : null;
  },
};

const heroesCallDecision: Decision<RwState, F<'hdraw'>, RwAction> = {
  ...hdrawDecision,
  prompt: 'rw.heroesCall',
  rule: 'RW-DP-82',
};

/** Rally Support's Supremacy, or the same procedure for Heroes' Call (`max` set). */
export const hdrawDecisionOf = (_st: RwState, f: F<'hdraw'>) =>
  f.max === undefined ? hdrawDecision : heroesCallDecision;

/* ------------------------------------------------------------------ desertion (RW-HERO-05, RW-DESERT-*) */

/** RW-DESERT-02/04: off the board, shuffled back into the Hero deck, its tokens back to the supply. */
export function returnHero(st: RwState, h: number): void {
  const hs = st.hero!;
  // RW-DESERT-02: its Reward cards face up on the Reward discard pile.
  for (const c of hs.rw[h]!) {
    hs.rdisc.push(c);
    if (!hs.up.includes(c)) hs.up.push(c);
  }
  hs.rw[h] = [];
  hs.ctl[h] = -1;
  hs.at[h] = -1;
  hs.dmg[h] = 0;
  hs.rt[h] = 0;
  hs.tr[h * 3] = hs.tr[h * 3 + 1] = hs.tr[h * 3 + 2] = 0;
  hs.tb[h] = 0; // the Tome's Wisdom goes with the tokens (RW-DESERT-04)
  hs.deck.push(h);
  shuffle(st.rng, hs.deck);
}

/** RW-ELIM-02: an eliminated (or resigned) player's heroes leave the board, their cards shuffled back. */
export function returnHeroes(st: RwState, seat: Seat): void {
  const hs = st.hero;
  if (!hs) return;
  for (let h = 0; h < hs.ctl.length; h++) if (hs.ctl[h] === seat) returnHero(st, h);
}

export const desertDecision: Decision<RwState, F<'desert'>, RwAction> = {
  prompt: 'rw.desert',
  rule: 'RW-HERO-05',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(st, _f, seat, out) {
    for (const h of heroesOf(st, seat)) out.push({ type: 'desert', h });
  },
  answer(st, _f, seat, a, log): ApplyResult {
    if (a.type !== 'desert' || st.hero!.ctl[a.h] !== seat)
      return fail('notYourHero', 'Choose one of your heroes to desert.', 'RW-HERO-05');
    st.stack.pop();
    returnHero(st, a.h);
    emit(log, 'rw.ev.heroDeserted', { seat, hero: a.h }, ['RW-HERO-05', 'RW-DESERT-02', 'RW-DESERT-03']);
    return OK;
  },
  // RW-DP-89 (DP-85): the hero just gained deserts.
  byDefault: (_st, f) => ({ type: 'desert', h: f.h }),
};

/* ------------------------------------------------------------------ the Quest Phase (RW-QPH-*) */

/**
 * Summer's secondary ability (RW-SEASON-14/15, RW-QPH-01): heroes with regeneration heal first, then
 * each player with heroes takes his step in the standard play order of spring's Orders.
 */
export function questPhase(st: RwState, log: EventSink): void {
  const hs = st.hero;
  if (!hs) return;
  const p = pk(st);
  emit(log, 'rw.ev.questPhase', {}, ['RW-QPH-01']);
  for (let h = 0; h < hs.ctl.length; h++) {
    const r = p.heroes[h]!.regen;
    if (r && hs.ctl[h]! >= 0 && hs.dmg[h]! > 0) {
      const n = Math.min(r, hs.dmg[h]!);
      hs.dmg[h]! -= n;
      emit(log, 'rw.ev.heroRegen', { seat: hs.ctl[h], hero: h, n }, ['RW-HERO-07']);
    }
  }
  const order = playOrder(st);
  for (let i = order.length - 1; i >= 0; i--) {
    const s = order[i]!;
    if (!st.p[s]!.out && heroesOf(st, s).length)
      st.stack.push({ k: 'qph', seat: s, acted: [], h: -1, left: 0 });
  }
}

/** RW-QPH-05..07: the Train distributions still possible for a hero (pairs a < b, or (a, a) for all points on one). */
function trainings(st: RwState, h: number, out: RwAction[] | null): number {
  const hs = st.hero!;
  const max = pk(st).heroRules.trainMax;
  let n = 0;
  let pair = false;
  for (let a = 0; a < 3; a++)
    for (let b = a + 1; b < 3; b++)
      if (hs.tr[h * 3 + a]! < max && hs.tr[h * 3 + b]! < max) {
        pair = true;
        n++;
        out?.push({ type: 'train', h, a, b });
      }
  for (let a = 0; a < 3; a++) {
    const t = hs.tr[h * 3 + a]!;
    // +2 on one attribute, or the only point left (RW-QPH-07).
    if (t + 2 <= max || (!pair && t < max)) {
      n++;
      out?.push({ type: 'train', h, a, b: a });
    }
  }
  return n;
}

/** Areas a hero may step into from `a` (borders apply, RW-HMOVE-06; summer: no winter). */
function steps(st: RwState, a: number, h: number, out: RwAction[] | null): number {
  const b = board(st);
  const adj = b.adj[a]!;
  const edge = b.edge[a]!;
  const winter = st.season === 3;
  let n = 0;
  for (let i = 0; i < adj.length; i++)
    if (crossable(edge[i]!, false, winter)) {
      n++;
      out?.push({ type: 'step', h, to: adj[i]! });
    }
  return n;
}

/** The Boots of Striding under hero `h` (instance, -1 none). */
function bootsOf(st: RwState, h: number): number {
  const p = pk(st);
  for (const c of st.hero!.rw[h]!) if (p.rewards[p.rewardDeck[c]!]!.effect === 'boots') return c;
  return -1;
}

const canHeal = (st: RwState, h: number, seat: Seat) =>
  st.hero!.dmg[h]! > 0 && ctrl(st, st.hero!.at[h]!) === seat;

/** Everything offered in a Quest Phase step (or its count, with `out` null). */
function qphOffers(st: RwState, f: F<'qph'>, seat: Seat, out: RwAction[] | null): number {
  const hs = st.hero!;
  let n = 0;
  if (f.h >= 0 && f.left > 0 && hs.ctl[f.h] === seat)
    n += steps(st, hs.at[f.h]!, f.h, out) + portalSteps(st, seat, !!f.pp, f.h, hs.at[f.h]!, out);
  // RW-DP-16, RW-REWARD-06: the hero acting (moving, passing through, or just arrived) trades Reward cards
  // with his other heroes of its area.
  if (f.h >= 0) n += givesAround(st, seat, f.h, out);
  // Exploration: a hero's Move ends in words before anything else (RW-EXPL-06, explore.ts).
  if (moveMustEnd(st, f)) {
    out?.push({ type: 'stop', h: f.h });
    return n + 1;
  }
  // RW-QUEST-05, RW-QPH-12: after its Move (of 0, 1 or 2 areas) a hero may attempt a quest where it stands.
  if (f.h >= 0 && hs.ctl[f.h] === seat) n += questsFor(st, seat, f.h, out) + duelsFor(st, seat, f.h, out);
  for (const h of heroesOf(st, seat)) {
    if (f.acted.includes(h) || hs.at[h]! < 0) continue;
    n += questsFor(st, seat, h, out) + duelsFor(st, seat, h, out);
    if (!hs.rt[h] && pk(st).heroes[h]!.move > 0)
      n += steps(st, hs.at[h]!, h, out) + portalSteps(st, seat, false, h, hs.at[h]!, out); // RW-QPH-03, RW-HMOVE-05
    if (canHeal(st, h, seat)) {
      n++;
      out?.push({ type: 'heal', h });
    }
    n += trainings(st, h, out);
  }
  return n;
}

/**
 * The step ends by itself once nothing is left to do (all heroes acted, no steps left). A hero's action that
 * went on in a duel or quest is over when they are (`ka`): its after-action ability comes then (Krutzbek).
 */
export function runQph(st: RwState, f: F<'qph'>): boolean {
  if (st.p[f.seat]!.out) {
    st.stack.pop();
    return false;
  }
  if (f.ka !== undefined && f.ka >= 0) {
    const h = f.ka;
    f.ka = -1;
    if (actionOver(st, f.seat, h)) return false;
  }
  if (qphOffers(st, f, f.seat, null) === 0) {
    st.stack.pop();
    if (f.h >= 0) actionOver(st, f.seat, f.h); // the last Move is over with the step
    return false;
  }
  return true;
}

/* ------------------------------------------------------------------ after a hero's action (Krutzbek) */

/** Enemy heroes in hero `h`'s area, canonical order (its `strike` targets); their count. */
function strikeTargets(st: RwState, h: number, out: RwAction[] | null): number {
  const hs = st.hero!;
  const a = hs.at[h]!;
  const seat = hs.ctl[h]!;
  let n = 0;
  for (let t = 0; t < hs.ctl.length; t++)
    if (hs.ctl[t]! >= 0 && hs.ctl[t] !== seat && hs.at[t] === a) {
      n++;
      out?.push({ type: 'heroHit', h, target: t });
    }
  return n;
}

/**
 * Hero `h`'s Quest Phase action is over (RW-QPH-02): a hero with `strike` (Krutzbek, data.md §9) deals that
 * much damage to one enemy hero in his area, asked in a `strike` frame; true if one was pushed.
 */
export function actionOver(st: RwState, seat: Seat, h: number): boolean {
  const hs = st.hero!;
  if (!pk(st).heroes[h]!.strike || hs.ctl[h] !== seat || hs.at[h]! < 0 || st.p[seat]!.out) return false;
  if (strikeTargets(st, h, null) === 0) return false;
  st.stack.push({ k: 'strike', seat, h });
  return true;
}

function strike(st: RwState, f: F<'strike'>, t: number, log: EventSink): void {
  st.stack.splice(st.stack.lastIndexOf(f), 1);
  emit(log, 'rw.ev.heroStrike', { seat: f.seat, hero: f.h, target: t }, ['RW-QPH-02', 'RW-HERO-07']);
  damageHero(st, t, pk(st).heroes[f.h]!.strike, log, 'RW-QPH-02');
}

/** A single target is hit at once; none left (the hero or its targets gone), nothing happens. */
export function runStrike(st: RwState, f: F<'strike'>, log: EventSink): boolean {
  const hs = st.hero!;
  const ok: RwAction[] = [];
  if (hs.ctl[f.h] === f.seat && hs.at[f.h]! >= 0 && !st.p[f.seat]!.out) strikeTargets(st, f.h, ok);
  if (ok.length > 1) return true;
  if (ok.length === 1) strike(st, f, (ok[0] as { target: number }).target, log);
  else st.stack.splice(st.stack.lastIndexOf(f), 1);
  return false;
}

export const strikeDecision: Decision<RwState, F<'strike'>, RwAction> = {
  prompt: 'rw.strike',
  rule: 'RW-QPH-02',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { hero: f.h } }),
  offers(st, f, _seat, out) {
    strikeTargets(st, f.h, out);
  },
  answer(st, f, _seat, a, log): ApplyResult {
    const ok: RwAction[] = [];
    strikeTargets(st, f.h, ok);
    if (a.type !== 'heroHit' || a.h !== f.h || !ok.some((x) => x.type === 'heroHit' && x.target === a.target))
      return fail('strikeTarget', 'Choose an enemy hero in the area of your hero.', 'RW-QPH-02');
    strike(st, f, a.target, log);
    return OK;
  },
  // RW-DP-89: the first enemy hero in canonical order.
  byDefault(st, f) {
    const ok: RwAction[] = [];
    strikeTargets(st, f.h, ok);
    return ok[0] ?? null;
  },
};

export const qphDecision: Decision<RwState, F<'qph'>, RwAction> = {
  prompt: 'rw.questPhase',
  rule: 'RW-QPH-02',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { hero: f.h, left: f.left, acted: f.acted.slice() } }),
  offers(st, f, seat, out) {
    qphOffers(st, f, seat, out);
    if (!moveMustEnd(st, f)) out.push({ type: 'done' });
  },
  answer(st, f, seat, a, log): ApplyResult {
    // A hero's Move is over once its player turns to anything else (RW-QPH-11): its after-action ability.
    const prev = f.h;
    const r = answerQph(st, f, seat, a, log);
    if (r === OK && prev >= 0 && (a.type === 'done' || (f.h !== prev && f.ka !== prev)))
      actionOver(st, seat, prev);
    return r;
  },
  // RW-DP-89 (DP-14/15): no further action (a moving hero stops where it stands).
  byDefault: (st, f) => (moveMustEnd(st, f) ? { type: 'stop', h: f.h } : { type: 'done' }),
};

function answerQph(st: RwState, f: F<'qph'>, seat: Seat, a: RwAction, log: EventSink): ApplyResult {
  const hs = st.hero!;
  const p = pk(st);
  if (a.type === 'stop') {
    if (f.h < 0 || a.h !== f.h || f.left <= 0)
      return fail('notMoving', 'That hero is not moving.', 'RW-EXPL-06');
    moveEnded(st, f, f.h, log);
    return OK;
  }
  if (a.type === 'give') {
    const ok: RwAction[] = [];
    if (f.h >= 0) givesAround(st, seat, f.h, ok);
    if (!ok.some((x) => x.type === 'give' && x.c === a.c && x.to === a.to))
      return fail(
        'giveMoving',
        'Reward cards pass between your hero that is acting and your other heroes in its area.',
        'RW-DP-16',
      );
    giveReward(st, seat, a.c, a.to, ['RW-DP-16', 'RW-REWARD-06'], log);
    return OK;
  }
  if (moveMustEnd(st, f) && !(a.type === 'step' && a.h === f.h))
    return fail('endMove', 'Finish the move of your hero first: go on, or stop here.', 'RW-EXPL-06');
  if (a.type === 'done') {
    st.stack.pop();
    emit(log, 'rw.ev.questPhaseDone', { seat }, ['RW-QPH-02']);
    return OK;
  }
  if (a.type !== 'step' && a.type !== 'heal' && a.type !== 'train' && a.type !== 'quest' && a.type !== 'duel')
    return fail('wrongAction', 'Give your heroes their actions: Move, Heal or Train.', 'RW-QPH-02');
  const h = a.h;
  if (!Number.isInteger(h) || hs.ctl[h] !== seat || hs.at[h]! < 0)
    return fail('notYourHero', 'That is not one of your heroes.', 'RW-HERO-01');
  if (a.type === 'duel') {
    // RW-DUEL-01/13, RW-QUEST-09: right after its own Move, once; its action ends with the duel.
    if (f.h !== h && f.acted.includes(h))
      return fail('duelMove', 'A hero starts a duel right after its own Move.', 'RW-DUEL-01');
    if (hs.rt[h]) return fail('duelRouted', 'A routed hero cannot start a duel.', 'RW-DUEL-10');
    const ok: RwAction[] = [];
    duelsFor(st, seat, h, ok);
    if (!ok.some((x) => x.type === 'duel' && x.target === a.target))
      return fail('duelHere', 'Challenge an enemy hero in the area where this hero stands.', 'RW-DUEL-01');
    // Cloak of Shadows face down: named, it turns face up and the duel does not start (docs, H20); the
    // hero may still do what is left to it after its Move.
    const cloak = cloaked(st, h, a.target);
    if (cloak >= 0) {
      applyPassive(st, hs.ctl[a.target]!, a.target, cloak, log, ['RW-DUEL-01']);
      emit(log, 'rw.ev.cloak', { seat, hero: h, target: a.target }, ['RW-DUEL-01', 'RW-REWARD-08']);
      if (!f.acted.includes(h)) f.acted.push(h); // a Move of 0 areas (RW-QPH-12)
      f.h = h;
      f.left = 0;
      return OK;
    }
    if (!f.acted.includes(h)) f.acted.push(h);
    f.h = -1;
    f.left = 0;
    f.ka = h;
    heroDuel(st, seat, h, a.target, log);
    return OK;
  }
  if (a.type === 'quest') {
    if (f.h !== h && f.acted.includes(h))
      return fail('questMove', 'A hero attempts a quest right after its own Move.', 'RW-QUEST-08');
    if (hs.rt[h]) return fail('questRouted', 'A routed hero cannot attempt a quest.', 'RW-QUEST-08');
    const ok: RwAction[] = [];
    questsFor(st, seat, h, ok);
    if (!ok.some((x) => x.type === 'quest' && x.card === a.card))
      return fail(
        'questHere',
        'Attempt a Quest card of your hand in the area it names, where this hero stands.',
        'RW-QUEST-05',
      );
    if (!f.acted.includes(h)) f.acted.push(h); // a Move of 0 areas (RW-QPH-12)
    f.h = -1;
    f.left = 0;
    f.ka = h;
    attempt(st, seat, h, a.card, log);
    return OK;
  }
  const moving = a.type === 'step' && f.h === h && f.left > 0;
  if (!moving && f.acted.includes(h))
    return fail('acted', 'That hero has taken its action this Quest Phase.', 'RW-QPH-13');
  if (a.type === 'step') {
    if (!moving && hs.rt[h]) return fail('routed', 'A routed hero cannot move.', 'RW-HMOVE-05');
    const from = hs.at[h]!;
    const b = board(st);
    const i = b.adj[from]!.indexOf(a.to);
    const open = i >= 0 && crossable(b.edge[from]![i]!, false, st.season === 3);
    // RW-EXPL-22/23: a portal link, paid once per Move action.
    const portal = !open && portalLink(st, seat, moving && !!f.pp, from, a.to);
    if (!open && !portal)
      return fail(
        'notAdjacent',
        'A hero moves one area at a time, across a border it may cross.',
        'RW-HMOVE-06',
      );
    if (!moving) {
      if (p.heroes[h]!.move <= 0) return fail('noMove', 'This hero cannot move.', 'RW-QPH-03');
      f.acted.push(h);
      f.h = h;
      f.left = p.heroes[h]!.move;
      if (f.pp) f.pp = 0;
      // Boots of Striding: a Move of up to 3 areas, fixed as the Move starts (docs, H18).
      const bo = bootsOf(st, h);
      if (bo >= 0) f.left = Math.max(f.left, p.rewards[p.rewardDeck[bo]!]!.n);
      if (bo >= 0 || f.bo !== undefined) f.bo = bo;
    }
    if (portal && !f.pp) {
      payPortal(st, seat, log);
      f.pp = 1;
    }
    f.left--;
    // The step past its printed Move is the Boots' own: they turn face up (RW-REWARD-02/08).
    if (
      f.bo !== undefined &&
      f.bo >= 0 &&
      Math.max(p.heroes[h]!.move, p.rewards[p.rewardDeck[f.bo]!]!.n) - f.left > p.heroes[h]!.move
    ) {
      if (!hs.up.includes(f.bo)) hs.up.push(f.bo);
      emit(log, 'rw.ev.rewardUsed', { seat, hero: h, reward: p.rewardDeck[f.bo] }, [
        'RW-REWARD-02',
        'RW-REWARD-08',
      ]);
      f.bo = -1;
    }
    hs.at[h] = a.to;
    see(st, seat, a.to); // RW-HMOVE-10: the rune token of every area entered
    emit(log, 'rw.ev.heroStep', { seat, hero: h, area: a.to }, [
      'RW-QPH-03',
      'RW-HMOVE-02',
      'RW-HMOVE-07',
      'RW-QPH-14',
    ]);
    heroEntered(st, f, h, log); // RW-EXPL-24/25: a Dungeon stops it
    if (f.left === 0) moveEnded(st, f, h, log); // RW-EXPL-06: the flip at the end of the move
    return OK;
  }
  if (a.type === 'heal') {
    if (!canHeal(st, h, seat))
      return fail('healFriendly', 'A hero heals only in an area you control.', 'RW-QPH-04');
    f.acted.push(h);
    f.h = -1;
    hs.dmg[h] = 0;
    emit(log, 'rw.ev.heroHealed', { seat, hero: h }, ['RW-QPH-04', 'RW-HERO-07']);
    actionEnded(st, seat, h, log); // RW-EXPL-26..28
    actionOver(st, seat, h);
    return OK;
  }
  const legal: RwAction[] = [];
  trainings(st, h, legal);
  if (!legal.some((x) => x.type === 'train' && x.a === a.a && x.b === a.b))
    return fail('trainLimit', 'An attribute takes at most +2 in training.', 'RW-QPH-06');
  f.acted.push(h);
  f.h = -1;
  train(st, seat, h, a.a, a.b, log, ['RW-QPH-05', 'RW-QPH-06', 'RW-QPH-07']);
  actionEnded(st, seat, h, log); // RW-EXPL-26..28
  actionOver(st, seat, h);
  return OK;
}

/**
 * Hero `h`'s Move has ended (RW-QPH-03): the window of the area's controller (Ambush, data.md §13), then the
 * exploration token's flip (explore.ts), which resolves first.
 */
function moveEnded(st: RwState, f: F<'qph'>, h: number, log: EventSink): void {
  heroMovedWindow(st, h);
  endMove(st, f, h, log);
}

/** The heroes' tokens a controller may look at (RW-RUNE-20): those of the areas his heroes stand in. */
export function lookWithHeroes(st: RwState): void {
  const hs = st.hero;
  if (!hs) return;
  for (let h = 0; h < hs.ctl.length; h++)
    if (hs.ctl[h]! >= 0 && hs.at[h]! >= 0) see(st, hs.ctl[h]!, hs.at[h]!);
}

/* ------------------------------------------------------------------ desertion by Season cards (RW-DESERT-01) */

/**
 * RW-DESERT-01, RW-HERO-08 (data.md §9): every hero in play, in play order and canonical order, tests its
 * Wisdom; a hero of the opposite alignment to its controller's faction deserts on red or silver, a neutral
 * hero on red, a matching one never; heroes of the Captain of the League of Heroes never. The controller would
 * always keep the best card drawn, so the engine takes it for him (docs, H10).
 */
export function desertionCheck(st: RwState, log: EventSink): void {
  const hs = st.hero;
  if (!hs) return;
  const p = pk(st);
  const captain = p.titles.findIndex((t) => t.id === 'captain');
  for (const s of playOrder(st)) {
    if (st.p[s]!.out || (captain >= 0 && st.titles[captain] === s)) continue;
    const good = p.factions[st.fac[s]!]!.good ? 1 : -1;
    for (const h of heroesOf(st, s)) {
      const al = p.heroes[h]!.align;
      if (al === good) continue; // matching alignment: never
      let best = 2; // RW-TEST-03: no card, red
      const cs: number[] = [];
      for (let i = testCards(st, h, 2); i > 0; i--) {
        const c = drawFate(st, log);
        if (c < 0) break;
        cs.push(c);
        best = Math.min(best, ['gold', 'silver', 'red'].indexOf(p.fate[c]!.destiny));
      }
      for (const c of cs) st.decks.fateDiscard.push(c);
      const deserts = al === 0 ? best === 2 : best >= 1;
      emit(log, 'rw.ev.desertTest', { seat: s, hero: h, cards: cs.map((c) => p.fate[c]!.id) }, [
        'RW-DESERT-01',
        'RW-HERO-08',
        'RW-TEST-01',
      ]);
      if (deserts) {
        returnHero(st, h);
        emit(log, 'rw.ev.heroDeserted', { seat: s, hero: h }, ['RW-DESERT-01', 'RW-DESERT-02']);
      }
    }
  }
}
