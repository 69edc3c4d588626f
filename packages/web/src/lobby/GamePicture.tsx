/**
 * A game's picture drawn without art: a small pattern of the seat shapes in the seat colours, fixed by
 * the game's id (the same game always gets the same picture; no game is drawn by hand here).
 */
import type { ReactElement } from 'react';

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9'];

export function GamePicture({ id }: { id: string }) {
  let h = hash(id);
  const next = (n: number) => {
    const v = h % n;
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0 || 1;
    return v;
  };
  const cells: ReactElement[] = [];
  const base = next(COLOURS.length);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 12; c++) {
      const x = 10 + c * 20 + (r % 2) * 10;
      const y = 10 + r * 20;
      const fill = COLOURS[(base + next(3)) % COLOURS.length]!;
      const shape = next(5);
      const k = `${r}-${c}`;
      if (shape === 0) cells.push(<circle key={k} cx={x} cy={y} r={6.5} fill={fill} />);
      else if (shape === 1)
        cells.push(<rect key={k} x={x - 6} y={y - 6} width={12} height={12} fill={fill} />);
      else if (shape === 2)
        cells.push(
          <polygon key={k} points={`${x},${y - 7} ${x + 7},${y + 6} ${x - 7},${y + 6}`} fill={fill} />,
        );
      else if (shape === 3)
        cells.push(
          <polygon key={k} points={`${x},${y - 7} ${x + 7},${y} ${x},${y + 7} ${x - 7},${y}`} fill={fill} />,
        );
      else cells.push(<circle key={k} cx={x} cy={y} r={3} fill={fill} />);
    }
  return (
    <svg
      className="game-picture"
      viewBox="0 0 250 60"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0" y="0" width="250" height="60" fill="#fffdf6" />
      {cells}
    </svg>
  );
}
