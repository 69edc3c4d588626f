/**
 * Resignation (`{type:'resign'}`, any time, never listed; not in the rules: docs/games/runewars.md,
 * decisions R1–R7). The player leaves the game at once and is treated as eliminated (RW-ELIM-02..04,
 * `clearPlayer`): his units, strongholds and activation tokens leave the board, the areas they held become
 * uncontrolled, his cards, Objective, Titles and influence go back, his Victory card leaves its deck, rune
 * tokens stay. He is skipped from then on (RW-ELIM-06) and what he was deciding is settled here:
 *
 * - during setup (year 0) his faction, setup runes and home realm are placed by their timeout defaults
 *   (RW-DP-89) so the board stays the one of the player count, his units and stronghold are not placed,
 *   and at the end of setup his home realm areas become ordinary ones and he gets no starting hand (R1);
 * - a secret Order he chose is discarded with nothing revealed; once every other player has chosen, the
 *   Orders are revealed as usual (R2);
 * - his turn ends; the frames of his Order go with it (R3);
 * - a battle he fights ends at once (R4): the cards of the sub-round not yet shown to every seat are
 *   shuffled back into the Fate deck (nothing hidden is revealed), the shown ones go to the discard pile
 *   (RW-ROUND-08); if the battle was not tallied yet, the other side wins it and its units hold the area
 *   (an attacker's go in, a defender's come back, RW-BATTLE-56/57); a tallied battle keeps its result
 *   without the resigning side's units;
 * - a timing window no longer waits for him (R5);
 * - unallied neutrals he decided for as the left player pass to the next player still in the game to
 *   the current player's left (RW-ELIM-06, RW-NEUT-03) (R6);
 * - when one player is left he wins at once (RW-VICT-17) (R7).
 */
import type { EventSink, Seat } from '@tabula/engine';
import { emit, shuffle } from '@tabula/engine';
import { addRouted, addUnits, alive, leftOf, pk, unitsOf } from './common.js';
import { cardShown } from './battle.js';
import { discardToken } from './explore.js';
import { ownerOf, S_CAPTURE, S_HEAL, S_RETURN } from './fight.js';
import { forgetRevealed } from './quests.js';
import { clearPlayer, win } from './victory.js';
import type { BattleFrame, Frame, RwState } from './types.js';

/** Resigns `s` (not out yet): he leaves the game now; the caller runs the flow on. */
export function resign(st: RwState, s: Seat, log: EventSink): void {
  st.p[s]!.out = 2;
  emit(log, 'rw.ev.resigned', { seat: s }, ['RW-ELIM-02', 'RW-ELIM-03', 'RW-ELIM-04', 'RW-ELIM-06']);
  if (st.year > 0) settleFrames(st, s, log);
  clearPlayer(st, s);
  const left = alive(st);
  if (left.length !== 1) return;
  win(st, left[0]!, 'resigned', log);
  // The game ends now (the stack is cleared): what is still in play is put away (R7).
  for (const f of st.stack) {
    for (const c of heldFate(f)) st.decks.fateDiscard.push(c);
    if (f.k === 'battle') putAway(st, f);
    else if (f.k === 'discard') trimHand(st, f.seat, f.kind, log);
  }
}

/** R7: a hand limit still to be met when the game ends is met by the default (RW-DP-26, RW-DP-89). */
function trimHand(st: RwState, s: Seat, kind: number, log: EventSink): void {
  const p = pk(st);
  const x = st.p[s]!;
  const hand = kind ? x.quests : x.tac;
  while (hand.length > (kind ? p.rules.handQuests : p.rules.handTactics)) {
    const c = hand.pop()!;
    if (kind) {
      st.decks.questDiscard.push(c);
      forgetRevealed(st, c);
    } else {
      x.tacSeason.pop();
      st.decks.tacticsDiscard.push(c);
    }
    emit(
      log,
      kind ? 'rw.ev.discardedQuest' : 'rw.ev.discardedTactics',
      { seat: s, [kind ? 'qcard' : 'tcard']: c },
      ['RW-DP-26'],
    );
  }
}

/**
 * R7: a battle still on the stack when the game ends: the side that won it, or else the defender (the area
 * was his throughout, RW-BATTLE-03), stands in the area again; the other side's units leave the board.
 */
function putAway(st: RwState, f: BattleFrame): void {
  const p = pk(st);
  const keep = f.won >= 0 ? f.won : 1;
  const owner = ownerOf(f, keep);
  if (keep === 0) for (const t of p.neutrals) st.us[f.area * p.U + t] = st.ur[f.area * p.U + t] = 0;
  for (let i = 0; i < f.fu.length; i++) {
    const u = f.fu[i]!;
    if (u < 0 || f.fs[i] !== keep) continue;
    if (f.fr[i]) addRouted(st, f.area, u, 1, owner);
    else addUnits(st, f.area, u, 1, owner);
    f.fu[i] = -1;
  }
  // As after any battle (RW-BATTLE-57): the area's control follows its units.
  const o = st.own[f.area]!;
  if (o >= 0 && unitsOf(st, f.area, o) === 0) st.own[f.area] = -1;
}

/** Fate cards a frame holds: a battle's sub-round (`cs` per side), a frame's own drawn cards (`cs`). */
function heldFate(f: Frame): number[] {
  const cs = (f as { cs?: unknown }).cs;
  return Array.isArray(cs) ? (cs.flat() as unknown[]).filter((c): c is number => typeof c === 'number') : [];
}

/** R2–R6: the frames of the stack once `s` is out of the game (year 1 on). */
function settleFrames(st: RwState, s: Seat, log: EventSink): void {
  const stack = st.stack;
  let ended = -1; // the highest battle that ended: the windows above it are gone with it
  for (let i = 0; i < stack.length; i++) {
    const f = stack[i]!;
    if (f.k !== 'battle') continue;
    if (f.seat === s || f.def === s) {
      quitBattle(st, f, f.seat === s ? 0 : 1, s, log);
      ended = i;
    } else if (f.ctl === s) {
      f.ctl = leftOf(st, f.seat);
      if (f.cs[1]!.length) f.nx = 1; // the cards he drew for them stay hidden from his successor
    }
  }
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i]!;
    switch (f.k) {
      case 'game':
      case 'orders':
      case 'battle':
        break;
      case 'window':
        f.seats = f.seats.filter((y) => y !== s);
        f.done = f.done.filter((y) => y !== s);
        if (i > ended && f.seats.some((y) => !f.done.includes(y))) break;
        stack.splice(i, 1);
        break;
      case 'retreat':
        if (f.who === s) {
          // His allies among the retreating units go on retreating as unallied neutrals (RW-NEUT-10).
          const p = pk(st);
          f.u = f.u.filter((u) => p.units[u]!.faction < 0);
          if (!f.u.length) stack.splice(i, 1);
          else {
            f.who = -1;
            f.seat = st.opts.neutrals === 'auto' ? -1 : neutralsSeat(st, i);
          }
        } else if (f.who < 0 && f.seat === s) f.seat = neutralsSeat(st, i);
        break;
      case 'cull':
        if (f.neut && f.seat === s) f.seat = neutralsSeat(st, i);
        else if (f.seat === s) stack.splice(i, 1);
        break;
      default:
        if ('seat' in f && f.seat === s) {
          dropFrame(st, f);
          stack.splice(i, 1);
        }
    }
  }
  // R2: the secret Order selection ends when every player still in the game has chosen.
  const t = stack[stack.length - 1];
  if (t?.k === 'orders' && st.p.every((y) => y.pick !== 0 || y.out)) stack.pop();
}

/** Who decides for unallied neutrals above stack index `i`: the left player of its battle's attacker. */
function neutralsSeat(st: RwState, i: number): Seat {
  for (let j = i - 1; j >= 0; j--) {
    const f = st.stack[j]!;
    if (f.k === 'battle' || f.k === 'turn') return leftOf(st, f.seat);
  }
  return -1;
}

/** Fate cards a dropped frame of his holds (drawn, seen by him alone) go back into the Fate deck unseen. */
function dropFrame(st: RwState, f: Frame): void {
  // Hero cards he drew with Rally Support's Supremacy and has not kept go back unseen (RW-INFO-10).
  if (f.k === 'hdraw' && f.got.length) {
    st.hero!.deck.push(...f.got);
    shuffle(st.rng, st.hero!.deck);
  }
  // An exploration event he was resolving is discarded unresolved (docs/games/runewars.md, M6).
  if (f.k === 'explore') discardToken(st, f.area);
  const cs = heldFate(f);
  if (!cs.length) return;
  for (const c of cs) st.decks.fate.push(c);
  shuffle(st.rng, st.decks.fate);
}

/** R4: side `r` (his) leaves battle `f`; the battle frame goes on to its end. */
function quitBattle(st: RwState, f: BattleFrame, r: number, s: Seat, log: EventSink): void {
  const p = pk(st);
  // The sub-round's cards: shown to everyone → the discard pile; any other back into the deck, unseen.
  let back = 0;
  for (let side = 0; side < 2; side++) {
    const cs = f.cs[side]!;
    for (let j = 0; j < cs.length; j++)
      if (cardShown(p, f, side, j, -1)) st.decks.fateDiscard.push(cs[j]!);
      else {
        st.decks.fate.push(cs[j]!);
        back++;
      }
  }
  if (back) shuffle(st.rng, st.decks.fate);
  f.cs = [[], []];
  f.kx = [0, 0];
  f.ty = [-1, -1];
  f.rev = 0;
  f.sp = [0, 0];
  f.q = [];
  f.tch = [];
  // His units leave the board (RW-ELIM-04): those in the initiative rows too. The neutral units allied
  // with him stay in the game as unallied neutrals, as his allies outside the battle do (RW-NEUT-10): on
  // the winning side of a tallied battle they come back into the area with the winner's units and, their
  // ally gone, are unallied there (`settle`, RW-BATTLE-56/57); on the losing side they retreat as a beaten
  // neutral side does (RW-BATTLE-55, RW-RETREAT-03, RW-NEUT-23).
  const loses = f.won < 0 || f.won !== r;
  const gone: number[] = [];
  for (let i = 0; i < f.fu.length; i++) {
    const u = f.fu[i]!;
    if (f.fs[i] !== r || u < 0) continue;
    if (p.units[u]!.faction < 0) {
      if (!loses) continue;
      gone.push(u);
    }
    f.fu[i] = -1;
  }
  // His allies that did not take part (routed before a battle he defended and loses) are destroyed as a
  // beaten side's are (RW-BATTLE-55), before the winner's units come back; those that fought retreat,
  // decided by the player to the attacker's left.
  if (loses && r === 1 && f.step <= S_RETURN)
    for (const u of p.neutrals) st.us[f.area * p.U + u] = st.ur[f.area * p.U + u] = 0;
  if (gone.length) {
    st.stack.push({
      k: 'retreat',
      seat: st.opts.neutrals === 'auto' ? -1 : leftOf(st, f.seat),
      who: -1,
      from: f.area,
      u: gone,
      rule: 'RW-BATTLE-55',
    });
  }
  if (f.won < 0) {
    // Not tallied: the other side wins; its damage heals (RW-BATTLE-54) and its units hold the area.
    f.won = 1 - r;
    f.fd.fill(0);
    f.step = S_RETURN;
  } else {
    // Tallied: the result stands. His stronghold question is not asked; his excess does not leave.
    if (r === 0 && f.step === S_CAPTURE && f.sup === -2) {
      f.sup = 0;
      f.step = S_HEAL;
    }
    if (f.won === r) {
      f.xs = 0;
      f.xu = [];
    }
  }
  emit(log, 'rw.ev.battleLeft', { seat: s, area: f.area, who: ownerOf(f, 1 - r) }, [
    'RW-ELIM-04',
    'RW-BATTLE-56',
    'RW-BATTLE-57',
  ]);
}
