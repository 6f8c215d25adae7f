/**
 * Relay connections (https://relay.dev/graphql/connections.htm): PageInfo, and one factory that
 * makes a node type's Edge and Connection object types, so every paged list reads the same.
 */
import type { Type } from '@nestjs/common';
import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'Relay connection page information.' })
export class PageInfo {
  @Field({ description: 'More items follow endCursor.' }) hasNextPage!: boolean;
  @Field({ description: 'Always false: pages are read forwards only (first/after).' })
  hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Cursor of the first item (null: empty page).' })
  startCursor!: string | null;
  @Field(() => String, { nullable: true, description: 'Cursor of the last item (null: empty page).' })
  endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
}

/** Connections that also keep the older offset page's fields (deprecated). */
export interface LegacyConnection<T> extends Connection<T> {
  items: T[];
  totalCount: number;
  nextCursor: string | null;
}

interface ConnectionText {
  /** The edge's and the connection's GraphQL type names. */
  edge: string;
  connection: string;
  /** 'one game' in "Relay connection edge: one game and its cursor." */
  one: string;
  /** 'a page of games, newest first' in "Relay connection: a page of games, newest first." */
  page: string;
  /** Of the edges field: 'The games of this page with their cursors.' */
  edges: string;
  /** Of the node field: 'The game.' */
  node: string;
  /** Of the cursor field (default: "Opaque cursor: pass as `after` to continue after this row."). */
  cursor?: string;
  /** Keep `items`, `totalCount` and `nextCursor` (the offset page the connection replaced). */
  legacy?: boolean;
}

/** The Edge and Connection object types of `node`. */
export function relayConnection<T>(
  node: Type<T>,
  text: ConnectionText,
): { Edge: Type<Edge<T>>; Connection: Type<Connection<T>> } {
  @ObjectType(text.edge, { description: `Relay connection edge: ${text.one} and its cursor.` })
  class EdgeType {
    @Field({ description: text.cursor ?? 'Opaque cursor: pass as `after` to continue after this row.' })
    cursor!: string;
    @Field(() => node, { description: text.node }) node!: T;
  }

  @ObjectType({ isAbstract: true })
  class ConnectionBase {
    @Field(() => [EdgeType], { description: text.edges }) edges!: EdgeType[];
    @Field(() => PageInfo, { description: 'Whether more follow, and where to continue.' })
    pageInfo!: PageInfo;
  }
  const description = `Relay connection: ${text.page}.`;
  if (!text.legacy) {
    @ObjectType(text.connection, { description })
    class ConnectionType extends ConnectionBase {}
    return { Edge: EdgeType, Connection: ConnectionType };
  }

  @ObjectType(text.connection, { description })
  class LegacyConnectionType extends ConnectionBase {
    @Field(() => [node], {
      description: 'The rows of this page.',
      deprecationReason: 'Use edges (a Relay connection).',
    })
    items!: T[];
    @Field(() => Int, { description: 'Rows in all pages.' }) totalCount!: number;
    @Field(() => String, {
      nullable: true,
      description: 'Pass as `after` for the next page.',
      deprecationReason: 'Use pageInfo.endCursor.',
    })
    nextCursor!: string | null;
  }
  return { Edge: EdgeType, Connection: LegacyConnectionType };
}

/** A forward-only Relay page of `nodes`, each with its cursor. */
export function forwardPage<T>(
  nodes: T[],
  cursorOf: (node: T) => string,
  hasNextPage: boolean,
): Connection<T> {
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
