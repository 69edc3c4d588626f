/**
 * The full text of a card or event beside it on hover or keyboard focus: one floating box for the whole
 * table, placed next to the element and kept inside the window (never widening the page). Touch screens
 * show the same text in the decision when a card is tapped. Screen readers read it from each element's own
 * description, so the box is hidden from them.
 */
import { useSyncExternalStore } from 'react';
import type { FocusEvent, PointerEvent } from 'react';

export interface TipContent {
  title: string;
  sub?: string;
  lines: string[];
}
interface TipState {
  content: TipContent;
  rect: { left: number; top: number; right: number; bottom: number };
}

let current: TipState | null = null;
/** Whether the last input was a key (a tip shows on focus only then: never for a tap). */
let keyboard = false;
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', () => (keyboard = true), true);
  document.addEventListener('pointerdown', () => (keyboard = false), true);
}
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function show(el: Element, content: TipContent) {
  const r = el.getBoundingClientRect();
  current = { content, rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom } };
  emit();
}
function hide() {
  if (!current) return;
  current = null;
  emit();
}

/** Handlers that show a tip for an element (mouse hover and keyboard focus; not touch). */
export function tipHandlers(content: () => TipContent) {
  return {
    onPointerEnter: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') show(e.currentTarget, content());
    },
    onPointerLeave: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') hide();
    },
    onFocus: (e: FocusEvent) => {
      if (keyboard) show(e.currentTarget, content());
    },
    onBlur: hide,
  };
}

export function TipLayer() {
  const tip = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
  if (!tip) return null;
  const w = Math.min(300, window.innerWidth - 16);
  const below = tip.rect.bottom + 6;
  const room = window.innerHeight - below;
  const left = Math.max(8, Math.min(window.innerWidth - w - 8, tip.rect.left));
  const style =
    room > 160
      ? { left, top: below, width: w }
      : { left, bottom: Math.max(8, window.innerHeight - tip.rect.top + 6), width: w };
  return (
    <div className="nat-tip" style={style} aria-hidden="true" data-testid="nat-tip">
      <b>{tip.content.title}</b>
      {tip.content.sub && <span className="nat-tip-sub">{tip.content.sub}</span>}
      {tip.content.lines.map((l, i) => (
        <span key={i}>{l}</span>
      ))}
    </div>
  );
}
