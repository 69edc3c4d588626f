/**
 * A card per game the server offers: its picture (drawn, no art), name, one-paragraph description,
 * players, typical length, a link to its rules summary, and a button that starts a new match of it.
 */
import type { GameSummary } from '@tabula/protocol';
import { declared, nameOf, useGames } from '../net/games.js';
import { useLocale, useT } from '../i18n/index.js';
import { GamePicture } from './GamePicture.js';

export function GameCards({
  games,
  chosen,
  onChoose,
}: {
  games: readonly GameSummary[];
  chosen: string;
  onChoose: (id: string) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  if (!games.length) return null;
  return (
    <section aria-labelledby="games-h" className="games">
      <h2 id="games-h">{t('lobby.games')}</h2>
      <ul className="game-cards">
        {games.map((g) => {
          const name = nameOf(games, g.id, locale);
          const description = declared(g.description[locale]);
          return (
            <li key={g.id} className={`game-card ${g.id === chosen ? 'chosen' : ''}`} data-game={g.id}>
              <GamePicture id={g.id} />
              <div className="game-card-body">
                <h3>{name}</h3>
                {description && <p className="game-description">{description}</p>}
                <p className="game-facts">
                  <span>
                    {g.minSeats === g.maxSeats
                      ? t('lobby.playersExact', { n: g.minSeats })
                      : t('lobby.playersRange', { min: g.minSeats, max: g.maxSeats })}
                  </span>
                  {g.minutes && <span>{t('lobby.minutes', { min: g.minutes[0], max: g.minutes[1] })}</span>}
                  {declared(g.rulesSummary?.[locale]) && (
                    <a href={`#/rules/${encodeURIComponent(g.id)}`}>{t('lobby.rulesSummary')}</a>
                  )}
                </p>
                <button
                  type="button"
                  onClick={() => onChoose(g.id)}
                  aria-label={`${t('lobby.newMatchOf')}: ${name}`}
                >
                  {t('lobby.newMatch')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A game's rules summary, on a page of its own (`#/rules/<id>`). */
export function RulesPage({ id }: { id: string }) {
  const t = useT();
  const { locale } = useLocale();
  const { games } = useGames();
  const g = games.find((x) => x.id === id);
  const text = declared(g?.rulesSummary?.[locale]);
  return (
    <main className="lobby rules-page">
      <p>
        <a href="#/">{t('lobby.back')}</a>
      </p>
      <h1>{t('lobby.rulesOf', { game: nameOf(games, id, locale) })}</h1>
      {g && declared(g.description[locale]) && (
        <p className="game-description">{declared(g.description[locale])}</p>
      )}
      {text ? (
        text.split(/\n\s*\n/).map((para, i) => <p key={i}>{para}</p>)
      ) : (
        <p>{t('lobby.noRulesSummary')}</p>
      )}
    </main>
  );
}
