/** GraphQL object and input types (code first). Field names are the public contract. */
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import GraphQLJSON from 'graphql-type-json';
import { GAME_TYPE } from '../presenters';
import { TimerInput } from './correspondence.models';
import { relayConnection, type Connection } from './connection';

export enum GameStatusGql {
  LOBBY = 'LOBBY',
  ACTIVE = 'ACTIVE',
  FINISHED = 'FINISHED',
  ABORTED = 'ABORTED',
}
registerEnumType(GameStatusGql, {
  name: 'GameStatus',
  description: 'Where a game is in its life.',
  valuesMap: {
    LOBBY: { description: 'Created; seats may still be open; not started.' },
    ACTIVE: { description: 'Being played.' },
    FINISHED: { description: 'Over by the rules: see gameResult.' },
    ABORTED: { description: 'Stopped before the end (abortGame).' },
  },
});

export enum SeatKindGql {
  HUMAN = 'HUMAN',
  BOT = 'BOT',
}
registerEnumType(SeatKindGql, {
  name: 'SeatKind',
  description: 'Who plays a seat.',
  valuesMap: {
    HUMAN: { description: 'A person, with a seat token.' },
    BOT: { description: 'A bot of the server (see BotLevel).' },
  },
});

/** The games this server hosts; the internal values are the type ids ('bang-dice', ...). */
export enum GameTypeIdGql {
  BANG_DICE = 'bang-dice',
  CARSON_CITY = 'carson-city',
  COLOMA = 'coloma',
  GREAT_WESTERN_TRAIL = 'great-western-trail',
}
registerEnumType(GameTypeIdGql, {
  name: 'GameTypeId',
  description:
    "A game this server hosts (the string `type` of a game is its id: BANG_DICE = 'bang-dice', CARSON_CITY = 'carson-city', COLOMA = 'coloma', GREAT_WESTERN_TRAIL = 'great-western-trail').",
  valuesMap: {
    BANG_DICE: { description: "Bang! The Dice Game ('bang-dice')." },
    CARSON_CITY: { description: "Carson City ('carson-city')." },
    COLOMA: { description: "Coloma Deluxe ('coloma')." },
    GREAT_WESTERN_TRAIL: { description: "Great Western Trail, 2nd edition ('great-western-trail')." },
  },
});

/** The enum value of a game type id, or null for a type the enum does not list (test engines). */
export function gameTypeId(type: string): GameTypeIdGql | null {
  return (Object.values(GameTypeIdGql) as string[]).includes(type) ? (type as GameTypeIdGql) : null;
}

export enum BotLevelGql {
  RANDOM = 'RANDOM',
  HEURISTIC = 'HEURISTIC',
  STRONG = 'STRONG',
}
registerEnumType(BotLevelGql, {
  name: 'BotLevel',
  description: 'How a bot plays (each game lists the levels it has in GameType.botLevels).',
  valuesMap: {
    RANDOM: { description: 'Any legal command, at random (every game has it).' },
    HEURISTIC: { description: 'Rules of thumb of the game.' },
    STRONG: { description: 'The strongest bot of the game (it searches ahead).' },
  },
});

@ObjectType({ description: 'A game this server hosts.' })
export class GameType {
  @Field({ description: "The game type id, e.g. 'bang-dice' (createGame's `type`)." }) type!: string;
  @Field(() => GameTypeIdGql, {
    nullable: true,
    description: 'The same game as an enum value (null only for a test game of a test server).',
  })
  game!: GameTypeIdGql | null;
  @Field({ description: 'The name of the game.' }) title!: string;
  @Field(() => Int, { description: 'Fewest seats a table may have.' }) minSeats!: number;
  @Field(() => Int, { description: 'Most seats a table may have.' }) maxSeats!: number;
  @Field(() => [BotLevelGql], { description: 'Bot levels that can fill a seat.' }) botLevels!: BotLevelGql[];
}

@ObjectType({ description: 'One seat of a game.' })
export class Seat {
  @Field(() => Int, { description: 'Seat number, 0..n-1 in table order.' }) seat!: number;
  @Field(() => String, { nullable: true, description: "The player's name (null: an unnamed seat)." })
  name!: string | null;
  @Field(() => SeatKindGql, { description: 'HUMAN or BOT.' }) kind!: SeatKindGql;
  @Field(() => BotLevelGql, { nullable: true, description: 'The bot level of a BOT seat (null: HUMAN).' })
  botLevel!: BotLevelGql | null;
  @Field({ description: 'A human seat still waiting for a player (joinGame).' }) open!: boolean;
  @Field({ description: 'A bot plays this human seat after a timeout until its owner resumes.' })
  botTakeover!: boolean;
  @Field({
    description: 'The seat forfeited on a turn timer (FORFEIT policy): timeout moves answer its prompts.',
  })
  forfeited!: boolean;
}

export enum EventActorGql {
  HUMAN = 'HUMAN',
  BOT = 'BOT',
  TIMER = 'TIMER',
  SYSTEM = 'SYSTEM',
}
registerEnumType(EventActorGql, {
  name: 'EventActor',
  description: 'Who caused an event (the values the former String field carried, so answers are unchanged).',
  valuesMap: {
    HUMAN: { description: "A seat's own command." },
    BOT: { description: 'A bot playing a seat.' },
    TIMER: { description: 'A turn timer (timeout moves).' },
    SYSTEM: { description: 'The server itself (game start, setup).' },
  },
});

@ObjectType({ description: 'One event of a game, as the caller may see it.' })
export class GameEvent {
  [GAME_TYPE]?: string;
  @Field(() => Int, { description: 'Stream version of the event (1 = the first event).' }) version!: number;
  @Field({ description: "The event's type, e.g. DICE_ROLLED; HIDDEN when the caller may not see it." })
  type!: string;
  @Field(() => GraphQLJSON, {
    description:
      'The event (redacted for the caller) as JSON; typed per game in bangDicePayload, carsonCityPayload, colomaPayload and greatWesternTrailPayload.',
  })
  payload!: unknown;
  @Field(() => Int, { nullable: true, description: 'The seat whose command caused it (null: the server).' })
  seat!: number | null;
  @Field(() => EventActorGql, { description: 'Who caused it: HUMAN, BOT, TIMER or SYSTEM.' }) actor!: string;
  @Field({ description: 'When it was written (ISO date-time).' }) at!: string;
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

@ObjectType({ description: "One seat's outcome." })
export class SeatResultGql {
  @Field(() => Int, { description: 'The seat.' }) seat!: number;
  @Field(() => Int, { description: '1 = best; ties share a rank.' }) rank!: number;
  @Field({ description: 'Whether the seat is among the winners.' }) winner!: boolean;
  @Field(() => Float, { nullable: true, description: 'Final score, in games that score.' }) score?: number;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: "Role, team, score breakdown: whatever explains the seat's result (per game).",
  })
  detail?: unknown;
}

@ObjectType('GameResult', { description: 'How a game ended: winners, ranks and scores.' })
export class GameResultGql {
  @Field(() => [Int], { description: 'The winning seats.' }) winners!: number[];
  @Field(() => [SeatResultGql], { description: 'Every seat, in seat order.' }) seats!: SeatResultGql[];
  @Field({ description: 'Why the game ended, e.g. SHERIFF_KILLED or FINAL_SCORING.' }) reason!: string;
  @Field(() => GraphQLJSON, { nullable: true, description: 'Game-specific detail of the ending.' })
  detail?: unknown;
}

@ObjectType({ description: 'A game: its lobby, seats and status; its state is read through its fields.' })
export class Game {
  @Field(() => ID, { description: 'The game id.' }) id!: string;
  @Field({ description: "The game type id, e.g. 'bang-dice' (see gameTypes)." }) type!: string;
  @Field(() => GameStatusGql, { description: 'LOBBY, ACTIVE, FINISHED or ABORTED.' }) status!: GameStatusGql;
  @Field(() => Int, { description: 'Stream version: the number of events so far.' }) version!: number;
  @Field(() => [Seat], { description: 'The seats in table order.' }) seats!: Seat[];
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
  @Field(() => Fairness, { description: 'The commitment to the secret, and the secret once over.' })
  fairness!: Fairness;
  @Field({ description: 'When it was created (ISO date-time).' }) createdAt!: string;
  @Field(() => String, { nullable: true, description: 'When it started (ISO date-time; null in LOBBY).' })
  startedAt!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'When it finished or was aborted (ISO date-time; null before).',
  })
  finishedAt!: string | null;
}

export const { Connection: GameConnection } = relayConnection(Game, {
  edge: 'GameEdge',
  connection: 'GameConnection',
  one: 'one game',
  page: 'a page of games, newest first',
  edges: 'The games of this page with their cursors.',
  node: 'The game.',
  cursor: 'Opaque cursor: pass as `after` to continue after this game.',
});
export type GameConnection = Connection<Game>;

export const { Connection: GameEventConnection } = relayConnection(GameEvent, {
  edge: 'GameEventEdge',
  connection: 'GameEventConnection',
  one: 'one event',
  page: "a page of a game's events, oldest first",
  edges: 'The events of this page with their cursors.',
  node: 'The event.',
  cursor: "Opaque cursor (the event's version): pass as `after` to continue.",
});
export type GameEventConnection = Connection<GameEvent>;

@InputType({ description: 'One seat of a new game.' })
export class SeatInput {
  @Field(() => String, { nullable: true, description: "The player's name." }) name?: string | null;
  @Field(() => SeatKindGql, { description: 'HUMAN or BOT.' }) kind!: SeatKindGql;
  @Field(() => BotLevelGql, { nullable: true, description: 'For BOT seats: the level (default RANDOM).' })
  level?: BotLevelGql | null;
  @Field(() => String, {
    nullable: true,
    description: 'For BOT seats: RANDOM (default), HEURISTIC or STRONG, as a string.',
    deprecationReason: 'Use `level` (the BotLevel enum).',
  })
  botLevel?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'HUMAN only: leave open for joinGame; no token is issued now.',
  })
  open?: boolean | null;
}

@InputType({ description: 'A new game: which game, its seats and options.' })
export class CreateGameInput {
  @Field(() => GameTypeIdGql, {
    nullable: true,
    description: 'The game to create (or the deprecated `type`).',
  })
  game?: GameTypeIdGql | null;
  @Field(() => String, {
    nullable: true,
    description: "The game type id as a string, e.g. 'bang-dice'.",
    deprecationReason: 'Use `game` (the GameTypeId enum).',
  })
  type?: string | null;
  @Field(() => [SeatInput], { description: 'The seats in table order.' }) seats!: SeatInput[];
  @Field(() => GraphQLJSON, { nullable: true, description: "The game's creation options (see its README)." })
  options?: unknown;
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

@ObjectType({ description: "A seat's bearer token." })
export class SeatToken {
  @Field(() => Int, { description: 'The seat it acts for.' }) seat!: number;
  @Field({ description: 'The bearer token (Authorization: Bearer <token>); shown only once.' })
  token!: string;
}

@ObjectType({ description: 'What createGame answers.' })
export class CreateGamePayload {
  @Field(() => Game, { description: 'The new game.' }) game!: Game;
  @Field(() => [SeatToken], { description: 'A token for each human seat not left open.' })
  seatTokens!: SeatToken[];
  @Field({
    description:
      "The lobby's host credential, shown only here: as a bearer token it may start or abort the game and put bots on open seats (it acts for no seat).",
  })
  hostToken!: string;
}

@ObjectType({ description: 'What joinGame answers.' })
export class JoinGamePayload {
  @Field(() => Game, { description: 'The game joined.' }) game!: Game;
  @Field(() => SeatToken, { description: 'The seat taken and its token (shown only here).' })
  seatToken!: SeatToken;
}

@ObjectType({ description: 'What a command answers: the new version and its events.' })
export class CommandResult {
  @Field({ description: 'Always true (a refused command is an error with its code).' }) accepted!: boolean;
  @Field(() => Int, { description: 'Stream version after the command.' }) version!: number;
  @Field(() => [GameEvent], { description: 'The events it caused, redacted for the caller.' })
  events!: GameEvent[];
  @Field({ description: 'True when this answers a retry of an earlier commandId.' }) duplicate!: boolean;
}

@ObjectType({ description: 'What changed in a game, redacted for the subscriber.' })
export class GameUpdatePayload {
  [GAME_TYPE]?: string;
  @Field(() => ID, { description: 'The game.' }) gameId!: string;
  @Field(() => Int, { description: 'Stream version before these events.' }) fromVersion!: number;
  @Field(() => Int, { description: 'Stream version after them.' }) version!: number;
  @Field(() => GameStatusGql, { description: 'Status after them.' }) status!: GameStatusGql;
  @Field(() => [GameEvent], { description: 'The new events, redacted for the subscriber.' })
  events!: GameEvent[];
  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      "The subscriber's view after them, as JSON; typed per game in bangDiceView, carsonCityView, colomaView and greatWesternTrailView.",
  })
  view!: unknown;
  @Field(() => [Int], { description: 'Seats that must decide something now.' }) activeSeats!: number[];
}
