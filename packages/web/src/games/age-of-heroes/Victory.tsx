/** The end: winners and route, and every tribe's final state (hands are revealed at the end). */
import { useEffect, useRef } from 'react';
import { tally, useAoh } from './ctx.js';

export function Victory() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const over = view.over!;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const iWon = over.winners.includes(aoh.me);
  const names = over.winners.map(aoh.who).join(', ');
  return (
    <section
      className={`aoh-victory ${iWon ? 'won' : ''}`}
      aria-labelledby="aoh-victory-h"
      data-testid="aoh-victory"
    >
      <h2 id="aoh-victory-h" ref={heading} tabIndex={-1}>
        <span aria-hidden="true">{iWon ? '♛ ' : '⚑ '}</span>
        {over.reason === 'draw'
          ? t('aoh.ui.drawTitle', { names })
          : iWon
            ? t('aoh.ui.youWin')
            : t('aoh.ui.winner', { names })}
      </h2>
      <p>{t('aoh.ui.route', { route: aoh.g(`aoh.route.${over.reason}`) })}</p>
      <div className="aoh-final-wrap">
        <table className="aoh-final">
          <caption>{t('aoh.ui.finalTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('aoh.ui.tribe')}</th>
              <th scope="col">{aoh.item('city')}</th>
              <th scope="col">{t('aoh.ui.monumentCol')}</th>
              <th scope="col">{aoh.item('army')}</th>
              <th scope="col">{t('aoh.ui.handCol')}</th>
            </tr>
          </thead>
          <tbody>
            {view.players.map((p) => (
              <tr key={p.seat} className={over.winners.includes(p.seat) ? 'winner' : ''}>
                <th scope="row">
                  <span aria-hidden="true" className={`aoh-shape seat-c${p.seat}`}>
                    {aoh.shape(p.seat)}
                  </span>{' '}
                  {aoh.who(p.seat)}
                  {over.winners.includes(p.seat) && <> · {t('aoh.ui.winnerMark')}</>}
                  {!p.alive && <> · {t('aoh.ui.eliminated')}</>}
                </th>
                <td>{p.cities}</td>
                <td>
                  {p.monument}/{view.config.victory.monumentCards}
                </td>
                <td>{p.armies.length}</td>
                <td>
                  {(p.hand ?? []).length
                    ? tally(p.hand ?? [])
                        .map(([c, k]) => (k > 1 ? `${k}× ${aoh.card(c)}` : aoh.card(c)))
                        .join(', ')
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <a href="#/">{t('aoh.ui.backToLobby')}</a>
      </p>
    </section>
  );
}
