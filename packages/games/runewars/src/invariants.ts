/**
 * The invariants of RW-IMPL-41 for M0–M3, checked after every action by the property tests: at most 8
 * units of a player per area outside a battle (after any pending limit check), one rune token per area,
 * hand limits after any pending discard, dials within range, developments only at strongholds, one
 * stronghold per area and none in a city area; and conservation: figures of every unit type within the
 * box (on the board and in a battle's rows), rune tokens (board + piles), strongholds per faction, Order
 * cards (hand + played + pick), Fate cards (deck + discard + drawn, diplomacy's included); allied neutral
 * units only in areas their ally controls, outside a battle or diplomacy there (RW-NEUT-10); nothing left
 * of an eliminated player; the cards of M5 (Tactics, Quests, Season cards, Objectives, Titles) each in one
 * place; heroes, Reward cards and exploration tokens (M4, M6).
 */
import { pk } from './common.js';
import { health } from './fight.js';
import type { Pack } from './pack.js';
import type { RwState } from './types.js';

/** Per unit type: its faction (-1 neutral) and its figures, as flat arrays (computed once per pack). */
const packInfo = new WeakMap<Pack, { fac: Int8Array; figs: Int16Array }>();
function info(p: Pack): { fac: Int8Array; figs: Int16Array } {
  let x = packInfo.get(p);
  if (!x) {
    x = {
      fac: Int8Array.from(p.units.map((u) => u.faction)),
      figs: Int16Array.from(p.units.map((u) => u.figures)),
    };
    packInfo.set(p, x);
  }
  return x;
}

export function checkInvariants(st: RwState): string[] {
  const p = pk(st);
  const U = p.U;
  const { fac, figs } = info(p);
  const bad: string[] = [];
  let pendingCull = false,
    pendingBattle = false,
    pendingDiscard = false;
  const total = new Int32Array(U);
  const contested: number[] = [];
  let fateHeld = 0;
  for (const f of st.stack) {
    if (f.k === 'cull' || f.k === 'recruit') pendingCull = true;
    else if (f.k === 'discard') pendingDiscard = true;
    else if (f.k === 'battle') {
      pendingBattle = true;
      contested.push(f.area);
      for (let i = 0; i < f.fu.length; i++) {
        const u = f.fu[i]!;
        if (u < 0) continue;
        total[u]!++;
        if (f.fd[i]! >= health(p, f, i))
          bad.push(
            `a figure in the battle of ${p.areas[f.area]!.id} holds damage up to its health (RW-DMG-04)`,
          );
      }
      fateHeld += f.cs[0]!.length + f.cs[1]!.length + (f.sx?.length ?? 0);
    } else if (f.k === 'diplo') {
      // Units waiting while diplomacy is attempted (diplomacy.ts), and its drawn Fate cards.
      pendingBattle = true;
      contested.push(f.area);
      for (const u of f.u) total[u]!++;
      fateHeld += f.cs.length;
    } else if (f.k === 'qtest')
      fateHeld += f.cs.length; // an attribute test's cards (quests.ts)
    else if (f.k === 'duel') for (const c of f.c) if (c >= 0) fateHeld++; // a duel round's cards (duels.ts)
  }
  if (fateHeld + st.decks.fate.length + st.decks.fateDiscard.length !== p.fate.length)
    bad.push('Fate cards not conserved (RW-FATE-05)');
  let dragons = 0,
    fakes = 0;
  const handles: number[] = [];
  for (let a = 0; a < st.pos.length; a++) {
    const on = st.pos[a]! >= 0;
    const own = st.own[a]!;
    const ownFac = own >= 0 ? st.fac[own]! : -2;
    let any = false,
      neutral = false,
      mine = 0,
      neg = false,
      wrong = false;
    const base = a * U;
    for (let u = 0; u < U; u++) {
      const n = st.us[base + u]!,
        r = st.ur[base + u]!;
      if (n === 0 && r === 0) continue;
      if (n < 0 || r < 0) neg = true;
      total[u]! += n + r;
      const f = fac[u]!;
      if (f >= 0) {
        any = true;
        if (f !== ownFac) wrong = true;
        else mine += n + r;
      } else {
        neutral = true;
        if (own >= 0) mine += n + r; // allied neutrals count (RW-LIMIT-01)
      }
    }
    const id = () => p.areas[a]!.id;
    if (neg) bad.push(`negative units in ${id()}`);
    if ((any || neutral) && !on) bad.push(`units off the board in ${id()}`);
    if (wrong) bad.push(`units of the wrong owner in ${id()}`);
    const inBattle = contested.includes(a);
    // Neutral units beside a player's units are his allies (RW-NEUT-06); without his faction units they
    // stay allied only where his stronghold or home realm keeps the area his (RW-NEUT-10/17, RW-IMPL-41).
    if (!any && own >= 0 && !inBattle && !(neutral && (st.sh[a] === own || st.home[a] === own)))
      bad.push(
        `an owner without units, or allied neutrals where their ally lost control, in ${id()} (RW-NEUT-10)`,
      );
    if (any && own < 0) bad.push(`faction units without an owner in ${id()}`);
    if (own >= 0 && st.p[own]!.out) bad.push(`units of an eliminated player in ${id()}`);
    if (own >= 0 && !pendingCull && !pendingBattle && mine > p.rules.unitLimit)
      bad.push(`more than ${p.rules.unitLimit} units in ${id()} (RW-LIMIT-01)`);
    if (own < 0 && neutral && !pendingCull && !pendingBattle && !inBattle) {
      let k = 0;
      for (const u of p.neutrals) k += st.us[base + u]! + st.ur[base + u]!;
      if (k > p.rules.unitLimit)
        bad.push(`more than ${p.rules.unitLimit} neutral units in ${id()} (RW-LIMIT-07)`);
    }
    const k = st.rk[a]!;
    if (k >= 0) {
      if (!on || st.rh[a]! <= 0) bad.push(`a rune token without a handle in ${id()}`);
      if (k === 1) dragons++;
      else fakes++;
      handles.push(st.rh[a]!);
    } else if (st.rh[a] !== 0 || st.rup[a] !== 0) bad.push(`a handle without a token in ${id()}`);
    if (st.dev[a]! >= 0 && st.sh[a]! < 0)
      bad.push(`a development without a stronghold in ${id()} (RW-DEV-13)`);
    if (st.sh[a]! >= 0 && st.city[a]! >= 0) bad.push(`a stronghold in the city area ${id()} (RW-STRONG-06)`);
  }
  for (let u = 0; u < U; u++)
    if (total[u]! > figs[u]!) bad.push(`${total[u]} figures of ${p.units[u]!.id}, the box has ${figs[u]}`);
  if (dragons + st.runePile[0]! !== p.rules.dragonRunes || fakes + st.runePile[1]! !== p.rules.falseRunes)
    bad.push('rune tokens not conserved');
  handles.sort((x, y) => x - y);
  for (let i = 1; i < handles.length; i++)
    if (handles[i] === handles[i - 1]) bad.push('two tokens share a handle (RW-INFO-12)');
  for (let s = 0; s < st.p.length; s++) {
    const x = st.p[s]!;
    for (const d of x.dial)
      if (d < 0 || d > p.rules.dialMax) bad.push(`seat ${s}: a dial out of range (RW-DIAL-01)`);
    if (x.inf < 0) bad.push(`seat ${s}: negative influence`);
    if (!pendingDiscard && (x.tac.length > p.rules.handTactics || x.quests.length > p.rules.handQuests))
      bad.push(`seat ${s}: over a hand limit (RW-DP-26)`);
    if (x.tac.length !== x.tacSeason.length) bad.push(`seat ${s}: Tactics bookkeeping`);
    let sh = 0;
    for (let a = 0; a < st.sh.length; a++) if (st.sh[a] === s) sh++;
    if (sh > p.rules.strongholds) bad.push(`seat ${s}: more strongholds than tokens (RW-STRONG-07)`);
    if (x.out && (sh > 0 || x.tac.length || x.inf))
      bad.push(`seat ${s}: an eliminated player keeps something (RW-ELIM-02/04)`);
    let cards = 0;
    for (let n = 1; n <= 8; n++) if (x.hand & (1 << n)) cards++;
    if (x.played.includes(x.cur) && x.hand & (1 << x.cur))
      bad.push(`seat ${s}: an Order both played and in hand`);
    if (cards + x.played.length > 8) bad.push(`seat ${s}: more than 8 Order cards`);
  }
  cardInvariants(st, p, bad);
  heroInvariants(st, p, bad);
  exploreInvariants(st, p, bad);
  return bad;
}

/**
 * Cards (RW-IMPL-41, RW-CLIMIT-03): every Tactics copy in one place (deck, discard, a hand), a Quest card in
 * one place at most (deck, discard, a hand, a Setup Quest dealt face up; those naming areas not in play leave
 * the game, RW-SETUP-07), every Season card in one place (its
 * season's deck, the discard, a card being resolved), an Objective at most once (a deck, a player; a claimed
 * one is out of the game, RW-OBJ-04) — once the decks are dealt —, a Title held by nobody or a player still in the game (RW-TITLE-06).
 */
function cardInvariants(st: RwState, p: Pack, bad: string[]): void {
  // Before setup deals the decks (RW-SETUP-12) there is nothing to count.
  if (!st.decks.seasons.some((d) => d.length) && !st.decks.seasonDiscard.length) return;
  const tac = new Int16Array(p.tactics.length);
  for (const c of p.tacticsDeck) tac[c]!++;
  for (const c of st.decks.tactics) tac[c]!--;
  for (const c of st.decks.tacticsDiscard) tac[c]!--;
  for (const x of st.p) for (const c of x.tac) tac[c]!--;
  for (let c = 0; c < tac.length; c++)
    if (tac[c])
      bad.push(`Tactics card ${p.tactics[c]!.id}: ${-tac[c]!} copies more than the box (RW-CLIMIT-03)`);
  const q = new Int8Array(p.quests.length);
  for (const c of st.decks.quests) q[c]!++;
  for (const c of st.decks.questDiscard) q[c]!++;
  for (const x of st.p) {
    for (const c of x.quests) q[c]!++;
    for (const c of x.setupQuests) q[c]!++;
  }
  for (let c = 0; c < q.length; c++)
    if (q[c]! > 1) bad.push(`Quest card ${p.quests[c]!.id} in ${q[c]} places`);
  const sc = new Int8Array(p.seasons.length);
  for (const d of st.decks.seasons) for (const c of d) sc[c]!++;
  for (const c of st.decks.seasonDiscard) sc[c]!++;
  for (const f of st.stack) if (f.k === 'season') sc[f.c]!++;
  for (let c = 0; c < sc.length; c++)
    if (sc[c] !== 1) bad.push(`Season card ${p.seasons[c]!.id} in ${sc[c]} places (RW-SEASON-07)`);
  const ob = new Int8Array(p.objectives.length);
  for (const d of st.decks.objectives) for (const c of d) ob[c]!++;
  for (const x of st.p) if (x.obj >= 0) ob[x.obj]!++;
  for (let c = 0; c < ob.length; c++)
    if (ob[c]! > 1) bad.push(`Objective ${p.objectives[c]!.id} in ${ob[c]} places`);
  for (let t = 0; t < st.titles.length; t++) {
    const s = st.titles[t]!;
    if (s >= st.n || s < -1 || (s >= 0 && st.p[s]!.out))
      bad.push(`Title ${p.titles[t]!.id} held by seat ${s} (RW-TITLE-06)`);
    if (st.titleInf[t]! < 0) bad.push(`negative influence on Title ${p.titles[t]!.id}`);
  }
}

/**
 * Heroes (RW-IMPL-41): at most 3 per player outside a desertion choice, every Hero card in exactly one
 * place (the Hero deck, a hand of cards drawn, a controller), a controlled hero on the board once placed,
 * training within +2, damage below health, none for an eliminated player (RW-ELIM-02).
 */
function heroInvariants(st: RwState, p: Pack, bad: string[]): void {
  const hs = st.hero;
  if (!hs) return;
  const H = p.heroes.length;
  const where = new Int8Array(H);
  for (const h of hs.deck) where[h]!++;
  const pending = new Set<number>();
  const deserting = new Set<number>();
  for (const f of st.stack) {
    if (f.k === 'hdraw') {
      for (const h of f.got) where[h]!++;
      if (f.step === 2) {
        pending.add(f.h);
        deserting.add(f.seat);
      }
    } else if (f.k === 'hstart') pending.add(f.h);
    else if (f.k === 'desert') deserting.add(f.seat);
  }
  const count = new Array<number>(st.n).fill(0);
  for (let h = 0; h < H; h++) {
    const c = hs.ctl[h]!;
    if (c === -2) {
      where[h]!++; // defeated: out of the game (RW-HDEF-01/07)
      if (hs.at[h]! >= 0) bad.push(`defeated hero ${h} on the board`);
    } else if (c >= 0) {
      where[h]!++;
      count[c]!++;
      if (st.p[c]!.out) bad.push(`hero ${h} of eliminated seat ${c}`);
      if (hs.at[h]! < 0 && !pending.has(h)) bad.push(`hero ${h} of seat ${c} off the board`);
    } else if (hs.at[h]! >= 0) bad.push(`hero ${h} on the board without a controller`);
    if (where[h] !== 1) bad.push(`hero ${h} in ${where[h]} places`);
    if (hs.dmg[h]! >= p.heroes[h]!.health) bad.push(`hero ${h} has ${hs.dmg[h]} damage`);
    for (let a = 0; a < 3; a++)
      if (hs.tr[h * 3 + a]! < 0 || hs.tr[h * 3 + a]! > p.heroRules.trainMax) bad.push(`hero ${h} training`);
  }
  for (let s = 0; s < st.n; s++)
    if (count[s]! > p.heroRules.limit && !deserting.has(s)) bad.push(`seat ${s} has ${count[s]} heroes`);
  // Reward cards: each copy in one place (deck, discard, under a hero in play, a defeated hero's stack).
  const R = p.rewardDeck.length;
  const at = new Int8Array(R);
  for (const c of hs.rdeck) at[c]!++;
  for (const c of hs.rdisc) at[c]!++;
  for (let h = 0; h < H; h++) {
    if (hs.rw[h]!.length && hs.ctl[h]! < 0) bad.push(`hero ${h} out of play holds Reward cards`);
    for (const c of hs.rw[h]!) at[c]!++;
  }
  for (const m of hs.mk) for (let i = 1; i < m.length; i++) at[m[i]!]!++;
  for (let c = 0; c < R; c++) if (at[c] !== 1) bad.push(`Reward card ${c} in ${at[c]} places`);
  for (const c of hs.up) if (hs.rdeck.includes(c)) bad.push(`Reward card ${c} face up in the deck`);
  // A Quest card shown in an attempt and kept is known to be in its holder's hand (RW-QUEST-11): it must be.
  for (let i = 0; i < hs.qr.length; i += 2)
    if (!st.p[hs.qr[i + 1]!]?.quests.includes(hs.qr[i]!))
      bad.push(
        `Quest card ${p.quests[hs.qr[i]!]?.id} known in the hand of seat ${hs.qr[i + 1]} is not there`,
      );
}

/**
 * Exploration tokens (RW-EXPL-02..04, RW-CLIMIT-01): never in a home realm area, none beyond the box's
 * count of a kind and back (on the board and discarded), a back on every token, only locations face up.
 */
function exploreInvariants(st: RwState, p: Pack, bad: string[]): void {
  const ex = st.ex;
  if (!ex) return;
  const used = p.explore.tokens.map(() => [0, 0]);
  for (let i = 0; i < ex.gone.length; i += 2) used[ex.gone[i]!]![ex.gone[i + 1]! - 1]!++;
  for (let a = 0; a < ex.t.length; a++) {
    const t = ex.t[a]!;
    if (t < 0) {
      if (ex.b[a] || ex.up[a]) bad.push(`exploration bookkeeping in area ${a}`);
      continue;
    }
    if (st.home[a]! >= 0) bad.push(`an exploration token in the home realm area ${a} (RW-EXPL-02)`);
    if (ex.b[a] !== 1 && ex.b[a] !== 2) bad.push(`an exploration token without a back in area ${a}`);
    else used[t]![ex.b[a]! - 1]!++;
    if (
      ex.up[a] &&
      p.explore.tokens[t]!.kind === 'event' &&
      !st.stack.some((f) => f.k === 'explore' && f.area === a)
    )
      bad.push(`an event left face up in area ${a} (RW-EXPL-10)`);
  }
  used.forEach((u, t) => {
    if (u[0]! > p.explore.tokens[t]!.back[0]! || u[1]! > p.explore.tokens[t]!.back[1]!)
      bad.push(`more ${p.explore.tokens[t]!.id} exploration tokens than the box has (RW-CLIMIT-01)`);
  });
}
