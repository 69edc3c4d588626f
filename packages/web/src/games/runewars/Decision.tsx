/**
 * The decision beside the map: the secret Orders (the cards in hand with what they do, who has chosen
 * — never what — until all have, then the reveal in play order), the areas to choose (the map's rings
 * as a list too, what was chosen so far, the actions an area completes), a battle as it goes, and every
 * other legal action as a button in players' words.
 */
import type { RwAction } from '@tabula/runewars';
import { useRw } from './ctx.js';
import { SEAT_SHAPES } from './ctx.js';
import { areaText } from './MapView.js';
import { Battle, Duel, LastBattle, LastHeroDraw, Test } from './Battle.js';
import { noRealmYet } from './FactionChoice.js';
import { onCard } from './Cards.js';

/** The rule that says what each Order card does (players' words, both languages, from the game). */
const ORDER_RULE = [
  '',
  'RW-STRAT-01',
  'RW-MOB-01',
  'RW-CONQ-01',
  'RW-HARV-01',
  'RW-RECR-01',
  'RW-RALLY-01',
  'RW-POWER-01',
  'RW-FORT-01',
];

export function Decision() {
  const s = useRw();
  const { t, view: v, props } = s;
  const battle = v.stack.find((f) => f.k === 'battle');
  const duel = v.stack.find((f) => f.k === 'duel');
  const top = v.stack[v.stack.length - 1];
  // An attribute test's Fate cards are drawn in the test box, each with its choice on it.
  const testOpen = top?.k === 'qtest';
  const ordersOpen = top?.k === 'orders' || s.legal.some((a) => a.type === 'order');
  // Before the realm is laid out the factions are cards in the map's place (FactionChoice); card prompts
  // are answered on the cards (Cards.tsx).
  const other = s.legal.filter(
    (a) =>
      a.type !== 'order' &&
      !onCard(a) &&
      !(a.type === 'faction' && noRealmYet(v.pos)) &&
      !(a.type === 'pick' && s.seatPicks.get(a.n) === a) &&
      !(a.type === 'testCard' && testOpen) &&
      s.spaces(a).length === 0,
  );
  const cardPrompt = s.legal.some(onCard);
  const mapChoice = s.targets.size > 0 || s.prefix.length > 0;
  const waiting = props.state.waitingFor.filter((x) => x !== s.me);
  return (
    <section className="rw-decision" data-testid="rw-decision" aria-labelledby="rw-decision-h">
      <h2 id="rw-decision-h">
        {v.over
          ? t('rw.ui.over')
          : s.me < 0
            ? t('rw.ui.watching')
            : s.legal.length
              ? t('rw.ui.decision')
              : t('rw.ui.noDecision')}
      </h2>
      {v.over && <Result />}
      {noRealmYet(v.pos) && s.legal.some((a) => a.type === 'faction') && (
        <p className="rw-note">{t('rw.fc.pick')}</p>
      )}
      {!v.over && s.legal.length === 0 && waiting.length > 0 && (
        <p className="rw-wait">{t('rw.ui.waitingFor', { names: waiting.map(s.name).join(', ') })}</p>
      )}
      {ordersOpen && <Orders />}
      {battle && battle.k === 'battle' ? <Battle f={battle} /> : <LastBattle />}
      {top?.k === 'qtest' && <Test f={top} />}
      {duel && duel.k === 'duel' ? <Duel f={duel} /> : !testOpen && <LastHeroDraw />}
      {s.tactic && <TacticNote />}
      {mapChoice && <Places />}
      {s.seatPicks.size > 0 && <SeatPicks />}
      {cardPrompt && <p className="rw-note">{t('rw.ui.onYourCards')}</p>}
      {other.length > 0 && (
        <div className="rw-actions" role="group" aria-label={t('rw.ui.actions')}>
          {other.map((a, i) => (
            <button
              key={i}
              type="button"
              className={a.type === 'commit' ? 'primary' : a.type === 'undo' ? 'secondary' : ''}
              disabled={s.pending}
              onClick={() => s.send(a)}
            >
              {s.describe(a)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function Result() {
  const s = useRw();
  const { view: v } = s;
  const score = v.score;
  const winners = (v.over as { winners?: number[] } | null)?.winners ?? [];
  return (
    <ul className="rw-result">
      {v.fac.map((_, seat) => (
        <li key={seat}>
          <span className="seat-shape" style={{ color: s.colour(seat) }} aria-hidden="true">
            {SEAT_SHAPES[seat]}
          </span>{' '}
          {s.name(seat)} ({s.faction(seat)})
          {score ? ` — ${s.t('rw.ui.dragons', { n: score[seat] ?? 0 })}` : ''}
          {winners.includes(seat) && <strong> — {s.t('rw.ui.winner')}</strong>}
        </li>
      ))}
    </ul>
  );
}

/** The Order cards in hand (choose one in secret), who has chosen, and the reveal. */
function Orders() {
  const s = useRw();
  const { t, view: v, me, props } = s;
  const rules = props.game.ruleTexts?.[s.locale] ?? {};
  const mine = me >= 0 ? v.players[me] : null;
  const choose = new Map<number, RwAction>();
  for (const a of s.legal) if (a.type === 'order') choose.set(a.n, a);
  const chosen = mine && mine.pick > 0 ? mine.pick : 0;
  return (
    <div className="rw-orders" data-testid="rw-orders">
      <h3>{t('rw.ui.ordersTitle')}</h3>
      <ul className="rw-committed" aria-label={t('rw.ui.committed')}>
        {v.players.map((x, seat) =>
          x.out ? null : (
            <li key={seat} className={x.pick !== 0 ? 'done' : ''}>
              <span className="seat-shape" style={{ color: s.colour(seat) }} aria-hidden="true">
                {SEAT_SHAPES[seat]}
              </span>{' '}
              {s.name(seat)}: {x.pick !== 0 ? `✓ ${t('rw.ui.hasChosen')}` : `… ${t('rw.ui.choosing')}`}
            </li>
          ),
        )}
      </ul>
      {mine && (
        <div className="rw-cards" role="group" aria-label={t('rw.ui.yourOrders')}>
          {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => {
            const held = (mine.hand & (1 << n)) !== 0;
            const a = choose.get(n);
            const text = rules[ORDER_RULE[n]!] ?? '';
            return (
              <button
                key={n}
                type="button"
                className={`rw-card ${chosen === n ? 'chosen' : ''} ${held ? '' : 'played'}`}
                disabled={!a || s.pending}
                aria-pressed={chosen === n ? true : undefined}
                onClick={() => a && s.send(a)}
                data-order={n}
              >
                <span className="num">{n}</span>
                <span className="name">{s.g(`rw.order.${n}`)}</span>
                <span className="text">{text}</span>
                {!held && <span className="tag">{t('rw.ui.played')}</span>}
                {chosen === n && <span className="tag">{t('rw.ui.yourPick')}</span>}
              </button>
            );
          })}
        </div>
      )}
      <p className="rw-note">{t('rw.ui.ordersHelp')}</p>
    </div>
  );
}

/** The areas the map rings, as a list; what was chosen so far and what it completes. */
function Places() {
  const s = useRw();
  const { t } = s;
  const list = [...s.targets.keys()].sort((a, b) => s.area(a).localeCompare(s.area(b)));
  return (
    <div className="rw-places" data-testid="rw-places">
      {s.prefix.length > 0 && (
        <div className="rw-selected-box" data-testid="rw-selected">
          <p>
            {t('rw.ui.chosen', { areas: s.prefix.map(s.area).join(' → ') })}{' '}
            <button type="button" className="secondary" onClick={() => s.setPrefix(s.prefix.slice(0, -1))}>
              {t('rw.ui.back')}
            </button>
          </p>
          {s.complete.length > 0 && (
            <div className="rw-actions" role="group" aria-label={t('rw.ui.actions')}>
              {s.complete.map((a, i) => (
                <button
                  key={i}
                  type="button"
                  className="rw-confirm"
                  disabled={s.pending}
                  onClick={() => s.send(a)}
                >
                  {s.describe(a)}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      {list.length > 0 && (
        <>
          {/* A Tactics card's note above says where to choose already. */}
          {!(s.tactic && !s.prefix.length) && (
            <p className="rw-note">{t(s.prefix.length ? 'rw.ui.pickNext' : 'rw.ui.pickOnMap')}</p>
          )}
          <details className="rw-place-list" open={list.length <= 6}>
            <summary>{t('rw.ui.places', { n: list.length })}</summary>
            <ul>
              {list.map((a) => {
                const acts = s.targets.get(a)!;
                const one = acts.length === 1 && s.spaces(acts[0]!).length === s.prefix.length + 1;
                // A move's areas in words: where it starts, then where it goes.
                const moves = acts.every((x) => x.type === 'draft');
                const label = one
                  ? s.describe(acts[0]!)
                  : moves
                    ? t(s.prefix.length ? 'rw.ui.moveTo' : 'rw.ui.moveFrom', { area: s.area(a) })
                    : s.area(a);
                return (
                  <li key={a}>
                    <button type="button" disabled={s.pending} onClick={() => s.pick(a)} data-place={a}>
                      <strong>{label}</strong>
                      <span className="what">{areaText(s, a)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </details>
        </>
      )}
    </div>
  );
}

/** The Tactics card asking for its target: its name and where to choose (the map, the players' panels). */
function TacticNote() {
  const s = useRw();
  const { t, pack: p } = s;
  const ask = s.tactic!;
  const name = p.tactics[ask.card]?.name[s.locale] ?? '';
  const key =
    ask.what === 'seat' ? 'rw.ui.tacticSeat' : ask.what === 'area' ? 'rw.ui.tacticArea' : 'rw.ui.tacticOther';
  return (
    <p className="rw-note rw-tactic-note" data-testid="rw-tactic-note">
      <strong>{name}</strong> — {t(key)}
    </p>
  );
}

/** The players a Tactics card may pick, as a list too (each is also a button on his panel below). */
function SeatPicks() {
  const s = useRw();
  const { t } = s;
  return (
    <div className="rw-places" data-testid="rw-seat-picks">
      <ul aria-label={t('rw.ui.seatPicks')}>
        {[...s.seatPicks.entries()].map(([seat, a]) => (
          <li key={seat}>
            <button type="button" disabled={s.pending} onClick={() => s.send(a)} data-seat-pick={seat}>
              <strong>
                <span className="seat-shape" style={{ color: s.colour(seat) }} aria-hidden="true">
                  {SEAT_SHAPES[seat]}
                </span>{' '}
                {s.name(seat)} ({s.faction(seat)})
              </strong>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
