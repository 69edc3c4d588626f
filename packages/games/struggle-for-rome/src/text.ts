/** The table in words, for the terminal: supplies, every player's tribes and holdings, the offers. */
import type { Locale, Seat } from '@tabula/engine';
import { Rng, translate } from '@tabula/engine';
import type { Rt } from './config.js';
import { rtOf } from './config.js';
import { bundleText, cardName, movePayment } from './describe.js';
import { legalActions } from './decisions.js';
import { messages } from './messages.js';
import type { SfrAction, SfrView } from './types.js';
import { sampleWorld } from './view.js';
import { cityLabel, hexLabel, nodeLabel, provinceLabel } from './places.js';
import { KINDS, TRIBES } from './types.js';

export function renderView(v: SfrView, l: Locale, seatName: (s: Seat) => string): string {
  const T = (k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);
  const ru = l === 'ru';
  const r = rtOf(v.options);
  const lines: string[] = [];
  lines.push(
    `== ${T('sfr.name')} — ${ru ? 'раунд' : 'round'} ${v.round} — ${T(`sfr.phase.${v.phase}`)} — ${ru ? 'стартовый' : 'start'}: ${seatName(v.start)} ==`,
  );
  lines.push(
    `${ru ? 'Роза ветров' : 'Wind rose'}: ${v.rose.join(', ') || '—'}; ${ru ? 'легионер' : 'legionnaire'}: ${hexLabel(r, r.hexIdx.get(v.legion) ?? -1, l)}; ` +
      `${ru ? 'зерно' : 'grain'} ${v.grain}, ${ru ? 'руда' : 'ore'} ${v.ore}, ${ru ? 'пастбища' : 'pasture deck'} ${v.pdeckCount} ` +
      `(${ru ? 'сброс' : 'discard'} ${v.pdis[0]}/${v.pdis[1]}), ${ru ? 'развитие' : 'development'} ${v.devDeckCount}`,
  );
  for (const p of v.players) {
    const me = p.seat === v.viewer ? (ru ? ' (вы)' : ' (you)') : '';
    const colour = T(`sfr.colour.${p.colour}`);
    const awards: string[] = [];
    if (v.diplomacy === p.seat) awards.push(T('sfr.award.diplomacy'));
    for (let i = 0; i < p.enemy; i++) awards.push(T('sfr.award.enemy'));
    if (p.heir) awards.push(T('sfr.award.heir'));
    const res = p.res
      ? p.res.map((k, i) => `${T(`sfr.kind.${KINDS[i]}`)} ${k}`).join(', ')
      : `${p.cards} ${ru ? 'карт' : 'cards'}`;
    lines.push(
      `- ${seatName(p.seat)}${me} [${colour}] ${ru ? 'ПО' : 'VP'} ${p.publicVp}${p.vp !== undefined ? ` (${p.vp})` : ''}${p.announced ? (ru ? ' ФИНАЛ' : ' FINAL') : ''}${p.resigned ? (ru ? ' (сдался)' : ' (resigned)') : ''}: ` +
        `${ru ? 'золото' : 'gold'} ${p.gold}; ${res}; ${ru ? 'карт развития' : 'development'} ${p.devCount}` +
        `${p.dev ? ` [${p.dev.map((c) => cardName(c, l)).join(', ')}]` : ''}; ${ru ? 'запас' : 'reserve'} ${p.reserve.join('/')}` +
        `${awards.length ? `; ${awards.join(', ')}` : ''}`,
    );
    p.tribes.forEach((t, i) => {
      const loot = t.loot.map((x) => provinceLabel(r, r.tokens[x]!.prov, l)).join(', ') || '—';
      const near = r.nodes[t.node]!.cities.map((c) => cityLabel(r, c, l));
      const where = t.settled
        ? `${ru ? 'королевство' : 'kingdom'}: ${t.kingdom.map((c) => cityLabel(r, c, l)).join(', ')}`
        : `${ru ? 'стоят:' : 'at'} ${nodeLabel(r, t.node, l)}` +
          (near.length ? ` (${ru ? 'рядом:' : 'next to'} ${near.join(', ')})` : '');
      lines.push(
        `    ${T(`sfr.tribe.${TRIBES[i]}`)}: ${where}; ${ru ? 'сила' : 'strength'} ${t.strength}, ${ru ? 'повозки' : 'wagons'} ${t.wagons}; ${ru ? 'добыча' : 'loot'} ${loot}`,
      );
    });
  }
  if (!v.over && v.viewer >= 0) lines.push(...mapLines(v, l, r));
  for (const o of v.offers)
    lines.push(
      `  #${o.id} ${seatName(o.from)} → ${o.to < 0 ? T('sfr.everyone') : seatName(o.to)}: ${ru ? 'даёт' : 'gives'} ${bundleText(o.give, l)}; ${ru ? 'просит' : 'wants'} ${bundleText(o.get, l)}` +
        ` [${o.answers
          .map((a, s) =>
            a === 1
              ? `${seatName(s)} ✓`
              : a === 2
                ? `${seatName(s)} ✗`
                : a === 3
                  ? `${seatName(s)} ↺`
                  : a === 0
                    ? `${seatName(s)} ?`
                    : '',
          )
          .filter(Boolean)
          .join(', ')}]`,
    );
  if (v.draft)
    lines.push(
      `${ru ? 'Ваш черновик' : 'Your draft'} → ${v.draft.to < 0 ? T('sfr.everyone') : seatName(v.draft.to)}: ${ru ? 'даёте' : 'give'} ${bundleText(v.draft.give, l)}; ${ru ? 'просите' : 'want'} ${bundleText(v.draft.get, l)}`,
    );
  if (v.over)
    lines.push(
      `*** ${v.over.winners.map(seatName).join(', ')} — ${ru ? 'победа' : 'win'}: ${T(`sfr.reason.${v.over.reason}`)} ***`,
    );
  else if (v.waiting.length)
    lines.push((ru ? 'Ждём: ' : 'Waiting for: ') + v.waiting.map((w) => seatName(w.seat)).join(', '));
  return lines.join('\n');
}

/** A city with its province, towers and state: "Noviomagus (Germania, 2 towers, loot)". */
function cityText(v: SfrView, r: Rt, c: number, l: Locale): string {
  const ru = l === 'ru';
  const city = r.cities[c]!;
  const owner = v.owner[c]!;
  const state =
    owner >= 0
      ? `${ru ? 'владеет' : 'held by'} ${translate([messages], l, `sfr.colour.${v.players[owner >> 1]?.colour}`)}`
      : v.token[c]
        ? ru
          ? 'с добычей'
          : 'loot'
        : ru
          ? 'разграблен'
          : 'plundered';
  return `${cityLabel(r, c, l)} (${provinceLabel(r, city.prov, l)}, ${ru ? 'башен' : 'towers'} ${city.towers}, ${state})`;
}

/**
 * The map in words for the viewer: the cities next to each of his nomadic tribes and, during his own
 * tribe step, where the tribe can move (cheapest cost per destination) and which cities it can
 * plunder, found a kingdom in or conquer. Everything comes from the viewer's own view.
 */
function mapLines(v: SfrView, l: Locale, r: Rt): string[] {
  const ru = l === 'ru';
  const T = (k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);
  const me = v.players[v.viewer];
  if (!me) return [];
  const out: string[] = [];
  me.tribes.forEach((t, i) => {
    if (t.settled) return;
    const near = r.nodes[t.node]!.cities;
    out.push(
      `${ru ? 'Ваши' : 'Your'} ${T(`sfr.tribe.${TRIBES[i]}`)} ${ru ? '— ' : 'at '}${nodeLabel(r, t.node, l)}, ` +
        `${ru ? 'сила' : 'strength'} ${t.strength}; ${ru ? 'города рядом' : 'cities next to them'}: ` +
        (near.map((c) => cityText(v, r, c, l)).join('; ') || '—'),
    );
  });
  const f = v.flow[v.flow.length - 1];
  if (f?.k !== 'act' || f.seat !== v.viewer) return out;
  // Legal actions need only what the viewer sees (the listings of the decisions), so any world consistent with the view will do.
  const acts: SfrAction[] = legalActions(sampleWorld(v, v.viewer, new Rng('text')), v.viewer);
  const tribe = T(`sfr.tribe.${TRIBES[f.t]}`);
  const best = new Map<string, { grain: number; gold: number }>();
  for (const a of acts) {
    if (a.type !== 'move' || a.card) continue;
    const pay = movePayment(r, a);
    const old = best.get(a.to);
    if (
      !old ||
      pay.grain + pay.gold < old.grain + old.gold ||
      (pay.grain + pay.gold === old.grain + old.gold && pay.gold < old.gold)
    )
      best.set(a.to, pay);
  }
  if (!f.moved && !f.done && !me.tribes[f.t]?.settled) {
    // Grouped by cost, cheapest first: "free: the crossroads north of Tridentum, …; 1 grain: …".
    const groups = new Map<string, { total: number; gold: number; dests: string[] }>();
    for (const [to, p] of [...best].sort((x, y) => x[0].localeCompare(y[0]))) {
      const cost =
        p.grain + p.gold === 0
          ? ru
            ? 'бесплатно'
            : 'free'
          : [
              p.grain ? `${p.grain} ${ru ? 'зерна' : 'grain'}` : '',
              p.gold ? `${p.gold} ${ru ? 'золота' : 'gold'}` : '',
            ]
              .filter(Boolean)
              .join(' + ');
      const g = groups.get(cost) ?? { total: p.grain + p.gold, gold: p.gold, dests: [] };
      g.dests.push(nodeLabel(r, r.nodeIdx.get(to)!, l));
      groups.set(cost, g);
    }
    const text = [...groups]
      .sort((x, y) => x[1].total - y[1].total || x[1].gold - y[1].gold)
      .map(([cost, g]) => `  ${cost}: ${g.dests.join('; ')}`);
    out.push(`${ru ? 'Куда могут пойти' : 'Reachable by your'} ${tribe}:${text.length ? '' : ' —'}`, ...text);
  }
  type Deed = Extract<SfrAction, { type: 'plunder' | 'found' | 'expand' }>;
  const deedActs = acts.filter(
    (a): a is Deed => a.type === 'plunder' || a.type === 'found' || a.type === 'expand',
  );
  const deeds: [Deed['type'], string, string][] = [
    ['plunder', 'Can plunder', 'Можно разграбить'],
    ['found', 'Can found a kingdom in', 'Можно основать королевство в'],
    ['expand', 'Can conquer', 'Можно завоевать'],
  ];
  for (const [type, en, rus] of deeds) {
    const cities = new Map<string, string[]>();
    for (const a of deedActs)
      if (a.type === type) {
        const cards = cities.get(a.city) ?? [];
        if (a.card) cards.push(cardName(a.card, l));
        cities.set(a.city, cards);
      }
    if (!cities.size) continue;
    const list = [...cities].map(([id, cards]) => {
      const c = r.cityIdx.get(id)!;
      const bare = deedActs.some((a) => a.type === type && a.city === id && !a.card);
      return (
        cityText(v, r, c, l) +
        (bare || !cards.length ? '' : ` ${ru ? 'с картой' : 'with'} ${cards.join(', ')}`)
      );
    });
    out.push(`${ru ? rus : en}: ${list.join('; ')}`);
  }
  return out;
}
