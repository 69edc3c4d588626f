/** The view as plain text, for terminal play and replays (NAT issue: board with prices, my nation, the others, the event). */
import type { Locale, Seat } from '@tabula/engine';
import { card } from './derive.js';
import { bagText, cardName, nationName, tr } from './describe.js';
import type { Inst, NatView } from './state.js';

function cardsText(list: Array<Inst | null>, l: Locale, workers: boolean): string {
  const parts = list.map((x) => (x ? `${cardName(x.id, l)}${workers ? ` [${x.w}]` : ''}` : '·'));
  return parts.length ? parts.join(', ') : '—';
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
function resShort(bag: Record<string, number | undefined> | undefined, l: Locale, sign = ''): string[] {
  const out: string[] = [];
  if (!bag) return out;
  for (const r of ['gold', 'stone', 'food', 'books'])
    if (bag[r]) out.push(`${sign}${bag[r]} ${tr(l, `nat.res.${r}`)}`);
  return out;
}
/** A card's effects in short words, from its data (for the board and the player's tableau). */
export function cardSummary(id: string, l: Locale): string {
  const c = card(id);
  const parts: string[] = [];
  const w = l === 'ru' ? '/раб.' : '/worker';
  if (c.deployCost)
    parts.push(`${l === 'ru' ? 'выставить' : 'deploy'} ${resShort(c.deployCost, l).join(', ') || '0'}`);
  if (c.perWorker) {
    const pw = c.perWorker;
    const x = [...resShort(pw.produce, l, '+'), ...resShort(pw.consume, l, '−')];
    if (pw.strength) x.push(`${signed(pw.strength)} ${l === 'ru' ? 'мощь' : 'strength'}`);
    if (pw.stability) x.push(`${signed(pw.stability)} ${l === 'ru' ? 'стаб.' : 'stability'}`);
    if (x.length) parts.push(`${x.join(', ')}${w}`);
  }
  if (c.raid !== undefined) parts.push(`${l === 'ru' ? 'рейд' : 'raid'} ${c.raid}`);
  if (c.vpPerWorker) parts.push(`${l === 'ru' ? 'ПО' : 'VP'} ${c.vpPerWorker.join('/')}`);
  if (c.requiredStrength !== undefined)
    parts.push(`${l === 'ru' ? 'нужна мощь' : 'needs strength'} ${c.requiredStrength}`);
  if (c.war)
    parts.push(
      `${l === 'ru' ? 'проигравшие' : 'losers'}: −${c.war.vp} ${l === 'ru' ? 'ПО' : 'VP'}, ${resShort(c.war.loss, l, '−').join(', ')}`,
    );
  if (c.battle)
    parts.push(
      `${l === 'ru' ? 'рейд →' : 'raid →'} ${c.battle.choices.map((r) => tr(l, `nat.res.${r}`)).join('/')}`,
    );
  if (c.goldenAge)
    parts.push(
      `${resShort(c.goldenAge.gain, l, '+').join(', ') || '—'} ${l === 'ru' ? 'или' : 'or'} ${c.goldenAge.vpPrice} → 1 ${l === 'ru' ? 'ПО' : 'VP'}`,
    );
  if (c.stages) parts.push(`${l === 'ru' ? 'этапы' : 'stages'} ${c.stages.join('/')}`);
  for (const m of c.static ?? []) {
    const o = m as Record<string, unknown>;
    if (typeof o.strength === 'number')
      parts.push(`${signed(o.strength)} ${l === 'ru' ? 'мощь' : 'strength'}`);
    else if (typeof o.stability === 'number')
      parts.push(`${signed(o.stability)} ${l === 'ru' ? 'стаб.' : 'stability'}`);
  }
  for (const p of c.production ?? []) {
    const x = [...resShort(p.gain, l, '+'), ...resShort(p.pay, l, '−')];
    if (x.length) parts.push(`${x.join(', ')}${p.if || p.per ? '*' : ''}/${l === 'ru' ? 'раунд' : 'round'}`);
  }
  if (typeof c.endVp === 'number' && c.endVp) parts.push(`${c.endVp} ${l === 'ru' ? 'ПО' : 'VP'}`);
  if (
    c.abilities ||
    c.triggers ||
    c.onAcquire ||
    c.removeWhen ||
    (c.static ?? []).some((m) => !('strength' in m) && !('stability' in m)) ||
    (c.endVp !== undefined && typeof c.endVp !== 'number')
  )
    parts.push(l === 'ru' ? 'особое свойство' : 'special');
  return parts.join('; ');
}

export function renderView(v: NatView, l: Locale, seatName: (s: Seat) => string): string {
  const out: string[] = [];
  out.push(
    tr(l, 'nat.txt.round', {
      round: v.round,
      rounds: v.opts.ages * 2,
      age: Math.ceil(v.round / 2),
      step: tr(l, `nat.step.${v.step}`),
    }),
  );
  out.push(tr(l, 'nat.txt.order', { order: v.order.map(seatName).join(', ') }));
  if (v.eventCard) out.push(tr(l, 'nat.txt.event', { card: cardName(v.eventCard, l) }));
  if (v.war)
    out.push(
      tr(l, 'nat.txt.war', {
        card: cardName(v.war.id, l),
        marker: v.war.marker,
        buyer: v.war.buyer < 0 ? tr(l, 'nat.vo') : seatName(v.war.buyer),
      }),
    );
  out.push(tr(l, 'nat.txt.pool', { pool: v.pool }));
  if (v.solo1)
    out.push(
      tr(l, 'nat.txt.vo', {
        strength: v.solo1.strength ?? '—',
        stability: v.solo1.stability ?? '—',
        books: v.solo1.books,
      }),
    );
  out.push(tr(l, 'nat.txt.board'));
  for (let row = 3; row >= 1; row--) {
    const cells: string[] = [];
    for (let c = 0; c < v.cols; c++) {
      const i = (row - 1) * v.cols + c;
      const b = v.board[i];
      cells.push(
        b
          ? `${cardName(b.id, l)} (${tr(l, `nat.type.${card(b.id).type}`)}, ${v.prices[i]}${l === 'ru' ? ' з.' : 'g'}${b.a ? `, +${b.a}${l === 'ru' ? 'А' : 'A'}` : ''})`
          : '—',
      );
    }
    out.push(`  ${row}: ${cells.join(' | ')}`);
  }
  // What each board card does (the terminal has no card pictures).
  const seen = new Set<string>();
  for (const b of v.board)
    if (b && !seen.has(b.id)) {
      seen.add(b.id);
      out.push(`    · ${cardName(b.id, l)}: ${cardSummary(b.id, l)}`);
    }
  const me = v.viewer;
  const seats = me >= 0 ? [me, ...v.order.filter((s) => s !== me)] : v.order;
  for (const s of seats) {
    const p = v.players[s]!;
    out.push('');
    out.push(
      tr(l, 'nat.txt.player', {
        seat: seatName(s),
        nation: nationName(p.nation, l),
        side: p.side,
        level: tr(l, `nat.level.${p.level}`),
        passed: p.passed ? tr(l, 'nat.txt.passed') : '',
      }),
    );
    out.push(
      '  ' +
        tr(l, 'nat.txt.stats', { vp: p.vp, ...p.res, strength: v.strength[s], stability: v.stability[s] }),
    );
    out.push(
      '  ' +
        tr(l, 'nat.txt.workers', {
          idle: p.idle,
          workers: v.workers[s],
          food: p.foodFilled,
          foodCap: p.foodCap,
          stab: p.stabFilled,
          stabCap: p.stabCap,
          overflow: p.overflow,
          priv: p.priv,
        }),
    );
    out.push('  ' + tr(l, 'nat.txt.row', { cards: cardsText(p.row, l, true) }));
    out.push('  ' + tr(l, 'nat.txt.advisors', { cards: cardsText(p.advisors, l, false) }));
    out.push('  ' + tr(l, 'nat.txt.colonies', { cards: cardsText(p.colonies, l, false) }));
    out.push('  ' + tr(l, 'nat.txt.wonders', { cards: cardsText(p.wonders, l, false) }));
    if (p.wip) {
      const c = card(p.wip.id);
      out.push(
        '  ' +
          tr(l, 'nat.txt.wip', {
            card: cardName(p.wip.id, l),
            built: p.wip.built,
            stages: c.stages!.length,
            next: c.stages![p.wip.built] ?? '—',
          }),
      );
    }
  }
  if (v.over) {
    out.push('');
    v.over.breakdown.forEach((b, s) => {
      out.push(
        tr(l, 'nat.txt.final', {
          seat: seatName(s),
          total: v.over!.scores[s],
          a: b[0],
          b: b[1],
          c: b[2],
          d: b[3],
          e: b[4],
        }),
      );
    });
    if (v.over.title) out.push(tr(l, 'nat.txt.title', { title: tr(l, `nat.hof.${v.over.title}`) }));
    out.push(
      v.over.winners.length
        ? tr(l, 'nat.txt.winner', { seats: v.over.winners.map(seatName).join(', ') })
        : tr(l, 'nat.txt.noWinner'),
    );
  }
  void bagText;
  return out.join('\n');
}
