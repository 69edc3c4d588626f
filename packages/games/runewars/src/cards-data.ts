/**
 * M5's card vocabulary as data (RW-IMPL-23): the Season card effects that go beyond the generic ones of
 * M1 (influence bids and their outcomes, units and neutrals placed, losses), and the Objectives' conditions.
 * pack.ts validates a pack's cards with `cardEffect` and `objectiveWhen`; cards.ts interprets them.
 */

type Bad = (where: string, what: string) => never;

/** Who a bid's outcome goes to (RW-BID-04): the highest bidder, the lowest, or all but the lowest. */
export const BID_WHO = ['highest', 'lowest', 'allButLowest'] as const;
/**
 * What they get: `rune` receive a dragon rune (RW-RUNE-10); `dragonToken` a dragon rune token only
 * (RW-RUNE-12), placed by the lowest bidder in an area the receiver controls; `loseTactics` discard
 * `count` Tactics cards; `recruit` resolve Recruit's primary (one dial, no Supremacy); `moveNeutrals` move
 * all neutral units of one area to an adjacent area (Restless Beasts, RW-NEUT-14); `neutrals` place up to
 * `count` neutral units of `shape` from the supply in areas he controls, allied (Gathering of Beasts);
 * `train` one of his heroes may train as by the Quest Phase's Train action (Tournament of Champions: with
 * heroes only — without them the bid is not held).
 */
export const BID_GETS = [
  'rune',
  'dragonToken',
  'loseTactics',
  'recruit',
  'moveNeutrals',
  'neutrals',
  'train',
] as const;

export interface BidOutcome {
  who: number;
  get: number;
  count: number;
  /** `neutrals`: the shape placed (SHAPE_NAMES index); -1 otherwise. */
  shape: number;
}

export type CardEffect =
  /** The Primarch holder gains influence when a Wizards' Council card is drawn (RW-TITLE-03). */
  | { do: 'council'; count: number }
  | { do: 'bid'; outcomes: BidOutcome[] }
  /** Each player places `count` units of his faction of `shape` at each of his strongholds, from the supply. */
  | { do: 'unitsAtStrongholds'; shape: number; count: number }
  /** Each area with neutral units gains one of a type already there, from the supply (RW-SEASON-09). */
  | { do: 'wanderingMonsters' }
  /**
   * Each player in play order moves one rune token from his home realm to an area he controls or nobody
   * controls without a rune token (it stays if there is none, RW-RUNE-12: the token only moves).
   */
  | { do: 'runeFromHome' }
  /** Each player in play order resolves Order card `n`'s primary ability (no Supremacy). */
  | { do: 'order'; n: number }
  /**
   * With heroes: each player in play order may spend up to `count` influence to draw as many Hero cards and
   * keep one, placed at one of his strongholds (Heroes' Call; Rally Support's Supremacy's procedure).
   */
  | { do: 'drawHeroes'; count: number }
  /** Each player destroys `count` unit(s) in every area where he has at least `atLeast` units. */
  | { do: 'plague'; atLeast: number; count: number }
  /** This season Mobilize and Conquer move units from at most `reach` areas away, Fast ones `fast` (Blizzard). */
  | { do: 'reach'; reach: number; fast: number };

/** Shapes in the pack's order (pack.ts SHAPES). */
const SHAPE_NAMES = ['triangle', 'circle', 'rectangle', 'hexagon'];

function num(x: unknown, where: string, bad: Bad, min: number, max: number): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max)
    bad(where, `must be a whole number from ${min} to ${max}`);
  return x as number;
}

/** A Season card effect of M5's vocabulary, validated; undefined when `do` is not one of them. */
export function cardEffect(eo: Record<string, unknown>, ew: string, bad: Bad): CardEffect | undefined {
  switch (eo.do) {
    case 'council':
      return { do: 'council', count: num(eo.count ?? 1, `${ew}.count`, bad, 0, 9) };
    case 'bid': {
      if (!Array.isArray(eo.outcomes) || !eo.outcomes.length)
        bad(`${ew}.outcomes`, 'must be a non-empty list');
      const outcomes = (eo.outcomes as unknown[]).map((o, i) => {
        const w = `${ew}.outcomes[${i}]`;
        const x = (o ?? {}) as Record<string, unknown>;
        const who = BID_WHO.indexOf(x.who as (typeof BID_WHO)[number]);
        if (who < 0) bad(`${w}.who`, `must be one of ${BID_WHO.join(', ')}`);
        const get = BID_GETS.indexOf(x.get as (typeof BID_GETS)[number]);
        if (get < 0) bad(`${w}.get`, `must be one of ${BID_GETS.join(', ')}`);
        let shape = -1;
        if (BID_GETS[get] === 'neutrals') {
          shape = SHAPE_NAMES.indexOf(String(x.shape));
          if (shape < 0) bad(`${w}.shape`, `must be one of ${SHAPE_NAMES.join(', ')}`);
        }
        return { who, get, count: num(x.count ?? 1, `${w}.count`, bad, 1, 9), shape };
      });
      return { do: 'bid', outcomes };
    }
    case 'unitsAtStrongholds': {
      const shape = SHAPE_NAMES.indexOf(String(eo.shape));
      if (shape < 0) bad(`${ew}.shape`, `must be one of ${SHAPE_NAMES.join(', ')}`);
      return { do: 'unitsAtStrongholds', shape, count: num(eo.count ?? 1, `${ew}.count`, bad, 1, 8) };
    }
    case 'wanderingMonsters':
      return { do: 'wanderingMonsters' };
    case 'drawHeroes':
      return { do: 'drawHeroes', count: num(eo.count ?? 3, `${ew}.count`, bad, 1, 9) };
    case 'runeFromHome':
      return { do: 'runeFromHome' };
    case 'order': {
      const n = num(eo.n, `${ew}.n`, bad, 1, 1);
      return { do: 'order', n }; // Strategize (the other Orders' primaries need a turn)
    }
    case 'plague':
      return {
        do: 'plague',
        atLeast: num(eo.atLeast, `${ew}.atLeast`, bad, 1, 8),
        count: num(eo.count ?? 1, `${ew}.count`, bad, 1, 8),
      };
    case 'reach':
      return {
        do: 'reach',
        reach: num(eo.reach, `${ew}.reach`, bad, 1, 6),
        fast: num(eo.fast, `${ew}.fast`, bad, 1, 6),
      };
    default:
      return undefined;
  }
}

/**
 * An Objective's condition (RW-OBJ-03/05), checked on the board as everyone sees it: a count of his
 * (`count`) at least `atLeast`, or `later` for conditions of a later milestone (heroes, "this turn").
 * Counts: areas, cities, strongholds, units, influence, allied (neutral units allied with him),
 * alliedTypes (their types), alliedOf (allied units of the types `units`), runeAreasAway (areas with a
 * rune token outside his home realm), ringHome (areas adjacent to his home realm he does not control:
 * at most `atMost`), heroes (heroes he controls), heroRewards (the most Reward cards under one of his
 * heroes); `or` a second count that meets the card too. "This turn" counts, read from his turn's record
 * (turn-record.ts; 0 outside his turn): turnGoldAllies (neutral units his gold diplomacy allied),
 * turnNeutralsBeaten (the most unallied neutral units in a battle he won), turnSlain (the kinds `units` of
 * which a unit was destroyed in a battle he won), turnWallsBroken (1 once he won as attacker against an
 * enemy stronghold).
 */
export const OBJ_COUNTS = [
  'areas',
  'cities',
  'strongholds',
  'units',
  'influence',
  'allied',
  'alliedTypes',
  'alliedOf',
  'runeAreasAway',
  'ringHome',
  'heroes',
  'heroRewards',
  'turnGoldAllies',
  'turnNeutralsBeaten',
  'turnSlain',
  'turnWallsBroken',
] as const;

/** A count condition; `or` another that meets the card as well (Patron of Heroes). */
export interface ObjectiveCount {
  count: number;
  atLeast: number;
  atMost: number;
  units: string[];
  or?: ObjectiveCount;
}

export type ObjectiveWhen = ObjectiveCount | { later: string };

export function objectiveWhen(x: unknown, w: string, bad: Bad): ObjectiveWhen {
  if (x === undefined) return { later: 'none' };
  const o = (x ?? {}) as Record<string, unknown>;
  if (typeof o.later === 'string') return { later: o.later };
  const count = OBJ_COUNTS.indexOf(o.count as (typeof OBJ_COUNTS)[number]);
  if (count < 0) bad(`${w}.count`, `must be one of ${OBJ_COUNTS.join(', ')}`);
  const units = Array.isArray(o.units) ? o.units.map(String) : [];
  const c: ObjectiveCount = {
    count,
    atLeast: o.atLeast === undefined ? 0 : num(o.atLeast, `${w}.atLeast`, bad, 0, 99),
    atMost: o.atMost === undefined ? 99 : num(o.atMost, `${w}.atMost`, bad, 0, 99),
    units,
  };
  if (o.or !== undefined) {
    const x = objectiveWhen(o.or, `${w}.or`, bad);
    if ('later' in x) bad(`${w}.or`, 'must be a count');
    c.or = x as ObjectiveCount;
  }
  return c;
}

/* ------------------------------------------------------------------ Tactics cards (RW-TACT-*, RW-IMPL-23/54) */

/**
 * The windows each timing tag of RW-IMPL-54 answers (RW-BATTLE-71, RW-YEAR-29): "your turn" the turn's
 * two, a battle's start, a tally, a battle won; `diplomacy` and `test` cards are played in the diplomacy
 * step itself (diplomacy.ts), `questPhase` ones when an enemy hero ends its Quest Phase move in an area of
 * his (`heroMoved`), `duel` ones with heroes. A card may name its own windows
 * (`windows`) where its printed timing is wider ("during a battle", "during a battle or your turn").
 */
export const TIMING: Record<string, string[]> = {
  yourTurn: ['preOrder', 'postOrder'],
  battleStart: ['battleStart'],
  battle: ['afterDraw'],
  tally: ['beforeTally'],
  battleWon: ['afterBattle'],
  diplomacy: [],
  test: [],
  questPhase: ['heroMoved'],
  duel: ['duelStart'],
};
export const WINDOWS = [
  'preOrder',
  'postOrder',
  'battleStart',
  'beforeDraw',
  'afterDraw',
  'afterSpecials',
  'afterRouts',
  'afterDamage',
  'beforeTally',
  'afterTally',
  'afterBattle',
  'duelStart',
  'duelDraw',
  'duelRevealed',
  'heroMoved',
] as const;

/**
 * A Tactics card's effects, in order: `ignoreBorder` (his figures cross mountain or water borders this
 * turn, RW-MOVE-14), `reach` (Mobilize/Conquer paths this turn, RW-MOVE-21), `activateEnemy` (an opponent's
 * activation token in an area that opponent does not control, RW-TACT-09), `damage`/`rout` (to the opposing
 * side of his battle, assigned by the normal rules), `prevent` (damage about to be assigned to his side),
 * `stand` (routed units of his stand up: in his battle, or on the board in his turn), `strength` (his side's
 * at the tally), `strongholdStrength` (the defending stronghold's, never below 0), `fate` (extra Fate cards
 * in his diplomacy), `dissent` (the neutral units of an area next to his retreat, routed), `look` (rune
 * tokens of up to `n` areas), `units` (units of his faction of `shape` at one of his strongholds), `dial`
 * (one resource dial up), `influence`, `lostCity` (a stronghold founded where his hero stands); in a duel
 * (RW-DUEL-14) `damage` goes to the opposing hero this round and `preventAll` prevents all damage to his hero
 * this round; in the Quest Phase (`heroMoved`, RW-QPH-03) `damage` goes to the enemy hero that ended its move
 * in an area he controls (Ambush); `hook` names the one effect that needs code of its own (`tacticalRetreat`, RW-BATTLE-59).
 */
export const TAC_DO = [
  'ignoreBorder',
  'reach',
  'activateEnemy',
  'damage',
  'rout',
  'prevent',
  'stand',
  'strength',
  'strongholdStrength',
  'fate',
  'dissent',
  'look',
  'units',
  'dial',
  'influence',
  'preventAll',
  'hook',
  'lostCity',
] as const;
export const TAC_HOOKS = ['tacticalRetreat'] as const;
/** Conditions a card's play needs besides its window: the side's role, and what must be there to act on. */
export const TAC_IF = ['routed', 'damaged', 'drew', 'stronghold', 'won'] as const;

export type TacticsEffect =
  | { do: 'ignoreBorder'; border: number }
  | { do: 'reach'; reach: number; fast: number }
  | { do: 'units'; shape: number; n: number }
  | { do: 'hook'; hook: (typeof TAC_HOOKS)[number] }
  | { do: 'preventAll' }
  | {
      do: 'activateEnemy' | 'damage' | 'rout' | 'prevent' | 'stand' | 'strength' | 'strongholdStrength';
      n: number;
    }
  | { do: 'fate' | 'dissent' | 'look' | 'dial' | 'influence'; n: number }
  /**
   * Lost City (heroes): an uncontrolled area holding one of his heroes; its neutral units retreat routed (as
   * a diplomacy silver result), then one of his strongholds from the supply is placed there, damaged.
   */
  | { do: 'lostCity' };

export interface TacticsPlay {
  /** Windows it answers (empty: played in its own step, or waiting for heroes). */
  windows: string[];
  /** 0 either side, 1 attacker only, 2 defender only. */
  as: number;
  /** Bits of TAC_IF. */
  cond: number;
  effects: TacticsEffect[];
  /** Set when the card waits for a later part (heroes): not playable yet. */
  waits: string;
}

/** A Tactics card's timing, conditions and effects, validated (pack.ts). */
export function tacticsPlay(o: Record<string, unknown>, w: string, timing: string, bad: Bad): TacticsPlay {
  if (!(timing in TIMING)) bad(`${w}.timing`, `must be one of ${Object.keys(TIMING).join(', ')}`);
  let windows = TIMING[timing]!;
  if (o.windows !== undefined) {
    if (!Array.isArray(o.windows)) bad(`${w}.windows`, 'must be a list');
    windows = (o.windows as unknown[]).map((x, i) => {
      if (!WINDOWS.includes(x as (typeof WINDOWS)[number]))
        bad(`${w}.windows[${i}]`, `must be one of ${WINDOWS.join(', ')}`);
      return x as string;
    });
  }
  const as = o.as === undefined ? 0 : ['attacker', 'defender'].indexOf(String(o.as)) + 1;
  if (as === 0 && o.as !== undefined) bad(`${w}.as`, 'must be attacker or defender');
  let cond = 0;
  if (o.if !== undefined) {
    if (!Array.isArray(o.if)) bad(`${w}.if`, 'must be a list');
    (o.if as unknown[]).forEach((x, i) => {
      const k = TAC_IF.indexOf(x as (typeof TAC_IF)[number]);
      if (k < 0) bad(`${w}.if[${i}]`, `must be one of ${TAC_IF.join(', ')}`);
      cond |= 1 << k;
    });
  }
  const waits = typeof o.waits === 'string' ? o.waits : '';
  const raw = o.effects ?? [];
  if (!Array.isArray(raw)) bad(`${w}.effects`, 'must be a list');
  if (!waits && !(raw as unknown[]).length)
    bad(`${w}.effects`, 'a card needs effects, or `waits` naming what it waits for');
  const effects = (raw as unknown[]).map((e, i): TacticsEffect => {
    const ew = `${w}.effects[${i}]`;
    const eo = (e ?? {}) as Record<string, unknown>;
    const n = (min: number, max: number) => num(eo.n ?? 1, `${ew}.n`, bad, min, max);
    switch (eo.do) {
      case 'ignoreBorder': {
        const border = ['mountain', 'water'].indexOf(String(eo.border)) + 1;
        if (!border) bad(`${ew}.border`, 'must be mountain or water');
        return { do: 'ignoreBorder', border };
      }
      case 'reach':
        return {
          do: 'reach',
          reach: num(eo.reach, `${ew}.reach`, bad, 1, 6),
          fast: num(eo.fast, `${ew}.fast`, bad, 1, 6),
        };
      case 'units': {
        const shape = SHAPE_NAMES.indexOf(String(eo.shape));
        if (shape < 0) bad(`${ew}.shape`, `must be one of ${SHAPE_NAMES.join(', ')}`);
        return { do: 'units', shape, n: n(1, 8) };
      }
      case 'hook': {
        if (!TAC_HOOKS.includes(eo.hook as (typeof TAC_HOOKS)[number]))
          bad(`${ew}.hook`, `must be one of ${TAC_HOOKS.join(', ')}`);
        return { do: 'hook', hook: eo.hook as (typeof TAC_HOOKS)[number] };
      }
      case 'strongholdStrength':
        return { do: eo.do, n: n(-9, 9) };
      case 'lostCity':
        return { do: 'lostCity' };
      case 'preventAll':
        return { do: 'preventAll' };
      case 'activateEnemy':
      case 'damage':
      case 'rout':
      case 'prevent':
      case 'stand':
      case 'strength':
      case 'fate':
      case 'dissent':
      case 'look':
      case 'dial':
      case 'influence':
        return { do: eo.do, n: n(1, 9) };
      default:
        return bad(`${ew}.do`, `must be one of ${TAC_DO.join(', ')}`);
    }
  });
  return { windows, as, cond, effects, waits };
}
