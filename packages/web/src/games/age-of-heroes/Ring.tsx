/**
 * The tribes around the table. The others sit in one row in seat order, clockwise from my left (so my
 * neighbours are at its two ends; roads are named in each area), with the table centre (decks, discard
 * pile, supply) beside them (below the decision when there are four or more others); mine, with my hand, is docked below the current decision — on a desktop
 * screen it stays in view at the bottom, so the hand, the other tribes and the decision show together
 * at every step without scrolling. On a phone mine comes first and the rest follows in one column.
 */
import { ringFrom, useAoh } from './ctx.js';
import { TribeArea } from './TribeArea.js';
import { TableCentre } from './TableCentre.js';

/** The others, clockwise from my left (every tribe for a spectator). */
function othersOf(aoh: ReturnType<typeof useAoh>): number[] {
  const order = ringFrom(aoh.view.n, aoh.me);
  return aoh.me >= 0 ? order.slice(1) : order;
}

/** With four or more others the table centre leaves their row (it would make it two rows high). */
export function centreInRow(aoh: ReturnType<typeof useAoh>): boolean {
  return othersOf(aoh).length <= 3;
}

export function Ring() {
  const aoh = useAoh();
  const { t } = aoh;
  const others = othersOf(aoh);
  return (
    <section className="aoh-others" aria-labelledby="aoh-ring-h" data-testid="aoh-ring">
      <h2 id="aoh-ring-h" className="sr-only">
        {t('aoh.ui.tribes')}
      </h2>
      <div className={`aoh-row n${others.length}`}>
        {others.map((s) => (
          <TribeArea key={s} seat={s} />
        ))}
        {centreInRow(aoh) && <TableCentre />}
      </div>
    </section>
  );
}

/** My tribe and my hand. */
export function MyArea() {
  const aoh = useAoh();
  if (aoh.me < 0 || !aoh.view.players[aoh.me]) return null;
  return (
    <div className="aoh-mine-dock" data-testid="aoh-mine">
      <TribeArea seat={aoh.me} />
    </div>
  );
}
