/**
 * The shell's words around the games' words: announced log lines are joined without a double full
 * stop, and no game's prompt text repeats the "Your turn" badge the action bar writes before it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES } from '@tabula/catalog';
import { shell } from '../src/i18n/shell.js';
import { lobby } from '../src/i18n/lobby.js';
import { joinSentences } from '../src/shell/sentences.js';
import { promptText } from '../src/shell/ActionBar.js';
import type { AnyGame, Prompt } from '@tabula/engine';

describe('shell words', () => {
  it('joins announced lines into sentences without a double full stop', () => {
    expect(joinSentences(['Player 1: -1 VP.', 'Famine: every nation pays 2 food.'])).toBe(
      'Player 1: -1 VP. Famine: every nation pays 2 food.',
    );
    expect(joinSentences(['Player 2 passes', 'War!', ' '])).toBe('Player 2 passes. War!');
  });

  it('no prompt text of any game starts with the badge the action bar puts before it', () => {
    for (const game of GAMES)
      for (const l of ['en', 'ru'] as const) {
        const badge = shell[l]['table.yourTurn'].toLowerCase();
        const prompts = Object.entries(game.messages[l]).filter(([k]) => k.split('.')[1] === 'prompt');
        // A game that words its prompts itself (describePrompt) may keep no catalog entry per kind.
        if (!game.describePrompt) expect(prompts.length, game.id).toBeGreaterThan(3);
        for (const [k, text] of prompts)
          expect(text.toLowerCase().startsWith(badge), `${k}: ${text}`).toBe(false);
      }
  });

  it('the shell names no game: no game id, name or noun in its code and texts', () => {
    const src = fileURLToPath(new URL('../src/', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? files(p) : [p];
      });
    const shellFiles = [
      ...files(join(src, 'shell')),
      ...files(join(src, 'lobby')),
      ...files(join(src, 'i18n')),
      join(src, 'App.tsx'),
    ];
    expect(shellFiles.length).toBeGreaterThan(15);
    const words = new Set<string>();
    for (const g of GAMES) {
      words.add(g.id);
      for (const l of ['en', 'ru'] as const) {
        const name = g.messages[l]?.[g.info?.name ?? `${g.id}.name`];
        if (name) words.add(name);
      }
    }
    // Each catalog game's id in words too ("struggle-for-rome" → "struggle for rome").
    for (const g of GAMES) words.add(g.id.replace(/-/g, ' '));
    for (const f of shellFiles) {
      const text = readFileSync(f, 'utf8').toLowerCase();
      for (const w of words) expect(text.includes(w.toLowerCase()), `${f} names "${w}"`).toBe(false);
    }
    // Nor speaks of any game's pieces (the shell says "player", not "tribe" or "nation").
    for (const l of ['en', 'ru'] as const)
      for (const [k, text] of Object.entries({ ...shell[l], ...lobby[l] }))
        expect(/tribe|nation|племя|племен|народ/i.test(text), `${k}: ${text}`).toBe(false);
  });

  it("the action bar words a prompt with the game's describePrompt, else its catalog, else the kind", () => {
    const prompt: Prompt = { seat: 1, kind: 'toy.pick', args: { n: 2 } };
    const base = {
      messages: { en: { 'toy.prompt.toy.pick': 'Pick {n}' }, ru: {} },
      formatEvent: (e: { key: string; params?: Record<string, unknown> }) =>
        e.key === 'toy.prompt.toy.pick' ? `Pick ${String(e.params?.n)}` : e.key,
    } as unknown as AnyGame;
    const name = (s: number) => `#${s}`;
    const described = {
      ...base,
      describePrompt: (p: Prompt, view: { cards: number }, l: string, seat: (s: number) => string) =>
        `${seat(p.seat)}: pick ${String(p.args?.n)} of ${view.cards} (${l})`,
    } as unknown as AnyGame;
    expect(promptText(described, prompt, { cards: 5 }, 'ru', name)).toBe('#1: pick 2 of 5 (ru)');
    expect(promptText(base, prompt, { cards: 5 }, 'en', name)).toBe('Pick 2');
    // Russian falls back to the English entry of the catalog (the game's own formatEvent does that).
    expect(promptText(base, prompt, { cards: 5 }, 'ru', name)).toBe('Pick 2');
    expect(promptText(base, { seat: 0, kind: 'toy.other' }, null, 'en', name)).toBe('toy.other');
  });
});
