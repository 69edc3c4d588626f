/**
 * Build: every item with its cost and what is left in the supply; for what I can afford, one button
 * per legal payment (the engine already lists the affordable payments), generals per host army and
 * roads per neighbour. Then "Finish building".
 */
import type { AohAction, ItemKind } from '@tabula/age-of-heroes';
import { payText, useAoh } from './ctx.js';
import type { Aoh } from './ctx.js';
import { ActButton } from './PromptPanel.js';

const ITEMS: ItemKind[] = ['city', 'army', 'fortress', 'general', 'road'];
type BuildItem = Extract<AohAction, { type: 'buildItem' }>;

export function BuildPanel() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const builds = aoh.all('buildItem');
  return (
    <div className="aoh-build" data-testid="aoh-build-panel">
      <ul className="aoh-build-list">
        {ITEMS.map((item) => {
          const mine = builds.filter((b) => b.item === item);
          const cost = Object.entries(view.config.costs[item] ?? {})
            .map(([c, k]) => (k > 1 ? `${aoh.card(c)} ×${k}` : aoh.card(c)))
            .join(' + ');
          return (
            <li
              key={item}
              className={`aoh-build-item ${mine.length ? 'can' : 'cannot'}`}
              data-testid={`aoh-build-${item}`}
            >
              <h3>
                {aoh.item(item)}{' '}
                <small>
                  {t('aoh.ui.cost', { cost })} · {t('aoh.ui.left', { n: view.supply[item] })}
                </small>
              </h3>
              {mine.length === 0 ? (
                <p className="aoh-none">{whyNot(aoh, item)}</p>
              ) : item === 'general' ? (
                <Grouped
                  aoh={aoh}
                  acts={mine}
                  by={(b) => b.host ?? -1}
                  title={(h) => t('aoh.ui.generalOn', { id: h })}
                />
              ) : item === 'road' ? (
                <Grouped
                  aoh={aoh}
                  acts={mine}
                  by={(b) => b.to ?? -1}
                  title={(s) => t('aoh.ui.roadTo', { name: aoh.who(s) })}
                />
              ) : (
                <Payments aoh={aoh} acts={mine} />
              )}
            </li>
          );
        })}
      </ul>
      <p className="aoh-hint">{t('aoh.ui.goldHint')}</p>
      <ActButton a={{ type: 'buildDone' }} className="aoh-primary" testid="aoh-build-done">
        {t('aoh.ui.buildDone')}
      </ActButton>
    </div>
  );
}

function whyNot(aoh: Aoh, item: ItemKind): string {
  if (aoh.view.supply[item] <= 0) return aoh.t('aoh.ui.supplyOut');
  return aoh.t('aoh.ui.cannotAfford');
}

function Grouped({
  aoh,
  acts,
  by,
  title,
}: {
  aoh: Aoh;
  acts: BuildItem[];
  by: (b: BuildItem) => number;
  title: (k: number) => string;
}) {
  const keys = [...new Set(acts.map(by))];
  return (
    <ul className="aoh-plain">
      {keys.map((k) => (
        <li key={k} className="aoh-pay-row">
          <span className="aoh-pay-title">{title(k)}:</span>
          <Payments aoh={aoh} acts={acts.filter((b) => by(b) === k)} prefix={title(k)} />
        </li>
      ))}
    </ul>
  );
}

function Payments({ aoh, acts, prefix }: { aoh: Aoh; acts: BuildItem[]; prefix?: string }) {
  return (
    <span className="aoh-pays" role="group" aria-label={prefix ?? aoh.item(acts[0]!.item)}>
      {acts.map((a, i) => (
        <ActButton
          key={i}
          a={a}
          className="aoh-pay"
          testid={`aoh-pay-${a.item}-${a.host ?? a.to ?? 'x'}-${i}`}
          label={aoh.props.game.describeAction(null, aoh.me, a, aoh.locale, aoh.props.seatName)}
        >
          {payText(aoh, a.pay)}
        </ActButton>
      ))}
    </span>
  );
}
