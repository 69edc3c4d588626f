/**
 * A Nations card drawn without art: a band in its type's colour with the type's icon and the name, a short
 * line of icons and numbers (what a worker yields, strength, stability, VP, what it needs), the price or the
 * workers on it, and its full text on hover, focus (the floating tip) or tap (the decision). Every card is a
 * button with an accessible name; a card the player can act on now is ringed and ticked.
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { Bag, ProgressCard, Res } from '@tabula/nations';
import { useNat, targetAttrs } from './ctx.js';
import type { Nat } from './ctx.js';
import { Icon } from './icons.js';
import { ROMAN, cardData, cardLines, isSpecial, typeName } from './text.js';
import { tipHandlers } from './Tip.js';

const RES: readonly Res[] = ['gold', 'stone', 'food', 'books'];

/** One piece of the short line: an icon with a number or a few words. */
export interface Chip {
  icon?: string;
  text: string;
  cls?: string;
  /** "per worker": a worker icon after a slash, kept on the chip's line. */
  per?: boolean;
}

function bagChips(b: Bag | undefined, sign: string): Chip[] {
  return RES.filter((r) => (b?.[r] ?? 0) > 0).map((r) => ({ icon: r, text: `${sign}${b![r]}` }));
}
const sgn = (n: number) => (n > 0 ? `+${n}` : `−${-n}`);

/** The short line(s) of a card: what it yields and needs, in icons and numbers. */
export function cardChips(c: ProgressCard, noStages = false): Chip[][] {
  const a: Chip[] = [];
  const b: Chip[] = [];
  const pw = c.perWorker;
  if (pw) {
    a.push(...bagChips(pw.produce, '+'));
    if (pw.strength) a.push({ icon: 'strength', text: sgn(pw.strength) });
    if (pw.stability) a.push({ icon: 'stability', text: sgn(pw.stability) });
    a.push(...bagChips(pw.consume, '−'));
    if (a.length) a[a.length - 1]!.per = true;
  }
  if (c.requiredStrength !== undefined)
    a.push({ icon: 'strength', text: `≥${c.requiredStrength}`, cls: 'need' });
  if (c.war) a.push({ icon: 'vp', text: `−${c.war.vp}` }, ...bagChips(c.war.loss, '−'));
  if (c.battle) a.push({ text: '⚔→' }, ...c.battle.choices.map((r) => ({ icon: r, text: '' })));
  if (c.goldenAge) {
    a.push(...bagChips(c.goldenAge.gain, '+'));
    a.push({ text: `| ${c.goldenAge.vpPrice}→` }, { icon: 'vp', text: '1' });
  }
  if (c.stages && !noStages) a.push({ icon: 'stone', text: c.stages.join('·') });
  for (const m of c.static ?? []) {
    if ('strength' in m && !m.appliesTo) a.push({ icon: 'strength', text: sgn(m.strength) });
    else if ('stability' in m && !m.appliesTo) a.push({ icon: 'stability', text: sgn(m.stability) });
  }
  for (const p of c.production ?? []) {
    const x = [...bagChips(p.gain, '+'), ...bagChips(p.pay, '−')];
    if (x.length) {
      if (p.if || p.per) x[x.length - 1]!.text += '*';
      x[x.length - 1]!.cls = 'round';
      a.push(...x);
    }
  }
  if (c.onAcquire)
    for (const e of c.onAcquire)
      if ('gain' in e) b.push(...bagChips(e.gain, '+'));
      else if ('pay' in e) b.push(...bagChips(e.pay, '−'));
      else if ('vp' in e) b.push({ icon: 'vp', text: sgn(e.vp) });
  if (c.deployCost) b.push({ icon: 'worker', text: '⇢', cls: 'per' }, ...bagChips(c.deployCost, ''));
  if (c.raid !== undefined) b.push({ text: `⚔${c.raid}` });
  if (c.vpPerWorker) b.push({ icon: 'vp', text: c.vpPerWorker.join('/') });
  else if (typeof c.endVp === 'number' && c.endVp) b.push({ icon: 'vp', text: String(c.endVp) });
  else if (c.endVp !== undefined && typeof c.endVp !== 'number') b.push({ icon: 'vp', text: '…' });
  if (isSpecial(c)) b.push({ text: '★', cls: 'special' });
  return [a, b].filter((x) => x.length);
}

export function Chips({ rows }: { rows: Chip[][] }) {
  return (
    <>
      {rows.map((row, i) => (
        <span key={i} className="nc-fx" aria-hidden="true">
          {row.map((c, j) => (
            <span key={j} className={`nc-chip ${c.cls ?? ''}`}>
              {c.text}
              {c.icon && <Icon name={c.icon} />}
              {c.per && (
                <span className="nc-per">
                  /<Icon name="worker" />
                </span>
              )}
              {c.cls === 'round' && <span className="nc-per">⟳</span>}
            </span>
          ))}
        </span>
      ))}
    </>
  );
}

/** The type and age of a card, as words ("building · II"). */
export function typeAge(n: Nat, c: ProgressCard): string {
  return `${typeName(c.type, n.locale)} · ${ROMAN[c.age]}`;
}

export function fullText(n: Nat, id: string): { title: string; sub: string; lines: string[] } {
  const c = cardData(id);
  return {
    title: n.card(id),
    sub: c ? n.t('nat.ui.cardSub', { type: typeName(c.type, n.locale), age: ROMAN[c.age] ?? '' }) : '',
    lines: cardLines(id, n.locale),
  };
}

export interface CardProps {
  id: string;
  /** Target keys of this element (a board space, a slot, the card's instance). */
  keys?: string[];
  size?: 'board' | 'nation' | 'mini';
  price?: number | null;
  /** Private architects lying on a board card. */
  architects?: number;
  workers?: number;
  used?: boolean;
  /** Why it cannot be chosen now (greyed). */
  why?: string | null;
  /** Extra words for its accessible name (where it lies, what it shows). */
  extra?: string;
  children?: ReactNode;
  testid?: string;
  /** The wonder's stages are drawn as boxes (its children): no stage chip. */
  stagesShown?: boolean;
}

export function Card({
  id,
  keys = [],
  size = 'board',
  price,
  architects,
  workers,
  used,
  why,
  extra,
  children,
  testid,
  stagesShown,
}: CardProps) {
  const n = useNat();
  const descId = useId();
  const c = cardData(id);
  if (!c) return null;
  const { active, attrs } = targetAttrs(n, keys);
  const selected = !!n.sel && active.some((k) => n.sel!.split(' ').includes(k));
  const looked = n.look === id && !active.length;
  const name = n.card(id);
  const text = fullText(n, id);
  // A card of an earlier age (moved down the board, or kept from before) says its age.
  const old = size === 'board' && c.age < Math.ceil(Math.max(1, n.view.round) / 2);
  const label = [
    name,
    text.sub,
    price !== undefined && price !== null ? n.t('nat.ui.priceGold', { n: price }) : '',
    architects ? n.t('nat.ui.archOnCard', { n: architects }) : '',
    workers !== undefined ? n.t('nat.ui.workersOn', { n: workers }) : '',
    used ? n.t('nat.ui.used') : '',
    extra ?? '',
    why ? why : '',
    active.length ? n.t('nat.ui.canChoose') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      className={`nat-card t-${c.type} s-${size} ${active.length ? 'is-target' : ''} ${selected || looked ? 'is-selected' : ''} ${why ? 'is-no' : ''} ${used ? 'is-used' : ''}`}
      aria-label={label}
      aria-describedby={descId}
      aria-pressed={active.length ? selected : undefined}
      data-card={id}
      data-testid={testid}
      {...attrs}
      {...tipHandlers(() => text)}
      onClick={() => (active.length ? n.pick(active.join(' ')) : n.setLook(n.look === id ? null : id))}
    >
      <span className="nc-head">
        <Icon name={c.type} />
        <span className={`nc-name ${name.length > 8 ? 'long' : ''}`}>{name}</span>
        {price !== undefined && price !== null && (
          <span className="nc-price" aria-hidden="true">
            {price}
            <Icon name="gold" />
          </span>
        )}
      </span>
      <Chips rows={cardChips(c, !!stagesShown)} />
      {(why || architects || (workers ?? 0) > 0 || old) && (
        <span className="nc-foot" aria-hidden="true">
          {why ? (
            <span className="nc-why">{why}</span>
          ) : old ? (
            <span className="nc-type">{typeAge(n, c)}</span>
          ) : null}
          {architects ? (
            <span className="nc-arch">
              +{architects}
              <Icon name="architect" />
            </span>
          ) : null}
          {workers !== undefined && workers > 0 && (
            <span className="nc-workers">
              {workers > 4 ? (
                <>
                  {workers}
                  <Icon name="worker" />
                </>
              ) : (
                Array.from({ length: workers }, (_, i) => <Icon key={i} name="worker" />)
              )}
            </span>
          )}
        </span>
      )}
      {used && <span className="nc-used">{n.t('nat.ui.usedShort')}</span>}
      {children}
      {active.length > 0 && (
        <span className="nc-tick" aria-hidden="true">
          ✓
        </span>
      )}
      <span id={descId} className="sr-only">
        {text.lines.join('. ')}
      </span>
    </button>
  );
}
