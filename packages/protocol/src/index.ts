/**
 * The wire protocol (docs/PROTOCOL.md). Every message from a client is validated here at the
 * boundary; nothing unvalidated reaches a match. Messages to clients carry only per-seat views and
 * the events that seat may see.
 */
import { z } from 'zod';

export const MAX_MESSAGE_BYTES = 64 * 1024;
export const MAX_CHAT_LENGTH = 500;

const json = z.unknown();

/**
 * Why a text is refused, or null: control characters (NUL and the rest of C0 and C1, DEL; chat may
 * hold line breaks and tabs) and unpaired UTF-16 surrogates (not text at all). Such bytes are refused
 * at the boundary with the field named, before they reach a database that cannot store them.
 */
export function badText(s: string, multiline = false): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      if (multiline && (c === 0x0a || c === 0x09)) continue;
      return `contains a control character (U+${c.toString(16).toUpperCase().padStart(4, '0')})`;
    }
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      return 'is not valid text (an unpaired surrogate)';
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'is not valid text (an unpaired surrogate)';
  }
  return null;
}

/** The first string (or key) of a JSON value that `badText` refuses, as `path: why`, or null. */
export function badJsonText(v: unknown, path = ''): string | null {
  if (typeof v === 'string') {
    const why = badText(v, true);
    return why ? `${path || '(value)'}: text ${why}` : null;
  }
  if (v === null || typeof v !== 'object') return null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const r = badJsonText(v[i], `${path}[${i}]`);
      if (r) return r;
    }
    return null;
  }
  for (const [k, x] of Object.entries(v)) {
    const why = badText(k);
    if (why) return `${path || '(value)'}: a key ${why}`;
    const r = badJsonText(x, path ? `${path}.${k}` : k);
    if (r) return r;
  }
  return null;
}

/** Any JSON whose strings and keys are all text (see `badText`). */
const textJson = z.unknown().superRefine((v, ctx) => {
  const why = badJsonText(v);
  if (why) ctx.addIssue({ code: 'custom', message: why });
});

/** A string of printable text (see `badText`). */
const text = (min: number, max: number, multiline = false) =>
  z
    .string()
    .min(min)
    .max(max)
    .superRefine((s, ctx) => {
      const why = badText(s, multiline);
      if (why) ctx.addIssue({ code: 'custom', message: `Text ${why}` });
    });

/** Match ids, seat tokens and client action ids: letters, digits, '-' and '_' only. */
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const ident = (max: number, what: string) =>
  z.string().min(1).max(max).regex(ID_PATTERN, `${what} hold only letters, digits, '-' and '_'`);

/** Client → server over WebSocket. */
export const ClientMessage = z.discriminatedUnion('t', [
  /** First message: which match, which seat (by token; none = spectator), last version seen. */
  z.object({
    t: z.literal('hello'),
    match: ident(64, 'Match ids'),
    token: ident(200, 'Seat tokens').optional(),
    since: z.number().int().min(0).optional(),
    name: text(0, 40).optional(),
  }),
  /** An action, sent against the version the client last saw (stale versions are rejected). */
  z.object({
    t: z.literal('act'),
    v: z.number().int().min(0),
    action: json,
    id: text(0, 64).optional(),
  }),
  z.object({
    t: z.literal('chat'),
    text: text(1, MAX_CHAT_LENGTH, true),
    to: z.number().int().min(0).max(15).optional(),
  }),
  z.object({ t: z.literal('resign') }),
  /** Take back my last step, sent against the version the client last saw (see `undo` in updates). */
  z.object({ t: z.literal('undo'), v: z.number().int().min(0), id: text(0, 64).optional() }),
  z.object({ t: z.literal('leave') }),
  z.object({ t: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const SeatRequest = z.object({
  kind: z.enum(['human', 'bot', 'open']),
  bot: text(0, 40).optional(),
  name: text(0, 40).optional(),
});

export const ClockSettings = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  /** Seconds per decision. */
  z.object({ mode: z.literal('realtime'), seconds: z.number().min(0.1).max(3600) }),
  /** Hours per decision (turn-based, over days). */
  z.object({
    mode: z.literal('turn'),
    hours: z
      .number()
      .min(0.01)
      .max(24 * 14),
  }),
]);
export type ClockSettings = z.infer<typeof ClockSettings>;

export const CreateMatch = z.object({
  game: text(1, 40),
  players: z.number().int().min(1).max(16),
  options: z.record(z.string(), textJson).optional(),
  seats: z.array(SeatRequest).max(16).optional(),
  clock: ClockSettings.optional(),
  /** On timeout: the game's default action, or a bot takes the seat over. */
  onTimeout: z.enum(['default', 'bot']).optional(),
  /** A bot takes a seat whose player leaves. */
  botTakeover: z.boolean().optional(),
  /** The bot level that takes a person's seat over (leaving, or running out of time with onTimeout 'bot'); default the strongest. */
  takeoverBot: text(1, 40).optional(),
  /** Milliseconds a bot waits before acting (so games with bots feel natural). */
  botDelayMs: z.number().int().min(0).max(60_000).optional(),
  seed: text(0, 100).optional(),
  name: text(0, 40).optional(),
  /** Several seats played at one screen: no seat beyond the creator's is bound to an account, never rated. */
  hotseat: z.boolean().optional(),
  /** Whether the match counts for ratings when it can (default true; see docs/PROTOCOL.md, Ratings). */
  rated: z.boolean().optional(),
  /** Whether a seat may take back its own last steps while nothing was revealed (default true). */
  undo: z.boolean().optional(),
});
export type CreateMatch = z.infer<typeof CreateMatch>;

export const JoinMatch = z.object({
  seat: z.number().int().min(0).max(15).optional(),
  name: text(0, 40).optional(),
});
export const TokenBody = z.object({ token: ident(200, 'Seat tokens') });
/** A seat named by its token, or (for a signed-in player) by the account it is bound to. */
export const SeatBody = z.object({ token: ident(200, 'Seat tokens').optional() });

/**
 * An account's name: 2 to 24 letters or digits (any script), with single spaces, '.', '_' or '-' between
 * them.
 */
export const ACCOUNT_NAME = /^[\p{L}\p{N}](?:[ ._-]?[\p{L}\p{N}])+$/u;
export const AccountName = text(2, 24).regex(
  ACCOUNT_NAME,
  "Names hold letters and digits, with single spaces, '.', '_' or '-' between them",
);
export const Password = text(8, 200);

export const SignUp = z.object({
  name: AccountName,
  password: Password,
  /** Seats this browser played as a guest, claimed into the new account. */
  seats: z
    .array(z.object({ match: ident(64, 'Match ids'), token: ident(200, 'Seat tokens') }))
    .max(200)
    .optional(),
});
export const SignIn = z.object({ name: text(1, 24), password: text(1, 200) });
export const PasswordChange = z.object({ current: text(1, 200), password: Password });
export const ClaimSeats = z.object({
  seats: z.array(z.object({ match: ident(64, 'Match ids'), token: ident(200, 'Seat tokens') })).max(200),
});

/** Where "your turn" reaches a player: each channel on or off, with its address. */
export const NotifySettings = z.object({
  push: z.boolean().optional(),
  email: z.union([z.literal(''), z.email().max(200)]).optional(),
  emailOn: z.boolean().optional(),
  webhook: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
  webhookOn: z.boolean().optional(),
  /** The language of the notices. */
  locale: z.enum(['en', 'ru']).optional(),
});
export type NotifySettings = z.infer<typeof NotifySettings>;
export const AccountSettingsBody = z.object({ notify: NotifySettings });

/** A browser's Push API subscription (PushSubscription.toJSON()). */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  keys: z.object({ p256dh: text(1, 200), auth: text(1, 100) }),
});
export const PushEndpoint = z.object({ endpoint: text(1, 1000) });

/** Server → client. */
export type ServerMessage =
  | {
      t: 'welcome';
      match: MatchInfo;
      seat: number;
      v: number;
      view: unknown;
      legal: unknown[];
      prompts: unknown[];
      waitingFor: number[];
      responses: boolean;
      /** Whether this seat may take back its last step now. */
      undo: boolean;
      deadline: number | null;
      events: VersionedEvent[];
      chat: ChatLine[];
      resync: boolean;
    }
  | {
      t: 'update';
      v: number;
      events: VersionedEvent[];
      view: unknown;
      legal: unknown[];
      prompts: unknown[];
      waitingFor: number[];
      responses: boolean;
      undo: boolean;
      deadline: number | null;
    }
  | { t: 'ack'; v: number; id?: string }
  | { t: 'chat'; line: ChatLine }
  | { t: 'presence'; connected: boolean[] }
  | { t: 'error'; code: string; message: string; rule?: string; v?: number; id?: string; ref?: string }
  | { t: 'pong' };

export interface VersionedEvent {
  v: number;
  key: string;
  params?: Record<string, unknown>;
  rules?: readonly string[];
}

export interface ChatLine {
  id: number;
  seat: number | null;
  to: number | null;
  text: string;
  at: string;
}

export interface SeatInfo {
  seat: number;
  kind: 'human' | 'bot' | 'open';
  name: string | null;
  /** The name of the account the seat is bound to (its player's page), or null for a guest or a bot. */
  account: string | null;
  bot: string | null;
  taken: boolean;
  connected: boolean;
}

export interface MatchInfo {
  id: string;
  game: string;
  name: string | null;
  status: 'open' | 'active' | 'finished' | 'abandoned';
  players: number;
  seats: SeatInfo[];
  v: number;
  clock: ClockSettings;
  outcome: unknown;
  createdAt: string;
  /** The last move, seat change or status change. */
  updatedAt: string;
  /** The seats the game waits for (active matches held by the server; response windows name nobody). */
  waitingFor: number[];
  /** How far the game has come (active and finished matches of games that say). */
  progress: { round: number; of?: number } | null;
  /** Whether the match counts for ratings (all seats people with accounts of their own, not a hotseat). */
  rated: boolean;
  /** Whether a seat may take back its own steps within its turn while nothing was revealed. */
  undo: boolean;
}

/** The signed-in player, as their own pages show it. */
export interface AccountInfo {
  id: string;
  name: string;
  createdAt: string;
  notify: NotifySettings;
}

/** A rating: OpenSkill's (mu, sigma) and the conservative estimate shown, mu − 3·sigma. */
export interface RatingInfo {
  mu: number;
  sigma: number;
  ordinal: number;
}

/** `GET /api/players/:name`: a player's page. */
export interface PlayerPage {
  name: string;
  createdAt: string;
  /** Per game: finished matches, wins, running matches, the rating (null before a rated match). */
  games: {
    game: string;
    games: number;
    wins: number;
    running: number;
    rating: RatingInfo | null;
    rated: number;
  }[];
  /** Matches, most recently active first, with the player's seat. */
  matches: { match: MatchInfo; seat: number }[];
}

/** `GET /api/ratings/:game`: the leaderboard. */
export interface LeaderboardRow extends RatingInfo {
  rank: number;
  name: string;
  matches: number;
}

/** Words in every locale of the client. */
export type Words = Record<'en' | 'ru', string>;

/** One option of a game as a lobby shows it (labels in words; see OptionSpec in the engine contract). */
export type OptionSummary = { key: string; label: Words; help: Words | null } & (
  | {
      kind: 'choice';
      choices: readonly { value: string; label: Words }[];
      default: string;
      perSeat?: boolean;
    }
  | { kind: 'flag'; default: boolean; players?: number }
  | { kind: 'number'; min: number; max: number; default: number }
  | { kind: 'file' }
);

/** `GET /api/games`: a game as a lobby offers it, without its rules. */
export interface GameSummary {
  id: string;
  shortId: string;
  name: Words;
  description: Words;
  rulesSummary: Words | null;
  /** A typical game's length in minutes, shortest and longest. */
  minutes: readonly [number, number] | null;
  minSeats: number;
  maxSeats: number;
  /** From the weakest to the strongest; the last is the default. */
  bots: string[];
  options: OptionSummary[];
  rulesVersion: string;
}
