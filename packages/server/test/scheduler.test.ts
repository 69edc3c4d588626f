/** The scheduler's response-window hold: the server's uniform minimum, or a shorter one the game declares. */
import { describe, expect, it } from 'vitest';
import type { Prompt } from '@tabula/engine';
import { Scheduler } from '../src/scheduler.js';

describe('response-window holds (Prompt.hold)', () => {
  const s = new Scheduler(
    { windowMs: 2000, botDelayMs: 0 },
    { choose: async () => null, close: async () => {} },
    {
      submit: async () => ({ ok: true, v: 0 }),
      seatsChanged: async () => {},
      guard: () => {},
    },
  );
  const p = (hold?: number): Prompt => ({
    seat: 0,
    kind: 'x.window',
    window: true,
    ...(hold === undefined ? {} : { hold }),
  });
  it('holds a window for the server minimum unless the game declares a shorter hold, never longer', () => {
    expect(s.holdOf(p())).toBe(2000);
    expect(s.holdOf(p(300))).toBe(300);
    expect(s.holdOf(p(0))).toBe(0);
    expect(s.holdOf(p(60_000))).toBe(2000);
  });
});
