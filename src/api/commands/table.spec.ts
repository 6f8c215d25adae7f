/** The command tables: engine commands from GraphQL arguments, and the check against the engine. */
import { CARSON_COMMAND_TYPES } from '../../games/carson-city/commands';
import { CARSON_CITY_COMMANDS } from './carson-city.commands';
import { COLOMA_COMMANDS } from './coloma.commands';
import { GREAT_WESTERN_TRAIL_COMMANDS } from './great-western-trail.commands';
import { checkTable, COMMAND_TABLES } from './index';
import { commandFromArgs, mutationNameOf, routePathOf, type CommandTable } from './table';

const spec = (table: CommandTable, type: string) => table.commands.find((c) => c.type === type)!;

describe('command tables', () => {
  it('names mutations and routes after the engine command type', () => {
    expect(mutationNameOf('MOVE_PLACED_COWBOY')).toBe('movePlacedCowboy');
    expect(routePathOf('MOVE_PLACED_COWBOY')).toBe('move-placed-cowboy');
  });

  it('describes every command and field', () => {
    for (const table of COMMAND_TABLES)
      for (const c of table.commands) {
        expect([c.type, c.description]).toEqual([c.type, expect.stringMatching(/\S/)]);
        for (const [name, f] of Object.entries(c.fields))
          expect([c.type, name, f.description]).toEqual([c.type, name, expect.stringMatching(/\S/)]);
      }
  });

  it('drops arguments left out or null, sends nullable ones as null, and keeps nested objects clean', () => {
    const takeObjective = spec(GREAT_WESTERN_TRAIL_COMMANDS, 'TAKE_OBJECTIVE');
    expect(commandFromArgs(takeObjective, {})).toEqual({ type: 'TAKE_OBJECTIVE', card: null });
    const ability = spec(COLOMA_COMMANDS, 'ABILITY');
    expect(commandFromArgs(ability, { card: 'SALOON', index: 1, gold: null, to: undefined })).toEqual({
      type: 'ABILITY',
      card: 'SALOON',
      index: 1,
      discard: null,
      event: null,
      land: null,
      from: null,
    });
    const place = spec(CARSON_CITY_COMMANDS, 'PLACE_COWBOY');
    expect(
      commandFromArgs(place, {
        target: { kind: 'ACTION', action: 'WAGES', parcel: null, stable: null },
        white: null,
        dynamite: true,
      }),
    ).toEqual({ type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'WAGES' }, dynamite: true });
    // A target carries only what its kind reads, as the engine wants it.
    expect(
      commandFromArgs(place, { target: { kind: 'BUILDING', action: 'WAGES', parcel: { c: 2, r: 3 } } }),
    ).toEqual({ type: 'PLACE_COWBOY', target: { kind: 'BUILDING', parcel: { c: 2, r: 3 } } });
  });

  it('fails when a table and its engine disagree', () => {
    expect(() => checkTable(CARSON_CITY_COMMANDS, CARSON_COMMAND_TYPES)).not.toThrow();
    expect(() => checkTable(CARSON_CITY_COMMANDS, [...CARSON_COMMAND_TYPES, 'NEW_COMMAND'])).toThrow(
      /missing NEW_COMMAND/,
    );
    const short = { ...CARSON_CITY_COMMANDS, commands: CARSON_CITY_COMMANDS.commands.slice(1) };
    expect(() => checkTable(short, CARSON_COMMAND_TYPES)).toThrow(/missing CHOOSE_STARTING_PARCEL/);
  });
});
