/**
 * #17: the command mutations over HTTP without the generic GraphQL machinery. A `POST /graphql`
 * whose document is a plain `submitCommand` or typed command mutation (command-plan.ts,
 * command-targets.ts) is answered here: the request's
 * middleware (body, depth guard, CORS, helmet, HSTS, the request logger and its log context: the
 * very functions Express would call, in its order, found in its stack) run without the router;
 * the variables and arguments are coerced by graphql-js; the rate limit is the same guard
 * instance and budgets; the resolver is the same method, called with the parameters its
 * decorators declare; errors go through the same exception
 * filter, graphql-js' locatedError and Apollo's and our error formatting; the answer has Apollo's
 * status, headers and JSON, sent with Express's `res.send` (ETag included). What Apollo would
 * refuse before running anything (malformed JSON, an unknown document, variables of the wrong
 * type, an oversize body...) and anything not recognised is handed to Express unchanged.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ForbiddenException, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { getArgumentValues, getVariableValues, locatedError, type GraphQLSchema } from 'graphql';
import { CallerService } from '../../auth/caller.service';
import type { HttpLimits } from '../../config';
import { ApiThrottlerGuard } from '../../ops/throttle.guard';
import { ApiErrorFilter } from '../error.filter';
import { markBodyRead } from '../json-body';
import { jsonDepth, MAX_JSON_DEPTH } from '../json-depth';
import { SERVER_LIMITS } from '../server-limits';
import { CommandPlans, type CommandPlan } from './command-plan';
import { callArguments, commandTargets, ownMethods, type CommandTarget } from './command-targets';
import { TYPED_COMMAND_RESOLVERS } from './typed-commands.resolver';
import { buildContext } from './context';
import { GamesResolver } from './games.resolver';
import { formatGraphQLError } from './graphql-errors';
import type { SchemaRef } from './ws-limits';
import { bodyLimitBytes, middlewareChain, runChain, type Chain } from './fast-path-chain';

export const GRAPHQL_SCHEMA_REF = Symbol('GRAPHQL_SCHEMA_REF');
/** AppOptions' switch (tests compare both paths): default on. */
export const COMMAND_FAST_PATH = Symbol('COMMAND_FAST_PATH');

type ExpressApp = ((req: IncomingMessage, res: ServerResponse) => void) & {
  request: object;
  response: object;
  enabled(setting: string): boolean;
  router?: { stack?: unknown[] };
};
type Res = ServerResponse & { send(body: string): void };
interface Parsed {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const JSON_TYPE = /^application\/json(?:;\s*charset="?utf-8"?)?$/i;
const BODY_KEYS = new Set(['query', 'variables', 'operationName']);

/** The body as Apollo would read it, when it is a plain single operation. */
function operationOf(body: unknown): Parsed | null {
  if (!isObject(body) || typeof body.query !== 'string') return null;
  for (const key of Object.keys(body)) if (!BODY_KEYS.has(key)) return null;
  const { operationName, variables } = body;
  if (operationName != null && typeof operationName !== 'string') return null;
  if (variables != null && !isObject(variables)) return null;
  return body as unknown as Parsed;
}

@Injectable()
export class CommandFastPath implements OnApplicationBootstrap {
  private plans: CommandPlans | null = null;
  private chain: Chain | null | undefined;
  private targets: Map<string, CommandTarget> | undefined;
  private readonly maxBody: number | null;
  /** Off: every request takes the usual path (the differential test compares the two). */
  active = true;

  constructor(
    private readonly host: HttpAdapterHost,
    private readonly modules: ModuleRef,
    private readonly callers: CallerService,
    private readonly resolver: GamesResolver,
    private readonly guard: ApiThrottlerGuard,
    private readonly filter: ApiErrorFilter,
    @Inject(SERVER_LIMITS) private readonly limits: HttpLimits,
    @Inject(GRAPHQL_SCHEMA_REF) private readonly schemaRef: SchemaRef,
    @Inject(COMMAND_FAST_PATH) private readonly enabled: boolean,
  ) {
    this.maxBody = bodyLimitBytes(limits.bodyLimit);
  }

  onApplicationBootstrap(): void {
    const adapter = this.host.httpAdapter;
    if (!this.enabled || this.maxBody === null || adapter?.getType() !== 'express') return;
    const server = adapter.getHttpServer() as Server | undefined;
    const app = adapter.getInstance<ExpressApp>();
    const listeners = server?.listeners('request') ?? [];
    if (!server || !listeners.includes(app)) return;
    const serve = (req: IncomingMessage, res: ServerResponse) => {
      if (this.active && this.accepts(req)) this.read(req, res, app);
      else app(req, res);
    };
    // In Express's place, the other listeners (Nest's connection bookkeeping) as they were.
    server.removeAllListeners('request');
    for (const listener of listeners)
      server.on('request', listener === app ? serve : (listener as (...args: unknown[]) => void));
  }

  /** Only what the usual path reads the same way: a plain JSON POST of a known length. */
  private accepts(req: IncomingMessage): boolean {
    if (req.method !== 'POST' || req.url !== '/graphql') return false;
    const h = req.headers;
    const length = Number(h['content-length']);
    const accept = h.accept;
    return (
      h['content-length'] !== undefined &&
      Number.isInteger(length) &&
      length <= this.maxBody! &&
      h['transfer-encoding'] === undefined &&
      h['content-encoding'] === undefined &&
      h.expect === undefined &&
      JSON_TYPE.test(h['content-type'] ?? '') &&
      (accept === undefined || accept === '*/*' || accept === 'application/json')
    );
  }

  private read(req: IncomingMessage, res: ServerResponse, app: ExpressApp): void {
    const chunks: Buffer[] = [];
    let ended = false;
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A client gone mid-body: the usual path's parser reports the short body (a 400 and its log line).
    req.once('error', () => {
      if (ended) return;
      ended = true;
      markBodyRead(req, Buffer.concat(chunks));
      app(req, res);
    });
    req.once('end', () => {
      if (ended) return;
      ended = true;
      const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
      if (!this.serve(req, res, app, body)) {
        // The usual path, with the body as its parser would give it (or the bytes, to parse).
        if (typeof body === 'object' && body !== null) (req as { body?: unknown }).body = body;
        else markBodyRead(req, raw);
        app(req, res);
      }
    });
  }

  /** Answers `req` here, or returns false (nothing sent, nothing changed). */
  private serve(req: IncomingMessage, res: ServerResponse, app: ExpressApp, body: unknown): boolean {
    const op = operationOf(body);
    const schema = this.schemaRef.schema;
    if (!op || !schema) return false;
    const chain = this.chainOf(app);
    if (!chain || jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return false;
    this.plans ??= new CommandPlans(
      schema,
      {
        maxDepth: this.limits.maxQueryDepth,
        maxComplexity: this.limits.maxQueryComplexity,
        maxGameReads: this.limits.maxGameReads,
      },
      new Set(this.targetsOf().keys()),
    );
    const plan = this.plans.get(op);
    if (!plan) return false;
    const args = this.argumentsOf(schema, plan, op.variables ?? {});
    if (!args) return false;
    (req as { body?: unknown }).body = body;
    // What Express's app.handle does before its router.
    if (app.enabled('x-powered-by')) res.setHeader('X-Powered-By', 'Express');
    Object.assign(req, { res, originalUrl: req.url, baseUrl: '', params: {} });
    Object.assign(res, { req });
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    (res as { locals?: object }).locals ??= Object.create(null);
    runChain(chain, req, res, () => {
      this.execute(req, res as Res, plan, args).catch(() => res.destroy());
    });
    return true;
  }

  private chainOf(app: ExpressApp): Chain | null {
    if (this.chain === undefined) this.chain = middlewareChain(app.router?.stack ?? [], '/graphql');
    return this.chain;
  }

  /** The field's arguments as graphql-js coerces them, or null when it would refuse them. */
  private argumentsOf(
    schema: GraphQLSchema,
    plan: CommandPlan,
    variables: Record<string, unknown>,
  ): Record<string, unknown> | null {
    const coerced = getVariableValues(schema, plan.operation.variableDefinitions ?? [], variables);
    if (coerced.errors) return null;
    try {
      return getArgumentValues(plan.fieldDef, plan.field, coerced.coerced);
    } catch {
      return null;
    }
  }

  private async execute(req: IncomingMessage, res: Res, plan: CommandPlan, args: Record<string, unknown>) {
    const context = buildContext(this.callers, { req: req as { headers?: Record<string, unknown> } });
    const gqlArgs = [undefined, args, context, undefined];
    let result: string;
    let status = 200;
    try {
      const answer = await this.resolve(this.targetsOf().get(plan.field.name.value)!, gqlArgs, args);
      const data: Record<string, unknown> = {};
      for (const { name, type } of plan.selections)
        data[name] = type ? type.serialize((answer as Record<string, unknown>)[name]) : plan.typeName;
      result = JSON.stringify({ data: { [plan.field.name.value]: data } });
    } catch (error) {
      const formatted = this.formatError(error, gqlArgs, plan);
      if (formatted.extensions?.code === 'RATE_LIMITED') status = 429;
      result = JSON.stringify({ errors: [formatted], data: null });
    }
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.statusCode = status;
    res.send(`${result}\n`); // Apollo ends its JSON with a newline
  }

  /** The guard, then the resolver, as Nest's resolver wrapper runs them. */
  private async resolve(target: CommandTarget, gqlArgs: unknown[], args: Record<string, unknown>) {
    const handler = (target.cls.prototype as CommandTarget['instance'])[target.method];
    const context = new ExecutionContextHost(gqlArgs, target.cls, handler);
    context.setType('graphql');
    if (!(await this.guard.canActivate(context))) throw new ForbiddenException('Forbidden resource');
    return target.instance[target.method](...callArguments(target, gqlArgs[2], args));
  }

  /** submitCommand and every typed command mutation, by name. */
  private targetsOf(): Map<string, CommandTarget> {
    this.targets ??= commandTargets([
      { instance: this.resolver, cls: GamesResolver, methods: ['submitCommand'] },
      ...TYPED_COMMAND_RESOLVERS.map((cls) => ({
        instance: this.modules.get(cls, { strict: false }) as object,
        cls,
        methods: ownMethods(cls),
      })),
    ]);
    return this.targets;
  }

  /** Nest's filter, graphql-js' located error, Apollo's enrichment, then our formatError. */
  private formatError(error: unknown, gqlArgs: unknown[], plan: CommandPlan) {
    const host = new ExecutionContextHost(gqlArgs);
    host.setType('graphql');
    const returned = this.filter.catch(error, host);
    const located = locatedError(returned, [plan.field], [plan.field.name.value]);
    const { http: _http, ...extensions } = { ...located.extensions } as Record<string, unknown>;
    const enriched = {
      ...located.toJSON(),
      extensions: { ...extensions, code: extensions.code ?? 'INTERNAL_SERVER_ERROR' },
    };
    return formatGraphQLError(enriched, located);
  }
}
