/** Relay connections of the correspondence records: webhook deliveries and dead-lettered jobs. */
import { relayConnection, type Connection } from './connection';
import { FailedJob, WebhookDelivery } from './correspondence.models';

export const { Connection: WebhookDeliveryConnection } = relayConnection(WebhookDelivery, {
  edge: 'WebhookDeliveryEdge',
  connection: 'WebhookDeliveryConnection',
  one: 'one webhook delivery',
  page: "a page of a game's webhook deliveries, newest first",
  edges: 'The deliveries of this page with their cursors.',
  node: 'The delivery.',
  cursor: 'Opaque cursor: pass as `after` to continue after this delivery.',
});
export type WebhookDeliveryConnection = Connection<WebhookDelivery>;

export const { Connection: FailedJobConnection } = relayConnection(FailedJob, {
  edge: 'FailedJobEdge',
  connection: 'FailedJobConnection',
  one: 'one dead-lettered job',
  page: 'a page of the jobs that used all their attempts, newest first',
  edges: 'The jobs of this page with their cursors.',
  node: 'The job.',
  cursor: 'Opaque cursor: pass as `after` to continue after this job.',
});
export type FailedJobConnection = Connection<FailedJob>;
