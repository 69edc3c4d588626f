/**
 * Player trades of phase 2 (spec §7, SFR-TRADE): offers drafted step by step (a recipient, then items
 * given and wanted, then posting), the answers of the addressed players (accept, decline, counter),
 * and the execution of an accepted offer or a counter-offer by the acting player. The decision of the
 * addressed players (SFR-DP-9) is defined here; the acting player's side is part of the trade step
 * (trade.ts).
 */
import type { ApplyResult, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import type { FrameOf, SfrDecision } from './common.js';
import { e, fail, frozen, itemIndex, NO, no, rt, top, wrong } from './common.js';
import type { Bundle, Draft, Offer, Player, SfrAction, SfrState } from './types.js';
import { GOLD, ITEMS } from './types.js';

/* ------------------------------------------------------------------ bundles and holdings */

export const bundleCards = (b: Bundle): number => b[0]! + b[1]! + b[2]! + b[3]!;
const bundleTotal = (b: Bundle): number => bundleCards(b) + b[4]!;

export function holds(p: Player, b: Bundle): boolean {
  for (let k = 0; k < 4; k++) if (p.res[k]! < b[k]!) return false;
  return p.gold >= b[4]!;
}

/** SFR-TRADE-3: both sides non-empty, at least one resource card in total. */
export function offerShapeOk(give: Bundle, get: Bundle): boolean {
  return bundleTotal(give) > 0 && bundleTotal(get) > 0 && bundleCards(give) + bundleCards(get) > 0;
}

/** Whether `seat` has trading inputs left in this step (the engine-only `tradeInputLimit`). */
export function inputsLeft(st: SfrState, seat: Seat): boolean {
  const lim = st.opts.tradeInputLimit;
  return lim === 0 || st.inputs[seat]! < lim;
}

/** The acting player's own open offers. */
export function ownOffers(st: SfrState, seat: Seat): number {
  let k = 0;
  for (const o of st.offers) if (o.from === seat) k++;
  return k;
}

function tradeFrameSeat(st: SfrState): Seat {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'trade') return f.seat;
  }
  return -1;
}

export function offerParams(o: Offer): Record<string, unknown> {
  return {
    offer: o.id,
    seat: o.from,
    to: o.to,
    give: o.give.slice(),
    get: o.get.slice(),
    counterTo: o.counterTo,
  };
}

/* ------------------------------------------------------------------ drafting (SFR-TRADE-5) */

/**
 * Why a drafting step is not possible for `seat`, or null (shared by listing and validation; `why`
 * false: the listing, which needs no words).
 */
export function draftError(st: SfrState, seat: Seat, a: SfrAction, why = true): RuleError | null {
  const C = rt(st).C;
  const f = top(st)!;
  const d = st.drafts[seat];
  if (!inputsLeft(st, seat) && a.type !== 'post' && a.type !== 'drop')
    return no(why, 'tradeLimit', 'You have used all your trading inputs for this step.', 'SFR-TRADE-5');
  if (a.type === 'draft') {
    if (d) return no(why, 'draftOpen', 'You already have an offer draft.', 'SFR-TRADE-5');
    if (f.k === 'trade') {
      if (a.to !== -1 && (!Number.isInteger(a.to) || a.to < 0 || a.to >= st.n || a.to === seat))
        return no(why, 'badRecipient', 'An offer goes to one other player or to everyone.', 'SFR-TRADE-5');
      if (ownOffers(st, seat) >= C.trade.maxOpenOffers)
        return why
          ? e('tooManyOffers', `At most ${C.trade.maxOpenOffers} offers may be open at once.`, 'SFR-TRADE-5')
          : NO;
    } else if (a.to !== tradeFrameSeat(st))
      return no(why, 'badRecipient', 'A counter-offer goes to the acting player.', 'SFR-TRADE-6');
    return null;
  }
  if (!d) return no(why, 'noDraft', 'Start an offer draft first.', 'SFR-TRADE-5');
  const p = st.p[seat]!;
  switch (a.type) {
    case 'give':
    case 'want':
      return itemError(st, seat, d, a.type === 'give', itemIndex(a.item), why);
    case 'ungive':
    case 'unwant': {
      const i = itemIndex(a.item);
      const side = a.type === 'ungive' ? d.give : d.get;
      if (i < 0 || side[i]! <= 0) return no(why, 'notInOffer', 'That is not in your draft.', 'SFR-TRADE-5');
      return null;
    }
    case 'post':
      if (!offerShapeOk(d.give, d.get))
        return no(
          why,
          'badShape',
          'An offer needs something on both sides and at least one resource card.',
          'SFR-TRADE-3',
        );
      if (!holds(p, d.give)) return no(why, 'notHeld', 'You can only offer what you hold.', 'SFR-TRADE-3');
      if (f.k === 'trade' && ownOffers(st, seat) >= C.trade.maxOpenOffers)
        return why
          ? e('tooManyOffers', `At most ${C.trade.maxOpenOffers} offers may be open at once.`, 'SFR-TRADE-5')
          : NO;
      return null;
    case 'drop':
      return null;
    default:
      return no(why, 'wrongAction.draft', 'That is not a step of an offer draft.', 'SFR-DP-8');
  }
}

/** Why item `i` cannot be added to a side of draft `d` (SFR-TRADE-2/3/5), or null. */
function itemError(
  st: SfrState,
  seat: Seat,
  d: Draft,
  give: boolean,
  i: number,
  why: boolean,
): RuleError | null {
  if (i < 0)
    return no(why, 'badItem', 'Only grain, ore, horses, cattle and gold can be traded.', 'SFR-TRADE-2');
  const C = rt(st).C;
  const side = give ? d.give : d.get;
  if (i === GOLD) {
    if (side[GOLD]! >= C.trade.maxGoldPerSide)
      return why ? e('offerTooBig', `At most ${C.trade.maxGoldPerSide} gold per side.`, 'SFR-TRADE-5') : NO;
  } else if (bundleCards(side) >= C.trade.maxCardsPerSide)
    return why ? e('offerTooBig', `At most ${C.trade.maxCardsPerSide} cards per side.`, 'SFR-TRADE-5') : NO;
  const p = st.p[seat]!;
  if (give && (i === GOLD ? p.gold : p.res[i]!) <= side[i]!)
    return no(why, 'notHeld', 'You can only offer what you hold.', 'SFR-TRADE-3');
  return null;
}

/** A drafting step of `seat`: start a draft, add or take back an item, post it or drop it. */
export function drafting(st: SfrState, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  const err = draftError(st, seat, a);
  if (err) return { ok: false, error: err };
  st.inputs[seat]!++;
  const f = top(st)!;
  switch (a.type) {
    case 'draft':
      st.drafts[seat] = {
        to: a.to,
        give: [0, 0, 0, 0, 0],
        get: [0, 0, 0, 0, 0],
        counterTo: f.k === 'respond' ? f.offer : 0,
      };
      return OK;
    case 'give':
    case 'want':
    case 'ungive':
    case 'unwant': {
      const d = st.drafts[seat]!;
      const side = a.type === 'give' || a.type === 'ungive' ? d.give : d.get;
      side[itemIndex(a.item)]! += a.type === 'give' || a.type === 'want' ? 1 : -1;
      return OK;
    }
    case 'drop':
      st.drafts[seat] = null;
      return OK;
    case 'post':
      post(st, seat, f.k === 'trade', log);
      return OK;
    default:
      return wrong('draft', 'That is not a step of an offer draft.', 'SFR-DP-8');
  }
}

/** Posts `seat`'s draft: an offer of the acting player (its answers are asked at once) or a counter-offer. */
function post(st: SfrState, seat: Seat, acting: boolean, log: EventSink): void {
  const d = st.drafts[seat]!;
  st.drafts[seat] = null;
  const o: Offer = {
    id: st.nextOffer++,
    from: seat,
    to: d.to,
    give: d.give.slice(),
    get: d.get.slice(),
    answers: st.p.map(() => -1),
    counterTo: d.counterTo,
  };
  if (acting) {
    for (let s = 0; s < st.n; s++) if (s !== seat && (d.to === -1 || d.to === s)) o.answers[s] = 0;
    st.offers.push(o);
    if (log) emit(log, 'sfr.ev.offer', { ...offerParams(o) }, ['SFR-TRADE-5', 'SFR-HID-6', 'SFR-DP-8']);
    st.stack.push({ k: 'respond', offer: o.id });
  } else {
    const orig = st.offers.find((x) => x.id === d.counterTo);
    if (orig) orig.answers[seat] = 3;
    st.offers.push(o);
    if (log) emit(log, 'sfr.ev.counter', { ...offerParams(o) }, ['SFR-TRADE-6', 'SFR-HID-6', 'SFR-DP-9']);
  }
}

/** The steps of a draft, by item in bundle order (shared, frozen). */
const DRAFT_STEPS = {
  give: ITEMS.map((item) => frozen<SfrAction>({ type: 'give', item })),
  ungive: ITEMS.map((item) => frozen<SfrAction>({ type: 'ungive', item })),
  want: ITEMS.map((item) => frozen<SfrAction>({ type: 'want', item })),
  unwant: ITEMS.map((item) => frozen<SfrAction>({ type: 'unwant', item })),
};
const POST = frozen<SfrAction>({ type: 'post' });
const DROP = frozen<SfrAction>({ type: 'drop' });

/** The drafting steps open to `seat`, whose draft is open (SFR-DP-8/9). */
export function draftActions(st: SfrState, seat: Seat, out: SfrAction[]): void {
  const d = st.drafts[seat]!;
  // Every step but posting and dropping takes a trading input (SFR-TRADE-5).
  if (inputsLeft(st, seat)) {
    for (let i = 0; i < 5; i++) if (!itemError(st, seat, d, true, i, false)) out.push(DRAFT_STEPS.give[i]!);
    for (let i = 0; i < 5; i++) if (d.give[i]! > 0) out.push(DRAFT_STEPS.ungive[i]!);
    for (let i = 0; i < 5; i++) if (!itemError(st, seat, d, false, i, false)) out.push(DRAFT_STEPS.want[i]!);
    for (let i = 0; i < 5; i++) if (d.get[i]! > 0) out.push(DRAFT_STEPS.unwant[i]!);
  }
  if (!draftError(st, seat, POST, false)) out.push(POST);
  out.push(DROP);
}

/* ------------------------------------------------------------------ answers (SFR-TRADE-6, SFR-DP-9) */

function offerOf(st: SfrState, id: number): Offer | undefined {
  const os = st.offers;
  for (let i = 0; i < os.length; i++) if (os[i]!.id === id) return os[i];
  return undefined;
}

function doRespond(
  st: SfrState,
  f: FrameOf<'respond'>,
  seat: Seat,
  a: SfrAction,
  log: EventSink,
): ApplyResult {
  const o = offerOf(st, f.offer)!;
  switch (a.type) {
    case 'accept':
      if (a.offer !== o.id) return fail('noSuchOffer', 'Answer the offer in front of you.', 'SFR-TRADE-6');
      if (!holds(st.p[seat]!, o.get))
        return fail('cannotSupply', 'You do not hold what the offer asks for.', 'SFR-TRADE-6');
      o.answers[seat] = 1;
      st.drafts[seat] = null;
      if (log) emit(log, 'sfr.ev.accepted', { seat, offer: o.id }, ['SFR-TRADE-6', 'SFR-DP-9']);
      return OK;
    case 'decline':
      if (a.offer !== o.id) return fail('noSuchOffer', 'Answer the offer in front of you.', 'SFR-TRADE-6');
      o.answers[seat] = 2;
      st.drafts[seat] = null;
      if (log) emit(log, 'sfr.ev.declined', { seat, offer: o.id }, ['SFR-TRADE-6', 'SFR-DP-9']);
      return OK;
    case 'draft':
    case 'give':
    case 'ungive':
    case 'want':
    case 'unwant':
    case 'post':
    case 'drop':
      return drafting(st, seat, a, log);
    default:
      return wrong('respond', 'An offer waits for your answer: accept, decline or counter it.', 'SFR-DP-9');
  }
}

/**
 * SFR-DP-9: every player an offer is addressed to answers it, all at once: accept it, decline it, or
 * draft and post a counter-offer to the acting player.
 */
export const respondDecision: SfrDecision<'respond'> = {
  prompt: 'sfr.respond',
  rule: 'SFR-DP-9',
  who(st, f) {
    const o = offerOf(st, f.offer);
    const out: Seat[] = [];
    if (o) for (let s = 0; s < st.n; s++) if (o.answers[s] === 0) out.push(s);
    return out;
  },
  asks: (st, f, seat) => offerOf(st, f.offer)?.answers[seat] === 0,
  ask: (_st, f) => ({ args: { offer: f.offer } }),
  offers(st, f, seat, out) {
    const o = offerOf(st, f.offer)!;
    if (st.drafts[seat]) draftActions(st, seat, out);
    else {
      if (holds(st.p[seat]!, o.get)) out.push({ type: 'accept', offer: o.id });
      if (inputsLeft(st, seat)) out.push({ type: 'draft', to: o.from });
    }
    out.push({ type: 'decline', offer: o.id });
  },
  answer: doRespond,
  byDefault: (_st, f) => ({ type: 'decline', offer: f.offer }),
};

/** The respond frame waits while an addressed player has not answered its offer (still open). */
export function runRespond(st: SfrState, f: FrameOf<'respond'>): boolean {
  const o = offerOf(st, f.offer);
  if (o && o.answers.includes(0)) return true;
  st.stack.pop();
  return false;
}

/* ------------------------------------------------------------------ execution (SFR-TRADE-6) */

/** Why the acting player cannot execute offer `id` with `partner`, or null (SFR-TRADE-6). */
export function executeError(st: SfrState, seat: Seat, id: number, partner: Seat): RuleError | null {
  const o = offerOf(st, id);
  if (!o) return e('noSuchOffer', 'That offer is no longer open.', 'SFR-TRADE-5');
  const p = st.p[seat]!;
  if (o.from === seat) {
    if (o.answers[partner] !== 1)
      return e('notAccepted', 'That player has not accepted the offer.', 'SFR-TRADE-6');
    if (!holds(p, o.give)) return e('notHeld', 'You no longer hold what you offered.', 'SFR-TRADE-6');
  } else {
    if (o.from !== partner || o.to !== seat)
      return e('notYourOffer', 'That counter-offer is not addressed to you.', 'SFR-TRADE-6');
    if (!holds(p, o.get))
      return e('notHeld', 'You do not hold what the counter-offer asks for.', 'SFR-TRADE-6');
  }
  return null;
}

/** The acting player executes offer `id` with `partner` (an acceptance of his offer, or a counter-offer). */
export function execute(st: SfrState, seat: Seat, id: number, partner: Seat, log: EventSink): ApplyResult {
  const err = executeError(st, seat, id, partner);
  if (err) return { ok: false, error: err };
  const o = offerOf(st, id)!;
  const from = st.p[o.from]!;
  const to = st.p[o.from === seat ? partner : seat]!;
  // SFR-TRADE-6: re-validated at execution. A partner's holdings change only through trades with the
  // acting player or a robbery, both of which clear the partner's answers (dropPartner).
  if (!holds(from, o.give) || !holds(to, o.get))
    return fail('cannotSupply', 'A side no longer holds its part.', 'SFR-TRADE-6');
  for (let k = 0; k < 4; k++) {
    from.res[k]! += o.get[k]! - o.give[k]!;
    to.res[k]! += o.give[k]! - o.get[k]!;
  }
  from.gold += o.get[GOLD]! - o.give[GOLD]!;
  to.gold += o.give[GOLD]! - o.get[GOLD]!;
  st.offers.splice(st.offers.indexOf(o), 1);
  if (log)
    emit(log, 'sfr.ev.trade', { ...offerParams(o), with: partner }, [
      'SFR-TRADE-2',
      'SFR-TRADE-4',
      'SFR-TRADE-6',
      'SFR-HID-6',
    ]);
  dropPartner(st, partner, log);
  return OK;
}

/** A partner's holdings changed: its acceptances and counter-offers die (they were checked against them). */
export function dropPartner(st: SfrState, s: Seat, log: EventSink): void {
  let dropped = 0;
  for (let i = st.offers.length - 1; i >= 0; i--) {
    const o = st.offers[i]!;
    if (o.from === s) {
      st.offers.splice(i, 1);
      dropped++;
    } else if (o.answers[s] === 1) {
      o.answers[s] = 2;
      dropped++;
    }
  }
  if (dropped) emit(log, 'sfr.ev.answersDropped', { seat: s }, ['SFR-TRADE-6']);
}

/** Withdraws an open offer of the acting player (SFR-TRADE-5). */
export function withdraw(st: SfrState, seat: Seat, id: number, log: EventSink): ApplyResult {
  const i = st.offers.findIndex((o) => o.id === id && o.from === seat);
  if (i < 0) return fail('notYourOffer', 'You can only withdraw your own open offers.', 'SFR-TRADE-5');
  st.offers.splice(i, 1);
  if (log) emit(log, 'sfr.ev.withdrawn', { seat, offer: id }, ['SFR-TRADE-5', 'SFR-DP-8']);
  return OK;
}

/** The acting player's side of open offers: execute an accepted offer or a counter-offer, withdraw his own. */
export function offerActions(st: SfrState, seat: Seat, out: SfrAction[]): void {
  for (const o of st.offers) {
    if (o.from === seat) {
      for (let s = 0; s < st.n; s++)
        if (o.answers[s] === 1 && !executeError(st, seat, o.id, s))
          out.push({ type: 'execute', offer: o.id, with: s });
      out.push({ type: 'withdraw', offer: o.id });
    } else if (o.to === seat && !executeError(st, seat, o.id, o.from))
      out.push({ type: 'execute', offer: o.id, with: o.from });
  }
}
