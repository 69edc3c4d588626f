/**
 * The Nations table's icons, drawn here (no icon font, no art): resources, tracks, workers and architects,
 * and one per card type. Each is a small SVG in the text's size; the words beside it or the element's label
 * say what it is (icons are decoration for screen readers).
 */
import type { ReactNode } from 'react';

const PATHS: Record<string, ReactNode> = {
  gold: (
    <>
      <circle cx="8" cy="8" r="6.3" fill="#e8b923" stroke="#6b4e00" strokeWidth="1.2" />
      <circle cx="8" cy="8" r="3.6" fill="none" stroke="#6b4e00" strokeWidth="0.9" />
    </>
  ),
  stone: <path d="M2 11.5 4 5l5-2.5 5 3.2-.8 6.3L7 14z" fill="#a7a199" stroke="#3d3a35" strokeWidth="1.1" />,
  food: (
    <>
      <path d="M8 15V4" stroke="#6b4a12" strokeWidth="1.2" />
      {[4, 7, 10].map((y) => (
        <g key={y} fill="#d9a441" stroke="#6b4a12" strokeWidth="0.7">
          <ellipse cx="6" cy={y} rx="1.7" ry="2.5" transform={`rotate(-30 6 ${y})`} />
          <ellipse cx="10" cy={y} rx="1.7" ry="2.5" transform={`rotate(30 10 ${y})`} />
        </g>
      ))}
      <ellipse cx="8" cy="2.6" rx="1.4" ry="2" fill="#d9a441" stroke="#6b4a12" strokeWidth="0.7" />
    </>
  ),
  books: (
    <>
      <path
        d="M2 3.5h5.2c.5 0 .8.3.8.8V14c-.4-.6-1-1-1.8-1H2z"
        fill="#3f6fb5"
        stroke="#1c2f52"
        strokeWidth="1"
      />
      <path
        d="M14 3.5H8.8c-.5 0-.8.3-.8.8V14c.4-.6 1-1 1.8-1H14z"
        fill="#5b8bd0"
        stroke="#1c2f52"
        strokeWidth="1"
      />
    </>
  ),
  strength: (
    <>
      <path d="M3 13 11.5 4.5l.5-2.5 2-.1-.1 2-2.5.5L3 13z" fill="#c8ccd2" stroke="#3a1010" strokeWidth="1" />
      <path d="M4.2 9.3 6.7 11.8M2.2 13.8l1.6-1.6" stroke="#9c1c1c" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  stability: (
    <path
      d="M8 1.5 13.5 3.5V8c0 3.2-2.3 5.4-5.5 6.5C4.8 13.4 2.5 11.2 2.5 8V3.5z"
      fill="#2f8f6a"
      stroke="#0f3d2b"
      strokeWidth="1.1"
    />
  ),
  vp: (
    <>
      <path
        d="m8 1.6 1.9 4 4.3.5-3.2 3 .9 4.3L8 11.3 4.1 13.4 5 9.1 1.8 6.1l4.3-.5z"
        fill="#f3d36b"
        stroke="#5d4700"
        strokeWidth="1"
      />
    </>
  ),
  worker: (
    <path
      d="M8 1.8a2.2 2.2 0 1 1 0 4.4 2.2 2.2 0 0 1 0-4.4zM3 8.2c0-1 .8-1.6 2-1.6h6c1.2 0 2 .6 2 1.6L11.6 10H10l1.6 4.4H4.4L6 10H4.4z"
      fill="currentColor"
    />
  ),
  architect: (
    <>
      <path d="M8 1.5 14 4.8v6.4L8 14.5 2 11.2V4.8z" fill="#8b5e3c" stroke="#3a2413" strokeWidth="1" />
      <path d="M2 4.8 8 8l6-3.2M8 8v6.5" stroke="#3a2413" strokeWidth="1" fill="none" />
    </>
  ),
  event: (
    <>
      <rect x="3" y="1.5" width="10" height="13" rx="1.2" fill="#efe6cf" stroke="#4a4030" strokeWidth="1" />
      <path d="M5 5h6M5 8h6M5 11h4" stroke="#4a4030" strokeWidth="1" />
    </>
  ),
  famine: (
    <>
      <path d="M3 9h10a5 5 0 0 1-10 0z" fill="#b58a4a" stroke="#4a3210" strokeWidth="1" />
      <path d="M2 2l12 12" stroke="#a4161a" strokeWidth="1.6" />
    </>
  ),
  // ---- card types
  building: (
    <>
      <path d="M1.8 7 8 2l6.2 5z" fill="#b8743a" stroke="#3d240f" strokeWidth="1" />
      <path d="M3 7h10v7H3z" fill="#e6c79c" stroke="#3d240f" strokeWidth="1" />
      <path d="M7 14v-4h2v4" fill="#3d240f" />
    </>
  ),
  military: (
    <path
      d="M8 1.5c3.3 0 5.5 2.4 5.5 5.6V12l-2.5 2V9.5H9.3V14H6.7V9.5H5V14l-2.5-2V7.1C2.5 3.9 4.7 1.5 8 1.5z"
      fill="#c0392b"
      stroke="#3a0f0a"
      strokeWidth="1"
    />
  ),
  colony: (
    <>
      <path d="M4 15V1.5" stroke="#1f3d1f" strokeWidth="1.4" />
      <path d="M4.5 2h8.5l-2 2.6 2 2.6H4.5z" fill="#2e8b57" stroke="#1f3d1f" strokeWidth="1" />
      <path d="M1.5 15c2-2 11-2 13 0" fill="#9bc48b" stroke="#1f3d1f" strokeWidth="1" />
    </>
  ),
  wonder: (
    <>
      <path d="M1.5 14 8 2l6.5 12z" fill="#e3c15a" stroke="#4d3b00" strokeWidth="1" />
      <path d="M4.5 9h7M3.2 11.5h9.6M5.8 6.5h4.4" stroke="#4d3b00" strokeWidth="0.8" />
    </>
  ),
  advisor: (
    <>
      <circle cx="8" cy="5" r="3" fill="#8e6bbf" stroke="#2e1d4a" strokeWidth="1" />
      <path d="M2.5 14.5c.4-3.4 2.6-5 5.5-5s5.1 1.6 5.5 5z" fill="#8e6bbf" stroke="#2e1d4a" strokeWidth="1" />
    </>
  ),
  goldenAge: (
    <>
      <circle cx="8" cy="8" r="3.3" fill="#f2b705" stroke="#5c4300" strokeWidth="1" />
      <path
        d="M8 .8v2.4M8 12.8v2.4M.8 8h2.4M12.8 8h2.4M2.9 2.9l1.7 1.7M11.4 11.4l1.7 1.7M2.9 13.1l1.7-1.7M11.4 4.6l1.7-1.7"
        stroke="#5c4300"
        strokeWidth="1.3"
      />
    </>
  ),
  battle: (
    <>
      <path d="M2 2l11 11M14 2 3 13" stroke="#5a3a1a" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M1.8 11.2l3 3M11.2 14.2l3-3" stroke="#c0392b" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  war: (
    <path
      d="m8 .8 1.8 4 4.4-1.4-2 4.1 3.1 2.2-4.3.9.4 4.4L8 12l-3.4 3 .4-4.4-4.3-.9 3.1-2.2-2-4.1 4.4 1.4z"
      fill="#d35400"
      stroke="#3a1500"
      strokeWidth="1"
    />
  ),
  solo: (
    <>
      <rect x="2" y="2" width="12" height="12" rx="2.5" fill="#fff" stroke="#1d1b16" strokeWidth="1.2" />
      {[
        [5, 5],
        [11, 5],
        [8, 8],
        [5, 11],
        [11, 11],
      ].map(([x, y]) => (
        <circle key={`${x}${y}`} cx={x} cy={y} r="1.2" fill="#1d1b16" />
      ))}
    </>
  ),
};

export type IconName = keyof typeof PATHS | string;

/** An icon in the size of the text around it (hidden from screen readers: words carry the meaning). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={`nat-ico ${className ?? ''}`} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {PATHS[name] ?? PATHS.event}
    </svg>
  );
}
