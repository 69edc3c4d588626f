/**
 * The replay viewer in the browser, for a finished bot game of every catalog game (short options, read
 * back from the record): step forward and back by keys and buttons, the address naming the step and the
 * view, jumping to a round or turn, playing, any seat's view — each step checked against the engine's
 * own replay (the log's lines and the table drawn), with nothing scrolling sideways at 1280×800 or
 * 360×740. Also a saved file opened in the browser, and the log keeping the newest line in view unless
 * the reader has scrolled up.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AnyGame, GameRecord } from '@tabula/engine';
import { SPECTATOR } from '@tabula/engine';
import { GAMES } from '@tabula/catalog';
import type { RunningServer } from '../../server/src/index.js';
import { ReplayBook } from '../src/shell/replayBook.js';
import { api, DESKTOP, launchBrowser, MOBILE, newTestContext, sideways, startTestServer } from './helpers.js';
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

const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve'];

/** Short games where the game allows it (an option a game does not know is refused, so only known ones). */
function shortOptions(game: AnyGame): Record<string, unknown> {
  for (const o of [{ roundLimit: 2 }, { ages: 1 }, { tradeInputLimit: 5 }])
    if (game.parseOptions(o).ok) return o;
  return {};
}

/** A bots-only match played to its end on the server; its record. */
async function finishedBotMatch(
  base: string,
  game: AnyGame,
  seed: string,
): Promise<{ id: string; record: GameRecord; options: Record<string, unknown> }> {
  const players = Math.min(game.maxSeats, Math.max(game.minSeats, 3));
  const options = shortOptions(game);
  const m = await api<{ id: string }>(base, 'POST', '/api/matches', {
    game: game.id,
    players,
    seats: Array.from({ length: players }, (_, i) => ({ kind: 'bot', bot: 'random', name: NAMES[i] })),
    options,
    seed,
    botDelayMs: 0,
  });
  await expect
    .poll(async () => (await api<{ status: string }>(base, 'GET', `/api/matches/${m.id}`)).status, {
      timeout: 60_000,
      interval: 200,
    })
    .toBe('finished');
  const record = await api<GameRecord>(base, 'GET', `/api/matches/${m.id}/record`);
  return { id: m.id, record, options };
}

const seatName = (s: number) => NAMES[s] ?? `Player ${s + 1}`;

/** What the viewer shows now. */
async function shown(page: Page) {
  return page.evaluate(() => {
    const r = document.querySelector<HTMLElement>('[data-testid=replay]');
    const lines = [...document.querySelectorAll('.log li > span')].map((e) => e.textContent ?? '');
    return {
      step: Number(r?.dataset.step),
      total: Number(r?.dataset.total),
      hash: location.hash,
      lines,
      text: document.querySelector('main.board > pre.text-view')?.textContent ?? null,
    };
  });
}

/** The page shows step k as `viewer` sees it: the address, the log's lines, the table drawn. */
async function expectStep(page: Page, game: AnyGame, book: ReplayBook, k: number, viewer: number | 'all') {
  await expect.poll(async () => (await shown(page)).step).toBe(k);
  const s = await shown(page);
  expect(s.hash).toContain(`step=${k}`);
  expect(s.hash).toContain(`seat=${viewer}`);
  const log = book.log(k, viewer === 'all' ? 'all' : viewer);
  // The panel shows the newest 200 lines.
  const want = log.slice(-200).map((e) => game.formatEvent(e, 'en', seatName));
  expect(s.lines).toEqual(want);
  const seat = viewer === 'all' ? SPECTATOR : viewer;
  const view = game.view(book.stateAt(k), seat);
  if (s.text !== null) expect(s.text).toBe(game.renderText(view, 'en', seatName));
  else expect(await page.locator('main.board').textContent()).not.toBe('');
}

describe('replay viewer', () => {
  for (const game of GAMES)
    it(`${game.id}: a finished game steps back and forth, jumps, plays, and shows any seat's view`, async () => {
      const { id, record, options } = await finishedBotMatch(server.url, game, `replay-${game.id}`);
      // The options chosen at creation reached the match.
      expect(record.options).toMatchObject(options);
      const book = new ReplayBook(game, record);
      expect(book.failure).toBeNull();
      const c: TestContext = await newTestContext(browser);
      const { page } = c;
      await page.goto(`${server.url}/#/replay/${id}`);
      await page.getByTestId('replay').waitFor();
      expect((await shown(page)).total).toBe(book.total);
      await expectStep(page, game, book, 0, 'all');

      // Keys: → → → ←, then the buttons.
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await expectStep(page, game, book, 3, 'all');
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, game, book, 2, 'all');
      await page.getByTestId('replay-next').click();
      await expectStep(page, game, book, 3, 'all');
      await page.getByTestId('replay-prev').click();
      await page.getByTestId('replay-prev').click();
      await expectStep(page, game, book, 1, 'all');
      // The end: the result is told; Home goes back to the setup.
      await page.keyboard.press('End');
      await expectStep(page, game, book, book.total, 'all');
      const outcome = game.outcome(book.stateAt(book.total));
      expect(outcome).not.toBeNull();
      if (outcome!.winners.length)
        expect(await page.getByTestId('replay-step').textContent()).toContain(seatName(outcome!.winners[0]!));
      await page.keyboard.press('Home');
      await expectStep(page, game, book, 0, 'all');

      // Jump to a round or turn, where the game marks them.
      if (book.marks.length > 1) {
        const m = book.marks.findIndex((x) => x.step > 0);
        await page.getByTestId('replay-jump').selectOption(String(m));
        await expectStep(page, game, book, book.marks[m]!.step, 'all');
        await page.keyboard.press('PageDown');
        const next = book.marks.find((x) => x.step > book.marks[m]!.step)?.step ?? book.total;
        await expectStep(page, game, book, next, 'all');
      }

      // One seat's view: its own log and table.
      const mid = Math.floor(book.total / 2);
      await page.goto(`${server.url}/#/replay/${id}?step=${mid}&seat=1`);
      await expectStep(page, game, book, mid, 1);
      await page.getByTestId('replay-viewer').selectOption('0');
      await expectStep(page, game, book, mid, 0);
      await page.getByTestId('replay-viewer').selectOption('-1');
      await expectStep(page, game, book, mid, -1);

      // Playing moves on by itself, and stops when paused.
      await page.getByLabel('Speed').selectOption('16');
      await page.getByTestId('replay-play').click();
      await expect
        .poll(async () => (await shown(page)).step)
        .toBeGreaterThan(Math.min(book.total, mid + 3) - 1);
      await page.getByTestId('replay-play').click();
      const stopped = (await shown(page)).step;
      await page.waitForTimeout(300);
      expect((await shown(page)).step).toBe(stopped);
      expect(c.errors).toEqual([]);
      expect(c.blocked).toEqual([]);
      await c.context.close();

      // Both widths: the step's table, the log and the controls never scroll sideways.
      for (const [size, opts] of [
        ['1280x800', DESKTOP],
        ['360x740', MOBILE],
      ] as const) {
        const w = await newTestContext(browser, opts);
        await w.page.goto(`${server.url}/#/replay/${id}?step=${mid}&seat=0`);
        await expectStep(w.page, game, book, mid, 0);
        expect(await sideways(w.page), size).toEqual([]);
        expect(w.errors).toEqual([]);
        await w.context.close();
      }
    });

  it('a saved tabula-game file opens in the browser; a wrong file is refused in words', async () => {
    const game = GAMES.find((g) => !!shortOptions(g).ages) ?? GAMES[0]!;
    const { record } = await finishedBotMatch(server.url, game, 'replay-file');
    const dir = mkdtempSync(join(tmpdir(), 'tabula-replay-'));
    const file = join(dir, 'game.json');
    writeFileSync(
      file,
      JSON.stringify({ ...record, players: NAMES.slice(0, record.seats).map((name) => ({ name })) }),
    );
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'something-else' }));
    const c = await newTestContext(browser);
    const { page } = c;
    await page.goto(`${server.url}/#/`);
    await page.getByRole('link', { name: 'Replay a saved game from a file' }).click();
    await page.getByTestId('replay-file').setInputFiles(bad);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not a Tabula saved game');
    await page.getByTestId('replay-file').setInputFiles(file);
    await page.getByTestId('replay').waitFor();
    const book = new ReplayBook(game, record);
    expect((await shown(page)).total).toBe(book.total);
    expect((await shown(page)).hash).toContain('#/replay/file?step=0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectStep(page, game, book, 2, 'all');
    // The names come from the file.
    expect(await page.locator('.players').textContent()).toContain('Bob');
    expect(c.errors).toEqual([]);
    await c.context.close();
  });

  it('the log keeps the newest line in view, and stays put while the reader has scrolled up', async () => {
    // The game with the longest log of the catalog's short games.
    const game = GAMES[0]!;
    const { id, record } = await finishedBotMatch(server.url, game, 'replay-scroll');
    const book = new ReplayBook(game, record);
    expect(book.total).toBeGreaterThan(60);
    const c = await newTestContext(browser);
    const { page } = c;
    await page.goto(`${server.url}/#/replay/${id}?step=40`);
    await page.getByTestId('replay').waitFor();
    const box = page.getByTestId('log-scroll');
    const pos = () =>
      box.evaluate((el) => ({ top: el.scrollTop, bottom: el.scrollHeight - el.clientHeight - el.scrollTop }));
    const firstVisible = () =>
      box.evaluate((el) => {
        const top = el.getBoundingClientRect().top;
        const li = [...el.querySelectorAll('li')].find((x) => x.getBoundingClientRect().bottom > top + 1);
        return li?.textContent ?? '';
      });
    // The log is longer than its box, and shows its end.
    expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight + 20)).toBe(true);
    await expect.poll(async () => (await pos()).bottom).toBeLessThan(2);
    const linesAt = async () => (await shown(page)).lines.length;
    // The same seed gives a different record from run to run (the server seeds each bot with the
    // match's id, new each time, and bots in a trading window answer in the order they finish), and
    // many steps add no line (a trade offer being put together, a war being prepared): so the steps to
    // take are read from the record, up to one that adds lines.
    const lineCount = (k: number) => Math.min(200, book.log(k, 'all').length);
    const nextWithLines = (from: number) => {
      let k = from + 1;
      while (k < book.total && lineCount(k) <= lineCount(from)) k++;
      expect(lineCount(k)).toBeGreaterThan(lineCount(from));
      return k;
    };
    // New lines (moves forward): still at the newest.
    let at = 40;
    expect((await shown(page)).step).toBe(at);
    let before = await linesAt();
    expect(before).toBe(lineCount(at));
    let to = nextWithLines(at);
    for (let i = at; i < to; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await shown(page)).step).toBe(to);
    expect(await linesAt()).toBe(lineCount(to));
    expect(await linesAt()).toBeGreaterThan(before);
    await expect.poll(async () => (await pos()).bottom).toBeLessThan(2);

    // The reader scrolls up to read: new lines come, nothing moves, a button leads back.
    await box.evaluate((el) => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event('scroll'));
    });
    const reading = await firstVisible();
    before = await linesAt();
    at = to;
    to = nextWithLines(at);
    for (let i = at; i < to; i++) await page.getByTestId('replay-next').click();
    await expect.poll(async () => (await shown(page)).step).toBe(to);
    expect(await linesAt()).toBe(lineCount(to));
    expect(await linesAt()).toBeGreaterThan(before);
    expect((await pos()).top).toBe(0);
    expect(await firstVisible()).toBe(reading);
    await page.getByTestId('log-newest').click();
    await expect.poll(async () => (await pos()).bottom).toBeLessThan(2);
    expect(await page.getByTestId('log-newest').count()).toBe(0);
    // And follows again.
    await page.getByTestId('replay-next').click();
    await page.getByTestId('replay-next').click();
    await expect.poll(async () => (await pos()).bottom).toBeLessThan(2);
    expect(c.errors).toEqual([]);
    await c.context.close();
  });
});
