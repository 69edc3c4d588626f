/**
 * Reward cards used in their controller's turn (07-heroes-quests-duels.md §6; data.md §11), with the option
 * `heroes: 'on'`: after his Order, in his turn (never in the Quest Phase, nobody's turn: RW-QPH-09), a player
 * may use the Reward cards whose effect is "during your turn, discard" — Sack of Gold (+4 influence), Healing
 * Potion (all damage removed), Timmorran Shard (receive a dragon rune), Crown of the Elder Kings (in a controlled
 * area with his stronghold: a dragon rune and 1 influence), Horn of Rallying (his routed units of the area stand
 * up) — face up and then discarded (RW-REWARD-02/08), and move Reward cards between his heroes of one area
 * (RW-REWARD-06); the Captain of the League of Heroes discards three Reward cards for a dragon rune (his
 * Title, data.md §14). Also in his turn: Tome of Lore (discarded: +1 Wisdom) and Orb of Scrying (kept, once a
 * turn: an adjacent area's rune token). Passive cards turn face up when first applied (RW-REWARD-08): Ring of
 * Influence (here, at the fall), Banner of the Lost Legion (resolution.ts), Cloak of Shadows (duels.ts), Boots of
 * Striding (heroes.ts), Lucky Charm (quests.ts); the duel cards and the Healing Potion in a duel are in duels.ts.
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { board, ctrl, fail, only, pk, see } from './common.js';
import { receiveRune, titleIndex } from './cards.js';
import { heroesOf, heroesOn } from './heroes.js';
import type { Frame, RwAction, RwState } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

/** The hooks usable in a turn (discarded once used); the Orb of Scrying, kept, has its own offers. */
const TURN = new Set(['gold', 'heal', 'rune', 'crown', 'horn', 'tome']);

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

function usable(st: RwState, seat: Seat, h: number, c: number): boolean {
  const p = pk(st);
  const hs = st.hero!;
  const e = p.rewards[p.rewardDeck[c]!]!.effect;
  if (!TURN.has(e)) return false;
  const a = hs.at[h]!;
  if (e === 'heal') return hs.dmg[h]! > 0;
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
      if (!orb && p.rewards[p.rewardDeck[c]!]!.effect === 'orb') n += orbOffers(st, seat, h, c, out);
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
