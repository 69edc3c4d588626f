/**
 * Reward cards used in their controller's turn (07-heroes-quests-duels.md §6; data.md §11), with the option
 * `heroes: 'on'`: after his Order, in his turn (never in the Quest Phase, nobody's turn: RW-QPH-09), a player
 * may use the Reward cards whose effect is "during your turn, discard" — Sack of Gold (+4 influence), Healing
 * Potion (all damage removed), Timmorran Shard (receive a dragon rune), Crown of the Elder Kings (in a controlled
 * area with his stronghold: a dragon rune and 1 influence), Horn of Rallying (his routed units of the area stand
 * up), Flute of Possession (the neutral units of his hero's area to an adjacent area of his choice: RW-NEUT-14),
 * Ice Storm (damage to the enemy units of the hero's area, assigned by their owner: RW-DMG-02..04; `storm`)
 * — face up and then discarded (RW-REWARD-02/08), and move Reward cards between his heroes of one area
 * (RW-REWARD-06); the Captain of the League of Heroes discards three Reward cards for a dragon rune (his
 * Title, data.md §14). Also in his turn: Tome of Lore (discarded: +1 Wisdom) and Orb of Scrying (kept, once a
 * turn: an adjacent area's rune token). Passive cards turn face up when first applied (RW-REWARD-08): Ring of
 * Influence (here, at the fall), Banner of the Lost Legion (resolution.ts), Cloak of Shadows (duels.ts), Boots of
 * Striding (heroes.ts), Lucky Charm (quests.ts); the duel cards and the Healing Potion in a duel are in duels.ts.
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { board, ctrl, fail, leftOf, neutralsIn, only, pk, removeUnit, see } from './common.js';
import { moveNeutrals, neutralMoves, receiveRune, titleIndex } from './cards.js';
import { checkElimination } from './victory.js';
import { heroesOf, heroesOn } from './heroes.js';
import type { Frame, RwAction, RwState } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

/** The hooks usable in a turn (discarded once used); the Orb of Scrying, kept, has its own offers. */
const TURN = new Set(['gold', 'heal', 'rune', 'crown', 'horn', 'tome', 'iceStorm']);

/**
 * Orb of Scrying (data.md §11): once a turn, the rune tokens of the hero's area (already seen, RW-RUNE-20) and
 * of one adjacent area: the adjacent areas whose face-down rune token he has not seen (their count, with `out`
 * null). The card is kept, face up once used (RW-REWARD-02).
 */
function orbOffers(st: RwState, seat: Seat, h: number, c: number, out: RwAction[] | null): number {
  const a = st.hero!.at[h]!;
  if (a < 0) return 0;
  const kn = st.p[seat]!.kn;
  let n = 0;
  for (const x of board(st).adj[a]!)
    if (st.rk[x]! >= 0 && !st.rup[x] && !kn.includes(st.rh[x]!)) {
      n++;
      out?.push({ type: 'useReward', h, c, area: x });
    }
  return n;
}

/**
 * Flute of Possession (data.md §11): the adjacent areas the neutral units of the hero's area may be moved to
 * (cards.ts `neutralMoves`: borders crossed as in a retreat, within 8 units there); their count, with `out` null.
 */
function fluteOffers(st: RwState, h: number, c: number, out: RwAction[] | null): number {
  const a = st.hero!.at[h]!;
  if (a < 0) return 0;
  const o: number[] = [];
  neutralMoves(st, a, o);
  if (out) for (let i = 1; i < o.length; i += 2) out.push({ type: 'useReward', h, c, area: o[i]! });
  return o.length / 2;
}

/**
 * Ice Storm: the owner of the enemy units in area `a` for `seat` (RW-TERM-15): another player (his faction
 * units and allied neutrals), -1 for unallied neutral units (hostile to everyone, RW-NEUT-02), -2 none.
 */
function stormVictim(st: RwState, seat: Seat, a: number): Seat {
  if (a < 0) return -2;
  const o = st.own[a]!;
  if (o >= 0) return o === seat ? -2 : o;
  return neutralsIn(st, a) > 0 ? -1 : -2;
}

function usable(st: RwState, seat: Seat, h: number, c: number): boolean {
  const p = pk(st);
  const hs = st.hero!;
  const e = p.rewards[p.rewardDeck[c]!]!.effect;
  if (!TURN.has(e)) return false;
  const a = hs.at[h]!;
  if (e === 'heal') return hs.dmg[h]! > 0;
  if (e === 'iceStorm') return stormVictim(st, seat, a) >= -1;
  if (e === 'crown') return ctrl(st, a) === seat && st.sh[a] === seat;
  if (e === 'horn') {
    for (let u = 0; u < p.U; u++) if (st.ur[a * p.U + u] && st.own[a] === seat) return true;
    return false;
  }
  return true;
}

/** The instance of a Reward card with hook `e` under hero `h` (-1 none). */
export function rewardUnder(st: RwState, h: number, e: string): number {
  const p = pk(st);
  for (const c of st.hero!.rw[h]!) if (p.rewards[p.rewardDeck[c]!]!.effect === e) return c;
  return -1;
}

/** RW-REWARD-08: a passive Reward card applied turns face up (its effect public from now on), kept. */
export function applyPassive(
  st: RwState,
  seat: Seat,
  h: number,
  c: number,
  log: EventSink,
  rules: string[],
): void {
  const hs = st.hero!;
  if (!hs.up.includes(c)) hs.up.push(c);
  emit(log, 'rw.ev.rewardUsed', { seat, hero: h, reward: pk(st).rewardDeck[c] }, [
    'RW-REWARD-02',
    'RW-REWARD-08',
    ...rules,
  ]);
}

/**
 * Ring of Influence (data.md §11): at each fall's secondary ability (RW-SEASON-17), +1 influence to the player
 * whose hero on the board holds it, whichever he chose (docs, H19).
 */
export function ringInfluence(st: RwState, seat: Seat, log: EventSink): void {
  const hs = st.hero;
  if (!hs) return;
  for (const h of heroesOf(st, seat)) {
    if (hs.at[h]! < 0) continue;
    for (const c of hs.rw[h]!) {
      const r = pk(st).rewards[pk(st).rewardDeck[c]!]!;
      if (r.effect !== 'ring') continue;
      st.p[seat]!.inf += r.n;
      applyPassive(st, seat, h, c, log, ['RW-SEASON-17']);
    }
  }
}

/**
 * RW-REWARD-06, RW-DP-16: the Reward cards that may pass between `h` and his other heroes in its area, both
 * ways (its count, with `out` null). Public counts, hidden contents: the action names the card to its owner.
 */
export function givesAround(st: RwState, seat: Seat, h: number, out: RwAction[] | null): number {
  const hs = st.hero!;
  const a = hs.at[h]!;
  if (a < 0 || hs.ctl[h] !== seat) return 0;
  let n = 0;
  for (const t of heroesOf(st, seat)) {
    if (t === h || hs.at[t] !== a) continue;
    for (const c of hs.rw[h]!) {
      n++;
      out?.push({ type: 'give', c, to: t });
    }
    for (const c of hs.rw[t]!) {
      n++;
      out?.push({ type: 'give', c, to: h });
    }
  }
  return n;
}

/** Passes Reward card `c` to hero `to` (validated by the caller; RW-REWARD-06). */
export function giveReward(
  st: RwState,
  seat: Seat,
  c: number,
  to: number,
  rules: string[],
  log: EventSink,
): void {
  const hs = st.hero!;
  const from = hs.rw.findIndex((x) => x.includes(c));
  hs.rw[from]!.splice(hs.rw[from]!.indexOf(c), 1);
  hs.rw[to]!.push(c);
  emit(log, 'rw.ev.rewardGiven', { seat, hero: from, target: to }, rules);
}

/** The Captain of the League of Heroes' holder (-1 none): his Title's rune for three Reward cards. */
function captain(st: RwState): Seat {
  const t = titleIndex(pk(st), 'captain');
  return t >= 0 ? st.titles[t]! : -1;
}

/**
 * The Captain's Title (data.md §14): in his turn, three Reward cards of any of his heroes discarded for a
 * dragon rune; every set of three, ascending (their count, with `out` null).
 */
function captainOffers(st: RwState, seat: Seat, mine: number[], out: RwAction[] | null): number {
  if (captain(st) !== seat) return 0;
  const hs = st.hero!;
  const cs: number[] = [];
  for (const h of mine) if (hs.at[h]! >= 0) for (const c of hs.rw[h]!) cs.push(c);
  const k = cs.length;
  if (k < 3) return 0;
  if (!out) return (k * (k - 1) * (k - 2)) / 6;
  cs.sort((x, y) => x - y);
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++)
      for (let l = j + 1; l < k; l++) out.push({ type: 'captain', cs: [cs[i]!, cs[j]!, cs[l]!] });
  return (k * (k - 1) * (k - 2)) / 6;
}

function offers(st: RwState, seat: Seat, out: RwAction[] | null, orb = 0): number {
  const hs = st.hero;
  if (!hs) return 0;
  const p = pk(st);
  const mine = heroesOf(st, seat);
  let n = captainOffers(st, seat, mine, out);
  for (const h of mine)
    for (const c of hs.rw[h]!) {
      const e = p.rewards[p.rewardDeck[c]!]!.effect;
      if (!orb && e === 'orb') n += orbOffers(st, seat, h, c, out);
      else if (e === 'flute') n += fluteOffers(st, h, c, out);
      else if (usable(st, seat, h, c)) {
        n++;
        out?.push({ type: 'useReward', h, c });
      }
      for (const t of mine)
        if (t !== h && hs.at[t] === hs.at[h]) {
          n++;
          out?.push({ type: 'give', c, to: t });
        }
    }
  return n;
}

/** After his Order (his turn): Reward cards to use or trade, if any. */
export function askRewards(st: RwState, seat: Seat): void {
  if (heroesOn(st) && offers(st, seat, null) > 0) st.stack.push({ k: 'ruse', seat });
}

export function runRuse(st: RwState, f: F<'ruse'>): boolean {
  if (st.p[f.seat]!.out || offers(st, f.seat, null, f.orb) === 0) {
    st.stack.pop();
    return false;
  }
  return true;
}

export const ruseDecision: Decision<RwState, F<'ruse'>, RwAction> = {
  prompt: 'rw.rewards',
  rule: 'RW-REWARD-02',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(st, f, seat, out) {
    offers(st, seat, out, f.orb);
    out.push({ type: 'done' });
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type === 'done') {
      st.stack.pop();
      return OK;
    }
    const ok: RwAction[] = [];
    offers(st, seat, ok, f.orb);
    const hs = st.hero!;
    if (a.type === 'give') {
      if (!ok.some((x) => x.type === 'give' && x.c === a.c && x.to === a.to))
        return fail('giveHere', 'Reward cards pass between your heroes in the same area.', 'RW-REWARD-06');
      giveReward(st, seat, a.c, a.to, ['RW-REWARD-06', 'RW-DP-40'], log);
      return OK;
    }
    if (a.type === 'captain') {
      const key = Array.isArray(a.cs) ? a.cs.join(',') : '';
      if (!ok.some((x) => x.type === 'captain' && x.cs.join(',') === key))
        return fail(
          'captainRune',
          'As Captain of the League of Heroes, discard three different Reward cards of your heroes on the board.',
          'RW-TITLE-03',
        );
      // Face up to the Reward discard pile (public), then a dragon rune received (RW-RUNE-10).
      for (const c of a.cs) {
        const h = hs.rw.findIndex((x) => x.includes(c));
        hs.rw[h]!.splice(hs.rw[h]!.indexOf(c), 1);
        hs.rdisc.push(c);
        if (!hs.up.includes(c)) hs.up.push(c);
      }
      emit(log, 'rw.ev.captainRune', { seat, rewards: a.cs.map((c) => pk(st).rewardDeck[c]) }, [
        'RW-TITLE-03',
        'RW-RUNE-10',
      ]);
      receiveRune(st, seat);
      return OK;
    }
    if (
      a.type !== 'useReward' ||
      !ok.some((x) => x.type === 'useReward' && x.h === a.h && x.c === a.c && x.area === a.area)
    )
      return fail('rewardUse', 'Use a Reward card of your hero that can be used now.', 'RW-REWARD-02');
    const p = pk(st);
    const e = p.rewards[p.rewardDeck[a.c]!]!.effect;
    if (e === 'orb') {
      // Kept under the hero, face up from now on; once this turn. What the token is, he alone learns.
      f.orb = 1;
      if (!hs.up.includes(a.c)) hs.up.push(a.c);
      see(st, seat, a.area!);
      emit(log, 'rw.ev.orb', { seat, hero: a.h, area: a.area }, ['RW-REWARD-02', 'RW-RUNE-20', 'RW-INFO-14']);
      emit(log, 'rw.ev.orbOwn', { seat, area: a.area, runeKind: st.rk[a.area!]! }, ['RW-INFO-14'], [seat]);
      return OK;
    }
    // RW-REWARD-02/08: face up when used; these are discarded after use (to the discard pile, face up).
    hs.rw[a.h]!.splice(hs.rw[a.h]!.indexOf(a.c), 1);
    hs.rdisc.push(a.c);
    if (!hs.up.includes(a.c)) hs.up.push(a.c);
    emit(log, 'rw.ev.rewardUsed', { seat, hero: a.h, reward: p.rewardDeck[a.c] }, [
      'RW-REWARD-02',
      'RW-REWARD-08',
    ]);
    const at = hs.at[a.h]!;
    switch (e) {
      case 'gold':
        st.p[seat]!.inf += 4;
        break;
      case 'heal':
        hs.dmg[a.h] = 0;
        break;
      case 'crown':
        st.p[seat]!.inf += 1;
        receiveRune(st, seat);
        break;
      case 'rune':
        receiveRune(st, seat);
        break;
      case 'tome': // +1 Wisdom for good, beside training (no token used)
        hs.tb[a.h]! += p.rewards[p.rewardDeck[a.c]!]!.n;
        break;
      case 'flute': {
        // RW-NEUT-14/16: all of them, routed or not, allied with the destination's controller (him if his).
        const n = moveNeutrals(st, at, a.area!);
        emit(log, 'rw.ev.flute', { seat, hero: a.h, from: at, to: a.area, n }, [
          'RW-NEUT-14',
          'RW-NEUT-16',
          'RW-LIMIT-05',
        ]);
        checkElimination(st, log);
        break;
      }
      case 'iceStorm': {
        // The victims' owner assigns the damage (RW-NEUT-08; unallied neutrals: the left player, RW-NEUT-03).
        const o = stormVictim(st, seat, at);
        const by = o >= 0 ? o : st.opts.neutrals === 'auto' ? -1 : leftOf(st, seat);
        const n = p.rewards[p.rewardDeck[a.c]!]!.n;
        emit(log, 'rw.ev.iceStorm', { seat, hero: a.h, area: at, n }, ['RW-DMG-01', 'RW-TERM-15']);
        st.stack.push({ k: 'storm', seat, o, by, area: at, left: n });
        break;
      }
      case 'horn':
        for (let u = 0; u < p.U; u++) {
          const i = at * p.U + u;
          st.us[i]! += st.ur[i]!;
          st.ur[i] = 0;
        }
        break;
    }
    return OK;
  },
  // RW-DP-89: nothing used, nothing traded.
  byDefault: () => ({ type: 'done' }),
};

/* ------------------------------------------------------------------ Ice Storm's damage */

type SF = F<'storm'>;

/**
 * The units of the storm's victims that may take its next damage: standing ones of any type, else routed ones
 * (RW-DMG-03). A unit once damaged takes the following tokens until destroyed (RW-DMG-02), so a choice is one
 * unit taking min(left, health) damage at once.
 */
function stormOffers(st: RwState, f: SF, out: RwAction[]): void {
  const p = pk(st);
  const us = f.o >= 0 ? p.factions[st.fac[f.o]!]!.canonAll : p.neutralCanon; // his allies too (RW-NEUT-07/08)
  const b = f.area * p.U;
  for (const u of us) if (st.us[b + u]) out.push({ type: 'hit', u, r: 0, d: 0 });
  if (out.length) return;
  for (const u of us) if (st.ur[b + u]) out.push({ type: 'hit', u, r: 1, d: 0 });
}

/** RW-DP-89 (as DP-66): the eligible unit with the most health, then canonical order. */
function stormDefault(st: RwState, f: SF): RwAction | null {
  const out: RwAction[] = [];
  stormOffers(st, f, out);
  const p = pk(st);
  let best: RwAction | null = null;
  for (const a of out)
    if (a.type === 'hit' && (!best || p.units[a.u]!.health > p.units[(best as { u: number }).u]!.health))
      best = a;
  return best;
}

/** One unit takes the storm's next damage (validated by the caller). */
function stormHit(st: RwState, f: SF, u: number, r: number, log: EventSink): void {
  const hp = pk(st).units[u]!.health;
  const d = Math.min(f.left, hp);
  f.left -= d;
  if (d < hp) {
    // RW-DMG-07: no unit carries damage outside a battle; the storm's last tokens leave it standing.
    emit(log, 'rw.ev.stormHurt', { seat: f.o, area: f.area, u, n: d }, ['RW-DMG-02', 'RW-DMG-07']);
    return;
  }
  removeUnit(st, f.area, u, r === 1, f.o); // RW-DMG-04, RW-NEUT-18: back to the supply
  emit(log, 'rw.ev.stormKilled', { seat: f.o, area: f.area, u }, ['RW-DMG-02', 'RW-DMG-03', 'RW-DMG-04']);
}

/**
 * The storm blows until its damage is assigned or no victim is left (RW-DMG-06: the rest is lost); with
 * automated neutrals (RW-NEUT-05) the defaults assign it at once.
 */
export function runStorm(st: RwState, f: SF, log: EventSink): boolean {
  for (let i = 0; i < 64 && f.left > 0 && f.by < 0; i++) {
    const a = stormDefault(st, f);
    if (!a || a.type !== 'hit') break;
    stormHit(st, f, a.u, a.r, log);
  }
  const out: RwAction[] = [];
  if (f.left > 0 && !(f.by >= 0 && st.p[f.by]!.out)) stormOffers(st, f, out);
  if (out.length) return true;
  st.stack.pop();
  checkElimination(st, log);
  return false;
}

export const stormDecision: Decision<RwState, SF, RwAction> = {
  prompt: 'rw.storm',
  rule: 'RW-DMG-01',
  who: (_st, f) => only(f.by),
  asks: (_st, f, seat) => seat === f.by,
  ask: (_st, f) => ({ args: { area: f.area, n: f.left } }),
  offers(st, f, _seat, out) {
    stormOffers(st, f, out);
  },
  answer(st, f, _seat, a, log): ApplyResult {
    const ok: RwAction[] = [];
    stormOffers(st, f, ok);
    if (a.type !== 'hit' || !ok.some((x) => x.type === 'hit' && x.u === a.u && x.r === a.r))
      return fail(
        'stormHit',
        'Give the damage to a unit of yours there: a standing one, a routed one only if none stands.',
        'RW-DMG-03',
      );
    stormHit(st, f, a.u, a.r, log);
    return OK;
  },
  byDefault: (st, f) => stormDefault(st, f),
};
