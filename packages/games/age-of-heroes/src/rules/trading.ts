/**
 * Trading (spec §9), step 4 of Market Day: every survivor may act at any time until all are ready (DP-18
 * offers, DP-19 answers, DP-20 ready); a ready player may still act (an optional prompt), which makes him
 * not ready again. An offer is drafted in small steps and posted; an accepted offer is one atomic swap.
 * The window has one time limit for all (AOH-TRADE-22), and `tradeInputLimit` inputs per player.
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { classes, count, holds, takeCards } from '../cards.js';
import type { AohAction, AohConfig, AohState, Offer, OfferDraft } from '../types.js';
import type { F } from './core.js';
import { checkpointNext, fail, isAlive, wrong } from './core.js';

type Trade = F<'market'>;

function tradeInput(st: AohState, seat: Seat): void {
  const m = st.market!;
  m.ready[seat] = false;
  m.inputs[seat]!++;
  const limit = st.opts.tradeInputLimit;
  if (limit > 0 && m.inputs[seat]! >= limit) {
    m.ready[seat] = true;
    m.drafts[seat] = null;
  }
}

export function canAccept(st: AohState, seat: Seat, id: number): boolean {
  const o = st.market!.offers.find((x) => x.id === id);
  if (!o || o.from === seat) return false;
  return o.to === -1 || o.to === seat;
}

/** AOH-DP-18..20: one trading input of `seat`. */
function answerTrade(st: AohState, _f: Trade, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const m = st.market!;
  const limit = st.opts.tradeInputLimit;
  if (limit > 0 && m.inputs[seat]! >= limit)
    return fail('tradeLimit', 'You have used all your trading inputs for this Market Day.', 'AOH-TRADE-22');
  const draft = m.drafts[seat];
  switch (a.type) {
    case 'ready':
      if (draft) return fail('draftOpen', 'Post or drop your offer draft first.', 'AOH-TRADE-20');
      m.ready[seat] = true;
      emit(log, 'aoh.ev.ready', { seat, ready: true }, ['AOH-TRADE-20', 'AOH-DP-20', 'AOH-HID-10']);
      return OK;
    case 'unready':
      if (!m.ready[seat]) return fail('notReady', 'You are not ready.', 'AOH-TRADE-20');
      m.ready[seat] = false;
      emit(log, 'aoh.ev.ready', { seat, ready: false }, ['AOH-TRADE-20', 'AOH-HID-10']);
      return OK;
    case 'offerNew':
    case 'offerDrop':
    case 'offerTo':
    case 'offerGive':
    case 'offerWant':
    case 'offerUngive':
    case 'offerUnwant':
      return editDraft(st, seat, a, draft);
    case 'offerPost':
      return post(st, seat, a, draft, log);
    case 'withdraw': {
      const i = m.offers.findIndex((o) => o.id === a.offer && o.from === seat);
      if (i < 0) return fail('notYourOffer', 'You can only withdraw your own open offers.', 'AOH-TRADE-14');
      m.offers.splice(i, 1);
      tradeInput(st, seat);
      emit(log, 'aoh.ev.withdrawn', { seat, offer: a.offer }, ['AOH-TRADE-14', 'AOH-DP-18']);
      return OK;
    }
    case 'decline': {
      const i = m.offers.findIndex((o) => o.id === a.offer && o.to === seat);
      if (i < 0)
        return fail(
          'cannotDecline',
          'Only the player an offer is addressed to can decline it.',
          'AOH-TRADE-13',
        );
      m.offers.splice(i, 1);
      tradeInput(st, seat);
      emit(log, 'aoh.ev.declined', { seat, offer: a.offer }, ['AOH-TRADE-13', 'AOH-DP-19']);
      return OK;
    }
    case 'accept':
      return accept(st, seat, a.offer, log);
    default:
      return wrong(
        'market',
        'It is Market Day: only trading inputs (offers, accept, decline, withdraw, ready) are possible.',
        'AOH-MKT-12',
      );
  }
}

/** AOH-TRADE-4..6: a step of the offer being drafted (private until posted). */
function editDraft(st: AohState, seat: Seat, a: AohAction, draft: OfferDraft | null): ApplyResult {
  const m = st.market!;
  const p = st.p[seat]!;
  const cl = classes(st.cfg);
  const max = st.cfg.trade.maxCardsPerSide;
  const needDraft = () => fail('noDraft', 'Start a new offer first.', 'AOH-TRADE-4');
  switch (a.type) {
    case 'offerNew':
      if (draft) return fail('draftOpen', 'You already have an offer draft.', 'AOH-TRADE-4');
      if (m.offers.filter((o) => o.from === seat).length >= st.cfg.trade.maxOpenOffersPerPlayer)
        return fail('tooManyOffers', 'You have too many open offers.', 'AOH-TRADE-6');
      m.drafts[seat] = { to: -1, give: [], receive: [] };
      tradeInput(st, seat);
      return OK;
    case 'offerDrop':
      if (!draft) return needDraft();
      m.drafts[seat] = null;
      tradeInput(st, seat);
      return OK;
    case 'offerTo':
      if (!draft) return needDraft();
      if (a.seat !== -1 && (!isAlive(st, a.seat) || a.seat === seat))
        return fail(
          'badRecipient',
          'An offer goes to one other surviving player or to everyone.',
          'AOH-TRADE-6',
        );
      draft.to = a.seat;
      tradeInput(st, seat);
      return OK;
    case 'offerGive':
    case 'offerWant': {
      if (!draft) return needDraft();
      if (!cl.tradable.includes(a.card))
        return fail('notTradable', 'Only resource-deck cards from a hand can be traded.', 'AOH-TRADE-1');
      const side = a.type === 'offerGive' ? draft.give : draft.receive;
      if (side.length >= max)
        return fail('offerTooBig', `An offer has at most ${max} cards per side.`, 'AOH-TRADE-6');
      if (a.type === 'offerGive' && count(p.hand, a.card) <= count(draft.give, a.card))
        return fail('notHeld', 'You can only offer cards you hold.', 'AOH-TRADE-6');
      side.push(a.card);
      tradeInput(st, seat);
      return OK;
    }
    case 'offerUngive':
    case 'offerUnwant': {
      if (!draft) return needDraft();
      const side = a.type === 'offerUngive' ? draft.give : draft.receive;
      const i = side.lastIndexOf(a.card);
      if (i < 0) return fail('notInOffer', 'That card is not in your offer.', 'AOH-TRADE-4');
      side.splice(i, 1);
      tradeInput(st, seat);
      return OK;
    }
    default:
      return needDraft();
  }
}

/** AOH-TRADE-4..9, AOH-TRADE-15: the draft is posted as an open offer (a counter-offer answers one). */
function post(
  st: AohState,
  seat: Seat,
  a: Extract<AohAction, { type: 'offerPost' }>,
  draft: OfferDraft | null,
  log: EventSink,
): ApplyResult {
  const m = st.market!;
  const p = st.p[seat]!;
  const needDraft = () => fail('noDraft', 'Start a new offer first.', 'AOH-TRADE-4');
  if (!draft) return needDraft();
  if (draft.give.length + draft.receive.length === 0)
    return fail('emptyOffer', 'An offer must give or ask for at least one card.', 'AOH-TRADE-6');
  if (!holds(p.hand, draft.give)) return fail('notHeld', 'You can only offer cards you hold.', 'AOH-TRADE-6');
  if (draft.to !== -1 && !isAlive(st, draft.to))
    return fail('badRecipient', 'That player is no longer in the game.', 'AOH-TRADE-6');
  if (a.note !== undefined && (typeof a.note !== 'string' || a.note.length > st.cfg.trade.maxNoteLength))
    return fail(
      'badNote',
      `A note is free text of at most ${st.cfg.trade.maxNoteLength} characters.`,
      'AOH-TRADE-4',
    );
  if (a.counterTo !== undefined && !m.offers.some((o) => o.id === a.counterTo))
    return fail('badCounter', 'A counter-offer must answer an open offer.', 'AOH-TRADE-15');
  const o: Offer = {
    id: st.nextOffer++,
    from: seat,
    to: draft.to,
    give: draft.give.slice(),
    receive: draft.receive.slice(),
  };
  if (a.note) o.note = a.note;
  if (a.counterTo !== undefined) o.counterTo = a.counterTo;
  m.offers.push(o);
  m.drafts[seat] = null;
  tradeInput(st, seat);
  emit(log, 'aoh.ev.offer', { ...o }, [
    'AOH-TRADE-4',
    'AOH-TRADE-5',
    'AOH-TRADE-6',
    'AOH-TRADE-7',
    'AOH-TRADE-9',
    'AOH-TRADE-15',
    'AOH-DP-18',
    'AOH-HID-10',
  ]);
  return OK;
}

/** AOH-TRADE-10..12: `seat` accepts an open offer addressed to him, one atomic swap. */
function accept(st: AohState, seat: Seat, offer: number, log: EventSink): ApplyResult {
  const m = st.market!;
  const p = st.p[seat]!;
  const limit = st.opts.tradeInputLimit;
  const i = m.offers.findIndex((o) => o.id === offer);
  if (i < 0) return fail('noSuchOffer', 'That offer is no longer open.', 'AOH-TRADE-24');
  const o = m.offers[i]!;
  if (!canAccept(st, seat, o.id))
    return fail('cannotAccept', 'That offer is not addressed to you.', 'AOH-TRADE-10');
  if (!holds(p.hand, o.receive))
    return fail('cannotSupply', 'You do not hold the cards the offer asks for.', 'AOH-TRADE-10');
  const from = st.p[o.from]!;
  if (!holds(from.hand, o.give))
    return fail(
      'creatorCannotSupply',
      'The offer\u2019s creator no longer holds what he offers.',
      'AOH-TRADE-10',
    );
  // AOH-TRADE-11: one atomic swap.
  takeCards(from.hand, o.give);
  takeCards(p.hand, o.receive);
  p.hand.push(...o.give);
  from.hand.push(...o.receive);
  m.offers.splice(i, 1);
  tradeInput(st, seat);
  if (!(limit > 0 && m.inputs[o.from]! >= limit)) m.ready[o.from] = false;
  emit(log, 'aoh.ev.trade', { offer: o.id, from: o.from, to: seat, give: o.give, receive: o.receive }, [
    'AOH-TRADE-10',
    'AOH-TRADE-11',
    'AOH-TRADE-16',
    'AOH-TRADE-21',
    'AOH-DP-19',
    'AOH-HID-10',
  ]);
  // AOH-TRADE-12: offers whose creator no longer holds their `give` are withdrawn.
  m.offers = m.offers.filter((x) => {
    const keep = holds(st.p[x.from]!.hand, x.give);
    if (!keep)
      emit(log, 'aoh.ev.autoWithdrawn', { seat: x.from, offer: x.id }, ['AOH-TRADE-12', 'AOH-TRADE-8']);
    return keep;
  });
  checkpointNext(st);
  return OK;
}

/**
 * The trading actions offered that name no card in hand and no offer, built once per configuration and
 * shared (frozen): the trading listing runs at every trading input.
 */
interface SharedActions {
  /** `offerWant` of each tradable card, in the order of `classes(cfg).tradable`. */
  want: AohAction[];
  /** `offerTo` of seat t at t + 1 (everyone, -1, at 0). */
  to: AohAction[];
}

const act = (a: AohAction): AohAction => Object.freeze(a);
const READY = act({ type: 'ready' });
const UNREADY = act({ type: 'unready' });
const OFFER_NEW = act({ type: 'offerNew' });
const OFFER_POST = act({ type: 'offerPost' });
const OFFER_DROP = act({ type: 'offerDrop' });

const sharedOf = new WeakMap<AohConfig, SharedActions>();
let lastCfg: AohConfig | null = null;
let lastShared: SharedActions | null = null;

function shared(cfg: AohConfig): SharedActions {
  if (cfg === lastCfg) return lastShared!;
  let sh = sharedOf.get(cfg);
  if (!sh) {
    sh = {
      want: classes(cfg).tradable.map((card) => act({ type: 'offerWant', card })),
      to: Array.from({ length: cfg.players.max + 1 }, (_, i) => act({ type: 'offerTo', seat: i - 1 })),
    };
    sharedOf.set(cfg, sh);
  }
  lastCfg = cfg;
  lastShared = sh;
  return sh;
}

function tradeActions(st: AohState, seat: Seat, out: AohAction[]): void {
  const m = st.market!;
  const p = st.p[seat]!;
  const limit = st.opts.tradeInputLimit;
  if (limit > 0 && m.inputs[seat]! >= limit) return;
  const draft = m.drafts[seat];
  const max = st.cfg.trade.maxCardsPerSide;
  const sh = shared(st.cfg);
  if (draft) {
    if (draft.to !== -1) out.push(sh.to[0]!);
    for (let t = 0; t < st.n; t++)
      if (t !== seat && t !== draft.to && st.p[t]!.alive)
        out.push(sh.to[t + 1] ?? { type: 'offerTo', seat: t });
    const hand = p.hand,
      give = draft.give,
      receive = draft.receive;
    // Distinct cards in order of first occurrence (as distinct()), without building the list.
    if (give.length < max)
      for (let i = 0; i < hand.length; i++) {
        const c = hand[i]!;
        let j = 0;
        while (hand[j] !== c) j++;
        if (j === i && (give.length === 0 || count(hand, c) > count(give, c)))
          out.push({ type: 'offerGive', card: c });
      }
    for (let i = 0; i < give.length; i++)
      if (give.indexOf(give[i]!) === i) out.push({ type: 'offerUngive', card: give[i]! });
    if (receive.length < max) for (const a of sh.want) out.push(a);
    for (let i = 0; i < receive.length; i++)
      if (receive.indexOf(receive[i]!) === i) out.push({ type: 'offerUnwant', card: receive[i]! });
    // A draft addressed to a player who has left since must be readdressed first (AOH-TRADE-6).
    if (
      draft.give.length + draft.receive.length > 0 &&
      holds(p.hand, draft.give) &&
      (draft.to === -1 || st.p[draft.to]!.alive)
    )
      out.push(OFFER_POST);
    out.push(OFFER_DROP);
    return;
  }
  out.push(m.ready[seat] ? UNREADY : READY);
  const offers = m.offers;
  let mine = 0;
  for (let i = 0; i < offers.length; i++) if (offers[i]!.from === seat) mine++;
  if (mine < st.cfg.trade.maxOpenOffersPerPlayer) out.push(OFFER_NEW);
  for (let i = 0; i < offers.length; i++) {
    const o = offers[i]!;
    if (o.from === seat) out.push({ type: 'withdraw', offer: o.id });
    // canAccept(st, seat, o.id), inlined: offer ids are unique.
    else if (o.to === -1 || o.to === seat) {
      if (holds(p.hand, o.receive)) out.push({ type: 'accept', offer: o.id });
      if (o.to === seat) out.push({ type: 'decline', offer: o.id });
    }
  }
}

/** The trading prompts' arguments (frozen, shared by every prompt). */
const ARGS_READY = Object.freeze({ ready: true });
const ARGS_NOT_READY = Object.freeze({ ready: false });

let timerRound = -1;
let timerSeconds = -1;
let timer: { key: string; seconds: number } = { key: '', seconds: 0 };
/** AOH-TRADE-22: the trading window's one timer, `market:<round>` (frozen, shared while the round is the same). */
function timerOf(round: number, seconds: number): { key: string; seconds: number } {
  if (round !== timerRound || seconds !== timerSeconds) {
    timerRound = round;
    timerSeconds = seconds;
    timer = Object.freeze({ key: `market:${round}`, seconds });
  }
  return timer;
}

/** AOH-DP-18..20: the trading window; every survivor may act, the not-ready are waited for. Default ready. */
export const TRADE: Decision<AohState, Trade, AohAction> = {
  prompt: 'aoh.trade',
  rule: 'AOH-MKT-12',
  // Seat order: each surviving seat once, waited for (not ready) or optional (ready, inputs left).
  who(st) {
    const m = st.market!;
    const limit = st.opts.tradeInputLimit;
    const out: Seat[] = [];
    for (let s = 0; s < st.n; s++)
      if (st.p[s]!.alive && (!m.ready[s] || !(limit > 0 && m.inputs[s]! >= limit))) out.push(s);
    return out;
  },
  asks: (st, _f, seat) => seat >= 0 && seat < st.n && st.p[seat]!.alive,
  // Built in place: the trading prompts are listed at every trading input (the kit's fast path).
  fill(st, _f, seat, p) {
    if (st.market!.ready[seat]) {
      p.args = ARGS_READY;
      p.optional = true;
    } else p.args = ARGS_NOT_READY;
    // AOH-TRADE-22: one time limit for the whole window, run by the server.
    const secs = st.opts.tradeSeconds ?? 0;
    if (secs > 0) p.timer = timerOf(st.round, secs);
  },
  offers: (st, _f, seat, out) => tradeActions(st, seat, out),
  answer: answerTrade,
  byDefault(st, _f, seat) {
    const m = st.market!;
    if (m.ready[seat]) return null;
    return m.drafts[seat] ? { type: 'offerDrop' } : { type: 'ready' };
  },
};
