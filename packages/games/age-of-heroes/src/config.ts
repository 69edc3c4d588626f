/** Loads and validates Age of Heroes data (AOH-DOC-5: every number is configuration, never code). */
import type { Result } from '@tabula/engine';
import { deepClone, deepFreeze, err, ok } from '@tabula/engine';
import defaultData from './data/config.json' with { type: 'json' };
import type { AohConfig, AohOptions, CardId, ItemKind } from './types.js';
import { ITEM_KINDS } from './types.js';

const isInt = (v: unknown, min = 0): v is number => Number.isInteger(v) && (v as number) >= min;

/** Checks a configuration object; errors name the bad entry. */
export function validateConfig(raw: unknown): Result<AohConfig> {
  const c = raw as AohConfig;
  const bad = (path: string, why: string, rule = 'AOH-COMP-17') =>
    err('aoh.err.config.invalid', `Age of Heroes data: ${path} ${why}.`, rule, { path });
  if (!c || typeof c !== 'object') return bad('(root)', 'must be an object');
  if (!c.players || !isInt(c.players.min, 2) || !isInt(c.players.max, c.players.min))
    return bad('players', 'must give min ≥ 2 and max ≥ min');
  if (!Array.isArray(c.tribes) || c.tribes.length < c.players.max)
    return bad('tribes', `must list at least players.max (${c.players?.max}) tribes`);
  const cls = c.cardClasses;
  if (!cls) return bad('cardClasses', 'is missing');
  for (const k of ['ordinary', 'special', 'immediate', 'held', 'disaster'] as const)
    if (!Array.isArray(cls[k]) || cls[k].some((x) => typeof x !== 'string'))
      return bad(`cardClasses.${k}`, 'must be a list of card ids');
  for (const must of ['gold', 'grain'])
    if (!cls.ordinary.includes(must)) return bad('cardClasses.ordinary', `must include "${must}"`);
  for (const must of ['population_boom', 'earthquake', 'volcano', 'famine', 'barbarians'])
    if (!cls.immediate.includes(must)) return bad('cardClasses.immediate', `must include "${must}"`);
  for (const must of ['olympic_games', 'mighty_hero', 'luck'])
    if (!cls.held.includes(must)) return bad('cardClasses.held', `must include "${must}"`);
  const known = new Set<CardId>([...cls.ordinary, ...cls.special, ...cls.immediate, ...cls.held]);
  for (const [i, t] of c.tribes.entries()) {
    if (!t || typeof t.id !== 'string' || typeof t.special !== 'string')
      return bad(`tribes[${i}]`, 'must have an id and a special');
    if (!cls.special.includes(t.special))
      return bad(`tribes[${i}].special`, `"${t.special}" is not a special resource`);
  }
  if (!c.resourceDeck || typeof c.resourceDeck !== 'object') return bad('resourceDeck', 'is missing');
  for (const [id, n] of Object.entries(c.resourceDeck)) {
    if (!known.has(id)) return bad(`resourceDeck.${id}`, 'is not a card id of cardClasses');
    if (!isInt(n)) return bad(`resourceDeck.${id}`, 'must be a whole number ≥ 0');
  }
  for (const k of ITEM_KINDS)
    if (!isInt(c.itemSupply?.[k])) return bad(`itemSupply.${k}`, 'must be a whole number ≥ 0');
  for (const k of Object.keys(c.battleDeck ?? {})) {
    if (!isInt(Number(k), 1)) return bad(`battleDeck.${k}`, 'must be keyed by a strength ≥ 1');
    if (!isInt(c.battleDeck[k])) return bad(`battleDeck.${k}`, 'must be a whole number ≥ 0');
  }
  for (const k of ITEM_KINDS) {
    const cost = c.costs?.[k as ItemKind];
    if (!cost) return bad(`costs.${k}`, 'is missing');
    for (const [id, n] of Object.entries(cost)) {
      if (!cls.ordinary.includes(id)) return bad(`costs.${k}.${id}`, 'must be an ordinary resource');
      if (!isInt(n, 1)) return bad(`costs.${k}.${id}`, 'must be a whole number ≥ 1');
    }
  }
  for (const [path, v] of [
    ['startingItems.city', c.startingItems?.city],
    ['startingItems.army', c.startingItems?.army],
    ['startingHandSize', c.startingHandSize],
    ['handLimit', c.handLimit],
    ['victory.cities', c.victory?.cities],
    ['victory.monumentCards', c.victory?.monumentCards],
    ['battle.generalBonus', c.battle?.generalBonus],
    ['battle.fortressBonusEach', c.battle?.fortressBonusEach],
    ['battle.barbarianArmies', c.battle?.barbarianArmies],
    ['spoils.conquestArmiesPerCity', c.spoils?.conquestArmiesPerCity],
    ['spoils.plunderCardsPerArmy', c.spoils?.plunderCardsPerArmy],
    ['spoils.razeOneAt', c.spoils?.razeOneAt],
    ['spoils.razeTwoAt', c.spoils?.razeTwoAt],
    ['marketDay.baseDraw', c.marketDay?.baseDraw],
    ['marketDay.perConnectedTribe', c.marketDay?.perConnectedTribe],
    ['trade.maxOpenOffersPerPlayer', c.trade?.maxOpenOffersPerPlayer],
    ['trade.maxCardsPerSide', c.trade?.maxCardsPerSide],
    ['trade.maxNoteLength', c.trade?.maxNoteLength],
  ] as const)
    if (!isInt(v)) return bad(path, 'must be a whole number ≥ 0');
  if (c.spoils.conquestArmiesPerCity < 1) return bad('spoils.conquestArmiesPerCity', 'must be ≥ 1');
  // AOH-COMP-15: enough battle cards for the largest battle, enough resource cards for the deal.
  const battleCards = Object.values(c.battleDeck).reduce((a, b) => a + b, 0);
  const need = c.itemSupply.army + (c.resourceDeck.mighty_hero ?? 0) + c.battle.barbarianArmies;
  if (battleCards < need)
    return bad(
      'battleDeck',
      `has ${battleCards} cards, fewer than armies + heroes + barbarians (${need}) (AOH-COMP-15)`,
      'AOH-COMP-15',
    );
  // AOH-SETUP-6: with a single strength every turn-order draw ties, and the re-draws would never end.
  if (Object.values(c.battleDeck).filter((k) => k > 0).length < 2)
    return bad(
      'battleDeck',
      'must hold at least two different strengths, or the turn-order draw can never break a tie (AOH-SETUP-6)',
      'AOH-SETUP-6',
    );
  const deckCards = Object.values(c.resourceDeck).reduce((a, b) => a + b, 0);
  const deal = c.players.max * (c.startingHandSize + c.marketDay.baseDraw);
  if (deckCards < deal)
    return bad(
      'resourceDeck',
      `has ${deckCards} cards, fewer than the starting hands plus one Market Day draw for ${c.players.max} players (${deal}) (AOH-COMP-15)`,
      'AOH-COMP-15',
    );
  if (
    c.startingItems.city > c.itemSupply.city / c.players.max ||
    c.startingItems.army > c.itemSupply.army / c.players.max
  )
    return bad('startingItems', 'cannot be given to the maximum number of players from the supply');
  return ok(c);
}

const validated = validateConfig(defaultData);
if (!validated.ok) throw new Error(validated.error.message);
/**
 * The default data of spec §3.4, validated on load. Frozen, as every configuration of a game: it is
 * the same object in every state and view (a server serialises it once).
 */
export const DEFAULT_CONFIG: AohConfig = deepFreeze(validated.value);

export const DEFAULT_OPTIONS: AohOptions = {
  tribes: 'draft',
  seatOrder: 'random',
  tradeInputLimit: 60,
  tradeSeconds: 180,
};

export function parseOptions(raw: unknown): Result<AohOptions> {
  const r = (raw ?? {}) as Record<string, unknown>;
  if (typeof r !== 'object' || Array.isArray(r))
    return err('aoh.err.options.invalid', 'Options must be an object.');
  const known = ['tribes', 'seatOrder', 'tradeInputLimit', 'tradeSeconds', 'config'];
  for (const k of Object.keys(r))
    if (!known.includes(k))
      return err(
        'aoh.err.options.unknown',
        `Unknown option "${k}" (known: ${known.join(', ')}).`,
        undefined,
        { option: k },
      );
  const o: AohOptions = { ...DEFAULT_OPTIONS };
  if (r.tribes !== undefined) {
    if (r.tribes !== 'draft' && r.tribes !== 'random')
      return err('aoh.err.options.tribes', 'Option "tribes" must be "draft" or "random".', 'AOH-SETUP-8', {
        value: r.tribes,
      });
    o.tribes = r.tribes;
  }
  if (r.seatOrder !== undefined) {
    if (r.seatOrder !== 'random' && r.seatOrder !== 'fixed')
      return err(
        'aoh.err.options.seatOrder',
        'Option "seatOrder" must be "random" or "fixed".',
        'AOH-PLAYERS-2',
        { value: r.seatOrder },
      );
    o.seatOrder = r.seatOrder;
  }
  if (r.tradeInputLimit !== undefined) {
    if (!isInt(r.tradeInputLimit))
      return err(
        'aoh.err.options.tradeInputLimit',
        'Option "tradeInputLimit" must be a whole number ≥ 0.',
        'AOH-TRADE-22',
      );
    o.tradeInputLimit = r.tradeInputLimit;
  }
  if (r.tradeSeconds !== undefined) {
    if (!isInt(r.tradeSeconds))
      return err(
        'aoh.err.options.tradeSeconds',
        'Option "tradeSeconds" must be a whole number of seconds ≥ 0.',
        'AOH-TRADE-22',
      );
    o.tradeSeconds = r.tradeSeconds;
  }
  if (r.config !== undefined) {
    const c = validateConfig(r.config);
    if (!c.ok) return c;
    o.config = deepFreeze(deepClone(c.value));
  }
  return ok(o);
}
