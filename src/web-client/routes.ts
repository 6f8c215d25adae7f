/**
 * The reference web client (web/, built by Vite into dist/web): GET / serves its index.html and
 * GET /web/<file> its hashed assets. The files are listed once from dist/web (nothing outside that
 * folder can be named by a request). The page itself only talks to the public GraphQL API.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';

interface Req {
  path?: string;
  url?: string;
}
interface Res {
  setHeader(name: string, value: string): void;
  status(code: number): Res;
  send(body: string | Buffer): void;
}
type Handler = (req: Req, res: Res, next: () => void) => void;
export interface ExpressLike {
  get(path: string | RegExp, handler: Handler): void;
}

/** Where the client's assets are served from (Vite's `base`). */
export const WEB_BASE = '/web/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>saloon</title>
<body><h1>saloon</h1><p>The web client is not built. Run <code>npm run build</code> (or <code>npm start</code>,
which builds first). The GraphQL API is at <a href="/graphql">/graphql</a>.</p></body></html>`;

/** The repository root: the first folder above this file with a package.json (src/ or dist/src/). */
export function repoRoot(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

function listFiles(dir: string, root: string, out: Map<string, string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, root, out);
    else if (TYPES[extname(entry.name)]) out.set(relative(root, path).split(sep).join('/'), path);
  }
}

export function mountWebClient(app: ExpressLike, dir: string = join(repoRoot(), 'dist', 'web')): void {
  let files = new Map<string, string>();
  let listedAt = -Infinity;
  const cache = new Map<string, Buffer>();
  // A rebuild while the server runs (npm run build) writes new hashed names: an unknown name lists
  // the folder again, at most once a second.
  const list = () => {
    if (Date.now() - listedAt < 1000) return;
    listedAt = Date.now();
    files = new Map();
    cache.clear();
    if (existsSync(dir)) listFiles(dir, dir, files);
  };
  const lookup = (name: string): Buffer | undefined => {
    if (!files.has(name)) list();
    const path = files.get(name);
    if (!path) return undefined;
    let body = cache.get(name);
    if (!body) {
      try {
        body = readFileSync(path);
      } catch {
        return undefined;
      }
      if (name !== 'index.html') cache.set(name, body);
    }
    return body;
  };
  app.get('/', (_req, res) => {
    const body = lookup('index.html');
    res.setHeader('content-type', TYPES['.html']);
    res.setHeader('cache-control', 'no-cache');
    res.status(200).send(body ?? NOT_BUILT);
  });
  app.get(/^\/web\/.+/, (req, res) => {
    const name = decodeURIComponent((req.path ?? '').slice(WEB_BASE.length));
    const body = name === 'index.html' ? undefined : lookup(name);
    if (!body) {
      res.status(404).send('not found');
      return;
    }
    res.setHeader('content-type', TYPES[extname(name)]);
    // Vite puts a content hash in every asset name under assets/.
    res.setHeader(
      'cache-control',
      name.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    res.status(200).send(body);
  });
}
