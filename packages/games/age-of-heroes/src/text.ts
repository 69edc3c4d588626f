/** The table in words, for the terminal: my hand, everybody's items, the market, the battle. */
import type { Locale, Seat } from '@tabula/engine';
import { translate } from '@tabula/engine';
import { cardList, cardName } from './describe.js';
import { messages } from './messages.js';
import type { AohView } from './types.js';

export function renderView(v: AohView, l: Locale, seatName: (s: Seat) => string): string {
  const T = (k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);
  const ru = l === 'ru';
  const lines: string[] = [];
  const phase = T(`aoh.phase.${v.phase}`);
  const who = v.active >= 0 ? ` — ${seatName(v.active)}` : '';
  lines.push(`== ${T('aoh.name')} — ${ru ? 'раунд' : 'round'} ${v.round} — ${phase}${who} ==`);
  lines.push(
    (ru ? 'Колода: ' : 'Deck: ') +
      v.deckCount +
      (ru ? ', сброс: ' : ', discard: ') +
      v.discard.length +
      (ru ? ', боевая колода: ' : ', battle deck: ') +
      v.battleDeckCount +
      (ru ? '. Запас: ' : '. Supply: ') +
      Object.entries(v.supply)
        .map(([k, n]) => `${T(`aoh.item.${k}`)} ${n}`)
        .join(', '),
  );
  if (v.discard.length)
    lines.push((ru ? 'Верх сброса: ' : 'Top of discard: ') + cardName(v.discard[v.discard.length - 1]!, l));
  if (v.roads.length)
    lines.push(
      (ru ? 'Дороги: ' : 'Roads: ') + v.roads.map((r) => `${seatName(r[0])}–${seatName(r[1])}`).join(', '),
    );
  for (const p of v.players) {
    const me = p.seat === v.viewer ? (ru ? ' (вы)' : ' (you)') : '';
    const tribe = p.tribe ? T(`aoh.tribe.${p.tribe}`) : '?';
    if (!p.alive) {
      lines.push(`- ${seatName(p.seat)}${me} [${tribe}]: ${ru ? 'выбыл' : 'eliminated'}`);
      continue;
    }
    const armies = p.armies
      .map((a) => {
        let s = `#${a.id}${a.general ? (ru ? '(Г)' : '(G)') : ''}`;
        if (a.status === 'away') s += ru ? ` поход до ${a.returnAt}` : ` away until ${a.returnAt}`;
        if (a.status === 'committed') s += ru ? ' в бою' : ' at war';
        if (a.quakes.length)
          s += ru ? ` землетрясение до ${Math.max(...a.quakes)}` : ` quaked until ${Math.max(...a.quakes)}`;
        return s;
      })
      .join(', ');
    const claim = p.claim
      ? ru
        ? `, претендует (ход ${p.claim})`
        : `, claims victory (turn ${p.claim})`
      : '';
    lines.push(
      `- ${seatName(p.seat)}${me} [${tribe}] ${ru ? 'ход' : 'turn'} ${p.turns}: ${ru ? 'города' : 'cities'} ${p.cities}, ${ru ? 'крепости' : 'fortresses'} ${p.fortresses}, ${ru ? 'монумент' : 'monument'} ${p.monument}, ${ru ? 'карт' : 'cards'} ${p.handCount}; ${ru ? 'армии' : 'armies'}: ${armies || '—'}${claim}`,
    );
  }
  const me = v.viewer >= 0 ? v.players[v.viewer] : undefined;
  if (me?.hand) lines.push((ru ? 'Ваша рука: ' : 'Your hand: ') + cardList(me.hand, l));
  if (v.market) {
    const pend = v.market.pending
      .map((q, s) => (q.length ? `${seatName(s)}: ${cardList(q, l)}` : ''))
      .filter(Boolean);
    if (pend.length) lines.push((ru ? 'События ярмарки: ' : 'Market Day events: ') + pend.join('; '));
    if (v.market.trading) {
      lines.push(
        (ru ? 'Готовы: ' : 'Ready: ') +
          v.players
            .filter((p) => p.alive && v.market!.ready[p.seat])
            .map((p) => seatName(p.seat))
            .join(', '),
      );
      for (const o of v.market.offers)
        lines.push(
          `  #${o.id} ${seatName(o.from)} → ${o.to === -1 ? (ru ? 'всем' : 'everyone') : seatName(o.to)}: ${ru ? 'даёт' : 'gives'} ${cardList(o.give, l)}; ${ru ? 'просит' : 'wants'} ${cardList(o.receive, l)}${o.note ? ` «${o.note}»` : ''}`,
        );
      const d = v.market.draft;
      if (d)
        lines.push(
          `${ru ? 'Ваш черновик' : 'Your draft'} → ${d.to === -1 ? (ru ? 'всем' : 'everyone') : seatName(d.to)}: ${ru ? 'даёте' : 'give'} ${cardList(d.give, l)}; ${ru ? 'просите' : 'want'} ${cardList(d.receive, l)}`,
        );
    }
  }
  if (v.event)
    lines.push((ru ? 'Событие: ' : 'Event: ') + `${cardName(v.event.card, l)} (${seatName(v.event.drawer)})`);
  if (v.draft)
    lines.push(
      `${ru ? 'Ваше нападение на' : 'Your attack on'} ${seatName(v.draft.target)} (${T(`aoh.objective.${v.draft.objective}`)}): ${ru ? 'армии' : 'armies'} ${v.draft.armies.map((a) => '#' + a).join(', ') || '—'}, ${ru ? 'герои' : 'Heroes'} ${v.draft.heroes.length}`,
    );
  if (v.war) {
    const w = v.war;
    const att = w.attacker < 0 ? T('aoh.unit.barbarians') : seatName(w.attacker);
    lines.push(
      `${ru ? 'Война' : 'War'}: ${att} → ${seatName(w.defender)} (${T(`aoh.objective.${w.objective}`)})`,
    );
    w.units.forEach((u, i) => {
      const name =
        u.army === -2
          ? T('aoh.unit.barbarians')
          : u.army === -1
            ? T('aoh.unit.hero')
            : T('aoh.unit.army', { army: u.army });
      const side = u.side === 0 ? (ru ? 'нап.' : 'att.') : ru ? 'защ.' : 'def.';
      const card = u.card !== null ? ` [${u.card}]` : u.hasCard ? ' [?]' : '';
      const st = !u.alive
        ? ru
          ? ' уничтожен'
          : ' destroyed'
        : u.fought
          ? ru
            ? ' сражался'
            : ' fought'
          : '';
      lines.push(`  ${i + 1}. ${side} ${name}${u.lead ? (ru ? ' +ген.' : ' +gen.') : ''}${card}${st}`);
    });
    if (w.pool.length)
      lines.push((ru ? 'Ваши неразложенные карты: ' : 'Your unplaced cards: ') + w.pool.join(', '));
  }
  if (v.over) {
    const route = T(`aoh.route.${v.over.reason}`);
    lines.push(`*** ${v.over.winners.map(seatName).join(', ')} — ${ru ? 'победа' : 'wins by'} ${route} ***`);
  } else {
    if (v.waiting.length)
      lines.push((ru ? 'Ждём: ' : 'Waiting for: ') + v.waiting.map((w) => seatName(w.seat)).join(', '));
    // AOH-HID-14: a response window names nobody.
    if (v.responses) lines.push(ru ? 'Ждём ответов…' : 'Waiting for responses…');
  }
  return lines.join('\n');
}
