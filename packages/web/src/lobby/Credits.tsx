/** Credits: games, rules sources, libraries. */
import { useT } from '../i18n/index.js';

export function Credits() {
  const t = useT();
  return (
    <main className="lobby">
      <h1>{t('lobby.credits')}</h1>
      <ul>
        <li>Age of Heroes — Legend Games, 2003; design Robert and Tamara Hayes.</li>
        <li>React, react-intl, Vite, Fastify, ws, zod, PGlite, PostgreSQL, Redis.</li>
        <li>Player colours: Okabe–Ito palette.</li>
      </ul>
    </main>
  );
}
