/**
 * Action: Build (spec §12) and roads (§13): the builder orders items one at a time, each paid at once
 * (a General on one of his armies at home), until he says he is done; a road to a neighbour needs that
 * neighbour's consent before anything is paid (AOH-ROAD-5, DP-12). Roads join tribes for Market Day's
 * draw (AOH-ROAD-8) and bring armies home after a war (AOH-RET-2).
 */
import type { ApplyResult, Decision, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { holds, paymentError, payments, takeCards } from '../cards.js';
import type { AohAction, AohState, ItemKind } from '../types.js';
import { ITEM_KINDS } from '../types.js';
import type { F } from './core.js';
import { checkpointNext, discard, fail, isAvailable, neighbours, newArmy, pop, push, wrong } from './core.js';

type Build = F<'build'>;
type Consent = F<'consent'>;

/* ------------------------------------------------------------------ roads (§13) */

/** AOH-ROAD-9: a direct road between a and b. */
export function hasRoad(st: AohState, a: Seat, b: Seat): boolean {
  const lo = Math.min(a, b),
    hi = Math.max(a, b);
  for (const r of st.roads) if (r[0] === lo && r[1] === hi) return true;
  return false;
}

/** AOH-ROAD-8: C(p) = tribes reachable through an unbroken chain of roads, minus one. */
export function connectedCount(st: AohState, s: Seat): number {
  const seen = new Array<boolean>(st.n).fill(false);
  seen[s] = true;
  const queue = [s];
  let c = 0;
  while (queue.length) {
    const x = queue.pop()!;
    for (const r of st.roads) {
      const y = r[0] === x ? r[1] : r[1] === x ? r[0] : -1;
      if (y >= 0 && !seen[y] && st.p[y]!.alive) {
        seen[y] = true;
        c++;
        queue.push(y);
      }
    }
  }
  return c;
}

/* ------------------------------------------------------------------ building (§12) */

/** Reasons an item cannot be built now, or null. Shared by validation and legal-action listing. */
function buildError(
  st: AohState,
  seat: Seat,
  f: Build,
  item: ItemKind,
  host?: number,
  to?: Seat,
): RuleError | null {
  const p = st.p[seat]!;
  if (!ITEM_KINDS.includes(item))
    return fail('noSuchItem', 'There is no such item to build.', 'AOH-COMP-5').error;
  if (st.supply[item] <= 0)
    return fail('supplyEmpty', `No ${item} is left in the supply.`, 'AOH-BUILD-8').error;
  if (item === 'general') {
    const h = p.armies.find((x) => x.id === host);
    if (!h) return fail('badHost', 'A General must be placed on one of your armies.', 'AOH-BUILD-12').error;
    if (h.general) return fail('hostLed', 'That army already has a General.', 'AOH-BUILD-12').error;
    if (!isAvailable(h))
      return fail(
        'hostAway',
        'A General can only join an army at home and not under an Earthquake.',
        'AOH-BUILD-12',
      ).error;
  }
  if (item === 'road') {
    if (to === undefined || !neighbours(st, seat).includes(to))
      return fail('notNeighbour', 'A road can only be built to your left or right neighbour.', 'AOH-ROAD-2')
        .error;
    if (hasRoad(st, seat, to))
      return fail('roadExists', 'A road already joins you and that tribe.', 'AOH-ROAD-3').error;
    if (f.asked.includes(to))
      return fail(
        'roadAsked',
        'You have already asked that neighbour for a road during this Build action.',
        'AOH-ROAD-7',
      ).error;
  }
  return null;
}

function buildActions(st: AohState, seat: Seat, asked: Seat[], out: AohAction[]): void {
  const p = st.p[seat]!;
  for (const item of ITEM_KINDS as readonly ItemKind[]) {
    if (st.supply[item] <= 0) continue;
    const pays = payments(st.cfg, item, p.hand);
    if (pays.length === 0) continue;
    if (item === 'general') {
      for (const a of p.armies)
        if (isAvailable(a) && !a.general)
          for (const pay of pays) out.push({ type: 'buildItem', item, pay, host: a.id });
    } else if (item === 'road') {
      for (const to of neighbours(st, seat))
        if (!hasRoad(st, seat, to) && !asked.includes(to))
          for (const pay of pays) out.push({ type: 'buildItem', item, pay, to });
    } else for (const pay of pays) out.push({ type: 'buildItem', item, pay });
  }
}

function answerBuild(st: AohState, f: Build, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (a.type === 'buildDone') {
    pop(st);
    emit(log, 'aoh.ev.buildDone', { seat }, ['AOH-BUILD-1', 'AOH-DP-11']);
    checkpointNext(st);
    return OK;
  }
  if (a.type !== 'buildItem')
    return wrong('build', 'You are building: order another item or finish building.', 'AOH-DP-10');
  const p = st.p[seat]!;
  const e = buildError(st, seat, f, a.item, a.host, a.to);
  if (e) return { ok: false, error: e };
  const pe = paymentError(st.cfg, a.item, a.pay);
  if (pe) return fail('badPayment', `Invalid payment: ${pe}.`, 'AOH-BUILD-5');
  if (!holds(p.hand, a.pay)) return fail('cannotPay', 'You do not hold those cards.', 'AOH-BUILD-2');
  if (a.item === 'road') {
    // AOH-ROAD-5: the neighbour must consent before anything is paid.
    f.asked.push(a.to!);
    emit(log, 'aoh.ev.roadRequest', { seat, to: a.to }, ['AOH-ROAD-5', 'AOH-DP-12', 'AOH-HID-11']);
    push(st, { k: 'consent', seat: a.to!, builder: seat, pay: a.pay.slice() });
    return OK;
  }
  takeCards(p.hand, a.pay);
  for (const c of a.pay) discard(st, c);
  st.supply[a.item]--;
  switch (a.item) {
    case 'city':
      p.cities++;
      break;
    case 'fortress':
      p.fortresses++;
      break;
    case 'army':
      p.armies.push(newArmy(st));
      break;
    case 'general':
      p.armies.find((x) => x.id === a.host)!.general = true;
      break;
  }
  emit(log, 'aoh.ev.built', { seat, item: a.item, pay: a.pay, host: a.host }, [
    'AOH-BUILD-2',
    'AOH-BUILD-3',
    'AOH-BUILD-4',
    'AOH-BUILD-7',
    'AOH-BUILD-9',
    a.item === 'general'
      ? 'AOH-BUILD-12'
      : a.item === 'army'
        ? 'AOH-BUILD-10'
        : a.item === 'city'
          ? 'AOH-BUILD-14'
          : 'AOH-BUILD-11',
  ]);
  return OK;
}

function answerConsent(st: AohState, f: Consent, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  if (a.type !== 'consent' || typeof a.accept !== 'boolean')
    return wrong('consent', 'A neighbour asks to build a road to you: accept or refuse it.', 'AOH-DP-12');
  pop(st);
  if (a.accept) {
    const b = st.p[f.builder]!;
    takeCards(b.hand, f.pay);
    for (const c of f.pay) discard(st, c);
    st.supply.road--;
    st.roads.push([Math.min(f.builder, seat), Math.max(f.builder, seat), f.builder]);
    emit(log, 'aoh.ev.road', { seat: f.builder, to: seat, pay: f.pay }, [
      'AOH-ROAD-1',
      'AOH-ROAD-6',
      'AOH-BUILD-15',
      'AOH-ROAD-11',
    ]);
  } else emit(log, 'aoh.ev.roadRefused', { seat: f.builder, to: seat }, ['AOH-ROAD-6', 'AOH-HID-11']);
  return OK;
}

/** AOH-DP-10, AOH-DP-11: the builder orders items until he is done; default done. */
export const BUILD: Decision<AohState, Build, AohAction> = {
  prompt: 'aoh.build',
  rule: 'AOH-DP-10',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (_st, f) => ({ args: { asked: f.asked.slice() } }),
  offers(st, f, seat, out) {
    buildActions(st, seat, f.asked, out);
    out.push({ type: 'buildDone' });
  },
  answer: answerBuild,
  byDefault: () => ({ type: 'buildDone' }),
};

/** AOH-DP-12: the neighbour asked for a road accepts or refuses it; default refuse. */
export const CONSENT: Decision<AohState, Consent, AohAction> = {
  prompt: 'aoh.consent',
  rule: 'AOH-DP-12',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (_st, f) => ({ args: { builder: f.builder } }),
  offers(_st, _f, _seat, out) {
    out.push({ type: 'consent', accept: true }, { type: 'consent', accept: false });
  },
  answer: answerConsent,
  byDefault: () => ({ type: 'consent', accept: false }),
};
