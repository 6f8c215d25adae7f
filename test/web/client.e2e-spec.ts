/**
 * The reference web client (web/, served at /) in headless Chromium (Debian's /usr/bin/chromium;
 * the suite FAILS when it is missing — .ci/run installs it). Everything is done by clicking, as a
 * person would: create a game against bots in the lobby, play it to the end with the controls
 * built from legalCommands (and Carson City's SVG board), for Carson City, Bang!, Great Western
 * Trail and Coloma; spectate from a second browser context (no token) and see the moves arrive
 * over the subscription; step back through history (stateAt); join by an invite link; the inbox.
 * Waits are on DOM state only. With SALOON_SCREENSHOT=1 it also writes docs/web-*.png.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/app';
import { createTestPglite, type TestPglite } from '../support/database';
import { scaled } from '../support/time-scale.cjs';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..');
const SCREENSHOTS = process.env.SALOON_SCREENSHOT === '1';
/** No game here needs more human commands than this (a runaway loop fails instead of hanging). */
const MAX_STEPS = 600;
const STEP_TIMEOUT = scaled(60_000);

/** The page's DOM as seen from page.evaluate (this file is compiled without the DOM lib). */
declare const document: {
  querySelector(s: string): { getAttribute(n: string): string | null } | null;
  querySelectorAll(s: string): { length: number };
  documentElement: { scrollWidth: number; clientWidth: number };
};
declare const localStorage: { getItem(k: string): string | null };
declare const location: { hash: string };

const GAME = '[data-testid=game]';
const trace = (m: string) => process.env.WEB_E2E_TRACE && process.stderr.write(`[web-e2e] ${m}\n`);

async function attr(page: Page, name: string): Promise<string> {
  return (await page.locator(GAME).getAttribute(name)) ?? '';
}

/** What the page shows, for a failure message. */
async function diagnose(page: Page): Promise<string> {
  const game = page.locator(GAME);
  if (!(await game.count())) return `no game on the page (${page.url()})`;
  const [phase, version, status] = await Promise.all(
    ['data-phase', 'data-version', 'data-status'].map((a) => game.getAttribute(a)),
  );
  const said = await page.locator('.status, .error').allTextContents();
  return `phase ${phase}, version ${version}, status ${status}: ${said.join(' | ')}`;
}

async function until<T>(page: Page, what: string, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    throw new Error(`${what}: ${String(error).split('\n')[0]}; ${await diagnose(page)}`);
  }
}

async function createInLobby(
  page: Page,
  server: RunningServer,
  type: string,
  seats: string[],
): Promise<string> {
  await page.goto(`${server.url}/#/`);
  await page.selectOption('#game-type', type);
  await page.fill('#player-name', 'Ann');
  await page.fill('#seat-count', String(seats.length));
  for (const [i, kind] of seats.entries()) {
    if (kind === 'ME' || kind === 'OPEN') await page.selectOption(`#seat-${i}-kind`, kind);
    else {
      await page.selectOption(`#seat-${i}-kind`, 'BOT');
      await page.selectOption(`#seat-${i}-level`, kind);
    }
  }
  await page.click('#create');
  await page.waitForSelector(GAME + ':not([data-phase=loading])', { timeout: STEP_TIMEOUT });
  return decodeURIComponent(new URL(page.url()).hash.replace('#/game/', ''));
}

/** Clicks legal controls (a pseudo-random one each time) until the game is over. */
async function playToEnd(page: Page, label: string, shot?: string, maxSteps = MAX_STEPS): Promise<number> {
  let steps = 0;
  for (; steps < maxSteps; steps++) {
    await until(
      page,
      `${label} step ${steps}: waiting for my turn`,
      page.waitForSelector(`${GAME}[data-phase=your-turn], ${GAME}[data-phase=finished]`, {
        timeout: STEP_TIMEOUT,
      }),
    );
    if ((await attr(page, 'data-phase')) === 'finished') break;
    if (shot && steps === 12) await screenshot(page, shot);
    if (steps + 1 === maxSteps && maxSteps < MAX_STEPS) return steps;
    const before = await attr(page, 'data-version');
    const failures = await attr(page, 'data-failures');
    trace(`${label} step ${steps} at version ${before}`);
    const controls = page.locator('button.cmd:enabled, .carson-board g.legal, button.action.legal');
    const n = await controls.count();
    if (n === 0) continue;
    const control = controls.nth((steps * 7919) % n);
    if (steps === 0) {
      // Keyboard: the first move of every game goes by Tab focus and Enter.
      await control.focus();
      await page.keyboard.press('Enter');
    } else await control.click();
    // Until the game moves on (or the command was refused: a CONFLICT when it moved meanwhile).
    await until(
      page,
      `${label} step ${steps}: waiting for the move to land`,
      page.waitForFunction(
        ([sel, v, f]) => {
          const el = document.querySelector(sel);
          if (!el || el.getAttribute('data-phase') === 'sending') return false;
          return (
            el.getAttribute('data-version') !== v ||
            el.getAttribute('data-failures') !== f ||
            el.getAttribute('data-phase') === 'finished'
          );
        },
        [GAME, before, failures] as const,
        { timeout: STEP_TIMEOUT },
      ),
    );
    if ((await attr(page, 'data-rejections')) !== '0')
      throw new Error(
        `${label}: a legal command was refused: ${await page.locator('.error').allTextContents()}`,
      );
  }
  expect({ label, steps, phase: await attr(page, 'data-phase') }).toEqual({
    label,
    steps,
    phase: 'finished',
  });
  expect(await attr(page, 'data-rejections')).toBe('0');
  await page.waitForSelector('[data-testid=result] tbody tr');
  return steps;
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const dir = join(ROOT, 'docs');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `web-${name}.png`), fullPage: false });
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe('web client (Chromium)', () => {
  let db: TestPglite;
  let server: RunningServer;
  let browser: Browser;
  let player: BrowserContext;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is required at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`,
      );
    }
    // The bundle, built only when web/ changed (npm start does the same).
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--web'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    trace('built');
    if (build.status !== 0) throw new Error(`web build failed: ${build.stdout}${build.stderr}`);
    db = await createTestPglite();
    trace('db');
    server = await startServer({ database: db, inlineBots: true });
    trace('server');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    trace('browser');
    player = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  });

  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await browser?.close();
    await server?.close();
    await db?.close();
  });

  async function newPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith(server.url.replace('http', 'ws')))
        pageErrors.push(`request outside the server: ${r.url()}`);
    });
    return page;
  }

  it('serves the client at / and keeps the explorer at GET /graphql and the dashboard', async () => {
    const root = await fetch(`${server.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('/web/assets/');
    const explorer = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(explorer.status).toBe(200);
    expect(await explorer.text()).toContain('graphiql');
    expect((await fetch(`${server.url}/analytics`)).status).toBe(200);
    expect((await fetch(`${server.url}/web/../package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/web/assets/nope.js`)).status).toBe(404);
  });

  it('plays Carson City against bots to the end, on the SVG board and the controls', async () => {
    const page = await newPage(player);
    const id = await createInLobby(page, server, 'carson-city', ['ME', 'RANDOM']);
    await page.waitForSelector('.carson-board');
    const steps = await playToEnd(page, 'carson-city', 'carson-city');
    expect(steps).toBeGreaterThan(10);
    // The token stayed in storage, out of the URL.
    const stored = await page.evaluate(() => localStorage.getItem('saloon.games.v1'));
    expect(stored).toContain(id);
    expect(page.url()).not.toContain('token');
    await page.close();
  });

  it('plays Bang! to the end while a spectator watches the moves arrive, then steps back through history', async () => {
    const page = await newPage(player);
    const id = await createInLobby(page, server, 'bang-dice', ['ME', 'RANDOM', 'RANDOM']);
    await page.waitForSelector('.bang-table');
    // A second browser context: no tokens, so a spectator.
    const watcher = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const watch = await newPage(watcher);
    await watch.goto(`${server.url}/#/game/${id}`);
    await watch.waitForSelector(`${GAME}[data-phase=spectating]`);
    const startVersion = Number(await attr(watch, 'data-version'));
    let navigations = 0;
    watch.on('framenavigated', () => navigations++);
    await playToEnd(page, 'bang-dice', 'bang-dice');
    const finalVersion = await attr(page, 'data-version');
    // The spectator's page moved on by itself (subscription), up to the end, without a reload.
    await watch.waitForSelector(`${GAME}[data-status=FINISHED][data-version="${finalVersion}"]`, {
      timeout: STEP_TIMEOUT,
    });
    expect(Number(finalVersion)).toBeGreaterThan(startVersion);
    expect(navigations).toBe(0);
    expect(await watch.locator('.log-lines li').count()).toBeGreaterThan(3);
    expect(await watch.locator('button.cmd').count()).toBe(0);
    await noHorizontalScroll(watch);
    // History: one step back, then to the start, where nobody is dead yet.
    await watch.click('text=Step back');
    await watch.waitForSelector(`text=Showing the game as it was at version ${Number(finalVersion) - 1}`);
    await watch.focus('#history-slider');
    await watch.keyboard.press('Home');
    await watch.waitForSelector('text=Showing the game as it was at version 0');
    await watch.waitForFunction(() => document.querySelectorAll('.bang-seat').length > 0);
    expect(await watch.locator('.bang-seat.dead').count()).toBe(0);
    await watch.click('text=Back to live');
    await watch.waitForSelector('.bang-seat.dead');
    await watcher.close();
    await page.close();
  });

  it('a spectator whose live connection dropped catches up with the moves it missed when it reconnects', async () => {
    const created = await server.gql<{
      createGame: { game: { id: string; version: number }; seatTokens: { seat: number; token: string }[] };
    }>(
      `mutation { createGame(input: { type: "bang-dice", seats: [{ kind: HUMAN }, { kind: HUMAN }, { kind: HUMAN }], start: true }) { game { id version } seatTokens { seat token } } }`,
    );
    expect(created.errors).toBeUndefined();
    const { game, seatTokens } = created.data!.createGame;
    const http = server.app.getHttpServer() as Server;
    const sockets = new Set<Duplex>();
    let cutOff = false;
    const onUpgrade = (_req: unknown, socket: Duplex) => {
      sockets.add(socket);
      if (cutOff) socket.destroy(); // no live connection while cut off (the client keeps retrying)
    };
    http.on('upgrade', onUpgrade);
    const watcher = await browser.newContext();
    try {
      const watch = await newPage(watcher);
      await watch.goto(`${server.url}/#/game/${game.id}`);
      await watch.waitForSelector(`${GAME}[data-phase=spectating][data-version="${game.version}"]`);
      await server.subscribed(game.id, 1);
      cutOff = true;
      for (const socket of sockets) socket.destroy();
      // One move while the spectator is cut off: its update is published to nobody.
      const turn = await server.gql<{ game: { activeSeats: number[] } }>(
        `{ game(id: "${game.id}") { activeSeats } }`,
      );
      const seat = turn.data!.game.activeSeats[0];
      const token = seatTokens.find((t) => t.seat === seat)!.token;
      const legal = await server.gql<{ game: { legalCommands: unknown[] } }>(
        `{ game(id: "${game.id}") { legalCommands } }`,
        undefined,
        token,
      );
      const moved = await server.gql<{ submitCommand: { version: number } }>(
        `mutation($c: JSON!) { submitCommand(gameId: "${game.id}", command: $c) { version } }`,
        { c: legal.data!.game.legalCommands[0] },
        token,
      );
      expect(moved.errors).toBeUndefined();
      const missed = moved.data!.submitCommand.version;
      expect(missed).toBeGreaterThan(game.version);
      cutOff = false;
      // Reconnected, the page reloads what it missed instead of waiting for the next move.
      await watch.waitForSelector(`${GAME}[data-version="${missed}"]`, { timeout: STEP_TIMEOUT });
    } finally {
      http.off('upgrade', onUpgrade);
      await watcher.close();
    }
  });

  it('plays Great Western Trail against a bot to the end', async () => {
    const page = await newPage(player);
    await createInLobby(page, server, 'great-western-trail', ['ME', 'RANDOM']);
    await page.waitForSelector('.gwt');
    await playToEnd(page, 'great-western-trail', 'great-western-trail');
    await page.close();
  });

  it('plays Coloma against a bot to the end', async () => {
    const page = await newPage(player);
    await createInLobby(page, server, 'coloma', ['ME', 'RANDOM']);
    await page.waitForSelector('.coloma');
    expect(await playToEnd(page, 'coloma', 'coloma')).toBeGreaterThan(20);
    await page.close();
  });

  it("pauses by everyone's vote, unpauses, takes vacation and takes a seat back from the bot in the inbox", async () => {
    // Two seats held by this browser on a per-move clock with vacation days, made in the lobby.
    const page = await newPage(player);
    await page.goto(`${server.url}/#/`);
    await page.selectOption('#game-type', 'carson-city');
    await page.fill('#player-name', 'Ann');
    await page.fill('#seat-count', '2');
    for (const i of [0, 1]) await page.selectOption(`#seat-${i}-kind`, 'ME');
    await page.selectOption('#timer-mode', 'PER_MOVE');
    await page.getByLabel('Vacation days').fill('3');
    await page.click('#create');
    await page.waitForSelector(`${GAME}[data-status=ACTIVE]`, { timeout: STEP_TIMEOUT });
    const id = decodeURIComponent(new URL(page.url()).hash.replace('#/game/', ''));
    const held = JSON.parse((await page.evaluate(() => localStorage.getItem('saloon.games.v1')))!) as Record<
      string,
      { seats: Record<string, string> }
    >;
    const tokens = held[id].seats;
    const deadlines = async () =>
      (
        await server.gql<{ game: { deadlines: { pauseVotes: number[] } } }>(
          `query($id: ID!) { game(id: $id) { deadlines { pauseVotes } } }`,
          { id },
        )
      ).data!.game.deadlines;

    await page.goto(`${server.url}/#/inbox`);
    const row = page.locator(`[data-game="${id}"]`);
    const seat = (n: number) => row.locator(':scope > ul > li').nth(n);
    await seat(1).locator('button:has-text("Vote to pause")').waitFor();
    // One vote of two: the clocks still run.
    await seat(0).locator('button:has-text("Vote to pause")').click();
    for (let i = 0; !(await deadlines()).pauseVotes.includes(0); i++) {
      if (i > 500) throw new Error('the first pause vote never landed');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await row.locator('h3').textContent()).not.toContain('paused');
    await seat(1).locator('button:has-text("Vote to pause")').click();
    await row.locator('h3:has-text("paused")').waitFor();
    await seat(0).locator('button:has-text("Resume the clocks")').click();
    await row.locator('h3:not(:has-text("paused"))').waitFor();
    await seat(0).locator('button:has-text("Vote to pause")').waitFor();

    // A day of vacation: the seat's deadline moves and its allowance shrinks.
    await seat(0).locator('button:has-text("Take vacation")').click();
    await seat(0).locator('text=/on vacation until .*; 2 vacation day\\(s\\) left/').waitFor();
    await seat(1).locator('text=3 vacation day(s) left').waitFor();

    // Seat 1 handed to a bot (an API call: the game page has no such control); the inbox offers
    // it back, and the click returns it.
    const back = seat(1).locator('button:has-text("Take my seat back from the bot")');
    expect(await back.isDisabled()).toBe(true);
    const handed = await server.gql(
      `mutation($id: ID!) { addBot(gameId: $id, seat: 1, botLevel: RANDOM) { status } }`,
      { id },
      tokens['1'],
    );
    expect(handed.errors).toBeUndefined();
    await row.page().click('button:has-text("Refresh")');
    await seat(1).locator('text=a bot is playing this seat').waitFor();
    await back.click();
    await seat(1).locator('text=a bot is playing this seat').waitFor({ state: 'detached' });
    expect(await back.isDisabled()).toBe(true);
    expect(await row.locator('.error').count()).toBe(0);
    await page.close();
  });

  it('invites by a link without a token, joins in another browser, and lists the games in the inbox', async () => {
    const page = await newPage(player);
    const id = await createInLobby(page, server, 'bang-dice', ['ME', 'OPEN', 'RANDOM']);
    await page.waitForSelector(`${GAME}[data-phase=lobby]`);
    const link = await page.locator('.invite input').inputValue();
    expect(link).toBe(`${server.url}/#/join/${id}/1`);
    const friend = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const other = await newPage(friend);
    await other.goto(link);
    await other.fill('#join-name', 'Bob');
    await noHorizontalScroll(other);
    await other.click('#join');
    await other.waitForSelector(`${GAME}:not([data-phase=loading])`);
    // The join link was replaced in the history by the game's page; the token is in storage only.
    expect(await other.evaluate(() => location.hash)).toBe(`#/game/${id}`);
    expect(await other.evaluate(() => localStorage.getItem('saloon.games.v1'))).toContain(id);
    // All seats filled: the host starts it if the join did not.
    // The host's lobby sees the seat taken (it polls: a join is no event), then starts the game
    // unless the join did.
    await page.waitForSelector(`${GAME}[data-status=ACTIVE], button:has-text("Start the game"):enabled`, {
      timeout: STEP_TIMEOUT,
    });
    if ((await attr(page, 'data-status')) === 'LOBBY') await page.click('text=Start the game');
    await other.waitForSelector(`${GAME}[data-status=ACTIVE]`, { timeout: STEP_TIMEOUT });
    expect(['your-turn', 'waiting', 'sending']).toContain(await attr(other, 'data-phase'));
    await noHorizontalScroll(other);
    await screenshot(other, 'phone-360');
    await friend.close();

    await page.goto(`${server.url}/#/inbox`);
    await page.waitForSelector(`[data-game="${id}"]`);
    // The finished games of the tests above are listed too.
    expect(await page.locator('.inbox-game').count()).toBeGreaterThanOrEqual(1);
    await page.click(`[data-game="${id}"] summary`);
    await page.fill(`#wh-${id.slice(0, 8)}-0-url`, 'https://hooks.example.com/saloon');
    await page.fill(`#wh-${id.slice(0, 8)}-0-secret`, 'correct-horse-battery');
    await page.click(`[data-game="${id}"] button:has-text("Register webhook")`);
    await page.waitForSelector(`[data-game="${id}"] li:has-text("hooks.example.com")`);
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('#game-type');
    await screenshot(page, 'lobby');
    await page.close();
  });
});
