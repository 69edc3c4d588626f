/**
 * Development cards (spec §14): drawing, the one-card-per-phase limit and the phase of acquisition
 * (SFR-DEV-2/3), treasures revealed at once (SFR-DEV-8), the cards of phase 2 (Diplomat, resource
 * cards) and of phases 3/4 (Great Horseman / Great Warrior), the cards that modify a movement or a
 * deed (checked here, applied by tribes.ts), and the listing of the cards playable now.
 */
import type { ApplyResult, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { e, fail, frozen, gain, NO, no, perRt, removeCard, rt, takeCard, takeCountsOk } from './common.js';
import { legionHexError, moveLegion } from './round.js';
import type { SfrAction, SfrState, Take } from './types.js';

/* ------------------------------------------------------------------ holding and playing cards */

/** Draws the top development card into `s`'s hand (SFR-BUY-4, SFR-LOOT-4); false if the deck is empty. */
export function drawDev(st: SfrState, s: Seat, log: EventSink, rule: string): boolean {
  const c = st.devDeck.pop();
  if (c === undefined) {
    emit(log, 'sfr.ev.devEmpty', { seat: s }, ['SFR-DEV-4', rule]);
    return false;
  }
  const p = st.p[s]!;
  p.dev.push(c);
  p.devAt.push(st.serial);
  if (log) emit(log, 'sfr.ev.devDrawn', { seat: s, card: c }, [rule, 'SFR-DEV-1'], [s]);
  if (log) emit(log, 'sfr.ev.devHidden', { seat: s }, [rule, 'SFR-DEV-1'], undefined, [s]);
  return true;
}

/** Index of a copy of `card` in `seat`'s hand that may be played now (not acquired this phase, SFR-DEV-3). */
export function playableCopy(st: SfrState, seat: Seat, card: string): number {
  const p = st.p[seat]!;
  for (let i = 0; i < p.dev.length; i++) if (p.dev[i] === card && p.devAt[i] !== st.serial) return i;
  return -1;
}

/**
 * Why `card` cannot be played by `seat` in the current phase (SFR-DEV-2/3), or null (`why` false:
 * the listing, which needs no words).
 */
export function cardError(st: SfrState, seat: Seat, card: string, why = true): RuleError | null {
  const d = rt(st).dev.get(card);
  if (!d || !d.phases.length)
    return no(why, 'notPlayable', 'That is not a development card that can be played.', 'SFR-DEV-2');
  if (!d.phases.includes(st.phase))
    return why
      ? e('wrongPhase', `That card may be played only in phase ${d.phases.join('/')}.`, 'SFR-DEV-2')
      : NO;
  const p = st.p[seat]!;
  if (d.counts && p.cardAt === st.serial)
    return no(why, 'cardLimit', 'You have already played a development card in this phase.', 'SFR-DEV-2');
  if (!p.dev.includes(card)) return no(why, 'noCard', 'You do not hold that card.', 'SFR-DEV-1');
  if (playableCopy(st, seat, card) < 0)
    return no(
      why,
      'cardTooNew',
      'A card cannot be played in the phase in which it was acquired.',
      'SFR-DEV-3',
    );
  return null;
}

/** The card played leaves the hand and counts toward the limit of its phase (SFR-DEV-2/4). */
export function consumeCard(st: SfrState, seat: Seat, card: string, log: EventSink, rules: string[]): void {
  const p = st.p[seat]!;
  removeCard(p, playableCopy(st, seat, card));
  p.played.push(card);
  if (rt(st).dev.get(card)!.counts) p.cardAt = st.serial;
  if (log) emit(log, 'sfr.ev.cardPlayed', { seat, card }, ['SFR-DEV-2', 'SFR-DEV-4', ...rules]);
}

/** The card a deed or movement uses must be a matching development card playable now (SFR-DEV-13). */
export function modifierError(
  st: SfrState,
  seat: Seat,
  card: unknown,
  want: readonly string[],
  why = true,
): RuleError | null {
  if (card === undefined) return null;
  const d = rt(st).dev.get(card as string);
  if (!d || !want.includes(d.effect.type))
    return no(why, 'badCard', 'That card does not modify this action.', 'SFR-DEV-13');
  return cardError(st, seat, d.id, why);
}

/* ------------------------------------------------------------------ playing a card on its own */

/** SFR-DEV-5, SFR-DEV-10: a Diplomat (moves the legionnaire) or a resource card of phase 2. */
export function playPhase2(
  st: SfrState,
  seat: Seat,
  a: Extract<SfrAction, { type: 'play' }>,
  log: EventSink,
): ApplyResult {
  const err = cardError(st, seat, a.card);
  if (err) return { ok: false, error: err };
  const d = rt(st).dev.get(a.card)!;
  const eff = d.effect;
  if (eff.type === 'moveLegionnaire') {
    const he = legionHexError(st, a.hex);
    if (he) return { ok: false, error: he };
    consumeCard(st, seat, a.card, log, ['SFR-DEV-5', 'SFR-DP-15']);
    st.p[seat]!.diplomats++;
    moveLegion(st, seat, rt(st).hexIdx.get(a.hex!)!, log, ['SFR-DEV-5', 'SFR-FAQ-8']);
    if (!eff.rob) {
      const n = st.stack.length;
      if (n > 0 && st.stack[n - 1]!.k === 'rob') st.stack.pop();
    }
    return OK;
  }
  if (eff.type === 'takeResources') {
    const takes = a.take;
    if (!Array.isArray(takes) || takes.length !== eff.count || takes.some((t) => !eff.choices.includes(t)))
      return fail('badTake', `Choose ${eff.count} of: ${eff.choices.join(', ')}.`, 'SFR-DEV-10');
    if (!takeCountsOk(st, takes)) return fail('supplyEmpty', 'That supply is empty.', 'SFR-DEV-10');
    consumeCard(st, seat, a.card, log, ['SFR-DEV-10', 'SFR-DP-15']);
    for (const t of takes) takeCard(st, seat, t, log, 'SFR-DEV-10');
    return OK;
  }
  return fail('wrongPhase', 'That card is not played in this phase.', 'SFR-DEV-2');
}

/** SFR-DEV-7: a Great Horseman / Great Warrior strengthens tribe `t` for this phase, before its deed. */
export function playBonus(st: SfrState, seat: Seat, t: number, card: string, log: EventSink): ApplyResult {
  const err = cardError(st, seat, card);
  if (err) return { ok: false, error: err };
  const d = rt(st).dev.get(card)!;
  if (d.effect.type !== 'strengthBonus' || d.effect.tribe !== t)
    return fail(
      'badCard',
      'Cards that modify a movement or a deed are played with that action.',
      'SFR-DEV-13',
    );
  consumeCard(st, seat, card, log, ['SFR-DEV-7', 'SFR-DP-22']);
  const p = st.p[seat]!;
  p.bonus = d.effect.amount;
  p.bonusAt = st.serial;
  return OK;
}

/** SFR-DEV-8: a treasure acquired in this step may be revealed at once. */
export function reveal(st: SfrState, seat: Seat, card: string, log: EventSink): ApplyResult {
  const p = st.p[seat]!;
  const d = rt(st).dev.get(card);
  if (!d || d.effect.type !== 'gainGold')
    return fail('notTreasure', 'Only a treasure can be revealed.', 'SFR-DEV-8');
  let i = -1;
  for (let j = 0; j < p.dev.length; j++) if (p.dev[j] === card && p.devAt[j] === st.serial) i = j;
  if (i < 0)
    return fail('notNew', 'A treasure can be revealed only right after you acquire it.', 'SFR-DEV-8');
  removeCard(p, i);
  p.treasures.push(card);
  gain(st, p, d.effect.gold);
  emit(log, 'sfr.ev.treasure', { seat, card, gold: d.effect.gold, end: false }, ['SFR-DEV-8', 'SFR-DP-16']);
  return OK;
}

/* ------------------------------------------------------------------ the listing (SFR-DP-15/16/22) */

function multisets(items: Take[], k: number, from = 0): Take[][] {
  if (k === 0) return [[]];
  const out: Take[][] = [];
  for (let i = from; i < items.length; i++)
    for (const rest of multisets(items, k - 1, i)) out.push([items[i]!, ...rest]);
  return out;
}

/**
 * The plays of each card playable on its own, built once per map and shared (frozen): a Diplomat's
 * by Roman hex (`hexes[i]` goes to `r.roman[i]`), a resource card's by choice of cards.
 */
interface CardPlays {
  reveal: Map<string, SfrAction>;
  hexes: Map<string, SfrAction[]>;
  takes: Map<string, SfrAction[]>;
  bonus: Map<string, SfrAction>;
}

const cardPlays = perRt((): CardPlays => ({
  reveal: new Map(),
  hexes: new Map(),
  takes: new Map(),
  bonus: new Map(),
}));

function cached<T>(m: Map<string, T>, card: string, build: () => T): T {
  let v = m.get(card);
  if (v === undefined) {
    v = build();
    m.set(card, v);
  }
  return v;
}

/**
 * Every play of a card held by `seat` that is possible now, cards in hand order: a treasure just
 * acquired (reveal), a Diplomat (one play per hex), a resource card (one per choice the supplies
 * hold), and a strength bonus for tribe `bonusTribe` (-1: none now, e.g. after its deed).
 */
export function cardActions(st: SfrState, seat: Seat, bonusTribe: number, out: SfrAction[]): void {
  const r = rt(st);
  const p = st.p[seat]!;
  const dev = p.dev;
  const plays = cardPlays(r);
  for (let i = 0; i < dev.length; i++) {
    const c = dev[i]!;
    if (dev.indexOf(c) !== i) continue; // each card once, at its first copy
    const d = r.dev.get(c)!;
    const eff = d.effect;
    if (eff.type === 'gainGold') {
      let fresh = false;
      for (let j = i; j < dev.length; j++) if (dev[j] === c && p.devAt[j] === st.serial) fresh = true;
      if (fresh) out.push(cached(plays.reveal, c, () => frozen<SfrAction>({ type: 'reveal', card: c })));
      continue;
    }
    if (
      (eff.type !== 'moveLegionnaire' && eff.type !== 'takeResources' && eff.type !== 'strengthBonus') ||
      cardError(st, seat, c, false)
    )
      continue;
    if (eff.type === 'moveLegionnaire') {
      const acts = cached(plays.hexes, c, () =>
        r.roman.map((h) => frozen<SfrAction>({ type: 'play', card: c, hex: r.hexes[h]!.id })),
      );
      for (let k = 0; k < acts.length; k++) if (r.roman[k] !== st.legion) out.push(acts[k]!);
    } else if (eff.type === 'takeResources') {
      const acts = cached(plays.takes, c, () =>
        multisets(eff.choices as Take[], eff.count).map((take) =>
          frozen<SfrAction>({ type: 'play', card: c, take: frozen(take) }),
        ),
      );
      for (const a of acts) if (takeCountsOk(st, (a as { take: Take[] }).take)) out.push(a);
    } else if (eff.tribe === bonusTribe)
      out.push(cached(plays.bonus, c, () => frozen<SfrAction>({ type: 'play', card: c })));
  }
}
