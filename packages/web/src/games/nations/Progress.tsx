/**
 * The progress board: three rows (the top one dearest) by the columns in play, each row headed by its
 * price in gold; every card with its price for this player, the private architects lying on it, and on my
 * turn the cards I can buy ringed, the others greyed with the reason (the deck left is in the round bar).
 */
import { ENGINE_NUMBERS } from '@tabula/nations';
import { useNat } from './ctx.js';
import { Card } from './Card.js';
import { Icon } from './icons.js';

const E_ROW_PRICE = ENGINE_NUMBERS.rowPrice;

export function ProgressBoard() {
  const n = useNat();
  const { view, t } = n;
  const rows = [3, 2, 1];
  return (
    <div className="nat-progress">
      <h2 id="nat-prog-h" className="sr-only">
        {t('nat.ui.progress')}
      </h2>
      <div className="nat-prog-scroll">
        <div className="nat-prog" style={{ ['--cols' as string]: view.cols }} data-testid="nat-progress">
          {rows.map((row) => (
            <div
              key={row}
              className="nat-prog-row"
              role="group"
              aria-label={t('nat.ui.rowLabel', { row, price: E_ROW_PRICE[row - 1]! })}
            >
              <div className="nat-rowprice" aria-hidden="true">
                {E_ROW_PRICE[row - 1]}
                <Icon name="gold" />
              </div>
              {Array.from({ length: view.cols }, (_, col) => {
                const i = (row - 1) * view.cols + col;
                const b = view.board[i];
                const key = `space:${row}:${col}`;
                if (!b)
                  return (
                    <div key={col} className="nat-empty" data-keys={key}>
                      <span className="sr-only">{t('nat.ui.emptySpace', { row, col: col + 1 })}</span>
                    </div>
                  );
                return (
                  <Card
                    key={col}
                    id={b.id}
                    keys={[key]}
                    price={
                      view.prices[i] !== null && view.prices[i] !== E_ROW_PRICE[row - 1]
                        ? view.prices[i]
                        : undefined
                    }
                    architects={b.a}
                    why={n.whyNot(row, col)}
                    extra={t('nat.ui.where', { row, col: col + 1 })}
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
