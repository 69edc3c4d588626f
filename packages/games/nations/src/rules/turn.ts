/**
 * The action phase (NAT-ACTION): turns in player order, main actions and free actions, passing; the turn as
 * a decision of the kit (who acts, what is offered, how an action applies, the default).
 */
import type { EventSink, Node, PromptShape } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { E } from '../config.js';
import {
  MK,
  ROUND_BUY,
  ROUND_PASS,
  architectCost,
  BOARD_ABILITIES,
  board,
  deckOf,
  entryStone,
  F_ABIL,
  hasMod,
  modSum,
  seatMods,
} from '../derive.js';
import type { Deck } from '../derive.js';
import type { Inst, NatAction, NatState } from '../state.js';
import { abilityActions, abilityError, abilitySources } from './abilities.js';
import type { BuyMemo } from './buy.js';
import { buy, buyError, buyMemo, buyProblem } from './buy.js';
import { AREA_ADVISORS, AREA_COLONIES, AREA_ROW, AREA_WONDERS, inPlay } from '../deck.js';
import { seatList } from './choices.js';
import { cardIdOf, fail } from './core.js';
import { run } from './flow.js';
import { deploy, deployError, hire, hireError } from './deploy.js';
import { pushEffects } from './effects.js';
import { voluntaryPay } from './payments.js';
import { soloRoll } from './solo.js';
import { fireTriggers, markRoundConds, markUsed } from './triggers.js';

export function startNextTurn(st: NatState, log: EventSink): boolean {
  const order = st.order;
  let all = true;
  for (let i = 0; i < order.length; i++) if (!st.players[order[i]!]!.passed) all = false;
  if (all) {
    st.step = 'production';
    st.turn = null;
    if (log) emit(log, 'nat.ev.actionEnd', {}, ['NAT-ACTION-8']);
    return false;
  }
  let s: number;
  if (st.last < 0) {
    s = -1;
    for (let k = 0; k < order.length; k++)
      if (!st.players[order[k]!]!.passed) {
        s = order[k]!;
        break;
      }
  } else {
    const i = order.indexOf(st.last);
    s = -1;
    for (let k = 1; k <= order.length; k++) {
      const c = order[(i + k) % order.length]!;
      if (!st.players[c]!.passed) {
        s = c;
        break;
      }
    }
  }
  const p = st.players[s]!;
  st.last = s;
  p.turns++;
  const first = p.turns === 1;
  // NAT-SOLO-8: the VO rolls before each of the player's turns while it is ahead.
  if (st.solo && st.solo1!.ahead && (st.opts.soloSecondPlayerRoll === 'everyTurn' || first))
    soloRoll(st, log);
  // NAT-NOTE-29: Buddha skips the first turn of the round.
  if (first && hasMod(st, s, MK.skipFirstTurn)) {
    if (log) emit(log, 'nat.ev.skip', { seat: s }, ['NAT-NOTE-29']);
    return false;
  }
  const extra = first ? modSum(st, s, MK.firstTurnExtraActions) : 0; // NAT-NOTE-9
  st.turn = { s, left: 1 + extra, main: 0, sunTzu: extra > 0 };
  return true;
}

/** A resigned seat passes at once. */
export function autoTurn(st: NatState, log: EventSink): boolean {
  const s = st.turn!.s;
  if (!st.players[s]!.resigned) return false;
  doPass(st, s, log);
  return true;
}

export function endTurn(st: NatState): void {
  st.turn = null;
}

/** Main actions still allowed this turn (Sun Tzu's second action needs Sun Tzu still in play). */
export function mainLeft(st: NatState): number {
  const t = st.turn;
  if (!t) return 0;
  if (t.left <= 0) return 0;
  if (t.main >= 1 && t.sunTzu && modSum(st, t.s, MK.firstTurnExtraActions) <= 0) return 0;
  return t.left;
}

export function doPass(st: NatState, s: number, log: EventSink): void {
  const p = st.players[s]!;
  p.passed = true;
  st.passOrder.push(s);
  if (log) emit(log, 'nat.ev.pass', { seat: s, position: st.passOrder.length }, ['NAT-ACTION-3']);
  // NAT-REM-6: a pass can meet per-round conditions (Great Wall: its owner passed first), of any seat (passed
  // last); the round's purchases are looked at again too (a card placed after a decision).
  markRoundConds(st, -1, ROUND_PASS | ROUND_BUY);
  fireTriggers(st, 'passed', s, {});
  endTurn(st);
}

/** Why a turn action is illegal, or null. Shared by apply and legalActions. */
export function turnError(st: NatState, s: number, a: NatAction): ReturnType<typeof fail> | null {
  const p = st.players[s]!;
  const t = st.turn!;
  switch (a.type) {
    case 'pass':
      return null;
    case 'end':
      if (t.main === 0)
        return fail('endNoAction', 'Take a main action or pass before ending the turn.', 'NAT-ACTION-2');
      return null;
    case 'undeploy': {
      const r = Number.isInteger(a.slot) ? p.row[a.slot] : undefined;
      if (!r || r.w === 0) return fail('noWorker', 'There is no worker on that card.', 'NAT-DEPLOY-8');
      return null;
    }
    case 'buy': {
      if (mainLeft(st) <= 0)
        return fail('noAction', 'You have no main action left this turn.', 'NAT-ACTION-2');
      return buyError(st, s, a.row, a.col, false);
    }
    case 'deploy': {
      if (mainLeft(st) <= 0)
        return fail('noAction', 'You have no main action left this turn.', 'NAT-ACTION-2');
      return deployError(st, s, a.from, a.to, false, null);
    }
    case 'hire': {
      if (mainLeft(st) <= 0)
        return fail('noAction', 'You have no main action left this turn.', 'NAT-ACTION-2');
      return hireError(st, s, !!a.private);
    }
    case 'ability':
      return abilityError(st, s, a);
    default:
      if ((a as { type: string }).type === 'choose')
        return fail(
          'noDecision',
          'There is no decision to answer: it is your turn (buy, deploy, hire, use a card, or pass).',
          'NAT-DP-4',
        );
      return fail(
        'unknown',
        'That is not an action of Nations: on your turn buy, deploy, hire, use a card, or pass.',
        'NAT-DP-4',
      );
  }
}

export function doTurnAction(st: NatState, s: number, a: NatAction, log: EventSink): void {
  const p = st.players[s]!;
  const t = st.turn!;
  switch (a.type) {
    case 'pass':
      doPass(st, s, log);
      return;
    case 'end':
      if (log) emit(log, 'nat.ev.endTurn', { seat: s }, ['NAT-ACTION-5']);
      endTurn(st);
      return;
    case 'undeploy': {
      const r = p.row[a.slot]!;
      r.w--;
      p.idle++;
      if (log) emit(log, 'nat.ev.undeploy', { seat: s, card: r.id, slot: a.slot }, ['NAT-DEPLOY-8']);
      return;
    }
    case 'buy': {
      t.left--;
      t.main++;
      pushAfterMain(st);
      buy(st, s, a.row, a.col, false, log);
      return;
    }
    case 'deploy': {
      t.left--;
      t.main++;
      const c = deckOf(st).instEntry(p.row[a.to]!).c;
      if (c.type === 'military' || st.opts.soloRollOnBuildingDeploy) pushAfterMain(st);
      deploy(st, s, a.from, a.to, false, log);
      return;
    }
    case 'hire': {
      t.left--;
      t.main++;
      pushAfterMain(st);
      hire(st, s, !!a.private, false, log);
      return;
    }
    case 'ability': {
      const src = abilitySources(st, s).find(([u]) => u === a.card)!;
      const ab = src[1].find((x) => x.id === a.ability)!;
      if (ab.timing === 'action') {
        t.left--;
        t.main++;
      }
      if (ab.perRound) markUsed(p, a.card);
      if (ab.cost) {
        const costs = Array.isArray(ab.cost) ? ab.cost : [ab.cost];
        voluntaryPay(st, s, costs[a.cost ?? 0]!, log);
      }
      emit(
        log,
        'nat.ev.ability',
        { seat: s, card: a.card < 0 ? p.nation : cardIdOf(p, a.card), ability: ab.id },
        ['NAT-ABIL-1', 'NAT-ABIL-2'],
      );
      pushEffects(st, s, ab.effects, { src: a.card < 0 ? p.nation : cardIdOf(p, a.card), u: a.card });
      return;
    }
    default:
      return;
  }
}

/** NAT-SOLO-7: the VO rolls after the player's purchase, hire or military deployment. */
export function pushAfterMain(st: NatState): void {
  if (st.solo) st.stack.push({ t: 'roll' });
}

/** The turn's prompt shape `{args: {left, main}}`, shared and frozen for the usual counts (prompts build none). */
const TURN_SHAPES = Array.from({ length: 8 }, (_, left) =>
  Array.from({ length: 8 }, (_, main) => Object.freeze({ args: Object.freeze({ left, main }) })),
);
const turnShape = (left: number, main: number): PromptShape =>
  TURN_SHAPES[left]?.[main] ?? { args: { left, main } };

/** The turn's frame kind in the kit's table (the action phase, NAT-ACTION-1). */
export type TurnFrame = { k: 'turn' };

/**
 * The turn (NAT-ACTION-1..8): the seat whose turn it is buys, deploys, hires, uses an ability, undeploys,
 * ends its turn after a main action, or passes. Automatic work left by an action (payments, triggers, the
 * solo roll) runs first; a resigned seat passes at once.
 */
export const TURN: Node<NatState, TurnFrame, NatAction> = {
  run(st, _f, log) {
    if (st.stack.length === 0 && !st.players[st.turn!.s]!.resigned) return true;
    run(st, log);
    return false;
  },
  decide: {
    prompt: 'nat.turn',
    rule: 'NAT-ACTION-1',
    who: (st) => seatList(st.turn!.s),
    asks: (st, _f, seat) => st.turn!.s === seat,
    ask: (st) => turnShape(mainLeft(st), st.turn!.main),
    fill(st, _f, _seat, p) {
      p.args = turnShape(mainLeft(st), st.turn!.main).args;
    },
    offers: (st, _f, seat, out) => turnOffers(st, seat, out),
    answer(st, _f, seat, a, log) {
      const e = turnError(st, seat, a);
      if (e) return e;
      doTurnAction(st, seat, a, log);
      return OK;
    },
    // NAT-DP-25/26: end the turn after a main action, else pass.
    byDefault: (st) => (st.turn!.main > 0 ? END : PASS),
  },
};

/**
 * The turn's actions as shared constants, so that a listing builds no action object (a third of the garbage
 * of a random game): frozen, as nobody may change an action. Rows have at most 30 slots (data.ts), the
 * progress board at most 7 columns.
 */
const MAX_SLOTS = 32;
const frozen = (a: NatAction): NatAction => Object.freeze(a);
const BUY = [1, 2, 3].map((row) => Array.from({ length: 8 }, (_, col) => frozen({ type: 'buy', row, col })));
const DEPLOY = Array.from({ length: MAX_SLOTS + 1 }, (_, f) =>
  Array.from({ length: MAX_SLOTS }, (_, to) => frozen({ type: 'deploy', from: f - 1, to })),
);
const UNDEPLOY = Array.from({ length: MAX_SLOTS }, (_, slot) => frozen({ type: 'undeploy', slot }));
const HIRE = frozen({ type: 'hire' });
const HIRE_PRIVATE = frozen({ type: 'hire', private: true });
const END = frozen({ type: 'end' });
const PASS = frozen({ type: 'pass' });

/** Every action of the seat whose turn it is (the same checks as `turnError`). */
export function turnOffers(st: NatState, seat: number, out: NatAction[]): void {
  const dk = deckOf(st);
  const p = st.players[seat]!;
  const slots = p.row;
  // The row slots holding workers, as bits (a row has at most 30 slots, data.ts): sources of moves, undeploys.
  let manned = 0;
  for (let i = 0; i < slots.length; i++) {
    const r = slots[i];
    if (r && r.w > 0) manned |= 1 << i;
  }
  const main = mainLeft(st) > 0;
  if (main) {
    const sm = seatMods(st, seat);
    // Without price modifiers, a space whose row price the gold does not cover is skipped at once.
    const plain = sm.price.length === 0 && sm.cannot.length === 0;
    const res = p.res;
    const gold = res.gold;
    const cols = st.cols;
    const board = st.board;
    const rowPrice = E.rowPrice;
    let memo: BuyMemo | null = null;
    for (let r = 0, i = 0; r < 3; r++, i = r * cols) {
      if (plain && gold < rowPrice[r]!) continue;
      const acts = BUY[r]!;
      for (let col = 0; col < cols; col++, i++) {
        const b = board[i];
        if (!b) continue;
        const e = dk.boardEntry(i, b);
        const t = e.type;
        // Without price modifiers or forbidden types, the row price was the only check but for these types.
        if (plain && t !== 'colony' && t !== 'war' && t !== 'battle') {
          out.push(acts[col]!);
          continue;
        }
        if ((t === 'colony' || t === 'battle') && memo === null) memo = buyMemo();
        if (!buyProblem(st, seat, r + 1, e, false, sm, memo)) out.push(acts[col]!);
      }
    }
    // Deployments: the cost depends on the target only, so it is checked once per target.
    const stone = res.stone;
    const idle = p.idle > 0;
    const modded = sm.deploy.length > 0;
    for (let to = 0; to < slots.length; to++) {
      const target = slots[to];
      if (!target) continue;
      const e = dk.instEntry(target);
      if (e.deploys || modded) {
        if (stone < entryStone(e, sm)) continue;
        if (e.deploys && (e.dcGold > res.gold || e.dcFood > res.food || e.dcBooks > res.books)) continue;
      }
      if (idle) out.push(DEPLOY[0]![to]!);
      for (let m = manned & ~(1 << to), from = 0; m !== 0; m >>>= 1, from++)
        if (m & 1) out.push(DEPLOY[from + 1]![to]!);
    }
    // Hiring: the checks of `hireError`, the stage's cost computed once for both kinds of architect.
    const w = p.wip;
    if (w && (st.pool > 0 || p.priv > 0)) {
      const stages = dk.instEntry(w).c.stages!;
      if (w.built < stages.length && stone >= architectCost(st, seat, stages[w.built]!)) {
        if (st.pool > 0) out.push(HIRE);
        if (p.priv > 0) out.push(HIRE_PRIVATE);
      }
    }
  }
  // Abilities: only where a card with abilities can lie and was put (the common answer: nowhere); the sources in
  // the order of `eachAbilitySource`, without a callback.
  if (BOARD_ABILITIES) {
    const ab = board(p).abilities;
    if (ab) abilityActions(st, seat, -1, ab, out);
  }
  const areas = dk.abilityAreas & inPlay(st).abilities;
  if (areas !== 0) {
    if (areas & AREA_ADVISORS) abilitiesIn(st, seat, dk, p.advisors, false, out);
    if (areas & AREA_ROW) abilitiesIn(st, seat, dk, slots, true, out);
    if (areas & AREA_COLONIES) abilitiesIn(st, seat, dk, p.colonies, false, out);
    if (areas & AREA_WONDERS) abilitiesIn(st, seat, dk, p.wonders, false, out);
  }
  for (let m = manned, slot = 0; m !== 0; m >>>= 1, slot++) if (m & 1) out.push(UNDEPLOY[slot]!);
  if (st.turn!.main > 0) out.push(END);
  out.push(PASS);
}

/** The ability actions of one area's cards (the row: manned cards only), in slot order. */
function abilitiesIn(
  st: NatState,
  seat: number,
  dk: Deck,
  list: ReadonlyArray<Inst | null>,
  mannedOnly: boolean,
  out: NatAction[],
): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (!x || (mannedOnly && x.w <= 0)) continue;
    const e = dk.instEntry(x);
    if (e.flags & F_ABIL) abilityActions(st, seat, x.u, e.c.abilities ?? [], out);
  }
}
