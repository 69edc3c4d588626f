/**
 * The words of the Nations table (issue 20): every card, printed card, event and solo tile of the data is
 * worded in English and Russian from its effects, with nothing left untranslated (no English word in a
 * Russian text, no Cyrillic in an English one), no placeholder or raw value; every card, nation and event
 * has a Russian name of its own; the table's UI catalog has the same keys in both languages.
 */
import { describe, expect, it } from 'vitest';
import {
  EVENT_CARDS,
  NATIONS,
  PROGRESS_CARDS,
  PROMO_EVENT_CARDS,
  PROMO_PROGRESS_CARDS,
  SOLO_TILES,
  cardName,
  nationName,
} from '@tabula/nations';
import { cardLines, eventCardLines, nationLines, tileLines } from '../src/games/nations/text.js';
import { cardChips } from '../src/games/nations/Card.js';
import { natUi } from '../src/games/nations/i18n.js';

const ALL_CARDS = [
  ...PROGRESS_CARDS,
  ...PROMO_PROGRESS_CARDS,
  ...NATIONS.flatMap((b) => [...b.printed.map((p) => p.card), ...(b.completedWonders ?? [])]),
];
const EVENTS = [...EVENT_CARDS, ...PROMO_EVENT_CARDS];
const BAD = /undefined|NaN|\[object|\{[a-zA-Z]+\}|\bnat\.[a-z]/;
/** Latin words in a Russian text (Roman numerals and the side letters A/B aside). */
const LATIN = /\b(?![IVX]+\b)[A-Za-z]{2,}\b/;

describe('Nations card words', () => {
  it('every card is worded in both languages, Russian without English words, English without Cyrillic', () => {
    for (const c of ALL_CARDS) {
      const en = cardLines(c.id, 'en');
      const ru = cardLines(c.id, 'ru');
      expect(en.length, c.id).toBeGreaterThan(0);
      expect(ru.length, c.id).toBe(en.length);
      for (const l of en) {
        expect(l, c.id).not.toMatch(BAD);
        expect(l, c.id).not.toMatch(/[а-яё]/i);
      }
      for (const l of ru) {
        expect(l, c.id).not.toMatch(BAD);
        expect(l, `${c.id}: ${l}`).not.toMatch(LATIN);
      }
      expect(cardChips(c).flat().length, c.id).toBeGreaterThan(0);
    }
  });

  it('every event card, nation board side and solo tile is worded in both languages', () => {
    for (const e of EVENTS) {
      const en = eventCardLines(e.id, 'en')!;
      const ru = eventCardLines(e.id, 'ru')!;
      expect(en.halves.length).toBe(e.events.length);
      for (const h of en.halves) {
        expect(h.text, e.id).not.toMatch(BAD);
        expect(h.text, e.id).not.toMatch(/[а-яё]/i);
      }
      for (const h of ru.halves) {
        expect(h.text, e.id).not.toMatch(BAD);
        expect(`${h.name}: ${h.text}`, e.id).not.toMatch(LATIN);
      }
    }
    for (const b of NATIONS) {
      for (const l of nationLines(b, 'en')) expect(l, b.nation).not.toMatch(/[а-яё]/i);
      for (const l of nationLines(b, 'ru')) expect(l, `${b.nation} ${b.side}: ${l}`).not.toMatch(LATIN);
    }
    for (const t of SOLO_TILES) {
      for (const l of tileLines(t, 'en')) expect(l).not.toMatch(/[а-яё]/i);
      for (const l of tileLines(t, 'ru')) expect(l, t.id).not.toMatch(LATIN);
    }
  });

  it('every card, printed card, nation and event has a Russian name of its own', () => {
    const missing: string[] = [];
    for (const c of ALL_CARDS)
      if (cardName(c.id, 'ru') === c.name || LATIN.test(cardName(c.id, 'ru'))) missing.push(c.id);
    for (const b of NATIONS) if (nationName(b.nation, 'ru') === b.name) missing.push(b.nation);
    for (const e of EVENTS) {
      if (LATIN.test(cardName(e.id, 'ru'))) missing.push(e.id);
      for (const h of e.events)
        for (const d of Array.isArray(h) ? h : [h])
          if (cardName(d.name, 'ru') === d.name) missing.push(d.name);
    }
    expect(missing).toEqual([]);
  });

  it('the table’s texts have the same keys in English and Russian', () => {
    expect(Object.keys(natUi.ru).sort()).toEqual(Object.keys(natUi.en).sort());
    const words = (v: string) => v.replace(/\{\w+(, plural,)?|\b(one|few|many|other)\b|=\d+/g, '');
    for (const [k, v] of Object.entries(natUi.ru)) expect(words(v), k).not.toMatch(LATIN);
  });
});
