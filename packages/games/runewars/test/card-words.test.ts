/**
 * The cards in players' words (card-words.ts, for the web table and the log): every Season, Tactics,
 * Quest, Reward, Objective, Title and Fate card of the default pack reads as words in English and
 * Russian with no message key or data id left in them; a few cards checked word for word against their
 * data; a Fate card in the log reads as the card (destiny and sections), not as a number.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PACK,
  fateWords,
  objectiveWords,
  questWords,
  rewardWords,
  runewars as g,
  seasonWords,
  tacticsWords,
  titleWords,
} from '@tabula/runewars';

const p = DEFAULT_PACK;
const LEAK = /\b(?:cw|rw)\.[a-zA-Z]|\{|\}|undefined|NaN|\bQ\d\d\b|\b[GE]\d\b|\b(?:SP|SU|FA|WI)\d\b/;

describe('card words', () => {
  for (const l of ['en', 'ru'] as const)
    it(`every card of the pack reads as words (${l})`, () => {
      const all: string[] = [];
      p.seasons.forEach((_, c) => {
        const w = seasonWords(p, c, l);
        expect(w.length, p.seasons[c]!.id).toBeGreaterThan(0);
        all.push(...w);
      });
      p.tactics.forEach((_, c) => {
        const w = tacticsWords(p, c, l);
        expect(w.when && w.text, p.tactics[c]!.id).toBeTruthy();
        all.push(w.when, w.text);
      });
      p.quests.forEach((_, q) => {
        const w = questWords(p, q, l);
        expect(w.results.length, p.quests[q]!.id).toBeGreaterThan(0);
        all.push(w.area, w.check, ...w.results);
      });
      p.rewards.forEach((_, r) => all.push(rewardWords(p, r, l).text, rewardWords(p, r, l).trait));
      p.objectives.forEach((_, o) => all.push(objectiveWords(p, o, l)));
      p.titles.forEach((_, t) => all.push(titleWords(p, t, l)));
      p.fate.forEach((f) => all.push(fateWords(p, f.id, l)));
      for (const x of all) expect(x).not.toMatch(LEAK);
    });

  it('words follow the data: Drought, Timber Season, Plague, Forced March, a duel quest, Fate card 5', () => {
    const idx = (id: string) => p.seasons.findIndex((s) => s.id === id);
    expect(seasonWords(p, idx('SU6'), 'en')).toEqual(['Every player lowers his food dial by 1.']);
    expect(seasonWords(p, idx('SU7'), 'en')).toEqual([
      'Harvest: every player turns each resource dial to what his areas produce.',
      'Every player raises his wood dial by 1.',
    ]);
    expect(seasonWords(p, idx('FA6'), 'ru')[0]).toMatch(/Чума.*1 отряд.*6 или больше/);
    const fm = tacticsWords(
      p,
      p.tactics.findIndex((t) => t.id === 'forcedMarch'),
      'en',
    );
    expect(fm).toEqual({
      when: 'During your turn',
      text: 'this turn Mobilize and Conquer move units from up to 3 areas away.',
    });
    const q = questWords(
      p,
      p.quests.findIndex((x) => x.id === 'Q02'),
      'en',
    );
    expect(q.check).toMatch(/^Duel: /);
    expect(q.results[0]).toBe('Won: 1 Reward card, train strength');
    // Fate card 5 (data): gold; triangle R1, circle D1, the rest blank.
    expect(fateWords(p, 5, 'en')).toBe('Gold Fate card: ▲ rout 1, ● damage 1');
  });

  it('the log names Fate cards by what they show, never "#5"', () => {
    const text = g.formatEvent(
      { key: 'rw.ev.fateDrawnOwn', params: { cards: [5, 11] } },
      'en',
      (s) => `P${s}`,
    );
    expect(text).not.toMatch(/#\d/);
    expect(text).toContain('Gold Fate card: ▲ rout 1, ● damage 1');
    expect(text).toContain('Red Fate card:');
  });
});
