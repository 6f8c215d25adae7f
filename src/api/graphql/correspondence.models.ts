/** GraphQL types of correspondence play: timers, deadlines, webhooks, dead-letter jobs. */
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import GraphQLJSON from 'graphql-type-json';

export enum ClockModeGql {
  PER_MOVE = 'PER_MOVE',
  BANK = 'BANK',
}
registerEnumType(ClockModeGql, {
  name: 'ClockMode',
  description: 'How a correspondence clock counts.',
  valuesMap: {
    PER_MOVE: { description: 'The same time for every move.' },
    BANK: { description: 'A bank of time per seat, plus an increment after each move.' },
  },
});

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

@ObjectType({ description: "A game's correspondence clock (see TimerInput)." })
export class TimerSettings {
  @Field(() => ClockModeGql, { description: 'PER_MOVE or BANK.' }) mode!: ClockModeGql;
  @Field(() => Float, { nullable: true, description: 'PER_MOVE: seconds for each move.' })
  perMoveSeconds?: number | null;
  @Field(() => Float, { nullable: true, description: "BANK: each seat's starting bank in seconds." })
  initialSeconds?: number | null;
  @Field(() => Float, { nullable: true, description: 'BANK: seconds added after each move of the seat.' })
  incrementSeconds?: number | null;
  @Field(() => TimeoutPolicyGql, { description: 'What happens at a deadline.' }) policy!: TimeoutPolicyGql;
  @Field(() => [Float], { description: 'DEADLINE_SOON webhooks this many seconds before a deadline.' })
  reminderSeconds!: number[];
  @Field(() => Int, { description: "Vacation days each seat's owner may take." }) vacationDays!: number;
}

@ObjectType({ description: "A seat's clock." })
export class SeatDeadline {
  @Field(() => Int, { description: 'The seat.' }) seat!: number;
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
  @Field({ description: 'A bot plays the seat after a timeout until its owner resumes.' })
  botTakeover!: boolean;
  @Field({ description: 'The seat forfeited (FORFEIT policy).' }) forfeited!: boolean;
  @Field(() => String, { nullable: true, description: 'On vacation until (ISO date-time; null: not).' })
  vacationUntil!: string | null;
  @Field(() => Int, { description: 'Vacation days the seat may still take.' }) vacationDaysLeft!: number;
}

@ObjectType({ description: "Every seat's clock in a game." })
export class GameDeadlines {
  @Field(() => ID, { description: 'The game.' }) gameId!: string;
  @Field(() => Int, { description: 'Stream version the clocks are at.' }) version!: number;
  @Field(() => TimerSettings, { nullable: true, description: 'Null: an untimed game.' })
  timer!: TimerSettings | null;
  @Field(() => String, { nullable: true, description: 'Paused since (ISO date-time; null: running).' })
  pausedAt!: string | null;
  @Field(() => [Int], { description: 'Seats that voted to pause.' }) pauseVotes!: number[];
  @Field(() => [SeatDeadline], { description: 'Each seat, in seat order.' }) seats!: SeatDeadline[];
}

export enum WebhookEventGql {
  YOUR_TURN = 'YOUR_TURN',
  DEADLINE_SOON = 'DEADLINE_SOON',
  TIMED_OUT = 'TIMED_OUT',
  GAME_OVER = 'GAME_OVER',
}
registerEnumType(WebhookEventGql, {
  name: 'WebhookEvent',
  description: "What a webhook is told of (registerWebhook's `events` takes the same names as strings).",
  valuesMap: {
    YOUR_TURN: { description: 'A seat is to act.' },
    DEADLINE_SOON: { description: "A seat's deadline is near." },
    TIMED_OUT: { description: "A seat's turn timer ran out." },
    GAME_OVER: { description: 'The game finished.' },
  },
});

export enum WebhookDeliveryStatusGql {
  PENDING = 'PENDING',
  DELIVERED = 'DELIVERED',
  FAILED = 'FAILED',
}
registerEnumType(WebhookDeliveryStatusGql, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a webhook POST stands.',
  valuesMap: {
    PENDING: { description: 'Not yet delivered (retries left).' },
    DELIVERED: { description: 'The endpoint answered 2xx.' },
    FAILED: { description: 'Given up after the last retry.' },
  },
});

@ObjectType({ description: 'A reminder webhook of a game (registerWebhook).' })
export class Webhook {
  @Field(() => ID, { description: 'The webhook id.' }) id!: string;
  @Field(() => ID, { description: 'The game.' }) gameId!: string;
  @Field(() => Int, { nullable: true, description: 'Null: every seat of the game.' }) seat!: number | null;
  @Field({ description: 'Where the signed POSTs go.' }) url!: string;
  @Field(() => [WebhookEventGql], { description: 'YOUR_TURN, DEADLINE_SOON, TIMED_OUT and/or GAME_OVER.' })
  events!: string[];
  @Field({ description: 'When it was registered (ISO date-time).' }) createdAt!: string;
}

@ObjectType({ description: 'One POST of a webhook (the delivery log).' })
export class WebhookDelivery {
  @Field(() => ID, { description: 'The delivery id.' }) id!: string;
  @Field(() => ID, { description: 'The webhook it belongs to.' }) webhookId!: string;
  @Field(() => WebhookEventGql, { description: 'YOUR_TURN, DEADLINE_SOON, TIMED_OUT or GAME_OVER.' })
  event!: string;
  @Field({ description: 'What makes it unique (one delivery per key).' }) eventKey!: string;
  @Field(() => GraphQLJSON, { description: 'The JSON body POSTed.' }) payload!: unknown;
  @Field(() => WebhookDeliveryStatusGql, { description: 'PENDING, DELIVERED or FAILED.' })
  status!: string;
  @Field(() => Int, { description: 'Attempts so far.' }) attempts!: number;
  @Field(() => Int, { nullable: true, description: "The last attempt's HTTP status (null: none)." })
  responseStatus!: number | null;
  @Field(() => String, { nullable: true, description: "The last attempt's error (null: none)." })
  lastError!: string | null;
  @Field({ description: 'When it was queued (ISO date-time).' }) createdAt!: string;
  @Field(() => String, {
    nullable: true,
    description: 'When it was delivered (ISO date-time; null: not yet).',
  })
  deliveredAt!: string | null;
}

@ObjectType({ description: 'A job that used all its attempts (dead-letter view).' })
export class FailedJob {
  @Field({ description: 'The queue: bot-turns, turn-timeouts or reminders.' }) queue!: string;
  @Field(() => ID, { description: 'The job id.' }) id!: string;
  @Field({ description: 'The job name.' }) name!: string;
  @Field(() => GraphQLJSON, { description: "The job's data." }) data!: unknown;
  @Field(() => Int, { description: 'Attempts made.' }) attempts!: number;
  @Field({ description: 'The last error.' }) error!: string;
  @Field(() => String, { nullable: true, description: 'When it failed for good (ISO date-time).' })
  failedAt!: string | null;
}
