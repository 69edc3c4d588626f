/**
 * Diplomacy (05-diplomacy-neutrals.md §4): units moved into an area of unallied neutral units wait off the
 * board in a frame of their own (`diplo`) while their player chooses battle or diplomacy (RW-MOVE-03,
 * RW-DIPLO-01/02, RW-LIMIT-04, RW-DP-45), spends 1–6 influence and draws as many Fate cards at once
 * (RW-DIPLO-03/04/14, RW-DP-46), and resolves the destiny of one of them (RW-DIPLO-05): gold, the
 * neutrals become his allies (RW-DIPLO-06); silver, they retreat routed to an adjacent uncontrolled area
 * chosen by the player to his left (RW-DIPLO-07, RW-DP-47); red, battle or retreat (RW-DIPLO-08, RW-DP-48),
 * retreat only once the Mobilize card has fought its battle (RW-DIPLO-10, RW-MOB-08..10). Every drawn card
 * goes to the public discard (RW-DIPLO-09); they are seen by the drawer alone until he chooses one
 * (RW-INFO-11, view.ts). While diplomacy is attempted the neutrals are not his allies (RW-NEUT-06): his
 * units are not in the area yet.
 */
import { diplomacyCards, discardPlayed, extraFate } from './tactics.js';
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { addUnits, fail, leftOf, lookAtControlled, neutralsIn, only, pk } from './common.js';
import { drawFate } from './fight.js';
import { startBattle } from './battle.js';
import { battleUsed } from './movement.js';
import { checkElimination } from './victory.js';
import type { Frame, RwAction, RwState } from './types.js';
import { goldAllies } from './turn-record.js';

type DF = Extract<Frame, { k: 'diplo' }>;

export const D_CHOOSE = 0,
  D_CARD = 1,
  D_RED = 2,
  D_AFTER = 3,
  D_HEROES = 4;

const FIGHT: RwAction = Object.freeze({ type: 'fight' });
const WITHDRAW: RwAction = Object.freeze({ type: 'withdraw' });
const SPEND: RwAction[] = Array.from({ length: 7 }, (_, spend) =>
  Object.freeze({ type: 'diplomacy', spend }),
);
const DESTINY = { gold: 0, silver: 1, red: 2 } as const;

/**
 * Whether a seat could attempt diplomacy in `area` with `k` units moved in: influence to spend
 * (RW-DIPLO-03) and his units plus the neutral units there within 8 (RW-DIPLO-02, RW-LIMIT-04).
 */
export function diplomacyPossible(st: RwState, seat: Seat, area: number, k: number): boolean {
  return st.p[seat]!.inf >= 1 && k + neutralsIn(st, area) <= pk(st).rules.unitLimit;
}

/** The moved units (drafts of [from, type] pairs) wait in a new diplomacy frame. */
export function startDiplomacy(
  st: RwState,
  seat: Seat,
  area: number,
  n: number,
  moved: number[],
  log: EventSink,
  hd?: number[],
): void {
  const u: number[] = [];
  for (let i = 1; i < moved.length; i += 2) u.push(moved[i]!);
  const f: DF = { k: 'diplo', seat, area, n, u, step: D_CHOOSE, cs: [] };
  // RW-DIPLO-11: the heroes drafted with the units (Mobilize/Conquer drafts: hero, count) entered with them.
  if (hd?.length) {
    f.hs = [];
    for (let i = 0; i < hd.length; i += 2) f.hs.push(hd[i]!);
  }
  st.stack.push(f);
  if (log) emit(log, 'rw.ev.enterNeutrals', { seat, area, n: u.length }, ['RW-MOVE-03', 'RW-DIPLO-01']);
}

/** RW-DP-45/46: battle (unless the Mobilize card has fought its battle) and diplomacy at each spend. */
function chooseOffers(st: RwState, f: DF, out: RwAction[]): void {
  if (!battleUsed(st, f.seat)) out.push(FIGHT);
  // RW-DIPLO-13: a faction unit of his entered the area (allied neutrals never enter without one).
  const p = pk(st);
  if (!f.u.some((u) => p.units[u]!.faction >= 0) || !diplomacyPossible(st, f.seat, f.area, f.u.length))
    return;
  const most = Math.min(6, st.p[f.seat]!.inf);
  for (let k = 1; k <= most; k++) out.push(SPEND[k]!);
  // Bribery, Seer's Insight: extra Fate cards, the card played with the attempt (data.md §13).
  const cards: number[] = [];
  diplomacyCards(st, f.seat, cards);
  for (const card of cards) for (let k = 1; k <= most; k++) out.push({ type: 'diplomacy', spend: k, card });
}

/** RW-DP-46: one drawn card of each destiny (cards of one destiny resolve alike; all are discarded). */
function cardOffers(st: RwState, f: DF, out: RwAction[]): void {
  const p = pk(st);
  let seen = 0;
  for (const c of f.cs) {
    const bit = 1 << DESTINY[p.fate[c]!.destiny];
    if (seen & bit) continue;
    seen |= bit;
    out.push({ type: 'fate', card: c });
  }
}

/** RW-DP-48: battle or retreat after a red symbol; retreat only once the battle is used (RW-DIPLO-10). */
function redOffers(st: RwState, f: DF, out: RwAction[]): void {
  if (!battleUsed(st, f.seat)) out.push(FIGHT);
  out.push(WITHDRAW);
}

function offers(st: RwState, f: DF, out: RwAction[]): void {
  if (f.step === D_CHOOSE) chooseOffers(st, f, out);
  else if (f.step === D_CARD) cardOffers(st, f, out);
  else if (f.step === D_RED) redOffers(st, f, out);
  else if (f.step === D_HEROES) heroOffers(st, f, out);
}

/** The battle of the moved units against every neutral unit of the area (RW-NEUT-04, RW-DIPLO-08). */
function fight(st: RwState, f: DF, log: EventSink): void {
  st.stack.pop();
  const moved: number[] = [];
  for (const u of f.u) moved.push(-1, u);
  startBattle(st, f.seat, f.area, f.n, moved, log);
}

/** RW-DIPLO-11: his heroes that entered with the units and stand there still (not left behind yet). */
function heroesWith(st: RwState, f: DF, out: number[]): void {
  const hs = st.hero;
  if (!hs || !f.hs) return;
  for (const h of f.hs) if (hs.ctl[h] === f.seat && hs.at[h] === f.area && !f.stay?.includes(h)) out.push(h);
}

/**
 * His units retreat, routed, from the area into one adjacent friendly (else empty) area (RW-DIPLO-08). The
 * heroes that entered with them go along unless he left them there (RW-DIPLO-11: first asked, D_HEROES).
 */
function withdraw(st: RwState, f: DF, log: EventSink): void {
  if (f.step === D_RED) {
    if (log)
      emit(log, 'rw.ev.diplomacyWithdraw', { seat: f.seat, area: f.area }, ['RW-DIPLO-08', 'RW-DP-48']);
    const hs: number[] = [];
    heroesWith(st, f, hs);
    if (hs.length) {
      f.step = D_HEROES;
      f.stay = [];
      return;
    }
  }
  f.step = D_AFTER;
  const hs: number[] = [];
  heroesWith(st, f, hs);
  st.stack.push({
    k: 'retreat',
    seat: f.seat,
    who: f.seat,
    from: f.area,
    u: f.u,
    rule: 'RW-DIPLO-08',
    ...(hs.length ? { hs } : {}),
  });
  f.u = [];
}

/** RW-DIPLO-11: leave a hero in the area, or retreat (the others go with the units). */
function heroOffers(st: RwState, f: DF, out: RwAction[]): void {
  const hs: number[] = [];
  heroesWith(st, f, hs);
  for (const h of hs) out.push({ type: 'heroStay', h });
  out.push(WITHDRAW);
}

/** Puts the moved units into the area: his now (allied neutrals with them, or none left). */
function enter(st: RwState, f: DF): void {
  for (const u of f.u) addUnits(st, f.area, u, 1, f.seat);
  f.u = [];
}

/** Resolves the chosen card's destiny; every drawn card goes to the discard pile (RW-DIPLO-05/09). */
function resolve(st: RwState, f: DF, card: number, log: EventSink): void {
  const p = pk(st);
  const destiny = p.fate[card]!.destiny;
  if (log)
    emit(
      log,
      'rw.ev.diplomacy',
      { seat: f.seat, area: f.area, destiny, fcard: p.fate[card]!.id, cards: f.cs.map((c) => p.fate[c]!.id) },
      [
        'RW-DIPLO-05',
        'RW-DIPLO-09',
        'RW-INFO-11',
        `RW-DIPLO-0${destiny === 'gold' ? 6 : destiny === 'silver' ? 7 : 8}`,
      ],
    );
  for (const c of f.cs) st.decks.fateDiscard.push(c);
  f.cs = [];
  if (destiny === 'gold') {
    // RW-DIPLO-06: every neutral unit of the area becomes his ally; his units stay (RW-NEUT-06, RW-NEUT-16).
    goldAllies(st, f.seat, f.area); // Peace Envoy (turn-record.ts)
    st.stack.pop();
    enter(st, f);
    lookAtControlled(st);
  } else if (destiny === 'silver') {
    // RW-DIPLO-07: the neutrals retreat, routed, into one adjacent uncontrolled area chosen by the player
    // to his left (or the automated neutrals, RW-NEUT-05), destroyed if there is none; his units stay.
    const base = f.area * p.U;
    const us: number[] = [];
    for (const u of p.neutralCanon) {
      for (let k = st.us[base + u]! + st.ur[base + u]!; k > 0; k--) us.push(u);
      st.us[base + u] = 0;
      st.ur[base + u] = 0;
    }
    enter(st, f);
    lookAtControlled(st);
    f.step = D_AFTER;
    st.stack.push({
      k: 'retreat',
      seat: st.opts.neutrals === 'auto' ? -1 : leftOf(st, f.seat),
      who: -1,
      from: f.area,
      u: us,
      rule: 'RW-DIPLO-07',
    });
  } else f.step = D_RED; // RW-DIPLO-08
}

/** Takes what the frame can without a question: a single legal answer, or the automated steps. */
export function runDiplo(st: RwState, f: DF, log: EventSink): boolean {
  if (f.step === D_AFTER) {
    st.stack.pop();
    lookAtControlled(st);
    checkElimination(st, log); // RW-ELIM-05: a retreat may have cost him his last units
    return false;
  }
  const out: RwAction[] = [];
  offers(st, f, out);
  if (out.length > 1) return true;
  if (out.length === 1) base.answer(st, f, f.seat, out[0]!, log);
  else if (f.step === D_CHOOSE) fight(st, f, log); // cannot happen: the move was refused (RW-MOB-07)
  return false;
}

const base: Omit<Decision<RwState, DF, RwAction>, 'prompt' | 'rule'> = {
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (st, f) => ({
    args: { area: f.area, n: f.u.length, neutrals: neutralsIn(st, f.area), step: f.step },
  }),
  offers(st, f, _seat, out) {
    offers(st, f, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    const ok: RwAction[] = [];
    offers(st, f, ok);
    if (f.step === D_CHOOSE) {
      if (a.type === 'fight') {
        if (!ok.includes(FIGHT))
          return fail(
            'battleUsed',
            'This Mobilize card has already started its battle: it cannot start a second one.',
            'RW-MOB-07',
          );
        if (log) emit(log, 'rw.ev.diplomacyBattle', { seat, area: f.area }, ['RW-DIPLO-01', 'RW-DP-45']);
        fight(st, f, log);
        return OK;
      }
      if (a.type !== 'diplomacy')
        return fail('wrongAction', 'Start a battle, or attempt diplomacy spending influence.', 'RW-DIPLO-01');
      if (!ok.some((x) => x.type === 'diplomacy' && x.spend === a.spend && x.card === a.card)) {
        if (a.card !== undefined && ok.some((x) => x.type === 'diplomacy' && x.spend === a.spend))
          return fail(
            'notPlayable',
            'You cannot play that Tactics card now: it must be in your hand since an earlier season, its timing must be this moment, and a battle card needs your units in the battle.',
            'RW-TACT-02',
          );
        if (f.u.length + neutralsIn(st, f.area) > pk(st).rules.unitLimit)
          return fail(
            'diplomacyOver',
            'Your units and the neutral units here are more than 8: you must battle.',
            'RW-DIPLO-02',
          );
        return fail(
          'diplomacySpend',
          'Spend 1 to 6 influence that you have (diplomacy needs at least 1).',
          'RW-DIPLO-03',
        );
      }
      // RW-DIPLO-03/04/12/14: the influence is spent whatever comes; the cards are drawn at once.
      st.p[seat]!.inf -= a.spend;
      let draws = a.spend;
      if (a.card !== undefined) {
        discardPlayed(st, seat, a.card, log, ['RW-DIPLO-03']);
        draws += extraFate(st, a.card);
      }
      for (let i = 0; i < draws; i++) {
        const c = drawFate(st, log);
        if (c >= 0) f.cs.push(c);
      }
      f.step = D_CARD;
      if (log) {
        emit(log, 'rw.ev.diplomacyDrawn', { seat, area: f.area, spend: a.spend, n: f.cs.length }, [
          'RW-DIPLO-03',
          'RW-DIPLO-04',
          'RW-DIPLO-12',
          'RW-DP-46',
        ]);
        const p = pk(st);
        emit(log, 'rw.ev.fateDrawnOwn', { cards: f.cs.map((c) => p.fate[c]!.id) }, ['RW-INFO-11'], [seat]);
      }
      if (f.cs.length === 0) {
        // RW-CLIMIT-08: no Fate card left anywhere (cannot happen with 30 cards): nothing is resolved.
        f.step = D_RED;
      }
      return OK;
    }
    if (f.step === D_CARD) {
      if (a.type !== 'fate' || !f.cs.includes(a.card))
        return fail('diplomacyCard', 'Choose one of the Fate cards you drew.', 'RW-DIPLO-05');
      resolve(st, f, a.card, log);
      return OK;
    }
    if (f.step === D_RED) {
      if (a.type === 'withdraw') {
        withdraw(st, f, log);
        return OK;
      }
      if (a.type === 'fight') {
        if (!ok.includes(FIGHT))
          return fail(
            'redRetreat',
            'This Mobilize card has already fought its battle: after a red symbol your units must retreat.',
            'RW-DIPLO-10',
          );
        if (log) emit(log, 'rw.ev.diplomacyBattle', { seat, area: f.area }, ['RW-DIPLO-08', 'RW-DP-48']);
        fight(st, f, log);
        return OK;
      }
      return fail('wrongAction', 'Start the battle, or retreat your units.', 'RW-DIPLO-08');
    }
    if (f.step === D_HEROES) {
      if (a.type === 'withdraw') {
        withdraw(st, f, log);
        return OK;
      }
      if (a.type !== 'heroStay' || !ok.some((x) => x.type === 'heroStay' && x.h === a.h))
        return fail(
          'heroStay',
          'Leave here one of your heroes that came with the retreating units, or retreat.',
          'RW-DIPLO-11',
        );
      f.stay!.push(a.h);
      if (log)
        emit(log, 'rw.ev.heroStays', { seat, hero: a.h, area: f.area }, ['RW-DIPLO-11', 'RW-HMOVE-11']);
      return OK;
    }
    return fail('wrongAction', 'Nothing to decide here.', 'RW-DIPLO-01');
  },
  // RW-DP-89: DP-45 battle (diplomacy costs influence); after diplomacy was chosen (the battle being
  // used) spend 1; the card with the best destiny (gold, silver, red), ties to the first drawn; DP-48
  // retreat.
  byDefault(st, f) {
    if (f.step === D_CHOOSE) {
      const out: RwAction[] = [];
      chooseOffers(st, f, out);
      return out[0] ?? null;
    }
    if (f.step === D_CARD) {
      const p = pk(st);
      let best = -1;
      for (const c of f.cs)
        if (best < 0 || DESTINY[p.fate[c]!.destiny] < DESTINY[p.fate[best]!.destiny]) best = c;
      return best < 0 ? null : { type: 'fate', card: best };
    }
    // RW-DIPLO-11 (as DP-70): the heroes follow their units.
    if (f.step === D_RED || f.step === D_HEROES) return WITHDRAW;
    return null;
  },
};

/** RW-DP-45/46: battle or diplomacy (and how much influence); RW-DP-46: the card; RW-DP-48: after red. */
export const diploDecision: Decision<RwState, DF, RwAction> = {
  ...base,
  prompt: 'rw.diplomacy',
  rule: 'RW-DIPLO-01',
};
const cardDecision: Decision<RwState, DF, RwAction> = {
  ...base,
  prompt: 'rw.diplomacy.card',
  rule: 'RW-DIPLO-05',
};
const redDecision: Decision<RwState, DF, RwAction> = {
  ...base,
  prompt: 'rw.diplomacy.red',
  rule: 'RW-DIPLO-08',
};

const heroesDecision: Decision<RwState, DF, RwAction> = {
  ...base,
  prompt: 'rw.diplomacy.heroes',
  rule: 'RW-DIPLO-11',
};

export function diploDecisionOf(_st: RwState, f: DF): Decision<RwState, DF, RwAction> | null {
  if (f.step === D_HEROES) return heroesDecision;
  return f.step === D_CHOOSE
    ? diploDecision
    : f.step === D_CARD
      ? cardDecision
      : f.step === D_RED
        ? redDecision
        : null;
}
