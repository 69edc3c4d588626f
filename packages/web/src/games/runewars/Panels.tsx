/**
 * The status line (year, season, the Season card, the first player, the unit limits) and every
 * faction's panel: its dials (food, wood, ore) with what each space gives to recruit, influence,
 * Tactics and Quest cards, Titles, its Orders this year (the current one once revealed) and its
 * winter food limit, with the areas that would be over it; the heroes on the board.
 */
import { ICON_INF, ICON_TAC, SEASONS, seasonWords } from '@tabula/runewars';
import { SEAT_SHAPES, useRw } from './ctx.js';
import { UnitShape } from './MapView.js';
import { HeroCard } from './Cards.js';

export function Status() {
  const s = useRw();
  const { t, view: v, pack: p } = s;
  const card = v.card >= 0 ? p.seasons[v.card] : undefined;
  // The Orders revealed this season, in play order (RW-YEAR-22).
  const revealed = v.year > 0 ? v.order.filter((x) => (v.players[x]?.cur ?? 0) > 0) : [];
  return (
    <div className="rw-status" data-testid="rw-status">
      {v.year === 0 ? (
        <span className="pill">{t('rw.ui.setup')}</span>
      ) : (
        <>
          <span className="pill">{t('rw.ui.year', { n: v.year, of: p.rules.years })}</span>
          <span className={`pill season s${v.season}`}>{s.g(`rw.season.${SEASONS[v.season]}`)}</span>
        </>
      )}
      <span>{t('rw.ui.first', { name: s.name(v.first) })}</span>
      {revealed.length > 0 && (
        <span className="pill order" data-testid="rw-reveal">
          {t('rw.ui.playOrder', {
            list: revealed
              .map((x) => `${s.name(x)} — ${v.players[x]!.cur} ${s.g(`rw.order.${v.players[x]!.cur}`)}`)
              .join(', '),
          })}
        </span>
      )}
      <span className="limits">{t('rw.ui.limits', { n: p.rules.unitLimit })}</span>
      {card && (
        <p className="rw-season-card" data-testid="rw-season-card">
          <strong>{t('rw.ui.seasonCard', { name: card.name[s.locale] })}</strong>{' '}
          {seasonWords(p, v.card, s.locale).join(' ')}
        </p>
      )}
    </div>
  );
}

export function Factions() {
  const s = useRw();
  const { t, view: v, pack: p } = s;
  return (
    <section className="rw-factions" aria-label={t('rw.ui.factions')} data-testid="rw-factions">
      {v.players.map((x, seat) => {
        const f = p.factions[v.fac[seat]!];
        if (!f) return null;
        const food = x.dial[0] ?? 0;
        const cap = Math.min(food, p.rules.unitLimit);
        let over = 0;
        for (const a of s.geo.on) {
          if (v.own[a] !== seat) continue;
          let n = 0;
          for (let u = 0; u < p.U; u++) n += v.us[a * p.U + u]! + v.ur[a * p.U + u]!;
          if (n > cap) over++;
        }
        const titles = v.titles
          .map((h, i) => (h === seat ? (p.titles[i]?.name[s.locale] ?? '') : ''))
          .filter(Boolean);
        const pick = s.seatPicks.get(seat);
        return (
          <article
            key={seat}
            className={`rw-faction ${x.out ? 'out' : ''} ${pick ? 'target' : ''}`}
            data-seat={seat}
          >
            <h3>
              <span className="seat-shape" style={{ color: s.colour(seat) }} aria-hidden="true">
                {SEAT_SHAPES[seat]}
              </span>{' '}
              {s.name(seat)} — {f.name[s.locale]}
              {seat === s.me && <span className="you"> ({t('rw.ui.you')})</span>}
              {x.out > 0 && (
                <span className="you"> ({t(x.out === 2 ? 'rw.ui.resigned' : 'rw.ui.eliminated')})</span>
              )}
            </h3>
            {pick && (
              <button
                type="button"
                className="primary rw-seat-target"
                data-seat-target={seat}
                disabled={s.pending}
                onClick={() => s.send(pick)}
              >
                {t('rw.ui.pickSeat', { name: s.name(seat) })}
              </button>
            )}
            <p className="facts">
              <span>{t('rw.ui.influence', { n: x.inf })}</span>
              <span>{t('rw.ui.tactics', { n: x.tacCount })}</span>
              <span>{t('rw.ui.quests', { n: x.questCount })}</span>
              {x.obj !== -1 && <span>{t('rw.ui.objective')}</span>}
              {titles.length > 0 && <span>{t('rw.ui.titles', { names: titles.join(', ') })}</span>}
            </p>
            <p className="facts">
              <span>
                {x.cur > 0
                  ? t('rw.ui.current', { order: `${x.cur} ${s.g(`rw.order.${x.cur}`)}` })
                  : t('rw.ui.noCurrent')}
              </span>
              <span>
                {t('rw.ui.playedList', {
                  list: x.played.length
                    ? x.played.map((n) => `${n} ${s.g(`rw.order.${n}`)}`).join(', ')
                    : '—',
                })}
              </span>
            </p>
            <p className={`facts winter ${over && v.season >= 2 ? 'warn' : ''}`}>
              {t('rw.ui.winterLimit', { n: cap })}
              {over > 0 && ` — ${t('rw.ui.overWinter', { n: over })}`}
            </p>
            <div className="dials">
              {['food', 'wood', 'ore'].map((res, r) => (
                <div key={res} className={`dial ${res}`}>
                  <span className="dname">
                    {s.g(`rw.res.${res}`)} {x.dial[r]}
                  </span>
                  <ol aria-label={t('rw.ui.dialOf', { res: s.g(`rw.res.${res}`), n: x.dial[r] ?? 0 })}>
                    {(f.dials[r] ?? []).map((icon, sp) => (
                      <li
                        key={sp}
                        className={`${sp === x.dial[r] ? 'arrow' : ''} ${sp <= (x.dial[r] ?? 0) ? 'on' : ''}`}
                        title={iconText(s, icon)}
                      >
                        <span className="sp" aria-hidden="true">
                          {sp}
                        </span>
                        {icon >= 0 ? (
                          <svg
                            viewBox="-0.3 -0.3 0.6 0.6"
                            className="ushape"
                            role="img"
                            aria-label={s.unit(icon)}
                          >
                            <UnitShape
                              shape={p.units[icon]!.shape}
                              x={0}
                              y={0}
                              r={0.22}
                              fill={s.colour(seat)}
                            />
                          </svg>
                        ) : icon === ICON_INF ? (
                          <span className="ic" role="img" aria-label={t('rw.ui.iconInf')}>
                            I
                          </span>
                        ) : icon === ICON_TAC ? (
                          <span className="ic" role="img" aria-label={t('rw.ui.iconTac')}>
                            T
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </div>
              ))}
            </div>
          </article>
        );
      })}
      {v.hero && <Heroes />}
    </section>
  );
}

function iconText(s: ReturnType<typeof useRw>, icon: number): string {
  if (icon >= 0) return s.unit(icon);
  if (icon === ICON_INF) return s.t('rw.ui.iconInf');
  if (icon === ICON_TAC) return s.t('rw.ui.iconTac');
  return '';
}

function Heroes() {
  const s = useRw();
  const { t, view: v } = s;
  const h = v.hero!;
  const shown = h.ctl.map((c, i) => (c >= 0 ? i : -1)).filter((i) => i >= 0);
  if (!shown.length) return null;
  return (
    <article className="rw-faction rw-heroes">
      <h3>{t('rw.ui.heroes')}</h3>
      <div className="rw-hero-cards">
        {shown.map((i) => (
          <HeroCard key={i} h={i} acts={[]} />
        ))}
      </div>
    </article>
  );
}

/** What the map's marks mean (shapes and patterns, never colour alone). */
export function Legend() {
  const s = useRw();
  const { t } = s;
  const sw = (children: React.ReactNode, label: string) => (
    <li>
      <svg viewBox="-0.5 -0.5 1 1" className="lg" aria-hidden="true">
        {children}
      </svg>
      {label}
    </li>
  );
  return (
    <details className="rw-legend">
      <summary>{t('rw.ui.legend')}</summary>
      <ul>
        {sw(
          <rect x={-0.45} y={-0.45} width={0.9} height={0.9} className="terrain fields" />,
          t('rw.ui.lgFields'),
        )}
        {sw(
          <rect x={-0.45} y={-0.45} width={0.9} height={0.9} className="terrain forest" />,
          t('rw.ui.lgForest'),
        )}
        {sw(
          <rect x={-0.45} y={-0.45} width={0.9} height={0.9} className="terrain hills" />,
          t('rw.ui.lgHills'),
        )}
        {sw(<line x1={-0.45} y1={0} x2={0.45} y2={0} className="mtn" />, t('rw.ui.lgMountain'))}
        {sw(<line x1={-0.45} y1={0} x2={0.45} y2={0} className="water" />, t('rw.ui.lgWater'))}
        {sw(
          <>
            <UnitShape shape={0} x={-0.25} y={0} r={0.2} className="u" />
            <UnitShape shape={1} x={0.25} y={0} r={0.2} className="u" />
          </>,
          t('rw.ui.lgUnits'),
        )}
        {sw(<UnitShape shape={2} x={0} y={0} r={0.3} className="u neutral" />, t('rw.ui.lgNeutral'))}
        {sw(<circle r={0.3} className="rune" />, t('rw.ui.lgRune'))}
        {sw(
          <path
            d="M-0.3,0.25 v-0.4 h0.12 v0.13 h0.12 v-0.13 h0.12 v0.13 h0.12 v-0.13 h0.12 v0.4 z"
            className="u"
          />,
          t('rw.ui.lgStronghold'),
        )}
        {sw(<path d="M-0.25,0.25 v-0.3 l0.25,-0.2 l0.25,0.2 v0.3 z" className="city" />, t('rw.ui.lgCity'))}
        {sw(<path d="M-0.1,0.35 v-0.6 l0.35,0.15 l-0.35,0.15" className="u" />, t('rw.ui.lgActivation'))}
        {sw(<rect x={-0.3} y={-0.3} width={0.6} height={0.6} className="city" />, t('rw.ui.lgDev'))}
      </ul>
    </details>
  );
}
