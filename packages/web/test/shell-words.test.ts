/**
 * The shell's words around the games' words: announced log lines are joined without a double full
 * stop, and no game's prompt text repeats the "Your turn" badge the action bar writes before it.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '@tabula/catalog';
import { shell } from '../src/i18n/shell.js';
import { joinSentences } from '../src/shell/sentences.js';

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
        expect(prompts.length, game.id).toBeGreaterThan(3);
        for (const [k, text] of prompts)
          expect(text.toLowerCase().startsWith(badge), `${k}: ${text}`).toBe(false);
      }
  });
});
