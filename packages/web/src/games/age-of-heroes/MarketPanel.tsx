/**
 * Market Day: the immediate cards set aside in the draws, then the trading panel (not a modal):
 * public offers with accept / decline / withdraw, everyone's ready ticks, my ready toggle, and the
 * offer composer — give and get rows with every tradable card, + / − limited to what the rules allow.
 * The engine takes an offer step by step (offerNew, offerTo, offerGive / offerWant per card,
 * offerPost); the composer sends those steps in sequence, each after the previous one is applied.
 */
import { useEffect, useRef, useState } from 'react';
import type { AohAction, Offer } from '@tabula/age-of-heroes';
import { tally, useAoh } from './ctx.js';
import type { Aoh } from './ctx.js';
import { ActButton } from './PromptPanel.js';

export function MarketPanel() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const m = view.market!;
  const pending = m.pending.flatMap((cards, seat) => cards.map((c, i) => ({ seat, c, i })));
  return (
    <section className="aoh-market" aria-labelledby="aoh-market-h" data-testid="aoh-market">
      <h2 id="aoh-market-h">
        <span aria-hidden="true">⚖ </span>
        {aoh.g(`aoh.phase.${view.phase}`)}
      </h2>
      {pending.length > 0 && (
        <section aria-labelledby="aoh-pending-h" data-testid="aoh-market-events">
          <h3 id="aoh-pending-h">{t('aoh.ui.pendingEvents')}</h3>
          <ul className="aoh-plain">
            {pending.map((x) => (
              <li key={`${x.seat}-${x.i}`}>
                {aoh.who(x.seat)}: <b>{aoh.card(x.c)}</b>
              </li>
            ))}
          </ul>
        </section>
      )}
      {m.trading && <Trading />}
    </section>
  );
}

function Trading() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const m = view.market!;
  const alive = view.players.filter((p) => p.alive);
  const focusChat = () => document.querySelector<HTMLInputElement>('.chat input')?.focus();
  return (
    <div className="aoh-trading">
      <div className="aoh-market-top">
        <section aria-labelledby="aoh-ready-h" data-testid="aoh-ready">
          <h3 id="aoh-ready-h">{t('aoh.ui.readyTitle')}</h3>
          {/* My own choice first, then where the others stand. */}
          <div className="aoh-choices">
            <ActButton a={{ type: 'ready' }} className="aoh-primary" testid="aoh-ready-btn">
              ✓ {t('aoh.ui.ready')}
            </ActButton>
            <ActButton a={{ type: 'unready' }} testid="aoh-unready-btn">
              ✎ {t('aoh.ui.notReady')}
            </ActButton>
            <button type="button" onClick={focusChat} data-testid="aoh-chat-link">
              ✉ {t('aoh.ui.chatDeals')}
            </button>
          </div>
          <ul className="aoh-ready-list">
            {alive.map((p) => (
              <li key={p.seat} className={m.ready[p.seat] ? 'ready' : ''}>
                <span aria-hidden="true">{m.ready[p.seat] ? '✓' : '✎'}</span> {aoh.who(p.seat)}:{' '}
                {m.ready[p.seat] ? t('aoh.ui.isReady') : t('aoh.ui.isTrading')}
              </li>
            ))}
          </ul>
        </section>
        <Offers offers={m.offers} />
      </div>
      {aoh.me >= 0 && <Composer />}
    </div>
  );
}

function cardsText(aoh: Aoh, cards: readonly string[]): string {
  if (!cards.length) return aoh.t('aoh.ui.nothing');
  return tally(cards)
    .map(([c, k]) => (k > 1 ? `${k}× ${aoh.card(c)}` : aoh.card(c)))
    .join(', ');
}

function Offers({ offers }: { offers: Offer[] }) {
  const aoh = useAoh();
  const { t } = aoh;
  return (
    <section aria-labelledby="aoh-offers-h" data-testid="aoh-offers">
      <h3 id="aoh-offers-h">{t('aoh.ui.offers', { n: offers.length })}</h3>
      {offers.length === 0 ? (
        <p className="aoh-none">{t('aoh.ui.noOffers')}</p>
      ) : (
        <ul className="aoh-offer-list">
          {offers.map((o) => {
            const forMe = o.to === aoh.me || (o.to === -1 && o.from !== aoh.me);
            const accept: AohAction = { type: 'accept', offer: o.id };
            return (
              <li
                key={o.id}
                className={`aoh-offer ${forMe ? 'for-me' : ''}`}
                data-testid={`aoh-offer-${o.id}`}
              >
                <p>
                  <b>#{o.id}</b> {aoh.who(o.from)} → {o.to === -1 ? t('aoh.ui.everyone') : aoh.who(o.to)}
                </p>
                <p>
                  {t('aoh.ui.gives')}: <b>{cardsText(aoh, o.give)}</b>
                  <br />
                  {t('aoh.ui.wants')}: <b>{cardsText(aoh, o.receive)}</b>
                </p>
                {o.note && <p className="aoh-note">“{o.note}”</p>}
                <div className="aoh-choices">
                  <ActButton a={accept} className="aoh-primary" testid={`aoh-accept-${o.id}`}>
                    {t('aoh.ui.accept')}
                  </ActButton>
                  <ActButton a={{ type: 'decline', offer: o.id }} testid={`aoh-decline-${o.id}`}>
                    {t('aoh.ui.decline')}
                  </ActButton>
                  <ActButton a={{ type: 'withdraw', offer: o.id }} testid={`aoh-withdraw-${o.id}`}>
                    {t('aoh.ui.withdraw')}
                  </ActButton>
                  {forMe && !aoh.find(accept) && <span className="aoh-none">{t('aoh.ui.cannotAccept')}</span>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

type Counts = Record<string, number>;

function Composer() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const state = aoh.props.state;
  const m = view.market!;
  const hand = aoh.mine?.hand ?? [];
  const tradable = [
    ...view.config.cardClasses.ordinary,
    ...view.config.cardClasses.special,
    ...view.config.cardClasses.held,
  ];
  const max = view.config.trade.maxCardsPerSide;
  const [to, setTo] = useState(-1);
  const [give, setGive] = useState<Counts>({});
  const [want, setWant] = useState<Counts>({});
  const [queue, setQueue] = useState<AohAction[] | null>(null);
  const [open, setOpen] = useState(false);
  const [fail, setFail] = useState<string | null>(null);
  const waitV = useRef<number | null>(null);
  const lastSent = useRef<AohAction | null>(null);
  const retries = useRef(0);
  const sum = (c: Counts) => Object.values(c).reduce((a, b) => a + b, 0);
  const held = (c: string) => hand.filter((x) => x === c).length;
  // The sequencer: one step at a time, each once the previous one is acknowledged and applied.
  useEffect(() => {
    if (!queue) return;
    if (state.pending) return;
    if (waitV.current !== null && state.error) {
      // Another player moved first (bots trade at the same time): send the same step again.
      if (state.error.code === 'stale' && lastSent.current && retries.current < 8) {
        retries.current++;
        const again = lastSent.current;
        lastSent.current = null;
        waitV.current = null;
        aoh.props.conn.clearError();
        setQueue([again, ...queue]);
        return;
      }
      setFail(state.error.message);
      setQueue(null);
      waitV.current = null;
      return;
    }
    if (waitV.current !== null && state.v <= waitV.current) return;
    if (queue.length === 0) {
      setQueue(null);
      waitV.current = null;
      setGive({});
      setWant({});
      return;
    }
    const next = aoh.find(queue[0]!);
    if (!next) {
      setFail(t('aoh.ui.offerFailed'));
      setQueue(null);
      waitV.current = null;
      return;
    }
    waitV.current = state.v;
    lastSent.current = queue[0]!;
    aoh.props.act(next);
    setQueue(queue.slice(1));
  }, [queue, state.pending, state.v, state.error]); // eslint-disable-line react-hooks/exhaustive-deps
  const draft = m.draft;
  const sending = queue !== null;
  const canStart = aoh.can({ type: 'offerNew' }) || draft !== null;
  const steps = (): AohAction[] => {
    const out: AohAction[] = draft ? [] : [{ type: 'offerNew' }];
    if (to !== (draft?.to ?? -1)) out.push({ type: 'offerTo', seat: to });
    const dg = Object.fromEntries(tally(draft?.give ?? []));
    const dw = Object.fromEntries(tally(draft?.receive ?? []));
    for (const c of tradable) {
      for (let i = dg[c] ?? 0; i > (give[c] ?? 0); i--) out.push({ type: 'offerUngive', card: c });
      for (let i = dw[c] ?? 0; i > (want[c] ?? 0); i--) out.push({ type: 'offerUnwant', card: c });
    }
    for (const c of tradable) {
      for (let i = dg[c] ?? 0; i < (give[c] ?? 0); i++) out.push({ type: 'offerGive', card: c });
      for (let i = dw[c] ?? 0; i < (want[c] ?? 0); i++) out.push({ type: 'offerWant', card: c });
    }
    out.push({ type: 'offerPost' });
    return out;
  };
  const others = view.players.filter((p) => p.alive && p.seat !== aoh.me);
  const total = sum(give) + sum(want);
  const stepper = (kind: 'give' | 'want', card: string) => {
    const c = kind === 'give' ? give : want;
    const set = kind === 'give' ? setGive : setWant;
    const n = c[card] ?? 0;
    const limit = kind === 'give' ? Math.min(held(card), max - sum(give) + n) : max - sum(want) + n;
    const name = aoh.card(card);
    return (
      <span className="aoh-stepper">
        <button
          type="button"
          className="aoh-step"
          aria-label={t(kind === 'give' ? 'aoh.ui.giveLess' : 'aoh.ui.wantLess', { card: name })}
          disabled={n <= 0 || sending}
          data-testid={`aoh-${kind}-minus-${card}`}
          onClick={() => set({ ...c, [card]: n - 1 })}
        >
          −
        </button>
        <output aria-label={t(kind === 'give' ? 'aoh.ui.giveCount' : 'aoh.ui.wantCount', { card: name, n })}>
          {n}
        </output>
        <button
          type="button"
          className="aoh-step"
          aria-label={t(kind === 'give' ? 'aoh.ui.giveMore' : 'aoh.ui.wantMore', { card: name })}
          disabled={n >= limit || sending || !canStart}
          data-testid={`aoh-${kind}-plus-${card}`}
          onClick={() => set({ ...c, [card]: n + 1 })}
        >
          +
        </button>
      </span>
    );
  };
  return (
    // Folded until wanted, so the offers and the ready button stay in view with the hand below.
    <details
      className="aoh-compose"
      data-testid="aoh-offer-compose"
      open={open || sending || draft !== null}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <h3 id="aoh-compose-h">{t('aoh.ui.newOffer')}</h3>
      </summary>
      <div className="aoh-choices" role="group" aria-label={t('aoh.ui.offerTo')}>
        <span>{t('aoh.ui.offerTo')}:</span>
        <button
          type="button"
          aria-pressed={to === -1}
          onClick={() => setTo(-1)}
          disabled={sending}
          data-testid="aoh-offer-to-all"
        >
          {t('aoh.ui.everyone')}
        </button>
        {others.map((p) => (
          <button
            key={p.seat}
            type="button"
            aria-pressed={to === p.seat}
            onClick={() => setTo(p.seat)}
            disabled={sending}
            data-testid={`aoh-offer-to-${p.seat}`}
          >
            <span aria-hidden="true" className={`aoh-shape seat-c${p.seat}`}>
              {aoh.shape(p.seat)}
            </span>
            &nbsp;{aoh.who(p.seat)}
          </button>
        ))}
      </div>
      <table className="aoh-compose-table">
        <caption className="sr-only">{t('aoh.ui.newOffer')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('aoh.ui.cardCol')}</th>
            <th scope="col" data-testid="aoh-offer-give">
              {t('aoh.ui.iGive', { n: sum(give) })}
            </th>
            <th scope="col" data-testid="aoh-offer-want">
              {t('aoh.ui.iWant', { n: sum(want) })}
            </th>
          </tr>
        </thead>
        <tbody>
          {tradable.map((card) => (
            <tr key={card} className={(give[card] ?? 0) + (want[card] ?? 0) > 0 ? 'on' : ''}>
              <th scope="row">
                {aoh.card(card)} <small>({t('aoh.ui.youHold', { n: held(card) })})</small>
              </th>
              <td>{stepper('give', card)}</td>
              <td>{stepper('want', card)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {draft && !sending && (
        <p className="aoh-hint" data-testid="aoh-offer-draft">
          {t('aoh.ui.draftOpen', { give: cardsText(aoh, draft.give), want: cardsText(aoh, draft.receive) })}{' '}
          <ActButton a={{ type: 'offerPost' }} testid="aoh-offer-post-draft">
            {t('aoh.ui.postDraft')}
          </ActButton>{' '}
          <ActButton a={{ type: 'offerDrop' }} testid="aoh-offer-drop">
            {t('aoh.ui.dropDraft')}
          </ActButton>
        </p>
      )}
      <div className="aoh-choices">
        <button
          type="button"
          className="aoh-primary"
          data-testid="aoh-offer-send"
          disabled={!canStart || total === 0 || sending || aoh.pending}
          onClick={() => {
            setFail(null);
            waitV.current = null;
            retries.current = 0;
            setQueue(steps());
          }}
        >
          {sending ? t('table.pending') : t('aoh.ui.sendOffer')}
        </button>
        <button
          type="button"
          disabled={total === 0 || sending}
          onClick={() => {
            setGive({});
            setWant({});
          }}
        >
          {t('aoh.ui.clear')}
        </button>
      </div>
      {fail && (
        <p className="error" role="alert">
          {fail}
        </p>
      )}
    </details>
  );
}
