/** The status line (round, phase, whose step, the wind rose), the hand with purchases, the players. */
import type { SfrAction } from '@tabula/struggle-for-rome';
import { useSfr } from './ctx.js';
import { COLOUR, SHAPES } from './ctx.js';

const KINDS = ['grain', 'ore', 'horses', 'cattle'] as const;
const ITEMS = ['grain', 'ore', 'horses', 'cattle', 'gold'] as const;

export function Status() {
  const s = useSfr();
  const { view, t } = s;
  const waiting = [...new Set(view.waiting.map((w) => w.seat))];
  const last = view.rolls[view.rolls.length - 1];
  const limit = view.options.roundLimit;
  const final = view.players.some((p) => p.announced);
  return (
    <section className="sfr-status" aria-label={s.g('sfr.name')} data-testid="sfr-status">
      <span className="pill">
        {limit > 0 ? t('sfr.ui.roundOf', { n: view.round, of: limit }) : t('sfr.ui.round', { n: view.round })}
      </span>
      <span className="pill">{s.g(`sfr.phase.${view.phase}`)}</span>
      {final && <span className="pill final">{t('sfr.ui.final')}</span>}
      {!view.over && waiting.length > 0 && (
        <span className="pill" data-testid="sfr-step">
          {waiting.length === 1 && waiting[0] === s.me
            ? t('sfr.ui.yourStep')
            : waiting.length === 1
              ? t('sfr.ui.stepOf', { name: `${SHAPES[waiting[0]!]} ${s.name(waiting[0]!)}` })
              : t('sfr.ui.waitingFor', { names: waiting.map(s.name).join(', ') })}
        </span>
      )}
      <span className="sfr-rose">
        <span className="sr-only">
          {`${t('sfr.ui.rose')}: ${view.rose.length ? t('sfr.ui.roseMarked', { sums: view.rose.join(', ') }) : t('sfr.ui.roseNone')}`}
        </span>
        <span aria-hidden="true">
          {t('sfr.ui.rose')}:{' '}
          {[2, 3, 4, 5, 6, 8, 9, 10, 11, 12].map((n) => (
            <span key={n} className={`rose-n ${view.rose.includes(n) ? 'on' : ''}`}>
              {n}
            </span>
          ))}
        </span>
      </span>
      {last && (
        <span className="sfr-roll">
          {t('sfr.ui.lastRoll', { a: last[0]!, b: last[1]!, sum: last[0]! + last[1]! })}
        </span>
      )}
    </section>
  );
}

export function Hand() {
  const s = useSfr();
  const { view, t } = s;
  const me = s.me >= 0 ? view.players[s.me] : undefined;
  if (!me || view.over) return null;
  const res = me.res ?? [0, 0, 0, 0];
  const newCard = (i: number) => me.devAt[i] === view.serial;
  return (
    <section className="sfr-hand" aria-labelledby="sfr-hand-h" data-testid="sfr-hand">
      <h2 id="sfr-hand-h" className="sr-only">
        {t('sfr.ui.hand')}
      </h2>
      <ul className="sfr-res">
        {KINDS.map((k, i) => (
          <li key={k} className={`res-${k}`}>
            <span className="res-swatch" aria-hidden="true" />
            {s.g(`sfr.kind.${k}`)} <b>{res[i]}</b>
          </li>
        ))}
        <li className="res-gold">
          <span className="res-swatch" aria-hidden="true" />
          {t('sfr.ui.gold')} <b>{me.gold}</b>
        </li>
        <li className="sfr-dev">
          {t('sfr.ui.dev')}:{' '}
          {me.dev && me.dev.length
            ? me.dev.map((c, i) => (
                <span key={i} className="dev-card">
                  {s.g(`sfr.card.${c}`)}
                  {newCard(i) && <small> ({t('sfr.ui.new')})</small>}
                </span>
              ))
            : t('sfr.ui.noDev')}
        </li>
      </ul>
    </section>
  );
}

/** What each purchase costs, whether the hand pays for it, and the buttons when it may be bought. */
export function Purchases() {
  const s = useSfr();
  const { view, t, rt, legal } = s;
  const me = s.me >= 0 ? view.players[s.me] : undefined;
  if (!me || view.over) return null;
  const res = me.res ?? [0, 0, 0, 0];
  const afford = (cost: readonly number[]) => cost.every((n, i) => (i < 4 ? res[i]! >= n : me.gold >= n));
  const costText = (cost: readonly number[]) =>
    cost
      .map((n, i) => (n > 0 ? `${n} ${s.g(`sfr.kind.${ITEMS[i]}`)}` : ''))
      .filter(Boolean)
      .join(', ');
  const buys: { label: string; cost: readonly number[]; match: (a: SfrAction) => boolean }[] = [
    { label: t('sfr.ui.buyPair'), cost: rt.C.pairCost, match: (a) => a.type === 'buyPair' },
    {
      label: t('sfr.ui.buyWagonH'),
      cost: rt.C.wagonCost,
      match: (a) => a.type === 'buyWagon' && a.box === 'horsemen',
    },
    {
      label: t('sfr.ui.buyWagonW'),
      cost: rt.C.wagonCost,
      match: (a) => a.type === 'buyWagon' && a.box === 'warriors',
    },
    { label: t('sfr.ui.buyDev'), cost: rt.C.devCost, match: (a) => a.type === 'buyDev' },
  ];
  const canBuy = legal.some((a) => buys.some((b) => b.match(a)));
  return (
    <section className="sfr-buys-panel" aria-label={t('sfr.ui.buy')} data-testid="sfr-buys">
      <details className="sfr-buys-box" open={canBuy} key={canBuy ? 'buy' : 'nobuy'}>
        <summary>{t('sfr.ui.buy')}</summary>
        <ul className="sfr-buys">
          {buys.map((b) => {
            const acts = legal.filter(b.match);
            const plain = acts.find((a) => !('emergency' in a) || !a.emergency);
            const emergency = acts.filter((a) => 'emergency' in a && a.emergency);
            const ok = afford(b.cost);
            return (
              <li key={b.label}>
                {plain ? (
                  <button type="button" disabled={s.pending} onClick={() => s.send(plain)}>
                    {b.label}
                  </button>
                ) : (
                  <span className="buy-name">{b.label}</span>
                )}{' '}
                <small>
                  {costText(b.cost)} · {ok ? `✓ ${t('sfr.ui.canAfford')}` : `✗ ${t('sfr.ui.cannotAfford')}`}
                </small>
                {emergency.map((a, i) => (
                  <button
                    key={i}
                    type="button"
                    className="small"
                    disabled={s.pending}
                    onClick={() => s.send(a)}
                  >
                    {t('sfr.ui.emergency', {
                      kind: s.g(`sfr.kind.${(a as { emergency: string }).emergency}`),
                    })}
                  </button>
                ))}
              </li>
            );
          })}
        </ul>
        {me.emergency && <p className="sfr-hint">{t('sfr.ui.emergencyUsed')}</p>}
      </details>
    </section>
  );
}

export function Players() {
  const s = useSfr();
  const { view, t, rt } = s;
  return (
    <section className="sfr-players" aria-labelledby="sfr-pl-h" data-testid="sfr-players">
      <h2 id="sfr-pl-h">{t('sfr.ui.players')}</h2>
      <ul>
        {view.players.map((p) => {
          const cities = p.tribes.reduce((n, tr) => n + tr.kingdom.length, 0);
          const awards: string[] = [];
          if (view.diplomacy === p.seat) awards.push(s.g('sfr.award.diplomacy'));
          for (let i = 0; i < p.enemy; i++) awards.push(s.g('sfr.award.enemy'));
          if (p.heir) awards.push(s.g('sfr.award.heir'));
          return (
            <li key={p.seat} className={`sfr-player ${p.seat === s.me ? 'me' : ''}`} data-seat={p.seat}>
              <p className="who">
                <span
                  className={`chip c-${p.colour}`}
                  style={{ background: COLOUR[p.colour] }}
                  aria-hidden="true"
                >
                  {SHAPES[p.seat]}
                </span>{' '}
                <b>{s.name(p.seat)}</b> ({s.g(`sfr.colour.${p.colour}`)}
                {p.seat === s.me ? `, ${t('sfr.ui.you')}` : ''})
                {p.resigned ? ` · ${t('sfr.ui.resigned')}` : ''}
                {' · '}
                <b>{t('sfr.ui.vp', { n: p.publicVp })}</b>
                {p.vp !== undefined && p.vp !== p.publicVp && <> ({t('sfr.ui.vpHidden', { n: p.vp })})</>}
                {' · '}
                {t('sfr.ui.cities', { n: cities })} · {t('sfr.ui.gold')} {p.gold} ·{' '}
                {t('sfr.ui.cards', { n: p.cards })} · {t('sfr.ui.dev')} {p.devCount}
                {awards.length > 0 && <> · {awards.join(', ')}</>}
              </p>
              <ul className="tribes">
                {p.tribes.map((tr, i) => (
                  <li key={i}>
                    {s.g(`sfr.tribe.${i === 0 ? 'horsemen' : 'warriors'}`)}:{' '}
                    {t('sfr.ui.strength', { n: tr.strength })}, {t('sfr.ui.wagons', { n: tr.wagons })},{' '}
                    {tr.loot.length
                      ? t('sfr.ui.lootOf', {
                          list: tr.loot.map((x) => s.provName(rt.tokens[x]!.prov)).join(', '),
                        })
                      : t('sfr.ui.noLoot')}
                    {' — '}
                    {tr.settled
                      ? t('sfr.ui.settled', { cities: tr.kingdom.map((c) => s.cityName(c)).join(', ') })
                      : t('sfr.ui.at', { place: s.place(rt.nodes[tr.node]!.id) })}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What the map's marks mean. */
export function Legend() {
  const { t } = useSfr();
  return (
    <details className="sfr-legend">
      <summary>{t('sfr.ui.legend')}</summary>
      <ul>
        {['free', 'paid', 'roads', 'tribes', 'cities', 'limes'].map((k) => (
          <li key={k}>{t(`sfr.ui.legend.${k}`)}</li>
        ))}
      </ul>
    </details>
  );
}
