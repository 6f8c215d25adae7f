/** proxy-addr (Express's own client-address logic; no published types for the version we pin). */
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';

  /** Whether the hop at `address`, `hop` steps from the socket, is a proxy to believe. */
  type TrustFunction = (address: string, hop: number) => boolean;

  function proxyaddr(req: IncomingMessage, trust: TrustFunction): string;
  export = proxyaddr;
}
