/**
 * Words: message catalogs complete in English and Russian, every log event, prompt, action and the text
 * view rendered without raw keys or placeholders, in both languages (rule texts: rule-texts.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Locale } from '@tabula/engine';
import { LOCALES, missingKeys, Rng } from '@tabula/engine';
import { messages, nations } from '@tabula/nations';
import type { NatState } from '@tabula/nations';

const name = (l: Locale) => (s: number) => (l === 'ru' ? `Игрок ${s + 1}` : `Player ${s + 1}`);
const CYR = /[А-Яа-яЁё]/;

/** A few random games (1–5 seats, B sides, solo) with their events, prompts and legal actions seen. */
function sample(): { events: GameEvent[]; kinds: Set<string>; described: string[]; views: string[] } {
  const events: GameEvent[] = [];
  const kinds = new Set<string>();
  const described: string[] = [];
  const views: string[] = [];
  for (let g = 0; g < 6; g++) {
    const seats = (g % 5) + 1;
    const o = nations.parseOptions(g % 2 ? { boardSides: 'choose' } : {});
    if (!o.ok) throw new Error(o.error.message);
    const r = nations.setup(o.value, seats, `texts-${g}`, events);
    if (!r.ok) throw new Error(r.error.message);
    const st: NatState = r.value;
    const rng = new Rng(`texts-${g}`);
    for (let i = 0; i < 3000 && !st.over; i++) {
      const p = nations.prompts(st)[0]!;
      kinds.add(p.kind);
      const legal = nations.legalActions(st, p.seat);
      if (i % 7 === 0)
        for (const l of LOCALES)
          for (const a of legal) described.push(nations.describeAction(st, p.seat, a, l));
      if (i % 50 === 0)
        for (const l of LOCALES) views.push(nations.renderText(nations.view(st, p.seat), l, name(l)));
      // Prefer acting over passing so that many kinds of events happen.
      const acts = legal.filter((a) => a.type !== 'pass');
      const a = acts.length && rng.int(4) ? acts[rng.int(acts.length)]! : legal[rng.int(legal.length)]!;
      const res = nations.apply(st, p.seat, a, events);
      if (!res.ok) throw new Error(res.error.message);
    }
    for (const l of LOCALES) views.push(nations.renderText(nations.view(st, -1), l, name(l)));
  }
  return { events, kinds, described, views };
}

describe('Nations words', () => {
  const s = sample();

  it('the message catalogs have the same keys in English and Russian', () => {
    expect(missingKeys(messages)).toEqual([]);
  });

  it('every log event reads as words in both languages: no raw key, no unfilled slot, Russian in Cyrillic', () => {
    const keys = new Set(s.events.map((e) => e.key));
    expect(keys.size).toBeGreaterThan(30);
    for (const e of s.events)
      for (const l of LOCALES) {
        const t = nations.formatEvent(e, l, name(l));
        expect(t, e.key).not.toMatch(/nat\.(ev|res|side|type)\./);
        expect(t, e.key).not.toMatch(/\{\w+\}|undefined|\[object/);
        if (l === 'ru') expect(t, e.key).toMatch(CYR);
      }
  });

  it('every prompt kind has a text, and every action description is words', () => {
    for (const k of s.kinds)
      for (const l of LOCALES) expect(messages[l][`nat.prompt.${k}`], `${l} ${k}`).toBeTruthy();
    expect(s.described.length).toBeGreaterThan(100);
    for (const d of s.described) {
      expect(d).not.toMatch(/nat\.|undefined|\[object|\{"/);
      expect(d.length).toBeGreaterThan(1);
    }
  });

  it('the text view has no raw key or placeholder in either language', () => {
    for (const v of s.views) {
      expect(v).not.toMatch(/nat\.(txt|res|step|type|level)\.|\{\w+\}|undefined/);
    }
    expect(s.views.some((v) => v.includes('Progress board'))).toBe(true);
    expect(s.views.some((v) => v.includes('Доска прогресса'))).toBe(true);
  });
});
