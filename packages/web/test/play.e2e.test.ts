/**
 * Playing through the browser: a whole 4-player game by two people (two browser profiles) and two
 * bots, a hotseat game with its "pass the device" screen, a reload in mid-game, and a game's chunk that
 * did not load fetched again with the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../server/src/index.js';
import type { AohAction } from '@tabula/age-of-heroes';
import {
  WsSeat,
  actionLabel,
  api,
  createMatch,
  launchBrowser,
  newTestContext,
  openInvite,
  overText,
  playDecisions,
  playUntilOver,
  quickChooser,
  startTestServer,
  tableSnapshot,
} from './helpers.js';
import type { Msg, TestContext } from './helpers.js';

let server: RunningServer;
let browser: Browser;
const contexts: TestContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(): Promise<TestContext> {
  const c = await newTestContext(browser);
  contexts.push(c);
  return c;
}

/** The seat select of row i (0-based) of the lobby's new-match form. */
const seatKind = (page: Page, i: number) => page.locator('.seat-row').nth(i).locator('select').first();
const labelled = (page: Page, text: string) =>
  page.locator('form.new-match label', { hasText: text }).locator('select');

describe('playing in the browser', () => {
  it('two people and two bots play a whole game to its end, through the lobby and the action bar', async () => {
    const ann = await open();
    const bob = await open();
    const page = await ann.page.goto(server.url + '/');
    // The page comes with the server's security headers, and the whole game below runs under them
    // (a violation would be a console error: see newTestContext).
    expect(page!.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(page!.headers()['x-content-type-options']).toBe('nosniff');
    await ann.page.getByLabel('Your name').fill('Ann');
    await labelled(ann.page, 'Players').selectOption('4');
    await seatKind(ann.page, 1).selectOption('human');
    await seatKind(ann.page, 2).selectOption('bot');
    await seatKind(ann.page, 3).selectOption('bot');
    // The rule-of-thumb level: the search levels (the default) think for a while at every decision.
    for (const i of [2, 3])
      await ann.page.locator('.seat-row').nth(i).locator('select').nth(1).selectOption('beginner');
    // The bots move at once (a person's table would take the natural pace).
    expect(await labelled(ann.page, 'Bots move').inputValue()).toBe('natural');
    await labelled(ann.page, 'Bots move').selectOption('instant');
    // The game's declared option (the lobby draws what GET /api/games says), where it declares it.
    const tribes = labelled(ann.page, 'Tribes');
    if (await tribes.count()) await tribes.selectOption('random');
    await ann.page.getByRole('button', { name: 'Create match' }).click();

    const invites = ann.page.locator('section[aria-labelledby=invites] input');
    await expect.poll(() => invites.count()).toBe(2);
    const bobLink = await invites.nth(1).inputValue();
    const id = /#\/m\/([^?]+)\?token=/.exec(bobLink)![1]!;

    await ann.page.getByRole('link', { name: 'Go to the table' }).click();
    await bob.page.goto(bobLink);
    // The guest is asked his name first; the token leaves the address bar once remembered.
    await bob.page.getByTestId('invite').waitFor();
    await bob.page.getByLabel('Your name at the table').fill('Bob');
    await bob.page.getByRole('button', { name: 'Take my seat' }).click();
    await bob.page.waitForSelector('[data-testid=table]');
    expect(bob.page.url()).not.toContain('token=');
    // His name, not "Player 2", at both tables and in the match.
    await expect.poll(() => ann.page.locator('.players li').nth(1).textContent()).toContain('Bob');
    expect(await bob.page.locator('.players li').nth(1).textContent()).toContain('Bob (you)');
    await ann.page.waitForSelector('[data-testid=table]');
    const seats = [(await tableSnapshot(ann.page))!.seat, (await tableSnapshot(bob.page))!.seat];
    expect(seats).toEqual([0, 1]);

    // Generous: on an idle machine a game takes 20–60 s, on a loaded one (2 CPUs) much more.
    const deadline = Date.now() + 170_000;
    const [a, b] = await Promise.all([
      playUntilOver(ann.page, quickChooser(1), { deadline, realClicks: 40 }),
      playUntilOver(bob.page, quickChooser(2), { deadline, realClicks: 40 }),
    ]);
    expect(a + b).toBeGreaterThan(10);

    for (const c of [ann, bob]) {
      await expect
        .poll(() => c.page.locator('[data-testid=action-bar] h2').textContent())
        .toContain(overText());
      // No button is left to press once the game is over.
      expect(await c.page.locator('[data-testid=action-bar] .actions button').count()).toBe(0);
    }
    const info = await api<{ status: string; outcome: { winners: number[] } | null }>(
      server.url,
      'GET',
      `/api/matches/${id}`,
    );
    expect(info.status).toBe('finished');
    expect(info.outcome?.winners.length).toBeGreaterThan(0);
    for (const c of [ann, bob]) {
      expect(c.errors).toEqual([]);
      expect(c.blocked).toEqual([]);
    }
  }, 200_000);

  it('hotseat: each seat has its own name; "pass the device" hides the previous hand until the next player asks', async () => {
    const c = await open();
    const page = c.page;
    await page.goto(server.url + '/');
    await page.getByLabel('Your name').fill('Kim');
    await labelled(page, 'Players').selectOption('2');
    await seatKind(page, 0).selectOption('human');
    await seatKind(page, 1).selectOption('human');
    await page.getByLabel('Play all human seats at this screen (hotseat)').check();
    // Each seat at this screen has its own name.
    expect(await page.getByLabel('Name of seat 1').inputValue()).toBe('Kim');
    await page.getByLabel('Name of seat 2').fill('Lee');
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.waitForURL(/#\/hotseat\//);

    const handOf = () =>
      page.evaluate(() => {
        const board = document.querySelector('[data-testid=aoh-hand]');
        if (board) return board.textContent ?? '';
        const text = document.querySelector('.text-view')?.textContent ?? '';
        return text.split('\n').find((l) => l.startsWith('Your hand:')) ?? '';
      });
    const choose = quickChooser(3);
    let passes = 0;
    let previousHand = '';
    let previousSeat = -1;
    const deadline = Date.now() + 40_000;
    while (passes < 4 && Date.now() < deadline) {
      const pass = page.getByTestId('pass-device');
      const table = page.getByTestId('table');
      await expect.poll(async () => (await pass.count()) + (await table.count())).toBeGreaterThan(0);
      if (await pass.count()) {
        passes++;
        const heading = (await pass.locator('h1').textContent()) ?? '';
        expect(heading).toMatch(/^Pass the device to (Kim|Lee)$/);
        // Nothing of the previous player's table, and his hand nowhere in the DOM.
        expect(await table.count()).toBe(0);
        expect(await page.getByTestId('aoh-hand').count()).toBe(0);
        if (previousHand) expect(await page.content()).not.toContain(previousHand);
        const name = heading.endsWith('Kim') ? 'Kim' : 'Lee';
        // The button to reveal has the focus, so the next player just presses Enter.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent))
          .toBe(`I am ${name}: show my side of the table`);
        await page.getByRole('button', { name: `I am ${name}: show my side of the table` }).click();
        await page.waitForSelector('[data-testid=table]');
        const snap = (await tableSnapshot(page))!;
        expect(snap.seat).toBe(name === 'Kim' ? 0 : 1);
        expect(await page.locator('.players li', { hasText: '(you)' }).textContent()).toContain(
          `${name} (you)`,
        );
        if (previousSeat >= 0) expect(snap.seat).not.toBe(previousSeat);
        await expect.poll(handOf).not.toBe('');
        previousHand = await handOf();
        previousSeat = snap.seat;
        continue;
      }
      // Play this seat's decisions until the device has to be passed.
      await playDecisions(page, choose, 1, 5_000);
    }
    expect(passes).toBeGreaterThanOrEqual(4);
    // The log names both players by their own names, never by seat number.
    const log = (await page.locator('.log').textContent()) ?? '';
    expect(log).toMatch(/Kim/);
    expect(log).toMatch(/Lee/);
    expect(log).not.toMatch(/Player \d/);
    expect(c.errors).toEqual([]);
  });

  it('reloading the page in mid-game resumes it: same seat, same version, the log, and play goes on', async () => {
    const m = await createMatch(server.url, [
      { kind: 'human', name: 'Rey' },
      { kind: 'bot', bot: 'heuristic' },
      { kind: 'bot', bot: 'heuristic' },
    ]);
    const c = await open();
    const page = c.page;
    await openInvite(page, server.url, m.id, m.seats[0]!.token!);
    await page.waitForSelector('[data-testid=table]');
    expect(await playDecisions(page, quickChooser(4), 6)).toBe(6);
    // Wait until the game waits for this seat alone (so nothing moves meanwhile), then reload.
    const stillV = async () => {
      const deciding = page.locator('.players li', { hasText: 'deciding' });
      const a = await tableSnapshot(page);
      if (!a?.mine || (await deciding.count()) !== 1 || !(await deciding.textContent())?.includes('(you)'))
        return -1;
      await page.waitForTimeout(300);
      const b = await tableSnapshot(page);
      return b?.v === a.v ? a.v : -1;
    };
    await expect.poll(stillV, { timeout: 20_000 }).toBeGreaterThan(0);
    const before = (await tableSnapshot(page))!;
    const logBefore = await page.locator('.log li > span').allTextContents();
    expect(logBefore.length).toBeGreaterThan(0);
    await page.reload();
    await page.waitForSelector('[data-testid=table]');
    await expect.poll(async () => (await tableSnapshot(page))?.v).toBe(before.v);
    const after = (await tableSnapshot(page))!;
    expect(after.seat).toBe(before.seat);
    expect(after.heading).toBe(before.heading);
    expect(after.buttons).toEqual(before.buttons);
    expect(await page.locator('.log li > span').allTextContents()).toEqual(logBefore);
    expect(await page.locator('.players li').filter({ hasText: '(you)' }).textContent()).toContain('Rey');
    // And the game goes on from there.
    expect(await playDecisions(page, quickChooser(5), 3)).toBe(3);
    expect((await tableSnapshot(page))!.v).toBeGreaterThan(before.v);
    expect(c.errors).toEqual([]);
  });

  it('the defender composes his Heroes on the board, by keyboard, and sends them as one action (AOH-WAR-11)', async () => {
    // A fixed game: B attacks A at once, while A holds two Mighty Heroes and one army at home.
    const m = await createMatch(
      server.url,
      [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
      ],
      { seed: 'hero-defence-239' },
    );
    const token = (seat: number) => m.seats.find((s) => s.seat === seat)!.token!;
    const seats = [new WsSeat(server.url, m.id, token(0)), new WsSeat(server.url, m.id, token(1))];
    // Both seats are steered from node up to A's response: ready, taxes, B's war on A with one army.
    let asked: Msg | null = null;
    for (let i = 0; i < 60 && !asked; i++) {
      await Promise.race(seats.map((d) => d.next(500)));
      for (const [seat, d] of seats.entries()) {
        const msg = d.latest;
        const prompt = msg?.prompts?.find((p) => p.seat === seat && !p.optional);
        if (!msg || !prompt) continue;
        if (seat === 0 && prompt.kind === 'aoh.response') {
          asked = msg;
          break;
        }
        const legal = (msg.legal ?? []) as AohAction[];
        const of = (type: AohAction['type']) => legal.filter((a) => a.type === type);
        const action =
          of('ready')[0] ??
          (seat === 1 ? legal.find((a) => a.type === 'war' && a.objective === 'plunder') : undefined) ??
          of('taxes')[0] ??
          of('warArmy')[0] ??
          of('warDeclare')[0] ??
          of('monument').at(-1) ??
          legal[0]!;
        await d.act(action);
      }
    }
    expect(asked, 'A is asked to respond').not.toBeNull();
    const legal = asked!.legal as AohAction[];
    expect(legal).toContainEqual({ type: 'respond', heroes: [-1, 1] });

    const c = await open();
    const page = c.page;
    await openInvite(page, server.url, m.id, token(0));
    const panel = page.getByTestId('aoh-response');
    await panel.waitFor();
    // Nothing to send until a Hero is chosen; then the button names the choice in words.
    expect(await page.getByTestId('aoh-respond').count()).toBe(0);
    await page.getByTestId('aoh-hero-army-more').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('aoh-hero-armies').textContent()).toContain('1 Hero as an army');
    await page.getByTestId('aoh-hero-1').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('aoh-hero-1').getAttribute('aria-pressed')).toBe('true');
    // Both Heroes are placed: no third.
    expect(await page.getByTestId('aoh-hero-army-more').isDisabled()).toBe(true);
    const send = page.getByTestId('aoh-respond');
    expect(await send.textContent()).toBe(actionLabel({ type: 'respond', heroes: [-1, 1] }));
    const v = asked!.v!;
    await send.focus();
    await page.keyboard.press('Enter');
    // One action, one version: the attacker's next update already shows the committed defence.
    await expect.poll(() => seats[1]!.latest?.v).toBeGreaterThan(v);
    const next = seats[1]!.latest!;
    expect(next.v).toBe(v + 1);
    expect(next.view.war).toMatchObject({ responded: true, heroesD: [-1, 1] });
    for (const d of seats) d.close();
    expect(c.errors).toEqual([]);
    expect(c.blocked).toEqual([]);
  });

  it("a game's part that does not load (a newer version of the site replaced it) is fetched again with the page", async () => {
    const m = await createMatch(server.url, [
      { kind: 'human', name: 'Uma' },
      { kind: 'bot', bot: 'heuristic' },
    ]);
    const c = await open();
    // The first request for a game's chunk fails, as a chunk name of an older build does once a new
    // one is deployed: the page loads itself again, once, and the table opens.
    let refused = 0;
    await c.context.route(/\/assets\/client-[^/]*\.js$/, (route) =>
      refused++ === 0 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
    );
    await openInvite(c.page, server.url, m.id, m.seats[0]!.token!);
    await c.page.getByTestId('table').waitFor();
    expect(refused).toBeGreaterThan(1);
    expect((await tableSnapshot(c.page))!.seat).toBe(0);
    // The failed request is the only error the page saw.
    expect(c.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
