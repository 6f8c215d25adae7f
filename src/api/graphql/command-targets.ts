/**
 * The resolver methods the command fast path calls, by mutation name: `submitCommand` and every
 * typed command mutation (placeCowboy, rollDice, ...). Each method's parameters are read from the
 * metadata its `@Context()` and `@Args(name)` decorators left (what Nest's resolver wrapper reads
 * to call it); a method with any other parameter, or with a pipe, is not a target (the usual path
 * serves it).
 */
import type { Type } from '@nestjs/common';

/** @nestjs/graphql's parameter metadata key and kinds (GqlParamtype). */
const PARAM_ARGS_METADATA = '__routeArguments__';
const CONTEXT = 1;
const ARGS = 3;

export type TargetParam = { kind: 'context' } | { kind: 'arg'; name: string };

export interface CommandTarget {
  instance: Record<string, (...args: unknown[]) => unknown>;
  cls: Type<unknown>;
  method: string;
  params: TargetParam[];
}

interface ParamMetadata {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

/** The method's parameters, in order, or null when one is not a plain context or argument. */
export function targetParams(cls: Type<unknown>, method: string): TargetParam[] | null {
  const metadata = (Reflect.getMetadata(PARAM_ARGS_METADATA, cls, method) ?? {}) as Record<
    string,
    ParamMetadata
  >;
  const params: TargetParam[] = [];
  for (const [key, entry] of Object.entries(metadata)) {
    const kind = Number(key.split(':')[0]);
    if (entry.pipes?.length) return null;
    if (kind === CONTEXT && entry.data === undefined) params[entry.index] = { kind: 'context' };
    else if (kind === ARGS && typeof entry.data === 'string')
      params[entry.index] = { kind: 'arg', name: entry.data };
    else return null;
  }
  const length = (cls.prototype as Record<string, (...args: unknown[]) => unknown>)[method]?.length;
  for (let i = 0; i < params.length; i++) if (!params[i]) return null;
  return length !== undefined && params.length >= length ? params : null;
}

/** Targets by mutation name, from resolver instances and the mutation methods of each. */
export function commandTargets(
  resolvers: { instance: object; cls: Type<unknown>; methods: string[] }[],
): Map<string, CommandTarget> {
  const targets = new Map<string, CommandTarget>();
  for (const { instance, cls, methods } of resolvers) {
    for (const method of methods) {
      const params = targetParams(cls, method);
      if (params)
        targets.set(method, {
          instance: instance as CommandTarget['instance'],
          cls,
          method,
          params,
        });
    }
  }
  return targets;
}

/** The resolver's own methods (its mutations, for the typed-command classes). */
export function ownMethods(cls: Type<unknown>): string[] {
  return Object.getOwnPropertyNames(cls.prototype).filter(
    (name) =>
      name !== 'constructor' && typeof (cls.prototype as Record<string, unknown>)[name] === 'function',
  );
}

/** The arguments to call the target with. */
export function callArguments(
  target: CommandTarget,
  context: unknown,
  args: Record<string, unknown>,
): unknown[] {
  return target.params.map((p) => (p.kind === 'context' ? context : args[p.name]));
}
