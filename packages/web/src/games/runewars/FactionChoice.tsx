/**
 * Before the realm is laid out (setup: every player chooses a faction, RW-SETUP-*), the map's place
 * shows the factions' sheets: each faction's colour, alignment, influence and Tactics cards, starting
 * resources and its units drawn in their shapes with initiative, health and special. A faction offered
 * to this seat is a card to click (the legal `faction` action itself); one already chosen says by whom.
 */
import type { RwAction } from '@tabula/runewars';
import { COLOUR, SEAT_SHAPES, useRw } from './ctx.js';
import { UnitShape } from './MapView.js';
import './factions.css';

export const factionUi: { en: Record<string, string>; ru: Record<string, string> } = {
  en: {
    'rw.fc.title': 'The factions',
    'rw.fc.pick': 'Choose the faction you will play: click its sheet among the factions.',
    'rw.fc.help': 'The realm is laid out once every player has chosen a faction.',
    'rw.fc.good': 'good',
    'rw.fc.evil': 'evil',
    'rw.fc.playedBy': 'played by {name}',
    'rw.fc.free': 'not chosen yet',
    'rw.fc.choose': 'Choose {faction}',
    'rw.fc.influence': 'influence {n}',
    'rw.fc.tactics': '{n, plural, one {# Tactics card} other {# Tactics cards}}',
    'rw.fc.start': 'resources at the start',
    'rw.fc.unit': '{unit}: initiative {i}, health {h}',
    'rw.fc.special': 'special: {special}',
    'rw.fc.fast': 'fast',
    'rw.fc.flying': 'flying',
  },
  ru: {
    'rw.fc.title': 'Фракции',
    'rw.fc.pick': 'Выберите фракцию, за которую будете играть: нажмите на её лист среди фракций.',
    'rw.fc.help': 'Королевство раскладывается, когда каждый игрок выберет фракцию.',
    'rw.fc.good': 'добро',
    'rw.fc.evil': 'зло',
    'rw.fc.playedBy': 'играет {name}',
    'rw.fc.free': 'пока не выбрана',
    'rw.fc.choose': 'Выбрать: {faction}',
    'rw.fc.influence': 'влияние {n}',
    'rw.fc.tactics':
      '{n, plural, one {# карта тактики} few {# карты тактики} many {# карт тактики} other {# карты тактики}}',
    'rw.fc.start': 'ресурсы в начале',
    'rw.fc.unit': '{unit}: инициатива {i}, здоровье {h}',
    'rw.fc.special': 'особое свойство: {special}',
    'rw.fc.fast': 'быстрый',
    'rw.fc.flying': 'летающий',
  },
};

/** True while no tile of the realm is placed yet (the factions are being chosen). */
export function noRealmYet(pos: readonly number[]): boolean {
  return pos.every((p) => p < 0);
}

const RES = ['food', 'wood', 'ore'];

export function FactionChoice() {
  const s = useRw();
  const { t, view: v, pack: p } = s;
  const offered = new Map<number, RwAction>();
  for (const a of s.legal) if (a.type === 'faction') offered.set(a.f, a);
  return (
    <section className="rw-fc" data-testid="rw-factions-choice" aria-labelledby="rw-fc-h">
      <h2 id="rw-fc-h">{t('rw.fc.title')}</h2>
      <p className="rw-fc-help">{t('rw.fc.help')}</p>
      <ul className="rw-fc-list">
        {p.factions.map((f, fi) => {
          const seat = v.fac.indexOf(fi);
          const colour = COLOUR[f.colour] ?? '#888';
          const name = f.name[s.locale];
          const a = offered.get(fi);
          const body = (
            <>
              <span className="rw-fc-band" style={{ background: colour }} aria-hidden="true" />
              <span className="rw-fc-name">{name}</span>
              <span className="rw-fc-meta">
                {t(f.good ? 'rw.fc.good' : 'rw.fc.evil')} · {t('rw.fc.influence', { n: f.influence })} ·{' '}
                {t('rw.fc.tactics', { n: f.tactics })}
              </span>
              <span className="rw-fc-meta">
                {t('rw.fc.start')}: {RES.map((r, i) => `${s.g(`rw.res.${r}`)} ${f.start[i] ?? 0}`).join(', ')}
              </span>
              <span className="rw-fc-units">
                {f.units.map((u) => {
                  const unit = p.units[u]!;
                  const words = [
                    t('rw.fc.unit', { unit: s.unit(u), i: unit.initiative, h: unit.health }),
                    unit.special ? t('rw.fc.special', { special: s.g(`rw.sp.${unit.sp}`) }) : '',
                    unit.fast ? t('rw.fc.fast') : '',
                    unit.flying ? t('rw.fc.flying') : '',
                  ].filter(Boolean);
                  return (
                    <span key={u} className="rw-fc-unit">
                      <svg viewBox="-12 -12 24 24" width="22" height="22" aria-hidden="true">
                        <UnitShape
                          shape={unit.shape}
                          x={0}
                          y={0}
                          r={9}
                          fill={colour}
                          className="rw-fc-shape"
                        />
                        <text x={0} y={4} textAnchor="middle" className="rw-fc-init">
                          {unit.initiative}
                        </text>
                      </svg>
                      <span>{words.join('; ')}</span>
                      <svg
                        className="rw-fc-health"
                        viewBox={`0 0 ${unit.health * 9} 8`}
                        width={unit.health * 9}
                        height="8"
                        aria-hidden="true"
                      >
                        {Array.from({ length: unit.health }, (_, k) => (
                          <circle key={k} cx={k * 9 + 4} cy={4} r={3.2} />
                        ))}
                      </svg>
                    </span>
                  );
                })}
              </span>
              <span className="rw-fc-who">
                {seat >= 0 ? (
                  <>
                    <span aria-hidden="true">{SEAT_SHAPES[seat]} </span>
                    {t('rw.fc.playedBy', { name: s.name(seat) })}
                  </>
                ) : a ? (
                  t('rw.fc.choose', { faction: name })
                ) : (
                  t('rw.fc.free')
                )}
              </span>
            </>
          );
          return (
            <li key={f.id} className={`rw-fc-card${seat >= 0 ? ' taken' : ''}${a ? ' offered' : ''}`}>
              {a ? (
                <button type="button" disabled={s.pending} onClick={() => s.send(a)}>
                  {body}
                </button>
              ) : (
                <div>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
