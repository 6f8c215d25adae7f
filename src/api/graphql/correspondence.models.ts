/** GraphQL types of correspondence play: timers, deadlines, webhooks, dead-letter jobs. */
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import GraphQLJSON from 'graphql-type-json';

export enum ClockModeGql {
  PER_MOVE = 'PER_MOVE',
  BANK = 'BANK',
}
registerEnumType(ClockModeGql, { name: 'ClockMode' });

export enum TimeoutPolicyGql {
  BOT_TAKEOVER = 'BOT_TAKEOVER',
  DEFAULT = 'DEFAULT',
  FORFEIT = 'FORFEIT',
}
registerEnumType(TimeoutPolicyGql, {
  name: 'TimeoutPolicy',
  description:
    "What happens at a deadline: BOT_TAKEOVER (a bot plays the seat until its owner acts or resumes), DEFAULT (the game's timeout command, once), FORFEIT (timeout commands for the rest of the game; ranked last).",
});

@InputType({ description: 'A correspondence clock for the game (per-move time, or a bank plus increment).' })
export class TimerInput {
  @Field(() => ClockModeGql, {
    nullable: true,
    description: 'Default: PER_MOVE if perMoveSeconds is set, else BANK.',
  })
  mode?: ClockModeGql | null;
  @Field(() => Float, { nullable: true, description: 'PER_MOVE: seconds for each move (e.g. 86400, or 90).' })
  perMoveSeconds?: number | null;
  @Field(() => Float, { nullable: true, description: "BANK: each seat's starting bank in seconds." })
  initialSeconds?: number | null;
  @Field(() => Float, { nullable: true, description: 'BANK: seconds added after each move of the seat.' })
  incrementSeconds?: number | null;
  @Field(() => TimeoutPolicyGql, { nullable: true, description: 'Default BOT_TAKEOVER.' })
  policy?: TimeoutPolicyGql | null;
  @Field(() => [Float], {
    nullable: true,
    description: 'DEADLINE_SOON webhooks this many seconds before a deadline.',
  })
  reminderSeconds?: number[] | null;
  @Field(() => Int, { nullable: true, description: "Vacation days each seat's owner may take (default 0)." })
  vacationDays?: number | null;
}

@ObjectType()
export class TimerSettings {
  @Field(() => ClockModeGql) mode!: ClockModeGql;
  @Field(() => Float, { nullable: true }) perMoveSeconds?: number | null;
  @Field(() => Float, { nullable: true }) initialSeconds?: number | null;
  @Field(() => Float, { nullable: true }) incrementSeconds?: number | null;
  @Field(() => TimeoutPolicyGql) policy!: TimeoutPolicyGql;
  @Field(() => [Float]) reminderSeconds!: number[];
  @Field(() => Int) vacationDays!: number;
}

@ObjectType({ description: "A seat's clock." })
export class SeatDeadline {
  @Field(() => Int) seat!: number;
  @Field({ description: 'Prompted now.' }) active!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'The running deadline (ISO time); null when off the clock.',
  })
  dueAt!: string | null;
  @Field(() => String, { nullable: true, description: 'PENDING or PAUSED; null when off the clock.' })
  status!: string | null;
  @Field(() => Float, { nullable: true, description: 'BANK: milliseconds left, counting the running turn.' })
  bankMs!: number | null;
  @Field() botTakeover!: boolean;
  @Field() forfeited!: boolean;
  @Field(() => String, { nullable: true }) vacationUntil!: string | null;
  @Field(() => Int) vacationDaysLeft!: number;
}

@ObjectType()
export class GameDeadlines {
  @Field() gameId!: string;
  @Field(() => Int) version!: number;
  @Field(() => TimerSettings, { nullable: true, description: 'Null: an untimed game.' })
  timer!: TimerSettings | null;
  @Field(() => String, { nullable: true }) pausedAt!: string | null;
  @Field(() => [Int], { description: 'Seats that voted to pause.' }) pauseVotes!: number[];
  @Field(() => [SeatDeadline]) seats!: SeatDeadline[];
}

@ObjectType()
export class Webhook {
  @Field() id!: string;
  @Field() gameId!: string;
  @Field(() => Int, { nullable: true, description: 'Null: every seat of the game.' }) seat!: number | null;
  @Field() url!: string;
  @Field(() => [String]) events!: string[];
  @Field() createdAt!: string;
}

@ObjectType()
export class WebhookDelivery {
  @Field() id!: string;
  @Field() webhookId!: string;
  @Field() event!: string;
  @Field() eventKey!: string;
  @Field(() => GraphQLJSON) payload!: unknown;
  @Field({ description: 'PENDING, DELIVERED or FAILED.' }) status!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => Int, { nullable: true }) responseStatus!: number | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) deliveredAt!: string | null;
}

@ObjectType({ description: 'A job that used all its attempts (dead-letter view).' })
export class FailedJob {
  @Field() queue!: string;
  @Field() id!: string;
  @Field() name!: string;
  @Field(() => GraphQLJSON) data!: unknown;
  @Field(() => Int) attempts!: number;
  @Field() error!: string;
  @Field(() => String, { nullable: true }) failedAt!: string | null;
}
