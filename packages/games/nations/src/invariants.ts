/**
 * Invariants every Nations state keeps (property tests, NAT issue point 4): 13 workers per colour, each
 * progress card in exactly one place, event cards and tiles conserved, no negative amounts (solo VP excepted,
 * NAT-SOLO-17), architects and tracks within bounds.
 */
import { EVENT_CARDS, PROGRESS_CARDS, PROMO_EVENT_CARDS, PROMO_PROGRESS_CARDS, SOLO_TILES } from './data.js';
import { AREA_ADVISORS, AREA_COLONIES, AREA_ROW, AREA_WONDERS, inPlay } from './deck.js';
import {
  allDerived,
  card,
  deckOf,
  entry,
  F_ABIL,
  F_REM,
  ROUND_BUY,
  ROUND_PASS,
  stability,
  strength,
} from './derive.js';
import { allCardPlaces } from './rules.js';
import type { Inst, NatState } from './state.js';

export const WORKERS_PER_COLOUR = 13;

function deckSet(st: NatState): string[] {
  const o = st.opts;
  const ids: string[] = [];
  for (let a = 1; a <= 4; a++) {
    if (o.deck) ids.push(...o.deck[a - 1]!);
    else
      ids.push(
        ...PROGRESS_CARDS.filter((c) => c.age === a && o.cardLevels.includes(c.level)).map((c) => c.id),
      );
    if (o.includePromo) for (const c of PROMO_PROGRESS_CARDS) if (c.age === a) ids.push(c.id);
  }
  return ids;
}

export function checkInvariants(st: NatState): string[] {
  const out: string[] = [];
  const places = [...allCardPlaces(st), ...st.removed];
  const want = deckSet(st);
  if (places.length !== want.length)
    out.push(`progress cards: ${places.length} in places, ${want.length} in the game`);
  const seen = new Set<string>();
  for (const id of places) {
    if (seen.has(id)) out.push(`card ${id} is in two places`);
    seen.add(id);
  }
  for (const id of want) if (!seen.has(id)) out.push(`card ${id} is nowhere`);
  if (!st.solo) {
    const ev = st.events.reduce((a, d) => a + d.length, 0) + st.past.length + (st.eventCard ? 1 : 0);
    const evWant = EVENT_CARDS.length + (st.opts.includePromo ? PROMO_EVENT_CARDS.length : 0);
    const pendingMach = st.pending?.kind === 'machiavelli' ? 2 : 0;
    if (ev + pendingMach !== evWant) out.push(`event cards: ${ev + pendingMach} of ${evWant}`);
  } else {
    const tl = st.tiles.reduce((a, d) => a + d.length, 0) + st.past.length + (st.solo1!.tile ? 1 : 0);
    if (tl !== SOLO_TILES.length) out.push(`solo tiles: ${tl} of ${SOLO_TILES.length}`);
  }
  if (st.pool < 0) out.push('architect pool below 0');
  // The deck's pre-checks (deck.ts) may over-state what can be in play, never under-state it: every card in play
  // lies in an area the deck walks for each of its modifier kinds (own and reaching others), its trigger events
  // and its removal condition.
  const dk = deckOf(st);
  // What is noted in play beside the state (`InPlay`) covers every card in play, and counts every card with a
  // removal condition.
  const ip = inPlay(st);
  let removable = 0;
  for (const p of st.players) {
    const areas: Array<[number, ReadonlyArray<Inst | null>]> = [
      [AREA_ADVISORS, p.advisors],
      [AREA_ROW, p.row],
      [AREA_COLONIES, p.colonies],
      [AREA_WONDERS, p.wonders],
    ];
    for (const [area, list] of areas)
      for (const x of list) {
        if (!x) continue;
        const e = entry(x.id);
        for (let k = 0; k < 31; k++) {
          if (e.mods.ownMask & (1 << k) && !(dk.areas(1 << k, true) & area))
            out.push(`modifier kinds of ${x.id} missing from the pre-check`);
          if (e.mods.othersMask & (1 << k) && !(dk.areas(1 << k, false) & area))
            out.push(`modifier kinds of ${x.id} reaching others missing from the pre-check`);
          if (e.fires & (1 << k) && !(dk.fireAreas(1 << k) & area))
            out.push(`trigger events of ${x.id} missing from the pre-check`);
        }
        const own = e.mods.ownMask | e.mods.othersMask;
        if ((ip.kinds & own) !== own) out.push(`modifier kinds of ${x.id} missing from what is in play`);
        if ((ip.others & e.mods.othersMask) !== e.mods.othersMask)
          out.push(`modifier kinds of ${x.id} reaching others missing from what is in play`);
        if ((ip.fires & e.fires) !== e.fires)
          out.push(`trigger events of ${x.id} missing from what is in play`);
        if (e.flags & F_REM) removable++;
        if (e.flags & F_ABIL && !(ip.abilities & area))
          out.push(`abilities of ${x.id} missing from what is in play`);
        for (const f of [ROUND_PASS, ROUND_BUY])
          if (e.roundFacts & f && !(ip.roundAreas(f) & area))
            out.push(`per-round conditions of ${x.id} missing from what is in play`);
        if (e.flags & F_ABIL && !(dk.abilityAreas & area))
          out.push(`abilities of ${x.id} missing from the pre-check`);
        if (e.roundFacts && !(dk.roundAreas(e.roundFacts) & area))
          out.push(`per-round conditions of ${x.id} missing from the pre-check`);
        if (e.flags & F_REM && !(dk.removableAreas & area))
          out.push(`removal condition of ${x.id} missing from the pre-check`);
      }
  }
  if (ip.rem < removable) out.push(`removal count in play ${ip.rem} below the ${removable} cards in play`);
  // The one-pass derived values agree with the per-nation ones (NAT-DERIV-1/2).
  if (st.players.every((p) => p.nation)) {
    const d = allDerived(st);
    st.players.forEach((_, s) => {
      if (d.str[s] !== strength(st, s) || d.stab[s] !== stability(st, s))
        out.push(`seat ${s}: derived values disagree`);
    });
  }
  st.players.forEach((p, s) => {
    if (!p.nation || st.step === 'nation') return;
    let w = p.idle + p.foodFilled + p.stabFilled + p.overflow;
    for (const r of p.row) if (r) w += r.w;
    if (w !== WORKERS_PER_COLOUR)
      out.push(`seat ${s}: ${w} workers in the colour, not ${WORKERS_PER_COLOUR}`);
    for (const [k, v] of Object.entries(p.res)) if (v < 0) out.push(`seat ${s}: ${k} ${v}`);
    if (p.vp < 0 && !st.solo) out.push(`seat ${s}: VP ${p.vp}`);
    if (p.idle < 0 || p.overflow < 0 || p.priv < 0) out.push(`seat ${s}: negative workers or architects`);
    if (p.foodFilled < 0 || p.foodFilled > p.foodCap || p.stabFilled < 0 || p.stabFilled > p.stabCap)
      out.push(`seat ${s}: track out of bounds`);
    for (const r of p.row) if (r && r.w < 0) out.push(`seat ${s}: negative workers on ${r.id}`);
    if (p.wip && (p.wip.built < 0 || p.wip.built >= card(p.wip.id).stages!.length))
      out.push(`seat ${s}: wonder stages out of bounds`);
    if (p.row.length !== 0 && p.row.length > 5) out.push(`seat ${s}: row too long`);
  });
  return out;
}
