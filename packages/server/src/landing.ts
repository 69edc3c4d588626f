/**
 * The page served at / until the web client is built (packages/web replaces it): what is running and
 * how to play, in English and Russian (picked from Accept-Language).
 */
import type { FastifyInstance } from 'fastify';
import type { AnyGame, Locale } from '@tabula/engine';
import { GAMES } from '@tabula/catalog';
import { policyWithStyle } from './headers.js';

const CSS = 'main{font-family:system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem}';
const POLICY = policyWithStyle(CSS);

const TEXT = {
  en: {
    title: 'Tabula is running',
    intro: 'Strategy board games with the rules enforced by the machine.',
    games: 'Games',
    players: 'players',
    play: 'Play in the terminal:',
    api: 'The HTTP and WebSocket API is described in docs/PROTOCOL.md.',
  },
  ru: {
    title: 'Tabula работает',
    intro: 'Стратегические настольные игры, правила которых соблюдает машина.',
    games: 'Игры',
    players: 'игроков',
    play: 'Играть в терминале:',
    api: 'HTTP- и WebSocket-API описаны в docs/PROTOCOL.md.',
  },
};

/** A game's name in `lang` (the message its info names), else its id. */
function nameOf(g: AnyGame, lang: Locale): string {
  const key = g.info?.name;
  return (key && (g.messages[lang]?.[key] ?? g.messages.en?.[key])) || g.id;
}

export function landingPage(app: FastifyInstance): void {
  app.get('/', async (req, reply) => {
    const lang = /^ru/i.test(String(req.headers['accept-language'] ?? '')) ? 'ru' : 'en';
    const t = TEXT[lang];
    const items = GAMES.map(
      (g) => `<li>${escape(nameOf(g, lang))} — ${g.minSeats}–${g.maxSeats} ${t.players}</li>`,
    ).join('');
    // The command line's example plays the catalog's first game, by the short id it declares.
    const first = GAMES[0]!;
    const players = Math.max(2, first.minSeats);
    const example = `npx tabula play ${first.info?.shortId ?? first.id} --players ${players} --bots ${players - 1}`;
    reply.type('text/html; charset=utf-8');
    reply.header('content-security-policy', POLICY);
    return `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Tabula</title>
<style>${CSS}</style><main><h1>${t.title}</h1><p>${t.intro}</p>
<h2>${t.games}</h2><ul>${items}</ul><p>${t.play}</p><pre>${escape(example)}</pre><p>${t.api}</p></main></html>`;
  });
}

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
