/**
 * Which addresses a webhook may reach. A player chooses the URL, so without this the server would
 * POST (with retries, and a delivery log showing the outcome) to anything it can reach: its own
 * database, Redis, the cloud metadata service. Every address a target's host resolves to is
 * checked, at registration and again at every send, and the connection goes to the address that
 * was checked (the HTTP request's `lookup` is `WebhookTargets.lookup`), so a DNS answer that
 * changes between the check and the connect (rebinding) cannot switch it.
 *
 * Never allowed: unspecified, multicast, broadcast and reserved ranges. Allowed only with
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE, for receivers on the operator's own network, and the
 * tests' local receivers): loopback, RFC 1918, CGNAT, link-local, unique-local and the other
 * special-purpose ranges below. IPv4-mapped IPv6 forms (`::ffff:127.0.0.1`) match their IPv4
 * rule (net.BlockList does that); NAT64 and 6to4 forms, which embed an IPv4 address, are refused
 * as a whole unless private targets are allowed.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { GameError } from '../play/errors';

/** Resolves a host name to every address it has (injectable: tests, DNS rebinding checks). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type Range = [address: string, prefix: number, family: 'ipv4' | 'ipv6'];

/** Not a destination for anyone. */
const NEVER: Range[] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", 0.0.0.0 unspecified
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, 255.255.255.255 broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['ff00::', 8, 'ipv6'], // multicast
];

/** Internal networks and special-purpose ranges: only with allowPrivate. */
const PRIVATE: Range[] = [
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // CGNAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata services)
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['::1', 128, 'ipv6'], // loopback
  ['::', 96, 'ipv6'], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96, 'ipv6'], // NAT64 (embeds an IPv4 address)
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['100::', 64, 'ipv6'], // discard-only
  ['2001::', 23, 'ipv6'], // IETF protocol assignments (Teredo included)
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7, 'ipv6'], // unique-local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
];

function blockList(ranges: Range[]): BlockList {
  const list = new BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return list;
}

const NEVER_LIST = blockList(NEVER);
const PRIVATE_LIST = blockList([...NEVER, ...PRIVATE]);

/** What kind of address `address` is when it may not be a webhook target, or null when it may. */
function refusedKind(address: string, allowPrivate: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (NEVER_LIST.check(address, type)) return 'not a unicast address';
  if (!allowPrivate && PRIVATE_LIST.check(address, type))
    return 'a loopback, private or special-purpose address';
  return null;
}

/** Why `address` may not be a webhook target, or null when it may. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  const kind = refusedKind(address, allowPrivate);
  return kind && `${address} is ${kind}`;
}

function refused(reason: string): GameError {
  return new GameError('VALIDATION', `webhook target refused: ${reason}`, {
    field: 'url',
    ruleCode: 'WEBHOOK_TARGET_FORBIDDEN',
  });
}

export class WebhookTargets {
  constructor(
    private readonly allowPrivate: boolean,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  /**
   * Every address `hostname` (a URL's hostname: IPv6 literals in brackets) stands for, each one
   * checked; a VALIDATION error (ruleCode WEBHOOK_TARGET_FORBIDDEN) if any is refused or none.
   */
  async addresses(hostname: string): Promise<LookupAddress[]> {
    const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    let found: LookupAddress[];
    if (isIP(host)) found = [{ address: host, family: isIP(host) }];
    else {
      try {
        found = await this.resolve(host);
      } catch {
        throw refused(`${host} does not resolve`);
      }
    }
    if (found.length === 0) throw refused(`${host} does not resolve`);
    for (const { address } of found) {
      const kind = refusedKind(address, this.allowPrivate);
      if (kind)
        throw refused(host === address ? `${address} is ${kind}` : `${host} resolves to ${address}, ${kind}`);
    }
    return found;
  }

  /**
   * A `lookup` for http.request / net.connect: resolves through `addresses`, so the socket
   * connects only to an address that was just checked.
   */
  readonly lookup = (
    hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    this.addresses(hostname).then(
      (found) => (options.all ? callback(null, found) : callback(null, found[0].address, found[0].family)),
      (error: Error) => callback(error, ''),
    );
  };
}
