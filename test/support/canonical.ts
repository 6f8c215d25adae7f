/** SHA-256 of a JSON value with object keys sorted: jsonb does not keep key order. */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/play/command-hash';

export { canonicalJson };

export function stateHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
