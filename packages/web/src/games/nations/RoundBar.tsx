/**
 * The round: age and round, the phase, whose turn it is, the player order (who has passed), the public
 * architects, and this round's event card and war card with what they will do (the solo tile in the solo
 * game), their full texts on hover or focus and in their descriptions.
 */
import { useId } from 'react';
import { soloTile } from '@tabula/nations';
import { SHAPES, useNat } from './ctx.js';
import { Icon } from './icons.js';
import { ROMAN, cardLines, eventCardLines, tileLines } from './text.js';
import { tipHandlers } from './Tip.js';

export function RoundBar() {
  const n = useNat();
  const { view, t } = n;
  const rounds = view.opts.ages * 2;
  const round = Math.max(1, view.round);
  const age = Math.ceil(round / 2);
  const turn = view.turn;
  const who = view.pending !== null ? view.pending.s : turn ? turn.s : -1;
  return (
    <section className="nat-round" aria-label={t('nat.ui.roundBar')} data-testid="nat-round">
      <div className="nat-round-line">
        <span className="pill strong">
          {t('nat.ui.ageRound', { age: ROMAN[age] ?? String(age), round, rounds })}
        </span>
        <span className="pill">{n.g(`nat.step.${view.step}`)}</span>
        {who >= 0 && !view.over && (
          <span className="pill acting">
            {who === n.me ? t('nat.ui.yourTurnShort') : t('nat.ui.turnOf', { name: n.name(who) })}
            {turn && turn.s === who && turn.left > 1 ? ` · ${t('nat.ui.actionsLeft', { n: turn.left })}` : ''}
          </span>
        )}
        <span className="nat-order" aria-label={t('nat.ui.orderLabel')}>
          <ol>
            {view.order.map((s) => {
              const p = view.players[s]!;
              return (
                <li key={s} className={`${p.passed ? 'passed' : ''} ${who === s ? 'now' : ''}`}>
                  <span className={`shape seat-${s}`} aria-hidden="true">
                    {SHAPES[s % SHAPES.length]}
                  </span>
                  {n.name(s)}
                  {p.passed && <span className="sr-only"> ({t('nat.ui.passedShort')})</span>}
                </li>
              );
            })}
            {view.solo && (
              <li className="vo" aria-label={t('nat.ui.vo')}>
                <Icon name="solo" />
                {view.solo1?.ahead ? t('nat.ui.voAhead') : t('nat.ui.voBehind')}
              </li>
            )}
          </ol>
        </span>
        <span className="pill" title={t('nat.ui.poolHelp')}>
          <Icon name="architect" />
          {t('nat.ui.pool', { n: view.pool })}
        </span>
      </div>
    </section>
  );
}

/** This round's event card (the solo tile) and war card, with what they will do. */
export function RoundCards() {
  const n = useNat();
  const age = Math.max(1, Math.ceil(n.view.round / 2));
  return (
    <div className="nat-round-cards" role="group" aria-label={n.t('nat.ui.roundCards')}>
      {n.view.solo ? <TileBox /> : <EventBox />}
      <WarBox />
      <span className="nat-deck">
        {n.t('nat.ui.deckLeft', { age: ROMAN[age] ?? '', n: n.view.deckSizes[age - 1] ?? 0 })}
      </span>
    </div>
  );
}

function EventBox() {
  const n = useNat();
  const { view, t } = n;
  const id = useId();
  const ev = view.eventCard ? eventCardLines(view.eventCard, n.locale) : null;
  if (!ev)
    return (
      <div className="nat-evbox none">
        <Icon name="event" />
        {t('nat.ui.noEvent')}
      </div>
    );
  const lines = [
    ...ev.halves.map((h, i) => `${i === 0 ? t('nat.ui.upper') : t('nat.ui.lower')} — ${h.name}: ${h.text}`),
    t('nat.ui.evNumbers', { arch: ev.architects, famine: ev.famine }),
  ];
  return (
    <div
      className="nat-evbox"
      tabIndex={0}
      role="group"
      aria-label={t('nat.ui.event', { name: n.card(view.eventCard!) })}
      aria-describedby={id}
      data-testid="nat-event"
      {...tipHandlers(() => ({ title: n.card(view.eventCard!), sub: t('nat.ui.eventCard'), lines }))}
    >
      <span className="nat-evhead">
        <Icon name="event" />
        <b>{t('nat.ui.eventCard')}</b>
        <span className="nat-evnums">
          +{ev.architects}
          <Icon name="architect" />
          {t('nat.ui.famine')} {ev.famine}
          <Icon name="food" />
        </span>
      </span>
      {ev.halves.map((h, i) => (
        <span key={i} className="nat-evline" aria-hidden="true">
          <b>{h.name}</b>: {h.text}
        </span>
      ))}
      <span id={id} className="sr-only">
        {lines.join('. ')}
      </span>
    </div>
  );
}

function TileBox() {
  const n = useNat();
  const { view, t } = n;
  const tile = view.solo1?.tile ? soloTile(view.solo1.tile) : undefined;
  if (!tile)
    return (
      <div className="nat-evbox none">
        <Icon name="solo" />
        {t('nat.ui.noTile')}
      </div>
    );
  const lines = tileLines(tile, n.locale);
  return (
    <div
      className="nat-evbox"
      tabIndex={0}
      role="group"
      aria-label={`${t('nat.ui.tile', { age: ROMAN[tile.age] ?? '' })}. ${lines.join('. ')}. ${t('nat.ui.evNumbers', { arch: tile.architects, famine: tile.famine })}`}
      data-testid="nat-tile"
      {...tipHandlers(() => ({ title: t('nat.ui.tile', { age: ROMAN[tile.age] ?? '' }), lines }))}
    >
      <span className="nat-evhead">
        <Icon name="solo" />
        <b>{t('nat.ui.tile', { age: ROMAN[tile.age] ?? '' })}</b>
        <span className="nat-evnums">
          +{tile.architects}
          <Icon name="architect" />
          {t('nat.ui.famine')} {tile.famine}
          <Icon name="food" />
        </span>
      </span>
      {lines.slice(0, 2).map((l, i) => (
        <span key={i} className="nat-evline" aria-hidden="true">
          {l}
        </span>
      ))}
    </div>
  );
}

function WarBox() {
  const n = useNat();
  const { view, t } = n;
  const id = useId();
  const w = view.war;
  if (!w)
    return (
      <div className="nat-evbox nat-war none" data-testid="nat-war">
        <Icon name="war" />
        {view.warBought ? t('nat.ui.warDone') : t('nat.ui.noWar')}
      </div>
    );
  const lines = cardLines(w.id, n.locale);
  const buyer = n.name(w.buyer);
  return (
    <div
      className="nat-evbox nat-war"
      tabIndex={0}
      role="group"
      aria-label={t('nat.ui.war', { name: n.card(w.id), marker: w.marker, buyer })}
      aria-describedby={id}
      data-testid="nat-war"
      {...tipHandlers(() => ({
        title: n.card(w.id),
        sub: t('nat.ui.warSub', { marker: w.marker, buyer }),
        lines,
      }))}
    >
      <span className="nat-evhead">
        <Icon name="war" />
        <b>{n.card(w.id)}</b>
        <span className="nat-evnums">{t('nat.ui.warSub', { marker: w.marker, buyer })}</span>
      </span>
      <span className="nat-evline" aria-hidden="true">
        {lines[0]}
      </span>
      <span id={id} className="sr-only">
        {lines.join('. ')}
      </span>
    </div>
  );
}
