/**
 * Rule texts for players (the log's rule links and refusals): every rule a player can meet — cited by
 * the events of complete games, by refusals, or named in the sources — has a text in English and in
 * Russian, in players' words (no rule IDs, brackets, field names or implementation terms), Russian in
 * Cyrillic, and every ID with a text exists in the specification (when ../shared is there).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Bot } from '@tabula/engine';
import { eventRules, LOCALES, ruleTextProblems, runRefusalGames } from '@tabula/engine';
import { randomBot } from '@tabula/bots';
import { runewars } from '@tabula/runewars';
import en from '../src/data/rules.players.en.json' with { type: 'json' };
import ru from '../src/data/rules.players.ru.json' with { type: 'json' };

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const SRC = path('../src/');
const SPEC = path('../../../../../shared/rules/runewars/');

/** Every 'RW-…' literal in the game's code (not in comments): the rules its events and refusals cite. */
function citedInSources(): Set<string> {
  const ids = new Set<string>();
  for (const f of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')))
    for (const line of readFileSync(SRC + f, 'utf8').split('\n')) {
      const code = line.replace(/\/\/.*$/, '');
      if (/^\s*(\*|\/\*)/.test(code)) continue;
      for (const m of code.matchAll(/['"`](RW-[A-Z]+-\d+)['"`]/g)) ids.add(m[1]!);
    }
  return ids;
}

/** Complete games, heuristic and random bots, 2–4 seats. */
function runs(n: number) {
  const heuristic = runewars.bots!.heuristic!;
  return Array.from({ length: n }, (_, g) => {
    const seats = 2 + (g % 3);
    const bots: Bot[] = Array.from({ length: seats }, (_, s) =>
      (g + s) % 3 ? (heuristic({ seed: `rt-${g}-${s}` }) as Bot) : randomBot({ seed: `rt-${g}-${s}` }),
    );
    return {
      seats,
      seed: `rule-texts-${g}`,
      bots,
      maxActions: 6000,
    };
  });
}

describe("rule texts in players' words (log rule links, refusals)", () => {
  it('the module carries them in both locales, with the same rules', () => {
    expect(Object.keys(runewars.ruleTexts ?? {}).sort()).toEqual([...LOCALES].sort());
    expect(runewars.ruleTexts?.en).toBe(en);
    expect(runewars.ruleTexts?.ru).toBe(ru);
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
  });

  it('every rule cited by events of random games, by refusals and in the sources has a text fit for players', () => {
    const events = eventRules(runewars, runs(12));
    expect(events.size).toBeGreaterThan(120);
    const refusals = runRefusalGames(
      runewars,
      Array.from({ length: 2 }, (_, i) => ({
        seats: 2 + i * 2,
        seed: `rt-refusals-${i}`,
        every: 20,
        perSeat: 8,
      })),
    ).rules;
    expect(Object.keys(refusals).length).toBeGreaterThan(20);
    const cited = [...events.keys(), ...Object.keys(refusals), ...citedInSources()];
    expect(ruleTextProblems(runewars, cited)).toEqual([]);
  });

  it.skipIf(!existsSync(SPEC))('every rule with a text is defined in the specification', () => {
    const spec = readdirSync(SPEC)
      .filter((f) => f.endsWith('.md'))
      .map((f) => readFileSync(SPEC + f, 'utf8'))
      .join('\n');
    const defined = new Set(
      [...spec.matchAll(/(?:\*\*|^\| ?)(RW-[A-Z]+-\d+)(?:\*\*|\s)/gm)].map((m) => m[1]!),
    );
    expect(Object.keys(en).filter((id) => !defined.has(id))).toEqual([]);
  });
});
