/**
 * The lobby and the way to a table: a card per game the server offers; each game's declared options
 * reach the match created from the form; the strongest bot seated by default and the bots' pace sent;
 * the match list's filters (game, status, mine) with the bots' own matches apart, and nothing scrolling
 * sideways at 1280×800 or 360×740 with the lists full; an invited guest asked
 * their name first (straight to the table when the host named the seat; a wrong token told in words); the waiting room (the game's name, every seat, invite links, who is here) until the
 * last open seat is taken and the match starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { GameSummary, MatchInfo, OptionSummary } from '@tabula/protocol';
import { GAMES } from '@tabula/catalog';
import type { RunningServer } from '../../server/src/index.js';
import { api, DESKTOP, launchBrowser, MOBILE, newTestContext, sideways, startTestServer } from './helpers.js';
import type { TestContext } from './helpers.js';

let server: RunningServer;
let browser: Browser;
const contexts: TestContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  for (const c of contexts) expect(c.errors).toEqual([]);
  await browser?.close();
  await server?.close();
});

async function open(opts: Parameters<typeof newTestContext>[1] = {}): Promise<TestContext> {
  const c = await newTestContext(browser, opts);
  contexts.push(c);
  return c;
}

const form = (page: Page) => page.locator('form.new-match');
/** A label whose text starts with `text`, case and all (an option's label may contain another's word: "Board: … players"). */
const starting = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const labelled = (page: Page, text: string) =>
  form(page)
    .locator('label', { hasText: starting(text) })
    .locator('select');
const seatKind = (page: Page, i: number) => page.locator('.seat-row').nth(i).locator('select').first();

/** A value other than the default for an option the form can set, or undefined. */
function otherValue(o: OptionSummary): unknown {
  if (o.kind === 'choice' && !o.perSeat) return o.choices.find((c) => c.value !== o.default)?.value;
  if (o.kind === 'number') return o.default === o.max ? o.min : o.max;
  if (o.kind === 'flag' && o.players === undefined) return !o.default;
  return undefined;
}

describe('lobby', () => {
  it("a card per game; each game's options reach the match; strongest bot and the bots' pace by default", async () => {
    const games = await api<GameSummary[]>(server.url, 'GET', '/api/games');
    expect(games.map((g) => g.id)).toEqual(GAMES.map((g) => g.id));
    const { page } = await open();
    await page.goto(server.url + '/');
    await page.waitForSelector('form.new-match');
    // One card per game, with its players and a button for a new match of it.
    await expect.poll(() => page.locator('.game-card').count()).toBe(games.length);
    for (const g of games) {
      const card = page.locator(`.game-card[data-game="${g.id}"]`);
      expect(await card.locator('.game-facts').textContent()).toContain(
        g.minSeats === g.maxSeats ? `${g.minSeats} player` : `${g.minSeats}–${g.maxSeats} players`,
      );
    }
    let last = '-';
    for (const g of games) {
      await page.locator(`.game-card[data-game="${g.id}"] button`).click();
      await expect.poll(() => labelled(page, 'Game').inputValue()).toBe(g.id);
      const players = Math.min(g.maxSeats, Math.max(g.minSeats, 2));
      await labelled(page, 'Players').selectOption(String(players));
      for (let i = 0; i < players; i++) {
        await seatKind(page, i).selectOption('bot');
        // The strongest level is seated by default; these games are played by the quickest.
        const level = page.locator('.seat-row').nth(i).locator('select').nth(1);
        expect(await level.inputValue()).toBe(g.bots.at(-1));
        await level.selectOption('random');
      }
      await labelled(page, 'Bots move').selectOption('instant');
      // A value other than the default for every option the form offers.
      const sent: Record<string, unknown> = {};
      for (const o of g.options) {
        const v = otherValue(o);
        if (v === undefined) continue;
        const field = page.locator('fieldset.game-options label', { hasText: starting(o.label.en) });
        if (o.kind === 'choice') await field.locator('select').selectOption(String(v));
        else if (o.kind === 'number') await field.locator('input').fill(String(v));
        else await field.locator('input').setChecked(v as boolean);
        sent[o.key] = v;
      }
      await page.getByRole('button', { name: 'Create match' }).click();
      const link = page.locator('section[aria-labelledby=invites] a', { hasText: 'Go to the table' });
      await expect
        .poll(async () => (await link.count()) && (await link.getAttribute('href')))
        .toMatch(new RegExp(`^#/m/(?!${last}$)`));
      const id = (await link.getAttribute('href'))!.replace('#/m/', '');
      last = id;
      await expect
        .poll(async () => (await api<MatchInfo>(server.url, 'GET', `/api/matches/${id}`)).status, {
          timeout: 60_000,
          interval: 250,
        })
        .toBe('finished');
      const record = await api<{ options: Record<string, unknown>; seats: number }>(
        server.url,
        'GET',
        `/api/matches/${id}/record`,
      );
      expect(record.seats).toBe(players);
      // What was chosen is what the game was played with; nothing else differs from its defaults.
      const game = GAMES.find((x) => x.id === g.id)!;
      const expected = game.parseOptions(sent);
      expect(expected.ok).toBe(true);
      expect(record.options).toEqual(expected.ok ? JSON.parse(JSON.stringify(expected.value)) : null);
      // Bots were named, not numbered.
      const info = await api<MatchInfo>(server.url, 'GET', `/api/matches/${id}`);
      for (const s of info.seats) expect(s.name).toMatch(/^[A-Z][a-z]+$/);
    }
  });

  it('filters the matches by game, status and mine; the bots-only matches are listed apart', async () => {
    const [g1, g2] = [GAMES[0]!, GAMES[1]!];
    const seatsOf = (g: typeof g1, first: 'human' | 'open' | 'bot') =>
      Array.from({ length: Math.max(2, g.minSeats) }, (_, i) =>
        i === 0
          ? { kind: 'human' as const, name: 'Mia' }
          : { kind: i === 1 ? first : ('bot' as const), bot: 'random' },
      );
    // An open match (a seat for anyone), an active one of mine, a finished one of bots alone.
    const open1 = await api<{ id: string }>(server.url, 'POST', '/api/matches', {
      game: g1.id,
      players: Math.max(2, g1.minSeats),
      seats: seatsOf(g1, 'open'),
    });
    const mine = await api<{ id: string; seats: { seat: number; token?: string }[] }>(
      server.url,
      'POST',
      '/api/matches',
      { game: g2.id, players: Math.max(2, g2.minSeats), seats: seatsOf(g2, 'bot'), botDelayMs: 60_000 },
    );
    const bots = await api<{ id: string }>(server.url, 'POST', '/api/matches', {
      game: g2.id,
      players: Math.max(2, g2.minSeats),
      seats: Array.from({ length: Math.max(2, g2.minSeats) }, () => ({ kind: 'bot', bot: 'random' })),
      options: g2.parseOptions({ roundLimit: 2 }).ok ? { roundLimit: 2 } : {},
      botDelayMs: 0,
    });
    await expect
      .poll(async () => (await api<MatchInfo>(server.url, 'GET', `/api/matches/${bots.id}`)).status, {
        timeout: 60_000,
      })
      .toBe('finished');
    const c = await open();
    const { page } = c;
    // This browser holds a seat of `mine`.
    await c.context.addInitScript(
      (s) => localStorage.setItem('tabula.seats.v1', s),
      JSON.stringify([
        {
          match: mine.id,
          game: g2.id,
          seat: 0,
          token: mine.seats[0]!.token,
          name: 'Mia',
          at: new Date().toISOString(),
        },
      ]),
    );
    await page.goto(server.url + '/');
    const people = page.locator('section[aria-labelledby=matches-h] .match-row');
    const botRows = page.locator('section[aria-labelledby=bot-matches-h] .match-row');
    const ids = async (rows: typeof people) =>
      rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.match));
    // Mine only, by default when this browser holds a seat.
    await expect.poll(() => ids(people)).toEqual([mine.id]);
    expect(await page.getByTestId('filter-mine').isChecked()).toBe(true);
    const row = people.first();
    expect(await row.textContent()).toContain('Mia');
    // Whose turn it is (the server knows it: the match is held) and the last move.
    const waited = (await api<MatchInfo>(server.url, 'GET', `/api/matches/${mine.id}`)).waitingFor;
    expect(waited.length).toBeGreaterThan(0);
    expect(await row.locator('.to-play').count()).toBe(waited.length);
    expect(await row.locator('.match-facts').textContent()).toMatch(/to play · last move/);
    expect(await row.getByRole('link').textContent()).toBe('Resume');
    // Everyone's.
    await page.getByTestId('filter-mine').uncheck();
    await expect.poll(async () => (await ids(people)).sort()).toEqual([mine.id, open1.id].sort());
    // By status.
    await page.getByTestId('filter-status').selectOption('open');
    await expect.poll(() => ids(people)).toEqual([open1.id]);
    expect(await people.first().getByRole('link').textContent()).toBe('Join');
    expect(await people.first().textContent()).toContain('open seat');
    await page.getByTestId('filter-status').selectOption('any');
    // By game.
    await page.getByTestId('filter-game').selectOption(g2.id);
    await expect.poll(() => ids(people)).toEqual([mine.id]);
    // The bots' matches, apart, under the same game and status filters.
    const botIds = await ids(botRows);
    expect(botIds).toContain(bots.id);
    expect(await botRows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.game))).toEqual(
      botIds.map(() => g2.id),
    );
    const botRow = page.locator(`.bot-matches .match-row[data-match="${bots.id}"]`);
    expect(await botRow.getByRole('link').textContent()).toBe('Replay');
    expect(await botRow.getByRole('link').getAttribute('href')).toBe(`#/replay/${bots.id}`);
    await page.getByTestId('filter-status').selectOption('active');
    await expect.poll(() => ids(botRows)).toEqual([]);
    await page.getByTestId('filter-game').selectOption(g1.id);
    await page.getByTestId('filter-status').selectOption('any');
    await expect.poll(() => ids(people)).toEqual([open1.id]);

    // With match rows and the bots' matches listed, nothing scrolls sideways at either width.
    for (const [size, opts] of [
      ['1280x800', DESKTOP],
      ['360x740', MOBILE],
    ] as const)
      for (const uiLocale of ['en', 'ru'] as const) {
        const w = await open({ ...opts, uiLocale });
        await w.page.goto(server.url + '/');
        await expect.poll(() => w.page.locator('.match-row').count()).toBeGreaterThanOrEqual(3);
        expect(await sideways(w.page), `${size} ${uiLocale}`).toEqual([]);
        await w.context.close();
      }
  });

  it('an invited guest says their name first; the waiting room shows the game, every seat, invite links and who is here', async () => {
    const game = GAMES[0]!;
    const games = await api<GameSummary[]>(server.url, 'GET', '/api/games');
    const gameName = games.find((g) => g.id === game.id)!.name.en;
    const host = await open();
    await host.page.goto(server.url + '/');
    await host.page.getByLabel('Your name').fill('Hana');
    await labelled(host.page, 'Game').selectOption(game.id);
    await labelled(host.page, 'Players').selectOption('3');
    await seatKind(host.page, 0).selectOption('human');
    await seatKind(host.page, 1).selectOption('human');
    await seatKind(host.page, 2).selectOption('open');
    await host.page.getByRole('button', { name: 'Create match' }).click();
    await host.page.getByRole('link', { name: 'Go to the table' }).click();
    const waiting = host.page.getByTestId('waiting');
    await waiting.waitFor();
    // The game's name (never its raw id unless it has none), the host here, the guest's invite link.
    const title = (await waiting.locator('h1').textContent()) ?? '';
    expect(title).toContain(gameName === `${game.id}.name` ? game.id : gameName);
    const seat = (n: number) => waiting.locator(`.waiting-seats li[data-seat="${n}"]`);
    await expect.poll(() => seat(0).textContent()).toContain('Hana (you) · online');
    const invite = await seat(1).locator('input').inputValue();
    expect(invite).toMatch(new RegExp(`#/m/[^?]+\\?token=`));
    expect(await seat(1).getByRole('button', { name: 'Copy' }).count()).toBe(1);
    expect(await seat(2).textContent()).toContain('open seat');
    const joinLink = await waiting
      .locator('.invite', { hasText: 'Link to the open seats' })
      .locator('input')
      .inputValue();
    expect(joinLink).toMatch(/#\/join\//);

    // The guest: asked the name first, then waits too; the host sees him arrive.
    const guest = await open();
    await guest.page.goto(invite);
    await guest.page.getByTestId('invite').waitFor();
    expect(await guest.page.locator('h1').textContent()).toContain('You are invited');
    await guest.page.getByLabel('Your name at the table').fill('Gus');
    await guest.page.getByRole('button', { name: 'Take my seat' }).click();
    await guest.page.getByTestId('waiting').waitFor();
    expect(guest.page.url()).not.toContain('token=');
    await expect.poll(() => seat(1).textContent(), { timeout: 10_000 }).toContain('Gus · online');
    // The invite link is no longer offered once its guest is here.
    expect(await seat(1).locator('input').count()).toBe(0);

    // A third player takes the open seat: the match starts at every table.
    const third = await open();
    await third.page.goto(joinLink);
    await third.page.getByLabel('Your name at the table').fill('Jo');
    await third.page.getByRole('button', { name: 'Join' }).click();
    for (const p of [host.page, guest.page, third.page]) await p.waitForSelector('[data-testid=table]');
    const info = await api<MatchInfo>(server.url, 'GET', `/api/matches/${invite.match(/#\/m\/([^?]+)/)![1]}`);
    expect(info.seats.map((s) => s.name)).toEqual(['Hana', 'Gus', 'Jo']);
    await expect.poll(() => host.page.locator('.players').textContent()).toContain('Gus');
    expect(await host.page.locator('.players').textContent()).toContain('Jo');
  });

  it('an invite to a seat the host named goes straight to the table; a wrong token says so in words', async () => {
    const created = await api<{ id: string; seats: { seat: number; token?: string }[] }>(
      server.url,
      'POST',
      '/api/matches',
      {
        game: GAMES[0]!.id,
        players: 2,
        seats: [{ kind: 'human', name: 'Tess' }, { kind: 'bot' }],
      },
    );
    const { page } = await open();
    await page.goto(`${server.url}/#/m/${created.id}?token=${encodeURIComponent(created.seats[0]!.token!)}`);
    await page.getByTestId('table').waitFor();
    expect(page.url()).not.toContain('token=');
    expect(await page.getByTestId('invite').count()).toBe(0);
    const info = await api<MatchInfo>(server.url, 'GET', `/api/matches/${created.id}`);
    expect(info.seats[0]!.name).toBe('Tess');

    const other = await open();
    await other.page.goto(`${server.url}/#/m/${created.id}?token=not-a-seat-token`);
    const bad = other.page.getByTestId('invite-bad');
    await bad.waitFor();
    expect(await bad.getByRole('alert').textContent()).toContain('This invite link is not valid');
    expect(await bad.getByRole('link', { name: 'To the lobby' }).count()).toBe(1);
    // The browser logs the refused request (403) itself; nothing else may go wrong on the page.
    const refused = other.errors.filter((e) => /status of 403/.test(e));
    expect(refused.length).toBe(1);
    other.errors.splice(0, other.errors.length, ...other.errors.filter((e) => !refused.includes(e)));
  });
});
