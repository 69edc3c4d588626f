/**
 * RuneWars at its drawn table, in real Chromium (issue 23): a 2-player game at 1280×800 in English and
 * a 4-player game at 360×740 in Russian against bots, played to the end by clicking on the realm map
 * and the decision beside it (never the list of actions); in sampled positions the areas ringed on the
 * map are exactly the first areas of the legal actions; no data id or message key shows on the page;
 * nothing is wider than a phone; axe finds nothing serious at both sizes in both languages; screenshots.
 * UPDATE_README_SCREENSHOT=1 refreshes docs/screenshots/runewars-table*.png.
 */
import { copyFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { compileBoard, packOf, runewars } from '@tabula/runewars';
import type { RwAction, RwView } from '@tabula/runewars';
import type { RunningServer } from '../../server/src/index.js';
import rules from '../../games/runewars/src/data/rules.json' with { type: 'json' };
import tacticsData from '../../games/runewars/src/data/tactics.json' with { type: 'json' };
import {
  api,
  ensureShotsDir,
  launchBrowser,
  MOBILE,
  newTestContext,
  openInvite,
  overText,
  rng,
  ROOT,
  settle,
  sideways,
  startTestServer,
  waitForDecision,
  WsSeat,
} from './helpers.js';
import type { Created, Locale, Msg, TestContext } from './helpers.js';

/** Data ids and message keys a player must never read: unit and faction ids, home area ids, city tokens. */
const ID_LIKE =
  /\brw\.[a-z]|\b(?:DL|LE|WU|UY)[abc]\b|\bC\d+\b|\b(?:daqan|latari|waiqar|uthuk|darkKnight|fleshRipper|chaosLord|razorwing|beastman|hellhound)\b|standard-\d/;

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

/**
 * A game of `years` years (the rules part of the data pack with fewer years: a shorter game); `tactics`
 * makes the Tactics deck of these cards only (id → copies); `waiting` marks those cards as waiting for a later
 * part of the rules (a data pack may hold such a card: the engine does not play it).
 */
function createRw(
  players: number,
  seed: string,
  years: number,
  heroes = false,
  tactics?: Record<string, number>,
  waiting: string[] = [],
): Promise<Created> {
  const r = JSON.parse(JSON.stringify(rules)) as typeof rules;
  r.years = years;
  const data: Record<string, unknown> = { rules: r };
  if (tactics)
    data.tactics = {
      ...tacticsData,
      cards: tacticsData.cards
        .filter((c) => tactics[c.id])
        .map((c) => ({
          ...c,
          copies: tactics[c.id],
          ...(waiting.includes(c.id) ? { waits: 'a later part' } : {}),
        })),
    };
  return api<Created>(server.url, 'POST', '/api/matches', {
    game: 'runewars',
    players,
    seed,
    options: heroes ? { data, heroes: 'on' } : { data },
    seats: Array.from({ length: players }, (_, i) =>
      i === 0 ? { kind: 'human', name: 'Ann' } : { kind: 'bot', bot: 'heuristic', name: `Bot ${i}` },
    ),
  });
}

const ringed = (page: Page) =>
  page.$$eval('[data-testid=rw-svg] [data-target]', (els) => els.map((e) => e.getAttribute('data-target')!));

/** What the seat's Tactics card asks to pick now (its prompt's typed target: area, seat, res), or ''. */
function tacticWhat(prompts: Msg['prompts'] | undefined, seat = 0): string {
  const pr = prompts?.find((p) => p.seat === seat && p.kind === 'rw.tactic');
  return String((pr?.args as { what?: string } | undefined)?.what ?? '');
}

/**
 * The first areas of the legal actions (targetsOf, spaces only; a Tactics card's pick when its prompt asks
 * for an area): what the map rings before any choice.
 */
function expectedRings(legal: RwAction[], prompts?: Msg['prompts']): string[] {
  const out = new Set<string>();
  const areaPick = tacticWhat(prompts) === 'area';
  for (const a of legal) {
    if (a.type === 'pick') {
      if (areaPick) out.add(String(a.n));
      continue;
    }
    const sp = runewars.targetsOf!(a).filter((t) => t.kind === 'space');
    if (sp.length) out.add(String(sp[0]!.id));
  }
  return [...out].sort();
}

const version = (page: Page) =>
  page.$eval('[data-testid=table]', (e) => Number((e as HTMLElement).dataset.version));

const changed = (page: Page, v: number, timeout = 3000) =>
  page
    .waitForFunction(
      (v) => Number(document.querySelector<HTMLElement>('[data-testid=table]')?.dataset.version) !== v,
      v,
      { timeout },
    )
    .then(() => true)
    .catch(() => false);

interface Tally {
  mapClicks: number;
  checks: number;
  decisions: number;
  orders: number;
  battles: number;
  shots: string[];
}

/**
 * Plays the page's seat to the end: a ringed area on the map (then the next area or the action it
 * completes), else an Order card, else a button of the decision. Checks the rings against the legal
 * actions the server sends the same seat, the page's words for data ids, and takes screenshots of the
 * first Orders, map choice and battle seen.
 */
async function playByMap(page: Page, driver: WsSeat, seed: number, ms: number, tag: string, locale: Locale) {
  const r = rng(seed);
  const deadline = Date.now() + ms;
  const dir = ensureShotsDir();
  let lastV = -1;
  const t: Tally = { mapClicks: 0, checks: 0, decisions: 0, orders: 0, battles: 0, shots: [] };
  const shoot = async (what: string) => {
    if (t.shots.includes(what)) return;
    t.shots.push(what);
    await settle(page);
    await page.screenshot({ path: `${dir}runewars-${what}-${tag}.png` });
  };
  while (Date.now() < deadline) {
    const snap = await waitForDecision(page, lastV, overText(locale), Math.max(1, deadline - Date.now()));
    if (!snap) break;
    if (snap.heading.includes(overText(locale))) return t;
    if (snap.error) {
      await page.locator('[data-testid=action-bar] .error button').click();
      lastV = -1;
      continue;
    }
    const v = snap.v;
    const rings = await ringed(page);
    if (driver.latest?.v === v && t.decisions % 2 === 0 && (await version(page)) === v) {
      const legal = (driver.latest.legal ?? []) as RwAction[];
      expect([...rings].sort()).toEqual(expectedRings(legal, driver.latest.prompts));
      t.checks++;
    }
    if (t.decisions % 4 === 0) {
      const text = await page.locator('[data-testid=table]').innerText();
      expect(text).not.toMatch(ID_LIKE);
    }
    t.decisions++;
    if (await page.getByTestId('rw-last-battle').count()) {
      const box = page.getByTestId('rw-last-battle');
      if (!t.shots.includes('last-battle')) await box.locator('summary').click();
      await shoot('last-battle');
    }
    if (await page.getByTestId('rw-battle').count()) {
      t.battles++;
      await shoot('battle');
    }
    // A Tactics card's pick of a player: a button on each player's panel it may pick.
    const seatTargets = page.locator('[data-testid=rw-factions] [data-seat-target]:not([disabled])');
    const cards = page.locator('[data-testid=rw-orders] .rw-card:not([disabled])');
    const buttons = page.locator('[data-testid=rw-decision] .rw-actions button:not([disabled])');
    // Before the realm is laid out: the factions' sheets, the offered ones clickable.
    const factions = page.locator(
      '[data-testid=rw-factions-choice] .rw-fc-card.offered > button:not([disabled])',
    );
    let clicked = false;
    if (await factions.count()) {
      await shoot('factions');
      const n = await factions.count();
      expect(n).toBe((driver.latest?.legal ?? []).filter((a) => (a as RwAction).type === 'faction').length);
      await factions.nth(Math.floor(r() * n)).click({ timeout: 10_000 });
      clicked = true;
    } else if (await seatTargets.count()) {
      const n = await seatTargets.count();
      await seatTargets.nth(Math.floor(r() * n)).click({ timeout: 10_000 });
      clicked = true;
    } else if (await cards.count()) {
      await shoot('orders');
      // Mobilize and Conquer more often than not: they bring battles.
      const war = page.locator(
        '[data-testid=rw-orders] .rw-card:not([disabled])[data-order="2"], [data-testid=rw-orders] .rw-card:not([disabled])[data-order="3"]',
      );
      const pickFrom = (await war.count()) && r() < 0.7 ? war : cards;
      const n = await pickFrom.count();
      await pickFrom.nth(Math.floor(r() * n)).click({ timeout: 10_000 });
      t.orders++;
      clicked = true;
    } else if (rings.length && (r() < 0.75 || !(await buttons.count()))) {
      // Areas step by step: each click rings the next areas, or offers the actions the areas complete.
      let current = rings;
      for (let step = 0; step < 3 && current.length; step++) {
        const id = current[Math.floor(r() * current.length)]!;
        await page.locator(`[data-testid=rw-svg] [data-target="${id}"] .ring-out`).click({ timeout: 10_000 });
        t.mapClicks++;
        if (step === 0 && t.mapClicks > 3) await shoot('map');
        if ((await version(page)) !== v) break;
        const confirm = page.locator('[data-testid=rw-selected] .rw-confirm:not([disabled])');
        if (await confirm.count()) {
          await shoot('selected');
          const n = await confirm.count();
          await confirm.nth(Math.floor(r() * n)).click({ timeout: 10_000 });
          break;
        }
        current = await ringed(page);
      }
      clicked = true;
    } else {
      // The decision's buttons, or else the choices drawn on a card (a hero's, a quest's, a test's Fate cards).
      const onCards = page.locator('[data-testid=rw-board] :is(.rw-gcard, .rw-test) button:not([disabled])');
      const choices = (await buttons.count()) ? buttons : onCards;
      const n = await choices.count();
      if (n) {
        const texts = await choices.allInnerTexts();
        const commit = texts.findIndex((x) => /Commit|Подтвердить/.test(x));
        // Into the neutrals: a battle rather than diplomacy.
        const fight = texts.findIndex((x) => /^(Battle|Битва)$/.test(x.trim()));
        const i = fight >= 0 ? fight : commit >= 0 && r() < 0.6 ? commit : Math.floor(r() * n);
        await choices.nth(i).click({ timeout: 10_000 });
        clicked = true;
      }
    }
    if (clicked) lastV = (await changed(page, v)) ? v : -1;
    else {
      // Nothing on the board to click: the decision must be somewhere — fail with what the page shows.
      throw new Error(
        `No choice on the board at v${v}: ${await page.getByTestId('rw-decision').innerText()}`,
      );
    }
  }
  throw new Error(`The game did not end in time (${t.decisions} decisions, ${t.mapClicks} map clicks)`);
}

/**
 * Tabs through the page (keys only) to the first focused element matching `selector`; a closed list of
 * the map's places met on the way is opened with Enter. False when `max` tabs never reach one.
 */
async function tabTo(page: Page, selector: string, max = 400): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const r = await page.evaluate((sel) => {
      const e = document.activeElement;
      if (!e) return 'miss';
      if (e.matches(sel)) return 'hit';
      const d = e.parentElement;
      if (
        e.tagName === 'SUMMARY' &&
        d instanceof HTMLDetailsElement &&
        d.matches('.rw-place-list') &&
        !d.open
      )
        return 'open';
      return 'miss';
    }, selector);
    if (r === 'hit') return true;
    if (r === 'open') await page.keyboard.press('Enter');
  }
  return false;
}

async function axeSerious(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('RuneWars at its table', () => {
  for (const [players, years, size, locale, heroes] of [
    [2, 2, '1280x800', 'en', false],
    [4, 1, '360x740', 'ru', false],
    [3, 2, '1280x800', 'en', true],
  ] as const)
    it(`a ${players}-player game${heroes ? ' with heroes' : ''} against bots at ${size} in ${locale}, played to the end on the map; rings = legal areas`, async () => {
      const m = await createRw(players, `rw-table-${players}${heroes ? '-heroes' : ''}`, years, heroes);
      const token = m.seats[0]!.token!;
      const c = await newTestContext(browser, {
        ...(size === '360x740' ? MOBILE : {}),
        uiLocale: locale,
        actionList: 'closed',
      });
      contexts.push(c);
      await openInvite(c.page, server.url, m.id, token);
      await c.page.getByTestId('rw-board').waitFor();
      const driver = new WsSeat(server.url, m.id, token);
      try {
        const tag = `${locale}-${size}${heroes ? '-heroes' : ''}`;
        const t = await playByMap(c.page, driver, players, 200_000, tag, locale);
        expect(t.mapClicks).toBeGreaterThan(3);
        expect(t.checks).toBeGreaterThan(2);
        expect(t.orders).toBeGreaterThan(1);
        expect(await sideways(c.page)).toEqual([]);
        await settle(c.page);
        await c.page.screenshot({ path: `${ensureShotsDir()}runewars-end-${tag}.png` });
        expect(await c.page.getByTestId('rw-decision').innerText()).toMatch(/over|окончена/);
        // The replay draws the same table, step by step, with no choices.
        await c.page.goto(`${server.url}/#/replay/${m.id}?step=0&seat=0`);
        await c.page.getByTestId('replay').waitFor();
        const total = Number(await c.page.getByTestId('replay').getAttribute('data-total'));
        for (const step of [1, Math.floor(total / 2), total]) {
          await c.page.goto(`${server.url}/#/replay/${m.id}?step=${step}&seat=0`);
          await expect.poll(() => c.page.getByTestId('replay').getAttribute('data-step')).toBe(String(step));
          // The map once the realm is laid out; before it (the first steps) the factions' sheets.
          await c.page.locator('[data-testid=rw-svg], [data-testid=rw-factions-choice]').first().waitFor();
          expect(await ringed(c.page)).toEqual([]);
          expect(await c.page.locator('.rw-fc-card.offered').count()).toBe(0);
          expect(await c.page.getByTestId('rw-board').innerText()).not.toMatch(ID_LIKE);
        }
      } finally {
        driver.close();
      }
      expect(c.errors).toEqual([]);
      expect(c.blocked).toEqual([]);
    }, 300_000);

  it('a battle against the neutrals is told beside the map: its sides, the Fate draws, routs, damage and the winner', async () => {
    const dir = ensureShotsDir();
    const m = await createRw(2, 'rw-table-battle', 2);
    const token = m.seats[0]!.token!;
    const driver = new WsSeat(server.url, m.id, token);
    // Mobilize into an area of unallied neutrals with every unit that can go, and fight there.
    let fought = false;
    try {
      for (let i = 0; i < 300 && !fought; i++) {
        await driver.next(1500);
        const l = driver.latest;
        const mine = l?.prompts?.find((p) => p.seat === 0 && !p.optional);
        if (!l || !mine) continue;
        const legal = (l.legal ?? []) as RwAction[];
        const v = l.view as RwView;
        const p = packOf(v.opts.data);
        if (v.over) break;
        const neutralsIn = (a: number) =>
          v.own[a]! < 0 ? p.neutrals.reduce((n, u) => n + v.us[a * p.U + u]! + v.ur[a * p.U + u]!, 0) : 0;
        // An area of neutrals beside one of mine over a plain border: my units can reach it.
        const b = compileBoard(p, v.pos, v.rot);
        const reachable = (a: number) => b.adj[a]!.some((x, k) => v.own[x] === 0 && b.edge[a]![k] === 0);
        const pick =
          legal.find((x) => x.type === 'fight') ??
          legal.find((x) => x.type === 'order' && x.n === 2) ??
          legal.find((x) => x.type === 'activate' && neutralsIn(x.area) > 0 && reachable(x.area)) ??
          legal.find((x) => x.type === 'draft') ??
          legal.find((x) => x.type === 'commit') ??
          legal.find((x) => x.type === 'pass') ??
          legal[0];
        if (pick?.type === 'fight') fought = true;
        if (pick) await driver.act(pick);
      }
      expect(fought).toBe(true);
      // On through the battle (its decisions, if any, by their first action) to its end in the log.
      for (let i = 0; i < 60; i++) {
        await driver.next(1000);
        const l = driver.latest;
        const mine = l?.prompts?.find((p) => p.seat === 0 && !p.optional);
        const battle = (l?.view as RwView | undefined)?.stack.some((f) => f.k === 'battle');
        if (!battle && !mine?.kind.startsWith('rw.battle')) break;
        const legal = (l?.legal ?? []) as RwAction[];
        if (mine && legal[0]) await driver.act(legal[0]);
      }
      for (const [size, opts, locale] of [
        ['1280x800', {}, 'en'],
        ['360x740', MOBILE, 'ru'],
      ] as const) {
        const c = await newTestContext(browser, { ...opts, uiLocale: locale, actionList: 'closed' });
        contexts.push(c);
        await openInvite(c.page, server.url, m.id, token);
        await c.page.getByTestId('rw-board').waitFor();
        const box = c.page.getByTestId('rw-last-battle');
        await box.waitFor();
        await box.locator('summary').click();
        const text = await box.innerText();
        expect(text).toMatch(locale === 'en' ? /battle/i : /битв/i);
        expect(text).toMatch(locale === 'en' ? /Strength in|wins|holds|lose/ : /Сила в|поражение|удерживает/);
        expect(text).not.toMatch(ID_LIKE);
        await box.scrollIntoViewIfNeeded();
        await settle(c.page);
        await c.page.screenshot({ path: `${dir}runewars-last-battle-${locale}-${size}.png` });
        expect(c.errors).toEqual([]);
      }
    } finally {
      driver.close();
    }
  }, 300_000);

  it('heroes: placing a hero rings its areas on the map; hero, Quest and Tactics cards are drawn as cards with their words', async () => {
    const dir = ensureShotsDir();
    const m = await createRw(2, 'rw-table-heroes', 2, true);
    const token = m.seats[0]!.token!;
    const driver = new WsSeat(server.url, m.id, token);
    let placing: RwAction[] = [];
    try {
      for (let i = 0; i < 120 && !placing.length; i++) {
        await driver.next(1500);
        const l = driver.latest;
        const mine = l?.prompts?.find((p) => p.seat === 0 && !p.optional);
        if (!l || !mine) continue;
        const legal = (l.legal ?? []) as RwAction[];
        if (legal.some((a) => a.type === 'heroAt')) {
          placing = legal;
          break;
        }
        const a = legal.find((x) => x.type === 'commit') ?? legal.find((x) => x.type === 'pass') ?? legal[0];
        if (a) await driver.act(a);
      }
      expect(placing.length).toBeGreaterThan(0);
      for (const [size, opts, locale] of [
        ['1280x800', {}, 'en'],
        ['360x740', MOBILE, 'ru'],
      ] as const) {
        const c = await newTestContext(browser, { ...opts, uiLocale: locale, actionList: 'closed' });
        contexts.push(c);
        const page = c.page;
        await openInvite(page, server.url, m.id, token);
        await page.getByTestId('rw-board').waitFor();
        await page.locator('[data-testid=rw-svg] [data-target]').first().waitFor();
        // The rings are the hero's areas (heroAt), and each is in the places list.
        expect((await ringed(page)).sort()).toEqual(expectedRings(placing));
        const hand = page.getByTestId('rw-hand');
        expect(await hand.locator('.rw-gcard.hero').count()).toBeGreaterThan(0);
        const text = await hand.innerText();
        expect(text).toMatch(locale === 'en' ? /Strength \d/ : /Сила \d/);
        expect(await page.locator('[data-testid=table]').innerText()).not.toMatch(ID_LIKE);
        await settle(page);
        await page.screenshot({ path: `${dir}runewars-heroes-${locale}-${size}.png` });
        await hand.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${dir}runewars-hand-${locale}-${size}.png` });
        expect(await axeSerious(page), `${locale} ${size}`).toEqual([]);
        // A click on a ring places the hero there (the last look only: the first must find the same position).
        if (size === '360x740') {
          const v = await version(page);
          const first = (await ringed(page))[0]!;
          await page
            .locator(`[data-testid=rw-svg] [data-target="${first}"] .ring-out`)
            .click({ timeout: 10_000 });
          await expect.poll(() => version(page), { timeout: 10_000 }).not.toBe(v);
        }
        expect(c.errors).toEqual([]);
        if (size === '1280x800') await c.context.close();
      }
    } finally {
      driver.close();
    }
  }, 300_000);

  it('a turn by keyboard alone: an Order card, areas from the list of the map places (every ringed area is in it), then Commit', async () => {
    const m = await createRw(2, 'rw-table-keys', 2);
    const token = m.seats[0]!.token!;
    const driver = new WsSeat(server.url, m.id, token);
    const c = await newTestContext(browser, { uiLocale: 'en', actionList: 'closed' });
    contexts.push(c);
    const page = c.page;
    await openInvite(page, server.url, m.id, token);
    await page.getByTestId('rw-board').waitFor();
    let ordered = false,
      placed = 0,
      committed = false;
    try {
      for (let i = 0; i < 200 && !committed; i++) {
        await driver.next(1500);
        const l = driver.latest;
        const mine = l?.prompts?.find((p) => p.seat === 0 && !p.optional);
        if (!l || !mine) continue;
        const legal = (l.legal ?? []) as RwAction[];
        await expect.poll(() => version(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(l.v!);
        if (mine.kind === 'rw.order' && !ordered) {
          await page.locator('body').focus();
          expect(await tabTo(page, '[data-testid=rw-orders] .rw-card:not([disabled])')).toBe(true);
          await page.keyboard.press('Enter');
          await expect.poll(() => version(page), { timeout: 10_000 }).not.toBe(l.v);
          ordered = true;
          continue;
        }
        if (
          ordered &&
          (mine.kind === 'rw.strategize' || mine.kind === 'rw.mobilize') &&
          legal.some((a) => a.type === 'draft' || a.type === 'activate')
        ) {
          // Every ringed area is a button of the places list too.
          const rings = (await ringed(page)).sort();
          const places = await page.$$eval('[data-testid=rw-places] [data-place]', (els) =>
            els.map((e) => e.getAttribute('data-place')!),
          );
          expect([...places].sort()).toEqual(rings);
          expect(rings.length).toBeGreaterThan(0);
          await page.locator('body').focus();
          const v0 = await version(page);
          // Areas by keys until the action is sent (a move from, then to; or the area to activate).
          for (let k = 0; k < 4 && (await version(page)) === v0; k++) {
            expect(await tabTo(page, '[data-place]:not([disabled]), .rw-confirm:not([disabled])')).toBe(true);
            await page.keyboard.press('Enter');
            placed++;
            await settle(page);
          }
          await expect.poll(() => version(page), { timeout: 10_000 }).not.toBe(v0);
          // Then Commit, if the prompt asks for it, by keys too.
          const commit = page.locator('[data-testid=rw-decision] .rw-actions button.primary:not([disabled])');
          if (await commit.count()) {
            const v1 = await version(page);
            await page.locator('body').focus();
            expect(
              await tabTo(page, '[data-testid=rw-decision] .rw-actions button.primary:not([disabled])'),
            ).toBe(true);
            await page.keyboard.press('Enter');
            await expect.poll(() => version(page), { timeout: 10_000 }).not.toBe(v1);
          }
          committed = true;
          break;
        }
        const a =
          legal.find((x) => x.type === 'order' && (x.n === 1 || x.n === 2)) ??
          legal.find((x) => x.type === 'commit') ??
          legal.find((x) => x.type === 'pass') ??
          legal[0];
        if (a) await driver.act(a);
      }
    } finally {
      driver.close();
    }
    expect(ordered).toBe(true);
    expect(placed).toBeGreaterThan(0);
    expect(committed).toBe(true);
    expect(c.errors).toEqual([]);
  }, 300_000);

  it('a Tactics card picks on the table: its areas ringed on the map, its players on their panels — exactly its legal targets, in the places lists too', async () => {
    const dir = ensureShotsDir();
    // A deck of Espionage (areas) and Horrific Rumors (a player, then an area) only; three players, so
    // Horrific Rumors has two players to choose from.
    const m = await createRw(3, 'rw-table-tactics', 2, false, { espionage: 5, horrificRumors: 5 });
    const token = m.seats[0]!.token!;
    const driver = new WsSeat(server.url, m.id, token);
    const seen = new Set<string>();
    const pages = new Map<string, Page>();
    const pageFor = async (size: '1280x800' | '360x740', locale: Locale) => {
      const key = `${size}-${locale}`;
      let page = pages.get(key);
      if (!page) {
        const c = await newTestContext(browser, {
          ...(size === '360x740' ? MOBILE : {}),
          uiLocale: locale,
          actionList: 'closed',
        });
        contexts.push(c);
        page = c.page;
        await openInvite(page, server.url, m.id, token);
        await page.getByTestId('rw-board').waitFor();
        pages.set(key, page);
      }
      return page;
    };
    try {
      // Until both picks were seen or the game ends, within the test's time (a loaded machine is slow).
      const deadline = Date.now() + 200_000;
      for (let i = 0; i < 2000 && seen.size < 2 && Date.now() < deadline; i++) {
        await driver.next(1500);
        const l = driver.latest;
        const mine = l?.prompts?.find((p) => p.seat === 0);
        if (!l || !mine) continue;
        const legal = (l.legal ?? []) as RwAction[];
        if ((l.view as RwView).over) break;
        const what = tacticWhat(l.prompts);
        if ((what === 'area' || what === 'seat') && !seen.has(what)) {
          seen.add(what);
          const picks = legal
            .filter((a) => a.type === 'pick')
            .map((a) => String((a as { n: number }).n))
            .sort();
          expect(picks.length).toBeGreaterThan(1);
          for (const [size, locale] of [
            ['1280x800', 'en'],
            ['360x740', 'ru'],
          ] as const) {
            const page = await pageFor(size, locale);
            await expect.poll(() => version(page), { timeout: 10_000 }).toBe(l.v);
            await settle(page);
            const note = await page.getByTestId('rw-tactic-note').innerText();
            expect(note).toMatch(/Espionage|Horrific Rumors|Шпионаж|Ужасные слухи/);
            const places = await page.$$eval('[data-testid=rw-places] [data-place]', (els) =>
              els.map((e) => e.getAttribute('data-place')!),
            );
            const panels = await page.$$eval('[data-testid=rw-factions] [data-seat-target]', (els) =>
              els.map((e) => e.getAttribute('data-seat-target')!),
            );
            const listed = await page.$$eval('[data-testid=rw-seat-picks] [data-seat-pick]', (els) =>
              els.map((e) => e.getAttribute('data-seat-pick')!),
            );
            if (what === 'area') {
              // The rings are the card's areas, each in the places list too; no decision button for them.
              expect((await ringed(page)).sort()).toEqual(picks);
              expect(expectedRings(legal, l.prompts)).toEqual(picks);
              expect([...places].sort()).toEqual(picks);
              expect(panels).toEqual([]);
            } else {
              // The players on their panels, and in the decision's list; no ring on the map.
              expect([...panels].sort()).toEqual(picks);
              expect([...listed].sort()).toEqual(picks);
              expect(await ringed(page)).toEqual([]);
            }
            expect(await page.locator('[data-testid=table]').innerText()).not.toMatch(ID_LIKE);
            // The players to choose from as a player sees them: scrolled to (on a phone the decision dock at
            // the bottom may cover part of the page, and what it covers is not yet in reach).
            if (what === 'seat')
              await page.getByTestId('rw-seat-picks').evaluate((e) => e.scrollIntoView({ block: 'center' }));
            expect(await axeSerious(page), `${what} ${locale} ${size}`).toEqual([]);
            if (size === '360x740') expect(await sideways(page)).toEqual([]);
            if (what === 'seat') await page.getByTestId('rw-factions').scrollIntoViewIfNeeded();
            await page.screenshot({ path: `${dir}runewars-tactic-${what}-${locale}-${size}.png` });
          }
          // The choice made on the table: a ring on the map, or the button on a player's panel (by keys).
          const page = await pageFor('1280x800', 'en');
          const v0 = await version(page);
          if (what === 'area')
            await page
              .locator(`[data-testid=rw-svg] [data-target="${picks[0]}"] .ring-out`)
              .click({ timeout: 10_000 });
          else {
            await page.locator('body').focus();
            expect(await tabTo(page, '[data-testid=rw-factions] [data-seat-target]:not([disabled])')).toBe(
              true,
            );
            await page.keyboard.press('Enter');
          }
          await expect.poll(() => version(page), { timeout: 10_000 }).not.toBe(v0);
          continue;
        }
        // Play a card whose pick is still to be seen whenever one is offered (Horrific Rumors picks a player,
        // then an area; Espionage areas), else on as simply as possible.
        const want = new Set<string>();
        if (!seen.has('area')) want.add('espionage').add('horrificRumors');
        if (!seen.has('seat')) want.add('horrificRumors');
        const p = packOf((l.view as RwView).opts.data);
        const play = legal.find((a) => a.type === 'play' && want.has(p.tactics[a.card]?.id ?? ''));
        const a =
          play ??
          legal.find((x) => x.type === 'pass') ??
          legal.find((x) => x.type === 'order' && x.n === 1) ??
          legal.find((x) => x.type === 'commit') ??
          legal.find((x) => x.type !== 'pick' || !what) ??
          legal[0];
        if (a) await driver.act(a);
      }
    } finally {
      driver.close();
    }
    // The area pick comes in every run; a player pick (Horrific Rumors) only when the game deals it to this
    // seat in time — checked above whenever it comes (it did in most runs, not all: a known gap).
    expect(seen.has('area')).toBe(true);
    if (!seen.has('seat')) console.warn('Tactics picks: no player pick came in this run');
  }, 300_000);

  // Every card of the default pack is played; a pack may still mark a card as waiting for a later part.
  it('a Tactics card the version does not play yet (its data waits) says so on the drawn card, in English and Russian', async () => {
    const card0 = tacticsData.cards[0]!.id;
    const m = await createRw(2, 'rw-table-waits', 1, false, { [card0]: 6 }, [card0]);
    const token = m.seats[0]!.token!;
    // Through the setup (its Tactics cards dealt) to the first Order selection.
    const driver = new WsSeat(server.url, m.id, token);
    try {
      for (let i = 0; i < 100; i++) {
        await driver.next(1500);
        const mine = driver.latest?.prompts?.find((p) => p.seat === 0);
        if (!mine) continue;
        if (mine.kind === 'rw.order') break;
        const legal = (driver.latest?.legal ?? []) as RwAction[];
        const a = legal.find((x) => x.type === 'commit') ?? legal.find((x) => x.type === 'pass') ?? legal[0];
        if (a) await driver.act(a);
      }
    } finally {
      driver.close();
    }
    for (const [locale, words] of [
      ['en', /Not played by this version yet/],
      ['ru', /пока не разыгрывает/],
    ] as const) {
      const c = await newTestContext(browser, { uiLocale: locale, actionList: 'closed' });
      contexts.push(c);
      await openInvite(c.page, server.url, m.id, token);
      const card = c.page.locator('[data-testid=rw-hand] .rw-gcard.tactics.waits').first();
      await card.waitFor({ timeout: 60_000 });
      expect(await card.getByTestId('rw-waits').innerText()).toMatch(words);
      expect(await card.locator('button').count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await settle(c.page);
      await c.page.screenshot({ path: `${ensureShotsDir()}runewars-waits-${locale}-1280x800.png` });
      expect(c.errors).toEqual([]);
    }
  }, 120_000);

  it('axe finds nothing serious at 1280×800 and 360×740 in English and Russian; phones do not scroll sideways', async () => {
    const dir = ensureShotsDir();
    const m = await createRw(3, 'rw-table-axe', 2);
    const token = m.seats[0]!.token!;
    const driver = new WsSeat(server.url, m.id, token);
    // Play on to the first Strategize or Mobilize of mine, answering everything else with a first action.
    let seen = '';
    for (let i = 0; i < 120 && !seen; i++) {
      await driver.next(1500);
      const l = driver.latest;
      const mine = l?.prompts?.find((p) => p.seat === 0 && !p.optional);
      if (!l || !mine) continue;
      const legal = (l.legal ?? []) as RwAction[];
      if (mine.kind === 'rw.order') {
        const a = legal.find((x) => x.type === 'order' && (x.n === 1 || x.n === 2)) ?? legal[0];
        if (a) await driver.act(a);
        continue;
      }
      if (
        (mine.kind === 'rw.strategize' || mine.kind === 'rw.mobilize') &&
        legal.some((a) => a.type === 'draft' || a.type === 'activate')
      ) {
        seen = mine.kind;
        break;
      }
      const a = legal.find((x) => x.type === 'commit') ?? legal.find((x) => x.type === 'pass') ?? legal[0];
      if (a) await driver.act(a);
    }
    expect(seen).not.toBe('');
    try {
      for (const [size, opts] of [
        ['1280x800', {}],
        ['360x740', MOBILE],
      ] as const)
        for (const locale of ['en', 'ru'] as const) {
          const c = await newTestContext(browser, { ...opts, uiLocale: locale, actionList: 'closed' });
          contexts.push(c);
          await openInvite(c.page, server.url, m.id, token);
          await c.page.getByTestId('rw-board').waitFor();
          await c.page.locator('[data-testid=rw-svg] [data-target]').first().waitFor();
          await settle(c.page);
          await c.page.screenshot({ path: `${dir}runewars-move-${locale}-${size}.png` });
          if (size === '360x740') {
            expect(await sideways(c.page)).toEqual([]);
            const y = await c.page.evaluate(() => scrollY);
            await c.page.screenshot({
              path: `${dir}runewars-move-${locale}-${size}-full.png`,
              fullPage: true,
            });
            await c.page.evaluate((y) => scrollTo(0, y), y);
          } else if (locale === 'en' && process.env.UPDATE_README_SCREENSHOT)
            copyFileSync(`${dir}runewars-move-en-1280x800.png`, `${ROOT}docs/screenshots/runewars-table.png`);
          expect(await c.page.locator('[data-testid=table]').innerText()).not.toMatch(ID_LIKE);
          expect(await axeSerious(c.page), `${locale} ${size}`).toEqual([]);
          expect(c.errors).toEqual([]);
        }
    } finally {
      driver.close();
    }
  }, 400_000);
});
