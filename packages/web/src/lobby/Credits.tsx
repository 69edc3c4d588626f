/** Credits: the games' authors (from the games' client parts), libraries, the colour palette. */
import { useT } from '../i18n/index.js';
import { gameCredits } from '../games/credits.js';

export function Credits() {
  const t = useT();
  return (
    <main className="lobby">
      <h1>{t('lobby.credits')}</h1>
      <ul>
        {gameCredits.map((c) => (
          <li key={c}>{c}</li>
        ))}
        <li>{t('lobby.credits.platform')}</li>
        <li>{t('lobby.credits.colours')}</li>
      </ul>
    </main>
  );
}
