/**
 * Screenshots for review by eye (test-results/screenshots/, ignored by git): the lobby, the table, a
 * battle and Market Day, at 1280×800 and at 360×740 (touch), with reduced motion and settled fonts.
 * The game is steered from node over the WebSocket (a fixed seed; seat 0 declares war as soon as it
 * can) while two pages of the same seat show it. At 360 px nothing may scroll sideways. One desktop
 * table picture is also kept for the README (docs/screenshots/table.png).
 */
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AohAction } from '@tabula/age-of-heroes';
import type { RunningServer } from '../../server/src/index.js';
import {
  DESKTOP,
  MOBILE,
  ROOT,
  WsSeat,
  createMatch,
  ensureShotsDir,
  launchBrowser,
  newTestContext,
  settle,
  startTestServer,
} from './helpers.js';
import type { TestContext } from './helpers.js';

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

/** Saves a screenshot of the settled page; at phone width, also checks nothing scrolls sideways. */
async function shoot(page: Page, state: string, size: (typeof sizes)[number]): Promise<string> {
  await settle(page);
  if (size.width <= 360) {
    const overflow = await page.evaluate(() => {
      const w = document.documentElement.scrollWidth;
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
      return { w, wide };
    });
    expect(
      overflow.w,
      `${state} at ${size.name} scrolls sideways: ${overflow.wide.join(', ')}`,
    ).toBeLessThanOrEqual(360);
  }
  const path = `${ensureShotsDir()}age-of-heroes-${state}-en-${size.name}.png`;
  await page.screenshot({ path });
  return path;
}

describe('screenshots', () => {
  it('lobby, table, battle and Market Day at 1280×800 and 360×740', async () => {
    const pages: (TestContext & { size: (typeof sizes)[number] })[] = [];
    for (const size of sizes)
      pages.push({
        ...(await newTestContext(browser, { ...size.opts, uiLocale: 'en', actionList: 'closed' })),
        size,
      });
    // A battle passes in milliseconds (bots think instantly), so each page's WebSocket goes through a
    // gate that holds back the server's messages after the first one showing a battle, until shot.
    const gates = pages.map(() => ({ closed: false, armed: true, held: [] as string[], release: () => {} }));
    await Promise.all(
      pages.map((p, i) =>
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

    for (const p of pages) {
      await p.page.goto(server.url + '/');
      await p.page.waitForSelector('form.new-match');
      await shoot(p.page, 'lobby', p.size);
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
    for (const p of pages) {
      await p.page.goto(`${server.url}/#/m/${m.id}?token=${token}`);
      await p.page.waitForSelector('[data-testid=table]');
    }
    const driver = new WsSeat(server.url, m.id, token);
    const taken = new Map<string, string>();

    /**
     * Shoots every page at version v (the game waits for our decision there, so nothing moves). If
     * the game moved on meanwhile (the server answered a pass-only window by itself), shoots nothing.
     */
    const shootAll = async (state: string, v: number, testid?: string) => {
      const version = (p: Page) => p.locator('[data-testid=table]').getAttribute('data-version');
      for (const p of pages)
        await expect.poll(async () => Number(await version(p.page))).toBeGreaterThanOrEqual(v);
      for (const p of pages) {
        // The board's own panel, when there is a board and it shows one at this moment.
        if (testid && (await p.page.getByTestId('aoh-board').count()))
          await p.page
            .getByTestId(testid)
            .first()
            .waitFor({ timeout: 3_000 })
            .catch(() => undefined);
        await settle(p.page);
      }
      if (
        driver.latest!.v !== v ||
        !(await Promise.all(pages.map((p) => version(p.page)))).every((x) => x === String(v))
      )
        return;
      for (const p of pages) taken.set(`${state}-${p.size.name}`, await shoot(p.page, state, p.size));
    };

    /** Both pages are held at the same battle message: shoot them, then let the game flow again. */
    const shootBattle = async () => {
      const v = await Promise.all(
        pages.map((p) => p.page.locator('[data-testid=table]').getAttribute('data-version')),
      );
      expect(v[0]).toBe(v[1]);
      for (const p of pages) {
        if (await p.page.getByTestId('aoh-board').count())
          await p.page
            .getByTestId('aoh-battle')
            .first()
            .waitFor({ timeout: 3_000 })
            .catch(() => undefined);
        taken.set(`battle-${p.size.name}`, await shoot(p.page, 'battle', p.size));
      }
      for (const g of gates) g.release();
    };

    let actedAt = -1;
    const deadline = Date.now() + 60_000;
    while (!(taken.has('battle-360x740') && taken.has('market-360x740')) && Date.now() < deadline) {
      const msg = driver.latest;
      const prompt = msg?.prompts?.find((p) => p.seat === 0 && !p.optional);
      const legal = (msg?.legal ?? []) as AohAction[];
      if (gates.every((g) => g.closed) && !taken.has('battle-1280x800')) await shootBattle();
      if (!msg || !prompt || !legal.length || msg.view?.over || msg.v === actedAt) {
        await driver.next();
        continue;
      }
      const has = (type: AohAction['type']) => legal.find((a) => a.type === type);
      if (prompt.kind === 'aoh.trade' && !taken.has('market-1280x800'))
        await shootAll('market', msg.v!, 'aoh-market');
      if (prompt.kind === 'aoh.action' && !taken.has('table-1280x800')) await shootAll('table', msg.v!);
      // A war in progress (we are attacked, or place cards, or duel): the game waits for us.
      if (gates.every((g) => g.closed) && !taken.has('battle-1280x800')) await shootBattle();
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
    expect([...taken.keys()].sort()).toEqual(
      ['battle', 'market', 'table'].flatMap((s) => sizes.map((z) => `${s}-${z.name}`)).sort(),
    );

    // The README's picture of the table (English, desktop), kept small.
    // The README picture is refreshed on request only (UPDATE_README_SCREENSHOT=1), so a test run
    // leaves the work tree as it found it.
    expect(statSync(taken.get('table-1280x800')!).size).toBeLessThan(300_000);
    if (process.env.UPDATE_README_SCREENSHOT === '1') {
      mkdirSync(`${ROOT}docs/screenshots`, { recursive: true });
      copyFileSync(taken.get('table-1280x800')!, `${ROOT}docs/screenshots/table.png`);
    }
    for (const p of pages) {
      expect(p.errors).toEqual([]);
      expect(p.blocked).toEqual([]);
    }
  });
});
