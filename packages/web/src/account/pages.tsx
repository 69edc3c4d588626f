/**
 * The account's pages: the header's corner (sign in, or the player's name, their matches waiting and
 * sign out), signing in and up (a guest's matches taken into the new account), a player's page (per game:
 * matches, wins, rating; their matches), a game's leaderboard, and the matches waiting for me. No game is
 * named here: names come from GET /api/games.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocale, useT } from '../i18n/index.js';
import { api } from '../net/api.js';
import type { LeaderboardRow, MatchInfo, PlayerPage as Page } from '../net/api.js';
import { nameOf, useGames } from '../net/games.js';
import { mySeats } from '../storage.js';
import { useAccount } from './context.js';

export const playerHref = (name: string) => `#/p/${encodeURIComponent(name)}`;
export const rating = (x: number) => x.toFixed(1);

/** The header's corner: "Sign in", or the player's page, the matches waiting for them, and sign out. */
export function AccountBar() {
  const t = useT();
  const { account, setAccount, turns } = useAccount();
  if (account === undefined) return null;
  if (!account)
    return (
      <nav className="account-bar" aria-label={t('account.signIn')}>
        <a href="#/signin" data-testid="sign-in-link">
          {t('account.signIn')}
        </a>
      </nav>
    );
  return (
    <nav className="account-bar" aria-label={account.name} data-testid="account-bar">
      {turns.length > 0 && (
        <a href="#/" className="turns-badge" data-testid="turns-badge">
          {t('turns.count', { n: turns.length })}
        </a>
      )}
      <a href={playerHref(account.name)} data-testid="me">
        {account.name}
      </a>
      <a href="#/account">{t('account.settings')}</a>
      <button
        type="button"
        className="link"
        onClick={() =>
          void api.signOut().then(() => {
            setAccount(null);
            location.hash = '#/';
          })
        }
      >
        {t('account.signOut')}
      </button>
    </nav>
  );
}

/** Signing in, or creating an account (which may take in the matches this browser played as a guest). */
export function SignInPage({ mode }: { mode: 'in' | 'up' }) {
  const t = useT();
  const { setAccount } = useAccount();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const guestSeats = mySeats().filter((s) => !s.hotseat);
  const guestMatches = new Set(guestSeats.map((s) => s.match)).size;
  const [claim, setClaim] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === 'up') {
        const seats = claim ? guestSeats.map((s) => ({ match: s.match, token: s.token })) : undefined;
        const r = await api.signUp(name.trim(), password, seats);
        setNote(t('account.claimed', { n: r.claimed.length }));
        setAccount(r.account);
      } else {
        const r = await api.signIn(name.trim(), password);
        setAccount(r.account);
      }
      location.hash = '#/';
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="account-page">
      <h1>{mode === 'up' ? t('account.signUp') : t('account.signIn')}</h1>
      <form onSubmit={submit} className="account-form" data-testid={mode === 'up' ? 'sign-up' : 'sign-in'}>
        <label>
          {t('account.name')}
          <input
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="username"
            maxLength={24}
            required
          />
        </label>
        {mode === 'up' && <small>{t('account.nameHelp')}</small>}
        <label>
          {t('account.password')}
          <input
            name="password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete={mode === 'up' ? 'new-password' : 'current-password'}
            maxLength={200}
            required
          />
        </label>
        {mode === 'up' && <small>{t('account.passwordHelp')}</small>}
        {mode === 'up' && guestMatches > 0 && (
          <label className="check">
            <input type="checkbox" checked={claim} onChange={(e) => setClaim(e.target.checked)} />{' '}
            {t('account.claim', { n: guestMatches })}
          </label>
        )}
        <button type="submit" disabled={busy}>
          {busy ? t('account.busy') : mode === 'up' ? t('account.signUp') : t('account.signIn')}
        </button>
        {error && (
          <p className="error" role="alert">
            {t('account.error', { message: error })}
          </p>
        )}
        {note && <p role="status">{note}</p>}
      </form>
      <p>
        {mode === 'up' ? t('account.haveAccount') : t('account.noAccount')}{' '}
        <a href={mode === 'up' ? '#/signin' : '#/signup'}>
          {mode === 'up' ? t('account.signIn') : t('account.signUp')}
        </a>
      </p>
    </main>
  );
}

/** A match in a player's list: the game, its name, the players, how it stands for them. */
function MatchLine({ m, seat }: { m: MatchInfo; seat: number }) {
  const t = useT();
  const { games } = useGames();
  const { locale } = useLocale();
  const outcome = m.outcome as { winners?: number[] } | null;
  const status =
    m.status === 'finished'
      ? outcome?.winners?.includes(seat)
        ? t('player.won')
        : t('player.lost')
      : m.status === 'open'
        ? t('player.waiting')
        : t('player.playing');
  return (
    <li className="player-match" data-testid="player-match" data-status={m.status}>
      <a href={m.status === 'finished' ? `#/replay/${m.id}` : `#/m/${m.id}`}>
        {m.name || nameOf(games, m.game, locale)}
      </a>{' '}
      · {status}
      {m.rated ? ` · ${t('table.rated')}` : ''} ·{' '}
      {m.seats.map((s, i) => (
        <span key={s.seat}>
          {i > 0 ? ', ' : ''}
          {s.account ? (
            <a href={playerHref(s.account)}>{s.account}</a>
          ) : (
            s.name || t('player.asSeat', { n: s.seat + 1 })
          )}
        </span>
      ))}
    </li>
  );
}

/** A player's page: per game their finished and running matches, wins and rating; their matches. */
export function PlayerPage({ name }: { name: string }) {
  const t = useT();
  const { games } = useGames();
  const { locale } = useLocale();
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPage(null);
    setError(null);
    api
      .player(name)
      .then(setPage, (e: Error & { code?: string }) =>
        setError(e.code === 'noPlayer' ? t('player.notFound', { name }) : e.message),
      );
  }, [name]); // eslint-disable-line react-hooks/exhaustive-deps
  if (error)
    return (
      <main className="account-page">
        <p role="alert" className="error">
          {error}
        </p>
      </main>
    );
  if (!page) return <p role="status">…</p>;
  const running = page.matches.filter((m) => m.match.status !== 'finished');
  const finished = page.matches.filter((m) => m.match.status === 'finished');
  return (
    <main className="account-page" data-testid="player-page">
      <h1>{page.name}</h1>
      <p>{t('player.since', { date: new Date(page.createdAt).toLocaleDateString(locale) })}</p>
      <h2>{t('player.games')}</h2>
      <table className="stats" data-testid="player-stats">
        <thead>
          <tr>
            <th>{t('player.game')}</th>
            <th>{t('player.played')}</th>
            <th>{t('player.wins')}</th>
            <th>{t('player.running')}</th>
            <th>{t('player.rating')}</th>
          </tr>
        </thead>
        <tbody>
          {page.games.map((g) => (
            <tr key={g.game} data-game={g.game}>
              <td>
                <a href={`#/ratings/${g.game}`}>{nameOf(games, g.game, locale)}</a>
              </td>
              <td>{g.games}</td>
              <td>{g.wins}</td>
              <td>{g.running}</td>
              <td data-testid="rating">{g.rating ? rating(g.rating.ordinal) : t('player.noRating')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('player.matches')}</h2>
      {page.matches.length === 0 && <p>{t('player.noMatches')}</p>}
      <ul className="player-matches">
        {[...running, ...finished].map((m) => (
          <MatchLine key={m.match.id} m={m.match} seat={m.seat} />
        ))}
      </ul>
    </main>
  );
}

/** A game's leaderboard. */
export function LeaderboardPage({ game }: { game: string }) {
  const t = useT();
  const { games } = useGames();
  const { locale } = useLocale();
  const [rows, setRows] = useState<LeaderboardRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.leaderboard(game).then(setRows, (e: Error) => setError(e.message));
  }, [game]);
  return (
    <main className="account-page" data-testid="leaderboard">
      <h1>{t('ratings.title', { game: nameOf(games, game, locale) })}</h1>
      <p>{t('ratings.explain')}</p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {rows && rows.length === 0 && <p>{t('ratings.empty')}</p>}
      {rows && rows.length > 0 && (
        <table className="stats">
          <thead>
            <tr>
              <th>{t('ratings.rank')}</th>
              <th>{t('ratings.player')}</th>
              <th>{t('ratings.rating')}</th>
              <th>{t('ratings.matches')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name}>
                <td>{r.rank}</td>
                <td>
                  <a href={playerHref(r.name)}>{r.name}</a>
                </td>
                <td>{rating(r.ordinal)}</td>
                <td>{r.matches}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

/** The lobby's list of matches waiting for the signed-in player (or a word to guests). */
export function TurnsPanel() {
  const t = useT();
  const { account, turns } = useAccount();
  const { games } = useGames();
  const { locale } = useLocale();
  if (account === undefined) return null;
  if (!account)
    return (
      <p className="guest-note">
        {t('account.guestNote')} <a href="#/signin">{t('account.signInToSee')}</a>
      </p>
    );
  return (
    <section aria-labelledby="turns" className="turns" data-testid="turns">
      <h2 id="turns">{t('turns.title')}</h2>
      {turns.length === 0 ? (
        <p>{t('turns.none')}</p>
      ) : (
        <ul>
          {turns.map(({ match }) => (
            <li key={match.id}>
              <a href={`#/m/${match.id}`}>
                {t('turns.open', { match: match.name || nameOf(games, match.game, locale) })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A finished rated match's rating changes, by seat (read again for a few seconds: it is rated as it ends). */
export function RatingChanges({ matchId }: { matchId: string }) {
  const t = useT();
  const [rows, setRows] = useState<Awaited<ReturnType<typeof api.ratingChanges>>>([]);
  useEffect(() => {
    let live = true;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = () =>
      api.ratingChanges(matchId).then(
        (r) => {
          if (!live) return;
          setRows(r);
          if (!r.length && ++tries < 8) timer = setTimeout(load, 1000);
        },
        () => undefined,
      );
    void load();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [matchId]);
  if (!rows.length) return null;
  return (
    <div className="rating-changes" data-testid="rating-changes">
      <h3>{t('ratings.changes')}</h3>
      <ul>
        {rows.map((r) => (
          <li key={r.seat}>
            {t('ratings.change', {
              name: r.name,
              from: rating(r.before.ordinal),
              to: rating(r.after.ordinal),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
