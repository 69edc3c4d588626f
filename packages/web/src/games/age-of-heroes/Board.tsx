/**
 * The Age of Heroes table: status strip (round, phase, whose turn, last-turn warnings), the other
 * tribes in a row beside the table centre (deck, discard pile, supply), the screen of my current
 * prompt with the battle and Market Day panels, and my tribe with my hand docked at the bottom.
 */
import type { AohAction, AohView, Army } from '@tabula/age-of-heroes';
import { deepEqual } from '@tabula/engine';
import { useLocale, useT } from '../../i18n/index.js';
import type { TableProps } from '../../shell/types.js';
import { AohContext, shapeOf } from './ctx.js';
import type { Aoh } from './ctx.js';
import { StatusStrip } from './StatusStrip.js';
import { PromptPanel } from './PromptPanel.js';
import { BattlePanel } from './BattlePanel.js';
import { MarketPanel } from './MarketPanel.js';
import { MyArea, Ring, centreInRow } from './Ring.js';
import { TableCentre } from './TableCentre.js';
import { Victory } from './Victory.js';
import './aoh.css';

export function Board(props: TableProps) {
  const { game, state, seatName, act } = props;
  const { locale } = useLocale();
  const t = useT();
  const view = state.view as AohView | null;
  const aoh = ((): Aoh | null => {
    if (!view || view.game !== 'age-of-heroes') return null;
    const legal = state.legal as AohAction[];
    const g = (key: string, params?: Record<string, unknown>) =>
      game.formatEvent({ key, params: params ?? {} }, locale, seatName);
    const card = (id: string) => g(`aoh.card.${id}`);
    const tribe = (id: string | null) => (id ? g(`aoh.tribe.${id}`) : '');
    const who = (s: number) => {
      const tr = view.players[s]?.tribe ?? null;
      return tr ? `${seatName(s)} (${tribe(tr)})` : seatName(s);
    };
    const find = (a: AohAction) => legal.find((x) => deepEqual(x, a));
    const armyLabel = (owner: number, a: Army) => {
      const parts: string[] = [t('aoh.ui.armyOf', { id: a.id, owner: who(owner) })];
      if (a.status === 'home') parts.push(t('aoh.ui.status.home'));
      else if (a.status === 'committed') parts.push(t('aoh.ui.status.war'));
      else parts.push(t('aoh.ui.status.away', { turn: a.returnAt }));
      if (a.quakes.length) parts.push(t('aoh.ui.status.quake', { turn: Math.max(...a.quakes) }));
      if (a.general) parts.push(t('aoh.ui.ledByGeneral'));
      return parts.join(', ');
    };
    const prompt = state.prompts.find((p) => !p.optional) ?? state.prompts[0];
    return {
      props,
      view,
      me: state.seat,
      mine: state.seat >= 0 ? (view.players[state.seat] ?? null) : null,
      legal,
      pending: state.pending,
      locale,
      prompt,
      t,
      g,
      card,
      tribe,
      item: (k) => g(`aoh.item.${k}`),
      name: seatName,
      who,
      shape: shapeOf,
      find,
      can: (a) => !state.pending && find(a) !== undefined,
      all: <T extends AohAction['type']>(type: T) =>
        legal.filter((x): x is Extract<AohAction, { type: T }> => x.type === type),
      send: (a) => {
        const l = find(a);
        if (l && !state.pending) act(l);
      },
      armyLabel,
    };
  })();
  if (!aoh) return null;
  return (
    <AohContext.Provider value={aoh}>
      <div className="aoh" data-testid="aoh-board">
        {aoh.view.over && <Victory />}
        <StatusStrip />
        <Ring />
        <div className="aoh-focus">
          <PromptPanel />
          {aoh.view.market && <MarketPanel />}
          <BattlePanel />
        </div>
        {!centreInRow(aoh) && <TableCentre />}
        <MyArea />
      </div>
    </AohContext.Provider>
  );
}
