/**
 * A nation's board: its name and side, VP, resources, strength and stability with what they mean this
 * round (strongest, least stable, below the war marker, book scoring), workers (idle, on the track, the
 * overflow), private architects; the advisor, the building and military row with the workers on each card,
 * the colonies, the wonder under construction (its stages and architects) and the completed wonders, and the
 * used markers. Mine is drawn large with everything I can act on ringed; the others compact, expandable.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { Inst, Player } from '@tabula/nations';
import { nationBoard } from '@tabula/nations';
import { SHAPES, targetAttrs, useNat } from './ctx.js';
import type { Nat } from './ctx.js';
import { Card } from './Card.js';
import { Icon } from './icons.js';
import { bookScore, eventMetrics, standing, warStrength } from './standings.js';
import type { Metric3 } from './standings.js';
import { cardData } from './text.js';

const RES = ['gold', 'stone', 'food', 'books'] as const;

/** A counter with its icon (a button when it is a target of mine: a resource to choose, the idle workers). */
function Counter({
  n,
  icon,
  value,
  label,
  keys = [],
  children,
  testid,
}: {
  n: Nat;
  icon: string;
  value: ReactNode;
  label: string;
  keys?: string[];
  children?: ReactNode;
  testid?: string;
}) {
  const { active, attrs } = targetAttrs(n, keys);
  const body = (
    <>
      <Icon name={icon} />
      <span className="nat-val">{value}</span>
      <span className="nat-lbl">{label}</span>
      {children}
    </>
  );
  if (!active.length)
    return (
      <span className="nat-counter" data-testid={testid} {...attrs}>
        {body}
      </span>
    );
  const selected = !!n.sel && active.some((k) => n.sel!.split(' ').includes(k));
  return (
    <button
      type="button"
      className={`nat-counter is-target ${selected ? 'is-selected' : ''}`}
      aria-pressed={selected}
      data-testid={testid}
      {...attrs}
      onClick={() => n.pick(active.join(' '))}
    >
      {body}
      <span className="nc-tick" aria-hidden="true">
        ✓
      </span>
    </button>
  );
}

function Badge({ children, tone }: { children: ReactNode; tone: 'good' | 'bad' | 'info' }) {
  return <span className={`nat-badge ${tone}`}>{children}</span>;
}

/** What strength, stability and books mean for this nation this round. */
function badges(n: Nat, s: number, m: Metric3): ReactNode[] {
  const { view, t } = n;
  const out: ReactNode[] = [];
  const ev = eventMetrics(view);
  const relevant = m !== 'books' || ev.has('books') || view.round % 2 === 0;
  if (relevant && (view.n > 1 || view.solo)) {
    const st = standing(view, s, m);
    if (st.best)
      out.push(
        <Badge key="b" tone="good">
          {t(`nat.ui.best.${m}`)}
        </Badge>,
      );
    if (st.worst)
      out.push(
        <Badge key="w" tone="bad">
          {t(`nat.ui.worst.${m}`)}
        </Badge>,
      );
  }
  if (m === 'strength' && view.war) {
    const ws = warStrength(view, s);
    out.push(
      ws < view.war.marker ? (
        <Badge key="war" tone="bad">
          {t('nat.ui.warLoses', { marker: view.war.marker })}
        </Badge>
      ) : (
        <Badge key="war" tone="good">
          {t('nat.ui.warSafe', { marker: view.war.marker })}
        </Badge>
      ),
    );
  }
  if (m === 'books' && view.round % 2 === 0 && !view.solo && view.step !== 'over')
    out.push(
      <Badge key="bk" tone="info">
        {t('nat.ui.bookScore', { n: bookScore(view, s) })}
      </Badge>,
    );
  return out;
}

function Stats({ seat, large }: { seat: number; large: boolean }) {
  const n = useNat();
  const { view, t } = n;
  const p = view.players[seat]!;
  const mine = seat === n.me;
  const k = (x: string) => (mine ? [`item:${x}`] : []);
  return (
    <div className="nat-stats" data-testid={large ? 'nat-stats' : undefined}>
      <Counter n={n} icon="vp" value={p.vp} label={t('nat.ui.vp')} />
      {RES.map((r) => (
        <Counter key={r} n={n} icon={r} value={p.res[r]} label={n.g(`nat.res.${r}`)} keys={k(r)}>
          {p.short & ({ gold: 1, stone: 2, food: 4, books: 8 } as const)[r] ? (
            <span className="nat-short">{t('nat.ui.shortage')}</span>
          ) : null}
        </Counter>
      ))}
      <Counter n={n} icon="strength" value={view.strength[seat] ?? 0} label={t('nat.ui.strength')}>
        {badges(n, seat, 'strength')}
      </Counter>
      <Counter n={n} icon="stability" value={view.stability[seat] ?? 0} label={t('nat.ui.stability')}>
        {badges(n, seat, 'stability')}
        {(view.stability[seat] ?? 0) < 0 && <Badge tone="bad">{t('nat.ui.revolt')}</Badge>}
      </Counter>
      {badges(n, seat, 'books').length > 0 && (
        <span className="nat-counter nat-bookstand">
          <Icon name="books" />
          {badges(n, seat, 'books')}
        </span>
      )}
      <Counter
        n={n}
        icon="worker"
        value={p.idle}
        label={t('nat.ui.idle', { total: view.workers[seat] ?? 0 })}
        keys={k('idle')}
        testid={mine ? 'nat-idle' : undefined}
      />
      {p.priv > 0 && <Counter n={n} icon="architect" value={p.priv} label={t('nat.ui.privArch')} />}
    </div>
  );
}

/** The population track: the food side and the stability side, filled or empty, and the overflow. */
function Track({ p, seat }: { p: Player; seat: number }) {
  const n = useNat();
  const { t } = n;
  const mine = seat === n.me;
  const { active, attrs } = targetAttrs(n, mine ? ['item:worker'] : []);
  const side = (cap: number, filled: number, kind: 'food' | 'stability') =>
    Array.from({ length: cap }, (_, i) => {
      const full = i < filled;
      return (
        <span
          key={i}
          className={`nat-space ${full ? 'full' : 'empty'}`}
          title={full ? '' : t(`nat.ui.emptyCost.${kind}`)}
        >
          {full ? (
            <Icon name="worker" />
          ) : (
            <span className="nat-minus">
              −3
              <Icon name={kind} />
            </span>
          )}
        </span>
      );
    });
  const label = t('nat.ui.trackLabel', {
    food: p.foodFilled,
    foodCap: p.foodCap,
    stab: p.stabFilled,
    stabCap: p.stabCap,
    overflow: p.overflow,
  });
  const inner = (
    <>
      <span className="nat-track-side" aria-hidden="true">
        <Icon name="food" />
        {side(p.foodCap, p.foodFilled, 'food')}
      </span>
      <span className="nat-track-side" aria-hidden="true">
        <Icon name="stability" />
        {side(p.stabCap, p.stabFilled, 'stability')}
      </span>
      {p.overflow > 0 && (
        <span className="nat-overflow" aria-hidden="true">
          +{p.overflow}
          <Icon name="worker" />
        </span>
      )}
    </>
  );
  if (active.length)
    return (
      <button
        type="button"
        className={`nat-track is-target ${n.sel === active.join(' ') ? 'is-selected' : ''}`}
        aria-label={`${t('nat.ui.track')}: ${label}, ${t('nat.ui.canChoose')}`}
        {...attrs}
        onClick={() => n.pick(active.join(' '))}
      >
        {inner}
        <span className="nc-tick" aria-hidden="true">
          ✓
        </span>
      </button>
    );
  return (
    <div className="nat-track" role="img" aria-label={`${t('nat.ui.track')}: ${label}`} {...attrs}>
      {inner}
    </div>
  );
}

function instCard(
  n: Nat,
  x: Inst,
  seat: number,
  size: 'nation' | 'mini',
  extraKeys: string[] = [],
  extra?: string,
) {
  const p = n.view.players[seat]!;
  const mine = seat === n.me;
  const c = cardData(x.id);
  const rowCard = c && (c.type === 'building' || c.type === 'military');
  return (
    <Card
      key={x.u}
      id={x.id}
      size={size}
      keys={mine ? [...extraKeys, `card:${x.u}`] : []}
      workers={rowCard ? x.w : undefined}
      used={p.used.includes(x.u)}
      extra={extra}
    />
  );
}

function EmptySlot({ label, keys = [], testid }: { label: string; keys?: string[]; testid?: string }) {
  const n = useNat();
  const { active, attrs } = targetAttrs(n, keys);
  if (active.length)
    return (
      <button
        type="button"
        className={`nat-slot-empty is-target ${n.sel === active.join(' ') ? 'is-selected' : ''}`}
        aria-label={`${label}, ${n.t('nat.ui.canChoose')}`}
        data-testid={testid}
        {...attrs}
        onClick={() => n.pick(active.join(' '))}
      >
        <span aria-hidden="true">{label}</span>
        <span className="nc-tick" aria-hidden="true">
          ✓
        </span>
      </button>
    );
  return (
    <span className="nat-slot-empty" data-testid={testid} {...attrs}>
      {label}
    </span>
  );
}

/** The wonder under construction: its stages (stone each), the architects on the built ones, hiring. */
function Wip({ seat, size }: { seat: number; size: 'nation' | 'mini' }) {
  const n = useNat();
  const { view, t } = n;
  const p = view.players[seat]!;
  const mine = seat === n.me;
  const w = p.wip;
  const c = w ? cardData(w.id) : undefined;
  const hire = (priv: boolean) => {
    const key = priv ? 'item:privateArchitect' : 'item:architect';
    const { active, attrs } = targetAttrs(n, mine ? [key] : []);
    const count = priv ? p.priv : view.pool;
    if (!mine || (priv && p.priv === 0)) return null;
    const label = priv ? t('nat.ui.hirePriv', { n: count }) : t('nat.ui.hirePool', { n: count });
    const why = active.length ? null : hireWhy(n, seat, priv);
    return (
      <button
        key={key}
        type="button"
        className={`nat-hire ${active.length ? 'is-target' : ''} ${n.sel === key ? 'is-selected' : ''}`}
        disabled={!active.length}
        aria-label={why ? `${label}, ${why}` : label}
        {...attrs}
        onClick={() => n.pick(key)}
      >
        <Icon name="architect" />
        {label}
        {why && <span className="nc-why"> — {why}</span>}
      </button>
    );
  };
  return (
    <div className="nat-wip">
      {w && c ? (
        <Card
          id={w.id}
          size={size}
          keys={[]}
          stagesShown
          extra={t('nat.ui.wipLabel', { built: w.built, stages: c.stages?.length ?? 0 })}
        >
          <span className="nc-stages" aria-hidden="true">
            {(c.stages ?? []).map((cost, i) => (
              <span key={i} className={`nc-stage ${i < w.built ? 'built' : ''}`}>
                {i < w.built ? <Icon name="architect" /> : null}
                {cost}
                <Icon name="stone" />
              </span>
            ))}
          </span>
        </Card>
      ) : (
        <EmptySlot label={t('nat.ui.noWip')} />
      )}
      {size === 'nation' && w && (
        <div className="nat-hires">
          {hire(false)}
          {hire(true)}
        </div>
      )}
    </div>
  );
}

/** Why I cannot hire an architect now (null: not my turn for it). */
function hireWhy(n: Nat, seat: number, priv: boolean): string | null {
  const { view, t } = n;
  if (n.me !== seat || view.turn?.s !== seat || view.pending || !n.legal.some((a) => a.type === 'pass'))
    return null;
  if ((view.turn?.left ?? 0) <= 0) return t('nat.ui.why.noAction');
  const p = view.players[seat]!;
  if (!p.wip) return null;
  const c = cardData(p.wip.id);
  const stage = c?.stages?.[p.wip.built];
  if (stage === undefined) return t('nat.ui.why.built');
  if ((priv ? p.priv : view.pool) <= 0) return t('nat.ui.why.noArchitect');
  if (p.res.stone < stage) return t('nat.ui.why.stone', { n: stage, have: p.res.stone });
  return null;
}

export function NationBoard({
  seat,
  large,
  headingId,
}: {
  seat: number;
  large?: boolean;
  headingId?: string;
}) {
  const n = useNat();
  const { view, t } = n;
  const p = view.players[seat]!;
  const mine = seat === n.me;
  const size = large ? 'nation' : 'mini';
  const nb = p.nation ? nationBoard(p.nation, p.side) : undefined;
  const advCap = Math.max(nb?.slots.advisor ?? 1, p.advisors.length);
  const colCap = Math.max(nb?.slots.colonies ?? 2, p.colonies.length);
  const wonCap = Math.max(nb?.slots.wonders ?? 5, p.wonders.length);
  const acting = view.turn?.s === seat || view.pending?.s === seat;
  const boardKeys = mine ? ['card:-1'] : [];
  const { active: boardActive, attrs: boardAttrs } = targetAttrs(n, boardKeys);
  const nationTitle = p.nation ? `${n.nation(p.nation)} (${p.side})` : t('nat.ui.noNation');
  return (
    <div
      className={`nat-nation ${large ? 'large' : 'compact'} ${acting ? 'acting' : ''}`}
      data-seat={seat}
      data-testid={large ? 'nat-mine' : `nat-nation-${seat}`}
    >
      <div className="nat-nation-head">
        <h2 id={headingId}>
          <span className={`shape seat-${seat}`} aria-hidden="true">
            {SHAPES[seat % SHAPES.length]}
          </span>{' '}
          {mine ? (
            <>
              <span className="sr-only">{t('nat.ui.yourNationSr')} </span>
              {nationTitle} <span className="nat-you">{t('nat.ui.you')}</span>
            </>
          ) : (
            t('nat.ui.nationOf', { name: n.name(seat), nation: nationTitle })
          )}
        </h2>
        <span className="nat-level">{n.g(`nat.level.${p.level}`)}</span>
        {p.passed && <Badge tone="info">{t('nat.ui.passed', { n: view.passOrder.indexOf(seat) + 1 })}</Badge>}
        {acting && !view.over && <Badge tone="good">{t('nat.ui.acting')}</Badge>}
        {p.used.includes(-1) && <Badge tone="info">{t('nat.ui.boardUsed')}</Badge>}
        {boardActive.length > 0 && (
          <button
            type="button"
            className="nat-board-ability is-target"
            {...boardAttrs}
            onClick={() => n.pick(boardActive.join(' '))}
          >
            {t('nat.ui.boardAbility')}
            <span className="nc-tick" aria-hidden="true">
              ✓
            </span>
          </button>
        )}
        {p.warLost && (p.warLost.vp > 0 || Object.values(p.warLost.res).some(Boolean)) && (
          <Badge tone="bad">{t('nat.ui.warLost')}</Badge>
        )}
        <span className="nat-area-track">
          <span className="nat-track-h" aria-hidden="true">
            {t('nat.ui.trackShort')}
          </span>
          <Track p={p} seat={seat} />
        </span>
      </div>
      <Stats seat={seat} large={!!large} />
      <div className="nat-areas">
        <div className="nat-area nat-area-adv" role="group" aria-label={t('nat.ui.advisor')}>
          <h3>{t('nat.ui.advisor')}</h3>
          <div className="nat-cards">
            {p.advisors.map((x) => instCard(n, x, seat, size))}
            {Array.from({ length: advCap - p.advisors.length }, (_, i) => (
              <EmptySlot key={`a${i}`} label={t('nat.ui.emptyAdvisor')} />
            ))}
          </div>
        </div>
        <div className="nat-area nat-area-row" role="group" aria-label={t('nat.ui.row')}>
          <h3>{t('nat.ui.row')}</h3>
          <div className="nat-cards">
            {p.row.map((x, i) =>
              x ? (
                instCard(n, x, seat, size, mine ? [`slot:${i}`] : [], t('nat.ui.slotN', { n: i + 1 }))
              ) : (
                <EmptySlot
                  key={`s${i}`}
                  label={t('nat.ui.emptySlot', { n: i + 1 })}
                  keys={mine ? [`slot:${i}`] : []}
                />
              ),
            )}
          </div>
        </div>
        <div className="nat-area nat-area-col" role="group" aria-label={t('nat.ui.colonies')}>
          <h3>{t('nat.ui.colonies')}</h3>
          <div className="nat-cards">
            {p.colonies.map((x) => instCard(n, x, seat, size))}
            {Array.from({ length: colCap - p.colonies.length }, (_, i) => (
              <EmptySlot key={`c${i}`} label={t('nat.ui.emptyColony')} />
            ))}
          </div>
        </div>
        <div
          className="nat-area nat-area-won"
          role="group"
          aria-label={t('nat.ui.wonders', { n: p.wonders.length, cap: wonCap })}
        >
          <h3>{t('nat.ui.wonders', { n: p.wonders.length, cap: wonCap })}</h3>
          <div className="nat-cards">
            <Wip seat={seat} size={size} />
            {p.wonders.map((x) => instCard(n, x, seat, 'mini'))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The other nations: one line each (VP, resources, strength, stability, workers), expandable to the board. */
export function Others({ seats }: { seats: number[] }) {
  const n = useNat();
  const { t, view } = n;
  return (
    <div className="nat-others-list">
      <h2 id="nat-others-h">{view.solo ? t('nat.ui.opponent') : t('nat.ui.others')}</h2>
      {view.solo && view.solo1 && <VoLine />}
      {seats.map((s) => (
        <Other key={s} seat={s} />
      ))}
    </div>
  );
}

function Other({ seat }: { seat: number }) {
  const n = useNat();
  const { view, t } = n;
  const [open, setOpen] = useState(false);
  const p = view.players[seat]!;
  const { active, attrs } = targetAttrs(n, [`seat:${seat}`]);
  const summary = (
    <>
      <span className={`shape seat-${seat}`} aria-hidden="true">
        {SHAPES[seat % SHAPES.length]}
      </span>
      <b>{n.name(seat)}</b>
      <span className="nat-other-nation">{p.nation ? `${n.nation(p.nation)} (${p.side})` : ''}</span>
      <span className="nat-mini-stats" aria-hidden="true">
        <span>
          {p.vp}
          <Icon name="vp" />
        </span>
        {RES.map((r) => (
          <span key={r}>
            {p.res[r]}
            <Icon name={r} />
          </span>
        ))}
        <span>
          {view.strength[seat]}
          <Icon name="strength" />
        </span>
        <span>
          {view.stability[seat]}
          <Icon name="stability" />
        </span>
        <span>
          {p.idle}/{view.workers[seat]}
          <Icon name="worker" />
        </span>
      </span>
      {p.passed && <Badge tone="info">{t('nat.ui.passedShort')}</Badge>}
      {(view.turn?.s === seat || view.pending?.s === seat) && !view.over && (
        <Badge tone="good">{t('nat.ui.acting')}</Badge>
      )}
    </>
  );
  const words = t('nat.ui.otherLine', {
    name: n.name(seat),
    nation: p.nation ? n.nation(p.nation) : '',
    vp: p.vp,
    gold: p.res.gold,
    stone: p.res.stone,
    food: p.res.food,
    books: p.res.books,
    strength: view.strength[seat] ?? 0,
    stability: view.stability[seat] ?? 0,
    idle: p.idle,
    workers: view.workers[seat] ?? 0,
  });
  return (
    <div className={`nat-other ${open ? 'open' : ''}`} data-seat={seat} data-testid={`nat-other-${seat}`}>
      <div className="nat-other-line">
        <button
          type="button"
          className="nat-other-head"
          aria-expanded={open}
          aria-label={words}
          onClick={() => setOpen(!open)}
        >
          <span className="nat-caret" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {summary}
        </button>
        {active.length > 0 && (
          <button
            type="button"
            className="nat-give is-target"
            {...attrs}
            onClick={() => n.pick(active.join(' '))}
          >
            {t('nat.ui.chooseNation', { name: n.name(seat) })}
            <span className="nc-tick" aria-hidden="true">
              ✓
            </span>
          </button>
        )}
      </div>
      {open && <NationBoard seat={seat} />}
    </div>
  );
}

/** The virtual opponent as a line among the nations (solo). */
function VoLine() {
  const n = useNat();
  const { view, t } = n;
  const vo = view.solo1!;
  const dash = (x: number | null) => (x === null ? '—' : String(x));
  return (
    <div className="nat-other nat-vo" data-testid="nat-vo-line">
      <div className="nat-other-line">
        <span className="nat-other-head static">
          <Icon name="solo" />
          <b>{t('nat.ui.vo')}</b>
          <span className="nat-mini-stats">
            <span>
              {t('nat.ui.strength')} {dash(vo.strength)}
            </span>
            <span>
              {t('nat.ui.stability')} {dash(vo.stability)}
            </span>
            <span>
              {n.g('nat.res.books')} {vo.books}
            </span>
            {vo.workers !== null && (
              <span>
                {t('nat.ui.workers')} {vo.workers}
              </span>
            )}
          </span>
        </span>
      </div>
    </div>
  );
}
