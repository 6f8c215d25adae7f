/** GraphQL object and input types (code first). Field names are the public contract. */
import { Field, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import GraphQLJSON from 'graphql-type-json';
import { TimerInput } from './correspondence.models';

export enum GameStatusGql {
  LOBBY = 'LOBBY',
  ACTIVE = 'ACTIVE',
  FINISHED = 'FINISHED',
  ABORTED = 'ABORTED',
}
registerEnumType(GameStatusGql, { name: 'GameStatus' });

export enum SeatKindGql {
  HUMAN = 'HUMAN',
  BOT = 'BOT',
}
registerEnumType(SeatKindGql, { name: 'SeatKind' });

@ObjectType({ description: 'A game this server hosts.' })
export class GameType {
  @Field() type!: string;
  @Field() title!: string;
  @Field(() => Int) minSeats!: number;
  @Field(() => Int) maxSeats!: number;
  @Field(() => [String], { description: 'Bot levels that can fill a seat.' }) botLevels!: string[];
}

@ObjectType()
export class Seat {
  @Field(() => Int) seat!: number;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => SeatKindGql) kind!: SeatKindGql;
  @Field(() => String, { nullable: true }) botLevel!: string | null;
  @Field({ description: 'A human seat still waiting for a player (joinGame).' }) open!: boolean;
  @Field({ description: 'A bot plays this human seat after a timeout until its owner resumes.' })
  botTakeover!: boolean;
  @Field({
    description: 'The seat forfeited on a turn timer (FORFEIT policy): timeout moves answer its prompts.',
  })
  forfeited!: boolean;
}

@ObjectType({ description: 'One event of a game, as the caller may see it.' })
export class GameEvent {
  @Field(() => Int) version!: number;
  @Field() type!: string;
  @Field(() => GraphQLJSON, { description: 'The event (redacted for the caller).' }) payload!: unknown;
  @Field(() => Int, { nullable: true, description: 'The seat whose command caused it (null: the server).' })
  seat!: number | null;
  @Field({ description: 'HUMAN, BOT, TIMER or SYSTEM.' }) actor!: string;
  @Field() at!: string;
}

@ObjectType({ description: 'Provably fair randomness: see README "Security" and `npm run verify-game`.' })
export class Fairness {
  @Field(() => String, {
    nullable: true,
    description:
      "SHA-256 (hex) of the game's secret, public from creation (before any die is rolled); null for older games (unverifiable).",
  })
  commitment!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The secret every random draw came from, revealed once the game is FINISHED or ABORTED.',
  })
  secret!: string | null;
}

@ObjectType()
export class Game {
  @Field() id!: string;
  @Field() type!: string;
  @Field(() => GameStatusGql) status!: GameStatusGql;
  @Field(() => Int, { description: 'Stream version: the number of events so far.' }) version!: number;
  @Field(() => [Seat]) seats!: Seat[];
  @Field(() => [Int], { description: 'Seats that must decide something now.' }) activeSeats!: number[];
  @Field(() => GraphQLJSON, { description: 'Creation options (test-only options are never shown).' })
  options!: unknown;
  @Field(() => Boolean, {
    nullable: true,
    description:
      'True when the creator chose the seed (a server with test controls): its dice are reproducible, not fair. Null for older games.',
  })
  seeded!: boolean | null;
  @Field(() => [String], {
    description: 'Names of the test-only options the creator set (their values stay hidden).',
  })
  testOptions!: string[];
  @Field(() => Fairness) fairness!: Fairness;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) startedAt!: string | null;
  @Field(() => String, { nullable: true }) finishedAt!: string | null;
}

@ObjectType()
export class GameEdge {
  @Field() cursor!: string;
  @Field(() => Game) node!: Game;
}

@ObjectType()
export class PageInfo {
  @Field() hasNextPage!: boolean;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

@ObjectType()
export class GameConnection {
  @Field(() => [GameEdge]) edges!: GameEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

@InputType()
export class SeatInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => SeatKindGql) kind!: SeatKindGql;
  @Field(() => String, { nullable: true, description: 'For BOT seats: RANDOM (default), ...' }) botLevel?:
    string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'HUMAN only: leave open for joinGame; no token is issued now.',
  })
  open?: boolean | null;
}

@InputType()
export class CreateGameInput {
  @Field() type!: string;
  @Field(() => [SeatInput]) seats!: SeatInput[];
  @Field(() => GraphQLJSON, { nullable: true }) options?: unknown;
  @Field(() => String, {
    nullable: true,
    description:
      'Test controls only (operator setting ALLOW_TEST_CONTROLS; else FORBIDDEN): fixes the PRNG and marks the game seeded. Absent: a server secret.',
  })
  seed?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Start at once when all seats are filled.' }) start?:
    boolean | null;
  @Field(() => TimerInput, { nullable: true, description: 'Correspondence clock; absent = untimed.' })
  timer?: TimerInput | null;
}

@ObjectType()
export class SeatToken {
  @Field(() => Int) seat!: number;
  @Field() token!: string;
}

@ObjectType()
export class CreateGamePayload {
  @Field(() => Game) game!: Game;
  @Field(() => [SeatToken]) seatTokens!: SeatToken[];
  @Field({
    description:
      "The lobby's host credential, shown only here: as a bearer token it may start or abort the game and put bots on open seats (it acts for no seat).",
  })
  hostToken!: string;
}

@ObjectType()
export class JoinGamePayload {
  @Field(() => Game) game!: Game;
  @Field(() => SeatToken) seatToken!: SeatToken;
}

@ObjectType()
export class CommandResult {
  @Field() accepted!: boolean;
  @Field(() => Int) version!: number;
  @Field(() => [GameEvent]) events!: GameEvent[];
  @Field({ description: 'True when this answers a retry of an earlier commandId.' }) duplicate!: boolean;
}

@ObjectType({ description: 'What changed in a game, redacted for the subscriber.' })
export class GameUpdatePayload {
  @Field() gameId!: string;
  @Field(() => Int) fromVersion!: number;
  @Field(() => Int) version!: number;
  @Field(() => GameStatusGql) status!: GameStatusGql;
  @Field(() => [GameEvent]) events!: GameEvent[];
  @Field(() => GraphQLJSON, { nullable: true }) view!: unknown;
  @Field(() => [Int]) activeSeats!: number[];
}
