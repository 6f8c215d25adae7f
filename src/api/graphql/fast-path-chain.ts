/**
 * The middleware a `POST /graphql` request meets in Express's stack before the GraphQL endpoint,
 * as a plain list of the same functions, for the command fast path to call in the same order
 * without the router (its per-layer path matching, parameter processing and prefix trimming).
 * Only a stack whose every such layer is mounted at `/` (or is a route for the path) is read;
 * otherwise there is no chain and the fast path stays off. A middleware's error goes to the
 * stack's error handlers for the path, as the router would send it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The part of an Express 5 router layer (package `router`) this reads. */
interface Layer {
  handle: (...args: unknown[]) => unknown;
  route?: { stack: Layer[]; _handlesMethod(method: string): boolean };
  method?: string;
  match(path: string): boolean;
}

type Handle = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown;
type ErrorHandle = (
  error: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => unknown;

export interface Chain {
  handles: Handle[];
  errorHandles: ErrorHandle[];
}

/** The chain for POST requests to `path`, or null when the stack is not of the expected form. */
export function middlewareChain(stack: unknown[], path: string): Chain | null {
  const layers = stack as Layer[];
  const endpoint = layers.findIndex((l) => !l.route && l.match(path) && !l.match('/'));
  if (endpoint < 0) return null;
  const handles: Handle[] = [];
  for (const layer of layers.slice(0, endpoint)) {
    if (!layer.match(path)) continue;
    if (layer.route) {
      if (!layer.route._handlesMethod('post')) continue;
      for (const inner of layer.route.stack)
        if (!inner.method || inner.method === 'post') handles.push(inner.handle as Handle);
    } else if (!layer.match('/') || layer.handle.length === 4) {
      return null; // mounted below `/` (the router would trim the url) or an error handler
    } else {
      handles.push(layer.handle as Handle);
    }
  }
  const errorHandles = layers
    .slice(endpoint)
    .filter((l) => !l.route && l.handle.length === 4 && l.match(path))
    .map((l) => l.handle as ErrorHandle);
  return { handles, errorHandles };
}

/** Calls the chain's handles in order, then `done`; an error skips to the error handlers. */
export function runChain(chain: Chain, req: IncomingMessage, res: ServerResponse, done: () => void): void {
  let i = 0;
  let e = 0;
  const fail = (error: unknown): void => {
    const handle = chain.errorHandles[e++];
    if (!handle) {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
      return;
    }
    call(() => handle(error, req, res, fail), fail);
  };
  const next = (error?: unknown): void => {
    if (error !== undefined && error !== 'route' && error !== 'router') return fail(error);
    const handle = chain.handles[i++];
    if (handle) call(() => handle(req, res, next), fail);
    else done();
  };
  next();
}

function call(run: () => unknown, fail: (error: unknown) => void): void {
  try {
    const result = run();
    if (result instanceof Promise) result.catch(fail);
  } catch (error) {
    fail(error);
  }
}

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** BODY_LIMIT in bytes as body-parser reads it (`100kb`, `1mb`, `2048`), or null if unsure. */
export function bodyLimitBytes(limit: string | number): number | null {
  if (typeof limit === 'number') return Number.isFinite(limit) ? Math.floor(limit) : null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(limit);
  if (!m) return null;
  return Math.floor(Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]);
}
