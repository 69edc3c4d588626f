/**
 * The cards a player holds and the cards on the table, drawn as cards (name, attributes, what they
 * say, from the engine's card words): his Tactics, Quests and Objective, his heroes (and the heroes
 * offered to him) with their Reward cards, and the Titles with their holders. A prompt about a card is
 * answered on the card: its legal actions are buttons in it, so the decision keeps only what belongs
 * to no card. Every click sends a legal action itself.
 */
import type { RwAction } from '@tabula/runewars';
import { objectiveWords, questWords, rewardWords, tacticsWords, titleWords } from '@tabula/runewars';
import { SEAT_SHAPES, useRw } from './ctx.js';

/**
 * The legal actions answered on a card (the decision's buttons leave them out); an exploration token's
 * choice about the hero who flipped it (Raiding Party, Traveling Merchant, Training) is on his card.
 */
export function onCard(a: RwAction): boolean {
  switch (a.type) {
    case 'play':
    case 'quest':
    case 'objective':
    case 'title':
    case 'keepHero':
    case 'desert':
    case 'heal':
    case 'train':
    case 'stop':
    case 'useReward':
    case 'give':
    case 'loot':
    case 'duel':
    case 'heroHit':
    case 'support':
    case 'heroStay':
    case 'raidReward':
    case 'raidHurt':
    case 'buy':
    case 'raise':
      return true;
    case 'diplomacy':
      return a.card !== undefined;
    case 'heroMove':
      return a.to === undefined;
    default:
      return false;
  }
}

function Acts({ acts, label }: { acts: RwAction[]; label?: (a: RwAction) => string }) {
  const s = useRw();
  if (!acts.length) return null;
  return (
    <div className="rw-card-acts">
      {acts.map((a, i) => (
        <button key={i} type="button" className="primary" disabled={s.pending} onClick={() => s.send(a)}>
          {label ? label(a) : s.describe(a)}
        </button>
      ))}
    </div>
  );
}

/** A hero card: attributes (with training), health and damage, where it is, its Reward cards. */
export function HeroCard({ h, acts }: { h: number; acts: RwAction[] }) {
  const s = useRw();
  const { t, view: v, pack: p } = s;
  const hs = v.hero;
  const hr = p.heroes[h];
  if (!hs || !hr) return null;
  const att = (a: number) =>
    Math.max(0, (hr.att[a] ?? 0) + (hs.tr[h * 3 + a] ?? 0) + (a === 2 ? (hs.tb?.[h] ?? 0) : 0));
  const ctl = hs.ctl[h] ?? -1;
  const rewards = hs.rw[h] ?? [];
  const perCard = (a: RwAction): a is Extract<RwAction, { type: 'useReward' | 'give' | 'raidReward' }> =>
    a.type === 'useReward' || a.type === 'give' || a.type === 'raidReward';
  const rewardActs = (c: number) => acts.filter((a) => perCard(a) && a.c === c);
  const rest = acts.filter((a) => !(perCard(a) && rewards.includes(a.c)));
  // An exploration token asking about this hero: its words on the card, the choice on it.
  const explore = s.props.state.prompts.find(
    (x) =>
      x.seat === s.me && x.kind === 'rw.explore' && (x.args as { hero?: number } | undefined)?.hero === h,
  );
  const asked = explore && acts.length ? s.props.game.describePrompt?.(explore, v, s.locale, s.name) : '';
  const align = hr.align > 0 ? 'good' : hr.align < 0 ? 'evil' : 'neutral';
  return (
    <article className={`rw-gcard hero ${acts.length ? 'live' : ''}`} data-hero={h}>
      <h4>
        {ctl >= 0 && (
          <span className="seat-shape" style={{ color: s.colour(ctl) }} aria-hidden="true">
            {SEAT_SHAPES[ctl]}{' '}
          </span>
        )}
        {hr.name[s.locale]}
        <span className="kind"> — {t(`rw.ui.align.${align}`)}</span>
      </h4>
      <p className="attrs">
        <span>{t('rw.ui.str', { n: att(0) })}</span>
        <span>{t('rw.ui.agi', { n: att(1) })}</span>
        <span>{t('rw.ui.wis', { n: att(2) })}</span>
        <span>{t('rw.ui.health', { dmg: hs.dmg[h] ?? 0, hp: hr.health })}</span>
      </p>
      {asked && (
        <p className="rw-ask" data-testid="rw-hero-ask">
          {asked}
        </p>
      )}
      <p className="where">
        {ctl >= 0 ? `${s.name(ctl)}; ` : ''}
        {(hs.at[h] ?? -1) >= 0 ? s.area(hs.at[h]!) : t('rw.ui.offBoard')}
        {hs.rt[h] ? `; ${t('rw.ui.heroRouted')}` : ''}
      </p>
      {rewards.length > 0 && (
        <ul className="rewards" aria-label={t('rw.ui.rewards')}>
          {rewards.map((c, i) => {
            const r = c >= 0 ? p.rewardDeck[c] : undefined;
            const w = r !== undefined ? rewardWords(p, r, s.locale) : null;
            return (
              <li key={i}>
                {r === undefined ? (
                  t('rw.ui.rewardDown')
                ) : (
                  <>
                    <strong>{p.rewards[r]?.name[s.locale]}</strong>
                    {w?.trait ? ` (${w.trait})` : ''}: {w?.text}
                    {hs.up.includes(c) && ` — ${t('rw.ui.faceUp')}`}
                  </>
                )}
                <Acts
                  acts={rewardActs(c)}
                  label={(a) => (a.type === 'raidReward' ? t('rw.ui.giveUpThis') : s.describe(a))}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Acts acts={rest} />
    </article>
  );
}

function TacticsCard({ c, acts }: { c: number; acts: RwAction[] }) {
  const s = useRw();
  const { t, pack: p } = s;
  const w = tacticsWords(p, c, s.locale);
  // A card the engine does not play yet (its data `waits` for a later part): said so on the card.
  const waits = !!p.tactics[c]?.waits;
  return (
    <article className={`rw-gcard tactics ${acts.length ? 'live' : ''} ${waits ? 'waits' : ''}`}>
      <h4>
        {p.tactics[c]?.name[s.locale]}
        <span className="kind"> — {t('rw.ui.tacticsCard')}</span>
      </h4>
      {waits && (
        <p className="rw-waits" data-testid="rw-waits">
          {t('rw.ui.notPlayedYet')}
        </p>
      )}
      <p>
        {/* A waiting card has no effect to tell: the label above says why. */}
        <span className="when">{waits ? w.when : `${w.when}:`}</span> {waits ? '' : w.text}
      </p>
      <Acts acts={acts} label={(a) => (a.type === 'play' ? t('rw.ui.playIt') : s.describe(a))} />
    </article>
  );
}

function QuestCard({ q, acts }: { q: number; acts: RwAction[] }) {
  const s = useRw();
  const { t, pack: p } = s;
  const w = questWords(p, q, s.locale);
  return (
    <article className={`rw-gcard quest ${acts.length ? 'live' : ''}`}>
      <h4>
        {p.quests[q]?.name[s.locale]}
        <span className="kind"> — {t('rw.ui.questCard')}</span>
      </h4>
      <p>
        {w.area} {w.check}
      </p>
      <ul className="results">
        {w.results.map((x, i) => (
          <li key={i}>{x}</li>
        ))}
      </ul>
      <Acts acts={acts} />
    </article>
  );
}

/** The player's cards, his heroes and those offered to him, the Titles: each with its prompt on it. */
export function Cards() {
  const s = useRw();
  const { t, view: v, pack: p, me } = s;
  const x = me >= 0 ? v.players[me] : undefined;
  const legal = s.legal.filter(onCard);
  const byCard = (pred: (a: RwAction) => boolean) => legal.filter(pred);
  const hs = v.hero;
  const heroes = new Set<number>();
  if (hs) hs.ctl.forEach((c, h) => c === me && me >= 0 && heroes.add(h));
  // Whose card an action is about: its hero, or for a Reward given away the hero holding it.
  const explored = s.props.state.prompts.find((pr) => pr.seat === me && pr.kind === 'rw.explore');
  const topFrame = v.stack[v.stack.length - 1];
  const exploring = Number(
    (explored?.args as { hero?: number } | undefined)?.hero ?? (topFrame?.k === 'explore' ? topFrame.h : -1),
  );
  const heroOf = (a: RwAction): number =>
    a.type === 'give' || a.type === 'raidReward'
      ? (hs?.rw.findIndex((l) => l.includes(a.c)) ?? -1)
      : a.type === 'raidHurt' || a.type === 'buy' || a.type === 'raise'
        ? exploring
        : 'h' in a
          ? a.h
          : -1;
  for (const a of legal) if (a.type !== 'quest' && heroOf(a) >= 0) heroes.add(heroOf(a));
  const heroActs = (h: number) => byCard((a) => a.type !== 'quest' && heroOf(a) === h);
  const keepNone = byCard((a) => a.type === 'keepHero' && a.h < 0);
  const tac = x?.tac ?? [];
  const quests = x?.quests ?? [];
  const objective = x && x.obj >= 0 ? x.obj : -1;
  const titleActs = (i: number) => byCard((a) => a.type === 'title' && a.t === i);
  if (!x && !v.titles.length) return null;
  return (
    <section className="rw-cards-box" aria-labelledby="rw-cards-h" data-testid="rw-hand">
      <h2 id="rw-cards-h">{t(x ? 'rw.ui.yourCards' : 'rw.ui.titlesHead')}</h2>
      {[...heroes].map((h) => (
        <HeroCard key={`h${h}`} h={h} acts={heroActs(h)} />
      ))}
      <Acts acts={keepNone} />
      {tac.map((c, i) => (
        <TacticsCard
          key={`t${i}`}
          c={c}
          acts={byCard((a) => (a.type === 'play' || a.type === 'diplomacy') && a.card === c)}
        />
      ))}
      {quests.map((q, i) => (
        <QuestCard key={`q${i}`} q={q} acts={byCard((a) => a.type === 'quest' && a.card === q)} />
      ))}
      {objective >= 0 && (
        <article className={`rw-gcard objective ${legal.some((a) => a.type === 'objective') ? 'live' : ''}`}>
          <h4>
            {p.objectives[objective]?.name[s.locale]}
            <span className="kind"> — {t('rw.ui.objectiveCard')}</span>
          </h4>
          <p>{objectiveWords(p, objective, s.locale)}</p>
          <Acts acts={byCard((a) => a.type === 'objective')} />
        </article>
      )}
      {x && !tac.length && !quests.length && objective < 0 && !heroes.size && (
        <p className="rw-note">{t('rw.ui.noCards')}</p>
      )}
      <Titles acts={titleActs} />
    </section>
  );
}

function Titles({ acts }: { acts: (i: number) => RwAction[] }) {
  const s = useRw();
  const { t, view: v, pack: p } = s;
  const any = v.titles.some((_, i) => acts(i).length > 0);
  return (
    <details className="rw-titles" open={any}>
      <summary>{t('rw.ui.titlesHead')}</summary>
      {p.titles.map((ti, i) => {
        const holder = v.titles[i] ?? -1;
        const a = acts(i);
        return (
          <article key={i} className={`rw-gcard title ${a.length ? 'live' : ''}`}>
            <h4>{ti.name[s.locale]}</h4>
            <p>{titleWords(p, i, s.locale)}</p>
            <p className="where">
              {holder >= 0
                ? t('rw.ui.titleHeld', { name: s.name(holder), n: v.titleInf[i] ?? 0 })
                : t('rw.ui.titleFree')}
            </p>
            <Acts acts={a} />
          </article>
        );
      })}
    </details>
  );
}
