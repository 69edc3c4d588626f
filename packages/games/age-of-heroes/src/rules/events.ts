/**
 * Event cards (spec §17): one immediate card from its reveal to its discard — Population Boom, Earthquake
 * and Volcano (a target, then the victim's Luck window), Famine (one Luck window for every survivor,
 * answered secretly) and Barbarians (a war against the drawer, `battle.ts`). Luck (§17.9) cancels an
 * event; Olympic Games and Mighty Heroes are played in a war (`war.ts`).
 *
 * An event frame waits for different decisions as it goes on, so its node picks the one waiting now
 * (`decideBy`): the drawer's target (DP-2, DP-4), then the victim's Luck window (DP-3, DP-5); the
 * Famine's window (DP-6).
 */
import type { ApplyResult, Decision, EventSink, Node, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { count, takeCard } from '../cards.js';
import type { AohAction, AohState } from '../types.js';
import type { F } from './core.js';
import { armyOwner, checkpointNext, discard, fail, findArmy, orderFrom, pop, push, wrong } from './core.js';
import { newWar } from './war.js';

type Ev = F<'event'>;

/** AOH-EVT-POP-1/2. */
export function populationBoom(st: AohState, s: Seat, log: EventSink): void {
  if (st.supply.city > 0) {
    st.supply.city--;
    st.p[s]!.cities++;
    emit(log, 'aoh.ev.boom', { seat: s }, ['AOH-EVT-POP-1', 'AOH-EVT-POP-3']);
  } else emit(log, 'aoh.ev.boomEmpty', { seat: s }, ['AOH-EVT-POP-2', 'AOH-EDGE-3']);
}

/** AOH-EVT-QUAKE-2: armies of other surviving tribes with no General, in default order (AOH-DP-2). */
export function quakeTargets(st: AohState, drawer: Seat): number[] {
  const out: number[] = [];
  for (let i = 1; i < st.n; i++) {
    const s = (drawer + i) % st.n;
    if (!st.p[s]!.alive) continue;
    const ids = st.p[s]!.armies.filter((a) => !a.general).map((a) => a.id);
    ids.sort((a, b) => a - b);
    out.push(...ids);
  }
  return out;
}

/** AOH-EVT-VOLC-2: other surviving tribes with a city, clockwise from the left neighbour. */
export function volcanoTargets(st: AohState, drawer: Seat): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i < st.n; i++) {
    const s = (drawer + i) % st.n;
    if (st.p[s]!.alive && st.p[s]!.cities > 0) out.push(s);
  }
  return out;
}

/** The card goes to the discard pile, its frame comes off, and a checkpoint follows (AOH-FLOW-6). */
export function finishEvent(st: AohState, f: Ev): void {
  discard(st, f.card);
  pop(st);
  checkpointNext(st);
}

/** AOH-EVT-LUCK-1: `seat`'s Luck (already taken from his hand) cancels the event; both are discarded. */
function playLuck(st: AohState, f: Ev, seat: Seat, log: EventSink): void {
  discard(st, 'luck');
  emit(log, 'aoh.ev.luck', { seat, card: f.card }, [
    'AOH-EVT-LUCK-1',
    'AOH-EVT-LUCK-2',
    'AOH-EVT-LUCK-3',
    f.card === 'famine' ? 'AOH-EVT-FAM-2' : f.card === 'volcano' ? 'AOH-EVT-VOLC-4' : 'AOH-EVT-QUAKE-4',
    'AOH-HID-7',
  ]);
  finishEvent(st, f);
}

/* ------------------------------------------------------------------ the automatic part of each card */

/** §17.3, §17.4: no target — the card is discarded; one — it is chosen at once; more — the drawer chooses. */
function runTarget(st: AohState, f: Ev, log: EventSink, quake: boolean): boolean {
  if (f.pc !== 0) return true;
  const t = quake ? quakeTargets(st, f.drawer) : volcanoTargets(st, f.drawer);
  if (t.length === 0) {
    emit(
      log,
      'aoh.ev.noTarget',
      { seat: f.drawer, card: f.card },
      quake ? ['AOH-EVT-QUAKE-3', 'AOH-EDGE-1'] : ['AOH-EVT-VOLC-3', 'AOH-EDGE-2'],
    );
    finishEvent(st, f);
    return false;
  }
  if (t.length === 1) {
    f.target = t[0]!;
    f.pc = 2;
    if (quake)
      emit(
        log,
        'aoh.ev.quakeTarget',
        { seat: f.drawer, army: f.target, owner: armyOwner(st, f.target), auto: true },
        ['AOH-EVT-QUAKE-1', 'AOH-DP-2'],
      );
    else
      emit(log, 'aoh.ev.volcanoTarget', { seat: f.drawer, target: f.target, auto: true }, [
        'AOH-EVT-VOLC-1',
        'AOH-DP-4',
      ]);
    return false;
  }
  f.pc = 1;
  return true;
}

/** §17.5: the Luck window for every survivor, then Luck's cancel or every survivor's Grain discarded. */
function runFamine(st: AohState, f: Ev, log: EventSink): boolean {
  if (f.pc === 0) {
    // AOH-EVT-FAM-2, AOH-HID-14: one window for every survivor at once, each answering secretly.
    f.ans = st.p.map((p) => (p.alive ? 0 : -1));
    f.pc = 1;
    emit(log, 'aoh.ev.famineWindow', { seat: f.drawer }, ['AOH-EVT-FAM-2', 'AOH-HID-14']);
  }
  for (let s = 0; s < st.n; s++) if (f.ans[s] === 0 && st.p[s]!.alive) return true;
  // Every survivor has answered: the first in turn order from the drawer who plays Luck cancels
  // the Famine; the later answers are never shown (as if those players had not been asked).
  for (const s of orderFrom(st, f.drawer))
    if (f.ans[s] === 2 && takeCard(st.p[s]!.hand, 'luck')) {
      playLuck(st, f, s, log);
      return false;
    }
  // Nobody played Luck: every survivor discards all his Grain (AOH-EVT-FAM-1).
  for (const s of orderFrom(st, f.drawer)) {
    const p = st.p[s]!;
    const g = count(p.hand, 'grain');
    if (g > 0) {
      p.hand = p.hand.filter((c) => c !== 'grain');
      discard(st, 'grain', g);
    }
    emit(log, 'aoh.ev.famine', { seat: s, grain: g }, ['AOH-EVT-FAM-1', 'AOH-EVT-FAM-3']);
  }
  finishEvent(st, f);
  return false;
}

/** §17.6: the Barbarians attack the drawer (a war with its response window), then the card is discarded. */
function runBarbarians(st: AohState, f: Ev, log: EventSink): boolean {
  if (f.pc === 0) {
    f.pc = 1;
    st.war = newWar(-1, f.drawer, 'plunder');
    emit(log, 'aoh.ev.barbarians', { seat: f.drawer }, [
      'AOH-EVT-BARB-1',
      'AOH-EVT-BARB-2',
      'AOH-EVT-BARB-4',
    ]);
    push(st, { k: 'war', pc: 0, barb: true });
    push(st, { k: 'response', seat: f.drawer, barb: true });
    return false;
  }
  emit(log, 'aoh.ev.barbariansDone', { seat: f.drawer }, ['AOH-EVT-BARB-8', 'AOH-EVT-BARB-9']);
  finishEvent(st, f);
  return false;
}

/** §17: one immediate card, from its reveal to its discard; true while it waits for a decision. */
function runEvent(st: AohState, f: Ev, log: EventSink): boolean {
  if (f.suppressed) {
    emit(log, 'aoh.ev.suppressed', { seat: f.drawer, card: f.card }, ['AOH-DRAW-8', 'AOH-EVT-LUCK-5']);
    finishEvent(st, f);
    return false;
  }
  switch (f.card) {
    case 'population_boom':
      populationBoom(st, f.drawer, log);
      finishEvent(st, f);
      return false;
    case 'earthquake':
      return runTarget(st, f, log, true);
    case 'volcano':
      return runTarget(st, f, log, false);
    case 'famine':
      return runFamine(st, f, log);
    case 'barbarians':
      return runBarbarians(st, f, log);
    default:
      // A configured immediate card with no rule: discarded with no effect.
      finishEvent(st, f);
      return false;
  }
}

/* ------------------------------------------------------------------ targets (DP-2, DP-4) */

/** AOH-DP-2: the drawer of an Earthquake chooses the army it strikes; default the first target. */
export const QUAKE_TARGET: Decision<AohState, Ev, AohAction> = {
  prompt: 'aoh.quakeTarget',
  rule: 'AOH-DP-2',
  who: (_st, f) => [f.drawer],
  asks: (_st, f, seat) => f.drawer === seat,
  ask: (st, f) => ({ args: { targets: quakeTargets(st, f.drawer) } }),
  offers(st, f, _seat, out) {
    for (const army of quakeTargets(st, f.drawer)) out.push({ type: 'quakeTarget', army });
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type !== 'quakeTarget')
      return wrong('quakeTarget', 'Your Earthquake needs a target: choose the army it strikes.', 'AOH-DP-2');
    if (!quakeTargets(st, f.drawer).includes(a.army))
      return fail(
        'badQuakeTarget',
        'An Earthquake must hit an army of another tribe that no General leads.',
        'AOH-EVT-QUAKE-2',
      );
    f.target = a.army;
    f.pc = 2;
    emit(log, 'aoh.ev.quakeTarget', { seat, army: a.army, owner: armyOwner(st, a.army) }, [
      'AOH-EVT-QUAKE-1',
      'AOH-EVT-QUAKE-2',
      'AOH-DP-2',
    ]);
    return OK;
  },
  byDefault: (st, f) => ({ type: 'quakeTarget', army: quakeTargets(st, f.drawer)[0]! }),
};

/** AOH-DP-4: the drawer of a Volcano chooses the tribe it strikes; default the first target. */
export const VOLCANO_TARGET: Decision<AohState, Ev, AohAction> = {
  prompt: 'aoh.volcanoTarget',
  rule: 'AOH-DP-4',
  who: (_st, f) => [f.drawer],
  asks: (_st, f, seat) => f.drawer === seat,
  ask: (st, f) => ({ args: { targets: volcanoTargets(st, f.drawer) } }),
  offers(st, f, _seat, out) {
    for (const s of volcanoTargets(st, f.drawer)) out.push({ type: 'volcanoTarget', seat: s });
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type !== 'volcanoTarget')
      return wrong('volcanoTarget', 'Your Volcano needs a target: choose the tribe it strikes.', 'AOH-DP-4');
    if (!volcanoTargets(st, f.drawer).includes(a.seat))
      return fail(
        'badVolcanoTarget',
        'A Volcano must hit another surviving tribe that has a city.',
        'AOH-EVT-VOLC-2',
      );
    f.target = a.seat;
    f.pc = 2;
    emit(log, 'aoh.ev.volcanoTarget', { seat, target: a.seat }, [
      'AOH-EVT-VOLC-1',
      'AOH-EVT-VOLC-2',
      'AOH-DP-4',
    ]);
    return OK;
  },
  byDefault: (st, f) => ({ type: 'volcanoTarget', seat: volcanoTargets(st, f.drawer)[0]! }),
};

/* ------------------------------------------------------------------ Luck windows (DP-3, DP-5, DP-6) */

/** Why `a` is no answer to a Luck window under `rule` (null if it is one: `luck` held, or `pass`). */
function luckError(st: AohState, seat: Seat, a: AohAction, rule: string): ApplyResult | null {
  if (a.type !== 'luck' && a.type !== 'pass')
    return wrong('luck', 'An event card is resolving: play Luck against it or pass.', rule);
  if (a.type === 'luck' && count(st.p[seat]!.hand, 'luck') === 0)
    return fail('noLuck', 'You hold no Luck.', 'AOH-EVT-LUCK-1');
  return null;
}

/** A Luck window's prompt: the card, its drawer and its target; a response window (AOH-HID-14). */
const luckAsk = (_st: AohState, f: Ev) => ({
  args: { card: f.card, drawer: f.drawer, target: f.target },
  window: true,
});

function luckOffers(st: AohState, _f: Ev, seat: Seat, out: AohAction[]): void {
  if (count(st.p[seat]!.hand, 'luck') > 0) out.push({ type: 'luck' });
  out.push({ type: 'pass' });
}

const pass = (): AohAction => ({ type: 'pass' });

/** AOH-DP-3: the owner of the army an Earthquake strikes may cancel it with Luck; default pass. */
export const QUAKE_LUCK: Decision<AohState, Ev, AohAction> = {
  prompt: 'aoh.luck',
  rule: 'AOH-DP-3',
  who: (st, f) => [armyOwner(st, f.target)],
  asks: (st, f, seat) => armyOwner(st, f.target) === seat,
  ask: luckAsk,
  offers: luckOffers,
  answer(st, f, seat, a, log): ApplyResult {
    const bad = luckError(st, seat, a, 'AOH-DP-3');
    if (bad) return bad;
    if (a.type === 'luck') {
      takeCard(st.p[seat]!.hand, 'luck');
      playLuck(st, f, seat, log);
      return OK;
    }
    // The army is under the Earthquake until the end of its owner's next turn (AOH-EVT-QUAKE-5, -6).
    const owner = armyOwner(st, f.target);
    const ar = findArmy(st, f.target)!;
    ar.quakes.push(st.p[owner]!.turns + 1);
    pop(st);
    checkpointNext(st);
    emit(log, 'aoh.ev.quake', { seat: f.drawer, owner, army: f.target, expires: st.p[owner]!.turns + 1 }, [
      'AOH-EVT-QUAKE-5',
      'AOH-EVT-QUAKE-6',
      'AOH-DRAW-10',
      'AOH-EDGE-29',
    ]);
    return OK;
  },
  byDefault: pass,
};

/** AOH-DP-5: the tribe a Volcano strikes may cancel it with Luck; default pass. */
export const VOLCANO_LUCK: Decision<AohState, Ev, AohAction> = {
  prompt: 'aoh.luck',
  rule: 'AOH-DP-5',
  who: (_st, f) => [f.target],
  asks: (_st, f, seat) => f.target === seat,
  ask: luckAsk,
  offers: luckOffers,
  answer(st, f, seat, a, log): ApplyResult {
    const bad = luckError(st, seat, a, 'AOH-DP-5');
    if (bad) return bad;
    if (a.type === 'luck') {
      takeCard(st.p[seat]!.hand, 'luck');
      playLuck(st, f, seat, log);
      return OK;
    }
    // The city returns to the supply (AOH-EVT-VOLC-1, -5).
    st.p[f.target]!.cities--;
    st.supply.city++;
    emit(log, 'aoh.ev.volcano', { seat: f.drawer, target: f.target }, ['AOH-EVT-VOLC-1', 'AOH-EVT-VOLC-5']);
    finishEvent(st, f);
    return OK;
  },
  byDefault: pass,
};

/**
 * AOH-DP-6, AOH-EVT-FAM-2, AOH-HID-14: every survivor answers the Famine's Luck window at once, secretly;
 * it resolves (`runFamine`) once all have answered. Default pass.
 */
export const FAMINE_LUCK: Decision<AohState, Ev, AohAction> = {
  prompt: 'aoh.luck',
  rule: 'AOH-DP-6',
  who(st, f) {
    const out: Seat[] = [];
    for (let s = 0; s < st.n; s++) if (f.ans[s] === 0 && st.p[s]!.alive) out.push(s);
    return out;
  },
  asks: (st, f, seat) => f.ans[seat] === 0 && st.p[seat]!.alive,
  ask: luckAsk,
  offers: luckOffers,
  answer(st, f, seat, a, log): ApplyResult {
    const bad = luckError(st, seat, a, 'AOH-DP-6');
    if (bad) return bad;
    f.ans[seat] = a.type === 'luck' ? 2 : 1;
    emit(
      log,
      a.type === 'luck' ? 'aoh.ev.luckAnswerPlay' : 'aoh.ev.luckAnswerPass',
      { seat },
      ['AOH-EVT-FAM-2', 'AOH-HID-14'],
      [seat],
    );
    return OK;
  },
  byDefault: pass,
};

/** An event card: its automatic work, and the decision it waits for at each step. */
export const EVENT: Node<AohState, Ev, AohAction> = {
  run: runEvent,
  decideBy(_st, f) {
    if (f.card === 'earthquake') return f.pc === 1 ? QUAKE_TARGET : f.pc === 2 ? QUAKE_LUCK : null;
    if (f.card === 'volcano') return f.pc === 1 ? VOLCANO_TARGET : f.pc === 2 ? VOLCANO_LUCK : null;
    return f.card === 'famine' && f.pc === 1 ? FAMINE_LUCK : null;
  },
};
