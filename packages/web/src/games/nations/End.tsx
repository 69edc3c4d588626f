/**
 * The end of the game: the score of every nation in its five parts (NAT-END-9: A VP tokens, B colonies,
 * C wonders, D buildings and military, E resources), the winner or the tie, and in the solo game the Hall
 * of Fame title.
 */
import { SHAPES, useNat } from './ctx.js';

export function FinalScores() {
  const n = useNat();
  const { view, t } = n;
  const over = view.over!;
  const seats = view.players.map((_, s) => s).sort((a, b) => (over.scores[b] ?? 0) - (over.scores[a] ?? 0));
  const result = view.solo
    ? over.scores[0]! >= 0
      ? t('nat.ui.soloScore', { n: over.scores[0] ?? 0 })
      : t('nat.ui.soloNegative', { n: over.scores[0] ?? 0 })
    : over.winners.length === 1
      ? t('nat.ui.winner', { name: n.name(over.winners[0]!) })
      : over.winners.length > 1
        ? t('nat.ui.shared', { names: over.winners.map(n.name).join(', ') })
        : t('nat.ui.tie');
  const parts = ['a', 'b', 'c', 'd', 'e'];
  return (
    <section className="nat-final" aria-labelledby="nat-final-h" data-testid="nat-final">
      <h2 id="nat-final-h">{t('nat.ui.finalTitle')}</h2>
      <p className="nat-result">{result}</p>
      {view.solo && (
        <p className="nat-hof" data-testid="nat-hof">
          {over.title ? t('nat.ui.hof', { title: n.g(`nat.hof.${over.title}`) }) : t('nat.ui.hofNone')}
        </p>
      )}
      <div className="nat-final-scroll">
        <table className="nat-final-table">
          <thead>
            <tr>
              <th scope="col">{t('nat.ui.finalNation')}</th>
              {parts.map((x) => (
                <th key={x} scope="col">
                  <abbr title={t(`nat.ui.final.${x}.long`)}>{t(`nat.ui.final.${x}`)}</abbr>
                </th>
              ))}
              <th scope="col">{t('nat.ui.finalTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {seats.map((s) => {
              const p = view.players[s]!;
              const b = over.breakdown[s] ?? [];
              return (
                <tr key={s} className={over.winners.includes(s) ? 'won' : ''}>
                  <th scope="row">
                    <span className={`shape seat-${s}`} aria-hidden="true">
                      {SHAPES[s % SHAPES.length]}
                    </span>{' '}
                    {n.name(s)}
                    {p.nation ? ` — ${n.nation(p.nation)}` : ''}
                    {over.winners.includes(s) && <span className="nat-crown"> {t('nat.ui.won')}</span>}
                  </th>
                  {parts.map((x, i) => (
                    <td key={x}>{b[i] ?? 0}</td>
                  ))}
                  <td className="total">{over.scores[s]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
