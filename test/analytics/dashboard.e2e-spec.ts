/**
 * The /analytics dashboard in headless Chromium (Debian's /usr/bin/chromium; the test FAILS when
 * it is missing — .ci/run installs it). The page must draw, from the public GraphQL API only,
 * the win rate by personality with Wilson error bars, the score histogram and the game length
 * over time of a seeded set of games; the charts' data (read from the Chart.js instances) must
 * equal the values computed independently from the raw games. With SALOON_SCREENSHOT=1 it also
 * writes docs/analytics-dashboard.png.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AnalyticsProjectorService } from '../../src/analytics/projector.service';
import type { ColomaEvent } from '../../src/games/coloma/events';
import { colomaEngine } from '../../src/games/coloma/index';
import { busts } from '../../src/games/coloma/rules';
import type { ColomaState } from '../../src/games/coloma/state';
import { startServer, type RunningServer } from '../support/app';
import { createTestPglite, type TestPglite } from '../support/database';
import {
  expectedLength,
  expectedScores,
  expectedWinRates,
  loadRawGames,
  type Filter,
  type RawGame,
} from './expected';
import { recordGame, retime, SEED_BASE, type SeedSpec } from './seed';

const CHROMIUM = '/usr/bin/chromium';

/** The page's globals as seen from page.evaluate (this file is compiled without the DOM lib). */
declare const window: {
  saloonDashboard?: { loads: number };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  saloonCharts: any;
};
const DAY = 86_400_000;

interface ChartData {
  win: { labels: string[]; data: { y: number; yMin: number; yMax: number }[]; type: string };
  score: { labels: string[]; data: number[] };
  length: { labels: string[]; data: number[] };
}

async function chartData(page: Page): Promise<ChartData> {
  return page.evaluate(() => {
    const charts = window.saloonCharts;
    return {
      win: {
        labels: charts.winRate.data.labels,
        data: charts.winRate.data.datasets[0].data,
        type: charts.winRate.config.type,
      },
      score: { labels: charts.score.data.labels, data: charts.score.data.datasets[0].data },
      length: { labels: charts.length.data.labels, data: charts.length.data.datasets[0].data },
    };
  });
}

function checkCharts(data: ChartData, raw: RawGame[], f: Filter) {
  const rates = expectedWinRates(raw, 'PERSONALITY', f);
  expect(rates.length).toBeGreaterThan(0);
  expect(data.win.type).toBe('barWithErrorBars');
  expect(data.win.labels).toEqual(rates.map((r) => r.key));
  data.win.data.forEach((d, i) => {
    expect(d.y).toBeCloseTo(rates[i].winRate, 9);
    expect(d.yMin).toBeCloseTo(rates[i].low, 9);
    expect(d.yMax).toBeCloseTo(rates[i].high, 9);
  });
  const scores = expectedScores(raw, f);
  expect(data.score.labels).toEqual(scores.buckets.map((b) => String(b.from)));
  expect(data.score.data).toEqual(scores.buckets.map((b) => b.count));
  const length = expectedLength(raw, f);
  expect(data.length.labels).toEqual(length.series.map((p) => p.period));
  data.length.data.forEach((minutes, i) =>
    expect(minutes).toBeCloseTo(length.series[i].meanDurationMs / 60_000, 9),
  );
}

/** Coloma's Sites from the replayed games: share of the revealed Dials, and how often each Bust. */
function expectedColomaSites(raw: RawGame[]): { share: number[]; bust: number[] } {
  const chosen = [0, 0, 0, 0, 0];
  const busted = [0, 0, 0, 0, 0];
  for (const g of raw.filter((x) => x.type === 'coloma' && x.status === 'FINISHED')) {
    let s: ColomaState | null = null;
    for (const e of g.events) {
      s = colomaEngine.evolve(s, { type: e.type, ...e.payload } as unknown as ColomaEvent);
      if (e.type !== 'DIALS_REVEALED') continue;
      for (const site of s.sites) {
        chosen[site! - 1]++;
        if (busts(s, site!)) busted[site! - 1]++;
      }
    }
  }
  const all = chosen.reduce((a, b) => a + b, 0);
  return { share: chosen.map((n) => n / all), bust: chosen.map((n, i) => (n ? busted[i] / n : 0)) };
}

describe('analytics dashboard (Chromium)', () => {
  let db: TestPglite;
  let server: RunningServer;
  let browser: Browser;
  let raw: RawGame[];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is required at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`,
      );
    }
    db = await createTestPglite();
    const many = process.env.SALOON_SCREENSHOT === '1';
    const specs: SeedSpec[] = [];
    const count = many ? 24 : 5;
    for (let i = 0; i < count; i++) {
      const players = 2 + (i % (many ? 3 : 2));
      specs.push({
        type: 'carson-city',
        seats: Array.from({ length: players }, (_, s) =>
          s === 0 && i % 3 === 0
            ? { kind: 'HUMAN' as const }
            : { kind: 'BOT' as const, botLevel: s % 2 ? 'HEURISTIC' : 'RANDOM' },
        ),
      });
    }
    // Two Coloma games, for its own section of the page.
    for (let i = 0; i < 2; i++) {
      specs.push({
        type: 'coloma',
        seats: [
          { kind: 'BOT', botLevel: 'HEURISTIC' },
          { kind: 'BOT', botLevel: 'RANDOM' },
        ],
      });
    }
    for (const [i, spec] of specs.entries()) {
      const id = await recordGame(db, spec, `dash-${i}`, 2);
      await retime(db, id, SEED_BASE + (i % (many ? 8 : 3)) * DAY, 2000 + 700 * (i % 5));
    }
    raw = await loadRawGames(db);
    server = await startServer({ database: db, inlineBots: false });
    await server.app.get(AnalyticsProjectorService).settle();
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
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await db?.close();
  });

  it('draws win rate by personality with error bars, the score histogram and game length from GraphQL', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}/analytics`);
    await page
      .waitForFunction(() => (window.saloonDashboard?.loads ?? 0) >= 1, null, {
        timeout: 15_000,
      })
      .catch((error: unknown) => {
        throw new Error(`dashboard did not load: ${String(error)}; page errors: ${errors.join('; ')}`);
      });
    expect(errors).toEqual([]);
    checkCharts(await chartData(page), raw, { type: 'carson-city' });
    // Everything came from this server: the page, chart.js, the plugin, and POST /graphql.
    expect(requests.every((u) => u.startsWith(server.url))).toBe(true);
    expect(requests).toContain(`${server.url}/analytics/assets/chart.umd.min.js`);
    expect(requests).toContain(`${server.url}/graphql`);

    // Filters: 2-player games only.
    await page.fill('#players', '2');
    await page.click('#apply');
    await page.waitForFunction(() => (window.saloonDashboard?.loads ?? 0) >= 2);
    checkCharts(await chartData(page), raw, { type: 'carson-city', players: [2] });

    // Coloma: choosing the game shows its Location choices and Busts from its own tables.
    await page.fill('#players', '');
    await page.selectOption('#gameType', 'coloma');
    expect(await page.inputValue('#by')).toBe('SEAT');
    await page.click('#apply');
    await page.waitForFunction(() => (window.saloonDashboard?.loads ?? 0) >= 3);
    expect(await page.isVisible('#colomaSection')).toBe(true);
    const sites = await page.evaluate(() => ({
      labels: window.saloonCharts.colomaSites.data.labels,
      share: window.saloonCharts.colomaSites.data.datasets[0].data,
      bust: window.saloonCharts.colomaSites.data.datasets[1].data,
    }));
    const expected = expectedColomaSites(raw);
    expect(sites.labels).toEqual(['Site 1', 'Site 2', 'Site 3', 'Site 4', 'Site 5']);
    sites.share.forEach((x: number, i: number) => expect(x).toBeCloseTo(expected.share[i], 9));
    sites.bust.forEach((x: number, i: number) => expect(x).toBeCloseTo(expected.bust[i], 9));
    expect(await page.textContent('#colomaSummary')).toContain(`in ${15 * 2} Rounds`);
    await page.selectOption('#gameType', 'carson-city');
    await page.click('#apply');
    await page.waitForFunction(() => (window.saloonDashboard?.loads ?? 0) >= 4);
    expect(await page.isVisible('#colomaSection')).toBe(false);

    if (process.env.SALOON_SCREENSHOT === '1') {
      await page.fill('#players', '');
      await page.click('#apply');
      await page.waitForFunction(() => (window.saloonDashboard?.loads ?? 0) >= 5);
      const dir = join(__dirname, '..', '..', 'docs');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, 'analytics-dashboard.png'), fullPage: true });
    }
    await page.close();
  });
});
