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
 * `count` Tactics cards; `recruit` resolve Recruit's primary (one dial, no Supremacy).
 */
export const BID_GETS = ['rune', 'dragonToken', 'loseTactics', 'recruit'] as const;

export interface BidOutcome {
  who: number;
  get: number;
  count: number;
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
  /** Each player destroys `count` unit(s) in every area where he has at least `atLeast` units. */
  | { do: 'plague'; atLeast: number; count: number };

const SHAPE_NAMES = ['circle', 'triangle', 'rectangle', 'hexagon'];

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
        return { who, get, count: num(x.count ?? 1, `${w}.count`, bad, 1, 9) };
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
 * at most `atMost`).
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
] as const;

export type ObjectiveWhen =
  { count: number; atLeast: number; atMost: number; units: string[] } | { later: string };

export function objectiveWhen(x: unknown, w: string, bad: Bad): ObjectiveWhen {
  if (x === undefined) return { later: 'none' };
  const o = (x ?? {}) as Record<string, unknown>;
  if (typeof o.later === 'string') return { later: o.later };
  const count = OBJ_COUNTS.indexOf(o.count as (typeof OBJ_COUNTS)[number]);
  if (count < 0) bad(`${w}.count`, `must be one of ${OBJ_COUNTS.join(', ')}`);
  const units = Array.isArray(o.units) ? o.units.map(String) : [];
  return {
    count,
    atLeast: o.atLeast === undefined ? 0 : num(o.atLeast, `${w}.atLeast`, bad, 0, 99),
    atMost: o.atMost === undefined ? 99 : num(o.atMost, `${w}.atMost`, bad, 0, 99),
    units,
  };
}
