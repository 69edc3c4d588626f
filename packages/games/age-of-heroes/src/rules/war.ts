/**
 * Action: War (spec §14): the attacker drafts his declaration in small steps (target and objective come
 * with the `war` action, `turn.ts`; armies and Heroes here), declares, and the defender answers in one
 * action — Olympic Games, Luck (against Barbarians only), his Heroes, or nothing (§14.3). The battle
 * that follows is in `battle.ts`.
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { count, takeCard } from '../cards.js';
import type { AohAction, AohState, Army, Objective, Player, War } from '../types.js';
import type { F } from './core.js';
import { discard, fail, isAlive, isAvailable, pop, push, wrong } from './core.js';

type Draft = F<'warDraft'>;
type Response = F<'response'>;

export function newWar(attacker: Seat, defender: Seat, objective: Objective): War {
  return {
    attacker,
    defender,
    objective,
    armies: [],
    heroesA: [],
    heroesD: [],
    units: [],
    a: 0,
    d: 0,
    pool: [[], []],
    placed: [false, false],
    pick: [-1, -1],
    wins: 0,
    v: 0,
    duels: [],
    drawn: false,
    cancelled: false,
    responded: false,
  };
}

/** AOH-EVT-HERO-5: a Hero as general needs an uncovered army (`host` -1: a Hero alone). Adds the Hero. */
function addHero(heroes: number[], ar: Army | undefined, host: number): ApplyResult {
  if (ar && (ar.general || heroes.includes(host)))
    return fail(
      'heroHostLed',
      'That army is already led; a Hero as general needs an uncovered army.',
      'AOH-EVT-HERO-5',
    );
  heroes.push(host);
  return OK;
}

function heroCount(p: Player): number {
  return count(p.hand, 'mighty_hero');
}

/* ------------------------------------------------------------------ the declaration (§14.2) */

function draftOffers(st: AohState, f: Draft, seat: Seat, out: AohAction[]): void {
  const p = st.p[seat]!;
  for (const a of p.armies)
    if (isAvailable(a) && !f.armies.includes(a.id)) out.push({ type: 'warArmy', army: a.id });
  for (const id of f.armies) out.push({ type: 'warUnarmy', army: id });
  if (count(p.hand, 'mighty_hero') > f.heroes.length) {
    out.push({ type: 'warHero', host: -1 });
    for (const a of p.armies)
      if (f.armies.includes(a.id) && !a.general && !f.heroes.includes(a.id))
        out.push({ type: 'warHero', host: a.id });
  }
  f.heroes.forEach((_, index) => out.push({ type: 'warUnhero', index }));
  if (f.armies.length + f.heroes.filter((h) => h === -1).length > 0) out.push({ type: 'warDeclare' });
  out.push({ type: 'warCancel' });
}

function answerWarDraft(st: AohState, f: Draft, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const p = st.p[seat]!;
  switch (a.type) {
    case 'warCancel':
      pop(st);
      push(st, { k: 'action', seat });
      return OK;
    case 'warArmy': {
      const ar = p.armies.find((x) => x.id === a.army);
      if (!ar || !isAvailable(ar))
        return fail(
          'armyUnavailable',
          'Only your available armies (at home, not under an Earthquake) can be sent.',
          'AOH-WAR-6',
        );
      if (f.armies.includes(a.army))
        return fail('armySent', 'That army is already part of the attack.', 'AOH-WAR-6');
      f.armies.push(a.army);
      return OK;
    }
    case 'warUnarmy': {
      const i = f.armies.indexOf(a.army);
      if (i < 0) return fail('armyNotSent', 'That army is not part of the attack.', 'AOH-WAR-6');
      f.armies.splice(i, 1);
      f.heroes = f.heroes.filter((h) => h !== a.army);
      return OK;
    }
    case 'warHero': {
      if (heroCount(p) <= f.heroes.length)
        return fail('noHero', 'You hold no other Mighty Hero.', 'AOH-WAR-7');
      const ar = a.host === -1 ? undefined : p.armies.find((x) => x.id === a.host);
      if (a.host !== -1 && (!ar || !f.armies.includes(a.host)))
        return fail(
          'heroHostNotSent',
          'A Hero as general must lead one of the armies you are sending.',
          'AOH-EVT-HERO-5',
        );
      return addHero(f.heroes, ar, a.host);
    }
    case 'warUnhero':
      if (!Number.isInteger(a.index) || a.index < 0 || a.index >= f.heroes.length)
        return fail('noSuchHero', 'No such Hero in the declaration.', 'AOH-WAR-7');
      f.heroes.splice(a.index, 1);
      return OK;
    case 'warDeclare':
      return declare(st, f, seat, log);
    default:
      return wrong(
        'warDraft',
        'You are declaring war: choose the attacking armies and Heroes, then declare or cancel.',
        'AOH-DP-13',
      );
  }
}

/** AOH-WAR-3..10, AOH-DP-13: the war is declared; the defender's response window opens (AOH-WAR-11). */
function declare(st: AohState, f: Draft, seat: Seat, log: EventSink): ApplyResult {
  const p = st.p[seat]!;
  const units = f.armies.length + f.heroes.filter((h) => h === -1).length;
  if (units === 0)
    return fail('emptyAttack', 'An attack must contain at least one army or Hero-army.', 'AOH-WAR-8');
  if (!isAlive(st, f.target)) return fail('badTarget', 'That tribe is no longer in the game.', 'AOH-WAR-3');
  pop(st);
  const w = newWar(seat, f.target, f.objective);
  w.armies = f.armies.slice().sort((x, y) => x - y);
  w.heroesA = f.heroes.slice();
  for (const ar of p.armies) if (w.armies.includes(ar.id)) ar.status = 'committed';
  for (let i = 0; i < w.heroesA.length; i++) takeCard(p.hand, 'mighty_hero');
  st.war = w;
  emit(
    log,
    'aoh.ev.war',
    { seat, target: f.target, objective: f.objective, armies: w.armies, heroes: w.heroesA },
    ['AOH-WAR-3', 'AOH-WAR-4', 'AOH-WAR-5', 'AOH-WAR-7', 'AOH-WAR-9', 'AOH-WAR-10', 'AOH-DP-13', 'AOH-HID-8'],
  );
  push(st, { k: 'war', pc: 0, barb: false });
  push(st, { k: 'response', seat: f.target, barb: false });
  return OK;
}

/* ------------------------------------------------------------------ the defender's response (§14.3) */

function responseOffers(st: AohState, f: Response, seat: Seat, out: AohAction[]): void {
  const p = st.p[seat]!;
  // AOH-WAR-11: the whole response is one action (a window is answered in one action, so the
  // number of versions it takes tells nobody what the defender holds).
  if (count(p.hand, 'olympic_games') > 0) out.push({ type: 'olympics' });
  if (f.barb && count(p.hand, 'luck') > 0) out.push({ type: 'luck' });
  const held = count(p.hand, 'mighty_hero');
  if (held > 0) heroResponses(p.armies, held, out);
  out.push({ type: 'pass' });
}

/**
 * Every way to play Heroes in a defence (AOH-WAR-11, AOH-EVT-HERO-2..6), each listed once: any number
 * of Heroes as armies (host -1) and at most one Hero as general on each of the defender's participating
 * uncovered armies (AOH-WAR-13, AOH-EVT-HERO-5), together at least one and at most the `held` Mighty
 * Heroes. The hosts of each choice are sorted ascending (-1 first, then army ids), the canonical spelling
 * that `apply` requires. With the 3 Mighty Heroes of the standard deck and g uncovered armies the list
 * has Σ_{s≤3} C(g,s)·(4−s) − 1 entries: 11 for g = 2, 71 for g = 6, 391 for g = 12 (the whole army
 * supply, the bound); random and heuristic games have shown at most 12 legal actions at this prompt.
 */
export function heroResponses(armies: readonly Army[], held: number, out: AohAction[]): void {
  const hosts: number[] = [];
  for (const a of armies) if (isAvailable(a) && !a.general) hosts.push(a.id);
  hosts.sort((x, y) => x - y);
  const chosen: number[] = [];
  // Generals: every subset of the hosts (in ascending order), at most `held` of them.
  const generals = (from: number) => {
    const free = held - chosen.length;
    // Then the Heroes as armies: 0..free of them, ahead of the generals (-1 sorts first).
    for (let k = chosen.length === 0 ? 1 : 0; k <= free; k++) {
      const heroes = new Array<number>(k + chosen.length);
      for (let i = 0; i < k; i++) heroes[i] = -1;
      for (let i = 0; i < chosen.length; i++) heroes[k + i] = chosen[i]!;
      out.push({ type: 'respond', heroes });
    }
    if (free === 0) return;
    for (let i = from; i < hosts.length; i++) {
      chosen.push(hosts[i]!);
      generals(i + 1);
      chosen.pop();
    }
  };
  generals(0);
}

/**
 * AOH-WAR-11: the defender answers in exactly one action — `olympics`, `luck` (against Barbarians),
 * `respond` with all his Heroes, or `pass` — so nothing of his choice is in the state before it is
 * committed, and the window takes one version whatever he holds.
 */
function answerResponse(st: AohState, f: Response, seat: Seat, a: AohAction, log: EventSink): ApplyResult {
  const p = st.p[seat]!;
  const w = st.war!;
  // AOH-WAR-15: a response is either a cancel card or a set of Heroes, never both.
  if ((a.type === 'olympics' || a.type === 'luck') && (a as { heroes?: unknown }).heroes !== undefined)
    return fail(
      'cancelWithHeroes',
      'A response is either a cancel card or a set of Heroes, not both.',
      'AOH-WAR-15',
    );
  switch (a.type) {
    case 'olympics':
      if (!takeCard(p.hand, 'olympic_games'))
        return fail('noOlympics', 'You hold no Olympic Games.', 'AOH-EVT-OLY-2');
      discard(st, 'olympic_games');
      w.cancelled = true;
      w.responded = true;
      pop(st);
      emit(log, 'aoh.ev.olympics', { seat }, [
        'AOH-WAR-11',
        'AOH-WAR-14',
        'AOH-EVT-OLY-2',
        'AOH-EVT-BARB-3',
        'AOH-HID-7',
      ]);
      return OK;
    case 'luck':
      if (!f.barb)
        return fail('luckVsPlayer', 'Luck is of no use against an attack by another player.', 'AOH-WAR-12');
      if (!takeCard(p.hand, 'luck')) return fail('noLuck', 'You hold no Luck.', 'AOH-EVT-LUCK-1');
      discard(st, 'luck');
      w.cancelled = true;
      w.responded = true;
      pop(st);
      emit(log, 'aoh.ev.luckBarbarians', { seat }, [
        'AOH-EVT-BARB-3',
        'AOH-EVT-LUCK-1',
        'AOH-EVT-LUCK-2',
        'AOH-EVT-LUCK-3',
      ]);
      return OK;
    case 'respond':
    case 'pass': {
      if (a.type === 'respond') {
        const bad = heroesError(p, a.heroes);
        if (bad) return bad;
      }
      const heroes = a.type === 'pass' ? [] : a.heroes.slice();
      for (let i = 0; i < heroes.length; i++) takeCard(p.hand, 'mighty_hero');
      w.heroesD = heroes;
      w.responded = true;
      pop(st);
      emit(log, 'aoh.ev.response', { seat, heroes: w.heroesD.slice() }, [
        'AOH-WAR-11',
        'AOH-DP-7',
        'AOH-EVT-HERO-2',
        'AOH-EVT-HERO-6',
        'AOH-HID-7',
      ]);
      return OK;
    }
    default:
      return wrong(
        'response',
        'You are attacked: answer with a card that cancels the attack, with Heroes, or with nothing.',
        'AOH-DP-7',
      );
  }
}

/**
 * Why a defender's `respond` cannot be played (null if it can): `heroes` lists the host of each Hero
 * (-1 as an army, else one of his participating uncovered armies, each at most once), sorted ascending,
 * at least one and no more than the Mighty Heroes he holds (AOH-WAR-11, AOH-WAR-13, AOH-EVT-HERO-2..6).
 */
function heroesError(p: Player, heroes: unknown): ApplyResult | null {
  if (!Array.isArray(heroes) || !heroes.every((h) => Number.isInteger(h) && (h as number) >= -1))
    return fail(
      'heroesMalformed',
      'A response with Heroes lists the host of each Hero: -1 for a Hero as an army, else the army it leads.',
      'AOH-DP-7',
    );
  if (heroes.length === 0)
    return fail(
      'noHeroChosen',
      'A response with Heroes plays at least one; to play nothing, pass.',
      'AOH-WAR-11',
    );
  for (let i = 1; i < heroes.length; i++)
    if ((heroes[i - 1] as number) > (heroes[i] as number))
      return fail(
        'heroesOrder',
        'List the Heroes\u2019 hosts in ascending order: the Heroes as armies (-1) first, then the armies they lead.',
        'AOH-DP-7',
      );
  const held = heroCount(p);
  if (heroes.length > held)
    return fail(
      'tooManyHeroes',
      `You hold ${held} Mighty Heroes and cannot play ${heroes.length}.`,
      'AOH-EVT-HERO-2',
      { held, played: heroes.length },
    );
  for (let i = 0; i < heroes.length; i++) {
    const host = heroes[i] as number;
    if (host === -1) continue;
    const ar = p.armies.find((x) => x.id === host);
    if (!ar || !isAvailable(ar))
      return fail(
        'heroHostAbsent',
        'A defender\u2019s Hero as general must lead one of his participating armies.',
        'AOH-WAR-13',
      );
    if (ar.general || heroes[i - 1] === host)
      return fail(
        'heroHostLed',
        'That army is already led; a Hero as general needs an uncovered army.',
        'AOH-EVT-HERO-5',
      );
  }
  return null;
}

/** AOH-DP-13: the attacker's declaration, private until declared (AOH-HID-8); default cancel. */
export const WAR_DRAFT: Decision<AohState, Draft, AohAction> = {
  prompt: 'aoh.warDraft',
  rule: 'AOH-DP-13',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (_st, f) => ({
    args: { target: f.target, objective: f.objective, armies: f.armies.slice(), heroes: f.heroes.slice() },
  }),
  offers: draftOffers,
  answer: answerWarDraft,
  byDefault: () => ({ type: 'warCancel' }),
};

/** AOH-DP-7: the defender's response window (AOH-WAR-11, AOH-HID-14); default pass. */
export const RESPONSE: Decision<AohState, Response, AohAction> = {
  prompt: 'aoh.response',
  rule: 'AOH-DP-7',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (st, f) => ({
    args: { attacker: st.war!.attacker, barbarians: f.barb, objective: st.war!.objective },
    window: true,
  }),
  offers: responseOffers,
  answer: answerResponse,
  byDefault: () => ({ type: 'pass' }),
};
