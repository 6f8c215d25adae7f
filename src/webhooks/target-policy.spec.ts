import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postWebhook } from './http-post';
import { refusedAddress, type Resolver, WebhookTargets } from './target-policy';

/** Every form the issue lists, and the ways of spelling them a URL parser accepts. */
const FORBIDDEN_HOSTS = [
  '127.0.0.1',
  '127.1.2.3',
  '0x7f000001', // 127.0.0.1, hexadecimal
  '2130706433', // 127.0.0.1, decimal
  '0177.0.0.1', // 127.0.0.1, octal
  'localhost',
  '[::1]',
  '0.0.0.0',
  '0',
  '[::]',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1', // CGNAT
  '169.254.169.254', // link-local: cloud metadata
  '[fe80::1]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '224.0.0.1', // multicast
  '[ff02::1]',
  '255.255.255.255',
  '240.0.0.1',
  '[::ffff:127.0.0.1]', // IPv4-mapped loopback
  '[::ffff:10.0.0.1]',
  '[::ffff:169.254.169.254]',
  '[64:ff9b::7f00:1]', // NAT64 of 127.0.0.1
  '[2002:7f00:1::]', // 6to4 of 127.0.0.1
];

describe('webhook target policy', () => {
  it('refuses every loopback, private, link-local, unique-local, multicast and unspecified form', async () => {
    const targets = new WebhookTargets(false);
    for (const host of FORBIDDEN_HOSTS) {
      const url = new URL(`http://${host}:5432/`);
      await expect(targets.addresses(url.hostname)).rejects.toMatchObject({
        code: 'VALIDATION',
        details: { field: 'url', ruleCode: 'WEBHOOK_TARGET_FORBIDDEN' },
      });
    }
  });

  it('allows public unicast addresses, and private ones only when the operator allows them', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(refusedAddress(address, false)).toBeNull();
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('192.168.1.1', true)).toBeNull();
    // Never a destination, whatever the setting.
    for (const address of ['0.0.0.0', '::', '224.0.0.1', 'ff02::1', '255.255.255.255'])
      expect(refusedAddress(address, true)).not.toBeNull();
  });

  it('refuses a host name when any of its addresses is refused, or when it does not resolve', async () => {
    const resolve: Resolver = async (host) => {
      if (host === 'mixed.test')
        return [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.1', family: 4 },
        ];
      throw new Error('ENOTFOUND');
    };
    const targets = new WebhookTargets(false, resolve);
    await expect(targets.addresses('mixed.test')).rejects.toThrow(/mixed.test resolves to 10.0.0.1/);
    await expect(targets.addresses('nowhere.test')).rejects.toThrow(/does not resolve/);
  });

  describe('sending', () => {
    let server: Server;
    let port: number;
    const hits: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        hits.push(req.url ?? '');
        req.resume();
        req.on('end', () => res.writeHead(204).end());
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('connects to the address the policy resolved and checked', async () => {
      // No real DNS knows receiver.test: reaching the receiver proves the checked lookup is used.
      const targets = new WebhookTargets(true, async () => [{ address: '127.0.0.1', family: 4 }]);
      const status = await postWebhook(new URL(`http://receiver.test:${port}/ok`), {}, '{}', targets, 5000);
      expect(status).toBe(204);
      expect(hits).toContain('/ok');
    });

    it('does not connect when the name resolves to a refused address at send time', async () => {
      const targets = new WebhookTargets(false, async () => [{ address: '127.0.0.1', family: 4 }]);
      await expect(
        postWebhook(new URL(`http://receiver.test:${port}/rebound`), {}, '{}', targets, 5000),
      ).rejects.toThrow(/refused/);
      await expect(
        postWebhook(new URL(`http://127.0.0.1:${port}/literal`), {}, '{}', targets, 5000),
      ).rejects.toThrow(/refused/);
      expect(hits).not.toContain('/rebound');
      expect(hits).not.toContain('/literal');
    });
  });
});
