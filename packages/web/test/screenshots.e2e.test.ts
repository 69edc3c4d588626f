/**
 * Screenshots for review by eye (test-results/screenshots/, ignored by git), at 1280×800 and at 360×740
 * (touch), in English and Russian, with reduced motion and settled fonts: the lobby, the Age of Heroes
 * table (a turn, a battle, Market Day), a text table (a game drawn by the generic table) and the replay
 * viewer. The game is steered from node over the WebSocket (a fixed seed; seat 0 declares war as soon
 * as it can) while four pages of the same seat show it. At every size nothing scrolls sideways; at
 * 1280×800 my hand, the other players and the current decision are on the first screen. The README's
 * pictures (docs/screenshots/) are refreshed on request only (UPDATE_README_SCREENSHOT=1).
 */
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AohAction } from '@tabula/age-of-heroes';
import type { AnyGame } from '@tabula/engine';
import { GAMES } from '@tabula/catalog';
import type { RunningServer } from '../../server/src/index.js';
import {
  DESKTOP,
  MOBILE,
  ROOT,
  WsSeat,
  api,
  createMatch,
  ensureShotsDir,
  launchBrowser,
  newTestContext,
  openInvite,
  settle,
  startTestServer,
} from './helpers.js';
import type { Locale, TestContext } from './helpers.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const sizes = [
  { name: '1280x800', opts: DESKTOP, width: 1280 },
  { name: '360x740', opts: MOBILE, width: 360 },
];
type Size = (typeof sizes)[number];
type Shot = TestContext & { size: Size; locale: Locale };

/** Four pages: each size in each language. */
async function pages(): Promise<Shot[]> {
  const out: Shot[] = [];
  for (const locale of ['en', 'ru'] as Locale[])
    for (const size of sizes)
      out.push({
        ...(await newTestContext(browser, { ...size.opts, uiLocale: locale, actionList: 'closed' })),
        size,
        locale,
      });
  return out;
}

/** Saves a screenshot of the settled page; checks that nothing scrolls sideways at any size. */
async function shoot(p: Shot, state: string): Promise<string> {
  const { page, size } = p;
  await settle(page);
  const overflow = await page.evaluate(() => {
    const w = document.documentElement.scrollWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
    return { w, inner: window.innerWidth, wide };
  });
  expect(
    overflow.w,
    `${state} (${p.locale}) at ${size.name} scrolls sideways: ${overflow.wide.join(', ')}`,
  ).toBeLessThanOrEqual(overflow.inner);
  const path = `${ensureShotsDir()}${state}-${p.locale}-${size.name}.png`;
  await page.screenshot({ path });
  return path;
}

/**
 * At 1280×800, without scrolling: my hand, the other tribes and the current decision (its heading
 * and first controls, not hidden under my docked area) are all on the first screen.
 */
async function expectFirstScreen(page: Page, state: string, decision: string) {
  const r = await page.evaluate((decision) => {
    const box = (sel: string) => {
      const e = document.querySelector(sel);
      if (!e) return null;
      const b = e.getBoundingClientRect();
      return { top: b.top, bottom: b.bottom };
    };
    const d = document.querySelector(decision);
    const first = d?.querySelector('h2, h3, summary');
    const button = d?.querySelector('button');
    const b = (e: Element | null | undefined) => {
      if (!e) return null;
      const x = e.getBoundingClientRect();
      return { top: x.top, bottom: x.bottom };
    };
    return {
      scrolled: window.scrollY,
      height: window.innerHeight,
      hand: box('[data-testid=aoh-hand]'),
      others: box('.aoh-others'),
      dock: box('[data-testid=aoh-mine]'),
      heading: b(first),
      button: b(button),
    };
  }, decision);
  const where = `${state} at 1280×800`;
  expect(r.scrolled, where).toBe(0);
  expect(r.hand, `${where}: hand`).not.toBeNull();
  expect(r.hand!.top, `${where}: hand`).toBeLessThan(r.height - 40);
  expect(r.others!.top, `${where}: other players`).toBeGreaterThanOrEqual(0);
  expect(r.others!.bottom, `${where}: other players`).toBeLessThan(r.height / 2);
  expect(r.heading, `${where}: decision`).not.toBeNull();
  expect(r.heading!.bottom, `${where}: decision heading`).toBeLessThanOrEqual(r.dock!.top);
  if (r.button)
    expect(r.button.bottom, `${where}: decision's first control`).toBeLessThanOrEqual(r.dock!.top);
}

describe('screenshots', () => {
  it('lobby, table, battle and Market Day at 1280×800 and 360×740, English and Russian', async () => {
    const shots = await pages();
    // A battle passes in milliseconds (bots think instantly), so each page's WebSocket goes through a
    // gate that holds back the server's messages after the first one showing a battle, until shot.
    const gates = shots.map(() => ({ closed: false, armed: true, held: [] as string[], release: () => {} }));
    await Promise.all(
      shots.map((p, i) =>
        p.page.routeWebSocket(/\/ws$/, (ws) => {
          const gate = gates[i]!;
          const upstream = ws.connectToServer();
          ws.onMessage((m) => upstream.send(m));
          upstream.onMessage((m) => {
            if (gate.closed) return void gate.held.push(String(m));
            ws.send(m);
            // A declared war (its battle is then fought out within one move, when nobody has a choice).
            const msg = JSON.parse(String(m)) as { view?: { war?: { cancelled: boolean } | null } };
            if (gate.armed && msg.view?.war && !msg.view.war.cancelled) gate.closed = true;
          });
          gate.release = () => {
            gate.armed = gate.closed = false;
            for (const h of gate.held.splice(0)) ws.send(h);
          };
        }),
      ),
    );

    for (const p of shots) {
      await p.page.goto(server.url + '/');
      await p.page.waitForSelector('form.new-match');
      await p.page.locator('.game-card').first().waitFor();
      await shoot(p, 'lobby');
    }

    const m = await createMatch(
      server.url,
      [
        { kind: 'human', name: 'Ann' },
        { kind: 'bot', bot: 'heuristic', name: 'Bea' },
        { kind: 'bot', bot: 'heuristic', name: 'Cy' },
        { kind: 'bot', bot: 'heuristic', name: 'Dag' },
      ],
      { seed: 'screenshots-1' },
    );
    const token = m.seats[0]!.token!;
    for (const p of shots) await openInvite(p.page, server.url, m.id, token);
    const driver = new WsSeat(server.url, m.id, token);
    const taken = new Map<string, string>();
    const desktop = shots.filter((p) => p.size.width === 1280);

    /**
     * Shoots every page at version v (the game waits for our decision there, so nothing moves). If
     * the game moved on meanwhile (the server answered a pass-only window by itself), shoots nothing.
     */
    const shootAll = async (state: string, v: number, testid: string) => {
      const version = (p: Page) => p.locator('[data-testid=table]').getAttribute('data-version');
      for (const p of shots)
        await expect.poll(async () => Number(await version(p.page))).toBeGreaterThanOrEqual(v);
      for (const p of shots) {
        await p.page
          .getByTestId(testid)
          .first()
          .waitFor({ timeout: 3_000 })
          .catch(() => undefined);
        await settle(p.page);
      }
      if (
        driver.latest!.v !== v ||
        !(await Promise.all(shots.map((p) => version(p.page)))).every((x) => x === String(v))
      )
        return;
      for (const p of desktop) await expectFirstScreen(p.page, state, `[data-testid=${testid}]`);
      for (const p of shots) taken.set(`${state}-${p.locale}-${p.size.name}`, await shoot(p, state));
    };

    /** The pages are held at the same battle message: shoot them, then let the game flow again. */
    const shootBattle = async () => {
      const v = await Promise.all(
        shots.map((p) => p.page.locator('[data-testid=table]').getAttribute('data-version')),
      );
      expect(new Set(v).size).toBe(1);
      for (const p of shots) {
        await p.page
          .getByTestId('aoh-battle')
          .first()
          .waitFor({ timeout: 3_000 })
          .catch(() => undefined);
        await settle(p.page);
      }
      for (const p of desktop) await expectFirstScreen(p.page, 'battle', '[data-testid=aoh-battle]');
      for (const p of shots) taken.set(`battle-${p.locale}-${p.size.name}`, await shoot(p, 'battle'));
      for (const g of gates) g.release();
    };

    const want = ['battle', 'market', 'table'].flatMap((s) =>
      shots.map((p) => `${s}-${p.locale}-${p.size.name}`),
    );
    let actedAt = -1;
    const deadline = Date.now() + 90_000;
    while (!want.every((k) => taken.has(k)) && Date.now() < deadline) {
      const msg = driver.latest;
      const prompt = msg?.prompts?.find((p) => p.seat === 0 && !p.optional);
      const legal = (msg?.legal ?? []) as AohAction[];
      if (gates.every((g) => g.closed) && !taken.has('battle-en-1280x800')) await shootBattle();
      if (!msg || !prompt || !legal.length || msg.view?.over || msg.v === actedAt) {
        await driver.next();
        continue;
      }
      const has = (type: AohAction['type']) => legal.find((a) => a.type === type);
      if (prompt.kind === 'aoh.trade' && !taken.has('market-en-1280x800'))
        await shootAll('market', msg.v!, 'aoh-market');
      if (prompt.kind === 'aoh.action' && !taken.has('table-en-1280x800'))
        await shootAll('table', msg.v!, 'aoh-prompt');
      // A war in progress (we are attacked, or place cards, or duel): the game waits for us.
      if (gates.every((g) => g.closed) && !taken.has('battle-en-1280x800')) await shootBattle();
      const action =
        has('ready') ??
        legal.find((a) => a.type === 'war' && a.objective === 'plunder') ??
        has('warArmy') ??
        has('warDeclare') ??
        has('pass') ??
        has('buildDone') ??
        has('swapSkip') ??
        legal[0]!;
      actedAt = msg.v!;
      await driver.act(action);
    }
    driver.close();
    expect([...taken.keys()].sort()).toEqual(want.sort());
    expect(statSync(taken.get('table-en-1280x800')!).size).toBeLessThan(300_000);
    if (process.env.UPDATE_README_SCREENSHOT === '1') {
      mkdirSync(`${ROOT}docs/screenshots`, { recursive: true });
      copyFileSync(taken.get('table-en-1280x800')!, `${ROOT}docs/screenshots/table.png`);
      copyFileSync(`${ensureShotsDir()}lobby-en-1280x800.png`, `${ROOT}docs/screenshots/lobby.png`);
    }
    for (const p of shots) {
      expect(p.errors).toEqual([]);
      expect(p.blocked).toEqual([]);
      await p.context.close();
    }
  });

  it('a text table and the replay viewer at 1280×800 and 360×740, English and Russian', async () => {
    // A game the generic table draws (no board of its own), with a person to decide.
    const textGame = GAMES.find(
      (g) => !['age-of-heroes', 'struggle-for-rome', 'nations'].includes(g.id) && g.minSeats <= 3,
    ) as AnyGame;
    const players = Math.max(3, textGame.minSeats);
    const t = await api<{ id: string; seats: { token?: string }[] }>(server.url, 'POST', '/api/matches', {
      game: textGame.id,
      players,
      seats: Array.from({ length: players }, (_, i) =>
        i === 0 ? { kind: 'human', name: 'Ann' } : { kind: 'bot', bot: 'random', name: ['Bea', 'Cy'][i - 1] },
      ),
      seed: 'screenshots-text',
      botDelayMs: 0,
    });
    // A finished game of bots to replay.
    const r = await api<{ id: string }>(server.url, 'POST', '/api/matches', {
      game: 'age-of-heroes',
      players: 3,
      seats: ['Ann', 'Bea', 'Cy'].map((name) => ({ kind: 'bot', bot: 'heuristic', name })),
      seed: 'screenshots-replay',
      botDelayMs: 0,
    });
    await expect
      .poll(async () => (await api<{ status: string }>(server.url, 'GET', `/api/matches/${r.id}`)).status, {
        timeout: 60_000,
      })
      .toBe('finished');
    const shots = await pages();
    for (const p of shots) {
      await openInvite(p.page, server.url, t.id, t.seats[0]!.token!);
      await p.page.locator('[data-testid=action-bar].mine').waitFor({ timeout: 20_000 });
      // A long list of actions is folded: the state and the decision share the first screen.
      expect(await p.page.locator('[data-testid=action-bar] .actions button').count()).toBeLessThanOrEqual(
        10,
      );
      await shoot(p, 'text-table');
      await p.page.goto(`${server.url}/#/replay/${r.id}?step=120&seat=0`);
      await p.page.getByTestId('replay').waitFor();
      await p.page.locator('[data-testid=aoh-board]').waitFor();
      await shoot(p, 'replay');
    }
    if (process.env.UPDATE_README_SCREENSHOT === '1')
      copyFileSync(`${ensureShotsDir()}replay-en-1280x800.png`, `${ROOT}docs/screenshots/replay.png`);
    for (const p of shots) {
      expect(p.errors).toEqual([]);
      expect(p.blocked).toEqual([]);
      await p.context.close();
    }
  });
});
