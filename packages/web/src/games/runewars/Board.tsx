/**
 * The RuneWars table: a status line (year, season, Season card, the limits), the realm map with the
 * player's choices ringed on it beside the decision (secret Orders, the places to choose as a list
 * too, a battle you can follow, every other prompt as buttons in players' words), and every faction's
 * dials, influence and Orders below.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RwAction, RwView } from '@tabula/runewars';
import { areaName, packOf } from '@tabula/runewars';
import { deepEqual } from '@tabula/engine';
import { useLocale, useT } from '../../i18n/index.js';
import type { TableProps } from '../../shell/types.js';
import { COLOUR, RwContext } from './ctx.js';
import type { Rw } from './ctx.js';
import { geoOf } from './geo.js';
import { MapView } from './MapView.js';
import { Decision } from './Decision.js';
import { Cards } from './Cards.js';
import { Factions, Legend, Status } from './Panels.js';
import { FactionChoice, noRealmYet } from './FactionChoice.js';
import './rw.css';

/**
 * What the seat's Tactics card asks him to pick now, from its prompt's typed target (`what`: an area, a
 * seat or a resource) and the card; null when no card asks.
 */
export function tacticAsk(state: TableProps['state']): { what: string; card: number } | null {
  const pr = state.prompts.find((x) => x.seat === state.seat && x.kind === 'rw.tactic');
  if (!pr) return null;
  const args = (pr.args ?? {}) as { what?: unknown; tcard?: unknown };
  return { what: String(args.what ?? ''), card: Number(args.tcard ?? -1) };
}

/**
 * The areas of an action in the order they are chosen (targetsOf: its spaces); a Tactics card's pick is
 * an area when its prompt asks for one (`pickArea`).
 */
export function spacesOf(game: TableProps['game'], a: RwAction, pickArea = false): number[] {
  if (a.type === 'pick') return pickArea ? [a.n] : [];
  if (!game.targetsOf) return [];
  return (game.targetsOf(a) as { kind: string; id: number }[])
    .filter((x) => x.kind === 'space')
    .map((x) => Number(x.id));
}

export function Board(props: TableProps) {
  const { game, state, seatName, act } = props;
  const { locale } = useLocale();
  const t = useT();
  const view = state.view as RwView | null;
  const [prefix, setPrefix] = useState<number[]>([]);
  // A new version of the table clears a half-made choice.
  useEffect(() => setPrefix([]), [state.v]);
  const pack = useMemo(() => packOf(view?.opts.data), [view?.opts.data]);
  const layout = view ? `${view.pos.join(',')}|${view.rot.join(',')}` : '';
  const geo = useMemo(() => (view ? geoOf(pack, view) : null), [layout, pack]); // eslint-disable-line react-hooks/exhaustive-deps
  const legal = state.legal as RwAction[];
  const ask = tacticAsk(state);
  const askWhat = ask?.what ?? '';
  const spaced = useMemo(
    () => legal.map((a) => ({ a, sp: spacesOf(game, a, askWhat === 'area') })).filter((x) => x.sp.length > 0),
    [legal, game, askWhat],
  );
  // A Tactics card's pick of a player: on that player's panel (and in the decision's list).
  const seatPicks = useMemo(() => {
    const m = new Map<number, RwAction>();
    if (askWhat === 'seat') for (const a of legal) if (a.type === 'pick') m.set(a.n, a);
    return m;
  }, [legal, askWhat]);
  const { targets, complete } = useMemo(() => {
    const targets = new Map<number, RwAction[]>();
    const complete: RwAction[] = [];
    for (const { a, sp } of spaced) {
      if (sp.length < prefix.length || prefix.some((x, i) => sp[i] !== x)) continue;
      if (sp.length === prefix.length) complete.push(a);
      else {
        const next = sp[prefix.length]!;
        const l = targets.get(next) ?? [];
        l.push(a);
        targets.set(next, l);
      }
    }
    return { targets, complete };
  }, [spaced, prefix]);
  // The seats' colours (the shell's players list) become the factions' own.
  const root = useRef<HTMLDivElement>(null);
  const colours = view ? view.fac.map((f) => pack.factions[f]?.colour ?? '').join(',') : '';
  useEffect(() => {
    const table = root.current?.closest<HTMLElement>('.table');
    if (!table || !colours) return;
    const list = colours.split(',');
    list.forEach((c, i) => COLOUR[c] && table.style.setProperty(`--seat${i}`, COLOUR[c]));
    return () => list.forEach((_, i) => table.style.removeProperty(`--seat${i}`));
  }, [colours]);
  if (!view || !geo || !Array.isArray(view.pos)) return null;
  const send = (a: RwAction) => {
    const l = legal.includes(a) ? a : legal.find((x) => deepEqual(x, a));
    if (l && !state.pending) act(l);
  };
  const rw: Rw = {
    props,
    view,
    pack,
    geo,
    me: state.seat,
    legal,
    pending: state.pending,
    locale,
    t,
    g: (key, params) => game.formatEvent({ key, params: params ?? {} }, locale, seatName),
    describe: (a) => game.describeAction(null, state.seat, a, locale, seatName, view),
    area: (a) => areaName(pack, a, locale),
    unit: (u) => pack.units[u]?.name[locale] ?? '?',
    name: seatName,
    faction: (s) => pack.factions[view.fac[s]!]?.name[locale] ?? '',
    colour: (s) => COLOUR[pack.factions[view.fac[s]!]?.colour ?? ''] ?? '#888',
    prefix,
    setPrefix,
    spaces: (a) => spacesOf(game, a, askWhat === 'area'),
    tactic: ask,
    seatPicks,
    targets,
    complete,
    pick: (area) => {
      const next = [...prefix, area];
      const done = spaced.filter((x) => x.sp.length === next.length && next.every((y, i) => x.sp[i] === y));
      const more = spaced.some((x) => x.sp.length > next.length && next.every((y, i) => x.sp[i] === y));
      // One action completes here and nothing goes further: the click is the choice.
      if (done.length === 1 && !more) send(done[0]!.a);
      else setPrefix(next);
    },
    send,
  };
  return (
    <RwContext.Provider value={rw}>
      <div className="rw" data-testid="rw-board" ref={root}>
        <Status />
        <div className="rw-main">
          {noRealmYet(view.pos) ? <FactionChoice /> : <MapView />}
          <div className="rw-panel">
            <Decision />
            <Cards />
            <Legend />
          </div>
        </div>
        <Factions />
      </div>
    </RwContext.Provider>
  );
}
