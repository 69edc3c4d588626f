/**
 * The game year (02-year-and-seasons.md): the game frame that runs setup and then season after season
 * (RW-YEAR-01..05), the Season card and its generic effects (RW-SEASON-01..09), the secondary abilities
 * of spring, summer, fall and winter (RW-SEASON-10..25), the secret Order selection (RW-YEAR-10..14,
 * RW-DP-30), the reveal and play order (RW-YEAR-20..22, 30..35), a player's turn with its timing windows
 * and Supremacy (RW-YEAR-23..29, RW-DP-40/43), the unit limit and hand limits (RW-LIMIT-03/06, RW-DP-26/42,
 * RW-DP-13), and the end of the game (RW-VICT-14..16).
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK, shuffle } from '@tabula/engine';
import {
  alive,
  board,
  checkHands,
  dialIcons,
  drawTactics,
  fail,
  neutralsIn,
  only,
  pk,
  playOrder,
  removeUnit,
  unitsOf,
} from './common.js';
import { scoreGame } from './end.js';
import { ringInfluence } from './rewards.js';
import { harvestPrimary, powerPrimary, titleOffers } from './orders.js';
import {
  clockwise,
  dealSetupQuests,
  placePreset,
  populate,
  pushInOrder,
  startingHands,
  startingUnits,
} from './setup.js';
import { randomHomes, startManualBoard } from './board.js';
import { askVictory, checkElimination, clearPlayer, resolveVictoryCard } from './victory.js';
import { windowLive } from './windows.js';
import { canPlay, playCard, playOffers } from './tactics.js';
import { askObjective, startSeasonCard } from './cards.js';
import { askRaze } from './explore.js';
import { askLoot, forgetRevealed } from './quests.js';
import { askRewards } from './rewards.js';
import { heroesOn, questPhase, rallyHeroesApply, startingHeroes } from './heroes.js';
import { ORDER, PASS, SUPREMACY_NO, SUPREMACY_YES } from './actions.js';
import type { Frame, RwAction, RwState } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

/* ------------------------------------------------------------------ the game frame */

export function runGame(st: RwState, f: F<'game'>, log: EventSink): boolean {
  const p = pk(st);
  switch (f.step) {
    case 1: // setup step 2: factions, clockwise from the first player (RW-SETUP-04, RW-DP-02)
      f.step = 2;
      pushInOrder(st, clockwise(st, st.first), (seat) => ({ k: 'faction', seat }));
      return false;
    case 2: // setup step 3, board steps 1–4 (RW-MAP-05..16)
      f.step = 3;
      dealSetupQuests(st, log);
      if (st.preset >= 0) placePreset(st, log);
      else startManualBoard(st, log);
      return false;
    case 3: {
      // board step 5: setup runes, counterclockwise from the first player (RW-MAP-17)
      f.step = 4;
      const ccw = Array.from({ length: st.n }, (_, i) => (st.first - i + st.n) % st.n);
      pushInOrder(st, ccw, (seat) => ({ k: 'runes', seat }));
      return false;
    }
    case 4: // board step 6: home realms, clockwise from the left of the first player (RW-MAP-19)
      f.step = 5;
      if (st.opts.board === 'random')
        randomHomes(st, log); // RW-SETUP-22
      else pushInOrder(st, clockwise(st, (st.first + 1) % st.n), (seat) => ({ k: 'home', seat }));
      return false;
    case 5: // board steps 7–8, setup steps 4–6
      f.step = 6;
      populate(st, log);
      pushInOrder(st, clockwise(st, st.first), (seat) => ({ k: 'place', seat, q: startingUnits(st, seat) }));
      return false;
    case 6: // setup steps 10–12, then spring of year 1 (RW-SETUP-17)
      // A seat that resigned during setup leaves his home realm as ordinary areas (docs, R1).
      for (let s = 0; s < st.n; s++) if (st.p[s]!.out) clearPlayer(st, s);
      if (heroesOn(st)) startingHeroes(st, log); // setup step 7 (RW-SETUP-11), placed before spring
      startingHands(st, log);
      st.year = 1;
      st.season = 0;
      f.step = 10;
      return false;
    case 10: // season step 1: a Victory card first, then the Season card (RW-SEASON-01..07)
      f.step = 14;
      if (resolveVictoryCard(st, log)) return false;
      seasonCard(st, log);
      return false;
    case 14: // then the season's secondary ability (RW-SEASON-04), once the card's primary is resolved
      f.step = 11;
      secondary(st, log);
      return false;
    case 11: // season step 2: Order selection (RW-YEAR-10..14)
      f.step = 12;
      st.stack.push({ k: 'orders' });
      return false;
    case 12: {
      // season step 3: reveal, play order fixed now (RW-YEAR-20..22)
      f.step = 13;
      for (const x of st.p) {
        x.cur = x.out ? 0 : x.pick;
        x.hand &= ~(1 << x.pick);
        x.pick = 0;
      }
      st.order = playOrder(st);
      if (log)
        emit(log, 'rw.ev.reveal', { orders: st.p.map((x) => x.cur), seats: st.order.slice() }, [
          'RW-YEAR-20',
          'RW-YEAR-21',
          'RW-YEAR-22',
        ]);
      pushInOrder(st, st.order, (seat) => ({
        k: 'turn',
        seat,
        step: 0,
        bat: 0,
        tg: 0,
        tn: 0,
        tk: 0,
        tw: 0,
      }));
      return false;
    }
    case 13: // the season ends when every player has resolved his Order (RW-YEAR-02)
      if (st.season === 3 && st.year >= p.rules.years) {
        scoreGame(st, log);
        return false;
      }
      st.season = (st.season + 1) % 4;
      if (st.season === 0) st.year++;
      st.card = -1;
      // A Season card's reach lasts its season (Blizzard); the field stays (one shape for every state).
      st.reach = undefined;
      f.step = 10;
      return false;
    default:
      throw new Error(`RuneWars: unknown game step ${f.step}`);
  }
}

/* ------------------------------------------------------------------ Season card (RW-SEASON-01..09) */

function seasonCard(st: RwState, log: EventSink): void {
  const deck = st.decks.seasons[st.season]!;
  const c = deck.length ? deck.pop()! : -1;
  st.card = c;
  emit(log, 'rw.ev.season', { year: st.year, season: st.season, card: c }, ['RW-SEASON-02', 'RW-YEAR-04']);
  // Its primary effects, as data (cards.ts, RW-SEASON-03), then discarded face up (RW-SEASON-07).
  if (c >= 0) startSeasonCard(st, c);
}

/** The season's secondary ability (RW-SEASON-10..25). */
function secondary(st: RwState, log: EventSink): void {
  const p = pk(st);
  switch (st.season) {
    case 0: // spring (RW-SEASON-10..13): simultaneous, no choice
      st.act.fill(0);
      for (const x of st.p) {
        x.hand = 0b111111110;
        x.played = [];
      }
      for (let i = 0; i < st.ur.length; i++)
        if (st.ur[i]) {
          st.us[i]! += st.ur[i]!;
          st.ur[i] = 0;
        }
      if (st.hero) st.hero.rt.fill(0); // RW-SEASON-12: heroes stand up too
      emit(log, 'rw.ev.spring', {}, ['RW-SEASON-10', 'RW-SEASON-11', 'RW-SEASON-12', 'RW-SEASON-13']);
      break;
    case 1: // summer: the Quest Phase (RW-SEASON-14/15), with heroes (heroes.ts)
      emit(log, 'rw.ev.summer', {}, ['RW-SEASON-14', 'RW-SEASON-15']);
      if (heroesOn(st)) questPhase(st, log);
      break;
    case 2: {
      // fall (RW-SEASON-16..19): the Fate discard is shuffled back, then each chooses in play order
      st.decks.fate.push(...st.decks.fateDiscard);
      st.decks.fateDiscard = [];
      shuffle(st.rng, st.decks.fate);
      emit(log, 'rw.ev.fall', {}, ['RW-SEASON-16']);
      pushInOrder(st, playOrder(st), (seat) => ({ k: 'fall', seat }));
      break;
    }
    case 3: {
      // winter (RW-SEASON-20..25): the food limit in play order; water borders are ignored all winter
      emit(log, 'rw.ev.winter', {}, ['RW-SEASON-20', 'RW-SEASON-24']);
      const order = playOrder(st);
      for (let i = order.length - 1; i >= 0; i--) {
        const s = order[i]!;
        const cap = Math.min(st.p[s]!.dial[0]!, p.rules.unitLimit);
        st.stack.push({ k: 'cull', seat: s, cap, areas: [], winter: 1, rule: 'RW-SEASON-20', neut: 0 });
      }
      break;
    }
  }
}

/* ------------------------------------------------------------------ RW-DP-12: the fall choice */

export const fallDecision: Decision<RwState, F<'fall'>, RwAction> = {
  prompt: 'rw.fall',
  rule: 'RW-SEASON-17',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(_st, _f, _seat, out) {
    out.push({ type: 'fall', pick: 'influence' }, { type: 'fall', pick: 'tactics' });
  },
  answer(st, _f, seat, a, log): ApplyResult {
    if (a.type !== 'fall' || (a.pick !== 'influence' && a.pick !== 'tactics'))
      return fail('wrongAction', 'Take influence or draw a Tactics card.', 'RW-SEASON-17');
    const p = pk(st);
    st.stack.pop();
    if (a.pick === 'influence') {
      st.p[seat]!.inf += p.rules.fallInfluence;
      emit(log, 'rw.ev.influence', { seat, n: p.rules.fallInfluence }, ['RW-SEASON-17']);
    } else {
      drawTactics(st, seat, p.rules.fallTactics, log, 'RW-SEASON-17');
      checkHands(st, seat);
    }
    ringInfluence(st, seat, log); // Ring of Influence (rewards.ts)
    return OK;
  },
  // RW-DP-89: take 2 influence.
  byDefault: () => ({ type: 'fall', pick: 'influence' }),
};

/* ------------------------------------------------------------------ RW-DP-30: secret Order selection */

export const ordersDecision: Decision<RwState, F<'orders'>, RwAction> = {
  prompt: 'rw.order',
  rule: 'RW-YEAR-10',
  who: (st) => alive(st),
  asks: (st, _f, seat) => !st.p[seat]!.out, // RW-ELIM-06
  // RW-YEAR-11/14: secret; a seat that has chosen may change its choice until all have chosen.
  fill: (st, _f, seat, pr) => {
    pr.secret = true;
    if (st.p[seat]!.pick) pr.optional = true;
  },
  offers(st, _f, seat, out) {
    const x = st.p[seat]!;
    for (let n = 1; n <= 8; n++) if (x.hand & (1 << n) && n !== x.pick) out.push(ORDER[n]!);
  },
  answer(st, _f, seat, a, log): ApplyResult {
    if (a.type !== 'order') return fail('wrongAction', 'Choose an Order card.', 'RW-DP-30');
    const x = st.p[seat]!;
    if (!Number.isInteger(a.n) || a.n < 1 || a.n > 8 || !(x.hand & (1 << a.n)))
      return fail(
        'orderNotInHand',
        'That Order card is not in your hand: it was played this year.',
        'RW-YEAR-12',
      );
    const changed = x.pick !== 0;
    x.pick = a.n;
    if (log)
      emit(log, changed ? 'rw.ev.orderChanged' : 'rw.ev.orderChosen', { seat }, ['RW-YEAR-11', 'RW-YEAR-14']);
    if (st.p.every((y) => y.pick !== 0 || y.out)) st.stack.pop();
    return OK;
  },
  // RW-DP-89: the lowest-numbered Order card in hand.
  byDefault(st, _f, seat) {
    const x = st.p[seat]!;
    if (x.pick) return null;
    for (let n = 1; n <= 8; n++) if (x.hand & (1 << n)) return ORDER[n]!;
    return null;
  },
};

/* ------------------------------------------------------------------ a turn (RW-YEAR-23..29) */

/** Whether a Supremacy bonus is available: the card is higher than every card played this year (RW-YEAR-24/25). */
export function supremacy(st: RwState, seat: Seat): boolean {
  const x = st.p[seat]!;
  for (const c of x.played) if (c >= x.cur) return false;
  return true;
}

/** Whether the Supremacy of an Order needs asking now (RW-DP-43); M1 has no battles and no heroes. */
function supremacyApplies(st: RwState, seat: Seat, n: number): boolean {
  switch (n) {
    case 1: // Strategize: draw Tactics per T icon (RW-STRAT-10)
      return dialIcons(st, seat, 0).tac + dialIcons(st, seat, 1).tac + dialIcons(st, seat, 2).tac > 0;
    case 2: // Mobilize: a second resolution (RW-MOB-06)
    case 4: // Harvest: developments (RW-HARV-04/05)
    case 5: // Recruit: a second resource (RW-RECR-06)
      return true;
    case 7: // Acquire Power: a Title (RW-POWER-02)
      return titleOffers(st, seat).length > 0;
    case 6: // Rally Support: draw heroes (RW-RALLY-08, RW-RALLY-11), with heroes
      return rallyHeroesApply(st, seat);
    default:
      // Conquer's works inside a battle (RW-CONQ-02/03, M2); Rally Support's draws heroes (RW-RALLY-08, M4);
      // Fortify has none (RW-FORT-07).
      return false;
  }
}

export function runTurn(st: RwState, f: F<'turn'>, log: EventSink): boolean {
  const x = st.p[f.seat]!;
  if (x.out) {
    st.stack.pop(); // RW-ELIM-06
    return false;
  }
  switch (f.step) {
    case 0:
      f.step = 1;
      if (log) emit(log, 'rw.ev.turn', { seat: f.seat, order: x.cur }, ['RW-YEAR-21', 'RW-YEAR-28']);
      if (windowLive(st, 'preOrder') && canPlay(st, f.seat))
        st.stack.push({ k: 'window', seats: [f.seat], at: 'preOrder', done: [] });
      return false;
    case 1:
      f.step = 2;
      switch (x.cur) {
        case 1:
          st.stack.push({ k: 'strat', seat: f.seat, d: [] });
          break;
        case 2:
        case 3:
          st.stack.push({ k: 'mob', seat: f.seat, n: x.cur, x: -1, d: [], second: 0 });
          break;
        case 4:
          harvestPrimary(st, f.seat, log, 'RW-HARV-01');
          break;
        case 5:
          st.stack.push({ k: 'recruit', seat: f.seat, used: 0, q: [], sup: 0 });
          break;
        case 6:
          st.stack.push({ k: 'rally', seat: f.seat, done: [], at: -1, left: 0 });
          break;
        case 7:
          powerPrimary(st, f.seat, log);
          break;
        case 8:
          st.stack.push({ k: 'fort', seat: f.seat, did: 0 });
          break;
      }
      return false;
    case 2:
      f.step = 3;
      if (supremacy(st, f.seat) && supremacyApplies(st, f.seat, x.cur))
        st.stack.push({ k: 'sup', seat: f.seat, n: x.cur });
      return false;
    case 3:
      f.step = 4;
      if (windowLive(st, 'postOrder') && canPlay(st, f.seat))
        st.stack.push({ k: 'window', seats: [f.seat], at: 'postOrder', done: [] });
      askRaze(st, f.seat); // RW-EXPL-10/11: after his Order, before his end-of-turn checks
      askRewards(st, f.seat); // rewards.ts: Reward cards used or traded in his turn
      askLoot(st, f.seat); // RW-HDEF-04/05: his heroes by a defeated hero's marker
      return false;
    case 4:
      // End-of-turn checks (RW-YEAR-29): his Victory card (RW-VICT-02..05).
      f.step = 5;
      askVictory(st, f.seat);
      askObjective(st, f.seat); // RW-OBJ-03, asked first
      return false;
    default:
      // End of turn (RW-YEAR-27): the card stays face up.
      x.played.push(x.cur);
      st.stack.pop();
      return false;
  }
}

/* ------------------------------------------------------------------ RW-DP-43: use the Supremacy Bonus? */

export const supDecision: Decision<RwState, F<'sup'>, RwAction> = {
  prompt: 'rw.supremacy',
  rule: 'RW-YEAR-24',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { order: f.n } }),
  offers(_st, _f, _seat, out) {
    out.push(SUPREMACY_YES, SUPREMACY_NO);
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type !== 'supremacy' || typeof a.use !== 'boolean')
      return fail('wrongAction', 'Use or decline the Supremacy Bonus.', 'RW-YEAR-26');
    st.stack.pop();
    if (log)
      emit(log, a.use ? 'rw.ev.supremacy' : 'rw.ev.supremacyDeclined', { seat, order: f.n }, [
        'RW-YEAR-24',
        'RW-YEAR-26',
      ]);
    if (!a.use) return OK;
    switch (f.n) {
      case 1: {
        let n = 0;
        for (let r = 0; r < 3; r++) n += dialIcons(st, seat, r).tac;
        drawTactics(st, seat, n, log, 'RW-STRAT-10');
        checkHands(st, seat);
        break;
      }
      case 2:
        st.stack.push({ k: 'mob', seat, n: 2, x: -1, d: [], second: 1 });
        break;
      case 4:
        st.stack.push({ k: 'hsup', seat, step: 0 });
        break;
      case 5:
        st.stack.push({ k: 'recruit', seat, used: st.p[seat]!.rec, q: [], sup: 1 });
        break;
      case 6:
        st.stack.push({ k: 'hdraw', seat, step: 0, got: [], h: -1 });
        break;
      case 7:
        st.stack.push({ k: 'title', seat });
        break;
    }
    return OK;
  },
  // RW-DP-89 (DP-43): taken when it costs nothing and needs no further choice; declined otherwise.
  byDefault: (_st, f) => (f.n === 1 || f.n === 5 ? SUPREMACY_YES : SUPREMACY_NO),
};

/* ------------------------------------------------------------------ timing windows (skeleton) */

/** Whether every seat of a window is done with it. */
function allDone(f: F<'window'>): boolean {
  for (let i = 0; i < f.seats.length; i++) if (!f.done.includes(f.seats[i]!)) return false;
  return true;
}

export const windowDecision: Decision<RwState, F<'window'>, RwAction> = {
  prompt: 'rw.window',
  rule: 'RW-YEAR-29',
  // The seats not done yet, in the window's order (the window's own list while nobody is done: no copy).
  who: (_st, f) => (f.done.length === 0 ? f.seats : f.seats.filter((s) => !f.done.includes(s))),
  asks: (_st, f, seat) => f.seats.includes(seat) && !f.done.includes(seat),
  // Battle windows are many and short: held 500 ms at least, the same for every seat (RW-BATTLE-71).
  fill: (_st, f, _seat, pr) => {
    pr.window = true;
    if (f.at !== 'preOrder' && f.at !== 'postOrder') pr.hold = 500;
    pr.args = { at: f.at };
  },
  offers(st, f, seat, out) {
    out.push(PASS);
    playOffers(st, f, seat, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type === 'play') {
      const ok: RwAction[] = [];
      playOffers(st, f, seat, ok);
      if (!ok.some((x) => x.type === 'play' && x.card === a.card))
        return fail(
          'notPlayable',
          'You cannot play that Tactics card now: it must be in your hand since an earlier season, its timing must be this moment, and a battle card needs your units in the battle.',
          'RW-TACT-02',
        );
      // RW-TACT-08: a play reopens the window for the others, once; he is done with it (RW-BATTLE-72).
      if (!f.re) {
        f.re = 1;
        f.pl = seat;
        f.done = [seat];
      } else f.done.push(seat);
      if (allDone(f)) {
        st.stack.splice(st.stack.lastIndexOf(f), 1);
        emit(log, 'rw.ev.windowClosed', { at: f.at }, ['RW-YEAR-29']);
      }
      playCard(st, seat, a.card, f.at, log, f.h);
      return OK;
    }
    if (a.type !== 'pass') return fail('wrongAction', 'Play a card or pass.', 'RW-DP-67');
    f.done.push(seat);
    if (allDone(f)) {
      st.stack.pop();
      if (log) emit(log, 'rw.ev.windowClosed', { at: f.at }, ['RW-YEAR-29']);
    }
    return OK;
  },
  // RW-DP-89 (DP-40, DP-61, DP-67): pass.
  byDefault: () => ({ type: 'pass' }),
};

/* ------------------------------------------------------------------ RW-DP-13/42: units over the limit */

/** Units counted against the frame's cap in an area: the seat's, or the unallied neutrals' (RW-LIMIT-07). */
const counted = (st: RwState, f: F<'cull'>, a: number) =>
  f.neut ? neutralsIn(st, a) : unitsOf(st, a, f.seat);

/** Areas where a seat is over `cap` (all his areas in winter, else the frame's). */
function overAreas(st: RwState, f: F<'cull'>): number[] {
  const out: number[] = [];
  const src = f.winter ? board(st).on : f.areas;
  for (let i = 0; i < src.length; i++) if (counted(st, f, src[i]!) > f.cap) out.push(src[i]!);
  return out;
}

/** Whether the seat is over `cap` anywhere (`overAreas` not empty). */
function anyOver(st: RwState, f: F<'cull'>): boolean {
  const src = f.winter ? board(st).on : f.areas;
  for (let i = 0; i < src.length; i++) if (counted(st, f, src[i]!) > f.cap) return true;
  return false;
}

export function runCull(st: RwState, f: F<'cull'>, log: EventSink): boolean {
  // RW-LIMIT-06: once at the limit he may still destroy more there, until he says done; in winter he
  // destroys the excess only (RW-SEASON-20), and so does the left player for neutrals (RW-LIMIT-07).
  if ((!f.winter && !f.neut) || anyOver(st, f)) return true;
  st.stack.pop();
  if (f.cap === 0) emit(log, 'rw.ev.starved', { seat: f.seat }, ['RW-SEASON-22']);
  checkElimination(st, log); // RW-ELIM-05: the winter cull
  return false;
}

export const cullDecision: Decision<RwState, F<'cull'>, RwAction> = {
  prompt: 'rw.cull',
  rule: 'RW-LIMIT-03',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { cap: f.cap, winter: f.winter === 1 } }),
  offers(st, f, seat, out) {
    const p = pk(st);
    const us = f.neut ? p.neutrals : p.factions[st.fac[seat]!]!.canonAll; // his allies too (RW-NEUT-07)
    const over = overAreas(st, f);
    if (!f.winter && !f.neut && over.length === 0) out.push({ type: 'done' });
    for (const a of over.length || f.winter ? over : f.areas)
      for (const u of us) {
        if (st.us[a * p.U + u]) out.push({ type: 'destroy', area: a, u });
        if (st.ur[a * p.U + u]) out.push({ type: 'destroy', area: a, u, routed: true });
      }
  },
  answer(st, f, seat, a, log): ApplyResult {
    const over = overAreas(st, f);
    if (a.type === 'done' && !f.winter && !f.neut && over.length === 0) {
      st.stack.pop();
      checkElimination(st, log);
      return OK;
    }
    if (a.type !== 'destroy') return fail('wrongAction', 'Destroy units down to the limit.', 'RW-LIMIT-03');
    const p = pk(st);
    if (!(over.length || f.winter ? over : f.areas).includes(a.area))
      return fail(
        'notOver',
        'You are not over the limit in that area.',
        f.winter ? 'RW-SEASON-20' : 'RW-LIMIT-03',
      );
    const i = a.area * p.U + a.u;
    const us = f.neut ? p.neutrals : p.factions[st.fac[seat]!]!.canonAll; // his allies too (RW-NEUT-07)
    if (!us.includes(a.u) || (a.routed ? st.ur[i]! : st.us[i]!) <= 0)
      return fail('noSuchUnit', 'You have no such unit there.', 'RW-LIMIT-06');
    removeUnit(st, a.area, a.u, !!a.routed, f.neut ? -1 : seat);
    emit(log, 'rw.ev.destroyed', { seat: f.neut ? -1 : seat, area: a.area, u: a.u }, [
      f.winter ? 'RW-SEASON-20' : f.rule,
      'RW-LIMIT-06',
    ]);
    return OK;
  },
  // RW-DP-89 (DP-13, DP-42): routed units first, then the lowest health, then reverse canonical order.
  byDefault(st, f, seat) {
    const out: RwAction[] = [];
    cullDecision.offers(st, f, seat, out);
    const p = pk(st);
    let best: RwAction | null = null;
    let bk = Infinity;
    if (out[0]?.type === 'done') return out[0];
    for (const x of out) {
      if (x.type !== 'destroy') continue;
      const k = (x.routed ? 0 : 1e6) + p.units[x.u]!.health * 1e3 - x.u;
      if (k < bk) {
        bk = k;
        best = x;
      }
    }
    return best;
  },
};

/** Pushes the unit-limit check (RW-LIMIT-03/05) for a seat over 8 in any of `areas`. */
export function checkLimit(st: RwState, seat: Seat, areas: number[]): void {
  const cap = pk(st).rules.unitLimit;
  const over = areas.filter((a, i) => areas.indexOf(a) === i && unitsOf(st, a, seat) > cap);
  if (over.length)
    st.stack.push({ k: 'cull', seat, cap, areas: over, winter: 0, rule: 'RW-LIMIT-03', neut: 0 });
}

/* ------------------------------------------------------------------ RW-DP-26: hand limits */

export const discardDecision: Decision<RwState, F<'discard'>, RwAction> = {
  prompt: 'rw.discard',
  rule: 'RW-DP-26',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (st, f) => ({
    args: { kind: f.kind ? 'quests' : 'tactics', over: handOver(st, f) },
  }),
  offers(st, f, seat, out) {
    const hand = f.kind ? st.p[seat]!.quests : st.p[seat]!.tac;
    const seen = new Set<number>();
    for (const c of hand)
      if (!seen.has(c)) {
        seen.add(c);
        out.push({ type: 'discard', card: c });
      }
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type !== 'discard') return fail('wrongAction', 'Discard down to your hand limit.', 'RW-DP-26');
    const x = st.p[seat]!;
    const hand = f.kind ? x.quests : x.tac;
    const i = hand.lastIndexOf(a.card);
    if (i < 0) return fail('notInHand', 'That card is not in your hand.', 'RW-DP-26');
    hand.splice(i, 1);
    if (f.kind) {
      st.decks.questDiscard.push(a.card);
      forgetRevealed(st, a.card); // a kept Quest card shown before (RW-QUEST-11) is no longer in his hand
    } else {
      x.tacSeason.splice(i, 1);
      st.decks.tacticsDiscard.push(a.card);
    }
    emit(
      log,
      f.kind ? 'rw.ev.discardedQuest' : 'rw.ev.discardedTactics',
      { seat, [f.kind ? 'qcard' : 'tcard']: a.card },
      ['RW-DP-26'],
    );
    if (handOver(st, f) <= 0) st.stack.pop();
    return OK;
  },
  // RW-DP-89 (DP-26): the most recently drawn card first.
  byDefault(st, f, seat) {
    const hand = f.kind ? st.p[seat]!.quests : st.p[seat]!.tac;
    return hand.length ? { type: 'discard', card: hand[hand.length - 1]! } : null;
  },
};

function handOver(st: RwState, f: F<'discard'>): number {
  const p = pk(st);
  const x = st.p[f.seat]!;
  return f.kind ? x.quests.length - p.rules.handQuests : x.tac.length - p.rules.handTactics;
}
