/**
 * A battle you can follow (06-battles.md): both sides by initiative, each unit type's standing, routed
 * and damaged figures, the initiative round and the type drawing now (ringed), the Fate cards of the
 * sub-round as they are revealed (the section of the drawing unit's shape: special, rout, damage or
 * blank; face down until shown), the strongholds, and once tallied the strengths and the winner.
 */
import type { BattleFrame, DuelFrame, RwAction } from '@tabula/runewars';
import { BLANK, DAMAGE, ROUT, SPECIAL, UNIT_SHAPES } from '@tabula/runewars';
import { SEAT_SHAPES, useRw } from './ctx.js';
import type { Rw } from './ctx.js';
import { UnitShape } from './MapView.js';

export function Battle({ f }: { f: BattleFrame }) {
  const s = useRw();
  const { t, pack: p, view: v } = s;
  const sideName = (side: number) => {
    const seat = side === 0 ? f.seat : f.def;
    return seat < 0 ? t('rw.ui.neutralSide') : `${s.name(seat)} (${s.faction(seat)})`;
  };
  const colour = (side: number) => {
    const seat = side === 0 ? f.seat : f.def;
    return seat < 0 ? '#fbf8f0' : s.colour(seat);
  };
  const kindText = (c: number, u: number) => {
    const card = p.fate[c];
    if (!card) return '?';
    const sh = p.units[u]!.shape;
    const k = card.kind[sh]!,
      n = card.num[sh]!;
    if (k === BLANK) return t('rw.ui.fateBlank');
    if (k === SPECIAL)
      return t('rw.ui.fateSpecial', { special: p.units[u]!.special ? s.g(`rw.sp.${p.units[u]!.sp}`) : '—' });
    if (k === ROUT) return t('rw.ui.fateRout', { n });
    if (k === DAMAGE) return t('rw.ui.fateDamage', { n });
    return '?';
  };
  return (
    <div className="rw-battle" data-testid="rw-battle">
      <h3>
        {t('rw.ui.battleIn', { area: s.area(f.area) })}{' '}
        <span className="round">{t('rw.ui.initiative', { n: f.init })}</span>
      </h3>
      {v.sh[f.area]! >= 0 && (
        <p className="rw-note">
          {t(v.shd[f.area] ? 'rw.ui.strongholdDamaged' : 'rw.ui.stronghold', { name: s.name(v.sh[f.area]!) })}
        </p>
      )}
      <div className="sides">
        {[0, 1].map((side) => {
          const types = new Map<number, { n: number; r: number; d: number }>();
          f.fs.forEach((sd, i) => {
            const u = f.fu[i]!;
            if (sd !== side || u < 0) return;
            const e = types.get(u) ?? { n: 0, r: 0, d: 0 };
            e.n++;
            e.r += f.fr[i]!;
            e.d += f.fd[i]!;
            types.set(u, e);
          });
          const rows = [...types.entries()].sort(
            (a, b) => p.units[a[0]]!.initiative - p.units[b[0]]!.initiative,
          );
          const cards = f.cs[side] ?? [];
          return (
            <div key={side} className="side" data-side={side}>
              <h4>
                {side === 1 ? `${t('rw.ui.defender')}: ` : `${t('rw.ui.attacker')}: `}
                {(side === 0 ? f.seat : f.def) >= 0 && (
                  <span aria-hidden="true" style={{ color: colour(side) }}>
                    {SEAT_SHAPES[side === 0 ? f.seat : f.def]}{' '}
                  </span>
                )}
                {sideName(side)}
              </h4>
              <ul className="rows">
                {rows.map(([u, e]) => {
                  const now = f.ty[side] === u;
                  return (
                    <li key={u} className={now ? 'now' : ''}>
                      <svg viewBox="-0.3 -0.3 0.6 0.6" className="ushape" aria-hidden="true">
                        <UnitShape shape={p.units[u]!.shape} x={0} y={0} r={0.22} fill={colour(side)} />
                      </svg>
                      <span className="ini">{p.units[u]!.initiative}</span>
                      <span>
                        {t('rw.ui.units', { n: e.n, unit: s.unit(u) })}
                        {e.r > 0 && `, ${t('rw.ui.routedN', { n: e.r })}`}
                        {e.d > 0 && `, ${t('rw.ui.damageN', { n: e.d })}`}
                        {now && ` — ${t('rw.ui.drawingNow')}`}
                      </span>
                    </li>
                  );
                })}
                {rows.length === 0 && <li>{t('rw.ui.noUnits')}</li>}
              </ul>
              {cards.length > 0 && (
                <ul className="fate" aria-label={t('rw.ui.fateCards')}>
                  {cards.map((c, j) => (
                    <li key={j} className={c < 0 ? 'down' : `up ${p.fate[c]?.destiny ?? ''}`}>
                      {c < 0
                        ? t('rw.ui.fateDown')
                        : `${t(`rw.ui.destiny.${p.fate[c]?.destiny ?? 'red'}`)}: ${f.ty[side]! >= 0 ? kindText(c, f.ty[side]!) : ''}`}
                    </li>
                  ))}
                </ul>
              )}
              {f.str[side] !== undefined && f.str[side]! >= 0 && f.won >= -1 && f.step > 0 && f.won >= 0 && (
                <p className="str">{t('rw.ui.strength', { n: f.str[side]! })}</p>
              )}
            </div>
          );
        })}
      </div>
      {f.won >= 0 && <p className="won">{t('rw.ui.battleWon', { name: sideName(f.won) })}</p>}
    </div>
  );
}

/** Events the battle box leaves to the log: the Fate cards' own lines, the Tactics windows closing. */
const CARD_EVENTS = new Set([
  'rw.ev.windowClosed',
  'rw.ev.fateDrawnOwn',
  'rw.ev.fateExtra',
  'rw.ev.fateDiscarded',
  'rw.ev.fateReshuffle',
]);

/**
 * The last battle, told in sentences (most battles resolve with no decision to wait on): from its start
 * to its end in the log, the Fate draws, routs, damage, the tally and the winner.
 */
export function LastBattle() {
  const s = useRw();
  const log = s.props.state.log;
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--)
    if (log[i]!.key === 'rw.ev.battle') {
      start = i;
      break;
    }
  if (start < 0) return null;
  const lines: string[] = [];
  for (let i = start; i < log.length; i++) {
    const e = log[i]!;
    if (!CARD_EVENTS.has(e.key)) lines.push(s.g(e.key, e.params));
    if (e.key === 'rw.ev.battleEnd' || e.key === 'rw.ev.battleLeft') break;
  }
  return (
    <details className="rw-battle rw-last-battle" data-testid="rw-last-battle">
      <summary>{s.t('rw.ui.lastBattle', { what: lines[0] ?? '' })}</summary>
      <ol>
        {lines.slice(1, 40).map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ol>
    </details>
  );
}

/** A hero's side of a duel reads the circle section of a Fate card; a quest's neutral unit its own shape. */
const CIRCLE = UNIT_SHAPES.indexOf('circle');

/** What Fate card `c` says in a duel for a side reading section `sh` (damage dealt, damage blocked, special). */
function duelText(s: Rw, c: number, sh: number): string {
  const card = s.pack.fate[c];
  if (!card) return '?';
  const k = card.kind[sh]!,
    n = card.num[sh]!;
  if (k === DAMAGE) return s.t('rw.ui.duelDamage', { n });
  if (k === ROUT) return s.t('rw.ui.duelBlock', { n });
  if (k === SPECIAL) return s.t('rw.ui.duelSpecial');
  return s.t('rw.ui.fateBlank');
}

/**
 * An attribute test of a quest (RW-TEST-01): the hero, the attribute, and the Fate cards drawn face up
 * with their destiny; the card whose destiny decides is chosen on the card itself.
 */
export function Test({ f }: { f: { h: number; q: number; cs: number[]; seat: number } }) {
  const s = useRw();
  const { t, pack: p } = s;
  const q = p.quests[f.q];
  const use = (c: number) =>
    s.legal.find((a): a is Extract<RwAction, { type: 'testCard' }> => a.type === 'testCard' && a.card === c);
  return (
    <div className="rw-battle rw-test" data-testid="rw-test">
      <h3>
        {t('rw.ui.testOf', {
          hero: p.heroes[f.h]?.name[s.locale] ?? '?',
          attr: s.g(`rw.attr.${q?.attr ?? 0}`),
          quest: q?.name[s.locale] ?? '?',
        })}
      </h3>
      <ul className="fate cards" aria-label={t('rw.ui.fateCards')}>
        {f.cs.map((c, j) => {
          const a = use(c);
          const d = p.fate[c]?.destiny ?? 'red';
          return (
            <li key={j} className={`up ${d}`} data-fate={c}>
              <span>
                {t('rw.ui.fateNo', { n: p.fate[c]?.id ?? '?' })}: <strong>{t(`rw.ui.destiny.${d}`)}</strong>
              </span>
              {a && (
                <button type="button" className="primary" disabled={s.pending} onClick={() => s.send(a)}>
                  {t('rw.ui.useCard')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {f.cs.length === 0 && <p className="rw-note">{t('rw.ui.noCardsDrawn')}</p>}
    </div>
  );
}

/**
 * A duel under way (RW-DUEL-04/05): both duellists with the health they have left, the round, and this
 * round's Fate cards as they are revealed, read for each side.
 */
export function Duel({ f }: { f: DuelFrame }) {
  const s = useRw();
  const { t, pack: p, view: v } = s;
  const who = (side: number) =>
    side === 0
      ? `${p.heroes[f.h]?.name[s.locale] ?? '?'} (${s.name(f.seat)})`
      : f.t >= 0
        ? `${p.heroes[f.t]?.name[s.locale] ?? '?'} (${s.name(f.def)})`
        : s.unit(f.u);
  const area = v.hero?.at[f.h] ?? -1;
  return (
    <div className="rw-battle rw-duel" data-testid="rw-duel">
      <h3>
        {area >= 0 ? t('rw.ui.duelIn', { area: s.area(area) }) : t('rw.ui.duel')}{' '}
        {f.r > 0 && <span className="round">— {t('rw.ui.duelRound', { n: f.r })}</span>}
      </h3>
      <div className="sides">
        {[0, 1].map((side) => {
          const c = f.c[side] ?? -1;
          const sh = side === 1 && f.t < 0 ? (p.units[f.u]?.shape ?? CIRCLE) : CIRCLE;
          const left = Math.max(0, (f.hp[side] ?? 0) - (f.dealt[side] ?? 0));
          return (
            <div key={side} className="side" data-side={side}>
              <h4>
                {t(side === 0 ? 'rw.ui.challenger' : 'rw.ui.challenged')}: {who(side)}
              </h4>
              <p className="str">{t('rw.ui.healthLeft', { n: left })}</p>
              {c >= 0 && (
                <ul className="fate" aria-label={t('rw.ui.fateCards')}>
                  <li className={`up ${p.fate[c]?.destiny ?? ''}`}>
                    {t('rw.ui.fateNo', { n: p.fate[c]?.id ?? '?' })}: {duelText(s, c, sh)}
                  </li>
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Where a test or a duel starts and ends in the log. */
const DRAW_START = new Set(['rw.ev.questTest', 'rw.ev.duel', 'rw.ev.questDuel']);
const DRAW_END = new Set(['rw.ev.questResult', 'rw.ev.duelEnd', 'rw.ev.questDuelEnd']);

/**
 * The last attribute test or duel, told in sentences with its Fate cards read (they resolve at once
 * unless a card is to be chosen): from its start to its result in the log.
 */
export function LastHeroDraw() {
  const s = useRw();
  const log = s.props.state.log;
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i]!.key === 'rw.ev.battle') break;
    if (DRAW_START.has(log[i]!.key)) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  const lines: string[] = [];
  for (let i = start; i < log.length && lines.length < 30; i++) {
    const e = log[i]!;
    if (!CARD_EVENTS.has(e.key)) lines.push(s.g(e.key, e.params));
    if (DRAW_END.has(e.key)) break;
  }
  const duel = log[start]!.key !== 'rw.ev.questTest';
  return (
    <details className="rw-battle rw-last-battle" data-testid="rw-last-draw">
      <summary>{s.t(duel ? 'rw.ui.lastDuel' : 'rw.ui.lastTest', { what: lines[0] ?? '' })}</summary>
      <ol>
        {lines.slice(1).map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ol>
    </details>
  );
}
