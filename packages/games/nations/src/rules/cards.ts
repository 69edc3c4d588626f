/**
 * Acquired cards by type (NAT-ADV, NAT-BLD, NAT-MIL, NAT-COL, NAT-WON, NAT-WAR, NAT-BAT, NAT-GA): advisors
 * replaced, buildings and military cards placed or covering, colonies given up, wonders under construction and
 * completed, wars bought, battles and golden ages resolved (with the promo hooks).
 */
import type { EventSink } from '@tabula/engine';
import { emit, shuffle } from '@tabula/engine';
import {
  MK,
  advisorCap,
  age,
  board,
  cannotBuy,
  card,
  colonyCap,
  militaryCount,
  modSum,
  raid,
  seatMods,
  strength,
  wonderCap,
} from '../derive.js';
import type { OptOf, Inst, NatState, Player, Task } from '../state.js';
import type { Bag, ProgressCard } from '../types.js';
import { takeCard } from './buy.js';
import { RES4 } from './core.js';
import { pushEffects } from './effects.js';
import { ask } from './choices.js';
import { gain } from './payments.js';
import { removeInst } from './removal.js';
import { newUid } from './setup.js';
import { noteCard } from '../deck.js';

export function placeTaken(st: NatState, s: number, c: ProgressCard, paid: number, log: EventSink): void {
  const p = st.players[s]!;
  p.bought.push(c.id);
  const u = newUid(st, c.id);
  // After the card is placed or resolved: purchase triggers (NAT-BUY-7).
  st.stack.push({ t: 'fire', on: 'buyCard', s, data: { id: c.id, type: c.type, paid, u } });
  switch (c.type) {
    case 'advisor': {
      const cap = advisorCap(st, s);
      const ins: Inst = { id: c.id, u, w: 0 };
      if (c.onAcquire) pushEffects(st, s, c.onAcquire, { src: c.id, u });
      if (p.advisors.length >= cap) {
        if (p.advisors.length === 1 || cap <= 1) {
          for (const old of p.advisors) removeInst(st, s, old.u, 'covered', log);
          p.advisors.push(ins);
        } else {
          p.advisors.push(ins);
          ask(
            st,
            log,
            s,
            'advisorOut',
            p.advisors.filter((x) => x.u !== u).map((x) => ({ type: 'choose', remove: x.u })),
            { u },
          );
        }
      } else p.advisors.push(ins);
      return;
    }
    case 'building':
    case 'military': {
      if (c.onAcquire) pushEffects(st, s, c.onAcquire, { src: c.id, u });
      ask(st, log, s, 'place', placeOptions(st, s, c), { id: c.id, u });
      return;
    }
    case 'colony': {
      p.colonies.push({ id: c.id, u, w: 0 });
      if (c.onAcquire) pushEffects(st, s, c.onAcquire, { src: c.id, u });
      if (p.colonies.length > colonyCap(st, s))
        ask(
          st,
          log,
          s,
          'colonyOut',
          p.colonies.filter((x) => x.u !== u).map((x) => ({ type: 'choose', remove: x.u })),
          { u },
        );
      return;
    }
    case 'wonder': {
      if (p.wip) {
        st.removed.push(p.wip.id); // NAT-WON-2: architects to the supply, stone lost
        if (log)
          emit(log, 'nat.ev.wonderLost', { seat: s, card: p.wip.id, architects: p.wip.built }, ['NAT-WON-2']);
      }
      p.wip = { id: c.id, u, built: 0 };
      return;
    }
    case 'war': {
      st.war = { id: c.id, marker: strength(st, s), buyer: s }; // NAT-WAR-2
      st.warBought = true;
      if (log)
        emit(log, 'nat.ev.war', { seat: s, card: c.id, marker: st.war.marker }, ['NAT-WAR-1', 'NAT-WAR-2']);
      return;
    }
    case 'battle': {
      const r = raid(st, s)!;
      st.removed.push(c.id);
      ask(
        st,
        log,
        s,
        'battle',
        c.battle!.choices.map((res) => ({ type: 'choose', res })),
        { id: c.id, r },
      );
      return;
    }
    case 'goldenAge': {
      st.removed.push(c.id);
      askGolden(st, s, c, log);
      return;
    }
  }
}

/** The option "this slot" of a placement, shared and frozen per slot (rows have at most 30 slots, data.ts). */
const PLACE_SLOT: readonly OptOf<'place'>[] = Array.from({ length: 32 }, (_, slot) =>
  Object.freeze({ type: 'choose', slot } as OptOf<'place'>),
);

export function placeOptions(st: NatState, s: number, c: ProgressCard): OptOf<'place'>[] {
  const p = st.players[s]!;
  const opts: OptOf<'place'>[] = [];
  // NAT-MIL-2: a fourth military card must cover a military card.
  const mustCoverMil = c.type === 'military' && militaryCount(st, p) >= board(p).slots.maxMilitary;
  for (let i = 0; i < p.row.length; i++) {
    const r = p.row[i];
    if (mustCoverMil && (!r || card(r.id).type !== 'military')) continue;
    opts.push(PLACE_SLOT[i] ?? { type: 'choose', slot: i });
  }
  return opts;
}

export function askGolden(st: NatState, s: number, c: ProgressCard, log: EventSink): void {
  const p = st.players[s]!;
  const g = c.goldenAge!;
  const bonus = modSum(st, s, MK.goldenAgeBonus);
  const opts: OptOf<'golden'>[] = [];
  const types = RES4.filter((r) => (g.gain[r] ?? 0) > 0);
  if (types.length > 0) for (const r of types) opts.push({ type: 'choose', res: r });
  // NAT-MODEL-14: a hooked promo (Antikythera, Power Grid) has its hook in place of the resource option; an
  // Antikythera with no next-age deck to reveal from is not offered (public: the deck sizes).
  if (c.hook === 'powerGrid' || (c.hook === 'antikythera' && (st.decks[age(st)]?.length ?? 0) > 0))
    opts.push({ type: 'choose', hook: c.hook });
  const cost = Math.max(0, g.vpPrice - bonus);
  for (const bag of payMixes(p, cost)) opts.push({ type: 'choose', pay: bag });
  if (opts.length === 0) opts.push({ type: 'choose', res: 'none' });
  ask(st, log, s, 'golden', opts, { id: c.id, bonus, cost });
}

/**
 * The promo golden ages' hooks (NAT-MODEL-13/14), in place of the resource option.
 * antikythera: reveal the next age's deck from the top until the first golden age, wonder or building (of a type
 * the nation may buy) and take it as bought for 0 gold (like Galileo, NAT-NOTE-30); the other revealed cards are
 * shown to all (NAT-HIDDEN-3) and shuffled back into that deck with the game generator; nothing of them stays in
 * the state. powerGrid: refill the empty board spaces from the current age's deck as in maintenance
 * (NAT-MAINT-5, NAT-MAINT-9), then +2 gold.
 */
export function goldenHook(st: NatState, s: number, hook: string, log: EventSink): void {
  if (hook === 'antikythera') {
    const deck = st.decks[age(st)];
    if (!deck) return;
    const sm = seatMods(st, s);
    const shown: string[] = [];
    let got: ProgressCard | null = null;
    while (deck.length > 0) {
      const c = card(deck.pop()!);
      if (
        (c.type === 'goldenAge' || c.type === 'wonder' || c.type === 'building') &&
        !cannotBuy(st, s, c.type, sm)
      ) {
        got = c;
        break;
      }
      shown.push(c.id);
    }
    if (shown.length > 0) {
      deck.push(...shown);
      shuffle(st.rng, deck);
    }
    if (log)
      emit(log, 'nat.ev.antikythera', { seat: s, card: got?.id ?? null, cards: shown }, [
        'NAT-MODEL-13',
        'NAT-MODEL-14',
        'NAT-HIDDEN-3',
      ]);
    if (got) takeCard(st, s, got, 0, log);
    return;
  }
  if (hook === 'powerGrid') {
    const deck = st.decks[age(st) - 1]!;
    let n = 0;
    for (let i = 0; i < st.board.length; i++)
      if (!st.board[i] && deck.length > 0) {
        const id = deck.pop()!;
        st.board[i] = { id, a: card(id).architectsOnBoard ?? 0 };
        n++;
      }
    gain(st, s, { gold: 2 });
    if (log)
      emit(log, 'nat.ev.powerGrid', { seat: s, n, left: deck.length }, [
        'NAT-MODEL-13',
        'NAT-MODEL-14',
        'NAT-MAINT-5',
      ]);
  }
}

/** Every way to pay `n` resources in any mix from what the player holds (NAT-GA-1 b). */
export function payMixes(p: Player, n: number): Bag[] {
  const out: Bag[] = [];
  const h = p.res;
  if (h.gold + h.stone + h.food + h.books < n) return out;
  for (let g = Math.min(n, h.gold); g >= 0; g--)
    for (let s = Math.min(n - g, h.stone); s >= 0; s--)
      for (let f = Math.min(n - g - s, h.food); f >= 0; f--) {
        const b = n - g - s - f;
        if (b <= h.books) out.push(bagOf(g, s, f, b));
      }
  return out;
}

export function bagOf(g: number, s: number, f: number, b: number): Bag {
  const o: Bag = {};
  if (g) o.gold = g;
  if (s) o.stone = s;
  if (f) o.food = f;
  if (b) o.books = b;
  return o;
}

export function completeWonder(st: NatState, t: Extract<Task, { t: 'complete' }>, log: EventSink): void {
  st.stack.pop();
  noteCard(st, t.id); // a wonder put under construction by hand (scenarios) is noted here at the latest
  const s = t.s;
  const p = st.players[s]!;
  const c = card(t.id);
  if (log) emit(log, 'nat.ev.wonder', { seat: s, card: t.id }, ['NAT-WON-5']);
  if (c.onAcquire) pushEffects(st, s, c.onAcquire, { src: c.id, u: t.u });
  const full = p.wonders.length >= wonderCap(st, s);
  const opts: OptOf<'cover'>[] = [];
  if (!full) opts.push({ type: 'choose', cover: null });
  for (const w of p.wonders) opts.push({ type: 'choose', cover: w.u });
  if (p.wonders.length === 0) {
    p.wonders.push({ id: t.id, u: t.u, w: 0 });
    return;
  }
  ask(st, log, s, 'cover', opts, { id: t.id, u: t.u });
}
