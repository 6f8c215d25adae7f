/** REST request/response bodies, validated with class-validator and described for OpenAPI. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsIn,
  IsObject,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Min,
  ValidateNested,
} from 'class-validator';
import { anyGamePayload } from '../payloads/index';
import { TimerInputDto } from './correspondence.dto';

export class SeatInputDto {
  @ApiPropertyOptional({ maxLength: 64, nullable: true })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  name?: string;
  @ApiProperty({ enum: ['HUMAN', 'BOT'] }) @IsIn(['HUMAN', 'BOT']) kind!: 'HUMAN' | 'BOT';
  @ApiPropertyOptional({ description: 'For BOT seats: RANDOM (default), ...' })
  @IsOptional()
  @IsString()
  @Length(1, 32)
  botLevel?: string;
  @ApiPropertyOptional({ description: 'HUMAN only: leave open for join; no token is issued now.' })
  @IsOptional()
  @IsBoolean()
  open?: boolean;
}

export class CreateGameDto {
  @ApiProperty({ example: 'bang-dice' }) @IsString() @Length(1, 64) type!: string;
  @ApiProperty({ type: [SeatInputDto] })
  @ValidateNested({ each: true })
  @Type(() => SeatInputDto)
  @ArrayMinSize(1)
  @ArrayMaxSize(16)
  seats!: SeatInputDto[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Game-specific options.' })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;
  @ApiPropertyOptional({
    description:
      'Test controls only (operator setting ALLOW_TEST_CONTROLS; else 403 FORBIDDEN): fixes the PRNG and marks the game seeded. Absent: a server secret.',
  })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  seed?: string;
  @ApiPropertyOptional({ description: 'Start at once when all seats are filled.' })
  @IsOptional()
  @IsBoolean()
  start?: boolean;
  @ApiPropertyOptional({ type: TimerInputDto, description: 'Correspondence clock; absent = untimed.' })
  @IsOptional()
  @IsObject()
  timer?: Record<string, unknown>;
}

export class JoinGameDto {
  @ApiPropertyOptional({ maxLength: 64 }) @IsOptional() @IsString() @Length(1, 64) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) seat?: number;
}

export class SubmitCommandDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'A command object, e.g. one of legal-commands.',
  })
  @IsObject()
  command!: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'Reject with CONFLICT unless the game is at this version.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  expectedVersion?: number;
  @ApiPropertyOptional({ description: 'Client id making the command idempotent.' })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  commandId?: string;
}

export class SeatDto {
  @ApiProperty() seat!: number;
  @ApiProperty({ nullable: true, type: String }) name!: string | null;
  @ApiProperty({ enum: ['HUMAN', 'BOT'] }) kind!: string;
  @ApiProperty({ nullable: true, type: String }) botLevel!: string | null;
  @ApiProperty() open!: boolean;
  @ApiProperty() botTakeover!: boolean;
  @ApiProperty() forfeited!: boolean;
}

export class FairnessDto {
  @ApiProperty({
    nullable: true,
    type: String,
    description: "SHA-256 (hex) of the game's secret, public from creation; null for older games.",
  })
  commitment!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The secret, once the game is FINISHED or ABORTED.',
  })
  secret!: string | null;
}

export class GameDtoDoc {
  @ApiProperty() id!: string;
  @ApiProperty() type!: string;
  @ApiProperty({ enum: ['LOBBY', 'ACTIVE', 'FINISHED', 'ABORTED'] }) status!: string;
  @ApiProperty() version!: number;
  @ApiProperty({ type: [SeatDto] }) seats!: SeatDto[];
  @ApiProperty({ type: [Number] }) activeSeats!: number[];
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Test-only options are never shown.',
  })
  options!: unknown;
  @ApiProperty({
    nullable: true,
    type: Boolean,
    description: 'True when the creator chose the seed (test controls): not fair. Null for older games.',
  })
  seeded!: boolean | null;
  @ApiProperty({ type: [String], description: 'Names of the test-only options the creator set.' })
  testOptions!: string[];
  @ApiProperty({ type: FairnessDto }) fairness!: FairnessDto;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) startedAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) finishedAt!: string | null;
  @ApiPropertyOptional({
    ...anyGamePayload('Result', true),
    description: 'Winners, ranks and scores once FINISHED (the engine result; same shape in every game).',
  })
  result?: unknown;
}

export class SeatTokenDto {
  @ApiProperty() seat!: number;
  @ApiProperty() token!: string;
}

export class CreateGameResponseDto {
  @ApiProperty({ type: GameDtoDoc }) game!: GameDtoDoc;
  @ApiProperty({ type: [SeatTokenDto] }) seatTokens!: SeatTokenDto[];
  @ApiProperty({
    description:
      "The lobby's host credential, shown only here: as a bearer token it may start or abort the game and put bots on open seats (it acts for no seat).",
  })
  hostToken!: string;
}

export class JoinGameResponseDto {
  @ApiProperty({ type: GameDtoDoc }) game!: GameDtoDoc;
  @ApiProperty({ type: SeatTokenDto }) seatToken!: SeatTokenDto;
}

export class GameEventDtoDoc {
  @ApiProperty() version!: number;
  @ApiProperty() type!: string;
  @ApiProperty({
    ...anyGamePayload('Event'),
    description: "The event (redacted for the caller): one of the game's events, e.g. BangDiceEvent.",
  })
  payload!: unknown;
  @ApiProperty({ nullable: true, type: Number }) seat!: number | null;
  @ApiProperty({ enum: ['HUMAN', 'BOT', 'TIMER', 'SYSTEM'], description: 'Who caused it.' }) actor!: string;
  @ApiProperty() at!: string;
}

export class CommandResultDto {
  @ApiProperty() accepted!: boolean;
  @ApiProperty() version!: number;
  @ApiProperty({ type: [GameEventDtoDoc] }) events!: GameEventDtoDoc[];
  @ApiProperty() duplicate!: boolean;
}

export class ErrorDto {
  @ApiProperty({ example: 'RULE_VIOLATION' }) code!: string;
  @ApiProperty() message!: string;
  @ApiPropertyOptional({ description: "The game's own rule code for RULE_VIOLATION." }) ruleCode?: string;
}

export class ErrorResponseDto {
  @ApiProperty({ type: ErrorDto }) error!: ErrorDto;
}

export class GameListDoc {
  @ApiProperty({ type: [GameDtoDoc], description: 'Newest first.' }) games!: GameDtoDoc[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `after` for the next page.' })
  endCursor!: string | null;
  @ApiProperty() hasNextPage!: boolean;
}

export class GameTypeDoc {
  @ApiProperty({ description: 'The `type` of createGame, e.g. bang-dice.' }) type!: string;
  @ApiProperty() title!: string;
  @ApiProperty() minSeats!: number;
  @ApiProperty() maxSeats!: number;
  @ApiProperty({ type: [String], description: 'Levels accepted for BOT seats.' }) botLevels!: string[];
}
