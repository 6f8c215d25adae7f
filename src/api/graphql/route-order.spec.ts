import express from 'express';
import { hoistMountedLayers, type RouterLayer } from './route-order';

type Named = RouterLayer & { name: string; route?: { path: string } };

/** An Express app laid out like the server's: middleware, routes, then the mounted endpoint. */
function app(extra?: (a: express.Express) => void) {
  const a = express();
  const seen = (name: string) =>
    Object.defineProperty((_q: unknown, _s: unknown, next: () => void) => next(), 'name', { value: name });
  a.use(seen('everywhere'));
  a.all('/graphql', seen('logger'));
  a.get('/health', seen('health'));
  a.post('/api/games/:id/commands', seen('command'));
  extra?.(a);
  a.use('/graphql', seen('prepare'), seen('apollo'));
  a.get('/graphiql/app.js', seen('asset'));
  const stack = (a as unknown as { router: { stack: Named[] } }).router.stack;
  return { stack, names: () => stack.map((l) => l.route?.path ?? l.name) };
}

describe('hoistMountedLayers', () => {
  it('moves the endpoint past the routes that never match it, after the layers that do', () => {
    const { stack, names } = app();
    expect(hoistMountedLayers(stack, '/graphql')).toBe(2);
    expect(names()).toEqual([
      'everywhere',
      '/graphql',
      'prepare',
      'apollo',
      '/health',
      '/api/games/:id/commands',
      '/graphiql/app.js',
    ]);
  });

  it('stops at a route that could match a path under the endpoint', () => {
    const { stack, names } = app((a) => a.get('/:section/:page', () => undefined));
    hoistMountedLayers(stack, '/graphql');
    const order = names();
    expect(order.indexOf('apollo')).toBe(order.indexOf('/:section/:page') + 2);
    expect(order.indexOf('/health')).toBeLessThan(order.indexOf('apollo'));
  });

  it('leaves the order alone when a middleware sits between', () => {
    const { stack, names } = app((a) => a.use('/api', (_q, _s, next) => next()));
    const before = names();
    expect(hoistMountedLayers(stack, '/graphql')).toBe(0);
    expect(names()).toEqual(before);
  });
});
