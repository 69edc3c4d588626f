/**
 * The lobby: a card per game the server offers, the new-match form (seats, bots and their pace, clock,
 * the game's declared options), invite links, and the matches (filtered by game, status and mine, the
 * matches of bots among themselves apart). No game is named here: everything comes from GET /api/games.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../net/api.js';
import type { CreatedMatch } from '../net/api.js';
import { nameOf, useGames } from '../net/games.js';
import { OptionsForm } from './OptionsForm.js';
import { GameCards } from './GameCards.js';
import { MatchBrowser } from './MatchList.js';
import { useLocale, useT } from '../i18n/index.js';
import { botLabel } from './words.js';
import { playerName, rememberSeat, setPlayerName } from '../storage.js';
import { TurnsPanel } from '../account/pages.js';
import { useAccount } from '../account/context.js';

type Kind = 'human' | 'open' | 'bot';
type Speed = 'instant' | 'natural' | 'slow';

/** Milliseconds a bot waits before each move, per pace. */
export const BOT_DELAY: Record<Speed, number> = { instant: 0, natural: 600, slow: 2000 };

export function Lobby() {
  const t = useT();
  const { messages } = useIntl();
  const { locale } = useLocale();
  const { games, error: gamesError } = useGames();
  const [chosen, setGame] = useState<string | null>(null);
  const game = chosen ?? games[0]?.id ?? '';
  const info = games.find((g) => g.id === game);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [players, setPlayers] = useState(4);
  const [kinds, setKinds] = useState<Kind[]>(['human', 'bot', 'bot', 'bot']);
  const [bots, setBots] = useState<string[]>([]);
  const [takeover, setTakeover] = useState<string>('');
  const [names, setNames] = useState<string[]>([]);
  const [speed, setSpeed] = useState<Speed>('natural');
  const [clock, setClock] = useState<'none' | 'realtime' | 'turn'>('none');
  const [hotseat, setHotseat] = useState(false);
  const [rated, setRated] = useState(true);
  const [undo, setUndo] = useState(true);
  const [name, setName] = useState(playerName());
  // A signed-in player is named after their account unless they gave another name here.
  const { account } = useAccount();
  useEffect(() => {
    if (account && !name) setName(account.name);
  }, [account]); // eslint-disable-line react-hooks/exhaustive-deps
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedMatch | null>(null);
  const [refreshed, setRefreshed] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (gamesError) setError(gamesError);
  }, [gamesError]);
  // The player count stays within the game's; a new game seats its strongest bot everywhere.
  useEffect(() => {
    if (!info) return;
    setPlayers((n) => Math.min(info.maxSeats, Math.max(info.minSeats, n)));
    setBots((b) => b.map(() => info.bots.at(-1) ?? 'random'));
  }, [info]);
  const strongest = info?.bots.at(-1) ?? 'random';
  useEffect(() => setTakeover(strongest), [strongest]);
  useEffect(() => {
    setKinds((k) => Array.from({ length: players }, (_, i) => k[i] ?? 'bot'));
    setBots((b) => Array.from({ length: players }, (_, i) => b[i] ?? strongest));
  }, [players, strongest]);

  const seatName = (i: number) => (i === 0 ? name : (names[i] ?? ''));
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setPlayerName(name);
      // Bots get a name of their own (never a seat number), none of the people's.
      const taken = new Set(kinds.map((k, i) => (k === 'human' ? seatName(i).trim() : '')));
      const botNames = t('lobby.botNames')
        .split(',')
        .filter((n) => !taken.has(n));
      let nextBot = 0;
      const seats = kinds.map((k, i) =>
        k === 'bot'
          ? { kind: k, bot: bots[i], name: botNames[nextBot++ % botNames.length] }
          : {
              kind: k,
              name: k === 'human' && (i === 0 || hotseat) ? seatName(i).trim() || undefined : undefined,
            },
      );
      const c = await api.create({
        game,
        players,
        seats,
        options,
        botDelayMs: kinds.includes('bot') ? BOT_DELAY[speed] : undefined,
        hotseat: hotseat || undefined,
        rated,
        undo,
        takeoverBot: takeover || undefined,
        clock:
          clock === 'none'
            ? { mode: 'none' }
            : clock === 'realtime'
              ? { mode: 'realtime', seconds: 60 }
              : { mode: 'turn', hours: 24 },
      });
      const humans = c.seats.filter((s) => s.token);
      const invites = humans.map((s) => ({ seat: s.seat, token: s.token! }));
      humans.forEach((s, i) => {
        if (i === 0 || hotseat)
          rememberSeat({
            match: c.id,
            game,
            seat: s.seat,
            token: s.token!,
            name: seatName(s.seat),
            at: new Date().toISOString(),
            host: c.hostToken,
            hotseat,
            invites: i === 0 ? invites : undefined,
          });
      });
      if (hotseat && humans.length > 1) location.hash = `#/hotseat/${c.id}`;
      else setCreated(c);
      setRefreshed((n) => n + 1);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const inviteUrl = (id: string, token: string) =>
    `${location.origin}/#/m/${id}?token=${encodeURIComponent(token)}`;

  return (
    <main className="lobby">
      <h1>{t('lobby.title')}</h1>
      <TurnsPanel />
      {error && (
        <p className="error" role="alert">
          {t('lobby.error', { message: error })}
        </p>
      )}
      <label className="your-name">
        {t('lobby.yourName')}{' '}
        <input
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          autoComplete="nickname"
        />
      </label>
      <GameCards
        games={games}
        chosen={game}
        onChoose={(id) => {
          if (id !== game) setOptions({});
          setGame(id);
          form.current?.scrollIntoView({ block: 'start' });
          form.current?.querySelector<HTMLSelectElement>('select')?.focus({ preventScroll: true });
        }}
      />
      <form className="new-match" onSubmit={create} aria-labelledby="new-match" ref={form}>
        <h2 id="new-match">{t('lobby.newMatch')}</h2>
        <label>
          {t('lobby.game')}{' '}
          <select
            value={game}
            onChange={(e) => {
              setGame(e.target.value);
              setOptions({});
            }}
          >
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {nameOf(games, g.id, locale)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('lobby.players')}{' '}
          <select value={players} onChange={(e) => setPlayers(Number(e.target.value))}>
            {Array.from(
              { length: (info?.maxSeats ?? 6) - (info?.minSeats ?? 2) + 1 },
              (_, i) => (info?.minSeats ?? 2) + i,
            ).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="seats">
          <legend>{t('lobby.players')}</legend>
          {kinds.map((k, i) => (
            <div key={i} className="seat-row">
              <label>
                <span className="seat-label">{t('lobby.seat', { n: i + 1 })}</span>{' '}
                <select
                  value={k}
                  onChange={(e) => setKinds(kinds.map((x, j) => (j === i ? (e.target.value as Kind) : x)))}
                >
                  <option value="human">{t(hotseat ? 'lobby.kind.hotseat' : 'lobby.kind.human')}</option>
                  <option value="open">{t('lobby.kind.open')}</option>
                  <option value="bot">{t('lobby.kind.bot')}</option>
                </select>
              </label>
              {k === 'bot' && (
                <select
                  aria-label={t('lobby.botLevel', { n: i + 1 })}
                  value={bots[i] ?? strongest}
                  onChange={(e) => setBots(bots.map((x, j) => (j === i ? e.target.value : x)))}
                >
                  {(info?.bots ?? ['random']).map((b) => (
                    <option key={b} value={b}>
                      {botLabel(t, messages, b)}
                    </option>
                  ))}
                </select>
              )}
              {k === 'human' && hotseat && (
                <input
                  aria-label={t('lobby.seatName', { n: i + 1 })}
                  placeholder={t('lobby.seatName', { n: i + 1 })}
                  value={seatName(i)}
                  maxLength={40}
                  onChange={(e) =>
                    i === 0
                      ? setName(e.target.value)
                      : setNames(
                          Array.from({ length: players }, (_, j) =>
                            j === i ? e.target.value : (names[j] ?? ''),
                          ),
                        )
                  }
                />
              )}
            </div>
          ))}
        </fieldset>
        {kinds.includes('bot') && (
          <label>
            {t('lobby.botSpeed')}{' '}
            <select value={speed} onChange={(e) => setSpeed(e.target.value as Speed)}>
              {(['instant', 'natural', 'slow'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`lobby.botSpeed.${s}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {kinds.some((k) => k !== 'bot') && (
          <label>
            {t('lobby.takeover')}{' '}
            <select value={takeover || strongest} onChange={(e) => setTakeover(e.target.value)}>
              {(info?.bots ?? ['random']).map((b) => (
                <option key={b} value={b}>
                  {botLabel(t, messages, b)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="check">
          <input type="checkbox" checked={hotseat} onChange={(e) => setHotseat(e.target.checked)} />{' '}
          {t('lobby.hotseat')}
        </label>
        {!hotseat && !kinds.includes('bot') && (
          <label className="check">
            <input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} />{' '}
            {t('lobby.rated')}
          </label>
        )}
        <label className="check">
          <input type="checkbox" checked={undo} onChange={(e) => setUndo(e.target.checked)} />{' '}
          {t('lobby.undo')}
        </label>
        <label>
          {t('lobby.clock')}{' '}
          <select value={clock} onChange={(e) => setClock(e.target.value as typeof clock)}>
            <option value="none">{t('lobby.clock.none')}</option>
            <option value="realtime">{t('lobby.clock.realtime', { n: 60 })}</option>
            <option value="turn">{t('lobby.clock.turn', { n: 24 })}</option>
          </select>
        </label>
        {info && (
          <OptionsForm
            game={info}
            players={players}
            values={options}
            onChange={(v, fixedPlayers) => {
              setOptions(v);
              if (fixedPlayers !== undefined) setPlayers(fixedPlayers);
            }}
          />
        )}
        <button type="submit" disabled={busy || !game}>
          {busy ? t('lobby.creating') : t('lobby.create')}
        </button>
      </form>
      {created && (
        <section aria-labelledby="invites" className="invites">
          <h2 id="invites">{created.seats.some((s) => s.token) ? t('lobby.invites') : t('lobby.created')}</h2>
          <ul>
            {created.seats
              .filter((s) => s.token)
              .map((s) => (
                <li key={s.seat}>
                  <InviteLink
                    label={t('lobby.seat', { n: s.seat + 1 })}
                    url={inviteUrl(created.id, s.token!)}
                  />
                </li>
              ))}
          </ul>
          <a className="button" href={`#/m/${created.id}`}>
            {t('lobby.open')}
          </a>
        </section>
      )}
      <MatchBrowser refresh={refreshed} />
      <p>
        <a href="#/replay">{t('lobby.openFile')}</a>
      </p>
    </main>
  );
}

/** A seat's invite link: the label, the link (read-only, selectable) and a copy button. */
export function InviteLink({ label, url }: { label: string; url: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <span className="invite">
      <span>{label}:</span>{' '}
      <input readOnly value={url} aria-label={label} onFocus={(e) => e.currentTarget.select()} />{' '}
      <button
        type="button"
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('lobby.copied') : t('lobby.copy')}
      </button>
    </span>
  );
}
