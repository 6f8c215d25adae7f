/** Relay connections of the correspondence records: webhook deliveries and dead-lettered jobs. */
import { Field, ObjectType } from '@nestjs/graphql';
import { FailedJob, WebhookDelivery } from './correspondence.models';
import { PageInfo } from './models';

@ObjectType({ description: 'Relay connection edge: one webhook delivery and its cursor.' })
export class WebhookDeliveryEdge {
  @Field({ description: 'Opaque cursor: pass as `after` to continue after this delivery.' }) cursor!: string;
  @Field(() => WebhookDelivery, { description: 'The delivery.' }) node!: WebhookDelivery;
}

@ObjectType({ description: "Relay connection: a page of a game's webhook deliveries, newest first." })
export class WebhookDeliveryConnection {
  @Field(() => [WebhookDeliveryEdge], { description: 'The deliveries of this page with their cursors.' })
  edges!: WebhookDeliveryEdge[];
  @Field(() => PageInfo, { description: 'Whether more follow, and where to continue.' }) pageInfo!: PageInfo;
}

@ObjectType({ description: 'Relay connection edge: one dead-lettered job and its cursor.' })
export class FailedJobEdge {
  @Field({ description: 'Opaque cursor: pass as `after` to continue after this job.' }) cursor!: string;
  @Field(() => FailedJob, { description: 'The job.' }) node!: FailedJob;
}

@ObjectType({
  description: 'Relay connection: a page of the jobs that used all their attempts, newest first.',
})
export class FailedJobConnection {
  @Field(() => [FailedJobEdge], { description: 'The jobs of this page with their cursors.' })
  edges!: FailedJobEdge[];
  @Field(() => PageInfo, { description: 'Whether more follow, and where to continue.' }) pageInfo!: PageInfo;
}

/** A forward-only Relay page of `nodes`, each with its cursor. */
export function forwardPage<T>(
  nodes: T[],
  cursorOf: (node: T) => string,
  hasNextPage: boolean,
): { edges: { cursor: string; node: T }[]; pageInfo: PageInfo } {
  const edges = nodes.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
