/** GraphQL types of the analytics queries (src/analytics/analytics-queries.ts). */
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import GraphQLJSON from 'graphql-type-json';
import { relayConnection, type LegacyConnection } from './connection';
import { BotLevelGql, GameTypeIdGql } from './models';

export enum WinRateDimensionGql {
  PERSONALITY = 'PERSONALITY',
  CHARACTER = 'CHARACTER',
  ROLE = 'ROLE',
  SEAT = 'SEAT',
  BOT_LEVEL = 'BOT_LEVEL',
  KIND = 'KIND',
}
registerEnumType(WinRateDimensionGql, {
  name: 'WinRateDimension',
  description:
    'PERSONALITY: Carson City personality picked at least once in the game; CHARACTER/ROLE: Bang!; SEAT: seat position (0 = first); BOT_LEVEL: bot level (HUMAN for people); KIND: HUMAN or BOT.',
});

export enum AnalyticsSeatKind {
  HUMAN = 'HUMAN',
  BOT = 'BOT',
}
registerEnumType(AnalyticsSeatKind, { name: 'AnalyticsSeatKind', description: 'People or bots.' });

export enum AnalyticsTables {
  ALL_BOTS = 'ALL_BOTS',
  WITH_HUMANS = 'WITH_HUMANS',
}
registerEnumType(AnalyticsTables, {
  name: 'AnalyticsTables',
  description: 'Which tables: of bots only, or with a human.',
});

export enum LengthInterval {
  DAY = 'DAY',
  WEEK = 'WEEK',
  MONTH = 'MONTH',
}
registerEnumType(LengthInterval, { name: 'LengthInterval', description: 'The period of a series.' });

@InputType({
  description: 'Which games (and seats) an analytics query counts. Only finished games are counted.',
})
export class AnalyticsFilterInput {
  @Field(() => GameTypeIdGql, { nullable: true, description: 'Only this game.' })
  game?: GameTypeIdGql | null;
  @Field(() => String, {
    nullable: true,
    description: "Game type id, e.g. 'carson-city'.",
    deprecationReason: 'Use `game` (the GameTypeId enum).',
  })
  gameType?: string | null;
  @Field(() => [Int], { nullable: true, description: 'Table sizes (any of).' })
  playerCounts?: number[] | null;
  @Field(() => String, { nullable: true, description: 'ISO date-time: games started at or after.' })
  from?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO date-time: games started before.' })
  to?: string | null;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      'Engine options the game must have been created with (JSON containment), e.g. {"characterChoice": false}.',
  })
  options?: Record<string, unknown> | null;
  @Field(() => AnalyticsSeatKind, {
    nullable: true,
    description: 'Seat-level statistics: only seats of this kind.',
  })
  seatKind?: AnalyticsSeatKind | null;
  @Field(() => BotLevelGql, {
    nullable: true,
    description: 'Seat-level statistics: only bot seats of this level.',
  })
  level?: BotLevelGql | null;
  @Field(() => String, {
    nullable: true,
    description: 'Seat-level statistics: only bot seats of this level (a string).',
    deprecationReason: 'Use `level` (the BotLevel enum).',
  })
  botLevel?: string | null;
  @Field(() => AnalyticsTables, {
    nullable: true,
    description: 'Tables of bots only, or with at least one human.',
  })
  tables?: AnalyticsTables | null;
}

@ObjectType({ description: 'A win rate with its 95% Wilson confidence interval.' })
export class WinRate {
  @Field({ description: 'The value of the dimension (a personality, character, seat, level...).' })
  key!: string;
  @Field(() => Int, { description: 'Sample size (seat-games).' }) games!: number;
  @Field(() => Int, { description: 'Seat-games won.' }) wins!: number;
  @Field(() => Float, { description: 'wins / games.' }) winRate!: number;
  @Field(() => Float, { description: 'Lower bound of the 95% Wilson interval.' }) low!: number;
  @Field(() => Float, { description: 'Upper bound of the 95% Wilson interval.' }) high!: number;
}

export const { Connection: WinRatePage } = relayConnection(WinRate, {
  edge: 'WinRateEdge',
  connection: 'WinRatePage',
  one: 'one win rate',
  page: 'a page of win rates',
  edges: 'The rows of this page with their cursors.',
  node: 'The win rate.',
  legacy: true,
});
export type WinRatePage = LegacyConnection<WinRate>;

@ObjectType({ description: 'One bar of a score histogram.' })
export class ScoreBucket {
  @Field(() => Float, { description: 'Inclusive.' }) from!: number;
  @Field(() => Float, { description: 'Exclusive.' }) to!: number;
  @Field(() => Int, { description: 'Seats with a final score in [from, to).' }) count!: number;
}

@ObjectType('ScoreDistribution', { description: 'Final scores of the seats counted.' })
export class ScoreDistributionGql {
  @Field(() => Int, { description: 'Seats counted.' }) count!: number;
  @Field(() => Float, { nullable: true, description: 'Mean score (null: none counted).' }) mean!:
    number | null;
  @Field(() => Float, { nullable: true, description: 'Median score (null: none counted).' })
  median!: number | null;
  @Field(() => Float, { nullable: true, description: 'Lowest score (null: none counted).' }) min!:
    number | null;
  @Field(() => Float, { nullable: true, description: 'Highest score (null: none counted).' }) max!:
    number | null;
  @Field(() => Int, { description: 'Width of each bucket.' }) bucketSize!: number;
  @Field(() => [ScoreBucket], { description: 'The histogram, lowest first.' }) buckets!: ScoreBucket[];
}

@ObjectType({ description: 'Game length over one period.' })
export class GameLengthPoint {
  @Field({ description: 'Start of the period (YYYY-MM-DD, UTC).' }) period!: string;
  @Field(() => Int, { description: 'Games finished in the period.' }) games!: number;
  @Field(() => Float, { description: 'Mean duration, start to finish.' }) meanDurationMs!: number;
  @Field(() => Float, { description: 'Median duration, start to finish.' }) medianDurationMs!: number;
  @Field(() => Float, { description: 'Mean rounds (or turns).' }) meanRounds!: number;
}

@ObjectType({ description: 'How long games take.' })
export class GameLength {
  @Field(() => Int, { description: 'Games counted.' }) games!: number;
  @Field(() => Float, { nullable: true, description: 'Mean duration, start to finish (null: none).' })
  meanDurationMs!: number | null;
  @Field(() => Float, { nullable: true, description: 'Median duration, start to finish (null: none).' })
  medianDurationMs!: number | null;
  @Field(() => Float, { nullable: true, description: 'Mean events per game (null: none).' })
  meanEvents!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'Carson City rounds, Bang! and Great Western Trail turns.',
  })
  meanRounds!: number | null;
  @Field(() => [GameLengthPoint], { description: 'Per period, oldest first.' }) series!: GameLengthPoint[];
}

@ObjectType({ description: 'Carson City: how often an action was taken in a round.' })
export class ActionPopularity {
  @Field(() => Int, { description: 'The round (1-4).' }) round!: number;
  @Field({ description: 'Action square (e.g. ROAD, BUILD_4) or PARCEL.' }) action!: string;
  @Field(() => Int, { description: 'Cowboys placed there.' }) count!: number;
  @Field(() => Float, { description: "Share of the round's cowboy placements." }) share!: number;
}

export const { Connection: ActionPopularityPage } = relayConnection(ActionPopularity, {
  edge: 'ActionPopularityEdge',
  connection: 'ActionPopularityPage',
  one: 'one action row',
  page: 'a page of action rows',
  edges: 'The rows of this page with their cursors.',
  node: 'The row.',
  legacy: true,
});
export type ActionPopularityPage = LegacyConnection<ActionPopularity>;

@ObjectType({ description: 'Carson City: duels of one personality.' })
export class DuelPersonality {
  @Field({ description: 'The personality.' }) key!: string;
  @Field(() => Int, { description: 'Duels fought.' }) fought!: number;
  @Field(() => Int, { description: 'Duels won.' }) won!: number;
  @Field(() => Float, { description: 'won / fought.' }) winRate!: number;
  @Field(() => Float, { description: 'Lower bound of the 95% Wilson interval.' }) low!: number;
  @Field(() => Float, { description: 'Upper bound of the 95% Wilson interval.' }) high!: number;
}

@ObjectType({ description: 'Carson City: duels started by one action.' })
export class DuelAction {
  @Field({ description: 'The action.' }) action!: string;
  @Field(() => Int, { description: 'Duels it started.' }) duels!: number;
}

@ObjectType('DuelStats', { description: 'Carson City duels.' })
export class DuelStatsGql {
  @Field(() => Int, { description: 'Duels counted.' }) duels!: number;
  @Field(() => Int, { description: 'Finished games matching the filter.' }) games!: number;
  @Field(() => Float, { description: 'duels / games.' }) duelsPerGame!: number;
  @Field(() => Float, {
    nullable: true,
    description:
      'Share of duels (with one participant of strictly highest firepower) won by that participant.',
  })
  higherFirepowerWinRate!: number | null;
  @Field(() => [DuelPersonality], { description: 'Per personality.' }) byPersonality!: DuelPersonality[];
  @Field(() => [DuelAction], { description: 'Per action.' }) byAction!: DuelAction[];
}

@ObjectType({ description: "Bot level A against bot level B: games where A's best seat finished ahead." })
export class HeadToHead {
  @Field({ description: 'Bot level A.' }) levelA!: string;
  @Field({ description: 'Bot level B.' }) levelB!: string;
  @Field(() => Int, { description: 'Games with both levels.' }) games!: number;
  @Field(() => Int, { description: "Games where A's best seat finished ahead." }) winsA!: number;
  @Field(() => Int, { description: "Games where B's best seat finished ahead." }) winsB!: number;
  @Field(() => Int, { description: 'Games where they tied.' }) ties!: number;
  @Field(() => Float, { description: 'winsA / games.' }) winRateA!: number;
  @Field(() => Float, { description: 'Lower bound of the 95% Wilson interval of winRateA.' }) low!: number;
  @Field(() => Float, { description: 'Upper bound of the 95% Wilson interval of winRateA.' }) high!: number;
}

@ObjectType({ description: 'Great Western Trail: one score category (or `total`), mean VP per seat.' })
export class GwtScoreCategory {
  @Field({
    description:
      'money, buildings, cities, stations, hazards, cattle_cards, objective_cards, station_masters, workers, step_disc_vp, job_market_token, or total.',
  })
  category!: string;
  @Field(() => Float, { nullable: true, description: 'Mean over the seats.' }) mean!: number | null;
  @Field(() => Float, { nullable: true, description: 'Mean over the winning seats.' }) winnerMean!:
    number | null;
  @Field(() => Float, { nullable: true, description: 'Mean over the other seats.' }) otherMean!:
    number | null;
}

@ObjectType('GwtScoreStats', { description: 'Great Western Trail: final score sheets by category.' })
export class GwtScoreStatsGql {
  @Field(() => Int, { description: 'Seat score sheets counted (seat-games).' }) seats!: number;
  @Field(() => Int, { description: 'Games counted.' }) games!: number;
  @Field(() => [GwtScoreCategory], { description: 'Each category, then total.' })
  categories!: GwtScoreCategory[];
}

@ObjectType({ description: 'Great Western Trail: deliveries to one city.' })
export class GwtDeliveryCity {
  @Field(() => String, {
    nullable: true,
    description:
      'City id (null only for rows projected before deliveries were recorded as DELIVERED events).',
  })
  city!: string | null;
  @Field(() => Int, { description: 'Deliveries there.' }) deliveries!: number;
  @Field(() => Float, { description: 'Share of all deliveries of the filter.' }) share!: number;
  @Field(() => Float, {
    nullable: true,
    description: 'Mean breeding value of the Kansas City deliveries (null: only extraordinary ones).',
  })
  meanBreedingValue!: number | null;
  @Field(() => Float, { description: 'Mean transport cost paid.' }) meanTransportCost!: number;
  @Field(() => Int, { description: 'Extraordinary deliveries (building 9a) among them.' })
  extraordinary!: number;
}

@ObjectType('GwtDeliveryStats', { description: 'Great Western Trail: deliveries to the cities.' })
export class GwtDeliveryStatsGql {
  @Field(() => Int, { description: 'Deliveries counted.' }) deliveries!: number;
  @Field(() => Int, { description: 'Finished games matching the filter.' }) games!: number;
  @Field(() => Float, { description: 'deliveries / games.' }) deliveriesPerGame!: number;
  @Field(() => [GwtDeliveryCity], { description: 'Per city.' }) byCity!: GwtDeliveryCity[];
}

@ObjectType({ description: 'Coloma: one score category (or `total`), mean VP per seat.' })
export class ColomaScoreCategory {
  @Field({
    description:
      'play (VP gained during play), buildings, canyons, frontier, graveyard (negative), bridges, hotels, or total.',
  })
  category!: string;
  @Field(() => Float, { nullable: true, description: 'Mean over the seats.' }) mean!: number | null;
  @Field(() => Float, { nullable: true, description: 'Mean over the winning seats.' }) winnerMean!:
    number | null;
  @Field(() => Float, { nullable: true, description: 'Mean over the other seats.' }) otherMean!:
    number | null;
}

@ObjectType('ColomaScoreStats', { description: 'Coloma: the final score by category.' })
export class ColomaScoreStatsGql {
  @Field(() => Int, { description: 'Seat final scores counted (seat-games).' }) seats!: number;
  @Field(() => Int, { description: 'Finished games they belong to.' }) games!: number;
  @Field(() => [ColomaScoreCategory], { description: 'Each category in score order, then total.' })
  categories!: ColomaScoreCategory[];
}

@ObjectType({ description: 'Coloma: one Location (Site 1-5) as the revealed Dials chose it.' })
export class ColomaSite {
  @Field(() => Int, { description: 'The Site, 1-5.' }) site!: number;
  @Field(() => Int, { description: 'Seat-Rounds whose Dial revealed this Site.' }) choices!: number;
  @Field(() => Float, { description: 'choices / all seat-Rounds of the filter.' }) share!: number;
  @Field(() => Int, { description: 'Of these choices, those whose Site Bust (its Boom covered).' })
  busted!: number;
  @Field(() => Float, { description: 'busted / choices (0 without choices).' }) bustRate!: number;
  @Field(() => Int, { description: "Rounds in which this Site was the Bust's Site." })
  bustSiteRounds!: number;
  @Field(() => Float, { description: "Share of the winning seats' choices that went to this Site." })
  winnerShare!: number;
}

@ObjectType('ColomaLocationStats', { description: 'Coloma: Location choices and Busts.' })
export class ColomaLocationStatsGql {
  @Field(() => Int, { description: 'Seat-Rounds counted.' }) choices!: number;
  @Field(() => Int, { description: 'Rounds (Dial reveals) they belong to.' }) rounds!: number;
  @Field(() => Float, { description: 'Share of seat-Rounds whose Site Bust.' }) bustRate!: number;
  @Field(() => [ColomaSite], { description: 'Sites 1-5 in order (all five, even unchosen).' })
  bySite!: ColomaSite[];
}

@ObjectType({ description: 'Coloma: the Shootouts of one Year (1 = 1848, 2 = 1849, 3 = 1850).' })
export class ColomaShootoutYear {
  @Field(() => Int, { description: 'The Year, 1-3.' }) year!: number;
  @Field(() => Int, { description: 'Shootouts counted.' }) shootouts!: number;
  @Field(() => Int, { description: 'Shootouts the town won (more Gunmen than Outlaws).' }) won!: number;
  @Field(() => Float, { description: 'Mean Gunmen strength in the Shootout.' }) meanGunmen!: number;
  @Field(() => Float, { description: 'Mean Outlaws faced.' }) meanOutlaws!: number;
}

@ObjectType('ColomaShootoutStats', {
  description: 'Coloma: the Shootouts (game level: the seat filters do not apply).',
})
export class ColomaShootoutStatsGql {
  @Field(() => Int, { description: 'Shootouts counted (one per Year of each game).' }) shootouts!: number;
  @Field(() => Int, { description: 'Shootouts the town won.' }) won!: number;
  @Field(() => Float, { description: 'won / shootouts (0 without Shootouts).' }) winRate!: number;
  @Field(() => Float, { nullable: true, description: 'Mean Gunmen strength.' }) meanGunmen!: number | null;
  @Field(() => Float, { nullable: true, description: 'Mean Outlaws faced.' }) meanOutlaws!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'Mean Gunmen holders per Shootout (seats, and the 2-player neutral Gunmen).',
  })
  meanHolders!: number | null;
  @Field(() => [ColomaShootoutYear], { description: 'By Year, in order.' }) byYear!: ColomaShootoutYear[];
}
