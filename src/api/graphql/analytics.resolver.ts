/** Public analytics queries (no authentication: aggregates only, no game is identifiable). */
import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import {
  AnalyticsQueries,
  decodeOffset,
  encodeOffset,
  FilterError,
  type AnalyticsFilter,
  type Page,
} from '../../analytics/analytics-queries';
import { GameError } from '../../play/errors';
import {
  ActionPopularityPage,
  AnalyticsFilterInput,
  ColomaLocationStatsGql,
  ColomaScoreStatsGql,
  ColomaShootoutStatsGql,
  DuelStatsGql,
  GameLength,
  GwtDeliveryStatsGql,
  GwtScoreStatsGql,
  HeadToHead,
  LengthInterval,
  ScoreDistributionGql,
  WinRateDimensionGql,
  WinRatePage,
} from './analytics.models';

function toFilter(input: AnalyticsFilterInput | null | undefined): AnalyticsFilter {
  if (!input) return {};
  const date = (value: string | null | undefined, field: string): Date | null => {
    if (value == null || value === '') return null;
    const d = new Date(value);
    if (Number.isNaN(d.getTime()))
      throw new GameError('VALIDATION', `${field} is not an ISO date`, { field });
    return d;
  };
  if (input.options != null && (typeof input.options !== 'object' || Array.isArray(input.options)))
    throw new GameError('VALIDATION', 'options must be a JSON object', { field: 'options' });
  return {
    gameType: input.game ?? input.gameType ?? null,
    playerCounts: input.playerCounts ?? null,
    from: date(input.from, 'from'),
    to: date(input.to, 'to'),
    options: input.options ?? null,
    seatKind: input.seatKind ?? null,
    botLevel: input.level ?? input.botLevel ?? null,
    tables: input.tables ?? null,
  };
}

/** A page of rows as a Relay connection (and the older items/nextCursor fields, deprecated). */
function connection<T>(page: Page<T>, after: string | null | undefined) {
  const offset = decodeOffset(after);
  const edges = page.items.map((node, i) => ({ cursor: encodeOffset(offset + i + 1), node }));
  return {
    ...page,
    edges,
    pageInfo: {
      hasNextPage: page.nextCursor !== null,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

async function run<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof FilterError)
      throw new GameError('VALIDATION', error.message, { field: error.field });
    throw error;
  }
}

@Resolver()
export class AnalyticsResolver {
  constructor(private readonly queries: AnalyticsQueries) {}

  @Query(() => WinRatePage, {
    description: 'Win rate by personality, character, role, seat, bot level or kind.',
  })
  winRates(
    @Args('by', { type: () => WinRateDimensionGql, description: 'What to group the seats by.' })
    by: WinRateDimensionGql,
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 50, description: 'Page size (1-100).' })
    first?: number,
    @Args('after', { type: () => String, nullable: true, description: 'The endCursor of the previous page.' })
    after?: string,
  ): Promise<WinRatePage> {
    return run(async () =>
      connection(await this.queries.winRates(by, toFilter(filter), first, after), after),
    );
  }

  @Query(() => ScoreDistributionGql, { description: 'Final scores of the seats: histogram, mean, median.' })
  scoreDistribution(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
    @Args('bucketSize', {
      type: () => Int,
      nullable: true,
      description: 'Width of each bucket (default: chosen from the range).',
    })
    bucketSize?: number,
  ): Promise<ScoreDistributionGql> {
    return run(() => this.queries.scoreDistribution(toFilter(filter), bucketSize));
  }

  @Query(() => GameLength, { description: 'Game length (duration, events, rounds), overall and per period.' })
  gameLength(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
    @Args('interval', {
      type: () => LengthInterval,
      nullable: true,
      defaultValue: LengthInterval.DAY,
      description: 'The period of the series.',
    })
    interval?: LengthInterval,
    @Args('last', {
      type: () => Int,
      nullable: true,
      defaultValue: 60,
      description: 'Most recent periods (1-366).',
    })
    last?: number,
  ): Promise<GameLength> {
    return run(() => this.queries.gameLength(toFilter(filter), interval ?? 'DAY', last ?? 60));
  }

  @Query(() => ActionPopularityPage, { description: 'Carson City: cowboy placements per action and round.' })
  actionPopularity(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
    @Args('round', { type: () => Int, nullable: true, description: 'Only this round (1-4).' }) round?: number,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 50, description: 'Page size (1-100).' })
    first?: number,
    @Args('after', { type: () => String, nullable: true, description: 'The endCursor of the previous page.' })
    after?: string,
  ): Promise<ActionPopularityPage> {
    return run(async () =>
      connection(await this.queries.actionPopularity(toFilter(filter), round, first, after), after),
    );
  }

  @Query(() => DuelStatsGql, {
    description: 'Carson City duels: counts, firepower, by personality and action.',
  })
  duelStats(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
  ): Promise<DuelStatsGql> {
    return run(() => this.queries.duelStats(toFilter(filter)));
  }

  @Query(() => GwtScoreStatsGql, {
    description:
      'Great Western Trail: the final score sheet by category, overall and winners against the rest.',
  })
  gwtScoreCategories(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
  ): Promise<GwtScoreStatsGql> {
    return run(() => this.queries.gwtScoreCategories(toFilter(filter)));
  }

  @Query(() => GwtDeliveryStatsGql, {
    description: 'Great Western Trail: deliveries per city (breeding value, transport cost, extraordinary).',
  })
  gwtDeliveries(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
  ): Promise<GwtDeliveryStatsGql> {
    return run(() => this.queries.gwtDeliveries(toFilter(filter)));
  }

  @Query(() => ColomaScoreStatsGql, {
    description: 'Coloma: the final score by category, overall and winners against the rest.',
  })
  colomaScoreCategories(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
  ): Promise<ColomaScoreStatsGql> {
    return run(() => this.queries.colomaScoreCategories(toFilter(filter)));
  }

  @Query(() => ColomaLocationStatsGql, {
    description: 'Coloma: the Locations (Sites) the Dials revealed each Round, and the Busts.',
  })
  colomaLocations(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
  ): Promise<ColomaLocationStatsGql> {
    return run(() => this.queries.colomaLocations(toFilter(filter)));
  }

  @Query(() => ColomaShootoutStatsGql, {
    description: 'Coloma: the Shootouts, overall and by Year (game level: seat filters do not apply).',
  })
  colomaShootouts(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
  ): Promise<ColomaShootoutStatsGql> {
    return run(() => this.queries.colomaShootouts(toFilter(filter)));
  }

  @Query(() => [HeadToHead], {
    description: 'Bot levels against each other (pairs of levels in the same game).',
  })
  botHeadToHead(
    @Args('filter', { type: () => AnalyticsFilterInput, nullable: true, description: 'Which games count.' })
    filter?: AnalyticsFilterInput,
  ): Promise<HeadToHead[]> {
    return run(() => this.queries.botHeadToHead(toFilter(filter)));
  }
}
