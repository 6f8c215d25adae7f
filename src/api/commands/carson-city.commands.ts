/**
 * The command table of Carson City (see src/games/carson-city/commands.ts for the rules each
 * answers, and Game.legalCommands for what is legal now). Strings that name an action square,
 * building type or personality option are checked by the engine, which answers VALIDATION with
 * ruleCode INVALID_COMMAND when they are unknown.
 */
import {
  BOOL,
  INT,
  STR,
  command,
  field,
  intRange,
  list,
  oneOf,
  optional,
  type CommandField,
  type CommandTable,
  type FieldType,
} from './table';

const parcelType: FieldType = {
  kind: 'object',
  name: 'ParcelInput',
  description: 'A parcel of the 8x8 city: column c and row r, 1-8.',
  fields: {
    c: field(intRange(1, 8), 'Column 1-8.'),
    r: field(intRange(1, 8), 'Row 1-8.'),
  },
};
const stableNo = intRange(1, 5);

const edgeType: FieldType = {
  kind: 'object',
  name: 'EdgeInput',
  description: 'A road edge on the 9x9 grid of parcel corners.',
  fields: {
    dir: field(
      {
        kind: 'string',
        values: ['H', 'V'],
        enumName: 'EdgeDirection',
        enumDescription: 'H: horizontal road edge, V: vertical.',
      },
      'H: horizontal, V: vertical.',
    ),
    x: field(INT, 'Corner column 0-8 where the edge starts.'),
    y: field(INT, 'Corner row 0-8 where the edge starts.'),
  },
};

const targetType: FieldType = {
  kind: 'object',
  name: 'CowboyTargetInput',
  description:
    'Where a cowboy goes: an action square, an unowned parcel, a building, (Outlaws module) the parcel or building of an outlaw to fight it, or (Horses module) one of your stables.',
  fields: {
    kind: field(
      {
        kind: 'string',
        values: ['ACTION', 'PARCEL', 'BUILDING', 'STABLE'],
        enumName: 'CowboyTargetKind',
        enumDescription:
          'What a cowboy targets: an action square, a parcel, a building or (Horses) a stable.',
      },
      'What the cowboy targets; the other fields say which one.',
    ),
    action: optional(STR, 'For ACTION: the square, e.g. WAGES, BUILD_3, BUY_VP_2.'),
    parcel: optional(parcelType, 'For PARCEL and BUILDING.'),
    stable: optional(stableNo, 'For STABLE (Horses module): stable 1-5.'),
  },
};

/** The engine's placement target: only the field its kind reads (the engine validates it). */
function cowboyTarget(value: unknown): unknown {
  const t = value as { kind: string; action?: string; parcel?: unknown; stable?: number };
  if (t.kind === 'ACTION') return { kind: 'ACTION', action: t.action };
  if (t.kind === 'STABLE') return { kind: 'STABLE', stable: t.stable };
  return { kind: t.kind, parcel: t.parcel };
}

const target = (description: string): CommandField =>
  field(targetType, description, { toCommand: cowboyTarget });
const parcel = (description: string) => field(parcelType, description);
const white = optional(BOOL, "The Sheriff's white cowboy.");
const carryingDynamite = optional(BOOL, 'The cowboy carrying dynamite.');
const sheetInt = (description: string) => optional(INT, description);
const sheetPower = (description: string) => optional(BOOL, `${description} ($10).`);

export const CARSON_CITY_COMMANDS: CommandTable = {
  game: 'carson-city',
  commands: [
    command(
      'CHOOSE_STARTING_PARCEL',
      'Carson City setup draft: put your property tile on an unowned parcel.',
      {
        parcel: parcel('The unowned parcel.'),
      },
    ),
    command('PICK_CHARACTER', 'Carson City phase 1: take a personality (0-19); side only for tile 14.', {
      personality: field(INT, 'The personality tile, 0-19.'),
      side: optional(oneOf(['YELLOW', 'RED']), 'YELLOW or RED'),
    }),
    command('PLACE_COWBOY', 'Carson City phase 2: place a cowboy (attack/defence follows the owner).', {
      target: target('Where the cowboy goes.'),
      white,
      noDuel: optional(BOOL, "Attach a Singer's no-duel marker."),
      dynamite: optional(BOOL, 'Attach a dynamite marker.'),
      extra: optional(BOOL, "The red Singer's extra cowboy (Gambling)."),
    }),
    command('PASS', 'Carson City phase 2: pass (first free space of the pass track).'),
    command(
      'RELOCATE_COWBOY',
      'Carson City, Kit Carson phase 2: move one of your placed cowboys (white/dynamite pick which) to another location.',
      {
        from: target('Where the cowboy stands now.'),
        to: target('Where it goes (checked like a new placement).'),
        white,
        dynamite: carryingDynamite,
      },
    ),
    command(
      'WITHDRAW_COWBOY',
      'Carson City, Kit Carson phase 2: take one of your placed cowboys back (white/dynamite pick which).',
      { from: target('Where the cowboy stands now.'), white, dynamite: carryingDynamite },
    ),
    command(
      'LOCK',
      'Carson City, Kit Carson phase 2: lock (done placing; next free space of the pass track).',
    ),
    command('PLACE_ROAD', 'Carson City, at any of your prompts: a road from your reserve.', {
      edge: field(edgeType, 'The edge the road goes on.'),
    }),
    command('CHOOSE_DUEL_ORDER', 'Carson City: resolve the duel at this parcel or building next.', {
      parcel: parcel('The parcel (or building) of the duel.'),
    }),
    command('BUY_PARCEL', 'Carson City: buy the parcel won in step 5.'),
    command('BUY_BUILDING', 'Carson City: buy the building of the square you won.'),
    command('DECLINE_ACTION', 'Carson City: decline the offered purchase, choice or bid.'),
    command('BUILD_PENDING', 'Carson City: build one of your pending buildings on your parcel.', {
      building: field(STR, 'Building type, e.g. RANCH, MINE, SALOON.'),
      parcel: parcel('Your empty parcel to build on.'),
    }),
    command('KEEP_PENDING', 'Carson City: keep the remaining buildings pending.'),
    command('PLACE_HOUSE', "Carson City: add a building's House (or flip a House to a Town House).", {
      parcel: parcel('The parcel of the House.'),
      townHouse: field(BOOL, 'Flip the House there into a Town House.', { defaultValue: false }),
    }),
    command('CANCEL_BUILD', 'Carson City: give up this construction (the building stays pending).'),
    command('ANSWER_CONSENT', "Carson City: allow or refuse another player's House on your parcel.", {
      accept: field(BOOL, 'Allow (true) or refuse (false).'),
    }),
    command('BUY_VP', "Carson City: buy VP at the square's price each.", {
      count: field(INT, 'How many VP to buy.'),
    }),
    command('SPEND_CASH', 'Carson City: spend cash over your limit (1 VP per $10).', {
      amount: field(INT, 'Dollars to spend (at least the excess over the limit).'),
    }),
    command('PLACE_TOWN_HALL', 'Carson City: put the Town Hall on this parcel.', {
      parcel: parcel('The parcel of the Town Hall.'),
    }),
    command(
      'CHOOSE_OPTION',
      "Carson City: answer a menu with one of its options (a personality's; Outlaws module: OUTLAW_<id> for the next outlaw to move, VP or ATTACK after defeating an outlaw).",
      { option: field(STR, 'One of the options the prompt lists.') },
    ),
    command('CHOOSE_PARCEL', 'Carson City: choose one of the parcels offered (Settler, Lawyer, ...).', {
      parcel: parcel('One of the parcels the prompt lists.'),
    }),
    command('TAKE_BUILDING', 'Carson City (red Chinese Worker): take the building of square 0-6.', {
      square: field(INT, 'The building square, 0-6 ($3-$12).'),
    }),
    command('BID', "Carson City (Auctioneer's auction): bid this many dollars.", {
      amount: field(INT, 'Dollars: more than the current bid, at most your money.'),
    }),
    command('MOVE_COWBOY', 'Carson City (Doctor): move the defeated cowboy to this action square.', {
      action: field(STR, 'The action square, e.g. WAGES.'),
    }),
    command(
      'STABLE_HORSE',
      'Carson City, Horses module: put a horse from your supply into stable 1-5 (after a placement).',
      { stable: field(stableNo, 'The stable, 1-5.') },
    ),
    command('BUY_HORSE', 'Carson City, Horses module (Wages): pay $4 for a horse straight into stable 1-5.', {
      stable: field(stableNo, 'The stable, 1-5.'),
    }),
    command(
      'MOVE_PLACED_COWBOY',
      'Carson City, Horses module (stable 2): move one of your plain placed cowboys to `to`, or back to your reserve without `to`.',
      {
        from: target('Where the cowboy stands now.'),
        to: optional(targetType, 'Where it goes; left out: back to your reserve.', {
          toCommand: cowboyTarget,
        }),
      },
    ),
    command(
      'CHOOSE_DUEL_TILE',
      'Carson City, Might is Right module: the sealed duel tile(s) to play (values 0-5, ascending; two with dynamite).',
      { tiles: field(list(INT), 'Tile values 0-5, ascending.') },
    ),
    command(
      'FILL_SHEET',
      'Carson City, A New Beginning module: hand in your secret sheet (rows 0-4; vp -10/-5/0/5/10; powers; first-player bid). Omitted fields count as 0/false.',
      {
        cowboys: sheetInt('Extra cowboys, 0-4 ($5/$11/$18/$26).'),
        revolvers: sheetInt('Revolvers, 0-4 ($6/$13/$21/$30).'),
        roads: sheetInt('Roads, 0-4 ($4/$6/$8/$10).'),
        parcels: sheetInt('Parcels, 0-4 ($7/$14/$21/$28).'),
        vp: optional(
          { kind: 'int', values: [-10, -5, 0, 5, 10] },
          'VP: -10 (+$20), -5 (+$10), 0, 5 ($10) or 10 ($20).',
        ),
        influential: sheetPower('Influential connections'),
        greatService: sheetPower('Great service done'),
        marksman: sheetPower('Marksman'),
        bid: sheetInt('First-player bid in dollars (0 = none).'),
      },
    ),
    command(
      'CHOOSE_DUEL_DIE',
      'Carson City, A New Beginning (Marksman): the die (dice, with dynamite) to keep of those rolled.',
      { dice: field(list(INT), 'The value(s) to keep, ascending: one of the prompt options.') },
    ),
  ],
};
