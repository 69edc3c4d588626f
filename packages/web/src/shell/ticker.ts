import { useEffect, useRef } from 'react';

/**
 * Keeps an element's text current once a second (clocks) by writing to the DOM directly: a ticking
 * clock never schedules a React render, so it cannot hold back the table's own updates.
 */
export function useSecondTicker<T extends HTMLElement>(text: () => string) {
  const ref = useRef<T>(null);
  const latest = useRef(text);
  latest.current = text;
  useEffect(() => {
    const tick = () => {
      if (ref.current) ref.current.textContent = latest.current();
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, []);
  return ref;
}
