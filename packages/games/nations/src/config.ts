/** Option parsing and the engine's numbers (all in data/engine.json, NAT-SETUP-3/13/14). */
import type { Result } from '@tabula/engine';
import { err, ok } from '@tabula/engine';
import engine from './data/engine.json' with { type: 'json' };
import type { Difficulty, NatOptions, Side } from './state.js';
import { DIFFICULTIES } from './state.js';
import type { Level } from './types.js';
import { progressCard } from './data.js';

export const E = engine as {
  growthAmount: Record<Difficulty, number | number[]>;
  columnsByPlayerCount: number[];
  baseArchitects: number[];
  rowPrice: number[];
  strengthMax: number;
  stabilityMax: number;
  trackSpaces: number;
  emptyStabilitySpace: number;
  emptyFoodSpace: number;
  roundsPerAge: number;
  minCardsPerAgeFivePlayers: number;
  soloColumns: number;
  soloStartBooks: { player: number; vo: number };
  hallOfFame: Array<[number, string]>;
};

export const DEFAULT_OPTIONS: NatOptions = {
  cardLevels: ['basic', 'advanced', 'expert'],
  includePromo: false,
  boardSides: 'A',
  difficulty: ['prince'],
  easy: [],
  ages: 4,
  finalTieRule: 'noWinner',
  soloRollOnBuildingDeploy: false,
  soloSecondPlayerRoll: 'everyTurn',
  soloBookContest: 'everyRound',
};

const BASE_LEVELS: readonly Level[] = ['basic', 'advanced', 'expert'];
const fail = (code: string, message: string, rule?: string) => err(`nat.err.${code}`, message, rule);

/** Validates raw options (lobby, command line, saved game) with clear errors; fills defaults. */
export function parseOptions(raw: unknown): Result<NatOptions> {
  if (raw === undefined || raw === null) return ok({ ...DEFAULT_OPTIONS });
  if (typeof raw !== 'object' || Array.isArray(raw)) return fail('options', 'Options must be an object.');
  const r = raw as Record<string, unknown>;
  const o: NatOptions = { ...DEFAULT_OPTIONS, difficulty: [...DEFAULT_OPTIONS.difficulty], easy: [] };
  const known = new Set([...Object.keys(DEFAULT_OPTIONS), 'deck', 'sides', 'levels', 'solo']);
  for (const k of Object.keys(r)) if (!known.has(k)) return fail('options', `Unknown option "${k}".`);
  const levels = r.cardLevels ?? r.levels;
  if (levels !== undefined) {
    const list = typeof levels === 'string' ? levels.split(',').map((x) => x.trim()) : levels;
    if (!Array.isArray(list) || list.length === 0 || list.some((l) => !BASE_LEVELS.includes(l as Level)))
      return fail('levels', 'cardLevels must be a non-empty list of basic, advanced, expert.', 'NAT-SETUP-4');
    o.cardLevels = [...new Set(list as Level[])];
  }
  if (r.deck !== undefined) {
    if (!Array.isArray(r.deck) || r.deck.length !== 4 || r.deck.some((a) => !Array.isArray(a)))
      return fail('deck', 'deck must be four lists of progress-card ids, one per age.', 'NAT-VAR-4');
    const deck = r.deck as unknown[][];
    for (let a = 0; a < 4; a++)
      for (const id of deck[a]!) {
        const c = typeof id === 'string' ? progressCard(id) : undefined;
        if (!c) return fail('deck', `deck: "${String(id)}" is not a progress card.`, 'NAT-VAR-4');
        if (c.age !== a + 1)
          return fail('deck', `deck: "${c.id}" belongs to age ${c.age}, not age ${a + 1}.`, 'NAT-VAR-4');
      }
    o.deck = deck as string[][];
  }
  if (r.includePromo !== undefined) {
    if (typeof r.includePromo !== 'boolean') return fail('promo', 'includePromo must be true or false.');
    o.includePromo = r.includePromo;
  }
  const sides = r.boardSides ?? r.sides;
  if (sides !== undefined) {
    const s = String(sides).toLowerCase();
    if (s === 'a') o.boardSides = 'A';
    else if (s === 'b' || s === 'choose') o.boardSides = 'choose';
    else return fail('sides', 'boardSides must be "A" or "choose" (B sides).', 'NAT-SETUP-16');
  }
  if (r.difficulty !== undefined) {
    const list = Array.isArray(r.difficulty) ? r.difficulty : String(r.difficulty).split(',');
    if (list.length === 0 || list.some((d) => !DIFFICULTIES.includes(String(d).trim() as Difficulty)))
      return fail(
        'difficulty',
        'difficulty must be chieftain, prince, king or emperor (one, or one per player).',
        'NAT-SETUP-2',
      );
    o.difficulty = list.map((d) => String(d).trim() as Difficulty);
  }
  if (r.easy !== undefined) {
    // A lobby sends "off" for no easy game; one value (not a list) is every player's.
    const list = (Array.isArray(r.easy) ? r.easy : Array.from({ length: 5 }, () => r.easy)).map((e) =>
      e === 'off' ? false : e,
    );
    if (list.some((e) => e !== false && e !== 'food' && e !== 'stability'))
      return fail('easy', 'easy must be a list with false, "food" or "stability" per player.', 'NAT-VAR-2');
    o.easy = list as Array<false | Side>;
  }
  if (r.solo !== undefined && typeof r.solo !== 'boolean')
    return fail('solo', 'solo must be true or false (the player count decides a solo game).', 'NAT-SOLO-1');
  if (typeof r.ages === 'string' && /^\d+$/.test(r.ages)) r.ages = Number(r.ages);
  if (r.ages !== undefined) {
    if (!Number.isInteger(r.ages) || (r.ages as number) < 1 || (r.ages as number) > 4)
      return fail('ages', 'ages must be 1, 2, 3 or 4.', 'NAT-VAR-1');
    o.ages = r.ages as number;
  }
  if (r.finalTieRule !== undefined) {
    if (r.finalTieRule !== 'noWinner' && r.finalTieRule !== 'shared')
      return fail('tie', 'finalTieRule must be "noWinner" or "shared".', 'NAT-END-8');
    o.finalTieRule = r.finalTieRule;
  }
  if (r.soloRollOnBuildingDeploy !== undefined) {
    if (typeof r.soloRollOnBuildingDeploy !== 'boolean')
      return fail('solo', 'soloRollOnBuildingDeploy must be true or false.', 'NAT-SOLO-7');
    o.soloRollOnBuildingDeploy = r.soloRollOnBuildingDeploy;
  }
  if (r.soloSecondPlayerRoll !== undefined) {
    if (r.soloSecondPlayerRoll !== 'everyTurn' && r.soloSecondPlayerRoll !== 'oncePerRound')
      return fail('solo', 'soloSecondPlayerRoll must be "everyTurn" or "oncePerRound".', 'NAT-SOLO-8');
    o.soloSecondPlayerRoll = r.soloSecondPlayerRoll;
  }
  if (r.soloBookContest !== undefined) {
    if (r.soloBookContest !== 'everyRound' && r.soloBookContest !== 'endOfAge')
      return fail('solo', 'soloBookContest must be "everyRound" or "endOfAge".', 'NAT-SOLO-16');
    o.soloBookContest = r.soloBookContest;
  }
  return ok(o);
}
