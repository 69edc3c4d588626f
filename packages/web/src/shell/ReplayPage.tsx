/**
 * The replay viewer of any finished game (`#/replay/<id>?step=N&seat=S`), or of a saved `tabula-game`
 * file (`#/replay`): the record is played in the browser with the game's own rules (replayBook.ts) and
 * each step is drawn by the game's own table, read-only (no legal actions), with the log in step. Step
 * back and forth, jump to a round or turn, play at a chosen speed, arrow keys; any seat's view, a
 * spectator's, or everything (the game is over, so every hidden card may be shown).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GameRecord } from '@tabula/engine';
import { SPECTATOR, parseRecord } from '@tabula/engine';
import { api } from '../net/api.js';
import type { MatchInfo } from '../net/api.js';
import type { TableState } from '../net/connection.js';
import { nameOf, useGames } from '../net/games.js';
import { useGameClient } from '../games/registry.js';
import { useLocale, useT } from '../i18n/index.js';
import { LogPanel } from './LogPanel.js';
import { PlayersPanel } from './PlayersPanel.js';
import { ReplayBook } from './replayBook.js';
import type { Mark } from './replayBook.js';
import { setBaseTitle } from '../account/title.js';

/** A saved game opened from a file in this page's lifetime (it is never sent anywhere). */
let fileRecord: GameRecord | null = null;

const SPEEDS = [1, 2, 4, 8, 16];
/** Nothing to send from a replay: a stand-in for the connection a board may reach for. */
const NO_CONN = { clearError: () => undefined };
const noAct = () => undefined;

type Viewing = number | 'all';

function parseViewer(s: string | null, seats: number): Viewing {
  if (s === null || s === 'all') return 'all';
  const n = Number(s);
  return Number.isInteger(n) && n >= -1 && n < seats ? n : 'all';
}

export function ReplayPage({
  matchId,
  step: stepParam,
  seat: seatParam,
}: {
  matchId: string | null;
  step: string | null;
  seat: string | null;
}) {
  const t = useT();
  const [record, setRecord] = useState<GameRecord | null>(matchId ? null : fileRecord);
  const [match, setMatch] = useState<MatchInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!matchId) return;
    let live = true;
    Promise.all([api.record(matchId), api.match(matchId).catch(() => null)]).then(
      ([raw, m]) => {
        if (!live) return;
        const r = parseRecord(raw);
        if (!r.ok) return setError(r.error.message);
        setRecord(r.value);
        setMatch(m);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [matchId]);
  if (error)
    return (
      <main className="lobby">
        <p className="error" role="alert">
          {t('replay.badFile', { message: error })}
        </p>
        <p>
          <a href="#/">{t('replay.back')}</a>
        </p>
      </main>
    );
  if (!record && !matchId)
    return (
      <FilePicker
        onRecord={(r) => {
          fileRecord = r;
          setRecord(r);
          history.replaceState(null, '', '#/replay/file');
        }}
      />
    );
  if (!record) return <p role="status">{t('replay.loading')}</p>;
  return (
    <Viewer record={record} match={match} matchId={matchId} stepParam={stepParam} seatParam={seatParam} />
  );
}

function FilePicker({ onRecord }: { onRecord: (r: GameRecord) => void }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  return (
    <main className="lobby replay-file">
      <h1>{t('replay.file')}</h1>
      <p>{t('replay.fileHint')}</p>
      <input
        type="file"
        accept="application/json,.json"
        aria-label={t('replay.file')}
        data-testid="replay-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          setError(null);
          if (!f) return;
          void f.text().then((text) => {
            try {
              const r = parseRecord(JSON.parse(text));
              if (r.ok) onRecord(r.value);
              else setError(r.error.message);
            } catch (err) {
              setError((err as Error).message);
            }
          });
        }}
      />
      {error && (
        <p className="error" role="alert">
          {t('replay.badFile', { message: error })}
        </p>
      )}
      <p>
        <a href="#/">{t('replay.back')}</a>
      </p>
    </main>
  );
}

function Viewer({
  record,
  match,
  matchId,
  stepParam,
  seatParam,
}: {
  record: GameRecord;
  match: MatchInfo | null;
  matchId: string | null;
  stepParam: string | null;
  seatParam: string | null;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { games } = useGames();
  const client = useGameClient(record.game);
  const game = client?.game;
  const built = useMemo((): { book: ReplayBook | null; error: string | null } | null => {
    if (!game) return null;
    try {
      return { book: new ReplayBook(game, record), error: null };
    } catch (e) {
      return { book: null, error: (e as Error).message };
    }
  }, [game, record]);
  const book = built?.book ?? null;
  const total = book?.total ?? 0;
  const clamp = (n: number) => Math.max(0, Math.min(total, Math.floor(n)));
  const fromParam = (s: string | null) => (s !== null && /^\d+$/.test(s) ? Number(s) : 0);
  const [step, setStepRaw] = useState(() => fromParam(stepParam));
  const [viewer, setViewer] = useState<Viewing>(() => parseViewer(seatParam, record.seats));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(2);
  const [more, setMore] = useState(false);
  const setStep = (n: number) => setStepRaw(clamp(n));
  const shown = clamp(step);

  // The address names the step and the view (replaced, not pushed: Back leaves the replay).
  useEffect(() => {
    if (!book) return;
    history.replaceState(null, '', `#/replay/${matchId ?? 'file'}?step=${shown}&seat=${viewer}`);
  }, [book, shown, viewer, matchId]);
  // An address typed or pasted while here.
  useEffect(() => {
    if (stepParam !== null) setStepRaw(fromParam(stepParam));
    setViewer(parseViewer(seatParam, record.seats));
  }, [stepParam, seatParam]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!playing) return;
    if (shown >= total) return setPlaying(false);
    const id = setTimeout(() => setStepRaw((s) => Math.min(total, s + 1)), 1000 / speed);
    return () => clearTimeout(id);
  }, [playing, shown, total, speed]);

  const marks = book?.marks ?? [];
  const jumpBack = () => {
    const m = [...marks].reverse().find((x) => x.step < shown);
    setStep(m ? m.step : 0);
  };
  const jumpOn = () => {
    const m = marks.find((x) => x.step > shown);
    setStep(m ? m.step : total);
  };
  const keys = useRef({ setStep, shown, jumpBack, jumpOn, total });
  keys.current = { setStep, shown, jumpBack, jumpOn, total };
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.closest('input, select, textarea') || el.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const k = keys.current;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => k.setStep(k.shown - 1),
        ArrowRight: () => k.setStep(k.shown + 1),
        PageUp: k.jumpBack,
        PageDown: k.jumpOn,
        Home: () => k.setStep(0),
        End: () => k.setStep(k.total),
      };
      const f = moves[e.key];
      if (!f) return;
      e.preventDefault();
      setPlaying(false);
      f();
    };
    document.addEventListener('keydown', on);
    return () => document.removeEventListener('keydown', on);
  }, []);

  const seatName = (s: number) =>
    match?.seats[s]?.name || record.players?.[s]?.name || t('table.player', { n: s + 1 });
  const gameName = nameOf(games, record.game, locale);

  const frame = useMemo(() => {
    if (!book || !game) return null;
    const before = shown > 0 ? book.stateAt(shown - 1) : null;
    const done = shown > 0 ? record.actions[shown - 1]! : null;
    let said = '';
    if (done && before !== null) {
      try {
        said = game.describeAction(before, done.seat, done.action, locale, seatName);
      } catch {
        said = '';
      }
    }
    const state = book.stateAt(shown);
    const seat = viewer === 'all' ? SPECTATOR : viewer;
    const view = game.view(state, seat);
    const prompts = game.prompts(state);
    const outcome = game.outcome(state);
    return {
      state,
      view,
      prompts,
      outcome,
      done,
      said,
      log: book.log(shown, viewer === 'all' ? 'all' : seat),
    };
  }, [book, game, shown, viewer, locale, record, match]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setBaseTitle(`${t('replay.title', { game: gameName })} — Tabula`);
  }, [gameName, t]);

  if (built?.error)
    return (
      <main className="lobby">
        <p className="error" role="alert">
          {t('replay.badFile', { message: built.error })}
        </p>
      </main>
    );
  if (client === null) return <p role="alert">{t('replay.noGame', { game: record.game })}</p>;
  if (!book || !game || !frame) return <p role="status">{t('replay.loading')}</p>;

  const seat = viewer === 'all' ? SPECTATOR : viewer;
  const info: MatchInfo = {
    id: matchId ?? 'file',
    game: record.game,
    name: match?.name ?? null,
    status: 'finished',
    players: record.seats,
    seats: Array.from({ length: record.seats }, (_, s) => ({
      seat: s,
      kind: (match?.seats[s]?.kind ?? (record.players?.[s]?.bot ? 'bot' : 'human')) as 'bot' | 'human',
      name: seatName(s),
      bot: match?.seats[s]?.bot ?? record.players?.[s]?.bot ?? null,
      account: match?.seats[s]?.account ?? null,
      taken: true,
      connected: false,
    })),
    v: shown,
    clock: { mode: 'none' },
    outcome: frame.outcome,
    createdAt: record.createdAt ?? '',
    updatedAt: record.createdAt ?? '',
    waitingFor: [],
    progress: null,
    rated: match?.rated ?? false,
    undo: false,
  };
  const state: TableState = {
    status: 'open',
    match: info,
    seat,
    v: shown,
    view: frame.view,
    legal: [],
    prompts: [],
    waitingFor: [...new Set(frame.prompts.filter((p) => !p.window && !p.optional).map((p) => p.seat))],
    responses: frame.prompts.some((p) => p.window),
    deadline: null,
    log: frame.log,
    chat: [],
    connected: Array.from({ length: record.seats }, () => false),
    pending: false,
    error: null,
    rev: shown,
  };
  const Board = client?.Board;
  const roundMark = book.markAt(shown, 'round');
  const label = (m: Mark) =>
    m.group.kind === 'round'
      ? m.group.round !== undefined
        ? t('log.round', { n: m.group.round })
        : t('log.roundNew')
      : `\u00a0\u00a0${m.group.seat !== undefined ? t('log.turn', { name: seatName(m.group.seat) }) : t('log.turnNew')}`;
  const current = [...marks].reverse().find((m) => m.step <= shown);
  return (
    <div className="table replay" data-testid="replay" data-step={shown} data-total={total}>
      <section className={`replay-bar ${more ? 'more' : ''}`} aria-label={t('replay.controls')}>
        <h1>
          {t('replay.title', { game: match?.name ? `${match.name} (${gameName})` : gameName })}
          {roundMark?.group.round !== undefined && (
            <span className="replay-round"> · {label(roundMark)}</span>
          )}
        </h1>
        <p className="replay-step" aria-live="polite" data-testid="replay-step">
          <b>{shown === 0 ? t('replay.setup') : t('replay.step', { step: shown, total })}</b>
          {frame.done && (
            <span>
              {' — '}
              {t('replay.action', { seat: seatName(frame.done.seat), action: frame.said })}
            </span>
          )}
          {shown === total && frame.outcome && (
            <span className="replay-result">
              {' — '}
              {t('replay.result', { names: frame.outcome.winners.map(seatName).join(', ') })}
            </span>
          )}
        </p>
        {book.failure && (
          <p className="error" role="alert">
            {t('replay.failedAt', { n: book.failure.index + 1, message: book.failure.message })}
          </p>
        )}
        {record.rulesVersion !== game.rulesVersion && (
          <p className="warning">
            {t('replay.rulesVersion', { saved: record.rulesVersion, current: game.rulesVersion })}
          </p>
        )}
        <div className="replay-controls">
          <button
            type="button"
            onClick={() => setStep(0)}
            disabled={shown === 0}
            aria-label={t('replay.first')}
            title={t('replay.first')}
          >
            <Icon d="M4 4h2v16H4zM13 4v16L6 12zM21 4v16l-7-8z" />
          </button>
          <button
            type="button"
            onClick={() => setStep(shown - 1)}
            disabled={shown === 0}
            aria-label={t('replay.prev')}
            title={t('replay.prev')}
            data-testid="replay-prev"
          >
            <Icon d="M14 4v16L4 12zM16 4h3v16h-3z" />
          </button>
          <button
            type="button"
            onClick={() => setPlaying(!playing)}
            disabled={!playing && shown === total}
            aria-label={playing ? t('replay.pause') : t('replay.play')}
            title={playing ? t('replay.pause') : t('replay.play')}
            aria-pressed={playing}
            data-testid="replay-play"
          >
            <Icon d={playing ? 'M6 4h4v16H6zM14 4h4v16h-4z' : 'M7 4v16l13-8z'} />
          </button>
          <button
            type="button"
            onClick={() => setStep(shown + 1)}
            disabled={shown === total}
            aria-label={t('replay.next')}
            title={t('replay.next')}
            data-testid="replay-next"
          >
            <Icon d="M5 4h3v16H5zM10 4v16l10-8z" />
          </button>
          <button
            type="button"
            onClick={() => setStep(total)}
            disabled={shown === total}
            aria-label={t('replay.last')}
            title={t('replay.last')}
          >
            <Icon d="M3 4v16l7-8zM11 4v16l7-8zM18 4h2v16h-2z" />
          </button>
          <input
            type="range"
            className="replay-slider"
            min={0}
            max={total}
            value={shown}
            aria-label={t('replay.position')}
            aria-valuetext={shown === 0 ? t('replay.setup') : t('replay.step', { step: shown, total })}
            onChange={(e) => {
              setPlaying(false);
              setStep(Number(e.target.value));
            }}
            data-testid="replay-slider"
          />
        </div>
        {/* On a phone the bar is a dock at the bottom: the view, speed and jump fold behind this. */}
        <button type="button" className="replay-more" aria-expanded={more} onClick={() => setMore(!more)}>
          {t('replay.more')}
        </button>
        <div className="replay-options">
          <label>
            {t('replay.speed')}{' '}
            <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
              {SPEEDS.map((n) => (
                <option key={n} value={n}>
                  {t('replay.speedN', { n })}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('replay.view')}{' '}
            <select
              value={String(viewer)}
              onChange={(e) => setViewer(parseViewer(e.target.value, record.seats))}
              data-testid="replay-viewer"
            >
              <option value="all">{t('replay.everything')}</option>
              <option value="-1">{t('replay.spectator')}</option>
              {Array.from({ length: record.seats }, (_, s) => (
                <option key={s} value={s}>
                  {seatName(s)}
                </option>
              ))}
            </select>
          </label>
          {marks.length > 0 && (
            <label>
              {t('replay.jump')}{' '}
              <select
                value={current ? String(marks.indexOf(current)) : ''}
                onChange={(e) => {
                  const m = marks[Number(e.target.value)];
                  if (m) {
                    setPlaying(false);
                    setStep(m.step);
                  }
                }}
                data-testid="replay-jump"
              >
                {!current && <option value="">{t('replay.jumpNone')}</option>}
                {marks.map((m, i) => (
                  <option key={i} value={i}>
                    {label(m)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <p className="replay-keys">{t('replay.keys')}</p>
      </section>
      <div className="table-body">
        <main className="board" aria-label={gameName}>
          {Board ? (
            <Board game={game} conn={NO_CONN} state={state} seatName={seatName} act={noAct} />
          ) : (
            <pre className="text-view" tabIndex={0}>
              {game.renderText(frame.view, locale, seatName)}
            </pre>
          )}
          {viewer === 'all' && (
            <div className="seen-by">
              {Array.from({ length: record.seats }, (_, s) => (
                <SeenBy
                  key={s}
                  name={seatName(s)}
                  text={() => game.renderText(game.view(frame.state, s), locale, seatName)}
                />
              ))}
            </div>
          )}
        </main>
        <aside className="side">
          <PlayersPanel state={state} seatName={seatName} presence={false} />
          <LogPanel game={game} log={frame.log} seatName={seatName} showPrivate={viewer === 'all'} />
        </aside>
      </div>
    </div>
  );
}

/** A control's picture (no icon font: drawn). */
function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

/** One seat's own view as text, drawn only while open. */
function SeenBy({ name, text }: { name: string; text: () => string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{t('replay.seenBy', { name })}</summary>
      {open && (
        <pre className="text-view" tabIndex={0}>
          {text()}
        </pre>
      )}
    </details>
  );
}
