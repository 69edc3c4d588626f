/** RuneWars (Revised Edition) as a Tabula game module: M0 (data, board, setup), M1 (the year) and M2 (battles). */
import type { GameModule, Locale, OptionSpec, Result, Seat } from '@tabula/engine';
import { err, ok, translate } from '@tabula/engine';
import { cloneState } from './clone.js';
import { pk } from './common.js';
import { advance, apply, defaultAction, legalActions, prompts } from './decisions.js';
import { describeAction, describePrompt, eventGroup, formatEvent, progress } from './describe.js';
import { renderText } from './text.js';
import { messages } from './messages.js';
import { compilePack, DEFAULT_PACK, rememberPack } from './pack.js';
import { presetIndex, RULES_VERSION, setupState } from './setup.js';
import { heuristicBot } from './bot.js';
import { evaluate } from './evaluate.js';
import type { RwAction, RwOptions, RwState, RwView } from './types.js';
import rulesEn from './data/rules.players.en.json' with { type: 'json' };
import rulesRu from './data/rules.players.ru.json' with { type: 'json' };
import { sampleWorld, view } from './view.js';
import { reveals } from './reveals.js';

const optionsSchema: readonly OptionSpec[] = [
  {
    key: 'board',
    label: 'rw.opt.board',
    help: 'rw.opt.board.help',
    kind: 'choice',
    choices: [
      { value: 'preset', label: 'rw.opt.board.preset' },
      { value: 'manual', label: 'rw.opt.board.manual' },
      { value: 'random', label: 'rw.opt.board.random' },
    ],
    default: 'preset',
  },
  {
    key: 'neutrals',
    label: 'rw.opt.neutrals',
    help: 'rw.opt.neutrals.help',
    kind: 'choice',
    choices: [
      { value: 'left', label: 'rw.opt.neutrals.left' },
      { value: 'auto', label: 'rw.opt.neutrals.auto' },
    ],
    default: 'left',
  },
  {
    key: 'heroes',
    label: 'rw.opt.heroes',
    help: 'rw.opt.heroes.help',
    kind: 'choice',
    choices: [
      { value: 'off', label: 'rw.opt.heroes.off' },
      { value: 'on', label: 'rw.opt.heroes.on' },
    ],
    default: 'off',
  },
  {
    key: 'exploration',
    label: 'rw.opt.exploration',
    help: 'rw.opt.exploration.help',
    kind: 'choice',
    choices: [
      { value: 'off', label: 'rw.opt.exploration.off' },
      { value: 'on', label: 'rw.opt.exploration.on' },
    ],
    default: 'off',
  },
  { key: 'data', label: 'rw.opt.data', help: 'rw.opt.data.help', kind: 'file' },
];

const bad = (what: string, rule?: string) => err('rw.err.options', `Bad option: ${what}`, rule, { what });

export function parseOptions(raw: unknown): Result<RwOptions> {
  const r = (raw ?? {}) as Record<string, unknown>;
  if (typeof r !== 'object' || Array.isArray(r)) return bad('options must be an object');
  const known = ['board', 'preset', 'data', 'neutrals', 'heroes', 'exploration'];
  for (const k of Object.keys(r))
    if (!known.includes(k)) return bad(`unknown option "${k}" (known: ${known.join(', ')})`);
  const o: RwOptions = { board: 'preset' };
  if (r.board !== undefined) {
    if (r.board !== 'preset' && r.board !== 'manual' && r.board !== 'random')
      return bad('"board" must be "preset", "manual" or "random"', 'RW-SETUP-22');
    o.board = r.board;
  }
  if (r.neutrals !== undefined) {
    if (r.neutrals !== 'left' && r.neutrals !== 'auto')
      return bad('"neutrals" must be "left" or "auto"', 'RW-NEUT-05');
    if (r.neutrals === 'auto') o.neutrals = 'auto';
  }
  if (r.heroes !== undefined) {
    if (r.heroes !== 'on' && r.heroes !== 'off') return bad('"heroes" must be "on" or "off"', 'RW-HERO-01');
    if (r.heroes === 'on') o.heroes = 'on';
  }
  if (r.exploration !== undefined) {
    if (r.exploration !== 'on' && r.exploration !== 'off')
      return bad('"exploration" must be "on" or "off"', 'RW-EXPL-01');
    if (r.exploration === 'on') {
      // Exploring is what heroes do (RW-EXPL-06): the variant plays with them, so choosing it brings heroes
      // (a lobby's "heroes: off" default beside it is not a contradiction a player should have to resolve).
      o.heroes = 'on';
      o.exploration = 'on';
    }
  }
  let pack = DEFAULT_PACK;
  if (r.data !== undefined && r.data !== null) {
    const c = compilePack(r.data);
    if (!c.ok) return c;
    pack = c.value;
    rememberPack(r.data as object, pack);
    o.data = r.data;
  }
  if (r.preset !== undefined) {
    if (typeof r.preset !== 'string' || !pack.presets.some((b) => b.id === r.preset))
      return bad(`"preset" must be one of ${pack.presets.map((b) => b.id).join(', ')}`);
    o.preset = r.preset;
  }
  return ok(o);
}

export const runewars: GameModule<RwState, RwAction, RwView, RwOptions> = {
  id: 'runewars',
  rulesVersion: RULES_VERSION,
  minSeats: 2,
  maxSeats: 4,
  parseOptions,
  fileOptions: {
    data: {
      help: 'a RuneWars data pack: a JSON file, or a folder of the pack files (factions.json, tiles.json, …)',
    },
  },
  valueOptions: {
    preset: {
      help: 'a preset board of the data pack (standard-4, standard-3, standard-2, standard-2b)',
      metavar: 'ID',
    },
  },
  setup(options, seats, seed, log): Result<RwState> {
    const p = pk({ opts: options } as RwState);
    const max = Math.min(4, p.factions.length);
    if (!Number.isInteger(seats) || seats < 2 || seats > max)
      return err('rw.err.players', `RuneWars is played by 2 to ${max} players.`, 'RW-GEN-01', {
        min: 2,
        max,
      });
    const pi = presetIndex(p, options, seats);
    if (options.board === 'preset' && (pi < 0 || p.presets[pi]!.players !== seats))
      return bad(`the preset board is for ${pi < 0 ? '?' : p.presets[pi]!.players} players`, 'RW-SETUP-21');
    const st = setupState(options, seats, String(seed), log);
    advance(st, log);
    return ok(st);
  },
  prompts,
  legalActions,
  apply,
  defaultAction,
  view,
  outcome: (st) => st.over,
  sampleWorld,
  reveals,
  clone: cloneState,
  describeAction,
  messages,
  // Rule texts for the log's rule links, from the spec (Russian falls back to English for now).
  // The rules players meet, in players' words (from the spec and the Russian rulebook), for the log's
  // rule links and refusals.
  ruleTexts: { en: rulesEn as Record<string, string>, ru: rulesRu as Record<string, string> },
  formatEvent,
  renderText,
  seating: (st) => Array.from({ length: st.n }, (_, i) => i),
  // Report labels: faction, colour, the seat's place after the first player (1 = the first player) and,
  // on a preset board, the home place his realm took (the board's label of the slot).
  seatTags: (st, seat): Record<string, string> => {
    const p = pk(st);
    const f = p.factions[st.fac[seat]!];
    const start = String(((seat - st.first + st.n) % st.n) + 1);
    if (!f) return { start };
    const at = st.pos[f.home[0]!]!;
    const slot = at >= 0 ? p.presets[st.preset]?.slots.find((x) => x.cells.includes(at)) : undefined;
    return { faction: f.id, colour: f.colour, start, ...(slot ? { realm: slot.id } : {}) };
  },
  targetsOf(a: RwAction) {
    switch (a.type) {
      case 'activate':
      case 'place':
      case 'stronghold':
      case 'repair':
      case 'recycle':
      case 'rally':
      case 'develop':
        return [{ kind: 'space', id: a.area }];
      case 'destroy':
        return [
          { kind: 'space', id: a.area },
          { kind: 'unit', id: a.u },
        ];
      case 'draft':
        return a.to === undefined
          ? [
              { kind: 'space', id: a.from },
              { kind: 'unit', id: a.u },
            ]
          : [
              { kind: 'space', id: a.from },
              { kind: 'space', id: a.to },
              { kind: 'unit', id: a.u },
            ];
      case 'rune':
      case 'retreat':
      case 'reveal':
      case 'scry':
      case 'raze':
      case 'heroAt':
      case 'peek':
        return [{ kind: 'space', id: a.area }];
      // A hero's step or move: the area it goes to, then which hero (two may go to the same area).
      case 'step':
        return [
          { kind: 'space', id: a.to },
          { kind: 'item', id: a.h },
        ];
      case 'heroMove':
        return a.to === undefined
          ? [{ kind: 'item', id: a.h }]
          : [
              { kind: 'space', id: a.to },
              { kind: 'item', id: a.h },
            ];
      case 'draw':
      case 'rout':
      case 'hit':
      case 'kill':
      case 'target':
      case 'leave':
        return [{ kind: 'unit', id: a.u }];
      case 'shuffle':
        return [
          { kind: 'space', id: a.a },
          { kind: 'space', id: a.b },
        ];
      case 'home':
        return [{ kind: 'slot', id: a.marker }];
      case 'order':
        return [{ kind: 'card', id: a.n }];
      case 'discard':
        return [{ kind: 'card', id: a.card }];
      case 'faction':
        return [{ kind: 'item', id: a.f }];
      case 'recruit':
      case 'gain':
        return [{ kind: 'item', id: a.res }];
      case 'title':
        return [{ kind: 'card', id: a.t }];
      default:
        return [];
    }
  },
  evaluate,
  // Playouts by the heuristic (well under a millisecond a decision), 30 steps deep (the strong level within a
  // quarter of a second a decision).
  search: { standard: 40, strong: 150, playout: 'guide', playoutDepth: 30, root: 'paired' },
  bots: { heuristic: heuristicBot },
  info: {
    shortId: 'rw',
    name: 'rw.name',
    description: 'rw.description',
    minutes: [120, 240],
    rulesSummary: 'rw.rules',
  },
  optionsSchema,
  botLevels: ['random', 'heuristic'],
  describePrompt,
  eventGroup,
  progress,
};

export function t(locale: Locale, key: string, params?: Record<string, unknown>): string {
  return translate([messages], locale, key, params);
}

export type { Seat };
export * from './types.js';
export { checkInvariants } from './invariants.js';
export { compilePack, DEFAULT_PACK, DEFAULT_PACK_JSON, PACK_PARTS, packOf } from './pack.js';
export type { Pack } from './pack.js';
export { board, ctrl, dragonRunes, leftOf, production, playOrder, unitsOf } from './common.js';
// For boards drawn from the view (the web table): the layout's borders and the areas' printed names.
export { compileBoard, printedEdge } from './common.js';
export {
  DIRS,
  key,
  qOf,
  rOf,
  SHAPES as UNIT_SHAPES,
  ICON_INF,
  ICON_TAC,
  BLANK,
  SPECIAL,
  ROUT,
  DAMAGE,
} from './pack.js';
export { areaName } from './describe.js';
// The cards in players' words (the web table's cards and the Season card).
export {
  fateWords,
  objectiveWords,
  questWords,
  rewardWords,
  seasonWords,
  tacticsWords,
  titleWords,
} from './card-words.js';
export { messages } from './messages.js';
export { current, table } from './decisions.js';
export default runewars;
export {
  areaOf,
  attack,
  chooseAll,
  clearBoard,
  fateOnTop,
  put,
  scenarioGame,
  passWindows,
  stronghold,
  unitOf,
} from './scenario.js';
