/**
 * The typed GraphQL mutations, produced from the games' command tables (src/api/commands): one
 * resolver class per game, one mutation per command (PLACE_COWBOY -> placeCowboy), its arguments
 * and input types from the table's field descriptions. The @nestjs/graphql decorators are applied
 * here in a loop, exactly as they would be written by hand. Each mutation checks the game type,
 * then sends the engine command through the same gateway as every other transport.
 */
import { Inject, type Type } from '@nestjs/common';
import {
  Args,
  Context,
  Field,
  Float,
  ID,
  InputType,
  Int,
  Mutation,
  Resolver,
  registerEnumType,
  type ReturnTypeFuncValue,
} from '@nestjs/graphql';
import { GameError } from '../../play/errors';
import { PlayService } from '../../play/play.service';
import { COMMAND_TABLES } from '../commands';
import {
  commandFromArgs,
  mutationNameOf,
  type CommandField,
  type CommandSpec,
  type CommandTable,
  type FieldType,
} from '../commands/table';
import { CommandGateway } from '../command-gateway';
import type { GqlContext } from './context';
import { CommandResult } from './models';

type ObjectType = Extract<FieldType, { kind: 'object' }>;
type EnumType = Extract<FieldType, { kind: 'string' }> & { enumName: string };

const inputTypes = new Map<string, { spec: ObjectType; type: Type<unknown> }>();
const enumTypes = new Map<string, object>();

/** The GraphQL type of a table field type (input types and enums are made once per name). */
function graphqlType(type: FieldType): ReturnTypeFuncValue {
  switch (type.kind) {
    case 'int':
      return Int;
    case 'float':
      return Float;
    case 'boolean':
      return Boolean;
    case 'string':
      return type.enumName ? enumType(type as EnumType) : String;
    case 'list':
      return [graphqlType(type.of) as never];
    case 'object':
      return inputType(type);
  }
}

function enumType(type: EnumType): object {
  let values = enumTypes.get(type.enumName);
  if (!values) {
    values = Object.fromEntries((type.values ?? []).map((v) => [v, v]));
    registerEnumType(values, { name: type.enumName, description: type.enumDescription });
    enumTypes.set(type.enumName, values);
  }
  return values;
}

function inputType(spec: ObjectType): Type<unknown> {
  const known = inputTypes.get(spec.name);
  if (known) {
    if (known.spec !== spec) throw new Error(`two different input types are named ${spec.name}`);
    return known.type;
  }
  const type = { [spec.name]: class {} }[spec.name] as Type<unknown>;
  inputTypes.set(spec.name, { spec, type });
  for (const [name, f] of Object.entries(spec.fields)) {
    const fieldType = graphqlType(f.type); // made now: Nest reads the metadata before the thunk runs
    Field(() => fieldType, fieldOptions(f) as object)(type.prototype as object, name);
  }
  InputType(spec.name, { description: spec.description })(type);
  return type;
}

/** Argument and input field options (typed loosely: Nest's option types key on the value type). */
const fieldOptions = (
  f: CommandField,
): { description: string; nullable: boolean; defaultValue?: unknown } => ({
  description: f.description,
  nullable: Boolean(f.optional || f.nullable),
  ...(f.defaultValue !== undefined && { defaultValue: f.defaultValue }),
});

/** Send `command` for the caller's seat, checking first that the game is of `gameType`. */
async function runTypedCommand(
  deps: { play: PlayService; commands: CommandGateway },
  ctx: GqlContext,
  gameType: string,
  args: { gameId: string; expectedVersion?: number | null; commandId?: string | null },
  command: Record<string, unknown>,
): Promise<CommandResult> {
  const usual = async () => {
    const caller = await ctx.caller();
    const game = await deps.play.getGame(args.gameId);
    if (game.type !== gameType) {
      throw new GameError(
        'VALIDATION',
        `${command.type} is a ${gameType} command; this game is ${game.type}`,
        {
          field: 'gameId',
        },
      );
    }
    return deps.commands.submit(caller, args.gameId, command, args);
  };
  // The seat and the game's type come from the command's own read (the usual path on a miss).
  const opts = { expectedVersion: args.expectedVersion, commandId: args.commandId, gameType };
  return deps.commands.submitWithToken(ctx.authorization, usual, args.gameId, command, opts);
}

/** The arguments every typed mutation takes before the command's own fields. */
const COMMON_ARGS = 3;

function addMutation(resolver: Type<TypedCommands>, game: string, spec: CommandSpec): void {
  const name = mutationNameOf(spec.type);
  const fields = Object.keys(spec.fields);
  const proto = resolver.prototype as unknown as Record<string, unknown>;
  proto[name] = function (
    this: TypedCommands,
    ctx: GqlContext,
    gameId: string,
    expectedVersion: number | null | undefined,
    commandId: string | null | undefined,
    ...values: unknown[]
  ) {
    const args = Object.fromEntries(fields.map((f, i) => [f, values[i]]));
    return runTypedCommand(
      this,
      ctx,
      game,
      { gameId, expectedVersion, commandId },
      commandFromArgs(spec, args),
    );
  };
  const target = resolver.prototype;
  // What TypeScript would emit for a written method; Nest reads it (every type is given explicitly).
  Reflect.defineMetadata(
    'design:paramtypes',
    [Object, String, Number, String, ...fields.map(() => Object)],
    target,
    name,
  );
  Context()(target, name, 0);
  Args('gameId', { type: () => ID, description: 'The game to send the command to.' })(target, name, 1);
  Args('expectedVersion', {
    type: () => Int,
    nullable: true,
    description: 'Reject with CONFLICT unless the game is at this version.',
  })(target, name, 2);
  Args('commandId', {
    type: () => String,
    nullable: true,
    description: 'Client id that makes the command idempotent.',
  })(target, name, 3);
  fields.forEach((f, i) => {
    const described = spec.fields[f];
    const argType = graphqlType(described.type);
    Args(f, { type: () => argType, ...fieldOptions(described) })(target, name, 1 + COMMON_ARGS + i);
  });
  const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
  Mutation(() => CommandResult, { name, description: spec.description })(target, name, descriptor);
  Object.defineProperty(proto, name, descriptor);
}

class TypedCommands {
  constructor(
    readonly play: PlayService,
    readonly commands: CommandGateway,
  ) {}
}

/** The resolver class of one game's typed mutations, e.g. CarsonCityCommandsResolver. */
export function typedCommandsResolver(table: CommandTable): Type<TypedCommands> {
  const className = `${table.game.replace(/(^|-)(.)/g, (_, __, c: string) => c.toUpperCase())}CommandsResolver`;
  const resolver = { [className]: class extends TypedCommands {} }[className];
  // Declared, not inferred: a class made at run time has no constructor parameter metadata.
  Inject(PlayService)(resolver, undefined, 0);
  Inject(CommandGateway)(resolver, undefined, 1);
  for (const spec of table.commands) addMutation(resolver, table.game, spec);
  Resolver()(resolver);
  return resolver;
}

/** One resolver class per game, for the module's providers. */
export const TYPED_COMMAND_RESOLVERS: Type<TypedCommands>[] = COMMAND_TABLES.map(typedCommandsResolver);
