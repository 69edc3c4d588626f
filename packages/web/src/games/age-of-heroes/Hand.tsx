/** My hand, grouped by card type with counts. Cards are buttons when the prompt asks for one (discard, swap). */
import type { AohAction } from '@tabula/age-of-heroes';
import { tally, useAoh } from './ctx.js';
import { CardFace } from './Card.js';

export function Hand() {
  const aoh = useAoh();
  const { t } = aoh;
  const hand = aoh.mine?.hand ?? [];
  const groups = tally(hand).sort((a, b) => order(aoh, a[0]) - order(aoh, b[0]));
  return (
    <section className="aoh-hand" aria-labelledby="aoh-hand-h" data-testid="aoh-hand">
      <h4 id="aoh-hand-h">{t('aoh.ui.hand', { n: hand.length })}</h4>
      {hand.length === 0 ? (
        <p className="aoh-none">{t('aoh.ui.handEmpty')}</p>
      ) : (
        <ul className="aoh-cards">
          {groups.map(([c, k]) => {
            const acts: { a: AohAction; text: string }[] = [
              { a: { type: 'discard', card: c }, text: t('aoh.ui.discardThis', { card: aoh.card(c) }) },
              { a: { type: 'swap', card: c }, text: t('aoh.ui.swapThis', { card: aoh.card(c) }) },
            ];
            const act = acts.find((x) => aoh.find(x.a));
            const label = t('aoh.ui.cardCount', { card: aoh.card(c), n: k });
            return (
              <li key={c}>
                {act ? (
                  <button
                    type="button"
                    className="aoh-card-btn aoh-target"
                    aria-label={`${label} — ${act.text}`}
                    disabled={aoh.pending}
                    data-testid={`aoh-hand-${c}`}
                    onClick={() => aoh.send(act.a)}
                  >
                    <CardFace id={c} count={k} />
                  </button>
                ) : (
                  <span data-testid={`aoh-hand-${c}`} aria-label={label} role="img">
                    <CardFace id={c} count={k} />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function order(aoh: ReturnType<typeof useAoh>, id: string): number {
  const c = aoh.view.config.cardClasses;
  const all = [...c.ordinary, ...c.special, ...c.held, ...c.immediate];
  const i = all.indexOf(id);
  return i < 0 ? 999 : i;
}
