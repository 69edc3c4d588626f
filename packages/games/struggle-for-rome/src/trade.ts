/**
 * Phase 2, trade & purchase (spec §7): each player's step in turn order, in which he trades with the
 * bank (§7.1), buys figures, wagons and development cards (§7.2) paying gold and, once per game,
 * emergency gold (§7.3), plays cards of phase 2, and trades with the other players (offers.ts). The
 * decision of the step (SFR-DP-8, SFR-DP-10..16) is defined here with its listing.
 */
import type { ApplyResult, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import type { FrameOf, SfrDecision } from './common.js';
import {
  e,
  fail,
  no,
  frozen,
  kindIndex,
  payGold,
  rt,
  takeAvailable,
  takeCard,
  toSupply,
  wrong,
} from './common.js';
import { cardActions, drawDev, playPhase2, reveal } from './cards.js';
import { draftActions, draftError, drafting, execute, offerActions, withdraw } from './offers.js';
import type { Bundle, SfrAction, SfrState } from './types.js';
import { GOLD, GRAIN, HORSES, KINDS, ORE, TAKES, TRIBES } from './types.js';

/* ------------------------------------------------------------------ bank trade (§7.1) */

/** SFR-BANK-1/2: `give` = the kind paid in threes; `get` must have a supply after payment. */
export function bankError(st: SfrState, seat: Seat, give: unknown, get: unknown): RuleError | null {
  const k = kindIndex(give as string);
  if (k < 0) return e('badKind', 'Give three cards of one resource kind.', 'SFR-BANK-1');
  if (get !== 'grain' && get !== 'ore' && get !== 'pasture')
    return e('badTake', 'Take grain, ore or a blind pasture card.', 'SFR-BANK-1');
  const rate = rt(st).C.bankRate;
  if (st.p[seat]!.res[k]! < rate) return e('cannotAfford', `You need ${rate} identical cards.`, 'SFR-BANK-1');
  const extra = [k === GRAIN ? rate : 0, k === ORE ? rate : 0, k >= HORSES ? rate : 0];
  if (!takeAvailable(st, get, extra)) return e('supplyEmpty', 'That supply is empty.', 'SFR-BANK-2');
  return null;
}

function doBank(
  st: SfrState,
  seat: Seat,
  a: Extract<SfrAction, { type: 'bank' }>,
  log: EventSink,
): ApplyResult {
  const err = bankError(st, seat, a.give, a.get);
  if (err) return { ok: false, error: err };
  const rate = rt(st).C.bankRate;
  const k = kindIndex(a.give);
  st.p[seat]!.res[k]! -= rate;
  toSupply(st, k, rate);
  if (log)
    emit(log, 'sfr.ev.bank', { seat, give: a.give, count: rate, get: a.get }, [
      'SFR-BANK-1',
      'SFR-DP-10',
      'SFR-HID-1',
    ]);
  takeCard(st, seat, a.get, log, 'SFR-BANK-1');
  return OK;
}

/* ------------------------------------------------------------------ purchases and gold (§7.2, §7.3) */

export type Purchase = 'pair' | 'wagon' | 'dev';

export function costOf(st: SfrState, what: Purchase): Bundle {
  const C = rt(st).C;
  return what === 'pair' ? C.pairCost : what === 'wagon' ? C.wagonCost : C.devCost;
}

/**
 * Why `seat` cannot buy `what` with the given emergency replacement (SFR-BUY, SFR-GOLD-2), or null
 * (`why` false: the listing, which needs no words).
 */
export function buyError(
  st: SfrState,
  seat: Seat,
  what: Purchase,
  emergency: unknown,
  why = true,
): RuleError | null {
  const p = st.p[seat]!;
  const C = rt(st).C;
  const cost = costOf(st, what);
  let em = -1;
  if (emergency !== undefined) {
    em = kindIndex(emergency as string);
    if (em < 0 || !cost[em])
      return no(
        why,
        'badEmergency',
        'Emergency gold must replace one resource card of this purchase.',
        'SFR-GOLD-2',
      );
    if (p.emergency || C.emergencyTimes < 1)
      return no(why, 'emergencyUsed', 'You have already used your emergency gold.', 'SFR-GOLD-2');
  }
  for (let k = 0; k < 4; k++)
    if (p.res[k]! < cost[k]! - (k === em ? 1 : 0))
      return no(
        why,
        'cannotAfford',
        'You cannot pay for that.',
        what === 'pair' ? 'SFR-BUY-1' : what === 'wagon' ? 'SFR-BUY-3' : 'SFR-BUY-4',
      );
  if (p.gold < cost[GOLD]! + (em >= 0 ? C.emergencyGold : 0))
    return no(why, 'cannotAfford', 'You do not have enough gold.', 'SFR-GOLD-1');
  if (what === 'pair' && p.reserve[0]! + p.reserve[1]! === 0)
    return no(why, 'noFigures', 'Your reserve has no horseman and no warrior.', 'SFR-BUY-2');
  if (what === 'wagon' && p.reserve[2]! === 0)
    return no(why, 'noWagons', 'Your reserve has no wagon.', 'SFR-BUY-3');
  if (what === 'dev' && st.devDeck.length === 0)
    return no(why, 'devEmpty', 'The development deck is empty.', 'SFR-BUY-4');
  return null;
}

function pay(st: SfrState, seat: Seat, cost: Bundle, em: number, log: EventSink): void {
  const p = st.p[seat]!;
  const C = rt(st).C;
  for (let k = 0; k < 4; k++) {
    const n = cost[k]! - (k === em ? 1 : 0);
    if (n > 0) {
      p.res[k]! -= n;
      toSupply(st, k, n);
    }
  }
  const g = cost[GOLD]! + (em >= 0 ? C.emergencyGold : 0);
  if (g) payGold(st, p, g);
  if (em >= 0) {
    p.emergency = true;
    emit(log, 'sfr.ev.emergency', { seat, kind: KINDS[em], gold: C.emergencyGold }, [
      'SFR-GOLD-2',
      'SFR-GOLD-3',
      'SFR-DP-14',
    ]);
  }
}

type Buy = Extract<SfrAction, { type: 'buyPair' | 'buyWagon' | 'buyDev' }>;

/** SFR-BUY-1..5: a pair of figures, a wagon into a box, or a development card. */
function doBuy(st: SfrState, seat: Seat, a: Buy, log: EventSink): ApplyResult {
  const p = st.p[seat]!;
  const what: Purchase = a.type === 'buyPair' ? 'pair' : a.type === 'buyWagon' ? 'wagon' : 'dev';
  if (a.type === 'buyWagon' && a.box !== 'horsemen' && a.box !== 'warriors')
    return fail('badBox', 'Put the wagon into the horsemen or the warriors box.', 'SFR-BUY-3');
  const err = buyError(st, seat, what, a.emergency);
  if (err) return { ok: false, error: err };
  pay(st, seat, costOf(st, what), a.emergency === undefined ? -1 : kindIndex(a.emergency), log);
  if (a.type === 'buyPair') {
    const got: string[] = [];
    for (let t = 0; t < 2; t++)
      if (p.reserve[t]! > 0) {
        p.reserve[t]!--;
        p.tribes[t]!.army++;
        got.push(TRIBES[t]!);
      }
    if (log)
      emit(log, 'sfr.ev.buyPair', { seat, got }, [
        'SFR-BUY-1',
        'SFR-BUY-2',
        'SFR-BUY-5',
        'SFR-FAQ-2',
        'SFR-DP-11',
      ]);
  } else if (a.type === 'buyWagon') {
    p.reserve[2]!--;
    p.tribes[a.box === 'horsemen' ? 0 : 1]!.wagons++;
    if (log) emit(log, 'sfr.ev.buyWagon', { seat, box: a.box }, ['SFR-BUY-3', 'SFR-DP-12']);
  } else {
    if (log) emit(log, 'sfr.ev.buyDev', { seat }, ['SFR-BUY-4', 'SFR-DP-13']);
    drawDev(st, seat, log, 'SFR-BUY-4');
  }
  return OK;
}

/* ------------------------------------------------------------------ the step (SFR-TRADE-1) */

function endTradeStep(st: SfrState, seat: Seat, log: EventSink): void {
  st.stack.pop();
  if (log && st.offers.length)
    emit(log, 'sfr.ev.offersDie', { count: st.offers.length }, ['SFR-TRADE-5', 'SFR-TRADE-6']);
  st.offers = [];
  for (let s = 0; s < st.n; s++) {
    st.drafts[s] = null;
    st.inputs[s] = 0;
  }
  if (log) emit(log, 'sfr.ev.stepEnd', { seat, phase: 2 }, ['SFR-TRADE-1', 'SFR-DP-23']);
}

function doTrade(st: SfrState, _f: FrameOf<'trade'>, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  switch (a.type) {
    case 'endStep':
      endTradeStep(st, seat, log);
      return OK;
    case 'bank':
      return doBank(st, seat, a, log);
    case 'buyPair':
    case 'buyWagon':
    case 'buyDev':
      return doBuy(st, seat, a, log);
    case 'play':
      return playPhase2(st, seat, a, log);
    case 'reveal':
      return reveal(st, seat, a.card, log);
    case 'draft':
    case 'give':
    case 'ungive':
    case 'want':
    case 'unwant':
    case 'post':
    case 'drop':
      return drafting(st, seat, a, log);
    case 'execute':
      return execute(st, seat, a.offer, a.with, log);
    case 'withdraw':
      return withdraw(st, seat, a.offer, log);
    default:
      return wrong(
        'trade',
        'It is your trade & purchase step: trade, buy, play a card, or end your step.',
        'SFR-ROUND-1',
      );
  }
}

/* ------------------------------------------------------------------ the listing */

/** The actions that need no arguments from the state, built once (shared, frozen). */
const END_STEP = frozen<SfrAction>({ type: 'endStep' });
const BANK = KINDS.map((give) => TAKES.map((get) => frozen<SfrAction>({ type: 'bank', give, get })));
const PURCHASES = [
  { what: 'pair' as const, acts: buyActs('buyPair') },
  { what: 'wagon' as const, acts: buyActs('buyWagon') },
  { what: 'dev' as const, acts: buyActs('buyDev') },
];

/**
 * A purchase's actions: `[0]` the plain payment, `[1 + k]` emergency gold for kind k (SFR-DP-14), each
 * a list (a wagon's two boxes, else one action).
 */
function buyActs(type: Buy['type']): SfrAction[][] {
  const boxes = type === 'buyWagon' ? TRIBES : [undefined];
  const mk = (em: number): SfrAction[] =>
    boxes.map((box) => {
      const a = { type } as Buy & { box?: string; emergency?: string };
      if (em >= 0) a.emergency = KINDS[em];
      if (box !== undefined) a.box = box;
      return frozen(a as SfrAction);
    });
  return [mk(-1), mk(0), mk(1), mk(2), mk(3)];
}

/** A draft to one seat (or -1: everyone), shared and frozen. */
const DRAFT_TO: SfrAction[] = [];
function draftTo(to: Seat): SfrAction {
  return (DRAFT_TO[to + 1] ??= frozen<SfrAction>({ type: 'draft', to }));
}

/** Every action of the acting player's trade & purchase step (SFR-DP-8, SFR-DP-10..16). */
function tradeActions(st: SfrState, seat: Seat, out: SfrAction[]): void {
  const r = rt(st);
  const p = st.p[seat]!;
  if (st.drafts[seat]) {
    draftActions(st, seat, out);
    out.push(END_STEP);
    return;
  }
  // Bank trades (SFR-BANK-1).
  for (let k = 0; k < 4; k++)
    if (p.res[k]! >= r.C.bankRate)
      for (let j = 0; j < 3; j++) if (!bankError(st, seat, KINDS[k], TAKES[j])) out.push(BANK[k]![j]!);
  // Purchases; emergency gold is listed only when the plain payment is impossible (SFR-DP-14).
  for (const { what, acts } of PURCHASES) {
    if (!buyError(st, seat, what, undefined, false)) out.push(...acts[0]!);
    else if (!p.emergency) {
      const cost = costOf(st, what);
      for (let k = 0; k < 4; k++)
        if (cost[k] && !buyError(st, seat, what, KINDS[k], false)) out.push(...acts[1 + k]!);
    }
  }
  // Development cards of phase 2 (SFR-DP-15) and treasures just acquired (SFR-DP-16).
  cardActions(st, seat, -1, out);
  // Player trades (SFR-DP-8).
  const all = draftTo(-1);
  if (!draftError(st, seat, all, false)) {
    out.push(all);
    for (let s = 0; s < st.n; s++) if (s !== seat) out.push(draftTo(s));
  }
  offerActions(st, seat, out);
  out.push(END_STEP);
}

/**
 * SFR-TRADE-1, SFR-DP-8, SFR-DP-10..16: the acting player's trade & purchase step — bank trades,
 * purchases, cards, offers and their execution — until he ends it (the timeout default).
 */
export const tradeDecision: SfrDecision<'trade'> = {
  prompt: 'sfr.trade',
  rule: 'SFR-ROUND-1',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  offers: (st, _f, seat, out) => tradeActions(st, seat, out),
  answer: doTrade,
  byDefault: () => ({ type: 'endStep' }),
};
