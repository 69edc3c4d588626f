/**
 * The pan and zoom of a game's SVG map, shared by the games' boards (no game in here): the map's view
 * box follows drag, pinch, wheel, the toolbar's buttons and keys (arrows pan, + and − zoom, 0 fits);
 * "fit to targets" frames the places the player may choose. Sizes in map units that keep a readable
 * size on screen come from `u(px)`. The SVG is one tab stop; a game lists its choices beside it too.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import './panzoom.css';
import type {
  KeyboardEvent as ReactKeyboardEvent,
  PointerEvent as ReactPointerEvent,
  ReactNode,
} from 'react';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Pt {
  x: number;
  y: number;
}

/** The corners of a hexagon of radius `s` around (x, y): pointy-top (offset -90°) or flat-top (0°). */
export function hexCorners(x: number, y: number, s = 1, offsetDeg = -90): string {
  return [0, 1, 2, 3, 4, 5]
    .map((k) => {
      const a = (Math.PI / 180) * (60 * k + offsetDeg);
      return `${(x + s * Math.cos(a)).toFixed(3)},${(y + s * Math.sin(a)).toFixed(3)}`;
    })
    .join(' ');
}

export interface PanZoom {
  box: Box;
  /** Pixels per map unit at the current zoom. */
  scale: number;
  /** A size of `px` screen pixels in map units. */
  u: (px: number) => number;
  zoom: (f: number, cx?: number, cy?: number) => void;
  fit: () => void;
  /** Frames these points (with a margin of `pad` map units); all of the map if none. */
  fitTo: (pts: Pt[], pad?: number) => void;
  /** Whether the last pointer gesture was a drag (a click at its end is not a choice). */
  dragged: () => boolean;
  wrapProps: {
    ref: React.RefObject<HTMLDivElement | null>;
    onKeyDown: (e: ReactKeyboardEvent) => void;
    onPointerDown: (e: ReactPointerEvent) => void;
    onPointerMove: (e: ReactPointerEvent) => void;
    onPointerUp: (e: ReactPointerEvent) => void;
    onPointerCancel: (e: ReactPointerEvent) => void;
  };
}

/**
 * The view box of a map whose whole extent is `full`. `minW` is the narrowest view in map units; on a
 * wide screen the map's box takes the height left below it on the first screen (`fitHeight`).
 */
export function usePanZoom(full: Box, opts: { minW?: number; fitHeight?: [number, number] } = {}): PanZoom {
  const minW = opts.minW ?? 3;
  const [lo, hi] = opts.fitHeight ?? [256, 680];
  const [box, setBox] = useState<Box>(full);
  useEffect(() => setBox(full), [full]);
  const wrap = useRef<HTMLDivElement>(null);
  const [px, setPx] = useState({ w: 600, h: 450 });
  useEffect(() => {
    const el = wrap.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setPx({ w: el.clientWidth || 600, h: el.clientHeight || 450 }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const fit = () => {
      if (window.innerWidth <= 760) {
        el.style.removeProperty('height');
        return;
      }
      const top = el.getBoundingClientRect().top + window.scrollY;
      const h = Math.round(Math.max(lo, Math.min(hi, window.innerHeight - top - 14)));
      if (Math.abs(el.clientHeight + 2 - h) > 2) el.style.height = `${h}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  });
  const scale = Math.min(px.w / box.w, px.h / box.h);
  const zoom = useCallback(
    (f: number, cx?: number, cy?: number) =>
      setBox((b) => {
        const w = Math.min(full.w * 1.2, Math.max(minW, b.w / f));
        const h = (w * b.h) / b.w;
        const x0 = cx ?? b.x + b.w / 2,
          y0 = cy ?? b.y + b.h / 2;
        return { x: x0 - ((x0 - b.x) * w) / b.w, y: y0 - ((y0 - b.y) * h) / b.h, w, h };
      }),
    [full, minW],
  );
  const pan = (dx: number, dy: number) => setBox((b) => ({ ...b, x: b.x + dx * b.w, y: b.y + dy * b.h }));
  const fitTo = (pts: Pt[], pad = 1.5) => {
    if (!pts.length) return setBox(full);
    const xs = pts.map((p) => p.x),
      ys = pts.map((p) => p.y);
    const x = Math.min(...xs) - pad,
      y = Math.min(...ys) - pad;
    const w = Math.max(minW * 2, Math.max(...xs) + pad - x),
      h = Math.max(minW * 1.6, Math.max(...ys) + pad - y);
    setBox({ x, y, w, h });
  };
  const pointers = useRef(new Map<number, Pt>());
  const last = useRef<{ d: number } | null>(null);
  const moved = useRef(0);
  const toMap = (clientX: number, clientY: number) => {
    const r = wrap.current!.getBoundingClientRect();
    const sc = Math.min(r.width / box.w, r.height / box.h);
    const ox = (r.width - box.w * sc) / 2,
      oy = (r.height - box.h * sc) / 2;
    return { x: box.x + (clientX - r.left - ox) / sc, y: box.y + (clientY - r.top - oy) / sc };
  };
  const onPointerDown = (e: ReactPointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved.current = 0;
    last.current = null;
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const p = pointers.current.get(e.pointerId);
    if (!p) return;
    if (pointers.current.size === 1) {
      const dx = e.clientX - p.x,
        dy = e.clientY - p.y;
      moved.current += Math.abs(dx) + Math.abs(dy);
      if (moved.current > 6) {
        if (!wrap.current?.hasPointerCapture(e.pointerId)) wrap.current?.setPointerCapture(e.pointerId);
        setBox((b) => ({ ...b, x: b.x - dx / scale, y: b.y - dy / scale }));
      }
    } else if (pointers.current.size === 2) {
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const [a, b] = [...pointers.current.values()];
      const d = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      const c = toMap((a!.x + b!.x) / 2, (a!.y + b!.y) / 2);
      if (last.current) zoom(d / last.current.d, c.x, c.y);
      last.current = { d };
      moved.current += 10;
      return;
    }
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) last.current = null;
  };
  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      setBox((b) => {
        const sc = Math.min(r.width / b.w, r.height / b.h);
        const ox = (r.width - b.w * sc) / 2,
          oy = (r.height - b.h * sc) / 2;
        const cx = b.x + (e.clientX - r.left - ox) / sc,
          cy = b.y + (e.clientY - r.top - oy) / sc;
        const f = e.deltaY < 0 ? 1.2 : 1 / 1.2;
        const w = Math.min(full.w * 1.2, Math.max(minW, b.w / f));
        const h = (w * b.h) / b.w;
        return { x: cx - ((cx - b.x) * w) / b.w, y: cy - ((cy - b.y) * h) / b.h, w, h };
      });
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, [full, minW]);
  const onKeyDown = (e: ReactKeyboardEvent) => {
    const k = e.key;
    if (k === '+' || k === '=') zoom(1.25);
    else if (k === '-' || k === '_') zoom(0.8);
    else if (k === '0') setBox(full);
    else if (k === 'ArrowLeft') pan(-0.15, 0);
    else if (k === 'ArrowRight') pan(0.15, 0);
    else if (k === 'ArrowUp') pan(0, -0.15);
    else if (k === 'ArrowDown') pan(0, 0.15);
    else return;
    e.preventDefault();
  };
  return {
    box,
    scale,
    u: (n: number) => n / scale,
    zoom,
    fit: () => setBox(full),
    fitTo,
    dragged: () => moved.current > 6,
    wrapProps: {
      ref: wrap,
      onKeyDown,
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
    },
  };
}

/** The map's toolbar: zoom in, zoom out, fit the map, and (when there are choices) show them. */
export function MapTools(props: {
  pz: PanZoom;
  label: string;
  zoomIn: string;
  zoomOut: string;
  fit: string;
  fitTargets?: string;
  targets?: Pt[];
  /** A game's own class beside the shared `map-tools` (panzoom.css). */
  className?: string;
}) {
  const { pz, targets } = props;
  const button = (onClick: () => void, text: string, icon: ReactNode, showLabel: boolean) => (
    <button type="button" onClick={onClick} aria-label={text} title={text}>
      {showLabel ? (
        <>
          <span aria-hidden="true" className="ico">
            {icon}
          </span>
          <span className="lbl">{text}</span>
        </>
      ) : (
        icon
      )}
    </button>
  );
  return (
    <div
      className={props.className ? `map-tools ${props.className}` : 'map-tools'}
      role="toolbar"
      aria-label={props.label}
    >
      {button(() => pz.zoom(1.3), props.zoomIn, '+', false)}
      {button(() => pz.zoom(1 / 1.3), props.zoomOut, '−', false)}
      {button(pz.fit, props.fit, '⤢', true)}
      {targets &&
        targets.length > 0 &&
        props.fitTargets &&
        button(() => pz.fitTo(targets), props.fitTargets, '◎', true)}
    </div>
  );
}
