/**
 * One tribe's public state: name, seat shape, connection and clock, hand size, cities, fortresses,
 * armies (general, status), roads, monument n/5 and a pending claim. Mine also shows my hand. Army
 * and tribe targets of the current prompt (Earthquake, Volcano, war draft, Heroes) are buttons here.
 */
import { useSecondTicker } from '../../shell/ticker.js';
import { online } from '../../shell/PlayersPanel.js';
import type { AohAction, Army } from '@tabula/age-of-heroes';
import { useAoh, specialOf } from './ctx.js';
import { Hand } from './Hand.js';

export function TribeArea({ seat }: { seat: number }) {
  const aoh = useAoh();
  const { view, t, who, shape } = aoh;
  const p = view.players[seat]!;
  const mine = seat === aoh.me;
  const st = aoh.props.state;
  const info = st.match?.seats[seat];
  const special = specialOf(view, p.tribe);
  const roads = view.roads
    .filter((r) => r[0] === seat || r[1] === seat)
    .map((r) => (r[0] === seat ? r[1] : r[0]));
  const deciding = st.waitingFor.includes(seat);
  const volcano: AohAction = { type: 'volcanoTarget', seat };
  const status = !p.alive
    ? p.resigned
      ? t('aoh.ui.resigned')
      : t('aoh.ui.eliminated')
    : info?.kind === 'bot'
      ? t('table.bot')
      : online(st, seat)
        ? t('table.online')
        : t('table.offline');
  return (
    <section
      className={`aoh-tribe seat-b${seat} ${mine ? 'mine' : ''} ${view.active === seat ? 'active' : ''} ${p.alive ? '' : 'out'}`}
      aria-labelledby={`aoh-tribe-${seat}`}
      data-testid={`aoh-tribe-${seat}`}
      data-seat={seat}
    >
      <h3 id={`aoh-tribe-${seat}`}>
        <span aria-hidden="true" className={`aoh-shape seat-c${seat}`}>
          {shape(seat)}
        </span>{' '}
        {who(seat)}
        {mine && <span className="aoh-you"> · {t('table.you')}</span>}
      </h3>
      <p className="aoh-tribe-meta">
        <span>{status}</span>
        {view.active === seat && view.phase.startsWith('turn-') && (
          <span className="aoh-badge">▶ {t('aoh.ui.activeBadge')}</span>
        )}
        {view.leader === seat && <span className="aoh-badge">{t('aoh.ui.leader')}</span>}
        {deciding && (
          <span className="aoh-badge deciding">
            ◷ {t('table.deciding')}
            {st.deadline !== null && <Clock deadline={st.deadline} />}
          </span>
        )}
        {p.claim > 0 && !view.over && (
          <span className="aoh-badge claim">⚑ {t('aoh.ui.claimBadge', { turn: p.claim })}</span>
        )}
      </p>
      <ul className="aoh-stats">
        <li>{t('aoh.ui.handCount', { n: p.handCount })}</li>
        <li>
          <span aria-hidden="true" className="aoh-icons">
            {'⌂'.repeat(Math.min(p.cities, 8))}{' '}
          </span>
          {t('aoh.ui.cities', { n: p.cities })}
        </li>
        <li>
          <span aria-hidden="true">▣ </span>
          {t('aoh.ui.fortresses', { n: p.fortresses })}
        </li>
        <li className="aoh-monument" data-testid={`aoh-monument-${seat}`}>
          <span aria-hidden="true">
            <Meter n={p.monument} of={view.config.victory.monumentCards} />{' '}
          </span>
          {t('aoh.ui.monument', {
            n: p.monument,
            of: view.config.victory.monumentCards,
            card: special ? aoh.card(special) : '—',
          })}
        </li>
        <li>
          <span aria-hidden="true">═ </span>
          {roads.length
            ? t('aoh.ui.roadsTo', { names: roads.map(aoh.name).join(', ') })
            : t('aoh.ui.noRoads')}
        </li>
      </ul>
      <h4 className="aoh-sub">{t('aoh.ui.armies', { n: p.armies.length })}</h4>
      {p.armies.length > 0 ? (
        <ul className="aoh-armies">
          {p.armies.map((a) => (
            <ArmyChip key={a.id} owner={seat} army={a} />
          ))}
        </ul>
      ) : (
        <p className="aoh-none">{t('aoh.ui.noArmies')}</p>
      )}
      {aoh.find(volcano) && (
        <button
          type="button"
          className="aoh-target"
          data-testid={`aoh-volcano-${seat}`}
          disabled={aoh.pending}
          onClick={() => aoh.send(volcano)}
        >
          △ {t('aoh.ui.volcanoHere', { name: who(seat) })}
        </button>
      )}
      {mine && <Hand />}
    </section>
  );
}

function Meter({ n, of }: { n: number; of: number }) {
  return (
    <span className="aoh-meter">
      {Array.from({ length: of }, (_, i) => (
        <span key={i} className={i < n ? 'on' : 'off'}>
          {i < n ? '■' : '□'}
        </span>
      ))}
    </span>
  );
}

/** An army: "#3 ★ · home". A button when the current prompt targets it. */
export function ArmyChip({ owner, army }: { owner: number; army: Army }) {
  const aoh = useAoh();
  const { t } = aoh;
  const label = aoh.armyLabel(owner, army);
  const draft = aoh.view.draft;
  const inDraft = owner === aoh.me && (draft?.armies ?? []).includes(army.id);
  // Actions on this army, in order of priority.
  const candidates: { a: AohAction; text: string; pressed?: boolean }[] = [
    { a: { type: 'quakeTarget', army: army.id }, text: t('aoh.ui.quakeHere') },
    { a: { type: 'warArmy', army: army.id }, text: t('aoh.ui.sendArmy'), pressed: false },
    { a: { type: 'warUnarmy', army: army.id }, text: t('aoh.ui.sendArmy'), pressed: true },
  ];
  const target = candidates.find((c) => aoh.find(c.a));
  const short = (
    <>
      <span aria-hidden="true" className="aoh-army-face">
        <span className="aoh-army-id">⚔ #{army.id}</span>
        {army.general && <span title={t('aoh.ui.general')}>★</span>}
        {army.quakes.length > 0 && <span>≋</span>}
        <span className={`aoh-army-status s-${army.status}`}>
          {army.status === 'home'
            ? t('aoh.ui.statusShort.home')
            : army.status === 'committed'
              ? t('aoh.ui.statusShort.war')
              : t('aoh.ui.statusShort.away', { turn: army.returnAt })}
        </span>
      </span>
    </>
  );
  return (
    <li className={`aoh-army ${army.status} ${army.quakes.length ? 'quake' : ''} ${inDraft ? 'sent' : ''}`}>
      {target ? (
        <button
          type="button"
          className="aoh-target"
          aria-label={`${label} — ${target.text}`}
          aria-pressed={target.pressed}
          disabled={aoh.pending}
          data-testid={`aoh-army-${army.id}`}
          onClick={() => aoh.send(target.a)}
        >
          {short}
        </button>
      ) : (
        <span className="aoh-army-plain" data-testid={`aoh-army-${army.id}`}>
          {short}
          <span className="sr-only">{label}</span>
        </span>
      )}
    </li>
  );
}

export function Clock({ deadline }: { deadline: number }) {
  const text = () => {
    const s = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    return ` ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  const ref = useSecondTicker<HTMLSpanElement>(text);
  return (
    <span className="aoh-clock" ref={ref}>
      {text()}
    </span>
  );
}
