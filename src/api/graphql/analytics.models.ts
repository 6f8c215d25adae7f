/** GraphQL types of the analytics queries (src/analytics/analytics-queries.ts). */
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import GraphQLJSON from 'graphql-type-json';

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
registerEnumType(AnalyticsSeatKind, { name: 'AnalyticsSeatKind' });

export enum AnalyticsTables {
  ALL_BOTS = 'ALL_BOTS',
  WITH_HUMANS = 'WITH_HUMANS',
}
registerEnumType(AnalyticsTables, { name: 'AnalyticsTables' });

export enum LengthInterval {
  DAY = 'DAY',
  WEEK = 'WEEK',
  MONTH = 'MONTH',
}
registerEnumType(LengthInterval, { name: 'LengthInterval' });

@InputType({
  description: 'Which games (and seats) an analytics query counts. Only finished games are counted.',
})
export class AnalyticsFilterInput {
  @Field(() => String, { nullable: true, description: "Game type, e.g. 'carson-city'." })
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
  @Field(() => String, {
    nullable: true,
    description: 'Seat-level statistics: only bot seats of this level.',
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
  @Field() key!: string;
  @Field(() => Int, { description: 'Sample size (seat-games).' }) games!: number;
  @Field(() => Int) wins!: number;
  @Field(() => Float) winRate!: number;
  @Field(() => Float, { description: 'Lower bound of the 95% Wilson interval.' }) low!: number;
  @Field(() => Float, { description: 'Upper bound of the 95% Wilson interval.' }) high!: number;
}

@ObjectType()
export class WinRatePage {
  @Field(() => [WinRate]) items!: WinRate[];
  @Field(() => Int) totalCount!: number;
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page.' }) nextCursor!:
    string | null;
}

@ObjectType()
export class ScoreBucket {
  @Field(() => Float, { description: 'Inclusive.' }) from!: number;
  @Field(() => Float, { description: 'Exclusive.' }) to!: number;
  @Field(() => Int) count!: number;
}

@ObjectType('ScoreDistribution')
export class ScoreDistributionGql {
  @Field(() => Int) count!: number;
  @Field(() => Float, { nullable: true }) mean!: number | null;
  @Field(() => Float, { nullable: true }) median!: number | null;
  @Field(() => Float, { nullable: true }) min!: number | null;
  @Field(() => Float, { nullable: true }) max!: number | null;
  @Field(() => Int) bucketSize!: number;
  @Field(() => [ScoreBucket]) buckets!: ScoreBucket[];
}

@ObjectType()
export class GameLengthPoint {
  @Field({ description: 'Start of the period (YYYY-MM-DD, UTC).' }) period!: string;
  @Field(() => Int) games!: number;
  @Field(() => Float) meanDurationMs!: number;
  @Field(() => Float) medianDurationMs!: number;
  @Field(() => Float) meanRounds!: number;
}

@ObjectType()
export class GameLength {
  @Field(() => Int) games!: number;
  @Field(() => Float, { nullable: true }) meanDurationMs!: number | null;
  @Field(() => Float, { nullable: true }) medianDurationMs!: number | null;
  @Field(() => Float, { nullable: true }) meanEvents!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'Carson City rounds, Bang! and Great Western Trail turns.',
  })
  meanRounds!: number | null;
  @Field(() => [GameLengthPoint]) series!: GameLengthPoint[];
}

@ObjectType()
export class ActionPopularity {
  @Field(() => Int) round!: number;
  @Field({ description: 'Action square (e.g. ROAD, BUILD_4) or PARCEL.' }) action!: string;
  @Field(() => Int) count!: number;
  @Field(() => Float, { description: "Share of the round's cowboy placements." }) share!: number;
}

@ObjectType()
export class ActionPopularityPage {
  @Field(() => [ActionPopularity]) items!: ActionPopularity[];
  @Field(() => Int) totalCount!: number;
  @Field(() => String, { nullable: true }) nextCursor!: string | null;
}

@ObjectType()
export class DuelPersonality {
  @Field() key!: string;
  @Field(() => Int) fought!: number;
  @Field(() => Int) won!: number;
  @Field(() => Float) winRate!: number;
  @Field(() => Float) low!: number;
  @Field(() => Float) high!: number;
}

@ObjectType()
export class DuelAction {
  @Field() action!: string;
  @Field(() => Int) duels!: number;
}

@ObjectType('DuelStats')
export class DuelStatsGql {
  @Field(() => Int) duels!: number;
  @Field(() => Int, { description: 'Finished games matching the filter.' }) games!: number;
  @Field(() => Float) duelsPerGame!: number;
  @Field(() => Float, {
    nullable: true,
    description:
      'Share of duels (with one participant of strictly highest firepower) won by that participant.',
  })
  higherFirepowerWinRate!: number | null;
  @Field(() => [DuelPersonality]) byPersonality!: DuelPersonality[];
  @Field(() => [DuelAction]) byAction!: DuelAction[];
}

@ObjectType({ description: "Bot level A against bot level B: games where A's best seat finished ahead." })
export class HeadToHead {
  @Field() levelA!: string;
  @Field() levelB!: string;
  @Field(() => Int) games!: number;
  @Field(() => Int) winsA!: number;
  @Field(() => Int) winsB!: number;
  @Field(() => Int) ties!: number;
  @Field(() => Float) winRateA!: number;
  @Field(() => Float) low!: number;
  @Field(() => Float) high!: number;
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

@ObjectType('GwtScoreStats')
export class GwtScoreStatsGql {
  @Field(() => Int, { description: 'Seat score sheets counted (seat-games).' }) seats!: number;
  @Field(() => Int) games!: number;
  @Field(() => [GwtScoreCategory]) categories!: GwtScoreCategory[];
}

@ObjectType()
export class GwtDeliveryCity {
  @Field(() => String, {
    nullable: true,
    description:
      'City id (null only for rows projected before deliveries were recorded as DELIVERED events).',
  })
  city!: string | null;
  @Field(() => Int) deliveries!: number;
  @Field(() => Float, { description: 'Share of all deliveries of the filter.' }) share!: number;
  @Field(() => Float, {
    nullable: true,
    description: 'Mean breeding value of the Kansas City deliveries (null: only extraordinary ones).',
  })
  meanBreedingValue!: number | null;
  @Field(() => Float) meanTransportCost!: number;
  @Field(() => Int, { description: 'Extraordinary deliveries (building 9a) among them.' })
  extraordinary!: number;
}

@ObjectType('GwtDeliveryStats')
export class GwtDeliveryStatsGql {
  @Field(() => Int) deliveries!: number;
  @Field(() => Int, { description: 'Finished games matching the filter.' }) games!: number;
  @Field(() => Float) deliveriesPerGame!: number;
  @Field(() => [GwtDeliveryCity]) byCity!: GwtDeliveryCity[];
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
