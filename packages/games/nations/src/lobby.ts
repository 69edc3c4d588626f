/**
 * What the lobby and the table's shell read of Nations besides the rules: its name and description, the
 * options a player sets, the bots from weakest to strongest, a prompt in words, the log's round and turn
 * openers, and how far a game has come.
 */
import type { GameEvent, GameInfo, Locale, OptionSpec, Prompt, Seat } from '@tabula/engine';
import { cardName, halfName, tr } from './describe.js';
import { printedCard, progressCard } from './data.js';
import type { NatView } from './state.js';

export const info: GameInfo = {
  shortId: 'nat',
  name: 'nat.name',
  description: 'nat.description',
  minutes: [60, 200],
  rulesSummary: 'nat.rules',
};

const choice = (key: string, values: readonly string[], def: string, perSeat = false): OptionSpec => ({
  key,
  label: `nat.opt.${key}`,
  help: `nat.opt.${key}.help`,
  kind: 'choice',
  choices: values.map((v) => ({ value: v, label: `nat.opt.${key}.${v}` })),
  default: def,
  ...(perSeat ? { perSeat: true } : {}),
});

/** The options a lobby offers, in the order shown (values as `parseOptions` takes them). */
export const optionsSchema: readonly OptionSpec[] = [
  {
    key: 'solo',
    label: 'nat.opt.solo',
    help: 'nat.opt.solo.help',
    kind: 'flag',
    default: false,
    players: 1,
  },
  choice('difficulty', ['chieftain', 'prince', 'king', 'emperor'], 'prince', true),
  choice('easy', ['off', 'food', 'stability'], 'off', true),
  choice('boardSides', ['A', 'choose'], 'A'),
  {
    key: 'ages',
    label: 'nat.opt.ages',
    help: 'nat.opt.ages.help',
    kind: 'number',
    min: 1,
    max: 4,
    default: 4,
  },
  choice(
    'levels',
    ['basic', 'basic,advanced', 'basic,expert', 'basic,advanced,expert'],
    'basic,advanced,expert',
  ),
  {
    key: 'includePromo',
    label: 'nat.opt.includePromo',
    help: 'nat.opt.includePromo.help',
    kind: 'flag',
    default: false,
  },
  choice('finalTieRule', ['noWinner', 'shared'], 'noWinner'),
  choice('soloBookContest', ['everyRound', 'endOfAge'], 'everyRound'),
  choice('soloSecondPlayerRoll', ['everyTurn', 'oncePerRound'], 'everyTurn'),
];

/** The bots, weakest first. */
export const botLevels = ['random', 'heuristic'] as const;

/**
 * A prompt in words for the seat it asks: the turn with the main actions left, a decision with the card or
 * event it comes from (the catalog's words otherwise).
 */
export function describePrompt(p: Prompt, v: NatView, l: Locale, seatName: (s: Seat) => string): string {
  const base = tr(l, `nat.prompt.${p.kind}`);
  if (p.kind === 'nat.turn') {
    const a = (p.args ?? {}) as { left?: number; main?: number };
    if ((a.main ?? 0) > 0 && (a.left ?? 0) <= 0) return tr(l, 'nat.ask.turnDone');
    if ((a.left ?? 1) > 1) return tr(l, 'nat.ask.turnMore', { n: a.left ?? 1 });
    return base;
  }
  const pd = v.pending;
  if (!pd || pd.s !== p.seat) return base;
  const d = 'd' in pd ? (pd.d as Record<string, unknown>) : null;
  const src =
    typeof d?.id === 'string'
      ? cardName(d.id, l)
      : d?.ctx && typeof (d.ctx as { src?: unknown }).src === 'string'
        ? srcName(String((d.ctx as { src: string }).src), l)
        : typeof d?.src === 'string'
          ? srcName(d.src, l)
          : '';
  if (pd.kind === 'growth') return tr(l, 'nat.ask.growth', { n: pd.d.amount });
  if (pd.kind === 'subst') return tr(l, 'nat.ask.subst', { n: pd.d.m });
  void seatName;
  return src ? `${src}: ${base}` : base;
}

function srcName(src: string, l: Locale): string {
  return progressCard(src) || printedCard(src) ? cardName(src, l) : halfName(src, l);
}

/** Rounds open with the progress board dealt; a turn with a nation's main action (free ones stay in it). */
export function eventGroup(e: GameEvent): { kind: 'round' | 'turn'; round?: number; seat?: Seat } | null {
  const p = (e.params ?? {}) as Record<string, unknown>;
  if (e.key === 'nat.ev.board' && typeof p.round === 'number') return { kind: 'round', round: p.round };
  if (
    (e.key === 'nat.ev.buy' ||
      e.key === 'nat.ev.deploy' ||
      e.key === 'nat.ev.hire' ||
      e.key === 'nat.ev.ability' ||
      e.key === 'nat.ev.pass') &&
    !p.free &&
    typeof p.seat === 'number'
  )
    return { kind: 'turn', seat: p.seat };
  return null;
}

/** The round of the game (two rounds per age) and how many there are. */
export function progress(v: NatView): { round: number; of?: number } | null {
  return { round: Math.max(1, v.round), of: v.opts.ages * 2 };
}
