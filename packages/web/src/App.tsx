/** Routes (hash-based, so the server serves one page): lobby, table, join, hotseat. */
import { useEffect, useState } from 'react';
import { LanguageSwitch, useT } from './i18n/index.js';
import { Lobby } from './lobby/Lobby.js';
import { TablePage } from './shell/TablePage.js';
import { HotseatPage } from './shell/HotseatPage.js';
import { JoinPage } from './lobby/JoinPage.js';
import { Credits } from './lobby/Credits.js';
import { playerName, rememberSeat, seatsOf } from './storage.js';

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
  let page;
  if (parts[0] === 'm' && parts[1]) {
    const id = parts[1];
    let token = params.get('token');
    if (token) {
      // An invite link: remember the seat so the match can be resumed from the lobby.
      rememberSeat({
        match: id,
        game: '',
        seat: -1,
        token,
        name: playerName(),
        at: new Date().toISOString(),
      });
      history.replaceState(null, '', `#/m/${id}`);
    } else if (!params.get('watch'))
      token = seatsOf(id).find((s) => !s.hotseat)?.token ?? seatsOf(id)[0]?.token ?? null;
    page = <TablePage key={`${id}:${token}`} matchId={id} token={token} name={playerName() || undefined} />;
  } else if (parts[0] === 'hotseat' && parts[1]) page = <HotseatPage key={parts[1]} matchId={parts[1]} />;
  else if (parts[0] === 'join' && parts[1]) page = <JoinPage matchId={parts[1]} />;
  else if (parts[0] === 'credits') page = <Credits />;
  else page = <Lobby />;
  return (
    <>
      <header className="top">
        <a href="#/" className="brand">
          {t('app.title')}
        </a>
        <span className="tagline">{t('app.tagline')}</span>
        <LanguageSwitch />
      </header>
      {page}
      <footer>
        <a href="#/credits">{t('lobby.credits')}</a>
      </footer>
    </>
  );
}
