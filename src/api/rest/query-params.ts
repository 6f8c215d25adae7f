/** Query-string parsing shared by the REST controllers. */
import { GameError } from '../../play/errors';

/** An optional integer query parameter within [min, max]; VALIDATION names the field otherwise. */
export function intQuery(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new GameError('VALIDATION', `${name} must be an integer ${min}-${max}`, { field: name });
  }
  return n;
}
