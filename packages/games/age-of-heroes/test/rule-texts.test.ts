/**
 * Rule texts for the log's rule links: every rule ID the engine cites has a text in English and in
 * Russian, the two files have the same keys, every ID exists in the specification (when ../shared is
 * there) and the Russian texts are translations, not copies.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Bot } from '@tabula/engine';
import { LOCALES, playGame } from '@tabula/engine';
import { randomBot } from '@tabula/bots';
import { ageOfHeroes } from '@tabula/age-of-heroes';
import en from '../src/data/rules.en.json' with { type: 'json' };
import ru from '../src/data/rules.ru.json' with { type: 'json' };

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const SRC = path('../src/');
const SPEC = path('../../../../../shared/rules/age-of-heroes.md');
const ID = /AOH-[A-Z]+(?:-[A-Z]+)*-[A-Z]*\d+/g;

const texts: Record<string, Record<string, string>> = { en, ru };

/** Every 'AOH-…' literal in the game's sources: the rules its events and errors cite. */
function citedInSources(): Set<string> {
  const ids = new Set<string>();
  // The rules are in chapter files under src/rules/: every source file, in every folder.
  for (const f of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')))
    for (const m of readFileSync(SRC + f, 'utf8').matchAll(/['"`](AOH-[A-Z]+(?:-[A-Z]+)*-\d+)['"`]/g))
      ids.add(m[1]!);
  return ids;
}

/** The rule IDs of the events of a few complete games (heuristic and random bots, 2–6 seats). */
function citedInGames(): Set<string> {
  const ids = new Set<string>();
  const heuristic = ageOfHeroes.bots!.heuristic!;
  for (let g = 0; g < 6; g++) {
    const seats = 2 + (g % 5);
    const bots: Bot[] = Array.from({ length: seats }, (_, s) =>
      (g + s) % 2 ? randomBot({ seed: `rt-${g}-${s}` }) : (heuristic({ seed: `rt-${g}-${s}` }) as Bot),
    );
    const r = playGame(ageOfHeroes, { seats, seed: `rule-texts-${g}`, bots, events: true, maxActions: 4000 });
    for (const e of r.events ?? []) for (const id of e.rules ?? []) ids.add(id);
  }
  return ids;
}

describe('rule texts (log rule links)', () => {
  it('the module exposes both locales', () => {
    expect(Object.keys(ageOfHeroes.ruleTexts ?? {}).sort()).toEqual([...LOCALES].sort());
    expect(ageOfHeroes.ruleTexts?.en).toBe(en);
    expect(ageOfHeroes.ruleTexts?.ru).toBe(ru);
  });

  it('English and Russian have the same keys', () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(300);
  });

  it('every rule the engine cites (in its sources and in played events) has a text in both locales', () => {
    const cited = new Set([...citedInSources(), ...citedInGames()]);
    expect(cited.size).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const id of cited)
      for (const loc of LOCALES) if (!texts[loc]![id]?.trim()) missing.push(`${loc} ${id}`);
    expect(missing).toEqual([]);
  });

  it('texts are plain, short, and Russian texts are translations keeping the cited IDs', () => {
    const bad: string[] = [];
    for (const [id, e] of Object.entries(en)) {
      const r = (ru as Record<string, string>)[id] ?? '';
      for (const [loc, t] of [
        ['en', e],
        ['ru', r],
      ] as const) {
        if (!t.trim() || t.length > 700) bad.push(`${loc} ${id}: empty or too long`);
        if (/\*\*|`/.test(t)) bad.push(`${loc} ${id}: markdown left`);
      }
      const onlyIds = !/[a-z]/i.test(e.replace(ID, ''));
      if (r === e && !onlyIds) bad.push(`${id}: Russian identical to English`);
      if (!onlyIds && !/[а-яё]/i.test(r)) bad.push(`${id}: no Russian words`);
      const ids = (t: string) => [...new Set(t.match(ID) ?? [])].sort().join(' ');
      if (ids(e) !== ids(r)) bad.push(`${id}: cited IDs differ: en [${ids(e)}] ru [${ids(r)}]`);
    }
    expect(bad).toEqual([]);
  });

  it.skipIf(!existsSync(SPEC))('every ID with a text is defined in the specification', () => {
    const spec = readFileSync(SPEC, 'utf8');
    const defined = new Set(
      [...spec.matchAll(/\*\*(AOH-[A-Z]+(?:-[A-Z]+)*-[A-Z]*\d+)(?:\*\*|\s+[—–-])/g)].map((m) => m[1]!),
    );
    expect(Object.keys(en).filter((id) => !defined.has(id))).toEqual([]);
  });
});
