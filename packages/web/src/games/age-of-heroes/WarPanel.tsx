/**
 * War: drafting a declaration (target and objective chosen, then armies and Heroes added or removed,
 * then declare or cancel — the draft shown from `view.draft`), and the defender's response
 * (Olympic Games, Luck against barbarians, Heroes as army or as general on one of my armies).
 */
import type { AohAction } from '@tabula/age-of-heroes';
import { useAoh } from './ctx.js';
import type { Aoh } from './ctx.js';
import { ActButton } from './PromptPanel.js';

export function WarDraftPanel() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const d = view.draft;
  const me = aoh.mine;
  if (!d || !me || d.target === undefined) return null;
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
      <HeroRow aoh={aoh} heroes={d.heroes} inHand={heroesInHand} kind="war" />
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

/** Heroes chosen so far (removable) and the ways to add one more. */
function HeroRow({
  aoh,
  heroes,
  inHand,
  kind,
}: {
  aoh: Aoh;
  heroes: number[];
  inHand: number;
  kind: 'war' | 'response';
}) {
  const { t } = aoh;
  const add = aoh.all(kind === 'war' ? 'warHero' : 'hero');
  const unType = kind === 'war' ? 'warUnhero' : 'unhero';
  if (inHand === 0 && heroes.length === 0) return null;
  return (
    <div className="aoh-heroes" data-testid="aoh-heroes">
      <h3 className="aoh-sub">{t('aoh.ui.heroes', { n: inHand })}</h3>
      {heroes.length > 0 && (
        <ul className="aoh-choices">
          {heroes.map((h, index) => (
            <li key={index}>
              <ActButton
                a={{ type: unType, index } as AohAction}
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

export function ResponsePanel() {
  const aoh = useAoh();
  const { t, view } = aoh;
  const w = view.war;
  const heroes = view.draft?.heroes ?? [];
  const inHand = (aoh.mine?.hand ?? []).filter((c) => c === 'mighty_hero').length;
  const barb = w ? w.attacker < 0 : false;
  const defenders = (aoh.mine?.armies ?? []).filter((a) => a.status === 'home' && !a.quakes.length);
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
      <HeroRow aoh={aoh} heroes={heroes} inHand={inHand} kind="response" />
      <div className="aoh-choices">
        <ActButton a={{ type: 'respond' }} className="aoh-primary" testid="aoh-respond">
          {aoh.g('aoh.act.respond')}
        </ActButton>
        <ActButton a={{ type: 'pass' }} testid="aoh-response-pass">
          {aoh.g('aoh.act.passResponse')}
        </ActButton>
      </div>
    </div>
  );
}
