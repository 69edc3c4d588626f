/**
 * Nations at its drawn table, in real Chromium (issue 20): a 3-player game against bots and a solo game
 * played to the end by clicking the cards, slots, workers and resources ringed on the table and the
 * decision's own buttons (never the list of actions); in sampled positions the ringed targets are exactly
 * the targets of the legal actions (the game's targetsOf); no data id and, in Russian, no English card,
 * nation or event name on the page; the final score table and the Hall of Fame; the replay draws the table
 * at each step; axe finds nothing serious at 1280×800 and 360×740; the first screen at 1280×800 holds the
 * progress board, my nation and the decision; a phone puts the decision and my nation first, the board
 * one tab (or swipe) away, and nothing wider than the screen; screenshots in both languages.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import type { Prompt, Target } from '@tabula/engine';
import { Rng } from '@tabula/engine';
import { EVENT_CARDS, NATIONS, PROGRESS_CARDS, PROMO_EVENT_CARDS, nations } from '@tabula/nations';
import type { NatAction } from '@tabula/nations';
import type { RunningServer } from '../../server/src/index.js';
import {
  ROOT,
  api,
  ensureShotsDir,
  launchBrowser,
  MOBILE,
  newTestContext,
  openInvite,
  overText,
  rng,
  settle,
  startTestServer,
  waitForDecision,
  WsSeat,
} from './helpers.js';
import type { Created, TestContext } from './helpers.js';

let server: RunningServer;
let browser: Browser;
const contexts: TestContext[] = [];
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

function createNations(
  players: number,
  seed: string,
  options: Record<string, unknown> = {},
): Promise<Created> {
  return api<Created>(server.url, 'POST', '/api/matches', {
    game: 'nations',
    players,
    seed,
    options,
    seats: Array.from({ length: players }, (_, i) =>
      i === 0 ? { kind: 'human', name: 'Ann' } : { kind: 'bot', bot: 'heuristic', name: `Bot ${i}` },
    ),
  });
}

/** A target as the table's elements name it (a board space by index becomes row and column). */
function keyOf(t: Target, cols: number): string {
  if (t.kind === 'space' && typeof t.id === 'number')
    return `space:${Math.floor(t.id / cols) + 1}:${t.id % cols}`;
  return `${t.kind}:${String(t.id)}`;
}
function expectedTargets(legal: NatAction[], cols: number): string[] {
  const out = new Set<string>();
  for (const a of legal) for (const t of nations.targetsOf!(a)) out.add(keyOf(t, cols));
  return [...out].sort();
}
/** The targets the table rings now. */
const ringed = (page: Page) =>
  page.$$eval('[data-testid=nat-board] [data-targets]', (els) => [
    ...new Set(els.flatMap((e) => (e as HTMLElement).dataset.targets!.split(' '))),
  ]);

const version = (page: Page) =>
  page.$eval('[data-testid=table]', (e) => Number((e as HTMLElement).dataset.version));

/** Data ids and raw keys a player must never see. */
const ID_LIKE = /\bs-[a-z]+\b|\bS\d-\d\b|\bnat\.[a-z]+\.|\{[a-zA-Z]+\}|undefined|NaN|\[object/;

/** English names with a Russian form of their own: none may show on a Russian page. */
const ENGLISH_NAMES = (() => {
  const out = new Set<string>();
  for (const c of PROGRESS_CARDS) out.add(c.name);
  for (const b of NATIONS) {
    out.add(b.name);
    for (const p of b.printed) out.add(p.card.name);
  }
  for (const e of [...EVENT_CARDS, ...PROMO_EVENT_CARDS])
    for (const h of e.events) for (const d of Array.isArray(h) ? h : [h]) out.add(d.name);
  // Names that are also the players' (none) or too short to tell apart are not searched.
  return [...out].filter((n) => n.length > 3);
})();

/** The English card, nation or event names found in a text (word bounded). */
function englishNamesIn(text: string): string[] {
  return ENGLISH_NAMES.filter((n) =>
    new RegExp(`(^|[^A-Za-z])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z]|$)`).test(text),
  );
}

/** Everything the page says, visible or for screen readers: text, labels, descriptions. */
const pageWords = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-testid=table]')!;
    const labels = [...root.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
    return `${root.textContent ?? ''}\n${labels.join('\n')}`;
  });

interface Played {
  targetClicks: number;
  dialogClicks: number;
  checks: number;
  decisions: number;
}

/**
 * Plays the page's seat to the end by the table: a ringed target (then the selected card's action, when it
 * asks for a confirmation), the turn's end or a pass (confirmed), or a button of the decision dialog. Checks
 * the rings against the legal actions the server sends the same seat, and the page's words, along the way.
 */
async function playByTable(
  page: Page,
  driver: WsSeat,
  seed: number,
  ms: number,
  locale: 'en' | 'ru',
): Promise<Played> {
  const r = rng(seed);
  const deadline = Date.now() + ms;
  let lastV = -1;
  const out: Played = { targetClicks: 0, dialogClicks: 0, checks: 0, decisions: 0 };
  let actionsThisTurn = 0;
  while (Date.now() < deadline) {
    const snap = await waitForDecision(page, lastV, overText(locale), Math.max(1, deadline - Date.now()));
    if (!snap) break;
    if (snap.heading.includes(overText(locale))) return out;
    if (snap.error) {
      await page.locator('[data-testid=action-bar] .error button').click();
      lastV = -1;
      continue;
    }
    const v = snap.v;
    // Sampled positions: the rings are the legal actions' targets (the server's list for this seat).
    if (out.decisions % 3 === 0) {
      for (let i = 0; i < 20 && driver.latest?.v !== v; i++) await driver.next(200);
      const l = driver.latest;
      if (l?.v === v && (await version(page)) === v) {
        const legal = (l.legal ?? []) as NatAction[];
        expect((await ringed(page)).sort()).toEqual(expectedTargets(legal, l.view.cols as number));
        out.checks++;
      }
    }
    if (out.decisions % 7 === 0) {
      const words = await pageWords(page);
      expect(words).not.toMatch(ID_LIKE);
      if (locale === 'ru') expect(englishNamesIn(words)).toEqual([]);
    }
    out.decisions++;
    const dec = page.getByTestId('nat-decision');
    const end = dec.locator('.nat-end:not([disabled])');
    const pass = dec.locator('.nat-pass:not([disabled])');
    const targets = page.locator('[data-testid=nat-board] [data-targets]:not([disabled])');
    const nTargets = await targets.count();
    const dialog = dec.locator(
      '[data-testid=nat-choices] .nat-act:not([disabled]), .nat-choice-cards button:not([disabled])',
    );
    const nDialog = await dialog.count();
    if ((await end.count()) && (r() < 0.75 || actionsThisTurn > 3)) {
      await end.click({ timeout: 3000 });
      actionsThisTurn = 0;
      out.dialogClicks++;
    } else if ((await pass.count()) && (r() < 0.12 || nTargets === 0)) {
      await pass.click({ timeout: 3000 });
      await dec.locator('.nat-pass-yes').click({ timeout: 3000 });
      actionsThisTurn = 0;
      out.dialogClicks++;
    } else if (nTargets && (r() < 0.8 || !nDialog)) {
      await targets.nth(Math.floor(r() * nTargets)).click({ timeout: 3000 });
      out.targetClicks++;
      const confirm = page.locator('[data-testid=nat-selected] .nat-confirm:not([disabled])');
      await Promise.race([
        confirm.first().waitFor({ timeout: 3000 }),
        page.waitForFunction(
          (v) => Number(document.querySelector<HTMLElement>('[data-testid=table]')?.dataset.version) !== v,
          v,
          { timeout: 3000 },
        ),
      ]).catch(() => undefined);
      const n = await confirm.count();
      if (n && (await version(page)) === v) {
        // The selected card's text shows beside its actions.
        expect(await page.getByTestId('nat-selected').innerText()).not.toBe('');
        await confirm.nth(Math.floor(r() * n)).click({ timeout: 3000 });
      }
      actionsThisTurn++;
    } else if (nDialog) {
      await dialog.nth(Math.floor(r() * nDialog)).click({ timeout: 3000 });
      out.dialogClicks++;
    } else if (await pass.count()) {
      await pass.click({ timeout: 3000 });
      await dec.locator('.nat-pass-yes').click({ timeout: 3000 });
      out.dialogClicks++;
    }
    const moved = await page
      .waitForFunction(
        (v) => Number(document.querySelector<HTMLElement>('[data-testid=table]')?.dataset.version) !== v,
        v,
        { timeout: 3000 },
      )
      .then(() => true)
      .catch(() => false);
    lastV = moved ? v : -1;
  }
  throw new Error(`The game did not end in time (${JSON.stringify(out)})`);
}

async function axeSerious(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Nations at its drawn table', () => {
  it('a 3-player game against bots, played to the end by clicking cards and slots; rings = legal targets; the replay draws the table', async () => {
    const m = await createNations(3, 'table-3p');
    const token = m.seats[0]!.token!;
    const c = await newTestContext(browser, { actionList: 'closed' });
    contexts.push(c);
    await openInvite(c.page, server.url, m.id, token);
    await c.page.getByTestId('nat-board').waitFor();
    const driver = new WsSeat(server.url, m.id, token);
    try {
      const r = await playByTable(c.page, driver, 3, 400_000, 'en');
      console.log('3-player game', r);
      expect(r.targetClicks).toBeGreaterThan(10);
      expect(r.checks).toBeGreaterThan(5);
    } finally {
      driver.close();
    }
    // The final scores: A–E for every nation, and the total.
    const final = c.page.getByTestId('nat-final');
    await final.waitFor();
    expect(await final.locator('tbody tr').count()).toBe(3);
    expect(await final.locator('thead th').allInnerTexts()).toEqual([
      'Nation',
      'A',
      'B',
      'C',
      'D',
      'E',
      'Total',
    ]);
    expect(c.errors).toEqual([]);
    expect(c.blocked).toEqual([]);

    // The replay draws the same table, step by step.
    await c.page.goto(`${server.url}/#/replay/${m.id}?step=0&seat=0`);
    await c.page.getByTestId('replay').waitFor();
    await c.page.getByTestId('nat-board').waitFor();
    const total = Number(await c.page.getByTestId('replay').getAttribute('data-total'));
    for (const step of [1, Math.floor(total / 2), total]) {
      await c.page.goto(`${server.url}/#/replay/${m.id}?step=${step}&seat=0`);
      await expect.poll(() => c.page.getByTestId('replay').getAttribute('data-step')).toBe(String(step));
      await c.page.getByTestId('nat-progress').waitFor();
      const round = await c.page.getByTestId('nat-round').innerText();
      expect(round).toMatch(/Age I*V?I* · Round \d of 8/);
      // A replay shows no choices.
      expect(await ringed(c.page)).toEqual([]);
    }
    await c.page.getByTestId('nat-final').waitFor();
    expect(c.errors).toEqual([]);
  });

  it('a solo game played to the end by clicking (Russian); the opponent panel, the Hall of Fame', async () => {
    const m = await createNations(1, 'table-solo', { solo: true });
    const token = m.seats[0]!.token!;
    const c = await newTestContext(browser, { actionList: 'closed', uiLocale: 'ru' });
    contexts.push(c);
    await openInvite(c.page, server.url, m.id, token);
    await c.page.getByTestId('nat-board').waitFor();
    await c.page.getByTestId('nat-solo').waitFor();
    expect(await c.page.getByTestId('nat-solo').innerText()).toMatch(/Виртуальный соперник/);
    const driver = new WsSeat(server.url, m.id, token);
    try {
      const r = await playByTable(c.page, driver, 11, 400_000, 'ru');
      console.log('solo game', r);
      expect(r.targetClicks).toBeGreaterThan(5);
      expect(r.checks).toBeGreaterThan(3);
    } finally {
      driver.close();
    }
    await c.page.getByTestId('nat-final').waitFor();
    expect(await c.page.getByTestId('nat-hof').innerText()).toMatch(/Зал славы/);
    expect(englishNamesIn(await pageWords(c.page))).toEqual([]);
    expect(c.errors).toEqual([]);
    expect(c.blocked).toEqual([]);
  });

  it('fits the screen, axe finds nothing serious, Russian shows no English name; screenshots', async () => {
    const dir = ensureShotsDir();
    const m = await createNations(3, 'table-shots', {});
    const token = m.seats[0]!.token!;
    const driver = new WsSeat(server.url, m.id, token);
    // Play into round 2's action phase with cards bought and workers deployed (the seat's own actions by
    // the wire), so the table shows a nation that has grown.
    let turns = 0;
    let acted = -1;
    const bot = nations.bots!.heuristic!({ seed: 'shots' });
    const botRng = new Rng('shots');
    for (let i = 0; i < 600; i++) {
      const l = driver.latest;
      const mine = l?.prompts?.find((p) => p.seat === 0 && !p.optional);
      if (!l || !mine || l.v === acted) {
        await driver.next(1500);
        continue;
      }
      const legal = (l.legal ?? []) as NatAction[];
      if (mine.kind === 'nat.turn' && (l.view.round as number) >= 3 && legal.some((a) => a.type === 'buy'))
        break;
      if (mine.kind === 'nat.turn') turns++;
      // The seat plays as the game's heuristic bot would (from its own view), so the nation grows.
      const pick = bot.choose({ seat: 0, view: l.view, legal, prompt: mine as Prompt, rng: botRng });
      acted = l.v!;
      if (pick) await driver.act(pick);
    }
    driver.close();
    console.log('setup done', turns, driver.latest?.v);
    const taken: string[] = [];
    try {
      for (const [size, opts] of [
        ['1280x800', {}],
        ['360x740', MOBILE],
      ] as const)
        for (const locale of ['en', 'ru'] as const) {
          const c = await newTestContext(browser, { ...opts, uiLocale: locale, actionList: 'closed' });
          contexts.push(c);
          const page = c.page;
          console.log('shots', size, locale);
          await openInvite(page, server.url, m.id, token);
          await page.getByTestId('nat-board').waitFor();
          await page
            .locator('[data-testid=nat-progress] [data-targets]')
            .first()
            .waitFor({ state: 'attached' });
          if (size === '1280x800') {
            // A card of the board selected: its text and price beside it, in the decision.
            await page.locator('[data-testid=nat-progress] [data-targets]').first().click();
            await page.getByTestId('nat-selected').waitFor();
            await page.mouse.move(0, 0);
            await settle(page);
            const shot = `${dir}nations-table-${locale}-${size}.png`;
            await page.screenshot({ path: shot });
            taken.push(shot);
            // The first screen holds the progress board, my nation and the decision.
            const box = async (sel: string) => (await page.locator(sel).first().boundingBox())!;
            const prog = await box('[data-testid=nat-progress]');
            expect(prog.y + prog.height).toBeLessThanOrEqual(800);
            const mine = await box('[data-testid=nat-mine]');
            expect(
              mine.y + mine.height,
              `${locale}: my nation ends at ${mine.y + mine.height}`,
            ).toBeLessThanOrEqual(800);
            const conf = await box('[data-testid=nat-selected] .nat-confirm');
            expect(conf.y + conf.height).toBeLessThanOrEqual(800);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
          } else {
            // The decision and my nation first; the board one tab away.
            const dec = (await page.getByTestId('nat-decision').boundingBox())!;
            const mine = (await page.getByTestId('nat-mine').boundingBox())!;
            expect(dec.y).toBeLessThan(mine.y);
            expect(await page.getByTestId('nat-progress').isVisible()).toBe(false);
            await settle(page);
            const shot = `${dir}nations-table-${locale}-${size}.png`;
            await page.screenshot({ path: shot });
            taken.push(shot);
            await page.screenshot({ path: `${dir}nations-table-${locale}-${size}-full.png`, fullPage: true });
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
            expect(await axeSerious(page), `${locale} ${size} mine`).toEqual([]);
            // One swipe to the left brings the board (a tap on its tab would too).
            await page.evaluate(() => {
              const el = document.querySelector('[data-testid=nat-mine]')!;
              const at = (x: number) => [new Touch({ identifier: 1, target: el, clientX: x, clientY: 400 })];
              el.dispatchEvent(
                new TouchEvent('touchstart', { bubbles: true, touches: at(300), changedTouches: at(300) }),
              );
              el.dispatchEvent(
                new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: at(120) }),
              );
            });
            await page.getByTestId('nat-progress').waitFor();
            expect(await page.getByRole('tab', { selected: true }).innerText()).toMatch(
              /Progress board|Поле прогресса/,
            );
            await page.locator('[data-testid=nat-progress] [data-targets]').first().tap();
            await page.getByTestId('nat-selected').waitFor();
            await settle(page);
            await page.screenshot({ path: `${dir}nations-board-${locale}-${size}.png` });
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
          }
          expect(await axeSerious(page), `${locale} ${size}`).toEqual([]);
          const words = await pageWords(page);
          expect(words).not.toMatch(ID_LIKE);
          if (locale === 'ru') expect(englishNamesIn(words)).toEqual([]);
          // Every clickable target is a focusable button with a name.
          const unnamed = await page.$$eval('[data-targets]', (els) =>
            els
              .filter(
                (e) => e.tagName !== 'BUTTON' || !(e.getAttribute('aria-label') || e.textContent?.trim()),
              )
              .map((e) => e.outerHTML.slice(0, 80)),
          );
          expect(unnamed).toEqual([]);
          expect(c.errors).toEqual([]);
          await c.context.close();
        }
    } finally {
      if (process.env.UPDATE_README_SCREENSHOT) {
        mkdirSync(`${ROOT}docs/screenshots`, { recursive: true });
        copyFileSync(`${dir}nations-table-en-1280x800.png`, `${ROOT}docs/screenshots/nations-table.png`);
        copyFileSync(`${dir}nations-table-ru-360x740.png`, `${ROOT}docs/screenshots/nations-phone.png`);
      }
    }
    expect(taken.length).toBe(4);
  }, 300_000);
});
