/**
 * Rounds (spec §6) and Market Day (§8): each round opens with a Market Day — every survivor draws
 * 2 + his connected tribes, the immediate cards set aside are resolved in turn from the round leader,
 * then the trading window (§9, `trading.ts`) — and goes on with one turn of each survivor clockwise from
 * the round leader (AOH-FLOW-3).
 */
import type { EventSink, Node, Seat } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { classes } from '../cards.js';
import type { AohAction, AohState } from '../types.js';
import type { F } from './core.js';
import { checkpointNext, drawCard, isImmediate, orderFrom, pop, push, pushEvent } from './core.js';
import { connectedCount } from './build.js';
import { TRADE } from './trading.js';

/** AOH-MKT-1, AOH-FLOW-2, AOH-FLOW-4: a round begins with its Market Day. */
export function startMarket(st: AohState, first: boolean, log: EventSink): void {
  st.round++;
  st.active = -1;
  for (const p of st.p) p.played = false;
  st.market = {
    first,
    pending: st.p.map(() => []),
    offers: [],
    ready: st.p.map(() => false),
    inputs: st.p.map(() => 0),
    drafts: st.p.map(() => null),
    trading: false,
  };
  emit(log, 'aoh.ev.marketDay', { round: st.round, first }, ['AOH-MKT-1', 'AOH-FLOW-2', 'AOH-FLOW-4']);
  push(st, { k: 'market', pc: 0, order: [], i: 0 });
}

/** AOH-MKT-2..10. */
function runMarket(st: AohState, f: F<'market'>, log: EventSink): boolean {
  const m = st.market!;
  switch (f.pc) {
    case 0: {
      f.order = orderFrom(st, st.leader);
      for (const s of f.order) {
        const c = connectedCount(st, s);
        const k = st.cfg.marketDay.baseDraw + st.cfg.marketDay.perConnectedTribe * c;
        emit(log, 'aoh.ev.marketDraw', { seat: s, count: k, connected: c }, [
          'AOH-MKT-2',
          'AOH-MKT-3',
          'AOH-ROAD-8',
          'AOH-ROAD-10',
        ]);
        for (let j = 0; j < k; j++) {
          const card = drawCard(st, log);
          if (card === null) break;
          if (isImmediate(st, card)) {
            m.pending[s]!.push(card);
            emit(log, 'aoh.ev.pending', { seat: s, card }, ['AOH-MKT-4', 'AOH-DRAW-5']);
          } else {
            st.p[s]!.hand.push(card);
            emit(log, 'aoh.ev.drawPrivate', { seat: s, card }, ['AOH-MKT-2'], [s]);
            emit(log, 'aoh.ev.drawHidden', { seat: s }, ['AOH-MKT-2'], undefined, [s]);
          }
        }
      }
      f.pc = 1;
      f.i = 0;
      return false;
    }
    case 1: {
      // AOH-MKT-5: each player's pending cards in the order drawn, players from the round leader.
      while (f.i < f.order.length) {
        const s = f.order[f.i]!;
        const q = m.pending[s]!;
        if (!st.p[s]!.alive || q.length === 0) {
          f.i++;
          continue;
        }
        const card = q.shift()!;
        pushEvent(st, card, s, m.first && classes(st.cfg).disaster.has(card));
        return false;
      }
      f.pc = 2;
      return false;
    }
    case 2:
      f.pc = 3;
      checkpointNext(st);
      return false;
    case 3:
      f.pc = 4;
      m.trading = true;
      for (let s = 0; s < st.n; s++) {
        m.ready[s] = !st.p[s]!.alive;
        m.inputs[s] = 0;
      }
      emit(log, 'aoh.ev.tradingOpen', {}, ['AOH-MKT-9', 'AOH-TRADE-19']);
      return false;
    case 4: {
      for (let s = 0; s < st.n; s++) if (st.p[s]!.alive && !m.ready[s]) return true;
      f.pc = 5;
      m.trading = false;
      const voided = m.offers.length;
      m.offers = [];
      m.drafts = st.p.map(() => null);
      emit(log, 'aoh.ev.tradingClosed', { voided }, ['AOH-TRADE-22', 'AOH-TRADE-23', 'AOH-MKT-10']);
      checkpointNext(st);
      return false;
    }
    default:
      pop(st);
      st.market = null;
      push(st, { k: 'turn', seat: st.leader, pc: 0 });
      return false;
  }
}

/** AOH-FLOW-3: after a turn, Market Day if every survivor has played, else the next survivor. */
export function nextTurn(st: AohState, from: Seat, log: EventSink): void {
  st.active = -1;
  const alive = orderFrom(st, from);
  if (alive.every((s) => st.p[s]!.played)) {
    startMarket(st, false, log);
    return;
  }
  let s = from;
  do s = (s + 1) % st.n;
  while (!st.p[s]!.alive || st.p[s]!.played);
  push(st, { k: 'turn', seat: s, pc: 0 });
}

/** Market Day on the stack: its steps, and the trading window it waits for at step 4. */
export const MARKET: Node<AohState, F<'market'>, AohAction> = { run: runMarket, decide: TRADE };
