/**
 * The realm map drawn from the view and the data pack: each area a hexagon filled by what it yields
 * (fields, forest, hills: colour and pattern), home realms banded in their faction's colour, mountain
 * (brown, zig-zag) and water (blue, doubled) borders, cities, strongholds (damaged ones cracked),
 * developments, rune tokens (face down unless known), every faction's units by type (their rule shape)
 * with counts, routed ones dashed, unallied neutrals in white, heroes, activation tokens, drafted moves
 * as arrows, a battle crossed, and the areas the player may choose ringed with a corner tick. Far out
 * each area shows a summary; pan and zoom from the shared map module. The SVG is one tab stop; the
 * choices are also a list below it.
 */
import { useMemo } from 'react';
import type { RwView } from '@tabula/runewars';
import { hexCorners, MapTools, usePanZoom } from '../../map/panzoom.js';
import { SEAT_SHAPES, useRw } from './ctx.js';
import type { Rw } from './ctx.js';

const S3 = Math.sqrt(3);
const TERRAIN = ['url(#rw-fields)', 'url(#rw-forest)', 'url(#rw-hills)'];

/** A unit's shape (triangle, circle, rectangle, hexagon) of radius r around (x, y). */
export function UnitShape(props: {
  shape: number;
  x: number;
  y: number;
  r: number;
  className?: string;
  fill?: string;
}) {
  const { shape, x, y, r } = props;
  const common = { className: props.className, fill: props.fill };
  if (shape === 0)
    return (
      <polygon
        {...common}
        points={`${x},${y - r * 1.1} ${x + r * 1.05},${y + r * 0.75} ${x - r * 1.05},${y + r * 0.75}`}
      />
    );
  if (shape === 1) return <circle {...common} cx={x} cy={y} r={r * 0.9} />;
  if (shape === 2)
    return (
      <rect {...common} x={x - r * 0.95} y={y - r * 0.7} width={r * 1.9} height={r * 1.4} rx={r * 0.12} />
    );
  return <polygon {...common} points={hexCorners(x, y, r, 0)} />;
}

/** What an area holds, in words (the places list and the map's labels for screen readers). */
export function areaText(s: Rw, a: number): string {
  const { view: v, pack: p } = s;
  const parts: string[] = [];
  const res = p.areas[a]!.res;
  const yields = ['food', 'wood', 'ore']
    .map((r, i) => (res[i] ? s.t('rw.ui.yield', { n: res[i]!, res: s.g(`rw.res.${r}`) }) : ''))
    .filter(Boolean);
  if (yields.length) parts.push(yields.join(', '));
  const own = v.own[a]!;
  const units: string[] = [];
  for (let u = 0; u < p.U; u++) {
    const n = v.us[a * p.U + u]! + v.ur[a * p.U + u]!;
    if (!n) continue;
    const r = v.ur[a * p.U + u]!;
    units.push(
      r ? s.t('rw.ui.unitsRouted', { n, unit: s.unit(u), r }) : s.t('rw.ui.units', { n, unit: s.unit(u) }),
    );
  }
  if (units.length) parts.push(`${own >= 0 ? s.name(own) : s.t('rw.ui.neutral')}: ${units.join(', ')}`);
  if (v.city[a]! >= 0) parts.push(s.t('rw.ui.city'));
  if (v.sh[a]! >= 0)
    parts.push(s.t(v.shd[a] ? 'rw.ui.strongholdDamaged' : 'rw.ui.stronghold', { name: s.name(v.sh[a]!) }));
  if (v.dev[a]! >= 0) parts.push(s.g(`rw.dev.${v.dev[a]}`));
  if (v.rk[a]! !== -1)
    parts.push(
      s.t(
        v.rup[a]
          ? v.rk[a] === 1
            ? 'rw.ui.runeUpDragon'
            : 'rw.ui.runeUpFalse'
          : v.rk[a] === 1
            ? 'rw.ui.runeDragon'
            : v.rk[a] === 0
              ? 'rw.ui.runeFalse'
              : 'rw.ui.runeHidden',
      ),
    );
  const heroes = heroesAt(v, a).map((h) => p.heroes[h]?.name[s.locale] ?? '?');
  if (heroes.length) parts.push(s.t('rw.ui.heroesHere', { names: heroes.join(', ') }));
  const act = [...Array(v.n).keys()].filter((x) => v.act[a]! & (1 << x));
  if (act.length) parts.push(s.t('rw.ui.activatedBy', { names: act.map(s.name).join(', ') }));
  return parts.join('; ');
}

export function heroesAt(v: RwView, a: number): number[] {
  const out: number[] = [];
  v.hero?.at.forEach((x, h) => x === a && out.push(h));
  return out;
}

/** The moves drafted in the frame on top (Strategize: from, to; Mobilize: into the activated area). */
function drafted(v: RwView): { from: number; to: number; n: number }[] {
  const f = v.stack[v.stack.length - 1];
  const m = new Map<string, { from: number; to: number; n: number }>();
  const add = (from: number, to: number) => {
    const k = `${from}-${to}`;
    const e = m.get(k) ?? { from, to, n: 0 };
    e.n++;
    m.set(k, e);
  };
  if (f?.k === 'strat') for (let i = 0; i < f.d.length; i += 3) add(f.d[i]!, f.d[i + 1]!);
  if (f?.k === 'mob' && f.x >= 0) for (let i = 0; i < f.d.length; i += 2) add(f.d[i]!, f.x);
  return [...m.values()];
}

export function MapView() {
  const s = useRw();
  const { geo, view: v, pack: p, t } = s;
  const full = useMemo(() => geo.bounds, [geo]);
  const pz = usePanZoom(full, { minW: 3.5 });
  const { u, scale } = pz;
  const detail = scale >= 30;
  const battle = v.stack.find((f) => f.k === 'battle');
  const moves = drafted(v);
  const targetPts = [...s.targets.keys()].map((a) => geo.at.get(a)!).filter(Boolean);
  const click = (a: number) => {
    if (pz.dragged()) return;
    s.pick(a);
  };
  return (
    <div className="rw-mapbox">
      <MapTools
        className="rw-map-tools"
        pz={pz}
        label={t('rw.ui.map')}
        zoomIn={t('rw.ui.zoomIn')}
        zoomOut={t('rw.ui.zoomOut')}
        fit={t('rw.ui.fit')}
        fitTargets={t('rw.ui.fitTargets')}
        targets={targetPts}
      />
      <div
        {...pz.wrapProps}
        className="rw-map"
        tabIndex={0}
        role="group"
        aria-label={t('rw.ui.mapHelp')}
        data-testid="rw-map"
        data-scale={scale.toFixed(1)}
      >
        <svg
          viewBox={`${pz.box.x} ${pz.box.y} ${pz.box.w} ${pz.box.h}`}
          preserveAspectRatio="xMidYMid meet"
          aria-hidden="true"
          data-testid="rw-svg"
        >
          <Defs />
          <g className="rw-areas">
            {geo.on.map((a) => {
              const c = geo.at.get(a)!;
              const res = p.areas[a]!.res;
              let best = 0;
              for (let i = 1; i < 3; i++) if ((res[i] ?? 0) > (res[best] ?? 0)) best = i;
              const home = v.home[a]!;
              return (
                <g key={a} data-area={a}>
                  <polygon points={hexCorners(c.x, c.y, 0.985, 0)} fill={TERRAIN[best]} className="hex" />
                  {home >= 0 && (
                    <polygon
                      points={hexCorners(c.x, c.y, 0.86, 0)}
                      className="home"
                      stroke={s.colour(home)}
                    />
                  )}
                </g>
              );
            })}
          </g>
          <g className="rw-borders">
            {geo.borders.map((b, i) => (
              <line
                key={i}
                x1={b.x1}
                y1={b.y1}
                x2={b.x2}
                y2={b.y2}
                className={b.kind === 1 ? 'mtn' : 'water'}
              />
            ))}
          </g>
          {geo.on.map((a) => (
            <Area key={a} a={a} detail={detail} u={u} />
          ))}
          {battle && battle.k === 'battle' && geo.at.get(battle.area) && (
            <g className="rw-battle-mark" data-testid="rw-battle-mark">
              <circle cx={geo.at.get(battle.area)!.x} cy={geo.at.get(battle.area)!.y} r={0.9} />
              <path
                d={`M${geo.at.get(battle.area)!.x - 0.3},${geo.at.get(battle.area)!.y - 0.3} l0.6,0.6 M${geo.at.get(battle.area)!.x + 0.3},${geo.at.get(battle.area)!.y - 0.3} l-0.6,0.6`}
              />
            </g>
          )}
          <g className="rw-moves" data-testid="rw-moves">
            {moves.map((m) => {
              const a = geo.at.get(m.from),
                b = geo.at.get(m.to);
              if (!a || !b || m.from === m.to) return null;
              const dx = b.x - a.x,
                dy = b.y - a.y,
                len = Math.hypot(dx, dy);
              const x2 = b.x - (dx / len) * 0.45,
                y2 = b.y - (dy / len) * 0.45;
              return (
                <g key={`${m.from}-${m.to}`}>
                  <line x1={a.x} y1={a.y} x2={x2} y2={y2} markerEnd="url(#rw-arrow)" />
                  <circle cx={(a.x + b.x) / 2} cy={(a.y + b.y) / 2} r={0.2} />
                  <text x={(a.x + b.x) / 2} y={(a.y + b.y) / 2} dy="0.35em" fontSize={0.24}>
                    {m.n}
                  </text>
                </g>
              );
            })}
          </g>
          {s.prefix.map((a) => {
            const c = geo.at.get(a);
            return c ? (
              <polygon key={`sel-${a}`} points={hexCorners(c.x, c.y, 0.9, 0)} className="rw-selected" />
            ) : null;
          })}
          {[...s.targets.keys()].map((a) => {
            const c = geo.at.get(a);
            if (!c) return null;
            return (
              <g
                key={`t-${a}`}
                className="rw-target"
                data-target={a}
                onClick={() => click(a)}
                role="presentation"
              >
                <polygon points={hexCorners(c.x, c.y, 0.98, 0)} className="hit" />
                <polygon
                  points={hexCorners(c.x, c.y, 0.9, 0)}
                  className="ring-out"
                  strokeWidth={Math.max(0.1, u(5))}
                />
                <polygon
                  points={hexCorners(c.x, c.y, 0.9, 0)}
                  className="ring-in"
                  strokeWidth={Math.max(0.04, u(2))}
                />
                <path
                  className="tick"
                  d={`M${c.x + 0.35},${c.y - 0.62} l0.12,0.12 l0.22,-0.24`}
                  strokeWidth={Math.max(0.06, u(3))}
                />
              </g>
            );
          })}
        </svg>
      </div>
      <details className="rw-all-areas" data-testid="rw-all-areas">
        <summary>{t('rw.ui.allAreas', { n: geo.on.length })}</summary>
        <ul>
          {[...geo.on]
            .sort((a, b) => s.area(a).localeCompare(s.area(b)))
            .map((a) => (
              <li key={a}>
                <strong>{s.area(a)}</strong>
                {(() => {
                  const txt = areaText(s, a);
                  return txt ? `: ${txt}` : '';
                })()}
                {(geo.adj.get(a) ?? []).some((e) => e.kind) && (
                  <span className="borders">
                    {' '}
                    (
                    {(geo.adj.get(a) ?? [])
                      .filter((e) => e.kind)
                      .map((e) => t(e.kind === 1 ? 'rw.ui.mtnTo' : 'rw.ui.waterTo', { area: s.area(e.b) }))
                      .join(', ')}
                    )
                  </span>
                )}
              </li>
            ))}
        </ul>
      </details>
    </div>
  );
}

function Defs() {
  return (
    <defs>
      <pattern
        id="rw-fields"
        width="0.3"
        height="0.3"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="0.3" height="0.3" fill="#efe0a0" />
        <line x1="0" y1="0" x2="0" y2="0.3" stroke="#d2b85a" strokeWidth="0.06" />
      </pattern>
      <pattern id="rw-forest" width="0.5" height="0.45" patternUnits="userSpaceOnUse">
        <rect width="0.5" height="0.45" fill="#a9cf98" />
        <path d="M0.25 0.08 L0.37 0.32 L0.13 0.32 Z" fill="#6e9d5f" />
      </pattern>
      <pattern id="rw-hills" width="0.5" height="0.4" patternUnits="userSpaceOnUse">
        <rect width="0.5" height="0.4" fill="#d3ccc0" />
        <path d="M0.05 0.32 L0.18 0.14 L0.31 0.32" fill="none" stroke="#9b9183" strokeWidth="0.04" />
      </pattern>
      <marker
        id="rw-arrow"
        viewBox="0 0 10 10"
        refX="6"
        refY="5"
        markerWidth="4"
        markerHeight="4"
        orient="auto"
      >
        <path d="M0,0 L10,5 L0,10 z" fill="#1d1b16" />
      </marker>
    </defs>
  );
}

function Area({ a, detail, u }: { a: number; detail: boolean; u: (n: number) => number }) {
  const s = useRw();
  const { view: v, pack: p, geo } = s;
  const c = geo.at.get(a)!;
  const { x, y } = c;
  const own = v.own[a]!;
  const units: { u: number; s: number; r: number }[] = [];
  let total = 0;
  for (let k = 0; k < p.U; k++) {
    const st = v.us[a * p.U + k]!,
      rt = v.ur[a * p.U + k]!;
    if (st + rt) units.push({ u: k, s: st, r: rt });
    total += st + rt;
  }
  const ownColour = own >= 0 ? s.colour(own) : '#fbf8f0';
  const label = shortName(s, a);
  const heroes = heroesAt(v, a);
  const fs = detail ? 0.24 : Math.min(0.5, Math.max(0.3, u(10)));
  return (
    <g className="rw-area" data-label={label}>
      <text x={x} y={y - (detail ? 0.62 : 0.5)} dy="0.35em" fontSize={fs} className="label">
        {label}
      </text>
      {detail ? (
        <>
          {v.city[a]! >= 0 && <City x={x - 0.62} y={y - 0.28} />}
          {v.rk[a]! !== -1 && <Rune x={x - 0.3} y={y - 0.28} a={a} />}
          {v.sh[a]! >= 0 && <Stronghold x={x + 0.34} y={y - 0.28} seat={v.sh[a]!} damaged={!!v.shd[a]} />}
          {v.dev[a]! >= 0 && (
            <g className="dev">
              <rect x={x + 0.5} y={y - 0.42} width={0.26} height={0.26} rx={0.04} />
              <text x={x + 0.63} y={y - 0.29} dy="0.35em" fontSize={0.18}>
                {s.t(`rw.ui.devLetter${v.dev[a]}`)}
              </text>
            </g>
          )}
          {units.length > 0 && (
            <g className="units">
              {own >= 0 && (
                <g className="owner">
                  <circle cx={x - 0.78} cy={y + 0.12} r={0.13} fill={ownColour} />
                  <text x={x - 0.78} y={y + 0.12} dy="0.35em" fontSize={0.17}>
                    {SEAT_SHAPES[own]}
                  </text>
                </g>
              )}
              {units.map((e, i) => {
                const n = units.length;
                const gap = Math.min(0.5, 1.35 / n);
                const ux = x - 0.1 - ((n - 1) * gap) / 2 + i * gap + (own >= 0 ? 0.08 : 0);
                const neutral = p.units[e.u]!.faction < 0;
                return (
                  <g
                    key={e.u}
                    className={`chip ${neutral && own < 0 ? 'unallied' : ''} ${e.r ? 'routed' : ''}`}
                    data-unit={e.u}
                  >
                    <UnitShape
                      shape={p.units[e.u]!.shape}
                      x={ux}
                      y={y + 0.12}
                      r={0.23}
                      fill={neutral && own < 0 ? '#fbf8f0' : neutral ? '#e8e4da' : ownColour}
                    />
                    <text x={ux} y={y + 0.14} dy="0.35em" fontSize={0.25} className="n">
                      {e.s + e.r}
                    </text>
                    {e.r > 0 && (
                      <text x={ux} y={y + 0.4} dy="0.35em" fontSize={0.12} className="r">
                        {s.t('rw.ui.routedShort', { n: e.r })}
                      </text>
                    )}
                  </g>
                );
              })}
            </g>
          )}
          <Yield a={a} x={x} y={y + 0.6} />
          {[...Array(v.n).keys()]
            .filter((k) => v.act[a]! & (1 << k))
            .map((k, i) => (
              <g key={`act-${k}`} className="act">
                <path
                  d={`M${x + 0.4 + i * 0.2},${y + 0.72} v-0.3 l0.18,0.08 l-0.18,0.08`}
                  fill={s.colour(k)}
                  stroke="#1d1b16"
                  strokeWidth={0.025}
                />
              </g>
            ))}
          {heroes.map((h, i) => (
            <g key={`h-${h}`} className="hero" data-hero={h}>
              <polygon
                points={star(x + 0.7 - i * 0.26, y + 0.35, 0.14)}
                fill={(v.hero?.ctl[h] ?? -1) >= 0 ? s.colour(v.hero!.ctl[h]!) : '#fff'}
              />
            </g>
          ))}
        </>
      ) : (
        <>
          {total > 0 && (
            <g className={`summary ${own < 0 ? 'unallied' : ''}`}>
              <circle cx={x} cy={y + 0.12} r={0.42} fill={ownColour} />
              <text x={x} y={y + 0.12} dy="0.35em" fontSize={0.42} className="n">
                {total}
              </text>
              {own >= 0 && (
                <text x={x - 0.52} y={y + 0.12} dy="0.35em" fontSize={0.34} className="shape">
                  {SEAT_SHAPES[own]}
                </text>
              )}
            </g>
          )}
          {v.sh[a]! >= 0 && <Stronghold x={x + 0.55} y={y - 0.05} seat={v.sh[a]!} damaged={!!v.shd[a]} big />}
          {v.rk[a]! !== -1 && <Rune x={x - 0.55} y={y + 0.5} a={a} />}
          {v.city[a]! >= 0 && <City x={x + 0.5} y={y + 0.52} />}
        </>
      )}
    </g>
  );
}

function star(x: number, y: number, r: number): string {
  const pts: string[] = [];
  for (let k = 0; k < 10; k++) {
    const a = (Math.PI / 5) * k - Math.PI / 2;
    const rr = k % 2 ? r * 0.45 : r;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(3)},${(y + rr * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(' ');
}

/** The area's printed label ("3A"); a home realm area by its faction's initial and number. */
export function shortName(s: Rw, a: number): string {
  const ar = s.pack.areas[a]!;
  if (ar.faction < 0) return ar.id;
  const f = s.pack.factions[ar.faction]!;
  return `${f.name[s.locale].slice(0, 1)}${f.home.indexOf(a) + 1}`;
}

function City({ x, y }: { x: number; y: number }) {
  return (
    <g className="city">
      <path d={`M${x - 0.13},${y + 0.12} v-0.16 l0.13,-0.12 l0.13,0.12 v0.16 z`} />
      <rect x={x - 0.04} y={y + 0.02} width={0.08} height={0.1} className="door" />
    </g>
  );
}

function Stronghold(props: { x: number; y: number; seat: number; damaged: boolean; big?: boolean }) {
  const s = useRw();
  const k = props.big ? 1.3 : 1;
  const { x, y } = props;
  const w = 0.28 * k,
    h = 0.2 * k;
  return (
    <g className={`stronghold ${props.damaged ? 'damaged' : ''}`}>
      <path
        d={`M${x - w / 2},${y + h / 2} v${-h} h${w / 5} v${h / 3} h${w / 5} v${-h / 3} h${w / 5} v${h / 3} h${w / 5} v${-h / 3} h${w / 5} v${h} z`}
        fill={s.colour(props.seat)}
      />
      {props.damaged && (
        <path className="crack" d={`M${x - w / 2},${y - h / 2} L${x + w / 2},${y + h / 2}`} />
      )}
    </g>
  );
}

function Rune({ x, y, a }: { x: number; y: number; a: number }) {
  const s = useRw();
  const k = s.view.rk[a]!;
  const up = !!s.view.rup[a];
  const cls = k === 1 ? 'dragon' : k === 0 ? 'false' : 'hidden';
  return (
    <g className={`rune ${cls} ${up ? 'up' : ''}`}>
      <circle cx={x} cy={y} r={0.13} />
      <text x={x} y={y} dy="0.35em" fontSize={0.15}>
        {k === 1 ? s.t('rw.ui.runeDragonShort') : k === 0 ? '✕' : '?'}
      </text>
    </g>
  );
}

function Yield({ a, x, y }: { a: number; x: number; y: number }) {
  const s = useRw();
  const res = s.pack.areas[a]!.res;
  const icons: number[] = [];
  res.forEach((n, i) => {
    for (let k = 0; k < n; k++) icons.push(i);
  });
  return (
    <g className="yield">
      {icons.map((r, i) => {
        const ix = x - 0.45 + i * 0.2;
        if (r === 0) return <ellipse key={i} cx={ix} cy={y} rx={0.06} ry={0.09} className="food" />;
        if (r === 1)
          return (
            <polygon
              key={i}
              points={`${ix},${y - 0.1} ${ix + 0.08},${y + 0.08} ${ix - 0.08},${y + 0.08}`}
              className="wood"
            />
          );
        return (
          <polygon
            key={i}
            points={`${ix},${y - 0.09} ${ix + 0.08},${y} ${ix},${y + 0.09} ${ix - 0.08},${y}`}
            className="ore"
          />
        );
      })}
    </g>
  );
}

export { S3 };
