/**
 * The signed-in player (or a guest): read once from the server, changed by signing in and out; while
 * signed in, the matches waiting for them are read every 20 s and whenever a table moves, and counted in
 * the page title.
 */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { api } from '../net/api.js';
import type { AccountInfo, MatchInfo } from '../net/api.js';
import { setTurnCount } from './title.js';

export interface AccountState {
  /** undefined while it is being read. */
  account: AccountInfo | null | undefined;
  setAccount(a: AccountInfo | null): void;
  /** Matches waiting for the signed-in player's decision. */
  turns: { match: MatchInfo; seat: number }[];
  refreshTurns(): void;
}

const Ctx = createContext<AccountState>({
  account: null,
  setAccount: () => {},
  turns: [],
  refreshTurns: () => {},
});

export const useAccount = () => useContext(Ctx);

/** Tables tell the account part that a match moved (the list of turns may have changed). */
export const TURNS_EVENT = 'tabula:turns';

export function AccountProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<AccountInfo | null | undefined>(undefined);
  const [turns, setTurns] = useState<{ match: MatchInfo; seat: number }[]>([]);
  useEffect(() => {
    api.me().then(
      (r) => setAccount(r.account),
      () => setAccount(null),
    );
  }, []);
  const refreshTurns = useCallback(() => {
    if (!account) return;
    api.turns().then(
      (r) => setTurns(r.matches),
      () => undefined,
    );
  }, [account]);
  useEffect(() => {
    if (!account) {
      setTurns([]);
      return;
    }
    refreshTurns();
    const id = setInterval(refreshTurns, 20_000);
    let soon: ReturnType<typeof setTimeout> | null = null;
    const on = () => {
      if (soon) clearTimeout(soon);
      soon = setTimeout(refreshTurns, 500);
    };
    window.addEventListener(TURNS_EVENT, on);
    // A "your turn" pushed to this browser: the list is read again at once.
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    const onPush = (e: MessageEvent) => {
      if ((e.data as { t?: string } | null)?.t === 'push') on();
    };
    sw?.addEventListener('message', onPush);
    return () => {
      clearInterval(id);
      if (soon) clearTimeout(soon);
      window.removeEventListener(TURNS_EVENT, on);
      sw?.removeEventListener('message', onPush);
    };
  }, [account, refreshTurns]);
  useEffect(() => setTurnCount(turns.length), [turns]);
  return <Ctx.Provider value={{ account, setAccount, turns, refreshTurns }}>{children}</Ctx.Provider>;
}
