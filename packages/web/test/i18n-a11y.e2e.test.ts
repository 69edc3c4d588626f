/**
 * Language and accessibility in the browser: in Russian no English text of our catalogs is left on
 * the lobby or a table in progress; axe finds no serious or critical violation on the lobby and a
 * table prompt in either locale; a whole turn can be played with the keyboard alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { messages as gameMessages } from '@tabula/age-of-heroes';
import type { RunningServer } from '../../server/src/index.js';
import { shell } from '../src/i18n/shell.js';
import { lobby } from '../src/i18n/lobby.js';
import {
  actionLabel,
  api,
  createMatch,
  launchBrowser,
  newTestContext,
  openInvite,
  overText,
  playDecisions,
  quickChooser,
  startTestServer,
  tableSnapshot,
} from './helpers.js';
import type { Locale } from './helpers.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Catalog = Record<string, string>;

/** The UI catalogs of the games' boards (each game's client part, games/loaders.ts). */
async function boardCatalogs(): Promise<{ en: Catalog; ru: Catalog }[]> {
  const { loaders } = await import('../src/games/loaders.js');
  const out: { en: Catalog; ru: Catalog }[] = [];
  for (const load of Object.values(loaders)) {
    const c = await load();
    if (c.ui) out.push(c.ui);
  }
  return out;
}

/**
 * The literal English pieces of every message whose Russian differs: the text between ICU arguments
 * ("Waiting for {names}" gives "Waiting for"), each with at least three letters in a row.
 */
function englishPieces(pairs: { en: Catalog; ru: Catalog }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { en, ru } of pairs)
    for (const [key, text] of Object.entries(en)) {
      if (ru[key] === undefined || ru[key] === text) continue;
      // Drop {arguments}, nested plural/select bodies included.
      let flat = '';
      let depth = 0;
      for (const ch of text) {
        if (ch === '{') depth++;
        if (depth === 0) flat += ch;
        else if (flat.slice(-1) !== '\u0000') flat += '\u0000';
        if (ch === '}') depth--;
      }
      for (const piece of flat.split('\u0000')) {
        const p = piece.trim().replace(/^[\s:;,.—–()«»"'!?…-]+|[\s:;,.—–()«»"'!?…-]+$/g, '');
        if (/[A-Za-z]{3}/.test(p) && !/^AOH-/.test(p)) out.set(p, key);
      }
    }
  return out;
}

/** Every text a user can see or hear: visible and screen-reader text, labels, titles, placeholders. */
function collectTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('*')) {
      // Rule links carry the rules' own texts (with an English fallback by design), not catalog strings.
      if (el.closest('.rule, .rule-text')) continue;
      for (const a of [
        'aria-label',
        'title',
        'placeholder',
        'alt',
        'aria-description',
        'aria-roledescription',
      ])
        if (el.getAttribute(a)) texts.push(el.getAttribute(a)!);
      if (el instanceof HTMLOptionElement) texts.push(el.text);
      if (el instanceof HTMLInputElement && ['button', 'submit'].includes(el.type)) texts.push(el.value);
      if (el.matches('[aria-live], [role=status], [role=alert], .sr-only')) texts.push(el.textContent ?? '');
    }
    return texts;
  });
}

function englishLeft(texts: string[], pieces: Map<string, string>): string[] {
  const all = texts.join('\n');
  const found: string[] = [];
  for (const [piece, key] of pieces) {
    // Whole words only, and not inside identifiers such as "struggle-for-rome" or rule IDs.
    const re = new RegExp(`(?<![\\w-])${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
    if (re.test(all)) found.push(`${key}: "${piece}"`);
  }
  return found;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A finished Age of Heroes match of two random bots (a quick one), for the replay viewer. */
async function finishedMatch(seed: string): Promise<string> {
  const m = await createMatch(
    server.url,
    [
      { kind: 'bot', bot: 'random', name: 'Ada' },
      { kind: 'bot', bot: 'random', name: 'Bo' },
    ],
    { seed },
  );
  await expect
    .poll(async () => (await api<{ status: string }>(server.url, 'GET', `/api/matches/${m.id}`)).status, {
      timeout: 60_000,
      interval: 250,
    })
    .toBe('finished');
  return m.id;
}

/** The table waits for my decision, or will never again: my tribe is out, or the game is over. */
async function settledTable(page: Page, locale: Locale): Promise<boolean> {
  const s = await tableSnapshot(page);
  return !!s && (s.mine || s.out || s.heading.includes(overText(locale)));
}

describe('Russian', () => {
  it('switching to Russian leaves no English text of our catalogs on the lobby, a table in progress or a replay', async () => {
    const pieces = englishPieces([shell, lobby, gameMessages, ...(await boardCatalogs())]);
    expect(pieces.size).toBeGreaterThan(100);
    const { page, errors } = await newTestContext(browser, { uiLocale: 'en' });
    await page.goto(server.url + '/');
    await page.waitForSelector('form.new-match');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    // The check itself must see English when it is there.
    expect(englishLeft(await collectTexts(page), pieces).length).toBeGreaterThan(10);

    await page.getByLabel('Language').selectOption('ru');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ru');
    await page.getByLabel('Ваше имя').fill('Аня');
    await page.getByLabel('Боты ходят').selectOption('instant');
    await page.getByRole('button', { name: 'Создать партию' }).click();
    await page.waitForSelector('section[aria-labelledby=invites]');
    expect(englishLeft(await collectTexts(page), pieces)).toEqual([]);

    await page.getByRole('link', { name: 'К столу' }).click();
    await page.waitForSelector('[data-testid=table]');
    // My first prompt (the game has just begun: everyone is in it).
    await expect.poll(async () => (await tableSnapshot(page))?.mine, { timeout: 20_000 }).toBe(true);
    expect(englishLeft(await collectTexts(page), pieces)).toEqual([]);
    // Play into the game (tribes, Market Day, a turn or two) so the log, prompts and board fill up. The
    // lobby's match has a random seed and its strongest bots, so my tribe, played at random, may be out
    // (or the game over) before my 8th decision: then the table is read as it stands.
    await playDecisions(page, quickChooser(11, 'ru'), 8, 20_000, Infinity, 'ru');
    await expect.poll(() => settledTable(page, 'ru'), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('.log li').count()).toBeGreaterThan(3);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(englishLeft(await collectTexts(page), pieces)).toEqual([]);

    // The replay viewer of a finished game, in the middle of it.
    const done = await finishedMatch('russian-replay');
    await page.goto(`${server.url}/#/replay/${done}?step=60`);
    await page.getByTestId('replay').waitFor();
    await page.getByTestId('aoh-board').waitFor();
    expect(englishLeft(await collectTexts(page), pieces)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('accessibility', () => {
  for (const locale of ['en', 'ru'] as Locale[])
    it(`axe finds no serious or critical violation on the lobby, a table prompt, the waiting room and a replay (${locale})`, async () => {
      const { page, errors } = await newTestContext(browser, { uiLocale: locale });
      await page.goto(server.url + '/');
      await page.waitForSelector('form.new-match');
      expect(await page.getAttribute('html', 'lang')).toBe(locale);
      expect(await seriousViolations(page)).toEqual([]);

      const m = await createMatch(server.url, [
        { kind: 'human', name: 'Ada' },
        { kind: 'bot', bot: 'heuristic' },
        { kind: 'bot', bot: 'heuristic' },
        { kind: 'bot', bot: 'heuristic' },
      ]);
      await openInvite(page, server.url, m.id, m.seats[0]!.token!);
      await page.waitForSelector('[data-testid=table]');
      await expect.poll(async () => (await tableSnapshot(page))?.mine).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      // And at a later prompt, with a log (or out of the game, or at its end, as the bots decide).
      await playDecisions(page, quickChooser(12, locale), 4, 20_000, Infinity, locale);
      await expect.poll(() => settledTable(page, locale), { timeout: 20_000 }).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // The waiting room of a match with an open seat, and the replay viewer (its full view).
      const w = await createMatch(server.url, [{ kind: 'human', name: 'Ada' }, { kind: 'open' }]);
      await openInvite(page, server.url, w.id, w.seats[0]!.token!);
      await page.getByTestId('waiting').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const done = await finishedMatch(`a11y-replay-${locale}`);
      await page.goto(`${server.url}/#/replay/${done}?step=40`);
      await page.getByTestId('aoh-board').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

  it('a whole turn can be played with the keyboard alone; focus goes to the prompt, the live region speaks', async () => {
    const m = await createMatch(
      server.url,
      [
        { kind: 'human', name: 'Kai' },
        { kind: 'bot', bot: 'heuristic' },
        { kind: 'bot', bot: 'heuristic' },
      ],
      { seed: 'keyboard-1' },
    );
    const { page, errors } = await newTestContext(browser, { uiLocale: 'en' });
    await openInvite(page, server.url, m.id, m.seats[0]!.token!);
    await page.waitForSelector('[data-testid=table]');
    const heading = page.locator('[data-testid=action-bar] h2');
    const polite = page.locator('[data-testid=table] > .sr-only [aria-live=polite]');
    const focusedIsHeading = () =>
      page.evaluate(() => document.activeElement === document.querySelector('[data-testid=action-bar] h2'));
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    // Everything the polite live region says, in order (several updates may follow one action).
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid=table] > .sr-only [aria-live=polite]')!;
      const w = window as unknown as { spoken: string[] };
      w.spoken = [];
      new MutationObserver(() => w.spoken.push(el.textContent ?? '')).observe(el, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    const spokenSince = (text: string) => () =>
      page.evaluate((text) => {
        const all = (window as unknown as { spoken: string[] }).spoken;
        return all.slice(all.lastIndexOf(text) + 1).join('\n');
      }, text);

    const wanted = [
      actionLabel({ type: 'ready' }),
      actionLabel({ type: 'taxes' }),
      actionLabel({ type: 'buildDone' }),
      actionLabel({ type: 'swapSkip' }),
      actionLabel({ type: 'pass' }),
    ];
    /** One decision by keyboard: Tab from the focused heading to the wanted button, then Enter. */
    const decide = async () => {
      await expect.poll(async () => (await tableSnapshot(page))?.mine, { timeout: 20_000 }).toBe(true);
      await expect.poll(focusedIsHeading).toBe(true);
      const before = (await tableSnapshot(page))!;
      const labels = before.buttons.filter((b) => !b.disabled).map((b) => b.text);
      const target = wanted.find((w) => labels.includes(w)) ?? labels[0]!;
      const spoken = (await polite.textContent()) ?? '';
      for (let i = 0; i < 80 && (await focusedText()) !== target; i++) await page.keyboard.press('Tab');
      expect(await focusedText()).toBe(target);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await tableSnapshot(page))!.v).toBeGreaterThan(before.v);
      return { target, spoken };
    };

    // Through Market Day (and anything else) to my action prompt, by keyboard too.
    const actionPrompt = 'Choose your action';
    for (let i = 0; i < 20; i++) {
      await expect.poll(async () => (await tableSnapshot(page))?.mine, { timeout: 20_000 }).toBe(true);
      if ((await heading.textContent())?.includes(actionPrompt)) break;
      await decide();
    }
    expect(await heading.textContent()).toContain(actionPrompt);
    const start = (await tableSnapshot(page))!.v;
    // My turn: collect taxes, then whatever the turn still asks, until the game waits for others.
    const first = await decide();
    expect(first.target).toBe(actionLabel({ type: 'taxes' }));
    await expect.poll(() => polite.textContent()).not.toBe(first.spoken);
    // What my action did was spoken (later moves, answered for me or the bots', may be spoken after it).
    await expect.poll(spokenSince(first.spoken)).toMatch(/Kai/);
    let mine = 1;
    while (mine < 10) {
      const s = (await tableSnapshot(page))!;
      if (!s.mine || s.v > start + mine || s.heading.includes(actionPrompt)) break;
      await decide();
      mine++;
    }
    // The turn passed on: the bots have moved since (more versions than my own decisions).
    await expect.poll(async () => (await tableSnapshot(page))!.v).toBeGreaterThan(start + mine);
    // The log has followed: its newest line is in view.
    const fromEnd = () =>
      page.getByTestId('log-scroll').evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
    expect(await page.getByTestId('log-scroll').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(
      true,
    );
    await expect.poll(fromEnd).toBeLessThan(2);
    expect(errors).toEqual([]);
  });
});
