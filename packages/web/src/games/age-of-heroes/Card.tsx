/** A resource card drawn in CSS: name band, class stripe (text, not colour alone) and a count. */
import type { ReactNode } from 'react';
import { cardClass, useAoh } from './ctx.js';

const GLYPH: Record<string, string> = {
  iron: '⚒',
  wood: '♣',
  grain: '⁂',
  stone: '◆',
  gold: '◎',
  limestone: '▤',
  concrete: '▥',
  marble: '▧',
  bricks: '▦',
  sandstone: '▨',
  granite: '▩',
  population_boom: '⌂',
  earthquake: '≋',
  volcano: '△',
  famine: '∅',
  barbarians: '⚔',
  olympic_games: '⚑',
  mighty_hero: '★',
  luck: '☘',
};

export function CardFace({ id, count, children }: { id: string; count?: number; children?: ReactNode }) {
  const aoh = useAoh();
  const cls = cardClass(aoh.view, id);
  return (
    <span className={`aoh-card c-${cls}`} data-card={id}>
      <span className="aoh-card-glyph" aria-hidden="true">
        {GLYPH[id] ?? '▲'}
      </span>
      <span className="aoh-card-name">{aoh.card(id)}</span>
      <span className="aoh-card-class">{aoh.t(`aoh.ui.class.${cls}`)}</span>
      {count !== undefined && count > 1 && <span className="aoh-card-count">×{count}</span>}
      {children}
    </span>
  );
}
