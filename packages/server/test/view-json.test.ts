/**
 * A view's deeply frozen parts are serialised once (view-json.ts): the text is always the view's own
 * JSON value, and a part that can still change is never taken from the cache.
 */
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '@tabula/engine';
import { messageParts, viewParts } from '../src/view-json.js';

/** The text the parts make, as the server writes it. */
const viewJson = (v: unknown) => viewParts(v).join('');
const messageJson = (msg: Record<string, unknown>, v: unknown) => messageParts(msg, v).join('');

describe('viewParts', () => {
  const config = deepFreeze({ costs: { city: { grain: 2 } }, tribes: ['a', 'b'], note: 'é "quoted"' });

  it('gives the same JSON value as JSON.stringify, whatever is frozen', () => {
    const views: unknown[] = [
      { round: 1, config, players: [{ seat: 0 }], gone: undefined },
      { config },
      { config, other: deepFreeze({ x: [1, 2] }), y: null },
      { a: 1 },
      {},
      [config],
      null,
      'text',
    ];
    for (const v of views) {
      expect(JSON.parse(viewJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
      expect(JSON.parse(messageParts({ t: 'update', v: 1 }, v).join(''))).toEqual({
        t: 'update',
        v: 1,
        view: v ?? null,
      });
    }
    expect(JSON.parse(messageJson({ t: 'update', v: 3, deadline: undefined }, { config, round: 2 }))).toEqual(
      { t: 'update', v: 3, view: { config, round: 2 } },
    );
    expect(JSON.parse(messageJson({}, { round: 2 }))).toEqual({ view: { round: 2 } });
  });

  it('never reuses the text of a part that can still change', () => {
    // Frozen on top only: its inner object can change, so it is serialised every time.
    const shallow = Object.freeze({ inner: { n: 1 } });
    const first = JSON.parse(viewJson({ shallow })) as { shallow: { inner: { n: number } } };
    expect(first.shallow.inner.n).toBe(1);
    (shallow.inner as { n: number }).n = 2;
    const second = JSON.parse(viewJson({ shallow })) as { shallow: { inner: { n: number } } };
    expect(second.shallow.inner.n).toBe(2);
    // Not frozen at all: serialised every time.
    const open = { n: 1 };
    expect(viewJson({ open })).toBe('{"open":{"n":1}}');
    open.n = 5;
    expect(viewJson({ open })).toBe('{"open":{"n":5}}');
  });
});
