/** Creation options (RULES.md §1 and D29): the first-game layout or random tiles, and Simmental. */
import { CommonViolations, violation, type RuleViolation } from '../engine';
import type { GwtOptionsState } from './state';

export type GwtOptions = GwtOptionsState;

/** The rulebook's first-game layout (neutral tiles on their letters, every player building on side a). */
export const DEFAULT_OPTIONS: GwtOptions = {
  neutralBuildings: 'FIXED',
  playerBuildings: 'A_SIDES',
  simmental: false,
};

export function parseOptions(raw: unknown, seatCount: number): GwtOptions | RuleViolation {
  const bad = (message: string) => violation(CommonViolations.INVALID_OPTIONS, message);
  if (!Number.isInteger(seatCount) || seatCount < 2 || seatCount > 4)
    return bad('Great Western Trail is for 2 to 4 players.');
  if (raw === undefined || raw === null) return { ...DEFAULT_OPTIONS };
  if (typeof raw !== 'object' || Array.isArray(raw)) return bad('options must be an object');
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o))
    if (!['neutralBuildings', 'playerBuildings', 'simmental'].includes(key))
      return bad(`unknown option ${key}`);
  const neutralBuildings = o.neutralBuildings ?? DEFAULT_OPTIONS.neutralBuildings;
  const playerBuildings = o.playerBuildings ?? DEFAULT_OPTIONS.playerBuildings;
  const simmental = o.simmental ?? DEFAULT_OPTIONS.simmental;
  if (neutralBuildings !== 'FIXED' && neutralBuildings !== 'RANDOM')
    return bad('neutralBuildings: FIXED or RANDOM');
  if (playerBuildings !== 'A_SIDES' && playerBuildings !== 'RANDOM')
    return bad('playerBuildings: A_SIDES or RANDOM');
  if (typeof simmental !== 'boolean') return bad('simmental: boolean');
  return { neutralBuildings, playerBuildings, simmental };
}
