/** Words for actions and log events, in English or Russian, from the message catalogs. */
import type { GameEvent, Locale, Prompt, Seat } from '@tabula/engine';
import { defaultSeatName, translate } from '@tabula/engine';
import type { Rt } from './config.js';
import { DEFAULT_RT, currentRt, rtOf } from './config.js';
import { cityLabel, nodeLabel, placeLabel } from './places.js';
import { messages } from './messages.js';
import type { SfrAction, SfrView } from './types.js';
import { ITEMS, TRIBES } from './types.js';

const tr = (l: Locale, k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);

export function cardName(id: string, l: Locale): string {
  const t = tr(l, `sfr.card.${id}`);
  return t === `sfr.card.${id}` ? (DEFAULT_RT.dev.get(id)?.name ?? id) : t;
}

export function cityName(r: Rt, id: string, l: Locale = 'en'): string {
  const c = r.cityIdx.get(id);
  return c === undefined ? id : cityLabel(r, c, l);
}

/** [grain, ore, horses, cattle, gold] as words. */
export function bundleText(b: readonly number[], l: Locale): string {
  const parts: string[] = [];
  b.forEach((k, i) => {
    if (k > 0) parts.push(`${k} ${tr(l, `sfr.kind.${ITEMS[i]}`)}`);
  });
  return parts.length ? parts.join(', ') : tr(l, 'sfr.nothing');
}

const SEAT_PARAMS = new Set(['seat', 'victim', 'with', 'start', 'from']);

/** Localises event or action parameters: seats by name, cards, kinds, tribes, awards, cities. */
export function localParams(
  params: Record<string, unknown>,
  l: Locale,
  seatName: (s: Seat) => string,
  r: Rt = DEFAULT_RT,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (SEAT_PARAMS.has(k) && typeof v === 'number') out[k] = v < 0 ? '—' : seatName(v);
    else if (k === 'to' && typeof v === 'number') out[k] = v < 0 ? tr(l, 'sfr.everyone') : seatName(v);
    else if ((k === 'to' || k === 'hex') && typeof v === 'string') out[k] = placeLabel(r, v, l);
    else if (k === 'seats' && Array.isArray(v)) out[k] = v.map((s) => seatName(s as number)).join(', ');
    else if (k === 'card' && typeof v === 'string') out[k] = cardName(v, l);
    else if (k === 'cards' && Array.isArray(v) && v.every((x) => typeof x === 'string'))
      out[k] = v.length ? (v as string[]).map((c) => cardName(c, l)).join(', ') : '—';
    else if (k === 'cards' && Array.isArray(v))
      out[k] = v.map((x, s) => `${seatName(s)} ${String(x)}`).join(', ');
    else if ((k === 'give' || k === 'get') && Array.isArray(v)) out[k] = bundleText(v as number[], l);
    else if (k === 'take' && Array.isArray(v))
      out[k] = v.map((x) => tr(l, `sfr.kind.${String(x)}`)).join(', ');
    else if (k === 'loot' && typeof v === 'string') out[k] = tr(l, `sfr.token.${v}`);
    else if (['kind', 'give', 'get', 'take', 'item'].includes(k) && typeof v === 'string')
      out[k] = tr(l, `sfr.kind.${v}`);
    else if ((k === 'tribe' || k === 'box') && typeof v === 'string') out[k] = tr(l, `sfr.tribe.${v}`);
    else if (k === 'got' && Array.isArray(v))
      out[k] = v.map((x) => tr(l, `sfr.tribe.${String(x)}`)).join(', ');
    else if (k === 'award' && typeof v === 'string') out[k] = tr(l, `sfr.award.${v}`);
    else if (k === 'city' && typeof v === 'string') out[k] = cityName(r, v, l);
    else if (k === 'reason' && typeof v === 'string') out[k] = tr(l, `sfr.reason.${v}`);
    else if (k === 'phase' && typeof v === 'number') out[k] = tr(l, `sfr.phase.${v}`);
    else if (k === 'dice' && Array.isArray(v)) out[k] = v.join('+');
    else if (k === 'route' && Array.isArray(v))
      out[k] = v.map((x) => placeLabel(r, String(x), l)).join(' → ');
    else if (Array.isArray(v)) out[k] = v.length ? v.join(', ') : '—';
    else out[k] = v;
  }
  return out;
}

/** One log event in words; places are named on the map last looked up (config.ts, currentRt). */
export function formatEvent(e: GameEvent, l: Locale, seatName: (s: Seat) => string): string {
  return tr(l, e.key, localParams(e.params ?? {}, l, seatName, currentRt()));
}

/** The grain and gold a move action pays (needs only the map, never hidden information). */
export function movePayment(r: Rt, a: Extract<SfrAction, { type: 'move' }>): { grain: number; gold: number } {
  let used = 0,
    land = 0,
    sea = 0;
  const card = a.card ? r.dev.get(a.card) : undefined;
  const free =
    card?.effect.type === 'freeArrows' ? Math.max(r.C.freeArrows, card.effect.count) : r.C.freeArrows;
  const seaFree = card?.effect.type === 'freeSeaArrows';
  for (let i = 1; i < a.route.length; i++) {
    const x = r.nodeIdx.get(a.route[i - 1]!),
      y = r.nodeIdx.get(a.route[i]!);
    if (x === undefined || y === undefined) continue;
    const j = r.nodes[x]!.adj.indexOf(y);
    const arrow = j >= 0 ? r.nodes[x]!.arrow[j]! : 0;
    if (!arrow) continue;
    if (used < free) used++;
    else if (arrow === 1) land++;
    else if (!seaFree) sea++;
  }
  return { grain: a.grain * r.C.landGrain, gold: (land - a.grain) * r.C.landGold + sea * r.C.seaGold };
}

function moveCost(r: Rt, a: Extract<SfrAction, { type: 'move' }>, l: Locale): string {
  const { grain, gold } = movePayment(r, a);
  return grain + gold === 0 ? tr(l, 'sfr.cost.free') : tr(l, 'sfr.cost.pay', { grain, gold });
}

export function describeAction(
  r: Rt,
  _seat: Seat,
  a: SfrAction,
  l: Locale,
  seatName: (s: Seat) => string = defaultSeatName(l),
): string {
  const P = (k: string, p: Record<string, unknown> = {}) => tr(l, k, localParams(p, l, seatName, r));
  switch (a.type) {
    case 'buyPair':
    case 'buyWagon':
    case 'buyDev': {
      const base = a.type === 'buyWagon' ? P('sfr.act.buyWagon', { box: a.box }) : P(`sfr.act.${a.type}`);
      return a.emergency ? base + P('sfr.act.emergency', { kind: a.emergency }) : base;
    }
    case 'play':
      if (a.hex) return P('sfr.act.playHex', { card: a.card, hex: a.hex });
      if (a.take) return P('sfr.act.playTake', { card: a.card, take: a.take });
      return P('sfr.act.play', { card: a.card });
    case 'draft':
      return P('sfr.act.draft', { to: a.to });
    case 'move':
      return a.card
        ? P('sfr.act.moveCard', { to: a.to, card: a.card, cost: moveCost(r, a, l) })
        : P('sfr.act.move', { to: a.to, cost: moveCost(r, a, l) });
    case 'plunder':
    case 'found':
    case 'expand':
      return (
        P(`sfr.act.${a.type}`, { city: a.city }) + (a.card ? P('sfr.act.withCard', { card: a.card }) : '')
      );
    default: {
      const { type, ...rest } = a as { type: string } & Record<string, unknown>;
      return P(`sfr.act.${type}`, rest);
    }
  }
}

/** What a prompt asks of its seat, in words, with the places named (the action bar's line). */
export function describePrompt(p: Prompt, v: SfrView, l: Locale, seatName: (s: Seat) => string): string {
  const r = rtOf(v.options);
  const P = (k: string, params: Record<string, unknown> = {}) =>
    tr(l, k, localParams(params, l, seatName, r));
  const a = (p.args ?? {}) as Record<string, unknown>;
  switch (p.kind) {
    case 'sfr.legion':
      return P('sfr.ask.legion', { hex: v.legion });
    case 'sfr.rob':
      return P('sfr.ask.rob', { hex: v.legion });
    case 'sfr.act': {
      const f = v.flow[v.flow.length - 1];
      const me = v.players[p.seat];
      const t = f?.k === 'act' ? f.t : a.tribe === 'warriors' ? 1 : 0;
      const tribe = me?.tribes[t];
      if (!tribe) break;
      const place = nodeLabel(r, tribe.node, l);
      if (a.done) return P('sfr.ask.actDone', { tribe: TRIBES[t] });
      if (a.moved) return P('sfr.ask.actMoved', { tribe: TRIBES[t], place });
      if (tribe.settled)
        return P('sfr.ask.actKingdom', {
          tribe: TRIBES[t],
          strength: tribe.strength,
          cities: tribe.kingdom.map((c) => cityLabel(r, c, l)).join(', '),
        });
      return P('sfr.ask.act', { tribe: TRIBES[t], strength: tribe.strength, place });
    }
    case 'sfr.respond': {
      const o = v.offers.find((x) => x.id === a.offer);
      if (o) return P('sfr.ask.respond', { seat: o.from, give: o.give, get: o.get });
      break;
    }
  }
  return P(`sfr.prompt.${p.kind}`, a);
}

/** A round opens with its start player's line; each phase opens a group of its own (its steps). */
export function eventGroup(e: GameEvent): { kind: 'round' | 'turn'; round?: number; seat?: Seat } | null {
  const p = (e.params ?? {}) as Record<string, unknown>;
  if (e.key === 'sfr.ev.round' && typeof p.round === 'number') return { kind: 'round', round: p.round };
  if (e.key === 'sfr.ev.phase') return { kind: 'turn' };
  return null;
}

/** The round, and the round limit when the game has one. */
export function progress(v: SfrView): { round: number; of?: number } | null {
  return v.options.roundLimit > 0 ? { round: v.round, of: v.options.roundLimit } : { round: v.round };
}
