/**
 * Every game's command table (see table.ts). Each is checked against the command types the game
 * itself lists, so that a command added to an engine without a table row fails at start-up (and
 * in test/api/api-docs.spec.ts) instead of going missing from the APIs.
 */
import { BANG_COMMAND_TYPES } from '../../games/bang-dice/commands';
import { CARSON_COMMAND_TYPES } from '../../games/carson-city/commands';
import { COLOMA_COMMAND_TYPES } from '../../games/coloma/commands';
import { GWT_COMMAND_TYPES } from '../../games/great-western-trail/index';
import { BANG_DICE_COMMANDS } from './bang-dice.commands';
import { CARSON_CITY_COMMANDS } from './carson-city.commands';
import { COLOMA_COMMANDS } from './coloma.commands';
import { GREAT_WESTERN_TRAIL_COMMANDS } from './great-western-trail.commands';
import type { CommandTable } from './table';

/** Each table with the command types its engine declares. */
const TABLES: readonly [CommandTable, readonly string[]][] = [
  [BANG_DICE_COMMANDS, BANG_COMMAND_TYPES],
  [CARSON_CITY_COMMANDS, CARSON_COMMAND_TYPES],
  [GREAT_WESTERN_TRAIL_COMMANDS, GWT_COMMAND_TYPES],
  [COLOMA_COMMANDS, COLOMA_COMMAND_TYPES],
];

/** The table's command types must be exactly the engine's. */
export function checkTable(table: CommandTable, engineTypes: readonly string[]): void {
  const listed = table.commands.map((c) => c.type);
  const missing = engineTypes.filter((t) => !listed.includes(t));
  const unknown = listed.filter((t) => !engineTypes.includes(t));
  const repeated = listed.filter((t, i) => listed.indexOf(t) !== i);
  if (missing.length + unknown.length + repeated.length > 0) {
    throw new Error(
      `the ${table.game} command table is out of step with the engine: missing ${missing.join(', ') || '-'}; unknown ${unknown.join(', ') || '-'}; repeated ${repeated.join(', ') || '-'}`,
    );
  }
}

for (const [table, types] of TABLES) checkTable(table, types);

export const COMMAND_TABLES: readonly CommandTable[] = TABLES.map(([table]) => table);
