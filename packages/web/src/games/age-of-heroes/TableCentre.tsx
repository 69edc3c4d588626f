/** The middle of the table: resource deck, discard pile (top cards, count, full list), battle deck, supply. */
import type { ItemKind } from '@tabula/age-of-heroes';
import { cardClass, tally, useAoh } from './ctx.js';

const ITEMS: ItemKind[] = ['city', 'army', 'fortress', 'general', 'road'];

export function TableCentre() {
  const aoh = useAoh();
  const { view, t } = aoh;
  const top = view.discard.slice(-3).reverse();
  return (
    <section className="aoh-centre" aria-labelledby="aoh-centre-h" data-testid="aoh-centre">
      <h3 id="aoh-centre-h">{t('aoh.ui.table')}</h3>
      <ul className="aoh-stats">
        <li data-testid="aoh-deck">{t('aoh.ui.deck', { n: view.deckCount })}</li>
        <li>
          <span aria-hidden="true">◫ </span>
          {t('aoh.ui.battleDeck', { n: view.battleDeckCount })}
        </li>
      </ul>
      <div className="aoh-discard" data-testid="aoh-discard">
        <h4 className="aoh-sub">{t('aoh.ui.discard', { n: view.discard.length })}</h4>
        {top.length > 0 ? (
          <ol className="aoh-discard-top" aria-label={t('aoh.ui.discardTop')}>
            {top.map((c, i) => (
              <li key={i} className={`c-${cardClass(view, c)}`}>
                {aoh.card(c)}
              </li>
            ))}
          </ol>
        ) : (
          <p className="aoh-none">{t('aoh.ui.empty')}</p>
        )}
        {view.discard.length > 0 && (
          <details>
            <summary>{t('aoh.ui.discardAll')}</summary>
            <ul className="aoh-plain">
              {tally(view.discard).map(([c, k]) => (
                <li key={c}>{t('aoh.ui.cardCount', { card: aoh.card(c), n: k })}</li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <h4 className="aoh-sub">{t('aoh.ui.supply')}</h4>
      <ul className="aoh-supply" data-testid="aoh-supply">
        {ITEMS.map((k) => (
          <li key={k}>
            {aoh.item(k)}: <b>{view.supply[k]}</b>
          </li>
        ))}
      </ul>
    </section>
  );
}
