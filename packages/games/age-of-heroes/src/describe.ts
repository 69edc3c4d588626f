/** Words for actions and log events, in English or Russian, from the message catalogs. */
import type { GameEvent, Locale, Seat } from '@tabula/engine';
import { defaultSeatName, translate } from '@tabula/engine';
import { messages } from './messages.js';
import type { AohAction, AohConfig, CardId } from './types.js';

const tr = (l: Locale, k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);

export function cardName(id: CardId, l: Locale): string {
  return tr(l, `aoh.card.${id}`);
}

export function cardList(ids: readonly CardId[], l: Locale): string {
  if (!ids.length) return '—';
  const n: Record<string, number> = {};
  for (const c of ids) n[c] = (n[c] ?? 0) + 1;
  return Object.entries(n)
    .map(([c, k]) => (k > 1 ? `${k}× ${cardName(c, l)}` : cardName(c, l)))
    .join(', ');
}

const SEAT_PARAMS = new Set([
  'seat',
  'target',
  'to',
  'from',
  'owner',
  'attacker',
  'defender',
  'drawer',
  'builder',
]);
const CARD_LIST_PARAMS = new Set(['cards', 'give', 'receive', 'pay']);

/** Localises event or action parameters: seats by name, cards, tribes, items, objectives. */
export function localParams(
  params: Record<string, unknown>,
  l: Locale,
  seatName: (s: Seat) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (SEAT_PARAMS.has(k) && typeof v === 'number')
      out[k] = v < 0 ? tr(l, 'aoh.unit.barbarians') : seatName(v);
    else if (k === 'seats' && Array.isArray(v)) out[k] = v.map((s) => seatName(s as number)).join(', ');
    else if (k === 'card' && typeof v === 'string') out[k] = cardName(v, l);
    else if (CARD_LIST_PARAMS.has(k) && Array.isArray(v) && v.every((x) => typeof x === 'string'))
      out[k] = cardList(v as string[], l);
    else if (k === 'tribe' && typeof v === 'string') out[k] = tr(l, `aoh.tribe.${v}`);
    else if (k === 'item' && typeof v === 'string') out[k] = tr(l, `aoh.item.${v}`);
    else if (k === 'objective' && typeof v === 'string') out[k] = tr(l, `aoh.objective.${v}`);
    else if (k === 'route' && typeof v === 'string') out[k] = tr(l, `aoh.route.${v}`);
    else if (k === 'ready' && typeof v === 'boolean')
      out[k] = l === 'ru' ? (v ? 'да' : 'нет') : v ? 'yes' : 'no';
    else if (Array.isArray(v)) out[k] = v.length ? v.join(', ') : '—';
    else out[k] = v;
  }
  return out;
}

/**
 * The Heroes of a defence in words, from their hosts (-1 a Hero as an army, else the army it leads as
 * general): "a Mighty Hero as an army", "3 Mighty Heroes: 2 as armies, 1 as general of army #4".
 */
export function heroesText(hosts: readonly number[], l: Locale): string {
  if (hosts.length === 1)
    return hosts[0] === -1 ? tr(l, 'aoh.heroes.army') : tr(l, 'aoh.heroes.general', { army: hosts[0] });
  const parts: string[] = [];
  const armies = hosts.filter((h) => h === -1).length;
  if (armies === 1) parts.push(tr(l, 'aoh.heroes.partArmy'));
  else if (armies > 1) parts.push(tr(l, 'aoh.heroes.partArmies', { n: armies }));
  for (const h of hosts) if (h !== -1) parts.push(tr(l, 'aoh.heroes.partGeneral', { army: h }));
  return tr(l, 'aoh.heroes.many', { n: hosts.length, parts: parts.join(', ') });
}

const isHosts = (v: unknown): v is number[] => Array.isArray(v) && v.every((h) => typeof h === 'number');

export function formatEvent(e: GameEvent, l: Locale, seatName: (s: Seat) => string): string {
  if (e.key === 'aoh.ev.response' && isHosts(e.params?.heroes)) {
    const hosts = e.params.heroes;
    const seat = typeof e.params.seat === 'number' ? seatName(e.params.seat) : '';
    return hosts.length
      ? tr(l, e.key, { seat, heroes: heroesText(hosts, l) })
      : tr(l, 'aoh.ev.responseNone', { seat });
  }
  return tr(l, e.key, localParams(e.params ?? {}, l, seatName));
}

/** The tribes' armies, from a state (`st.p`) or a view (`view.players`): army ids are public. */
export type ArmiesOf = ReadonlyArray<{ armies: ReadonlyArray<{ id: number }> }>;

export function describeAction(
  _cfg: AohConfig | undefined,
  _seat: Seat,
  a: AohAction,
  l: Locale,
  seatName: (s: Seat) => string = defaultSeatName(l),
  players?: ArmiesOf,
): string {
  const P = (k: string, p: Record<string, unknown> = {}) => tr(l, k, localParams(p, l, seatName));
  switch (a.type) {
    case 'quakeTarget': {
      // The army's owner, from the state or the caller's view (a browser has only the view).
      const owner = players ? players.findIndex((p) => p.armies.some((x) => x.id === a.army)) : -1;
      return owner >= 0
        ? P('aoh.act.quakeTarget', { army: a.army, owner })
        : P('aoh.act.quakeTargetArmy', { army: a.army });
    }
    case 'buildItem':
      if (a.item === 'general') return P('aoh.act.buildGeneral', { host: a.host, pay: a.pay });
      if (a.item === 'road') return P('aoh.act.buildRoad', { to: a.to, pay: a.pay });
      return P('aoh.act.buildItem', { item: a.item, pay: a.pay });
    case 'consent':
      return P(a.accept ? 'aoh.act.consentYes' : 'aoh.act.consentNo');
    case 'warHero':
      return a.host === -1 ? P('aoh.act.warHeroArmy') : P('aoh.act.warHeroGeneral', { host: a.host });
    case 'respond':
      return isHosts(a.heroes) && a.heroes.length
        ? tr(l, 'aoh.act.respond', { heroes: heroesText(a.heroes, l) })
        : P('aoh.act.passResponse');
    case 'offerTo':
      return a.seat === -1 ? P('aoh.act.offerToAll') : P('aoh.act.offerTo', { seat: a.seat });
    case 'monument':
      return P('aoh.act.monument', { count: a.count });
    case 'place':
      return P('aoh.act.place', { value: a.card, unit: a.unit + 1 });
    case 'duel':
      return P('aoh.act.duel', { unit: a.unit + 1 });
    case 'warUnhero':
      return P(`aoh.act.${a.type}`, { index: a.index + 1 });
    default: {
      const { type, ...rest } = a as { type: string } & Record<string, unknown>;
      return P(`aoh.act.${type}`, rest);
    }
  }
}
