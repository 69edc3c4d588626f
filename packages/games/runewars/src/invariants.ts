/**
 * The invariants of RW-IMPL-41 for M0–M2, checked after every action by the property tests: at most 8
 * units of a player per area outside a battle (after any pending limit check), one rune token per area,
 * hand limits after any pending discard, dials within range, developments only at strongholds, one
 * stronghold per area and none in a city area; and conservation: figures of every unit type within the
 * box (on the board and in a battle's rows), rune tokens (board + piles), strongholds per faction, Order
 * cards (hand + played + pick), Fate cards (deck + discard + drawn); battles: no faction units beside
 * unallied neutrals outside a battle, nothing left of an eliminated player.
 */
import { board, pk, unitsOf } from './common.js';
import { health } from './battle.js';
import type { RwState } from './types.js';

export function checkInvariants(st: RwState): string[] {
  const p = pk(st);
  const bad: string[] = [];
  const b = board(st);
  const pending = new Set(st.stack.map((f) => f.k));
  const contested = new Set<number>();
  const inBattle = new Array<number>(p.U).fill(0);
  let fateHeld = 0;
  for (const f of st.stack)
    if (f.k === 'battle') {
      contested.add(f.area);
      for (const u of f.fu) if (u >= 0) inBattle[u]!++;
      fateHeld += f.cs[0]!.length + f.cs[1]!.length;
      for (let i = 0; i < f.fu.length; i++)
        if (f.fu[i]! >= 0 && f.fd[i]! >= health(p, f, i))
          bad.push(
            `a figure in the battle of ${p.areas[f.area]!.id} holds damage up to its health (RW-DMG-04)`,
          );
    }
  if (fateHeld + st.decks.fate.length + st.decks.fateDiscard.length !== p.fate.length)
    bad.push('Fate cards not conserved (RW-FATE-05)');
  for (let a = 0; a < st.pos.length; a++) {
    const on = st.pos[a]! >= 0;
    let any = false,
      neutral = false;
    for (let u = 0; u < p.U; u++) {
      const n = st.us[a * p.U + u]!,
        r = st.ur[a * p.U + u]!;
      if (n < 0 || r < 0) bad.push(`negative units in ${p.areas[a]!.id}`);
      if (n + r > 0) {
        if (!on) bad.push(`units off the board in ${p.areas[a]!.id}`);
        const f = p.units[u]!.faction;
        if (f >= 0) {
          any = true;
          if (st.own[a]! < 0 || st.fac[st.own[a]!] !== f)
            bad.push(`units of the wrong owner in ${p.areas[a]!.id}`);
        } else neutral = true;
      }
    }
    if (!any && st.own[a]! >= 0 && !contested.has(a)) bad.push(`an owner without units in ${p.areas[a]!.id}`);
    if (any && neutral && !contested.has(a))
      bad.push(`faction units beside unallied neutral units in ${p.areas[a]!.id} (RW-NEUT-06, M3)`);
    if (st.own[a]! >= 0 && st.p[st.own[a]!]!.out)
      bad.push(`units of an eliminated player in ${p.areas[a]!.id}`);
    if (
      st.own[a]! >= 0 &&
      !pending.has('cull') &&
      !pending.has('recruit') &&
      !pending.has('battle') &&
      unitsOf(st, a, st.own[a]!) > p.rules.unitLimit
    )
      bad.push(`more than ${p.rules.unitLimit} units in ${p.areas[a]!.id} (RW-LIMIT-01)`);
    if (st.rk[a]! >= 0 && (!on || st.rh[a]! <= 0))
      bad.push(`a rune token without a handle in ${p.areas[a]!.id}`);
    if (st.rk[a]! < 0 && (st.rh[a] !== 0 || st.rup[a] !== 0))
      bad.push(`a handle without a token in ${p.areas[a]!.id}`);
    if (st.dev[a]! >= 0 && st.sh[a]! < 0)
      bad.push(`a development without a stronghold in ${p.areas[a]!.id} (RW-DEV-13)`);
    if (st.sh[a]! >= 0 && st.city[a]! >= 0)
      bad.push(`a stronghold in the city area ${p.areas[a]!.id} (RW-STRONG-06)`);
  }
  void b;
  for (let u = 0; u < p.U; u++) {
    let n = 0;
    for (let a = 0; a < st.pos.length; a++) n += st.us[a * p.U + u]! + st.ur[a * p.U + u]!;
    n += inBattle[u]!;
    if (n > p.units[u]!.figures)
      bad.push(`${n} figures of ${p.units[u]!.id}, the box has ${p.units[u]!.figures}`);
  }
  const dragons = st.rk.filter((k) => k === 1).length,
    fakes = st.rk.filter((k) => k === 0).length;
  if (dragons + st.runePile[0]! !== p.rules.dragonRunes || fakes + st.runePile[1]! !== p.rules.falseRunes)
    bad.push('rune tokens not conserved');
  const handles = st.rh.filter((h) => h > 0);
  if (new Set(handles).size !== handles.length) bad.push('two tokens share a handle (RW-INFO-12)');
  st.p.forEach((x, s) => {
    if (x.dial.some((d) => d < 0 || d > p.rules.dialMax))
      bad.push(`seat ${s}: a dial out of range (RW-DIAL-01)`);
    if (x.inf < 0) bad.push(`seat ${s}: negative influence`);
    if (
      !pending.has('discard') &&
      (x.tac.length > p.rules.handTactics || x.quests.length > p.rules.handQuests)
    )
      bad.push(`seat ${s}: over a hand limit (RW-DP-26)`);
    if (x.tac.length !== x.tacSeason.length) bad.push(`seat ${s}: Tactics bookkeeping`);
    if (st.fac[s]! >= 0 && st.sh.filter((o) => o === s).length > p.rules.strongholds)
      bad.push(`seat ${s}: more strongholds than tokens (RW-STRONG-07)`);
    let cards = 0;
    for (let n = 1; n <= 8; n++) if (x.hand & (1 << n)) cards++;
    if (x.played.includes(x.cur) && x.hand & (1 << x.cur))
      bad.push(`seat ${s}: an Order both played and in hand`);
    if (cards + x.played.length > 8) bad.push(`seat ${s}: more than 8 Order cards`);
  });
  return bad;
}
