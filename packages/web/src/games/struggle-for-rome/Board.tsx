/**
 * The Struggle for Rome table: a status line (round, phase, whose step, the wind rose), the map of the
 * Empire with the player's choices ringed on it, beside it the decision (the places to choose as a
 * list too, the path and price of a move, what a deed costs and gives, the trade panel) and the hand,
 * and every player's holdings below.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SfrAction, SfrView } from '@tabula/struggle-for-rome';
import { cityLabel, mapGeo, placeLabel, provinceLabel, rtOf } from '@tabula/struggle-for-rome';
import { deepEqual } from '@tabula/engine';
import { useLocale, useT } from '../../i18n/index.js';
import type { TableProps } from '../../shell/types.js';
import { COLOUR, SfrContext } from './ctx.js';
import type { Sfr, TargetInfo } from './ctx.js';
import { MapView } from './MapView.js';
import { Decision } from './Decision.js';
import { Hand, Legend, Players, Purchases, Status } from './Panels.js';
import { arrowsPaid } from './moves.js';
import './sfr.css';

export function Board(props: TableProps) {
  const { game, state, seatName, act } = props;
  const { locale } = useLocale();
  const t = useT();
  const view = state.view as SfrView | null;
  const [selected, setSelected] = useState<string | null>(null);
  const [path, setPath] = useState<string[]>([]);
  const [cardMode, setCardMode] = useState<string | null>(null);
  // A new version of the table clears a half-made choice.
  useEffect(() => {
    setSelected(null);
    setPath([]);
  }, [state.v]);
  const prompt = state.prompts.find((p) => !p.optional) ?? state.prompts[0];
  useEffect(() => setCardMode(null), [prompt?.kind, view?.phase, view?.round]);
  const rt = useMemo(() => (view ? rtOf(view.options) : null), [view?.options]); // eslint-disable-line react-hooks/exhaustive-deps
  const geo = useMemo(() => (rt ? mapGeo(rt) : null), [rt]);
  const legal = state.legal as SfrAction[];
  // The table's seat colours (the shell's players list) become the game's own: Red, Blue, White, Yellow.
  const root = useRef<HTMLDivElement>(null);
  const colours = view?.players.map((p) => p.colour).join(',') ?? '';
  useEffect(() => {
    const table = root.current?.closest<HTMLElement>('.table');
    if (!table || !colours) return;
    const list = colours.split(',');
    list.forEach((c, i) => table.style.setProperty(`--seat${i}`, COLOUR[c] ?? ''));
    return () => list.forEach((_, i) => table.style.removeProperty(`--seat${i}`));
  }, [colours]);
  const targets = useMemo(() => {
    const m = new Map<string, TargetInfo>();
    if (!rt || !game.targetsOf) return m;
    for (const a of legal) {
      const card = 'card' in a ? (a.card ?? null) : null;
      if (a.type === 'play' ? !a.hex || cardMode !== a.card : card !== cardMode) continue;
      for (const tg of game.targetsOf(a) as { kind: string; id: string | number }[]) {
        if (tg.kind !== 'space') continue;
        const id = String(tg.id);
        const info = m.get(id) ?? { actions: [], paid: Infinity };
        info.actions.push(a);
        info.paid = Math.min(info.paid, a.type === 'move' ? arrowsPaid(rt, a) : 0);
        m.set(id, info);
      }
    }
    return m;
  }, [legal, rt, cardMode, game]);
  if (!view || view.game !== 'struggle-for-rome' || !rt || !geo) return null;
  const find = (a: SfrAction) => legal.find((x) => deepEqual(x, a));
  const send = (a: SfrAction) => {
    const l = legal.includes(a) ? a : find(a);
    if (l && !state.pending) act(l);
  };
  const where = (id: string) => {
    const c = rt.cityIdx.get(id);
    if (c !== undefined) return geo.nodes[rt.cities[c]!.node]!;
    const h = rt.hexIdx.get(id);
    if (h !== undefined) return geo.hexes[h]!;
    const n = rt.nodeIdx.get(id);
    return n !== undefined ? geo.nodes[n]! : null;
  };
  const kindOf = (id: string) =>
    rt.cityIdx.has(id) ? 'city' : rt.hexIdx.has(id) ? 'hex' : rt.nodeIdx.has(id) ? 'node' : null;
  const sfr: Sfr = {
    props,
    view,
    rt,
    geo,
    me: state.seat,
    legal,
    pending: state.pending,
    locale,
    t,
    g: (key, params) => game.formatEvent({ key, params: params ?? {} }, locale, seatName),
    describe: (a) => game.describeAction(null, state.seat, a, locale, seatName, view),
    cityName: (c) => cityLabel(rt, c, locale),
    provName: (p) => provinceLabel(rt, p, locale),
    place: (id) => placeLabel(rt, id, locale),
    name: seatName,
    where,
    kindOf,
    targets,
    selected,
    select: setSelected,
    path,
    setPath,
    cardMode,
    setCardMode,
    pick: (id) => {
      const info = targets.get(id);
      if (!info) return;
      // The legionnaire's hex is one action: a click is the choice. Moves and deeds are confirmed.
      if (
        info.actions.length === 1 &&
        (info.actions[0]!.type === 'legion' || info.actions[0]!.type === 'play')
      ) {
        send(info.actions[0]!);
        return;
      }
      setSelected(id);
      const mv = info.actions.find((a) => a.type === 'move');
      setPath(mv && mv.type === 'move' ? mv.route : []);
    },
    send,
  };
  return (
    <SfrContext.Provider value={sfr}>
      <div className="sfr" data-testid="sfr-board" ref={root}>
        <Status />
        <Hand />
        <div className="sfr-main">
          <MapView />
          <div className="sfr-panel">
            <Decision />
            <Purchases />
            <Legend />
          </div>
        </div>
        <Players />
      </div>
    </SfrContext.Provider>
  );
}
