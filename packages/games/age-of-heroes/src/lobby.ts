/**
 * What the lobby and the table's shell read of Age of Heroes besides the rules: its name and description,
 * the options a player sets, the bots from weakest to strongest, a prompt in words, the log's round and
 * turn openers, and how far a game has come.
 */
import type { GameEvent, GameInfo, Locale, OptionSpec, Prompt, Seat } from '@tabula/engine';
import { translate } from '@tabula/engine';
import { DEFAULT_CONFIG, DEFAULT_OPTIONS } from './config.js';
import { localParams } from './describe.js';
import { messages } from './messages.js';
import type { AohView } from './types.js';

const tr = (l: Locale, k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);

export const info: GameInfo = {
  shortId: 'aoh',
  name: 'aoh.name',
  description: 'aoh.description',
  minutes: [45, 120],
  rulesSummary: 'aoh.rules',
};

const choice = (key: string, values: readonly string[], def: string): OptionSpec => ({
  key,
  label: `aoh.opt.${key}`,
  help: `aoh.opt.${key}.help`,
  kind: 'choice',
  choices: values.map((v) => ({ value: v, label: `aoh.opt.${key}.${v}` })),
  default: def,
});

/** The options a lobby offers, in the order shown (values as `parseOptions` takes them). */
export const optionsSchema: readonly OptionSpec[] = [
  // AOH-SETUP-8: the tribe draft in turn order, or tribes dealt at random.
  choice('tribes', ['draft', 'random'], DEFAULT_OPTIONS.tribes),
  // AOH-PLAYERS-2: seats shuffled at setup, or kept in the order players joined.
  choice('seatOrder', ['random', 'fixed'], DEFAULT_OPTIONS.seatOrder),
  // AOH-TRADE-22: the trading window's time limit (0 = none).
  {
    key: 'tradeSeconds',
    label: 'aoh.opt.tradeSeconds',
    help: 'aoh.opt.tradeSeconds.help',
    kind: 'number',
    min: 0,
    max: 900,
    default: DEFAULT_OPTIONS.tradeSeconds,
  },
  {
    key: 'tradeInputLimit',
    label: 'aoh.opt.tradeInputLimit',
    help: 'aoh.opt.tradeInputLimit.help',
    kind: 'number',
    min: 0,
    max: 500,
    default: DEFAULT_OPTIONS.tradeInputLimit,
  },
  // AOH-DOC-5: every number of the game is data; a host may bring his own (same shape as data/config.json).
  { key: 'config', label: 'aoh.opt.config', help: 'aoh.opt.config.help', kind: 'file' },
];

/** The bots, weakest first (the lobby seats the last). */
export const botLevels = ['random', 'heuristic'] as const;

/**
 * A prompt in words for the seat it asks, with what the view tells about it: the turn's number and the
 * cities taxed, the war being prepared or answered, the duel's number, the monument's size, the Market Day.
 * The catalog's words for the kind otherwise.
 */
export function describePrompt(p: Prompt, v: AohView, l: Locale, seatName: (s: Seat) => string): string {
  const a = (p.args ?? {}) as Record<string, unknown>;
  const P = (k: string, params: Record<string, unknown> = {}) => tr(l, k, localParams(params, l, seatName));
  const base = () => P(`aoh.prompt.${p.kind}`, a);
  const me = v.players[p.seat];
  switch (p.kind) {
    case 'aoh.tribe': {
      const left = Array.isArray(a.tribes) ? (a.tribes as string[]) : v.tribesLeft;
      if (!left.length) break;
      return tr(l, 'aoh.ask.tribe', { tribes: left.map((t) => tr(l, `aoh.tribe.${t}`)).join(', ') });
    }
    case 'aoh.action': {
      if (!me) break;
      const cities = typeof a.cities === 'number' ? a.cities : me.cities;
      return cities > 0
        ? tr(l, 'aoh.ask.action', { turn: me.turns, cities })
        : tr(l, 'aoh.ask.actionNoCity', { turn: me.turns });
    }
    case 'aoh.warDraft': {
      if (typeof a.target !== 'number' || typeof a.objective !== 'string') break;
      return P('aoh.ask.warDraft', {
        target: a.target,
        objective: a.objective,
        armies: Array.isArray(a.armies) ? a.armies.length : 0,
        heroes: Array.isArray(a.heroes) ? a.heroes.length : 0,
      });
    }
    case 'aoh.response': {
      if (a.barbarians === true) return tr(l, 'aoh.ask.responseBarbarians');
      if (typeof a.attacker !== 'number' || typeof a.objective !== 'string') break;
      return P('aoh.ask.response', { attacker: a.attacker, objective: a.objective });
    }
    case 'aoh.luck': {
      if (typeof a.card !== 'string' || typeof a.drawer !== 'number') break;
      return a.drawer === p.seat
        ? P('aoh.ask.luckOwn', { card: a.card })
        : P('aoh.ask.luck', { card: a.card, drawer: a.drawer });
    }
    case 'aoh.place': {
      const w = v.war;
      if (!w) break;
      return tr(l, 'aoh.ask.place', { a: w.a, d: w.d });
    }
    case 'aoh.duel': {
      const w = v.war;
      if (!w) break;
      return tr(l, 'aoh.ask.duel', { n: w.duels.length + 1 });
    }
    case 'aoh.monument': {
      if (!me || typeof a.card !== 'string') break;
      const need = (v.config ?? DEFAULT_CONFIG).victory.monumentCards;
      return P('aoh.ask.monument', { card: a.card, have: me.monument, need });
    }
    case 'aoh.trade': {
      const offers = v.market?.offers.length ?? 0;
      return tr(l, a.ready === true ? 'aoh.ask.tradeReady' : 'aoh.ask.trade', { round: v.round, offers });
    }
  }
  return base();
}

/** A round opens with its Market Day; a turn with the turn's first line. */
export function eventGroup(e: GameEvent): { kind: 'round' | 'turn'; round?: number; seat?: Seat } | null {
  const p = (e.params ?? {}) as Record<string, unknown>;
  if (e.key === 'aoh.ev.marketDay' && typeof p.round === 'number') return { kind: 'round', round: p.round };
  if (e.key === 'aoh.ev.turn' && typeof p.seat === 'number') return { kind: 'turn', seat: p.seat };
  return null;
}

/** The round (Market Days held); the game has no set length. Null during setup. */
export function progress(v: AohView): { round: number; of?: number } | null {
  return v.round > 0 ? { round: v.round } : null;
}
