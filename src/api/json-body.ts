/**
 * JSON request bodies: Express's own json parser (what `app.useBodyParser('json', ...)` mounts),
 * which also parses a body the command fast path (graphql/command-fast-path.ts) has already read
 * from the socket and handed back to the usual path. A body it parsed arrives as `req.body` (the
 * parser leaves a read request alone); one it could not parse (malformed JSON, a byte-order mark,
 * a JSON scalar) is fed to the same parser from the bytes read, so its answer is the same as if
 * nothing had read the request before.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { json, type NextFunction, type Request, type Response } from 'express';

const readBodies = new WeakMap<IncomingMessage, Buffer>();

/** The fast path read `req`'s body (`raw`) and hands the request back unparsed. */
export function markBodyRead(req: IncomingMessage, raw: Buffer): void {
  readBodies.set(req, raw);
}

export function jsonBody(limit: string): (req: Request, res: Response, next: NextFunction) => void {
  const parser = json({ limit });
  return (req, res, next) => {
    const raw = readBodies.get(req);
    if (raw === undefined || req.body !== undefined) {
      parser(req, res, next);
      return;
    }
    // The same bytes, headers and checks (the request stream itself is spent); `complete` and
    // `socket` tell on-finished that this stream is still to be read.
    const replay = Object.assign(Readable.from([raw], { objectMode: false }), {
      headers: req.headers,
      complete: false,
      upgrade: false,
      socket: { readable: true },
    }) as unknown as Request;
    parser(replay, res, (error?: unknown) => {
      req.body = (replay as { body?: unknown }).body;
      next(error);
    });
  };
}
