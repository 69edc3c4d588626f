/** Words for actions and log events, in English or Russian. */
import type { GameEvent, Locale, Seat } from '@tabula/engine';
import { defaultSeatName, translate } from '@tabula/engine';
import { E } from './config.js';
import { eventCard, NATIONS, printedCard, progressCard } from './data.js';
import { messages } from './messages.js';
import type { Choose, NatAction, NatState } from './state.js';
import type { Bag } from './types.js';

export const tr = (l: Locale, k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);

export function cardName(id: string, l: Locale): string {
  const c = progressCard(id) ?? printedCard(id);
  if (c) return (l === 'ru' && c.nameRu) || c.name;
  const e = eventCard(id);
  if (e) return e.name;
  return id;
}
export function nationName(id: string, l: Locale): string {
  const b = NATIONS.find((x) => x.nation === id);
  return b ? (l === 'ru' && b.nameRu) || b.name : id || '?';
}
export function bagText(b: Bag | Record<string, number> | undefined, l: Locale): string {
  if (!b) return tr(l, 'nat.nothing');
  const parts: string[] = [];
  for (const r of ['gold', 'stone', 'food', 'books'])
    if ((b as Record<string, number>)[r])
      parts.push(`${(b as Record<string, number>)[r]} ${tr(l, `nat.res.${r}`)}`);
  return parts.length ? parts.join(', ') : tr(l, 'nat.nothing');
}
function netText(b: Record<string, number>, l: Locale): string {
  const parts: string[] = [];
  for (const r of ['gold', 'stone', 'food', 'books']) {
    const v = b[r] ?? 0;
    if (v) parts.push(`${v > 0 ? '+' : ''}${v} ${tr(l, `nat.res.${r}`)}`);
  }
  return parts.length ? parts.join(', ') : tr(l, 'nat.nothing');
}

const SPLIT: Record<string, (p: Record<string, unknown>) => boolean> = {
  'nat.ev.offer': (p) => !!p.accepted,
  'nat.ev.antikythera': (p) => !!p.card,
  'nat.ev.soloOrder': (p) => !!p.voAhead,
  'nat.ev.eventHalf': (p) => p.half === 0,
  'nat.ev.soloStability': (p) => !!p.win,
  'nat.ev.soloBooks': (p) => !!p.win,
};

export function localParams(
  p: Record<string, unknown>,
  l: Locale,
  seatName: (s: Seat) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...p };
  const seat = (s: unknown) => (typeof s === 'number' ? (s < 0 ? tr(l, 'nat.vo') : seatName(s)) : String(s));
  for (const [k, v] of Object.entries(p)) {
    if (k === 'seat' || k === 'buyer' || k === 'receiver') out[k] = seat(v);
    else if (k === 'card' || k === 'by' || k === 'tile') out[k] = typeof v === 'string' ? cardName(v, l) : v;
    else if (k === 'cards') out[k] = (v as string[]).map((x) => cardName(x, l)).join(', ') || '—';
    else if (k === 'order' || k === 'seats' || k === 'defeated') {
      const list = v as number[];
      out[k] = list.length ? list.map(seat).join(', ') : '—';
    } else if (k === 'bag' || k === 'pay' || k === 'lose' || k === 'loss') out[k] = bagText(v as Bag, l);
    else if (k === 'net') out[k] = netText(v as Record<string, number>, l);
    else if (k === 'res') out[k] = tr(l, `nat.res.${String(v)}`);
    else if (k === 'side') out[k] = v === 'A' || v === 'B' ? v : tr(l, `nat.side.${String(v)}`);
    else if (k === 'type') out[k] = tr(l, `nat.type.${String(v)}`);
    else if (k === 'types' && Array.isArray(v))
      out[k] = v.map((t) => tr(l, `nat.type.${String(t)}`)).join(l === 'ru' ? ' или ' : ' or ');
    else if (k === 'nation') out[k] = nationName(String(v), l);
    else if (k === 'hook') out[k] = tr(l, `nat.hook.${String(v)}`);
    else if (k === 'name' && l === 'ru' && typeof p.nameRu === 'string') out[k] = p.nameRu;
    else if (k === 'src') out[k] = typeof v === 'string' ? cardName(v, l) : '';
    else if (k === 'scores' || k === 'gains')
      out[k] = (v as number[]).map((x, s) => `${seatName(s)} ${x}`).join(', ');
    else if (k === 'vo' && v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      out.strength = o.strength ?? '—';
      out.stability = o.stability ?? '—';
      out.books = o.books ?? '—';
    }
  }
  return out;
}

export function formatEvent(
  e: GameEvent,
  l: Locale,
  seatName: (s: Seat) => string = defaultSeatName(l),
): string {
  const p = e.params ?? {};
  const split = SPLIT[e.key];
  const key = split ? `${e.key}.${split(p) ? 'yes' : 'no'}` : e.key;
  return tr(l, key, localParams(p, l, seatName));
}

function slotCard(st: NatState | null, seat: Seat, slot: number, l: Locale): string {
  const r = st?.players[seat]?.row[slot];
  return r ? cardName(r.id, l) : `#${slot + 1}`;
}
/** Where a moved worker comes from: the idle workers (-1) or a slot of the row. */
function fromText(st: NatState | null, seat: Seat, from: number, l: Locale): string {
  return from === -1
    ? tr(l, 'nat.act.fromIdle')
    : tr(l, 'nat.act.fromCard', { card: slotCard(st, seat, from, l) });
}
function instName(st: NatState | null, seat: Seat, u: unknown, l: Locale): string {
  if (!st) return `#${String(u)}`;
  const p = st.players[seat]!;
  for (const x of [...p.advisors, ...p.colonies, ...p.wonders, ...p.row])
    if (x && x.u === u) return cardName(x.id, l);
  return `#${String(u)}`;
}

export function describeAction(
  st: NatState | null,
  seat: Seat,
  a: NatAction,
  l: Locale,
  seatName: (s: Seat) => string = defaultSeatName(l),
): string {
  switch (a.type) {
    case 'buy': {
      const b = st?.board[(a.row - 1) * st.cols + a.col];
      return tr(l, 'nat.act.buy', {
        card: b ? cardName(b.id, l) : `${a.row}/${a.col + 1}`,
        row: a.row,
        price: E.rowPrice[a.row - 1],
      });
    }
    case 'deploy':
      return tr(l, 'nat.act.deploy', {
        from: fromText(st, seat, a.from, l),
        card: slotCard(st, seat, a.to, l),
      });
    case 'undeploy':
      return tr(l, 'nat.act.undeploy', { card: slotCard(st, seat, a.slot, l) });
    case 'hire':
      return tr(l, a.private ? 'nat.act.hirePrivate' : 'nat.act.hire');
    case 'ability':
      return tr(l, 'nat.act.ability', {
        card: a.card < 0 ? tr(l, 'nat.name') : instName(st, seat, a.card, l),
        ability: a.ability,
      });
    case 'pass':
      return tr(l, 'nat.act.pass');
    case 'end':
      return tr(l, 'nat.act.end');
    case 'resign':
      return tr(l, 'nat.act.resign');
    case 'choose':
      return describeChoice(st, seat, a as Choose, l, seatName);
    default:
      return JSON.stringify(a);
  }
}

function describeChoice(
  st: NatState | null,
  seat: Seat,
  c: Choose,
  l: Locale,
  seatName: (s: Seat) => string = defaultSeatName(l),
): string {
  if (c.hook !== undefined) return tr(l, `nat.choose.hook.${String(c.hook)}`);
  if (c.give !== undefined) return tr(l, 'nat.choose.give', { seat: seatName(c.give as number) });
  if (c.nation !== undefined)
    return tr(l, 'nat.choose.nation', { nation: nationName(String(c.nation), l), side: c.side });
  if (c.take === 'worker')
    return c.side
      ? tr(l, 'nat.choose.growthWorkerSide', { side: tr(l, `nat.side.${String(c.side)}`) })
      : tr(l, 'nat.choose.growthWorker');
  if (c.take === 'res') {
    const n = st?.pending?.d?.amount;
    return n !== undefined
      ? tr(l, 'nat.choose.growthRes', { n, res: tr(l, `nat.res.${String(c.res)}`) })
      : tr(l, 'nat.choose.growthResAny', { res: tr(l, `nat.res.${String(c.res)}`) });
  }
  if (c.event !== undefined) return tr(l, 'nat.choose.event', { card: cardName(String(c.event), l) });
  if (c.slot !== undefined && st?.pending?.kind === 'undeployFor')
    return tr(l, 'nat.choose.undeployFor', { card: slotCard(st, seat, c.slot as number, l) });
  if (c.slot !== undefined) {
    const r = st?.players[seat]?.row[c.slot as number];
    return r
      ? tr(l, 'nat.choose.slotCover', { slot: (c.slot as number) + 1, card: cardName(r.id, l) })
      : tr(l, 'nat.choose.slot', { slot: (c.slot as number) + 1 });
  }
  if (c.remove !== undefined) return tr(l, 'nat.choose.remove', { card: instName(st, seat, c.remove, l) });
  if (c.cover !== undefined)
    return c.cover === null
      ? tr(l, 'nat.choose.noCover')
      : tr(l, 'nat.choose.cover', { card: instName(st, seat, c.cover, l) });
  if (c.pay !== undefined) return tr(l, 'nat.choose.pay', { bag: bagText(c.pay as Bag, l) });
  if (c.lose !== undefined) return tr(l, 'nat.choose.lose', { bag: bagText(c.lose as Bag, l) });
  if (c.loss !== undefined) return tr(l, 'nat.choose.loss', { bag: bagText(c.loss as Bag, l) });
  if (c.branch !== undefined) {
    const br = (st?.pending?.d?.branches as unknown[][] | undefined)?.[c.branch as number];
    return br
      ? `${tr(l, 'nat.choose.branch', { n: (c.branch as number) + 1 })}: ${effectsText(br, l)}`
      : tr(l, 'nat.choose.branch', { n: (c.branch as number) + 1 });
  }
  if (c.accept !== undefined) return tr(l, c.accept ? 'nat.choose.accept' : 'nat.choose.decline');
  if (c.stop) return tr(l, 'nat.choose.stop');
  if (c.from !== undefined && c.to !== undefined)
    return tr(l, 'nat.choose.deployFree', {
      from: fromText(st, seat, c.from as number, l),
      card: slotCard(st, seat, c.to as number, l),
    });
  if (c.from !== undefined && c.side !== undefined)
    return tr(l, 'nat.choose.loseWorker', {
      from: fromText(st, seat, c.from as number, l),
      side: tr(l, `nat.side.${String(c.side)}`),
    });
  if (c.side !== undefined) return tr(l, 'nat.choose.side', { side: tr(l, `nat.side.${String(c.side)}`) });
  if (c.res !== undefined) return tr(l, 'nat.choose.res', { res: tr(l, `nat.res.${String(c.res)}`) });
  if (c.n !== undefined) return tr(l, 'nat.choose.n', { n: c.n });
  if (c.row !== undefined) {
    const b = st?.board[((c.row as number) - 1) * st.cols + (c.col as number)];
    return tr(l, 'nat.choose.take', { card: b ? cardName(b.id, l) : `${String(c.row)}/${String(c.col)}` });
  }
  if (c.swap !== undefined) {
    const [a, b] = c.swap as number[];
    const nm = (i: number) => (st?.board[i] ? cardName(st.board[i]!.id, l) : `#${i}`);
    return tr(l, 'nat.choose.swap', { a: nm(a!), b: nm(b!) });
  }
  return JSON.stringify(c);
}

/** A short text of an effect list (for choice branches). */
function effectsText(list: unknown[], l: Locale): string {
  return list
    .map((e) => {
      const o = e as Record<string, unknown>;
      if (o.pay) return `−${bagText(o.pay as Bag, l)}`;
      if (o.gain) return `+${bagText(o.gain as Bag, l)}`;
      if (o.vp !== undefined) return `${(o.vp as number) > 0 ? '+' : ''}${String(o.vp)} VP`;
      return Object.keys(o)[0]!;
    })
    .join(', ');
}
