/**
 * Invariants every Struggle for Rome state keeps (used by the property tests and the sampled-world
 * checks): every card, figure, wagon and loot token in exactly one place, gold accounted for, no
 * negative counts, kingdoms and city owners consistent, at most two tokens of a colour per tribe.
 */
import { rt } from './common.js';
import type { SfrState } from './types.js';
import { KINDS } from './types.js';

export function checkInvariants(st: SfrState): string[] {
  const bad: string[] = [];
  const r = rt(st);
  const C = r.C;
  // Resource cards (SFR-COMP-5/10).
  const where = [st.grain, st.ore, st.pdis[0]!, st.pdis[1]!];
  for (const c of st.pdeck) {
    if (c !== 2 && c !== 3) bad.push(`pasture deck holds ${String(c)}`);
    else where[c]!++;
  }
  let gold = 0;
  st.p.forEach((p, s) => {
    for (let k = 0; k < 4; k++) {
      if (!(p.res[k]! >= 0)) bad.push(`seat ${s} has ${p.res[k]} ${KINDS[k]}`);
      where[k]! += p.res[k]!;
    }
    if (!(p.gold >= 0)) bad.push(`seat ${s} has ${p.gold} gold`);
    gold += p.gold;
  });
  if (st.grain < 0 || st.ore < 0 || st.pdis[0]! < 0 || st.pdis[1]! < 0) bad.push('negative supply');
  for (let k = 0; k < 4; k++)
    if (where[k] !== C.resources[k])
      bad.push(`${KINDS[k]}: ${where[k]} in play, ${C.resources[k]} in the game`);
  // Gold accounting: what the bank paid out net is what the players hold.
  if (gold !== st.bank) bad.push(`gold: players hold ${gold}, the bank paid out ${st.bank}`);
  // Development cards (SFR-COMP-6).
  const dev: Record<string, number> = {};
  const add = (c: string) => (dev[c] = (dev[c] ?? 0) + 1);
  st.devDeck.forEach(add);
  st.p.forEach((p, s) => {
    p.dev.forEach(add);
    p.played.forEach(add);
    p.treasures.forEach(add);
    if (p.dev.length !== p.devAt.length)
      bad.push(`seat ${s}: ${p.dev.length} cards but ${p.devAt.length} stamps`);
  });
  for (const [id, d] of r.dev)
    if ((dev[id] ?? 0) !== d.count) bad.push(`card ${id}: ${dev[id] ?? 0} in play, ${d.count} in the game`);
  for (const id of Object.keys(dev)) if (!r.dev.has(id)) bad.push(`unknown card ${id}`);
  // Figures and wagons (SFR-COMP-2/11); cities and kingdoms.
  const owners = st.owner.map(() => -1);
  st.p.forEach((p, s) => {
    const wagons =
      p.reserve[2]! +
      p.tribes[0]!.wagons +
      p.tribes[1]!.wagons +
      p.tribes[0]!.kingdom.length +
      p.tribes[1]!.kingdom.length;
    if (wagons !== C.perPlayer[2]) bad.push(`seat ${s}: ${wagons} wagons, ${C.perPlayer[2]} in the game`);
    for (let t = 0; t < 2; t++) {
      const tr = p.tribes[t]!;
      const onCities = tr.settled ? tr.kingdom.length - 1 : 0;
      const figs = p.reserve[t]! + 1 + tr.army + onCities;
      if (figs !== C.perPlayer[t])
        bad.push(`seat ${s} tribe ${t}: ${figs} figures, ${C.perPlayer[t]} in the game`);
      if (p.reserve[t]! < 0 || tr.army < 0 || tr.wagons < 0) bad.push(`seat ${s} tribe ${t}: negative count`);
      if (tr.settled !== tr.kingdom.length > 0)
        bad.push(`seat ${s} tribe ${t}: settled ${tr.settled} with ${tr.kingdom.length} cities`);
      if (tr.settled && r.cities[tr.kingdom[0]!]!.node !== tr.node)
        bad.push(`seat ${s} tribe ${t}: marker not on its first city`);
      if (!tr.settled && r.nodes[tr.node]!.city >= 0)
        bad.push(`seat ${s} tribe ${t}: nomadic marker on a city`);
      for (const c of tr.kingdom) {
        if (owners[c]! >= 0) bad.push(`city ${r.cities[c]!.id} in two kingdoms`);
        owners[c] = s * 2 + t;
      }
      const per: number[] = r.provinces.map(() => 0);
      for (const x of tr.loot) per[r.tokens[x]!.prov]!++;
      if (per.some((k) => k > C.perColour))
        bad.push(`seat ${s} tribe ${t}: more than ${C.perColour} tokens of a colour`);
    }
    const enemy = (p.tribes[0]!.enemy ? 1 : 0) + (p.tribes[1]!.enemy ? 1 : 0);
    if (enemy !== p.enemy) bad.push(`seat ${s}: ${p.enemy} Enemy of Rome cards for ${enemy} tribes`);
  });
  st.owner.forEach((o, c) => {
    if (o !== owners[c]) bad.push(`city ${r.cities[c]!.id}: owner ${o}, kingdoms say ${owners[c]}`);
    if (o >= 0 && st.token[c]! >= 0) bad.push(`city ${r.cities[c]!.id} owned but still has a token`);
    if (st.n === 3 && r.cities[c]!.neutral3 && (o >= 0 || st.token[c]! >= 0))
      bad.push(`neutral city ${r.cities[c]!.id} in use`);
  });
  // Loot tokens: each exactly once, on a city of its colour, in a box or removed (SFR-COMP-4).
  const seen = new Uint8Array(r.tokens.length);
  const mark = (x: number, where: string) => {
    if (!(x >= 0 && x < r.tokens.length)) bad.push(`bad token ${x} (${where})`);
    else if (seen[x]) bad.push(`token ${r.tokens[x]!.id} twice (${where})`);
    else seen[x] = 1;
  };
  st.token.forEach((x, c) => {
    if (x < 0) return;
    mark(x, `city ${r.cities[c]!.id}`);
    if (r.tokens[x]?.prov !== r.cities[c]!.prov)
      bad.push(`token ${x} of the wrong colour on ${r.cities[c]!.id}`);
  });
  for (const p of st.p) for (const t of p.tribes) for (const x of t.loot) mark(x, 'box');
  for (const x of st.removed) mark(x, 'removed');
  if (seen.some((x) => !x)) bad.push('a loot token is nowhere');
  if (st.legion < 0 || r.hexes[st.legion]!.beyond) bad.push('legionnaire beyond the limes');
  if (st.diplomacy >= 0 && st.p[st.diplomacy]!.diplomats < C.diplomacyMin)
    bad.push('Diplomacy held without enough Diplomats');
  return bad;
}
