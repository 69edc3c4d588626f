/**
 * The decision beside the map: what is selected on it (a move's path and price, a city's towers and
 * what a deed costs and gives), the places to choose as a focusable list, the rest of the step's
 * choices as buttons (rest, cards played with a move, the legionnaire, the robbery, a shortage), the
 * trade panel (bank, cards, offers) and anything else legal, so every action stays reachable.
 */
import type { ReactNode } from 'react';
import type { Offer, SfrAction } from '@tabula/struggle-for-rome';
import { movePayment } from '@tabula/struggle-for-rome';
import { useSfr } from './ctx.js';
import type { Sfr } from './ctx.js';
import { SHAPES } from './ctx.js';
import { arrowsOf, bySea } from './moves.js';

type Move = Extract<SfrAction, { type: 'move' }>;
const ITEMS = ['grain', 'ore', 'horses', 'cattle', 'gold'] as const;
/** Actions shown by the hand's purchases (not repeated here). */
const IN_HAND = new Set(['buyPair', 'buyWagon', 'buyDev']);

export function costText(s: Sfr, a: Move): string {
  const { grain, gold } = movePayment(s.rt, a);
  const cost = grain + gold === 0 ? s.t('sfr.ui.costFree') : s.t('sfr.ui.costGrainGold', { grain, gold });
  return cost;
}

/** A button that sends one legal action (its words from the game unless given). */
function Btn({ a, children, cls }: { a: SfrAction; children?: ReactNode; cls?: string }) {
  const s = useSfr();
  return (
    <button type="button" className={cls} disabled={s.pending} onClick={() => s.send(a)}>
      {children ?? s.describe(a)}
    </button>
  );
}

export function Decision() {
  const s = useSfr();
  const { view, t, legal } = s;
  const state = s.props.state;
  const prompt = state.prompts.find((p) => !p.optional) ?? state.prompts[0];
  const shown = new Set<SfrAction>();
  if (view.over)
    return (
      <section className="sfr-decision" aria-labelledby="sfr-dec-h" data-testid="sfr-decision">
        <h2 id="sfr-dec-h">{t('sfr.ui.over', { names: view.over.winners.map(s.name).join(', ') })}</h2>
        <ul className="sfr-scores">
          {view.players.map((p) => (
            <li key={p.seat}>
              {t('sfr.ui.score', { name: s.name(p.seat), vp: p.vp ?? p.publicVp, gold: p.gold })}
            </li>
          ))}
        </ul>
      </section>
    );
  const kind = prompt?.kind ?? '';
  const body: ReactNode[] = [];
  if (s.me < 0) body.push(<p key="w">{t('sfr.ui.watching')}</p>);
  else if (!legal.length) body.push(<p key="n">{t('sfr.ui.noDecision')}</p>);
  // What is selected on the map.
  if (s.selected && s.targets.has(s.selected)) body.push(<Selected key="sel" />);
  // Cards played with a move or deed (Forced March, Vandal Fleet, Traitor) or on a hex (Diplomat).
  const cards = [
    ...new Set(
      legal
        .filter(
          (a) =>
            (a.type === 'play' && a.hex) ||
            ((a.type === 'move' || a.type === 'plunder' || a.type === 'found' || a.type === 'expand') &&
              a.card),
        )
        .map((a) => (a as { card: string }).card),
    ),
  ];
  if (cards.length)
    body.push(
      <div key="cards" className="sfr-row" role="group" aria-label={t('sfr.ui.playCards')}>
        {cards.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={s.cardMode === c}
            onClick={() => {
              s.setCardMode(s.cardMode === c ? null : c);
              s.select(null);
              s.setPath([]);
            }}
          >
            {c === 'diplomat'
              ? s.g('sfr.act.play', { card: c })
              : t('sfr.ui.useCard', { card: s.g('sfr.card.' + c) })}
          </button>
        ))}
        {s.cardMode === 'diplomat' && <p className="sfr-hint">{t('sfr.ui.diplomatPick')}</p>}
      </div>,
    );
  // Actions on the map are reached through it (and its list).
  for (const info of s.targets.values()) for (const a of info.actions) shown.add(a);
  for (const a of legal)
    if ((a.type === 'move' || a.type === 'plunder' || a.type === 'found' || a.type === 'expand') && a.card)
      shown.add(a);
  for (const a of legal) if (a.type === 'play' && a.hex) shown.add(a);
  const TRADE = [
    'bank',
    'reveal',
    'draft',
    'give',
    'ungive',
    'want',
    'unwant',
    'post',
    'drop',
    'execute',
    'withdraw',
    'accept',
    'decline',
    'play',
  ];
  for (const a of legal) {
    if (kind === 'sfr.act' && a.type === 'rest') shown.add(a);
    if ((kind === 'sfr.trade' || kind === 'sfr.respond') && TRADE.includes(a.type)) shown.add(a);
  }
  if (kind === 'sfr.act') {
    const rests = legal.filter((a) => a.type === 'rest');
    if (rests.length)
      body.push(
        <div key="rest" className="sfr-row" role="group" aria-label={t('sfr.ui.rest')}>
          <span>{t('sfr.ui.rest')}</span>
          {rests.map((a, i) => (
            <Btn key={i} a={a}>
              {s.g(a.take === 'pasture' ? 'sfr.kind.pasture' : `sfr.kind.${a.take}`)}
            </Btn>
          ))}
        </div>,
      );
  }
  if (kind === 'sfr.trade' || kind === 'sfr.respond') body.push(<Trade key="trade" />);
  // Everything else legal, as buttons (the legionnaire staying, robbery, shortage, cards, end of step).
  const rest = legal.filter((a) => !shown.has(a) && !IN_HAND.has(a.type));
  const end = rest.filter((a) => a.type === 'endStep');
  const other = rest.filter((a) => a.type !== 'endStep');
  if (other.length)
    body.push(
      <div key="other" className="sfr-row" role="group" aria-label={t('sfr.ui.other')}>
        {other.map((a, i) => (
          <Btn key={i} a={a} />
        ))}
      </div>,
    );
  if (end.length)
    body.push(
      <div key="end" className="sfr-row">
        <Btn a={end[0]!} cls="sfr-end">
          {t('sfr.ui.endStep')}
        </Btn>
      </div>,
    );
  // The long list of places last: the step's other choices stay on the first screen.
  if (s.targets.size > 0) body.push(<Choices key="ch" />);
  return (
    <section className="sfr-decision" aria-labelledby="sfr-dec-h" data-testid="sfr-decision">
      <h2 id="sfr-dec-h">{t('sfr.ui.decision')}</h2>
      {body}
    </section>
  );
}

/** The places to choose, as a list (keyboard and screen readers; phones under the map). */
function Choices() {
  const s = useSfr();
  const { t } = s;
  const list = [...s.targets.entries()].map(([id, info]) => {
    const a = info.actions[0]!;
    let verb = '';
    if (a.type === 'move') verb = t('sfr.ui.moveTo');
    else if (a.type === 'plunder') verb = t('sfr.ui.plunder');
    else if (a.type === 'found') verb = t('sfr.ui.found');
    else if (a.type === 'expand') verb = t('sfr.ui.expand');
    else if (a.type === 'legion' || a.type === 'play') verb = t('sfr.ui.legionTo');
    const moves = info.actions.filter((x): x is Move => x.type === 'move');
    const cost = moves.length
      ? moves
          .map((m) => costText(s, m))
          .filter((c, i, all) => all.indexOf(c) === i)
          .slice(0, 2)
          .join(' / ')
      : '';
    return { id, verb, name: s.place(id), cost, paid: info.paid, order: a.type === 'move' ? 1 : 0 };
  });
  list.sort((x, y) => x.order - y.order || x.paid - y.paid || x.name.localeCompare(y.name, s.locale));
  return (
    <details className="sfr-choices" open>
      <summary>{t('sfr.ui.choices', { n: list.length })}</summary>
      <p className="sfr-hint">{t('sfr.ui.pickOnMap')}</p>
      <ul data-testid="sfr-choices">
        {list.map((x) => (
          <li key={x.id}>
            <button
              type="button"
              aria-pressed={s.selected === x.id}
              data-choice={x.id}
              disabled={s.pending}
              onClick={() => s.pick(x.id)}
            >
              <b>{x.verb}</b> {x.name}
              {x.cost && <small> — {x.cost}</small>}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The selected place: a move's ways there and their prices, or a city's deeds with what they mean. */
function Selected() {
  const s = useSfr();
  const { t, rt, view } = s;
  const id = s.selected!;
  const info = s.targets.get(id)!;
  const moves = info.actions.filter((a): a is Move => a.type === 'move');
  const deeds = info.actions.filter((a) => a.type !== 'move');
  const c = rt.cityIdx.get(id);
  const neutral = c !== undefined && view.n === 3 && rt.cities[c]!.neutral3;
  const flow = view.flow[view.flow.length - 1];
  const tribe = flow?.k === 'act' ? view.players[flow.seat]?.tribes[flow.t] : undefined;
  return (
    <div className="sfr-selected" data-testid="sfr-selected" aria-live="polite">
      <h3>{t('sfr.ui.selected', { place: s.place(id) })}</h3>
      {c !== undefined && (
        <p>
          {[
            t('sfr.ui.cityInfo', { province: s.provName(rt.cities[c]!.prov), towers: rt.cities[c]!.towers }),
            s.geo.eagle[c] ? t('sfr.ui.eagle') : '',
            // A neutral city of a 3-player game never had a loot token: it is not "plundered".
            neutral ? t('sfr.ui.neutral') : '',
            view.owner[c]! >= 0
              ? t('sfr.ui.heldBy', { name: s.name(view.owner[c]! >> 1) })
              : view.token[c]
                ? t('sfr.ui.loot')
                : neutral
                  ? ''
                  : t('sfr.ui.plundered'),
          ]
            .filter(Boolean)
            .join(', ')}
          {tribe &&
            ` · ${t('sfr.ui.strengthVs', { strength: tribe.strength, towers: rt.cities[c]!.towers })}`}
        </p>
      )}
      {moves.map((m, i) => (
        <div
          key={i}
          className="sfr-option"
          onMouseEnter={() => s.setPath(m.route)}
          onFocus={() => s.setPath(m.route)}
        >
          <Btn a={m} cls="sfr-confirm">
            {bySea(rt, m)
              ? t('sfr.ui.paySea', { cost: costText(s, m) })
              : t('sfr.ui.pay', { cost: costText(s, m) })}
            <small> · {t('sfr.ui.arrows', { n: arrowsOf(rt, m.route).length })}</small>
          </Btn>
        </div>
      ))}
      {moves.length > 0 && (
        <p className="sfr-path-text">
          {t('sfr.ui.path', {
            places: viaText(s, s.path.length ? s.path : moves[0]!.route),
          })}
        </p>
      )}
      {deeds.map((a, i) => (
        <div key={`d${i}`} className="sfr-option">
          <Btn a={a} cls="sfr-confirm" />
          {c !== undefined && (
            <small className="sfr-gives">
              {a.type === 'plunder'
                ? t('sfr.ui.plunderGives', { province: s.provName(rt.cities[c]!.prov) })
                : a.type === 'found'
                  ? t('sfr.ui.foundGives')
                  : a.type === 'expand'
                    ? t('sfr.ui.expandGives')
                    : ''}
            </small>
          )}
        </div>
      ))}
      <button
        type="button"
        onClick={() => {
          s.select(null);
          s.setPath([]);
        }}
      >
        {t('sfr.ui.cancel')}
      </button>
    </div>
  );
}

/** Phase 2: bank, cards, offers and their answers. */
function Trade() {
  const s = useSfr();
  const { t, legal, view } = s;
  const of = <T extends SfrAction['type']>(type: T) =>
    legal.filter((a): a is Extract<SfrAction, { type: T }> => a.type === type);
  const bank = of('bank');
  const gives = [...new Set(bank.map((a) => a.give))];
  const kind = (k: string) => s.g(`sfr.kind.${k}`);
  const draft = view.draft;
  const item = (a: SfrAction) => (a as { item: string }).item;
  return (
    <div className="sfr-trade">
      {bank.length > 0 && (
        <div className="sfr-bank" role="group" aria-label={t('sfr.ui.bank')}>
          <h3>{t('sfr.ui.bank')}</h3>
          {gives.map((g) => (
            <div key={g} className="sfr-row">
              <span>{t('sfr.ui.bankGive', { give: kind(g) })}</span>
              {bank
                .filter((a) => a.give === g)
                .map((a, i) => (
                  <Btn key={i} a={a}>
                    {kind(a.get)}
                  </Btn>
                ))}
            </div>
          ))}
        </div>
      )}
      {(of('play').some((a) => !a.hex) || of('reveal').length > 0) && (
        <div className="sfr-row" role="group" aria-label={t('sfr.ui.playCards')}>
          {of('play')
            .filter((a) => !a.hex)
            .map((a, i) => (
              <Btn key={i} a={a} />
            ))}
          {of('reveal').map((a, i) => (
            <Btn key={`r${i}`} a={a} />
          ))}
        </div>
      )}
      <div className="sfr-offers" role="group" aria-label={t('sfr.ui.offers')}>
        {(view.offers.length > 0 || of('draft').length > 0 || draft) && <h3>{t('sfr.ui.offers')}</h3>}
        {view.offers.map((o) => (
          <OfferLine key={o.id} o={o} />
        ))}
        {of('draft').length > 0 && (
          <div className="sfr-row">
            <span>{t('sfr.ui.offerTo')}</span>
            {of('draft').map((a, i) => (
              <Btn key={i} a={a}>
                {a.to < 0 ? s.g('sfr.everyone') : `${SHAPES[a.to]} ${s.name(a.to)}`}
              </Btn>
            ))}
          </div>
        )}
        {draft && (
          <div className="sfr-draft" data-testid="sfr-draft">
            <h4>
              {draft.counterTo
                ? t('sfr.ui.counterDraft')
                : t('sfr.ui.draft', { to: draft.to < 0 ? s.g('sfr.everyone') : s.name(draft.to) })}
            </h4>
            {(
              [
                ['give', 'ungive', draft.give, 'sfr.ui.youGive'],
                ['want', 'unwant', draft.get, 'sfr.ui.youWant'],
              ] as const
            ).map(([more, less, bundle, label]) => (
              <div key={more} className="sfr-draft-side">
                <span>{t(label)}</span>
                {ITEMS.map((k, i) => {
                  const plus = of(more).find((a) => item(a) === k);
                  const minus = of(less).find((a) => item(a) === k);
                  if (!plus && !minus && !bundle[i]) return null;
                  return (
                    <span key={k} className="sfr-count">
                      {minus ? (
                        <Btn a={minus}>
                          <span aria-hidden="true">−</span>
                          <span className="sr-only">{t('sfr.ui.less', { item: kind(k) })}</span>
                        </Btn>
                      ) : null}
                      <span>
                        {bundle[i]} {kind(k)}
                      </span>
                      {plus ? (
                        <Btn a={plus}>
                          <span aria-hidden="true">+</span>
                          <span className="sr-only">{t('sfr.ui.more', { item: kind(k) })}</span>
                        </Btn>
                      ) : null}
                    </span>
                  );
                })}
              </div>
            ))}
            <div className="sfr-row">
              {of('post').map((a, i) => (
                <Btn key={i} a={a} cls="sfr-confirm" />
              ))}
              {of('drop').map((a, i) => (
                <Btn key={i} a={a} />
              ))}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function OfferLine({ o }: { o: Offer }) {
  const s = useSfr();
  const { t, legal } = s;
  const mine = legal.filter(
    (a) =>
      (a.type === 'execute' || a.type === 'withdraw' || a.type === 'accept' || a.type === 'decline') &&
      a.offer === o.id,
  );
  const answers = o.answers
    .map((a, seat) =>
      seat === o.from || (o.to >= 0 && seat !== o.to) ? '' : `${s.name(seat)} ${t(`sfr.ui.answer.${a}`)}`,
    )
    .filter(Boolean);
  return (
    <div className="sfr-offer" data-offer={o.id}>
      <p>
        {t('sfr.ui.offerLine', {
          id: o.id,
          from: s.name(o.from),
          to: o.to < 0 ? s.g('sfr.everyone') : s.name(o.to),
          give: bundle(s, o.give),
          get: bundle(s, o.get),
        })}
        {answers.length > 0 && <small> ({answers.join(', ')})</small>}
      </p>
      {mine.length > 0 && (
        <div className="sfr-row">
          {mine.map((a, i) => (
            <Btn key={i} a={a} />
          ))}
        </div>
      )}
    </div>
  );
}

/** A route in words: the cities it passes through, then its end ("Lauriacum → Aquileia → …"). */
function viaText(s: Sfr, route: readonly string[]): string {
  const stops = route
    .slice(1, -1)
    .filter((n) => s.kindOf(n) === 'node' && s.rt.nodes[s.rt.nodeIdx.get(n)!]!.city >= 0);
  return [...stops, route[route.length - 1]!].map((n) => s.place(n)).join(' → ');
}

function bundle(s: Sfr, b: readonly number[]): string {
  const parts = b.map((n, i) => (n > 0 ? `${n} ${s.g(`sfr.kind.${ITEMS[i]}`)}` : '')).filter(Boolean);
  return parts.length ? parts.join(', ') : s.g('sfr.nothing');
}
