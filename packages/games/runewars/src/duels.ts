/**
 * Duels (07-heroes-quests-duels.md §5, §6, §7, §8; RW-DUEL-*, RW-REWARD-04/05, RW-QUEST-20..26), with the option
 * `heroes: 'on'`. After its Move a standing hero may challenge an enemy hero in its area (RW-DUEL-01/02, `duel`), or
 * a duel quest sends it against a neutral unit that exists for the quest alone (RW-QUEST-20/26). A duel is a
 * frame (`DuelFrame`) that walks its steps with the windows of RW-DUEL-14:
 *
 * - start: start-of-duel abilities (Mad Carthos) at once (RW-DUEL-03/12); then DUEL_START, the window before
 *   round 1's draws (`duelStart`, RW-DP-22: challenger, then defender; Hero's Resolve);
 * - each round: the window before its draws (`duelDraw`, rounds 2–4), both Fate cards drawn and revealed
 *   (RW-DUEL-04a); each hero's special icon, challenger first: 1 damage or one Reward ability — a Weapon
 *   within the limit of one a duel, or Dwarven Fire Bombs (RW-DUEL-04b, RW-REWARD-04/05, RW-DP-23); a neutral
 *   unit's special uses its ability on the hero, decided for it by the player to the left (RW-QUEST-22/24,
 *   RW-DP-25); ROUND_REVEALED (`duelRevealed`: Poisoned Blade); DAMAGE: each hero with damage coming may use an
 *   Armor, one a duel, reused in the later rounds (RW-REWARD-04, RW-DP-23); all damage at once, each side's rout
 *   icon and prevention first (RW-DUEL-05/11);
 * - end after four rounds or the round a side falls (RW-DUEL-06); damage stays (RW-DUEL-07). A hero defeated by
 *   a surviving hero hands its Reward cards to the winner, who may give them to his heroes there (RW-DUEL-08,
 *   RW-HDEF-02, RW-DP-24, `spoils`); otherwise it leaves them under a marker (RW-DUEL-09, RW-HDEF-03).
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { board, fail, leftOf, only, pk } from './common.js';
import { drawFate } from './fight.js';
import { DAMAGE, ROUT, SHAPES, SPECIAL } from './pack.js';
import { defeatHero, results } from './quests.js';
import { attribute, testCards } from './heroes.js';
import { rewardUnder } from './rewards.js';
import { canPlay } from './tactics.js';
import { windowLive } from './windows.js';
import type { DuelFrame, Frame, RwAction, RwState, WindowAt } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

const CIRCLE = SHAPES.indexOf('circle');
export const S_START = 0,
  S_ROUND = 1,
  S_DRAW = 2,
  S_SPEC = 3,
  S_REVEALED = 4,
  S_ARMOR = 5,
  S_APPLY = 6;

const HIT: RwAction = Object.freeze({ type: 'strike' });
const DONE: RwAction = Object.freeze({ type: 'done' });

/** The duel Reward hooks: Weapons and the Fire Bombs on a special icon, Armor against damage coming. */
const SPECIAL_HOOKS: readonly string[] = ['strengthHit', 'hit2', 'soulbiter', 'bombs'];
const ARMOR_HOOKS: readonly string[] = ['preventRound', 'routPlus', 'preventFirst'];

/**
 * The enemy heroes hero `h` may challenge where it stands (RW-DUEL-01/02/10: a routed one may be chosen); Challara
 * (`duelReach` 1) also those of the adjacent areas (data.md §9).
 */
export function duelsFor(st: RwState, seat: Seat, h: number, out: RwAction[] | null): number {
  const hs = st.hero!;
  const a = hs.at[h]!;
  if (hs.rt[h] || a < 0) return 0; // RW-DUEL-10: routed heroes start no duels
  const adj = pk(st).heroes[h]!.duelReach ? board(st).adj[a]! : null;
  let n = 0;
  for (let t = 0; t < hs.ctl.length; t++)
    if (hs.ctl[t]! >= 0 && hs.ctl[t] !== seat && (hs.at[t] === a || (adj && adj.includes(hs.at[t]!)))) {
      // A Cloak of Shadows face up is public: such a target is not offered (a face-down one acts when named).
      const c = cloaked(st, h, t);
      if (c >= 0 && hs.up.includes(c)) continue;
      n++;
      out?.push({ type: 'duel', h, target: t });
    }
  return n;
}

/**
 * Cloak of Shadows (data.md §11): the Cloak under hero `t` that keeps hero `h`, of lower Agility, from challenging
 * it (-1 none).
 */
export function cloaked(st: RwState, h: number, t: number): number {
  const c = rewardUnder(st, t, 'cloak');
  return c >= 0 && attribute(st, h, 1) < attribute(st, t, 1) ? c : -1;
}

/** The duel under way, if any (the nearest duel frame). */
export function duelOf(st: RwState): DuelFrame | null {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'duel') return f;
  }
  return null;
}

/** The hero fighting on a side (-1: the quest's neutral unit). */
const heroOf = (f: DuelFrame, side: number) => (side === 0 ? f.h : f.t);
/** The seat deciding for a side's hero (-1 none). */
const seatOf = (f: DuelFrame, side: number) => (side === 0 ? f.seat : f.t >= 0 ? f.def : -1);

function start(st: RwState, seat: Seat, h: number, t: number, def: Seat, u: number, q: number): void {
  const p = pk(st);
  const hs = st.hero!;
  st.stack.push({
    k: 'duel',
    seat,
    def,
    h,
    t,
    u,
    q,
    step: S_START,
    s: 0,
    r: 0,
    c: [-1, -1],
    hp: [p.heroes[h]!.health - hs.dmg[h]!, t >= 0 ? p.heroes[t]!.health - hs.dmg[t]! : p.units[u]!.health],
    dealt: [0, 0],
    ward: [p.heroes[h]!.duelWard, t >= 0 ? p.heroes[t]!.duelWard : 0],
    wpn: [-1, -1],
    arm: [-1, -1],
    inc: [0, 0],
    pre: [0, 0],
    all: [0, 0],
    sp: [0, 0],
    sb: [0, 0],
    hl: [0, 0],
  });
}

/** RW-DUEL-01..13: hero `h` of `seat` challenges hero `t`. */
export function heroDuel(st: RwState, seat: Seat, h: number, t: number, log: EventSink): void {
  const hs = st.hero!;
  const def = hs.ctl[t]!;
  emit(log, 'rw.ev.duel', { seat, hero: h, def, target: t, area: hs.at[h] }, [
    'RW-DUEL-01',
    'RW-DUEL-02',
    'RW-DUEL-10',
    'RW-DUEL-13',
  ]);
  start(st, seat, h, t, def, -1, -1);
}

/** RW-QUEST-20..26: a duel quest against a neutral unit, decided for by the player to the left (RW-DP-25). */
export function questDuel(st: RwState, seat: Seat, h: number, q: number, log: EventSink): void {
  const u = pk(st).quests[q]!.unit;
  emit(log, 'rw.ev.questDuel', { seat, hero: h, u }, ['RW-QUEST-20', 'RW-QUEST-21', 'RW-QUEST-26']);
  start(st, seat, h, -1, -1, u, q);
}

/** Damage `n` coming to `side` after its first-damage ward (Sir Valadir's, Shield of the Dawn's). */
function take(f: DuelFrame, side: number, n: number): number {
  if (n <= 0) return 0;
  const w = Math.min(f.ward[side]!, n);
  f.ward[side]! -= w;
  f.dealt[side]! += n - w;
  return n - w;
}

const fallen = (f: DuelFrame, side: number) => f.dealt[side]! >= f.hp[side]!;

/** The reward hook of card instance `c`. */
const hookOf = (st: RwState, c: number) => {
  const p = pk(st);
  return p.rewards[p.rewardDeck[c]!]!;
};

/**
 * The Reward abilities a side's hero may use on its special icon (RW-REWARD-04/05): its Weapon of this duel, or
 * any Weapon if it has used none; the Fire Bombs (no trait).
 */
function specialOffers(st: RwState, f: DuelFrame, side: number, out: RwAction[] | null): number {
  const h = heroOf(f, side);
  let n = 0;
  for (const c of st.hero!.rw[h]!) {
    const r = hookOf(st, c);
    if (!SPECIAL_HOOKS.includes(r.effect)) continue;
    if (r.trait === 'weapon' && f.wpn[side]! >= 0 && f.wpn[side] !== c) continue;
    n++;
    out?.push({ type: 'useReward', h, c });
  }
  return n;
}

/**
 * The Armor a side's hero may use against the damage coming this round (one a duel, RW-REWARD-04), and a Healing
 * Potion while he has damage (docs, H21: before the round's damage lands).
 */
function armorOffers(st: RwState, f: DuelFrame, side: number, out: RwAction[] | null): number {
  const h = heroOf(f, side);
  const routShown = shows(st, f, side, ROUT);
  const hurt = st.hero!.dmg[h]! + f.dealt[side]! > 0;
  let n = 0;
  for (const c of st.hero!.rw[h]!) {
    const e = hookOf(st, c).effect;
    if (e === 'heal' && hurt) {
      n++;
      out?.push({ type: 'useReward', h, c });
      continue;
    }
    // An Armor used already acts by itself in the later rounds.
    if (!ARMOR_HOOKS.includes(e) || f.arm[side]! >= 0) continue;
    if (e === 'routPlus' && !routShown) continue;
    if (e === 'preventFirst' && (f.dealt[side]! > 0 || f.hl[side])) continue; // the first damage is past
    n++;
    out?.push({ type: 'useReward', h, c });
  }
  return n;
}

/** Whether the side's card of this round shows icon `kind` in the section it reads. */
function shows(st: RwState, f: DuelFrame, side: number, kind: number): boolean {
  const c = f.c[side]!;
  if (c < 0) return false;
  const sh = side === 1 && f.t < 0 ? pk(st).units[f.u]!.shape : CIRCLE;
  return pk(st).fate[c]!.kind[sh] === kind;
}

/** Damage still coming to a side this round after what is prevented. */
const coming = (f: DuelFrame, side: number) => (f.all[side] ? 0 : Math.max(0, f.inc[side]! - f.pre[side]!));

/**
 * Whether a side's hero is asked at S_SPEC / S_ARMOR: it holds Reward cards (a public count), so being asked
 * tells nothing of which (RW-REWARD-03); its offers may then be only the default.
 */
const holds = (st: RwState, f: DuelFrame, side: number) =>
  seatOf(f, side) >= 0 && st.hero!.rw[heroOf(f, side)]!.length > 0;

/** Opens a duel window for the duellists' players who may play a card (RW-DUEL-14/15, RW-TACT-08). */
function window(st: RwState, f: DuelFrame, at: WindowAt): void {
  if (!windowLive(st, at)) return;
  const seats: Seat[] = [];
  for (const s of f.def >= 0 ? [f.seat, f.def] : [f.seat]) if (canPlay(st, s)) seats.push(s);
  if (seats.length) st.stack.push({ k: 'window', seats, at, done: [] });
}

function useReward(st: RwState, f: DuelFrame, side: number, c: number, log: EventSink): void {
  const hs = st.hero!;
  const h = heroOf(f, side);
  const r = hookOf(st, c);
  if (!hs.up.includes(c)) hs.up.push(c); // RW-REWARD-02: face up for the rest of the game
  emit(log, 'rw.ev.rewardUsed', { seat: seatOf(f, side), hero: h, reward: pk(st).rewardDeck[c] }, [
    'RW-REWARD-02',
    'RW-REWARD-04',
    'RW-REWARD-05',
    'RW-DP-23',
  ]);
  if (r.trait === 'weapon') f.wpn[side] = c;
  if (r.trait === 'armor') f.arm[side] = c;
  const o = 1 - side;
  switch (r.effect) {
    case 'strengthHit': // Blade of Fury: damage equal to his Strength
      f.inc[o]! += Math.max(0, pk(st).heroes[h]!.att[0]! + hs.tr[h * 3]!);
      break;
    case 'hit2':
      f.inc[o]! += 2;
      break;
    case 'soulbiter':
      f.inc[o]! += 2;
      f.sb[side] = 1;
      break;
    case 'bombs': {
      // 3 damage, then an Agility test: on red the hero takes 1 damage; discarded after use.
      f.inc[o]! += 3;
      hs.rw[h]!.splice(hs.rw[h]!.indexOf(c), 1);
      hs.rdisc.push(c);
      const n = testCards(st, h, 1);
      let best = 2;
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        const x = drawFate(st, log);
        if (x < 0) continue;
        const d = pk(st).fate[x]!.destiny;
        best = Math.min(best, d === 'gold' ? 0 : d === 'silver' ? 1 : 2);
        ids.push(pk(st).fate[x]!.id);
        st.decks.fateDiscard.push(x);
      }
      if (best === 2) f.inc[side]! += 1;
      emit(log, 'rw.ev.bombsTest', { hero: h, cards: ids, n: best === 2 ? 1 : 0 }, [
        'RW-TEST-01',
        'RW-TEST-03',
      ]);
      break;
    }
    default:
      armor(st, f, side);
  }
}

/**
 * Healing Potion (data.md §11, "any time"): discarded, all damage removed from the duellist — what he had before
 * the duel and what it has dealt him so far (RW-REWARD-02, RW-DUEL-14 DAMAGE).
 */
function potion(st: RwState, f: DuelFrame, side: number, c: number, log: EventSink): void {
  const hs = st.hero!;
  const h = heroOf(f, side);
  hs.rw[h]!.splice(hs.rw[h]!.indexOf(c), 1);
  hs.rdisc.push(c);
  if (!hs.up.includes(c)) hs.up.push(c);
  emit(log, 'rw.ev.rewardUsed', { seat: seatOf(f, side), hero: h, reward: pk(st).rewardDeck[c] }, [
    'RW-REWARD-02',
    'RW-DUEL-14',
    'RW-DP-23',
  ]);
  hs.dmg[h] = 0;
  f.hp[side] = pk(st).heroes[h]!.health;
  f.dealt[side] = 0;
  f.hl[side] = 1; // the Shield of the Dawn's first damage stays past
}

/** A side's Armor of this duel acting on this round (Rune Armor: 1; Chainmail: 1 more on a rout; Shield: the first). */
function armor(st: RwState, f: DuelFrame, side: number): void {
  const c = f.arm[side]!;
  if (c < 0) return;
  const e = hookOf(st, c).effect;
  if (e === 'preventRound') f.pre[side]! += 1;
  else if (e === 'routPlus' && shows(st, f, side, ROUT)) f.pre[side]! += 1;
  else if (e === 'preventFirst' && f.dealt[side] === 0 && !f.hl[side]) {
    f.ward[side]! += 1; // once a duel: the ward waits for the first damage
    f.hl[side] = 1;
  }
}

/** The duel's steps until a decision is needed (the kit's `run`); false once the frame is off the stack. */
export function runDuel(st: RwState, f: F<'duel'>, log: EventSink): boolean {
  const p = pk(st);
  const hs = st.hero!;
  // A duellist gone (his player resigned): the duel ends where it stands.
  if (hs.ctl[f.h] !== f.seat || (f.t >= 0 && hs.ctl[f.t] !== f.def)) {
    abort(st, f);
    return false;
  }
  for (;;)
    switch (f.step) {
      case S_START: {
        // RW-DUEL-03/12: start-of-duel abilities, challenger then defender, applied at once.
        const s0 = p.heroes[f.h]!.duelStart,
          s1 = f.t >= 0 ? p.heroes[f.t]!.duelStart : 0;
        if (s0 || s1) {
          const d1 = take(f, 1, s0),
            d0 = take(f, 0, s1);
          emit(log, 'rw.ev.duelStartDamage', { seat: f.seat, hero: f.h, n: d1, m: d0 }, [
            'RW-DUEL-03',
            'RW-DUEL-12',
          ]);
        }
        if (fallen(f, 0) || fallen(f, 1)) return end(st, f, log);
        f.step = S_ROUND;
        break;
      }
      case S_ROUND:
        f.r++;
        for (let s = 0; s < 2; s++) f.inc[s] = f.pre[s] = f.all[s] = f.sp[s] = f.sb[s] = 0;
        f.step = S_DRAW;
        // RW-DUEL-14, RW-DP-22: DUEL_START before round 1's draws, then before each round's.
        window(st, f, f.r === 1 ? 'duelStart' : 'duelDraw');
        if (st.stack[st.stack.length - 1] !== f) return false;
        break;
      case S_DRAW: {
        // RW-DUEL-04a: the challenger draws first; both revealed.
        f.c[0] = drawFate(st, log);
        f.c[1] = drawFate(st, log);
        for (let s = 0; s < 2; s++) {
          const c = f.c[s]!;
          if (c < 0) continue;
          const fc = p.fate[c]!;
          const sh = s === 1 && f.t < 0 ? p.units[f.u]!.shape : CIRCLE;
          const k = fc.kind[sh]!;
          if (k === DAMAGE) f.inc[1 - s]! += fc.num[sh]!;
          else if (k === ROUT)
            f.pre[s]! += fc.num[sh]!; // RW-DUEL-04b, RW-DUEL-11
          else if (k === SPECIAL) f.sp[s] = 1;
          armor(st, f, s); // an Armor used in an earlier round acts again (RW-REWARD-04)
        }
        // RW-QUEST-22/24, RW-DP-25: a neutral unit's special uses its ability on the hero, the one target there
        // is, so its controller (the player to the left) has no choice to make.
        if (f.t < 0 && f.sp[1]) {
          const d = p.units[f.u]!.duel;
          f.inc[0]! += d < 0 ? f.dealt[1]! : d;
          f.sp[1] = 0;
          emit(
            log,
            'rw.ev.neutralDuelSpecial',
            {
              seat: st.opts.neutrals === 'auto' ? -1 : leftOf(st, f.seat),
              u: f.u,
              n: d < 0 ? f.dealt[1]! : d,
            },
            ['RW-QUEST-22', 'RW-QUEST-24', 'RW-DP-25'],
          );
        }
        f.step = S_SPEC;
        f.s = 0;
        break;
      }
      case S_SPEC:
        // RW-DUEL-04b, RW-REWARD-05, RW-DP-23: a special icon, challenger first.
        for (; f.s < 2; f.s++)
          if (f.sp[f.s]) {
            if (holds(st, f, f.s)) return true;
            f.inc[1 - f.s]! += 1;
            f.sp[f.s] = 0;
          }
        f.step = S_REVEALED;
        break;
      case S_REVEALED:
        f.step = S_ARMOR;
        f.s = 0;
        window(st, f, 'duelRevealed'); // RW-DUEL-14 ROUND_REVEALED: Poisoned Blade
        if (st.stack[st.stack.length - 1] !== f) return false;
        break;
      case S_ARMOR:
        // RW-DUEL-14 DAMAGE, RW-DP-23: Armor against the damage coming, challenger first.
        for (; f.s < 2; f.s++) if (coming(f, f.s) > 0 && holds(st, f, f.s)) return true;
        f.step = S_APPLY;
        break;
      case S_APPLY: {
        // RW-DUEL-05/11: all at once, each side's prevention first.
        const n = take(f, 1, coming(f, 1)),
          m = take(f, 0, coming(f, 0));
        const cards: number[] = [];
        for (let s = 0; s < 2; s++)
          if (f.c[s]! >= 0) {
            cards.push(p.fate[f.c[s]!]!.id);
            st.decks.fateDiscard.push(f.c[s]!);
            f.c[s] = -1;
          }
        emit(log, 'rw.ev.duelRound', { round: f.r, cards, n, m }, [
          'RW-DUEL-04',
          'RW-DUEL-05',
          'RW-DUEL-11',
          'RW-QUEST-22',
        ]);
        // Soulbiter: a blow that defeats the opposing hero removes all damage from this hero.
        for (let s = 0; s < 2; s++)
          if (f.sb[s] && fallen(f, 1 - s) && !fallen(f, s)) {
            hs.dmg[heroOf(f, s)] = 0;
            f.hp[s] = p.heroes[heroOf(f, s)]!.health;
            f.dealt[s] = 0;
            emit(log, 'rw.ev.soulbiter', { hero: heroOf(f, s) }, ['RW-REWARD-05']);
          }
        if (fallen(f, 0) || fallen(f, 1) || f.r >= 4) return end(st, f, log);
        f.step = S_ROUND;
        break;
      }
      default:
        return end(st, f, log);
    }
}

/** A duel whose player left: the cards in it to the discard, the damage dealt so far stays. */
function abort(st: RwState, f: DuelFrame): void {
  st.stack.splice(st.stack.lastIndexOf(f), 1);
  for (let s = 0; s < 2; s++) if (f.c[s]! >= 0) st.decks.fateDiscard.push(f.c[s]!);
  const hs = st.hero!;
  if (hs.ctl[f.h]! >= 0) hs.dmg[f.h] = Math.min(hs.dmg[f.h]! + f.dealt[0]!, pk(st).heroes[f.h]!.health - 1);
  if (f.t >= 0 && hs.ctl[f.t]! >= 0)
    hs.dmg[f.t] = Math.min(hs.dmg[f.t]! + f.dealt[1]!, pk(st).heroes[f.t]!.health - 1);
}

/** RW-DUEL-06..09, RW-QUEST-23/25: the duel's result. */
function end(st: RwState, f: DuelFrame, log: EventSink): boolean {
  const p = pk(st);
  const hs = st.hero!;
  st.stack.splice(st.stack.lastIndexOf(f), 1);
  // RW-DUEL-07: damage stays on the heroes.
  hs.dmg[f.h]! += f.dealt[0]!;
  if (f.t >= 0) hs.dmg[f.t]! += f.dealt[1]!;
  const f0 = fallen(f, 0),
    f1 = fallen(f, 1);
  const r = f0 && f1 ? 2 : f1 ? 0 : f0 ? 1 : -1;
  const { seat, h, t } = f;
  if (t < 0) {
    emit(log, 'rw.ev.questDuelEnd', { seat, hero: h, u: f.u, won: r }, ['RW-QUEST-23', 'RW-QUEST-25']);
    if (r === 1 || r === 2) {
      // RW-QUEST-25: the hero falls (both falling too): no completion; his Reward cards under a marker.
      defeatHero(st, h, log);
      results(st, seat, h, f.q, 2, log);
    } else results(st, seat, h, f.q, r === 0 ? 0 : 2, log); // RW-QUEST-23/25
    return false;
  }
  emit(log, 'rw.ev.duelEnd', { seat, hero: h, target: t, won: r }, ['RW-DUEL-06', 'RW-DUEL-07']);
  if (r === 0 || r === 1) {
    // RW-DUEL-08, RW-HDEF-02: the winner takes the loser's Reward cards, face up or down as they were.
    const [win, lose] = r === 0 ? [h, t] : [t, h];
    const ws = hs.ctl[win]!;
    const got = hs.rw[lose]!;
    hs.rw[lose] = [];
    for (const c of got) hs.rw[win]!.push(c);
    if (got.length)
      emit(log, 'rw.ev.duelSpoils', { seat: ws, hero: win, n: got.length }, ['RW-DUEL-08', 'RW-HDEF-02']);
    hs.dmg[lose] = p.heroes[lose]!.health;
    defeatHero(st, lose, log);
    const inf = p.heroes[win]!.duelWin;
    if (inf) st.p[ws]!.inf += inf; // Bogran the Shadow
    // RW-DP-24: he may give them to his other heroes of that area.
    if (got.length && spoilsTo(st, ws, win, null) > 0)
      st.stack.push({ k: 'spoils', seat: ws, h: win, n: got.length });
  } else if (r === 2) {
    // RW-DUEL-09: both fall; each leaves his stack (RW-HDEF-03).
    defeatHero(st, h, log);
    defeatHero(st, t, log);
  }
  return false;
}

/* ------------------------------------------------------------------ RW-DP-23: the duellist's choices */

export const duelDecision: Decision<RwState, F<'duel'>, RwAction> = {
  prompt: 'rw.duelChoice',
  rule: 'RW-DP-23',
  who: (_st, f) => only(seatOf(f, f.s)),
  asks: (_st, f, seat) => seat === seatOf(f, f.s),
  ask: (_st, f) => ({
    args: { hero: heroOf(f, f.s), what: f.step === S_SPEC ? 'special' : 'armor', n: coming(f, f.s) },
  }),
  offers(st, f, _seat, out) {
    if (f.step === S_SPEC) {
      out.push(HIT);
      specialOffers(st, f, f.s, out);
    } else {
      out.push(DONE);
      armorOffers(st, f, f.s, out);
    }
  },
  answer(st, f, _seat, a, log): ApplyResult {
    const s = f.s;
    if (f.step === S_SPEC && a.type === 'strike') {
      f.inc[1 - s]! += 1; // RW-DUEL-04b: the special icon's 1 damage
      f.sp[s] = 0;
      f.s++;
      return OK;
    }
    if (f.step === S_ARMOR && a.type === 'done') {
      f.s++;
      return OK;
    }
    const ok: RwAction[] = [];
    if (f.step === S_SPEC) specialOffers(st, f, s, ok);
    else armorOffers(st, f, s, ok);
    if (a.type !== 'useReward' || !ok.some((x) => x.type === 'useReward' && x.c === a.c && x.h === a.h))
      return fail(
        'duelReward',
        'Use a Reward card of your duellist that acts now: one Weapon and one Armor a duel, a Weapon on a special icon.',
        'RW-REWARD-04',
      );
    if (f.step === S_SPEC) f.sp[s] = 0;
    else if (hookOf(st, a.c).effect === 'heal') {
      potion(st, f, s, a.c, log); // then an Armor still, or done
      return OK;
    }
    useReward(st, f, s, a.c, log);
    f.s++;
    return OK;
  },
  // RW-DP-89 (DP-23): on a special icon 1 damage; no other effect.
  byDefault: (_st, f) => (f.step === S_SPEC ? HIT : DONE),
};

/* ------------------------------------------------------------------ RW-DP-24: the spoils */

/** His other heroes in the surviving duellist's area (standing or routed) that may take spoils. */
function spoilsTo(st: RwState, seat: Seat, h: number, out: RwAction[] | null): number {
  const hs = st.hero!;
  let n = 0;
  for (let x = 0; x < hs.ctl.length; x++)
    if (x !== h && hs.ctl[x] === seat && hs.at[x] === hs.at[h]) {
      n++;
      out?.push({ type: 'pick', n: x });
    }
  return n;
}

export function runSpoils(st: RwState, f: F<'spoils'>): boolean {
  if (f.n > 0 && st.hero!.ctl[f.h] === f.seat && spoilsTo(st, f.seat, f.h, null) > 0) return true;
  st.stack.pop();
  return false;
}

export const spoilsDecision: Decision<RwState, F<'spoils'>, RwAction> = {
  prompt: 'rw.spoils',
  rule: 'RW-DP-24',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  // The next card of the spoils (the first of the last `n` under his duellist: he sees it, RW-DUEL-08) goes to
  // the hero he picks; the others see counts (RW-DP-24).
  ask: (_st, f) => ({ args: { hero: f.h, n: f.n } }),
  offers(st, f, seat, out) {
    out.push(DONE);
    spoilsTo(st, seat, f.h, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type === 'done') {
      st.stack.pop();
      return OK;
    }
    const ok: RwAction[] = [];
    spoilsTo(st, seat, f.h, ok);
    if (a.type !== 'pick' || !ok.some((x) => x.type === 'pick' && x.n === a.n))
      return fail('spoilsTo', 'Give the spoils to one of your heroes in the same area.', 'RW-DUEL-08');
    const hs = st.hero!;
    const from = hs.rw[f.h]!;
    const [c] = from.splice(from.length - f.n, 1);
    hs.rw[a.n]!.push(c!);
    f.n--;
    emit(log, 'rw.ev.spoilsGiven', { seat, hero: f.h, target: a.n }, ['RW-DUEL-08', 'RW-DP-24']);
    return OK;
  },
  // RW-DP-89 (DP-24): all Rewards stay with the surviving duellist.
  byDefault: () => DONE,
};
