/**
 * Strict-Transport-Security only on responses to HTTPS requests: on plain HTTP the header means
 * nothing to a browser and misstates the deployment. `req.secure` is true for a TLS socket, or,
 * behind a trusted proxy (TRUST_PROXY), when X-Forwarded-Proto says https.
 */
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

export function hstsOverHttps(): (req: Request, res: Response, next: NextFunction) => void {
  const hsts = helmet.strictTransportSecurity();
  return (req, res, next) => (req.secure ? hsts(req, res, next) : next());
}
