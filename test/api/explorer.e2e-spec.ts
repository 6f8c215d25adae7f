/**
 * The GraphQL explorer at GET /graphql works offline: the page and every script and style it
 * references are served by this server (no absolute URL to another host), and it can introspect
 * the schema under the default limits (limits.e2e-spec covers the introspection query itself).
 */
import { createTestPglite } from '../support/database';
import { startServer, type RunningServer } from '../support/app';
import { raceEngine } from '../support/dealt-number-engine';
import type { Database } from '../../src/database/database';

describe('GraphQL explorer page', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db, engines: [raceEngine] });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('is served at GET /graphql with assets from this server only', async () => {
    const page = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toMatch(/graphiql/i);
    // No absolute URL at all (http:, https:, protocol-relative) anywhere in the page.
    expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(references.length).toBeGreaterThanOrEqual(4);
    for (const ref of references) {
      expect(ref.startsWith('/')).toBe(true);
      const asset = await fetch(`${server.url}${ref}`);
      expect({ ref, status: asset.status }).toEqual({ ref, status: 200 });
      expect(asset.headers.get('content-type')).toMatch(/javascript|css/);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it('the scripts load GraphiQL, React and ReactDOM (the globals the start script uses)', async () => {
    const html = await (await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } })).text();
    const scripts = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    const bodies = await Promise.all(scripts.map(async (s) => (await fetch(`${server.url}${s}`)).text()));
    const all = bodies.join('\n');
    for (const global of ['React', 'ReactDOM', 'GraphiQL']) expect(all).toContain(global);
    expect(bodies.at(-1)).toContain("new URL('/graphql'");
  });
});
