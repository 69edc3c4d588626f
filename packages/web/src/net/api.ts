/** HTTP calls to the server (docs/PROTOCOL.md). Errors carry the server's code and message. */

import type {
  AccountInfo,
  ClockSettings,
  GameSummary,
  LeaderboardRow,
  MatchInfo,
  NotifySettings,
  PlayerPage,
  RatingInfo,
  SeatInfo,
} from '@tabula/protocol';

export type {
  AccountInfo,
  GameSummary,
  LeaderboardRow,
  MatchInfo,
  NotifySettings,
  PlayerPage,
  RatingInfo,
  SeatInfo,
};
export type Clock = ClockSettings;

export interface CreateMatchBody {
  game: string;
  players: number;
  seats: { kind: 'human' | 'bot' | 'open'; bot?: string; name?: string }[];
  options?: Record<string, unknown>;
  clock?: Clock;
  onTimeout?: 'default' | 'bot';
  botTakeover?: boolean;
  /** The bot level that takes a person's seat over (default: the strongest). */
  takeoverBot?: string;
  botDelayMs?: number;
  name?: string;
  hotseat?: boolean;
  rated?: boolean;
  undo?: boolean;
}

export interface CreatedMatch {
  id: string;
  hostToken: string;
  seats: { seat: number; kind: string; token?: string }[];
  match: MatchInfo;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok)
    throw new ApiError(res.status, data?.error?.code ?? 'http', data?.error?.message ?? res.statusText);
  return data as T;
}

export const api = {
  games: () => call<GameSummary[]>('GET', '/api/games'),
  create: (b: CreateMatchBody) => call<CreatedMatch>('POST', '/api/matches', b),
  list: (q: { status?: string; ids?: string[] }) => {
    const p = new URLSearchParams();
    if (q.status) p.set('status', q.status);
    if (q.ids) p.set('ids', q.ids.join(','));
    return call<MatchInfo[]>('GET', `/api/matches?${p}`);
  },
  match: (id: string) => call<MatchInfo>('GET', `/api/matches/${encodeURIComponent(id)}`),
  join: (id: string, name?: string, seat?: number) =>
    call<{ seat: number; token: string; match: MatchInfo }>(
      'POST',
      `/api/matches/${encodeURIComponent(id)}/join`,
      { name, seat },
    ),
  seatOf: (id: string, token: string) =>
    call<{ seat: number; name: string }>('POST', `/api/matches/${encodeURIComponent(id)}/seat`, { token }),
  start: (id: string, token: string) =>
    call<MatchInfo>('POST', `/api/matches/${encodeURIComponent(id)}/start`, { token }),
  resign: (id: string, token: string) =>
    call<{ ok: boolean }>('POST', `/api/matches/${encodeURIComponent(id)}/resign`, { token }),
  leave: (id: string, token: string) =>
    call<{ ok: boolean }>('POST', `/api/matches/${encodeURIComponent(id)}/leave`, { token }),
  record: (id: string) => call<unknown>('GET', `/api/matches/${encodeURIComponent(id)}/record`),
  me: () => call<{ account: AccountInfo | null }>('GET', '/api/account'),
  signUp: (name: string, password: string, seats?: { match: string; token: string }[]) =>
    call<{ account: AccountInfo; claimed: { match: string; seat: number }[] }>(
      'POST',
      '/api/account/signup',
      {
        name,
        password,
        seats,
      },
    ),
  signIn: (name: string, password: string) =>
    call<{ account: AccountInfo }>('POST', '/api/account/signin', { name, password }),
  signOut: () => call<{ ok: boolean }>('POST', '/api/account/signout'),
  changePassword: (current: string, password: string) =>
    call<{ ok: boolean }>('POST', '/api/account/password', { current, password }),
  claim: (seats: { match: string; token: string }[]) =>
    call<{ claimed: { match: string; seat: number }[] }>('POST', '/api/account/claim', { seats }),
  saveNotify: (notify: NotifySettings) =>
    call<{ account: AccountInfo }>('POST', '/api/account/settings', { notify }),
  turns: () => call<{ matches: { match: MatchInfo; seat: number }[] }>('GET', '/api/account/turns'),
  player: (name: string) => call<PlayerPage>('GET', `/api/players/${encodeURIComponent(name)}`),
  leaderboard: (game: string) => call<LeaderboardRow[]>('GET', `/api/ratings/${encodeURIComponent(game)}`),
  ratingChanges: (id: string) =>
    call<{ seat: number; name: string; before: RatingInfo; after: RatingInfo }[]>(
      'GET',
      `/api/matches/${encodeURIComponent(id)}/ratings`,
    ),
  pushKey: () => call<{ key: string }>('GET', '/api/push/key'),
  pushSubscribe: (sub: unknown) => call<{ ok: boolean }>('POST', '/api/push/subscribe', sub),
  pushUnsubscribe: (endpoint: string) => call<{ ok: boolean }>('POST', '/api/push/unsubscribe', { endpoint }),
};
