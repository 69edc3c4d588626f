/**
 * Invariants every Age of Heroes state keeps (used by the property tests and the sampled-world
 * checks): every card in exactly one place, supplies conserved, no negative counts.
 */
import { classes } from './cards.js';
import type { AohState, CardId } from './types.js';
import { ITEM_KINDS } from './types.js';

export function checkInvariants(st: AohState): string[] {
  const bad: string[] = [];
  const cfg = st.cfg;
  const where: Record<CardId, number> = {};
  const add = (c: CardId, k = 1) => (where[c] = (where[c] ?? 0) + k);
  for (const c of st.deck) add(c);
  for (const c of st.discard) add(c);
  const cl = classes(cfg);
  st.p.forEach((p, s) => {
    for (const c of p.hand) add(c);
    if (p.monument < 0) bad.push(`seat ${s} monument ${p.monument}`);
    if (p.monument > 0) {
      const sp = p.tribe ? cl.specialOf.get(p.tribe) : undefined;
      if (!sp) bad.push(`seat ${s} has a monument but no tribe`);
      else add(sp, p.monument);
    }
    for (const a of p.armies) add('earthquake', a.quakes.length);
    if (p.cities < 0 || p.fortresses < 0) bad.push(`seat ${s} negative items`);
    if (!p.alive && (p.hand.length || p.cities || p.armies.length || p.fortresses || p.monument))
      bad.push(`eliminated seat ${s} still holds things`);
    for (const c of p.hand) if (cl.immediate.has(c)) bad.push(`seat ${s} holds immediate card ${c}`);
  });
  if (st.market) for (const q of st.market.pending) for (const c of q) add(c);
  for (const f of st.stack) if (f.k === 'event') add(f.card);
  if (st.war) add('mighty_hero', st.war.heroesA.length + (st.war.responded ? st.war.heroesD.length : 0));
  for (const id of Object.keys(cfg.resourceDeck))
    if ((where[id] ?? 0) !== cfg.resourceDeck[id])
      bad.push(`card ${id}: ${where[id] ?? 0} in play, ${cfg.resourceDeck[id]} in the game`);
  for (const id of Object.keys(where)) if (!(id in cfg.resourceDeck)) bad.push(`unknown card ${id}`);
  // Items: supply + in play = configured totals.
  const used: Record<string, number> = { city: 0, army: 0, fortress: 0, general: 0, road: st.roads.length };
  for (const p of st.p) {
    used.city! += p.cities;
    used.fortress! += p.fortresses;
    used.army! += p.armies.length;
    used.general! += p.armies.filter((a) => a.general).length;
  }
  for (const k of ITEM_KINDS) {
    if (st.supply[k] < 0) bad.push(`supply of ${k} is negative`);
    if (st.supply[k] + used[k]! !== cfg.itemSupply[k])
      bad.push(`${k}: supply ${st.supply[k]} + in play ${used[k]} ≠ ${cfg.itemSupply[k]}`);
  }
  // Battle cards: deck + units + pools = the battle deck.
  let battle = st.battle.length;
  if (st.war)
    battle += st.war.units.filter((u) => u.card > 0).length + st.war.pool[0].length + st.war.pool[1].length;
  if (battle !== cl.battleTotal) bad.push(`battle cards: ${battle} ≠ ${cl.battleTotal}`);
  const ids = new Set<number>();
  for (const p of st.p)
    for (const a of p.armies) {
      if (ids.has(a.id)) bad.push(`army id ${a.id} twice`);
      ids.add(a.id);
    }
  return bad;
}
