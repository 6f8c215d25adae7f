/** REST bodies and documented responses of correspondence play. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

export class TimerInputDto {
  @ApiPropertyOptional({ enum: ['PER_MOVE', 'BANK'] }) mode?: string;
  @ApiPropertyOptional({ description: 'PER_MOVE: seconds for each move, e.g. 86400 or 90.' })
  perMoveSeconds?: number;
  @ApiPropertyOptional({ description: "BANK: each seat's starting bank in seconds, e.g. 259200." })
  initialSeconds?: number;
  @ApiPropertyOptional({ description: 'BANK: seconds added after each move, e.g. 86400.' })
  incrementSeconds?: number;
  @ApiPropertyOptional({ enum: ['BOT_TAKEOVER', 'DEFAULT', 'FORFEIT'], description: 'Default BOT_TAKEOVER.' })
  policy?: string;
  @ApiPropertyOptional({ type: [Number], description: 'DEADLINE_SOON webhooks this many seconds before.' })
  reminderSeconds?: number[];
  @ApiPropertyOptional({ description: "Vacation days each seat's owner may take (default 0)." })
  vacationDays?: number;
}

export class AddBotDto {
  @ApiProperty() @IsInt() @Min(0) seat!: number;
  @ApiPropertyOptional({ description: 'Bot level (default RANDOM); see game-types.' })
  @IsOptional()
  @IsString()
  @Length(1, 32)
  level?: string;
}

export class VacationDto {
  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) @Max(365) days!: number;
}

export class RegisterWebhookDto {
  @ApiProperty({ example: 'https://example.org/saloon-hook' }) @IsString() @Length(1, 2000) url!: string;
  @ApiProperty({ description: 'HMAC-SHA256 key (8-256 characters); never returned.' })
  @IsString()
  @Length(8, 256)
  secret!: string;
  @ApiPropertyOptional({ type: [String], enum: ['YOUR_TURN', 'DEADLINE_SOON', 'TIMED_OUT', 'GAME_OVER'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(4)
  @IsIn(['YOUR_TURN', 'DEADLINE_SOON', 'TIMED_OUT', 'GAME_OVER'], { each: true })
  events?: string[];
  @ApiPropertyOptional({ description: 'Only this seat (default: every seat of the game).' })
  @IsOptional()
  @IsInt()
  @Min(0)
  seat?: number;
}

export class TimerSettingsDoc extends TimerInputDto {}

export class SeatDeadlineDoc {
  @ApiProperty() seat!: number;
  @ApiProperty() active!: boolean;
  @ApiProperty({ nullable: true, type: String }) dueAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) status!: string | null;
  @ApiProperty({ nullable: true, type: Number }) bankMs!: number | null;
  @ApiProperty() botTakeover!: boolean;
  @ApiProperty() forfeited!: boolean;
  @ApiProperty({ nullable: true, type: String }) vacationUntil!: string | null;
  @ApiProperty() vacationDaysLeft!: number;
}

export class GameDeadlinesDoc {
  @ApiProperty() gameId!: string;
  @ApiProperty() version!: number;
  @ApiProperty({ type: TimerSettingsDoc, nullable: true }) timer!: TimerSettingsDoc | null;
  @ApiProperty({ nullable: true, type: String }) pausedAt!: string | null;
  @ApiProperty({ type: [Number] }) pauseVotes!: number[];
  @ApiProperty({ type: [SeatDeadlineDoc] }) seats!: SeatDeadlineDoc[];
}

export class WebhookDoc {
  @ApiProperty() id!: string;
  @ApiProperty() gameId!: string;
  @ApiProperty({ nullable: true, type: Number }) seat!: number | null;
  @ApiProperty() url!: string;
  @ApiProperty({ type: [String] }) events!: string[];
  @ApiProperty() createdAt!: string;
}

export class WebhookDeliveryDoc {
  @ApiProperty() id!: string;
  @ApiProperty() webhookId!: string;
  @ApiProperty() event!: string;
  @ApiProperty() eventKey!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload!: unknown;
  @ApiProperty({ enum: ['PENDING', 'DELIVERED', 'FAILED'] }) status!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ nullable: true, type: Number }) responseStatus!: number | null;
  @ApiProperty({ nullable: true, type: String }) lastError!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) deliveredAt!: string | null;
}

export class FailedJobDoc {
  @ApiProperty() queue!: string;
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data!: unknown;
  @ApiProperty() attempts!: number;
  @ApiProperty() error!: string;
  @ApiProperty({ nullable: true, type: String }) failedAt!: string | null;
}
