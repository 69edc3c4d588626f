/**
 * Shared pieces of the browser tests: one game server per test file (serving the built client), one
 * headless Chromium, pages that can reach nothing but loopback, and a player that clicks the action
 * bar's legal-action buttons until the game ends.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import WebSocket from 'ws';
import { ageOfHeroes } from '@tabula/age-of-heroes';
import type { AohAction } from '@tabula/age-of-heroes';
import { startServer } from '../../server/src/index.js';
import type { RunningServer } from '../../server/src/index.js';
import { shell } from '../src/i18n/shell.js';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SHOTS = `${ROOT}test-results/screenshots/`;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export type Locale = 'en' | 'ru';

/** The browser tests need the built client (served by the server) and the built bot worker. */
export function checkBuilt(): void {
  const need = ['packages/web/dist/index.html', 'packages/server/dist/bot-worker.js'];
  const missing = need.filter((f) => !existsSync(ROOT + f));
  if (missing.length) throw new Error(`Missing ${missing.join(', ')}: run "npm run build" first.`);
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM}: run "bash scripts/ensure-chromium.sh" (npm test does).`);
}

export async function startTestServer(): Promise<RunningServer> {
  checkBuilt();
  return startServer({
    port: 0,
    dataDir: 'memory',
    allowSeed: true,
    hub: { windowMs: 0, botDelayMs: 0 },
    rate: { perSecond: 10_000, burst: 10_000 },
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const MOBILE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
};

export interface TestContext {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors, to assert none happened. */
  errors: string[];
  /** Requests that tried to leave loopback (and were failed). */
  blocked: string[];
}

/** A fresh browser profile whose page may talk to loopback only. */
export async function newTestContext(
  browser: Browser,
  opts: BrowserContextOptions & { uiLocale?: Locale; actionList?: 'open' | 'closed' } = {},
): Promise<TestContext> {
  const { uiLocale, actionList = 'open', ...rest } = opts;
  const context = await browser.newContext({
    ...DESKTOP,
    reducedMotion: 'reduce',
    locale: uiLocale === 'ru' ? 'ru-RU' : 'en-US',
    ...rest,
  });
  if (uiLocale) await context.addInitScript((l) => localStorage.setItem('tabula.locale', l), uiLocale);
  // The server's Content-Security-Policy must let the client do everything it does: any violation is
  // reported as a console error, which every test asserts there is none of.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  // The tests play through the generic list of legal actions, which a table with a board folds away.
  await context.addInitScript((v) => localStorage.setItem('tabula.allActions', v), actionList);
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}\n${e.stack ?? ''}`));
  page.on('console', (m) => {
    // A refused action is shown to the player; the browser also logs failed requests we aborted.
    if (m.type() === 'error' && !/ERR_BLOCKED_BY_CLIENT/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors, blocked };
}

/**
 * Opens a seat's invite link: for a seat created without a name the page asks the guest's name first
 * (kept as the seat's name when given), then shows the table; a named seat goes to the table at once.
 */
export async function openInvite(
  page: Page,
  base: string,
  match: string,
  token: string,
  name = '',
): Promise<void> {
  await page.goto(`${base}/#/m/${match}?token=${encodeURIComponent(token)}`);
  // A seat the host named goes straight to the table; an unnamed one asks the guest's name first.
  const first = await page.waitForSelector(
    '[data-testid=invite], [data-testid=table], [data-testid=waiting]',
  );
  if ((await first.getAttribute('data-testid')) === 'invite') {
    const invite = page.getByTestId('invite');
    if (name) await invite.locator('input').fill(name);
    await invite.locator('button[type=submit]').click();
    await page.waitForSelector('[data-testid=table], [data-testid=waiting]');
  }
}

/** What the table shows now: seat, version, heading, action buttons. */
export interface TableSnapshot {
  seat: number;
  v: number;
  heading: string;
  mine: boolean;
  pending: boolean;
  buttons: { text: string; disabled: boolean }[];
  error: string | null;
  /** This seat is out of the game while the others play on (the Age of Heroes board marks its tribe out). */
  out: boolean;
}

export function tableSnapshot(page: Page): Promise<TableSnapshot | null> {
  return page.evaluate(() => {
    const table = document.querySelector<HTMLElement>('[data-testid=table]');
    const bar = document.querySelector<HTMLElement>('[data-testid=action-bar]');
    if (!table || !bar) return null;
    return {
      seat: Number(table.dataset.seat),
      v: Number(table.dataset.version),
      heading: bar.querySelector('h2')?.textContent ?? '',
      mine: bar.classList.contains('mine'),
      pending: !!bar.querySelector('[role=status]'),
      buttons: [...bar.querySelectorAll<HTMLButtonElement>('.actions button')].map((b) => ({
        text: b.textContent ?? '',
        disabled: b.disabled,
      })),
      error: bar.querySelector('.error')?.textContent ?? null,
      out: !!table.querySelector('.aoh-tribe.mine.out'),
    };
  });
}

/** The label the action bar gives an Age of Heroes action (the game's own describeAction). */
export function actionLabel(a: AohAction, locale: Locale = 'en', seat = 0): string {
  return ageOfHeroes.describeAction(null, seat, a, locale, (s) => `#${s}`);
}

export const overText = (l: Locale = 'en') => shell[l]['table.over'];

/** A small seeded generator (mulberry32), so a test's choices repeat from run to run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one of the enabled buttons (by index into the list given), or null to wait. */
export type Chooser = (buttons: string[], snap: TableSnapshot) => number | null;

/**
 * A chooser for quick games: on Market Day say "ready" at once; never take back "ready"; otherwise
 * a random legal action.
 */
export function quickChooser(seed: number, locale: Locale = 'en'): Chooser {
  const r = rng(seed);
  const ready = actionLabel({ type: 'ready' }, locale);
  // Taking back "ready", new trade offers and cancelled wars only make the game longer.
  const avoid = new Set(
    (['unready', 'offerNew', 'warCancel'] as const).map((type) => actionLabel({ type }, locale)),
  );
  return (buttons) => {
    const i = buttons.indexOf(ready);
    if (i >= 0) return i;
    const ok = buttons.map((_, j) => j).filter((j) => !avoid.has(buttons[j]!));
    const from = ok.length ? ok : buttons.map((_, j) => j);
    return from[Math.floor(r() * from.length)]!;
  };
}

/**
 * Waits until this page must decide (the action bar is "mine" with enabled buttons, at a version
 * other than `lastV`) or the game is over (or, with `orOut`, this seat is out of it: no decision will
 * come). Returns the snapshot, or null on timeout.
 */
export async function waitForDecision(
  page: Page,
  lastV: number,
  over: string,
  timeout: number,
  orOut = false,
): Promise<TableSnapshot | null> {
  try {
    await page.waitForFunction(
      ({ lastV, over, orOut }) => {
        const table = document.querySelector<HTMLElement>('[data-testid=table]');
        const bar = document.querySelector<HTMLElement>('[data-testid=action-bar]');
        if (!table || !bar) return false;
        if (bar.querySelector('h2')?.textContent?.includes(over)) return true;
        if (bar.querySelector('.error')) return true;
        if (orOut && table.querySelector('.aoh-tribe.mine.out')) return true;
        if (!bar.classList.contains('mine') || Number(table.dataset.version) === lastV) return false;
        return !!bar.querySelector('.actions button:not([disabled])');
      },
      { lastV, over, orOut },
      { timeout, polling: 'raf' },
    );
  } catch {
    return null;
  }
  return tableSnapshot(page);
}

/**
 * Clicks the pick-th of the enabled action buttons seen (by its text and rank among equal texts).
 * False if the bar changed meanwhile (a bot moved): then the caller looks again.
 */
async function clickAction(page: Page, enabled: string[], pick: number, fast = false): Promise<boolean> {
  const text = enabled[pick]!;
  const rank = enabled.slice(0, pick).filter((t) => t === text).length;
  if (fast)
    // The same button, clicked from inside the page in one step (no actionability round trips).
    return page.evaluate(
      ({ text, rank }) => {
        const all = [
          ...document.querySelectorAll<HTMLButtonElement>('[data-testid=action-bar] .actions button'),
        ].filter((b) => !b.disabled && b.textContent === text);
        const b = all[rank];
        b?.click();
        return !!b;
      },
      { text, rank },
    );
  const button = page
    .locator('[data-testid=action-bar] .actions button:not([disabled])')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .nth(rank);
  try {
    if ((await button.textContent({ timeout: 500 })) !== text) return false;
    await button.click({ timeout: 1_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Plays this page's seat by clicking action-bar buttons until the heading says the game is over.
 * Returns the number of clicks.
 */
export async function playUntilOver(
  page: Page,
  choose: Chooser,
  {
    locale = 'en',
    deadline = Date.now() + 120_000,
    realClicks = Infinity,
  }: { locale?: Locale; deadline?: number; realClicks?: number } = {},
): Promise<number> {
  let lastV = -1;
  let clicks = 0;
  while (Date.now() < deadline) {
    const snap = await waitForDecision(page, lastV, overText(locale), Math.max(1, deadline - Date.now()));
    if (!snap) break;
    if (snap.heading.includes(overText(locale))) return clicks;
    if (snap.error) {
      // A refused action (e.g. stale after a bot moved): dismiss and decide again.
      await page.locator('[data-testid=action-bar] .error button').click();
      lastV = -1;
      continue;
    }
    const enabled = snap.buttons.filter((b) => !b.disabled).map((b) => b.text);
    if (!enabled.length) continue;
    const pick = choose(enabled, snap);
    if (pick === null) continue;
    if (await clickAction(page, enabled, pick, clicks >= realClicks)) {
      lastV = snap.v;
      clicks++;
    }
  }
  throw new Error(
    `The game did not end in time (${clicks} clicks; ${JSON.stringify(await tableSnapshot(page))})`,
  );
}

/**
 * Clicks through `n` of this page's decisions (as playUntilOver, but stops after n clicks), or fewer
 * if the game ends or this seat is out of it first (against bots, a seat playing at random can lose
 * its last city early).
 */
export async function playDecisions(
  page: Page,
  choose: Chooser,
  n: number,
  timeout = 30_000,
  realClicks = Infinity,
  locale: Locale = 'en',
): Promise<number> {
  let lastV = -1;
  let clicks = 0;
  const deadline = Date.now() + timeout;
  const over = overText(locale);
  while (clicks < n && Date.now() < deadline) {
    const snap = await waitForDecision(page, lastV, over, Math.max(1, deadline - Date.now()), true);
    if (!snap || snap.heading.includes(over) || snap.out) break;
    if (snap.error) {
      await page.locator('[data-testid=action-bar] .error button').click();
      lastV = -1;
      continue;
    }
    const enabled = snap.buttons.filter((b) => !b.disabled).map((b) => b.text);
    if (!enabled.length) continue;
    const pick = choose(enabled, snap);
    if (pick === null) continue;
    if (await clickAction(page, enabled, pick, clicks >= realClicks)) {
      lastV = snap.v;
      clicks++;
    }
  }
  return clicks;
}

export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

export interface Created {
  id: string;
  hostToken: string;
  seats: { seat: number; kind: string; token?: string }[];
}

/** Creates an Age of Heroes match through the API (fixed seed and seat order when given). */
export function createMatch(
  base: string,
  seats: { kind: 'human' | 'bot' | 'open'; bot?: string; name?: string }[],
  extra: { seed?: string; options?: Record<string, unknown> } = {},
): Promise<Created> {
  return api<Created>(base, 'POST', '/api/matches', {
    game: 'age-of-heroes',
    players: seats.length,
    seats,
    options: { tribes: 'random', ...extra.options },
    ...(extra.seed ? { seed: extra.seed } : {}),
  });
}

/** Loose shape of a server message (see docs/PROTOCOL.md). */
export interface Msg {
  t: string;
  v?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  view?: any;
  legal?: unknown[];
  prompts?: { seat: number; kind: string; optional?: boolean; args?: Record<string, unknown> }[];
  code?: string;
}

/**
 * A seat played from node over the WebSocket: keeps the latest welcome/update, and acts when asked.
 * Used to steer a game into a state (a battle, Market Day) that a page of the same seat then shows.
 */
export class WsSeat {
  latest: Msg | null = null;
  private ws: WebSocket;
  private waiters: (() => void)[] = [];
  private replies: ((m: Msg) => void)[] = [];
  constructor(base: string, match: string, token: string) {
    this.ws = new WebSocket(base.replace(/^http/, 'ws') + '/ws');
    this.ws.on('open', () => this.ws.send(JSON.stringify({ t: 'hello', match, token })));
    this.ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as Msg;
      if (m.t === 'ack' || m.t === 'error') this.replies.shift()?.(m);
      if (m.t === 'welcome' || m.t === 'update') {
        if (this.latest && m.v !== undefined && this.latest.v !== undefined && m.v < this.latest.v) return;
        this.latest = m;
      }
      const w = this.waiters;
      this.waiters = [];
      for (const f of w) f();
    });
  }
  /** Resolves at the next message (or after `ms`). */
  next(ms = 2000): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }
  /** Sends an action; resolves once the server has acknowledged or refused it. */
  act(action: unknown): Promise<Msg> {
    return new Promise((resolve) => {
      this.replies.push(resolve);
      this.ws.send(JSON.stringify({ t: 'act', v: this.latest!.v, action }));
    });
  }
  close(): void {
    this.ws.close();
  }
}

export function ensureShotsDir(): string {
  mkdirSync(SHOTS, { recursive: true });
  return SHOTS;
}

/** Waits for fonts and two animation frames, so a screenshot shows the settled page. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * Whether the page scrolls sideways: nothing (an empty list), or the page's width and the first
 * elements that stick out past the window's right edge.
 */
export async function sideways(page: Page): Promise<string[]> {
  await settle(page);
  return page.evaluate(() => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= window.innerWidth) return [];
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > doc.clientWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className)}`);
    return [`the page is ${doc.scrollWidth}px wide in ${window.innerWidth}px`, ...wide];
  });
}
