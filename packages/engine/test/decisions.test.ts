/**
 * The decision-point kit on a small game: a pile of stones, players take 1–3 in turn; after each take
 * the next player may challenge (a response window) once per game; whoever takes the last stone wins.
 */
import { describe, expect, it } from 'vitest';
import type { ApplyResult, EventSink } from '@tabula/engine';
import { OK, emit, flow, ruleError } from '@tabula/engine';
import type { Decision, FlowTable } from '@tabula/engine';

type Frame =
  | { k: 'round' }
  | { k: 'take'; seat: number }
  | { k: 'challenge'; seat: number; by: number }
  | { k: 'loop'; n: number };
type Action = { type: 'take'; n: number } | { type: 'challenge' } | { type: 'pass' } | { type: 'resign' };
interface State {
  n: number;
  pile: number;
  turn: number;
  challenged: boolean[];
  stack: Frame[];
  over: { winner: number } | null;
}

const fail = ruleError('nim.err');

const table: FlowTable<State, Frame, Action> = {
  round: {
    run(st) {
      if (st.pile === 0) {
        st.over = { winner: (st.turn + st.n - 1) % st.n };
        return false;
      }
      st.stack.push({ k: 'take', seat: st.turn });
      return false;
    },
  },
  take: {
    decide: {
      prompt: 'nim.take',
      rule: 'NIM-1',
      who: (_st, f) => [f.seat],
      ask: (st) => ({ args: { pile: st.pile } }),
      offers(st, _f, _seat, out) {
        for (let n = 1; n <= Math.min(3, st.pile); n++) out.push({ type: 'take', n });
      },
      answer(st, f, seat, a, log: EventSink): ApplyResult {
        if (a.type !== 'take') return fail('wrongAction', 'Take 1 to 3 stones.', 'NIM-1');
        if (!(a.n >= 1 && a.n <= Math.min(3, st.pile)))
          return fail('count', 'Take 1 to 3 stones, no more than the pile.', 'NIM-2');
        st.pile -= a.n;
        emit(log, 'nim.ev.take', { seat, n: a.n }, ['NIM-1']);
        st.stack.pop();
        st.turn = (st.turn + 1) % st.n;
        const next = st.turn;
        if (st.pile > 0 && !st.challenged[next]) st.stack.push({ k: 'challenge', seat: next, by: f.seat });
        return OK;
      },
      byDefault: () => ({ type: 'take', n: 1 }),
    },
  },
  challenge: {
    decide: {
      prompt: 'nim.challenge',
      rule: 'NIM-3',
      who: (_st, f) => [f.seat],
      ask: () => ({ window: true, hold: 500 }),
      offers(_st, _f, _seat, out) {
        out.push({ type: 'challenge' }, { type: 'pass' });
      },
      answer(st, f, seat, a): ApplyResult {
        if (a.type !== 'challenge' && a.type !== 'pass')
          return fail('wrongAction', 'Challenge or pass.', 'NIM-3');
        st.stack.pop();
        if (a.type === 'challenge') {
          st.challenged[seat] = true;
          st.pile += 1; // the challenger puts one stone back
        }
        void f;
        return OK;
      },
      byDefault: () => ({ type: 'pass' }),
    },
  },
  // A frame that never waits and never leaves: the run loop must give up on it.
  loop: {
    run(_st, f) {
      f.n++;
      return false;
    },
  },
};

const rules = flow<State, Frame, Action>({
  table,
  stack: (st) => st.stack,
  over: (st) => st.over !== null,
  onOver: (st) => void (st.stack.length = 0),
  before(st, seat, a) {
    if (seat < 0 || seat >= st.n) return fail('seat', 'No such seat.', 'NIM-0');
    if (a.type === 'resign') {
      st.over = { winner: (seat + 1) % st.n };
      st.stack.length = 0;
      return OK;
    }
    return null;
  },
  notAsked: (_st, _seat, d) => fail('notYou', 'It is not your decision.', d?.rule ?? 'NIM-0'),
  maxSteps: 1000,
});

function start(pile = 7): State {
  const st: State = { n: 2, pile, turn: 0, challenged: [false, false], stack: [{ k: 'round' }], over: null };
  rules.advance(st, undefined);
  return st;
}

describe('the decision-point kit', () => {
  it('derives prompts, offers, defaults and the dispatch of apply from one object per decision', () => {
    const st = start();
    expect(rules.prompts(st)).toEqual([{ seat: 0, kind: 'nim.take', args: { pile: 7 } }]);
    expect(rules.legalActions(st, 0)).toEqual([1, 2, 3].map((n) => ({ type: 'take', n })));
    expect(rules.legalActions(st, 1)).toEqual([]);
    expect(rules.defaultAction(st, 0)).toEqual({ type: 'take', n: 1 });
    expect(rules.defaultAction(st, 1)).toBeNull();
    const log: { key: string }[] = [];
    expect(rules.apply(st, 0, { type: 'take', n: 2 }, log)).toEqual(OK);
    expect(log.map((e) => e.key)).toEqual(['nim.ev.take']);
    // The response window of the next seat, with its own hold, then its turn.
    expect(rules.prompts(st)).toEqual([{ seat: 1, kind: 'nim.challenge', window: true, hold: 500 }]);
    expect(rules.apply(st, 1, { type: 'pass' }, undefined)).toEqual(OK);
    expect(rules.current(st)?.d.prompt).toBe('nim.take');
    expect(rules.prompts(st)).toEqual([{ seat: 1, kind: 'nim.take', args: { pile: 5 } }]);
  });

  it("refuses an input from a seat not asked with the waiting decision's rule, and a wrong answer with the decision's own", () => {
    const st = start();
    const before = JSON.stringify(st);
    const r = rules.apply(st, 1, { type: 'take', n: 1 }, undefined);
    expect(r).toMatchObject({ ok: false, error: { code: 'nim.err.notYou', rule: 'NIM-1' } });
    expect(rules.apply(st, 0, { type: 'take', n: 5 }, undefined)).toMatchObject({
      ok: false,
      error: { rule: 'NIM-2' },
    });
    expect(rules.apply(st, 0, { type: 'pass' }, undefined)).toMatchObject({
      ok: false,
      error: { rule: 'NIM-1' },
    });
    expect(rules.apply(st, 5, { type: 'pass' }, undefined)).toMatchObject({
      ok: false,
      error: { rule: 'NIM-0' },
    });
    expect(JSON.stringify(st)).toBe(before);
  });

  it('plays whole games by defaults and random choices to their end; inputs allowed at any time come first', () => {
    for (let g = 0; g < 50; g++) {
      const st = start(5 + (g % 9));
      for (let i = 0; i < 200 && !st.over; i++) {
        const [p] = rules.prompts(st);
        const legal = rules.legalActions(st, p!.seat);
        const a = i % 3 === 0 ? rules.defaultAction(st, p!.seat)! : legal[(g + i) % legal.length]!;
        expect(legal).toContainEqual(a);
        expect(rules.apply(st, p!.seat, a, undefined)).toEqual(OK);
      }
      expect(st.over).not.toBeNull();
      expect(rules.prompts(st)).toEqual([]);
      expect(rules.legalActions(st, 0)).toEqual([]);
    }
    const st = start();
    expect(rules.apply(st, 1, { type: 'resign' }, undefined)).toEqual(OK);
    expect(st.over).toEqual({ winner: 0 });
    expect(rules.prompts(st)).toEqual([]);
  });

  it('stops a flow that runs without ever waiting', () => {
    const st: State = {
      n: 2,
      pile: 3,
      turn: 0,
      challenged: [false, false],
      stack: [{ k: 'loop', n: 0 }],
      over: null,
    };
    expect(() => rules.advance(st, undefined)).toThrow(
      /1000 automatic steps without a decision \(at "loop"\)/,
    );
  });

  it('reads the waiting frame from `top` instead of a stack array, with the same prompts, offers and answers', () => {
    const viaTop = flow<State, Frame, Action>({
      table,
      top: (st) => st.stack[st.stack.length - 1],
      onOver: (st) => void (st.stack.length = 0),
      over: (st) => st.over !== null,
      notAsked: (_st, _seat, d) => fail('notYou', 'It is not your decision.', d?.rule ?? 'NIM-0'),
    });
    const a = start(9);
    const b = start(9);
    for (let i = 0; i < 40 && !a.over; i++) {
      const [p] = rules.prompts(a);
      expect(viaTop.prompts(b)).toEqual(rules.prompts(a));
      expect(viaTop.legalActions(b, p!.seat)).toEqual(rules.legalActions(a, p!.seat));
      const act = rules.legalActions(a, p!.seat)[i % 2] ?? rules.defaultAction(a, p!.seat)!;
      expect(viaTop.apply(b, p!.seat, act, undefined)).toEqual(rules.apply(a, p!.seat, act, undefined));
      expect(b).toEqual(a);
    }
    expect(a.over).not.toBeNull();
    expect(viaTop.current(b)).toBeNull();
    expect(() =>
      flow<State, Frame, Action>({ table, over: () => false, notAsked: () => fail('x', 'x', 'X') }).advance(
        b,
        undefined,
      ),
    ).toThrow(/stack or top/);
  });
});

/**
 * A frame waiting for different decisions as it goes on (`decideBy`), and prompts filled in place (`fill`):
 * a toll gate asks its keeper for a price, then the traveller whether to pay it.
 */
describe('the decision-point kit: decisions by step and prompts filled in place', () => {
  type GateFrame = { k: 'gate'; step: number; price: number } | { k: 'end' };
  type GateAction = { type: 'price'; n: number } | { type: 'pay' } | { type: 'refuse' };
  interface Gate {
    stack: GateFrame[];
    paid: number[];
    over: boolean;
  }
  const gateFail = ruleError('gate.err');
  const PRICE: Decision<Gate, Extract<GateFrame, { k: 'gate' }>, GateAction> = {
    prompt: 'gate.price',
    rule: 'GATE-1',
    who: () => [0],
    fill(_st, f, _seat, p) {
      p.args = { step: f.step };
    },
    offers(_st, _f, _seat, out) {
      out.push({ type: 'price', n: 1 }, { type: 'price', n: 2 });
    },
    answer(_st, f, _seat, a) {
      if (a.type !== 'price') return gateFail('wrong', 'Name a price.', 'GATE-1');
      f.price = a.n;
      f.step = 1;
      return OK;
    },
    byDefault: () => ({ type: 'price', n: 1 }),
  };
  const PAY: Decision<Gate, Extract<GateFrame, { k: 'gate' }>, GateAction> = {
    prompt: 'gate.pay',
    rule: 'GATE-2',
    who: () => [1],
    ask: (_st, f) => ({ args: { price: f.price }, window: true }),
    offers(_st, _f, _seat, out) {
      out.push({ type: 'pay' }, { type: 'refuse' });
    },
    answer(st, f, _seat, a) {
      if (a.type !== 'pay' && a.type !== 'refuse') return gateFail('wrong', 'Pay or refuse.', 'GATE-2');
      if (a.type === 'pay') st.paid.push(f.price);
      st.stack.pop();
      return OK;
    },
    byDefault: () => ({ type: 'refuse' }),
  };
  const gateTable: FlowTable<Gate, GateFrame, GateAction> = {
    gate: {
      run: (_st, f) => f.step < 2,
      decideBy: (_st, f) => (f.step === 0 ? PRICE : f.step === 1 ? PAY : null),
    },
    end: {
      run(st) {
        st.over = true;
        return false;
      },
    },
  };
  const gates = flow<Gate, GateFrame, GateAction>({
    table: gateTable,
    stack: (st) => st.stack,
    over: (st) => st.over,
    notAsked: (_st, _seat, d) => gateFail('notYou', 'Not your decision.', d?.rule ?? 'GATE-0'),
  });

  it('asks the decision of the step the frame is at, each with its own prompt, offers, refusals and default', () => {
    const st: Gate = { stack: [{ k: 'end' }, { k: 'gate', step: 0, price: 0 }], paid: [], over: false };
    gates.advance(st, undefined);
    expect(gates.prompts(st)).toEqual([{ seat: 0, kind: 'gate.price', args: { step: 0 } }]);
    expect(gates.legalActions(st, 0)).toEqual([
      { type: 'price', n: 1 },
      { type: 'price', n: 2 },
    ]);
    expect(gates.defaultAction(st, 1)).toBeNull();
    expect(gates.apply(st, 1, { type: 'pay' }, undefined)).toMatchObject({ error: { rule: 'GATE-1' } });
    expect(gates.apply(st, 0, { type: 'pay' }, undefined)).toMatchObject({ error: { rule: 'GATE-1' } });
    expect(gates.apply(st, 0, { type: 'price', n: 2 }, undefined)).toEqual(OK);
    expect(gates.current(st)?.d).toBe(PAY);
    expect(gates.prompts(st)).toEqual([{ seat: 1, kind: 'gate.pay', args: { price: 2 }, window: true }]);
    expect(gates.defaultAction(st, 1)).toEqual({ type: 'refuse' });
    expect(gates.apply(st, 0, { type: 'price', n: 1 }, undefined)).toMatchObject({
      error: { rule: 'GATE-2' },
    });
    expect(gates.apply(st, 1, { type: 'pay' }, undefined)).toEqual(OK);
    expect(st).toMatchObject({ paid: [2], over: true, stack: [{ k: 'end' }] });
    expect(gates.prompts(st)).toEqual([]);
  });

  it('refuses to wait at a step with no decision', () => {
    const st: Gate = { stack: [{ k: 'gate', step: 2, price: 0 }], paid: [], over: false };
    const stuck = flow<Gate, GateFrame, GateAction>({
      table: { ...gateTable, gate: { run: () => true, decideBy: gateTable.gate.decideBy! } },
      stack: (s) => s.stack,
      over: (s) => s.over,
      notAsked: () => gateFail('x', 'x', 'X'),
    });
    expect(() => stuck.advance(st, undefined)).toThrow(/frame "gate" waits but has no decision/);
    expect(stuck.current(st)).toBeNull();
  });
});
