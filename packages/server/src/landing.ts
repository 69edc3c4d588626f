/**
 * The page served at / until the web client is built (packages/web replaces it): what is running and
 * how to play, in English and Russian (picked from Accept-Language).
 */
import type { FastifyInstance } from 'fastify';
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

export function landingPage(app: FastifyInstance): void {
  app.get('/', async (req, reply) => {
    const lang = /^ru/i.test(String(req.headers['accept-language'] ?? '')) ? 'ru' : 'en';
    const t = TEXT[lang];
    const items = GAMES.map(
      (g) =>
        `<li>${g.messages[lang][`${g.id === 'age-of-heroes' ? 'aoh' : g.id}.name`] ?? g.id} — ${g.minSeats}–${g.maxSeats} ${t.players}</li>`,
    ).join('');
    reply.type('text/html; charset=utf-8');
    reply.header('content-security-policy', POLICY);
    return `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Tabula</title>
<style>${CSS}</style><main><h1>${t.title}</h1><p>${t.intro}</p>
<h2>${t.games}</h2><ul>${items}</ul><p>${t.play}</p><pre>npx tabula play age-of-heroes --players 4 --bots 3</pre><p>${t.api}</p></main></html>`;
  });
}
