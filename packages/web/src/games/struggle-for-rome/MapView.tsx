/**
 * The map of the Empire, drawn from the map data (any map file): hexes by terrain (colour and pattern)
 * with their numbers, provinces by a coloured inner band and their borders, the lands beyond the limes
 * hatched behind the limes line, roads (plain, land arrows, dashed sea routes), cities with towers,
 * eagle, province letter, loot token and owner, every tribe, the legionnaire, and the places the player
 * may choose (ringed, with the paid arrows of a move). Pan and zoom by drag, wheel, pinch, buttons and
 * keys; the SVG is one tab stop, its choices are also a list beside it.
 */
import { useMemo } from 'react';
import type { MapGeo } from '@tabula/struggle-for-rome';
import { hexCorners, MapTools, usePanZoom } from '../../map/panzoom.js';
import type { Box } from '../../map/panzoom.js';
import { useSfr } from './ctx.js';
import { COLOUR, SHAPES } from './ctx.js';

const corners = (x: number, y: number, s = 1) => hexCorners(x, y, s);

const TERRAIN_FILL: Record<string, string> = {
  fields: 'url(#sfr-fields)',
  mountains: 'url(#sfr-mountains)',
  pasture: 'url(#sfr-pasture)',
  forest: 'url(#sfr-forest)',
};
/** Muted province colours by the data's colour names (a letter beside them: never colour alone). */
const PROV: Record<string, string> = {
  green: '#2e7d4f',
  blue: '#3a6ea5',
  yellow: '#b58900',
  purple: '#7b4f9d',
  red: '#b03a2e',
  brown: '#7a5230',
  grey: '#666',
  orange: '#c0692b',
};
const pips = (n: number) => (n ? 6 - Math.abs(7 - n) : 0);

export function MapView() {
  const s = useSfr();
  const { geo, t } = s;
  const full = useMemo<Box>(() => {
    const b = geo.bounds;
    return { x: b.minX - 0.3, y: b.minY - 0.3, w: b.maxX - b.minX + 0.6, h: b.maxY - b.minY + 0.6 };
  }, [geo]);
  const pz = usePanZoom(full);
  const { box, scale, u } = pz;
  const click = (id: string) => {
    if (pz.dragged()) return; // a drag, not a click
    s.pick(id);
  };
  // Labels keep a readable size on screen: sizes in map units grow as the map shrinks (u).
  const detail = scale >= 20; // hex numbers and city names in full
  const names = scale >= 17;
  const target = s.targets;
  const path = s.path;
  const pathPoints = path
    .map((id) => s.where(id))
    .filter(Boolean)
    .map((p) => `${p!.x},${p!.y}`)
    .join(' ');
  return (
    <div className="sfr-mapbox">
      <MapTools
        className="sfr-map-tools"
        pz={pz}
        label={t('sfr.ui.map')}
        zoomIn={t('sfr.ui.zoomIn')}
        zoomOut={t('sfr.ui.zoomOut')}
        fit={t('sfr.ui.fit')}
        fitTargets={t('sfr.ui.fitTargets')}
        targets={[...target.keys()]
          .map((id) => s.where(id))
          .filter((p): p is { x: number; y: number } => !!p)}
      />
      <div
        {...pz.wrapProps}
        className="sfr-map"
        tabIndex={0}
        role="group"
        aria-label={t('sfr.ui.mapHelp')}
        data-testid="sfr-map"
        data-scale={scale.toFixed(1)}
      >
        <svg
          viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
          preserveAspectRatio="xMidYMid meet"
          aria-hidden="true"
          data-testid="sfr-svg"
        >
          <Defs />
          <Hexes geo={geo} u={u} detail={detail} />
          <Limes geo={geo} />
          <Roads geo={geo} />
          {path.length > 1 && (
            <g data-testid="sfr-path">
              <polyline className="sfr-path-case" points={pathPoints} strokeWidth={Math.max(0.26, u(9))} />
              <polyline className="sfr-path" points={pathPoints} strokeWidth={Math.max(0.13, u(4.5))} />
            </g>
          )}
          <Nodes u={u} names={names} />
          <Legion u={u} />
          <Tribes u={u} />
          {[...target.entries()].map(([id, info]) => {
            const p = s.where(id);
            if (!p) return null;
            const isHex = s.kindOf(id) === 'hex';
            const r = isHex ? 0.55 : s.kindOf(id) === 'city' ? 0.42 : 0.3;
            const sel = s.selected === id;
            return (
              <g
                key={id}
                className={`sfr-target ${sel ? 'sel' : ''}`}
                data-target={id}
                onClick={() => click(id)}
                role="presentation"
              >
                <circle cx={p.x} cy={p.y} r={Math.max(r, u(12))} className="hit" />
                <circle cx={p.x} cy={p.y} r={r} className="ring-out" strokeWidth={Math.max(0.09, u(4))} />
                <circle cx={p.x} cy={p.y} r={r} className="ring-in" strokeWidth={Math.max(0.04, u(1.6))} />
                {info.paid > 0 && (
                  <g>
                    <circle
                      cx={p.x + r * 0.8}
                      cy={p.y - r * 0.8}
                      r={Math.max(0.17, u(8))}
                      className="badge"
                    />
                    <text
                      x={p.x + r * 0.8}
                      y={p.y - r * 0.8}
                      className="badge-t"
                      fontSize={Math.max(0.22, u(10))}
                      dy="0.35em"
                    >
                      {info.paid}
                    </text>
                  </g>
                )}
              </g>
            );
          })}
        </svg>
      </div>
    </div>
  );
}

function Defs() {
  return (
    <defs>
      <pattern
        id="sfr-fields"
        width="0.3"
        height="0.3"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="0.3" height="0.3" fill="#ecd98b" />
        <line x1="0" y1="0" x2="0" y2="0.3" stroke="#c9ad4a" strokeWidth="0.07" />
      </pattern>
      <pattern id="sfr-mountains" width="0.5" height="0.4" patternUnits="userSpaceOnUse">
        <rect width="0.5" height="0.4" fill="#c7c2b8" />
        <path
          d="M0 0.35 L0.12 0.12 L0.25 0.35 M0.25 0.35 L0.37 0.12 L0.5 0.35"
          fill="none"
          stroke="#8a8378"
          strokeWidth="0.04"
        />
      </pattern>
      <pattern id="sfr-pasture" width="0.3" height="0.3" patternUnits="userSpaceOnUse">
        <rect width="0.3" height="0.3" fill="#c5e0a5" />
        <circle cx="0.15" cy="0.15" r="0.04" fill="#7fae55" />
      </pattern>
      <pattern id="sfr-forest" width="0.45" height="0.45" patternUnits="userSpaceOnUse">
        <rect width="0.45" height="0.45" fill="#6f9e6a" />
        <path d="M0.22 0.06 L0.36 0.34 L0.08 0.34 Z" fill="#3f6b3c" />
      </pattern>
      <pattern
        id="sfr-beyond"
        width="0.25"
        height="0.25"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(-45)"
      >
        <line x1="0" y1="0" x2="0" y2="0.25" stroke="#5a3e22" strokeWidth="0.05" strokeOpacity="0.45" />
      </pattern>
    </defs>
  );
}

function Hexes({ geo, u, detail }: { geo: MapGeo; u: (n: number) => number; detail: boolean }) {
  const s = useSfr();
  // Province names at the middle of their hexes.
  const provMid = geo.provColour.map((_, p) => {
    const hs = geo.hexes.filter((h) => h.prov === p && !h.beyond);
    if (!hs.length) return null;
    return { x: hs.reduce((a, h) => a + h.x, 0) / hs.length, y: hs.reduce((a, h) => a + h.y, 0) / hs.length };
  });
  return (
    <g className="sfr-hexes">
      {geo.hexes.map((h) => (
        <g key={h.id}>
          <polygon points={corners(h.x, h.y, 0.985)} fill={TERRAIN_FILL[h.terrain]} className="hex" />
          {h.beyond ? (
            <polygon points={corners(h.x, h.y, 0.985)} fill="url(#sfr-beyond)" />
          ) : (
            h.prov >= 0 && (
              <polygon
                points={corners(h.x, h.y, 0.86)}
                fill="none"
                stroke={PROV[geo.provColour[h.prov]!] ?? '#666'}
                strokeWidth="0.09"
                strokeOpacity="0.75"
              />
            )
          )}
          {h.num > 0 && (
            <g className={`num ${h.num === 6 || h.num === 8 ? 'hot' : ''}`}>
              <circle cx={h.x} cy={h.y} r={Math.min(0.36, Math.max(0.27, u(10)))} />
              <text
                x={h.x}
                y={h.y}
                dy={detail ? '0.05em' : '0.35em'}
                fontSize={Math.min(0.34, Math.max(0.28, u(11)))}
              >
                {h.num}
              </text>
              {detail && (
                <text x={h.x} y={h.y + 0.2} fontSize="0.13" className="pips">
                  {'•'.repeat(pips(h.num))}
                </text>
              )}
            </g>
          )}
        </g>
      ))}
      {provMid.map(
        (p, i) =>
          p && (
            <text
              key={i}
              x={p.x}
              y={p.y + 1.1}
              className="prov-name"
              fontSize={Math.max(0.5, u(13))}
              fill={PROV[geo.provColour[i]!] ?? '#444'}
            >
              {s.provName(i)}
            </text>
          ),
      )}
    </g>
  );
}

function Limes({ geo }: { geo: MapGeo }) {
  return (
    <g className="sfr-limes">
      {geo.limes.map(([a, b], i) => {
        const p = geo.nodes[a]!,
          q = geo.nodes[b]!;
        return <line key={i} x1={p.x} y1={p.y} x2={q.x} y2={q.y} />;
      })}
    </g>
  );
}

function Roads({ geo }: { geo: MapGeo }) {
  return (
    <g className="sfr-roads">
      {geo.edges.map((e, i) => {
        const p = geo.nodes[e.a]!,
          q = geo.nodes[e.b]!;
        if (e.arrow === 2) {
          // A sea route bows away from the straight line.
          const mx = (p.x + q.x) / 2,
            my = (p.y + q.y) / 2;
          const dx = q.x - p.x,
            dy = q.y - p.y;
          const len = Math.hypot(dx, dy) || 1;
          const cx = mx + (-dy / len) * len * 0.15,
            cy = my + (dx / len) * len * 0.15;
          return (
            <g key={i} className="sea">
              <path d={`M${p.x},${p.y} Q${cx},${cy} ${q.x},${q.y}`} />
              <circle cx={(mx + cx) / 2} cy={(my + cy) / 2} r="0.14" />
            </g>
          );
        }
        if (e.arrow === 1) {
          const mx = (p.x + q.x) / 2,
            my = (p.y + q.y) / 2;
          const a = (Math.atan2(q.y - p.y, q.x - p.x) * 180) / Math.PI;
          return (
            <g key={i} className="land">
              <line x1={p.x} y1={p.y} x2={q.x} y2={q.y} />
              <path d="M-0.13,-0.11 L0.1,0 L-0.13,0.11 Z" transform={`translate(${mx},${my}) rotate(${a})`} />
            </g>
          );
        }
        return <line key={i} className="plain" x1={p.x} y1={p.y} x2={q.x} y2={q.y} />;
      })}
    </g>
  );
}

function Nodes({ u, names }: { u: (n: number) => number; names: boolean }) {
  const s = useSfr();
  const { geo, view } = s;
  return (
    <g className="sfr-nodes">
      {geo.nodes.map((n) =>
        n.city < 0 ? <circle key={n.id} cx={n.x} cy={n.y} r="0.09" className="xr" /> : null,
      )}
      {geo.nodes.map((n) => {
        if (n.city < 0) return null;
        const c = n.city;
        const owner = view.owner[c] ?? -1;
        const neutral = view.n === 3 && s.rt.cities[c]!.neutral3;
        const towers = s.rt.cities[c]!.towers;
        const seat = owner >= 0 ? owner >> 1 : -1;
        const fill = seat >= 0 ? COLOUR[view.players[seat]!.colour] : neutral ? '#9a958a' : '#fbf8f0';
        const size = 0.3;
        const full = s.cityName(c);
        // Two-word names on two lines; far out, the first letters only.
        const lines = names ? full.split(' ') : [full.length > 5 ? `${full.slice(0, 4)}.` : full];
        const fs = Math.max(0.28, u(10));
        return (
          <g key={n.id} className={`city ${neutral ? 'neutral' : ''}`} data-city={s.rt.cities[c]!.id}>
            <rect x={n.x - size} y={n.y - size} width={size * 2} height={size * 2} rx="0.06" fill={fill} />
            {/* towers as small battlements on top */}
            {Array.from({ length: towers }, (_, k) => (
              <rect
                key={k}
                x={n.x - size + 0.04 + k * ((size * 2 - 0.08) / towers)}
                y={n.y - size - 0.12}
                width={(size * 2 - 0.08) / towers - 0.04}
                height="0.12"
                className="tower"
              />
            ))}
            {seat >= 0 ? (
              <text x={n.x} y={n.y} dy="0.35em" fontSize="0.32" className="owner">
                {SHAPES[seat]}
              </text>
            ) : neutral ? (
              <text x={n.x} y={n.y} dy="0.35em" fontSize="0.24" className="iii">
                III
              </text>
            ) : (
              <text x={n.x} y={n.y} dy="0.35em" fontSize="0.22" className="prov">
                {s.provName(s.rt.cities[c]!.prov).slice(0, 2)}
              </text>
            )}
            {geo.eagle[c] && (
              <path
                d={`M${n.x - 0.16},${n.y - size - 0.34} l0.16,0.1 l0.16,-0.1 l-0.05,0.16 h-0.22 z`}
                className="eagle"
              />
            )}
            {view.token[c] && owner < 0 && (
              <g className="loot">
                <polygon points={corners(n.x + size + 0.14, n.y - size + 0.06, 0.14)} />
                <text x={n.x + size + 0.14} y={n.y - size + 0.06} dy="0.35em" fontSize="0.16">
                  ?
                </text>
              </g>
            )}
            <text x={n.x} y={n.y + size + fs * 0.95} className="city-name" fontSize={fs}>
              {lines.map((w, k) => (
                <tspan key={k} x={n.x} dy={k ? fs * 0.95 : 0}>
                  {w}
                </tspan>
              ))}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function Legion({ u }: { u: (n: number) => number }) {
  const s = useSfr();
  const p = s.where(s.view.legion);
  if (!p) return null;
  const r = Math.max(0.26, u(9));
  return (
    <g className="sfr-legion" data-testid="sfr-legion">
      <rect x={p.x - r} y={p.y - r * 1.2} width={r * 2} height={r * 2.4} rx={r * 0.4} />
      <text x={p.x} y={p.y} dy="0.35em" fontSize={r * 1.1}>
        L
      </text>
    </g>
  );
}

function Tribes({ u }: { u: (n: number) => number }) {
  const s = useSfr();
  const { view } = s;
  // Nomadic tribes by node; several at one crossroads sit in a small cluster around it.
  const at = new Map<number, { seat: number; t: number }[]>();
  view.players.forEach((p) =>
    p.tribes.forEach((tr, t) => {
      if (tr.settled) return;
      const list = at.get(tr.node) ?? [];
      list.push({ seat: p.seat, t });
      at.set(tr.node, list);
    }),
  );
  const r = Math.max(0.2, u(8));
  return (
    <g className="sfr-tribes">
      {[...at.entries()].map(([node, list]) => {
        const n = s.geo.nodes[node]!;
        return list.map(({ seat, t }, k) => {
          const a = list.length === 1 ? 0 : (2 * Math.PI * k) / list.length - Math.PI / 2;
          const d = list.length === 1 ? 0 : r * Math.max(1.2, list.length * 0.48);
          const x = n.x + d * Math.cos(a),
            y = n.y + d * Math.sin(a);
          const p = view.players[seat]!;
          const tribe = p.tribes[t]!;
          const col = COLOUR[p.colour] ?? '#888';
          return (
            <g key={`${seat}-${t}`} className="tribe" data-tribe={`${seat}-${t}`}>
              {t === 0 ? (
                // Horsemen: a pennant pointing up.
                <path
                  d={`M${x - r},${y + r} L${x - r},${y - r * 0.3} L${x},${y - r * 1.2} L${x + r},${y - r * 0.3} L${x + r},${y + r} Z`}
                  fill={col}
                />
              ) : (
                // Warriors: a round shield.
                <circle cx={x} cy={y} r={r * 1.05} fill={col} />
              )}
              <text x={x} y={y} dy="0.35em" fontSize={r * 1.05} className={`shape ${p.colour}`}>
                {SHAPES[seat]}
              </text>
              <g>
                <circle cx={x + r} cy={y + r} r={r * 0.62} className="str" />
                <text x={x + r} y={y + r} dy="0.35em" fontSize={r * 0.9} className="str-t">
                  {tribe.strength}
                </text>
              </g>
              {tribe.wagons > 0 && (
                <g>
                  <rect
                    x={x - r * 1.6}
                    y={y + r * 0.45}
                    width={r * 1.1}
                    height={r * 0.8}
                    rx={r * 0.15}
                    className="wag"
                  />
                  <text x={x - r * 1.05} y={y + r * 0.85} dy="0.35em" fontSize={r * 0.7} className="wag-t">
                    {tribe.wagons}
                  </text>
                </g>
              )}
            </g>
          );
        });
      })}
    </g>
  );
}
