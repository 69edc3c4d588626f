/**
 * Routes (hash-based, so the server serves one page): lobby, table (`#/m/<id>`, an invite with
 * `?token=`), join an open seat, hotseat, replay (`#/replay/<id>?step=N&seat=S`, or a saved file),
 * a game's rules summary, credits; signing in and up (`#/signin`, `#/signup`), the account's settings
 * (`#/account`), a player's page (`#/p/<name>`), a game's leaderboard (`#/ratings/<game>`).
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { LanguageSwitch, useT } from './i18n/index.js';
import { Lobby } from './lobby/Lobby.js';
import { TablePage } from './shell/TablePage.js';
import { HotseatPage } from './shell/HotseatPage.js';
import { InvitePage, JoinPage } from './lobby/JoinPage.js';
import { RulesPage } from './lobby/GameCards.js';
import { ReplayPage } from './shell/ReplayPage.js';
import { Credits } from './lobby/Credits.js';
import { playerName, seatsOf } from './storage.js';
import { AccountBar, LeaderboardPage, PlayerPage, SignInPage } from './account/pages.js';
import { SettingsPage } from './account/SettingsPage.js';
import { setBaseTitle } from './account/title.js';

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash;
}

export function App() {
  const hash = useHash();
  const t = useT();
  const [path, query] = hash.replace(/^#/, '').split('?') as [string, string | undefined];
  const params = new URLSearchParams(query ?? '');
  const parts = path.split('/').filter(Boolean);
  // Every page starts with the plain title (layout effects run before the page's own effects).
  useLayoutEffect(() => setBaseTitle('Tabula'), [hash]);
  let page;
  if (parts[0] === 'm' && parts[1]) {
    const id = parts[1];
    const invite = params.get('token');
    let token: string | null = null;
    if (invite && !seatsOf(id).some((s) => s.token === invite))
      // An invite link: the guest says their name first (InvitePage remembers the seat).
      page = <InvitePage key={id} matchId={id} token={invite} />;
    else {
      if (invite) {
        token = invite;
        history.replaceState(null, '', `#/m/${id}`);
      } else if (!params.get('watch'))
        token = seatsOf(id).find((s) => !s.hotseat)?.token ?? seatsOf(id)[0]?.token ?? null;
      const name = seatsOf(id).find((s) => s.token === token)?.name || playerName() || undefined;
      page = <TablePage key={`${id}:${token}`} matchId={id} token={token} name={name} />;
    }
  } else if (parts[0] === 'hotseat' && parts[1]) page = <HotseatPage key={parts[1]} matchId={parts[1]} />;
  else if (parts[0] === 'join' && parts[1]) page = <JoinPage matchId={parts[1]} />;
  else if (parts[0] === 'replay')
    page = (
      <ReplayPage
        key={parts[1] ?? 'file'}
        matchId={parts[1] && parts[1] !== 'file' ? parts[1] : null}
        step={params.get('step')}
        seat={params.get('seat')}
      />
    );
  else if (parts[0] === 'rules' && parts[1]) page = <RulesPage id={decodeURIComponent(parts[1])} />;
  else if (parts[0] === 'credits') page = <Credits />;
  else if (parts[0] === 'signin') page = <SignInPage key="in" mode="in" />;
  else if (parts[0] === 'signup') page = <SignInPage key="up" mode="up" />;
  else if (parts[0] === 'account') page = <SettingsPage />;
  else if (parts[0] === 'p' && parts[1]) page = <PlayerPage name={decodeURIComponent(parts[1])} />;
  else if (parts[0] === 'ratings' && parts[1]) page = <LeaderboardPage game={decodeURIComponent(parts[1])} />;
  else page = <Lobby />;
  return (
    <>
      <header className="top">
        <a href="#/" className="brand">
          {t('app.title')}
        </a>
        <span className="tagline">{t('app.tagline')}</span>
        <AccountBar />
        <LanguageSwitch />
      </header>
      {page}
      <footer>
        <a href="#/credits">{t('lobby.credits')}</a>
      </footer>
    </>
  );
}
