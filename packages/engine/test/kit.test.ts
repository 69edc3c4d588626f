import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/index.js';
import { defaultSeatName, emit, inputError, ruleError } from '../src/index.js';

describe('rules kit', () => {
  it('emit appends an event with its audience, and does nothing without a log', () => {
    const log: GameEvent[] = [];
    emit(log, 'x.ev.a', { n: 1 }, ['X-1']);
    emit(log, 'x.ev.b', {}, ['X-2'], [0]);
    emit(log, 'x.ev.c', {}, [], undefined, [1]);
    expect(log).toEqual([
      { key: 'x.ev.a', params: { n: 1 }, rules: ['X-1'] },
      { key: 'x.ev.b', params: {}, rules: ['X-2'], to: [0] },
      { key: 'x.ev.c', params: {}, rules: [], notTo: [1] },
    ]);
    expect(() => emit(undefined, 'x.ev.a', {}, [])).not.toThrow();
  });

  it('ruleError namespaces codes and keeps the rule only when given', () => {
    const fail = ruleError('x.err');
    expect(fail('nope', 'No.', 'X-3')).toEqual({
      ok: false,
      error: { code: 'x.err.nope', message: 'No.', rule: 'X-3' },
    });
    expect(fail('nope', 'No.').error).not.toHaveProperty('rule');
  });

  it('inputError rejects malformed actions and unknown seats', () => {
    const fail = ruleError('x.err');
    expect(inputError(fail, { type: 'go' }, 1, 2)).toBeNull();
    expect(inputError(fail, null, 0, 2)?.error.code).toBe('x.err.malformed');
    expect(inputError(fail, { type: 3 }, 0, 2)?.error.code).toBe('x.err.malformed');
    expect(inputError(fail, { type: 'go' }, 2, 2)?.error.code).toBe('x.err.seat');
    expect(inputError(fail, { type: 'go' }, 0.5, 2)?.error.code).toBe('x.err.seat');
  });

  it('defaultSeatName counts seats from 1 in each locale', () => {
    expect(defaultSeatName('en')(0)).toBe('Player 1');
    expect(defaultSeatName('ru')(2)).toBe('Игрок 3');
  });
});
