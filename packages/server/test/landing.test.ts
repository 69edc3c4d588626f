/**
 * The page served at / before the web client is built: every game of the catalog by the name it
 * declares (English or Russian from Accept-Language), and a command-line example by a declared short id
 * (the server names no game itself).
 */
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { GAMES } from '@tabula/catalog';
import { landingPage } from '../src/landing.js';

const app = Fastify();
landingPage(app);
afterAll(() => app.close());

describe('landing page', () => {
  it('lists every game by its declared name, in English and Russian, with a command-line example', async () => {
    for (const [lang, header] of [
      ['en', 'en-GB,en;q=0.9'],
      ['ru', 'ru-RU,ru;q=0.9'],
    ] as const) {
      const r = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': header } });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain(`<html lang="${lang}">`);
      for (const g of GAMES) {
        const name = g.messages[lang][g.info!.name]!;
        expect(r.body).toContain(`<li>${name} — ${g.minSeats}–${g.maxSeats} `);
      }
      expect(r.body).toContain(`npx tabula play ${GAMES[0]!.info!.shortId} --players `);
    }
  });
});
