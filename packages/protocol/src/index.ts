/**
 * The wire protocol (docs/PROTOCOL.md). Every message from a client is validated here at the
 * boundary; nothing unvalidated reaches a match. Messages to clients carry only per-seat views and
 * the events that seat may see.
 */
import { z } from 'zod';

export const MAX_MESSAGE_BYTES = 64 * 1024;
export const MAX_CHAT_LENGTH = 500;

const json = z.unknown();

/** Client → server over WebSocket. */
export const ClientMessage = z.discriminatedUnion('t', [
  /** First message: which match, which seat (by token; none = spectator), last version seen. */
  z.object({
    t: z.literal('hello'),
    match: z.string().min(1).max(64),
    token: z.string().min(1).max(200).optional(),
    since: z.number().int().min(0).optional(),
    name: z.string().max(40).optional(),
  }),
  /** An action, sent against the version the client last saw (stale versions are rejected). */
  z.object({
    t: z.literal('act'),
    v: z.number().int().min(0),
    action: json,
    id: z.string().max(64).optional(),
  }),
  z.object({
    t: z.literal('chat'),
    text: z.string().min(1).max(MAX_CHAT_LENGTH),
    to: z.number().int().min(0).max(15).optional(),
  }),
  z.object({ t: z.literal('resign') }),
  z.object({ t: z.literal('leave') }),
  z.object({ t: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const SeatRequest = z.object({
  kind: z.enum(['human', 'bot', 'open']),
  bot: z.string().max(40).optional(),
  name: z.string().max(40).optional(),
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
  game: z.string().min(1).max(40),
  players: z.number().int().min(1).max(16),
  options: z.record(z.string(), json).optional(),
  seats: z.array(SeatRequest).max(16).optional(),
  clock: ClockSettings.optional(),
  /** On timeout: the game's default action, or a bot takes the seat over. */
  onTimeout: z.enum(['default', 'bot']).optional(),
  /** A bot takes a seat whose player leaves. */
  botTakeover: z.boolean().optional(),
  /** Milliseconds a bot waits before acting (so games with bots feel natural). */
  botDelayMs: z.number().int().min(0).max(60_000).optional(),
  seed: z.string().max(100).optional(),
  name: z.string().max(40).optional(),
});
export type CreateMatch = z.infer<typeof CreateMatch>;

export const JoinMatch = z.object({
  seat: z.number().int().min(0).max(15).optional(),
  name: z.string().max(40).optional(),
});
export const TokenBody = z.object({ token: z.string().min(1).max(200) });

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
      deadline: number | null;
    }
  | { t: 'ack'; v: number; id?: string }
  | { t: 'chat'; line: ChatLine }
  | { t: 'presence'; connected: boolean[] }
  | { t: 'error'; code: string; message: string; rule?: string; v?: number; id?: string }
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
}
