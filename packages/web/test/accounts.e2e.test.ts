/**
 * Players who come back, in a real browser (headless Chromium): signing up (the guest's match taken into
 * the new account), out and in; the player's page with their matches; a rated 2-player match between two
 * accounts changing both ratings (the players' pages and the leaderboard); a web push subscription
 * receiving "your turn" (see below for what is real and what stands in); taking a step back at the table.
 *
 * Push: headless Chromium cannot reach a browser vendor's push service (and these pages may talk to
 * loopback only), so `PushManager.subscribe` is replaced in the page by one that returns a subscription
 * to a fake push service on loopback, with keys this test holds. Everything else is real: the page
 * registers /sw.js and sends the subscription; the server signs (VAPID) and encrypts (RFC 8291) the
 * notice and posts it to the fake service; the test decrypts it with the subscription's private key and
 * hands the payload to the service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), which shows the notification.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../../server/src/index.js';
import type { RunningServer } from '../../server/src/index.js';
import { decryptPayload } from '../../server/src/notify/push.js';
import { checkBuilt, launchBrowser, MOBILE, newTestContext, openInvite, SHOTS, sideways } from './helpers.js';
import type { TestContext } from './helpers.js';

let server: RunningServer;
let browser: Browser;
let push: { server: Server; url: string; hits: { path: string; body: Buffer }[] };
const contexts: TestContext[] = [];

function pushService(): Promise<typeof push> {
  const hits: { path: string; body: Buffer }[] = [];
  const s = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', body: Buffer.concat(parts) });
      res.statusCode = 201;
      res.end();
    });
  });
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () =>
      resolve({ server: s, url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, hits }),
    ),
  );
}

beforeAll(async () => {
  checkBuilt();
  push = await pushService();
  [server, browser] = await Promise.all([
    startServer({
      port: 0,
      dataDir: 'memory',
      allowSeed: true,
      hub: { windowMs: 0, botDelayMs: 0 },
      rate: { perSecond: 10_000, burst: 10_000 },
      httpRate: { perMinute: 100_000, burst: 1000 },
      scrypt: { N: 1024, r: 8, p: 1 },
      notify: { publicUrl: 'http://tabula.test', allowPrivateHosts: true, graceMs: 200 },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  for (const c of contexts) expect(c.errors).toEqual([]);
  await browser?.close();
  await server?.close();
  push?.server.close();
});

async function open(opts: Parameters<typeof newTestContext>[1] = {}): Promise<TestContext> {
  const c = await newTestContext(browser, opts);
  contexts.push(c);
  return c;
}

/** A call from the page (its session cookie goes with it). */
function pageApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const data = await res.json();
      if (!res.ok) throw new Error(`${m} ${p}: ${res.status} ${JSON.stringify(data)}`);
      return data;
    },
    [method, path, body] as const,
  ) as Promise<T>;
}

let n = 0;
const uname = (p: string) => `${p}${++n}${Math.random().toString(36).slice(2, 5)}`;

async function signUp(page: Page, name: string, password = 'long enough pw'): Promise<void> {
  await page.goto(`${server.url}/#/signup`);
  const form = page.getByTestId('sign-up');
  await form.locator('input[name=name]').fill(name);
  await form.locator('input[name=password]').fill(password);
  await form.locator('button[type=submit]').click();
  await page.getByTestId('me').filter({ hasText: name }).waitFor();
}

async function signIn(page: Page, name: string, password = 'long enough pw'): Promise<void> {
  await page.goto(`${server.url}/#/signin`);
  const form = page.getByTestId('sign-in');
  await form.locator('input[name=name]').fill(name);
  await form.locator('input[name=password]').fill(password);
  await form.locator('button[type=submit]').click();
  await page.getByTestId('me').filter({ hasText: name }).waitFor();
}

async function newMatch(page: Page, body: Record<string, unknown>) {
  return pageApi<{ id: string; seats: { seat: number; token?: string }[] }>(
    page,
    'POST',
    '/api/matches',
    body,
  );
}

describe('accounts in the browser', () => {
  it('signs up taking in the guest’s match, signs out and in; the player’s page lists the match', async () => {
    const { page } = await open();
    // As a guest first: an invite to a 2-player match, taken in this browser.
    const created = await fetch(`${server.url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'age-of-heroes',
        players: 2,
        seats: [{ kind: 'human' }, { kind: 'human' }],
        seed: 'g1',
      }),
    }).then((r) => r.json() as Promise<{ id: string; seats: { token: string }[] }>);
    await openInvite(page, server.url, created.id, created.seats[0]!.token, 'Guest');
    await page.goto(`${server.url}/#/`);
    await page.getByTestId('sign-in-link').waitFor();
    const name = uname('Ann');
    await page.goto(`${server.url}/#/signup`);
    await expect.poll(() => page.locator('label.check', { hasText: 'Take the 1 match' }).count()).toBe(1);
    await signUp(page, name);
    const me = await pageApi<{ account: { name: string } }>(page, 'GET', '/api/account');
    expect(me.account.name).toBe(name);
    const info = await pageApi<{ seats: { account: string | null }[] }>(
      page,
      'GET',
      `/api/matches/${created.id}`,
    );
    expect(info.seats[0]!.account).toBe(name);
    await page.screenshot({ path: `${SHOTS}account-signed-up.png` });

    // Out, and in again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByTestId('sign-in-link').waitFor();
    expect((await pageApi<{ account: unknown }>(page, 'GET', '/api/account')).account).toBeNull();
    await page.goto(`${server.url}/#/signin`);
    const form = page.getByTestId('sign-in');
    await form.locator('input[name=name]').fill(name);
    await form.locator('input[name=password]').fill('wrong password');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => form.locator('[role=alert]').textContent()).toContain('do not match');
    // The refused sign-in is the one failed request the browser logs (401), as it should.
    const c = contexts.at(-1)!;
    expect(c.errors.filter((e) => /status of 401/.test(e))).toHaveLength(1);
    c.errors.splice(0, c.errors.length, ...c.errors.filter((e) => !/status of 401/.test(e)));
    await signIn(page, name);

    // History: my page lists the match I play, linked; the game's row.
    await page.getByTestId('me').click();
    await page.getByTestId('player-page').waitFor();
    await expect.poll(() => page.getByTestId('player-match').count()).toBe(1);
    expect(await page.getByTestId('player-match').getAttribute('data-status')).toBe('active');
    const row = page.getByTestId('player-stats').locator('tr[data-game="age-of-heroes"]');
    expect((await row.locator('td').allTextContents()).slice(1)).toEqual(['0', '0', '1', '—']);
    await page.screenshot({ path: `${SHOTS}account-player-page.png`, fullPage: true });
  });

  it('a rated 2-player match changes both players’ ratings; pages and the leaderboard show them', async () => {
    const a = await open();
    const b = await open();
    const ann = uname('Ann');
    const bob = uname('Bob');
    await signUp(a.page, ann);
    await signUp(b.page, bob);
    const m = await newMatch(a.page, {
      game: 'age-of-heroes',
      players: 2,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      seed: 'rated-1',
      rated: true,
    });
    // Ann plays from her account (no token); Bob takes his invite while signed in.
    await a.page.goto(`${server.url}/#/m/${m.id}`);
    await a.page.getByTestId('table').waitFor();
    await openInvite(b.page, server.url, m.id, m.seats[1]!.token!, bob);
    await expect.poll(() => b.page.getByTestId('player-link').count()).toBe(2);
    await expect.poll(() => a.page.locator('.rated-note').count()).toBe(1);
    // Ann resigns at the table.
    a.page.once('dialog', (d) => void d.accept());
    await a.page.getByRole('button', { name: 'Resign' }).click();
    await expect
      .poll(async () => (await pageApi<unknown[]>(a.page, 'GET', `/api/matches/${m.id}/ratings`)).length, {
        timeout: 20_000,
      })
      .toBe(2);
    // The match's page tells how it moved both ratings.
    const changes = a.page.getByTestId('rating-changes');
    await changes.waitFor({ timeout: 15_000 });
    const lines = await changes.locator('li').allTextContents();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${ann}: 0\\.0 → -\\d+\\.\\d$`));
    expect(lines[1]).toMatch(new RegExp(`^${bob}: 0\\.0 → \\d+\\.\\d$`));
    await a.page.screenshot({ path: `${SHOTS}account-rated-table.png` });
    // Both pages: one rated match each, Bob's rating above Ann's, both moved from the start (0).
    const rating = async (page: Page, who: string) => {
      await page.goto(`${server.url}/#/p/${encodeURIComponent(who)}`);
      const cell = page
        .getByTestId('player-stats')
        .locator('tr[data-game="age-of-heroes"] [data-testid=rating]');
      await cell.waitFor();
      return Number(await cell.textContent());
    };
    const ra = await rating(a.page, ann);
    const rb = await rating(a.page, bob);
    expect(ra).toBeLessThan(0);
    expect(rb).toBeGreaterThan(0);
    await a.page.screenshot({ path: `${SHOTS}account-rating.png`, fullPage: true });
    await a.page.goto(`${server.url}/#/ratings/age-of-heroes`);
    const board = a.page.getByTestId('leaderboard');
    await board.locator('tbody tr').first().waitFor();
    const names = await board.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(names.indexOf(bob)).toBeGreaterThanOrEqual(0);
    expect(names.indexOf(bob)).toBeLessThan(names.indexOf(ann));
    await a.page.screenshot({ path: `${SHOTS}account-leaderboard.png`, fullPage: true });
  });

  it('a push subscription receives "your turn" while the player is away from the table', async () => {
    const a = await open();
    const b = await open();
    await a.context.grantPermissions(['notifications'], { origin: server.url });
    // The subscription a push service would give: its endpoint the fake service, its keys this test's.
    const ua = createECDH('prime256v1');
    const uaPublic = ua.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${push.url}/push/${randomBytes(6).toString('hex')}`;
    await a.context.addInitScript(
      ([ep, key, secret]) => {
        const sub = {
          endpoint: ep,
          expirationTime: null,
          getKey: () => null,
          toJSON: () => ({ endpoint: ep, expirationTime: null, keys: { p256dh: key, auth: secret } }),
          unsubscribe: async () => true,
        };
        let made = false;
        PushManager.prototype.subscribe = async function () {
          made = true;
          return sub as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function () {
          return (made ? sub : null) as unknown as PushSubscription;
        };
      },
      [endpoint, uaPublic.toString('base64url'), auth.toString('base64url')] as const,
    );
    const ann = uname('Ann');
    const bob = uname('Bob');
    await signUp(a.page, ann);
    await signUp(b.page, bob);
    await a.page.goto(`${server.url}/#/account`);
    await a.page.getByTestId('push-toggle').click();
    await expect.poll(() => a.page.getByTestId('push-toggle').textContent()).toContain('Turn off');
    const swUrl = await a.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(swUrl).toBe(`${server.url}/sw.js`);
    await a.page.screenshot({ path: `${SHOTS}account-settings.png`, fullPage: true });

    // A match Bob plays at the table while Ann is away: when it waits for Ann, she is told.
    const m = await newMatch(b.page, {
      game: 'age-of-heroes',
      players: 2,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      seed: 'push-1',
      name: 'Push test',
    });
    await b.page.goto(`${server.url}/#/m/${m.id}`);
    await b.page.getByTestId('table').waitFor();
    const annSeat = await pageApi<{ claimed: unknown[] }>(a.page, 'POST', '/api/account/claim', {
      seats: [{ match: m.id, token: m.seats[1]!.token }],
    });
    expect(annSeat.claimed).toHaveLength(1);
    const mine = () => push.hits.filter((h) => h.path === new URL(endpoint).pathname);
    // Bob plays his steps until the match waits for Ann.
    for (let i = 0; i < 100 && mine().length === 0; i++) {
      const buttons = b.page.locator('[data-testid=action-bar] .actions button:not([disabled])');
      if ((await buttons.count()) > 0) await buttons.first().click();
      await b.page.waitForTimeout(150);
    }
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(1);
    const payload = decryptPayload(mine()[0]!.body, ua.getPrivateKey(), uaPublic, auth).toString();
    expect(JSON.parse(payload)).toMatchObject({
      title: 'Your turn: Age of Heroes',
      url: `http://tabula.test/#/m/${m.id}`,
    });

    // The service worker gets the payload (as from a push service) and shows the notice.
    const cdp = await a.context.newCDPSession(a.page);
    const regs: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: typeof regs }) =>
      regs.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    // Under a loaded CI machine the worker's events and the notice take seconds, not the poll's default second.
    await expect
      .poll(() => regs.some((r) => r.scopeURL.startsWith(server.url)), { timeout: 20_000 })
      .toBe(true);
    const reg = regs.find((r) => r.scopeURL.startsWith(server.url))!;
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId: reg.registrationId,
        data: payload,
      });
    await deliver();
    // A push delivered while a loaded machine is still starting the worker can be lost (CI saw no notice after
    // 20 s once); a push service retries, and so does this poll. The notice carries the match's tag, so a second
    // delivery replaces the first rather than adding one.
    await expect
      .poll(
        async () => {
          const shown = await a.page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((x) => [x.title, x.body]),
          );
          if (shown.length === 0) await deliver();
          return shown;
        },
        { timeout: 30_000, intervals: [500, 1000, 2000] },
      )
      .toEqual([['Your turn: Age of Heroes', `${ann}, the match “Push test” waits for your decision.`]]);
    // The header counts the match waiting for Ann, and so does the page title.
    await a.page.goto(`${server.url}/#/`);
    await a.page.getByTestId('turns-badge').waitFor();
    expect(await a.page.title()).toMatch(/^\(1\) /);
    expect(await a.page.getByTestId('turns').locator('a').count()).toBe(1);
    await a.page.screenshot({ path: `${SHOTS}account-turns.png` });
  });

  it('in Russian and on a phone: the account pages in Russian words, nothing wider than the screen', async () => {
    const { page } = await open({ ...MOBILE, uiLocale: 'ru' });
    const name = uname('Вера');
    await page.goto(`${server.url}/#/signup`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Создать учётную запись');
    expect(await sideways(page)).toEqual([]);
    const form = page.getByTestId('sign-up');
    await form.locator('input[name=name]').fill(name);
    await form.locator('input[name=password]').fill('достаточно длинный');
    await form.locator('button[type=submit]').click();
    await page.getByTestId('me').filter({ hasText: name }).waitFor();
    expect(await page.getByTestId('turns').locator('h2').textContent()).toBe('Ждут вашего хода');
    expect(await sideways(page)).toEqual([]);
    for (const path of [`#/p/${encodeURIComponent(name)}`, '#/account', '#/ratings/nations']) {
      await page.goto(`${server.url}/${path}`);
      await page.locator('main.account-page h1').waitFor();
      const text = (await page.locator('main.account-page').textContent()) ?? '';
      // Russian words (names of players and games aside), no English shell words left.
      expect(text, path).not.toMatch(/\b(Games|Rating|Settings|Matches|Player|Password|Leaderboard|Save)\b/);
      expect(await sideways(page), path).toEqual([]);
      await page.screenshot({ path: `${SHOTS}account-ru-${path.split('/')[1]}.png`, fullPage: true });
    }
  });

  it('takes a step back at the table; the log shows it taken back', async () => {
    const { page } = await open();
    const created = await fetch(`${server.url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'nations', players: 1, seats: [{ kind: 'human' }], seed: 'undo-e2e' }),
    }).then((r) => r.json() as Promise<{ id: string; seats: { token: string }[] }>);
    await openInvite(page, server.url, created.id, created.seats[0]!.token, 'Solo');
    const undo = page.getByTestId('undo');
    // Steps at random until one may be taken back.
    for (let i = 0; i < 60 && !(await undo.isVisible()); i++) {
      const buttons = page.locator('[data-testid=action-bar] .actions button:not([disabled])');
      const count = await buttons.count();
      if (count > 0) await buttons.nth(i % count).click();
      await page.waitForTimeout(150);
    }
    await undo.waitFor();
    const v = Number(await page.getByTestId('table').getAttribute('data-version'));
    await undo.click();
    await expect
      .poll(async () => Number(await page.getByTestId('table').getAttribute('data-version')))
      .toBe(v + 1);
    await page.getByTestId('log-undo').first().waitFor();
    expect(await page.getByTestId('log-undone').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('log-undo').first().textContent()).toContain('took back');
    await page.screenshot({ path: `${SHOTS}undo.png` });
  });
});
