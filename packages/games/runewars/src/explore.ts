/**
 * The exploration variant (09-exploration-variant.md, M6, with the option `exploration: 'on'`, which needs
 * heroes): tokens dealt face down at setup by their backs (RW-EXPL-02..05), flipped by a hero that ends a
 * Quest Phase Move in their area (RW-EXPL-06..09), and every token: Dragon Throne (an extra dragon rune,
 * common.ts `dragonRunes`), Village (an extra resource, common.ts `production`), Magic Portal (a link
 * between portal areas for 1 influence: hero steps here, units in movement.ts), Dungeon (stops heroes),
 * Temple and Hall of Kellos (influence, a Tactics card), Traveling Merchant, Raiding Party, Scroll of Sight
 * and Training (RW-EXPL-20..34); destructible locations discarded by a player holding the area with six
 * units during his turn (RW-EXPL-10/11).
 *
 * Hooks into the Quest Phase (heroes.ts) are kept to four calls: `heroEntered` after each step (Dungeon),
 * `moveMustEnd`/`endMove` around the end of a Move (the flip, Temple, Hall), `actionEnded` after Heal and
 * Train. The Merchant sells a Reward card (quests.ts `gainReward`); the Raiding Party's second damage may be
 * paid with a Reward card instead (RW-EXPL-31, RW-DP-18).
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK, shuffle } from '@tabula/engine';
import {
  board,
  checkHands,
  crossable,
  ctrl,
  drawTactics,
  fail,
  neutralsIn,
  only,
  pk,
  see,
  unitsOf,
} from './common.js';
import type { ExploreTokenRt } from './pack.js';
import { defeatHero, gainReward } from './quests.js';
import { heroMovedSeat } from './tactics.js';
import type { Frame, RwAction, RwState } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

export const exploreOn = (st: RwState): boolean => st.opts.exploration === 'on' && !!st.ex;

const tokenOf = (st: RwState, a: number): ExploreTokenRt | null => {
  const t = st.ex?.t[a] ?? -1;
  return t < 0 ? null : pk(st).explore.tokens[t]!;
};

/** A face-up token of this effect in the area. */
function faceUp(st: RwState, a: number, effect: ExploreTokenRt['effect']): ExploreTokenRt | null {
  const ex = st.ex;
  if (!ex || !ex.up[a]) return null;
  const t = tokenOf(st, a);
  return t && t.effect === effect ? t : null;
}

/* ------------------------------------------------------------------ setup (RW-MAP-26, RW-EXPL-02..05) */

/**
 * One token face down in every area on the board but the home realm areas (RW-EXPL-02): areas next to a
 * home realm draw from the shuffled "1" pool, all others from the "2+" pool; a pool that runs out lends
 * the other's (RW-EXPL-04). The backs are public, the faces hidden from all (RW-EXPL-05); tokens left over
 * go back to the box unseen.
 */
export function placeExploration(st: RwState, log: EventSink): void {
  const p = pk(st);
  const A = st.pos.length;
  const pools: number[][] = [[], []];
  p.explore.tokens.forEach((t, i) => {
    for (let b = 0; b < 2; b++) for (let k = 0; k < t.back[b]!; k++) pools[b]!.push(i);
  });
  shuffle(st.rng, pools[0]!);
  shuffle(st.rng, pools[1]!);
  const ex: NonNullable<RwState['ex']> = {
    t: new Array<number>(A).fill(-1),
    b: new Array<number>(A).fill(0),
    up: new Array<number>(A).fill(0),
    gone: [],
    kn: Array.from({ length: st.n }, () => []),
  };
  const bd = board(st);
  // Each area from its own pool first; then the areas left over from the other pool (RW-EXPL-04).
  const left: number[] = [];
  for (const a of bd.on) {
    if (st.home[a]! >= 0) continue;
    const pool = bd.adj[a]!.some((x) => st.home[x]! >= 0) ? 0 : 1;
    const t = pools[pool]!.pop();
    if (t === undefined) left.push(a, pool);
    else {
      ex.t[a] = t;
      ex.b[a] = pool + 1;
    }
  }
  for (let i = 0; i < left.length; i += 2) {
    const pool = 1 - left[i + 1]!;
    const t = pools[pool]!.pop();
    if (t === undefined) continue;
    ex.t[left[i]!] = t;
    ex.b[left[i]!] = pool + 1;
  }
  st.ex = ex;
  emit(log, 'rw.ev.exploreTokens', { n: ex.t.filter((t) => t >= 0).length }, [
    'RW-MAP-26',
    'RW-EXPL-02',
    'RW-EXPL-03',
    'RW-EXPL-04',
  ]);
}

/* ------------------------------------------------------------------ lasting effects of locations */

/** RW-EXPL-20: a seat's extra dragon runes from the Dragon Thrones in the areas he controls. */
export function throneRunes(st: RwState, seat: Seat): number {
  const ex = st.ex;
  if (!ex) return 0;
  let n = 0;
  for (let a = 0; a < ex.t.length; a++) {
    const t = ex.up[a] ? faceUp(st, a, 'runes') : null;
    if (t && ctrl(st, a) === seat) n += t.n;
  }
  return n;
}

/** RW-EXPL-21, RW-HARV-03: a Village's extra resource in an area (added to `out` by resource). */
export function villageYield(st: RwState, a: number, out: number[]): void {
  const t = faceUp(st, a, 'village');
  if (t) out[t.res]! += t.n;
}

/** RW-EXPL-24/25: a face-up Dungeon stops a hero entering the area during the Quest Phase. */
export const dungeonAt = (st: RwState, a: number): boolean => !!faceUp(st, a, 'dungeon');

/** Areas with a face-up Magic Portal (RW-EXPL-22). */
export function portals(st: RwState): number[] {
  const out: number[] = [];
  const ex = st.ex;
  if (!ex) return out;
  for (let a = 0; a < ex.t.length; a++) if (faceUp(st, a, 'portal')) out.push(a);
  return out;
}

/**
 * Whether a seat may use the portals in a movement it has not paid for yet (RW-EXPL-22/23): two face-up
 * portals at least and the influence to pay.
 */
export function portalsOpen(st: RwState, seat: Seat): boolean {
  return exploreOn(st) && st.p[seat]!.inf >= pk(st).explore.portalCost && portals(st).length >= 2;
}

/** RW-EXPL-23: the portal link is paid once per movement resolution. */
export function payPortal(st: RwState, seat: Seat, log: EventSink): void {
  const c = pk(st).explore.portalCost;
  st.p[seat]!.inf -= c;
  emit(log, 'rw.ev.portal', { seat, n: c }, ['RW-EXPL-22', 'RW-EXPL-23']);
}

/* ------------------------------------------------------------------ the Quest Phase hooks (heroes.ts) */

type Qph = F<'qph'>;

/**
 * After each step of a Quest Phase Move (RW-EXPL-24/25): a face-up Dungeon ends the move at once, even
 * in its middle.
 */
export function heroEntered(st: RwState, f: Qph, h: number, log: EventSink): void {
  if (!exploreOn(st) || f.left <= 0) return;
  const a = st.hero!.at[h]!;
  if (!dungeonAt(st, a)) return;
  f.left = 0;
  emit(log, 'rw.ev.dungeon', { seat: f.seat, hero: h, area: a }, ['RW-EXPL-24', 'RW-EXPL-25']);
}

/**
 * With the variant, a hero in the middle of its Move ends it in words ("stop here") before anything
 * else is done, so that the flip comes at its true end (RW-EXPL-06/09, RW-QPH-11); so does a hero in an
 * area whose controller could answer the end of its move with a card (Ambush, tactics.ts `heroMovedSeat`).
 */
export const moveMustEnd = (st: RwState, f: Qph): boolean =>
  f.h >= 0 && f.left > 0 && (exploreOn(st) || heroMovedSeat(st, f.h) >= 0);

/**
 * The end of a Move action of at least one area (RW-EXPL-06/07/09): the face-down token of the area is
 * flipped and resolved before any duel or quest; then Temple and Hall of Kellos (RW-EXPL-28).
 */
export function endMove(st: RwState, f: Qph, h: number, log: EventSink): void {
  // The hero stays the one that just moved (`f.h`, no steps left): a duel or quest may follow (RW-QPH-03).
  f.left = 0;
  if (f.pp) f.pp = 0;
  if (!exploreOn(st)) return;
  const ex = st.ex!;
  const a = st.hero!.at[h]!;
  if (a >= 0 && ex.t[a]! >= 0 && !ex.up[a]) {
    const t = tokenOf(st, a)!;
    ex.up[a] = 1;
    emit(log, 'rw.ev.explored', { seat: f.seat, hero: h, area: a, token: ex.t[a] }, [
      'RW-EXPL-06',
      'RW-EXPL-07',
      'RW-EXPL-10',
    ]);
    if (t.kind === 'event') {
      resolveEvent(st, f.seat, h, a, log);
      return;
    }
  }
  actionEnded(st, f.seat, h, log);
}

/** RW-EXPL-26..28: Temple and Hall of Kellos, when a hero's Quest Phase action ends in their area. */
export function actionEnded(st: RwState, seat: Seat, h: number, log: EventSink): void {
  if (!exploreOn(st)) return;
  const a = st.hero!.at[h]!;
  if (a < 0 || st.hero!.ctl[h] !== seat) return;
  const temple = faceUp(st, a, 'influence');
  if (temple) {
    st.p[seat]!.inf += temple.n;
    emit(log, 'rw.ev.temple', { seat, hero: h, area: a, n: temple.n }, ['RW-EXPL-26', 'RW-EXPL-28']);
  }
  const hall = faceUp(st, a, 'tactics');
  if (hall) {
    // RW-TACT-03: stamped with this season, so it cannot be played in it.
    drawTactics(st, seat, hall.n, log, 'RW-EXPL-27');
    checkHands(st, seat);
  }
}

/** Discards the event token just resolved (RW-EXPL-10). */
export function discardToken(st: RwState, a: number): void {
  const ex = st.ex!;
  ex.gone.push(ex.t[a]!, ex.b[a]!);
  ex.t[a] = -1;
  ex.b[a] = 0;
  ex.up[a] = 0;
  for (const k of ex.kn) {
    const i = k.indexOf(a);
    if (i >= 0) k.splice(i, 1);
  }
}

/** Areas whose face-down rune or exploration tokens a Scroll of Sight may show (RW-EXPL-32/34). */
function scrollAreas(st: RwState, seat: Seat): number[] {
  const ex = st.ex!;
  const out: number[] = [];
  const kn = st.p[seat]!.kn;
  for (const a of board(st).on) {
    const rune = st.rk[a]! >= 0 && !st.rup[a] && !kn.includes(st.rh[a]!);
    const tok = ex.t[a]! >= 0 && !ex.up[a] && !ex.kn[seat]!.includes(a);
    if (rune || tok) out.push(a);
  }
  return out;
}

/** The attributes a Training token may raise by 1 (RW-EXPL-33, RW-QPH-06/08). */
function raisable(st: RwState, h: number): number[] {
  const max = pk(st).heroRules.trainMax;
  const out: number[] = [];
  for (let a = 0; a < 3; a++) if (st.hero!.tr[h * 3 + a]! < max) out.push(a);
  return out;
}

/** Reward cards: none in this version (M4 brings them); the Merchant and the Raiding Party find none. */
const rewardsExist = (st: RwState): boolean =>
  !!st.hero && (st.hero.rdeck.length > 0 || st.hero.rdisc.length > 0);

function resolveEvent(st: RwState, seat: Seat, h: number, a: number, log: EventSink): void {
  const ex = st.ex!;
  const t = tokenOf(st, a)!;
  const tok = ex.t[a]!;
  switch (t.effect) {
    case 'merchant':
      // RW-EXPL-29: pay to receive a Reward card — with no Reward deck there is nothing to buy.
      if (rewardsExist(st) && st.p[seat]!.inf >= pk(st).explore.merchantCost) {
        st.stack.push({ k: 'explore', seat, h, area: a, tok });
        return;
      }
      emit(log, 'rw.ev.merchantGone', { seat, hero: h }, ['RW-EXPL-29']);
      break;
    case 'raid':
      if (raid(st, seat, h, a, log)) {
        st.stack.push({ k: 'explore', seat, h, area: a, tok });
        return;
      }
      break;
    case 'scroll':
      if (scrollAreas(st, seat).length) {
        st.stack.push({ k: 'explore', seat, h, area: a, tok });
        return;
      }
      break;
    case 'training':
      if (raisable(st, h).length) {
        st.stack.push({ k: 'explore', seat, h, area: a, tok });
        return;
      }
      break;
    default:
      break;
  }
  discardToken(st, a);
}

/**
 * RW-EXPL-30/31: 1 damage; then, with neutral or enemy units in the area, a Reward card discarded or 1
 * more damage — with no Reward card the damage. A hero whose damage reaches its health is defeated. True
 * when the hero, still standing, has Reward cards: its controller chooses (RW-DP-18, the `explore` frame).
 */
function raid(st: RwState, seat: Seat, h: number, a: number, log: EventSink): boolean {
  const x = pk(st).explore;
  const o = st.own[a]!;
  const hostile = o >= 0 ? o !== seat && unitsOf(st, a, o) > 0 : neutralsIn(st, a) > 0;
  const hs = st.hero!;
  if (hostile && x.raidExtra > 0) {
    emit(log, 'rw.ev.raid', { seat, hero: h, n: x.raidDamage }, ['RW-EXPL-30']);
    damageHero(st, h, x.raidDamage, log, 'RW-EXPL-30');
    if (hs.ctl[h] === seat && hs.rw[h]!.length) return true;
    if (hs.ctl[h] !== seat) return false;
    emit(log, 'rw.ev.raid', { seat, hero: h, n: x.raidExtra }, ['RW-EXPL-31']);
    damageHero(st, h, x.raidExtra, log, 'RW-EXPL-31');
    return false;
  }
  emit(log, 'rw.ev.raid', { seat, hero: h, n: x.raidDamage }, ['RW-EXPL-30', 'RW-EXPL-31']);
  damageHero(st, h, x.raidDamage, log, 'RW-EXPL-30');
  return false;
}

/**
 * Damage to a hero; at its health it is defeated (RW-HDEF-01/03/07): removed from the game (controller
 * -2, never back to the Hero deck), its tokens to the supply. It has no Reward cards to leave yet (M4).
 */
export function damageHero(st: RwState, h: number, n: number, log: EventSink, rule: string): void {
  const hs = st.hero!;
  hs.dmg[h]! += n;
  if (hs.dmg[h]! < pk(st).heroes[h]!.health) return;
  void rule;
  defeatHero(st, h, log); // its Reward cards left under a marker (quests.ts)
}

/* ------------------------------------------------------------------ RW-DP-18: a flipped event's choice */

const RAID_HURT: RwAction = Object.freeze({ type: 'raidHurt' });

export const exploreDecision: Decision<RwState, F<'explore'>, RwAction> = {
  prompt: 'rw.explore',
  rule: 'RW-EXPL-06',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { token: f.tok, hero: f.h, area: f.area } }),
  offers(st, f, seat, out) {
    const e = pk(st).explore.tokens[f.tok]!.effect;
    if (e === 'scroll') for (const a of scrollAreas(st, seat)) out.push({ type: 'scry', area: a });
    else if (e === 'training') for (const a of raisable(st, f.h)) out.push({ type: 'raise', a });
    else if (e === 'merchant') out.push({ type: 'buy', buy: true }, { type: 'buy', buy: false });
    else if (e === 'raid') {
      // RW-EXPL-31, RW-DP-18: a Reward card of the hero given up, or the second damage.
      for (const c of st.hero!.rw[f.h]!) out.push({ type: 'raidReward', c });
      out.push(RAID_HURT);
    }
  },
  answer(st, f, seat, a, log): ApplyResult {
    const e = pk(st).explore.tokens[f.tok]!.effect;
    if (e === 'scroll') {
      if (a.type !== 'scry' || !scrollAreas(st, seat).includes(a.area))
        return fail(
          'scrollArea',
          'Choose an area with face-down rune or exploration tokens you have not seen.',
          'RW-EXPL-34',
        );
      st.stack.pop();
      see(st, seat, a.area); // RW-INFO-14: the rune token, remembered
      const ex = st.ex!;
      if (ex.t[a.area]! >= 0 && !ex.up[a.area]) ex.kn[seat]!.push(a.area);
      emit(log, 'rw.ev.scroll', { seat, hero: f.h, area: a.area }, [
        'RW-EXPL-32',
        'RW-EXPL-34',
        'RW-INFO-13',
      ]);
      emit(
        log,
        'rw.ev.scrollOwn',
        { seat, area: a.area, token: ex.t[a.area]!, runeKind: st.rk[a.area]! },
        ['RW-EXPL-32'],
        [seat],
      );
    } else if (e === 'training') {
      if (a.type !== 'raise' || !raisable(st, f.h).includes(a.a))
        return fail('trainLimit', 'An attribute takes at most +2 in training.', 'RW-QPH-06');
      st.stack.pop();
      st.hero!.tr[f.h * 3 + a.a]!++;
      emit(log, 'rw.ev.trainingToken', { seat, hero: f.h, attr: a.a }, ['RW-EXPL-33', 'RW-QPH-08']);
    } else if (e === 'raid') {
      const hs = st.hero!;
      if (a.type === 'raidReward' && hs.rw[f.h]!.includes(a.c)) {
        st.stack.pop();
        // Discarded face up (the Reward discard pile is public).
        hs.rw[f.h]!.splice(hs.rw[f.h]!.indexOf(a.c), 1);
        hs.rdisc.push(a.c);
        if (!hs.up.includes(a.c)) hs.up.push(a.c);
        emit(log, 'rw.ev.raidReward', { seat, hero: f.h, reward: pk(st).rewardDeck[a.c] }, [
          'RW-EXPL-31',
          'RW-DP-18',
        ]);
      } else if (a.type === 'raidHurt') {
        st.stack.pop();
        emit(log, 'rw.ev.raid', { seat, hero: f.h, n: pk(st).explore.raidExtra }, ['RW-EXPL-31', 'RW-DP-18']);
        damageHero(st, f.h, pk(st).explore.raidExtra, log, 'RW-EXPL-31');
      } else
        return fail(
          'raidChoice',
          'Give up one of this hero’s Reward cards, or take 1 more damage.',
          'RW-EXPL-31',
        );
    } else {
      if (a.type !== 'buy') return fail('wrongAction', 'Pay the merchant, or not.', 'RW-EXPL-29');
      const cost = pk(st).explore.merchantCost;
      if (a.buy && st.p[seat]!.inf < cost)
        return fail('merchantCost', `The merchant wants ${cost} influence.`, 'RW-EXPL-29', { n: cost });
      st.stack.pop();
      if (a.buy) {
        // RW-EXPL-29, RW-REWARD-01: the hero receives a Reward card (quests.ts).
        st.p[seat]!.inf -= cost;
        emit(log, 'rw.ev.merchantPaid', { seat, hero: f.h, n: cost }, ['RW-EXPL-29']);
        gainReward(st, f.h, log);
      } else emit(log, 'rw.ev.merchantGone', { seat, hero: f.h }, ['RW-EXPL-29']);
    }
    discardToken(st, f.area);
    return OK;
  },
  // RW-DP-89 (DP-18): never spending; the first area, the first attribute; Raiding Party: the damage unless
  // it would defeat the hero, then its Reward card with the lowest id.
  byDefault(st, f, seat) {
    if (pk(st).explore.tokens[f.tok]!.effect === 'raid') {
      const hs = st.hero!;
      if (hs.dmg[f.h]! + pk(st).explore.raidExtra < pk(st).heroes[f.h]!.health) return RAID_HURT;
      return { type: 'raidReward', c: Math.min(...hs.rw[f.h]!) };
    }
    const out: RwAction[] = [];
    exploreDecision.offers(st, f, seat, out);
    return out.find((x) => x.type === 'buy' && !x.buy) ?? out[0] ?? null;
  },
};

/* ------------------------------------------------------------------ RW-EXPL-10/11: discarding a destructible location */

/** Destructible locations a seat may discard now: face up, in an area he controls with six units. */
export function razeable(st: RwState, seat: Seat): number[] {
  const out: number[] = [];
  const ex = st.ex;
  if (!exploreOn(st) || !ex) return out;
  const need = pk(st).explore.destroyUnits;
  for (let a = 0; a < ex.t.length; a++)
    if (
      ex.up[a] &&
      tokenOf(st, a)!.kind === 'destructible' &&
      ctrl(st, a) === seat &&
      unitsOf(st, a, seat) >= need
    )
      out.push(a);
  return out;
}

/** Asks the current player whether to discard destructible locations (once in his turn, after his Order). */
export function askRaze(st: RwState, seat: Seat): void {
  if (razeable(st, seat).length) st.stack.push({ k: 'raze', seat });
}

export const razeDecision: Decision<RwState, F<'raze'>, RwAction> = {
  prompt: 'rw.raze',
  rule: 'RW-EXPL-10',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(st, _f, seat, out) {
    out.push({ type: 'pass' });
    for (const a of razeable(st, seat)) out.push({ type: 'raze', area: a });
  },
  answer(st, _f, seat, a, log): ApplyResult {
    if (a.type === 'pass') {
      st.stack.pop();
      return OK;
    }
    if (a.type !== 'raze') return fail('wrongAction', 'Discard a location, or pass.', 'RW-EXPL-10');
    if (!razeable(st, seat).includes(a.area))
      return fail(
        'razeArea',
        'Only a destructible location in an area you control with at least six units can be discarded.',
        'RW-EXPL-11',
      );
    const token = st.ex!.t[a.area]!;
    discardToken(st, a.area);
    emit(log, 'rw.ev.razed', { seat, area: a.area, token }, ['RW-EXPL-10', 'RW-EXPL-11']);
    if (!razeable(st, seat).length) st.stack.pop();
    return OK;
  },
  // RW-DP-89 (DP-40): keep them.
  byDefault: () => ({ type: 'pass' }),
};

/* ------------------------------------------------------------------ Magic Portals for a hero (RW-EXPL-22/23) */

/** The portal steps of a hero standing on a face-up portal: every other portal area (borders do not apply). */
export function portalSteps(
  st: RwState,
  seat: Seat,
  paid: boolean,
  h: number,
  from: number,
  out: RwAction[] | null,
): number {
  if (!exploreOn(st) || !faceUp(st, from, 'portal')) return 0;
  if (!paid && st.p[seat]!.inf < pk(st).explore.portalCost) return 0;
  const b = board(st);
  const winter = st.season === 3;
  let n = 0;
  for (const a of portals(st)) {
    const i = b.adj[from]!.indexOf(a);
    if (a !== from && (i < 0 || !crossable(b.edge[from]![i]!, false, winter))) {
      n++;
      out?.push({ type: 'step', h, to: a });
    }
  }
  return n;
}

/** Whether a hero's step from `from` to `to` is a portal link (and is allowed). */
export function portalLink(st: RwState, seat: Seat, paid: boolean, from: number, to: number): boolean {
  if (!exploreOn(st) || from === to || !faceUp(st, from, 'portal') || !faceUp(st, to, 'portal')) return false;
  return paid || st.p[seat]!.inf >= pk(st).explore.portalCost;
}
