/**
 * The dashboard at /analytics: one HTML page and its script, plus chart.js and the error-bars
 * plugin served from node_modules (no CDN). The page only talks to the public GraphQL API.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DASHBOARD_HTML, DASHBOARD_JS } from './page';

interface Req {
  method?: string;
}
interface Res {
  setHeader(name: string, value: string): void;
  status(code: number): Res;
  send(body: string | Buffer): void;
}
type Handler = (req: Req, res: Res) => void;
export interface ExpressLike {
  get(path: string, handler: Handler): void;
}

/** Files next to each package's main entry (their `exports` maps hide the UMD builds from require). */
const ASSETS: Record<string, { pkg: string; file: string; type: string }> = {
  'chart.umd.min.js': { pkg: 'chart.js', file: 'chart.umd.min.js', type: 'text/javascript; charset=utf-8' },
  'chartjs-chart-error-bars.umd.min.js': {
    pkg: 'chartjs-chart-error-bars',
    file: 'index.umd.min.js',
    type: 'text/javascript; charset=utf-8',
  },
};

const cache = new Map<string, Buffer>();

function asset(name: string): Buffer | undefined {
  const spec = ASSETS[name];
  if (!spec) return undefined;
  let body = cache.get(name);
  if (!body) {
    body = readFileSync(join(dirname(require.resolve(spec.pkg)), spec.file));
    cache.set(name, body);
  }
  return body;
}

export function mountDashboard(app: ExpressLike): void {
  const page: Handler = (_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-cache');
    res.status(200).send(DASHBOARD_HTML);
  };
  app.get('/analytics', page);
  app.get('/analytics/', page);
  app.get('/analytics/dashboard.js', (_req, res) => {
    res.setHeader('content-type', 'text/javascript; charset=utf-8');
    res.status(200).send(DASHBOARD_JS);
  });
  for (const name of Object.keys(ASSETS)) {
    app.get(`/analytics/assets/${name}`, (_req, res) => {
      const body = asset(name);
      if (!body) {
        res.status(404).send('not found');
        return;
      }
      res.setHeader('content-type', ASSETS[name].type);
      res.setHeader('cache-control', 'public, max-age=3600');
      res.status(200).send(body);
    });
  }
}
