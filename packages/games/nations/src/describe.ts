/** Words for actions and log events, in English or Russian. */
import type { GameEvent, Locale, Seat } from '@tabula/engine';
import { defaultSeatName, translate } from '@tabula/engine';
import { E } from './config.js';
import { eventCard, NATIONS, printedCard, progressCard, soloTile } from './data.js';

const ROMAN = ['', 'I', 'II', 'III', 'IV'];
import { messages } from './messages.js';
import namesRu from './data/names.ru.json' with { type: 'json' };
import type { ChoiceKind, Choose, NatAction, NatState, OptOf } from './state.js';

/** What the words read of a game: a state, or a seat's view (the same fields). */
export type Table = Pick<NatState, 'board' | 'cols' | 'players' | 'pending'>;
import type { Bag } from './types.js';

export const tr = (l: Locale, k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);

const RU = namesRu as {
  progress: Record<string, string>;
  printed: Record<string, string>;
  halves: Record<string, string>;
};

/** The name of an event half (its English name, as events carry it) in a locale. */
export function halfName(name: string, l: Locale): string {
  return (l === 'ru' && RU.halves[name]) || name;
}

/** A progress card's, printed card's or event card's name in a locale (names.ru.json holds the Russian ones). */
export function cardName(id: string, l: Locale): string {
  const c = progressCard(id) ?? printedCard(id);
  if (c) return (l === 'ru' && (RU.progress[id] ?? RU.printed[id] ?? c.nameRu)) || c.name;
  const e = eventCard(id);
  if (e)
    return l === 'ru'
      ? e.events.map((h) => halfName((Array.isArray(h) ? h[0]! : h).name, l)).join(' / ')
      : e.name;
  return halfName(id, l);
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
    else if (k === 'tile' && typeof v === 'string' && soloTile(v))
      // A solo tile has no name: its age (the id is no word for a player).
      out[k] = l === 'ru' ? `(эпоха ${ROMAN[soloTile(v)!.age]})` : `(age ${ROMAN[soloTile(v)!.age]})`;
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
    else if (k === 'name' && typeof v === 'string') out[k] = halfName(v, l);
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

function slotCard(st: Table | null, seat: Seat, slot: number, l: Locale): string {
  const r = st?.players[seat]?.row[slot];
  return r ? cardName(r.id, l) : `#${slot + 1}`;
}
/** Where a moved worker comes from: the idle workers (-1) or a slot of the row. */
function fromText(st: Table | null, seat: Seat, from: number, l: Locale): string {
  return from === -1
    ? tr(l, 'nat.act.fromIdle')
    : tr(l, 'nat.act.fromCard', { card: slotCard(st, seat, from, l) });
}
function instId(st: Table | null, seat: Seat, u: unknown): string | undefined {
  const p = st?.players[seat];
  if (!p) return undefined;
  for (const x of [...p.advisors, ...p.colonies, ...p.wonders, ...p.row]) if (x && x.u === u) return x.id;
  return undefined;
}
function instName(st: Table | null, seat: Seat, u: unknown, l: Locale): string {
  if (!st) return `#${String(u)}`;
  const p = st.players[seat]!;
  for (const x of [...p.advisors, ...p.colonies, ...p.wonders, ...p.row])
    if (x && x.u === u) return cardName(x.id, l);
  return `#${String(u)}`;
}

export function describeAction(
  st: Table | null,
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
    case 'ability': {
      const p = st?.players[seat];
      const id = a.card < 0 ? undefined : instId(st, seat, a.card);
      const c = id ? (progressCard(id) ?? printedCard(id)) : undefined;
      const costs = c?.abilities?.find((x) => x.id === a.ability)?.cost;
      const params = {
        card: a.card < 0 ? (p ? nationName(p.nation, l) : tr(l, 'nat.name')) : instName(st, seat, a.card, l),
        ability: tr(l, `nat.ability.${a.ability}`),
      };
      return a.cost !== undefined && Array.isArray(costs) && costs[a.cost]
        ? tr(l, 'nat.act.abilityCost', { ...params, cost: bagText(costs[a.cost], l) })
        : tr(l, 'nat.act.ability', params);
    }
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

/** What the words of a choice read: the state or view (null: none), the seat, the locale, seat names. */
interface Words {
  st: Table | null;
  seat: Seat;
  l: Locale;
  seatName: (s: Seat) => string;
}
const side = (w: Words, v: unknown) => tr(w.l, `nat.side.${String(v)}`);
const res = (w: Words, v: unknown) => tr(w.l, `nat.res.${String(v)}`);
const stopOr = <T extends object>(c: T, w: Words, f: (c: Exclude<T, { stop: true }>) => string): string =>
  'stop' in c ? tr(w.l, 'nat.choose.stop') : f(c as Exclude<T, { stop: true }>);

/** The words of each kind of decision's options: a missing kind is a compile error. */
const CHOICE_WORDS: { readonly [K in ChoiceKind]: (c: OptOf<K>, w: Words) => string } = {
  nation: (c, w) => tr(w.l, 'nat.choose.nation', { nation: nationName(String(c.nation), w.l), side: c.side }),
  growth(c, w) {
    if (c.take === 'worker')
      return c.side
        ? tr(w.l, 'nat.choose.growthWorkerSide', { side: side(w, c.side) })
        : tr(w.l, 'nat.choose.growthWorker');
    const pd = w.st?.pending;
    const n = pd?.kind === 'growth' ? pd.d.amount : undefined;
    return n !== undefined
      ? tr(w.l, 'nat.choose.growthRes', { n, res: res(w, c.res) })
      : tr(w.l, 'nat.choose.growthResAny', { res: res(w, c.res) });
  },
  machiavelli: (c, w) => tr(w.l, 'nat.choose.event', { card: cardName(String(c.event), w.l) }),
  place(c, w) {
    const r = w.st?.players[w.seat]?.row[c.slot];
    return r
      ? tr(w.l, 'nat.choose.slotCover', { slot: c.slot + 1, card: cardName(r.id, w.l) })
      : tr(w.l, 'nat.choose.slot', { slot: c.slot + 1 });
  },
  advisorOut: (c, w) => tr(w.l, 'nat.choose.remove', { card: instName(w.st, w.seat, c.remove, w.l) }),
  colonyOut: (c, w) => tr(w.l, 'nat.choose.remove', { card: instName(w.st, w.seat, c.remove, w.l) }),
  removeCard: (c, w) => tr(w.l, 'nat.choose.remove', { card: instName(w.st, w.seat, c.remove, w.l) }),
  battle: (c, w) => tr(w.l, 'nat.choose.res', { res: res(w, c.res) }),
  golden(c, w) {
    if ('hook' in c) return tr(w.l, `nat.choose.hook.${String(c.hook)}`);
    if ('pay' in c) return tr(w.l, 'nat.choose.pay', { bag: bagText(c.pay, w.l) });
    return tr(w.l, 'nat.choose.res', { res: res(w, c.res) });
  },
  cover: (c, w) =>
    c.cover === null
      ? tr(w.l, 'nat.choose.noCover')
      : tr(w.l, 'nat.choose.cover', { card: instName(w.st, w.seat, c.cover, w.l) }),
  gainChoice: (c, w) => tr(w.l, 'nat.choose.res', { res: res(w, c.res) }),
  prodChoice: (c, w) => tr(w.l, 'nat.choose.res', { res: res(w, c.res) }),
  subst: (c, w) => tr(w.l, 'nat.choose.lose', { bag: bagText(c.lose, w.l) }),
  warSpread: (c, w) => tr(w.l, 'nat.choose.loss', { bag: bagText(c.loss, w.l) }),
  offer: (c, w) => tr(w.l, c.accept ? 'nat.choose.accept' : 'nat.choose.decline'),
  choice(c, w) {
    const pd = w.st?.pending;
    const br = pd?.kind === 'choice' && 'branches' in pd.d ? pd.d.branches[c.branch] : undefined;
    const head = tr(w.l, 'nat.choose.branch', { n: c.branch + 1 });
    return br ? `${head}: ${effectsText(br, w.l)}` : head;
  },
  gainSide: (c, w) => tr(w.l, 'nat.choose.side', { side: side(w, c.side) }),
  loseWorker: (c, w) =>
    tr(w.l, 'nat.choose.loseWorker', { from: fromText(w.st, w.seat, c.from, w.l), side: side(w, c.side) }),
  freeArch: (c, w) => tr(w.l, 'nat.choose.n', { n: c.n }),
  deployFree: (c, w) =>
    stopOr(c, w, (m) =>
      tr(w.l, 'nat.choose.deployFree', {
        from: fromText(w.st, w.seat, m.from, w.l),
        card: slotCard(w.st, w.seat, m.to, w.l),
      }),
    ),
  undeployFor: (c, w) =>
    stopOr(c, w, (m) => tr(w.l, 'nat.choose.undeployFor', { card: slotCard(w.st, w.seat, m.slot, w.l) })),
  takeFree(c, w) {
    const b = w.st?.board[(c.row - 1) * w.st.cols + c.col];
    return tr(w.l, 'nat.choose.take', { card: b ? cardName(b.id, w.l) : `${c.row}/${c.col}` });
  },
  swap(c, w) {
    const [a, b] = c.swap;
    const nm = (i: number) => (w.st?.board[i] ? cardName(w.st.board[i].id, w.l) : `#${i}`);
    return tr(w.l, 'nat.choose.swap', { a: nm(a), b: nm(b) });
  },
  turk: (c, w) => tr(w.l, 'nat.choose.give', { seat: w.seatName(c.give) }),
};

/**
 * The kind of decision a `choose` action answers: the pending decision's kind when the action fits it, else
 * the kind its fields name (an action read from a log, without the state it was taken in). Null: none.
 */
export function choiceKind(c: Choose, pending: ChoiceKind | undefined): ChoiceKind | null {
  const has = (k: string) => c[k] !== undefined;
  const fits: Partial<Record<ChoiceKind, boolean>> = {
    undeployFor: has('slot') || has('stop'),
    deployFree: (has('from') && has('to')) || has('stop'),
    advisorOut: has('remove'),
    colonyOut: has('remove'),
    removeCard: has('remove'),
    battle: has('res'),
    gainChoice: has('res'),
    prodChoice: has('res'),
  };
  if (pending && fits[pending]) return pending;
  if (has('hook')) return 'golden';
  if (has('give')) return 'turk';
  if (has('nation')) return 'nation';
  if (c.take === 'worker' || c.take === 'res') return 'growth';
  if (has('event')) return 'machiavelli';
  if (has('slot')) return 'place';
  if (has('remove')) return 'removeCard';
  if (c.cover !== undefined) return 'cover';
  if (has('pay')) return 'golden';
  if (has('lose')) return 'subst';
  if (has('loss')) return 'warSpread';
  if (has('branch')) return 'choice';
  if (has('accept')) return 'offer';
  if (c.stop) return 'deployFree';
  if (has('from') && has('to')) return 'deployFree';
  if (has('from') && has('side')) return 'loseWorker';
  if (has('side')) return 'gainSide';
  if (has('res')) return 'gainChoice';
  if (has('n')) return 'freeArch';
  if (has('row')) return 'takeFree';
  if (has('swap')) return 'swap';
  return null;
}

function describeChoice(
  st: Table | null,
  seat: Seat,
  c: Choose,
  l: Locale,
  seatName: (s: Seat) => string = defaultSeatName(l),
): string {
  const k = choiceKind(c, st?.pending?.kind);
  if (k === null) return JSON.stringify(c);
  const words = CHOICE_WORDS[k] as (c: Choose, w: Words) => string;
  return words(c, { st, seat, l, seatName });
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
