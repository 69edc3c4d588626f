/**
 * Victory cards and elimination (08-runes-victory-and-other.md §2.1, §7; RW-IMPL-38 (3)): a player with
 * 6 dragon runes reveals them and places his Victory card on the current season's deck, to be checked at
 * the start of that season next year (RW-VICT-01..12, RW-DP-10/40); a player controlling no area is
 * eliminated at once and for good, and the last player standing wins (RW-ELIM-01..06, RW-VICT-17).
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK, shuffle } from '@tabula/engine';
import { alive, board, ctrl, dragonRunes, fail, lookAtControlled, only, pk } from './common.js';
import { throneRunes } from './explore.js';
import type { Frame, RwAction, RwState } from './types.js';
import { returnHeroes } from './heroes.js';

type VF = Extract<Frame, { k: 'victory' }>;

/* ------------------------------------------------------------------ the end of the game */

/** The game ends with one winner (RW-VICT-08, RW-VICT-17). */
export function win(st: RwState, s: Seat, reason: string, log: EventSink): void {
  const runes = st.p.map((_, i) => dragonRunes(st, i));
  st.score = runes;
  st.over = { winners: [s], reason, scores: runes };
  emit(log, reason === 'victory' ? 'rw.ev.victoryWon' : 'rw.ev.lastStanding', { seat: s, n: runes[s] }, [
    reason === 'victory' ? 'RW-VICT-08' : 'RW-VICT-17',
    'RW-YEAR-03',
  ]);
}

/* ------------------------------------------------------------------ elimination (RW-ELIM-01..06) */

function controlsAny(st: RwState, s: Seat): boolean {
  for (const a of pk(st).factions[st.fac[s]!]!.home) if (ctrl(st, a) === s) return true; // the usual case
  for (const a of board(st).on) if (ctrl(st, a) === s) return true;
  return false;
}

/** RW-ELIM-01/05: every player controlling no area is eliminated; the last one standing wins. */
export function checkElimination(st: RwState, log: EventSink): void {
  if (st.over || st.year === 0) return;
  let any = false;
  for (let s = 0; s < st.n; s++)
    if (!st.p[s]!.out && !controlsAny(st, s)) {
      eliminate(st, s, log);
      any = true;
    }
  if (!any) return;
  const left = alive(st);
  if (left.length === 1) win(st, left[0]!, 'elimination', log);
}

export function eliminate(st: RwState, s: Seat, log: EventSink): void {
  st.p[s]!.out = 1;
  clearPlayer(st, s);
  // RW-ELIM-06: none of his decisions remain.
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.k === 'window') {
      f.seats = f.seats.filter((y) => y !== s);
      f.done = f.done.filter((y) => y !== s);
    } else if ('seat' in f && f.seat === s) st.stack.splice(i, 1);
  }
  emit(log, 'rw.ev.eliminated', { seat: s }, [
    'RW-ELIM-01',
    'RW-ELIM-02',
    'RW-ELIM-03',
    'RW-ELIM-04',
    'RW-ELIM-05',
    'RW-ELIM-06',
  ]);
}

/**
 * What an eliminated (or resigning) player leaves (RW-ELIM-02..04): his units, activation tokens and
 * strongholds off the board, his home realm areas ordinary ones, his cards shuffled back, his Titles
 * back with their influence, his influence to the supply, his Victory card off its deck; runes stay.
 */
export function clearPlayer(st: RwState, s: Seat): void {
  const p = pk(st);
  const x = st.p[s]!;
  const bit = 1 << s;
  const units = st.fac[s]! >= 0 ? p.factions[st.fac[s]!]!.units : [];
  for (let a = 0; a < st.own.length; a++) {
    // RW-ELIM-04: his activation tokens and any units leave the board.
    st.act[a]! &= ~bit;
    if (st.own[a] === s) {
      for (const u of units) {
        st.us[a * p.U + u] = 0;
        st.ur[a * p.U + u] = 0;
      }
      st.own[a] = -1;
    }
    if (st.sh[a] === s) {
      st.sh[a] = -1;
      st.shd[a] = 0;
      st.dev[a] = -1;
    }
    // Decision: his home realm areas become ordinary areas (elimination is for good, RW-EX-40).
    if (st.home[a] === s) st.home[a] = -1;
  }
  // RW-ELIM-02: his heroes leave the board, their Hero cards shuffled back into the Hero deck.
  returnHeroes(st, s);
  // RW-ELIM-02: his Tactics and Quest cards are shuffled back into their decks.
  for (const c of x.tac) st.decks.tactics.push(c);
  for (const c of x.quests) st.decks.quests.push(c);
  if (x.tac.length) shuffle(st.rng, st.decks.tactics);
  if (x.quests.length) shuffle(st.rng, st.decks.quests);
  x.tac = [];
  x.tacSeason = [];
  x.quests = [];
  // His Quest cards shown and kept (RW-QUEST-11) are no longer known to be in a hand.
  if (st.hero) st.hero.qr = st.hero.qr.filter((_, i, r) => r[i - (i % 2) + 1] !== s);
  // RW-ELIM-04: his Objective shuffled back, his influence to the supply.
  if (x.obj >= 0) {
    const deck = st.decks.objectives[p.objectives[x.obj]!.good ? 0 : 1]!;
    deck.push(x.obj);
    shuffle(st.rng, deck);
    x.obj = -1;
  }
  x.inf = 0;
  x.pick = 0;
  // RW-ELIM-03, RW-TITLE-06: Titles back to the common area with their influence.
  for (let t = 0; t < st.titles.length; t++) if (st.titles[t] === s) st.titles[t] = -1;
  // RW-VICT-11: his Victory card leaves the Season deck.
  for (let i = 0; i < st.vict.length; i++) if (st.vict[i] === s) st.vict[i] = -1;
}

/* ------------------------------------------------------------------ Victory cards (RW-VICT-01..12) */

/**
 * Whether a seat is asked at the end of his turn about his Victory card (RW-VICT-01..05): not in the last
 * year, no Victory card on this season's deck, his not placed, and at least 6 rune tokens in areas he
 * controls — a public count, so the question tells nothing; whether 6 of them are dragons only he knows.
 */
export function mayClaim(st: RwState, seat: Seat): boolean {
  const p = pk(st);
  if (st.year >= p.rules.years || st.vict[st.season]! >= 0 || st.vict.includes(seat)) return false;
  let k = throneRunes(st, seat); // RW-EXPL-20: a face-up Dragon Throne counts as a shown dragon rune
  const on = board(st).on;
  const need = p.rules.victoryRunes;
  if (k >= need) return true;
  for (let i = 0; i < on.length; i++) {
    const a = on[i]!;
    if (st.rk[a]! >= 0 && ctrl(st, a) === seat && ++k >= need) return true;
  }
  return false;
}

/** Pushes the Victory card question if it applies (RW-YEAR-29's end-of-turn checks). */
export function askVictory(st: RwState, seat: Seat): void {
  if (!mayClaim(st, seat)) return;
  lookAtControlled(st); // RW-RUNE-20: he has looked at every token of his areas
  st.stack.push({ k: 'victory', seat, shown: 0 });
}

function victoryOffers(st: RwState, f: VF, out: RwAction[]): void {
  if (f.shown === 0) out.push({ type: 'victory', use: false });
  // RW-EXPL-20: Dragon Thrones count as dragon runes shown face up.
  let dragons = throneRunes(st, f.seat),
    up = dragons;
  const on = board(st).on;
  for (const a of on)
    if (st.rk[a] === 1 && ctrl(st, a) === f.seat) {
      dragons++;
      if (st.rup[a]) up++;
    }
  const need = pk(st).rules.victoryRunes;
  if (dragons < need) return;
  if (up >= need) out.push({ type: 'victory', use: true });
  else
    for (const a of on)
      if (st.rk[a] === 1 && !st.rup[a] && ctrl(st, a) === f.seat) out.push({ type: 'reveal', area: a });
}

/** RW-DP-40 (claim victory): reveal dragon runes until 6 are shown, then place the Victory card, or decline. */
export const victoryDecision: Decision<RwState, VF, RwAction> = {
  prompt: 'rw.victory',
  rule: 'RW-VICT-02',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (st, f) => ({ args: { shown: f.shown, season: st.season } }),
  offers(st, f, _seat, out) {
    victoryOffers(st, f, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    const ok: RwAction[] = [];
    victoryOffers(st, f, ok);
    if (a.type === 'victory' && !a.use && f.shown === 0) {
      st.stack.pop();
      return OK;
    }
    if (a.type === 'reveal') {
      if (!ok.some((x) => x.type === 'reveal' && x.area === a.area))
        return fail('revealRune', 'Reveal a face-down dragon rune in an area you control.', 'RW-VICT-02');
      st.rup[a.area] = 1;
      f.shown++;
      emit(log, 'rw.ev.runeRevealed', { seat, area: a.area }, ['RW-VICT-02', 'RW-RUNE-30', 'RW-RUNE-31']);
      return OK;
    }
    if (a.type === 'victory' && a.use) {
      if (!ok.some((x) => x.type === 'victory' && x.use))
        return fail('notSixRunes', 'You must control 6 dragon runes, shown face up.', 'RW-VICT-01');
      st.vict[st.season] = seat;
      st.stack.pop();
      emit(log, 'rw.ev.victoryPlaced', { seat, season: st.season }, [
        'RW-VICT-02',
        'RW-VICT-03',
        'RW-VICT-04',
        'RW-VICT-06',
      ]);
      return OK;
    }
    return fail('wrongAction', 'Reveal dragon runes and place your Victory card, or decline.', 'RW-VICT-02');
  },
  // RW-DP-89 (DP-40): no optional action; once revealing has begun, the claim goes on.
  byDefault(st, f) {
    const out: RwAction[] = [];
    victoryOffers(st, f, out);
    return out[0] ?? null;
  },
};

/**
 * Season step 1 (RW-SEASON-01, RW-VICT-07..10, RW-DP-10): a Victory card on this season's deck is revealed
 * first; with 6 dragon runes (the tokens needed shown in canonical order) its owner wins, else he takes it
 * back. True if the game is over.
 */
export function resolveVictoryCard(st: RwState, log: EventSink): boolean {
  const s = st.vict[st.season]!;
  if (s < 0) return false;
  st.vict[st.season] = -1;
  const need = pk(st).rules.victoryRunes;
  if (!st.p[s]!.out && dragonRunes(st, s) >= need) {
    let up = throneRunes(st, s); // RW-EXPL-20
    const on = board(st).on;
    for (const a of on) if (st.rk[a] === 1 && st.rup[a] && ctrl(st, a) === s) up++;
    for (const a of on)
      if (up < need && st.rk[a] === 1 && !st.rup[a] && ctrl(st, a) === s) {
        st.rup[a] = 1;
        up++;
      }
    emit(log, 'rw.ev.victoryRevealed', { seat: s }, ['RW-VICT-07', 'RW-DP-10']);
    win(st, s, 'victory', log);
    return true;
  }
  emit(log, 'rw.ev.victoryBack', { seat: s }, ['RW-VICT-07', 'RW-VICT-09', 'RW-VICT-10']);
  return false;
}
