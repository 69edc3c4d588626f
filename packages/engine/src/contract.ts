/**
 * The engine contract: what every Tabula game module provides, whatever its shape (a card game,
 * a map game, a tableau game, a wargame). Everything outside a game's own package — the server,
 * storage, bots, the command line, the test kit, the replay viewer and the web client shell — is
 * written against these types only. See docs/ARCHITECTURE.md for the reasoning.
 */
import type { Rng } from './rng.js';

/** A seat at the table: 0..seats-1, clockwise. */
export type Seat = number;
/** Who looks at the game: a seat, or SPECTATOR for the public view. */
export type Viewer = number;
export const SPECTATOR: Viewer = -1;

export type Locale = 'en' | 'ru';
export const LOCALES: readonly Locale[] = ['en', 'ru'];

/** A typed error: code (also the i18n key), English message, the rule it enforces, parameters. */
export interface RuleError {
  code: string;
  message: string;
  rule?: string;
  params?: Record<string, unknown>;
}

export type Result<T, E = RuleError> = { ok: true; value: T } | { ok: false; error: E };
export type ApplyResult = { ok: true } | { ok: false; error: RuleError };
export const OK: ApplyResult = Object.freeze({ ok: true }) as ApplyResult;

/**
 * One entry of the event log. Events are data: an i18n message key with parameters, the rule IDs
 * they apply, and their audience. With neither `to` nor `notTo` the event is public (every seat and
 * spectators). `to` restricts it to those seats; `notTo` shows it to everyone but those seats
 * (typically the public half of a private event: "A drew a card" beside "you drew Iron").
 */
export interface GameEvent {
  key: string;
  params?: Record<string, unknown>;
  rules?: readonly string[];
  to?: readonly Seat[];
  notTo?: readonly Seat[];
}

/** Where apply() writes its events. Pass nothing when nobody reads them (random playouts). */
export type EventSink = GameEvent[] | undefined;

/**
 * A decision the game waits for (or allows). The set of prompts covers every shape of "whose move":
 * one seat on its turn; one seat answering out of turn; several seats deciding simultaneously and
 * secretly (the game reveals nothing until the last has committed); several seats acting
 * concurrently and openly (a trading window, where `optional` prompts let seats act without the
 * game waiting for them).
 */
export interface Prompt {
  seat: Seat;
  /** Namespaced kind, e.g. "xyz.action"; a UI picks its screen by kind, else a generic chooser. */
  kind: string;
  /** What a UI needs to render the prompt. Seen only by `seat`. */
  args?: Record<string, unknown>;
  /** The seat may act but the game does not wait for it. */
  optional?: boolean;
  /**
   * A response window: opened for the seats the rules name, whether or not they hold a card that
   * could answer it, so its existence leaks nothing. The server holds a window open for a uniform
   * minimum time and answers a window whose only legal action is the default by itself.
   *
   * A seat answers a window in exactly one action: after any action of a seat whose prompts are
   * window prompts, that seat has no window prompt any more — unless the window ended in public (an
   * event everyone sees) and a new one opened. A compound answer (several cards, each with a target)
   * is one listed action, not steps: every action is a new version announced to every seat, so an
   * answer in steps would tell the table, by their count, that the seat held a card to answer with.
   * The property kit checks this (`windowAnswered` in testkit.ts).
   */
  window?: boolean;
  /**
   * How long (ms) the server holds this window open at least, when the game wants less than the
   * server's uniform minimum (WINDOW_MS, 2 s): a quick tactical window inside a battle. The server takes
   * the smaller of the two, and the same hold for every seat of the window, so it still tells nothing.
   */
  hold?: number;
  /** A simultaneous secret choice: other seats see only whether it has been committed. */
  secret?: boolean;
  /**
   * A time limit the rules themselves set for this decision (e.g. a trading window's 180 s). Prompts
   * with the same `key` share one timer, started when the key first appears; when it runs out the
   * server applies each of those seats' timeout defaults.
   */
  timer?: { key: string; seconds: number };
}

/** The kinds of thing a player can click on a drawn table. */
export type TargetKind = 'space' | 'unit' | 'card' | 'slot' | 'seat' | 'item';

/**
 * A thing on the table an action is about: a map space (hex, area, crossroads), a unit or army, a card,
 * a slot of a board or tableau, a seat, an item (a resource kind…). `id` is the thing's id in the view.
 * A drawn board asks `targetsOf` for each legal action and highlights exactly those things.
 */
export interface Target {
  kind: TargetKind;
  id: string | number;
}

/** Public face of a prompt, as other seats and spectators see it. */
export interface Waiting {
  seat: Seat;
  kind: string;
}

export interface Outcome {
  /** Winning seats (several for a shared result). */
  winners: Seat[];
  /** A short machine-readable reason (e.g. "points", "last-standing", "draw"). */
  reason: string;
  /** Optional per-seat scores (VP games). */
  scores?: number[];
}

/**
 * One option of a game, as the lobby and the command line show it. Labels and help are message keys of
 * the game's catalog (English and Russian); values are what `parseOptions` takes. `parseOptions` stays
 * the judge of what is valid across options (it explains a bad combination in words).
 */
export type OptionSpec = {
  /** The option's name in `parseOptions`' input, and on the command line (`--<key>`). */
  key: string;
  /** Message key of its label. */
  label: string;
  /** Message key of a one-line explanation. */
  help?: string;
} & (
  | {
      kind: 'choice';
      choices: readonly { value: string; label: string }[];
      default: string;
      /** One choice per seat (e.g. a difficulty for each player): a list, or one value for all. */
      perSeat?: boolean;
    }
  | {
      kind: 'flag';
      default: boolean;
      /** When set, the game is played by exactly this many players (a solo mode). */
      players?: number;
    }
  | { kind: 'number'; min: number; max: number; default: number }
  /** A JSON file the player gives (a custom map): the parsed file becomes the value. */
  | { kind: 'file' }
);

/** What a lobby tells of a game before anyone plays it. */
export interface GameInfo {
  /** A short id for command lines (`xyz`): lowercase letters and digits, unique in the catalog. */
  shortId: string;
  /** Message keys of its name and a one-paragraph description. */
  name: string;
  description: string;
  /** A typical game's length in minutes, shortest and longest. */
  minutes: readonly [number, number];
  /** Message key of a short summary of its rules (a few paragraphs, players' words). */
  rulesSummary?: string;
}

/** Messages of a game or of the shell, per locale: key → ICU-like template with {name} slots. */
export type Catalog = Record<Locale, Record<string, string>>;

/**
 * A game module. States and actions are plain JSON data. `apply` mutates the state in place after
 * validating the action completely: on rejection the state is untouched. Callers that need the
 * previous state keep a `clone`. Randomness comes only from a generator kept inside the state.
 */
export interface GameModule<S = unknown, A = unknown, V = unknown, O = unknown> {
  readonly id: string;
  /** Bumped whenever a rules change could alter a replay. Saved games record it. */
  readonly rulesVersion: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  /** Validates raw options (from a lobby, the command line, a saved game) with clear errors. */
  parseOptions(raw: unknown): Result<O>;
  /** A new game. The seed is server-side; it fixes every random step of the game. */
  setup(options: O, seats: number, seed: string, log?: EventSink): Result<S>;
  /** Every decision the game currently waits for or allows. Empty when the game is over. */
  prompts(state: S): Prompt[];
  /** Every legal action for `seat` now (empty if it has nothing to decide). */
  legalActions(state: S, seat: Seat): A[];
  /** Applies one action or rejects it with a typed error, leaving the state untouched. */
  apply(state: S, seat: Seat, action: A, log?: EventSink): ApplyResult;
  /** The deterministic timeout default for `seat`'s current prompt (null if it has none). */
  defaultAction(state: S, seat: Seat): A | null;
  /** What `viewer` may see, and nothing more. The only thing that leaves the server. */
  view(state: S, viewer: Viewer): V;
  /** The result once the game is over, else null. */
  outcome(state: S): Outcome | null;
  /** A complete state consistent with `seat`'s view (unknown cards dealt at random from `rng`). */
  sampleWorld(view: V, seat: Seat, rng: Rng): S;
  /**
   * Optional: `view(state, seat)` for a bot inside the process that only reads it before the next `apply`
   * (the search bot's playouts, thousands a decision): equal to the view, but it may share the state's
   * objects instead of copying them. Never sent, kept or changed; the property kit checks it equals `view`.
   */
  botView?(state: S, seat: Seat): V;
  /** A cheap deep copy of a state. */
  clone(state: S): S;
  /**
   * Short text for an action, for logs, the command line and the generic chooser. `state` is null
   * when the caller holds only a view (a browser): the text must not need hidden information.
   */
  describeAction(
    state: S | null,
    seat: Seat,
    action: A,
    locale: Locale,
    seatName?: (seat: Seat) => string,
    /** The caller's view when it has no state (a browser), for names of cards, places… */
    view?: V,
  ): string;
  /** Message catalogs for event keys, prompt kinds and error codes. */
  readonly messages: Catalog;
  /**
   * The rules a player meets, in players' words (what the rule means at the table, from the
   * rulebook; no rule IDs or implementation terms), for the log's rule links and refusals: locale →
   * rule ID → text. Every rule cited by an event or a refusal has one in every locale; a rule
   * without a text simply has no link.
   */
  readonly ruleTexts?: Record<Locale, Record<string, string>>;
  /** One log event in words (parameters localised: seats by name, cards, items…). */
  formatEvent(event: GameEvent, locale: Locale, seatName: (seat: Seat) => string): string;
  /** The view as plain text, for terminal play and replays. */
  renderText(view: V, locale: Locale, seatName: (seat: Seat) => string): string;
  /**
   * Which joining player sits at each seat (seat order may be drawn at setup). Identity if the game
   * does not reorder seats.
   */
  seating(state: S): number[];
  /** Public labels of a seat for reports (e.g. { faction: "red" }, { colour: "blue", side: "b" }). */
  seatTags(state: S, seat: Seat): Record<string, string>;
  /**
   * Options whose value is read from a JSON file named on the command line (`--<name> FILE`), e.g. a
   * custom map: option name → English help line. The parsed file becomes that option's value and is
   * checked by `parseOptions` like any other option.
   */
  readonly fileOptions?: Record<string, { help: string }>;
  /**
   * Options given on the command line as `--<name> VALUE` (or a bare `--<name>` flag, value true): option
   * name → English help line. The string (or true) becomes that option's value, checked by `parseOptions`.
   * `players` fixes the player count when the flag is given (e.g. a solo mode).
   */
  readonly valueOptions?: Record<
    string,
    { help: string; metavar?: string; flag?: boolean; players?: number }
  >;
  /**
   * The things on the table an action is about (typed targets), so that a drawn board can highlight
   * what may be clicked and map a click back to the actions it starts. Empty for an action about no
   * one thing (pass, end of step).
   */
  targetsOf?(action: A): readonly Target[];
  /**
   * Each seat's chances from a position, by the game's own reckoning: one number in [0, 1] per seat,
   * summing to about 1 (a seat far ahead near 1). Optional; search bots that have it cut their playouts
   * short and score the position with it instead of playing to the end. Called on complete states (the
   * worlds a bot samples from its view), never shown to anyone.
   */
  evaluate?(state: S): number[];
  /**
   * How the generic search bot (packages/bots) should search this game where its defaults do not suit it:
   * the iterations a decision of its two levels, and how its playouts are played.
   */
  readonly search?: SearchHints;
  /** Game-specific bots; the generic random bot is always available beside them. */
  readonly bots?: Record<string, BotFactory<V, A>>;
  /** Its name, description and length for lobbies (message keys of `messages`). */
  readonly info?: GameInfo;
  /** The options a lobby or the command line offers, in the order to show them. */
  readonly optionsSchema?: readonly OptionSpec[];
  /**
   * Bots from the weakest to the strongest (names of `bots`, or `random`): a lobby offers them in this
   * order and seats the strongest by default.
   */
  readonly botLevels?: readonly string[];
  /** What a prompt asks, in words, for the seat it asks (the action bar's line). */
  describePrompt?(prompt: Prompt, view: V, locale: Locale, seatName: (seat: Seat) => string): string;
  /**
   * Whether a log event opens a new round or a new turn, and which: a log groups its lines under them.
   * Null for any other event.
   */
  eventGroup?(event: GameEvent): { kind: 'round' | 'turn'; round?: number; seat?: Seat } | null;
  /** How far the game has come, for a lobby's list: its round and, if known, how many there are. */
  progress?(view: V): { round: number; of?: number } | null;
  /**
   * Whether `seat`'s action, applied from `before` to `after` (writing `events`), revealed anything that
   * was hidden from `seat` before it: a card drawn or looked at, a face-down thing turned up, another
   * seat's secret choice revealed, another seat's hidden cards changed, a random outcome (the state's
   * generator used). False promises that taking the action back leaves no seat knowing more than before
   * it, except what `seat` chose to show of its own hidden things (a card played from its hand). The
   * server lets a seat take back its own last steps while every step since was of this kind and no
   * other seat acted (docs/ARCHITECTURE.md, "Taking steps back"); a game without it offers no undo.
   * Answering true when unsure is always correct. `revealsHidden` builds it from the parts of the state
   * a seat cannot see; the property kit checks every false answer (`runPropertyGame` with `perturbHidden`).
   */
  reveals?(before: S, after: S, seat: Seat, action: A, events: readonly GameEvent[]): boolean;
}

/** A game's hints to the generic search bot (all optional; see packages/bots/src/ismcts.ts). */
export interface SearchHints {
  /** Iterations a decision of the `standard` and `strong` levels (a slow engine affords fewer). */
  standard?: number;
  strong?: number;
  /**
   * The `strong` level's iterations at tables of so many seats, in place of `strong` (e.g. fewer at bigger
   * tables, where a playout's steps cost more, to keep its time a decision); a size not listed plays `strong`.
   */
  strongBySeats?: Readonly<Record<number, number>>;
  /**
   * How playouts are played: uniformly at random, by every seat's timeout default, or as the game's own
   * strongest bot would play each seat (worth it when that bot decides in microseconds).
   */
  playout?: 'random' | 'default' | 'guide';
  /** Actions of a playout before `evaluate` scores it (games with an evaluation). */
  playoutDepth?: number;
  /** Candidates tried for a seat's further steps of a decision it has begun (0: branched on instead). */
  greedySteps?: number;
  /**
   * How much better (a chance of winning, 0..1) the search's own choice must look before it overrules the
   * game's own bot; a game whose evaluation misleads a short search keeps close to its own bot.
   */
  guideMargin?: number;
  /**
   * How the root is searched: the tree (information-set MCTS), or every root action played out in the
   * same sampled worlds with the same random streams, the worse half dropped round by round (`paired`).
   */
  root?: 'tree' | 'paired';
  /**
   * How the `strong` level plays differently from the `standard` one, beyond its iterations (e.g. longer
   * playouts: more iterations of the same search may only converge on the standard level's choices).
   */
  strongHints?: Omit<SearchHints, 'standard' | 'strong' | 'strongBySeats' | 'strongHints'>;
}

/** What a bot is told when it must decide: its own view and legal actions, nothing else. */
export interface BotContext<V = unknown, A = unknown> {
  seat: Seat;
  view: V;
  legal: A[];
  prompt: Prompt;
  rng: Rng;
}

export interface Bot<V = unknown, A = unknown> {
  readonly name: string;
  choose(ctx: BotContext<V, A>): A;
}

export type BotFactory<V = unknown, A = unknown> = (options: { seed: string }) => Bot<V, A>;

/* eslint-disable @typescript-eslint/no-explicit-any */
export type AnyGame = GameModule<any, any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}
export function err(
  code: string,
  message: string,
  rule?: string,
  params?: Record<string, unknown>,
): { ok: false; error: RuleError } {
  const error: RuleError = { code, message };
  if (rule) error.rule = rule;
  if (params) error.params = params;
  return { ok: false, error };
}

/** True when `viewer` may see `event`. */
export function canSee(event: GameEvent, viewer: Viewer): boolean {
  if (event.to) return viewer >= 0 && event.to.includes(viewer);
  if (event.notTo) return !event.notTo.includes(viewer);
  return true;
}
