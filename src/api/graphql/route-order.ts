/**
 * Puts the GraphQL endpoint's Express layers ahead of the REST routes. Nest's GraphQL module
 * mounts Apollo when the modules initialise, after every controller's route: a request to
 * `/graphql` (every command) walked ~140 route layers (a path match each) before reaching it.
 *
 * The move is made only when it cannot change what a request to the endpoint meets: every layer
 * it passes over must be a route (matched on its whole path) that matches neither `/graphql` nor
 * a path under it. The layers before it that do see such a request (body parsing, CORS, helmet,
 * the request logger...) stay before it, in the same order; the routes passed over never saw it.
 * Otherwise the stack is left as it was.
 */
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

/** The part of an Express 5 router layer (package `router`) this reads. */
export interface RouterLayer {
  route?: unknown;
  match(path: string): boolean;
}

const PROBES = (path: string) => [path, `${path}/`, `${path}/x`, `${path}/x/y`];

/**
 * Moves the layers mounted at `path` (not routes, matching `path` but not `/`) to just after the
 * last earlier layer that matches a path under it; returns how many layers they moved past.
 */
export function hoistMountedLayers(stack: RouterLayer[], path: string): number {
  const probes = PROBES(path);
  const seesPath = (layer: RouterLayer) => probes.some((p) => layer.match(p));
  const first = stack.findIndex((l) => !l.route && l.match(path) && !l.match('/'));
  if (first < 0) return 0;
  let last = first;
  while (
    last + 1 < stack.length &&
    !stack[last + 1].route &&
    stack[last + 1].match(path) &&
    !stack[last + 1].match('/')
  )
    last++;
  let target = first;
  while (target > 0 && !seesPath(stack[target - 1])) {
    if (!stack[target - 1].route) return 0; // a middleware of its own: leave the order alone
    target--;
  }
  if (target === first) return 0;
  const mounted = stack.splice(first, last - first + 1);
  stack.splice(target, 0, ...mounted);
  return first - target;
}

@Injectable()
export class GraphqlRouteOrder implements OnApplicationBootstrap {
  constructor(private readonly host: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const adapter = this.host.httpAdapter;
    if (adapter?.getType() !== 'express') return;
    const router = (adapter.getInstance() as { router?: { stack?: RouterLayer[] } }).router;
    if (Array.isArray(router?.stack)) hoistMountedLayers(router.stack, '/graphql');
  }
}
