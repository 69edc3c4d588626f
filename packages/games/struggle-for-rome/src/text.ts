/** The table in words, for the terminal: supplies, every player's tribes and holdings, the offers. */
import type { Locale, Seat } from '@tabula/engine';
import { translate } from '@tabula/engine';
import { rtOf } from './config.js';
import { bundleText, cardName } from './describe.js';
import { messages } from './messages.js';
import type { SfrView } from './types.js';
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
    `${ru ? 'Роза ветров' : 'Wind rose'}: ${v.rose.join(', ') || '—'}; ${ru ? 'легионер' : 'legionnaire'}: ${v.legion}; ` +
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
      `- ${seatName(p.seat)}${me} [${colour}] ${ru ? 'ПО' : 'VP'} ${p.publicVp}${p.vp !== undefined ? ` (${p.vp})` : ''}${p.announced ? (ru ? ' ФИНАЛ' : ' FINAL') : ''}: ` +
        `${ru ? 'золото' : 'gold'} ${p.gold}; ${res}; ${ru ? 'карт развития' : 'development'} ${p.devCount}` +
        `${p.dev ? ` [${p.dev.map((c) => cardName(c, l)).join(', ')}]` : ''}; ${ru ? 'запас' : 'reserve'} ${p.reserve.join('/')}` +
        `${awards.length ? `; ${awards.join(', ')}` : ''}`,
    );
    p.tribes.forEach((t, i) => {
      const loot = t.loot.map((x) => r.provinces[r.tokens[x]!.prov]).join(' ') || '—';
      const where = t.settled
        ? `${ru ? 'королевство' : 'kingdom'}: ${t.kingdom.map((c) => r.cities[c]!.name).join(', ')}`
        : `${ru ? 'на' : 'at'} ${r.nodes[t.node]!.id}`;
      lines.push(
        `    ${T(`sfr.tribe.${TRIBES[i]}`)}: ${where}; ${ru ? 'сила' : 'strength'} ${t.strength}, ${ru ? 'повозки' : 'wagons'} ${t.wagons}; ${ru ? 'добыча' : 'loot'} ${loot}`,
      );
    });
  }
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
