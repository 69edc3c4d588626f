/**
 * The battle: both sides' units with their battle cards (mine face up, the other side's face down
 * once committed), secret placement "card, then unit", the secret duel choice with "waiting for X…",
 * the reveal of each duel (both cards and strengths), and afterwards the spoils from the log.
 */
import { useState } from 'react';
import type { AohAction, UnitView, WarView } from '@tabula/age-of-heroes';
import { useAoh } from './ctx.js';
import type { Aoh } from './ctx.js';
import { ActButton } from './PromptPanel.js';

const BATTLE_KEYS = new Set([
  'aoh.ev.war',
  'aoh.ev.barbarians',
  'aoh.ev.response',
  'aoh.ev.olympics',
  'aoh.ev.luckBarbarians',
  'aoh.ev.battle',
  'aoh.ev.noDefence',
  'aoh.ev.duel',
  'aoh.ev.battleOver',
  'aoh.ev.victorious',
  'aoh.ev.noSpoils',
  'aoh.ev.conquest',
  'aoh.ev.plunder',
  'aoh.ev.plunderHidden',
  'aoh.ev.barbarianPlunder',
  'aoh.ev.razing',
  'aoh.ev.armiesHome',
  'aoh.ev.armiesAway',
  'aoh.ev.barbariansDone',
]);

export function BattlePanel() {
  const aoh = useAoh();
  const w = aoh.view.war;
  if (w) return <Battle w={w} />;
  return <LastBattle />;
}

function unitName(aoh: Aoh, u: UnitView): string {
  const base =
    u.army >= 0
      ? aoh.t('aoh.ui.unitArmy', { id: u.army })
      : u.army === -1
        ? aoh.g('aoh.unit.hero')
        : aoh.g('aoh.unit.barbarians');
  return u.lead ? `${base} ${aoh.t('aoh.ui.ledSuffix')}` : base;
}

function sideName(aoh: Aoh, w: WarView, side: 0 | 1): string {
  const s = side === 0 ? w.attacker : w.defender;
  return s < 0 ? aoh.g('aoh.unit.barbarians') : aoh.who(s);
}

function Battle({ w }: { w: WarView }) {
  const aoh = useAoh();
  const { t } = aoh;
  const mySide: 0 | 1 | -1 = w.attacker === aoh.me ? 0 : w.defender === aoh.me ? 1 : -1;
  const placing = aoh.prompt?.kind === 'aoh.place';
  const dueling = aoh.prompt?.kind === 'aoh.duel';
  const values = [...new Set(aoh.all('place').map((a) => a.card))].sort((a, b) => a - b);
  const [picked, setPicked] = useState<number | null>(null);
  const card = picked !== null && values.includes(picked) ? picked : values.length === 1 ? values[0]! : null;
  const forts = w.defender >= 0 ? (aoh.view.players[w.defender]?.fortresses ?? 0) : 0;
  const waiting = aoh.props.state.waitingFor.filter((s) => s !== aoh.me);
  const secretWait = (placing || dueling || mySide >= 0) && waiting.length > 0 && w.units.length > 0;
  const last = w.duels[w.duels.length - 1];
  return (
    <section className="aoh-battle" aria-labelledby="aoh-battle-h" data-testid="aoh-battle">
      <h2 id="aoh-battle-h">
        ⚔{' '}
        {t('aoh.ui.battleTitle', {
          a: sideName(aoh, w, 0),
          d: sideName(aoh, w, 1),
          objective: aoh.g(`aoh.objective.${w.objective}`),
        })}
      </h2>
      {w.units.length === 0 && (
        <p className="aoh-hint">
          {t('aoh.ui.warDeclared', { armies: w.armies.length, heroes: w.heroesA.length })}
        </p>
      )}
      {placing && (
        <div className="aoh-place" data-testid="aoh-place">
          <p className="aoh-hint">{t('aoh.ui.placeHint')}</p>
          <div className="aoh-choices" role="group" aria-label={t('aoh.ui.yourBattleCards')}>
            {w.pool.map((v, i) => (
              <button
                key={i}
                type="button"
                className={`aoh-bcard face ${card === v ? 'on' : ''}`}
                aria-pressed={card === v}
                aria-label={t('aoh.ui.battleCard', { n: v })}
                data-testid={`aoh-pool-${v}`}
                disabled={!values.includes(v)}
                onClick={() => setPicked(v)}
              >
                {v}
              </button>
            ))}
          </div>
          <ActButton a={{ type: 'resetPlacement' }} testid="aoh-place-reset">
            {aoh.g('aoh.act.resetPlacement')}
          </ActButton>
        </div>
      )}
      {dueling && <p className="aoh-hint">{t('aoh.ui.duelHint')}</p>}
      {secretWait && (
        <p className="aoh-waiting" role="status" data-testid="aoh-battle-waiting">
          ◷ {t('aoh.ui.waitingSecret', { names: waiting.map(aoh.who).join(', ') })}
        </p>
      )}
      <div className="aoh-sides">
        {([0, 1] as const).map((side) => (
          <section key={side} className={`aoh-side side-${side}`} aria-labelledby={`aoh-side-${side}`}>
            <h3 id={`aoh-side-${side}`}>
              {side === 0 ? t('aoh.ui.attacker') : t('aoh.ui.defender')}: {sideName(aoh, w, side)}
              {w.placed[side] && <span className="aoh-badge"> ✓ {t('aoh.ui.placed')}</span>}
              {dueling && w.picked[side] && <span className="aoh-badge"> ✓ {t('aoh.ui.chosen')}</span>}
            </h3>
            <ul className="aoh-units">
              {w.units.map((u, i) => {
                if (u.side !== side) return null;
                const place: AohAction | undefined =
                  card !== null ? aoh.find({ type: 'place', unit: i, card }) : undefined;
                const duel = aoh.find({ type: 'duel', unit: i });
                const act = place ?? duel;
                const bonus = (u.lead ? 2 : 0) + (side === 1 ? forts : 0);
                const cardText =
                  u.card !== null
                    ? t('aoh.ui.battleCard', { n: u.card })
                    : u.hasCard
                      ? t('aoh.ui.faceDown')
                      : t('aoh.ui.noCard');
                const state = !u.alive ? t('aoh.ui.destroyed') : u.fought ? t('aoh.ui.fought') : '';
                const label = [
                  unitName(aoh, u),
                  cardText,
                  bonus ? t('aoh.ui.bonus', { n: bonus }) : '',
                  state,
                ]
                  .filter(Boolean)
                  .join(', ');
                const face = (
                  <>
                    <span
                      className={`aoh-bcard ${u.card !== null ? 'face' : u.hasCard ? 'back' : 'empty'}`}
                      aria-hidden="true"
                    >
                      {u.card !== null ? u.card : u.hasCard ? '' : '·'}
                    </span>
                    <span aria-hidden="true" className="aoh-unit-name">
                      {unitName(aoh, u)}
                      {bonus > 0 && <small> +{bonus}</small>}
                      {state && <small> · {state}</small>}
                    </span>
                  </>
                );
                return (
                  <li key={i} className={`aoh-unit ${u.alive ? '' : 'dead'} ${u.fought ? 'fought' : ''}`}>
                    {act ? (
                      <button
                        type="button"
                        className="aoh-target aoh-unit-btn"
                        aria-label={`${label} — ${place ? t('aoh.ui.placeHere', { n: card ?? 0 }) : t('aoh.ui.duelThis')}`}
                        data-testid={place ? `aoh-place-unit-${i}` : `aoh-duel-unit-${i}`}
                        disabled={aoh.pending}
                        onClick={() => {
                          aoh.send(act);
                          setPicked(null);
                        }}
                      >
                        {face}
                      </button>
                    ) : (
                      <span className="aoh-unit-plain" data-testid={`aoh-unit-${i}`}>
                        {face}
                        <span className="sr-only">{label}</span>
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      {w.duels.length > 0 && (
        <section className="aoh-duels" aria-labelledby="aoh-duels-h" data-testid="aoh-duels">
          <h3 id="aoh-duels-h">{t('aoh.ui.duels', { n: w.duels.length })}</h3>
          <ol>
            {w.duels.map((d, i) => (
              <DuelRow
                key={i}
                i={i}
                fresh={d === last}
                a={unitName(aoh, w.units[d.a]!)}
                d={unitName(aoh, w.units[d.d]!)}
                av={d.av}
                dv={d.dv}
                as={d.as}
                ds={d.ds}
                winner={d.as > d.ds ? sideName(aoh, w, 0) : d.ds > d.as ? sideName(aoh, w, 1) : null}
              />
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}

/** The last war's course and spoils, from the log (kept after the war is over). */
function LastBattle() {
  const aoh = useAoh();
  const log = aoh.props.state.log;
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--)
    if (log[i]!.key === 'aoh.ev.war' || log[i]!.key === 'aoh.ev.barbarians') {
      start = i;
      break;
    }
  if (start < 0) return null;
  const events = log.slice(start).filter((e) => BATTLE_KEYS.has(e.key));
  const recent = !log.slice(start).some((e) => e.key === 'aoh.ev.turn' || e.key === 'aoh.ev.marketDay');
  const { game, seatName } = aoh.props;
  return (
    <section className="aoh-last-battle" aria-labelledby="aoh-last-h" data-testid="aoh-spoils">
      <details open={recent}>
        <summary>
          <h2 id="aoh-last-h">{aoh.t('aoh.ui.lastBattle')}</h2>
        </summary>
        <ol className="aoh-plain">
          {events.map((e, i) => {
            if (e.key === 'aoh.ev.duel') {
              const q = e.params as Record<string, number>;
              const side = (s: number) => (s < 0 ? aoh.g('aoh.unit.barbarians') : aoh.who(s));
              return (
                <DuelRow
                  key={i}
                  i={i}
                  fresh={false}
                  a={side(q.attacker!)}
                  d={side(q.defender!)}
                  av={q.av!}
                  dv={q.dv!}
                  as={q.as!}
                  ds={q.ds!}
                  winner={q.winner === 0 ? side(q.attacker!) : q.winner === 1 ? side(q.defender!) : null}
                />
              );
            }
            return (
              <li key={i} className={/conquest|plunder|razing|noSpoils/.test(e.key) ? 'spoils' : ''}>
                {game.formatEvent(e, aoh.locale, seatName)}
              </li>
            );
          })}
        </ol>
      </details>
    </section>
  );
}

/** One duel revealed: both battle cards face up, strengths and the winner. */
function DuelRow(p: {
  i: number;
  fresh: boolean;
  a: string;
  d: string;
  av: number;
  dv: number;
  as: number;
  ds: number;
  winner: string | null;
}) {
  const aoh = useAoh();
  const { t } = aoh;
  return (
    <li className={`aoh-duel ${p.fresh ? 'fresh' : ''}`} data-testid={`aoh-duel-${p.i}`}>
      <span className={`aoh-duel-side ${p.as > p.ds ? 'win' : ''}`}>
        <span className="aoh-bcard face flip" aria-hidden="true">
          {p.av}
        </span>
        <span aria-hidden="true">
          {p.a}
          <br />
          <small>{t('aoh.ui.strength', { n: p.as })}</small>
        </span>
      </span>
      <span className="aoh-vs" aria-hidden="true">
        {p.as > p.ds ? '>' : p.as < p.ds ? '<' : '='}
      </span>
      <span className={`aoh-duel-side ${p.ds > p.as ? 'win' : ''}`}>
        <span className="aoh-bcard face flip" aria-hidden="true">
          {p.dv}
        </span>
        <span aria-hidden="true">
          {p.d}
          <br />
          <small>{t('aoh.ui.strength', { n: p.ds })}</small>
        </span>
      </span>
      <span className="aoh-duel-result">
        <span className="sr-only">
          {t('aoh.ui.duelLine', { a: p.a, av: p.av, as: p.as, d: p.d, dv: p.dv, ds: p.ds })}{' '}
        </span>
        <b>{p.winner ? t('aoh.ui.duelWinner', { name: p.winner }) : t('aoh.ui.duelTie')}</b>
      </span>
    </li>
  );
}
