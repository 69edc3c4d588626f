/**
 * Battle (spec §15) and its outcome (§16): the units, the battle cards drawn and placed in secret
 * (DP-14), the duels chosen in secret (DP-15) and fought, the victorious count, the spoils (§16.1) and the
 * return of the attacker's armies (§16.2). A war is declared in `war.ts` (or by the Barbarians, `events.ts`).
 */
import type { ApplyResult, Decision, EventSink, Node, Seat } from '@tabula/engine';
import { emit, OK, shuffle } from '@tabula/engine';
import { distinct } from '../cards.js';
import type { AohAction, AohState, CardId, Unit, War } from '../types.js';
import type { F } from './core.js';
import { checkpointNext, discard, fail, isAvailable, pop, push, specialOf, wrong } from './core.js';
import { hasRoad } from './build.js';

/** Seat controlling a battle side, or -1 for the barbarians. */
export function sideSeat(w: War, side: 0 | 1): Seat {
  return side === 0 ? w.attacker : w.defender;
}

function unit(side: 0 | 1, army: number, lead: boolean): Unit {
  return { side, army, lead, card: 0, fought: false, alive: true };
}

/* ------------------------------------------------------------------ the battle (§15) */

/** §15, §16: from the defender's response to the returns; never waits (placement and duels are frames). */
function runWar(st: AohState, f: F<'war'>, log: EventSink): boolean {
  const w = st.war!;
  switch (f.pc) {
    case 0:
      if (w.cancelled) cancelWar(st, f, w, log);
      else startBattle(st, f, w, log);
      return false;
    case 1:
      emit(log, 'aoh.ev.placed', {}, ['AOH-BATTLE-4', 'AOH-DP-14', 'AOH-DP-25']);
      f.pc = 2;
      push(st, { k: 'duel' });
      return false;
    case 2:
      f.pc = 3;
      return false;
    default:
      endWar(st, f, w, log);
      return false;
  }
}

/** AOH-WAR-14, AOH-EVT-BARB-3: a cancelled war has no battle; the attacker's Heroes are lost; armies return. */
function cancelWar(st: AohState, f: F<'war'>, w: War, log: EventSink): void {
  discard(st, 'mighty_hero', w.heroesA.length);
  returnArmies(st, w, log);
  st.war = null;
  pop(st);
  if (!f.barb) checkpointNext(st);
}

/** AOH-BATTLE-1..3: the units, the battle cards drawn, a side with one unit placed at once. */
function startBattle(st: AohState, f: F<'war'>, w: War, log: EventSink): void {
  const cfg = st.cfg;
  // AOH-BATTLE-1: units at the start of battle, in unit order (AOH-WAR-2).
  if (w.attacker < 0) for (let i = 0; i < cfg.battle.barbarianArmies; i++) w.units.push(unit(0, -2, false));
  else {
    const armies = st.p[w.attacker]!.armies.filter((a) => w.armies.includes(a.id)).sort(
      (a, b) => a.id - b.id,
    );
    for (const a of armies) w.units.push(unit(0, a.id, a.general || w.heroesA.includes(a.id)));
    for (const h of w.heroesA) if (h === -1) w.units.push(unit(0, -1, false));
  }
  const def = st.p[w.defender]!.armies.filter(isAvailable).sort((a, b) => a.id - b.id);
  for (const a of def) w.units.push(unit(1, a.id, a.general || w.heroesD.includes(a.id)));
  for (const h of w.heroesD) if (h === -1) w.units.push(unit(1, -1, false));
  w.a = w.units.filter((u) => u.side === 0).length;
  w.d = w.units.length - w.a;
  emit(log, 'aoh.ev.battle', { attacker: w.attacker, defender: w.defender, a: w.a, d: w.d }, [
    'AOH-BATTLE-1',
    'AOH-EVT-BARB-5',
  ]);
  if (w.d === 0) {
    emit(log, 'aoh.ev.noDefence', { defender: w.defender }, [
      'AOH-BATTLE-2',
      'AOH-EDGE-13',
      'AOH-EVT-BARB-7',
    ]);
    f.pc = 3;
    return;
  }
  // AOH-BATTLE-3: attacker (or barbarians) draws first, then the defender.
  w.drawn = true;
  for (let i = 0; i < w.a; i++) w.pool[0].push(st.battle.pop()!);
  for (let i = 0; i < w.d; i++) w.pool[1].push(st.battle.pop()!);
  if (w.attacker >= 0) {
    emit(
      log,
      'aoh.ev.battleCards',
      { seat: w.attacker, cards: w.pool[0].slice() },
      ['AOH-BATTLE-3'],
      [w.attacker],
    );
  }
  emit(
    log,
    'aoh.ev.battleCards',
    { seat: w.defender, cards: w.pool[1].slice() },
    ['AOH-BATTLE-3'],
    [w.defender],
  );
  emit(log, 'aoh.ev.battleCardsHidden', { a: w.a, d: w.d }, ['AOH-BATTLE-3', 'AOH-HID-15']);
  // A side with one unit (the barbarians always) has nothing to choose.
  for (const side of [0, 1] as const) {
    const own = w.units.filter((u) => u.side === side);
    if (side === 0 && w.attacker < 0) {
      own.forEach((u, i) => (u.card = w.pool[0][i]!));
      w.pool[0] = [];
      w.placed[0] = true;
    } else if (own.length === 1) {
      own[0]!.card = w.pool[side].pop()!;
      w.placed[side] = true;
    }
  }
  f.pc = 1;
  push(st, { k: 'place' });
}

/** AOH-BATTLE-5..12: duels until one side has no unfought unit. */
function runDuel(st: AohState, _f: F<'duel'>, log: EventSink): boolean {
  const w = st.war!;
  const unf0 = unfought(w, 0);
  const unf1 = unfought(w, 1);
  if (unf0.length === 0 || unf1.length === 0) {
    emit(log, 'aoh.ev.battleOver', { duels: w.duels.length }, ['AOH-BATTLE-12', 'AOH-BATTLE-13']);
    pop(st);
    return false;
  }
  if (w.pick[0] < 0 && unf0.length === 1) w.pick[0] = unf0[0]!;
  if (w.pick[1] < 0 && unf1.length === 1) w.pick[1] = unf1[0]!;
  if (w.pick[0] < 0 || w.pick[1] < 0) return true;
  const ua = w.units[w.pick[0]]!;
  const ud = w.units[w.pick[1]]!;
  const b = st.cfg.battle;
  // AOH-BATTLE-7/8: card + 2 if led; +1 per fortress for the defender only.
  const as = ua.card + (ua.lead ? b.generalBonus : 0);
  const ds = ud.card + (ud.lead ? b.generalBonus : 0) + b.fortressBonusEach * st.p[w.defender]!.fortresses;
  const duel = { a: w.pick[0], d: w.pick[1], av: ua.card, dv: ud.card, as, ds };
  w.duels.push(duel);
  ua.fought = ud.fought = true;
  w.pick = [-1, -1];
  if (as > ds) {
    w.wins++;
    destroy(st, w, ud);
  } else if (ds > as) destroy(st, w, ua);
  emit(
    log,
    'aoh.ev.duel',
    { ...duel, attacker: w.attacker, defender: w.defender, winner: as > ds ? 0 : ds > as ? 1 : -1 },
    [
      'AOH-BATTLE-5',
      'AOH-BATTLE-6',
      'AOH-BATTLE-7',
      'AOH-BATTLE-8',
      'AOH-BATTLE-9',
      'AOH-BATTLE-11',
      'AOH-EVT-BARB-6',
    ],
  );
  return false;
}

export function unfought(w: War, side: 0 | 1): number[] {
  const out: number[] = [];
  w.units.forEach((u, i) => {
    if (u.side === side && !u.fought) out.push(i);
  });
  return out;
}

/** AOH-BATTLE-10: a destroyed army returns to the supply with its General. */
function destroy(st: AohState, w: War, u: Unit): void {
  u.alive = false;
  if (u.army < 0) return;
  const owner = sideSeat(w, u.side);
  const p = st.p[owner]!;
  const i = p.armies.findIndex((a) => a.id === u.army);
  const a = p.armies[i]!;
  p.armies.splice(i, 1);
  st.supply.army++;
  if (a.general) st.supply.general++;
}

/* ------------------------------------------------------------------ outcome and returns (§16) */

/** AOH-BATTLE-14, AOH-BATTLE-15, §16: the victory, the spoils, the clean-up and the returns. */
function endWar(st: AohState, f: F<'war'>, w: War, log: EventSink): void {
  // AOH-BATTLE-14: V = duels won + max(0, A − D).
  w.v = w.wins + Math.max(0, w.a - w.d);
  emit(log, 'aoh.ev.victorious', { v: w.v, wins: w.wins, excess: Math.max(0, w.a - w.d) }, [
    'AOH-BATTLE-14',
    'AOH-BATTLE-11',
    'AOH-EDGE-12',
  ]);
  spoils(st, w, log);
  // AOH-BATTLE-15: clean-up.
  if (w.drawn) {
    for (const u of w.units) if (u.card) st.battle.push(u.card);
    st.battle.push(...w.pool[0], ...w.pool[1]);
    shuffle(st.rng, st.battle);
  }
  discard(st, 'mighty_hero', w.heroesA.length + w.heroesD.length);
  returnArmies(st, w, log);
  st.war = null;
  pop(st);
  if (!f.barb) checkpointNext(st);
}

/** AOH-RET-1..3: attacker's surviving armies come home over a direct road, else go away. */
export function returnArmies(st: AohState, w: War, log: EventSink): void {
  if (w.attacker < 0) return;
  const p = st.p[w.attacker]!;
  const road = hasRoad(st, w.attacker, w.defender);
  const ids: number[] = [];
  for (const a of p.armies)
    if (a.status === 'committed') {
      ids.push(a.id);
      if (road) a.status = 'home';
      else {
        a.status = 'away';
        a.returnAt = p.turns + 1;
      }
    }
  if (ids.length)
    emit(
      log,
      road ? 'aoh.ev.armiesHome' : 'aoh.ev.armiesAway',
      { seat: w.attacker, armies: ids, returnAt: p.turns + 1 },
      road ? ['AOH-RET-2', 'AOH-ROAD-10'] : ['AOH-RET-3', 'AOH-RET-4'],
    );
}

/** §16.1: conquest, plunder, razing — automatic maximum (AOH-SPOILS-1). */
function spoils(st: AohState, w: War, log: EventSink): void {
  const def = st.p[w.defender]!;
  const v = w.v;
  const sp = st.cfg.spoils;
  if (v === 0) {
    emit(log, 'aoh.ev.noSpoils', {}, ['AOH-SPOILS-5', 'AOH-EDGE-14']);
    return;
  }
  if (w.objective === 'conquest' && w.attacker >= 0) {
    const k = Math.min(Math.floor(v / sp.conquestArmiesPerCity), def.cities);
    def.cities -= k;
    st.p[w.attacker]!.cities += k;
    emit(log, 'aoh.ev.conquest', { attacker: w.attacker, defender: w.defender, cities: k }, [
      'AOH-SPOILS-2',
      'AOH-EDGE-9',
      'AOH-SPOILS-6',
    ]);
  } else if (w.objective === 'plunder') {
    const k = Math.min(sp.plunderCardsPerArmy * v, def.hand.length);
    const taken: CardId[] = [];
    if (k > 0) {
      // AOH-RNG-2: shuffle a copy of the hand's positions and take the first k.
      const pos = def.hand.map((_, i) => i);
      shuffle(st.rng, pos);
      const chosen = pos.slice(0, k);
      for (const i of chosen) taken.push(def.hand[i]!);
      const drop = new Set(chosen);
      def.hand = def.hand.filter((_, i) => !drop.has(i));
    }
    if (w.attacker < 0) {
      for (const c of taken) discard(st, c);
      emit(log, 'aoh.ev.barbarianPlunder', { defender: w.defender, cards: taken }, [
        'AOH-EVT-BARB-4',
        'AOH-EVT-BARB-7',
        'AOH-EDGE-5',
        'AOH-HID-13',
      ]);
    } else {
      st.p[w.attacker]!.hand.push(...taken);
      emit(
        log,
        'aoh.ev.plunder',
        { attacker: w.attacker, defender: w.defender, cards: taken, count: k },
        ['AOH-SPOILS-3', 'AOH-EDGE-10', 'AOH-HID-13'],
        [w.attacker, w.defender],
      );
      emit(
        log,
        'aoh.ev.plunderHidden',
        { attacker: w.attacker, defender: w.defender, count: k },
        ['AOH-SPOILS-3', 'AOH-HID-13'],
        undefined,
        [w.attacker, w.defender],
      );
    }
  } else if (w.objective === 'razing') {
    const want = v >= sp.razeTwoAt ? 2 : v >= sp.razeOneAt ? 1 : 0;
    const k = Math.min(want, def.monument);
    def.monument -= k;
    const c = specialOf(st, w.defender);
    if (c) discard(st, c, k);
    emit(log, 'aoh.ev.razing', { attacker: w.attacker, defender: w.defender, cards: k }, [
      'AOH-SPOILS-4',
      'AOH-EDGE-11',
      'AOH-MON-6',
    ]);
  }
}

/** A war that ends without its battle: battle cards back to their deck, played Heroes discarded. */
export function clearWar(st: AohState, w: War): void {
  if (w.drawn) {
    for (const u of w.units) if (u.card) st.battle.push(u.card);
    st.battle.push(...w.pool[0], ...w.pool[1]);
    shuffle(st.rng, st.battle);
  }
  discard(st, 'mighty_hero', w.heroesA.length + (w.responded ? w.heroesD.length : 0));
  st.war = null;
}

/* ------------------------------------------------------------------ placement and duel decisions */

/** The battle side `seat` controls in the current war, or -1. */
export function sideOf(st: AohState, seat: Seat): 0 | 1 | -1 {
  const w = st.war;
  if (!w) return -1;
  if (w.attacker === seat) return 0;
  if (w.defender === seat) return 1;
  return -1;
}

function answerPlace(st: AohState, _f: F<'place'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const w = st.war!;
  const side = sideOf(st, seat) as 0 | 1;
  if (a.type === 'resetPlacement') {
    for (const u of w.units)
      if (u.side === side && u.card) {
        w.pool[side].push(u.card);
        u.card = 0;
      }
    return OK;
  }
  if (a.type !== 'place')
    return wrong('place', 'Battle: place your battle cards under your units first.', 'AOH-DP-14');
  const u = w.units[a.unit];
  if (!u || u.side !== side)
    return fail('notYourUnit', 'Place cards only under your own units.', 'AOH-BATTLE-4');
  if (u.card) return fail('unitHasCard', 'That unit already has a battle card.', 'AOH-BATTLE-4');
  const i = w.pool[side].indexOf(a.card);
  if (i < 0) return fail('noSuchCard', 'You have no such battle card to place.', 'AOH-BATTLE-4');
  w.pool[side].splice(i, 1);
  u.card = a.card;
  if (w.pool[side].length === 0) {
    w.placed[side] = true;
    emit(log, 'aoh.ev.placementDone', { seat }, ['AOH-BATTLE-4', 'AOH-DP-14', 'AOH-HID-16']);
  }
  return OK;
}

function answerDuel(st: AohState, _f: F<'duel'>, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const w = st.war!;
  const side = sideOf(st, seat) as 0 | 1;
  if (a.type !== 'duel') return wrong('duel', 'Battle: choose your unit for the next duel.', 'AOH-DP-15');
  const u = w.units[a.unit];
  if (!u || u.side !== side || u.fought)
    return fail('badDuelUnit', 'Choose one of your units that has not fought yet.', 'AOH-BATTLE-5');
  w.pick[side] = a.unit;
  emit(log, 'aoh.ev.duelPicked', { seat }, ['AOH-BATTLE-5', 'AOH-DP-15', 'AOH-DP-25', 'AOH-HID-16']);
  return OK;
}

/** Both sides' seats that still have to decide (`undecided(side)`); the Barbarians never decide. */
function sideSeats(w: War, undecided: (side: 0 | 1) => boolean): Seat[] {
  const out: Seat[] = [];
  for (const side of [0, 1] as const)
    if (undecided(side) && sideSeat(w, side) >= 0) out.push(sideSeat(w, side));
  return out;
}

/** AOH-DP-14, AOH-HID-16: each side places its battle cards under its units, in secret; default in order. */
export const PLACE: Decision<AohState, F<'place'>, AohAction> = {
  prompt: 'aoh.place',
  rule: 'AOH-DP-14',
  who: (st) => sideSeats(st.war!, (side) => !st.war!.placed[side]),
  asks(st, _f, seat) {
    const w = st.war!;
    return (
      (!w.placed[0] && w.attacker >= 0 && w.attacker === seat) ||
      (!w.placed[1] && w.defender >= 0 && w.defender === seat)
    );
  },
  ask: () => ({ secret: true }),
  offers(st, _f, seat, out) {
    const w = st.war!;
    const side = sideOf(st, seat) as 0 | 1;
    const values = distinct(w.pool[side]).sort((a, b) => a - b);
    w.units.forEach((u, i) => {
      if (u.side === side && !u.card) for (const card of values) out.push({ type: 'place', unit: i, card });
    });
    if (w.units.some((u) => u.side === side && u.card)) out.push({ type: 'resetPlacement' });
  },
  answer: answerPlace,
  byDefault(st, _f, seat) {
    const w = st.war!;
    const side = sideOf(st, seat) as 0 | 1;
    const unit = w.units.findIndex((u) => u.side === side && !u.card);
    return { type: 'place', unit, card: w.pool[side][0]! };
  },
};

/** AOH-DP-15, AOH-DP-25: each side picks its unit for the next duel, in secret; default the first unfought. */
export const DUEL: Decision<AohState, F<'duel'>, AohAction> = {
  prompt: 'aoh.duel',
  rule: 'AOH-DP-15',
  who: (st) => sideSeats(st.war!, (side) => st.war!.pick[side] < 0),
  asks(st, _f, seat) {
    const w = st.war!;
    return (
      (w.pick[0] < 0 && w.attacker >= 0 && w.attacker === seat) ||
      (w.pick[1] < 0 && w.defender >= 0 && w.defender === seat)
    );
  },
  ask: () => ({ secret: true }),
  offers(st, _f, seat, out) {
    const side = sideOf(st, seat) as 0 | 1;
    for (const i of unfought(st.war!, side)) out.push({ type: 'duel', unit: i });
  },
  answer: answerDuel,
  byDefault(st, _f, seat) {
    const side = sideOf(st, seat) as 0 | 1;
    return { type: 'duel', unit: unfought(st.war!, side)[0]! };
  },
};

/** A war on the stack: automatic from the response to the returns. */
export const WAR: Node<AohState, F<'war'>, AohAction> = { run: runWar };

/** The placement waits until both sides have placed. */
export const PLACEMENT: Node<AohState, F<'place'>, AohAction> = {
  run(st) {
    if (st.war!.placed[0] && st.war!.placed[1]) {
      pop(st);
      return false;
    }
    return true;
  },
  decide: PLACE,
};

/** The duels: fought as soon as both units are chosen, until one side has no unfought unit. */
export const DUELS: Node<AohState, F<'duel'>, AohAction> = { run: runDuel, decide: DUEL };
