/**
 * The tribes in a ring in seat order, mine at the bottom (largest), the table centre in the middle,
 * roads drawn as lines between neighbouring areas (and named in text in each area). On narrow
 * screens the ring becomes one column starting with mine; the lines are then hidden.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { neighboursOf, ringFrom, useAoh } from './ctx.js';
import { TribeArea } from './TribeArea.js';
import { TableCentre } from './TableCentre.js';

/** Grid placement [row, colStart, colEnd] of the other tribes, clockwise from my left. */
const SLOTS: Record<number, [number, number, number][]> = {
  0: [],
  1: [[1, 2, 6]],
  2: [
    [1, 1, 4],
    [1, 4, 7],
  ],
  3: [
    [2, 1, 3],
    [1, 3, 5],
    [2, 5, 7],
  ],
  4: [
    [2, 1, 3],
    [1, 1, 4],
    [1, 4, 7],
    [2, 5, 7],
  ],
  5: [
    [2, 1, 3],
    [1, 1, 3],
    [1, 3, 5],
    [1, 5, 7],
    [2, 5, 7],
  ],
};

interface Line {
  key: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  road: boolean;
}

export function Ring() {
  const aoh = useAoh();
  const { view, t } = aoh;
  const order = ringFrom(view.n, aoh.me);
  const [me, ...others] = order;
  const slots = SLOTS[others.length] ?? [];
  const box = useRef<HTMLDivElement>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const roadKey = view.roads.map((r) => `${r[0]}-${r[1]}`).join(',');
  const aliveKey = view.players.map((p) => (p.alive ? 1 : 0)).join('');
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const base = el.getBoundingClientRect();
      const centre = (s: number) => {
        const a = el.querySelector<HTMLElement>(`[data-seat="${s}"]`);
        if (!a) return null;
        const r = a.getBoundingClientRect();
        // Whole pixels: sub-pixel jitter between layouts must not count as a change (a resize
        // observer that keeps setting state would re-render without end).
        return {
          x: Math.round(r.left - base.left + r.width / 2),
          y: Math.round(r.top - base.top + r.height / 2),
        };
      };
      const out: Line[] = [];
      const seen = new Set<string>();
      for (const p of view.players) {
        for (const q of neighboursOf(view, p.seat)) {
          const k = `${Math.min(p.seat, q)}-${Math.max(p.seat, q)}`;
          if (seen.has(k)) continue;
          seen.add(k);
          const a = centre(p.seat),
            b = centre(q);
          if (!a || !b) continue;
          const road = view.roads.some((r) => `${r[0]}-${r[1]}` === k);
          out.push({ key: k, x1: a.x, y1: a.y, x2: b.x, y2: b.y, road });
        }
      }
      setLines((old) => (JSON.stringify(old) === JSON.stringify(out) ? old : out));
    };
    measure();
    // Measure again after the browser has laid out, at most once per frame.
    let frame = 0;
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    ro.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roadKey, aliveKey, view.n, aoh.me]);
  return (
    <section className="aoh-ring-wrap" aria-labelledby="aoh-ring-h" data-testid="aoh-ring">
      <h2 id="aoh-ring-h" className="sr-only">
        {t('aoh.ui.tribes')}
      </h2>
      <div className={`aoh-ring n${others.length}`} ref={box}>
        <svg className="aoh-roads" aria-hidden="true">
          {lines.map((l) => (
            <line
              key={l.key}
              x1={l.x1}
              y1={l.y1}
              x2={l.x2}
              y2={l.y2}
              className={l.road ? 'road' : 'neighbour'}
            />
          ))}
        </svg>
        {others.map((s, i) => {
          const [row, c1, c2] = slots[i] ?? [1, 1, 7];
          return (
            <div key={s} className="aoh-slot" style={{ gridRow: row, gridColumn: `${c1} / ${c2}` }}>
              <TribeArea seat={s} />
            </div>
          );
        })}
        <div
          className="aoh-slot aoh-centre-slot"
          style={{ gridRow: others.length >= 3 ? 2 : 2, gridColumn: others.length >= 3 ? '3 / 5' : '2 / 6' }}
        >
          <TableCentre />
        </div>
        {me !== undefined && (
          <div className="aoh-slot aoh-mine-slot" style={{ gridRow: 3, gridColumn: '1 / 7' }}>
            <TribeArea seat={me} />
          </div>
        )}
      </div>
    </section>
  );
}
