/**
 * What the server keeps beside the store: its match settings (opaque JSON to the store) and the
 * fan-out bus between processes (`pubsub.ts`: a local bus, or Redis with REDIS_URL).
 */
import type { MatchInfo as StoredMatch } from '@tabula/store';

export interface MatchSettings {
  name?: string | null;
  clock: { mode: 'none' } | { mode: 'realtime'; seconds: number } | { mode: 'turn'; hours: number };
  onTimeout: 'default' | 'bot';
  botTakeover: boolean;
  botDelayMs: number;
  /** SHA-256 of the host token (the creator starts the match). */
  hostHash: string;
  /** Seat kinds as created: an open seat is a human seat anyone with the match link can take. */
  kinds: ('human' | 'bot' | 'open')[];
  /** Bot name per seat, for bot seats and for takeovers. */
  bots: (string | null)[];
  /** Several seats played at one screen (never rated; only the creator's seat is bound to an account). */
  hotseat?: boolean;
  /** Counts for ratings when every seat is a person with an account of their own (default true). */
  rated?: boolean;
  /** A seat may take back its own last steps while nothing was revealed (default true). */
  undo?: boolean;
}

export function settingsOf(m: StoredMatch): MatchSettings {
  return m.settings as unknown as MatchSettings;
}

/** Tells other server processes that a match moved on (they reload its new actions). */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  close(): Promise<void>;
}
