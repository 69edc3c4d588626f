/**
 * Phases 3 and 4, the tribes' steps (spec §8): each player's horsemen in phase 3, then his warriors in
 * phase 4, in turn order. A step is a rest (§8.1), or a migration (migration.ts) possibly followed by
 * a plunder (§10) or the founding of a kingdom (§11); a settled tribe expands its kingdom (§12). The
 * decision of the step (SFR-DP-17..22) is defined here with its listing.
 */
import type { ApplyResult, EventSink, RuleError, Seat } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import type { FrameOf, SfrDecision } from './common.js';
import {
  colours,
  e,
  fail,
  NO,
  no,
  frozen,
  gain,
  isNeutral,
  lootOfColour,
  perRt,
  rt,
  strength,
  takeAvailable,
  takeCard,
  wrong,
} from './common.js';
import { cardActions, cardError, consumeCard, drawDev, modifierError, playBonus, reveal } from './cards.js';
import { afterChange } from './end.js';
import { doMove, moveActions } from './migration.js';
import type { SfrAction, SfrState } from './types.js';
import { TRIBES } from './types.js';

export type Deed = 'plunder' | 'found' | 'expand';

/** The card that lets a deed ignore a city's towers (SFR-DEV-6). */
const TRAITOR = ['ignoreTowers'];

/* ------------------------------------------------------------------ rest (§8.1) */

function doRest(
  st: SfrState,
  f: FrameOf<'act'>,
  a: Extract<SfrAction, { type: 'rest' }>,
  log: EventSink,
): ApplyResult {
  if (f.moved || f.done)
    return fail('noRest', 'A tribe that moved, plundered or conquered takes no rest bonus.', 'SFR-REST-1');
  if (a.take !== 'gold' && a.take !== 'grain' && a.take !== 'ore' && a.take !== 'pasture')
    return fail('badTake', 'Take 2 gold, grain, ore or a blind pasture card.', 'SFR-REST-2');
  if (!takeAvailable(st, a.take)) return fail('supplyEmpty', 'That supply is empty.', 'SFR-REST-2');
  const seat = f.seat;
  const C = rt(st).C;
  if (a.take === 'gold') gain(st, st.p[seat]!, C.restGold);
  else takeCard(st, seat, a.take, log, 'SFR-REST-1');
  if (log)
    emit(
      log,
      'sfr.ev.rest',
      { seat, tribe: TRIBES[f.t], take: a.take, gold: a.take === 'gold' ? C.restGold : 0 },
      ['SFR-REST-1', 'SFR-REST-2', 'SFR-REST-3', 'SFR-REST-4', 'SFR-DP-18'],
    );
  endActStep(st, f, log);
  return OK;
}

function endActStep(st: SfrState, f: FrameOf<'act'>, log: EventSink): void {
  st.stack.pop();
  if (log)
    emit(log, 'sfr.ev.stepEnd', { seat: f.seat, phase: f.t + 3 }, ['SFR-ACT-2', 'SFR-ACT-4', 'SFR-DP-23']);
}

/* ------------------------------------------------------------------ plunder, founding, expansion (§10–§12) */

/**
 * Why the tribe of step `f` cannot plunder / found at / conquer city `c` now (with a Traitor `card`),
 * or null (`why` false: the listing, which needs no words).
 */
export function deedError(
  st: SfrState,
  f: FrameOf<'act'>,
  deed: Deed,
  c: number,
  card?: string,
  why = true,
): RuleError | null {
  const r = rt(st);
  const C = r.C;
  const p = st.p[f.seat]!;
  const tr = p.tribes[f.t]!;
  const city = r.cities[c];
  if (!city) return no(why, 'noSuchCity', 'There is no such city.', 'SFR-BOARD-5');
  if (f.done) return no(why, 'alreadyDone', 'Only one plunder or conquest per step.', 'SFR-ACT-4');
  const merr = modifierError(st, f.seat, card, TRAITOR, why);
  if (merr) return merr;
  if (isNeutral(st, c))
    return no(why, 'neutral', 'Neutral cities cannot be plundered, founded at or conquered.', 'SFR-SETUP-4');
  if (st.owner[c]! >= 0) return no(why, 'owned', 'That city belongs to a kingdom.', 'SFR-EXP-3');
  const towers = card !== undefined ? 0 : city.towers;
  if (strength(st, f.seat, f.t) < towers)
    return why
      ? e(
          'tooWeak',
          `The tribe's strength ${strength(st, f.seat, f.t)} is less than the city's ${city.towers} towers.`,
          deed === 'plunder' ? 'SFR-PLUN-1' : deed === 'found' ? 'SFR-FOUND-1' : 'SFR-EXP-1',
        )
      : NO;
  if (deed === 'expand') {
    if (!tr.settled) return no(why, 'nomadic', 'Only a settled tribe expands its kingdom.', 'SFR-EXP-1');
    let near = false;
    for (const k of tr.kingdom) if (r.reach1[k]!.includes(c)) near = true;
    if (!near) return no(why, 'tooFar', 'The city is more than one arrow from your kingdom.', 'SFR-EXP-1');
    if (tr.wagons < 1 || tr.army < 1)
      return no(why, 'noWagon', 'Expanding needs a wagon and an army figure in the box.', 'SFR-EXP-1');
    return null;
  }
  if (tr.settled) return no(why, 'settled', 'A settled tribe never plunders or founds again.', 'SFR-ACT-3');
  if (!r.nodes[tr.node]!.cities.includes(c))
    return no(
      why,
      'notAdjacent',
      'The marker must stand on a crossroads next to the city.',
      deed === 'plunder' ? 'SFR-PLUN-1' : 'SFR-FOUND-1',
    );
  if (deed === 'plunder') {
    if (st.token[c]! < 0) return no(why, 'plundered', 'That city has already been plundered.', 'SFR-PLUN-4');
    if (lootOfColour(tr, r, city.prov) >= C.perColour)
      return why
        ? e('colourCap', `A tribe holds at most ${C.perColour} tokens of one colour.`, 'SFR-LOOT-8')
        : NO;
    return null;
  }
  if (colours(tr, r) < C.foundColours)
    return why
      ? e('needColours', `Founding needs loot of ${C.foundColours} different colours.`, 'SFR-FOUND-1')
      : NO;
  if (tr.wagons < 1) return no(why, 'noWagon', 'Founding needs a wagon in the box.', 'SFR-FOUND-1');
  return null;
}

function doDeed(
  st: SfrState,
  f: FrameOf<'act'>,
  a: Extract<SfrAction, { type: Deed }>,
  log: EventSink,
): ApplyResult {
  const c = rt(st).cityIdx.get(a.city);
  if (c === undefined) return fail('noSuchCity', 'There is no such city on the map.', 'SFR-BOARD-5');
  const err = deedError(st, f, a.type, c, a.card);
  if (err) return { ok: false, error: err };
  if (a.card !== undefined) consumeCard(st, f.seat, a.card, log, ['SFR-DEV-6', 'SFR-FAQ-9', 'SFR-DP-22']);
  f.done = true;
  let drew = false;
  if (a.type === 'plunder') drew = plunder(st, f.seat, f.t, c, log);
  else conquer(st, f.seat, f.t, c, a.type, log);
  afterChange(st, log);
  // SFR-ACT-4: the step ends; after a drawn development card it waits so a treasure may be revealed.
  if (!drew) endActStep(st, f, log);
  return OK;
}

/** SFR-PLUN-3, SFR-LOOT-1..8. Returns true when a development card was drawn. */
function plunder(st: SfrState, seat: Seat, t: number, c: number, log: EventSink): boolean {
  const r = rt(st);
  const p = st.p[seat]!;
  const tr = p.tribes[t]!;
  const tok = st.token[c]!;
  st.token[c] = -1;
  const token = r.tokens[tok]!;
  emit(
    log,
    'sfr.ev.plunder',
    { seat, tribe: TRIBES[t], city: r.cities[c]!.id, token: token.id, loot: token.kind },
    ['SFR-PLUN-1', 'SFR-PLUN-2', 'SFR-PLUN-3', 'SFR-PLUN-4', 'SFR-DP-21'],
  );
  let drew = false;
  for (const ef of token.effects) {
    switch (ef.type) {
      case 'drawPasture':
        for (let i = 0; i < ef.count; i++) takeCard(st, seat, 'pasture', log, 'SFR-LOOT-3');
        break;
      case 'drawDevelopment':
        for (let i = 0; i < ef.count; i++) if (drawDev(st, seat, log, 'SFR-LOOT-4')) drew = true;
        break;
      case 'gainGold':
        gain(st, p, ef.gold);
        emit(log, 'sfr.ev.lootGold', { seat, gold: ef.gold }, ['SFR-LOOT-5']);
        break;
      case 'goldPerWagon':
        gain(st, p, ef.gold * tr.wagons);
        emit(log, 'sfr.ev.lootGold', { seat, gold: ef.gold * tr.wagons, wagons: tr.wagons }, ['SFR-LOOT-6']);
        break;
      case 'loseFigure':
        for (let i = 0; i < ef.count; i++)
          if (tr.army > 0) {
            tr.army--;
            p.reserve[t]!++;
            emit(log, 'sfr.ev.lootLoss', { seat, tribe: TRIBES[t] }, ['SFR-LOOT-2', 'SFR-TRICK-13']);
          }
        break;
    }
  }
  tr.loot.push(tok);
  return drew;
}

/** SFR-FOUND-2..4 and SFR-EXP-2: the tribe takes the city. */
function conquer(
  st: SfrState,
  seat: Seat,
  t: number,
  c: number,
  deed: 'found' | 'expand',
  log: EventSink,
): void {
  const r = rt(st);
  const p = st.p[seat]!;
  const tr = p.tribes[t]!;
  if (st.token[c]! >= 0) {
    st.removed.push(st.token[c]!);
    st.token[c] = -1;
  }
  st.owner[c] = seat * 2 + t;
  tr.wagons--;
  if (deed === 'found') {
    tr.settled = true;
    tr.node = r.cities[c]!.node;
    tr.kingdom = [c];
    emit(log, 'sfr.ev.found', { seat, tribe: TRIBES[t], city: r.cities[c]!.id }, [
      'SFR-FOUND-1',
      'SFR-FOUND-2',
      'SFR-FOUND-3',
      'SFR-FOUND-4',
      'SFR-FOUND-6',
      'SFR-VP-1',
    ]);
  } else {
    tr.army--;
    tr.kingdom.push(c);
    emit(log, 'sfr.ev.expand', { seat, tribe: TRIBES[t], city: r.cities[c]!.id }, [
      'SFR-EXP-1',
      'SFR-EXP-2',
      'SFR-EXP-4',
      'SFR-EXP-5',
      'SFR-EXP-6',
      'SFR-VP-1',
    ]);
  }
}

/* ------------------------------------------------------------------ the step (SFR-ACT) */

function doAct(st: SfrState, f: FrameOf<'act'>, seat: Seat, a: SfrAction, log: EventSink): ApplyResult {
  switch (a.type) {
    case 'rest':
      return doRest(st, f, a, log);
    case 'endStep':
      if (!f.moved && !f.done)
        return fail('restFirst', 'A tribe that does nothing takes its rest bonus.', 'SFR-DP-17');
      endActStep(st, f, log);
      return OK;
    case 'move':
      return doMove(st, f, a, log);
    case 'plunder':
    case 'found':
    case 'expand':
      return doDeed(st, f, a, log);
    case 'play':
      if (f.done) return fail('alreadyDone', 'The step is over after a plunder or conquest.', 'SFR-ACT-4');
      return playBonus(st, seat, f.t, a.card, log);
    case 'reveal':
      return reveal(st, seat, a.card, log);
    default:
      return wrong(
        'act',
        'It is your tribe’s step: rest, move, plunder, found, expand, play a card, or end the step.',
        'SFR-ROUND-1',
      );
  }
}

/* ------------------------------------------------------------------ the listing */

const END_STEP = frozen<SfrAction>({ type: 'endStep' });
const RESTS = (['gold', 'grain', 'ore', 'pasture'] as const).map((take) =>
  frozen<SfrAction>({ type: 'rest', take }),
);

/** The deeds on each city, built once per map (shared, frozen): `[deed][city]`, plain or with a card. */
interface DeedActs {
  plain: Record<Deed, SfrAction[]>;
  card: Map<string, SfrAction>;
}
const deedActs = perRt((r): DeedActs => ({
  plain: {
    plunder: r.cities.map((c) => frozen<SfrAction>({ type: 'plunder', city: c.id })),
    found: r.cities.map((c) => frozen<SfrAction>({ type: 'found', city: c.id })),
    expand: r.cities.map((c) => frozen<SfrAction>({ type: 'expand', city: c.id })),
  },
  card: new Map(),
}));

/** The deed `deed` on each of `cities` the tribe can do, plainly or with a Traitor among `traitors`. */
function deeds(
  st: SfrState,
  f: FrameOf<'act'>,
  deed: Deed,
  cities: readonly number[],
  traitors: string[] | null,
  out: SfrAction[],
): void {
  const r = rt(st);
  const acts = deedActs(r);
  for (const c of cities) {
    if (!deedError(st, f, deed, c, undefined, false)) out.push(acts.plain[deed][c]!);
    else if (traitors)
      for (const card of traitors)
        if (!deedError(st, f, deed, c, card, false)) {
          const key = `${deed}:${c}:${card}`;
          let a = acts.card.get(key);
          if (a === undefined) {
            a = frozen<SfrAction>({ type: deed, city: r.cities[c]!.id, card });
            acts.card.set(key, a);
          }
          out.push(a);
        }
  }
}

/** Every action of a tribe's step (SFR-DP-17..22). */
function actActions(st: SfrState, f: FrameOf<'act'>, seat: Seat, out: SfrAction[]): void {
  const r = rt(st);
  const p = st.p[seat]!;
  const tr = p.tribes[f.t]!;
  if (f.done) {
    cardActions(st, seat, -1, out);
    out.push(END_STEP);
    return;
  }
  if (!f.moved) for (const a of RESTS) if (takeAvailable(st, (a as { take: 'gold' }).take)) out.push(a);
  // Modifier cards playable now, in hand order: Traitor; Forced March / Vandal Fleet.
  let traitors: string[] | null = null,
    movers: string[] | null = null;
  const dev = p.dev;
  for (let i = 0; i < dev.length; i++) {
    const c = dev[i]!;
    const type = r.dev.get(c)!.effect.type;
    if (type !== 'ignoreTowers' && type !== 'freeArrows' && type !== 'freeSeaArrows') continue;
    if (dev.indexOf(c) !== i || cardError(st, seat, c, false)) continue;
    if (type === 'ignoreTowers') (traitors ??= []).push(c);
    else (movers ??= []).push(c);
  }
  if (tr.settled) {
    const seen: number[] = [];
    for (const k of tr.kingdom) for (const c of r.reach1[k]!) if (!seen.includes(c)) seen.push(c);
    seen.sort((a, b) => a - b);
    deeds(st, f, 'expand', seen, traitors, out);
  } else {
    const near = r.nodes[tr.node]!.cities;
    deeds(st, f, 'plunder', near, traitors, out);
    deeds(st, f, 'found', near, traitors, out);
    if (!f.moved) {
      moveActions(st, seat, tr.node, undefined, out);
      if (movers) for (const c of movers) moveActions(st, seat, tr.node, c, out);
    }
  }
  cardActions(st, seat, f.t, out);
  if (f.moved) out.push(END_STEP);
}

/**
 * SFR-ACT-1..4, SFR-DP-17..22: a tribe's step — rest, or move and then plunder or found (a nomadic
 * tribe), or expand (a settled one), with the cards that go with them; a step that did something ends
 * with `endStep` (the timeout default is the rest bonus in gold before anything was done).
 */
export const actDecision: SfrDecision<'act'> = {
  prompt: 'sfr.act',
  rule: 'SFR-ROUND-1',
  who: (_st, f) => [f.seat],
  asks: (_st, f, seat) => f.seat === seat,
  ask: (_st, f) => ({ args: { tribe: TRIBES[f.t], moved: f.moved, done: f.done } }),
  offers: (st, f, seat, out) => actActions(st, f, seat, out),
  answer: doAct,
  byDefault: (_st, f) => (!f.moved && !f.done ? { type: 'rest', take: 'gold' } : { type: 'endStep' }),
};
