/**
 * One webhook POST over node:http(s), connecting only where `targets` allows: an IP literal is
 * checked before the request, a host name is resolved and checked by the socket's own `lookup`
 * (so the address checked is the address connected to). Redirects are not followed; the answer's
 * body is drained and dropped.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { WebhookTargets } from './target-policy';

export async function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  targets: WebhookTargets,
  timeoutMs: number,
): Promise<number> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host)) await targets.addresses(url.hostname);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: targets.lookup as never,
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', (error: Error) =>
      reject(error.name === 'AbortError' ? new Error(`no answer within ${timeoutMs} ms`) : error),
    );
    req.end(body);
  });
}
