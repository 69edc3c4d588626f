/**
 * The screen of my current decision. Each prompt kind gets its natural interaction; the generic
 * action bar above stays as the fallback and keyboard path. Battle placement, duels and trading have
 * their own panels (BattlePanel, MarketPanel).
 */
import { useState } from 'react';
import type { AohAction, Objective } from '@tabula/age-of-heroes';
import { promptText } from '../../shell/ActionBar.js';
import { useAoh } from './ctx.js';
import type { Aoh } from './ctx.js';
import { BuildPanel } from './BuildPanel.js';
import { WarDraftPanel, ResponsePanel } from './WarPanel.js';
import { CardFace } from './Card.js';

const OWN_PANEL = new Set(['aoh.place', 'aoh.duel', 'aoh.trade']);

export function PromptPanel() {
  const aoh = useAoh();
  const p = aoh.prompt;
  if (!p || OWN_PANEL.has(p.kind) || aoh.view.over) return null;
  const { game, seatName } = aoh.props;
  const title = promptText(game, p, aoh.view, aoh.locale, seatName);
  let body;
  switch (p.kind) {
    case 'aoh.tribe':
      body = <TribePick />;
      break;
    case 'aoh.action':
      body = <ActionChooser />;
      break;
    case 'aoh.swap':
      body = <Swap />;
      break;
    case 'aoh.build':
      body = <BuildPanel />;
      break;
    case 'aoh.consent':
      body = <Consent />;
      break;
    case 'aoh.warDraft':
      body = <WarDraftPanel />;
      break;
    case 'aoh.response':
      // A Heroes choice composed for one attack never carries over to the next (a card was drawn since).
      body = <ResponsePanel key={`${aoh.view.deckCount}:${aoh.view.discard.length}`} />;
      break;
    case 'aoh.quakeTarget':
      body = <QuakeTargets />;
      break;
    case 'aoh.volcanoTarget':
      body = <VolcanoTargets />;
      break;
    case 'aoh.luck':
      body = <LuckWindow />;
      break;
    case 'aoh.monument':
      body = <Monument />;
      break;
    case 'aoh.discard':
      body = <Discard />;
      break;
    default:
      body = null;
  }
  // One possible action is no decision: the server takes it after the window's time (see ActionBar).
  if (!p.optional && aoh.legal.length === 1)
    body = (
      <p className="aoh-hint" data-testid="aoh-forced">
        {aoh.t('table.forced', {
          action: game.describeAction(null, aoh.me, aoh.legal[0], aoh.locale, seatName, aoh.view),
        })}
      </p>
    );
  return (
    <section
      className={`aoh-prompt ${p.optional ? '' : 'mine'}`}
      aria-labelledby="aoh-prompt-h"
      data-testid="aoh-prompt"
      data-kind={p.kind}
    >
      <h2 id="aoh-prompt-h">{title}</h2>
      {body}
    </section>
  );
}

/** A button bound to one legal action: disabled while sending, absent if not legal. */
export function ActButton({
  a,
  children,
  className,
  testid,
  label,
  pressed,
}: {
  a: AohAction;
  children: React.ReactNode;
  className?: string;
  testid?: string;
  label?: string;
  pressed?: boolean;
}) {
  const aoh = useAoh();
  if (!aoh.find(a)) return null;
  return (
    <button
      type="button"
      className={className}
      data-testid={testid}
      aria-label={label}
      aria-pressed={pressed}
      disabled={aoh.pending}
      onClick={() => aoh.send(a)}
    >
      {children}
    </button>
  );
}

function TribePick() {
  const aoh = useAoh();
  const { t } = aoh;
  return (
    <ul className="aoh-choices" data-testid="aoh-tribe-pick">
      {aoh.all('tribe').map((a) => {
        const sp = aoh.view.config.tribes.find((x) => x.id === a.tribe)?.special;
        return (
          <li key={a.tribe}>
            <ActButton a={a} className="aoh-big" testid={`aoh-pick-${a.tribe}`}>
              <span>
                <b>{aoh.tribe(a.tribe)}</b>
                <br />
                <small>{t('aoh.ui.special', { card: sp ? aoh.card(sp) : '—' })}</small>
              </span>
            </ActButton>
          </li>
        );
      })}
    </ul>
  );
}

const OBJ: Objective[] = ['conquest', 'plunder', 'razing'];

function ActionChooser() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const wars = aoh.all('war');
  const [target, setTarget] = useState<number | null>(null);
  const [objective, setObjective] = useState<Objective>('conquest');
  const cities = aoh.mine?.cities ?? 0;
  const targets = [...new Set(wars.map((w) => w.target))];
  const chosen = target !== null ? aoh.find({ type: 'war', target, objective }) : undefined;
  return (
    <div className="aoh-action" data-testid="aoh-action">
      <div className="aoh-choices">
        <ActButton a={{ type: 'taxes' }} className="aoh-big" testid="aoh-taxes">
          <span>
            <b>{t('aoh.ui.taxes')}</b>
            <br />
            <small>{t('aoh.ui.taxesHint', { n: cities })}</small>
          </span>
        </ActButton>
        <ActButton a={{ type: 'build' }} className="aoh-big" testid="aoh-build">
          <span>
            <b>{t('aoh.ui.build')}</b>
            <br />
            <small>{t('aoh.ui.buildHint')}</small>
          </span>
        </ActButton>
        <ActButton a={{ type: 'pass' }} className="aoh-big" testid="aoh-pass">
          <span>
            <b>{t('aoh.ui.pass')}</b>
            <br />
            <small>{t('aoh.ui.passHint')}</small>
          </span>
        </ActButton>
      </div>
      {wars.length > 0 ? (
        <fieldset className="aoh-war-pick" data-testid="aoh-war-pick">
          <legend>{t('aoh.ui.war')}</legend>
          <p className="aoh-hint">{t('aoh.ui.warTarget')}</p>
          <div className="aoh-choices" role="group" aria-label={t('aoh.ui.warTarget')}>
            {targets.map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={target === s}
                data-testid={`aoh-war-target-${s}`}
                onClick={() => setTarget(s)}
              >
                <span aria-hidden="true" className={`aoh-shape seat-c${s}`}>
                  {aoh.shape(s)}
                </span>
                &nbsp;{aoh.who(s)} · {t('aoh.ui.armiesShort', { n: view.players[s]!.armies.length })} ·{' '}
                {t('aoh.ui.citiesShort', { n: view.players[s]!.cities })}
              </button>
            ))}
          </div>
          <p className="aoh-hint">{t('aoh.ui.warObjective')}</p>
          <div className="aoh-choices" role="group" aria-label={t('aoh.ui.warObjective')}>
            {OBJ.map((o) => (
              <button
                key={o}
                type="button"
                aria-pressed={objective === o}
                data-testid={`aoh-war-objective-${o}`}
                onClick={() => setObjective(o)}
              >
                {aoh.g(`aoh.objective.${o}`)}
                <small className="aoh-obj-hint"> — {t(`aoh.ui.objHint.${o}`)}</small>
              </button>
            ))}
          </div>
          <button
            type="button"
            className="aoh-primary"
            data-testid="aoh-war-go"
            disabled={!chosen || aoh.pending}
            onClick={() => chosen && aoh.send(chosen)}
          >
            ⚔{' '}
            {target !== null
              ? t('aoh.ui.warOn', { name: aoh.who(target), objective: aoh.g(`aoh.objective.${objective}`) })
              : t('aoh.ui.warPickTarget')}
          </button>
        </fieldset>
      ) : (
        <p className="aoh-hint">{t('aoh.ui.noWar')}</p>
      )}
    </div>
  );
}

function Swap() {
  const aoh = useAoh();
  return (
    <div>
      <p className="aoh-hint">{aoh.t('aoh.ui.swapHint')}</p>
      <CardButtons type="swap" />
      <ActButton a={{ type: 'swapSkip' }} testid="aoh-swap-skip">
        {aoh.t('aoh.ui.keepHand')}
      </ActButton>
    </div>
  );
}

/** One button per card type of my hand for a per-card prompt (discard, swap). */
function CardButtons({ type }: { type: 'discard' | 'swap' }) {
  const aoh = useAoh();
  const acts = aoh.all(type);
  const hand = aoh.mine?.hand ?? [];
  return (
    <ul className="aoh-cards" data-testid={`aoh-${type}-cards`}>
      {acts.map((a) => (
        <li key={a.card}>
          <ActButton
            a={a}
            className="aoh-card-btn aoh-target"
            testid={`aoh-${type}-${a.card}`}
            label={aoh.t(type === 'discard' ? 'aoh.ui.discardThis' : 'aoh.ui.swapThis', {
              card: aoh.card(a.card),
            })}
          >
            <CardFace id={a.card} count={hand.filter((c) => c === a.card).length} />
          </ActButton>
        </li>
      ))}
    </ul>
  );
}

function Consent() {
  const aoh = useAoh();
  const builder = Number(aoh.prompt?.args?.builder ?? -1);
  return (
    <div className="aoh-choices">
      <p className="aoh-hint">{aoh.t('aoh.ui.consentHint', { name: aoh.who(builder) })}</p>
      <ActButton a={{ type: 'consent', accept: true }} className="aoh-primary" testid="aoh-consent-yes">
        {aoh.g('aoh.act.consentYes')}
      </ActButton>
      <ActButton a={{ type: 'consent', accept: false }} testid="aoh-consent-no">
        {aoh.g('aoh.act.consentNo')}
      </ActButton>
    </div>
  );
}

function QuakeTargets() {
  const aoh = useAoh();
  return (
    <div>
      <p className="aoh-hint">{aoh.t('aoh.ui.quakeHint')}</p>
      <ul className="aoh-choices">
        {aoh.all('quakeTarget').map((a) => {
          const owner = aoh.view.players.find((p) => p.armies.some((x) => x.id === a.army));
          const army = owner?.armies.find((x) => x.id === a.army);
          return (
            <li key={a.army}>
              <ActButton a={a} className="aoh-target" testid={`aoh-quake-${a.army}`}>
                ≋ {owner && army ? aoh.armyLabel(owner.seat, army) : `#${a.army}`}
              </ActButton>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function VolcanoTargets() {
  const aoh = useAoh();
  return (
    <div>
      <p className="aoh-hint">{aoh.t('aoh.ui.volcanoHint')}</p>
      <ul className="aoh-choices">
        {aoh.all('volcanoTarget').map((a) => (
          <li key={a.seat}>
            <ActButton a={a} className="aoh-target" testid={`aoh-volcano-pick-${a.seat}`}>
              △ {aoh.who(a.seat)} · {aoh.t('aoh.ui.citiesShort', { n: aoh.view.players[a.seat]!.cities })}
            </ActButton>
          </li>
        ))}
      </ul>
    </div>
  );
}

function LuckWindow() {
  const aoh = useAoh();
  const ev = aoh.view.event;
  return (
    <div>
      {ev && (
        <p className="aoh-hint">
          {aoh.t('aoh.ui.eventBy', { card: aoh.card(ev.card), name: aoh.who(ev.drawer) })}
        </p>
      )}
      <div className="aoh-choices">
        <ActButton a={{ type: 'luck' }} className="aoh-primary" testid="aoh-luck">
          ☘ {aoh.g('aoh.act.luck')}
        </ActButton>
        <ActButton a={{ type: 'pass' }} testid="aoh-luck-pass">
          {aoh.g('aoh.act.passResponse')}
        </ActButton>
      </div>
    </div>
  );
}

function Monument() {
  const aoh = useAoh();
  const acts = aoh.all('monument');
  const sp = aoh.mine ? (aoh.view.config.tribes.find((x) => x.id === aoh.mine!.tribe)?.special ?? '') : '';
  const of = aoh.view.config.victory.monumentCards;
  return (
    <div>
      <p className="aoh-hint">
        {aoh.t('aoh.ui.monumentHint', { card: aoh.card(sp), n: aoh.mine?.monument ?? 0, of })}
      </p>
      <div className="aoh-choices" data-testid="aoh-monument-choices">
        {acts.map((a) => (
          <ActButton
            key={a.count}
            a={a}
            className={a.count ? 'aoh-primary' : ''}
            testid={`aoh-monument-${a.count}`}
          >
            {monumentLabel(aoh, a.count, sp)}
          </ActButton>
        ))}
      </div>
    </div>
  );
}

function monumentLabel(aoh: Aoh, n: number, sp: string): string {
  return n === 0 ? aoh.t('aoh.ui.monumentNone') : aoh.t('aoh.ui.monumentAdd', { n, card: aoh.card(sp) });
}

function Discard() {
  const aoh = useAoh();
  const excess = Number(aoh.prompt?.args?.excess ?? 0);
  return (
    <div>
      <p className="aoh-hint">{aoh.t('aoh.ui.discardHint', { n: excess })}</p>
      <CardButtons type="discard" />
    </div>
  );
}
