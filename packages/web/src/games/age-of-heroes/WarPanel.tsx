/**
 * War: drafting a declaration (target and objective chosen, then armies and Heroes added or removed,
 * then declare or cancel — the draft shown from `view.draft`), and the defender's response
 * (Olympic Games, Luck against barbarians, Heroes as army or as general on one of my armies, composed
 * here and sent as one action).
 */
import { useState } from 'react';
import type { AohAction } from '@tabula/age-of-heroes';
import { useAoh } from './ctx.js';
import type { Aoh } from './ctx.js';
import { ActButton } from './PromptPanel.js';

export function WarDraftPanel() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const d = view.draft;
  const me = aoh.mine;
  if (!d || !me) return null;
  const target = view.players[d.target]!;
  const sent = d.armies ?? [];
  const heroesInHand = (me.hand ?? []).filter((c) => c === 'mighty_hero').length;
  return (
    <div className="aoh-war-draft" data-testid="aoh-war-draft">
      <p className="aoh-war-summary">
        ⚔ {t('aoh.ui.warOn', { name: aoh.who(d.target), objective: aoh.g(`aoh.objective.${d.objective}`) })} ·{' '}
        {t('aoh.ui.defenderHas', {
          armies: target.armies.filter((a) => a.status === 'home' && !a.quakes.length).length,
          forts: target.fortresses,
        })}
      </p>
      <h3 className="aoh-sub">{t('aoh.ui.yourArmies')}</h3>
      <div role="group" aria-label={t('aoh.ui.yourArmies')}>
        <ul className="aoh-choices">
          {me.armies.map((a) => {
            const on = sent.includes(a.id);
            const act: AohAction = on ? { type: 'warUnarmy', army: a.id } : { type: 'warArmy', army: a.id };
            const legal = aoh.find(act);
            return (
              <li key={a.id}>
                <button
                  type="button"
                  className={`aoh-toggle ${on ? 'on' : ''}`}
                  aria-pressed={on}
                  disabled={!legal || aoh.pending}
                  data-testid={`aoh-draft-army-${a.id}`}
                  onClick={() => aoh.send(act)}
                >
                  {on ? '☑' : '☐'} {aoh.armyLabel(aoh.me, a)}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <HeroRow aoh={aoh} heroes={d.heroes} inHand={heroesInHand} />
      <p className="aoh-hint">{t('aoh.ui.draftCount', { armies: sent.length, heroes: d.heroes.length })}</p>
      <div className="aoh-choices">
        <ActButton a={{ type: 'warDeclare' }} className="aoh-primary" testid="aoh-war-declare">
          ⚔ {t('aoh.ui.declare')}
        </ActButton>
        <ActButton a={{ type: 'warCancel' }} testid="aoh-war-cancel">
          {t('aoh.ui.cancelWar')}
        </ActButton>
      </div>
    </div>
  );
}

/** Heroes chosen so far for the attack (removable) and the ways to add one more. */
function HeroRow({ aoh, heroes, inHand }: { aoh: Aoh; heroes: number[]; inHand: number }) {
  const { t } = aoh;
  const add = aoh.all('warHero');
  if (inHand === 0 && heroes.length === 0) return null;
  return (
    <div className="aoh-heroes" data-testid="aoh-heroes">
      <h3 className="aoh-sub">{t('aoh.ui.heroes', { n: inHand })}</h3>
      {heroes.length > 0 && (
        <ul className="aoh-choices">
          {heroes.map((h, index) => (
            <li key={index}>
              <ActButton
                a={{ type: 'warUnhero', index }}
                className="aoh-toggle on"
                pressed={true}
                testid={`aoh-unhero-${index}`}
              >
                ★ {h === -1 ? t('aoh.ui.heroAsArmy') : t('aoh.ui.heroAsGeneral', { id: h })} ✕
              </ActButton>
            </li>
          ))}
        </ul>
      )}
      {add.length > 0 && (
        <ul className="aoh-choices">
          {add.map((a) => (
            <li key={a.host}>
              <ActButton a={a} testid={`aoh-hero-${a.host}`}>
                + ★ {a.host === -1 ? t('aoh.ui.heroAsArmy') : t('aoh.ui.heroAsGeneral', { id: a.host })}
              </ActButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The defender's response (AOH-WAR-11). The Heroes are composed here, in the browser only — how many
 * fight as armies, which of my uncovered armies at home a Hero leads as general — and sent as the one
 * listed `respond` action that matches, so the table learns nothing until the response is committed.
 */
export function ResponsePanel() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const w = view.war;
  const [generals, setGenerals] = useState<number[]>([]);
  const [asArmies, setAsArmies] = useState(0);
  const inHand = (aoh.mine?.hand ?? []).filter((c) => c === 'mighty_hero').length;
  const barb = w ? w.attacker < 0 : false;
  const defenders = (aoh.mine?.armies ?? []).filter((a) => a.status === 'home' && !a.quakes.length);
  // The armies a Hero may lead: those some listed response puts a Hero on (uncovered, participating).
  const hosts = defenders.filter((a) =>
    aoh.legal.some((x) => x.type === 'respond' && x.heroes.includes(a.id)),
  );
  const chosen = [...new Array<number>(asArmies).fill(-1), ...generals].sort((x, y) => x - y);
  const free = inHand - chosen.length;
  const respond = chosen.length ? aoh.find({ type: 'respond', heroes: chosen }) : undefined;
  const { game, seatName } = aoh.props;
  const words = respond ? game.describeAction(null, aoh.me, respond, aoh.locale, seatName, view) : '';
  const toggle = (id: number) =>
    setGenerals((g) => (g.includes(id) ? g.filter((x) => x !== id) : [...g, id]));
  const canHero = aoh.legal.some((x) => x.type === 'respond');
  return (
    <div className="aoh-response" data-testid="aoh-response">
      {w && (
        <p className="aoh-war-summary">
          ⚔{' '}
          {barb
            ? t('aoh.ui.barbariansAttack')
            : t('aoh.ui.attackedBy', {
                name: aoh.who(w.attacker),
                objective: aoh.g(`aoh.objective.${w.objective}`),
                armies: w.armies.length,
                heroes: w.heroesA.length,
              })}
        </p>
      )}
      <p className="aoh-hint">{t('aoh.ui.defendWith', { n: defenders.length })}</p>
      <div className="aoh-choices">
        <ActButton a={{ type: 'olympics' }} className="aoh-primary" testid="aoh-olympics">
          ⚑ {aoh.g('aoh.act.olympics')}
        </ActButton>
        <ActButton a={{ type: 'luck' }} className="aoh-primary" testid="aoh-luck">
          ☘ {aoh.g('aoh.act.luck')}
        </ActButton>
      </div>
      {canHero && (
        <div className="aoh-heroes" role="group" aria-labelledby="aoh-heroes-h" data-testid="aoh-heroes">
          <h3 className="aoh-sub" id="aoh-heroes-h">
            {t('aoh.ui.heroes', { n: inHand })}
          </h3>
          <p className="aoh-hint">{t('aoh.ui.heroesHint')}</p>
          <div className="aoh-choices">
            <button
              type="button"
              aria-label={t('aoh.ui.heroArmyLess')}
              disabled={asArmies === 0 || aoh.pending}
              data-testid="aoh-hero-army-less"
              onClick={() => setAsArmies((n) => Math.max(0, n - 1))}
            >
              −
            </button>
            <span data-testid="aoh-hero-armies">★ {t('aoh.ui.heroArmies', { n: asArmies })}</span>
            <button
              type="button"
              aria-label={t('aoh.ui.heroArmyMore')}
              disabled={free <= 0 || aoh.pending}
              data-testid="aoh-hero-army-more"
              onClick={() => setAsArmies((n) => n + 1)}
            >
              +
            </button>
          </div>
          {hosts.length > 0 && (
            <ul className="aoh-choices">
              {hosts.map((a) => {
                const on = generals.includes(a.id);
                return (
                  <li key={a.id}>
                    <button
                      type="button"
                      className={`aoh-toggle ${on ? 'on' : ''}`}
                      aria-pressed={on}
                      disabled={(!on && free <= 0) || aoh.pending}
                      data-testid={`aoh-hero-${a.id}`}
                      onClick={() => toggle(a.id)}
                    >
                      {on ? '☑' : '☐'} ★ {t('aoh.ui.heroAsGeneral', { id: a.id })}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      <div className="aoh-choices">
        {respond && (
          <button
            type="button"
            className="aoh-primary"
            data-testid="aoh-respond"
            disabled={aoh.pending}
            onClick={() => aoh.send(respond)}
          >
            {words}
          </button>
        )}
        <ActButton a={{ type: 'pass' }} testid="aoh-response-pass">
          {aoh.g('aoh.act.passResponse')}
        </ActButton>
      </div>
    </div>
  );
}
